//! One test per card of `cards/corp/ice.rs` (ice), named by the card, in title order.

use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{Stage, ARCHIVES, CORP, HQ, RD, RUNNER};
use crate::netrunner::tests::cards::{corp, corp_turn_begins, corp_window, runner, scored_startup_corp, to_card_question, until_offered};
use crate::netrunner::tests::kit::{Match, NetrunnerVerbs};

#[test]
fn card_ablative_barrier_at_threat_3_installs_a_non_agenda_elsewhere_when_rezzed() {
    let mut s = runner();
    s.g.corp.credits = 2;
    s.g.corp.points = 3;
    let ab = s.ice(RD, c::ABLATIVE_BARRIER, false);
    let pal = s.hq(c::PALISADE);
    let off = s.hq(c::OFFWORLD_OFFICE);
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(ab);
    assert!(!m.offers(&format!("install:{pal}:{RD}")), "another server only");
    assert!(!m.offers(&format!("install:{off}:new")), "no agenda");
    m.pick(&[&format!("install:{pal}:new")]);
    assert!(m.game().is_installed(pal));
    let mut s = runner();
    s.g.corp.credits = 2;
    let ab = s.ice(RD, c::ABLATIVE_BARRIER, false);
    s.hq(c::PALISADE);
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(ab);
    assert_ne!(m.kind(), c::CARD_KIND, "below threat 3");
}

#[test]
fn card_ansel_1_0_trashes_installs_and_forbids_stealing() {
    let mut s = runner();
    s.ice(RD, c::ANSEL_1_0, true);
    let t = s.installed(c::TELEWORK_CONTRACT);
    let p = s.hq(c::PALISADE);
    s.rd(c::OFFWORLD_OFFICE);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(m.offers("click-break:0"), "Bioroid: a click breaks a subroutine");
    m.pick(&["pass"]);
    assert_eq!(m.kind(), "netrunner.corp_trashes");
    m.pick(&[&format!("trash:{t}")]);
    assert_eq!(m.kind(), "netrunner.ansel_install");
    assert!(!m.offers(&format!("install:{p}:1")), "a second ice on R&D costs 1");
    m.pick(&[&format!("install:{p}:0")]);
    m.pick(&["continue"]);
    let g = m.game();
    assert!(g.runner.heap.contains(&t));
    assert_eq!(g.server(HQ).unwrap().ice, vec![p]);
    assert!(g.runner.score.is_empty() && g.run.is_none(), "the agenda cannot be stolen");
}

#[test]
fn card_attini_damages_unless_paid_and_not_at_threat_3() {
    let (mut m, _) = ice_run(c::ATTINI, 0, 2);
    m.pick(&["pay"]);
    m.pick(&["pay"]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.heap.len()), (1, 1));
    let mut s = runner();
    s.ice(RD, c::ATTINI, true);
    s.g.corp.points = 3;
    s.grip_n(c::SURE_GAMBLE, 3);
    let mut m = s.at_action();
    m.run_on(RD);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.heap.len()), (5, 3));
}

#[test]
fn card_ballista_trashes_a_program_or_ends_the_run() {
    let mut s = runner();
    let cl = s.installed(c::CLEAVER);
    s.ice(RD, c::BALLISTA, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!(m.option_ids(), vec![format!("trash:{cl}"), "end".to_string()]);
    m.pick(&[&format!("trash:{cl}")]);
    assert!(m.game().runner.heap.contains(&cl));
    m.pick(&["continue"]);
    assert!(m.has_event("netrunner.run_successful"));
}

#[test]
fn card_biawak_can_be_rezzed_forfeiting_an_agenda_and_trashes_or_ends() {
    let mut s = runner();
    s.g.corp.credits = 4;
    let a = scored_startup_corp(&mut s, c::OFFWORLD_OFFICE, 0);
    s.g.corp.points = 2;
    let b = s.ice(RD, c::BIAWAK, false);
    let cl = s.installed(c::CLEAVER);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(!m.offers(&format!("rez:{b}")), "14 credits without a forfeit");
    m.pick(&[&format!("rez-forfeit:{b}:{a}")]);
    m.pass_windows();
    assert_eq!(m.game().corp.credits, 0);
    m.pick(&[&format!("trash:{cl}")]);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&["end"]);
    let g = m.game();
    assert!(g.runner.heap.contains(&cl) && g.run.is_none());
    assert_eq!(g.corp.points, 0);
}

#[test]
fn card_boto_gets_2_at_threat_4_and_trashes_from_hq_to_end_the_run() {
    let mut s = runner();
    let b = s.ice(RD, c::BOTO, true);
    assert_eq!(s.g.ice_strength(b), 4);
    s.g.corp.points = 4;
    assert_eq!(s.g.ice_strength(b), 6);
    let x = s.hq(c::HEDGE_FUND);
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    m.draw(&[0]);
    m.draw(&[0]);
    m.pick(&[&format!("card:{x}")]);
    let g = m.game();
    assert!(g.corp.archives.contains(&x) && g.run.is_none());
}

