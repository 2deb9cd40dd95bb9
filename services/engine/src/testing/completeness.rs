//! The completeness oracle, the leak oracle's mirror ([`super::leak`]): proof, over the same
//! random games, that every public fact of the full state is in the spectator's view (and so in
//! every seat's, which shows at least as much). The leak oracle shows a viewer gets nothing
//! hidden; this one shows it gets everything the rules make public, so that a client can draw a
//! table from the view alone (issue 35: counters on a card, a breaker's strength, a flipped
//! identity, the removed-from-game pile and lasting effects were in the state and nowhere in
//! the view).
//!
//! Each game lists the public facts of a state from the state itself ([`PublicInfo::public_facts`]),
//! written apart from its view code: a fact the list has and the view lacks is a missing fact.
//! A card's facts are looked for in the view object that carries the card's number (`"id"`),
//! wherever it sits; other facts at a JSON pointer, or as a member of an array at a pointer.
//!
//! What it does not prove: that the list of facts is itself complete. It is kept beside the
//! state's types (a new public field of the state is added there), and the planted-omission
//! tests show the check bites.

use serde_json::Value;

use crate::core::{RulesError, Ruleset, Viewer};

/// A public fact of a state, as the spectator's view must carry it.
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// The view has an object with `"id": card` holding each member with this value.
    Card { card: u32, members: Vec<(&'static str, Value)> },
    /// The value at a JSON pointer of the view.
    At { pointer: String, value: Value },
    /// An element of the array at `pointer` holds each member with this value.
    InArray { pointer: String, members: Vec<(&'static str, Value)> },
}

/// What a game tells the oracle about public information.
pub trait PublicInfo {
    /// Every public fact of `state`, read from the state (not from the view).
    fn public_facts(&self, state: &[u8]) -> Result<Vec<Fact>, RulesError>;
}

/// What the oracle checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompletenessStats {
    pub states: u64,
    pub facts: u64,
}

impl CompletenessStats {
    pub fn add(&mut self, other: CompletenessStats) {
        self.states += other.states;
        self.facts += other.facts;
    }
}

/// Every object of `v` (recursively) whose `"id"` is `card`.
fn objects_with_id<'a>(v: &'a Value, card: u32, out: &mut Vec<&'a serde_json::Map<String, Value>>) {
    match v {
        Value::Object(m) => {
            if m.get("id").and_then(Value::as_u64) == Some(u64::from(card)) {
                out.push(m);
            }
            m.values().for_each(|x| objects_with_id(x, card, out));
        }
        Value::Array(a) => a.iter().for_each(|x| objects_with_id(x, card, out)),
        _ => {}
    }
}

fn holds(m: &serde_json::Map<String, Value>, members: &[(&'static str, Value)]) -> bool {
    members.iter().all(|(k, want)| m.get(*k) == Some(want))
}

/// Check one state: every public fact is in the spectator's view. The number of facts checked,
/// or the first one missing.
pub fn check_state(ruleset: &dyn Ruleset, info: &dyn PublicInfo, state: &[u8]) -> Result<u64, String> {
    let view = ruleset.view(state, Viewer::Spectator).map_err(|e| format!("the spectator's view: {e}"))?;
    let facts = info.public_facts(state).map_err(|e| format!("the public facts: {e}"))?;
    for fact in &facts {
        let ok = match fact {
            Fact::Card { card, members } => {
                let mut found = Vec::new();
                objects_with_id(&view, *card, &mut found);
                !found.is_empty() && found.iter().any(|m| holds(m, members))
            }
            Fact::At { pointer, value } => view.pointer(pointer) == Some(value),
            Fact::InArray { pointer, members } => {
                view.pointer(pointer).and_then(Value::as_array).is_some_and(|a| a.iter().filter_map(Value::as_object).any(|m| holds(m, members)))
            }
        };
        if !ok {
            let shown = match fact {
                Fact::Card { card, .. } => {
                    let mut found = Vec::new();
                    objects_with_id(&view, *card, &mut found);
                    format!("{found:?}")
                }
                Fact::At { pointer, .. } | Fact::InArray { pointer, .. } => format!("{:?}", view.pointer(pointer)),
            };
            return Err(format!("a public fact is missing from the spectator's view: {fact:?}; the view has {shown}"));
        }
    }
    Ok(facts.len() as u64)
}

/// Check every state of a played game.
pub fn check_states(ruleset: &dyn Ruleset, info: &dyn PublicInfo, states: &[Vec<u8>]) -> Result<CompletenessStats, String> {
    let mut stats = CompletenessStats::default();
    for (i, state) in states.iter().enumerate() {
        stats.facts += check_state(ruleset, info, state).map_err(|e| format!("state {i}: {e}"))?;
        stats.states += 1;
    }
    Ok(stats)
}
