//! The public `arbiter.match.v1.MatchService`: validation, authentication and views. Every
//! handler validates its input before touching the log; on an error nothing is appended.

use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use api::convert;
use api::log_v1::{commit_input, Adjudication, Concession, MatchCreated, MatchExport, SeatDecision, SeatJoined};
use api::match_v1 as m;
use api::match_v1::match_service_server::MatchService;
use api::randomness_v1 as rnd;
use api::rules_v1 as r;
use engine::{Awaiting, Viewer};
use futures::Stream;
use prost::Message;
use futures::StreamExt;
use tokio::sync::{mpsc, oneshot, OwnedSemaphorePermit, Semaphore};
use tonic::{Request, Response, Status};

use crate::auth;
use crate::platform::PlatformKey;
use crate::index::{self, MatchIndex};
use crate::error::{randomness_err, OrchestratorError, Result};
use crate::deadline;
use crate::fanout::{Hub, Watcher};
use crate::limits;
use crate::matches::{unknown_match, Matches, MAX_CONFLICT_RETRIES};
use crate::record::MatchRecord;
use crate::verify;

pub struct MatchApi {
    matches: Arc<Matches>,
    /// How long a watch may leave a full buffer unread before it is ended.
    watch_stall: Duration,
    /// One permit per open `WatchMatch` stream.
    watches: Arc<Semaphore>,
    /// One log subscription per watched match, fanned out to its watchers.
    hub: Arc<Hub>,
    /// What platform operations are checked against.
    platform: PlatformKey,
    /// ListMatches, from the match index (shared with the WatchMatches streams).
    index: Arc<MatchIndex>,
    /// The index's projector and copy, stopped with the last clone of this API.
    _index_tasks: Arc<crate::index::Tasks>,
    /// One permit per open `WatchMatches` stream.
    match_watches: Arc<Semaphore>,
}

/// How long after a start the time keeper waits before it lists the timed matches in play (from
/// the match index): a clock that ran out while no orchestrator was up is called this much
/// later, and the first requests after a restart do not compete with loading those matches.
const TIME_KEEPER_START_DELAY: std::time::Duration = std::time::Duration::from_secs(2);

impl MatchApi {
    pub fn new(matches: Matches) -> Self {
        let backends = matches.backends();
        let hub = Hub::new(backends.log.clone(), backends.signer.orchestrator_key(), limits::MAX_WATCHED_MATCHES);
        let index = Arc::new(MatchIndex::new(backends.log.clone(), backends.signer.public_key()));
        let index_tasks = Arc::new(index.start());
        matches.set_index(index.clone());
        MatchApi {
            matches: Arc::new(matches),
            watch_stall: limits::WATCH_STALL,
            watches: Arc::new(Semaphore::new(limits::MAX_OPEN_WATCHES)),
            hub,
            platform: PlatformKey::open(),
            index,
            _index_tasks: index_tasks,
            match_watches: Arc::new(Semaphore::new(limits::MAX_OPEN_MATCH_WATCHES)),
        }
    }

    /// The match index this API lists from (the archiver takes ended matches from it).
    pub fn index(&self) -> Arc<MatchIndex> {
        self.index.clone()
    }

    /// The log-signing key (the archiver signs manifests with it).
    pub fn signer(&self) -> Arc<fairness::Signer> {
        self.matches.backends().signer.clone()
    }

