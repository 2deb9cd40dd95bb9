//! One test per Runner card of `cards/runner_startup_more.rs`, named by the card.

use crate::netrunner::cards::{self as c, runner_startup_more as rm};
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
    let f = s.grip(rm::STRIKE_FUND);
    s.g.runner.credits = 1;
    let mut m = s.at_action();
    m.play(f);
    assert_eq!(m.game().runner.credits, 4, "1 paid, 4 gained");
    // Net damage trashes it from the grip (NR-9.1): 2 credits.
    let mut s = runner();
    let f = s.grip(rm::STRIKE_FUND);
    s.g.runner.credits = 0;
    s.g.tasks.push(Task::Damage { kind: DamageKind::Net, left: 1, source: "a test".into(), odd_cost_ends_run: false });
    let mut m = s.at_action();
    m.draw(&[0]);
    let g = m.game();
    assert!(g.runner.heap.contains(&f));
    assert_eq!(g.runner.credits, 2);
}

#[test]
fn card_cacophony_counts_the_first_trash_each_turn_and_spends_2_counters_to_sabotage_3() {
    let mut s = runner();
    let k = s.installed(rm::CACOPHONY);
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
    let k = s.installed(rm::CACOPHONY);
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
    let w = s.installed(rm::THE_WIZARDS_CHEST);
    let m = s.at_action();
    assert!(!m.offers(&format!("wizards_chest:{w}:program")), "no successful runs yet");
    let mut s = runner();
    let w = s.installed(rm::THE_WIZARDS_CHEST);
    let gamble = s.stack(c::SURE_GAMBLE);
    let p1 = s.stack(c::CLEAVER);
    let p2 = s.stack(c::CARMEN);
    let p3 = s.stack(c::BOTULUS);
    s.g.runner.credits = 0;
    s.g.flags.successful_servers = vec![HQ, RD, ARCHIVES];
    s.g.options.auto_pass = false;
    let mut m = s.start(crate::netrunner::state::Stage::Window { at: crate::netrunner::state::At::Action, round: crate::core::stack::PriorityRound::new(vec![crate::netrunner::state::RUNNER]) });
    m.pick(&[&format!("wizards_chest:{w}:program")]);
    assert!(m.has_event("netrunner.revealed"));
    assert!(m.offers(&format!("install:{p1}")) && m.offers(&format!("install:{p2}")) && !m.offers(&format!("install:{p3}")));
    m.pick(&[&format!("install:{p2}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&p2) && g.runner.heap.contains(&w));
    assert_eq!(g.runner.credits, 0, "ignoring all costs");
    let _ = gamble;
}
