//! The card tests, filed like the cards (`cards/corp/*.rs`, `cards/runner/*.rs`): one
//! `card_<title>_…` test per card in the file of its card type; here, the scenarios they share.

pub mod corp;
pub mod runner;

use crate::core::stack::PriorityRound;
use crate::core::{Choice, Input, Ruleset, Viewer};
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{At, Stage, CORP, HQ, RUNNER};
use crate::netrunner::tests::cards::corp::agendas::see_how_they_run_scored;
use crate::netrunner::tests::kit::{Match, NetrunnerVerbs, Scenario};
use crate::netrunner::Netrunner;

/// The Corp with 3 clicks and no credits to spend in windows.
pub(crate) fn corp() -> Scenario {
    Scenario::new().auto_pass().corp_turn(3)
}

/// The Runner with 4 clicks; the Corp has no credits (so it never has a rez to offer).
pub(crate) fn runner() -> Scenario {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    s
}

pub(crate) fn corp_window(s: Scenario) -> Match {
    s.start(Stage::Window { at: At::Action, round: PriorityRound::new(vec![CORP, RUNNER]) })
}

/// A card's name as a test name: "Brân 1.0" -> "bran_1_0", "Tomorrow's Headline" -> "tomorrows_headline".
pub(crate) fn snake(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars() {
        let ch = match ch {
            'â' | 'ā' => 'a',
            'é' => 'e',
            // Startup titles.
            'á' | 'ã' | 'ậ' => 'a',
            'ç' => 'c',
            'í' | 'ï' => 'i',
            'ô' | 'ō' | 'Ō' => 'o',
            c => c,
        };
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if ch != '\'' && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_string()
}

pub(crate) fn scored(code: &str) -> (Scenario, u32) {
    let mut s = corp();
    let a = s.root(3, code, false);
    s.g.cards[a as usize].adv = 5;
    (s, a)
}

/// The Corp's turn from its beginning (clicks, "when your turn begins", the mandatory draw).
pub(crate) fn corp_turn_begins(mut s: Scenario) -> Match {
    s.g.active = CORP;
    s.start(Stage::TurnBegin)
}

/// Walk a run up to its next card question (passing windows, continuing).
pub(crate) fn to_card_question(m: &mut Match) {
    loop {
        match m.kind().as_str() {
            "netrunner.window" => m.pass(),
            "netrunner.continue" => m.pick(&["continue"]),
            _ => return,
        }
    }
}

/// An agenda already in the Corp's score area.
pub(crate) fn scored_startup_corp(s: &mut Scenario, code: &str, agenda_counters: u32) -> u32 {
    let a = s.card(code);
    s.g.cards[a as usize].agenda = agenda_counters;
    s.g.corp.score.push(a);
    a
}

/// The Corp's discard phase (its hand within the limit): "when your discard phase ends"; the
/// windows after it wait (the turn's flags are still there).
pub(crate) fn corp_discard_phase(mut s: Scenario) -> Match {
    s.g.options.auto_pass = false;
    s.start(Stage::Discard)
}

#[test]
pub(crate) fn rule_a_card_that_cannot_be_scored_this_turn_is_not_offered() {
    let mut s = corp();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 4;
    s.g.flags.no_score.push(a);
    let m = corp_window(s);
    assert!(!m.offers(&format!("score:{a}")));
}

/// Walk a run until `id` is offered (passing windows, continuing).
pub(crate) fn until_offered(m: &mut Match, id: &str) {
    for _ in 0..20 {
        if m.offers(id) {
            return;
        }
        match m.kind().as_str() {
            "netrunner.window" => m.pass(),
            _ => m.pick(&["continue"]),
        }
    }
    panic!("{id} never offered");
}

/// The Runner's and a spectator's view, the pending decision and the events as they see them,
/// after the Corp's secret bid, are the same whatever it bid; the Corp's own view shows its bid.
#[test]
pub(crate) fn psi_game_the_corps_bid_is_hidden_from_the_runner_and_spectators_until_the_runner_bids() {
    let m = see_how_they_run_scored(5);
    let before = m.state.clone();
    let d = m.decision();
    let after = |bid: &str| {
        let input = Input::Decision { decision_id: d.id, seat: CORP, choice: Choice::Pick(vec![bid.to_string()]) };
        Netrunner.apply(&before, &input).expect("a bid offered is accepted")
    };
    let (zero, two) = (after("bid:0"), after("bid:2"));
    for v in [Viewer::Seat(RUNNER), Viewer::Spectator] {
        assert_eq!(Netrunner.view(&zero.state, v).unwrap(), Netrunner.view(&two.state, v).unwrap(), "{v:?}'s view");
        let seen = |s: &crate::core::Step| -> Vec<String> { s.events.iter().map(|e| format!("{:?}", e.as_seen_by(v))).collect() };
        assert_eq!(seen(&zero), seen(&two), "{v:?}'s events");
        let pending = |s: &crate::core::Step| match &s.awaiting {
            crate::core::Awaiting::Decision(d) => serde_json::to_value(d.as_seen_by(v)).unwrap(),
            _ => serde_json::Value::Null,
        };
        assert_eq!(pending(&zero), pending(&two), "{v:?}'s pending decision");
    }
    assert_eq!(Netrunner.view(&two.state, Viewer::Seat(CORP)).unwrap()["corp"]["psi_bid"], 2, "the Corp sees its own bid");
    // The leak oracle's check of secret inputs names exactly these alternatives.
    let alts = crate::testing::leak::HiddenInfo::secret_alternatives(
        &Netrunner,
        &before,
        &Input::Decision { decision_id: d.id, seat: CORP, choice: Choice::Pick(vec!["bid:1".into()]) },
        Viewer::Seat(RUNNER),
    );
    assert_eq!(alts.len(), 2);
    assert!(crate::testing::leak::HiddenInfo::secret_alternatives(&Netrunner, &before, &alts[0], Viewer::Seat(CORP)).is_empty());
}

/// Strength an ice loses "for the remainder of this encounter" (Leech) is gone when the Runner
/// meets the next ice (NR-6.3).
#[test]
pub(crate) fn nr_6_3_strength_lowered_for_an_encounter_does_not_carry_to_the_next_ice() {
    let mut s = runner();
    let leech = s.installed(c::LEECH);
    s.g.cards[leech as usize].virus = 2;
    let inner = s.ice(HQ, c::VIRTUAL_SERVICE_AGENT, true);
    let outer = s.ice(HQ, c::VIRTUAL_SERVICE_AGENT, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("leech:{leech}"));
    m.pick(&[&format!("leech:{leech}")]);
    assert_eq!(m.game().ice_strength(outer), 1);
    m.pass_windows();
    until_offered(&mut m, &format!("leech:{leech}"));
    let g = m.game();
    assert_eq!(g.run.as_ref().and_then(|r| r.current), Some(inner));
    assert_eq!(g.ice_strength(inner), 2, "the outer ice's -1 ended with its encounter");
}

pub(crate) fn bypassed(m: &crate::netrunner::tests::kit::Match) -> bool {
    m.has_event("netrunner.bypassed") && !m.has_event("netrunner.subroutine")
}
