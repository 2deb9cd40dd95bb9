//! One test kit for every game: a [`Match`] driven only through the public `Ruleset::apply`,
//! with verbs in the spirit of jinteki.net's test DSL. `choose("Take 1 tag")` answers by the
//! option's label as a player reads it, `pick(&["pass"])` by option id, `draw(&[3])` answers the
//! pending draw, `pass()` passes; each game adds its own verbs on top (`run_on`, `rez`, `play`,
//! `attack` …, in its `tests/kit.rs`) and a scenario builder that places cards directly.
//!
//! A match starts from the real setup ([`Match::new`]: `new_match`, then the draws answered by
//! a seeded [`RandomBot`] or by hand), or from a state a scenario built ([`Match::at`]). Nothing
//! here knows a game, or how many seats it has: a solo game works the same.

use super::RandomBot;
use crate::core::game::{self, GameState};
use crate::core::{Awaiting, Choice, Decision, DecisionSpec, DrawKind, Event, Input, MatchConfig, RulesError, Ruleset, RulesetInfo};

/// A ruleset whose state type the kit may decode, for [`Match::game`].
pub trait TypedRuleset: Ruleset {
    type State: GameState;
}

impl TypedRuleset for crate::mainframe::Mainframe {
    type State = crate::mainframe::state::Game;
}

impl TypedRuleset for crate::netrunner::Netrunner {
    type State = crate::netrunner::state::Game;
}

impl TypedRuleset for crate::neonhope::Neonhope {
    type State = crate::neonhope::state::Game;
}

impl<R: TypedRuleset> Match<R>
where
    R::State: game::Flow,
{
    /// A match at the state a scenario built: the game's own flow runs from it until the match
    /// needs an input (what that produced is the first events, as for [`Match::at`]).
    pub fn settled(rules: R, mut g: R::State) -> Self {
        let mut events = Vec::new();
        game::settle(&mut g, &mut events).expect("the scenario runs");
        let state = game::encode(&g).expect("encodes");
        let awaiting = g.awaiting().clone();
        Match::at(rules, state, events, awaiting)
    }
}

/// A match of `R` driven through `apply`.
pub struct Match<R: Ruleset> {
    pub rules: R,
    pub state: Vec<u8>,
    /// Events of the last input.
    pub events: Vec<Event>,
    pub awaiting: Awaiting,
    /// Every event so far.
    pub log: Vec<Event>,
}

impl<R: Ruleset> Match<R> {
    /// A match from the real setup: `new_match` of `config` (nothing answered yet).
    pub fn new(rules: R, config: &MatchConfig) -> Result<Self, RulesError> {
        let step = rules.new_match(config)?;
        Ok(Match { rules, state: step.state, events: step.events.clone(), awaiting: step.awaiting, log: step.events })
    }

    /// A match at a state a scenario built; `events` are what building it produced.
    pub fn at(rules: R, state: Vec<u8>, events: Vec<Event>, awaiting: Awaiting) -> Self {
        Match { rules, state, log: events.clone(), events, awaiting }
    }

    /// Apply `input`; on an error nothing changes.
    pub fn try_input(&mut self, input: Input) -> Result<(), RulesError> {
        let step = self.rules.apply(&self.state, &input)?;
        self.state = step.state;
        self.log.extend(step.events.iter().cloned());
        self.events = step.events;
        self.awaiting = step.awaiting;
        Ok(())
    }

    /// The pending decision (panics when the match waits for something else).
    pub fn decision(&self) -> Decision {
        match &self.awaiting {
            Awaiting::Decision(d) => d.clone(),
            other => panic!("expected a decision, awaiting {other:?}"),
        }
    }

    /// What the match waits for, in one word: the decision kind, `draw:<purpose>` or `ended`.
    pub fn kind(&self) -> String {
        match &self.awaiting {
            Awaiting::Decision(d) => d.kind.clone(),
            Awaiting::Draw(r) => format!("draw:{}", r.purpose),
            Awaiting::Ended(_) => "ended".into(),
        }
    }

    /// The seat that decides now.
    pub fn seat(&self) -> u32 {
        self.decision().seat
    }

    fn options(&self) -> Vec<crate::core::DecisionOption> {
        match self.decision().spec {
            DecisionSpec::Pick { options, .. } => options,
            DecisionSpec::Split { targets, .. } => targets,
            DecisionSpec::Order { items } => items,
            DecisionSpec::Number { .. } => vec![],
        }
    }

    pub fn option_ids(&self) -> Vec<String> {
        self.options().into_iter().map(|o| o.id).collect()
    }

    /// The options as the deciding seat reads them.
    pub fn labels(&self) -> Vec<String> {
        self.options().into_iter().map(|o| o.label).collect()
    }

    /// Whether the pending decision offers option `id`.
    pub fn offers(&self, id: &str) -> bool {
        matches!(self.awaiting, Awaiting::Decision(_)) && self.option_ids().iter().any(|o| o == id)
    }

