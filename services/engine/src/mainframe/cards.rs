//! What each card of the starter pool does: one [`CardDef`] row per card that has an effect
//! (a Script's effect, an activated ability, a triggered ability), with one named effect
//! function per card below the table. What is printed on a card is in [`super::data`].
//!
//! Owns: card behaviour. Must never: import `flow` (the flow calls the table, never the other
//! way), or be imported by `state` or `data` (that was a cycle: state read the table to learn a
//! card's numbers).

use serde::{Deserialize, Serialize};

pub use super::data::{Kind, Target};
use super::state::{Game, Modifier, Pool, Resolving};
use crate::core::effects::Expiry;
use crate::core::Event;

/// What an effect does when it resolves.
pub type EffectFn = fn(&mut Game, &Resolving, &mut Vec<Event>);

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

/// What one card does (the printed numbers are in [`super::data::CardData`], joined by `key`).
#[derive(Clone, Copy, Debug)]
pub struct CardDef {
    pub key: &'static str,
    /// Effect of a Script when it resolves.
    pub on_resolve: Option<EffectFn>,
    pub ability: Option<Ability>,
    pub trigger: Option<Trigger>,
}

/// A card that does nothing beyond its numbers (and the base of every row below).
pub const NONE: CardDef = CardDef { key: "", on_resolve: None, ability: None, trigger: None };

/// Every card with an effect. Cards not listed (plain characters, RAM) do nothing but fight.
pub static DEFS: &[CardDef] = &[
    CardDef {
        key: "netwatch_sentinel",
        trigger: Some(Trigger { when: When::Netcheck, text: "On Netcheck: each opponent loses 1 Mainframe.", effect: netwatch_sentinel }),
        ..NONE
    },
    CardDef {
        key: "street_medic",
        trigger: Some(Trigger { when: When::TurnEnd, text: "On Turn End: its controller regains 1 Bioframe.", effect: street_medic }),
        ..NONE
    },
    CardDef {
        key: "data_vampire",
        ability: Some(Ability {
            cost: AbilityCost::Run,
            ram: 0,
            target: Target::Opponent,
            text: "Run it: target opponent loses 1 Mainframe.",
            effect: data_vampire,
        }),
        ..NONE
    },
    CardDef {
        key: "scrap_hound",
        trigger: Some(Trigger { when: When::CombatEnd, text: "At Combat End: its controller regains 1 Mainframe.", effect: scrap_hound }),
        ..NONE
    },
    CardDef {
        key: "monoblade",
        ability: Some(Ability {
            cost: AbilityCost::OncePerTurn,
            ram: 0,
            target: Target::OwnCharacter,
            text: "Once per turn: a character you control gets +2 attack until turn end.",
            effect: monoblade,
        }),
        ..NONE
    },
    CardDef {
        key: "reflex_booster",
        ability: Some(Ability {
            cost: AbilityCost::Run,
            ram: 0,
            target: Target::Character,
            text: "Run it: target character gets +2 defense until turn end.",
            effect: reflex_booster,
        }),
        ..NONE
    },
    CardDef {
        key: "emp_grenade",
        ability: Some(Ability {
            cost: AbilityCost::Sacrifice,
            ram: 0,
            target: Target::Character,
            text: "Destroy it: 2 damage to target character.",
            effect: emp_grenade,
        }),
        ..NONE
    },
    CardDef {
        key: "sniper_drone",
        trigger: Some(Trigger { when: When::Netcheck, text: "On Netcheck: 1 damage to each Running character your opponents control.", effect: sniper_drone }),
        ..NONE
    },
    CardDef {
        key: "firewall",
        ability: Some(Ability {
            cost: AbilityCost::OncePerTurn,
            ram: 1,
            target: Target::OpponentCharacter,
            text: "Once per turn, 1 RAM: target opponent's character becomes Running.",
            effect: firewall,
        }),
        ..NONE
    },
    CardDef {
        key: "trace_daemon",
        trigger: Some(Trigger { when: When::TurnEnd, text: "On Turn End: each opponent loses 1 Mainframe.", effect: trace_daemon }),
        ..NONE
    },
    CardDef {
        key: "worm_exe",
        trigger: Some(Trigger { when: When::Netcheck, text: "On Netcheck: each opponent loses 1 Bioframe.", effect: worm_exe }),
        ..NONE
    },
    CardDef {
        key: "spike_exe",
        ability: Some(Ability { cost: AbilityCost::Run, ram: 0, target: Target::Character, text: "Run it: 1 damage to target character.", effect: spike_exe }),
        ..NONE
    },
    CardDef {
        key: "overclock",
        ability: Some(Ability {
            cost: AbilityCost::OncePerTurn,
            ram: 1,
            target: Target::OwnCharacter,
            text: "Once per turn, 1 RAM: a character you control becomes Refreshed.",
            effect: overclock,
        }),
        ..NONE
    },
    CardDef { key: "short_circuit", on_resolve: Some(short_circuit), ..NONE },
    CardDef { key: "purge_protocol", on_resolve: Some(purge_protocol), ..NONE },
    CardDef { key: "memory_leak", on_resolve: Some(memory_leak), ..NONE },
    CardDef { key: "adrenal_surge", on_resolve: Some(adrenal_surge), ..NONE },
    CardDef { key: "feedback_loop", on_resolve: Some(feedback_loop), ..NONE },
    CardDef { key: "lockdown", on_resolve: Some(lockdown), ..NONE },
    CardDef { key: "flatline", on_resolve: Some(flatline), ..NONE },
];

/// What the card called `key` does ([`NONE`] for a card with no effect).
pub fn def(key: &str) -> &'static CardDef {
    DEFS.iter().find(|c| c.key == key).unwrap_or(&NONE)
}

/// What card instance `inst` of `g` does.
pub fn of(g: &Game, inst: u32) -> &'static CardDef {
    def(g.def(inst).key)
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
    let targets: Vec<u32> = g.perms.iter().filter(|p| p.controller != r.controller && p.running && g.kind_of(p.id) == Kind::Character).map(|p| p.id).collect();
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
