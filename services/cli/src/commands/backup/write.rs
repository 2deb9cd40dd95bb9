//! The backup itself: every commit of the match log (or of one match) copied into a file byte
//! for byte (format.rs), with `eventlog::Copier` on the admin's connection.
//!
//! **A log without periods** is written as format 1: its commits in stream order, stream after
//! stream (each partition in turn), up to the last that exists when each stream's copy starts.
//!
//! **A log with periods** is written as format 3: its layout record, every commit of every period
//! stream present, the archive of every match in the bucket `MATCH_ARCHIVE`, the index entries of
//! the archived matches that no copied stream holds, and the public feed `FEED`.
//!
//! *Why nothing is lost while periods leave during the copy.* The streams are listed and copied
//! first, the bucket after. A period stream is deleted by the archiver only once every match in
//! it has an archive in the bucket, written and checked before the delete, and archives are never
//! removed by the services. So a match that existed when the streams were listed is either in a
//! stream copied whole, or in a stream that was gone, or went, before its copy ended: then its
//! archive was in the bucket before the bucket's copy began. A stream that vanishes during its
//! copy is cut back out of the file (its matches are in the bucket). A period stream made after
//! the listing holds only matches created after the backup began, which the next backup takes.
//!
//! *Why index entries.* The match index is a projection of the hot log; an archived match whose
//! stream has left is in no stream a restored log could project again, so its entry (the
//! projection made while it was hot, marked archived) is carried as stored, for `ListMatches`
//! after a restore. The entries of matches in copied streams are projected again.
//!
//! *Why the feed.* The feed projector rebuilds the feed of every match whose commits are in the
//! restored streams, with the same messages (each is a function of its commit), but not of a
//! match whose stream left: so the feed is carried whole, and the projector on the restored log
//! finds each subject already published up to its last version.
//!
//! An archive that cannot be copied (its stored bytes changed since they were written, or it
//! does not verify as the orchestrator would check it) is left out and named; everything else is
//! copied (one damaged object must not stop every backup of the deployment).

use std::collections::BTreeSet;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use eventlog::{Archive, Copied, CopiedMessage, Copier, JetStreamArchive, LogError, NatsAuth};

use super::check::check_archive;
use super::format::{write_end, write_end_periods_feed, write_item, write_record, Counts, FeedRecord, Item, Record, MAGIC, MAGIC_PERIODS_FEED};

/// Progress on stderr at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// What a backup wrote, and the archives it could not copy (match id, why).
#[derive(Debug, Default)]
pub struct Backup {
    pub counts: Counts,
    pub skipped: Vec<(String, String)>,
}

type Out = BufWriter<std::fs::File>;

/// Write the backup of the store at `url` (of one match, with `match_id`) into `out`, through a
/// temporary file renamed when complete (mode 0600: the log holds every hidden card).
pub(super) async fn backup(out: &Path, match_id: Option<&str>, url: &str, auth: &NatsAuth) -> anyhow::Result<Backup> {
    if let Some(id) = match_id {
        eventlog::validate_match_id(id).map_err(|e| anyhow::anyhow!("--match: {e}"))?;
    }
    let copier = Copier::connect(url, auth).await.map_err(|e| anyhow::anyhow!("cannot read the match log's layout at {url}: {e}"))?;
    let tmp = infra::private_file::temp_path(out);
    let file = infra::private_file::create_or_truncate(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
    let mut writer = BufWriter::new(file);
    let result = match copier.layout().periods() {
        None => copy_flat(&copier, match_id, &mut writer).await,
        Some(_) => copy_periods(&copier, match_id, &mut writer).await,
    };
    let result = result.and_then(|done| {
        let file = writer.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok(done)
    });
    match result {
        Ok(done) => {
            std::fs::rename(&tmp, out).with_context(|| format!("cannot move {} to {}", tmp.display(), out.display()))?;
            Ok(done)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e.context(format!("backing up the match log at {url}")))
        }
    }
}

/// The record of a copied commit.
fn record_of(message: CopiedMessage) -> Record {
    Record { subject: message.subject, msg_id: message.msg_id, sequence: message.sequence, payload: message.payload.to_vec() }
}

