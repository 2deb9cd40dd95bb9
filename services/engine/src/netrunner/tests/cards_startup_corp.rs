//! One test per Corp card of the Startup sets (The Automata Initiative, Rebellion Without
//! Rehearsal, Elevation), named by the card.

use crate::core::stack::PriorityRound;
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{At, Stage, CORP, HQ, RD, RUNNER};

use super::kit::{Match, NetrunnerVerbs, Scenario};

pub(super) fn corp() -> Scenario {
    Scenario::new().auto_pass().corp_turn(3)
}

pub(super) fn runner() -> Scenario {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    s
}

pub(super) fn corp_window(s: Scenario) -> Match {
    s.start(Stage::Window { at: At::Action, round: PriorityRound::new(vec![CORP, RUNNER]) })
}

/// The Corp's turn from its beginning (clicks, "when your turn begins", the mandatory draw).
fn corp_turn_begins(mut s: Scenario) -> Match {
    s.g.active = CORP;
    s.start(Stage::TurnBegin)
}

/// Walk a run up to its next card question (passing windows, continuing).
pub(super) fn to_card_question(m: &mut Match) {
    loop {
        match m.kind().as_str() {
            "netrunner.window" => m.pass(),
            "netrunner.continue" => m.pick(&["continue"]),
            _ => return,
        }
    }
}

// --- agendas ---------------------------------------------------------------------------------------

#[test]
fn card_fujii_asset_retrieval_does_2_net_damage_when_scored_or_stolen() {
    let mut s = runner();
    s.root(3, c::FUJII_ASSET_RETRIEVAL, false);
    for _ in 0..3 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.score.len(), g.runner.heap.len(), g.runner.grip.len()), (1, 2, 1));

    let mut s = corp();
    let f = s.root(3, c::FUJII_ASSET_RETRIEVAL, false);
    s.g.cards[f as usize].adv = 5;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = corp_window(s);
    m.score(f);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.corp.points, g.runner.heap.len()), (3, 2));
}

// --- assets ----------------------------------------------------------------------------------------

#[test]
fn card_otto_campaign_loads_6_pays_2_a_turn_and_gives_2_clicks_when_empty() {
    let mut s = corp();
    let o = s.root(3, c::OTTO_CAMPAIGN, false);
    let mut m = corp_window(s);
    m.rez(o);
    assert_eq!((m.game().hosted(o), m.game().corp.credits), (6, 3));

    let mut s = corp();
    let o = s.root(3, c::OTTO_CAMPAIGN, true);
    s.g.cards[o as usize].credits = 2;
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    let g = m.game();
    assert_eq!(g.corp.credits, 7);
    assert!(g.corp.archives.contains(&o), "trashed when empty");
    assert_eq!(g.corp.clicks, 5, "3 clicks and 2 more");
}

#[test]
fn card_anthill_excavation_contract_pays_4_and_draws_each_turn() {
    let mut s = corp();
    let a = s.root(3, c::ANTHILL_EXCAVATION_CONTRACT, false);
    s.g.corp.credits = 3;
    let mut m = corp_window(s);
    m.rez(a);
    assert_eq!(m.game().hosted(a), 8);

    let mut s = corp();
    let a = s.root(3, c::ANTHILL_EXCAVATION_CONTRACT, true);
    s.g.cards[a as usize].credits = 8;
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    let g = m.game();
    assert_eq!((g.corp.credits, g.hosted(a), g.corp.hq.len()), (9, 4, 2), "4 credits, 1 card and the mandatory draw");
    let mut s = corp();
    let a = s.root(3, c::ANTHILL_EXCAVATION_CONTRACT, true);
    s.g.cards[a as usize].credits = 4;
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let g = corp_turn_begins(s).game();
    assert!(g.corp.archives.contains(&a), "trashed when empty");
}

#[test]
fn card_idiosyncresis_trashed_gives_3_and_takes_2_per_counter() {
    let mut s = corp();
    let i = s.root(3, c::IDIOSYNCRESIS, true);
    s.g.cards[i as usize].adv = 2;
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.runner.credits), (11, 1));
    assert!(g.corp.archives.contains(&i));
    let mut s = corp();
    let i = s.root(3, c::IDIOSYNCRESIS, false);
    assert!(s.g.advanceable(i));
}

#[test]
fn card_charlotte_cacador_spends_counters_for_credits_and_cards() {
    let mut s = corp();
    let ch = s.root(3, c::CHARLOTTE_CACADOR, true);
    s.g.cards[ch as usize].adv = 2;
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pass_windows();
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.adv(ch), g.corp.hq.len()), (9, 1, 2));

    let mut s = corp();
    let ch = s.root(3, c::CHARLOTTE_CACADOR, true);
    s.g.cards[ch as usize].adv = 1;
    let mut m = corp_window(s);
    m.pick(&[&format!("charlotte:{ch}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 8);
    assert!(g.corp.archives.contains(&ch));
}

#[test]
fn card_b_1001_removes_a_tag_to_end_a_run_on_another_server() {
    let mut s = runner();
    let b = s.root(3, c::B_1001, true);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.run_on(RD);
    let id = format!("b1001:{b}");
    while !m.offers(&id) {
        assert_eq!(m.kind(), "netrunner.window");
        m.pass();
    }
    m.pick(&[&id]);
    let g = m.game();
    assert_eq!(g.runner.tags, 0);
    assert!(m.has_event("netrunner.run_ended_by"));

    let mut s = runner();
    s.root(3, c::B_1001, true);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.tags, 1, "not on a run against its own server");
}

#[test]
fn card_behold_pays_4_for_2_tags_and_is_revealed_in_rd() {
    let mut s = runner();
    s.g.corp.credits = 4;
    s.root(3, c::BEHOLD, false);
    let mut m = s.at_action();
    m.run_on(3);
    to_card_question(&mut m);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.credits), (2, 0));

    let mut s = runner();
    s.g.corp.credits = 4;
    s.rd(c::BEHOLD);
    let mut m = s.at_action();
    m.run_on(RD);
    to_card_question(&mut m);
    assert!(m.has_event("netrunner.revealed"));
}

#[test]
fn card_byte_pays_4_for_a_tag_and_3_net_damage() {
    let mut s = runner();
    s.g.corp.credits = 5;
    s.root(3, c::BYTE, false);
    for _ in 0..4 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.run_on(3);
    to_card_question(&mut m);
    m.pick(&["yes"]);
    assert!(m.has_event("netrunner.revealed"), "using the ability shows the card to everyone");
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.heap.len(), g.corp.credits), (1, 3, 1));
}

// --- operations ------------------------------------------------------------------------------------

#[test]
fn card_your_digital_life_gains_1_per_card_in_hq() {
    let mut s = corp();
    let y = s.hq(c::YOUR_DIGITAL_LIFE);
    for _ in 0..3 {
        s.hq(c::HEDGE_FUND);
    }
    let mut m = s.at_action();
    m.play(y);
    assert_eq!(m.game().corp.credits, 6);
}

