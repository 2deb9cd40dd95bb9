//! The rules service's state cache and batched replay, called in-process (the gRPC transport is
//! covered by the end-to-end tests): the cache never changes an answer, a caller cannot put a
//! state into it, and one `Replay` call gives the steps that one `Apply` per input gives.

use std::collections::BTreeMap;

use anyhow::{ensure, Context, Result};
use api::convert;
use api::rules_v1::rules_service_server::RulesService;
use api::rules_v1::{replay_request, ApplyRequest, NewMatchRequest, ReplayRequest, ReplayResponse, Step};
use engine::bots::{play_game, PlayedGame};
use engine::{Input, MatchConfig, SeatConfig};
use rules_service::cache::hash_of;
use rules_service::{Rules, MAX_REPLAY_INPUTS};
use tokio_stream::StreamExt;
use tonic::{Code, Request, Status};

fn config(ruleset: &str) -> MatchConfig {
    MatchConfig {
        ruleset: ruleset.into(),
        seats: (0..2).map(|s| SeatConfig { name: format!("P{s}"), deck: String::new(), ..Default::default() }).collect(),
        options: BTreeMap::new(),
    }
}

fn game(ruleset: &str, seed: u64) -> Result<PlayedGame> {
    let rules = engine::ruleset(ruleset).context("ruleset")?;
    play_game(rules, &config(ruleset), seed, 20_000).map_err(anyhow::Error::msg)
}

async fn new_match(rules: &Rules, ruleset: &str) -> Result<Step> {
    let req = NewMatchRequest { config: Some(convert::config_to_proto(&config(ruleset))) };
    rules.new_match(Request::new(req)).await?.into_inner().step.context("a step")
}

fn by_state(ruleset: &str, state: &[u8], input: &Input) -> ApplyRequest {
    ApplyRequest { ruleset: ruleset.into(), state: state.to_vec(), input: Some(convert::input_to_proto(input)), state_hash: Vec::new() }
}

fn by_hash(ruleset: &str, state: &[u8], input: &Input) -> ApplyRequest {
    ApplyRequest { state: Vec::new(), state_hash: hash_of(state).to_vec(), ..by_state(ruleset, state, input) }
}

/// The answer as comparable data: the step, or the error's code and message.
async fn apply(rules: &Rules, req: ApplyRequest) -> std::result::Result<(Option<Step>, bool), (Code, String)> {
    rules
        .apply(Request::new(req))
        .await
        .map(|r| {
            let r = r.into_inner();
            (r.step, r.state_unknown)
        })
        .map_err(|s| (s.code(), s.message().to_string()))
}

async fn replay(rules: &Rules, req: ReplayRequest) -> Result<Vec<std::result::Result<ReplayResponse, Status>>> {
    let stream = rules.replay(Request::new(req)).await?.into_inner();
    Ok(stream.collect().await)
}

#[tokio::test]
async fn the_cache_never_changes_an_answer() -> Result<()> {
    for ruleset in ["mainframe", "netrunner", "neonhope"] {
        let played = game(ruleset, 5)?;
        let cached = Rules::new(16 * 1024 * 1024);
        let uncached = Rules::new(0);
        let first = new_match(&cached, ruleset).await?;
        ensure!(first == new_match(&uncached, ruleset).await?);
        for (i, input) in played.inputs.iter().enumerate() {
            let state = &played.states[i];
            // Each state was produced by the cached service's previous call: named by hash, it hits.
            let hit = apply(&cached, by_hash(ruleset, state, input)).await;
            let sent = apply(&uncached, by_state(ruleset, state, input)).await;
            ensure!(hit == sent, "{ruleset} input {i}: the cached answer differs");
            ensure!(matches!(&hit, Ok((Some(s), false)) if s.state == played.states[i + 1]), "{ruleset} input {i}");
            // Refused inputs are refused the same way: a stale decision after the first input.
            if i > 0 {
                let stale = &played.inputs[i - 1];
                let a = apply(&cached, by_hash(ruleset, state, stale)).await;
                let b = apply(&uncached, by_state(ruleset, state, stale)).await;
                ensure!(a == b, "{ruleset} input {i}: a refusal differs with the cache");
            }
        }
        // Without a cache, a state named by hash is unknown: nothing is applied.
        let unknown = apply(&uncached, by_hash(ruleset, &played.states[0], &played.inputs[0])).await;
        ensure!(unknown == Ok((None, true)), "{unknown:?}");
    }
    Ok(())
}

