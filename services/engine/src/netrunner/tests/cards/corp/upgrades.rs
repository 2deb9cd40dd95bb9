//! One test per card of `cards/corp/upgrades.rs` (upgrades), named by the card, in title order.

use crate::core::Choice;
use crate::core::*;
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{CorpZone, Stage, ARCHIVES, CORP, HQ, RD};
use crate::netrunner::tests::cards::{corp, corp_turn_begins, corp_window, runner, scored, to_card_question};
use crate::netrunner::tests::kit::{Match, NetrunnerVerbs};

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

#[test]
fn card_amaze_amusements_gives_2_tags_after_a_steal() {
    let mut s = runner();
    s.root(3, c::AMAZE_AMUSEMENTS, true);
    s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.runner.credits = 0;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    if m.kind() == "netrunner.access_order" {
        let ids = m.option_ids();
        m.answer(Choice::Order(ids));
    }
    let g = m.game();
    assert_eq!((g.runner.points, g.runner.tags), (2, 2));
}

#[test]
fn card_angelique_garza_correa_expends_at_threat_3_and_punishes_access_when_rezzed() {
    let mut s = corp();
    let a = s.hq(c::ANGELIQUE_GARZA_CORREA);
    assert!(!s.at_action().offers(&format!("ability:{a}")), "threat 3 only");
    let mut s = corp();
    let a = s.hq(c::ANGELIQUE_GARZA_CORREA);
    s.g.corp.points = 3;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{a}")]);
    m.draw(&[0]);
    assert_eq!(m.game().runner.heap.len(), 1);
    let mut s = runner();
    s.g.corp.credits = 2;
    s.root(3, c::ANGELIQUE_GARZA_CORREA, true);
    s.grip_n(c::SURE_GAMBLE, 3);
    let mut m = s.at_action();
    m.run_on(3);
    to_card_question(&mut m);
    m.pick(&["yes"]);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!((m.game().runner.heap.len(), m.game().corp.credits), (2, 0));
}

#[test]
fn card_anoetic_void_declined_lets_the_run_go_on() {
    let mut s = runner();
    s.g.corp.credits = 2;
    s.root(3, c::ANOETIC_VOID, true);
    s.hq(c::HEDGE_FUND);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["decline"]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.hq.len()), (2, 2), "nothing paid, nothing trashed");
    assert!(g.run.is_some() || m.has_event("netrunner.run_successful"), "the run goes on");
}

#[test]
fn card_anoetic_void_ends_the_run_for_2_credits_and_2_cards() {
    let mut s = runner();
    s.g.corp.credits = 2;
    s.root(3, c::ANOETIC_VOID, true);
    let a = s.hq(c::HEDGE_FUND);
    let b = s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(3);
    // Use it or not first; then exactly 2 cards (a pick of 1 is never offered).
    assert_eq!(m.kind(), "netrunner.anoetic_void");
    assert_eq!(m.option_ids(), ["use", "decline"]);
    m.pick(&["use"]);
    assert_eq!(m.kind(), "netrunner.anoetic_void_trash");
    assert!(matches!(m.decision().spec, DecisionSpec::Pick { min: 2, max: 2, .. }));
    m.pick(&[&format!("card:{a}"), &format!("card:{b}")]);
    let g = m.game();
    assert!(g.run.is_none() && !m.has_event("netrunner.run_successful"));
    assert_eq!((g.corp.credits, g.corp.archives.len()), (0, 2));
}