#[test]
fn card_bran_1_0_a_click_breaks_a_subroutine() {
    let mut s = runner();
    s.ice(RD, c::BRAN_1_0, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&["click-break:1"]);
    m.pick(&["click-break:2"]);
    m.pick(&["pass"]);
    // The first subroutine: nothing to install (no ice in HQ/Archives); the run goes on.
    assert_eq!(m.game().runner.clicks, 1);
    assert!(m.has_event("netrunner.approach_server"));
}

#[test]
fn card_bumi_1_0_trashes_a_trojan_when_rezzed_then_a_program_and_core_damage() {
    let mut s = runner();
    s.g.corp.credits = 3;
    let host = s.ice(0, c::PALISADE, true);
    let b = s.ice(RD, c::BUMI_1_0, false);
    let bot = s.installed(c::BOTULUS);
    s.g.cards[bot as usize].host = Some(host);
    let cl = s.installed(c::CLEAVER);
    s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(b);
    m.pick(&[&format!("trash:{bot}")]);
    m.pass_windows();
    assert!(m.offers(&format!("trash:{cl}")));
    m.pick(&[&format!("trash:{cl}")]);
    m.draw(&[0]);
    let g = m.game();
    assert!(g.runner.heap.contains(&bot) && g.runner.heap.contains(&cl));
    assert_eq!(g.runner.core_damage, 1);
}

#[test]
fn card_capacitor_is_stronger_against_tags_and_pays_per_tag() {
    let mut s = runner();
    let cap = s.ice(RD, c::CAPACITOR, true);
    assert_eq!(s.g.ice_strength(cap), 3);
    s.g.runner.tags = 2;
    assert_eq!(s.g.ice_strength(cap), 5);
    let mut m = s.at_action();
    m.run_on(RD);
    let g = m.game();
    assert_eq!(g.corp.credits, 2);
    assert!(g.run.is_none());
}

#[test]
fn card_cloud_eater_encounter_ends_also_when_the_run_ends_during_it() {
    // Thunderbolt's gained subroutine ends the run during the encounter: the encounter ends too.
    let mut s = runner();
    s.g.corp.identity = c::THUNDERBOLT_ARMAMENTS.into();
    s.g.corp.credits = 10;
    let telework = s.installed(c::TELEWORK_CONTRACT);
    s.installed(c::T400_MEMORY_DIAMOND);
    let ce = s.ice(HQ, c::CLOUD_EATER, false);
    s.hq(c::HEDGE_FUND);
    s.grip_n(c::SURE_GAMBLE, 5);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("rez:{ce}"));
    m.rez(ce);
    to_card_question(&mut m);
    m.pick(&[&format!("trash:{telework}")]);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    // The gained subroutine: the Runner keeps its card and the run ends.
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, RUNNER));
    m.pick(&["end"]);
    // The encounter ends with the run: Cloud Eater, rezzed this turn, asks.
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, RUNNER));
    m.pick(&["tags"]);
    let g = m.game();
    assert!(g.run.is_none() && !g.flags.successful_run);
    assert_eq!(g.runner.tags, 4);
}

#[test]
fn card_cloud_eater_rezzed_this_turn_costs_the_runner_when_its_encounter_ends() {
    let mut s = runner();
    s.g.corp.credits = 10;
    let telework = s.installed(c::TELEWORK_CONTRACT);
    let t400 = s.installed(c::T400_MEMORY_DIAMOND);
    let ce = s.ice(HQ, c::CLOUD_EATER, false);
    s.hq(c::HEDGE_FUND);
    s.grip_n(c::SURE_GAMBLE, 5);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("rez:{ce}"));
    m.rez(ce);
    to_card_question(&mut m);
    m.pick(&[&format!("trash:{telework}")]);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    // The encounter ends: the Runner chooses how to pay.
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, RUNNER));
    m.pick(&["trash"]);
    assert_eq!(m.seat(), CORP);
    m.pick(&[&format!("trash:{t400}")]);
    to_card_question(&mut m);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.heap.len()), (2, 5));
    assert!(g.installed_runner().is_empty() && g.flags.successful_run);

    // Rezzed on an earlier turn: its encounter ends with nothing more.
    let mut s = runner();
    s.installed(c::TELEWORK_CONTRACT);
    let ce = s.ice(HQ, c::CLOUD_EATER, true);
    s.hq(c::HEDGE_FUND);
    s.grip_n(c::SURE_GAMBLE, 5);
    let mut m = s.at_action();
    m.run_on(HQ);
    to_card_question(&mut m);
    m.pick_prefix("trash:");
    for _ in 0..3 {
        m.draw(&[0]);
    }
    to_card_question(&mut m);
    assert!(m.game().flags.successful_run && m.game().is_installed(ce));
}

