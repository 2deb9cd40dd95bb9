//! The CPU guard (docs/performance.md, "The CPU guard"): a short load through the public API
//! (`load::measure`: two-seat mainframe matches, random bots, the system `arbiter up` starts),
//! and the CPU each server process spent per commit compared with `tests/load/baseline.json`.
//! CPU time, not wall time: a busy machine stretches a load but changes its CPU per commit far
//! less (the margins in the baseline file were chosen from repeated runs on a busy machine).
//! Its own test binary, with one test: `cargo test` runs test binaries one after another, so no
//! other test of the workspace runs beside it.
//!
//! A figure above its baseline by more than its margin fails the test, naming the process; a
//! failing first measurement is measured once more on the same system and the lower of the two
//! counts (noise is as likely either way; a regression shows in both).
//!
//! To take a new baseline on purpose (a change that must cost more, or a faster build):
//! `ARBITER_CPU_BASELINE=write cargo test -p arbiter-e2e --test cpu_guard -- --nocapture` runs
//! the load three times and writes the median of each figure into the file; commit it alone,
//! saying why. `ARBITER_CPU_GUARD=skip` skips the guard (a build that is not comparable: under
//! coverage, a sanitizer or another machine's first run); it says so on stderr.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use serde_json::{json, Value};

mod harness;
mod load;

fn baseline_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("load").join("baseline.json")
}

/// The load: as many matches in parallel as a player platform's small table, stopped after a
/// fixed number of decisions (the same work on a fast or a busy machine).
fn the_load() -> load::Load {
    load::Load { matches: 4, duration: Duration::from_secs(120), decisions: 2_000, seed: 7 }
}

/// What is compared: every process and the total.
const GUARDED: [&str; 6] = ["total", "orchestrator", "nats", "rules", "feed", "randomness"];

struct Baseline {
    us: BTreeMap<String, f64>,
    /// Allowed excess, as a fraction of the baseline, plus an absolute allowance in µs (the
    /// small processes' relative noise is large).
    margin: f64,
    slack_us: f64,
}

fn read_baseline() -> Result<Baseline> {
    let text = std::fs::read_to_string(baseline_path()).context("tests/load/baseline.json")?;
    let v: Value = serde_json::from_str(&text)?;
    let us = v["cpu_us_per_commit"].as_object().context("cpu_us_per_commit")?.iter().filter_map(|(k, v)| Some((k.clone(), v.as_f64()?))).collect();
    Ok(Baseline { us, margin: v["margin"].as_f64().context("margin")?, slack_us: v["slack_us"].as_f64().context("slack_us")? })
}

/// The figures over their limits: (process, measured, limit).
fn over(b: &Baseline, measured: &BTreeMap<String, f64>) -> Vec<(String, f64, f64)> {
    GUARDED
        .iter()
        .filter_map(|name| {
            let base = *b.us.get(*name)?;
            let limit = base * (1.0 + b.margin) + b.slack_us;
            let got = measured.get(*name).copied().unwrap_or(0.0);
            (got > limit).then(|| (name.to_string(), got, limit))
        })
        .collect()
}

fn show(figures: &load::Figures) -> String {
    let cpu = figures.cpu_us_per_commit.iter().map(|(k, v)| format!("{k} {v:.0}")).collect::<Vec<_>>().join(", ");
    format!(
        "{} decisions, {} commits in {:.1} s ({:.0} decisions/s, load average {:.1}); CPU µs per commit: {cpu}",
        figures.decisions,
        figures.commits,
        figures.seconds,
        figures.decisions_per_s(),
        infra::process::load_average().unwrap_or(0.0)
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cpu_per_commit_stays_within_the_baseline() -> Result<()> {
    if std::env::var("ARBITER_CPU_GUARD").as_deref() == Ok("skip") {
        eprintln!("cpu guard: skipped (ARBITER_CPU_GUARD=skip)");
        return Ok(());
    }
    let up = load::Up::start(&load::e2e_binary()).await?;
    let result = guard(&up).await;
    up.stop().await?;
    result
}

async fn guard(up: &load::Up) -> Result<()> {
    if std::env::var("ARBITER_CPU_BASELINE").as_deref() == Ok("write") {
        return write_baseline(up).await;
    }
    let baseline = read_baseline()?;
    let first = load::measure(up, &the_load()).await?;
    eprintln!("cpu guard: {}", show(&first));
    let mut failed = over(&baseline, &first.cpu_us_per_commit);
    if !failed.is_empty() {
        let second = load::measure(up, &load::Load { seed: 11, ..the_load() }).await?;
        eprintln!("cpu guard, measured again: {}", show(&second));
        let lower: BTreeMap<String, f64> =
            first.cpu_us_per_commit.iter().map(|(k, v)| (k.clone(), v.min(second.cpu_us_per_commit.get(k).copied().unwrap_or(f64::MAX)))).collect();
        failed = over(&baseline, &lower);
    }
    let report: Vec<String> =
        failed.iter().map(|(name, got, limit)| format!("{name}: {got:.0} µs per commit, limit {limit:.0} (baseline {:.0})", baseline.us[name])).collect();
    if !report.is_empty() {
        // An error, not a panic: the system is then stopped as usual.
        anyhow::bail!(
            "CPU per commit above the baseline (tests/load/baseline.json, margin {:.0} % + {:.0} µs):\n  {}\nIf this cost is meant, take a new baseline in its own commit (docs/performance.md, \"The CPU guard\").",
            baseline.margin * 100.0,
            baseline.slack_us,
            report.join("\n  ")
        );
    }
    for name in GUARDED {
        if let (Some(base), Some(got)) = (baseline.us.get(name), first.cpu_us_per_commit.get(name)) {
            if *got < base * 0.6 {
                eprintln!("cpu guard: {name} costs {got:.0} µs per commit, under 60 % of its baseline {base:.0}: consider a new baseline");
            }
        }
    }
    Ok(())
}

async fn write_baseline(up: &load::Up) -> Result<()> {
    let old: Value = std::fs::read_to_string(baseline_path()).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or(json!({}));
    let mut runs = Vec::new();
    for seed in [7, 11, 13] {
        let f = load::measure(up, &load::Load { seed, ..the_load() }).await?;
        eprintln!("cpu guard, baseline run: {}", show(&f));
        runs.push(f.cpu_us_per_commit);
    }
    let mut median = BTreeMap::new();
    for name in GUARDED {
        let mut v: Vec<f64> = runs.iter().filter_map(|r| r.get(name).copied()).collect();
        v.sort_by(f64::total_cmp);
        if let Some(m) = v.get(v.len() / 2) {
            median.insert(name.to_string(), (m * 10.0).round() / 10.0);
        }
    }
    let doc = json!({
        "about": old.get("about").cloned().unwrap_or(json!("CPU µs per commit of each server process under tests/cpu_guard.rs's load, in the test (debug) build; see docs/performance.md, \"The CPU guard\"")),
        "margin": old.get("margin").cloned().unwrap_or(json!(0.25)),
        "slack_us": old.get("slack_us").cloned().unwrap_or(json!(20.0)),
        "cpu_us_per_commit": median,
    });
    std::fs::write(baseline_path(), serde_json::to_string_pretty(&doc)? + "\n")?;
    eprintln!("cpu guard: wrote {}", baseline_path().display());
    Ok(())
}
