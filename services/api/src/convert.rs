//! The one place where protobuf and domain types meet.
//!
//! `to_proto_*` functions cannot fail; `*_from_proto` functions validate what a client or a log
//! sent and say what is wrong with it ([`ConvertError`]).

use std::collections::BTreeMap;

use engine::{
    Awaiting, Choice, Decision, DecisionOption, DecisionSpec, DeckEntry, DrawKind, DrawRequest, Event, Input, MatchConfig, Outcome, PrivatePart, SeatConfig,
    Step, Viewer,
};

use crate::match_v1 as m;
use crate::randomness_v1 as rnd;
use crate::rules_v1 as r;

/// A protobuf message that cannot become a domain value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConvertError(pub String);

fn missing(what: &str) -> ConvertError {
    ConvertError(format!("{what} is missing"))
}

fn json_text(v: &serde_json::Value) -> String {
    if v.is_null() {
        String::new()
    } else {
        v.to_string()
    }
}

fn json_value(s: &str, what: &str) -> Result<serde_json::Value, ConvertError> {
    if s.is_empty() {
        return Ok(serde_json::Value::Null);
    }
    serde_json::from_str(s).map_err(|e| ConvertError(format!("{what} is not valid JSON: {e}")))
}

// ---- watched commits ----

/// One logged commit as `viewer` may see it (`WatchMatch` and the public feed): the events
/// redacted for `viewer`, the status, and the pending decision (in full only for its own seat,
/// else its public summary). `all_joined`: every seat had joined once this commit was applied.
pub fn match_update(commit: &crate::log_v1::Commit, viewer: Viewer, all_joined: bool) -> m::MatchUpdate {
    let awaiting = awaiting_from_proto(commit.awaiting.as_ref()).ok();
    let (status, pending) = match &awaiting {
        Some(Awaiting::Ended(_)) => (m::MatchStatus::Ended, None),
        _ if !all_joined => (m::MatchStatus::WaitingForSeats, None),
        Some(Awaiting::Decision(d)) => {
            (m::MatchStatus::InProgress, Some(if viewer == Viewer::Seat(d.seat) { decision_to_proto(d) } else { decision_summary_to_proto(d) }))
        }
        _ => (m::MatchStatus::InProgress, None),
    };
    m::MatchUpdate {
        version: commit.version,
        events: commit.events.iter().map(|e| redact_event(e, viewer)).collect(),
        status: status as i32,
        pending,
        system_wait: None,
    }
}

/// [`match_update`] for a spectator: exactly what the public may see.
pub fn spectator_update(commit: &crate::log_v1::Commit, all_joined: bool) -> m::MatchUpdate {
    match_update(commit, Viewer::Spectator, all_joined)
}

// ---- match configuration ----

pub fn config_to_proto(c: &MatchConfig) -> r::MatchConfig {
    r::MatchConfig {
        ruleset: c.ruleset.clone(),
        seats: c.seats.iter().map(|s| m::SeatSpec { name: s.name.clone(), deck: s.deck.clone(), decklist: decklist_to_proto(&s.decklist) }).collect(),
        options: c.options.iter().map(|(k, v)| (k.clone(), *v)).collect(),
    }
}

pub fn config_from_proto(c: &r::MatchConfig) -> MatchConfig {
    MatchConfig {
        ruleset: c.ruleset.clone(),
        seats: c.seats.iter().map(|s| SeatConfig { name: s.name.clone(), deck: s.deck.clone(), decklist: decklist_from_proto(s.decklist.as_ref()) }).collect(),
        // BTreeMap: protobuf maps have no order, the domain gets a deterministic one.
        options: c.options.iter().map(|(k, v)| (k.clone(), *v)).collect::<BTreeMap<_, _>>(),
    }
}

/// An empty decklist is no decklist (the field absent), so that a config without one encodes
/// exactly as before decklists existed.
fn decklist_to_proto(list: &[DeckEntry]) -> Option<m::Decklist> {
    if list.is_empty() {
        return None;
    }
    Some(m::Decklist { cards: list.iter().map(|e| m::DecklistEntry { card: e.card.clone(), count: e.count }).collect() })
}

