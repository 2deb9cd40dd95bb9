//! Sealed archives of ended matches: their layout, their check, the archiver that writes them,
//! and the log that reads a match from its archive when the hot log no longer holds it.
//!
//! **An archive** is one blob per match in the archive storage (`eventlog::Archive`, the
//! Object Store bucket `MATCH_ARCHIVE` by default): a manifest signed with this orchestrator's
//! key, then the stored bytes of every commit in version order, each with its original stream
//! sequence, so the chain and every commit's signature verify exactly as from the hot log and
//! an export taken from it is byte-identical. The byte layout is in `docs/architecture.md`,
//! "Sealed archives". Archive storage is untrusted: [`open`] checks everything (the manifest's
//! signature, its match id, the digest of the commits section, the count, every hash link and
//! signature, the chain head, the sequences) and refuses the archive with an error naming the
//! first thing that failed ([`eventlog::LogError::Corrupt`], DATA_LOSS).
//!
//! **The archiver** ([`run`], one pass: [`pass`]) runs inside the orchestrator, not as a
//! binary of its own: it needs exactly what the orchestrator has (the match index to find
//! ended matches without reading the log, the signing key for the manifest, the log and the
//! archive bucket, both of which the orchestrator role may write), and every orchestrator may
//! run it side by side (each step is idempotent, see below). It takes from the index the
//! matches that ended more than `--archive-after` ago and are not marked archived, and for each:
//! reads its whole hot log, builds the archive (which checks the hot log's chain on the way),
//! writes it unless an archive that verifies and holds the same commits is there already (one
//! that does not verify is rewritten, never trusted), reads it back and checks it again
//! against the hot log's bytes, and only then marks the index entry archived. Killed at any
//! point, the next pass does the remaining steps again: nothing is marked before it is checked.
//!
//! **The read path** ([`ArchivingLog`]) wraps the hot log: a match with no commit in the hot
//! log but an archive is read from its (checked) archive by `read`, `read_until`,
//! `last_commit` and `watch` (its whole history, then nothing more: a sealed match never
//! grows), so `GetMatch`, `ExportMatch`, `WatchMatch` and their replays, which check the chain
//! again as for any log, work unchanged. While the hot log still holds a match (always, until
//! matches leave the hot log), it is read from there and the archive is not looked at.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use eventlog::{Archive, EventLog, IndexEvent, LogError, LoggedCommit, Snapshot, StoredCommit};
use fairness::chain::{self, Link, OrchestratorKey};
use futures::stream::BoxStream;
use futures::StreamExt;
use prost::Message;
use sha2::{Digest, Sha256};

use crate::index::MatchIndex;
use fairness::chain::short_hex;

mod periods;

pub use periods::{leaves_at_ms, pass_periods, DeletePeriod, PeriodPass};

/// Default time from a match's end to its archive (`--archive-after`): three days, long enough
/// for rulings, appeals and exports of a tournament weekend to read the hot log.
pub const DEFAULT_ARCHIVE_AFTER: Duration = Duration::from_secs(3 * 24 * 3600);
/// Default time from the start of one archiver pass to the next (`--archive-every-s`).
pub const DEFAULT_ARCHIVE_EVERY: Duration = Duration::from_secs(60);
/// The domain of the manifest signature (never the same bytes as a signed commit).
pub const MANIFEST_DOMAIN: &str = "arbiter/archive-manifest/v1";
/// The manifest format this code writes and reads.
const MANIFEST_FORMAT: u8 = 1;
/// Bytes of a manifest after its match id: count, head, first and last sequence, ended at,
/// commits digest.
const MANIFEST_TAIL: usize = 8 + 32 + 8 + 8 + 8 + 32;
const SIGNATURE_LEN: usize = 64;

/// What a manifest says about its archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    pub match_id: String,
    /// Commits in the archive (the match version).
    pub commits: u64,
    /// SHA-256 of the last commit's stored bytes.
    pub chain_head: [u8; 32],
    /// Stream sequences of the first and last commit in the hot log they came from.
    pub first_sequence: u64,
    pub last_sequence: u64,
    /// When the match ended (`written_at_ms` of the commit that ended it, from the index).
    pub ended_at_ms: i64,
    /// SHA-256 of the commits section.
    pub commits_digest: [u8; 32],
}