    /// Answer the pending decision with `choice` (panics when it is refused).
    pub fn answer(&mut self, choice: Choice) {
        let d = self.decision();
        if let Err(e) = self.try_input(Input::Decision { decision_id: d.id, seat: d.seat, choice: choice.clone() }) {
            panic!("{choice:?} refused at {}: {e}", d.kind);
        }
    }

    /// Pick these option ids in the pending decision.
    pub fn pick(&mut self, ids: &[&str]) {
        let d = self.decision();
        for id in ids {
            assert!(self.offers(id), "{id} not offered in {} ({}): {:?}", d.kind, d.prompt, self.option_ids());
        }
        self.answer(Choice::Pick(ids.iter().map(|s| s.to_string()).collect()));
    }

    /// Pick the one option whose label is `label`, or starts with it ("Take 1 tag", "Run HQ").
    pub fn choose(&mut self, label: &str) {
        let options = self.options();
        let exact: Vec<_> = options.iter().filter(|o| o.label == label).collect();
        let found = if exact.is_empty() { options.iter().filter(|o| o.label.starts_with(label)).collect() } else { exact };
        match found.as_slice() {
            [o] => {
                let id = o.id.clone();
                self.pick(&[&id]);
            }
            [] => panic!("no option \"{label}\" in {}: {:?}", self.kind(), self.labels()),
            many => panic!("\"{label}\" names {} options in {}: {:?}", many.len(), self.kind(), self.labels()),
        }
    }

    /// Pick the option whose id starts with `prefix` (the first one), e.g. `play:12` for any target.
    pub fn pick_prefix(&mut self, prefix: &str) {
        let id = self
            .option_ids()
            .into_iter()
            .find(|o| o.starts_with(prefix))
            .unwrap_or_else(|| panic!("no option {prefix}… in {}: {:?}", self.kind(), self.option_ids()));
        self.pick(&[&id]);
    }

    /// Pick option `id`, or else its first refinement `id:…` (a card played on its first
    /// target, as the games' `play` verbs do).
    pub fn pick_or_first(&mut self, id: &str) {
        if self.offers(id) {
            self.pick(&[id]);
        } else {
            self.pick_prefix(&format!("{id}:"));
        }
    }

    /// Pass (the option `pass`).
    pub fn pass(&mut self) {
        self.pick(&["pass"]);
    }

    /// Pass every decision of kind `kind` until something else is awaited.
    pub fn pass_while(&mut self, kind: &str) {
        while self.kind() == kind {
            self.pass();
        }
    }

    pub fn number(&mut self, n: i64) {
        self.answer(Choice::Number(n));
    }

    /// Answer the pending draw with `values`.
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

    /// Answer draws with `bot` until the match waits for a decision or has ended.
    pub fn settle_draws(&mut self, bot: &mut RandomBot) {
        while let Awaiting::Draw(r) = self.awaiting.clone() {
            let values = bot.draw(&r);
            self.draw(&values);
        }
    }

    pub fn has_event(&self, kind: &str) -> bool {
        self.log.iter().any(|e| e.kind == kind)
    }

    pub fn log_index(&self, pred: impl Fn(&Event) -> bool) -> Option<usize> {
        self.log.iter().position(pred)
    }
}

impl<R: TypedRuleset> Match<R> {
    /// The decoded state.
    pub fn game(&self) -> R::State {
        game::decode(&self.state).expect("the state decodes")
    }
}

#[cfg(test)]
mod tests {
    //! The kit and the random-bot harness on a toy solo game, built on `core::game` the way a
    //! third game would be: one seat rolls a d6 and banks or rolls again, aiming for 10 without
    //! going over 12.
    use serde::{Deserialize, Serialize};
    use serde_json::{json, Value};

    use super::*;
    use crate::core::game::{ask, pick_one, request_draw, Table};
    use crate::core::{DecisionOption, Outcome, Step, Viewer};
    use crate::testing::{check_replay, play_random_game};

    #[derive(Serialize, Deserialize)]
    struct Solo {
        total: u32,
        next_decision: u64,
        next_draw: u64,
        awaiting: Awaiting,
    }

    impl GameState for Solo {
        const RULESET: &'static str = "solo";
        fn validate(&self) -> Result<(), RulesError> {
            if self.total > 20 {
                return Err(RulesError::CorruptState(format!("a total of {}", self.total)));
            }
            Ok(())
        }
        fn awaiting(&self) -> &Awaiting {
            &self.awaiting
        }
        fn set_awaiting(&mut self, awaiting: Awaiting) {
            self.awaiting = awaiting;
        }
        fn next_decision(&mut self) -> &mut u64 {
            &mut self.next_decision
        }
        fn next_draw(&mut self) -> &mut u64 {
            &mut self.next_draw
        }
    }

    #[derive(Clone, Copy, PartialEq, Debug)]
    enum Move {
        Roll,
        Bank,
    }

