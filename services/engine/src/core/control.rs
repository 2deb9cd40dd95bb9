//! Match control: the inputs that end a match whatever its ruleset (a concession, a platform's
//! ruling, a seat's chess clock running out). They never go through a game's state: every
//! ruleset ends the same way, with one public event and an outcome, so the orchestrator, its
//! replay and the offline audit all compute them with this one function (docs/tournaments.md).
//!
//! The round time limit is different: what happens at time is each game's own procedure
//! (netrunner plays the turns its tournament rules allow, then compares agenda points), so it
//! reaches the game as [`crate::core::Input::TimeCalled`]; [`round_limit_draw`] is the ending of a
//! game that has no procedure of its own.

use serde_json::json;

use super::{Awaiting, Event, Outcome, RulesError};

// The events that end a match whatever its ruleset: every ruleset publishes them with its own.
crate::core::kinds::event_kinds! {
    CONCEDED = "match.conceded", "a seat concedes: every other seat wins (in a cooperative game nobody does)", "{seat: int}";
    ADJUDICATED = "match.adjudicated", "a platform ends the match by a ruling", "{winners: [int], ruling: str}";
    TIME_CALLED = "match.time_called", "a seat's clock ran out (flagged_seat), or the round time limit was reached in a game without a time procedure (round_limit)",
        "{at_ms: int, flagged_seat?: int, round_limit?: bool}";
}

/// The longest ruling an adjudication may carry, in bytes.
pub const MAX_RULING_BYTES: usize = 512;

/// One match-control input, as logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// `seat` concedes: every other seat wins.
    Concede { seat: u32 },
    /// A platform ends the match: `winners` win (none: nobody does), for the reason `ruling`.
    Adjudicate { winners: Vec<u32>, ruling: String },
    /// The orchestrator called time at `at_ms` (Unix ms): `seat`'s chess clock ran out, and it
    /// loses.
    Flag { at_ms: i64, seat: u32 },
}

/// Who plays a match, as match control needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    pub seats: u32,
    /// All seats win or lose together (`Ruleset::cooperative`): a seat that concedes or runs
    /// out of time loses for the whole team, so nobody wins.
    pub cooperative: bool,
}

impl Seating {
    /// `seats` seats playing each other.
    pub fn versus(seats: u32) -> Seating {
        Seating { seats, cooperative: false }
    }
}

/// The event and the outcome that end a match of `seating`, now waiting for `awaiting`, by
/// `control`. Refused once the match has ended, or for a seat the match does not have.
pub fn end_match(control: &Control, seating: Seating, awaiting: &Awaiting) -> Result<(Event, Outcome), RulesError> {
    let seats = seating.seats;
    if matches!(awaiting, Awaiting::Ended(_)) {
        return Err(RulesError::Illegal("the match has already ended; nothing can end it again".into()));
    }
    let check_seat = |seat: u32| {
        if seat >= seats {
            Err(RulesError::Malformed(format!("seat {seat} is not in this match (it has seats 0 to {})", seats.saturating_sub(1))))
        } else {
            Ok(())
        }
    };
    // The seats that win when `seat` concedes or loses on time: every other one, or in a
    // cooperative game nobody (the team loses together).
    let others = |seat: u32| {
        if seating.cooperative {
            Vec::new()
        } else {
            (0..seats).filter(|s| *s != seat).collect::<Vec<u32>>()
        }
    };
    Ok(match control {
        Control::Concede { seat } => {
            check_seat(*seat)?;
            let outcome = Outcome { winners: others(*seat), reason: format!("seat {seat} conceded") };
            let event = CONCEDED.public(format!("Seat {seat} concedes."), json!({ "seat": seat }));
            (event, outcome)
        }
        Control::Adjudicate { winners, ruling } => {
            let ruling = ruling.trim();
            if ruling.is_empty() || ruling.len() > MAX_RULING_BYTES {
                return Err(RulesError::Malformed(format!("a ruling must say why, in 1 to {MAX_RULING_BYTES} bytes (it has {})", ruling.len())));
            }
            let mut winners = winners.clone();
            winners.sort_unstable();
            winners.dedup();
            for w in &winners {
                check_seat(*w)?;
            }
            let outcome = Outcome { winners: winners.clone(), reason: format!("adjudicated: {ruling}") };
            let event = ADJUDICATED.public(format!("The match is adjudicated: {ruling}"), json!({ "winners": winners, "ruling": ruling }));
            (event, outcome)
        }
        Control::Flag { at_ms, seat } => {
            check_seat(*seat)?;
            let outcome = Outcome { winners: others(*seat), reason: format!("time: seat {seat}'s clock ran out") };
            let event = TIME_CALLED.public(format!("Seat {seat}'s clock has run out."), json!({ "at_ms": at_ms, "flagged_seat": seat }));
            (event, outcome)
        }
    })
}

