//! The starter card pool as data, with one named effect function per card that has an effect,
//! and the two ready decks (MF-10).
//!
//! All names and texts are original to Arbiter.

use serde::{Deserialize, Serialize};

use super::state::{Game, Modifier, Pool, Resolving};
use crate::core::effects::Expiry;
use crate::core::Event;

/// What an effect does when it resolves.
pub type EffectFn = fn(&mut Game, &Resolving, &mut Vec<Event>);

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

/// The cost of an activated ability besides RAM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbilityCost {
    /// The source must be Refreshed and becomes Running.
    Run,
    /// Once per turn: available again when the source is Rebooted (MF-1, MF-3.3).
    OncePerTurn,
    /// The source is destroyed as the cost (its ability stays on the Cache, MF-9.4).
    Sacrifice,
}

#[derive(Clone, Copy, Debug)]
pub struct Ability {
    pub cost: AbilityCost,
    /// Refreshed RAM turned Running to activate.
    pub ram: u32,
    pub target: Target,
    pub text: &'static str,
    pub effect: EffectFn,
}

/// When a triggered ability triggers (on its controller's turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum When {
    /// MF-5.
    Netcheck,
    /// MF-6.4.
    CombatEnd,
    /// MF-8.1.
    TurnEnd,
}

#[derive(Clone, Copy, Debug)]
pub struct Trigger {
    pub when: When,
    pub text: &'static str,
    pub effect: EffectFn,
}

/// One card of the pool (MF-10: cost, RAM requirement, attack, defense, attack type, keywords).
#[derive(Clone, Copy, Debug)]
pub struct CardDef {
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
    /// Effect of a Script when it resolves.
    pub on_resolve: Option<EffectFn>,
    pub ability: Option<Ability>,
    pub trigger: Option<Trigger>,
    pub text: &'static str,
}

const fn character(
    key: &'static str,
    name: &'static str,
    cost: u32,
    ram: u32,
    attack: i64,
    defense: i64,
    pool: Pool,
) -> CardDef {
    CardDef {
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
        on_resolve: None,
        ability: None,
        trigger: None,
        text: "",
    }
}

const fn thing(key: &'static str, name: &'static str, kind: Kind, cost: u32, ram: u32) -> CardDef {
    CardDef {
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
        on_resolve: None,
        ability: None,
        trigger: None,
        text: "",
    }
}

const fn script(
    key: &'static str,
    name: &'static str,
    cost: u32,
    target: Target,
    effect: EffectFn,
    text: &'static str,
) -> CardDef {
    CardDef { target, on_resolve: Some(effect), text, ..thing(key, name, Kind::Script, cost, 0) }
}