    /// Start the time keeper of this API's matches ([`Matches::keep_time`]); it stops when the
    /// returned task is aborted or the runtime ends.
    pub fn keep_time(&self) -> tokio::task::JoinHandle<()> {
        let (matches, index) = (self.matches.clone(), self.index.clone());
        tokio::spawn(async move {
            // After a (re)start no alarm is in memory: load every timed match still in play once,
            // which sets its alarm (and calls time at once if it ran out while no orchestrator
            // was up). Not before the first requests had the machine to themselves. The index
            // gives ids only: each match is loaded and checked from the log.
            tokio::time::sleep(TIME_KEEPER_START_DELAY).await;
            match index.timed_in_play().await {
                Ok(ids) => {
                    if !ids.is_empty() {
                        tracing::info!(matches = ids.len(), "keeping time for the timed matches in play");
                    }
                    for match_id in ids {
                        if let Err(e) = matches.lock(&match_id).await {
                            tracing::warn!(match_id, error = %e, "cannot load a timed match; its time is kept from its next request");
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot list the timed matches in play; each one's time is kept from its next request"),
            }
            matches.keep_time().await
        })
    }

    /// Connect to the rules and randomness services in the background, so that the first
    /// request after a start does not pay for the handshakes (see [`Matches::warm_up`]).
    pub fn warm_up(&self) -> tokio::task::JoinHandle<()> {
        let matches = self.matches.clone();
        tokio::spawn(async move { matches.warm_up().await })
    }

    /// Platform operations need this key (`--platform-key-file`).
    pub fn platform_key(mut self, key: PlatformKey) -> Self {
        self.platform = key;
        self
    }

    /// How long a watcher may leave its full buffer unread before it is ended (`--watch-stall-ms`).
    pub fn watch_stall(mut self, stall: Duration) -> Self {
        self.watch_stall = stall;
        self
    }
}

fn status_of(rec: &MatchRecord) -> m::MatchStatus {
    if !rec.all_joined() {
        m::MatchStatus::WaitingForSeats
    } else if rec.ended() {
        m::MatchStatus::Ended
    } else {
        m::MatchStatus::InProgress
    }
}

/// The viewer a request speaks for: its seat if it has a valid token, a spectator without one.
fn viewer_of<T>(req: &Request<T>, rec: &MatchRecord) -> Result<Viewer> {
    viewer_for(auth::bearer_token(req.metadata())?.as_deref(), rec)
}

fn viewer_for(token: Option<&str>, rec: &MatchRecord) -> Result<Viewer> {
    match token {
        None => Ok(Viewer::Spectator),
        Some(token) => rec
            .seat_of_token_hash(&auth::hash_secret(token))
            .map(Viewer::Seat)
            .ok_or_else(|| OrchestratorError::Unauthenticated(format!(
                "the seat token is not valid for match {}; use the token JoinMatch returned",
                rec.match_id
            ))),
    }
}

/// The seat a request acts for: a valid token is required.
fn seat_of<T>(req: &Request<T>, rec: &MatchRecord) -> Result<u32> {
    seat_for(auth::bearer_token(req.metadata())?.as_deref(), rec)
}

fn seat_for(token: Option<&str>, rec: &MatchRecord) -> Result<u32> {
    match viewer_for(token, rec)? {
        Viewer::Seat(s) => Ok(s),
        _ => Err(OrchestratorError::Unauthenticated(
            "this call needs a seat token: send \"authorization: Bearer <seat token>\"".into(),
        )),
    }
}

/// SHA-256 of the stored bytes of the record's last commit: what a signed seat signs its next
/// act against (empty before the first commit).
fn chain_hash(rec: &MatchRecord) -> Vec<u8> {
    rec.last_hash.map(|h| h.to_vec()).unwrap_or_default()
}

/// The signature to log with `seat`'s `act`, made against the record's head (docs/log.md,
/// "Seat-signed acts"): a seat that registered a key must sign each act with it (missing or
/// wrong: UNAUTHENTICATED, nothing logged); a seat that did not logs none.
fn seat_signature(rec: &MatchRecord, seat: u32, act: fairness::seat::Act<'_>, signature: &[u8]) -> Result<Vec<u8>> {
    let what = match act {
        fairness::seat::Act::Decision { decision_id, .. } => format!("decision {decision_id}"),
        fairness::seat::Act::Concession => "concession".to_string(),
    };
    let key = match rec.seats.get(seat as usize).and_then(|s| s.public_key.as_ref()) {
        Some(key) => key,
        None if signature.is_empty() => return Ok(Vec::new()),
        None => {
            return Err(OrchestratorError::InvalidArgument(format!(
                "seat {seat} registered no public key at JoinMatch, so its {what} takes no seat_signature"
            )))
        }
    };
    let against = rec.last_hash.ok_or_else(|| OrchestratorError::FailedPrecondition("the match has no commit yet".into()))?;
    let head = format!("version {} (chain hash {})", rec.version, hex::encode(against));
    if signature.is_empty() {
        return Err(OrchestratorError::Unauthenticated(format!(
            "seat {seat} registered the key {} at JoinMatch, so its {what} needs seat_signature: the seat's Ed25519 \
             signature of the act against {head} (docs/log.md, \"Seat-signed acts\")",
            hex::encode(key.to_bytes())
        )));
    }
    key.verify(&rec.match_id, seat, &against, act, signature).map_err(|_| {
        OrchestratorError::Unauthenticated(format!(
            "the seat_signature of the {what} does not verify under seat {seat}'s key {} against {head}: sign \
             the act against the chain_hash of the match's current version (docs/log.md, \"Seat-signed acts\")",
            hex::encode(key.to_bytes())
        ))
    })?;
    Ok(signature.to_vec())
}

/// The pending decision as `viewer` may see it: its options only for the deciding seat.
fn pending_for(rec: &MatchRecord, viewer: Viewer) -> Option<m::Decision> {
    match &rec.awaiting {
        Some(Awaiting::Decision(d)) if rec.all_joined() => Some(if viewer == Viewer::Seat(d.seat) {
            convert::decision_to_proto(d)
        } else {
            convert::decision_summary_to_proto(d)
        }),
        _ => None,
    }
}

/// What `seat` is to do next: the pending decision if it is its own (in full), which seat the
/// match waits for, and the match status (GetPendingDecision, and the tail of every
/// SubmitDecision reply).
fn next_for(rec: &MatchRecord, seat: u32) -> (Option<m::Decision>, Option<u32>, m::MatchStatus) {
    let (decision, waiting_for_seat) = match &rec.awaiting {
        Some(Awaiting::Decision(d)) if rec.all_joined() => ((d.seat == seat).then(|| convert::decision_to_proto(d)), Some(d.seat)),
        _ => (None, None),
    };
    (decision, waiting_for_seat, status_of(rec))
}

/// Whether a refusal may come from a cached record another orchestrator has moved on from, so
/// that the request deserves one look at the log before it is refused.
fn may_be_stale(e: &OrchestratorError) -> bool {
    matches!(
        e,
        OrchestratorError::Stale(_)
            | OrchestratorError::Aborted(_)
            | OrchestratorError::FailedPrecondition(_)
            | OrchestratorError::Unauthenticated(_)
            | OrchestratorError::PermissionDenied(_)
    )
}

fn result_text(rec: &MatchRecord) -> String {
    match &rec.awaiting {
        Some(Awaiting::Ended(o)) => {
            let names: Vec<String> = o
                .winners
                .iter()
                .map(|w| rec.seats.get(*w as usize).map(|s| s.name.clone()).unwrap_or_else(|| format!("seat {w}")))
                .collect();
            if names.is_empty() {
                format!("no winner ({})", o.reason)
            } else {
                format!("{} won ({})", names.join(", "), o.reason)
            }
        }
        _ => String::new(),
    }
}

impl MatchApi {
    async fn view(&self, rec: &MatchRecord, viewer: Viewer) -> Result<m::MatchView> {
        let viewer_proto = match viewer {
            Viewer::Seat(s) => r::view_request::Viewer::Seat(s),
            Viewer::Spectator => r::view_request::Viewer::Spectator(true),
            Viewer::Auditor => r::view_request::Viewer::Auditor(true),
        };
        // By the state's hash first: the rules service usually holds the state it produced.
        let view_json =
            crate::rules_client::view(&self.matches.backends().rules, rec.ruleset(), &rec.state, viewer_proto).await?;
        Ok(m::MatchView {
            match_id: rec.match_id.clone(),
            ruleset: rec.ruleset().into(),
            version: rec.version,
            status: status_of(rec) as i32,
            seats: rec
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| m::SeatInfo { seat: i as u32, name: s.name.clone(), joined: s.token_hash.is_some() })
                .collect(),
            state_json: view_json,
            pending: pending_for(rec, viewer),
            result: result_text(rec),
            viewer_seat: match viewer {
                Viewer::Seat(s) => Some(s),
                _ => None,
            },
            chain_hash: chain_hash(rec),
        })
    }

    async fn create(&self, req: m::CreateMatchRequest) -> Result<m::CreateMatchResponse> {
        limits::check_create(&req)?;
        let mut seats = req.seats.clone();
        for (i, s) in seats.iter_mut().enumerate() {
            if s.name.trim().is_empty() {
                s.name = format!("Seat {}", i + 1);
            }
        }
        let match_id = uuid::Uuid::new_v4().simple().to_string();
        // The time options are the orchestrator's (it keeps the time); the rules never see them.
        let mut options = req.options.clone();
        let time_control = limits::take_time_control(&mut options)?;
        let spectator_delay_s = limits::take_spectator_delay(&mut options)?;
        let config = r::MatchConfig { ruleset: req.ruleset.trim().to_string(), seats, options };
        let nodes = &self.matches.backends().nodes;
        let (committed, randomness_nodes) = if nodes.len() >= 2 {
            // Scheme v2: every configured node commits to its own secret for its position.
            let asked = nodes.iter().enumerate().map(|(j, node)| {
                let mut client = node.client.clone();
                let req = rnd::CommitRequest { match_id: match_id.clone(), scheme: fairness::v2::SCHEME.into(), node: j as u32 };
                async move { client.commit(req).await.map(|r| r.into_inner()) }
            });
            let mut logged = Vec::with_capacity(nodes.len());
            for (node, answer) in nodes.iter().zip(futures::future::join_all(asked).await) {
                let c = answer.map_err(|status| {
                    randomness_err(tonic::Status::new(status.code(), format!("randomness node {:?} ({}): {}", node.name, node.url, status.message())))
                })?;
                logged.push(api::log_v1::RandomnessNode { name: node.name.clone(), public_key: c.public_key, commitment: c.commitment });
            }
            (rnd::CommitResponse { scheme: fairness::v2::SCHEME.into(), ..Default::default() }, logged)
        } else {
            let mut randomness = self.matches.backends().randomness.clone();
            let committed = randomness
                .commit(rnd::CommitRequest { match_id: match_id.clone(), ..Default::default() })
                .await
                .map_err(randomness_err)?
                .into_inner();
            (committed, Vec::new())
        };
        let join_codes: Vec<String> = config.seats.iter().map(|_| auth::new_secret("join_")).collect();
        let created = MatchCreated {
            config: Some(config),
            randomness_commitment: committed.commitment.clone(),
            randomness_scheme: committed.scheme.clone(),
            randomness_public_key: committed.public_key.clone(),
            join_code_hashes: join_codes.iter().map(|c| auth::hash_secret(c)).collect(),
            orchestrator_public_key: self.matches.backends().signer.public_key().to_vec(),
            tournament_id: req.tournament_id.clone(),
            round: req.round,
            table: req.table,
            labels: req.labels.clone(),
            time_control,
            spectator_delay_s,
            randomness_nodes: randomness_nodes.clone(),
        };
        let logged_nodes = randomness_nodes
            .into_iter()
            .map(|n| m::RandomnessNodeCommitment { name: n.name, public_key: n.public_key, commitment: n.commitment })
            .collect();
        let mut rec = MatchRecord::empty(&match_id);
        // The rules validate the configuration (decks, seat count, options) before anything is logged.
        let version = self.matches.commit(&mut rec, commit_input::Input::Created(created)).await?;
        self.matches.insert(rec).await?;
        tracing::info!(%match_id, ruleset = %req.ruleset.trim(), "match created");
        Ok(m::CreateMatchResponse {
            match_id,
            seats: join_codes
                .into_iter()
                .enumerate()
                .map(|(i, join_code)| m::SeatCredential { seat: i as u32, join_code })
                .collect(),
            randomness_commitment: committed.commitment,
            randomness_scheme: committed.scheme,
            randomness_public_key: committed.public_key,
            version,
            randomness_nodes: logged_nodes,
        })
    }

    async fn join(&self, req: m::JoinMatchRequest, deadline: Option<Instant>) -> Result<m::JoinMatchResponse> {
        limits::check_join(&req)?;
        if !req.seat_public_key.is_empty() {
            fairness::seat::SeatKey::parse(&req.seat_public_key).map_err(|e| {
                OrchestratorError::InvalidArgument(format!("seat_public_key must be a 32-byte Ed25519 public key: {e}"))
            })?;
        }
        let len = req.entropy.len();
        if !(fairness::MIN_ENTROPY_BYTES..=fairness::MAX_ENTROPY_BYTES).contains(&len) {
            return Err(OrchestratorError::InvalidArgument(format!(
                "entropy must be {} to {} random bytes chosen by the seat, not {len}",
                fairness::MIN_ENTROPY_BYTES,
                fairness::MAX_ENTROPY_BYTES
            )));
        }
        // The hot path trusts the cached record; a stale one meets an append conflict, has
        // caught up by then, and the join is evaluated again.
        let mut rec = self.matches.lock_cached(&req.match_id).await?;
        let mut retries = 0;
        let token = loop {
            match self.join_once(&mut rec, &req).await {
                Err(OrchestratorError::Stale(_)) if retries < MAX_CONFLICT_RETRIES => retries += 1,
                other => break other?,
            }
        };
        tracing::info!(match_id = %req.match_id, seat = req.seat, "seat joined");
        // The join is in the log: what follows (the first draws, once every seat is in) must
        // not turn it into a failure, or the seat would never learn its token. A draw that
        // fails here is retried by the next request that locks the match.
        if let Err(e) = deadline::after_commit(deadline, self.matches.drive(&mut rec)).await {
            tracing::warn!(match_id = %req.match_id, error = %e, "joined; the draws that follow wait for the next request");
        }
        Ok(m::JoinMatchResponse { seat_token: token, version: rec.version })
    }

    /// One evaluation of a join against the record as it is; returns the new seat token.
    async fn join_once(&self, rec: &mut MatchRecord, req: &m::JoinMatchRequest) -> Result<String> {
        let seat = rec.seats.get(req.seat as usize).ok_or_else(|| {
            OrchestratorError::InvalidArgument(format!("match {} has no seat {} (seats are 0 to {})", req.match_id, req.seat, rec.seats.len().saturating_sub(1)))
        })?;
        if rec.join_code_hashes.get(req.seat as usize) != Some(&auth::hash_secret(&req.join_code)) {
            return Err(OrchestratorError::PermissionDenied(format!(
                "wrong join code for seat {}: use the code CreateMatch returned for this seat",
                req.seat
            )));
        }
        let token = auth::seat_token(&self.matches.backends().signer, &rec.match_id, req.seat, &req.join_code, &req.entropy);
        if let Some(joined) = &seat.token_hash {
            // The same join again (a retry whose first answer was lost) gets the same token;
            // another entropy is another join, and the seat is taken.
            if *joined == auth::hash_secret(&token) {
                let registered = seat.public_key.as_ref().map(|k| k.to_bytes().to_vec()).unwrap_or_default();
                if registered != req.seat_public_key {
                    return Err(OrchestratorError::FailedPrecondition(format!(
                        "seat {} has already joined with {}; a retry of that join must send the same seat_public_key",
                        req.seat,
                        if registered.is_empty() { "no public key".to_string() } else { format!("the public key {}", hex::encode(&registered)) }
                    )));
                }
                return Ok(token);
            }
            return Err(OrchestratorError::FailedPrecondition(format!(
                "seat {} has already joined with other entropy; only a retry of that join (same join code, same \
                 entropy) gets its token again",
                req.seat
            )));
        }
        let joined = SeatJoined {
            seat: req.seat,
            entropy: req.entropy.clone(),
            token_hash: auth::hash_secret(&token),
            seat_public_key: req.seat_public_key.clone(),
        };
        self.matches.commit(rec, commit_input::Input::Joined(joined)).await?;
        Ok(token)
    }

    async fn submit(&self, req: Request<m::SubmitDecisionRequest>, deadline: Option<Instant>) -> Result<m::SubmitDecisionResponse> {
        limits::check_submit(req.get_ref())?;
        let token = auth::bearer_token(req.metadata())?;
        let body = req.into_inner();
        // The hot path: the cached record, one rules call, one conditional append. A record
        // made stale by another orchestrator is caught up (by the append conflict, or by one
        // look at the log before a refusal) and the request evaluated again, a bounded number
        // of times.
        // Only ids, versions and the ruleset go into the span: never the token or the choice.
        let span = if telemetry::tracing_enabled() {
            tracing::info_span!(
                "decision",
                match.id = %body.match_id,
                decision.id = body.decision_id,
                ruleset = tracing::field::Empty,
                match.version = tracing::field::Empty,
            )
        } else {
            tracing::Span::none()
        };
        let started = telemetry::metrics::enabled().then(std::time::Instant::now);
        let work = async {
            let mut rec = self.matches.lock_cached(&body.match_id).await?;
            span.record("ruleset", rec.ruleset());
            let mut retries = 0;
            let result = loop {
                match self.submit_once(&mut rec, token.as_deref(), &body, deadline).await {
                    Err(e) if retries < MAX_CONFLICT_RETRIES && may_be_stale(&e) => {
                        retries += 1;
                        let caught_up = matches!(e, OrchestratorError::Stale(_)) || self.matches.catch_up(&mut rec).await?;
                        if !caught_up {
                            break Err(e);
                        }
                    }
                    other => break other,
                }
            };
            span.record("match.version", rec.version);
            if let Some(started) = started {
                let outcome = if result.is_ok() { "logged" } else { "refused" };
                telemetry::metrics::DECISIONS.inc(&[rec.ruleset(), outcome]);
                if result.is_ok() {
                    telemetry::metrics::DECISION_DURATION.observe(&[rec.ruleset()], started.elapsed().as_secs_f64());
                }
            }
            result
        };
        tracing::Instrument::instrument(work, span.clone()).await
    }

    /// One evaluation of a decision against the record as it is.
    async fn submit_once(
        &self,
        rec: &mut MatchRecord,
        token: Option<&str>,
        body: &m::SubmitDecisionRequest,
        deadline: Option<Instant>,
    ) -> Result<m::SubmitDecisionResponse> {
        let seat = seat_for(token, rec)?;
        if let Some(done) = rec.submitted.get(&body.idempotency_key).cloned() {
            // The same request again gets the first answer; another request under the same key
            // is refused, never silently answered with the first one's result.
            let choice = convert::choice_from_proto(body.choice.as_ref()).ok().map(|c| convert::choice_to_proto(&c));
            if done.seat != seat || done.decision_id != body.decision_id || done.choice != choice {
                return Err(OrchestratorError::KeyReused(format!(
                    "idempotency key {} was already used for another request (decision {} of seat {} with its own \
                     choice); use a new key for a new request",
                    limits::quote(&body.idempotency_key),
                    done.decision_id,
                    done.seat
                )));
            }
            // A signed seat's retry carries the signature logged with the decision (Ed25519 is
            // deterministic, so the same request has the same one); anyone else holding the key
            // and the token gets nothing.
            let signed = rec.seats.get(seat as usize).is_some_and(|s| s.public_key.is_some());
            if signed && done.signature != body.seat_signature {
                return Err(OrchestratorError::Unauthenticated(format!(
                    "idempotency key {} was logged with another seat_signature; a retry must carry the same signature",
                    limits::quote(&body.idempotency_key)
                )));
            }
            return Ok(reply(rec, done.version, seat));
        }
        if matches!(rec.awaiting, Some(Awaiting::Draw(_))) {
            self.matches.drive(rec).await?;
        }
        let pending = match &rec.awaiting {
            _ if !rec.all_joined() => {
                return Err(OrchestratorError::FailedPrecondition("the match is waiting for seats to join".into()))
            }
            Some(Awaiting::Decision(d)) => d.clone(),
            Some(Awaiting::Ended(_)) => {
                return Err(OrchestratorError::FailedPrecondition(format!("the match has ended: {}", result_text(rec))))
            }
            _ => return Err(OrchestratorError::Internal("the match waits for neither a decision nor an end".into())),
        };
        if body.decision_id != pending.id {
            return Err(OrchestratorError::Aborted(format!(
                "decision {} is not pending any more (the pending decision is {}); fetch it again",
                body.decision_id, pending.id
            )));
        }
        if pending.seat != seat {
            return Err(OrchestratorError::PermissionDenied(format!(
                "decision {} belongs to seat {}, and your token is for seat {seat}",
                pending.id, pending.seat
            )));
        }
        let choice = convert::choice_from_proto(body.choice.as_ref()).map_err(|e| OrchestratorError::InvalidArgument(e.0))?;
        let choice = convert::choice_to_proto(&choice);
        // The seat signs the choice as logged (the conversion above keeps it as sent).
        let signed_choice = api::seat::choice_of(Some(&choice))
            .ok_or_else(|| OrchestratorError::Internal("a converted choice has no value".into()))?;
        let act = fairness::seat::Act::Decision { decision_id: body.decision_id, choice: &signed_choice };
        let seat_signature = seat_signature(rec, seat, act, &body.seat_signature)?;
        let decision = r::DecisionInput { decision_id: body.decision_id, seat, choice: Some(choice) };
        let input = commit_input::Input::Decision(SeatDecision {
            decision: Some(decision),
            idempotency_key: body.idempotency_key.clone(),
            seat_signature,
        });
        let first = self.matches.commit(rec, input).await?;
        // The decision is in the log: the caller's answer is OK whatever happens next. A draw
        // or reveal that fails here (randomness down, the log full, another orchestrator
        // racing) is retried by the next request that locks the match; the reply says what is
        // known (maybe a match still waiting for a draw, with no next decision yet).
        if let Err(e) = deadline::after_commit(deadline, self.matches.drive(rec)).await {
            tracing::warn!(match_id = %rec.match_id, error = %e, "decision logged; the draws that follow wait for the next request");
        }
        Ok(reply(rec, first, seat))
    }
}

/// The reply to a decision: the events of its commit and of everything it set off, and what
/// comes next for the caller.
fn reply(rec: &MatchRecord, first_version: u64, seat: u32) -> m::SubmitDecisionResponse {
    let viewer = Viewer::Seat(seat);
    let events = rec
        .events
        .iter()
        .skip(first_version.saturating_sub(1) as usize)
        .flatten()
        .map(|e| convert::redact_event(e, viewer))
        .collect();
    let (next_decision, waiting_for_seat, status) = next_for(rec, seat);
    m::SubmitDecisionResponse {
        version: rec.version,
        events,
        next_decision,
        waiting_for_seat,
        status: status as i32,
        chain_hash: chain_hash(rec),
    }
}

type WatchStream = Pin<Box<dyn Stream<Item = Result<m::MatchUpdate, Status>> + Send + 'static>>;
type WatchManyStream = Pin<Box<dyn Stream<Item = Result<m::MatchesUpdate, Status>> + Send + 'static>>;

#[tonic::async_trait]
impl MatchService for MatchApi {
    async fn create_match(&self, req: Request<m::CreateMatchRequest>) -> Result<Response<m::CreateMatchResponse>, Status> {
        self.platform.check(req.metadata(), "CreateMatch")?;
        let budget = deadline::budget(req.metadata());
        Ok(Response::new(deadline::within(budget, self.create(req.into_inner())).await?))
    }

    async fn join_match(&self, req: Request<m::JoinMatchRequest>) -> Result<Response<m::JoinMatchResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        let end = deadline::end(budget);
        Ok(Response::new(deadline::within(budget, self.join(req.into_inner(), end)).await?))
    }

    async fn get_match(&self, req: Request<m::GetMatchRequest>) -> Result<Response<m::MatchView>, Status> {
        let budget = deadline::budget(req.metadata());
        deadline::within_status(budget, self.get_match_inner(req)).await
    }

    async fn get_pending_decision(
        &self,
        req: Request<m::GetPendingDecisionRequest>,
    ) -> Result<Response<m::GetPendingDecisionResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        deadline::within_status(budget, self.get_pending_inner(req)).await
    }

