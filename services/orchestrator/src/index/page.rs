//! A listing's filters and its page tokens: opaque, bound to the filters they were issued for.

use super::*;

/// Whether a match passes a listing's filters.
pub fn passes(req: &m::ListMatchesRequest, s: &m::MatchSummary) -> bool {
    (req.tournament_id.is_empty() || req.tournament_id == s.tournament_id)
        && (req.round == 0 || req.round == s.round)
        && (req.status == m::MatchStatus::Unspecified as i32 || req.status == s.status)
        && (req.ruleset.trim().is_empty() || req.ruleset.trim() == s.ruleset)
}

/// A digest of the filters, so that a token is refused with other filters (AIP-158).
pub(super) fn filter_digest(req: &m::ListMatchesRequest) -> String {
    let text = format!("{}\0{}\0{}\0{}", req.tournament_id, req.round, req.status, req.ruleset.trim());
    hex::encode(&Sha256::digest(text.as_bytes())[..8])
}

const TOKEN_PREFIX: &str = "lm1";

/// An opaque page token: hex of "lm1:<filters>:<last match id shown>".
pub(super) fn encode_token(last_match_id: &str, filters: &str) -> String {
    hex::encode(format!("{TOKEN_PREFIX}:{filters}:{last_match_id}"))
}

pub(super) fn decode_token(token: &str, filters: &str) -> Result<String> {
    let bad = |why: &str| {
        OrchestratorError::InvalidArgument(format!(
            "page_token {} is not valid ({why}); pass the next_page_token of the previous page unchanged, with \
             the same filters, or an empty token for the first page",
            limits::quote(token)
        ))
    };
    let raw = hex::decode(token).map_err(|_| bad("not a token this service issued"))?;
    let text = String::from_utf8(raw).map_err(|_| bad("not a token this service issued"))?;
    let mut parts = text.splitn(3, ':');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(TOKEN_PREFIX), Some(f), Some(last)) if f == filters && eventlog::validate_match_id(last).is_ok() => Ok(last.to_string()),
        (Some(TOKEN_PREFIX), Some(_), Some(_)) => Err(bad("it was issued for other filters")),
        _ => Err(bad("not a token this service issued")),
    }
}
