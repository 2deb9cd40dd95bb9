//! One test per card of `cards/runner/programs.rs` (programs), named by the card, in title order.

use crate::core::DrawKind;
use crate::netrunner::cards::{self as c};
use crate::netrunner::flow;
use crate::netrunner::state::{Stage, ARCHIVES, HQ, RD};
use crate::netrunner::tests::cards::{bypassed, runner};
use crate::netrunner::tests::kit::{Match, NetrunnerVerbs, Scenario};

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

#[test]
fn card_boi_tata_breaks_2_sentry_subroutines_and_its_abilities_cost_1_less_after_trashing_an_installed_card() {
    let mut s = runner();
    let b = s.installed(c::BOI_TATA);
    s.ice(HQ, c::TITHE, true);
    s.g.runner.credits = 5;
    assert_eq!((s.g.break_cost(b), s.g.pump_cost(b)), (2, 3));
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(m.offers(&format!("break:{b}:0+1")), "up to 2 sentry subroutines");
    // Trashing its own installed card (Friend of a Friend's ability) makes both cost 1 less.
    let mut s = runner();
    let b = s.installed(c::BOI_TATA);
    let f = s.installed(crate::netrunner::cards::FRIEND_OF_A_FRIEND);
    s.ice(HQ, c::TITHE, true);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{f}:1")]);
    let g = m.game();
    assert!(g.flags.runner_trashed_own);
    assert_eq!((g.break_cost(b), g.pump_cost(b)), (1, 2));
}

#[test]
fn card_botulus_is_installed_on_ice_and_spends_counters_to_break_its_subroutines() {
    let mut s = runner();
    let b = s.grip(c::BOTULUS);
    let ice = s.ice(RD, c::PALISADE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("install:{b}")), "only on a piece of ice");
    m.pick(&[&format!("install:{b}:{ice}")]);
    let g = m.game();
    assert_eq!((g.cards[b as usize].virus, g.cards[b as usize].host), (1, Some(ice)));
    m.run_on(RD);
    m.pick(&[&format!("botulus:{b}:0")]);
    m.pick(&["continue"]);
    assert!(m.has_event("netrunner.run_successful"));
    assert_eq!(m.game().cards[b as usize].virus, 0);
    let mut s = runner();
    let b = s.installed(c::BOTULUS);
    let ice = s.ice(RD, c::PALISADE, true);
    s.g.cards[b as usize].host = Some(ice);
    let m = s.start(Stage::TurnBeginTriggers);
    assert_eq!(m.game().cards[b as usize].virus, 1, "a counter each turn");
}

#[test]
fn card_buzzsaw_breaks_two_code_gate_subroutines_for_1() {
    let mut s = runner();
    let b = s.installed(c::BUZZSAW);
    s.ice(RD, c::WHITESPACE, true);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("break:{b}:0+1")]);
    let g = m.game();
    assert_eq!(g.run.as_ref().unwrap().broken, vec![true, true]);
    assert_eq!(g.runner.credits, 9);
    assert_eq!(c::breaker(c::BUZZSAW).map(|b| b.pump_cost), Some(3));
}

#[test]
fn card_carmen_is_2_cheaper_after_a_successful_run_and_breaks_sentries() {
    let mut s = runner();
    let carmen = s.grip(c::CARMEN);
    s.g.runner.credits = 3;
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("install:{carmen}")));
    m.run_on(RD);
    m.pick(&["continue"]);
    m.pick(&[&format!("install:{carmen}")]);
    assert_eq!(m.game().runner.credits, 0);
    let mut s = runner();
    let carmen = s.installed(c::CARMEN);
    s.ice(RD, c::KARUNA, true);
    s.g.runner.credits = 3;
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(!m.offers(&format!("break:{carmen}:0")), "strength 2 < 3");
    m.pick(&[&format!("pump:{carmen}")]);
    m.pick(&[&format!("break:{carmen}:0")]);
    assert_eq!(m.game().run.as_ref().unwrap().broken, vec![true, false]);
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
        s.grip_n(c::SURE_GAMBLE, 3);
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
fn card_cleaver_breaks_up_to_two_barrier_subroutines_for_1() {
    let mut s = runner();
    let cl = s.installed(c::CLEAVER);
    s.ice(RD, c::BRAN_1_0, true);
    s.g.runner.credits = 10;
    s.g.runner.clicks = 1;
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("pump:{cl}")]);
    m.pick(&[&format!("pump:{cl}")]);
    assert!(!m.offers(&format!("break:{cl}:1+2")), "strength 5 < 6");
    m.pick(&[&format!("pump:{cl}")]);
    m.pick(&[&format!("break:{cl}:1+2")]);
    let g = m.game();
    assert_eq!(g.run.as_ref().unwrap().broken, vec![false, true, true]);
    assert_eq!(g.runner.credits, 3);
}

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
fn card_conduit_runs_rd_accessing_more_per_counter_and_gains_counters() {
    let mut s = runner();
    let cd = s.installed(c::CONDUIT);
    s.g.cards[cd as usize].virus = 1;
    s.rd_n(c::HEDGE_FUND, 3);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{cd}")]);
    m.pick(&["continue"]);
    assert_eq!(accessed(&m), 2);
    assert_eq!(m.game().cards[cd as usize].virus, 2);
}

