//! The orchestrator's Ed25519 signing key, which signs every commit it writes (the signed hash
//! chain of `docs/log.md`). Kept in a key file (hex JSON, mode 0600, created on first start);
//! every orchestrator of one deployment uses the same file, so any of them can append to and
//! verify any match.

use std::path::Path;

use fairness::Signer;
use rand::RngCore;

/// The key file's content.
#[derive(serde::Serialize, serde::Deserialize)]
struct KeyFile {
    /// What the key is for, so a randomness key file passed here by mistake is refused.
    purpose: String,
    signing_seed: String,
}

const PURPOSE: &str = "arbiter-orchestrator-log-signing";

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("cannot read or write the orchestrator key file {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("the orchestrator key file {path} is not valid: {detail}; fix it or remove it to create a new key (old matches then no longer verify)")]
    Invalid { path: String, detail: String },
}

/// Load the key file, or create it with a fresh key (mode 0600) if it does not exist.
pub fn load_or_create(path: &Path) -> Result<Signer, KeyError> {
    let shown = path.display().to_string();
    let io = |source| KeyError::Io { path: shown.clone(), source };
    let invalid = |detail: String| KeyError::Invalid { path: shown.clone(), detail };
    if path.exists() {
        let signer = parse(&std::fs::read(path).map_err(io)?, path)?;
        tracing::info!(path = %shown, public_key = %hex::encode(signer.public_key()), "orchestrator key loaded");
        return Ok(signer);
    }
    let mut seed = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut seed);
    let file = KeyFile { purpose: PURPOSE.into(), signing_seed: hex::encode(seed) };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let text = serde_json::to_vec_pretty(&file).map_err(|e| invalid(e.to_string()))?;
    write_private(path, &text).map_err(io)?;
    let signer = Signer::from_seed(&seed);
    tracing::info!(path = %shown, public_key = %hex::encode(signer.public_key()), "new orchestrator key created");
    Ok(signer)
}

/// The key a key file's content holds (`path` only names the file in errors): what
/// [`load_or_create`] loads, for a caller that has the bytes, such as `arbiter restore`
/// checking a backed-up key before it writes the file.
pub fn parse(bytes: &[u8], path: &Path) -> Result<Signer, KeyError> {
    let invalid = |detail: String| KeyError::Invalid { path: path.display().to_string(), detail };
    let file: KeyFile = serde_json::from_slice(bytes).map_err(|e| invalid(e.to_string()))?;
    if file.purpose != PURPOSE {
        return Err(invalid(format!("its purpose is {:?}, not {PURPOSE:?}", file.purpose.chars().take(40).collect::<String>())));
    }
    let seed: [u8; 32] = hex::decode(file.signing_seed.trim())
        .map_err(|e| invalid(format!("signing_seed is not hex: {e}")))?
        .try_into()
        .map_err(|_| invalid("signing_seed must be 32 bytes".into()))?;
    Ok(Signer::from_seed(&seed))
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    // create_new: two orchestrators starting at once must not both write a key.
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    f.write_all(bytes)
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_created_private_then_loaded_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("keys").join("orchestrator.json");
        let first = load_or_create(&path).expect("created");
        let again = load_or_create(&path).expect("loaded");
        assert_eq!(first.public_key(), again.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("metadata").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, b"{\"purpose\":\"other\",\"signing_seed\":\"00\"}").expect("write");
        assert!(matches!(load_or_create(&path), Err(KeyError::Invalid { .. })));
    }
}