fn decklist_from_proto(list: Option<&m::Decklist>) -> Vec<DeckEntry> {
    list.map(|l| l.cards.iter().map(|e| DeckEntry { card: e.card.clone(), count: e.count }).collect()).unwrap_or_default()
}

// ---- rulesets ----

/// A ruleset as `ListRulesets` describes it to clients: its numbers from the engine, its kinds
/// from its declarations (`Ruleset::kinds`) and the schema of its views from the published file
/// (`docs/schemas/`, [`engine::schemas`]).
pub fn ruleset_description(rules: &dyn engine::Ruleset) -> Result<m::RulesetDescription, ConvertError> {
    let (min_seats, max_seats) = rules.seat_range();
    let mut d = m::RulesetDescription {
        name: rules.name().into(),
        rules_version: rules.rules_version().into(),
        min_seats,
        max_seats,
        decks: rules.decks().into_iter().map(String::from).collect(),
        options: rules
            .options()
            .iter()
            .map(|o| m::RulesetOption { name: o.name.into(), default_value: o.default, min: o.min, max: o.max, doc: o.doc.into() })
            .collect(),
        formats: rules
            .formats()
            .into_iter()
            .map(|f| m::CardFormat {
                name: f.name,
                display_name: f.display_name,
                snapshot: f.snapshot,
                snapshot_note: f.snapshot_note,
                option_value: f.option_value,
                sets: f.sets,
                snapshots: f
                    .snapshots
                    .into_iter()
                    .map(|s| m::FormatSnapshot {
                        id: s.id,
                        option_value: s.option_value,
                        active: s.active,
                        date_start: s.date_start,
                        note: s.note,
                        card_pool: s.card_pool,
                        ban_list: s.ban_list,
                        ban_list_name: s.ban_list_name,
                        sets: s.sets,
                        banned: s.banned,
                    })
                    .collect(),
            })
            .collect(),
        pool: rules.pool().into_iter().map(pool_card_to_proto).collect::<Result<_, _>>()?,
        ..Default::default()
    };
    // Kinds and event schemas from the ruleset's declarations (the code that emits them), the
    // view's schema from the published file.
    let kinds = rules.kinds();
    d.decision_kinds = kinds.decision_kinds().iter().map(|k| k.name.to_string()).collect();
    d.event_kinds = kinds.event_kinds().iter().map(|k| k.name.to_string()).collect();
    for k in kinds.event_kinds() {
        let schema = |shape: &str| {
            engine::core::kinds::shape_schema(shape, engine::core::kinds::Closed::No)
                .map(|v| v.to_string())
                .map_err(|e| ConvertError(format!("the declared shape of {} in {} is not valid: {e}", k.name, rules.name())))
        };
        d.event_detail_schemas_json.insert(k.name.to_string(), schema(k.detail)?);
        if let Some(private) = k.private {
            d.private_detail_schemas_json.insert(k.name.to_string(), schema(private)?);
        }
    }
    if let Some(schemas) = engine::schemas(rules.name()) {
        d.state_schema_json = schemas.state.to_string();
    }
    Ok(d)
}

fn pool_card_to_proto(c: engine::core::PoolCard) -> Result<m::PoolCard, ConvertError> {
    let small = |what: &str, v: Option<i64>| -> Result<Option<i32>, ConvertError> {
        v.map(i32::try_from).transpose().map_err(|_| ConvertError(format!("card {}: {what} {v:?} does not fit", c.code)))
    };
    Ok(m::PoolCard {
        influence: small("influence", c.influence)?,
        agenda_points: small("agenda points", c.agenda_points)?,
        min_deck_size: small("minimum deck size", c.min_deck_size)?,
        influence_limit: small("influence limit", c.influence_limit)?,
        code: c.code,
        title: c.title,
        side: c.side,
        card_type: c.card_type,
        faction: c.faction,
        deck_limit: c.deck_limit,
        set: c.set,
        formats: c.formats,
        banned_in: c.banned_in,
        implemented: c.implemented,
        printings: c.printings,
        legal_in: c.legal_in,
        banned_in_snapshots: c.banned_in_snapshots,
    })
}

