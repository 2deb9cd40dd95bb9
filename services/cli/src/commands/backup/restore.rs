//! The second pass of a restore: a checked backup (check.rs) written into a store, every commit
//! byte for byte with its msg id, each append conditional on its match's last commit as the
//! orchestrator's are, and the deployment's key files put back from the keys file (keys.rs).
//!
//! **A log without periods** (format 1) goes into a store that holds nothing of it or an earlier
//! backup of it: every match the store holds must be an exact prefix of the backup's, and only
//! the commits it lacks are written. An interrupted restore is simply run again: what it wrote is
//! a prefix, skipped, and an append whose acknowledgement was lost is recognised by its msg id
//! (`JetStreamLog::append`). Its public feed is not in the file: the feed projector rebuilds it
//! from the restored log, with the same messages (each a function of its commit).
//!
//! **A log with periods** (formats 2 and 3) goes into an empty store only (nothing of a match log
//! but, at most, the same layout record): its layout record (and the buckets, as the
//! orchestrator makes them), each period stream the backup holds (made by `eventlog` as the
//! orchestrator makes it), each commit into its own stream byte for byte with its msg id (without
//! the live checks on the match's age: `JetStreamLog::append_restored`), each archive, each index
//! entry, and in format 3 every message of the public feed `FEED` with its msg id and headers. A
//! whole stream restored into a new stream gets its original stream sequences back (a match
//! stream has no gaps: nothing is ever deleted from it), so the archives' manifests, which name
//! them, still match the hot log they were sealed from.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Seek;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use eventlog::{Archive, CopiedMessage, Copier, EventLog, JetStreamArchive, JetStreamLog, LogError, NatsAuth};
use fairness::chain::commit_hash;
use prost::bytes::Bytes;

use super::check::{check_msg_id, check_period_file, feed_hash, sha256, verify_file, PeriodFile};
use super::format::{match_of, Item, Reader};
use super::keys::{key_actions, KeyAction, KeyPaths};

/// Progress on stderr at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);
/// An append is retried this long while NATS is unavailable (e.g. a cluster electing a leader).
const UNAVAILABLE_RETRY: Duration = Duration::from_secs(60);

/// Where and how to restore.
pub(super) struct Target<'a> {
    pub file: &'a Path,
    pub url: String,
    pub auth: NatsAuth,
    pub replicas: usize,
    pub partitions: Option<usize>,
    /// The keys file to put back (`None`: `--no-keys`), and where the key files go.
    pub keys_file: Option<PathBuf>,
    pub key_paths: KeyPaths,
}

/// What a restore did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RestoreSummary {
    pub matches: usize,
    pub written: u64,
    pub skipped: u64,
    /// The key files written (missing before).
    pub keys_written: Vec<PathBuf>,
    /// The key files that were already there, the same as the backup's.
    pub keys_present: Vec<PathBuf>,
    /// Archives, index entries and feed messages put back (a backup of a log with periods).
    pub archives: u64,
    pub index_entries: u64,
    pub feed_messages: u64,
}

/// Write the key files of `actions`, noting each in `summary`.
fn put_keys(actions: &[KeyAction], summary: &mut RestoreSummary) -> anyhow::Result<()> {
    for action in actions {
        if action.apply()? {
            summary.keys_written.push(action.path.clone());
        } else {
            summary.keys_present.push(action.path.clone());
        }
    }
    Ok(())
}

/// Check the whole backup at `target.file`, then write it (see the module doc).
pub(super) async fn restore(target: &Target<'_>) -> anyhow::Result<RestoreSummary> {
    let shown = target.file.display();
    let file = std::fs::File::open(target.file).with_context(|| format!("cannot open {shown}"))?;
    let format = Reader::new(std::io::BufReader::new(&file)).with_context(|| format!("{shown} cannot be restored; nothing was written"))?.format();
    match format {
        1 => restore_flat(target, file).await,
        _ => restore_periods(target, file).await,
    }
}

