//! Bounds on every field of the public API, checked before a request touches the log or
//! another service, and the one helper that quotes user input in error messages.
//!
//! Why bounds here and not only in the rules service: an over-long field would otherwise reach
//! the rules service, the log (NATS caps message size) and error messages (a status message
//! travels in an HTTP/2 header, and a huge one breaks the connection).

use api::match_v1 as m;

use crate::error::{OrchestratorError, Result};

/// Largest request body the public API decodes (a create request with 8 seats and 32 options
/// of maximal names is about 8 KiB; this leaves room and stops megabyte bodies early).
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;
/// Most seats any ruleset has; the rules service checks the exact range.
pub const MAX_SEATS: usize = 8;
pub const MAX_RULESET_LEN: usize = 64;
pub const MAX_NAME_LEN: usize = 64;
pub const MAX_DECK_LEN: usize = 64;
/// Most lines of one seat's decklist (a legal deck has far fewer distinct cards).
pub const MAX_DECKLIST_ENTRIES: usize = 128;
/// Most copies one decklist line may ask for (the rules refuse a deck over their own limits).
pub const MAX_DECKLIST_COUNT: u32 = 99;
pub const MAX_OPTIONS: usize = 32;
pub const MAX_OPTION_NAME_LEN: usize = 64;
pub const MAX_JOIN_CODE_LEN: usize = 128;
pub const MAX_TOKEN_LEN: usize = 128;
pub const MAX_IDEMPOTENCY_KEY_LEN: usize = 128;
/// Most ids in one choice (picks, split parts, ordered items).
pub const MAX_CHOICE_IDS: usize = 256;
pub const MAX_CHOICE_ID_LEN: usize = 128;
/// Most `WatchMatch` streams open at once on one orchestrator. Watchers share one log
/// subscription per match, so this bounds memory and tasks, not log consumers.
pub const MAX_OPEN_WATCHES: usize = 65_536;
/// Most matches one orchestrator follows for its watchers at once: each holds one JetStream
/// consumer, and the server's default limit is about 1,000 consumers on the stream, shared by
/// every orchestrator and by reads.
pub const MAX_WATCHED_MATCHES: usize = 512;
/// Updates one watch may have waiting for its client. With HTTP/2's own send buffer (at most
/// 400 KiB per stream, hyper's default, and no more than the client's window) this bounds what
/// a watcher that never reads holds.
pub const WATCH_BUFFER: usize = 64;
/// How long a watch's full buffer may stay unread before the watch is ended with
/// RESOURCE_EXHAUSTED (its client resumes from the version named): the default of
/// `--watch-stall-ms`.
pub const WATCH_STALL: std::time::Duration = std::time::Duration::from_secs(5);
/// Longest tournament id (it is a NATS subject token of the feed).
pub const MAX_TOURNAMENT_ID_LEN: usize = 64;
pub const MAX_LABELS: usize = 16;
pub const MAX_LABEL_KEY_LEN: usize = 64;
pub const MAX_LABEL_VALUE_LEN: usize = 256;
/// Longest page of `ListMatches`, and the page size when none is asked for.
pub const MAX_PAGE_SIZE: usize = 500;
pub const DEFAULT_PAGE_SIZE: usize = 50;
/// Most `WatchMatches` streams open at once on one orchestrator, and most matches one of them
/// follows (each match is one place in the fan-out, whose feeds are bounded too).
pub const MAX_OPEN_MATCH_WATCHES: usize = 64;
pub const MAX_MATCHES_PER_WATCH: usize = 256;

/// How many characters of an input an error message quotes.
const QUOTED_CHARS: usize = 24;

/// `s` for an error message: at most a short prefix, escaped, with its full length when cut.
pub fn quote(s: &str) -> String {
    let mut chars = s.chars();
    let head: String = chars.by_ref().take(QUOTED_CHARS).collect();
    if chars.next().is_some() {
        format!("{head:?}… ({} bytes)", s.len())
    } else {
        format!("{head:?}")
    }
}

fn bad(msg: String) -> OrchestratorError {
    OrchestratorError::InvalidArgument(msg)
}

/// `what` is at most `max` bytes.
pub fn check_len(what: &str, value: &str, max: usize) -> Result<()> {
    if value.len() > max {
        return Err(bad(format!("{what} is {} bytes long; at most {max} are allowed (it starts {})", value.len(), quote(value))));
    }
    Ok(())
}

