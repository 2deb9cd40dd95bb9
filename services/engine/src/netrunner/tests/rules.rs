//! One or more tests per rule, named by rule id. Each builds a state directly (or starts a real
//! match) and feeds inputs through `apply`.

use crate::core::*;
use crate::netrunner::cards as c;
use crate::netrunner::data::Format;
use crate::netrunner::state::{At, DamageKind, Stage, Task, TraceEffect, ARCHIVES, CORP, HQ, RD, RUNNER};
use crate::netrunner::{data, Netrunner};

use super::kit::{config, Match, NetrunnerVerbs, Scenario};

fn new_match(options: &[(&str, i64)]) -> Match {
    Match::new(Netrunner, &config(options)).expect("new match")
}

fn identity(n: u32) -> Vec<u32> {
    (0..n).collect()
}

// --- NR-1 ----------------------------------------------------------------------------------------

#[test]
fn nr_1_1_setup_shuffles_five_credits_five_cards_mulligan_corp_first() {
    let mut m = new_match(&[]);
    assert_eq!(m.kind(), "draw:card-numbers");
    assert_eq!(m.draw_kind(), DrawKind::Shuffle(64), "34 Corp and 30 Runner cards are numbered");
    m.draw(&identity(64));
    assert_eq!(m.kind(), "draw:shuffle-rd");
    assert_eq!(m.draw_kind(), DrawKind::Shuffle(34), "the Syndicate starter deck has 34 cards");
    m.draw(&identity(34));
    assert_eq!(m.draw_kind(), DrawKind::Shuffle(30), "the Catalyst starter deck has 30 cards");
    m.draw(&identity(30));
    let g = m.game();
    assert_eq!((g.corp.credits, g.runner.credits), (5, 5));
    assert_eq!((g.corp.hq.len(), g.runner.grip.len()), (5, 5));
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.mulligan", CORP), "the Corp decides first");
    let first_hand = g.corp.hq.clone();
    m.pick(&["mulligan"]);
    assert_eq!(m.draw_kind(), DrawKind::Shuffle(34), "the hand is shuffled back");
    let mut rev = identity(34);
    rev.reverse();
    m.draw(&rev);
    let g = m.game();
    assert_eq!(g.corp.hq.len(), 5);
    assert_ne!(g.corp.hq, first_hand);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.mulligan", RUNNER), "once only, then the Runner");
    m.pick(&["keep"]);
    let g = m.game();
    assert_eq!((g.active, g.turn, g.corp.clicks), (CORP, 1, 3), "the Corp takes the first turn");
}

#[test]
fn nr_1_2_six_agenda_points_win_the_starter_game_and_the_option_changes_it() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.g.corp.points = 4;
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 4;
    let mut m = s.start(Stage::Window { at: At::Action, round: crate::core::stack::PriorityRound::new(vec![0, 1]) });
    m.score(a);
    match &m.awaiting {
        Awaiting::Ended(o) => {
            assert_eq!(o.winners, vec![CORP]);
            assert!(o.reason.starts_with("agenda points"));
        }
        other => panic!("the game should be over: {other:?}"),
    }
    let step = Netrunner.new_match(&config(&[("agenda_points_to_win", 7)])).unwrap();
    assert_eq!(Netrunner.view(&step.state, Viewer::Spectator).unwrap()["options"]["agenda_points_to_win"], 7);
}

#[test]
fn nr_1_3_the_corp_drawing_from_an_empty_rd_loses() {
    let s = Scenario::new().auto_pass();
    let m = s.start(Stage::MandatoryDraw);
    match &m.awaiting {
        Awaiting::Ended(o) => {
            assert_eq!(o.winners, vec![RUNNER]);
            assert!(o.reason.starts_with("decking"));
        }
        other => panic!("expected the end, got {other:?}"),
    }
}

#[test]
fn nr_1_4_more_damage_than_cards_in_the_grip_flatlines() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.grip(c::SURE_GAMBLE);
    s.g.tasks.push(Task::Damage { kind: DamageKind::Net, left: 2, source: "test".into(), odd_cost_ends_run: false, begun: false });
    let mut m = s.at_action();
    assert_eq!(m.draw_kind(), DrawKind::Range(1));
    m.draw(&[0]);
    match &m.awaiting {
        Awaiting::Ended(o) => assert!(o.winners == vec![CORP] && o.reason.starts_with("flatline")),
        other => panic!("expected a flatline, got {other:?}"),
    }
    // Exactly as much damage as cards does not flatline.
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.grip(c::SURE_GAMBLE);
    s.g.tasks.push(Task::Damage { kind: DamageKind::Net, left: 1, source: "test".into(), odd_cost_ends_run: false, begun: false });
    let mut m = s.at_action();
    m.draw(&[0]);
    assert_eq!(m.kind(), "netrunner.action");
}

#[test]
fn nr_1_4_maximum_hand_size_below_zero_flatlines_at_discard() {
    let mut s = Scenario::new().auto_pass().runner_turn(0);
    s.g.runner.core_damage = 6;
    let m = s.start(Stage::Discard);
    assert!(matches!(&m.awaiting, Awaiting::Ended(o) if o.reason.starts_with("flatline")));
}

// --- NR-2 ----------------------------------------------------------------------------------------

#[test]
fn nr_2_1_corp_gains_3_clicks_runner_4_and_clicks_only_in_own_turn() {
    let mut s = Scenario::new().auto_pass();
    s.rd_n(c::HEDGE_FUND, 5);
    let mut m = s.start(Stage::TurnBegin);
    assert_eq!(m.game().corp.clicks, 3);
    for _ in 0..3 {
        assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.action", CORP));
        m.pick(&["credit"]);
    }
    // Discard (nothing to discard), end of turn, the Runner's turn.
    let g = m.game();
    assert_eq!((g.active, g.runner.clicks, g.corp.clicks), (RUNNER, 4, 0));
    assert_eq!(m.seat(), RUNNER);
}

