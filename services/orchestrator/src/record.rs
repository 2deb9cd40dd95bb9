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
use prost::Message;

use crate::error::{OrchestratorError, Result};

#[derive(Clone, Debug, Default)]
pub struct Seat {
    pub name: String,
    pub entropy: Option<Vec<u8>>,
    pub token_hash: Option<Vec<u8>>,
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
}

/// Where a match sits in a tournament, as logged in its `MatchCreated`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournament {
    pub tournament_id: String,
    pub round: u32,
    pub table: u32,
    /// Ordered, so that anything built from it is deterministic.
    pub labels: BTreeMap<String, String>,
}

impl Tournament {
    pub fn of(c: &api::log_v1::MatchCreated) -> Self {
        Tournament {
            tournament_id: c.tournament_id.clone(),
            round: c.round,
            table: c.table,
            labels: c.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct MatchRecord {
    pub match_id: String,
    pub config: r::MatchConfig,
    pub commitment: Vec<u8>,
    pub scheme: String,
    pub public_key: Vec<u8>,
    pub join_code_hashes: Vec<Vec<u8>>,
    /// The tournament, round, table and labels it was created with (docs/tournaments.md).
    pub tournament: Tournament,
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
    /// Approximate heap bytes of what grows with the match (events, idempotency keys, config),
    /// kept up to date by `absorb`, for the cache's byte budget.
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
            join_code_hashes: Vec::new(),
            orchestrator_public_key: Vec::new(),
            tournament: Tournament::default(),
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

    /// Approximately how many bytes this record holds in memory: counted, not measured (the
    /// struct, the state blob, and what `grown_bytes` tracks), for the cache's budget.
    pub fn approx_bytes(&self) -> usize {
        std::mem::size_of::<Self>() + self.state.capacity() + self.grown_bytes
    }

    /// Recompute `grown_bytes` from scratch (a record restored from a snapshot).
    pub fn recount(&mut self) {
        let created = self.config.encoded_len() + 64 * self.seats.len() + 32 * self.join_code_hashes.len();
        let submitted: usize = self
            .submitted
            .iter()
            .map(|(k, s)| 2 * k.len() + 96 + s.choice.as_ref().map_or(0, |c| c.encoded_len()))
            .sum();
        let events: usize =
            self.events.iter().map(|es| 24 + es.iter().map(|e| 64 + e.encoded_len()).sum::<usize>()).sum();
        self.grown_bytes = created + submitted + events;
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
                // Seat names, decks, options, hashes and keys: about their encoded size.
                self.grown_bytes += c.encoded_len() + 64 * self.seats.len();
                self.config = config;
                self.commitment = c.randomness_commitment.clone();
                self.scheme = c.randomness_scheme.clone();
                self.public_key = c.randomness_public_key.clone();
                self.join_code_hashes = c.join_code_hashes.clone();
                self.orchestrator_public_key = c.orchestrator_public_key.clone();
                self.tournament = Tournament::of(c);
            }
            commit_input::Input::Joined(j) => {
                let seat = self.seats.get_mut(j.seat as usize).ok_or_else(|| {
                    OrchestratorError::Internal(format!("commit {} joins unknown seat {}", commit.version, j.seat))
                })?;
                seat.entropy = Some(j.entropy.clone());
                seat.token_hash = Some(j.token_hash.clone());
            }
            commit_input::Input::Decision(d) => {
                if let Some(decision) = &d.decision {
                    if !d.idempotency_key.is_empty() {
                        // The key twice (map key and node) plus the entry and the choice.
                        self.grown_bytes += 2 * d.idempotency_key.len() + 96 + decision.encoded_len();
                        self.submitted.insert(
                            d.idempotency_key.clone(),
                            Submitted {
                                seat: decision.seat,
                                decision_id: decision.decision_id,
                                choice: decision.choice.clone(),
                                version: commit.version,
                            },
                        );
                    }
                }
            }
            commit_input::Input::Draw(_)
            | commit_input::Input::Conceded(_)
            | commit_input::Input::Adjudicated(_)
            | commit_input::Input::Time(_) => {}
            commit_input::Input::Revealed(_) => self.secret_revealed = true,
        }
        if let Some(step) = step {
            self.state = step.state;
            self.rules_version = step.rules_version;
        }
        let awaiting = convert::awaiting_from_proto(commit.awaiting.as_ref())
            .map_err(|e| OrchestratorError::Internal(format!("commit {}: {e}", commit.version)))?;
        self.awaiting = Some(awaiting);
        self.version = commit.version;
        self.last_sequence = Some(sequence);
        self.last_hash = Some(hash);
        // Each event's strings and fields, plus the vectors' own headers.
        self.grown_bytes += 24 + commit.events.iter().map(|e| 64 + e.encoded_len()).sum::<usize>();
        self.events.push(commit.events.clone());
        Ok(())
    }
}

pub fn commit_input(commit: &Commit) -> Result<&commit_input::Input> {
    commit
        .input
        .as_ref()
        .and_then(|i: &CommitInput| i.input.as_ref())
        .ok_or_else(|| OrchestratorError::Internal(format!("commit {} has no input", commit.version)))
}

/// Compare what the rules produced now with what the log says they produced then.
pub fn check_replay(
    match_id: &str,
    logged: &Commit,
    step: Option<&r::Step>,
    previous: Option<&Awaiting>,
    seats: u32,
) -> Result<()> {
    let mismatch = |detail: String| OrchestratorError::ReplayMismatch {
        match_id: match_id.to_string(),
        version: logged.version,
        detail,
    };
    match step {
        Some(step) => {
            if step.events != logged.events {
                let at = step.events.iter().zip(&logged.events).position(|(a, b)| a != b);
                return Err(mismatch(match at {
                    Some(i) => format!(
                        "event {i} differs: logged {:?} \"{}\", the rules now produce {:?} \"{}\" \
                         (logged with rules {}, now {})",
                        logged.events[i].kind,
                        logged.events[i].text,
                        step.events[i].kind,
                        step.events[i].text,
                        logged.rules_version,
                        step.rules_version
                    ),
                    None => format!(
                        "{} events were logged, the rules now produce {}",
                        logged.events.len(),
                        step.events.len()
                    ),
                }));
            }
            if step.awaiting != logged.awaiting {
                return Err(mismatch("what the match waits for next differs from the log".into()));
            }
        }
        None if convert::control_of(commit_input(logged)?).is_some() => {
            // Match control: recompute its event and outcome with the same generic layer.
            let control = convert::control_of(commit_input(logged)?)
                .ok_or_else(|| mismatch("a match-control commit without its control".into()))?;
            let previous = previous.ok_or_else(|| mismatch("match control before the match started".into()))?;
            let (events, ended) = convert::control_step(&control, seats, previous)
                .map_err(|e| mismatch(format!("the match-control input is refused now: {e}")))?;
            if events != logged.events || Some(&ended) != logged.awaiting.as_ref() {
                return Err(mismatch("the match-control commit differs from what it must log".into()));
            }
        }
        None => {
            // Inputs that do not go through the rules keep what the match waited for.
            if !logged.events.is_empty() {
                return Err(mismatch("events logged for an input the rules never see".into()));
            }
            let logged_awaiting = convert::awaiting_from_proto(logged.awaiting.as_ref())
                .map_err(|e| mismatch(e.to_string()))?;
            let expected = match commit_input(logged)? {
                commit_input::Input::Revealed(_) => previous.filter(|a| matches!(a, Awaiting::Ended(_))),
                _ => previous,
            };
            if expected != Some(&logged_awaiting) {
                return Err(mismatch("what the match waits for changed without going through the rules".into()));
            }
        }
    }
    Ok(())
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
        Commit {
            match_id: "m".into(),
            version: 3,
            input: Some(CommitInput { input: Some(input) }),
            events,
            awaiting: Some(awaiting),
            ..Default::default()
        }
    }

