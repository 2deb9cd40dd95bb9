//! One test per Runner card of `cards/runner_startup_more.rs`, named by the card.

use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{DamageKind, Task, ARCHIVES, HQ, RD};

use super::kit::{NetrunnerVerbs, Scenario};

/// The Runner with 4 clicks; the Corp has no credits (so it never has a rez to offer).
fn runner() -> Scenario {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    s
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
fn card_cacophony_counts_the_first_trash_each_turn_and_spends_2_counters_to_sabotage_3() {
    let mut s = runner();
    let k = s.installed(c::CACOPHONY);
    s.root(3, c::REGOLITH_MINING_LICENSE, false);
    s.root(4, c::REGOLITH_MINING_LICENSE, false);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    for server in [3, 4] {
        m.run_on(server);
        m.pick(&["continue"]);
        m.pick(&["trash"]);
    }
    assert_eq!(m.game().cards[k as usize].power, 1, "only the first trash of the turn");
    // The action phase ends with 2 counters: sabotage 3 (1 card from HQ, 2 from R&D).
    let mut s = runner().runner_turn(1);
    let k = s.installed(c::CACOPHONY);
    s.g.cards[k as usize].power = 2;
    let h = s.hq(c::HEDGE_FUND);
    let keep = s.hq(c::HEDGE_FUND);
    let rd: Vec<u32> = (0..3).map(|_| s.rd(c::HEDGE_FUND)).collect();
    let mut m = s.at_action();
    m.pick(&["credit"]);
    m.pick(&["use"]);
    assert!(m.offers(&format!("card:{h}")));
    m.pick(&[&format!("card:{h}")]);
    let g = m.game();
    assert_eq!(g.cards[k as usize].power, 0);
    assert_eq!(g.corp.archives, vec![h, rd[0], rd[1]], "the chosen HQ card, then the top 2 of R&D");
    assert!(g.corp.hq.contains(&keep) && !g.corp.rd.contains(&rd[0]));
}

#[test]
fn card_the_wizards_chest_after_hq_rd_and_archives_installs_1_of_2_set_aside_cards_free() {
    let mut s = runner();
    let w = s.installed(c::THE_WIZARDS_CHEST);
    let m = s.at_action();
    assert!(!m.offers(&format!("wizards_chest:{w}:program")), "no successful runs yet");
    let mut s = runner();
    let w = s.installed(c::THE_WIZARDS_CHEST);
    let gamble = s.stack(c::SURE_GAMBLE);
    let p1 = s.stack(c::CLEAVER);
    let p2 = s.stack(c::CARMEN);
    let p3 = s.stack(c::BOTULUS);
    s.g.runner.credits = 0;
    s.g.flags.successful_servers = vec![HQ, RD, ARCHIVES];
    s.g.options.auto_pass = false;
    let mut m = s.start(crate::netrunner::state::Stage::Window {
        at: crate::netrunner::state::At::Action,
        round: crate::core::stack::PriorityRound::new(vec![crate::netrunner::state::RUNNER]),
    });
    m.pick(&[&format!("wizards_chest:{w}:program")]);
    assert!(m.has_event("netrunner.revealed"));
    assert!(m.offers(&format!("install:{p1}")) && m.offers(&format!("install:{p2}")) && !m.offers(&format!("install:{p3}")));
    m.pick(&[&format!("install:{p2}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&p2) && g.runner.heap.contains(&w));
    assert_eq!(g.runner.credits, 0, "ignoring all costs");
    let _ = gamble;
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
fn card_madani_hosts_grip_programs_and_installs_one_a_turn_paying_its_cost() {
    let mut s = runner();
    let md = s.installed(c::MADANI);
    let p1 = s.grip(c::CLEAVER);
    let p2 = s.grip(c::CARMEN);
    s.grip(c::SURE_GAMBLE);
    s.g.runner.credits = 10;
    s.g.options.auto_pass = false;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{md}")]);
    assert!(!m.offers(&format!("card:{}", m.game().runner.grip[2])), "programs only");
    m.pick(&[&format!("card:{p1}"), &format!("card:{p2}")]);
    let g = m.game();
    assert_eq!(g.runner.hosted_cards, vec![p1, p2]);
    assert!(g.runner.grip.len() == 1 && g.memory_used() == 0, "hosted, not installed");
    let credits = g.runner.credits;
    m.pick(&[&format!("madani:{md}")]);
    m.pick(&[&format!("install:{p2}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&p2) && g.runner.hosted_cards == vec![p1]);
    assert_eq!(g.runner.credits, credits - g.def(p2).cost.unwrap_or(0), "paying its install cost");
    assert!(!m.offers(&format!("madani:{md}")), "once per turn");
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
