//! The time keeper: calls time on matches whose clock or round limit has run out, even while
//! nobody sends a request.

use super::*;

/// How often the time keeper looks for a clock or round limit that has run out.
pub const TIME_KEEPER_TICK: Duration = Duration::from_millis(250);
/// How long the time keeper waits before trying a match again after it could not call time
/// (the log or the rules were unreachable).
const TIME_KEEPER_RETRY_MS: i64 = 1_000;

impl Matches {
    /// The time keeper: every [`TIME_KEEPER_TICK`], call time on each match whose alarm has
    /// passed, through the same path as a request (`lock`), so a clock or a round limit ends a
    /// match on time even while its players only watch. Racing orchestrators both try; one
    /// commit wins and the other catches up. Runs until the task is dropped.
    ///
    /// Alarms come from the matches this orchestrator has loaded; at start, `MatchApi::keep_time`
    /// loads every timed match still in play first, so a restart loses none.
    pub async fn keep_time(self: Arc<Self>) {
        let mut tick = tokio::time::interval(TIME_KEEPER_TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            tick.tick().await;
            let now = now_ms();
            let due: Vec<String> = match self.alarms.lock() {
                Ok(alarms) => alarms.iter().filter(|(_, at)| **at <= now).map(|(id, _)| id.clone()).collect(),
                Err(_) => return,
            };
            for match_id in due {
                match self.lock(&match_id).await {
                    Ok(guard) => self.note(&guard),
                    Err(e) => tracing::warn!(match_id, error = %e, "the time keeper could not load the match; trying again shortly"),
                }
                // Still due (time could not be called): try again a little later, not every tick.
                if let Ok(mut alarms) = self.alarms.lock() {
                    if let Some(at) = alarms.get_mut(&match_id).filter(|at| **at <= now) {
                        *at = now.saturating_add(TIME_KEEPER_RETRY_MS);
                    }
                }
            }
        }
    }

    /// Call time if it is due (any request that locks a match with a time control does).
    pub(super) async fn time(&self, rec: &mut MatchRecord) {
        if rec.clocks.is_some() {
            if let Err(e) = self.call_time_if_due(rec).await {
                tracing::warn!(match_id = %rec.match_id, error = %e, "could not call time; the next request tries again");
            }
        }
    }

    /// Call time on the match if its clock or round limit has run out (docs/tournaments.md):
    /// the orchestrator reads its clock once and logs that time in the input, so replay and
    /// audit decide from the log alone. Then reveals the secret. Returns whether it did.
    pub async fn call_time_if_due(&self, rec: &mut MatchRecord) -> Result<bool> {
        let now = now_ms();
        let due = match &rec.clocks {
            Some(clocks) if !rec.ended() && rec.all_joined() => clocks.due(now),
            _ => None,
        };
        let Some(up) = due else { return Ok(false) };
        let input = commit_input::Input::Time(api::log_v1::TimeCalled { at_ms: now, flagged_seat: up.flagged_seat });
        match self.commit(rec, input).await {
            Ok(_) => {}
            // Another orchestrator moved the match (maybe called time) first: caught up.
            Err(OrchestratorError::Stale(_)) => return Ok(false),
            Err(e) => return Err(e),
        }
        tracing::info!(match_id = %rec.match_id, flagged_seat = ?up.flagged_seat, "time called");
        // The reveal; when it cannot be made now, the background driver makes it.
        self.advance(rec, waits::INLINE_DRIVE_WAIT).await;
        Ok(true)
    }
}
