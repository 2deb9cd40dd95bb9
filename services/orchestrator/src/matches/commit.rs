//! Appending a commit (rules step, signature, append with its expected version) and catching
//! up with commits other orchestrators appended.

use super::*;

/// Reads after a lost append until the winning commit is visible: 5 ms doubling, about 0.6 s in
/// all (a replicated stream applies a proposal within a few milliseconds when healthy).
const CONFLICT_READ_ATTEMPTS: u32 = 8;
const CONFLICT_READ_BACKOFF: Duration = Duration::from_millis(5);

/// In a log with periods, a player's act (join, decision, concession) on a match created more
/// than the log's maximum match age ago is refused: its period stream must stop growing so
/// that it can leave the hot log (docs/architecture.md, "Leaving the hot log"). What ends the
/// match (a ruling, time, the reveal after it) still goes through, within the log's grace.
fn refuse_if_too_old(layout: eventlog::Layout, match_id: &str, input: &commit_input::Input) -> Result<()> {
    let player_act = matches!(input, commit_input::Input::Joined(_) | commit_input::Input::Decision(_) | commit_input::Input::Conceded(_));
    let (Some(periods), true) = (layout.periods(), player_act) else { return Ok(()) };
    let Some(created) = eventlog::layout::id_created_ms(match_id).and_then(|ms| i64::try_from(ms).ok()) else { return Ok(()) };
    if periods.too_old(created, crate::archive::now_ms()) {
        return Err(OrchestratorError::FailedPrecondition(format!(
            "match {match_id} was created more than the log's maximum match age ({} s) ago: it takes no more \
             moves, and the orchestrator ends it by ruling",
            periods.max_match_age_s
        )));
    }
    Ok(())
}

impl Matches {
    /// Run the rules for an input, if the input goes through the rules.
    pub(super) async fn rules_step(&self, rec: &MatchRecord, input: &commit_input::Input) -> Result<Option<r::Step>> {
        match rules_client::rules_call(input)? {
            Some(call) => Ok(Some(rules_client::step(&self.backends.rules, rec.ruleset(), &rec.state, call).await?)),
            None => Ok(None),
        }
    }

    /// Compute the commit for `input`, append it conditionally on the record's last sequence,
    /// and absorb it. On any error the record is unchanged.
    pub async fn commit(&self, rec: &mut MatchRecord, input: commit_input::Input) -> Result<u64> {
        if !telemetry::tracing_enabled() {
            return self.commit_traced(rec, input).await;
        }
        let span = tracing::info_span!(
            "commit",
            match.id = %rec.match_id,
            match.version = rec.version + 1,
            ruleset = %rec.ruleset(),
            commit.kind = input_kind_of(&input),
        );
        tracing::Instrument::instrument(self.commit_traced(rec, input), span).await
    }

