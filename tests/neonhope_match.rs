//! End-to-end: a three-seat NEON HOPE match over gRPC through the three services and a real
//! nats-server. The Grid and the encounter deck are shuffled by the randomness service; every
//! seat's view and every event it is sent keep the Grid, the encounter-deck order and the other
//! seats' drawn encounter cards from it (H-10); the match ends by a rule, is exported and
//! passes the offline audit. And the same with the real `arbiter` command: `up`, `demo --ruleset
//! neonhope --players 3`, `export`, `audit`, and `play --ruleset neonhope` with its text view.

mod harness;

use std::process::Stdio;
use std::time::Duration;

use anyhow::{anyhow, ensure, Context, Result};
use api::match_v1 as m;
use harness::{create_and_join_ruleset, pending, random_choice, run_arbiter_text, with_token, Rng, System};
use prost::Message;
use serde_json::Value;

const SEATS: usize = 3;

/// Every seat's view (and a spectator's) keeps what neonhope hides; returns how many seats
/// held an encounter card then (so the test knows the check had something to hide).
async fn check_views(client: &mut m::match_service_client::MatchServiceClient<tonic::transport::Channel>, table: &harness::Table) -> Result<usize> {
    let mut holding = 0;
    let spectator = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    if spectator.status == m::MatchStatus::Ended as i32 {
        return Ok(0);
    }
    let mut views = vec![(None, serde_json::from_str::<Value>(&spectator.state_json)?)];
    for (seat, token) in table.tokens.iter().enumerate() {
        let req = with_token(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }, token);
        views.push((Some(seat), serde_json::from_str(&client.get_match(req).await?.into_inner().state_json)?));
    }
    for (viewer, v) in &views {
        ensure!(v["ruleset"] == "neonhope", "{v}");
        ensure!(v.get("encounter_deck").is_none(), "the encounter-deck order is hidden from {viewer:?}");
        for (p, tile) in v["grid"].as_array().into_iter().flatten().enumerate() {
            ensure!(tile.is_null() || tile["revealed"] == true, "{viewer:?} sees the face-down Grid tile {p}: {tile}");
        }
        for c in v["characters"].as_array().into_iter().flatten() {
            let seat = c["seat"].as_u64().map(|s| s as usize);
            let held = c["held_count"].as_u64().unwrap_or(0);
            if seat == *viewer {
                ensure!(c["held"].as_array().map(|h| h.len() as u64) == Some(held), "a seat sees its own encounter cards: {c}");
                if held > 0 {
                    holding += 1;
                }
            } else {
                ensure!(c.get("held").is_none(), "{viewer:?} sees seat {seat:?}'s encounter cards: {c}");
            }
        }
    }
    Ok(holding)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_seat_neonhope_match_keeps_each_seats_secrets_ends_and_passes_the_audit() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join_ruleset(&mut client, "neonhope", SEATS).await?;
    let mut rng = Rng(29);
    let (mut decisions, mut held_checks, mut drawn_private, mut drawn_public) = (0, 0, 0, 0);
    while let Some((seat, decision)) = pending(&mut client, &table).await? {
        ensure!(decision.kind.starts_with("neonhope."), "{}", decision.kind);
        let choice = random_choice(&decision, &mut rng)?;
        let reply = client
            .submit_decision(with_token(
                m::SubmitDecisionRequest {
                    match_id: table.match_id.clone(),
                    decision_id: decision.decision_id,
                    choice: Some(choice),
                    idempotency_key: format!("d{}", decision.decision_id),
                    ..Default::default()
                },
                &table.tokens[seat],
            ))
            .await?
            .into_inner();
        // The events this seat is sent: its own draws by name, the others' without.
        for e in reply.events.iter().filter(|e| e.kind == "neonhope.encounter_drawn") {
            let detail: Value = serde_json::from_str(&e.detail_json)?;
            if detail["seat"].as_u64() == Some(seat as u64) {
                ensure!(detail.get("key").is_some() && e.text.contains('#'), "the drawer sees its card: {e:?}");
                drawn_private += 1;
            } else {
                ensure!(detail.get("key").is_none() && detail.get("card").is_none() && !e.text.contains('#'), "another seat's draw is hidden: {e:?}");
                drawn_public += 1;
            }
        }
        decisions += 1;
        if decisions % 7 == 0 {
            held_checks += check_views(&mut client, &table).await?;
        }
        if decisions > 20_000 {
            return Err(anyhow!("no end after 20000 decisions"));
        }
    }
    ensure!(drawn_public > 0, "some draws were seen by another seat than the drawer ({drawn_private} own)");

    let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::Ended as i32);
    let result = view.result.to_lowercase();
    assert!(["won", "surveillance", "exhausted"].iter().any(|r| result.contains(r)), "ends by a rule: {}", view.result);

    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    let report = cli::audit::audit_export(&export, Some(&table.public_key))?;
    assert_eq!(report.ruleset, "neonhope");
    assert!(report.draws >= 2, "the Grid and the encounter deck are shuffled by the randomness service: {report:?}");
    eprintln!("neonhope e2e: {decisions} decisions, {held_checks} held-card checks, result {}", view.result);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_neonhope_match_starts_over_grpc_with_the_grid_hidden() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join_ruleset(&mut client, "neonhope", 1).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("a solo match waits for its seat"))?;
    assert_eq!((seat, decision.kind.as_str()), (0, "neonhope.action"));
    let holding = check_views(&mut client, &table).await?;
    assert_eq!(holding, 0, "nobody holds an encounter card in the first action phase");
    Ok(())
}

