//! Match lifecycle over the log: the cache of match records and their locks, here; appending
//! commits and catching up ([`commit`]), rebuilding a match by replay with the chain checks
//! ([`replay`]), snapshots ([`snapshot`]), random draws and the final reveal ([`draws`]), and the
//! time keeper ([`clock`]).
//!
//! Must never: serve or append to a match whose log fails its checks, or trust the cache or a
//! snapshot over the log (either may be dropped at any time).

mod clock;
mod commit;
mod draws;
mod replay;
pub mod snapshot;
#[cfg(test)]
mod tests;
pub mod waits;

pub use clock::TIME_KEEPER_TICK;
pub use draws::DrawCtx;
use draws::NodeRefusal;
pub use replay::check_chain;

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use api::convert;
use api::log_v1::{commit_input, Commit, CommitInput, DrawShare, RandomDraw, SecretRevealed};
use api::randomness_v1 as rnd;
use api::randomness_v1::randomness_service_client::RandomnessServiceClient;
use api::rules_v1 as r;
use bytes::Bytes;
use engine::Awaiting;
use eventlog::{EventLog, StoredCommit};
use prost::Message;
use tokio::sync::{mpsc, OwnedMappedMutexGuard, OwnedMutexGuard};

use crate::cache::Cache;
use crate::error::{randomness_err, OrchestratorError, Result};
use crate::record::{check_replay, commit_input, MatchRecord};
use crate::rules_client;
use crate::verify;
use telemetry::propagate::TracedChannel;

/// The client of a randomness node: each call traced (and its context sent) when tracing is on.
pub type RandomnessClient = RandomnessServiceClient<TracedChannel>;
pub use crate::rules_client::RulesClient;

/// One configured randomness node (`--randomness NAME=URL`): matches name it by `name`.
#[derive(Clone)]
pub struct RandomnessNode {
    pub name: String,
    pub url: String,
    pub client: RandomnessClient,
}

/// The services and the log the orchestrator works with.
#[derive(Clone)]
pub struct Backends {
    pub rules: RulesClient,
    /// The randomness service of one-node (scheme v1) matches.
    pub randomness: RandomnessClient,
    /// With two or more, new matches use scheme v2 with all of them (docs/fairness.md, "Scheme
    /// v2"); empty or one: scheme v1 with `randomness`.
    pub nodes: Vec<RandomnessNode>,
    pub log: Arc<dyn EventLog>,
    /// Signs every commit this orchestrator appends; its public key verifies every commit read.
    pub signer: Arc<fairness::Signer>,
}

pub struct Matches {
    backends: Backends,
    /// Matches in memory, within a byte budget. Any of them can be dropped at any time: the log
    /// has everything.
    cache: Cache<MatchRecord>,
    /// Rebuild from the whole log, never from a snapshot (`--full-replay`).
    full_replay: bool,
    /// The rules service's rules version per ruleset, and when it was asked (a snapshot is used
    /// only if it was written with the current one).
    rules_versions: std::sync::Mutex<Option<(std::time::Instant, std::collections::BTreeMap<String, String>)>>,
    /// Asked with them: per ruleset with the options `format` and `snapshot`, the default
    /// format and each format's active snapshot (the value of `snapshot` that names it).
    active_snapshots: std::sync::Mutex<std::collections::BTreeMap<String, (i64, std::collections::BTreeMap<i64, i64>)>>,
    /// Matches with a running clock or round limit, and the next moment (Unix ms) time can run
    /// out on each: the time keeper ([`Matches::keep_time`]) calls time then, so a match ends
    /// on time even when nobody sends a request.
    alarms: std::sync::Mutex<std::collections::BTreeMap<String, i64>>,
    /// The queue of the one task that writes snapshots, started by the first one: a single
    /// writer keeps each match's snapshots in version order, so an older one never replaces a
    /// newer one in the bucket.
    snapshot_writer: std::sync::OnceLock<mpsc::Sender<(String, eventlog::Snapshot)>>,
    /// Match ids just found not to be in the log.
    misses: crate::abuse::Misses,
    /// The match index's copy, told of each commit appended here (`MatchIndex::observe`).
    index: std::sync::OnceLock<Arc<crate::index::MatchIndex>>,
    /// What each match that waits for the system waits for, and its background drivers
    /// ([`waits`]).
    waits: waits::Waits,
    /// This, for the background drivers it starts (set by [`Matches::attach`]).
    me: std::sync::OnceLock<std::sync::Weak<Matches>>,
}

/// A match locked for one request.
pub type Locked = OwnedMappedMutexGuard<Option<MatchRecord>, MatchRecord>;

/// How many times one request re-evaluates itself after finding its cached record stale (an
/// append conflict): each retry has caught up first, so only a match that keeps moving under
/// another orchestrator's writes exhausts it (then the caller gets ABORTED).
pub const MAX_CONFLICT_RETRIES: u32 = 3;

impl Matches {
    pub fn new(backends: Backends) -> Self {
        Self::with_cache_bytes(backends, crate::cache::DEFAULT_CACHE_BYTES)
    }

    /// With a match cache of at most about `cache_bytes` (idle matches beyond it are evicted).
    pub fn with_cache_bytes(backends: Backends, cache_bytes: usize) -> Self {
        Matches {
            backends,
            cache: Cache::new(cache_bytes),
            full_replay: false,
            rules_versions: std::sync::Mutex::new(None),
            active_snapshots: std::sync::Mutex::new(Default::default()),
            alarms: std::sync::Mutex::new(Default::default()),
            snapshot_writer: std::sync::OnceLock::new(),
            misses: Default::default(),
            index: std::sync::OnceLock::new(),
            waits: Default::default(),
            me: std::sync::OnceLock::new(),
        }
    }