    async fn submit_decision(
        &self,
        req: Request<m::SubmitDecisionRequest>,
    ) -> Result<Response<m::SubmitDecisionResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        let end = deadline::end(budget);
        Ok(Response::new(deadline::within(budget, self.submit(req, end)).await?))
    }

    type WatchMatchStream = WatchStream;

    async fn watch_match(&self, req: Request<m::WatchMatchRequest>) -> Result<Response<WatchStream>, Status> {
        // The deadline bounds the opening; the stream itself lasts as long as the client wants.
        let budget = deadline::budget(req.metadata());
        deadline::within_status(budget, self.watch_inner(req)).await
    }

    async fn export_match(&self, req: Request<m::ExportMatchRequest>) -> Result<Response<m::ExportMatchResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        deadline::within_status(budget, self.export_inner(req)).await
    }

    async fn list_matches(&self, req: Request<m::ListMatchesRequest>) -> Result<Response<m::ListMatchesResponse>, Status> {
        self.platform.check(req.metadata(), "ListMatches")?;
        let budget = deadline::budget(req.metadata());
        Ok(Response::new(deadline::within(budget, self.list(req.into_inner())).await?))
    }

    type WatchMatchesStream = WatchManyStream;

    async fn watch_matches(&self, req: Request<m::WatchMatchesRequest>) -> Result<Response<WatchManyStream>, Status> {
        self.platform.check(req.metadata(), "WatchMatches")?;
        let body = req.into_inner();
        limits::check_len("tournament_id", &body.tournament_id, limits::MAX_TOURNAMENT_ID_LEN)?;
        limits::check_len("ruleset", &body.ruleset, limits::MAX_RULESET_LEN)?;
        let permit = self.match_watches.clone().try_acquire_owned().map_err(|_| {
            OrchestratorError::Exhausted(format!(
                "this orchestrator already serves {} WatchMatches streams; close one or retry later",
                limits::MAX_OPEN_MATCH_WATCHES
            ))
        })?;
        let filter = m::ListMatchesRequest {
            tournament_id: body.tournament_id,
            round: body.round,
            ruleset: body.ruleset,
            ..Default::default()
        };
        Ok(Response::new(watch_many(self.index.clone(), self.hub.clone(), filter, permit, self.watch_stall)))
    }

    async fn concede_match(&self, req: Request<m::ConcedeMatchRequest>) -> Result<Response<m::MatchControlResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        let end = deadline::end(budget);
        let token = auth::bearer_token(req.metadata())?;
        let body = req.into_inner();
        let work = self.control(&body.match_id, end, |rec| {
            let seat = seat_for(token.as_deref(), rec)?;
            let seat_signature = seat_signature(rec, seat, fairness::seat::Act::Concession, &body.seat_signature)?;
            Ok(commit_input::Input::Conceded(Concession { seat, seat_signature }))
        });
        Ok(Response::new(deadline::within(budget, work).await?))
    }

    async fn adjudicate_match(
        &self,
        req: Request<m::AdjudicateMatchRequest>,
    ) -> Result<Response<m::MatchControlResponse>, Status> {
        self.platform.check(req.metadata(), "AdjudicateMatch")?;
        let budget = deadline::budget(req.metadata());
        let end = deadline::end(budget);
        let body = req.into_inner();
        limits::check_len("ruling", &body.ruling, engine::core::control::MAX_RULING_BYTES)?;
        if body.winners.len() > limits::MAX_SEATS {
            return Err(OrchestratorError::InvalidArgument(format!(
                "{} winners named; a match has at most {} seats",
                body.winners.len(),
                limits::MAX_SEATS
            ))
            .into());
        }
        let adjudication = Adjudication { winners: body.winners.clone(), ruling: body.ruling.clone() };
        let work = self.control(&body.match_id, end, |_| Ok(commit_input::Input::Adjudicated(adjudication.clone())));
        Ok(Response::new(deadline::within(budget, work).await?))
    }

    async fn list_rulesets(&self, req: Request<m::ListRulesetsRequest>) -> Result<Response<m::ListRulesetsResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        Ok(Response::new(deadline::within(budget, self.list_rulesets_inner()).await?))
    }
}