impl Manifest {
    /// The canonical bytes the signature covers.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 + self.match_id.len() + MANIFEST_TAIL);
        out.push(MANIFEST_FORMAT);
        // A match id is at most 64 ASCII characters (eventlog::MAX_MATCH_ID_LEN).
        out.push(self.match_id.len() as u8);
        out.extend_from_slice(self.match_id.as_bytes());
        out.extend_from_slice(&self.commits.to_be_bytes());
        out.extend_from_slice(&self.chain_head);
        out.extend_from_slice(&self.first_sequence.to_be_bytes());
        out.extend_from_slice(&self.last_sequence.to_be_bytes());
        out.extend_from_slice(&self.ended_at_ms.to_be_bytes());
        out.extend_from_slice(&self.commits_digest);
        out
    }

    fn parse(bytes: &[u8]) -> Option<Manifest> {
        let (&format, rest) = bytes.split_first()?;
        let (&id_len, rest) = rest.split_first()?;
        if format != MANIFEST_FORMAT || rest.len() != id_len as usize + MANIFEST_TAIL {
            return None;
        }
        let (id, rest) = rest.split_at(id_len as usize);
        let mut reader = Reader(rest);
        Some(Manifest {
            match_id: String::from_utf8(id.to_vec()).ok()?,
            commits: reader.u64()?,
            chain_head: reader.array()?,
            first_sequence: reader.u64()?,
            last_sequence: reader.u64()?,
            ended_at_ms: reader.u64()? as i64,
            commits_digest: reader.array()?,
        })
    }
}

/// The message the orchestrator signs for a manifest.
fn signed_manifest(manifest: &[u8]) -> Vec<u8> {
    let mut msg = Vec::with_capacity(MANIFEST_DOMAIN.len() + 1 + manifest.len());
    msg.extend_from_slice(MANIFEST_DOMAIN.as_bytes());
    msg.push(0);
    msg.extend_from_slice(manifest);
    msg
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_be_bytes(self.take(8)?.try_into().ok()?))
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_be_bytes(self.take(4)?.try_into().ok()?))
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }
}