/// A cooperative game's team wins or loses together: one seat conceding ends the match with no
/// winner, and the offline audit recomputes that ending.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_concession_in_neonhope_loses_for_the_whole_team_and_audits() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join_ruleset(&mut client, "neonhope", 3).await?;
    let conceded = client
        .concede_match(with_token(m::ConcedeMatchRequest { match_id: table.match_id.clone(), ..Default::default() }, &table.tokens[1]))
        .await?
        .into_inner();
    assert_eq!(conceded.status, m::MatchStatus::Ended as i32);
    assert!(conceded.result.contains("conceded") && !conceded.result.contains("won"), "{}", conceded.result);
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    cli::audit::audit_export(&export, Some(&table.public_key))?;
    let ending = export.commits.iter().rev().find_map(|c| match c.awaiting.as_ref().and_then(|a| a.what.as_ref()) {
        Some(api::rules_v1::awaiting::What::Ended(o)) => Some(o.clone()),
        _ => None,
    });
    assert_eq!(ending.map(|o| o.winners), Some(vec![]), "nobody wins");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_demo_neonhope_three_players_exports_audits_and_play_shows_the_text_view() -> Result<()> {
    let up = harness::arbiter_up().await?;
    let (data, orchestrator) = (up.data.path().to_path_buf(), up.orchestrator.clone());
    let key = up.platform_key_file();

    let (ok, out) = run_arbiter_text(&[
        "demo",
        "--orchestrator",
        &orchestrator,
        "--platform-key-file",
        &key,
        "--ruleset",
        "neonhope",
        "--players",
        "3",
        "--quiet",
        "--seed",
        "8",
    ])
    .await?;
    assert!(ok, "neonhope demo failed:\n{out}");
    let match_id = out
        .lines()
        .find_map(|l| l.strip_prefix("match ").and_then(|r| r.split_once(" ended:")).map(|(id, _)| id.to_string()))
        .ok_or_else(|| anyhow!("the demo printed no result:\n{out}"))?;
    let file = data.join("neonhope.json").display().to_string();
    let (ok, out) = run_arbiter_text(&["export", &match_id, "--orchestrator", &orchestrator, "-o", &file]).await?;
    assert!(ok, "export failed:\n{out}");
    let (ok, out) = run_arbiter_text(&["audit", &file]).await?;
    assert!(ok, "the audit of a neonhope match passes:\n{out}");

    // A person plays one character with a bot as the other: the first option 25 times.
    // The seat's key (which `play` creates and signs with) goes to a scratch directory.
    let seat_keys = tempfile::tempdir()?;
    let mut play = harness::arbiter_command()
        .args(["play", "--orchestrator", &orchestrator, "--platform-key-file", &key, "--ruleset", "neonhope", "--players", "2"])
        .arg("--seat-key")
        .arg(seat_keys.path().join("seat.key"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    {
        use tokio::io::AsyncWriteExt;
        let mut stdin = play.stdin.take().ok_or_else(|| anyhow!("no stdin"))?;
        stdin.write_all("1\n".repeat(25).as_bytes()).await?;
    }
    let out = tokio::time::timeout(Duration::from_secs(120), play.wait_with_output()).await.context("play did not finish")??;
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "play failed:\n{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("surveillance") && text.contains("grid row 1") && text.contains("(you)"), "the text view:\n{text}");

    up.stop().await?;
    Ok(())
}
