//! End-to-end: the third-party Python client (`tests/python/arbiter_round.py`)
//! against the real system. Its packages are installed into a virtual environment under
//! `target/python-venv` with the machine's python3 and pip (from PyPI); its gRPC modules are
//! generated from `proto/` on every run, so it can never drift from the protos. The feed
//! projector runs too, and the example's nats-py follower (the `feed` credential only) must see
//! every match of its round, every version once and in order, and every result.

mod harness;
mod python_venv;

use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use harness::System;
use tokio::process::Command;

async fn run(cmd: &mut Command, what: &str, limit: Duration) -> Result<String> {
    let out = tokio::time::timeout(limit, cmd.output()).await.map_err(|_| anyhow!("{what} took longer than {limit:?}"))??;
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    if !out.status.success() {
        return Err(anyhow!("{what} failed ({}):\n{stdout}\n{}", out.status, String::from_utf8_lossy(&out.stderr)));
    }
    Ok(stdout)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_example_plays_a_round_of_eight_matches_and_prints_typed_boards() -> Result<()> {
    let python = tokio::task::spawn_blocking(python_venv::python).await??;
    let system = System::start().await?;
    let projector = harness::start_projector(&system).await?;
    let url = system.orchestrator_url()?;
    let address = url.trim_start_matches("http://").to_string();
    let script = python_venv::script("arbiter_round.py");
    let out = run(
        Command::new(&python)
            .arg(&script)
            .args(["--orchestrator", &address, "--matches", "8", "--seed", "3", "--platform-key-file"])
            .arg(system.dir.path().join("platform.key"))
            .arg("--stubs")
            .arg(python_venv::target_dir().join("python-stubs"))
            .args(["--tournament", "py-open", "--feed", &system.nats.url(), "--feed-password-file"])
            .arg(system.credentials.password_file(eventlog::Role::Feed)),
        "the Python example",
        Duration::from_secs(600),
    )
    .await
    .context("running tests/python/arbiter_round.py")?;
    assert!(out.contains("ruleset netrunner") && out.contains("ruleset mainframe"), "ListRulesets: {out}");
    assert!(out.contains("round complete: 8 matches ended"), "{out}");
    assert_eq!(out.matches(" ended at version ").count(), 8, "{out}");
    // Boards come from the schema-typed state: netrunner's credits, mainframe's Mainframe.
    assert!(out.contains("Corp   T1-0") && out.contains("Mainframe"), "{out}");
    // The nats-py follower, holding only the feed credential, saw the whole round.
    assert!(out.contains("feed complete: 8 matches,") && out.contains("8 results"), "{out}");
    assert_eq!(out.matches("feed result ").count(), 8, "{out}");
    projector.kill().await?;
    Ok(())
}
