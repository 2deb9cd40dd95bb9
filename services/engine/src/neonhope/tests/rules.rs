//! One test or more per rule, named by its id (NH-x of `shared/rules/neonhope.md`, H-x for the
//! house rules).

use serde_json::json;

use super::kit::{config, tile, Match, NeonhopeVerbs, Scenario};
use crate::core::{Awaiting, Choice, Ruleset, Viewer};
use crate::neonhope::state::{Stage, ThresholdState};
use crate::neonhope::Neonhope;
use crate::testing::RandomBot;

/// `n` seats at the Safehouse, only the Curfew Broadcast in play (no NH-3.1 order to answer).
fn calm(n: u32) -> Scenario {
    let mut s = Scenario::new(n);
    s.g.episodes = vec!["curfew_broadcast".into()];
    s
}

fn rules_in(m: &Match) -> Vec<String> {
    m.log.iter().filter(|e| e.kind == "neonhope.encounter_step").map(|e| e.detail["rule"].as_str().unwrap_or("").to_string()).collect()
}

fn drawn_seats(m: &Match, kind: &str) -> Vec<u64> {
    let k = format!("neonhope.{kind}");
    m.log.iter().filter(|e| e.kind == k).map(|e| e.detail["seat"].as_u64().unwrap_or(99)).collect()
}

#[test]
fn nh_3_0_the_steps_run_in_order_then_the_draws_then_the_resolutions() {
    let mut s = calm(1);
    s.deck_top(&["quiet_night"]);
    let m = s.start(Stage::Encounter { step: 1 });
    assert_eq!(rules_in(&m), ["NH-3.1", "NH-3.2", "NH-3.3", "NH-3.4", "NH-3.5", "NH-3.6", "NH-3.7"]);
    let last_step = m.at("encounter_step", "NH-3.7");
    assert!(last_step < m.at("encounter_drawn", "") && m.at("encounter_drawn", "") < m.at("encounter_resolved", "Quiet Night"));
    assert_eq!(m.kind(), "neonhope.action", "round 2's action phase follows");
    assert_eq!(m.game().round, 2);
}

#[test]
fn nh_3_1_and_h_2_the_responsible_seat_orders_the_encounter_phase_effects() {
    let mut s = Scenario::new(2);
    s.g.responsible = 1;
    s.at(1, "plaza").deck_top(&["quiet_night", "quiet_night"]);
    let mut m = s.start(Stage::Encounter { step: 1 });
    assert_eq!(m.kind(), "neonhope.order_triggers");
    assert_eq!(m.seat(), 1, "H-2: the responsible seat answers");
    m.answer(Choice::Order(vec!["episode:blackout_rolling".into(), "episode:curfew_broadcast".into()]));
    assert!(m.at("episode_triggered", "Rolling Blackout") < m.at("episode_triggered", "Curfew Broadcast"));
}

#[test]
fn nh_3_2_hacking_dice_skip_withdrawn_and_permanent_conditions() {
    let mut s = calm(1);
    s.g.conditions[0].withdrawn = true; // Camera Mesh
    let m = s.start(Stage::Encounter { step: 1 });
    let dice: Vec<u32> = m.game().conditions.iter().map(|c| c.dice).collect();
    // Camera Mesh withdrawn, Drone Lanes, Checkpoint Gates, Tower Watch and Ledger Daemon permanent.
    assert_eq!(dice, [0, 1, 1, 0, 0]);
}

#[test]
fn nh_3_3_one_surveillance_per_character() {
    let m = calm(3).start(Stage::Encounter { step: 1 });
    let e = &m.log[m.at("surveillance", "NH-3.3")];
    assert_eq!(e.detail["change"], json!(3));
}

