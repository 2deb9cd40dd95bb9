//! One test per System Gateway faction card (beyond the starter decks), named by the card.

use crate::core::stack::PriorityRound;
use crate::core::*;
use crate::netrunner::cards as c;
use crate::netrunner::flow;
use crate::netrunner::state::{At, Stage, CORP, HQ, RD, RUNNER};

use super::kit::{Match, NetrunnerVerbs, Scenario};

fn corp() -> Scenario {
    Scenario::new().auto_pass().corp_turn(3)
}

fn runner() -> Scenario {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    s
}

fn corp_window(s: Scenario) -> Match {
    s.start(Stage::Window { at: At::Action, round: PriorityRound::new(vec![CORP, RUNNER]) })
}

fn accessed(m: &Match) -> usize {
    m.log.iter().filter(|e| e.kind == "netrunner.accessed").count()
}

// --- ice -------------------------------------------------------------------------------------------

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

// --- icebreakers and programs ----------------------------------------------------------------------

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
fn card_conduit_runs_rd_accessing_more_per_counter_and_gains_counters() {
    let mut s = runner();
    let cd = s.installed(c::CONDUIT);
    s.g.cards[cd as usize].virus = 1;
    for _ in 0..3 {
        s.rd(c::HEDGE_FUND);
    }
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{cd}")]);
    m.pick(&["continue"]);
    assert_eq!(accessed(&m), 2);
    assert_eq!(m.game().cards[cd as usize].virus, 2);
}

#[test]
fn card_cookbook_adds_a_counter_to_installed_viruses() {
    let mut s = runner();
    s.installed(c::COOKBOOK);
    let f = s.grip(c::FERMENTER);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{f}")]);
    assert_eq!(m.game().cards[f as usize].virus, 2);
}

// --- events ----------------------------------------------------------------------------------------

