//! The scaffolding every game shares, so that a game supplies only its rules: the state blob
//! (encode, decode and check), the `apply` sequence, asking a seat or the randomness service,
//! reading an answer back, and typed option tables.
//!
//! A game implements [`GameState`] and [`Flow`] on its state struct (what is its own: checks,
//! one step of its rules, how an input is played, a viewer's view); its `impl Ruleset` then
//! takes `apply`, `view` and `state_json` from [`state_methods!`], and its run loop is [`settle`].
//!
//! Options a game builds and reads itself are a [`Table`]: each option shown to the seat with the
//! typed value it stands for, so an answer is looked up ([`answer`], [`answers`]) instead of a
//! string like `"install:12:3"` being parsed back. The option ids stay what they were (they are in
//! the logged decisions and inputs), only the engine stops reading meaning out of them.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::state_codec;
use super::{check_input, Awaiting, Choice, Decision, DecisionOption, DecisionSpec, DrawKind, DrawRequest, Event, Input};
use super::{RulesError, Step, Viewer};

/// What the core needs of a game's state.
pub trait GameState: Serialize + DeserializeOwned {
    /// The ruleset's name, as error messages give it.
    const RULESET: &'static str;
    /// The game's state layout byte ([`state_codec::encode_state_with_layout`]); `None` for the
    /// plain postcard tag of a game whose state shape never changed.
    const LAYOUT: Option<u8> = None;
    /// Cheap consistency checks on a decoded state, so that garbage is reported, not played.
    fn validate(&self) -> Result<(), RulesError>;
    /// What the match waits for now.
    fn awaiting(&self) -> &Awaiting;
    fn set_awaiting(&mut self, awaiting: Awaiting);
    /// The counter of decision ids (a new decision takes it, then it moves on).
    fn next_decision(&mut self) -> &mut u64;
    /// The counter of draw indexes.
    fn next_draw(&mut self) -> &mut u64;
    /// The round's time limit was reached at `at_ms` ([`Input::TimeCalled`]). By default the
    /// match ends at once and nobody wins ([`super::control::round_limit_draw`]); a game with
    /// a time procedure of its own (netrunner's final turns) overrides this, and may leave what
    /// the match waits for as it was.
    fn time_called(&mut self, at_ms: i64, events: &mut Vec<Event>) -> Result<(), RulesError> {
        let (event, outcome) = super::control::round_limit_draw(at_ms);
        events.push(event);
        self.set_awaiting(Awaiting::Ended(outcome));
        Ok(())
    }
}

/// The [`GameState`] accessors of a state whose fields are named `awaiting`, `next_decision` and
/// `next_draw`, as every game's are: written once here, invoked inside each game's
/// `impl GameState` (which keeps what is its own: name, layout, checks, a time procedure).
macro_rules! protocol_fields {
    () => {
        fn awaiting(&self) -> &$crate::core::Awaiting {
            &self.awaiting
        }
        fn set_awaiting(&mut self, awaiting: $crate::core::Awaiting) {
            self.awaiting = awaiting;
        }
        fn next_decision(&mut self) -> &mut u64 {
            &mut self.next_decision
        }
        fn next_draw(&mut self) -> &mut u64 {
            &mut self.next_draw
        }
    };
}
pub(crate) use protocol_fields;

/// The state blob of `g`.
pub fn encode<G: GameState>(g: &G) -> Result<Vec<u8>, RulesError> {
    match G::LAYOUT {
        Some(layout) => state_codec::encode_state_with_layout(g, layout),
        None => state_codec::encode_state(g),
    }
}

/// The highest decision or draw counter a playable state may hold. Far above any real match,
/// and far enough below `u64::MAX` that the steps of one input can never overflow it (a damaged
/// state near the limit would otherwise panic in [`ask`] or [`request_draw`]).
pub const MAX_COUNTER: u64 = 1 << 48;

/// The state in `bytes`, checked.
pub fn decode<G: GameState>(bytes: &[u8]) -> Result<G, RulesError> {
    let mut g: G = match G::LAYOUT {
        Some(layout) => state_codec::decode_state_with_layout(bytes, G::RULESET, layout)?,
        None => state_codec::decode_state(bytes, G::RULESET)?,
    };
    g.validate()?;
    if *g.next_decision() > MAX_COUNTER || *g.next_draw() > MAX_COUNTER {
        return Err(RulesError::CorruptState(format!("the {} state's decision or draw counter is out of range", G::RULESET)));
    }
    Ok(g)
}

/// The JSON form of a state blob (for `Ruleset::state_json`; not checked, so that the fuzzer can
/// see a damaged state too).
pub fn state_json<G: GameState>(bytes: &[u8]) -> Result<Vec<u8>, RulesError> {
    let g: G = match G::LAYOUT {
        Some(layout) => state_codec::decode_state_with_layout(bytes, G::RULESET, layout)?,
        None => state_codec::decode_state(bytes, G::RULESET)?,
    };
    serde_json::to_vec(&g).map_err(|e| RulesError::CorruptState(format!("cannot encode the state as JSON: {e}")))
}