/// The commits section: per commit, its stream sequence (u64 BE), its length (u32 BE), its
/// stored bytes.
fn commits_section(commits: &[StoredCommit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(commits.iter().map(|c| 12 + c.payload.len()).sum());
    for c in commits {
        out.extend_from_slice(&c.sequence.to_be_bytes());
        out.extend_from_slice(&(c.payload.len() as u32).to_be_bytes());
        out.extend_from_slice(&c.payload);
    }
    out
}

/// The archive of `match_id` from its whole hot log, signed by `signer`. The log is checked on
/// the way ([`open`] of the result), so a hot log that fails its chain is never sealed.
pub fn seal(match_id: &str, commits: &[StoredCommit], ended_at_ms: i64, signer: &fairness::Signer) -> Result<Bytes, LogError> {
    let (Some(first), Some(last)) = (commits.first(), commits.last()) else {
        return Err(LogError::Other(format!("match {match_id} has no commit to archive")));
    };
    let section = commits_section(commits);
    let manifest = Manifest {
        match_id: match_id.to_string(),
        commits: commits.len() as u64,
        chain_head: chain::commit_hash(&last.payload),
        first_sequence: first.sequence,
        last_sequence: last.sequence,
        ended_at_ms,
        commits_digest: Sha256::digest(&section).into(),
    }
    .to_bytes();
    let signature = signer.sign(&signed_manifest(&manifest));
    let mut blob = Vec::with_capacity(4 + manifest.len() + SIGNATURE_LEN + section.len());
    blob.extend_from_slice(&(manifest.len() as u32).to_be_bytes());
    blob.extend_from_slice(&manifest);
    blob.extend_from_slice(&signature);
    blob.extend_from_slice(&section);
    let blob = Bytes::from(blob);
    open(match_id, &blob, &signer.orchestrator_key()).map_err(|e| match e {
        LogError::Corrupt(why) => LogError::Corrupt(format!("the hot log is not sealed: {why}")),
        other => other,
    })?;
    Ok(blob)
}

/// Check the archive `blob` of `match_id` under this orchestrator's key and return its manifest
/// and commits; a [`LogError::Corrupt`] naming what failed otherwise.
pub fn open(match_id: &str, blob: &[u8], key: &OrchestratorKey) -> Result<(Manifest, Vec<StoredCommit>), LogError> {
    let refused = |what: String| LogError::Corrupt(format!("the archive of match {match_id} is refused: {what}"));
    let mut reader = Reader(blob);
    let manifest_bytes =
        reader.u32().and_then(|n| reader.take(n as usize)).ok_or_else(|| refused(format!("it is {} bytes long and holds no complete manifest", blob.len())))?;
    let signature = reader.take(SIGNATURE_LEN).ok_or_else(|| refused("its manifest has no signature".into()))?;
    if fairness::verify_signature(&key.to_bytes(), &signed_manifest(manifest_bytes), signature).is_err() {
        return Err(refused(format!(
            "its manifest's signature does not verify under this orchestrator's key {} (the manifest was changed, or \
             signed by another key)",
            short_hex(&key.to_bytes())
        )));
    }
    let manifest = Manifest::parse(manifest_bytes).ok_or_else(|| refused("its signed manifest does not parse".into()))?;
    if manifest.match_id != match_id {
        return Err(refused(format!("its manifest is the manifest of match {}", manifest.match_id)));
    }
    let section = reader.0;
    let digest: [u8; 32] = Sha256::digest(section).into();
    if digest != manifest.commits_digest {
        return Err(refused(format!(
            "its commits section hashes to {}, not to the digest {} its manifest signs (a commit was changed, added or \
             removed)",
            short_hex(&digest),
            short_hex(&manifest.commits_digest)
        )));
    }
    let mut commits = Vec::new();
    let mut sections = Reader(section);
    while !sections.0.is_empty() {
        let version = commits.len() as u64 + 1;
        let (sequence, payload) = sections
            .u64()
            .zip(sections.u32())
            .and_then(|(s, n)| sections.take(n as usize).map(|p| (s, Bytes::copy_from_slice(p))))
            .ok_or_else(|| refused(format!("commit {version} is cut short")))?;
        commits.push(StoredCommit { version, sequence, payload });
    }
    if commits.len() as u64 != manifest.commits {
        return Err(refused(format!("it holds {} commits, its manifest says {}", commits.len(), manifest.commits)));
    }
    let mut decoded = Vec::with_capacity(commits.len());
    for stored in &commits {
        let commit = api::log_v1::Commit::decode(stored.payload.as_ref()).map_err(|e| refused(format!("commit {} does not decode: {e}", stored.version)))?;
        if commit.match_id != match_id || commit.version != stored.version {
            return Err(refused(format!("commit {} says it is version {} of match {}", stored.version, commit.version, commit.match_id)));
        }
        decoded.push(commit);
    }
    let links: Vec<Link<'_>> =
        commits.iter().zip(&decoded).map(|(stored, c)| Link { stored: &stored.payload, log_format: c.log_format, prev_hash: &c.prev_hash }).collect();
    let head = key.check_run(&links, None).map_err(|e| refused(format!("commit {} fails the chain: {}", e.index + 1, e.error)))?;
    if head != Some(manifest.chain_head) {
        return Err(refused(format!(
            "its last commit hashes to {}, not to the chain head {} its manifest signs",
            head.map(|h| short_hex(&h)).unwrap_or_else(|| "none".into()),
            short_hex(&manifest.chain_head)
        )));
    }
    let sequences_rise = commits.windows(2).all(|w| w[0].sequence < w[1].sequence);
    let (first, last) = (commits.first().map(|c| c.sequence), commits.last().map(|c| c.sequence));
    if !sequences_rise || first != Some(manifest.first_sequence) || last != Some(manifest.last_sequence) {
        return Err(refused("its commits' stream sequences are not the rising run its manifest names".into()));
    }
    Ok((manifest, commits))
}

/// The first commit an archive `blob` holds, *not checked*: it names the orchestrator key the
/// archive must then be checked under with [`open`] (as a backup's restore does, which holds
/// archives from before any key was loaded). `None` if the blob holds no decodable commit.
pub fn first_commit_unchecked(blob: &[u8]) -> Option<api::log_v1::Commit> {
    let mut reader = Reader(blob);
    let manifest_len = reader.u32()?;
    reader.take(manifest_len as usize)?;
    reader.take(SIGNATURE_LEN)?;
    let _sequence = reader.u64()?;
    let len = reader.u32()?;
    api::log_v1::Commit::decode(reader.take(len as usize)?).ok()
}

/// What one archiver pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    /// Matches sealed and marked in this pass.
    pub archived: Vec<String>,
    /// Archives found broken (or different from the hot log) and written again.
    pub rewritten: Vec<String>,
    /// Matches left for the next pass, and why.
    pub failed: Vec<(String, String)>,
}

