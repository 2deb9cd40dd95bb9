//! Random bots play whole games: no offered option may fail, every game ends, and replaying
//! the same inputs gives the same states and events.

use crate::mainframe::Mainframe;
use crate::testing::{check_replay, play_random_game, PlayedGame};

use super::kit::config;

const MAX_INPUTS: usize = 20_000;

fn games() -> u64 {
    std::env::var("MAINFRAME_BOT_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(30)
}

/// The option of the one-item-at-a-time Cache (MF-9.5, `cache_resolution` = 1).
const ONE_ITEM: &[(&str, i64)] = &[("cache_resolution", 1)];

fn play(players: u32, game: u64) -> PlayedGame {
    play_with(players, game, &[])
}

fn play_with(players: u32, game: u64, options: &[(&str, i64)]) -> PlayedGame {
    // Probe bad inputs in the first games only: it multiplies the work per position.
    play_random_game(&Mainframe, &config(players, options), game * 7 + u64::from(players), MAX_INPUTS, game < 3)
        .unwrap_or_else(|e| panic!("{players} players, game {game}, options {options:?}: {e}"))
}

fn run_bots(players: u32) {
    run_bots_with(players, games(), &[]);
}

fn run_bots_with(players: u32, n: u64, options: &[(&str, i64)]) {
    let mut total = 0;
    let mut longest = 0;
    for game in 0..n {
        let p = play_with(players, game, options);
        assert!(p.outcome.winners.len() <= 1, "{:?}", p.outcome);
        total += p.decisions;
        longest = longest.max(p.decisions);
        if game < 5 {
            check_replay(&Mainframe, &config(players, options), &p).unwrap_or_else(|e| panic!("game {game}: {e}"));
        }
    }
    eprintln!("{players} players, options {options:?}: {n} games, {} decisions on average, longest {longest}", total / n.max(1) as usize);
}

#[test]
fn mf_bot_random_games_two_players() {
    run_bots(2);
}

#[test]
fn mf_bot_random_games_three_players() {
    run_bots(3);
}

#[test]
fn mf_bot_random_games_four_players() {
    run_bots(4);
}

/// The same oracle with the one-item Cache (option `cache_resolution` = 1): a third of the
/// games of each seat count (`MAINFRAME_BOT_GAMES` scales both).
#[test]
fn mf_bot_random_games_one_item_cache() {
    for players in 2..=4 {
        run_bots_with(players, games().div_ceil(3), ONE_ITEM);
    }
}

#[test]
fn mf_bot_replay_is_byte_identical() {
    for game in 0..3 {
        for players in 2..=4 {
            let p = play(players, 1000 + game);
            check_replay(&Mainframe, &config(players, &[]), &p).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

/// Random and malformed inputs and damaged states at positions of bot games never panic
/// (`ENGINE_FUZZ_CASES` cases per seat count; a few thousand by default).
#[test]
fn mf_fuzz_apply_never_panics() {
    let n = crate::testing::fuzz::cases_from_env(2_000);
    for players in 2..=4 {
        let s = crate::testing::fuzz::fuzz_apply(&Mainframe, &config(players, &[]), u64::from(players), n).unwrap_or_else(|e| panic!("{players} players: {e}"));
        assert_eq!(s.cases, n);
        assert!(s.refused > 0 && s.accepted > 0, "{s:?}");
        eprintln!("mainframe fuzz, {players} players: {s:?}");
    }
}

/// The fuzzer with the one-item Cache (a quarter of the cases).
#[test]
fn mf_fuzz_apply_never_panics_one_item_cache() {
    let n = crate::testing::fuzz::cases_from_env(2_000).div_ceil(4);
    for players in 2..=4 {
        let s = crate::testing::fuzz::fuzz_apply(&Mainframe, &config(players, ONE_ITEM), u64::from(players) + 100, n)
            .unwrap_or_else(|e| panic!("{players} players: {e}"));
        assert_eq!(s.cases, n);
        assert!(s.refused > 0 && s.accepted > 0, "{s:?}");
        eprintln!("mainframe fuzz (one-item Cache), {players} players: {s:?}");
    }
}