impl MatchApi {
    async fn list(&self, req: m::ListMatchesRequest) -> Result<m::ListMatchesResponse> {
        self.index.list(&req).await
    }

    /// Log the match-control input `input_for` makes of the match (read fresh from the log),
    /// then reveal the secret of the match it ended.
    async fn control(
        &self,
        match_id: &str,
        end: Option<Instant>,
        input_for: impl Fn(&MatchRecord) -> Result<commit_input::Input>,
    ) -> Result<m::MatchControlResponse> {
        let mut rec = self.matches.lock(match_id).await?;
        let mut retries = 0;
        loop {
            let input = input_for(&rec)?;
            match self.matches.commit(&mut rec, input).await {
                Err(OrchestratorError::Stale(_)) if retries < MAX_CONFLICT_RETRIES => retries += 1,
                Err(e) => return Err(e),
                Ok(_) => break,
            }
        }
        // Logged: the answer is OK whatever the reveal does (the next request retries it).
        if let Err(e) = deadline::after_commit(end, self.matches.drive(&mut rec)).await {
            tracing::warn!(match_id = %rec.match_id, error = %e, "match control logged; the reveal waits for the next request");
        }
        Ok(m::MatchControlResponse { version: rec.version, status: status_of(&rec) as i32, result: result_text(&rec) })
    }