    pub(super) async fn commit_traced(&self, rec: &mut MatchRecord, input: commit_input::Input) -> Result<u64> {
        self.log_connected()?;
        refuse_if_too_old(self.backends.log.layout(), &rec.match_id, &input)?;
        let step = self.rules_step(rec, &input).await?;
        let (events, awaiting, rules_version) = match (&step, convert::control_of(&input)) {
            (Some(s), _) => (s.events.clone(), s.awaiting.clone(), s.rules_version.clone()),
            (None, Some(control)) => {
                let current =
                    rec.awaiting.clone().ok_or_else(|| OrchestratorError::FailedPrecondition(format!("match {} has not started yet", rec.match_id)))?;
                let seating = convert::seating(rec.ruleset(), rec.seats.len() as u32);
                let (events, ended) = convert::control_step(&control, seating, &current)?;
                (events, Some(ended), String::new())
            }
            (None, None) => (Vec::new(), rec.awaiting.as_ref().map(convert::awaiting_to_proto), String::new()),
        };
        let version = rec.version + 1;
        let written_at_ms = written_at_ms(&input);
        let trace_context = trace_context(&input);
        let commit = Commit {
            match_id: rec.match_id.clone(),
            version,
            input: Some(CommitInput { input: Some(input) }),
            events,
            rules_version,
            trace_context,
            written_at_ms,
            awaiting,
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: rec.last_hash.map(|h| h.to_vec()).unwrap_or_default(),
            // Appended by `seal` after the body, as the last field (docs/log.md).
            signature: Vec::new(),
        };
        let payload = fairness::chain::seal(&self.backends.signer, &commit.encode_to_vec());
        let hash = fairness::chain::commit_hash(&payload);
        // Same content, same id: a retried append is stored once; a different commit for the
        // same version gets a different id and meets the sequence check instead. The id takes
        // the first 8 bytes of the commit's hash (SHA-256 of the stored bytes), computed once.
        let msg_id = format!("{}/{}/{}", rec.match_id, version, hex::encode(&hash[..8]));
        let started = telemetry::metrics::enabled().then(std::time::Instant::now);
        let append = self.backends.log.append(&rec.match_id, rec.last_sequence, &msg_id, Bytes::from(payload));
        let appended = if telemetry::tracing_enabled() {
            // The messaging conventions' publish span; the log puts its context in the message's
            // headers.
            let span = tracing::info_span!(
                "publish",
                otel.name = "publish match.*.events",
                otel.kind = "producer",
                messaging.system = "nats",
                messaging.operation.type = "publish",
                messaging.destination.name = %self.backends.log.layout().subject(&rec.match_id),
                messaging.message.id = %msg_id,
                match.id = %rec.match_id,
            );
            tracing::Instrument::instrument(append, span).await
        } else {
            append.await
        };
        if let Some(started) = started {
            telemetry::metrics::APPEND_DURATION.observe(&[], started.elapsed().as_secs_f64());
            match &appended {
                Ok(_) => telemetry::metrics::COMMITS.inc(&[rec.ruleset(), input_kind(&commit)]),
                Err(eventlog::LogError::Conflict { .. }) => telemetry::metrics::APPEND_CONFLICTS.inc(&[]),
                Err(_) => {}
            }
        }
        let sequence = match appended {
            Ok(sequence) => sequence,
            // Our cached record was stale: another orchestrator appended first. Catch up so the
            // caller can re-evaluate its request against the match as it now is.
            Err(eventlog::LogError::Conflict { match_id, .. }) => {
                self.catch_up_after_conflict(rec).await?;
                return Err(OrchestratorError::Stale(format!(
                    "match {match_id} changed while this request was handled (another decision landed first); \
                     fetch the pending decision again"
                )));
            }
            Err(e) => return Err(e.into()),
        };
        tracing::info!(match_id = %rec.match_id, version, sequence, kind = input_kind(&commit), "commit appended");
        if let Some(index) = self.index.get() {
            index.observe(&commit, sequence);
        }
        rec.absorb(&commit, step, sequence, hash)?;
        self.note(rec);
        if snapshot::due(rec) {
            self.put_snapshot(rec);
        }
        Ok(version)
    }

    /// Read and replay (with the chain check) the commits appended after the record's last one.
    /// Returns whether there were any. On a failed replay the match leaves the cache, so the
    /// next request rebuilds it from the log (and meets the same error if the log is bad).
    pub async fn catch_up(&self, rec: &mut MatchRecord) -> Result<bool> {
        let match_id = rec.match_id.clone();
        let newer = match rec.last_sequence {
            Some(after) => self.backends.log.read_after(&match_id, after, rec.version + 1).await?,
            None => self.backends.log.read(&match_id, 1).await?,
        };
        if newer.is_empty() {
            return Ok(false);
        }
        tracing::info!(match_id, from = rec.version + 1, count = newer.len(), "catching up with the log");
        if let Err(e) = self.replay(rec, newer).await {
            self.forget(&match_id);
            return Err(e);
        }
        self.note(rec);
        Ok(true)
    }

    /// Catch up after a lost append. The conflict proves that another commit holds our version,
    /// or, on a replicated stream, is being proposed for it (the leader refuses an expected
    /// sequence while another message on the subject is in flight): read until that commit shows
    /// up, a bounded number of times, so that the caller's retry is evaluated against it rather
    /// than losing its retries to a log it cannot see yet.
    pub(super) async fn catch_up_after_conflict(&self, rec: &mut MatchRecord) -> Result<()> {
        let waits = infra::retry::BackoffBuilder::build(infra::retry::tries(CONFLICT_READ_BACKOFF, CONFLICT_READ_ATTEMPTS as usize - 1));
        if self.catch_up(rec).await? {
            return Ok(());
        }
        for delay in waits {
            tokio::time::sleep(delay).await;
            if self.catch_up(rec).await? {
                return Ok(());
            }
        }
        tracing::debug!(match_id = %rec.match_id, "lost an append but the winning commit is not readable yet");
        Ok(())
    }

    /// The randomness service refused a draw or reveal. It answers only what the log awaits, so
    /// FAILED_PRECONDITION may mean our record is stale (another orchestrator has drawn and the
    /// match moved on): catch up and let `drive` look again, as after an append conflict. Any
    /// other refusal, or one the log does not explain, is the error.
    pub(super) async fn stale_or(&self, rec: &mut MatchRecord, status: tonic::Status, conflicts: &mut u32) -> Result<()> {
        if status.code() == tonic::Code::FailedPrecondition && *conflicts < MAX_CONFLICT_RETRIES && self.catch_up(rec).await? {
            *conflicts += 1;
            return Ok(());
        }
        Err(randomness_err(status))
    }

