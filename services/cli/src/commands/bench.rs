//! `arbiter bench`: the load generator. Bots play matches in parallel through the public gRPC
//! API while, in the same run and on the same NATS server, raw conditional JetStream appends
//! give the baseline that Arbiter's figures are divided by (docs/performance.md). On a system it
//! started itself it also measures every process's memory and the public feed's lag
//! ([`feed`]).
//!
//! Must never: send traffic anywhere but loopback, run without a time or decision limit, or
//! touch the match log (`MATCHES`) other than reading it; the raw baseline writes only to its
//! own stream ([`BENCH_STREAM`]), which it deletes afterwards.

mod feed;
mod figures;
mod load;
mod nats;
mod processes;
mod raw;
mod scale;
mod table;

use infra::process;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use api::convert;
use api::match_v1 as m;
use clap::Args;
use engine::bots::RandomBot;
use futures::StreamExt;
use rand::RngCore;
use serde::Serialize;
use tonic::Code;

use crate::client::{self, request};
use crate::commands::up::{nats_secrets_dir, UpCmd};
pub use feed::FeedFigures;
pub use figures::*;
use load::*;
use nats::*;
use processes::*;
use raw::*;
use table::*;

/// The stream the raw baseline appends to (created for the run, deleted after).
pub const BENCH_STREAM: &str = "BENCH";
/// Size of one raw baseline message (about a commit of a mainframe match).
const RAW_MESSAGE_BYTES: usize = 512;
/// Watchers per gRPC connection.
const WATCHERS_PER_CONNECTION: usize = 100;
/// Samples of each rebuild timing (the median is reported).
const REBUILD_SAMPLES: usize = 3;
/// Longest one call of the bench may take before it counts as an error.
const CALL_TIMEOUT: Duration = Duration::from_secs(30);
/// Polls of a match waiting for a draw (1 ms apart) before the bench gives it up.
const MAX_IDLE_POLLS: u32 = 10_000;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter bench                                   # own system, 16 matches, 10 s\n  arbiter bench --matches 1,16,64,256 --duration 20\n  arbiter bench --ruleset netrunner --matches 16 --watchers 1000\n  arbiter bench --ruleset neonhope --players 3 --matches 16\n  arbiter bench --matches 2 --duration 3 --json   # figures as JSON on stdout\n  arbiter bench --orchestrator http://127.0.0.1:50051 --data-dir .arbiter   # a running `arbiter up`\n\nFor each load (number of matches in parallel) the bench runs two phases of --duration each:\n  raw      N tasks append 512-byte messages to their own subjects of a stream BENCH, each\n           append conditional on the subject's last sequence (as the orchestrator appends);\n  arbiter  N matches in parallel, bots answering at random over gRPC (GetPendingDecision,\n           SubmitDecision); a finished match is replaced by a new one.\nThen it times a rebuild (GetMatch at an old version of a finished match) against reading as\nmany messages raw. When it started the system itself it also reads the RSS and CPU time of every\nprocess (nats-server and the four services) from /proc around each phase (CPU per commit\nand per raw append), and follows the public feed (feed.>, as the read-only feed user) to\ntime each update from the reply that committed it, the backlog at the end of the load and\nhow long the feed takes to catch up.\nAfter the last load, when it started the system itself, it restarts the orchestrator and times\nthe first request on an old match. Without --orchestrator it starts NATS and the services as\n`arbiter up` does, in a temporary directory removed afterwards. With --orchestrator it uses the\nNATS admin user in --data-dir (secrets/nats/admin.password) for the raw baseline, and reports\nneither the services' memory and CPU nor the feed's lag. Only loopback addresses are accepted.\nProgress goes to stderr every second; the summary (or --json) to stdout."
)]
pub struct BenchCmd {
    /// Use this running orchestrator instead of starting a system (with --data-dir).
    #[arg(long)]
    pub orchestrator: Option<String>,
    /// The data directory of the running system (`arbiter up --data-dir`), for the NATS admin
    /// credential and address. Without --orchestrator: keep the started system's data here
    /// instead of a temporary directory.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// NATS of the running system (default: the port in <data-dir>/nats/nats-server.conf).
    #[arg(long)]
    pub nats_url: Option<String>,
    /// Matches played in parallel; a list runs one load after the other (e.g. 1,16,64,256).
    #[arg(long, value_delimiter = ',', default_value = "16")]
    pub matches: Vec<usize>,
    /// The ruleset the bots play.
    #[arg(long, default_value = "mainframe")]
    pub ruleset: String,
    /// Seats per match.
    #[arg(long, default_value_t = 2)]
    pub players: u32,
    /// Seconds of each phase (raw baseline, then Arbiter) of each load.
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    /// Seconds of each raw baseline phase (default: --duration). A long Arbiter phase (e.g. to
    /// finish 10,000 matches against a cache budget) needs no equally long baseline.
    #[arg(long)]
    pub raw_duration: Option<f64>,
    /// Also stop a load's Arbiter phase after this many decisions (and its raw phase after as
    /// many appends).
    #[arg(long)]
    pub decisions: Option<u64>,
    /// WatchMatch streams opened on the running matches (spread evenly over them).
    #[arg(long, default_value_t = 0)]
    pub watchers: usize,
    /// Seed of the bots' choices (random if not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Instead of playing: write this many matches (CreateMatch, spread over 100 tournaments),
    /// then time ListMatches pages with and without filters and the orchestrator's restart to
    /// ready (`bench/scale.rs`, docs/performance.md "The match index"). Own system only.
    #[arg(long, conflicts_with = "orchestrator")]
    pub scale: Option<usize>,
    /// Every seat registers an Ed25519 key at JoinMatch and signs each decision with it (the
    /// bots' signing is outside the timed call; the server's check is inside): to measure
    /// what seat-signed acts cost (docs/log.md, "Seat-signed acts").
    #[arg(long)]
    pub sign_seats: bool,
    /// Print the figures as JSON on stdout instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Partition streams of the match log of the system the bench starts (`arbiter up
    /// --partitions`): to measure what spreading the log costs or gains.
    #[arg(long, default_value_t = 1, conflicts_with = "orchestrator")]
    pub partitions: usize,
    /// Start the system on a JetStream cluster of N local nodes (`arbiter up --cluster`: 3, 5
    /// or 7, every stream at N replicas, the raw appends' stream too), all on this machine: to
    /// see what replication costs and, with --partitions, where the stream leaders land.
    #[arg(long, value_name = "N", conflicts_with = "orchestrator", value_parser = crate::commands::up::cluster_size)]
    pub cluster: Option<usize>,
    /// Randomness nodes of the system the bench starts (`arbiter up --randomness-nodes`): 1
    /// draws with scheme v1, more with scheme v2 (every draw asks every node).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=9))]
    pub randomness_nodes: u8,
    /// Tracing, metrics and log format of the services the bench starts (not of a running
    /// --orchestrator): to measure their cost (docs/observability.md).
    #[command(flatten)]
    pub telemetry: crate::commands::up::UpTelemetryArgs,
}

