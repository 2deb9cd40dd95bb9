//! The pure rules library of Arbiter.
//!
//! Owns: the game-agnostic decision protocol ([`core`]), and one module per game
//! ([`mainframe`], [`netrunner`], later `neonhope`), plus test support ([`testing`]: a
//! random-legal bot, the leak oracle, the `apply` fuzzer, the test kit `Match<R>`). A ruleset is a pure function from
//! (state, input) to (new state, events, what the match waits for next).
//!
//! Must never: do I/O, read a clock, use a random number generator, iterate a `HashMap`, or use
//! floating point in anything that reaches state or events; show a viewer what it may not see
//! (events carry their audience, decisions a public summary, views are built per viewer).
//! Randomness arrives as an input ([`core::Input::Draw`]) drawn by the randomness service, so
//! replay never rolls again.

pub mod core;
pub mod mainframe;
pub mod netrunner;
pub mod testing;

pub use crate::core::{
    Awaiting, Choice, Decision, DeckEntry, DecisionOption, DecisionSpec, DrawKind, DrawRequest, Event,
    Input, MatchConfig, Outcome, PrivatePart, RulesError, Ruleset, SeatConfig, Step, Viewer,
};

/// Every ruleset this build knows, by name.
pub fn rulesets() -> Vec<&'static dyn Ruleset> {
    vec![&mainframe::Mainframe, &netrunner::Netrunner]
}

/// The ruleset called `name`, if this build has it.
pub fn ruleset(name: &str) -> Option<&'static dyn Ruleset> {
    rulesets().into_iter().find(|r| r.name() == name)
}
