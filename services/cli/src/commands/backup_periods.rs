//! `arbiter backup` of a match log with periods (docs/architecture.md, "Leaving the hot log"),
//! as format 2 (backup_format.rs): the layout record, every commit of every period stream
//! present, the archive of every match in the bucket `MATCH_ARCHIVE`, and the index entries of
//! the archived matches that no copied stream holds.
//!
//! **Why nothing is lost while periods leave during the copy.** The streams are listed and
//! copied first, the bucket last. A period stream is deleted by the archiver only once every
//! match in it has an archive in the bucket, written and checked before the delete, and
//! archives are never removed by the services. So a match that existed when the streams were
//! listed is either in a stream copied whole, or in a stream that was gone, or went, before its
//! copy ended: then its archive was in the bucket before the bucket's copy began. A stream that
//! vanishes during its copy is cut back out of the file (its matches are in the bucket). A
//! period stream made after the listing holds only matches created after the backup began,
//! which the next backup takes, as commits appended after the start are in format 1.
//!
//! **Why index entries.** The match index is a projection of the hot log; an archived match
//! whose stream has left is in no stream a restored log could project again, so its entry (the
//! projection made while it was hot, marked archived) is carried as stored, for `ListMatches`
//! after a restore. The entries of matches in copied streams are not: those are projected again.

use std::collections::BTreeSet;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::time::{Duration, Instant};

use anyhow::Context;
use async_nats::jetstream::{self, consumer::pull::OrderedConfig, consumer::DeliverPolicy};
use futures::StreamExt;

use eventlog::{Archive, JetStreamArchive, LogError};

use super::archive_check::check_archive;
use super::backup::{record_of, Backup, BackupCmd, IDLE_TIMEOUT, PROGRESS_EVERY};
use super::backup_format::{write_end_periods, write_item, Counts, Item, MAGIC_PERIODS};

/// How long a stream copy waits for a message before it asks whether the stream still exists.
const VANISH_CHECK: Duration = Duration::from_secs(2);

/// Write the backup of the log with periods `layout` at `url` into `cmd.out`; its counts.
pub(super) async fn backup(cmd: &BackupCmd, js: &jetstream::Context, url: &str, layout: eventlog::Layout) -> anyhow::Result<Backup> {
    let (_, auth) = cmd.nats.resolve()?;
    let archives = JetStreamArchive::connect_read_only(url, &auth).await.map_err(|e| anyhow::anyhow!("cannot open the archive bucket at {url}: {e}"))?;
    // (stream, subject filter): one match's subject in its stream, or every period stream.
    let streams: Vec<(String, String)> = match &cmd.match_id {
        Some(id) => {
            let placed = layout.place(id).map_err(|e| anyhow::anyhow!("--match: {e}"))?;
            vec![placed]
        }
        None => list_period_streams(js, &layout).await?,
    };
    let tmp = infra::private_file::temp_path(&cmd.out);
    // As private as the store: the log holds every hidden card of every match.
    let file = infra::private_file::create_or_truncate(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
    let mut out = BufWriter::new(file);
    let result = async {
        out.write_all(MAGIC_PERIODS)?;
        write_item(&mut out, &Item::Layout(layout.record().into_bytes()))?;
        let mut counts = Counts::default();
        let mut skipped = Vec::new();
        let mut in_streams: BTreeSet<String> = BTreeSet::new();
        for (name, filter) in &streams {
            let mark = out.stream_position()?;
            match copy_stream(js, name, filter, &layout, &mut out, &counts, cmd.match_id.is_some()).await? {
                Copied::Whole { commits, matches } => {
                    counts.streams += 1;
                    counts.commits += commits;
                    in_streams.extend(matches);
                }
                Copied::Gone { written } => {
                    // Its matches are in the bucket, copied below.
                    if written {
                        out.seek(SeekFrom::Start(mark))?;
                        out.get_ref().set_len(mark)?;
                    }
                    let when = if written { "during its copy (what was copied of it is cut out of the file)" } else { "before its copy" };
                    eprintln!("backup: {name} left the hot log {when}; its matches are taken from {}", eventlog::ARCHIVE_BUCKET);
                }
            }
        }
        let archived = copy_archives(archives.as_ref(), cmd.match_id.as_deref(), &mut out, &mut counts, &mut skipped).await?;
        copy_index_entries(js, archived.iter().filter(|id| !in_streams.contains(*id)), &mut out, &mut counts).await?;
        write_end_periods(&mut out, &counts)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok::<Backup, anyhow::Error>(Backup { counts, skipped })
    }
    .await;
    match result {
        Ok(done) => {
            std::fs::rename(&tmp, &cmd.out).with_context(|| format!("cannot move {} to {}", tmp.display(), cmd.out.display()))?;
            Ok(done)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e.context(format!("backing up the match log at {url}")))
        }
    }
}

