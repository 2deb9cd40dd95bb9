//! The match index behind `ListMatches`: rebuilt from the log itself, not kept beside it.
//!
//! Each listing reads the last commit of every match (one ordered consumer delivering one
//! message per match subject) and, once per match and orchestrator, its first commit (the
//! `MatchCreated` with ruleset, tournament, round, table and labels; immutable, so cached).
//! Why from the log and not a KV bucket written on each status change: the log is the only
//! truth, so no crash between a commit and an index write can leave the index wrong, it
//! survives restarts with nothing to repair, and any number of orchestrators agree on it. The
//! cost is one pass over one message per match per listing (docs/tournaments.md).
//! Every commit read here must carry this orchestrator's signature; others are skipped.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use api::convert;
use api::log_v1::{commit_input, Commit};
use api::match_v1 as m;
use engine::Awaiting;
use eventlog::EventLog;
use prost::Message;
use sha2::{Digest, Sha256};

use crate::error::{OrchestratorError, Result};
use crate::limits;
use crate::record::Tournament;

/// What a match's first commit says, for listings.
#[derive(Clone, Debug)]
struct Created {
    ruleset: String,
    tournament: Tournament,
    seat_names: Vec<String>,
    /// Created with a chess clock or a round time limit.
    timed: bool,
}

pub struct MatchIndex {
    log: Arc<dyn EventLog>,
    own_key: [u8; 32],
    /// Match id -> its creation (a few hundred bytes each): only matches still in the log, as
    /// every pass over the log forgets those that left it (purged by an operator, or aged out
    /// by a stream limit), so it never outgrows the log.
    created: Mutex<HashMap<String, Created>>,
}

impl MatchIndex {
    pub fn new(log: Arc<dyn EventLog>, own_key: [u8; 32]) -> Self {
        MatchIndex { log, own_key, created: Mutex::new(HashMap::new()) }
    }

    /// One page of the matches that pass the request's filters, in match id order.
    pub async fn list(&self, req: &m::ListMatchesRequest) -> Result<m::ListMatchesResponse> {
        limits::check_len("tournament_id", &req.tournament_id, limits::MAX_TOURNAMENT_ID_LEN)?;
        limits::check_len("ruleset", &req.ruleset, limits::MAX_RULESET_LEN)?;
        let page_size = match req.page_size as usize {
            0 => limits::DEFAULT_PAGE_SIZE,
            n => n.min(limits::MAX_PAGE_SIZE),
        };
        let filters = filter_digest(req);
        let after = match req.page_token.as_str() {
            "" => None,
            token => Some(decode_token(token, &filters)?),
        };
        let last = self.last_commits().await?;
        let mut matches = Vec::new();
        let mut next_page_token = String::new();
        for (match_id, _sequence, payload) in last {
            if after.as_deref().is_some_and(|a| match_id.as_str() <= a) {
                continue;
            }
            let Some(commit) = self.verified(&match_id, &payload) else { continue };
            let Some(created) = self.created_of(&match_id, &commit).await else { continue };
            let summary = summary(&match_id, &created, &commit);
            if !passes(req, &summary) {
                continue;
            }
            if matches.len() == page_size {
                // There is at least one more: the next page starts after the last one shown.
                let last_shown = matches.last().map(|s: &m::MatchSummary| s.match_id.clone()).unwrap_or_default();
                next_page_token = encode_token(&last_shown, &filters);
                break;
            }
            matches.push(summary);
        }
        Ok(m::ListMatchesResponse { matches, next_page_token })
    }

    /// Every match that passes `filter` (no pages), for WatchMatches' discovery.
    pub async fn matching(&self, filter: &m::ListMatchesRequest) -> Result<Vec<m::MatchSummary>> {
        let mut out = Vec::new();
        for (match_id, _sequence, payload) in self.last_commits().await? {
            let Some(commit) = self.verified(&match_id, &payload) else { continue };
            let Some(created) = self.created_of(&match_id, &commit).await else { continue };
            let summary = summary(&match_id, &created, &commit);
            if passes(filter, &summary) {
                out.push(summary);
            }
        }
        Ok(out)
    }

