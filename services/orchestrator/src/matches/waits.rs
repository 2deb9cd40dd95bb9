//! A match that waits for the system, not a seat (docs/api.md, "Waiting for the system"): a
//! draw or the reveal it cannot get because a randomness node, the rules service or the log does
//! not answer. What it waits for, and since when, is kept here per match, shown on every read
//! (`SystemWait` in the views, the pending decision, a decision's reply and `WatchMatch`
//! notices), counted in the metrics (`arbiter_matches_waiting_for_system`), and a background
//! driver per waiting match ([`Matches::drive_in_background`]) keeps trying with backoff, so the
//! match goes on by itself once the service is back.
//!
//! Why a driver rather than the next request: a match nobody reads would otherwise stay stuck,
//! and a request that tried again itself would hold the match's lock while a frozen node makes
//! it wait. The driver asks the nodes without the lock ([`Matches::drive_detached`]), so reads
//! answer at once with what the match waits for.
//!
//! Must never: log anything a draw did not produce (it only drives [`Matches::drive`]'s inputs),
//! or hold a match's lock while it waits for a node.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use api::match_v1 as m;

use super::*;
use crate::error::{cause_of, Cause, Service};

/// How long a request waits for the draws (or the reveal) a match needs before it answers with
/// what the match waits for and leaves them to the background driver. Draws take milliseconds
/// when every service answers; this bounds what a frozen node costs a request (and, since the
/// request holds the match's lock, any read behind it).
pub const INLINE_DRIVE_WAIT: Duration = Duration::from_millis(600);
/// A node asked and not answering after this long is named as the one the match waits for.
pub const SLOW_NODE: Duration = Duration::from_millis(300);
/// One attempt of the background driver at most (asking the nodes, then committing); a node
/// frozen past it is asked again after the next wait.
pub const DRIVER_ATTEMPT: Duration = Duration::from_secs(2);
/// The driver's waits between attempts: doubling from the first up to the longest, so that a
/// match goes on within about a second of its service's return.
pub const DRIVER_FIRST_WAIT: Duration = Duration::from_millis(100);
pub const DRIVER_LONGEST_WAIT: Duration = Duration::from_millis(800);

/// What a waiting match waits for, as reads show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    pub cause: Cause,
    /// Unix ms of the first failed or unanswered attempt of this wait.
    pub since_ms: i64,
    /// The draw's purpose, or "reveal".
    pub waiting_for: String,
    started: std::time::Instant,
}

impl Wait {
    pub fn to_proto(&self) -> m::SystemWait {
        m::SystemWait {
            service: self.cause.service.name().into(),
            node: self.cause.node.clone(),
            since_ms: self.since_ms,
            reason: self.cause.reason.clone(),
            waiting_for: self.waiting_for.clone(),
        }
    }
}

#[derive(Default)]
struct Entry {
    wait: Option<Wait>,
    /// A background driver runs for the match.
    driver: bool,
    /// The match's tournament (its feed subject's), for the notices.
    tournament: String,
    /// When the last notice of this wait went out.
    announced: Option<std::time::Instant>,
}

/// A wait still going on is announced again this often (for a feed projector that started
/// since).
const ANNOUNCE_AGAIN: Duration = Duration::from_secs(5);

/// The waits of this orchestrator's matches.
#[derive(Default)]
pub struct Waits {
    by_match: Mutex<BTreeMap<String, Entry>>,
}

impl Waits {
    pub fn get(&self, match_id: &str) -> Option<Wait> {
        self.by_match.lock().ok()?.get(match_id).and_then(|e| e.wait.clone())
    }

