//! End-to-end in a real browser: the TypeScript client generated from `proto/`
//! (`tests/web`, protobuf-es and Connect's gRPC-Web transport) and its page, in headless Chromium
//! against `arbiter up`. Two pages play a whole mainframe match against each other through the
//! page's forms, a third follows it as a spectator, and a fourth follows its tournament on the
//! public feed through NATS' WebSocket listener (nats.ws, the `feed` user). Then every private
//! part of every logged event (what only a seat may see) is looked for in the spectator's and the
//! feed's pages and in every byte they received, and must be in none. Screenshots of the pages
//! are kept in `target/browser-test/`.
//!
//! What it installs when missing: Debian's `chromium` (apt-get, as root) and the npm packages of
//! `tests/web/package-lock.json` (`npm ci`).

mod harness;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, ensure, Context, Result};
use api::match_v1 as m;
use prost::Message;

const CHROMIUM: &str = "/usr/bin/chromium";

fn web_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("web")
}

fn run(cmd: &mut Command, what: &str) -> Result<String> {
    let out = cmd.output().map_err(|e| anyhow!("cannot run {what}: {e}"))?;
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        bail!("{what} failed ({}):\n{text}", out.status);
    }
    Ok(text)
}

/// Debian's Chromium, installed when it is missing (the test machines run as root).
fn chromium() -> Result<PathBuf> {
    if !Path::new(CHROMIUM).exists() {
        eprintln!("installing Debian's chromium for the browser test (apt-get install chromium)");
        let install =
            || run(Command::new("apt-get").args(["install", "-y", "-qq", "chromium"]).env("DEBIAN_FRONTEND", "noninteractive"), "apt-get install chromium");
        if install().is_err() {
            run(Command::new("apt-get").args(["update", "-qq"]), "apt-get update")?;
            install().context("the browser test needs Debian's chromium; install it with `apt-get install chromium`")?;
        }
    }
    Ok(PathBuf::from(CHROMIUM))
}

/// `tests/web` installed (npm ci when a tool is missing) and built (the client generated from
/// `proto/`, the page bundled).
fn build_page() -> Result<()> {
    let web = web_dir();
    let needed = [
        "node_modules/.bin/buf",
        "node_modules/.bin/esbuild",
        "node_modules/.bin/protoc-gen-es",
        "node_modules/playwright-core",
        "node_modules/@connectrpc/connect-web",
    ];
    if needed.iter().any(|p| !web.join(p).exists()) {
        run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&web), "npm ci in tests/web")?;
    }
    run(Command::new("npm").args(["run", "build"]).current_dir(&web), "npm run build in tests/web")?;
    Ok(())
}

