//! # fairness — Arbiter's verifiable randomness scheme
//!
//! Scheme name and version: [`SCHEME`] (`arbiter-hmac-sha256-draws/v1`). The byte-exact
//! specification lives in `docs/fairness.md`; the test vectors in `tests/vectors.json`.
//!
//! ## What this crate owns
//!
//! * the **commitment** to a match secret `S` ([`commitment`]) and the stateless derivation of
//!   `S` from a master secret ([`derive_match_secret`]);
//! * the **match key** `K`, mixing `S` with every seat's entropy ([`match_key`]);
//! * **addressed draws**: a deterministic word stream per `(purpose, index)`, unbiased integers by
//!   rejection sampling and shuffles by our own Fisher–Yates ([`draw`], [`DrawKind`]);
//! * the canonical **signed outcome** bytes and Ed25519 signing/verification
//!   ([`outcome_message`], [`Signer`], [`verify_signature`]);
//! * the **auditor's check** of a whole match ([`verify_match`], [`DrawRecord`]);
//! * the **signed hash chain** of a match log ([`chain`]): what the orchestrator signs and
//!   how a commit, or a run of commits with one signature at its end, is checked against the
//!   previous one ([`chain::OrchestratorKey`]: the orchestrator key parsed once).
//! * the **seat-signed acts** ([`seat`]): the message a seat signs for its decision or
//!   concession, and its check.
//! * scheme **v2** ([`v2`]): several independent randomness nodes per match, each committing to
//!   its own secret and giving a signed share of every draw; v1 stays what a one-node match uses.
//!
//! Every function is a pure function of its arguments: the same inputs give the same bytes, on
//! every machine and in every future build. That is what lets an auditor re-run a match offline.
//!
//! ## What this crate must never do
//!
//! * **No I/O, no clock, no ambient randomness.** It never reads files, the network, the time,
//!   `rand`/`getrandom`/thread RNGs. Secrets, seeds and entropy are always passed in by the
//!   caller (the randomness service), so the verifier can recompute everything.
//! * **No library shuffle or sampler.** Their output may change between versions; the sampler and
//!   the Fisher–Yates shuffle here are written out and pinned by tests and vectors.
//! * **No silent change of output.** Any change to the bytes produced is a new scheme version
//!   (a new [`SCHEME`] string and new domain strings), never an edit of `v1`.
//! * **No modulo bias** and no draw whose result depends on anything but `(K, purpose, index, kind)`.
//!
//! ## Panics
//!
//! Encoded strings and byte fields carry a `u32` length prefix. A single field longer than
//! `u32::MAX` bytes (4 GiB) cannot be encoded and makes the function panic; no other input
//! panics.

pub mod chain;
mod commit;
mod draw;
mod encoding;
mod error;
pub mod seat;
mod sign;
pub mod v2;
mod verify;

pub use commit::{commitment, derive_match_secret, match_key};
pub use draw::{draw, DrawKind, MAX_SHUFFLE_LEN};
pub use error::FairnessError;
pub use sign::{outcome_message, verify_signature, Signer};
pub use verify::{verify_match, DrawRecord};

/// Name and version of the scheme implemented here; recorded next to every match's commitment.
pub const SCHEME: &str = "arbiter-hmac-sha256-draws/v1";

/// The per-match secret `S` chosen by the randomness service and committed before play.
pub type Secret = [u8; 32];

/// The match key `K = HMAC-SHA256(S, …)`; every draw of the match is derived from it.
pub type MatchKey = [u8; 32];

/// Fewest bytes of entropy a seat may contribute.
pub const MIN_ENTROPY_BYTES: usize = 16;
/// Most bytes of entropy a seat may contribute.
pub const MAX_ENTROPY_BYTES: usize = 64;

/// Domain-separation strings: each use of a hash or MAC has its own, so no output of one step
/// can be replayed as the input of another.
pub mod domain {
    /// Commitment to the match secret.
    pub const COMMIT: &str = "arbiter/v1/commit";
    /// Derivation of a match secret from the service's master secret.
    pub const SECRET: &str = "arbiter/v1/secret";
    /// Derivation of the match key from the secret and the seat entropies.
    pub const KEY: &str = "arbiter/v1/key";
    /// Blocks of an addressed draw stream.
    pub const DRAW: &str = "arbiter/v1/draw";
    /// The signed outcome message.
    pub const OUTCOME: &str = "arbiter/v1/outcome";
}