#[test]
fn card_wildcat_strike_gives_what_the_corp_chooses() {
    let mut s = runner();
    let w = s.grip(c::WILDCAT_STRIKE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.play(w);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.wildcat_strike", CORP));
    m.pick(&["credits"]);
    assert_eq!(m.game().runner.credits, 9);
}

#[test]
fn card_mutual_favor_fetches_an_icebreaker_installing_it_after_a_successful_run() {
    let mut s = runner();
    let mf = s.grip(c::MUTUAL_FAVOR);
    let cl = s.stack(c::CLEAVER);
    s.stack(c::SURE_GAMBLE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.play(mf);
    assert!(!m.offers(&format!("install:{cl}")), "no successful run yet");
    m.pick(&[&format!("grip:{cl}")]);
    assert_eq!(m.draw_kind(), DrawKind::Shuffle(2), "the stack is shuffled");
    m.draw(&[1, 0]);
    assert!(m.game().runner.grip.contains(&cl));
    let mut s = runner();
    s.g.flags.successful_run = true;
    let mf = s.grip(c::MUTUAL_FAVOR);
    let cl = s.stack(c::CLEAVER);
    let mut m = s.at_action();
    m.play(mf);
    m.pick(&[&format!("install:{cl}")]);
    assert!(m.game().runner.programs.contains(&cl));
}

#[test]
fn card_sprint_draws_3_and_shuffles_2_back() {
    let mut s = corp();
    let sp = s.hq(c::SPRINT);
    for _ in 0..4 {
        s.rd(c::HEDGE_FUND);
    }
    let mut m = s.at_action();
    m.play(sp);
    let hq = m.game().corp.hq.clone();
    assert_eq!(hq.len(), 3);
    m.pick(&[&format!("card:{}", hq[0]), &format!("card:{}", hq[1])]);
    m.draw(&[2, 1, 0]);
    let g = m.game();
    assert_eq!((g.corp.hq.len(), g.corp.rd.len()), (1, 3));
}

#[test]
fn card_hansei_review_gains_10_and_trashes_a_card_from_hq() {
    let mut s = corp();
    let h = s.hq(c::HANSEI_REVIEW);
    let x = s.hq(c::PALISADE);
    let mut m = s.at_action();
    m.play(h);
    m.pick(&[&format!("card:{x}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 10);
    assert!(g.corp.archives.contains(&x) && !g.cards[x as usize].faceup);
}

#[test]
fn card_neurospike_does_net_damage_equal_to_points_scored_this_turn() {
    let mut s = corp();
    s.g.flags.scored_points = 3;
    let n = s.hq(c::NEUROSPIKE);
    for _ in 0..4 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.play(n);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.grip.len(), 1);
}

#[test]
fn card_predictive_planogram_gives_credits_or_cards_and_both_if_tagged() {
    let mut s = corp();
    let p = s.hq(c::PREDICTIVE_PLANOGRAM);
    let m = s.at_action();
    assert!(m.offers(&format!("play:{p}:0")) && !m.offers(&format!("play:{p}:2")));
    let mut s = corp();
    s.g.runner.tags = 1;
    let p = s.hq(c::PREDICTIVE_PLANOGRAM);
    for _ in 0..3 {
        s.rd(c::HEDGE_FUND);
    }
    let mut m = s.at_action();
    m.pick(&[&format!("play:{p}:2")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.hq.len()), (8, 3));
}

#[test]
fn card_public_trail_tags_unless_8_after_a_successful_runner_turn() {
    let mut s = corp();
    let p = s.hq(c::PUBLIC_TRAIL);
    let m = s.at_action();
    assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("play:{p}"))));
    let mut s = corp();
    s.g.runner_success_last_turn = true;
    let p = s.hq(c::PUBLIC_TRAIL);
    let mut m = s.at_action();
    m.play(p);
    assert_eq!(m.option_ids(), vec!["tag"], "5 credits cannot pay 8");
    m.choose("Take 1 tag");
    assert_eq!(m.game().runner.tags, 1);
}

#[test]
fn card_retribution_trashes_a_program_or_hardware_of_a_tagged_runner() {
    let mut s = corp();
    let r = s.hq(c::RETRIBUTION);
    let cl = s.installed(c::CLEAVER);
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{r}:{cl}")));
    let mut s = corp();
    s.g.runner.tags = 1;
    let r = s.hq(c::RETRIBUTION);
    let cl = s.installed(c::CLEAVER);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{r}:{cl}")]);
    assert!(m.game().runner.heap.contains(&cl));
}

// --- agendas ---------------------------------------------------------------------------------------

fn scored(code: &str) -> (Scenario, u32) {
    let mut s = corp();
    let a = s.root(3, code, false);
    s.g.cards[a as usize].adv = 5;
    (s, a)
}

#[test]
fn card_luminal_transubstantiation_gives_3_clicks_and_stops_scoring() {
    let (mut s, a) = scored(c::LUMINAL_TRANSUBSTANTIATION);
    let b = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[b as usize].adv = 5;
    let mut m = corp_window(s);
    m.score(a);
    assert_eq!(m.game().corp.clicks, 6);
    assert!(!m.offers(&format!("score:{b}")));
}

#[test]
fn card_longevity_serum_trashes_from_hq_and_shuffles_archives_back() {
    let (mut s, a) = scored(c::LONGEVITY_SERUM);
    let h = s.hq(c::HEDGE_FUND);
    let x = s.archives(c::PALISADE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&[&format!("card:{h}")]);
    assert_eq!(m.kind(), "netrunner.archives_to_rd");
    m.pick(&[&format!("card:{x}")]);
    m.draw(&[1, 0]);
    let g = m.game();
    assert!(g.corp.rd.contains(&x) && g.corp.archives == vec![h]);
}

#[test]
fn card_tomorrows_headline_tags_when_stolen() {
    let mut s = runner();
    s.root(3, c::TOMORROWS_HEADLINE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.tags, 1);
}

#[test]
fn card_above_the_law_may_trash_a_resource() {
    let (mut s, a) = scored(c::ABOVE_THE_LAW);
    let r = s.installed(c::TELEWORK_CONTRACT);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&[&format!("trash:{r}")]);
    assert!(m.game().runner.heap.contains(&r));
}

#[test]
fn card_orbital_superiority_tags_or_does_4_meat_to_a_tagged_runner() {
    let (s, a) = scored(c::ORBITAL_SUPERIORITY);
    let mut m = corp_window(s);
    m.score(a);
    assert_eq!(m.game().runner.tags, 1);
    let (mut s, a) = scored(c::ORBITAL_SUPERIORITY);
    s.g.runner.tags = 1;
    for _ in 0..5 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = corp_window(s);
    m.score(a);
    for _ in 0..4 {
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.grip.len(), 1);
}

// --- assets and upgrades ---------------------------------------------------------------------------

