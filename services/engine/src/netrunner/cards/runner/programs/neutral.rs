//! Programs without a faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[MAYFLY_ROW];

// --- Mayfly --------------------------------------------------------------------------------------

pub const MAYFLY: &str = "30032";

pub(crate) const MAYFLY_ROW: CardDef =
    CardDef { code: MAYFLY, name: "Mayfly", breaker: Some(Breaker { trash_after_run: true, ..Breaker::new(None, 1, 1, 1) }), ..BLANK };
