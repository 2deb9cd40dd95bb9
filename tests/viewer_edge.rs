//! End-to-end: the gRPC edge gives each viewer exactly what the leak oracle checked, nothing more.
//!
//! The engine's leak oracle (`engine::testing::leak`) proves, over many random games, that a
//! viewer's view, events and pending decision as the engine computes them hold no hidden fact.
//! This test closes the gap between that proof and what a client really receives: it plays whole
//! matches over gRPC, replays the export in-process, and checks for every viewer (each seat and a
//! spectator) that `GetMatch` at past versions, the `WatchMatch` stream and the pending decision
//! are exactly the engine's redacted outputs (`Ruleset::view`, `Event::as_seen_by`, the decision
//! summary for everyone but its seat), so the orchestrator adds nothing of its own.

mod harness;

use anyhow::{anyhow, bail, Context, Result};
use api::log_v1::{commit_input::Input as CI, MatchExport};
use api::match_v1 as m;
use engine::{Awaiting, Input, Viewer};
use futures::StreamExt;
use harness::{create_and_join_ruleset, play_one, with_token, Rng, System, Table};
use prost::Message;

/// Each viewer's request: a seat token or none (a spectator).
fn request<T>(msg: T, token: Option<&String>) -> tonic::Request<T> {
    match token {
        Some(t) => with_token(msg, t),
        None => tonic::Request::new(msg),
    }
}

/// The engine state after every version, and what the match awaited then, from the export.
fn replay(export: &MatchExport) -> Result<(Vec<Vec<u8>>, Vec<Awaiting>)> {
    let mut rules = None;
    let mut state = Vec::new();
    let (mut states, mut awaiting) = (Vec::new(), Vec::new());
    for commit in &export.commits {
        let input = commit.input.as_ref().and_then(|i| i.input.as_ref()).ok_or_else(|| anyhow!("commit without input"))?;
        match input {
            CI::Created(c) => {
                let config = api::convert::config_from_proto(c.config.as_ref().ok_or_else(|| anyhow!("no config"))?);
                let r = engine::ruleset(&config.ruleset).ok_or_else(|| anyhow!("unknown ruleset"))?;
                state = r.new_match(&config)?.state;
                rules = Some(r);
            }
            CI::Decision(d) => {
                let r = rules.ok_or_else(|| anyhow!("decision before creation"))?;
                let decision = d.decision.as_ref().ok_or_else(|| anyhow!("decision commit without decision"))?;
                state = r.apply(&state, &api::convert::decision_input_from_proto(decision)?)?.state;
            }
            CI::Draw(d) => {
                let r = rules.ok_or_else(|| anyhow!("draw before creation"))?;
                let req = d.request.as_ref().ok_or_else(|| anyhow!("draw without request"))?;
                let input = Input::Draw { index: req.index, purpose: req.purpose.clone(), values: d.values.clone() };
                state = r.apply(&state, &input)?.state;
            }
            // Match control leaves the game state as it was.
            CI::Joined(_) | CI::Revealed(_) | CI::Conceded(_) | CI::Adjudicated(_) | CI::Time(_) => {}
        }
        states.push(state.clone());
        awaiting.push(api::convert::awaiting_from_proto(commit.awaiting.as_ref())?);
    }
    Ok((states, awaiting))
}

/// The pending decision a viewer must get: whole for its seat, else who and what, publicly.
fn expected_pending(awaiting: &Awaiting, viewer: Viewer, all_joined: bool) -> Option<m::Decision> {
    match awaiting {
        Awaiting::Decision(d) if all_joined => Some(if viewer == Viewer::Seat(d.seat) {
            api::convert::decision_to_proto(d)
        } else {
            m::Decision { decision_id: d.id, seat: d.seat, kind: d.kind.clone(), summary: d.summary.clone(), ..Default::default() }
        }),
        _ => None,
    }
}

async fn check_match(system: &System, ruleset: &str, seats: usize, seed: u64) -> Result<()> {
    let mut client = system.client().await?;
    let table: Table = create_and_join_ruleset(&mut client, ruleset, seats).await?;
    let mut rng = Rng(seed);
    let mut decisions = 0;
    while play_one(&mut client, &table, &mut rng).await?.is_some() {
        decisions += 1;
        if decisions > 5_000 {
            bail!("no end after 5000 decisions");
        }
    }
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = MatchExport::decode(bytes.as_slice())?;
    let rules = engine::ruleset(ruleset).ok_or_else(|| anyhow!("unknown ruleset {ruleset}"))?;
    let (states, awaiting) = replay(&export)?;
    let joined_at = 1 + seats; // commit 1 creates, then one join per seat

    let viewers: Vec<(Viewer, Option<&String>)> =
        (0..seats).map(|s| (Viewer::Seat(s as u32), table.tokens.get(s))).chain(std::iter::once((Viewer::Spectator, None))).collect();
    for (viewer, token) in &viewers {
        // The watch stream: every commit's events and pending decision, as this viewer sees them.
        let mut stream = client.watch_match(request(m::WatchMatchRequest { match_id: table.match_id.clone(), from_version: 0 }, *token)).await?.into_inner();
        let mut seen = 0usize;
        while let Some(update) =
            tokio::time::timeout(std::time::Duration::from_secs(30), stream.next()).await.context("the watch stream of an ended match must end")?
        {
            let update = update?;
            let i = (update.version as usize).checked_sub(1).ok_or_else(|| anyhow!("version 0 in a watch"))?;
            let commit = export.commits.get(i).ok_or_else(|| anyhow!("watch update past the log"))?;
            let events: Vec<m::GameEvent> = commit
                .events
                .iter()
                .map(|e| {
                    let event = api::convert::event_from_proto(e)?;
                    let (text, detail) = event.as_seen_by(*viewer);
                    let detail_json = if detail.is_null() { String::new() } else { detail.to_string() };
                    Ok(m::GameEvent { kind: event.kind.clone(), text: text.to_string(), detail_json })
                })
                .collect::<Result<_>>()?;
            assert_eq!(update.events, events, "{ruleset} version {}: {viewer:?} gets exactly the redacted events", update.version);
            let all_joined = update.version as usize >= joined_at;
            assert_eq!(
                update.pending,
                expected_pending(&awaiting[i], *viewer, all_joined),
                "{ruleset} version {}: {viewer:?} gets exactly its part of the pending decision",
                update.version
            );
            seen += 1;
        }
        assert_eq!(seen, export.commits.len(), "{viewer:?} watched every commit");

        // Past versions (a sample, each is a rebuild): the view is the engine's view for this viewer.
        let last = states.len();
        for version in (1..=last).filter(|v| v % 9 == 1 || *v == last) {
            let view = client.get_match(request(m::GetMatchRequest { match_id: table.match_id.clone(), version: version as u64 }, *token)).await?.into_inner();
            let expected = rules.view(&states[version - 1], *viewer)?.to_string();
            assert_eq!(view.state_json, expected, "{ruleset} version {version}: {viewer:?} gets exactly the engine's view");
            assert_eq!(view.pending, expected_pending(&awaiting[version - 1], *viewer, version >= joined_at));
        }
    }
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): the file's comment,
/// `Decision.prompt`, `GameEvent.detail_json`, `MatchView.pending`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewer_gets_exactly_the_oracle_checked_outputs() -> Result<()> {
    let system = System::start().await?;
    check_match(&system, "netrunner", 2, 23).await?;
    check_match(&system, "mainframe", 3, 31).await?;
    Ok(())
}
