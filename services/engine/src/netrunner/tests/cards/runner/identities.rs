//! One test per card of `cards/runner/identities.rs` (Runner identities), named by the card, in title order.

use crate::core::*;
use crate::netrunner::cards::{self as c};
use crate::netrunner::data;
use crate::netrunner::state::{Stage, HQ, RD};
use crate::netrunner::tests::cards::runner;
use crate::netrunner::tests::kit::{NetrunnerVerbs, Scenario};

#[test]
fn card_arissana_rocha_nahu_installs_a_program_during_a_run_trashed_when_it_ends_unless_a_trojan() {
    let mut s = runner();
    s.g.runner.identity = c::ARISSANA_ROCHA_NAHU.into();
    let p = s.grip(c::CLEAVER);
    let t = s.grip(c::BOTULUS);
    s.grip(c::FERMENTER);
    let ice = s.ice(RD, c::PALISADE, false);
    s.hq(c::HEDGE_FUND);
    s.g.runner.credits = 6;
    let mut m = s.at_action();
    assert!(!m.offers("arissana"), "only during a run");
    m.run_on(HQ);
    assert!(m.offers("arissana"));
    m.pick(&["arissana"]);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(m.offers(&format!("install:{t}:{ice}")), "a Trojan on an ice");
    m.pick(&[&format!("install:{p}")]);
    assert!(m.game().runner.programs.contains(&p));
    assert_eq!(m.game().runner.credits, 6 - 3);
    m.pick(&["continue"]);
    m.draw(&[0]);
    let g = m.game();
    assert!(g.run.is_none() && g.runner.heap.contains(&p), "trashed when the run ends");
    m.run_on(HQ);
    assert!(!m.offers("arissana"), "once per turn");
    // A Trojan stays.
    let mut s = runner();
    s.g.runner.identity = c::ARISSANA_ROCHA_NAHU.into();
    let t = s.grip(c::BOTULUS);
    let ice = s.ice(RD, c::PALISADE, false);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["arissana"]);
    m.pick(&[&format!("install:{t}:{ice}")]);
    m.pick(&["continue"]);
    m.draw(&[0]);
    let g = m.game();
    assert!(g.run.is_none() && g.runner.programs.contains(&t));
}

#[test]
fn card_barry_baz_wong_installs_a_resource_or_hardware_when_the_corp_rezzes_ice() {
    let mut s = runner();
    s.g.runner.identity = c::BARRY_BAZ_WONG.into();
    let ice = s.ice(HQ, c::TITHE, false);
    let t = s.grip(c::TELEWORK_CONTRACT);
    s.grip(c::CLEAVER);
    s.hq(c::HEDGE_FUND);
    s.g.corp.credits = 1;
    s.g.options.auto_pass = false;
    let mut m = s.at_action();
    m.run_on(HQ);
    while !m.offers(&format!("rez:{ice}")) {
        m.pick(&["pass"]);
    }
    m.rez(ice);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(m.offers(&format!("install:{t}")) && m.option_ids().len() == 2, "not the program");
    m.pick(&[&format!("install:{t}")]);
    assert!(m.game().runner.resources.contains(&t));
}

#[test]
fn card_dewi_subrotoputri_flips_for_1_credit_with_full_memory_and_back_for_a_card_with_free_memory() {
    let mut s = runner();
    s.g.runner.identity = c::DEWI_SUBROTOPUTRI.into();
    s.installed(c::CLEAVER);
    s.hq(c::HEDGE_FUND);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    assert_ne!(m.kind(), "netrunner.card", "memory not full: the front does nothing");
    let mut s = runner();
    s.g.runner.identity = c::DEWI_SUBROTOPUTRI.into();
    for _ in 0..4 {
        s.installed(c::CLEAVER);
    }
    assert_eq!(s.g.memory_used(), s.g.memory_limit());
    s.hq(c::HEDGE_FUND);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    let g = m.game();
    assert!(g.runner.flipped);
    assert_eq!((g.runner.credits, g.runner.grip.len()), (5 + 1, 0));
    assert!(m.has_event("netrunner.flipped"));
    // The flip side: 1 unused MU, it flips back and draws.
    let mut s = runner();
    s.g.runner.identity = c::DEWI_SUBROTOPUTRI.into();
    s.g.runner.flipped = true;
    s.hq(c::HEDGE_FUND);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    let g = m.game();
    assert!(!g.runner.flipped);
    assert_eq!((g.runner.credits, g.runner.grip.len()), (5, 1));
}