#[test]
fn card_descent_is_expended_to_shuffle_agendas_back_and_returns_to_hq() {
    let mut s = corp();
    let d = s.hq(c::DESCENT);
    let a1 = s.hq(c::OFFWORLD_OFFICE);
    let a2 = s.archives(c::OFFWORLD_OFFICE, true);
    let top = s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{d}")]);
    assert!(m.game().corp.hq.contains(&top));
    m.pick(&[&format!("card:{a1}"), &format!("card:{a2}")]);
    m.draw(&[1, 0]);
    let g = m.game();
    assert!(g.corp.rd.contains(&a1) && g.corp.rd.contains(&a2));
    let mut s = corp();
    let d = s.ice(RD, c::DESCENT, true);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&["yes"]);
    assert!(m.game().corp.hq.contains(&d));
}

#[test]
fn card_diviner_ends_the_run_when_the_trashed_card_has_an_odd_cost() {
    for (code, ends) in [(c::SURE_GAMBLE, true), (c::JAILBREAK, false)] {
        let mut s = runner();
        s.ice(RD, c::DIVINER, true);
        s.grip(code);
        s.rd(c::HEDGE_FUND);
        let mut m = s.at_action();
        m.run_on(RD);
        m.draw(&[0]);
        assert_eq!(m.has_event("netrunner.run_ended_by"), ends, "{code}");
    }
}

#[test]
fn card_doomscroll_tags_and_does_more_damage_to_a_tagged_runner() {
    let mut s = runner();
    s.ice(RD, c::DOOMSCROLL, true);
    s.g.runner.tags = 1;
    s.grip_n(c::SURE_GAMBLE, 4);
    let mut m = s.at_action();
    m.run_on(RD);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.heap.len()), (2, 3));
}

#[test]
fn card_empiricist_draws_and_stacks_r_and_d_then_damages_and_tags() {
    let mut s = runner();
    s.ice(RD, c::EMPIRICIST, true);
    let x = s.hq(c::PALISADE);
    let top = s.rd(c::HEDGE_FUND);
    s.grip_n(c::SURE_GAMBLE, 4);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!(m.seat(), CORP);
    m.pick(&[&format!("card:{x}")]);
    let g = m.game();
    assert!(g.corp.hq.contains(&top) && g.corp.rd.first() == Some(&x));
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.heap.len()), (1, 3));
}

#[test]
fn card_flyswatter_purges_when_rezzed_in_a_run_on_its_server() {
    let mut s = runner();
    s.g.corp.credits = 2;
    let f = s.ice(RD, c::FLYSWATTER, false);
    let v = s.installed(c::CLEAVER);
    s.g.cards[v as usize].virus = 2;
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(f);
    m.pass_windows();
    let g = m.game();
    assert_eq!(g.cards[v as usize].virus, 0);
    assert!(g.run.is_none() && m.has_event("netrunner.purged"));
}

#[test]
fn card_funhouse_tags_or_ends_on_encounter_and_taxes_4() {
    let mut s = runner();
    s.ice(RD, c::FUNHOUSE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!(m.kind(), "netrunner.funhouse");
    m.choose("Take 1 tag");
    assert_eq!(m.kind(), "netrunner.pay_or_tag");
    m.pick(&["pay"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.credits), (1, 1));
    let mut s = runner();
    s.ice(RD, c::FUNHOUSE, true);
    let mut m = s.at_action();
    m.run_on(RD);
    m.choose("Let the run end");
    assert!(m.game().run.is_none() && m.game().runner.tags == 0);
}

#[test]
fn card_hammer_lets_non_killers_break_only_1_printed_subroutine_per_encounter() {
    let mut s = runner();
    s.g.runner.credits = 20;
    let mayfly = s.installed(c::MAYFLY);
    let carmen = s.installed(c::CARMEN);
    let telework = s.installed(c::TELEWORK_CONTRACT);
    s.ice(HQ, c::HAMMER, true);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("pump:{mayfly}"));
    for _ in 0..3 {
        m.pick(&[&format!("pump:{mayfly}")]);
    }
    m.pick(&[&format!("break:{mayfly}:1")]);
    assert!(!m.offers(&format!("break:{mayfly}:0")) && !m.offers(&format!("break:{mayfly}:2")), "a second break by a non-killer is refused");
    m.pick(&[&format!("pump:{carmen}")]);
    assert!(m.offers(&format!("break:{carmen}:0")), "a killer still breaks");
    m.pick(&[&format!("break:{carmen}:0")]);
    m.pass_windows();
    // The last subroutine: a program that is not a decoder, fracter or killer.
    assert_eq!(m.seat(), CORP);
    assert!(!m.offers(&format!("trash:{carmen}")) && !m.offers(&format!("trash:{telework}")));
    m.pick(&[&format!("trash:{mayfly}")]);
    let g = m.game();
    assert!(g.runner.heap.contains(&mayfly) && g.runner.programs.contains(&carmen) && g.runner.tags == 0);
}

