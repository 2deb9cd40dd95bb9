//! A match as the orchestrator knows it: the fold of its commits.
//!
//! The same code absorbs a commit that was just appended and a commit read back from the log,
//! so a match rebuilt by replay is the match that was played. Replay re-runs the rules over
//! every logged input and checks that they produce the logged events and the logged
//! "awaiting"; a difference is an error, never papered over.

use std::collections::BTreeMap;

use api::convert;
use api::log_v1::{commit_input, Commit, CommitInput};
use api::rules_v1 as r;
use engine::Awaiting;

use crate::error::{OrchestratorError, Result};

#[derive(Clone, Debug, Default)]
pub struct Seat {
    pub name: String,
    pub entropy: Option<Vec<u8>>,
    pub token_hash: Option<Vec<u8>>,
    /// The key the seat registered when it joined: its every later act must carry the seat's
    /// signature (docs/log.md, "Seat-signed acts"). `None`: an unsigned seat.
    pub public_key: Option<fairness::seat::SeatKey>,
}

/// What a repeated submission with the same idempotency key gets back.
#[derive(Clone, Debug, PartialEq)]
pub struct Submitted {
    pub seat: u32,
    pub decision_id: u64,
    /// The choice as logged, to refuse the same key with another choice.
    pub choice: Option<api::match_v1::Choice>,
    /// The version of the decision's own commit.
    pub version: u64,
    /// The seat's signature logged with it (empty: unsigned seat): a retry must carry the same.
    pub signature: Vec<u8>,
}

/// Where a match sits in a tournament, as logged in its `MatchCreated`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournament {
    pub tournament_id: String,
    pub round: u32,
    pub table: u32,
    /// Ordered, so that anything built from it is deterministic.
    pub labels: BTreeMap<String, String>,
    /// The public feed's delay (kept so that a snapshot's `MatchCreated` is the logged one).
    pub spectator_delay_s: u32,
}

impl Tournament {
    pub fn of(c: &api::log_v1::MatchCreated) -> Self {
        Tournament {
            tournament_id: c.tournament_id.clone(),
            round: c.round,
            table: c.table,
            labels: c.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            spectator_delay_s: c.spectator_delay_s,
        }
    }
}

/// The clocks of a match with a time control, folded from the times its commits logged
/// (`written_at_ms`; draws and reveals log 0 and take the time of the commit before).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    pub control: api::log_v1::TimeControl,
    /// Milliseconds each seat's clock has used (increments already given back).
    pub used_ms: Vec<i64>,
    /// The decision the match waits for, its seat, and since when (its clock runs).
    pub pending: Option<(u64, u32, i64)>,
    /// The time of the last commit that logged one.
    pub last_time_ms: i64,
    pub created_at_ms: i64,
    /// The round time limit has been called (once: the game may play on after it, by its own
    /// time procedure, and only a seat's clock can call time again).
    pub round_called: bool,
}

/// Time is up: `flagged_seat`'s clock ran out, or (None) the round time limit was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeUp {
    pub flagged_seat: Option<u32>,
}

impl Clocks {
    /// What time has run out at `now_ms`, if any: the earlier of the round limit and the
    /// deciding seat's clock.
    pub fn due(&self, now_ms: i64) -> Option<TimeUp> {
        let (round_end, flag) = self.deadlines();
        match (round_end, flag) {
            (Some(r), Some((f, _))) if r <= f && r <= now_ms => Some(TimeUp { flagged_seat: None }),
            (_, Some((f, seat))) if f <= now_ms => Some(TimeUp { flagged_seat: Some(seat) }),
            (Some(r), _) if r <= now_ms => Some(TimeUp { flagged_seat: None }),
            _ => None,
        }
    }

    /// The next moment (Unix ms) at which time can run out, if any: the earlier of the round
    /// limit (until it is called) and the deciding seat's flag. The time keeper wakes then.
    pub fn next_deadline(&self) -> Option<i64> {
        match self.deadlines() {
            (Some(r), Some((f, _))) => Some(r.min(f)),
            (Some(r), None) => Some(r),
            (None, Some((f, _))) => Some(f),
            (None, None) => None,
        }
    }

