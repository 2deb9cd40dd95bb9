//! Rebuilding a match from the log (from a snapshot when one fits) and the checks every replayed
//! commit passes: the signed chain, seat-signed acts, time called only when due.

use super::*;
use fairness::chain::short_hex;

/// How long the rules versions the rules service named are trusted before asking again (a
/// rolling upgrade of the rules service is seen within this).
const RULES_VERSIONS_TTL: std::time::Duration = std::time::Duration::from_secs(10);

impl Matches {
    /// Re-run the rules over logged commits and absorb them, checking each against the log.
    /// On an error the record is reset to empty (the steps of a batched replay carry no state
    /// but the last, so a half-replayed record must not be used): drop it or replay again.
    pub(super) async fn replay(&self, rec: &mut MatchRecord, commits: Vec<StoredCommit>) -> Result<()> {
        // Cleared only when the replay completes: a cancelled one leaves the record marked.
        rec.dirty = true;
        let result = self.replay_commits(rec, commits).await;
        if result.is_err() {
            *rec = MatchRecord::empty(&rec.match_id);
        }
        rec.dirty = result.is_err();
        result
    }

    pub(super) async fn replay_commits(&self, rec: &mut MatchRecord, commits: Vec<StoredCommit>) -> Result<()> {
        let decoded: Vec<_> = commits.iter().map(|stored| Commit::decode(stored.payload.as_ref())).collect();
        let plan = decoded
            .iter()
            .map(|commit| match commit.as_ref().ok().map(|c| commit_input(c).and_then(rules_client::rules_call)) {
                Some(Ok(Some(call))) => rules_client::Planned::Call(call),
                Some(Ok(None)) => rules_client::Planned::Skip,
                _ => rules_client::Planned::Stop,
            })
            .collect();
        let mut steps = rules_client::Replayer::new(self.backends.rules.clone(), plan);
        // Parsed once for the whole replay, not per commit.
        let own = self.backends.signer.orchestrator_key();
        // The commits as one run (docs/log.md): every link, and the last one's signature, which
        // binds the others. If that fails, each commit is checked in full below, so the error
        // names the first bad one with its own reason.
        let links: Vec<_> = commits
            .iter()
            .zip(&decoded)
            .filter_map(|(stored, commit)| {
                let commit = commit.as_ref().ok()?;
                Some(fairness::chain::Link { stored: &stored.payload, log_format: commit.log_format, prev_hash: &commit.prev_hash })
            })
            .collect();
        let signed_run = links.len() == commits.len() && own.check_run(&links, rec.last_hash.as_ref()).is_ok();
        for (index, (stored, commit)) in commits.iter().zip(decoded).enumerate() {
            let commit = commit.map_err(|e| OrchestratorError::Tampered {
                match_id: rec.match_id.clone(),
                version: stored.version,
                detail: format!("the commit does not decode: {e}"),
            })?;
            let hash = check_commit(rec, stored, &commit, &own, !signed_run)?;
            if commit.version != stored.version || commit.match_id != rec.match_id {
                return Err(OrchestratorError::ReplayMismatch {
                    match_id: rec.match_id.clone(),
                    version: stored.version,
                    detail: format!("the commit says it is version {} of match {}", commit.version, commit.match_id),
                });
            }
            let step = match rules_client::rules_call(commit_input(&commit)?)? {
                Some(call) => Some(steps.next(index, call, rec.ruleset(), &rec.state).await?),
                None => None,
            };
            let seating = convert::seating(rec.ruleset(), rec.seats.len() as u32);
            check_replay(&rec.match_id, &commit, step.as_ref(), rec.awaiting.as_ref(), seating)?;
            check_time_called(rec, &commit)?;
            check_seat_act(rec, &commit)?;
            rec.absorb(&commit, step, stored.sequence, hash)?;
        }
        Ok(())
    }

    /// Whether a snapshot's state was produced by the rules version the rules service runs now
    /// for its ruleset. Unknown (no version in the snapshot, or the service cannot say) is no:
    /// a replay is always right, a state of another layout is not.
    pub(super) async fn fits_current_rules(&self, rec: &MatchRecord) -> bool {
        if rec.rules_version.is_empty() {
            return false;
        }
        match self.current_rules_versions().await {
            Some(versions) => versions.get(rec.ruleset()) == Some(&rec.rules_version),
            None => false,
        }
    }

