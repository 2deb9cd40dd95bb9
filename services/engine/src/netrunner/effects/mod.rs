//! The rule pieces card rows and the flow both call: what an effect does to the game, by rule
//! concept, apart from the cards (`cards/` holds cards and the vocabulary they are written in)
//! and from the turn structure (`flow/`). Cf. jinteki.net's `game/core/*`.
//!
//! - [`asks`]: options and typed answers, and the questions several cards ask.
//! - [`basics`]: tags, ending the run, damage, clicks, threat, uniqueness.
//! - [`costs`]: costs declared as data on an ability's row (CR 1.16): can pay, pay (expend
//!   included), offers.
//! - [`counters`]: virus, advancement and agenda counters, the purge, hosted credits taken.
//! - [`corp_cards`]: rez, derez, forfeit and moves of Corp cards by an effect.
//! - [`hosted_credits`]: hosted and recurring credits spent on the costs they may pay.
//! - [`moves`]: the Runner's trashes, cards hosted face up, sabotage, arranging R&D.
//! - [`encounters`]: encounters with ice (CR 6.5): gained subroutines, break limits, breaking by
//!   a card's ability, moving the Runner or ice.
//! - [`prevention`]: interrupts that prevent damage or "when encountered" abilities, hosted
//!   Runner cards, accesses outside a run, the assassination agendas.
//! - [`persistent`]: persistent abilities (CR 1.16).
//! - [`statics`]: the numbers constant effects change (`Game` methods, so `state` names no card).
//! - [`triggers`]: simultaneous abilities ordered by the rules (CR 9.2).
//!
//! Owns: no card and no turn structure. Must never: import `flow`, or name a card in its code
//! (comments cite cards as examples).

pub mod asks;
pub mod basics;
pub mod corp_cards;
pub mod costs;
pub mod counters;
pub mod encounters;
pub mod hosted_credits;
pub mod moves;
pub mod persistent;
pub mod prevention;
mod statics;
pub mod triggers;

pub use self::asks::*;
pub use self::basics::*;
pub use self::corp_cards::*;
pub use self::counters::*;
pub use self::hosted_credits::*;
pub use self::moves::*;
pub use self::persistent::*;
pub use self::prevention::*;
