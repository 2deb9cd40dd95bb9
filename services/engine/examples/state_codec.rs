//! Times the engine the way the rules service uses it: `new_match`, then `apply` over the inputs
//! of random bot games (each call decodes the state blob, runs the rules and encodes the new
//! state), and reports the size of the state blobs. Figures only; nothing here is asserted.
//!
//! `cargo run --release -p engine --example state_codec [games] [max inputs per game]`

use std::collections::BTreeMap;
use std::time::Instant;

use engine::testing::play_random_game;
use engine::{MatchConfig, Ruleset, SeatConfig};

fn config(ruleset: &str, seats: u32) -> MatchConfig {
    MatchConfig {
        ruleset: ruleset.into(),
        seats: (0..seats).map(|s| SeatConfig { name: format!("P{s}"), deck: String::new(), ..Default::default() }).collect(),
        options: BTreeMap::new(),
    }
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let max_inputs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    println!("{:<10} {:>6} {:>8} {:>11} {:>10} {:>11} {:>11}", "ruleset", "games", "applies", "applies/s", "µs/apply", "state mean", "state max");
    for (name, seats) in [("mainframe", 2), ("netrunner", 2)] {
        let rules: &dyn Ruleset = engine::ruleset(name).ok_or(format!("no ruleset {name}"))?;
        let cfg = config(name, seats);
        // Play first (untimed) to get the inputs; then time a replay of exactly those inputs.
        let played: Vec<_> = (0..games)
            .map(|seed| play_random_game(rules, &cfg, seed * 7 + 1, max_inputs, false))
            .collect::<Result<_, _>>()?;
        let (mut applies, mut bytes, mut max) = (0u64, 0u64, 0usize);
        let start = Instant::now();
        for game in &played {
            let mut state = rules.new_match(&cfg).map_err(|e| e.to_string())?.state;
            for input in &game.inputs {
                state = rules.apply(&state, input).map_err(|e| e.to_string())?.state;
                applies += 1;
                bytes += state.len() as u64;
                max = max.max(state.len());
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<10} {:>6} {:>8} {:>11.0} {:>10.2} {:>11} {:>11}",
            name,
            games,
            applies,
            applies as f64 / secs,
            secs * 1e6 / applies.max(1) as f64,
            bytes / applies.max(1),
            max
        );
    }
    Ok(())
}