    /// A commit of `drive`: when another orchestrator appended first, the record has caught up
    /// and the loop looks again at what the match awaits (maybe the same draw, already logged).
    pub(super) async fn commit_or_catch_up(&self, rec: &mut MatchRecord, input: commit_input::Input, conflicts: &mut u32) -> Result<()> {
        match self.commit(rec, input).await {
            Err(OrchestratorError::Stale(_)) if *conflicts < MAX_CONFLICT_RETRIES => {
                *conflicts += 1;
                Ok(())
            }
            other => other.map(|_| ()),
        }
    }
}

/// The W3C trace context of the commit (docs/observability.md): the trace of the request that
/// wrote it, when tracing is on. Never on a draw or a reveal: those must be the same bytes
/// whoever writes them, so that JetStream merges two orchestrators' appends of one draw
/// (docs/reliability.md); their trace is in the NATS message's headers only.
pub(super) fn trace_context(input: &commit_input::Input) -> std::collections::HashMap<String, String> {
    match input {
        commit_input::Input::Draw(_) | commit_input::Input::Revealed(_) => Default::default(),
        // Only non-empty values (an empty `tracestate` says nothing).
        _ => telemetry::propagate::current_context().into_iter().filter(|(_, v)| !v.is_empty()).collect(),
    }
}

/// The `written_at_ms` of a commit of `input`. A commit whose content the log alone decides (a
/// draw, the reveal) has 0, so that any orchestrator writes it byte for byte the same: the same
/// signed bytes (Ed25519 is deterministic), the same msg id, and JetStream's deduplication
/// merges two orchestrators' writes of it instead of failing one of them (`docs/log.md`).
pub(super) fn written_at_ms(input: &commit_input::Input) -> i64 {
    match input {
        commit_input::Input::Draw(_) | commit_input::Input::Revealed(_) => 0,
        commit_input::Input::Created(_)
        | commit_input::Input::Joined(_)
        | commit_input::Input::Decision(_)
        | commit_input::Input::Conceded(_)
        | commit_input::Input::Adjudicated(_) => now_ms(),
        // The time the orchestrator used is in the input itself.
        commit_input::Input::Time(t) => t.at_ms,
    }
}

pub(super) fn input_kind(c: &Commit) -> &'static str {
    c.input.as_ref().and_then(|i| i.input.as_ref()).map(input_kind_of).unwrap_or("none")
}

pub(super) fn input_kind_of(input: &commit_input::Input) -> &'static str {
    match input {
        commit_input::Input::Created(_) => "created",
        commit_input::Input::Joined(_) => "joined",
        commit_input::Input::Decision(_) => "decision",
        commit_input::Input::Draw(_) => "draw",
        commit_input::Input::Revealed(_) => "revealed",
        commit_input::Input::Conceded(_) => "conceded",
        commit_input::Input::Adjudicated(_) => "adjudicated",
        commit_input::Input::Time(_) => "time",
    }
}

#[cfg(test)]
mod age_tests {
    use super::*;

    #[test]
    fn a_player_act_past_the_maximum_age_is_refused_and_a_ruling_is_not() {
        let periods = eventlog::Periods { length_s: 10, max_match_age_s: 60 };
        let layout = eventlog::Layout::with_periods(1, Some(periods)).expect("layout");
        let now = crate::archive::now_ms() as u64;
        let old = eventlog::layout::new_period_id(now - 61_000, [1; 16]);
        let young = eventlog::layout::new_period_id(now - 59_000, [2; 16]);
        let concession = commit_input::Input::Conceded(api::log_v1::Concession { seat: 0, seat_signature: Vec::new() });
        let ruling = commit_input::Input::Adjudicated(api::log_v1::Adjudication { winners: Vec::new(), ruling: "closed".into() });
        let refused = refuse_if_too_old(layout, &old, &concession).expect_err("too old");
        assert!(refused.to_string().contains("maximum match age (60 s)"), "{refused}");
        assert!(refuse_if_too_old(layout, &old, &ruling).is_ok(), "what ends the match goes through");
        assert!(refuse_if_too_old(layout, &young, &concession).is_ok());
        assert!(refuse_if_too_old(eventlog::Layout::LEGACY, &old, &concession).is_ok(), "no age without periods");
    }
}