/// Where the bench sends its traffic.
struct Target {
    orchestrator: String,
    /// As admin, for the store's sizes and leaders.
    nats: eventlog::Connection,
    /// As admin, for the raw baseline (`raw`).
    raw: RawClient,
    /// Every process of the system the bench started (name, pid); empty with --orchestrator.
    processes: Vec<(&'static str, u32)>,
    /// A connection for the feed subscription and the NATS user it is (own system only).
    feed: Option<(eventlog::Connection, String)>,
    /// Replicas of the raw appends' stream: the cluster's size, so the baseline replicates as
    /// the log does (1 on one node or a running system).
    replicas: usize,
}

fn progress(text: &str) {
    eprintln!("[bench] {text}");
}

impl BenchCmd {
    /// The system the bench starts itself, with its data in `dir`.
    fn up(&self, dir: &Path) -> anyhow::Result<UpCmd> {
        let any = "127.0.0.1:0".parse()?;
        Ok(UpCmd {
            nats_url: None,
            nats_port: 0,
            nats_websocket_port: None,
            data_dir: dir.to_path_buf(),
            orchestrator_listen: any,
            rules_listen: any,
            randomness_listen: any,
            randomness_nodes: self.randomness_nodes,
            feed_listen: any,
            cert_names: Vec::new(),
            public_tls: Default::default(),
            // Free route ports, as every other port here.
            cluster: crate::commands::up::ClusterArgs { cluster: self.cluster, cluster_port: 0, partitions: self.partitions, ..Default::default() },
            // Every bot plays from this one address, far above any one client's rate.
            abuse: orchestrator::abuse::AbuseArgs::unlimited(),
            cors_origins: Vec::new(),
            new_keys: false,
            telemetry: self.telemetry.clone(),
            quiet_services: true,
        })
    }

