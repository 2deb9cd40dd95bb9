//! The `neonhope` match state and its elementary operations: surveillance and the thresholds it
//! queues (NH-3.9), stress, hacking dice (H-3), enemy activation, hands and discard piles.
//! Reads `data`, never `cards`.

use crate::neonhope::kinds::events;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::data::{self, Effect, Task, Tile};
use super::options::Options;
use crate::core::effects::TimedEffects;
use crate::core::{Awaiting, Event, Outcome};

/// One physical card: an action card (owned by a seat) or an encounter card. Its id is its index
/// in `Game::cards`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    pub key: String,
    /// The seat whose action deck it belongs to; `None` for an encounter card.
    pub owner: Option<u32>,
}

/// One seat's character (H-18: one each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Char {
    /// The seat's name.
    pub name: String,
    /// The character's key in `data::CHARACTERS`.
    pub character: String,
    pub location: String,
    /// Unspent action counters (NH-2.1, NH-3.6).
    pub counters: u32,
    pub endurance: u32,
    /// Action cards in hand (public: the action decks are printed and nothing is drawn).
    pub hand: Vec<u32>,
    /// Top is last.
    pub discard: Vec<u32>,
    /// Encounter cards drawn and not yet resolved (NH-3.13: private to this seat, H-10).
    pub held: Vec<u32>,
    /// The held cards are in the order the seat chose (NH-3.14).
    pub held_ordered: bool,
    /// Stress waiting to be discarded at the next checkpoint (NH-1.4, H-15).
    pub stress: u32,
    /// The hand became empty since the last checkpoint: Endurance refresh due (NH-1.4).
    pub emptied: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CondState {
    /// Index in `data::CONDITIONS`.
    pub def: u32,
    pub dice: u32,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnemyState {
    /// Index in `data::ENEMIES`.
    pub def: u32,
    pub location: String,
    pub withdrawn: bool,
}

/// A threshold of this match: where it is and which printed effect it has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThresholdState {
    pub at: u32,
    /// Index in `data::THRESHOLDS`.
    pub effect: u32,
    /// H-4: triggers once; passing it again after surveillance fell does nothing.
    pub reached: bool,
}

/// The Grid (NH-2.2): `layout[p]` is the tile index (in `data::GRID_TILES`) at position `p`;
/// positions 0..16 are the 4×4 Grid, 16..19 the tiles set aside. Hidden from every seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid {
    pub layout: Vec<u32>,
    pub revealed: Vec<bool>,
}

impl Grid {
    pub fn tile(&self, pos: usize) -> Option<Tile> {
        self.layout.get(pos).and_then(|&t| data::GRID_TILES.get(t as usize)).copied()
    }
    pub fn face_down(&self) -> Vec<usize> {
        (0..data::GRID_SIZE).filter(|&p| !self.revealed.get(p).copied().unwrap_or(true)).collect()
    }
}

/// What a task targets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    None,
    Condition(u32),
    Enemy(u32),
    Objective,
}

/// A task under way (NH-2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskRun {
    pub seat: u32,
    pub task: Task,
    pub target: Target,
    pub difficulty: i32,
    /// Tiles revealed for it, in order.
    pub tiles: Vec<Tile>,
    /// The action phase's turn count, to return to.
    pub turn: u32,
}

/// A timed modifier (core `TimedEffects`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mod {
    pub seat: u32,
    /// The task it boosts (None: every task of the seat).
    pub task: Option<Task>,
    pub bonus: i32,
    /// Enemies at the seat's location do not surveil (NH-3.4).
    pub quiet: bool,
    pub source: String,
}

/// Where the match is: a continuation the flow advances until it needs an input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    ShuffleGrid,
    ShuffleEncounters,
    RoundStart,
    /// `turn` counts the characters that have had their turn this action phase.
    Action {
        seat: u32,
        turn: u32,
    },
    Boost,
    Reveal,
    TaskEnd,
    GridReset {
        then: Box<Stage>,
    },
    /// NH-3.9 / H-5: thresholds, stress, Endurance, the end of the game.
    Checkpoint {
        then: Box<Stage>,
    },
    /// NH-3.1 … NH-3.7.
    Encounter {
        step: u8,
    },
    /// NH-3.7: the seats still to draw one encounter card each, in order.
    DrawEach {
        order: Vec<u32>,
    },
    /// `seat` draws `left` more encounter cards (H-9: a reshuffle when the deck is empty).
    Drawing {
        seat: u32,
        left: u32,
        then: Box<Stage>,
    },
    /// NH-3.8: `seat` resolves its encounter cards.
    Resolve {
        seat: u32,
    },
    EncounterEnd,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub options: Options,
    pub chars: Vec<Char>,
    pub cards: Vec<Card>,
    pub conditions: Vec<CondState>,
    pub enemies: Vec<EnemyState>,
    /// Intel tokens left per location (`data::LOCATIONS` order).
    pub intel: Vec<u32>,
    /// Intel the team gathered (NH-1.5).
    pub gathered: u32,
    pub surveillance: u32,
    pub thresholds: Vec<ThresholdState>,
    /// NH-3.9: thresholds reached and not yet triggered, first in first out.
    pub queue: Vec<u32>,
    pub grid: Grid,
    /// Top is first. Hidden from every seat.
    pub encounter_deck: Vec<u32>,
    pub encounter_discard: Vec<u32>,
    /// Episode cards in play (keys).
    pub episodes: Vec<String>,
    pub effects: TimedEffects<Mod>,
    pub task: Option<TaskRun>,
    pub round: u32,
    /// H-1: the responsible character's seat.
    pub responsible: u32,
    /// NH-3.10 / H-11: between the first encounter draw and the last resolution.
    pub silence: bool,
    pub won: bool,
    pub stage: Stage,
    pub next_draw: u64,
    pub next_decision: u64,
    pub awaiting: Awaiting,
}