/// The round time limit reached at `at_ms` in a game without a time procedure of its own: the
/// match ends at once and nobody wins (docs/tournaments.md; `GameState::time_called`'s default).
pub fn round_limit_draw(at_ms: i64) -> (Event, Outcome) {
    let outcome = Outcome { winners: Vec::new(), reason: "time: the round time limit was reached".into() };
    let event = TIME_CALLED.public("The round time limit has been reached.", json!({ "at_ms": at_ms, "round_limit": true }));
    (event, outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::DrawRequest;

    fn waiting() -> Awaiting {
        Awaiting::Draw(DrawRequest { index: 0, purpose: "x".into(), kind: crate::core::DrawKind::Shuffle(2) })
    }

    #[test]
    fn a_concession_makes_every_other_seat_win() {
        let (event, outcome) = end_match(&Control::Concede { seat: 1 }, Seating::versus(3), &waiting()).expect("concede");
        assert_eq!(outcome.winners, vec![0, 2]);
        assert_eq!(event.kind, "match.conceded");
        assert!(end_match(&Control::Concede { seat: 3 }, Seating::versus(3), &waiting()).is_err());
    }

    #[test]
    fn an_adjudication_needs_a_ruling_and_real_seats() {
        let ruled = Control::Adjudicate { winners: vec![1, 1, 0], ruling: "judge call".into() };
        let (_, outcome) = end_match(&ruled, Seating::versus(2), &waiting()).expect("adjudicate");
        assert_eq!(outcome.winners, vec![0, 1]);
        assert!(end_match(&Control::Adjudicate { winners: vec![], ruling: " ".into() }, Seating::versus(2), &waiting()).is_err());
        assert!(end_match(&Control::Adjudicate { winners: vec![2], ruling: "x".into() }, Seating::versus(2), &waiting()).is_err());
    }

    #[test]
    fn in_a_cooperative_game_a_concession_or_a_flag_loses_for_the_whole_team() {
        let team = Seating { seats: 3, cooperative: true };
        let (_, conceded) = end_match(&Control::Concede { seat: 1 }, team, &waiting()).expect("concede");
        assert!(conceded.winners.is_empty());
        let (_, flagged) = end_match(&Control::Flag { at_ms: 1, seat: 2 }, team, &waiting()).expect("flag");
        assert!(flagged.winners.is_empty());
        let ruled = Control::Adjudicate { winners: vec![0, 1, 2], ruling: "mission judged complete".into() };
        assert_eq!(end_match(&ruled, team, &waiting()).expect("adjudicate").1.winners, vec![0, 1, 2]);
    }

    #[test]
    fn time_flags_a_seat_or_draws_at_the_round_limit_and_nothing_ends_twice() {
        let (event, flagged) = end_match(&Control::Flag { at_ms: 5, seat: 0 }, Seating::versus(2), &waiting()).expect("flag");
        assert_eq!(flagged.winners, vec![1]);
        assert_eq!(event.detail["flagged_seat"], 0);
        assert!(end_match(&Control::Flag { at_ms: 5, seat: 2 }, Seating::versus(2), &waiting()).is_err());
        let (event, limit) = round_limit_draw(5);
        assert!(limit.winners.is_empty());
        assert_eq!(event.detail["at_ms"], 5);
        let ended = Awaiting::Ended(limit);
        assert!(end_match(&Control::Concede { seat: 0 }, Seating::versus(2), &ended).is_err());
    }
}
