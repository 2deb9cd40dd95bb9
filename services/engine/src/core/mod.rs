//! The shared core: what every game is made of.
//!
//! - [`decision`]: the game-agnostic decision protocol (decisions, typed options, choices) and
//!   the [`Ruleset`] trait every game implements.
//! - [`event`]: events with their audience (public part, private part for some seats).
//! - [`stack`]: a LIFO stack with priority passing (the Cache of `mainframe`).
//! - [`effects`]: timed effects that expire at a named moment.

pub mod decision;
pub mod effects;
pub mod options;
pub mod event;
pub mod stack;

pub use decision::*;
pub use event::*;
