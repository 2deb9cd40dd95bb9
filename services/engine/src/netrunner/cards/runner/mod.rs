//! The Runner's cards, one file per card type.

pub mod events;
pub mod hardware;
pub mod identities;
pub mod programs;
pub mod resources;
