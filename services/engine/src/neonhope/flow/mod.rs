//! The round (NH-2, NH-3) as a continuation (`Stage`) the engine advances until it needs a
//! decision or a random draw. One file per rule concept; this one only routes a stage to it.
//!
//! - [`setup`]: the Grid and encounter-deck shuffles, at setup and later (NH-2.2, H-9).
//! - [`action`]: the action phase, actions and boosts (NH-2.1).
//! - [`task`]: the task test and the Grid (NH-2.2, H-12).
//! - [`checkpoint`]: thresholds, the end of the game, stress and Endurance (NH-3.9, NH-1).
//! - [`encounter`]: the encounter phase NH-3.0 to NH-3.14.
//! - [`ask`]: asking a seat or the randomness service.
//!
//! Must never: name a card (cards are reached through the `cards` tables only).

mod action;
mod ask;
mod checkpoint;
mod encounter;
mod setup;
mod task;

pub use self::action::{actions, Act};
pub use self::encounter::surveilling_enemies;
pub use self::task::judge;

use self::ask::corrupt;
use crate::core::{Event, Input, RulesError};
use crate::neonhope::state::{Game, Stage};

/// One step of the continuation; true when waiting for an input (`core::game::settle` loops it).
pub(crate) fn step(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let stage = g.stage.clone();
    match stage {
        Stage::ShuffleGrid | Stage::ShuffleEncounters | Stage::GridReset { .. } => setup::step(g, &stage),
        Stage::RoundStart => action::step_round_start(g, ev),
        Stage::Action { seat, turn } => action::step_action(g, seat, turn),
        Stage::Boost => action::step_boost(g),
        Stage::Reveal => task::step_reveal(g, ev),
        Stage::TaskEnd => task::step_task_end(g, ev),
        Stage::Checkpoint { then } => checkpoint::step(g, *then, ev),
        Stage::Encounter { step } => encounter::step(g, step, ev),
        Stage::DrawEach { order } => encounter::step_draw_each(g, order),
        Stage::Drawing { seat, left, then } => encounter::step_drawing(g, seat, left, *then, ev),
        Stage::Resolve { seat } => encounter::step_resolve(g, seat, ev),
        Stage::EncounterEnd => encounter::step_end(g, ev),
        Stage::Over => Ok(true),
    }
}

/// Apply a checked input to the stage waiting for it.
pub fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match g.stage.clone() {
        Stage::ShuffleGrid | Stage::ShuffleEncounters | Stage::GridReset { .. } | Stage::Drawing { .. } => setup::on_input(g, input, ev),
        Stage::Action { seat, turn } => action::on_action(g, seat, turn, input, ev),
        Stage::Boost => action::on_boost(g, input, ev),
        Stage::Reveal => task::on_reveal(g, input, ev),
        Stage::Checkpoint { .. } => checkpoint::on_input(g, input, ev),
        Stage::Encounter { step } => encounter::on_input(g, step, input, ev),
        Stage::Resolve { seat } => encounter::on_order_held(g, seat, input),
        _ => Err(corrupt("the state does not wait for this input")),
    }
}