#[tokio::test]
async fn only_states_the_service_produced_are_cached() -> Result<()> {
    let played = game("mainframe", 9)?;
    let rules = Rules::new(16 * 1024 * 1024);
    // Never produced by this instance: sending it works, naming it afterwards does not.
    let planted = &played.states[3];
    let sent = apply(&rules, by_state("mainframe", planted, &played.inputs[3])).await;
    ensure!(matches!(&sent, Ok((Some(s), false)) if s.state == played.states[4]));
    let named = apply(&rules, by_hash("mainframe", planted, &played.inputs[3])).await;
    ensure!(named == Ok((None, true)), "a state a caller sent must not be cached: {named:?}");
    // What that call produced is.
    let next = apply(&rules, by_hash("mainframe", &played.states[4], &played.inputs[4])).await;
    ensure!(matches!(&next, Ok((Some(s), false)) if s.state == played.states[5]));
    // Both, or a hash of the wrong length, are refused.
    let both = ApplyRequest { state: planted.clone(), ..by_hash("mainframe", planted, &played.inputs[3]) };
    ensure!(matches!(apply(&rules, both).await, Err((Code::InvalidArgument, _))));
    let short = ApplyRequest { state_hash: vec![1; 8], ..by_hash("mainframe", planted, &played.inputs[3]) };
    ensure!(matches!(apply(&rules, short).await, Err((Code::InvalidArgument, m)) if m.contains("32 bytes")));
    Ok(())
}

fn inputs(played: &PlayedGame, range: std::ops::Range<usize>) -> Vec<api::rules_v1::Input> {
    played.inputs[range].iter().map(convert::input_to_proto).collect()
}

/// The steps of a replay stream, checked against the played game from `from` (the index into
/// `played.states` of the state the first streamed step produced).
fn check_stream(played: &PlayedGame, ruleset: &str, from: usize, got: &[std::result::Result<ReplayResponse, Status>]) -> Result<()> {
    let rules = engine::ruleset(ruleset).context("ruleset")?;
    for (k, msg) in got.iter().enumerate() {
        let step = msg.as_ref().map_err(|s| anyhow::anyhow!("step {k}: {s}"))?.step.clone().context("a step")?;
        let i = from + k;
        let events: Vec<_> = played.events[i].iter().map(convert::event_to_proto).collect();
        ensure!(step.events == events, "{ruleset} step {i}: events differ");
        ensure!(step.rules_version == rules.rules_version());
        let last = k + 1 == got.len();
        let want: &[u8] = if last { &played.states[i] } else { &[] };
        ensure!(step.state == want, "{ruleset} step {i}: only the last step carries the state");
    }
    Ok(())
}

