//! Random bots play whole games: no offered option may fail, every game ends by a rule, and
//! replaying the same inputs gives byte-identical states and events.

use std::collections::BTreeMap;

use crate::netrunner::Netrunner;
use crate::testing::{check_replay, play_random_game, PlayedGame};

use super::kit::config;

const MAX_INPUTS: usize = 200_000;

fn games() -> u64 {
    std::env::var("NETRUNNER_BOT_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(30)
}

fn play(game: u64) -> PlayedGame {
    play_random_game(&Netrunner, &config(&[]), game * 11 + 3, MAX_INPUTS, game < 2)
        .unwrap_or_else(|e| panic!("game {game}: {e}"))
}

fn replay_equal(p: &PlayedGame) {
    check_replay(&Netrunner, &config(&[]), p).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn nr_bot_random_games_end_by_a_rule() {
    let n = games();
    let mut total = 0;
    let mut longest = 0;
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    for game in 0..n {
        let p = play(game);
        assert_eq!(p.outcome.winners.len(), 1, "{:?}", p.outcome);
        let kind = p.outcome.reason.split(':').next().unwrap_or("").to_string();
        assert!(["agenda points", "decking", "flatline"].contains(&kind.as_str()), "game {game} ended by no rule: {:?}", p.outcome);
        *reasons.entry(format!("{kind} (seat {} wins)", p.outcome.winners[0])).or_default() += 1;
        total += p.decisions;
        longest = longest.max(p.decisions);
        if game < 3 {
            replay_equal(&p);
        }
    }
    eprintln!("netrunner bots: {n} games, {} decisions on average, longest {longest}; end reasons: {reasons:?}", total / n.max(1) as usize);
}

#[test]
fn nr_bot_replay_is_byte_identical() {
    for game in 0..2 {
        let p = play(5000 + game);
        replay_equal(&p);
    }
}

/// Random and malformed inputs and damaged states at positions of bot games never panic
/// (`ENGINE_FUZZ_CASES` cases; a few thousand by default).
#[test]
fn nr_fuzz_apply_never_panics() {
    let n = crate::testing::fuzz::cases_from_env(4_000);
    let s = crate::testing::fuzz::fuzz_apply(&Netrunner, &config(&[]), 1, n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.cases, n);
    assert!(s.refused > 0 && s.accepted > 0, "{s:?}");
    eprintln!("netrunner fuzz: {s:?}");
}
