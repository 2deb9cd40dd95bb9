//! The Corp's agendas, one file per faction.

pub mod haas_bioroid;
pub mod jinteki;
pub mod nbn;
pub mod neutral;
pub mod weyland;