#[test]
fn card_jaguarundi_at_threat_4_costs_a_click_or_a_tag_then_core_damage_if_tagged() {
    let mut s = runner();
    s.ice(RD, c::JAGUARUNDI, true);
    s.g.runner.points = 4;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&["click"]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.clicks, g.runner.tags, g.runner.core_damage), (2, 1, 1));
    let (m, _) = ice_run(c::JAGUARUNDI, 0, 0);
    assert_ne!(m.kind(), c::CARD_KIND, "below threat 4, no encounter effect");
    assert_eq!(m.game().runner.tags, 1);
}

#[test]
fn card_karuna_lets_the_runner_jack_out_after_the_first_subroutine() {
    let mut s = runner();
    s.ice(RD, c::KARUNA, true);
    s.grip_n(c::SURE_GAMBLE, 5);
    let mut m = s.at_action();
    m.run_on(RD);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.kind(), "netrunner.karuna");
    m.pick(&["jack_out"]);
    let g = m.game();
    assert_eq!(g.runner.grip.len(), 3, "only the first 2 net damage");
    assert!(g.run.is_none());
}

#[test]
fn card_kessleroid_cannot_be_trashed_by_the_runner_while_rezzed_and_ends_the_run() {
    // Control: Arruaceiras Crew trashes a plain ice at strength 0.
    let mut s = runner();
    let a = s.installed(c::ARRUACEIRAS_CREW);
    s.ice(0, c::PALISADE, true);
    let mut m = s.at_action();
    m.run_on(0);
    until_offered(&mut m, &format!("arruaceiras:{a}"));
    m.pick(&[&format!("arruaceiras:{a}")]);
    assert!(m.offers(&format!("arruaceiras-trash:{a}")));

    let mut s = runner();
    let a = s.installed(c::ARRUACEIRAS_CREW);
    let k = s.ice(0, c::KESSLEROID, true);
    let mut m = s.at_action();
    m.run_on(0);
    until_offered(&mut m, &format!("arruaceiras:{a}"));
    m.pick(&[&format!("arruaceiras:{a}")]);
    // Nothing left to use (the trash is not offered), so the encounter went on: its
    // subroutines ended the run, and it is still installed.
    assert!(!m.offers(&format!("arruaceiras-trash:{a}")), "the Runner cannot trash it");
    let g = m.game();
    assert!(g.run.is_none() && g.is_installed(k), "its subroutines end the run");
}

#[test]
fn card_lamplighter_taxes_or_tags_ends_tagged_runs_and_goes_when_an_agenda_leaves() {
    let (mut m, _) = ice_run(c::LAMPLIGHTER, 0, 0);
    m.pick(&["tag"]);
    let g = m.game();
    assert_eq!(g.runner.tags, 1);
    assert!(g.run.is_none());
    let (mut m, _) = ice_run(c::LAMPLIGHTER, 0, 0);
    m.pick(&["pay"]);
    assert_eq!((m.game().runner.credits, m.game().runner.tags), (2, 0));
    assert!(m.game().run.is_some(), "untagged: the run goes on");
    let mut s = runner();
    let l = s.ice(3, c::LAMPLIGHTER, true);
    s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["pay"]);
    to_card_question(&mut m);
    let g = m.game();
    assert_eq!(g.runner.score.len(), 1);
    assert!(g.corp.archives.contains(&l), "stolen from its server");
    let mut s = corp();
    let l = s.ice(3, c::LAMPLIGHTER, true);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 4;
    let mut m = corp_window(s);
    m.score(a);
    assert!(m.game().corp.archives.contains(&l), "scored from its server");
}

#[test]
fn card_logjam_gets_counters_per_faceup_type_when_rezzed_and_strength_per_counter() {
    let mut s = runner();
    s.g.corp.credits = 6;
    let l = s.ice(RD, c::LOGJAM, false);
    s.archives(c::HEDGE_FUND, true);
    s.archives(c::OFFWORLD_OFFICE, true);
    s.archives(c::PALISADE, false);
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(l);
    let g = m.game();
    assert_eq!((g.adv(l), g.ice_strength(l)), (3, 3));
    m.pass_windows();
    let g = m.game();
    assert_eq!(g.corp.credits, 2);
    assert!(g.run.is_none());
}

