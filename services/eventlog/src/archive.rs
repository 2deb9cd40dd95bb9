//! Archive storage: where a sealed match's log goes once it has ended long enough ago.
//!
//! An archive is one opaque blob per match (its layout, the manifest and the stored bytes of
//! every commit, belongs to the orchestrator's `archive` module and `docs/architecture.md`,
//! "Sealed archives"): this crate stores and returns bytes, as it does for commits. Archive
//! storage is untrusted: every reader verifies what it gets (the manifest's signature, the
//! chain), so an implementation only has to return what was last put, or report it absent.
//!
//! - [`JetStreamArchive`]: the JetStream Object Store bucket [`ARCHIVE_BUCKET`], one object
//!   per match named by its id (an object is written whole: its metadata, naming its chunks,
//!   is published last, so a reader sees the previous archive or the new one, never half).
//!   An object is read here, not by async-nats' object reader: its chunks by message get,
//!   then checked against the size, chunk count and SHA-256 digest its metadata recorded when
//!   it was written. Stored bytes that changed since (bit rot, an edit of the store's files)
//!   are [`LogError::Corrupt`] naming the match and what differs, never a transient error: a
//!   client retrying would never see them right. (async-nats' reader reports a wrong digest
//!   as an I/O error and can panic while it creates its consumer, e.g. on a timeout.)
//! - [`MemoryArchive`]: the same in memory, for unit tests.

use std::collections::BTreeMap;
use std::sync::Mutex;

use async_nats::jetstream::object_store::{self, InfoErrorKind, PutErrorKind};
use async_nats::jetstream::stream::{RawMessageErrorKind, StorageType};
use base64::engine::general_purpose::URL_SAFE;
use base64::Engine;
use bytes::Bytes;
use futures::StreamExt;
use sha2::{Digest, Sha256};

use crate::{validate_match_id, JetStreamLog, LogError};

/// The JetStream Object Store bucket of sealed match archives (stream `OBJ_MATCH_ARCHIVE`).
pub const ARCHIVE_BUCKET: &str = "MATCH_ARCHIVE";

/// Where sealed archives are kept: one blob per match, replaced whole by a new put.
#[async_trait::async_trait]
pub trait Archive: Send + Sync + 'static {
    /// Store `blob` as the archive of `match_id`, replacing any earlier one.
    async fn put(&self, match_id: &str, blob: Bytes) -> Result<(), LogError>;

    /// The archive of `match_id` as last put, or `None` if there is none. Bytes the storage
    /// itself finds changed since they were put are [`LogError::Corrupt`].
    async fn get(&self, match_id: &str) -> Result<Option<Bytes>, LogError>;

    /// The match ids of every archive stored, sorted (backups, `arbiter verify-log`).
    async fn list(&self) -> Result<Vec<String>, LogError>;
}

/// Archives in memory (unit tests).
#[derive(Default)]
pub struct MemoryArchive {
    blobs: Mutex<BTreeMap<String, Bytes>>,
}

impl MemoryArchive {
    pub fn new() -> Self {
        Self::default()
    }
}

#[async_trait::async_trait]
impl Archive for MemoryArchive {
    async fn put(&self, match_id: &str, blob: Bytes) -> Result<(), LogError> {
        validate_match_id(match_id)?;
        let mut blobs = self.blobs.lock().map_err(|_| LogError::Other("the memory archive is poisoned".into()))?;
        blobs.insert(match_id.to_string(), blob);
        Ok(())
    }

    async fn get(&self, match_id: &str) -> Result<Option<Bytes>, LogError> {
        validate_match_id(match_id)?;
        let blobs = self.blobs.lock().map_err(|_| LogError::Other("the memory archive is poisoned".into()))?;
        Ok(blobs.get(match_id).cloned())
    }

    async fn list(&self) -> Result<Vec<String>, LogError> {
        let blobs = self.blobs.lock().map_err(|_| LogError::Other("the memory archive is poisoned".into()))?;
        Ok(blobs.keys().cloned().collect())
    }
}

