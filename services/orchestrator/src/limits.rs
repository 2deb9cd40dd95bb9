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
/// Longest text of another service's error passed on to a client (room for a refused
/// decklist's every violation; still far below what a status header carries).
pub const MAX_FORWARDED_MESSAGE: usize = 2048;

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

/// Cut a message from elsewhere (another service) to a size a status header carries safely.
pub fn truncate_message(s: &str) -> String {
    if s.len() <= MAX_FORWARDED_MESSAGE {
        return s.to_string();
    }
    let cut: String = s.chars().take(MAX_FORWARDED_MESSAGE).collect();
    format!("{cut}… (cut)")
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
    Ok(())
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
        assert!(truncate_message(&long).len() < MAX_FORWARDED_MESSAGE + 20);
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
