//! The feed's lag during a load's Arbiter phase: a core subscription on `feed.>` as a tournament
//! platform would follow play, and a [`Ledger`] of what the bench saw committed, so that every
//! feed update of the bench's matches is timed from the moment the call that committed it
//! returned to the bench (docs/cli.md, "arbiter bench").
//!
//! Must never: publish anything or touch a stream (it only subscribes, as the read-only `feed`
//! user when the data dir holds its password); count a match the bench did not create.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use futures::StreamExt;
use serde::Serialize;

use super::{progress, Latency};

/// Longest wait after a phase for the feed to show every version the bench committed.
pub const CATCH_UP_AT_MOST: Duration = Duration::from_secs(30);

/// The feed's figures of one load (only when the bench started the system).
#[derive(Clone, Debug, Default, Serialize)]
pub struct FeedFigures {
    /// The NATS user the subscription used (`feed`, the platforms' read-only user, or `admin`).
    pub user: String,
    /// Feed updates (`feed.*.<match>.events`) of the bench's matches received during the phase
    /// and the catch-up wait after it.
    pub updates_seen: u64,
    /// Time from the return of the call that committed a version (CreateMatch, JoinMatch,
    /// SubmitDecision, whose reply covers the draws it set off) to that version's feed update;
    /// 0 when the update arrived before the reply. Versions the bench never saw returned (draws
    /// the orchestrator committed between two calls, the final reveal) are not timed.
    pub lag: Latency,
    /// Of the timed updates, those that arrived before the reply that committed them (counted
    /// as 0 in `lag`): the feed was faster than the gRPC reply path.
    pub before_reply: u64,
    /// Versions the bench knew committed (replies and GetPendingDecision) at the end of the
    /// phase.
    pub versions_committed: u64,
    /// Of those, how many the feed had not shown yet when the phase ended.
    pub backlog_at_end: u64,
    /// Seconds after the phase until the feed had shown every one of them; `None` when it had
    /// not after [`CATCH_UP_AT_MOST`] (see `not_shown_after_wait`).
    pub caught_up_after_s: Option<f64>,
    /// Versions still not shown when the wait ended (0 when caught up).
    pub not_shown_after_wait: u64,
    /// Versions the bench saw committed whose update never arrived while later ones did
    /// (dropped by a slow subscription): should be 0.
    pub updates_missed: u64,
    pub first_error: Option<String>,
}

/// What the bench knows of one of its matches, and what the feed has shown of it.
#[derive(Debug, Default)]
struct MatchLedger {
    /// Created by the bench in this phase (the feed may show other matches too).
    ours: bool,
    /// Highest version the bench knows committed.
    committed: u64,
    /// Highest version the feed has shown.
    shown: u64,
    seen: u64,
    /// Versions acknowledged to the bench and not shown yet, with the time of the reply.
    acked: BTreeMap<u64, Instant>,
}

/// The commits the bench saw and the feed updates it received, matched by (match, version).
/// Bounded: an entry is dropped once the feed shows its version.
#[derive(Debug, Default)]
pub struct Ledger {
    matches: HashMap<String, MatchLedger>,
    lags: Vec<Duration>,
    before_reply: u64,
    missed: u64,
}

impl Ledger {
    /// A call that returned at `at` committed versions `from..=to` of `match_id` (a match of the
    /// bench).
    pub fn acked(&mut self, match_id: &str, from: u64, to: u64, at: Instant) {
        let m = self.matches.entry(match_id.to_string()).or_default();
        m.ours = true;
        m.committed = m.committed.max(to);
        for v in from..=to {
            if v <= m.shown {
                // The feed was faster than the reply: the lag is below what can be measured here.
                self.lags.push(Duration::ZERO);
                self.before_reply += 1;
            } else {
                m.acked.entry(v).or_insert(at);
            }
        }
    }

