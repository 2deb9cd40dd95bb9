//! A small scenario builder: construct a state directly, then feed inputs through `apply`.

use std::collections::BTreeMap;

use crate::core::*;
use crate::mainframe::options::Options;
use crate::mainframe::state::{Game, Inst, Perm, RamSlot, Stage};
use crate::mainframe::{initial_game, Mainframe};

pub struct Scenario {
    pub g: Game,
}

impl Scenario {
    /// `n` players with empty zones; seat 0 active on turn 2 (not the first turn). Built from
    /// the real setup (`initial_game`), then emptied: a field added to the state gets its real
    /// initial value here too.
    pub fn new(n: u32) -> Scenario {
        let mut g = initial_game(&config(n, &[])).expect("the default match sets up");
        // Explicit priority windows: every pass is a decision (auto_pass off).
        g.options = Options { auto_pass: false, ..Options::default() };
        g.instances.clear();
        for (s, p) in g.players.iter_mut().enumerate() {
            p.name = ["Ana", "Bo", "Cy", "Di"][s % 4].to_string();
            p.deck = "test".into();
            (p.mainframe, p.bioframe) = (12, 12);
            p.cyberdeck.clear();
            p.ram_deck.clear();
        }
        g.turn = 2;
        g.stage = Stage::TurnStart;
        g.awaiting = Awaiting::Ended(Outcome { winners: vec![], reason: "building".into() });
        Scenario { g }
    }

    pub fn card(&mut self, owner: u32, key: &str) -> u32 {
        assert!(crate::mainframe::data::card(key).is_some(), "unknown card {key}");
        self.g.instances.push(Inst { card: key.into(), owner, pos: self.g.instances.len() as u32 });
        self.g.instances.len() as u32 - 1
    }

    /// A permanent in play, Refreshed, with its RAM requirement allocated.
    pub fn perm(&mut self, seat: u32, key: &str) -> u32 {
        let id = self.card(seat, key);
        let entered = self.g.next_entered;
        self.g.next_entered += 1;
        self.g.perms.push(Perm { id, controller: seat, running: false, used: false, damage: 0, entered });
        let need = self.g.def(id).ram;
        for _ in 0..need {
            let r = self.card(seat, "ram_module");
            self.g.players[seat as usize].ram_bank.push(RamSlot { id: r, running: false, allocated: Some(id) });
        }
        id
    }

    pub fn hand(&mut self, seat: u32, key: &str) -> u32 {
        let id = self.card(seat, key);
        self.g.players[seat as usize].hand.push(id);
        id
    }

    pub fn deck(&mut self, seat: u32, key: &str) -> u32 {
        let id = self.card(seat, key);
        self.g.players[seat as usize].cyberdeck.push(id);
        id
    }

    pub fn ram_deck(&mut self, seat: u32, count: u32) {
        for _ in 0..count {
            let id = self.card(seat, "ram_module");
            self.g.players[seat as usize].ram_deck.push(id);
        }
    }

    /// `count` free Refreshed RAM cards in the bank.
    pub fn ram(&mut self, seat: u32, count: u32) {
        for _ in 0..count {
            let r = self.card(seat, "ram_module");
            self.g.players[seat as usize].ram_bank.push(RamSlot { id: r, running: false, allocated: None });
        }
    }

    /// Run from `stage` until the match needs an input.
    pub fn start(mut self, stage: Stage) -> Match {
        self.g.stage = stage;
        let mut m = Match::settled(Mainframe, self.g);
        // The log holds what happens after the scenario is set.
        m.log.clear();
        m
    }
}

/// The engine's one test kit ([`crate::testing::kit::Match`]), on mainframe.
pub type Match = crate::testing::kit::Match<Mainframe>;

/// Mainframe's verbs, by what a player does (option ids are looked up, never typed in tests).
pub trait MainframeVerbs {
    /// Play `card` from hand (with its first target when it needs one).
    fn play(&mut self, card: u32);
    /// Play `card` targeting permanent `target`.
    fn play_on(&mut self, card: u32, target: u32);
    /// Activate the ability of permanent `perm` (its first target when it needs one).
    fn activate(&mut self, perm: u32);
    /// Activate the ability of permanent `perm` targeting permanent `target`.
    fn activate_on(&mut self, perm: u32, target: u32);
    /// Declare `attacker` attacking seat `defender`.
    fn attack(&mut self, attacker: u32, defender: u32);
    /// Declare `blocker` blocking `attacker`.
    fn block(&mut self, blocker: u32, attacker: u32);
    /// Pass every priority decision until something else is awaited.
    fn pass_all(&mut self);
}

impl MainframeVerbs for Match {
    fn play(&mut self, card: u32) {
        self.pick_or_first(&format!("play:{card}"));
    }
    fn play_on(&mut self, card: u32, target: u32) {
        self.pick(&[&format!("play:{card}:perm:{target}")]);
    }
    fn activate(&mut self, perm: u32) {
        self.pick_prefix(&format!("activate:{perm}:"));
    }
    fn activate_on(&mut self, perm: u32, target: u32) {
        self.pick(&[&format!("activate:{perm}:0:perm:{target}")]);
    }
    fn attack(&mut self, attacker: u32, defender: u32) {
        self.pick(&[&format!("attack:{attacker}:{defender}")]);
    }
    fn block(&mut self, blocker: u32, attacker: u32) {
        self.pick(&[&format!("block:{blocker}:{attacker}")]);
    }
    fn pass_all(&mut self) {
        self.pass_while("mainframe.priority");
    }
}

pub fn config(n: u32, options: &[(&str, i64)]) -> MatchConfig {
    MatchConfig {
        ruleset: "mainframe".into(),
        seats: (0..n).map(|s| SeatConfig { name: format!("P{s}"), deck: String::new(), ..Default::default() }).collect(),
        options: options.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
    }
}
