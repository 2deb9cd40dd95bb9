//! One or more tests per rule, named by rule id. Each builds a state directly and feeds inputs
//! through `apply`.

use crate::core::stack::PriorityRound;
use crate::core::*;
use crate::mainframe::options::CacheResolution;
use crate::mainframe::state::{After, CacheItem, ItemKind, Stage, TargetRef, Window};
use crate::mainframe::Mainframe;

use super::kit::{config, MainframeVerbs, Match, Scenario};

fn deploy() -> Stage {
    Stage::Window { window: Window::Deploy, round: PriorityRound::new(vec![0]) }
}

fn health(m: &Match, seat: usize) -> (i64, i64) {
    let g = m.game();
    (g.players[seat].mainframe, g.players[seat].bioframe)
}

/// Answer everything passively until `stop` matches the awaited kind (or the game ends).
fn advance_until(m: &mut Match, stop: &str) {
    for _ in 0..500 {
        let k = m.kind();
        if k == stop || k == "ended" {
            return;
        }
        match k.as_str() {
            "mainframe.priority" => m.pick(&["pass"]),
            "mainframe.declare_attackers" | "mainframe.declare_blockers" => m.pick(&["done"]),
            "mainframe.force_quit" => m.pick(&[]),
            "mainframe.draw_or_install" => m.pick(&["draw"]),
            "mainframe.order_triggers" => {
                let ids = m.option_ids();
                m.answer(Choice::Order(ids));
            }
            other => panic!("advance_until({stop}) stuck at {other}"),
        }
    }
    panic!("{stop} never came");
}

// --- MF-2 / MF-8.4 -------------------------------------------------------------------------------

#[test]
fn mf_2_phases_in_order_then_next_player_in_turn_order() {
    let mut s = Scenario::new(3);
    for seat in 0..3 {
        for _ in 0..3 {
            s.deck(seat, "chrome_jackal");
        }
    }
    let mut m = s.start(Stage::TurnStart);
    assert_eq!(m.decision().seat, 0);
    m.pick(&["draw"]);
    m.pick(&["draw"]);
    advance_until(&mut m, "mainframe.draw_or_install");
    assert_eq!(m.decision().seat, 1, "MF-8.4: the next player in turn order");
    let steps: Vec<String> = m.log.iter().filter(|e| e.kind == "mainframe.step").map(|e| e.text.clone()).collect();
    let pos = |t: &str| steps.iter().position(|s| s.starts_with(t)).unwrap_or_else(|| panic!("no {t} in {steps:?}"));
    assert!(pos("Deploy") < pos("Netcheck"));
    assert!(pos("Netcheck") < pos("Combat phase"));
    assert!(pos("Combat phase") < pos("Combat ends. Reset"));
    let started: Vec<u64> = m.log.iter().filter(|e| e.kind == "mainframe.turn_started").map(|e| e.detail["seat"].as_u64().unwrap()).collect();
    assert_eq!(started, vec![1]);
}

// --- MF-3 ----------------------------------------------------------------------------------------

#[test]
fn mf_3_1_system_check_stable_when_every_character_has_its_ram() {
    let mut s = Scenario::new(2);
    s.perm(0, "juggernaut_rig");
    s.perm(0, "trace_daemon");
    s.deck(0, "chrome_jackal");
    s.deck(0, "chrome_jackal");
    let m = s.start(Stage::TurnStart);
    assert_eq!(m.kind(), "mainframe.draw_or_install", "no stability test when the check passes");
    assert!(!m.game().players[0].unstable);
}

#[test]
fn mf_3_2_stability_tests_in_cost_order_announced_before_roll() {
    let mut s = Scenario::new(2);
    let jugg = s.perm(0, "juggernaut_rig"); // cost 3
    let jackal = s.perm(0, "chrome_jackal"); // cost 1, older
    let daemon = s.perm(0, "trace_daemon"); // program, cost 2
    let drone = s.perm(0, "ice_pick_drone"); // cost 1, newer
    let blade = s.perm(0, "monoblade"); // gear: not tested
    s.deck(0, "chrome_jackal");
    s.deck(0, "chrome_jackal");
    // The jackal lost its RAM: MF-3.1 fails.
    for r in &mut s.g.players[0].ram_bank {
        if r.allocated == Some(jackal) {
            r.allocated = None;
        }
    }
    let mut m = s.start(Stage::TurnStart);
    assert!(m.game().players[0].unstable, "MF-3.1: Unstable");
    let mut order = Vec::new();
    // Rolls: 10 crashes the jackal, 11 keeps the drone, 1 crashes the daemon, 20 keeps the rig.
    for v in [9, 10, 0, 19] {
        let Awaiting::Draw(r) = m.awaiting.clone() else { panic!("expected a roll, got {:?}", m.awaiting) };
        assert_eq!(r.kind, DrawKind::Range(20));
        let card: u32 = r.purpose.strip_prefix("stability-test-").unwrap().parse().unwrap();
        // The announcement is among the events returned with the draw request.
        let announced = m.events.iter().rev().find(|e| e.kind == "mainframe.stability_test").expect("announced");
        assert_eq!(announced.detail["card"], card, "the announced card is the one rolled for");
        order.push(card);
        m.draw(&[v]);
        let roll = m.events.iter().find(|e| e.kind == "mainframe.stability_roll").expect("roll event");
        assert_eq!(roll.detail["roll"], i64::from(v) + 1);
    }
    assert_eq!(order, vec![jackal, drone, daemon, jugg], "lowest cost first, oldest first on ties");
    let g = m.game();
    assert!(!g.in_play(jackal) && !g.in_play(daemon), "1..=10 crash");
    assert!(g.in_play(drone) && g.in_play(jugg) && g.in_play(blade), "11..=20 stay; gear is not tested");
    assert!(g.players[0].recycle_bin.contains(&jackal) && g.players[0].recycle_bin.contains(&daemon));
    // The daemon's RAM came back to the bank, unallocated.
    assert_eq!(g.allocated_to(daemon), 0);
    assert_eq!(m.kind(), "mainframe.draw_or_install");
}

#[test]
fn mf_3_3_refresh_restores_permanents_and_ram() {
    let mut s = Scenario::new(2);
    let c = s.perm(0, "chrome_jackal");
    let b = s.perm(0, "monoblade");
    s.ram(0, 3);
    s.deck(0, "chrome_jackal");
    s.g.perms.iter_mut().for_each(|p| {
        p.running = true;
        p.used = true;
    });
    s.g.players[0].ram_bank.iter_mut().for_each(|r| r.running = true);
    let m = s.start(Stage::TurnStart);
    let g = m.game();
    assert!(!g.perm(c).unwrap().running && !g.perm(b).unwrap().used, "Refreshed and Rebooted");
    assert_eq!(g.free_ram(0), 3, "RAM is Refreshed too");
}

