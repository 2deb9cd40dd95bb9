//! The randomness service: answers addressed draws (d20s, dice, shuffles) with Ed25519-signed
//! outcomes, and reveals a match's secret once its log records the end.
//!
//! Owns: the master secret (from which each match's secret is derived, so the service keeps
//! no per-match state of its own and can restart or scale out) and the signing key, both in one
//! key file; a bounded cache of the logs it has already checked (only a cache: the log decides).
//! Must never: reveal a secret before the match's log says it ended, draw anything the log does
//! not await (the last commit's draw, with the logged seat entropies), trust a commit that
//! fails the log's signed hash chain or act on one before the orchestrator signature that binds
//! it (its own or a later commit's, `docs/log.md`) has verified, draw with anything but the
//! `fairness` scheme, or log a secret.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex as StdMutex};

use api::log_v1::commit_input::Input;
use api::log_v1::Commit;
use api::randomness_v1 as rnd;
use api::randomness_v1::randomness_service_server::{RandomnessService, RandomnessServiceServer};
use api::rules_v1::awaiting::What;
use eventlog::EventLog;
use fairness::{DrawKind, Signer};
use prost::Message;
use rand::RngCore;
use tonic::{Request, Response, Status};

/// The service's secrets, as kept in its key file (hex JSON, created on first start).
#[derive(serde::Serialize, serde::Deserialize)]
struct KeyFile {
    scheme: String,
    master_secret: String,
    signing_seed: String,
}

/// The master secret and the signing key, and the file they came from.
pub struct Keys {
    master: [u8; 32],
    signer: Signer,
    /// Named when a match made under other keys is refused (`None`: keys not from a file).
    file: Option<PathBuf>,
}

impl Keys {
    pub fn from_bytes(master: [u8; 32], signing_seed: [u8; 32]) -> Self {
        Keys { master, signer: Signer::from_seed(&signing_seed), file: None }
    }

    /// Load the key file, or create it with fresh secrets (mode 0600) if it does not exist,
    /// whatever the log holds: for tests and tools that make a deployment's keys. The service
    /// itself uses [`Keys::load_or_create_if`].
    pub fn load_or_create(path: &Path) -> anyhow::Result<Self> {
        Keys::load_or_create_if(path, eventlog::MissingKey::Create)
    }

    /// Load the key file, or, if it does not exist and `if_missing` allows it, create it with
    /// fresh secrets (mode 0600). `MissingKey::Refuse` (the log holds matches, no `--new-key`)
    /// is an error saying what to do: new keys would make every existing match unverifiable.
    pub fn load_or_create_if(path: &Path, if_missing: eventlog::MissingKey) -> anyhow::Result<Self> {
        if path.exists() {
            let keys = Keys::parse(&std::fs::read(path)?, path)?;
            tracing::info!(path = %path.display(), public_key = %hex::encode(keys.signer.public_key()), "keys loaded");
            return Ok(Keys { file: Some(path.to_path_buf()), ..keys });
        }
        if if_missing == eventlog::MissingKey::Refuse {
            anyhow::bail!(
                "the randomness key file {} is missing, but the match log holds matches whose draws were made with a \
                 randomness key; new keys would make every existing match unverifiable (its draws would not match its \
                 commitment). Restore the key file from a backup, or start with --new-key (ARBITER_RANDOMNESS_NEW_KEY=true, \
                 `arbiter up --new-keys`) to make new keys on purpose: the matches made under the old keys are then \
                 refused until their key file is back",
                path.display()
            );
        }
        let mut master = [0u8; 32];
        let mut seed = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut master);
        rand::rngs::OsRng.fill_bytes(&mut seed);
        let file = KeyFile { scheme: fairness::SCHEME.into(), master_secret: hex::encode(master), signing_seed: hex::encode(seed) };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        infra::private_file::write_new(path, &serde_json::to_vec_pretty(&file)?)?;
        let keys = Keys { file: Some(path.to_path_buf()), ..Keys::from_bytes(master, seed) };
        let public_key = hex::encode(keys.signer.public_key());
        if if_missing == eventlog::MissingKey::CreateAsked {
            tracing::warn!(path = %path.display(), %public_key, "new keys created (--new-key) although the log holds matches; those made under the old keys are refused until their key file is restored");
        } else {
            tracing::info!(path = %path.display(), %public_key, "new keys created (the match log holds no commit)");
        }
        Ok(keys)
    }

    /// The keys a key file's content holds (`path` only names the file in errors): what
    /// [`Keys::load_or_create`] loads, for a caller that has the bytes, such as `arbiter
    /// restore` checking backed-up keys before it writes the file.
    pub fn parse(bytes: &[u8], path: &Path) -> anyhow::Result<Self> {
        let decode = |field: &str, text: &str| -> anyhow::Result<[u8; 32]> {
            let bytes = hex::decode(text).map_err(|e| anyhow::anyhow!("{field} in {} is not hex: {e}", path.display()))?;
            bytes.try_into().map_err(|_| anyhow::anyhow!("{field} in {} must be 32 bytes", path.display()))
        };
        let file: KeyFile =
            serde_json::from_slice(bytes).map_err(|e| anyhow::anyhow!("the key file {} is not valid: {e}", path.display()))?;
        Ok(Keys::from_bytes(decode("master_secret", &file.master_secret)?, decode("signing_seed", &file.signing_seed)?))
    }

    pub fn public_key(&self) -> [u8; 32] {
        self.signer.public_key()
    }
}

pub struct Randomness {
    keys: Keys,
    log: Arc<dyn EventLog>,
    /// Logs already checked, so a draw reads only the commits appended since the last one.
    verified: StdMutex<VerifiedCache>,
}

