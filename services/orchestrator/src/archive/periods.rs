//! Period streams leaving the hot log (docs/architecture.md, "Leaving the hot log"): after
//! each sealing pass, the archiver deletes every period stream that is old enough and whose
//! every match is sealed, checked against the bucket just before. The archive job (`arbiter
//! archive`) runs the same pass on its own, with the public key and read-only connections.

use super::*;

/// What one look at the period streams did.
#[derive(Debug, Default)]
pub struct PeriodPass {
    /// Streams deleted, with the messages and bytes they held.
    pub deleted: Vec<(String, u64, u64)>,
    /// Streams old enough that stay, and why.
    pub kept: Vec<(String, String)>,
    /// Streams gone from the log although matches the index has not archived are in them:
    /// (stream, those matches). Data lost (a stolen archiver credential, an operator's
    /// mistake): an operator must look.
    pub missing: Vec<(String, Vec<String>)>,
    /// Streams that may leave but whose delete failed (a credential without the `archiver`
    /// role's rights, NATS unavailable), and why.
    pub refused: Vec<(String, String)>,
    /// Why the period streams could not be looked at, if they could not.
    pub unlisted: Option<String>,
}

impl PeriodPass {
    /// Log what the pass did: deletes and kept streams as info, failed deletes as warnings,
    /// lost matches as errors; and count it in the metrics (`arbiter_archive_*`).
    pub fn log(&self) {
        for (stream, messages, bytes) in &self.deleted {
            tracing::info!(stream, messages, bytes, "a sealed period left the hot log");
        }
        for (stream, why) in &self.kept {
            tracing::info!(stream, why, "a period old enough to leave the hot log stays");
        }
        for (stream, why) in &self.refused {
            tracing::warn!(stream, why, "a sealed period may leave the hot log, but its delete failed");
        }
        if let Some(why) = &self.unlisted {
            tracing::warn!(why, "cannot list the period streams");
        }
        telemetry::metrics::ARCHIVE_PASSES.inc(&[]);
        telemetry::metrics::ARCHIVE_DELETED.add(&[], self.deleted.len() as f64);
        telemetry::metrics::ARCHIVE_KEPT.set(&[], self.kept.len() as f64);
        telemetry::metrics::ARCHIVE_DELETE_FAILED.set(&[], (self.refused.len() + usize::from(self.unlisted.is_some())) as f64);
        telemetry::metrics::ARCHIVE_LOST.set(&[], self.missing.iter().map(|(_, ids)| ids.len()).sum::<usize>() as f64);
        for (stream, ids) in &self.missing {
            tracing::error!(stream, matches = ?ids, "a period stream holding matches not sealed yet is gone from the hot log: their commits are lost unless an operator restores the stream");
        }
    }
}

/// Where the delete goes: the `archiver` role's connection ([`eventlog::StreamDeleter`]) in
/// production, anything in tests.
#[async_trait::async_trait]
pub trait DeletePeriod: Send + Sync {
    async fn delete(&self, layout: &eventlog::Layout, name: &str) -> Result<(), LogError>;
}

#[async_trait::async_trait]
impl DeletePeriod for eventlog::StreamDeleter {
    async fn delete(&self, layout: &eventlog::Layout, name: &str) -> Result<(), LogError> {
        self.delete_period_stream(layout, name).await
    }
}

/// The first instant (Unix ms) period `period`'s streams may leave the hot log: its end, plus
/// the time its youngest match still takes commits (`Periods::closing_ms`: the maximum match
/// age and the closing ruling's grace; at least the time a new match of the period may still be
/// created, `NEW_MATCH_GRACE_MS`, so that no late first append makes the stream again), plus
/// the archiver's delay after a match's end.
pub fn leaves_at_ms(periods: &eventlog::Periods, period: u64, after: Duration) -> i64 {
    periods
        .end_ms(period)
        .saturating_add(periods.closing_ms().max(eventlog::layout::NEW_MATCH_GRACE_MS))
        .saturating_add(i64::try_from(after.as_millis()).unwrap_or(i64::MAX))
}