// ---- decisions and choices ----

fn option_to_proto(o: &DecisionOption) -> m::DecisionOption {
    m::DecisionOption { id: o.id.clone(), label: o.label.clone() }
}

fn option_from_proto(o: &m::DecisionOption) -> DecisionOption {
    DecisionOption { id: o.id.clone(), label: o.label.clone() }
}

pub fn decision_to_proto(d: &Decision) -> m::Decision {
    let spec = match &d.spec {
        DecisionSpec::Pick { options, min, max } => {
            m::decision::Spec::Pick(m::PickSpec { options: options.iter().map(option_to_proto).collect(), min: *min, max: *max })
        }
        DecisionSpec::Number { min, max } => m::decision::Spec::Number(m::NumberSpec { min: *min, max: *max }),
        DecisionSpec::Split { amount, targets } => {
            m::decision::Spec::Split(m::SplitSpec { amount: *amount, targets: targets.iter().map(option_to_proto).collect() })
        }
        DecisionSpec::Order { items } => m::decision::Spec::Order(m::OrderSpec { items: items.iter().map(option_to_proto).collect() }),
    };
    m::Decision { decision_id: d.id, seat: d.seat, kind: d.kind.clone(), summary: d.summary.clone(), prompt: d.prompt.clone(), spec: Some(spec) }
}

/// The pending decision as seen by someone who is not its seat: who decides, the kind and the
/// public summary. Never the seat's prompt or options: those may name the seat's hidden cards.
pub fn decision_summary_to_proto(d: &Decision) -> m::Decision {
    m::Decision { decision_id: d.id, seat: d.seat, kind: d.kind.clone(), summary: d.summary.clone(), prompt: String::new(), spec: None }
}

pub fn decision_from_proto(d: &m::Decision) -> Result<Decision, ConvertError> {
    let spec = match d.spec.as_ref().ok_or_else(|| missing("decision spec"))? {
        m::decision::Spec::Pick(p) => DecisionSpec::Pick { options: p.options.iter().map(option_from_proto).collect(), min: p.min, max: p.max },
        m::decision::Spec::Number(n) => DecisionSpec::Number { min: n.min, max: n.max },
        m::decision::Spec::Split(s) => DecisionSpec::Split { amount: s.amount, targets: s.targets.iter().map(option_from_proto).collect() },
        m::decision::Spec::Order(o) => DecisionSpec::Order { items: o.items.iter().map(option_from_proto).collect() },
    };
    Ok(Decision { id: d.decision_id, seat: d.seat, kind: d.kind.clone(), summary: d.summary.clone(), prompt: d.prompt.clone(), spec })
}

pub fn choice_to_proto(c: &Choice) -> m::Choice {
    let value = match c {
        Choice::Pick(ids) => m::choice::Value::Pick(m::PickChoice { option_ids: ids.clone() }),
        Choice::Number(n) => m::choice::Value::Number(*n),
        Choice::Split(parts) => {
            m::choice::Value::Split(m::SplitChoice { parts: parts.iter().map(|(id, n)| m::SplitPart { target_id: id.clone(), amount: *n }).collect() })
        }
        Choice::Order(ids) => m::choice::Value::Order(m::OrderChoice { item_ids: ids.clone() }),
    };
    m::Choice { value: Some(value) }
}

pub fn choice_from_proto(c: Option<&m::Choice>) -> Result<Choice, ConvertError> {
    let value = c.and_then(|c| c.value.as_ref()).ok_or_else(|| ConvertError("choice is missing: set one of pick, number, split or order".into()))?;
    Ok(match value {
        m::choice::Value::Pick(p) => Choice::Pick(p.option_ids.clone()),
        m::choice::Value::Number(n) => Choice::Number(*n),
        m::choice::Value::Split(s) => Choice::Split(s.parts.iter().map(|p| (p.target_id.clone(), p.amount)).collect()),
        m::choice::Value::Order(o) => Choice::Order(o.item_ids.clone()),
    })
}

// ---- draws, outcomes, awaiting ----