#[test]
fn mf_3_4_first_player_makes_a_single_draw_install_choice() {
    let mut m = Match::new(Mainframe, &config(2, &[])).unwrap();
    m.log.clear();
    // Setup: four shuffles (identity) and the first-player draw.
    let mut purposes = Vec::new();
    while let Awaiting::Draw(req) = m.awaiting.clone() {
        purposes.push(req.purpose.clone());
        let values = match req.kind {
            DrawKind::Shuffle(n) => (0..n).collect(),
            DrawKind::Range(_) => vec![1],
        };
        m.draw(&values);
    }
    assert_eq!(
        purposes,
        ["card-numbers", "shuffle-cyberdeck-seat-0", "shuffle-ram-deck-seat-0", "shuffle-cyberdeck-seat-1", "shuffle-ram-deck-seat-1", "first-player"]
    );
    assert_eq!(m.decision().seat, 1, "the first-player draw chose seat 1");
    assert_eq!(m.kind(), "mainframe.draw_or_install");
    m.pick(&["install"]);
    assert_ne!(m.kind(), "mainframe.draw_or_install", "only one choice on the first turn of the game");
    advance_until(&mut m, "mainframe.draw_or_install");
    assert_eq!(m.decision().seat, 0);
    m.pick(&["install"]);
    assert_eq!(m.kind(), "mainframe.draw_or_install", "two choices on later turns");
    assert_eq!(m.decision().seat, 0);
}

#[test]
fn mf_3_4_draw_is_private_and_install_public() {
    let mut s = Scenario::new(2);
    let top = s.deck(0, "flatline");
    s.ram_deck(0, 2);
    let mut m = s.start(Stage::TurnStart);
    m.pick(&["draw"]);
    let e = m.events.iter().find(|e| e.kind == "mainframe.card_drawn").unwrap();
    assert_eq!(e.as_seen_by(Viewer::Seat(1)).0, "Ana draws a card");
    assert!(e.as_seen_by(Viewer::Seat(0)).0.contains("Flatline"));
    assert!(!format!("{:?}", e.as_seen_by(Viewer::Spectator)).contains("Flatline"));
    m.pick(&["install"]);
    let g = m.game();
    assert_eq!(g.players[0].hand, vec![top]);
    assert_eq!(g.players[0].ram_bank.len(), 1);
    assert_eq!(g.players[0].ram_deck.len(), 1);
}

#[test]
fn mf_3_5_force_quit_destroys_simultaneously_and_returns_ram_refreshed() {
    let mut s = Scenario::new(2);
    let jugg = s.perm(0, "juggernaut_rig"); // 2 RAM allocated
    let daemon = s.perm(0, "trace_daemon"); // 1 RAM allocated
    let keep = s.perm(0, "chrome_jackal");
    s.ram_deck(0, 2);
    let mut m = s.start(Stage::TurnStart);
    m.pick(&["install"]);
    m.pick(&["install"]);
    assert_eq!(m.kind(), "mainframe.force_quit");
    assert_eq!(m.game().free_ram(0), 2);
    m.pick(&[&format!("quit:{jugg}"), &format!("quit:{daemon}")]);
    let g = m.game();
    assert!(!g.in_play(jugg) && !g.in_play(daemon) && g.in_play(keep));
    assert_eq!(g.players[0].recycle_bin, vec![jugg, daemon]);
    assert_eq!(g.free_ram(0), 5, "the 3 allocated RAM cards came back Refreshed");
    assert_eq!(m.log.iter().filter(|e| e.kind == "mainframe.force_quit").count(), 1);
}

#[test]
fn mf_3_5_force_quit_may_choose_none() {
    let mut s = Scenario::new(2);
    let c = s.perm(0, "chrome_jackal");
    s.ram_deck(0, 2);
    let mut m = s.start(Stage::TurnStart);
    m.pick(&["install"]);
    m.pick(&["install"]);
    m.pick(&[]);
    assert!(m.game().in_play(c));
}

// --- MF-4 ----------------------------------------------------------------------------------------

#[test]
fn mf_4_1_only_the_active_player_plays_non_swift_cards_with_the_cache_empty() {
    let mut s = Scenario::new(2);
    let jackal = s.hand(0, "chrome_jackal");
    s.ram(0, 4);
    let their_char = s.hand(1, "chrome_jackal");
    let their_script = s.hand(1, "lockdown");
    let their_ghost = s.hand(1, "ghost_runner");
    s.ram(1, 4);
    s.perm(1, "ice_pick_drone"); // something to target
    let mut m = s.start(deploy());
    assert_eq!(m.decision().seat, 0);
    m.play(jackal);
    // MF-4.2: a Swift Check opens; seat 1 may answer with Swift cards only.
    let d = m.decision();
    assert_eq!((d.seat, d.kind.as_str()), (1, "mainframe.priority"));
    let ids = m.option_ids();
    assert!(!ids.iter().any(|i| i == &format!("play:{their_char}")), "not Swift: {ids:?}");
    assert!(ids.iter().any(|i| i == &format!("play:{their_ghost}")), "a Swift character");
    assert!(ids.iter().any(|i| i.starts_with(&format!("play:{their_script}:perm:"))), "a Swift script");
}

#[test]
fn mf_4_3_active_player_gets_priority_back_when_the_cache_empties() {
    let mut s = Scenario::new(2);
    let a = s.hand(0, "chrome_jackal");
    let b = s.hand(0, "ice_pick_drone");
    s.ram(0, 4);
    let mut m = s.start(deploy());
    m.play(a);
    m.pick(&["pass"]); // seat 1
    m.pick(&["pass"]); // seat 0: everyone passed, the jackal resolves
    assert!(m.game().in_play(a));
    let d = m.decision();
    assert_eq!(d.seat, 0);
    assert!(m.option_ids().contains(&format!("play:{b}")), "main priority again");
}

#[test]
fn mf_4_4_deploy_ends_when_the_active_player_passes_with_the_cache_empty() {
    let mut s = Scenario::new(2);
    s.hand(0, "chrome_jackal");
    s.ram(0, 2);
    s.hand(1, "lockdown");
    s.ram(1, 2);
    let mut m = s.start(deploy());
    m.pick(&["pass"]);
    assert!(m.events.iter().any(|e| e.kind == "mainframe.step" && e.text == "Netcheck phase"));
    assert!(!m.events.iter().any(|e| e.kind == "mainframe.passed" && e.detail["seat"] == 1), "seat 1 was not asked");
}

