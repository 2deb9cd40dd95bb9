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
            return Err(format!("the commit says match {:?} version {}, but it is commit {version} of match {match_id:?}", commit.match_id, commit.version));
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
        let forget_subjects = if chain.revealed { vec![events_subject.clone(), result_subject(&chain.tournament, match_id)] } else { Vec::new() };
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
        pending: view.pending.as_ref().map(|d| FeedPending { decision_id: d.decision_id, seat: d.seat, kind: d.kind.clone(), summary: d.summary.clone() }),
        chain_hash: chain_hash.to_string(),
    }
}

#[cfg(test)]
pub(crate) mod tests;