#[test]
fn nh_3_4_enemies_surveil_at_occupied_locations_ignoring_withdrawn_ones() {
    let mut s = calm(2);
    s.at(0, "plaza").at(1, "docks");
    s.g.enemies[1].withdrawn = true; // the Sniffer Drone at the Docks
    let m = s.start(Stage::Encounter { step: 1 });
    // The Riot Unit (Plaza, occupied) surveils; the Sniffer is withdrawn; the Handler (Archive)
    // and the Sentry (Uplink) have nobody with them.
    assert_eq!(m.log[m.at("surveillance", "NH-3.4")].detail["change"], json!(1));
}

#[test]
fn nh_3_5_and_nh_3_6_withdrawn_cards_turn_back_and_counters_are_unspent() {
    let mut s = calm(1);
    s.g.conditions[1].withdrawn = true;
    s.g.enemies[2].withdrawn = true;
    s.g.chars[0].counters = 0;
    let m = s.start(Stage::Encounter { step: 1 });
    let g = m.game();
    assert!(g.conditions.iter().all(|c| !c.withdrawn) && g.enemies.iter().all(|e| !e.withdrawn));
    assert_eq!(g.chars[0].counters, 3);
}

#[test]
fn nh_3_7_and_nh_3_8_draw_and_resolve_clockwise_from_the_responsible_character() {
    let mut s = calm(3);
    s.g.responsible = 1;
    s.deck_top(&["quiet_night", "quiet_night", "patrol_sweep"]);
    let m = s.start(Stage::Encounter { step: 1 });
    assert_eq!(drawn_seats(&m, "encounter_drawn"), [1, 2, 0]);
    assert_eq!(drawn_seats(&m, "encounter_resolved"), [1, 2, 0]);
}

#[test]
fn h_2_option_ask_draw_order_lets_the_responsible_seat_order_the_draws() {
    let mut s = calm(2);
    s.g.options.ask_draw_order = true;
    let mut m = s.start(Stage::Encounter { step: 1 });
    assert_eq!((m.kind().as_str(), m.seat()), ("neonhope.draw_order", 0));
    m.answer(Choice::Order(vec!["seat:1".into(), "seat:0".into()]));
    assert_eq!(drawn_seats(&m, "encounter_drawn"), [1, 0]);
    assert_eq!(drawn_seats(&m, "encounter_resolved"), [0, 1], "NH-3.8 still starts with the responsible character");
}

#[test]
fn nh_3_9_and_h_4_two_thresholds_passed_by_one_step_trigger_once_each_ascending_before_the_next_step() {
    let mut s = calm(2);
    s.g.surveillance = 1;
    // After the Curfew Broadcast: 2; NH-3.3 adds 2: both 3 and 4 are passed at once.
    s.g.thresholds = vec![ThresholdState { at: 4, effect: 2, reached: false }, ThresholdState { at: 3, effect: 1, reached: false }];
    s.deck_top(&["quiet_night", "quiet_night"]);
    let m = s.start(Stage::Encounter { step: 1 });
    let three = m.at("threshold_triggered", "Threshold 3");
    let four = m.at("threshold_triggered", "Threshold 4");
    assert!(m.at("surveillance", "NH-3.3") < three && three < four && four < m.at("encounter_step", "NH-3.4"));
    assert_eq!(m.log.iter().filter(|e| e.kind == "neonhope.threshold_triggered").count(), 2);
}

#[test]
fn nh_3_9_a_threshold_passed_by_an_encounter_card_triggers_before_the_next_card() {
    let mut s = calm(2);
    // Curfew 1 + NH-3.3 2 = 3; the Dragnet (+2) passes 5.
    s.g.thresholds = vec![ThresholdState { at: 5, effect: 1, reached: false }];
    s.deck_top(&["dragnet", "quiet_night"]);
    let m = s.start(Stage::Encounter { step: 1 });
    let dragnet = m.at("encounter_resolved", "Dragnet");
    let t = m.at("threshold_triggered", "Threshold 5");
    assert!(dragnet < t && t < m.at("encounter_resolved", "Quiet Night"));
}

