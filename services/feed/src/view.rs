//! What the feed publishes, computed from the log without any I/O: the subjects, the JSON
//! messages, and [`Projection`], which checks each commit against the signed hash chain and
//! turns it into its spectator view.
//!
//! Memory: a [`Projection`] holds the chain state of each *live* match only. A match's last
//! commit (the secret's reveal, after the game-over commit) closes it: its state is dropped and
//! only its id stays, in a bounded window of recently closed matches ([`CLOSED_REMEMBERED`]),
//! so that anything logged after the end is refused by name. A match whose chain broke is
//! closed the same way.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::sync::Arc;

use api::log_v1::{commit_input::Input, Commit};
use api::match_v1 as m;
use prost::Message;
use serde::{Deserialize, Serialize};

use crate::FeedError;

/// The tournament token of a match that belongs to no tournament.
pub const NO_TOURNAMENT: &str = "_";
/// The match option that delays a match's feed, in seconds (`MatchConfig.options`).
pub const DELAY_OPTION: &str = "spectator_delay_s";
/// Longest accepted delay: one day. A larger value is capped (and logged), never refused: the
/// match is already in the log.
pub const MAX_DELAY_S: i64 = 86_400;
/// Header carrying the match version of a feed message (the result carries the final version).
pub const VERSION_HEADER: &str = "Arbiter-Version";
/// Closed matches (ended, or with a broken chain) whose ids the projection keeps, newest first,
/// to refuse by name whatever the log holds after their end: a few hundred kB at most. An older
/// closed match is forgotten entirely; a later commit of it is then refused as a commit that
/// continues no known chain, except a replay of its commit 1, which would look like a new
/// match: the publisher then finds every version already in `FEED` and publishes nothing.
pub const CLOSED_REMEMBERED: usize = 4096;

/// The subject token of a tournament id: the id itself when it is one NATS token of
/// `[A-Za-z0-9_-]` (1 to 64 characters, as match ids), else [`NO_TOURNAMENT`].
pub fn tournament_token(tournament_id: &str) -> &str {
    if eventlog::validate_match_id(tournament_id).is_ok() {
        tournament_id
    } else {
        NO_TOURNAMENT
    }
}

/// `feed.<tournament>.<match>.events`: every commit's spectator view.
pub fn events_subject(tournament: &str, match_id: &str) -> String {
    format!("feed.{tournament}.{match_id}.events")
}

/// `feed.<tournament>.<match>.result`: one message, when the match ends.
pub fn result_subject(tournament: &str, match_id: &str) -> String {
    format!("feed.{tournament}.{match_id}.result")
}

/// One public event (a `GameEvent` redacted for spectators, its detail as JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeedEvent {
    pub kind: String,
    pub text: String,
    /// The public detail (`null` when there is none).
    pub detail: serde_json::Value,
}

/// Who must decide next, as everyone may know it (never the options or the prompt).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeedPending {
    pub decision_id: u64,
    pub seat: u32,
    pub kind: String,
    pub summary: String,
}

/// A message of `feed.<tournament>.<match>.events`: one commit as a spectator sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeedUpdate {
    pub match_id: String,
    /// Empty when the match belongs to no tournament (its subject then says `_`).
    pub tournament_id: String,
    pub round: u32,
    pub table: u32,
    /// The match version after this commit (1, 2, 3, ... without gaps).
    pub version: u64,
    /// When the orchestrator wrote the commit (Unix ms, from the log).
    pub written_at_ms: i64,
    /// `waiting_for_seats`, `in_progress` or `ended`.
    pub status: String,
    pub events: Vec<FeedEvent>,
    pub pending: Option<FeedPending>,
    /// Lowercase hex of `fairness::chain::commit_hash` of this version's stored commit (the
    /// next commit's `prev_hash`): what a platform that keeps the feed compares an export with
    /// (`arbiter audit --witness`). Empty in messages published before the feed carried it.
    #[serde(default)]
    pub chain_hash: String,
}

/// The message of `feed.<tournament>.<match>.result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeedResult {
    pub match_id: String,
    pub tournament_id: String,
    pub round: u32,
    pub table: u32,
    pub ruleset: String,
    /// The seats' display names, in seat order.
    pub seats: Vec<String>,
    /// Winning seats (empty for a draw).
    pub winners: Vec<u32>,
    pub reason: String,
    /// Points per seat where the game keeps a score (netrunner's agenda points, Corp then
    /// Runner), from the `score` member of the ending commit's public events; `null` otherwise.
    pub score: Option<Vec<i64>>,
    pub started_at_ms: i64,
    pub ended_at_ms: i64,
    pub duration_ms: i64,
    /// The match version of the commit that ended it.
    pub version: u64,
    pub rules_version: String,
    /// Lowercase hex of `fairness::chain::commit_hash` of the ending commit's stored bytes
    /// (the `chain_hash` of the update of `version`). Empty in results published before.
    #[serde(default)]
    pub chain_hash: String,
}

/// What the projector publishes for one verified commit.
#[derive(Clone, Debug)]
pub struct Projected {
    pub match_id: String,
    pub version: u64,
    pub events_subject: String,
    pub update: FeedUpdate,
    /// Set on the commit that ends the match.
    pub result: Option<(String, FeedResult)>,
    /// Unix ms before which it must not be published (`written_at_ms` + the match's delay).
    pub due_ms: i64,
    /// On the match's last commit (the reveal): its feed subjects, which the publisher may
    /// forget once this is published. Empty otherwise.
    pub forget_subjects: Vec<String>,
}

