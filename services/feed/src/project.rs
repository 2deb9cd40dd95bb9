//! The projector's NATS side: the `FEED` stream, reading `MATCHES` in order, and publishing
//! each projected commit once, in order, when its delay has passed.
//!
//! Reading (`read.rs`): every stream of the log from its first commit, through the log's one
//! follower (`eventlog::follow`; the chain check of a match needs all its commits, and the log
//! is the only state), each stream with its own checks (a match's commits are all in one
//! stream). On a restart
//! everything is checked again, but each subject's last message in `FEED` (its
//! `Arbiter-Version` header, by direct get) says what is already published: older versions are
//! skipped, so the feed resumes where it stopped, with no gap and no duplicate. The messages
//! the consumer has ready are checked together: every commit's hash link, and one signature per
//! match (its last commit in the batch), before any of them is projected or published.
//!
//! Publishing: a single task takes each projected commit when it is due (`written_at_ms` + the
//! match's delay, then log order) onto its match's lane. A lane sends one message at a time
//! and the next only once the previous is stored, so each match's messages keep their order;
//! different matches' messages are in flight together (at most [`IN_FLIGHT`]), which lets them
//! share NATS writes and acks instead of one round trip each. Every publish names its version
//! (`Nats-Msg-Id` `<match>/<version>`, `<match>/result`) and expects the subject's last
//! sequence it knows of, so a retried or concurrent publish can never store a version twice.
//!
//! Memory: the reader's [`Projection`] holds live matches only (see `view`); the publisher
//! remembers the last message of each subject it publishes to until the match's last commit
//! (the reveal) is published, then forgets both of its subjects. A message that comes again
//! for a forgotten subject (a replay the projection no longer knows) finds the subject's last
//! message by direct get, as after a restart, and is skipped: nothing is stored twice.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use bytes::Bytes;
use eventlog::{Connection, FeedPublishError, FeedStream};
use futures::{stream::FuturesUnordered, StreamExt};
use tokio::sync::mpsc;

use crate::view::{Projected, Projection, VERSION_HEADER};
use crate::FeedError;

mod read;
use read::{read_log, Job};

/// Projected commits waiting between the reader and the publisher.
const QUEUE: usize = 1024;
/// Most feed messages waiting for their acks at once. Each match has at most one (its messages
/// stay in order); many matches' messages then share the writes to NATS and its acks.
const IN_FLIGHT: usize = 256;
/// Pause before reading or publishing again after NATS failed (doubled up to the maximum).
const RETRY_FIRST: Duration = Duration::from_millis(200);
const RETRY_MAX: Duration = Duration::from_secs(5);

/// How the projector retries: it runs in the background and must come back by itself, so it
/// never gives up (doubling waits from [`RETRY_FIRST`] to [`RETRY_MAX`]).
fn retry_policy() -> infra::retry::Policy {
    infra::retry::forever(RETRY_FIRST, RETRY_MAX)
}
/// Largest feed message: a commit's public view is far smaller.
const MAX_MESSAGE_BYTES: usize = eventlog::feed::MAX_FEED_MESSAGE_BYTES;

/// The projector: connected, with `FEED` in place.
pub struct Projector {
    /// The log, as its follower (`JetStreamLog::connect_follower`): how the log is read.
    log: std::sync::Arc<eventlog::JetStreamLog>,
    /// The connection under `feed`, for the wait notices (core NATS).
    connection: Connection,
    feed: FeedStream,
    pinned_key: Option<Vec<u8>>,
}

/// A connection to `url` (comma-separated for a cluster) as `auth`.
async fn connect(url: &str, auth: &eventlog::NatsAuth) -> Result<Connection, FeedError> {
    Connection::connect(url, auth, "arbiter-feed").await.map_err(|e| {
        let hint = match e {
            eventlog::LogError::Refused(_) => {
                " (the server refused these credentials: pass --nats-user projector and its \
                     --nats-password-file, and make sure the server has the projector user, \
                     deploy/nats-single.conf)"
            }
            _ => "",
        };
        FeedError::Nats(format!("cannot connect: {e}{hint}"))
    })
}

