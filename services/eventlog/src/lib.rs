//! Arbiter's match log.
//!
//! # What this crate owns
//! - The [`EventLog`] trait: the only way the rest of Arbiter reads and writes match logs
//!   (append with optimistic concurrency, read, watch, snapshots).
//! - [`JetStreamLog`]: the production implementation on NATS JetStream. One stream
//!   ([`STREAM`] = `MATCHES`), one subject per match ([`subject`] = `match.<id>.events`), one
//!   message per commit; or, for a partitioned log, one stream per partition ([`layout`]:
//!   `MATCHES_P<k>`, `match.p<k>.<id>.events`), every match in the one its id hashes to; or,
//!   for a log with periods, one stream per period (and partition), `MATCHES_T<t>[_P<k>]`,
//!   the period read from the match's UUIDv7 id, each deleted whole once sealed by the
//!   `archiver` role only ([`StreamDeleter`]). The stream is immutable: file storage, `deny_delete`, `deny_purge`, no
//!   max age, `discard: new`. Snapshots live in the KV bucket [`SNAPSHOT_BUCKET`]
//!   (`MATCH_SNAPSHOTS`) and are only a cache: deleting them all loses nothing.
//!   The match index lives in the KV bucket [`INDEX_BUCKET`] (`MATCH_INDEX`), written with
//!   an expected revision ([`EventLog::index_put`]) and watched whole ([`EventLog::index_watch`])
//!   by the orchestrator, which projects it from the log ([`EventLog::follow`]); a projection,
//!   so deleting it loses nothing either.
//! - [`follow`]: the one way to follow the whole log, every stream from a follower's position,
//!   with one retry policy (the index projector and the feed projector use it).
//! - [`Copier`]: what backups and restores need of a store, on the admin's connection: every
//!   message of a stream as stored, what a store holds, a copied message put back as it was.
//! - [`archive`]: where sealed matches go ([`Archive`]): the JetStream Object Store bucket
//!   [`ARCHIVE_BUCKET`] (`MATCH_ARCHIVE`, [`JetStreamArchive`]) or memory ([`MemoryArchive`]);
//!   one opaque blob per match, verified by every reader (the orchestrator's `archive`).
//! - Nothing for tests or local development: the in-memory log, the local `nats-server` and
//!   cluster management live in the development crate `eventlog-dev` (issue 36, item 3), which
//!   no service links.
//! - [`auth`]: who may connect and do what: credentials and inbox prefix of a connection
//!   ([`NatsAuth`], [`NatsClientArgs`]), the generated per-role users ([`NatsCredentials`]) and
//!   their least-privilege permissions.
//!
//! # Versions and sequences
//! A commit's *sequence* is its JetStream stream sequence (global to the stream, so a match's
//! sequences have gaps). Its *version* is its 1-based position among the match's commits: the
//! match version is the commit count. Appends are conditional on the stream sequence of the
//! match's last commit (`Nats-Expected-Last-Subject-Sequence`), so two writers on one version
//! cannot both win: the loser gets [`LogError::Conflict`]. Each append carries a deterministic
//! `Nats-Msg-Id`, so a retried append is stored once.
//!
//! # What this crate must never do
//! - Delete, purge, rewrite or reorder a commit, or relax the stream's immutability settings.
//! - Interpret payloads: commits and snapshot states are opaque bytes here (their protobuf
//!   schema belongs to `api`).
//! - Report an append as successful that was not stored exactly as asked (a duplicate `msg_id`
//!   carrying a *different* payload is a [`LogError::Conflict`], never a silent success).
//! - Connect to NATS anonymously from a service, or let a reader ([`JetStreamLog::connect_reader`])
//!   create or change anything on the server.
//! - Talk to anything but the NATS server it was given (no other I/O, no global state).

pub mod archive;
pub mod auth;
pub mod connection;
pub mod feed;
pub mod follow;
mod jetstream;
pub mod layout;
mod nats_error;

