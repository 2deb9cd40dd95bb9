//! A connection to the NATS of the log with one of the project's credentials: what the
//! services and the CLI use beside the log itself (core subjects such as the wait notices, the
//! `FEED` stream, a stream's state), so that this crate alone speaks NATS and the others never
//! name a NATS type.

use std::time::Duration;

use async_nats::jetstream;
use bytes::Bytes;
use futures::{Stream, StreamExt};

use crate::auth::NatsAuth;
use crate::LogError;

/// How long a connection attempt waits for the server.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A message as a reader gets it: its subject, headers (name, value) and payload.
#[derive(Clone, Debug)]
pub struct Received {
    pub subject: String,
    pub headers: Vec<(String, String)>,
    pub payload: Bytes,
}

impl Received {
    /// The value of header `name`, if the message has it.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

pub(crate) fn headers_of(map: Option<&async_nats::HeaderMap>) -> Vec<(String, String)> {
    let Some(map) = map else { return Vec::new() };
    map.iter().flat_map(|(name, values)| values.iter().map(move |v| (name.to_string(), v.as_str().to_string()))).collect()
}

pub(crate) fn header_map(headers: &[(&str, &str)]) -> async_nats::HeaderMap {
    let mut map = async_nats::HeaderMap::new();
    for (name, value) in headers {
        map.insert(*name, *value);
    }
    map
}

/// A connection to the NATS of the log with one role's credential (core NATS and JetStream).
#[derive(Clone, Debug)]
pub struct Connection {
    client: async_nats::Client,
    context: jetstream::Context,
}

impl Connection {
    /// Connect to `url` (comma-separated for a cluster) as `auth`, named `name` on the server.
    /// A refused credential is named as such (`LogError::Refused`), since retrying cannot help.
    pub async fn connect(url: &str, auth: &NatsAuth, name: &str) -> Result<Connection, LogError> {
        let urls: Vec<String> = url.split(',').map(str::trim).filter(|u| !u.is_empty()).map(str::to_string).collect();
        let client = auth.connect_options().await?.name(name).connection_timeout(CONNECT_TIMEOUT).connect(urls).await.map_err(|e| match e.kind() {
            async_nats::ConnectErrorKind::AuthorizationViolation => LogError::Refused(format!("NATS at {url} refused the credentials: {e}")),
            _ => LogError::Unavailable(format!("cannot connect to NATS at {url}: {e}")),
        })?;
        let context = jetstream::new(client.clone());
        Ok(Connection { client, context })
    }

    /// Publish `payload` on the core subject `subject` (no store: whoever subscribes gets it).
    pub async fn publish(&self, subject: &str, payload: Bytes) -> Result<(), LogError> {
        self.client.publish(subject.to_string(), payload).await.map_err(|e| LogError::Unavailable(format!("publish to {subject}: {e}")))
    }

    /// Follow the core subject `subject` (wildcards allowed) from now on; the stream ends when
    /// the connection is closed for good.
    pub async fn subscribe(&self, subject: &str) -> Result<impl Stream<Item = Received> + Send + Unpin, LogError> {
        let sub = self.client.subscribe(subject.to_string()).await.map_err(|e| LogError::Unavailable(format!("subscribe to {subject}: {e}")))?;
        // The server has the subscription before this returns: nothing published after is missed.
        self.client.flush().await.map_err(|e| LogError::Unavailable(format!("subscribe to {subject}: {e}")))?;
        Ok(sub.map(|m| Received { subject: m.subject.to_string(), headers: headers_of(m.headers.as_ref()), payload: m.payload }))
    }

    /// What the stream `name` holds now: `None` when there is no such stream.
    pub async fn stream_state(&self, name: &str) -> Result<Option<StreamState>, LogError> {
        match crate::jetstream::stream_exists(&self.context, name).await? {
            false => Ok(None),
            true => {
                let mut stream = self.context.get_stream(name).await.map_err(|e| crate::jetstream::classify(&format!("stream {name}"), e))?;
                let info = stream.info().await.map_err(|e| crate::jetstream::classify(&format!("stream {name} info"), e))?;
                let leader = info.cluster.as_ref().and_then(|c| c.leader.clone());
                Ok(Some(StreamState { messages: info.state.messages, bytes: info.state.bytes, leader }))
            }
        }
    }

    /// The log's layout as the store records it (the default when none is recorded yet).
    pub async fn layout(&self) -> Result<crate::Layout, LogError> {
        Ok(crate::recorded_layout(&self.context).await?.unwrap_or_default())
    }

    pub(crate) fn context(&self) -> &jetstream::Context {
        &self.context
    }
}

/// What a stream holds at one moment, and which server leads it (`None`: one node, or no
/// leader now).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StreamState {
    pub messages: u64,
    pub bytes: u64,
    pub leader: Option<String>,
}
