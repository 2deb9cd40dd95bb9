//! `arbiter backup`: copy every commit of the match log (or of one match) to a file, byte for
//! byte, with the NATS admin credential. `arbiter restore` (restore.rs) writes it back.
//!
//! A log without periods is written as format 1: its commits in stream order, stream after
//! stream; a log with periods as format 2 (backup_periods.rs): its layout, its period streams
//! and its archive bucket. Both formats are described in backup_format.rs. Snapshots are not
//! backed up: they are a cache, rebuilt from the log. The deployment's key files go to a
//! separate keys file beside it (`<out>.keys`, backup_keys.rs), never into it.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use async_nats::jetstream::{self, consumer::pull::OrderedConfig, consumer::DeliverPolicy};
use clap::Args;
use futures::StreamExt;

pub use super::backup_format::{write_end, write_record, Counts, Reader, Record, MAGIC};
use super::backup_keys::{keys_file_of, BackupKeys, KeyFileArgs};
use super::up::nats_secrets_dir;

/// Progress on stderr at most this often.
pub(super) const PROGRESS_EVERY: Duration = Duration::from_secs(1);
/// No message for this long while backing up: the server is gone.
pub(super) const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// What a backup wrote, and the archives it could not copy (match id, why).
pub struct Backup {
    pub counts: Counts,
    pub skipped: Vec<(String, String)>,
}

/// How `backup` and `restore` reach NATS as the admin.
#[derive(Debug, Clone, Args)]
pub struct AdminNatsArgs {
    /// NATS of the system (one URL, or a cluster's URLs separated by commas). Default: read
    /// from --data-dir (the server or cluster that `arbiter up` runs there).
    #[arg(long, env = "ARBITER_NATS_URL")]
    pub nats_url: Option<String>,
    /// The data directory of `arbiter up`: the admin password is taken from
    /// <data-dir>/secrets/nats/admin.password (unless --nats-user ... is given).
    #[arg(long, default_value = ".arbiter")]
    pub data_dir: PathBuf,
    /// Another NATS credential with the admin's rights (default: the admin of --data-dir).
    #[command(flatten)]
    pub nats: eventlog::NatsClientArgs,
}

impl AdminNatsArgs {
    /// The NATS URL(s) and the admin's [`eventlog::NatsAuth`].
    pub(crate) fn resolve(&self) -> anyhow::Result<(String, eventlog::NatsAuth)> {
        resolve_nats(self.nats_url.as_deref(), &self.data_dir, &self.nats, eventlog::Role::Admin)
    }

    /// A plain admin connection.
    pub(crate) async fn connect(&self) -> anyhow::Result<(String, async_nats::Client)> {
        let (url, auth) = self.resolve()?;
        let client = connect_nats(&url, &auth, "arbiter-backup", "admin").await?;
        Ok((url, client))
    }
}

/// A NATS connection named `name` to `url` (a comma-separated list), with `auth`, the
/// credential of `role` (named in the error).
pub(crate) async fn connect_nats(url: &str, auth: &eventlog::NatsAuth, name: &str, role: &str) -> anyhow::Result<async_nats::Client> {
    let urls: Vec<&str> = url.split(',').map(str::trim).filter(|u| !u.is_empty()).collect();
    auth.connect_options()
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .name(name)
        .connection_timeout(Duration::from_secs(5))
        .connect(urls)
        .await
        .with_context(|| format!("cannot connect to NATS at {url} with the {role} credential"))
}

