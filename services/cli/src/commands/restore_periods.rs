//! `arbiter restore` of a backup of a match log with periods (format 2, backup_format.rs,
//! written by backup_periods.rs) into an empty store.
//!
//! Nothing is written before everything is checked: a first pass reads the whole file (its
//! layout, every stream and commit, every archive and index entry, the end record's counts),
//! checks each match's chain as the format 1 restore does, and opens every archive as the
//! orchestrator does (`orchestrator::archive::open`: its signed manifest, every commit's chain
//! and signature, under the orchestrator key its first commit names); then the keys file
//! against every match, streamed or archived; then the store, which must hold nothing of a
//! match log but, at most, the same layout record. A second pass writes: the layout record (and
//! the buckets, as the orchestrator makes them), each period stream the backup holds (made by
//! `eventlog` as the orchestrator makes it), each commit into its own stream byte for byte with
//! its msg id (conditional on its match's last commit, without the live checks on the match's
//! age: `JetStreamLog::append_restored`), each archive into the bucket, and each index entry.
//! Every record it writes is checked against the hash the first pass kept of it.
//!
//! A whole stream restored into a new stream gets its original stream sequences back (a match
//! stream has no gaps: nothing is ever deleted from it), so the archives' manifests, which name
//! them, still match the hot log they were sealed from.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek};

use anyhow::{bail, Context};
use async_nats::jetstream;
use eventlog::{Archive, EventLog, JetStreamArchive, JetStreamLog, Layout};
use fairness::chain::commit_hash;
use futures::StreamExt;
use prost::bytes::Bytes;

use super::archive_check::{check_archive, sha256, ArchiveInFile};
use super::backup_format::{Item, Reader};
use super::restore::{check_msg_id, retry, FileCheck, RestoreCmd, RestoreSummary, VerifiedFile};

/// A format 2 backup whose every record checked.
struct PeriodFile {
    layout: Layout,
    /// The period streams, in file order.
    streams: Vec<String>,
    commits: VerifiedFile,
    archives: BTreeMap<String, ArchiveInFile>,
    /// SHA-256 of each index entry's value, by key.
    index: BTreeMap<String, [u8; 32]>,
}

/// The first pass: read the whole file and check every record.
fn check_file(input: impl Read) -> anyhow::Result<PeriodFile> {
    let mut reader = Reader::new(input)?;
    if reader.format() != 2 {
        bail!("not a backup of a match log with periods (format 2)");
    }
    let Some(Item::Layout(record)) = reader.next_item()? else {
        bail!("a backup of a log with periods starts with its layout record");
    };
    let layout = Layout::from_record(&record).map_err(|e| anyhow::anyhow!("{e}"))?;
    if layout.periods().is_none() {
        bail!("its layout record has no periods: the file is damaged");
    }
    let mut check = FileCheck::default();
    let mut streams: Vec<String> = Vec::new();
    let mut archives = BTreeMap::new();
    let mut index = BTreeMap::new();
    // The file holds streams, then archives, then index entries.
    let mut part = 0;
    while let Some(item) = reader.next_item()? {
        match item {
            Item::Layout(_) => bail!("a second layout record: the file is damaged"),
            Item::Stream(name) => {
                if part > 0 || !matches!(layout.parse_stream(&name), Some((Some(_), _))) || streams.contains(&name) {
                    bail!("stream record {name:?} is not a new period stream of this layout, in its place: the file is damaged");
                }
                streams.push(name);
            }
            Item::Commit(record) => {
                let stream = streams.last().filter(|_| part == 0);
                let placed = layout.match_of(&record.subject).and_then(|id| layout.place(id).ok().map(|p| (id, p)));
                let Some((match_id, (home, _))) = placed.filter(|(_, (home, subject))| Some(home) == stream && *subject == record.subject) else {
                    bail!("a commit on {:?} in stream {stream:?}: not a subject of that stream of this layout, so the file is damaged", record.subject);
                };
                check.push_in(match_id, Some(home), &record)?;
            }
            Item::Archive { match_id, blob } => {
                if part > 1 || archives.contains_key(&match_id) {
                    bail!("the archive of {match_id} is out of place or twice in the file: the file is damaged");
                }
                part = 1;
                let checked = check_archive(&match_id, &blob)?;
                archives.insert(match_id, checked);
            }
            Item::IndexEntry { key, value } => {
                part = 2;
                let entry: orchestrator::index::Entry = serde_json::from_slice(&value).with_context(|| format!("the index entry of {key} does not parse"))?;
                if entry.match_id != key || !archives.contains_key(&key) || index.contains_key(&key) {
                    bail!("the index entry {key:?} is not the single entry of an archived match of the file: the file is damaged");
                }
                index.insert(key, sha256(&value));
            }
        }
    }
    Ok(PeriodFile { layout, streams, commits: check.finish()?, archives, index })
}

