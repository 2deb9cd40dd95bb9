#![allow(dead_code)] // the CPU guard uses part of it, the load generator all
//! A load generator independent of `arbiter bench`: it starts a system with `arbiter up` (any
//! build: the binary is a parameter, so two builds meet the same client), plays mainframe
//! matches through the public gRPC API with random bots (`harness::random_choice` among the
//! options the server offers), and counts every server process's CPU time from `/proc` around
//! the load. It shares no code with the bench: not its bots, its system, its phases nor its
//! figures. `arbiter-loadgen` (tests/loadgen.rs) prints its figures; the CPU guard
//! (tests/cpu_guard.rs) compares them with a baseline.
//!
//! What it counts: the CPU of nats-server and of every `arbiter serve` process `up` started
//! (orchestrator, rules, randomness, feed), from just before the load's first call until the
//! processes are idle again after its last (so the feed's work for the load's commits is in),
//! divided by the commits the load made (every match's version reached, counted from its
//! creation). The client's own CPU is not counted.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tonic::transport::Channel;

use crate::harness::{random_choice, with_token, Rng};

/// How long `arbiter up` may take to say it is up.
const UP_TIMEOUT: Duration = Duration::from_secs(120);
/// A gRPC call that takes longer is an error of the load.
const CALL_TIMEOUT: Duration = Duration::from_secs(30);
/// The system counts as idle after a load once its processes used less than this share of one
/// core over [`IDLE_WINDOW`] (background work such as the index's position save stays below).
const IDLE_SHARE: f64 = 0.03;
const IDLE_WINDOW: Duration = Duration::from_millis(300);
/// At most this long is waited for idleness after a load.
const SETTLE_MAX: Duration = Duration::from_secs(10);

/// A system `arbiter up` runs in a temporary directory: its match API, its processes and how to
/// reach NATS as the admin. Stopped (with SIGINT, as Ctrl-C) when dropped.
pub struct Up {
    child: Child,
    pub orchestrator: String,
    pub nats_url: String,
    pub platform_key: String,
    pub dir: tempfile::TempDir,
    /// (name, pid): `nats`, `orchestrator`, `rules`, `randomness`, `feed`.
    pub processes: Vec<(String, u32)>,
}

impl Up {
    /// Start `arbiter up` from `binary` on free ports, the services logging warnings only,
    /// with no per-caller rate limits (every bot calls from one address; a build without abuse
    /// limits ignores the variables), no log scrubber and no archiver.
    pub async fn start(binary: &Path) -> Result<Up> {
        let dir = tempfile::tempdir()?;
        let mut command = Command::new(binary);
        for var in cli::commands::up::CREDENTIAL_ENV {
            command.env_remove(var);
        }
        let mut child = command
            .arg("up")
            .args(["--data-dir".as_ref(), dir.path().as_os_str()])
            .args(["--nats-port", "0", "--orchestrator-listen", "127.0.0.1:0", "--rules-listen", "127.0.0.1:0", "--randomness-listen", "127.0.0.1:0"])
            .env("RUST_LOG", "warn")
            .env("ARBITER_RATE_PER_ADDRESS", "0")
            .env("ARBITER_RATE_PER_SEAT_TOKEN", "0")
            .env("ARBITER_RATE_PER_PLATFORM_KEY", "0")
            .env("ARBITER_MAX_CONNECTIONS_PER_ADDRESS", "0")
            // Work done per pass of a timer, not per commit: the log scrubber and the archiver
            // would land inside some loads and not others (a build without them ignores these).
            .env("ARBITER_SCRUB_EVERY_S", "0")
            .env("ARBITER_ARCHIVE_AFTER", "off")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {} up", binary.display()))?;
        let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
        let mut lines = BufReader::new(stdout).lines();
        let (mut orchestrator, mut nats_url) = (None, None);
        tokio::time::timeout(UP_TIMEOUT, async {
            while let Some(line) = lines.next_line().await? {
                if let Some(url) = line.split("nats-server ready at ").nth(1).and_then(|r| r.split_whitespace().next()) {
                    nats_url = Some(url.to_string());
                }
                if let Some(url) = line.split("match API (orchestrator)").nth(1) {
                    orchestrator = Some(url.trim().to_string());
                }
                if orchestrator.is_some() && nats_url.is_some() {
                    return Ok(());
                }
            }
            bail!("arbiter up exited before it was up")
        })
        .await
        .context("arbiter up did not come up in time")??;
        // Keep draining its stdout so that it never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        let platform_key = std::fs::read_to_string(dir.path().join("secrets").join("platform.key")).context("the platform key up wrote")?.trim().to_string();
        let processes = children(child.id().context("up has no pid")?)?;
        for name in ["nats", "orchestrator", "rules", "randomness", "feed"] {
            anyhow::ensure!(processes.iter().any(|(n, _)| n == name), "no {name} process among up's children: {processes:?}");
        }
        Ok(Up { child, orchestrator: orchestrator.unwrap_or_default(), nats_url: nats_url.unwrap_or_default(), platform_key, dir, processes })
    }