/// The card pool. Keys are stable: they appear in states and events.
pub static CARDS: &[CardDef] = &[
    // --- Characters ---
    CardDef { text: "Bioframe attacker.", ..character("chrome_jackal", "Chrome Jackal", 1, 1, 2, 1, Pool::Bioframe) },
    CardDef { text: "Mainframe attacker.", ..character("ice_pick_drone", "Ice-Pick Drone", 1, 1, 1, 2, Pool::Mainframe) },
    CardDef {
        overrun: true,
        text: "Overrun. Mainframe attacker.",
        ..character("packet_storm", "Packet Storm", 3, 1, 3, 2, Pool::Mainframe)
    },
    CardDef {
        overrun: true,
        text: "Overrun. Bioframe attacker.",
        ..character("juggernaut_rig", "Juggernaut Rig", 3, 2, 4, 3, Pool::Bioframe)
    },
    CardDef {
        trigger: Some(Trigger {
            when: When::Netcheck,
            text: "On Netcheck: each opponent loses 1 Mainframe.",
            effect: netwatch_sentinel,
        }),
        text: "On Netcheck: each opponent loses 1 Mainframe.",
        ..character("netwatch_sentinel", "Netwatch Sentinel", 2, 1, 1, 3, Pool::Mainframe)
    },
    CardDef {
        trigger: Some(Trigger {
            when: When::TurnEnd,
            text: "On Turn End: its controller regains 1 Bioframe.",
            effect: street_medic,
        }),
        text: "On Turn End: its controller regains 1 Bioframe (up to the starting value).",
        ..character("street_medic", "Street Medic", 2, 1, 1, 2, Pool::Bioframe)
    },
    CardDef {
        swift: true,
        text: "Swift (can be played in any Swift Check).",
        ..character("ghost_runner", "Ghost Runner", 2, 1, 2, 1, Pool::Bioframe)
    },
    CardDef {
        ability: Some(Ability {
            cost: AbilityCost::Run,
            ram: 0,
            target: Target::Opponent,
            text: "Run it: target opponent loses 1 Mainframe.",
            effect: data_vampire,
        }),
        text: "Run it: target opponent loses 1 Mainframe.",
        ..character("data_vampire", "Data Vampire", 3, 1, 2, 2, Pool::Mainframe)
    },
    CardDef { text: "Bioframe attacker.", ..character("razorwire_enforcer", "Razorwire Enforcer", 4, 2, 4, 4, Pool::Bioframe) },
    CardDef {
        trigger: Some(Trigger {
            when: When::CombatEnd,
            text: "At Combat End: its controller regains 1 Mainframe.",
            effect: scrap_hound,
        }),
        text: "At Combat End: its controller regains 1 Mainframe (up to the starting value).",
        ..character("scrap_hound", "Scrap Hound", 2, 1, 2, 2, Pool::Bioframe)
    },
    // --- Gear ---
    CardDef {
        ability: Some(Ability {
            cost: AbilityCost::OncePerTurn,
            ram: 0,
            target: Target::OwnCharacter,
            text: "Once per turn: a character you control gets +2 attack until turn end.",
            effect: monoblade,
        }),
        text: "Once per turn: a character you control gets +2 attack until turn end.",
        ..thing("monoblade", "Monoblade", Kind::Gear, 1, 0)
    },
    CardDef {
        ability: Some(Ability {
            cost: AbilityCost::Run,
            ram: 0,
            target: Target::Character,
            text: "Run it: target character gets +2 defense until turn end.",
            effect: reflex_booster,
        }),
        text: "Run it: target character gets +2 defense until turn end.",
        ..thing("reflex_booster", "Reflex Booster", Kind::Gear, 2, 0)
    },
    CardDef {
        ability: Some(Ability {
            cost: AbilityCost::Sacrifice,
            ram: 0,
            target: Target::Character,
            text: "Destroy it: 2 damage to target character.",
            effect: emp_grenade,
        }),
        text: "Destroy it: 2 damage to target character.",
        ..thing("emp_grenade", "EMP Grenade", Kind::Gear, 1, 0)
    },
    CardDef {
        trigger: Some(Trigger {
            when: When::Netcheck,
            text: "On Netcheck: 1 damage to each Running character your opponents control.",
            effect: sniper_drone,
        }),
        text: "On Netcheck: 1 damage to each Running character your opponents control.",
        ..thing("sniper_drone", "Sniper Drone", Kind::Gear, 3, 0)
    },
    // --- Programs ---
    CardDef {
        ability: Some(Ability {
            cost: AbilityCost::OncePerTurn,
            ram: 1,
            target: Target::OpponentCharacter,
            text: "Once per turn, 1 RAM: target opponent's character becomes Running.",
            effect: firewall,
        }),
        text: "Once per turn, 1 RAM: target opponent's character becomes Running.",
        ..thing("firewall", "Firewall", Kind::Program, 1, 1)
    },
    CardDef {
        trigger: Some(Trigger {
            when: When::TurnEnd,
            text: "On Turn End: each opponent loses 1 Mainframe.",
            effect: trace_daemon,
        }),
        text: "On Turn End: each opponent loses 1 Mainframe.",
        ..thing("trace_daemon", "Trace Daemon", Kind::Program, 2, 1)
    },
    CardDef {
        trigger: Some(Trigger {
            when: When::Netcheck,
            text: "On Netcheck: each opponent loses 1 Bioframe.",
            effect: worm_exe,
        }),
        text: "On Netcheck: each opponent loses 1 Bioframe.",
        ..thing("worm_exe", "Worm.exe", Kind::Program, 2, 1)
    },
    CardDef {
        ability: Some(Ability {
            cost: AbilityCost::Run,
            ram: 0,
            target: Target::Character,
            text: "Run it: 1 damage to target character.",
            effect: spike_exe,
        }),
        text: "Run it: 1 damage to target character.",
        ..thing("spike_exe", "Spike.exe", Kind::Program, 2, 1)
    },
    CardDef {
        ability: Some(Ability {
            cost: AbilityCost::OncePerTurn,
            ram: 1,
            target: Target::OwnCharacter,
            text: "Once per turn, 1 RAM: a character you control becomes Refreshed.",
            effect: overclock,
        }),
        text: "Once per turn, 1 RAM: a character you control becomes Refreshed.",
        ..thing("overclock", "Overclock", Kind::Program, 1, 1)
    },
    // --- Scripts (all Swift) ---
    script("short_circuit", "Short Circuit", 1, Target::Character, short_circuit, "Swift. 2 damage to target character."),
    script("purge_protocol", "Purge Protocol", 2, Target::GearOrProgram, purge_protocol, "Swift. Destroy target Gear or Program."),
    script(
        "memory_leak",
        "Memory Leak",
        1,
        Target::CharacterWithRam,
        memory_leak,
        "Swift. One RAM card allocated to target character returns to its controller's RAM Bank, Running.",
    ),
    script("adrenal_surge", "Adrenal Surge", 1, Target::Character, adrenal_surge, "Swift. Target character gets +2/+2 until turn end."),
    script("feedback_loop", "Feedback Loop", 2, Target::Opponent, feedback_loop, "Swift. Target opponent loses 2 Mainframe."),
    script("lockdown", "Lockdown", 1, Target::Character, lockdown, "Swift. Target character becomes Running."),
    script("flatline", "Flatline", 3, Target::Character, flatline, "Swift. Destroy target character."),
    // --- RAM deck ---
    CardDef { text: "One RAM card for the RAM Bank.", ..thing("ram_module", "RAM Module", Kind::Ram, 0, 0) },
];

