//! One test per Corp card of `cards/corp_last.rs`, named by the card, and the psi game's secrecy
//! (Comprehensive Rules, "psi game"): between the two bids nothing the Runner or a spectator
//! sees depends on the Corp's bid.

use crate::core::{Choice, Input, Ruleset, Viewer};
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{CorpZone, Stage, CORP, HQ, RUNNER};
use crate::netrunner::Netrunner;

use super::cards_startup_corp::{corp, corp_window, runner};
use super::kit::{Match, NetrunnerVerbs};

/// See How They Run scored from a remote: 1 tag, then the Corp's secret bid is asked.
fn see_how_they_run_scored(corp_credits: i64) -> Match {
    let mut s = corp();
    s.g.corp.credits = corp_credits;
    let a = s.root(3, c::SEE_HOW_THEY_RUN, false);
    s.g.cards[a as usize].adv = 4;
    for _ in 0..3 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = corp_window(s);
    m.score(a);
    m
}

#[test]
fn card_see_how_they_run_tags_then_psi_game_differ_core_damage_match_net_damage() {
    let mut m = see_how_they_run_scored(5);
    assert_eq!(m.game().runner.tags, 1);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.psi_corp", CORP));
    assert_eq!(m.option_ids(), ["bid:0", "bid:1", "bid:2"]);
    m.pick(&["bid:2"]);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.psi_runner", RUNNER));
    m.pick(&["bid:1"]);
    assert!(m.has_event("netrunner.psi"));
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.runner.credits), (3, 4), "both bids are spent");
    assert_eq!((g.runner.core_damage, g.runner.heap.len()), (1, 1), "the bids differ: 1 core damage");

    let mut m = see_how_they_run_scored(5);
    m.pick(&["bid:1"]);
    m.pick(&["bid:1"]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.core_damage, g.runner.heap.len()), (0, 1), "the bids match: 1 net damage");
}

#[test]
fn card_see_how_they_run_psi_bids_never_exceed_credits() {
    let m = see_how_they_run_scored(1);
    assert_eq!(m.option_ids(), ["bid:0", "bid:1"], "the Corp cannot bid more than it has");
}

/// The Runner's and a spectator's view, the pending decision and the events as they see them,
/// after the Corp's secret bid, are the same whatever it bid; the Corp's own view shows its bid.
#[test]
fn psi_game_the_corps_bid_is_hidden_from_the_runner_and_spectators_until_the_runner_bids() {
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

/// A run on Server 1 holding Adrian Seis (rezzed) and an agenda, up to the Corp's secret bid.
fn adrian_run() -> (Match, u32, u32) {
    let mut s = runner();
    s.g.corp.credits = 5;
    let adrian = s.root(3, c::ADRIAN_SEIS, true);
    let agenda = s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    (m, adrian, agenda)
}

#[test]
fn card_adrian_seis_psi_game_limits_access_to_it_or_away_from_it_and_moves_at_turn_end() {
    let (mut m, adrian, agenda) = adrian_run();
    assert_eq!(m.kind(), "netrunner.psi_corp");
    m.pick(&["bid:0"]);
    m.pick(&["bid:1"]);
    // The bids differ: only Adrian Seis is accessed (no order to choose, no agenda stolen).
    while m.kind() == "netrunner.access" || m.kind() == "netrunner.window" {
        let id = if m.offers("leave") { "leave" } else { "pass" };
        m.pick(&[id]);
    }
    let g = m.game();
    assert_eq!(g.runner.score.len(), 0);
    assert!(m.log.iter().any(|e| e.kind == "netrunner.accessed" && e.detail["card"] == adrian));

    let (mut m, _, _) = adrian_run();
    m.pick(&["bid:1"]);
    m.pick(&["bid:1"]);
    // The bids match: Adrian Seis is not accessed; the agenda is (and stolen).
    let g = m.game();
    assert!(g.runner.score.contains(&agenda));
    assert!(!m.log.iter().any(|e| e.kind == "netrunner.accessed" && e.detail["card"] == adrian));

    let mut s = corp();
    let adrian = s.root(3, c::ADRIAN_SEIS, true);
    let mut m = s.start(Stage::EndTurn);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("move:{HQ}")]);
    assert_eq!(m.game().corp_zone(adrian), CorpZone::Root(HQ));
}

/// A run on Server 1 holding Daniela Jorge Inácio (rezzed) and an agenda, with `grip` cards.
fn daniela_run(grip: usize) -> (Match, u32, u32) {
    let mut s = runner();
    s.g.runner.credits = 5;
    let dani = s.root(3, c::DANIELA_JORGE_INACIO, true);
    let agenda = s.root(3, c::OFFWORLD_OFFICE, false);
    for _ in 0..grip {
        s.grip(c::SURE_GAMBLE);
    }
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    (m, dani, agenda)
}

/// The access order: `first` accessed first.
fn access_first(m: &mut Match, first: u32) {
    assert_eq!(m.kind(), "netrunner.access_order");
    let items = m.option_ids();
    let (a, b) = (items[0].clone(), items[1].clone());
    let labels = m.labels();
    let first_is_a = labels[0].contains(&format!("#{first}"));
    let order = if first_is_a { vec![a, b] } else { vec![b, a] };
    m.answer(Choice::Order(order));
}