/// Make the `FEED` stream at `url` as the projector makes it, or find it, with `auth` (a
/// credential that may create it): `arbiter restore` puts a backed-up feed back into it.
pub async fn ensure_feed_stream(url: &str, auth: &eventlog::NatsAuth, replicas: usize) -> Result<(), FeedError> {
    FeedStream::create(&connect(url, auth).await?, replicas).await.map_err(nats("FEED"))?;
    Ok(())
}

fn nats<E: std::fmt::Display>(what: &str) -> impl FnOnce(E) -> FeedError + '_ {
    move |e| FeedError::Nats(format!("{what}: {e}"))
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)).unwrap_or(0)
}

impl Projector {
    /// Connect as `auth` (the `projector` user) and create `FEED` if it does not exist (an
    /// existing one is used as it is).
    pub async fn connect(url: &str, auth: &eventlog::NatsAuth, replicas: usize, pinned_key: Option<Vec<u8>>) -> Result<Projector, FeedError> {
        let connection = connect(url, auth).await?;
        let feed = {
            use infra::retry::Retryable;
            (|| FeedStream::create(&connection, replicas))
                .retry(retry_policy())
                .notify(|e, _| tracing::warn!(%e, "cannot create or find the FEED stream yet; retrying"))
                .await
                .map_err(nats("FEED"))?
        };
        let log =
            eventlog::JetStreamLog::connect_follower(url, auth, "arbiter-feed-reader").await.map_err(|e| FeedError::Nats(format!("the match log: {e}")))?;
        Ok(Projector { log: std::sync::Arc::new(log), connection, feed, pinned_key })
    }

    /// Read, project and publish until the connection is dropped for good.
    pub async fn run(self) -> Result<(), FeedError> {
        let (tx, rx) = mpsc::channel(QUEUE);
        let reader = tokio::spawn(read_log(self.log.clone(), self.pinned_key.clone(), tx));
        // Wait notices go straight through, beside the commits (`waits`).
        let notices = tokio::spawn(crate::waits::relay(self.connection.clone(), self.feed.clone()));
        let mut publisher = Publisher::new(self.feed);
        publisher.run(rx).await;
        notices.abort();
        reader.await.map_err(|e| FeedError::Nats(format!("the log reader stopped: {e}")))
    }
}

/// `body` if it fits in a feed message; else the update with its events replaced by one
/// `feed.too_large` event, so that the version is still published (no gap) and the feed never
/// stalls on a message the server would refuse.
fn fit(update: &crate::view::FeedUpdate, body: Vec<u8>) -> Result<Vec<u8>, serde_json::Error> {
    // Headroom for the headers.
    if body.len() + 4096 <= MAX_MESSAGE_BYTES {
        return Ok(body);
    }
    tracing::warn!(match_id = %update.match_id, version = update.version, bytes = body.len(), "a feed update is too large; publishing a placeholder");
    let mut small = update.clone();
    small.events = vec![crate::view::FeedEvent {
        kind: "feed.too_large".into(),
        text: "This commit's public events are too large for the feed; read them with WatchMatch".into(),
        detail: serde_json::Value::Null,
    }];
    serde_json::to_vec(&small)
}

/// What is known of a feed subject: its last version and that message's stream sequence.
#[derive(Clone, Copy, Debug, Default)]
struct Last {
    version: u64,
    sequence: u64,
}

/// One message for the feed: a commit's view or a match's result.
#[derive(Clone, Debug)]
struct Message {
    subject: String,
    msg_id: String,
    version: u64,
    body: Bytes,
}

/// A match's work for the publisher, in order.
#[derive(Debug)]
enum Step {
    Publish(Message),
    /// The match's last message is stored: forget its subjects.
    Forget(Vec<String>),
}

/// How one publish attempt ended.
enum Outcome {
    /// Stored now, or found stored already (before a restart, or by another projector).
    Stored(Last),
    Failed(FeedError),
}

/// A match's queue of steps; its head message is in flight while `busy`.
#[derive(Debug, Default)]
struct Lane {
    steps: VecDeque<Step>,
    busy: bool,
    /// The pause before the next attempt after a failure.
    delay: Option<Duration>,
    /// The waits after failures in a row ([`retry_policy`]); `None` after a success.
    waits: Option<infra::retry::Backoff>,
}