#[test]
fn h_4_a_threshold_passed_again_after_surveillance_fell_does_not_trigger_again() {
    let mut s = calm(1);
    s.g.surveillance = 4;
    s.g.thresholds = vec![ThresholdState { at: 3, effect: 0, reached: true }];
    // The Friendly Sysop takes surveillance below 3 … and the next round passes 3 again.
    s.deck_top(&["friendly_sysop", "quiet_night"]);
    let mut m = s.start(Stage::Encounter { step: 1 });
    assert_eq!(m.game().surveillance, 5);
    m.pick(&["pass"]);
    assert!(m.game().surveillance > 5);
    assert!(!m.has_event("neonhope.threshold_triggered"));
}

#[test]
fn nh_3_10_and_h_11_silence_events_mark_the_span_from_the_first_draw_to_the_last_resolution() {
    let mut s = calm(2);
    s.deck_top(&["quiet_night", "patrol_sweep"]);
    let m = s.start(Stage::Encounter { step: 1 });
    let began = m.at("silence_began", "");
    let ended = m.at("silence_ended", "");
    let first_draw = m.at("encounter_drawn", "");
    let last = m.log.iter().rposition(|e| e.kind == "neonhope.encounter_resolved").unwrap();
    assert!(began < first_draw && last < ended, "{began} {first_draw} {last} {ended}");
    assert!(!m.game().silence);
}

#[test]
fn nh_3_10_the_silence_holds_while_a_drawer_orders_its_cards() {
    let mut s = calm(1);
    s.deck_top(&["cascade_failure", "pressure", "dragnet"]);
    let m = s.start(Stage::Encounter { step: 1 });
    assert_eq!(m.kind(), "neonhope.order_encounters");
    assert!(m.game().silence);
    assert_eq!(Neonhope.view(&m.state, Viewer::Spectator).unwrap()["silence"], json!(true));
}

#[test]
fn nh_3_11_the_corporations_effects_belong_to_no_character() {
    let m = calm(1).start(Stage::Encounter { step: 1 });
    let e = &m.log[m.at("surveillance", "Curfew Broadcast")];
    assert!(e.detail.get("seat").is_none(), "{e:?}");
}

#[test]
fn nh_3_12_the_responsible_character_resolves_episode_effects() {
    let mut s = Scenario::new(2);
    s.g.responsible = 1;
    s.at(0, "plaza").at(1, "docks");
    let mut m = s.start(Stage::Encounter { step: 1 });
    m.answer(Choice::Order(vec!["episode:blackout_rolling".into(), "episode:curfew_broadcast".into()]));
    let stressed: Vec<u64> = drawn_seats(&m, "stress");
    assert_eq!(stressed.first(), Some(&1), "the Rolling Blackout stresses the active (responsible) character");
}

#[test]
fn nh_3_13_and_h_10_a_drawn_card_is_its_drawers_until_it_resolves() {
    let mut s = calm(2);
    s.deck_top(&["cascade_failure", "quiet_night", "dragnet", "pressure"]);
    let m = s.start(Stage::Encounter { step: 1 });
    // Seat 0 drew the Cascade Failure, resolved it and now orders two more; seat 1 holds one.
    let drawn: Vec<_> = m.log.iter().filter(|e| e.kind == "neonhope.encounter_drawn").collect();
    for e in &drawn {
        let p = e.private.as_ref().unwrap();
        assert_eq!(p.seats, vec![e.detail["seat"].as_u64().unwrap() as u32]);
        assert!(!e.text.contains('#') && p.text.contains('#'));
    }
    let other = Neonhope.view(&m.state, Viewer::Seat(0)).unwrap();
    assert!(other["characters"][1].get("held").is_none());
    assert_eq!(other["characters"][1]["held_count"], json!(1));
    let own = Neonhope.view(&m.state, Viewer::Seat(1)).unwrap();
    assert_eq!(own["characters"][1]["held"].as_array().unwrap().len(), 1);
    let d = m.decision();
    assert!(d.as_seen_by(Viewer::Seat(1)).prompt.is_empty());
}

