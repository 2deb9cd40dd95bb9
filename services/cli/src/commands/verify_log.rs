//! `arbiter verify-log`: an operator's full check of the match log as it is stored now, with the
//! same checks as the orchestrator's background scrubber (`orchestrator::scrub`): every match's
//! chain and signatures under the deployment's orchestrator key, and its signed snapshot's
//! chain head. It only reads.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Args;
use eventlog::JetStreamLog;
use fairness::chain::OrchestratorKey;

use super::backup::AdminNatsArgs;

/// Progress on stderr at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter verify-log                                  # every match of the `arbiter up` in .arbiter\n  arbiter verify-log --match m-5f0c...                # one match\n  arbiter verify-log --commits-per-second 500         # gently, beside a live system\n\nReads every commit of every match (or of --match) and checks it as the orchestrator's scrubber\ndoes: each commit's hash link from version 1, the orchestrator signature that binds them, that\ncommit 1 names the deployment's orchestrator key, and that the log still holds the version and\nchain head of the match's signed snapshot (a trimmed or re-signed history fails there). Prints\none line per broken match (its id, the first bad version and why), then a summary; exits 0\nwhen every match checked is intact, 1 otherwise. Progress goes to stderr. Needs the NATS admin\ncredential and the orchestrator's public key (by default read from <data-dir>/keys). See\ndocs/reliability.md, \"The scrubber\"."
)]
pub struct VerifyLogCmd {
    /// Check only this match.
    #[arg(long = "match", value_name = "MATCH_ID")]
    pub match_id: Option<String>,
    /// The deployment's orchestrator public key (64 hex digits). Default: the key of
    /// <data-dir>/keys/orchestrator.json.
    #[arg(long, value_name = "HEX")]
    pub orchestrator_public_key: Option<String>,
    /// At most this many commits read per second (0: as fast as NATS answers).
    #[arg(long, default_value_t = 0)]
    pub commits_per_second: u32,
    #[command(flatten)]
    pub nats: AdminNatsArgs,
}

impl VerifyLogCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let key = self.key()?;
        let (url, auth) = self.nats.resolve()?;
        let log = JetStreamLog::connect(&url, 1, &auth).await.map_err(|e| anyhow::anyhow!("cannot open the match log at {url} as admin: {e}"))?;
        let started = Instant::now();
        let done = match &self.match_id {
            Some(id) => {
                eventlog::validate_match_id(id).map_err(|e| anyhow::anyhow!("{e}"))?;
                let checked = orchestrator::scrub::check_match(&log, id, &key).await.map_err(|e| anyhow::anyhow!("reading match {id}: {e}"))?;
                if checked.commits == 0 {
                    bail!("there is no match {id} in the log at {url}");
                }
                orchestrator::scrub::Pass { matches: 1, commits: checked.commits, breaks: checked.broken.into_iter().collect(), ..Default::default() }
            }
            None => {
                let mut shown = Instant::now();
                orchestrator::scrub::pass(&log, &key, &[], &Default::default(), self.commits_per_second, |so_far, _| {
                    if shown.elapsed() >= PROGRESS_EVERY {
                        shown = Instant::now();
                        eprintln!("checked {} matches, {} commits, {} broken so far", so_far.matches, so_far.commits, so_far.breaks.len());
                    }
                })
                .await
                .map_err(|e| anyhow::anyhow!("cannot list the matches of the log at {url}: {e}"))?
            }
        };
        for b in &done.breaks {
            println!("BROKEN {b}");
        }
        let took = started.elapsed().as_secs_f64();
        if done.breaks.is_empty() {
            println!("checked {} matches ({} commits) in {took:.1} s: every one intact", done.matches, done.commits);
            Ok(ExitCode::SUCCESS)
        } else {
            println!(
                "checked {} matches ({} commits) in {took:.1} s: {} broken; see docs/reliability.md for what to do",
                done.matches,
                done.commits,
                done.breaks.len()
            );
            Ok(ExitCode::from(1))
        }
    }

    fn key(&self) -> anyhow::Result<OrchestratorKey> {
        let bytes = match &self.orchestrator_public_key {
            Some(h) => hex::decode(h.trim()).context("--orchestrator-public-key must be 64 hex digits")?,
            None => {
                let path = self.nats.data_dir.join("keys").join("orchestrator.json");
                if !path.is_file() {
                    bail!(
                        "no orchestrator key at {}: pass --orchestrator-public-key, or the --data-dir of the `arbiter up` \
                         that runs this system",
                        path.display()
                    );
                }
                orchestrator::keys::load(&path).map_err(|e| anyhow::anyhow!("{e}"))?.public_key().to_vec()
            }
        };
        OrchestratorKey::parse(&bytes).map_err(|e| anyhow::anyhow!("the orchestrator public key: {e}"))
    }
}
