//! `arbiter verify-log`: an operator's full check of everything the log holds as it is stored
//! now, with the same checks as the orchestrator's background scrubber (`orchestrator::scrub`):
//! every match's chain and signatures under the deployment's orchestrator key, its signed
//! snapshot's chain head, and its match index entry against its log; every match the index
//! knows and the hot log no longer holds, from its sealed archive; and every archive of the
//! bucket on its own (its stored bytes, its signed manifest and chain, and the same commits as
//! the hot log while the hot log still holds the match). It only reads.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Args;
use eventlog::{Archive, EventLog, IndexEvent, JetStreamArchive, JetStreamLog};
use fairness::chain::OrchestratorKey;
use futures::StreamExt;
use orchestrator::{archive::ArchivingLog, index::Entry, scrub};

use super::nats_args::SystemNatsArgs;

/// Progress on stderr at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);
/// How long the watch of the match index may stay silent before it has sent what it holds.
const INDEX_PATIENCE: Duration = Duration::from_secs(30);

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter verify-log                                  # every match of the `arbiter up` in .arbiter\n  arbiter verify-log --match m-5f0c...                # one match\n  arbiter verify-log --commits-per-second 500         # gently, beside a live system\n\nReads every commit of every match (or of --match) and checks it as the orchestrator's scrubber\ndoes: each commit's hash link from version 1, the orchestrator signature that binds them, that\ncommit 1 names the deployment's orchestrator key, and that the log still holds the version and\nchain head of the match's signed snapshot (a trimmed or re-signed history fails there). Then\nthe match index: each entry must say what its match's log says (ruleset, tournament, seats,\nstatus, result, version, stream sequence), and a match it knows must be in the hot log or its\narchive. Then every archive of the bucket MATCH_ARCHIVE: its stored bytes against the digest\nrecorded when it was written, its signed manifest and chain, and the same commits as the hot\nlog while the hot log still holds the match. Prints one line per broken match (its id, the\nfirst bad version and why), then a summary; exits 0 when everything checked is intact, 1\notherwise. Progress goes to stderr. Needs the NATS admin\ncredential and the orchestrator's public key (by default read from <data-dir>/keys). See\ndocs/reliability.md, \"The scrubber\"."
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
    pub nats: SystemNatsArgs,
}

