//! The auditor's check of a whole match (step 4).

use std::collections::HashSet;

use crate::sign::{check_signature, parse_public_key};
use crate::{draw, match_key, outcome_message, DrawKind, FairnessError, Secret};

/// One draw as recorded in the match log: its address, kind, the values the engine used and the
/// randomness service's signature over [`outcome_message`](crate::outcome_message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawRecord {
    pub index: u64,
    pub purpose: String,
    pub kind: DrawKind,
    pub values: Vec<u32>,
    pub signature: Vec<u8>,
}

/// Check everything an auditor checks for one match: the revealed secret matches the
/// commitment, and every draw equals the recomputed one and carries a valid signature. The error
/// names the first bad draw (index and purpose) and says what is wrong.
///
/// Checks, in order: input sizes and the public key; the commitment; the seat entropies (via
/// [`match_key`]); then each draw in the given order — its kind is valid, its address
/// `(purpose, index)` was not used before, its values equal the recomputed draw, and its
/// signature verifies over [`outcome_message`](crate::outcome_message).
pub fn verify_match(
    match_id: &str,
    commitment: &[u8],
    secret: &[u8],
    seat_entropies: &[Vec<u8>],
    public_key: &[u8],
    draws: &[DrawRecord],
) -> Result<(), FairnessError> {
    let expected_commitment: &[u8; 32] =
        commitment.try_into().map_err(|_| FairnessError::BadLength { what: "commitment", expected: 32, got: commitment.len() })?;
    let secret: &Secret = secret.try_into().map_err(|_| FairnessError::BadLength { what: "secret", expected: 32, got: secret.len() })?;
    let public_key = parse_public_key(public_key)?;

    if crate::commitment(match_id, secret) != *expected_commitment {
        return Err(FairnessError::CommitmentMismatch);
    }
    let key = match_key(secret, match_id, seat_entropies)?;

    let mut seen = HashSet::with_capacity(draws.len());
    for record in draws {
        let (index, purpose) = (record.index, record.purpose.clone());
        let expected = draw(&key, &record.purpose, index, record.kind).map_err(|e| FairnessError::InvalidDraw {
            index,
            purpose: purpose.clone(),
            reason: e.to_string(),
        })?;
        if !seen.insert((record.purpose.as_str(), index)) {
            return Err(FairnessError::DuplicateDraw { index, purpose });
        }
        if expected != record.values {
            return Err(FairnessError::DrawMismatch { index, purpose, expected, got: record.values.clone() });
        }
        let msg = outcome_message(match_id, index, &record.purpose, record.kind, &record.values);
        check_signature(&public_key, &msg, &record.signature).map_err(|_| FairnessError::BadSignature { index, purpose })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{commitment, Signer};

    const MATCH: &str = "match-42";
    const SECRET: Secret = [0x5A; 32];

    fn seats() -> Vec<Vec<u8>> {
        vec![vec![1; 16], vec![2; 32]]
    }

    fn signer() -> Signer {
        Signer::from_seed(&[9; 32])
    }

    /// What the randomness service would record for a small match.
    fn honest_draws() -> Vec<DrawRecord> {
        let key = match_key(&SECRET, MATCH, &seats()).unwrap();
        let s = signer();
        [(0, "deck", DrawKind::Shuffle(52)), (1, "d20", DrawKind::Range(20)), (2, "coin", DrawKind::Range(2))]
            .into_iter()
            .map(|(index, purpose, kind)| {
                let values = draw(&key, purpose, index, kind).unwrap();
                let signature = s.sign(&outcome_message(MATCH, index, purpose, kind, &values)).to_vec();
                DrawRecord { index, purpose: purpose.to_owned(), kind, values, signature }
            })
            .collect()
    }

    fn verify(secret: &[u8], draws: &[DrawRecord]) -> Result<(), FairnessError> {
        let c = commitment(MATCH, &SECRET);
        verify_match(MATCH, &c, secret, &seats(), &signer().public_key(), draws)
    }

    #[test]
    fn honest_match_verifies() {
        assert_eq!(verify(&SECRET, &honest_draws()), Ok(()));
        assert_eq!(verify(&SECRET, &[]), Ok(()));
    }

    #[test]
    fn wrong_secret_fails_the_commitment() {
        let mut s = SECRET;
        s[31] ^= 1;
        assert_eq!(verify(&s, &honest_draws()), Err(FairnessError::CommitmentMismatch));
        assert!(matches!(verify(&s[..31], &honest_draws()), Err(FairnessError::BadLength { what: "secret", .. })));
    }

    #[test]
    fn tampered_value_names_that_draw() {
        for i in 0..3 {
            let mut d = honest_draws();
            let v = &mut d[i].values;
            v[0] = if v[0] == 0 { 1 } else { 0 };
            match verify(&SECRET, &d) {
                Err(FairnessError::DrawMismatch { index, purpose, .. }) => {
                    assert_eq!((index, purpose.as_str()), (d[i].index, d[i].purpose.as_str()))
                }
                other => panic!("draw {i}: {other:?}"),
            }
        }
    }

    #[test]
    fn tampered_signature_names_that_draw() {
        for i in 0..3 {
            let mut d = honest_draws();
            d[i].signature[5] ^= 0x80;
            let want = FairnessError::BadSignature { index: d[i].index, purpose: d[i].purpose.clone() };
            assert_eq!(verify(&SECRET, &d), Err(want.clone()));
            d[i].signature.pop();
            assert_eq!(verify(&SECRET, &d), Err(want));
        }
    }

    #[test]
    fn signature_from_another_key_or_match_is_rejected() {
        let mut d = honest_draws();
        let r = &d[1];
        d[1].signature = Signer::from_seed(&[8; 32]).sign(&outcome_message(MATCH, r.index, &r.purpose, r.kind, &r.values)).to_vec();
        assert!(matches!(verify(&SECRET, &d), Err(FairnessError::BadSignature { index: 1, .. })));
    }

    #[test]
    fn relabelled_or_duplicated_draws_fail() {
        let mut d = honest_draws();
        d[2].index = 7; // same values claimed for another address
        assert!(matches!(verify(&SECRET, &d), Err(FairnessError::DrawMismatch { index: 7, .. }) | Err(FairnessError::BadSignature { index: 7, .. })));

        let mut d = honest_draws();
        d.push(d[0].clone());
        assert_eq!(verify(&SECRET, &d), Err(FairnessError::DuplicateDraw { index: 0, purpose: "deck".into() }));

        let mut d = honest_draws();
        d[1].kind = DrawKind::Range(0);
        assert!(matches!(verify(&SECRET, &d), Err(FairnessError::InvalidDraw { index: 1, .. })));
    }

    #[test]
    fn bad_entropy_and_inputs_are_reported() {
        let c = commitment(MATCH, &SECRET);
        let pk = signer().public_key();
        let short = vec![vec![1; 16], vec![2; 15]];
        assert_eq!(verify_match(MATCH, &c, &SECRET, &short, &pk, &[]), Err(FairnessError::BadEntropy { seat: 1, len: 15 }));
        assert!(matches!(verify_match(MATCH, &c[..16], &SECRET, &seats(), &pk, &[]), Err(FairnessError::BadLength { what: "commitment", .. })));
        assert!(matches!(verify_match(MATCH, &c, &SECRET, &seats(), &pk[..5], &[]), Err(FairnessError::BadLength { what: "public key", .. })));
    }

    #[test]
    fn error_messages_read_well() {
        let e = FairnessError::DrawMismatch { index: 3, purpose: "deck".into(), expected: vec![1, 2, 3], got: vec![1, 5, 3] };
        assert_eq!(e.to_string(), "draw 3 (\"deck\") does not match the recomputed draw: value #1 was recorded as 5 but the scheme gives 2");
        let e = FairnessError::BadEntropy { seat: 2, len: 3 };
        assert_eq!(e.to_string(), "seat 2 contributed 3 bytes of entropy; each seat must contribute between 16 and 64 bytes");
    }
}
