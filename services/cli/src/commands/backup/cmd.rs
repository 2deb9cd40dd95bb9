//! `arbiter backup` and `arbiter restore`: their command lines and what they print.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use super::keys::{keys_file_of, BackupKeys, KeyFileArgs};
use super::restore;
use super::write::{self, Backup};
use crate::commands::nats_args::SystemNatsArgs;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter backup --out arbiter.backup                   # every match of `arbiter up` in .arbiter\n  arbiter backup --out m.backup --match 3f2c…e1\n  arbiter backup --out b --nats-url nats://10.0.0.5:4222 --nats-user admin --nats-password-file admin.password --no-keys\n\nCopies every commit of the match log (stream MATCHES, or each partition stream MATCHES_P<k> in\nturn), in stream order and byte for byte (payload and msg id), into FILE; the log is signed and hash-chained, so nothing is re-encoded.\nIt reads up to the last commit that exists when it starts; commits appended meanwhile are in\nthe next backup. A log with periods (--period) is copied as format 3: its layout, each period\nstream present (MATCHES_T<t>...), then every archive of the bucket MATCH_ARCHIVE byte for byte,\nthe index entries of the archived matches whose stream has left and the public feed FEED;\n--match takes that match's commits (or its archive once its period has left) and its feed. An\narchive that cannot be copied (its stored bytes changed, or it does not verify) is left out\nand named on stderr (NOT COPIED ...): everything else is written, and the exit status is 1.\nThe file (mode 0600: the log holds every hidden card) is written next to FILE and renamed\nwhen complete, so FILE is never half-written. Snapshots are not copied (they are rebuilt\nfrom the log). Needs the NATS admin credential (only an operator has it). Progress goes to stderr. Restore with `arbiter restore`.\n\nThe deployment's key files (--orchestrator-key-file, --randomness-key-file; default\n<data-dir>/keys/orchestrator.json and randomness.json) are copied into a separate keys file,\nFILE.keys (mode 0600), never into FILE: FILE may be handed to an auditor, the keys file must\nnot (the randomness master secret foretells every draw of a live match, the orchestrator key\nsigns commits). A missing key file stops the backup; --no-keys writes no keys file.\nSee docs/reliability.md (\"Backups\")."
)]
pub struct BackupCmd {
    /// The backup file to write (replaced atomically when complete).
    #[arg(long, short)]
    pub out: PathBuf,
    /// Back up only this match.
    #[arg(long = "match", value_name = "MATCH_ID")]
    pub match_id: Option<String>,
    /// Do not write the keys file (OUT.keys) with the deployment's key files.
    #[arg(long)]
    pub no_keys: bool,
    /// Where the services keep their key files (read unless --no-keys).
    #[command(flatten)]
    pub keys: KeyFileArgs,
    #[command(flatten)]
    pub nats: SystemNatsArgs,
}

impl BackupCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        // The key files first: a missing or damaged one stops the backup before the long copy.
        let keys = if self.no_keys { None } else { Some(BackupKeys::read_key_files(&self.keys.paths(&self.nats.data_dir))?) };
        let (url, auth) = self.nats.resolve(eventlog::Role::Admin)?;
        let Backup { counts, skipped } = write::backup(&self.out, self.match_id.as_deref(), &url, &auth).await?;
        if counts.streams + counts.archives + counts.feed_messages > 0 {
            println!(
                "wrote {} ({} commits of {} period streams, {} archives, {} index entries, {} feed messages)",
                self.out.display(),
                counts.commits,
                counts.streams,
                counts.archives,
                counts.index_entries,
                counts.feed_messages
            );
        } else {
            println!("wrote {} ({} commits)", self.out.display(), counts.commits);
        }
        if let Some(keys) = keys {
            let path = keys_file_of(&self.out);
            keys.write(&path).with_context(|| format!("the log backup {} is written, but not its keys file", self.out.display()))?;
            println!(
                "wrote {} (mode 0600: the orchestrator key {} and the randomness keys {}; keep it apart from the log backup)",
                path.display(),
                hex::encode(keys.orchestrator.public_key),
                hex::encode(keys.randomness.public_key)
            );
        }
        if skipped.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
        // Everything else is in the file: one damaged object must not stop every backup.
        for (match_id, why) in &skipped {
            eprintln!("NOT COPIED: the archive of match {match_id}: {why}");
        }
        eprintln!(
            "backup: {} archive(s) could not be copied and are not in {}; restore them from an earlier backup (docs/reliability.md, \"Backups\")",
            skipped.len(),
            self.out.display()
        );
        Ok(ExitCode::from(1))
    }
}

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter restore arbiter.backup                        # into the NATS of `arbiter up` in .arbiter, keys from arbiter.backup.keys\n  arbiter restore arbiter.backup --replicas 3           # into a fresh three-node cluster\n  arbiter restore arbiter.backup --no-keys              # the log only\n  arbiter restore b --nats-url nats://10.0.0.6:4222 --nats-user admin --nats-password-file admin.password\n\nChecks the whole file first: every record and the end record's count, and each match's chain\n(version 1 creates the match, each commit holds the SHA-256 of the one before, the signatures\nverify under the orchestrator key commit 1 names); then the keys file (FILE.keys) against the\nkeys the matches name and the key files already on disk; then every match the store already\nholds, which must be an exact prefix of the backup's. Any failure: nothing is written, and the\nerror names the match, version and reason. Then it writes the missing key files (mode 0600,\nnever replacing an existing file) and every commit the store lacks into the match log (stream\nMATCHES, created if missing, with --replicas), in the file's order, byte for byte with its msg\nid: the restored matches replay and pass `arbiter audit` exactly as before. Stream sequence\nnumbers are those of the new store. An interrupted restore can be run again: what it already\nwrote is skipped. Snapshots are not restored (the orchestrator rebuilds them). Stop the\norchestrators first, or restore into a store they do not use yet.\n\nA backup of a log with periods (format 2) is restored into an empty store only (nothing of a\nmatch log in it but, at most, the same layout record): after the same checks, and every\narchive opened as the orchestrator does (signed manifest, chain, signatures), it writes the\nlayout record, each period stream the backup holds (a whole stream keeps its stream\nsequences), the archives into MATCH_ARCHIVE, the archived matches' index entries and (format\n3) every message of the public feed FEED. Run the services with the same --period and\n--max-match-age. The feed of a log without periods is rebuilt from the restored log by the\nfeed projector (`arbiter serve feed`), with the same messages. Needs the NATS admin\ncredential. Progress goes to stderr. See docs/reliability.md (\"Backups\")."
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
    pub nats: SystemNatsArgs,
}

impl RestoreCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let (url, auth) = self.nats.resolve(eventlog::Role::Admin)?;
        let keys_file = (!self.no_keys).then(|| self.keys_file.clone().unwrap_or_else(|| keys_file_of(&self.file)));
        let target = restore::Target {
            file: &self.file,
            url,
            auth,
            replicas: self.replicas,
            partitions: self.partitions,
            keys_file,
            key_paths: self.keys.paths(&self.nats.data_dir),
        };
        let summary = restore::restore(&target).await?;
        println!("restored {} commits of {} matches from {} ({} already there)", summary.written, summary.matches, self.file.display(), summary.skipped);
        if summary.archives + summary.index_entries + summary.feed_messages > 0 {
            println!("restored {} archives, {} match index entries and {} feed messages", summary.archives, summary.index_entries, summary.feed_messages);
        }
        for path in &summary.keys_written {
            println!("restored the key file {} (mode 0600)", path.display());
        }
        for path in &summary.keys_present {
            println!("the key file {} was already there, the same as the backup's", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }
}