pub use crate::archive::{Archive, JetStreamArchive, MemoryArchive, ARCHIVE_BUCKET};
pub use crate::auth::{Credentials, NatsAuth, NatsClientArgs, NatsCredentials, Role};
pub use crate::connection::{Connection, Received, StreamState};
pub use crate::feed::{FeedLast, FeedPublishError, FeedStream};
pub use crate::jetstream::{direct_layout, recorded_layout, Copied, CopiedMessage, Copier, JetStreamLog, StoreContents, StreamDeleter};
pub use crate::layout::{position_key_of, Layout, Periods, LAYOUT_STREAM, LAYOUT_SUBJECT, MAX_PARTITIONS};

use bytes::Bytes;
use futures::stream::BoxStream;

/// The JetStream stream holding every match log of a legacy (single-stream) log; a
/// partitioned log has one stream per partition instead ([`Layout`]).
pub const STREAM: &str = "MATCHES";
/// The subjects of [`STREAM`]: one per match.
pub const STREAM_SUBJECTS: &str = "match.*.events";
/// The KV bucket holding the latest snapshot of each match (keyed by match id).
pub const SNAPSHOT_BUCKET: &str = "MATCH_SNAPSHOTS";
/// The KV bucket of the match index: one entry per match, a projection of the log written by
/// the orchestrators' projectors (`orchestrator::index`); keys are match ids, plus
/// [`INDEX_POSITION_KEY`]. Only a hint for listings: deleting it loses nothing (it is rebuilt
/// from the log), and only the orchestrator role may read or write it (`auth`).
pub const INDEX_BUCKET: &str = "MATCH_INDEX";
/// The index key holding how far the index is projected (a stream sequence of [`STREAM`]; a
/// partitioned log has one per partition, [`Layout::position_key`]): `=` cannot occur in a
/// match id, so it never names a match.
pub const INDEX_POSITION_KEY: &str = "=position";
/// Longest accepted match id.
pub const MAX_MATCH_ID_LEN: usize = 64;

/// What a service may do at start when its key file is missing (`docs/security.md`). A new key
/// verifies nothing the log already holds: every match made under the lost one would be
/// refused. So a key is made only for a log that holds no commit
/// ([`JetStreamLog::holds_commits`]), or when the operator asks for one (`--new-key`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissingKey {
    /// The log holds no commit (a first start): make the key.
    Create,
    /// The log holds matches, and the operator asked for a new key on purpose.
    CreateAsked,
    /// The log holds matches made under some key: refuse to start.
    Refuse,
}

impl MissingKey {
    /// The rule, from whether the log holds any commit and whether a new key was asked for.
    pub fn judge(log_holds_commits: bool, asked: bool) -> MissingKey {
        match (log_holds_commits, asked) {
            (false, _) => MissingKey::Create,
            (true, true) => MissingKey::CreateAsked,
            (true, false) => MissingKey::Refuse,
        }
    }

    /// The rule for the key file `key_file` of a service whose log is at `url`: the log is
    /// asked (`holds_commits`) only when the file is missing; an existing file needs no rule
    /// (`Refuse`: nothing is made).
    pub async fn of_key_file(
        key_file: &std::path::Path,
        asked: bool,
        url: &str,
        holds_commits: impl std::future::Future<Output = Result<bool, LogError>>,
    ) -> Result<MissingKey, LogError> {
        if key_file.exists() {
            return Ok(MissingKey::Refuse);
        }
        let holds = holds_commits.await.map_err(|e| {
            LogError::Unavailable(format!(
                "the key file {} is missing, and the match log at {url} cannot say whether it holds matches: {e}",
                key_file.display()
            ))
        })?;
        Ok(MissingKey::judge(holds, asked))
    }
}

/// The subject of a match's log: `match.<id>.events`. The id must be valid (see
/// [`validate_match_id`]); every [`EventLog`] method validates it before use.
/// The core-NATS subject of `match_id`'s wait notices ([`EventLog::notify_wait`]): published
/// by the orchestrator only, read by the feed projector; no stream captures it.
pub fn wait_subject(match_id: &str) -> String {
    format!("match.{match_id}.wait")
}

