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
//! - [`MemoryArchive`]: the same in memory, for unit tests.

use std::collections::BTreeMap;
use std::sync::Mutex;

use async_nats::jetstream::object_store::{self, GetErrorKind, PutErrorKind};
use async_nats::jetstream::stream::StorageType;
use bytes::Bytes;
use tokio::io::AsyncReadExt;

use crate::{validate_match_id, JetStreamLog, LogError};

/// The JetStream Object Store bucket of sealed match archives (stream `OBJ_MATCH_ARCHIVE`).
pub const ARCHIVE_BUCKET: &str = "MATCH_ARCHIVE";

/// Where sealed archives are kept: one blob per match, replaced whole by a new put.
#[async_trait::async_trait]
pub trait Archive: Send + Sync + 'static {
    /// Store `blob` as the archive of `match_id`, replacing any earlier one.
    async fn put(&self, match_id: &str, blob: Bytes) -> Result<(), LogError>;

    /// The archive of `match_id` as last put, or `None` if there is none.
    async fn get(&self, match_id: &str) -> Result<Option<Bytes>, LogError>;
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
}

/// Archives in the JetStream Object Store bucket [`ARCHIVE_BUCKET`], on the connection of a
/// [`JetStreamLog`] opened by the orchestrator (the role allowed to write it, `auth`).
#[derive(Clone)]
pub struct JetStreamArchive {
    store: object_store::ObjectStore,
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
        Ok(JetStreamArchive { store, read_only: false })
    }

    /// The archive bucket on `log`'s connection, for reading only (the archive job, which may
    /// neither create nor write it): an error if it does not exist.
    pub async fn open_read_only(log: &JetStreamLog) -> Result<Self, LogError> {
        let store = log
            .jetstream_context()
            .get_object_store(ARCHIVE_BUCKET)
            .await
            .map_err(|e| crate::jetstream::classify(&format!("the archive bucket {ARCHIVE_BUCKET} (an orchestrator's archiver creates it)"), e))?;
        Ok(JetStreamArchive { store, read_only: true })
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
        let mut object = match self.store.get(match_id).await {
            Ok(object) => object,
            Err(e) if e.kind() == GetErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(crate::jetstream::classify(&format!("get the archive of {match_id}"), e)),
        };
        let mut out = Vec::with_capacity(object.info().size);
        object.read_to_end(&mut out).await.map_err(|e| crate::jetstream::classify(&format!("read the archive of {match_id}"), e))?;
        Ok(Some(Bytes::from(out)))
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
