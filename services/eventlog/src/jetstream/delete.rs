//! The archiver's connection: the one right to delete a period stream whose every match is
//! sealed (docs/architecture.md, "Leaving the hot log"; the `archiver` role in `auth`).

use super::*;

/// A NATS connection as the `archiver` role, which may delete period streams and write
/// nothing: no append, no stream creation. The orchestrator's archiver, or the archive job
/// (`arbiter archive`), decides what to delete and sends only the delete through this one.
pub struct StreamDeleter {
    _client: async_nats::Client,
    context: jetstream::Context,
    refusals: Refusals,
}

impl std::fmt::Debug for StreamDeleter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StreamDeleter").finish_non_exhaustive()
    }
}

impl StreamDeleter {
    /// Connect to NATS at `url` with the archiver's credentials.
    pub async fn connect(url: &str, auth: &NatsAuth) -> Result<StreamDeleter, LogError> {
        let refusals = Refusals::default();
        let (client, context, _) = JetStreamLog::context_noting(url, auth, "arbiter-archiver", Some(refusals.clone())).await?;
        Ok(StreamDeleter { _client: client, context, refusals })
    }

    /// Delete the period stream `name` (`$JS.API.STREAM.DELETE.<name>`). Refuses, without
    /// asking the server, a name that is not a period stream of `layout`: the legacy and
    /// partition streams, the layout record, buckets and the feed never leave this way (and the
    /// archiver role's permissions deny them too).
    pub async fn delete_period_stream(&self, layout: &Layout, name: &str) -> Result<(), LogError> {
        if !matches!(layout.parse_stream(name), Some((Some(_), _))) {
            return Err(LogError::Refused(format!("{name} is not a period stream of this log: it is never deleted")));
        }
        let subject = format!("$JS.API.STREAM.DELETE.{name}");
        // A stale violation must not be blamed on this delete.
        let _ = self.refusals.take_naming(&subject);
        if let Err(e) = self.context.delete_stream(name).await {
            // A refused request is answered by nothing but a timeout; the server's own words
            // say why, when it sent them.
            return Err(match self.refusals.take_naming(&subject) {
                Some(violation) => LogError::Refused(format!(
                    "NATS refused to delete {name} ({violation}): this credential lacks the `archiver` role's right to delete period streams"
                )),
                None => classify(&format!("delete stream {name}"), e),
            });
        }
        tracing::info!(stream = name, "deleted a sealed period stream");
        Ok(())
    }
}