#[test]
fn card_armed_asset_protection_gains_per_faceup_type_and_2_for_agendas() {
    let mut s = corp();
    let a = s.hq(c::ARMED_ASSET_PROTECTION);
    s.archives(c::HEDGE_FUND, true);
    s.archives(c::HEDGE_FUND, true);
    s.archives(c::OFFWORLD_OFFICE, true);
    s.archives(c::NICO_CAMPAIGN, false);
    let mut m = s.at_action();
    m.play(a);
    assert_eq!(m.game().corp.credits, 5 - 2 + 3 + 2 + 2);
}

#[test]
fn card_nanomanagement_gains_2_clicks() {
    let mut s = corp();
    let n = s.hq(c::NANOMANAGEMENT);
    let mut m = s.at_action();
    m.play(n);
    let g = m.game();
    assert_eq!((g.corp.clicks, g.corp.credits), (4, 1));
}

#[test]
fn card_mindscaping_gives_credits_cards_and_a_card_back_or_net_damage_per_tag() {
    let mut s = corp();
    let ms = s.hq(c::MINDSCAPING);
    let x = s.hq(c::HEDGE_FUND);
    s.rd(c::PALISADE);
    s.rd(c::PALISADE);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{ms}:0")]);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&[&format!("card:{x}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.hq.len(), g.corp.rd.first().copied()), (7, 2, Some(x)));

    let mut s = corp();
    let ms = s.hq(c::MINDSCAPING);
    s.g.runner.tags = 5;
    for _ in 0..4 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.pick(&[&format!("play:{ms}:1")]);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.heap.len(), 3, "up to 3");
}

#[test]
fn card_measured_response_needs_threat_4_and_a_successful_run_then_8_or_4_meat() {
    let mut s = corp();
    let mr = s.hq(c::MEASURED_RESPONSE);
    s.g.runner_success_last_turn = true;
    s.g.corp.points = 3;
    assert!(!s.at_action().offers(&format!("play:{mr}")));
    let mut s = corp();
    let mr = s.hq(c::MEASURED_RESPONSE);
    s.g.runner_success_last_turn = true;
    s.g.runner.points = 4;
    s.g.runner.credits = 8;
    let mut m = s.at_action();
    m.play(mr);
    assert_eq!(m.seat(), RUNNER);
    m.pick(&["pay"]);
    assert_eq!(m.game().runner.credits, 0);
    let mut s = corp();
    let mr = s.hq(c::MEASURED_RESPONSE);
    s.g.runner_success_last_turn = true;
    s.g.corp.points = 4;
    for _ in 0..5 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.play(mr);
    assert!(!m.offers("pay"));
    m.pick(&["damage"]);
    for _ in 0..4 {
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.heap.len(), 4);
}

#[test]
fn card_bigger_picture_tags_or_turns_tags_into_credits() {
    let mut s = corp();
    let b = s.hq(c::BIGGER_PICTURE);
    assert!(!s.at_action().option_ids().iter().any(|o| o.starts_with(&format!("play:{b}"))), "only on a tagged Runner");
    let mut s = corp();
    let b = s.hq(c::BIGGER_PICTURE);
    s.g.runner.tags = 2;
    s.g.runner.credits = 7;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{b}:3")]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.credits, g.corp.credits), (0, 0, 12));
    let mut s = corp();
    let b = s.hq(c::BIGGER_PICTURE);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{b}:0")]);
    assert_eq!(m.game().runner.tags, 2);
}

#[test]
fn card_top_down_solutions_draws_2_and_installs_2_one_at_a_time() {
    let mut s = corp();
    let t = s.hq(c::TOP_DOWN_SOLUTIONS);
    let n = s.hq(c::NICO_CAMPAIGN);
    let p = s.hq(c::PALISADE);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.play(t);
    m.pick(&[&format!("install:{n}:new")]);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&[&format!("install:{p}:3")]);
    assert_eq!(m.kind(), "netrunner.trash_before_install");
    m.pick(&[]);
    let g = m.game();
    assert_eq!(g.server(3).map(|s| (s.root.clone(), s.ice.clone())), Some((vec![n], vec![p])));
    assert_eq!((g.corp.hq.len(), g.corp.credits), (2, 3));
}

#[test]
fn card_greasing_the_palm_gains_5_installs_and_trades_a_tag_for_a_counter() {
    let mut s = corp();
    let gp = s.hq(c::GREASING_THE_PALM);
    let n = s.hq(c::NICO_CAMPAIGN);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.play(gp);
    m.pick(&[&format!("install:{n}:new")]);
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.runner.tags, g.adv(n)), (7, 0, 1));
    assert!(g.is_installed(n));
}

// --- ice -------------------------------------------------------------------------------------------

