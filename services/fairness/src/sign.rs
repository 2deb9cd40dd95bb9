//! The signed outcome message and Ed25519 signing/verification.

use ed25519_dalek::{Signature, Signer as _, SigningKey, VerifyingKey};

use crate::encoding::{put_str, put_u32, put_u64};
use crate::{domain, DrawKind, FairnessError};

/// The canonical bytes the randomness service signs for one draw:
/// `str("arbiter/v1/outcome") ‖ str(match_id) ‖ u64(index) ‖ str(purpose) ‖ u8(tag) ‖ u32(n)
///  ‖ u32(values.len()) ‖ u32(v_0) ‖ … ‖ u32(v_last)`, tag 1 = `Range`, 2 = `Shuffle`.
pub fn outcome_message(match_id: &str, index: u64, purpose: &str, kind: DrawKind, values: &[u32]) -> Vec<u8> {
    let mut msg = Vec::with_capacity(64 + match_id.len() + purpose.len() + 4 * values.len());
    put_str(&mut msg, domain::OUTCOME);
    put_str(&mut msg, match_id);
    put_u64(&mut msg, index);
    put_str(&mut msg, purpose);
    msg.push(kind.tag());
    put_u32(&mut msg, kind.n());
    let count = u32::try_from(values.len()).expect("fairness: more than u32::MAX values");
    put_u32(&mut msg, count);
    for &v in values {
        put_u32(&mut msg, v);
    }
    msg
}

/// The randomness service's Ed25519 signing key. `Debug` shows only the public key.
pub struct Signer {
    key: SigningKey,
}

impl Signer {
    /// The key whose RFC 8032 secret seed is `seed` (the caller supplies it; nothing is random here).
    pub fn from_seed(seed: &[u8; 32]) -> Self {
        Signer { key: SigningKey::from_bytes(seed) }
    }

    /// The 32-byte Ed25519 public key auditors verify against.
    pub fn public_key(&self) -> [u8; 32] {
        self.key.verifying_key().to_bytes()
    }

    /// The public key itself (for keys built on it without parsing bytes again).
    pub(crate) fn verifying_key(&self) -> ed25519_dalek::VerifyingKey {
        self.key.verifying_key()
    }

    /// The 64-byte Ed25519 signature of `msg` (deterministic, per RFC 8032).
    pub fn sign(&self, msg: &[u8]) -> [u8; 64] {
        self.key.sign(msg).to_bytes()
    }
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Signer").field("public_key", &hex::encode(self.public_key())).finish()
    }
}

/// Checks an Ed25519 signature (strict verification: rejects non-canonical signatures and
/// weak, small-order public keys).
pub fn verify_signature(public_key: &[u8], msg: &[u8], signature: &[u8]) -> Result<(), FairnessError> {
    let key = parse_public_key(public_key)?;
    check_signature(&key, msg, signature)
}

pub(crate) fn parse_public_key(public_key: &[u8]) -> Result<VerifyingKey, FairnessError> {
    let bytes: &[u8; 32] = public_key.try_into().map_err(|_| FairnessError::BadLength { what: "public key", expected: 32, got: public_key.len() })?;
    let key = VerifyingKey::from_bytes(bytes).map_err(|_| FairnessError::InvalidPublicKey)?;
    if key.is_weak() {
        return Err(FairnessError::InvalidPublicKey);
    }
    Ok(key)
}

pub(crate) fn check_signature(key: &VerifyingKey, msg: &[u8], signature: &[u8]) -> Result<(), FairnessError> {
    let bytes: &[u8; 64] = signature.try_into().map_err(|_| FairnessError::InvalidSignature)?;
    key.verify_strict(msg, &Signature::from_bytes(bytes)).map_err(|_| FairnessError::InvalidSignature)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_verify_roundtrip_and_rejections() {
        let s = Signer::from_seed(&[3; 32]);
        let pk = s.public_key();
        let sig = s.sign(b"hello");
        assert_eq!(verify_signature(&pk, b"hello", &sig), Ok(()));
        assert_eq!(verify_signature(&pk, b"hellO", &sig), Err(FairnessError::InvalidSignature));
        let mut bad = sig;
        bad[10] ^= 1;
        assert_eq!(verify_signature(&pk, b"hello", &bad), Err(FairnessError::InvalidSignature));
        assert_eq!(verify_signature(&pk, b"hello", &sig[..63]), Err(FairnessError::InvalidSignature));
        let other = Signer::from_seed(&[4; 32]).public_key();
        assert_eq!(verify_signature(&other, b"hello", &sig), Err(FairnessError::InvalidSignature));
        assert!(matches!(verify_signature(&pk[..31], b"hello", &sig), Err(FairnessError::BadLength { what: "public key", expected: 32, got: 31 })));
        // The identity point is a small-order (weak) key.
        let mut identity = [0u8; 32];
        identity[0] = 1;
        assert_eq!(verify_signature(&identity, b"hello", &sig), Err(FairnessError::InvalidPublicKey));
    }

    #[test]
    fn debug_does_not_leak_the_seed() {
        let s = Signer::from_seed(&[0xAB; 32]);
        let dbg = format!("{s:?}");
        assert!(!dbg.contains(&hex::encode([0xAB; 32])) && !dbg.contains("171, 171"), "{dbg}");
    }

    #[test]
    fn outcome_message_layout() {
        let m = outcome_message("m", 2, "p", DrawKind::Shuffle(2), &[1, 0]);
        let mut expected = Vec::new();
        expected.extend_from_slice(&[0, 0, 0, 18]);
        expected.extend_from_slice(b"arbiter/v1/outcome");
        expected.extend_from_slice(&[0, 0, 0, 1, b'm']);
        expected.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 2]);
        expected.extend_from_slice(&[0, 0, 0, 1, b'p']);
        expected.extend_from_slice(&[2, 0, 0, 0, 2]);
        expected.extend_from_slice(&[0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0]);
        assert_eq!(m, expected);
        assert_ne!(m, outcome_message("m", 2, "p", DrawKind::Range(2), &[1, 0]));
    }
}