/// Archives in the JetStream Object Store bucket [`ARCHIVE_BUCKET`], on the connection of a
/// [`JetStreamLog`] opened by the orchestrator (the role allowed to write it, `auth`).
#[derive(Clone)]
pub struct JetStreamArchive {
    store: object_store::ObjectStore,
    /// The bucket's stream (`OBJ_MATCH_ARCHIVE`), whose chunks `get` reads one by one.
    chunks: async_nats::jetstream::stream::Stream<()>,
    /// Opened by the archive job ([`Self::open_read_only`]): `put` is refused.
    read_only: bool,
}

impl std::fmt::Debug for JetStreamArchive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JetStreamArchive").field("bucket", &ARCHIVE_BUCKET).finish_non_exhaustive()
    }
}

impl JetStreamArchive {
    /// The archive bucket on `log`'s connection, created (file storage, `replicas` replicas,
    /// no age limit) if it does not exist yet.
    pub async fn open(log: &JetStreamLog, replicas: usize) -> Result<Self, LogError> {
        let context = log.jetstream_context();
        let store = match context.get_object_store(ARCHIVE_BUCKET).await {
            Ok(store) => store,
            Err(get_err) => {
                let config = object_store::Config {
                    bucket: ARCHIVE_BUCKET.to_string(),
                    description: Some("Arbiter sealed match archives (manifest and the stored bytes of every commit)".into()),
                    storage: StorageType::File,
                    num_replicas: replicas.max(1),
                    ..Default::default()
                };
                match context.create_object_store(config).await {
                    Ok(store) => store,
                    // Another orchestrator may have created it meanwhile: look again.
                    Err(create_err) => context.get_object_store(ARCHIVE_BUCKET).await.map_err(|_| {
                        crate::jetstream::classify(&format!("cannot get or create the object store {ARCHIVE_BUCKET}; get: {get_err}; create"), create_err)
                    })?,
                }
            }
        };
        Self::with_store(log.jetstream_context(), store, false).await
    }

    async fn with_store(context: &async_nats::jetstream::Context, store: object_store::ObjectStore, read_only: bool) -> Result<Self, LogError> {
        let name = format!("OBJ_{ARCHIVE_BUCKET}");
        // No request is made (no STREAM.INFO right needed).
        let chunks = context.get_stream_no_info(&name).await.map_err(|e| LogError::Other(format!("stream {name}: {e}")))?;
        Ok(JetStreamArchive { store, chunks, read_only })
    }

    /// The archive bucket at `url`, for reading only, on a connection of its own with `auth`
    /// (a backup, `arbiter verify-log`); `None` when the bucket does not exist (no match was
    /// ever sealed).
    pub async fn connect_read_only(url: &str, auth: &crate::NatsAuth) -> Result<Option<Self>, LogError> {
        let (_, context, _) = JetStreamLog::context(url, auth, "arbiter-archive-reader").await?;
        Self::on_context(&context).await
    }

    /// The archive bucket on `context`, for reading only; `None` when it does not exist.
    pub(crate) async fn on_context(context: &async_nats::jetstream::Context) -> Result<Option<Self>, LogError> {
        match context.get_object_store(ARCHIVE_BUCKET).await {
            Ok(store) => Self::with_store(context, store, true).await.map(Some),
            Err(e) => match crate::jetstream::stream_exists(context, &format!("OBJ_{ARCHIVE_BUCKET}")).await? {
                false => Ok(None),
                true => Err(crate::jetstream::classify(&format!("the archive bucket {ARCHIVE_BUCKET}"), e)),
            },
        }
    }

    /// The archive bucket on `log`'s connection, for reading only (the archive job, which may
    /// neither create nor write it): an error if it does not exist.
    pub async fn open_read_only(log: &JetStreamLog) -> Result<Self, LogError> {
        let store = log
            .jetstream_context()
            .get_object_store(ARCHIVE_BUCKET)
            .await
            .map_err(|e| crate::jetstream::classify(&format!("the archive bucket {ARCHIVE_BUCKET} (an orchestrator's archiver creates it)"), e))?;
        Self::with_store(log.jetstream_context(), store, true).await
    }