#[test]
fn mf_4_5_playing_costs_ram_and_allocates_the_requirement() {
    let mut s = Scenario::new(2);
    let jugg = s.hand(0, "juggernaut_rig"); // cost 3, RAM 2
    let jackal = s.hand(0, "chrome_jackal"); // cost 1, RAM 1
    s.ram(0, 5);
    let mut m = s.start(deploy());
    m.play(jugg);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    let g = m.game();
    assert!(g.in_play(jugg));
    assert_eq!(g.allocated_to(jugg), 2);
    assert_eq!(g.free_ram(0), 0);
    assert_eq!(g.players[0].ram_bank.iter().filter(|r| r.running).count(), 3);
    assert!(!m.option_ids().iter().any(|i| i == &format!("play:{jackal}")), "no RAM left to pay");
}

// --- MF-5 ----------------------------------------------------------------------------------------

#[test]
fn mf_5_netcheck_triggers_in_the_chosen_order_without_priority() {
    let mut s = Scenario::new(2);
    let sentinel = s.perm(0, "netwatch_sentinel");
    let worm = s.perm(0, "worm_exe");
    s.hand(1, "lockdown");
    s.ram(1, 2);
    s.perm(1, "monoblade"); // seat 1 is not the active player: no trigger
    let mut m = s.start(Stage::Netcheck);
    let d = m.decision();
    assert_eq!((d.seat, d.kind.as_str()), (0, "mainframe.order_triggers"));
    m.answer(Choice::Order(vec![format!("trigger:{worm}"), format!("trigger:{sentinel}")]));
    let losses: Vec<String> = m.events.iter().filter(|e| e.kind == "mainframe.health").map(|e| e.detail["pool"].as_str().unwrap().to_string()).collect();
    assert_eq!(losses, vec!["Bioframe", "Mainframe"], "the first listed resolves first");
    assert_eq!(health(&m, 1), (11, 11));
    // Nobody got priority between the triggers: the next decision is already the combat's.
    let first_priority = m.events.iter().position(|e| e.kind == "mainframe.step" && e.text.contains("before attackers"));
    let last_health = m.events.iter().rposition(|e| e.kind == "mainframe.health");
    assert!(last_health < first_priority);
}

#[test]
fn mf_5_on_netcheck_triggers_fire_only_in_their_controllers_netcheck() {
    // [house] "On Netcheck" is read as "in its controller's Netcheck". Seat 1 is not active and
    // controls two cards with real On Netcheck triggers: neither fires in seat 0's Netcheck.
    let mut s = Scenario::new(2);
    let sentinel = s.perm(1, "netwatch_sentinel"); // each opponent loses 1 Mainframe
    let worm = s.perm(1, "worm_exe"); // each opponent loses 1 Bioframe
    s.perm(0, "chrome_jackal");
    let m = s.start(Stage::Netcheck);
    // The scenario's own run is in `m.events` (the log starts after it).
    assert!(m.events.iter().any(|e| e.kind == "mainframe.step" && e.text == "Combat phase"), "the Netcheck ran through");
    assert!(!m.events.iter().any(|e| e.kind == "mainframe.triggered"), "a non-active seat's On Netcheck triggers do not fire");
    assert!(!m.events.iter().any(|e| e.kind == "mainframe.health"));
    assert_eq!(health(&m, 0), (12, 12));
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.priority", 0), "straight on to combat");
    // The same cards do fire in their controller's own Netcheck (so the test above can fail).
    let mut s = Scenario::new(2);
    s.g.active = 1;
    let sentinel2 = s.perm(1, "netwatch_sentinel");
    let worm2 = s.perm(1, "worm_exe");
    let mut m = s.start(Stage::Netcheck);
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.order_triggers", 1));
    m.answer(Choice::Order(vec![format!("trigger:{sentinel2}"), format!("trigger:{worm2}")]));
    assert_eq!(health(&m, 0), (11, 11));
    let _ = (sentinel, worm);
}

// --- MF-6 ----------------------------------------------------------------------------------------

#[test]
fn mf_6_1_attackers_choose_their_opponent_and_become_running() {
    let mut s = Scenario::new(3);
    let a = s.perm(0, "chrome_jackal");
    let b = s.perm(0, "ice_pick_drone");
    let blocker1 = s.perm(1, "ice_pick_drone");
    let blocker2 = s.perm(2, "razorwire_enforcer");
    let mut m = s.start(Stage::DeclareAttackers);
    let ids = m.option_ids();
    for id in [format!("attack:{a}:1"), format!("attack:{a}:2"), format!("attack:{b}:1"), format!("attack:{b}:2")] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    m.attack(a, 2);
    assert!(m.game().perm(a).unwrap().running, "attackers become Running");
    assert!(!m.option_ids().iter().any(|i| i.starts_with(&format!("attack:{a}:"))), "declared once");
    m.pick(&["done"]);
    // MF-6.2: a Swift Check, then only the attacked seat blocks.
    m.pass_all();
    let d = m.decision();
    assert_eq!((d.seat, d.kind.as_str()), (2, "mainframe.declare_blockers"));
    assert!(m.option_ids().contains(&format!("block:{blocker2}:{a}")));
    let _ = blocker1;
}

#[test]
fn mf_6_2_several_blockers_may_block_one_attacker_and_stay_refreshed() {
    let mut s = Scenario::new(2);
    let a1 = s.perm(0, "razorwire_enforcer");
    let a2 = s.perm(0, "chrome_jackal");
    let b1 = s.perm(1, "ice_pick_drone");
    let b2 = s.perm(1, "chrome_jackal");
    let mut m = s.start(Stage::DeclareAttackers);
    m.attack(a1, 1);
    m.attack(a2, 1);
    m.pass_all();
    m.block(b1, a1);
    assert!(!m.option_ids().iter().any(|i| i.starts_with(&format!("block:{b1}:"))), "a blocker blocks one attacker");
    m.block(b2, a1);
    let g = m.game();
    assert_eq!(g.combat.blockers, vec![(b1, a1), (b2, a1)]);
    assert!(!g.perm(b1).unwrap().running && !g.perm(b2).unwrap().running, "[house] blocking does not Run");
}

/// The `step` events of combat Swift Checks in the log.
fn combat_checks(m: &Match) -> Vec<String> {
    m.log.iter().filter(|e| e.kind == "mainframe.step" && e.text.starts_with("Swift Check")).map(|e| e.text.clone()).collect()
}

