//! Setting up (NH-2.2, H-9): the Grid and the encounter deck are shuffled by audited draws; a
//! Grid reset and an encounter-deck reshuffle are the same draws later on. Nothing of a layout
//! or an order is ever put in an event.

use crate::neonhope::kinds::events;
use serde_json::json;

use super::ask::{corrupt, request_draw};
use crate::core::game::shuffle;
use crate::core::{DrawKind, Event, Input, RulesError};
use crate::neonhope::data;
use crate::neonhope::state::{Game, Grid, Stage};

pub const GRID_PURPOSE: &str = "grid";
pub const DECK_PURPOSE: &str = "encounter-deck";

/// Ask for the draw the stage needs.
pub(super) fn step(g: &mut Game, stage: &Stage) -> Result<bool, RulesError> {
    match stage {
        Stage::ShuffleGrid | Stage::GridReset { .. } => request_draw(g, GRID_PURPOSE, DrawKind::Shuffle(data::GRID_TILES.len() as u32)),
        _ => request_draw(g, DECK_PURPOSE, DrawKind::Shuffle(g.encounter_deck.len() as u32)),
    }
    Ok(true)
}

/// A new Grid from a drawn permutation of the 19 tiles.
fn lay_grid(g: &mut Game, values: &[u32]) -> Result<(), RulesError> {
    let mut layout: Vec<u32> = (0..data::GRID_TILES.len() as u32).collect();
    shuffle(&mut layout, values)?;
    g.grid = Grid { layout, revealed: vec![false; data::GRID_SIZE] };
    Ok(())
}

pub(super) fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let Input::Draw { values, .. } = input else { return Err(corrupt("the state does not wait for a decision")) };
    match g.stage.clone() {
        Stage::ShuffleGrid => {
            lay_grid(g, values)?;
            ev.push(events::GRID_SHUFFLED.public("The 19 Grid tiles are shuffled; 16 are laid face down", json!({})));
            g.stage = Stage::ShuffleEncounters;
        }
        Stage::GridReset { then } => {
            lay_grid(g, values)?;
            ev.push(events::GRID_RESET.public("Every Grid tile was revealed: all 19 are shuffled again (NH-2.2)", json!({})));
            g.stage = *then;
        }
        Stage::ShuffleEncounters => {
            shuffle(&mut g.encounter_deck, values)?;
            ev.push(events::ENCOUNTER_DECK_SHUFFLED.public("The encounter deck is shuffled", json!({"cards": g.encounter_deck.len()})));
            g.stage = Stage::RoundStart;
        }
        Stage::Drawing { .. } => {
            shuffle(&mut g.encounter_deck, values)?;
            ev.push(
                events::ENCOUNTER_DECK_RESHUFFLED
                    .public("The encounter deck is empty: its discard pile is shuffled into a new deck (H-9)", json!({"cards": g.encounter_deck.len()})),
            );
        }
        _ => return Err(corrupt("the state does not wait for a draw")),
    }
    Ok(())
}