    /// The bench learned that `match_id` has reached `version` (e.g. a draw seen through
    /// GetPendingDecision), without a time for it.
    pub fn known(&mut self, match_id: &str, version: u64) {
        let m = self.matches.entry(match_id.to_string()).or_default();
        m.ours = true;
        m.committed = m.committed.max(version);
    }

    /// The feed showed `version` of `match_id` at `at`.
    pub fn shown(&mut self, match_id: &str, version: u64, at: Instant) {
        let m = self.matches.entry(match_id.to_string()).or_default();
        m.seen += 1;
        m.shown = m.shown.max(version);
        // Versions before this one that were acknowledged and never shown were dropped on
        // the way (the feed itself publishes every version, in order).
        let later = m.acked.split_off(&(version + 1));
        let earlier = std::mem::replace(&mut m.acked, later);
        for (v, ack) in earlier {
            if v == version {
                self.lags.push(at.saturating_duration_since(ack));
            } else {
                self.missed += 1;
            }
        }
    }

    /// Versions the bench knows committed and the feed has not shown, over the bench's matches.
    pub fn backlog(&self) -> u64 {
        self.matches.values().filter(|m| m.ours).map(|m| m.committed.saturating_sub(m.shown)).sum()
    }

    fn committed(&self) -> u64 {
        self.matches.values().filter(|m| m.ours).map(|m| m.committed).sum()
    }

    fn seen(&self) -> u64 {
        self.matches.values().filter(|m| m.ours).map(|m| m.seen).sum()
    }
}

/// The match id and version of a feed message: `feed.<tournament>.<match>.events` and its
/// `Arbiter-Version` header (or, failing that, the JSON's `version`). `None` for results and
/// anything else.
pub fn parse_update(subject: &str, version_header: Option<&str>, payload: &[u8]) -> Option<(String, u64)> {
    let mut tokens = subject.split('.');
    let (Some("feed"), Some(_tournament), Some(match_id), Some("events"), None) = (tokens.next(), tokens.next(), tokens.next(), tokens.next(), tokens.next())
    else {
        return None;
    };
    let from_header = version_header.and_then(|v| v.parse().ok());
    let version = match from_header {
        Some(v) => v,
        None => {
            #[derive(serde::Deserialize)]
            struct Version {
                version: u64,
            }
            serde_json::from_slice::<Version>(payload).ok()?.version
        }
    };
    Some((match_id.to_string(), version))
}

/// The subscription of one phase.
pub struct FeedProbe {
    pub ledger: Arc<Mutex<Ledger>>,
    user: String,
    task: tokio::task::JoinHandle<Option<String>>,
}

impl FeedProbe {
    /// Subscribe to `feed.>` (and make sure the server has the subscription before any match
    /// of the phase is created).
    pub async fn start(nats: &eventlog::Connection, user: &str) -> anyhow::Result<FeedProbe> {
        let mut sub = nats.subscribe("feed.>").await.with_context(|| format!("cannot subscribe to feed.> as {user}"))?;
        let ledger = Arc::new(Mutex::new(Ledger::default()));
        let task = {
            let ledger = ledger.clone();
            tokio::spawn(async move {
                while let Some(msg) = sub.next().await {
                    let at = Instant::now();
                    let Some((match_id, version)) = parse_update(&msg.subject, msg.header(feed::view::VERSION_HEADER), &msg.payload) else {
                        continue;
                    };
                    match ledger.lock() {
                        Ok(mut l) => l.shown(&match_id, version, at),
                        Err(_) => return Some("the feed ledger's lock is poisoned".to_string()),
                    }
                }
                None
            })
        };
        Ok(FeedProbe { ledger, user: user.to_string(), task })
    }