/// How many matches' checked logs are remembered; past that the oldest entry is dropped (and
/// that match is checked from its first commit again on its next draw).
const VERIFIED_CACHE_MATCHES: usize = 10_000;
/// On a JetStream cluster, direct gets are answered by any replica, and a follower may be a few
/// milliseconds behind the leader the orchestrator wrote to: a log that does not await a
/// request (yet) is read again after these pauses before the request is refused.
const STALE_READ_PAUSES_MS: [u64; 4] = [20, 60, 150, 400];
/// An unavailable log that answered faster than this is read again (see above).
const STALE_READ_QUICK: std::time::Duration = std::time::Duration::from_millis(300);

/// What this service knows of a match's log after checking its signed hash chain up to
/// `version`: enough to judge a draw or a reveal without reading the log from the start again.
#[derive(Clone, Debug)]
struct VerifiedLog {
    version: u64,
    /// Stream sequence of the last checked commit (where the next read starts).
    sequence: u64,
    /// SHA-256 of the last checked commit's stored bytes (the next commit's `prev_hash`).
    last_hash: [u8; 32],
    /// The orchestrator key named by commit 1, which must sign every commit (parsed once).
    orchestrator_key: fairness::chain::OrchestratorKey,
    /// The randomness public key named by commit 1: only that key draws or reveals for it.
    randomness_key: Vec<u8>,
    /// Scheme v2: the match's nodes (key and commitment) named by commit 1; empty for v1.
    nodes: Vec<api::log_v1::RandomnessNode>,
    /// Each seat's logged entropy, `None` until it has joined.
    entropies: Vec<Option<Vec<u8>>>,
    /// What the last checked commit awaits.
    awaiting: Option<What>,
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
struct VerifiedCache {
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

impl Randomness {
    pub fn new(keys: Keys, log: Arc<dyn EventLog>) -> Self {
        Randomness { keys, log, verified: StdMutex::new(VerifiedCache::default()) }
    }

    /// The match's log, checked against the signed hash chain under the orchestrator key in
    /// its first commit (a commit appended by anyone else cannot make this service draw or
    /// reveal): every link, and the signature of the last commit read. Only commits after the
    /// last checked one are read.
    async fn verified_log(&self, match_id: &str) -> Result<VerifiedLog, RandomnessError> {
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
}

impl Randomness {
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

