//! One test per card whose effect picks cards at random (`cards/random_picks.rs`), named by the
//! card: each random card is one `Range` draw among the cards not picked yet.

use crate::core::DrawKind;
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{ARCHIVES, HQ, RD};

use super::kit::{NetrunnerVerbs, Scenario};

/// The Runner with 4 clicks; the Corp has no credits (so it never has a rez to offer).
fn runner() -> Scenario {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    s
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