    /// The match waits for `cause` (since the first failure of this wait, kept when the cause
    /// changes: the match has waited since then); with whether to announce it now (a new wait,
    /// another service or node, or not announced for a while) and to which tournament.
    fn set(&self, match_id: &str, tournament: Option<&str>, cause: Cause, waiting_for: String) -> Option<(Wait, Option<String>)> {
        let mut all = self.by_match.lock().ok()?;
        let entry = all.entry(match_id.to_string()).or_default();
        if let Some(t) = tournament {
            entry.tournament = t.to_string();
        }
        let announce = match &entry.wait {
            Some(w) => w.cause.service != cause.service || w.cause.node != cause.node || entry.announced.is_none_or(|at| at.elapsed() >= ANNOUNCE_AGAIN),
            None => true,
        };
        if announce {
            entry.announced = Some(std::time::Instant::now());
        }
        let tournament = announce.then(|| entry.tournament.clone());
        let (since_ms, started) = match &entry.wait {
            Some(w) => {
                if w.cause.service != cause.service {
                    gauge(w.cause.service, -1.0);
                    gauge(cause.service, 1.0);
                }
                (w.since_ms, w.started)
            }
            None => {
                gauge(cause.service, 1.0);
                if telemetry::metrics::enabled() {
                    telemetry::metrics::SYSTEM_WAITS_BEGUN.inc(&[cause.service.name()]);
                }
                tracing::warn!(match_id, service = cause.service.name(), node = %cause.node, reason = %cause.reason, waiting_for, "the match waits for the system");
                (now_ms(), std::time::Instant::now())
            }
        };
        let wait = Wait { cause, since_ms, waiting_for, started };
        entry.wait = Some(wait.clone());
        Some((wait, tournament))
    }

    /// The match no longer waits for the system (it went on, or needs a seat, or is gone); the
    /// tournament of the wait that ended, to announce it.
    fn clear(&self, match_id: &str) -> Option<String> {
        let Ok(mut all) = self.by_match.lock() else { return None };
        let entry = all.get_mut(match_id)?;
        let ended = entry.wait.take();
        let tournament = ended.as_ref().map(|_| std::mem::take(&mut entry.tournament));
        entry.announced = None;
        if let Some(w) = ended {
            gauge(w.cause.service, -1.0);
            if telemetry::metrics::enabled() {
                telemetry::metrics::SYSTEM_WAIT_DURATION.observe(&[w.cause.service.name()], w.started.elapsed().as_secs_f64());
            }
            tracing::info!(match_id, service = w.cause.service.name(), waited_ms = w.started.elapsed().as_millis() as u64, "the match goes on");
        }
        if !entry.driver {
            all.remove(match_id);
        }
        tournament
    }

    /// Whether a background driver runs for the match.
    pub fn driven(&self, match_id: &str) -> bool {
        self.by_match.lock().is_ok_and(|all| all.get(match_id).is_some_and(|e| e.driver))
    }

    /// Mark the match driven; false if a driver runs already.
    fn claim_driver(&self, match_id: &str) -> bool {
        let Ok(mut all) = self.by_match.lock() else { return false };
        let entry = all.entry(match_id.to_string()).or_default();
        !std::mem::replace(&mut entry.driver, true)
    }

    fn release_driver(&self, match_id: &str) {
        let Ok(mut all) = self.by_match.lock() else { return };
        if let Some(entry) = all.get_mut(match_id) {
            entry.driver = false;
            if entry.wait.is_none() {
                all.remove(match_id);
            }
        }
    }
}

fn gauge(service: Service, delta: f64) {
    if telemetry::metrics::enabled() {
        telemetry::metrics::SYSTEM_WAITS.add(&[service.name()], delta);
    }
}

/// The nodes a draw or reveal asked and which have answered: a node that has not after
/// [`SLOW_NODE`] is the one named.
#[derive(Default)]
pub struct Progress {
    asked: Mutex<Vec<(String, bool)>>,
    committing: std::sync::atomic::AtomicBool,
}

impl Progress {
    pub(super) fn asking(&self, nodes: &[String]) {
        if let Ok(mut a) = self.asked.lock() {
            *a = nodes.iter().map(|n| (n.clone(), false)).collect();
        }
        self.committing.store(false, std::sync::atomic::Ordering::Relaxed);
    }