/// An attempt in flight, resolving to its match and how it ended.
type Attempt = Pin<Box<dyn Future<Output = (String, Outcome)> + Send>>;

struct Publisher {
    feed: FeedStream,
    /// The last message of every subject published or looked up.
    last: HashMap<String, Last>,
    /// Matches with messages due and not yet stored.
    lanes: HashMap<String, Lane>,
    /// One attempt per busy lane, at most `limit`.
    in_flight: FuturesUnordered<Attempt>,
    /// Lanes with a message to send once fewer than `limit` are in flight, in the order they
    /// became ready.
    waiting: VecDeque<String>,
    /// [`IN_FLIGHT`]; lower in tests.
    limit: usize,
}

impl Publisher {
    fn new(feed: FeedStream) -> Publisher {
        Publisher { feed, last: HashMap::new(), lanes: HashMap::new(), in_flight: FuturesUnordered::new(), waiting: VecDeque::new(), limit: IN_FLIGHT }
    }

    async fn run(&mut self, mut rx: mpsc::Receiver<Job>) {
        let mut due: BinaryHeap<Reverse<(i64, (u64, usize))>> = BinaryHeap::new();
        let mut jobs: HashMap<(u64, usize), Projected> = HashMap::new();
        loop {
            let now = now_ms();
            while let Some(Reverse((at, position))) = due.peek().copied() {
                if at > now {
                    break;
                }
                due.pop();
                if let Some(p) = jobs.remove(&position) {
                    self.enqueue(p);
                }
            }
            let wait = due
                .peek()
                .map(|Reverse((at, _))| Duration::from_millis(u64::try_from(at.saturating_sub(now)).unwrap_or(0)))
                .unwrap_or(Duration::from_secs(3600));
            tokio::select! {
                job = rx.recv() => match job {
                    Some(job) => {
                        due.push(Reverse((job.projected.due_ms, job.position)));
                        jobs.insert(job.position, job.projected);
                    }
                    // The reader stopped: so does the feed (a restart resumes from FEED).
                    None => return,
                },
                Some((match_id, outcome)) = self.in_flight.next() => self.finished(match_id, outcome),
                _ = tokio::time::sleep(wait) => {}
            }
        }
    }

    /// Publish one commit's view (and its result) until stored, as `run` does: for tests.
    #[cfg(test)]
    async fn publish_projected(&mut self, p: Projected) {
        self.enqueue(p);
        while let Some((match_id, outcome)) = self.in_flight.next().await {
            self.finished(match_id, outcome);
        }
    }

    /// Queue a due commit's messages on its match's lane: the view, then the result if it ended
    /// the match, then (after the match's last commit) forgetting its subjects.
    fn enqueue(&mut self, p: Projected) {
        let mut steps = Vec::with_capacity(3);
        match serde_json::to_vec(&p.update).and_then(|body| fit(&p.update, body)) {
            Ok(body) => steps.push(Step::Publish(Message {
                subject: p.events_subject.clone(),
                msg_id: format!("{}/{}", p.match_id, p.version),
                version: p.version,
                body: Bytes::from(body),
            })),
            Err(e) => tracing::error!(match_id = %p.match_id, version = p.version, %e, "cannot encode a feed update"),
        }
        if let Some((subject, result)) = &p.result {
            match serde_json::to_vec(result) {
                Ok(body) => steps.push(Step::Publish(Message {
                    subject: subject.clone(),
                    msg_id: format!("{}/result", p.match_id),
                    version: p.version,
                    body: Bytes::from(body),
                })),
                Err(e) => tracing::error!(match_id = %p.match_id, %e, "cannot encode a feed result"),
            }
        }
        if !p.forget_subjects.is_empty() {
            steps.push(Step::Forget(p.forget_subjects));
        }
        let lane = self.lanes.entry(p.match_id.clone()).or_default();
        lane.steps.extend(steps);
        if !lane.busy {
            self.advance(p.match_id);
        }
    }

