//! `arbiter restore`: write a backup (backup.rs) into a NATS store, every commit byte for byte
//! with its msg id, each append conditional on the match's last commit as the orchestrator's
//! are, and put the deployment's key files back from the keys file beside it (backup_keys.rs).
//!
//! Nothing is written before everything is checked. A first pass reads the whole file (every
//! record, the end record and its count) and checks each match's chain in file order; then the
//! keys file is checked against the matches and the key files on disk, and every match the
//! store already holds against the file (it must be an exact prefix of the backup's). Only
//! then does a second pass read the file again and write. The first pass keeps 32 bytes per
//! commit (its SHA-256), not the payloads; the second pass checks each commit it writes against
//! them, so a file changed between the passes stops the restore.
//!
//! An interrupted restore is simply run again: the commits already in the store are a prefix of
//! the backup's and are skipped, and an append whose acknowledgement was lost is recognised by
//! its msg id (`JetStreamLog::append`).
//!
//! This is the restore of a format 1 backup (a log without periods); a format 2 backup (a log
//! with periods) is restored by restore_periods.rs.

use std::collections::BTreeMap;
use std::io::{Read, Seek};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use api::log_v1::commit_input::Input;
use api::log_v1::Commit;
use clap::Args;
use eventlog::{EventLog, JetStreamLog, LogError};
use fairness::chain::{commit_hash, Link, OrchestratorKey, LOG_FORMAT_SIGNED};
use prost::bytes::Bytes;
use prost::Message;

use super::backup::{match_of, partition_of, AdminNatsArgs, Reader, Record};
use super::backup_keys::{keys_file_of, BackupKeys, KeyAction, KeyFileArgs};

/// Progress on stderr at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);
/// An append is retried this long while NATS is unavailable (e.g. a cluster electing a leader).
const UNAVAILABLE_RETRY: Duration = Duration::from_secs(60);
/// The first pass checks the signatures of the commits it holds once they reach this many bytes
/// (and at the end of the file): what bounds its memory besides the 32 bytes per commit.
const PENDING_BYTES: usize = 8 << 20;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter restore arbiter.backup                        # into the NATS of `arbiter up` in .arbiter, keys from arbiter.backup.keys\n  arbiter restore arbiter.backup --replicas 3           # into a fresh three-node cluster\n  arbiter restore arbiter.backup --no-keys              # the log only\n  arbiter restore b --nats-url nats://10.0.0.6:4222 --nats-user admin --nats-password-file admin.password\n\nChecks the whole file first: every record and the end record's count, and each match's chain\n(version 1 creates the match, each commit holds the SHA-256 of the one before, the signatures\nverify under the orchestrator key commit 1 names); then the keys file (FILE.keys) against the\nkeys the matches name and the key files already on disk; then every match the store already\nholds, which must be an exact prefix of the backup's. Any failure: nothing is written, and the\nerror names the match, version and reason. Then it writes the missing key files (mode 0600,\nnever replacing an existing file) and every commit the store lacks into the match log (stream\nMATCHES, created if missing, with --replicas), in the file's order, byte for byte with its msg\nid: the restored matches replay and pass `arbiter audit` exactly as before. Stream sequence\nnumbers are those of the new store. An interrupted restore can be run again: what it already\nwrote is skipped. Snapshots are not restored (the orchestrator rebuilds them). Stop the\norchestrators first, or restore into a store they do not use yet.\n\nA backup of a log with periods (format 2) is restored into an empty store only (nothing of a\nmatch log in it but, at most, the same layout record): after the same checks, and every\narchive opened as the orchestrator does (signed manifest, chain, signatures), it writes the\nlayout record, each period stream the backup holds (a whole stream keeps its stream\nsequences), the archives into MATCH_ARCHIVE and the archived matches' index entries. Run the\nservices with the same --period and --max-match-age. Needs the NATS admin\ncredential. Progress goes to stderr. See docs/reliability.md (\"Backups\")."
)]
pub struct RestoreCmd {
    /// The backup file (written by `arbiter backup`).
    pub file: PathBuf,
    /// Replicas of the match stream and the snapshot bucket, if the restore creates them (3 on
    /// a three-node cluster).
    #[arg(long, default_value_t = 1)]
    pub replicas: usize,
    /// Restore into a log of N partition streams (docs/architecture.md, "Partitions"): a new
    /// log is created with them; an existing one must have as many. Without it, the restore
    /// uses the log's own layout (a new log: the single stream MATCHES). A backup of a log
    /// with periods carries its layout: N, if given, must be its partition count.
    #[arg(long, value_name = "N")]
    pub partitions: Option<usize>,
    /// The keys file to put back (default: FILE.keys, written by `arbiter backup`).
    #[arg(long, value_name = "KEYS_FILE")]
    pub keys_file: Option<PathBuf>,
    /// Restore the log only: read no keys file and write no key file.
    #[arg(long)]
    pub no_keys: bool,
    /// Where to put the key files back.
    #[command(flatten)]
    pub keys: KeyFileArgs,
    #[command(flatten)]
    pub nats: AdminNatsArgs,
}

