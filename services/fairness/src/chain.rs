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
//!
//! ## Checking a run of commits with one signature
//!
//! [`OrchestratorKey::check_run`] checks the hash link of every commit of a run (format,
//! `prev_hash`, trailer) but verifies the Ed25519 signature of the **last** commit only. This
//! is sound because a commit's signed body contains its `prev_hash`, the SHA-256 of the whole
//! stored bytes of the commit before it (signature included): a valid signature on commit N
//! therefore binds, hash by hash, the exact bytes of every commit before N. The orchestrator
//! signs a commit only on top of a chain it has checked itself, so a forged commit in the
//! middle of a run cannot be followed by a head bearing the orchestrator's signature (unless
//! SHA-256 collides or Ed25519 is forged). The limit: the commits of a run are not trusted
//! before the signature at its end verifies — nothing they say may be acted on or published
//! until then — and when that signature fails, the run is checked commit by commit so the error
//! names the first bad commit, as [`check_link`] would. `docs/log.md` says the same for readers
//! of the log. [`check_link`] (every signature) stays for the audit, which shows a verdict per
//! commit.

use ed25519_dalek::VerifyingKey;
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
/// (`None` for the first commit), signed by `public_key`. Parses the key on every call: a
/// reader checking many commits keeps an [`OrchestratorKey`] instead.
pub fn check_link(link: Link<'_>, previous_hash: Option<&[u8; 32]>, public_key: &[u8]) -> Result<(), ChainError> {
    // The link before the key, so a commit that is wrong in both reports its link (as always).
    check_hash_link(link, previous_hash)?;
    OrchestratorKey::parse(public_key)?.check_signature(link.stored)
}

/// Everything [`check_link`] checks except the signature: the format, `prev_hash` against
/// `previous_hash` (`None` for the first commit) and the presence of the signature trailer.
/// On its own it proves nothing about who wrote the commit; see [`OrchestratorKey::check_run`].
pub fn check_hash_link(link: Link<'_>, previous_hash: Option<&[u8; 32]>) -> Result<(), ChainError> {
    if link.log_format != LOG_FORMAT_SIGNED {
        return Err(ChainError::Format { expected: LOG_FORMAT_SIGNED, found: link.log_format });
    }
    let expected_prev: &[u8] = previous_hash.map(|h| h.as_slice()).unwrap_or(&[]);
    if link.prev_hash != expected_prev {
        return Err(ChainError::PrevHash);
    }
    split(link.stored).map(|_| ())
}

/// The commit of a run that fails the chain, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct RunError {
    /// Its position in the run (0 = the first commit passed).
    pub index: usize,
    pub error: ChainError,
}

/// An orchestrator public key, parsed once (point decompression and the weak-key check cost
/// about as much as a verification) and reused for every commit of a match.
#[derive(Clone, PartialEq, Eq)]
pub struct OrchestratorKey {
    key: VerifyingKey,
}

impl OrchestratorKey {
    /// The key whose 32 bytes are `public_key`; a wrong length, an invalid point or a weak
    /// (small-order) key is refused here, once.
    pub fn parse(public_key: &[u8]) -> Result<OrchestratorKey, ChainError> {
        let key = parse_public_key(public_key).map_err(|_| ChainError::BadKey(short_hex(public_key)))?;
        Ok(OrchestratorKey { key })
    }

    /// A key derived from a signing key (valid by construction; never weak in practice).
    pub(crate) fn from_verifying_key(key: VerifyingKey) -> OrchestratorKey {
        OrchestratorKey { key }
    }