/// Refuse a store that holds anything of a match log but the file's own layout record.
async fn check_empty(js: &jetstream::Context, url: &str, file: &PeriodFile, partitions: Option<usize>) -> anyhow::Result<()> {
    let layout = file.layout;
    if let Some(n) = partitions.filter(|n| *n != layout.partitions()) {
        bail!("--partitions {n}, but the backup is of a log of {} partition(s) per period", layout.partitions());
    }
    match eventlog::recorded_layout(js).await.map_err(|e| anyhow::anyhow!("cannot read the layout at {url}: {e}"))? {
        Some(recorded) if recorded != layout => {
            bail!("the match log at {url} is laid out as {}, the backup's log as {}: restore into an empty store", recorded.options(), layout.options())
        }
        _ => {}
    }
    let mut names = js.stream_names();
    let mut found = Vec::new();
    while let Some(name) = names.next().await {
        let name = name.map_err(|e| anyhow::anyhow!("cannot list the streams at {url}: {e}"))?;
        let log_stream = name == eventlog::STREAM || (name.starts_with(&format!("{}_", eventlog::STREAM)) && name != eventlog::LAYOUT_STREAM);
        let holds = if name == format!("OBJ_{}", eventlog::ARCHIVE_BUCKET) {
            let mut stream = js.get_stream(&name).await.map_err(|e| anyhow::anyhow!("stream {name}: {e}"))?;
            stream.info().await.map_err(|e| anyhow::anyhow!("stream {name}: {e}"))?.state.messages > 0
        } else {
            log_stream
        };
        if holds {
            found.push(name);
        }
    }
    if !found.is_empty() {
        bail!("the store at {url} is not empty: it holds {} (restore a backup of a log with periods into an empty store)", found.join(", "));
    }
    if !file.index.is_empty() {
        if let Ok(index) = js.get_key_value(eventlog::INDEX_BUCKET).await {
            for key in file.index.keys() {
                if index.entry(key.as_str()).await.map_err(|e| anyhow::anyhow!("index entry {key}: {e}"))?.is_some() {
                    bail!("the match index at {url} already holds match {key}: restore into an empty store");
                }
            }
        }
    }
    Ok(())
}