/// The period streams of `layout` in the account now, by period then partition, with their
/// subject filters.
async fn list_period_streams(js: &jetstream::Context, layout: &eventlog::Layout) -> anyhow::Result<Vec<(String, String)>> {
    let mut names = js.stream_names();
    let mut found = Vec::new();
    while let Some(name) = names.next().await {
        let name = name.map_err(|e| anyhow::anyhow!("cannot list the streams: {e}"))?;
        if let (Some(place @ (Some(_), _)), Some(filter)) = (layout.parse_stream(&name), layout.filter_of(&name)) {
            found.push((place, name, filter));
        }
    }
    found.sort();
    Ok(found.into_iter().map(|(_, name, filter)| (name, filter)).collect())
}

enum Copied {
    /// Every commit on the filter up to the last when the copy began, and their matches.
    Whole { commits: u64, matches: BTreeSet<String> },
    /// The stream is not there (any more); `written`: records of it are in the file.
    Gone { written: bool },
}

/// Whether stream `name` exists.
async fn exists(js: &jetstream::Context, name: &str) -> anyhow::Result<bool> {
    use async_nats::jetstream::context::GetStreamErrorKind;
    match js.get_stream(name).await {
        Ok(_) => Ok(true),
        Err(e) if matches!(e.kind(), GetStreamErrorKind::JetStream(j) if j.error_code() == jetstream::ErrorCode::STREAM_NOT_FOUND) => Ok(false),
        Err(e) => Err(anyhow::anyhow!("stream {name}: {e}")),
    }
}

/// Copy stream `name`'s commits on `filter`, up to its last one now, after an `S` record (none
/// for one match that has no commit in the hot log). `before`: the counts so far, for progress.
async fn copy_stream(
    js: &jetstream::Context,
    name: &str,
    filter: &str,
    layout: &eventlog::Layout,
    out: &mut BufWriter<std::fs::File>,
    before: &Counts,
    one_match: bool,
) -> anyhow::Result<Copied> {
    let mut stream = match js.get_stream(name).await {
        Ok(stream) => stream,
        Err(_) if !exists(js, name).await? => return Ok(Copied::Gone { written: false }),
        Err(e) => return Err(anyhow::anyhow!("cannot open stream {name}: {e}")),
    };
    let last = if one_match {
        match stream.get_last_raw_message_by_subject(filter).await {
            Ok(m) => m.sequence,
            // Not (any more) in the hot log: its archive, if any, is copied with the bucket.
            Err(e) if e.kind() == async_nats::jetstream::stream::LastRawMessageErrorKind::NoMessageFound => return Ok(Copied::Gone { written: false }),
            Err(_) if !exists(js, name).await? => return Ok(Copied::Gone { written: false }),
            Err(e) => return Err(anyhow::anyhow!("last commit of {filter}: {e}")),
        }
    } else {
        match stream.info().await {
            Ok(info) => info.state.last_sequence,
            Err(_) if !exists(js, name).await? => return Ok(Copied::Gone { written: false }),
            Err(e) => return Err(anyhow::anyhow!("stream {name} info: {e}")),
        }
    };
    write_item(out, &Item::Stream(name.to_string()))?;
    let mut commits = 0u64;
    let mut matches = BTreeSet::new();
    if last == 0 {
        return Ok(Copied::Whole { commits, matches });
    }
    let consumer = stream.create_consumer(OrderedConfig { filter_subject: filter.to_string(), deliver_policy: DeliverPolicy::All, ..Default::default() }).await;
    let consumer = match consumer {
        Ok(c) => c,
        Err(_) if !exists(js, name).await? => return Ok(Copied::Gone { written: true }),
        Err(e) => return Err(anyhow::anyhow!("cannot create a consumer to read {name}: {e}")),
    };
    let mut messages = match consumer.messages().await {
        Ok(m) => m,
        Err(_) if !exists(js, name).await? => return Ok(Copied::Gone { written: true }),
        Err(e) => return Err(anyhow::anyhow!("cannot read {name}: {e}")),
    };
    let mut progress = Instant::now();
    let mut idle = Duration::ZERO;
    loop {
        let message = match tokio::time::timeout(VANISH_CHECK, messages.next()).await {
            Ok(Some(Ok(message))) => message,
            Ok(Some(Err(e))) => {
                if !exists(js, name).await? {
                    return Ok(Copied::Gone { written: true });
                }
                return Err(anyhow::anyhow!("reading {name}: {e}"));
            }
            Ok(None) => return Err(anyhow::anyhow!("the consumer of {name} ended early")),
            Err(_) => {
                if !exists(js, name).await? {
                    return Ok(Copied::Gone { written: true });
                }
                idle += VANISH_CHECK;
                if idle >= IDLE_TIMEOUT {
                    anyhow::bail!("no commit of {name} arrived for {IDLE_TIMEOUT:?}: is NATS up?");
                }
                continue;
            }
        };
        idle = Duration::ZERO;
        let record = record_of(&message)?;
        let sequence = record.sequence;
        if let Some(id) = layout.match_of(&record.subject) {
            matches.insert(id.to_string());
        }
        write_item(out, &Item::Commit(record))?;
        commits += 1;
        if progress.elapsed() >= PROGRESS_EVERY {
            progress = Instant::now();
            eprintln!("backup: {name}: {commits} commits ({} before it)", before.commits);
        }
        if sequence >= last {
            return Ok(Copied::Whole { commits, matches });
        }
    }
}