#[test]
fn nr_2_2_mandatory_draw_then_discard_to_archives_face_down() {
    let mut s = Scenario::new().auto_pass();
    s.hq_n(c::HEDGE_FUND, 6);
    let top = s.rd(c::PALISADE);
    let mut m = s.start(Stage::TurnBegin);
    assert!(m.game().corp.hq.contains(&top), "the mandatory draw costs no click");
    assert_eq!(m.game().corp.clicks, 3);
    for _ in 0..3 {
        m.pick(&["credit"]);
    }
    assert_eq!(m.kind(), "netrunner.discard");
    let ids = m.option_ids();
    m.answer(Choice::Pick(ids[..2].to_vec()));
    let g = m.game();
    assert_eq!(g.corp.hq.len(), 5);
    assert_eq!(g.corp.archives.len(), 2);
    assert!(g.corp.archives.iter().all(|&a| !g.cards[a as usize].faceup), "discards go face down");
    let ev = m.log.iter().find(|e| e.kind == "netrunner.discarded").unwrap();
    assert!(ev.private.as_ref().is_some_and(|p| p.seats == vec![CORP]), "only the Corp sees what it discarded");
}

#[test]
fn nr_2_4_window_active_player_first_closes_after_both_pass_in_succession() {
    let mut s = Scenario::new().runner_turn(4);
    let nico = s.root(3, c::NICO_CAMPAIGN, false);
    let mut m = s.start(Stage::Window { at: At::Action, round: crate::core::stack::PriorityRound::new(vec![1, 0]) });
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.window", RUNNER), "the active player first");
    m.pick(&["pass"]);
    assert_eq!(m.seat(), CORP);
    m.rez(nico);
    assert_eq!(m.seat(), CORP, "the Corp keeps priority after using an ability");
    m.pick(&["pass"]);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.window", RUNNER), "the Runner must pass again");
    m.pick(&["pass"]);
    assert_eq!(m.kind(), "netrunner.action");
}

#[test]
fn nr_2_5_maximum_hand_size_is_5_and_core_damage_lowers_the_runners() {
    let mut s = Scenario::new();
    s.g.runner.core_damage = 2;
    assert_eq!(s.g.max_hand(CORP), 5);
    assert_eq!(s.g.max_hand(RUNNER), 3);
}

// --- NR-3 ----------------------------------------------------------------------------------------

#[test]
fn nr_3_1_basic_actions_gain_a_credit_and_draw() {
    let mut s = Scenario::new().auto_pass().runner_turn(2);
    let top = s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    assert!(m.offers("credit") && m.offers("draw"));
    m.pick(&["credit"]);
    m.pick(&["draw"]);
    let g = m.game();
    assert_eq!(g.runner.credits, 6);
    assert_eq!(g.runner.grip, vec![top]);
}

#[test]
fn nr_3_1_the_first_remote_server_is_server_1() {
    // Installing in a new remote: the first is "Server 1" (id ARCHIVES + 1), the next "Server 2",
    // in events, option labels and the view.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let nico = s.hq(c::NICO_CAMPAIGN);
    let office = s.hq(c::OFFWORLD_OFFICE);
    let palisade = s.hq(c::PALISADE);
    let mut m = s.at_action();
    assert!(m.labels().iter().any(|l| l.ends_with("in a new remote server")));
    assert!(!m.labels().iter().any(|l| l.contains("Server ")), "no remote yet: {:?}", m.labels());
    m.pick(&[&format!("install:{nico}:new")]);
    let installed = m.events.iter().find(|e| e.kind == "netrunner.corp_installed").expect("installed");
    assert_eq!(installed.text, "The Corp installs a card in Server 1");
    assert_eq!(installed.detail["server"], ARCHIVES + 1);
    assert_eq!(m.game().server(ARCHIVES + 1).map(|s| s.root.clone()), Some(vec![nico]));
    m.pass_windows();
    let labels = m.labels();
    assert!(labels.iter().any(|l| l.starts_with(&format!("Install Palisade #{palisade} protecting Server 1"))), "{labels:?}");
    assert!(labels.iter().any(|l| l.contains("in Server 1")), "{labels:?}");
    m.pick(&[&format!("install:{office}:new")]);
    let installed = m.events.iter().find(|e| e.kind == "netrunner.corp_installed").expect("installed");
    assert_eq!(installed.text, "The Corp installs a card in Server 2");
    assert_eq!(installed.detail["server"], ARCHIVES + 2);
    let view = Netrunner.view(&m.state, Viewer::Seat(CORP)).expect("a view");
    let names: Vec<&str> = view["corp"]["servers"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["HQ", "R&D", "Archives", "Server 1", "Server 2"]);
}