    pub(super) fn answered(&self, node: &str) {
        if let Ok(mut a) = self.asked.lock() {
            if let Some(x) = a.iter_mut().find(|(n, _)| n == node) {
                x.1 = true;
            }
        }
    }

    pub(super) fn committing(&self) {
        self.committing.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// What a draw cut at `waited` was waiting for: the first node asked that has not
    /// answered, else the commit (the rules service, or the log when it is not connected).
    pub fn cause(&self, waited: Duration, log_connected: bool) -> Cause {
        let ms = waited.as_millis();
        if !self.committing.load(std::sync::atomic::Ordering::Relaxed) {
            let silent = self.asked.lock().ok().and_then(|a| a.iter().find(|(_, answered)| !answered).map(|(n, _)| n.clone()));
            if let Some(node) = silent {
                return Cause { service: Service::Randomness, node, reason: format!("asked for the draw, it has not answered for {ms} ms") };
            }
        }
        if !log_connected {
            return Cause { service: Service::Log, node: String::new(), reason: "the orchestrator is not connected to NATS".into() };
        }
        Cause {
            service: Service::Rules,
            node: String::new(),
            reason: format!("the commit of the draw (the rules step, then the append) did not complete in {ms} ms"),
        }
    }
}

/// What the match needs of the randomness now: a draw (by purpose) or the reveal, or nothing
/// (it waits for a seat, or for joins, or it is over).
pub fn waiting_for(rec: &MatchRecord) -> Option<String> {
    if !rec.all_joined() && !rec.ended() {
        return None;
    }
    match &rec.awaiting {
        Some(Awaiting::Draw(d)) => Some(d.purpose.clone()),
        Some(Awaiting::Ended(_)) if !rec.secret_revealed => Some("reveal".into()),
        _ => None,
    }
}

/// A wait notice, as the feed projector relays it (`docs/feed.md`, "Waits"): no draw purpose
/// (the feed may be delayed) and no service address.
#[derive(serde::Serialize)]
struct Notice<'a> {
    match_id: &'a str,
    tournament_id: &'a str,
    /// `None`: the match no longer waits (it went on).
    system_wait: Option<NoticeWait<'a>>,
    at_ms: i64,
}

#[derive(serde::Serialize)]
struct NoticeWait<'a> {
    service: &'a str,
    node: &'a str,
    since_ms: i64,
    reason: &'a str,
}

impl Matches {
    /// Record that `match_id` waits for `cause`, and announce it when that is news.
    fn note_wait(&self, match_id: &str, tournament: Option<&str>, cause: Cause, waiting_for: String) -> Option<Wait> {
        let (wait, announce) = self.waits.set(match_id, tournament, cause, waiting_for)?;
        if let Some(tournament) = announce {
            let w = NoticeWait { service: wait.cause.service.name(), node: &wait.cause.node, since_ms: wait.since_ms, reason: &wait.cause.reason };
            self.announce(&Notice { match_id, tournament_id: &tournament, system_wait: Some(w), at_ms: now_ms() });
        }
        Some(wait)
    }

    /// Record that `match_id` no longer waits for the system, and announce it if it did.
    fn end_wait(&self, match_id: &str) {
        if let Some(tournament) = self.waits.clear(match_id) {
            self.announce(&Notice { match_id, tournament_id: &tournament, system_wait: None, at_ms: now_ms() });
        }
    }

    /// Send a wait notice on the match's wait subject, in the background (best effort).
    fn announce(&self, notice: &Notice<'_>) {
        let Ok(body) = serde_json::to_vec(notice) else { return };
        let (log, match_id) = (self.backends.log.clone(), notice.match_id.to_string());
        tokio::spawn(async move { log.notify_wait(&match_id, bytes::Bytes::from(body)).await });
    }

    /// What `rec` waits for now if it waits for the system (a read's answer), or `None`.
    pub fn system_wait(&self, rec: &MatchRecord) -> Option<Wait> {
        waiting_for(rec)?;
        self.waits.get(&rec.match_id)
    }

