//! Background tasks that never stop silently. A Tokio task that panics (in Arbiter's code or
//! in a dependency's, such as a client library's `unwrap`) ends, the runtime keeps the panic
//! in its join handle, and a process that holds the handle without awaiting it runs on
//! healthy-looking while the task's work (sealing, projecting, scrubbing) has stopped for good.
//!
//! - [`supervise`]: a task that can start again from nothing is started again, after a wait
//!   that doubles while it keeps failing ([`crate::retry::forever`]); every end is logged as an
//!   error naming the task, with the panic's message.
//! - [`or_exit`]: a task that cannot (it owns a channel's receiver) takes its process down when
//!   it panics, so that whatever runs the process (systemd, a container runtime) starts it again.
//!
//! Dropping the returned handle stops the task (as dropping a `JoinHandle` does not).
//! Must never: restart a task the caller stopped, or swallow a panic without logging it.

use std::future::Future;
use std::time::{Duration, Instant};

use backon::BackoffBuilder;
use tokio::task::{AbortHandle, JoinError, JoinHandle};

/// First wait before a supervised task starts again, doubled up to [`RESTART_MAX`].
const RESTART_FIRST: Duration = Duration::from_millis(100);
const RESTART_MAX: Duration = Duration::from_secs(30);
/// A run that lasted this long starts the waits from [`RESTART_FIRST`] again.
const HEALTHY_RUN: Duration = Duration::from_secs(60);
/// The exit status of a process whose essential task died (EX_SOFTWARE).
pub const EXIT_TASK_DIED: i32 = 70;

/// A background task; dropping it stops the task (and its supervisor).
#[derive(Debug)]
pub struct Background {
    supervisor: JoinHandle<()>,
}

impl Background {
    /// Whether the task has stopped for good (its supervisor ended).
    pub fn is_finished(&self) -> bool {
        self.supervisor.is_finished()
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.supervisor.abort();
    }
}

/// Aborts the task it names when dropped: the supervisor's current run stops with it.
struct AbortOnDrop(AbortHandle);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// What a join error says: the panic's message, or that the task was cancelled.
fn describe(error: JoinError) -> String {
    match error.try_into_panic() {
        Ok(panic) => match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
            (Some(text), _) => format!("panicked: {text}"),
            (_, Some(text)) => format!("panicked: {text}"),
            _ => "panicked".to_string(),
        },
        Err(_) => "was cancelled".to_string(),
    }
}

/// Run `make()` as a task, forever: whenever a run ends (it returned, or panicked), log it as
/// an error and start a new one from `make()` after a wait. Must be called inside a runtime.
pub fn supervise<F, Fut>(name: &'static str, mut make: F) -> Background
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let supervisor = tokio::spawn(async move {
        let mut waits = crate::retry::forever(RESTART_FIRST, RESTART_MAX).build();
        loop {
            let started = Instant::now();
            let run = tokio::spawn(make());
            let _stop_with_me = AbortOnDrop(run.abort_handle());
            let how = match run.await {
                Ok(()) => "returned".to_string(),
                Err(e) if e.is_cancelled() => return,
                Err(e) => describe(e),
            };
            if started.elapsed() >= HEALTHY_RUN {
                waits = crate::retry::forever(RESTART_FIRST, RESTART_MAX).build();
            }
            let wait = waits.next().unwrap_or(RESTART_MAX);
            tracing::error!(task = name, how, ?wait, "a background task stopped; it is started again");
            tokio::time::sleep(wait).await;
        }
    });
    Background { supervisor }
}

/// Run `task`; if it panics, log it as an error and exit the process with [`EXIT_TASK_DIED`].
/// A task that returns has finished its work (its queue closed): that is no failure. Must be
/// called inside a runtime.
pub fn or_exit<Fut>(name: &'static str, task: Fut) -> Background
where
    Fut: Future<Output = ()> + Send + 'static,
{
    let supervisor = tokio::spawn(async move {
        let run = tokio::spawn(task);
        let _stop_with_me = AbortOnDrop(run.abort_handle());
        let how = match run.await {
            Ok(()) => return,
            Err(e) if e.is_cancelled() => return,
            Err(e) => describe(e),
        };
        tracing::error!(task = name, how, "an essential background task stopped; the process exits so that it is started again");
        eprintln!("error: the background task {name} {how}; exiting");
        std::process::exit(EXIT_TASK_DIED);
    });
    Background { supervisor }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    #[tokio::test]
    async fn a_task_that_panics_is_started_again() {
        let runs = Arc::new(AtomicU32::new(0));
        let counted = runs.clone();
        let task = supervise("test", move || {
            let runs = counted.clone();
            async move {
                if runs.fetch_add(1, Ordering::SeqCst) < 2 {
                    panic!("as a dependency's unwrap would");
                }
                std::future::pending::<()>().await
            }
        });
        let deadline = Instant::now() + Duration::from_secs(30);
        while runs.load(Ordering::SeqCst) < 3 {
            assert!(Instant::now() < deadline, "the task was not started again after its panics");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(!task.is_finished());
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(runs.load(Ordering::SeqCst), 3, "a run that goes on is not started again");
    }

    #[tokio::test]
    async fn dropping_the_handle_stops_the_task_and_its_restarts() {
        let runs = Arc::new(AtomicU32::new(0));
        let alive = Arc::new(AtomicU32::new(0));
        let (counted, live) = (runs.clone(), alive.clone());
        let task = supervise("test", move || {
            let (runs, alive) = (counted.clone(), live.clone());
            async move {
                runs.fetch_add(1, Ordering::SeqCst);
                loop {
                    alive.fetch_add(1, Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(task);
        tokio::time::sleep(Duration::from_millis(50)).await;
        let stopped_at = alive.load(Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(alive.load(Ordering::SeqCst), stopped_at, "the run goes on after its handle was dropped");
        assert_eq!(runs.load(Ordering::SeqCst), 1);
    }
}
