//! [`EventLog`] on NATS JetStream.

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream::{
    self,
    consumer::{pull::OrderedConfig, DeliverPolicy},
    context::{Publish, PublishErrorKind},
    kv,
    stream::{self, DirectGetErrorKind, DiscardPolicy, LastRawMessageErrorKind, StorageType},
};
use bytes::Bytes;
use futures::stream::BoxStream;
use futures::StreamExt;

mod connect;
mod copy;
mod delete;
mod publish;
mod read;
mod restore;

use crate::auth::NatsAuth;
use crate::nats_error::{self, Meaning};
use crate::{
    decode_snapshot, encode_snapshot, validate_match_id, validate_msg_id, EventLog, IndexEvent, Layout, LogError, LoggedCommit, Snapshot, StoredCommit,
    INDEX_BUCKET, LAYOUT_STREAM, LAYOUT_SUBJECT, SNAPSHOT_BUCKET, STREAM, STREAM_SUBJECTS,
};

pub(crate) use connect::stream_exists;
pub use connect::{direct_layout, recorded_layout};
pub use copy::{Copied, CopiedMessage, Copier, StoreContents};
pub use delete::StreamDeleter;

/// How long an append keeps sending its publish (same msg id) before giving up as unavailable.
const PUBLISH_PATIENCE: Duration = Duration::from_secs(15);
/// How long one publish waits for its ack before it is sent again. Short, so that an append
/// whose node was lost, or that waited out a leader election, goes through within about this
/// long of the cluster answering again; a retry is safe (the msg id stores it once).
const PUBLISH_ACK_TIMEOUT: Duration = Duration::from_secs(1);
/// First retry delay; doubled on each retry, up to [`PUBLISH_BACKOFF_MAX`]
/// (`infra::retry::doubling`).
const PUBLISH_BACKOFF: Duration = Duration::from_millis(100);
const PUBLISH_BACKOFF_MAX: Duration = Duration::from_millis(500);
/// Timeout of one JetStream API request or publish ack.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// A `read` fails as unavailable when no message arrives for this long.
const READ_IDLE_TIMEOUT: Duration = Duration::from_secs(20);
/// JetStream's dedup window: a retried append within it is stored once.
const DUPLICATE_WINDOW: Duration = Duration::from_secs(120);

/// The match log on NATS JetStream (the streams of its [`Layout`], KV bucket
/// [`SNAPSHOT_BUCKET`]). Cloning is cheap and shares the connection.
#[derive(Clone)]
pub struct JetStreamLog {
    /// The connection under `context`, to tell "disconnected" at once (see `connected`).
    client: async_nats::Client,
    context: jetstream::Context,
    /// The layout and its streams: set at connect for a writer, on the first read that finds
    /// the log for a reader (`placed`).
    placed: Arc<std::sync::OnceLock<Arc<Placed>>>,
    /// `None` for a reader, which never touches snapshots.
    snapshots: Option<kv::Store>,
    /// The match index bucket; `None` for a reader but the archive job's.
    index: Option<kv::Store>,
    /// The archive job's reader (`connect_archive_reader`): it may also size streams and
    /// watch the index, never write.
    sizes_streams: bool,
    /// A writer, or the feed projector's reader (`connect_follower`): it may follow the log.
    follows: bool,
    /// Counts the times the connection was made again after it was lost.
    reconnects: Reconnects,
}

/// How many times a connection was made again after it was lost (a NATS restart, a node lost):
/// after one, the server may have forgotten every consumer the connection had, and async-nats
/// finds out only through its own retries (seconds to tens of seconds). A follower of the log
/// ([`EventLog::follow`]) ends with an error instead, and its caller follows again from where it
/// was, at once.
pub(crate) type Reconnects = tokio::sync::watch::Receiver<u64>;

