//! The `FEED` stream beside the log (`docs/feed.md`): the feed projector writes each match's
//! public view there; platforms, `arbiter feed save` and `arbiter restore` read or fill it.
//! Here so that this crate alone speaks to the store: the others get typed operations (a
//! publish with dedup and the subject's expected last sequence, the last message of a subject,
//! an ordered read from the start).

use std::time::Duration;

use async_nats::jetstream::{
    self,
    consumer::{pull::OrderedConfig, DeliverPolicy},
    context::{Publish, PublishErrorKind},
    stream::{self, DirectGetErrorKind, DiscardPolicy, StorageType},
};
use bytes::Bytes;
use futures::{Stream, StreamExt};

use crate::auth::{FEED_STREAM, FEED_SUBJECTS};
use crate::connection::{header_map, headers_of, Connection, Received};
use crate::LogError;

/// Largest feed message: a commit's public view is far smaller.
pub const MAX_FEED_MESSAGE_BYTES: usize = 1024 * 1024;
/// The dedup window of `FEED`, as `MATCHES`': a retried publish within it is stored once
/// (beyond it the expected last subject sequence still refuses a duplicate).
const DUPLICATE_WINDOW: Duration = Duration::from_secs(120);

/// The configuration of the `FEED` stream (see `docs/feed.md`, "Limits").
fn feed_stream_config(replicas: usize) -> stream::Config {
    stream::Config {
        name: FEED_STREAM.to_string(),
        description: Some("Arbiter public feed: each match's spectator view and result (a projection of MATCHES)".into()),
        subjects: vec![FEED_SUBJECTS.to_string()],
        storage: StorageType::File,
        num_replicas: replicas.max(1),
        // Kept as long as the log (a projection, rebuilt from it): no age, count or size
        // limit by default; an operator may purge the subjects of old tournaments.
        max_age: Duration::ZERO,
        max_messages: -1,
        max_bytes: -1,
        max_messages_per_subject: -1,
        max_message_size: MAX_FEED_MESSAGE_BYTES as i32,
        discard: DiscardPolicy::Old,
        // No single message is ever deleted: a reader relies on versions without gaps.
        deny_delete: true,
        deny_purge: false,
        // Readers (and the projector's restart) fetch a subject's last message by direct get.
        allow_direct: true,
        duplicate_window: DUPLICATE_WINDOW,
        ..Default::default()
    }
}

/// The last message of a subject in `FEED`: its stream sequence and headers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FeedLast {
    pub sequence: u64,
    pub headers: Vec<(String, String)>,
}

impl FeedLast {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Why a publish to `FEED` stored nothing.
#[derive(Debug, thiserror::Error)]
pub enum FeedPublishError {
    /// The subject's last message is not the one expected: someone else published on it.
    #[error("{0}: another message was stored on the subject first")]
    WrongLastSequence(String),
    #[error(transparent)]
    Log(#[from] LogError),
}

/// The `FEED` stream.
#[derive(Clone, Debug)]
pub struct FeedStream {
    context: jetstream::Context,
    stream: stream::Stream<()>,
}

impl FeedStream {
    /// The `FEED` stream, made with `replicas` if it does not exist (an existing one is used as
    /// it is): what the projector writes, and `arbiter restore` restores into.
    pub async fn create(connection: &Connection, replicas: usize) -> Result<FeedStream, LogError> {
        let made = connection.context().get_or_create_stream(feed_stream_config(replicas)).await.map_err(|e| crate::jetstream::classify("FEED", e))?;
        let stream =
            connection.context().get_stream_no_info(made.cached_info().config.name.clone()).await.map_err(|e| crate::jetstream::classify("FEED", e))?;
        Ok(FeedStream { context: connection.context().clone(), stream })
    }

    /// The `FEED` stream as it is (a reader's way: it never makes it).
    pub async fn open(connection: &Connection) -> Result<FeedStream, LogError> {
        if !crate::jetstream::stream_exists(connection.context(), FEED_STREAM).await? {
            return Err(LogError::StreamMissing(format!("no stream {FEED_STREAM}")));
        }
        let stream = connection.context().get_stream_no_info(FEED_STREAM).await.map_err(|e| crate::jetstream::classify("FEED", e))?;
        Ok(FeedStream { context: connection.context().clone(), stream })
    }

