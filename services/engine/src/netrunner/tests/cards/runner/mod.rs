//! The Runner card tests, one file per card type.

pub(crate) mod events;
pub(crate) mod hardware;
pub(crate) mod identities;
pub(crate) mod programs;
pub(crate) mod resources;
