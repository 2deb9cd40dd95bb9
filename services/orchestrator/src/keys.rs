//! The orchestrator's Ed25519 signing key, which signs every commit it writes (the signed hash
//! chain of `docs/log.md`). Kept in a key file (hex JSON, mode 0600, created on the first start
//! over an empty log, or on purpose with `--new-key`); every orchestrator of one deployment uses
//! the same file, so any of them can append to and verify any match.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

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
    #[error(
        "the orchestrator key file {path} is not valid: {detail}; fix it, or restore it from a backup (a new key \
             would leave every match made under this one refused)"
    )]
    Invalid { path: String, detail: String },
    #[error(
        "the orchestrator key file {path} is missing, but the match log holds matches signed by an orchestrator \
             key; a new key would make every existing match unverifiable. Restore the key file from a backup, or start \
             with --new-key (ARBITER_ORCHESTRATOR_NEW_KEY=true, `arbiter up --new-keys`) to make a new key on purpose: \
             the matches made under the old key are then refused until its key file is back"
    )]
    Missing { path: String },
}

/// The key file this process signs with, named when a match made under another key is
/// refused (set once by `serve`).
static KEY_FILE: OnceLock<PathBuf> = OnceLock::new();

/// Remember `path` as this process's key file, for [`key_file`].
pub fn remember_key_file(path: &Path) {
    let _ = KEY_FILE.set(path.to_path_buf());
}

/// This process's key file as messages show it.
pub fn key_file() -> String {
    KEY_FILE.get().map_or_else(|| "given by --key-file".to_string(), |p| p.display().to_string())
}

/// Load the key file; it must exist (for a reader of the key, such as the feed's pinning).
pub fn load(path: &Path) -> Result<Signer, KeyError> {
    load_or_create_if(path, eventlog::MissingKey::Refuse)
}

/// Load the key file, or create it with a fresh key (mode 0600) if it does not exist, whatever
/// the log holds: for tests and tools that make a deployment's keys. The orchestrator itself
/// uses [`load_or_create_if`].
pub fn load_or_create(path: &Path) -> Result<Signer, KeyError> {
    load_or_create_if(path, eventlog::MissingKey::Create)
}

/// Load the key file, or, if it does not exist and `if_missing` allows it, create it with a
/// fresh key (mode 0600). `MissingKey::Refuse` (the log holds matches, no `--new-key`) is
/// [`KeyError::Missing`], which says what to do.
pub fn load_or_create_if(path: &Path, if_missing: eventlog::MissingKey) -> Result<Signer, KeyError> {
    let shown = path.display().to_string();
    let io = |source| KeyError::Io { path: shown.clone(), source };
    let invalid = |detail: String| KeyError::Invalid { path: shown.clone(), detail };
    if path.exists() {
        let signer = parse(&std::fs::read(path).map_err(io)?, path)?;
        tracing::info!(path = %shown, public_key = %hex::encode(signer.public_key()), "orchestrator key loaded");
        return Ok(signer);
    }
    if if_missing == eventlog::MissingKey::Refuse {
        return Err(KeyError::Missing { path: shown });
    }
    let mut seed = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut seed);
    let file = KeyFile { purpose: PURPOSE.into(), signing_seed: hex::encode(seed) };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let text = serde_json::to_vec_pretty(&file).map_err(|e| invalid(e.to_string()))?;
    // create_new: two orchestrators starting at once must not both write a key.
    infra::private_file::write_new(path, &text).map_err(io)?;
    let signer = Signer::from_seed(&seed);
    let public_key = hex::encode(signer.public_key());
    if if_missing == eventlog::MissingKey::CreateAsked {
        tracing::warn!(path = %shown, %public_key, "new orchestrator key created (--new-key) although the log holds matches; those made under the old key are refused until its key file is restored");
    } else {
        tracing::info!(path = %shown, %public_key, "new orchestrator key created (the match log holds no commit)");
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_created_private_then_loaded_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("keys").join("orchestrator.json");
        let first = load_or_create(&path).expect("created");
        let again = load(&path).expect("loaded");
        assert_eq!(first.public_key(), again.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("metadata").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, b"{\"purpose\":\"other\",\"signing_seed\":\"00\"}").expect("write");
        assert!(matches!(load(&path), Err(KeyError::Invalid { .. })));
    }

    #[test]
    fn a_new_key_is_made_for_an_empty_log_or_when_asked_and_never_silently_over_matches() {
        use eventlog::MissingKey;
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("keys").join("orchestrator.json");
        // The log holds matches and nobody asked: refused, saying what to do, and no file made.
        let err = load_or_create_if(&path, MissingKey::judge(true, false)).err().expect("refused");
        assert!(matches!(err, KeyError::Missing { .. }), "{err}");
        let err = err.to_string();
        for part in [
            path.display().to_string().as_str(),
            "missing",
            "unverifiable",
            "Restore the key file",
            "--new-key",
            "ARBITER_ORCHESTRATOR_NEW_KEY",
            "arbiter up --new-keys",
        ] {
            assert!(err.contains(part), "{part:?} not in {err}");
        }
        assert!(!path.exists(), "no key file is made on a refusal");
        assert!(matches!(load(&path), Err(KeyError::Missing { .. })), "a reader of the key never makes one");
        // An empty log: a new key, loaded again afterwards whatever the rule says.
        let first = load_or_create_if(&path, MissingKey::judge(false, false)).expect("created").public_key();
        assert_eq!(load_or_create_if(&path, MissingKey::judge(true, false)).expect("loaded").public_key(), first);
        // Asked for: a new key over a log that holds matches, but an existing file is kept.
        let asked = dir.path().join("asked.json");
        assert_ne!(load_or_create_if(&asked, MissingKey::judge(true, true)).expect("made on purpose").public_key(), first);
        assert_eq!(load_or_create_if(&path, MissingKey::judge(true, true)).expect("loaded").public_key(), first);
    }
}
