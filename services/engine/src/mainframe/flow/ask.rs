//! Asking a seat or the randomness service, in this game's words (its decision kinds are
//! `kinds::decisions`, and a summary starts with the seat's name); the rest is `core::game`.

use crate::core::game;
use crate::core::kinds::DecisionKind;
use crate::core::{DecisionSpec, DrawKind, RulesError};
use crate::mainframe::state::Game;

pub use crate::core::game::{answer, answers, one_pick, pick_one, picks, shown, Table};

pub fn corrupt(m: &str) -> RulesError {
    RulesError::CorruptState(m.to_string())
}

/// Wait for `seat` to decide. `summary` is what everyone else is told, so it names only public
/// facts (a decision cannot be asked without one); `prompt` and the options go to `seat` only.
pub fn ask(g: &mut Game, seat: u32, kind: DecisionKind, summary: String, prompt: String, spec: DecisionSpec) {
    let summary = format!("{} {summary}", g.seat_name(seat));
    game::ask(g, seat, kind.name.to_string(), summary, prompt, spec);
}

pub fn request_draw(g: &mut Game, purpose: String, kind: DrawKind) {
    game::request_draw(g, purpose, kind);
}