    /// The key's 32 bytes, as commit 1 names it.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.key.to_bytes()
    }

    /// [`check_link`] under this key: the link and the signature of one commit.
    pub fn check_link(&self, link: Link<'_>, previous_hash: Option<&[u8; 32]>) -> Result<(), ChainError> {
        check_hash_link(link, previous_hash)?;
        self.check_signature(link.stored)
    }

    /// Verify the signature of one commit's stored bytes (its link is not checked here).
    pub fn check_signature(&self, stored: &[u8]) -> Result<(), ChainError> {
        let (body, sig) = split(stored)?;
        check_signature(&self.key, &signed_message(body), sig).map_err(|_| ChainError::BadSignature(short_hex(&self.key.to_bytes())))
    }

    /// Check a run of consecutive commits that continues a chain whose last checked commit had
    /// `previous_hash` (`None` when the run starts the log): every link is checked, and the
    /// signature of the last commit only (see the module doc for why that is sound). Returns
    /// the hash of the run's last commit (`previous_hash` for an empty run). When the head's
    /// signature fails, each commit is verified in turn, so the error names the first bad one,
    /// exactly as checking the run commit by commit with [`check_link`] would.
    pub fn check_run(&self, run: &[Link<'_>], previous_hash: Option<&[u8; 32]>) -> Result<Option<[u8; 32]>, RunError> {
        let mut hash = previous_hash.copied();
        for (index, link) in run.iter().enumerate() {
            if let Err(error) = check_hash_link(*link, hash.as_ref()) {
                // The commits before it are still unverified: one of them may be the first bad one.
                self.check_signatures(run.get(..index).unwrap_or_default())?;
                return Err(RunError { index, error });
            }
            hash = Some(commit_hash(link.stored));
        }
        self.check_signatures(run)?;
        Ok(hash)
    }

    /// Verify the signature of the last commit of `run`, whose links are already checked; if
    /// it fails, every commit's in turn so the error names the first bad one.
    fn check_signatures(&self, run: &[Link<'_>]) -> Result<(), RunError> {
        let Some(head) = run.last() else { return Ok(()) };
        if self.check_signature(head.stored).is_ok() {
            return Ok(());
        }
        for (index, link) in run.iter().enumerate() {
            self.check_signature(link.stored).map_err(|error| RunError { index, error })?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for OrchestratorKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("OrchestratorKey").field(&hex::encode(self.key.to_bytes())).finish()
    }
}

/// The first bytes of a key, in hex, for messages (the services' messages use it too).
pub fn short_hex(bytes: &[u8]) -> String {
    let shown = bytes.get(..8).unwrap_or(bytes);
    format!("{}…", hex::encode(shown))
}

impl Signer {
    /// The public key as an [`OrchestratorKey`], without parsing its bytes again: what an
    /// orchestrator checks its own log against.
    pub fn orchestrator_key(&self) -> OrchestratorKey {
        OrchestratorKey::from_verifying_key(self.verifying_key())
    }
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

    /// A signed run of `n` commits: bodies `[format 2][prev_hash][payload i]` encoded the
    /// way the chain reads them (the caller's decoding is modelled by [`Stored`]).
    struct Stored {
        bytes: Vec<u8>,
        prev: Vec<u8>,
    }

    fn run_of(signer: &Signer, n: usize) -> Vec<Stored> {
        let mut out: Vec<Stored> = Vec::new();
        for i in 0..n {
            let prev = out.last().map(|s| commit_hash(&s.bytes).to_vec()).unwrap_or_default();
            out.push(sealed(signer, &prev, i));
        }
        out
    }

    fn sealed(signer: &Signer, prev: &[u8], i: usize) -> Stored {
        let mut body = prev.to_vec();
        body.extend_from_slice(format!("commit {i}").as_bytes());
        Stored { bytes: seal(signer, &body), prev: prev.to_vec() }
    }

    fn links(run: &[Stored]) -> Vec<Link<'_>> {
        run.iter().map(|s| Link { stored: &s.bytes, log_format: 2, prev_hash: &s.prev }).collect()
    }

    fn key() -> OrchestratorKey {
        OrchestratorKey::parse(&Signer::from_seed(&[7; 32]).public_key()).expect("a valid key")
    }

    #[test]
    fn a_run_is_accepted_and_ends_at_its_last_hash() {
        let run = run_of(&Signer::from_seed(&[7; 32]), 6);
        let last = commit_hash(&run[5].bytes);
        assert_eq!(key().check_run(&links(&run), None), Ok(Some(last)));
        // A run continuing a checked prefix, and an empty run.
        let h = commit_hash(&run[1].bytes);
        assert_eq!(key().check_run(&links(&run[2..]), Some(&h)), Ok(Some(last)));
        assert_eq!(key().check_run(&[], Some(&h)), Ok(Some(h)));
        assert_eq!(key().check_run(&[], None), Ok(None));
    }

    #[test]
    fn a_forged_commit_in_the_middle_of_a_run_is_caught_by_the_heads_signature() {
        let honest = Signer::from_seed(&[7; 32]);
        let forger = Signer::from_seed(&[8; 32]);
        let mut run = run_of(&honest, 3);
        // The forger replaces commit 3 and appends 4 and 5, recomputing every hash, so all the
        // links hold; it can sign only with its own key.
        for i in 3..6 {
            let prev = commit_hash(&run[i - 1].bytes).to_vec();
            run.push(sealed(&forger, &prev, i + 100));
        }
        let all = links(&run);
        for (index, link) in all.iter().enumerate() {
            let previous = index.checked_sub(1).map(|p| commit_hash(all[p].stored));
            assert_eq!(check_hash_link(*link, previous.as_ref()), Ok(()), "every link holds");
        }
        let err = key().check_run(&all, None).expect_err("the head's signature fails");
        assert_eq!(err.index, 3, "the first forged commit is named");
        assert!(matches!(err.error, ChainError::BadSignature(_)), "{err}");
        // A forged commit followed by one honestly signed head is still caught: the head
        // verifies, but it links to the honest commit, not the forged one.
        let mut spliced = run_of(&honest, 5);
        let prev = commit_hash(&spliced[1].bytes).to_vec();
        spliced[2] = sealed(&forger, &prev, 2);
        let err = key().check_run(&links(&spliced), None).expect_err("the link after the forgery breaks");
        assert_eq!((err.index, err.error), (2, ChainError::BadSignature(short_hex(&honest.public_key()))));
    }

    #[test]
    fn a_broken_link_anywhere_in_a_run_is_caught_and_named() {
        let honest = Signer::from_seed(&[7; 32]);
        for broken in 0..5 {
            let mut run = run_of(&honest, 5);
            // Commit `broken` names a wrong previous hash, but is signed by the orchestrator.
            let wrong = commit_hash(b"not the previous commit").to_vec();
            run[broken] = sealed(&honest, &wrong, broken);
            let err = key().check_run(&links(&run), None).expect_err("a broken link");
            assert_eq!((err.index, err.error), (broken, ChainError::PrevHash), "link {broken}");
        }
        let mut run = run_of(&honest, 3);
        run[1].bytes.pop();
        let err = key().check_run(&links(&run), None).expect_err("no trailer");
        assert_eq!((err.index, err.error), (1, ChainError::NoSignature));
        let run = run_of(&honest, 3);
        let mut l = links(&run);
        l[2].log_format = 1;
        assert_eq!(key().check_run(&l, None).expect_err("format").error, ChainError::Format { expected: 2, found: 1 });
    }

    #[test]
    fn a_run_of_one_is_the_per_commit_check() {
        let honest = Signer::from_seed(&[7; 32]);
        let h = commit_hash(b"previous");
        let cases = [
            (sealed(&honest, &h, 0), Some(h)),
            (sealed(&honest, &h, 0), None),
            (sealed(&Signer::from_seed(&[8; 32]), &h, 0), Some(h)),
            (sealed(&honest, &[], 0), None),
        ];
        for (stored, previous) in &cases {
            let link = Link { stored: &stored.bytes, log_format: 2, prev_hash: &stored.prev };
            let one = key().check_run(&[link], previous.as_ref()).map(|_| ()).map_err(|e| e.error);
            assert_eq!(one, check_link(link, previous.as_ref(), &honest.public_key()));
            assert_eq!(one, key().check_link(link, previous.as_ref()));
        }
    }

    #[test]
    fn a_forged_commit_before_a_broken_link_is_named_first() {
        let honest = Signer::from_seed(&[7; 32]);
        let mut run = run_of(&honest, 5);
        let prev = commit_hash(&run[0].bytes).to_vec();
        run[1] = sealed(&Signer::from_seed(&[8; 32]), &prev, 1);
        // Commit 2 still links to the honest commit 1 (now replaced): its link breaks too.
        let err = key().check_run(&links(&run), None).expect_err("forged");
        assert_eq!(err.index, 1);
        assert!(matches!(err.error, ChainError::BadSignature(_)));
    }

    #[test]
    fn invalid_and_weak_keys_are_refused_once() {
        assert!(matches!(OrchestratorKey::parse(&[1; 31]), Err(ChainError::BadKey(_))));
        // The identity point (small order): a weak key.
        let mut identity = [0u8; 32];
        identity[0] = 1;
        assert!(matches!(OrchestratorKey::parse(&identity), Err(ChainError::BadKey(_))));
        let pk = Signer::from_seed(&[7; 32]).public_key();
        assert_eq!(OrchestratorKey::parse(&pk).expect("valid").to_bytes(), pk);
    }
}