pub fn draw_request_to_proto(d: &DrawRequest) -> r::DrawRequest {
    let kind = match d.kind {
        DrawKind::Range(n) => r::draw_request::Kind::Range(n),
        DrawKind::Shuffle(n) => r::draw_request::Kind::Shuffle(n),
    };
    r::DrawRequest { index: d.index, purpose: d.purpose.clone(), kind: Some(kind) }
}

pub fn draw_request_from_proto(d: &r::DrawRequest) -> Result<DrawRequest, ConvertError> {
    let kind = match d.kind.ok_or_else(|| missing("draw kind"))? {
        r::draw_request::Kind::Range(n) => DrawKind::Range(n),
        r::draw_request::Kind::Shuffle(n) => DrawKind::Shuffle(n),
    };
    Ok(DrawRequest { index: d.index, purpose: d.purpose.clone(), kind })
}

// A draw's kind travels in three shapes: the logged request (`rules.v1`), the request to the
// randomness service (`randomness.v1`) and the fairness scheme's; these are the only places
// they are converted, with `fairness::DrawKind` (whose `Display` names a kind in errors) as the
// pivot.

impl From<r::draw_request::Kind> for fairness::DrawKind {
    fn from(k: r::draw_request::Kind) -> Self {
        match k {
            r::draw_request::Kind::Range(n) => fairness::DrawKind::Range(n),
            r::draw_request::Kind::Shuffle(n) => fairness::DrawKind::Shuffle(n),
        }
    }
}

impl From<rnd::draw_request::Kind> for fairness::DrawKind {
    fn from(k: rnd::draw_request::Kind) -> Self {
        match k {
            rnd::draw_request::Kind::Range(n) => fairness::DrawKind::Range(n),
            rnd::draw_request::Kind::Shuffle(n) => fairness::DrawKind::Shuffle(n),
        }
    }
}

impl From<fairness::DrawKind> for rnd::draw_request::Kind {
    fn from(k: fairness::DrawKind) -> Self {
        match k {
            fairness::DrawKind::Range(n) => rnd::draw_request::Kind::Range(n),
            fairness::DrawKind::Shuffle(n) => rnd::draw_request::Kind::Shuffle(n),
        }
    }
}

/// "range 20", or "no kind" for a request that names none.
pub fn draw_kind_text(kind: Option<fairness::DrawKind>) -> String {
    kind.map_or_else(|| "no kind".to_string(), |k| k.to_string())
}

pub fn awaiting_to_proto(a: &Awaiting) -> r::Awaiting {
    let what = match a {
        Awaiting::Decision(d) => r::awaiting::What::Decision(decision_to_proto(d)),
        Awaiting::Draw(d) => r::awaiting::What::Draw(draw_request_to_proto(d)),
        Awaiting::Ended(o) => r::awaiting::What::Ended(r::Outcome { winners: o.winners.clone(), reason: o.reason.clone() }),
    };
    r::Awaiting { what: Some(what) }
}

pub fn awaiting_from_proto(a: Option<&r::Awaiting>) -> Result<Awaiting, ConvertError> {
    Ok(match a.and_then(|a| a.what.as_ref()).ok_or_else(|| missing("awaiting"))? {
        r::awaiting::What::Decision(d) => Awaiting::Decision(decision_from_proto(d)?),
        r::awaiting::What::Draw(d) => Awaiting::Draw(draw_request_from_proto(d)?),
        r::awaiting::What::Ended(o) => Awaiting::Ended(Outcome { winners: o.winners.clone(), reason: o.reason.clone() }),
    })
}

// ---- inputs ----

pub fn input_to_proto(i: &Input) -> r::Input {
    let input = match i {
        Input::Decision { decision_id, seat, choice } => {
            r::input::Input::Decision(r::DecisionInput { decision_id: *decision_id, seat: *seat, choice: Some(choice_to_proto(choice)) })
        }
        Input::Draw { index, purpose, values } => r::input::Input::Draw(r::DrawInput { index: *index, purpose: purpose.clone(), values: values.clone() }),
        Input::TimeCalled { at_ms } => r::input::Input::Time(r::TimeInput { at_ms: *at_ms }),
    };
    r::Input { input: Some(input) }
}

