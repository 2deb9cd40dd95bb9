//! Who is asking, and what a seat or viewer is shown: the viewer and seat a token stands for,
//! a seat's signed act checked against its registered key, the pending decision and status as
//! each viewer may see them.

use super::*;

/// An ended match is ended, whoever joined it: a match nobody joined may be ended by a ruling
/// (the closing ruling of a log with periods), and must not read as waiting for its seats.
pub(super) fn status_of(rec: &MatchRecord) -> m::MatchStatus {
    if rec.ended() {
        m::MatchStatus::Ended
    } else if !rec.all_joined() {
        m::MatchStatus::WaitingForSeats
    } else {
        m::MatchStatus::InProgress
    }
}

/// The viewer a request speaks for: its seat if it has a valid token, a spectator without one.
pub(super) fn viewer_of<T>(req: &Request<T>, rec: &MatchRecord) -> Result<Viewer> {
    viewer_for(auth::bearer_token(req.metadata())?.as_deref(), rec)
}

pub(super) fn viewer_for(token: Option<&str>, rec: &MatchRecord) -> Result<Viewer> {
    match token {
        None => Ok(Viewer::Spectator),
        Some(token) => rec.seat_of_token_hash(&auth::hash_secret(token)).map(Viewer::Seat).ok_or_else(|| {
            OrchestratorError::Unauthenticated(format!("the seat token is not valid for match {}; use the token JoinMatch returned", rec.match_id))
        }),
    }
}

/// The seat a request acts for: a valid token is required.
pub(super) fn seat_of<T>(req: &Request<T>, rec: &MatchRecord) -> Result<u32> {
    seat_for(auth::bearer_token(req.metadata())?.as_deref(), rec)
}

pub(super) fn seat_for(token: Option<&str>, rec: &MatchRecord) -> Result<u32> {
    match viewer_for(token, rec)? {
        Viewer::Seat(s) => Ok(s),
        _ => Err(OrchestratorError::Unauthenticated("this call needs a seat token: send \"authorization: Bearer <seat token>\"".into())),
    }
}

/// SHA-256 of the stored bytes of the record's last commit: what a signed seat signs its next
/// act against (empty before the first commit).
pub(super) fn chain_hash(rec: &MatchRecord) -> Vec<u8> {
    rec.last_hash.map(|h| h.to_vec()).unwrap_or_default()
}

/// The signature to log with `seat`'s `act`, made against the record's head (docs/log.md,
/// "Seat-signed acts"): a seat that registered a key must sign each act with it (missing or
/// wrong: UNAUTHENTICATED, nothing logged); a seat that did not logs none.
pub(super) fn seat_signature(rec: &MatchRecord, seat: u32, act: fairness::seat::Act<'_>, signature: &[u8]) -> Result<Vec<u8>> {
    let what = match act {
        fairness::seat::Act::Decision { decision_id, .. } => format!("decision {decision_id}"),
        fairness::seat::Act::Concession => "concession".to_string(),
    };
    let key = match rec.seats.get(seat as usize).and_then(|s| s.public_key.as_ref()) {
        Some(key) => key,
        None if signature.is_empty() => return Ok(Vec::new()),
        None => {
            return Err(OrchestratorError::InvalidArgument(format!("seat {seat} registered no public key at JoinMatch, so its {what} takes no seat_signature")))
        }
    };
    let against = rec.last_hash.ok_or_else(|| OrchestratorError::FailedPrecondition("the match has no commit yet".into()))?;
    let head = format!("version {} (chain hash {})", rec.version, hex::encode(against));
    if signature.is_empty() {
        return Err(OrchestratorError::Unauthenticated(format!(
            "seat {seat} registered the key {} at JoinMatch, so its {what} needs seat_signature: the seat's Ed25519 \
             signature of the act against {head} (docs/log.md, \"Seat-signed acts\")",
            hex::encode(key.to_bytes())
        )));
    }
    key.verify(&rec.match_id, seat, &against, act, signature).map_err(|_| {
        OrchestratorError::Unauthenticated(format!(
            "the seat_signature of the {what} does not verify under seat {seat}'s key {} against {head}: sign \
             the act against the chain_hash of the match's current version (docs/log.md, \"Seat-signed acts\")",
            hex::encode(key.to_bytes())
        ))
    })?;
    Ok(signature.to_vec())
}

/// The pending decision as `viewer` may see it: its options only for the deciding seat.
pub(super) fn pending_for(rec: &MatchRecord, viewer: Viewer) -> Option<m::Decision> {
    match &rec.awaiting {
        Some(Awaiting::Decision(d)) if rec.all_joined() => {
            Some(if viewer == Viewer::Seat(d.seat) { convert::decision_to_proto(d) } else { convert::decision_summary_to_proto(d) })
        }
        _ => None,
    }
}

/// What `seat` is to do next: the pending decision if it is its own (in full), which seat the
/// match waits for, and the match status (GetPendingDecision, and the tail of every
/// SubmitDecision reply).
pub(super) fn next_for(rec: &MatchRecord, seat: u32) -> (Option<m::Decision>, Option<u32>, m::MatchStatus) {
    let (decision, waiting_for_seat) = match &rec.awaiting {
        Some(Awaiting::Decision(d)) if rec.all_joined() => ((d.seat == seat).then(|| convert::decision_to_proto(d)), Some(d.seat)),
        _ => (None, None),
    };
    (decision, waiting_for_seat, status_of(rec))
}

/// Whether a refusal may come from a cached record another orchestrator has moved on from, so
/// that the request deserves one look at the log before it is refused.
pub(super) fn may_be_stale(e: &OrchestratorError) -> bool {
    matches!(
        e,
        OrchestratorError::Stale(_)
            | OrchestratorError::Aborted(_)
            | OrchestratorError::FailedPrecondition(_)
            | OrchestratorError::Unauthenticated(_)
            | OrchestratorError::PermissionDenied(_)
    )
}

pub(super) fn result_text(rec: &MatchRecord) -> String {
    match &rec.awaiting {
        Some(Awaiting::Ended(o)) => {
            let names: Vec<String> =
                o.winners.iter().map(|w| rec.seats.get(*w as usize).map(|s| s.name.clone()).unwrap_or_else(|| format!("seat {w}"))).collect();
            if names.is_empty() {
                format!("no winner ({})", o.reason)
            } else {
                format!("{} won ({})", names.join(", "), o.reason)
            }
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ended_match_reads_ended_even_with_seats_never_joined() {
        let mut rec = MatchRecord::empty("m");
        rec.seats = vec![crate::record::Seat::default(), crate::record::Seat::default()];
        assert_eq!(status_of(&rec), m::MatchStatus::WaitingForSeats);
        rec.awaiting = Some(engine::Awaiting::Ended(engine::Outcome { winners: Vec::new(), reason: "adjudicated: past the maximum age".into() }));
        assert_eq!(status_of(&rec), m::MatchStatus::Ended, "ended and waiting at once");
    }
}