fn ice_run(code: &str, corp_credits: i64, grip: usize) -> (Match, u32) {
    let mut s = runner();
    s.g.corp.credits = corp_credits;
    let i = s.ice(RD, code, true);
    s.rd(c::HEDGE_FUND);
    for _ in 0..grip {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.run_on(RD);
    (m, i)
}

#[test]
fn card_doomscroll_tags_and_does_more_damage_to_a_tagged_runner() {
    let mut s = runner();
    s.ice(RD, c::DOOMSCROLL, true);
    s.g.runner.tags = 1;
    for _ in 0..4 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.run_on(RD);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.heap.len()), (2, 3));
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
fn card_empiricist_draws_and_stacks_r_and_d_then_damages_and_tags() {
    let mut s = runner();
    s.ice(RD, c::EMPIRICIST, true);
    let x = s.hq(c::PALISADE);
    let top = s.rd(c::HEDGE_FUND);
    for _ in 0..4 {
        s.grip(c::SURE_GAMBLE);
    }
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
    for _ in 0..3 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.run_on(RD);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.heap.len()), (5, 3));
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
fn card_phoneutria_tags_a_runner_passing_it_with_4_cards() {
    let mut s = runner();
    s.ice(RD, c::PHONEUTRIA, true);
    for _ in 0..6 {
        s.grip(c::SURE_GAMBLE);
    }
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
fn card_kingmaking_draws_up_to_3_and_adds_a_small_agenda_to_the_score_area() {
    let mut s = corp();
    let k = s.root(3, c::KINGMAKING, false);
    s.g.cards[k as usize].adv = 4;
    let big = s.hq(c::OFFWORLD_OFFICE);
    let small = s.hq(c::SUPERCONDUCTING_HUB);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_window(s);
    m.score(k);
    assert!(!m.offers("draw:3"), "R&D holds 2");
    m.pick(&["draw:2"]);
    assert_eq!(m.game().corp.hq.len(), 4);
    assert!(!m.offers(&format!("card:{big}")), "2 points is too many");
    m.pick(&[&format!("card:{small}")]);
    let g = m.game();
    assert_eq!((g.corp.points, g.corp.score.len()), (3, 2));
}

#[test]
fn card_janaina_jk_dumont_kindelan_loads_3_a_turn_and_returns_to_hq_to_install() {
    let mut s = corp();
    let jk = s.root(3, c::JK_DUMONT_KINDELAN, true);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    assert_eq!(m.game().hosted(jk), 3);
    let mut s = corp();
    let jk = s.root(3, c::JK_DUMONT_KINDELAN, true);
    s.g.cards[jk as usize].credits = 6;
    let n = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{jk}")]);
    assert!(m.game().corp.hq.contains(&jk));
    m.pick(&[&format!("install:{n}:new")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 11);
    assert!(g.is_installed(n) && !g.is_installed(jk));
}

#[test]
fn card_federal_fundraising_arranges_the_top_3_and_draws_when_unprotected() {
    let mut s = corp();
    s.root(3, c::FEDERAL_FUNDRAISING, true);
    let a = s.rd(c::HEDGE_FUND);
    let b = s.rd(c::PALISADE);
    let d = s.rd(c::NICO_CAMPAIGN);
    let e = s.rd(c::SPRINT);
    let mut m = corp_turn_begins(s);
    m.pick(&[&format!("card:{d}"), &format!("card:{a}"), &format!("card:{b}")]);
    m.pick(&["yes"]);
    let g = m.game();
    // Drawn by it (d), then the mandatory draw (a).
    assert_eq!(g.corp.hq, vec![d, a]);
    assert_eq!(g.corp.rd, vec![b, e]);
    let mut s = corp();
    s.root(3, c::FEDERAL_FUNDRAISING, true);
    s.ice(3, c::PALISADE, false);
    let h = s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    // A pick of fewer than all the cards is not offered as legal (every legal pick arranges).
    let crate::core::DecisionSpec::Pick { min, max, .. } = m.decision().spec else { panic!("a pick") };
    assert_eq!((min, max), (1, 1), "one card in R&D: pick it");
    m.pick(&[&format!("card:{h}")]);
    assert_eq!(m.game().corp.hq.len(), 1, "protected: no draw offered");
}

#[test]
fn card_balanced_coverage_names_a_type_and_reveals_a_match_for_2() {
    let mut s = corp();
    s.root(3, c::BALANCED_COVERAGE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&["type:operation"]);
    m.pick(&["yes"]);
    assert_eq!(m.game().corp.credits, 7);
    assert!(m.has_event("netrunner.revealed"));
    let mut s = corp();
    s.root(3, c::BALANCED_COVERAGE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&["type:ice"]);
    assert_eq!(m.game().corp.credits, 5, "no match: nothing");
    assert_ne!(m.kind(), c::CARD_KIND);
}

#[test]
fn card_cohort_guidance_program_trashes_for_credits_or_flips_for_a_counter() {
    let mut s = corp();
    s.root(3, c::COHORT_GUIDANCE_PROGRAM, true);
    let x = s.hq(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&[&format!("trash:{x}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.hq.len()), (7, 2));
    assert!(g.corp.archives.contains(&x));
    let mut s = corp();
    let cg = s.root(3, c::COHORT_GUIDANCE_PROGRAM, true);
    let y = s.archives(c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&[&format!("flip:{y}")]);
    m.pick(&[&format!("card:{cg}")]);
    let g = m.game();
    assert!(g.cards[y as usize].faceup);
    assert_eq!(g.adv(cg), 1);
}

#[test]
fn card_hearts_and_minds_moves_a_counter_and_places_one_when_unprotected() {
    let mut s = corp();
    s.root(3, c::HEARTS_AND_MINDS, true);
    let from = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[from as usize].adv = 2;
    let to = s.root(5, c::OFFWORLD_OFFICE, false);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&[&format!("card:{from}")]);
    m.pick(&[&format!("card:{to}")]);
    m.pick(&[&format!("card:{to}")]);
    let g = m.game();
    assert_eq!((g.adv(from), g.adv(to)), (1, 2));
}

#[test]
fn card_peer_review_reveals_hq_but_one_gains_7_and_installs_in_a_remote() {
    let mut s = corp();
    let p = s.hq(c::PEER_REVIEW);
    let n = s.hq(c::NICO_CAMPAIGN);
    let h = s.hq(c::HEDGE_FUND);
    let pal = s.hq(c::PALISADE);
    s.g.corp.credits = 4;
    let mut m = s.at_action();
    m.play(p);
    m.pick(&[&format!("keep:{h}")]);
    assert_eq!(m.game().corp.credits, 7);
    assert!(!m.offers(&format!("install:{pal}:new")), "the root of a remote only: no ice");
    m.pick(&[&format!("install:{n}:new")]);
    let g = m.game();
    assert!(g.is_installed(n));
    let e = m.log.iter().find(|e| e.kind == "netrunner.revealed").expect("revealed");
    assert!(e.text.contains("Nico Campaign") && e.text.contains("Palisade") && !e.text.contains("Hedge Fund"));
}

#[test]
fn card_business_as_usual_advances_or_clears_viruses_and_both_at_threat_3() {
    let mut s = corp();
    let b = s.hq(c::BUSINESS_AS_USUAL);
    let a1 = s.root(3, c::OFFWORLD_OFFICE, false);
    let a2 = s.root(4, c::OFFWORLD_OFFICE, false);
    let v = s.installed(c::CLEAVER);
    s.g.cards[v as usize].virus = 3;
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{b}:2")));
    m.pick(&[&format!("play:{b}:0")]);
    m.pick(&[&format!("card:{a1}"), &format!("card:{a2}")]);
    let g = m.game();
    assert_eq!((g.adv(a1), g.adv(a2), g.cards[v as usize].virus), (1, 1, 3));
    let mut s = corp();
    let b = s.hq(c::BUSINESS_AS_USUAL);
    let a1 = s.root(3, c::OFFWORLD_OFFICE, false);
    let v = s.installed(c::CLEAVER);
    s.g.cards[v as usize].virus = 3;
    s.g.corp.points = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{b}:2")]);
    m.pick(&[&format!("card:{a1}")]);
    m.pick(&[&format!("card:{v}")]);
    let g = m.game();
    assert_eq!((g.adv(a1), g.cards[v as usize].virus), (1, 0));
}

/// An agenda already in the Corp's score area.
fn scored(s: &mut Scenario, code: &str, agenda_counters: u32) -> u32 {
    let a = s.card(code);
    s.g.cards[a as usize].agenda = agenda_counters;
    s.g.corp.score.push(a);
    a
}

/// The Corp's discard phase (its hand within the limit): "when your discard phase ends"; the
/// windows after it wait (the turn's flags are still there).
fn corp_discard_phase(mut s: Scenario) -> Match {
    s.g.options.auto_pass = false;
    s.start(Stage::Discard)
}

#[test]
fn card_oracle_thinktank_tags_when_stolen_and_goes_back_to_r_and_d_for_a_tag() {
    let mut s = runner();
    s.root(3, c::ORACLE_THINKTANK, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.tags, 1);
    let mut s = corp();
    let o = s.card(c::ORACLE_THINKTANK);
    s.g.runner.score.push(o);
    s.g.runner.points = 1;
    let mut m = s.at_action();
    assert!(!m.offers(&format!("ability:{o}")), "the Runner must be tagged");
    let mut s = corp();
    let o = s.card(c::ORACLE_THINKTANK);
    s.g.runner.score.push(o);
    s.g.runner.points = 1;
    s.g.runner.tags = 1;
    m = s.at_action();
    m.pick(&[&format!("ability:{o}")]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.points, g.corp.rd.clone()), (0, 0, vec![o]));
    assert!(g.runner.score.is_empty());
}

#[test]
fn card_next_big_thing_spends_its_counter_from_either_score_area_to_draw_4() {
    let mut s = corp();
    let n = s.root(3, c::NEXT_BIG_THING, false);
    s.g.cards[n as usize].adv = 5;
    let mut m = corp_window(s);
    m.score(n);
    assert_eq!(m.game().cards[n as usize].agenda, 1);
    let mut s = corp();
    let n = s.card(c::NEXT_BIG_THING);
    s.g.cards[n as usize].agenda = 1;
    s.g.runner.score.push(n);
    let x = s.hq(c::HEDGE_FUND);
    for _ in 0..4 {
        s.rd(c::HEDGE_FUND);
    }
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{n}")]);
    assert_eq!(m.game().corp.hq.len(), 5);
    m.pick(&[&format!("card:{x}")]);
    let g = m.game();
    assert_eq!((g.corp.hq.len(), g.corp.rd.clone(), g.cards[n as usize].agenda), (4, vec![x], 0));
    assert!(!m.offers(&format!("ability:{n}")), "no counter left");
}

#[test]
fn card_the_basalt_spire_trades_a_counter_and_rd_top_for_archives_once_a_turn() {
    let mut s = corp();
    let b = s.root(3, c::THE_BASALT_SPIRE, false);
    s.g.cards[b as usize].adv = 5;
    let top = s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let x = s.archives(c::PALISADE, true);
    let mut m = corp_window(s);
    m.score(b);
    assert_eq!(m.game().cards[b as usize].agenda, 2);
    m.pick(&[&format!("basalt:{b}")]);
    assert!(m.offers(&format!("take:{top}")), "the trashed card can be the one taken");
    m.pick(&[&format!("take:{x}")]);
    let g = m.game();
    assert_eq!(g.cards[b as usize].agenda, 1);
    assert!(g.corp.hq.contains(&x) && g.corp.archives == vec![top]);
    assert!(!m.offers(&format!("basalt:{b}")), "once per turn");
    let mut s = runner();
    s.root(3, c::THE_BASALT_SPIRE, false);
    let x = s.archives(c::PALISADE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.seat(), CORP);
    m.pick(&[&format!("take:{x}")]);
    assert!(m.game().corp.hq.contains(&x), "stolen: the Corp may take a card from Archives");
}

#[test]
fn card_slash_and_burn_agriculture_is_expended_for_2_counters() {
    let mut s = corp();
    let sb = s.hq(c::SLASH_AND_BURN_AGRICULTURE);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{sb}")]);
    m.pick(&[&format!("card:{a}")]);
    let g = m.game();
    assert_eq!((g.adv(a), g.corp.credits, g.corp.clicks), (2, 4, 2));
    assert!(g.corp.archives.contains(&sb) && g.cards[sb as usize].faceup && m.has_event("netrunner.expended"));
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
    for _ in 0..3 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.run_on(3);
    to_card_question(&mut m);
    m.pick(&["yes"]);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!((m.game().runner.heap.len(), m.game().corp.credits), (2, 0));
}

#[test]
fn card_salvo_testing_may_do_core_damage_whenever_an_agenda_is_scored() {
    let mut s = corp();
    let st = s.root(3, c::SALVO_TESTING, false);
    s.g.cards[st as usize].adv = 5;
    let o = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[o as usize].adv = 4;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = corp_window(s);
    m.score(st);
    m.pick(&["yes"]);
    m.draw(&[0]);
    assert_eq!(m.game().runner.core_damage, 1, "including itself");
    m.score(o);
    m.pick(&["no"]);
    m.pass_windows();
    assert_eq!(m.game().runner.core_damage, 1);
}

#[test]
fn card_the_powers_that_be_installs_from_hq_or_archives_for_free_on_a_score() {
    let mut s = corp();
    s.root(3, c::THE_POWERS_THAT_BE, true);
    let o = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[o as usize].adv = 4;
    s.ice(0, c::PALISADE, false);
    let p = s.archives(c::PALISADE, true);
    s.g.corp.credits = 0;
    let mut m = corp_window(s);
    m.score(o);
    m.pick(&[&format!("install:{p}:0")]);
    m.pick(&[]);
    let g = m.game();
    assert_eq!(g.server(0).map(|s| s.ice.len()), Some(2));
    assert_eq!(g.corp.credits, 7, "Offworld Office's 7, and no install cost");
}

#[test]
fn card_sericulture_expansion_pays_dividends_and_spends_them_on_2_counters() {
    let mut s = corp();
    let se = s.root(3, c::SERICULTURE_EXPANSION, false);
    s.g.cards[se as usize].adv = 5;
    let mut m = corp_window(s);
    m.score(se);
    assert_eq!(m.game().cards[se as usize].agenda, 2, "Dividends 1: 2 counters over 3");
    let mut s = corp();
    scored(&mut s, c::SERICULTURE_EXPANSION, 1);
    let a = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 2;
    let mut m = corp_discard_phase(s);
    m.pick(&[&format!("card:{a}")]);
    let g = m.game();
    assert_eq!(g.adv(a), 4);
    assert!(g.flags.no_score.contains(&a), "it cannot be scored this turn");
}

#[test]
fn card_off_the_books_searches_r_and_d_to_install_for_free() {
    let mut s = corp();
    let ob = scored(&mut s, c::OFF_THE_BOOKS, 1);
    let p = s.rd(c::PALISADE);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    s.ice(0, c::PALISADE, false);
    s.g.corp.credits = 0;
    let mut m = corp_discard_phase(s);
    m.pick(&[&format!("search:{p}")]);
    m.draw(&[1, 0]);
    m.pick(&[&format!("install:{p}:new")]);
    let g = m.game();
    assert!(g.is_installed(p) && g.cards[ob as usize].agenda == 0);
    assert!(m.has_event("netrunner.revealed"));
}

#[test]
fn card_project_ingatan_installs_from_archives_for_a_counter() {
    let mut s = corp();
    let pi = scored(&mut s, c::PROJECT_INGATAN, 1);
    let n = s.archives(c::NICO_CAMPAIGN, false);
    let mut m = corp_discard_phase(s);
    m.pick(&[&format!("install:{n}:new")]);
    let g = m.game();
    assert!(g.is_installed(n) && g.cards[pi as usize].agenda == 0);
    let mut s = corp();
    let pi = s.root(3, c::PROJECT_INGATAN, false);
    s.g.cards[pi as usize].adv = 3;
    let m = {
        let mut m = corp_window(s);
        m.score(pi);
        m
    };
    assert_eq!(m.game().cards[pi as usize].agenda, 0, "no excess counter, no dividend");
}

#[test]
fn card_pt_untaian_lifes_building_blocks_pays_1_for_a_counter_on_an_unrezzed_card_with_a_small_hq() {
    let mut s = corp();
    s.g.corp.identity = c::PT_UNTAIAN.into();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = corp_discard_phase(s);
    m.pick(&[&format!("card:{a}")]);
    let g = m.game();
    assert_eq!((g.adv(a), g.corp.credits), (1, 4));
    assert!(g.flags.no_score.contains(&a));
    let mut s = corp();
    s.g.corp.identity = c::PT_UNTAIAN.into();
    s.root(3, c::OFFWORLD_OFFICE, false);
    for _ in 0..4 {
        s.hq(c::HEDGE_FUND);
    }
    let m = corp_discard_phase(s);
    assert_ne!(m.kind(), c::CARD_KIND, "4 cards in HQ");
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
fn rule_a_card_that_cannot_be_scored_this_turn_is_not_offered() {
    let mut s = corp();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 4;
    s.g.flags.no_score.push(a);
    let m = corp_window(s);
    assert!(!m.offers(&format!("score:{a}")));
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
fn card_corporate_hospitality_costs_an_extra_click_gains_draws_and_recurs() {
    let mut s = Scenario::new().auto_pass().corp_turn(1);
    let ch = s.hq(c::CORPORATE_HOSPITALITY);
    assert!(!s.at_action().offers(&format!("play:{ch}")), "2 clicks needed");
    let mut s = corp();
    let ch = s.hq(c::CORPORATE_HOSPITALITY);
    let x = s.archives(c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.play(ch);
    assert!(!m.offers(&format!("take:{ch}")), "not itself");
    m.pick(&[&format!("take:{x}")]);
    let g = m.game();
    assert_eq!((g.corp.clicks, g.corp.credits, g.corp.hq.len()), (1, 7, 3));
}

#[test]
fn card_touch_ups_advances_then_sends_revealed_cards_back_to_the_stack() {
    let mut s = corp();
    let t = s.hq(c::TOUCH_UPS);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    let e1 = s.grip(c::SURE_GAMBLE);
    let e2 = s.grip(c::SURE_GAMBLE);
    let cl = s.grip(c::CLEAVER);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.play(t);
    m.pick(&[&format!("card:{a}")]);
    m.pick(&["type:event"]);
    assert!(m.has_event("netrunner.revealed"));
    m.pick(&[&format!("card:{e1}"), &format!("card:{e2}")]);
    m.draw(&[2, 1, 0]);
    let g = m.game();
    assert_eq!((g.adv(a), g.corp.clicks, g.runner.grip.clone(), g.runner.stack.len()), (2, 1, vec![cl], 3));
}

#[test]
fn card_working_prototype_counts_rezzes_and_spends_counters() {
    let mut s = corp();
    let wp = s.root(3, c::WORKING_PROTOTYPE, false);
    let n = s.root(4, c::NICO_CAMPAIGN, false);
    s.g.corp.credits = 10;
    let mut m = corp_window(s);
    m.rez(wp);
    m.rez(n);
    assert_eq!(m.game().cards[wp as usize].power, 2, "itself, then Nico Campaign");
    m.pass_windows();
    let before = m.game().corp.credits;
    m.pick(&[&format!("ability:{wp}:0")]);
    let g = m.game();
    assert_eq!((g.cards[wp as usize].power, g.corp.credits), (1, before + 3));
    let mut s = corp();
    let wp = s.root(3, c::WORKING_PROTOTYPE, true);
    s.g.cards[wp as usize].power = 5;
    let r = s.installed(c::TELEWORK_CONTRACT);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{wp}:1")]);
    m.pick(&[&format!("card:{r}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.runner.stack.first().copied(), g.cards[wp as usize].power), (11, Some(r), 0));
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
fn card_greenmail_gains_2_when_scored_and_4_when_forfeited() {
    let mut s = corp();
    let gm = s.root(3, c::GREENMAIL, false);
    s.g.cards[gm as usize].adv = 2;
    let mut m = corp_window(s);
    m.score(gm);
    assert_eq!(m.game().corp.credits, 7);
    let mut s = runner();
    s.g.corp.credits = 4;
    let gm = scored(&mut s, c::GREENMAIL, 0);
    s.g.corp.points = 1;
    let b = s.ice(RD, c::BIAWAK, false);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("rez-forfeit:{b}:{gm}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.points), (4, 0));
    assert!(g.corp.removed.contains(&gm) && g.rezzed(b));
}

#[test]
fn card_biawak_can_be_rezzed_forfeiting_an_agenda_and_trashes_or_ends() {
    let mut s = runner();
    s.g.corp.credits = 4;
    let a = scored(&mut s, c::OFFWORLD_OFFICE, 0);
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

// --- the Runner's steals and trashes, terminal operations, allotted clicks, Corp identities ---------

#[test]
fn card_oppo_research_needs_a_steal_or_trash_last_turn_gives_2_tags_and_ends_the_action_phase() {
    let mut s = corp();
    let o = s.hq(c::OPPO_RESEARCH);
    assert!(!s.at_action().offers(&format!("play:{o}")), "not without a steal or trash last turn");
    let mut s = corp();
    let o = s.hq(c::OPPO_RESEARCH);
    s.g.runner_took_corp_card_last_turn = true;
    s.g.corp.points = 3;
    s.g.corp.credits = 7;
    let mut m = s.at_action();
    m.play(o);
    assert_eq!(m.game().runner.tags, 2);
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.credits), (4, 0), "threat 3: 5 more credits for 2 more tags");
    assert_eq!(g.corp.clicks, 0, "terminal: the 2 clicks left are lost");
    assert!(m.has_event("netrunner.action_phase_ended"));
    // Below threat 3, nothing more is asked.
    let mut s = corp();
    let o = s.hq(c::OPPO_RESEARCH);
    s.g.runner_took_corp_card_last_turn = true;
    s.g.corp.credits = 7;
    let mut m = s.at_action();
    m.play(o);
    assert!(!m.offers("yes"));
    assert_eq!((m.game().runner.tags, m.game().corp.credits), (2, 5));
}

#[test]
fn card_active_policing_installs_and_takes_allotted_clicks_from_the_runners_next_turn() {
    let mut s = corp();
    let ap = s.hq(c::ACTIVE_POLICING);
    s.hq(c::NICO_CAMPAIGN);
    s.g.corp.points = 3;
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{ap}")), "not without a steal or trash last turn");
    let mut s = corp();
    let ap = s.hq(c::ACTIVE_POLICING);
    let nico = s.hq(c::NICO_CAMPAIGN);
    s.g.corp.points = 3;
    s.g.runner_took_corp_card_last_turn = true;
    for _ in 0..3 {
        s.stack(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.play(ap);
    m.pick(&[&format!("install:{nico}:new")]);
    assert!(m.game().is_installed(nico));
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.next_turn_clicks[RUNNER as usize]), (3, -2));
    assert_eq!(g.corp.clicks, 0, "terminal");
    // The Corp's turn ends; the Runner's begins with 4 - 2 clicks.
    loop {
        let g = m.game();
        if g.active == RUNNER && m.kind() == "netrunner.action" {
            break;
        }
        m.pass();
    }
    let g = m.game();
    assert_eq!((g.runner.clicks, g.next_turn_clicks[RUNNER as usize]), (2, 0));
}

#[test]
fn card_epiphany_analytica_nations_undivided_counts_the_first_steal_or_trash_each_turn_and_installs_from_rd() {
    let mut s = runner();
    s.g.corp.identity = c::EPIPHANY_ANALYTICA.into();
    s.g.runner.clicks = 2;
    s.root(3, c::OFFWORLD_OFFICE, false);
    s.root(4, c::OFFWORLD_OFFICE, false);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.game().corp.identity_power, 1);
    m.run_on(4);
    m.pick(&["continue"]);
    let g = m.game();
    assert_eq!((g.runner.score.len(), g.corp.identity_power), (2, 1), "only the first time each turn");
    assert!(g.runner_took_corp_card_last_turn || g.flags.runner_took_corp_card);

    let mut s = corp();
    s.g.corp.identity = c::EPIPHANY_ANALYTICA.into();
    s.g.corp.identity_power = 1;
    s.rd(c::HEDGE_FUND);
    let nico = s.rd(c::NICO_CAMPAIGN);
    s.rd(c::PALISADE);
    let fourth = s.rd(c::SPRINT);
    let mut m = s.at_action();
    m.pick(&["ability:identity"]);
    assert!(m.has_event("netrunner.looked"));
    assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("install:{fourth}"))), "the top 3 only");
    m.pick(&[&format!("install:{nico}:new")]);
    let g = m.game();
    assert!(g.is_installed(nico) && !g.corp.rd.contains(&nico));
    assert_eq!((g.corp.identity_power, g.corp.rd.len(), g.corp.clicks), (0, 3, 2));
}

#[test]
fn card_poetri_luxury_brands_all_the_rage_installs_a_non_agenda_from_rd_on_score_and_from_hq_on_steal() {
    let mut s = corp();
    s.g.corp.identity = c::POETRI_LUXURY_BRANDS.into();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 5;
    let agenda = s.rd(c::OFFWORLD_OFFICE);
    let nico = s.rd(c::NICO_CAMPAIGN);
    let mut m = corp_window(s);
    m.score(a);
    assert!(m.has_event("netrunner.looked"));
    assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("install:{agenda}"))), "no agenda");
    m.pick(&[&format!("install:{nico}:new")]);
    assert!(m.game().is_installed(nico));

    let mut s = runner();
    s.g.corp.identity = c::POETRI_LUXURY_BRANDS.into();
    s.root(3, c::OFFWORLD_OFFICE, false);
    let nico = s.hq(c::NICO_CAMPAIGN);
    let agenda = s.hq(c::OFFWORLD_OFFICE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.seat(), CORP);
    assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("install:{agenda}"))), "no agenda");
    m.pick(&[&format!("install:{nico}:new")]);
    assert!(m.game().is_installed(nico));
}