/// What a restore did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RestoreSummary {
    pub matches: usize,
    pub written: u64,
    pub skipped: u64,
    /// The key files written (missing before).
    pub keys_written: Vec<PathBuf>,
    /// The key files that were already there, the same as the backup's.
    pub keys_present: Vec<PathBuf>,
    /// Archives and index entries put back (a backup of a log with periods).
    pub archives: u64,
    pub index_entries: u64,
}

/// A commit of match `match_id` that the restore refuses, and why.
pub(super) fn bad_commit(match_id: &str, version: u64, reason: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("match {match_id}, version {version}: {reason} (the backup is damaged: restore another copy of it)")
}

/// What the first pass learned of one match of the file.
pub(super) struct MatchInFile {
    /// SHA-256 of each commit's stored bytes, in version order.
    pub(super) hashes: Vec<[u8; 32]>,
    /// The log format of commit 1 (0 or 1: unsigned, 2: signed), which every commit must have.
    format: u32,
    pub(super) orchestrator_public_key: Vec<u8>,
    pub(super) randomness_public_key: Vec<u8>,
    /// The key commit 1 names (signed logs only).
    key: Option<OrchestratorKey>,
    /// Hash of the last commit whose run has been checked (`None` before commit 1).
    checked_hash: Option<[u8; 32]>,
    /// Commits read but not yet checked (stored bytes, prev_hash), from version `pending_from`.
    pending: Vec<(Vec<u8>, Vec<u8>)>,
    pending_from: u64,
}

impl MatchInFile {
    fn version(&self) -> u64 {
        self.hashes.len() as u64
    }

    /// Check the pending run: every hash link, and the signature of its last commit, which
    /// binds the others (`OrchestratorKey::check_run`); on a failure, the first bad commit.
    fn check_pending(&mut self, match_id: &str) -> anyhow::Result<usize> {
        let Some(key) = &self.key else {
            self.pending.clear();
            return Ok(0);
        };
        let links: Vec<Link<'_>> = self.pending.iter().map(|(stored, prev_hash)| Link { stored, log_format: LOG_FORMAT_SIGNED, prev_hash }).collect();
        let hash = key
            .check_run(&links, self.checked_hash.as_ref())
            .map_err(|e| bad_commit(match_id, self.pending_from + e.index as u64, format_args!("the commit: {}", e.error)))?;
        self.checked_hash = hash;
        let freed = self.pending.iter().map(|(s, p)| s.len() + p.len()).sum();
        self.pending.clear();
        self.pending_from = self.version() + 1;
        Ok(freed)
    }
}

/// The msg id the orchestrator gives version `version` of `match_id` (`<match>/<version>/<first 8
/// bytes of the commit's hash in hex>`); an empty one (restored as `<match>/<version>`) and the
/// older `<match>/<version>` are accepted too.
pub(super) fn check_msg_id(match_id: &str, version: u64, msg_id: &str, hash: &[u8; 32]) -> Result<(), String> {
    let base = format!("{match_id}/{version}");
    let full = format!("{base}/{}", hex::encode(&hash[..8]));
    if msg_id.is_empty() || msg_id == base || msg_id == full {
        return Ok(());
    }
    Err(format!("its msg id {msg_id:?} is not this commit's ({full:?})"))
}

/// The first pass: every record of a backup, checked match by match.
#[derive(Default)]
pub(crate) struct FileCheck {
    matches: BTreeMap<String, MatchInFile>,
    commits: u64,
    /// The stream (`None`: the legacy stream) and stream sequence of the last record: a
    /// backup holds each stream in stream order, one after the other.
    last_sequence: (Option<String>, u64),
    pending_bytes: usize,
}

