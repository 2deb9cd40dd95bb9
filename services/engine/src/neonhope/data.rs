//! What is printed: the starter episode "Static Over Kessel Row" (locations, conditions,
//! enemies, thresholds, the objective), the four characters with their action decks, the
//! encounter and episode cards, and the Grid's 19 tiles (H-13). All names and words are our own.
//!
//! Owns: the printed numbers. Must never: import anything else of the game (this is the bottom
//! layer); what a card *does* is in `cards`.

use serde::{Deserialize, Serialize};

/// The four tasks (NH-2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Task {
    Hack,
    Fight,
    Investigate,
    Support,
}

impl Task {
    pub fn name(self) -> &'static str {
        match self {
            Task::Hack => "Hack",
            Task::Fight => "Fight",
            Task::Investigate => "Investigate",
            Task::Support => "Get support",
        }
    }
}

/// Something the Corporation or the scenario does (NH-3.11: it belongs to no character).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Cause this much surveillance.
    Surveil(u32),
    /// Each character at the given location (None: every character) takes this much stress.
    Stress(Option<&'static str>, u32),
    /// 1 hacking die on every condition that is not withdrawn (permanent ones too).
    DieOnEveryCondition,
    /// Every enemy that is not withdrawn, at a location with a character, activates.
    EnemiesActivate,
    /// The enemies at this location activate.
    EnemiesActivateAt(&'static str),
}

/// One Grid tile (NH-2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tile {
    Mod(i32),
    EpicWin,
    EpicFail,
    ThreeSkulls,
}

impl Tile {
    pub fn name(self) -> String {
        match self {
            Tile::Mod(v) if v > 0 => format!("+{v}"),
            Tile::Mod(v) => format!("{v}"),
            Tile::EpicWin => "Epic Win".into(),
            Tile::EpicFail => "Epic Fail".into(),
            Tile::ThreeSkulls => "Three Skulls".into(),
        }
    }
}

/// H-13: the 19 Grid tiles.
pub const GRID_TILES: [Tile; 19] = [
    Tile::Mod(-3),
    Tile::Mod(-2),
    Tile::Mod(-2),
    Tile::Mod(-1),
    Tile::Mod(-1),
    Tile::Mod(-1),
    Tile::Mod(0),
    Tile::Mod(0),
    Tile::Mod(0),
    Tile::Mod(0),
    Tile::Mod(1),
    Tile::Mod(1),
    Tile::Mod(1),
    Tile::Mod(2),
    Tile::Mod(2),
    Tile::Mod(3),
    Tile::EpicWin,
    Tile::EpicFail,
    Tile::ThreeSkulls,
];
/// NH-2.2: tiles laid face down in the 4×4 Grid (the other 3 are set aside).
pub const GRID_SIZE: usize = 16;
/// NH-2.2: Three Skulls counts −1.
pub const SKULLS_PENALTY: i32 = -1;

pub struct Location {
    pub key: &'static str,
    pub name: &'static str,
    /// Investigate difficulty here.
    pub investigate: i32,
    /// Intel tokens here at setup.
    pub intel: u32,
}

pub const LOCATIONS: &[Location] = &[
    Location { key: "safehouse", name: "The Laundromat Safehouse", investigate: 9, intel: 0 },
    Location { key: "market", name: "Night Market", investigate: 4, intel: 1 },
    Location { key: "plaza", name: "Lumen Plaza", investigate: 5, intel: 1 },
    Location { key: "docks", name: "Rustwater Docks", investigate: 4, intel: 1 },
    Location { key: "archive", name: "Municipal Archive", investigate: 5, intel: 2 },
    Location { key: "substation", name: "Substation 9", investigate: 5, intel: 1 },
    Location { key: "uplink", name: "Kessel Uplink Tower", investigate: 9, intel: 0 },
];

/// Undirected streets between locations.
pub const STREETS: &[(&str, &str)] = &[
    ("safehouse", "market"),
    ("safehouse", "docks"),
    ("market", "plaza"),
    ("market", "archive"),
    ("docks", "substation"),
    ("substation", "archive"),
    ("plaza", "uplink"),
    ("archive", "uplink"),
];

/// Where every character starts.
pub const START: &str = "safehouse";

