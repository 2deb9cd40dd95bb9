//! Calls to the rules service, made cheap: an input is applied to a state named by its SHA-256
//! (the rules service keeps the states it produced, and the state is sent only when it answers
//! `state_unknown`), and a replay goes through one streaming `Replay` call per run of logged
//! inputs instead of one call per commit.

use api::log_v1::commit_input;
use api::rules_v1 as r;
use sha2::{Digest, Sha256};
use tonic::Streaming;

use crate::error::{rules_err, OrchestratorError, Result};

/// The client of the rules service: each call traced (and its context sent) when tracing is on.
pub type RulesClient = api::rules_v1::rules_service_client::RulesServiceClient<telemetry::propagate::TracedChannel>;

/// Most inputs sent in one `Replay` call (the rules service's limit).
pub const REPLAY_BATCH: usize = 1024;

/// What the rules do with a commit's input.
#[derive(Clone, Debug)]
pub enum RulesCall {
    NewMatch(Option<r::MatchConfig>),
    Apply(r::Input),
}

/// The rules call for a commit's input; `None` for inputs the rules never see.
pub fn rules_call(input: &commit_input::Input) -> Result<Option<RulesCall>> {
    Ok(Some(match input {
        commit_input::Input::Created(c) => RulesCall::NewMatch(c.config.clone()),
        commit_input::Input::Decision(d) => {
            let decision = d.decision.clone().ok_or_else(|| OrchestratorError::Internal("a decision commit without its decision".into()))?;
            RulesCall::Apply(r::Input { input: Some(r::input::Input::Decision(decision)) })
        }
        commit_input::Input::Draw(d) => {
            let request = d.request.clone().unwrap_or_default();
            RulesCall::Apply(r::Input {
                input: Some(r::input::Input::Draw(r::DrawInput { index: request.index, purpose: request.purpose, values: d.values.clone() })),
            })
        }
        // The round time limit: the ruleset's own time procedure.
        commit_input::Input::Time(t) if t.flagged_seat.is_none() => {
            RulesCall::Apply(r::Input { input: Some(r::input::Input::Time(r::TimeInput { at_ms: t.at_ms })) })
        }
        // Joins, reveals and match control never reach the rules (match control, a clock run
        // out included, is computed by `convert::control_step`, the same for every ruleset).
        commit_input::Input::Joined(_)
        | commit_input::Input::Revealed(_)
        | commit_input::Input::Conceded(_)
        | commit_input::Input::Adjudicated(_)
        | commit_input::Input::Time(_) => return Ok(None),
    }))
}

fn hash(state: &[u8]) -> Vec<u8> {
    Sha256::digest(state).to_vec()
}

fn no_step() -> OrchestratorError {
    OrchestratorError::Internal("the rules service answered without a step".into())
}

/// Run one rules call on `state` (a state of `ruleset`).
pub async fn step(client: &RulesClient, ruleset: &str, state: &[u8], call: RulesCall) -> Result<r::Step> {
    let mut rules = client.clone();
    match call {
        RulesCall::NewMatch(config) => rules.new_match(r::NewMatchRequest { config }).await.map_err(rules_err)?.into_inner().step.ok_or_else(no_step),
        RulesCall::Apply(input) => {
            let by_hash = r::ApplyRequest { ruleset: ruleset.to_string(), state: Vec::new(), input: Some(input.clone()), state_hash: hash(state) };
            let answer = rules.apply(by_hash).await.map_err(rules_err)?.into_inner();
            if !answer.state_unknown {
                return answer.step.ok_or_else(no_step);
            }
            // Not (or no longer) held there: a restart, an eviction, another rules instance.
            let with_state = r::ApplyRequest { ruleset: ruleset.to_string(), state: state.to_vec(), input: Some(input), state_hash: Vec::new() };
            let answer = rules.apply(with_state).await.map_err(rules_err)?.into_inner();
            answer.step.ok_or_else(no_step)
        }
    }
}

/// The view of `state` for `viewer`, the state named by hash first and sent only on a miss.
pub async fn view(client: &RulesClient, ruleset: &str, state: &[u8], viewer: r::view_request::Viewer) -> Result<String> {
    let mut rules = client.clone();
    let by_hash = r::ViewRequest { ruleset: ruleset.to_string(), state: Vec::new(), viewer: Some(viewer), state_hash: hash(state) };
    let answer = rules.view(by_hash).await.map_err(rules_err)?.into_inner();
    if !answer.state_unknown {
        return Ok(answer.view_json);
    }
    let with_state = r::ViewRequest { ruleset: ruleset.to_string(), state: state.to_vec(), viewer: Some(viewer), state_hash: Vec::new() };
    Ok(rules.view(with_state).await.map_err(rules_err)?.into_inner().view_json)
}