/// Every match's wait notices.
pub const WAIT_SUBJECTS: &str = "match.*.wait";

pub fn subject(match_id: &str) -> String {
    format!("match.{match_id}.events")
}

/// A match id is 1 to 64 characters of `[A-Za-z0-9_-]`: no dots, wildcards or spaces, so it is
/// exactly one subject token and a valid KV key.
pub fn validate_match_id(id: &str) -> Result<(), LogError> {
    if id.is_empty() {
        return Err(LogError::InvalidMatchId("match id is empty: it must be 1 to 64 characters of A-Z, a-z, 0-9, '_' or '-'".to_string()));
    }
    if id.len() > MAX_MATCH_ID_LEN {
        return Err(LogError::InvalidMatchId(format!("match id is {} characters long: at most {MAX_MATCH_ID_LEN} are allowed", id.len())));
    }
    if let Some(bad) = id.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-')) {
        return Err(LogError::InvalidMatchId(format!("match id {id:?} contains {bad:?}: only A-Z, a-z, 0-9, '_' and '-' are allowed")));
    }
    Ok(())
}

/// A `msg_id` goes into a NATS header: it must be non-empty, at most 256 bytes, printable ASCII.
/// Public so that every implementation of [`EventLog`] (`eventlog-dev`'s in-memory one too)
/// refuses the same ids.
pub fn validate_msg_id(msg_id: &str) -> Result<(), LogError> {
    if msg_id.is_empty() || msg_id.len() > 256 || !msg_id.bytes().all(|b| (0x21..0x7f).contains(&b)) {
        return Err(LogError::Other(format!(
            "invalid msg_id {msg_id:?}: it must be 1 to 256 printable ASCII characters without \
             spaces (e.g. \"<match_id>/<version>\")"
        )));
    }
    Ok(())
}

/// One commit of a match as stored in the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredCommit {
    /// 1-based position among the match's commits.
    pub version: u64,
    /// Stream sequence (use it as `expected_last_sequence` for the next append).
    pub sequence: u64,
    /// The commit, opaque to this crate.
    pub payload: Bytes,
}

/// One commit of any match, as the whole log is followed in stream order ([`EventLog::follow`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedCommit {
    /// The match whose subject it is on.
    pub match_id: String,
    /// Its stream sequence.
    pub sequence: u64,
    /// The commit, opaque to this crate.
    pub payload: Bytes,
}

/// One entry of the index bucket ([`INDEX_BUCKET`]) as a watch delivers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexEvent {
    /// A key's current value, at its revision (the bucket keeps one value per key).
    Entry { key: String, revision: u64, value: Bytes },
    /// Every value present when the watch began has been delivered; what follows is live.
    CaughtUp,
}

/// A match state at a version, to speed up rebuilds. Purely a cache.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Version of the last commit included in `state`.
    pub version: u64,
    /// Stream sequence of that commit.
    pub sequence: u64,
    /// The state blob, opaque to this crate.
    pub state: Bytes,
}

