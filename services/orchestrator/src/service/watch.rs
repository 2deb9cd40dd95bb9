//! The streams of `WatchMatch` and `WatchMatches`: bounded buffers, a client that stops reading
//! is ended with what to do, and one that goes away frees everything at once.

use super::*;

/// The stream of one watch, with backpressure: a task moves the watcher's updates into a
/// buffer of [`limits::WATCH_BUFFER`] updates that the response drains. A client that reads
/// nothing for `stall` while its buffer is full has fallen behind: the task ends the watch with
/// RESOURCE_EXHAUSTED (after the updates already buffered, naming the version to resume from)
/// and lets go of everything else it held: its place in the match's feed (the feed and its log
/// consumer stop with the last watcher), its copy of the history and the watch permit. A client
/// that reads, however far behind it started (a resumed watch catching up), is never ended; one
/// that goes away ends the task at once, even on a match where nothing happens.
pub(super) fn watch_stream(mut watcher: Watcher, permit: OwnedSemaphorePermit, viewer: Viewer, from: u64, stall: Duration, notices: Notices) -> WatchStream {
    let (tx, rx) = mpsc::channel::<Result<m::MatchUpdate, Status>>(limits::WATCH_BUFFER);
    let (end_tx, end_rx) = oneshot::channel::<Status>();
    tokio::spawn(async move {
        let _permit = permit;
        // The last version the client will have once it has read the buffer.
        let mut queued = from;
        // After a commit that leaves the match needing the system (a draw, the reveal): when to
        // look whether it waits for it, and the last notice sent. A watch that starts at the
        // match's last version gets no commit to look at: it looks once, after the same delay.
        let mut waiting = Some(Waiting { version: from, sent: None, next_look: Instant::now() + NOTICE_FIRST });
        loop {
            let poll = waiting.as_ref().map(|w| w.next_look);
            let next = tokio::select! {
                _ = tx.closed() => return,
                next = watcher.next() => Some(next),
                _ = tokio::time::sleep_until(poll.unwrap_or_else(Instant::now)), if poll.is_some() => None,
            };
            let update = match next {
                // No commit since: a notice if the match now waits for the system, or waits for
                // something else than the last notice said.
                None => {
                    let Some(w) = waiting.as_mut() else { continue };
                    w.next_look = Instant::now() + NOTICE_EVERY;
                    let Some(now) = notices.matches.wait_now(&notices.match_id).await else {
                        if w.sent.is_none() && w.version == from {
                            // The first look of a watch that saw no commit: nothing to tell.
                            waiting = None;
                        }
                        continue;
                    };
                    let now = Some(now.to_proto());
                    if now == w.sent {
                        continue;
                    }
                    w.sent = now.clone();
                    // Waiting for the reveal, the match has ended; for a draw, it is in progress.
                    let ended = now.as_ref().is_some_and(|n| n.waiting_for == "reveal");
                    let status = if ended { m::MatchStatus::Ended } else { m::MatchStatus::InProgress };
                    Ok(m::MatchUpdate { version: w.version, events: Vec::new(), status: status as i32, pending: None, system_wait: now })
                }
                Some(None) => return,
                Some(Some(next)) => {
                    waiting = match &next {
                        Ok(item) if needs_system(item) => Some(Waiting { version: item.version, sent: None, next_look: Instant::now() + NOTICE_FIRST }),
                        _ => None,
                    };
                    next.map(|item| update_for(&item.commit, viewer, item.all_joined))
                }
            };
            let version = update.as_ref().map(|u| u.version).ok();
            if telemetry::metrics::enabled() {
                // Updates sent but not yet read by the client: how far behind it is.
                telemetry::metrics::WATCH_LAG.observe(&[], limits::WATCH_BUFFER.saturating_sub(tx.capacity()) as f64);
            }
            match tokio::time::timeout(stall, tx.send(update)).await {
                Ok(Ok(())) => queued = version.unwrap_or(queued),
                // The client went away.
                Ok(Err(_)) => return,
                Err(_) => {
                    telemetry::metrics::WATCH_STALLS.inc(&[]);
                    let _ = end_tx.send(Status::from(OrchestratorError::Exhausted(format!(
                        "this watch's client read nothing for {} ms while {} updates waited for it, so the watch \
                         was ended to bound the server's memory; resume with WatchMatch from_version {queued}",
                        stall.as_millis(),
                        limits::WATCH_BUFFER
                    ))));
                    return;
                }
            }
        }
    });
    let ended = futures::stream::once(end_rx).filter_map(|end| futures::future::ready(end.ok().map(Err)));
    Box::pin(tokio_stream::wrappers::ReceiverStream::new(rx).chain(ended))
}

/// Where a watch learns whether its match waits for the system (`matches::waits`).
pub(super) struct Notices {
    pub matches: Arc<Matches>,
    pub match_id: String,
}

/// A watched match that needs the system since the commit at `version`.
struct Waiting {
    version: u64,
    /// The last notice sent (`None`: none yet).
    sent: Option<m::SystemWait>,
    next_look: Instant,
}