    /// Make the draws (and the reveal) `rec` needs, within `limit`, holding its lock; what the
    /// match then waits for if it needs the system still. A match a background driver works on
    /// is left to it (the answer is what it waits for); a failure that means a service does not
    /// answer, or a draw not made in time, starts one.
    pub async fn advance(&self, rec: &mut MatchRecord, limit: Duration) -> Option<Wait> {
        let Some(purpose) = waiting_for(rec) else {
            self.end_wait(&rec.match_id);
            return None;
        };
        if self.waits.driven(&rec.match_id) {
            return self.waits.get(&rec.match_id);
        }
        let progress = Progress::default();
        let cause = match tokio::time::timeout(limit, self.drive_tracked(rec, &progress)).await {
            Ok(Ok(())) => {
                self.end_wait(&rec.match_id);
                return None;
            }
            Ok(Err(e)) => match cause_of(&e) {
                Some(cause) => cause,
                None => {
                    tracing::warn!(match_id = %rec.match_id, error = %e, "could not drive the match past its pending draw");
                    return None;
                }
            },
            Err(_) => progress.cause(limit, self.backends.log.connected()),
        };
        let purpose = waiting_for(rec).unwrap_or(purpose);
        let wait = self.note_wait(&rec.match_id, Some(&rec.tournament.tournament_id), cause, purpose);
        self.drive_in_background(&rec.match_id);
        wait
    }

    /// What `match_id` waits for now, for a watch that saw no commit for a while: the recorded
    /// wait while a background driver works on it; else the match is locked (which tries its
    /// draw, and starts a driver when it cannot make it) and its wait read.
    pub async fn wait_now(&self, match_id: &str) -> Option<Wait> {
        if self.waits.driven(match_id) {
            return self.waits.get(match_id);
        }
        let rec = self.lock_cached(match_id).await.ok()?;
        self.system_wait(&rec)
    }

    /// Start the background driver of `match_id` unless one runs: it tries again with backoff
    /// until the match no longer needs the system.
    pub fn drive_in_background(&self, match_id: &str) {
        let Some(me) = self.me.get().and_then(std::sync::Weak::upgrade) else { return };
        if !self.waits.claim_driver(match_id) {
            return;
        }
        let match_id = match_id.to_string();
        tokio::spawn(async move {
            me.drive_until_free(&match_id).await;
            me.waits.release_driver(&match_id);
        });
    }

    async fn drive_until_free(self: &Arc<Self>, match_id: &str) {
        let waits = infra::retry::BackoffBuilder::build(infra::retry::forever(DRIVER_FIRST_WAIT, DRIVER_LONGEST_WAIT));
        for wait in waits {
            tokio::time::sleep(wait).await;
            match self.drive_detached(match_id).await {
                Ok(None) => {
                    self.end_wait(match_id);
                    return;
                }
                Ok(Some((cause, purpose))) => {
                    self.note_wait(match_id, None, cause, purpose);
                }
                Err(e) => match cause_of(&e) {
                    Some(cause) => {
                        let purpose = self.waits.get(match_id).map(|w| w.waiting_for).unwrap_or_default();
                        self.note_wait(match_id, None, cause, purpose);
                    }
                    None => {
                        // Not a service that does not answer (a broken log, the match gone):
                        // the requests report it; nothing to wait for here.
                        tracing::warn!(match_id, error = %e, "the background driver stops");
                        self.end_wait(match_id);
                        return;
                    }
                },
            }
        }
    }