    /// The rules version of each ruleset the rules service runs now (cached for
    /// [`RULES_VERSIONS_TTL`]); `None` when the service cannot say.
    pub(super) async fn current_rules_versions(&self) -> Option<std::collections::BTreeMap<String, String>> {
        let cached = self
            .rules_versions
            .lock()
            .ok()
            .and_then(|guard| guard.as_ref().filter(|(at, _)| at.elapsed() < RULES_VERSIONS_TTL).map(|(_, versions)| versions.clone()));
        if cached.is_some() {
            return cached;
        }
        let mut rules = self.backends.rules.clone();
        let listed = match rules.list_rulesets(r::ListRulesetsRequest::default()).await {
            Ok(answer) => answer.into_inner(),
            Err(e) => {
                tracing::warn!(error = %e, "cannot ask the rules service for its rules versions");
                return None;
            }
        };
        let snapshots = listed
            .descriptions
            .iter()
            .filter(|i| i.options.iter().any(|o| o.name == "snapshot"))
            .map(|i| {
                let default = i.options.iter().find(|o| o.name == "format").map_or(0, |o| o.default_value);
                let active = i.formats.iter().filter_map(|f| f.snapshots.iter().find(|s| s.active).map(|s| (f.option_value, s.option_value))).collect();
                (i.name.clone(), (default, active))
            })
            .collect();
        if let Ok(mut guard) = self.active_snapshots.lock() {
            *guard = snapshots;
        }
        let versions: std::collections::BTreeMap<String, String> = listed.rulesets.into_iter().map(|i| (i.name, i.rules_version)).collect();
        if let Ok(mut guard) = self.rules_versions.lock() {
            *guard = Some((std::time::Instant::now(), versions.clone()));
        }
        Some(versions)
    }

    /// Fix the snapshot of a match's format in its options when they name none: the format's
    /// active one (its ban list), as the rules service says now. Logged with the match, so it
    /// replays under that list whatever the active one is later (docs/netrunner.md, "Formats").
    /// A ruleset without snapshots, or a rules service that cannot say, leaves them as they are
    /// (the rules then play the active snapshot, as before).
    pub async fn fix_snapshot(&self, ruleset: &str, options: &mut std::collections::HashMap<String, i64>) {
        if options.get("snapshot").is_some_and(|v| *v != 0) || self.current_rules_versions().await.is_none() {
            return;
        }
        let Some((default, active)) = self.active_snapshots.lock().ok().and_then(|g| g.get(ruleset).cloned()) else { return };
        let format = options.get("format").copied().unwrap_or(default);
        if let Some(&snapshot) = active.get(&format).filter(|s| **s != 0) {
            options.insert("snapshot".into(), snapshot);
        }
    }

    /// Open the channels to the rules and randomness services (each a mutual-TLS handshake) and
    /// learn the rules versions, before any request needs them: otherwise the first request after
    /// a start pays for both (`arbiter bench` times that request, docs/performance.md). Best effort:
    /// a service that is not up yet is reached lazily on the first call, as before.
    pub async fn warm_up(&self) {
        let rules = self.current_rules_versions();
        let randomness = async {
            let mut randomness = self.backends.randomness.clone();
            if let Err(e) = randomness.public_key(rnd::PublicKeyRequest {}).await {
                tracing::debug!(error = %e, "the randomness service is not reachable yet; it will be on first use");
            }
        };
        let _ = tokio::join!(rules, randomness);
    }

    /// Rebuild a match from its log, up to `upto` commits (all when `None`): from its snapshot
    /// when there is a usable one at or below `upto` (then only the commits after it are read
    /// and replayed, checked against the chain from the hash the snapshot carries), else from
    /// the first commit.
    pub async fn rebuild(&self, match_id: &str, upto: Option<u64>) -> Result<MatchRecord> {
        eventlog::validate_match_id(match_id)?;
        // An id just found missing costs no log read again for a while (abuse::Misses).
        if self.misses.recently_missing(match_id, std::time::Instant::now()) {
            return Err(unknown_match(match_id));
        }
        // Read no further than the wanted version, but always from version 1: the commits a
        // snapshot stands for are not replayed, so their bytes are checked against the chain
        // head it recorded (`verify`). A log rewritten or trimmed under a snapshot is then
        // DATA_LOSS instead of being served as good.
        let last = upto.unwrap_or(u64::MAX);
        let (mut rec, commits) = match self.load_snapshot(match_id, upto).await {
            Some(mut rec) => {
                let mut commits = self.backends.log.read_until(match_id, None, 1, last).await?;
                let head = rec
                    .last_hash
                    .ok_or_else(|| OrchestratorError::Internal(format!("the snapshot of match {match_id} at version {} has no chain head", rec.version)))?;
                verify::check_prefix(match_id, &commits, rec.version, &head, &self.backends.signer.orchestrator_key())?;
                let after = commits.split_off(usize::try_from(rec.version).unwrap_or(usize::MAX).min(commits.len()));
                // The log's own sequence, not the snapshot's: a restored stream numbers anew.
                rec.last_sequence = commits.last().map(|c| c.sequence);
                (rec, after)
            }
            None => (MatchRecord::empty(match_id), self.backends.log.read_until(match_id, None, 1, last).await?),
        };
        if rec.version == 0 && commits.is_empty() {
            self.misses.note(match_id, std::time::Instant::now());
            return Err(unknown_match(match_id));
        }
        if let Some(v) = upto {
            let have = rec.version + commits.len() as u64;
            if v > have {
                return Err(OrchestratorError::InvalidArgument(format!("match {match_id} has {have} versions; version {v} does not exist yet")));
            }
        }
        if telemetry::metrics::enabled() {
            telemetry::metrics::REBUILDS.inc(&[if rec.version > 0 { "snapshot" } else { "log" }]);
            telemetry::metrics::REBUILD_LENGTH.observe(&[], commits.len() as f64);
        }
        self.replay(&mut rec, commits).await?;
        Ok(rec)
    }
}