    /// [`Self::verified_log`], accepted by `check`; read again (see [`STALE_READ_PAUSES_MS`])
    /// while the log does not satisfy it or does not exist yet, in case a lagging replica
    /// answered.
    async fn log_satisfying(
        &self,
        match_id: &str,
        check: impl Fn(&VerifiedLog) -> Result<(), RandomnessError>,
    ) -> Result<VerifiedLog, RandomnessError> {
        let mut pauses = STALE_READ_PAUSES_MS.iter();
        loop {
            let attempt = std::time::Instant::now();
            let outcome = match self.verified_log(match_id).await {
                Ok(log) => self.check_key(match_id, &log).and_then(|()| check(&log)).map(|()| log),
                Err(e) => Err(e),
            };
            let retry = match &outcome {
                Err(RandomnessError::FailedPrecondition(_) | RandomnessError::NotFound(_)) => true,
                // A replica may lack a commit another one just listed: a quick failure is read
                // again, a slow one (NATS away) is reported at once rather than multiplied.
                Err(RandomnessError::LogUnavailable(_)) => attempt.elapsed() < STALE_READ_QUICK,
                _ => false,
            };
            match (outcome, pauses.next()) {
                (Err(_), Some(ms)) if retry => {
                    tokio::time::sleep(std::time::Duration::from_millis(*ms)).await;
                }
                (outcome, _) => return outcome,
            }
        }
    }
}

impl Randomness {
    /// Refuse a match whose log names another randomness key than this service's: its
    /// commitment was made with other keys, so nothing drawn or revealed here would verify
    /// (a lost key file replaced with `--new-key`, or the wrong file). Never retried.
    fn check_key(&self, match_id: &str, log: &VerifiedLog) -> Result<(), RandomnessError> {
        let own = self.keys.public_key();
        if log.randomness_key == own || log.nodes.iter().any(|n| n.public_key == own) {
            return Ok(());
        }
        let created_under = if log.nodes.is_empty() {
            fairness::chain::short_hex(&log.randomness_key)
        } else {
            log.nodes.iter().map(|n| fairness::chain::short_hex(&n.public_key)).collect::<Vec<_>>().join(", ")
        };
        Err(RandomnessError::WrongKey {
            match_id: match_id.to_string(),
            created_under,
            own: fairness::chain::short_hex(&own),
            key_file: self.keys.file.as_ref().map_or_else(|| "given by --key-file".to_string(), |p| p.display().to_string()),
        })
    }
}

impl Randomness {
    /// Scheme v2: this node's position among the match's nodes, whose logged commitment must be
    /// this node's own for that position (else its shares would never verify: refused).
    fn node_position(&self, match_id: &str, log: &VerifiedLog, secret: &fairness::Secret) -> Result<u32, RandomnessError> {
        let own = self.keys.public_key();
        let position = log.nodes.iter().position(|n| n.public_key == own).unwrap_or_default() as u32;
        let expected = fairness::v2::node_commitment(match_id, position, &own, secret);
        match log.nodes.get(position as usize) {
            Some(node) if node.commitment == expected => Ok(position),
            _ => Err(RandomnessError::Tampered {
                match_id: match_id.to_string(),
                version: 1,
                detail: format!("the commitment logged for node {position} (this node's key) is not this node's commitment"),
            }),
        }
    }
}

/// Why a request is refused, and the one place where that becomes a gRPC status.
#[derive(Debug, thiserror::Error)]
pub enum RandomnessError {
    #[error("{0}")]
    InvalidArgument(String),
    #[error("{0}")]
    NotFound(String),
    /// The match's log does not await this (a draw it does not ask for, a reveal before the end).
    #[error("{0}")]
    FailedPrecondition(String),
    #[error("the match log is unavailable: {0}")]
    LogUnavailable(String),
    /// The match was created under another randomness key than this service's: an operator's
    /// key problem (FAILED_PRECONDITION), not tampering.
    #[error("match {match_id} was created under randomness key {created_under}, not this service's key {own}: nothing \
             is drawn, committed or revealed for it with another key; restore the key file that created this match, {key_file}")]
    WrongKey { match_id: String, created_under: String, own: String, key_file: String },
    /// A commit the orchestrator did not sign: nothing is drawn or revealed on such a log.
    #[error("the log of match {match_id} fails its integrity check at version {version}: {detail}")]
    Tampered { match_id: String, version: u64, detail: String },
}

impl From<eventlog::LogError> for RandomnessError {
    fn from(e: eventlog::LogError) -> Self {
        match e {
            eventlog::LogError::InvalidMatchId(m) => RandomnessError::InvalidArgument(m),
            other => RandomnessError::LogUnavailable(other.to_string()),
        }
    }
}

impl From<RandomnessError> for Status {
    fn from(e: RandomnessError) -> Status {
        let msg = e.to_string();
        match e {
            RandomnessError::InvalidArgument(_) => Status::invalid_argument(msg),
            RandomnessError::NotFound(_) => Status::not_found(msg),
            RandomnessError::FailedPrecondition(_) | RandomnessError::WrongKey { .. } => Status::failed_precondition(msg),
            RandomnessError::LogUnavailable(_) => Status::unavailable(msg),
            RandomnessError::Tampered { .. } => Status::data_loss(msg),
        }
    }
}

fn check_match_id(id: &str) -> Result<(), RandomnessError> {
    eventlog::validate_match_id(id).map_err(RandomnessError::from)
}

fn kind_text(kind: Option<&rnd::draw_request::Kind>) -> String {
    match kind {
        Some(rnd::draw_request::Kind::Range(n)) => format!("range {n}"),
        Some(rnd::draw_request::Kind::Shuffle(n)) => format!("shuffle {n}"),
        None => "no kind".into(),
    }
}

/// Check that the checked log's last commit awaits exactly the draw `req` asks for, with the
/// logged seat entropies.
fn check_awaited(log: &VerifiedLog, req: &rnd::DrawRequest) -> Result<(), RandomnessError> {
    let refuse = |why: String| {
        RandomnessError::FailedPrecondition(format!(
            "match {} does not await this draw: {why}; the randomness service draws only what the match's log awaits",
            req.match_id
        ))
    };
    let awaited = match &log.awaiting {
        Some(What::Draw(d)) => d,
        Some(What::Decision(_)) => return Err(refuse(format!("at version {} it awaits a decision", log.version))),
        Some(What::Ended(_)) => return Err(refuse(format!("it ended at version {}", log.version))),
        None => return Err(refuse(format!("at version {} it awaits nothing", log.version))),
    };
    let asked_kind = match req.kind {
        Some(rnd::draw_request::Kind::Range(n)) => Some(api::rules_v1::draw_request::Kind::Range(n)),
        Some(rnd::draw_request::Kind::Shuffle(n)) => Some(api::rules_v1::draw_request::Kind::Shuffle(n)),
        None => None,
    };
    if awaited.index != req.index || awaited.purpose != req.purpose || awaited.kind != asked_kind {
        let awaited_kind = match awaited.kind {
            Some(api::rules_v1::draw_request::Kind::Range(n)) => format!("range {n}"),
            Some(api::rules_v1::draw_request::Kind::Shuffle(n)) => format!("shuffle {n}"),
            None => "no kind".into(),
        };
        let purpose: String = req.purpose.chars().take(24).collect();
        return Err(refuse(format!(
            "it awaits draw {} ({:?}, {awaited_kind}), not draw {} ({purpose:?}, {})",
            awaited.index,
            awaited.purpose,
            req.index,
            kind_text(req.kind.as_ref())
        )));
    }
    let same = log.entropies.len() == req.seat_entropies.len()
        && log.entropies.iter().zip(&req.seat_entropies).all(|(l, r)| l.as_deref() == Some(r.as_slice()));
    if !same {
        return Err(refuse("the seat entropies are not the ones its log records".into()));
    }
    Ok(())
}

#[tonic::async_trait]
impl RandomnessService for Randomness {
    async fn commit(&self, req: Request<rnd::CommitRequest>) -> Result<Response<rnd::CommitResponse>, Status> {
        let req = req.into_inner();
        let match_id = req.match_id;
        check_match_id(&match_id)?;
        let v2 = match req.scheme.as_str() {
            "" => false,
            fairness::v2::SCHEME if (req.node as usize) < fairness::v2::MAX_NODES => true,
            fairness::v2::SCHEME => {
                return Err(RandomnessError::InvalidArgument(format!("node {} is out of range: a match has at most {} nodes", req.node, fairness::v2::MAX_NODES)).into())
            }
            other => return Err(RandomnessError::InvalidArgument(format!("unknown scheme {other:?}: empty (v1) or {:?}", fairness::v2::SCHEME)).into()),
        };
        // A commitment is asked for a new match; one whose log exists already was made under
        // some key, which must be this one. (A log that cannot be read is judged at its draws.)
        match self.log.last_commit(&match_id).await {
            Ok(Some(_)) => {
                let log = self.verified_log(&match_id).await?;
                self.check_key(&match_id, &log)?;
            }
            Ok(None) => {}
            Err(e) => tracing::debug!(%match_id, error = %e, "cannot tell whether the match exists; committing"),
        }
        let secret = fairness::derive_match_secret(&self.keys.master, &match_id);
        let public_key = self.keys.public_key();
        let (commitment, scheme) = if v2 {
            (fairness::v2::node_commitment(&match_id, req.node, &public_key, &secret), fairness::v2::SCHEME)
        } else {
            (fairness::commitment(&match_id, &secret), fairness::SCHEME)
        };
        Ok(Response::new(rnd::CommitResponse { commitment: commitment.to_vec(), scheme: scheme.into(), public_key: public_key.to_vec() }))
    }