    fn draw_input() -> Input {
        Input::Draw(api::log_v1::RandomDraw::default())
    }

    #[test]
    fn replay_accepts_what_the_rules_produce_again() {
        let logged = commit(draw_input(), vec![event("a"), event("b")], ended());
        let step = r::Step { events: vec![event("a"), event("b")], awaiting: Some(ended()), ..Default::default() };
        assert!(check_replay("m", &logged, Some(&step), None, 2).is_ok());
    }

    #[test]
    fn replay_names_the_first_differing_event_and_the_version() {
        let logged = commit(draw_input(), vec![event("a"), event("b")], ended());
        let step = r::Step { events: vec![event("a"), event("c")], awaiting: Some(ended()), ..Default::default() };
        let err = check_replay("m", &logged, Some(&step), None, 2).expect_err("events differ").to_string();
        assert!(err.contains("version 3") && err.contains("event 1"), "{err}");

        let shorter = r::Step { events: vec![event("a")], awaiting: Some(ended()), ..Default::default() };
        assert!(check_replay("m", &logged, Some(&shorter), None, 2).is_err());
    }

    #[test]
    fn replay_checks_what_the_match_waits_for() {
        let logged = commit(draw_input(), vec![], ended());
        let step = r::Step { awaiting: Some(r::Awaiting::default()), ..Default::default() };
        assert!(check_replay("m", &logged, Some(&step), None, 2).is_err());
    }

    #[test]
    fn inputs_outside_the_rules_must_not_change_the_match() {
        let joined = Input::Joined(SeatJoined::default());
        let previous = convert::awaiting_from_proto(Some(&ended())).ok();
        let quiet = commit(joined.clone(), vec![], ended());
        assert!(check_replay("m", &quiet, None, previous.as_ref(), 2).is_ok());
        let noisy = commit(joined, vec![event("x")], ended());
        assert!(check_replay("m", &noisy, None, previous.as_ref(), 2).is_err());
    }
}