/// The NATS URL(s) and the credential of `role` for a CLI command: `nats_url`, else the NATS of
/// `arbiter up --data-dir data_dir`; the credential given in `nats`, else `role`'s password in
/// `<data_dir>/secrets/nats/`.
pub(crate) fn resolve_nats(
    nats_url: Option<&str>,
    data_dir: &Path,
    nats: &eventlog::NatsClientArgs,
    role: eventlog::Role,
) -> anyhow::Result<(String, eventlog::NatsAuth)> {
    let url = match nats_url {
        Some(url) => url.to_string(),
        None => nats_url_from_data_dir(data_dir)?,
    };
    let explicit = nats.nats_user.is_some() || nats.nats_creds.is_some() || nats.nats_token.is_some();
    let args = if explicit {
        nats.clone()
    } else {
        let name = role.name();
        let file = nats_secrets_dir(data_dir).join(format!("{name}.password"));
        if !file.is_file() {
            bail!(
                "no {name} password at {}: pass --data-dir of the `arbiter up` that runs this \
                 system, or --nats-user/--nats-password-file of a NATS user with the {name} user's rights",
                file.display()
            );
        }
        eventlog::NatsClientArgs { nats_user: Some(name.to_string()), nats_password_file: Some(file), ..Default::default() }
    };
    let auth = args.auth().map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok((url, auth))
}

/// The client URL(s) of what `arbiter up --data-dir dir` runs: its cluster's nodes if it ran
/// one, else its single server.
pub(crate) fn nats_url_from_data_dir(dir: &Path) -> anyhow::Result<String> {
    let listen_of = |conf: &Path| -> Option<String> {
        let text = std::fs::read_to_string(conf).ok()?;
        text.lines().find_map(|l| l.trim().strip_prefix("listen:")).map(|v| format!("nats://{}", v.trim().trim_matches('"')))
    };
    let mut urls = Vec::new();
    for i in 1.. {
        let conf = dir.join("nats-cluster").join(format!("node-{i}")).join(eventlog::server::CONFIG_FILE);
        match listen_of(&conf) {
            Some(url) => urls.push(url),
            None => break,
        }
    }
    if !urls.is_empty() {
        return Ok(urls.join(","));
    }
    let conf = dir.join("nats").join(eventlog::server::CONFIG_FILE);
    listen_of(&conf).with_context(|| format!("cannot find the NATS address in {} (pass --nats-url, or the --data-dir of `arbiter up`)", conf.display()))
}

/// The match id of a `match.<id>.events` subject, or of a partitioned log's
/// `match.p<k>.<id>.events` (`eventlog::Layout`).
pub fn match_of(subject: &str) -> Option<&str> {
    let rest = subject.strip_prefix("match.")?.strip_suffix(".events")?;
    let id = match rest.split_once('.') {
        None => rest,
        Some((partition, id)) if partition_number(partition).is_some() => id,
        Some(_) => return None,
    };
    Some(id).filter(|id| eventlog::validate_match_id(id).is_ok())
}

/// The partition of a record's subject (`None` for the single legacy stream): a backup holds
/// each stream in stream order, one stream after the other.
pub fn partition_of(subject: &str) -> Option<usize> {
    let rest = subject.strip_prefix("match.")?.strip_suffix(".events")?;
    rest.split_once('.').and_then(|(partition, _)| partition_number(partition))
}

fn partition_number(token: &str) -> Option<usize> {
    token.strip_prefix('p')?.parse().ok()
}

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter backup --out arbiter.backup                   # every match of `arbiter up` in .arbiter\n  arbiter backup --out m.backup --match 3f2c…e1\n  arbiter backup --out b --nats-url nats://10.0.0.5:4222 --nats-user admin --nats-password-file admin.password --no-keys\n\nCopies every commit of the match log (stream MATCHES, or each partition stream MATCHES_P<k> in\nturn), in stream order and byte for byte (payload and msg id), into FILE; the log is signed and hash-chained, so nothing is re-encoded.\nIt reads up to the last commit that exists when it starts; commits appended meanwhile are in\nthe next backup. A log with periods (--period) is copied as format 2: its layout, each period\nstream present (MATCHES_T<t>...), then every archive of the bucket MATCH_ARCHIVE byte for byte\nand the index entries of the archived matches whose stream has left; --match takes that\nmatch's commits, or its archive once its period has left.\nThe file (mode 0600: the log holds every hidden card) is written next to FILE and renamed\nwhen complete, so FILE is never half-written. Snapshots are not copied (they are rebuilt\nfrom the log). Needs the NATS admin credential (only an operator has it). Progress goes to stderr. Restore with `arbiter restore`.\n\nThe deployment's key files (--orchestrator-key-file, --randomness-key-file; default\n<data-dir>/keys/orchestrator.json and randomness.json) are copied into a separate keys file,\nFILE.keys (mode 0600), never into FILE: FILE may be handed to an auditor, the keys file must\nnot (the randomness master secret foretells every draw of a live match, the orchestrator key\nsigns commits). A missing key file stops the backup; --no-keys writes no keys file.\nSee docs/reliability.md (\"Backups\")."
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
    pub nats: AdminNatsArgs,
}