#[test]
fn card_leo_construction_labor_solutions_trashes_a_rezzed_bioroid_of_the_attacked_server_to_end_the_run() {
    let mut s = runner();
    s.g.corp.identity = c::LEO_CONSTRUCTION.into();
    let bran = s.ice(3, c::BRAN_1_0, true);
    s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.run_on(3);
    let leo = format!("leo:{bran}");
    while !m.offers(&leo) {
        match m.kind().as_str() {
            "netrunner.window" => m.pass(),
            _ => m.pick(&["continue"]),
        }
    }
    m.pick(&[&leo]);
    let g = m.game();
    assert!(g.corp.archives.contains(&bran), "the bioroid is trashed");
    assert!(g.runner.score.is_empty(), "the run ended");
    assert!(g.used_this_turn(c::LEO_CONSTRUCTION));
    // Not a bioroid: nothing offered.
    let mut s = runner();
    s.g.corp.identity = c::LEO_CONSTRUCTION.into();
    s.ice(3, c::PALISADE, true);
    let mut m = s.at_action();
    m.run_on(3);
    assert!(!m.option_ids().iter().any(|o| o.starts_with("leo:")));
}

#[test]
fn card_phat_gioan_baotixita_counts_discard_phases_and_damages_on_the_first_agenda_of_a_turn() {
    let mut s = corp();
    let p = s.root(4, c::PHAT_GIOAN_BAOTIXITA, true);
    s.g.cards[p as usize].power = 2;
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 5;
    let b = s.root(5, c::OFFWORLD_OFFICE, false);
    s.g.cards[b as usize].adv = 5;
    for _ in 0..5 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&["remove:2"]);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.heap.len(), g.card(p).map(|k| k.power)), (3, Some(0)));
    m.score(b);
    assert_eq!(m.game().runner.heap.len(), 3, "only the first agenda each turn");

    // Without counters: 1 net damage, nothing asked.
    let mut s = corp();
    s.root(4, c::PHAT_GIOAN_BAOTIXITA, true);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 5;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = corp_window(s);
    m.score(a);
    m.draw(&[0]);
    assert_eq!(m.game().runner.heap.len(), 1);

    // A counter when the discard phase ends.
    let mut s = corp();
    let p = s.root(4, c::PHAT_GIOAN_BAOTIXITA, true);
    s.g.corp.clicks = 0;
    s.stack(c::SURE_GAMBLE);
    let m = s.start(Stage::Discard);
    assert_eq!(m.game().card(p).map(|k| k.power), Some(1));
}