#[tokio::test]
async fn one_replay_call_gives_the_steps_of_one_apply_per_input() -> Result<()> {
    for ruleset in ["mainframe", "netrunner", "neonhope"] {
        let played = game(ruleset, 3)?;
        let n = played.inputs.len().min(MAX_REPLAY_INPUTS);
        let rules = Rules::new(16 * 1024 * 1024);
        // From a new match: the config's step, then one per input.
        let req = ReplayRequest {
            ruleset: String::new(),
            start: Some(replay_request::Start::Config(convert::config_to_proto(&config(ruleset)))),
            inputs: inputs(&played, 0..n),
        };
        let got = replay(&rules, req).await?;
        ensure!(got.len() == n + 1, "{} steps for {n} inputs", got.len());
        check_stream(&played, ruleset, 0, &got)?;
        // The last state is cached: a replay can continue from its hash.
        let mid = n / 2;
        let from_hash =
            ReplayRequest { ruleset: ruleset.into(), start: Some(replay_request::Start::StateHash(hash_of(&played.states[n]).to_vec())), inputs: Vec::new() };
        ensure!(replay(&rules, from_hash).await?.is_empty(), "no inputs, no steps");
        // From a state sent, the same steps as the tail of the game.
        let from_state =
            ReplayRequest { ruleset: ruleset.into(), start: Some(replay_request::Start::State(played.states[mid].clone())), inputs: inputs(&played, mid..n) };
        check_stream(&played, ruleset, mid + 1, &replay(&rules, from_state).await?)?;
        // An unknown hash: one message saying so.
        let unknown = ReplayRequest {
            ruleset: ruleset.into(),
            start: Some(replay_request::Start::StateHash(hash_of(b"never produced").to_vec())),
            inputs: inputs(&played, 0..1),
        };
        let got = replay(&rules, unknown).await?;
        ensure!(matches!(got.as_slice(), [Ok(ReplayResponse { step: None, state_unknown: true })]), "{got:?}");
    }
    Ok(())
}

#[tokio::test]
async fn a_refused_input_ends_the_replay_with_the_error_apply_gives() -> Result<()> {
    let played = game("mainframe", 4)?;
    let rules = Rules::new(0);
    // Input 6 repeated where input 7 belongs: refused as stale (or not awaited).
    let mut list = inputs(&played, 0..7);
    list.push(convert::input_to_proto(&played.inputs[5]));
    list.extend(inputs(&played, 7..9));
    let req = ReplayRequest { ruleset: "mainframe".into(), start: Some(replay_request::Start::State(played.states[0].clone())), inputs: list };
    let got = replay(&rules, req).await?;
    ensure!(got.len() == 8, "7 steps, then the error: {}", got.len());
    let (steps, end) = got.split_at(7);
    check_stream(&played, "mainframe", 1, steps)?;
    let status = end[0].as_ref().expect_err("the refusal");
    let alone = apply(&rules, by_state("mainframe", &played.states[7], &played.inputs[5])).await;
    ensure!(alone == Err((status.code(), status.message().to_string())), "{alone:?} vs {status:?}");

    let too_many = ReplayRequest {
        ruleset: "mainframe".into(),
        start: Some(replay_request::Start::State(played.states[0].clone())),
        inputs: vec![convert::input_to_proto(&played.inputs[0]); MAX_REPLAY_INPUTS + 1],
    };
    let err = rules.replay(Request::new(too_many)).await.err().context("refused")?;
    ensure!(err.code() == Code::InvalidArgument && err.message().contains("at most"), "{err:?}");
    Ok(())
}

#[tokio::test]
async fn a_view_by_hash_is_the_view_of_the_state_sent() -> Result<()> {
    use api::rules_v1::{view_request, ViewRequest};
    let played = game("netrunner", 2)?;
    let cached = Rules::new(16 * 1024 * 1024);
    let first = new_match(&cached, "netrunner").await?;
    ensure!(first.state == played.states[0]);
    for viewer in [view_request::Viewer::Seat(0), view_request::Viewer::Seat(1), view_request::Viewer::Spectator(true)] {
        let sent = ViewRequest { ruleset: "netrunner".into(), state: played.states[0].clone(), viewer: Some(viewer), state_hash: Vec::new() };
        let named = ViewRequest { state: Vec::new(), state_hash: hash_of(&played.states[0]).to_vec(), ..sent.clone() };
        let a = cached.view(Request::new(sent.clone())).await?.into_inner();
        let b = cached.view(Request::new(named.clone())).await?.into_inner();
        ensure!(a == b && !a.state_unknown && !a.view_json.is_empty(), "{viewer:?}");
        let miss = Rules::new(0).view(Request::new(named)).await?.into_inner();
        ensure!(miss.state_unknown && miss.view_json.is_empty());
    }
    Ok(())
}
