//! The reading side of the projector: follow each partition stream of the match log, check
//! and project its commits in order, and hand them to the publisher.

use super::*;

/// One job of the publisher, ordered by due time, then by log position (stream sequence,
/// then partition: a match's commits are all in one partition, so they keep their order).
pub(super) struct Job {
    pub(super) position: (u64, usize),
    pub(super) projected: Projected,
}

/// Follow the match log from its first commit, forever: each partition stream of its layout
/// (`eventlog::Layout`) by its own reader, which checks and projects each commit in order.
/// A log without a layout record is read as the legacy `MATCHES` until a record appears (the
/// orchestrator creates a partitioned log only where no `MATCHES` exists).
pub(super) async fn read_log(context: jetstream::Context, pinned_key: Option<Vec<u8>>, tx: mpsc::Sender<Job>) {
    let mut waits = infra::retry::BackoffBuilder::build(retry_policy());
    loop {
        let layout = match eventlog::direct_layout(&context).await {
            Ok(layout) => layout.unwrap_or_default(),
            Err(e) => {
                tracing::warn!(%e, "cannot read the match log's layout yet; retrying");
                tokio::time::sleep(waits.next().unwrap_or(RETRY_MAX)).await;
                continue;
            }
        };
        if layout.periods().is_some() {
            return read_periods(context, layout, pinned_key, tx).await;
        }
        if layout.is_legacy() {
            match read_partition(context.clone(), layout, layout.stream(0), 0, Projection::new(pinned_key.clone()), tx.clone()).await {
                // A record appeared before MATCHES did: read the partitions it names.
                Relayout::Recorded => continue,
                Relayout::Stopped => return,
            }
        }
        let readers: Vec<_> = (0..layout.partitions())
            .map(|partition| {
                let reader = read_partition(context.clone(), layout, layout.stream(partition), partition, Projection::new(pinned_key.clone()), tx.clone());
                tokio::spawn(reader)
            })
            .collect();
        for reader in readers {
            let _ = reader.await;
        }
        return;
    }
}

/// How often a log with periods is listed again for new period streams.
const LIST_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// Aborts its readers when dropped.
struct Readers(std::collections::BTreeMap<String, tokio::task::JoinHandle<Relayout>>);

impl Drop for Readers {
    fn drop(&mut self) {
        for reader in self.0.values() {
            reader.abort();
        }
    }
}

/// A log with periods (docs/architecture.md, "Leaving the hot log"): one reader per period
/// stream, the streams listed by name every [`LIST_EVERY`]; a new stream gets a reader, the
/// reader of one that left the hot log (deleted once sealed) stops.
async fn read_periods(context: jetstream::Context, layout: eventlog::Layout, pinned_key: Option<Vec<u8>>, tx: mpsc::Sender<Job>) {
    let mut readers = Readers(Default::default());
    // Each stream's tag in the publisher's order of jobs (a match's commits are in one stream).
    let mut tags = 0usize;
    loop {
        if tx.is_closed() {
            return;
        }
        let mut listed = Vec::new();
        let mut names = context.stream_names();
        let mut failed = false;
        while let Some(name) = names.next().await {
            match name {
                Ok(name) if layout.parse_stream(&name).is_some_and(|(period, _)| period.is_some()) => listed.push(name),
                Ok(_) => {}
                Err(e) => {
                    tracing::debug!(%e, "cannot list the period streams yet");
                    failed = true;
                    break;
                }
            }
        }
        if !failed {
            readers.0.retain(|name, reader| {
                let keep = listed.contains(name);
                if !keep {
                    reader.abort();
                }
                keep
            });
            for name in listed {
                if let std::collections::btree_map::Entry::Vacant(slot) = readers.0.entry(name.clone()) {
                    let reader = read_partition(context.clone(), layout, name, tags, Projection::new(pinned_key.clone()), tx.clone());
                    tags += 1;
                    slot.insert(tokio::spawn(reader));
                }
            }
        }
        tokio::time::sleep(LIST_EVERY).await;
    }
}

