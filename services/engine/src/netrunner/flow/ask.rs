//! Asking a seat, asking for a draw, and reading inputs back: the small helpers every rule
//! concept uses, in this game's words (`netrunner.*` kinds, "The Corp"/"The Runner"); the rest is
//! `core::game`, shared with every game.

use crate::core::game;
use crate::core::{DecisionOption, DecisionSpec, DrawKind, Event, RulesError};

pub use crate::core::game::{draw_value, number, one_pick, pick_one, pick_range, picks, shuffle};
use crate::netrunner::state::{Game, CORP};

pub use crate::netrunner::cards::other;

pub fn public(kind: &str, text: impl Into<String>, detail: serde_json::Value) -> Event {
    Event::public(format!("netrunner.{kind}"), text, detail)
}

pub fn corrupt(m: &str) -> RulesError {
    RulesError::CorruptState(m.to_string())
}

/// Wait for `seat` to decide. `summary` is what the other seat and spectators are told, so it
/// names only public facts (a decision cannot be asked without one); `prompt` and the options go
/// to `seat` only.
pub fn ask(g: &mut Game, seat: u32, kind: &str, summary: String, prompt: String, spec: DecisionSpec) {
    let who = if seat == CORP { "The Corp" } else { "The Runner" };
    // `cards::CARD_KIND` is already the full kind ("netrunner.card"): not prefixed twice.
    let kind = if kind.starts_with("netrunner.") { kind.to_string() } else { format!("netrunner.{kind}") };
    game::ask(g, seat, kind, format!("{who} {summary}"), prompt, spec);
}

pub fn request_draw(g: &mut Game, purpose: &str, kind: DrawKind) {
    game::request_draw(g, purpose.to_string(), kind);
}

pub fn opt(id: impl Into<String>, label: impl Into<String>) -> DecisionOption {
    DecisionOption::new(id, label)
}

/// The clicks the active seat has left.
pub fn clicks_left(g: &Game) -> i64 {
    if g.active == CORP {
        g.corp.clicks
    } else {
        g.runner.clicks
    }
}
