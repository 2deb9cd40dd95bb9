//! Reading the match stream: ordered consumers from a sequence, direct gets, snapshots by key,
//! and what an append that lost its ack or its race finds in the log.

use super::*;

impl JetStreamLog {
    /// The last commit of every match of the stream `name` (see `EventLog::last_commits`).
    pub(super) async fn last_commits_of(&self, layout: &Layout, name: &str, stream: &stream::Stream<()>) -> Result<Vec<(String, u64, Bytes)>, LogError> {
        // One ordered consumer over every match subject, delivering only each subject's last
        // message; the count pending at its creation tells when the pass is complete.
        let filter = layout.filter_of(name).unwrap_or_default();
        let consumer = stream
            .create_consumer(OrderedConfig { filter_subject: filter.clone(), deliver_policy: DeliverPolicy::LastPerSubject, ..Default::default() })
            .await
            .map_err(|e| classify(&format!("create consumer on {filter}"), e))?;
        let name = consumer.cached_info().name.clone();
        let total = consumer.cached_info().num_pending;
        let result = async {
            let mut out = Vec::new();
            if total == 0 {
                return Ok(out);
            }
            let mut messages = consumer.messages().await.map_err(|e| classify(&format!("consume {filter}"), e))?;
            loop {
                let next = tokio::time::timeout(READ_IDLE_TIMEOUT, messages.next())
                    .await
                    .map_err(|_| LogError::Unavailable(format!("listing matches: no message for {READ_IDLE_TIMEOUT:?} after {}", out.len())))?;
                let Some(message) = next else {
                    return Err(LogError::Unavailable("listing matches: the consumer ended early".into()));
                };
                let message = message.map_err(|e| classify(&format!("consume {filter}"), e))?;
                let info = message.info().map_err(|e| LogError::Other(format!("message on {filter} without JetStream info: {e}")))?;
                let (sequence, pending) = (info.stream_sequence, info.pending);
                let match_id = layout.match_of(message.message.subject.as_str()).map(str::to_string);
                if let Some(match_id) = match_id {
                    out.push((match_id, sequence, message.message.payload.clone()));
                }
                if pending == 0 || out.len() as u64 >= total {
                    return Ok(out);
                }
            }
        }
        .await;
        let stream = stream.clone();
        tokio::spawn(async move {
            if let Err(e) = stream.delete_consumer(&name).await {
                tracing::debug!(consumer = name, %e, "could not delete a listing consumer");
            }
        });
        result
    }

    /// Stream sequence of the last message on `subject`, or `None` if there is none.
    pub(super) async fn last_sequence(&self, stream: &stream::Stream<()>, subject: &str) -> Result<Option<u64>, LogError> {
        if self.is_reader() {
            return match stream.direct_get_last_for_subject(subject).await {
                Ok(message) => Ok(Some(message.sequence)),
                Err(e) if e.kind() == DirectGetErrorKind::NotFound => Ok(None),
                // No stream answers: in a log with periods, one that does not exist (yet or
                // any more), read as empty by `empty_if_gone`.
                Err(e) if connect::is_no_responders(&e) => Err(LogError::StreamMissing(format!("last message of {subject}: no stream answers"))),
                Err(e) => Err(classify(&format!("last message of {subject}"), e)),
            };
        }
        match stream.get_last_raw_message_by_subject(subject).await {
            Ok(message) => Ok(Some(message.sequence)),
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => Ok(None),
            Err(e) => Err(classify(&format!("last message of {subject}"), e)),
        }
    }

    /// An ordered consumer over one match subject with the given start, and its name.
    ///
    /// `OrderedRestart`: when async-nats recreates an ordered consumer (after a missed heartbeat
    /// or a sequence gap, which a replicated stream makes common) before it has delivered a
    /// message, it restarts from the start of the stream rather than from the configured start,
    /// and a restart may deliver again what was delivered. Every reader of these messages
    /// therefore drops a message whose stream sequence is below the next one it expects: the
    /// version of a commit is its position among its match's messages, so one message read
    /// twice would shift every version after it.
    pub(super) async fn ordered_from(
        &self,
        stream: &stream::Stream<()>,
        subject: &str,
        deliver_policy: DeliverPolicy,
    ) -> Result<(async_nats::jetstream::consumer::pull::Ordered, String), LogError> {
        let consumer = stream
            .create_consumer(OrderedConfig { filter_subject: subject.to_string(), deliver_policy, ..Default::default() })
            .await
            .map_err(|e| classify(&format!("create consumer on {subject}"), e))?;
        let name = consumer.cached_info().name.clone();
        let messages = consumer.messages().await.map_err(|e| classify(&format!("consume {subject}"), e))?;
        Ok((messages, name))
    }