    /// The CPU time each process has used so far.
    pub fn cpu(&self) -> BTreeMap<String, Duration> {
        let mut out = BTreeMap::new();
        for (name, pid) in &self.processes {
            *out.entry(name.clone()).or_default() += infra::process::cpu(*pid).unwrap_or_default();
        }
        out
    }

    /// Wait until the processes are idle (see [`IDLE_SHARE`]), for at most [`SETTLE_MAX`].
    pub async fn settle(&self) {
        let started = Instant::now();
        let mut before = total(&self.cpu());
        while started.elapsed() < SETTLE_MAX {
            tokio::time::sleep(IDLE_WINDOW).await;
            let now = total(&self.cpu());
            if now.saturating_sub(before).as_secs_f64() < IDLE_SHARE * IDLE_WINDOW.as_secs_f64() {
                return;
            }
            before = now;
        }
    }

    pub async fn client(&self) -> Result<MatchServiceClient<Channel>> {
        Ok(MatchServiceClient::new(Channel::from_shared(self.orchestrator.clone())?.connect().await?))
    }

    /// Stop the system as Ctrl-C does, and wait for `up` to exit.
    pub async fn stop(mut self) -> Result<()> {
        if let Some(pid) = self.child.id() {
            let _ = Command::new("kill").args(["-INT", &pid.to_string()]).status().await;
        }
        if tokio::time::timeout(Duration::from_secs(20), self.child.wait()).await.is_err() {
            self.child.kill().await?;
        }
        Ok(())
    }
}

impl Drop for Up {
    fn drop(&mut self) {
        // Whatever `stop` did not end: the processes this system started, by their ids.
        for (_, pid) in &self.processes {
            if std::path::Path::new(&format!("/proc/{pid}")).exists() {
                let _ = std::process::Command::new("kill").args(["-KILL", &pid.to_string()]).status();
            }
        }
    }
}

fn total(cpu: &BTreeMap<String, Duration>) -> Duration {
    cpu.values().sum()
}

/// The children of `parent`, named by what they run.
fn children(parent: u32) -> Result<Vec<(String, u32)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc")? {
        let Some(pid) = entry?.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        // Field 4 (ppid) comes second after the command name's closing parenthesis.
        let ppid = stat.get(stat.rfind(')').unwrap_or(0) + 1..).and_then(|r| r.split_whitespace().nth(1)).and_then(|p| p.parse::<u32>().ok());
        if ppid != Some(parent) {
            continue;
        }
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let args: Vec<String> = cmdline.split(|b| *b == 0).map(|a| String::from_utf8_lossy(a).into_owned()).collect();
        let name = if args.first().is_some_and(|a| a.ends_with("nats-server")) {
            "nats".to_string()
        } else if let Some(i) = args.iter().position(|a| a == "serve") {
            args.get(i + 1).cloned().unwrap_or_default()
        } else {
            continue;
        };
        out.push((name, pid));
    }
    Ok(out)
}

/// What one load does.
#[derive(Clone, Debug)]
pub struct Load {
    /// Matches played at once (each finished one is replaced by a new one).
    pub matches: usize,
    /// Stop after this long, or after this many decisions, whichever comes first.
    pub duration: Duration,
    pub decisions: u64,
    pub seed: u64,
}

/// What a load measured.
#[derive(Clone, Debug, Default)]
pub struct Figures {
    pub decisions: u64,
    pub commits: u64,
    pub matches_finished: u64,
    /// From the first call to the last reply.
    pub seconds: f64,
    /// SubmitDecision, client side.
    pub submit_p50_ms: f64,
    pub submit_p99_ms: f64,
    /// CPU µs per commit of each process, and of all of them (`total`).
    pub cpu_us_per_commit: BTreeMap<String, f64>,
}

impl Figures {
    pub fn decisions_per_s(&self) -> f64 {
        self.decisions as f64 / self.seconds.max(1e-9)
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "decisions": self.decisions,
            "commits": self.commits,
            "matches_finished": self.matches_finished,
            "seconds": self.seconds,
            "decisions_per_s": self.decisions_per_s(),
            "submit_p50_ms": self.submit_p50_ms,
            "submit_p99_ms": self.submit_p99_ms,
            "cpu_us_per_commit": self.cpu_us_per_commit,
        })
    }
}