    /// `--scale N`: write N matches into a system of its own, then time listings and a restart.
    async fn run_scale(&self, n: usize) -> anyhow::Result<ExitCode> {
        anyhow::ensure!((1..=1_000_000).contains(&n), "--scale must be between 1 and 1000000");
        let temp = tempfile::Builder::new().prefix("arbiter-bench-").tempdir().context("cannot create a temporary directory")?;
        let dir = self.data_dir.clone().unwrap_or_else(|| temp.path().to_path_buf());
        progress(&format!("starting NATS and the services (data in {})", dir.display()));
        crate::client::set_platform_key(orchestrator::platform::read_key_file(&orchestrator::platform::ensure_key(&dir)?)?);
        let mut system = self.up(&dir)?.start().await?;
        let result = async {
            let addr = system.addr("orchestrator").context("the orchestrator did not start")?;
            scale::run(&format!("http://{addr}"), &self.ruleset, self.players, n, &mut system).await
        }
        .await;
        progress("stopping the services");
        system.stop().await;
        let figures = result?;
        if self.json {
            println!("{}", serde_json::to_string_pretty(&figures)?);
        } else {
            scale::print(&figures);
        }
        Ok(ExitCode::SUCCESS)
    }

    pub async fn run(self) -> anyhow::Result<ExitCode> {
        if let Some(n) = self.scale {
            return self.run_scale(n).await;
        }
        anyhow::ensure!(self.duration > 0.0 && self.duration <= 3600.0, "--duration must be between 0 and 3600 seconds");
        anyhow::ensure!(self.raw_duration.is_none_or(|d| d > 0.0 && d <= 3600.0), "--raw-duration must be between 0 and 3600 seconds");
        anyhow::ensure!(!self.matches.is_empty() && self.matches.iter().all(|&n| (1..=10_000).contains(&n)), "--matches must be between 1 and 10000");
        anyhow::ensure!(self.watchers <= 100_000, "--watchers must be at most 100000");
        anyhow::ensure!(engine::ruleset(&self.ruleset).is_some(), "unknown ruleset {:?}", self.ruleset);
        let report = match &self.orchestrator {
            Some(url) => {
                check_loopback(url)?;
                let dir = self.data_dir.clone().context("--orchestrator needs --data-dir (for the NATS admin credential)")?;
                let nats_url = match &self.nats_url {
                    Some(u) => u.clone(),
                    None => nats_url_from_data_dir(&dir)?,
                };
                let credentials = credentials_of(&dir)?;
                let (nats, raw) = (connect_as_admin(&nats_url, &credentials).await?, connect_raw(&nats_url, &credentials).await?);
                // The platform key of that system, for CreateMatch (unless one was given).
                if let Some(key) = orchestrator::platform::read_key(&dir) {
                    crate::client::set_platform_key(key);
                }
                let target = Target { orchestrator: url.clone(), nats, raw, processes: Vec::new(), feed: None, replicas: 1 };
                self.run_loads(&target, None).await?
            }
            None => {
                let temp = tempfile::Builder::new().prefix("arbiter-bench-").tempdir().context("cannot create a temporary directory")?;
                let dir = self.data_dir.clone().unwrap_or_else(|| temp.path().to_path_buf());
                progress(&format!("starting NATS and the services (data in {})", dir.display()));
                // The system's platform key, which `up` creates there, for CreateMatch.
                crate::client::set_platform_key(orchestrator::platform::read_key_file(&orchestrator::platform::ensure_key(&dir)?)?);
                let up = self.up(&dir)?;
                let mut system = up.start().await?;
                let result = async {
                    let addr = system.addr("orchestrator").context("the orchestrator did not start")?;
                    let nats = connect_as_admin(&system.nats_url, &system.credentials).await?;
                    let raw = connect_raw(&system.nats_url, &system.credentials).await?;
                    let mut processes: Vec<(&'static str, u32)> = Vec::new();
                    for (name, _) in PROCESSES {
                        if name == "nats" {
                            // Every node of a --cluster counts as `nats`.
                            let pids = system.nats_pids();
                            anyhow::ensure!(!pids.is_empty(), "no process id for nats: did it start?");
                            processes.extend(pids.into_iter().map(|pid| (name, pid)));
                            continue;
                        }
                        processes.push((name, system.pid(name).with_context(|| format!("no process id for {name}: did it start?"))?));
                    }
                    // The other randomness nodes count as `randomness` (`rand`): every node's work.
                    for node in crate::commands::up::NODE_NAMES.iter().skip(1) {
                        if let Some(pid) = system.pid(node) {
                            processes.push(("randomness", pid));
                        }
                    }
                    let feed = connect_feed(&system.nats_url, &system.credentials).await?;
                    let target = Target { orchestrator: format!("http://{addr}"), nats, raw, processes, feed: Some(feed), replicas: self.cluster.unwrap_or(1) };
                    self.run_loads(&target, Some(&mut system)).await
                }
                .await;
                progress("stopping the services");
                system.stop().await;
                result?
            }
        };
        if self.json {
            println!("{}", serde_json::to_string_pretty(&report)?);
        } else {
            print_table(&report);
        }
        Ok(ExitCode::SUCCESS)
    }

    async fn run_loads(&self, target: &Target, system: Option<&mut crate::commands::up::LocalSystem>) -> anyhow::Result<BenchReport> {
        let mut report = BenchReport {
            arbiter_version: env!("CARGO_PKG_VERSION").to_string(),
            cores: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            load_average_start: process::load_average(),
            load_average_end: None,
            own_system: system.is_some(),
            signed_seats: self.sign_seats,
            duration_s: self.duration,
            raw_message_bytes: RAW_MESSAGE_BYTES,
            loads: Vec::new(),
            restart: None,
            nats_nodes: self.cluster.unwrap_or(1),
            log_leaders: Vec::new(),
        };
        let seed = self.seed.unwrap_or_else(|| rand::rngs::OsRng.next_u64());
        let mut longest: Option<(String, u64)> = None;
        let mut runner_up: Option<(String, u64)> = None;
        for (i, &n) in self.matches.iter().enumerate() {
            settle().await;
            let cpu_raw_before = cpu_all(&target.processes);
            let raw = self.raw_phase(target, n, i).await?;
            let cpu_raw_after = cpu_all(&target.processes);
            // One reading per process: the orchestrator's `memory` figures are its `rss` entry.
            let all_before = rss_all(&target.processes);
            let rss_before = all_before.get("orchestrator").copied();
            let probe = match &target.feed {
                Some((nats, user)) => Some(feed::FeedProbe::start(nats, user).await?),
                None => None,
            };
            let ledger = probe.as_ref().map(|p| p.ledger.clone());
            let store_before = store_size(&target.nats).await?;
            let cpu_before = cpu_all(&target.processes);
            let (arbiter, watchers, finished) = self.arbiter_phase(target, n, seed.wrapping_add(i as u64), ledger).await?;
            let all_after = rss_all(&target.processes);
            let rss_after = all_after.get("orchestrator").copied();
            let rss = (!target.processes.is_empty()).then(|| {
                all_before
                    .iter()
                    .map(|(name, before)| {
                        let after = all_after.get(name).copied().unwrap_or(0);
                        (name.to_string(), ProcessRss { before_bytes: *before, after_bytes: after })
                    })
                    .collect::<BTreeMap<_, _>>()
            });
            let feed = match probe {
                Some(p) => Some(p.finish().await),
                None => None,
            };
            // After the feed has caught up, so its work for the phase's commits is counted.
            let cpu_after = cpu_all(&target.processes);
            let store_after = store_size(&target.nats).await?;
            let commits = store_after.commits.saturating_sub(store_before.commits);
            let log_bytes = store_after.log_bytes.saturating_sub(store_before.log_bytes);
            let store = StoreFigures {
                commits,
                log_bytes,
                log_bytes_per_commit: ratio(log_bytes as f64, commits as f64),
                log_bytes_per_match: ratio(log_bytes as f64, arbiter.matches_started as f64),
                snapshot_bytes: store_after.snapshot_bytes.saturating_sub(store_before.snapshot_bytes),
                index_bytes: store_after.index_bytes.saturating_sub(store_before.index_bytes),
            };
            let cpu =
                (!target.processes.is_empty()).then(|| cpu_figures([&cpu_raw_before, &cpu_raw_after], raw.appends, [&cpu_before, &cpu_after], arbiter.commits));
            let memory = match (rss_before, rss_after) {
                (Some(b), Some(a)) => Some(MemoryFigures {
                    orchestrator_rss_before_bytes: b,
                    orchestrator_rss_after_bytes: a,
                    bytes_per_match: ratio(a as f64 - b as f64, arbiter.matches_started as f64),
                }),
                _ => None,
            };
            let best = finished.into_iter().max_by_key(|(_, v)| *v);
            settle().await;
            let rebuild = match &best {
                Some((id, v)) => Some(self.rebuild(target, id, *v).await?),
                None => None,
            };
            if let Some(b) = best {
                if longest.as_ref().is_none_or(|(_, v)| b.1 > *v) {
                    runner_up = longest.replace(b);
                } else {
                    runner_up = Some(b);
                }
            }
            let ratios = Ratios {
                commits_per_raw_append: ratio(arbiter.commits_per_s, raw.appends_per_s),
                submit_p50_per_raw_p50: ratio(arbiter.submit.p50_ms, raw.append.p50_ms),
                submit_p99_per_raw_p99: ratio(arbiter.submit.p99_ms, raw.append.p99_ms),
            };
            progress(&format!(
                "load {n}: commits/s ÷ raw appends/s = {:.3}, SubmitDecision p99 ÷ raw append p99 = {:.1}×",
                ratios.commits_per_raw_append, ratios.submit_p99_per_raw_p99
            ));
            if let Some(f) = &feed {
                progress(&format!(
                    "load {n}: feed lag p50 {:.1} ms p99 {:.1} ms max {:.1} ms, {} versions behind at the end, {}",
                    f.lag.p50_ms,
                    f.lag.p99_ms,
                    f.lag.max_ms,
                    f.backlog_at_end,
                    caught_up_text(f)
                ));
            }
            if let Some(c) = &cpu {
                progress(&format!(
                    "load {n}: CPU {:.0} µs per commit against {:.1} µs per raw append (cpu-bound ratio {:.3}); NATS does {:.1} raw appends' work per commit (ceiling {:.3} with free services)",
                    c.arbiter_total_us_per_commit, c.raw_total_us_per_append, c.cpu_bound_ratio, c.nats_raw_appends_per_commit, c.ceiling_with_free_services
                ));
            }
            report.loads.push(LoadFigures {
                matches: n,
                ruleset: self.ruleset.clone(),
                raw,
                arbiter,
                ratios,
                rebuild,
                memory,
                store,
                rss,
                feed,
                cpu,
                watchers,
            });
        }
        if let (Some(system), Some((id, version))) = (system, longest) {
            settle().await;
            progress("restarting the orchestrator");
            system.restart_orchestrator().await?;
            let mut api = client::connect(&target.orchestrator)?;
            // Open the connection first, with a call refused before it touches anything (no
            // match id), so that the timed request is the rebuild, not TCP and HTTP/2 setup.
            let started = Instant::now();
            let _ = api.get_match(m::GetMatchRequest { match_id: String::new(), version: 0 }).await;
            let connect_ms = ms(&started.elapsed());
            let get = |api: &client::Client, match_id: &str| {
                let request = m::GetMatchRequest { match_id: match_id.to_string(), version: 0 };
                let mut api = api.clone();
                async move {
                    let started = Instant::now();
                    call(api.get_match(request)).await.context("GetMatch after the restart")?;
                    Ok::<_, anyhow::Error>(ms(&started.elapsed()))
                }
            };
            let first_request_ms = get(&api, &id).await?;
            let again_ms = get(&api, &id).await?;
            let other = match runner_up {
                Some((other, other_version)) => Some(OtherMatch { first_request_ms: get(&api, &other).await?, match_id: other, version: other_version }),
                None => None,
            };
            let raw_read_ms = median_ms(raw_read(&target.raw, &id, version).await?);
            progress(&format!(
                "after the restart: connection {connect_ms:.1} ms, first GetMatch on an old match {first_request_ms:.1} ms, the same again {again_ms:.1} ms{}",
                other.as_ref().map(|o| format!(", another old match {:.1} ms", o.first_request_ms)).unwrap_or_default()
            ));
            report.restart = Some(RestartFigures { match_id: id, version, connect_ms, first_request_ms, again_ms, other, raw_read_ms });
        }
        report.log_leaders = log_leaders(&target.nats).await?;
        report.load_average_end = process::load_average();
        Ok(report)
    }
}