/// Calls `say` at most once a [`PROGRESS_EVERY`].
struct Progress(Instant);

impl Progress {
    fn new() -> Self {
        Progress(Instant::now())
    }

    fn every(&mut self, say: impl FnOnce()) {
        if self.0.elapsed() >= PROGRESS_EVERY {
            self.0 = Instant::now();
            say();
        }
    }
}

/// Format 1: every partition stream (or one match's subject) in turn.
async fn copy_flat(copier: &Copier, match_id: Option<&str>, out: &mut Out) -> anyhow::Result<Backup> {
    let layout = copier.layout();
    // (stream, subject filter): one match, or every subject of every partition.
    let parts: Vec<(String, String)> = match match_id {
        Some(id) => vec![(layout.stream(layout.partition_of(id)), layout.subject(id))],
        None => (0..layout.partitions()).map(|p| (layout.stream(p), layout.filter(p))).collect(),
    };
    out.write_all(MAGIC)?;
    let mut count = 0u64;
    let mut progress = Progress::new();
    for (name, filter) in &parts {
        let copied = copier
            .copy(name, filter, |message| {
                write_record(out, &record_of(message)).map_err(anyhow::Error::from)?;
                count += 1;
                progress.every(|| eprintln!("backup: {count} commits"));
                Ok::<(), anyhow::Error>(())
            })
            .await?;
        if let Copied::Gone { .. } = copied {
            anyhow::bail!("the stream {name} does not exist (is this Arbiter's NATS?)");
        }
    }
    write_end(out, count)?;
    Ok(Backup { counts: Counts { commits: count, ..Default::default() }, skipped: Vec::new() })
}

/// Format 3: the layout, every period stream present, the archives, the index entries of the
/// archived matches no copied stream holds, the feed.
async fn copy_periods(copier: &Copier, match_id: Option<&str>, out: &mut Out) -> anyhow::Result<Backup> {
    let layout = copier.layout();
    // (stream, subject filter): one match's subject in its stream, or every period stream.
    let streams: Vec<(String, String)> = match match_id {
        Some(id) => vec![layout.place(id).map_err(|e| anyhow::anyhow!("--match: {e}"))?],
        None => {
            let names = copier.log_streams().await.map_err(|e| anyhow::anyhow!("cannot list the streams: {e}"))?;
            names.into_iter().filter_map(|name| layout.filter_of(&name).map(|filter| (name, filter))).collect()
        }
    };
    out.write_all(MAGIC_PERIODS_FEED)?;
    write_item(out, &Item::Layout(layout.record().into_bytes()))?;
    let mut done = Backup::default();
    let mut in_streams: BTreeSet<String> = BTreeSet::new();
    let mut progress = Progress::new();
    for (name, filter) in &streams {
        let mark = out.stream_position()?;
        write_item(out, &Item::Stream(name.clone()))?;
        let (mut commits, before) = (0u64, done.counts.commits);
        let mut matches = BTreeSet::new();
        let copied = copier
            .copy(name, filter, |message| {
                if let Some(id) = layout.match_of(&message.subject) {
                    matches.insert(id.to_string());
                }
                write_item(out, &Item::Commit(record_of(message))).map_err(anyhow::Error::from)?;
                commits += 1;
                progress.every(|| eprintln!("backup: {name}: {commits} commits ({before} before it)"));
                Ok::<(), anyhow::Error>(())
            })
            .await?;
        match copied {
            // One match not (any more) in the hot log: its archive, if any, comes with the bucket.
            Copied::Whole(0) if match_id.is_some() => cut(out, mark)?,
            Copied::Whole(_) => {
                done.counts.streams += 1;
                done.counts.commits += commits;
                in_streams.extend(matches);
            }
            Copied::Gone { handed } => {
                // Its matches are in the bucket, copied below.
                cut(out, mark)?;
                let when = if handed > 0 { "during its copy (what was copied of it is cut out of the file)" } else { "before its copy" };
                eprintln!("backup: {name} left the hot log {when}; its matches are taken from {}", eventlog::ARCHIVE_BUCKET);
            }
        }
    }
    let archives = copier.archives().await.map_err(|e| anyhow::anyhow!("cannot open the archive bucket: {e}"))?;
    let archived = copy_archives(archives.as_ref(), match_id, out, &mut done).await?;
    copy_index_entries(copier, archived.iter().filter(|id| !in_streams.contains(*id)), out, &mut done.counts).await?;
    copy_feed(copier, match_id, out, &mut done.counts).await?;
    write_end_periods_feed(out, &done.counts)?;
    Ok(done)
}

