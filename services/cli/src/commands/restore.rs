//! `arbiter restore`: write a backup (backup.rs) into a NATS store, every commit byte for byte
//! with its msg id, each append conditional on the match's last commit as the orchestrator's
//! are. Matches the store already holds must be an exact prefix of the backup's (their
//! commits are skipped), so an interrupted restore can simply be run again.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use prost::bytes::Bytes;
use clap::Args;
use eventlog::{EventLog, JetStreamLog, LogError};

use super::backup::{match_of, AdminNatsArgs, Reader};

/// Progress on stderr at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);
/// An append is retried this long while NATS is unavailable (e.g. a cluster electing a leader).
const UNAVAILABLE_RETRY: Duration = Duration::from_secs(60);

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  arbiter restore arbiter.backup                        # into the NATS of `arbiter up` in .arbiter\n  arbiter restore arbiter.backup --replicas 3           # into a fresh three-node cluster\n  arbiter restore b --nats-url nats://10.0.0.6:4222 --nats-user admin --nats-password-file admin.password\n\nWrites every commit of a file made by `arbiter backup` into the match log (stream MATCHES,\ncreated if missing, with --replicas), in the file's order, byte for byte with its msg id: the\nrestored matches replay and pass `arbiter audit` exactly as before. Stream sequence numbers\nare those of the new store. A match the store already holds must be an exact prefix of the\nbackup's (its commits are skipped, so an interrupted restore can be run again); otherwise\nnothing more of that match is written and the restore fails. Snapshots are not restored (the\norchestrator rebuilds them). Stop the orchestrators first, or restore into a store they do not\nuse yet. Needs the NATS admin credential. Progress goes to stderr. See docs/reliability.md.")]
pub struct RestoreCmd {
    /// The backup file (written by `arbiter backup`).
    pub file: PathBuf,
    /// Replicas of the match stream and the snapshot bucket, if the restore creates them (3 on
    /// a three-node cluster).
    #[arg(long, default_value_t = 1)]
    pub replicas: usize,
    #[command(flatten)]
    pub nats: AdminNatsArgs,
}

/// What a restore did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RestoreSummary {
    pub matches: usize,
    pub written: u64,
    pub skipped: u64,
}

/// Per match: the commits the store holds (for the prefix check) and its last sequence.
struct MatchState {
    existing: Vec<eventlog::StoredCommit>,
    version: u64,
    last_sequence: Option<u64>,
}

impl RestoreCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let summary = self.restore().await?;
        println!(
            "restored {} commits of {} matches from {} ({} already there)",
            summary.written,
            summary.matches,
            self.file.display(),
            summary.skipped
        );
        Ok(ExitCode::SUCCESS)
    }

    pub async fn restore(&self) -> anyhow::Result<RestoreSummary> {
        let file = std::fs::File::open(&self.file).with_context(|| format!("cannot open {}", self.file.display()))?;
        let mut reader = Reader::new(std::io::BufReader::new(file))
            .with_context(|| format!("{} is not a readable backup", self.file.display()))?;
        let (url, auth) = self.nats.resolve()?;
        let log = JetStreamLog::connect(&url, self.replicas, &auth)
            .await
            .map_err(|e| anyhow::anyhow!("cannot open the match log at {url} as admin: {e}"))?;
        let mut matches: BTreeMap<String, MatchState> = BTreeMap::new();
        let mut summary = RestoreSummary::default();
        let mut progress = Instant::now();
        while let Some(record) = reader.next_record()? {
            let Some(match_id) = match_of(&record.subject) else {
                bail!("the backup holds a commit on {:?}, which is not a match subject: is it an Arbiter backup?", record.subject);
            };
            if !matches.contains_key(match_id) {
                let existing = retry(|| log.read(match_id, 1)).await.with_context(|| format!("reading match {match_id}"))?;
                let last_sequence = existing.last().map(|c| c.sequence);
                matches.insert(match_id.to_string(), MatchState { existing, version: 0, last_sequence });
            }
            let Some(state) = matches.get_mut(match_id) else {
                bail!("internal: match {match_id} vanished from the restore table");
            };
            state.version += 1;
            let version = state.version;
            let index = usize::try_from(version - 1).unwrap_or(usize::MAX);
            if let Some(stored) = state.existing.get(index) {
                if stored.payload.as_ref() != record.payload.as_slice() {
                    bail!(
                        "the store already holds a different commit at version {version} of match \
                         {match_id}: restore into an empty store (or one holding an earlier backup \
                         of the same log)"
                    );
                }
                summary.skipped += 1;
                continue;
            }
            let msg_id = if record.msg_id.is_empty() { format!("{match_id}/{version}") } else { record.msg_id.clone() };
            let payload = Bytes::from(record.payload);
            let expected = state.last_sequence;
            let sequence = retry(|| log.append(match_id, expected, &msg_id, payload.clone()))
                .await
                .with_context(|| format!("writing version {version} of match {match_id}"))?;
            state.last_sequence = Some(sequence);
            summary.written += 1;
            if progress.elapsed() >= PROGRESS_EVERY {
                progress = Instant::now();
                eprintln!("restore: {} commits written, {} matches", summary.written, matches.len());
            }
        }
        summary.matches = matches.len();
        Ok(summary)
    }
}

/// Run `op` again while the log is unavailable (up to [`UNAVAILABLE_RETRY`]).
async fn retry<T, F, Fut>(mut op: F) -> anyhow::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, LogError>>,
{
    let started = Instant::now();
    loop {
        match op().await {
            Ok(v) => return Ok(v),
            Err(LogError::Unavailable(e)) if started.elapsed() < UNAVAILABLE_RETRY => {
                tracing::warn!(%e, "the match log is unavailable; retrying");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => return Err(anyhow::anyhow!("{e}")),
        }
    }
}
