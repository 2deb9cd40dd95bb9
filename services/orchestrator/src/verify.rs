//! Checking logged bytes against a chain head this orchestrator already trusts.
//!
//! A snapshot carries the hash of the match's last commit under this orchestrator's signature,
//! and a record in memory holds the hash it checked. Whoever can rewrite the stream (the NATS
//! admin can delete it, recreate it and republish) could otherwise have a changed or trimmed
//! prefix served as good from a snapshot, or exported unread. So every read that rests on
//! commits it does not replay (a rebuild from a snapshot, an export) checks their stored bytes:
//! every hash link from version 1, and that the last one hashes to the trusted head. That costs
//! one SHA-256 per commit and no signature or rules call, since the signed head binds every byte
//! before it; signatures are checked only to name the first bad commit once something fails.

use api::log_v1::Commit;
use eventlog::StoredCommit;
use fairness::chain::{self, Link, OrchestratorKey};
use prost::Message;

use crate::error::{OrchestratorError, Result};
use fairness::chain::short_hex;

/// Check that `commits` (the match's log read from version 1, in order) hold versions 1 to
/// `version` whose chain ends at `head`, the hash of version `version` this orchestrator
/// recorded. Commits after `version` are not looked at. A missing, changed, reordered or
/// re-signed commit is `Tampered` (DATA_LOSS) naming the first version found bad.
pub fn check_prefix(match_id: &str, commits: &[StoredCommit], version: u64, head: &[u8; 32], own: &OrchestratorKey) -> Result<()> {
    let tampered = |version: u64, detail: String| OrchestratorError::Tampered { match_id: match_id.to_string(), version, detail };
    let have = commits.len() as u64;
    if have < version {
        return Err(tampered(
            have + 1,
            format!(
                "the log ends at version {have}, but this orchestrator recorded the match up to version {version} \
                 (chain head {}): the commits after version {have} are missing, so the log was trimmed or rewritten",
                short_hex(head)
            ),
        ));
    }
    let prefix = commits.get(..usize::try_from(version).unwrap_or(usize::MAX)).unwrap_or(commits);
    let mut previous: Option<[u8; 32]> = None;
    for (index, stored) in prefix.iter().enumerate() {
        let expected = index as u64 + 1;
        if stored.version != expected {
            return Err(tampered(expected, format!("the log holds version {} where version {expected} belongs", stored.version)));
        }
        let commit = Commit::decode(stored.payload.as_ref()).map_err(|e| tampered(expected, format!("the commit does not decode: {e}")))?;
        let link = Link { stored: &stored.payload, log_format: commit.log_format, prev_hash: &commit.prev_hash };
        if let Err(e) = chain::check_hash_link(link, previous.as_ref()) {
            return Err(first_bad_signature(prefix.get(..index).unwrap_or_default(), own)
                .map(|(v, detail)| tampered(v, detail))
                .unwrap_or_else(|| tampered(expected, format!("the commit does not continue the chain: {e}"))));
        }
        previous = Some(chain::commit_hash(&stored.payload));
    }
    match previous {
        Some(hash) if hash == *head => Ok(()),
        found => Err(first_bad_signature(prefix, own).map(|(v, detail)| tampered(v, detail)).unwrap_or_else(|| {
            tampered(
                version,
                format!(
                    "the commit is not the one this orchestrator recorded (its hash is {}, the recorded chain head is {}), \
                     yet the log up to it is a valid chain under this orchestrator's key: the history was rewritten \
                     by someone holding that key",
                    found.map(|h| short_hex(&h)).unwrap_or_else(|| "none".into()),
                    short_hex(head)
                ),
            )
        })),
    }
}

