//! The game-agnostic decision protocol and the [`Ruleset`] trait.
//!
//! A match always waits for exactly one thing ([`Awaiting`]): a decision of one seat, a random
//! draw, or nothing because it has ended. A client that renders [`DecisionSpec`]s can play
//! every game.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::event::{Event, Viewer};

/// How a match is set up: the ruleset, the seats with their decks, and named options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchConfig {
    pub ruleset: String,
    pub seats: Vec<SeatConfig>,
    /// Named house rules; a ruleset refuses names it does not know.
    pub options: BTreeMap<String, i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatConfig {
    pub name: String,
    /// A ready deck of the ruleset by name; empty for the ruleset's default for that seat.
    pub deck: String,
    /// The seat's own decklist instead of a ready deck (empty: none), in the game's card ids,
    /// checked by the game's construction rules.
    pub decklist: Vec<DeckEntry>,
}

/// One line of a decklist: a card id in the game's own ids and its number of copies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckEntry {
    pub card: String,
    pub count: u32,
}

/// A decision one seat must make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// Unique within the match, increasing.
    pub id: u64,
    pub seat: u32,
    /// Machine-readable kind, prefixed by the ruleset: `mainframe.priority`.
    pub kind: String,
    /// What every viewer may know of this decision: who decides what, naming only public facts.
    /// Non-deciding seats and spectators get this and never `prompt` or `spec`.
    pub summary: String,
    /// What is being decided, for the deciding seat only (it may name that seat's hidden cards).
    pub prompt: String,
    pub spec: DecisionSpec,
}

impl Decision {
    /// The decision as `viewer` may see it: whole for its seat (and an auditor), else only who
    /// decides, the kind and the public summary (no prompt, no options).
    pub fn as_seen_by(&self, viewer: Viewer) -> Decision {
        if viewer.sees_private(&[self.seat]) {
            return self.clone();
        }
        Decision {
            id: self.id,
            seat: self.seat,
            kind: self.kind.clone(),
            summary: self.summary.clone(),
            prompt: String::new(),
            spec: DecisionSpec::Pick { options: Vec::new(), min: 0, max: 0 },
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionOption {
    pub id: String,
    pub label: String,
}

impl DecisionOption {
    pub fn new(id: impl Into<String>, label: impl Into<String>) -> Self {
        DecisionOption { id: id.into(), label: label.into() }
    }
}

/// The typed options of a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecisionSpec {
    /// Choose between `min` and `max` distinct options.
    Pick { options: Vec<DecisionOption>, min: u32, max: u32 },
    /// A whole number in `[min, max]`.
    Number { min: i64, max: i64 },
    /// Split `amount` among the targets.
    Split { amount: u32, targets: Vec<DecisionOption> },
    /// Put every item in an order.
    Order { items: Vec<DecisionOption> },
}

/// A seat's answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    Pick(Vec<String>),
    Number(i64),
    Split(Vec<(String, u32)>),
    Order(Vec<String>),
}

/// What kind of random value a draw produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawKind {
    /// One value in `0..n`.
    Range(u32),
    /// A permutation of `0..n`.
    Shuffle(u32),
}

/// A random draw the match waits for. `index` counts the match's draws from 0 and, with
/// `purpose`, addresses the draw in the randomness scheme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRequest {
    pub index: u64,
    pub purpose: String,
    pub kind: DrawKind,
}

impl DrawRequest {
    /// Whether `values` is a well-formed outcome of this draw (the signature is checked elsewhere).
    pub fn accepts(&self, values: &[u32]) -> bool {
        match self.kind {
            DrawKind::Range(n) => values.len() == 1 && values[0] < n,
            DrawKind::Shuffle(n) => {
                if values.len() != n as usize {
                    return false;
                }
                let mut seen = vec![false; n as usize];
                values.iter().all(|&v| {
                    let i = v as usize;
                    i < seen.len() && !std::mem::replace(&mut seen[i], true)
                })
            }
        }
    }
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<u32>,
    pub reason: String,
}

/// What a match waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Awaiting {
    Decision(Decision),
    Draw(DrawRequest),
    Ended(Outcome),
}

/// One input to a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    Decision {
        decision_id: u64,
        seat: u32,
        choice: Choice,
    },
    Draw {
        index: u64,
        purpose: String,
        values: Vec<u32>,
    },
    /// The round's time limit was reached at `at_ms` (Unix ms, read and logged by the
    /// orchestrator): the game applies its own time procedure ([`crate::core::game::GameState::time_called`]),
    /// which may end the match at once or let it play on to a point the game defines.
    TimeCalled {
        at_ms: i64,
    },
}

