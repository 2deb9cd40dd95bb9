//! Asking a seat or the randomness service in this game's words (decision kinds of `kinds::decisions`,
//! a summary starting with the seat's name); the rest is `core::game`.

use crate::core::game;
use crate::core::kinds::DecisionKind;
use crate::core::{DecisionSpec, DrawKind, RulesError};
use crate::neonhope::state::Game;

pub use crate::core::game::{answer, answers, one_pick, picks, shown, Table};

pub fn corrupt(m: &str) -> RulesError {
    RulesError::CorruptState(m.to_string())
}

/// Wait for `seat` to decide; `summary` names only public facts.
pub fn ask(g: &mut Game, seat: u32, kind: DecisionKind, summary: String, prompt: String, spec: DecisionSpec) {
    let summary = format!("{} {summary}", g.seat_name(seat));
    game::ask(g, seat, kind.name.to_string(), summary, prompt, spec);
}

pub fn request_draw(g: &mut Game, purpose: &str, kind: DrawKind) {
    game::request_draw(g, purpose.to_string(), kind);
}

/// The ids of an Order answer, or of a Pick.
pub fn ordered(input: &crate::core::Input) -> Result<Vec<String>, RulesError> {
    match input {
        crate::core::Input::Decision { choice: crate::core::Choice::Order(ids), .. } => Ok(ids.clone()),
        _ => picks(input),
    }
}