impl FileCheck {
    /// Check one record, in file order.
    pub(crate) fn push(&mut self, record: &Record) -> anyhow::Result<()> {
        let Some(match_id) = match_of(&record.subject) else {
            bail!(
                "record {} of the backup is on {:?}, which is not a match subject: the file is damaged or not an Arbiter backup",
                self.commits + 1,
                record.subject
            );
        };
        let partition = partition_of(&record.subject).map(|p| format!("p{p}"));
        self.push_in(match_id, partition, record)
    }

    /// Check one record of match `match_id` in stream `stream` (`None`: the legacy stream), in
    /// file order.
    pub(super) fn push_in(&mut self, match_id: &str, stream: Option<String>, record: &Record) -> anyhow::Result<()> {
        if stream == self.last_sequence.0 && record.sequence <= self.last_sequence.1 {
            bail!(
                "record {} of the backup (match {match_id}) has stream sequence {} after {}: a backup is in stream order, so the file is damaged",
                self.commits + 1,
                record.sequence,
                self.last_sequence.1
            );
        }
        self.last_sequence = (stream, record.sequence);
        self.commits += 1;
        let version = self.matches.get(match_id).map_or(0, MatchInFile::version) + 1;
        let commit = match Commit::decode(record.payload.as_slice()) {
            Ok(commit) => commit,
            Err(e) => return Err(self.fail(match_id, version, format!("the commit does not decode: {e}"))),
        };
        if commit.match_id != match_id || commit.version != version {
            let reason = format!("the commit says it is version {} of match {:?}", commit.version, commit.match_id);
            return Err(self.fail(match_id, version, reason));
        }
        let hash = commit_hash(&record.payload);
        if version == 1 {
            let Some(Input::Created(created)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) else {
                return Err(self.fail(match_id, 1, "the first commit of a match must create it (MatchCreated)"));
            };
            let key = match commit.log_format {
                0 | 1 => None,
                LOG_FORMAT_SIGNED => match OrchestratorKey::parse(&created.orchestrator_public_key) {
                    Ok(key) => Some(key),
                    Err(e) => return Err(bad_commit(match_id, 1, e)),
                },
                other => return Err(bad_commit(match_id, 1, format_args!("unknown log format {other}"))),
            };
            self.matches.insert(
                match_id.to_string(),
                MatchInFile {
                    hashes: Vec::new(),
                    format: commit.log_format,
                    orchestrator_public_key: created.orchestrator_public_key.clone(),
                    randomness_public_key: created.randomness_public_key.clone(),
                    key,
                    checked_hash: None,
                    pending: Vec::new(),
                    pending_from: 1,
                },
            );
        }
        let Some(state) = self.matches.get_mut(match_id) else {
            bail!("internal: match {match_id} is missing from the check");
        };
        if commit.log_format != state.format {
            let reason = format!("its log format is {}, but commit 1 of this match has format {}", commit.log_format, state.format);
            return Err(self.fail(match_id, version, reason));
        }
        state.hashes.push(hash);
        if state.key.is_some() {
            self.pending_bytes += record.payload.len() + commit.prev_hash.len();
            state.pending.push((record.payload.clone(), commit.prev_hash));
        }
        // After the commit joined its run, so that a damaged commit is reported by what the
        // chain says of it (the msg id holds its hash, so it too no longer matches).
        if let Err(reason) = check_msg_id(match_id, version, &record.msg_id, &hash) {
            return Err(self.fail(match_id, version, reason));
        }
        if self.pending_bytes >= PENDING_BYTES {
            self.check_all_pending()?;
        }
        Ok(())
    }

    fn check_all_pending(&mut self) -> anyhow::Result<()> {
        for (id, state) in &mut self.matches {
            let freed = state.check_pending(id)?;
            self.pending_bytes = self.pending_bytes.saturating_sub(freed);
        }
        Ok(())
    }

    /// A failure at `version` of `match_id`, unless a commit before it, not checked yet, is
    /// already bad: then that one, so the error always names the first bad commit.
    fn fail(&mut self, match_id: &str, version: u64, reason: impl std::fmt::Display) -> anyhow::Error {
        if let Some(state) = self.matches.get_mut(match_id) {
            if let Err(earlier) = state.check_pending(match_id) {
                return earlier;
            }
        }
        bad_commit(match_id, version, reason)
    }

    /// After the end record: check what is still pending.
    pub(crate) fn finish(mut self) -> anyhow::Result<VerifiedFile> {
        self.check_all_pending()?;
        Ok(VerifiedFile { matches: self.matches, commits: self.commits })
    }
}