/// `inner`, ended by an [`LogError::Unavailable`] naming `what` as soon as the connection is
/// made again after it was lost (see [`Reconnects`]).
fn until_reconnected<T: Send + 'static>(
    inner: BoxStream<'static, Result<T, LogError>>,
    mut reconnects: Reconnects,
    what: String,
) -> BoxStream<'static, Result<T, LogError>> {
    reconnects.borrow_and_update();
    futures::stream::unfold(Some((inner, Some(reconnects))), move |state| {
        let what = what.clone();
        async move {
            let (mut inner, mut reconnects) = state?;
            let reconnected = async {
                match reconnects.as_mut() {
                    Some(r) => r.changed().await.is_ok(),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                item = inner.next() => item.map(|item| (item, Some((inner, reconnects)))),
                again = reconnected => match again {
                    true => Some((Err(LogError::Unavailable(format!("{what}: the connection to NATS was made again; follow again from the last commit read"))), None)),
                    // The connection is gone for good: its consumer says so itself.
                    false => inner.next().await.map(|item| (item, Some((inner, None)))),
                },
            }
        }
    })
    .boxed()
}

impl std::fmt::Debug for JetStreamLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JetStreamLog").field("layout", &self.placed.get().map(|p| p.layout)).finish_non_exhaustive()
    }
}

/// A log's layout and a handle on each of its fixed streams (by partition); the streams of a
/// log with periods are named from each match's id (`of`), and a writer makes a period's
/// stream when its first match is appended.
pub(crate) struct Placed {
    pub(crate) layout: Layout,
    pub(crate) streams: Vec<stream::Stream<()>>,
    context: jetstream::Context,
    replicas: usize,
    /// The period streams this writer has made or found (so it asks once per stream).
    ensured: std::sync::Mutex<std::collections::BTreeSet<String>>,
}

impl Placed {
    pub(crate) async fn new(context: &jetstream::Context, layout: Layout, replicas: usize) -> Result<Arc<Placed>, LogError> {
        let mut streams = Vec::with_capacity(layout.partitions());
        for name in layout.streams() {
            // No request is made (no STREAM.INFO right needed).
            streams.push(context.get_stream_no_info(&name).await.map_err(|e| LogError::Other(format!("stream {name}: {e}")))?);
        }
        Ok(Arc::new(Placed { layout, streams, context: context.clone(), replicas, ensured: Default::default() }))
    }

    /// The stream and subject of `match_id` (a valid id; in a log with periods, one the
    /// orchestrator made).
    pub(crate) async fn of(&self, match_id: &str) -> Result<(stream::Stream<()>, String), LogError> {
        let (name, subject) = self.layout.place(match_id)?;
        if self.layout.periods().is_none() {
            let partition = self.layout.partition_of(match_id);
            return Ok((self.partition(partition)?.clone(), subject));
        }
        Ok((self.named(&name).await?, subject))
    }

    /// A handle on the stream `name` (no request is made).
    pub(crate) async fn named(&self, name: &str) -> Result<stream::Stream<()>, LogError> {
        self.context.get_stream_no_info(name).await.map_err(|e| LogError::Other(format!("stream {name}: {e}")))
    }

    /// The stream of `partition`, or an error naming the count.
    pub(crate) fn partition(&self, partition: usize) -> Result<&stream::Stream<()>, LogError> {
        self.streams.get(partition).ok_or_else(|| LogError::Other(format!("partition {partition} of a log of {} partition(s)", self.layout.partitions())))
    }

    /// Before the first append of `match_id`, in a log with periods: refuse an id that does
    /// not name the present (so no new match enters an old period, `NEW_MATCH_GRACE_MS`), and
    /// make its period's stream if this writer has not seen it yet.
    pub(crate) async fn admit_new(&self, match_id: &str) -> Result<(), LogError> {
        if self.layout.periods().is_none() {
            return Ok(());
        }
        let (name, _) = self.layout.place(match_id)?;
        let created = crate::layout::id_created_ms(match_id).map_or(0, |ms| i64::try_from(ms).unwrap_or(i64::MAX));
        let now = now_ms();
        if now.saturating_sub(created).saturating_abs() > crate::layout::NEW_MATCH_GRACE_MS {
            return Err(LogError::Refused(format!(
                "match {match_id} cannot be created: its id was made at {created} ms, not within \
                 {} ms of now ({now} ms), and a new match must go into the present period",
                crate::layout::NEW_MATCH_GRACE_MS
            )));
        }
        if self.ensured.lock().map(|e| e.contains(&name)).unwrap_or(false) {
            return Ok(());
        }
        let (period, partition) = self.layout.parse_stream(&name).ok_or_else(|| LogError::Other(format!("stream {name} is not of this log")))?;
        connect::until_placed(|| JetStreamLog::ensure_stream(&self.context, self.replicas, &self.layout, period, partition)).await?;
        if let Ok(mut ensured) = self.ensured.lock() {
            ensured.insert(name);
        }
        Ok(())
    }