    /// The matches in play with a clock or a round time limit (for the time keeper after a
    /// restart: their alarms are not in memory yet).
    pub async fn timed_in_play(&self) -> Result<Vec<String>> {
        let mut out = Vec::new();
        for (match_id, _sequence, payload) in self.last_commits().await? {
            // Most matches of a long-lived log have ended: skip those before checking a signature
            // or reading a first commit (skipping acts on nothing; a match loaded later is checked
            // in full).
            let ended = Commit::decode(payload.as_ref())
                .is_ok_and(|c| matches!(c.awaiting.and_then(|a| a.what), Some(api::rules_v1::awaiting::What::Ended(_))));
            if ended {
                continue;
            }
            let Some(commit) = self.verified(&match_id, &payload) else { continue };
            let Some(created) = self.created_of(&match_id, &commit).await else { continue };
            if created.timed && summary(&match_id, &created, &commit).status != m::MatchStatus::Ended as i32 {
                out.push(match_id);
            }
        }
        Ok(out)
    }

    /// The last commit of every match in the log, and the creations of matches no longer in
    /// it forgotten.
    async fn last_commits(&self) -> Result<Vec<(String, u64, bytes::Bytes)>> {
        let last = self.log.last_commits().await?;
        if let Ok(mut created) = self.created.lock() {
            forget_missing(&mut created, last.iter().map(|(id, _, _)| id.as_str()));
        }
        Ok(last)
    }

    /// The commit in `payload`, if it decodes and carries this orchestrator's signature.
    fn verified(&self, match_id: &str, payload: &[u8]) -> Option<Commit> {
        let signed = fairness::chain::split(payload).ok().and_then(|(body, sig)| {
            fairness::verify_signature(&self.own_key, &fairness::chain::signed_message(body), sig).ok()
        });
        if signed.is_none() {
            tracing::warn!(match_id, "a commit not signed by this orchestrator's key is left out of the listing");
            return None;
        }
        Commit::decode(payload).ok().filter(|c| c.match_id == match_id)
    }

    async fn created_of(&self, match_id: &str, last: &Commit) -> Option<Created> {
        if let Some(c) = self.created.lock().ok().and_then(|map| map.get(match_id).cloned()) {
            return Some(c);
        }
        let first = if last.version == 1 {
            last.clone()
        } else {
            let stored = match self.log.read_until(match_id, None, 1, 1).await {
                Ok(stored) => stored,
                Err(e) => {
                    tracing::warn!(match_id, error = %e, "cannot read the first commit for the listing");
                    return None;
                }
            };
            self.verified(match_id, &stored.first()?.payload)?
        };
        let Some(commit_input::Input::Created(c)) = first.input.as_ref().and_then(|i| i.input.as_ref()) else {
            return None;
        };
        let config = c.config.clone().unwrap_or_default();
        let created = Created {
            ruleset: config.ruleset.clone(),
            tournament: Tournament::of(c),
            seat_names: config.seats.iter().map(|s| s.name.clone()).collect(),
            timed: c.time_control.as_ref().is_some_and(|t| t.clock_s > 0 || t.round_limit_s > 0),
        };
        if let Ok(mut map) = self.created.lock() {
            map.insert(match_id.to_string(), created.clone());
        }
        Some(created)
    }
}

/// Keep only the creations of `present` matches.
fn forget_missing<'a, V>(created: &mut HashMap<String, V>, present: impl Iterator<Item = &'a str>) {
    if created.is_empty() {
        return;
    }
    let present: std::collections::HashSet<&str> = present.collect();
    created.retain(|id, _| present.contains(id.as_str()));
}

