//! A small scenario builder: construct a state directly, then feed inputs through `apply`.

use std::collections::BTreeMap;

use crate::core::*;
use crate::netrunner::flow;
use crate::netrunner::options::Options;
use crate::netrunner::state::{Card, Corp, Game, Runner, Server, Stage, ARCHIVES, CORP, HQ, RD};
use crate::netrunner::{decode, encode, Netrunner};

pub fn config(options: &[(&str, i64)]) -> MatchConfig {
    MatchConfig {
        ruleset: "netrunner".into(),
        seats: vec![SeatConfig { name: "Corp".into(), deck: String::new() }, SeatConfig { name: "Runner".into(), deck: String::new() }],
        options: options.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
    }
}

pub struct Scenario {
    pub g: Game,
}

impl Scenario {
    /// Empty zones, 5 credits each, the Corp active on turn 2; explicit windows (no auto pass).
    pub fn new() -> Scenario {
        let g = Game {
            options: Options { auto_pass: false, ..Options::default() },
            corp: Corp {
                name: "Corp".into(),
                deck: "test".into(),
                identity: "30077".into(),
                credits: 5,
                clicks: 0,
                hq: vec![],
                rd: vec![],
                archives: vec![],
                servers: [HQ, RD, ARCHIVES].iter().map(|&id| Server { id, ice: vec![], root: vec![] }).collect(),
                score: vec![],
                points: 0,
                bad_publicity: 0,
                next_remote: 1,
                decked: false,
            },
            runner: Runner {
                name: "Runner".into(),
                deck: "test".into(),
                identity: "30076".into(),
                credits: 5,
                clicks: 0,
                grip: vec![],
                stack: vec![],
                heap: vec![],
                programs: vec![],
                hardware: vec![],
                resources: vec![],
                score: vec![],
                points: 0,
                tags: 0,
                core_damage: 0,
                link: 0,
                flatlined: false,
            },
            cards: vec![],
            active: CORP,
            turn: 1,
            stage: Stage::TurnBegin,
            tasks: vec![],
            run: None,
            access: None,
            flags: Default::default(),
            runner_success_last_turn: false,
            winner: None,
            next_draw: 0,
            next_decision: 0,
            awaiting: Awaiting::Ended(Outcome { winners: vec![], reason: "building".into() }),
        };
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
        let mut events = Vec::new();
        flow::run(&mut self.g, &mut events).expect("the scenario runs");
        let state = encode(&self.g).expect("encodes");
        Match { state, events: events.clone(), awaiting: self.g.awaiting.clone(), log: events }
    }
    /// Straight to the active player's action decision.
    pub fn at_action(self) -> Match {
        self.start(Stage::Action)
    }
}


pub struct Match {
    pub state: Vec<u8>,
    pub events: Vec<Event>,
    pub awaiting: Awaiting,
    pub log: Vec<Event>,
}

impl Match {
    pub fn game(&self) -> Game {
        decode(&self.state).expect("decodes")
    }
    pub fn try_input(&mut self, input: Input) -> Result<(), RulesError> {
        let step = Netrunner.apply(&self.state, &input)?;
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
    pub fn seat(&self) -> u32 {
        self.decision().seat
    }
    pub fn option_ids(&self) -> Vec<String> {
        match self.decision().spec {
            DecisionSpec::Pick { options, .. } => options.into_iter().map(|o| o.id).collect(),
            DecisionSpec::Split { targets, .. } => targets.into_iter().map(|o| o.id).collect(),
            DecisionSpec::Order { items } => items.into_iter().map(|o| o.id).collect(),
            DecisionSpec::Number { .. } => vec![],
        }
    }
    pub fn offers(&self, id: &str) -> bool {
        matches!(self.awaiting, Awaiting::Decision(_)) && self.option_ids().iter().any(|o| o == id)
    }
    pub fn choose(&mut self, choice: Choice) {
        let d = self.decision();
        if let Err(e) = self.try_input(Input::Decision { decision_id: d.id, seat: d.seat, choice: choice.clone() }) {
            panic!("{choice:?} refused at {}: {e}", d.kind);
        }
    }
    pub fn pick(&mut self, ids: &[&str]) {
        let d = self.decision();
        for id in ids {
            assert!(self.option_ids().iter().any(|o| o == id), "{id} not offered in {} ({}): {:?}", d.kind, d.prompt, self.option_ids());
        }
        self.choose(Choice::Pick(ids.iter().map(|s| s.to_string()).collect()));
    }
    pub fn number(&mut self, n: i64) {
        self.choose(Choice::Number(n));
    }
    pub fn draw(&mut self, values: &[u32]) {
        let Awaiting::Draw(r) = self.awaiting.clone() else { panic!("expected a draw, awaiting {:?}", self.awaiting) };
        self.try_input(Input::Draw { index: r.index, purpose: r.purpose, values: values.to_vec() }).expect("draw accepted");
    }
    pub fn draw_kind(&self) -> DrawKind {
        match &self.awaiting {
            Awaiting::Draw(r) => r.kind,
            other => panic!("expected a draw, awaiting {other:?}"),
        }
    }
    /// Pass every paid-ability window until something else is awaited.
    pub fn pass_windows(&mut self) {
        while self.kind() == "netrunner.window" {
            self.pick(&["pass"]);
        }
    }
    pub fn has_event(&self, kind: &str) -> bool {
        self.log.iter().any(|e| e.kind == kind)
    }
}
