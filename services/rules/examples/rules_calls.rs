//! Times the rules service's calls over gRPC on loopback (plain HTTP/2, in process), the way the
//! orchestrator makes them: one `Apply` per input with the state sent, one per input with the
//! state named by hash, and one `Replay` call for a whole game. Figures only.
//!
//! `cargo run --release -p rules-service --example rules_calls [games]`

use std::collections::BTreeMap;
use std::time::Instant;

use api::convert;
use api::rules_v1::rules_service_client::RulesServiceClient;
use api::rules_v1::rules_service_server::RulesServiceServer;
use api::rules_v1::{replay_request, ApplyRequest, NewMatchRequest, ReplayRequest};
use engine::bots::play_game;
use engine::{MatchConfig, SeatConfig};
use prost::Message;
use sha2::{Digest, Sha256};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    // As the services bind (TCP_NODELAY on every connection).
    let (incoming, addr) = api::server::bind("rules", "127.0.0.1:0".parse()?).await?;
    let service = RulesServiceServer::new(rules_service::Rules::default());
    tokio::spawn(tonic::transport::Server::builder().add_service(service).serve_with_incoming(incoming));
    let client = RulesServiceClient::connect(format!("http://{addr}")).await?;
    println!(
        "{:<10} {:>8} {:>14} {:>14} {:>14} {:>12} {:>12}",
        "ruleset", "inputs", "µs/Apply+state", "µs/Apply+hash", "µs/input Replay", "req B+state", "req B+hash"
    );
    for ruleset in ["mainframe", "netrunner"] {
        let config = MatchConfig {
            ruleset: ruleset.into(),
            seats: (0..2).map(|s| SeatConfig { name: format!("P{s}"), deck: String::new(), ..Default::default() }).collect(),
            options: BTreeMap::new(),
        };
        let rules = engine::ruleset(ruleset).ok_or_else(|| anyhow::anyhow!("no {ruleset}"))?;
        let played: Vec<_> = (0..games).map(|seed| play_game(rules, &config, seed * 13 + 5, 20_000)).collect::<Result<_, _>>().map_err(anyhow::Error::msg)?;
        let (mut inputs, mut sent_bytes, mut hash_bytes) = (0u64, 0u64, 0u64);
        let (mut t_state, mut t_hash, mut t_replay) = (0f64, 0f64, 0f64);
        for game in &played {
            let requests: Vec<(ApplyRequest, ApplyRequest)> = game
                .inputs
                .iter()
                .enumerate()
                .map(|(i, input)| {
                    let state = game.states[i].clone();
                    let input = Some(convert::input_to_proto(input));
                    let hash = Sha256::digest(&state).to_vec();
                    let by_hash = ApplyRequest { ruleset: ruleset.into(), state: Vec::new(), input: input.clone(), state_hash: hash };
                    (ApplyRequest { ruleset: ruleset.into(), state, input, state_hash: Vec::new() }, by_hash)
                })
                .collect();
            let start = Instant::now();
            for (with_state, _) in &requests {
                client.clone().apply(with_state.clone()).await?;
            }
            t_state += start.elapsed().as_secs_f64();
            // The calls above (and this one, for the first state) put every state in the cache:
            // each one now hits, as in a live match.
            client.clone().new_match(NewMatchRequest { config: Some(convert::config_to_proto(&config)) }).await?;
            let start = Instant::now();
            for (_, by_hash) in &requests {
                let answer = client.clone().apply(by_hash.clone()).await?.into_inner();
                anyhow::ensure!(!answer.state_unknown, "a miss");
            }
            t_hash += start.elapsed().as_secs_f64();
            for (a, b) in &requests {
                sent_bytes += a.encoded_len() as u64;
                hash_bytes += b.encoded_len() as u64;
            }
            let start = Instant::now();
            let req = ReplayRequest {
                ruleset: String::new(),
                start: Some(replay_request::Start::Config(convert::config_to_proto(&config))),
                inputs: game.inputs.iter().take(rules_service::MAX_REPLAY_INPUTS).map(convert::input_to_proto).collect(),
            };
            let mut stream = client.clone().replay(req).await?.into_inner();
            while stream.message().await?.is_some() {}
            t_replay += start.elapsed().as_secs_f64();
            inputs += game.inputs.len() as u64;
        }
        let per = |t: f64| t * 1e6 / inputs.max(1) as f64;
        println!(
            "{:<10} {:>8} {:>14.1} {:>14.1} {:>14.1} {:>12} {:>12}",
            ruleset,
            inputs,
            per(t_state),
            per(t_hash),
            per(t_replay),
            sent_bytes / inputs.max(1),
            hash_bytes / inputs.max(1)
        );
    }
    Ok(())
}
