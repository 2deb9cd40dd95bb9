//! Asking a seat, asking for a draw, and reading inputs back: the small helpers every rule
//! concept uses.

use crate::core::{Awaiting, Choice, Decision, DecisionOption, DecisionSpec, DrawKind, DrawRequest, Event, Input, RulesError};
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
    let id = g.next_decision;
    g.next_decision += 1;
    let who = if seat == CORP { "The Corp" } else { "The Runner" };
    let summary = format!("{who} {summary}");
    g.awaiting = Awaiting::Decision(Decision { id, seat, kind: format!("netrunner.{kind}"), summary, prompt, spec });
}

pub fn request_draw(g: &mut Game, purpose: &str, kind: DrawKind) {
    let index = g.next_draw;
    g.next_draw += 1;
    g.awaiting = Awaiting::Draw(DrawRequest { index, purpose: purpose.to_string(), kind });
}

pub fn pick_one(options: Vec<DecisionOption>) -> DecisionSpec {
    DecisionSpec::Pick { options, min: 1, max: 1 }
}

pub fn pick_range(options: Vec<DecisionOption>, min: u32, max: u32) -> DecisionSpec {
    DecisionSpec::Pick { options, min, max }
}

pub fn opt(id: impl Into<String>, label: impl Into<String>) -> DecisionOption {
    DecisionOption::new(id, label)
}

pub fn picks(input: &Input) -> Result<Vec<String>, RulesError> {
    match input {
        Input::Decision { choice: Choice::Pick(ids), .. } => Ok(ids.clone()),
        _ => Err(RulesError::Malformed("this decision expects a pick".into())),
    }
}

pub fn one_pick(input: &Input) -> Result<String, RulesError> {
    picks(input)?.into_iter().next().ok_or_else(|| RulesError::Malformed("pick one option".into()))
}

pub fn number(input: &Input) -> Result<i64, RulesError> {
    match input {
        Input::Decision { choice: Choice::Number(n), .. } => Ok(*n),
        _ => Err(RulesError::Malformed("this decision expects a number".into())),
    }
}

pub fn draw_value(input: &Input) -> Result<u32, RulesError> {
    match input {
        Input::Draw { values, .. } => values.first().copied().ok_or_else(|| RulesError::Malformed("empty draw".into())),
        _ => Err(RulesError::Malformed("this step expects a draw".into())),
    }
}

pub fn id_num(id: &str, prefix: &str) -> Option<u32> {
    id.strip_prefix(prefix)?.parse().ok()
}

/// Reorder `deck` by a drawn permutation.
pub fn shuffle(deck: &mut Vec<u32>, values: &[u32]) -> Result<(), RulesError> {
    let old = deck.clone();
    if values.len() != old.len() {
        return Err(RulesError::Malformed("shuffle of the wrong size".into()));
    }
    let mut new = Vec::with_capacity(old.len());
    for &v in values {
        new.push(*old.get(v as usize).ok_or_else(|| RulesError::Malformed("shuffle value out of range".into()))?);
    }
    *deck = new;
    Ok(())
}

/// The clicks the active seat has left.
pub fn clicks_left(g: &Game) -> i64 {
    if g.active == CORP {
        g.corp.clicks
    } else {
        g.runner.clicks
    }
}
