//! The pure rules library of Arbiter.
//!
//! Owns: the game-agnostic decision protocol ([`core`]), and one module per game
//! ([`mainframe`], [`netrunner`], [`neonhope`]), and a seeded random player ([`bots`]) for
//! demos, benches and deck generation. Test support (the leak oracle, the `apply` fuzzer, the test
//! kit) is the `testing` module, compiled only for the engine's own tests. A ruleset is a pure
//! function from (state, input) to (new state, events, what the match waits for next).
//!
//! Must never: do I/O, read a clock, use a random number generator, iterate a `HashMap`, or use
//! floating point in anything that reaches state or events; show a viewer what it may not see
//! (events carry their audience, decisions a public summary, views are built per viewer).
//! Randomness arrives as an input ([`core::Input::Draw`]) drawn by the randomness service, so
//! replay never rolls again.

pub mod core;
pub mod mainframe;
pub mod neonhope;
pub mod netrunner;

pub mod bots;
#[cfg(test)]
pub mod testing;

pub use crate::core::{
    Awaiting, Choice, Decision, DecisionOption, DecisionSpec, DeckEntry, DrawKind, DrawRequest, Event, Input, MatchConfig, Outcome, PrivatePart, RulesError,
    Ruleset, SeatConfig, Step, Viewer,
};

/// Every ruleset this build knows, by name.
pub fn rulesets() -> Vec<&'static dyn Ruleset> {
    vec![&mainframe::Mainframe, &netrunner::Netrunner, &neonhope::Neonhope]
}

/// The ruleset called `name`, if this build has it.
pub fn ruleset(name: &str) -> Option<&'static dyn Ruleset> {
    rulesets().into_iter().find(|r| r.name() == name)
}

/// The published JSON Schemas of a ruleset. Its kinds and event details come from its
/// declarations ([`Ruleset::kinds`], `core::kinds`), the code that emits them; the schema of a
/// view is inferred from many random games (views are built per viewer with `json!`, so there
/// is no one type to derive it from) and published as `docs/schemas/<ruleset>.state.schema.json`,
/// which the engine's tests regenerate and require to be current.
#[derive(Clone, Debug)]
pub struct Schemas {
    /// The schema of a view (`state_json`).
    pub state: &'static str,
    /// `$defs`: the schema of each event kind's `detail_json`; `x-private`: of its private detail.
    pub events: serde_json::Value,
    /// `{"decision_kinds": [..], "event_kinds": [..], "docs": {..}}`.
    pub kinds: serde_json::Value,
}

/// The published schemas of the ruleset called `name`.
pub fn schemas(name: &str) -> Option<Schemas> {
    let state = match name {
        "mainframe" => include_str!("../../../docs/schemas/mainframe.state.schema.json"),
        "netrunner" => include_str!("../../../docs/schemas/netrunner.state.schema.json"),
        "neonhope" => include_str!("../../../docs/schemas/neonhope.state.schema.json"),
        _ => return None,
    };
    let kinds = ruleset(name)?.kinds();
    Some(Schemas { state, events: kinds.events_schema(name).ok()?, kinds: kinds.kinds_json(name) })
}