/// Errors of the log.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    /// Someone else appended first (wrong expected sequence). Maps to gRPC ABORTED.
    #[error(
        "append conflict on match {match_id}: expected the last commit at {}, but another \
         writer appended first",
        fmt_expected(.expected)
    )]
    Conflict { match_id: String, expected: Option<u64> },
    /// The log's store has no room (a stream or account limit, or the server's storage): nothing
    /// was appended, and the same append succeeds once there is room. Maps to RESOURCE_EXHAUSTED.
    #[error("match log store full: {0}")]
    StoreFull(String),
    /// The server has no room for another consumer (a watch). Maps to RESOURCE_EXHAUSTED.
    #[error("match log consumers exhausted: {0}")]
    ConsumersExhausted(String),
    /// The match stream does not exist (deleted, or its store lost). Maps to UNAVAILABLE,
    /// saying what to do.
    #[error("match log stream missing: {0}")]
    StreamMissing(String),
    /// A cluster still forming cannot place the replicas of a stream or bucket yet.
    #[error("match log not placed yet: {0}")]
    NoPlacement(String),
    /// Server down, or timeouts after retries. Maps to gRPC UNAVAILABLE.
    #[error("match log unavailable: {0}")]
    Unavailable(String),
    /// The match id is not 1..=64 characters of `[A-Za-z0-9_-]`. Maps to INVALID_ARGUMENT.
    #[error("invalid match id: {0}")]
    InvalidMatchId(String),
    /// Stored bytes that fail their integrity check (a sealed archive whose manifest, signature
    /// or chain does not verify): never served. Maps to gRPC DATA_LOSS.
    #[error("{0}")]
    Corrupt(String),
    /// An append the log's rules refuse whatever the state of the server (a new match whose id
    /// names an old period, a match past its maximum age). Maps to FAILED_PRECONDITION.
    #[error("{0}")]
    Refused(String),
    /// Anything else (misconfiguration, server-side refusal, ...).
    #[error("match log error: {0}")]
    Other(String),
}

fn fmt_expected(expected: &Option<u64>) -> String {
    match expected {
        Some(seq) => format!("stream sequence {seq}"),
        None => "no commit yet (new match)".to_string(),
    }
}

