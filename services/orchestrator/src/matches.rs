//! Match lifecycle over the log: load (replay with checks), catch up, append commits, and drive
//! the match through random draws and the final reveal.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use api::log_v1::{commit_input, Commit, CommitInput, DrawShare, RandomDraw, SecretRevealed};
use api::randomness_v1::randomness_service_client::RandomnessServiceClient;
use api::randomness_v1 as rnd;
use api::rules_v1::rules_service_client::RulesServiceClient;
use api::rules_v1 as r;
use api::convert;
use bytes::Bytes;
use engine::Awaiting;
use eventlog::{EventLog, StoredCommit};
use prost::Message;
use tokio::sync::{mpsc, OwnedMappedMutexGuard, OwnedMutexGuard};

use crate::cache::Cache;
use crate::snapshot;
use crate::verify;
use crate::error::{randomness_err, OrchestratorError, Result};
use crate::record::{check_replay, commit_input, MatchRecord};
use crate::rules_client;
use telemetry::propagate::TracedChannel;

/// The clients of the internal services: each call traced (and its context sent) when
/// tracing is on.
pub type RulesClient = RulesServiceClient<TracedChannel>;
pub type RandomnessClient = RandomnessServiceClient<TracedChannel>;

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
}

/// Snapshots waiting for the writer; past this many, new ones are skipped (only a cache).
const SNAPSHOT_QUEUE: usize = 1024;

/// How often the time keeper looks for a clock or round limit that has run out.
pub const TIME_KEEPER_TICK: Duration = Duration::from_millis(250);
/// How long the time keeper waits before trying a match again after it could not call time
/// (the log or the rules were unreachable).
const TIME_KEEPER_RETRY_MS: i64 = 1_000;

/// How long the rules versions the rules service named are trusted before asking again (a
/// rolling upgrade of the rules service is seen within this).
const RULES_VERSIONS_TTL: std::time::Duration = std::time::Duration::from_secs(10);

/// A match locked for one request.
pub type Locked = OwnedMappedMutexGuard<Option<MatchRecord>, MatchRecord>;

