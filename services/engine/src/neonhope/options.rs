//! Named defaults for what the seed leaves open (the house rules H-x of
//! `shared/rules/neonhope.md`), each a constant and, where a table may want another reading, a
//! match option (`MatchConfig.options`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::core::options::OptionSpec;
use crate::core::options::{self as core_options, GameOptions, OPEN_DECKLISTS};
use crate::core::RulesError;

/// H-6: surveillance that loses the game (30 is the hard mode).
pub const FINAL_SURVEILLANCE: i64 = 40;
/// H-1: 0 keeps the first seat's character responsible; 1 rotates it clockwise every round.
pub const RESPONSIBLE_ROTATES: i64 = 0;
/// H-2 (NH-3.7): 0 draws clockwise from the responsible character; 1 lets the responsible seat
/// order the draws.
pub const ASK_DRAW_ORDER: i64 = 0;
/// H-12: 0 lets the acting seat pick the face-down Grid tile; 1 reveals the next one.
pub const GRID_AUTO_REVEAL: i64 = 0;
/// NH-2.1: action counters per character per round.
pub const ACTION_COUNTERS: u32 = 3;

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "final_surveillance",
        default: FINAL_SURVEILLANCE,
        min: 10,
        max: 100,
        doc: "surveillance that loses the game (H-6; 30 is the hard mode)",
    },
    OptionSpec {
        name: "responsible_rotates",
        default: RESPONSIBLE_ROTATES,
        min: 0,
        max: 1,
        doc: "1: the responsible character rotates clockwise every round (H-1)",
    },
    OptionSpec { name: "ask_draw_order", default: ASK_DRAW_ORDER, min: 0, max: 1, doc: "1: the responsible seat orders the NH-3.7 draws (H-2)" },
    OptionSpec {
        name: "grid_auto_reveal",
        default: GRID_AUTO_REVEAL,
        min: 0,
        max: 1,
        doc: "1: a task test reveals the next face-down Grid tile instead of asking (H-12)",
    },
    OPEN_DECKLISTS,
];

/// The resolved options of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub final_surveillance: u32,
    pub responsible_rotates: bool,
    pub ask_draw_order: bool,
    pub grid_auto_reveal: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            final_surveillance: FINAL_SURVEILLANCE as u32,
            responsible_rotates: RESPONSIBLE_ROTATES == 1,
            ask_draw_order: ASK_DRAW_ORDER == 1,
            grid_auto_reveal: GRID_AUTO_REVEAL == 1,
        }
    }
}

impl GameOptions for Options {
    const GAME: &'static str = "neonhope";
    const SPECS: &'static [OptionSpec] = OPTIONS;
    fn set(&mut self, name: &str, value: i64) {
        match name {
            // The action decks are printed on the characters and public: nothing to open.
            "open_decklists" => {}
            // In range by the spec (10..=100).
            "final_surveillance" => self.final_surveillance = value.clamp(0, 1000) as u32,
            "responsible_rotates" => self.responsible_rotates = value == 1,
            "ask_draw_order" => self.ask_draw_order = value == 1,
            _ => self.grid_auto_reveal = value == 1,
        }
    }
}

impl Options {
    pub fn from_map(map: &BTreeMap<String, i64>) -> Result<Options, RulesError> {
        core_options::parse(map)
    }
}
