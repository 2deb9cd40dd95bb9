//! The requests that append: creating a match, joining it, submitting a decision (each retried
//! after a stale cache within its deadline), and the views they answer with.

use super::*;

impl MatchApi {
    pub(super) async fn view(&self, rec: &MatchRecord, viewer: Viewer) -> Result<m::MatchView> {
        let viewer_proto = match viewer {
            Viewer::Seat(s) => r::view_request::Viewer::Seat(s),
            Viewer::Spectator => r::view_request::Viewer::Spectator(true),
            Viewer::Auditor => r::view_request::Viewer::Auditor(true),
        };
        // By the state's hash first: the rules service usually holds the state it produced.
        let view_json = crate::rules_client::view(&self.matches.backends().rules, rec.ruleset(), &rec.state, viewer_proto).await?;
        Ok(m::MatchView {
            match_id: rec.match_id.clone(),
            ruleset: rec.ruleset().into(),
            version: rec.version,
            status: status_of(rec) as i32,
            seats: rec.seats.iter().enumerate().map(|(i, s)| m::SeatInfo { seat: i as u32, name: s.name.clone(), joined: s.token_hash.is_some() }).collect(),
            state_json: view_json,
            pending: pending_for(rec, viewer),
            result: result_text(rec),
            viewer_seat: match viewer {
                Viewer::Seat(s) => Some(s),
                _ => None,
            },
            chain_hash: chain_hash(rec),
            system_wait: self.matches.system_wait(rec).map(|w| w.to_proto()),
        })
    }

    pub(super) async fn create(&self, req: m::CreateMatchRequest) -> Result<m::CreateMatchResponse> {
        limits::check_create(&req)?;
        let mut seats = req.seats.clone();
        for (i, s) in seats.iter_mut().enumerate() {
            if s.name.trim().is_empty() {
                s.name = format!("Seat {}", i + 1);
            }
        }
        // A log with periods places a match by the creation time its id carries (UUIDv7, made
        // here only: docs/architecture.md, "Leaving the hot log"); other logs keep UUIDv4.
        let match_id = match self.matches.backends().log.layout().periods() {
            None => uuid::Uuid::new_v4().simple().to_string(),
            Some(_) => eventlog::layout::new_period_id(crate::archive::now_ms().max(0) as u64, *uuid::Uuid::new_v4().as_bytes()),
        };
        // The time options are the orchestrator's (it keeps the time); the rules never see them.
        let mut options = req.options.clone();
        let time_control = limits::take_time_control(&mut options)?;
        let spectator_delay_s = limits::take_spectator_delay(&mut options)?;
        self.matches.fix_snapshot(req.ruleset.trim(), &mut options).await;
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
            let committed =
                randomness.commit(rnd::CommitRequest { match_id: match_id.clone(), ..Default::default() }).await.map_err(randomness_err)?.into_inner();
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
        let logged_nodes =
            randomness_nodes.into_iter().map(|n| m::RandomnessNodeCommitment { name: n.name, public_key: n.public_key, commitment: n.commitment }).collect();
        let mut rec = MatchRecord::empty(&match_id);
        // The rules validate the configuration (decks, seat count, options) before anything is logged.
        let version = self.matches.commit(&mut rec, commit_input::Input::Created(created)).await?;
        self.matches.insert(rec).await?;
        tracing::info!(%match_id, ruleset = %req.ruleset.trim(), "match created");
        Ok(m::CreateMatchResponse {
            match_id,
            seats: join_codes.into_iter().enumerate().map(|(i, join_code)| m::SeatCredential { seat: i as u32, join_code }).collect(),
            randomness_commitment: committed.commitment,
            randomness_scheme: committed.scheme,
            randomness_public_key: committed.public_key,
            version,
            randomness_nodes: logged_nodes,
        })
    }