    /// The last message stored on `subject`, or `None` when there is none.
    pub async fn last(&self, subject: &str) -> Result<Option<FeedLast>, LogError> {
        match self.stream.direct_get_last_for_subject(subject).await {
            Ok(message) => Ok(Some(FeedLast { sequence: message.sequence, headers: headers_of(Some(&message.headers)) })),
            Err(e) if e.kind() == DirectGetErrorKind::NotFound => Ok(None),
            Err(e) => Err(crate::jetstream::classify(&format!("last message of {subject}"), e)),
        }
    }

    /// Store `payload` on `subject` with `headers`, deduplicated by `msg_id` and only if the
    /// subject's last message is still at `expected_last` (0: none): a retried or concurrent
    /// publish never stores a message twice. Returns the stored message's sequence.
    pub async fn publish(&self, subject: &str, msg_id: &str, expected_last: u64, headers: &[(&str, &str)], payload: Bytes) -> Result<u64, FeedPublishError> {
        let mut publish = Publish::build().payload(payload).message_id(msg_id).expected_last_subject_sequence(expected_last);
        for (name, value) in headers {
            publish = publish.header(*name, *value);
        }
        let ack = match self.context.send_publish(subject.to_string(), publish).await {
            Ok(ack) => ack.await,
            Err(e) => Err(e),
        };
        match ack {
            Ok(ack) => Ok(ack.sequence),
            Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => Err(FeedPublishError::WrongLastSequence(subject.to_string())),
            Err(e) => Err(crate::jetstream::classify(&format!("publish to {subject}"), e).into()),
        }
    }

    /// Store `payload` on `subject` with `headers`, deduplicated by `msg_id` (no expected
    /// sequence: a notice, not a versioned view).
    pub async fn append(&self, subject: &str, msg_id: &str, headers: &[(&str, &str)], payload: Bytes) -> Result<u64, LogError> {
        let mut map = header_map(headers);
        map.insert("Nats-Msg-Id", msg_id);
        let ack = self
            .context
            .publish_with_headers(subject.to_string(), map, payload)
            .await
            .map_err(|e| crate::jetstream::classify(&format!("publish to {subject}"), e))?;
        Ok(ack.await.map_err(|e| crate::jetstream::classify(&format!("publish to {subject}"), e))?.sequence)
    }

    /// How many messages the stream holds.
    pub async fn message_count(&self) -> Result<u64, LogError> {
        let mut stream = self.context.get_stream(FEED_STREAM).await.map_err(|e| crate::jetstream::classify("FEED", e))?;
        Ok(stream.info().await.map_err(|e| crate::jetstream::classify("FEED info", e))?.state.messages)
    }

    /// Read the messages of `subject` (wildcards allowed) from the first, in order, and then
    /// every new one as it is stored, as any platform would (an ordered consumer: nothing is
    /// left on the server when the reader goes).
    pub async fn read(&self, subject: &str) -> Result<impl Stream<Item = Result<Received, LogError>> + Send + Unpin, LogError> {
        let consumer = self
            .stream
            .create_consumer(OrderedConfig { filter_subject: subject.to_string(), deliver_policy: DeliverPolicy::All, ..Default::default() })
            .await
            .map_err(|e| crate::jetstream::classify(&format!("read {FEED_STREAM} (subject {subject:?})"), e))?;
        let messages = consumer.messages().await.map_err(|e| crate::jetstream::classify(&format!("read {FEED_STREAM}"), e))?;
        Ok(messages.map(|m| match m {
            Ok(m) => Ok(Received { subject: m.subject.to_string(), headers: headers_of(m.headers.as_ref()), payload: m.payload.clone() }),
            Err(e) => Err(LogError::Unavailable(format!("reading {FEED_STREAM}: {e}"))),
        }))
    }
}
