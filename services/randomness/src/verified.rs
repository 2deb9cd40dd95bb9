//! What the service knows of each match's log: its commits checked against the signed hash
//! chain, kept in a bounded cache so a draw reads only the commits appended since the last one.
//!
//! Must never: act on a commit before the orchestrator signature that binds it has verified, or
//! treat the cache as more than a cache (the log decides; a dropped entry is checked again).

use std::collections::{HashMap, VecDeque};

use api::log_v1::commit_input::Input;
use api::log_v1::Commit;
use api::rules_v1::awaiting::What;
use prost::Message;

use std::sync::{Arc, Mutex as StdMutex};

use eventlog::EventLog;

use crate::error::RandomnessError;

/// How many matches' checked logs are remembered; past that the oldest entry is dropped (and
/// that match is checked from its first commit again on its next draw).
const VERIFIED_CACHE_MATCHES: usize = 10_000;
/// On a JetStream cluster, direct gets are answered by any replica, and a follower may be a few
/// milliseconds behind the leader the orchestrator wrote to: a log that does not await a
/// request (yet) is read again after these pauses before the request is refused: 20, 54, 146,
/// 394 ms (about 0.6 s in all).
const STALE_READ: infra::retry::Policy = infra::retry::Policy::new()
    .with_min_delay(std::time::Duration::from_millis(20))
    .with_factor(2.7)
    .with_max_delay(std::time::Duration::from_millis(400))
    .with_max_times(4);
/// An unavailable log that answered faster than this is read again (see above).
const STALE_READ_QUICK: std::time::Duration = std::time::Duration::from_millis(300);

/// What this service knows of a match's log after checking its signed hash chain up to
/// `version`: enough to judge a draw or a reveal without reading the log from the start again.
#[derive(Clone, Debug)]
pub(crate) struct VerifiedLog {
    pub(crate) version: u64,
    /// Stream sequence of the last checked commit (where the next read starts).
    pub(crate) sequence: u64,
    /// SHA-256 of the last checked commit's stored bytes (the next commit's `prev_hash`).
    pub(crate) last_hash: [u8; 32],
    /// The orchestrator key named by commit 1, which must sign every commit (parsed once).
    pub(crate) orchestrator_key: fairness::chain::OrchestratorKey,
    /// The randomness public key named by commit 1: only that key draws or reveals for it.
    pub(crate) randomness_key: Vec<u8>,
    /// Scheme v2: the match's nodes (key and commitment) named by commit 1; empty for v1.
    pub(crate) nodes: Vec<api::log_v1::RandomnessNode>,
    /// Each seat's logged entropy, `None` until it has joined.
    pub(crate) entropies: Vec<Option<Vec<u8>>>,
    /// What the last checked commit awaits.
    pub(crate) awaiting: Option<What>,
}

