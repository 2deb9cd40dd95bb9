//! The export file: a readable, editable JSON mirror of `arbiter.log.v1.MatchExport`.
//!
//! The JSON document is the one source of truth of an exported match. It mirrors the protobuf
//! message field by field (a `oneof` becomes an object with the one member that is set, like
//! proto3's JSON mapping), with bytes as lowercase hex and maps sorted by key, and converts
//! both ways without loss: [`to_json`] then [`from_json`] gives back the same `MatchExport`.
//!
//! ```json
//! { "format": "arbiter-export/v1", "match_id": "…", "commits": [
//!   { "version": 5, "input": { "draw": { "request": { "index": 0, "purpose": "…", "shuffle": 40 },
//!     "values": [3, 17, …], "signature": "9f…" } }, "events": [ … ], "rules_version": "mainframe-1",
//!     "written_at_ms": 1700000000000, "awaiting": { "draw": { … } },
//!     "log_format": 2, "prev_hash": "…", "signature": "…", "stored": "0a20…" } ] }
//! ```
//!
//! A signed log (format 2, `docs/log.md`) also carries each commit's stored bytes (`stored`,
//! hex): the audit checks the hash chain and the signatures on them, and requires the readable
//! fields to be exactly what they decode to, so an edit of the readable part is caught.

use std::collections::BTreeMap;
use std::path::Path;

use api::log_v1 as l;
use api::match_v1 as m;
use api::rules_v1 as r;
use serde::{Deserialize, Serialize};

/// The `format` value of files written by this version.
pub const FORMAT: &str = "arbiter-export/v1";

