//! Scheme v2, `arbiter-hmac-sha256-draws/v2`: several independent randomness **nodes** per match
//! (specified byte for byte in `docs/fairness.md`, "Scheme v2"; vectors in `tests/vectors_v2.json`).
//!
//! Node `j` (0-based, in the order the match's creation lists the nodes) has its own Ed25519 key
//! `P_j` and match secret `S_j` (derived from its own master secret as in v1). It commits to `S_j`
//! before any seat entropy ([`node_commitment`]), answers each draw the log awaits with a
//! **share** ([`share`]) signed by its key ([`share_message`]), and reveals `S_j` after the end.
//! A draw's values come from the **combined key** ([`combine`]) of every node's share, through
//! v1's word stream, sampler and shuffle ([`crate::draw`]). Foreseeing a draw needs every node's
//! secret: a node (or whoever holds any `n - 1` secrets) learns nothing ahead of time.
//!
//! Every node must answer (n-of-n): a node that is down makes the draw wait.

use std::collections::HashSet;

use hmac::Mac;
use sha2::{Digest, Sha256};

use crate::commit::hmac;
use crate::encoding::{put_bytes, put_str, put_u32, put_u64};
use crate::sign::{check_signature, parse_public_key};
use crate::{draw, DrawKind, FairnessError, MatchKey, Secret};

/// Name and version of scheme v2, logged in `MatchCreated` of a match with several nodes.
pub const SCHEME: &str = "arbiter-hmac-sha256-draws/v2";

/// Most nodes a match may name (every draw asks each one).
pub const MAX_NODES: usize = 16;

/// Domain-separation strings of v2 (v1's word stream `arbiter/v1/draw` is reused for the values).
pub mod domain {
    /// A node's commitment to its match secret.
    pub const COMMIT: &str = "arbiter/v2/commit";
    /// A node's key for the match (its secret and the seat entropies).
    pub const KEY: &str = "arbiter/v2/key";
    /// A node's share of one draw.
    pub const SHARE: &str = "arbiter/v2/share";
    /// The message a node signs for its share.
    pub const SHARE_SIGNATURE: &str = "arbiter/v2/share-signature";
    /// The combination of every node's share into the draw's key.
    pub const COMBINE: &str = "arbiter/v2/combine";
}

/// A node's 32-byte share of one draw.
pub type Share = [u8; 32];

/// `SHA-256(str("arbiter/v2/commit") ‖ str(match_id) ‖ u32(node) ‖ bytes(P_j) ‖ bytes(S_j))`:
/// binds the node's position and public key as well as its secret.
pub fn node_commitment(match_id: &str, node: u32, public_key: &[u8], secret: &Secret) -> [u8; 32] {
    let mut msg = Vec::with_capacity(96 + match_id.len());
    put_str(&mut msg, domain::COMMIT);
    put_str(&mut msg, match_id);
    put_u32(&mut msg, node);
    put_bytes(&mut msg, public_key);
    put_bytes(&mut msg, secret);
    Sha256::digest(&msg).into()
}

/// `K_j = HMAC-SHA256(S_j, str("arbiter/v2/key") ‖ str(match_id) ‖ u32(node) ‖ bytes(e_0) ‖ … )`,
/// the seat entropies in seat order, checked as in v1.
pub fn node_key(secret: &Secret, match_id: &str, node: u32, seat_entropies: &[Vec<u8>]) -> Result<MatchKey, FairnessError> {
    if seat_entropies.is_empty() {
        return Err(FairnessError::NoSeats);
    }
    let mut msg = Vec::with_capacity(40 + match_id.len() + seat_entropies.len() * 68);
    put_str(&mut msg, domain::KEY);
    put_str(&mut msg, match_id);
    put_u32(&mut msg, node);
    crate::commit::keyed(secret, msg, seat_entropies)
}

/// The draw address and kind, as every v2 message carries them:
/// `str(purpose) ‖ u64(index) ‖ u8(tag) ‖ u32(n)`.
fn put_address(msg: &mut Vec<u8>, purpose: &str, index: u64, kind: DrawKind) {
    put_str(msg, purpose);
    put_u64(msg, index);
    msg.push(kind.tag());
    put_u32(msg, kind.n());
}

/// Node `j`'s share of a draw:
/// `HMAC-SHA256(K_j, str("arbiter/v2/share") ‖ str(purpose) ‖ u64(index) ‖ u8(tag) ‖ u32(n))`.
/// The kind is bound, so a share given for one kind is no share of another.
pub fn share(node_key: &MatchKey, purpose: &str, index: u64, kind: DrawKind) -> Result<Share, FairnessError> {
    kind.check()?;
    let mut msg = Vec::with_capacity(48 + purpose.len());
    put_str(&mut msg, domain::SHARE);
    put_address(&mut msg, purpose, index, kind);
    let mut mac = hmac(node_key);
    mac.update(&msg);
    Ok(mac.finalize().into_bytes().into())
}