pub struct Condition {
    pub key: &'static str,
    pub name: &'static str,
    pub location: &'static str,
    /// Ignored by NH-3.2 and never withdrawn by a hack.
    pub permanent: bool,
    /// Hack difficulty without dice (each die on it adds 1).
    pub difficulty: i32,
    /// H-3: at this many dice its effect fires and its dice are cleared.
    pub cap: u32,
    pub at_cap: Effect,
    pub text: &'static str,
}

pub const CONDITIONS: &[Condition] = &[
    Condition {
        key: "camera_mesh",
        name: "Camera Mesh",
        location: "plaza",
        permanent: false,
        difficulty: 3,
        cap: 3,
        at_cap: Effect::Surveil(2),
        text: "At 3 dice: 2 surveillance.",
    },
    Condition {
        key: "drone_lanes",
        name: "Drone Lanes",
        location: "docks",
        permanent: false,
        difficulty: 3,
        cap: 2,
        at_cap: Effect::Stress(Some("docks"), 1),
        text: "At 2 dice: each character at the Docks takes 1 stress.",
    },
    Condition {
        key: "checkpoint_gates",
        name: "Checkpoint Gates",
        location: "market",
        permanent: false,
        difficulty: 4,
        cap: 3,
        at_cap: Effect::EnemiesActivateAt("market"),
        text: "At 3 dice: the enemies at the Night Market activate.",
    },
    Condition {
        key: "tower_watch",
        name: "Tower Watch",
        location: "uplink",
        permanent: true,
        difficulty: 4,
        cap: 2,
        at_cap: Effect::Surveil(3),
        text: "Permanent. At 2 dice: 3 surveillance.",
    },
    Condition {
        key: "ledger_daemon",
        name: "Ledger Daemon",
        location: "archive",
        permanent: true,
        difficulty: 3,
        cap: 3,
        at_cap: Effect::Stress(None, 1),
        text: "Permanent. At 3 dice: every character takes 1 stress.",
    },
];

pub struct Enemy {
    pub key: &'static str,
    pub name: &'static str,
    pub location: &'static str,
    /// Fight difficulty.
    pub strength: i32,
    /// What it does to a character at its location when it activates.
    pub stress: u32,
    pub surveil: u32,
}

pub const ENEMIES: &[Enemy] = &[
    Enemy { key: "riot_unit", name: "Riot Unit K-7", location: "plaza", strength: 4, stress: 1, surveil: 0 },
    Enemy { key: "sniffer", name: "Sniffer Drone", location: "docks", strength: 3, stress: 0, surveil: 1 },
    Enemy { key: "handler", name: "Handler Quill", location: "archive", strength: 5, stress: 2, surveil: 0 },
    Enemy { key: "sentry", name: "Uplink Sentry", location: "uplink", strength: 4, stress: 1, surveil: 1 },
];

/// A surveillance threshold (NH-1.3, NH-3.9), below the final one (H-6).
pub struct Threshold {
    pub at: u32,
    pub effect: Effect,
    pub text: &'static str,
}

pub const THRESHOLDS: &[Threshold] = &[
    Threshold { at: 10, effect: Effect::Stress(None, 1), text: "Facial match: every character takes 1 stress." },
    Threshold { at: 18, effect: Effect::DieOnEveryCondition, text: "Network hardening: 1 hacking die on every condition." },
    Threshold { at: 26, effect: Effect::EnemiesActivate, text: "Hunt order: every enemy near a character activates." },
    Threshold { at: 34, effect: Effect::Stress(None, 1), text: "Kill switch armed: every character takes 1 stress." },
];

/// NH-1.5 [house]: the mission. Gather this much intel, then hack the uplink.
pub const OBJECTIVE_INTEL: u32 = 2;
pub const OBJECTIVE_LOCATION: &str = "uplink";
pub const OBJECTIVE_DIFFICULTY: i32 = 5;
pub const OBJECTIVE_TEXT: &str = "Gather 2 intel, then succeed a Hack at the Kessel Uplink Tower to broadcast the ledger.";
/// Get support difficulty, and how many discarded cards a success takes back.
pub const SUPPORT_DIFFICULTY: i32 = 3;
pub const SUPPORT_CARDS: usize = 2;