#[test]
fn nr_3_2_advance_costs_a_click_and_a_credit_trash_resource_needs_a_tag_purge_three_clicks() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let a = s.root(3, c::SEND_A_MESSAGE, false);
    let r = s.installed(c::SMARTWARE_DISTRIBUTOR);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("trash-resource:{r}")), "not without a tag");
    assert!(m.offers("purge"));
    m.pick(&[&format!("advance:{a}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.clicks, g.adv(a)), (4, 2, 1));
    assert!(!m.offers("purge"), "purging takes 3 clicks");
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let r = s.installed(c::SMARTWARE_DISTRIBUTOR);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.pick(&[&format!("trash-resource:{r}")]);
    let g = m.game();
    assert!(g.runner.heap.contains(&r));
    assert_eq!(g.corp.credits, 3);
}

#[test]
fn nr_3_3_the_runner_runs_any_server_and_removes_tags() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.root(3, c::NICO_CAMPAIGN, false);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    for id in ["run:0", "run:1", "run:2", "run:3", "remove-tag"] {
        assert!(m.offers(id), "{id} offered");
    }
    m.pick(&["remove-tag"]);
    assert_eq!((m.game().runner.tags, m.game().runner.credits), (0, 3));
}

#[test]
fn nr_3_4_ice_costs_one_per_ice_already_there_and_programs_need_memory() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.ice(HQ, c::PALISADE, false);
    s.ice(HQ, c::TITHE, false);
    let w = s.hq(c::WHITESPACE);
    s.g.corp.credits = 2;
    let mut m = s.at_action();
    m.pick(&[&format!("install:{w}:0")]);
    assert_eq!(m.kind(), "netrunner.trash_before_install");
    m.pick(&[]);
    assert_eq!(m.game().corp.credits, 0, "2 ice already: costs 2");
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.ice(HQ, c::PALISADE, false);
    s.ice(HQ, c::TITHE, false);
    let w = s.hq(c::WHITESPACE);
    s.g.corp.credits = 1;
    let m = s.at_action();
    assert!(!m.offers(&format!("install:{w}:0")), "1 credit cannot pay for a third ice");
    assert!(m.offers(&format!("install:{w}:1")), "R&D has no ice: free");
    // Memory: Mayflies take 2 MU each; a third program needs room.
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let m1 = s.installed(c::MAYFLY);
    s.installed(c::MAYFLY);
    let cl = s.grip(c::CLEAVER);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{cl}")]);
    assert_eq!(m.kind(), "netrunner.make_room");
    m.pick(&[&format!("trash:{m1}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&cl) && g.runner.heap.contains(&m1));
    assert_eq!(g.memory_used(), 3);
}

#[test]
fn nr_3_4_corp_may_trash_installed_cards_in_the_server_before_installing() {
    // Ice: trashing one of two ice makes the third cost 1; the unrezzed one goes face down.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let palisade = s.ice(HQ, c::PALISADE, false);
    let tithe = s.ice(HQ, c::TITHE, true);
    let up = s.root(HQ, c::MANEGARM_SKUNKWORKS, false);
    let w = s.hq(c::WHITESPACE);
    s.g.corp.credits = 2;
    let mut m = s.at_action();
    m.pick(&[&format!("install:{w}:0")]);
    assert_eq!(m.kind(), "netrunner.trash_before_install");
    assert_eq!(m.seat(), CORP);
    let mut ids = m.option_ids();
    ids.sort();
    let mut want = vec![format!("trash:{palisade}"), format!("trash:{tithe}"), format!("trash:{up}")];
    want.sort();
    assert_eq!(ids, want, "every card installed in the server, ice and root");
    m.pick(&[&format!("trash:{palisade}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 1, "one ice left: the install costs 1");
    assert_eq!(g.server(HQ).unwrap().ice, vec![tithe, w]);
    assert_eq!(g.server(HQ).unwrap().root, vec![up]);
    assert!(g.corp.archives.contains(&palisade));
    assert!(!g.cards[palisade as usize].faceup, "an unrezzed card is trashed face down");
    // Trashing everything, rezzed ice too: free; the rezzed one goes face up.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let palisade = s.ice(HQ, c::PALISADE, false);
    let tithe = s.ice(HQ, c::TITHE, true);
    let w = s.hq(c::WHITESPACE);
    s.g.corp.credits = 2;
    let mut m = s.at_action();
    m.pick(&[&format!("install:{w}:0")]);
    m.pick(&[&format!("trash:{palisade}"), &format!("trash:{tithe}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 2, "no ice left: free");
    assert_eq!(g.server(HQ).unwrap().ice, vec![w]);
    assert!(g.corp.archives.contains(&palisade) && g.corp.archives.contains(&tithe));
    assert!(g.cards[tithe as usize].faceup, "a rezzed card is trashed face up");
    // An asset in a remote with ice and an old asset: the old asset goes anyway, the ice is optional.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let ice = s.ice(3, c::PALISADE, false);
    let old = s.root(3, c::NICO_CAMPAIGN, false);
    let new = s.hq(c::OFFWORLD_OFFICE);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{new}:3")]);
    assert_eq!(m.kind(), "netrunner.trash_before_install");
    assert_eq!(m.option_ids(), vec![format!("trash:{ice}")], "the replaced asset is not a choice");
    m.pick(&[]);
    let g = m.game();
    assert_eq!(g.server(3).unwrap().root, vec![new]);
    assert_eq!(g.server(3).unwrap().ice, vec![ice]);
    assert!(g.corp.archives.contains(&old));
    // Trashing the only card of a remote keeps the remote for the new card.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let ice = s.ice(3, c::PALISADE, false);
    let new = s.hq(c::OFFWORLD_OFFICE);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{new}:3")]);
    m.pick(&[&format!("trash:{ice}")]);
    let g = m.game();
    assert_eq!(g.server(3).map(|s| (s.ice.clone(), s.root.clone())), Some((vec![], vec![new])));
    assert!(g.corp.archives.contains(&ice));
    // An install into an empty server or a new remote asks nothing.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let w = s.hq(c::WHITESPACE);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{w}:1")]);
    assert_ne!(m.kind(), "netrunner.trash_before_install");
    assert_eq!(m.game().server(RD).unwrap().ice, vec![w]);
}

#[test]
fn nr_3_4_an_agenda_or_asset_replaces_the_one_in_its_remote() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let old = s.root(3, c::NICO_CAMPAIGN, false);
    let new = s.hq(c::OFFWORLD_OFFICE);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{new}:3")]);
    let g = m.game();
    assert_eq!(g.server(3).unwrap().root, vec![new]);
    assert!(g.corp.archives.contains(&old));
}

// --- NR-4 / NR-5 ---------------------------------------------------------------------------------

#[test]
fn nr_4_advancing_never_scores_scoring_is_a_choice_in_the_corps_windows() {
    let mut s = Scenario::new().corp_turn(3);
    let a = s.root(3, c::SUPERCONDUCTING_HUB, false);
    s.g.cards[a as usize].adv = 2;
    let mut m = s.at_action();
    m.pick(&[&format!("advance:{a}")]);
    assert_eq!(m.game().corp.points, 0, "advancing does not score");
    assert_eq!(m.seat(), CORP);
    assert!(m.offers(&format!("score:{a}")), "the Corp may score in its next window");
    m.score(a);
    assert_eq!(m.game().corp.points, 1);
    // Not in the Runner's turn.
    let mut s = Scenario::new().runner_turn(4);
    let a = s.root(3, c::SUPERCONDUCTING_HUB, false);
    s.g.cards[a as usize].adv = 3;
    let mut m = s.start(Stage::Window { at: At::Action, round: crate::core::stack::PriorityRound::new(vec![1, 0]) });
    m.pick(&["pass"]);
    assert_eq!(m.seat(), CORP);
    assert!(!m.offers(&format!("score:{a}")));
}

/// NR-4 with the Comprehensive Rules 5.6.3.b: the window after the Corp discards is (P) (R),
/// not (S); scoring is only in the draw-phase and action-phase windows (5.6.1.b, 5.6.2.a).
#[test]
fn nr_4_no_scoring_after_the_corp_discards() {
    // A fully advanced agenda, an unrezzed asset, and `hand` cards in HQ (5 is the maximum).
    let scenario = |hand: usize| {
        let mut s = Scenario::new().corp_turn(0);
        let a = s.root(3, c::SUPERCONDUCTING_HUB, false);
        s.g.cards[a as usize].adv = 3;
        let asset = s.root(4, c::NICO_CAMPAIGN, false);
        s.hq_n(c::HEDGE_FUND, hand);
        (s, a, asset)
    };
    // The same board in an action-phase window: the agenda may be scored.
    let (s, a, _) = scenario(6);
    let m = s.start(Stage::Window { at: At::Action, round: crate::core::stack::PriorityRound::new(vec![0, 1]) });
    assert!(m.offers(&format!("score:{a}")), "a fully advanced agenda is scoreable in the action phase");
    // After the discard: the window still lets the Corp rez, but not score.
    let (s, a, asset) = scenario(6);
    let mut m = s.start(Stage::Discard);
    assert_eq!(m.kind(), "netrunner.discard");
    let ids = m.option_ids();
    m.answer(Choice::Pick(ids[..1].to_vec()));
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.window", CORP));
    assert!(matches!(m.game().stage, Stage::Window { at: At::TurnEnd, .. }));
    assert!(m.offers(&format!("rez:{asset}")), "the discard-phase window is one where the Corp may rez");
    assert!(!m.offers(&format!("score:{a}")), "no scoring in the discard-phase window");
    // Nothing to discard, and the asset too dear to rez: the Corp's only option is to pass, so it
    // passes without being asked and the turn ends with the agenda unscored.
    let (mut s, a, _) = scenario(5);
    s.g.corp.credits = 0;
    let m = s.auto_pass().start(Stage::Discard);
    let g = m.game();
    assert_eq!((g.active, g.corp.points), (RUNNER, 0));
    assert!(g.server(3).is_some_and(|sv| sv.root == vec![a]), "the agenda stays installed");
}

#[test]
fn nr_5_assets_rez_in_windows_ice_only_on_approach() {
    let mut s = Scenario::new().corp_turn(3);
    let asset = s.root(3, c::REGOLITH_MINING_LICENSE, false);
    let ice = s.ice(3, c::PALISADE, false);
    let mut m = s.start(Stage::Window { at: At::Action, round: crate::core::stack::PriorityRound::new(vec![0, 1]) });
    assert!(m.offers(&format!("rez:{asset}")));
    assert!(!m.offers(&format!("rez:{ice}")), "ice is rezzed only when approached");
    m.rez(asset);
    let g = m.game();
    assert!(g.rezzed(asset));
    assert_eq!((g.corp.credits, g.hosted(asset)), (3, 15));
}

// --- NR-6 ----------------------------------------------------------------------------------------

/// A run on HQ over two unrezzed ice, every window asked: what each decision offers at each step.
#[test]
fn nr_6_a_run_over_two_ice_walks_every_step() {
    let mut s = Scenario::new().runner_turn(4);
    let inner = s.ice(HQ, c::PALISADE, false);
    let outer = s.ice(HQ, c::WHITESPACE, false);
    s.hq(c::HEDGE_FUND);
    s.hq(c::HEDGE_FUND);
    let unity = s.installed(c::UNITY);
    s.g.runner.credits = 10;
    s.g.corp.credits = 10;
    let mut m = s.at_action();
    m.run_on(HQ);
    // Step 2 on the outer ice, 2.1: only pass, for both; no rez of ice yet.
    assert!(m.has_event("netrunner.approach_ice"));
    assert_eq!(m.game().run.as_ref().unwrap().current, Some(outer));
    assert_eq!((m.seat(), m.option_ids()), (RUNNER, vec!["pass".to_string()]), "2.1: no breaking on approach");
    m.pick(&["pass"]);
    assert_eq!((m.seat(), m.option_ids()), (CORP, vec!["pass".to_string()]), "2.1: no rez yet");
    m.pick(&["pass"]);
    // 2.2 is skipped at the first ice: no jack-out decision.
    assert_eq!(m.kind(), "netrunner.window", "no jack out at the first ice");
    assert_eq!((m.seat(), m.option_ids()), (RUNNER, vec!["pass".to_string()]));
    m.pick(&["pass"]);
    // 2.3: the Corp may rez the approached ice.
    assert_eq!(m.seat(), CORP);
    assert!(m.offers(&format!("rez:{outer}")) && !m.offers(&format!("rez:{inner}")));
    m.rez(outer);
    m.pick(&["pass"]);
    m.pick(&["pass"]); // the Runner
                       // Step 3: encounter; 3.1 breaking is offered now.
    assert!(m.has_event("netrunner.encounter"));
    assert_eq!(m.seat(), RUNNER);
    assert!(m.offers(&format!("break:{unity}:0")) && m.offers(&format!("pump:{unity}")));
    assert!(!m.offers("jack_out"));
    m.pick(&[&format!("break:{unity}:0")]);
    m.pick(&["pass"]);
    m.pick(&["pass"]); // the Corp
                       // 3.2: the second subroutine resolves (9 credits: the run goes on); the Runner passes it.
    assert_eq!(m.game().runner.credits, 9, "the first subroutine was broken");
    assert!(m.has_event("netrunner.pass_ice"));
    // The inner ice: 2.1, then 2.2 offers jack out.
    assert_eq!(m.game().run.as_ref().unwrap().current, Some(inner));
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert_eq!(m.kind(), "netrunner.continue");
    assert_eq!(m.option_ids(), vec!["continue", "jack_out"]);
    m.pick(&["continue"]);
    m.pick(&["pass"]); // Runner at 2.3
    assert!(m.offers(&format!("rez:{inner}")));
    m.pick(&["pass"]); // the Corp leaves it unrezzed: the Runner passes it
                       // Step 4: approach the server; 4.1, 4.2 (jack out offered), 4.3, then success and access.
    assert!(m.has_event("netrunner.approach_server"));
    assert_eq!((m.seat(), m.option_ids()), (RUNNER, vec!["pass".to_string()]), "no breaking at the server");
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert_eq!(m.kind(), "netrunner.continue");
    m.pick(&["continue"]);
    m.pick(&["pass"]);
    m.pick(&["pass"]);
    assert!(m.has_event("netrunner.run_successful"), "{} {:?}", m.kind(), m.labels());
    let begins = m.log.iter().filter(|e| e.kind == "netrunner.access_begins").collect::<Vec<_>>();
    assert_eq!(begins.len(), 1);
    assert_eq!(begins[0].detail["count"], 1, "the number of accesses is fixed once, when access begins");
    assert_eq!(m.draw_kind(), DrawKind::Range(2), "one random card of the two in HQ");
    m.draw(&[1]);
    assert!(m.has_event("netrunner.accessed"));
    assert!(m.has_event("netrunner.run_ended"));
    assert!(m.game().run.is_none());
    assert_eq!(m.kind(), "netrunner.window", "back to the Runner's action phase");
}

#[test]
fn nr_6_1_bad_publicity_credits_are_usable_in_the_run_and_lost_after() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.bad_publicity = 2;
    s.g.corp.credits = 0;
    s.g.runner.credits = 0;
    let a = s.root(3, c::NICO_CAMPAIGN, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert!(m.has_event("netrunner.bad_publicity_credits"));
    assert_eq!(m.kind(), "netrunner.access", "2 bad publicity credits pay Nico's trash cost");
    m.pick(&["trash"]);
    let g = m.game();
    assert!(g.corp.archives.contains(&a));
    assert_eq!(g.runner.credits, 0);
}

#[test]
fn nr_6_3_2_unbroken_subroutines_resolve_in_order_and_end_the_run() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.ice(RD, c::BRAN_1_0, true);
    let spare = s.hq(c::TITHE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(m.offers("click-break:0"), "Brân: the Runner may lose a click to break");
    m.pick(&["pass"]);
    // First subroutine: the Corp chooses to install Tithe inward.
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.bran_install", CORP));
    m.pick(&[&format!("install:{spare}")]);
    // Second subroutine ends the run; the third does not resolve.
    let subs: Vec<u64> = m.log.iter().filter(|e| e.kind == "netrunner.subroutine").map(|e| e.detail["subroutine"].as_u64().unwrap()).collect();
    assert_eq!(subs, vec![0, 1]);
    assert!(m.game().run.is_none());
    assert_eq!(m.game().server(RD).unwrap().ice.len(), 2);
}

// --- NR-7 ----------------------------------------------------------------------------------------

#[test]
fn nr_7_2_rd_is_accessed_from_the_top_in_order() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let top = s.rd(c::NICO_CAMPAIGN);
    let second = s.rd(c::HEDGE_FUND);
    let j = s.grip(c::JAILBREAK);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{j}:1")]);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.access");
    let accessed: Vec<u64> =
        m.log.iter().filter(|e| e.kind == "netrunner.accessed").map(|e| e.private.as_ref().unwrap().detail["card"].as_u64().unwrap()).collect();
    assert_eq!(accessed, vec![u64::from(top)]);
    m.pick(&["leave"]);
    let accessed: Vec<u64> =
        m.log.iter().filter(|e| e.kind == "netrunner.accessed").map(|e| e.private.as_ref().unwrap().detail["card"].as_u64().unwrap()).collect();
    assert_eq!(accessed, vec![u64::from(top), u64::from(second)], "Jailbreak: one more, the next from the top");
}

#[test]
fn nr_7_2_archives_all_cards_face_up_in_the_runners_order_agendas_stolen() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let a = s.archives(c::HEDGE_FUND, false);
    let b = s.archives(c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.run_on(ARCHIVES);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.access_order");
    m.answer(Choice::Order(vec!["slot:1".into(), "slot:0".into()]));
    let g = m.game();
    assert!(g.cards[a as usize].faceup, "turned face up");
    assert_eq!(g.runner.score, vec![b], "the agenda must be stolen");
    assert_eq!(g.runner.points, 2);
    let order: Vec<u64> = m.log.iter().filter(|e| e.kind == "netrunner.accessed").map(|e| e.detail["card"].as_u64().unwrap()).collect();
    assert_eq!(order, vec![u64::from(b), u64::from(a)]);
}

#[test]
fn nr_7_4_trash_by_paying_the_cost_or_leave_it_in_its_previous_state() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let nico = s.root(3, c::NICO_CAMPAIGN, true);
    s.g.cards[nico as usize].credits = 6;
    s.g.corp.credits = 0;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.option_ids(), vec!["trash", "leave"]);
    m.pick(&["leave"]);
    let g = m.game();
    assert!(g.rezzed(nico) && g.hosted(nico) == 6, "returned in its previous state");
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.root(3, c::NICO_CAMPAIGN, false);
    s.g.runner.credits = 1;
    s.g.corp.credits = 0;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_ne!(m.kind(), "netrunner.access", "no trash option without 2 credits");
}

#[test]
fn nr_7_2_a_stolen_rd_agenda_does_not_skip_the_next_card() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    let a = s.rd(c::OFFWORLD_OFFICE);
    let next = s.rd(c::NICO_CAMPAIGN);
    s.rd(c::HEDGE_FUND);
    let j = s.grip(c::JAILBREAK);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{j}:1")]);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.score, vec![a]);
    assert_eq!(m.kind(), "netrunner.access", "the second access is the card under the stolen agenda");
    let last = m.log.iter().rev().find(|e| e.kind == "netrunner.accessed").unwrap();
    assert_eq!(last.private.as_ref().unwrap().detail["card"], next);
}

// --- NR-8 ----------------------------------------------------------------------------------------

fn trace(base: i64, corp: i64, runner: i64) -> i64 {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 10;
    s.g.tasks.push(Task::Trace { base, corp_bid: None, effect: TraceEffect::Tags(1), source: "test trace".into() });
    let mut m = s.at_action();
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.trace_corp", CORP), "the Corp bids first");
    m.number(corp);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.trace_runner", RUNNER));
    m.number(runner);
    let g = m.game();
    assert_eq!(g.corp.credits, 10 - corp);
    g.runner.tags
}

#[test]
fn nr_8_a_trace_succeeds_only_when_strictly_greater_than_link() {
    assert_eq!(trace(2, 1, 3), 0, "3 against 3: equal link stops it");
    assert_eq!(trace(2, 2, 3), 1, "4 against 3 succeeds");
    assert_eq!(trace(0, 0, 0), 0, "0 against 0 fails");
}

// --- NR-9 ----------------------------------------------------------------------------------------

#[test]
fn nr_9_1_damage_trashes_random_grip_cards_core_lowers_hand_size() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let a = s.grip(c::SURE_GAMBLE);
    let b = s.grip(c::JAILBREAK);
    s.g.tasks.push(Task::Damage { kind: DamageKind::Core, left: 1, source: "test".into(), odd_cost_ends_run: false, begun: false });
    s.g.tasks.push(Task::Damage { kind: DamageKind::Meat, left: 1, source: "test".into(), odd_cost_ends_run: false, begun: false });
    let mut m = s.at_action();
    assert_eq!(m.draw_kind(), DrawKind::Range(2), "a random card of two");
    m.draw(&[1]);
    assert_eq!(m.game().runner.heap, vec![b]);
    assert_eq!(m.draw_kind(), DrawKind::Range(1));
    m.draw(&[0]);
    let g = m.game();
    assert_eq!(g.runner.heap, vec![b, a]);
    assert_eq!(g.max_hand(RUNNER), 4, "core damage: -1 maximum hand size");
}

#[test]
fn nr_9_2_tags_enable_the_corps_trash_action() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let r = s.installed(c::TELEWORK_CONTRACT);
    s.g.runner.tags = 1;
    let m = s.at_action();
    assert!(m.offers(&format!("trash-resource:{r}")));
}

// --- NR-10 and the API ---------------------------------------------------------------------------

#[test]
fn nr_10_unique_cards_trash_the_older_copy_when_a_second_becomes_active() {
    assert!(data::card(c::DOCKLANDS_PASS).is_some_and(|d| d.unique), "Docklands Pass is unique in sg.tsv");
    assert!(data::card(c::SPIN_DOCTOR).is_some_and(|d| d.unique), "Spin Doctor is unique in sg.tsv");
    // Runner: installing a second Docklands Pass trashes the first.
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let old = s.installed(c::DOCKLANDS_PASS);
    let new = s.grip(c::DOCKLANDS_PASS);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.pick(&[&format!("install:{new}")]);
    let g = m.game();
    assert_eq!(g.runner.hardware, vec![new]);
    assert!(g.runner.heap.contains(&old));
    // Corp: installing a second copy unrezzed keeps both; rezzing it trashes the older one.
    let mut s = Scenario::new().corp_turn(3);
    let old = s.root(3, c::SPIN_DOCTOR, true);
    let new = s.root(4, c::SPIN_DOCTOR, false);
    s.g.corp.credits = 10;
    let mut m = s.start(Stage::Window { at: At::Action, round: crate::core::stack::PriorityRound::new(vec![0, 1]) });
    assert!(m.game().rezzed(old), "an unrezzed copy is not active");
    m.rez(new);
    let g = m.game();
    assert!(g.rezzed(new));
    assert!(g.corp.archives.contains(&old) && g.server(3).is_none_or(|s| s.root.is_empty()));
    // A non-unique card may be active twice.
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let a = s.installed(c::TELEWORK_CONTRACT);
    let b = s.grip(c::TELEWORK_CONTRACT);
    s.g.runner.credits = 10;
    assert!(!data::card(c::TELEWORK_CONTRACT).is_some_and(|d| d.unique));
    let mut m = s.at_action();
    m.pick(&[&format!("install:{b}")]);
    assert!(m.game().runner.resources.contains(&a) && m.game().runner.resources.contains(&b));
}

#[test]
fn nr_10_a_deck_with_an_unimplemented_card_is_refused_by_name() {
    let mut deck = data::deck("catalyst-starter").unwrap().clone();
    assert!(data::validate_deck(&deck, Format::SystemGateway, c::implemented).is_ok());
    deck.cards.push(("30002".into(), 1));
    assert!(data::validate_deck(&deck, Format::SystemGateway, c::implemented).is_ok(), "every System Gateway card is implemented");
    let err = data::validate_deck(&deck, Format::SystemGateway, |code| code != "30002" && c::implemented(code)).unwrap_err();
    assert!(err.contains("Wildcat Strike") && err.contains("not implemented"), "{err}");
    let corp = data::deck("syndicate-starter").unwrap();
    assert!(data::validate_deck(corp, Format::SystemGateway, c::implemented).is_ok());
    assert_eq!(corp.size(), 34);
}

#[test]
fn nr_10_the_card_data_parses_set_by_set_with_no_text() {
    let pool = data::pool().expect("the card data parses");
    for (set, text) in data::SET_TABLES {
        let cards = data::parse_cards(set, text).expect("each set's table parses");
        assert!(!cards.is_empty(), "{set}");
        assert!(cards.iter().all(|k| k.set == *set), "{set}");
        assert_eq!(pool.cards.iter().filter(|k| k.set == *set).count(), cards.len(), "{set}: every card of the table is in the pool");
        // Markup and phrases of card texts that no title holds.
        for text_only in ["Gain 9", "[credit]", "[click]", "[subroutine]", "When you "] {
            assert!(!text.contains(text_only), "{set}.tsv holds card text ({text_only:?})");
        }
    }
    // System Gateway is numbered 30001 to 30077 with no gap.
    let sg: Vec<u32> = pool.cards.iter().filter(|k| k.set == "sg").filter_map(|k| k.code.parse().ok()).collect();
    assert_eq!(sg, (30001..=30077).collect::<Vec<u32>>());
    let hedge = data::card(c::HEDGE_FUND).unwrap();
    assert_eq!((hedge.title.as_str(), hedge.cost, hedge.set.as_str()), ("Hedge Fund", Some(5), "sg"));
    assert!(data::parse_cards("sg", "code\tbad").is_err());
    assert!(data::parse_cards("sg", "nonsense").is_err());
    for d in c::all() {
        assert!(data::card(d.code).is_some(), "{}", d.code);
    }
}

#[test]
fn nr_config_seat_count_decks_and_options_are_checked() {
    let mut cfg = config(&[]);
    cfg.seats.pop();
    assert!(matches!(Netrunner.new_match(&cfg), Err(RulesError::InvalidConfig(_))));
    let mut cfg = config(&[]);
    cfg.seats[0].deck = "catalyst-starter".into();
    assert!(matches!(Netrunner.new_match(&cfg), Err(RulesError::InvalidConfig(_))));
    let mut cfg = config(&[]);
    cfg.seats[1].deck = "nope".into();
    assert!(matches!(Netrunner.new_match(&cfg), Err(RulesError::InvalidConfig(m)) if m.contains("catalyst-starter")));
    assert!(matches!(Netrunner.new_match(&config(&[("frobs", 1)])), Err(RulesError::InvalidConfig(m)) if m.contains("agenda_points_to_win")));
}

#[test]
fn nr_hidden_information_in_views_and_events() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let face_down = s.root(3, c::URTICA_CIPHER, false);
    let hq_card = s.hq(c::HEDGE_FUND);
    let grip_card = s.grip(c::SURE_GAMBLE);
    s.rd(c::PALISADE);
    let m = s.at_action();
    let st = &m.state;
    let corp = Netrunner.view(st, Viewer::Seat(0)).unwrap();
    let runner = Netrunner.view(st, Viewer::Seat(1)).unwrap();
    let spec = Netrunner.view(st, Viewer::Spectator).unwrap();
    let aud = Netrunner.view(st, Viewer::Auditor).unwrap();
    let remote = |v: &serde_json::Value| v["corp"]["servers"][3]["root"][0].clone();
    assert_eq!(remote(&corp)["code"], c::URTICA_CIPHER, "the Corp sees its own face-down card");
    assert_eq!(remote(&runner)["face_down"], true);
    assert!(remote(&runner).get("code").is_none());
    assert!(remote(&spec).get("code").is_none());
    assert_eq!(corp["corp"]["hq"][0]["id"], hq_card);
    assert!(runner["corp"].get("hq").is_none() && spec["corp"].get("hq").is_none());
    assert_eq!(runner["runner"]["grip"][0]["id"], grip_card);
    assert!(corp["runner"].get("grip").is_none() && spec["runner"].get("grip").is_none());
    assert!(corp["corp"].get("rd").is_none() && runner["corp"].get("rd").is_none(), "nobody sees R&D order");
    assert!(aud["corp"].get("rd").is_some() && aud["runner"].get("stack").is_some());
    let _ = face_down;
    // The Corp's install is private to the Corp.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let a = s.hq(c::OFFWORLD_OFFICE);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{a}:new")]);
    let e = m.log.iter().find(|e| e.kind == "netrunner.corp_installed").unwrap();
    assert!(!e.text.contains("Offworld"));
    assert!(e.private.as_ref().is_some_and(|p| p.seats == vec![CORP] && p.text.contains("Offworld")));
}