/// One look at `hot`'s period streams at wall time `now_ms`: delete (through `deleter`; none:
/// only say which could go) each stream past [`leaves_at_ms`] whose every match the index has
/// marked archived, whose every archive in the bucket verifies now and names as many commits as
/// the index, and whose message count equals the sum of those counts.
pub async fn pass_periods(
    index: &MatchIndex,
    hot: &dyn EventLog,
    archive: &dyn Archive,
    key: &OrchestratorKey,
    deleter: Option<&dyn DeletePeriod>,
    after: Duration,
    now_ms: i64,
) -> PeriodPass {
    let mut done = PeriodPass::default();
    let layout = hot.layout();
    let Some(periods) = layout.periods() else { return done };
    // Taken before the streams are listed, so a match made meanwhile has its stream listed.
    let unsealed = index.unsealed_by_stream(&layout);
    let names = match hot.log_streams().await {
        Ok(names) => names,
        Err(e) => {
            done.unlisted = Some(e.to_string());
            return done;
        }
    };
    // Every match not sealed yet lives only in its period's stream, which must exist.
    for (stream, ids) in unsealed {
        if !names.contains(&stream) {
            done.missing.push((stream, ids));
        }
    }
    for name in names {
        let Some((Some(period), partition)) = layout.parse_stream(&name) else { continue };
        if now_ms <= leaves_at_ms(&periods, period, after) {
            continue;
        }
        match check_sealed(index, hot, archive, key, &layout, &name, period, partition).await {
            Ok((messages, bytes)) => match deleter {
                Some(deleter) => match deleter.delete(&layout, &name).await {
                    Ok(()) => done.deleted.push((name, messages, bytes)),
                    Err(e) => done.refused.push((name, format!("the delete failed: {e}"))),
                },
                None => done.kept.push((name, "sealed, but this orchestrator has no archiver credential (--archiver-nats-user)".into())),
            },
            Err(why) => done.kept.push((name, why)),
        }
    }
    done
}

/// The stream's (messages, bytes) if it may leave: every match of its period and partition in
/// the index is marked archived, its archive verifies and counts the index's commits, and the
/// counts add up to the stream's messages. Otherwise why not.
#[allow(clippy::too_many_arguments)]
async fn check_sealed(
    index: &MatchIndex,
    hot: &dyn EventLog,
    archive: &dyn Archive,
    key: &OrchestratorKey,
    layout: &eventlog::Layout,
    name: &str,
    period: u64,
    partition: usize,
) -> Result<(u64, u64), String> {
    let entries: Vec<_> = index.of_period(layout, period).into_iter().filter(|e| layout.partition_of(&e.match_id) == partition).collect();
    if let Some(open_entry) = entries.iter().find(|e| e.archived_at_ms == 0) {
        return Err(format!("match {} is not archived yet", open_entry.match_id));
    }
    let mut sealed = 0u64;
    for entry in &entries {
        let id = entry.match_id.as_str();
        let blob = archive.get(id).await.map_err(|e| format!("the archive of {id} cannot be read: {e}"))?;
        let blob = blob.ok_or_else(|| format!("match {id} is marked archived but the bucket holds no archive of it"))?;
        let (manifest, _) = open(id, &blob, key).map_err(|e| e.to_string())?;
        if manifest.commits != entry.version {
            return Err(format!("the archive of {id} holds {} commits, its index entry {}", manifest.commits, entry.version));
        }
        sealed = sealed.saturating_add(manifest.commits);
    }
    let (messages, bytes) = match hot.stream_size(name).await {
        Ok(Some(size)) => size,
        Ok(None) => return Err("the stream is already gone".into()),
        Err(e) => return Err(format!("cannot size the stream: {e}")),
    };
    if messages != sealed {
        return Err(format!("the stream holds {messages} messages, the archives of its {} matches {sealed}", entries.len()));
    }
    Ok((messages, bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_leaves_after_its_end_the_closing_bound_and_the_archive_delay() {
        // Ten-second periods, a minute of moves (and a minute of grace, the age being below
        // the ten-minute cap), sealed five seconds after a match's end.
        let periods = eventlog::Periods { length_s: 10, max_match_age_s: 60 };
        assert_eq!(leaves_at_ms(&periods, 3, Duration::from_secs(5)), 40_000 + 120_000 + 5_000);
        // Never before a late first append of the period's last match could come.
        let short = eventlog::Periods { length_s: 10, max_match_age_s: 5 };
        assert_eq!(leaves_at_ms(&short, 3, Duration::ZERO), 40_000 + eventlog::layout::NEW_MATCH_GRACE_MS);
        let month = eventlog::Periods { length_s: 30 * 86_400, max_match_age_s: 30 * 86_400 };
        let after = Duration::from_secs(3 * 86_400);
        assert_eq!(leaves_at_ms(&month, 0, after) - month.end_ms(0), 30 * 86_400_000 + eventlog::layout::RULING_GRACE_MS + 3 * 86_400_000);
    }
}