#[test]
fn card_daniela_jorge_inacio_steal_and_trash_cost_2_grip_cards_at_random_persistent_cr_1_16() {
    // Stealing costs 2 grip cards at random, added to the bottom of the stack.
    let (mut m, dani, agenda) = daniela_run(3);
    access_first(&mut m, agenda);
    assert_eq!(m.option_ids(), ["steal", "leave"]);
    m.pick(&["steal"]);
    m.draw(&[0]);
    m.draw(&[1]);
    let g = m.game();
    assert!(g.runner.score.contains(&agenda));
    assert_eq!((g.runner.grip.len(), g.runner.stack.len()), (1, 3));
    assert!(m.has_event("netrunner.grip_to_stack"));
    // Then Daniela herself: the trash's extra cost cannot be paid with 1 grip card.
    assert!(!m.offers("trash"));
    assert!(m.game().is_installed(dani));

    // Persistent: trashed first, her steal cost still applies in this access.
    let (mut m, dani2, agenda) = daniela_run(4);
    access_first(&mut m, dani2);
    m.pick(&["trash"]);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert!(g.corp.archives.contains(&dani2));
    assert_eq!((g.runner.credits, g.runner.grip.len()), (5 - 2, 2));
    assert_eq!(m.option_ids(), ["steal", "leave"], "the cost persists");
    m.pick(&["steal"]);
    m.draw(&[0]);
    m.draw(&[0]);
    assert!(m.game().runner.score.contains(&agenda));
    assert_eq!(m.game().runner.grip.len(), 0);

    // Too few grip cards: the agenda cannot be stolen (nothing to decide), nor Daniela trashed.
    let (mut m, dani, agenda) = daniela_run(1);
    access_first(&mut m, agenda);
    let g = m.game();
    assert!(!g.runner.score.contains(&agenda) && g.is_installed(agenda) && g.is_installed(dani));
    assert_eq!(g.runner.grip.len(), 1);
}

#[test]
fn card_plutus_rez_costs_a_forfeit_or_3_revealed_hq_cards_and_plays_a_transaction_from_archives() {
    let mut s = corp();
    s.g.corp.credits = 5;
    let p = s.root(3, c::PLUTUS, false);
    let hq: Vec<u32> = (0..3).map(|_| s.hq(c::PALISADE)).collect();
    let scored = s.card(c::OFFWORLD_OFFICE);
    s.g.corp.score.push(scored);
    let mut m = corp_window(s);
    assert!(!m.offers(&format!("rez:{p}")), "the additional cost must be paid");
    assert!(m.offers(&format!("rez-forfeit:{p}:{scored}")));
    m.pick(&[&format!("rez-hq:{p}")]);
    let ids: Vec<String> = hq.iter().map(|k| format!("card:{k}")).collect();
    m.pick(&ids.iter().map(String::as_str).collect::<Vec<_>>());
    let g = m.game();
    assert!(g.rezzed(p));
    assert!(hq.iter().all(|k| g.corp.archives.contains(k) && g.cards[*k as usize].faceup));
    assert!(g.corp.score.contains(&scored));

    // When the Corp's turn begins: a transaction from Archives, then removed from the game.
    let mut s = corp();
    s.g.corp.credits = 5;
    s.root(3, c::PLUTUS, true);
    let h = s.archives(c::HEDGE_FUND, true);
    s.rd(c::PALISADE);
    s.g.active = CORP;
    let mut m = s.start(Stage::TurnBegin);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&[&format!("play:{h}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 9, "Hedge Fund's 9 for its 5");
    assert!(g.corp.removed.contains(&h) && !g.corp.archives.contains(&h));
}

#[test]
fn card_stoke_the_embers_gains_3_and_advances_when_scored_and_may_reveal_when_installed_not_from_hq() {
    let mut s = corp();
    s.g.corp.credits = 0;
    let a = s.root(3, c::STOKE_THE_EMBERS, false);
    s.g.cards[a as usize].adv = 4;
    let ice = s.ice(HQ, c::PALISADE, false);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&[&format!("card:{ice}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.adv(ice)), (3, 1));

    // Installed from Archives (The Powers That Be): the Corp may reveal it.
    let mut s = corp();
    s.g.corp.credits = 0;
    s.root(3, c::THE_POWERS_THAT_BE, true);
    let o = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[o as usize].adv = 4;
    let stoke = s.archives(c::STOKE_THE_EMBERS, true);
    let ice = s.ice(HQ, c::PALISADE, false);
    let mut m = corp_window(s);
    m.score(o);
    m.pick(&[&format!("install:{stoke}:new")]);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&["reveal"]);
    m.pick(&[&format!("card:{ice}")]);
    let g = m.game();
    assert!(g.is_installed(stoke));
    assert_eq!((g.corp.credits, g.adv(ice)), (7 + 2, 1));
    assert!(m.log.iter().any(|e| e.kind == "netrunner.revealed" && e.detail["card"] == stoke));

    // Installed from HQ: nothing to reveal.
    let mut s = corp();
    let h = s.hq(c::STOKE_THE_EMBERS);
    let mut m = s.at_action();
    m.install(h);
    assert_ne!(m.kind(), c::CARD_KIND);
}