#[test]
fn mf_6_no_attacker_no_blockers_or_damage_swift_checks() {
    // [house] With no attacker declared, the blockers and damage Swift Checks are skipped: the
    // defender, who holds a Swift card and RAM, is never given priority.
    let mut s = Scenario::new(2);
    s.perm(0, "chrome_jackal");
    s.hand(1, "short_circuit");
    s.ram(1, 1);
    s.deck(1, "chrome_jackal");
    let mut m = s.start(Stage::DeclareAttackers);
    m.pick(&["done"]);
    assert!(m.has_event("mainframe.no_attack"));
    assert_eq!(combat_checks(&m), Vec::<String>::new());
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.draw_or_install", 1), "the next turn, no priority");

    // The same when every declared attacker has left play before blockers: no blockers step
    // and no damage Swift Check.
    let mut s = Scenario::new(2);
    let jackal = s.perm(0, "chrome_jackal");
    s.perm(1, "ice_pick_drone");
    let flatline = s.hand(1, "flatline");
    s.ram(1, 3);
    s.hand(1, "short_circuit");
    s.ram(1, 1);
    s.deck(1, "chrome_jackal");
    let mut m = s.start(Stage::DeclareAttackers);
    m.attack(jackal, 1); // its only possible attacker: declaring ends by itself
    assert_eq!(combat_checks(&m), vec!["Swift Check before blockers are declared".to_string()]);
    m.pick(&["pass"]); // seat 0, the active player, first (a check opened by the rules)
    m.play_on(flatline, jackal);
    m.pass_all();
    assert!(!m.game().in_play(jackal));
    let left = m.log.iter().find(|e| e.kind == "mainframe.no_attack").expect("no attacker remains");
    assert_eq!(left.detail["left_combat"], true);
    assert_eq!(combat_checks(&m), vec!["Swift Check before blockers are declared".to_string()], "no damage check");
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.draw_or_install", 1));
}

#[test]
fn mf_6_4_combat_end_triggers_then_nobody_is_in_combat() {
    let mut s = Scenario::new(2);
    let hound = s.perm(0, "scrap_hound");
    s.g.players[0].mainframe = 5;
    s.deck(1, "chrome_jackal");
    let mut m = s.start(Stage::DeclareAttackers);
    m.attack(hound, 1);
    advance_until(&mut m, "mainframe.draw_or_install");
    let g = m.game();
    assert_eq!(g.players[0].mainframe, 6, "Scrap Hound's Combat End trigger");
    assert_eq!(g.players[1].bioframe, 10);
    assert!(g.combat.attackers.is_empty() && g.combat.blockers.is_empty());
}

// --- MF-7 ----------------------------------------------------------------------------------------

/// Seat 0 attacks seat 1 with `attackers`; seat 1 blocks as given; then everybody passes.
fn fight(s: Scenario, attacks: &[u32], blocks: &[(u32, u32)]) -> Match {
    let mut m = s.start(Stage::DeclareAttackers);
    for a in attacks {
        m.attack(*a, 1);
    }
    if m.kind() == "mainframe.declare_attackers" {
        m.pick(&["done"]);
    }
    advance_blocks(&mut m, blocks);
    m
}

fn advance_blocks(m: &mut Match, blocks: &[(u32, u32)]) {
    while m.kind() == "mainframe.priority" {
        m.pick(&["pass"]);
    }
    for (b, a) in blocks {
        m.block(*b, *a);
    }
    if m.kind() == "mainframe.declare_blockers" {
        m.pick(&["done"]);
    }
}

#[test]
fn mf_7_1_a_blocker_that_became_running_is_removed_from_combat() {
    let mut s = Scenario::new(2);
    let jackal = s.perm(0, "chrome_jackal"); // 2/1 Bioframe
    let lock = s.hand(0, "lockdown");
    s.ram(0, 1);
    let drone = s.perm(1, "ice_pick_drone"); // 1/2
    let mut m = fight(s, &[jackal], &[(drone, jackal)]);
    // The third Swift Check: seat 0 Runs the blocker.
    assert_eq!(m.decision().seat, 0);
    m.play_on(lock, drone);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert!(m.game().perm(drone).unwrap().running);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert!(m.has_event("mainframe.removed_from_combat"));
    let g = m.game();
    assert_eq!(g.perm(drone).unwrap().damage, 0, "the removed blocker took no damage");
    assert!(g.in_play(jackal), "and dealt none");
    assert_eq!(health(&m, 1), (12, 10), "[house] an attacker with no blocker left hits the player");
}

#[test]
fn mf_7_2_combat_damage_is_simultaneous() {
    let mut s = Scenario::new(2);
    let jackal = s.perm(0, "chrome_jackal"); // 2/1
    let drone = s.perm(1, "ice_pick_drone"); // 1/2
    let mut m = fight(s, &[jackal], &[(drone, jackal)]);
    m.pass_all();
    let g = m.game();
    assert!(!g.in_play(jackal) && !g.in_play(drone), "both deal damage before either is destroyed");
    assert_eq!(health(&m, 1), (12, 12), "a blocked attacker does not hurt the player");
}

#[test]
fn mf_7_3_an_attacker_splits_its_damage_among_several_blockers() {
    let mut s = Scenario::new(2);
    let enforcer = s.perm(0, "razorwire_enforcer"); // 4/4
    let drone = s.perm(1, "ice_pick_drone"); // 1/2
    let jackal = s.perm(1, "chrome_jackal"); // 2/1
    let mut m = fight(s, &[enforcer], &[(drone, enforcer), (jackal, enforcer)]);
    m.pass_all();
    let d = m.decision();
    assert_eq!((d.seat, d.kind.as_str()), (0, "mainframe.split_damage"));
    let DecisionSpec::Split { amount, targets } = d.spec else { panic!() };
    assert_eq!(amount, 4);
    assert_eq!(targets.len(), 2);
    m.answer(Choice::Split(vec![(format!("blocker:{drone}"), 1), (format!("blocker:{jackal}"), 3)]));
    let g = m.game();
    assert!(!g.in_play(jackal) && g.in_play(drone) && g.in_play(enforcer));
    // (Marked damage is already cleared by Reset: read it from the events.)
    let dealt = |card: u32| -> i64 {
        m.events.iter().filter(|e| e.kind == "mainframe.damage" && e.detail["card"] == card).map(|e| e.detail["amount"].as_i64().unwrap()).sum()
    };
    assert_eq!((dealt(drone), dealt(jackal)), (1, 3), "the split as chosen");
    // MF-7.4: each blocker deals its damage to the attacker: 1 + 2.
    assert_eq!(dealt(enforcer), 3);
}

