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
use engine::testing::RandomBot;
use futures::StreamExt;
use rand::RngCore;
use serde::Serialize;
use tonic::Code;

use crate::client::{self, request};
use crate::commands::up::{nats_secrets_dir, UpCmd};
pub use feed::FeedFigures;

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
#[command(after_help = "Examples:\n  arbiter bench                                   # own system, 16 matches, 10 s\n  arbiter bench --matches 1,16,64,256 --duration 20\n  arbiter bench --ruleset netrunner --matches 16 --watchers 1000\n  arbiter bench --ruleset neonhope --players 3 --matches 16\n  arbiter bench --matches 2 --duration 3 --json   # figures as JSON on stdout\n  arbiter bench --orchestrator http://127.0.0.1:50051 --data-dir .arbiter   # a running `arbiter up`\n\nFor each load (number of matches in parallel) the bench runs two phases of --duration each:\n  raw      N tasks append 512-byte messages to their own subjects of a stream BENCH, each\n           append conditional on the subject's last sequence (as the orchestrator appends);\n  arbiter  N matches in parallel, bots answering at random over gRPC (GetPendingDecision,\n           SubmitDecision); a finished match is replaced by a new one.\nThen it times a rebuild (GetMatch at an old version of a finished match) against reading as\nmany messages raw. When it started the system itself it also reads the RSS and CPU time of every\nprocess (nats-server and the four services) from /proc around each phase (CPU per commit\nand per raw append), and follows the public feed (feed.>, as the read-only feed user) to\ntime each update from the reply that committed it, the backlog at the end of the load and\nhow long the feed takes to catch up.\nAfter the last load, when it started the system itself, it restarts the orchestrator and times\nthe first request on an old match. Without --orchestrator it starts NATS and the services as\n`arbiter up` does, in a temporary directory removed afterwards. With --orchestrator it uses the\nNATS admin user in --data-dir (secrets/nats/admin.password) for the raw baseline, and reports\nneither the services' memory and CPU nor the feed's lag. Only loopback addresses are accepted.\nProgress goes to stderr every second; the summary (or --json) to stdout.")]
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
    /// Print the figures as JSON on stdout instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Randomness nodes of the system the bench starts (`arbiter up --randomness-nodes`): 1
    /// draws with scheme v1, more with scheme v2 (every draw asks every node).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=9))]
    pub randomness_nodes: u8,
    /// Tracing, metrics and log format of the services the bench starts (not of a running
    /// --orchestrator): to measure their cost (docs/observability.md).
    #[command(flatten)]
    pub telemetry: crate::commands::up::UpTelemetryArgs,
}

/// Latency percentiles in milliseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Latency {
    pub count: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl Latency {
    fn of(mut samples: Vec<Duration>) -> Latency {
        samples.sort_unstable();
        let at = |q: f64| -> f64 {
            if samples.is_empty() {
                return 0.0;
            }
            let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
            samples.get(i.min(samples.len() - 1)).map(ms).unwrap_or(0.0)
        };
        Latency { count: samples.len() as u64, p50_ms: at(0.50), p99_ms: at(0.99), max_ms: samples.last().map(ms).unwrap_or(0.0) }
    }
}

