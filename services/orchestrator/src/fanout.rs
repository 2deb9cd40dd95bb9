//! Live updates for `WatchMatch`: one log subscription per watched match in this orchestrator,
//! fanned out in-process to all its watchers.
//!
//! A [`Feed`] follows its match's log from the first commit (one JetStream consumer, deleted
//! when the feed stops), checks every commit against the signed hash chain once, keeps the
//! checked commits in memory and broadcasts each new one. A watcher takes the history it missed
//! from that memory and the rest from the broadcast; a watcher that falls behind the broadcast
//! takes what it missed from the history again, so it never skips or repeats a version and never
//! reads the stream itself. A feed stops when its last watcher goes, or after the match's last
//! commit (the secret's reveal), or at the first commit that fails the chain.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex as StdMutex};

use api::log_v1::{commit_input, Commit};
use futures::StreamExt;
use prost::Message;
use tokio::sync::broadcast;
use tokio::task::JoinHandle;

use crate::error::{OrchestratorError, Result};

/// Broadcast slots per feed: a watcher more than this many commits behind catches up from the
/// feed's history instead.
const BROADCAST_SLOTS: usize = 256;

/// One checked commit of a watched match.
#[derive(Debug)]
pub struct FeedItem {
    pub version: u64,
    pub commit: Commit,
    /// Whether every seat had joined once this commit was applied.
    pub all_joined: bool,
    /// The match's last commit (the secret's reveal).
    pub last: bool,
}

/// What a feed broadcasts: the next checked commit, or why it stopped.
#[derive(Clone, Debug)]
pub enum FeedEvent {
    Commit(Arc<FeedItem>),
    /// The feed stopped on an error (each of its watchers gets it, as its status).
    Failed(OrchestratorError),
}

#[derive(Default)]
struct FeedState {
    history: Vec<Arc<FeedItem>>,
    failed: Option<OrchestratorError>,
}

pub struct Feed {
    match_id: String,
    tx: broadcast::Sender<FeedEvent>,
    state: StdMutex<FeedState>,
    task: StdMutex<Option<JoinHandle<()>>>,
}

/// The feeds of this orchestrator, by match.
pub struct Hub {
    log: Arc<dyn eventlog::EventLog>,
    public_key: fairness::chain::OrchestratorKey,
    /// Each feed with its number of watchers.
    feeds: StdMutex<HashMap<String, (Arc<Feed>, usize)>>,
    max_feeds: usize,
}

impl Hub {
    pub fn new(log: Arc<dyn eventlog::EventLog>, public_key: fairness::chain::OrchestratorKey, max_feeds: usize) -> Arc<Hub> {
        Arc::new(Hub { log, public_key, feeds: StdMutex::new(HashMap::new()), max_feeds })
    }

    /// Number of matches followed now (one log consumer each).
    pub fn feeds(&self) -> usize {
        self.feeds.lock().map(|f| f.len()).unwrap_or(0)
    }

    /// Watch `match_id` from after version `from`: the feed of the match (started if none).
    pub async fn watch(self: &Arc<Self>, match_id: &str, from: u64) -> Result<Watcher> {
        let (feed, started) = {
            let mut feeds = self.feeds.lock().map_err(|_| poisoned())?;
            match feeds.get_mut(match_id) {
                Some((feed, watchers)) => {
                    *watchers += 1;
                    (feed.clone(), false)
                }
                None => {
                    if feeds.len() >= self.max_feeds {
                        return Err(OrchestratorError::Exhausted(format!(
                            "this orchestrator already follows {} watched matches (one log consumer each); \
                             retry later or watch through another orchestrator",
                            self.max_feeds
                        )));
                    }
                    let (tx, _) = broadcast::channel(BROADCAST_SLOTS);
                    let feed = Arc::new(Feed { match_id: match_id.to_string(), tx, state: StdMutex::new(FeedState::default()), task: StdMutex::new(None) });
                    feeds.insert(match_id.to_string(), (feed.clone(), 1));
                    (feed, true)
                }
            }
        };
        let membership = Membership { hub: self.clone(), feed: feed.clone() };
        telemetry::metrics::WATCHERS.add(&[], 1.0);
        if started {
            let commits = match self.log.watch(match_id, 1).await {
                Ok(c) => c,
                Err(e) => {
                    // Watchers that joined meanwhile get the error too; later ones start over.
                    let e = OrchestratorError::from(e);
                    if let Ok(mut state) = feed.state.lock() {
                        state.failed = Some(e.clone());
                        let _ = feed.tx.send(FeedEvent::Failed(e.clone()));
                    }
                    if let Ok(mut feeds) = self.feeds.lock() {
                        if feeds.get(match_id).is_some_and(|(f, _)| Arc::ptr_eq(f, &feed)) {
                            feeds.remove(match_id);
                        }
                    }
                    return Err(e);
                }
            };
            let task = tokio::spawn(follow(feed.clone(), commits, self.public_key.clone()));
            if let Ok(mut slot) = feed.task.lock() {
                *slot = Some(task);
            }
        }
        // Subscribe and copy the history under one lock: the follower appends to the history
        // and broadcasts under the same lock, so nothing falls between the two.
        let (rx, pending, failed) = {
            let state = feed.state.lock().map_err(|_| poisoned())?;
            let rx = feed.tx.subscribe();
            // All of it: what is at or before `from` is skipped, and seeing the match's last
            // commit there ends the watch at once.
            let pending: VecDeque<_> = state.history.iter().cloned().collect();
            (rx, pending, state.failed.clone())
        };
        Ok(Watcher { feed, rx, pending, failed, last: from, done: false, _membership: membership })
    }