    /// When the round limit is reached (until it is called), and when the deciding seat's flag
    /// falls, with that seat.
    fn deadlines(&self) -> (Option<i64>, Option<(i64, u32)>) {
        let round_end =
            (self.control.round_limit_s > 0 && !self.round_called).then(|| self.created_at_ms.saturating_add(i64::from(self.control.round_limit_s) * 1000));
        let flag = match self.pending {
            Some((_, seat, since)) if self.control.clock_s > 0 => {
                let left = i64::from(self.control.clock_s) * 1000 - self.used_ms.get(seat as usize).copied().unwrap_or(0);
                Some((since.saturating_add(left), seat))
            }
            _ => None,
        };
        (round_end, flag)
    }

    /// Fold one commit: charge the seat that answered, then start the clock of the next decision.
    fn absorb(&mut self, commit: &Commit, input: &commit_input::Input, awaiting: &Awaiting, all_joined: bool) {
        let now = if commit.written_at_ms > 0 { commit.written_at_ms } else { self.last_time_ms };
        self.last_time_ms = now;
        if commit.version == 1 {
            self.created_at_ms = now;
        }
        if let commit_input::Input::Time(t) = input {
            self.round_called |= t.flagged_seat.is_none();
        }
        if let (commit_input::Input::Decision(d), Some((_, seat, since))) = (input, self.pending) {
            if d.decision.as_ref().map(|x| x.seat) == Some(seat) {
                if let Some(used) = self.used_ms.get_mut(seat as usize) {
                    *used += (now - since).max(0) - i64::from(self.control.increment_s) * 1000;
                }
            }
        }
        self.pending = match awaiting {
            Awaiting::Decision(d) if all_joined => match self.pending {
                Some((id, seat, since)) if id == d.id => Some((id, seat, since)),
                _ => Some((d.id, d.seat, now)),
            },
            _ => None,
        };
    }
}

#[derive(Clone, Debug)]
pub struct MatchRecord {
    pub match_id: String,
    pub config: r::MatchConfig,
    pub commitment: Vec<u8>,
    pub scheme: String,
    pub public_key: Vec<u8>,
    /// Scheme v2: the randomness nodes the match names (empty: one node, v1).
    pub randomness_nodes: Vec<api::log_v1::RandomnessNode>,
    pub join_code_hashes: Vec<Vec<u8>>,
    /// The tournament, round, table and labels it was created with (docs/tournaments.md).
    pub tournament: Tournament,
    /// Its clocks, if it was created with a time control.
    pub clocks: Option<Clocks>,
    /// The key that signs this match's commits (from its creation).
    pub orchestrator_public_key: Vec<u8>,
    pub seats: Vec<Seat>,
    /// The rules' state blob (opaque here).
    pub state: Vec<u8>,
    /// The rules version that produced `state` (of the last commit that went through the rules).
    pub rules_version: String,
    pub awaiting: Option<Awaiting>,
    /// Number of commits absorbed.
    pub version: u64,
    /// Stream sequence of the last commit: the expected sequence of the next append.
    pub last_sequence: Option<u64>,
    /// SHA-256 of the last commit's stored bytes: the next commit's `prev_hash`.
    pub last_hash: Option<[u8; 32]>,
    pub secret_revealed: bool,
    pub submitted: BTreeMap<String, Submitted>,
    /// Events of each commit (index = version - 1), for idempotent replies.
    pub events: Vec<Vec<r::RulesEvent>>,
    /// Heap bytes of what grows with the match (each commit's events, the idempotency keys),
    /// kept up to date by `absorb`, for the cache's budget (see [`Self::approx_bytes`]).
    pub grown_bytes: usize,
    /// Set while a replay is folding commits in: a replay cut off half-way (its request was
    /// cancelled at its deadline, or its client went away) leaves it set, and the record is
    /// rebuilt instead of used.
    pub dirty: bool,
}

impl MatchRecord {
    pub fn empty(match_id: &str) -> Self {
        MatchRecord {
            match_id: match_id.to_string(),
            config: r::MatchConfig::default(),
            commitment: Vec::new(),
            scheme: String::new(),
            public_key: Vec::new(),
            randomness_nodes: Vec::new(),
            join_code_hashes: Vec::new(),
            orchestrator_public_key: Vec::new(),
            tournament: Tournament::default(),
            clocks: None,
            seats: Vec::new(),
            state: Vec::new(),
            rules_version: String::new(),
            awaiting: None,
            version: 0,
            last_sequence: None,
            last_hash: None,
            secret_revealed: false,
            submitted: BTreeMap::new(),
            events: Vec::new(),
            grown_bytes: 0,
            dirty: false,
        }
    }