/// The archiver: a pass every `every`, forever; in a log with periods each pass then deletes
/// the period streams that may leave the hot log (`periods`), through `deleter`.
pub async fn run(
    index: Arc<MatchIndex>,
    hot: Arc<dyn EventLog>,
    archive: Arc<dyn Archive>,
    signer: Arc<fairness::Signer>,
    after: Duration,
    every: Duration,
    deleter: Option<Arc<dyn DeletePeriod>>,
) {
    // Not before the index is loaded: it is what says which matches ended.
    while index.wait_ready().await.is_err() {}
    loop {
        let started = tokio::time::Instant::now();
        let done = pass(&index, hot.as_ref(), archive.as_ref(), &signer, after, now_ms()).await;
        if !done.archived.is_empty() || !done.failed.is_empty() {
            tracing::info!(archived = done.archived.len(), rewritten = done.rewritten.len(), failed = done.failed.len(), "archiver pass");
        }
        for (match_id, why) in &done.failed {
            tracing::warn!(match_id, why, "the match was not archived; the next pass tries again");
        }
        let key = signer.orchestrator_key();
        pass_periods(&index, hot.as_ref(), archive.as_ref(), &key, deleter.as_deref(), after, now_ms()).await.log();
        tokio::time::sleep_until(started + every).await;
    }
}

/// One pass at wall time `now_ms`: seal every match the index says ended more than `after`
/// before and is not archived yet (and, with periods, every match the log has closed for good
/// more than `after` before, ended or not: `MatchIndex::final_unended`).
pub async fn pass(index: &MatchIndex, hot: &dyn EventLog, archive: &dyn Archive, signer: &fairness::Signer, after: Duration, now_ms: i64) -> Pass {
    let ended_before = now_ms.saturating_sub(i64::try_from(after.as_millis()).unwrap_or(i64::MAX));
    let mut done = Pass::default();
    let mut due = index.to_archive(ended_before);
    // With periods, a match that never ended is sealed once the log can take no more of it,
    // else one match nobody joined would keep its whole period in the hot log for ever.
    if let Some(periods) = hot.layout().periods() {
        due.extend(index.final_unended(ended_before.saturating_sub(periods.closing_ms()), periods.closing_ms()));
    }
    // Orchestrators archiving side by side start at different places in the list, so that
    // they seldom seal the same match at once (harmless, but the second put's replaced chunks
    // stay behind, see `eventlog::JetStreamArchive::put`).
    if !due.is_empty() {
        let start = rand::random::<usize>() % due.len();
        due.rotate_left(start);
    }
    for entry in due {
        match seal_one(index, hot, archive, signer, &entry, now_ms).await {
            Ok(rewritten) => {
                if rewritten {
                    done.rewritten.push(entry.match_id.clone());
                }
                done.archived.push(entry.match_id);
            }
            Err(e) => done.failed.push((entry.match_id, e.to_string())),
        }
    }
    done
}