/// A format 1 backup.
async fn restore_flat(target: &Target<'_>, mut file: std::fs::File) -> anyhow::Result<RestoreSummary> {
    let shown = target.file.display();
    file.rewind().with_context(|| format!("cannot read {shown} again"))?;

    // 1. The whole file, before anything else.
    let verified = verify_file(std::io::BufReader::new(&file)).with_context(|| format!("{shown} cannot be restored; nothing was written"))?;

    // 2. The keys, checked against the matches and the key files on disk.
    let named = verified.matches.iter().map(|(id, m)| (id.as_str(), m.orchestrator_public_key.as_slice(), m.randomness_public_key.as_slice()));
    let key_actions = key_actions(target.keys_file.as_deref(), &target.key_paths, named)?;

    // 3. The store: every match it holds must be a prefix of the backup's.
    let (url, auth) = (&target.url, &target.auth);
    let log = match target.partitions {
        Some(partitions) => JetStreamLog::connect_partitioned(url, target.replicas, partitions, auth).await,
        None => JetStreamLog::connect(url, target.replicas, auth).await,
    };
    let log = log.map_err(|e| anyhow::anyhow!("cannot open the match log at {url} as admin: {e}"))?;
    // A backup without periods holds no period streams nor archives to put back.
    if log.layout().await.map_err(|e| anyhow::anyhow!("{e}"))?.periods().is_some() {
        bail!(
            "the match log at {url} has periods, but {shown} is a backup of a log without periods (format 1): \
             restore it into a store without periods; nothing was written"
        );
    }
    // Per match: the versions the store holds and its last stream sequence.
    let mut in_store: BTreeMap<&str, (u64, Option<u64>)> = BTreeMap::new();
    for (id, m) in &verified.matches {
        let existing = retry(|| log.read(id, 1)).await.with_context(|| format!("reading match {id}"))?;
        for (stored, ours) in existing.iter().zip(&m.hashes) {
            if commit_hash(&stored.payload) != *ours {
                bail!(
                    "the store already holds a different commit at version {} of match {id}: restore into an empty \
                     store (or one holding an earlier backup of the same log); nothing was written",
                    stored.version
                );
            }
        }
        in_store.insert(id, (existing.len() as u64, existing.last().map(|c| c.sequence)));
    }

    // 4. Write: the missing key files, then every commit the store lacks.
    eprintln!("restore: {shown} checked ({} commits of {} matches); writing", verified.commits, verified.matches.len());
    let mut summary = RestoreSummary { matches: verified.matches.len(), ..Default::default() };
    put_keys(&key_actions, &mut summary)?;
    let to_write: u64 = verified.matches.iter().map(|(id, m)| m.version().saturating_sub(in_store.get(id.as_str()).map_or(0, |s| s.0))).sum();
    file.rewind().with_context(|| format!("cannot read {shown} again"))?;
    let mut reader = Reader::new(std::io::BufReader::new(&file))?;
    let mut versions: BTreeMap<&str, u64> = BTreeMap::new();
    let mut progress = Instant::now();
    let changed = || anyhow::anyhow!("{shown} changed while it was being restored: restore it again once nothing writes to it");
    while let Some(record) = reader.next_record()? {
        let Some((match_id, m)) = match_of(&record.subject).and_then(|id| verified.matches.get_key_value(id)) else {
            return Err(changed());
        };
        let match_id = match_id.as_str();
        let Some(&(held, last_sequence)) = in_store.get(match_id) else {
            return Err(changed());
        };
        let version = versions.entry(match_id).or_default();
        *version += 1;
        let version = *version;
        let hash = commit_hash(&record.payload);
        let expected = usize::try_from(version - 1).ok().and_then(|i| m.hashes.get(i));
        if expected != Some(&hash) || check_msg_id(match_id, version, &record.msg_id, &hash).is_err() {
            return Err(changed());
        }
        if version <= held {
            summary.skipped += 1;
            continue;
        }
        let msg_id = if record.msg_id.is_empty() { format!("{match_id}/{version}") } else { record.msg_id.clone() };
        let payload = Bytes::from(record.payload);
        let expected = last_sequence;
        let sequence = retry(|| log.append(match_id, expected, &msg_id, payload.clone()))
            .await
            .with_context(|| format!("writing version {version} of match {match_id} (run the restore again to finish it)"))?;
        if let Some((_, last)) = in_store.get_mut(match_id) {
            *last = Some(sequence);
        }
        summary.written += 1;
        if progress.elapsed() >= PROGRESS_EVERY {
            progress = Instant::now();
            eprintln!("restore: {} of {to_write} commits written", summary.written);
        }
    }
    Ok(summary)
}

