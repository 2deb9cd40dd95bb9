//! A small scenario builder: construct a state directly, then feed inputs through `apply`.

use std::collections::BTreeMap;

use crate::core::*;
use crate::mainframe::flow;
use crate::mainframe::options::Options;
use crate::mainframe::state::{Game, Inst, Perm, Player, RamSlot, Stage};
use crate::mainframe::{decode, encode, Mainframe};

pub struct Scenario {
    pub g: Game,
}

impl Scenario {
    /// `n` players with empty zones; seat 0 active on turn 2 (not the first turn).
    pub fn new(n: u32) -> Scenario {
        let players = (0..n)
            .map(|s| Player {
                name: ["Ana", "Bo", "Cy", "Di"][s as usize % 4].to_string(),
                deck: "test".into(),
                mainframe: 12,
                bioframe: 12,
                hand: vec![],
                cyberdeck: vec![],
                ram_deck: vec![],
                ram_bank: vec![],
                recycle_bin: vec![],
                unstable: false,
                decked: false,
                lost: false,
            })
            .collect();
        // Explicit priority windows: every pass is a decision (auto_pass off).
        let g = Game {
            options: Options { auto_pass: false, ..Options::default() },
            players,
            instances: vec![],
            perms: vec![],
            cache: Default::default(),
            effects: Default::default(),
            combat: Default::default(),
            active: 0,
            first_player: 0,
            turn: 2,
            stage: Stage::TurnStart,
            next_draw: 0,
            next_decision: 0,
            next_entered: 0,
            awaiting: Awaiting::Ended(Outcome { winners: vec![], reason: "building".into() }),
        };
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
        let mut events = Vec::new();
        flow::run(&mut self.g, &mut events).expect("the scenario runs");
        let state = encode(&self.g).expect("encodes");
        Match { state, events, awaiting: self.g.awaiting.clone(), log: vec![] }
    }
}

/// A match driven through the public `apply`.
pub struct Match {
    pub state: Vec<u8>,
    /// Events of the last input.
    pub events: Vec<Event>,
    pub awaiting: Awaiting,
    /// Every event so far.
    pub log: Vec<Event>,
}

impl Match {
    pub fn game(&self) -> Game {
        decode(&self.state).expect("decodes")
    }

    pub fn try_input(&mut self, input: Input) -> Result<(), RulesError> {
        let step = Mainframe.apply(&self.state, &input)?;
        self.state = step.state;
        self.log.extend(step.events.iter().cloned());
        self.events = step.events;
        self.awaiting = step.awaiting;
        Ok(())
    }

    pub fn decision(&self) -> Decision {
        match &self.awaiting {
            Awaiting::Decision(d) => d.clone(),
            other => panic!("expected a decision, awaiting {other:?}"),
        }
    }

    pub fn kind(&self) -> String {
        match &self.awaiting {
            Awaiting::Decision(d) => d.kind.clone(),
            Awaiting::Draw(r) => format!("draw:{}", r.purpose),
            Awaiting::Ended(_) => "ended".into(),
        }
    }

    pub fn option_ids(&self) -> Vec<String> {
        match self.decision().spec {
            DecisionSpec::Pick { options, .. } => options.into_iter().map(|o| o.id).collect(),
            DecisionSpec::Split { targets, .. } => targets.into_iter().map(|o| o.id).collect(),
            DecisionSpec::Order { items } => items.into_iter().map(|o| o.id).collect(),
            DecisionSpec::Number { .. } => vec![],
        }
    }

    pub fn choose(&mut self, choice: Choice) {
        let d = self.decision();
        self.try_input(Input::Decision { decision_id: d.id, seat: d.seat, choice })
            .unwrap_or_else(|e| panic!("{choice:?} refused at {}: {e}", d.kind, choice = "choice"));
    }

    /// Pick these option ids in the pending decision.
    pub fn pick(&mut self, ids: &[&str]) {
        let d = self.decision();
        for id in ids {
            assert!(self.option_ids().iter().any(|o| o == id), "{id} not offered in {}: {:?}", d.kind, self.option_ids());
        }
        self.choose(Choice::Pick(ids.iter().map(|s| s.to_string()).collect()));
    }

    /// Answer the pending draw with `values`.
    pub fn draw(&mut self, values: &[u32]) {
        let Awaiting::Draw(r) = self.awaiting.clone() else { panic!("expected a draw, awaiting {:?}", self.awaiting) };
        self.try_input(Input::Draw { index: r.index, purpose: r.purpose, values: values.to_vec() }).expect("draw accepted");
    }

    /// Pass every priority decision until something else is awaited.
    pub fn pass_all(&mut self) {
        while self.kind() == "mainframe.priority" {
            self.pick(&["pass"]);
        }
    }

    pub fn has_event(&self, kind: &str) -> bool {
        self.log.iter().any(|e| e.kind == kind)
    }

    pub fn log_index(&self, pred: impl Fn(&Event) -> bool) -> Option<usize> {
        self.log.iter().position(pred)
    }
}

pub fn config(n: u32, options: &[(&str, i64)]) -> MatchConfig {
    MatchConfig {
        ruleset: "mainframe".into(),
        seats: (0..n).map(|s| SeatConfig { name: format!("P{s}"), deck: String::new() }).collect(),
        options: options.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
    }
}