pub fn decision_input_from_proto(d: &r::DecisionInput) -> Result<Input, ConvertError> {
    Ok(Input::Decision { decision_id: d.decision_id, seat: d.seat, choice: choice_from_proto(d.choice.as_ref())? })
}

pub fn input_from_proto(i: Option<&r::Input>) -> Result<Input, ConvertError> {
    match i.and_then(|i| i.input.as_ref()).ok_or_else(|| missing("input"))? {
        r::input::Input::Decision(d) => decision_input_from_proto(d),
        r::input::Input::Draw(d) => Ok(Input::Draw { index: d.index, purpose: d.purpose.clone(), values: d.values.clone() }),
        r::input::Input::Time(t) => Ok(Input::TimeCalled { at_ms: t.at_ms }),
    }
}

// ---- events ----

pub fn event_to_proto(e: &Event) -> r::RulesEvent {
    let (private_to, private_text, private_detail_json) = match &e.private {
        Some(p) => (p.seats.clone(), p.text.clone(), json_text(&p.detail)),
        None => (Vec::new(), String::new(), String::new()),
    };
    r::RulesEvent { kind: e.kind.clone(), text: e.text.clone(), detail_json: json_text(&e.detail), private_to, private_text, private_detail_json }
}

pub fn event_from_proto(e: &r::RulesEvent) -> Result<Event, ConvertError> {
    let private = if e.private_to.is_empty() && e.private_text.is_empty() {
        None
    } else {
        Some(PrivatePart { seats: e.private_to.clone(), text: e.private_text.clone(), detail: json_value(&e.private_detail_json, "private event detail")? })
    };
    Ok(Event { kind: e.kind.clone(), text: e.text.clone(), detail: json_value(&e.detail_json, "event detail")?, private })
}

/// An event as `viewer` may see it: the private part only for its seats (and auditors).
pub fn redact_event(e: &r::RulesEvent, viewer: Viewer) -> m::GameEvent {
    let sees_private = !e.private_to.is_empty() && viewer.sees_private(&e.private_to);
    if sees_private {
        m::GameEvent { kind: e.kind.clone(), text: e.private_text.clone(), detail_json: e.private_detail_json.clone() }
    } else {
        m::GameEvent { kind: e.kind.clone(), text: e.text.clone(), detail_json: e.detail_json.clone() }
    }
}

// ---- steps ----

pub fn step_to_proto(s: &Step, rules_version: &str) -> r::Step {
    r::Step {
        rules_version: rules_version.to_string(),
        state: s.state.clone(),
        events: s.events.iter().map(event_to_proto).collect(),
        awaiting: Some(awaiting_to_proto(&s.awaiting)),
    }
}