/// Refuse a store that holds anything of a match log but the file's own layout record.
async fn check_empty(copier: &Copier, url: &str, file: &PeriodFile, partitions: Option<usize>) -> anyhow::Result<()> {
    let layout = file.layout;
    if let Some(n) = partitions.filter(|n| *n != layout.partitions()) {
        bail!("--partitions {n}, but the backup is of a log of {} partition(s) per period", layout.partitions());
    }
    match copier.recorded_layout() {
        Some(recorded) if recorded != layout => {
            bail!("the match log at {url} is laid out as {}, the backup's log as {}: restore into an empty store", recorded.options(), layout.options())
        }
        _ => {}
    }
    let contents = copier.contents().await.map_err(|e| anyhow::anyhow!("cannot list the streams at {url}: {e}"))?;
    let mut found = contents.log_streams.clone();
    if contents.archive_messages > 0 {
        found.push(format!("the archive bucket {} ({} messages)", eventlog::ARCHIVE_BUCKET, contents.archive_messages));
    }
    if !file.feed.is_empty() && contents.feed_messages > 0 {
        found.push(format!("the feed {} ({} messages)", eventlog::auth::FEED_STREAM, contents.feed_messages));
    }
    if !found.is_empty() {
        bail!("the store at {url} is not empty: it holds {} (restore a backup of a log with periods into an empty store)", found.join(", "));
    }
    for key in file.index.keys() {
        if copier.index_entry(key).await.map_err(|e| anyhow::anyhow!("index entry {key}: {e}"))?.is_some() {
            bail!("the match index at {url} already holds match {key}: restore into an empty store");
        }
    }
    Ok(())
}
/// A format 2 or 3 backup.
async fn restore_periods(target: &Target<'_>, mut file: std::fs::File) -> anyhow::Result<RestoreSummary> {
    let shown = target.file.display();
    let nothing = || format!("{shown} cannot be restored; nothing was written");
    let (url, auth) = (target.url.as_str(), &target.auth);

    // 1. The whole file, before anything else.
    file.rewind().with_context(|| format!("cannot read {shown} again"))?;
    let checked = check_period_file(std::io::BufReader::new(&file)).with_context(nothing)?;

    // 2. The keys, checked against every match, in a stream or archived.
    let named = checked
        .commits
        .matches
        .iter()
        .map(|(id, m)| (id.as_str(), m.orchestrator_public_key.as_slice(), m.randomness_public_key.as_slice()))
        .chain(checked.archives.iter().map(|(id, a)| (id.as_str(), a.orchestrator_public_key.as_slice(), a.randomness_public_key.as_slice())));
    let key_actions = key_actions(target.keys_file.as_deref(), &target.key_paths, named)?;

    // 3. The store: empty, or only the same layout record.
    let copier = Copier::connect(url, auth).await.map_err(|e| anyhow::anyhow!("cannot open the store at {url} as admin: {e}"))?;
    check_empty(&copier, url, &checked, target.partitions).await.with_context(nothing)?;

    // 4. Write: the key files, the layout and buckets, the streams, then every record.
    let all: BTreeSet<&String> = checked.commits.matches.keys().chain(checked.archives.keys()).collect();
    eprintln!(
        "restore: {shown} checked ({} commits of {} period streams, {} archives, {} index entries, {} feed messages); writing",
        checked.commits.commits,
        checked.streams.len(),
        checked.archives.len(),
        checked.index.len(),
        checked.feed.len()
    );
    let mut summary = RestoreSummary { matches: all.len(), ..Default::default() };
    put_keys(&key_actions, &mut summary)?;
    let log = JetStreamLog::connect_with_layout(url, target.replicas, checked.layout, auth)
        .await
        .map_err(|e| anyhow::anyhow!("cannot open the match log at {url} as admin: {e}"))?;
    for name in &checked.streams {
        log.ensure_period_stream(name).await.map_err(|e| anyhow::anyhow!("cannot make stream {name}: {e}"))?;
    }
    file.rewind().with_context(|| format!("cannot read {shown} again"))?;
    let mut reader = Reader::new(std::io::BufReader::new(&file))?;
    let changed = || anyhow::anyhow!("{shown} changed while it was being restored: restore it again, into an empty store, once nothing writes to it");
    let mut last: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut archive: Option<JetStreamArchive> = None;
    let mut feed_made = false;
    let mut feed_last: BTreeMap<String, u64> = BTreeMap::new();
    let mut progress = Instant::now();
    while let Some(item) = reader.next_item()? {
        match item {
            Item::Layout(_) | Item::Stream(_) => {}
            Item::Commit(record) => {
                let match_id = checked.layout.match_of(&record.subject).ok_or_else(changed)?.to_string();
                let m = checked.commits.matches.get(&match_id).ok_or_else(changed)?;
                let (version, sequence) = last.get(&match_id).copied().unwrap_or((0, 0));
                let version = version + 1;
                let hash = commit_hash(&record.payload);
                let expected = usize::try_from(version - 1).ok().and_then(|i| m.hashes.get(i));
                if expected != Some(&hash) || check_msg_id(&match_id, version, &record.msg_id, &hash).is_err() {
                    return Err(changed());
                }
                let msg_id = if record.msg_id.is_empty() { format!("{match_id}/{version}") } else { record.msg_id.clone() };
                let payload = Bytes::from(record.payload);
                let after = (version > 1).then_some(sequence);
                let written = retry(|| log.append_restored(&match_id, after, &msg_id, payload.clone())).await.with_context(|| {
                    format!("writing version {version} of match {match_id} (the store is not empty now: restore again into an empty store)")
                })?;
                last.insert(match_id, (version, written));
                summary.written += 1;
                if progress.elapsed() >= PROGRESS_EVERY {
                    progress = Instant::now();
                    eprintln!("restore: {} of {} commits written", summary.written, checked.commits.commits);
                }
            }
            Item::Archive { match_id, blob } => {
                if checked.archives.get(&match_id).map(|a| a.hash) != Some(sha256(&blob)) {
                    return Err(changed());
                }
                let bucket = match &archive {
                    Some(bucket) => bucket,
                    None => {
                        archive.insert(JetStreamArchive::open(&log, target.replicas).await.map_err(|e| anyhow::anyhow!("cannot make the archive bucket: {e}"))?)
                    }
                };
                bucket.put(&match_id, Bytes::from(blob)).await.map_err(|e| anyhow::anyhow!("{e}"))?;
                summary.archives += 1;
            }
            Item::IndexEntry { key, value } => {
                if checked.index.get(&key) != Some(&sha256(&value)) {
                    return Err(changed());
                }
                // Revision 0: only if the key is not there yet.
                log.index_put(&key, Bytes::from(value), 0).await.map_err(|e| anyhow::anyhow!("index entry {key}: {e}"))?;
                summary.index_entries += 1;
            }
            Item::Feed(record) => {
                if checked.feed.get(summary.feed_messages as usize) != Some(&feed_hash(&record)) {
                    return Err(changed());
                }
                if !feed_made {
                    feed::project::ensure_feed_stream(url, auth, target.replicas).await.map_err(|e| anyhow::anyhow!("cannot make the feed stream: {e}"))?;
                    feed_made = true;
                }
                let expected = feed_last.get(&record.subject).copied().unwrap_or(0);
                let message = CopiedMessage {
                    subject: record.subject,
                    msg_id: record.msg_id,
                    sequence: record.sequence,
                    headers: record.headers,
                    payload: Bytes::from(record.payload),
                };
                let put = retry(|| copier.put(&message, expected))
                    .await
                    .with_context(|| format!("putting back the feed message {} of {}", message.msg_id, message.subject))?;
                feed_last.insert(message.subject, put);
                summary.feed_messages += 1;
            }
        }
    }
    Ok(summary)
}

/// Run `op` again while the log is unavailable (every 500 ms, for up to [`UNAVAILABLE_RETRY`]).
async fn retry<T, F, Fut>(op: F) -> anyhow::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, LogError>>,
{
    use infra::retry::Retryable;
    op.retry(infra::retry::steady(Duration::from_millis(500), UNAVAILABLE_RETRY))
        .when(|e| matches!(e, LogError::Unavailable(_)))
        .notify(|e, _| tracing::warn!(%e, "the match log is unavailable; retrying"))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
}