/// What a logged commit asks of the rules, planned ahead so that a replay can send the inputs of
/// many commits in one call.
#[derive(Clone, Debug)]
pub enum Planned {
    /// An input the rules never see (a join, the reveal).
    Skip,
    /// The commit cannot be read: the replay stops there with its error, so plan nothing past it.
    Stop,
    Call(RulesCall),
}

/// The steps of a replay, fetched a run of commits at a time. The caller asks for the step of
/// each commit in order, as it checks them; the steps of a run arrive on one stream, and only
/// the last step of a stream carries its state (see `ReplayResponse` in `rules.proto`).
pub struct Replayer {
    client: RulesClient,
    plan: Vec<Planned>,
    stream: Option<Streaming<r::ReplayResponse>>,
    /// Steps still to come on the open stream.
    left: usize,
}

impl Replayer {
    pub fn new(client: RulesClient, plan: Vec<Planned>) -> Self {
        Replayer { client, plan, stream: None, left: 0 }
    }

    /// The step for the commit at `index` of the plan, whose rules call is `call`; `state` is the
    /// match's state before it (used only when a new run starts there).
    pub async fn next(&mut self, index: usize, call: RulesCall, ruleset: &str, state: &[u8]) -> Result<r::Step> {
        if self.left == 0 {
            let start = match &call {
                RulesCall::NewMatch(Some(config)) => r::replay_request::Start::Config(config.clone()),
                // No config: the single call reports it exactly as a live commit would.
                RulesCall::NewMatch(None) => return step(&self.client, ruleset, state, call).await,
                RulesCall::Apply(_) => r::replay_request::Start::StateHash(hash(state)),
            };
            let from = if matches!(call, RulesCall::Apply(_)) { index } else { index + 1 };
            let inputs = self.run_from(from);
            let steps = inputs.len() + usize::from(matches!(start, r::replay_request::Start::Config(_)));
            let req = r::ReplayRequest { ruleset: ruleset.to_string(), start: Some(start), inputs };
            let mut stream = self.client.clone().replay(req.clone()).await.map_err(rules_err)?.into_inner();
            let first = stream.message().await.map_err(rules_err)?;
            let first = match first {
                Some(r::ReplayResponse { state_unknown: true, .. }) => {
                    let req = r::ReplayRequest { start: Some(r::replay_request::Start::State(state.to_vec())), ..req };
                    stream = self.client.clone().replay(req).await.map_err(rules_err)?.into_inner();
                    stream.message().await.map_err(rules_err)?
                }
                other => other,
            };
            self.stream = Some(stream);
            self.left = steps;
            return self.take(first);
        }
        let stream = self.stream.as_mut().ok_or_else(|| OrchestratorError::Internal("no replay stream is open".into()))?;
        let message = stream.message().await.map_err(rules_err)?;
        self.take(message)
    }

    fn take(&mut self, message: Option<r::ReplayResponse>) -> Result<r::Step> {
        self.left = self.left.saturating_sub(1);
        if self.left == 0 {
            self.stream = None;
        }
        let message = message.ok_or_else(|| OrchestratorError::Internal("the rules service ended a replay early".into()))?;
        message.step.ok_or_else(no_step)
    }