// --- operations played by an effect -------------------------------------------------------------------

#[test]
fn card_sudden_commandment_draws_2_plays_a_non_terminal_operation_and_buys_a_click_at_threat_3() {
    let mut s = corp();
    let sc = s.hq(c::SUDDEN_COMMANDMENT);
    let hf = s.hq(c::HEDGE_FUND);
    let oppo = s.hq(c::OPPO_RESEARCH);
    s.g.runner_took_corp_card_last_turn = true;
    s.g.corp.points = 3;
    s.g.corp.credits = 10;
    s.rd(c::PALISADE);
    s.rd(c::PALISADE);
    let mut m = s.at_action();
    m.play(sc);
    assert_eq!(m.game().corp.hq.len(), 4, "2 drawn");
    assert!(!m.offers(&format!("play:{oppo}")), "not a terminal operation");
    m.pick(&[&format!("play:{hf}")]);
    assert_eq!(m.game().corp.credits, 9 + 4, "Hedge Fund played: 1 for Sudden Commandment, +4");
    assert_eq!(m.game().corp.clicks, 2, "no click for the play by effect");
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.clicks), (10, 3), "3 credits for a click");
    // A second mandate this turn gets no click.
    let mut s = corp();
    let sc = s.hq(c::SUDDEN_COMMANDMENT);
    let sc2 = s.hq(c::SUDDEN_COMMANDMENT);
    s.g.corp.points = 3;
    s.g.corp.credits = 10;
    for _ in 0..4 {
        s.rd(c::PALISADE);
    }
    let mut m = s.at_action();
    m.play(sc);
    m.pick(&[&format!("play:{sc2}")]);
    // Asked once, for the first one (the second is not the first mandate this turn).
    m.pick(&["yes"]);
    assert_eq!((m.game().corp.clicks, m.game().corp.credits), (3, 5));
    assert_eq!(m.kind(), "netrunner.action");
}

