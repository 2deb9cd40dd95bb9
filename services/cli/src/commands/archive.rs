//! `arbiter archive`: the archive job. Deletes the period streams whose every match is sealed,
//! on a host of its own (docs/architecture.md, "Leaving the hot log"), so that the one NATS
//! credential that may delete streams (the `archiver` role) need not live beside the
//! orchestrator's signing key.
//!
//! The orchestrator's archiver seals the matches; this job only decides and deletes, with the
//! same check (`orchestrator::archive::pass_periods`): every match of the stream's period and
//! partition marked archived in the index, its archive verifying under the orchestrator's
//! PUBLIC key and counting the index's commits, and those counts adding up to the stream's
//! messages. It reads the layout record, the stream names and sizes, the index (a copy kept by
//! a watch, never projected: the job never writes the index) and the archive bucket, all with
//! the `archiver` role's read rights, and creates nothing.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use clap::{ArgGroup, Args};
use eventlog::{EventLog, JetStreamArchive, JetStreamLog, Role, StreamDeleter};
use fairness::chain::OrchestratorKey;
use orchestrator::archive::{now_ms, pass_periods, DeletePeriod, PeriodPass};
use orchestrator::index::MatchIndex;
use orchestrator::ArchiveAfter;

use super::nats_args::SystemNatsArgs;

#[derive(Debug, Args)]
#[command(
    group(ArgGroup::new("key").required(true).args(["orchestrator_public_key", "orchestrator_key_file"])),
    after_help = "Examples:\n  arbiter archive --orchestrator-public-key 3b6a...e1 --once          # one pass, with the archiver of .arbiter\n  arbiter archive --nats-url nats://nats:4222 --nats-user archiver \\\n      --nats-password-file /run/secrets/archiver.password \\\n      --orchestrator-public-key 3b6a...e1 --archive-after 3d          # a pass every minute, forever\n\nIn a log with periods (`--period`), the orchestrator's archiver seals ended matches into the\narchive bucket; this job deletes each period stream that is old enough (its period's end, the\nmaximum match age and its grace, then --archive-after) and whose every match is sealed: marked\narchived in the match index, its archive verifying under the orchestrator public key and\nholding as many commits as the index says, the stream holding exactly those commits. Any doubt\nkeeps the stream. Run it on a host of its own with the `archiver` NATS credential, and start the\norchestrators without --archiver-nats-user: the credential that may delete streams then never\nsits beside the signing key (docs/security.md). It needs only the public key.\n\nPrints one line per stream old enough to leave: `deleted <stream> (<messages> messages, <bytes>\nbytes)`, `kept <stream>: <why>`, `not deleted <stream>: <why>` (the delete failed), and `LOST\n<stream>: ...` for a stream gone while it held matches never sealed. With --once, exits 0 after\nthe pass, 1 if a delete failed or matches are lost. See docs/cli.md, \"arbiter archive\"."
)]
pub struct ArchiveCmd {
    /// The NATS of the system and the `archiver` role's credential (default: the archiver of
    /// --data-dir).
    #[command(flatten)]
    pub nats: SystemNatsArgs,
    /// The orchestrator public key (64 hex digits) the archives are checked under; an archive
    /// that does not verify under it keeps its stream.
    #[arg(long, value_name = "HEX", env = "ARBITER_ORCHESTRATOR_PUBLIC_KEY")]
    pub orchestrator_public_key: Option<String>,
    /// Or the orchestrator's key file, whose public key is taken (it holds the signing key too:
    /// on a host of its own, pass --orchestrator-public-key instead).
    #[arg(long, value_name = "FILE")]
    pub orchestrator_key_file: Option<PathBuf>,
    /// How long after its end a match is sealed, as given to the orchestrators: a period stream
    /// leaves no earlier than this after its period's last match can end (s, m, h or d).
    #[arg(long, env = "ARBITER_ARCHIVE_AFTER", default_value = "3d", value_parser = orchestrator::parse_archive_after)]
    pub archive_after: ArchiveAfter,
    /// Seconds from the start of one pass to the next.
    #[arg(long, default_value_t = 60)]
    pub every_s: u64,
    /// One pass, then exit.
    #[arg(long)]
    pub once: bool,
    /// Serve the job's metrics in the Prometheus text format at http://<addr>/metrics, like the
    /// services (port 0 picks a free port; the job prints `metrics endpoint: http://<addr>/metrics`):
    /// `arbiter_archive_passes_total`, `arbiter_archive_streams_deleted_total`,
    /// `arbiter_archive_streams_kept`, `arbiter_archive_deletes_failed` and
    /// `arbiter_archive_lost_matches` (docs/observability.md).
    #[arg(long, env = "ARBITER_METRICS_LISTEN", value_name = "ADDR")]
    pub metrics_listen: Option<std::net::SocketAddr>,
}

