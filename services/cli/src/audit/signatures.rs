//! The signatures an audit checks before anything else: the log's signed hash chain under the
//! orchestrator key, and each seat's signed acts under the key it registered.

use super::*;

/// What the chain check found: the format, the key (hex) and a one-line summary.
pub(super) struct ChainFacts {
    pub(super) format: u32,
    pub(super) key: String,
    pub(super) detail: String,
}

/// Check 0: the signed hash chain, on the stored bytes (see the module doc).
pub(super) fn check_chain(export: &MatchExport, pinned: Option<&[u8]>) -> Result<ChainFacts, AuditFailure> {
    let chain = |version: u64, detail: String| AuditFailure::Chain { version, detail };
    let first = export.commits.first().ok_or_else(|| structure(None, "it has no commits"))?;
    let format = first.log_format;
    if format != fairness::chain::LOG_FORMAT_SIGNED {
        if let Some(c) = export.commits.iter().find(|c| c.log_format != format) {
            return Err(chain(c.version, format!("the log format changes from {format} to {}", c.log_format)));
        }
        if format > 1 {
            return Err(chain(1, format!("unknown log format {format}; this auditor reads formats 1 and 2")));
        }
        if pinned.is_some() {
            return Err(chain(1, "the log is unsigned (format 1), but --orchestrator-key asks for a log signed by that key".into()));
        }
        return Ok(ChainFacts {
            format: 1,
            key: String::new(),
            detail: "unsigned log (format 1, written before logs were signed): no chain or signature to check".into(),
        });
    }
    let stored = &export.stored_commits;
    if stored.len() != export.commits.len() {
        return Err(chain(
            stored.len() as u64 + 1,
            format!("the export carries the stored bytes of {} of its {} commits; a signed log is audited on them", stored.len(), export.commits.len()),
        ));
    }
    let mut key: Vec<u8> = Vec::new();
    let mut previous: Option<[u8; 32]> = None;
    for (i, (bytes, readable)) in stored.iter().zip(&export.commits).enumerate() {
        let at = i as u64 + 1;
        let decoded =
            <Commit as prost::Message>::decode(bytes.as_slice()).map_err(|e| chain(at, format!("the stored bytes do not decode as a commit: {e}")))?;
        if decoded != *readable {
            return Err(chain(at, "the readable commit differs from its stored bytes (the file was edited)".into()));
        }
        if i == 0 {
            key = match input_of(&decoded) {
                Some(CI::Created(c)) => c.orchestrator_public_key.clone(),
                _ => return Err(chain(at, "the first commit must be the match creation".into())),
            };
            if let Some(expected) = pinned {
                if expected != key.as_slice() {
                    return Err(AuditFailure::OrchestratorKey { expected: hex::encode(expected), logged: hex::encode(&key) });
                }
            }
        }
        let link = fairness::chain::Link { stored: bytes, log_format: decoded.log_format, prev_hash: &decoded.prev_hash };
        fairness::chain::check_link(link, previous.as_ref(), &key).map_err(|e| chain(at, format!("the commit: {e}")))?;
        previous = Some(fairness::chain::commit_hash(bytes));
    }
    Ok(ChainFacts {
        format: fairness::chain::LOG_FORMAT_SIGNED,
        key: hex::encode(&key),
        detail: format!(
            "{} commits, each holding the SHA-256 of the one before and signed by the orchestrator key {}{}",
            stored.len(),
            hex::encode(&key),
            if pinned.is_some() { " (as expected)" } else { " (taken from the log; pin it with --orchestrator-key)" }
        ),
    })
}

/// One seat's verdict: its name, its key (hex) if it registered one, its acts, and the first
/// forged act's failure.
pub(super) struct SeatVerdict {
    pub(super) name: String,
    pub(super) key: Option<String>,
    pub(super) acts: usize,
    pub(super) failure: Option<AuditFailure>,
}

/// The seat-signature check: each seat's acts against the key it registered when it joined.
pub(super) fn check_seat_signatures(export: &MatchExport) -> Vec<SeatVerdict> {
    let names: Vec<String> = match export.commits.first().and_then(input_of) {
        Some(CI::Created(c)) => c.config.as_ref().map(|c| c.seats.iter().map(|s| s.name.clone()).collect()).unwrap_or_default(),
        _ => Vec::new(),
    };
    let mut keys: Vec<Option<fairness::seat::SeatKey>> = vec![None; names.len()];
    let mut verdicts: Vec<SeatVerdict> = names.into_iter().map(|name| SeatVerdict { name, key: None, acts: 0, failure: None }).collect();
    for c in &export.commits {
        let fail = |detail: String| AuditFailure::SeatSignature { version: c.version, detail };
        if let Some(CI::Joined(j)) = input_of(c) {
            let (Some(slot), Some(verdict)) = (keys.get_mut(j.seat as usize), verdicts.get_mut(j.seat as usize)) else { continue };
            if j.seat_public_key.is_empty() {
                continue;
            }
            match fairness::seat::SeatKey::parse(&j.seat_public_key) {
                Ok(key) => {
                    verdict.key = Some(hex::encode(key.to_bytes()));
                    *slot = Some(key);
                }
                Err(e) => {
                    verdict.key = Some(hex::encode(&j.seat_public_key));
                    verdict.failure.get_or_insert(fail(format!("seat {} registers a key that is not one: {e}", j.seat)));
                }
            }
            continue;
        }
        let Some(act) = api::seat::act_of(c) else { continue };
        let result = api::seat::check_act(c, |seat| keys.get(seat as usize).and_then(Option::as_ref));
        let Some(verdict) = verdicts.get_mut(act.seat as usize) else { continue };
        verdict.acts += 1;
        if let Err(detail) = result {
            verdict.failure.get_or_insert(fail(detail));
        }
    }
    verdicts
}