fn ms(d: &Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 {
        a / b
    } else {
        0.0
    }
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RawFigures {
    pub appends: u64,
    pub seconds: f64,
    pub appends_per_s: f64,
    pub append: Latency,
    pub errors: u64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct ArbiterFigures {
    pub matches_started: u64,
    pub matches_finished: u64,
    pub decisions: u64,
    /// Versions the matches reached during the phase (creation, joins, decisions, draws, reveal).
    pub commits: u64,
    pub seconds: f64,
    pub commits_per_s: f64,
    pub decisions_per_s: f64,
    /// gRPC calls a bot made per decision (GetPendingDecision + SubmitDecision + retries).
    pub calls_per_decision: f64,
    pub submit: Latency,
    /// The SubmitDecision calls that committed only the decision (the reply's version is one more).
    pub submit_decision_only: Latency,
    /// The SubmitDecision calls after which the orchestrator also drew (or ended the match)
    /// before answering: more than one commit in one call.
    pub submit_with_more_commits: Latency,
    /// Refusals the bots retried (ABORTED, FAILED_PRECONDITION).
    pub retries: u64,
    pub errors: u64,
    pub first_error: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Ratios {
    /// Arbiter commits/s ÷ raw appends/s (1.0 would be as fast as the log itself).
    pub commits_per_raw_append: f64,
    /// SubmitDecision p50 ÷ raw append p50.
    pub submit_p50_per_raw_p50: f64,
    /// SubmitDecision p99 ÷ raw append p99.
    pub submit_p99_per_raw_p99: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RebuildFigures {
    pub match_id: String,
    /// The version asked for: the match's last version minus one (not the cached latest).
    pub version: u64,
    pub get_match_ms: f64,
    pub raw_read_ms: f64,
    pub get_match_per_raw_read: f64,
    pub get_match_us_per_version: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct MemoryFigures {
    pub orchestrator_rss_before_bytes: u64,
    pub orchestrator_rss_after_bytes: u64,
    /// (RSS after − RSS before) ÷ matches started in the load (finished or not).
    pub bytes_per_match: f64,
}

/// One process's `VmRSS` before and after a load's Arbiter phase.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ProcessRss {
    pub before_bytes: u64,
    pub after_bytes: u64,
}

/// CPU time (user + system, all threads) that each process used per unit of work, in µs: per
/// raw append in the raw phase, per commit in the Arbiter phase. CPU time does not count idle
/// waiting, so these figures hold still where throughput varies from run to run with the VM,
/// and they say where a commit's cost goes.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CpuFigures {
    /// By process: `nats` and `bench` (the raw appenders).
    pub raw_us_per_append: BTreeMap<String, f64>,
    /// By process: `nats`, `orchestrator`, `rules`, `randomness`, `feed` and `bench` (the bots,
    /// watchers and the feed probe), from the start of the Arbiter phase until the feed has
    /// caught up after it.
    pub arbiter_us_per_commit: BTreeMap<String, f64>,
    pub raw_total_us_per_append: f64,
    pub arbiter_total_us_per_commit: f64,
    /// `raw_total_us_per_append ÷ arbiter_total_us_per_commit`: what commits/s ÷ raw appends/s
    /// comes to when both phases keep every core busy (from about 16 matches on here); with
    /// cores idle (one match) the phases wait on round trips and the two figures part.
    pub cpu_bound_ratio: f64,
    /// NATS's CPU per commit ÷ its CPU per raw append: how many raw appends' worth of work the
    /// log server alone does for one commit.
    pub nats_raw_appends_per_commit: f64,
    /// `raw_total_us_per_append ÷` NATS's µs per commit: the most commits/s ÷ raw appends/s
    /// could reach on this machine if Arbiter's services and bots used no CPU at all and NATS
    /// had every core.
    pub ceiling_with_free_services: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct WatcherFigures {
    pub watchers: u64,
    /// WatchMatch calls made (refused ones included: see `errors`).
    pub watch_calls: u64,
    pub updates_received: u64,
    /// Versions a watcher skipped (each watcher should see every version after it started).
    pub versions_missed: u64,
    /// Time from a SubmitDecision reply to a watcher's delivery of that version (0 when the
    /// update arrived first).
    pub delivery: Latency,
    pub errors: u64,
    /// How many errors were `INTERNAL` (the consumer-limit failure).
    pub internal_errors: u64,
    pub first_error: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct LoadFigures {
    pub matches: usize,
    pub ruleset: String,
    pub raw: RawFigures,
    pub arbiter: ArbiterFigures,
    pub ratios: Ratios,
    pub rebuild: Option<RebuildFigures>,
    pub memory: Option<MemoryFigures>,
    /// `VmRSS` of every process of the system the bench started, by name (`nats`,
    /// `orchestrator`, `rules`, `randomness`, `feed`); `None` with --orchestrator.
    pub rss: Option<BTreeMap<String, ProcessRss>>,
    /// The public feed's lag behind the commits; `None` with --orchestrator.
    pub feed: Option<FeedFigures>,
    /// CPU per append and per commit by process; `None` with --orchestrator.
    pub cpu: Option<CpuFigures>,
    pub watchers: Option<WatcherFigures>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RestartFigures {
    pub match_id: String,
    pub version: u64,
    /// Opening the bench's connection to the restarted orchestrator: TCP, HTTP/2 and a call it
    /// refuses before touching anything (no match id).
    pub connect_ms: f64,
    /// The first GetMatch (latest version) on that match after an orchestrator restart, on the
    /// open connection: the rebuild from the log.
    pub first_request_ms: f64,
    /// The same GetMatch again, the match now cached.
    pub again_ms: f64,
    /// The first GetMatch on another old match (the longest of another load) right after:
    /// a rebuild once the process has served a request.
    pub other: Option<OtherMatch>,
    pub raw_read_ms: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct OtherMatch {
    pub match_id: String,
    pub version: u64,
    pub first_request_ms: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct BenchReport {
    pub arbiter_version: String,
    pub cores: usize,
    /// The machine's 1-minute load average (`/proc/loadavg`) when the bench started and ended:
    /// other work on the machine shows here.
    pub load_average_start: Option<f64>,
    pub load_average_end: Option<f64>,
    /// Whether the bench started the system itself (`up` in a temporary directory).
    pub own_system: bool,
    pub duration_s: f64,
    pub raw_message_bytes: usize,
    pub loads: Vec<LoadFigures>,
    pub restart: Option<RestartFigures>,
}

/// Where the bench sends its traffic.
struct Target {
    orchestrator: String,
    nats: async_nats::Client,
    /// Every process of the system the bench started (name, pid); empty with --orchestrator.
    processes: Vec<(&'static str, u32)>,
    /// A connection for the feed subscription and the NATS user it is (own system only).
    feed: Option<(async_nats::Client, String)>,
}

/// The processes of the system the bench starts, in the order of the progress line, with
/// their short names there.
const PROCESSES: [(&str, &str); 5] = [("orchestrator", "orch"), ("rules", "rules"), ("randomness", "rand"), ("feed", "feed"), ("nats", "nats")];

/// `VmRSS` of each process, by name (a process that is gone is left out).
/// Processes listed under one name (the randomness nodes of `--randomness-nodes`) are added up.
fn rss_all(processes: &[(&'static str, u32)]) -> BTreeMap<&'static str, u64> {
    let mut all = BTreeMap::new();
    for (name, bytes) in processes.iter().filter_map(|(name, pid)| Some((*name, rss_bytes(*pid)?))) {
        *all.entry(name).or_default() += bytes;
    }
    all
}

/// `rss MB orch 80 rules 20 rand 15 feed 30 nats 60` for the progress line ("" without processes).
fn rss_line(processes: &[(&'static str, u32)]) -> String {
    if processes.is_empty() {
        return String::new();
    }
    let rss = rss_all(processes);
    let mut line = String::from(" · rss MB");
    for (name, short) in PROCESSES {
        if processes.iter().any(|(n, _)| *n == name) {
            match rss.get(name) {
                Some(b) => line.push_str(&format!(" {short} {:.0}", *b as f64 / 1e6)),
                None => line.push_str(&format!(" {short} ?")),
            }
        }
    }
    line
}

/// Connect for the feed subscription: as the tournament platforms' read-only `feed` user when
/// its password is in the data dir, else as admin.
async fn connect_feed(url: &str, credentials: &eventlog::NatsCredentials) -> anyhow::Result<(async_nats::Client, String)> {
    let mut last_error = None;
    for role in [eventlog::Role::Feed, eventlog::Role::Admin] {
        if !credentials.password_file(role).exists() {
            continue;
        }
        let options = credentials.auth(role).connect_options().await.map_err(|e| anyhow::anyhow!("NATS options: {e}"))?;
        match options.connect(url).await {
            Ok(c) => return Ok((c, role.name().to_string())),
            Err(e) => last_error = Some(format!("as {}: {e}", role.name())),
        }
    }
    anyhow::bail!(
        "cannot connect to NATS at {url} to follow the feed ({})",
        last_error.unwrap_or_else(|| "no feed or admin password in the data dir".into())
    )
}

/// Refuse anything but a loopback address.
fn check_loopback(url: &str) -> anyhow::Result<()> {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let host_port = rest.split('/').next().unwrap_or_default();
    let host = if let Some(inner) = host_port.strip_prefix('[') {
        inner.split(']').next().unwrap_or_default()
    } else {
        host_port.rsplit_once(':').map(|(h, _)| h).unwrap_or(host_port)
    };
    let loopback = host == "localhost" || host.parse::<std::net::IpAddr>().map(|ip| ip.is_loopback()).unwrap_or(false);
    anyhow::ensure!(loopback, "{url}: the bench sends traffic only to loopback addresses (127.0.0.1, ::1, localhost)");
    Ok(())
}

/// The NATS port of a system started by `arbiter up --data-dir dir`.
fn nats_url_from_data_dir(dir: &Path) -> anyhow::Result<String> {
    let conf = dir.join("nats").join("nats-server.conf");
    let text = std::fs::read_to_string(&conf)
        .with_context(|| format!("cannot read {} (pass --nats-url)", conf.display()))?;
    let listen = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("listen:"))
        .map(|v| v.trim().trim_matches('"').to_string())
        .with_context(|| format!("no `listen:` line in {} (pass --nats-url)", conf.display()))?;
    Ok(format!("nats://{listen}"))
}

async fn connect_admin(url: &str, data_dir: &Path) -> anyhow::Result<async_nats::Client> {
    check_loopback(url)?;
    let credentials = eventlog::NatsCredentials::load_or_create(&nats_secrets_dir(data_dir))
        .map_err(|e| anyhow::anyhow!("cannot read the NATS credentials in {}: {e}", data_dir.display()))?;
    let options = credentials
        .auth(eventlog::Role::Admin)
        .connect_options()
        .await
        .map_err(|e| anyhow::anyhow!("NATS options: {e}"))?;
    options.connect(url).await.with_context(|| format!("cannot connect to NATS at {url} as admin"))
}

/// VmRSS of a process, in bytes.
fn rss_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The 1-minute load average.
fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg").ok()?.split_whitespace().next()?.parse().ok()
}

/// Busy and total CPU time since boot, from the first line of `/proc/stat` (Linux only).
fn cpu_times() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<u64> = stat.lines().next()?.split_whitespace().skip(1).filter_map(|f| f.parse().ok()).collect();
    // user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
    let idle = fields.get(3)? + fields.get(4).copied().unwrap_or(0);
    let total: u64 = fields.iter().take(8).sum();
    Some((total.saturating_sub(idle), total))
}

/// The CPU time (user + system, every thread) a process has used, from `/proc/<pid>/stat`.
fn process_cpu(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count after it, where
    // field 3 comes first, so utime (field 14) and stime (15) are the 12th and 13th.
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    // SAFETY: sysconf only reads a system constant.
    let per_s = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (per_s > 0).then(|| Duration::from_secs_f64((utime + stime) as f64 / per_s as f64))
}

/// The CPU time of each process of the system and of the bench itself (`bench`), by name.
/// Processes listed under one name (the randomness nodes) are added up.
fn cpu_all(processes: &[(&'static str, u32)]) -> BTreeMap<&'static str, Duration> {
    let mut all = BTreeMap::new();
    let readings = processes.iter().copied().chain([("bench", std::process::id())]).filter_map(|(name, pid)| Some((name, process_cpu(pid)?)));
    for (name, cpu) in readings {
        *all.entry(name).or_default() += cpu;
    }
    all
}

/// µs of CPU per unit of work of each process between two readings, only the named processes.
fn cpu_per(before: &BTreeMap<&'static str, Duration>, after: &BTreeMap<&'static str, Duration>, names: &[&str], work: u64) -> BTreeMap<String, f64> {
    names
        .iter()
        .filter_map(|name| {
            let used = after.get(name)?.saturating_sub(*before.get(name)?);
            Some((name.to_string(), ratio(used.as_secs_f64() * 1e6, work as f64)))
        })
        .collect()
}

/// The CPU figures of a load from the readings around its raw and its Arbiter phase.
fn cpu_figures(raw: [&BTreeMap<&'static str, Duration>; 2], raw_appends: u64, arbiter: [&BTreeMap<&'static str, Duration>; 2], commits: u64) -> CpuFigures {
    let raw_us_per_append = cpu_per(raw[0], raw[1], &["nats", "bench"], raw_appends);
    let every: Vec<&str> = PROCESSES.iter().map(|(name, _)| *name).chain(["bench"]).collect();
    let arbiter_us_per_commit = cpu_per(arbiter[0], arbiter[1], &every, commits);
    let raw_total_us_per_append = raw_us_per_append.values().sum();
    let arbiter_total_us_per_commit = arbiter_us_per_commit.values().sum();
    let nats = |m: &BTreeMap<String, f64>| m.get("nats").copied().unwrap_or(0.0);
    CpuFigures {
        cpu_bound_ratio: ratio(raw_total_us_per_append, arbiter_total_us_per_commit),
        nats_raw_appends_per_commit: ratio(nats(&arbiter_us_per_commit), nats(&raw_us_per_append)),
        ceiling_with_free_services: ratio(raw_total_us_per_append, nats(&arbiter_us_per_commit)),
        raw_us_per_append,
        arbiter_us_per_commit,
        raw_total_us_per_append,
        arbiter_total_us_per_commit,
    }
}

/// The machine counts as settled below this share of its CPU busy.
const SETTLED_BUSY: f64 = 0.35;
/// Never wait longer than this for the machine to settle.
const SETTLE_AT_MOST: Duration = Duration::from_secs(30);

/// Wait until the work a load left behind (the feed catching up, snapshots, consumers being
/// deleted) is done, so that it is not measured as part of the next phase: until less than
/// [`SETTLED_BUSY`] of the CPU is busy over a quarter of a second, for at most
/// [`SETTLE_AT_MOST`]. Other work on the machine counts too: the wait then ends at the limit.
async fn settle() {
    let started = Instant::now();
    let mut told = false;
    while started.elapsed() < SETTLE_AT_MOST {
        let Some((busy0, total0)) = cpu_times() else { return };
        tokio::time::sleep(Duration::from_millis(250)).await;
        let Some((busy1, total1)) = cpu_times() else { return };
        let share = ratio(busy1.saturating_sub(busy0) as f64, total1.saturating_sub(total0) as f64);
        if share < SETTLED_BUSY {
            if told {
                progress(&format!("settled after {:.1} s", started.elapsed().as_secs_f64()));
            }
            return;
        }
        if !told && started.elapsed() > Duration::from_secs(1) {
            progress(&format!("waiting for the system to settle ({:.0}% of the CPU busy)", share * 100.0));
            told = true;
        }
    }
    progress("the system did not settle within 30 s (other work on the machine?); going on");
}

fn progress(text: &str) {
    eprintln!("[bench] {text}");
}

impl BenchCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        anyhow::ensure!(self.duration > 0.0 && self.duration <= 3600.0, "--duration must be between 0 and 3600 seconds");
        anyhow::ensure!(
            self.raw_duration.is_none_or(|d| d > 0.0 && d <= 3600.0),
            "--raw-duration must be between 0 and 3600 seconds"
        );
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
                let nats = connect_admin(&nats_url, &dir).await?;
                // The platform key of that system, for CreateMatch (unless one was given).
                if let Some(key) = orchestrator::platform::read_key(&dir) {
                    crate::client::set_platform_key(key);
                }
                let target = Target { orchestrator: url.clone(), nats, processes: Vec::new(), feed: None };
                self.run_loads(&target, None).await?
            }
            None => {
                let temp = tempfile::Builder::new().prefix("arbiter-bench-").tempdir().context("cannot create a temporary directory")?;
                let dir = self.data_dir.clone().unwrap_or_else(|| temp.path().to_path_buf());
                progress(&format!("starting NATS and the services (data in {})", dir.display()));
                // The system's platform key, which `up` creates there, for CreateMatch.
                crate::client::set_platform_key(orchestrator::platform::read_key_file(&orchestrator::platform::ensure_key(&dir)?)?);
                let any = "127.0.0.1:0".parse()?;
                let up = UpCmd {
                    nats_url: None,
                    nats_port: 0,
                    nats_websocket_port: None,
                    data_dir: dir.clone(),
                    orchestrator_listen: any,
                    rules_listen: any,
                    randomness_listen: any,
                    randomness_nodes: self.randomness_nodes,
                    feed_listen: any,
                    cert_names: Vec::new(),
                    public_tls: Default::default(),
                    cluster: Default::default(),
                    // Every bot plays from this one address, far above any one client's rate.
                    abuse: orchestrator::abuse::AbuseArgs::unlimited(),
                    cors_origins: Vec::new(),
                    new_keys: false,
                    telemetry: self.telemetry.clone(),
                    quiet_services: true,
                };
                let mut system = up.start().await?;
                let result = async {
                    let addr = system.addr("orchestrator").context("the orchestrator did not start")?;
                    let nats = connect_admin(&system.nats_url, &dir).await?;
                    let mut processes: Vec<(&'static str, u32)> = Vec::new();
                    for (name, _) in PROCESSES {
                        let pid = if name == "nats" { system.nats_pid() } else { system.pid(name) };
                        processes.push((name, pid.with_context(|| format!("no process id for {name}: did it start?"))?));
                    }
                    // The other randomness nodes count as `randomness` (`rand`): every node's work.
                    for node in crate::commands::up::NODE_NAMES.iter().skip(1) {
                        if let Some(pid) = system.pid(node) {
                            processes.push(("randomness", pid));
                        }
                    }
                    let feed = connect_feed(&system.nats_url, &system.credentials).await?;
                    let target = Target {
                        orchestrator: format!("http://{addr}"),
                        nats,
                        processes,
                        feed: Some(feed),
                    };
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
            load_average_start: load_average(),
            load_average_end: None,
            own_system: system.is_some(),
            duration_s: self.duration,
            raw_message_bytes: RAW_MESSAGE_BYTES,
            loads: Vec::new(),
            restart: None,
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
            let cpu = (!target.processes.is_empty())
                .then(|| cpu_figures([&cpu_raw_before, &cpu_raw_after], raw.appends, [&cpu_before, &cpu_after], arbiter.commits));
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
            report.loads.push(LoadFigures { matches: n, ruleset: self.ruleset.clone(), raw, arbiter, ratios, rebuild, memory, rss, feed, cpu, watchers });
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
            let raw_read_ms = median_ms(raw_read(&target.nats, &id, version).await?);
            progress(&format!(
                "after the restart: connection {connect_ms:.1} ms, first GetMatch on an old match {first_request_ms:.1} ms, the same again {again_ms:.1} ms{}",
                other.as_ref().map(|o| format!(", another old match {:.1} ms", o.first_request_ms)).unwrap_or_default()
            ));
            report.restart = Some(RestartFigures { match_id: id, version, connect_ms, first_request_ms, again_ms, other, raw_read_ms });
        }
        report.load_average_end = load_average();
        Ok(report)
    }

    /// Conditional appends of 512-byte messages, one subject per task, for --duration.
    async fn raw_phase(&self, target: &Target, n: usize, load: usize) -> anyhow::Result<RawFigures> {
        let js = async_nats::jetstream::new(target.nats.clone());
        // A leftover of an interrupted run is dropped first.
        let _ = js.delete_stream(BENCH_STREAM).await;
        let run = format!("{:08x}", rand::rngs::OsRng.next_u32());
        js.create_stream(async_nats::jetstream::stream::Config {
            name: BENCH_STREAM.to_string(),
            subjects: vec!["bench.>".to_string()],
            storage: async_nats::jetstream::stream::StorageType::File,
            ..Default::default()
        })
        .await
        .map_err(|e| anyhow::anyhow!("cannot create the stream {BENCH_STREAM}: {e}"))?;
        let appends = Arc::new(AtomicU64::new(0));
        let duration = self.raw_duration.unwrap_or(self.duration);
        let deadline = Instant::now() + Duration::from_secs_f64(duration);
        let limit = self.decisions.unwrap_or(u64::MAX);
        let started = Instant::now();
        let ticker = spawn_progress(format!("load {n} · raw appends"), appends.clone(), started, duration, target.processes.clone());
        let mut tasks = Vec::new();
        for task in 0..n {
            let js = js.clone();
            let appends = appends.clone();
            let subject = format!("bench.{run}.{load}.{task}");
            tasks.push(tokio::spawn(async move {
                let payload = bytes_of(RAW_MESSAGE_BYTES);
                let mut last = 0u64;
                let mut samples = Vec::new();
                let mut errors = 0u64;
                while Instant::now() < deadline && appends.load(Ordering::Relaxed) < limit {
                    let mut headers = async_nats::HeaderMap::new();
                    headers.insert("Nats-Expected-Last-Subject-Sequence", last.to_string().as_str());
                    let t = Instant::now();
                    let acked = async {
                        let ack = js.publish_with_headers(subject.clone(), headers, payload.clone().into()).await?;
                        Ok::<_, anyhow::Error>(tokio::time::timeout(CALL_TIMEOUT, ack).await??)
                    }
                    .await;
                    match acked {
                        Ok(ack) => {
                            samples.push(t.elapsed());
                            last = ack.sequence;
                            appends.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(_) => {
                            errors += 1;
                            if errors > 100 {
                                break;
                            }
                        }
                    }
                }
                (samples, errors)
            }));
        }
        let mut samples = Vec::new();
        let mut errors = 0;
        for t in tasks {
            let (s, e) = t.await?;
            samples.extend(s);
            errors += e;
        }
        let seconds = started.elapsed().as_secs_f64();
        ticker.abort();
        let _ = js.delete_stream(BENCH_STREAM).await;
        let count = samples.len() as u64;
        Ok(RawFigures { appends: count, seconds, appends_per_s: count as f64 / seconds, append: Latency::of(samples), errors })
    }

    /// N matches in parallel, bots answering at random; returns the figures and the finished
    /// matches (id, last version).
    async fn arbiter_phase(
        &self,
        target: &Target,
        n: usize,
        seed: u64,
        ledger: Option<Arc<Mutex<feed::Ledger>>>,
    ) -> anyhow::Result<(ArbiterFigures, Option<WatcherFigures>, Vec<(String, u64)>)> {
        let shared = Arc::new(Shared {
            decisions: AtomicU64::new(0),
            limit: self.decisions.unwrap_or(u64::MAX),
            deadline: Instant::now() + Duration::from_secs_f64(self.duration),
            acks: Mutex::new(HashMap::new()),
            watch_connections: Mutex::new(Vec::new()),
            orchestrator: target.orchestrator.clone(),
            first_error: Mutex::new(None),
            stop: tokio::sync::watch::channel(false).0,
            ledger,
        });
        let started = Instant::now();
        let ticker = {
            let shared = shared.clone();
            let duration = self.duration;
            let processes = target.processes.clone();
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_secs(1));
                tick.tick().await;
                loop {
                    tick.tick().await;
                    let t = started.elapsed().as_secs_f64();
                    let d = shared.decisions.load(Ordering::Relaxed);
                    let behind = match &shared.ledger {
                        Some(l) => l.lock().map(|l| format!(" · feed {} behind", l.backlog())).unwrap_or_default(),
                        None => String::new(),
                    };
                    progress(&format!(
                        "load {n} · arbiter {t:.0}/{duration:.0}s · {d} decisions ({:.0}/s){behind}{}",
                        d as f64 / t,
                        rss_line(&processes)
                    ));
                }
            })
        };
        let per_slot = |slot: usize| self.watchers / n + usize::from(slot < self.watchers % n);
        let mut workers = Vec::new();
        for slot in 0..n {
            let shared = shared.clone();
            let ruleset = self.ruleset.clone();
            let players = self.players;
            let watchers = per_slot(slot);
            workers.push(tokio::spawn(async move { worker(shared, ruleset, players, seed.wrapping_add(slot as u64 * 7919), watchers).await }));
        }
        let mut fig = ArbiterFigures::default();
        let mut samples = Vec::new();
        let (mut single, mut multi) = (Vec::new(), Vec::new());
        let mut finished = Vec::new();
        let mut watch_tasks = Vec::new();
        let mut calls = 0u64;
        for w in workers {
            let r = w.await?;
            fig.matches_started += r.started;
            fig.matches_finished += r.finished.len() as u64;
            fig.decisions += r.decisions;
            fig.commits += r.commits;
            fig.retries += r.retries;
            fig.errors += r.errors;
            calls += r.calls;
            for (d, commits) in r.submit {
                samples.push(d);
                if commits > 1 { multi.push(d) } else { single.push(d) }
            }
            finished.extend(r.finished);
            watch_tasks.extend(r.watchers);
        }
        let seconds = started.elapsed().as_secs_f64();
        ticker.abort();
        fig.seconds = seconds;
        fig.commits_per_s = fig.commits as f64 / seconds;
        fig.decisions_per_s = fig.decisions as f64 / seconds;
        fig.calls_per_decision = ratio(calls as f64, fig.decisions as f64);
        fig.submit = Latency::of(samples);
        fig.submit_decision_only = Latency::of(single);
        fig.submit_with_more_commits = Latency::of(multi);
        fig.first_error = shared.first_error.lock().ok().and_then(|e| e.clone());

        let watchers = if self.watchers > 0 {
            // Streams of matches still running are closed here: their deliveries so far count.
            let mut w = WatcherFigures { watchers: self.watchers as u64, ..Default::default() };
            let mut delivery = Vec::new();
            // A moment for the last updates to arrive, then the streams still open are closed.
            tokio::time::sleep(Duration::from_millis(200)).await;
            shared.stop.send_replace(true);
            let acks = shared.acks.lock().map(|a| a.clone()).unwrap_or_default();
            for t in watch_tasks {
                let Ok(r) = t.await else { continue };
                w.watch_calls += 1;
                w.updates_received += r.received.len() as u64;
                w.versions_missed += r.missed;
                if let Some(e) = r.error {
                    w.errors += 1;
                    if e.starts_with("INTERNAL") {
                        w.internal_errors += 1;
                    }
                    w.first_error.get_or_insert(e);
                }
                for (version, at) in r.received {
                    if let Some(ack) = acks.get(&(r.match_id.clone(), version)) {
                        delivery.push(at.saturating_duration_since(*ack));
                    }
                }
            }
            w.delivery = Latency::of(delivery);
            Some(w)
        } else {
            None
        };
        Ok((fig, watchers, finished))
    }

    /// GetMatch at an old version of a finished match against reading as many messages raw.
    async fn rebuild(&self, target: &Target, match_id: &str, last: u64) -> anyhow::Result<RebuildFigures> {
        let version = last.saturating_sub(1).max(1);
        let mut api = client::connect(&target.orchestrator)?;
        let mut samples = Vec::new();
        for _ in 0..REBUILD_SAMPLES {
            let t = Instant::now();
            call(api.get_match(m::GetMatchRequest { match_id: match_id.to_string(), version })).await.context("GetMatch at an old version")?;
            samples.push(t.elapsed());
        }
        let get_match_ms = median_ms(samples);
        let raw_read_ms = median_ms(raw_read(&target.nats, match_id, version).await?);
        Ok(RebuildFigures {
            match_id: match_id.to_string(),
            version,
            get_match_ms,
            raw_read_ms,
            get_match_per_raw_read: ratio(get_match_ms, raw_read_ms),
            get_match_us_per_version: ratio(get_match_ms * 1000.0, version as f64),
        })
    }
}

fn bytes_of(n: usize) -> Vec<u8> {
    let mut b = vec![0u8; n];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b
}

fn median_ms(mut samples: Vec<Duration>) -> f64 {
    samples.sort_unstable();
    samples.get(samples.len() / 2).map(ms).unwrap_or(0.0)
}

/// Times of reading the first `count` messages of a match's subject with an ordered consumer
/// (what a rebuild must read at least), [`REBUILD_SAMPLES`] times.
async fn raw_read(nats: &async_nats::Client, match_id: &str, count: u64) -> anyhow::Result<Vec<Duration>> {
    use async_nats::jetstream::consumer::pull::OrderedConfig;
    let js = async_nats::jetstream::new(nats.clone());
    let stream = js.get_stream(eventlog::STREAM).await.map_err(|e| anyhow::anyhow!("stream {}: {e}", eventlog::STREAM))?;
    let mut samples = Vec::new();
    for _ in 0..REBUILD_SAMPLES {
        let t = Instant::now();
        let consumer = stream
            .create_consumer(OrderedConfig { filter_subject: eventlog::subject(match_id), ..Default::default() })
            .await
            .map_err(|e| anyhow::anyhow!("raw read consumer: {e}"))?;
        let mut messages = consumer.messages().await.map_err(|e| anyhow::anyhow!("raw read: {e}"))?;
        let mut read = 0;
        while read < count {
            match tokio::time::timeout(CALL_TIMEOUT, messages.next()).await {
                Ok(Some(Ok(_))) => read += 1,
                Ok(Some(Err(e))) => anyhow::bail!("raw read of {match_id}: {e}"),
                _ => anyhow::bail!("raw read of {match_id} ended after {read} of {count} messages"),
            }
        }
        samples.push(t.elapsed());
    }
    Ok(samples)
}

/// A call with the bench's timeout; a timeout is a `DEADLINE_EXCEEDED` status.
async fn call<T>(f: impl std::future::Future<Output = Result<tonic::Response<T>, tonic::Status>>) -> Result<T, tonic::Status> {
    match tokio::time::timeout(CALL_TIMEOUT, f).await {
        Ok(r) => r.map(|r| r.into_inner()),
        Err(_) => Err(tonic::Status::deadline_exceeded(format!("no reply within {CALL_TIMEOUT:?}"))),
    }
}

fn spawn_progress(what: String, count: Arc<AtomicU64>, started: Instant, duration: f64, processes: Vec<(&'static str, u32)>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.tick().await;
        loop {
            tick.tick().await;
            let t = started.elapsed().as_secs_f64();
            let c = count.load(Ordering::Relaxed);
            progress(&format!("{what} {t:.0}/{duration:.0}s · {c} ({:.0}/s){}", c as f64 / t, rss_line(&processes)));
        }
    })
}

/// What the workers of one load share.
struct Shared {
    decisions: AtomicU64,
    limit: u64,
    deadline: Instant,
    /// When each (match, version) was acknowledged to a bot, for the watchers' latency.
    acks: Mutex<HashMap<(String, u64), Instant>>,
    /// gRPC connections for the watchers, one per [`WATCHERS_PER_CONNECTION`].
    watch_connections: Mutex<Vec<(client::Client, usize)>>,
    orchestrator: String,
    first_error: Mutex<Option<String>>,
    /// Set at the end of the load: the watchers close their streams.
    stop: tokio::sync::watch::Sender<bool>,
    /// The versions the bench saw committed, for the feed's lag (own system only).
    ledger: Option<Arc<Mutex<feed::Ledger>>>,
}

impl Shared {
    /// Versions `from..=to` of a match were committed by a call that returned at `at`.
    fn committed(&self, match_id: &str, from: u64, to: u64, at: Instant) {
        if let Some(Ok(mut l)) = self.ledger.as_ref().map(|l| l.lock()) {
            l.acked(match_id, from, to, at);
        }
    }

    /// A match has reached `version` (a commit the bench did not make, e.g. a draw).
    fn reached(&self, match_id: &str, version: u64) {
        if let Some(Ok(mut l)) = self.ledger.as_ref().map(|l| l.lock()) {
            l.known(match_id, version);
        }
    }

    fn go_on(&self) -> bool {
        Instant::now() < self.deadline && self.decisions.load(Ordering::Relaxed) < self.limit
    }

    fn error(&self, e: String) {
        if let Ok(mut f) = self.first_error.lock() {
            f.get_or_insert(e);
        }
    }

    fn watch_client(&self) -> anyhow::Result<client::Client> {
        let mut pool = self.watch_connections.lock().map_err(|_| anyhow::anyhow!("poisoned lock"))?;
        if let Some((c, used)) = pool.last_mut() {
            if *used < WATCHERS_PER_CONNECTION {
                *used += 1;
                return Ok(c.clone());
            }
        }
        let c = client::connect(&self.orchestrator)?;
        pool.push((c.clone(), 1));
        Ok(c)
    }
}

#[derive(Default)]
struct WorkerResult {
    started: u64,
    finished: Vec<(String, u64)>,
    decisions: u64,
    commits: u64,
    calls: u64,
    retries: u64,
    errors: u64,
    /// Each SubmitDecision's latency and the commits it made.
    submit: Vec<(Duration, u64)>,
    watchers: Vec<tokio::task::JoinHandle<WatchResult>>,
}

struct WatchResult {
    match_id: String,
    received: Vec<(u64, Instant)>,
    missed: u64,
    error: Option<String>,
}

/// One slot: plays matches one after the other until the deadline.
async fn worker(shared: Arc<Shared>, ruleset: String, players: u32, seed: u64, watchers: usize) -> WorkerResult {
    let mut r = WorkerResult::default();
    let mut bot = RandomBot::new(seed);
    let mut api = match client::connect(&shared.orchestrator) {
        Ok(a) => a,
        Err(e) => {
            shared.error(format!("{e:#}"));
            r.errors += 1;
            return r;
        }
    };
    let names: Vec<String> = (1..=players).map(|i| format!("Bot {i}")).collect();
    while shared.go_on() {
        match play_one(&shared, &mut api, &ruleset, &names, &mut bot, watchers, &mut r).await {
            Ok(()) => {}
            Err(e) => {
                r.errors += 1;
                shared.error(client::describe_error(&e));
                // A broken system: do not spin.
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    r
}

async fn play_one(
    shared: &Arc<Shared>,
    api: &mut client::Client,
    ruleset: &str,
    names: &[String],
    bot: &mut RandomBot,
    watchers: usize,
    r: &mut WorkerResult,
) -> anyhow::Result<()> {
    let (match_id, version, tokens) = create_and_join(shared, api, ruleset, names).await?;
    r.calls += 1 + tokens.len() as u64;
    r.started += 1;
    let first = tokens.first().context("a match without seats")?.clone();
    let mut version = version;
    for _ in 0..watchers {
        let client = shared.watch_client()?;
        r.watchers.push(tokio::spawn(watch(client, match_id.clone(), version, shared.stop.subscribe())));
    }
    let mut idle = 0u32;
    // What the last SubmitDecision reply said comes next: a client needs no second call for it.
    let mut next: Option<m::GetPendingDecisionResponse> = None;
    let result = async {
        while shared.go_on() {
            let pending = match next.take() {
                Some(known) => known,
                None => {
                    r.calls += 1;
                    call(api.get_pending_decision(request(m::GetPendingDecisionRequest { match_id: match_id.clone() }, Some(&first))?))
                        .await?
                }
            };
            if pending.version > version {
                shared.reached(&match_id, pending.version);
            }
            version = version.max(pending.version);
            if pending.status == m::MatchStatus::Ended as i32 {
                r.finished.push((match_id.clone(), pending.version));
                return Ok(());
            }
            let Some(seat) = pending.waiting_for_seat else {
                // A draw the orchestrator drives itself.
                idle += 1;
                anyhow::ensure!(idle < MAX_IDLE_POLLS, "match {match_id} waited for a draw too long at version {}", pending.version);
                tokio::time::sleep(Duration::from_millis(1)).await;
                continue;
            };
            idle = 0;
            let token = tokens.get(seat as usize).with_context(|| format!("the match waits for seat {seat}, which the bench does not hold"))?;
            let decision = match pending.decision {
                Some(d) if d.seat == seat && d.spec.is_some() => d,
                _ => {
                    r.calls += 1;
                    call(api.get_pending_decision(request(m::GetPendingDecisionRequest { match_id: match_id.clone() }, Some(token))?))
                        .await?
                        .decision
                        .context("the server says a seat is to decide but shows it no decision")?
                }
            };
            let decision = convert::decision_from_proto(&decision).map_err(|e| anyhow::anyhow!("malformed decision: {e}"))?;
            let choice = bot.choose(&decision);
            r.calls += 1;
            let t = Instant::now();
            let submitted = call(api.submit_decision(request(
                m::SubmitDecisionRequest {
                    match_id: match_id.clone(),
                    decision_id: decision.id,
                    choice: Some(convert::choice_to_proto(&choice)),
                    idempotency_key: format!("bench-{}", decision.id),
                    seat_signature: Vec::new(),
                },
                Some(token),
            )?))
            .await;
            match submitted {
                Ok(resp) => {
                    let now = Instant::now();
                    r.submit.push((now.saturating_duration_since(t), resp.version.saturating_sub(version)));
                    r.decisions += 1;
                    shared.decisions.fetch_add(1, Ordering::Relaxed);
                    shared.committed(&match_id, version + 1, resp.version, now);
                    if watchers > 0 {
                        if let Ok(mut acks) = shared.acks.lock() {
                            for v in version + 1..=resp.version {
                                acks.entry((match_id.clone(), v)).or_insert(now);
                            }
                        }
                    }
                    version = version.max(resp.version);
                    next = client::next_of(&resp);
                }
                Err(s) if matches!(s.code(), Code::Aborted | Code::FailedPrecondition) => r.retries += 1,
                Err(s) => return Err(anyhow::Error::new(s).context("SubmitDecision")),
            }
        }
        Ok(())
    }
    .await;
    r.commits += version;
    result
}

/// `client::create_and_join_all`, with each call's commit noted at the moment it returned (the
/// feed's lag is timed from there). The bench's matches leave `spectator_delay_s` at 0 (no
/// options): their feed is never held back on purpose. Returns the match id, its version after
/// the joins, and the seat tokens.
async fn create_and_join(shared: &Shared, api: &mut client::Client, ruleset: &str, names: &[String]) -> anyhow::Result<(String, u64, Vec<String>)> {
    let created = call(api.create_match(client::platform_request(m::CreateMatchRequest {
        ruleset: ruleset.to_string(),
        seats: names.iter().map(|n| m::SeatSpec { name: n.clone(), deck: String::new(), ..Default::default() }).collect(),
        options: Default::default(),
        ..Default::default()
    })?))
    .await
    .context("CreateMatch")?;
    shared.committed(&created.match_id, 1, created.version, Instant::now());
    let mut version = created.version;
    let mut tokens = Vec::new();
    for cred in &created.seats {
        let mut entropy = vec![0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut entropy);
        let joined = call(api.join_match(m::JoinMatchRequest {
            match_id: created.match_id.clone(),
            seat: cred.seat,
            join_code: cred.join_code.clone(),
            entropy,
            seat_public_key: Vec::new(),
        }))
        .await
        .with_context(|| format!("JoinMatch (seat {})", cred.seat))?;
        shared.committed(&created.match_id, version + 1, joined.version, Instant::now());
        version = version.max(joined.version);
        tokens.push(joined.seat_token);
    }
    Ok((created.match_id, version, tokens))
}

/// One WatchMatch stream from `from` on, until the match ends or the bench closes it.
async fn watch(mut api: client::Client, match_id: String, from: u64, mut stop: tokio::sync::watch::Receiver<bool>) -> WatchResult {
    let mut out = WatchResult { match_id: match_id.clone(), received: Vec::new(), missed: 0, error: None };
    let stream = call(api.watch_match(m::WatchMatchRequest { match_id, from_version: from })).await;
    let mut stream = match stream {
        Ok(s) => s,
        Err(s) => {
            out.error = Some(format!("{}: {}", client::code_name(s.code()), s.message()));
            return out;
        }
    };
    let mut expected = from + 1;
    loop {
        let next = tokio::select! {
            m = stream.message() => m,
            _ = stop.wait_for(|s| *s) => return out,
        };
        match next {
            Ok(Some(update)) => {
                out.received.push((update.version, Instant::now()));
                out.missed += update.version.saturating_sub(expected);
                expected = expected.max(update.version + 1);
            }
            Ok(None) => return out,
            Err(s) => {
                out.error = Some(format!("{}: {}", client::code_name(s.code()), s.message()));
                return out;
            }
        }
    }
}

/// "caught up 2.1 s after" or "not caught up after 30 s (N versions not shown)".
fn caught_up_text(f: &FeedFigures) -> String {
    match f.caught_up_after_s {
        Some(s) => format!("caught up {s:.1} s after"),
        None => format!("not caught up after {} s ({} versions not shown)", feed::CATCH_UP_AT_MOST.as_secs(), f.not_shown_after_wait),
    }
}

fn print_table(r: &BenchReport) {
    println!();
    let load = |l: Option<f64>| l.map(|l| format!("{l:.1}")).unwrap_or_else(|| "?".into());
    println!(
        "arbiter bench · {} cores (load average {} → {}) · {} · {}s per phase · raw = conditional appends of {} B",
        r.cores,
        load(r.load_average_start),
        load(r.load_average_end),
        if r.own_system { "own system (arbiter up in a temp dir)" } else { "running system" },
        r.duration_s,
        r.raw_message_bytes
    );
    println!();
    println!(
        "{:>7} {:>10} {:>9} {:>9} {:>9} {:>8} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10}",
        "matches", "ruleset", "commits/s", "raw ap/s", "ratio", "sub p50", "sub p99", "raw p50", "raw p99", "p99 ×", "calls/dec", "errors"
    );
    for l in &r.loads {
        println!(
            "{:>7} {:>10} {:>9.0} {:>9.0} {:>9.3} {:>8.2} {:>9.2} {:>9.2} {:>9.2} {:>8.1} {:>9.2} {:>10}",
            l.matches,
            l.ruleset,
            l.arbiter.commits_per_s,
            l.raw.appends_per_s,
            l.ratios.commits_per_raw_append,
            l.arbiter.submit.p50_ms,
            l.arbiter.submit.p99_ms,
            l.raw.append.p50_ms,
            l.raw.append.p99_ms,
            l.ratios.submit_p99_per_raw_p99,
            l.arbiter.calls_per_decision,
            l.arbiter.errors + l.raw.errors,
        );
    }
    println!("(latencies in ms; ratio = commits/s ÷ raw appends/s; p99 × = SubmitDecision p99 ÷ raw append p99)");
    println!();
    for l in &r.loads {
        print!("load {:>4}: {} matches started, {} finished, {} decisions", l.matches, l.arbiter.matches_started, l.arbiter.matches_finished, l.arbiter.decisions);
        if let Some(m) = &l.memory {
            print!(" · orchestrator RSS {:.1} → {:.1} MB ({:.0} kB per match)", m.orchestrator_rss_before_bytes as f64 / 1e6, m.orchestrator_rss_after_bytes as f64 / 1e6, m.bytes_per_match / 1e3);
        }
        println!();
        let (one, more) = (&l.arbiter.submit_decision_only, &l.arbiter.submit_with_more_commits);
        println!(
            "           SubmitDecision: {} with one commit p50 {:.2} ms p99 {:.2} ms · {} followed by draws or the end p50 {:.2} ms p99 {:.2} ms",
            one.count, one.p50_ms, one.p99_ms, more.count, more.p50_ms, more.p99_ms
        );
        if let Some(b) = &l.rebuild {
            println!(
                "           rebuild: GetMatch at version {} {:.1} ms ({:.0} µs/version) vs raw read {:.2} ms = {:.1}×",
                b.version, b.get_match_ms, b.get_match_us_per_version, b.raw_read_ms, b.get_match_per_raw_read
            );
        }
        match &l.rss {
            Some(rss) => {
                print!("           rss MB before → after:");
                for (name, short) in PROCESSES {
                    if let Some(p) = rss.get(name) {
                        print!(" {short} {:.1} → {:.1}", p.before_bytes as f64 / 1e6, p.after_bytes as f64 / 1e6);
                    }
                }
                println!();
            }
            None => println!("           rss of every service and feed lag: not available (--orchestrator: the bench did not start the system)"),
        }
        if let Some(c) = &l.cpu {
            print!("           CPU µs per commit:");
            for (name, short) in PROCESSES.iter().copied().chain([("bench", "bench")]) {
                if let Some(us) = c.arbiter_us_per_commit.get(name) {
                    print!(" {short} {us:.0}");
                }
            }
            println!(
                " = {:.0} · per raw append {:.1} (nats {:.1}) · cpu-bound ratio {:.3} · NATS: {:.1} raw appends' work per commit, ceiling {:.3} with free services",
                c.arbiter_total_us_per_commit,
                c.raw_total_us_per_append,
                c.raw_us_per_append.get("nats").copied().unwrap_or(0.0),
                c.cpu_bound_ratio,
                c.nats_raw_appends_per_commit,
                c.ceiling_with_free_services
            );
        }
        if let Some(f) = &l.feed {
            println!(
                "           feed ({}): {} updates, lag p50 {:.1} ms p99 {:.1} ms max {:.1} ms ({} timed, {} before the reply) · {} of {} versions behind at the end of the load, {}",
                f.user,
                f.updates_seen,
                f.lag.p50_ms,
                f.lag.p99_ms,
                f.lag.max_ms,
                f.lag.count,
                f.before_reply,
                f.backlog_at_end,
                f.versions_committed,
                caught_up_text(f)
            );
            if f.updates_missed > 0 {
                println!("           feed: {} versions never received (slow subscription?)", f.updates_missed);
            }
            if let Some(e) = &f.first_error {
                println!("           feed error: {e}");
            }
        }
        if let Some(w) = &l.watchers {
            println!(
                "           watchers: {} WatchMatch calls, {} updates, {} versions missed, delivery p50 {:.2} ms p99 {:.2} ms, {} errors ({} INTERNAL)",
                w.watch_calls, w.updates_received, w.versions_missed, w.delivery.p50_ms, w.delivery.p99_ms, w.errors, w.internal_errors
            );
            if let Some(e) = &w.first_error {
                println!("           first watcher error: {e}");
            }
        }
        if let Some(e) = &l.arbiter.first_error {
            println!("           first error: {e}");
        }
    }
    if let Some(x) = &r.restart {
        println!();
        println!(
            "after an orchestrator restart: connection {:.1} ms · first GetMatch on {} (version {}) {:.1} ms vs raw read {:.2} ms · the same again {:.1} ms",
            x.connect_ms, x.match_id, x.version, x.first_request_ms, x.raw_read_ms, x.again_ms
        );
        if let Some(o) = &x.other {
            println!("  first GetMatch on another old match, {} (version {}): {:.1} ms", o.match_id, o.version, o.first_request_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_only() {
        for ok in ["http://127.0.0.1:50051", "nats://127.0.0.1:4222", "http://localhost:1", "http://[::1]:5", "127.0.0.2:9"] {
            assert!(check_loopback(ok).is_ok(), "{ok}");
        }
        for bad in ["http://10.0.0.1:50051", "nats://example.com:4222", "https://192.168.1.2"] {
            assert!(check_loopback(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_cpu_time_of_a_process_is_read_from_proc() {
        let me = std::process::id();
        let before = process_cpu(me).expect("/proc/self/stat is readable");
        // Spin until the kernel has counted at least one more tick (bounded in time, so a
        // starved machine ends the loop too, and then fails with what it read).
        let started = Instant::now();
        let mut after = before;
        while after <= before && started.elapsed() < Duration::from_secs(20) {
            std::hint::black_box((0..100_000u64).fold(0u64, |a, b| a.wrapping_mul(31).wrapping_add(b)));
            after = process_cpu(me).expect("readable");
        }
        assert!(after > before, "{before:?} then {after:?}");
        assert!(cpu_all(&[]).contains_key("bench"), "the bench's own CPU is always read");
        assert_eq!(process_cpu(u32::MAX), None, "a process that is not there");
    }

    #[test]
    fn cpu_figures_divide_each_process_by_the_work_done() {
        let s = Duration::from_millis;
        let raw0 = BTreeMap::from([("nats", s(1_000)), ("bench", s(500)), ("orchestrator", s(7))]);
        let raw1 = BTreeMap::from([("nats", s(1_300)), ("bench", s(600)), ("orchestrator", s(9))]);
        let arb0 = BTreeMap::from([("nats", s(0)), ("orchestrator", s(0)), ("rules", s(0)), ("bench", s(0))]);
        let arb1 = BTreeMap::from([("nats", s(200)), ("orchestrator", s(300)), ("rules", s(100)), ("bench", s(400))]);
        // 10,000 raw appends, 1,000 commits.
        let c = cpu_figures([&raw0, &raw1], 10_000, [&arb0, &arb1], 1_000);
        assert_eq!(c.raw_us_per_append, BTreeMap::from([("bench".to_string(), 10.0), ("nats".to_string(), 30.0)]), "only NATS and the bench in the raw phase");
        assert_eq!(c.arbiter_us_per_commit.get("orchestrator"), Some(&300.0));
        assert_eq!(c.arbiter_us_per_commit.get("feed"), None, "a process not read is left out");
        assert_eq!(c.raw_total_us_per_append, 40.0);
        assert_eq!(c.arbiter_total_us_per_commit, 1_000.0);
        assert_eq!(c.cpu_bound_ratio, 0.04);
        assert!((c.nats_raw_appends_per_commit - 200.0 / 30.0).abs() < 1e-9);
        assert_eq!(c.ceiling_with_free_services, 0.2, "40 µs of a raw append over NATS's 200 µs of a commit");
    }

    #[test]
    fn percentiles() {
        let l = Latency::of((1..=100).map(Duration::from_millis).collect());
        assert_eq!(l.count, 100);
        assert!((l.p50_ms - 51.0).abs() < 1.01, "{}", l.p50_ms);
        assert!((l.p99_ms - 99.0).abs() < 1.01, "{}", l.p99_ms);
        assert_eq!(l.max_ms, 100.0);
        assert_eq!(Latency::of(Vec::new()).count, 0);
    }
}