    /// How many bytes this record holds in memory, for the cache's budget: its struct and the
    /// heap behind every field, counted from the capacities (as requested from the allocator,
    /// before its own rounding). `tests/record_memory.rs` measures it against a counting
    /// allocator. (An earlier estimate from encoded sizes counted about two-thirds of a
    /// record's heap, so the cache held half as much again as its budget.)
    pub fn approx_bytes(&self) -> usize {
        use std::mem::size_of;
        size_of::<Self>()
            + self.match_id.capacity()
            + config_bytes(&self.config)
            + self.commitment.capacity()
            + self.scheme.capacity()
            + self.public_key.capacity()
            + self.join_code_hashes.capacity() * size_of::<Vec<u8>>()
            + self.join_code_hashes.iter().map(Vec::capacity).sum::<usize>()
            + self.tournament.tournament_id.capacity()
            + self.tournament.labels.iter().map(|(k, v)| BTREE_ENTRY + k.capacity() + v.capacity()).sum::<usize>()
            + self.clocks.as_ref().map_or(0, |c| size_of::<Clocks>() + c.used_ms.capacity() * size_of::<i64>())
            + self.orchestrator_public_key.capacity()
            + self.seats.capacity() * size_of::<Seat>()
            + self.seats.iter().map(seat_bytes).sum::<usize>()
            + self.state.capacity()
            + self.rules_version.capacity()
            + self.awaiting.as_ref().map_or(0, awaiting_bytes)
            + self.events.capacity() * size_of::<Vec<r::RulesEvent>>()
            + self.grown_bytes
    }

    /// Recompute `grown_bytes` from scratch (a record restored from a snapshot).
    pub fn recount(&mut self) {
        let submitted: usize = self.submitted.iter().map(|(k, s)| submitted_bytes(k, s)).sum();
        let events: usize = self.events.iter().map(events_bytes).sum();
        self.grown_bytes = submitted + events;
    }

    /// Whether nothing more will ever be appended: ended and its secret revealed.
    pub fn finished(&self) -> bool {
        self.ended() && self.secret_revealed
    }

    pub fn ruleset(&self) -> &str {
        &self.config.ruleset
    }

    pub fn all_joined(&self) -> bool {
        !self.seats.is_empty() && self.seats.iter().all(|s| s.token_hash.is_some())
    }

    pub fn ended(&self) -> bool {
        matches!(self.awaiting, Some(Awaiting::Ended(_)))
    }

    pub fn seat_entropies(&self) -> Vec<Vec<u8>> {
        self.seats.iter().map(|s| s.entropy.clone().unwrap_or_default()).collect()
    }

    /// The seat whose token hashes to `token_hash`.
    pub fn seat_of_token_hash(&self, token_hash: &[u8]) -> Option<u32> {
        self.seats.iter().position(|s| s.token_hash.as_deref() == Some(token_hash)).map(|i| i as u32)
    }