#[test]
fn card_lycian_multi_munition_gains_chosen_subtypes_and_derezzes_when_a_turn_ends() {
    let mut s = runner();
    s.g.corp.credits = 3;
    let l = s.ice(RD, c::LYCIAN_MULTI_MUNITION, false);
    s.rd(c::HEDGE_FUND);
    let p = s.installed(c::CLEAVER);
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(l);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&["subtype:2", "subtype:1"]);
    let g = m.game();
    assert!(g.ice_has_subtype(l, "Code Gate") && g.ice_has_subtype(l, "Sentry") && !g.ice_has_subtype(l, "Barrier"));
    to_card_question(&mut m);
    // The sentry subroutine: the Corp trashes the program; the code gate one took a click and a credit.
    m.pick(&[&format!("trash:{p}")]);
    m.pass_windows();
    let g = m.game();
    assert!(g.runner.heap.contains(&p));
    assert_eq!((g.runner.clicks, g.runner.credits, g.corp.credits), (2, 4, 0), "1 click for the run, 1 lost; no barrier credit");
    assert!(g.rezzed(l));

    // A barrier only: the Corp gains 1 and the run ends; when the turn ends, it is derezzed and
    // loses its subtypes.
    let mut s = runner();
    s.g.corp.credits = 3;
    let l = s.ice(RD, c::LYCIAN_MULTI_MUNITION, false);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(l);
    m.pick(&["subtype:0"]);
    m.pass_windows();
    let g = m.game();
    assert!(g.run.is_none() && m.has_event("netrunner.run_ended_by"));
    assert_eq!((g.runner.clicks, g.runner.credits, g.corp.credits), (3, 5, 1));
    let mut s = corp();
    let l = s.ice(RD, c::LYCIAN_MULTI_MUNITION, true);
    s.g.cards[l as usize].gained = vec!["Barrier".into()];
    let m = s.start(Stage::EndTurn);
    let g = m.game();
    assert!(!g.rezzed(l) && !g.ice_has_subtype(l, "Barrier") && m.has_event("netrunner.derezzed"));
}

#[test]
fn card_m_i_c_takes_clicks_and_trashes_itself_to_end_the_run_unless_a_click_is_spent() {
    let mut s = runner();
    s.ice(RD, c::MIC, true);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pass_windows();
    let g = m.game();
    assert_eq!(g.runner.clicks, 1);
    assert!(g.run.is_none());
    let mut s = runner();
    let mic = s.ice(RD, c::MIC, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("mic:{mic}")]);
    assert_eq!(m.seat(), RUNNER);
    m.pick(&["click"]);
    let g = m.game();
    assert_eq!(g.runner.clicks, 2);
    assert!(g.corp.archives.contains(&mic) && g.run.is_some());
    let mut s = runner();
    let mic = s.ice(RD, c::MIC, true);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("mic:{mic}")]);
    m.pick(&["end"]);
    assert!(m.game().run.is_none());
}

#[test]
fn card_mycoweb_installs_and_rezzes_ice_then_resolves_a_sentry_s_and_another_code_gate_s_subroutine() {
    let mut s = runner();
    s.g.corp.credits = 1;
    s.ice(HQ, c::MYCOWEB, true);
    s.ice(RD, c::TITHE, true);
    let ws = s.ice(RD, c::WHITESPACE, false);
    let vsa = s.ice(ARCHIVES, c::VIRTUAL_SERVICE_AGENT, true);
    let pal = s.archives(c::PALISADE, false);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    to_card_question(&mut m);
    assert_eq!(m.seat(), CORP);
    m.pick(&[&format!("install:{pal}:{RD}")]);
    m.pick(&[]); // trash nothing before installing
    to_card_question(&mut m);
    assert!(m.offers(&format!("rez:{pal}")), "3 less 2 is affordable");
    m.pick(&[&format!("rez:{ws}")]);
    to_card_question(&mut m);
    let tithe = m.game().server(RD).map(|s| s.ice[0]).unwrap_or(0);
    m.pick(&[&format!("ice:{tithe}")]);
    m.pick(&["sub:1"]);
    to_card_question(&mut m);
    assert!(m.offers(&format!("ice:{ws}")) && m.offers(&format!("ice:{vsa}")));
    m.pick(&[&format!("ice:{vsa}")]);
    m.pick(&["sub:0"]);
    to_card_question(&mut m);
    let g = m.game();
    assert!(g.is_installed(pal) && !g.rezzed(pal) && g.rezzed(ws));
    assert_eq!((g.corp.credits, g.runner.credits), (2, 4));
    assert!(g.flags.successful_run);
}