#[test]
fn card_numbers_are_a_permutation_drawn_before_any_number_is_shown() {
    let m = new_match(&[]);
    assert!(m.log.iter().all(|e| !e.text.contains('#')), "no card number before the draw");
    let mut m = m;
    // Reverse the numbering: the card at deck-list position p gets number 63 - p.
    let rev: Vec<u32> = (0..64).rev().collect();
    m.draw(&rev);
    let g = m.game();
    for (n, card) in g.cards.iter().enumerate() {
        assert_eq!(card.pos, 63 - n as u32, "card number {n}");
    }
    // R&D (positions 0..34) is renumbered with its cards: the same cards, new numbers.
    let mut rd = g.corp.rd.clone();
    rd.sort();
    assert_eq!(rd, (30..64).collect::<Vec<u32>>());
    assert!(g.corp.rd.iter().all(|&c| g.cards[c as usize].side == data::Side::Corp));
}

#[test]
fn nr_garbage_and_stale_inputs_are_refused() {
    let m = new_match(&[]);
    assert!(matches!(Netrunner.apply(b"{}", &Input::Draw { index: 0, purpose: "x".into(), values: vec![] }), Err(RulesError::CorruptState(_))));
    let bad = Input::Draw { index: 0, purpose: "card-numbers".into(), values: vec![0, 0] };
    assert!(matches!(Netrunner.apply(&m.state, &bad), Err(RulesError::Malformed(_))));
    let _ = ARCHIVES;
}