/// How long after a commit that needs the system a watch first looks whether the match waits
/// for it (a draw that works takes milliseconds), then how often while it does.
const NOTICE_FIRST: Duration = Duration::from_millis(300);
const NOTICE_EVERY: Duration = Duration::from_millis(500);

/// Whether the match needs the system after this commit: a draw (every seat in), or the reveal
/// after its end (the reveal is its last commit).
fn needs_system(item: &crate::fanout::FeedItem) -> bool {
    use api::rules_v1::awaiting::What;
    match item.commit.awaiting.as_ref().and_then(|a| a.what.as_ref()) {
        Some(What::Draw(_)) => item.all_joined,
        Some(What::Ended(_)) => !item.last,
        _ => false,
    }
}

/// The stream of one WatchMatches: a task takes the matches that pass `filter` from the match
/// index (those there now, then each new or changed entry the index's watch pushes), follows
/// each through the fan-out from its first commit (one place in the match's feed, as a
/// WatchMatch would take), and sends their spectator updates into one bounded buffer. As
/// `watch_stream`, a client that leaves a full buffer unread for `stall` is ended with
/// RESOURCE_EXHAUSTED, one that goes away ends the task; a stream that would follow more than
/// [`limits::MAX_MATCHES_PER_WATCH`] matches is ended the same way.
pub(super) fn watch_many(
    index: Arc<MatchIndex>,
    hub: Arc<Hub>,
    filter: m::ListMatchesRequest,
    permit: OwnedSemaphorePermit,
    stall: Duration,
) -> WatchManyStream {
    let (tx, rx) = mpsc::channel::<Result<m::MatchesUpdate, Status>>(limits::WATCH_BUFFER);
    let (end_tx, end_rx) = oneshot::channel::<Status>();
    tokio::spawn(async move {
        let _permit = permit;
        let mut followed = std::collections::BTreeSet::new();
        let mut updates = futures::stream::SelectAll::new();
        let (first, mut changes) = match index.matching(&filter).await {
            Ok(found) => found,
            Err(e) => {
                let _ = tx.send(Err(Status::from(e))).await;
                return;
            }
        };
        let mut found = first;
        loop {
            for summary in std::mem::take(&mut found) {
                if followed.contains(&summary.match_id) {
                    continue;
                }
                if followed.len() >= limits::MAX_MATCHES_PER_WATCH {
                    let _ = tx
                        .send(Err(Status::from(OrchestratorError::Exhausted(format!(
                            "more than {} matches pass these filters; narrow them (a round, a ruleset) and watch again",
                            limits::MAX_MATCHES_PER_WATCH
                        )))))
                        .await;
                    return;
                }
                let watcher = match hub.watch(&summary.match_id, 0).await {
                    Ok(w) => w,
                    Err(e) => {
                        let _ = tx.send(Err(Status::from(e))).await;
                        return;
                    }
                };
                followed.insert(summary.match_id.clone());
                let match_id = summary.match_id;
                updates.push(Box::pin(futures::stream::unfold(watcher, move |mut w| {
                    let match_id = match_id.clone();
                    async move { w.next().await.map(|item| ((match_id, item), w)) }
                })));
            }
            let next = tokio::select! {
                _ = tx.closed() => return,
                change = changes.recv() => {
                    match change {
                        Ok(entry) => {
                            let summary = index::summary_of(&entry);
                            if index::passes(&filter, &summary) {
                                found.push(summary);
                            }
                        }
                        // Fell behind the index's changes: look at the whole copy again.
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => found = index.matching_now(&filter),
                        Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                    }
                    continue;
                }
                Some(next) = updates.next(), if !updates.is_empty() => next,
            };
            let (match_id, item) = next;
            let update = match item {
                Ok(item) => Ok(m::MatchesUpdate { match_id, update: Some(update_for(&item.commit, Viewer::Spectator, item.all_joined)) }),
                Err(status) => Err(status),
            };
            let failed = update.is_err();
            match tokio::time::timeout(stall, tx.send(update)).await {
                Ok(Ok(())) if !failed => {}
                Ok(_) => return,
                Err(_) => {
                    // The buffer is full and unread: the stream ends after it, with why.
                    let _ = end_tx.send(Status::from(OrchestratorError::Exhausted(format!(
                        "this WatchMatches client read nothing for {} ms while {} updates waited for it, so the \
                         stream was ended to bound the server's memory; open it again (each match restarts from \
                         its first commit)",
                        stall.as_millis(),
                        limits::WATCH_BUFFER
                    ))));
                    return;
                }
            }
        }
    });
    let ended = futures::stream::once(end_rx).filter_map(|end| futures::future::ready(end.ok().map(Err)));
    Box::pin(tokio_stream::wrappers::ReceiverStream::new(rx).chain(ended))
}

/// One watched commit as `viewer` may see it (shared with the public feed).
pub(super) fn update_for(commit: &api::log_v1::Commit, viewer: Viewer, all_joined: bool) -> m::MatchUpdate {
    convert::match_update(commit, viewer, all_joined)
}