#[test]
fn card_brasilia_government_grid_derezzes_another_ice_for_3_strength_and_is_one_region_per_server() {
    let mut s = runner();
    s.g.corp.credits = 10;
    s.root(3, c::BRASILIA_GOVERNMENT_GRID, true);
    let ice = s.ice(3, c::PALISADE, false);
    let other = s.ice(crate::netrunner::state::HQ, c::PALISADE, true);
    s.root(3, c::REGOLITH_MINING_LICENSE, true);
    // A breaker, so that the Runner stops in the encounter.
    s.installed(c::CLEAVER);
    let mut m = s.at_action();
    m.run_on(3);
    let strength = m.game().ice_strength(ice);
    m.rez(ice);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("derez:{other}")]);
    let g = m.game();
    assert!(!g.rezzed(other) && g.rezzed(ice));
    assert_eq!(g.ice_strength(ice), strength + 3, "for the remainder of the run");
    m.pass_windows();
    assert!(m.game().run.is_none());
    assert_eq!(m.game().ice_strength(ice), strength, "the run is over");

    // A second region installed in that server replaces the first.
    let mut s = corp();
    let old = s.root(3, c::BRASILIA_GOVERNMENT_GRID, false);
    let new = s.hq(c::BRASILIA_GOVERNMENT_GRID);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{new}:3")]);
    let g = m.game();
    assert!(g.is_installed(new) && g.corp.archives.contains(&old));
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
fn card_isaac_liberdade_strengthens_advanced_ice_and_moves_at_turn_end_placing_a_counter() {
    let mut s = corp();
    let isaac = s.root(RD, c::ISAAC_LIBERDADE, true);
    let advanced = s.ice(RD, c::PALISADE, true);
    s.g.cards[advanced as usize].adv = 1;
    let plain = s.ice(RD, c::PALISADE, true);
    let there = s.ice(3, c::PALISADE, true);
    s.root(3, c::REGOLITH_MINING_LICENSE, true);
    let base = s.g.ice_strength(plain);
    assert_eq!(s.g.ice_strength(advanced), base + 2);
    let mut m = s.start(Stage::EndTurn);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&["move:3"]);
    m.pick(&[&format!("advance:{there}")]);
    let g = m.game();
    assert!(g.server(3).is_some_and(|s| s.root.contains(&isaac)));
    assert_eq!(g.adv(there), 1);
    assert_eq!(g.ice_strength(advanced), base, "no longer protected by Isaac");
    assert!(g.ice_strength(there) > g.ice_strength(advanced) + 1, "advanced, and Isaac is here now");
}

#[test]
fn card_mahkota_langit_grid_pays_rezzes_in_its_server_and_raises_its_assets_trash_cost() {
    let mut s = corp();
    s.g.corp.credits = 2;
    let grid = s.root(3, c::MAHKOTA_LANGIT_GRID, false);
    let nico = s.root(3, c::NICO_CAMPAIGN, false);
    let elsewhere = s.root(4, c::NICO_CAMPAIGN, true);
    let mut m = corp_window(s);
    m.rez(grid);
    assert_eq!((m.game().corp.credits, m.game().hosted(grid)), (0, 2));
    assert!(m.offers(&format!("rez:{nico}")), "its credits rez an asset in its root");
    m.rez(nico);
    let g = m.game();
    assert_eq!(g.hosted(grid), 0);
    let printed = g.def(nico).trash.unwrap_or(0);
    assert_eq!(g.trash_cost(nico), Some(printed + 2));
    assert_eq!(g.trash_cost(elsewhere), Some(printed));
}

#[test]
fn card_mahkota_langit_grid_trashed_while_accessed_still_raises_the_trash_cost_of_its_assets_persistent_cr_1_16() {
    let mut s = runner();
    s.g.runner.credits = 20;
    let grid = s.root(3, c::MAHKOTA_LANGIT_GRID, true);
    let nico = s.root(3, c::NICO_CAMPAIGN, true);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.answer(Choice::Order(vec!["slot:0".into(), "slot:1".into()]));
    let grid_cost = m.game().trash_cost(grid).unwrap_or(0);
    m.pick(&["trash"]);
    let g = m.game();
    assert!(g.corp.archives.contains(&grid));
    let printed = g.def(nico).trash.unwrap_or(0);
    assert_eq!(g.trash_cost(nico), Some(printed + 2), "persistent: still +2 while this access lasts");
    m.pick(&["trash"]);
    let g = m.game();
    assert_eq!(g.runner.credits, 20 - grid_cost - (printed + 2));
    assert!(g.corp.archives.contains(&nico));
}

