//! Seat credentials: random bearer secrets, kept only as SHA-256 hashes (in the log and here),
//! so any orchestrator instance can check them after a replay.

use rand::RngCore;
use sha2::{Digest, Sha256};
use tonic::metadata::MetadataMap;

use crate::error::{OrchestratorError, Result};

/// A fresh 256-bit secret, hex-encoded, with a readable prefix (`join_` or `seat_`).
pub fn new_secret(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    format!("{prefix}{}", hex::encode(bytes))
}

pub fn hash_secret(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

/// The bearer token of a request, if it has one. A malformed header is an error, not "no token".
pub fn bearer_token(metadata: &MetadataMap) -> Result<Option<String>> {
    let Some(value) = metadata.get("authorization") else {
        return Ok(None);
    };
    let text = value
        .to_str()
        .map_err(|_| OrchestratorError::Unauthenticated("the authorization header is not text".into()))?;
    let token = text.strip_prefix("Bearer ").ok_or_else(|| {
        OrchestratorError::Unauthenticated("the authorization header must be \"Bearer <seat token>\"".into())
    })?;
    let token = token.trim();
    if token.len() > crate::limits::MAX_TOKEN_LEN {
        return Err(OrchestratorError::Unauthenticated(format!(
            "the seat token is {} bytes long; seat tokens are at most {} (use the token JoinMatch returned)",
            token.len(),
            crate::limits::MAX_TOKEN_LEN
        )));
    }
    Ok(Some(token.to_string()))
}
