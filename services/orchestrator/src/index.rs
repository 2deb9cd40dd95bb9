//! The match index behind `ListMatches`, `WatchMatches` and the time keeper's start: a
//! projection of the log into the KV bucket `MATCH_INDEX`, and each orchestrator's copy of it.
//!
//! **The projector** follows the whole log in stream order ([`EventLog::follow`]) and writes
//! one [`Entry`] per match (its creation's ruleset, tournament, round, table, labels and seat
//! names; its status, result, version and stream sequence; whether it is timed; when it
//! ended), keyed by match id. It writes an entry only when a commit changes what a listing
//! shows ([`Listed`]: the creation, each join while the match waits for seats, its start, its
//! end, its archiving), not on every commit (issue 37): the entry's version and sequence are
//! those of the last commit that changed it, and the commits after it (moves, draws, the
//! reveal after the end) change nothing it says. Only commits carrying this orchestrator's
//! signature are projected (others are skipped, as they would be refused on load); the
//! signature is checked before a write, so a commit that changes nothing costs no check. How far it has
//! projected is kept in the same bucket under [`eventlog::INDEX_POSITION_KEY`] (one key per
//! stream of the log, each followed by its own loop: `index::follow`), saved after
//! the entries up to it are written, so a restart resumes there; a crash between a commit and
//! its entry is repaired by projecting that commit again. Every write is conditional on the
//! key's revision and made only if it raises the entry's version, so an entry never goes back
//! and any number of orchestrators project side by side and agree (each write of one version
//! is made once; a loser reads the key again). The position only moves forward likewise.
//! It lives here, not in a crate of its own: it needs the orchestrator's key, its summary of
//! a match (`summary`) and its own commits (below), and runs wherever an orchestrator runs.
//!
//! **The copy** (`View`): each orchestrator watches the whole bucket (current values, then
//! every write) into an ordered map by match id with one ordered set per filter (tournament,
//! ruleset, status), so a page costs its own length, whatever the number of matches. NATS KV
//! has no ordered range read (a key listing is a consumer over every key it selects, in write
//! order), hence the copy; it costs one small message per match at start (docs/capacity.md).
//! `WatchMatches` is pushed from the same watch. The commits this orchestrator appends are
//! put into its copy at once (`observe`), so a client listing right after creating a match
//! on the same orchestrator finds it; others see it within the projector's lag.
//!
//! The index is a hint derived from signed commits and written by the orchestrator role alone
//! (`eventlog::auth`): it decides nothing. `GetMatch`, moves and clocks read the log; the time
//! keeper only takes match ids from it and loads (and checks) each match from the log.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use api::convert;
use api::log_v1::{commit_input, Commit};
use api::match_v1 as m;
use bytes::Bytes;
use engine::Awaiting;
use eventlog::{EventLog, IndexEvent, LogError, INDEX_POSITION_KEY};
use futures::StreamExt;
use prost::Message;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::sync::{broadcast, watch};

use crate::error::{OrchestratorError, Result};
use crate::limits;
use crate::record::Tournament;

pub(crate) mod check;
mod follow;
mod page;
mod periods;
#[cfg(test)]
mod tests;

pub use check::disagreement;
pub use page::passes;
use page::{decode_token, encode_token, filter_digest};

/// How long a listing waits for this orchestrator's copy of the index to be loaded after a
/// start before it answers UNAVAILABLE.
pub const READY_PATIENCE: Duration = Duration::from_secs(10);
/// The projector saves its position after this many commits, or when the log is idle for
/// [`POSITION_IDLE`]: at most this many commits are projected again after a crash.
const POSITION_EVERY: u64 = 1000;
const POSITION_IDLE: Duration = Duration::from_millis(250);
/// Pause before following the log or watching the bucket again after a failure (doubled up
/// to the maximum).
const RETRY_FIRST: Duration = Duration::from_millis(100);
const RETRY_MAX: Duration = Duration::from_secs(5);