#[test]
fn card_malapert_data_vault_fetches_a_non_agenda_from_rd_on_score() {
    let (mut s, a) = scored(c::OFFWORLD_OFFICE);
    s.root(3, c::MALAPERT_DATA_VAULT, true);
    let ag = s.rd(c::SEND_A_MESSAGE);
    let h = s.rd(c::HEDGE_FUND);
    let mut m = corp_window(s);
    m.score(a);
    assert!(!m.offers(&format!("take:{ag}")));
    m.pick(&[&format!("take:{h}")]);
    assert!(m.game().corp.hq.contains(&h));
}

#[test]
fn card_manegarm_skunkworks_ends_the_run_unless_the_runner_pays() {
    let mut s = runner();
    s.root(3, c::MANEGARM_SKUNKWORKS, true);
    let mut m = s.at_action();
    m.run_on(3);
    assert_eq!(m.kind(), "netrunner.manegarm");
    assert_eq!(m.option_ids(), vec!["pay", "clicks", "end"]);
    m.pick(&["end"]);
    assert!(m.game().run.is_none() && !m.has_event("netrunner.run_successful"));
    let mut s = runner();
    s.root(3, c::MANEGARM_SKUNKWORKS, true);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["clicks"]);
    assert_eq!(m.game().runner.clicks, 1);
    m.pick(&["continue"]);
    assert!(m.has_event("netrunner.run_successful"));
}

#[test]
fn card_mercia_b4ll4rd_installs_an_ice_1_cheaper_when_the_action_phase_ends_and_follows_it() {
    let mut s = corp().corp_turn(1);
    let mercia = s.root(HQ, c::MERCIA_B4LL4RD, true);
    s.ice(RD, c::PALISADE, false);
    s.ice(RD, c::PALISADE, false);
    let ice = s.hq(c::PALISADE);
    s.g.corp.credits = 1;
    let mut m = s.at_action();
    m.pick(&["credit"]);
    m.pass_windows();
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("install:{ice}:{RD}")]);
    // Trash nothing there first (NR-3.4).
    m.pick(&[]);
    let g = m.game();
    assert!(g.server(RD).is_some_and(|s| s.ice.contains(&ice) && s.root.contains(&mercia)));
    assert_eq!(g.corp.credits, 1, "2 ice there: 2 credits less 1, after the credit gained");
}

#[test]
fn card_mitra_aman_is_trashed_for_3_and_swaps_the_approached_ice_with_one_from_hq() {
    let mut s = runner();
    let mitra = s.root(3, c::MITRA_AMAN, true);
    let vsa = s.ice(3, c::VIRTUAL_SERVICE_AGENT, true);
    let pal = s.hq(c::PALISADE);
    let mut m = s.at_action();
    m.run_on(3);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&["trash"]);
    assert!(!m.offers(&format!("swap:{vsa}")));
    m.pick(&[&format!("swap:{pal}")]);
    let g = m.game();
    assert_eq!(g.run.as_ref().and_then(|r| r.current), Some(pal), "the Runner approaches the new ice");
    assert!(m.events.iter().all(|e| !e.text.contains("Palisade")), "the public text does not name the card from HQ");
    to_card_question(&mut m);
    let g = m.game();
    assert_eq!(g.server(3).map(|s| s.ice.clone()), Some(vec![pal]));
    assert!(g.corp.hq.contains(&vsa) && g.corp.archives.contains(&mitra) && !g.rezzed(pal));
    assert_eq!((g.corp.credits, g.runner.credits), (3, 5), "gained 3; the unrezzed ice was not encountered");
}

#[test]
fn card_the_holo_man_moves_when_the_turn_begins_and_places_3_counters_or_2_after_an_hq_install() {
    let mut s = corp();
    let holo = s.root(HQ, c::THE_HOLO_MAN, true);
    s.root(3, c::REGOLITH_MINING_LICENSE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&["move:3"]);
    assert!(m.game().server(3).is_some_and(|s| s.root.contains(&holo)));

    for install_first in [false, true] {
        let mut s = corp();
        s.g.corp.credits = 10;
        let holo = s.root(3, c::THE_HOLO_MAN, true);
        let a = s.root(3, c::ORBITAL_SUPERIORITY, false);
        let other = s.hq(c::REGOLITH_MINING_LICENSE);
        let mut m = s.at_action();
        if install_first {
            m.install(other);
            m.pass_windows();
        }
        m.pick(&[&format!("ability:{holo}:{a}")]);
        let g = m.game();
        assert_eq!(g.adv(a), if install_first { 2 } else { 3 });
        assert_eq!(g.corp.credits, 6);
        assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("ability:{holo}"))), "once per turn");
    }
}

