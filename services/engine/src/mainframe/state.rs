//! The `mainframe` match state (serialized with `serde_json` as the state blob) and the small
//! operations every rule is made of: zones, RAM, damage, health, destruction.

use crate::mainframe::kinds::events;
use serde::{Deserialize, Serialize};
use serde_json::json;

pub use super::data::Pool;
use super::data::{self, CardData, Kind};
use super::options::Options;
use crate::core::effects::{Expiry, TimedEffects};
use crate::core::stack::{PriorityRound, Stack};
use crate::core::{Awaiting, Event};

/// A card instance: one physical card of the match. Its id (its card number) is its index in
/// `Game::instances`, drawn per match ([`crate::core::numbering`]); a permanent's id is the id
/// of its card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inst {
    pub card: String,
    pub owner: u32,
    /// Its position in the deck lists (the seats' lists, in seat order). Never shown to a
    /// player: it records the card-number permutation for an audit and the leak oracle.
    pub pos: u32,
}

/// One RAM card of a RAM Bank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RamSlot {
    pub id: u32,
    pub running: bool,
    /// The card (permanent, or card on the Cache) it is allocated to.
    pub allocated: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub deck: String,
    pub mainframe: i64,
    pub bioframe: i64,
    pub hand: Vec<u32>,
    /// Top of the deck is the front.
    pub cyberdeck: Vec<u32>,
    pub ram_deck: Vec<u32>,
    pub ram_bank: Vec<RamSlot>,
    pub recycle_bin: Vec<u32>,
    /// MF-3.1: the last System Check failed.
    pub unstable: bool,
    /// MF-10: had to draw from an empty Cyberdeck.
    pub decked: bool,
    pub lost: bool,
}

/// A permanent in play (MF-1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Perm {
    pub id: u32,
    pub controller: u32,
    /// Running (used) or Refreshed (available).
    pub running: bool,
    /// A once-per-turn ability was used since the last Reboot.
    pub used: bool,
    /// Marked damage (MF-7.7).
    pub damage: i64,
    /// Order of entering play, for stability-test ties (MF-3.2).
    pub entered: u64,
}

/// What a target reference points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetRef {
    Perm(u32),
    Seat(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemKind {
    /// A card being played: it becomes a permanent or, for a Script, takes effect.
    Card,
    /// An activated ability of the source card.
    Ability,
    /// A triggered ability of the source card.
    Trigger,
}

/// An item on the Cache (MF-1, MF-9). It names its source card but does not depend on it being
/// in play (MF-9.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CacheItem {
    pub kind: ItemKind,
    pub source: u32,
    pub controller: u32,
    pub target: Option<TargetRef>,
}

/// What an effect function is given when its item resolves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolving {
    pub controller: u32,
    pub source: u32,
    pub target: Option<TargetRef>,
}

/// A temporary change of a permanent's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub perm: u32,
    pub attack: i64,
    pub defense: i64,
    pub source: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// (attacker, defending seat), in declaration order.
    pub attackers: Vec<(u32, u32)>,
    /// (blocker, attacker), in declaration order.
    pub blockers: Vec<(u32, u32)>,
    /// Damage splits chosen by the attacking player (MF-7.3): (attacker, [(blocker, amount)]).
    pub splits: Vec<(u32, Vec<(u32, i64)>)>,
}

/// Which Swift Check / priority window is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Window {
    /// MF-4: the active player's main priority, and Swift Checks on what they play.
    Deploy,
    /// MF-6.1.
    BeforeAttackers,
    /// MF-6.2.
    BeforeBlockers,
    /// MF-6.3.
    BeforeDamage,
}

/// Where to go once the Cache resolved without priority (triggers, or the whole Cache after
/// every seat passed, MF-9.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum After {
    Combat,
    CombatCleanup,
    ResetCleanup,
    /// Priority comes back in this window, with the Cache empty (MF-9.5).
    Priority(Window),
}

