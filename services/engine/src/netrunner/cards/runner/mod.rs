//! The Runner's cards, one file per card type (a folder split by faction for a large type).

pub mod events;
pub mod hardware;
pub mod identities;
pub mod programs;
pub mod resources;