    /// Read a match's commits from `start` (whose first message has version `first_version`)
    /// up to the last commit that exists now, keeping those with version >= `keep_from`.
    pub(super) async fn collect(
        &self,
        match_id: &str,
        start: DeliverPolicy,
        first_version: u64,
        keep_from: u64,
        stop_at: u64,
    ) -> Result<Vec<StoredCommit>, LogError> {
        let placed = self.placed().await?;
        let (stream, subject) = placed.of(match_id).await?;
        // Read up to the last commit that exists now, so the read terminates.
        let last = self.last_sequence(&stream, &subject).await;
        let Some(last) = empty_if_gone(&placed.layout, last)? else {
            return Ok(Vec::new());
        };
        if let DeliverPolicy::ByStartSequence { start_sequence } = start {
            if start_sequence > last {
                return Ok(Vec::new());
            }
        }
        if self.is_reader() {
            return self.collect_direct(&stream, &subject, start, last, first_version, keep_from, stop_at).await;
        }
        let (mut messages, consumer) = self.ordered_from(&stream, &subject, start).await?;
        let result = async {
            let mut commits = Vec::new();
            let mut version = first_version.saturating_sub(1);
            let mut unread = match start {
                DeliverPolicy::ByStartSequence { start_sequence } => start_sequence,
                _ => 1,
            };
            loop {
                let next = tokio::time::timeout(READ_IDLE_TIMEOUT, messages.next()).await.map_err(|_| {
                    LogError::Unavailable(format!(
                        "reading {subject}: no message for {READ_IDLE_TIMEOUT:?} after \
                             version {version}"
                    ))
                })?;
                let Some(message) = next else {
                    return Err(LogError::Unavailable(format!("reading {subject}: the consumer ended after version {version}")));
                };
                let (sequence, payload) = to_commit(message, &subject)?;
                if sequence < unread {
                    // Already read, or before the start: see `OrderedRestart`.
                    continue;
                }
                unread = sequence.saturating_add(1);
                version += 1;
                if version >= keep_from {
                    commits.push(StoredCommit { version, sequence, payload });
                }
                if sequence >= last || version >= stop_at {
                    return Ok(commits);
                }
            }
        }
        .await;
        drop(messages);
        // The ephemeral consumer would expire by itself after 30 s of inactivity; deleting it
        // now keeps the server's consumer count low under many reads. Best effort.
        tokio::spawn(async move {
            if let Err(e) = stream.delete_consumer(&consumer).await {
                tracing::debug!(consumer, %e, "could not delete a read consumer");
            }
        });
        result
    }

    /// [`Self::collect`] for a reader: one direct get per commit, from `start` up to `last`.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn collect_direct(
        &self,
        stream: &stream::Stream<()>,
        subject: &str,
        start: DeliverPolicy,
        last: u64,
        first_version: u64,
        keep_from: u64,
        stop_at: u64,
    ) -> Result<Vec<StoredCommit>, LogError> {
        let mut next = match start {
            DeliverPolicy::ByStartSequence { start_sequence } => start_sequence,
            _ => 1,
        };
        let mut commits = Vec::new();
        let mut version = first_version.saturating_sub(1);
        while next <= last {
            let message =
                stream.direct_get_next_for_subject(subject, Some(next)).await.map_err(|e| classify(&format!("read {subject} from sequence {next}"), e))?;
            let message = jetstream::message::StreamMessage::try_from(message.message)
                .map_err(|e| LogError::Other(format!("a direct get on {subject} returned no stream sequence: {e}")))?;
            version += 1;
            if version >= keep_from {
                commits.push(StoredCommit { version, sequence: message.sequence, payload: message.payload.clone() });
            }
            next = message.sequence.saturating_add(1);
            if version >= stop_at {
                break;
            }
        }
        Ok(commits)
    }

    /// The snapshot under `key` in the bucket, if any (a reader has none: it rebuilds from the
    /// log). An undecodable one is absent, with a warning: snapshots are only a cache.
    pub(super) async fn snapshot_by_key(&self, match_id: &str, key: &str) -> Result<Option<Snapshot>, LogError> {
        let Some(snapshots) = &self.snapshots else {
            return Ok(None);
        };
        let raw = snapshots.get(key).await.map_err(|e| classify(&format!("get snapshot {key}"), e))?;
        Ok(raw.and_then(|raw| {
            let snapshot = decode_snapshot(&raw);
            if snapshot.is_none() {
                tracing::warn!(match_id, key, "ignoring an undecodable snapshot");
            }
            snapshot
        }))
    }

    /// The append was refused because the match's last commit is not `expected`. If the commit
    /// right after `expected` is this very append (same msg id, same payload: an earlier
    /// attempt whose ack was lost), the append succeeded; otherwise another writer won.
    pub(super) async fn resolve_wrong_sequence(
        &self,
        stream: &stream::Stream<()>,
        match_id: &str,
        subject: &str,
        msg_id: &str,
        payload: &Bytes,
        expected: Option<u64>,
    ) -> Result<u64, LogError> {
        let conflict = || LogError::Conflict { match_id: match_id.to_string(), expected };
        let from = expected.map_or(1, |s| s.saturating_add(1));
        let next = match stream.get_first_raw_message_by_subject(subject, from).await {
            Ok(message) => message,
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => return Err(conflict()),
            Err(e) => return Err(classify(&format!("first message of {subject} from {from}"), e)),
        };
        let stored_id = next.headers.get(async_nats::header::NATS_MESSAGE_ID).map(|v| v.as_str().to_string());
        if stored_id.as_deref() == Some(msg_id) && next.payload == *payload {
            tracing::debug!(match_id, msg_id, sequence = next.sequence, "append was already stored");
            Ok(next.sequence)
        } else {
            tracing::debug!(match_id, ?expected, "append conflict");
            Err(conflict())
        }
    }

    /// The append was acked as a duplicate of an earlier message with the same msg id: it is a
    /// success only if that message is this very commit (same match, same payload).
    pub(super) async fn check_duplicate(
        &self,
        stream: &stream::Stream<()>,
        match_id: &str,
        subject: &str,
        sequence: u64,
        payload: &Bytes,
        expected: Option<u64>,
    ) -> Result<u64, LogError> {
        let stored = stream.get_raw_message(sequence).await.map_err(|e| classify(&format!("get duplicate message {sequence}"), e))?;
        if stored.subject.as_str() == subject && stored.payload == *payload {
            Ok(sequence)
        } else {
            tracing::debug!(match_id, sequence, "msg id already used by another commit");
            Err(LogError::Conflict { match_id: match_id.to_string(), expected })
        }
    }
}