/// Where the match is: the continuation of the rules engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The card-number permutation is drawn before anything else (no number is shown before).
    CardNumbers,
    /// Setup draws: step 2s shuffles seat s's Cyberdeck, 2s+1 its RAM deck, 2n picks the first player.
    Setup {
        step: u32,
    },
    TurnStart,
    SystemCheck,
    /// MF-3.2: the cards still to test, in test order; the head is being rolled for.
    Stability {
        queue: Vec<u32>,
    },
    Refresh,
    DrawInstall {
        left: u32,
    },
    ForceQuit,
    Window {
        window: Window,
        round: PriorityRound,
    },
    Netcheck,
    /// Several triggers wait for their order (MF-5).
    OrderTriggers {
        items: Vec<CacheItem>,
        then: After,
    },
    /// Resolve the Cache without priority until it is empty (MF-5, MF-6.4, MF-8.1, MF-9.5).
    Resolve {
        then: After,
    },
    DeclareAttackers,
    DeclareBlockers {
        defenders: Vec<u32>,
    },
    CombatDamage,
    Splits {
        queue: Vec<u32>,
    },
    DealDamage,
    CombatEnd,
    CombatCleanup,
    Reset,
    ResetCleanup,
    HandLimit,
    NextTurn,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub options: Options,
    pub players: Vec<Player>,
    pub instances: Vec<Inst>,
    pub perms: Vec<Perm>,
    pub cache: Stack<CacheItem>,
    pub effects: TimedEffects<Modifier>,
    pub combat: Combat,
    pub active: u32,
    pub first_player: u32,
    /// Turn number, 1 for the first turn of the game.
    pub turn: u32,
    pub stage: Stage,
    pub next_draw: u64,
    pub next_decision: u64,
    pub next_entered: u64,
    /// Option `open_decklists`: every viewer sees every decklist.
    #[serde(default)]
    pub open_decklists: bool,
    pub awaiting: Awaiting,
}

impl Game {
    // --- lookups ---------------------------------------------------------------------------

