//! Following every stream of the log: one projector per stream, each with its own position
//! key (`eventlog::position_key_of`), and the list of streams read again every
//! [`LIST_EVERY`], so the stream of a new period is followed once it appears and the
//! projector of a period that left the hot log (`archive::periods`) stops.

use super::*;

/// How often the projectors' list of streams is read again (a log with periods gains a stream
/// each period; a log without has a fixed list and this costs one look).
pub const LIST_EVERY: Duration = Duration::from_secs(2);

/// The projector of each stream, by stream: each started again if it dies (`infra::task`),
/// stopped when dropped (the stream left, or the index stops).
struct Projectors(BTreeMap<String, infra::task::Background>);

impl MatchIndex {
    /// Keep one projector running per stream the log lists, forever.
    pub(super) async fn project_all(self: Arc<Self>) {
        let mut running = Projectors(BTreeMap::new());
        loop {
            match self.log.log_streams().await {
                Ok(names) => {
                    running.0.retain(|name, _| {
                        let listed = names.contains(name);
                        if !listed {
                            tracing::info!(stream = name.as_str(), "the stream left the log; its projector stops");
                        }
                        listed
                    });
                    for name in names {
                        if let std::collections::btree_map::Entry::Vacant(slot) = running.0.entry(name.clone()) {
                            let index = self.clone();
                            slot.insert(infra::task::supervise("a match index projector", move || index.clone().project(name.clone())));
                        }
                    }
                }
                Err(e) => tracing::debug!(error = %e, "cannot list the streams of the log yet"),
            }
            tokio::time::sleep(LIST_EVERY).await;
        }
    }

    /// The projector of one stream: follow it from its saved position, forever.
    async fn project(self: Arc<Self>, stream: String) {
        let mut waits = retry_waits();
        let key = eventlog::position_key_of(&stream);
        loop {
            match self.project_from_position(&stream, &key).await {
                Ok(()) => waits = retry_waits(),
                Err(e) => tracing::debug!(error = %e, "the match index projector stopped; resuming from its position"),
            }
            tokio::time::sleep(waits.next().unwrap_or(RETRY_MAX)).await;
        }
    }

    async fn project_from_position(&self, stream: &str, key: &str) -> std::result::Result<(), LogError> {
        let (mut position_revision, mut position) = match self.log.index_get(key).await? {
            Some((revision, value)) => (revision, decode_position(&value)),
            None => (0, 0),
        };
        let mut commits = self.log.follow(stream, position + 1).await?;
        let mut projected = position;
        loop {
            let next = match tokio::time::timeout(POSITION_IDLE, commits.next()).await {
                Ok(Some(next)) => Some(next?),
                Ok(None) => return Err(LogError::Unavailable("following the log ended".into())),
                Err(_) => None,
            };
            if let Some(commit) = &next {
                self.project_one(&commit.match_id, commit.sequence, &commit.payload).await?;
                projected = commit.sequence;
            }
            if projected > position && (next.is_none() || projected - position >= POSITION_EVERY) {
                (position_revision, position) = self.save_position(key, position_revision, projected).await?;
            }
        }
    }
}