/// Seal one match and mark it archived. Returns whether an archive already there was rewritten.
async fn seal_one(
    index: &MatchIndex,
    hot: &dyn EventLog,
    archive: &dyn Archive,
    signer: &fairness::Signer,
    entry: &crate::index::Entry,
    now_ms: i64,
) -> Result<bool, LogError> {
    let match_id = entry.match_id.as_str();
    let key = signer.orchestrator_key();
    let commits = hot.read(match_id, 1).await?;
    if commits.is_empty() {
        // Not in the hot log (left it, Phase B): mark it only if its archive verifies.
        let blob = archive
            .get(match_id)
            .await?
            .ok_or_else(|| LogError::Corrupt(format!("match {match_id} is in the index but neither in the hot log nor in the archive")))?;
        let (manifest, _) = open(match_id, &blob, &key)?;
        index.mark_archived(match_id, now_ms, manifest.commits, manifest.last_sequence).await?;
        return Ok(false);
    }
    // The entry is written when what it lists changes, not on every commit: the commits after
    // its version (the reveal after the end) must change nothing it lists.
    crate::index::check::lists_as_head(entry, &commits).map_err(|why| LogError::Other(format!("match {match_id}: {why} (the index is behind)")))?;
    let same_as_hot = |found: &[StoredCommit]| found == commits.as_slice();
    let existing = match archive.get(match_id).await {
        Ok(None) => None,
        Ok(Some(blob)) => Some(open(match_id, &blob, &key).map(|(_, c)| same_as_hot(&c))),
        // Stored bytes changed since they were written: written again from the hot log.
        Err(e @ LogError::Corrupt(_)) => Some(Err(e)),
        Err(e) => return Err(e),
    };
    let rewritten = match existing {
        // Written by an earlier pass killed before it marked the index.
        Some(Ok(true)) => false,
        None => {
            archive.put(match_id, seal(match_id, &commits, entry.ended_at_ms, signer)?).await?;
            false
        }
        Some(Ok(false)) | Some(Err(_)) => {
            if let Some(Err(e)) = &existing {
                tracing::warn!(match_id, error = %e, "an archive that does not verify is written again");
            }
            archive.put(match_id, seal(match_id, &commits, entry.ended_at_ms, signer)?).await?;
            true
        }
    };
    // Read back and check against the hot log before anything says it is archived.
    let blob =
        archive.get(match_id).await?.ok_or_else(|| LogError::Unavailable(format!("the archive of match {match_id} is missing right after it was written")))?;
    let (_, read_back) = open(match_id, &blob, &key)?;
    if !same_as_hot(&read_back) {
        return Err(LogError::Corrupt(format!("the archive of match {match_id} read back differs from its hot log")));
    }
    let last_sequence = commits.last().map_or(0, |c| c.sequence);
    index.mark_archived(match_id, now_ms, commits.len() as u64, last_sequence).await?;
    Ok(rewritten)
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)).unwrap_or(0)
}

/// The hot log, with sealed archives behind it: a match the hot log holds no commit of is read
/// from its archive, checked by [`open`] on every read.
pub struct ArchivingLog {
    hot: Arc<dyn EventLog>,
    archive: Arc<dyn Archive>,
    key: OrchestratorKey,
}

impl ArchivingLog {
    pub fn new(hot: Arc<dyn EventLog>, archive: Arc<dyn Archive>, key: OrchestratorKey) -> Self {
        ArchivingLog { hot, archive, key }
    }

    /// The checked commits of the match's archive, if it has one.
    async fn sealed(&self, match_id: &str) -> Result<Option<Vec<StoredCommit>>, LogError> {
        match self.archive.get(match_id).await? {
            None => self.vanished(match_id).await.map(|()| None),
            Some(blob) => open(match_id, &blob, &self.key).map(|(_, commits)| Some(commits)),
        }
    }

