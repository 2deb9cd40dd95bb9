//! Whether an index entry says what the log says: the entry the projector would write from the
//! match's commits up to the entry's own version, field by field (the scrubber and `arbiter
//! verify-log`). An entry behind the log is a projector's lag, not a disagreement: it is checked
//! at its own version. An entry of more commits than the log holds is the scrubber's to report
//! (the log lost its tail).

use super::*;

/// The first field of `entry` that differs from what `commits` (the match's log from version 1,
/// at least `entry.version` of them) say, as "<field> is <in the index> in the index, <in the
/// log> in the log"; `None` when they agree.
pub fn disagreement(entry: &Entry, commits: &[eventlog::StoredCommit]) -> Option<String> {
    let upto = usize::try_from(entry.version).ok().filter(|n| *n >= 1 && *n <= commits.len())?;
    let expected = match projected(&entry.match_id, &commits[..upto]) {
        Ok(expected) => expected,
        Err(why) => return Some(why),
    };
    let differs = |field: &str, index: String, log: String| Some(format!("{field} is {index} in the index, {log} in the log"));
    let e = entry;
    if e.ruleset != expected.ruleset {
        return differs("the ruleset", format!("{:?}", e.ruleset), format!("{:?}", expected.ruleset));
    }
    if (&e.tournament_id, e.round, e.table, &e.labels) != (&expected.tournament_id, expected.round, expected.table, &expected.labels) {
        return differs(
            "the tournament",
            format!("{:?} round {} table {} {:?}", e.tournament_id, e.round, e.table, e.labels),
            format!("{:?} round {} table {} {:?}", expected.tournament_id, expected.round, expected.table, expected.labels),
        );
    }
    if e.seat_names != expected.seat_names {
        return differs("the seats", format!("{:?}", e.seat_names), format!("{:?}", expected.seat_names));
    }
    if e.timed != expected.timed {
        return differs("timed", e.timed.to_string(), expected.timed.to_string());
    }
    if e.status != expected.status {
        let name = |s: i32| m::MatchStatus::try_from(s).map_or_else(|_| s.to_string(), |s| s.as_str_name().to_string());
        return differs(&format!("the status at version {}", e.version), name(e.status), name(expected.status));
    }
    if e.result != expected.result {
        return differs("the result", format!("{:?}", e.result), format!("{:?}", expected.result));
    }
    if e.sequence != expected.sequence {
        return differs(&format!("the stream sequence of version {}", e.version), e.sequence.to_string(), expected.sequence.to_string());
    }
    if (e.ended_at_ms == 0) != (expected.ended_at_ms == 0) {
        return differs("when it ended (ms)", e.ended_at_ms.to_string(), expected.ended_at_ms.to_string());
    }
    None
}

/// Whether a match's whole log (`commits`, from version 1) still lists as `entry` does, for the
/// archiver: the projector writes an entry only when what it lists changes, so commits may
/// follow its version (the reveal after the end), but they must change neither its status nor
/// its result, and the log must hold every commit the entry counts.
pub(crate) fn lists_as_head(entry: &Entry, commits: &[eventlog::StoredCommit]) -> std::result::Result<(), String> {
    if (commits.len() as u64) < entry.version {
        return Err(format!("the log holds {} commits, its index entry {}", commits.len(), entry.version));
    }
    let head = projected(&entry.match_id, commits)?;
    if (head.status, &head.result) != (entry.status, &entry.result) {
        return Err(format!(
            "its index entry (version {}) says status {} result {:?}, its log's head (version {}) status {} result {:?}",
            entry.version, entry.status, entry.result, head.version, head.status, head.result
        ));
    }
    Ok(())
}

/// The entry the projector writes for `commits` (a match's log from version 1), with when it
/// ended taken from the first commit that showed it ended.
pub(crate) fn projected(match_id: &str, commits: &[eventlog::StoredCommit]) -> std::result::Result<Entry, String> {
    let decode = |stored: &eventlog::StoredCommit| Commit::decode(stored.payload.as_ref()).ok();
    let (Some(first), Some(last_stored)) = (commits.first(), commits.last()) else {
        return Err("the log holds no commit".into());
    };
    let (Some(first), Some(last)) = (decode(first), decode(last_stored)) else {
        return Err("the log's commits do not decode".into());
    };
    let Some(created) = Created::of(&first) else {
        return Err("the log's first commit is not the match's creation".into());
    };
    let mut entry = entry_of(match_id, &created, &last, last_stored.sequence, None);
    entry.ended_at_ms = commits
        .iter()
        .filter_map(decode)
        .find(|c| matches!(convert::awaiting_from_proto(c.awaiting.as_ref()), Ok(Awaiting::Ended(_))))
        .map_or(0, |c| c.written_at_ms.max(1));
    Ok(entry)
}
