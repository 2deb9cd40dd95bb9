//! End-to-end: the README's walkthrough with the real `arbiter` command. `arbiter up` brings up
//! NATS and the three services, `arbiter demo` plays a match over gRPC, `arbiter export` writes
//! it, `arbiter audit` passes it, and the audit of a file with one draw changed fails naming
//! that draw. Over a log that holds matches, `arbiter up` refuses to start without a key file
//! it lost, saying what to do, and `arbiter up --new-keys` makes a new one.

mod harness;

use std::process::Stdio;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use harness::run_arbiter_text;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn up_demo_export_audit_and_a_tampered_draw_is_named() -> Result<()> {
    let up = harness::arbiter_up().await?;
    let (data, orchestrator) = (up.data.path().to_path_buf(), up.orchestrator.clone());

    // The platform key `up` made, for the demo's CreateMatch.
    let key = up.platform_key_file();
    let (ok, out) = run_arbiter_text(&["demo", "--orchestrator", &orchestrator, "--platform-key-file", &key, "--quiet", "--seed", "5"]).await?;
    assert!(ok, "demo failed:\n{out}");
    let match_id = out
        .lines()
        .find_map(|l| l.strip_prefix("match ").and_then(|r| r.split_once(" ended:")).map(|(id, _)| id.to_string()))
        .ok_or_else(|| anyhow!("demo printed no result:\n{out}"))?;

    let file = data.join("match.json");
    let file_arg = file.display().to_string();
    let (ok, out) = run_arbiter_text(&["export", &match_id, "--orchestrator", &orchestrator, "-o", &file_arg]).await?;
    assert!(ok, "export failed:\n{out}");
    let (ok, out) = run_arbiter_text(&["audit", &file_arg]).await?;
    assert!(ok, "the audit of an honest match passes:\n{out}");

    // Change one value of the first shuffle in the file.
    let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&file)?)?;
    let commits = doc["commits"].as_array_mut().ok_or_else(|| anyhow!("no commits in the export"))?;
    let draw = commits.iter_mut().find_map(|c| c["input"].get_mut("draw")).ok_or_else(|| anyhow!("no draw in the export"))?;
    let index = draw["request"]["index"].as_u64().ok_or_else(|| anyhow!("draw without index"))?;
    let values = draw["values"].as_array_mut().ok_or_else(|| anyhow!("draw without values"))?;
    values.swap(0, 1);
    std::fs::write(&file, serde_json::to_vec_pretty(&doc)?)?;
    let (ok, out) = run_arbiter_text(&["audit", &file_arg]).await?;
    assert!(!ok, "a changed draw fails the audit:\n{out}");
    assert!(out.contains(&format!("draw {index}")), "the failure names the draw:\n{out}");

    // The Netrunner starter game through the same commands.
    let (ok, out) =
        run_arbiter_text(&["demo", "--orchestrator", &orchestrator, "--platform-key-file", &key, "--ruleset", "netrunner", "--quiet", "--seed", "3"]).await?;
    assert!(ok, "netrunner demo failed:\n{out}");
    let netrunner_id = out
        .lines()
        .find_map(|l| l.strip_prefix("match ").and_then(|r| r.split_once(" ended:")).map(|(id, _)| id.to_string()))
        .ok_or_else(|| anyhow!("netrunner demo printed no result:\n{out}"))?;
    let nr_file = data.join("netrunner.json").display().to_string();
    let (ok, out) = run_arbiter_text(&["export", &netrunner_id, "--orchestrator", &orchestrator, "-o", &nr_file]).await?;
    assert!(ok, "export failed:\n{out}");
    let (ok, out) = run_arbiter_text(&["audit", &nr_file]).await?;
    assert!(ok, "the audit of a netrunner match passes:\n{out}");

    // A person plays the Runner against a Corp bot: answer the first option 30 times, then
    // end the input (the session says how to resume).
    // The seat's key (which `play` creates and signs with) goes to a scratch directory.
    let seat_keys = tempfile::tempdir()?;
    let mut play = harness::arbiter_command()
        .args(["play", "--orchestrator", &orchestrator, "--platform-key-file", &key, "--ruleset", "netrunner", "--seat", "1"])
        .arg("--seat-key")
        .arg(seat_keys.path().join("seat.key"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    {
        use tokio::io::AsyncWriteExt;
        let mut stdin = play.stdin.take().ok_or_else(|| anyhow!("no stdin"))?;
        stdin.write_all("1\n".repeat(30).as_bytes()).await?;
    }
    let out = tokio::time::timeout(Duration::from_secs(120), play.wait_with_output()).await.context("play did not finish")??;
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "play failed:\n{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("you are You (seat 1)"), "{text}");
    assert!(text.matches("YOUR TURN").count() >= 2, "the player was asked to decide:\n{text}");
    assert!(text.contains("resume with"), "{text}");

    // A clean stop (SIGTERM, as from Ctrl-C or a service manager) takes NATS and the services down.
    let status = up.stop().await?;
    assert!(status.success(), "`arbiter up` stops cleanly: {status}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn up_refuses_a_lost_key_over_a_log_with_matches_and_up_new_keys_makes_a_new_one() -> Result<()> {
    let up = harness::arbiter_up().await?;
    let key = up.platform_key_file();
    let (ok, out) = run_arbiter_text(&["create", "--orchestrator", &up.orchestrator, "--platform-key-file", &key, "--players", "2"]).await?;
    assert!(ok, "create failed:\n{out}");
    let (status, data) = up.stop_keeping_data().await?;
    assert!(status.success(), "{status}");

    let key_file = data.path().join("keys").join("randomness.json");
    std::fs::remove_file(&key_file)?;
    let args = harness::arbiter_up_args(data.path());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (ok, out) = tokio::time::timeout(Duration::from_secs(120), run_arbiter_text(&args)).await.context("up did not exit")??;
    assert!(!ok, "up started without the randomness key:\n{out}");
    for part in ["[randomness]", "unverifiable", "Restore the key file", "arbiter up --new-keys"] {
        assert!(out.contains(part), "{part:?} not in:\n{out}");
    }
    assert!(!key_file.exists(), "no key was made");

    let up = harness::arbiter_up_in(data, &["--new-keys"]).await?;
    assert!(key_file.exists(), "up --new-keys made a new randomness key");
    let status = up.stop().await?;
    assert!(status.success(), "{status}");
    Ok(())
}