/// A match's summary from its creation and its last commit. Until every seat has joined, a
/// match's log holds only its creation and joins (nothing is drawn or decided before), so
/// fewer than 1 + seats commits means seats are missing.
fn summary(match_id: &str, created: &Created, last: &Commit) -> m::MatchSummary {
    let awaiting = convert::awaiting_from_proto(last.awaiting.as_ref()).ok();
    let (status, result) = match &awaiting {
        Some(Awaiting::Ended(o)) => {
            let names: Vec<String> = o
                .winners
                .iter()
                .map(|w| created.seat_names.get(*w as usize).cloned().unwrap_or_else(|| format!("seat {w}")))
                .collect();
            let result =
                if names.is_empty() { format!("no winner ({})", o.reason) } else { format!("{} won ({})", names.join(", "), o.reason) };
            (m::MatchStatus::Ended, result)
        }
        _ if last.version < 1 + created.seat_names.len() as u64 => (m::MatchStatus::WaitingForSeats, String::new()),
        _ => (m::MatchStatus::InProgress, String::new()),
    };
    m::MatchSummary {
        match_id: match_id.to_string(),
        ruleset: created.ruleset.clone(),
        tournament_id: created.tournament.tournament_id.clone(),
        round: created.tournament.round,
        table: created.tournament.table,
        labels: created.tournament.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        status: status as i32,
        version: last.version,
        result,
    }
}

fn passes(req: &m::ListMatchesRequest, s: &m::MatchSummary) -> bool {
    (req.tournament_id.is_empty() || req.tournament_id == s.tournament_id)
        && (req.round == 0 || req.round == s.round)
        && (req.status == m::MatchStatus::Unspecified as i32 || req.status == s.status)
        && (req.ruleset.trim().is_empty() || req.ruleset.trim() == s.ruleset)
}

/// A digest of the filters, so that a token is refused with other filters (AIP-158).
fn filter_digest(req: &m::ListMatchesRequest) -> String {
    let text = format!("{}\0{}\0{}\0{}", req.tournament_id, req.round, req.status, req.ruleset.trim());
    hex::encode(&Sha256::digest(text.as_bytes())[..8])
}

const TOKEN_PREFIX: &str = "lm1";

/// An opaque page token: hex of "lm1:<filters>:<last match id shown>".
fn encode_token(last_match_id: &str, filters: &str) -> String {
    hex::encode(format!("{TOKEN_PREFIX}:{filters}:{last_match_id}"))
}

fn decode_token(token: &str, filters: &str) -> Result<String> {
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
        (Some(TOKEN_PREFIX), Some(f), Some(last)) if f == filters && eventlog::validate_match_id(last).is_ok() => {
            Ok(last.to_string())
        }
        (Some(TOKEN_PREFIX), Some(_), Some(_)) => Err(bad("it was issued for other filters")),
        _ => Err(bad("not a token this service issued")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creations_of_matches_no_longer_in_the_log_are_forgotten() {
        let mut created: HashMap<String, u32> = ["a", "b", "c"].iter().map(|id| (id.to_string(), 0)).collect();
        // "b" was purged; "d" is new (remembered once a listing reads its first commit).
        forget_missing(&mut created, ["a", "c", "d"].into_iter());
        let mut left: Vec<&str> = created.keys().map(String::as_str).collect();
        left.sort();
        assert_eq!(left, ["a", "c"]);
        forget_missing(&mut created, std::iter::empty());
        assert!(created.is_empty());
    }

    #[test]
    fn page_tokens_round_trip_and_are_refused_with_other_filters_or_when_forged() {
        let a = m::ListMatchesRequest { tournament_id: "t1".into(), round: 2, ..Default::default() };
        let b = m::ListMatchesRequest { tournament_id: "t1".into(), round: 3, ..Default::default() };
        let token = encode_token("abc123", &filter_digest(&a));
        assert_eq!(decode_token(&token, &filter_digest(&a)).expect("round trip"), "abc123");
        assert!(decode_token(&token, &filter_digest(&b)).is_err());
        for forged in ["zz", "", "6c6d313a", &hex::encode("lm1:x:..")] {
            assert!(decode_token(forged, &filter_digest(&a)).is_err(), "{forged}");
        }
    }
}
