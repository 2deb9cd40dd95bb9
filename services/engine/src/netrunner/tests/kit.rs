//! A small scenario builder: construct a state directly, then feed inputs through `apply`.

use std::collections::BTreeMap;

use crate::core::*;
use crate::netrunner::options::Options;
use crate::netrunner::state::{Card, Game, Server, Stage, CORP};
use crate::netrunner::{initial_game, Netrunner};

pub fn config(options: &[(&str, i64)]) -> MatchConfig {
    MatchConfig {
        ruleset: "netrunner".into(),
        seats: vec![
            SeatConfig { name: "Corp".into(), deck: String::new(), ..Default::default() },
            SeatConfig { name: "Runner".into(), deck: String::new(), ..Default::default() },
        ],
        options: options.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
    }
}

pub struct Scenario {
    pub g: Game,
}

impl Scenario {
    /// Empty zones, 5 credits each, the Corp active on turn 2; explicit windows (no auto pass).
    /// Built from the real setup (`initial_game`), then emptied: a field added to the state gets
    /// its real initial value here too.
    pub fn new() -> Scenario {
        let mut g = initial_game(&config(&[])).expect("the default match sets up");
        g.options = Options { auto_pass: false, ..Options::default() };
        g.cards.clear();
        let c = &mut g.corp;
        (c.name, c.deck, c.identity, c.credits) = ("Corp".into(), "test".into(), "30077".into(), 5);
        c.rd.clear();
        let r = &mut g.runner;
        (r.name, r.deck, r.identity, r.credits, r.link) = ("Runner".into(), "test".into(), "30076".into(), 5, 0);
        r.stack.clear();
        g.active = CORP;
        g.turn = 1;
        g.stage = Stage::TurnBegin;
        g.awaiting = Awaiting::Ended(Outcome { winners: vec![], reason: "building".into() });
        Scenario { g }
    }

    pub fn auto_pass(mut self) -> Self {
        self.g.options.auto_pass = true;
        self
    }

    pub fn card(&mut self, code: &str) -> u32 {
        let d = crate::netrunner::data::card(code).unwrap_or_else(|| panic!("unknown card {code}"));
        self.g.cards.push(Card::new(code, d.side, self.g.cards.len() as u32));
        self.g.cards.len() as u32 - 1
    }
    pub fn hq(&mut self, code: &str) -> u32 {
        let c = self.card(code);
        self.g.corp.hq.push(c);
        c
    }
    pub fn rd(&mut self, code: &str) -> u32 {
        let c = self.card(code);
        self.g.corp.rd.push(c);
        c
    }
    pub fn archives(&mut self, code: &str, faceup: bool) -> u32 {
        let c = self.card(code);
        self.g.cards[c as usize].faceup = faceup;
        self.g.corp.archives.push(c);
        c
    }
    pub fn grip(&mut self, code: &str) -> u32 {
        let c = self.card(code);
        self.g.runner.grip.push(c);
        c
    }
    pub fn stack(&mut self, code: &str) -> u32 {
        let c = self.card(code);
        self.g.runner.stack.push(c);
        c
    }
    /// A card hosted face up on installed Runner card `host`, not installed (`Runner::hosted_cards`).
    pub fn hosted_faceup(&mut self, host: u32, code: &str) -> u32 {
        let k = self.card(code);
        self.g.runner.hosted_cards.push(k);
        self.g.cards[k as usize].host = Some(host);
        self.g.cards[k as usize].faceup = true;
        k
    }
    /// `n` copies of a card in the grip.
    pub fn grip_n(&mut self, code: &str, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.grip(code)).collect()
    }
    /// `n` copies of a card on the stack.
    pub fn stack_n(&mut self, code: &str, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.stack(code)).collect()
    }
    /// `n` copies of a card in R&D.
    pub fn rd_n(&mut self, code: &str, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.rd(code)).collect()
    }
    /// `n` copies of a card in HQ.
    pub fn hq_n(&mut self, code: &str, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.hq(code)).collect()
    }
    fn server(&mut self, id: u32) -> &mut Server {
        if !self.g.corp.servers.iter().any(|s| s.id == id) {
            self.g.corp.servers.push(Server { id, ice: vec![], root: vec![] });
            self.g.corp.next_remote = self.g.corp.next_remote.max(id - 1);
        }
        self.g.corp.servers.iter_mut().find(|s| s.id == id).unwrap()
    }
    /// An ice protecting `server`, outermost so far.
    pub fn ice(&mut self, server: u32, code: &str, rezzed: bool) -> u32 {
        let c = self.card(code);
        self.g.cards[c as usize].rezzed = rezzed;
        self.server(server).ice.push(c);
        c
    }
    pub fn root(&mut self, server: u32, code: &str, rezzed: bool) -> u32 {
        let c = self.card(code);
        self.g.cards[c as usize].rezzed = rezzed;
        self.server(server).root.push(c);
        c
    }
    pub fn installed(&mut self, code: &str) -> u32 {
        let c = self.card(code);
        match self.g.def(c).ctype {
            crate::netrunner::data::CardType::Program => self.g.runner.programs.push(c),
            crate::netrunner::data::CardType::Hardware => self.g.runner.hardware.push(c),
            _ => self.g.runner.resources.push(c),
        }
        c
    }
    /// The Runner active in its action phase with `clicks`.
    pub fn runner_turn(mut self, clicks: i64) -> Self {
        self.g.active = 1;
        self.g.runner.clicks = clicks;
        self
    }
    pub fn corp_turn(mut self, clicks: i64) -> Self {
        self.g.active = 0;
        self.g.corp.clicks = clicks;
        self
    }
    pub fn start(mut self, stage: Stage) -> Match {
        self.g.stage = stage;
        Match::settled(Netrunner, self.g)
    }
    /// Straight to the active player's action decision.
    pub fn at_action(self) -> Match {
        self.start(Stage::Action)
    }
}

/// The engine's one test kit ([`crate::testing::kit::Match`]), on netrunner.
pub type Match = crate::testing::kit::Match<Netrunner>;

/// Netrunner's verbs, by what a player does (option ids are looked up, never typed in tests).
pub trait NetrunnerVerbs {
    /// Click: play `card` (an operation or an event; its first target when it needs one).
    fn play(&mut self, card: u32);
    /// Click: install `card` (the Corp: in a new remote server; the Runner: not hosted).
    fn install(&mut self, card: u32);
    /// Click: run on `server`.
    fn run_on(&mut self, server: u32);
    /// In a paid-ability window: rez `card`.
    fn rez(&mut self, card: u32);
    /// In a paid-ability window: score `card`.
    fn score(&mut self, card: u32);
    /// Pass every paid-ability window until something else is awaited.
    fn pass_windows(&mut self);
}

impl NetrunnerVerbs for Match {
    fn play(&mut self, card: u32) {
        self.pick_or_first(&format!("play:{card}"));
    }
    fn install(&mut self, card: u32) {
        let new_remote = format!("install:{card}:new");
        if self.offers(&new_remote) {
            self.pick(&[&new_remote]);
        } else {
            self.pick(&[&format!("install:{card}")]);
        }
    }
    fn run_on(&mut self, server: u32) {
        self.pick(&[&format!("run:{server}")]);
    }
    fn rez(&mut self, card: u32) {
        self.pick(&[&format!("rez:{card}")]);
    }
    fn score(&mut self, card: u32) {
        self.pick(&[&format!("score:{card}")]);
    }
    fn pass_windows(&mut self) {
        self.pass_while("netrunner.window");
    }
}