/// What the projector remembers of one match: the chain so far and what every view needs.
#[derive(Clone, Debug)]
struct MatchChain {
    /// The orchestrator key commit 1 names, parsed once (`None` only for a broken match).
    key: Option<fairness::chain::OrchestratorKey>,
    last_hash: [u8; 32],
    version: u64,
    joined: Vec<bool>,
    tournament_id: String,
    tournament: String,
    round: u32,
    table: u32,
    ruleset: String,
    seats: Vec<String>,
    delay_ms: i64,
    created_at_ms: i64,
    /// The latest clock the log has shown for this match: draws and reveals are logged with
    /// `written_at_ms = 0` (so racing orchestrators write identical bytes), so a match that ends
    /// on one ended at the time of the last commit that carried a clock.
    last_written_ms: i64,
    last_due_ms: i64,
    /// The chain broke here: nothing after it is projected.
    broken: bool,
    /// A commit said the match ended (its result is made).
    ended: bool,
    /// The match's last commit (the secret's reveal) is accepted: nothing after it is projected.
    revealed: bool,
}

impl MatchChain {
    /// Why nothing more of this match is projected, if so.
    fn closure(&self) -> Option<Closure> {
        if self.broken {
            Some(Closure::Broken { next_version: self.version + 1 })
        } else if self.revealed {
            Some(Closure::Ended { last_version: self.version })
        } else {
            None
        }
    }
}

/// How a match was closed: all that is kept of it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Closure {
    /// A commit failed the chain check; `next_version` is the version it claimed.
    Broken { next_version: u64 },
    /// Its last commit (the reveal) is `last_version`.
    Ended { last_version: u64 },
}

impl Closure {
    /// The refusal of a commit of a match closed this way (the same whether the match's chain
    /// is still held or only its id).
    fn refuse(self, match_id: &str, payload: &[u8]) -> FeedError {
        match self {
            Closure::Broken { next_version } => FeedError::Tampered {
                match_id: match_id.to_string(),
                version: next_version,
                detail: "an earlier commit of this match failed the chain check".into(),
            },
            Closure::Ended { last_version } => FeedError::AfterEnd {
                match_id: match_id.to_string(),
                last_version,
                claimed: Commit::decode(payload).map(|c| c.version.to_string()).unwrap_or_else(|_| "nothing: it does not decode".into()),
            },
        }
    }
}

/// The ids of the most recently closed matches, at most `capacity`, oldest evicted first.
#[derive(Debug)]
struct ClosedWindow {
    capacity: usize,
    order: VecDeque<Arc<str>>,
    ids: HashMap<Arc<str>, Closure>,
}

impl ClosedWindow {
    fn new(capacity: usize) -> ClosedWindow {
        ClosedWindow { capacity, order: VecDeque::new(), ids: HashMap::new() }
    }

    fn get(&self, match_id: &str) -> Option<Closure> {
        self.ids.get(match_id).copied()
    }

    fn insert(&mut self, match_id: &str, closure: Closure) {
        if let Some(known) = self.ids.get_mut(match_id) {
            *known = closure;
            return;
        }
        let id: Arc<str> = Arc::from(match_id);
        self.ids.insert(id.clone(), closure);
        self.order.push_back(id);
        while self.order.len() > self.capacity {
            if let Some(oldest) = self.order.pop_front() {
                self.ids.remove(&oldest);
            }
        }
    }
}

/// The chain state of every live match, fed commit by commit in log order.
#[derive(Debug)]
pub struct Projection {
    /// `Some`: every match must be created under this orchestrator key (`--orchestrator-public-key`).
    pinned_key: Option<Vec<u8>>,
    /// Live matches only: a match leaves when it is closed (its reveal, or a broken chain).
    matches: BTreeMap<String, MatchChain>,
    /// The recently closed matches, so that a commit after their end is refused by name.
    closed: ClosedWindow,
}

impl Default for Projection {
    fn default() -> Projection {
        Projection::new(None)
    }
}

impl Projection {
    pub fn new(pinned_key: Option<Vec<u8>>) -> Projection {
        Projection { pinned_key, matches: BTreeMap::new(), closed: ClosedWindow::new(CLOSED_REMEMBERED) }
    }

    /// Live matches: seen, not yet ended, chain intact. What the projection holds state for.
    pub fn matches(&self) -> usize {
        self.matches.len()
    }

    /// Closed matches whose ids are still remembered (at most [`CLOSED_REMEMBERED`]).
    pub fn closed(&self) -> usize {
        self.closed.order.len()
    }

    /// Close `match_id` if its last accepted commit ended it or its chain broke: drop its chain
    /// state, keep its id in the window.
    fn settle(&mut self, match_id: &str) {
        if let Some(closure) = self.matches.get(match_id).and_then(MatchChain::closure) {
            self.matches.remove(match_id);
            self.closed.insert(match_id, closure);
        }
    }

    /// Check the next stored commit of `match_id` (its commits must come in log order) against
    /// the signed hash chain, under the orchestrator key its first commit names (pinned if
    /// configured), and project it. A commit that fails is refused ([`FeedError::Tampered`]),
    /// and so is every later commit of that match: the chain cannot be resumed past a break.
    /// After the match's last commit (the secret's reveal) its state is dropped, and anything
    /// logged after it is refused ([`FeedError::AfterEnd`]), a replayed commit 1 too.
    pub fn accept(&mut self, match_id: &str, payload: &[u8]) -> Result<Projected, FeedError> {
        let result = self.accept_with(match_id, payload, true);
        self.settle(match_id);
        result
    }