    /// Fold one commit (already checked against the rules) into the record. `step` is what the
    /// rules produced for the commit's input, if the input goes through the rules; `hash` is the
    /// SHA-256 of its stored bytes.
    pub fn absorb(&mut self, commit: &Commit, step: Option<r::Step>, sequence: u64, hash: [u8; 32]) -> Result<()> {
        let input = commit_input(commit)?;
        match input {
            commit_input::Input::Created(c) => {
                let config = c.config.clone().unwrap_or_default();
                self.seats = config.seats.iter().map(|s| Seat { name: s.name.clone(), ..Seat::default() }).collect();
                self.config = config;
                self.commitment = c.randomness_commitment.clone();
                self.scheme = c.randomness_scheme.clone();
                self.public_key = c.randomness_public_key.clone();
                self.randomness_nodes = c.randomness_nodes.clone();
                self.join_code_hashes = c.join_code_hashes.clone();
                self.orchestrator_public_key = c.orchestrator_public_key.clone();
                self.tournament = Tournament::of(c);
                self.clocks = c.time_control.clone().filter(|t| t.clock_s > 0 || t.round_limit_s > 0).map(|control| Clocks {
                    control,
                    used_ms: vec![0; self.seats.len()],
                    ..Clocks::default()
                });
            }
            commit_input::Input::Joined(j) => {
                let seat = self
                    .seats
                    .get_mut(j.seat as usize)
                    .ok_or_else(|| OrchestratorError::Internal(format!("commit {} joins unknown seat {}", commit.version, j.seat)))?;
                seat.entropy = Some(j.entropy.clone());
                seat.token_hash = Some(j.token_hash.clone());
                seat.public_key = match j.seat_public_key.as_slice() {
                    [] => None,
                    key => Some(
                        fairness::seat::SeatKey::parse(key)
                            .map_err(|e| OrchestratorError::Internal(format!("commit {} registers a seat key that is not one: {e}", commit.version)))?,
                    ),
                };
            }
            commit_input::Input::Decision(d) => {
                if let Some(decision) = &d.decision {
                    if !d.idempotency_key.is_empty() {
                        let submitted = Submitted {
                            seat: decision.seat,
                            decision_id: decision.decision_id,
                            choice: decision.choice.clone(),
                            version: commit.version,
                            signature: d.seat_signature.clone(),
                        };
                        self.grown_bytes += submitted_bytes(&d.idempotency_key, &submitted);
                        if let Some(old) = self.submitted.insert(d.idempotency_key.clone(), submitted) {
                            // A key logged twice (never by this orchestrator) is held once.
                            self.grown_bytes = self.grown_bytes.saturating_sub(submitted_bytes(&d.idempotency_key, &old));
                        }
                    }
                }
            }
            commit_input::Input::Draw(_) | commit_input::Input::Conceded(_) | commit_input::Input::Adjudicated(_) | commit_input::Input::Time(_) => {}
            commit_input::Input::Revealed(_) => self.secret_revealed = true,
        }
        if let Some(step) = step {
            self.state = step.state;
            self.rules_version = step.rules_version;
        }
        let awaiting =
            convert::awaiting_from_proto(commit.awaiting.as_ref()).map_err(|e| OrchestratorError::Internal(format!("commit {}: {e}", commit.version)))?;
        let all_joined = self.all_joined();
        if let Some(clocks) = &mut self.clocks {
            clocks.absorb(commit, input, &awaiting, all_joined);
        }
        self.awaiting = Some(awaiting);
        self.version = commit.version;
        self.last_sequence = Some(sequence);
        self.last_hash = Some(hash);
        let events = commit.events.clone();
        self.grown_bytes += events_bytes(&events);
        self.events.push(events);
        Ok(())
    }
}

// Memory accounting for `MatchRecord::approx_bytes`: the heap behind a field, from the
// capacities of its vectors and strings.

/// One entry of a `BTreeMap<String, String>` beyond its key's and value's heap: its share of
/// a node (nodes of 11 entries are about two-thirds full on average).
const BTREE_ENTRY: usize = 3 * (2 * std::mem::size_of::<String>()) / 2;

fn strings_bytes(strings: &Vec<String>) -> usize {
    strings.capacity() * std::mem::size_of::<String>() + strings.iter().map(String::capacity).sum::<usize>()
}

fn config_bytes(config: &r::MatchConfig) -> usize {
    let seats: usize = config
        .seats
        .iter()
        .map(|s| {
            s.name.capacity()
                + s.deck.capacity()
                + s.decklist.as_ref().map_or(0, |d| {
                    d.cards.capacity() * std::mem::size_of::<api::match_v1::DecklistEntry>() + d.cards.iter().map(|c| c.card.capacity()).sum::<usize>()
                })
        })
        .sum();
    // A hash map's slots each hold a key and a value, plus a control byte.
    let options: usize = config.options.capacity() * (std::mem::size_of::<(String, i64)>() + 1) + config.options.keys().map(String::capacity).sum::<usize>();
    config.ruleset.capacity() + config.seats.capacity() * std::mem::size_of::<api::match_v1::SeatSpec>() + seats + options
}

fn seat_bytes(seat: &Seat) -> usize {
    seat.name.capacity() + seat.entropy.as_ref().map_or(0, Vec::capacity) + seat.token_hash.as_ref().map_or(0, Vec::capacity)
}

fn awaiting_bytes(awaiting: &Awaiting) -> usize {
    let options = |o: &Vec<engine::DecisionOption>| {
        o.capacity() * std::mem::size_of::<engine::DecisionOption>() + o.iter().map(|o| o.id.capacity() + o.label.capacity()).sum::<usize>()
    };
    match awaiting {
        Awaiting::Decision(d) => {
            d.kind.capacity()
                + d.summary.capacity()
                + d.prompt.capacity()
                + match &d.spec {
                    engine::DecisionSpec::Pick { options: o, .. } | engine::DecisionSpec::Order { items: o } => options(o),
                    engine::DecisionSpec::Split { targets, .. } => options(targets),
                    engine::DecisionSpec::Number { .. } => 0,
                }
        }
        Awaiting::Draw(d) => d.purpose.capacity(),
        Awaiting::Ended(o) => o.winners.capacity() * std::mem::size_of::<u32>() + o.reason.capacity(),
    }
}

