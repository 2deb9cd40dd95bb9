use crate::{MAX_ENTROPY_BYTES, MIN_ENTROPY_BYTES};

/// Everything that can go wrong when deriving, drawing or verifying. Messages are written for a
/// person reading an audit report; draw-level errors name the draw by `index` and `purpose`.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum FairnessError {
    /// An input had the wrong size (`what` names it, e.g. "secret", "commitment").
    #[error("{what} must be {expected} bytes, got {got}")]
    BadLength { what: &'static str, expected: usize, got: usize },

    /// The revealed secret does not hash to the commitment recorded at match creation.
    #[error("the revealed secret does not match the commitment recorded at match creation")]
    CommitmentMismatch,

    /// No seat entropy was given; the key must depend on at least one seat.
    #[error("no seat entropy was given; at least one seat must contribute entropy")]
    NoSeats,

    /// A seat's entropy is too short or too long.
    #[error("seat {seat} contributed {len} bytes of entropy; each seat must contribute between {} and {} bytes", MIN_ENTROPY_BYTES, MAX_ENTROPY_BYTES)]
    BadEntropy { seat: usize, len: usize },

    /// A draw kind that has no result or is too large (`Range(0)`, oversized `Shuffle`).
    #[error("invalid draw kind: {0}")]
    InvalidKind(String),

    /// A recorded draw cannot be recomputed at all (for example its kind is invalid).
    #[error("draw {index} ({purpose:?}) cannot be recomputed: {reason}")]
    InvalidDraw { index: u64, purpose: String, reason: String },

    /// Two recorded draws share the same address; each `(purpose, index)` may be drawn once.
    #[error("draw {index} ({purpose:?}) is recorded more than once; each (purpose, index) may be drawn only once")]
    DuplicateDraw { index: u64, purpose: String },

    /// A recorded draw's values differ from the values the scheme gives for its address.
    #[error(
        "draw {index} ({purpose:?}) does not match the recomputed draw: {}",
        mismatch_summary(.expected, .got)
    )]
    DrawMismatch { index: u64, purpose: String, expected: Vec<u32>, got: Vec<u32> },

    /// A recorded draw's signature does not verify under the randomness service's key.
    #[error("draw {index} ({purpose:?}) carries a signature that does not verify under the randomness service's public key")]
    BadSignature { index: u64, purpose: String },

    /// The given bytes are not a usable Ed25519 public key.
    #[error("the public key is not a valid Ed25519 public key")]
    InvalidPublicKey,

    /// A signature is malformed or does not verify (from [`crate::verify_signature`]).
    #[error("the signature does not verify under the given public key")]
    InvalidSignature,

    /// Scheme v2: a logged draw lacks the share of one of the match's nodes.
    #[error("draw {index} ({purpose:?}): the share of node {node} is missing")]
    ShareMissing { index: u64, purpose: String, node: u32 },

    /// Scheme v2: a logged share is not the one the node's revealed secret gives.
    #[error("draw {index} ({purpose:?}): the share of node {node} is not the one its revealed secret gives")]
    ShareMismatch { index: u64, purpose: String, node: u32 },

    /// Scheme v2: a logged share's signature does not verify under its node's key.
    #[error("draw {index} ({purpose:?}): the share of node {node} carries a signature that does not verify under the node's public key")]
    BadShareSignature { index: u64, purpose: String, node: u32 },

    /// Scheme v2: a logged draw carries a share no node of the match gave (twice, or of no node).
    #[error("draw {index} ({purpose:?}): unexpected share: {detail}")]
    ShareUnexpected { index: u64, purpose: String, detail: String },

    /// Scheme v2: a node's revealed secret does not match its commitment (or is not 32 bytes).
    #[error("the secret revealed for node {node} does not match the node's commitment recorded at match creation")]
    NodeCommitmentMismatch { node: u32 },

    /// Scheme v2: a node's public key is not a valid Ed25519 key.
    #[error("the public key of node {node} is not a valid Ed25519 public key")]
    NodeKey { node: u32 },

    /// Scheme v2: no node, or more than [`crate::v2::MAX_NODES`].
    #[error("the match names {nodes} randomness nodes; scheme v2 needs 1 to {}", crate::v2::MAX_NODES)]
    NodeCount { nodes: usize },

    /// Scheme v2: not one revealed secret per node.
    #[error("{secrets} secrets were revealed for {nodes} randomness nodes; each node reveals its own")]
    SecretCount { nodes: usize, secrets: usize },

    /// The draw stream ran out of counter values (2^32 blocks); unreachable for allowed kinds.
    #[error("the draw stream for draw {index} ({purpose:?}) is exhausted")]
    StreamExhausted { index: u64, purpose: String },
}

/// A short, readable description of how two value lists differ (they may be long shuffles).
fn mismatch_summary(expected: &[u32], got: &[u32]) -> String {
    if expected.len() != got.len() {
        return format!("recorded {} values, the scheme gives {}", got.len(), expected.len());
    }
    match expected.iter().zip(got).position(|(e, g)| e != g) {
        Some(i) => format!("value #{i} was recorded as {} but the scheme gives {}", got[i], expected[i]),
        None => "values are equal".to_owned(),
    }
}