/// The card called `key`.
pub fn card(key: &str) -> Option<&'static CardDef> {
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

// ---------------------------------------------------------------------------------------------
// One named effect per card. `r.controller` is whoever controls the Cache item; nothing here
// needs the source to still be in play (MF-9.4).

pub fn netwatch_sentinel(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    for opp in g.opponents(r.controller) {
        g.lose_health(opp, Pool::Mainframe, 1, "Netwatch Sentinel", ev);
    }
}

pub fn street_medic(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    g.gain_health(r.controller, Pool::Bioframe, 1, "Street Medic", ev);
}

pub fn data_vampire(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(seat) = g.target_seat(r) {
        g.lose_health(seat, Pool::Mainframe, 1, "Data Vampire", ev);
    }
}

pub fn scrap_hound(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    g.gain_health(r.controller, Pool::Mainframe, 1, "Scrap Hound", ev);
}

pub fn monoblade(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.add_modifier(Expiry::EndOfTurn, Modifier { perm: p, attack: 2, defense: 0, source: "Monoblade".into() }, ev);
    }
}

pub fn reflex_booster(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.add_modifier(Expiry::EndOfTurn, Modifier { perm: p, attack: 0, defense: 2, source: "Reflex Booster".into() }, ev);
    }
}

pub fn emp_grenade(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.deal_damage(p, 2, "EMP Grenade", ev);
    }
}

pub fn sniper_drone(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    let targets: Vec<u32> = g
        .perms
        .iter()
        .filter(|p| p.controller != r.controller && p.running && g.kind_of(p.id) == Kind::Character)
        .map(|p| p.id)
        .collect();
    for p in targets {
        g.deal_damage(p, 1, "Sniper Drone", ev);
    }
}

pub fn firewall(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.set_running(p, true, "Firewall", ev);
    }
}

pub fn trace_daemon(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    for opp in g.opponents(r.controller) {
        g.lose_health(opp, Pool::Mainframe, 1, "Trace Daemon", ev);
    }
}

pub fn worm_exe(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    for opp in g.opponents(r.controller) {
        g.lose_health(opp, Pool::Bioframe, 1, "Worm.exe", ev);
    }
}

pub fn spike_exe(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.deal_damage(p, 1, "Spike.exe", ev);
    }
}

pub fn overclock(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.set_running(p, false, "Overclock", ev);
    }
}

pub fn short_circuit(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.deal_damage(p, 2, "Short Circuit", ev);
    }
}

pub fn purge_protocol(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.destroy(p, "purged by Purge Protocol", ev);
    }
}

pub fn memory_leak(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.deallocate_one(p, ev);
    }
}

pub fn adrenal_surge(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.add_modifier(Expiry::EndOfTurn, Modifier { perm: p, attack: 2, defense: 2, source: "Adrenal Surge".into() }, ev);
    }
}

pub fn feedback_loop(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(seat) = g.target_seat(r) {
        g.lose_health(seat, Pool::Mainframe, 2, "Feedback Loop", ev);
    }
}

pub fn lockdown(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.set_running(p, true, "Lockdown", ev);
    }
}

pub fn flatline(g: &mut Game, r: &Resolving, ev: &mut Vec<Event>) {
    if let Some(p) = g.target_perm(r) {
        g.destroy(p, "flatlined", ev);
    }
}