    /// A watcher left: stop the feed if it was the last one.
    fn leave(&self, feed: &Arc<Feed>) {
        let Ok(mut feeds) = self.feeds.lock() else { return };
        let stop = match feeds.get_mut(&feed.match_id) {
            Some((f, watchers)) if Arc::ptr_eq(f, feed) => {
                *watchers = watchers.saturating_sub(1);
                *watchers == 0
            }
            _ => false,
        };
        if stop {
            feeds.remove(&feed.match_id);
            // Dropping the log stream deletes its consumer.
            if let Ok(Some(task)) = feed.task.lock().map(|mut t| t.take()) {
                task.abort();
            }
        }
    }
}

/// Follow the log of a feed's match: check each commit, keep it, broadcast it.
async fn follow(
    feed: Arc<Feed>,
    mut commits: futures::stream::BoxStream<'static, std::result::Result<eventlog::StoredCommit, eventlog::LogError>>,
    public_key: fairness::chain::OrchestratorKey,
) {
    let mut last_hash: Option<[u8; 32]> = None;
    let mut joined: Vec<bool> = Vec::new();
    loop {
        let next = commits.next().await;
        let checked = match next {
            None => Err(OrchestratorError::LogUnavailable(format!("the log of match {} ended its stream", feed.match_id))),
            Some(Err(e)) => Err(OrchestratorError::from(e)),
            Some(Ok(stored)) => check(&feed.match_id, &stored, &mut last_hash, &public_key).map(|c| (stored.version, c)),
        };
        let Ok(mut state) = feed.state.lock() else { return };
        match checked {
            Ok((version, commit)) => {
                let input = commit.input.as_ref().and_then(|i| i.input.as_ref());
                match input {
                    Some(commit_input::Input::Created(c)) => {
                        joined = vec![false; c.config.as_ref().map_or(0, |c| c.seats.len())];
                    }
                    Some(commit_input::Input::Joined(j)) => {
                        if let Some(slot) = joined.get_mut(j.seat as usize) {
                            *slot = true;
                        }
                    }
                    _ => {}
                }
                let last = matches!(input, Some(commit_input::Input::Revealed(_)));
                let all_joined = !joined.is_empty() && joined.iter().all(|j| *j);
                let item = Arc::new(FeedItem { version, commit, all_joined, last });
                state.history.push(item.clone());
                // No receiver is not an error: watchers may come later.
                let _ = feed.tx.send(FeedEvent::Commit(item));
                if last {
                    break;
                }
            }
            Err(e) => {
                state.failed = Some(e.clone());
                let _ = feed.tx.send(FeedEvent::Failed(e));
                break;
            }
        }
    }
}

