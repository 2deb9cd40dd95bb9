//! The leak oracle over random neonhope games at 1 to 4 seats: no seat or spectator ever gets
//! the encounter-deck order or another seat's drawn encounter card (H-10).
//! `NEONHOPE_LEAK_GAMES` sets the games per seat count.

use crate::neonhope::Neonhope;
use crate::testing::leak::{check_game, games_from_env, LeakStats};

use super::kit::config;

fn run(seats: u32) {
    let n = games_from_env("NEONHOPE_LEAK_GAMES", 3);
    let mut total = LeakStats::default();
    for game in 0..n {
        let stats = check_game(&Neonhope, &Neonhope, &config(seats, &[]), game * 17 + u64::from(seats), 50_000)
            .unwrap_or_else(|e| panic!("{seats} seats, game {game}: {e}"));
        total.add(stats);
    }
    assert!(total.views_compared > 0 && total.decisions_checked > 0);
    eprintln!("neonhope, {seats} seat(s): {n} games, {total:?}");
}

#[test]
fn nh_3_13_no_viewer_sees_a_hidden_card_one_seat() {
    run(1);
}

#[test]
fn nh_3_13_no_viewer_sees_a_hidden_card_two_seats() {
    run(2);
}

#[test]
fn nh_3_13_no_viewer_sees_a_hidden_card_four_seats() {
    run(4);
}