// --- NR-10: constructed decks ----------------------------------------------------------------------

fn deck_of(side: data::Side, identity: &str, cards: &[(&str, u32)]) -> data::Deck {
    data::Deck { name: "test".into(), side, identity: identity.into(), cards: cards.iter().map(|(c, n)| (c.to_string(), *n)).collect() }
}

/// A legal 40-card Haas-Bioroid deck with 18 agenda points.
fn hb_deck() -> data::Deck {
    deck_of(
        data::Side::Corp,
        c::HAAS_BIOROID,
        &[
            (c::LUMINAL_TRANSUBSTANTIATION, 1),
            (c::OFFWORLD_OFFICE, 3),
            (c::ORBITAL_SUPERIORITY, 3),
            (c::SEND_A_MESSAGE, 1),
            (c::SUPERCONDUCTING_HUB, 1),
            (c::NICO_CAMPAIGN, 3),
            (c::ANSEL_1_0, 3),
            (c::BRAN_1_0, 3),
            (c::SEAMLESS_LAUNCH, 3),
            (c::SPRINT, 3),
            (c::MANEGARM_SKUNKWORKS, 3),
            (c::PALISADE, 3),
            (c::TITHE, 3),
            (c::WHITESPACE, 3),
            (c::HEDGE_FUND, 3),
            (c::REGOLITH_MINING_LICENSE, 1),
        ],
    )
}