/// The result of setting up a match or applying one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The ruleset's state, serialized (opaque to everyone but the ruleset).
    pub state: Vec<u8>,
    pub events: Vec<Event>,
    pub awaiting: Awaiting,
}

/// Why a ruleset refused a configuration or an input. Each variant maps to one gRPC status.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The configuration cannot start a match (unknown deck, wrong seat count, bad option).
    #[error("invalid match configuration: {0}")]
    InvalidConfig(String),
    /// The input is not shaped like an answer to the pending decision (unknown option id, wrong
    /// count, split not summing to the amount).
    #[error("malformed choice: {0}")]
    Malformed(String),
    /// Well-formed but not allowed by the rules right now.
    #[error("illegal: {0}")]
    Illegal(String),
    /// The input answers a decision that is no longer pending.
    #[error("decision {given} is not pending (the pending decision is {pending:?}); fetch it again")]
    StaleDecision { given: u64, pending: Option<u64> },
    /// The input comes from a seat that is not the one deciding.
    #[error("seat {given} cannot answer this decision: it belongs to seat {expected}")]
    WrongSeat { given: u32, expected: u32 },
    /// The match waits for something else (a draw instead of a decision, or nothing: it ended).
    #[error("the match is not waiting for this input: {0}")]
    NotAwaited(String),
    /// The state blob does not decode: a bug or a corrupted log, never a user error.
    #[error("corrupt state: {0}")]
    CorruptState(String),
}

/// A game's rules: pure and deterministic.
/// A format a ruleset checks decklists in (`ListRulesets`): a card pool and a ban list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormatInfo {
    pub name: String,
    pub display_name: String,
    /// The active snapshot's id (empty for a format with one fixed pool), what it is, and its sets.
    pub snapshot: String,
    pub snapshot_note: String,
    /// The value of the match option `format` that chooses it.
    pub option_value: i64,
    pub sets: Vec<String>,
    /// Every snapshot a match may name, oldest first.
    pub snapshots: Vec<SnapshotInfo>,
}

/// One snapshot of a format (`ListRulesets`): a pool and a ban list in force from a date.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SnapshotInfo {
    /// `standard_31`; empty for a format with one fixed pool.
    pub id: String,
    /// The value of the match option `snapshot` that names it.
    pub option_value: i64,
    pub active: bool,
    /// The date its ban list took effect (`2025-08-01`); empty if none.
    pub date_start: String,
    pub note: String,
    /// NetrunnerDB's card pool and ban list ids and names.
    pub card_pool: String,
    pub ban_list: String,
    pub ban_list_name: String,
    pub sets: Vec<String>,
    /// The banned cards, by the code each card is known by.
    pub banned: Vec<String>,
}

/// One card a decklist may name (`ListRulesets`): numbers and names, no card text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PoolCard {
    pub code: String,
    pub title: String,
    pub side: String,
    pub card_type: String,
    pub faction: String,
    /// `None`: the card cannot leave its faction (or is an identity).
    pub influence: Option<i64>,
    pub deck_limit: u32,
    pub set: String,
    /// The formats whose pool holds it, and those of them that ban it.
    pub formats: Vec<String>,
    pub banned_in: Vec<String>,
    pub implemented: bool,
    pub agenda_points: Option<i64>,
    pub min_deck_size: Option<i64>,
    pub influence_limit: Option<i64>,
    /// Every code the card is printed under, `code` first (a decklist may list any).
    pub printings: Vec<String>,
    /// The snapshots (their ids; a format with one fixed pool by its name) whose pool holds the
    /// card and which do not ban it, and those that ban it.
    pub legal_in: Vec<String>,
    pub banned_in_snapshots: Vec<String>,
}

/// What a ruleset is, as the API lists it: the fixed facts every game states once (its
/// `Ruleset::info`), so the trait's accessors for them are written here and nowhere else.
#[derive(Clone, Copy)]
pub struct RulesetInfo {
    /// The ruleset's name as used in the API: `mainframe`.
    pub name: &'static str,
    /// Changes whenever the same inputs could produce different events.
    pub rules_version: &'static str,
    /// Inclusive bounds on the number of seats.
    pub seats: (u32, u32),
    /// All seats win or lose together against the game (a concession or a flag then loses for
    /// the whole team: `core::control`).
    pub cooperative: bool,
    /// The ready decks a seat may name.
    pub decks: fn() -> Vec<&'static str>,
    /// The match options it takes (name, default, range, meaning).
    pub options: &'static [super::options::OptionSpec],
    /// Every decision and event kind it can emit (`core::kinds`), as published.
    pub kinds: &'static super::kinds::Kinds,
}

