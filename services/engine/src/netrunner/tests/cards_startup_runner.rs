//! One test per Runner card of the Startup sets after System Gateway (tai, rwr, elev), named by
//! the card.

use crate::core::Choice;
use crate::netrunner::cards as c;
use crate::netrunner::state::{Stage, ARCHIVES, HQ, RD, RUNNER};

use super::kit::{NetrunnerVerbs, Scenario};

/// The Runner with 4 clicks; the Corp has no credits (so it never has a rez to offer).
fn runner() -> Scenario {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    s
}

// --- events ------------------------------------------------------------------------------------------

#[test]
fn card_joy_ride_runs_rd_and_draws_5_when_successful() {
    let mut s = runner();
    let j = s.grip(c::JOY_RIDE);
    for _ in 0..6 {
        s.stack(c::SURE_GAMBLE);
    }
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{j}:{HQ}")), "R&D only");
    m.pick(&[&format!("play:{j}:{RD}")]);
    m.pick(&["continue"]);
    let g = m.game();
    assert_eq!((g.runner.grip.len(), g.runner.credits), (5, 3));
}

#[test]
fn card_clean_getaway_gains_6_when_successful() {
    let mut s = runner();
    let j = s.grip(c::CLEAN_GETAWAY);
    s.root(3, c::NICO_CAMPAIGN, false);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{j}:3")]);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.credits, 5 - 3 + 6);
}

#[test]
fn card_transfer_of_wealth_tags_and_takes_2_per_credit_the_corp_loses() {
    let mut s = runner();
    s.g.corp.credits = 2;
    let t = s.grip(c::TRANSFER_OF_WEALTH);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{t}:{RD}")), "HQ only");
    m.pick(&[&format!("play:{t}:{HQ}")]);
    m.pick(&["continue"]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.credits, g.runner.credits), (1, 0, 5 + 4));
}