    /// Whether a match that has commits may take another now: refused once it is older than
    /// the log's maximum match age plus the closing grace (`Periods::closing_ms`; the
    /// orchestrator refuses players' moves at the age itself, and its time keeper's closing
    /// ruling comes within the grace).
    pub(crate) fn admit_more(&self, match_id: &str) -> Result<(), LogError> {
        let Some(periods) = self.layout.periods() else { return Ok(()) };
        let Some(created) = crate::layout::id_created_ms(match_id).and_then(|ms| i64::try_from(ms).ok()) else { return Ok(()) };
        if now_ms().saturating_sub(created) > periods.closing_ms() {
            return Err(LogError::Refused(format!(
                "match {match_id} is older than the log's maximum match age ({} s) and takes no more commits",
                periods.max_match_age_s
            )));
        }
        Ok(())
    }
}

/// Now, in Unix ms.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)).unwrap_or(0)
}

/// In a log with periods a missing stream is a period nobody wrote to yet, or one that left
/// the hot log: it holds nothing.
fn empty_if_gone<T>(layout: &Layout, result: Result<Option<T>, LogError>) -> Result<Option<T>, LogError> {
    match result {
        Err(LogError::StreamMissing(_)) if layout.periods().is_some() => Ok(None),
        other => other,
    }
}

fn is_clustered_wrong_last_sequence(error: &async_nats::jetstream::context::PublishError) -> bool {
    nats_error::code(error).and_then(nats_error::number) == Some(nats_error::CLUSTERED_WRONG_LAST_SEQUENCE)
}

/// The [`LogError`] an async-nats error is, by what it means ([`nats_error::meaning`]).
pub(crate) fn classify<E: std::error::Error + 'static>(what: &str, err: E) -> LogError {
    let text = format!("{what}: {err}");
    match nats_error::meaning(&err) {
        Meaning::StoreFull => LogError::StoreFull(text),
        Meaning::ConsumersExhausted => LogError::ConsumersExhausted(text),
        Meaning::StreamMissing => LogError::StreamMissing(text),
        Meaning::NoPlacement => LogError::NoPlacement(text),
        Meaning::Transient => LogError::Unavailable(text),
        Meaning::Refused => LogError::Other(text),
    }
}

/// The last permission violation the server reported on a connection.
#[derive(Clone, Debug, Default)]
pub(crate) struct Refusals(Arc<std::sync::Mutex<Option<String>>>);

impl Refusals {
    fn note(&self, text: String) {
        if let Ok(mut last) = self.0.lock() {
            *last = Some(text);
        }
    }

    /// The last violation noted, taken out if its text names `subject`.
    pub(crate) fn take_naming(&self, subject: &str) -> Option<String> {
        let mut last = self.0.lock().ok()?;
        last.take_if(|text| text.contains(subject))
    }
}

/// Deletes an ephemeral consumer (best effort) when dropped.
struct DeleteOnDrop {
    stream: stream::Stream<()>,
    consumer: String,
}

impl Drop for DeleteOnDrop {
    fn drop(&mut self) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let stream = self.stream.clone();
        let consumer = std::mem::take(&mut self.consumer);
        runtime.spawn(async move {
            if let Err(e) = stream.delete_consumer(&consumer).await {
                tracing::debug!(consumer, %e, "could not delete a watch consumer");
            }
        });
    }
}

fn read_only(what: &str) -> LogError {
    LogError::Other(format!(
        "{what} is not available on a read-only connection (JetStreamLog::connect_reader): \
         connect with JetStreamLog::connect as the orchestrator"
    ))
}

