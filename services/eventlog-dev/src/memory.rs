//! In-memory [`EventLog`] for unit tests, with the same semantics as the JetStream one:
//! one global sequence (so a match's sequences have gaps when matches interleave), conditional
//! appends (expected sequence checked first, then the msg id, like JetStream; here the dedup
//! window never expires), watch = history then live.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use bytes::Bytes;
use futures::stream::BoxStream;
use futures::StreamExt;

use eventlog::{validate_match_id, validate_msg_id, EventLog, LogError, Snapshot, StoredCommit};

/// In-memory match log. Cloning shares the same log.
#[derive(Clone, Default)]
pub struct MemoryLog {
    inner: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    /// Carries the last stream sequence; watchers wait for it to change.
    appended: tokio::sync::watch::Sender<u64>,
    /// Carries the index bucket's last revision; index watchers wait for it to change.
    indexed: tokio::sync::watch::Sender<u64>,
}

impl Default for Shared {
    fn default() -> Self {
        Shared { state: Mutex::new(State::default()), appended: tokio::sync::watch::Sender::new(0), indexed: tokio::sync::watch::Sender::new(0) }
    }
}

struct Commit {
    sequence: u64,
    msg_id: String,
    payload: Bytes,
}

#[derive(Default)]
struct State {
    last_sequence: u64,
    /// Per match, in append order.
    matches: HashMap<String, Vec<Commit>>,
    /// msg_id -> (match id, sequence, payload).
    msg_ids: HashMap<String, (String, u64, Bytes)>,
    snapshots: HashMap<String, Snapshot>,
    /// The index bucket: every write as (key, revision, value), in revision order (revision =
    /// position + 1), as a KV bucket's stream; the current value of a key is its last write.
    index: Vec<(String, u64, Bytes)>,
}