#[test]
fn nh_3_14_a_character_drawing_several_draws_them_all_then_orders_them() {
    let mut s = calm(1);
    s.deck_top(&["cascade_failure", "pressure", "dragnet"]);
    let mut m = s.start(Stage::Encounter { step: 1 });
    assert_eq!(m.kind(), "neonhope.order_encounters");
    assert_eq!(m.game().chars[0].held.len(), 2, "both drawn before either resolves");
    let dragnet = m.option_ids().into_iter().zip(m.labels()).find(|(_, l)| l.starts_with("Dragnet")).unwrap().0;
    let pressure = m.option_ids().into_iter().zip(m.labels()).find(|(_, l)| l.starts_with("Pressure")).unwrap().0;
    m.answer(Choice::Order(vec![dragnet, pressure]));
    assert!(m.at("encounter_resolved", "Dragnet") < m.at("encounter_resolved", "Pressure"));
}

#[test]
fn h_8_a_card_held_after_the_characters_turn_passed_is_resolved_going_on_clockwise() {
    let mut s = calm(2);
    let card = s.g.encounter_deck.remove(0);
    s.g.chars[0].held.push(card);
    let m = s.start(Stage::Resolve { seat: 1 });
    assert_eq!(drawn_seats(&m, "encounter_resolved"), [0]);
}

#[test]
fn h_9_an_empty_deck_reshuffles_its_discard_pile_and_both_empty_draw_nothing() {
    let mut s = calm(1);
    let all = std::mem::take(&mut s.g.encounter_deck);
    s.g.encounter_discard = all;
    let mut m = s.start(Stage::Encounter { step: 1 });
    assert_eq!(m.kind(), "draw:encounter-reshuffle");
    m.settle_draws(&mut RandomBot::new(3));
    assert!(m.has_event("neonhope.encounter_deck_reshuffled"));

    let mut s = calm(1);
    s.g.encounter_deck.clear();
    let m = s.start(Stage::Encounter { step: 1 });
    assert!(m.has_event("neonhope.encounter_nothing") && !m.has_event("neonhope.silence_began"));
}

#[test]
fn h_1_the_responsible_character_is_fixed_unless_the_option_rotates_it() {
    for (rotates, next) in [(false, 0), (true, 1)] {
        let mut s = calm(2);
        s.g.options.responsible_rotates = rotates;
        s.deck_top(&["quiet_night", "quiet_night"]);
        let m = s.start(Stage::Encounter { step: 1 });
        assert_eq!(m.game().responsible, next);
        assert_eq!(m.seat(), next, "the next action phase starts with it");
    }
}

#[test]
fn h_3_a_condition_at_its_cap_fires_and_its_dice_are_cleared() {
    let mut s = calm(1);
    s.at(0, "docks");
    s.g.enemies[1].withdrawn = true;
    s.g.conditions[1].dice = 1; // Drone Lanes, cap 2: each character at the Docks takes 1 stress
    let m = s.start(Stage::Encounter { step: 1 });
    assert!(m.at("condition_fired", "Drone Lanes") < m.at("stress", "Ana"));
    assert_eq!(m.game().conditions[1].dice, 0);
}

#[test]
fn h_5_a_threshold_passed_in_the_action_phase_triggers_after_the_action() {
    let mut s = calm(1);
    s.at(0, "docks").next_tile(tile("Epic Fail"));
    s.g.thresholds = vec![ThresholdState { at: 1, effect: 0, reached: false }];
    let mut m = s.start(Stage::Action { seat: 0, turn: 0 });
    m.pick(&["fight:sniffer"]);
    m.pick(&[]); // no boost
    let result = m.at("task_result", "fails");
    let t = m.at("threshold_triggered", "Threshold 1");
    assert!(m.at("enemy_activated", "Sniffer") > result && t > result);
    assert_eq!(m.kind(), "neonhope.stress", "the threshold's stress is discarded at the same checkpoint");
}