/// What node `j` signs for its share:
/// `str("arbiter/v2/share-signature") ‖ str(match_id) ‖ u32(node) ‖ str(purpose) ‖ u64(index)
///  ‖ u8(tag) ‖ u32(n) ‖ bytes(share)`.
pub fn share_message(match_id: &str, node: u32, purpose: &str, index: u64, kind: DrawKind, share: &[u8]) -> Vec<u8> {
    let mut msg = Vec::with_capacity(128 + match_id.len() + purpose.len());
    put_str(&mut msg, domain::SHARE_SIGNATURE);
    put_str(&mut msg, match_id);
    put_u32(&mut msg, node);
    put_address(&mut msg, purpose, index, kind);
    put_bytes(&mut msg, share);
    msg
}

/// The draw's key from every node's share, in node order:
/// `SHA-256(str("arbiter/v2/combine") ‖ str(match_id) ‖ str(purpose) ‖ u64(index) ‖ u8(tag)
///  ‖ u32(n) ‖ u32(number of shares) ‖ share_0 ‖ … ‖ share_{n-1})` (each share 32 bytes).
pub fn combine(match_id: &str, purpose: &str, index: u64, kind: DrawKind, shares: &[Share]) -> MatchKey {
    let mut msg = Vec::with_capacity(64 + match_id.len() + purpose.len() + 32 * shares.len());
    put_str(&mut msg, domain::COMBINE);
    put_str(&mut msg, match_id);
    put_address(&mut msg, purpose, index, kind);
    put_u32(&mut msg, u32::try_from(shares.len()).expect("fairness: more than u32::MAX shares"));
    for s in shares {
        msg.extend_from_slice(s);
    }
    Sha256::digest(&msg).into()
}

/// The values of a v2 draw: v1's draw ([`crate::draw`]: word stream, sampler, shuffle) under the
/// combined key of `shares`.
pub fn draw_values(match_id: &str, purpose: &str, index: u64, kind: DrawKind, shares: &[Share]) -> Result<Vec<u32>, FairnessError> {
    draw(&combine(match_id, purpose, index, kind, shares), purpose, index, kind)
}

/// One node as the match's creation names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub public_key: Vec<u8>,
    pub commitment: Vec<u8>,
}

/// One node's logged share of a draw and its signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedShare {
    pub node: u32,
    pub share: Vec<u8>,
    pub signature: Vec<u8>,
}

/// One v2 draw as logged: address, kind, the values used and every node's share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawRecordV2 {
    pub index: u64,
    pub purpose: String,
    pub kind: DrawKind,
    pub values: Vec<u32>,
    pub shares: Vec<LoggedShare>,
}

/// The shares of a logged draw in node order, each checked to be there once and 32 bytes long.
pub fn ordered_shares(record: &DrawRecordV2, nodes: usize) -> Result<Vec<Share>, FairnessError> {
    let (index, purpose) = (record.index, &record.purpose);
    let mut out = Vec::with_capacity(nodes);
    for node in 0..nodes as u32 {
        let mut of_node = record.shares.iter().filter(|s| s.node == node);
        let logged = of_node.next().ok_or_else(|| FairnessError::ShareMissing { index, purpose: purpose.clone(), node })?;
        if of_node.next().is_some() {
            return Err(FairnessError::ShareUnexpected { index, purpose: purpose.clone(), detail: format!("node {node} has two shares") });
        }
        let share: Share = logged.share.as_slice().try_into().map_err(|_| FairnessError::ShareMismatch { index, purpose: purpose.clone(), node })?;
        out.push(share);
    }
    if let Some(extra) = record.shares.iter().find(|s| s.node as usize >= nodes) {
        return Err(FairnessError::ShareUnexpected {
            index,
            purpose: purpose.clone(),
            detail: format!("a share of node {}, but the match has {nodes} nodes", extra.node),
        });
    }
    Ok(out)
}