#[test]
fn card_spin_doctor_draws_2_on_rez_and_leaves_the_game_to_recycle_archives() {
    let mut s = corp();
    let sd = s.root(3, c::SPIN_DOCTOR, false);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let x = s.archives(c::PALISADE, true);
    let mut m = corp_window(s);
    m.rez(sd);
    assert_eq!(m.game().corp.hq.len(), 2);
    m.pick(&[&format!("spin-doctor:{sd}")]);
    m.pick(&[&format!("card:{x}")]);
    m.draw(&[1, 0]);
    let g = m.game();
    assert!(g.corp.rd.contains(&x));
    assert_eq!(g.corp_zone(sd), crate::netrunner::state::CorpZone::None, "removed from the game");
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
fn card_clearinghouse_trashes_itself_for_meat_damage_per_counter() {
    let mut s = corp();
    let ch = s.root(3, c::CLEARINGHOUSE, true);
    s.g.cards[ch as usize].adv = 2;
    for _ in 0..3 {
        s.grip(c::SURE_GAMBLE);
    }
    s.rd(c::HEDGE_FUND);
    let mut m = s.start(Stage::TurnBeginTriggers);
    m.pick(&["trash"]);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!(g.runner.grip.len(), 1);
    assert!(g.corp.archives.contains(&ch));
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

// --- hardware and resources ------------------------------------------------------------------------

#[test]
fn card_carnivore_trashes_an_accessed_card_for_2_grip_cards() {
    let mut s = runner();
    s.g.runner.credits = 0;
    s.installed(c::CARNIVORE);
    let n = s.root(3, c::NICO_CAMPAIGN, false);
    let a = s.grip(c::SURE_GAMBLE);
    let b = s.grip(c::SURE_GAMBLE);
    assert_eq!(s.g.memory_limit(), 5);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.pick(&["carnivore"]);
    m.pick(&[&format!("card:{a}"), &format!("card:{b}")]);
    let g = m.game();
    assert!(g.corp.archives.contains(&n) && g.runner.grip.is_empty());
}

#[test]
fn card_dzmz_optimizer_makes_the_first_program_1_cheaper() {
    let mut s = runner();
    s.installed(c::DZMZ_OPTIMIZER);
    let cl = s.grip(c::CLEAVER);
    s.g.runner.credits = 2;
    assert_eq!(s.g.memory_limit(), 5);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{cl}")]);
    let g = m.game();
    assert_eq!(g.runner.credits, 0);
    assert!(g.flags.program_installed);
}

#[test]
fn card_pantograph_gains_1_and_installs_after_a_steal() {
    let mut s = runner();
    s.installed(c::PANTOGRAPH);
    s.root(3, c::OFFWORLD_OFFICE, false);
    let t = s.grip(c::TELEWORK_CONTRACT);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.pantograph");
    m.pick(&[&format!("install:{t}")]);
    let g = m.game();
    assert!(g.runner.resources.contains(&t));
    assert_eq!(g.runner.credits, 5, "5 + 1 - 1");
}

#[test]
fn card_t400_memory_diamond_adds_1_mu_and_1_hand_size() {
    let mut s = runner();
    s.installed(c::T400_MEMORY_DIAMOND);
    assert_eq!((s.g.memory_limit(), s.g.max_hand(RUNNER)), (5, 6));
    assert!(c::implemented(c::T400_MEMORY_DIAMOND) && c::implemented(c::DZMZ_OPTIMIZER));
}

// --- identities ------------------------------------------------------------------------------------

#[test]
fn card_haas_bioroid_precision_design_hand_size_and_archives_on_score() {
    let (mut s, a) = scored(c::OFFWORLD_OFFICE);
    s.g.corp.identity = c::HAAS_BIOROID.into();
    let x = s.archives(c::HEDGE_FUND, false);
    assert_eq!(s.g.max_hand(CORP), 6);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&[&format!("take:{x}")]);
    assert!(m.game().corp.hq.contains(&x));
}

#[test]
fn card_jinteki_restoring_humanity_gains_1_with_a_face_down_card_in_archives() {
    for (faceup, credits) in [(false, 6), (true, 5)] {
        let mut s = corp();
        s.g.corp.identity = c::JINTEKI.into();
        s.archives(c::HEDGE_FUND, faceup);
        let m = s.start(Stage::Discard);
        assert_eq!(m.game().corp.credits, credits);
    }
}

#[test]
fn card_nbn_reality_plus_pays_the_first_tag_each_turn() {
    let mut s = runner();
    s.g.corp.identity = c::NBN.into();
    s.root(3, c::TOMORROWS_HEADLINE, false);
    s.root(4, c::TOMORROWS_HEADLINE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.reality_plus");
    m.pick(&["credits"]);
    m.run_on(4);
    m.pick(&["continue"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.credits), (2, 2), "only the first tag of the turn");
}

#[test]
fn card_weyland_consortium_built_to_last_gains_2_advancing_a_bare_card() {
    let mut s = corp();
    s.g.corp.identity = c::WEYLAND.into();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.pick(&[&format!("advance:{a}")]);
    assert_eq!(m.game().corp.credits, 6);
    m.pick(&[&format!("advance:{a}")]);
    assert_eq!(m.game().corp.credits, 5);
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