#[test]
fn card_humanoid_resources_trades_3_clicks_and_itself_for_credits_cards_installs_and_a_play() {
    let mut s = corp();
    let h = s.root(3, c::HUMANOID_RESOURCES, true);
    let nico = s.hq(c::NICO_CAMPAIGN);
    let pal = s.hq(c::PALISADE);
    let hf = s.hq(c::HEDGE_FUND);
    for _ in 0..3 {
        s.rd(c::SPRINT);
    }
    s.g.corp.credits = 1;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{h}")]);
    let g = m.game();
    assert!(g.corp.archives.contains(&h));
    assert_eq!((g.corp.credits, g.corp.clicks, g.corp.hq.len()), (5, 0, 6));
    m.pick(&[&format!("install:{nico}:new")]);
    m.pick(&[&format!("install:{pal}:0")]);
    assert!(m.game().is_installed(nico) && m.game().is_installed(pal));
    m.pick(&[&format!("play:{hf}")]);
    assert_eq!(m.game().corp.credits, 9, "Hedge Fund: 5 paid, 9 gained");
}

#[test]
fn card_pivot_costs_2_clicks_searches_r_and_d_and_plays_or_installs_at_threat_3() {
    let mut s = corp();
    let p = s.hq(c::PIVOT);
    let nico = s.hq(c::NICO_CAMPAIGN);
    let agenda = s.rd(c::OFFWORLD_OFFICE);
    s.rd(c::PALISADE);
    s.g.corp.points = 3;
    let mut m = s.at_action();
    m.play(p);
    assert_eq!(m.kind(), c::SEARCH_KIND);
    assert!(!m.offers(&format!("search:{}", agenda + 1)), "not an ice");
    m.pick(&[&format!("search:{agenda}")]);
    assert!(m.has_event("netrunner.revealed"));
    assert!(m.game().corp.hq.contains(&agenda));
    m.pick(&[&format!("install:{nico}:new")]);
    let g = m.game();
    assert!(g.is_installed(nico));
    assert_eq!(g.corp.clicks, 1, "Double: 2 clicks");
}