/// A legal 40-card Zahya deck: criminal and neutral cards, as many copies as allowed.
fn zahya_deck() -> data::Deck {
    let pool = data::pool().unwrap();
    let mut cards: Vec<(String, u32)> = Vec::new();
    let mut left = 40;
    for k in pool.cards.iter().filter(|k| (k.faction == "criminal" || k.faction == "neutral-runner") && k.ctype != data::CardType::Identity) {
        let n = (k.deck_limit.unwrap_or(3) as u32).min(left);
        if n > 0 {
            cards.push((k.code.clone(), n));
            left -= n;
        }
    }
    assert_eq!(left, 0, "enough criminal and neutral cards");
    data::Deck { name: "zahya".into(), side: data::Side::Runner, identity: c::ZAHYA.into(), cards }
}

#[test]
fn nr_10_legal_constructed_decks_are_accepted() {
    assert_eq!(data::validate_deck(&hb_deck(), Format::SystemGateway, c::implemented), Ok(()));
    assert_eq!(data::validate_deck(&zahya_deck(), Format::SystemGateway, c::implemented), Ok(()));
}

#[test]
fn nr_10_minimum_deck_size_of_the_identity() {
    let mut d = zahya_deck();
    if let Some(last) = d.cards.last_mut() {
        last.1 -= 1;
    }
    let err = data::validate_deck(&d, Format::SystemGateway, c::implemented).unwrap_err();
    assert!(err.contains("minimum deck size 40"), "{err}");
}

