//! One test per card of `cards/runner/events.rs` (events), named by the card, in title order.

use crate::core::DrawKind;
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{DamageKind, Task, ARCHIVES, CORP, HQ, RD};
use crate::netrunner::tests::cards::runner;
use crate::netrunner::tests::kit::NetrunnerVerbs;

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
fn card_burner_reveals_3_cards_of_hq_at_random_instead_of_breaching_and_adds_2_to_rd() {
    let mut s = runner();
    let b = s.grip(c::BURNER);
    let hq: Vec<u32> = (0..4).map(|_| s.hq(c::HEDGE_FUND)).collect();
    let top = s.rd(c::NICO_CAMPAIGN);
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{b}:{RD}")), "HQ only");
    let mut m = m;
    m.pick(&[&format!("play:{b}:{HQ}")]);
    m.pick(&["continue"]);
    // 3 draws, each among the cards not picked yet (NR-7.2's random access, one card at a time).
    assert_eq!(m.draw_kind(), DrawKind::Range(4));
    m.draw(&[3]);
    assert_eq!(m.draw_kind(), DrawKind::Range(3));
    m.draw(&[0]);
    assert_eq!(m.draw_kind(), DrawKind::Range(2));
    m.draw(&[1]);
    assert!(m.has_event("netrunner.revealed"));
    assert!(!m.offers(&format!("top:{}", hq[1])), "the card not revealed stays in HQ");
    m.pick(&[&format!("top:{}", hq[3])]);
    assert!(!m.offers(&format!("top:{}", hq[3])), "placed once");
    m.pick(&[&format!("bottom:{}", hq[2])]);
    let g = m.game();
    assert_eq!(g.corp.rd, vec![hq[3], top, hq[2]]);
    assert_eq!(g.corp.hq, vec![hq[0], hq[1]]);
    assert!(g.run.is_none() && g.flags.successful_run, "successful, HQ not breached");
    assert!(!m.has_event("netrunner.accessed"));
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
fn card_creative_commission_gains_5_and_loses_a_remaining_click() {
    let mut s = runner();
    let cc = s.grip(c::CREATIVE_COMMISSION);
    let mut m = s.at_action();
    m.play(cc);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.clicks), (9, 2));
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
fn card_jailbreak_runs_hq_or_rd_and_draws_1_when_successful() {
    let mut s = runner();
    let j = s.grip(c::JAILBREAK);
    s.stack(c::SURE_GAMBLE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{j}:2")), "HQ or R&D only");
    m.pick(&[&format!("play:{j}:1")]);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.grip.len(), 1);
}

#[test]
fn card_joy_ride_runs_rd_and_draws_5_when_successful() {
    let mut s = runner();
    let j = s.grip(c::JOY_RIDE);
    s.stack_n(c::SURE_GAMBLE, 6);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{j}:{HQ}")), "R&D only");
    m.pick(&[&format!("play:{j}:{RD}")]);
    m.pick(&["continue"]);
    let g = m.game();
    assert_eq!((g.runner.grip.len(), g.runner.credits), (5, 3));
}