/// Copy every archive of the bucket (or `only` that match's), byte for byte, each checked as
/// the orchestrator checks it when it reads one (`archive_check`); the match ids copied. An
/// archive that fails (its stored bytes changed since they were written, a manifest or chain
/// that does not verify) is not copied: it goes into `skipped` with why, and the rest is copied.
async fn copy_archives(
    archives: Option<&JetStreamArchive>,
    only: Option<&str>,
    out: &mut BufWriter<std::fs::File>,
    counts: &mut Counts,
    skipped: &mut Vec<(String, String)>,
) -> anyhow::Result<BTreeSet<String>> {
    // No bucket: no match was ever sealed.
    let Some(archives) = archives else { return Ok(BTreeSet::new()) };
    let names: Vec<String> = match only {
        Some(id) => vec![id.to_string()],
        None => archives.list().await.map_err(|e| anyhow::anyhow!("cannot list {}: {e}", eventlog::ARCHIVE_BUCKET))?,
    };
    let mut copied = BTreeSet::new();
    let mut progress = Instant::now();
    for name in names {
        let blob = match archives.get(&name).await {
            Ok(Some(blob)) => blob,
            Ok(None) => continue,
            Err(LogError::Corrupt(why)) => {
                skipped.push((name, why));
                continue;
            }
            Err(e) => return Err(anyhow::anyhow!("cannot read the archive of {name}: {e}")),
        };
        if let Err(e) = check_archive(&name, &blob) {
            skipped.push((name, format!("{e:#}")));
            continue;
        }
        write_item(out, &Item::Archive { match_id: name.clone(), blob: blob.to_vec() })?;
        counts.archives += 1;
        copied.insert(name);
        if progress.elapsed() >= PROGRESS_EVERY {
            progress = Instant::now();
            eprintln!("backup: {} archives", counts.archives);
        }
    }
    Ok(copied)
}

/// Copy the index entry of each match of `ids`, as stored.
async fn copy_index_entries<'a>(
    js: &jetstream::Context,
    ids: impl Iterator<Item = &'a String>,
    out: &mut BufWriter<std::fs::File>,
    counts: &mut Counts,
) -> anyhow::Result<()> {
    let mut ids = ids.peekable();
    if ids.peek().is_none() {
        return Ok(());
    }
    let index = js.get_key_value(eventlog::INDEX_BUCKET).await.map_err(|e| anyhow::anyhow!("cannot open the match index {}: {e}", eventlog::INDEX_BUCKET))?;
    for id in ids {
        let entry = index.entry(id.as_str()).await.map_err(|e| anyhow::anyhow!("index entry {id}: {e}"))?;
        match entry.filter(|e| e.operation == async_nats::jetstream::kv::Operation::Put) {
            Some(entry) => {
                write_item(out, &Item::IndexEntry { key: id.clone(), value: entry.value.to_vec() })?;
                counts.index_entries += 1;
            }
            None => eprintln!("backup: match {id} is archived but has no entry in {}: once restored it is read by id but not listed", eventlog::INDEX_BUCKET),
        }
    }
    Ok(())
}
