//! The platform API key: the bearer secret of a tournament platform, needed for the platform
//! operations (CreateMatch, ListMatches, AdjudicateMatch; docs/tournaments.md). `arbiter up`
//! creates it in the data dir (0600) with [`ensure_key`] and passes its file to the
//! orchestrator (`--platform-key-file`); the CLI reads it from there with [`read_key`]. The
//! orchestrator keeps only its SHA-256.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use tonic::metadata::MetadataMap;

use crate::error::{OrchestratorError, Result};

/// Where the key lives under a data dir of `arbiter up`.
pub fn key_path(data_dir: &Path) -> PathBuf {
    data_dir.join("secrets").join("platform.key")
}

/// The key file under `data_dir`, created with a fresh key (readable by its owner only) if it
/// does not exist yet.
pub fn ensure_key(data_dir: &Path) -> std::io::Result<PathBuf> {
    let path = key_path(data_dir);
    if path.exists() {
        return Ok(path);
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    match infra::private_file::write_new(&path, format!("{}\n", crate::auth::new_secret("platform_")).as_bytes()) {
        Ok(()) => {}
        // Created meanwhile by another process: use that one.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    Ok(path)
}

/// The key in `path` (surrounding whitespace removed).
pub fn read_key_file(path: &Path) -> std::io::Result<String> {
    let text = std::fs::read_to_string(path)?;
    let key = text.trim().to_string();
    if key.is_empty() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{} is empty", path.display())));
    }
    Ok(key)
}

/// The key of the `arbiter up` that runs in `data_dir`, if it has created one.
pub fn read_key(data_dir: &Path) -> Option<String> {
    read_key_file(&key_path(data_dir)).ok()
}

/// What the orchestrator checks platform calls against.
#[derive(Clone)]
pub struct PlatformKey {
    hash: Option<Vec<u8>>,
}

impl PlatformKey {
    /// Platform operations need the key in `path`.
    pub fn from_file(path: &Path) -> std::io::Result<Self> {
        Ok(PlatformKey { hash: Some(crate::auth::hash_secret(&read_key_file(path)?)) })
    }

    /// No key configured: platform operations are open to every caller (a deployment without
    /// `--platform-key-file`, as before tournaments; `arbiter up` always configures one).
    pub fn open() -> Self {
        PlatformKey { hash: None }
    }

    /// Whether `token` is the platform key (a platform is a spectator elsewhere).
    pub fn is_key(&self, token: &str) -> bool {
        self.hash.as_deref().is_some_and(|h| equal(h, &crate::auth::hash_secret(token)))
    }

    /// Allow a platform operation: UNAUTHENTICATED without a bearer, PERMISSION_DENIED with
    /// another one.
    pub fn check(&self, metadata: &MetadataMap, what: &str) -> Result<()> {
        let Some(hash) = &self.hash else { return Ok(()) };
        match crate::auth::bearer_token(metadata)? {
            None => Err(OrchestratorError::Unauthenticated(format!(
                "{what} is a platform operation: send \"authorization: Bearer <platform key>\" (the key \
                 `arbiter up` wrote to <data-dir>/secrets/platform.key)"
            ))),
            Some(token) if equal(hash, &crate::auth::hash_secret(&token)) => Ok(()),
            Some(_) => Err(OrchestratorError::PermissionDenied(format!("{what} needs the platform key; the bearer token sent is not it"))),
        }
    }
}

/// Constant-time equality of two hashes.
fn equal(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// SHA-256 of a key, for logs that must not show it.
pub fn fingerprint(key: &str) -> String {
    hex::encode(&Sha256::digest(key.as_bytes())[..4])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metadata(bearer: Option<&str>) -> MetadataMap {
        let mut m = MetadataMap::new();
        if let Some(b) = bearer {
            m.insert("authorization", format!("Bearer {b}").parse().expect("header"));
        }
        m
    }

    #[test]
    fn the_key_is_created_once_private_and_checked() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = ensure_key(dir.path()).expect("create");
        let key = read_key(dir.path()).expect("read");
        assert!(key.starts_with("platform_"));
        assert_eq!(ensure_key(dir.path()).expect("again"), path);
        assert_eq!(read_key(dir.path()).as_deref(), Some(key.as_str()));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777, 0o600);
        }
        let check = PlatformKey::from_file(&path).expect("load");
        assert!(check.check(&metadata(Some(&key)), "x").is_ok());
        assert!(matches!(check.check(&metadata(None), "x"), Err(OrchestratorError::Unauthenticated(_))));
        assert!(matches!(check.check(&metadata(Some("seat_x")), "x"), Err(OrchestratorError::PermissionDenied(_))));
        assert!(PlatformKey::open().check(&metadata(None), "x").is_ok());
    }
}