/// A backup whose every record and chain checked.
pub(crate) struct VerifiedFile {
    pub(super) matches: BTreeMap<String, MatchInFile>,
    pub(super) commits: u64,
}

/// Read a whole backup and check it (the first pass).
pub(crate) fn verify_file(input: impl Read) -> anyhow::Result<VerifiedFile> {
    let mut reader = Reader::new(input)?;
    let mut check = FileCheck::default();
    while let Some(record) = reader.next_record()? {
        check.push(&record)?;
    }
    check.finish()
}

impl RestoreCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let summary = self.restore().await?;
        println!("restored {} commits of {} matches from {} ({} already there)", summary.written, summary.matches, self.file.display(), summary.skipped);
        if summary.archives + summary.index_entries > 0 {
            println!("restored {} archives and {} match index entries", summary.archives, summary.index_entries);
        }
        for path in &summary.keys_written {
            println!("restored the key file {} (mode 0600)", path.display());
        }
        for path in &summary.keys_present {
            println!("the key file {} was already there, the same as the backup's", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }

    /// The key files to write (none with --no-keys), once the keys file is checked against the
    /// keys `named` by the backed-up matches (id, orchestrator and randomness public keys) and
    /// against the key files on disk.
    pub(super) fn key_actions<'a>(&self, named: impl IntoIterator<Item = (&'a str, &'a [u8], &'a [u8])>) -> anyhow::Result<Vec<KeyAction>> {
        if self.no_keys {
            return Ok(Vec::new());
        }
        let keys_file = self.keys_file.clone().unwrap_or_else(|| keys_file_of(&self.file));
        if !keys_file.exists() {
            bail!(
                "there is no keys file {} beside the backup: pass --keys-file with the one `arbiter backup` wrote, or \
                 --no-keys to restore the log only; nothing was written",
                keys_file.display()
            );
        }
        let keys = BackupKeys::load(&keys_file).context("nothing was written")?;
        keys.check_matches(named).context("nothing was written")?;
        keys.plan(&self.keys.paths(&self.nats.data_dir)).context("nothing was written")
    }

    pub async fn restore(&self) -> anyhow::Result<RestoreSummary> {
        let shown = self.file.display();
        let mut file = std::fs::File::open(&self.file).with_context(|| format!("cannot open {shown}"))?;
        // A backup of a log with periods has its own restore (restore_periods.rs).
        if Reader::new(std::io::BufReader::new(&file)).with_context(|| format!("{shown} cannot be restored; nothing was written"))?.format() == 2 {
            return super::restore_periods::restore(self).await;
        }
        file.rewind().with_context(|| format!("cannot read {shown} again"))?;

        // 1. The whole file, before anything else.
        let verified = verify_file(std::io::BufReader::new(&file)).with_context(|| format!("{shown} cannot be restored; nothing was written"))?;

        // 2. The keys, checked against the matches and the key files on disk.
        let named = verified.matches.iter().map(|(id, m)| (id.as_str(), m.orchestrator_public_key.as_slice(), m.randomness_public_key.as_slice()));
        let key_actions = self.key_actions(named)?;

        // 3. The store: every match it holds must be a prefix of the backup's.
        let (url, auth) = self.nats.resolve()?;
        let log = match self.partitions {
            Some(partitions) => JetStreamLog::connect_partitioned(&url, self.replicas, partitions, &auth).await,
            None => JetStreamLog::connect(&url, self.replicas, &auth).await,
        };
        let log = log.map_err(|e| anyhow::anyhow!("cannot open the match log at {url} as admin: {e}"))?;
        // A backup without periods holds no period streams nor archives to put back.
        if log.layout().await.map_err(|e| anyhow::anyhow!("{e}"))?.periods().is_some() {
            bail!(
                "the match log at {url} has periods, but {shown} is a backup of a log without periods (format 1): \
                 restore it into a store without periods; nothing was written"
            );
        }
        // Per match: the versions the store holds and its last stream sequence.
        let mut in_store: BTreeMap<&str, (u64, Option<u64>)> = BTreeMap::new();
        for (id, m) in &verified.matches {
            let existing = retry(|| log.read(id, 1)).await.with_context(|| format!("reading match {id}"))?;
            for (stored, ours) in existing.iter().zip(&m.hashes) {
                if commit_hash(&stored.payload) != *ours {
                    bail!(
                        "the store already holds a different commit at version {} of match {id}: restore into an empty \
                         store (or one holding an earlier backup of the same log); nothing was written",
                        stored.version
                    );
                }
            }
            in_store.insert(id, (existing.len() as u64, existing.last().map(|c| c.sequence)));
        }

        // 4. Write: the missing key files, then every commit the store lacks.
        eprintln!("restore: {shown} checked ({} commits of {} matches); writing", verified.commits, verified.matches.len());
        let mut summary = RestoreSummary { matches: verified.matches.len(), ..Default::default() };
        for action in &key_actions {
            if action.apply()? {
                summary.keys_written.push(action.path.clone());
            } else {
                summary.keys_present.push(action.path.clone());
            }
        }
        let to_write: u64 = verified.matches.iter().map(|(id, m)| m.version().saturating_sub(in_store.get(id.as_str()).map_or(0, |s| s.0))).sum();
        file.rewind().with_context(|| format!("cannot read {shown} again"))?;
        let mut reader = Reader::new(std::io::BufReader::new(&file))?;
        let mut versions: BTreeMap<&str, u64> = BTreeMap::new();
        let mut progress = Instant::now();
        let changed = || anyhow::anyhow!("{shown} changed while it was being restored: restore it again once nothing writes to it");
        while let Some(record) = reader.next_record()? {
            let Some((match_id, m)) = match_of(&record.subject).and_then(|id| verified.matches.get_key_value(id)) else {
                return Err(changed());
            };
            let match_id = match_id.as_str();
            let Some(&(held, last_sequence)) = in_store.get(match_id) else {
                return Err(changed());
            };
            let version = versions.entry(match_id).or_default();
            *version += 1;
            let version = *version;
            let hash = commit_hash(&record.payload);
            let expected = usize::try_from(version - 1).ok().and_then(|i| m.hashes.get(i));
            if expected != Some(&hash) || check_msg_id(match_id, version, &record.msg_id, &hash).is_err() {
                return Err(changed());
            }
            if version <= held {
                summary.skipped += 1;
                continue;
            }
            let msg_id = if record.msg_id.is_empty() { format!("{match_id}/{version}") } else { record.msg_id.clone() };
            let payload = Bytes::from(record.payload);
            let expected = last_sequence;
            let sequence = retry(|| log.append(match_id, expected, &msg_id, payload.clone()))
                .await
                .with_context(|| format!("writing version {version} of match {match_id} (run the restore again to finish it)"))?;
            if let Some((_, last)) = in_store.get_mut(match_id) {
                *last = Some(sequence);
            }
            summary.written += 1;
            if progress.elapsed() >= PROGRESS_EVERY {
                progress = Instant::now();
                eprintln!("restore: {} of {to_write} commits written", summary.written);
            }
        }
        Ok(summary)
    }
}