#[test]
fn mf_7_3_a_split_that_does_not_add_up_is_refused() {
    let mut s = Scenario::new(2);
    let enforcer = s.perm(0, "razorwire_enforcer");
    let drone = s.perm(1, "ice_pick_drone");
    let jackal = s.perm(1, "chrome_jackal");
    let mut m = fight(s, &[enforcer], &[(drone, enforcer), (jackal, enforcer)]);
    m.pass_all();
    let d = m.decision();
    let bad = Input::Decision { decision_id: d.id, seat: 0, choice: Choice::Split(vec![(format!("blocker:{drone}"), 1)]) };
    assert!(matches!(m.try_input(bad), Err(RulesError::Malformed(_))));
}

#[test]
fn mf_7_5_unblocked_damage_goes_to_the_pool_of_its_attack_type() {
    let mut s = Scenario::new(2);
    let drone = s.perm(0, "ice_pick_drone"); // 1 Mainframe
    let jackal = s.perm(0, "chrome_jackal"); // 2 Bioframe
    let mut m = fight(s, &[drone, jackal], &[]);
    m.pass_all();
    assert_eq!(health(&m, 1), (11, 10));
}

#[test]
fn mf_7_6_overrun_excess_goes_to_the_matching_pool() {
    let mut s = Scenario::new(2);
    let jugg = s.perm(0, "juggernaut_rig"); // 4/3 Bioframe Overrun
    let storm = s.perm(0, "packet_storm"); // 3/2 Mainframe Overrun
    let enforcer = s.perm(0, "razorwire_enforcer"); // 4/4 Bioframe, no Overrun
    let d1 = s.perm(1, "ice_pick_drone"); // def 2
    let d2 = s.perm(1, "chrome_jackal"); // def 1
    let d3 = s.perm(1, "ice_pick_drone"); // def 2
    let mut m = fight(s, &[jugg, storm, enforcer], &[(d1, jugg), (d2, storm), (d3, enforcer)]);
    m.pass_all();
    // Juggernaut: 4 - 2 = 2 to Bioframe; Packet Storm: 3 - 1 = 2 to Mainframe; Enforcer: none.
    assert_eq!(health(&m, 1), (10, 10));
    let g = m.game();
    assert!(!g.in_play(d1) && !g.in_play(d2) && !g.in_play(d3));
}

// --- MF-8 ----------------------------------------------------------------------------------------

#[test]
fn mf_8_1_turn_end_triggers_resolve_in_reset() {
    let mut s = Scenario::new(2);
    s.perm(0, "trace_daemon");
    s.perm(1, "trace_daemon"); // not seat 1's turn
    s.deck(1, "chrome_jackal");
    let m = s.start(Stage::Reset);
    assert_eq!(health(&m, 1), (11, 12));
    assert_eq!(health(&m, 0), (12, 12));
}

#[test]
fn mf_8_2_marked_damage_is_cleared_in_reset() {
    let mut s = Scenario::new(2);
    let e = s.perm(0, "razorwire_enforcer");
    s.deck(1, "chrome_jackal");
    s.g.perms[0].damage = 3;
    let m = s.start(Stage::Reset);
    assert_eq!(m.game().perm(e).unwrap().damage, 0);
}

#[test]
fn mf_8_3_until_turn_end_effects_expire_in_reset() {
    let mut s = Scenario::new(2);
    let jackal = s.perm(0, "chrome_jackal");
    let surge = s.hand(0, "adrenal_surge");
    s.ram(0, 1);
    s.deck(1, "chrome_jackal");
    let mut m = s.start(deploy());
    m.play_on(surge, jackal);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    let g = m.game();
    assert_eq!((g.attack(jackal), g.defense(jackal)), (4, 3));
    advance_until(&mut m, "mainframe.draw_or_install");
    assert!(m.has_event("mainframe.effect_expired"));
    let g = m.game();
    assert_eq!((g.attack(jackal), g.defense(jackal)), (2, 1), "back to normal after Reset");
    assert_eq!(g.active, 1);
}

// --- MF-9 ----------------------------------------------------------------------------------------

#[test]
fn mf_9_1_priority_passes_in_turn_order_from_the_active_player() {
    let mut s = Scenario::new(3);
    s.g.active = 1;
    s.perm(0, "chrome_jackal");
    for seat in 0..3 {
        s.hand(seat, "short_circuit");
        s.ram(seat, 1);
    }
    let mut m = s.start(Stage::Window { window: Window::BeforeAttackers, round: PriorityRound::new(vec![1, 2, 0]) });
    let mut seats = Vec::new();
    for _ in 0..3 {
        seats.push(m.decision().seat);
        m.pick(&["pass"]);
    }
    assert_eq!(seats, vec![1, 2, 0]);
    assert_ne!(m.kind(), "mainframe.priority", "all passed in succession: the check closes");
}

#[test]
fn mf_9_3_the_cache_resolves_last_in_first_out() {
    let mut s = Scenario::new(2);
    let jackal = s.perm(0, "chrome_jackal"); // 2/1
    let surge = s.hand(0, "adrenal_surge");
    s.ram(0, 1);
    let zap = s.hand(1, "short_circuit");
    s.ram(1, 1);
    let mut m = s.start(deploy());
    m.play_on(surge, jackal);
    m.play_on(zap, jackal);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    // Short Circuit (last in) resolved first: the 2/1 jackal died before the surge.
    assert!(!m.game().in_play(jackal));
    m.pass_all();
    assert!(m.has_event("mainframe.fizzled"), "the surge finds no target");
    let first = m.log_index(|e| e.kind == "mainframe.resolving").unwrap();
    assert_eq!(m.log[first].detail["card"], zap);
}

#[test]
fn mf_9_4_an_ability_on_the_cache_resolves_after_its_source_left_play() {
    let mut s = Scenario::new(2);
    let spike = s.perm(0, "spike_exe");
    let target = s.perm(0, "razorwire_enforcer");
    let purge = s.hand(1, "purge_protocol");
    s.ram(1, 2);
    let mut m = s.start(deploy());
    m.activate_on(spike, target);
    m.play_on(purge, spike);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert!(!m.game().in_play(spike), "Purge Protocol destroyed the program");
    m.pass_all();
    let g = m.game();
    assert_eq!(g.perm(target).unwrap().damage, 1, "its ability still resolved");
    let r = m.log.iter().rev().find(|e| e.kind == "mainframe.resolving").unwrap();
    assert_eq!(r.detail["source_in_play"], false);
}

