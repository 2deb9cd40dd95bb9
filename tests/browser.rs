//! End-to-end in a real browser: the TypeScript client generated from `proto/`
//! (`tests/web`, protobuf-es and Connect's gRPC-Web transport) and its page, in headless Chromium
//! against `arbiter up`. For each ruleset (mainframe, netrunner with Startup decklists, neonhope)
//! two pages play a whole match against each other on the game's board, a third watches it
//! through the spectators' link, and a tournament page follows all three tables on the public
//! feed through NATS' WebSocket listener (nats.ws, the `feed` user). The driver
//! (`tests/web/browser-test.mjs`) checks every board against the view it was drawn from, mid-match
//! and at the end, and that no address or link holds a seat's token; here, the spectator's board
//! at the end is checked against the API's own final view, and every private part of every logged
//! event (what only a seat may see) is looked for in the spectators' and the tournament's pages
//! and in every byte they received, and must be in none. Screenshots of every board are kept in
//! `target/browser-test/` (docs/web.md), with one of what the page draws for kinds it does not
//! know (`tests/web/src/selftest.ts`: unknown decision and event kinds, `netrunner.trigger_order`).
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

/// The rulesets the test plays, one match each, in this order (tables 1, 2, 3 of the tournament).
const RULESETS: [&str; 3] = ["mainframe", "netrunner", "neonhope"];

/// The number a page's board shows for the count `name` (`data-stat="name"`), from its HTML.
fn shown_stat(dom: &str, name: &str) -> Option<String> {
    let at = dom.find(&format!("data-stat=\"{name}\""))?;
    let rest = &dom[at..];
    let start = rest.find("<b>")? + 3;
    let end = rest[start..].find("</b>")?;
    Some(rest[start..start + end].to_string())
}

/// How many cards a page's board says the zone `name` holds (`data-zone="name" data-count=`).
fn shown_zone(dom: &str, name: &str) -> Option<String> {
    let at = dom.find(&format!("data-zone=\"{name}\""))?;
    let rest = &dom[at..dom[at..].find('>').map_or(dom.len(), |e| at + e)];
    let start = rest.find("data-count=\"")? + "data-count=\"".len();
    Some(rest[start..].split('"').next()?.to_string())
}

