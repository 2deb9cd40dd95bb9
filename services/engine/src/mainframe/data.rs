//! What is printed on each card of the starter pool (MF-10: cost, RAM requirement, attack,
//! defense, attack type, keywords, target, text), and the two ready decks. What a card *does*
//! is in [`super::cards`]; a card is one row here and, when it has an effect, one row there.
//!
//! Owns: the printed numbers and the deck lists. Must never: import another module of the game
//! (this is the bottom layer; `state` reads it, `cards` and `flow` build on both).
//!
//! All names and texts are original to Arbiter.

use serde::{Deserialize, Serialize};

/// The two health pools (MF-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pool {
    Mainframe,
    Bioframe,
}

impl Pool {
    pub fn name(self) -> &'static str {
        match self {
            Pool::Mainframe => "Mainframe",
            Pool::Bioframe => "Bioframe",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Character,
    Gear,
    Program,
    /// A one-shot card; every Script has the Swift keyword.
    Script,
    /// A card of the RAM deck.
    Ram,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Character => "Character",
            Kind::Gear => "Gear",
            Kind::Program => "Program",
            Kind::Script => "Script",
            Kind::Ram => "RAM",
        }
    }
    pub fn is_permanent(self) -> bool {
        matches!(self, Kind::Character | Kind::Gear | Kind::Program)
    }
}

/// What a card or ability must target when it is played or activated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    None,
    /// Any character in play.
    Character,
    /// A character its controller controls.
    OwnCharacter,
    /// A character an opponent controls.
    OpponentCharacter,
    /// A character with at least one RAM card allocated to it.
    CharacterWithRam,
    /// Any Gear or Program in play.
    GearOrProgram,
    /// An opponent still in the game.
    Opponent,
}

/// What is printed on one card of the pool.
#[derive(Clone, Copy, Debug)]
pub struct CardData {
    /// Stable: keys appear in states and events.
    pub key: &'static str,
    pub name: &'static str,
    pub kind: Kind,
    /// RAM turned Running to play it (MF-4.5).
    pub cost: u32,
    /// RAM allocated to it while it is in play (Characters and Programs, MF-4.5).
    pub ram: u32,
    pub attack: i64,
    pub defense: i64,
    /// Which health pool its unblocked damage reduces (MF-7.5); characters only.
    pub attack_type: Option<Pool>,
    pub swift: bool,
    pub overrun: bool,
    /// Target of a Script.
    pub target: Target,
    pub text: &'static str,
}

const fn character(key: &'static str, name: &'static str, cost: u32, ram: u32, attack: i64, defense: i64, pool: Pool) -> CardData {
    CardData {
        key,
        name,
        kind: Kind::Character,
        cost,
        ram,
        attack,
        defense,
        attack_type: Some(pool),
        swift: false,
        overrun: false,
        target: Target::None,
        text: "",
    }
}

const fn thing(key: &'static str, name: &'static str, kind: Kind, cost: u32, ram: u32) -> CardData {
    CardData {
        key,
        name,
        kind,
        cost,
        ram,
        attack: 0,
        defense: 0,
        attack_type: None,
        swift: matches!(kind, Kind::Script),
        overrun: false,
        target: Target::None,
        text: "",
    }
}

const fn script(key: &'static str, name: &'static str, cost: u32, target: Target, text: &'static str) -> CardData {
    CardData { target, text, ..thing(key, name, Kind::Script, cost, 0) }
}

/// A card standing in for an unknown key, so that lookups never panic.
pub static BLANK: CardData = thing("unknown", "Unknown card", Kind::Gear, 0, 0);