#[test]
fn mf_9_1_a_check_opened_by_an_action_starts_after_the_actor_one_opened_by_the_rules_with_the_active_player() {
    // [house] Seat 1 is active. The rules open the Swift Check before attackers: seat 1 holds
    // priority first. Seat 2 acts: priority goes to the seat after it, seat 0. When the Cache
    // has resolved, priority comes back by the rules again: from seat 1.
    let mut s = Scenario::new(3);
    s.g.active = 1;
    let jackal = s.perm(0, "chrome_jackal");
    for seat in 0..3 {
        s.hand(seat, "lockdown");
        s.ram(seat, 1);
    }
    let zap = s.hand(2, "short_circuit");
    s.ram(2, 1);
    let mut m = s.start(Stage::Netcheck);
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.priority", 1), "opened by the rules");
    m.pick(&["pass"]);
    assert_eq!(m.decision().seat, 2);
    m.play_on(zap, jackal);
    assert_eq!(m.decision().seat, 0, "opened by seat 2's action: the seat after the actor");
    m.pick(&["pass"]);
    assert_eq!(m.decision().seat, 1);
    m.pick(&["pass"]);
    assert_eq!(m.decision().seat, 2);
    m.pick(&["pass"]);
    assert!(!m.game().in_play(jackal), "the Cache resolved");
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.priority", 1), "priority back from the active player");
}

/// The `resolving` and `fizzled` events of the log: (kind, card).
fn resolutions(events: &[Event]) -> Vec<(String, u64)> {
    events
        .iter()
        .filter(|e| e.kind == "mainframe.resolving" || e.kind == "mainframe.fizzled")
        .map(|e| (e.kind.trim_start_matches("mainframe.").to_string(), e.detail["card"].as_u64().unwrap()))
        .collect()
}

#[test]
fn mf_9_5_when_all_pass_the_whole_cache_resolves_before_priority_comes_back() {
    // [seed] The default (`cache_resolution` 0): once both seats pass, Short Circuit and then
    // Adrenal Surge resolve, most recent first, with no priority between them; the active player
    // gets priority back in Deploy only when the Cache is empty.
    let mut s = Scenario::new(2);
    let jackal = s.perm(0, "chrome_jackal");
    let surge = s.hand(0, "adrenal_surge");
    s.ram(0, 1);
    let enforcer = s.perm(1, "razorwire_enforcer");
    let zap = s.hand(1, "short_circuit");
    s.ram(1, 1);
    let mut m = s.start(deploy());
    m.play_on(surge, jackal);
    m.play_on(zap, enforcer);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    // Both resolved within the one answer that closed the round: nobody was asked in between.
    let zap_u = u64::from(zap);
    let surge_u = u64::from(surge);
    assert_eq!(resolutions(&m.events), vec![("resolving".into(), zap_u), ("resolving".into(), surge_u)]);
    let announced = m.events.iter().position(|e| e.kind == "mainframe.cache_resolves").expect("announced");
    assert_eq!(m.events[announced].detail["items"], 2);
    let g = m.game();
    assert!(g.cache.is_empty());
    assert_eq!(g.perm(enforcer).unwrap().damage, 2);
    assert_eq!((g.attack(jackal), g.defense(jackal)), (4, 3));
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.priority", 0));
    assert!(m.decision().prompt.starts_with("Deploy"), "the active player's own priority in Deploy, Cache empty");
}

#[test]
fn mf_9_5_option_1_resolves_one_item_then_priority_again() {
    // [house] `cache_resolution` = 1: one item, then a fresh round from the active player.
    let mut s = Scenario::new(2);
    s.g.options.cache_resolution = CacheResolution::OneItem;
    let jackal = s.perm(0, "chrome_jackal");
    let surge = s.hand(0, "adrenal_surge");
    s.ram(0, 1);
    let enforcer = s.perm(1, "razorwire_enforcer");
    let zap = s.hand(1, "short_circuit");
    s.ram(1, 1);
    let mut m = s.start(deploy());
    m.play_on(surge, jackal);
    m.play_on(zap, enforcer);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert_eq!(resolutions(&m.events), vec![("resolving".into(), u64::from(zap))]);
    assert!(!m.has_event("mainframe.cache_resolves"));
    assert_eq!(m.game().cache.len(), 1, "one item resolved");
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.priority", 0), "priority again, from the active player");
    assert!(m.decision().prompt.starts_with("Swift Check"), "a Swift Check: the Cache is not empty");
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert_eq!(resolutions(&m.events), vec![("resolving".into(), u64::from(surge))]);
    assert!(m.game().cache.is_empty());
}

#[test]
fn mf_9_5_the_option_is_a_match_option_with_a_range() {
    let g = crate::mainframe::initial_game(&config(2, &[("cache_resolution", 1)])).unwrap();
    assert_eq!(g.options.cache_resolution, CacheResolution::OneItem);
    let g = crate::mainframe::initial_game(&config(2, &[])).unwrap();
    assert_eq!(g.options.cache_resolution, CacheResolution::Whole, "the seed's reading is the default");
    let err = Mainframe.new_match(&config(2, &[("cache_resolution", 2)])).unwrap_err();
    assert!(matches!(err, RulesError::InvalidConfig(ref m) if m.contains("cache_resolution")), "{err:?}");
}

#[test]
fn mf_9_5_an_item_put_on_the_cache_mid_resolution_resolves_next() {
    // Reading: the Cache resolves from its top *as it stands at each step*; an item that lands on
    // it while the Cache resolves (no card of the pool does that today; the test puts one there
    // between two steps) resolves next, before the older items, and priority still comes back
    // only when the Cache is empty.
    let mut s = Scenario::new(2);
    let jackal = s.perm(0, "chrome_jackal");
    let surge = s.card(0, "adrenal_surge");
    let enforcer = s.perm(1, "razorwire_enforcer");
    let zap = s.card(1, "short_circuit");
    let feedback = s.card(1, "feedback_loop");
    let item = |kind, source, controller, target| CacheItem { kind, source, controller, target: Some(target) };
    s.g.cache.push(item(ItemKind::Card, surge, 0, TargetRef::Perm(jackal)));
    s.g.cache.push(item(ItemKind::Card, zap, 1, TargetRef::Perm(enforcer)));
    s.g.stage = Stage::Resolve { then: After::Priority(Window::Deploy) };
    let mut first = Vec::new();
    assert!(!crate::mainframe::flow::step(&mut s.g, &mut first).unwrap());
    assert_eq!(resolutions(&first), vec![("resolving".into(), u64::from(zap))]);
    s.g.cache.push(item(ItemKind::Card, feedback, 1, TargetRef::Seat(0)));
    let stage = s.g.stage.clone();
    let m = s.start(stage);
    assert_eq!(resolutions(&m.events), vec![("resolving".into(), u64::from(feedback)), ("resolving".into(), u64::from(surge))]);
    assert_eq!(health(&m, 0), (10, 12));
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.priority", 0));
    assert!(m.game().cache.is_empty());
}