    pub fn def(&self, inst: u32) -> &'static CardData {
        self.instances.get(inst as usize).and_then(|i| data::card(&i.card)).unwrap_or(&data::BLANK)
    }
    pub fn kind_of(&self, inst: u32) -> Kind {
        self.def(inst).kind
    }
    pub fn owner(&self, inst: u32) -> u32 {
        self.instances.get(inst as usize).map_or(0, |i| i.owner)
    }
    /// "Chrome Jackal #12".
    pub fn label(&self, inst: u32) -> String {
        format!("{} #{inst}", self.def(inst).name)
    }
    pub fn seat_name(&self, seat: u32) -> String {
        self.players.get(seat as usize).map_or_else(|| format!("seat {seat}"), |p| p.name.clone())
    }
    pub fn player(&self, seat: u32) -> Option<&Player> {
        self.players.get(seat as usize)
    }
    pub fn player_mut(&mut self, seat: u32) -> Option<&mut Player> {
        self.players.get_mut(seat as usize)
    }
    pub fn perm(&self, id: u32) -> Option<&Perm> {
        self.perms.iter().find(|p| p.id == id)
    }
    pub fn perm_mut(&mut self, id: u32) -> Option<&mut Perm> {
        self.perms.iter_mut().find(|p| p.id == id)
    }
    pub fn in_play(&self, id: u32) -> bool {
        self.perm(id).is_some()
    }
    pub fn is_character(&self, id: u32) -> bool {
        self.in_play(id) && self.kind_of(id) == Kind::Character
    }
    pub fn controller(&self, id: u32) -> Option<u32> {
        self.perm(id).map(|p| p.controller)
    }
    pub fn alive(&self, seat: u32) -> bool {
        self.player(seat).is_some_and(|p| !p.lost)
    }
    pub fn seats(&self) -> u32 {
        self.players.len() as u32
    }
    /// Alive seats in turn order starting with `from` (included when alive).
    pub fn turn_order_from(&self, from: u32) -> Vec<u32> {
        let n = self.seats().max(1);
        (0..n).map(|k| (from + k) % n).filter(|&s| self.alive(s)).collect()
    }
    /// Alive opponents of `seat`, in turn order after it.
    pub fn opponents(&self, seat: u32) -> Vec<u32> {
        self.turn_order_from(seat).into_iter().filter(|&s| s != seat).collect()
    }
    pub fn attack(&self, id: u32) -> i64 {
        self.def(id).attack + self.effects.iter().filter(|m| m.perm == id).map(|m| m.attack).sum::<i64>()
    }
    pub fn defense(&self, id: u32) -> i64 {
        self.def(id).defense + self.effects.iter().filter(|m| m.perm == id).map(|m| m.defense).sum::<i64>()
    }
    pub fn allocated_to(&self, id: u32) -> u32 {
        self.players.iter().flat_map(|p| p.ram_bank.iter()).filter(|r| r.allocated == Some(id)).count() as u32
    }
    /// Refreshed RAM not allocated to anything: what can pay costs.
    pub fn free_ram(&self, seat: u32) -> u32 {
        self.player(seat).map_or(0, |p| p.ram_bank.iter().filter(|r| !r.running && r.allocated.is_none()).count() as u32)
    }
    pub fn target_perm(&self, r: &Resolving) -> Option<u32> {
        match r.target {
            Some(TargetRef::Perm(p)) if self.in_play(p) => Some(p),
            _ => None,
        }
    }
    pub fn target_seat(&self, r: &Resolving) -> Option<u32> {
        match r.target {
            Some(TargetRef::Seat(s)) if self.alive(s) => Some(s),
            _ => None,
        }
    }

    // --- RAM ---------------------------------------------------------------------------------

    /// MF-4.5: turn `cost` free RAM Running and allocate `alloc` more to `to`.
    /// Callers check `free_ram` first.
    pub fn pay_ram(&mut self, seat: u32, cost: u32, alloc: u32, to: u32) {
        if let Some(p) = self.player_mut(seat) {
            let mut cost = cost;
            let mut alloc = alloc;
            for slot in p.ram_bank.iter_mut().filter(|r| !r.running && r.allocated.is_none()) {
                if cost > 0 {
                    slot.running = true;
                    cost -= 1;
                } else if alloc > 0 {
                    slot.allocated = Some(to);
                    alloc -= 1;
                }
            }
        }
    }

    /// Every RAM card allocated to `id` returns to its bank Refreshed (MF-3.2, MF-3.5).
    pub fn release_ram(&mut self, id: u32) {
        for p in &mut self.players {
            for slot in p.ram_bank.iter_mut().filter(|r| r.allocated == Some(id)) {
                slot.allocated = None;
                slot.running = false;
            }
        }
    }

    /// Memory Leak: one RAM card allocated to `id` returns to its bank, Running.
    pub fn deallocate_one(&mut self, id: u32, ev: &mut Vec<Event>) {
        let label = self.label(id);
        for p in &mut self.players {
            if let Some(slot) = p.ram_bank.iter_mut().find(|r| r.allocated == Some(id)) {
                slot.allocated = None;
                slot.running = true;
                ev.push(events::RAM_DEALLOCATED.public(format!("{label} loses one allocated RAM card"), json!({"card": id})));
                return;
            }
        }
    }

    // --- zones ---------------------------------------------------------------------------------

    /// Draw the top card of the Cyberdeck; drawing from an empty one marks the player as
    /// decked (MF-10 loss).
    pub fn draw_card(&mut self, seat: u32, ev: &mut Vec<Event>) {
        let name = self.seat_name(seat);
        let Some(p) = self.player_mut(seat) else { return };
        if p.cyberdeck.is_empty() {
            p.decked = true;
            ev.push(events::DECK_EMPTY.public(format!("{name} must draw from an empty Cyberdeck"), json!({"seat": seat})));
            return;
        }
        let card = p.cyberdeck.remove(0);
        p.hand.push(card);
        let left = p.cyberdeck.len();
        let (label, key) = (self.label(card), self.def(card).key);
        ev.push(events::CARD_DRAWN.with_private(
            format!("{name} draws a card"),
            json!({"seat": seat, "cyberdeck": left}),
            vec![seat],
            format!("{name} draws {label}"),
            json!({"seat": seat, "cyberdeck": left, "card": card, "key": key}),
        ));
    }

    /// Install the top card of the RAM deck into the RAM Bank, Refreshed. False if empty.
    pub fn install_ram(&mut self, seat: u32, ev: &mut Vec<Event>) -> bool {
        let name = self.seat_name(seat);
        let Some(p) = self.player_mut(seat) else { return false };
        if p.ram_deck.is_empty() {
            return false;
        }
        let card = p.ram_deck.remove(0);
        p.ram_bank.push(RamSlot { id: card, running: false, allocated: None });
        let (bank, left) = (p.ram_bank.len(), p.ram_deck.len());
        ev.push(
            events::RAM_INSTALLED.public(
                format!("{name} installs a RAM card ({bank} in the RAM Bank)"),
                json!({"seat": seat, "card": card, "ram_bank": bank, "ram_deck": left}),
            ),
        );
        true
    }

    pub fn to_bin(&mut self, inst: u32) {
        let owner = self.owner(inst);
        if let Some(p) = self.player_mut(owner) {
            p.recycle_bin.push(inst);
        }
    }

    /// A permanent leaves play: to its owner's Recycle Bin, its RAM back Refreshed, its timed
    /// effects dropped (MF-1, MF-3.2, MF-3.5).
    pub fn remove_perm(&mut self, id: u32) -> bool {
        let before = self.perms.len();
        self.perms.retain(|p| p.id != id);
        if self.perms.len() == before {
            return false;
        }
        self.release_ram(id);
        self.to_bin(id);
        self.effects.retain(|m| m.perm != id);
        true
    }

    pub fn destroy(&mut self, id: u32, why: &str, ev: &mut Vec<Event>) {
        let label = self.label(id);
        let owner = self.owner(id);
        if self.remove_perm(id) {
            ev.push(
                events::DESTROYED
                    .public(format!("{label} is destroyed ({why}) and goes to its owner's Recycle Bin"), json!({"card": id, "owner": owner, "reason": why})),
            );
        }
    }

    pub fn enter_play(&mut self, id: u32, controller: u32, ev: &mut Vec<Event>) {
        let entered = self.next_entered;
        self.next_entered += 1;
        self.perms.push(Perm { id, controller, running: false, used: false, damage: 0, entered });
        let (label, name) = (self.label(id), self.seat_name(controller));
        ev.push(
            events::ENTERED_PLAY
                .public(format!("{label} enters play under {name}'s control"), json!({"card": id, "key": self.def(id).key, "controller": controller})),
        );
    }

    // --- numbers -------------------------------------------------------------------------------

    /// Mark damage on a character (MF-7.7); lethal damage is checked by `state_check`.
    pub fn deal_damage(&mut self, id: u32, amount: i64, source: &str, ev: &mut Vec<Event>) {
        if amount <= 0 || !self.is_character(id) {
            return;
        }
        let label = self.label(id);
        if let Some(p) = self.perm_mut(id) {
            p.damage += amount;
            let total = p.damage;
            ev.push(
                events::DAMAGE
                    .public(format!("{source} deals {amount} damage to {label}"), json!({"card": id, "amount": amount, "marked": total, "source": source})),
            );
        }
    }

    pub fn lose_health(&mut self, seat: u32, pool: Pool, amount: i64, source: &str, ev: &mut Vec<Event>) {
        if amount <= 0 || !self.alive(seat) {
            return;
        }
        let name = self.seat_name(seat);
        if let Some(p) = self.player_mut(seat) {
            let v = match pool {
                Pool::Mainframe => &mut p.mainframe,
                Pool::Bioframe => &mut p.bioframe,
            };
            *v = (*v - amount).max(0);
            let now = *v;
            ev.push(events::HEALTH.public(
                format!("{name} loses {amount} {} to {source} (now {now})", pool.name()),
                json!({"seat": seat, "pool": pool.name(), "change": -amount, "value": now, "source": source}),
            ));
        }
    }

    /// Regain health, never above the starting value.
    pub fn gain_health(&mut self, seat: u32, pool: Pool, amount: i64, source: &str, ev: &mut Vec<Event>) {
        if amount <= 0 || !self.alive(seat) {
            return;
        }
        let cap = match pool {
            Pool::Mainframe => self.options.starting_mainframe,
            Pool::Bioframe => self.options.starting_bioframe,
        };
        let name = self.seat_name(seat);
        if let Some(p) = self.player_mut(seat) {
            let v = match pool {
                Pool::Mainframe => &mut p.mainframe,
                Pool::Bioframe => &mut p.bioframe,
            };
            let new = (*v + amount).min(cap).max(*v);
            let change = new - *v;
            *v = new;
            ev.push(events::HEALTH.public(
                format!("{name} regains {change} {} from {source} (now {new})", pool.name()),
                json!({"seat": seat, "pool": pool.name(), "change": change, "value": new, "source": source}),
            ));
        }
    }

    pub fn set_running(&mut self, id: u32, running: bool, source: &str, ev: &mut Vec<Event>) {
        let label = self.label(id);
        if let Some(p) = self.perm_mut(id) {
            p.running = running;
            let state = if running { "Running" } else { "Refreshed" };
            ev.push(events::STATUS.public(format!("{source}: {label} becomes {state}"), json!({"card": id, "running": running, "source": source})));
        }
    }

    pub fn add_modifier(&mut self, expiry: Expiry, m: Modifier, ev: &mut Vec<Event>) {
        if !self.in_play(m.perm) {
            return;
        }
        let until = expiry.until();
        ev.push(events::MODIFIED.public(
            format!("{}: {} gets {:+}/{:+} {until}", m.source, self.label(m.perm), m.attack, m.defense),
            json!({"card": m.perm, "attack": m.attack, "defense": m.defense, "source": m.source, "until": until}),
        ));
        self.effects.add(expiry, m);
    }
}