#[test]
fn card_magdalene_keino_chemutai_installs_a_program_or_hardware_discarded_to_hand_size_nr_2_3() {
    let mut s = runner().runner_turn(0);
    s.g.runner.identity = c::MAGDALENE_KEINO_CHEMUTAI.into();
    let p = s.grip(c::CLEAVER);
    let e = s.grip(c::SURE_GAMBLE);
    s.grip_n(c::SURE_GAMBLE, 5);
    let mut m = s.start(Stage::Discard);
    m.pick(&[&format!("discard:{p}"), &format!("discard:{e}")]);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(!m.offers(&format!("install:{e}")), "an event");
    m.pick(&[&format!("install:{p}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&p));
    assert_eq!(g.runner.credits, 5 - 3, "its install cost paid");
    assert!(g.runner.heap.contains(&e));
}

#[test]
fn card_mercury_accesses_1_more_when_the_run_broke_nothing_once_per_turn() {
    let mut s = runner();
    s.g.runner.identity = c::MERCURY.into();
    s.rd_n(c::HEDGE_FUND, 4);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 2);
    m.run_on(RD);
    m.pick(&["continue"]);
    assert_ne!(m.kind(), "netrunner.card", "once per turn");
    let mut s = runner();
    s.g.runner.identity = c::MERCURY.into();
    let cl = s.installed(c::CLEAVER);
    s.ice(RD, c::PALISADE, true);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("break:{cl}:0")]);
    m.pick(&["pass"]);
    m.pick(&["continue"]);
    assert_ne!(m.kind(), "netrunner.card", "a subroutine was broken in this run");
}

#[test]
fn card_muslihat_may_reveal_a_top_icebreaker_or_run_event_into_the_grip() {
    let mut s = runner();
    s.g.runner.identity = c::MUSLIHAT.into();
    let top = s.stack(c::CLEAVER);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.start(Stage::TurnBeginTriggers);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(!m.decision().summary.contains("Cleaver"), "the Corp is not told the card");
    m.pick(&["reveal"]);
    assert_eq!(m.game().runner.grip, vec![top]);
    let mut s = runner();
    s.g.runner.identity = c::MUSLIHAT.into();
    s.stack(c::SURE_GAMBLE);
    let m = s.start(Stage::TurnBeginTriggers);
    assert_eq!(m.kind(), "netrunner.card", "asked whatever the card is");
    assert!(!m.offers("reveal"), "Sure Gamble is not a run event");
}

#[test]
fn card_rene_loup_arcemont_first_access_trash_gains_1_and_draws_1() {
    let mut s = runner();
    s.g.runner.identity = c::LOUP.into();
    s.root(3, c::NICO_CAMPAIGN, false);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.grip.len()), (4, 1));
}

#[test]
fn card_ryo_phoenix_ono_gains_1_and_the_corp_trashes_from_hq_after_a_subroutine_resolved() {
    let mut s = runner();
    s.g.runner.identity = c::RYO_PHOENIX_ONO.into();
    s.g.runner.credits = 20;
    s.ice(HQ, c::WHITESPACE, true);
    let a = s.hq(c::HEDGE_FUND);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    assert_eq!((m.kind(), m.seat()), ("netrunner.card".to_string(), 0));
    m.pick(&[&format!("card:{a}")]);
    let g = m.game();
    assert_eq!(g.runner.credits, 20 - 3 + 1);
    assert!(g.corp.archives.contains(&a));
}

#[test]
fn card_sebastiao_souza_pessoa_installs_a_connection_for_2_less_when_first_tagged() {
    let mut s = runner();
    s.g.runner.identity = c::SEBASTIAO_SOUZA_PESSOA.into();
    let t = s.grip(c::TRANSFER_OF_WEALTH);
    let f = s.grip(c::FRIEND_OF_A_FRIEND);
    s.grip(c::CLEAVER);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{t}:{HQ}")]);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    assert_eq!(m.option_ids().len(), 2, "the connection or nothing, not the program");
    let before = m.game().runner.credits;
    m.pick(&[&format!("install:{f}")]);
    let g = m.game();
    assert!(g.runner.resources.contains(&f));
    assert_eq!(g.runner.credits, before - (3 - 2), "Friend of a Friend costs 3, 2 less");
    // Already tagged: taking another tag offers nothing.
    let mut s = runner();
    s.g.runner.identity = c::SEBASTIAO_SOUZA_PESSOA.into();
    s.g.runner.tags = 1;
    let t = s.grip(c::TRANSFER_OF_WEALTH);
    s.grip(c::FRIEND_OF_A_FRIEND);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{t}:{HQ}")]);
    m.pick(&["continue"]);
    assert_ne!(m.kind(), "netrunner.card");
}