/// Check that a stored commit continues the match's signed hash chain under `own`, this
/// orchestrator's key; returns its hash. Anything appended by someone else fails here.
pub fn check_chain(rec: &MatchRecord, stored: &StoredCommit, commit: &Commit, own: &fairness::chain::OrchestratorKey) -> Result<[u8; 32]> {
    check_commit(rec, stored, commit, own, true)
}

/// [`check_chain`], with the signature verified only when `verify_signature` (a replay whose
/// run was checked as a whole passes false: a later signature already binds this commit).
pub(super) fn check_commit(
    rec: &MatchRecord,
    stored: &StoredCommit,
    commit: &Commit,
    own: &fairness::chain::OrchestratorKey,
    verify_signature: bool,
) -> Result<[u8; 32]> {
    let tampered = |detail: String| OrchestratorError::Tampered { match_id: rec.match_id.clone(), version: stored.version, detail };
    if stored.version == 1 && commit.log_format != fairness::chain::LOG_FORMAT_SIGNED {
        return Err(tampered(
            "the log is unsigned (format 1, written before logs were signed); this orchestrator serves \
             only signed logs (format 2), so audit such a match offline with `arbiter audit`"
                .into(),
        ));
    }
    let link = fairness::chain::Link { stored: &stored.payload, log_format: commit.log_format, prev_hash: &commit.prev_hash };
    if let Some(commit_input::Input::Created(c)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) {
        if c.orchestrator_public_key != own.to_bytes() {
            // Signed by the key it names: a real match of another key (a lost key file replaced,
            // the wrong file), the operator's to fix. Not signed by it: tampering.
            fairness::chain::check_link(link, rec.last_hash.as_ref(), &c.orchestrator_public_key).map_err(|e| tampered(format!("the commit: {e}")))?;
            return Err(OrchestratorError::WrongKey {
                match_id: rec.match_id.clone(),
                created_under: short_hex(&c.orchestrator_public_key),
                own: short_hex(&own.to_bytes()),
                key_file: crate::keys::key_file(),
            });
        }
    }
    let checked = if verify_signature { own.check_link(link, rec.last_hash.as_ref()) } else { fairness::chain::check_hash_link(link, rec.last_hash.as_ref()) };
    checked.map_err(|e| tampered(format!("the commit: {e}")))?;
    Ok(fairness::chain::commit_hash(&stored.payload))
}

/// A seat's act (decision, concession) must carry the signature of the key the seat registered
/// when it joined, over the act made against the commit before it (docs/log.md, "Seat-signed
/// acts"); a registered key must be one. The orchestrator key alone cannot write such an act,
/// so one that fails here was forged by whoever holds it, and the match is frozen (DATA_LOSS).
pub(super) fn check_seat_act(rec: &MatchRecord, commit: &Commit) -> Result<()> {
    let tampered = |detail: String| OrchestratorError::Tampered { match_id: rec.match_id.clone(), version: commit.version, detail };
    if let Some(commit_input::Input::Joined(j)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) {
        if !j.seat_public_key.is_empty() {
            fairness::seat::SeatKey::parse(&j.seat_public_key).map_err(|e| tampered(format!("seat {} registers a key that is not one: {e}", j.seat)))?;
        }
        return Ok(());
    }
    api::seat::check_act(commit, |seat| rec.seats.get(seat as usize).and_then(|s| s.public_key.as_ref())).map(|_| ()).map_err(tampered)
}

/// Time called must have been due at the time it logs, by the clocks folded from the log.
pub(super) fn check_time_called(rec: &MatchRecord, commit: &Commit) -> Result<()> {
    let Some(commit_input::Input::Time(t)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) else {
        return Ok(());
    };
    let due = rec.clocks.as_ref().and_then(|c| c.due(t.at_ms));
    if due.map(|d| d.flagged_seat) != Some(t.flagged_seat) || commit.written_at_ms != t.at_ms {
        return Err(OrchestratorError::ReplayMismatch {
            match_id: rec.match_id.clone(),
            version: commit.version,
            detail: format!("time was called at {} ms (flagged seat {:?}), but by the logged clocks it was not due then", t.at_ms, t.flagged_seat),
        });
    }
    Ok(())
}
