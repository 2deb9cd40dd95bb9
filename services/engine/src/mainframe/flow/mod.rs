//! The turn structure (MF-2 … MF-9): a continuation (`Stage`) that the engine advances on its
//! own until it needs a decision or a random draw, and the handling of each input. One file per
//! rule concept; this one only routes a stage to it.
//!
//! - [`setup`]: card numbers, shuffles, the first player, opening hands (MF-2).
//! - [`turn`]: Initialize (System Check, stability, Refresh, Draw/Install, Force Quit) and Reset,
//!   the next turn, the end of the match (MF-3, MF-8, MF-10).
//! - [`priority`]: Deploy and the Swift Checks: legal actions, playing, activating, passing (MF-4, MF-9).
//! - [`resolve`]: a Cache item resolves, the state check, triggers (MF-5, MF-9.3).
//! - [`attack`]: attackers, blockers, damage splits, the end of combat (MF-6, MF-7).
//! - [`windows`]: opening a priority window (who holds priority first).
//! - [`ask`]: asking a seat or the randomness service.
//!
//! Inside `flow`, imports run one way too: `mod.rs` → `setup`, `turn`, `attack`, `priority` →
//! `resolve` → `windows` → `ask`.
//!
//! Must never: name a card (cards are reached through the `cards` table only).

mod ask;
mod attack;
mod priority;
mod resolve;
mod setup;
mod turn;
mod windows;

pub use self::priority::{legal_actions, Action};
pub use self::resolve::{resolve, state_check};

use self::ask::corrupt;
use crate::core::{Event, Input, RulesError};
use crate::mainframe::state::{Game, Stage};

/// One step of the continuation; true when waiting for an input. Tests use it to change the
/// state between two steps (an item landing on the Cache mid-resolution, MF-9.5).
pub(crate) fn step(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let stage = g.stage.clone();
    match stage {
        Stage::CardNumbers | Stage::Setup { .. } => setup::step(g, stage),
        Stage::TurnStart | Stage::SystemCheck | Stage::Stability { .. } | Stage::Refresh | Stage::DrawInstall { .. } | Stage::ForceQuit => {
            turn::step_initialize(g, stage, ev)
        }
        Stage::Window { .. } => priority::step(g, ev),
        Stage::Netcheck | Stage::OrderTriggers { .. } | Stage::Resolve { .. } => resolve::step(g, stage, ev),
        Stage::DeclareAttackers
        | Stage::DeclareBlockers { .. }
        | Stage::CombatDamage
        | Stage::Splits { .. }
        | Stage::DealDamage
        | Stage::CombatEnd
        | Stage::CombatCleanup => attack::step(g, stage, ev),
        Stage::Reset | Stage::ResetCleanup | Stage::HandLimit | Stage::NextTurn | Stage::Over => turn::step_reset(g, stage, ev),
    }
}

/// Apply a checked input to the stage waiting for it.
pub fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match (&g.stage, input) {
        (Stage::CardNumbers | Stage::Setup { .. }, _) => setup::on_input(g, input, ev),
        (Stage::Stability { .. } | Stage::DrawInstall { .. } | Stage::ForceQuit | Stage::HandLimit, _) => turn::on_input(g, input, ev),
        (Stage::Window { .. }, Input::Decision { seat, .. }) => priority::on_input(g, *seat, input, ev),
        (Stage::OrderTriggers { .. }, _) => resolve::on_input(g, input),
        (Stage::DeclareAttackers | Stage::DeclareBlockers { .. } | Stage::Splits { .. }, _) => attack::on_input(g, input, ev),
        _ => Err(corrupt("the state does not wait for this input")),
    }
}