#[test]
fn nr_10_influence_limit_counts_out_of_faction_cards() {
    let mut d = zahya_deck();
    // Swap 5 criminal/neutral cards for 5 Botulus (anarch, 3 influence each): 15 is the limit.
    let first = d.cards[0].0.clone();
    d.cards[0].1 -= 3;
    d.cards[1].1 -= 2;
    d.cards.push((c::BOTULUS.into(), 3));
    d.cards.push((c::TRANQUILIZER.into(), 0));
    d.cards.push((c::FERMENTER.into(), 2));
    let inf = data::validate_deck(&d, Format::SystemGateway, c::implemented);
    assert_eq!(inf, Ok(()), "3×3 + 2×2 = 13 influence (first card {first})");
    d.cards.push((c::CARNIVORE.into(), 1));
    d.cards[2].1 -= 1;
    let err = data::validate_deck(&d, Format::SystemGateway, c::implemented).unwrap_err();
    assert!(err.contains("influence 16 exceeds") && err.contains("limit 15"), "{err}");
}

#[test]
fn nr_10_deck_limit_per_card_adds_up_lines() {
    let mut d = hb_deck();
    d.cards.push((c::HEDGE_FUND.into(), 1));
    let err = data::validate_deck(&d, Format::SystemGateway, c::implemented).unwrap_err();
    assert!(err.contains("4 copies of Hedge Fund exceed its deck limit of 3"), "{err}");
    let mut d = hb_deck();
    d.cards[0].1 = 2;
    d.cards[15].1 = 0;
    let err = data::validate_deck(&d, Format::SystemGateway, c::implemented).unwrap_err();
    assert!(err.contains("Luminal Transubstantiation exceed its deck limit of 1"), "{err}");
}