#[test]
fn card_n_pot_lets_the_runner_pay_3_per_subroutine_and_ends_the_run_by_threat_level() {
    let mut s = runner();
    s.g.runner.credits = 9;
    s.ice(0, c::N_POT, true);
    let mut m = s.at_action();
    m.run_on(0);
    until_offered(&mut m, "ice-break:0");
    m.pick(&["ice-break:0"]);
    m.pick(&["ice-break:1"]);
    assert_eq!(m.game().runner.credits, 3);
    m.pass_windows();
    to_card_question(&mut m);
    let g = m.game();
    assert!(g.flags.successful_run, "threat level 0: the last subroutine does nothing");

    let mut s = runner();
    s.g.runner.credits = 9;
    s.g.runner.points = 2;
    s.ice(0, c::N_POT, true);
    let mut m = s.at_action();
    m.run_on(0);
    until_offered(&mut m, "ice-break:0");
    m.pick(&["ice-break:0"]);
    m.pass_windows();
    let g = m.game();
    assert!(g.run.is_none() && !g.flags.successful_run, "threat level 2: ended by the second subroutine");
}

#[test]
fn card_palisade_ends_the_run_and_is_stronger_on_a_remote() {
    let mut s = runner();
    let p = s.ice(3, c::PALISADE, true);
    let q = s.ice(HQ, c::PALISADE, true);
    s.root(3, c::NICO_CAMPAIGN, false);
    assert_eq!((s.g.ice_strength(p), s.g.ice_strength(q)), (4, 2));
    let mut m = s.at_action();
    m.run_on(3);
    assert!(m.has_event("netrunner.run_ended_by"));
    assert!(m.game().run.is_none());
}

#[test]
fn card_pharos_can_be_advanced_to_plus_5_and_tags_then_ends_the_run() {
    let mut s = corp();
    let p = s.ice(RD, c::PHAROS, false);
    s.g.cards[p as usize].adv = 2;
    assert_eq!(s.g.ice_strength(p), 5);
    let mut m = s.at_action();
    m.pick(&[&format!("advance:{p}")]);
    assert_eq!(m.game().ice_strength(p), 10);
    let mut s = runner();
    s.ice(RD, c::PHAROS, true);
    let mut m = s.at_action();
    m.run_on(RD);
    let g = m.game();
    assert_eq!(g.runner.tags, 1);
    assert!(g.run.is_none());
}

#[test]
fn card_phoneutria_tags_a_runner_passing_it_with_4_cards() {
    let mut s = runner();
    s.ice(RD, c::PHONEUTRIA, true);
    s.grip_n(c::SURE_GAMBLE, 6);
    let mut m = s.at_action();
    m.run_on(RD);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.game().runner.tags, 1, "4 cards left when it is passed");
    let (mut m, _) = ice_run(c::PHONEUTRIA, 0, 5);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.game().runner.tags, 0, "3 cards left");
}

#[test]
fn card_ping_tags_when_rezzed_in_a_run_on_its_server() {
    let mut s = runner();
    s.g.corp.credits = 2;
    let p = s.ice(RD, c::PING, false);
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(p);
    m.pass_windows();
    let g = m.game();
    assert_eq!(g.runner.tags, 1);
    assert!(g.run.is_none() && m.has_event("netrunner.run_ended_by"), "then its subroutine ends the run");
}

#[test]
fn card_piranhas_costs_bad_publicity_to_rez_draws_damages_and_ends_on_a_bigger_hq() {
    let mut s = runner();
    s.g.corp.credits = 5;
    let p = s.ice(RD, c::PIRANHAS, false);
    s.rd(c::HEDGE_FUND);
    s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    m.rez(p);
    m.pass_windows();
    m.pick(&["yes"]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.corp.bad_publicity, g.corp.hq.len(), g.runner.grip.len()), (1, 1, 0));
    assert!(g.run.is_none(), "1 card in HQ, none in the grip");
}

#[test]
fn card_scatter_field_is_strong_alone_and_installs_from_hq() {
    let mut s = runner();
    let sf = s.ice(RD, c::SCATTER_FIELD, true);
    assert_eq!(s.g.ice_strength(sf), 4);
    let n = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("install:{n}:new")]);
    let g = m.game();
    assert!(g.is_installed(n) && g.run.is_none());
    let mut s = runner();
    let sf = s.ice(RD, c::SCATTER_FIELD, true);
    s.ice(RD, c::PALISADE, true);
    assert_eq!(s.g.ice_strength(sf), 0);
}