#[test]
fn h_6_reaching_the_final_threshold_loses_at_the_next_checkpoint() {
    let mut s = calm(2);
    s.g.options.final_surveillance = 3;
    let m = s.start(Stage::Encounter { step: 1 });
    let Awaiting::Ended(o) = &m.awaiting else { panic!("{:?}", m.awaiting) };
    assert!(o.winners.is_empty() && o.reason.starts_with("surveillance"), "{o:?}");
    assert!(!rules_in(&m).contains(&"NH-3.4".to_string()), "lost before the next step");
}

#[test]
fn h_6_the_final_threshold_is_an_option_in_range() {
    assert!(Neonhope.new_match(&config(1, &[("final_surveillance", 30)])).is_ok());
    assert!(Neonhope.new_match(&config(1, &[("final_surveillance", 9)])).is_err());
}

#[test]
fn nh_1_5_and_h_17_the_objective_wins_for_every_seat() {
    let mut s = calm(3);
    s.at(0, "uplink").next_tile(tile("Epic Win"));
    s.g.gathered = 2;
    s.g.enemies[3].withdrawn = true;
    let mut m = s.start(Stage::Action { seat: 0, turn: 0 });
    m.pick(&["hack:objective"]);
    m.pick(&[]);
    let Awaiting::Ended(o) = &m.awaiting else { panic!("{:?}", m.awaiting) };
    assert_eq!(o.winners, [0, 1, 2]);
    assert!(o.reason.starts_with("won"));
}

#[test]
fn nh_1_5_the_objective_needs_the_intel_first() {
    let mut s = calm(1);
    s.at(0, "uplink");
    s.g.gathered = 1;
    let m = s.start(Stage::Action { seat: 0, turn: 0 });
    assert!(!m.offers("hack:objective"));
}

#[test]
fn nh_1_4_and_h_14_an_empty_hand_refreshes_from_endurance_the_player_picking() {
    let mut s = calm(1);
    let c = &mut s.g.chars[0];
    let last = c.hand.pop().unwrap();
    c.discard = std::mem::take(&mut c.hand);
    c.hand = vec![last];
    c.stress = 1;
    assert_eq!((c.endurance, c.discard.len()), (5, 5));
    c.endurance = 4;
    let mut m = s.start(Stage::Checkpoint { then: Box::new(Stage::Action { seat: 0, turn: 0 }) });
    assert_eq!(m.kind(), "neonhope.refresh", "the stress emptied the hand");
    let ids: Vec<String> = m.option_ids().into_iter().take(3).collect();
    m.answer(Choice::Pick(ids));
    let g = m.game();
    assert_eq!((g.chars[0].endurance, g.chars[0].hand.len(), g.chars[0].discard.len()), (3, 3, 3));
}

#[test]
fn nh_1_4_a_character_at_0_endurance_is_exhausted_and_the_game_is_lost() {
    let mut s = calm(2);
    s.g.chars[1].endurance = 1;
    s.g.chars[1].stress = 9;
    let m = s.start(Stage::Checkpoint { then: Box::new(Stage::Action { seat: 0, turn: 0 }) });
    let Awaiting::Ended(o) = &m.awaiting else { panic!("{:?}", m.awaiting) };
    assert!(o.winners.is_empty() && o.reason.starts_with("exhausted"), "{o:?}");
}

#[test]
fn h_15_stress_discards_are_chosen_by_the_player() {
    let mut s = calm(1);
    s.g.chars[0].stress = 2;
    let mut m = s.start(Stage::Checkpoint { then: Box::new(Stage::Action { seat: 0, turn: 0 }) });
    assert_eq!(m.kind(), "neonhope.stress");
    let ids: Vec<String> = m.option_ids().into_iter().rev().take(2).collect();
    m.answer(Choice::Pick(ids.clone()));
    let g = m.game();
    assert_eq!(g.chars[0].discard.len(), 2);
    assert!(ids.iter().all(|id| g.chars[0].discard.iter().any(|d| id == &format!("card:{d}"))));
}