impl VerifyLogCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let key = self.key()?;
        let (url, auth) = self.nats.resolve(eventlog::Role::Admin)?;
        let hot = JetStreamLog::connect(&url, 1, &auth).await.map_err(|e| anyhow::anyhow!("cannot open the match log at {url} as admin: {e}"))?;
        let archives =
            JetStreamArchive::connect_read_only(&url, &auth).await.map_err(|e| anyhow::anyhow!("cannot open the archive bucket at {url} as admin: {e}"))?;
        let hot: Arc<dyn EventLog> = Arc::new(hot);
        // A match the hot log no longer holds is read from its archive, checked on the way.
        let log: Arc<dyn EventLog> = match &archives {
            Some(archives) => Arc::new(ArchivingLog::new(hot.clone(), Arc::new(archives.clone()), key.clone())),
            None => hot.clone(),
        };
        let started = Instant::now();
        let (entries, mut breaks) = read_index(hot.as_ref()).await.map_err(|e| anyhow::anyhow!("cannot read the match index at {url}: {e}"))?;
        let (mut done, names) = match &self.match_id {
            Some(id) => {
                eventlog::validate_match_id(id).map_err(|e| anyhow::anyhow!("{e}"))?;
                let entry = entries.iter().find(|e| e.match_id == *id);
                let checked = scrub::check_match(log.as_ref(), id, entry, &key).await.map_err(|e| anyhow::anyhow!("reading match {id}: {e}"))?;
                if checked.commits == 0 && checked.broken.is_none() {
                    bail!("there is no match {id} in the log at {url}");
                }
                breaks.retain(|b| b.match_id == *id);
                let names = match &archives {
                    Some(archives) if archives.get(id).await.map_or(true, |found| found.is_some()) => vec![id.clone()],
                    _ => Vec::new(),
                };
                (scrub::Pass { matches: 1, commits: checked.commits, breaks: checked.broken.into_iter().collect(), ..Default::default() }, names)
            }
            None => {
                let mut shown = Instant::now();
                let all = scrub::SealedSlice { after: String::new(), max: usize::MAX };
                let done = scrub::pass(log.as_ref(), &key, &entries, &all, self.commits_per_second, |so_far, _| {
                    if shown.elapsed() >= PROGRESS_EVERY {
                        shown = Instant::now();
                        eprintln!("checked {} matches, {} commits, {} broken so far", so_far.matches, so_far.commits, so_far.breaks.len());
                    }
                })
                .await
                .map_err(|e| anyhow::anyhow!("cannot list the matches of the log at {url}: {e}"))?;
                let names = match &archives {
                    Some(archives) => archives.list().await.map_err(|e| anyhow::anyhow!("cannot list the archives at {url}: {e}"))?,
                    None => Vec::new(),
                };
                (done, names)
            }
        };
        // Every archive on its own (a break found already, reading a match from its archive, is
        // not named twice).
        let mut archives_checked = 0u64;
        if let Some(archives) = &archives {
            for name in names {
                archives_checked += 1;
                match scrub::check_archive(hot.as_ref(), archives, &name, &key).await {
                    Ok(Some(found)) if !done.breaks.contains(&found) => breaks.push(found),
                    Ok(_) => {}
                    Err(e) => bail!("cannot read the archive of {name} at {url}: {e}"),
                }
            }
        }
        done.breaks.extend(breaks);
        for b in &done.breaks {
            println!("BROKEN {b}");
        }
        let took = started.elapsed().as_secs_f64();
        let what = format!(
            "checked {} matches ({} commits), {} index entries and {} archives in {took:.1} s",
            done.matches,
            done.commits,
            entries.len(),
            archives_checked
        );
        if done.breaks.is_empty() {
            println!("{what}: every one intact");
            Ok(ExitCode::SUCCESS)
        } else {
            println!("{what}: {} broken; see docs/reliability.md for what to do", done.breaks.len());
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

/// Every entry of the match index (a watch of the whole bucket up to what it holds now), and a
/// break for each entry that does not decode.
async fn read_index(log: &dyn EventLog) -> Result<(Vec<Entry>, Vec<scrub::Break>), eventlog::LogError> {
    let mut events = log.index_watch().await?;
    let (mut entries, mut breaks) = (Vec::new(), Vec::new());
    loop {
        let event = tokio::time::timeout(INDEX_PATIENCE, events.next())
            .await
            .map_err(|_| eventlog::LogError::Unavailable(format!("the match index sent nothing for {INDEX_PATIENCE:?}")))?;
        match event {
            None => return Err(eventlog::LogError::Unavailable("the watch of the match index ended".into())),
            Some(Err(e)) => return Err(e),
            Some(Ok(IndexEvent::CaughtUp)) => return Ok((entries, breaks)),
            // The projectors' positions, and keys an operator deleted.
            Some(Ok(IndexEvent::Entry { key, .. })) if key.starts_with(eventlog::INDEX_POSITION_KEY) => {}
            Some(Ok(IndexEvent::Entry { value, .. })) if value.is_empty() => {}
            Some(Ok(IndexEvent::Entry { key, value, .. })) => match serde_json::from_slice::<Entry>(&value) {
                Ok(entry) if entry.match_id == key => entries.push(entry),
                Ok(entry) => breaks.push(scrub::Break {
                    match_id: key,
                    version: entry.version,
                    detail: format!("its index entry is the entry of match {}", entry.match_id),
                }),
                Err(e) => breaks.push(scrub::Break { match_id: key, version: 0, detail: format!("its index entry does not decode: {e}") }),
            },
        }
    }
}
