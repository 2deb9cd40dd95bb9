//! The shared core: what every game is made of.
//!
//! - [`control`]: match control (concession, adjudication, time) that ends any match the same way.
//! - [`decision`]: the game-agnostic decision protocol (decisions, typed options, choices) and
//!   the [`Ruleset`] trait every game implements.
//! - [`event`]: events with their audience (public part, private part for some seats).
//! - [`kinds`]: the declared decision and event kinds (with their detail shapes) a game emits.
//! - [`game`]: the per-game scaffolding (state blob, `apply`, asking, reading answers, typed
//!   option tables) every game builds on.
//! - [`stack`]: a LIFO stack with priority passing (the Cache of `mainframe`).
//! - [`effects`]: timed effects that expire at a named moment.
//! - [`numbering`]: per-match card numbers (a permutation drawn at setup).
//! - [`state_codec`]: the binary encoding of every game's state blob (tagged postcard).

pub mod control;
pub mod decision;
pub mod effects;
pub mod event;
pub mod game;
pub mod kinds;
pub mod numbering;
pub mod options;
pub mod stack;
pub mod state_codec;

pub use decision::*;
pub use event::*;
