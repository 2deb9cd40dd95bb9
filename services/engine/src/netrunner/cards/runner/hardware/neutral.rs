//! Hardware without a faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[T400_MEMORY_DIAMOND_ROW];

// --- T400 Memory Diamond -------------------------------------------------------------------------

pub const T400_MEMORY_DIAMOND: &str = "30031";

pub(crate) const T400_MEMORY_DIAMOND_ROW: CardDef =
    CardDef { code: T400_MEMORY_DIAMOND, name: "T400 Memory Diamond", statics: &[Static::Memory(1), Static::MaxHand(1)], ..BLANK };