pub fn check_create(req: &m::CreateMatchRequest) -> Result<()> {
    check_len("ruleset", &req.ruleset, MAX_RULESET_LEN)?;
    if req.ruleset.trim().is_empty() {
        return Err(bad("ruleset is required (e.g. \"mainframe\")".into()));
    }
    if req.seats.is_empty() || req.seats.len() > MAX_SEATS {
        return Err(bad(format!("a match needs between 1 and {MAX_SEATS} seats, not {}", req.seats.len())));
    }
    for (i, s) in req.seats.iter().enumerate() {
        check_len(&format!("seat {i}'s name"), &s.name, MAX_NAME_LEN * 4)?;
        if s.name.chars().count() > MAX_NAME_LEN {
            return Err(bad(format!("seat {i}'s name is longer than {MAX_NAME_LEN} characters (it starts {})", quote(&s.name))));
        }
        check_len(&format!("seat {i}'s deck"), &s.deck, MAX_DECK_LEN)?;
        let entries = s.decklist.as_ref().map_or(&[][..], |l| l.cards.as_slice());
        if entries.len() > MAX_DECKLIST_ENTRIES {
            return Err(bad(format!("seat {i}'s decklist has {} lines; at most {MAX_DECKLIST_ENTRIES} are allowed", entries.len())));
        }
        for e in entries {
            check_len(&format!("a card id in seat {i}'s decklist"), &e.card, MAX_DECK_LEN)?;
            if e.count > MAX_DECKLIST_COUNT {
                return Err(bad(format!("seat {i}'s decklist asks for {} copies of {}; at most {MAX_DECKLIST_COUNT}", e.count, quote(&e.card))));
            }
        }
    }
    if req.options.len() > MAX_OPTIONS {
        return Err(bad(format!("{} options given; at most {MAX_OPTIONS} are allowed", req.options.len())));
    }
    for name in req.options.keys() {
        check_len("an option name", name, MAX_OPTION_NAME_LEN)?;
    }
    check_tournament(&req.tournament_id, &req.labels)
}

/// The tournament id and labels of a match (docs/tournaments.md).
pub fn check_tournament(tournament_id: &str, labels: &std::collections::HashMap<String, String>) -> Result<()> {
    // The tournament id becomes a NATS subject token of the public feed: no dots, wildcards
    // or spaces.
    if !tournament_id.is_empty() && !is_token(tournament_id, MAX_TOURNAMENT_ID_LEN) {
        return Err(bad(format!("tournament_id {} must be 1 to {MAX_TOURNAMENT_ID_LEN} characters of A-Z, a-z, 0-9, '_' and '-'", quote(tournament_id))));
    }
    if labels.len() > MAX_LABELS {
        return Err(bad(format!("{} labels given; at most {MAX_LABELS} are allowed", labels.len())));
    }
    for (key, value) in labels {
        if !is_token(key, MAX_LABEL_KEY_LEN) && !(key.contains('.') && is_token(&key.replace('.', "_"), MAX_LABEL_KEY_LEN)) {
            return Err(bad(format!("label key {} must be 1 to {MAX_LABEL_KEY_LEN} characters of A-Z, a-z, 0-9, '_', '-' and '.'", quote(key))));
        }
        check_len(&format!("label {}", quote(key)), value, MAX_LABEL_VALUE_LEN)?;
    }
    Ok(())
}

/// The longest clock and round limit (a week) and increment (an hour), in seconds.
pub const MAX_TIME_S: i64 = 7 * 24 * 3600;
pub const MAX_INCREMENT_S: i64 = 3600;

/// Take the time options (`clock_s`, `increment_s`, `round_limit_s`) out of a match's options:
/// the time control to log, or none when neither a clock nor a round limit is asked for.
pub fn take_time_control(options: &mut std::collections::HashMap<String, i64>) -> Result<Option<api::log_v1::TimeControl>> {
    let mut take = |name: &str, max: i64| -> Result<u32> {
        match options.remove(name) {
            None => Ok(0),
            Some(v) if (0..=max).contains(&v) => Ok(v as u32),
            Some(v) => Err(bad(format!("option {name} is {v}; it must be 0 to {max} seconds"))),
        }
    };
    let clock_s = take("clock_s", MAX_TIME_S)?;
    let increment_s = take("increment_s", MAX_INCREMENT_S)?;
    let round_limit_s = take("round_limit_s", MAX_TIME_S)?;
    if increment_s > 0 && clock_s == 0 {
        return Err(bad("option increment_s needs a clock: set clock_s too".into()));
    }
    Ok((clock_s > 0 || round_limit_s > 0).then_some(api::log_v1::TimeControl { clock_s, increment_s, round_limit_s }))
}

/// The longest spectator delay: a day.
pub const MAX_SPECTATOR_DELAY_S: i64 = 24 * 3600;

