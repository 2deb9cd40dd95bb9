//! Seat-signed acts (non-repudiation; specified byte for byte in `docs/log.md`, "Seat-signed
//! acts").
//!
//! A seat that registered an Ed25519 public key when it joined signs each of its acts (a
//! decision, a concession) over [`act_message`]: the match, the seat, the chain hash of the
//! commit the act was made against (the head of the log the seat saw, which is the `prev_hash`
//! of the commit that logs the act), and the act itself. The orchestrator logs the signature
//! with the act; the replay and the audit check it, so a holder of the orchestrator key alone
//! cannot write a move for that seat.
//!
//! This crate knows no protobuf types: the caller turns the logged choice into a [`Choice`].

use ed25519_dalek::VerifyingKey;

use crate::encoding::{put_bytes, put_str, put_u32, put_u64};
use crate::sign::{check_signature, parse_public_key};
use crate::FairnessError;

/// Domain-separation string of the seat's signed message (the first, length-prefixed field).
pub const ACT_DOMAIN: &str = "arbiter/seat/v1/act";

/// Act tag of a decision (an answer to a pending decision).
pub const ACT_DECISION: u8 = 1;
/// Act tag of a concession.
pub const ACT_CONCESSION: u8 = 2;

/// A seat's answer to a decision, as logged. The tags in the signed bytes are the field numbers
/// of `arbiter.match.v1.Choice`'s oneof members (pick 1, number 2, split 3, order 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Pick(Vec<String>),
    Number(i64),
    /// `(target_id, amount)` in the order given.
    Split(Vec<(String, u32)>),
    Order(Vec<String>),
}

/// What a seat did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act<'a> {
    /// The answer `choice` to the decision `decision_id`.
    Decision { decision_id: u64, choice: &'a Choice },
    /// The seat concedes the match.
    Concession,
}

/// The exact bytes a seat signs for `act` in match `match_id`, made against the commit whose
/// stored bytes hash (SHA-256) to `against`:
///
/// ```text
/// str("arbiter/seat/v1/act") ‖ str(match_id) ‖ u32(seat) ‖ against (32 bytes) ‖ u8(act tag)
///   decision (tag 1):   ‖ u64(decision_id) ‖ choice
///   concession (tag 2): nothing more
/// choice = u8(1) ‖ u32(n) ‖ str(option_id)…            pick
///        | u8(2) ‖ i64(number)                          number (two's complement, big-endian)
///        | u8(3) ‖ u32(n) ‖ (str(target_id) ‖ u32(amount))…  split
///        | u8(4) ‖ u32(n) ‖ str(item_id)…               order
/// ```
///
/// `str` is a `u32` big-endian length and the UTF-8 bytes; integers are fixed-width big-endian.
pub fn act_message(match_id: &str, seat: u32, against: &[u8; 32], act: Act<'_>) -> Vec<u8> {
    let mut msg = Vec::with_capacity(96 + match_id.len());
    put_str(&mut msg, ACT_DOMAIN);
    put_str(&mut msg, match_id);
    put_u32(&mut msg, seat);
    msg.extend_from_slice(against);
    match act {
        Act::Decision { decision_id, choice } => {
            msg.push(ACT_DECISION);
            put_u64(&mut msg, decision_id);
            put_choice(&mut msg, choice);
        }
        Act::Concession => msg.push(ACT_CONCESSION),
    }
    msg
}

fn put_count(out: &mut Vec<u8>, n: usize) {
    put_u32(out, u32::try_from(n).expect("fairness: more than u32::MAX items"));
}

fn put_choice(out: &mut Vec<u8>, choice: &Choice) {
    match choice {
        Choice::Pick(ids) | Choice::Order(ids) => {
            out.push(if matches!(choice, Choice::Pick(_)) { 1 } else { 4 });
            put_count(out, ids.len());
            for id in ids {
                put_str(out, id);
            }
        }
        Choice::Number(n) => {
            out.push(2);
            out.extend_from_slice(&n.to_be_bytes());
        }
        Choice::Split(parts) => {
            out.push(3);
            put_count(out, parts.len());
            for (target, amount) in parts {
                put_bytes(out, target.as_bytes());
                put_u32(out, *amount);
            }
        }
    }
}

/// A seat's registered public key, parsed once (strictly: a weak key is refused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatKey(VerifyingKey);

impl SeatKey {
    /// The key whose 32 bytes are `public_key`, if it is a valid, not weak, Ed25519 key.
    pub fn parse(public_key: &[u8]) -> Result<SeatKey, FairnessError> {
        parse_public_key(public_key).map(SeatKey)
    }

    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// Check `signature` (64 bytes, strict Ed25519 verification) of the act's message.
    pub fn verify(&self, match_id: &str, seat: u32, against: &[u8; 32], act: Act<'_>, signature: &[u8]) -> Result<(), FairnessError> {
        check_signature(&self.0, &act_message(match_id, seat, against, act), signature)
    }
}