/// The step a ruleset returns: the new state, the events, what the match waits for.
pub fn step_of<G: GameState>(g: &G, events: Vec<Event>) -> Result<Step, RulesError> {
    Ok(Step { state: encode(g)?, events, awaiting: g.awaiting().clone() })
}

/// `Ruleset::new_match`'s end for every game: the new match's flow runs until it needs its first
/// input (usually the opening shuffles), after the `events` its setup produced.
pub fn first_step<G: Flow>(mut g: G, mut events: Vec<Event>) -> Result<Step, RulesError> {
    settle(&mut g, &mut events)?;
    step_of(&g, events)
}

/// `Ruleset::apply` for every game: decode, check the input against what the state awaits, let
/// the game play it (`play` applies a decision or a draw and advances until the next input is
/// needed; time called goes to [`GameState::time_called`]), encode.
pub fn apply<G: GameState>(
    state: &[u8],
    input: &Input,
    play: impl FnOnce(&mut G, &Input, &mut Vec<Event>) -> Result<(), RulesError>,
) -> Result<Step, RulesError> {
    let mut g: G = decode(state)?;
    check_input(g.awaiting(), input)?;
    let mut events = Vec::new();
    match input {
        Input::TimeCalled { at_ms } => g.time_called(*at_ms, &mut events)?,
        _ => play(&mut g, input, &mut events)?,
    }
    step_of(&g, events)
}

/// One step of a game's continuation; true when the match now waits for an input.
pub type StepFn<G> = fn(&mut G, &mut Vec<Event>) -> Result<bool, RulesError>;
/// Play an input the state awaits (a decision or a draw; time called never reaches it).
pub type PlayFn<G> = fn(&mut G, &Input, &mut Vec<Event>) -> Result<(), RulesError>;
/// What a viewer may see of the match.
pub type ViewFn<G> = fn(&G, Viewer) -> Value;

/// A game's rules, as the shared sequence drives them: what differs from game to game.
pub trait Flow: GameState {
    const STEP: StepFn<Self>;
    const PLAY: PlayFn<Self>;
    const VIEW: ViewFn<Self>;
}

/// A guard against a corrupted state that would make the engine loop forever: far more steps
/// than any input of any game takes.
pub const MAX_STEPS_PER_INPUT: u32 = 100_000;

/// Advance until the match needs an input (every game's run loop).
pub fn settle<G: Flow>(g: &mut G, events: &mut Vec<Event>) -> Result<(), RulesError> {
    for _ in 0..MAX_STEPS_PER_INPUT {
        if G::STEP(g, events)? {
            return Ok(());
        }
    }
    Err(RulesError::CorruptState("the rules engine did not settle".into()))
}

/// `Ruleset::apply` of a game with a [`Flow`]: play the input, then settle.
pub fn apply_flow<G: Flow>(state: &[u8], input: &Input) -> Result<Step, RulesError> {
    apply(state, input, |g: &mut G, input, events| {
        G::PLAY(g, input, events)?;
        settle(g, events)
    })
}

/// `Ruleset::view` of a game with a [`Flow`].
pub fn view_flow<G: Flow>(state: &[u8], viewer: Viewer) -> Result<Value, RulesError> {
    Ok(G::VIEW(&decode::<G>(state)?, viewer))
}

/// The `Ruleset` methods that only handle a game's state blob (`apply`, `view`, `state_json`):
/// written once here, invoked inside each game's `impl Ruleset` with its state type.
macro_rules! state_methods {
    ($game:ty) => {
        fn apply(&self, state: &[u8], input: &$crate::core::Input) -> Result<$crate::core::Step, $crate::core::RulesError> {
            $crate::core::game::apply_flow::<$game>(state, input)
        }
        fn view(&self, state: &[u8], viewer: $crate::core::Viewer) -> Result<serde_json::Value, $crate::core::RulesError> {
            $crate::core::game::view_flow::<$game>(state, viewer)
        }
        fn state_json(&self, state: &[u8]) -> Result<Vec<u8>, $crate::core::RulesError> {
            $crate::core::game::state_json::<$game>(state)
        }
    };
}
pub(crate) use state_methods;

/// Wait for `seat` to decide. `kind` and `summary` are given whole (the game prefixes them with
/// its name and the seat's name); `summary` is what everyone else is told, so it names only
/// public facts, while `prompt` and the options go to `seat` only.
pub fn ask<G: GameState>(g: &mut G, seat: u32, kind: String, summary: String, prompt: String, spec: DecisionSpec) {
    let counter = g.next_decision();
    let id = *counter;
    *counter += 1;
    g.set_awaiting(Awaiting::Decision(Decision { id, seat, kind, summary, prompt, spec }));
}

