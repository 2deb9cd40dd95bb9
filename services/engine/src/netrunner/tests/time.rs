//! Time called in a timed round (docs/netrunner.md "Time", the published tournament rules' time
//! procedure): the active player finishes the turn, the Runner takes one last turn after the
//! Corp's, then agenda points decide.

use crate::core::*;
use crate::netrunner::cards as c;
use crate::netrunner::state::{Stage, CORP, RUNNER};

use super::kit::Scenario;

/// A Corp turn about to begin (turn 2) with cards to draw for both sides.
fn timed(corp_points: i64, runner_points: i64) -> crate::testing::kit::Match<crate::netrunner::Netrunner> {
    let mut s = Scenario::new().auto_pass();
    for _ in 0..10 {
        s.rd(c::HEDGE_FUND);
        s.stack(c::SURE_GAMBLE);
    }
    s.g.corp.points = corp_points;
    s.g.runner.points = runner_points;
    s.start(Stage::TurnBegin)
}

fn click_through(m: &mut crate::testing::kit::Match<crate::netrunner::Netrunner>, seat: u32, clicks: usize) {
    for _ in 0..clicks {
        assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.action", seat));
        m.pick(&["credit"]);
    }
}

#[test]
fn time_called_in_the_corps_turn_the_corp_finishes_it_the_runner_takes_one_more_then_points_decide() {
    let mut m = timed(2, 1);
    assert_eq!((m.game().turn, m.game().active), (2, CORP));
    m.try_input(Input::TimeCalled { at_ms: 1_234 }).expect("time can be called in a decision");
    assert!(m.has_event("netrunner.time_called"));
    let call = m.game().time.expect("time is recorded");
    assert_eq!((call.at_ms, call.last_turn), (1_234, 3), "the Runner's next turn is the last");
    assert_eq!(m.seat(), CORP, "what the match waits for is unchanged");
    click_through(&mut m, CORP, 3);
    assert_eq!(m.game().active, RUNNER, "the game goes on after the Corp's turn");
    click_through(&mut m, RUNNER, 4);
    match &m.awaiting {
        Awaiting::Ended(o) => {
            assert_eq!(o.winners, vec![CORP], "more agenda points win: {o:?}");
            assert_eq!(o.reason, "time: the Corp has 2 agenda points, the Runner 1");
        }
        other => panic!("the game ends after the Runner's last turn: {other:?}"),
    }
    assert!(m.has_event("netrunner.timed_result"));
}

#[test]
fn time_called_in_the_runners_turn_ends_the_game_with_that_turn_and_equal_points_draw() {
    let mut m = timed(1, 1);
    click_through(&mut m, CORP, 3);
    assert_eq!((m.game().turn, m.game().active), (3, RUNNER));
    m.try_input(Input::TimeCalled { at_ms: 9 }).expect("time called");
    assert_eq!(m.game().time.map(|t| t.last_turn), Some(3), "this turn is the last");
    click_through(&mut m, RUNNER, 4);
    match &m.awaiting {
        Awaiting::Ended(o) => {
            assert!(o.winners.is_empty(), "equal points are a draw: {o:?}");
            assert_eq!(o.reason, "time: a draw, the Corp has 1 agenda points, the Runner 1");
        }
        other => panic!("the game ends with the Runner's turn: {other:?}"),
    }
    let view = crate::netrunner::Netrunner.view(&m.state, Viewer::Spectator).expect("view");
    assert_eq!(view["time"]["last_turn"], 3);
    assert!(view["time"]["draw"].as_str().is_some_and(|d| d.contains("a draw")), "{view}");
}

#[test]
fn a_second_time_call_changes_nothing_and_an_ended_game_refuses_it() {
    let mut m = timed(0, 3);
    m.try_input(Input::TimeCalled { at_ms: 5 }).expect("time called");
    let before = m.game().time;
    m.try_input(Input::TimeCalled { at_ms: 6 }).expect("a repeat is harmless");
    assert_eq!(m.game().time, before);
    assert!(m.events.is_empty(), "and says nothing");
    click_through(&mut m, CORP, 3);
    click_through(&mut m, RUNNER, 4);
    assert!(matches!(&m.awaiting, Awaiting::Ended(o) if o.winners == vec![RUNNER]));
    let err = m.try_input(Input::TimeCalled { at_ms: 7 }).expect_err("ended");
    assert!(matches!(err, RulesError::NotAwaited(_)), "{err}");
}

#[test]
fn time_called_during_setup_lets_the_corp_and_the_runner_each_take_one_turn() {
    let mut m = crate::testing::kit::Match::new(crate::netrunner::Netrunner, &super::kit::config(&[])).expect("new match");
    m.try_input(Input::TimeCalled { at_ms: 1 }).expect("time can be called while a draw is awaited");
    assert_eq!(m.game().time.map(|t| t.last_turn), Some(2));
    assert!(matches!(m.awaiting, Awaiting::Draw(_)), "the setup draw is still awaited");
}