    pub(super) async fn join(&self, req: m::JoinMatchRequest, deadline: Option<Instant>) -> Result<m::JoinMatchResponse> {
        limits::check_join(&req)?;
        if !req.seat_public_key.is_empty() {
            fairness::seat::SeatKey::parse(&req.seat_public_key)
                .map_err(|e| OrchestratorError::InvalidArgument(format!("seat_public_key must be a 32-byte Ed25519 public key: {e}")))?;
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
        // not turn it into a failure, or the seat would never learn its token. A draw not made
        // here is made by the match's background driver (`matches::waits`).
        self.matches.advance(&mut rec, deadline::after_commit_within(deadline, waits::INLINE_DRIVE_WAIT)).await;
        Ok(m::JoinMatchResponse { seat_token: token, version: rec.version })
    }

    /// One evaluation of a join against the record as it is; returns the new seat token.
    pub(super) async fn join_once(&self, rec: &mut MatchRecord, req: &m::JoinMatchRequest) -> Result<String> {
        let seat = rec.seats.get(req.seat as usize).ok_or_else(|| {
            OrchestratorError::InvalidArgument(format!(
                "match {} has no seat {} (seats are 0 to {})",
                req.match_id,
                req.seat,
                rec.seats.len().saturating_sub(1)
            ))
        })?;
        if rec.join_code_hashes.get(req.seat as usize) != Some(&auth::hash_secret(&req.join_code)) {
            return Err(OrchestratorError::PermissionDenied(format!("wrong join code for seat {}: use the code CreateMatch returned for this seat", req.seat)));
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
        let joined =
            SeatJoined { seat: req.seat, entropy: req.entropy.clone(), token_hash: auth::hash_secret(&token), seat_public_key: req.seat_public_key.clone() };
        self.matches.commit(rec, commit_input::Input::Joined(joined)).await?;
        Ok(token)
    }

    pub(super) async fn submit(&self, req: Request<m::SubmitDecisionRequest>, deadline: Option<Instant>) -> Result<m::SubmitDecisionResponse> {
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
    pub(super) async fn submit_once(
        &self,
        rec: &mut MatchRecord,
        token: Option<&str>,
        body: &m::SubmitDecisionRequest,
        deadline: Option<Instant>,
    ) -> Result<m::SubmitDecisionResponse> {
        let seat = seat_for(token, rec)?;
        // A retry that meets a wait may be on a record behind the log (its first answer logged by
        // another orchestrator): read the log first, so it gets that answer, not the wait's
        // refusal. Only while the match waits for the system, so no commit pays for it.
        if waits::waiting_for(rec).is_some() && !rec.submitted.contains_key(&body.idempotency_key) {
            self.matches.catch_up(rec).await?;
        }
        if let Some(done) = rec.submitted.get(&body.idempotency_key).cloned() {
            // The same request again gets the first answer; another request under the same key
            // is refused, never silently answered with the first one's result.
            let choice = body.choice.clone().filter(|c| c.value.is_some());
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
            return Ok(reply(rec, done.version, seat, self.matches.system_wait(rec)));
        }
        // A match that waits for the system takes no decision: say what it waits for (its lock
        // already tried the draw, `Matches::lock_cached`). Any other failure to drive it is the
        // error, as it comes.
        if waits::waiting_for(rec).is_some() {
            if let Some(wait) = self.matches.system_wait(rec) {
                return Err(waiting_refusal(&wait));
            }
            self.matches.drive(rec).await?;
        }
        let pending = match &rec.awaiting {
            _ if !rec.all_joined() => return Err(OrchestratorError::FailedPrecondition("the match is waiting for seats to join".into())),
            Some(Awaiting::Decision(d)) => d.clone(),
            Some(Awaiting::Ended(_)) => return Err(OrchestratorError::FailedPrecondition(format!("the match has ended: {}", result_text(rec)))),
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
        // The choice is read once, here at the edge: as the seat signs it, which also checks that
        // one is set. It is logged and sent to the rules as it came (the rules convert it once,
        // to apply it).
        let signed_choice = api::seat::choice_of(body.choice.as_ref())
            .ok_or_else(|| OrchestratorError::InvalidArgument("choice is missing: set one of pick, number, split or order".into()))?;
        let act = fairness::seat::Act::Decision { decision_id: body.decision_id, choice: &signed_choice };
        let seat_signature = seat_signature(rec, seat, act, &body.seat_signature)?;
        let decision = r::DecisionInput { decision_id: body.decision_id, seat, choice: body.choice.clone() };
        let input = commit_input::Input::Decision(SeatDecision { decision: Some(decision), idempotency_key: body.idempotency_key.clone(), seat_signature });
        let first = self.matches.commit(rec, input).await?;
        // The decision is in the log: the caller's answer is OK whatever happens next. A draw
        // or reveal not made here (a randomness node down or frozen, the rules or the log
        // unavailable) is made by the match's background driver as soon as it can; the reply
        // says what is known: maybe a match that waits for the system, with no next decision
        // yet, and what it waits for.
        let wait = self.matches.advance(rec, deadline::after_commit_within(deadline, waits::INLINE_DRIVE_WAIT)).await;
        Ok(reply(rec, first, seat, wait))
    }
}

/// The reply to a decision: the events of its commit and of everything it set off, and what
/// comes next for the caller (or what the match waits for, when it waits for the system).
pub(super) fn reply(rec: &MatchRecord, first_version: u64, seat: u32, wait: Option<waits::Wait>) -> m::SubmitDecisionResponse {
    let viewer = Viewer::Seat(seat);
    let events = rec.events.iter().skip(first_version.saturating_sub(1) as usize).flatten().map(|e| convert::redact_event(e, viewer)).collect();
    let (next_decision, waiting_for_seat, status) = next_for(rec, seat);
    m::SubmitDecisionResponse {
        version: rec.version,
        events,
        next_decision,
        waiting_for_seat,
        status: status as i32,
        chain_hash: chain_hash(rec),
        system_wait: wait.map(|w| w.to_proto()),
    }
}

/// A decision sent while the match waits for the system (docs/fairness.md, "v2.5"): nothing
/// can be decided until it answers, so UNAVAILABLE, naming what it waits for and since when.
fn waiting_refusal(wait: &waits::Wait) -> OrchestratorError {
    OrchestratorError::Unavailable(format!(
        "the match waits for the system, not a seat: {} (since {} Unix ms, for its {}); nothing was logged. It goes on \
         by itself once that answers: fetch the pending decision then",
        wait.cause.describe(),
        wait.since_ms,
        if wait.waiting_for == "reveal" { "reveal".to_string() } else { format!("draw \"{}\"", wait.waiting_for) }
    ))
}
