//! The service's secrets: the master secret, from which each match's secret is derived (so the
//! service keeps no per-match state), and the Ed25519 signing key, both in one key file (0600).
//!
//! Must never: replace an existing key file, or make new keys silently while the log holds
//! matches made under the old ones (they would no longer verify).

use std::path::{Path, PathBuf};

use fairness::Signer;
use rand::RngCore;

/// The service's secrets, as kept in its key file (hex JSON, created on first start).
#[derive(serde::Serialize, serde::Deserialize)]
struct KeyFile {
    scheme: String,
    master_secret: String,
    signing_seed: String,
}

/// The master secret and the signing key, and the file they came from.
pub struct Keys {
    pub(crate) master: [u8; 32],
    pub(crate) signer: Signer,
    /// Named when a match made under other keys is refused (`None`: keys not from a file).
    pub(crate) file: Option<PathBuf>,
}

impl Keys {
    pub fn from_bytes(master: [u8; 32], signing_seed: [u8; 32]) -> Self {
        Keys { master, signer: Signer::from_seed(&signing_seed), file: None }
    }

    /// Load the key file, or create it with fresh secrets (mode 0600) if it does not exist,
    /// whatever the log holds: for tests and tools that make a deployment's keys. The service
    /// itself uses [`Keys::load_or_create_if`].
    pub fn load_or_create(path: &Path) -> anyhow::Result<Self> {
        Keys::load_or_create_if(path, eventlog::MissingKey::Create)
    }

    /// Load the key file, or, if it does not exist and `if_missing` allows it, create it with
    /// fresh secrets (mode 0600). `MissingKey::Refuse` (the log holds matches, no `--new-key`)
    /// is an error saying what to do: new keys would make every existing match unverifiable.
    pub fn load_or_create_if(path: &Path, if_missing: eventlog::MissingKey) -> anyhow::Result<Self> {
        if path.exists() {
            let keys = Keys::parse(&std::fs::read(path)?, path)?;
            tracing::info!(path = %path.display(), public_key = %hex::encode(keys.signer.public_key()), "keys loaded");
            return Ok(Keys { file: Some(path.to_path_buf()), ..keys });
        }
        if if_missing == eventlog::MissingKey::Refuse {
            anyhow::bail!(
                "the randomness key file {} is missing, but the match log holds matches whose draws were made with a \
                 randomness key; new keys would make every existing match unverifiable (its draws would not match its \
                 commitment). Restore the key file from a backup, or start with --new-key (ARBITER_RANDOMNESS_NEW_KEY=true, \
                 `arbiter up --new-keys`) to make new keys on purpose: the matches made under the old keys are then \
                 refused until their key file is back",
                path.display()
            );
        }
        let mut master = [0u8; 32];
        let mut seed = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut master);
        rand::rngs::OsRng.fill_bytes(&mut seed);
        let file = KeyFile { scheme: fairness::SCHEME.into(), master_secret: hex::encode(master), signing_seed: hex::encode(seed) };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        infra::private_file::write_new(path, &serde_json::to_vec_pretty(&file)?)?;
        let keys = Keys { file: Some(path.to_path_buf()), ..Keys::from_bytes(master, seed) };
        let public_key = hex::encode(keys.signer.public_key());
        if if_missing == eventlog::MissingKey::CreateAsked {
            tracing::warn!(path = %path.display(), %public_key, "new keys created (--new-key) although the log holds matches; those made under the old keys are refused until their key file is restored");
        } else {
            tracing::info!(path = %path.display(), %public_key, "new keys created (the match log holds no commit)");
        }
        Ok(keys)
    }

    /// The keys a key file's content holds (`path` only names the file in errors): what
    /// [`Keys::load_or_create`] loads, for a caller that has the bytes, such as `arbiter
    /// restore` checking backed-up keys before it writes the file.
    pub fn parse(bytes: &[u8], path: &Path) -> anyhow::Result<Self> {
        let decode = |field: &str, text: &str| -> anyhow::Result<[u8; 32]> {
            let bytes = hex::decode(text).map_err(|e| anyhow::anyhow!("{field} in {} is not hex: {e}", path.display()))?;
            bytes.try_into().map_err(|_| anyhow::anyhow!("{field} in {} must be 32 bytes", path.display()))
        };
        let file: KeyFile = serde_json::from_slice(bytes).map_err(|e| anyhow::anyhow!("the key file {} is not valid: {e}", path.display()))?;
        Ok(Keys::from_bytes(decode("master_secret", &file.master_secret)?, decode("signing_seed", &file.signing_seed)?))
    }

    pub fn public_key(&self) -> [u8; 32] {
        self.signer.public_key()
    }
}
