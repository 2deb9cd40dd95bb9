//! Named defaults for what the rules page leaves to us, each a constant and a match option
//! (`MatchConfig.options`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::core::options::OptionSpec;
use crate::core::options::{self as core_options, GameOptions, OPEN_DECKLISTS};
use crate::core::RulesError;

use super::data::{Format, Snapshot};

/// NR-1.2: agenda points to win; 6 in the beginner game of the starter decks.
pub const AGENDA_POINTS_TO_WIN: i64 = 6;
/// NR-1.1: credits each player starts with.
pub const STARTING_CREDITS: i64 = 5;
/// NR-1.1: cards each player draws before the first turn.
pub const OPENING_HAND: i64 = 5;
/// NR-2.5: maximum hand size of both players before modifiers.
pub const MAX_HAND_SIZE: i64 = 5;
/// NR-2.1: clicks the Corp gains at the start of its turn.
pub const CORP_CLICKS: i64 = 3;
/// NR-2.1: clicks the Runner gains at the start of its turn.
pub const RUNNER_CLICKS: i64 = 4;
/// House: a seat whose only legal option in a paid-ability window is `pass` passes without
/// being asked (1), or is asked anyway (0). With 1 the other seat learns that it had nothing.
pub const AUTO_PASS: i64 = 1;

/// The format a match is played in: the index in `data::Format::ALL` (0 `system_gateway`, the
/// default, so every match from before formats is unchanged; 1 `startup`; 2 `standard`). Every
/// seat's deck is checked by NR-10 in it at creation. Kept beside the typed options (like
/// `open_decklists`), so the logged options of a match stay as they were.
pub const FORMAT: OptionSpec = OptionSpec {
    name: "format",
    default: 0,
    min: 0,
    max: Format::ALL.len() as i64 - 1,
    doc: "the format decks are checked in: 0 system_gateway, 1 startup, 2 standard (docs/netrunner.md, Formats)",
};

/// The snapshot of the match's format (its pool and ban list in force on a date) the decks are
/// checked under: its number (31 for `standard_31`), or 0 for the format's active snapshot. A
/// match that names one is logged with it, so it replays under that list whatever the active
/// one is later. Kept beside the typed options, like `format`.
pub const SNAPSHOT: OptionSpec = OptionSpec {
    name: "snapshot",
    default: 0,
    min: 0,
    max: 999,
    doc: "the format's snapshot (ban list) decks are checked under: 0 its active one, 7 startup_7, 31 standard_31, 32 standard_32 (docs/netrunner.md, Formats)",
};

/// The format `map` chooses (its range is checked by [`Options::from_map`]).
pub fn format_of(map: &BTreeMap<String, i64>) -> Format {
    map.get(FORMAT.name).and_then(|v| Format::from_option(*v)).unwrap_or_default()
}

/// The snapshot `map` chooses: of its format, the one the option `snapshot` names, or the active
/// one; an option naming no snapshot of the format is refused by name.
pub fn snapshot_of(map: &BTreeMap<String, i64>) -> Result<Snapshot, RulesError> {
    Snapshot::from_option(format_of(map), map.get(SNAPSHOT.name).copied().unwrap_or(0)).map_err(RulesError::InvalidConfig)
}

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec { name: "agenda_points_to_win", default: AGENDA_POINTS_TO_WIN, min: 1, max: 50, doc: "agenda points a player needs to win" },
    OptionSpec { name: "starting_credits", default: STARTING_CREDITS, min: 0, max: 100, doc: "credits each player starts with" },
    OptionSpec { name: "opening_hand", default: OPENING_HAND, min: 0, max: 20, doc: "cards drawn before the first turn" },
    OptionSpec { name: "max_hand_size", default: MAX_HAND_SIZE, min: 0, max: 100, doc: "maximum hand size before card effects" },
    OptionSpec { name: "corp_clicks", default: CORP_CLICKS, min: 1, max: 10, doc: "clicks of the Corp per turn" },
    OptionSpec { name: "runner_clicks", default: RUNNER_CLICKS, min: 1, max: 10, doc: "clicks of the Runner per turn" },
    OptionSpec { name: "auto_pass", default: AUTO_PASS, min: 0, max: 1, doc: "1: a seat with nothing but pass in a window passes automatically" },
    OPEN_DECKLISTS,
    FORMAT,
    SNAPSHOT,
];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub agenda_points_to_win: i64,
    pub starting_credits: i64,
    pub opening_hand: i64,
    pub max_hand_size: i64,
    pub corp_clicks: i64,
    pub runner_clicks: i64,
    pub auto_pass: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            agenda_points_to_win: AGENDA_POINTS_TO_WIN,
            starting_credits: STARTING_CREDITS,
            opening_hand: OPENING_HAND,
            max_hand_size: MAX_HAND_SIZE,
            corp_clicks: CORP_CLICKS,
            runner_clicks: RUNNER_CLICKS,
            auto_pass: AUTO_PASS == 1,
        }
    }
}

impl GameOptions for Options {
    const GAME: &'static str = "netrunner";
    const SPECS: &'static [OptionSpec] = OPTIONS;
    fn set(&mut self, name: &str, value: i64) {
        match name {
            // Kept on the game state itself (see `core::options::OPEN_DECKLISTS`).
            "open_decklists" | "format" | "snapshot" => {}
            "agenda_points_to_win" => self.agenda_points_to_win = value,
            "starting_credits" => self.starting_credits = value,
            "opening_hand" => self.opening_hand = value,
            "max_hand_size" => self.max_hand_size = value,
            "corp_clicks" => self.corp_clicks = value,
            "runner_clicks" => self.runner_clicks = value,
            _ => self.auto_pass = value == 1,
        }
    }
}

impl Options {
    /// Resolve named options over the defaults; unknown names and out-of-range values are refused.
    pub fn from_map(map: &BTreeMap<String, i64>) -> Result<Options, RulesError> {
        core_options::parse(map)
    }
}