/// Wait for the randomness service to draw `kind` for `purpose`.
pub fn request_draw<G: GameState>(g: &mut G, purpose: String, kind: DrawKind) {
    let counter = g.next_draw();
    let index = *counter;
    *counter += 1;
    g.set_awaiting(Awaiting::Draw(DrawRequest { index, purpose, kind }));
}

// --- reading an input back ---------------------------------------------------------------------

pub fn pick_one(options: Vec<DecisionOption>) -> DecisionSpec {
    DecisionSpec::Pick { options, min: 1, max: 1 }
}

pub fn pick_range(options: Vec<DecisionOption>, min: u32, max: u32) -> DecisionSpec {
    DecisionSpec::Pick { options, min, max }
}

/// The ids picked (already checked against the decision by [`check_input`]).
pub fn picks(input: &Input) -> Result<Vec<String>, RulesError> {
    match input {
        Input::Decision { choice: Choice::Pick(ids), .. } => Ok(ids.clone()),
        _ => Err(RulesError::Malformed("this decision expects a pick".into())),
    }
}

pub fn one_pick(input: &Input) -> Result<String, RulesError> {
    picks(input)?.into_iter().next().ok_or_else(|| RulesError::Malformed("pick one option".into()))
}

pub fn number(input: &Input) -> Result<i64, RulesError> {
    match input {
        Input::Decision { choice: Choice::Number(n), .. } => Ok(*n),
        _ => Err(RulesError::Malformed("this decision expects a number".into())),
    }
}

/// The first drawn value.
pub fn draw_value(input: &Input) -> Result<u32, RulesError> {
    match input {
        Input::Draw { values, .. } => values.first().copied().ok_or_else(|| RulesError::Malformed("empty draw".into())),
        _ => Err(RulesError::Malformed("this step expects a draw".into())),
    }
}

/// Reorder `deck` by a drawn permutation.
pub fn shuffle(deck: &mut Vec<u32>, values: &[u32]) -> Result<(), RulesError> {
    let old = deck.clone();
    if values.len() != old.len() {
        return Err(RulesError::Malformed("shuffle of the wrong size".into()));
    }
    let mut new = Vec::with_capacity(old.len());
    for &v in values {
        new.push(*old.get(v as usize).ok_or_else(|| RulesError::Malformed("shuffle value out of range".into()))?);
    }
    *deck = new;
    Ok(())
}

// --- typed option tables -------------------------------------------------------------------------

/// Options shown to a seat, each with the typed value it stands for.
pub type Table<T> = Vec<(DecisionOption, T)>;

/// The options alone, to ask with.
pub fn shown<T>(table: Table<T>) -> Vec<DecisionOption> {
    table.into_iter().map(|(o, _)| o).collect()
}

/// The value of the option with id `id`.
pub fn answer<T: Clone>(table: &[(DecisionOption, T)], id: &str) -> Option<T> {
    table.iter().find(|(o, _)| o.id == id).map(|(_, v)| v.clone())
}

/// The values of the options whose ids are in `ids`, in the table's order.
pub fn answers<T: Clone>(table: &[(DecisionOption, T)], ids: &[String]) -> Vec<T> {
    table.iter().filter(|(o, _)| ids.contains(&o.id)).map(|(_, v)| v.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_looked_up_typed_and_unknown_ids_give_nothing() {
        let table: Table<u32> = vec![(DecisionOption::new("a:7", "A"), 7), (DecisionOption::new("b:9", "B"), 9)];
        assert_eq!(answer(&table, "b:9"), Some(9));
        assert_eq!(answer(&table, "c"), None);
        assert_eq!(answers(&table, &["b:9".into(), "a:7".into(), "x".into()]), vec![7, 9]);
        assert_eq!(shown(table).len(), 2);
    }

    #[test]
    fn a_state_whose_counters_could_overflow_is_refused_not_played() {
        use crate::core::Ruleset;
        let config = crate::core::MatchConfig { ruleset: "netrunner".into(), seats: vec![Default::default(), Default::default()], options: Default::default() };
        let step = crate::netrunner::Netrunner.new_match(&config).expect("a match");
        let mut g: crate::netrunner::state::Game = decode(&step.state).expect("its state");
        g.next_decision = u64::MAX;
        let damaged = encode(&g).expect("encodes");
        assert!(matches!(decode::<crate::netrunner::state::Game>(&damaged), Err(RulesError::CorruptState(_))));
        let input = crate::core::Input::TimeCalled { at_ms: 1 };
        assert!(crate::netrunner::Netrunner.apply(&damaged, &input).is_err(), "refused, not a panic");
    }

    #[test]
    fn a_shuffle_must_be_the_decks_size_and_in_range() {
        let mut deck = vec![10, 11, 12];
        shuffle(&mut deck, &[2, 0, 1]).unwrap();
        assert_eq!(deck, vec![12, 10, 11]);
        assert!(shuffle(&mut deck, &[0, 1]).is_err());
        assert!(shuffle(&mut deck, &[0, 1, 3]).is_err());
    }
}
