//! The maximum match age of a log with periods (docs/architecture.md, "Leaving the hot log"):
//! a match still open past it is ended by a ruling, so that its period stream holds only
//! ended matches and can be sealed and leave the hot log.

use super::*;

/// The ruling that ends a match past the log's maximum match age (nobody wins).
pub const CLOSING_RULING: &str = "the match passed the log's maximum match age";

impl MatchApi {
    /// Start the loop that ends every match past the maximum age (none for a log without
    /// periods). It stops when the returned task is dropped or the runtime ends; it is
    /// started again if it dies.
    pub fn close_old_matches(&self) -> Option<infra::task::Background> {
        let periods = self.matches.backends().log.layout().periods()?;
        let (matches, index) = (self.matches.clone(), self.index.clone());
        // A quarter of the age between looks, within 250 ms and a minute: a month-long age is
        // looked at every minute, a test's few seconds often enough.
        let every = Duration::from_millis(u64::try_from(periods.max_match_age_ms() / 4).unwrap_or(u64::MAX).clamp(250, 60_000));
        Some(infra::task::supervise("the closer of matches past the maximum age", move || {
            let (matches, index) = (matches.clone(), index.clone());
            async move {
                loop {
                    tokio::time::sleep(every).await;
                    let before = crate::archive::now_ms().saturating_sub(periods.max_match_age_ms());
                    for match_id in index.open_created_before(before) {
                        match close(&matches, &match_id).await {
                            Ok(()) => {}
                            // Nobody joined it: it has not started and no ruling can end it (it keeps
                            // its period in the hot log, docs/architecture.md).
                            Err(e @ OrchestratorError::FailedPrecondition(_)) => {
                                tracing::debug!(match_id, error = %e, "a match past the maximum match age cannot be ended by ruling")
                            }
                            Err(e) => tracing::warn!(match_id, error = %e, "cannot end a match past the maximum match age yet; trying again"),
                        }
                    }
                }
            }
        }))
    }
}

/// End `match_id` by [`CLOSING_RULING`] unless it has ended, then reveal what it held secret.
async fn close(matches: &Matches, match_id: &str) -> Result<()> {
    let mut rec = matches.lock(match_id).await?;
    if rec.ended() {
        return Ok(());
    }
    let ruling = commit_input::Input::Adjudicated(Adjudication { winners: Vec::new(), ruling: CLOSING_RULING.to_string() });
    matches.commit(&mut rec, ruling).await?;
    tracing::info!(match_id, "ended a match past the maximum match age by ruling");
    // The reveal; when it cannot be made now, the background driver makes it.
    matches.advance(&mut rec, crate::matches::waits::INLINE_DRIVE_WAIT).await;
    Ok(())
}