/// Run `op` again while the log is unavailable (every 500 ms, for up to [`UNAVAILABLE_RETRY`]).
pub(super) async fn retry<T, F, Fut>(op: F) -> anyhow::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, LogError>>,
{
    use infra::retry::Retryable;
    op.retry(infra::retry::steady(Duration::from_millis(500), UNAVAILABLE_RETRY))
        .when(|e| matches!(e, LogError::Unavailable(_)))
        .notify(|e, _| tracing::warn!(%e, "the match log is unavailable; retrying"))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::commands::backup::{write_end, write_record, MAGIC};
    use api::log_v1::{CommitInput, MatchCreated};
    use fairness::Signer;

    /// `n` signed commits of `match_id` as the orchestrator writes them (commit 1 creates the
    /// match under `signer`'s key), as backup records from stream sequence `first_sequence`.
    pub(in crate::commands) fn signed_log(signer: &Signer, match_id: &str, n: u64) -> Vec<Record> {
        let mut prev: Option<[u8; 32]> = None;
        (1..=n)
            .map(|version| {
                let input = (version == 1).then(|| CommitInput {
                    input: Some(Input::Created(MatchCreated {
                        orchestrator_public_key: signer.public_key().to_vec(),
                        randomness_public_key: vec![3; 32],
                        ..Default::default()
                    })),
                });
                let body = Commit {
                    match_id: match_id.into(),
                    version,
                    input,
                    log_format: LOG_FORMAT_SIGNED,
                    prev_hash: prev.map(|h| h.to_vec()).unwrap_or_default(),
                    ..Default::default()
                }
                .encode_to_vec();
                let stored = fairness::chain::seal(signer, &body);
                let hash = commit_hash(&stored);
                prev = Some(hash);
                Record {
                    subject: format!("match.{match_id}.events"),
                    msg_id: format!("{match_id}/{version}/{}", hex::encode(&hash[..8])),
                    sequence: 0,
                    payload: stored,
                }
            })
            .collect()
    }

    /// Two matches' commits interleaved, numbered in stream order.
    fn two_matches() -> Vec<Record> {
        let signer = Signer::from_seed(&[1; 32]);
        let a = signed_log(&signer, "a", 6);
        let b = signed_log(&signer, "b", 4);
        let mut records: Vec<Record> = Vec::new();
        let (mut a, mut b) = (a.into_iter(), b.into_iter());
        loop {
            match (a.next(), b.next()) {
                (None, None) => break,
                (x, y) => records.extend(x.into_iter().chain(y)),
            }
        }
        for (i, r) in records.iter_mut().enumerate() {
            r.sequence = i as u64 + 1;
        }
        records
    }

    fn file(records: &[Record]) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for r in records {
            write_record(&mut bytes, r).expect("write");
        }
        write_end(&mut bytes, records.len() as u64).expect("write");
        bytes
    }

    fn refusal(records: &[Record]) -> String {
        match verify_file(&file(records)[..]) {
            Ok(_) => panic!("a damaged backup was accepted"),
            Err(e) => format!("{e:#}"),
        }
    }

    #[test]
    fn a_whole_backup_verifies_with_a_match_taken_mid_game() {
        let records = two_matches();
        let verified = verify_file(&file(&records)[..]).expect("verifies");
        assert_eq!(verified.commits, 10);
        assert_eq!(verified.matches.len(), 2);
        let a = verified.matches.get("a").expect("match a");
        assert_eq!(a.hashes.len(), 6);
        assert_eq!(a.hashes.last(), Some(&commit_hash(&records[11 - 2].payload)));
        assert_eq!(a.orchestrator_public_key, Signer::from_seed(&[1; 32]).public_key().to_vec());
    }

    #[test]
    fn a_backup_cut_short_is_refused_before_anything_is_written() {
        let bytes = file(&two_matches());
        for cut in [bytes.len() * 2 / 3, bytes.len() - 1] {
            let e = format!("{:#}", verify_file(&bytes[..cut]).err().expect("refused"));
            assert!(e.contains("incomplete or damaged"), "{e}");
        }
    }

    #[test]
    fn a_flipped_bit_names_the_first_bad_commit() {
        // Order: a1 b1 a2 b2 a3 b3 a4 b4 a5 a6; index 4 is a3.
        let mut records = two_matches();
        let last = records[4].payload.len() - 1;
        records[4].payload[last] ^= 1; // in the signature: the commit still decodes
        let e = refusal(&records);
        assert!(e.contains("match a, version 3") && e.contains("signature does not verify"), "{e}");

        let mut records = two_matches();
        records[4].payload[6] ^= 0x40; // in the body
        let e = refusal(&records);
        assert!(e.contains("match a, version 3"), "{e}");
    }

    #[test]
    fn a_broken_chain_is_refused_naming_the_match_and_version() {
        // A commit left out: the next one says it is another version.
        let mut records = two_matches();
        records.remove(3); // b2
        assert!(refusal(&records).contains("match b, version 2: the commit says it is version 3"), "{}", refusal(&records));

        // A match whose log does not start with its creation.
        let mut records = two_matches();
        records.remove(1); // b1
        assert!(refusal(&records).contains("match b, version 1"), "{}", refusal(&records));

        // A commit signed by another key than commit 1 names.
        let mut records = two_matches();
        let forged = signed_log(&Signer::from_seed(&[2; 32]), "a", 6);
        records[6].payload = forged[3].payload.clone(); // a4
        records[6].msg_id = forged[3].msg_id.clone();
        let e = refusal(&records);
        assert!(e.contains("match a, version 4"), "{e}");

        // A msg id that is not the commit's (it is what dedups a retried append).
        let mut records = two_matches();
        records[2].msg_id = "a/7/0000000000000000".into();
        assert!(refusal(&records).contains("match a, version 2: its msg id"), "{}", refusal(&records));

        // Records out of stream order.
        let mut records = two_matches();
        records[5].sequence = 2;
        assert!(refusal(&records).contains("stream sequence"), "{}", refusal(&records));
    }
}