/// Why an export file cannot become a `MatchExport`.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("the export is not valid JSON for {FORMAT}: {0}")]
    Json(#[from] serde_json::Error),
    #[error("unsupported export format \"{0}\" (this arbiter reads {FORMAT})")]
    Format(String),
    #[error("{at}: {what} is not valid hex: {err}")]
    Hex { at: String, what: &'static str, err: hex::FromHexError },
    #[error("{at}: {msg}")]
    Shape { at: String, msg: String },
    #[error("cannot read or write {path}: {err}")]
    Io { path: String, err: std::io::Error },
    #[error("the export from the server does not decode as arbiter.log.v1.MatchExport: {0}")]
    Decode(#[from] prost::DecodeError),
}

impl ExportError {
    fn shape(at: &str, msg: impl Into<String>) -> Self {
        ExportError::Shape { at: at.to_string(), msg: msg.into() }
    }
}

fn is_zero_i64(v: &i64) -> bool {
    *v == 0
}

fn is_zero_u32(v: &u32) -> bool {
    *v == 0
}

// ---- the JSON mirror ----

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchExportJson {
    pub format: String,
    pub match_id: String,
    pub commits: Vec<CommitJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommitJson {
    /// Only present when it differs from the export's `match_id` (which should never happen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_id: Option<String>,
    pub version: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<CommitInputJson>,
    #[serde(default)]
    pub events: Vec<EventJson>,
    #[serde(default)]
    pub rules_version: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub trace_context: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "is_zero_i64")]
    pub written_at_ms: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaiting: Option<AwaitingJson>,
    /// 2 for the signed hash chain; absent (0) in logs written before it (format 1).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub log_format: u32,
    /// Hex: SHA-256 of the previous commit's stored bytes (format 2).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prev_hash: String,
    /// Hex: the orchestrator's Ed25519 signature (format 2).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub signature: String,
    /// Hex: the commit's bytes exactly as stored in the log (format 2). The chain and the
    /// signature are checked on these bytes; the fields above are their readable mirror, and
    /// the audit requires the two to agree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stored: Option<String>,
}

/// The commit's input: exactly one member is set (none only for a malformed commit).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommitInputJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<CreatedJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joined: Option<JoinedJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<SeatDecisionJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<RandomDrawJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed: Option<RevealedJson>,
    /// Match control (docs/tournaments.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded: Option<ConcededJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicated: Option<AdjudicatedJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<TimeCalledJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConcededJson {
    pub seat: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdjudicatedJson {
    #[serde(default)]
    pub winners: Vec<u32>,
    pub ruling: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeCalledJson {
    pub at_ms: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flagged_seat: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatedJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<ConfigJson>,
    /// Hex.
    pub randomness_commitment: String,
    pub randomness_scheme: String,
    /// Hex.
    pub randomness_public_key: String,
    /// Hex, in seat order.
    #[serde(default)]
    pub join_code_hashes: Vec<String>,
    /// Hex: the key that signs every commit (format 2).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub orchestrator_public_key: String,
    /// The tournament, round, table and labels (absent when not given).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tournament_id: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub round: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub table: u32,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// The clocks and the round limit (absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControlJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControlJson {
    pub clock_s: u32,
    pub increment_s: u32,
    pub round_limit_s: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfigJson {
    pub ruleset: String,
    #[serde(default)]
    pub seats: Vec<SeatSpecJson>,
    #[serde(default)]
    pub options: BTreeMap<String, i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSpecJson {
    pub name: String,
    #[serde(default)]
    pub deck: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinedJson {
    pub seat: u32,
    /// Hex.
    pub entropy: String,
    /// Hex.
    pub token_hash: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatDecisionJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<DecisionInputJson>,
    #[serde(default)]
    pub idempotency_key: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionInputJson {
    pub decision_id: u64,
    pub seat: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<ChoiceJson>,
}

/// A choice: one member set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<Vec<SplitPartJson>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitPartJson {
    pub target_id: String,
    pub amount: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RandomDrawJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<DrawRequestJson>,
    #[serde(default)]
    pub values: Vec<u32>,
    /// Hex (Ed25519, 64 bytes).
    pub signature: String,
}

/// A draw request: `index`, `purpose` and one of `range` / `shuffle`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawRequestJson {
    pub index: u64,
    pub purpose: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shuffle: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealedJson {
    /// Hex.
    pub secret: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventJson {
    pub kind: String,
    #[serde(default)]
    pub text: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail_json: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub private_to: Vec<u32>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub private_text: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub private_detail_json: String,
}

/// What the match waits for after a commit: one member set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwaitingJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<DecisionJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawRequestJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<OutcomeJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecisionJson {
    pub decision_id: u64,
    pub seat: u32,
    pub kind: String,
    #[serde(default)]
    pub summary: String,
    #[serde(default)]
    pub prompt: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<PickSpecJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<NumberSpecJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<SplitSpecJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<OrderSpecJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionJson {
    pub id: String,
    #[serde(default)]
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickSpecJson {
    pub options: Vec<OptionJson>,
    pub min: u32,
    pub max: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NumberSpecJson {
    pub min: i64,
    pub max: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitSpecJson {
    pub amount: u32,
    pub targets: Vec<OptionJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderSpecJson {
    pub items: Vec<OptionJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeJson {
    #[serde(default)]
    pub winners: Vec<u32>,
    #[serde(default)]
    pub reason: String,
}

// ---- proto → JSON (cannot fail) ----

fn h(b: &[u8]) -> String {
    hex::encode(b)
}

fn opt_to_json(o: &m::DecisionOption) -> OptionJson {
    OptionJson { id: o.id.clone(), label: o.label.clone() }
}

fn draw_request_to_json(d: &r::DrawRequest) -> DrawRequestJson {
    let (range, shuffle) = match d.kind {
        Some(r::draw_request::Kind::Range(n)) => (Some(n), None),
        Some(r::draw_request::Kind::Shuffle(n)) => (None, Some(n)),
        None => (None, None),
    };
    DrawRequestJson { index: d.index, purpose: d.purpose.clone(), range, shuffle }
}

fn choice_to_json(c: &m::Choice) -> ChoiceJson {
    let mut j = ChoiceJson::default();
    match &c.value {
        Some(m::choice::Value::Pick(p)) => j.pick = Some(p.option_ids.clone()),
        Some(m::choice::Value::Number(n)) => j.number = Some(*n),
        Some(m::choice::Value::Split(s)) => {
            j.split = Some(
                s.parts.iter().map(|p| SplitPartJson { target_id: p.target_id.clone(), amount: p.amount }).collect(),
            )
        }
        Some(m::choice::Value::Order(o)) => j.order = Some(o.item_ids.clone()),
        None => {}
    }
    j
}

fn decision_to_json(d: &m::Decision) -> DecisionJson {
    let mut j = DecisionJson {
        decision_id: d.decision_id,
        seat: d.seat,
        kind: d.kind.clone(),
        summary: d.summary.clone(),
        prompt: d.prompt.clone(),
        pick: None,
        number: None,
        split: None,
        order: None,
    };
    match &d.spec {
        Some(m::decision::Spec::Pick(p)) => {
            j.pick = Some(PickSpecJson { options: p.options.iter().map(opt_to_json).collect(), min: p.min, max: p.max })
        }
        Some(m::decision::Spec::Number(n)) => j.number = Some(NumberSpecJson { min: n.min, max: n.max }),
        Some(m::decision::Spec::Split(s)) => {
            j.split = Some(SplitSpecJson { amount: s.amount, targets: s.targets.iter().map(opt_to_json).collect() })
        }
        Some(m::decision::Spec::Order(o)) => {
            j.order = Some(OrderSpecJson { items: o.items.iter().map(opt_to_json).collect() })
        }
        None => {}
    }
    j
}

fn awaiting_to_json(a: &r::Awaiting) -> AwaitingJson {
    let mut j = AwaitingJson::default();
    match &a.what {
        Some(r::awaiting::What::Decision(d)) => j.decision = Some(decision_to_json(d)),
        Some(r::awaiting::What::Draw(d)) => j.draw = Some(draw_request_to_json(d)),
        Some(r::awaiting::What::Ended(o)) => {
            j.ended = Some(OutcomeJson { winners: o.winners.clone(), reason: o.reason.clone() })
        }
        None => {}
    }
    j
}

fn event_to_json(e: &r::RulesEvent) -> EventJson {
    EventJson {
        kind: e.kind.clone(),
        text: e.text.clone(),
        detail_json: e.detail_json.clone(),
        private_to: e.private_to.clone(),
        private_text: e.private_text.clone(),
        private_detail_json: e.private_detail_json.clone(),
    }
}

fn input_to_json(i: &l::CommitInput) -> CommitInputJson {
    use l::commit_input::Input;
    let mut j = CommitInputJson::default();
    match &i.input {
        Some(Input::Created(c)) => {
            j.created = Some(CreatedJson {
                config: c.config.as_ref().map(|c| ConfigJson {
                    ruleset: c.ruleset.clone(),
                    seats: c.seats.iter().map(|s| SeatSpecJson { name: s.name.clone(), deck: s.deck.clone() }).collect(),
                    options: c.options.iter().map(|(k, v)| (k.clone(), *v)).collect(),
                }),
                randomness_commitment: h(&c.randomness_commitment),
                randomness_scheme: c.randomness_scheme.clone(),
                randomness_public_key: h(&c.randomness_public_key),
                join_code_hashes: c.join_code_hashes.iter().map(|x| h(x)).collect(),
                orchestrator_public_key: h(&c.orchestrator_public_key),
                tournament_id: c.tournament_id.clone(),
                round: c.round,
                table: c.table,
                labels: c.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                time_control: c.time_control.as_ref().map(|t| TimeControlJson {
                    clock_s: t.clock_s,
                    increment_s: t.increment_s,
                    round_limit_s: t.round_limit_s,
                }),
            })
        }
        Some(Input::Joined(s)) => {
            j.joined = Some(JoinedJson { seat: s.seat, entropy: h(&s.entropy), token_hash: h(&s.token_hash) })
        }
        Some(Input::Decision(d)) => {
            j.decision = Some(SeatDecisionJson {
                decision: d.decision.as_ref().map(|d| DecisionInputJson {
                    decision_id: d.decision_id,
                    seat: d.seat,
                    choice: d.choice.as_ref().map(choice_to_json),
                }),
                idempotency_key: d.idempotency_key.clone(),
            })
        }
        Some(Input::Draw(d)) => {
            j.draw = Some(RandomDrawJson {
                request: d.request.as_ref().map(draw_request_to_json),
                values: d.values.clone(),
                signature: h(&d.signature),
            })
        }
        Some(Input::Revealed(s)) => j.revealed = Some(RevealedJson { secret: h(&s.secret) }),
        Some(Input::Conceded(c)) => j.conceded = Some(ConcededJson { seat: c.seat }),
        Some(Input::Adjudicated(a)) => {
            j.adjudicated = Some(AdjudicatedJson { winners: a.winners.clone(), ruling: a.ruling.clone() })
        }
        Some(Input::Time(t)) => j.time = Some(TimeCalledJson { at_ms: t.at_ms, flagged_seat: t.flagged_seat }),
        None => {}
    }
    j
}

/// The readable JSON mirror of an export.
pub fn to_json(export: &l::MatchExport) -> MatchExportJson {
    MatchExportJson {
        format: FORMAT.to_string(),
        match_id: export.match_id.clone(),
        commits: export
            .commits
            .iter()
            .enumerate()
            .map(|(i, c)| CommitJson {
                match_id: (c.match_id != export.match_id).then(|| c.match_id.clone()),
                version: c.version,
                input: c.input.as_ref().map(input_to_json),
                events: c.events.iter().map(event_to_json).collect(),
                rules_version: c.rules_version.clone(),
                trace_context: c.trace_context.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                written_at_ms: c.written_at_ms,
                awaiting: c.awaiting.as_ref().map(awaiting_to_json),
                log_format: c.log_format,
                prev_hash: h(&c.prev_hash),
                signature: h(&c.signature),
                stored: export.stored_commits.get(i).map(|b| h(b)),
            })
            .collect(),
    }
}

// ---- JSON → proto (validates) ----

fn unhex(at: &str, what: &'static str, s: &str) -> Result<Vec<u8>, ExportError> {
    hex::decode(s.trim()).map_err(|err| ExportError::Hex { at: at.to_string(), what, err })
}

fn opt_from_json(o: &OptionJson) -> m::DecisionOption {
    m::DecisionOption { id: o.id.clone(), label: o.label.clone() }
}

fn one_of(at: &str, what: &str, set: usize) -> Result<(), ExportError> {
    if set > 1 {
        return Err(ExportError::shape(at, format!("{what} has more than one member set")));
    }
    Ok(())
}

fn draw_request_from_json(at: &str, d: &DrawRequestJson) -> Result<r::DrawRequest, ExportError> {
    one_of(at, "a draw request (range / shuffle)", d.range.is_some() as usize + d.shuffle.is_some() as usize)?;
    let kind = match (d.range, d.shuffle) {
        (Some(n), _) => Some(r::draw_request::Kind::Range(n)),
        (_, Some(n)) => Some(r::draw_request::Kind::Shuffle(n)),
        _ => None,
    };
    Ok(r::DrawRequest { index: d.index, purpose: d.purpose.clone(), kind })
}

fn choice_from_json(at: &str, c: &ChoiceJson) -> Result<m::Choice, ExportError> {
    let set = c.pick.is_some() as usize + c.number.is_some() as usize + c.split.is_some() as usize + c.order.is_some() as usize;
    one_of(at, "a choice (pick / number / split / order)", set)?;
    let value = if let Some(ids) = &c.pick {
        Some(m::choice::Value::Pick(m::PickChoice { option_ids: ids.clone() }))
    } else if let Some(n) = c.number {
        Some(m::choice::Value::Number(n))
    } else if let Some(parts) = &c.split {
        Some(m::choice::Value::Split(m::SplitChoice {
            parts: parts.iter().map(|p| m::SplitPart { target_id: p.target_id.clone(), amount: p.amount }).collect(),
        }))
    } else {
        c.order.as_ref().map(|ids| m::choice::Value::Order(m::OrderChoice { item_ids: ids.clone() }))
    };
    Ok(m::Choice { value })
}

fn decision_from_json(at: &str, d: &DecisionJson) -> Result<m::Decision, ExportError> {
    let set = d.pick.is_some() as usize + d.number.is_some() as usize + d.split.is_some() as usize + d.order.is_some() as usize;
    one_of(at, "a decision (pick / number / split / order)", set)?;
    let spec = if let Some(p) = &d.pick {
        Some(m::decision::Spec::Pick(m::PickSpec { options: p.options.iter().map(opt_from_json).collect(), min: p.min, max: p.max }))
    } else if let Some(n) = &d.number {
        Some(m::decision::Spec::Number(m::NumberSpec { min: n.min, max: n.max }))
    } else if let Some(s) = &d.split {
        Some(m::decision::Spec::Split(m::SplitSpec { amount: s.amount, targets: s.targets.iter().map(opt_from_json).collect() }))
    } else {
        d.order.as_ref().map(|o| m::decision::Spec::Order(m::OrderSpec { items: o.items.iter().map(opt_from_json).collect() }))
    };
    Ok(m::Decision {
        decision_id: d.decision_id,
        seat: d.seat,
        kind: d.kind.clone(),
        summary: d.summary.clone(),
        prompt: d.prompt.clone(),
        spec,
    })
}

fn awaiting_from_json(at: &str, a: &AwaitingJson) -> Result<r::Awaiting, ExportError> {
    let set = a.decision.is_some() as usize + a.draw.is_some() as usize + a.ended.is_some() as usize;
    one_of(at, "awaiting (decision / draw / ended)", set)?;
    let what = if let Some(d) = &a.decision {
        Some(r::awaiting::What::Decision(decision_from_json(at, d)?))
    } else if let Some(d) = &a.draw {
        Some(r::awaiting::What::Draw(draw_request_from_json(at, d)?))
    } else {
        a.ended.as_ref().map(|o| r::awaiting::What::Ended(r::Outcome { winners: o.winners.clone(), reason: o.reason.clone() }))
    };
    Ok(r::Awaiting { what })
}

fn input_from_json(at: &str, i: &CommitInputJson) -> Result<l::CommitInput, ExportError> {
    use l::commit_input::Input;
    let set = i.created.is_some() as usize
        + i.joined.is_some() as usize
        + i.decision.is_some() as usize
        + i.draw.is_some() as usize
        + i.revealed.is_some() as usize
        + i.conceded.is_some() as usize
        + i.adjudicated.is_some() as usize
        + i.time.is_some() as usize;
    one_of(at, "the input (created / joined / decision / draw / revealed / conceded / adjudicated / time)", set)?;
    let input = if let Some(c) = &i.created {
        Some(Input::Created(l::MatchCreated {
            config: c.config.as_ref().map(|c| r::MatchConfig {
                ruleset: c.ruleset.clone(),
                seats: c.seats.iter().map(|s| m::SeatSpec { name: s.name.clone(), deck: s.deck.clone() }).collect(),
                options: c.options.iter().map(|(k, v)| (k.clone(), *v)).collect(),
            }),
            randomness_commitment: unhex(at, "randomness_commitment", &c.randomness_commitment)?,
            randomness_scheme: c.randomness_scheme.clone(),
            randomness_public_key: unhex(at, "randomness_public_key", &c.randomness_public_key)?,
            join_code_hashes: c
                .join_code_hashes
                .iter()
                .map(|x| unhex(at, "join_code_hashes", x))
                .collect::<Result<_, _>>()?,
            orchestrator_public_key: unhex(at, "orchestrator_public_key", &c.orchestrator_public_key)?,
            tournament_id: c.tournament_id.clone(),
            round: c.round,
            table: c.table,
            labels: c.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            time_control: c.time_control.as_ref().map(|t| l::TimeControl {
                clock_s: t.clock_s,
                increment_s: t.increment_s,
                round_limit_s: t.round_limit_s,
            }),
        }))
    } else if let Some(j) = &i.joined {
        Some(Input::Joined(l::SeatJoined {
            seat: j.seat,
            entropy: unhex(at, "entropy", &j.entropy)?,
            token_hash: unhex(at, "token_hash", &j.token_hash)?,
        }))
    } else if let Some(d) = &i.decision {
        let decision = match &d.decision {
            Some(d) => Some(r::DecisionInput {
                decision_id: d.decision_id,
                seat: d.seat,
                choice: d.choice.as_ref().map(|c| choice_from_json(at, c)).transpose()?,
            }),
            None => None,
        };
        Some(Input::Decision(l::SeatDecision { decision, idempotency_key: d.idempotency_key.clone() }))
    } else if let Some(d) = &i.draw {
        Some(Input::Draw(l::RandomDraw {
            request: d.request.as_ref().map(|r| draw_request_from_json(at, r)).transpose()?,
            values: d.values.clone(),
            signature: unhex(at, "signature", &d.signature)?,
        }))
    } else if let Some(s) = &i.revealed {
        Some(Input::Revealed(l::SecretRevealed { secret: unhex(at, "secret", &s.secret)? }))
    } else if let Some(c) = &i.conceded {
        Some(Input::Conceded(l::Concession { seat: c.seat }))
    } else if let Some(a) = &i.adjudicated {
        Some(Input::Adjudicated(l::Adjudication { winners: a.winners.clone(), ruling: a.ruling.clone() }))
    } else if let Some(t) = &i.time {
        Some(Input::Time(l::TimeCalled { at_ms: t.at_ms, flagged_seat: t.flagged_seat }))
    } else {
        None
    };
    Ok(l::CommitInput { input })
}

/// The `MatchExport` an export file stands for. Says where a malformed file is wrong.
pub fn from_json(j: &MatchExportJson) -> Result<l::MatchExport, ExportError> {
    if j.format != FORMAT {
        return Err(ExportError::Format(j.format.clone()));
    }
    let commits = j
        .commits
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let at = format!("commit #{} (version {})", i + 1, c.version);
            Ok(l::Commit {
                match_id: c.match_id.clone().unwrap_or_else(|| j.match_id.clone()),
                version: c.version,
                input: c.input.as_ref().map(|x| input_from_json(&at, x)).transpose()?,
                events: c
                    .events
                    .iter()
                    .map(|e| r::RulesEvent {
                        kind: e.kind.clone(),
                        text: e.text.clone(),
                        detail_json: e.detail_json.clone(),
                        private_to: e.private_to.clone(),
                        private_text: e.private_text.clone(),
                        private_detail_json: e.private_detail_json.clone(),
                    })
                    .collect(),
                rules_version: c.rules_version.clone(),
                trace_context: c.trace_context.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                written_at_ms: c.written_at_ms,
                awaiting: c.awaiting.as_ref().map(|a| awaiting_from_json(&at, a)).transpose()?,
                log_format: c.log_format,
                prev_hash: unhex(&at, "prev_hash", &c.prev_hash)?,
                signature: unhex(&at, "signature", &c.signature)?,
            })
        })
        .collect::<Result<Vec<_>, ExportError>>()?;
    // The stored bytes come with every commit or with none (a format-1 export).
    let mut stored_commits = Vec::new();
    if j.commits.iter().any(|c| c.stored.is_some()) {
        for (i, c) in j.commits.iter().enumerate() {
            let at = format!("commit #{} (version {})", i + 1, c.version);
            let text = c.stored.as_deref().ok_or_else(|| {
                ExportError::shape(&at, "\"stored\" is missing, but other commits have it (each commit needs its stored bytes)")
            })?;
            stored_commits.push(unhex(&at, "stored", text)?);
        }
    }
    Ok(l::MatchExport { match_id: j.match_id.clone(), commits, stored_commits })
}

/// Decode the bytes `ExportMatch` returns.
pub fn decode_export(bytes: &[u8]) -> Result<l::MatchExport, ExportError> {
    Ok(<l::MatchExport as prost::Message>::decode(bytes)?)
}

/// The export as pretty JSON text (what `arbiter export` writes).
pub fn to_json_string(export: &l::MatchExport) -> Result<String, ExportError> {
    let mut s = serde_json::to_string_pretty(&to_json(export))?;
    s.push('\n');
    Ok(s)
}

/// Parse export JSON text into a `MatchExport`.
pub fn from_json_str(text: &str) -> Result<l::MatchExport, ExportError> {
    let j: MatchExportJson = serde_json::from_str(text)?;
    from_json(&j)
}

/// Read an export file.
pub fn read_file(path: &Path) -> Result<l::MatchExport, ExportError> {
    let text = std::fs::read_to_string(path).map_err(|err| ExportError::Io { path: path.display().to_string(), err })?;
    from_json_str(&text)
}

/// Write an export file.
pub fn write_file(path: &Path, export: &l::MatchExport) -> Result<(), ExportError> {
    let text = to_json_string(export)?;
    std::fs::write(path, text).map_err(|err| ExportError::Io { path: path.display().to_string(), err })
}
