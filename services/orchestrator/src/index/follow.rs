//! Projecting every stream of the log through the log's one follower (`eventlog::follow`):
//! one [`StreamProjector`] per stream, each with its own position key
//! (`eventlog::position_key_of`); the follower lists the streams again from time to time, so
//! the stream of a new period is projected once it appears and the projector of a period that
//! left the hot log (`archive::periods`) stops.

use super::*;
use eventlog::follow::{Flow, StreamFollower};
use eventlog::LoggedCommit;

impl MatchIndex {
    /// Keep one projector running per stream the log lists, forever.
    pub(super) async fn project_all(self: Arc<Self>) {
        let log = self.log.clone();
        eventlog::follow::follow_log(log, POSITION_IDLE, |stream, _| StreamProjector {
            index: self.clone(),
            key: eventlog::position_key_of(stream),
            position_revision: 0,
            position: 0,
            projected: 0,
        })
        .await
    }
}

/// The projector of one stream: where its saved position is, and how far it has projected.
struct StreamProjector {
    index: Arc<MatchIndex>,
    key: String,
    position_revision: u64,
    /// The saved position (a stream sequence).
    position: u64,
    /// The last sequence projected (saved every [`POSITION_EVERY`] commits, or when idle).
    projected: u64,
}

impl StreamProjector {
    async fn save(&mut self) -> std::result::Result<(), LogError> {
        if self.projected > self.position {
            (self.position_revision, self.position) = self.index.save_position(&self.key, self.position_revision, self.projected).await?;
        }
        Ok(())
    }
}

#[async_trait::async_trait]
impl StreamFollower for StreamProjector {
    /// From the saved position (another orchestrator's projector may have moved it on).
    async fn resume_at(&mut self) -> std::result::Result<u64, LogError> {
        (self.position_revision, self.position) = match self.index.log.index_get(&self.key).await? {
            Some((revision, value)) => (revision, decode_position(&value)),
            None => (0, 0),
        };
        self.projected = self.position;
        Ok(self.position + 1)
    }

    async fn commits(&mut self, commits: Vec<LoggedCommit>) -> std::result::Result<Flow, LogError> {
        for commit in commits {
            self.index.project_one(&commit.match_id, commit.sequence, &commit.payload).await?;
            self.projected = commit.sequence;
            if self.projected - self.position >= POSITION_EVERY {
                self.save().await?;
            }
        }
        Ok(Flow::Continue)
    }

    async fn idle(&mut self) -> std::result::Result<Flow, LogError> {
        self.save().await?;
        Ok(Flow::Continue)
    }
}