impl BackupCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        // The key files first: a missing or damaged one stops the backup before the long copy.
        let keys = if self.no_keys { None } else { Some(BackupKeys::read_key_files(&self.keys.paths(&self.nats.data_dir))?) };
        let Backup { counts, skipped } = self.backup().await?;
        if counts.streams + counts.archives > 0 {
            println!(
                "wrote {} ({} commits of {} period streams, {} archives, {} index entries)",
                self.out.display(),
                counts.commits,
                counts.streams,
                counts.archives,
                counts.index_entries
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

    /// Write the log backup (not the keys file); returns what it holds and what it could not
    /// copy.
    pub async fn backup(&self) -> anyhow::Result<Backup> {
        if let Some(id) = &self.match_id {
            eventlog::validate_match_id(id).map_err(|e| anyhow::anyhow!("--match: {e}"))?;
        }
        let (url, client) = self.nats.connect().await?;
        let js = jetstream::new(client);
        let layout = eventlog::recorded_layout(&js).await.map_err(|e| anyhow::anyhow!("cannot read the match log's layout at {url}: {e}"))?.unwrap_or_default();
        // Its period streams come and go and its sealed matches live in the archive bucket:
        // another format (backup_periods.rs).
        if layout.periods().is_some() {
            return super::backup_periods::backup(self, &js, &url, layout).await;
        }
        // (partition, subject filter): one match, or every subject of every partition.
        let parts: Vec<(usize, String)> = match &self.match_id {
            Some(id) => vec![(layout.partition_of(id), layout.subject(id))],
            None => (0..layout.partitions()).map(|p| (p, layout.filter(p))).collect(),
        };

        let tmp = infra::private_file::temp_path(&self.out);
        // As private as the store: the log holds every hidden card of every match.
        let file = infra::private_file::create_or_truncate(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
        let mut out = BufWriter::new(file);
        let result = async {
            out.write_all(MAGIC)?;
            let mut count = 0u64;
            for (partition, subject) in &parts {
                let name = layout.stream(*partition);
                let mut stream = js.get_stream(&name).await.with_context(|| format!("cannot open stream {name} at {url} (is this Arbiter's NATS?)"))?;
                count += self.copy_stream(&mut stream, subject, count, &mut out).await?;
            }
            write_end(&mut out, count)?;
            let file = out.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            Ok::<u64, anyhow::Error>(count)
        }
        .await;
        match result {
            Ok(count) => {
                std::fs::rename(&tmp, &self.out).with_context(|| format!("cannot move {} to {}", tmp.display(), self.out.display()))?;
                Ok(Backup { counts: Counts { commits: count, ..Default::default() }, skipped: Vec::new() })
            }
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                Err(e)
            }
        }
    }

    /// Copy the commits on `subject` of one stream, up to the last that exists now, as records
    /// (`before`: the records already written, for the progress lines). Returns how many.
    async fn copy_stream(
        &self,
        stream: &mut async_nats::jetstream::stream::Stream,
        subject: &str,
        before: u64,
        out: &mut BufWriter<std::fs::File>,
    ) -> anyhow::Result<u64> {
        // Everything up to the last commit that exists now.
        let last = if self.match_id.is_some() {
            match stream.get_last_raw_message_by_subject(subject).await {
                Ok(m) => m.sequence,
                Err(e) if e.kind() == async_nats::jetstream::stream::LastRawMessageErrorKind::NoMessageFound => 0,
                Err(e) => return Err(anyhow::anyhow!("last commit of {subject}: {e}")),
            }
        } else {
            stream.info().await.context("stream info")?.state.last_sequence
        };
        let total = if self.match_id.is_some() { None } else { Some(before + stream.info().await.context("stream info")?.state.messages) };
        let mut count = 0u64;
        if last == 0 {
            return Ok(0);
        }
        let consumer = stream
            .create_consumer(OrderedConfig { filter_subject: subject.to_string(), deliver_policy: DeliverPolicy::All, ..Default::default() })
            .await
            .context("cannot create a consumer to read the log")?;
        let mut messages = consumer.messages().await.context("cannot read the log")?;
        let mut progress = Instant::now();
        loop {
            let message = tokio::time::timeout(IDLE_TIMEOUT, messages.next())
                .await
                .with_context(|| format!("no commit arrived for {IDLE_TIMEOUT:?} after {}: is NATS up?", before + count))?
                .context("the log's consumer ended early")?
                .map_err(|e| anyhow::anyhow!("reading the log: {e}"))?;
            let record = record_of(&message)?;
            let sequence = record.sequence;
            write_record(out, &record)?;
            count += 1;
            if progress.elapsed() >= PROGRESS_EVERY {
                progress = Instant::now();
                match total {
                    Some(t) => eprintln!("backup: {} of {t} commits", before + count),
                    None => eprintln!("backup: {} commits", before + count),
                }
            }
            if sequence >= last {
                return Ok(count);
            }
        }
    }
}

/// The backup record of a message read from a match stream: its bytes as stored.
pub(super) fn record_of(message: &jetstream::Message) -> anyhow::Result<Record> {
    let info = message.info().map_err(|e| anyhow::anyhow!("a message without stream info: {e}"))?;
    let msg_id = message.headers.as_ref().and_then(|h| h.get(async_nats::header::NATS_MESSAGE_ID)).map(|v| v.as_str().to_string()).unwrap_or_default();
    Ok(Record { subject: message.subject.to_string(), msg_id, sequence: info.stream_sequence, payload: message.payload.to_vec() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_of_the_single_stream_and_of_partitions_name_their_match() {
        assert_eq!((match_of("match.m-1.events"), partition_of("match.m-1.events")), (Some("m-1"), None));
        assert_eq!((match_of("match.p3.m-1.events"), partition_of("match.p3.m-1.events")), (Some("m-1"), Some(3)));
        let layout = eventlog::Layout::new(4).unwrap();
        assert_eq!(match_of(&layout.subject("abc")), Some("abc"));
        for bad in ["match.x.m-1.events", "feed.m-1.events", "match.p3.a.b.events", "match.m 1.events"] {
            assert_eq!(match_of(bad), None, "{bad}");
        }
    }

    #[test]
    fn records_roundtrip_and_truncation_is_refused() {
        let records = vec![
            Record { subject: "match.a.events".into(), msg_id: "a/1".into(), sequence: 1, payload: vec![0, 1, 2, 255] },
            Record { subject: "match.b.events".into(), msg_id: "b/1".into(), sequence: 2, payload: Vec::new() },
        ];
        let mut bytes = MAGIC.to_vec();
        for r in &records {
            write_record(&mut bytes, r).unwrap();
        }
        write_end(&mut bytes, 2).unwrap();
        let mut reader = Reader::new(&bytes[..]).unwrap();
        let mut read = Vec::new();
        while let Some(r) = reader.next_record().unwrap() {
            read.push(r);
        }
        assert_eq!(read, records);

        // Cut anywhere before the end: refused.
        for cut in [MAGIC.len() + 3, bytes.len() - 9, bytes.len() - 1] {
            let mut reader = Reader::new(&bytes[..cut]).unwrap();
            let err = loop {
                match reader.next_record() {
                    Ok(Some(_)) => continue,
                    Ok(None) => panic!("a truncated file was accepted (cut at {cut})"),
                    Err(e) => break e,
                }
            };
            assert!(format!("{err:#}").contains("incomplete"), "{err:#}");
        }
        assert!(Reader::new(&b"{\"json\": 1}\n......"[..]).is_err());
        assert_eq!(match_of("match.abc.events"), Some("abc"));
        assert_eq!(match_of("match.a.b.events"), None);
    }
}