impl VerifiedLog {
    /// Check the commits read after `prefix` (`None`: the log from commit 1) against the chain
    /// and fold them in. Every hash link is checked, and the orchestrator's signature on the
    /// last commit only: it binds every commit before it (`fairness::chain::OrchestratorKey::check_run`).
    /// Nothing read here is used before that signature verifies; on a failure, the error names
    /// the first bad version, as a commit-by-commit check would.
    fn extend(prefix: Option<&VerifiedLog>, match_id: &str, fresh: &[eventlog::StoredCommit]) -> Result<Option<VerifiedLog>, RandomnessError> {
        let tampered = |version: u64, detail: String| RandomnessError::Tampered { match_id: match_id.to_string(), version, detail };
        let mut next = prefix.cloned();
        let mut commits = Vec::with_capacity(fresh.len());
        // A commit that cannot be read stops the run there; it is reported only if the commits
        // before it verify (else the first of those that does not is the first bad version).
        let mut unreadable = None;
        for stored in fresh {
            let commit = match Commit::decode(stored.payload.as_ref()) {
                Ok(c) => c,
                Err(e) => {
                    unreadable = Some(tampered(stored.version, format!("the commit does not decode: {e}")));
                    break;
                }
            };
            if next.is_none() {
                match commit.input.as_ref().and_then(|i| i.input.as_ref()) {
                    Some(Input::Created(c)) if stored.version == 1 => match fairness::chain::OrchestratorKey::parse(&c.orchestrator_public_key) {
                        Ok(orchestrator_key) => {
                            next = Some(VerifiedLog {
                                version: 0,
                                sequence: 0,
                                last_hash: [0; 32],
                                orchestrator_key,
                                randomness_key: c.randomness_public_key.clone(),
                                nodes: c.randomness_nodes.clone(),
                                entropies: vec![None; c.config.as_ref().map(|c| c.seats.len()).unwrap_or(0)],
                                awaiting: None,
                            })
                        }
                        Err(e) => return Err(tampered(stored.version, format!("the commit: {e}"))),
                    },
                    _ => return Err(tampered(stored.version, "the first commit of a log must create the match".into())),
                }
            }
            commits.push(commit);
        }
        let Some(mut next) = next else { return unreadable.map_or(Ok(None), Err) };
        let links: Vec<fairness::chain::Link<'_>> = fresh
            .iter()
            .zip(&commits)
            .map(|(stored, commit)| fairness::chain::Link { stored: &stored.payload, log_format: commit.log_format, prev_hash: &commit.prev_hash })
            .collect();
        let previous_hash = prefix.map(|p| &p.last_hash);
        let last_hash = next.orchestrator_key.check_run(&links, previous_hash).map_err(|e| {
            let version = fresh.get(e.index).map(|s| s.version).unwrap_or_default();
            tampered(version, format!("the commit: {}", e.error))
        })?;
        if let Some(e) = unreadable {
            return Err(e);
        }
        for (stored, commit) in fresh.iter().zip(commits) {
            if let Some(Input::Joined(j)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) {
                if let Some(slot) = next.entropies.get_mut(j.seat as usize) {
                    *slot = Some(j.entropy.clone());
                }
            }
            next.version = stored.version;
            next.sequence = stored.sequence;
            next.awaiting = commit.awaiting.and_then(|a| a.what);
        }
        if let Some(hash) = last_hash {
            next.last_hash = hash;
        }
        Ok(Some(next))
    }
}

/// A bounded map of checked logs; the oldest inserted match leaves first.
#[derive(Default)]
pub(crate) struct VerifiedCache {
    logs: HashMap<String, VerifiedLog>,
    order: VecDeque<String>,
}

impl VerifiedCache {
    fn get(&self, match_id: &str) -> Option<VerifiedLog> {
        self.logs.get(match_id).cloned()
    }

    /// Remember `log` unless a longer checked prefix is already there (a concurrent draw).
    fn put(&mut self, match_id: &str, log: VerifiedLog) {
        match self.logs.get_mut(match_id) {
            Some(known) if known.version >= log.version => {}
            Some(known) => *known = log,
            None => {
                self.logs.insert(match_id.to_string(), log);
                self.order.push_back(match_id.to_string());
                while self.order.len() > VERIFIED_CACHE_MATCHES {
                    if let Some(old) = self.order.pop_front() {
                        self.logs.remove(&old);
                    }
                }
            }
        }
    }
}

/// The match log as this service reads it: every match's commits checked against the signed
/// chain, the checked prefix of each kept in a bounded cache.
pub(crate) struct CheckedLogs {
    log: Arc<dyn EventLog>,
    verified: StdMutex<VerifiedCache>,
}

impl CheckedLogs {
    pub(crate) fn new(log: Arc<dyn EventLog>) -> Self {
        CheckedLogs { log, verified: StdMutex::new(VerifiedCache::default()) }
    }

    /// The log itself, unchecked (only to ask whether a match exists).
    pub(crate) fn raw(&self) -> &dyn EventLog {
        self.log.as_ref()
    }