    fn moves() -> Table<Move> {
        vec![(DecisionOption::new("roll", "Roll again"), Move::Roll), (DecisionOption::new("bank", "Bank the total"), Move::Bank)]
    }

    fn end(g: &mut Solo, won: bool, why: &str) {
        let winners = if won { vec![0] } else { vec![] };
        g.awaiting = Awaiting::Ended(Outcome { winners, reason: why.to_string() });
    }

    #[derive(Clone, Copy, Default)]
    struct SoloRules;

    crate::core::kinds::decision_kinds! {
        MOVE = "solo.move", "roll or bank";
    }
    crate::core::kinds::event_kinds! {
        STARTED = "solo.started", "the match starts", "{}";
        ROLLED = "solo.rolled", "a roll adds to the total", "{total: int}";
    }
    const SOLO_KINDS: crate::core::kinds::Kinds = crate::core::kinds::Kinds { decisions: DECISIONS, events: &[EVENTS] };
    const SOLO: RulesetInfo =
        RulesetInfo { name: "solo", rules_version: "solo-1", seats: (1, 1), cooperative: false, decks: Vec::new, options: &[], kinds: &SOLO_KINDS };

    impl Ruleset for SoloRules {
        fn info(&self) -> &'static RulesetInfo {
            &SOLO
        }
        fn new_match(&self, _config: &MatchConfig) -> Result<Step, RulesError> {
            let mut g = Solo { total: 0, next_decision: 0, next_draw: 0, awaiting: Awaiting::Ended(Outcome { winners: vec![], reason: String::new() }) };
            request_draw(&mut g, "roll".into(), DrawKind::Range(6));
            game::step_of(&g, vec![STARTED.public("A solo match", json!({}))])
        }
        fn apply(&self, state: &[u8], input: &Input) -> Result<Step, RulesError> {
            game::apply(state, input, |g: &mut Solo, input, ev| {
                match input {
                    Input::Draw { .. } => {
                        g.total += game::draw_value(input)? + 1;
                        ev.push(ROLLED.public(format!("The total is {}", g.total), json!({"total": g.total})));
                    }
                    Input::Decision { .. } => match game::answer(&moves(), &game::one_pick(input)?) {
                        Some(Move::Bank) => {
                            end(g, g.total >= 10, "banked");
                            return Ok(());
                        }
                        Some(Move::Roll) => {
                            request_draw(g, "roll".into(), DrawKind::Range(6));
                            return Ok(());
                        }
                        None => return Err(RulesError::Illegal("roll or bank".into())),
                    },
                    // `game::apply` gives time called to `GameState::time_called`.
                    Input::TimeCalled { .. } => return Err(RulesError::NotAwaited("time is not a move".into())),
                }
                if g.total > 12 {
                    end(g, false, "over 12");
                } else {
                    ask(g, 0, MOVE.name.into(), "chooses".into(), format!("Total {}: roll or bank?", g.total), pick_one(game::shown(moves())));
                }
                Ok(())
            })
        }
        fn view(&self, state: &[u8], _viewer: Viewer) -> Result<Value, RulesError> {
            let g: Solo = game::decode(state)?;
            Ok(json!({"total": g.total}))
        }
    }

    impl TypedRuleset for SoloRules {
        type State = Solo;
    }

    fn solo_config() -> MatchConfig {
        MatchConfig {
            ruleset: "solo".into(),
            seats: vec![crate::core::SeatConfig { name: "Solo".into(), deck: String::new(), ..Default::default() }],
            options: Default::default(),
        }
    }

    #[test]
    fn the_kit_plays_a_solo_game_from_the_real_setup_by_labels() {
        let mut m = Match::new(SoloRules, &solo_config()).unwrap();
        assert_eq!(m.kind(), "draw:roll");
        m.draw(&[5]);
        assert_eq!((m.kind(), m.seat()), ("solo.move".to_string(), 0));
        assert_eq!(m.labels(), vec!["Roll again", "Bank the total"]);
        m.choose("Roll");
        m.draw(&[4]);
        assert_eq!(m.game().total, 11);
        m.choose("Bank the total");
        assert!(matches!(&m.awaiting, Awaiting::Ended(o) if o.winners == vec![0]));
        assert!(m.has_event("solo.rolled") && m.log_index(|e| e.kind == "solo.started") == Some(0));
    }

    #[test]
    #[should_panic(expected = "no option \"Pass\"")]
    fn choosing_a_label_that_is_not_offered_says_what_is() {
        let mut m = Match::new(SoloRules, &solo_config()).unwrap();
        m.settle_draws(&mut RandomBot::new(1));
        m.choose("Pass");
    }

    #[test]
    fn the_random_bot_harness_and_its_bad_input_probes_work_with_one_seat() {
        for seed in 0..20 {
            let played = play_random_game(&SoloRules, &solo_config(), seed, 200, true).unwrap();
            check_replay(&SoloRules, &solo_config(), &played).unwrap();
        }
    }
}