/// Cut the file back to `mark` (what was written of a stream that left).
fn cut(out: &mut Out, mark: u64) -> anyhow::Result<()> {
    out.seek(SeekFrom::Start(mark))?;
    out.get_ref().set_len(mark)?;
    Ok(())
}

/// Copy every archive of the bucket (or `only` that match's), byte for byte, each checked as
/// the orchestrator checks it when it reads one (check.rs); the match ids copied. An archive
/// that fails goes into `done.skipped` with why, and the rest is copied.
async fn copy_archives(archives: Option<&JetStreamArchive>, only: Option<&str>, out: &mut Out, done: &mut Backup) -> anyhow::Result<BTreeSet<String>> {
    // No bucket: no match was ever sealed.
    let Some(archives) = archives else { return Ok(BTreeSet::new()) };
    let names: Vec<String> = match only {
        Some(id) => vec![id.to_string()],
        None => archives.list().await.map_err(|e| anyhow::anyhow!("cannot list {}: {e}", eventlog::ARCHIVE_BUCKET))?,
    };
    let mut copied = BTreeSet::new();
    let mut progress = Progress::new();
    for name in names {
        let blob = match archives.get(&name).await {
            Ok(Some(blob)) => blob,
            Ok(None) => continue,
            Err(LogError::Corrupt(why)) => {
                done.skipped.push((name, why));
                continue;
            }
            Err(e) => return Err(anyhow::anyhow!("cannot read the archive of {name}: {e}")),
        };
        if let Err(e) = check_archive(&name, &blob) {
            done.skipped.push((name, format!("{e:#}")));
            continue;
        }
        write_item(out, &Item::Archive { match_id: name.clone(), blob: blob.to_vec() })?;
        done.counts.archives += 1;
        copied.insert(name);
        progress.every(|| eprintln!("backup: {} archives", done.counts.archives));
    }
    Ok(copied)
}

/// Copy the index entry of each match of `ids`, as stored.
async fn copy_index_entries<'a>(copier: &Copier, ids: impl Iterator<Item = &'a String>, out: &mut Out, counts: &mut Counts) -> anyhow::Result<()> {
    for id in ids {
        match copier.index_entry(id).await.map_err(|e| anyhow::anyhow!("index entry {id}: {e}"))? {
            Some(value) => {
                write_item(out, &Item::IndexEntry { key: id.clone(), value: value.to_vec() })?;
                counts.index_entries += 1;
            }
            None => eprintln!("backup: match {id} is archived but has no entry in {}: once restored it is read by id but not listed", eventlog::INDEX_BUCKET),
        }
    }
    Ok(())
}

/// Copy the public feed (of `only` that match), every message as stored.
async fn copy_feed(copier: &Copier, only: Option<&str>, out: &mut Out, counts: &mut Counts) -> anyhow::Result<()> {
    let filter = match only {
        Some(id) => format!("feed.*.{id}.*"),
        None => eventlog::auth::FEED_SUBJECTS.to_string(),
    };
    let mut progress = Progress::new();
    // No feed stream: no projector ever ran.
    copier
        .copy(eventlog::auth::FEED_STREAM, &filter, |m| {
            let record = FeedRecord { subject: m.subject, msg_id: m.msg_id, sequence: m.sequence, headers: m.headers, payload: m.payload.to_vec() };
            write_item(out, &Item::Feed(record)).map_err(anyhow::Error::from)?;
            counts.feed_messages += 1;
            progress.every(|| eprintln!("backup: {} feed messages", counts.feed_messages));
            Ok::<(), anyhow::Error>(())
        })
        .await?;
    Ok(())
}