/// The first commit of `commits` whose signature does not verify under `own`, as its version
/// and why: after a failed link or head, the changed commit is the first one whose bytes are no
/// longer what was signed.
fn first_bad_signature(commits: &[StoredCommit], own: &OrchestratorKey) -> Option<(u64, String)> {
    commits.iter().find_map(|stored| {
        own.check_signature(&stored.payload).err().map(|e| (stored.version, format!("the commit's bytes are not what this orchestrator signed: {e}")))
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use api::log_v1::{commit_input, CommitInput, MatchCreated};
    use bytes::Bytes;

    pub(crate) fn signer() -> fairness::Signer {
        fairness::Signer::from_seed(&[7; 32])
    }

    /// A signed chain of `n` commits of match "m", at stream sequences 10, 20, ... (also the
    /// archive's tests' chain).
    pub(crate) fn log(signer: &fairness::Signer, n: u64) -> Vec<StoredCommit> {
        chain_of(signer, "m", n)
    }

    /// A signed chain of `n` commits of `match_id` (created, then reveals), at stream sequences
    /// 10, 20, ...
    pub(crate) fn chain_of(signer: &fairness::Signer, match_id: &str, n: u64) -> Vec<StoredCommit> {
        let mut out: Vec<StoredCommit> = Vec::new();
        for version in 1..=n {
            let input = if version == 1 {
                commit_input::Input::Created(MatchCreated { orchestrator_public_key: signer.public_key().to_vec(), ..Default::default() })
            } else {
                commit_input::Input::Revealed(Default::default())
            };
            let commit = Commit {
                version,
                match_id: match_id.into(),
                log_format: chain::LOG_FORMAT_SIGNED,
                prev_hash: out.last().map(|p| chain::commit_hash(&p.payload).to_vec()).unwrap_or_default(),
                input: Some(CommitInput { input: Some(input) }),
                ..Default::default()
            };
            let payload = Bytes::from(chain::seal(signer, &commit.encode_to_vec()));
            out.push(StoredCommit { version, sequence: version * 10, payload });
        }
        out
    }

    fn head(commits: &[StoredCommit], version: u64) -> [u8; 32] {
        chain::commit_hash(&commits[version as usize - 1].payload)
    }

    fn bad_version(r: Result<()>) -> u64 {
        match r {
            Err(OrchestratorError::Tampered { version, .. }) => version,
            other => panic!("expected Tampered, got {other:?}"),
        }
    }

    #[test]
    fn the_recorded_prefix_passes_and_later_commits_are_not_looked_at() {
        let s = signer();
        let own = s.orchestrator_key();
        let mut commits = log(&s, 9);
        let h = head(&commits, 6);
        commits[8].payload = Bytes::from_static(b"not even a commit");
        assert!(check_prefix("m", &commits, 6, &h, &own).is_ok());
    }

    #[test]
    fn a_changed_byte_is_named_by_its_version() {
        let s = signer();
        let own = s.orchestrator_key();
        let mut commits = log(&s, 9);
        let h = head(&commits, 9);
        // The last byte is part of the signature trailer: the commit still decodes.
        let mut changed = commits[3].payload.to_vec();
        *changed.last_mut().unwrap() ^= 1;
        commits[3].payload = Bytes::from(changed);
        assert_eq!(bad_version(check_prefix("m", &commits, 9, &h, &own)), 4);
    }

    #[test]
    fn a_trimmed_log_names_the_first_missing_version() {
        let s = signer();
        let own = s.orchestrator_key();
        let mut commits = log(&s, 9);
        let h = head(&commits, 9);
        commits.truncate(1);
        let err = check_prefix("m", &commits, 9, &h, &own).unwrap_err();
        assert!(err.to_string().contains("ends at version 1"), "{err}");
        assert_eq!(bad_version(Err(err)), 2);
        assert_eq!(bad_version(check_prefix("m", &[], 9, &h, &own)), 1);
    }

    #[test]
    fn a_history_re_signed_with_the_key_still_fails_against_the_recorded_head() {
        let s = signer();
        let own = s.orchestrator_key();
        let original = log(&s, 5);
        let h = head(&original, 5);
        // The same length, validly chained and signed, but another history (another match id
        // in commit 2 onwards changes every hash).
        let mut rewritten = log(&s, 5);
        let c = Commit::decode(chain::split(&rewritten[0].payload).unwrap().0).unwrap();
        let c = Commit { written_at_ms: 1, ..c };
        rewritten[0].payload = Bytes::from(chain::seal(&s, &c.encode_to_vec()));
        for i in 1..5 {
            let body = chain::split(&rewritten[i].payload).unwrap().0.to_vec();
            let c = Commit { prev_hash: chain::commit_hash(&rewritten[i - 1].payload).to_vec(), ..Commit::decode(body.as_slice()).unwrap() };
            rewritten[i].payload = Bytes::from(chain::seal(&s, &c.encode_to_vec()));
        }
        let err = check_prefix("m", &rewritten, 5, &h, &own).unwrap_err();
        assert!(err.to_string().contains("rewritten by someone holding that key"), "{err}");
        assert_eq!(bad_version(Err(err)), 5);
    }

    #[test]
    fn a_commit_signed_by_another_key_is_named() {
        let s = signer();
        let own = s.orchestrator_key();
        let mut commits = log(&s, 4);
        let h = head(&commits, 4);
        let other = fairness::Signer::from_seed(&[9; 32]);
        let body = chain::split(&commits[1].payload).unwrap().0.to_vec();
        commits[1].payload = Bytes::from(chain::seal(&other, &body));
        assert_eq!(bad_version(check_prefix("m", &commits, 4, &h, &own)), 2);
    }
}