    /// The rules service describes its games (kinds and schemas included); passed on as is, so
    /// a client learns the rules that really play its matches.
    async fn list_rulesets_inner(&self) -> Result<m::ListRulesetsResponse> {
        let mut rules = self.matches.backends().rules.clone();
        let listed = rules.list_rulesets(r::ListRulesetsRequest {}).await.map_err(crate::error::rules_err)?.into_inner();
        Ok(m::ListRulesetsResponse { rulesets: listed.descriptions })
    }
}

impl MatchApi {
    async fn get_match_inner(&self, req: Request<m::GetMatchRequest>) -> Result<Response<m::MatchView>, Status> {
        let rec = self.matches.lock(&req.get_ref().match_id).await?;
        let viewer = viewer_of(&req, &rec)?;
        let version = req.get_ref().version;
        if version == 0 || version == rec.version {
            return Ok(Response::new(self.view(&rec, viewer).await?));
        }
        let match_id = rec.match_id.clone();
        drop(rec);
        let past = self.matches.rebuild(&match_id, Some(version)).await?;
        Ok(Response::new(self.view(&past, viewer).await?))
    }

    async fn get_pending_inner(
        &self,
        req: Request<m::GetPendingDecisionRequest>,
    ) -> Result<Response<m::GetPendingDecisionResponse>, Status> {
        let rec = self.matches.lock(&req.get_ref().match_id).await?;
        let seat = seat_of(&req, &rec)?;
        let (decision, waiting_for_seat, status) = next_for(&rec, seat);
        Ok(Response::new(m::GetPendingDecisionResponse {
            version: rec.version,
            decision,
            waiting_for_seat,
            status: status as i32,
            chain_hash: chain_hash(&rec),
        }))
    }

