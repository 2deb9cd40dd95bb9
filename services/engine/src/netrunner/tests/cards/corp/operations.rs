//! One test per card of `cards/corp/operations.rs` (operations), named by the card, in title order.

use crate::core::DrawKind;
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{CorpZone, RD, RUNNER};
use crate::netrunner::tests::cards::corp;
use crate::netrunner::tests::kit::{NetrunnerVerbs, Scenario};

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
    s.stack_n(c::SURE_GAMBLE, 3);
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
fn card_bring_them_home_adds_2_grip_cards_at_random_to_the_stack_and_at_threat_3_shuffles_1_more() {
    let corp = || Scenario::new().auto_pass().corp_turn(3);
    let mut s = corp();
    let b = s.hq(c::BRING_THEM_HOME);
    assert!(!s.at_action().offers(&format!("play:{b}")), "only after a steal or trash last turn");
    let mut s = corp();
    let b = s.hq(c::BRING_THEM_HOME);
    let grip: Vec<u32> = (0..4).map(|_| s.grip(c::SURE_GAMBLE)).collect();
    let st = s.stack(c::SURE_GAMBLE);
    s.g.runner_took_corp_card_last_turn = true;
    s.g.corp.points = 3;
    s.g.corp.credits = 2;
    let mut m = s.at_action();
    m.play(b);
    assert_eq!(m.draw_kind(), DrawKind::Range(4));
    m.draw(&[0]);
    assert_eq!(m.draw_kind(), DrawKind::Range(3));
    m.draw(&[2]);
    assert!(m.has_event("netrunner.revealed"));
    assert_eq!(m.game().runner.stack, vec![grip[3], grip[0], st], "each added to the top in the order picked");
    // Threat 3: 2 credits for 1 more card at random, shuffled in.
    m.pick(&["pay"]);
    assert_eq!(m.draw_kind(), DrawKind::Range(2));
    m.draw(&[1]);
    m.draw(&[3, 2, 1, 0]);
    let g = m.game();
    assert_eq!(g.runner.grip, vec![grip[1]]);
    assert_eq!((g.runner.stack.len(), g.corp.credits, g.corp.clicks), (4, 0, 0), "terminal: the clicks left are lost");
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
fn card_government_subsidy_gains_15_credits() {
    let mut s = corp();
    s.g.corp.credits = 10;
    let h = s.hq(c::GOVERNMENT_SUBSIDY);
    let mut m = s.at_action();
    m.play(h);
    assert_eq!(m.game().corp.credits, 15);
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
fn card_hedge_fund_gains_9_credits() {
    let mut s = corp();
    let h = s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.play(h);
    let g = m.game();
    assert_eq!(g.corp.credits, 9);
    assert!(g.corp.archives.contains(&h) && g.cards[h as usize].faceup);
}

#[test]
fn card_ip_enforcement_costs_x_credits_the_printed_points_of_the_agenda_it_installs() {
    // Printed "X[credit]" (no number in the card data): X is the agenda's points, paid as the
    // operation is played, and the agenda is not offered when the Corp cannot pay X.
    let mut s = corp();
    s.g.corp.credits = 3;
    let ip = s.hq(c::IP_ENFORCEMENT);
    let a = s.card(c::OFFWORLD_OFFICE);
    s.g.runner.score.push(a);
    s.g.runner.tags = 2;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{ip}:{a}")]);
    assert_eq!(m.game().corp.credits, 1, "2 credits for a 2-point agenda");
    let mut s = corp();
    s.g.corp.credits = 1;
    let ip = s.hq(c::IP_ENFORCEMENT);
    let a = s.card(c::OFFWORLD_OFFICE);
    s.g.runner.score.push(a);
    s.g.runner.tags = 2;
    assert!(!s.at_action().offers(&format!("play:{ip}:{a}")), "1 credit cannot pay X = 2");
}

#[test]
fn card_ip_enforcement_removes_x_tags_to_install_an_x_point_agenda_from_the_runner_score_area() {
    for (tags, adv) in [(2, 0), (3, 1)] {
        let mut s = corp();
        let ip = s.hq(c::IP_ENFORCEMENT);
        let a = s.card(c::OFFWORLD_OFFICE);
        s.g.runner.score.push(a);
        s.g.runner.points = 2;
        s.g.runner.tags = tags;
        let mut m = s.at_action();
        m.pick(&[&format!("play:{ip}:{a}")]);
        m.pick(&[&format!("install:{a}:new")]);
        let g = m.game();
        assert_eq!((g.runner.points, g.runner.tags, g.corp_zone(a)), (0, tags - 2, CorpZone::Root(3)));
        assert_eq!(g.adv(a), adv, "1 advancement counter while the Runner is still tagged");
    }
    let mut s = corp();
    let ip = s.hq(c::IP_ENFORCEMENT);
    let a = s.card(c::OFFWORLD_OFFICE);
    s.g.runner.score.push(a);
    s.g.runner.tags = 1;
    assert!(!s.at_action().offers(&format!("play:{ip}:{a}")), "2 points need 2 tags");
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
    s.grip_n(c::SURE_GAMBLE, 5);
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
    s.grip_n(c::SURE_GAMBLE, 4);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{ms}:1")]);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.heap.len(), 3, "up to 3");
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
fn card_neurospike_does_net_damage_equal_to_points_scored_this_turn() {
    let mut s = corp();
    s.g.flags.scored_points = 3;
    let n = s.hq(c::NEUROSPIKE);
    s.grip_n(c::SURE_GAMBLE, 4);
    let mut m = s.at_action();
    m.play(n);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.grip.len(), 1);
}

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
fn card_petty_cash_only_before_any_finished_action_and_from_archives_gains_a_click_then_leaves_the_game() {
    let mut s = corp();
    let p = s.hq(c::PETTY_CASH);
    let mut m = s.at_action();
    m.play(p);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.clicks), (5 - 3 + 5, 2), "from HQ: no click");
    assert!(!m.offers(&format!("ability:{p}")), "an action was finished this turn");

    let mut s = corp();
    let p = s.archives(c::PETTY_CASH, true);
    let h = s.hq(c::PETTY_CASH);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{p}")]);
    // It may lie face down in Archives: the question's public summary must not name it (the
    // Startup leak oracle found it named); the play names it.
    assert!(!m.decision().summary.contains("Petty Cash"), "{}", m.decision().summary);
    m.pick(&[&format!("play:{p}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.clicks), (5 - 3 + 5, 3), "1 click spent, 1 gained");
    assert!(g.corp.removed.contains(&p) && !g.corp.archives.contains(&p));
    assert!(!m.offers(&format!("play:{h}")), "play only if no action was finished this turn");
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
fn card_predictive_planogram_gives_credits_or_cards_and_both_if_tagged() {
    let mut s = corp();
    let p = s.hq(c::PREDICTIVE_PLANOGRAM);
    let m = s.at_action();
    assert!(m.offers(&format!("play:{p}:0")) && !m.offers(&format!("play:{p}:2")));
    let mut s = corp();
    s.g.runner.tags = 1;
    let p = s.hq(c::PREDICTIVE_PLANOGRAM);
    s.rd_n(c::HEDGE_FUND, 3);
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

#[test]
fn card_seamless_launch_places_2_counters_on_a_card_not_installed_this_turn() {
    let mut s = corp();
    let old = s.root(3, c::OFFWORLD_OFFICE, false);
    let fresh = s.root(4, c::SEND_A_MESSAGE, false);
    s.g.cards[fresh as usize].installed_turn = 1;
    let sl = s.hq(c::SEAMLESS_LAUNCH);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{sl}:{fresh}")), "not on a card installed this turn");
    m.pick(&[&format!("play:{sl}:{old}")]);
    assert_eq!(m.game().adv(old), 2);
}

#[test]
fn card_sprint_draws_3_and_shuffles_2_back() {
    let mut s = corp();
    let sp = s.hq(c::SPRINT);
    s.rd_n(c::HEDGE_FUND, 4);
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
    s.rd_n(c::PALISADE, 4);
    let mut m = s.at_action();
    m.play(sc);
    m.pick(&[&format!("play:{sc2}")]);
    // Asked once, for the first one (the second is not the first mandate this turn).
    m.pick(&["yes"]);
    assert_eq!((m.game().corp.clicks, m.game().corp.credits), (3, 5));
    assert_eq!(m.kind(), "netrunner.action");
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
fn card_your_digital_life_gains_1_per_card_in_hq() {
    let mut s = corp();
    let y = s.hq(c::YOUR_DIGITAL_LIFE);
    s.hq_n(c::HEDGE_FUND, 3);
    let mut m = s.at_action();
    m.play(y);
    assert_eq!(m.game().corp.credits, 6);
}