    /// The match's log, checked against the signed hash chain under the orchestrator key in
    /// its first commit (a commit appended by anyone else cannot make this service draw or
    /// reveal): every link, and the signature of the last commit read. Only commits after the
    /// last checked one are read.
    pub(crate) async fn verified_log(&self, match_id: &str) -> Result<VerifiedLog, RandomnessError> {
        let known = self.verified.lock().ok().and_then(|c| c.get(match_id));
        if let Some(k) = &known {
            if let Some(tip) = self.verified_head(match_id, k).await? {
                return Ok(tip);
            }
        }
        let fresh = match &known {
            Some(k) => self.log.read_after(match_id, k.sequence, k.version + 1).await?,
            None => self.log.read(match_id, 1).await?,
        };
        let tip = VerifiedLog::extend(known.as_ref(), match_id, &fresh)?;
        let tip = tip.ok_or_else(|| RandomnessError::NotFound(format!("there is no match with id \"{match_id}\"")))?;
        if !fresh.is_empty() {
            if let Ok(mut cache) = self.verified.lock() {
                cache.put(match_id, tip.clone());
            }
        }
        Ok(tip)
    }

    /// The fast path of [`Self::verified_log`] once every seat's entropy is known: one read of
    /// the log's last commit and one signature, however many commits came since the last check
    /// (mainframe plays dozens of decisions between two draws). That is enough because a draw
    /// or reveal depends only on the entropies (logged by the joins, already checked) and on
    /// what the last commit awaits, and the last commit is read from the log itself and signed
    /// by the orchestrator, whose signature binds every commit before it (`docs/log.md`): a
    /// commit appended by anyone else fails here. Its version must be newer than the checked
    /// prefix's (a replayed old commit is refused), and when it directly follows that prefix its
    /// link is checked too. `None`: read and check the commits in between instead (also when
    /// the last commit fails these checks, so that the error names the first bad version).
    async fn verified_head(&self, match_id: &str, known: &VerifiedLog) -> Result<Option<VerifiedLog>, RandomnessError> {
        if known.entropies.iter().any(Option::is_none) {
            return Ok(None);
        }
        let Some((sequence, stored)) = self.log.last_commit(match_id).await? else { return Ok(None) };
        if sequence <= known.sequence {
            // Nothing new (or a lagging replica): what was checked is the newest known.
            return Ok(Some(known.clone()));
        }
        let Ok(commit) = Commit::decode(stored.as_ref()) else { return Ok(None) };
        let link = fairness::chain::Link { stored: &stored, log_format: commit.log_format, prev_hash: &commit.prev_hash };
        let checked = if commit.match_id != match_id || commit.version <= known.version || commit.log_format != fairness::chain::LOG_FORMAT_SIGNED {
            false
        } else if commit.version == known.version + 1 {
            known.orchestrator_key.check_link(link, Some(&known.last_hash)).is_ok()
        } else {
            known.orchestrator_key.check_signature(&stored).is_ok()
        };
        if !checked {
            // Read the commits in between and check them one by one: that names the first bad one.
            return Ok(None);
        }
        let tip = VerifiedLog {
            version: commit.version,
            sequence,
            last_hash: fairness::chain::commit_hash(&stored),
            awaiting: commit.awaiting.and_then(|a| a.what),
            ..known.clone()
        };
        if let Ok(mut cache) = self.verified.lock() {
            cache.put(match_id, tip.clone());
        }
        Ok(Some(tip))
    }

    /// [`Self::verified_log`], accepted by `check`; read again (see [`STALE_READ`])
    /// while the log does not satisfy it or does not exist yet, in case a lagging replica
    /// answered.
    pub(crate) async fn satisfying(&self, match_id: &str, check: impl Fn(&VerifiedLog) -> Result<(), RandomnessError>) -> Result<VerifiedLog, RandomnessError> {
        use infra::retry::Retryable;
        let check = &check;
        let read = move || async move {
            let attempt = std::time::Instant::now();
            let outcome = match self.verified_log(match_id).await {
                Ok(log) => check(&log).map(|()| log),
                Err(e) => Err(e),
            };
            outcome.map_err(|e| (e, attempt.elapsed()))
        };
        read.retry(STALE_READ)
            .when(|(e, took)| match e {
                RandomnessError::FailedPrecondition(_) | RandomnessError::NotFound(_) => true,
                // A replica may lack a commit another one just listed: a quick failure is read
                // again, a slow one (NATS away) is reported at once rather than multiplied.
                RandomnessError::LogUnavailable(_) => *took < STALE_READ_QUICK,
                _ => false,
            })
            .await
            .map_err(|(e, _)| e)
    }
}
