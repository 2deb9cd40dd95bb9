//! Named defaults for what the seed does not give (MF-10 and every [house] rule), each one a
//! constant and a match option (`MatchConfig.options`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::core::options::OptionSpec;
use crate::core::options::{self as core_options, GameOptions, OPEN_DECKLISTS};
use crate::core::RulesError;

/// MF-10: starting Mainframe.
pub const STARTING_MAINFRAME: i64 = 12;
/// MF-10: starting Bioframe.
pub const STARTING_BIOFRAME: i64 = 12;
/// MF-10: cards drawn from the Cyberdeck before the first turn.
pub const OPENING_HAND: i64 = 5;
/// MF-10: RAM cards installed from the RAM deck before the first turn, so that turn one is not
/// empty.
pub const OPENING_RAM: i64 = 2;
/// MF-10: at the end of their Reset the active player discards down to this many cards.
pub const HAND_LIMIT: i64 = 7;
/// House: a seat whose only legal option in a priority window is `pass` passes without being
/// asked (1), or is asked anyway (0). With 1 the others learn that it had no Swift response.
pub const AUTO_PASS: i64 = 1;
/// House (MF-3.2): stability tests crash on a d20 roll of 1..=this (the seed says "0–10").
pub const STABILITY_CRASH_MAX: i64 = 10;
/// MF-9.5: when every seat passes in succession, 0 resolves the whole Cache, most recent first,
/// before anyone gets priority again (the seed read plainly, the default); 1 resolves one item and
/// then opens a fresh round of priority (a house variant, like Magic's stack).
pub const CACHE_RESOLUTION: i64 = 0;
/// MF-3.4 [seed]: choices in Draw/Install (the first player's first turn makes one).
pub const DRAW_INSTALL_CHOICES: u32 = 2;

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec { name: "starting_mainframe", default: STARTING_MAINFRAME, min: 1, max: 1000, doc: "starting Mainframe of every player" },
    OptionSpec { name: "starting_bioframe", default: STARTING_BIOFRAME, min: 1, max: 1000, doc: "starting Bioframe of every player" },
    OptionSpec { name: "opening_hand", default: OPENING_HAND, min: 0, max: 20, doc: "cards drawn before the first turn" },
    OptionSpec { name: "opening_ram", default: OPENING_RAM, min: 0, max: 10, doc: "RAM cards installed before the first turn" },
    OptionSpec { name: "hand_limit", default: HAND_LIMIT, min: 0, max: 100, doc: "hand size kept at the end of one's turn" },
    OptionSpec { name: "auto_pass", default: AUTO_PASS, min: 0, max: 1, doc: "1: a seat with nothing but pass passes automatically" },
    OptionSpec { name: "stability_crash_max", default: STABILITY_CRASH_MAX, min: 0, max: 20, doc: "a stability roll of 1..=this crashes the card" },
    OptionSpec {
        name: "cache_resolution",
        default: CACHE_RESOLUTION,
        min: 0,
        max: 1,
        doc: "MF-9.5: when all pass, 0 resolves the whole Cache before priority comes back; 1 resolves one item, then priority again",
    },
    OPEN_DECKLISTS,
];

/// How much of the Cache resolves once every seat has passed in succession (MF-9.5). Written as
/// the option's number (0, 1) in the state, views and events, as the match was configured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "i64", try_from = "i64")]
pub enum CacheResolution {
    /// The whole Cache, most recent first; priority comes back when it is empty (the seed).
    #[default]
    Whole,
    /// The top item only, then a fresh round of priority (option value 1).
    OneItem,
}

impl From<CacheResolution> for i64 {
    fn from(c: CacheResolution) -> i64 {
        match c {
            CacheResolution::Whole => 0,
            CacheResolution::OneItem => 1,
        }
    }
}

impl TryFrom<i64> for CacheResolution {
    type Error = String;
    fn try_from(v: i64) -> Result<Self, String> {
        match v {
            0 => Ok(CacheResolution::Whole),
            1 => Ok(CacheResolution::OneItem),
            _ => Err(format!("cache_resolution is 0 or 1, not {v}")),
        }
    }
}

/// The resolved options of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub starting_mainframe: i64,
    pub starting_bioframe: i64,
    pub opening_hand: i64,
    pub opening_ram: i64,
    pub hand_limit: i64,
    pub auto_pass: bool,
    pub stability_crash_max: i64,
    /// Absent from states written before the option existed: those resolved one item at a time.
    #[serde(default = "one_item")]
    pub cache_resolution: CacheResolution,
}

fn one_item() -> CacheResolution {
    CacheResolution::OneItem
}

impl Default for Options {
    fn default() -> Self {
        Options {
            starting_mainframe: STARTING_MAINFRAME,
            starting_bioframe: STARTING_BIOFRAME,
            opening_hand: OPENING_HAND,
            opening_ram: OPENING_RAM,
            hand_limit: HAND_LIMIT,
            auto_pass: AUTO_PASS == 1,
            stability_crash_max: STABILITY_CRASH_MAX,
            cache_resolution: if CACHE_RESOLUTION == 1 { CacheResolution::OneItem } else { CacheResolution::Whole },
        }
    }
}

impl GameOptions for Options {
    const GAME: &'static str = "mainframe";
    const SPECS: &'static [OptionSpec] = OPTIONS;
    fn set(&mut self, name: &str, value: i64) {
        match name {
            // Kept on the game state itself (see `core::options::OPEN_DECKLISTS`).
            "open_decklists" => {}
            "starting_mainframe" => self.starting_mainframe = value,
            "starting_bioframe" => self.starting_bioframe = value,
            "opening_hand" => self.opening_hand = value,
            "opening_ram" => self.opening_ram = value,
            "hand_limit" => self.hand_limit = value,
            "auto_pass" => self.auto_pass = value == 1,
            "cache_resolution" => self.cache_resolution = if value == 1 { CacheResolution::OneItem } else { CacheResolution::Whole },
            _ => self.stability_crash_max = value,
        }
    }
}

impl Options {
    /// Resolve named options over the defaults; unknown names and out-of-range values are refused.
    pub fn from_map(map: &BTreeMap<String, i64>) -> Result<Options, RulesError> {
        core_options::parse(map)
    }
}