impl Game {
    pub fn seats(&self) -> u32 {
        self.chars.len() as u32
    }
    pub fn ch(&self, seat: u32) -> Option<&Char> {
        self.chars.get(seat as usize)
    }
    pub fn ch_mut(&mut self, seat: u32) -> Option<&mut Char> {
        self.chars.get_mut(seat as usize)
    }
    pub fn seat_name(&self, seat: u32) -> String {
        match self.ch(seat) {
            Some(c) => format!("{} ({})", c.name, self.character(seat).map(|d| d.name).unwrap_or("?")),
            None => format!("Seat {seat}"),
        }
    }
    pub fn character(&self, seat: u32) -> Option<&'static data::Character> {
        self.ch(seat).and_then(|c| data::character(&c.character))
    }
    /// H-7: clockwise is increasing seat order, wrapping.
    pub fn next_seat(&self, seat: u32) -> u32 {
        (seat + 1) % self.seats().max(1)
    }
    /// Every seat, clockwise from the responsible one.
    pub fn clockwise(&self) -> Vec<u32> {
        let n = self.seats().max(1);
        (0..n).map(|i| (self.responsible + i) % n).collect()
    }
    pub fn card_key(&self, id: u32) -> &str {
        self.cards.get(id as usize).map(|c| c.key.as_str()).unwrap_or("?")
    }
    pub fn card_name(&self, id: u32) -> &'static str {
        let key = self.card_key(id);
        data::action_card(key).map(|c| c.name).or_else(|| data::encounter_card(key).map(|c| c.name)).unwrap_or("?")
    }
    /// "Patrol Sweep #12": how a card is named in events and by the leak oracle.
    pub fn label(&self, id: u32) -> String {
        format!("{} #{id}", self.card_name(id))
    }
    pub fn location_name(key: &str) -> &'static str {
        data::location(key).map(|l| l.name).unwrap_or("?")
    }
    pub fn chars_at(&self, location: &str) -> Vec<u32> {
        (0..self.seats()).filter(|&s| self.ch(s).is_some_and(|c| c.location == location)).collect()
    }

    /// Cause `n` surveillance: every threshold reached or passed joins the checkpoint queue, in
    /// ascending order (NH-3.9, H-4).
    pub fn surveil(&mut self, n: u32, why: &str, ev: &mut Vec<Event>) {
        if n == 0 {
            return;
        }
        self.surveillance = self.surveillance.saturating_add(n);
        ev.push(
            events::SURVEILLANCE
                .public(format!("{why}: {n} surveillance (now {})", self.surveillance), json!({"change": n as i64, "total": self.surveillance, "why": why})),
        );
        let mut reached: Vec<(u32, u32)> =
            self.thresholds.iter().enumerate().filter(|(_, t)| !t.reached && t.at <= self.surveillance).map(|(i, t)| (t.at, i as u32)).collect();
        reached.sort();
        for (at, i) in reached {
            if let Some(t) = self.thresholds.get_mut(i as usize) {
                t.reached = true;
            }
            self.queue.push(i);
            ev.push(events::THRESHOLD_REACHED.public(format!("Surveillance reaches the threshold {at}"), json!({"threshold": at})));
        }
    }

    /// Remove up to `n` surveillance (thresholds already reached stay reached, H-4).
    pub fn unsurveil(&mut self, n: u32, why: &str, ev: &mut Vec<Event>) {
        let change = n.min(self.surveillance);
        self.surveillance -= change;
        ev.push(events::SURVEILLANCE.public(
            format!("{why}: {change} surveillance removed (now {})", self.surveillance),
            json!({"change": -(change as i64), "total": self.surveillance, "why": why}),
        ));
    }

    pub fn stress(&mut self, seat: u32, n: u32, ev: &mut Vec<Event>) {
        if n == 0 {
            return;
        }
        let name = self.seat_name(seat);
        if let Some(c) = self.ch_mut(seat) {
            c.stress += n;
            ev.push(events::STRESS.public(format!("{name} takes {n} stress"), json!({"seat": seat, "stress": n})));
        }
    }

    /// Put 1 hacking die on condition `i` (H-3: a count, never rolled); at its cap the
    /// condition's effect fires and its dice are cleared.
    pub fn add_die(&mut self, i: u32, ev: &mut Vec<Event>) {
        let Some(def) = data::CONDITIONS.get(i as usize) else { return };
        let Some(c) = self.conditions.get_mut(i as usize) else { return };
        c.dice += 1;
        let dice = c.dice;
        ev.push(events::HACKING_DIE.public(format!("1 hacking die on {} (now {dice})", def.name), json!({"condition": def.key, "dice": dice})));
        if dice >= def.cap {
            c.dice = 0;
            ev.push(events::CONDITION_FIRED.public(format!("{} reaches {} dice: {}", def.name, def.cap, def.text), json!({"condition": def.key})));
            self.apply(def.at_cap, def.name, ev);
        }
    }

    /// Enemy `i` activates: each character at its location takes its stress, and the
    /// Corporation causes its surveillance when it finds someone.
    pub fn activate(&mut self, i: u32, ev: &mut Vec<Event>) {
        let Some(e) = self.enemies.get(i as usize) else { return };
        let Some(def) = data::ENEMIES.get(e.def as usize) else { return };
        if e.withdrawn {
            return;
        }
        let here = self.chars_at(&e.location);
        ev.push(events::ENEMY_ACTIVATED.public(format!("{} activates", def.name), json!({"enemy": def.key, "location": e.location})));
        for s in &here {
            self.stress(*s, def.stress, ev);
        }
        if !here.is_empty() {
            self.surveil(def.surveil, def.name, ev);
        }
    }

    /// The enemies (not withdrawn) at `location`.
    pub fn enemies_at(&self, location: &str) -> Vec<u32> {
        (0..self.enemies.len() as u32).filter(|&i| self.enemies.get(i as usize).is_some_and(|e| !e.withdrawn && e.location == location)).collect()
    }

    /// A scenario effect (a condition at its cap, a threshold), belonging to no character.
    pub fn apply(&mut self, effect: Effect, source: &str, ev: &mut Vec<Event>) {
        match effect {
            Effect::Surveil(n) => self.surveil(n, source, ev),
            Effect::Stress(at, n) => {
                for s in 0..self.seats() {
                    if at.is_none_or(|l| self.ch(s).is_some_and(|c| c.location == l)) {
                        self.stress(s, n, ev);
                    }
                }
            }
            Effect::DieOnEveryCondition => {
                for i in 0..self.conditions.len() as u32 {
                    if self.conditions.get(i as usize).is_some_and(|c| !c.withdrawn) {
                        self.add_die(i, ev);
                    }
                }
            }
            Effect::EnemiesActivate => {
                for i in 0..self.enemies.len() as u32 {
                    let occupied = self.enemies.get(i as usize).is_some_and(|e| !self.chars_at(&e.location).is_empty());
                    if occupied {
                        self.activate(i, ev);
                    }
                }
            }
            Effect::EnemiesActivateAt(l) => {
                for i in self.enemies_at(l) {
                    self.activate(i, ev);
                }
            }
        }
    }

    /// Move card `id` from `seat`'s hand to its discard pile.
    pub fn discard(&mut self, seat: u32, id: u32) {
        if let Some(c) = self.ch_mut(seat) {
            if let Some(p) = c.hand.iter().position(|&h| h == id) {
                c.hand.remove(p);
                c.discard.push(id);
                if c.hand.is_empty() {
                    c.emptied = true;
                }
            }
        }
    }

    /// The bonus of the timed effects on `seat`'s `task`.
    pub fn bonus(&self, seat: u32, task: Task) -> i32 {
        self.effects.iter().filter(|m| m.seat == seat && m.task.is_none_or(|t| t == task)).map(|m| m.bonus).sum()
    }

    pub fn quiet(&self, seat: u32) -> bool {
        self.effects.iter().any(|m| m.seat == seat && m.quiet)
    }

    /// End the match (H-17: a loss has no winners; a win lists every seat).
    pub fn end(&mut self, won: bool, reason: String, ev: &mut Vec<Event>) {
        let winners = if won { (0..self.seats()).collect() } else { vec![] };
        ev.push((if won { events::WON } else { events::LOST }).public(reason.clone(), json!({"reason": reason})));
        self.stage = Stage::Over;
        self.awaiting = Awaiting::Ended(Outcome { winners, reason });
    }
}