/// Decode a watched commit and check it continues the signed chain.
fn check(match_id: &str, stored: &eventlog::StoredCommit, last_hash: &mut Option<[u8; 32]>, public_key: &fairness::chain::OrchestratorKey) -> Result<Commit> {
    let tampered = |detail: String| OrchestratorError::Tampered { match_id: match_id.to_string(), version: stored.version, detail };
    let commit = Commit::decode(stored.payload.as_ref()).map_err(|e| tampered(format!("the commit does not decode: {e}")))?;
    let link = fairness::chain::Link { stored: &stored.payload, log_format: commit.log_format, prev_hash: &commit.prev_hash };
    public_key.check_link(link, last_hash.as_ref()).map_err(|e| tampered(format!("the commit: {e}")))?;
    *last_hash = Some(fairness::chain::commit_hash(&stored.payload));
    Ok(commit)
}

/// Counts a watcher in its feed while it lives.
struct Membership {
    hub: Arc<Hub>,
    feed: Arc<Feed>,
}

impl Drop for Membership {
    fn drop(&mut self) {
        telemetry::metrics::WATCHERS.add(&[], -1.0);
        self.hub.leave(&self.feed);
    }
}

/// One watcher of a feed: yields each checked commit after its starting version once, in order.
pub struct Watcher {
    feed: Arc<Feed>,
    rx: broadcast::Receiver<FeedEvent>,
    pending: VecDeque<Arc<FeedItem>>,
    failed: Option<OrchestratorError>,
    /// The last version yielded (or skipped as before the start).
    last: u64,
    done: bool,
    _membership: Membership,
}

impl Watcher {
    /// The next commit, an error (then nothing more), or `None` after the match's last commit.
    pub async fn next(&mut self) -> Option<std::result::Result<Arc<FeedItem>, tonic::Status>> {
        loop {
            if self.done {
                return None;
            }
            if let Some(item) = self.pending.pop_front() {
                if item.version <= self.last {
                    // Before the watcher's start; the match's last commit ends the watch.
                    self.done |= item.last;
                    continue;
                }
                self.last = item.version;
                self.done = item.last;
                return Some(Ok(item));
            }
            if let Some(e) = self.failed.take() {
                self.done = true;
                return Some(Err(tonic::Status::from(e)));
            }
            match self.rx.recv().await {
                Ok(FeedEvent::Commit(item)) => self.pending.push_back(item),
                Ok(FeedEvent::Failed(e)) => self.failed = Some(e),
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Fell behind the broadcast: take what was missed from the history (what
                    // the receiver still holds is skipped by version).
                    let Ok(state) = self.feed.state.lock() else {
                        self.failed = Some(OrchestratorError::Internal("the watch feed lock is poisoned".into()));
                        continue;
                    };
                    let last = self.last;
                    self.pending.extend(state.history.iter().filter(|i| i.version > last).cloned());
                }
                Err(broadcast::error::RecvError::Closed) => {
                    self.failed = Some(OrchestratorError::Unavailable("the watch feed stopped".into()));
                }
            }
        }
    }
}

