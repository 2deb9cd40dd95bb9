//! Simultaneous abilities are ordered by the rules (CR 9.2, reaction windows; `effects::triggers`),
//! never by where a card's row is written.

use crate::core::MatchConfig;
use crate::netrunner::cards::{self as c, registration};
use crate::netrunner::data::Format;
use crate::netrunner::effects::triggers;
use crate::netrunner::state::{Stage, CORP, HQ};
use crate::netrunner::Netrunner;
use crate::testing::{play_random_game, PlayedGame};

use super::bot::random_decks_config;
use super::kit::{Match, NetrunnerVerbs, Scenario};

fn corp_turn_begins(mut s: Scenario) -> Match {
    s.g.active = CORP;
    s.start(Stage::TurnBegin)
}

/// Index of the first event whose text mentions `needle`.
fn first_text(m: &Match, needle: &str) -> usize {
    m.log_index(|e| e.text.contains(needle)).unwrap_or_else(|| panic!("no event mentions {needle:?}"))
}

#[test]
fn cr_reaction_window_the_controller_chooses_the_order_of_their_simultaneous_abilities() {
    // Nico Campaign and Otto Campaign both trigger as the Corp's turn begins; each takes
    // credits from itself (not only a gain), so the Corp chooses the order.
    for otto_first in [true, false] {
        let mut s = Scenario::new().auto_pass().corp_turn(3);
        let nico = s.root(3, c::NICO_CAMPAIGN, true);
        s.g.cards[nico as usize].credits = 9;
        let otto = s.root(4, c::OTTO_CAMPAIGN, true);
        s.g.cards[otto as usize].credits = 6;
        s.rd(c::HEDGE_FUND);
        let mut m = corp_turn_begins(s);
        assert_eq!(m.kind(), triggers::ORDER_KIND);
        assert_eq!(m.seat(), CORP);
        assert_eq!(m.option_ids().len(), 2, "{:?}", m.labels());
        m.choose(&format!("Resolve {} first", m.game().label(if otto_first { otto } else { nico })));
        let (o, n) = (first_text(&m, "Otto Campaign"), first_text(&m, "Nico Campaign"));
        assert_eq!(o < n, otto_first, "the chosen ability resolves first");
        let g = m.game();
        assert_eq!((g.hosted(nico), g.hosted(otto)), (6, 4), "both resolved once");
    }
}

#[test]
fn cr_reaction_window_abilities_that_only_gain_credits_resolve_without_a_question() {
    // Two Public Access Plazas' gains commute: no order to choose (`effects::triggers::order_free`).
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.root(3, c::PUBLIC_ACCESS_PLAZA, true);
    s.root(4, c::PUBLIC_ACCESS_PLAZA, true);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    assert!(!m.log.iter().any(|e| e.kind == "netrunner.trigger_chosen"));
    assert_ne!(m.kind(), triggers::ORDER_KIND);
}

#[test]
fn cr_reaction_window_the_active_players_abilities_resolve_first() {
    // The Corp rezzes an ice during a run: the Corp's "whenever you rez a card" (Working
    // Prototype) and the Runner's "whenever the Corp rezzes ice" (Saci) meet their conditions
    // together; the Runner is the active player, so Saci resolves first.
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let ice = s.ice(HQ, c::TITHE, false);
    let wp = s.root(HQ, c::WORKING_PROTOTYPE, true);
    let sa = s.installed(c::SACI);
    s.g.cards[sa as usize].host = Some(ice);
    s.hq(c::HEDGE_FUND);
    s.g.corp.credits = 1;
    s.g.options.auto_pass = false;
    let mut m = s.at_action();
    m.run_on(HQ);
    while !m.offers(&format!("rez:{ice}")) {
        m.pick(&["pass"]);
    }
    m.rez(ice);
    let saci = m.log_index(|e| e.text.contains("Saci")).expect("Saci gained");
    let proto = m.log_index(|e| e.kind == "netrunner.power_counters" && e.detail["card"] == wp).expect("a power counter");
    assert!(saci < proto, "the active player's ability first");
}

fn games() -> u64 {
    std::env::var("NETRUNNER_LAYOUT_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(100)
}

fn play(cfg: &MatchConfig, game: u64) -> PlayedGame {
    play_random_game(&Netrunner, cfg, game * 17 + 5, 200_000, false).unwrap_or_else(|e| panic!("game {game}: {e}"))
}

/// `NETRUNNER_LAYOUT_GAMES` (100 by default) random Startup games, each played twice: with the
/// card rows registered as the tables list them, and reversed (even games) or shuffled by a seed
/// (odd games). Every event and every awaited input must be the same: the layout of the card
/// files is not a rule of the game.
#[test]
fn nr_card_layout_is_no_rule_games_are_identical_whatever_the_registration_order() {
    for game in 0..games() {
        let cfg = random_decks_config(Format::Startup, game);
        let plain = play(&cfg, game);
        let seed = if game % 2 == 0 { 0 } else { game };
        let other = registration::with_rows_shuffled(seed, || play(&cfg, game));
        assert_eq!(plain.events, other.events, "game {game}: the events differ with the rows registered in another order");
        assert_eq!(plain.states, other.states, "game {game}: the states differ");
    }
}