/// The card pool. Keys are stable: they appear in states and events.
pub static CARDS: &[CardData] = &[
    // --- Characters ---
    CardData { text: "Bioframe attacker.", ..character("chrome_jackal", "Chrome Jackal", 1, 1, 2, 1, Pool::Bioframe) },
    CardData { text: "Mainframe attacker.", ..character("ice_pick_drone", "Ice-Pick Drone", 1, 1, 1, 2, Pool::Mainframe) },
    CardData { overrun: true, text: "Overrun. Mainframe attacker.", ..character("packet_storm", "Packet Storm", 3, 1, 3, 2, Pool::Mainframe) },
    CardData { overrun: true, text: "Overrun. Bioframe attacker.", ..character("juggernaut_rig", "Juggernaut Rig", 3, 2, 4, 3, Pool::Bioframe) },
    CardData { text: "On Netcheck: each opponent loses 1 Mainframe.", ..character("netwatch_sentinel", "Netwatch Sentinel", 2, 1, 1, 3, Pool::Mainframe) },
    CardData {
        text: "On Turn End: its controller regains 1 Bioframe (up to the starting value).",
        ..character("street_medic", "Street Medic", 2, 1, 1, 2, Pool::Bioframe)
    },
    CardData { swift: true, text: "Swift (can be played in any Swift Check).", ..character("ghost_runner", "Ghost Runner", 2, 1, 2, 1, Pool::Bioframe) },
    CardData { text: "Run it: target opponent loses 1 Mainframe.", ..character("data_vampire", "Data Vampire", 3, 1, 2, 2, Pool::Mainframe) },
    CardData { text: "Bioframe attacker.", ..character("razorwire_enforcer", "Razorwire Enforcer", 4, 2, 4, 4, Pool::Bioframe) },
    CardData {
        text: "At Combat End: its controller regains 1 Mainframe (up to the starting value).",
        ..character("scrap_hound", "Scrap Hound", 2, 1, 2, 2, Pool::Bioframe)
    },
    // --- Gear ---
    CardData { text: "Once per turn: a character you control gets +2 attack until turn end.", ..thing("monoblade", "Monoblade", Kind::Gear, 1, 0) },
    CardData { text: "Run it: target character gets +2 defense until turn end.", ..thing("reflex_booster", "Reflex Booster", Kind::Gear, 2, 0) },
    CardData { text: "Destroy it: 2 damage to target character.", ..thing("emp_grenade", "EMP Grenade", Kind::Gear, 1, 0) },
    CardData { text: "On Netcheck: 1 damage to each Running character your opponents control.", ..thing("sniper_drone", "Sniper Drone", Kind::Gear, 3, 0) },
    // --- Programs ---
    CardData { text: "Once per turn, 1 RAM: target opponent's character becomes Running.", ..thing("firewall", "Firewall", Kind::Program, 1, 1) },
    CardData { text: "On Turn End: each opponent loses 1 Mainframe.", ..thing("trace_daemon", "Trace Daemon", Kind::Program, 2, 1) },
    CardData { text: "On Netcheck: each opponent loses 1 Bioframe.", ..thing("worm_exe", "Worm.exe", Kind::Program, 2, 1) },
    CardData { text: "Run it: 1 damage to target character.", ..thing("spike_exe", "Spike.exe", Kind::Program, 2, 1) },
    CardData { text: "Once per turn, 1 RAM: a character you control becomes Refreshed.", ..thing("overclock", "Overclock", Kind::Program, 1, 1) },
    // --- Scripts (all Swift) ---
    script("short_circuit", "Short Circuit", 1, Target::Character, "Swift. 2 damage to target character."),
    script("purge_protocol", "Purge Protocol", 2, Target::GearOrProgram, "Swift. Destroy target Gear or Program."),
    script(
        "memory_leak",
        "Memory Leak",
        1,
        Target::CharacterWithRam,
        "Swift. One RAM card allocated to target character returns to its controller's RAM Bank, Running.",
    ),
    script("adrenal_surge", "Adrenal Surge", 1, Target::Character, "Swift. Target character gets +2/+2 until turn end."),
    script("feedback_loop", "Feedback Loop", 2, Target::Opponent, "Swift. Target opponent loses 2 Mainframe."),
    script("lockdown", "Lockdown", 1, Target::Character, "Swift. Target character becomes Running."),
    script("flatline", "Flatline", 3, Target::Character, "Swift. Destroy target character."),
    // --- RAM deck ---
    CardData { text: "One RAM card for the RAM Bank.", ..thing("ram_module", "RAM Module", Kind::Ram, 0, 0) },
];

/// The card called `key`.
pub fn card(key: &str) -> Option<&'static CardData> {
    CARDS.iter().find(|c| c.key == key)
}

/// A ready deck: the Cyberdeck (card key, copies) and the RAM deck size.
pub struct DeckList {
    pub name: &'static str,
    pub description: &'static str,
    pub cyberdeck: &'static [(&'static str, u32)],
    pub ram_deck: u32,
}

pub const RAM_CARD: &str = "ram_module";

pub static DECKS: &[DeckList] = &[
    DeckList {
        name: "hardwired",
        description: "Mainframe pressure: drones, netwatch pings, programs and counter-scripts.",
        cyberdeck: &[
            ("ice_pick_drone", 3),
            ("packet_storm", 2),
            ("netwatch_sentinel", 2),
            ("data_vampire", 2),
            ("firewall", 1),
            ("trace_daemon", 2),
            ("spike_exe", 1),
            ("overclock", 1),
            ("emp_grenade", 1),
            ("purge_protocol", 2),
            ("memory_leak", 2),
            ("feedback_loop", 2),
            ("lockdown", 2),
            ("flatline", 1),
        ],
        ram_deck: 12,
    },
    DeckList {
        name: "wetware",
        description: "Bioframe aggression: street fighters, gear, and combat scripts.",
        cyberdeck: &[
            ("chrome_jackal", 3),
            ("juggernaut_rig", 2),
            ("street_medic", 2),
            ("ghost_runner", 2),
            ("razorwire_enforcer", 1),
            ("scrap_hound", 2),
            ("monoblade", 2),
            ("reflex_booster", 1),
            ("sniper_drone", 1),
            ("worm_exe", 2),
            ("short_circuit", 2),
            ("adrenal_surge", 2),
            ("purge_protocol", 1),
            ("memory_leak", 1),
        ],
        ram_deck: 12,
    },
];

