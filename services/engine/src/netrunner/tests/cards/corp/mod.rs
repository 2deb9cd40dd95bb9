//! The Corp card tests, one file per card type.

pub(crate) mod agendas;
pub(crate) mod assets;
pub(crate) mod ice;
pub(crate) mod identities;
pub(crate) mod operations;
pub(crate) mod upgrades;