/// The match log.
#[async_trait::async_trait]
pub trait EventLog: Send + Sync + 'static {
    /// Whether the log's server is reachable right now, as far as the client knows without
    /// asking (a NATS connection that is down or reconnecting is not): callers answer
    /// UNAVAILABLE at once instead of waiting for request timeouts. Always true in memory.
    fn connected(&self) -> bool {
        true
    }

    /// Tell whoever listens (the feed projector) that `match_id` waits for the system, or no
    /// longer does: `body` on the core subject [`wait_subject`], never stored in the log.
    /// Best effort: a notice that does not go out is not an error (the next one follows).
    async fn notify_wait(&self, _match_id: &str, _body: Bytes) {}

    /// Append one commit.
    ///
    /// `expected_last_sequence`: stream sequence of the match's last commit, or `None` if the
    /// match must have no commit yet; otherwise [`LogError::Conflict`].
    ///
    /// `msg_id` is deterministic (e.g. `"<match_id>/<version>"`): an append retried with the
    /// same id, payload and expected sequence is not stored twice, and returns the original
    /// sequence. A publish that times out is retried with the same id a few times with backoff
    /// (then [`LogError::Unavailable`]). Precisely: when the expected sequence is stale, the
    /// append still succeeds if the commit right after `expected_last_sequence` carries this
    /// msg id and this payload (an earlier attempt whose ack was lost); otherwise another
    /// writer won and the result is [`LogError::Conflict`]. When the expected sequence is
    /// current but the msg id was already stored (JetStream dedup window, 2 minutes), the
    /// append succeeds with the original sequence only if that commit has the same match and
    /// payload, else [`LogError::Conflict`].
    ///
    /// Returns the new commit's stream sequence.
    async fn append(&self, match_id: &str, expected_last_sequence: Option<u64>, msg_id: &str, payload: Bytes) -> Result<u64, LogError>;

    /// All commits of the match with `version >= from_version` (1-based; 0 or 1 = from the
    /// start), in order. Empty for an unknown match. Commits appended while reading may or may
    /// not be included; the read always terminates.
    async fn read(&self, match_id: &str, from_version: u64) -> Result<Vec<StoredCommit>, LogError>;

    /// The commits appended after the one at stream sequence `after_sequence`, whose version is
    /// `next_version - 1`: how a reader that is up to date to that commit catches up. Costs one
    /// request when nothing is new, and never re-reads older commits.
    async fn read_after(&self, match_id: &str, after_sequence: u64, next_version: u64) -> Result<Vec<StoredCommit>, LogError>;

    /// Like [`Self::read_after`] (or [`Self::read`] from the start when `after_sequence` is
    /// `None`), but stops at version `last_version`: a rebuild up to an old version reads no
    /// further. The default reads on and drops the rest; [`JetStreamLog`] stops reading.
    async fn read_until(&self, match_id: &str, after_sequence: Option<u64>, next_version: u64, last_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        let mut commits = match after_sequence {
            Some(after) => self.read_after(match_id, after, next_version).await?,
            None => self.read(match_id, 1).await?,
        };
        commits.retain(|c| c.version <= last_version);
        Ok(commits)
    }

    /// The match's last commit as (stream sequence, stored bytes), if it has any: one read,
    /// however long the match. Its version is what the commit itself says (the log counts
    /// versions only when it reads from the start).
    async fn last_commit(&self, match_id: &str) -> Result<Option<(u64, Bytes)>, LogError> {
        Ok(self.read(match_id, 1).await?.pop().map(|c| (c.sequence, c.payload)))
    }

    /// History from `from_version`, then live commits as they are appended, forever (until the
    /// stream is dropped).
    async fn watch(&self, match_id: &str, from_version: u64) -> Result<BoxStream<'static, Result<StoredCommit, LogError>>, LogError>;

    /// Store the match's snapshot (the last one put wins).
    async fn put_snapshot(&self, match_id: &str, snapshot: Snapshot) -> Result<(), LogError>;

    /// The match's latest snapshot, if any. A snapshot that cannot be decoded is reported as
    /// absent (with a warning): snapshots are only a cache.
    async fn get_snapshot(&self, match_id: &str) -> Result<Option<Snapshot>, LogError>;

    /// Keep `snapshot` under its version as well, beside the latest one: a rebuild of a version
    /// below the latest snapshot then starts from the one kept at or below it
    /// ([`Self::get_snapshot_at`]) instead of from version 1. A log without such a store keeps
    /// only the latest (the default: nothing is lost, rebuilds are longer).
    async fn put_snapshot_at(&self, match_id: &str, snapshot: Snapshot) -> Result<(), LogError> {
        let _ = (match_id, snapshot);
        Ok(())
    }

    /// The snapshot kept at exactly `version` by [`Self::put_snapshot_at`], if any.
    async fn get_snapshot_at(&self, match_id: &str, version: u64) -> Result<Option<Snapshot>, LogError> {
        let _ = (match_id, version);
        Ok(None)
    }

    /// The last commit of every match in the log, as (match id, stream sequence, payload),
    /// sorted by match id: what a match index is rebuilt from (the orchestrator's ListMatches).
    /// One pass over one message per match; the log itself is never changed.
    async fn last_commits(&self) -> Result<Vec<(String, u64, Bytes)>, LogError> {
        Err(LogError::Other("this log cannot list its matches".into()))
    }

    /// The layout of the log (its partitions and periods, [`Layout`]).
    fn layout(&self) -> Layout {
        Layout::LEGACY
    }

    /// The streams of the log now, by name, each followed on its own ([`Self::follow`]): the
    /// fixed ones of a log without periods, the period streams that exist now (a bounded list,
    /// listed by name) of a log with periods. A follower asks again from time to time.
    async fn log_streams(&self) -> Result<Vec<String>, LogError> {
        Ok(vec![STREAM.to_string()])
    }

    /// The number of messages and bytes the stream `name` (one of [`Self::log_streams`])
    /// holds now; `None` when it does not exist.
    async fn stream_size(&self, name: &str) -> Result<Option<(u64, u64)>, LogError> {
        let _ = name;
        Err(LogError::Other("this log cannot size its streams".into()))
    }

    /// Every commit of every match of the stream `stream` (one of [`Self::log_streams`]) from
    /// its stream sequence `from_sequence` on, in stream order, then live commits as they are
    /// appended, forever (what a projector of the whole log reads, one stream at a time).
    /// Never delivers a sequence twice or out of order. Ends with an error once it can no
    /// longer vouch for what comes next (on [`JetStreamLog`], as soon as the connection to NATS
    /// is made again after it was lost): the caller follows again from the sequence after the
    /// last one it read.
    async fn follow(&self, stream: &str, from_sequence: u64) -> Result<BoxStream<'static, Result<LoggedCommit, LogError>>, LogError> {
        let _ = (stream, from_sequence);
        Err(LogError::Other("this log cannot be followed as a whole".into()))
    }

    /// The value of `key` in the index bucket and its revision, if any.
    async fn index_get(&self, key: &str) -> Result<Option<(u64, Bytes)>, LogError> {
        let _ = key;
        Err(LogError::Other("this log has no index bucket".into()))
    }

    /// Write `value` under `key` in the index bucket if the key is still at `revision` (0: the
    /// key must not exist yet); otherwise [`LogError::Conflict`] (the caller reads again).
    /// Returns the new revision.
    async fn index_put(&self, key: &str, value: Bytes, revision: u64) -> Result<u64, LogError> {
        let _ = (key, value, revision);
        Err(LogError::Other("this log has no index bucket".into()))
    }

    /// Every current value of the index bucket, then [`IndexEvent::CaughtUp`], then every value
    /// written afterwards, forever.
    async fn index_watch(&self) -> Result<BoxStream<'static, Result<IndexEvent, LogError>>, LogError> {
        Err(LogError::Other("this log has no index bucket".into()))
    }
}

