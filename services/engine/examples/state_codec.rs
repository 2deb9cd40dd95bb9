//! Times the engine the way the rules service uses it: `new_match`, then `apply` over the inputs
//! of random bot games (each call decodes the state blob, runs the rules and encodes the new
//! state), and reports the size of the state blobs. Figures only; nothing here is asserted.
//! `netrunner-startup` plays the Startup format with a random legal decklist per seat and game
//! (`netrunner::random_deck`), beside `netrunner` with the starter decks.
//!
//! `cargo run --release -p engine --example state_codec [games] [max inputs per game]`

use std::collections::BTreeMap;
use std::time::Instant;

use engine::bots::play_game;
use engine::netrunner::data::{Format, Side};
use engine::netrunner::random_deck::random_deck;
use engine::{DeckEntry, MatchConfig, Ruleset, SeatConfig};

fn config(ruleset: &str, seats: u32) -> MatchConfig {
    MatchConfig {
        ruleset: ruleset.into(),
        seats: (0..seats).map(|s| SeatConfig { name: format!("P{s}"), deck: String::new(), ..Default::default() }).collect(),
        options: BTreeMap::new(),
    }
}

/// A Startup-format netrunner match with a random legal decklist per side (seeded by `seed`).
fn startup_config(seed: u64) -> Result<MatchConfig, String> {
    let mut seats = Vec::new();
    for side in [Side::Corp, Side::Runner] {
        let deck = random_deck(Format::Startup, side, seed, side.name())?;
        let decklist = std::iter::once((deck.identity.clone(), 1)).chain(deck.cards.iter().cloned()).map(|(card, count)| DeckEntry { card, count }).collect();
        seats.push(SeatConfig { name: side.name().into(), decklist, ..Default::default() });
    }
    Ok(MatchConfig { ruleset: "netrunner".into(), seats, options: [("format".to_string(), 1)].into_iter().collect() })
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let max_inputs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    println!("{:<17} {:>6} {:>8} {:>11} {:>10} {:>11} {:>11}", "ruleset", "games", "applies", "applies/s", "µs/apply", "state mean", "state max");
    for (name, seats) in [("mainframe", 2), ("netrunner", 2), ("netrunner-startup", 2)] {
        let ruleset = name.split('-').next().unwrap_or(name);
        let rules: &dyn Ruleset = engine::ruleset(ruleset).ok_or(format!("no ruleset {ruleset}"))?;
        let configs: Vec<MatchConfig> = (0..games)
            .map(|seed| if name == "netrunner-startup" { startup_config(seed * 7 + 1) } else { Ok(config(name, seats)) })
            .collect::<Result<_, _>>()?;
        // Play first (untimed) to get the inputs; then time a replay of exactly those inputs.
        let played: Vec<_> = configs.iter().zip(0..).map(|(cfg, seed)| play_game(rules, cfg, seed * 7 + 1, max_inputs)).collect::<Result<_, _>>()?;
        let (mut applies, mut bytes, mut max) = (0u64, 0u64, 0usize);
        let start = Instant::now();
        for (game, cfg) in played.iter().zip(&configs) {
            let mut state = rules.new_match(cfg).map_err(|e| e.to_string())?.state;
            for input in &game.inputs {
                state = rules.apply(&state, input).map_err(|e| e.to_string())?.state;
                applies += 1;
                bytes += state.len() as u64;
                max = max.max(state.len());
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<17} {:>6} {:>8} {:>11.0} {:>10.2} {:>11} {:>11}",
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