    /// [`Self::accept`] for consecutive commits of the log (`(match_id, stored bytes)`, in log
    /// order, any matches interleaved), with one signature verification per match instead of
    /// one per commit: every commit's hash link is checked, then the signature of each match's
    /// last accepted commit of the batch, which binds all its commits before it
    /// (`fairness::chain::OrchestratorKey::check_run`). Nothing is returned before that, so the
    /// caller publishes nothing unverified. When a match's last signature fails, its commits
    /// of the batch are checked again one by one from its state before the batch, so the
    /// results are exactly those of [`Self::accept`] called on each commit in turn.
    pub fn accept_batch(&mut self, batch: &[(&str, &[u8])]) -> Vec<Result<Projected, FeedError>> {
        if let [(match_id, payload)] = batch {
            return vec![self.accept(match_id, payload)];
        }
        let mut before: BTreeMap<&str, Option<MatchChain>> = BTreeMap::new();
        for (match_id, _) in batch {
            before.entry(match_id).or_insert_with(|| self.matches.get(*match_id).cloned());
        }
        let touched: BTreeSet<&str> = before.keys().copied().collect();
        // Links only; the signatures below, before anything is handed out. A match that ends
        // (or breaks) in the batch keeps its chain, marked, until then: its key checks the
        // signature, and its later commits of the batch are refused as they will be after it.
        let mut results: Vec<Result<Projected, FeedError>> = Vec::with_capacity(batch.len());
        let mut heads: BTreeMap<&str, &[u8]> = BTreeMap::new();
        for (match_id, payload) in batch {
            let result = self.accept_with(match_id, payload, false);
            if result.is_ok() {
                heads.insert(match_id, payload);
            }
            results.push(result);
        }
        for (match_id, head) in heads {
            let key = self.matches.get(match_id).and_then(|c| c.key.as_ref());
            if key.is_some_and(|k| k.check_signature(head).is_ok()) {
                continue;
            }
            match before.remove(match_id).flatten() {
                Some(chain) => self.matches.insert(match_id.to_string(), chain),
                None => self.matches.remove(match_id),
            };
            for ((id, payload), result) in batch.iter().zip(results.iter_mut()) {
                if *id == match_id {
                    *result = self.accept_with(id, payload, true);
                }
            }
        }
        for match_id in touched {
            self.settle(match_id);
        }
        results
    }

    /// [`Self::accept`]; without `verify_signature`, everything but the signature is checked,
    /// and the caller must verify a later signature of the match before using the result.
    fn accept_with(&mut self, match_id: &str, payload: &[u8], verify_signature: bool) -> Result<Projected, FeedError> {
        let known = self.matches.get(match_id);
        let version = known.map(|c| c.version + 1).unwrap_or(1);
        let tampered = |detail: String| FeedError::Tampered { match_id: match_id.to_string(), version, detail };
        // A closed match (ended or broken) stays closed, whatever comes: a late commit, or a
        // replay of its first commit, which must not start it again.
        if let Some(closure) = known.map_or_else(|| self.closed.get(match_id), MatchChain::closure) {
            return Err(closure.refuse(match_id, payload));
        }
        let result = self.check(match_id, version, payload, verify_signature);
        match result {
            Ok(p) => Ok(p),
            Err(detail) => {
                if let Some(c) = self.matches.get_mut(match_id) {
                    c.broken = true;
                } else {
                    // Remember a match whose first commit is bad, so that its later commits
                    // are refused too instead of being taken for a creation.
                    self.matches.insert(match_id.to_string(), MatchChain::broken());
                }
                Err(tampered(detail))
            }
        }
    }

