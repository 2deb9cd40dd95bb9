//! Seat credentials: bearer secrets, kept only as SHA-256 hashes (in the log and here), so any
//! orchestrator instance can check them after a replay. Join codes are random; a seat token is
//! derived from the join (see [`seat_token`]) so that a retried join gets the same token.

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

/// The seat token of a join: SHA-256 of the orchestrator's Ed25519 signature (deterministic,
/// RFC 8032) over the match, the seat, the join code and the seat's entropy. Any orchestrator of
/// the deployment (they share the key) derives the same token for the same join, so a retry
/// whose first answer was lost gets it again; nobody without the signing key can derive it,
/// even knowing the join code and reading the log (which has the entropy), and the signature
/// itself is never shown. The domain tag keeps it from ever being a commit signature.
pub fn seat_token(signer: &fairness::Signer, match_id: &str, seat: u32, join_code: &str, entropy: &[u8]) -> String {
    let mut msg = Vec::with_capacity(64 + match_id.len() + join_code.len() + entropy.len());
    msg.extend_from_slice(SEAT_TOKEN_DOMAIN.as_bytes());
    msg.push(0);
    // Each variable part with its length first, so no two joins share a message.
    for part in [match_id.as_bytes(), &seat.to_be_bytes(), join_code.as_bytes(), entropy] {
        msg.extend_from_slice(&(part.len() as u64).to_be_bytes());
        msg.extend_from_slice(part);
    }
    let signature = signer.sign(&msg);
    format!("seat_{}", hex::encode(Sha256::digest(signature)))
}

const SEAT_TOKEN_DOMAIN: &str = "arbiter-seat-token-v1";

pub fn hash_secret(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

/// The bearer token of a request, if it has one. A malformed header is an error, not "no token".
pub fn bearer_token(metadata: &MetadataMap) -> Result<Option<String>> {
    let Some(value) = metadata.get("authorization") else {
        return Ok(None);
    };
    let text = value.to_str().map_err(|_| OrchestratorError::Unauthenticated("the authorization header is not text".into()))?;
    let token =
        text.strip_prefix("Bearer ").ok_or_else(|| OrchestratorError::Unauthenticated("the authorization header must be \"Bearer <seat token>\"".into()))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_token_is_the_same_for_the_same_join_and_differs_for_any_other() {
        let signer = fairness::Signer::from_seed(&[5; 32]);
        let token = seat_token(&signer, "m1", 0, "join_a", &[1; 32]);
        assert!(token.starts_with("seat_") && token.len() == 5 + 64, "{token}");
        assert_eq!(token, seat_token(&fairness::Signer::from_seed(&[5; 32]), "m1", 0, "join_a", &[1; 32]));
        for other in [
            seat_token(&signer, "m2", 0, "join_a", &[1; 32]),
            seat_token(&signer, "m1", 1, "join_a", &[1; 32]),
            seat_token(&signer, "m1", 0, "join_b", &[1; 32]),
            seat_token(&signer, "m1", 0, "join_a", &[2; 32]),
            seat_token(&fairness::Signer::from_seed(&[6; 32]), "m1", 0, "join_a", &[1; 32]),
        ] {
            assert_ne!(token, other);
        }
    }
}
