//! The signed hash chain of a match log (log format 2, specified in `docs/log.md`).
//!
//! A commit's stored bytes are `body ‖ 0x7a ‖ 0x40 ‖ sig`: `body` is the protobuf encoding of
//! the commit without its `signature` field (field 15), and the trailer is that field, written
//! by hand so it is always last. `sig` is Ed25519 over `"arbiter/log/v2/commit" ‖ 0x00 ‖ body`.
//! Each commit's `prev_hash` is SHA-256 of the previous commit's whole stored bytes. Everything
//! is checked on the stored bytes as they are: nothing is decoded and re-encoded to check it.
//!
//! The caller decodes the commit (this crate knows no protobuf types) and passes the fields
//! the chain needs in a [`Link`].

use sha2::{Digest, Sha256};

use crate::sign::{check_signature, parse_public_key};
use crate::Signer;

/// The value of `Commit.log_format` for the signed hash chain.
pub const LOG_FORMAT_SIGNED: u32 = 2;

/// Domain-separation prefix of the signed message (followed by one 0x00 byte, then the body).
pub const COMMIT_DOMAIN: &str = "arbiter/log/v2/commit";

/// The protobuf key of `Commit.signature` (field 15, length-delimited) and the length byte of
/// a 64-byte signature: the first two bytes of the trailer.
const TRAILER_PREFIX: [u8; 2] = [(15 << 3) | 2, 64];
const TRAILER_LEN: usize = 2 + 64;

/// Why a commit does not continue the chain.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    #[error("it uses log format {found}, but this match's log uses format {expected}")]
    Format { expected: u32, found: u32 },
    #[error("its prev_hash is not the SHA-256 of the previous commit's stored bytes")]
    PrevHash,
    #[error("it does not end with a 64-byte signature field (field 15)")]
    NoSignature,
    #[error("its signature does not verify under the orchestrator key {0}")]
    BadSignature(String),
    #[error("the orchestrator public key {0} is not a valid Ed25519 key")]
    BadKey(String),
}

/// What the chain checks of one decoded commit.
#[derive(Clone, Copy, Debug)]
pub struct Link<'a> {
    /// The commit's bytes exactly as stored in the log.
    pub stored: &'a [u8],
    pub log_format: u32,
    pub prev_hash: &'a [u8],
}

/// SHA-256 of a commit's stored bytes: what the next commit's `prev_hash` must be.
pub fn commit_hash(stored: &[u8]) -> [u8; 32] {
    Sha256::digest(stored).into()
}

/// The exact bytes the orchestrator signs for a commit whose unsigned encoding is `body`.
pub fn signed_message(body: &[u8]) -> Vec<u8> {
    let mut msg = Vec::with_capacity(COMMIT_DOMAIN.len() + 1 + body.len());
    msg.extend_from_slice(COMMIT_DOMAIN.as_bytes());
    msg.push(0);
    msg.extend_from_slice(body);
    msg
}

/// The stored bytes of a commit: `body` (its encoding without a signature) and the signature
/// field appended last.
pub fn seal(signer: &Signer, body: &[u8]) -> Vec<u8> {
    let sig = signer.sign(&signed_message(body));
    let mut stored = Vec::with_capacity(body.len() + TRAILER_LEN);
    stored.extend_from_slice(body);
    stored.extend_from_slice(&TRAILER_PREFIX);
    stored.extend_from_slice(&sig);
    stored
}

/// Split stored bytes into the signed body and the signature.
pub fn split(stored: &[u8]) -> Result<(&[u8], &[u8]), ChainError> {
    let at = stored.len().checked_sub(TRAILER_LEN).ok_or(ChainError::NoSignature)?;
    let (body, trailer) = stored.split_at(at);
    match trailer.split_first_chunk::<2>() {
        Some((prefix, sig)) if *prefix == TRAILER_PREFIX => Ok((body, sig)),
        _ => Err(ChainError::NoSignature),
    }
}

/// Check that `link` continues a format-2 chain whose previous commit had `previous_hash`
/// (`None` for the first commit), signed by `public_key`.
pub fn check_link(link: Link<'_>, previous_hash: Option<&[u8; 32]>, public_key: &[u8]) -> Result<(), ChainError> {
    if link.log_format != LOG_FORMAT_SIGNED {
        return Err(ChainError::Format { expected: LOG_FORMAT_SIGNED, found: link.log_format });
    }
    let expected_prev: &[u8] = previous_hash.map(|h| h.as_slice()).unwrap_or(&[]);
    if link.prev_hash != expected_prev {
        return Err(ChainError::PrevHash);
    }
    let key = parse_public_key(public_key).map_err(|_| ChainError::BadKey(short_hex(public_key)))?;
    let (body, sig) = split(link.stored)?;
    check_signature(&key, &signed_message(body), sig).map_err(|_| ChainError::BadSignature(short_hex(public_key)))
}

/// The first bytes of a key, in hex, for messages.
fn short_hex(bytes: &[u8]) -> String {
    let shown = bytes.get(..8).unwrap_or(bytes);
    format!("{}…", hex::encode(shown))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(stored: &[u8], prev: &[u8]) -> Result<(), ChainError> {
        let prev_hash: Option<[u8; 32]> = prev.try_into().ok();
        check_link(Link { stored, log_format: 2, prev_hash: prev }, prev_hash.as_ref(), &Signer::from_seed(&[7; 32]).public_key())
    }

    #[test]
    fn a_sealed_body_verifies_and_any_change_is_caught() {
        let signer = Signer::from_seed(&[7; 32]);
        let stored = seal(&signer, b"\x08\x01body");
        assert_eq!(link(&stored, &[]), Ok(()));
        let (body, _) = split(&stored).expect("sealed");
        assert_eq!(body, b"\x08\x01body");
        for i in 0..stored.len() {
            let mut bad = stored.clone();
            bad[i] ^= 0x01;
            assert!(link(&bad, &[]).is_err(), "flipping byte {i} must be caught");
        }
        assert_eq!(link(&stored[..stored.len() - 1], &[]), Err(ChainError::NoSignature));
        let other = Signer::from_seed(&[8; 32]);
        assert!(matches!(link(&seal(&other, b"body"), &[]), Err(ChainError::BadSignature(_))));
    }

    #[test]
    fn the_chain_needs_the_previous_hash_and_the_format() {
        let signer = Signer::from_seed(&[7; 32]);
        let stored = seal(&signer, b"x");
        let h = commit_hash(b"previous");
        assert_eq!(check_link(Link { stored: &stored, log_format: 2, prev_hash: &h }, Some(&h), &signer.public_key()), Ok(()));
        assert_eq!(check_link(Link { stored: &stored, log_format: 2, prev_hash: &[] }, Some(&h), &signer.public_key()), Err(ChainError::PrevHash));
        assert_eq!(check_link(Link { stored: &stored, log_format: 2, prev_hash: &h }, None, &signer.public_key()), Err(ChainError::PrevHash));
        assert_eq!(
            check_link(Link { stored: &stored, log_format: 0, prev_hash: &[] }, None, &signer.public_key()),
            Err(ChainError::Format { expected: 2, found: 0 })
        );
    }
}
