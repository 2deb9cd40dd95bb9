//! Time in a timed round (docs/netrunner.md "Time"), as the published tournament rules describe
//! it: when the round's time is called, the player whose turn it is finishes it; if that is the
//! Corp, the Runner then takes one last turn. A game nobody has won by then goes to the player
//! with more agenda points in their score area, and equal points are a draw.
//!
//! Time is called by the orchestrator ([`crate::core::Input::TimeCalled`]); this module only
//! records the last turn and ends the game when it ends. A game already won never gets here.

use serde_json::json;

use super::ask::public;
use crate::core::{Event, RulesError};
use crate::netrunner::state::{Game, Stage, TimeCall, CORP, RUNNER};

/// The last turn of a game whose time is called now: this turn if it is the Runner's, the
/// Runner's next one if it is the Corp's. Before the first turn (setup, mulligans) the Corp
/// takes turn 1 and the Runner turn 2.
pub fn last_turn(g: &Game) -> u32 {
    if g.turn == 0 {
        2
    } else if g.active == CORP {
        g.turn.saturating_add(1)
    } else {
        g.turn
    }
}

/// Time is called at `at_ms`: note the last turn and say so. Calling it again changes nothing.
pub fn call(g: &mut Game, at_ms: i64, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    if g.time.is_some() {
        return Ok(());
    }
    let last = last_turn(g);
    let text = if last == g.turn && g.active == RUNNER {
        format!("Time is called: {} finishes this turn, the last of the game", g.seat_name(RUNNER))
    } else {
        format!("Time is called: play goes on to the end of turn {last}, {}'s, the last of the game", g.seat_name(RUNNER))
    };
    ev.push(public("time_called", text, json!({"at_ms": at_ms, "last_turn": last})));
    g.time = Some(TimeCall { at_ms, last_turn: last, draw: None });
    Ok(())
}

/// At the end of a turn: if it was the last one, the game ends on agenda points. True if it did.
pub fn end_if_last_turn(g: &mut Game, ev: &mut Vec<Event>) -> bool {
    let Some(call) = g.time.as_ref() else { return false };
    if g.turn < call.last_turn {
        return false;
    }
    let (corp, runner) = (g.corp.points, g.runner.points);
    let score = format!("the Corp has {corp} agenda points, the Runner {runner}");
    let winner = match corp.cmp(&runner) {
        std::cmp::Ordering::Greater => Some(CORP),
        std::cmp::Ordering::Less => Some(RUNNER),
        std::cmp::Ordering::Equal => None,
    };
    let reason = match winner {
        Some(_) => format!("time: {score}"),
        None => format!("time: a draw, {score}"),
    };
    let text = match winner {
        Some(w) => format!("{} wins on time: {score}", g.seat_name(w)),
        None => format!("The game is a draw on time: {score}"),
    };
    ev.push(public("timed_result", text, json!({"winner": winner, "reason": reason, "score": [corp, runner]})));
    g.tasks.clear();
    match winner {
        Some(w) => g.winner = Some((w, reason)),
        None => {
            if let Some(call) = g.time.as_mut() {
                call.draw = Some(reason);
            }
        }
    }
    g.stage = Stage::Over;
    true
}
