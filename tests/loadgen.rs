//! `arbiter-loadgen`: the second load generator of docs/performance.md, independent of `arbiter
//! bench` (`tests/load/mod.rs` says what it does and counts). Built and run as a benchmark
//! target, so in release:
//!
//! ```sh
//! cargo bench -p arbiter-e2e --bench loadgen -- --matches 16 --duration 15
//! cargo bench -p arbiter-e2e --bench loadgen -- --arbiter /path/to/other/build/arbiter
//! ```
//!
//! Flags: `--arbiter PATH` (the `arbiter` binary whose `up` is measured; default this build's),
//! `--matches N` (16), `--duration S` (15), `--seed N` (7), `--raw-seconds S` (5; 0 skips the
//! raw baseline), `--json`. Prints one line of figures (or one JSON document).

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context, Result};

#[path = "harness.rs"]
mod harness;
mod load;

struct Args {
    arbiter: PathBuf,
    matches: usize,
    duration: f64,
    seed: u64,
    raw_seconds: f64,
    json: bool,
}

fn args() -> Result<Args> {
    let mut a = Args { arbiter: load::e2e_binary(), matches: 16, duration: 15.0, seed: 7, raw_seconds: 5.0, json: false };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().with_context(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--arbiter" => a.arbiter = PathBuf::from(value()?),
            "--matches" => a.matches = value()?.parse()?,
            "--duration" => a.duration = value()?.parse()?,
            "--seed" => a.seed = value()?.parse()?,
            "--raw-seconds" => a.raw_seconds = value()?.parse()?,
            "--json" => a.json = true,
            // What `cargo bench` adds.
            "--bench" => {}
            other => bail!("unknown flag {other} (see tests/loadgen.rs)"),
        }
    }
    Ok(a)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<()> {
    let a = args()?;
    let up = load::Up::start(&a.arbiter).await?;
    let run = async {
        let figures =
            load::measure(&up, &load::Load { matches: a.matches, duration: Duration::from_secs_f64(a.duration), decisions: u64::MAX, seed: a.seed }).await?;
        let raw = match a.raw_seconds > 0.0 {
            true => Some(load::raw_appends(&up, a.matches, Duration::from_secs_f64(a.raw_seconds)).await?),
            false => None,
        };
        Ok::<_, anyhow::Error>((figures, raw))
    };
    let result = run.await;
    up.stop().await?;
    let (figures, raw) = result?;
    let nats_in_raw = raw.map(|(_, per_append)| figures.cpu_us_per_commit.get("nats").copied().unwrap_or(0.0) / per_append.max(1e-9));
    if a.json {
        let mut doc = figures.to_json();
        doc["arbiter"] = a.arbiter.display().to_string().into();
        doc["matches"] = a.matches.into();
        if let Some((appends, per_append)) = raw {
            doc["raw"] = serde_json::json!({ "appends": appends, "nats_cpu_us_per_append": per_append, "nats_raw_appends_per_commit": nats_in_raw });
        }
        println!("{}", serde_json::to_string_pretty(&doc)?);
        return Ok(());
    }
    let cpu = |name: &str| figures.cpu_us_per_commit.get(name).copied().unwrap_or(0.0);
    println!(
        "{} matches, {:.1} s: {} decisions, {} commits, {:.0} decisions/s; SubmitDecision p50 {:.2} ms, p99 {:.2} ms",
        a.matches,
        figures.seconds,
        figures.decisions,
        figures.commits,
        figures.decisions_per_s(),
        figures.submit_p50_ms,
        figures.submit_p99_ms
    );
    println!(
        "CPU µs per commit: total {:.0}, orchestrator {:.0}, nats {:.0}, rules {:.0}, feed {:.0}, randomness {:.0}",
        cpu("total"),
        cpu("orchestrator"),
        cpu("nats"),
        cpu("rules"),
        cpu("feed"),
        cpu("randomness")
    );
    if let (Some((appends, per_append)), Some(n)) = (raw, nats_in_raw) {
        println!("raw appends: {appends}, NATS {per_append:.1} µs each; NATS's work per commit: {n:.1} raw appends");
    }
    Ok(())
}