impl ArchiveCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let key = self.key()?;
        let Some(after) = self.archive_after.0 else {
            bail!("--archive-after off: with no archiver nothing is ever sealed, so no period stream may leave");
        };
        if let Some(addr) = self.metrics_listen {
            telemetry::metrics::enable("arbiter-archive");
            let local = telemetry::metrics::serve(addr).await.with_context(|| format!("cannot serve metrics on {addr} (pick another --metrics-listen)"))?;
            println!("metrics endpoint: http://{local}/metrics");
        }
        let (url, auth) = self.nats.resolve(Role::Archiver)?;
        let log = JetStreamLog::connect_archive_reader(&url, &auth).await.map_err(|e| anyhow!("cannot read the match log at {url}: {e}"))?;
        if EventLog::layout(&log).periods().is_none() {
            bail!("the match log at {url} has no periods (`--period`): its streams never leave the hot log, so there is nothing to do");
        }
        let archive =
            JetStreamArchive::open_read_only(&log).await.map_err(|e| anyhow!("cannot read the archive bucket {} at {url}: {e}", eventlog::ARCHIVE_BUCKET))?;
        let deleter = StreamDeleter::connect(&url, &auth).await.map_err(|e| anyhow!("cannot connect to {url} to delete: {e}"))?;
        let log: Arc<dyn EventLog> = Arc::new(log);
        // The projector key is never used: this copy only watches, it projects nothing.
        let index = Arc::new(MatchIndex::new(log.clone(), key.to_bytes()));
        let _watch = index.start_read_only();
        let every = Duration::from_secs(self.every_s.max(1));
        loop {
            let started = tokio::time::Instant::now();
            // The copy must be loaded first (`wait_ready` waits a while): a pass on a partial copy
            // would only keep streams (their message counts would not add up), never lose one.
            let outcome = match index.wait_ready().await {
                Ok(()) => {
                    let done = pass_periods(&index, log.as_ref(), &archive, &key, Some(&deleter as &dyn DeletePeriod), after, now_ms()).await;
                    done.log();
                    print_pass(&done);
                    Ok(done.refused.is_empty() && done.missing.is_empty() && done.unlisted.is_none())
                }
                Err(_) => Err(format!("the match index ({}) did not load; is this credential allowed to watch it?", eventlog::INDEX_BUCKET)),
            };
            if self.once {
                return match outcome {
                    Ok(true) => Ok(ExitCode::SUCCESS),
                    Ok(false) => Ok(ExitCode::from(1)),
                    Err(why) => bail!("{why}"),
                };
            }
            if let Err(why) = outcome {
                tracing::warn!(why, "the pass is skipped");
            }
            tokio::time::sleep_until(started + every).await;
        }
    }

    fn key(&self) -> anyhow::Result<OrchestratorKey> {
        let bytes = match (&self.orchestrator_public_key, &self.orchestrator_key_file) {
            (Some(h), _) => hex::decode(h.trim()).context("--orchestrator-public-key must be 64 hex digits")?,
            (None, Some(path)) => orchestrator::keys::load(path).map_err(|e| anyhow!("{e}"))?.public_key().to_vec(),
            (None, None) => bail!("pass --orchestrator-public-key (or --orchestrator-key-file): the archives are checked under it"),
        };
        OrchestratorKey::parse(&bytes).map_err(|e| anyhow!("the orchestrator public key: {e}"))
    }
}

/// One line per stream the pass looked at, for a person or a cron log.
fn print_pass(done: &PeriodPass) {
    for (stream, messages, bytes) in &done.deleted {
        println!("deleted {stream} ({messages} messages, {bytes} bytes)");
    }
    for (stream, why) in &done.kept {
        println!("kept {stream}: {why}");
    }
    for (stream, why) in &done.refused {
        println!("not deleted {stream}: {why}");
    }
    for (stream, ids) in &done.missing {
        println!("LOST {stream}: gone from the hot log while it held matches never sealed: {}", ids.join(", "));
    }
    if let Some(why) = &done.unlisted {
        println!("cannot list the period streams: {why}");
    }
    if done.deleted.is_empty() && done.kept.is_empty() && done.refused.is_empty() && done.missing.is_empty() && done.unlisted.is_none() {
        println!("no period stream is old enough to leave the hot log yet");
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::{Cli, Command};

    #[test]
    fn the_public_key_is_required_and_the_defaults_are_the_orchestrators() {
        let err = Cli::try_parse_from(["arbiter", "archive", "--once"]).unwrap_err();
        assert!(err.to_string().contains("--orchestrator-public-key"), "{err}");
        let cli = Cli::try_parse_from(["arbiter", "archive", "--orchestrator-public-key", "abcd"]).unwrap();
        let Command::Archive(cmd) = cli.command else { panic!("not the archive command") };
        assert_eq!(cmd.archive_after.0, Some(orchestrator::archive::DEFAULT_ARCHIVE_AFTER));
        assert_eq!((cmd.every_s, cmd.once, cmd.metrics_listen), (60, false, None));
        assert!(cmd.key().is_err(), "two bytes are no public key");
        let hex = hex::encode(fairness::Signer::from_seed(&[7; 32]).public_key());
        let cli = Cli::try_parse_from(["arbiter", "archive", "--orchestrator-public-key", &hex, "--archive-after", "90s", "--once"]).unwrap();
        let Command::Archive(cmd) = cli.command else { panic!("not the archive command") };
        assert_eq!(cmd.key().unwrap().to_bytes().to_vec(), hex::decode(&hex).unwrap());
        assert_eq!(cmd.archive_after.0, Some(std::time::Duration::from_secs(90)));
        assert!(cmd.once);
        let cli = Cli::try_parse_from(["arbiter", "archive", "--orchestrator-public-key", &hex, "--metrics-listen", "127.0.0.1:0"]).unwrap();
        let Command::Archive(cmd) = cli.command else { panic!("not the archive command") };
        assert_eq!(cmd.metrics_listen, Some("127.0.0.1:0".parse().unwrap()));
    }
}