fn event_bytes(e: &r::RulesEvent) -> usize {
    e.kind.capacity()
        + e.text.capacity()
        + e.detail_json.capacity()
        + e.private_to.capacity() * std::mem::size_of::<u32>()
        + e.private_text.capacity()
        + e.private_detail_json.capacity()
}

/// One commit's events: the vector and each event's strings.
fn events_bytes(events: &Vec<r::RulesEvent>) -> usize {
    events.capacity() * std::mem::size_of::<r::RulesEvent>() + events.iter().map(event_bytes).sum::<usize>()
}

/// One idempotency key's entry: its share of a node, the key, and the logged choice.
fn submitted_bytes(key: &str, s: &Submitted) -> usize {
    use api::match_v1::choice::Value;
    let choice = match s.choice.as_ref().and_then(|c| c.value.as_ref()) {
        Some(Value::Pick(p)) => strings_bytes(&p.option_ids),
        Some(Value::Order(o)) => strings_bytes(&o.item_ids),
        Some(Value::Split(split)) => {
            split.parts.capacity() * std::mem::size_of::<api::match_v1::SplitPart>() + split.parts.iter().map(|p| p.target_id.capacity()).sum::<usize>()
        }
        Some(Value::Number(_)) | None => 0,
    };
    3 * (std::mem::size_of::<String>() + std::mem::size_of::<Submitted>()) / 2 + key.len() + choice + s.signature.capacity()
}

pub fn commit_input(commit: &Commit) -> Result<&commit_input::Input> {
    commit
        .input
        .as_ref()
        .and_then(|i: &CommitInput| i.input.as_ref())
        .ok_or_else(|| OrchestratorError::Internal(format!("commit {} has no input", commit.version)))
}