#[test]
fn mf_9_5_a_player_who_loses_mid_resolution_takes_their_items_off_the_cache() {
    // Three seats; seat 0 is active. Cache, oldest first: Adrenal Surge (seat 0, on its jackal),
    // Short Circuit (seat 2, on the same jackal), Feedback Loop (seat 0, at seat 2 with 2
    // Mainframe). The Feedback Loop resolves first and seat 2 loses: its Short Circuit leaves
    // the Cache unresolved, and the surge still resolves before anyone gets priority.
    let mut s = Scenario::new(3);
    let jackal = s.perm(0, "chrome_jackal");
    let surge = s.hand(0, "adrenal_surge");
    let feedback = s.hand(0, "feedback_loop");
    s.ram(0, 3);
    let zap = s.hand(2, "short_circuit");
    s.ram(2, 1);
    s.g.players[2].mainframe = 2;
    let mut m = s.start(deploy());
    m.play_on(surge, jackal);
    assert_eq!(m.decision().seat, 1);
    m.pick(&["pass"]);
    m.play_on(zap, jackal);
    assert_eq!(m.decision().seat, 0);
    m.pick(&[&format!("play:{feedback}:seat:2")]);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert_eq!(resolutions(&m.events), vec![("resolving".into(), u64::from(feedback)), ("resolving".into(), u64::from(surge))]);
    let g = m.game();
    assert!(g.players[2].lost);
    assert!(g.players[2].recycle_bin.contains(&zap), "its Short Circuit left the Cache for its bin");
    assert_eq!((g.attack(jackal), g.defense(jackal), g.perm(jackal).unwrap().damage), (4, 3, 0));
    assert!(g.cache.is_empty());
    assert_eq!((m.kind().as_str(), m.decision().seat), ("mainframe.priority", 0));
}

#[test]
fn mf_9_6_an_item_whose_target_left_play_fizzles() {
    // [house] Adrenal Surge targets a jackal that a Short Circuit above it kills: the surge does
    // nothing (`fizzled`, no modifier), still goes to its owner's bin, and its cost stays paid.
    let mut s = Scenario::new(2);
    let jackal = s.perm(0, "chrome_jackal");
    let surge = s.hand(0, "adrenal_surge");
    s.ram(0, 1);
    let zap = s.hand(1, "short_circuit");
    s.ram(1, 1);
    let mut m = s.start(deploy());
    m.play_on(surge, jackal);
    m.play_on(zap, jackal);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert_eq!(resolutions(&m.events), vec![("resolving".into(), u64::from(zap)), ("fizzled".into(), u64::from(surge))]);
    assert!(!m.has_event("mainframe.modified"), "the fizzled surge modified nothing");
    let g = m.game();
    assert!(!g.in_play(jackal));
    assert!(g.players[0].recycle_bin.contains(&surge));
    let running = g.players[0].ram_bank.iter().filter(|r| r.running).count();
    assert_eq!(running, 1, "the surge's cost is not refunded (the RAM paid for it stays Running)");
    // A seat target that left the game fizzles too: Feedback Loop at a seat that lost.
    let mut s = Scenario::new(3);
    let feedback = s.hand(0, "feedback_loop");
    let finisher = s.hand(1, "feedback_loop");
    s.ram(0, 2);
    s.ram(1, 2);
    s.g.players[2].mainframe = 2;
    let mut m = s.start(deploy());
    m.pick(&[&format!("play:{feedback}:seat:2")]);
    m.pick(&[&format!("play:{finisher}:seat:2")]);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert_eq!(resolutions(&m.events), vec![("resolving".into(), u64::from(finisher)), ("fizzled".into(), u64::from(feedback))]);
    assert_eq!(m.game().players[2].mainframe, 0, "the second Feedback Loop did nothing");
}

// --- MF-10 and the protocol ----------------------------------------------------------------------

#[test]
fn mf_10_unknown_option_is_refused_naming_the_known_ones() {
    let err = Mainframe.new_match(&config(2, &[("starting_hp", 5)])).unwrap_err();
    let RulesError::InvalidConfig(msg) = err else { panic!() };
    assert!(msg.contains("starting_hp") && msg.contains("starting_mainframe") && msg.contains("hand_limit"), "{msg}");
    assert!(matches!(Mainframe.new_match(&config(2, &[("hand_limit", -1)])), Err(RulesError::InvalidConfig(_))));
}

#[test]
fn mf_10_bad_seat_counts_and_unknown_decks_are_refused() {
    assert!(matches!(Mainframe.new_match(&config(1, &[])), Err(RulesError::InvalidConfig(_))));
    assert!(matches!(Mainframe.new_match(&config(5, &[])), Err(RulesError::InvalidConfig(_))));
    let mut c = config(2, &[]);
    c.seats[1].deck = "nope".into();
    let RulesError::InvalidConfig(msg) = Mainframe.new_match(&c).unwrap_err() else { panic!() };
    assert!(msg.contains("nope") && msg.contains("hardwired") && msg.contains("wetware"), "{msg}");
}

#[test]
fn mf_10_options_override_defaults_and_default_decks_alternate() {
    let step = Mainframe.new_match(&config(3, &[("starting_mainframe", 20), ("starting_bioframe", 7)])).unwrap();
    let v = Mainframe.view(&step.state, Viewer::Spectator).unwrap();
    assert_eq!(v["players"][0]["mainframe"], 20);
    assert_eq!(v["players"][2]["bioframe"], 7);
    let decks: Vec<&str> = (0..3).map(|s| v["players"][s]["deck"].as_str().unwrap()).collect();
    assert_eq!(decks, ["hardwired", "wetware", "hardwired"]);
    assert_eq!(Mainframe.decks(), vec!["hardwired", "wetware"]);
    // Setup starts with the card-number permutation, over every card of every seat.
    let Awaiting::Draw(r) = step.awaiting else { panic!("setup starts with the card-number draw") };
    assert_eq!((r.index, r.purpose.as_str()), (0, "card-numbers"));
    let g: crate::mainframe::state::Game = crate::core::game::decode(&step.state).unwrap();
    assert_eq!(r.kind, DrawKind::Shuffle(g.instances.len() as u32));
}

