//! End-to-end: `arbiter bench` starts its own system (as `arbiter up` does), plays two matches
//! in parallel for a moment with watchers, measures the raw JetStream baseline, the memory of
//! every process it started and the public feed's lag, and prints every figure as JSON. Only that the figures are there and sane is checked, never a speed.

use std::path::PathBuf;

use anyhow::{anyhow, Context, Result};
use serde_json::Value;
use tokio::process::Command;

fn num(v: &Value, path: &str) -> Result<f64> {
    let mut cur = v;
    for key in path.split('.') {
        cur = cur.get(key).ok_or_else(|| anyhow!("no {path} in the report:\n{v:#}"))?;
    }
    cur.as_f64().ok_or_else(|| anyhow!("{path} is not a number: {cur}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bench_reports_every_figure_as_json() -> Result<()> {
    let out = Command::new(PathBuf::from(env!("CARGO_BIN_EXE_arbiter-e2e-node")))
        .args(["bench", "--matches", "2", "--duration", "2", "--watchers", "4", "--json"])
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .output()
        .await?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "bench failed:\n{stderr}");
    assert!(stderr.contains("[bench] load 2"), "progress lines go to stderr:\n{stderr}");
    assert!(stderr.contains("rss MB orch "), "the progress line shows every service's memory:\n{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).context("stdout is one JSON document")?;

    assert_eq!(report["own_system"], Value::Bool(true));
    assert!(num(&report, "cores")? >= 1.0);
    let loads = report["loads"].as_array().ok_or_else(|| anyhow!("no loads"))?;
    assert_eq!(loads.len(), 1, "one load asked for");
    let load = &loads[0];
    assert_eq!(num(load, "matches")?, 2.0);
    assert_eq!(load["ruleset"], Value::String("mainframe".into()));

    // The raw baseline and the matches both ran, without errors.
    for path in ["raw.appends", "raw.appends_per_s", "raw.append.p50_ms", "raw.append.p99_ms"] {
        assert!(num(load, path)? > 0.0, "{path} is positive");
    }
    assert_eq!(num(load, "raw.errors")?, 0.0);
    for path in [
        "arbiter.matches_started",
        "arbiter.decisions",
        "arbiter.commits",
        "arbiter.commits_per_s",
        "arbiter.submit.p50_ms",
        "arbiter.submit.p99_ms",
        "arbiter.calls_per_decision",
    ] {
        assert!(num(load, path)? > 0.0, "{path} is positive");
    }
    assert_eq!(num(load, "arbiter.errors")?, 0.0, "no call failed: {}", load["arbiter"]["first_error"]);
    // Every decision is a commit, and creation and joins are commits too.
    assert!(num(load, "arbiter.commits")? > num(load, "arbiter.decisions")?);
    assert!(num(load, "arbiter.submit.p99_ms")? >= num(load, "arbiter.submit.p50_ms")?);
    assert_eq!(num(load, "arbiter.submit.count")?, num(load, "arbiter.decisions")?);

    // The ratios are the quotients of the figures above.
    let ratio = num(load, "ratios.commits_per_raw_append")?;
    let expected = num(load, "arbiter.commits_per_s")? / num(load, "raw.appends_per_s")?;
    assert!((ratio - expected).abs() <= 1e-9 * expected.max(1.0), "{ratio} vs {expected}");
    assert!(num(load, "ratios.submit_p50_per_raw_p50")? > 0.0);
    assert!(num(load, "ratios.submit_p99_per_raw_p99")? > 0.0);

    // Memory of the orchestrator the bench started.
    assert!(num(load, "memory.orchestrator_rss_before_bytes")? > 0.0);
    assert!(num(load, "memory.orchestrator_rss_after_bytes")? > 0.0);

    // Memory of every process of the system the bench started, before and after the load.
    for process in ["nats", "orchestrator", "rules", "randomness", "feed"] {
        for when in ["before_bytes", "after_bytes"] {
            let path = format!("rss.{process}.{when}");
            assert!(num(load, &path)? > 0.0, "{path} is positive");
        }
    }
    // The orchestrator's figures are the same readings under both names.
    assert_eq!(num(load, "rss.orchestrator.before_bytes")?, num(load, "memory.orchestrator_rss_before_bytes")?);
    assert_eq!(num(load, "rss.orchestrator.after_bytes")?, num(load, "memory.orchestrator_rss_after_bytes")?);

    // CPU per unit of work: 2 s of appends and of play use some CPU in NATS, the orchestrator
    // and the bench at least (a reading is in clock ticks, so a quiet service may show 0).
    let cpu = &load["cpu"];
    for path in
        ["raw_us_per_append.nats", "raw_us_per_append.bench", "arbiter_us_per_commit.nats", "arbiter_us_per_commit.orchestrator", "arbiter_us_per_commit.bench"]
    {
        assert!(num(cpu, path)? > 0.0, "cpu.{path} is positive: {cpu}");
    }
    for process in ["rules", "randomness", "feed"] {
        assert!(num(cpu, &format!("arbiter_us_per_commit.{process}"))? >= 0.0, "{cpu}");
    }
    let sum = |key: &str| -> Result<f64> {
        let parts = cpu[key].as_object().ok_or_else(|| anyhow!("no cpu.{key}: {cpu}"))?;
        Ok(parts.values().filter_map(Value::as_f64).sum())
    };
    let (raw_total, arbiter_total) = (num(cpu, "raw_total_us_per_append")?, num(cpu, "arbiter_total_us_per_commit")?);
    assert!((raw_total - sum("raw_us_per_append")?).abs() < 1e-6 * raw_total.max(1.0), "{cpu}");
    assert!((arbiter_total - sum("arbiter_us_per_commit")?).abs() < 1e-6 * arbiter_total.max(1.0), "{cpu}");
    assert!((num(cpu, "cpu_bound_ratio")? - raw_total / arbiter_total).abs() < 1e-9, "{cpu}");
    let nats_share = num(cpu, "arbiter_us_per_commit.nats")? / num(cpu, "raw_us_per_append.nats")?;
    assert!((num(cpu, "nats_raw_appends_per_commit")? - nats_share).abs() < 1e-9 * nats_share.max(1.0), "{cpu}");
    let ceiling = raw_total / num(cpu, "arbiter_us_per_commit.nats")?;
    assert!((num(cpu, "ceiling_with_free_services")? - ceiling).abs() < 1e-9 * ceiling.max(1.0), "{cpu}");
    assert!(stderr.contains("µs per commit against"), "the progress says the CPU per commit:\n{stderr}");

    // The feed: the bench's matches appear on it, each update timed from the reply that
    // committed it; percentiles in order; the backlog within what was committed.
    let feed = &load["feed"];
    assert_eq!(feed["user"], Value::String("feed".into()), "the platforms' read-only user: {feed}");
    assert!(feed["first_error"].is_null(), "{feed}");
    let seen = num(load, "feed.updates_seen")?;
    let committed = num(load, "feed.versions_committed")?;
    assert!(seen > 0.0, "feed updates seen: {feed}");
    assert!(committed >= num(load, "arbiter.commits")?, "the bench knows at least the versions it counted: {feed}");
    let timed = num(load, "feed.lag.count")?;
    assert!(timed > 0.0 && timed <= seen, "{feed}");
    assert!(num(load, "feed.before_reply")? <= timed, "{feed}");
    let (p50, p99, max) = (num(load, "feed.lag.p50_ms")?, num(load, "feed.lag.p99_ms")?, num(load, "feed.lag.max_ms")?);
    assert!(0.0 <= p50 && p50 <= p99 && p99 <= max, "lag p50 {p50} <= p99 {p99} <= max {max}");
    assert!(num(load, "feed.backlog_at_end")? <= committed);
    assert_eq!(num(load, "feed.updates_missed")?, 0.0, "{feed}");
    match feed["caught_up_after_s"].as_f64() {
        // Versions are shown once each, from 1 without gaps: caught up means all were seen.
        Some(s) => {
            assert!(s >= 0.0);
            assert_eq!(num(load, "feed.not_shown_after_wait")?, 0.0);
            assert!(seen >= committed, "caught up, so every committed version was seen: {feed}");
        }
        None => assert!(num(load, "feed.not_shown_after_wait")? > 0.0, "{feed}"),
    }

    // The watchers saw every version after they started, and no INTERNAL.
    assert!(num(load, "watchers.watch_calls")? >= 2.0, "one watch per match at least");
    assert!(num(load, "watchers.updates_received")? > 0.0);
    assert_eq!(num(load, "watchers.versions_missed")?, 0.0);
    assert_eq!(num(load, "watchers.internal_errors")?, 0.0, "{}", load["watchers"]["first_error"]);
    assert_eq!(num(load, "watchers.errors")?, 0.0, "{}", load["watchers"]["first_error"]);
    assert!(num(load, "watchers.delivery.count")? > 0.0);

    // A rebuild and a restart are timed when a match finished within the run (a mainframe match
    // takes well under a second of play, but nothing here may depend on speed).
    if num(load, "arbiter.matches_finished")? > 0.0 {
        assert!(num(load, "rebuild.version")? > 1.0);
        assert!(num(load, "rebuild.get_match_ms")? > 0.0);
        assert!(num(load, "rebuild.raw_read_ms")? > 0.0);
        for figure in ["connect_ms", "first_request_ms", "again_ms", "raw_read_ms"] {
            assert!(num(&report, &format!("restart.{figure}"))? > 0.0, "restart.{figure}: {}", report["restart"]);
        }
        // One load: no other load's match to time.
        assert!(report["restart"]["other"].is_null(), "{}", report["restart"]);
        assert!(stderr.contains("after the restart: connection"), "{stderr}");
    } else {
        assert!(load["rebuild"].is_null());
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bench_refuses_a_remote_orchestrator() -> Result<()> {
    let data = tempfile::tempdir()?;
    let out = Command::new(PathBuf::from(env!("CARGO_BIN_EXE_arbiter-e2e-node")))
        .args(["bench", "--orchestrator", "http://192.0.2.1:50051", "--data-dir"])
        .arg(data.path())
        .args(["--duration", "1"])
        .kill_on_drop(true)
        .output()
        .await?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("only to loopback"), "{stderr}");
    Ok(())
}
