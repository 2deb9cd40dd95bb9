//! One test per run-related Corp Startup card (`cards/corp_startup_runs.rs`), named by the card,
//! and the tests of the encounter mechanics they brought (`cards/encounters.rs`).

use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{ARCHIVES, CORP, HQ, RD, RUNNER};

use super::cards_startup_corp::{corp, corp_window, runner, to_card_question, until_offered};
use super::kit::NetrunnerVerbs;

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
fn card_cloud_eater_rezzed_this_turn_costs_the_runner_when_its_encounter_ends() {
    let mut s = runner();
    s.g.corp.credits = 10;
    let telework = s.installed(c::TELEWORK_CONTRACT);
    let t400 = s.installed(c::T400_MEMORY_DIAMOND);
    let ce = s.ice(HQ, c::CLOUD_EATER, false);
    s.hq(c::HEDGE_FUND);
    for _ in 0..5 {
        s.grip(c::SURE_GAMBLE);
    }
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
    for _ in 0..5 {
        s.grip(c::SURE_GAMBLE);
    }
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
fn card_cloud_eater_encounter_ends_also_when_the_run_ends_during_it() {
    // Thunderbolt's gained subroutine ends the run during the encounter: the encounter ends too.
    let mut s = runner();
    s.g.corp.identity = c::THUNDERBOLT_ARMAMENTS.into();
    s.g.corp.credits = 10;
    let telework = s.installed(c::TELEWORK_CONTRACT);
    s.installed(c::T400_MEMORY_DIAMOND);
    let ce = s.ice(HQ, c::CLOUD_EATER, false);
    s.hq(c::HEDGE_FUND);
    for _ in 0..5 {
        s.grip(c::SURE_GAMBLE);
    }
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
fn card_sisyphus_protocol_makes_the_runner_encounter_a_passed_code_gate_again_once_a_turn() {
    let mut s = runner();
    s.g.corp.credits = 1;
    let sp = s.card(c::SISYPHUS_PROTOCOL);
    s.g.corp.score.push(sp);
    s.ice(HQ, c::VIRTUAL_SERVICE_AGENT, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    to_card_question(&mut m);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&["pay"]);
    to_card_question(&mut m);
    let g = m.game();
    // Two encounters (1 credit each), two passes (1 tag each), and only one question.
    assert_eq!((g.runner.credits, g.runner.tags, g.corp.credits), (3, 2, 0));
    assert!(g.flags.successful_run && m.has_event("netrunner.encounter_again"));
}

#[test]
fn card_thunderbolt_armaments_gives_ap_and_destroyer_ice_rezzed_in_a_run_strength_and_a_subroutine() {
    let mut s = runner();
    s.g.corp.identity = c::THUNDERBOLT_ARMAMENTS.into();
    s.g.corp.credits = 6;
    let a = s.installed(c::TELEWORK_CONTRACT);
    let b = s.installed(c::SMARTWARE_DISTRIBUTOR);
    let h = s.ice(HQ, c::HAMMER, false);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("rez:{h}"));
    m.rez(h);
    let g = m.game();
    assert_eq!(g.ice_strength(h), 5);
    to_card_question(&mut m);
    // Hammer's second subroutine: the Corp trashes a resource.
    m.pick(&[&format!("trash:{a}")]);
    to_card_question(&mut m);
    // The gained subroutine: the Runner trashes its other card rather than end the run.
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, RUNNER));
    m.pick(&[&format!("trash:{b}")]);
    to_card_question(&mut m);
    let g = m.game();
    assert!(g.flags.successful_run && g.runner.heap.len() == 2 && g.runner.tags == 1);
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
fn card_proprionegation_gets_a_counter_and_spends_it_to_move_the_runner_to_archives() {
    let mut s = corp();
    let p = s.root(3, c::PROPRIONEGATION, false);
    s.g.cards[p as usize].adv = 4;
    let mut m = corp_window(s);
    m.score(p);
    assert_eq!(m.game().cards[p as usize].agenda, 1);

    let mut s = runner();
    let p = s.card(c::PROPRIONEGATION);
    s.g.corp.score.push(p);
    s.g.cards[p as usize].agenda = 1;
    s.ice(HQ, c::VIRTUAL_SERVICE_AGENT, true);
    s.ice(ARCHIVES, c::TITHE, true);
    s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("proprionegation:{p}"));
    m.pick(&[&format!("proprionegation:{p}")]);
    assert_eq!(m.game().run.as_ref().map(|r| r.server), Some(ARCHIVES));
    to_card_question(&mut m);
    m.draw(&[0]); // Tithe's net damage: the Runner approached and encountered it
    to_card_question(&mut m);
    let g = m.game();
    assert!(g.flags.successful_run && g.cards[p as usize].agenda == 0 && g.runner.heap.len() == 1);
    assert_eq!((g.runner.credits, g.corp.credits), (5, 1), "HQ's ice was never encountered");
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

/// Strength an ice loses "for the remainder of this encounter" (Leech) is gone when the Runner
/// meets the next ice (NR-6.3).
#[test]
fn nr_6_3_strength_lowered_for_an_encounter_does_not_carry_to_the_next_ice() {
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