    /// Run the idle lane of `match_id` up to its next message and send it (or let it wait for
    /// room); drop the lane when it has nothing left.
    fn advance(&mut self, match_id: String) {
        let Some(lane) = self.lanes.get_mut(&match_id) else { return };
        while let Some(Step::Forget(_)) = lane.steps.front() {
            if let Some(Step::Forget(subjects)) = lane.steps.pop_front() {
                for subject in subjects {
                    self.last.remove(&subject);
                }
            }
        }
        let Some(Step::Publish(message)) = lane.steps.front() else {
            self.lanes.remove(&match_id);
            return;
        };
        lane.busy = true;
        if self.in_flight.len() >= self.limit {
            self.waiting.push_back(match_id);
            return;
        }
        let message = message.clone();
        let pause = lane.delay;
        let known = self.last.get(&message.subject).copied();
        let feed = self.feed.clone();
        self.in_flight.push(Box::pin(async move {
            if let Some(pause) = pause {
                tokio::time::sleep(pause).await;
            }
            let outcome = match attempt(&feed, known, &message).await {
                Ok(last) => Outcome::Stored(last),
                Err(e) => Outcome::Failed(e),
            };
            (match_id, outcome)
        }));
    }

    /// An attempt ended: on success the lane moves on, on failure it tries the same message
    /// again after a pause (the feed must have no gap). Then a waiting lane may send.
    fn finished(&mut self, match_id: String, outcome: Outcome) {
        if let Some(lane) = self.lanes.get_mut(&match_id) {
            lane.busy = false;
            match outcome {
                Outcome::Stored(last) => {
                    if let Some(Step::Publish(message)) = lane.steps.pop_front() {
                        self.last.insert(message.subject, last);
                    }
                    lane.delay = None;
                    lane.waits = None;
                }
                Outcome::Failed(e) => {
                    if let Some(Step::Publish(message)) = lane.steps.front() {
                        tracing::warn!(subject = %message.subject, version = message.version, %e, "publishing to the feed failed; retrying");
                        self.last.remove(&message.subject);
                    }
                    lane.delay = lane.waits.get_or_insert_with(|| infra::retry::BackoffBuilder::build(retry_policy())).next();
                }
            }
            self.advance(match_id);
        }
        while self.in_flight.len() < self.limit {
            let Some(next) = self.waiting.pop_front() else { break };
            if let Some(lane) = self.lanes.get_mut(&next) {
                lane.busy = false;
            }
            self.advance(next);
        }
    }
}

/// The last message of `subject` in FEED, as the server has it.
async fn lookup(feed: &FeedStream, subject: &str) -> Result<Last, FeedError> {
    let Some(message) = feed.last(subject).await.map_err(|e| FeedError::Nats(format!("last message of {subject}: {e}")))? else {
        return Ok(Last::default());
    };
    let version = message
        .header(VERSION_HEADER)
        .and_then(|v| v.parse::<u64>().ok())
        .ok_or_else(|| FeedError::Nats(format!("the last message of {subject} has no {VERSION_HEADER} header")))?;
    Ok(Last { version, sequence: message.sequence })
}