#[test]
fn nh_2_1_three_action_counters_then_the_next_character_clockwise() {
    let mut m = calm(2).start(Stage::Action { seat: 0, turn: 0 });
    for to in ["move:market", "move:safehouse", "move:market"] {
        assert_eq!(m.seat(), 0);
        m.pick(&[to]);
    }
    assert_eq!(m.seat(), 1);
    assert_eq!(m.game().chars[0].counters, 0);
    m.pass();
    assert!(m.has_event("neonhope.encounter_phase_began"));
}

#[test]
fn nh_2_2_a_test_adds_attribute_boosts_and_the_tile() {
    let mut s = calm(1);
    s.at(0, "plaza").next_tile(tile("+1"));
    s.g.enemies[0].withdrawn = true;
    let mut m = s.start(Stage::Action { seat: 0, turn: 0 });
    m.pick(&["hack:camera_mesh"]); // Juno: Hack 3, difficulty 3
    let script = m.option_ids().into_iter().zip(m.labels()).find(|(_, l)| l.starts_with("Quick Script")).unwrap().0;
    m.pick(&[&script]);
    let e = &m.log[m.at("task_result", "succeeds")];
    assert_eq!(e.detail["total"], json!(6));
    assert!(m.game().conditions[0].withdrawn);
}

#[test]
fn nh_2_2_epic_fail_fails_and_activates_enemies_three_skulls_reveals_another() {
    let mut s = calm(1);
    s.at(0, "plaza").next_tile(tile("Epic Fail"));
    let mut m = s.start(Stage::Action { seat: 0, turn: 0 });
    m.pick(&["fight:riot_unit"]);
    m.pick(&[]);
    assert!(m.at("task_result", "fails") < m.at("enemy_activated", "Riot Unit"));

    let mut s = calm(1);
    s.at(0, "plaza").next_tile(tile("Three Skulls"));
    let mut m = s.start(Stage::Action { seat: 0, turn: 0 });
    m.pick(&["fight:riot_unit"]);
    m.pick(&[]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "neonhope.tile_revealed").count(), 2);
    assert!(m.has_event("neonhope.enemy_activated"));
}

#[test]
fn h_12_the_acting_seat_picks_the_tile_and_a_full_grid_is_reshuffled() {
    let mut s = calm(1);
    s.g.options.grid_auto_reveal = false;
    for p in 0..15 {
        s.g.grid.revealed[p] = true;
    }
    s.g.grid.layout.swap(15, 0); // the −3 at the last face-down place
    let mut m = s.start(Stage::Action { seat: 0, turn: 0 });
    m.pick(&["support"]);
    m.pick(&[]);
    assert_eq!(m.kind(), "neonhope.reveal");
    assert_eq!(m.option_ids(), ["tile:15"]);
    m.pick(&["tile:15"]);
    assert_eq!(m.kind(), "draw:grid", "all 16 revealed: the 19 are shuffled again");
    m.settle_draws(&mut RandomBot::new(1));
    assert!(m.has_event("neonhope.grid_reset"));
    assert_eq!(m.game().grid.face_down().len(), 16);
}

