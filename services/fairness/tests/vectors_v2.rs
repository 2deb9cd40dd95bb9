//! Recomputes every value in `tests/vectors_v2.json` (scheme v2, several randomness nodes) and
//! compares byte for byte. The file was written by an independent Python implementation of
//! `docs/fairness.md` (`tests/python/verify.py`, which checks it again with
//! `--check-vectors-v2`), so the two implementations agree on every byte.

use fairness::v2::{self, DrawRecordV2, LoggedShare, Node};
use fairness::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct Vectors {
    scheme: String,
    match_id: String,
    seat_entropies_hex: Vec<String>,
    nodes: Vec<VectorNode>,
    draws: Vec<VectorDraw>,
}

#[derive(Deserialize)]
struct VectorNode {
    master_secret_hex: String,
    signer_seed_hex: String,
    secret_hex: String,
    public_key_hex: String,
    commitment_hex: String,
    node_key_hex: String,
}

#[derive(Deserialize)]
struct VectorDraw {
    index: u64,
    purpose: String,
    kind: String,
    n: u32,
    shares: Vec<VectorShare>,
    combined_key_hex: String,
    values: Vec<u32>,
}

#[derive(Deserialize)]
struct VectorShare {
    node: u32,
    share_hex: String,
    share_message_hex: String,
    signature_hex: String,
}

fn load() -> Vectors {
    serde_json::from_str(include_str!("vectors_v2.json")).expect("vectors_v2.json parses")
}

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).expect("valid hex")
}

fn unhex32(s: &str) -> [u8; 32] {
    unhex(s).try_into().expect("32 bytes")
}

impl VectorDraw {
    fn kind(&self) -> DrawKind {
        match self.kind.as_str() {
            "range" => DrawKind::Range(self.n),
            "shuffle" => DrawKind::Shuffle(self.n),
            other => panic!("unknown kind {other:?}"),
        }
    }

    fn record(&self) -> DrawRecordV2 {
        DrawRecordV2 {
            index: self.index,
            purpose: self.purpose.clone(),
            kind: self.kind(),
            values: self.values.clone(),
            shares: self.shares.iter().map(|s| LoggedShare { node: s.node, share: unhex(&s.share_hex), signature: unhex(&s.signature_hex) }).collect(),
        }
    }
}

#[test]
fn v2_vectors_recompute_exactly() {
    let v = load();
    assert_eq!(v.scheme, v2::SCHEME);
    assert_eq!(v.nodes.len(), 3);
    let entropies: Vec<Vec<u8>> = v.seat_entropies_hex.iter().map(|e| unhex(e)).collect();
    let mut keys = Vec::new();
    for (j, node) in v.nodes.iter().enumerate() {
        let j = j as u32;
        let secret = derive_match_secret(&unhex32(&node.master_secret_hex), &v.match_id);
        assert_eq!(hex::encode(secret), node.secret_hex, "node {j}: secret");
        let signer = Signer::from_seed(&unhex32(&node.signer_seed_hex));
        assert_eq!(hex::encode(signer.public_key()), node.public_key_hex, "node {j}: public key");
        assert_eq!(hex::encode(v2::node_commitment(&v.match_id, j, &signer.public_key(), &secret)), node.commitment_hex, "node {j}: commitment");
        let key = v2::node_key(&secret, &v.match_id, j, &entropies).unwrap();
        assert_eq!(hex::encode(key), node.node_key_hex, "node {j}: node key");
        keys.push((key, signer));
    }
    for d in &v.draws {
        let name = format!("draw {} {:?}", d.index, d.purpose);
        let mut shares = Vec::new();
        for (j, ((key, signer), logged)) in keys.iter().zip(&d.shares).enumerate() {
            let share = v2::share(key, &d.purpose, d.index, d.kind()).unwrap();
            assert_eq!(hex::encode(share), logged.share_hex, "{name}: share of node {j}");
            let msg = v2::share_message(&v.match_id, j as u32, &d.purpose, d.index, d.kind(), &share);
            assert_eq!(hex::encode(&msg), logged.share_message_hex, "{name}: share message of node {j}");
            assert_eq!(hex::encode(signer.sign(&msg)), logged.signature_hex, "{name}: signature of node {j}");
            shares.push(share);
        }
        let combined = v2::combine(&v.match_id, &d.purpose, d.index, d.kind(), &shares);
        assert_eq!(hex::encode(combined), d.combined_key_hex, "{name}: combined key");
        assert_eq!(v2::draw_values(&v.match_id, &d.purpose, d.index, d.kind(), &shares).unwrap(), d.values, "{name}: values");
    }
}

#[test]
fn v2_vectors_pass_the_auditor_and_a_removed_share_is_named() {
    let v = load();
    let entropies: Vec<Vec<u8>> = v.seat_entropies_hex.iter().map(|e| unhex(e)).collect();
    let nodes: Vec<Node> = v.nodes.iter().map(|n| Node { public_key: unhex(&n.public_key_hex), commitment: unhex(&n.commitment_hex) }).collect();
    let secrets: Vec<Vec<u8>> = v.nodes.iter().map(|n| unhex(&n.secret_hex)).collect();
    let mut records: Vec<DrawRecordV2> = v.draws.iter().map(VectorDraw::record).collect();
    assert_eq!(v2::verify_match(&v.match_id, &nodes, &secrets, &entropies, &records), Ok(()));
    records[1].shares.remove(2);
    assert_eq!(
        v2::verify_match(&v.match_id, &nodes, &secrets, &entropies, &records),
        Err(FairnessError::ShareMissing { index: 1, purpose: "d20".into(), node: 2 })
    );
}
