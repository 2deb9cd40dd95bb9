//! The one way to follow the whole log (issue 36, item 1): every stream of it, each from the
//! position its follower gives, with one retry policy. The orchestrator's index projector and
//! the feed projector both follow the log through [`follow_log`]; neither speaks JetStream.
//!
//! - The streams are listed ([`EventLog::log_streams`]) every [`LIST_EVERY`]: a new period's
//!   stream gets a follower once it appears, the follower of a stream that left the hot log
//!   (deleted once sealed) is stopped.
//! - Each stream is followed by its own task, restarted if it panics (`infra::task`). It asks
//!   its [`StreamFollower`] where to start, reads with [`EventLog::follow`], and hands over the
//!   commits in stream order, as many at once as are ready (at most [`BATCH`]: the feed checks
//!   one signature per match in a batch). When following fails or ends (NATS lost, or the
//!   connection made again: `EventLog::follow` says so), it waits ([`retry_policy`]) and asks
//!   its follower where to start again.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures::{FutureExt, StreamExt};

use crate::{EventLog, LogError, LoggedCommit};

/// How often the streams of the log are listed again (a log with periods gains a stream each
/// period; a log without has a fixed list and this costs one look).
pub const LIST_EVERY: Duration = Duration::from_secs(2);
/// Most commits handed to a follower at once.
pub const BATCH: usize = 256;
/// First and longest wait before following a stream again after a failure.
const RETRY_FIRST: Duration = Duration::from_millis(100);
const RETRY_MAX: Duration = Duration::from_secs(5);

/// How a follower of the log retries: it runs in the background and must come back by itself,
/// so it never gives up (doubling waits from 100 ms to 5 s).
pub fn retry_policy() -> infra::retry::Policy {
    infra::retry::forever(RETRY_FIRST, RETRY_MAX)
}

/// Whether following goes on after a follower's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// The follower has nowhere to put what it reads any more (its consumer is gone): every
    /// stream's follower stops and [`follow_log`] returns.
    Stop,
}

/// What follows one stream of the log. One value per stream, kept across the stream's
/// failures and its task's restarts (it holds where it is).
#[async_trait::async_trait]
pub trait StreamFollower: Send + 'static {
    /// The stream sequence to read from (1: from the start). Asked before the first read and
    /// again after every failure, so the follower resumes right after what it has handled.
    async fn resume_at(&mut self) -> Result<u64, LogError>;

    /// The next commits of the stream, in stream order, never one twice within a run.
    async fn commits(&mut self, commits: Vec<LoggedCommit>) -> Result<Flow, LogError>;

    /// Nothing new for the idle time given to [`follow_log`] (e.g. save a position).
    async fn idle(&mut self) -> Result<Flow, LogError> {
        Ok(Flow::Continue)
    }
}

/// Follow every stream of `log` forever, each with the follower `make(stream, tag)` gives it
/// (`tag` numbers the streams in the order they are first seen: the partitions of a fixed
/// layout in order). `idle` is how long a stream may stay quiet before [`StreamFollower::idle`].
/// Returns only once a follower answered [`Flow::Stop`].
pub async fn follow_log<L, F, S>(log: Arc<L>, idle: Duration, mut make: F)
where
    L: EventLog + ?Sized,
    F: FnMut(&str, usize) -> S,
    S: StreamFollower,
{
    let stopped = Arc::new(AtomicBool::new(false));
    let mut running: BTreeMap<String, infra::task::Background> = BTreeMap::new();
    let mut tags = 0usize;
    while !stopped.load(Ordering::Relaxed) {
        match log.log_streams().await {
            Ok(names) => {
                running.retain(|name, _| {
                    let listed = names.contains(name);
                    if !listed {
                        tracing::info!(stream = name.as_str(), "the stream left the log; its follower stops");
                    }
                    listed
                });
                for name in names {
                    if let std::collections::btree_map::Entry::Vacant(slot) = running.entry(name.clone()) {
                        // The follower outlives a run of its task that panicked (it holds
                        // where it is): the next run resumes from it.
                        let follower = Arc::new(tokio::sync::Mutex::new(make(&name, tags)));
                        tags += 1;
                        let (log, stopped) = (log.clone(), stopped.clone());
                        slot.insert(infra::task::supervise("a follower of the log", move || {
                            let (log, stopped, follower, name) = (log.clone(), stopped.clone(), follower.clone(), name.clone());
                            async move {
                                let mut follower = follower.lock().await;
                                follow_stream(log, &name, idle, &mut *follower, &stopped).await;
                            }
                        }));
                    }
                }
            }
            Err(e) => tracing::debug!(error = %e, "cannot list the streams of the log yet"),
        }
        tokio::time::sleep(LIST_EVERY).await;
    }
}

/// Follow one stream with `follower` until it answers [`Flow::Stop`] (then `stopped` is set).
async fn follow_stream<L, S>(log: Arc<L>, stream: &str, idle: Duration, follower: &mut S, stopped: &AtomicBool)
where
    L: EventLog + ?Sized,
    S: StreamFollower,
{
    let mut waits = infra::retry::BackoffBuilder::build(retry_policy());
    loop {
        match follow_once(&*log, stream, idle, follower, &mut waits).await {
            Ok(Flow::Stop) => {
                stopped.store(true, Ordering::Relaxed);
                return;
            }
            Ok(Flow::Continue) => {}
            Err(e) => tracing::debug!(stream, error = %e, "following the log stopped; resuming from the follower's position"),
        }
        tokio::time::sleep(waits.next().unwrap_or(RETRY_MAX)).await;
    }
}

/// One run: from the follower's position until something fails.
async fn follow_once<L, S>(log: &L, stream: &str, idle: Duration, follower: &mut S, waits: &mut infra::retry::Backoff) -> Result<Flow, LogError>
where
    L: EventLog + ?Sized,
    S: StreamFollower,
{
    let from = follower.resume_at().await?;
    let mut commits = log.follow(stream, from).await?;
    *waits = infra::retry::BackoffBuilder::build(retry_policy());
    loop {
        let first = match tokio::time::timeout(idle, commits.next()).await {
            Ok(Some(first)) => first?,
            Ok(None) => return Err(LogError::Unavailable(format!("following {stream} ended"))),
            Err(_) => {
                if follower.idle().await? == Flow::Stop {
                    return Ok(Flow::Stop);
                }
                continue;
            }
        };
        // What is ready now goes with it, up to the first failure (handed over after them).
        let mut batch = vec![first];
        let mut failed = None;
        while batch.len() < BATCH {
            match commits.next().now_or_never() {
                Some(Some(Ok(commit))) => batch.push(commit),
                Some(Some(Err(e))) => {
                    failed = Some(e);
                    break;
                }
                Some(None) => {
                    failed = Some(LogError::Unavailable(format!("following {stream} ended")));
                    break;
                }
                None => break,
            }
        }
        if follower.commits(batch).await? == Flow::Stop {
            return Ok(Flow::Stop);
        }
        if let Some(e) = failed {
            return Err(e);
        }
    }
}