pub fn step_from_proto(s: &r::Step) -> Result<Step, ConvertError> {
    Ok(Step {
        state: s.state.clone(),
        events: s.events.iter().map(event_from_proto).collect::<Result<_, _>>()?,
        awaiting: awaiting_from_proto(s.awaiting.as_ref())?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn decisions_and_choices_round_trip() {
        let d = Decision {
            id: 4,
            seat: 1,
            kind: "mainframe.split_damage".into(),
            summary: "Ana splits 5 damage".into(),
            prompt: "Split 5 damage".into(),
            spec: DecisionSpec::Split { amount: 5, targets: vec![DecisionOption::new("c1", "Blocker 1"), DecisionOption::new("c2", "Blocker 2")] },
        };
        assert_eq!(decision_from_proto(&decision_to_proto(&d)).unwrap(), d);
        for c in [
            Choice::Pick(vec!["a".into()]),
            Choice::Number(-3),
            Choice::Split(vec![("c1".into(), 2), ("c2".into(), 3)]),
            Choice::Order(vec!["x".into(), "y".into()]),
        ] {
            assert_eq!(choice_from_proto(Some(&choice_to_proto(&c))).unwrap(), c);
        }
        assert!(choice_from_proto(None).is_err());
    }

    /// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): `Decision.prompt`.
    #[test]
    fn non_deciders_get_the_summary_never_the_prompt_or_options() {
        let d = Decision {
            id: 9,
            seat: 0,
            kind: "netrunner.trash_before_install".into(),
            summary: "The Corp may trash cards installed in Server 1 before installing a card there".into(),
            prompt: "Before installing Palisade #23 in Server 1, you may trash".into(),
            spec: DecisionSpec::Pick { options: vec![DecisionOption::new("trash:5", "Trash Palisade #5")], min: 0, max: 1 },
        };
        let s = decision_summary_to_proto(&d);
        assert_eq!(s.summary, d.summary);
        assert!(s.prompt.is_empty() && s.spec.is_none());
        assert!(!format!("{s:?}").contains("Palisade"), "{s:?}");
        let full = decision_to_proto(&d);
        assert_eq!((full.prompt.as_str(), full.summary.as_str()), (d.prompt.as_str(), d.summary.as_str()));
        assert!(full.spec.is_some());
    }

    #[test]
    fn private_parts_reach_only_their_seats() {
        let e = Event::with_private(
            "mainframe.card_drawn",
            "Ana draws a card",
            json!({"seat": 0}),
            vec![0],
            "Ana draws Ghost Wire",
            json!({"seat": 0, "card": "ghost-wire"}),
        );
        let p = event_to_proto(&e);
        assert_eq!(event_from_proto(&p).unwrap(), e);
        assert_eq!(redact_event(&p, Viewer::Seat(0)).text, "Ana draws Ghost Wire");
        assert_eq!(redact_event(&p, Viewer::Seat(1)).text, "Ana draws a card");
        assert_eq!(redact_event(&p, Viewer::Spectator).text, "Ana draws a card");
        assert!(!redact_event(&p, Viewer::Seat(1)).detail_json.contains("ghost-wire"));
        assert_eq!(redact_event(&p, Viewer::Auditor).text, "Ana draws Ghost Wire");
    }
}

// ---- match control ----

/// The match-control input of a logged commit input, if it is one (a concession, an
/// adjudication, a seat's clock running out). The round time limit (`TimeCalled` without a
/// flagged seat) is not: it goes to the ruleset's time procedure ([`time_input_of`]).
pub fn control_of(input: &crate::log_v1::commit_input::Input) -> Option<engine::core::control::Control> {
    use crate::log_v1::commit_input::Input as I;
    use engine::core::control::Control;
    match input {
        I::Conceded(c) => Some(Control::Concede { seat: c.seat }),
        I::Adjudicated(a) => Some(Control::Adjudicate { winners: a.winners.clone(), ruling: a.ruling.clone() }),
        I::Time(t) => t.flagged_seat.map(|seat| Control::Flag { at_ms: t.at_ms, seat }),
        I::Created(_) | I::Joined(_) | I::Decision(_) | I::Draw(_) | I::Revealed(_) => None,
    }
}

/// The rules input of a logged `TimeCalled` that reached the round time limit (no flagged seat).
pub fn time_input_of(input: &crate::log_v1::commit_input::Input) -> Option<Input> {
    match input {
        crate::log_v1::commit_input::Input::Time(t) if t.flagged_seat.is_none() => Some(Input::TimeCalled { at_ms: t.at_ms }),
        _ => None,
    }
}

/// Who plays a match of `ruleset` with `seats` seats, for match control (whether the game is
/// cooperative comes from the engine's ruleset of that name).
pub fn seating(ruleset: &str, seats: u32) -> engine::core::control::Seating {
    engine::core::control::Seating { seats, cooperative: engine::ruleset(ruleset).is_some_and(|r| r.cooperative()) }
}

/// The events and the "awaiting" (ended) of a commit of `control` on a match of `seating`
/// that waited for `awaiting`: what the orchestrator logs, and what its replay and the audit
/// recompute and compare with the log.
pub fn control_step(
    control: &engine::core::control::Control,
    seating: engine::core::control::Seating,
    awaiting: &Awaiting,
) -> Result<(Vec<r::RulesEvent>, r::Awaiting), engine::RulesError> {
    let (event, outcome) = engine::core::control::end_match(control, seating, awaiting)?;
    Ok((vec![event_to_proto(&event)], awaiting_to_proto(&Awaiting::Ended(outcome))))
}