/// Why a partition's reader returned.
enum Relayout {
    /// The publisher is gone.
    Stopped,
    /// The legacy stream does not exist and the log now has a layout record.
    Recorded,
}

/// Follow one stream `name` of the log (a partition, or a period's) from its first commit,
/// forever; `partition` is its place in the publisher's order.
async fn read_partition(
    context: jetstream::Context,
    layout: eventlog::Layout,
    name: String,
    partition: usize,
    mut projection: Projection,
    tx: mpsc::Sender<Job>,
) -> Relayout {
    let mut next_sequence = 1u64;
    let mut waits = infra::retry::BackoffBuilder::build(retry_policy());
    let filter = layout.filter_of(&name).unwrap_or_default();
    loop {
        let messages = async {
            let stream = context.get_stream_no_info(&name).await.map_err(nats(&name))?;
            let consumer = stream
                .create_consumer(OrderedConfig {
                    filter_subject: filter.clone(),
                    deliver_policy: DeliverPolicy::ByStartSequence { start_sequence: next_sequence },
                    ..Default::default()
                })
                .await
                .map_err(nats(&name))?;
            consumer.messages().await.map_err(nats(&name))
        }
        .await;
        let mut messages = match messages {
            Ok(m) => m,
            Err(e) => {
                // The stream may not exist yet (no match was ever created), or NATS is down.
                tracing::debug!(%e, "cannot read the match log yet; retrying");
                if layout.is_legacy() && matches!(eventlog::direct_layout(&context).await, Ok(Some(l)) if !l.is_legacy()) {
                    return Relayout::Recorded;
                }
                tokio::time::sleep(waits.next().unwrap_or(RETRY_MAX)).await;
                continue;
            }
        };
        waits = infra::retry::BackoffBuilder::build(retry_policy());
        // What the consumer has ready is checked as one batch: one signature per match in it
        // (`Projection::accept_batch`). At low load that is one commit, as before.
        while let Some(first) = messages.next().await {
            let mut batch = vec![first];
            let mut ended = false;
            while batch.len() < READ_BATCH {
                match messages.next().now_or_never() {
                    Some(Some(message)) => batch.push(message),
                    Some(None) => {
                        ended = true;
                        break;
                    }
                    None => break,
                }
            }
            // The commits up to the first failed message; the log is read again after it.
            let mut ready: Vec<(u64, String, Bytes)> = Vec::with_capacity(batch.len());
            let mut resume = ended;
            for message in batch {
                let message = match message {
                    Ok(m) => m,
                    Err(e) => {
                        tracing::warn!(%e, "reading the match log failed; resuming");
                        resume = true;
                        break;
                    }
                };
                let sequence = match message.info() {
                    Ok(info) => info.stream_sequence,
                    Err(e) => {
                        tracing::warn!(%e, "a log message without JetStream info; resuming");
                        resume = true;
                        break;
                    }
                };
                if sequence < next_sequence {
                    continue; // already seen before a resume
                }
                next_sequence = sequence + 1;
                let Some(match_id) = layout.match_of(message.subject.as_str()) else {
                    continue;
                };
                ready.push((sequence, match_id.to_string(), message.payload.clone()));
            }
            let commits: Vec<(&str, &[u8])> = ready.iter().map(|(_, m, p)| (m.as_str(), p.as_ref())).collect();
            let results = projection.accept_batch(&commits);
            for ((sequence, match_id, _), result) in ready.iter().zip(results) {
                match result {
                    Ok(projected) => {
                        if tx.send(Job { position: (*sequence, partition), projected }).await.is_err() {
                            return Relayout::Stopped;
                        }
                    }
                    // Logged, never projected: an operator must look at this log.
                    Err(e) => tracing::error!(match_id, sequence, "{e}"),
                }
            }
            if resume {
                break;
            }
        }
    }
}