    /// A match neither the hot log nor the bucket holds: unknown, unless the index has an
    /// entry for it (projected from its commits, so they existed): its archive vanished after
    /// its period left the hot log, or its stream left before it was sealed, or its commits
    /// were removed. That is `DATA_LOSS` naming it, never "no such match". An index that
    /// cannot be read says nothing (the match reads as unknown, as before periods).
    async fn vanished(&self, match_id: &str) -> Result<(), LogError> {
        let Ok(Some((_, value))) = self.hot.index_get(match_id).await else { return Ok(()) };
        match serde_json::from_slice::<crate::index::Entry>(&value) {
            Ok(entry) if entry.archived_at_ms != 0 => Err(LogError::Corrupt(format!(
                "match {match_id} was archived (at {} ms, {} commits) but neither the hot log nor the archive bucket {} \
                 holds it any more: restore its archive",
                entry.archived_at_ms,
                entry.version,
                eventlog::ARCHIVE_BUCKET
            ))),
            Ok(entry) => Err(LogError::Corrupt(format!(
                "match {match_id} has {} commits in the match index but none in the hot log, and it was never archived: \
                 the stream that held it is gone, restore it from a backup",
                entry.version
            ))),
            Err(_) => Ok(()),
        }
    }

    /// `found` from the hot log, or when it is empty and the hot log holds no commit of the
    /// match, the archived commits `keep` selects.
    async fn or_sealed(&self, match_id: &str, found: Vec<StoredCommit>, keep: impl Fn(&StoredCommit) -> bool) -> Result<Vec<StoredCommit>, LogError> {
        if !found.is_empty() || self.hot.last_commit(match_id).await?.is_some() {
            return Ok(found);
        }
        Ok(self.sealed(match_id).await?.unwrap_or_default().into_iter().filter(|c| keep(c)).collect())
    }
}

#[async_trait::async_trait]
impl EventLog for ArchivingLog {
    fn connected(&self) -> bool {
        self.hot.connected()
    }

    // Wait notices go to the hot log's server (a default here would drop them silently).
    async fn notify_wait(&self, match_id: &str, body: Bytes) {
        self.hot.notify_wait(match_id, body).await
    }

    async fn append(&self, match_id: &str, expected_last_sequence: Option<u64>, msg_id: &str, payload: Bytes) -> Result<u64, LogError> {
        // A new match may not take the id of a sealed one.
        if expected_last_sequence.is_none() && self.archive.get(match_id).await?.is_some() {
            return Err(LogError::Conflict { match_id: match_id.to_string(), expected: None });
        }
        self.hot.append(match_id, expected_last_sequence, msg_id, payload).await
    }

    async fn read(&self, match_id: &str, from_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        let found = self.hot.read(match_id, from_version).await?;
        self.or_sealed(match_id, found, |c| c.version >= from_version).await
    }

    async fn read_after(&self, match_id: &str, after_sequence: u64, next_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        // A sealed match never grows: nothing comes after a commit read from its archive.
        self.hot.read_after(match_id, after_sequence, next_version).await
    }

    async fn read_until(&self, match_id: &str, after_sequence: Option<u64>, next_version: u64, last_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        let found = self.hot.read_until(match_id, after_sequence, next_version, last_version).await?;
        let first = if after_sequence.is_some() { next_version } else { 1 };
        self.or_sealed(match_id, found, |c| c.version >= first && c.version <= last_version).await
    }

    async fn last_commit(&self, match_id: &str) -> Result<Option<(u64, Bytes)>, LogError> {
        if let Some(last) = self.hot.last_commit(match_id).await? {
            return Ok(Some(last));
        }
        Ok(self.sealed(match_id).await?.and_then(|mut c| c.pop()).map(|c| (c.sequence, c.payload)))
    }