#[test]
fn card_synapse_global_faster_than_thought_installs_free_on_the_first_tag_removed_and_sells_tags() {
    let mut s = corp();
    s.g.corp.identity = c::SYNAPSE_GLOBAL.into();
    s.g.runner.tags = 2;
    s.g.corp.credits = 0;
    let pal = s.hq(c::PALISADE);
    s.ice(RD, c::PALISADE, false);
    let mut m = s.at_action();
    m.pick(&["ability:identity"]);
    assert_eq!((m.game().runner.tags, m.game().corp.credits), (1, 2));
    m.pick(&[&format!("install:{pal}:{RD}")]);
    m.pick(&[]); // trash nothing there first
    let g = m.game();
    assert!(g.is_installed(pal) && g.corp.credits == 2, "installed ignoring its install cost");
    assert!(m.has_event("netrunner.revealed"));
    m.pick(&["ability:identity"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.credits), (0, 4));
    assert_eq!(m.kind(), "netrunner.action", "only the first tag removed each turn");
    // A tag the Runner removes counts too.
    let mut s = runner();
    s.g.corp.identity = c::SYNAPSE_GLOBAL.into();
    s.g.runner.tags = 1;
    s.g.runner.credits = 2;
    let nico = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.pick(&["remove-tag"]);
    assert_eq!(m.seat(), CORP);
    m.pick(&[&format!("install:{nico}:new")]);
    assert!(m.game().is_installed(nico));
}