/// The auditor's check of a v2 match: every node's revealed secret against its commitment, then
/// each draw in log order — valid kind, address not used before, every node's share present,
/// equal to the share recomputed from its secret and signed by its key, and the values equal to
/// the draw of the combined shares. The first failure names the node and the draw.
pub fn verify_match(match_id: &str, nodes: &[Node], secrets: &[Vec<u8>], seat_entropies: &[Vec<u8>], draws: &[DrawRecordV2]) -> Result<(), FairnessError> {
    if nodes.is_empty() || nodes.len() > MAX_NODES {
        return Err(FairnessError::NodeCount { nodes: nodes.len() });
    }
    if secrets.len() != nodes.len() {
        return Err(FairnessError::SecretCount { nodes: nodes.len(), secrets: secrets.len() });
    }
    let mut keys = Vec::with_capacity(nodes.len());
    for (j, (node, secret)) in nodes.iter().zip(secrets).enumerate() {
        let j = j as u32;
        let public_key = parse_public_key(&node.public_key).map_err(|_| FairnessError::NodeKey { node: j })?;
        let secret: &Secret = secret.as_slice().try_into().map_err(|_| FairnessError::NodeCommitmentMismatch { node: j })?;
        if node_commitment(match_id, j, &node.public_key, secret).as_slice() != node.commitment.as_slice() {
            return Err(FairnessError::NodeCommitmentMismatch { node: j });
        }
        keys.push((public_key, node_key(secret, match_id, j, seat_entropies)?));
    }
    let mut seen = HashSet::with_capacity(draws.len());
    for record in draws {
        let (index, purpose) = (record.index, record.purpose.clone());
        record.kind.check().map_err(|e| FairnessError::InvalidDraw { index, purpose: purpose.clone(), reason: e.to_string() })?;
        if !seen.insert((record.purpose.as_str(), index)) {
            return Err(FairnessError::DuplicateDraw { index, purpose });
        }
        let shares = ordered_shares(record, nodes.len())?;
        for (j, ((public_key, key), logged)) in keys.iter().zip(&shares).enumerate() {
            let node = j as u32;
            if share(key, &record.purpose, index, record.kind)? != *logged {
                return Err(FairnessError::ShareMismatch { index, purpose, node });
            }
            let signature = record.shares.iter().find(|s| s.node == node).map(|s| s.signature.as_slice()).unwrap_or_default();
            check_signature(public_key, &share_message(match_id, node, &record.purpose, index, record.kind, logged), signature)
                .map_err(|_| FairnessError::BadShareSignature { index, purpose: purpose.clone(), node })?;
        }
        let expected = draw_values(match_id, &record.purpose, index, record.kind, &shares)?;
        if expected != record.values {
            return Err(FairnessError::DrawMismatch { index, purpose, expected, got: record.values.clone() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{derive_match_secret, Signer};

    const MATCH: &str = "match-v2";

    fn seats() -> Vec<Vec<u8>> {
        vec![vec![1; 16], vec![2; 32]]
    }

    struct TestNode {
        signer: Signer,
        secret: Secret,
    }

    fn nodes(n: u8) -> Vec<TestNode> {
        (0..n).map(|j| TestNode { signer: Signer::from_seed(&[0x60 + j; 32]), secret: derive_match_secret(&[0x70 + j; 32], MATCH) }).collect()
    }

    fn logged_nodes(nodes: &[TestNode]) -> Vec<Node> {
        nodes
            .iter()
            .enumerate()
            .map(|(j, n)| Node {
                public_key: n.signer.public_key().to_vec(),
                commitment: node_commitment(MATCH, j as u32, &n.signer.public_key(), &n.secret).to_vec(),
            })
            .collect()
    }

    /// What the nodes and the orchestrator log for a small match.
    fn honest(nodes: &[TestNode]) -> Vec<DrawRecordV2> {
        [(0, "deck", DrawKind::Shuffle(52)), (1, "d20", DrawKind::Range(20)), (2, "coin", DrawKind::Range(2))]
            .into_iter()
            .map(|(index, purpose, kind)| {
                let shares: Vec<LoggedShare> = nodes
                    .iter()
                    .enumerate()
                    .map(|(j, n)| {
                        let key = node_key(&n.secret, MATCH, j as u32, &seats()).unwrap();
                        let s = share(&key, purpose, index, kind).unwrap();
                        let signature = n.signer.sign(&share_message(MATCH, j as u32, purpose, index, kind, &s)).to_vec();
                        LoggedShare { node: j as u32, share: s.to_vec(), signature }
                    })
                    .collect();
                let raw: Vec<Share> = shares.iter().map(|s| s.share.as_slice().try_into().unwrap()).collect();
                let values = draw_values(MATCH, purpose, index, kind, &raw).unwrap();
                DrawRecordV2 { index, purpose: purpose.into(), kind, values, shares }
            })
            .collect()
    }

    fn secrets(nodes: &[TestNode]) -> Vec<Vec<u8>> {
        nodes.iter().map(|n| n.secret.to_vec()).collect()
    }

    #[test]
    fn an_honest_three_node_match_verifies() {
        let n = nodes(3);
        assert_eq!(verify_match(MATCH, &logged_nodes(&n), &secrets(&n), &seats(), &honest(&n)), Ok(()));
    }

    #[test]
    fn a_removed_changed_or_unsigned_share_names_its_node_and_draw() {
        let n = nodes(3);
        let check = |d: &[DrawRecordV2]| verify_match(MATCH, &logged_nodes(&n), &secrets(&n), &seats(), d);
        let mut d = honest(&n);
        d[1].shares.remove(1);
        assert_eq!(check(&d), Err(FairnessError::ShareMissing { index: 1, purpose: "d20".into(), node: 1 }));
        assert!(check(&d).unwrap_err().to_string().contains("the share of node 1 is missing"));
        let mut d = honest(&n);
        d[2].shares[2].share[0] ^= 1;
        assert_eq!(check(&d), Err(FairnessError::ShareMismatch { index: 2, purpose: "coin".into(), node: 2 }));
        let mut d = honest(&n);
        d[0].shares[0].signature[3] ^= 1;
        assert_eq!(check(&d), Err(FairnessError::BadShareSignature { index: 0, purpose: "deck".into(), node: 0 }));
        let mut d = honest(&n);
        d[0].values.swap(0, 1);
        assert!(matches!(check(&d), Err(FairnessError::DrawMismatch { index: 0, .. })));
        let mut d = honest(&n);
        d[0].shares.push(LoggedShare { node: 3, share: vec![0; 32], signature: vec![] });
        assert!(matches!(check(&d), Err(FairnessError::ShareUnexpected { index: 0, .. })));
    }

    #[test]
    fn a_wrong_secret_fails_its_nodes_commitment() {
        let n = nodes(3);
        let mut s = secrets(&n);
        s[2][0] ^= 1;
        assert_eq!(verify_match(MATCH, &logged_nodes(&n), &s, &seats(), &[]), Err(FairnessError::NodeCommitmentMismatch { node: 2 }));
        s.pop();
        assert!(matches!(verify_match(MATCH, &logged_nodes(&n), &s, &seats(), &[]), Err(FairnessError::SecretCount { .. })));
        // The commitment binds the node's position: two nodes swapped fail.
        let mut swapped = logged_nodes(&n);
        swapped.swap(0, 1);
        let mut s = secrets(&n);
        s.swap(0, 1);
        assert_eq!(verify_match(MATCH, &swapped, &s, &seats(), &[]), Err(FairnessError::NodeCommitmentMismatch { node: 0 }));
    }

    /// The point of several nodes: whoever knows every secret but one, the seat
    /// entropies and the whole log computes, for the missing share, its best guess (here: the
    /// share of a node whose secret it does know in its place, and a zero share) and never gets
    /// the outcome; with every secret (after the end) it recomputes each draw.
    #[test]
    fn two_known_secrets_of_three_do_not_predict_a_draw_while_all_three_recompute_it() {
        let n = nodes(3);
        let keys: Vec<MatchKey> = n.iter().enumerate().map(|(j, t)| node_key(&t.secret, MATCH, j as u32, &seats()).unwrap()).collect();
        let mut differs = 0;
        for index in 0..200u64 {
            let kind = DrawKind::Shuffle(30);
            let all: Vec<Share> = keys.iter().map(|k| share(k, "deck", index, kind).unwrap()).collect();
            let outcome = draw_values(MATCH, "deck", index, kind, &all).unwrap();
            for unknown in 0..3 {
                for guess in [[0u8; 32], all[(unknown + 1) % 3]] {
                    let mut candidate = all.clone();
                    candidate[unknown] = guess;
                    assert_ne!(draw_values(MATCH, "deck", index, kind, &candidate).unwrap(), outcome, "draw {index}, node {unknown} unknown");
                    differs += 1;
                }
            }
            assert_eq!(draw_values(MATCH, "deck", index, kind, &all).unwrap(), outcome);
        }
        assert_eq!(differs, 1200);
    }

    #[test]
    fn shares_depend_on_node_address_kind_and_entropy() {
        let s = [9; 32];
        let k0 = node_key(&s, MATCH, 0, &seats()).unwrap();
        assert_ne!(k0, node_key(&s, MATCH, 1, &seats()).unwrap());
        let mut e = seats();
        e[1][0] ^= 1;
        assert_ne!(k0, node_key(&s, MATCH, 0, &e).unwrap());
        let base = share(&k0, "p", 1, DrawKind::Range(6)).unwrap();
        assert_ne!(base, share(&k0, "p", 2, DrawKind::Range(6)).unwrap());
        assert_ne!(base, share(&k0, "q", 1, DrawKind::Range(6)).unwrap());
        assert_ne!(base, share(&k0, "p", 1, DrawKind::Range(7)).unwrap());
        assert_ne!(base, share(&k0, "p", 1, DrawKind::Shuffle(6)).unwrap());
        assert!(share(&k0, "p", 1, DrawKind::Range(0)).is_err());
    }
}
