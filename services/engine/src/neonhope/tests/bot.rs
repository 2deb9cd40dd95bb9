//! Random bots play whole games at 1 to 4 seats: every offered input is accepted, bad inputs
//! are refused, every game ends, replay is byte-identical; the end reasons are counted.
//!
//! The 1,000 games per seat count:
//! `NEONHOPE_BOT_GAMES=1000 cargo test -p engine --lib neonhope::tests::bot::nh_bot_random -- --nocapture`
//! (CI plays `games()`'s default slice).

use crate::neonhope::Neonhope;
use crate::testing::{check_replay, play_random_game, PlayedGame};

use super::kit::config;

const MAX_INPUTS: usize = 50_000;

fn games() -> u64 {
    std::env::var("NEONHOPE_BOT_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(40)
}

fn play(seats: u32, game: u64, options: &[(&str, i64)]) -> PlayedGame {
    play_random_game(&Neonhope, &config(seats, options), game * 11 + u64::from(seats), MAX_INPUTS, game < 3)
        .unwrap_or_else(|e| panic!("{seats} seats, game {game}: {e}"))
}

/// (won, surveillance, exhausted)
fn run_bots(seats: u32) -> (u64, u64, u64) {
    let n = games();
    let (mut won, mut surveillance, mut exhausted) = (0, 0, 0);
    let mut longest = 0;
    for game in 0..n {
        let p = play(seats, game, &[]);
        let reason = p.outcome.reason.split(':').next().unwrap_or("").to_string();
        match reason.as_str() {
            "won" => {
                assert_eq!(p.outcome.winners, (0..seats).collect::<Vec<_>>(), "H-17: a win lists every seat");
                won += 1;
            }
            "surveillance" => surveillance += 1,
            "exhausted" => exhausted += 1,
            other => panic!("game {game}: unknown end reason {other:?} ({:?})", p.outcome),
        }
        if reason != "won" {
            assert!(p.outcome.winners.is_empty(), "H-17: a loss has no winners");
        }
        longest = longest.max(p.decisions);
        if game < 10 {
            check_replay(&Neonhope, &config(seats, &[]), &p).unwrap_or_else(|e| panic!("game {game}: {e}"));
        }
    }
    eprintln!("neonhope, {seats} seat(s): {n} games: won {won}, surveillance {surveillance}, exhausted {exhausted}; longest {longest} decisions");
    (won, surveillance, exhausted)
}

#[test]
fn nh_bot_random_games_one_seat() {
    run_bots(1);
}

#[test]
fn nh_bot_random_games_two_seats() {
    run_bots(2);
}

#[test]
fn nh_bot_random_games_three_seats() {
    run_bots(3);
}

#[test]
fn nh_bot_random_games_four_seats() {
    run_bots(4);
}

#[test]
fn nh_bot_games_with_every_option_replay() {
    let options = [("responsible_rotates", 1), ("ask_draw_order", 1), ("grid_auto_reveal", 1), ("final_surveillance", 30)];
    for seats in 1..=4 {
        for game in 0..3 {
            let p = play(seats, 500 + game, &options);
            check_replay(&Neonhope, &config(seats, &options), &p).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn nh_fuzz_apply_never_panics() {
    let n = crate::testing::fuzz::cases_from_env(1_000);
    for seats in 1..=4 {
        let s = crate::testing::fuzz::fuzz_apply(&Neonhope, &config(seats, &[]), u64::from(seats), n).unwrap_or_else(|e| panic!("{seats} seats: {e}"));
        assert!(s.refused > 0 && s.accepted > 0, "{s:?}");
    }
}