/// The waits of the copy's watch and of the projector after failures in a row: background
/// tasks that must come back by themselves, so they never give up.
fn retry_waits() -> infra::retry::Backoff {
    infra::retry::BackoffBuilder::build(infra::retry::forever(RETRY_FIRST, RETRY_MAX))
}
/// Changes buffered for each `WatchMatches` stream; one that falls further behind looks at
/// the whole copy again.
const CHANGES: usize = 1024;
/// Conditional writes of one entry before the projector gives up on it for now (it retries
/// from its saved position).
const WRITE_ATTEMPTS: u32 = 16;

/// One match in the index. Stored as JSON (an operator reads it with `nats kv get`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub match_id: String,
    pub ruleset: String,
    pub tournament_id: String,
    pub round: u32,
    pub table: u32,
    pub labels: BTreeMap<String, String>,
    pub seat_names: Vec<String>,
    /// `m::MatchStatus` as a number.
    pub status: i32,
    pub result: String,
    /// Created with a chess clock or a round time limit.
    pub timed: bool,
    /// The match version (commit count) and the stream sequence of its last commit projected.
    pub version: u64,
    pub sequence: u64,
    /// `written_at_ms` of the first commit that showed the match ended (0 while in play).
    pub ended_at_ms: i64,
    /// When the archiver sealed the match and checked its archive (`archive`); 0: not yet.
    /// Left out of the JSON while 0, so entries of matches never archived read as before.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub archived_at_ms: i64,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

impl Entry {
    fn summary(&self) -> m::MatchSummary {
        m::MatchSummary {
            match_id: self.match_id.clone(),
            ruleset: self.ruleset.clone(),
            tournament_id: self.tournament_id.clone(),
            round: self.round,
            table: self.table,
            labels: self.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            status: self.status,
            version: self.version,
            result: self.result.clone(),
        }
    }

    fn in_play(&self) -> bool {
        self.status != m::MatchStatus::Ended as i32
    }
}

/// What a match's first commit says, for its entry.
#[derive(Clone, Debug)]
struct Created {
    ruleset: String,
    tournament: Tournament,
    seat_names: Vec<String>,
    timed: bool,
}

impl Created {
    fn of(first: &Commit) -> Option<Created> {
        let Some(commit_input::Input::Created(c)) = first.input.as_ref().and_then(|i| i.input.as_ref()) else {
            return None;
        };
        let config = c.config.clone().unwrap_or_default();
        Some(Created {
            ruleset: config.ruleset.clone(),
            tournament: Tournament::of(c),
            seat_names: config.seats.iter().map(|s| s.name.clone()).collect(),
            timed: c.time_control.as_ref().is_some_and(|t| t.clock_s > 0 || t.round_limit_s > 0),
        })
    }

    fn from_entry(e: &Entry) -> Created {
        Created {
            ruleset: e.ruleset.clone(),
            tournament: Tournament { tournament_id: e.tournament_id.clone(), round: e.round, table: e.table, labels: e.labels.clone(), spectator_delay_s: 0 },
            seat_names: e.seat_names.clone(),
            timed: e.timed,
        }
    }
}

/// The entry after `last`, a commit of the match `created` describes; `before` is its entry so
/// far (for when it ended).
fn entry_of(match_id: &str, created: &Created, last: &Commit, sequence: u64, before: Option<&Entry>) -> Entry {
    let s = summary(match_id, created, last);
    let ended = s.status == m::MatchStatus::Ended as i32;
    // Only an ended match has ended (`before` may be this orchestrator's copy, ahead of `last`).
    let ended_at_ms = match before {
        _ if !ended => 0,
        Some(b) if b.ended_at_ms != 0 => b.ended_at_ms,
        _ => last.written_at_ms.max(1),
    };
    Entry {
        match_id: match_id.to_string(),
        ruleset: s.ruleset,
        tournament_id: s.tournament_id,
        round: s.round,
        table: s.table,
        labels: created.tournament.labels.clone(),
        seat_names: created.seat_names.clone(),
        status: s.status,
        result: s.result,
        timed: created.timed,
        version: s.version,
        sequence,
        ended_at_ms,
        archived_at_ms: before.map_or(0, |b| b.archived_at_ms),
    }
}

