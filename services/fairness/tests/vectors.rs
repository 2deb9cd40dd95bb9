//! Recomputes every value in `tests/vectors.json` and compares byte for byte.
//! The same file is checked independently by `tests/check_vectors.py` (see docs/fairness.md).

use fairness::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct Vectors {
    scheme: String,
    master_secret_hex: String,
    match_id: String,
    secret_hex: String,
    commitment_hex: String,
    seat_entropies_hex: Vec<String>,
    match_key_hex: String,
    signer_seed_hex: String,
    public_key_hex: String,
    draws: Vec<Draw>,
}

#[derive(Deserialize)]
struct Draw {
    index: u64,
    purpose: String,
    kind: String,
    n: u32,
    values: Vec<u32>,
    outcome_message_hex: String,
    signature_hex: String,
}

impl Draw {
    fn kind(&self) -> DrawKind {
        match self.kind.as_str() {
            "range" => DrawKind::Range(self.n),
            "shuffle" => DrawKind::Shuffle(self.n),
            other => panic!("unknown kind {other:?}"),
        }
    }

    fn record(&self) -> DrawRecord {
        DrawRecord { index: self.index, purpose: self.purpose.clone(), kind: self.kind(), values: self.values.clone(), signature: unhex(&self.signature_hex) }
    }
}

fn load() -> Vectors {
    serde_json::from_str(include_str!("vectors.json")).expect("vectors.json parses")
}

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).expect("valid hex")
}

fn unhex32(s: &str) -> [u8; 32] {
    unhex(s).try_into().expect("32 bytes")
}

fn entropies(v: &Vectors) -> Vec<Vec<u8>> {
    v.seat_entropies_hex.iter().map(|e| unhex(e)).collect()
}

#[test]
fn vectors_recompute_exactly() {
    let v = load();
    assert_eq!(v.scheme, SCHEME);

    let secret = derive_match_secret(&unhex32(&v.master_secret_hex), &v.match_id);
    assert_eq!(hex::encode(secret), v.secret_hex, "derived secret");
    assert_eq!(hex::encode(commitment(&v.match_id, &secret)), v.commitment_hex, "commitment");
    let key = match_key(&secret, &v.match_id, &entropies(&v)).unwrap();
    assert_eq!(hex::encode(key), v.match_key_hex, "match key");

    let signer = Signer::from_seed(&unhex32(&v.signer_seed_hex));
    assert_eq!(hex::encode(signer.public_key()), v.public_key_hex, "public key");

    assert!(v.draws.iter().any(|d| d.kind == "range") && v.draws.iter().any(|d| d.kind == "shuffle"));
    for d in &v.draws {
        let name = format!("draw {} {:?}", d.index, d.purpose);
        let values = draw(&key, &d.purpose, d.index, d.kind()).unwrap();
        assert_eq!(values, d.values, "{name}: values");
        let msg = outcome_message(&v.match_id, d.index, &d.purpose, d.kind(), &values);
        assert_eq!(hex::encode(&msg), d.outcome_message_hex, "{name}: outcome message");
        assert_eq!(hex::encode(signer.sign(&msg)), d.signature_hex, "{name}: signature");
        verify_signature(&signer.public_key(), &msg, &unhex(&d.signature_hex)).unwrap();
    }
}

#[test]
fn vectors_pass_the_auditor_and_tampering_is_named() {
    let v = load();
    let records: Vec<DrawRecord> = v.draws.iter().map(Draw::record).collect();
    let audit =
        |secret: &[u8], draws: &[DrawRecord]| verify_match(&v.match_id, &unhex(&v.commitment_hex), secret, &entropies(&v), &unhex(&v.public_key_hex), draws);
    let secret = unhex(&v.secret_hex);
    assert_eq!(audit(&secret, &records), Ok(()));

    let mut wrong = secret.clone();
    wrong[0] ^= 1;
    assert_eq!(audit(&wrong, &records), Err(FairnessError::CommitmentMismatch));

    for (i, r) in records.iter().enumerate() {
        let named = |e: FairnessError| match e {
            FairnessError::DrawMismatch { index, purpose, .. } | FairnessError::BadSignature { index, purpose } => (index, purpose),
            other => panic!("unexpected {other:?}"),
        };
        let mut tampered = records.clone();
        tampered[i].signature[0] ^= 1;
        let err = audit(&secret, &tampered).unwrap_err();
        assert!(matches!(err, FairnessError::BadSignature { .. }));
        assert_eq!(named(err), (r.index, r.purpose.clone()));

        if let Some(&v0) = r.values.first() {
            let mut tampered = records.clone();
            tampered[i].values[0] = if v0 == 0 { 1 } else { 0 };
            let err = audit(&secret, &tampered).unwrap_err();
            assert!(matches!(err, FairnessError::DrawMismatch { .. }));
            assert_eq!(named(err), (r.index, r.purpose.clone()));
        }
    }
}