    /// The phase has ended: note the backlog, wait (at most [`CATCH_UP_AT_MOST`]) until the feed
    /// shows every version the bench saw committed, and stop.
    pub async fn finish(self) -> FeedFigures {
        let ended = Instant::now();
        let snapshot = |l: &Ledger| (l.committed(), l.backlog());
        let (committed, backlog_at_end) = self.ledger.lock().map(|l| snapshot(&l)).unwrap_or_default();
        // Versions learned after the phase ended (none: the bots have stopped) would not move
        // the target: the backlog is over `committed` as it was.
        let mut left = backlog_at_end;
        let mut told = Instant::now();
        while left > 0 && ended.elapsed() < CATCH_UP_AT_MOST && !self.task.is_finished() {
            tokio::time::sleep(Duration::from_millis(10)).await;
            left = self.ledger.lock().map(|l| l.backlog()).unwrap_or(0);
            if told.elapsed() >= Duration::from_secs(1) {
                progress(&format!("feed catching up: {left} versions behind, {:.0} s after the load", ended.elapsed().as_secs_f64()));
                told = Instant::now();
            }
        }
        let caught_up_after_s = (left == 0).then(|| ended.elapsed().as_secs_f64());
        self.task.abort();
        let first_error = match self.task.await {
            Ok(Some(e)) => Some(e),
            Ok(None) => Some("the feed subscription ended during the phase (NATS connection lost?)".to_string()),
            Err(_) => None,
        };
        let (seen, lags, before_reply, missed) = match self.ledger.lock() {
            Ok(mut l) => (l.seen(), std::mem::take(&mut l.lags), l.before_reply, l.missed),
            Err(_) => (0, Vec::new(), 0, 0),
        };
        if caught_up_after_s.is_none() {
            progress(&format!("feed: not caught up after {} s ({left} versions not shown)", CATCH_UP_AT_MOST.as_secs()));
        }
        FeedFigures {
            user: self.user,
            updates_seen: seen,
            lag: Latency::of(lags),
            before_reply,
            versions_committed: committed,
            backlog_at_end,
            caught_up_after_s,
            not_shown_after_wait: left,
            updates_missed: missed,
            first_error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn updates_are_read_from_the_subject_and_header() {
        let h = "7";
        assert_eq!(parse_update("feed._.m-1.events", Some(h), b"{}"), Some(("m-1".into(), 7)));
        assert_eq!(parse_update("feed.cup.m-2.events", None, br#"{"version": 3, "x": 1}"#), Some(("m-2".into(), 3)));
        assert_eq!(parse_update("feed._.m-1.result", Some(h), b"{}"), None);
        assert_eq!(parse_update("feed._.m-1.events.x", Some(h), b"{}"), None);
        assert_eq!(parse_update("feed._.m-1.events", None, b"not json"), None);
    }

    #[test]
    fn lag_backlog_and_missed_versions() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let mut l = Ledger::default();
        // Created and joined (1..=2), then a decision with a draw (3..=4).
        l.acked("m", 1, 2, t0);
        l.acked("m", 3, 4, t0 + ms(10));
        l.known("m", 5);
        assert_eq!(l.backlog(), 5);
        l.shown("m", 1, t0 + ms(5));
        l.shown("m", 2, t0 + ms(6));
        // Version 3 never arrives; 4 does.
        l.shown("m", 4, t0 + ms(30));
        assert_eq!(l.missed, 1);
        assert_eq!(l.backlog(), 1, "version 5 is known, not shown");
        // 5 was never acknowledged with a time: shown, counted, not timed.
        l.shown("m", 5, t0 + ms(40));
        assert_eq!(l.backlog(), 0);
        // A reply that arrives after the feed showed its version counts as no lag.
        l.shown("m", 6, t0 + ms(50));
        l.acked("m", 6, 6, t0 + ms(55));
        // Another match's updates (not the bench's) count nowhere.
        l.shown("other", 1, t0);
        assert_eq!((l.seen(), l.committed(), l.backlog()), (5, 6, 0));
        let lat = Latency::of(l.lags.clone());
        assert_eq!(lat.count, 4);
        assert_eq!(l.before_reply, 1);
        assert_eq!(lat.max_ms, 20.0);
        assert!(lat.p50_ms <= lat.p99_ms && lat.p99_ms <= lat.max_ms);
        assert!(l.matches.values().all(|m| m.acked.is_empty()), "nothing is kept once shown");
    }
}