#[test]
fn card_tucana_is_installed_only_in_the_root_of_a_remote_server() {
    let mut s = corp();
    let t = s.hq(c::TUCANA);
    s.root(3, c::NICO_CAMPAIGN, false);
    let m = s.at_action();
    for central in [HQ, RD, ARCHIVES] {
        assert!(!m.offers(&format!("install:{t}:{central}")), "remote server only, not {central}");
    }
    assert!(m.offers(&format!("install:{t}:3")) && m.offers(&format!("install:{t}:new")));
}

#[test]
fn card_tucana_searches_an_ice_when_an_agenda_is_scored_from_its_root_and_installs_and_rezzes_it_3_less() {
    let mut s = corp();
    s.g.corp.credits = 0;
    s.root(3, c::TUCANA, true);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 4;
    let pal = s.rd(c::PALISADE);
    let op = s.rd(c::HEDGE_FUND);
    s.ice(HQ, c::PALISADE, true);
    let mut m = corp_window(s);
    m.score(a);
    assert!(!m.offers(&format!("search:{op}")), "ice only");
    m.pick(&[&format!("search:{pal}")]);
    m.pick(&[&format!("install:{pal}:{HQ}")]);
    m.pick(&[]); // trash nothing there first
    let g = m.game();
    assert!(g.rezzed(pal));
    assert_eq!(g.corp.credits, 7 - 1, "Offworld Office's 7, then install 1 and rez 3, 3 less");
}

#[test]
fn card_vovo_ozetti_lowers_rez_costs_here_by_2_root_cards_at_threat_4_and_moves_at_turn_end() {
    let mut s = runner();
    s.g.corp.credits = 10;
    s.root(3, c::VOVO_OZETTI, true);
    let ice = s.ice(3, c::PALISADE, false);
    let elsewhere = s.ice(RD, c::PALISADE, false);
    let printed = s.g.def(ice).cost.unwrap_or(0);
    assert_eq!((s.g.ice_rez_cost(ice), s.g.ice_rez_cost(elsewhere)), (printed - 2, printed));
    s.installed(c::CLEAVER);
    let mut m = s.at_action();
    m.run_on(3);
    m.rez(ice);
    assert_eq!(m.game().corp.credits, 10 - (printed - 2));

    for (points, lowered) in [(4, 2), (3, 0)] {
        let mut s = corp();
        s.g.corp.points = points;
        s.g.corp.credits = 10;
        s.root(3, c::VOVO_OZETTI, true);
        let a = s.root(3, c::REGOLITH_MINING_LICENSE, false);
        let printed = s.g.def(a).cost.unwrap_or(0);
        let mut m = corp_window(s);
        m.rez(a);
        assert_eq!(m.game().corp.credits, 10 - (printed - lowered).max(0), "threat {points}");
    }

    let mut s = corp();
    let v = s.root(3, c::VOVO_OZETTI, true);
    let mut m = s.start(Stage::EndTurn);
    m.pick(&["move:0"]);
    assert!(m.game().server(HQ).is_some_and(|s| s.root.contains(&v)));
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

/// A run on Server 1 holding Daniela Jorge Inácio (rezzed) and an agenda, with `grip` cards.
fn daniela_run(grip: usize) -> (Match, u32, u32) {
    let mut s = runner();
    s.g.runner.credits = 5;
    let dani = s.root(3, c::DANIELA_JORGE_INACIO, true);
    let agenda = s.root(3, c::OFFWORLD_OFFICE, false);
    s.grip_n(c::SURE_GAMBLE, grip);
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
