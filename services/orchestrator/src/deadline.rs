//! The client's deadline (`grpc-timeout`) as a bound on the server's own waits.
//!
//! tonic drops a handler once the client's deadline has passed, and the client then sees only
//! DEADLINE_EXCEEDED, whatever held the request up. Here a handler is given slightly less than
//! the client's time, and a request cut by it is answered UNAVAILABLE saying why, while the
//! client still listens. Being cut is safe: nothing half-done is kept (an append is atomic, and
//! a match whose replay was cut is rebuilt), and a retried join or decision is answered once.

use std::future::Future;
use std::time::Duration;

use tokio::time::Instant;
use tonic::metadata::MetadataMap;

use crate::error::{OrchestratorError, Result};

/// Most of what is kept back from the client's deadline for the answer to travel back (on a
/// loaded machine that takes a while, so it is generous).
const MARGIN: Duration = Duration::from_secs(1);

/// The time a request may take here: its deadline less a margin (a fifth of it, at most
/// [`MARGIN`]); `None` when the client set no deadline.
pub fn budget(metadata: &MetadataMap) -> Option<Duration> {
    let total = parse_grpc_timeout(metadata.get("grpc-timeout")?.to_str().ok()?)?;
    Some(total.saturating_sub((total / 5).min(MARGIN)))
}

/// `grpc-timeout`: at most 8 digits and a unit (H, M, S, m, u, n).
fn parse_grpc_timeout(value: &str) -> Option<Duration> {
    let unit = value.chars().last()?;
    let digits = value.get(..value.len().checked_sub(1)?)?;
    if digits.is_empty() || digits.len() > 8 {
        return None;
    }
    let n: u64 = digits.parse().ok()?;
    Some(match unit {
        'H' => Duration::from_secs(n.saturating_mul(3600)),
        'M' => Duration::from_secs(n.saturating_mul(60)),
        'S' => Duration::from_secs(n),
        'm' => Duration::from_millis(n),
        'u' => Duration::from_micros(n),
        'n' => Duration::from_nanos(n),
        _ => return None,
    })
}

fn cut(budget: Duration) -> OrchestratorError {
    OrchestratorError::Unavailable(format!(
        "the request did not complete within its deadline ({} ms here): the match log or the rules or \
         randomness service is slow or down; retry (a join retried with the same entropy, or a decision \
         with the same idempotency key, is answered once)",
        budget.as_millis()
    ))
}

/// When a request's budget runs out (`None`: never).
pub fn end(budget: Option<Duration>) -> Option<Instant> {
    budget.map(|b| Instant::now() + b)
}

/// What follows a commit (the draws it sets off) may not turn the request into a failure: it
/// gets what is left of the budget less a margin, so that the reply (OK: the commit is in the
/// log) still goes out before the request is cut; what it did not finish, the next request does.
pub async fn after_commit(end: Option<Instant>, work: impl Future<Output = Result<()>>) -> Result<()> {
    let Some(left) = left_after_commit(end) else { return work.await };
    tokio::time::timeout(left, work).await.unwrap_or_else(|_| Err(cut(left)))
}

/// The time [`after_commit`] gives what follows a commit, at most `most`.
pub fn after_commit_within(end: Option<Instant>, most: Duration) -> Duration {
    left_after_commit(end).map_or(most, |left| left.min(most))
}

fn left_after_commit(end: Option<Instant>) -> Option<Duration> {
    let left = end?.saturating_duration_since(Instant::now());
    Some(left.saturating_sub((left / 5).min(Duration::from_millis(500))))
}

/// Run `work` within `budget` (unbounded without one).
pub async fn within<T>(budget: Option<Duration>, work: impl Future<Output = Result<T>>) -> Result<T> {
    match budget {
        Some(b) => tokio::time::timeout(b, work).await.unwrap_or_else(|_| Err(cut(b))),
        None => work.await,
    }
}

/// [`within`] for handlers that answer a `Status` already.
pub async fn within_status<T>(
    budget: Option<Duration>,
    work: impl Future<Output = std::result::Result<T, tonic::Status>>,
) -> std::result::Result<T, tonic::Status> {
    match budget {
        Some(b) => tokio::time::timeout(b, work).await.unwrap_or_else(|_| Err(cut(b).into())),
        None => work.await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grpc_timeouts_parse_and_leave_a_margin() {
        assert_eq!(parse_grpc_timeout("2S"), Some(Duration::from_secs(2)));
        assert_eq!(parse_grpc_timeout("150m"), Some(Duration::from_millis(150)));
        assert_eq!(parse_grpc_timeout("1H"), Some(Duration::from_secs(3600)));
        for bad in ["", "S", "123456789S", "5x", "-1S", "1.5S"] {
            assert_eq!(parse_grpc_timeout(bad), None, "{bad}");
        }
        let mut md = MetadataMap::new();
        assert_eq!(budget(&md), None);
        md.insert("grpc-timeout", "10S".parse().expect("value"));
        assert_eq!(budget(&md), Some(Duration::from_secs(9)));
        md.insert("grpc-timeout", "500m".parse().expect("value"));
        assert_eq!(budget(&md), Some(Duration::from_millis(400)));
    }

    #[tokio::test]
    async fn work_past_the_budget_is_unavailable_and_work_within_it_answers() {
        let slow = within(Some(Duration::from_millis(20)), async {
            tokio::time::sleep(Duration::from_secs(30)).await;
            Ok(1)
        });
        let err = tonic::Status::from(slow.await.expect_err("cut"));
        assert_eq!(err.code(), tonic::Code::Unavailable);
        assert!(err.message().contains("deadline"), "{}", err.message());
        assert_eq!(within(Some(Duration::from_secs(30)), async { Ok(2) }).await.expect("in time"), 2);
        assert_eq!(within(None, async { Ok(3) }).await.expect("no deadline"), 3);
        // After a commit: cut before the request's end, so the reply still goes out.
        let end = end(Some(Duration::from_millis(100)));
        let cut_short = after_commit(end, async {
            tokio::time::sleep(Duration::from_secs(30)).await;
            Ok(())
        });
        assert!(within(Some(Duration::from_millis(100)), cut_short).await.is_err_and(|e| e.to_string().contains("deadline")));
    }
}