fn poisoned() -> OrchestratorError {
    OrchestratorError::Internal("the watch hub lock is poisoned".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::log_v1::{CommitInput, MatchCreated, SeatJoined, SecretRevealed};
    use bytes::Bytes;
    use eventlog::EventLog;

    struct Writer {
        log: Arc<eventlog_dev::MemoryLog>,
        signer: fairness::Signer,
        last: Option<u64>,
        hash: Option<[u8; 32]>,
        version: u64,
    }

    impl Writer {
        fn new() -> Self {
            Writer { log: Arc::new(eventlog_dev::MemoryLog::new()), signer: fairness::Signer::from_seed(&[4; 32]), last: None, hash: None, version: 0 }
        }

        async fn append(&mut self, input: commit_input::Input) {
            self.version += 1;
            let commit = Commit {
                match_id: "m".into(),
                version: self.version,
                input: Some(CommitInput { input: Some(input) }),
                log_format: fairness::chain::LOG_FORMAT_SIGNED,
                prev_hash: self.hash.map(|h| h.to_vec()).unwrap_or_default(),
                ..Default::default()
            };
            let payload = fairness::chain::seal(&self.signer, &commit.encode_to_vec());
            self.hash = Some(fairness::chain::commit_hash(&payload));
            let id = format!("m/{}", self.version);
            self.last = Some(self.log.append("m", self.last, &id, Bytes::from(payload)).await.expect("append"));
        }

        async fn created(&mut self, seats: usize) {
            let seat = api::match_v1::SeatSpec::default();
            let config = api::rules_v1::MatchConfig { seats: vec![seat; seats], ..Default::default() };
            self.append(commit_input::Input::Created(MatchCreated { config: Some(config), ..Default::default() })).await;
        }

        async fn joined(&mut self, seat: u32) {
            self.append(commit_input::Input::Joined(SeatJoined { seat, ..Default::default() })).await;
        }

        fn hub(&self, max_feeds: usize) -> Arc<Hub> {
            Hub::new(self.log.clone(), self.signer.orchestrator_key(), max_feeds)
        }
    }

    async fn versions(w: &mut Watcher, n: usize) -> Vec<(u64, bool)> {
        let mut out = Vec::new();
        for _ in 0..n {
            let item = w.next().await.expect("an item").expect("no error");
            out.push((item.version, item.all_joined));
        }
        out
    }

    #[tokio::test]
    async fn every_watcher_gets_every_version_once_from_its_start_through_one_feed() {
        let mut writer = Writer::new();
        writer.created(2).await;
        writer.joined(0).await;
        let hub = writer.hub(8);
        let mut early = hub.watch("m", 0).await.expect("watch");
        let mut late = hub.watch("m", 1).await.expect("watch");
        assert_eq!(hub.feeds(), 1, "one feed for the match");
        assert_eq!(versions(&mut early, 2).await, vec![(1, false), (2, false)]);
        writer.joined(1).await;
        assert_eq!(versions(&mut late, 2).await, vec![(2, false), (3, true)]);
        assert_eq!(versions(&mut early, 1).await, vec![(3, true)]);
        // The reveal is the last commit: the watch ends after it.
        writer.append(commit_input::Input::Revealed(SecretRevealed::default())).await;
        assert_eq!(versions(&mut early, 1).await, vec![(4, true)]);
        assert!(early.next().await.is_none());
        // A watcher that comes after the end gets the history, then the end.
        let mut after = hub.watch("m", 2).await.expect("watch");
        assert_eq!(versions(&mut after, 2).await, vec![(3, true), (4, true)]);
        assert!(after.next().await.is_none());
    }

    #[tokio::test]
    async fn a_watcher_far_behind_the_broadcast_misses_nothing() {
        let mut writer = Writer::new();
        writer.created(1).await;
        let hub = writer.hub(8);
        let mut slow = hub.watch("m", 0).await.expect("watch");
        let mut fast = hub.watch("m", 0).await.expect("watch");
        let total = BROADCAST_SLOTS as u64 * 3;
        for _ in 1..total {
            writer.joined(0).await;
        }
        // The fast one reads as it goes, so the feed has followed the whole log.
        let got = versions(&mut fast, total as usize).await;
        assert_eq!(got.iter().map(|v| v.0).collect::<Vec<_>>(), (1..=total).collect::<Vec<_>>());
        // The slow one lagged past the broadcast's slots: it still gets each version once.
        let got = versions(&mut slow, total as usize).await;
        assert_eq!(got.iter().map(|v| v.0).collect::<Vec<_>>(), (1..=total).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn the_feed_stops_with_its_last_watcher_and_the_number_of_feeds_is_bounded() {
        let mut writer = Writer::new();
        writer.created(1).await;
        let hub = writer.hub(1);
        let a = hub.watch("m", 0).await.expect("watch");
        let b = hub.watch("m", 0).await.expect("watch");
        let err = hub.watch("other", 0).await.err().expect("over the limit");
        assert_eq!(tonic::Status::from(err).code(), tonic::Code::ResourceExhausted);
        drop(a);
        assert_eq!(hub.feeds(), 1, "b still watches");
        drop(b);
        assert_eq!(hub.feeds(), 0, "the last watcher stopped the feed");
        hub.watch("m", 0).await.expect("room again");
    }

    #[tokio::test]
    async fn a_commit_that_breaks_the_chain_stops_the_feed_with_data_loss() {
        let mut writer = Writer::new();
        writer.created(1).await;
        let hub = writer.hub(8);
        let mut w = hub.watch("m", 0).await.expect("watch");
        assert_eq!(versions(&mut w, 1).await, vec![(1, false)]);
        // Someone else appends a commit signed with another key.
        writer.signer = fairness::Signer::from_seed(&[9; 32]);
        writer.joined(0).await;
        let err = w.next().await.expect("an item").expect_err("refused");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        assert!(w.next().await.is_none());
    }
}