    async fn draw(&self, req: Request<rnd::DrawRequest>) -> Result<Response<rnd::DrawResponse>, Status> {
        let req = req.into_inner();
        check_match_id(&req.match_id)?;
        let kind = match req.kind {
            Some(rnd::draw_request::Kind::Range(n)) => DrawKind::Range(n),
            Some(rnd::draw_request::Kind::Shuffle(n)) => DrawKind::Shuffle(n),
            None => return Err(RandomnessError::InvalidArgument("kind is missing: set range or shuffle".into()).into()),
        };
        // Ids and the request only: never the values (a shuffle is hidden cards) nor the key.
        let span = if telemetry::tracing_enabled() {
            tracing::info_span!(
                "draw",
                match.id = %req.match_id,
                draw.index = req.index,
                draw.purpose = %req.purpose,
                draw.kind = %match kind { DrawKind::Range(_) => "range", DrawKind::Shuffle(_) => "shuffle" },
            )
        } else {
            tracing::Span::none()
        };
        // Only what the log awaits, so nobody can compute a future draw of a live match.
        let log = tracing::Instrument::instrument(self.log_satisfying(&req.match_id, |log| check_awaited(log, &req)), span.clone()).await?;
        let secret = fairness::derive_match_secret(&self.keys.master, &req.match_id);
        if !log.nodes.is_empty() {
            // Scheme v2: this node's signed share; the orchestrator combines every node's.
            let node = self.node_position(&req.match_id, &log, &secret)?;
            let key = fairness::v2::node_key(&secret, &req.match_id, node, &req.seat_entropies)
                .map_err(|e| RandomnessError::InvalidArgument(e.to_string()))?;
            let share = fairness::v2::share(&key, &req.purpose, req.index, kind).map_err(|e| RandomnessError::InvalidArgument(e.to_string()))?;
            let message = fairness::v2::share_message(&req.match_id, node, &req.purpose, req.index, kind, &share);
            let signature = self.keys.signer.sign(&message).to_vec();
            tracing::debug!(match_id = %req.match_id, index = req.index, purpose = %req.purpose, node, "share");
            telemetry::metrics::DRAWS.inc(&[match kind {
                DrawKind::Range(_) => "range",
                DrawKind::Shuffle(_) => "shuffle",
            }]);
            return Ok(Response::new(rnd::DrawResponse { values: Vec::new(), signature, share: share.to_vec() }));
        }
        let key = fairness::match_key(&secret, &req.match_id, &req.seat_entropies)
            .map_err(|e| RandomnessError::InvalidArgument(e.to_string()))?;
        let values = fairness::draw(&key, &req.purpose, req.index, kind)
            .map_err(|e| RandomnessError::InvalidArgument(e.to_string()))?;
        let message = fairness::outcome_message(&req.match_id, req.index, &req.purpose, kind, &values);
        let signature = self.keys.signer.sign(&message).to_vec();
        tracing::debug!(match_id = %req.match_id, index = req.index, purpose = %req.purpose, "draw");
        telemetry::metrics::DRAWS.inc(&[match kind {
            DrawKind::Range(_) => "range",
            DrawKind::Shuffle(_) => "shuffle",
        }]);
        Ok(Response::new(rnd::DrawResponse { values, signature, share: Vec::new() }))
    }

    async fn reveal(&self, req: Request<rnd::RevealRequest>) -> Result<Response<rnd::RevealResponse>, Status> {
        let match_id = req.into_inner().match_id;
        check_match_id(&match_id)?;
        // The log, checked commit by commit, is the only judge of whether a match has ended.
        self.log_satisfying(&match_id, |log| match log.awaiting {
            Some(What::Ended(_)) => Ok(()),
            _ => Err(RandomnessError::FailedPrecondition(format!(
                "match {match_id} has not ended; its secret is revealed only after the end"
            ))),
        })
        .await?;
        tracing::info!(%match_id, "secret revealed");
        telemetry::metrics::DRAWS.inc(&["reveal"]);
        let secret = fairness::derive_match_secret(&self.keys.master, &match_id);
        Ok(Response::new(rnd::RevealResponse { secret: secret.to_vec() }))
    }