impl MemoryLog {
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave the state half-updated (every update is
        // a few infallible pushes), so a poisoned lock is still usable.
        self.inner.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Commits of `match_id` from 0-based index `from`.
    fn commits_from(&self, match_id: &str, from: usize) -> Vec<StoredCommit> {
        let state = self.lock();
        state
            .matches
            .get(match_id)
            .map(|commits| {
                commits
                    .iter()
                    .enumerate()
                    .skip(from)
                    .map(|(i, c)| StoredCommit { version: i as u64 + 1, sequence: c.sequence, payload: c.payload.clone() })
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl MemoryLog {
    /// Every commit with a stream sequence of at least `from`, in stream order.
    fn commits_since(&self, from: u64) -> Vec<eventlog::LoggedCommit> {
        let state = self.lock();
        let mut out: Vec<eventlog::LoggedCommit> = state
            .matches
            .iter()
            .flat_map(|(id, commits)| {
                commits.iter().filter(|c| c.sequence >= from).map(move |c| eventlog::LoggedCommit {
                    match_id: id.clone(),
                    sequence: c.sequence,
                    payload: c.payload.clone(),
                })
            })
            .collect();
        out.sort_by_key(|c| c.sequence);
        out
    }

    /// The index writes from position `from` on.
    fn index_since(&self, from: usize) -> Vec<(String, u64, Bytes)> {
        self.lock().index.iter().skip(from).cloned().collect()
    }
}

fn first_index(from_version: u64) -> usize {
    usize::try_from(from_version.saturating_sub(1)).unwrap_or(usize::MAX)
}

#[async_trait::async_trait]
impl EventLog for MemoryLog {
    async fn append(&self, match_id: &str, expected_last_sequence: Option<u64>, msg_id: &str, payload: Bytes) -> Result<u64, LogError> {
        validate_match_id(match_id)?;
        validate_msg_id(msg_id)?;
        let conflict = || LogError::Conflict { match_id: match_id.to_string(), expected: expected_last_sequence };
        let sequence = {
            let mut state = self.lock();
            let commits = state.matches.get(match_id).map(Vec::as_slice).unwrap_or(&[]);
            let last = commits.last().map(|c| c.sequence);
            if last != expected_last_sequence {
                // Like JetStream, the expected sequence is checked first. The append succeeded
                // anyway if the commit right after `expected` is this very append (a retry).
                let next = commits.iter().find(|c| expected_last_sequence.is_none_or(|e| c.sequence > e));
                return match next {
                    Some(c) if c.msg_id == msg_id && c.payload == payload => Ok(c.sequence),
                    _ => Err(conflict()),
                };
            }
            if let Some((m, seq, stored)) = state.msg_ids.get(msg_id) {
                // The id was used before: a success only if it was this very commit.
                return if m == match_id && *stored == payload { Ok(*seq) } else { Err(conflict()) };
            }
            state.last_sequence += 1;
            let sequence = state.last_sequence;
            state.matches.entry(match_id.to_string()).or_default().push(Commit { sequence, msg_id: msg_id.to_string(), payload: payload.clone() });
            state.msg_ids.insert(msg_id.to_string(), (match_id.to_string(), sequence, payload));
            sequence
        };
        self.inner.appended.send_replace(sequence);
        Ok(sequence)
    }

    async fn last_commits(&self) -> Result<Vec<(String, u64, Bytes)>, LogError> {
        let state = self.lock();
        let mut out: Vec<(String, u64, Bytes)> =
            state.matches.iter().filter_map(|(id, commits)| commits.last().map(|c| (id.clone(), c.sequence, c.payload.clone()))).collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    async fn read(&self, match_id: &str, from_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        validate_match_id(match_id)?;
        Ok(self.commits_from(match_id, first_index(from_version)))
    }

    async fn read_after(&self, match_id: &str, after_sequence: u64, _next_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        validate_match_id(match_id)?;
        // Versions here are positions, so they are right whatever the caller believes.
        let mut commits = self.commits_from(match_id, 0);
        commits.retain(|c| c.sequence > after_sequence);
        Ok(commits)
    }

    async fn watch(&self, match_id: &str, from_version: u64) -> Result<BoxStream<'static, Result<StoredCommit, LogError>>, LogError> {
        validate_match_id(match_id)?;
        let log = self.clone();
        let match_id = match_id.to_string();
        let rx = self.inner.appended.subscribe();
        let start = (log, match_id, rx, first_index(from_version), VecDeque::new());
        let stream = futures::stream::unfold(
            start,
            |(log, match_id, mut rx, mut next, mut pending): (MemoryLog, String, tokio::sync::watch::Receiver<u64>, usize, VecDeque<StoredCommit>)| async move {
                loop {
                    if let Some(commit) = pending.pop_front() {
                        return Some((Ok(commit), (log, match_id, rx, next, pending)));
                    }
                    // Mark the current value seen *before* looking, so an append racing with
                    // this look wakes the `changed()` below.
                    rx.borrow_and_update();
                    pending = log.commits_from(&match_id, next).into();
                    next += pending.len();
                    if pending.is_empty() && rx.changed().await.is_err() {
                        // The sender lives in `log`, which we hold: this cannot happen.
                        return None;
                    }
                }
            },
        );
        Ok(stream.boxed())
    }

    async fn follow(&self, stream: &str, from_sequence: u64) -> Result<BoxStream<'static, Result<eventlog::LoggedCommit, LogError>>, LogError> {
        if stream != eventlog::STREAM {
            return Err(LogError::StreamMissing(format!("stream {stream}: a memory log has the one stream {}", eventlog::STREAM)));
        }
        let start = (self.clone(), self.inner.appended.subscribe(), from_sequence.max(1), VecDeque::new());
        type Follow = (MemoryLog, tokio::sync::watch::Receiver<u64>, u64, VecDeque<eventlog::LoggedCommit>);
        let stream = futures::stream::unfold(start, |(log, mut rx, mut next, mut pending): Follow| async move {
            loop {
                if let Some(commit) = pending.pop_front() {
                    return Some((Ok(commit), (log, rx, next, pending)));
                }
                rx.borrow_and_update();
                pending = log.commits_since(next).into();
                if let Some(last) = pending.back() {
                    next = last.sequence + 1;
                }
                if pending.is_empty() && rx.changed().await.is_err() {
                    return None;
                }
            }
        });
        Ok(stream.boxed())
    }

    async fn index_get(&self, key: &str) -> Result<Option<(u64, Bytes)>, LogError> {
        let state = self.lock();
        Ok(state.index.iter().rev().find(|(k, _, _)| k == key).map(|(_, r, v)| (*r, v.clone())))
    }

    async fn index_put(&self, key: &str, value: Bytes, revision: u64) -> Result<u64, LogError> {
        let written = {
            let mut state = self.lock();
            let current = state.index.iter().rev().find(|(k, _, _)| k == key).map_or(0, |(_, r, _)| *r);
            if current != revision {
                return Err(LogError::Conflict { match_id: key.to_string(), expected: Some(revision) });
            }
            let written = state.index.len() as u64 + 1;
            state.index.push((key.to_string(), written, value));
            written
        };
        self.inner.indexed.send_replace(written);
        Ok(written)
    }

    async fn index_watch(&self) -> Result<BoxStream<'static, Result<eventlog::IndexEvent, LogError>>, LogError> {
        use eventlog::IndexEvent;
        let mut rx = self.inner.indexed.subscribe();
        rx.borrow_and_update();
        // The current value of each key (its last write), then every later write.
        let (initial, next) = {
            let state = self.lock();
            let mut last: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
            for (i, (k, _, _)) in state.index.iter().enumerate() {
                last.insert(k.as_str(), i);
            }
            let mut positions: Vec<usize> = last.into_values().collect();
            positions.sort_unstable();
            let initial: VecDeque<IndexEvent> = positions
                .into_iter()
                .map(|i| {
                    let (key, revision, value) = state.index[i].clone();
                    IndexEvent::Entry { key, revision, value }
                })
                .chain(std::iter::once(IndexEvent::CaughtUp))
                .collect();
            (initial, state.index.len())
        };
        type Watch = (MemoryLog, tokio::sync::watch::Receiver<u64>, usize, VecDeque<IndexEvent>);
        let stream = futures::stream::unfold((self.clone(), rx, next, initial), |(log, mut rx, mut next, mut pending): Watch| async move {
            loop {
                if let Some(event) = pending.pop_front() {
                    return Some((Ok(event), (log, rx, next, pending)));
                }
                rx.borrow_and_update();
                let writes = log.index_since(next);
                next += writes.len();
                pending = writes.into_iter().map(|(key, revision, value)| IndexEvent::Entry { key, revision, value }).collect();
                if pending.is_empty() && rx.changed().await.is_err() {
                    return None;
                }
            }
        });
        Ok(stream.boxed())
    }

    async fn put_snapshot(&self, match_id: &str, snapshot: Snapshot) -> Result<(), LogError> {
        validate_match_id(match_id)?;
        self.lock().snapshots.insert(match_id.to_string(), snapshot);
        Ok(())
    }

    async fn get_snapshot(&self, match_id: &str) -> Result<Option<Snapshot>, LogError> {
        validate_match_id(match_id)?;
        Ok(self.lock().snapshots.get(match_id).cloned())
    }

    async fn put_snapshot_at(&self, match_id: &str, snapshot: Snapshot) -> Result<(), LogError> {
        validate_match_id(match_id)?;
        let key = eventlog::snapshot_key_at(match_id, snapshot.version);
        self.lock().snapshots.insert(key, snapshot);
        Ok(())
    }

    async fn get_snapshot_at(&self, match_id: &str, version: u64) -> Result<Option<Snapshot>, LogError> {
        validate_match_id(match_id)?;
        Ok(self.lock().snapshots.get(&eventlog::snapshot_key_at(match_id, version)).cloned())
    }
}

#[cfg(test)]
#[path = "../../eventlog/tests/conformance/mod.rs"]
mod conformance;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn conformance_roundtrip() {
        conformance::roundtrip(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_conflicts() {
        conformance::conflicts(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_racing_writers() {
        conformance::racing_writers(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_dedup() {
        conformance::dedup(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_read_from_version() {
        conformance::read_from_version(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn read_after() {
        conformance::read_after(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_read_until() {
        conformance::read_until(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_interleaved_matches() {
        conformance::interleaved_matches(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_watch() {
        conformance::watch(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_snapshots() {
        conformance::snapshots(&MemoryLog::new()).await;
    }

    #[tokio::test]
    async fn conformance_invalid_ids() {
        conformance::invalid_ids(&MemoryLog::new()).await;
    }
}
