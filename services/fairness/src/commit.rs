//! Commitment, secret derivation and the match key (steps 1 and 2 of the scheme).

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::encoding::{put_bytes, put_str};
use crate::{domain, FairnessError, MatchKey, Secret, MAX_ENTROPY_BYTES, MIN_ENTROPY_BYTES};

pub(crate) type HmacSha256 = Hmac<Sha256>;

/// HMAC-SHA256 keyed with a 32-byte key; any key length is valid for HMAC.
pub(crate) fn hmac(key: &[u8; 32]) -> HmacSha256 {
    <HmacSha256 as Mac>::new_from_slice(key).expect("HMAC accepts keys of any length")
}

/// `SHA-256(str("arbiter/v1/commit") ‖ str(match_id) ‖ bytes(S))`: published at match creation,
/// before any seat entropy is known.
pub fn commitment(match_id: &str, secret: &Secret) -> [u8; 32] {
    let mut msg = Vec::with_capacity(64 + match_id.len());
    put_str(&mut msg, domain::COMMIT);
    put_str(&mut msg, match_id);
    put_bytes(&mut msg, secret);
    Sha256::digest(&msg).into()
}

/// `HMAC-SHA256(master, str("arbiter/v1/secret") ‖ str(match_id))`: lets the randomness service
/// keep no per-match state. The master secret must never leave the service; only the derived
/// per-match secret is ever revealed.
pub fn derive_match_secret(master: &[u8; 32], match_id: &str) -> Secret {
    let mut msg = Vec::with_capacity(32 + match_id.len());
    put_str(&mut msg, domain::SECRET);
    put_str(&mut msg, match_id);
    let mut mac = hmac(master);
    mac.update(&msg);
    mac.finalize().into_bytes().into()
}

/// `K = HMAC-SHA256(S, str("arbiter/v1/key") ‖ str(match_id) ‖ bytes(e_0) ‖ … ‖ bytes(e_{n-1}))`
/// with the seat entropies in seat order. Each entropy must be
/// [`MIN_ENTROPY_BYTES`]..=[`MAX_ENTROPY_BYTES`] long and there must be at least one seat.
pub fn match_key(secret: &Secret, match_id: &str, seat_entropies: &[Vec<u8>]) -> Result<MatchKey, FairnessError> {
    if seat_entropies.is_empty() {
        return Err(FairnessError::NoSeats);
    }
    let mut msg = Vec::with_capacity(32 + match_id.len() + seat_entropies.len() * 68);
    put_str(&mut msg, domain::KEY);
    put_str(&mut msg, match_id);
    keyed(secret, msg, seat_entropies)
}

/// `HMAC-SHA256(secret, msg ‖ bytes(e_0) ‖ bytes(e_1) ‖ …)`: the end of v1's match key and v2's
/// node key, each entropy checked to be [`MIN_ENTROPY_BYTES`]..=[`MAX_ENTROPY_BYTES`] long.
pub(crate) fn keyed(secret: &Secret, mut msg: Vec<u8>, seat_entropies: &[Vec<u8>]) -> Result<MatchKey, FairnessError> {
    for (seat, entropy) in seat_entropies.iter().enumerate() {
        if !(MIN_ENTROPY_BYTES..=MAX_ENTROPY_BYTES).contains(&entropy.len()) {
            return Err(FairnessError::BadEntropy { seat, len: entropy.len() });
        }
        put_bytes(&mut msg, entropy);
    }
    let mut mac = hmac(secret);
    mac.update(&msg);
    Ok(mac.finalize().into_bytes().into())
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Secret = [7; 32];

    fn seats(n: usize) -> Vec<Vec<u8>> {
        (0..n).map(|i| vec![i as u8 + 1; 16]).collect()
    }

    #[test]
    fn commitment_binds_match_and_secret() {
        let c = commitment("m1", &S);
        assert_eq!(c, commitment("m1", &S));
        assert_ne!(c, commitment("m2", &S));
        assert_ne!(c, commitment("m1", &[8; 32]));
    }

    #[test]
    fn derived_secrets_differ_per_match_and_master() {
        let m = [1; 32];
        assert_eq!(derive_match_secret(&m, "a"), derive_match_secret(&m, "a"));
        assert_ne!(derive_match_secret(&m, "a"), derive_match_secret(&m, "b"));
        assert_ne!(derive_match_secret(&m, "a"), derive_match_secret(&[2; 32], "a"));
    }

    #[test]
    fn key_depends_on_every_seat_and_on_seat_order() {
        let base = match_key(&S, "m", &seats(3)).unwrap();
        for seat in 0..3 {
            let mut e = seats(3);
            e[seat][0] ^= 1;
            assert_ne!(base, match_key(&S, "m", &e).unwrap(), "seat {seat}");
        }
        let mut swapped = seats(3);
        swapped.swap(0, 2);
        assert_ne!(base, match_key(&S, "m", &swapped).unwrap());
        assert_ne!(base, match_key(&S, "other", &seats(3)).unwrap());
        assert_ne!(base, match_key(&[9; 32], "m", &seats(3)).unwrap());
    }

    #[test]
    fn entropy_lengths_are_checked() {
        assert_eq!(match_key(&S, "m", &[]), Err(FairnessError::NoSeats));
        for len in [0, 15, 65, 1000] {
            let e = vec![vec![0; 16], vec![0; len]];
            assert_eq!(match_key(&S, "m", &e), Err(FairnessError::BadEntropy { seat: 1, len }));
        }
        for len in [MIN_ENTROPY_BYTES, 32, MAX_ENTROPY_BYTES] {
            assert!(match_key(&S, "m", &[vec![0; len]]).is_ok());
        }
    }
}