fn to_commit(message: Result<jetstream::Message, impl std::error::Error + 'static>, subject: &str) -> Result<(u64, Bytes), LogError> {
    let message = message.map_err(|e| classify(&format!("consume {subject}"), e))?;
    let info = message.info().map_err(|e| LogError::Other(format!("message on {subject} without JetStream info: {e}")))?;
    let sequence = info.stream_sequence;
    Ok((sequence, message.message.payload.clone()))
}

#[async_trait::async_trait]
impl EventLog for JetStreamLog {
    fn connected(&self) -> bool {
        matches!(self.client.connection_state(), async_nats::connection::State::Connected)
    }

    async fn notify_wait(&self, match_id: &str, body: Bytes) {
        if validate_match_id(match_id).is_err() {
            return;
        }
        if let Err(e) = self.client.publish(crate::wait_subject(match_id), body).await {
            tracing::debug!(match_id, %e, "a wait notice did not go out");
        }
    }

    async fn append(&self, match_id: &str, expected_last_sequence: Option<u64>, msg_id: &str, payload: Bytes) -> Result<u64, LogError> {
        validate_match_id(match_id)?;
        validate_msg_id(msg_id)?;
        if self.is_reader() {
            return Err(read_only("append"));
        }
        let placed = self.placed().await?;
        match expected_last_sequence {
            None => placed.admit_new(match_id).await?,
            Some(_) => placed.admit_more(match_id)?,
        }
        let (stream, subject) = placed.of(match_id).await?;
        self.publish_commit(&stream, match_id, &subject, expected_last_sequence, msg_id, payload).await
    }

    async fn read(&self, match_id: &str, from_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        validate_match_id(match_id)?;
        self.collect(match_id, DeliverPolicy::All, 1, from_version, u64::MAX).await
    }

    async fn read_after(&self, match_id: &str, after_sequence: u64, next_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        validate_match_id(match_id)?;
        let start = DeliverPolicy::ByStartSequence { start_sequence: after_sequence.saturating_add(1) };
        self.collect(match_id, start, next_version, 0, u64::MAX).await
    }

    async fn last_commit(&self, match_id: &str) -> Result<Option<(u64, Bytes)>, LogError> {
        validate_match_id(match_id)?;
        let placed = self.placed().await?;
        let (stream, subject) = placed.of(match_id).await?;
        if self.is_reader() {
            return match stream.direct_get_last_for_subject(&subject).await {
                Ok(message) => Ok(Some((message.sequence, message.payload))),
                Err(e) if e.kind() == DirectGetErrorKind::NotFound => Ok(None),
                Err(e) if placed.layout.periods().is_some() && connect::is_no_responders(&e) => Ok(None),
                Err(e) => Err(classify(&format!("last message of {subject}"), e)),
            };
        }
        let last = match stream.get_last_raw_message_by_subject(&subject).await {
            Ok(message) => Ok(Some((message.sequence, message.payload))),
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => Ok(None),
            Err(e) => Err(classify(&format!("last message of {subject}"), e)),
        };
        empty_if_gone(&placed.layout, last)
    }

    async fn read_until(&self, match_id: &str, after_sequence: Option<u64>, next_version: u64, last_version: u64) -> Result<Vec<StoredCommit>, LogError> {
        validate_match_id(match_id)?;
        if last_version < next_version {
            return Ok(Vec::new());
        }
        match after_sequence {
            Some(after) => {
                let start = DeliverPolicy::ByStartSequence { start_sequence: after.saturating_add(1) };
                self.collect(match_id, start, next_version, 0, last_version).await
            }
            None => self.collect(match_id, DeliverPolicy::All, 1, 1, last_version).await,
        }
    }