#[test]
fn card_semak_samun_is_broken_only_by_fracters_and_ends_the_run_unless_3_net_damage() {
    let mut s = runner();
    s.g.runner.credits = 10;
    let mayfly = s.installed(c::MAYFLY);
    let cleaver = s.installed(c::CLEAVER);
    s.ice(0, c::SEMAK_SAMUN, true);
    let mut m = s.at_action();
    m.run_on(0);
    until_offered(&mut m, &format!("pump:{mayfly}"));
    m.pick(&[&format!("pump:{mayfly}")]);
    m.pick(&[&format!("pump:{mayfly}")]);
    assert!(!m.offers(&format!("break:{mayfly}:0")), "an AI breaker cannot break it");
    assert!(m.offers(&format!("break:{cleaver}:0")), "a fracter can");
    m.pass_windows();
    assert_eq!(m.seat(), RUNNER);
    m.pick(&["end"]);
    assert!(m.game().run.is_none());

    let mut s = runner();
    s.ice(0, c::SEMAK_SAMUN, true);
    s.grip_n(c::SURE_GAMBLE, 4);
    let mut m = s.at_action();
    m.run_on(0);
    to_card_question(&mut m);
    m.pick(&["damage"]);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.heap.len(), 3);
}

#[test]
fn card_seraph_taxes_on_encounter_then_credits_damage_and_a_tag() {
    let (mut m, _) = ice_run(c::SERAPH, 0, 3);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, RUNNER));
    m.pick(&["tag"]);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.credits, g.runner.heap.len()), (2, 2, 2));
}

#[test]
fn card_sorocaban_blade_trashes_at_most_1_installed_card_per_encounter() {
    let mut s = runner();
    let telework = s.installed(c::TELEWORK_CONTRACT);
    let t400 = s.installed(c::T400_MEMORY_DIAMOND);
    let leech = s.installed(c::LEECH);
    s.ice(HQ, c::SOROCABAN_BLADE, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    to_card_question(&mut m);
    assert_eq!(m.seat(), CORP);
    m.pick(&[&format!("trash:{telework}")]);
    to_card_question(&mut m);
    let g = m.game();
    assert!(g.runner.heap == vec![telework] && g.runner.hardware.contains(&t400) && g.runner.programs.contains(&leech));
    assert!(g.flags.successful_run, "the other subroutines trash nothing in this encounter");
}

#[test]
fn card_starlit_knight_gains_an_end_the_run_per_tag_at_threat_4() {
    // Below threat 4 it only tags.
    let mut s = runner();
    s.g.runner.tags = 1;
    s.ice(HQ, c::STARLIT_KNIGHT, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    to_card_question(&mut m);
    let g = m.game();
    assert!(g.flags.successful_run && g.runner.tags == 3);

    let mut s = runner();
    s.g.corp.points = 4;
    s.g.runner.tags = 2;
    s.g.runner.credits = 10;
    let mayfly = s.installed(c::MAYFLY);
    s.ice(HQ, c::STARLIT_KNIGHT, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("pump:{mayfly}"));
    m.pick(&[&format!("pump:{mayfly}")]);
    assert!(m.offers(&format!("break:{mayfly}:3")), "the gained subroutines can be broken: {:?}", m.option_ids());
    m.pick(&[&format!("break:{mayfly}:2")]);
    m.pass_windows();
    let g = m.game();
    assert!(g.run.is_none() && !g.flags.successful_run, "the unbroken gained subroutine ends the run");
    assert_eq!(g.runner.tags, 4);
}

#[test]
fn card_syailendra_advances_on_encounter_when_advanced_and_taxes() {
    let mut s = runner();
    let sy = s.ice(RD, c::SYAILENDRA, true);
    s.g.cards[sy as usize].adv = 3;
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("card:{a}")]);
    m.pick(&[&format!("card:{a}")]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.adv(a), g.runner.credits, g.runner.heap.len()), (2, 3, 1));
}

#[test]
fn card_tatu_bola_swaps_with_an_ice_from_hq_for_4_when_passed() {
    let mut s = runner();
    let t = s.ice(RD, c::TATU_BOLA, true);
    let pal = s.hq(c::PALISADE);
    let cl = s.installed(c::CLEAVER);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("break:{cl}:0")]);
    m.pass_windows();
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&[&format!("swap:{pal}")]);
    let g = m.game();
    assert_eq!(g.server(RD).map(|s| s.ice.clone()), Some(vec![pal]));
    assert!(g.corp.hq.contains(&t) && !g.rezzed(pal));
    assert_eq!(g.corp.credits, 4);
    let mut s = runner();
    s.ice(RD, c::TATU_BOLA, true);
    s.hq(c::PALISADE);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(m.game().run.is_none() && m.kind() != c::CARD_KIND, "a run its subroutine ended passes nothing");
}

#[test]
fn card_tithe_does_1_net_damage_and_gains_the_corp_1() {
    let mut s = runner();
    s.ice(RD, c::TITHE, true);
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.grip.len(), g.corp.credits), (1, 1));
}

