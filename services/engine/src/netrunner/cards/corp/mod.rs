//! The Corp's cards, one file per card type (a folder split by faction for a large type).

pub mod agendas;
pub mod assets;
pub mod ice;
pub mod identities;
pub mod operations;
pub mod upgrades;