pub struct Character {
    pub key: &'static str,
    pub name: &'static str,
    pub hack: i32,
    pub fight: i32,
    pub investigate: i32,
    pub support: i32,
    pub endurance: u32,
    /// The action deck: the starting hand (no action-deck shuffle: randomness is shuffles of the
    /// Grid and the encounter deck only).
    pub deck: &'static [(&'static str, u32)],
}

impl Character {
    pub fn attribute(&self, task: Task) -> i32 {
        match task {
            Task::Hack => self.hack,
            Task::Fight => self.fight,
            Task::Investigate => self.investigate,
            Task::Support => self.support,
        }
    }
}

pub const CHARACTERS: &[Character] = &[
    Character {
        key: "juno",
        name: "Juno Tal",
        hack: 3,
        fight: 1,
        investigate: 2,
        support: 1,
        endurance: 5,
        deck: &[("quick_script", 2), ("keen_eye", 1), ("adrenaline", 1), ("scrub_logs", 1), ("low_profile", 1)],
    },
    Character {
        key: "brick",
        name: "Brick Okafor",
        hack: 1,
        fight: 3,
        investigate: 1,
        support: 2,
        endurance: 6,
        deck: &[("brass_knuckles", 2), ("favor_owed", 1), ("adrenaline", 1), ("low_profile", 1), ("keen_eye", 1)],
    },
    Character {
        key: "mira",
        name: "Mira Sen",
        hack: 2,
        fight: 1,
        investigate: 3,
        support: 2,
        endurance: 5,
        deck: &[("keen_eye", 2), ("quick_script", 1), ("favor_owed", 1), ("scrub_logs", 1), ("adrenaline", 1)],
    },
    Character {
        key: "oz",
        name: "Oz Harlan",
        hack: 1,
        fight: 2,
        investigate: 2,
        support: 3,
        endurance: 5,
        deck: &[("favor_owed", 2), ("brass_knuckles", 1), ("quick_script", 1), ("low_profile", 1), ("scrub_logs", 1)],
    },
];

/// An action card as printed: the task it boosts (None: any) and by how much.
pub struct ActionCard {
    pub key: &'static str,
    pub name: &'static str,
    pub task: Option<Task>,
    pub boost: i32,
    pub text: &'static str,
}

pub const ACTION_CARDS: &[ActionCard] = &[
    ActionCard { key: "quick_script", name: "Quick Script", task: Some(Task::Hack), boost: 2, text: "+2 to a Hack." },
    ActionCard { key: "brass_knuckles", name: "Brass Knuckles", task: Some(Task::Fight), boost: 2, text: "+2 to a Fight." },
    ActionCard { key: "keen_eye", name: "Keen Eye", task: Some(Task::Investigate), boost: 2, text: "+2 to an Investigate." },
    ActionCard { key: "favor_owed", name: "Favor Owed", task: Some(Task::Support), boost: 2, text: "+2 to Get support." },
    ActionCard { key: "adrenaline", name: "Adrenaline", task: None, boost: 1, text: "+1 to any task; your tasks get +1 more until the end of the round." },
    ActionCard {
        key: "low_profile",
        name: "Low Profile",
        task: None,
        boost: 1,
        text: "+1 to any task; enemies at your location do not surveil until the end of the next encounter phase.",
    },
    ActionCard { key: "scrub_logs", name: "Scrub Logs", task: None, boost: 0, text: "Play on any task: remove 2 surveillance." },
];

pub struct EncounterCard {
    pub key: &'static str,
    pub name: &'static str,
    pub copies: u32,
    pub text: &'static str,
}