/// A free loopback port for the page's own origin (the orchestrator must allow it for CORS
/// before the page exists).
fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// Every private part of every logged event that appears nowhere in public (a private text that
/// is also some event's public text is no secret).
fn private_parts(export: &api::log_v1::MatchExport) -> Vec<String> {
    let events: Vec<&api::rules_v1::RulesEvent> = export.commits.iter().flat_map(|c| c.events.iter()).collect();
    let public: std::collections::BTreeSet<&str> = events.iter().flat_map(|e| [e.text.as_str(), e.detail_json.as_str()]).collect();
    let mut out: Vec<String> = events
        .iter()
        .filter(|e| !e.private_to.is_empty())
        .flat_map(|e| [e.private_text.clone(), e.private_detail_json.clone()])
        .filter(|p| p.len() > 8 && !public.contains(p.as_str()))
        .collect();
    out.sort();
    out.dedup();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browser_pages_play_a_mainframe_match_and_a_spectator_page_sees_nothing_hidden() -> Result<()> {
    let started = Instant::now();
    let chromium = tokio::task::spawn_blocking(chromium).await??;
    tokio::task::spawn_blocking(build_page).await??;
    let prepared = started.elapsed();
    let port = free_port()?;
    let origin = format!("http://127.0.0.1:{port}");
    let ws_port = free_port()?.to_string();
    let up = harness::arbiter_up_in(tempfile::tempdir()?, &["--cors-origin", &origin, "--nats-websocket-port", &ws_port]).await?;
    let feed_password = up.data.path().join("secrets").join("nats").join("feed.password");
    let out_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"))
        .join("browser-test");
    let _ = std::fs::remove_dir_all(&out_dir);

    let driver = tokio::process::Command::new("node")
        .arg(web_dir().join("browser-test.mjs"))
        .args(["--api", &up.orchestrator, "--port", &port.to_string(), "--platform-key-file", &up.platform_key_file()])
        .arg("--out")
        .arg(&out_dir)
        .arg("--chromium")
        .arg(&chromium)
        .args(["--ruleset", "mainframe", "--seed", "7"])
        .args(["--feed", &format!("ws://127.0.0.1:{ws_port}"), "--tournament", "browser-cup", "--feed-password-file"])
        .arg(&feed_password)
        .current_dir(web_dir())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(900), driver).await.context("the browser test took over 15 minutes")??;
    let printed = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{printed}");
    ensure!(out.status.success(), "the browser test failed ({}):\n{printed}", out.status);
    let match_id = printed
        .lines()
        .find_map(|l| l.strip_prefix("match ").and_then(|r| r.split_once(" ended: ")).map(|(id, _)| id.to_string()))
        .context("the browser test printed no result")?;

    // The match really ended, through the API the pages used.
    let mut client = m::match_service_client::MatchServiceClient::connect(up.orchestrator.clone()).await?;
    let view = client.get_match(m::GetMatchRequest { match_id: match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::Ended as i32, "{view:?}");
    assert!(!view.result.is_empty());

    // The leak check: nothing only a seat may see, in the spectator's page or its traffic.
    let export = client.export_match(m::ExportMatchRequest { match_id: match_id.clone() }).await?.into_inner();
    let export = api::log_v1::MatchExport::decode(export.export.as_slice())?;
    let hidden = private_parts(&export);
    assert!(hidden.len() > 20, "a whole mainframe match has private events (hands drawn): {}", hidden.len());
    let dom = std::fs::read_to_string(out_dir.join("spectator-dom.txt"))?;
    let network = std::fs::read(out_dir.join("spectator-network.bin"))?;
    let feed_dom = std::fs::read_to_string(out_dir.join("feed-dom.txt"))?;
    let feed_network = std::fs::read(out_dir.join("feed-network.bin"))?;
    let holds = |bytes: &[u8], text: &str| bytes.windows(text.len()).any(|w| w == text.as_bytes());
    // The captures work: the spectator's and the feed's traffic hold the public story of the match.
    let last_public = export.commits.iter().rev().flat_map(|c| c.events.iter()).find(|e| e.private_to.is_empty()).context("no public event")?;
    assert!(dom.contains(&last_public.text), "the spectator's page shows the match's last public event");
    assert!(holds(&network, &last_public.text), "the capture holds the API's answers");
    assert!(holds(&feed_network, &last_public.text), "the feed page received the match's last public event");
    assert!(
        feed_dom.contains(&format!("data-match=\"{match_id}\"")) && feed_dom.contains("data-result=\"yes\""),
        "the feed page shows the match and its result"
    );
    // The rule can fail: seat 0's own page shows its private events.
    let seat_dom = std::fs::read_to_string(out_dir.join("seat-0-dom.txt"))?;
    assert!(hidden.iter().any(|p| seat_dom.contains(p.as_str())), "seat 0's page shows none of its private events");
    for secret in &hidden {
        assert!(!dom.contains(secret.as_str()), "the spectator's page shows a private event part: {secret}");
        assert!(!holds(&network, secret), "the spectator received a private event part: {secret}");
        assert!(!feed_dom.contains(secret.as_str()), "the feed page shows a private event part: {secret}");
        assert!(!holds(&feed_network, secret), "the feed page received a private event part: {secret}");
    }
    for page in ["seat-0", "seat-1", "spectator", "feed"] {
        let shot = out_dir.join(format!("{page}.png"));
        ensure!(std::fs::metadata(&shot).map(|m| m.len() > 10_000).unwrap_or(false), "no screenshot {}", shot.display());
        println!("screenshot: {}", shot.display());
    }
    println!(
        "browser test: {} hidden parts checked against {} bytes the spectator and {} bytes the feed page received; setup (chromium, npm, build) {:.1} s, all {:.1} s",
        hidden.len(),
        network.len(),
        feed_network.len(),
        prepared.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    let status = up.stop().await?;
    assert!(status.success(), "`arbiter up` stops cleanly: {status}");
    Ok(())
}