#[test]
fn card_tree_line_is_expended_for_3_counters_on_an_ice_and_grows_with_counters() {
    let mut s = corp();
    let t = s.hq(c::TREE_LINE);
    let p = s.ice(0, c::PALISADE, false);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{t}")]);
    m.pick(&[&format!("card:{p}")]);
    assert_eq!(m.game().adv(p), 3);
    let mut s = runner();
    let t = s.ice(RD, c::TREE_LINE, true);
    s.g.cards[t as usize].adv = 2;
    assert_eq!(s.g.ice_strength(t), 6);
    assert!(s.g.advanceable(t));
    let mut m = s.at_action();
    m.run_on(RD);
    let g = m.game();
    assert!(g.run.is_none() && g.corp.credits == 1);
}

#[test]
fn card_tributary_moves_in_front_of_the_first_run_and_strengthens_every_ice() {
    let mut s = runner();
    let t = s.ice(RD, c::TRIBUTARY, true);
    let pal = s.hq(c::PALISADE);
    s.rd(c::HEDGE_FUND);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&["move"]);
    to_card_question(&mut m);
    // The Runner approached and encountered it: its first subroutine.
    m.pick(&["draw"]);
    assert!(!m.offers(&format!("install:{pal}:{HQ}")), "not protecting the attacked server");
    m.pick(&[&format!("install:{pal}:{RD}")]);
    to_card_question(&mut m);
    let g = m.game();
    assert_eq!(g.server(HQ).map(|s| s.ice.clone()), Some(vec![t]));
    assert!(g.flags.successful_run && g.corp.hq.len() == 2, "drew 1, installed 1");
    assert_eq!((g.ice_strength(t), g.ice_strength(pal)), (6, 4), "+2 for the remainder of the run");
}

#[test]
fn card_valentao_costs_bad_publicity_or_a_tag_to_rez_and_taxes_credits() {
    let mut s = runner();
    s.g.corp.credits = 5;
    s.g.runner.tags = 1;
    let v = s.ice(RD, c::VALENTAO, false);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(m.offers(&format!("rez:{v}")) && m.offers(&format!("rez-tag:{v}")));
    m.pick(&[&format!("rez-tag:{v}")]);
    m.pass_windows();
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.bad_publicity, g.corp.credits, g.runner.credits), (0, 0, 2, 3));
    assert!(!m.has_event("netrunner.run_ended_by"), "2 credits against 3: the run goes on");
    let mut s = runner();
    s.g.corp.credits = 5;
    s.g.runner.credits = 1;
    let v = s.ice(RD, c::VALENTAO, false);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(!m.offers(&format!("rez-tag:{v}")), "no tag to remove");
    m.rez(v);
    m.pass_windows();
    let g = m.game();
    assert_eq!(g.corp.bad_publicity, 1);
    assert!(g.run.is_none() && m.has_event("netrunner.run_ended_by"));
}

#[test]
fn card_virtual_service_agent_tags_unless_a_decoder_broke_its_subroutine() {
    for (decoder, tags) in [(true, 0), (false, 1)] {
        let mut s = runner();
        s.g.runner.credits = 10;
        let b = s.installed(if decoder { c::BUZZSAW } else { c::MAYFLY });
        s.ice(HQ, c::VIRTUAL_SERVICE_AGENT, true);
        s.hq(c::HEDGE_FUND);
        let mut m = s.at_action();
        m.run_on(HQ);
        until_offered(&mut m, &format!("pump:{b}"));
        if !decoder {
            m.pick(&[&format!("pump:{b}")]);
        }
        m.pick(&[&format!("break:{b}:0")]);
        to_card_question(&mut m);
        let g = m.game();
        assert_eq!(g.runner.tags, tags, "decoder: {decoder}");
    }
    // Unbroken: the Runner loses 1 credit and is tagged when passing it.
    let mut s = runner();
    s.ice(HQ, c::VIRTUAL_SERVICE_AGENT, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    to_card_question(&mut m);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.tags), (4, 1));
}

#[test]
fn card_whitespace_takes_3_and_ends_the_run_at_6_or_less() {
    for (credits, ends) in [(9, true), (10, false)] {
        let mut s = runner();
        s.ice(RD, c::WHITESPACE, true);
        s.rd(c::HEDGE_FUND);
        s.g.runner.credits = credits;
        let mut m = s.at_action();
        m.run_on(RD);
        assert_eq!(m.game().runner.credits, credits - 3);
        assert_eq!(m.has_event("netrunner.run_ended_by"), ends);
    }
}

fn ice_run(code: &str, corp_credits: i64, grip: usize) -> (Match, u32) {
    let mut s = runner();
    s.g.corp.credits = corp_credits;
    let i = s.ice(RD, code, true);
    s.rd(c::HEDGE_FUND);
    s.grip_n(c::SURE_GAMBLE, grip);
    let mut m = s.at_action();
    m.run_on(RD);
    (m, i)
}
