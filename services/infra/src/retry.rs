//! Retry policies: how long each retry loop of the services waits between tries and when it
//! gives up, written once here on `backon` instead of a hand-made loop per service. A policy is
//! a `backon::ExponentialBuilder`: use it with `backon::Retryable` (`op.retry(policy).when(…)`)
//! where the operation is a closure, or iterate its waits (`policy.build()`) where a loop must
//! keep state between tries (an append that resolves a lost race, a follower that resumes from
//! its position).
//!
//! Must never: add jitter from a random source the tests cannot reproduce, or retry forever
//! where a caller waits for an answer (only a background process may).

use std::time::Duration;

pub use backon::{BackoffBuilder, ExponentialBackoff as Backoff, ExponentialBuilder as Policy, Retryable};

/// Waits doubling from `first` up to `max` each, until they add up to `patience`.
pub const fn doubling(first: Duration, max: Duration, patience: Duration) -> Policy {
    Policy::new().with_min_delay(first).with_max_delay(max).without_max_times().with_total_delay(Some(patience))
}

/// The same wait every time, until the waits add up to `patience`.
pub const fn steady(every: Duration, patience: Duration) -> Policy {
    Policy::new().with_factor(1.0).with_min_delay(every).with_max_delay(every).without_max_times().with_total_delay(Some(patience))
}

/// At most `tries` waits, doubling from `first` (a short, bounded poll).
pub const fn tries(first: Duration, tries: usize) -> Policy {
    Policy::new().with_min_delay(first).without_max_delay().with_max_times(tries)
}

/// Waits doubling from `first` up to `max`, forever: for a background process that must come
/// back by itself (a projector following the log), never for a request.
pub const fn forever(first: Duration, max: Duration) -> Policy {
    Policy::new().with_min_delay(first).with_max_delay(max).without_max_times()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waits(p: Policy) -> Vec<u64> {
        p.build().map(|d| d.as_millis() as u64).take(20).collect()
    }

    #[test]
    fn each_policy_waits_as_it_says() {
        let ms = Duration::from_millis;
        assert_eq!(waits(doubling(ms(100), ms(500), ms(1_500))), vec![100, 200, 400, 500]);
        assert_eq!(waits(steady(ms(250), ms(1_000))), vec![250, 250, 250, 250]);
        // backon doubles in f32: the fourth wait is 39 or 40 ms.
        let short = waits(tries(ms(5), 4));
        assert_eq!((short.len(), &short[..3]), (4, &[5, 10, 20][..]));
        assert_eq!(waits(forever(ms(100), ms(400))).len(), 20);
    }

    #[tokio::test]
    async fn an_operation_is_retried_while_the_condition_holds() {
        let mut calls = 0;
        let outcome: Result<u32, &str> = (|| {
            calls += 1;
            let n = calls;
            async move {
                if n < 3 {
                    Err("again")
                } else {
                    Ok(n)
                }
            }
        })
        .retry(steady(Duration::from_millis(1), Duration::from_secs(1)))
        .when(|e| *e == "again")
        .await;
        assert_eq!(outcome, Ok(3));
    }
}