#[test]
fn card_sebastiao_souza_pessoa_makes_the_corp_trash_an_hq_card_to_trash_a_connection_nr_3_2() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.g.runner.identity = c::SEBASTIAO_SOUZA_PESSOA.into();
    s.g.runner.tags = 1;
    let f = s.installed(c::FRIEND_OF_A_FRIEND);
    let w = s.installed(c::TELEWORK_CONTRACT);
    let a = s.hq(c::HEDGE_FUND);
    let b = s.hq(c::HEDGE_FUND);
    let m = s.at_action();
    assert!(m.offers(&format!("trash-resource:{w}")), "not a connection: the plain action");
    assert!(!m.offers(&format!("trash-resource:{f}")), "a connection needs an HQ card");
    assert!(m.offers(&format!("trash-resource:{f}:{a}")) && m.offers(&format!("trash-resource:{f}:{b}")));
    let mut m = m;
    m.pick(&[&format!("trash-resource:{f}:{b}")]);
    let g = m.game();
    assert!(g.runner.heap.contains(&f) && g.corp.archives.contains(&b) && g.corp.hq == vec![a]);
    assert_eq!(g.corp.credits, 5 - 2);
    // An empty HQ: the connection cannot be trashed.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.g.runner.identity = c::SEBASTIAO_SOUZA_PESSOA.into();
    s.g.runner.tags = 1;
    let f = s.installed(c::FRIEND_OF_A_FRIEND);
    let m = s.at_action();
    assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("trash-resource:{f}"))));
}

#[test]
fn card_tao_salonga_swaps_2_ice_when_an_agenda_is_stolen() {
    let mut s = runner();
    s.g.runner.identity = c::TAO_SALONGA.into();
    let a = s.ice(HQ, c::PALISADE, false);
    let b = s.ice(RD, c::TITHE, false);
    s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.tao_salonga");
    m.pick(&["swap"]);
    assert_eq!(m.kind(), "netrunner.tao_salonga_swap");
    assert!(matches!(m.decision().spec, DecisionSpec::Pick { min: 2, max: 2, .. }), "exactly 2 ice");
    m.pick(&[&format!("ice:{a}"), &format!("ice:{b}")]);
    let g = m.game();
    assert_eq!((g.server(HQ).unwrap().ice.clone(), g.server(RD).unwrap().ice.clone()), (vec![b], vec![a]));
}

#[test]
fn card_the_catalyst_is_the_runner_starter_identity_with_no_link() {
    let run = data::deck("catalyst-starter").unwrap();
    assert_eq!(run.identity.as_str(), c::THE_CATALYST);
    assert_eq!(data::card(c::THE_CATALYST).unwrap().base_link, Some(0));
    assert_eq!(c::def(c::THE_CATALYST).name, "The Catalyst");
}

#[test]
fn card_topan_installs_for_2_less_once_per_turn_and_deals_1_meat_damage() {
    let mut s = runner();
    s.g.runner.identity = c::TOPAN.into();
    let cl = s.grip(c::CLEAVER);
    let keep = s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.pick(&["ability:identity"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&[&format!("install:{cl}")]);
    m.draw(&[0]);
    let g = m.game();
    assert!(g.runner.programs.contains(&cl));
    assert_eq!((g.runner.credits, g.runner.clicks), (5 - 1, 3));
    assert!(g.runner.heap.contains(&keep), "1 meat damage");
    assert!(!m.offers("ability:identity"), "once per turn");
}

#[test]
fn card_zahya_sadeghi_gains_1_per_access_once_per_turn() {
    let mut s = runner();
    s.g.runner.identity = c::ZAHYA.into();
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&["continue"]);
    m.pick(&["gain"]);
    assert_eq!(m.game().runner.credits, 6);
    m.run_on(RD);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.action", "once per turn");
}