#[test]
fn nh_hidden_grid_layout_is_in_no_seat_view_and_the_auditor_sees_it() {
    let mut m = Match::new(Neonhope, &config(2, &[])).unwrap();
    m.settle_draws(&mut RandomBot::new(5));
    let mut g = m.game();
    let before: Vec<_> = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator].iter().map(|v| Neonhope.view(&m.state, *v).unwrap()).collect();
    g.grid.layout.swap(0, 18);
    g.grid.layout.swap(3, 7);
    g.encounter_deck.reverse();
    let swapped = crate::core::game::encode(&g).unwrap();
    for (i, v) in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator].iter().enumerate() {
        assert_eq!(Neonhope.view(&swapped, *v).unwrap(), before[i], "{v:?}");
    }
    assert_ne!(Neonhope.view(&swapped, Viewer::Auditor).unwrap(), Neonhope.view(&m.state, Viewer::Auditor).unwrap());
    assert!(m.log.iter().all(|e| e.private.is_none() && !e.text.contains("Epic")), "setup names no tile");
}

#[test]
fn randomness_is_shuffles_only_grid_and_encounter_deck() {
    let m = Match::new(Neonhope, &config(1, &[])).unwrap();
    assert_eq!(m.kind(), "draw:grid");
    assert_eq!(m.draw_kind(), crate::core::DrawKind::Shuffle(19));
    let played = crate::testing::play_random_game(&Neonhope, &config(2, &[]), 9, 50_000, false).unwrap();
    for i in &played.inputs {
        if let crate::core::Input::Draw { purpose, .. } = i {
            assert!(["grid", "encounter-deck", "encounter-reshuffle"].contains(&purpose.as_str()), "{purpose}");
        }
    }
}

#[test]
fn timed_effects_last_until_the_end_of_the_task_the_round_or_the_encounter_phase() {
    let mut s = calm(1);
    s.at(0, "docks");
    let mut m = s.start(Stage::Action { seat: 0, turn: 0 });
    m.pick(&["fight:sniffer"]);
    let ids: Vec<String> =
        m.option_ids().into_iter().zip(m.labels()).filter(|(_, l)| l.starts_with("Adrenaline") || l.starts_with("Low Profile")).map(|(i, _)| i).collect();
    m.answer(Choice::Pick(ids));
    let g = m.game();
    // The printed boosts ended with the task; Adrenaline's +1 lasts the round, Low Profile's
    // quiet the encounter phase.
    let sources: Vec<&str> = g.effects.iter().map(|e| e.source.as_str()).collect();
    assert_eq!(sources, ["adrenaline", "low_profile"]);
    m.pass();
    assert!(m.game().effects.iter().next().is_none(), "all gone at the round's end");
}

#[test]
fn h_18_one_to_four_seats_one_character_each() {
    assert!(Neonhope.new_match(&config(0, &[])).is_err());
    assert!(Neonhope.new_match(&config(5, &[])).is_err());
    let mut c = config(2, &[]);
    c.seats[1].deck = "juno".into();
    assert!(Neonhope.new_match(&c).is_err(), "two seats, one character");
    let mut m = Match::new(Neonhope, &config(1, &[])).unwrap();
    m.settle_draws(&mut RandomBot::new(2));
    assert_eq!(m.kind(), "neonhope.action");
}

/// Time in a timed round (docs/tournaments.md): NEON HOPE has no time procedure of its own, so
/// the round limit ends the match at once and nobody wins: the team has not completed its mission.
#[test]
fn the_round_time_limit_ends_the_match_with_the_team_not_winning() {
    let mut m = Match::new(Neonhope, &config(2, &[])).expect("a match");
    let mut bot = RandomBot::new(5);
    for _ in 0..40 {
        match bot.input(&m.awaiting) {
            Some(input) => m.try_input(input).expect("a bot's input"),
            None => break,
        }
    }
    m.try_input(crate::core::Input::TimeCalled { at_ms: 9 }).expect("time can be called");
    match &m.awaiting {
        Awaiting::Ended(o) => {
            assert!(o.winners.is_empty(), "{o:?}");
            assert_eq!(o.reason, "time: the round time limit was reached");
        }
        other => panic!("the match ends at once: {other:?}"),
    }
    assert_eq!(m.events.first().map(|e| e.kind.as_str()), Some("match.time_called"));
}