    /// Let this (shared) instance start background drivers for the matches that wait for the
    /// system ([`waits`]); without it, a waiting match goes on with the next request only.
    pub fn attach(self: &Arc<Self>) {
        let _ = self.me.set(Arc::downgrade(self));
    }

    /// Tell `index` of every commit appended from now on (a listing on this orchestrator then
    /// finds a match it just created).
    pub fn set_index(&self, index: Arc<crate::index::MatchIndex>) {
        let _ = self.index.set(index);
    }

    /// Whether rebuilds ignore snapshots and replay the whole log.
    pub fn full_replay(mut self, on: bool) -> Self {
        self.full_replay = on;
        self
    }

    /// The cache's approximate bytes and number of matches.
    pub fn cache_usage(&self) -> (usize, usize) {
        self.cache.usage()
    }

    /// Tell the cache what a record now holds (and evict others if over budget).
    fn note(&self, rec: &MatchRecord) {
        self.cache.note(&rec.match_id, rec.approx_bytes(), rec.finished());
        let next = rec.clocks.as_ref().filter(|_| !rec.ended() && rec.all_joined()).and_then(|c| c.next_deadline());
        if let Ok(mut alarms) = self.alarms.lock() {
            match next {
                Some(at) => alarms.insert(rec.match_id.clone(), at),
                None => alarms.remove(&rec.match_id),
            };
        }
    }

    pub fn backends(&self) -> &Backends {
        &self.backends
    }

    /// UNAVAILABLE at once while the log's server is known to be unreachable: every request
    /// needs the log, and waiting for its timeouts would only use up the caller's deadline.
    fn log_connected(&self) -> Result<()> {
        if self.backends.log.connected() {
            return Ok(());
        }
        Err(OrchestratorError::LogUnavailable(
            "the orchestrator is not connected to NATS (the server is down or the connection is being \
             re-established); retry shortly"
                .into(),
        ))
    }

    /// The match as this orchestrator has it cached (rebuilt from the log if it is not), locked
    /// for this request, without reading the log first: the hot path of writers. A record made
    /// stale by another orchestrator is detected by the conditional append (see [`Self::commit`]),
    /// which catches up and lets the caller re-evaluate. The draws the match awaits are made
    /// first, for at most [`waits::INLINE_DRIVE_WAIT`]: a match that waits for the system is
    /// answered as it is (its reads say what it waits for, [`Self::system_wait`]).
    pub async fn lock_cached(&self, match_id: &str) -> Result<Locked> {
        let mut guard = self.lock_record(match_id).await?;
        self.advance(&mut guard, waits::INLINE_DRIVE_WAIT).await;
        self.time(&mut guard).await;
        Ok(guard)
    }

    /// The match as cached (rebuilt from the log if it is not), locked, and nothing more: no
    /// draw, no time (the background driver's lock).
    pub async fn lock_record(&self, match_id: &str) -> Result<Locked> {
        eventlog::validate_match_id(match_id)?;
        self.log_connected()?;
        let slot = self.cache.slot(match_id).map_err(|_| poisoned())?;
        let mut guard = slot.lock_owned().await;
        // Single flight: the first request on an uncached match rebuilds it while holding its
        // slot; concurrent ones wait for that slot and find it filled. A record a cancelled
        // replay left half-done is rebuilt too.
        if guard.as_ref().is_some_and(|r| r.dirty) {
            *guard = None;
        }
        if guard.is_none() {
            match self.rebuild(match_id, None).await {
                Ok(rec) => {
                    tracing::info!(match_id, version = rec.version, "match rebuilt from the log");
                    *guard = Some(rec);
                }
                Err(e) => {
                    drop(guard);
                    self.forget(match_id);
                    return Err(e);
                }
            }
        }
        let guard = OwnedMutexGuard::try_map(guard, |r| r.as_mut()).map_err(|_| OrchestratorError::Internal("a cached match vanished while locked".into()))?;
        self.note(&guard);
        Ok(guard)
    }

    /// The match, locked for this request and caught up with the log (another orchestrator may
    /// have appended): for reads. Catching up costs one request when nothing is new, so a read
    /// never shows a state older than the log at the time of the read, and a commit this
    /// orchestrator did not write is checked (and refused if it breaks the chain) before anyone
    /// sees it.
    pub async fn lock(&self, match_id: &str) -> Result<Locked> {
        let mut guard = self.lock_cached(match_id).await?;
        if self.catch_up(&mut guard).await? {
            self.advance(&mut guard, waits::INLINE_DRIVE_WAIT).await;
        }
        self.time(&mut guard).await;
        Ok(guard)
    }

    /// Put a freshly created match in the cache.
    pub async fn insert(&self, rec: MatchRecord) -> Result<()> {
        let match_id = rec.match_id.clone();
        self.misses.forget(&match_id);
        let slot = self.cache.slot(&match_id).map_err(|_| poisoned())?;
        let mut guard = slot.lock().await;
        let rec = guard.insert(rec);
        self.note(rec);
        Ok(())
    }

    pub fn forget(&self, match_id: &str) {
        self.cache.remove(match_id);
    }
}

pub fn unknown_match(match_id: &str) -> OrchestratorError {
    OrchestratorError::NotFound(format!("there is no match with id {}", crate::limits::quote(match_id)))
}

fn poisoned() -> OrchestratorError {
    OrchestratorError::Internal("the match cache lock is poisoned".into())
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}