/// Compare what the rules produced now with what the log says they produced then: the one
/// replay-and-compare the offline audit uses too (`api::replay`), so both name the same first
/// divergence. A match-control commit (which the rules never see) is recomputed with the same
/// generic layer on a match of `seating`.
pub fn check_replay(
    match_id: &str,
    logged: &Commit,
    step: Option<&r::Step>,
    previous: Option<&Awaiting>,
    seating: engine::core::control::Seating,
) -> Result<()> {
    let mismatch = |d: api::replay::Divergence| OrchestratorError::ReplayMismatch { match_id: match_id.to_string(), version: d.version, detail: d.detail };
    let previous = previous.map(convert::awaiting_to_proto);
    if step.is_none() {
        if let Some(control) = convert::control_of(commit_input(logged)?) {
            return api::replay::check_control(logged, &control, seating, previous.as_ref()).map(|_| ()).map_err(mismatch);
        }
    }
    api::replay::compare_commit(logged, step, previous.as_ref()).map_err(mismatch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::log_v1::{commit_input::Input, SeatJoined};

    fn event(text: &str) -> r::RulesEvent {
        r::RulesEvent { kind: "test.event".into(), text: text.into(), ..Default::default() }
    }

    fn ended() -> r::Awaiting {
        r::Awaiting { what: Some(r::awaiting::What::Ended(r::Outcome { winners: vec![0], reason: "test".into() })) }
    }

    fn commit(input: Input, events: Vec<r::RulesEvent>, awaiting: r::Awaiting) -> Commit {
        Commit { match_id: "m".into(), version: 3, input: Some(CommitInput { input: Some(input) }), events, awaiting: Some(awaiting), ..Default::default() }
    }

    fn draw_input() -> Input {
        Input::Draw(api::log_v1::RandomDraw::default())
    }

    #[test]
    fn replay_accepts_what_the_rules_produce_again() {
        let logged = commit(draw_input(), vec![event("a"), event("b")], ended());
        let step = r::Step { events: vec![event("a"), event("b")], awaiting: Some(ended()), ..Default::default() };
        assert!(check_replay("m", &logged, Some(&step), None, engine::core::control::Seating::versus(2)).is_ok());
    }

    #[test]
    fn replay_names_the_first_differing_event_and_the_version() {
        let logged = commit(draw_input(), vec![event("a"), event("b")], ended());
        let step = r::Step { events: vec![event("a"), event("c")], awaiting: Some(ended()), ..Default::default() };
        let err = check_replay("m", &logged, Some(&step), None, engine::core::control::Seating::versus(2)).expect_err("events differ").to_string();
        assert!(err.contains("version 3") && err.contains("event 1"), "{err}");

        let shorter = r::Step { events: vec![event("a")], awaiting: Some(ended()), ..Default::default() };
        assert!(check_replay("m", &logged, Some(&shorter), None, engine::core::control::Seating::versus(2)).is_err());
    }

    #[test]
    fn replay_checks_what_the_match_waits_for() {
        let logged = commit(draw_input(), vec![], ended());
        let step = r::Step { awaiting: Some(r::Awaiting::default()), ..Default::default() };
        assert!(check_replay("m", &logged, Some(&step), None, engine::core::control::Seating::versus(2)).is_err());
    }

    #[test]
    fn a_clock_runs_only_while_its_seat_decides_and_the_earlier_limit_calls_time() {
        let control = api::log_v1::TimeControl { clock_s: 10, increment_s: 1, round_limit_s: 60 };
        let mut clocks = Clocks { control, used_ms: vec![0, 0], ..Clocks::default() };
        let decision = |id: u64, seat: u32| {
            Awaiting::Decision(engine::Decision {
                id,
                seat,
                kind: "k".into(),
                prompt: String::new(),
                spec: engine::DecisionSpec::Number { min: 0, max: 1 },
                summary: String::new(),
            })
        };
        let at = |version: u64, ms: i64| Commit { version, written_at_ms: ms, ..Default::default() };
        let created = Input::Created(Default::default());
        clocks.absorb(&at(1, 1_000), &created, &decision(1, 0), true);
        assert_eq!((clocks.created_at_ms, clocks.pending), (1_000, Some((1, 0, 1_000))));
        // Seat 0's clock: 10 s from 1 s.
        assert_eq!(clocks.due(10_999), None);
        assert_eq!(clocks.due(11_000), Some(TimeUp { flagged_seat: Some(0) }));
        // Seat 0 answers after 4 s (1 s back): 3 s used; now seat 1 decides from 5 s.
        let answer = Input::Decision(api::log_v1::SeatDecision {
            decision: Some(r::DecisionInput { decision_id: 1, seat: 0, choice: None }),
            idempotency_key: String::new(),
            seat_signature: Vec::new(),
        });
        clocks.absorb(&at(2, 5_000), &answer, &decision(2, 1), true);
        assert_eq!(clocks.used_ms, vec![3_000, 0]);
        assert_eq!(clocks.pending, Some((2, 1, 5_000)));
        // A draw logs 0 and keeps the time; the same pending decision keeps its start.
        clocks.absorb(&at(3, 0), &draw_input(), &decision(2, 1), true);
        assert_eq!((clocks.last_time_ms, clocks.pending), (5_000, Some((2, 1, 5_000))));
        assert_eq!(clocks.due(15_000), Some(TimeUp { flagged_seat: Some(1) }));
        // The round limit (61 s) comes first when the clocks are slower.
        clocks.control.clock_s = 3_600;
        assert_eq!(clocks.next_deadline(), Some(61_000), "the keeper wakes at the round limit");
        assert_eq!(clocks.due(60_999), None);
        assert_eq!(clocks.due(61_000), Some(TimeUp { flagged_seat: None }));
        // Called once: the game plays on by its own time procedure, and only a clock can
        // call time again.
        let called = Input::Time(api::log_v1::TimeCalled { at_ms: 61_000, flagged_seat: None });
        clocks.absorb(&at(4, 61_000), &called, &decision(2, 1), true);
        assert!(clocks.round_called);
        assert_eq!(clocks.due(120_000), None);
        assert_eq!(clocks.next_deadline(), Some(3_605_000), "the keeper wakes at the flag");
        assert_eq!(clocks.due(3_604_999), None);
        assert_eq!(clocks.due(3_605_000), Some(TimeUp { flagged_seat: Some(1) }));
    }

    #[test]
    fn inputs_outside_the_rules_must_not_change_the_match() {
        let joined = Input::Joined(SeatJoined::default());
        let previous = convert::awaiting_from_proto(Some(&ended())).ok();
        let quiet = commit(joined.clone(), vec![], ended());
        assert!(check_replay("m", &quiet, None, previous.as_ref(), engine::core::control::Seating::versus(2)).is_ok());
        let noisy = commit(joined, vec![event("x")], ended());
        assert!(check_replay("m", &noisy, None, previous.as_ref(), engine::core::control::Seating::versus(2)).is_err());
    }
}
