//! The reading side of the projector: every stream of the match log through the log's one
//! follower (`eventlog::follow`), each stream's commits checked and projected in order and
//! handed to the publisher. The feed speaks no JetStream to read the log.

use super::*;
use eventlog::follow::{Flow, StreamFollower};
use eventlog::{EventLog, LoggedCommit};
use std::sync::Arc;

/// One job of the publisher, ordered by due time, then by log position (stream sequence,
/// then the stream's tag: a match's commits are all in one stream, so they keep their order).
pub(super) struct Job {
    pub(super) position: (u64, usize),
    pub(super) projected: Projected,
}

/// How long a stream may stay quiet before its reader looks whether the publisher is gone.
const IDLE: Duration = Duration::from_secs(1);

/// Follow the match log from its first commit until the publisher is gone: each stream of its
/// layout (`eventlog::Layout`: the partitions, or the periods' streams as they come and go) by
/// its own reader, which checks and projects each commit in order.
pub(super) async fn read_log(log: Arc<dyn EventLog>, pinned_key: Option<Vec<u8>>, tx: mpsc::Sender<Job>) {
    eventlog::follow::follow_log(log, IDLE, |_, tag| StreamReader { tag, next_sequence: 1, projection: Projection::new(pinned_key.clone()), tx: tx.clone() })
        .await
}

/// The reader of one stream: its projection (the chain of each of its matches) and how far it
/// has read. The projection holds the log's only state, so a reader always starts from the
/// stream's first commit and resumes after the last one it read.
struct StreamReader {
    tag: usize,
    next_sequence: u64,
    projection: Projection,
    tx: mpsc::Sender<Job>,
}

#[async_trait::async_trait]
impl StreamFollower for StreamReader {
    async fn resume_at(&mut self) -> Result<u64, eventlog::LogError> {
        Ok(self.next_sequence)
    }

    /// What the follower had ready is checked as one batch: one signature per match in it
    /// (`Projection::accept_batch`). At low load that is one commit.
    async fn commits(&mut self, batch: Vec<LoggedCommit>) -> Result<Flow, eventlog::LogError> {
        let ready: Vec<&LoggedCommit> = batch.iter().filter(|c| c.sequence >= self.next_sequence).collect();
        if let Some(last) = ready.last() {
            self.next_sequence = last.sequence + 1;
        }
        let commits: Vec<(&str, &[u8])> = ready.iter().map(|c| (c.match_id.as_str(), c.payload.as_ref())).collect();
        let results = self.projection.accept_batch(&commits);
        for (commit, result) in ready.iter().zip(results) {
            match result {
                Ok(projected) => {
                    if self.tx.send(Job { position: (commit.sequence, self.tag), projected }).await.is_err() {
                        return Ok(Flow::Stop);
                    }
                }
                // Logged, never projected: an operator must look at this log.
                Err(e) => tracing::error!(match_id = commit.match_id.as_str(), sequence = commit.sequence, "{e}"),
            }
        }
        Ok(Flow::Continue)
    }

    async fn idle(&mut self) -> Result<Flow, eventlog::LogError> {
        Ok(if self.tx.is_closed() { Flow::Stop } else { Flow::Continue })
    }
}