/// Play one whole match first (connections, caches and the services' first calls are not
/// what a commit costs), then the load, with every process's CPU counted around it.
pub async fn measure(up: &Up, load: &Load) -> Result<Figures> {
    let mut client = up.client().await?;
    let warm = Shared::new(Duration::from_secs(60), u64::MAX);
    while play_match(&mut client, &up.platform_key, &mut Rng(load.seed | 1), &warm).await?.1 == Finished::No {}
    up.settle().await;
    let before = up.cpu();
    let shared = Arc::new(Shared::new(load.duration, load.decisions));
    let started = Instant::now();
    let mut slots = Vec::new();
    for slot in 0..load.matches {
        let (shared, url, key) = (shared.clone(), up.orchestrator.clone(), up.platform_key.clone());
        let seed = load.seed.wrapping_add(slot as u64 * 7919) | 1;
        slots.push(tokio::spawn(async move {
            let mut client = MatchServiceClient::new(Channel::from_shared(url)?.connect().await?);
            let mut rng = Rng(seed);
            let (mut commits, mut finished) = (0, 0);
            while shared.go_on() {
                let (version, done) = play_match(&mut client, &key, &mut rng, &shared).await?;
                commits += version;
                finished += u64::from(done == Finished::Yes);
            }
            Ok::<_, anyhow::Error>((commits, finished))
        }));
    }
    let mut figures = Figures::default();
    for slot in slots {
        let (commits, finished) = slot.await??;
        figures.commits += commits;
        figures.matches_finished += finished;
    }
    figures.seconds = started.elapsed().as_secs_f64();
    up.settle().await;
    let after = up.cpu();
    figures.decisions = shared.decisions.load(Ordering::Relaxed);
    anyhow::ensure!(figures.commits > 0, "the load made no commit");
    let per_commit = |d: Duration| d.as_secs_f64() * 1e6 / figures.commits as f64;
    for (name, spent) in &after {
        let spent = spent.saturating_sub(before.get(name).copied().unwrap_or_default());
        figures.cpu_us_per_commit.insert(name.clone(), per_commit(spent));
    }
    figures.cpu_us_per_commit.insert("total".into(), per_commit(total(&after).saturating_sub(total(&before))));
    let mut latencies = shared.latencies.lock().map_err(|_| anyhow!("poisoned"))?.clone();
    latencies.sort();
    let at = |q: f64| latencies.get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1))).map_or(0.0, |d| d.as_secs_f64() * 1e3);
    figures.submit_p50_ms = at(0.50);
    figures.submit_p99_ms = at(0.99);
    Ok(figures)
}

struct Shared {
    deadline: Instant,
    limit: u64,
    decisions: AtomicU64,
    latencies: std::sync::Mutex<Vec<Duration>>,
}

impl Shared {
    fn new(duration: Duration, limit: u64) -> Shared {
        Shared { deadline: Instant::now() + duration, limit, decisions: AtomicU64::new(0), latencies: Default::default() }
    }