    async fn public_key(&self, _: Request<rnd::PublicKeyRequest>) -> Result<Response<rnd::PublicKeyResponse>, Status> {
        Ok(Response::new(rnd::PublicKeyResponse { public_key: self.keys.public_key().to_vec(), scheme: fairness::SCHEME.into() }))
    }
}

/// Command-line options of `arbiter-randomness` (also `arbiter serve randomness`).
#[derive(Clone, Debug, clap::Args)]
pub struct RandomnessArgs {
    /// Address to listen on (port 0 picks a free port and prints it).
    #[arg(long, env = "ARBITER_RANDOMNESS_LISTEN", default_value = "127.0.0.1:50053")]
    pub listen: SocketAddr,
    /// NATS server holding the match log (read to check that a match ended before a reveal).
    #[arg(long, env = "ARBITER_NATS_URL", default_value = "nats://127.0.0.1:4222")]
    pub nats_url: String,
    /// NATS credentials: the `randomness` user, which may only read the log.
    #[command(flatten)]
    pub nats: eventlog::NatsClientArgs,
    /// The key file (master secret and signing seed). If it is missing, fresh keys are made
    /// only when the match log holds no commit; otherwise the service refuses to start.
    #[arg(long, env = "ARBITER_KEY_FILE", default_value = ".arbiter/keys/randomness.json")]
    pub key_file: PathBuf,
    /// Make fresh keys if the key file is missing although the log holds matches (they are
    /// then refused until their key file is restored). An existing key file is never replaced.
    #[arg(long, env = "ARBITER_RANDOMNESS_NEW_KEY")]
    pub new_key: bool,
    /// Mutual TLS: only clients with a certificate signed by --internal-ca are served.
    #[command(flatten)]
    pub tls: api::tls::InternalTlsArgs,
}

pub async fn serve(args: RandomnessArgs) -> anyhow::Result<()> {
    let tls = args.tls.server_config("randomness")?;
    let auth = args.nats.auth()?;
    // A reader: this service never writes the log.
    let log = eventlog::JetStreamLog::connect_reader(&args.nats_url, &auth)
        .await
        .map_err(|e| anyhow::anyhow!("cannot read the match log at {}: {e}", args.nats_url))?;
    // The log is asked only when the key file is missing (then whether new keys may be made).
    let if_missing = if args.key_file.exists() {
        eventlog::MissingKey::Refuse
    } else {
        let holds = log
            .holds_commits()
            .await
            .map_err(|e| anyhow::anyhow!("the key file {} is missing, and the match log at {} cannot say whether it holds matches: {e}", args.key_file.display(), args.nats_url))?;
        eventlog::MissingKey::judge(holds, args.new_key)
    };
    let keys = Keys::load_or_create_if(&args.key_file, if_missing)?;
    let service = RandomnessServiceServer::new(Randomness::new(keys, Arc::new(log))).max_decoding_message_size(64 * 1024);
    let name = <RandomnessServiceServer<Randomness> as tonic::server::NamedService>::NAME;
    api::server::serve("arbiter-randomness", args.listen, name, tonic::service::Routes::new(service), Some(tls)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::log_v1 as l;
    use api::rules_v1 as r;

    const ID: &str = "m1";

    /// A log of a 2-seat match, signed by `orchestrator`, whose last commit awaits draw 0
    /// ("deal", shuffle 10).
    async fn log_awaiting_a_draw(orchestrator: &fairness::Signer) -> (Arc<eventlog::MemoryLog>, Vec<Vec<u8>>) {
        let created = l::MatchCreated { randomness_public_key: service_keys().public_key().to_vec(), ..Default::default() };
        log_of(orchestrator, created).await
    }

    /// [`log_awaiting_a_draw`] with the randomness fields of `created` (its config and
    /// orchestrator key are set here).
    async fn log_of(orchestrator: &fairness::Signer, created: l::MatchCreated) -> (Arc<eventlog::MemoryLog>, Vec<Vec<u8>>) {
        let log = Arc::new(eventlog::MemoryLog::new());
        let awaiting = r::Awaiting {
            what: Some(What::Draw(r::DrawRequest { index: 0, purpose: "deal".into(), kind: Some(r::draw_request::Kind::Shuffle(10)) })),
        };
        let entropies = vec![vec![1u8; 32], vec![2u8; 32]];
        let mut inputs = vec![Input::Created(l::MatchCreated {
            config: Some(r::MatchConfig { ruleset: "mainframe".into(), seats: vec![Default::default(), Default::default()], ..Default::default() }),
            orchestrator_public_key: orchestrator.public_key().to_vec(),
            ..created
        })];
        for (seat, e) in entropies.iter().enumerate() {
            inputs.push(Input::Joined(l::SeatJoined { seat: seat as u32, entropy: e.clone(), token_hash: vec![0; 32], ..Default::default() }));
        }
        let mut previous: Option<(u64, [u8; 32])> = None;
        for (i, input) in inputs.into_iter().enumerate() {
            let commit = Commit {
                match_id: ID.into(),
                version: i as u64 + 1,
                input: Some(l::CommitInput { input: Some(input) }),
                awaiting: Some(awaiting.clone()),
                log_format: fairness::chain::LOG_FORMAT_SIGNED,
                prev_hash: previous.map(|p| p.1.to_vec()).unwrap_or_default(),
                ..Default::default()
            };
            let stored = fairness::chain::seal(orchestrator, &commit.encode_to_vec());
            let hash = fairness::chain::commit_hash(&stored);
            let seq = log.append(ID, previous.map(|p| p.0), &format!("c{i}"), stored.into()).await.expect("append");
            previous = Some((seq, hash));
        }
        (log, entropies)
    }

    /// The keys of [`service`], which the test logs name at creation.
    fn service_keys() -> Keys {
        Keys::from_bytes([5; 32], [6; 32])
    }

    fn service(log: Arc<eventlog::MemoryLog>) -> Randomness {
        Randomness::new(service_keys(), log)
    }

    fn draw(index: u64, purpose: &str, kind: rnd::draw_request::Kind, seat_entropies: Vec<Vec<u8>>) -> Request<rnd::DrawRequest> {
        Request::new(rnd::DrawRequest { match_id: ID.into(), seat_entropies, index, purpose: purpose.into(), kind: Some(kind) })
    }

    /// Scheme v2: this service as node 1 of three answers the awaited draw with its signed share
    /// (the one its secret gives for that position), and refuses a log whose commitment at its
    /// position is not its own.
    #[tokio::test]
    async fn as_a_node_of_several_it_answers_its_signed_share_and_checks_its_logged_commitment() {
        use rnd::draw_request::Kind;
        let orchestrator = fairness::Signer::from_seed(&[9; 32]);
        let own = service_keys();
        let secret = fairness::derive_match_secret(&[5; 32], ID);
        let commit = service(Arc::new(eventlog::MemoryLog::new()))
            .commit(Request::new(rnd::CommitRequest { match_id: ID.into(), scheme: fairness::v2::SCHEME.into(), node: 1 }))
            .await
            .expect("commit")
            .into_inner();
        assert_eq!(commit.scheme, fairness::v2::SCHEME);
        assert_eq!(commit.commitment, fairness::v2::node_commitment(ID, 1, &own.public_key(), &secret).to_vec());
        let node = |j: u8, commitment: Vec<u8>| l::RandomnessNode { name: format!("n{j}"), public_key: fairness::Signer::from_seed(&[j; 32]).public_key().to_vec(), commitment };
        let nodes = vec![node(1, vec![1; 32]), l::RandomnessNode { name: "me".into(), public_key: own.public_key().to_vec(), commitment: commit.commitment.clone() }, node(3, vec![3; 32])];
        let (log, entropies) = log_of(&orchestrator, l::MatchCreated { randomness_scheme: fairness::v2::SCHEME.into(), randomness_nodes: nodes.clone(), ..Default::default() }).await;
        let answer = service(log).draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("the awaited draw").into_inner();
        assert!(answer.values.is_empty());
        let key = fairness::v2::node_key(&secret, ID, 1, &entropies).expect("key");
        let share = fairness::v2::share(&key, "deal", 0, DrawKind::Shuffle(10)).expect("share");
        assert_eq!(answer.share, share.to_vec());
        let message = fairness::v2::share_message(ID, 1, "deal", 0, DrawKind::Shuffle(10), &share);
        fairness::verify_signature(&own.public_key(), &message, &answer.signature).expect("signed by the node");

        let mut wrong = nodes;
        wrong[1].commitment[0] ^= 1;
        let (log, entropies) = log_of(&orchestrator, l::MatchCreated { randomness_scheme: fairness::v2::SCHEME.into(), randomness_nodes: wrong, ..Default::default() }).await;
        let err = service(log).draw(draw(0, "deal", Kind::Shuffle(10), entropies)).await.expect_err("not its commitment");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        assert!(err.message().contains("node 1"), "{}", err.message());
    }

    #[tokio::test]
    async fn only_the_awaited_draw_with_the_logged_entropies_is_answered() {
        let orchestrator = fairness::Signer::from_seed(&[9; 32]);
        let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
        let svc = service(log);
        use rnd::draw_request::Kind;
        let ok = svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("awaited");
        assert_eq!(ok.get_ref().values.len(), 10);
        for (what, req) in [
            ("next index", draw(1, "deal", Kind::Shuffle(10), entropies.clone())),
            ("other purpose", draw(0, "d20", Kind::Shuffle(10), entropies.clone())),
            ("other kind", draw(0, "deal", Kind::Range(10), entropies.clone())),
            ("other entropies", draw(0, "deal", Kind::Shuffle(10), vec![vec![1; 32], vec![3; 32]])),
            ("missing entropy", draw(0, "deal", Kind::Shuffle(10), vec![vec![1; 32]])),
        ] {
            let err = svc.draw(req).await.expect_err(what);
            assert_eq!(err.code(), tonic::Code::FailedPrecondition, "{what}: {}", err.message());
        }
        let unknown = Request::new(rnd::DrawRequest { match_id: "other".into(), ..draw(0, "deal", Kind::Shuffle(10), entropies).into_inner() });
        assert_eq!(svc.draw(unknown).await.expect_err("unknown").code(), tonic::Code::NotFound);
        let err = svc.reveal(Request::new(rnd::RevealRequest { match_id: ID.into() })).await.expect_err("not ended");
        assert_eq!(err.code(), tonic::Code::FailedPrecondition);
    }

    #[tokio::test]
    async fn a_match_created_under_other_keys_is_refused_naming_both_keys_and_nothing_is_drawn_or_revealed() {
        use rnd::draw_request::Kind;
        let orchestrator = fairness::Signer::from_seed(&[9; 32]);
        let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
        // The same service with other keys (a lost key file replaced by new ones).
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("randomness.json");
        let new = Keys::load_or_create_if(&path, eventlog::MissingKey::CreateAsked).expect("new keys");
        let new_key = fairness::chain::short_hex(&new.public_key());
        let svc = Randomness::new(new, log.clone());
        let old_key = fairness::chain::short_hex(&service_keys().public_key());
        let refused = |what: &str, err: Status| {
            assert_eq!(err.code(), tonic::Code::FailedPrecondition, "{what}: {}", err.message());
            for part in [old_key.as_str(), new_key.as_str(), "restore the key file that created this match", &path.display().to_string()] {
                assert!(err.message().contains(part), "{what}: {part:?} not in {}", err.message());
            }
        };
        let started = std::time::Instant::now();
        refused("draw", svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect_err("other keys"));
        assert!(started.elapsed() < std::time::Duration::from_millis(300), "a key mismatch is not read again as a lagging replica");
        refused("reveal", svc.reveal(Request::new(rnd::RevealRequest { match_id: ID.into() })).await.expect_err("other keys"));
        refused("commit", svc.commit(Request::new(rnd::CommitRequest { match_id: ID.into(), ..Default::default() })).await.expect_err("other keys"));
        // A new match (no log yet) is committed to with the new keys.
        let fresh = svc.commit(Request::new(rnd::CommitRequest { match_id: "m2".into(), ..Default::default() })).await.expect("a new match");
        assert_eq!(fresh.get_ref().public_key, svc.keys.public_key().to_vec());
        // The keys that created the match still draw for it.
        service(log).draw(draw(0, "deal", Kind::Shuffle(10), entropies)).await.expect("its own keys draw");
    }

    #[test]
    fn new_keys_are_made_for_an_empty_log_or_when_asked_and_never_silently_over_matches() {
        use eventlog::MissingKey;
        let dir = tempfile::tempdir().expect("tempdir");
        // The log holds matches and nobody asked: refused, saying what to do, and no file made.
        let path = dir.path().join("keys").join("randomness.json");
        let err = Keys::load_or_create_if(&path, MissingKey::judge(true, false)).err().expect("refused").to_string();
        for part in [path.display().to_string().as_str(), "missing", "unverifiable", "Restore the key file", "--new-key", "ARBITER_RANDOMNESS_NEW_KEY", "arbiter up --new-keys"] {
            assert!(err.contains(part), "{part:?} not in {err}");
        }
        assert!(!path.exists(), "no key file is made on a refusal");
        // An empty log: new keys, kept in a private file, loaded again whatever the rule says.
        let first = Keys::load_or_create_if(&path, MissingKey::judge(false, false)).expect("created").public_key();
        assert_eq!(Keys::load_or_create_if(&path, MissingKey::Refuse).expect("loaded").public_key(), first);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).expect("metadata").permissions().mode() & 0o777, 0o600);
        }
        // Asked for: new keys over a log that holds matches, but an existing file is kept.
        let asked = dir.path().join("asked.json");
        let made = Keys::load_or_create_if(&asked, MissingKey::judge(true, true)).expect("created on purpose").public_key();
        assert_ne!(made, first);
        assert_eq!(Keys::load_or_create_if(&path, MissingKey::judge(true, true)).expect("loaded").public_key(), first);
    }

