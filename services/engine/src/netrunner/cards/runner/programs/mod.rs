//! The Runner's programs, one file per faction.

pub mod anarch;
pub mod criminal;
pub mod neutral;
pub mod shaper;