/// What the spectators' board must show at the end, read from the API's own final view of the
/// match (GetMatch as a spectator): a few counts and zones per game, scored points included.
fn final_expectations(ruleset: &str, v: &serde_json::Value) -> Vec<(String, bool, String)> {
    let n = |x: &serde_json::Value| x.as_i64().map(|i| i.to_string()).unwrap_or_default();
    let len = |x: &serde_json::Value| x.as_array().map_or(0, |a| a.len()).to_string();
    let mut out: Vec<(String, bool, String)> = Vec::new();
    match ruleset {
        "netrunner" => {
            for side in ["corp", "runner"] {
                for k in ["agenda_points", "credits", "clicks"] {
                    out.push((format!("{side}.{k}"), true, n(&v[side][k])));
                }
                out.push((format!("{side}.score"), false, len(&v[side]["score_area"])));
            }
            out.push(("runner.tags".into(), true, n(&v["runner"]["tags"])));
            out.push(("runner.heap".into(), false, len(&v["runner"]["heap"])));
            out.push(("corp.archives".into(), false, len(&v["corp"]["archives"])));
            out.push(("corp.hq".into(), false, n(&v["corp"]["hq_count"])));
            out.push(("runner.grip".into(), false, n(&v["runner"]["grip_count"])));
        }
        "mainframe" => {
            for (i, p) in v["players"].as_array().into_iter().flatten().enumerate() {
                out.push((format!("player.{i}.mainframe"), true, n(&p["mainframe"])));
                out.push((format!("player.{i}.bioframe"), true, n(&p["bioframe"])));
                out.push((format!("player.{i}.hand"), false, n(&p["hand_count"])));
                out.push((format!("player.{i}.recycle_bin"), false, len(&p["recycle_bin"])));
            }
        }
        _ => {
            out.push(("surveillance".into(), true, n(&v["surveillance"])));
            out.push(("objective.intel".into(), true, n(&v["objective"]["intel"])));
            out.push(("encounter_discard".into(), false, len(&v["encounter_discard"])));
            for (i, c) in v["characters"].as_array().into_iter().flatten().enumerate() {
                out.push((format!("character.{i}.stress"), true, n(&c["stress"])));
                out.push((format!("character.{i}.held"), false, n(&c["held_count"])));
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_pages_play_every_ruleset_on_its_board_and_spectators_see_nothing_hidden() -> Result<()> {
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
    let decks = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../services/cli/tests/decks/startup");

    let driver = tokio::process::Command::new("node")
        .arg(web_dir().join("browser-test.mjs"))
        .args(["--api", &up.orchestrator, "--port", &port.to_string(), "--platform-key-file", &up.platform_key_file()])
        .arg("--out")
        .arg(&out_dir)
        .arg("--chromium")
        .arg(&chromium)
        .args(["--rulesets", &RULESETS.join(","), "--seed", "7"])
        .arg("--decks")
        .arg(&decks)
        .args(["--feed", &format!("ws://127.0.0.1:{ws_port}"), "--tournament", "browser-cup", "--feed-password-file"])
        .arg(&feed_password)
        .current_dir(web_dir())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(900), driver).await.context("the browser test took over 15 minutes")??;
    let printed = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{printed}");
    ensure!(out.status.success(), "the browser test failed ({}):\n{printed}", out.status);
    let played = Instant::now();

    let mut client = m::match_service_client::MatchServiceClient::connect(up.orchestrator.clone()).await?;
    let tournament_dom = std::fs::read_to_string(out_dir.join("tournament-dom.txt"))?;
    // The captures as text, to search with std's (optimized) substring search: a text in them
    // decodes to itself, since a valid UTF-8 text never starts with a continuation byte.
    let tournament_network = String::from_utf8_lossy(&std::fs::read(out_dir.join("tournament-network.bin"))?).into_owned();
    let holds = |bytes: &str, text: &str| bytes.contains(text);
    let mut checked = Vec::new();
    for ruleset in RULESETS {
        let match_id = printed
            .lines()
            .find_map(|l| l.strip_prefix(&format!("match {ruleset} ")).and_then(|r| r.split_once(" ended: ")).map(|(id, _)| id.to_string()))
            .with_context(|| format!("the browser test printed no result for {ruleset}"))?;

        // The match really ended, through the API the pages used.
        let view = client.get_match(m::GetMatchRequest { match_id: match_id.clone(), version: 0 }).await?.into_inner();
        assert_eq!(view.status, m::MatchStatus::Ended as i32, "{view:?}");
        assert!(!view.result.is_empty());

        // The spectators' board at the end shows what the API's final view holds.
        let dom = std::fs::read_to_string(out_dir.join(format!("{ruleset}-spectator-dom.txt")))?;
        let state: serde_json::Value = serde_json::from_str(&view.state_json)?;
        for (name, is_stat, want) in final_expectations(ruleset, &state) {
            let got = if is_stat { shown_stat(&dom, &name) } else { shown_zone(&dom, &name) };
            assert_eq!(got.as_deref(), Some(want.as_str()), "{ruleset}: the spectators' board shows {name} = {got:?}, the API's final view {want}");
        }

        // The leak check: nothing only a seat may see, in the spectator's or the tournament's
        // page or in their traffic.
        let export = client.export_match(m::ExportMatchRequest { match_id: match_id.clone() }).await?.into_inner();
        let export = api::log_v1::MatchExport::decode(export.export.as_slice())?;
        let hidden = private_parts(&export);
        assert!(hidden.len() > 5, "a whole {ruleset} match has private events (cards drawn): {}", hidden.len());
        let network = String::from_utf8_lossy(&std::fs::read(out_dir.join(format!("{ruleset}-spectator-network.bin")))?).into_owned();
        // The captures work: the spectator's and the tournament's traffic hold the public story.
        let last_public = export.commits.iter().rev().flat_map(|c| c.events.iter()).find(|e| e.private_to.is_empty()).context("no public event")?;
        assert!(dom.contains(&last_public.text), "the spectator's page shows the {ruleset} match's last public event");
        assert!(holds(&network, &last_public.text), "the capture holds the API's answers");
        assert!(holds(&tournament_network, &last_public.text), "the tournament page received the {ruleset} match's last public event");
        assert!(
            tournament_dom.contains(&format!("data-match=\"{match_id}\"")) && tournament_dom.contains(&format!("data-ruleset=\"{ruleset}\"")),
            "the tournament page shows the {ruleset} table"
        );
        // The rule can fail: seat 0's own page shows its private events.
        let seat_dom = std::fs::read_to_string(out_dir.join(format!("{ruleset}-seat-0-dom.txt")))?;
        assert!(hidden.iter().any(|p| seat_dom.contains(p.as_str())), "seat 0's {ruleset} page shows none of its private events");
        for secret in &hidden {
            assert!(!dom.contains(secret.as_str()), "the {ruleset} spectator's page shows a private event part: {secret}");
            assert!(!holds(&network, secret), "the {ruleset} spectator received a private event part: {secret}");
            assert!(!tournament_dom.contains(secret.as_str()), "the tournament page shows a private event part of {ruleset}: {secret}");
            assert!(!holds(&tournament_network, secret), "the tournament page received a private event part of {ruleset}: {secret}");
        }
        for page in ["seat-0", "seat-1", "spectator"] {
            for when in ["mid", "end"] {
                let shot = out_dir.join(format!("{ruleset}-{page}-{when}.png"));
                ensure!(std::fs::metadata(&shot).map(|m| m.len() > 10_000).unwrap_or(false), "no screenshot {}", shot.display());
            }
        }
        checked.push(format!("{ruleset} {} hidden parts against {} bytes", hidden.len(), network.len()));
    }
    assert_eq!(tournament_dom.matches("data-result=\"yes\"").count(), RULESETS.len(), "the tournament page shows every table's result");
    for shot in ["tournament.png", "tournament-table.png", "selftest.png"] {
        let shot = out_dir.join(shot);
        ensure!(std::fs::metadata(&shot).map(|m| m.len() > 10_000).unwrap_or(false), "no screenshot {}", shot.display());
    }
    println!("screenshots: {}", out_dir.display());
    println!(
        "browser test: {}; the tournament page received {} bytes; setup (chromium, npm, build) {:.1} s, the pages {:.1} s, all {:.1} s",
        checked.join(", "),
        tournament_network.len(),
        prepared.as_secs_f64(),
        (played - started).saturating_sub(prepared).as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    let status = up.stop().await?;
    assert!(status.success(), "`arbiter up` stops cleanly: {status}");
    Ok(())
}