    /// One attempt of the background driver: what the match needs, read under its lock; the
    /// nodes asked without it (a frozen node must not hold up reads); the commit under the lock
    /// again, if the match still needs exactly that. `None` once the match needs no more of the
    /// system; else what it waits for now and for what.
    async fn drive_detached(&self, match_id: &str) -> Result<Option<(Cause, String)>> {
        // A match needs a few draws in a row at most (its setup's shuffles); the bound only
        // guards against a node that keeps refusing what the log awaits.
        for _ in 0..MAX_DRAWS_PER_ATTEMPT {
            let need = {
                let mut rec = self.lock_record(match_id).await?;
                self.catch_up(&mut rec).await?;
                match need_of(&rec)? {
                    None => return Ok(None),
                    Some(need) => need,
                }
            };
            let purpose = need.purpose();
            let progress = Arc::new(Progress::default());
            let asked = self.fetch(&need, &progress);
            tokio::pin!(asked);
            // Name a node that does not answer as soon as it is late, while still waiting for it.
            let input = match tokio::time::timeout(SLOW_NODE, &mut asked).await {
                Ok(answer) => answer,
                Err(_) => {
                    self.note_wait(match_id, None, progress.cause(SLOW_NODE, true), purpose.clone());
                    match tokio::time::timeout(DRIVER_ATTEMPT.saturating_sub(SLOW_NODE), &mut asked).await {
                        Ok(answer) => answer,
                        Err(_) => return Ok(Some((progress.cause(DRIVER_ATTEMPT, true), purpose))),
                    }
                }
            };
            let input = match input {
                Ok(input) => input,
                // The node says the match moved on (another orchestrator drew): look again, if
                // the log says so; else the refusal is the error.
                Err(NodeRefusal::Status(status)) if status.code() == tonic::Code::FailedPrecondition => {
                    let mut rec = self.lock_record(match_id).await?;
                    if !self.catch_up(&mut rec).await? {
                        return Err(randomness_err(status));
                    }
                    continue;
                }
                Err(NodeRefusal::Status(status)) => return Err(randomness_err(status)),
                // A service that does not answer: what the match waits for now, with this
                // need's purpose (the match may have moved on to another draw or the reveal).
                Err(NodeRefusal::Error(e)) => match cause_of(&e) {
                    Some(cause) => return Ok(Some((cause, purpose))),
                    None => return Err(e),
                },
            };
            let mut rec = self.lock_record(match_id).await?;
            if need_of(&rec)?.as_ref() != Some(&need) {
                continue;
            }
            let mut conflicts = 0;
            match tokio::time::timeout(DRIVER_ATTEMPT, self.commit_or_catch_up(&mut rec, input, &mut conflicts)).await {
                // The match went on: its wait ends now, under the lock, so that no read sees the
                // new version with the old wait (the next need starts a wait of its own if it
                // stalls too).
                Ok(Ok(())) => self.end_wait(match_id),
                Ok(Err(e)) => return Err(e),
                Err(_) => return Ok(Some((Progress::default().cause_committing(DRIVER_ATTEMPT, self.backends.log.connected()), purpose))),
            }
        }
        Err(OrchestratorError::Internal(format!("match {match_id} needed more than {MAX_DRAWS_PER_ATTEMPT} draws in a row")))
    }
}

/// Draws one attempt of the background driver makes at most.
const MAX_DRAWS_PER_ATTEMPT: usize = 64;

impl Progress {
    fn cause_committing(&self, waited: Duration, log_connected: bool) -> Cause {
        self.committing();
        self.cause(waited, log_connected)
    }
}

/// What the match needs of the randomness, with what asking for it takes (copied out of the
/// record, so that the nodes are asked without its lock).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Need {
    Draw { ctx: DrawCtx, draw: engine::DrawRequest },
    Reveal { ctx: DrawCtx },
}

impl Need {
    fn purpose(&self) -> String {
        match self {
            Need::Draw { draw, .. } => draw.purpose.clone(),
            Need::Reveal { .. } => "reveal".into(),
        }
    }
}

/// What `rec` needs of the randomness now (`None`: nothing).
pub(super) fn need_of(rec: &MatchRecord) -> Result<Option<Need>> {
    waiting_for(rec).map_or(Ok(None), |_| {
        let ctx = DrawCtx::of(rec);
        Ok(match &rec.awaiting {
            Some(Awaiting::Draw(draw)) => Some(Need::Draw { ctx, draw: draw.clone() }),
            Some(Awaiting::Ended(_)) => Some(Need::Reveal { ctx }),
            _ => None,
        })
    })
}

fn now_ms() -> i64 {
    super::now_ms()
}