    /// Read the chunks of the object `info` describes (one message get each: no consumer, so
    /// no consumer to recover after a reconnect) and check them against its metadata.
    async fn read_object(&self, match_id: &str, info: &object_store::ObjectInfo) -> Result<Bytes, LogError> {
        let refused = |what: String| LogError::Corrupt(format!("the archive of match {match_id} is refused: {what}"));
        if info.options.as_ref().is_some_and(|o| o.link.is_some()) {
            return Err(refused("its object is a link to another object, not an archive".into()));
        }
        let subject = format!("$O.{ARCHIVE_BUCKET}.C.{}", info.nuid);
        let mut out = Vec::with_capacity(info.size);
        let mut next = 1u64;
        for chunk in 0..info.chunks {
            let message = match self.chunks.get_first_raw_message_by_subject(&subject, next).await {
                Ok(message) => message,
                Err(e) if e.kind() == RawMessageErrorKind::NoMessageFound => {
                    return Err(refused(format!("its metadata names {} chunks, the bucket holds {chunk}", info.chunks)));
                }
                Err(e) => return Err(crate::jetstream::classify(&format!("read chunk {} of the archive of {match_id}", chunk + 1), e)),
            };
            out.extend_from_slice(&message.payload);
            next = message.sequence.saturating_add(1);
        }
        if out.len() != info.size {
            return Err(refused(format!("its chunks hold {} bytes, its metadata says {}", out.len(), info.size)));
        }
        let digest = format!("SHA-256={}", URL_SAFE.encode(Sha256::digest(&out)));
        match &info.digest {
            Some(recorded) if *recorded == digest => Ok(Bytes::from(out)),
            Some(recorded) => Err(refused(format!(
                "its stored bytes hash to {digest}, not to the digest {recorded} recorded when it was written (the stored object changed)"
            ))),
            None => Err(refused("its metadata records no digest".into())),
        }
    }
}

#[async_trait::async_trait]
impl Archive for JetStreamArchive {
    async fn put(&self, match_id: &str, blob: Bytes) -> Result<(), LogError> {
        validate_match_id(match_id)?;
        if self.read_only {
            return Err(LogError::Refused(format!("the archive of {match_id} is not written: this archive bucket was opened read-only")));
        }
        let mut reader: &[u8] = blob.as_ref();
        match self.store.put(match_id, &mut reader).await {
            Ok(_) => Ok(()),
            // The new archive is in place (its metadata was published); only the chunks of the
            // one it replaced are left, because no service may purge the bucket (`auth`): an
            // operator reclaims them. Replacing happens only for an archive that failed its check.
            Err(e) if e.kind() == PutErrorKind::PurgeOldChunks => {
                tracing::warn!(match_id, error = %e, "the replaced archive's chunks are left in {ARCHIVE_BUCKET}");
                Ok(())
            }
            Err(e) => Err(crate::jetstream::classify(&format!("put the archive of {match_id}"), e)),
        }
    }

    async fn get(&self, match_id: &str) -> Result<Option<Bytes>, LogError> {
        validate_match_id(match_id)?;
        let info = match self.store.info(match_id).await {
            Ok(info) if info.deleted => return Ok(None),
            Ok(info) => info,
            Err(e) if e.kind() == InfoErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(crate::jetstream::classify(&format!("get the archive of {match_id}"), e)),
        };
        self.read_object(match_id, &info).await.map(Some)
    }

    async fn list(&self) -> Result<Vec<String>, LogError> {
        let mut listing = self.store.list().await.map_err(|e| crate::jetstream::classify(&format!("list {ARCHIVE_BUCKET}"), e))?;
        let mut names = Vec::new();
        while let Some(info) = listing.next().await {
            let info = info.map_err(|e| crate::jetstream::classify(&format!("list {ARCHIVE_BUCKET}"), e))?;
            if !info.deleted {
                names.push(info.name);
            }
        }
        names.sort();
        names.dedup();
        Ok(names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_memory_archive_returns_the_last_put() {
        let archive = MemoryArchive::new();
        assert_eq!(archive.get("m").await.unwrap(), None);
        archive.put("m", Bytes::from_static(b"one")).await.unwrap();
        archive.put("m", Bytes::from_static(b"two")).await.unwrap();
        assert_eq!(archive.get("m").await.unwrap(), Some(Bytes::from_static(b"two")));
        assert!(archive.put("a.b", Bytes::new()).await.is_err());
    }
}