/// Walk a run until `id` is offered (passing windows, continuing).
pub(super) fn until_offered(m: &mut Match, id: &str) {
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
    for _ in 0..4 {
        s.grip(c::SURE_GAMBLE);
    }
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
fn card_key_performance_indicators_resolves_2_different_modes_in_the_order_chosen() {
    let mut s = corp();
    let kpi = s.hq(c::KEY_PERFORMANCE_INDICATORS);
    let pal = s.hq(c::PALISADE);
    let back = s.hq(c::HEDGE_FUND);
    s.ice(RD, c::PALISADE, false);
    s.rd(c::SPRINT);
    s.rd(c::SPRINT);
    s.g.corp.credits = 1;
    let mut m = s.at_action();
    m.play(kpi);
    m.pick(&["mode:1"]);
    m.pick(&[&format!("install:{pal}:{RD}")]);
    m.pick(&[]); // trash nothing there first
    assert!(m.game().is_installed(pal));
    assert_eq!(m.game().corp.credits, 0, "the ice installed ignoring its install cost");
    assert!(!m.offers("mode:1"), "2 different modes");
    m.pick(&["mode:0"]);
    assert_eq!(m.game().corp.hq.len(), 2, "1 drawn");
    m.pick(&[&format!("card:{back}")]);
    m.draw(&[1, 0]);
    let g = m.game();
    assert!(g.corp.rd.contains(&back) && g.corp.rd.len() == 2);
    assert_eq!(m.kind(), "netrunner.action", "no third mode");

    let mut s = corp();
    let kpi = s.hq(c::KEY_PERFORMANCE_INDICATORS);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.play(kpi);
    m.pick(&["mode:3"]);
    m.pick(&["mode:2"]);
    m.pick(&[&format!("card:{a}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.adv(a)), (5 - 1 + 2, 1));
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

// --- derez (the mechanics of the fourth session) ----------------------------------------------------

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
fn card_stegodon_mk_iv_derezzes_ice_elsewhere_for_1_and_weakens_icebreakers_that_run() {
    let mut s = runner();
    let st = s.card(c::STEGODON_MK_IV);
    s.g.corp.score.push(st);
    let hq_ice = s.ice(crate::netrunner::state::HQ, c::PALISADE, true);
    s.ice(RD, c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    let b = s.installed(c::CLEAVER);
    let strength = s.g.breaker_strength(b);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("derez:{hq_ice}")]);
    let g = m.game();
    assert!(!g.rezzed(hq_ice));
    assert_eq!(g.corp.credits, 1);
    assert_eq!(g.breaker_strength(b), strength - 2, "an ice was derezzed during this run");
    m.pass_windows();
    assert_eq!(m.kind(), "netrunner.continue");
    m.pick(&["jack_out"]);
    m.pass_windows();
    assert_eq!(m.game().breaker_strength(b), strength);
    // Once per turn: the next run asks nothing.
    m.run_on(RD);
    assert_eq!(m.kind(), "netrunner.continue", "no question: the unrezzed ice is passed");
}

#[test]
fn card_lightning_laboratory_rezzes_2_ice_free_on_a_run_and_derezzes_them_when_the_turn_ends() {
    let mut s = runner().runner_turn(2);
    let lab = s.card(c::LIGHTNING_LABORATORY);
    s.g.corp.score.push(lab);
    s.g.cards[lab as usize].agenda = 1;
    let inner = s.ice(RD, c::PALISADE, false);
    let outer = s.ice(RD, c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("rez:{inner}"), &format!("rez:{outer}")]);
    // The outer Palisade ended the run; the Runner is back in its action phase.
    let g = m.game();
    assert!(g.run.is_none() && g.active == RUNNER);
    assert!(g.rezzed(inner) && g.rezzed(outer));
    assert_eq!((g.corp.credits, g.cards[lab as usize].agenda), (0, 0), "ignoring all costs, 1 counter spent");
    m.pick(&["credit"]);
    let g = m.game();
    assert!(g.active == CORP && !g.rezzed(inner) && !g.rezzed(outer), "derezzed when the Runner's turn ended");

    // Declining keeps the counter and sets up nothing.
    let mut s = runner();
    let lab = s.card(c::LIGHTNING_LABORATORY);
    s.g.corp.score.push(lab);
    s.g.cards[lab as usize].agenda = 1;
    s.ice(RD, c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[]);
    let g = m.game();
    assert!(g.flags.at_turn_end.is_empty() && g.cards[lab as usize].agenda == 1);
}

#[test]
fn card_warm_reception_installs_from_hq_unscorable_then_derezzes_itself_and_another_card() {
    let mut s = corp();
    let w = s.root(3, c::WARM_RECEPTION, true);
    let other = s.root(4, c::REGOLITH_MINING_LICENSE, true);
    let a = s.hq(c::ORBITAL_SUPERIORITY);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("install:{a}:new")]);
    let g = m.game();
    assert!(g.is_installed(a) && g.flags.no_score.contains(&a), "installed, not scorable this turn");
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&[&format!("derez:{other}")]);
    let g = m.game();
    assert!(!g.rezzed(w) && !g.rezzed(other));

    // Protected by ice, HQ empty: nothing to ask.
    let mut s = corp();
    s.root(3, c::WARM_RECEPTION, true);
    s.ice(3, c::PALISADE, true);
    s.root(4, c::REGOLITH_MINING_LICENSE, true);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    assert_eq!(m.kind(), "netrunner.action");
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

// --- the Runner trashing Corp cards -----------------------------------------------------------------

#[test]
fn card_public_access_plaza_pays_1_each_turn_and_tags_the_runner_trashing_it_rezzed_at_threat_2() {
    let mut s = corp();
    s.root(3, c::PUBLIC_ACCESS_PLAZA, true);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    assert_eq!(m.game().corp.credits, 6);

    for (points, rezzed, tags) in [(2, true, 1), (1, true, 0), (2, false, 0)] {
        let mut s = runner();
        s.g.corp.points = points;
        let p = s.root(3, c::PUBLIC_ACCESS_PLAZA, rezzed);
        let mut m = s.at_action();
        m.run_on(3);
        m.pick(&["continue"]);
        m.pick(&["trash"]);
        m.pass_windows();
        let g = m.game();
        assert!(g.corp.archives.contains(&p));
        assert_eq!(g.runner.tags, tags, "threat {points}, rezzed {rezzed}");
    }
}

#[test]
fn card_aggressive_trendsetting_the_first_installed_trash_costs_the_runner_a_click_or_gives_the_corp_one() {
    for spend in [true, false] {
        let mut s = runner();
        let a = s.card(c::AGGRESSIVE_TRENDSETTING);
        s.g.corp.score.push(a);
        s.root(3, c::REGOLITH_MINING_LICENSE, false);
        s.root(4, c::REGOLITH_MINING_LICENSE, false);
        s.g.runner.credits = 10;
        let mut m = s.at_action();
        m.run_on(3);
        m.pick(&["continue"]);
        m.pick(&["trash"]);
        assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, RUNNER));
        m.pick(&[if spend { "spend" } else { "no" }]);
        m.pass_windows();
        let g = m.game();
        assert_eq!(g.runner.clicks, if spend { 2 } else { 3 });
        assert_eq!(g.next_turn_clicks[CORP as usize], if spend { 0 } else { 1 });
        // The second trash this turn asks nothing.
        m.run_on(4);
        m.pick(&["continue"]);
        m.pick(&["trash"]);
        assert_ne!(m.kind(), c::CARD_KIND);
    }

    // Stealing from Archives an agenda the Corp trashed when installed is no trash by the Runner.
    let mut s = runner();
    let a = s.card(c::AGGRESSIVE_TRENDSETTING);
    s.g.corp.score.push(a);
    let stolen = s.archives(c::ORBITAL_SUPERIORITY, false);
    s.g.last_trashed = Some((stolen, true, false));
    let mut m = s.at_action();
    m.run_on(crate::netrunner::state::ARCHIVES);
    m.pick(&["continue"]);
    m.pass_windows();
    let g = m.game();
    assert!(g.runner.score.contains(&stolen));
    assert_eq!((g.flags.runner_trashed_installed, g.next_turn_clicks[CORP as usize]), (0, 0));
}

// --- identities ------------------------------------------------------------------------------------------

#[test]
fn card_nebula_talent_management_flips_after_an_operation_gains_a_click_flipped_and_flips_back_on_hq_or_rd() {
    let mut s = corp().corp_turn(1);
    s.g.corp.identity = c::NEBULA_TALENT_MANAGEMENT.into();
    let h = s.hq(c::HEDGE_FUND);
    s.g.corp.credits = 5;
    let mut m = s.at_action();
    m.play(h);
    let g = m.game();
    assert!(g.corp.flipped, "flipped when the action phase ended");
    assert_eq!(g.corp.credits, 5 - 5 + 9 + 1);

    // Flipped: the first operation each turn gains a click.
    let mut s = corp().corp_turn(2);
    s.g.corp.identity = c::NEBULA_TALENT_MANAGEMENT.into();
    s.g.corp.flipped = true;
    let h1 = s.hq(c::HEDGE_FUND);
    let h2 = s.hq(c::HEDGE_FUND);
    s.g.corp.credits = 10;
    let mut m = s.at_action();
    m.play(h1);
    assert_eq!(m.game().corp.clicks, 2, "1 spent, 1 gained");
    m.play(h2);
    assert_eq!(m.game().corp.clicks, 1, "only the first");

    // Flipped: a successful run on R&D flips it back; on a remote it does not.
    for (server, flipped) in [(3, true), (RD, false)] {
        let mut s = runner();
        s.g.corp.identity = c::NEBULA_TALENT_MANAGEMENT.into();
        s.g.corp.flipped = true;
        s.root(3, c::REGOLITH_MINING_LICENSE, true);
        s.rd(c::HEDGE_FUND);
        let mut m = s.at_action();
        m.run_on(server);
        m.pick(&["continue"]);
        m.pass_windows();
        assert!(m.game().flags.successful_run);
        assert_eq!(m.game().corp.flipped, flipped, "server {server}");
    }
}

// --- moving upgrades ---------------------------------------------------------------------------------------

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

#[test]
fn card_embedded_reporting_spends_a_counter_to_put_an_operation_from_r_and_d_on_top() {
    let mut s = corp().corp_turn(0);
    let e = s.card(c::EMBEDDED_REPORTING);
    s.g.corp.score.push(e);
    s.g.cards[e as usize].agenda = 2;
    s.rd(c::PALISADE);
    s.rd(c::PALISADE);
    let op = s.rd(c::HEDGE_FUND);
    let mut m = s.start(Stage::Discard);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&["search"]);
    assert_eq!(m.kind(), c::SEARCH_KIND);
    m.pick(&[&format!("search:{op}")]);
    m.draw(&[1, 0]);
    let g = m.game();
    assert_eq!(g.corp.rd.first(), Some(&op), "on top after the shuffle");
    assert_eq!((g.corp.rd.len(), g.cards[e as usize].agenda), (3, 1));
    assert!(m.has_event("netrunner.revealed"));
}