#[test]
fn card_lie_low_spends_2_clicks_to_draw_4_or_remove_tags() {
    let mut s = runner();
    let l = s.grip(c::LIE_LOW);
    s.stack_n(c::SURE_GAMBLE, 5);
    s.g.runner.tags = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{l}:2")]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.clicks, g.runner.grip.len()), (1, 2, 0));
    let mut s = runner().runner_turn(2);
    let l = s.grip(c::LIE_LOW);
    s.stack_n(c::SURE_GAMBLE, 5);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{l}:1")), "no tags to remove");
    m.pick(&[&format!("play:{l}:0")]);
    assert_eq!((m.game().runner.grip.len(), m.game().runner.clicks), (4, 0));
    let mut s = runner().runner_turn(1);
    let l = s.grip(c::LIE_LOW);
    let m = s.at_action();
    assert!(!m.offers(&format!("play:{l}:0")), "the additional click");
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
fn card_overclock_gives_5_credits_for_the_run_only() {
    let mut s = runner();
    s.root(3, c::REGOLITH_MINING_LICENSE, false);
    s.g.runner.credits = 1;
    let o = s.grip(c::OVERCLOCK);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{o}:3")]);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    let g = m.game();
    assert_eq!(g.runner.credits, 0, "3 of the 5 run credits paid the trash cost; the rest is lost");
}

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
fn card_ritual_draws_1_per_click_left() {
    let mut s = runner();
    let r = s.grip(c::RITUAL);
    s.stack_n(c::SURE_GAMBLE, 5);
    let mut m = s.at_action();
    m.play(r);
    assert_eq!(m.game().runner.grip.len(), 3, "4 clicks, 1 spent playing it");
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

#[test]
fn card_shred_the_run_ends_only_if_the_corp_trashes_x_cards_of_hq_at_random() {
    let shred_on_hq = |hq_cards: usize| {
        let mut s = runner();
        let sh = s.grip(c::SHRED);
        s.ice(HQ, c::PALISADE, true);
        s.root(HQ, c::MALAPERT_DATA_VAULT, false);
        let hq: Vec<u32> = (0..hq_cards).map(|_| s.hq(c::HEDGE_FUND)).collect();
        let mut m = s.at_action();
        m.pick(&[&format!("play:{sh}:{HQ}")]);
        // Palisade's "end the run" is interrupted: the Corp decides.
        assert_eq!(m.kind(), "netrunner.card");
        assert!(m.has_event("netrunner.run_end_interrupted"));
        (m, hq)
    };
    // The Corp lets the run go on: it reaches HQ.
    let (mut m, _) = shred_on_hq(2);
    assert!(m.offers("trash"), "X = 1 card in the root of HQ, and HQ holds 2");
    m.pick(&["go_on"]);
    assert!(m.has_event("netrunner.run_end_prevented"));
    let r = m.game().run.clone().expect("the run goes on");
    assert!(!r.stop);
    // The Corp trashes 1 card of HQ at random: the run ends.
    let (mut m, hq) = shred_on_hq(2);
    m.pick(&["trash"]);
    assert_eq!(m.draw_kind(), DrawKind::Range(2));
    m.draw(&[1]);
    let g = m.game();
    assert!(g.run.is_none() && !g.flags.successful_run, "the run ended");
    assert_eq!((g.corp.hq.clone(), g.corp.archives.clone()), (vec![hq[0]], vec![hq[1]]));
    assert!(m.has_event("netrunner.revealed"));
    // An empty HQ cannot pay X: only "go on" is offered.
    let (m, _) = shred_on_hq(0);
    assert!(!m.offers("trash") && m.offers("go_on"));
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
fn card_strike_fund_gains_4_and_2_more_when_trashed_from_the_grip() {
    let mut s = runner();
    let f = s.grip(c::STRIKE_FUND);
    s.g.runner.credits = 1;
    let mut m = s.at_action();
    m.play(f);
    assert_eq!(m.game().runner.credits, 4, "1 paid, 4 gained");
    // Net damage trashes it from the grip (NR-9.1): 2 credits.
    let mut s = runner();
    let f = s.grip(c::STRIKE_FUND);
    s.g.runner.credits = 0;
    s.g.tasks.push(Task::Damage { kind: DamageKind::Net, left: 1, source: "a test".into(), odd_cost_ends_run: false, begun: false });
    let mut m = s.at_action();
    m.draw(&[0]);
    let g = m.game();
    assert!(g.runner.heap.contains(&f));
    assert_eq!(g.runner.credits, 2);
}

#[test]
fn card_sure_gamble_gains_9_credits() {
    let mut s = runner();
    let sg = s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.play(sg);
    assert_eq!(m.game().runner.credits, 9);
}

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
fn card_tread_lightly_makes_ice_cost_3_more_to_rez() {
    let mut s = runner();
    let ice = s.ice(HQ, c::TITHE, false);
    s.g.corp.credits = 3;
    let t = s.grip(c::TREAD_LIGHTLY);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{t}:0")]);
    assert!(!m.offers(&format!("rez:{ice}")), "Tithe costs 1 + 3 = 4");
    let _ = ice;
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
fn card_vrcation_draws_4_and_loses_a_remaining_click() {
    let mut s = runner();
    let v = s.grip(c::VRCATION);
    s.stack_n(c::SURE_GAMBLE, 5);
    let mut m = s.at_action();
    m.play(v);
    let g = m.game();
    assert_eq!((g.runner.grip.len(), g.runner.clicks), (4, 2));
}

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