    fn check(&mut self, match_id: &str, version: u64, payload: &[u8], verify_signature: bool) -> Result<Projected, String> {
        let commit = Commit::decode(payload).map_err(|e| format!("the commit does not decode: {e}"))?;
        if commit.version != version || commit.match_id != match_id {
            return Err(format!(
                "the commit says match {:?} version {}, but it is commit {version} of match {match_id:?}",
                commit.match_id, commit.version
            ));
        }
        if commit.log_format != fairness::chain::LOG_FORMAT_SIGNED {
            return Err("the commit is not in the signed log format 2; audit such a match offline with `arbiter audit`".into());
        }
        let input = commit.input.as_ref().and_then(|i| i.input.as_ref());
        let mut chain = match (self.matches.get(match_id), input) {
            (None, Some(Input::Created(c))) => {
                if let Some(pinned) = &self.pinned_key {
                    if &c.orchestrator_public_key != pinned {
                        return Err(format!(
                            "the match was created under orchestrator key {}, not the pinned key {}",
                            hex::encode(&c.orchestrator_public_key),
                            hex::encode(pinned)
                        ));
                    }
                }
                let config = c.config.clone().unwrap_or_default();
                // The orchestrator logs the delay in its own field; a match option of that name
                // (a log written by hand, or before the field) counts as well.
                let delay_s = match c.spectator_delay_s {
                    0 => config.options.get(DELAY_OPTION).copied().unwrap_or(0),
                    s => i64::from(s),
                };
                if delay_s > MAX_DELAY_S {
                    tracing::warn!(match_id, delay_s, "spectator_delay_s is over one day: capped at one day");
                }
                let key = fairness::chain::OrchestratorKey::parse(&c.orchestrator_public_key).map_err(|e| format!("the commit: {e}"))?;
                MatchChain {
                    key: Some(key),
                    last_hash: [0; 32],
                    version: 0,
                    joined: vec![false; config.seats.len()],
                    tournament_id: c.tournament_id.clone(),
                    tournament: if c.tournament_id.is_empty() {
                        NO_TOURNAMENT.to_string()
                    } else {
                        let token = tournament_token(&c.tournament_id);
                        if token == NO_TOURNAMENT {
                            tracing::warn!(match_id, tournament_id = %c.tournament_id, "a tournament id that is not one subject token: the match is filed under `_`");
                        }
                        token.to_string()
                    },
                    round: c.round,
                    table: c.table,
                    ruleset: config.ruleset.clone(),
                    seats: config.seats.iter().map(|s| s.name.clone()).collect(),
                    delay_ms: delay_s.clamp(0, MAX_DELAY_S) * 1000,
                    created_at_ms: commit.written_at_ms,
                    last_written_ms: commit.written_at_ms,
                    last_due_ms: i64::MIN,
                    broken: false,
                    ended: false,
                    revealed: false,
                }
            }
            (None, _) => return Err("the first commit of a match must create it".into()),
            (Some(_), Some(Input::Created(_))) => return Err("a second creation of the match".into()),
            (Some(c), _) => c.clone(),
        };
        let previous = (version > 1).then_some(&chain.last_hash);
        let link = fairness::chain::Link { stored: payload, log_format: commit.log_format, prev_hash: &commit.prev_hash };
        let checked = match (&chain.key, verify_signature) {
            (Some(key), true) => key.check_link(link, previous),
            (_, false) => fairness::chain::check_hash_link(link, previous),
            // Only a broken match has no key, and its commits are refused before this.
            (None, true) => Err(fairness::chain::ChainError::BadKey("(none: the match's first commit failed)".into())),
        };
        checked.map_err(|e| format!("the commit: {e}"))?;

        if let Some(Input::Joined(j)) = input {
            if let Some(slot) = chain.joined.get_mut(j.seat as usize) {
                *slot = true;
            }
        }
        chain.version = version;
        chain.last_hash = fairness::chain::commit_hash(payload);
        chain.last_written_ms = chain.last_written_ms.max(commit.written_at_ms);
        let all_joined = !chain.joined.is_empty() && chain.joined.iter().all(|j| *j);
        // Never earlier than the match's previous message, so a clock step back in the log
        // cannot reorder a match's feed.
        let due_ms = commit.written_at_ms.saturating_add(chain.delay_ms).max(chain.last_due_ms);
        chain.last_due_ms = due_ms;
        // The reveal is a match's last commit (the randomness service reveals only once the log
        // says the match ended): the match closes with it.
        chain.revealed = matches!(input, Some(Input::Revealed(_)));

        let view = api::convert::spectator_update(&commit, all_joined);
        // Safe to publish: the hashed bytes end with the orchestrator's signature, which no
        // reader can compute, so a guess at the hidden part of a commit cannot be checked
        // against it (docs/feed.md, "What the chain hash leaks: nothing").
        let chain_hash = hex::encode(chain.last_hash);
        let update = feed_update(&chain, match_id, chain.last_written_ms, &view, &chain_hash);
        // The result comes with the commit that ended the match, once: the reveal after it logs
        // the same `Ended` awaiting, and must not make a second result (the publisher would
        // store it, a restart being past the dedup window).
        let ending = match commit.awaiting.as_ref().and_then(|a| a.what.as_ref()) {
            Some(api::rules_v1::awaiting::What::Ended(outcome)) if !chain.ended => Some(outcome),
            _ => None,
        };
        chain.ended |= ending.is_some();
        let result = match ending {
            Some(outcome) => Some((
                result_subject(&chain.tournament, match_id),
                FeedResult {
                    match_id: match_id.to_string(),
                    tournament_id: chain.tournament_id.clone(),
                    round: chain.round,
                    table: chain.table,
                    ruleset: chain.ruleset.clone(),
                    seats: chain.seats.clone(),
                    winners: outcome.winners.clone(),
                    reason: outcome.reason.clone(),
                    score: score_of(&update.events),
                    started_at_ms: chain.created_at_ms,
                    ended_at_ms: chain.last_written_ms,
                    duration_ms: chain.last_written_ms.saturating_sub(chain.created_at_ms),
                    version,
                    rules_version: commit.rules_version.clone(),
                    chain_hash: chain_hash.clone(),
                },
            )),
            _ => None,
        };
        let events_subject = events_subject(&chain.tournament, match_id);
        let forget_subjects =
            if chain.revealed { vec![events_subject.clone(), result_subject(&chain.tournament, match_id)] } else { Vec::new() };
        let projected = Projected { match_id: match_id.to_string(), version, events_subject, update, result, due_ms, forget_subjects };
        self.matches.insert(match_id.to_string(), chain);
        Ok(projected)
    }
}

impl MatchChain {
    fn broken() -> MatchChain {
        MatchChain {
            key: None,
            last_hash: [0; 32],
            version: 0,
            joined: Vec::new(),
            tournament_id: String::new(),
            tournament: NO_TOURNAMENT.to_string(),
            round: 0,
            table: 0,
            ruleset: String::new(),
            seats: Vec::new(),
            delay_ms: 0,
            created_at_ms: 0,
            last_written_ms: 0,
            last_due_ms: 0,
            broken: true,
            ended: false,
            revealed: false,
        }
    }
}

fn status_name(status: i32) -> &'static str {
    match m::MatchStatus::try_from(status) {
        Ok(m::MatchStatus::WaitingForSeats) => "waiting_for_seats",
        Ok(m::MatchStatus::InProgress) => "in_progress",
        Ok(m::MatchStatus::Ended) => "ended",
        _ => "unspecified",
    }
}

/// The score an ending commit's public events give (the last `detail.score` that is a list of
/// integers), if any.
fn score_of(events: &[FeedEvent]) -> Option<Vec<i64>> {
    events.iter().rev().find_map(|e| e.detail.get("score")?.as_array()?.iter().map(|v| v.as_i64()).collect())
}