pub(super) async fn restore(cmd: &RestoreCmd) -> anyhow::Result<RestoreSummary> {
    let shown = cmd.file.display();
    let mut file = std::fs::File::open(&cmd.file).with_context(|| format!("cannot open {shown}"))?;
    let nothing = || format!("{shown} cannot be restored; nothing was written");

    // 1. The whole file, before anything else.
    let checked = check_file(std::io::BufReader::new(&file)).with_context(nothing)?;

    // 2. The keys, checked against every match, in a stream or archived.
    let named = checked
        .commits
        .matches
        .iter()
        .map(|(id, m)| (id.as_str(), m.orchestrator_public_key.as_slice(), m.randomness_public_key.as_slice()))
        .chain(checked.archives.iter().map(|(id, a)| (id.as_str(), a.orchestrator_public_key.as_slice(), a.randomness_public_key.as_slice())));
    let key_actions = cmd.key_actions(named)?;

    // 3. The store: empty, or only the same layout record.
    let (url, client) = cmd.nats.connect().await?;
    check_empty(&jetstream::new(client), &url, &checked, cmd.partitions).await.with_context(nothing)?;

    // 4. Write: the key files, the layout and buckets, the streams, then every record.
    let all: BTreeSet<&String> = checked.commits.matches.keys().chain(checked.archives.keys()).collect();
    eprintln!(
        "restore: {shown} checked ({} commits of {} period streams, {} archives, {} index entries); writing",
        checked.commits.commits,
        checked.streams.len(),
        checked.archives.len(),
        checked.index.len()
    );
    let mut summary = RestoreSummary { matches: all.len(), ..Default::default() };
    for action in &key_actions {
        if action.apply()? {
            summary.keys_written.push(action.path.clone());
        } else {
            summary.keys_present.push(action.path.clone());
        }
    }
    let (url, auth) = cmd.nats.resolve()?;
    let log = JetStreamLog::connect_with_layout(&url, cmd.replicas, checked.layout, &auth)
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
    let mut progress = std::time::Instant::now();
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
                if progress.elapsed() >= std::time::Duration::from_secs(1) {
                    progress = std::time::Instant::now();
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
                        archive.insert(JetStreamArchive::open(&log, cmd.replicas).await.map_err(|e| anyhow::anyhow!("cannot make the archive bucket: {e}"))?)
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
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::backup_format::{write_end_periods, write_item, Counts, MAGIC_PERIODS};
    use crate::commands::restore::tests::signed_log;
    use fairness::Signer;

    const T0_MS: u64 = 1_700_000_000_000;

    fn layout() -> Layout {
        Layout::with_periods(1, Some(eventlog::Periods { length_s: 5, max_match_age_s: 15 })).unwrap()
    }

    /// A hot match `a` (its stream and commits), an archived match `b` of an older period (its
    /// archive and index entry), as records of a file.
    fn sample() -> (Vec<Item>, String, String) {
        let signer = Signer::from_seed(&[1; 32]);
        let layout = layout();
        let a = eventlog::layout::new_period_id(T0_MS + 10_000, [1; 16]);
        let b = eventlog::layout::new_period_id(T0_MS, [2; 16]);
        let (stream, subject) = layout.place(&a).unwrap();
        let mut items = vec![Item::Layout(layout.record().into_bytes()), Item::Stream(stream)];
        for (i, mut r) in signed_log(&signer, &a, 3).into_iter().enumerate() {
            r.subject = subject.clone();
            r.sequence = i as u64 + 1;
            items.push(Item::Commit(r));
        }
        let commits: Vec<eventlog::StoredCommit> = signed_log(&signer, &b, 4)
            .into_iter()
            .enumerate()
            .map(|(i, r)| eventlog::StoredCommit { version: i as u64 + 1, sequence: i as u64 + 1, payload: r.payload.into() })
            .collect();
        let blob = orchestrator::archive::seal(&b, &commits, 1, &signer).unwrap();
        items.push(Item::Archive { match_id: b.clone(), blob: blob.to_vec() });
        let entry = orchestrator::index::Entry {
            match_id: b.clone(),
            ruleset: "mainframe".into(),
            tournament_id: String::new(),
            round: 0,
            table: 0,
            labels: Default::default(),
            seat_names: Vec::new(),
            status: 3,
            result: String::new(),
            timed: false,
            version: 4,
            sequence: 4,
            ended_at_ms: 1,
            archived_at_ms: 2,
        };
        items.push(Item::IndexEntry { key: b.clone(), value: serde_json::to_vec(&entry).unwrap() });
        (items, a, b)
    }

    fn file(items: &[Item]) -> Vec<u8> {
        let mut bytes = MAGIC_PERIODS.to_vec();
        let mut counts = Counts::default();
        for item in items {
            match item {
                Item::Commit(_) => counts.commits += 1,
                Item::Stream(_) => counts.streams += 1,
                Item::Archive { .. } => counts.archives += 1,
                Item::IndexEntry { .. } => counts.index_entries += 1,
                Item::Layout(_) => {}
            }
            write_item(&mut bytes, item).unwrap();
        }
        write_end_periods(&mut bytes, &counts).unwrap();
        bytes
    }

    fn refusal(items: &[Item]) -> String {
        match check_file(&file(items)[..]) {
            Ok(_) => panic!("a damaged backup was accepted"),
            Err(e) => format!("{e:#}"),
        }
    }

    #[test]
    fn a_period_backup_checks_with_its_streams_archives_and_index_entries() {
        let (items, a, b) = sample();
        let checked = check_file(&file(&items)[..]).expect("checks");
        assert_eq!(checked.layout, layout());
        assert_eq!(checked.streams.len(), 1);
        assert_eq!(checked.commits.matches.get(&a).map(|m| m.hashes.len()), Some(3));
        assert!(checked.archives.contains_key(&b) && checked.index.contains_key(&b));
        assert_eq!(checked.archives[&b].orchestrator_public_key, Signer::from_seed(&[1; 32]).public_key().to_vec());
    }

    #[test]
    fn a_damaged_archive_or_a_misplaced_record_is_refused() {
        // A flipped bit in an archive's commits: refused as the orchestrator would refuse it.
        let (mut items, _, b) = sample();
        if let Some(Item::Archive { blob, .. }) = items.get_mut(5) {
            let last = blob.len() - 3;
            blob[last] ^= 1;
        }
        let e = refusal(&items);
        assert!(e.contains(&format!("the archive of match {b} is refused")), "{e}");

        // A commit on a subject of another period than its stream's.
        let (mut items, a, _) = sample();
        if let Some(Item::Commit(r)) = items.get_mut(3) {
            r.subject = format!("match.t1.{a}.events");
        }
        assert!(refusal(&items).contains("not a subject of that stream"), "{}", refusal(&items));

        // An index entry of a match the file has no archive of.
        let (mut items, a, _) = sample();
        if let Some(Item::IndexEntry { key, .. }) = items.get_mut(6) {
            *key = a;
        }
        assert!(refusal(&items).contains("index entry"), "{}", refusal(&items));

        // A stream that is not a period stream of the layout.
        let (mut items, _, _) = sample();
        items[1] = Item::Stream("MATCHES".into());
        assert!(refusal(&items).contains("not a new period stream"), "{}", refusal(&items));
    }
}
