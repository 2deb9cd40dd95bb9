//! What backups and restores need of a NATS store, on the admin's connection (`arbiter backup`
//! and `arbiter restore`; docs/reliability.md, "Backups"): the log's layout and the streams it
//! has now, every message of a stream as stored (subject, msg id, headers, stream sequence,
//! payload) up to the last one that exists when the copy starts, what a store already holds,
//! and a copied message put back as it was. The commits themselves go back through
//! [`JetStreamLog::append`] / [`JetStreamLog::append_restored`], the archives through
//! [`crate::JetStreamArchive`], the index entries through [`EventLog::index_put`].

use super::*;

/// How long a copy waits for a message before it asks whether the stream still exists.
const VANISH_CHECK: Duration = Duration::from_secs(2);
/// No message for this long while copying: the server is gone.
const COPY_IDLE: Duration = Duration::from_secs(30);

/// One message of a stream, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopiedMessage {
    pub subject: String,
    /// Its `Nats-Msg-Id` (empty if it had none).
    pub msg_id: String,
    /// Its stream sequence in the store it was copied from.
    pub sequence: u64,
    /// Its other headers, sorted by name (not JetStream's own `Nats-…` headers).
    pub headers: Vec<(String, String)>,
    pub payload: Bytes,
}

/// How a stream copy ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copied {
    /// Every message up to the last one that existed when the copy began: how many.
    Whole(u64),
    /// The stream was not there, or went away during the copy, after `handed` messages.
    Gone { handed: u64 },
}

/// What a store holds of a deployment's log, for a restore that must go into an empty store.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoreContents {
    /// The match log's streams (`MATCHES`, its partitions and periods), by name.
    pub log_streams: Vec<String>,
    /// Messages in the archive bucket's stream.
    pub archive_messages: u64,
    /// Messages in the public feed's stream.
    pub feed_messages: u64,
}

/// A store, as its admin copies it.
pub struct Copier {
    _client: async_nats::Client,
    context: jetstream::Context,
    /// The log's layout record, if it has one.
    recorded: Option<Layout>,
}

impl std::fmt::Debug for Copier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Copier").field("recorded", &self.recorded).finish_non_exhaustive()
    }
}

impl Copier {
    /// Connect to the store at `url` with `auth` (the NATS admin's credential) and read the
    /// log's layout (its record, or the legacy single stream when it has none). Creates nothing.
    pub async fn connect(url: &str, auth: &NatsAuth) -> Result<Copier, LogError> {
        let (client, context, _) = JetStreamLog::context(url, auth, "arbiter-backup").await?;
        let recorded = recorded_layout(&context).await?;
        Ok(Copier { _client: client, context, recorded })
    }

    /// The log's layout: its record, or the legacy single stream of a log without one.
    pub fn layout(&self) -> Layout {
        self.recorded.unwrap_or_default()
    }

    /// The log's layout record, if it has one.
    pub fn recorded_layout(&self) -> Option<Layout> {
        self.recorded
    }

    /// The streams of the log now: the fixed ones, or the period streams that exist (by period,
    /// then partition).
    pub async fn log_streams(&self) -> Result<Vec<String>, LogError> {
        let layout = self.layout();
        if layout.periods().is_none() {
            return Ok(layout.streams());
        }
        let mut names = self.context.stream_names();
        let mut found = Vec::new();
        while let Some(name) = names.next().await {
            let name = name.map_err(|e| classify("list the streams", e))?;
            if let Some(place @ (Some(_), _)) = layout.parse_stream(&name) {
                found.push((place, name));
            }
        }
        found.sort();
        Ok(found.into_iter().map(|(_, name)| name).collect())
    }

    /// Whether the stream `name` exists.
    pub async fn exists(&self, name: &str) -> Result<bool, LogError> {
        stream_exists(&self.context, name).await
    }