/// What a listing shows of a match that a later commit can change (its creation's fields
/// never change): the projector writes a match's entry to the bucket only when this changes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Listed {
    status: i32,
    result: String,
    archived: bool,
    /// While a match waits for seats its version counts the seats taken (the creation and one
    /// commit per join), which a listing shows: each join is a change. 0 once it started.
    seats_taken: u64,
}

impl Listed {
    fn of(e: &Entry) -> Listed {
        Listed {
            status: e.status,
            result: e.result.clone(),
            archived: e.archived_at_ms != 0,
            seats_taken: if e.status == m::MatchStatus::WaitingForSeats as i32 { e.version } else { 0 },
        }
    }

    /// What `last`, a later commit of the match `before` is the entry of, lists.
    fn after(before: &Entry, last: &Commit) -> Listed {
        let (status, result) = status_and_result(&before.seat_names, last);
        let status = status as i32;
        Listed {
            status,
            result,
            archived: before.archived_at_ms != 0,
            seats_taken: if status == m::MatchStatus::WaitingForSeats as i32 { last.version } else { 0 },
        }
    }
}

/// Whether two entries of one match differ only in their version and sequence.
fn same_but_version(a: &Entry, b: &Entry) -> bool {
    (a.status, &a.result, a.ended_at_ms, a.archived_at_ms, a.timed, &a.match_id, &a.ruleset, &a.tournament_id, a.round, a.table, &a.labels, &a.seat_names)
        == (
            b.status,
            &b.result,
            b.ended_at_ms,
            b.archived_at_ms,
            b.timed,
            &b.match_id,
            &b.ruleset,
            &b.tournament_id,
            b.round,
            b.table,
            &b.labels,
            &b.seat_names,
        )
}

/// What this orchestrator knows of one match.
#[derive(Clone, Debug)]
struct Known {
    /// The newest entry known (from the bucket or from a commit this orchestrator appended).
    entry: Entry,
    /// The bucket's revision of the key and the version stored there (0, 0: not stored yet).
    revision: u64,
    stored_version: u64,
    /// What the stored entry lists (none: not stored yet).
    stored: Option<Listed>,
}

/// This orchestrator's copy of the index: by match id, and one ordered set per filter.
#[derive(Default)]
struct View {
    by_id: BTreeMap<String, Known>,
    by_tournament: BTreeSet<(String, String)>,
    by_ruleset: BTreeSet<(String, String)>,
    by_status: BTreeSet<(i32, String)>,
}

impl View {
    /// Take `entry` (stored at `revision`, or 0 for one not read from the bucket) if it is
    /// newer than what is known. Returns whether what a listing shows changed beyond the
    /// version (a new match, a new status...): what `WatchMatches` is told.
    fn apply(&mut self, entry: Entry, revision: u64) -> bool {
        let id = entry.match_id.clone();
        let Some(known) = self.by_id.get_mut(&id) else {
            self.index(&entry);
            let (stored_version, stored) = if revision > 0 { (entry.version, Some(Listed::of(&entry))) } else { (0, None) };
            self.by_id.insert(id, Known { entry, revision, stored_version, stored });
            return true;
        };
        if revision > known.revision {
            known.revision = revision;
            known.stored_version = known.stored_version.max(entry.version);
            known.stored = Some(Listed::of(&entry));
        }
        // A newer version, or the same one newly marked archived (the archiver's only write).
        let newly_archived = entry.version >= known.entry.version && entry.archived_at_ms > known.entry.archived_at_ms;
        if entry.version < known.entry.version || (entry.version == known.entry.version && !newly_archived) {
            return false;
        }
        // Only the version moved (most commits): no filter set changes.
        if same_but_version(&known.entry, &entry) {
            (known.entry.version, known.entry.sequence) = (entry.version, entry.sequence);
            return false;
        }
        let old = std::mem::replace(&mut known.entry, entry.clone());
        self.unindex(&old);
        self.index(&entry);
        true
    }