pub fn deck(name: &str) -> Option<&'static DeckList> {
    DECKS.iter().find(|d| d.name == name)
}

/// House rules of a constructed deck (`docs/mainframe.md`, "Constructed decks").
pub const MIN_CYBERDECK: u32 = 20;
pub const MAX_CYBERDECK: u32 = 40;
pub const MAX_COPIES: u32 = 3;
/// The RAM deck of every constructed deck, as in the ready decks.
pub const CONSTRUCTED_RAM_DECK: u32 = 12;

/// The Cyberdeck a seat's decklist describes (card keys and counts; RAM Modules are not listed),
/// merged per card in first-listed order, or every house-rule violation found in it.
pub fn cyberdeck_from_list(list: &[(String, u32)]) -> Result<Vec<(&'static str, u32)>, Vec<String>> {
    let mut out = Vec::new();
    let total: u64 = list.iter().map(|(_, n)| u64::from(*n)).sum();
    if total > u64::from(MAX_CYBERDECK) * 4 {
        // Refused before anything else, so a huge count never becomes cards.
        return Err(vec![format!("the decklist has {total} cards; a Cyberdeck has {MIN_CYBERDECK} to {MAX_CYBERDECK}")]);
    }
    let mut merged: Vec<(&'static str, u32)> = Vec::new();
    for (key, n) in list {
        if *n == 0 {
            out.push(format!("card {key} is listed with 0 copies (leave it out or give a count)"));
            continue;
        }
        let Some(c) = card(key) else {
            out.push(format!("unknown card {key} (the mainframe card keys are in docs/mainframe.md)"));
            continue;
        };
        if c.key == RAM_CARD {
            out.push(format!("{} is not listed: every constructed deck has a RAM deck of {CONSTRUCTED_RAM_DECK} RAM Modules", c.name));
            continue;
        }
        match merged.iter_mut().find(|(k, _)| *k == c.key) {
            Some(entry) => entry.1 += n,
            None => merged.push((c.key, *n)),
        }
    }
    for (key, n) in &merged {
        if *n > MAX_COPIES {
            let name = card(key).map_or(*key, |c| c.name);
            out.push(format!("{n} copies of {name} exceed the limit of {MAX_COPIES} per card"));
        }
    }
    let size: u32 = merged.iter().map(|(_, n)| n).sum();
    if !(MIN_CYBERDECK..=MAX_CYBERDECK).contains(&size) {
        out.push(format!("the Cyberdeck has {size} cards; it needs {MIN_CYBERDECK} to {MAX_CYBERDECK}"));
    }
    if out.is_empty() {
        Ok(merged)
    } else {
        Err(out)
    }
}

#[cfg(test)]
mod decklist_tests {
    use super::*;
    use crate::testing::decklist as list;

    #[test]
    fn a_ready_deck_listed_is_legal_and_lines_add_up() {
        let hardwired = deck("hardwired").unwrap();
        let l: Vec<(String, u32)> = hardwired.cyberdeck.iter().map(|(c, n)| (c.to_string(), *n)).collect();
        assert_eq!(cyberdeck_from_list(&l).unwrap(), hardwired.cyberdeck.to_vec());
        let mut l2 = l.clone();
        l2.push(("flatline".into(), 1));
        assert_eq!(cyberdeck_from_list(&l2).unwrap().iter().find(|(k, _)| *k == "flatline"), Some(&("flatline", 2)));
    }

    #[test]
    fn every_house_rule_violation_is_listed() {
        let v = cyberdeck_from_list(&list(&[("chrome_jackal", 2), ("chrome_jackal", 2), ("ram_module", 1), ("x", 1), ("lockdown", 0)])).unwrap_err();
        assert_eq!(v.len(), 5, "{v:?}");
        assert!(v.iter().any(|e| e == "4 copies of Chrome Jackal exceed the limit of 3 per card"), "{v:?}");
        assert!(v.iter().any(|e| e == "the Cyberdeck has 4 cards; it needs 20 to 40"), "{v:?}");
        assert!(v.iter().any(|e| e.starts_with("RAM Module is not listed")) && v.iter().any(|e| e.starts_with("unknown card x")));
        let huge = cyberdeck_from_list(&list(&[("flatline", u32::MAX)])).unwrap_err();
        assert_eq!(huge.len(), 1);
    }
}