/// How many times one request re-evaluates itself after finding its cached record stale (an
/// append conflict): each retry has caught up first, so only a match that keeps moving under
/// another orchestrator's writes exhausts it (then the caller gets ABORTED).
pub const MAX_CONFLICT_RETRIES: u32 = 3;
/// Reads after a lost append until the winning commit is visible: 5 ms doubling, about 0.6 s in
/// all (a replicated stream applies a proposal within a few milliseconds when healthy).
const CONFLICT_READ_ATTEMPTS: u32 = 8;
const CONFLICT_READ_BACKOFF: Duration = Duration::from_millis(5);

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
            alarms: std::sync::Mutex::new(Default::default()),
            snapshot_writer: std::sync::OnceLock::new(),
            misses: Default::default(),
            index: std::sync::OnceLock::new(),
        }
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

    /// The time keeper: every [`TIME_KEEPER_TICK`], call time on each match whose alarm has
    /// passed, through the same path as a request (`lock`), so a clock or a round limit ends a
    /// match on time even while its players only watch. Racing orchestrators both try; one
    /// commit wins and the other catches up. Runs until the task is dropped.
    ///
    /// Alarms come from the matches this orchestrator has loaded; at start, `MatchApi::keep_time`
    /// loads every timed match still in play first, so a restart loses none.
    pub async fn keep_time(self: Arc<Self>) {
        let mut tick = tokio::time::interval(TIME_KEEPER_TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            tick.tick().await;
            let now = now_ms();
            let due: Vec<String> = match self.alarms.lock() {
                Ok(alarms) => alarms.iter().filter(|(_, at)| **at <= now).map(|(id, _)| id.clone()).collect(),
                Err(_) => return,
            };
            for match_id in due {
                match self.lock(&match_id).await {
                    Ok(guard) => self.note(&guard),
                    Err(e) => tracing::warn!(match_id, error = %e, "the time keeper could not load the match; trying again shortly"),
                }
                // Still due (time could not be called): try again a little later, not every tick.
                if let Ok(mut alarms) = self.alarms.lock() {
                    if let Some(at) = alarms.get_mut(&match_id).filter(|at| **at <= now) {
                        *at = now.saturating_add(TIME_KEEPER_RETRY_MS);
                    }
                }
            }
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

    /// Run the rules for an input, if the input goes through the rules.
    async fn rules_step(&self, rec: &MatchRecord, input: &commit_input::Input) -> Result<Option<r::Step>> {
        match rules_client::rules_call(input)? {
            Some(call) => Ok(Some(rules_client::step(&self.backends.rules, rec.ruleset(), &rec.state, call).await?)),
            None => Ok(None),
        }
    }

    /// Compute the commit for `input`, append it conditionally on the record's last sequence,
    /// and absorb it. On any error the record is unchanged.
    pub async fn commit(&self, rec: &mut MatchRecord, input: commit_input::Input) -> Result<u64> {
        if !telemetry::tracing_enabled() {
            return self.commit_traced(rec, input).await;
        }
        let span = tracing::info_span!(
            "commit",
            match.id = %rec.match_id,
            match.version = rec.version + 1,
            ruleset = %rec.ruleset(),
            commit.kind = input_kind_of(&input),
        );
        tracing::Instrument::instrument(self.commit_traced(rec, input), span).await
    }

    async fn commit_traced(&self, rec: &mut MatchRecord, input: commit_input::Input) -> Result<u64> {
        self.log_connected()?;
        let step = self.rules_step(rec, &input).await?;
        let (events, awaiting, rules_version) = match (&step, convert::control_of(&input)) {
            (Some(s), _) => (s.events.clone(), s.awaiting.clone(), s.rules_version.clone()),
            (None, Some(control)) => {
                let current = rec.awaiting.clone().ok_or_else(|| {
                    OrchestratorError::FailedPrecondition(format!("match {} has not started yet", rec.match_id))
                })?;
                let seating = convert::seating(rec.ruleset(), rec.seats.len() as u32);
                let (events, ended) = convert::control_step(&control, seating, &current)?;
                (events, Some(ended), String::new())
            }
            (None, None) => (Vec::new(), rec.awaiting.as_ref().map(convert::awaiting_to_proto), String::new()),
        };
        let version = rec.version + 1;
        let written_at_ms = written_at_ms(&input);
        let trace_context = trace_context(&input);
        let commit = Commit {
            match_id: rec.match_id.clone(),
            version,
            input: Some(CommitInput { input: Some(input) }),
            events,
            rules_version,
            trace_context,
            written_at_ms,
            awaiting,
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: rec.last_hash.map(|h| h.to_vec()).unwrap_or_default(),
            // Appended by `seal` after the body, as the last field (docs/log.md).
            signature: Vec::new(),
        };
        let payload = fairness::chain::seal(&self.backends.signer, &commit.encode_to_vec());
        let hash = fairness::chain::commit_hash(&payload);
        // Same content, same id: a retried append is stored once; a different commit for the
        // same version gets a different id and meets the sequence check instead. The id takes
        // the first 8 bytes of the commit's hash (SHA-256 of the stored bytes), computed once.
        let msg_id = format!("{}/{}/{}", rec.match_id, version, hex::encode(&hash[..8]));
        let started = telemetry::metrics::enabled().then(std::time::Instant::now);
        let append = self.backends.log.append(&rec.match_id, rec.last_sequence, &msg_id, Bytes::from(payload));
        let appended = if telemetry::tracing_enabled() {
            // The messaging conventions' publish span; the log puts its context in the message's
            // headers.
            let span = tracing::info_span!(
                "publish",
                otel.name = "publish match.*.events",
                otel.kind = "producer",
                messaging.system = "nats",
                messaging.operation.type = "publish",
                messaging.destination.name = %eventlog::subject(&rec.match_id),
                messaging.message.id = %msg_id,
                match.id = %rec.match_id,
            );
            tracing::Instrument::instrument(append, span).await
        } else {
            append.await
        };
        if let Some(started) = started {
            telemetry::metrics::APPEND_DURATION.observe(&[], started.elapsed().as_secs_f64());
            match &appended {
                Ok(_) => telemetry::metrics::COMMITS.inc(&[rec.ruleset(), input_kind(&commit)]),
                Err(eventlog::LogError::Conflict { .. }) => telemetry::metrics::APPEND_CONFLICTS.inc(&[]),
                Err(_) => {}
            }
        }
        let sequence = match appended {
            Ok(sequence) => sequence,
            // Our cached record was stale: another orchestrator appended first. Catch up so the
            // caller can re-evaluate its request against the match as it now is.
            Err(eventlog::LogError::Conflict { match_id, .. }) => {
                self.catch_up_after_conflict(rec).await?;
                return Err(OrchestratorError::Stale(format!(
                    "match {match_id} changed while this request was handled (another decision landed first); \
                     fetch the pending decision again"
                )));
            }
            Err(e) => return Err(e.into()),
        };
        tracing::info!(match_id = %rec.match_id, version, sequence, kind = input_kind(&commit), "commit appended");
        if let Some(index) = self.index.get() {
            index.observe(&commit, sequence);
        }
        rec.absorb(&commit, step, sequence, hash)?;
        self.note(rec);
        if snapshot::due(rec) {
            self.put_snapshot(rec);
        }
        Ok(version)
    }

    /// Re-run the rules over logged commits and absorb them, checking each against the log.
    /// On an error the record is reset to empty (the steps of a batched replay carry no state
    /// but the last, so a half-replayed record must not be used): drop it or replay again.
    async fn replay(&self, rec: &mut MatchRecord, commits: Vec<StoredCommit>) -> Result<()> {
        // Cleared only when the replay completes: a cancelled one leaves the record marked.
        rec.dirty = true;
        let result = self.replay_commits(rec, commits).await;
        if result.is_err() {
            *rec = MatchRecord::empty(&rec.match_id);
        }
        rec.dirty = result.is_err();
        result
    }

    async fn replay_commits(&self, rec: &mut MatchRecord, commits: Vec<StoredCommit>) -> Result<()> {
        let decoded: Vec<_> = commits.iter().map(|stored| Commit::decode(stored.payload.as_ref())).collect();
        let plan = decoded
            .iter()
            .map(|commit| match commit.as_ref().ok().map(|c| commit_input(c).and_then(rules_client::rules_call)) {
                Some(Ok(Some(call))) => rules_client::Planned::Call(call),
                Some(Ok(None)) => rules_client::Planned::Skip,
                _ => rules_client::Planned::Stop,
            })
            .collect();
        let mut steps = rules_client::Replayer::new(self.backends.rules.clone(), plan);
        // Parsed once for the whole replay, not per commit.
        let own = self.backends.signer.orchestrator_key();
        // The commits as one run (docs/log.md): every link, and the last one's signature, which
        // binds the others. If that fails, each commit is checked in full below, so the error
        // names the first bad one with its own reason.
        let links: Vec<_> = commits
            .iter()
            .zip(&decoded)
            .filter_map(|(stored, commit)| {
                let commit = commit.as_ref().ok()?;
                Some(fairness::chain::Link { stored: &stored.payload, log_format: commit.log_format, prev_hash: &commit.prev_hash })
            })
            .collect();
        let signed_run = links.len() == commits.len() && own.check_run(&links, rec.last_hash.as_ref()).is_ok();
        for (index, (stored, commit)) in commits.iter().zip(decoded).enumerate() {
            let commit = commit.map_err(|e| OrchestratorError::Tampered {
                match_id: rec.match_id.clone(),
                version: stored.version,
                detail: format!("the commit does not decode: {e}"),
            })?;
            let hash = check_commit(rec, stored, &commit, &own, !signed_run)?;
            if commit.version != stored.version || commit.match_id != rec.match_id {
                return Err(OrchestratorError::ReplayMismatch {
                    match_id: rec.match_id.clone(),
                    version: stored.version,
                    detail: format!("the commit says it is version {} of match {}", commit.version, commit.match_id),
                });
            }
            let step = match rules_client::rules_call(commit_input(&commit)?)? {
                Some(call) => Some(steps.next(index, call, rec.ruleset(), &rec.state).await?),
                None => None,
            };
            let seating = convert::seating(rec.ruleset(), rec.seats.len() as u32);
            check_replay(&rec.match_id, &commit, step.as_ref(), rec.awaiting.as_ref(), seating)?;
            check_time_called(rec, &commit)?;
            check_seat_act(rec, &commit)?;
            rec.absorb(&commit, step, stored.sequence, hash)?;
        }
        Ok(())
    }

    /// Store the record's snapshot, in the background (`write_snapshots`): the request that made
    /// it due does not wait for the bucket (a snapshot only shortens later rebuilds, and a
    /// rebuild checks the commits after whichever snapshot it finds). A failure is logged, not
    /// reported.
    fn put_snapshot(&self, rec: &MatchRecord) {
        let Some(sequence) = rec.last_sequence else { return };
        let state = Bytes::from(snapshot::encode(rec, &self.backends.signer));
        let snap = eventlog::Snapshot { version: rec.version, sequence, state };
        let writer = self.snapshot_writer.get_or_init(|| {
            let (tx, rx) = mpsc::channel(SNAPSHOT_QUEUE);
            tokio::spawn(write_snapshots(self.backends.log.clone(), rx));
            tx
        });
        if writer.try_send((rec.match_id.clone(), snap)).is_err() {
            tracing::debug!(match_id = %rec.match_id, version = rec.version, "snapshot skipped: the writer is behind");
        }
    }

    /// The newest snapshot at or below `upto` (any when `None`): the latest one, else, for an
    /// earlier version, the one kept at the last multiple of SNAPSHOT_EVERY at or below it.
    async fn snapshot_upto(&self, match_id: &str, upto: Option<u64>) -> Result<Option<eventlog::Snapshot>> {
        let latest = self.backends.log.get_snapshot(match_id).await?;
        let Some(upto) = upto else { return Ok(latest) };
        if latest.as_ref().is_none_or(|s| s.version <= upto) {
            return Ok(latest);
        }
        let kept = upto - upto % snapshot::SNAPSHOT_EVERY;
        if kept == 0 {
            return Ok(None);
        }
        Ok(self.backends.log.get_snapshot_at(match_id, kept).await?.filter(|s| s.version == kept))
    }

    /// The record of the match's snapshot, if there is a usable one at or below `upto`.
    async fn load_snapshot(&self, match_id: &str, upto: Option<u64>) -> Option<MatchRecord> {
        if self.full_replay {
            return None;
        }
        let snap = match self.snapshot_upto(match_id, upto).await {
            Ok(Some(s)) => s,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(match_id, error = %e, "could not read the snapshot; replaying the whole log");
                return None;
            }
        };
        let own = self.backends.signer.public_key();
        match snapshot::decode(match_id, &snap.state, &own, snap.version, snap.sequence) {
            Ok(rec) if !self.fits_current_rules(&rec).await => {
                tracing::info!(
                    match_id,
                    version = rec.version,
                    snapshot_rules = %rec.rules_version,
                    "the snapshot was written by other rules (an engine upgrade); replaying the whole log"
                );
                None
            }
            Ok(rec) => {
                tracing::debug!(match_id, version = rec.version, "rebuilding from the snapshot");
                Some(rec)
            }
            Err(why) => {
                tracing::warn!(match_id, version = snap.version, %why, "ignoring the snapshot; replaying the whole log");
                None
            }
        }
    }

    /// Whether a snapshot's state was produced by the rules version the rules service runs now
    /// for its ruleset. Unknown (no version in the snapshot, or the service cannot say) is no:
    /// a replay is always right, a state of another layout is not.
    async fn fits_current_rules(&self, rec: &MatchRecord) -> bool {
        if rec.rules_version.is_empty() {
            return false;
        }
        match self.current_rules_versions().await {
            Some(versions) => versions.get(rec.ruleset()) == Some(&rec.rules_version),
            None => false,
        }
    }

    /// The rules version of each ruleset the rules service runs now (cached for
    /// [`RULES_VERSIONS_TTL`]); `None` when the service cannot say.
    async fn current_rules_versions(&self) -> Option<std::collections::BTreeMap<String, String>> {
        let cached = self.rules_versions.lock().ok().and_then(|guard| {
            guard.as_ref().filter(|(at, _)| at.elapsed() < RULES_VERSIONS_TTL).map(|(_, versions)| versions.clone())
        });
        if cached.is_some() {
            return cached;
        }
        let mut rules = self.backends.rules.clone();
        let listed = match rules.list_rulesets(r::ListRulesetsRequest::default()).await {
            Ok(answer) => answer.into_inner(),
            Err(e) => {
                tracing::warn!(error = %e, "cannot ask the rules service for its rules versions");
                return None;
            }
        };
        let versions: std::collections::BTreeMap<String, String> =
            listed.rulesets.into_iter().map(|i| (i.name, i.rules_version)).collect();
        if let Ok(mut guard) = self.rules_versions.lock() {
            *guard = Some((std::time::Instant::now(), versions.clone()));
        }
        Some(versions)
    }

    /// Open the channels to the rules and randomness services (each a mutual-TLS handshake) and
    /// learn the rules versions, before any request needs them: otherwise the first request after
    /// a start pays for both (`arbiter bench` times that request, docs/performance.md). Best effort:
    /// a service that is not up yet is reached lazily on the first call, as before.
    pub async fn warm_up(&self) {
        let rules = self.current_rules_versions();
        let randomness = async {
            let mut randomness = self.backends.randomness.clone();
            if let Err(e) = randomness.public_key(rnd::PublicKeyRequest {}).await {
                tracing::debug!(error = %e, "the randomness service is not reachable yet; it will be on first use");
            }
        };
        let _ = tokio::join!(rules, randomness);
    }

    /// Rebuild a match from its log, up to `upto` commits (all when `None`): from its snapshot
    /// when there is a usable one at or below `upto` (then only the commits after it are read
    /// and replayed, checked against the chain from the hash the snapshot carries), else from
    /// the first commit.
    pub async fn rebuild(&self, match_id: &str, upto: Option<u64>) -> Result<MatchRecord> {
        eventlog::validate_match_id(match_id)?;
        // An id just found missing costs no log read again for a while (abuse::Misses).
        if self.misses.recently_missing(match_id, std::time::Instant::now()) {
            return Err(unknown_match(match_id));
        }
        // Read no further than the wanted version, but always from version 1: the commits a
        // snapshot stands for are not replayed, so their bytes are checked against the chain
        // head it recorded (`verify`). A log rewritten or trimmed under a snapshot is then
        // DATA_LOSS instead of being served as good.
        let last = upto.unwrap_or(u64::MAX);
        let (mut rec, commits) = match self.load_snapshot(match_id, upto).await {
            Some(mut rec) => {
                let mut commits = self.backends.log.read_until(match_id, None, 1, last).await?;
                let head = rec.last_hash.ok_or_else(|| {
                    OrchestratorError::Internal(format!("the snapshot of match {match_id} at version {} has no chain head", rec.version))
                })?;
                verify::check_prefix(match_id, &commits, rec.version, &head, &self.backends.signer.orchestrator_key())?;
                let after = commits.split_off(usize::try_from(rec.version).unwrap_or(usize::MAX).min(commits.len()));
                // The log's own sequence, not the snapshot's: a restored stream numbers anew.
                rec.last_sequence = commits.last().map(|c| c.sequence);
                (rec, after)
            }
            None => (MatchRecord::empty(match_id), self.backends.log.read_until(match_id, None, 1, last).await?),
        };
        if rec.version == 0 && commits.is_empty() {
            self.misses.note(match_id, std::time::Instant::now());
            return Err(unknown_match(match_id));
        }
        if let Some(v) = upto {
            let have = rec.version + commits.len() as u64;
            if v > have {
                return Err(OrchestratorError::InvalidArgument(format!(
                    "match {match_id} has {have} versions; version {v} does not exist yet"
                )));
            }
        }
        if telemetry::metrics::enabled() {
            telemetry::metrics::REBUILDS.inc(&[if rec.version > 0 { "snapshot" } else { "log" }]);
            telemetry::metrics::REBUILD_LENGTH.observe(&[], commits.len() as f64);
        }
        self.replay(&mut rec, commits).await?;
        Ok(rec)
    }

    /// The match as this orchestrator has it cached (rebuilt from the log if it is not), locked
    /// for this request, without reading the log first: the hot path of writers. A record made
    /// stale by another orchestrator is detected by the conditional append (see [`Self::commit`]),
    /// which catches up and lets the caller re-evaluate.
    pub async fn lock_cached(&self, match_id: &str) -> Result<Locked> {
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
        let mut guard = OwnedMutexGuard::try_map(guard, |r| r.as_mut())
            .map_err(|_| OrchestratorError::Internal("a cached match vanished while locked".into()))?;
        self.note(&guard);
        // A read must not fail because the randomness service is down: writers drive again
        // and report the error.
        if let Err(e) = self.drive(&mut guard).await {
            tracing::warn!(match_id, error = %e, "could not drive the match past its pending draw");
        }
        self.time(&mut guard).await;
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
            if let Err(e) = self.drive(&mut guard).await {
                tracing::warn!(match_id, error = %e, "could not drive the match past its pending draw");
            }
        }
        self.time(&mut guard).await;
        Ok(guard)
    }

    /// Call time if it is due (any request that locks a match with a time control does).
    async fn time(&self, rec: &mut MatchRecord) {
        if rec.clocks.is_some() {
            if let Err(e) = self.call_time_if_due(rec).await {
                tracing::warn!(match_id = %rec.match_id, error = %e, "could not call time; the next request tries again");
            }
        }
    }

    /// Read and replay (with the chain check) the commits appended after the record's last one.
    /// Returns whether there were any. On a failed replay the match leaves the cache, so the
    /// next request rebuilds it from the log (and meets the same error if the log is bad).
    pub async fn catch_up(&self, rec: &mut MatchRecord) -> Result<bool> {
        let match_id = rec.match_id.clone();
        let newer = match rec.last_sequence {
            Some(after) => self.backends.log.read_after(&match_id, after, rec.version + 1).await?,
            None => self.backends.log.read(&match_id, 1).await?,
        };
        if newer.is_empty() {
            return Ok(false);
        }
        tracing::info!(match_id, from = rec.version + 1, count = newer.len(), "catching up with the log");
        if let Err(e) = self.replay(rec, newer).await {
            self.forget(&match_id);
            return Err(e);
        }
        self.note(rec);
        Ok(true)
    }

    /// Catch up after a lost append. The conflict proves that another commit holds our version,
    /// or, on a replicated stream, is being proposed for it (the leader refuses an expected
    /// sequence while another message on the subject is in flight): read until that commit shows
    /// up, a bounded number of times, so that the caller's retry is evaluated against it rather
    /// than losing its retries to a log it cannot see yet.
    async fn catch_up_after_conflict(&self, rec: &mut MatchRecord) -> Result<()> {
        let mut delay = CONFLICT_READ_BACKOFF;
        for attempt in 1..=CONFLICT_READ_ATTEMPTS {
            if self.catch_up(rec).await? {
                return Ok(());
            }
            if attempt < CONFLICT_READ_ATTEMPTS {
                tokio::time::sleep(delay).await;
                delay = delay.saturating_mul(2);
            }
        }
        tracing::debug!(match_id = %rec.match_id, "lost an append but the winning commit is not readable yet");
        Ok(())
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

    /// Call time on the match if its clock or round limit has run out (docs/tournaments.md):
    /// the orchestrator reads its clock once and logs that time in the input, so replay and
    /// audit decide from the log alone. Then reveals the secret. Returns whether it did.
    pub async fn call_time_if_due(&self, rec: &mut MatchRecord) -> Result<bool> {
        let now = now_ms();
        let due = match &rec.clocks {
            Some(clocks) if !rec.ended() && rec.all_joined() => clocks.due(now),
            _ => None,
        };
        let Some(up) = due else { return Ok(false) };
        let input = commit_input::Input::Time(api::log_v1::TimeCalled { at_ms: now, flagged_seat: up.flagged_seat });
        match self.commit(rec, input).await {
            Ok(_) => {}
            // Another orchestrator moved the match (maybe called time) first: caught up.
            Err(OrchestratorError::Stale(_)) => return Ok(false),
            Err(e) => return Err(e),
        }
        tracing::info!(match_id = %rec.match_id, flagged_seat = ?up.flagged_seat, "time called");
        if let Err(e) = self.drive(rec).await {
            tracing::warn!(match_id = %rec.match_id, error = %e, "time called; the reveal waits for the next request");
        }
        Ok(true)
    }

    /// Feed the match every random draw it waits for, and reveal the secret once it has ended.
    /// Draws are addressed, so asking again after a crash gives the same outcome.
    pub async fn drive(&self, rec: &mut MatchRecord) -> Result<()> {
        // A match ended (by match control) before every seat joined still reveals its secret.
        if !rec.all_joined() && !rec.ended() {
            return Ok(());
        }
        let mut conflicts = 0;
        loop {
            match rec.awaiting.clone() {
                Some(Awaiting::Draw(draw)) if !rec.randomness_nodes.is_empty() => {
                    let input = match self.draw_v2(rec, &draw).await {
                        Ok(input) => input,
                        Err(NodeRefusal::Status(status)) => {
                            self.stale_or(rec, status, &mut conflicts).await?;
                            continue;
                        }
                        Err(NodeRefusal::Error(e)) => return Err(e),
                    };
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                Some(Awaiting::Ended(_)) if !rec.secret_revealed && !rec.randomness_nodes.is_empty() => {
                    let nodes = self.match_nodes(rec)?;
                    let asked = nodes.iter().map(|node| {
                        let mut client = node.client.clone();
                        let req = rnd::RevealRequest { match_id: rec.match_id.clone() };
                        async move { client.reveal(req).await.map(|r| r.into_inner().secret).map_err(|s| (node, s)) }
                    });
                    let mut node_secrets = Vec::with_capacity(nodes.len());
                    let mut refused = None;
                    for answer in futures::future::join_all(asked).await {
                        match answer {
                            Ok(secret) => node_secrets.push(secret),
                            Err((node, status)) => {
                                refused.get_or_insert((node, status));
                            }
                        }
                    }
                    if let Some((node, status)) = refused {
                        if status.code() == tonic::Code::FailedPrecondition {
                            self.stale_or(rec, named(node, status), &mut conflicts).await?;
                            continue;
                        }
                        return Err(node_err(node, status));
                    }
                    let input = commit_input::Input::Revealed(SecretRevealed { secret: Vec::new(), node_secrets });
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                Some(Awaiting::Draw(draw)) => {
                    let (request, req) = draw_requests(rec, &draw)?;
                    let mut randomness = self.backends.randomness.clone();
                    let outcome = match randomness.draw(req).await {
                        Ok(outcome) => outcome.into_inner(),
                        Err(status) => {
                            self.stale_or(rec, status, &mut conflicts).await?;
                            continue;
                        }
                    };
                    let input = commit_input::Input::Draw(RandomDraw {
                        request: Some(request),
                        values: outcome.values,
                        signature: outcome.signature,
                        shares: Vec::new(),
                    });
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                Some(Awaiting::Ended(_)) if !rec.secret_revealed => {
                    let mut randomness = self.backends.randomness.clone();
                    let req = rnd::RevealRequest { match_id: rec.match_id.clone() };
                    let secret = match randomness.reveal(req).await {
                        Ok(revealed) => revealed.into_inner().secret,
                        Err(status) => {
                            self.stale_or(rec, status, &mut conflicts).await?;
                            continue;
                        }
                    };
                    let input = commit_input::Input::Revealed(SecretRevealed { secret, node_secrets: Vec::new() });
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                _ => return Ok(()),
            }
        }
    }

    /// The configured nodes a v2 match names, in its order; a node it names that is not
    /// configured here is UNAVAILABLE (the match waits for it, never goes on without it).
    fn match_nodes(&self, rec: &MatchRecord) -> Result<Vec<&RandomnessNode>> {
        rec.randomness_nodes
            .iter()
            .map(|named| {
                self.backends.nodes.iter().find(|n| n.name == named.name).ok_or_else(|| {
                    randomness_err(tonic::Status::unavailable(format!(
                        "randomness node {:?} of match {} is not configured on this orchestrator (--randomness {}=URL)",
                        named.name, rec.match_id, named.name
                    )))
                })
            })
            .collect()
    }

    /// Scheme v2: every node's signed share of `draw` (asked at once), each checked against the
    /// node's key in `MatchCreated`, and the values of their combination: the commit to log.
    /// A node that does not answer fails the whole draw, naming it: nothing is logged.
    async fn draw_v2(&self, rec: &MatchRecord, draw: &engine::DrawRequest) -> std::result::Result<commit_input::Input, NodeRefusal> {
        let (request, req) = draw_requests(rec, draw).map_err(NodeRefusal::Error)?;
        let Some(fair_kind) = req.kind.map(fairness::DrawKind::from) else {
            return Err(NodeRefusal::Error(OrchestratorError::Internal("a draw request without a kind".into())));
        };
        let nodes = self.match_nodes(rec).map_err(NodeRefusal::Error)?;
        let asked = nodes.iter().map(|node| {
            let mut client = node.client.clone();
            let req = req.clone();
            async move { client.draw(req).await.map(|r| r.into_inner()).map_err(|s| (*node, s)) }
        });
        let answers = futures::future::join_all(asked).await;
        let mut shares = Vec::with_capacity(nodes.len());
        let mut raw = Vec::with_capacity(nodes.len());
        for (j, answer) in answers.into_iter().enumerate() {
            let outcome = match answer {
                Ok(outcome) => outcome,
                Err((node, status)) if status.code() == tonic::Code::FailedPrecondition => return Err(NodeRefusal::Status(named(node, status))),
                Err((node, status)) => return Err(NodeRefusal::Error(node_err(node, status))),
            };
            let node = j as u32;
            let logged = &rec.randomness_nodes[j];
            let share: Option<fairness::v2::Share> = outcome.share.as_slice().try_into().ok();
            let signed = share.is_some_and(|share| {
                let message = fairness::v2::share_message(&rec.match_id, node, &draw.purpose, draw.index, fair_kind, &share);
                fairness::verify_signature(&logged.public_key, &message, &outcome.signature).is_ok()
            });
            let Some(share) = share.filter(|_| signed) else {
                return Err(NodeRefusal::Error(node_err(
                    nodes[j],
                    tonic::Status::data_loss("its share is not signed by its key in the match's creation; nothing is logged"),
                )));
            };
            raw.push(share);
            shares.push(DrawShare { node, share: share.to_vec(), signature: outcome.signature });
        }
        let values = fairness::v2::draw_values(&rec.match_id, &draw.purpose, draw.index, fair_kind, &raw)
            .map_err(|e| NodeRefusal::Error(OrchestratorError::Internal(format!("cannot combine the shares: {e}"))))?;
        Ok(commit_input::Input::Draw(RandomDraw { request: Some(request), values, signature: Vec::new(), shares }))
    }

    /// The randomness service refused a draw or reveal. It answers only what the log awaits, so
    /// FAILED_PRECONDITION may mean our record is stale (another orchestrator has drawn and the
    /// match moved on): catch up and let `drive` look again, as after an append conflict. Any
    /// other refusal, or one the log does not explain, is the error.
    async fn stale_or(&self, rec: &mut MatchRecord, status: tonic::Status, conflicts: &mut u32) -> Result<()> {
        if status.code() == tonic::Code::FailedPrecondition && *conflicts < MAX_CONFLICT_RETRIES && self.catch_up(rec).await? {
            *conflicts += 1;
            return Ok(());
        }
        Err(randomness_err(status))
    }

    /// A commit of `drive`: when another orchestrator appended first, the record has caught up
    /// and the loop looks again at what the match awaits (maybe the same draw, already logged).
    async fn commit_or_catch_up(&self, rec: &mut MatchRecord, input: commit_input::Input, conflicts: &mut u32) -> Result<()> {
        match self.commit(rec, input).await {
            Err(OrchestratorError::Stale(_)) if *conflicts < MAX_CONFLICT_RETRIES => {
                *conflicts += 1;
                Ok(())
            }
            other => other.map(|_| ()),
        }
    }
}

/// Why a v2 draw was not made: a refusal `drive` may explain by catching up (a node's
/// FAILED_PRECONDITION: the match moved on), or the error to return.
enum NodeRefusal {
    Status(tonic::Status),
    Error(OrchestratorError),
}

/// A node's refusal, naming the node (`UNAVAILABLE` when it is down).
fn node_err(node: &RandomnessNode, status: tonic::Status) -> OrchestratorError {
    randomness_err(named(node, status))
}

/// `status` with the node's name and URL in front of its message.
fn named(node: &RandomnessNode, status: tonic::Status) -> tonic::Status {
    tonic::Status::new(status.code(), format!("randomness node {:?} ({}): {}", node.name, node.url, status.message()))
}

/// Write the queued snapshots in order. Every SNAPSHOT_EVERY commits one is also kept under its
/// version, for rebuilds of earlier versions than the latest snapshot (`Matches::snapshot_upto`).
async fn write_snapshots(log: Arc<dyn EventLog>, mut queue: mpsc::Receiver<(String, eventlog::Snapshot)>) {
    while let Some((match_id, snap)) = queue.recv().await {
        let version = snap.version;
        let kept = if version.is_multiple_of(snapshot::SNAPSHOT_EVERY) { log.put_snapshot_at(&match_id, snap.clone()).await } else { Ok(()) };
        match kept.and(log.put_snapshot(&match_id, snap).await) {
            Ok(()) => tracing::debug!(match_id, version, "snapshot written"),
            Err(e) => tracing::warn!(match_id, version, error = %e, "could not write a snapshot"),
        }
    }
}

/// Check that a stored commit continues the match's signed hash chain under `own`, this
/// orchestrator's key; returns its hash. Anything appended by someone else fails here.
pub fn check_chain(rec: &MatchRecord, stored: &StoredCommit, commit: &Commit, own: &fairness::chain::OrchestratorKey) -> Result<[u8; 32]> {
    check_commit(rec, stored, commit, own, true)
}

/// [`check_chain`], with the signature verified only when `verify_signature` (a replay whose
/// run was checked as a whole passes false: a later signature already binds this commit).
fn check_commit(
    rec: &MatchRecord,
    stored: &StoredCommit,
    commit: &Commit,
    own: &fairness::chain::OrchestratorKey,
    verify_signature: bool,
) -> Result<[u8; 32]> {
    let tampered = |detail: String| OrchestratorError::Tampered {
        match_id: rec.match_id.clone(),
        version: stored.version,
        detail,
    };
    if stored.version == 1 && commit.log_format != fairness::chain::LOG_FORMAT_SIGNED {
        return Err(tampered(
            "the log is unsigned (format 1, written before logs were signed); this orchestrator serves \
             only signed logs (format 2), so audit such a match offline with `arbiter audit`"
                .into(),
        ));
    }
    let link = fairness::chain::Link { stored: &stored.payload, log_format: commit.log_format, prev_hash: &commit.prev_hash };
    if let Some(commit_input::Input::Created(c)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) {
        if c.orchestrator_public_key != own.to_bytes() {
            // Signed by the key it names: a real match of another key (a lost key file replaced,
            // the wrong file), the operator's to fix. Not signed by it: tampering.
            fairness::chain::check_link(link, rec.last_hash.as_ref(), &c.orchestrator_public_key)
                .map_err(|e| tampered(format!("the commit: {e}")))?;
            return Err(OrchestratorError::WrongKey {
                match_id: rec.match_id.clone(),
                created_under: short_hex(&c.orchestrator_public_key),
                own: short_hex(&own.to_bytes()),
                key_file: crate::keys::key_file(),
            });
        }
    }
    let checked = if verify_signature {
        own.check_link(link, rec.last_hash.as_ref())
    } else {
        fairness::chain::check_hash_link(link, rec.last_hash.as_ref())
    };
    checked.map_err(|e| tampered(format!("the commit: {e}")))?;
    Ok(fairness::chain::commit_hash(&stored.payload))
}

/// A seat's act (decision, concession) must carry the signature of the key the seat registered
/// when it joined, over the act made against the commit before it (docs/log.md, "Seat-signed
/// acts"); a registered key must be one. The orchestrator key alone cannot write such an act,
/// so one that fails here was forged by whoever holds it, and the match is frozen (DATA_LOSS).
fn check_seat_act(rec: &MatchRecord, commit: &Commit) -> Result<()> {
    let tampered = |detail: String| OrchestratorError::Tampered { match_id: rec.match_id.clone(), version: commit.version, detail };
    if let Some(commit_input::Input::Joined(j)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) {
        if !j.seat_public_key.is_empty() {
            fairness::seat::SeatKey::parse(&j.seat_public_key)
                .map_err(|e| tampered(format!("seat {} registers a key that is not one: {e}", j.seat)))?;
        }
        return Ok(());
    }
    api::seat::check_act(commit, |seat| rec.seats.get(seat as usize).and_then(|s| s.public_key.as_ref()))
        .map(|_| ())
        .map_err(tampered)
}

/// Time called must have been due at the time it logs, by the clocks folded from the log.
fn check_time_called(rec: &MatchRecord, commit: &Commit) -> Result<()> {
    let Some(commit_input::Input::Time(t)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) else {
        return Ok(());
    };
    let due = rec.clocks.as_ref().and_then(|c| c.due(t.at_ms));
    if due.map(|d| d.flagged_seat) != Some(t.flagged_seat) || commit.written_at_ms != t.at_ms {
        return Err(OrchestratorError::ReplayMismatch {
            match_id: rec.match_id.clone(),
            version: commit.version,
            detail: format!(
                "time was called at {} ms (flagged seat {:?}), but by the logged clocks it was not due then",
                t.at_ms, t.flagged_seat
            ),
        });
    }
    Ok(())
}

pub fn unknown_match(match_id: &str) -> OrchestratorError {
    OrchestratorError::NotFound(format!("there is no match with id {}", crate::limits::quote(match_id)))
}

/// The first bytes of a key, in hex, for messages.
pub fn short_hex(bytes: &[u8]) -> String {
    format!("{}…", hex::encode(bytes.get(..8).unwrap_or(bytes)))
}

fn poisoned() -> OrchestratorError {
    OrchestratorError::Internal("the match cache lock is poisoned".into())
}

/// The `written_at_ms` of a commit of `input`. A commit whose content the log alone decides (a
/// draw, the reveal) has 0, so that any orchestrator writes it byte for byte the same: the same
/// signed bytes (Ed25519 is deterministic), the same msg id, and JetStream's deduplication
/// merges two orchestrators' writes of it instead of failing one of them (`docs/log.md`).
/// The W3C trace context of the commit (docs/observability.md): the trace of the request that
/// wrote it, when tracing is on. Never on a draw or a reveal: those must be the same bytes
/// whoever writes them, so that JetStream merges two orchestrators' appends of one draw
/// (docs/reliability.md); their trace is in the NATS message's headers only.
fn trace_context(input: &commit_input::Input) -> std::collections::HashMap<String, String> {
    match input {
        commit_input::Input::Draw(_) | commit_input::Input::Revealed(_) => Default::default(),
        // Only non-empty values (an empty `tracestate` says nothing).
        _ => telemetry::propagate::current_context().into_iter().filter(|(_, v)| !v.is_empty()).collect(),
    }
}

fn written_at_ms(input: &commit_input::Input) -> i64 {
    match input {
        commit_input::Input::Draw(_) | commit_input::Input::Revealed(_) => 0,
        commit_input::Input::Created(_)
        | commit_input::Input::Joined(_)
        | commit_input::Input::Decision(_)
        | commit_input::Input::Conceded(_)
        | commit_input::Input::Adjudicated(_) => now_ms(),
        // The time the orchestrator used is in the input itself.
        commit_input::Input::Time(t) => t.at_ms,
    }
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

fn input_kind(c: &Commit) -> &'static str {
    c.input.as_ref().and_then(|i| i.input.as_ref()).map(input_kind_of).unwrap_or("none")
}

fn input_kind_of(input: &commit_input::Input) -> &'static str {
    match input {
        commit_input::Input::Created(_) => "created",
        commit_input::Input::Joined(_) => "joined",
        commit_input::Input::Decision(_) => "decision",
        commit_input::Input::Draw(_) => "draw",
        commit_input::Input::Revealed(_) => "revealed",
        commit_input::Input::Conceded(_) => "conceded",
        commit_input::Input::Adjudicated(_) => "adjudicated",
        commit_input::Input::Time(_) => "time",
    }
}

/// The draw the match awaits, as the log records it and as every randomness node is asked for
/// it (the same request for one node or several).
fn draw_requests(rec: &MatchRecord, draw: &engine::DrawRequest) -> Result<(r::DrawRequest, rnd::DrawRequest)> {
    let logged = convert::draw_request_to_proto(draw);
    let Some(kind) = logged.kind.map(|k| rnd::draw_request::Kind::from(fairness::DrawKind::from(k))) else {
        return Err(OrchestratorError::Internal("a draw request without a kind".into()));
    };
    let asked = rnd::DrawRequest {
        match_id: rec.match_id.clone(),
        seat_entropies: rec.seat_entropies(),
        index: draw.index,
        purpose: draw.purpose.clone(),
        kind: Some(kind),
    };
    Ok((logged, asked))
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::log_v1::{MatchCreated, SeatJoined};

    fn sealed(signer: &fairness::Signer, commit: &Commit) -> StoredCommit {
        let payload = fairness::chain::seal(signer, &commit.encode_to_vec());
        StoredCommit { version: commit.version, sequence: commit.version, payload: Bytes::from(payload) }
    }

    fn commit(version: u64, input: commit_input::Input, prev: Option<&StoredCommit>) -> Commit {
        Commit {
            match_id: "m".into(),
            version,
            input: Some(CommitInput { input: Some(input) }),
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: prev.map(|p| fairness::chain::commit_hash(&p.payload).to_vec()).unwrap_or_default(),
            ..Default::default()
        }
    }

    fn created(key: [u8; 32]) -> commit_input::Input {
        commit_input::Input::Created(MatchCreated { orchestrator_public_key: key.to_vec(), ..Default::default() })
    }

    fn joined() -> commit_input::Input {
        commit_input::Input::Joined(SeatJoined { seat: 0, entropy: vec![1; 16], token_hash: vec![2; 32], seat_public_key: vec![] })
    }

    #[test]
    fn the_chain_accepts_our_commits_and_names_the_first_foreign_one() {
        let ours = fairness::Signer::from_seed(&[1; 32]);
        let own = ours.public_key();
        let mut rec = MatchRecord::empty("m");
        let c1 = commit(1, created(own), None);
        let s1 = sealed(&ours, &c1);
        rec.last_hash = Some(check_chain(&rec, &s1, &c1, &ours.orchestrator_key()).expect("ours"));
        let c2 = commit(2, joined(), Some(&s1));
        let s2 = sealed(&ours, &c2);
        assert!(check_chain(&rec, &s2, &c2, &ours.orchestrator_key()).is_ok());

        // Same content, signed by another key.
        let forged = sealed(&fairness::Signer::from_seed(&[2; 32]), &c2);
        let err = check_chain(&rec, &forged, &c2, &ours.orchestrator_key()).expect_err("foreign").to_string();
        assert!(err.contains("at version 2") && err.contains("signature"), "{err}");
        // Our signature, but not chained to the commit before.
        let unchained = commit(2, joined(), None);
        let err = check_chain(&rec, &sealed(&ours, &unchained), &unchained, &ours.orchestrator_key()).expect_err("unchained").to_string();
        assert!(err.contains("prev_hash"), "{err}");
        // A tonic status of DATA_LOSS.
        let status = tonic::Status::from(check_chain(&rec, &forged, &c2, &ours.orchestrator_key()).expect_err("foreign"));
        assert_eq!(status.code(), tonic::Code::DataLoss);
    }

    /// A log that counts full reads (what a rebuild without a snapshot does).
    struct CountingLog {
        inner: eventlog::MemoryLog,
        reads: std::sync::atomic::AtomicUsize,
    }

    #[async_trait::async_trait]
    impl EventLog for CountingLog {
        async fn append(&self, match_id: &str, expected: Option<u64>, msg_id: &str, payload: Bytes) -> Result<u64, eventlog::LogError> {
            self.inner.append(match_id, expected, msg_id, payload).await
        }
        async fn read(&self, match_id: &str, from_version: u64) -> Result<Vec<StoredCommit>, eventlog::LogError> {
            self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            // Slow enough that every concurrent request arrives while the first one reads.
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            self.inner.read(match_id, from_version).await
        }
        async fn read_after(&self, match_id: &str, after: u64, next: u64) -> Result<Vec<StoredCommit>, eventlog::LogError> {
            self.inner.read_after(match_id, after, next).await
        }
        async fn watch(
            &self,
            match_id: &str,
            from_version: u64,
        ) -> Result<futures::stream::BoxStream<'static, Result<StoredCommit, eventlog::LogError>>, eventlog::LogError> {
            self.inner.watch(match_id, from_version).await
        }
        async fn put_snapshot(&self, match_id: &str, snapshot: eventlog::Snapshot) -> Result<(), eventlog::LogError> {
            self.inner.put_snapshot(match_id, snapshot).await
        }
        async fn get_snapshot(&self, match_id: &str) -> Result<Option<eventlog::Snapshot>, eventlog::LogError> {
            self.inner.get_snapshot(match_id).await
        }
    }

    /// Backends on `log` with a real rules service in process; the randomness service is never
    /// reached (nothing listens at its address).
    async fn backends_on(log: Arc<dyn EventLog>) -> anyhow::Result<Backends> {
        use api::rules_v1::rules_service_server::RulesServiceServer;
        let (incoming, addr) = api::server::bind("rules", "127.0.0.1:0".parse()?).await?;
        let service = RulesServiceServer::new(rules_service::Rules::new(0));
        tokio::spawn(tonic::transport::Server::builder().add_service(service).serve_with_incoming(incoming));
        let rules = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))?.connect().await?;
        let rules = RulesServiceClient::new(TracedChannel::new(rules, "rules"));
        let randomness = RandomnessServiceClient::new(TracedChannel::new(
            tonic::transport::Endpoint::from_static("http://127.0.0.1:9").connect_lazy(),
            "randomness",
        ));
        Ok(Backends { rules, randomness, nodes: Vec::new(), log, signer: Arc::new(fairness::Signer::from_seed(&[7; 32])) })
    }

    /// A two-seat match created through `writer`.
    async fn created_match(writer: &Matches, match_id: &str) -> anyhow::Result<MatchRecord> {
        let seats = (0..2).map(|i| api::match_v1::SeatSpec { name: format!("S{i}"), deck: String::new(), ..Default::default() }).collect();
        let config = r::MatchConfig { ruleset: "mainframe".into(), seats, options: Default::default() };
        let created = MatchCreated {
            config: Some(config),
            join_code_hashes: vec![vec![1; 32], vec![2; 32]],
            orchestrator_public_key: writer.backends().signer.public_key().to_vec(),
            ..Default::default()
        };
        let mut rec = MatchRecord::empty(match_id);
        writer.commit(&mut rec, commit_input::Input::Created(created)).await?;
        Ok(rec)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn two_orchestrators_writing_the_same_draw_write_the_same_bytes_and_both_succeed() -> anyhow::Result<()> {
        let log = Arc::new(eventlog::MemoryLog::new());
        let backends = backends_on(log.clone()).await?;
        let (a, b) = (Matches::new(backends.clone()), Matches::new(backends));
        let mut rec = created_match(&a, "m2").await?;
        for seat in 0..2u32 {
            let joined = SeatJoined { seat, entropy: vec![seat as u8 + 1; 32], token_hash: vec![9; 32], seat_public_key: vec![] };
            a.commit(&mut rec, commit_input::Input::Joined(joined)).await?;
        }
        let Some(Awaiting::Draw(draw)) = rec.awaiting.clone() else {
            anyhow::bail!("the match awaits {:?}, not a draw", rec.awaiting);
        };
        let values = match draw.kind {
            engine::DrawKind::Range(_) => vec![0],
            engine::DrawKind::Shuffle(n) => (0..n).collect(),
        };
        let input = commit_input::Input::Draw(RandomDraw { request: Some(convert::draw_request_to_proto(&draw)), values, signature: vec![5; 64], shares: Vec::new() });
        // Both orchestrators have the match at the same version and write its draw.
        let mut other = rec.clone();
        let first = a.commit(&mut rec, input.clone()).await?;
        // A clock in the commit would differ by now.
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        let second = b.commit(&mut other, input).await?;
        assert_eq!(first, second);
        assert_eq!((rec.last_sequence, rec.last_hash), (other.last_sequence, other.last_hash), "the same stored commit");
        assert_eq!(log.read("m2", 1).await?.len(), 4, "stored once");
        Ok(())
    }

    /// With tracing on, a client's input names its trace in the commit, and a draw written by
    /// two orchestrators in two different traces is still the same bytes (docs/observability.md).
    #[tokio::test(flavor = "current_thread")]
    async fn with_tracing_on_a_join_names_its_trace_and_a_draw_stays_the_same_bytes() -> anyhow::Result<()> {
        use tracing::Instrument;
        let _subscriber = tracing::subscriber::set_default(telemetry::local_tracing());
        telemetry::set_tracing_enabled(true);
        let log = Arc::new(eventlog::MemoryLog::new());
        let backends = backends_on(log.clone()).await?;
        let (a, b) = (Matches::new(backends.clone()), Matches::new(backends));
        let mut rec = created_match(&a, "m4").await?;
        for seat in 0..2u32 {
            let joined = SeatJoined { seat, entropy: vec![seat as u8 + 1; 32], token_hash: vec![9; 32], seat_public_key: vec![] };
            a.commit(&mut rec, commit_input::Input::Joined(joined)).instrument(tracing::info_span!("join")).await?;
        }
        let stored = log.read("m4", 1).await?;
        let join = Commit::decode(stored.last().map(|c| c.payload.clone()).unwrap_or_default())?;
        let traceparent = join.trace_context.get("traceparent").cloned().unwrap_or_default();
        assert_eq!(traceparent.len(), 55, "a W3C traceparent in the join's commit: {:?}", join.trace_context);
        let Some(Awaiting::Draw(draw)) = rec.awaiting.clone() else {
            anyhow::bail!("the match awaits {:?}, not a draw", rec.awaiting);
        };
        let values = match draw.kind {
            engine::DrawKind::Range(_) => vec![0],
            engine::DrawKind::Shuffle(n) => (0..n).collect(),
        };
        let input = commit_input::Input::Draw(RandomDraw { request: Some(convert::draw_request_to_proto(&draw)), values, signature: vec![5; 64], shares: Vec::new() });
        let mut other = rec.clone();
        // Two requests, two traces.
        let first = a.commit(&mut rec, input.clone()).instrument(tracing::info_span!("first")).await?;
        let second = b.commit(&mut other, input).instrument(tracing::info_span!("second")).await?;
        telemetry::set_tracing_enabled(false);
        assert_eq!(first, second);
        assert_eq!((rec.last_sequence, rec.last_hash), (other.last_sequence, other.last_hash), "the same stored commit");
        let stored = log.read("m4", 1).await?;
        assert_eq!(stored.len(), 4, "stored once");
        let draw = Commit::decode(stored.last().map(|c| c.payload.clone()).unwrap_or_default())?;
        assert!(draw.trace_context.is_empty(), "no trace context in a draw: {:?}", draw.trace_context);
        Ok(())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_first_requests_on_an_uncached_match_rebuild_it_once() -> anyhow::Result<()> {
        let log = Arc::new(CountingLog { inner: eventlog::MemoryLog::new(), reads: Default::default() });
        let backends = backends_on(log.clone()).await?;

        // A match in the log, written by one orchestrator...
        let writer = Matches::new(backends.clone()).full_replay(true);
        created_match(&writer, "m1").await?;

        // ...served by another that has never seen it: ten requests at once, one rebuild.
        let reader = Arc::new(Matches::new(backends).full_replay(true));
        let before = log.reads.load(std::sync::atomic::Ordering::SeqCst);
        let tasks: Vec<_> = (0..10)
            .map(|_| {
                let reader = reader.clone();
                tokio::spawn(async move { reader.lock_cached("m1").await.map(|r| r.version) })
            })
            .collect();
        for t in tasks {
            assert_eq!(t.await??, 1);
        }
        assert_eq!(log.reads.load(std::sync::atomic::Ordering::SeqCst) - before, 1, "one rebuild for ten first requests");
        Ok(())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_snapshot_from_other_rules_is_left_for_a_replay_from_version_1() -> anyhow::Result<()> {
        let log = Arc::new(eventlog::MemoryLog::new());
        let backends = backends_on(log.clone()).await?;
        let writer = Matches::new(backends.clone());
        let rec = created_match(&writer, "m3").await?;
        assert!(!rec.rules_version.is_empty(), "the record knows its rules version");
        let sequence = rec.last_sequence.ok_or_else(|| anyhow::anyhow!("no sequence"))?;
        // A snapshot as an older engine build would have left it: another rules version and a
        // state blob today's rules cannot read.
        let put = |rules_version: &str| {
            let mut old = rec.clone();
            old.rules_version = rules_version.to_string();
            old.state = b"state of another layout".to_vec();
            let state = Bytes::from(snapshot::encode(&old, &backends.signer));
            eventlog::Snapshot { version: old.version, sequence, state }
        };
        log.put_snapshot("m3", put("mainframe-0.0.1-old")).await?;
        let rebuilt = Matches::new(backends.clone()).rebuild("m3", None).await?;
        assert_eq!(rebuilt.state, rec.state, "replayed from version 1, not taken from the snapshot");
        // Without a rules version (written before it was recorded): replayed too.
        log.put_snapshot("m3", put("")).await?;
        let rebuilt = Matches::new(backends.clone()).rebuild("m3", None).await?;
        assert_eq!(rebuilt.state, rec.state);
        // The same snapshot under the current rules version is used as it is (so the check
        // above is what kept the foreign state out).
        log.put_snapshot("m3", put(&rec.rules_version)).await?;
        let rebuilt = Matches::new(backends).rebuild("m3", None).await?;
        assert_eq!(rebuilt.state, b"state of another layout".to_vec());
        Ok(())
    }

    /// An orchestrator with another key (its key file lost and replaced) refuses a match made
    /// under the old one, even with a snapshot the old key signed that would rebuild it, and
    /// its own key still serves the match.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_match_made_under_another_orchestrator_key_is_refused_as_failed_precondition_even_with_a_snapshot() -> anyhow::Result<()> {
        let log = Arc::new(eventlog::MemoryLog::new());
        let backends = backends_on(log.clone()).await?;
        let writer = Matches::new(backends.clone());
        let rec = created_match(&writer, "m6").await?;
        let sequence = rec.last_sequence.ok_or_else(|| anyhow::anyhow!("no sequence"))?;
        let state = Bytes::from(snapshot::encode(&rec, &backends.signer));
        log.put_snapshot("m6", eventlog::Snapshot { version: rec.version, sequence, state }).await?;
        let replaced = Backends { signer: Arc::new(fairness::Signer::from_seed(&[8; 32])), ..backends.clone() };
        let err = Matches::new(replaced).lock("m6").await.err().ok_or_else(|| anyhow::anyhow!("served under another key"))?;
        assert!(matches!(err, OrchestratorError::WrongKey { .. }), "{err}");
        let status = tonic::Status::from(err);
        assert_eq!(status.code(), tonic::Code::FailedPrecondition, "{}", status.message());
        assert!(status.message().contains(&short_hex(&backends.signer.public_key())), "{}", status.message());
        assert_eq!(log.read("m6", 1).await?.len(), 1, "nothing appended");
        assert_eq!(Matches::new(backends).rebuild("m6", None).await?.version, 1, "the key that made it serves it");
        Ok(())
    }

    /// A rebuild checks its commits as one run (one signature), yet a forged run on top of an
    /// honest log is refused at its first forged version, as a commit-by-commit check would.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_rebuild_names_the_first_of_several_forged_commits() -> anyhow::Result<()> {
        let log = Arc::new(eventlog::MemoryLog::new());
        let backends = backends_on(log.clone()).await?;
        let writer = Matches::new(backends.clone());
        let rec = created_match(&writer, "m5").await?;
        let forger = fairness::Signer::from_seed(&[8; 32]);
        let mut last = log.read("m5", 1).await?.pop().ok_or_else(|| anyhow::anyhow!("no commit"))?;
        for version in 2..=4 {
            let forged = Commit {
                match_id: "m5".into(),
                version,
                input: Some(CommitInput { input: Some(joined()) }),
                log_format: fairness::chain::LOG_FORMAT_SIGNED,
                prev_hash: fairness::chain::commit_hash(&last.payload).to_vec(),
                ..Default::default()
            };
            let payload = Bytes::from(fairness::chain::seal(&forger, &forged.encode_to_vec()));
            log.append("m5", Some(last.sequence), &format!("f{version}"), payload).await?;
            last = log.read("m5", 1).await?.pop().ok_or_else(|| anyhow::anyhow!("no commit"))?;
        }
        let err = Matches::new(backends).full_replay(true).rebuild("m5", None).await.expect_err("forged");
        assert!(matches!(err, OrchestratorError::Tampered { version: 2, .. }), "{err}");
        assert_eq!(rec.version, 1);
        Ok(())
    }

    /// A version below the latest snapshot starts from the snapshot kept at the last multiple of
    /// SNAPSHOT_EVERY at or below it, not from version 1 (and never from one above it).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_earlier_version_starts_from_the_snapshot_kept_at_or_below_it() -> anyhow::Result<()> {
        let log = Arc::new(eventlog::MemoryLog::new());
        let matches = Matches::new(backends_on(log.clone()).await?);
        let snap = |version: u64| eventlog::Snapshot { version, sequence: version * 10, state: Bytes::new() };
        let every = snapshot::SNAPSHOT_EVERY;
        log.put_snapshot_at("m4", snap(every)).await?;
        log.put_snapshot_at("m4", snap(2 * every)).await?;
        log.put_snapshot("m4", snap(2 * every + 5)).await?;
        let at = |upto: Option<u64>| {
            let matches = &matches;
            async move { matches.snapshot_upto("m4", upto).await.map(|s| s.map(|s| s.version)) }
        };
        assert_eq!(at(None).await?, Some(2 * every + 5), "the latest, for the latest version");
        assert_eq!(at(Some(2 * every + 5)).await?, Some(2 * every + 5));
        assert_eq!(at(Some(2 * every + 4)).await?, Some(2 * every));
        assert_eq!(at(Some(2 * every - 1)).await?, Some(every));
        assert_eq!(at(Some(every)).await?, Some(every));
        assert_eq!(at(Some(every - 1)).await?, None, "nothing kept below the first multiple");
        Ok(())
    }

    #[test]
    fn unsigned_logs_and_other_keys_are_refused_at_creation() {
        let ours = fairness::Signer::from_seed(&[1; 32]);
        let own = ours.public_key();
        let rec = MatchRecord::empty("m");
        let mut old = commit(1, created(own), None);
        old.log_format = 0;
        let stored = StoredCommit { version: 1, sequence: 1, payload: Bytes::from(old.encode_to_vec()) };
        let err = check_chain(&rec, &stored, &old, &ours.orchestrator_key()).expect_err("format 1").to_string();
        assert!(err.contains("format 1") && err.contains("arbiter audit"), "{err}");
        // Created and signed under another key: the operator's key problem, FAILED_PRECONDITION
        // naming both keys and what to do; the same commit not signed by the key it names is
        // tampering, DATA_LOSS.
        let other = fairness::Signer::from_seed(&[3; 32]);
        let theirs = commit(1, created(other.public_key()), None);
        let err = check_chain(&rec, &sealed(&other, &theirs), &theirs, &ours.orchestrator_key()).expect_err("other key");
        assert!(matches!(err, OrchestratorError::WrongKey { .. }), "{err}");
        let status = tonic::Status::from(err);
        assert_eq!(status.code(), tonic::Code::FailedPrecondition, "{}", status.message());
        for part in [short_hex(&other.public_key()), short_hex(&own), "restore the key file that created this match".into(), "--key-file".into()] {
            assert!(status.message().contains(&part), "{part:?} not in {}", status.message());
        }
        let forged = sealed(&fairness::Signer::from_seed(&[4; 32]), &theirs);
        let status = tonic::Status::from(check_chain(&rec, &forged, &theirs, &ours.orchestrator_key()).expect_err("forged"));
        assert_eq!(status.code(), tonic::Code::DataLoss, "{}", status.message());
    }
}