    /// The inputs of the run starting at `from`: up to the next new match or unreadable commit,
    /// at most [`REPLAY_BATCH`].
    fn run_from(&self, from: usize) -> Vec<r::Input> {
        let mut inputs = Vec::new();
        for planned in self.plan.iter().skip(from) {
            match planned {
                Planned::Skip => {}
                Planned::Call(RulesCall::Apply(input)) if inputs.len() < REPLAY_BATCH => inputs.push(input.clone()),
                _ => break,
            }
        }
        inputs
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use api::convert;
    use api::rules_v1::rules_service_server::RulesServiceServer;
    use engine::bots::play_game;
    use engine::{MatchConfig, SeatConfig};

    use api::rules_v1::rules_service_client::RulesServiceClient;

    use super::*;

    /// A rules service on a loopback port (plain HTTP/2: the transport is not what is tested).
    async fn rules_service(cache_bytes: usize) -> anyhow::Result<RulesClient> {
        let (incoming, addr) = api::server::bind("rules", "127.0.0.1:0".parse()?).await?;
        let service = RulesServiceServer::new(rules_service::Rules::new(cache_bytes));
        tokio::spawn(tonic::transport::Server::builder().add_service(service).serve_with_incoming(incoming));
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))?.connect().await?;
        Ok(RulesServiceClient::new(telemetry::propagate::TracedChannel::new(channel, "rules")))
    }

    /// Replay a bot game through [`Replayer`] (with a commit the rules never see in the middle)
    /// and through one [`step`] per input; both must give what the engine gives, whether the
    /// rules service holds the states (hash hits) or not (every state resent).
    #[tokio::test]
    async fn batched_replay_and_single_steps_give_the_engine_steps_with_or_without_the_cache() -> anyhow::Result<()> {
        let config = MatchConfig {
            ruleset: "mainframe".into(),
            seats: (0..2).map(|s| SeatConfig { name: format!("P{s}"), deck: String::new(), ..Default::default() }).collect(),
            options: BTreeMap::new(),
        };
        let rules = engine::ruleset("mainframe").ok_or_else(|| anyhow::anyhow!("mainframe"))?;
        let played = play_game(rules, &config, 17, 20_000).map_err(anyhow::Error::msg)?;
        let calls: Vec<RulesCall> = std::iter::once(RulesCall::NewMatch(Some(convert::config_to_proto(&config))))
            .chain(played.inputs.iter().map(|i| RulesCall::Apply(convert::input_to_proto(i))))
            .collect();
        let events = |i: usize| played.events[i].iter().map(convert::event_to_proto).collect::<Vec<_>>();
        for cache_bytes in [0, 16 << 20] {
            let client = rules_service(cache_bytes).await?;
            // A join after the new match: planned as a skip, as in a real log.
            let mut plan: Vec<Planned> = calls.iter().cloned().map(Planned::Call).collect();
            plan.insert(1, Planned::Skip);
            let mut replayer = Replayer::new(client.clone(), plan);
            let mut state: Vec<u8> = Vec::new();
            let mut index = 0;
            for (i, call) in calls.iter().enumerate() {
                if index == 1 {
                    index += 1;
                }
                let got = replayer.next(index, call.clone(), "mainframe", &state).await?;
                anyhow::ensure!(got.events == events(i), "cache {cache_bytes}: step {i} differs");
                // As `MatchRecord::absorb` does: the state of the last step of a run is kept.
                state = got.state;
                index += 1;
            }
            anyhow::ensure!(Some(&state) == played.states.last(), "the replay ends on the game's last state");
            // One input at a time: by hash when held, resent when not.
            for (i, input) in played.inputs.iter().enumerate().take(40) {
                let call = RulesCall::Apply(convert::input_to_proto(input));
                let got = step(&client, "mainframe", &played.states[i], call).await?;
                anyhow::ensure!(got.events == events(i + 1) && got.state == played.states[i + 1]);
            }
            // A replay that starts from a state (a catch-up): named by hash, resent on a miss.
            let mid = 20;
            let tail = &calls[mid + 1..];
            let mut replayer = Replayer::new(client.clone(), tail.iter().cloned().map(Planned::Call).collect());
            let mut state = played.states[mid].clone();
            for (k, call) in tail.iter().enumerate() {
                let got = replayer.next(k, call.clone(), "mainframe", &state).await?;
                anyhow::ensure!(got.events == events(mid + 1 + k), "cache {cache_bytes}: tail step {k} differs");
                state = got.state;
            }
            anyhow::ensure!(Some(&state) == played.states.last());
            // Views: by hash when held, resent when not; the same text either way.
            for (i, seat) in [(0usize, 0u32), (7, 1), (30, 0)] {
                let viewer = r::view_request::Viewer::Seat(seat);
                let got = view(&client, "mainframe", &played.states[i], viewer).await?;
                let want = rules.view(&played.states[i], engine::Viewer::Seat(seat)).map_err(anyhow::Error::msg)?;
                anyhow::ensure!(serde_json::from_str::<serde_json::Value>(&got)? == want, "view of state {i} for seat {seat}");
            }
        }
        Ok(())
    }
}