/// The bucket key of the snapshot kept at `version`: `=` cannot occur in a match id (nor `.`,
/// which the orchestrator's permission `$KV.<bucket>.*` would refuse), so it never names
/// another match's latest snapshot.
pub fn snapshot_key_at(match_id: &str, version: u64) -> String {
    format!("{match_id}=v{version}")
}

/// Snapshot encoding in the KV bucket: format byte 1, version (u64 BE), sequence (u64 BE), state.
const SNAPSHOT_FORMAT: u8 = 1;

fn encode_snapshot(snapshot: &Snapshot) -> Bytes {
    let mut out = Vec::with_capacity(17 + snapshot.state.len());
    out.push(SNAPSHOT_FORMAT);
    out.extend_from_slice(&snapshot.version.to_be_bytes());
    out.extend_from_slice(&snapshot.sequence.to_be_bytes());
    out.extend_from_slice(&snapshot.state);
    Bytes::from(out)
}

fn decode_snapshot(raw: &Bytes) -> Option<Snapshot> {
    if raw.len() < 17 || raw[0] != SNAPSHOT_FORMAT {
        return None;
    }
    let version = u64::from_be_bytes(raw[1..9].try_into().ok()?);
    let sequence = u64::from_be_bytes(raw[9..17].try_into().ok()?);
    Some(Snapshot { version, sequence, state: raw.slice(17..) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_and_ids() {
        assert_eq!(subject("abc-1_2"), "match.abc-1_2.events");
        assert!(validate_match_id("abc-1_2").is_ok());
        assert!(validate_match_id(&"a".repeat(64)).is_ok());
        for bad in ["", "a.b", "*", ">", "a b", "é", "a/b", &"a".repeat(65)] {
            let err = validate_match_id(bad).unwrap_err();
            assert!(matches!(err, LogError::InvalidMatchId(_)), "{bad:?}: {err}");
        }
    }

    #[test]
    fn msg_ids() {
        assert!(validate_msg_id("m1/3").is_ok());
        assert!(validate_msg_id("").is_err());
        assert!(validate_msg_id("a b").is_err());
        assert!(validate_msg_id("a\nb").is_err());
    }

    #[test]
    fn snapshot_roundtrip() {
        let s = Snapshot { version: 7, sequence: 42, state: Bytes::from_static(b"state") };
        assert_eq!(decode_snapshot(&encode_snapshot(&s)), Some(s));
        assert_eq!(decode_snapshot(&Bytes::from_static(b"junk")), None);
    }

    #[test]
    fn conflict_message() {
        let e = LogError::Conflict { match_id: "m".into(), expected: Some(3) };
        assert!(e.to_string().contains("stream sequence 3"), "{e}");
    }
}