    async fn watch(&self, match_id: &str, from_version: u64) -> Result<BoxStream<'static, Result<StoredCommit, LogError>>, LogError> {
        if self.hot.last_commit(match_id).await?.is_none() {
            if let Some(commits) = self.sealed(match_id).await? {
                let history = commits.into_iter().filter(move |c| c.version >= from_version).map(Ok);
                // Then nothing, as a watch of an ended match in the hot log.
                return Ok(futures::stream::iter(history).chain(futures::stream::pending()).boxed());
            }
        }
        self.hot.watch(match_id, from_version).await
    }

    async fn put_snapshot(&self, match_id: &str, snapshot: Snapshot) -> Result<(), LogError> {
        self.hot.put_snapshot(match_id, snapshot).await
    }

    async fn get_snapshot(&self, match_id: &str) -> Result<Option<Snapshot>, LogError> {
        self.hot.get_snapshot(match_id).await
    }

    async fn put_snapshot_at(&self, match_id: &str, snapshot: Snapshot) -> Result<(), LogError> {
        self.hot.put_snapshot_at(match_id, snapshot).await
    }

    async fn get_snapshot_at(&self, match_id: &str, version: u64) -> Result<Option<Snapshot>, LogError> {
        self.hot.get_snapshot_at(match_id, version).await
    }

    async fn last_commits(&self) -> Result<Vec<(String, u64, Bytes)>, LogError> {
        self.hot.last_commits().await
    }

    fn layout(&self) -> eventlog::Layout {
        self.hot.layout()
    }

    async fn log_streams(&self) -> Result<Vec<String>, LogError> {
        self.hot.log_streams().await
    }

    async fn stream_size(&self, name: &str) -> Result<Option<(u64, u64)>, LogError> {
        self.hot.stream_size(name).await
    }

    async fn follow(&self, stream: &str, from_sequence: u64) -> Result<BoxStream<'static, Result<LoggedCommit, LogError>>, LogError> {
        self.hot.follow(stream, from_sequence).await
    }

    async fn index_get(&self, key: &str) -> Result<Option<(u64, Bytes)>, LogError> {
        self.hot.index_get(key).await
    }

    async fn index_put(&self, key: &str, value: Bytes, revision: u64) -> Result<u64, LogError> {
        self.hot.index_put(key, value, revision).await
    }

    async fn index_watch(&self) -> Result<BoxStream<'static, Result<IndexEvent, LogError>>, LogError> {
        self.hot.index_watch().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::tests::{log, signer};

    fn refusal(r: Result<(Manifest, Vec<StoredCommit>), LogError>) -> String {
        match r {
            Err(LogError::Corrupt(m)) => m,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    /// The offset of the commits section in a blob.
    fn section_at(blob: &[u8]) -> usize {
        4 + u32::from_be_bytes(blob[..4].try_into().unwrap()) as usize + SIGNATURE_LEN
    }

    #[test]
    fn an_archive_opens_to_the_same_commits_and_manifest() {
        let s = signer();
        let commits = log(&s, 5);
        let blob = seal("m", &commits, 1234, &s).unwrap();
        let (manifest, opened) = open("m", &blob, &s.orchestrator_key()).unwrap();
        assert_eq!(opened, commits);
        assert_eq!((manifest.commits, manifest.first_sequence, manifest.last_sequence, manifest.ended_at_ms), (5, 10, 50, 1234));
        assert_eq!(manifest.chain_head, chain::commit_hash(&commits[4].payload));
        assert_eq!(Manifest::parse(&manifest.to_bytes()), Some(manifest));
    }

    #[test]
    fn a_changed_manifest_or_commit_is_refused_naming_what_failed() {
        let s = signer();
        let key = s.orchestrator_key();
        let blob = seal("m", &log(&s, 5), 1234, &s).unwrap().to_vec();
        // A byte of the manifest (its commit count).
        let mut forged = blob.clone();
        forged[4 + 2 + 1 + 7] ^= 1;
        assert!(refusal(open("m", &forged, &key)).contains("manifest's signature does not verify"));
        // A byte of commit 3's stored bytes.
        let mut changed = blob.clone();
        let at = section_at(&blob);
        let third = at + 2 * 12 + log(&s, 5)[..2].iter().map(|c| c.payload.len()).sum::<usize>() + 12 + 3;
        changed[third] ^= 1;
        assert!(refusal(open("m", &changed, &key)).contains("commits section hashes to"));
        // The last commit dropped.
        let last = log(&s, 5)[4].payload.len() + 12;
        assert!(refusal(open("m", &blob[..blob.len() - last], &key)).contains("commits section hashes to"));
        // Another match's archive under this id, and another key's archive.
        assert!(refusal(open("n", &blob, &key)).contains("manifest of match m"));
        let other = fairness::Signer::from_seed(&[9; 32]);
        assert!(refusal(open("m", &blob, &other.orchestrator_key())).contains("signature does not verify"));
        assert!(refusal(open("m", b"ab", &key)).contains("no complete manifest"));
    }

    #[test]
    fn a_manifest_re_signed_over_a_changed_commit_still_fails_the_chain() {
        // Whoever holds the key can sign any manifest: the commits' own signatures and links
        // still name the commit that is not what was signed.
        let s = signer();
        let mut commits = log(&s, 4);
        let mut bytes = commits[1].payload.to_vec();
        *bytes.last_mut().unwrap() ^= 1;
        commits[1].payload = Bytes::from(bytes);
        assert!(matches!(seal("m", &commits, 0, &s), Err(LogError::Corrupt(m)) if m.contains("hot log is not sealed") && m.contains("commit 2")));
    }

    #[tokio::test]
    async fn the_archiving_log_reads_a_match_the_hot_log_lacks_from_its_archive() {
        let s = signer();
        let hot = Arc::new(eventlog_dev::MemoryLog::new());
        let archive = Arc::new(eventlog::MemoryArchive::new());
        let commits = log(&s, 3);
        archive.put("m", seal("m", &commits, 0, &s).unwrap()).await.unwrap();
        let log = ArchivingLog::new(hot.clone(), archive.clone(), s.orchestrator_key());
        assert_eq!(log.read("m", 2).await.unwrap(), commits[1..].to_vec());
        assert_eq!(log.read_until("m", None, 1, 2).await.unwrap(), commits[..2].to_vec());
        assert_eq!(log.last_commit("m").await.unwrap(), Some((30, commits[2].payload.clone())));
        let watched: Vec<_> = log.watch("m", 1).await.unwrap().take(3).map(|c| c.unwrap()).collect().await;
        assert_eq!(watched, commits);
        assert!(matches!(log.append("m", None, "m/1", commits[0].payload.clone()).await, Err(LogError::Conflict { .. })));
        assert!(log.read("other", 1).await.unwrap().is_empty());
        archive.put("m", Bytes::from_static(b"junk")).await.unwrap();
        assert!(matches!(log.read("m", 1).await, Err(LogError::Corrupt(_))));
    }

    #[tokio::test]
    async fn a_match_the_index_knows_and_no_log_or_archive_holds_is_data_loss_not_unknown() {
        let s = signer();
        let hot = Arc::new(eventlog_dev::MemoryLog::new());
        let log = ArchivingLog::new(hot.clone(), Arc::new(eventlog::MemoryArchive::new()), s.orchestrator_key());
        let entry = |archived_at_ms| crate::index::Entry {
            match_id: "m".into(),
            ruleset: "mainframe".into(),
            tournament_id: String::new(),
            round: 0,
            table: 0,
            labels: Default::default(),
            seat_names: Vec::new(),
            status: 0,
            result: String::new(),
            timed: false,
            version: 7,
            sequence: 70,
            ended_at_ms: 0,
            archived_at_ms,
        };
        hot.index_put("m", Bytes::from(serde_json::to_vec(&entry(0)).unwrap()), 0).await.unwrap();
        assert!(matches!(log.read("m", 1).await, Err(LogError::Corrupt(m)) if m.contains("7 commits") && m.contains("never archived")));
        let revision = hot.index_get("m").await.unwrap().unwrap().0;
        hot.index_put("m", Bytes::from(serde_json::to_vec(&entry(1234)).unwrap()), revision).await.unwrap();
        assert!(matches!(log.read("m", 1).await, Err(LogError::Corrupt(m)) if m.contains("restore its archive")));
        assert!(log.read("unknown", 1).await.unwrap().is_empty(), "a match nobody knows is simply unknown");
    }
}
