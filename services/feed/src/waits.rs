//! Wait notices: the orchestrator tells, on the core subject `match.<id>.wait`, that a match
//! waits for the system (a randomness node, the rules service or the log that does not answer)
//! or no longer does; the projector relays each to `feed.<tournament>.<match>.wait` (docs/feed.md,
//! "Waits"), so a platform following the feed can tell a stalled match from a slow player.
//!
//! Only the orchestrator may publish there (NATS permissions, docs/security.md), and a notice is
//! checked and rewritten from its known members before it is relayed: nothing else of what
//! arrives reaches the feed. A notice carries no draw purpose and no service address.
//!
//! Must never: relay a message that does not parse as a notice of the match its subject names,
//! or anything larger than [`MAX_NOTICE_BYTES`].

use bytes::Bytes;
use futures::StreamExt;
use serde::{Deserialize, Serialize};

/// The largest notice relayed.
pub const MAX_NOTICE_BYTES: usize = 4096;

/// A wait notice, as published and relayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Notice {
    pub match_id: String,
    pub tournament_id: String,
    /// `None`: the match no longer waits (its next commit follows).
    pub system_wait: Option<NoticeWait>,
    /// When the orchestrator sent it (Unix ms).
    pub at_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoticeWait {
    /// `randomness`, `rules` or `log`.
    pub service: String,
    /// The randomness node by name (scheme v2), else empty.
    pub node: String,
    pub since_ms: i64,
    pub reason: String,
}

/// `feed.<tournament>.<match>.wait`.
pub fn wait_subject(tournament: &str, match_id: &str) -> String {
    format!("feed.{tournament}.{match_id}.wait")
}

/// The notice in `payload`, received on `subject`, if it is a well-formed one of that match.
pub fn parse(subject: &str, payload: &[u8]) -> Option<Notice> {
    if payload.len() > MAX_NOTICE_BYTES {
        return None;
    }
    let notice: Notice = serde_json::from_slice(payload).ok()?;
    eventlog::validate_match_id(&notice.match_id).ok()?;
    if subject != eventlog::wait_subject(&notice.match_id) {
        return None;
    }
    if let Some(w) = &notice.system_wait {
        let known = ["randomness", "rules", "log"].contains(&w.service.as_str());
        if !known || w.node.len() > 64 || w.reason.len() > 1024 {
            return None;
        }
    }
    Some(notice)
}

/// Relay every wait notice until the connection is gone for good (resubscribing after a
/// failure).
pub async fn relay(connection: eventlog::Connection, feed: eventlog::FeedStream) {
    let mut waits = infra::retry::BackoffBuilder::build(infra::retry::forever(std::time::Duration::from_millis(200), std::time::Duration::from_secs(5)));
    loop {
        match connection.subscribe(eventlog::WAIT_SUBJECTS).await {
            Ok(mut sub) => {
                while let Some(message) = sub.next().await {
                    let Some(notice) = parse(&message.subject, &message.payload) else {
                        tracing::warn!(subject = %message.subject, "a wait notice that is not one: not relayed");
                        continue;
                    };
                    let subject = wait_subject(crate::view::tournament_token(&notice.tournament_id), &notice.match_id);
                    let Ok(body) = serde_json::to_vec(&notice) else { continue };
                    let msg_id = format!("{}/wait/{}", notice.match_id, notice.at_ms);
                    if let Err(e) = feed.append(&subject, &msg_id, &[("Content-Type", "application/json")], Bytes::from(body)).await {
                        tracing::warn!(match_id = %notice.match_id, %e, "a wait notice was not stored in FEED");
                    }
                }
            }
            Err(e) => tracing::warn!(%e, "cannot subscribe to the wait notices; retrying"),
        }
        if let Some(wait) = waits.next() {
            tokio::time::sleep(wait).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_well_formed_notice_of_the_subjects_match_is_relayed() {
        let notice = Notice {
            match_id: "m-1".into(),
            tournament_id: "spring".into(),
            system_wait: Some(NoticeWait { service: "randomness".into(), node: "c".into(), since_ms: 5, reason: "transport error".into() }),
            at_ms: 6,
        };
        let body = serde_json::to_vec(&notice).unwrap();
        assert_eq!(parse("match.m-1.wait", &body), Some(notice.clone()));
        assert_eq!(parse("match.m-2.wait", &body), None, "another match's subject");
        let mut odd = serde_json::to_value(&notice).unwrap();
        odd["extra"] = serde_json::json!("x");
        assert_eq!(parse("match.m-1.wait", &serde_json::to_vec(&odd).unwrap()), None, "an unknown member");
        odd = serde_json::to_value(&notice).unwrap();
        odd["system_wait"]["service"] = serde_json::json!("dns");
        assert_eq!(parse("match.m-1.wait", &serde_json::to_vec(&odd).unwrap()), None, "an unknown service");
        assert_eq!(parse("match.m-1.wait", &vec![b' '; MAX_NOTICE_BYTES + 1]), None, "too large");
        assert_eq!(wait_subject("_", "m-1"), "feed._.m-1.wait");
    }
}