    async fn watch(&self, match_id: &str, from_version: u64) -> Result<BoxStream<'static, Result<StoredCommit, LogError>>, LogError> {
        validate_match_id(match_id)?;
        if self.is_reader() {
            return Err(read_only("watch"));
        }
        let (stream, subject) = self.placed().await?.of(match_id).await?;
        let (messages, consumer) = self.ordered_from(&stream, &subject, DeliverPolicy::All).await?;
        // Deleted when the watcher goes away, rather than lingering until it expires: a client
        // that opens and drops many watches must not exhaust the server's consumers.
        let cleanup = DeleteOnDrop { stream, consumer };
        let mut version = 0u64;
        let mut unread = 1u64;
        let stream = messages.filter_map(move |message| {
            let _cleanup = &cleanup;
            let item = match to_commit(message, &subject) {
                // Already delivered: see `OrderedRestart`.
                Ok((sequence, _)) if sequence < unread => None,
                Ok((sequence, payload)) => {
                    unread = sequence.saturating_add(1);
                    version += 1;
                    (version >= from_version).then_some(Ok(StoredCommit { version, sequence, payload }))
                }
                Err(e) => Some(Err(e)),
            };
            futures::future::ready(item)
        });
        Ok(stream.boxed())
    }

    async fn last_commits(&self) -> Result<Vec<(String, u64, Bytes)>, LogError> {
        if self.is_reader() {
            return Err(read_only("last_commits"));
        }
        let placed = self.placed().await?;
        let mut out = Vec::new();
        for name in self.log_streams().await? {
            let stream = placed.named(&name).await?;
            let listed = self.last_commits_of(&placed.layout, &name, &stream).await;
            out.extend(empty_if_gone(&placed.layout, listed.map(Some))?.unwrap_or_default());
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    async fn stream_size(&self, name: &str) -> Result<Option<(u64, u64)>, LogError> {
        if self.is_reader() && !self.sizes_streams {
            return Err(read_only("stream_size"));
        }
        self.stream_size_of(name).await
    }

    fn layout(&self) -> Layout {
        self.placed.get().map_or(Layout::LEGACY, |p| p.layout)
    }

    async fn log_streams(&self) -> Result<Vec<String>, LogError> {
        let placed = self.placed().await?;
        if placed.layout.periods().is_none() {
            return Ok(placed.layout.streams());
        }
        self.period_streams(&placed.layout).await
    }

    async fn follow(&self, name: &str, from_sequence: u64) -> Result<BoxStream<'static, Result<LoggedCommit, LogError>>, LogError> {
        if !self.follows {
            return Err(read_only("follow"));
        }
        let placed = self.placed().await?;
        let layout = placed.layout;
        let filter = layout.filter_of(name).ok_or_else(|| LogError::Other(format!("{name} is not a stream of this log")))?;
        let stream = placed.named(name).await?;
        let from_sequence = from_sequence.max(1);
        let (messages, consumer) = self.ordered_from(&stream, &filter, DeliverPolicy::ByStartSequence { start_sequence: from_sequence }).await?;
        let cleanup = DeleteOnDrop { stream, consumer };
        let mut unread = from_sequence;
        let what = format!("following {name}");
        let stream = messages.filter_map(move |message| {
            let _cleanup = &cleanup;
            let item = match message {
                Err(e) => Some(Err(classify(&format!("consume {filter}"), e))),
                Ok(message) => match message.info() {
                    Err(e) => Some(Err(LogError::Other(format!("message on {filter} without JetStream info: {e}")))),
                    // Already delivered: see `OrderedRestart`.
                    Ok(info) if info.stream_sequence < unread => None,
                    Ok(info) => {
                        let sequence = info.stream_sequence;
                        unread = sequence.saturating_add(1);
                        layout
                            .match_of(message.message.subject.as_str())
                            .map(|match_id| Ok(LoggedCommit { match_id: match_id.to_string(), sequence, payload: message.message.payload.clone() }))
                    }
                },
            };
            futures::future::ready(item)
        });
        Ok(until_reconnected(stream.boxed(), self.reconnects.clone(), what))
    }

    async fn index_get(&self, key: &str) -> Result<Option<(u64, Bytes)>, LogError> {
        let Some(index) = &self.index else {
            return Err(read_only("index_get"));
        };
        let entry = index.entry(key).await.map_err(|e| classify(&format!("get index entry {key}"), e))?;
        Ok(entry.filter(|e| e.operation == kv::Operation::Put).map(|e| (e.revision, e.value)))
    }

    async fn index_put(&self, key: &str, value: Bytes, revision: u64) -> Result<u64, LogError> {
        let Some(index) = self.index.as_ref().filter(|_| !self.is_reader()) else {
            return Err(read_only("index_put"));
        };
        match index.update(key, value, revision).await {
            Ok(revision) => Ok(revision),
            Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => Err(LogError::Conflict { match_id: key.to_string(), expected: Some(revision) }),
            // On a replicated bucket a wrong revision comes with the clustered code, which
            // async-nats does not map (as for appends): the caller reads the key again either way.
            Err(e) if nats_error::code(&e).and_then(nats_error::number) == Some(nats_error::CLUSTERED_WRONG_LAST_SEQUENCE) => {
                Err(LogError::Conflict { match_id: key.to_string(), expected: Some(revision) })
            }
            Err(e) => Err(classify(&format!("put index entry {key}"), e)),
        }
    }

    async fn index_watch(&self) -> Result<BoxStream<'static, Result<IndexEvent, LogError>>, LogError> {
        let Some(index) = &self.index else {
            return Err(read_only("index_watch"));
        };
        // Whether the bucket holds anything now: a watch of an empty bucket delivers nothing
        // to say it has caught up.
        let kv_stream = format!("KV_{INDEX_BUCKET}");
        let mut info = self.context.get_stream(&kv_stream).await.map_err(|e| classify(&format!("stream {kv_stream}"), e))?;
        let empty = info.info().await.map_err(|e| classify(&format!("stream {kv_stream} info"), e))?.state.messages == 0;
        // Each key's last value first (`watch_all` would deliver only new ones).
        let watch = index.watch_with_history(">").await.map_err(|e| classify(&format!("watch {INDEX_BUCKET}"), e))?;
        let mut caught_up = empty;
        let head = futures::stream::iter(empty.then_some(Ok(IndexEvent::CaughtUp)));
        let rest = watch.flat_map(move |entry| {
            let events: Vec<Result<IndexEvent, LogError>> = match entry {
                Err(e) => vec![Err(classify(&format!("watch {INDEX_BUCKET}"), e))],
                Ok(entry) => {
                    // A deleted or purged key (by an operator) reads as an empty value.
                    let value = if entry.operation == kv::Operation::Put { entry.value } else { Bytes::new() };
                    let mut out = vec![Ok(IndexEvent::Entry { key: entry.key, revision: entry.revision, value })];
                    if !caught_up && entry.delta == 0 {
                        caught_up = true;
                        out.push(Ok(IndexEvent::CaughtUp));
                    }
                    out
                }
            };
            futures::stream::iter(events)
        });
        Ok(head.chain(rest).boxed())
    }

    async fn put_snapshot(&self, match_id: &str, snapshot: Snapshot) -> Result<(), LogError> {
        validate_match_id(match_id)?;
        let Some(snapshots) = &self.snapshots else {
            return Err(read_only("put_snapshot"));
        };
        snapshots.put(match_id, encode_snapshot(&snapshot)).await.map_err(|e| classify(&format!("put snapshot of {match_id}"), e))?;
        Ok(())
    }

    async fn get_snapshot(&self, match_id: &str) -> Result<Option<Snapshot>, LogError> {
        validate_match_id(match_id)?;
        self.snapshot_by_key(match_id, match_id).await
    }

    async fn put_snapshot_at(&self, match_id: &str, snapshot: Snapshot) -> Result<(), LogError> {
        validate_match_id(match_id)?;
        let Some(snapshots) = &self.snapshots else {
            return Err(read_only("put_snapshot_at"));
        };
        let key = crate::snapshot_key_at(match_id, snapshot.version);
        snapshots.put(key.as_str(), encode_snapshot(&snapshot)).await.map_err(|e| classify(&format!("put snapshot {key}"), e))?;
        Ok(())
    }

    async fn get_snapshot_at(&self, match_id: &str, version: u64) -> Result<Option<Snapshot>, LogError> {
        validate_match_id(match_id)?;
        self.snapshot_by_key(match_id, &crate::snapshot_key_at(match_id, version)).await
    }
}