pub const ENCOUNTER_CARDS: &[EncounterCard] = &[
    EncounterCard { key: "patrol_sweep", name: "Patrol Sweep", copies: 2, text: "The Corporation causes 1 surveillance." },
    EncounterCard { key: "dragnet", name: "Dragnet", copies: 1, text: "The Corporation causes 2 surveillance." },
    EncounterCard { key: "pressure", name: "Pressure", copies: 2, text: "You take 1 stress." },
    EncounterCard { key: "breakdown", name: "Breakdown", copies: 1, text: "You take 2 stress." },
    EncounterCard { key: "escalation", name: "Escalation", copies: 2, text: "1 hacking die on each condition at your location." },
    EncounterCard { key: "hunter_moves", name: "Hunter Moves", copies: 2, text: "The first enemy not at your location moves to it." },
    EncounterCard { key: "ambush", name: "Ambush", copies: 1, text: "The enemies at your location activate." },
    EncounterCard {
        key: "cascade_failure",
        name: "Cascade Failure",
        copies: 1,
        text: "1 surveillance; then draw 2 encounter cards and resolve them in the order you choose.",
    },
    EncounterCard { key: "quiet_night", name: "Quiet Night", copies: 2, text: "Nothing happens." },
    EncounterCard { key: "lost_signal", name: "Lost Signal", copies: 1, text: "Spend 1 of your action counters." },
    EncounterCard { key: "crackdown", name: "Crackdown", copies: 1, text: "1 surveillance; each character sharing a location with an enemy takes 1 stress." },
    EncounterCard { key: "friendly_sysop", name: "Friendly Sysop", copies: 1, text: "Remove 1 surveillance." },
    EncounterCard { key: "tracer", name: "Tracer", copies: 1, text: "1 hacking die on every condition." },
];

pub struct EpisodeCard {
    pub key: &'static str,
    pub name: &'static str,
    pub text: &'static str,
}

/// The episode cards in play from the start.
pub const EPISODE_CARDS: &[EpisodeCard] = &[
    EpisodeCard { key: "curfew_broadcast", name: "Curfew Broadcast", text: "When the encounter phase begins: the Corporation causes 1 surveillance." },
    EpisodeCard {
        key: "blackout_rolling",
        name: "Rolling Blackout",
        text: "When the encounter phase begins: the active character takes 1 stress unless it is at the Safehouse.",
    },
    EpisodeCard { key: "informant_network", name: "Informant Network", text: "Investigate tasks get +1." },
];

pub fn location(key: &str) -> Option<&'static Location> {
    LOCATIONS.iter().find(|l| l.key == key)
}

pub fn location_index(key: &str) -> Option<usize> {
    LOCATIONS.iter().position(|l| l.key == key)
}

/// The locations next to `key`, in table order.
pub fn neighbours(key: &str) -> Vec<&'static str> {
    LOCATIONS.iter().filter(|l| STREETS.iter().any(|&(a, b)| (a == key && b == l.key) || (b == key && a == l.key))).map(|l| l.key).collect()
}

pub fn character(key: &str) -> Option<&'static Character> {
    CHARACTERS.iter().find(|c| c.key == key)
}

pub fn action_card(key: &str) -> Option<&'static ActionCard> {
    ACTION_CARDS.iter().find(|c| c.key == key)
}

pub fn encounter_card(key: &str) -> Option<&'static EncounterCard> {
    ENCOUNTER_CARDS.iter().find(|c| c.key == key)
}

pub fn episode_card(key: &str) -> Option<&'static EpisodeCard> {
    EPISODE_CARDS.iter().find(|c| c.key == key)
}

/// The encounter deck as a list of card keys (its order before the setup shuffle).
pub fn encounter_list() -> Vec<&'static str> {
    ENCOUNTER_CARDS.iter().flat_map(|c| std::iter::repeat(c.key).take(c.copies as usize)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_episode_has_what_nh_4_asks() {
        assert!((6..=8).contains(&LOCATIONS.len()));
        assert!((3..=5).contains(&CONDITIONS.len()) && CONDITIONS.iter().any(|c| c.permanent));
        assert!((3..=4).contains(&ENEMIES.len()));
        assert!((15..=20).contains(&encounter_list().len()));
        assert!((2..=3).contains(&EPISODE_CARDS.len()));
        assert_eq!(GRID_TILES.len(), 19);
        for (a, b) in STREETS {
            assert!(location(a).is_some() && location(b).is_some());
        }
        for c in CONDITIONS {
            assert!(location(c.location).is_some());
        }
        for e in ENEMIES {
            assert!(location(e.location).is_some());
        }
        for c in CHARACTERS {
            for (k, _) in c.deck {
                assert!(action_card(k).is_some(), "{k}");
            }
        }
        // Every location is reachable from the start.
        let mut seen = vec![START];
        let mut i = 0;
        while let Some(&l) = seen.get(i) {
            for n in neighbours(l) {
                if !seen.contains(&n) {
                    seen.push(n);
                }
            }
            i += 1;
        }
        assert_eq!(seen.len(), LOCATIONS.len());
    }
}