pub trait Ruleset: Sync {
    /// The ruleset's fixed facts; the accessors below read them.
    fn info(&self) -> &'static RulesetInfo;
    fn name(&self) -> &'static str {
        self.info().name
    }
    fn rules_version(&self) -> &'static str {
        self.info().rules_version
    }
    fn seat_range(&self) -> (u32, u32) {
        self.info().seats
    }
    fn decks(&self) -> Vec<&'static str> {
        (self.info().decks)()
    }
    fn cooperative(&self) -> bool {
        self.info().cooperative
    }
    fn options(&self) -> &'static [super::options::OptionSpec] {
        self.info().options
    }
    /// Every decision and event kind it can emit, with each event's detail shape.
    fn kinds(&self) -> &'static super::kinds::Kinds {
        self.info().kinds
    }
    /// The formats its decklists are checked in, the default first (none: one fixed pool).
    fn formats(&self) -> Vec<FormatInfo> {
        Vec::new()
    }
    /// The cards a decklist may name in some format (empty: the ruleset publishes no pool).
    fn pool(&self) -> Vec<PoolCard> {
        Vec::new()
    }
    /// Validate a configuration and build the initial state (which usually awaits shuffles).
    fn new_match(&self, config: &MatchConfig) -> Result<Step, RulesError>;
    /// Apply one input. On error the state is unchanged (the caller keeps the old blob).
    fn apply(&self, state: &[u8], input: &Input) -> Result<Step, RulesError>;
    /// The state as `viewer` may see it.
    fn view(&self, state: &[u8], viewer: Viewer) -> Result<Value, RulesError>;
    /// The whole state as JSON, which `apply` and `view` also accept (the format of earlier
    /// builds): for debugging and for fuzzing with damaged states that still parse. Never for a
    /// viewer: it hides nothing.
    fn state_json(&self, _state: &[u8]) -> Result<Vec<u8>, RulesError> {
        Err(RulesError::CorruptState(format!("the {} ruleset cannot show its state as JSON", self.name())))
    }
}

/// Check that `choice` is a well-formed answer to `spec` (ids exist, counts, sums). Rule
/// legality beyond the offered options is the ruleset's business.
pub fn validate_choice(spec: &DecisionSpec, choice: &Choice) -> Result<(), RulesError> {
    let malformed = |m: String| Err(RulesError::Malformed(m));
    match (spec, choice) {
        (DecisionSpec::Pick { options, min, max }, Choice::Pick(ids)) => {
            let n = ids.len() as u32;
            if n < *min || n > *max {
                return malformed(format!("pick between {min} and {max} options, not {n}"));
            }
            for (i, id) in ids.iter().enumerate() {
                if !options.iter().any(|o| &o.id == id) {
                    return malformed(format!("\"{id}\" is not one of the offered options"));
                }
                if ids[..i].contains(id) {
                    return malformed(format!("option \"{id}\" is picked twice"));
                }
            }
            Ok(())
        }
        (DecisionSpec::Number { min, max }, Choice::Number(v)) => {
            if v < min || v > max {
                return malformed(format!("{v} is outside {min}..={max}"));
            }
            Ok(())
        }
        (DecisionSpec::Split { amount, targets }, Choice::Split(parts)) => {
            let mut total: u64 = 0;
            for (i, (id, n)) in parts.iter().enumerate() {
                if !targets.iter().any(|t| &t.id == id) {
                    return malformed(format!("\"{id}\" is not one of the split targets"));
                }
                if parts[..i].iter().any(|(other, _)| other == id) {
                    return malformed(format!("target \"{id}\" appears twice in the split"));
                }
                total += u64::from(*n);
            }
            if total != u64::from(*amount) {
                return malformed(format!("the split must add up to {amount}, not {total}"));
            }
            Ok(())
        }
        (DecisionSpec::Order { items }, Choice::Order(ids)) => {
            if ids.len() != items.len() {
                return malformed(format!("order all {} items, not {}", items.len(), ids.len()));
            }
            for (i, id) in ids.iter().enumerate() {
                if !items.iter().any(|o| &o.id == id) || ids[..i].contains(id) {
                    return malformed(format!("\"{id}\" is unknown or repeated in the order"));
                }
            }
            Ok(())
        }
        (spec, _) => malformed(format!("this decision expects a {} answer", spec_kind(spec))),
    }
}