    fn index(&mut self, e: &Entry) {
        self.by_tournament.insert((e.tournament_id.clone(), e.match_id.clone()));
        self.by_ruleset.insert((e.ruleset.clone(), e.match_id.clone()));
        self.by_status.insert((e.status, e.match_id.clone()));
    }

    fn unindex(&mut self, e: &Entry) {
        self.by_tournament.remove(&(e.tournament_id.clone(), e.match_id.clone()));
        self.by_ruleset.remove(&(e.ruleset.clone(), e.match_id.clone()));
        self.by_status.remove(&(e.status, e.match_id.clone()));
    }

    /// A key an operator deleted from the bucket: forgotten until it is written again.
    fn forget(&mut self, match_id: &str) {
        if let Some(known) = self.by_id.remove(match_id) {
            self.unindex(&known.entry);
        }
    }

    /// Up to `n` entries passing `req`, with match ids after `after`, in match id order, walking
    /// the narrowest ordered set the filters allow.
    fn page(&self, req: &m::ListMatchesRequest, after: Option<&str>, n: usize) -> Vec<&Entry> {
        let after = after.unwrap_or("");
        let ids: Box<dyn Iterator<Item = &String>> = if !req.tournament_id.is_empty() {
            let t = req.tournament_id.clone();
            Box::new(self.by_tournament.range((t.clone(), after.to_string())..).take_while(move |(k, _)| *k == t).map(|(_, id)| id))
        } else if req.status != m::MatchStatus::Unspecified as i32 {
            let s = req.status;
            Box::new(self.by_status.range((s, after.to_string())..).take_while(move |(k, _)| *k == s).map(|(_, id)| id))
        } else if !req.ruleset.trim().is_empty() {
            let r = req.ruleset.trim().to_string();
            Box::new(self.by_ruleset.range((r.clone(), after.to_string())..).take_while(move |(k, _)| *k == r).map(|(_, id)| id))
        } else {
            Box::new(self.by_id.range::<str, _>((std::ops::Bound::Excluded(after), std::ops::Bound::Unbounded)).map(|(id, _)| id))
        };
        ids.filter(|id| id.as_str() > after).filter_map(|id| self.by_id.get(id).map(|k| &k.entry)).filter(|e| passes(req, &e.summary())).take(n).collect()
    }
}

pub struct MatchIndex {
    log: Arc<dyn EventLog>,
    own_key: [u8; 32],
    view: RwLock<View>,
    /// True once the copy holds every entry the bucket held when this orchestrator started.
    ready: watch::Sender<bool>,
    /// Each entry that changed in the copy, for `WatchMatches`.
    changes: broadcast::Sender<Arc<Entry>>,
}

