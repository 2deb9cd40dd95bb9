//! The check of a match's sealed archive as the orchestrator makes it when it reads one
//! (`orchestrator::archive::open`), under the orchestrator key the archive's first commit names:
//! what `arbiter backup` copies and `arbiter restore` puts back.

use anyhow::Context;
use fairness::chain::{commit_hash, OrchestratorKey};

/// An archive, checked.
pub(super) struct ArchiveInFile {
    /// SHA-256 of the blob.
    pub(super) hash: [u8; 32],
    pub(super) orchestrator_public_key: Vec<u8>,
    pub(super) randomness_public_key: Vec<u8>,
}

/// SHA-256 of `bytes` (what the commits' chain uses too).
pub(super) fn sha256(bytes: &[u8]) -> [u8; 32] {
    commit_hash(bytes)
}

/// Check an archive blob of `match_id` as the orchestrator does when it reads it, under the key
/// its first commit names; the keys that commit names.
pub(super) fn check_archive(match_id: &str, blob: &[u8]) -> anyhow::Result<ArchiveInFile> {
    eventlog::validate_match_id(match_id).map_err(|e| anyhow::anyhow!("an archive named {match_id:?}: {e}"))?;
    let created = orchestrator::archive::first_commit_unchecked(blob)
        .and_then(|c| c.input.and_then(|i| i.input))
        .and_then(|i| match i {
            api::log_v1::commit_input::Input::Created(created) => Some(created),
            _ => None,
        })
        .with_context(|| format!("the archive of match {match_id} does not start with the match's creation"))?;
    let key = OrchestratorKey::parse(&created.orchestrator_public_key).map_err(|e| anyhow::anyhow!("the archive of match {match_id}: {e}"))?;
    orchestrator::archive::open(match_id, blob, &key).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(ArchiveInFile { hash: sha256(blob), orchestrator_public_key: created.orchestrator_public_key, randomness_public_key: created.randomness_public_key })
}