fn feed_update(chain: &MatchChain, match_id: &str, written_at_ms: i64, view: &m::MatchUpdate, chain_hash: &str) -> FeedUpdate {
    FeedUpdate {
        match_id: match_id.to_string(),
        tournament_id: chain.tournament_id.clone(),
        round: chain.round,
        table: chain.table,
        version: view.version,
        written_at_ms,
        status: status_name(view.status).to_string(),
        events: view
            .events
            .iter()
            .map(|e| FeedEvent {
                kind: e.kind.clone(),
                text: e.text.clone(),
                detail: if e.detail_json.is_empty() {
                    serde_json::Value::Null
                } else {
                    // The rules write JSON; anything else is passed on as a string.
                    serde_json::from_str(&e.detail_json).unwrap_or_else(|_| serde_json::Value::String(e.detail_json.clone()))
                },
            })
            .collect(),
        pending: view.pending.as_ref().map(|d| FeedPending {
            decision_id: d.decision_id,
            seat: d.seat,
            kind: d.kind.clone(),
            summary: d.summary.clone(),
        }),
        chain_hash: chain_hash.to_string(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use api::log_v1 as l;
    use api::rules_v1 as r;

    pub(crate) fn signer() -> fairness::Signer {
        fairness::Signer::from_seed(&[3; 32])
    }

    /// A chain of commits of one match: created (with options and tournament), one join, one
    /// event with a private part, the end, then the secret's reveal (without a clock, as the
    /// orchestrator logs it).
    pub(crate) fn log(signer: &fairness::Signer, match_id: &str, tournament: &str, delay_s: i64) -> Vec<Vec<u8>> {
        log_clocked(signer, match_id, tournament, delay_s, |i| 1_000 * (i as i64 + 1))
    }

    /// `log`, with the clock of each commit (by index) chosen by the test.
    fn log_clocked(signer: &fairness::Signer, match_id: &str, tournament: &str, delay_s: i64, clock: impl Fn(usize) -> i64) -> Vec<Vec<u8>> {
        let mut prev: Option<Vec<u8>> = None;
        let mut out = Vec::new();
        let inputs: Vec<(l::commit_input::Input, Vec<r::RulesEvent>, Option<r::awaiting::What>)> = vec![
            (
                l::commit_input::Input::Created(l::MatchCreated {
                    config: Some(r::MatchConfig {
                        ruleset: "mainframe".into(),
                        seats: vec![m::SeatSpec { name: "ann".into(), ..Default::default() }],
                        options: [(DELAY_OPTION.to_string(), delay_s)].into_iter().collect(),
                    }),
                    orchestrator_public_key: signer.public_key().to_vec(),
                    tournament_id: tournament.into(),
                    round: 2,
                    table: 5,
                    ..Default::default()
                }),
                vec![],
                None,
            ),
            (l::commit_input::Input::Joined(l::SeatJoined { seat: 0, ..Default::default() }), vec![], None),
            (
                l::commit_input::Input::Joined(l::SeatJoined { seat: 0, ..Default::default() }),
                vec![r::RulesEvent {
                    kind: "t.drew".into(),
                    text: "ann drew a card".into(),
                    detail_json: "{\"seat\":0}".into(),
                    private_to: vec![0],
                    private_text: "ann drew SECRET-CARD".into(),
                    private_detail_json: "{\"card\":\"SECRET-CARD\"}".into(),
                }],
                None,
            ),
            (
                l::commit_input::Input::Joined(l::SeatJoined { seat: 0, ..Default::default() }),
                vec![r::RulesEvent {
                    kind: "t.game_over".into(),
                    text: "ann wins".into(),
                    detail_json: "{\"winner\":0,\"score\":[7,2]}".into(),
                    ..Default::default()
                }],
                Some(r::awaiting::What::Ended(r::Outcome { winners: vec![0], reason: "won".into() })),
            ),
            // The orchestrator logs the reveal with the awaiting it found: still `Ended`.
            (
                l::commit_input::Input::Revealed(l::SecretRevealed { secret: vec![7; 32], ..Default::default() }),
                vec![],
                Some(r::awaiting::What::Ended(r::Outcome { winners: vec![0], reason: "won".into() })),
            ),
        ];
        for (i, (input, events, what)) in inputs.into_iter().enumerate() {
            let revealed = matches!(input, l::commit_input::Input::Revealed(_));
            let commit = l::Commit {
                match_id: match_id.into(),
                version: i as u64 + 1,
                input: Some(l::CommitInput { input: Some(input) }),
                events,
                rules_version: "rv1".into(),
                written_at_ms: if revealed { 0 } else { clock(i) },
                awaiting: what.map(|w| r::Awaiting { what: Some(w) }),
                log_format: fairness::chain::LOG_FORMAT_SIGNED,
                prev_hash: prev.as_ref().map(|p| fairness::chain::commit_hash(p).to_vec()).unwrap_or_default(),
                ..Default::default()
            };
            let stored = fairness::chain::seal(signer, &commit.encode_to_vec());
            prev = Some(stored.clone());
            out.push(stored);
        }
        out
    }

    #[test]
    fn subjects_name_the_tournament_or_underscore() {
        assert_eq!(events_subject("spring-24", "m1"), "feed.spring-24.m1.events");
        assert_eq!(result_subject(NO_TOURNAMENT, "m1"), "feed._.m1.result");
        assert_eq!(tournament_token("spring-24"), "spring-24");
        for bad in ["", "a.b", "*", ">", "a b", &"x".repeat(65)] {
            assert_eq!(tournament_token(bad), NO_TOURNAMENT, "{bad:?}");
        }
        let mut p = Projection::new(None);
        let s = signer();
        let first = p.accept("m1", &log(&s, "m1", "spring-24", 0)[0]).unwrap();
        assert_eq!(first.events_subject, "feed.spring-24.m1.events");
        assert_eq!((first.update.round, first.update.table), (2, 5));
        let other = p.accept("m2", &log(&s, "m2", "", 0)[0]).unwrap();
        assert_eq!(other.events_subject, "feed._.m2.events");
        let dotted = p.accept("m3", &log(&s, "m3", "a.b", 0)[0]).unwrap();
        assert_eq!(dotted.events_subject, "feed._.m3.events");
    }

    #[test]
    fn commits_become_spectator_views_and_a_result() {
        let s = signer();
        let mut p = Projection::new(Some(s.public_key().to_vec()));
        let out: Vec<Projected> = log(&s, "m1", "", 30).iter().map(|c| p.accept("m1", c).unwrap()).collect();
        assert_eq!(out.iter().map(|o| o.version).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
        // Delayed by 30 s from each commit's logged time; the clockless reveal with the commit
        // before it.
        assert_eq!(out.iter().map(|o| o.due_ms).collect::<Vec<_>>(), [31_000, 32_000, 33_000, 34_000, 34_000]);
        let json = serde_json::to_string(&out[2].update).unwrap();
        assert!(json.contains("ann drew a card"), "{json}");
        assert!(!json.contains("SECRET-CARD"), "a private part reached the feed: {json}");
        assert_eq!(out[0].update.status, "waiting_for_seats");
        assert!(out[..3].iter().all(|o| o.result.is_none()));
        let (subject, result) = out[3].result.clone().expect("a result at the end");
        assert_eq!(subject, "feed._.m1.result");
        assert_eq!((result.winners, result.reason.as_str(), result.duration_ms, result.version), (vec![0], "won", 3_000, 4));
        assert_eq!(result.score, Some(vec![7, 2]), "the ending event's score");
        assert_eq!(out[3].update.status, "ended");
        // The reveal logs the same `Ended` awaiting: one result per match, never a second.
        assert!(out[4].result.is_none(), "the reveal made a second result: {:?}", out[4].result);
        assert_eq!(out[4].update.status, "ended");
    }

    #[test]
    fn every_update_and_the_result_carry_the_chain_hash_of_their_commits_stored_bytes() {
        let s = signer();
        let commits = log(&s, "m1", "t", 0);
        let mut p = Projection::new(None);
        let out: Vec<Projected> = commits.iter().map(|c| p.accept("m1", c).unwrap()).collect();
        for (o, stored) in out.iter().zip(&commits) {
            assert_eq!(o.update.chain_hash, hex::encode(fairness::chain::commit_hash(stored)), "version {}", o.version);
            // The hashed bytes end with the signature, so the hash is not that of the body alone.
            let (body, _) = fairness::chain::split(stored).unwrap();
            assert_ne!(o.update.chain_hash, hex::encode(fairness::chain::commit_hash(body)));
            let json: serde_json::Value = serde_json::to_value(&o.update).unwrap();
            assert_eq!(json["chain_hash"].as_str(), Some(o.update.chain_hash.as_str()), "a JSON member of every update");
        }
        let (_, result) = out[3].result.clone().expect("a result at the end");
        assert_eq!(result.chain_hash, out[3].update.chain_hash, "the result names the ending commit's hash");
        // The same through a batch.
        let mut batched = Projection::new(None);
        let batch: Vec<(&str, &[u8])> = commits.iter().map(|c| ("m1", c.as_slice())).collect();
        let hashes: Vec<String> = batched.accept_batch(&batch).into_iter().map(|r| r.unwrap().update.chain_hash).collect();
        assert_eq!(hashes, out.iter().map(|o| o.update.chain_hash.clone()).collect::<Vec<_>>());
        // A message published before the member existed still reads (as an empty hash).
        let mut old = serde_json::to_value(&out[1].update).unwrap();
        old.as_object_mut().unwrap().remove("chain_hash");
        let read: FeedUpdate = serde_json::from_value(old).unwrap();
        assert_eq!(read.chain_hash, "");
    }

    /// The stored bytes of `commit`, linked after `prev` and signed by `signer`.
    fn sealed_after(signer: &fairness::Signer, prev: &[u8], mut commit: l::Commit) -> Vec<u8> {
        commit.signature.clear();
        commit.prev_hash = fairness::chain::commit_hash(prev).to_vec();
        commit.log_format = fairness::chain::LOG_FORMAT_SIGNED;
        fairness::chain::seal(signer, &commit.encode_to_vec())
    }

    /// A commit 6 of `m1` signed by the orchestrator and linked to the reveal: a valid chain
    /// continuation, but after the match's last commit.
    pub(crate) fn late_commit(signer: &fairness::Signer, commits: &[Vec<u8>]) -> Vec<u8> {
        let late = l::Commit {
            match_id: "m1".into(),
            version: commits.len() as u64 + 1,
            input: Some(l::CommitInput { input: Some(l::commit_input::Input::Joined(l::SeatJoined { seat: 0, ..Default::default() })) }),
            written_at_ms: 9_000,
            ..Default::default()
        };
        sealed_after(signer, commits.last().unwrap(), late)
    }

    #[test]
    fn the_count_of_remembered_matches_goes_back_down_as_matches_end() {
        let s = signer();
        let logs: Vec<Vec<Vec<u8>>> = (0..10).map(|i| log(&s, &format!("m{i}"), "t", 0)).collect();
        let mut p = Projection::new(Some(s.public_key().to_vec()));
        // All ten matches up to their game-over commit: all live.
        for commit in 0..4 {
            for (i, log) in logs.iter().enumerate() {
                p.accept(&format!("m{i}"), &log[commit]).unwrap();
            }
        }
        assert_eq!((p.matches(), p.closed()), (10, 0));
        // The game-over commit alone does not close a match: its reveal is still to come.
        // Each reveal drops its match's state.
        for (i, log) in logs.iter().enumerate() {
            p.accept(&format!("m{i}"), &log[4]).unwrap();
            assert_eq!(p.matches(), 9 - i, "match m{i}'s state is kept after its last commit");
        }
        assert_eq!(p.closed(), 10);
        // The same through batches, a match ending in the middle of one.
        let mut batched = Projection::new(None);
        let all: Vec<(String, &[u8])> =
            logs.iter().enumerate().flat_map(|(i, log)| log.iter().map(move |c| (format!("m{i}"), c.as_slice()))).collect();
        let all: Vec<(&str, &[u8])> = all.iter().map(|(m, c)| (m.as_str(), *c)).collect();
        for chunk in all.chunks(7) {
            assert!(batched.accept_batch(chunk).iter().all(|r| r.is_ok()));
        }
        assert_eq!((batched.matches(), batched.closed()), (0, 10));
    }

    #[test]
    fn the_closed_window_is_bounded_and_a_forgotten_match_is_still_refused_past_commit_one() {
        let s = signer();
        let mut p = Projection::new(None);
        p.closed = ClosedWindow::new(3);
        let logs: Vec<Vec<Vec<u8>>> = (0..5).map(|i| log(&s, &format!("m{i}"), "", 0)).collect();
        for (i, log) in logs.iter().enumerate() {
            for c in log {
                p.accept(&format!("m{i}"), c).unwrap();
            }
        }
        assert_eq!((p.matches(), p.closed()), (0, 3), "at most the window's capacity of closed ids");
        // m0 is forgotten entirely: a later commit of it continues no known chain.
        let err = p.accept("m0", &logs[0][2]).unwrap_err().to_string();
        assert!(err.contains("but it is commit 1 of match"), "{err}");
        // ... and remembering that refusal stays within the window.
        assert_eq!((p.matches(), p.closed()), (0, 3));
        // m4 is still in the window: refused by name.
        let err = p.accept("m4", &logs[4][0]).unwrap_err().to_string();
        assert!(err.contains("ended with version 5") && err.contains("says version 1"), "{err}");
    }

    #[test]
    fn a_commit_after_the_reveal_or_a_replayed_commit_one_is_refused_and_not_projected() {
        let s = signer();
        let commits = log(&s, "m1", "t", 0);
        let late = late_commit(&s, &commits);
        let mut p = Projection::new(Some(s.public_key().to_vec()));
        let results: Vec<u64> = commits.iter().map(|c| p.accept("m1", c).unwrap().version).collect();
        assert_eq!(results, [1, 2, 3, 4, 5]);
        // A validly signed and linked commit after the last one.
        let err = p.accept("m1", &late).unwrap_err();
        assert!(matches!(err, FeedError::AfterEnd { last_version: 5, .. }), "{err}");
        assert!(err.to_string().contains("says version 6"), "{err}");
        // Every old commit again, the creation first: the match must not start over (no view,
        // no second result), and the projection keeps no state for it.
        for (i, c) in commits.iter().enumerate() {
            let err = p.accept("m1", c).unwrap_err();
            assert!(matches!(err, FeedError::AfterEnd { last_version: 5, .. }), "commit {}: {err}", i + 1);
        }
        assert_eq!((p.matches(), p.closed()), (0, 1));
        // Another match is not affected.
        assert!(p.accept("m2", &log(&s, "m2", "t", 0)[0]).is_ok());
    }

    #[test]
    fn a_match_ending_in_the_middle_of_a_batch_refuses_what_follows_as_commit_by_commit() {
        let s = signer();
        let (m1, m2) = (log(&s, "m1", "", 0), log(&s, "m2", "t", 5));
        let late = late_commit(&s, &m1);
        // m1 ends in the middle; after its reveal, a late commit and a replayed creation, with
        // m2 interleaved before and after.
        let mut batch: Vec<(&str, &[u8])> = m1.iter().zip(&m2).flat_map(|(a, b)| [("m1", a.as_slice()), ("m2", b.as_slice())]).collect();
        batch.insert(batch.len() - 1, ("m1", late.as_slice()));
        batch.insert(batch.len() - 1, ("m1", m1[0].as_slice()));
        let (one_by_one, batched) = one_by_one_and_batched(&batch);
        assert_eq!(batched, one_by_one);
        let m1_out: Vec<&String> = batched.iter().zip(&batch).filter(|(_, (m, _))| *m == "m1").map(|(o, _)| o).collect();
        assert_eq!(m1_out.len(), 7);
        assert!(m1_out[..5].iter().all(|o| o.starts_with("m1 v")), "{m1_out:?}");
        assert!(m1_out[5..].iter().all(|o| o.contains("ended with version 5")), "{m1_out:?}");
        assert!(batched.last().unwrap().starts_with("m2 v5"), "{batched:?}");
        // The batch leaves the same memory as commit by commit: both matches closed.
        let mut p = Projection::new(None);
        p.accept_batch(&batch);
        assert_eq!((p.matches(), p.closed()), (0, 2));
        // A match that ends in a batch whose signature fails is checked one by one: the forged
        // reveal is named, and the match stays broken (closed), never ended.
        let forger = fairness::Signer::from_seed(&[9; 32]);
        let forged = rechain(&m1, 4, &forger);
        let batch: Vec<(&str, &[u8])> = forged.iter().map(|c| ("m1", c.as_slice())).chain([("m1", late.as_slice())]).collect();
        let (one_by_one, batched) = one_by_one_and_batched(&batch);
        assert_eq!(batched, one_by_one);
        assert!(batched[4].contains("version 5") && batched[4].contains("signature"), "{batched:?}");
        assert!(batched[5].contains("earlier commit"), "{batched:?}");
    }

    #[test]
    fn a_match_ending_on_a_draw_commit_ends_at_the_last_logged_clock() {
        // Draws and reveals carry no clock (`written_at_ms = 0`): the result must not say the
        // match ended in 1970 or lasted a negative time.
        let s = signer();
        let mut p = Projection::new(None);
        let commits = log_clocked(&s, "m1", "", 0, |i| if i == 3 { 0 } else { 1_000 * (i as i64 + 1) });
        let out: Vec<Projected> = commits.iter().map(|c| p.accept("m1", c).unwrap()).collect();
        let (_, result) = out[3].result.clone().expect("a result at the end");
        assert_eq!((result.started_at_ms, result.ended_at_ms, result.duration_ms), (1_000, 3_000, 2_000));
        assert_eq!(out[3].due_ms, 3_000, "a clockless commit is due with the one before it");
        assert_eq!(out[3].update.written_at_ms, 3_000, "and is shown at its time");
    }

    #[test]
    fn a_forged_or_foreign_commit_is_refused_and_so_is_the_rest_of_its_match() {
        let s = signer();
        let commits = log(&s, "m1", "", 0);
        // Self-signed by another key, appended after a good prefix.
        let forger = fairness::Signer::from_seed(&[9; 32]);
        let forged = log(&forger, "m1", "", 0);
        let mut p = Projection::new(None);
        p.accept("m1", &commits[0]).unwrap();
        let err = p.accept("m1", &forged[1]).unwrap_err();
        assert!(matches!(err, FeedError::Tampered { version: 2, .. }), "{err}");
        let err = p.accept("m1", &commits[1]).unwrap_err();
        assert!(err.to_string().contains("earlier commit"), "{err}");
        // A pinned key refuses matches created under another one.
        let mut pinned = Projection::new(Some(s.public_key().to_vec()));
        let err = pinned.accept("m1", &forged[0]).unwrap_err().to_string();
        assert!(err.contains("pinned"), "{err}");
        // A log that does not start with a creation is refused.
        let mut p = Projection::new(None);
        assert!(p.accept("m1", &commits[1]).is_err());
    }

    /// `stored` from commit `from` on, re-chained and signed by `signer` (a forger recomputing
    /// every hash after the commit it replaces).
    fn rechain(stored: &[Vec<u8>], from: usize, signer: &fairness::Signer) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = stored[..from].to_vec();
        for (i, c) in stored.iter().enumerate().skip(from) {
            let mut commit = l::Commit::decode(c.as_slice()).unwrap();
            commit.signature.clear();
            commit.prev_hash = out.last().map(|p| fairness::chain::commit_hash(p).to_vec()).unwrap_or_default();
            if i == from {
                commit.rules_version = "forged".into();
            }
            out.push(fairness::chain::seal(signer, &commit.encode_to_vec()));
        }
        out
    }

    /// Results as comparable text: each commit's version and JSON view, or the error.
    fn outcomes(results: Vec<Result<Projected, FeedError>>) -> Vec<String> {
        results
            .into_iter()
            .map(|r| match r {
                Ok(p) => format!("{} v{} {}", p.match_id, p.version, serde_json::to_string(&p.update).unwrap()),
                Err(e) => format!("error: {e}"),
            })
            .collect()
    }

    /// The same commits fed one by one to `accept`, and as one batch to `accept_batch`.
    fn one_by_one_and_batched(batch: &[(&str, &[u8])]) -> (Vec<String>, Vec<String>) {
        let mut single = Projection::new(None);
        let one_by_one = outcomes(batch.iter().map(|(m, c)| single.accept(m, c)).collect());
        let mut batched = Projection::new(None);
        (one_by_one, outcomes(batched.accept_batch(batch)))
    }

    #[test]
    fn a_batch_of_interleaved_matches_is_projected_as_commit_by_commit() {
        let s = signer();
        let (m1, m2) = (log(&s, "m1", "", 0), log(&s, "m2", "t", 5));
        let batch: Vec<(&str, &[u8])> = m1.iter().zip(&m2).flat_map(|(a, b)| [("m1", a.as_slice()), ("m2", b.as_slice())]).collect();
        let (one_by_one, batched) = one_by_one_and_batched(&batch);
        assert_eq!(batched, one_by_one);
        assert!(batched.iter().all(|o| !o.starts_with("error")), "{batched:?}");
        // A batch continues the chain where the previous one stopped.
        let mut p = Projection::new(None);
        let first: Vec<(&str, &[u8])> = m1[..2].iter().map(|c| ("m1", c.as_slice())).collect();
        let rest: Vec<(&str, &[u8])> = m1[2..].iter().map(|c| ("m1", c.as_slice())).collect();
        assert!(p.accept_batch(&first).iter().all(|r| r.is_ok()));
        let versions: Vec<u64> = p.accept_batch(&rest).into_iter().map(|r| r.unwrap().version).collect();
        assert_eq!(versions, [3, 4, 5]);
    }

    #[test]
    fn a_forged_commit_in_a_batch_is_named_and_nothing_of_its_match_after_it_is_projected() {
        let s = signer();
        let forger = fairness::Signer::from_seed(&[9; 32]);
        let m1 = rechain(&log(&s, "m1", "", 0), 1, &forger);
        let m2 = log(&s, "m2", "", 0);
        let batch: Vec<(&str, &[u8])> = m1.iter().zip(&m2).flat_map(|(a, b)| [("m1", a.as_slice()), ("m2", b.as_slice())]).collect();
        let (one_by_one, batched) = one_by_one_and_batched(&batch);
        assert_eq!(batched, one_by_one);
        let m1_out: Vec<&String> = batched.iter().step_by(2).collect();
        assert!(m1_out[0].starts_with("m1 v1"), "{m1_out:?}");
        assert!(m1_out[1].contains("version 2") && m1_out[1].contains("signature"), "the first forged version is named: {m1_out:?}");
        assert!(m1_out[2..].iter().all(|o| o.contains("earlier commit")), "{m1_out:?}");
        assert!(batched.iter().skip(1).step_by(2).all(|o| o.starts_with("m2 v")), "the other match is untouched: {batched:?}");
        // A batch that holds only the forged commits, after an honest prefix.
        let mut p = Projection::new(None);
        p.accept("m1", &m1[0]).unwrap();
        let rest: Vec<(&str, &[u8])> = m1[1..].iter().map(|c| ("m1", c.as_slice())).collect();
        let err = p.accept_batch(&rest).remove(0).unwrap_err();
        assert!(matches!(err, FeedError::Tampered { version: 2, .. }), "{err}");
    }

    #[test]
    fn a_broken_link_in_a_batch_is_named_and_the_commits_before_it_are_projected() {
        let s = signer();
        let mut m1 = log(&s, "m1", "", 0);
        // Commit 3 is signed by the orchestrator but does not continue commit 2.
        let mut commit = l::Commit::decode(m1[2].as_slice()).unwrap();
        commit.signature.clear();
        commit.prev_hash = fairness::chain::commit_hash(b"elsewhere").to_vec();
        m1[2] = fairness::chain::seal(&s, &commit.encode_to_vec());
        let batch: Vec<(&str, &[u8])> = m1.iter().map(|c| ("m1", c.as_slice())).collect();
        let (one_by_one, batched) = one_by_one_and_batched(&batch);
        assert_eq!(batched, one_by_one);
        assert!(batched[1].starts_with("m1 v2"), "{batched:?}");
        assert!(batched[2].contains("version 3") && batched[2].contains("prev_hash"), "{batched:?}");
    }
}
