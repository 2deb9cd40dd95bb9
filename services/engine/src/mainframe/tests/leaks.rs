//! The leak oracle ([`crate::testing::leak`]) over random mainframe games at 2, 3 and 4 seats.
//! `MAINFRAME_LEAK_GAMES` sets the games per seat count (default a few, for CI).

use crate::mainframe::Mainframe;
use crate::testing::leak::{check_game, games_from_env, LeakStats};

use super::kit::config;

fn run(players: u32) {
    let n = games_from_env("MAINFRAME_LEAK_GAMES", 4);
    let mut total = LeakStats::default();
    for game in 0..n {
        let stats = check_game(&Mainframe, &Mainframe, &config(players, &[]), game * 13 + u64::from(players), 20_000)
            .unwrap_or_else(|e| panic!("{players} players, game {game}: {e}"));
        total.add(stats);
    }
    assert!(total.views_compared > 0 && total.decisions_checked > 0);
    eprintln!("mainframe, {players} players: {n} games, {total:?}");
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): `Decision.summary`.
#[test]
fn mf_no_viewer_sees_a_hidden_card_two_players() {
    run(2);
}

#[test]
fn mf_no_viewer_sees_a_hidden_card_three_players() {
    run(3);
}

#[test]
fn mf_no_viewer_sees_a_hidden_card_four_players() {
    run(4);
}