/// Check an input against what the match awaits, before any game logic: the right kind of
/// input, the pending decision id, the deciding seat, and a well-formed choice or draw.
pub fn check_input(awaiting: &Awaiting, input: &Input) -> Result<(), RulesError> {
    match (awaiting, input) {
        (Awaiting::Ended(o), _) => Err(RulesError::NotAwaited(format!("the match has ended ({})", o.reason))),
        // Time can be called whatever the match waits for.
        (_, Input::TimeCalled { .. }) => Ok(()),
        (Awaiting::Decision(d), Input::Decision { decision_id, seat, choice }) => {
            if *decision_id != d.id {
                return Err(RulesError::StaleDecision { given: *decision_id, pending: Some(d.id) });
            }
            if *seat != d.seat {
                return Err(RulesError::WrongSeat { given: *seat, expected: d.seat });
            }
            validate_choice(&d.spec, choice)
        }
        (Awaiting::Draw(r), Input::Draw { index, purpose, values }) => {
            if *index != r.index || purpose != &r.purpose {
                return Err(RulesError::NotAwaited(format!("expected draw {} ({}), got draw {index} ({purpose})", r.index, r.purpose)));
            }
            if !r.accepts(values) {
                return Err(RulesError::Malformed(format!("draw values {values:?} do not fit {:?}", r.kind)));
            }
            Ok(())
        }
        // The orchestrator feeds draws itself; a decision arriving now answers nothing pending.
        (Awaiting::Draw(_), Input::Decision { decision_id, .. }) => Err(RulesError::StaleDecision { given: *decision_id, pending: None }),
        (Awaiting::Decision(d), Input::Draw { .. }) => Err(RulesError::NotAwaited(format!("waiting for decision {} of seat {}", d.id, d.seat))),
    }
}

fn spec_kind(spec: &DecisionSpec) -> &'static str {
    match spec {
        DecisionSpec::Pick { .. } => "pick",
        DecisionSpec::Number { .. } => "number",
        DecisionSpec::Split { .. } => "split",
        DecisionSpec::Order { .. } => "order",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(min: u32, max: u32) -> DecisionSpec {
        DecisionSpec::Pick { options: vec![DecisionOption::new("a", "A"), DecisionOption::new("b", "B")], min, max }
    }

    #[test]
    fn pick_checks_ids_counts_and_repeats() {
        assert!(validate_choice(&pick(1, 1), &Choice::Pick(vec!["a".into()])).is_ok());
        assert!(validate_choice(&pick(1, 1), &Choice::Pick(vec!["z".into()])).is_err());
        assert!(validate_choice(&pick(1, 1), &Choice::Pick(vec![])).is_err());
        assert!(validate_choice(&pick(0, 2), &Choice::Pick(vec!["a".into(), "a".into()])).is_err());
        assert!(validate_choice(&pick(1, 1), &Choice::Number(1)).is_err());
    }

    #[test]
    fn split_must_add_up() {
        let spec = DecisionSpec::Split { amount: 5, targets: vec![DecisionOption::new("x", "X"), DecisionOption::new("y", "Y")] };
        assert!(validate_choice(&spec, &Choice::Split(vec![("x".into(), 2), ("y".into(), 3)])).is_ok());
        assert!(validate_choice(&spec, &Choice::Split(vec![("x".into(), 2)])).is_err());
        assert!(validate_choice(&spec, &Choice::Split(vec![("x".into(), 5), ("x".into(), 0)])).is_err());
    }

    #[test]
    fn shuffle_outcome_must_be_a_permutation() {
        let r = DrawRequest { index: 0, purpose: "p".into(), kind: DrawKind::Shuffle(3) };
        assert!(r.accepts(&[2, 0, 1]));
        assert!(!r.accepts(&[0, 0, 1]));
        assert!(!r.accepts(&[0, 1]));
        assert!(!r.accepts(&[0, 1, 3]));
    }

    #[test]
    fn stale_and_wrong_seat_are_told_apart() {
        let awaiting = Awaiting::Decision(Decision { id: 7, seat: 1, kind: "k".into(), summary: "s".into(), prompt: "p".into(), spec: pick(1, 1) });
        let stale = Input::Decision { decision_id: 6, seat: 1, choice: Choice::Pick(vec!["a".into()]) };
        assert!(matches!(check_input(&awaiting, &stale), Err(RulesError::StaleDecision { .. })));
        let wrong = Input::Decision { decision_id: 7, seat: 0, choice: Choice::Pick(vec!["a".into()]) };
        assert!(matches!(check_input(&awaiting, &wrong), Err(RulesError::WrongSeat { .. })));
    }
}