    /// A log that counts the reads of commits in between (`read`, `read_after`).
    struct CountingLog {
        inner: Arc<eventlog::MemoryLog>,
        reads: std::sync::atomic::AtomicUsize,
    }

    #[async_trait::async_trait]
    impl EventLog for CountingLog {
        async fn append(&self, m: &str, e: Option<u64>, id: &str, p: bytes::Bytes) -> Result<u64, eventlog::LogError> {
            self.inner.append(m, e, id, p).await
        }
        async fn read(&self, m: &str, from: u64) -> Result<Vec<eventlog::StoredCommit>, eventlog::LogError> {
            self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            self.inner.read(m, from).await
        }
        async fn read_after(&self, m: &str, after: u64, next: u64) -> Result<Vec<eventlog::StoredCommit>, eventlog::LogError> {
            self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            self.inner.read_after(m, after, next).await
        }
        async fn last_commit(&self, m: &str) -> Result<Option<(u64, bytes::Bytes)>, eventlog::LogError> {
            self.inner.last_commit(m).await
        }
        async fn watch(
            &self,
            m: &str,
            from: u64,
        ) -> Result<futures::stream::BoxStream<'static, Result<eventlog::StoredCommit, eventlog::LogError>>, eventlog::LogError> {
            self.inner.watch(m, from).await
        }
        async fn put_snapshot(&self, m: &str, s: eventlog::Snapshot) -> Result<(), eventlog::LogError> {
            self.inner.put_snapshot(m, s).await
        }
        async fn get_snapshot(&self, m: &str) -> Result<Option<eventlog::Snapshot>, eventlog::LogError> {
            self.inner.get_snapshot(m).await
        }
    }