#[test]
fn mf_10_drawing_from_an_empty_cyberdeck_loses() {
    let mut s = Scenario::new(2);
    s.ram_deck(0, 1);
    let mut m = s.start(Stage::TurnStart);
    assert_eq!(m.option_ids(), vec!["install".to_string()], "no suicidal draw offered while RAM remains");
    m.pick(&["install"]);
    m.pick(&["draw"]);
    let Awaiting::Ended(o) = &m.awaiting else { panic!("{:?}", m.awaiting) };
    assert_eq!(o.winners, vec![1]);
}

#[test]
fn mf_10_health_at_zero_loses_and_the_last_standing_wins() {
    let mut s = Scenario::new(3);
    let jackal = s.perm(0, "chrome_jackal");
    s.g.players[2].bioframe = 2;
    let mut m = s.start(Stage::DeclareAttackers);
    m.attack(jackal, 2);
    m.pass_all();
    let g = m.game();
    assert!(g.players[2].lost && !g.players[1].lost);
    assert!(m.has_event("mainframe.player_lost"));
    assert_eq!(g.turn_order_from(0), vec![0, 1]);
}

#[test]
fn mf_10_the_starter_pool_exercises_every_rule() {
    use crate::mainframe::cards::{self, Kind, When};
    use crate::mainframe::data;
    use crate::mainframe::state::Pool;
    let pool: Vec<_> = data::CARDS.iter().filter(|c| c.kind != Kind::Ram).collect();
    assert!(pool.len() >= 20);
    assert!(pool.iter().any(|c| c.swift && c.kind == Kind::Script));
    assert!(pool.iter().any(|c| c.swift && c.kind == Kind::Character));
    assert!(pool.iter().any(|c| c.overrun));
    assert!(pool.iter().any(|c| cards::def(c.key).trigger.is_some_and(|t| t.when == When::Netcheck)));
    assert!(pool.iter().any(|c| cards::def(c.key).trigger.is_some_and(|t| t.when == When::TurnEnd)));
    assert!(pool.iter().any(|c| c.attack_type == Some(Pool::Mainframe)));
    assert!(pool.iter().any(|c| c.attack_type == Some(Pool::Bioframe)));
    assert!(pool.iter().any(|c| c.kind == Kind::Gear) && pool.iter().any(|c| c.kind == Kind::Program));
    for d in data::DECKS {
        assert!(d.cyberdeck.iter().all(|(k, _)| data::card(k).is_some()), "{}", d.name);
        assert_eq!(d.cyberdeck.iter().map(|(_, n)| n).sum::<u32>(), 24);
    }
    // Every non-RAM card is in a ready deck.
    for c in &pool {
        assert!(data::DECKS.iter().any(|d| d.cyberdeck.iter().any(|(k, _)| k == &c.key)), "{} in no deck", c.key);
    }
}

#[test]
fn every_behaviour_row_names_a_printed_card_and_every_script_has_an_effect() {
    use crate::mainframe::{cards, data};
    for d in cards::DEFS {
        assert!(data::card(d.key).is_some(), "behaviour row {} has no printed card in data.rs", d.key);
        assert_eq!(cards::DEFS.iter().filter(|o| o.key == d.key).count(), 1, "{} has two behaviour rows", d.key);
    }
    for c in data::CARDS.iter().filter(|c| c.kind == data::Kind::Script) {
        assert!(cards::def(c.key).on_resolve.is_some(), "Script {} does nothing", c.key);
    }
}

#[test]
fn stale_decision_wrong_seat_and_garbage_state_are_refused() {
    let mut s = Scenario::new(2);
    s.deck(0, "chrome_jackal");
    let mut m = s.start(Stage::TurnStart);
    let d = m.decision();
    let before = m.state.clone();
    let stale = Input::Decision { decision_id: d.id + 1, seat: 0, choice: Choice::Pick(vec!["draw".into()]) };
    assert!(matches!(m.try_input(stale), Err(RulesError::StaleDecision { .. })));
    let wrong = Input::Decision { decision_id: d.id, seat: 1, choice: Choice::Pick(vec!["draw".into()]) };
    assert!(matches!(m.try_input(wrong), Err(RulesError::WrongSeat { .. })));
    let bad = Input::Decision { decision_id: d.id, seat: 0, choice: Choice::Pick(vec!["steal".into()]) };
    assert!(matches!(m.try_input(bad), Err(RulesError::Malformed(_))));
    assert_eq!(m.state, before);
    assert!(matches!(Mainframe.apply(b"garbage", &Input::Draw { index: 0, purpose: "x".into(), values: vec![] }), Err(RulesError::CorruptState(_))));
    assert!(matches!(Mainframe.view(b"{}", Viewer::Spectator), Err(RulesError::CorruptState(_))));
}

#[test]
fn view_shows_a_seat_its_own_hand_only() {
    let mut s = Scenario::new(2);
    s.hand(0, "flatline");
    s.hand(1, "lockdown");
    s.deck(0, "chrome_jackal");
    let m = s.start(Stage::TurnStart);
    let v0 = Mainframe.view(&m.state, Viewer::Seat(0)).unwrap();
    assert_eq!(v0["players"][0]["hand"][0]["key"], "flatline");
    assert!(v0["players"][1].get("hand").is_none());
    assert_eq!(v0["players"][1]["hand_count"], 1);
    assert!(v0["players"][0].get("cyberdeck").is_none());
    let spec = Mainframe.view(&m.state, Viewer::Spectator).unwrap();
    assert!(spec["players"][0].get("hand").is_none());
    let aud = Mainframe.view(&m.state, Viewer::Auditor).unwrap();
    assert_eq!(aud["players"][0]["cyberdeck"][0]["key"], "chrome_jackal");
}

#[test]
fn kit_verbs_read_like_the_card_data_vampire_drains_an_opponent() {
    let mut s = Scenario::new(2);
    let vampire = s.perm(0, "data_vampire");
    let mut m = s.start(deploy());
    m.activate(vampire);
    assert!(m.game().perm(vampire).unwrap().running, "running it is the cost");
    m.pass();
    m.pass();
    assert_eq!(m.game().players[1].mainframe, 11);
    assert!(m.has_event("mainframe.ability_activated"));
}