    fn go_on(&self) -> bool {
        Instant::now() < self.deadline && self.decisions.load(Ordering::Relaxed) < self.limit
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Finished {
    Yes,
    No,
}

async fn call<T>(f: impl std::future::Future<Output = Result<tonic::Response<T>, tonic::Status>>) -> Result<T> {
    Ok(tokio::time::timeout(CALL_TIMEOUT, f).await.map_err(|_| anyhow!("no reply within {CALL_TIMEOUT:?}"))??.into_inner())
}

/// Create a two-seat mainframe match, join both seats and play it with random choices until it
/// ends or the load is over. Returns the version reached (its commits) and whether it ended.
async fn play_match(client: &mut MatchServiceClient<Channel>, platform_key: &str, rng: &mut Rng, shared: &Shared) -> Result<(u64, Finished)> {
    let seats = (1..=2).map(|i| m::SeatSpec { name: format!("Seat {i}"), ..Default::default() }).collect();
    let created =
        call(client.create_match(with_token(m::CreateMatchRequest { ruleset: "mainframe".into(), seats, ..Default::default() }, platform_key))).await?;
    let mut tokens = Vec::new();
    let mut version = created.version;
    for seat in &created.seats {
        let entropy: Vec<u8> = (0..32).map(|_| rng.next() as u8).collect();
        let joined = call(client.join_match(m::JoinMatchRequest {
            match_id: created.match_id.clone(),
            seat: seat.seat,
            join_code: seat.join_code.clone(),
            entropy,
            ..Default::default()
        }))
        .await?;
        version = version.max(joined.version);
        tokens.push(joined.seat_token);
    }
    let match_id = created.match_id;
    // What comes next: from the last reply when it says, else asked.
    let mut next: Option<(Option<u32>, Option<m::Decision>, i32)> = None;
    let mut polls = 0;
    while shared.go_on() {
        let (waiting, decision, status) = match next.take() {
            Some(known) => known,
            None => {
                let p = call(client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: match_id.clone() }, &tokens[0]))).await?;
                version = version.max(p.version);
                (p.waiting_for_seat, p.decision, p.status)
            }
        };
        if status == m::MatchStatus::Ended as i32 {
            return Ok((version, Finished::Yes));
        }
        let Some(seat) = waiting else {
            // A draw the orchestrator drives: look again shortly.
            polls += 1;
            anyhow::ensure!(polls < 1000, "match {match_id} waits for neither a seat nor its end");
            tokio::time::sleep(Duration::from_millis(1)).await;
            continue;
        };
        let token = tokens.get(seat as usize).context("a seat the load does not hold")?;
        let decision = match decision {
            Some(d) => d,
            None => call(client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: match_id.clone() }, token)))
                .await?
                .decision
                .context("the deciding seat sees no decision")?,
        };
        let choice = random_choice(&decision, rng)?;
        let asked = Instant::now();
        let reply = call(client.submit_decision(with_token(
            m::SubmitDecisionRequest {
                match_id: match_id.clone(),
                decision_id: decision.decision_id,
                choice: Some(choice),
                idempotency_key: format!("load-{}", decision.decision_id),
                ..Default::default()
            },
            token,
        )))
        .await
        .with_context(|| format!("SubmitDecision on match {match_id}"))?;
        let took = asked.elapsed();
        if let Ok(mut l) = shared.latencies.lock() {
            l.push(took);
        }
        shared.decisions.fetch_add(1, Ordering::Relaxed);
        version = version.max(reply.version);
        // The next decision in full only when it is this seat's; otherwise ask with the right token.
        let mine = reply.waiting_for_seat == Some(seat);
        next = Some((reply.waiting_for_seat, reply.next_decision.filter(|_| mine), reply.status));
    }
    Ok((version, Finished::No))
}

/// Append 512-byte messages, each conditional on its subject's last sequence (as the
/// orchestrator appends), from `tasks` tasks for `duration`, as the NATS admin, to a stream of
/// its own: the unit NATS's work per commit is counted in. Returns (appends, NATS CPU µs per
/// append).
pub async fn raw_appends(up: &Up, tasks: usize, duration: Duration) -> Result<(u64, f64)> {
    let password = std::fs::read_to_string(up.dir.path().join("secrets").join("nats").join("admin.password"))?;
    let nats = async_nats::ConnectOptions::with_user_and_password("admin".into(), password.trim().into()).connect(up.nats_url.as_str()).await?;
    let js = async_nats::jetstream::new(nats);
    let stream = "LOADGEN_RAW";
    js.get_or_create_stream(async_nats::jetstream::stream::Config {
        name: stream.into(),
        subjects: vec!["loadgen.raw.>".into()],
        storage: async_nats::jetstream::stream::StorageType::File,
        ..Default::default()
    })
    .await?;
    up.settle().await;
    let nats_pid = up.processes.iter().find(|(n, _)| n == "nats").map(|(_, p)| *p).context("no nats process")?;
    let before = infra::process::cpu(nats_pid).unwrap_or_default();
    let deadline = Instant::now() + duration;
    let mut workers = Vec::new();
    for task in 0..tasks {
        let js = js.clone();
        workers.push(tokio::spawn(async move {
            let subject = format!("loadgen.raw.{task}");
            let payload = bytes::Bytes::from(vec![7u8; 512]);
            let mut last = 0u64;
            let mut n = 0u64;
            while Instant::now() < deadline {
                let mut headers = async_nats::HeaderMap::new();
                headers.insert("Nats-Expected-Last-Subject-Sequence", last.to_string().as_str());
                last = js.publish_with_headers(subject.clone(), headers, payload.clone()).await?.await?.sequence;
                n += 1;
            }
            Ok::<u64, anyhow::Error>(n)
        }));
    }
    let mut appends = 0;
    for w in workers {
        appends += w.await??;
    }
    up.settle().await;
    let spent = infra::process::cpu(nats_pid).unwrap_or_default().saturating_sub(before);
    js.delete_stream(stream).await?;
    Ok((appends, spent.as_secs_f64() * 1e6 / appends.max(1) as f64))
}

/// The `arbiter` binary the e2e tests build (`tests/node.rs`).
pub fn e2e_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_arbiter-e2e-node"))
}