    async fn watch_inner(&self, req: Request<m::WatchMatchRequest>) -> Result<Response<WatchStream>, Status> {
        let permit = self.watches.clone().try_acquire_owned().map_err(|_| {
            OrchestratorError::Exhausted(format!(
                "this orchestrator already serves {} open watches; close one or retry later",
                limits::MAX_OPEN_WATCHES
            ))
        })?;
        // The updates come from the log (the match's feed), so the cached record only has to
        // name the viewer; a token it does not know yet gets one look at the log first.
        let match_id = req.get_ref().match_id.clone();
        let cached = self.matches.lock_cached(&match_id).await?;
        let viewer = match viewer_of(&req, &cached) {
            Ok(v) => {
                drop(cached);
                v
            }
            Err(_) => {
                drop(cached);
                viewer_of(&req, &*self.matches.lock(&match_id).await?)?
            }
        };
        let from = req.get_ref().from_version;
        let watcher = self.hub.watch(&match_id, from).await?;
        Ok(Response::new(watch_stream(watcher, permit, viewer, from, self.watch_stall)))
    }

    async fn export_inner(&self, req: Request<m::ExportMatchRequest>) -> Result<Response<m::ExportMatchResponse>, Status> {
        let rec = self.matches.lock(&req.get_ref().match_id).await?;
        if !(rec.ended() && rec.secret_revealed) {
            return Err(OrchestratorError::FailedPrecondition(format!(
                "match {} has not ended yet; its log can be exported once it has (status {:?})",
                rec.match_id,
                status_of(&rec)
            ))
            .into());
        }
        let mut stored = self.matches.backends().log.read(&rec.match_id, 1).await.map_err(OrchestratorError::from)?;
        if stored.is_empty() {
            return Err(unknown_match(&rec.match_id).into());
        }
        // These bytes are served as they are, so they are checked as they are: the record may
        // come from a snapshot, and the log may have changed since it was read. Exactly the
        // versions the record holds are exported.
        let head = rec.last_hash.ok_or_else(|| OrchestratorError::Internal(format!("match {} has no chain head", rec.match_id)))?;
        let own = self.matches.backends().signer.orchestrator_key();
        verify::check_prefix(&rec.match_id, &stored, rec.version, &head, &own)?;
        stored.truncate(usize::try_from(rec.version).unwrap_or(usize::MAX));
        let commits = stored
            .iter()
            .map(|s| api::log_v1::Commit::decode(s.payload.as_ref()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Status::data_loss(format!("a commit of match {} does not decode: {e}", rec.match_id)))?;
        let stored_commits = stored.iter().map(|s| s.payload.to_vec()).collect();
        let export = MatchExport { match_id: rec.match_id.clone(), commits, stored_commits };
        Ok(Response::new(m::ExportMatchResponse { export: export.encode_to_vec() }))
    }
}

/// The stream of one watch, with backpressure: a task moves the watcher's updates into a
/// buffer of [`limits::WATCH_BUFFER`] updates that the response drains. A client that reads
/// nothing for `stall` while its buffer is full has fallen behind: the task ends the watch with
/// RESOURCE_EXHAUSTED (after the updates already buffered, naming the version to resume from)
/// and lets go of everything else it held: its place in the match's feed (the feed and its log
/// consumer stop with the last watcher), its copy of the history and the watch permit. A client
/// that reads, however far behind it started (a resumed watch catching up), is never ended; one
/// that goes away ends the task at once, even on a match where nothing happens.
fn watch_stream(mut watcher: Watcher, permit: OwnedSemaphorePermit, viewer: Viewer, from: u64, stall: Duration) -> WatchStream {
    let (tx, rx) = mpsc::channel::<Result<m::MatchUpdate, Status>>(limits::WATCH_BUFFER);
    let (end_tx, end_rx) = oneshot::channel::<Status>();
    tokio::spawn(async move {
        let _permit = permit;
        // The last version the client will have once it has read the buffer.
        let mut queued = from;
        loop {
            let next = tokio::select! {
                _ = tx.closed() => return,
                next = watcher.next() => next,
            };
            let Some(next) = next else { return };
            let version = next.as_ref().map(|item| item.version).ok();
            let update = next.map(|item| update_for(&item.commit, viewer, item.all_joined));
            if telemetry::metrics::enabled() {
                // Updates sent but not yet read by the client: how far behind it is.
                telemetry::metrics::WATCH_LAG.observe(&[], limits::WATCH_BUFFER.saturating_sub(tx.capacity()) as f64);
            }
            match tokio::time::timeout(stall, tx.send(update)).await {
                Ok(Ok(())) => queued = version.unwrap_or(queued),
                // The client went away.
                Ok(Err(_)) => return,
                Err(_) => {
                    telemetry::metrics::WATCH_STALLS.inc(&[]);
                    let _ = end_tx.send(Status::resource_exhausted(format!(
                        "this watch's client read nothing for {} ms while {} updates waited for it, so the watch \
                         was ended to bound the server's memory; resume with WatchMatch from_version {queued}",
                        stall.as_millis(),
                        limits::WATCH_BUFFER
                    )));
                    return;
                }
            }
        }
    });
    let ended = futures::stream::once(end_rx).filter_map(|end| futures::future::ready(end.ok().map(Err)));
    Box::pin(tokio_stream::wrappers::ReceiverStream::new(rx).chain(ended))
}

/// The stream of one WatchMatches: a task takes the matches that pass `filter` from the match
/// index (those there now, then each new or changed entry the index's watch pushes), follows
/// each through the fan-out from its first commit (one place in the match's feed, as a
/// WatchMatch would take), and sends their spectator updates into one bounded buffer. As
/// `watch_stream`, a client that leaves a full buffer unread for `stall` is ended with
/// RESOURCE_EXHAUSTED, one that goes away ends the task; a stream that would follow more than
/// [`limits::MAX_MATCHES_PER_WATCH`] matches is ended the same way.
fn watch_many(
    index: Arc<MatchIndex>,
    hub: Arc<Hub>,
    filter: m::ListMatchesRequest,
    permit: OwnedSemaphorePermit,
    stall: Duration,
) -> WatchManyStream {
    let (tx, rx) = mpsc::channel::<Result<m::MatchesUpdate, Status>>(limits::WATCH_BUFFER);
    let (end_tx, end_rx) = oneshot::channel::<Status>();
    tokio::spawn(async move {
        let _permit = permit;
        let mut followed = std::collections::BTreeSet::new();
        let mut updates = futures::stream::SelectAll::new();
        let (first, mut changes) = match index.matching(&filter).await {
            Ok(found) => found,
            Err(e) => {
                let _ = tx.send(Err(Status::from(e))).await;
                return;
            }
        };
        let mut found = first;
        loop {
            for summary in std::mem::take(&mut found) {
                if followed.contains(&summary.match_id) {
                    continue;
                }
                if followed.len() >= limits::MAX_MATCHES_PER_WATCH {
                    let _ = tx.send(Err(Status::resource_exhausted(format!(
                        "more than {} matches pass these filters; narrow them (a round, a ruleset) and watch again",
                        limits::MAX_MATCHES_PER_WATCH
                    )))).await;
                    return;
                }
                let watcher = match hub.watch(&summary.match_id, 0).await {
                    Ok(w) => w,
                    Err(e) => {
                        let _ = tx.send(Err(Status::from(e))).await;
                        return;
                    }
                };
                followed.insert(summary.match_id.clone());
                let match_id = summary.match_id;
                updates.push(Box::pin(futures::stream::unfold(watcher, move |mut w| {
                    let match_id = match_id.clone();
                    async move { w.next().await.map(|item| ((match_id, item), w)) }
                })));
            }
            let next = tokio::select! {
                _ = tx.closed() => return,
                change = changes.recv() => {
                    match change {
                        Ok(entry) => {
                            let summary = index::summary_of(&entry);
                            if index::passes(&filter, &summary) {
                                found.push(summary);
                            }
                        }
                        // Fell behind the index's changes: look at the whole copy again.
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => found = index.matching_now(&filter),
                        Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                    }
                    continue;
                }
                Some(next) = updates.next(), if !updates.is_empty() => next,
            };
            let (match_id, item) = next;
            let update = match item {
                Ok(item) => Ok(m::MatchesUpdate {
                    match_id,
                    update: Some(update_for(&item.commit, Viewer::Spectator, item.all_joined)),
                }),
                Err(status) => Err(status),
            };
            let failed = update.is_err();
            match tokio::time::timeout(stall, tx.send(update)).await {
                Ok(Ok(())) if !failed => {}
                Ok(_) => return,
                Err(_) => {
                    // The buffer is full and unread: the stream ends after it, with why.
                    let _ = end_tx.send(Status::resource_exhausted(format!(
                        "this WatchMatches client read nothing for {} ms while {} updates waited for it, so the \
                         stream was ended to bound the server's memory; open it again (each match restarts from \
                         its first commit)",
                        stall.as_millis(),
                        limits::WATCH_BUFFER
                    )));
                    return;
                }
            }
        }
    });
    let ended = futures::stream::once(end_rx).filter_map(|end| futures::future::ready(end.ok().map(Err)));
    Box::pin(tokio_stream::wrappers::ReceiverStream::new(rx).chain(ended))
}

/// One watched commit as `viewer` may see it (shared with the public feed).
fn update_for(commit: &api::log_v1::Commit, viewer: Viewer, all_joined: bool) -> m::MatchUpdate {
    convert::match_update(commit, viewer, all_joined)
}