#[test]
fn card_ritual_draws_1_per_click_left() {
    let mut s = runner();
    let r = s.grip(c::RITUAL);
    for _ in 0..5 {
        s.stack(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.play(r);
    assert_eq!(m.game().runner.grip.len(), 3, "4 clicks, 1 spent playing it");
}

#[test]
fn card_lie_low_spends_2_clicks_to_draw_4_or_remove_tags() {
    let mut s = runner();
    let l = s.grip(c::LIE_LOW);
    for _ in 0..5 {
        s.stack(c::SURE_GAMBLE);
    }
    s.g.runner.tags = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{l}:2")]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.clicks, g.runner.grip.len()), (1, 2, 0));
    let mut s = runner().runner_turn(2);
    let l = s.grip(c::LIE_LOW);
    for _ in 0..5 {
        s.stack(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{l}:1")), "no tags to remove");
    m.pick(&[&format!("play:{l}:0")]);
    assert_eq!((m.game().runner.grip.len(), m.game().runner.clicks), (4, 0));
    let mut s = runner().runner_turn(1);
    let l = s.grip(c::LIE_LOW);
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{l}:0")), "the additional click");
}

// --- hardware ----------------------------------------------------------------------------------------

#[test]
fn card_hermes_adds_1_mu_and_returns_an_unrezzed_card_to_hq_after_a_steal() {
    let mut s = runner();
    let h = s.installed(c::HERMES);
    let _ = h;
    assert_eq!(s.g.memory_limit(), 5);
    s.root(3, c::OFFWORLD_OFFICE, false);
    let ice = s.ice(HQ, c::PALISADE, false);
    let rezzed = s.ice(RD, c::TITHE, true);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(!m.offers(&format!("card:{rezzed}")), "unrezzed only");
    m.pick(&[&format!("card:{ice}")]);
    let g = m.game();
    assert!(g.corp.hq.contains(&ice) && g.server(HQ).unwrap().ice.is_empty());
    assert_eq!(g.runner.points, 2);
}

// --- resources ---------------------------------------------------------------------------------------

#[test]
fn card_friend_of_a_friend_trashes_for_5_and_a_tag_removed_or_9_and_a_tag() {
    let mut s = runner();
    let f = s.installed(c::FRIEND_OF_A_FRIEND);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{f}:1")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.tags), (14, 1));
    assert!(g.runner.heap.contains(&f));
    let mut s = runner();
    s.g.runner.tags = 1;
    let f = s.installed(c::FRIEND_OF_A_FRIEND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("ability:{f}:1")), "9 credits only untagged");
    m.pick(&[&format!("ability:{f}:0")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.tags), (10, 0));
}

#[test]
fn card_amelia_earhart_counts_big_accesses_and_cashes_3_counters_for_10() {
    let mut s = runner();
    let a = s.installed(c::AMELIA_EARHART);
    s.hq(c::HEDGE_FUND);
    s.root(HQ, c::ANOETIC_VOID, false);
    s.root(HQ, c::MALAPERT_DATA_VAULT, false);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pass_windows();
    m.pick(&["continue"]);
    m.pass_windows();
    m.answer(Choice::Order(vec!["slot:0".into(), "slot:1".into(), "slot:2".into()]));
    m.draw(&[0]);
    m.pick(&["leave"]);
    m.pick(&["leave"]);
    assert_eq!(m.game().cards[a as usize].power, 1, "3 cards accessed in a run on HQ");
    let mut s = runner();
    let a = s.installed(c::AMELIA_EARHART);
    s.g.cards[a as usize].power = 3;
    s.g.corp.credits = 12;
    let mut m = s.start(Stage::TurnBeginTriggers);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    let g = m.game();
    assert_eq!(g.corp.credits, 2);
    assert!(g.runner.heap.contains(&a));
}

#[test]
fn card_rent_rioters_spends_3_clicks_and_trashes_for_9() {
    let mut s = runner().runner_turn(3);
    let r = s.installed(c::RENT_RIOTERS);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{r}")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.clicks), (14, 0));
    assert!(g.runner.heap.contains(&r));
    let mut s = runner().runner_turn(2);
    let r = s.installed(c::RENT_RIOTERS);
    let m = s.at_action();
    assert!(!m.offers(&format!("ability:{r}")), "3 clicks");
    let _ = RUNNER;
}

// --- programs: icebreakers ---------------------------------------------------------------------------

#[test]
fn card_shibboleth_loses_2_strength_at_threat_4() {
    let mut s = runner();
    let b = s.installed(c::SHIBBOLETH);
    assert_eq!(s.g.breaker_strength(b), 3);
    s.g.runner.points = 4;
    assert_eq!(s.g.breaker_strength(b), 1, "threat 4: either player's score");
    s.g.runner.points = 0;
    s.g.corp.points = 4;
    assert_eq!(s.g.breaker_strength(b), 1);
    s.ice(HQ, c::DIVINER, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(m.labels().iter().any(|l| l.contains("+2 strength for 2")), "{:?}", m.labels());
    m.pick(&[&format!("pump:{b}")]);
    assert!(m.offers(&format!("break:{b}:0")), "3 after a pump: breaks Diviner");
}

#[test]
fn card_rising_tide_gets_1_strength_per_fracter_in_the_heap() {
    let mut s = runner();
    let b = s.installed(c::RISING_TIDE);
    let h = s.card(c::CLEAVER);
    s.g.runner.heap.push(h);
    let h = s.card(c::RISING_TIDE);
    s.g.runner.heap.push(h);
    let h = s.card(c::CARMEN);
    s.g.runner.heap.push(h);
    assert_eq!(s.g.breaker_strength(b), 3, "1 + 2 fracters (not the killer)");
    s.ice(HQ, c::PALISADE, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(m.offers(&format!("break:{b}:0")), "Palisade has strength 2 on HQ");
}

#[test]
fn card_principia_costs_1_less_per_other_installed_icebreaker() {
    let mut s = runner();
    s.installed(c::CLEAVER);
    s.installed(c::CARMEN);
    let p = s.grip(c::PRINCIPIA);
    assert_eq!(s.g.runner_install_cost(p), 2);
    let mut m = s.at_action();
    m.install(p);
    let g = m.game();
    assert_eq!(g.runner.credits, 3);
    assert!(g.runner.programs.contains(&p));
}

#[test]
fn card_sang_kancil_pumps_for_1_while_a_run_event_is_active() {
    let mut s = runner();
    let b = s.installed(c::SANG_KANCIL);
    s.ice(HQ, c::DIVINER, true);
    s.hq(c::HEDGE_FUND);
    let cg = s.grip(c::CLEAN_GETAWAY);
    let mut s2 = runner();
    let b2 = s2.installed(c::SANG_KANCIL);
    s2.ice(HQ, c::DIVINER, true);
    s2.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{cg}:{HQ}")]);
    assert!(m.labels().iter().any(|l| l.contains("+2 strength for 1")), "{:?}", m.labels());
    m.pick(&[&format!("pump:{b}")]);
    assert_eq!(m.game().runner.credits, 5 - 3 - 1);
    let mut m = s2.at_action();
    m.run_on(HQ);
    assert!(m.labels().iter().any(|l| l.contains("+2 strength for 3")), "{:?}", m.labels());
    let _ = b2;
}

#[test]
fn card_hantu_comes_with_2_virus_counters_that_pump_it_by_2() {
    let mut s = runner();
    let h = s.grip(c::HANTU);
    s.ice(HQ, c::KARUNA, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.install(h);
    assert_eq!(m.game().cards[h as usize].virus, 2);
    m.run_on(HQ);
    assert!(!m.offers(&format!("pump:{h}")), "no credit pump");
    assert!(!m.offers(&format!("break:{h}:0")), "strength 2 against 3");
    m.pick(&[&format!("hantu:{h}")]);
    assert_eq!(m.game().breaker_strength(h), 4);
    assert_eq!(m.game().cards[h as usize].virus, 1);
    assert!(m.offers(&format!("break:{h}:0")));
}

// --- programs ----------------------------------------------------------------------------------------

#[test]
fn card_coalescence_spends_its_2_power_counters_for_2_credits_each_in_the_runners_turn() {
    let mut s = runner();
    let p = s.grip(c::COALESCENCE);
    let mut m = s.at_action();
    m.install(p);
    assert_eq!(m.game().cards[p as usize].power, 2);
    // The window after the install action: a paid ability.
    let mut s = runner();
    let p = s.installed(c::COALESCENCE);
    s.g.cards[p as usize].power = 2;
    s.g.runner.clicks = 1;
    let mut m = s.at_action();
    m.pick(&["credit"]);
    m.pick(&[&format!("coalescence:{p}")]);
    m.pick(&[&format!("coalescence:{p}")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.cards[p as usize].power), (5 + 1 + 4, 0));
    assert!(!m.offers(&format!("coalescence:{p}")));
}

#[test]
fn card_devadatta_drone_spends_a_power_counter_for_1_more_rd_access() {
    let mut s = runner();
    let d = s.installed(c::DEVADATTA_DRONE);
    s.g.cards[d as usize].power = 1;
    for _ in 0..3 {
        s.rd(c::HEDGE_FUND);
    }
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 2);
    assert_eq!(m.game().cards[d as usize].power, 0);
    let mut s = runner();
    let d = s.grip(c::DEVADATTA_DRONE);
    let mut m = s.at_action();
    m.install(d);
    assert_eq!(m.game().cards[d as usize].power, 2);
}

// --- resources (breach and run triggers) -------------------------------------------------------------

#[test]
fn card_pretty_mary_da_silva_adds_an_rd_access_only_to_a_breach_of_2_or_more() {
    let mut s = runner();
    s.installed(c::PRETTY_MARY_DA_SILVA);
    let j = s.grip(c::JAILBREAK);
    for _ in 0..4 {
        s.rd(c::HEDGE_FUND);
    }
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&["continue"]);
    assert_ne!(m.kind(), "netrunner.card", "1 access: not offered");
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 1);
    m.pick(&[&format!("play:{j}:{RD}")]);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    let before = m.log.iter().filter(|e| e.kind == "netrunner.accessed").count();
    m.pick(&["use"]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count() - before, 3, "Jailbreak's 2 and 1 more");
}

#[test]
fn card_knickknack_obrian_trashes_a_card_for_its_install_cost_and_a_draw_on_the_first_run() {
    let mut s = runner();
    let k = s.installed(c::KNICKKNACK_OBRIAN);
    let t = s.installed(c::TELEWORK_CONTRACT);
    s.stack(c::SURE_GAMBLE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(!m.offers(&format!("card:{k}")), "another card");
    m.pick(&[&format!("card:{t}")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.grip.len()), (5 + 1, 1), "Telework Contract's printed cost is 1");
    assert!(g.runner.heap.contains(&t));
    m.pick(&["continue"]);
    m.run_on(RD);
    assert_ne!(m.kind(), "netrunner.card", "the first run each turn only");
}

#[test]
fn card_side_hustle_gathers_a_credit_per_run_and_pays_out_at_6() {
    let mut s = runner();
    let h = s.grip(c::SIDE_HUSTLE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.install(h);
    assert_eq!(m.game().hosted(h), 1);
    let mut s = runner();
    let h = s.installed(c::SIDE_HUSTLE);
    s.g.cards[h as usize].credits = 5;
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.grip.len()), (11, 1));
    assert!(g.runner.heap.contains(&h));
}

// --- bypass ------------------------------------------------------------------------------------------

fn bypassed(m: &super::kit::Match) -> bool {
    m.has_event("netrunner.bypassed") && !m.has_event("netrunner.subroutine")
}

#[test]
fn card_laser_pointer_trashes_itself_to_bypass_ap_destroyer_or_observer_ice() {
    let mut s = runner();
    let l = s.installed(c::LASER_POINTER);
    s.ice(HQ, c::KARUNA, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert!(bypassed(&m));
    assert!(m.game().runner.heap.contains(&l));
    m.pick(&["continue"]);
    assert!(m.has_event("netrunner.run_successful"));
    let mut s = runner();
    s.installed(c::LASER_POINTER);
    s.ice(HQ, c::PALISADE, true);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert_ne!(m.kind(), "netrunner.card", "a barrier: not offered");
}

#[test]
fn card_fransofia_ward_taxes_ice_rezzes_and_bypasses_against_a_rich_corp() {
    let mut s = runner();
    s.installed(c::FRANSOFIA_WARD);
    let ice = s.ice(HQ, c::PALISADE, false);
    s.g.corp.credits = 3;
    s.g.options.auto_pass = false;
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pass_windows();
    assert!(!m.offers(&format!("rez:{ice}")), "Palisade costs 3 + 1");
    let _ = ice;
    let mut s = runner();
    let f = s.installed(c::FRANSOFIA_WARD);
    s.ice(HQ, c::PALISADE, true);
    s.hq(c::HEDGE_FUND);
    s.g.corp.credits = 15;
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pass_windows();
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert!(bypassed(&m) && m.game().runner.heap.contains(&f));
}

#[test]
fn card_malandragem_spends_a_counter_once_per_turn_to_bypass_weak_ice_and_leaves_when_empty() {
    let mut s = runner();
    let g0 = s.grip(c::MALANDRAGEM);
    s.ice(HQ, c::PALISADE, true);
    s.ice(HQ, c::TITHE, true);
    s.hq(c::HEDGE_FUND);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.install(g0);
    assert_eq!(m.game().cards[g0 as usize].power, 2);
    m.run_on(HQ);
    m.pick(&["counter"]);
    assert!(m.has_event("netrunner.bypassed"));
    assert_eq!(m.game().cards[g0 as usize].power, 1);
    // Palisade next: the once-per-turn use is spent.
    assert_ne!(m.kind(), "netrunner.card");
    let mut s = runner();
    let g1 = s.installed(c::MALANDRAGEM);
    s.g.cards[g1 as usize].power = 1;
    s.ice(HQ, c::TITHE, true);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["counter"]);
    let g = m.game();
    assert!(!g.runner.programs.contains(&g1) && !g.runner.heap.contains(&g1), "removed from the game when empty");
    let mut s = runner();
    s.installed(c::MALANDRAGEM);
    s.ice(HQ, c::KARUNA, true);
    s.g.corp.points = 4;
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(!m.offers("counter"), "no power counter on it");
    m.pick(&["remove"]);
    assert!(bypassed(&m));
}

#[test]
fn card_s_dobrado_bypasses_the_first_ice_and_the_second_for_a_click_at_threat_4() {
    let mut s = runner();
    let d = s.grip(c::S_DOBRADO);
    s.ice(HQ, c::PALISADE, true);
    s.ice(HQ, c::TITHE, true);
    s.hq(c::HEDGE_FUND);
    s.g.runner.points = 4;
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{d}:3")), "central servers only");
    m.pick(&[&format!("play:{d}:{HQ}")]);
    assert!(m.has_event("netrunner.bypassed"), "Tithe, the first encounter");
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.bypassed").count(), 2);
    assert_eq!(m.game().runner.clicks, 2);
    assert!(!m.has_event("netrunner.subroutine"));
}

#[test]
fn card_alarm_clock_runs_hq_at_turn_start_and_bypasses_the_first_ice_for_2_clicks() {
    let mut s = runner();
    s.installed(c::ALARM_CLOCK);
    s.ice(HQ, c::PALISADE, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.start(Stage::TurnBeginTriggers);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.game().run.as_ref().map(|r| r.server), Some(HQ));
    m.pick(&["use"]);
    assert!(bypassed(&m));
    assert_eq!(m.game().runner.clicks, 2);
}

#[test]
fn card_capybara_leaves_the_game_to_derez_a_bypassed_ice() {
    let mut s = runner();
    s.installed(c::LASER_POINTER);
    let cy = s.installed(c::CAPYBARA);
    let ice = s.ice(HQ, c::KARUNA, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["use"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    let g = m.game();
    assert!(!g.rezzed(ice));
    assert!(!g.runner.hardware.contains(&cy) && !g.runner.heap.contains(&cy));
}

// --- identities and fully breaking -------------------------------------------------------------------

#[test]
fn card_mercury_accesses_1_more_when_the_run_broke_nothing_once_per_turn() {
    let mut s = runner();
    s.g.runner.identity = c::MERCURY.into();
    for _ in 0..4 {
        s.rd(c::HEDGE_FUND);
    }
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
fn card_curupira_gains_power_when_it_fully_breaks_and_spends_3_to_bypass_a_barrier() {
    let mut s = runner();
    let cu = s.installed(c::CURUPIRA);
    s.ice(RD, c::PALISADE, true);
    s.rd(c::HEDGE_FUND);
    s.g.cards[cu as usize].power = 2;
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("pump:{cu}")]);
    m.pick(&[&format!("break:{cu}:0")]);
    assert_eq!(m.game().cards[cu as usize].power, 3, "fully broke Palisade");
    m.pick(&["pass"]);
    m.pick(&["continue"]);
    m.run_on(RD);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert!(m.has_event("netrunner.bypassed"));
    assert_eq!(m.game().cards[cu as usize].power, 0);
}

// --- turn begins, ice rezzed, tags, access abilities ---------------------------------------------------

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
fn card_eye_for_an_eye_runs_hq_untagged_tags_accesses_1_more_and_trashes_for_a_grip_card() {
    let mut s = runner();
    let e = s.grip(c::EYE_FOR_AN_EYE);
    let x = s.grip(c::SURE_GAMBLE);
    s.hq(c::NICO_CAMPAIGN);
    s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{e}:{HQ}")]);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.tags, 1);
    m.draw(&[0]);
    assert!(m.offers("eye_for_an_eye"));
    m.pick(&["eye_for_an_eye"]);
    m.pick(&[&format!("card:{x}")]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!(g.corp.archives.len(), 1, "the first Nico Campaign is trashed");
    assert!(g.runner.heap.contains(&x));
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 2);
    let mut s = runner();
    s.g.runner.tags = 1;
    let e = s.grip(c::EYE_FOR_AN_EYE);
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{e}:{HQ}")), "only untagged");
}

#[test]
fn card_amanuensis_gets_a_counter_at_turn_end_tagged_and_draws_2_when_tags_go() {
    let mut s = runner().runner_turn(0);
    let a = s.installed(c::AMANUENSIS);
    s.g.runner.tags = 1;
    let m = s.start(Stage::EndTurn);
    assert_eq!(m.game().cards[a as usize].power, 1);
    let mut s = runner();
    let a = s.installed(c::AMANUENSIS);
    assert_eq!(s.g.memory_limit(), 5);
    s.g.cards[a as usize].power = 1;
    s.g.runner.tags = 1;
    s.stack(c::SURE_GAMBLE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.pick(&["remove-tag"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.game().runner.grip.len(), 2);
}

#[test]
fn card_valentina_ferreira_carvalho_gains_1_per_tag_removal_and_helps_on_install_at_threat_3() {
    let mut s = runner();
    s.installed(c::VALENTINA_FERREIRA_CARVALHO);
    s.g.runner.tags = 2;
    let mut m = s.at_action();
    m.pick(&["remove-tag"]);
    assert_eq!(m.game().runner.credits, 5 - 2 + 1);
    let mut s = runner();
    s.g.runner.tags = 1;
    s.g.corp.points = 3;
    let v = s.grip(c::VALENTINA_FERREIRA_CARVALHO);
    let mut m = s.at_action();
    m.install(v);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["tag"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.credits), (0, 5 - 2 + 1), "the removal triggers it too");
}

#[test]
fn card_juli_moreira_lee_gives_a_click_on_the_first_resource_action_each_turn() {
    let mut s = runner();
    let j = s.grip(c::JULI_MOREIRA_LEE);
    let t = s.installed(c::SMARTWARE_DISTRIBUTOR);
    let mut m = s.at_action();
    m.install(j);
    assert_eq!(m.game().cards[j as usize].power, 4);
    m.pick(&[&format!("ability:{t}")]);
    let g = m.game();
    assert_eq!((g.runner.clicks, g.cards[j as usize].power), (3, 3), "4 - 2 + 1");
    m.pick(&[&format!("ability:{t}")]);
    assert_eq!(m.game().runner.clicks, 2, "first time each turn only");
}

// --- installs by card effects ------------------------------------------------------------------------

#[test]
fn card_the_price_trashes_the_top_4_and_installs_one_for_3_less() {
    let mut s = runner();
    let p = s.grip(c::THE_PRICE);
    let cl = s.stack(c::CLEAVER);
    s.stack(c::SURE_GAMBLE);
    s.stack(c::TELEWORK_CONTRACT);
    s.stack(c::CARMEN);
    let keep = s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.play(p);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&[&format!("install:{cl}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&cl));
    assert_eq!(g.runner.credits, 5 - 1, "Cleaver costs 3 - 3");
    assert_eq!(g.runner.stack, vec![keep]);
    assert_eq!(g.runner.heap.len(), 4);
}

#[test]
fn card_illumination_installs_up_to_3_grip_cards_for_1_less_each_after_an_rd_run() {
    let mut s = runner();
    let i = s.grip(c::ILLUMINATION);
    let a = s.grip(c::TELEWORK_CONTRACT);
    let b = s.grip(c::SMARTWARE_DISTRIBUTOR);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{i}:{RD}")]);
    m.pick(&["continue"]);
    m.pick(&[&format!("install:{a}")]);
    m.pick(&[&format!("install:{b}")]);
    let g = m.game();
    assert!(g.runner.resources.contains(&a) && g.runner.resources.contains(&b));
    assert_eq!(g.runner.credits, 5, "both cost 1 - 1");
}

#[test]
fn card_scrounge_spends_2_clicks_to_install_a_heap_program_and_stack_another() {
    let mut s = runner();
    let sc = s.grip(c::SCROUNGE);
    let cl = s.card(c::CLEAVER);
    s.g.runner.heap.push(cl);
    let ca = s.card(c::CARMEN);
    s.g.runner.heap.push(ca);
    let mut m = s.at_action();
    m.play(sc);
    assert_eq!(m.game().runner.clicks, 2);
    m.pick(&[&format!("install:{cl}")]);
    m.pick(&[&format!("card:{ca}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&cl));
    assert_eq!(g.runner.stack.last(), Some(&ca));
    assert_eq!(g.runner.credits, 5 - 1 - 3);
    let mut s = runner().runner_turn(1);
    let sc = s.grip(c::SCROUNGE);
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{sc}")), "a double event");
}

// --- more hardware and resources ---------------------------------------------------------------------

#[test]
fn card_lilypad_adds_2_mu_and_may_draw_on_the_first_program_install() {
    let mut s = runner();
    s.installed(c::LILYPAD);
    assert_eq!(s.g.memory_limit(), 6);
    let a = s.grip(c::MAYFLY);
    let b = s.grip(c::MAYFLY);
    s.stack(c::SURE_GAMBLE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.install(a);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.game().runner.grip.len(), 2);
    m.install(b);
    assert_ne!(m.kind(), "netrunner.card", "the first program each turn");
}

#[test]
fn card_maglectric_rapid_748_mod_trashes_itself_after_an_hq_run_to_derez_a_corp_card() {
    let mut s = runner();
    let mr = s.installed(c::MAGLECTRIC_RAPID);
    let n = s.root(3, c::NICO_CAMPAIGN, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&[&format!("card:{n}")]);
    let g = m.game();
    assert!(!g.rezzed(n) && g.runner.heap.contains(&mr));
}

#[test]
fn card_hannah_wheels_pilintra_runs_a_remote_for_free_or_trashes_for_2_clicks() {
    let mut s = runner();
    let h = s.installed(c::HANNAH_WHEELS_PILINTRA);
    s.ice(3, c::PALISADE, true);
    s.root(3, c::NICO_CAMPAIGN, false);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("ability:{h}:{HQ}")), "remote servers only");
    m.pick(&[&format!("ability:{h}:3")]);
    assert_eq!(m.game().runner.clicks, 4);
    m.pass_windows();
    m.pass_windows();
    assert_eq!(m.game().runner.tags, 1, "Palisade ended the run: unsuccessful");
    assert!(!m.offers(&format!("ability:{h}:3")), "once per turn");
    m.pick(&[&format!("ability:{h}")]);
    let g = m.game();
    assert_eq!((g.runner.clicks, g.runner.tags), (5, 0));
    assert!(g.runner.heap.contains(&h));
}

#[test]
fn card_beatriz_friere_gonzalez_runs_hq_for_2_clicks_and_breaches_rd_with_1_more() {
    let mut s = runner();
    let b = s.installed(c::BEATRIZ_FRIERE_GONZALEZ);
    s.hq(c::HEDGE_FUND);
    for _ in 0..3 {
        s.rd(c::HEDGE_FUND);
    }
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{b}")]);
    assert_eq!(m.game().runner.clicks, 2);
    m.pick(&["continue"]);
    let acc: Vec<_> = m.log.iter().filter(|e| e.kind == "netrunner.accessed").collect();
    assert_eq!(acc.len(), 2);
    assert!(acc.iter().all(|e| e.text.contains("R&D")), "R&D, not HQ");
}

#[test]
fn card_eru_ayase_pessoa_takes_a_tag_to_run_archives_and_breach_rd() {
    let mut s = runner();
    let e = s.installed(c::ERU_AYASE_PESSOA);
    s.archives(c::HEDGE_FUND, true);
    for _ in 0..3 {
        s.rd(c::HEDGE_FUND);
    }
    s.g.runner.points = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{e}")]);
    assert_eq!(m.game().runner.tags, 1);
    m.pick(&["continue"]);
    let acc: Vec<_> = m.log.iter().filter(|e| e.kind == "netrunner.accessed").collect();
    assert_eq!(acc.len(), 2, "threat 3: 1 more");
    assert!(acc.iter().all(|e| e.text.contains("R&D")));
    assert!(!m.offers(&format!("ability:{e}")), "once per turn");
}

// --- trashing accessed cards -------------------------------------------------------------------------

#[test]
fn card_solidarity_badge_counts_the_first_corp_card_trashed_and_pays_a_card_or_a_tag() {
    let mut s = runner();
    let b = s.installed(c::SOLIDARITY_BADGE);
    s.root(3, c::NICO_CAMPAIGN, false);
    s.root(4, c::NICO_CAMPAIGN, false);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    m.run_on(4);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    assert_eq!(m.game().cards[b as usize].power, 1, "the first time each turn");
    let mut s = runner();
    let b = s.installed(c::SOLIDARITY_BADGE);
    s.g.cards[b as usize].power = 1;
    s.g.runner.tags = 1;
    let mut m = s.start(Stage::TurnBeginTriggers);
    m.pick(&["tag"]);
    assert_eq!((m.game().runner.tags, m.game().cards[b as usize].power), (0, 0));
}

#[test]
fn card_audrey_v2_gets_virus_counters_from_trashes_and_spends_them_to_break_2() {
    let mut s = runner();
    let a = s.installed(c::AUDREY_V2);
    s.root(3, c::NICO_CAMPAIGN, false);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    assert_eq!(m.game().cards[a as usize].virus, 1);
    let mut s = runner();
    let a = s.installed(c::AUDREY_V2);
    s.g.cards[a as usize].virus = 1;
    let x = s.grip(c::SURE_GAMBLE);
    s.ice(HQ, c::KARUNA, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(!m.offers(&format!("audrey:{a}:0+1")), "strength 0 against 3");
    m.pick(&[&format!("audrey-pump:{a}")]);
    m.pick(&[&format!("card:{x}")]);
    assert_eq!(m.game().breaker_strength(a), 3);
    m.pick(&[&format!("audrey:{a}:0+1")]);
    assert!(m.game().run.as_ref().unwrap().broken.iter().all(|b| *b));
    assert_eq!(m.game().cards[a as usize].virus, 0);
}

// --- Topan, Debbie "Downtown" Moreira ----------------------------------------------------------------

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
fn card_debbie_downtown_moreira_collects_from_run_events_and_funds_its_own_runs() {
    let mut s = runner();
    s.g.corp.points = 4;
    let d = s.grip(c::DEBBIE_DOWNTOWN_MOREIRA);
    let cg = s.grip(c::CLEAN_GETAWAY);
    s.hq(c::HEDGE_FUND);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.install(d);
    assert_eq!(m.game().hosted(d), 2, "threat 4");
    m.pick(&[&format!("play:{cg}:{HQ}")]);
    m.pick(&["continue"]);
    m.draw(&[0]);
    assert_eq!(m.game().hosted(d), 3);
    let mut s = runner();
    let d = s.installed(c::DEBBIE_DOWNTOWN_MOREIRA);
    s.g.cards[d as usize].credits = 3;
    s.g.runner.credits = 0;
    s.root(3, c::NICO_CAMPAIGN, false);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{d}:3")]);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.hosted(d)), (0, 1), "Nico Campaign's trash cost 2 paid from Debbie");
}

// --- Trojans, Meeting of Minds -----------------------------------------------------------------------

#[test]
fn card_monkeywrench_weakens_its_host_by_2_and_the_servers_other_ice_by_1() {
    let mut s = runner();
    let p = s.ice(HQ, c::PALISADE, true);
    let t = s.ice(HQ, c::KARUNA, true);
    let far = s.ice(RD, c::KARUNA, true);
    let mw = s.grip(c::MONKEYWRENCH);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{mw}:{p}")]);
    let g = m.game();
    assert_eq!((g.ice_strength(p), g.ice_strength(t), g.ice_strength(far)), (0, 2, 3));
}

#[test]
fn card_slap_vandal_breaks_1_host_subroutine_for_1_once_per_encounter() {
    let mut s = runner();
    let w = s.ice(HQ, c::WHITESPACE, true);
    let sv = s.grip(c::SLAP_VANDAL);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{sv}:{w}")]);
    m.run_on(HQ);
    m.pick(&[&format!("slap-vandal:{sv}:1")]);
    // Nothing else to use in this encounter (once per encounter): the window passes on its own.
    let subs: Vec<&str> = m.log.iter().filter(|e| e.kind == "netrunner.subroutine").map(|e| e.text.as_str()).collect();
    assert_eq!(subs.len(), 1, "{subs:?}");
    assert!(subs[0].contains("subroutine 1 resolves"));
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.subroutine_broken").count(), 1);
    assert_eq!(m.game().runner.credits, 5 - 1 - 1 - 3);
}

#[test]
fn card_meeting_of_minds_finds_a_connection_and_pays_1_per_revealed_one() {
    let mut s = runner();
    let mm = s.grip(c::MEETING_OF_MINDS);
    let h = s.grip(c::HANNAH_WHEELS_PILINTRA);
    s.grip(c::SURE_GAMBLE);
    let f = s.stack(c::FRIEND_OF_A_FRIEND);
    s.stack(c::AMELIA_EARHART);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{mm}:0")]);
    assert!(m.option_ids().len() == 2, "Friend of a Friend or nothing: {:?}", m.option_ids());
    m.pick(&[&format!("card:{f}")]);
    m.pick(&[&format!("card:{f}"), &format!("card:{h}")]);
    let g = m.game();
    assert!(g.runner.grip.contains(&f));
    assert_eq!(g.runner.credits, 5 - 4 + 2);
}

// --- Pressure Spike, Charm Offensive -----------------------------------------------------------------

#[test]
fn card_pressure_spike_pumps_9_once_per_run_at_threat_4() {
    let mut s = runner();
    let p = s.installed(c::PRESSURE_SPIKE);
    s.ice(HQ, c::PHAROS, true);
    s.hq(c::HEDGE_FUND);
    s.g.runner.points = 4;
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(m.labels().iter().any(|l| l.contains("+3 strength for 2")));
    m.pick(&[&format!("pressure-spike:{p}")]);
    assert_eq!(m.game().breaker_strength(p), 10);
    assert!(!m.offers(&format!("pressure-spike:{p}")), "once per run");
    let mut s = runner();
    let p = s.installed(c::PRESSURE_SPIKE);
    s.ice(HQ, c::PHAROS, true);
    s.hq(c::HEDGE_FUND);
    let m = s.at_action();
    let mut m = m;
    m.run_on(HQ);
    assert!(!m.offers(&format!("pressure-spike:{p}")), "threat 4");
}

#[test]
fn card_charm_offensive_runs_archives_and_trashes_a_rezzed_copy_of_an_accessed_card() {
    let mut s = runner();
    let co = s.grip(c::CHARM_OFFENSIVE);
    s.archives(c::NICO_CAMPAIGN, false);
    let n = s.root(3, c::NICO_CAMPAIGN, true);
    let other = s.root(4, c::REGOLITH_MINING_LICENSE, true);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{co}:{}", crate::netrunner::state::ARCHIVES)]);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(!m.offers(&format!("card:{other}")));
    m.pick(&[&format!("card:{n}")]);
    assert!(m.game().corp.archives.contains(&n));
}

#[test]
fn card_arruaceiras_crew_weakens_the_encountered_ice_for_a_tag_and_trashes_it_at_0() {
    let mut s = runner();
    let a = s.installed(c::ARRUACEIRAS_CREW);
    let ice = s.ice(HQ, c::PALISADE, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(!m.offers(&format!("arruaceiras-trash:{a}")), "strength 2");
    m.pick(&[&format!("arruaceiras:{a}")]);
    let g = m.game();
    assert_eq!((g.ice_strength(ice), g.runner.tags), (0, 1));
    assert!(!m.offers(&format!("arruaceiras:{a}")), "once per turn");
    m.pick(&[&format!("arruaceiras-trash:{a}")]);
    let g = m.game();
    assert!(g.corp.archives.contains(&ice) && g.runner.heap.contains(&a));
    assert_eq!(g.runner.credits, 3);
    assert!(!m.has_event("netrunner.subroutine"));
}

// --- identities: tags, flips, discards; additional costs of the Corp's trash action ----------------------

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
fn card_manuel_lattes_de_moura_accesses_1_more_tagged_and_costs_an_hq_card_to_trash_at_threat_3() {
    let mut s = runner();
    s.installed(c::MANUEL_LATTES_DE_MOURA);
    s.hq(c::HEDGE_FUND);
    s.hq(c::HEDGE_FUND);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 2, "tagged: 1 more");
    let mut s = runner();
    s.installed(c::MANUEL_LATTES_DE_MOURA);
    s.hq(c::HEDGE_FUND);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.draw(&[0]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 1, "untagged: 1");
    // Threat 3: trashing it with the basic action costs an HQ card too.
    for (points, extra) in [(2, false), (3, true)] {
        let mut s = Scenario::new().auto_pass().corp_turn(3);
        s.g.runner.tags = 1;
        s.g.corp.points = points;
        let r = s.installed(c::MANUEL_LATTES_DE_MOURA);
        let a = s.hq(c::HEDGE_FUND);
        let m = s.at_action();
        assert_eq!(m.offers(&format!("trash-resource:{r}")), !extra);
        assert_eq!(m.offers(&format!("trash-resource:{r}:{a}")), extra);
    }
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
    for _ in 0..5 {
        s.grip(c::SURE_GAMBLE);
    }
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
fn card_ashen_epilogue_shuffles_grip_and_heap_in_removes_the_top_5_and_draws_5() {
    let mut s = runner();
    let a = s.grip(c::ASHEN_EPILOGUE);
    let mut all = vec![s.grip(c::CLEAVER), s.grip(c::BOTULUS)];
    for _ in 0..3 {
        let h = s.card(c::SURE_GAMBLE);
        s.g.runner.heap.push(h);
        all.push(h);
    }
    for _ in 0..6 {
        all.push(s.stack(c::FERMENTER));
    }
    let mut m = s.at_action();
    m.play(a);
    // The shuffle: 11 cards, kept in order.
    m.draw(&(0..11).collect::<Vec<u32>>());
    let g = m.game();
    let seen: Vec<u32> = g.runner.grip.iter().chain(g.runner.stack.iter()).copied().collect();
    assert_eq!((g.runner.grip.len(), g.runner.stack.len(), g.runner.heap.len()), (5, 1, 0));
    assert!(!seen.contains(&a), "the event is removed from the game");
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.removed_from_game").count(), 6, "the event and the top 5");
    assert_eq!(all.iter().filter(|k| !seen.contains(k)).count(), 5);
}

#[test]
fn card_saci_gains_3_when_its_host_ice_is_rezzed_or_derezzed() {
    let mut s = runner();
    let ice = s.ice(HQ, c::TITHE, false);
    s.ice(RD, c::PALISADE, true);
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
    assert_eq!(m.game().runner.credits, 5 + 3, "its host rezzed");
    // Derezzed (Maglectric Rapid): 3 more; another ice derezzed: nothing.
    for (derezzed_host, gain) in [(true, 3), (false, 0)] {
        let mut s = runner();
        let ice = s.ice(3, c::TITHE, true);
        let other = s.ice(RD, c::PALISADE, true);
        let sa = s.installed(c::SACI);
        s.g.cards[sa as usize].host = Some(ice);
        s.installed(c::MAGLECTRIC_RAPID);
        s.hq(c::HEDGE_FUND);
        let mut m = s.at_action();
        m.run_on(HQ);
        m.pick(&["continue"]);
        assert_eq!(m.kind(), "netrunner.card");
        let before = m.game().runner.credits;
        m.pick(&[&format!("card:{}", if derezzed_host { ice } else { other })]);
        assert_eq!(m.game().runner.credits, before + gain);
    }
}

#[test]
fn card_lago_paranoa_shelter_trashes_the_stack_top_to_draw_on_the_corps_first_root_install_each_turn() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.g.corp.credits = 0;
    s.installed(c::LAGO_PARANOA_SHELTER);
    let i = s.hq(c::PALISADE);
    let n1 = s.hq(c::NICO_CAMPAIGN);
    let n2 = s.hq(c::NICO_CAMPAIGN);
    let top = s.stack(c::SURE_GAMBLE);
    let next = s.stack(c::CLEAVER);
    s.stack(c::CLEAVER);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{i}:{HQ}")]);
    assert_ne!(m.kind(), "netrunner.card", "an ice is not in a root");
    m.install(n1);
    assert_eq!((m.kind(), m.seat()), ("netrunner.card".to_string(), RUNNER));
    m.pick(&["use"]);
    let g = m.game();
    assert!(g.runner.heap.contains(&top) && g.runner.grip == vec![next]);
    m.install(n2);
    assert_ne!(m.kind(), "netrunner.card", "the first time each turn only");
}

#[test]
fn card_chromatophores_gives_its_host_ice_barrier_code_gate_and_sentry() {
    for hosted_here in [true, false] {
        let mut s = runner();
        let tithe = s.ice(HQ, c::TITHE, true);
        let other = s.ice(RD, c::TITHE, true);
        let ch = s.installed(c::CHROMATOPHORES);
        s.g.cards[ch as usize].host = Some(if hosted_here { tithe } else { other });
        let cl = s.installed(c::CLEAVER);
        s.hq(c::HEDGE_FUND);
        for _ in 0..3 {
            s.grip(c::SURE_GAMBLE);
        }
        let g = &s.g;
        assert_eq!(["Barrier", "Code Gate", "Sentry"].map(|t| g.ice_has_subtype(tithe, t)), [hosted_here, hosted_here, true]);
        let mut m = s.at_action();
        m.run_on(HQ);
        if hosted_here {
            assert!(m.option_ids().iter().any(|o| o.starts_with(&format!("break:{cl}"))), "the fracter interfaces with the barrier");
        } else {
            assert_eq!(m.draw_kind(), crate::core::DrawKind::Range(3), "no break offered: Tithe's net damage");
        }
    }
}

#[test]
fn card_pichacao_gains_a_click_passing_its_host_and_returns_to_the_grip_the_second_time_in_a_turn() {
    let mut s = runner();
    let ice = s.ice(HQ, c::PALISADE, false);
    let p = s.installed(c::PICHACAO);
    s.g.cards[p as usize].host = Some(ice);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert_eq!(m.kind(), "netrunner.card", "passing the unrezzed host");
    m.pick(&["use"]);
    assert_eq!(m.game().runner.clicks, 4, "the run's click back");
    assert!(m.game().runner.programs.contains(&p), "the first click gained during a run this turn");
    m.pick(&["continue"]);
    m.draw(&[0]);
    m.run_on(HQ);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    let g = m.game();
    assert_eq!(g.runner.clicks, 4);
    assert!(g.runner.grip.contains(&p) && !g.runner.programs.contains(&p), "the second: back to the grip");
}

// --- hosted credits restricted to some costs -----------------------------------------------------------

#[test]
fn card_azimat_recurring_credits_pay_trash_costs_only() {
    let mut s = runner();
    let a = s.grip(c::AZIMAT);
    let sg = s.grip(c::DOCKLANDS_PASS);
    s.root(3, c::NICO_CAMPAIGN, false);
    s.g.runner.credits = 1;
    let mut m = s.at_action();
    m.install(a);
    assert_eq!((m.game().runner.credits, m.game().hosted(a)), (0, 2), "loaded with 2 as installed");
    assert!(!m.offers(&format!("install:{sg}")), "not for installs");
    m.run_on(3);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    let g = m.game();
    assert_eq!((g.corp.archives.len(), g.hosted(a), g.runner.credits), (1, 0, 0), "Nico Campaign's trash cost 2 paid from Azimat");
    // Refilled to 2 as the Runner's turn begins.
    let mut s = runner();
    let a = s.installed(c::AZIMAT);
    let m = s.start(Stage::TurnBegin);
    assert_eq!(m.game().hosted(a), 2);
}

#[test]
fn card_open_market_pays_connection_and_job_installs_gives_1_per_turn_and_goes_when_empty() {
    let mut s = runner();
    let o = s.grip(c::OPEN_MARKET);
    let job = s.grip(c::SIDE_HUSTLE);
    let hw = s.grip(c::DOCKLANDS_PASS);
    s.g.runner.credits = 2;
    let mut m = s.at_action();
    m.install(o);
    assert_eq!((m.game().runner.credits, m.game().hosted(o)), (0, 6));
    assert!(!m.offers(&format!("install:{hw}")), "hardware is not paid by it");
    m.install(job);
    assert_eq!(m.game().hosted(o), 4, "a job resource is");
    let mut s = runner();
    let o = s.installed(c::OPEN_MARKET);
    s.g.cards[o as usize].credits = 1;
    s.g.runner.credits = 0;
    let m = s.start(Stage::TurnBegin);
    let g = m.game();
    assert_eq!(g.runner.credits, 1, "takes 1 as the turn begins");
    assert!(g.runner.heap.contains(&o), "trashed when empty");
}

#[test]
fn card_urban_art_vernissage_returns_a_trojan_for_2_credits_spent_on_installs() {
    let mut s = runner();
    let v = s.installed(c::URBAN_ART_VERNISSAGE);
    let ice = s.ice(HQ, c::PALISADE, false);
    let t = s.installed(c::SACI);
    s.g.cards[t as usize].host = Some(ice);
    s.g.runner.credits = 0;
    let mut m = s.start(Stage::TurnBegin);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&[&format!("grip:{t}")]);
    let g = m.game();
    assert!(g.runner.grip.contains(&t) && !g.runner.programs.contains(&t));
    assert_eq!(g.hosted(v), 2);
    m.pass_windows();
    // Saci (cost 1) is installed on the ice again with the hosted credits.
    m.pick(&[&format!("install:{t}:{ice}")]);
    assert_eq!((m.game().hosted(v), m.game().runner.credits), (1, 0));
}

// --- runs that replace the breach or the approach ---------------------------------------------------

#[test]
fn card_privileged_access_takes_a_tag_instead_of_breaching_and_installs_from_the_heap() {
    let mut s = runner();
    let p = s.grip(c::PRIVILEGED_ACCESS);
    s.g.runner.tags = 1;
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{p}:{ARCHIVES}")), "only if not tagged");
    let mut s = runner();
    let p = s.grip(c::PRIVILEGED_ACCESS);
    let arch = s.archives(c::HEDGE_FUND, false);
    let res = s.card(c::SIDE_HUSTLE);
    s.g.runner.heap.push(res);
    let prog = s.card(c::SHIBBOLETH);
    s.g.runner.heap.push(prog);
    s.g.runner.credits = 1;
    s.g.corp.points = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{p}:{ARCHIVES}")]);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.tags, 1);
    m.pick(&[&format!("install:{res}")]);
    assert!(m.game().runner.resources.contains(&res), "Side Hustle for 2 less");
    // Threat 3: a program from the heap too (Shibboleth, paid with the credit left).
    m.pick(&[&format!("install:{prog}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&prog));
    assert!(g.run.is_none() && !g.cards[arch as usize].faceup, "Archives was not breached");
}

#[test]
fn card_maintenance_access_spends_2_clicks_and_approaches_hq_instead_of_archives() {
    let mut s = runner();
    let ma = s.grip(c::MAINTENANCE_ACCESS);
    s.g.runner.clicks = 1;
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{ma}:{ARCHIVES}")), "a double event needs 2 clicks");
    let mut s = runner();
    let ma = s.grip(c::MAINTENANCE_ACCESS);
    s.ice(HQ, c::PALISADE, true);
    let nico = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{ma}:{ARCHIVES}")]);
    m.pick(&["continue"]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!(g.runner.clicks, 2);
    assert_eq!(
        g.run.as_ref().map(|r| (r.server, r.encounters, r.accessed_cards.clone())),
        Some((HQ, 0, vec![nico])),
        "HQ's ice not encountered; HQ's card accessed"
    );
}

// --- breakers of up to 3 and of X subroutines ---------------------------------------------------------

#[test]
fn card_umbrella_breaks_up_to_3_on_ice_hosting_a_trojan_and_each_player_may_draw() {
    let mut s = runner();
    let u = s.installed(c::UMBRELLA);
    s.ice(HQ, c::WHITESPACE, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(!m.offers(&format!("break:{u}:0+1")), "no Trojan on the ice: no interface");
    let mut s = runner();
    let u = s.installed(c::UMBRELLA);
    let ice2 = s.ice(HQ, c::WHITESPACE, true);
    let t = s.installed(c::MONKEYWRENCH);
    s.g.cards[t as usize].host = Some(ice2);
    s.hq(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&[&format!("break:{u}:0+1")]);
    assert_eq!(m.game().runner.credits, 3);
    m.pick(&["use"]);
    m.pick(&["use"]);
    let g = m.game();
    assert_eq!((g.runner.grip.len(), g.corp.hq.len()), (1, 2), "the Runner, then the Corp, drew 1");
}

#[test]
fn card_lobisomem_spends_x_and_a_power_counter_to_break_x_barrier_subroutines() {
    let mut s = runner();
    let l = s.grip(c::LOBISOMEM);
    s.ice(HQ, c::PHAROS, true);
    s.hq(c::HEDGE_FUND);
    s.g.runner.credits = 20;
    s.g.runner.clicks = 4;
    let mut m = s.at_action();
    m.install(l);
    assert_eq!((m.game().cards[l as usize].power, m.game().runner.credits), (1, 12), "1 power counter as installed");
    m.run_on(HQ);
    m.pick(&[&format!("lobisomem-pump:{l}")]);
    m.pick(&[&format!("lobisomem-pump:{l}")]);
    m.pick(&[&format!("lobisomem:{l}:1+2")]);
    let g = m.game();
    assert_eq!((g.cards[l as usize].power, g.runner.credits), (0, 12 - 2 - 2));
    assert_eq!(g.run.as_ref().map(|r| r.broken.clone()), Some(vec![false, true, true]));
    // Fully breaking a code gate places a power counter.
    let mut s = runner();
    let l = s.installed(c::LOBISOMEM);
    s.ice(RD, c::WHITESPACE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("break:{l}:0")]);
    m.pick(&[&format!("break:{l}:1")]);
    assert_eq!(m.game().cards[l as usize].power, 1);
}

#[test]
fn card_window_of_opportunity_installs_derezzes_an_ice_as_the_run_begins_and_the_corp_may_rez_it_free_after() {
    let mut s = runner();
    let w = s.grip(c::WINDOW_OF_OPPORTUNITY);
    let d = s.grip(c::DOCKLANDS_PASS);
    let ice = s.ice(HQ, c::PALISADE, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{w}:{HQ}")]);
    m.pick(&[&format!("install:{d}")]);
    assert!(m.game().runner.hardware.contains(&d));
    m.pick(&[&format!("derez:{ice}")]);
    assert!(!m.game().cards[ice as usize].rezzed);
    m.pick(&["continue"]);
    m.draw(&[0]);
    assert_eq!(m.game().corp.credits, 0);
    m.pick(&["rez"]);
    let g = m.game();
    assert!(g.cards[ice as usize].rezzed && g.run.is_none());
    assert_eq!((g.corp.credits, g.runner.credits), (0, 5 - 1 - 2));
}

#[test]
fn card_trick_shot_hosted_credits_pay_during_its_runs_2_more_and_1_more_access_on_success_then_a_remote_run() {
    let mut s = runner();
    let t = s.grip(c::TRICK_SHOT);
    let top = s.rd(c::NICO_CAMPAIGN);
    let second = s.rd(c::NICO_CAMPAIGN);
    let remote = s.root(3, c::NICO_CAMPAIGN, false);
    s.g.runner.credits = 1;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{t}:{RD}")]);
    assert_eq!((m.game().runner.credits, m.game().hosted(t)), (0, 4));
    m.pick(&["continue"]);
    assert_eq!(m.game().hosted(t), 6, "2 more when successful");
    m.pick(&["trash"]);
    m.pick(&["trash"]);
    let g = m.game();
    assert!(g.corp.archives.contains(&top) && g.corp.archives.contains(&second), "2 accesses, trashed with its credits");
    assert_eq!(g.hosted(t), 2);
    m.pick(&["run:3"]);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    let g = m.game();
    assert!(g.corp.archives.contains(&remote));
    assert_eq!((g.hosted(t), g.runner.credits), (0, 0));
}

#[test]
fn card_bahia_bands_resolves_2_chosen_effects_and_its_credits_pay_trash_costs_in_the_run() {
    let mut s = runner();
    let b = s.grip(c::BAHIA_BANDS);
    let nico = s.root(3, c::NICO_CAMPAIGN, false);
    s.g.runner.credits = 2;
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{b}:3")]);
    m.pick(&["continue"]);
    m.pick(&["mode:2"]);
    assert_eq!(m.game().runner.tags, 0);
    assert!(!m.offers("mode:2"), "a second, different effect");
    m.pick(&["mode:3"]);
    assert_eq!(m.game().hosted(b), 4);
    m.pick(&["trash"]);
    let g = m.game();
    assert!(g.corp.archives.contains(&nico));
    assert_eq!((g.hosted(b), g.runner.credits), (2, 0));
}

#[test]
fn card_gourmand_trashes_itself_to_trash_a_non_agenda_accessed_card_and_draw() {
    let mut s = runner();
    let gm = s.installed(c::GOURMAND);
    let hf = s.hq(c::HEDGE_FUND);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.draw(&[0]);
    m.pick(&["gourmand"]);
    let g = m.game();
    assert!(g.runner.heap.contains(&gm) && g.corp.archives.contains(&hf));
    assert_eq!(g.runner.grip.len(), 1);
    // Not on an agenda: it is stolen, Gourmand stays.
    let mut s = runner();
    let gm = s.installed(c::GOURMAND);
    let a = s.hq(c::OFFWORLD_OFFICE);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.draw(&[0]);
    let g = m.game();
    assert!(g.runner.score.contains(&a) && g.runner.programs.contains(&gm));
}

#[test]
fn card_physarum_entangler_pays_1_per_subroutine_to_bypass_its_non_barrier_host_and_goes_when_purged() {
    let mut s = runner();
    let ice = s.ice(HQ, c::WHITESPACE, true);
    let p = s.installed(c::PHYSARUM_ENTANGLER);
    s.g.cards[p as usize].host = Some(ice);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert!(bypassed(&m));
    assert_eq!(m.game().runner.credits, 5 - 2, "Whitespace has 2 subroutines");
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let ice = s.ice(HQ, c::WHITESPACE, true);
    let p = s.installed(c::PHYSARUM_ENTANGLER);
    s.g.cards[p as usize].host = Some(ice);
    let mut m = s.at_action();
    m.pick(&["purge"]);
    assert!(m.game().runner.heap.contains(&p));
}

#[test]
fn card_spree_spends_its_power_counters_to_move_a_trojan_onto_ice_of_the_attacked_server() {
    let mut s = runner();
    let sp = s.grip(c::SPREE);
    let far = s.ice(RD, c::PALISADE, false);
    let here = s.ice(HQ, c::PALISADE, false);
    let t = s.installed(c::MONKEYWRENCH);
    s.g.cards[t as usize].host = Some(far);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{sp}:{HQ}")]);
    assert_eq!(m.game().cards[sp as usize].power, 3);
    m.pick(&[&format!("spree:{sp}:{t}:{here}")]);
    let g = m.game();
    assert_eq!((g.cards[t as usize].host, g.cards[sp as usize].power), (Some(here), 2));
    assert!(!m.offers(&format!("spree:{sp}:{t}:{here}")), "already there");
}

#[test]
fn card_living_mural_breaks_sentries_of_its_host_server_and_gets_3_strength_installed_at_threat_4() {
    let mut s = runner();
    let lm = s.grip(c::LIVING_MURAL);
    let k = s.ice(HQ, c::KARUNA, true);
    s.hq(c::HEDGE_FUND);
    s.g.runner.credits = 10;
    s.g.corp.points = 4;
    let mut m = s.at_action();
    m.pick(&[&format!("install:{lm}:{k}")]);
    assert_eq!(m.game().breaker_strength(lm), 1 + 3);
    m.run_on(HQ);
    assert!(m.offers(&format!("break:{lm}:0")), "strength 4 against Karunā's 3, no pump needed");
    // Hosted on ice of another server: no interface.
    let mut s = runner();
    let far = s.ice(RD, c::PALISADE, false);
    let lm = s.installed(c::LIVING_MURAL);
    s.g.cards[lm as usize].host = Some(far);
    s.ice(HQ, c::KARUNA, true);
    s.hq(c::HEDGE_FUND);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    assert_eq!(m.game().breaker_strength(lm), 1);
    m.run_on(HQ);
    assert!(!m.offers(&format!("break:{lm}:0")) && !m.offers(&format!("pump:{lm}")));
}

#[test]
fn card_chrysopoeian_skimming_the_corp_reveals_an_agenda_for_a_click_and_a_draw_or_the_runner_looks_at_rd() {
    let mut s = runner();
    let cs = s.grip(c::CHRYSOPOEIAN_SKIMMING);
    let a = s.hq(c::OFFWORLD_OFFICE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.play(cs);
    m.pick(&[&format!("reveal:{a}")]);
    let g = m.game();
    assert_eq!((g.runner.clicks, g.runner.grip.len()), (4 - 1 + 1, 1));
    let mut s = runner();
    let cs = s.grip(c::CHRYSOPOEIAN_SKIMMING);
    s.hq(c::OFFWORLD_OFFICE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.play(cs);
    m.pick(&["decline"]);
    assert!(m.has_event("netrunner.looked"));
    assert_eq!(m.game().runner.clicks, 3);
}

#[test]
fn card_banner_pays_2_so_that_the_barriers_subroutines_cannot_end_the_run() {
    let mut s = runner();
    let b = s.installed(c::BANNER);
    s.ice(HQ, c::PALISADE, true);
    s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&[&format!("banner:{b}")]);
    assert_eq!(m.game().runner.credits, 3);
    m.pass_windows();
    assert!(m.has_event("netrunner.run_not_ended"));
    let g = m.game();
    assert!(g.run.as_ref().is_some_and(|r| !r.stop), "the run goes on past Palisade");
}