/// Take `spectator_delay_s` out of a match's options: it is the public feed's, not the rules'
/// (docs/feed.md), and is logged in `MatchCreated.spectator_delay_s`.
pub fn take_spectator_delay(options: &mut std::collections::HashMap<String, i64>) -> Result<u32> {
    match options.remove("spectator_delay_s") {
        None => Ok(0),
        Some(v) if (0..=MAX_SPECTATOR_DELAY_S).contains(&v) => Ok(v as u32),
        Some(v) => Err(bad(format!("option spectator_delay_s is {v}; it must be 0 to {MAX_SPECTATOR_DELAY_S} seconds"))),
    }
}

/// Whether `s` is 1 to `max` characters of `[A-Za-z0-9_-]`.
fn is_token(s: &str, max: usize) -> bool {
    !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tournament_tests {
    use super::*;

    #[test]
    fn the_spectator_delay_is_taken_out_of_the_options_within_a_day() {
        let mut options: std::collections::HashMap<String, i64> =
            [("spectator_delay_s".to_string(), 90), ("starting_mainframe".to_string(), 20)].into_iter().collect();
        assert_eq!(take_spectator_delay(&mut options).unwrap(), 90);
        assert!(!options.contains_key("spectator_delay_s"), "the rules never see it");
        assert_eq!(options.get("starting_mainframe"), Some(&20));
        assert_eq!(take_spectator_delay(&mut options).unwrap(), 0);
        for bad in [-1, MAX_SPECTATOR_DELAY_S + 1] {
            let mut options = [("spectator_delay_s".to_string(), bad)].into_iter().collect();
            let err = take_spectator_delay(&mut options).unwrap_err().to_string();
            assert!(err.contains("spectator_delay_s"), "{err}");
        }
    }

    #[test]
    fn tournament_ids_and_labels_are_safe_subject_tokens() {
        let none = std::collections::HashMap::new();
        assert!(check_tournament("", &none).is_ok());
        assert!(check_tournament("spring-2026_R1", &none).is_ok());
        for bad in ["a.b", "a b", "*", ">", &"x".repeat(65)] {
            assert!(check_tournament(bad, &none).is_err(), "{bad}");
        }
        let ok = std::collections::HashMap::from([("stage.name".to_string(), "top cut".to_string())]);
        assert!(check_tournament("t", &ok).is_ok());
        let bad_key = std::collections::HashMap::from([("a b".to_string(), String::new())]);
        assert!(check_tournament("t", &bad_key).is_err());
        let long = std::collections::HashMap::from([("k".to_string(), "v".repeat(257))]);
        assert!(check_tournament("t", &long).is_err());
        let many: std::collections::HashMap<String, String> = (0..17).map(|i| (format!("k{i}"), String::new())).collect();
        assert!(check_tournament("t", &many).is_err());
    }
}

pub fn check_join(req: &m::JoinMatchRequest) -> Result<()> {
    check_len("join_code", &req.join_code, MAX_JOIN_CODE_LEN)
}

pub fn check_submit(req: &m::SubmitDecisionRequest) -> Result<()> {
    check_len("idempotency_key", &req.idempotency_key, MAX_IDEMPOTENCY_KEY_LEN)?;
    let ids: Vec<&str> = match req.choice.as_ref().and_then(|c| c.value.as_ref()) {
        Some(m::choice::Value::Pick(p)) => p.option_ids.iter().map(String::as_str).collect(),
        Some(m::choice::Value::Split(s)) => s.parts.iter().map(|p| p.target_id.as_str()).collect(),
        Some(m::choice::Value::Order(o)) => o.item_ids.iter().map(String::as_str).collect(),
        Some(m::choice::Value::Number(_)) | None => Vec::new(),
    };
    if ids.len() > MAX_CHOICE_IDS {
        return Err(bad(format!("the choice names {} ids; at most {MAX_CHOICE_IDS} are allowed", ids.len())));
    }
    for id in ids {
        check_len("an id in the choice", id, MAX_CHOICE_ID_LEN)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_short_and_escaped() {
        assert_eq!(quote("deck"), "\"deck\"");
        let long = "x".repeat(1 << 20);
        let q = quote(&long);
        assert!(q.len() < 60, "{q}");
        assert!(q.contains("1048576 bytes"), "{q}");
        assert_eq!(quote("a\"b\n"), "\"a\\\"b\\n\"");
    }

    #[test]
    fn long_fields_are_refused_naming_the_field() {
        let mut req = m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: vec![m::SeatSpec { name: "a".into(), deck: "d".repeat(16 * 1024), ..Default::default() }],
            ..Default::default()
        };
        let err = check_create(&req).expect_err("long deck").to_string();
        assert!(err.contains("seat 0's deck") && err.len() < 200, "{err}");
        req.seats[0].deck.clear();
        assert!(check_create(&req).is_ok());
        req.options.insert("o".repeat(100), 1);
        assert!(check_create(&req).is_err());
    }
}
