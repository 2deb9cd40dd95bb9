//! The turn and run structure (NR-1 … NR-9): a continuation (`Stage`) plus a LIFO list of
//! pending `Task`s, advanced until the match needs a decision or a random draw. Split the way
//! the rules are: [`turns`] (setup, NR-1/2), [`actions`] (NR-3), [`install`] (NR-3.4),
//! [`agendas`] (scoring and stealing), [`windows`] (paid abilities, NR-2.4), [`runs`] (NR-6),
//! [`access`] (NR-7), [`trace`] (NR-8), [`psi`] (psi games), [`damage`] (NR-9), [`random`] (cards picked at random by a card), [`tasks`] (pending steps and card
//! questions), [`ask`] (asking and reading answers), [`time`] (time called in a timed round). No file here names a card: cards act
//! through their rows in `cards`.
//!
//! Imports run one way: this loop → tasks → access/damage/trace/install → agendas/windows →
//! ask; no module imports one that imports it.

pub mod access;
pub mod actions;
pub mod agendas;
pub mod ask;
pub mod damage;
pub mod install;
pub mod psi;
pub mod random;
pub mod runs;
pub mod tasks;
pub mod time;
pub mod trace;
pub mod turns;
pub mod windows;

use serde_json::json;

use self::ask::{corrupt, public};
use crate::core::{Awaiting, Event, Input, Outcome, RulesError};
use crate::netrunner::cards;
use crate::netrunner::state::{At, Game, Stage, CORP, RUNNER};

pub use self::actions::{action_options, Act};
pub use self::windows::{paid_options, Paid};
pub use crate::netrunner::cards::side_of;

/// NR-1.2 … NR-1.4: who has won, if anyone.
pub fn end_reason(g: &Game) -> Option<(u32, String)> {
    let target = g.options.agenda_points_to_win;
    if g.corp.points >= target {
        return Some((CORP, format!("agenda points: the Corp has {} of {target}", g.corp.points)));
    }
    if g.runner.points >= target {
        return Some((RUNNER, format!("agenda points: the Runner has {} of {target}", g.runner.points)));
    }
    if g.corp.decked {
        return Some((RUNNER, "decking: the Corp had to draw from an empty R&D".into()));
    }
    if g.runner.flatlined {
        return Some((CORP, "flatline: the Runner is flatlined".into()));
    }
    // An alternative win (CR 1.7, "you win the game"): Jeitinho's assassination agendas.
    let n = crate::netrunner::effects::assassinations(g);
    if n >= crate::netrunner::effects::ASSASSINATIONS_TO_WIN {
        return Some((RUNNER, format!("assassination: the Runner has {n} assassination agendas in their score area")));
    }
    None
}

/// The breaker's strength in this encounter.
pub fn breaker_strength(g: &Game, b: u32) -> i64 {
    g.breaker_strength(b)
}

/// One step; true when waiting for an input.
/// One step of the continuation; true when waiting for an input (`core::game::settle` loops it).
pub(crate) fn step(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    if g.stage != Stage::Over {
        if let Some((w, reason)) = end_reason(g) {
            g.tasks.clear();
            g.winner = Some((w, reason.clone()));
            // `score` (Corp, Runner agenda points) is the result's score on the public feed.
            let score = [g.corp.points, g.runner.points];
            ev.push(public("game_over", format!("{} wins: {reason}", g.seat_name(w)), json!({"winner": w, "reason": reason, "score": score})));
            g.stage = Stage::Over;
        }
    }
    if g.stage != Stage::Over {
        cards::installed_host_sweep(g, ev);
        crate::netrunner::effects::hosted_sweep(g, ev);
        if std::mem::take(&mut g.flags.corp_first_gain_pending) {
            cards::fire_identity(g, CORP, cards::When::CorpFirstGainFromAgendaOrOperation, 0, ev);
            return Ok(false);
        }
        if let Some(task) = g.tasks.last().cloned() {
            return Ok(tasks::step_task(g, task, ev));
        }
        if runs::is_run_stage(&g.stage) && g.run.as_ref().is_some_and(|r| r.stop) {
            g.stage = Stage::RunEnd;
        }
        if runs::is_run_stage(&g.stage) && g.run.as_ref().is_some_and(|r| r.moved_to.is_some()) {
            runs::move_runner(g, ev);
            return Ok(false);
        }
        // The action is finished once nothing of it is left to resolve and the action phase's
        // next window is reached.
        if g.flags.action_under_way.is_some() && matches!(g.stage, Stage::Window { at: At::Action, .. }) {
            actions::finish_action(g, ev);
            return Ok(false);
        }
    }
    let stage = g.stage.clone();
    Ok(match stage {
        Stage::Window { at, round } => windows::step_window(g, at, round)?,
        Stage::Action => actions::step_action(g),
        Stage::AccessBegin => {
            access::begin_access(g, ev);
            false
        }
        Stage::Accessing => access::step_accessing(g, ev),
        Stage::Over => {
            let draw = g.time.as_ref().and_then(|t| t.draw.clone());
            g.awaiting = Awaiting::Ended(match (g.winner.clone(), draw) {
                (Some((w, reason)), _) => Outcome { winners: vec![w], reason },
                (None, Some(reason)) => Outcome { winners: vec![], reason },
                (None, None) => Outcome { winners: vec![CORP], reason: "the game stopped".into() },
            });
            true
        }
        s if runs::is_run_stage(&s) || s == Stage::RunEnd => runs::step(g, s, ev),
        s => turns::step(g, s, ev),
    })
}

/// Apply a checked input to the task or stage waiting for it.
pub fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    if let Some(task) = g.tasks.last().cloned() {
        return tasks::task_input(g, task, input, ev);
    }
    match (g.stage.clone(), input) {
        (s @ (Stage::CardNumbers | Stage::Setup { .. } | Stage::MulliganShuffle { .. }), Input::Draw { values, .. }) => {
            turns::setup_draw_input(g, s, values, ev)
        }
        (Stage::Mulligan { seat }, Input::Decision { .. }) => turns::mulligan_input(g, seat, input, ev),
        (Stage::Window { at, round }, Input::Decision { seat, .. }) => windows::window_input(g, at, round, *seat, input, ev),
        (Stage::Action, Input::Decision { .. }) => actions::action_input(g, input, ev),
        (Stage::Discard, Input::Decision { .. }) => turns::discard_input(g, input, ev),
        (Stage::Continue { at_server }, Input::Decision { .. }) => runs::continue_input(g, at_server, input, ev),
        (Stage::Accessing, Input::Decision { choice: crate::core::Choice::Order(_), .. } | Input::Draw { .. }) => access::accessing_input(g, input, ev),
        _ => Err(corrupt("the state does not wait for this input")),
    }
}