/// The signature a seat holding `signer` puts on `act` (what clients send).
pub fn sign_act(signer: &crate::Signer, match_id: &str, seat: u32, against: &[u8; 32], act: Act<'_>) -> [u8; 64] {
    signer.sign(&act_message(match_id, seat, against, act))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Signer;

    const MATCH: &str = "0123456789abcdef0123456789abcdef";

    fn against() -> [u8; 32] {
        let mut h = [0u8; 32];
        for (i, b) in h.iter_mut().enumerate() {
            *b = i as u8;
        }
        h
    }

    /// The vectors of docs/log.md ("Seat-signed acts"): seed 0x07…07, match id above, seat 1,
    /// against 0x00 01 … 1f.
    #[test]
    fn test_vectors_of_docs_log_md() {
        let signer = Signer::from_seed(&[7; 32]);
        let pick = Choice::Pick(vec!["pass".into()]);
        let decision = act_message(MATCH, 1, &against(), Act::Decision { decision_id: 5, choice: &pick });
        let expected = concat!(
            "00000013",
            "617262697465722f736561742f76312f616374", // str("arbiter/seat/v1/act")
            "00000020",
            "3031323334353637383961626364656630313233343536373839616263646566",
            "00000001", // seat 1
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
            "01",
            "0000000000000005", // decision 5
            "01",
            "00000001",
            "00000004",
            "70617373", // pick ["pass"]
        );
        assert_eq!(hex::encode(&decision), expected);
        let concession = act_message(MATCH, 1, &against(), Act::Concession);
        assert_eq!(hex::encode(&concession), format!("{}02", &expected[..2 * (23 + 36 + 4 + 32)]));
        assert_eq!(hex::encode(signer.public_key()), "ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c");
        assert_eq!(hex::encode(sign_act(&signer, MATCH, 1, &against(), Act::Decision { decision_id: 5, choice: &pick })), DECISION_SIGNATURE);
        assert_eq!(hex::encode(sign_act(&signer, MATCH, 1, &against(), Act::Concession)), CONCESSION_SIGNATURE);
    }

    const DECISION_SIGNATURE: &str =
        "f9a9f76aea6c8139c82b9e14f1619308369d4afd5c42d8efea8c1566022804f88317feecb01fea2af50ffbc652c7d4165a6b3a43ffa001595ed2c36052491706";
    const CONCESSION_SIGNATURE: &str =
        "5a0b7bd052762cac2c2522698a6503de2b88a4b165a235326db11dba4197c3e61c300d7e5dadd911323181ee4beb7b2fe70732ed9c042f813496248126103408";

    #[test]
    fn every_kind_of_choice_has_its_own_bytes() {
        let m = |c: &Choice| act_message("m", 0, &[0; 32], Act::Decision { decision_id: 1, choice: c });
        let tail = |c: &Choice| hex::encode(&m(c)[4 + 19 + 4 + 1 + 4 + 32 + 1 + 8..]);
        assert_eq!(tail(&Choice::Number(-2)), "02fffffffffffffffe");
        assert_eq!(tail(&Choice::Split(vec![("a".into(), 3)])), "0300000001000000016100000003");
        assert_eq!(tail(&Choice::Order(vec!["b".into(), "a".into()])), "040000000200000001620000000161");
        // Pick and order of the same ids differ; so do two orders.
        assert_ne!(m(&Choice::Pick(vec!["a".into()])), m(&Choice::Order(vec!["a".into()])));
        assert_ne!(m(&Choice::Order(vec!["a".into(), "b".into()])), m(&Choice::Order(vec!["b".into(), "a".into()])));
    }

    #[test]
    fn a_signature_binds_the_match_the_seat_the_head_and_the_act() {
        let signer = Signer::from_seed(&[9; 32]);
        let key = SeatKey::parse(&signer.public_key()).unwrap();
        let choice = Choice::Number(3);
        let act = Act::Decision { decision_id: 2, choice: &choice };
        let sig = sign_act(&signer, "m", 0, &[1; 32], act);
        assert_eq!(key.verify("m", 0, &[1; 32], act, &sig), Ok(()));
        let other = Choice::Number(4);
        for (m, seat, head, act) in [
            ("n", 0, [1; 32], act),
            ("m", 1, [1; 32], act),
            ("m", 0, [2; 32], act),
            ("m", 0, [1; 32], Act::Decision { decision_id: 3, choice: &choice }),
            ("m", 0, [1; 32], Act::Decision { decision_id: 2, choice: &other }),
            ("m", 0, [1; 32], Act::Concession),
        ] {
            assert_eq!(key.verify(m, seat, &head, act, &sig), Err(FairnessError::InvalidSignature));
        }
        assert_eq!(key.verify("m", 0, &[1; 32], act, &[]), Err(FairnessError::InvalidSignature));
        assert!(SeatKey::parse(&[0; 31]).is_err());
        // The identity point is a weak key: refused.
        let mut identity = [0u8; 32];
        identity[0] = 1;
        assert_eq!(SeatKey::parse(&identity), Err(FairnessError::InvalidPublicKey));
    }
}