#[test]
fn card_cupellation_hosts_an_accessed_card_for_1_then_trashes_itself_on_an_hq_breach_for_2_more_accesses() {
    let mut s = runner();
    let cu = s.installed(c::CUPELLATION);
    let nico = s.root(3, c::NICO_CAMPAIGN, false);
    let hq: Vec<u32> = (0..3).map(|_| s.hq(c::HEDGE_FUND)).collect();
    s.g.runner.credits = 2;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.pick(&["cupellation"]);
    let g = m.game();
    assert_eq!(g.runner.hosted_cards, vec![nico]);
    assert!(g.cards[nico as usize].faceup && g.corp.servers.iter().all(|s| !s.root.contains(&nico)), "uninstalled");
    assert_eq!(g.runner.credits, 1);
    // Breaching HQ with a hosted Corp card: pay 1 and trash it to access 3 cards.
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.pick(&["use"]);
    let g = m.game();
    assert!(g.runner.heap.contains(&cu) && g.corp.archives.contains(&nico), "its hosted card goes with it");
    assert!(g.runner.hosted_cards.is_empty() && g.runner.credits == 0);
    assert_eq!(m.draw_kind(), crate::core::DrawKind::Range(3));
    let _ = hq;
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

#[test]
fn card_devadatta_drone_spends_a_power_counter_for_1_more_rd_access() {
    let mut s = runner();
    let d = s.installed(c::DEVADATTA_DRONE);
    s.g.cards[d as usize].power = 1;
    s.rd_n(c::HEDGE_FUND, 3);
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

#[test]
fn card_echelon_gets_strength_per_icebreaker_and_pumps_2_for_3() {
    let mut s = runner();
    let e = s.installed(c::ECHELON);
    s.installed(c::CLEAVER);
    s.ice(RD, c::KARUNA, true);
    assert_eq!(flow::breaker_strength(&s.g, e), 2);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(!m.offers(&format!("break:{e}:0")), "2 < 3");
    m.pick(&[&format!("pump:{e}")]);
    m.pick(&[&format!("break:{e}:0")]);
    assert_eq!(m.game().runner.credits, 1);
}

#[test]
fn card_fermenter_gains_2_per_counter_when_trashed() {
    let mut s = runner();
    let f = s.grip(c::FERMENTER);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{f}")]);
    assert_eq!(m.game().cards[f as usize].virus, 1);
    let mut s = runner();
    let f = s.installed(c::FERMENTER);
    s.g.cards[f as usize].virus = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{f}")]);
    let g = m.game();
    assert_eq!(g.runner.credits, 11);
    assert!(g.runner.heap.contains(&f));
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

#[test]
fn card_heliamphora_hosts_an_archives_card_instead_of_its_access_and_a_purge_trashes_2_hq_cards_at_random() {
    let mut s = runner();
    let h = s.installed(c::HELIAMPHORA);
    let a1 = s.archives(c::HEDGE_FUND, false);
    let a2 = s.archives(c::HEDGE_FUND, true);
    let mut m = s.at_action();
    m.run_on(ARCHIVES);
    m.pick(&["continue"]);
    if m.kind() == "netrunner.access_order" {
        let ids = m.option_ids();
        m.answer(crate::core::Choice::Order(ids));
    }
    // The first card about to be accessed: hosted instead; the second is accessed (once per breach).
    m.pick(&["host"]);
    let g = m.game();
    assert_eq!(g.runner.hosted_cards.len(), 1);
    let hosted = g.runner.hosted_cards[0];
    assert!(g.cards[hosted as usize].faceup && !g.corp.archives.contains(&hosted));
    assert!(!m.offers("host"), "only once each time the Runner breaches Archives");
    let _ = (a1, a2);
    // The Corp purges: 2 cards of HQ at random are trashed, then Heliamphora with its hosted card.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let h2 = s.installed(c::HELIAMPHORA);
    let hq: Vec<u32> = (0..3).map(|_| s.hq(c::HEDGE_FUND)).collect();
    let mut m = s.at_action();
    m.pick(&["purge"]);
    assert_eq!(m.draw_kind(), DrawKind::Range(3));
    m.draw(&[0]);
    assert_eq!(m.draw_kind(), DrawKind::Range(2));
    m.draw(&[1]);
    let g = m.game();
    assert_eq!(g.corp.hq, vec![hq[1]]);
    assert!(g.corp.archives.contains(&hq[0]) && g.corp.archives.contains(&hq[2]));
    assert!(g.runner.heap.contains(&h2));
    let _ = h;
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
fn card_leech_gains_counters_on_central_runs_and_weakens_ice() {
    let mut s = runner();
    let l = s.installed(c::LEECH);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    assert_eq!(m.game().cards[l as usize].virus, 1);
    let mut s = runner();
    let l = s.installed(c::LEECH);
    let carmen = s.installed(c::CARMEN);
    s.g.cards[l as usize].virus = 1;
    let k = s.ice(RD, c::KARUNA, true);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(!m.offers(&format!("break:{carmen}:0")));
    m.pick(&[&format!("leech:{l}")]);
    assert_eq!(m.game().ice_strength(k), 2);
    assert!(m.offers(&format!("break:{carmen}:0")));
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
fn card_marjanah_breaks_a_barrier_subroutine_cheaper_after_a_successful_run() {
    for (success, left) in [(false, 2), (true, 3)] {
        let mut s = runner();
        let mj = s.installed(c::MARJANAH);
        s.ice(RD, c::PALISADE, true);
        s.g.flags.successful_run = success;
        let mut m = s.at_action();
        m.run_on(RD);
        m.pick(&[&format!("pump:{mj}")]);
        m.pick(&[&format!("break:{mj}:0")]);
        assert_eq!(m.game().runner.credits, left, "successful run before: {success}");
    }
}

#[test]
fn card_mayfly_breaks_any_subroutine_and_is_trashed_when_the_run_ends() {
    let mut s = runner();
    let my = s.installed(c::MAYFLY);
    s.ice(RD, c::TITHE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("break:{my}:0")]);
    m.pick(&[&format!("break:{my}:1")]);
    m.pick(&["pass"]);
    m.pick(&["continue"]);
    let g = m.game();
    assert!(g.run.is_none());
    assert!(g.runner.heap.contains(&my));
}

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
fn card_muse_cr_1_13_hosts_the_program_it_finds_and_its_hosted_program_goes_with_it() {
    let mut s = runner();
    let muse = s.grip(c::MUSE);
    let cleaver = s.card(c::CLEAVER);
    s.g.runner.heap.push(cleaver);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.install(muse);
    assert_eq!(m.kind(), "netrunner.search");
    m.pick(&[&format!("install:{cleaver}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&cleaver));
    assert_eq!(g.cards[cleaver as usize].host, Some(muse), "hosted on Muse");
    assert_eq!(g.runner.credits, 10 - 2 - 3, "Muse and Cleaver paid");
    // A Trojan found in the stack is installed on a piece of ice instead.
    let mut s = runner();
    let muse = s.grip(c::MUSE);
    let ice = s.ice(HQ, c::PALISADE, false);
    let trojan = s.stack(crate::netrunner::cards::PHYSARUM_ENTANGLER);
    let mut m = s.at_action();
    m.install(muse);
    assert!(!m.offers(&format!("install:{trojan}")), "a Trojan goes on ice only");
    m.pick(&[&format!("install:{trojan}:{ice}")]);
    let g = m.game();
    assert_eq!(g.cards[trojan as usize].host, Some(ice));
    assert!(g.runner.programs.contains(&trojan) && g.runner.stack.is_empty());
    // CR 1.13: a card hosted on a card that leaves play is trashed with it.
    let mut s = runner();
    let muse = s.card(c::MUSE);
    s.g.runner.heap.push(muse);
    let cleaver = s.installed(c::CLEAVER);
    s.g.cards[cleaver as usize].host = Some(muse);
    let m = s.at_action();
    let g = m.game();
    assert!(g.runner.heap.contains(&cleaver) && !g.runner.programs.contains(&cleaver));
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
fn card_tranquilizer_derezzes_its_host_at_3_counters() {
    let mut s = runner();
    let t = s.installed(c::TRANQUILIZER);
    let ice = s.ice(RD, c::PALISADE, true);
    s.g.cards[t as usize].host = Some(ice);
    s.g.cards[t as usize].virus = 2;
    let m = s.start(Stage::TurnBeginTriggers);
    let g = m.game();
    assert_eq!(g.cards[t as usize].virus, 3);
    assert!(!g.rezzed(ice));
}

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
fn card_unity_pumps_by_the_number_of_installed_icebreakers() {
    let mut s = runner();
    let u = s.installed(c::UNITY);
    s.installed(c::CLEAVER);
    s.ice(RD, c::DIVINER, true);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(!m.offers(&format!("break:{u}:0")), "strength 1 < 3");
    m.pick(&[&format!("pump:{u}")]);
    assert!(m.offers(&format!("break:{u}:0")), "+2 with two icebreakers");
    m.pick(&[&format!("break:{u}:0")]);
    assert_eq!(m.game().runner.credits, 3);
}

fn accessed(m: &Match) -> usize {
    m.log.iter().filter(|e| e.kind == "netrunner.accessed").count()
}