#[test]
fn nr_10_one_identity_of_the_right_side_and_cards_of_that_side() {
    let text = "d\tcorp\t30035\tidentity\nd\tcorp\t30043\tidentity\n";
    let err = data::parse_decks(text, &data::pool().unwrap().cards).unwrap_err();
    assert!(err.contains("second identity"), "{err}");
    let mut d = hb_deck();
    d.identity = c::ZAHYA.into();
    assert!(data::validate_deck(&d, Format::SystemGateway, c::implemented).unwrap_err().contains("is not a corp identity"));
    let mut d = hb_deck();
    d.cards.push((c::SURE_GAMBLE.into(), 1));
    assert!(data::validate_deck(&d, Format::SystemGateway, c::implemented).unwrap_err().contains("cannot be in a corp deck"));
}

#[test]
fn nr_10_corp_agenda_points_fit_the_deck_size() {
    // 40–44 cards: 18 or 19 points (the HB deck has 18 in 40 cards).
    let mut d = hb_deck();
    d.cards[4].1 = 2; // a second Superconducting Hub: 19 points, 41 cards
    assert_eq!(data::validate_deck(&d, Format::SystemGateway, c::implemented), Ok(()));
    d.cards[3].1 = 0; // no Send a Message: 16 points, 40 cards
    let err = data::validate_deck(&d, Format::SystemGateway, c::implemented).unwrap_err();
    assert!(err.contains("40-card Corp deck needs 18 or 19 agenda points, not 16"), "{err}");
    // 45 cards: 20 or 21.
    let mut d = hb_deck();
    d.cards.push((c::GOVERNMENT_SUBSIDY.into(), 3));
    d.cards.push((c::SPIN_DOCTOR.into(), 2));
    let err = data::validate_deck(&d, Format::SystemGateway, c::implemented).unwrap_err();
    assert!(err.contains("45-card Corp deck needs 20 or 21"), "{err}");
}

// --- What each viewer sees (docs/netrunner.md) -----------------------------------------------------

#[test]
fn a_corp_prompt_naming_an_hq_card_reaches_only_the_corp() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.ice(HQ, c::TITHE, false);
    let p = s.hq(c::PALISADE);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{p}:0")]);
    let d = m.decision();
    assert_eq!(d.kind, "netrunner.trash_before_install");
    assert!(d.prompt.contains(&format!("Palisade #{p}")), "the Corp's prompt names its card: {}", d.prompt);
    for v in [Viewer::Seat(RUNNER), Viewer::Spectator] {
        let seen = serde_json::to_string(&d.as_seen_by(v)).unwrap();
        assert!(!seen.contains("Palisade") && !seen.contains("Tithe"), "{v:?} sees {seen}");
        assert!(seen.contains("The Corp may trash cards installed in HQ"), "{seen}");
    }
    assert_eq!(d.as_seen_by(Viewer::Seat(CORP)), d);
}

#[test]
fn an_access_prompt_reaches_only_the_runner_and_an_rd_access_is_the_runners_alone() {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let top = s.rd(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.run_on(RD);
    while m.kind() == "netrunner.continue" {
        m.pick(&["continue"]);
    }
    let d = m.decision();
    assert_eq!(d.kind, "netrunner.access");
    assert!(d.prompt.contains("Nico Campaign"), "{}", d.prompt);
    for v in [Viewer::Seat(CORP), Viewer::Spectator] {
        let seen = serde_json::to_string(&d.as_seen_by(v)).unwrap();
        assert!(!seen.contains("Nico") && !seen.contains(&format!("#{top}")), "{v:?} sees {seen}");
    }
    let e = m.log.iter().find(|e| e.kind == "netrunner.accessed").expect("an access event");
    assert_eq!(e.private.as_ref().map(|p| p.seats.clone()), Some(vec![RUNNER]), "the Corp does not learn its top card");
    assert!(!e.as_seen_by(Viewer::Seat(CORP)).0.contains("Nico"));
}

#[test]
fn kit_verbs_read_like_the_rules_the_corp_installs_an_agenda_in_a_new_remote_and_the_runner_runs_it() {
    let mut s = Scenario::new().auto_pass().corp_turn(1);
    let agenda = s.hq(c::ORBITAL_SUPERIORITY);
    let mut m = s.at_action();
    m.install(agenda);
    let g = m.game();
    let remote = g.corp.servers.iter().find(|sv| sv.root.contains(&agenda)).expect("a new remote holds it");
    assert!(remote.id > ARCHIVES);
    // The Runner runs the new remote.
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    let stolen = s.root(3, c::ORBITAL_SUPERIORITY, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.choose("Continue the run");
    assert!(m.has_event("netrunner.run_successful"), "{} {:?}", m.kind(), m.labels());
    if m.offers("steal") {
        m.choose("Steal it");
    }
    assert!(m.game().runner.score.contains(&stolen));
}