/// The index's background tasks: each started again if it dies (`infra::task`), all stopped
/// when the API that started them goes away.
pub struct Tasks(#[allow(dead_code)] Vec<infra::task::Background>);

impl MatchIndex {
    pub fn new(log: Arc<dyn EventLog>, own_key: [u8; 32]) -> Self {
        MatchIndex { log, own_key, view: RwLock::new(View::default()), ready: watch::Sender::new(false), changes: broadcast::channel(CHANGES).0 }
    }

    /// Start the projector and the watch that keeps this orchestrator's copy (none outside a
    /// Tokio runtime). They stop when the returned value is dropped.
    pub fn start(self: &Arc<Self>) -> Tasks {
        if tokio::runtime::Handle::try_current().is_err() {
            return Tasks(Vec::new());
        }
        // One projector per stream of the log, each with its own position (`follow`).
        let (copy, projectors) = (self.clone(), self.clone());
        Tasks(vec![
            infra::task::supervise("the match index copy", move || copy.clone().keep_copy()),
            infra::task::supervise("the match index projectors", move || projectors.clone().project_all()),
        ])
    }

    /// Start only the watch that keeps the copy, with no projector: for a process that reads
    /// the index and must never write it (the archive job, `arbiter archive`, whose NATS role
    /// may not). It stops when the returned value is dropped.
    pub fn start_read_only(self: &Arc<Self>) -> Tasks {
        if tokio::runtime::Handle::try_current().is_err() {
            return Tasks(Vec::new());
        }
        let copy = self.clone();
        Tasks(vec![infra::task::supervise("the match index copy", move || copy.clone().keep_copy())])
    }

    /// Wait until the copy is loaded, for at most [`READY_PATIENCE`].
    pub async fn wait_ready(&self) -> Result<()> {
        let mut ready = self.ready.subscribe();
        let loaded = tokio::time::timeout(READY_PATIENCE, ready.wait_for(|r| *r)).await.is_ok_and(|r| r.is_ok());
        match loaded {
            true => Ok(()),
            false => Err(OrchestratorError::LogUnavailable(format!("the match index ({}) is not loaded yet; retry in a moment", eventlog::INDEX_BUCKET))),
        }
    }

    /// One page of the matches that pass the request's filters, in match id order.
    pub async fn list(&self, req: &m::ListMatchesRequest) -> Result<m::ListMatchesResponse> {
        limits::check_len("tournament_id", &req.tournament_id, limits::MAX_TOURNAMENT_ID_LEN)?;
        limits::check_len("ruleset", &req.ruleset, limits::MAX_RULESET_LEN)?;
        let page_size = match req.page_size as usize {
            0 => limits::DEFAULT_PAGE_SIZE,
            n => n.min(limits::MAX_PAGE_SIZE),
        };
        let filters = filter_digest(req);
        let after = match req.page_token.as_str() {
            "" => None,
            token => Some(decode_token(token, &filters)?),
        };
        self.wait_ready().await?;
        let view = self.view.read().map_err(|_| OrchestratorError::Internal("the match index copy is poisoned".into()))?;
        // One more than the page tells whether there is a next page.
        let mut page: Vec<m::MatchSummary> = view.page(req, after.as_deref(), page_size + 1).into_iter().map(Entry::summary).collect();
        let mut next_page_token = String::new();
        if page.len() > page_size {
            page.truncate(page_size);
            let last_shown = page.last().map(|s| s.match_id.clone()).unwrap_or_default();
            next_page_token = encode_token(&last_shown, &filters);
        }
        Ok(m::ListMatchesResponse { matches: page, next_page_token })
    }

    /// Every match that passes `filter` now, and the changes from now on (subscribed before
    /// the look, so nothing falls between them), for WatchMatches.
    pub async fn matching(&self, filter: &m::ListMatchesRequest) -> Result<(Vec<m::MatchSummary>, broadcast::Receiver<Arc<Entry>>)> {
        let changes = self.changes.subscribe();
        self.wait_ready().await?;
        Ok((self.matching_now(filter), changes))
    }

    /// Every match that passes `filter` in the copy now.
    pub fn matching_now(&self, filter: &m::ListMatchesRequest) -> Vec<m::MatchSummary> {
        let Ok(view) = self.view.read() else { return Vec::new() };
        view.page(filter, None, usize::MAX).into_iter().map(Entry::summary).collect()
    }

    /// The matches in play with a clock or a round time limit (for the time keeper after a
    /// restart: their alarms are not in memory yet). Ids only: each is loaded from the log.
    pub async fn timed_in_play(&self) -> Result<Vec<String>> {
        self.wait_ready().await?;
        let view = self.view.read().map_err(|_| OrchestratorError::Internal("the match index copy is poisoned".into()))?;
        Ok(view
            .by_status
            .iter()
            .filter(|(status, _)| *status != m::MatchStatus::Ended as i32)
            .filter_map(|(_, id)| view.by_id.get(id))
            .filter(|k| k.entry.timed && k.entry.in_play())
            .map(|k| k.entry.match_id.clone())
            .collect())
    }

    /// The matches that ended before `ended_before_ms` (Unix ms) and are not archived yet, for
    /// the archiver: from the copy, never from the log.
    pub fn to_archive(&self, ended_before_ms: i64) -> Vec<Entry> {
        let Ok(view) = self.view.read() else { return Vec::new() };
        let ended = m::MatchStatus::Ended as i32;
        view.by_status
            .range((ended, String::new())..)
            .take_while(|(status, _)| *status == ended)
            .filter_map(|(_, id)| view.by_id.get(id))
            .map(|k| &k.entry)
            .filter(|e| e.archived_at_ms == 0 && e.ended_at_ms != 0 && e.ended_at_ms < ended_before_ms)
            .cloned()
            .collect()
    }

    /// Record in the bucket that `match_id` is archived (at `at_ms`) with `commits` commits,
    /// the last at stream sequence `sequence`, after its archive was checked: a conditional
    /// write of its entry, read again on a conflict. The entry takes the archive's version:
    /// the commits after the entry's own (the reveal after the end) changed nothing it listed,
    /// and the archive's checks count its commits from the entry.
    pub async fn mark_archived(&self, match_id: &str, at_ms: i64, commits: u64, sequence: u64) -> std::result::Result<(), LogError> {
        for _ in 0..WRITE_ATTEMPTS {
            let Some((revision, value)) = self.log.index_get(match_id).await? else {
                return Err(LogError::Other(format!("match {match_id} has no index entry to mark archived")));
            };
            let mut entry =
                serde_json::from_slice::<Entry>(&value).map_err(|e| LogError::Other(format!("the index entry of {match_id} does not decode: {e}")))?;
            if entry.archived_at_ms != 0 {
                self.take(entry, revision);
                return Ok(());
            }
            entry.archived_at_ms = at_ms.max(1);
            if commits > entry.version {
                (entry.version, entry.sequence) = (commits, sequence);
            }
            let value = serde_json::to_vec(&entry).map_err(|e| LogError::Other(format!("encode an index entry: {e}")))?;
            match self.log.index_put(match_id, Bytes::from(value), revision).await {
                Ok(r) => {
                    self.take(entry, r);
                    return Ok(());
                }
                Err(LogError::Conflict { .. }) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(LogError::Unavailable(format!("the index entry of {match_id} keeps changing under the archiver")))
    }

    /// The entry of `match_id` in this orchestrator's copy.
    pub fn entry(&self, match_id: &str) -> Option<Entry> {
        self.view.read().ok()?.by_id.get(match_id).map(|k| k.entry.clone())
    }

    /// Every entry of this orchestrator's copy, by match id (the scrubber checks each against
    /// the log, and walks those the hot log no longer lists).
    pub fn entries(&self) -> Vec<Entry> {
        let Ok(view) = self.view.read() else { return Vec::new() };
        view.by_id.values().map(|k| k.entry.clone()).collect()
    }

    /// A commit this orchestrator has just appended (and signed): into the copy at once. Its
    /// entry in the bucket is the projector's to write.
    pub fn observe(&self, commit: &Commit, sequence: u64) {
        // Most commits change nothing a listing shows but the version: raised in place.
        if let Ok(mut view) = self.view.write() {
            if let Some(known) = view.by_id.get_mut(&commit.match_id) {
                if commit.version <= known.entry.version {
                    return;
                }
                let (status, result) = status_and_result(&known.entry.seat_names, commit);
                if status as i32 == known.entry.status && result == known.entry.result {
                    (known.entry.version, known.entry.sequence) = (commit.version, sequence);
                    return;
                }
            }
        }
        let before = self.entry(&commit.match_id);
        let created = match &before {
            Some(b) => Created::from_entry(b),
            None => match Created::of(commit) {
                Some(c) => c,
                // Created elsewhere and not projected yet: the projector brings it.
                None => return,
            },
        };
        let entry = entry_of(&commit.match_id, &created, commit, sequence, before.as_ref());
        self.take(entry, 0);
    }

    /// Put `entry` into the copy (at bucket revision `revision`, 0 if not from the bucket) and
    /// tell the watchers if it changed.
    fn take(&self, entry: Entry, revision: u64) {
        let changed = match self.view.write() {
            Ok(mut view) => view.apply(entry.clone(), revision),
            Err(_) => false,
        };
        if changed {
            let _ = self.changes.send(Arc::new(entry));
        }
    }

    /// Keep the copy: watch the whole bucket, again after any failure, forever.
    async fn keep_copy(self: Arc<Self>) {
        let mut waits = retry_waits();
        loop {
            match self.log.index_watch().await {
                Ok(mut events) => {
                    while let Some(event) = events.next().await {
                        match event {
                            Ok(IndexEvent::CaughtUp) => {
                                self.ready.send_replace(true);
                                waits = retry_waits();
                            }
                            Ok(IndexEvent::Entry { key, revision, value }) => self.take_stored(&key, revision, &value),
                            Err(e) => {
                                tracing::warn!(error = %e, "the watch of the match index failed; watching again");
                                break;
                            }
                        }
                    }
                }
                Err(e) => tracing::debug!(error = %e, "cannot watch the match index yet"),
            }
            tokio::time::sleep(waits.next().unwrap_or(RETRY_MAX)).await;
        }
    }

    fn take_stored(&self, key: &str, revision: u64, value: &[u8]) {
        // The positions (`=position`, `=position-p<k>`): `=` never occurs in a match id.
        if key.starts_with(INDEX_POSITION_KEY) {
            return;
        }
        if value.is_empty() {
            if let Ok(mut view) = self.view.write() {
                view.forget(key);
            }
            return;
        }
        match serde_json::from_slice::<Entry>(value) {
            Ok(entry) if entry.match_id == key => self.take(entry, revision),
            _ => tracing::warn!(key, "an undecodable match index entry is ignored"),
        }
    }

    /// Raise the saved position to `projected` (never lower it: another projector may be
    /// ahead). Returns the position's revision and value.
    async fn save_position(&self, key: &str, mut revision: u64, projected: u64) -> std::result::Result<(u64, u64), LogError> {
        for _ in 0..WRITE_ATTEMPTS {
            match self.log.index_put(key, Bytes::from(projected.to_string()), revision).await {
                Ok(r) => return Ok((r, projected)),
                Err(LogError::Conflict { .. }) => match self.log.index_get(key).await? {
                    Some((r, value)) if decode_position(&value) >= projected => return Ok((r, decode_position(&value))),
                    Some((r, _)) => revision = r,
                    None => revision = 0,
                },
                Err(e) => return Err(e),
            }
        }
        Err(LogError::Unavailable("the match index position keeps changing under this projector".into()))
    }

    /// Project one logged commit into its match's entry (if signed by this orchestrator, newer
    /// than the stored entry and changing what it lists).
    async fn project_one(&self, match_id: &str, sequence: u64, payload: &Bytes) -> std::result::Result<(), LogError> {
        // Decoded before its signature is checked: nothing is written from it before the check
        // below, and a commit that changes nothing listed needs none.
        let Some(commit) = Commit::decode(payload.as_ref()).ok().filter(|c| c.match_id == match_id) else {
            return self.unsigned(match_id);
        };
        let known = {
            let Ok(view) = self.view.read() else { return Ok(()) };
            match view.by_id.get(match_id) {
                Some(k) if k.stored_version >= commit.version => return Ok(()),
                Some(k) if k.stored.as_ref().is_some_and(|stored| *stored == Listed::after(&k.entry, &commit)) => return Ok(()),
                known => known.cloned(),
            }
        };
        if !self.signed_here(payload) {
            return self.unsigned(match_id);
        }
        let mut revision = known.as_ref().map_or(0, |k| k.revision);
        let mut before = known.map(|k| k.entry);
        for _ in 0..WRITE_ATTEMPTS {
            let created = match &before {
                Some(e) => Created::from_entry(e),
                None => match self.created_of(match_id, &commit).await? {
                    Some(c) => c,
                    // No creation this orchestrator signed: nothing to list.
                    None => return Ok(()),
                },
            };
            let entry = entry_of(match_id, &created, &commit, sequence, before.as_ref());
            let value = serde_json::to_vec(&entry).map_err(|e| LogError::Other(format!("encode an index entry: {e}")))?;
            match self.log.index_put(match_id, Bytes::from(value), revision).await {
                Ok(r) => {
                    self.take(entry, r);
                    return Ok(());
                }
                // Another projector wrote it (or the copy was behind): read it, and stop if it
                // is as new already.
                Err(LogError::Conflict { .. }) => match self.log.index_get(match_id).await? {
                    Some((r, value)) => {
                        revision = r;
                        if let Ok(current) = serde_json::from_slice::<Entry>(&value) {
                            self.take(current.clone(), r);
                            if current.version >= commit.version || Listed::of(&current) == Listed::after(&current, &commit) {
                                return Ok(());
                            }
                            before = Some(current);
                        }
                    }
                    None => revision = 0,
                },
                Err(e) => return Err(e),
            }
        }
        Err(LogError::Unavailable(format!("the index entry of {match_id} keeps changing under this projector")))
    }

    /// Whether `payload` carries this orchestrator's signature.
    fn signed_here(&self, payload: &[u8]) -> bool {
        fairness::chain::split(payload)
            .ok()
            .and_then(|(body, sig)| fairness::verify_signature(&self.own_key, &fairness::chain::signed_message(body), sig).ok())
            .is_some()
    }

    fn unsigned(&self, match_id: &str) -> std::result::Result<(), LogError> {
        tracing::warn!(match_id, "a commit not signed by this orchestrator's key is left out of the match index");
        Ok(())
    }

    /// The commit in `payload`, if it decodes and carries this orchestrator's signature.
    fn verified(&self, match_id: &str, payload: &[u8]) -> Option<Commit> {
        if !self.signed_here(payload) {
            let _ = self.unsigned(match_id);
            return None;
        }
        Commit::decode(payload).ok().filter(|c| c.match_id == match_id)
    }

    /// The creation of a match with no entry yet: its first commit (`last` itself when it is).
    async fn created_of(&self, match_id: &str, last: &Commit) -> std::result::Result<Option<Created>, LogError> {
        if last.version == 1 {
            return Ok(Created::of(last));
        }
        let stored = self.log.read_until(match_id, None, 1, 1).await?;
        Ok(stored.first().and_then(|c| self.verified(match_id, &c.payload)).and_then(|c| Created::of(&c)))
    }
}

fn decode_position(value: &[u8]) -> u64 {
    std::str::from_utf8(value).ok().and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// A match's summary from its creation and its last commit. Until every seat has joined, a
/// match's log holds only its creation and joins (nothing is drawn or decided before), so
/// fewer than 1 + seats commits means seats are missing.
fn summary(match_id: &str, created: &Created, last: &Commit) -> m::MatchSummary {
    let (status, result) = status_and_result(&created.seat_names, last);
    m::MatchSummary {
        match_id: match_id.to_string(),
        ruleset: created.ruleset.clone(),
        tournament_id: created.tournament.tournament_id.clone(),
        round: created.tournament.round,
        table: created.tournament.table,
        labels: created.tournament.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        status: status as i32,
        version: last.version,
        result,
    }
}

/// A match's status and result after `last`, one of its commits, from its seat names (read
/// from the commit's `awaiting` without converting the decision it may wait for).
fn status_and_result(seat_names: &[String], last: &Commit) -> (m::MatchStatus, String) {
    match last.awaiting.as_ref().and_then(|a| a.what.as_ref()) {
        Some(api::rules_v1::awaiting::What::Ended(o)) => {
            let names: Vec<String> = o.winners.iter().map(|w| seat_names.get(*w as usize).cloned().unwrap_or_else(|| format!("seat {w}"))).collect();
            let result = if names.is_empty() { format!("no winner ({})", o.reason) } else { format!("{} won ({})", names.join(", "), o.reason) };
            (m::MatchStatus::Ended, result)
        }
        _ if last.version < 1 + seat_names.len() as u64 => (m::MatchStatus::WaitingForSeats, String::new()),
        _ => (m::MatchStatus::InProgress, String::new()),
    }
}

/// The summary an entry stands for.
pub fn summary_of(entry: &Entry) -> m::MatchSummary {
    entry.summary()
}