    /// Append `count` commits signed by `signer` after the log's last one, the last awaiting
    /// draw `index`; returns the stored last one before them.
    async fn append_run(log: &eventlog::MemoryLog, signer: &fairness::Signer, count: u64, index: u64) -> eventlog::StoredCommit {
        let before = log.read(ID, 1).await.expect("read").pop().expect("commits");
        let mut last = before.clone();
        for i in 0..count {
            let awaited = if i + 1 == count { index } else { 1000 + i };
            let commit = Commit {
                match_id: ID.into(),
                version: last.version + 1,
                input: Some(l::CommitInput { input: Some(Input::Decision(l::SeatDecision::default())) }),
                awaiting: Some(r::Awaiting {
                    what: Some(What::Draw(r::DrawRequest { index: awaited, purpose: "d20".into(), kind: Some(r::draw_request::Kind::Range(20)) })),
                }),
                log_format: fairness::chain::LOG_FORMAT_SIGNED,
                prev_hash: fairness::chain::commit_hash(&last.payload).to_vec(),
                ..Default::default()
            };
            let payload = fairness::chain::seal(signer, &commit.encode_to_vec());
            log.append(ID, Some(last.sequence), &format!("run-{}", last.version + 1), payload.into()).await.expect("append");
            last = log.read(ID, 1).await.expect("read").pop().expect("commits");
        }
        before
    }

