//! The Corp's cards, one file per card type.

pub mod agendas;
pub mod assets;
pub mod ice;
pub mod identities;
pub mod operations;
pub mod upgrades;