/// Store `message` unless its version (or a later one) is there already, expecting the
/// subject's last message to be `known` (looked up when not known). Returns the subject's last
/// message after it.
async fn attempt(feed: &FeedStream, known: Option<Last>, message: &Message) -> Result<Last, FeedError> {
    let subject = message.subject.as_str();
    let last = match known {
        Some(l) => l,
        None => lookup(feed, subject).await?,
    };
    if last.version >= message.version {
        // Published before a restart (or by another projector).
        return Ok(last);
    }
    let version = message.version.to_string();
    let headers = [(VERSION_HEADER, version.as_str()), ("Content-Type", "application/json")];
    match feed.publish(subject, &message.msg_id, last.sequence, &headers, message.body.clone()).await {
        Ok(sequence) => Ok(Last { version: message.version, sequence }),
        Err(FeedPublishError::WrongLastSequence(_)) => {
            // Someone else published on this subject: look again.
            let now = lookup(feed, subject).await?;
            if now.version >= message.version {
                Ok(now)
            } else {
                Err(FeedError::Nats(format!("{subject} moved on to version {} meanwhile", now.version)))
            }
        }
        Err(FeedPublishError::Log(e)) => Err(FeedError::Nats(format!("publish to {subject}: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::tests::{late_commit, log, signer};
    use crate::view::{FeedEvent, FeedUpdate};
    use eventlog::Role;
    use eventlog_dev::server::NatsServer;

    /// A real nats-server and the projector connected to it with its own credential.
    async fn projector() -> (NatsServer, Projector) {
        let server = NatsServer::start_temp().await.expect("start nats-server");
        let projector = Projector::connect(&server.url(), &server.auth(Role::Projector), 1, None).await.expect("connect the projector");
        (server, projector)
    }

    /// What `FEED` holds: its message count, and each subject's last version.
    async fn stored(feed: &FeedStream, subjects: &[String]) -> (u64, Vec<u64>) {
        let count = feed.message_count().await.expect("FEED info");
        let mut versions = Vec::new();
        for subject in subjects {
            let message = feed.last(subject).await.expect("FEED").expect("a last message");
            versions.push(message.header(VERSION_HEADER).expect("a version").parse::<u64>().unwrap());
        }
        (count, versions)
    }

    #[tokio::test]
    async fn the_publisher_forgets_an_ended_match_and_never_stores_its_messages_again() {
        let (_server, projector) = projector().await;
        let s = signer();
        let mut projection = Projection::new(None);
        let jobs: Vec<Projected> = log(&s, "m1", "t", 0).iter().map(|c| projection.accept("m1", c).unwrap()).collect();
        let subjects = ["feed.t.m1.events".to_string(), "feed.t.m1.result".to_string()];
        let mut publisher = Publisher::new(projector.feed.clone());
        for job in &jobs[..4] {
            publisher.publish_projected(job.clone()).await;
        }
        // Up to the game-over commit, both subjects are remembered (the reveal is to come).
        assert_eq!(publisher.last.len(), 2, "{:?}", publisher.last);
        publisher.publish_projected(jobs[4].clone()).await;
        assert!(publisher.lanes.is_empty(), "{:?}", publisher.lanes);
        assert!(publisher.last.is_empty(), "the ended match's subjects are still remembered: {:?}", publisher.last);
        // Five updates and one result.
        assert_eq!(stored(&projector.feed, &subjects).await, (6, vec![5, 4]));

        // Everything of the forgotten match comes again (a replay the projection would no
        // longer know): each subject's last message is looked up again, nothing is stored.
        for job in jobs.iter().rev().chain(&jobs) {
            publisher.publish_projected(job.clone()).await;
        }
        assert_eq!(stored(&projector.feed, &subjects).await, (6, vec![5, 4]), "a forgotten match was published again");
        assert!(publisher.last.is_empty(), "{:?}", publisher.last);
    }

    #[tokio::test]
    async fn matches_are_published_side_by_side_each_in_order_with_no_gap() {
        let (_server, projector) = projector().await;
        let s = signer();
        let mut projection = Projection::new(None);
        let matches: Vec<String> = (0..6).map(|i| format!("m{i}")).collect();
        let logs: Vec<Vec<Vec<u8>>> = matches.iter().map(|m| log(&s, m, "t", 0)).collect();
        let mut publisher = Publisher::new(projector.feed.clone());
        // Fewer attempts in flight than matches: lanes wait for room, and still keep order.
        publisher.limit = 2;
        // Interleaved as the log holds concurrent matches: every match's commit 1, then 2, ...
        for version in 0..5 {
            for (m, commits) in matches.iter().zip(&logs) {
                let job = projection.accept(m, &commits[version]).expect("a valid commit");
                publisher.enqueue(job);
                assert!(publisher.in_flight.len() <= 2, "{} attempts in flight", publisher.in_flight.len());
            }
        }
        assert!(!publisher.waiting.is_empty(), "no lane ever waited for room");
        while let Some((match_id, outcome)) = publisher.in_flight.next().await {
            publisher.finished(match_id, outcome);
            assert!(publisher.in_flight.len() <= 2, "{} attempts in flight", publisher.in_flight.len());
        }
        assert!(publisher.lanes.is_empty() && publisher.waiting.is_empty() && publisher.last.is_empty(), "{:?}", publisher.lanes);
        // A version published out of its match's order would have been skipped (its subject
        // already further on): 6 matches × (5 updates + 1 result), each subject at its last.
        let subjects: Vec<String> = matches.iter().flat_map(|m| [format!("feed.t.{m}.events"), format!("feed.t.{m}.result")]).collect();
        assert_eq!(stored(&projector.feed, &subjects).await, (36, [5, 4].repeat(6)));
    }

    #[tokio::test]
    async fn a_replayed_or_late_commit_in_the_log_publishes_nothing_after_the_match_ended() {
        let (server, projector) = projector().await;
        // The log, written as an operator may (no expected sequence): m1 whole, then a late
        // commit and a replay of every commit of m1, then m2 whole.
        let _log = eventlog::JetStreamLog::connect(&server.url(), 1, &server.auth(Role::Orchestrator)).await.expect("create MATCHES");
        // Core publishes on the stream's subjects: stored in order, as an operator's raw writes.
        let admin = eventlog::Connection::connect(&server.url(), &server.auth(Role::Admin), "test-admin").await.expect("admin");
        let s = signer();
        let (m1, m2) = (log(&s, "m1", "t", 0), log(&s, "m2", "t", 0));
        let late = late_commit(&s, &m1);
        let written = m1.iter().chain([&late]).chain(&m1).map(|c| ("m1", c)).chain(m2.iter().map(|c| ("m2", c)));
        for (match_id, commit) in written {
            admin.publish(&format!("match.{match_id}.events"), Bytes::from(commit.clone())).await.expect("append");
        }
        let feed = projector.feed.clone();
        let running = tokio::spawn(projector.run());
        // Both matches' last update and result are stored. Matches are published side by side,
        // so m1's may come after m2's; a replayed or late commit of m1 would have been queued
        // (in log order) behind m1's reveal on m1's lane, so the check below waits a moment
        // after that before counting.
        let last_updates: Vec<(String, &str)> =
            ["m1", "m2"].iter().flat_map(|m| [(format!("feed.t.{m}.events"), "5"), (format!("feed.t.{m}.result"), "4")]).collect();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let mut done = 0;
            for (subject, version) in &last_updates {
                let last = feed.last(subject).await.ok().flatten();
                if last.and_then(|m| m.header(VERSION_HEADER).map(|v| v == *version)) == Some(true) {
                    done += 1;
                }
            }
            if done == last_updates.len() {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "m1 and m2 were not projected within a minute");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        running.abort();
        let subjects: Vec<String> = ["m1", "m2"].iter().flat_map(|m| [format!("feed.t.{m}.events"), format!("feed.t.{m}.result")]).collect();
        // Each match once: five updates and one result, nothing of the replay or the late commit.
        assert_eq!(stored(&feed, &subjects).await, (12, vec![5, 4, 5, 4]));
    }

    #[test]
    fn an_oversized_update_becomes_a_placeholder_of_the_same_version() {
        let big = FeedUpdate {
            match_id: "m1".into(),
            tournament_id: String::new(),
            round: 0,
            table: 0,
            version: 7,
            written_at_ms: 1,
            status: "in_progress".into(),
            events: vec![FeedEvent { kind: "k".into(), text: "x".repeat(MAX_MESSAGE_BYTES), detail: serde_json::Value::Null }],
            pending: None,
            chain_hash: "ab".repeat(32),
        };
        let body = fit(&big, serde_json::to_vec(&big).unwrap()).unwrap();
        let small: FeedUpdate = serde_json::from_slice(&body).unwrap();
        assert_eq!((small.version, small.events[0].kind.as_str()), (7, "feed.too_large"));
        assert_eq!(small.chain_hash, big.chain_hash, "the placeholder still witnesses its commit");
        let ok = FeedUpdate { events: Vec::new(), ..big };
        let body = serde_json::to_vec(&ok).unwrap();
        assert_eq!(fit(&ok, body.clone()).unwrap(), body);
    }
}
