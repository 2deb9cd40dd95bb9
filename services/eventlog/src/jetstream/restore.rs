//! What `arbiter restore` needs to put a log with periods back: make a period stream exactly as
//! the orchestrator makes it, and append a backed-up commit to its own period stream without the
//! live checks on the match's age (docs/reliability.md, "Backups").

use super::*;

impl JetStreamLog {
    /// Make the period stream `name` of this log (configured as the orchestrator's first append
    /// of the period makes it, `Placed::admit_new`), or find it.
    pub async fn ensure_period_stream(&self, name: &str) -> Result<(), LogError> {
        if self.is_reader() {
            return Err(read_only("ensure_period_stream"));
        }
        let placed = self.placed().await?;
        let Some((Some(period), partition)) = placed.layout.parse_stream(name) else {
            return Err(LogError::Refused(format!("{name} is not a period stream of this log")));
        };
        connect::until_placed(|| Self::ensure_stream(&self.context, placed.replicas, &placed.layout, Some(period), partition)).await?;
        if let Ok(mut ensured) = placed.ensured.lock() {
            ensured.insert(name.to_string());
        }
        Ok(())
    }

    /// Append a commit taken from a backup, byte for byte, conditional on the match's last
    /// sequence as [`EventLog::append`]. Unlike it, no check of the match's age: a live append
    /// may not create a match in an old period nor grow one past its maximum age, but a restore
    /// puts back commits that were accepted when they were made. Its period stream must exist
    /// ([`Self::ensure_period_stream`]); for a log without periods this is `append`.
    pub async fn append_restored(&self, match_id: &str, expected_last_sequence: Option<u64>, msg_id: &str, payload: Bytes) -> Result<u64, LogError> {
        validate_match_id(match_id)?;
        validate_msg_id(msg_id)?;
        if self.is_reader() {
            return Err(read_only("append_restored"));
        }
        let placed = self.placed().await?;
        let (stream, subject) = placed.of(match_id).await?;
        self.publish_commit(&stream, match_id, &subject, expected_last_sequence, msg_id, payload).await
    }
}
