//! Publishing one commit: the conditional publish with its msg id, retried while NATS is
//! unavailable, and the resolution of a retry whose first try was stored.

use super::*;

impl JetStreamLog {
    /// Publish one commit of `match_id` on `subject` of `stream`, conditional on the subject's
    /// last sequence (`None`: it has none), retried with the same msg id. The checks before it
    /// (`EventLog::append`'s, or a restore's) are the caller's.
    pub(super) async fn publish_commit(
        &self,
        stream: &stream::Stream<()>,
        match_id: &str,
        subject: &str,
        expected_last_sequence: Option<u64>,
        msg_id: &str,
        payload: Bytes,
    ) -> Result<u64, LogError> {
        let subject = subject.to_string();
        let mut publish = Publish::build()
            .payload(payload.clone())
            .message_id(msg_id)
            // 0 = the subject must have no message yet.
            .expected_last_subject_sequence(expected_last_sequence.unwrap_or(0));
        // The caller's W3C trace context (its publish span, docs/observability.md) in the
        // headers, never in the payload: the stored, signed and deduplicated bytes stay the same.
        for (key, value) in telemetry::propagate::current_context() {
            publish = publish.header(key.as_str(), value.as_str());
        }
        // The waits between tries; the loop keeps its own state (a lost race is resolved, not
        // retried), so it takes the policy's waits one by one, within PUBLISH_PATIENCE in all.
        let mut waits = infra::retry::BackoffBuilder::build(infra::retry::doubling(PUBLISH_BACKOFF, PUBLISH_BACKOFF_MAX, PUBLISH_PATIENCE));
        let mut attempt = 1;
        let started = std::time::Instant::now();
        loop {
            let result = match self.context.send_publish(subject.clone(), publish.clone()).await {
                Ok(ack) => match tokio::time::timeout(PUBLISH_ACK_TIMEOUT, ack).await {
                    Ok(acked) => acked,
                    Err(_) => Err(PublishErrorKind::TimedOut.into()),
                },
                Err(e) => Err(e),
            };
            let error = match result {
                Ok(ack) if ack.duplicate => {
                    return self.check_duplicate(stream, match_id, &subject, ack.sequence, &payload, expected_last_sequence).await;
                }
                Ok(ack) => {
                    tracing::debug!(match_id, msg_id, sequence = ack.sequence, "appended");
                    return Ok(ack.sequence);
                }
                Err(e) => e,
            };
            let kind = if is_clustered_wrong_last_sequence(&error) { PublishErrorKind::WrongLastSequence } else { error.kind() };
            let retry = match kind {
                PublishErrorKind::WrongLastSequence => {
                    // JetStream checks the expected sequence before the msg id, so a retry of
                    // an append whose ack was lost lands here: find out who took the version.
                    return self.resolve_wrong_sequence(stream, match_id, &subject, msg_id, &payload, expected_last_sequence).await;
                }
                PublishErrorKind::TimedOut | PublishErrorKind::BrokenPipe | PublishErrorKind::StreamNotFound => true,
                PublishErrorKind::Other | PublishErrorKind::WrongLastMessageId => {
                    nats_error::code(&error).and_then(nats_error::number) == Some(nats_error::DUPLICATE_IN_PROCESS) || nats_error::is_transient(&error)
                }
            };
            if !retry {
                return Err(classify(&format!("append to {subject}"), error));
            }
            let delay = waits.next().filter(|d| started.elapsed() + *d < PUBLISH_PATIENCE);
            let Some(delay) = delay else {
                let text = format!("append to {subject} failed after {attempt} attempts in {:.1} s: {error}", started.elapsed().as_secs_f64());
                return Err(if kind == PublishErrorKind::StreamNotFound { LogError::StreamMissing(text) } else { LogError::Unavailable(text) });
            };
            tracing::warn!(match_id, msg_id, attempt, %error, "append failed, retrying with the same msg id");
            tokio::time::sleep(delay).await;
            attempt += 1;
        }
    }
}