    #[tokio::test]
    async fn once_every_seat_has_joined_a_draw_reads_only_the_last_commit_and_still_refuses_forgeries() {
        use rnd::draw_request::Kind;
        let orchestrator = fairness::Signer::from_seed(&[9; 32]);
        let (memory, entropies) = log_awaiting_a_draw(&orchestrator).await;
        let counting = Arc::new(CountingLog { inner: memory.clone(), reads: Default::default() });
        let svc = Randomness::new(Keys::from_bytes([5; 32], [6; 32]), counting.clone());
        let reads = || counting.reads.load(std::sync::atomic::Ordering::SeqCst);
        svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("the first draw reads the log");
        assert_eq!(reads(), 1);

        // Thirty honest commits later, draw 1: one read of the last commit, none in between.
        append_run(&memory, &orchestrator, 30, 1).await;
        let fast = svc.draw(draw(1, "d20", Kind::Range(20), entropies.clone())).await.expect("draw 1");
        assert_eq!(reads(), 1, "nothing but the last commit was read");
        // The same outcome as a service that checks the whole log.
        let slow = service(memory.clone()).draw(draw(1, "d20", Kind::Range(20), entropies.clone())).await.expect("draw 1");
        assert_eq!(fast.get_ref().values, slow.get_ref().values);

        // A forged run on top (chained, another key): the last commit's signature fails, and the
        // commits in between are read to name the first forged version.
        let before = append_run(&memory, &fairness::Signer::from_seed(&[7; 32]), 5, 2).await;
        let err = svc.draw(draw(2, "d20", Kind::Range(20), entropies.clone())).await.expect_err("forged");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        assert!(err.message().contains(&format!("version {}:", before.version + 1)), "{}", err.message());
    }

    #[tokio::test]
    async fn an_old_signed_commit_appended_again_is_refused() {
        use rnd::draw_request::Kind;
        let orchestrator = fairness::Signer::from_seed(&[9; 32]);
        let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
        let svc = service(log.clone());
        svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("draw 0");
        append_run(&log, &orchestrator, 3, 1).await;
        svc.draw(draw(1, "d20", Kind::Range(20), entropies.clone())).await.expect("draw 1");
        // Someone with the right to publish appends commit 3 (which awaited draw 0) again.
        let all = log.read(ID, 1).await.expect("read");
        let (old, last) = (all[2].clone(), all[all.len() - 1].clone());
        log.append(ID, Some(last.sequence), "replayed", old.payload).await.expect("append");
        let err = svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies)).await.expect_err("replayed");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        assert!(err.message().contains(&format!("version {}:", last.version + 1)), "{}", err.message());
    }

    #[tokio::test]
    async fn a_commit_signed_by_another_key_is_not_trusted() {
        use rnd::draw_request::Kind;
        let orchestrator = fairness::Signer::from_seed(&[9; 32]);
        let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
        // This service has already checked the honest prefix: the forged commit (chained, but
        // self-signed, awaiting a far-future draw) is read and checked on its own, from the
        // remembered chain.
        let svc = service(log.clone());
        svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("the honest log awaits draw 0");
        let last = append_run(&log, &fairness::Signer::from_seed(&[7; 32]), 1, 99).await;
        let err = svc.draw(draw(99, "d20", Kind::Range(20), entropies.clone())).await.expect_err("forged after the cache");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        let svc = service(log);
        let err = svc.draw(draw(99, "d20", Kind::Range(20), entropies)).await.expect_err("forged");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        assert!(err.message().contains(&format!("version {}", last.version + 1)), "{}", err.message());
    }

    #[tokio::test]
    async fn a_forged_run_read_in_one_go_is_refused_at_its_first_forged_version() {
        use rnd::draw_request::Kind;
        let orchestrator = fairness::Signer::from_seed(&[9; 32]);
        let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
        let svc = service(log.clone());
        svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("the honest log awaits draw 0");
        // Three commits appended at once after the checked prefix, all correctly chained (the
        // forger recomputed every hash) but signed by the forger: only the head's signature is
        // verified first, and its failure must name the first forged version, not the head's.
        // (The orchestrator never signs on top of a commit it has not checked, so an honest
        // head cannot follow a forged commit: see `docs/log.md`.)
        let first_forged = append_run(&log, &fairness::Signer::from_seed(&[7; 32]), 3, 99).await.version + 1;
        for svc in [svc, service(log)] {
            let err = svc.draw(draw(99, "d20", Kind::Range(20), entropies.clone())).await.expect_err("forged");
            assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
            assert!(err.message().contains(&format!("version {first_forged}:")), "{}", err.message());
        }
    }

    #[tokio::test]
    async fn a_commit_that_does_not_decode_is_named_first_or_after_its_verified_prefix() {
        use rnd::draw_request::Kind;
        // As the first commit of a log.
        let log = Arc::new(eventlog::MemoryLog::new());
        log.append(ID, None, "garbage", vec![0xffu8; 3].into()).await.expect("append");
        let err = service(log).draw(draw(0, "deal", Kind::Shuffle(10), vec![])).await.expect_err("garbage");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        assert!(err.message().contains("version 1:") && err.message().contains("decode"), "{}", err.message());
        // After an honest prefix read in the same run.
        let orchestrator = fairness::Signer::from_seed(&[9; 32]);
        let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
        let last = log.read(ID, 1).await.expect("read").pop().expect("commits");
        log.append(ID, Some(last.sequence), "garbage", vec![0xffu8; 3].into()).await.expect("append");
        let err = service(log).draw(draw(0, "deal", Kind::Shuffle(10), entropies)).await.expect_err("garbage");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        assert!(err.message().contains(&format!("version {}:", last.version + 1)), "{}", err.message());
    }
}