    /// Hand every message of stream `name` on `filter` (a subject, possibly with wildcards), in
    /// stream order, to `each`: every one that exists when the copy starts (the copy then ends;
    /// later ones are the next copy's). A stream that is not there, or goes away during the
    /// copy, is [`Copied::Gone`]; an error of `each` stops the copy and is returned.
    pub async fn copy<E: From<LogError>>(&self, name: &str, filter: &str, mut each: impl FnMut(CopiedMessage) -> Result<(), E>) -> Result<Copied, E> {
        let gone = |handed: u64| async move {
            match self.exists(name).await {
                Ok(false) => Ok(Copied::Gone { handed }),
                Ok(true) => Err(None),
                Err(e) => Err(Some(e)),
            }
        };
        // An error, unless the stream is gone (then how far the copy got).
        macro_rules! or_gone {
            ($result:expr, $handed:expr, $what:expr) => {
                match $result {
                    Ok(value) => value,
                    Err(e) => {
                        return match gone($handed).await {
                            Ok(copied) => Ok(copied),
                            Err(None) => Err(classify(&format!("{} {name}", $what), e).into()),
                            Err(Some(e)) => Err(e.into()),
                        }
                    }
                }
            };
        }
        let stream = or_gone!(self.context.get_stream_no_info(name).await, 0, "open stream");
        let consumer =
            stream.create_consumer(OrderedConfig { filter_subject: filter.to_string(), deliver_policy: DeliverPolicy::All, ..Default::default() }).await;
        let consumer = or_gone!(consumer, 0, "create a consumer on");
        // The messages on the filter when the consumer was made: the copy ends after them.
        let total = consumer.cached_info().num_pending;
        if total == 0 {
            return Ok(Copied::Whole(0));
        }
        let mut messages = or_gone!(consumer.messages().await, 0, "read");
        let (mut handed, mut unread, mut idle) = (0u64, 1u64, Duration::ZERO);
        loop {
            let message = match tokio::time::timeout(VANISH_CHECK, messages.next()).await {
                Ok(Some(message)) => or_gone!(message, handed, "read"),
                Ok(None) => return Err(LogError::Unavailable(format!("the consumer of {name} ended after {handed} messages")).into()),
                Err(_) => {
                    if let Ok(copied) = gone(handed).await {
                        return Ok(copied);
                    }
                    idle += VANISH_CHECK;
                    if idle >= COPY_IDLE {
                        return Err(LogError::Unavailable(format!("no message of {name} arrived for {COPY_IDLE:?} after {handed}: is NATS up?")).into());
                    }
                    continue;
                }
            };
            idle = Duration::ZERO;
            let sequence = message.info().map_err(|e| LogError::Other(format!("a message of {name} without stream info: {e}")))?.stream_sequence;
            if sequence < unread {
                // Already handed: see `OrderedRestart`.
                continue;
            }
            unread = sequence.saturating_add(1);
            let mut msg_id = String::new();
            let mut headers = Vec::new();
            if let Some(map) = &message.headers {
                for (key, values) in map.iter() {
                    let key = key.to_string();
                    for value in values {
                        if key.eq_ignore_ascii_case("Nats-Msg-Id") {
                            msg_id = value.as_str().to_string();
                        } else if !key.to_ascii_lowercase().starts_with("nats-") {
                            // JetStream's own headers (the expected sequences the publisher
                            // sent) are stored with the message; put back, they would be
                            // obeyed again.
                            headers.push((key.clone(), value.as_str().to_string()));
                        }
                    }
                }
            }
            headers.sort();
            handed += 1;
            each(CopiedMessage { subject: message.subject.to_string(), msg_id, sequence, headers, payload: message.payload.clone() })?;
            if handed >= total {
                return Ok(Copied::Whole(handed));
            }
        }
    }

    /// The archive bucket, read-only, or `None` if it does not exist.
    pub async fn archives(&self) -> Result<Option<crate::JetStreamArchive>, LogError> {
        crate::JetStreamArchive::on_context(&self.context).await
    }

    /// The value of `key` in the match index, if the bucket and the key exist.
    pub async fn index_entry(&self, key: &str) -> Result<Option<Bytes>, LogError> {
        let index = match self.context.get_key_value(INDEX_BUCKET).await {
            Ok(index) => index,
            Err(e) => match self.exists(&format!("KV_{INDEX_BUCKET}")).await? {
                false => return Ok(None),
                true => return Err(classify(&format!("the match index {INDEX_BUCKET}"), e)),
            },
        };
        let entry = index.entry(key).await.map_err(|e| classify(&format!("index entry {key}"), e))?;
        Ok(entry.filter(|e| e.operation == kv::Operation::Put).map(|e| e.value))
    }

    /// What the store holds of a log: its streams, and the messages of the archive bucket and
    /// of the feed.
    pub async fn contents(&self) -> Result<StoreContents, LogError> {
        let mut contents = StoreContents::default();
        let mut names = self.context.stream_names();
        let archive_stream = format!("OBJ_{}", crate::ARCHIVE_BUCKET);
        while let Some(name) = names.next().await {
            let name = name.map_err(|e| classify("list the streams", e))?;
            let messages = || async {
                let mut stream = self.context.get_stream(&name).await.map_err(|e| classify(&format!("stream {name}"), e))?;
                Ok::<u64, LogError>(stream.info().await.map_err(|e| classify(&format!("stream {name} info"), e))?.state.messages)
            };
            if name == archive_stream {
                contents.archive_messages = messages().await?;
            } else if name == crate::auth::FEED_STREAM {
                contents.feed_messages = messages().await?;
            } else if name == STREAM || (name.starts_with(&format!("{STREAM}_")) && name != LAYOUT_STREAM) {
                contents.log_streams.push(name);
            }
        }
        contents.log_streams.sort();
        Ok(contents)
    }

    /// Put a copied message back on its subject with its msg id and headers, if the subject's
    /// last message is still at `expected_last_subject_sequence` (0: none yet); its new stream
    /// sequence. The stream that takes its subject must exist.
    pub async fn put(&self, message: &CopiedMessage, expected_last_subject_sequence: u64) -> Result<u64, LogError> {
        let mut publish = Publish::build().payload(message.payload.clone()).expected_last_subject_sequence(expected_last_subject_sequence);
        if !message.msg_id.is_empty() {
            publish = publish.message_id(message.msg_id.as_str());
        }
        for (key, value) in &message.headers {
            publish = publish.header(key.as_str(), value.as_str());
        }
        let what = format!("put back a message of {}", message.subject);
        let ack = self.context.send_publish(message.subject.clone(), publish).await.map_err(|e| classify(&what, e))?;
        Ok(ack.await.map_err(|e| classify(&what, e))?.sequence)
    }
}
