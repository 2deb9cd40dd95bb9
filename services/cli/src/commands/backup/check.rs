//! The first pass of a restore: a whole backup file read and checked before anything is
//! written (format.rs), for every format. Per match, in file order: version 1 is the
//! `MatchCreated`, each commit says it is the next version of that match, each commit's
//! `prev_hash` is the SHA-256 of the previous commit's stored bytes, the signatures verify
//! under the orchestrator key commit 1 names (checked as runs, the last signature of each run
//! binding the others), and its msg id is the orchestrator's for those bytes. For a log with
//! periods also: every stream, commit and record in its place, every archive opened as the
//! orchestrator opens one when it reads it (`orchestrator::archive::open`: its signed manifest,
//! every commit's chain and signature, under the orchestrator key its first commit names), each
//! index entry that of an archived match of the file. It keeps 32 bytes per commit, archive,
//! entry and feed message (its SHA-256), not the payloads, plus about 8 MiB of commits whose
//! signature is not checked yet; the second pass (restore.rs) checks each record it writes
//! against them, so a file changed between the passes stops the restore.

use std::collections::BTreeMap;
use std::io::Read;

use anyhow::{bail, Context};
use api::log_v1::commit_input::Input;
use api::log_v1::Commit;
use eventlog::Layout;
use fairness::chain::{commit_hash, Link, OrchestratorKey, LOG_FORMAT_SIGNED};
use prost::Message;

use super::format::{match_of, partition_of, Item, Reader, Record};

/// The first pass checks the signatures of the commits it holds once they reach this many bytes
/// (and at the end of the file): what bounds its memory besides the 32 bytes per commit.
const PENDING_BYTES: usize = 8 << 20;

/// A commit of match `match_id` that the restore refuses, and why.
pub(super) fn bad_commit(match_id: &str, version: u64, reason: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("match {match_id}, version {version}: {reason} (the backup is damaged: restore another copy of it)")
}

/// What the first pass learned of one match of the file.
pub(super) struct MatchInFile {
    /// SHA-256 of each commit's stored bytes, in version order.
    pub(super) hashes: Vec<[u8; 32]>,
    /// The log format of commit 1 (0 or 1: unsigned, 2: signed), which every commit must have.
    format: u32,
    pub(super) orchestrator_public_key: Vec<u8>,
    pub(super) randomness_public_key: Vec<u8>,
    /// The key commit 1 names (signed logs only).
    key: Option<OrchestratorKey>,
    /// Hash of the last commit whose run has been checked (`None` before commit 1).
    checked_hash: Option<[u8; 32]>,
    /// Commits read but not yet checked (stored bytes, prev_hash), from version `pending_from`.
    pending: Vec<(Vec<u8>, Vec<u8>)>,
    pending_from: u64,
}

impl MatchInFile {
    pub(super) fn version(&self) -> u64 {
        self.hashes.len() as u64
    }

    /// Check the pending run: every hash link, and the signature of its last commit, which
    /// binds the others (`OrchestratorKey::check_run`); on a failure, the first bad commit.
    fn check_pending(&mut self, match_id: &str) -> anyhow::Result<usize> {
        let Some(key) = &self.key else {
            self.pending.clear();
            return Ok(0);
        };
        let links: Vec<Link<'_>> = self.pending.iter().map(|(stored, prev_hash)| Link { stored, log_format: LOG_FORMAT_SIGNED, prev_hash }).collect();
        let hash = key
            .check_run(&links, self.checked_hash.as_ref())
            .map_err(|e| bad_commit(match_id, self.pending_from + e.index as u64, format_args!("the commit: {}", e.error)))?;
        self.checked_hash = hash;
        let freed = self.pending.iter().map(|(s, p)| s.len() + p.len()).sum();
        self.pending.clear();
        self.pending_from = self.version() + 1;
        Ok(freed)
    }
}

/// The msg id the orchestrator gives version `version` of `match_id` (`<match>/<version>/<first 8
/// bytes of the commit's hash in hex>`); an empty one (restored as `<match>/<version>`) and the
/// older `<match>/<version>` are accepted too.
pub(super) fn check_msg_id(match_id: &str, version: u64, msg_id: &str, hash: &[u8; 32]) -> Result<(), String> {
    let base = format!("{match_id}/{version}");
    let full = format!("{base}/{}", hex::encode(&hash[..8]));
    if msg_id.is_empty() || msg_id == base || msg_id == full {
        return Ok(());
    }
    Err(format!("its msg id {msg_id:?} is not this commit's ({full:?})"))
}

/// The first pass: every record of a backup, checked match by match.
#[derive(Default)]
pub(crate) struct FileCheck {
    matches: BTreeMap<String, MatchInFile>,
    commits: u64,
    /// The stream (`None`: the legacy stream) and stream sequence of the last record: a
    /// backup holds each stream in stream order, one after the other.
    last_sequence: (Option<String>, u64),
    pending_bytes: usize,
}

impl FileCheck {
    /// Check one record, in file order.
    pub(crate) fn push(&mut self, record: &Record) -> anyhow::Result<()> {
        let Some(match_id) = match_of(&record.subject) else {
            bail!(
                "record {} of the backup is on {:?}, which is not a match subject: the file is damaged or not an Arbiter backup",
                self.commits + 1,
                record.subject
            );
        };
        let partition = partition_of(&record.subject).map(|p| format!("p{p}"));
        self.push_in(match_id, partition, record)
    }

    /// Check one record of match `match_id` in stream `stream` (`None`: the legacy stream), in
    /// file order.
    pub(super) fn push_in(&mut self, match_id: &str, stream: Option<String>, record: &Record) -> anyhow::Result<()> {
        if stream == self.last_sequence.0 && record.sequence <= self.last_sequence.1 {
            bail!(
                "record {} of the backup (match {match_id}) has stream sequence {} after {}: a backup is in stream order, so the file is damaged",
                self.commits + 1,
                record.sequence,
                self.last_sequence.1
            );
        }
        self.last_sequence = (stream, record.sequence);
        self.commits += 1;
        let version = self.matches.get(match_id).map_or(0, MatchInFile::version) + 1;
        let commit = match Commit::decode(record.payload.as_slice()) {
            Ok(commit) => commit,
            Err(e) => return Err(self.fail(match_id, version, format!("the commit does not decode: {e}"))),
        };
        if commit.match_id != match_id || commit.version != version {
            let reason = format!("the commit says it is version {} of match {:?}", commit.version, commit.match_id);
            return Err(self.fail(match_id, version, reason));
        }
        let hash = commit_hash(&record.payload);
        if version == 1 {
            let Some(Input::Created(created)) = commit.input.as_ref().and_then(|i| i.input.as_ref()) else {
                return Err(self.fail(match_id, 1, "the first commit of a match must create it (MatchCreated)"));
            };
            let key = match commit.log_format {
                0 | 1 => None,
                LOG_FORMAT_SIGNED => match OrchestratorKey::parse(&created.orchestrator_public_key) {
                    Ok(key) => Some(key),
                    Err(e) => return Err(bad_commit(match_id, 1, e)),
                },
                other => return Err(bad_commit(match_id, 1, format_args!("unknown log format {other}"))),
            };
            self.matches.insert(
                match_id.to_string(),
                MatchInFile {
                    hashes: Vec::new(),
                    format: commit.log_format,
                    orchestrator_public_key: created.orchestrator_public_key.clone(),
                    randomness_public_key: created.randomness_public_key.clone(),
                    key,
                    checked_hash: None,
                    pending: Vec::new(),
                    pending_from: 1,
                },
            );
        }
        let Some(state) = self.matches.get_mut(match_id) else {
            bail!("internal: match {match_id} is missing from the check");
        };
        if commit.log_format != state.format {
            let reason = format!("its log format is {}, but commit 1 of this match has format {}", commit.log_format, state.format);
            return Err(self.fail(match_id, version, reason));
        }
        state.hashes.push(hash);
        if state.key.is_some() {
            self.pending_bytes += record.payload.len() + commit.prev_hash.len();
            state.pending.push((record.payload.clone(), commit.prev_hash));
        }
        // After the commit joined its run, so that a damaged commit is reported by what the
        // chain says of it (the msg id holds its hash, so it too no longer matches).
        if let Err(reason) = check_msg_id(match_id, version, &record.msg_id, &hash) {
            return Err(self.fail(match_id, version, reason));
        }
        if self.pending_bytes >= PENDING_BYTES {
            self.check_all_pending()?;
        }
        Ok(())
    }

    fn check_all_pending(&mut self) -> anyhow::Result<()> {
        for (id, state) in &mut self.matches {
            let freed = state.check_pending(id)?;
            self.pending_bytes = self.pending_bytes.saturating_sub(freed);
        }
        Ok(())
    }

    /// A failure at `version` of `match_id`, unless a commit before it, not checked yet, is
    /// already bad: then that one, so the error always names the first bad commit.
    fn fail(&mut self, match_id: &str, version: u64, reason: impl std::fmt::Display) -> anyhow::Error {
        if let Some(state) = self.matches.get_mut(match_id) {
            if let Err(earlier) = state.check_pending(match_id) {
                return earlier;
            }
        }
        bad_commit(match_id, version, reason)
    }

    /// After the end record: check what is still pending.
    pub(crate) fn finish(mut self) -> anyhow::Result<VerifiedFile> {
        self.check_all_pending()?;
        Ok(VerifiedFile { matches: self.matches, commits: self.commits })
    }
}

/// A backup whose every record and chain checked.
pub(crate) struct VerifiedFile {
    pub(super) matches: BTreeMap<String, MatchInFile>,
    pub(super) commits: u64,
}

/// Read a whole backup and check it (the first pass).
pub(crate) fn verify_file(input: impl Read) -> anyhow::Result<VerifiedFile> {
    let mut reader = Reader::new(input)?;
    let mut check = FileCheck::default();
    while let Some(record) = reader.next_record()? {
        check.push(&record)?;
    }
    check.finish()
}

/// An archive, checked.
pub(super) struct ArchiveInFile {
    /// SHA-256 of the blob.
    pub(super) hash: [u8; 32],
    pub(super) orchestrator_public_key: Vec<u8>,
    pub(super) randomness_public_key: Vec<u8>,
}

/// SHA-256 of `bytes` (what the commits' chain uses too).
pub(super) fn sha256(bytes: &[u8]) -> [u8; 32] {
    commit_hash(bytes)
}

/// Check an archive blob of `match_id` as the orchestrator does when it reads it, under the key
/// its first commit names; the keys that commit names.
pub(super) fn check_archive(match_id: &str, blob: &[u8]) -> anyhow::Result<ArchiveInFile> {
    eventlog::validate_match_id(match_id).map_err(|e| anyhow::anyhow!("an archive named {match_id:?}: {e}"))?;
    let created = orchestrator::archive::first_commit_unchecked(blob)
        .and_then(|c| c.input.and_then(|i| i.input))
        .and_then(|i| match i {
            api::log_v1::commit_input::Input::Created(created) => Some(created),
            _ => None,
        })
        .with_context(|| format!("the archive of match {match_id} does not start with the match's creation"))?;
    let key = OrchestratorKey::parse(&created.orchestrator_public_key).map_err(|e| anyhow::anyhow!("the archive of match {match_id}: {e}"))?;
    orchestrator::archive::open(match_id, blob, &key).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(ArchiveInFile { hash: sha256(blob), orchestrator_public_key: created.orchestrator_public_key, randomness_public_key: created.randomness_public_key })
}

/// A backup of a log with periods (format 2 or 3) whose every record checked.
pub(super) struct PeriodFile {
    pub(super) layout: Layout,
    /// The period streams, in file order.
    pub(super) streams: Vec<String>,
    pub(super) commits: VerifiedFile,
    pub(super) archives: BTreeMap<String, ArchiveInFile>,
    /// SHA-256 of each index entry's value, by key.
    pub(super) index: BTreeMap<String, [u8; 32]>,
    /// SHA-256 of each feed message (subject and payload), in file order (format 3).
    pub(super) feed: Vec<[u8; 32]>,
}

/// The first pass of a backup of a log with periods: read the whole file and check every
/// record.
pub(super) fn check_period_file(input: impl Read) -> anyhow::Result<PeriodFile> {
    let mut reader = Reader::new(input)?;
    if reader.format() < 2 {
        bail!("not a backup of a match log with periods (format 2 or 3)");
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
    let mut feed = Vec::new();
    // The file holds streams, then archives, then index entries, then the feed.
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
                if part > 2 {
                    bail!("the index entry {key:?} is out of place: the file is damaged");
                }
                part = 2;
                let entry: orchestrator::index::Entry = serde_json::from_slice(&value).with_context(|| format!("the index entry of {key} does not parse"))?;
                if entry.match_id != key || !archives.contains_key(&key) || index.contains_key(&key) {
                    bail!("the index entry {key:?} is not the single entry of an archived match of the file: the file is damaged");
                }
                index.insert(key, sha256(&value));
            }
            Item::Feed(record) => {
                part = 3;
                if !record.subject.starts_with("feed.") {
                    bail!("a feed message on {:?}, which is not a feed subject: the file is damaged", record.subject);
                }
                feed.push(feed_hash(&record));
            }
        }
    }
    Ok(PeriodFile { layout, streams, commits: check.finish()?, archives, index, feed })
}

/// What the first pass keeps of a feed message: SHA-256 of its subject, msg id, headers and
/// payload.
pub(super) fn feed_hash(record: &super::format::FeedRecord) -> [u8; 32] {
    let mut bytes = Vec::with_capacity(record.payload.len() + 128);
    for part in [record.subject.as_bytes(), record.msg_id.as_bytes()] {
        bytes.extend_from_slice(&(part.len() as u64).to_be_bytes());
        bytes.extend_from_slice(part);
    }
    for (name, value) in &record.headers {
        for part in [name.as_bytes(), value.as_bytes()] {
            bytes.extend_from_slice(&(part.len() as u64).to_be_bytes());
            bytes.extend_from_slice(part);
        }
    }
    bytes.extend_from_slice(&record.payload);
    sha256(&bytes)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::commands::backup::format::{write_end, write_record, MAGIC};
    use crate::commands::backup::format::{write_end_periods, write_item, Counts, MAGIC_PERIODS};
    use api::log_v1::{CommitInput, MatchCreated};
    use fairness::Signer;

    /// `n` signed commits of `match_id` as the orchestrator writes them (commit 1 creates the
    /// match under `signer`'s key), as backup records from stream sequence `first_sequence`.
    pub(in crate::commands) fn signed_log(signer: &Signer, match_id: &str, n: u64) -> Vec<Record> {
        let mut prev: Option<[u8; 32]> = None;
        (1..=n)
            .map(|version| {
                let input = (version == 1).then(|| CommitInput {
                    input: Some(Input::Created(MatchCreated {
                        orchestrator_public_key: signer.public_key().to_vec(),
                        randomness_public_key: vec![3; 32],
                        ..Default::default()
                    })),
                });
                let body = Commit {
                    match_id: match_id.into(),
                    version,
                    input,
                    log_format: LOG_FORMAT_SIGNED,
                    prev_hash: prev.map(|h| h.to_vec()).unwrap_or_default(),
                    ..Default::default()
                }
                .encode_to_vec();
                let stored = fairness::chain::seal(signer, &body);
                let hash = commit_hash(&stored);
                prev = Some(hash);
                Record {
                    subject: format!("match.{match_id}.events"),
                    msg_id: format!("{match_id}/{version}/{}", hex::encode(&hash[..8])),
                    sequence: 0,
                    payload: stored,
                }
            })
            .collect()
    }

    /// Two matches' commits interleaved, numbered in stream order.
    fn two_matches() -> Vec<Record> {
        let signer = Signer::from_seed(&[1; 32]);
        let a = signed_log(&signer, "a", 6);
        let b = signed_log(&signer, "b", 4);
        let mut records: Vec<Record> = Vec::new();
        let (mut a, mut b) = (a.into_iter(), b.into_iter());
        loop {
            match (a.next(), b.next()) {
                (None, None) => break,
                (x, y) => records.extend(x.into_iter().chain(y)),
            }
        }
        for (i, r) in records.iter_mut().enumerate() {
            r.sequence = i as u64 + 1;
        }
        records
    }

    fn file(records: &[Record]) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for r in records {
            write_record(&mut bytes, r).expect("write");
        }
        write_end(&mut bytes, records.len() as u64).expect("write");
        bytes
    }

    fn refusal(records: &[Record]) -> String {
        match verify_file(&file(records)[..]) {
            Ok(_) => panic!("a damaged backup was accepted"),
            Err(e) => format!("{e:#}"),
        }
    }

    #[test]
    fn a_whole_backup_verifies_with_a_match_taken_mid_game() {
        let records = two_matches();
        let verified = verify_file(&file(&records)[..]).expect("verifies");
        assert_eq!(verified.commits, 10);
        assert_eq!(verified.matches.len(), 2);
        let a = verified.matches.get("a").expect("match a");
        assert_eq!(a.hashes.len(), 6);
        assert_eq!(a.hashes.last(), Some(&commit_hash(&records[11 - 2].payload)));
        assert_eq!(a.orchestrator_public_key, Signer::from_seed(&[1; 32]).public_key().to_vec());
    }

    #[test]
    fn a_backup_cut_short_is_refused_before_anything_is_written() {
        let bytes = file(&two_matches());
        for cut in [bytes.len() * 2 / 3, bytes.len() - 1] {
            let e = format!("{:#}", verify_file(&bytes[..cut]).err().expect("refused"));
            assert!(e.contains("incomplete or damaged"), "{e}");
        }
    }

    #[test]
    fn a_flipped_bit_names_the_first_bad_commit() {
        // Order: a1 b1 a2 b2 a3 b3 a4 b4 a5 a6; index 4 is a3.
        let mut records = two_matches();
        let last = records[4].payload.len() - 1;
        records[4].payload[last] ^= 1; // in the signature: the commit still decodes
        let e = refusal(&records);
        assert!(e.contains("match a, version 3") && e.contains("signature does not verify"), "{e}");

        let mut records = two_matches();
        records[4].payload[6] ^= 0x40; // in the body
        let e = refusal(&records);
        assert!(e.contains("match a, version 3"), "{e}");
    }

    #[test]
    fn a_broken_chain_is_refused_naming_the_match_and_version() {
        // A commit left out: the next one says it is another version.
        let mut records = two_matches();
        records.remove(3); // b2
        assert!(refusal(&records).contains("match b, version 2: the commit says it is version 3"), "{}", refusal(&records));

        // A match whose log does not start with its creation.
        let mut records = two_matches();
        records.remove(1); // b1
        assert!(refusal(&records).contains("match b, version 1"), "{}", refusal(&records));

        // A commit signed by another key than commit 1 names.
        let mut records = two_matches();
        let forged = signed_log(&Signer::from_seed(&[2; 32]), "a", 6);
        records[6].payload = forged[3].payload.clone(); // a4
        records[6].msg_id = forged[3].msg_id.clone();
        let e = refusal(&records);
        assert!(e.contains("match a, version 4"), "{e}");

        // A msg id that is not the commit's (it is what dedups a retried append).
        let mut records = two_matches();
        records[2].msg_id = "a/7/0000000000000000".into();
        assert!(refusal(&records).contains("match a, version 2: its msg id"), "{}", refusal(&records));

        // Records out of stream order.
        let mut records = two_matches();
        records[5].sequence = 2;
        assert!(refusal(&records).contains("stream sequence"), "{}", refusal(&records));
    }

    // ---- a backup of a log with periods ----

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

    fn period_file(items: &[Item]) -> Vec<u8> {
        let mut bytes = MAGIC_PERIODS.to_vec();
        let mut counts = Counts::default();
        for item in items {
            match item {
                Item::Commit(_) => counts.commits += 1,
                Item::Stream(_) => counts.streams += 1,
                Item::Archive { .. } => counts.archives += 1,
                Item::IndexEntry { .. } => counts.index_entries += 1,
                Item::Feed(_) => counts.feed_messages += 1,
                Item::Layout(_) => {}
            }
            write_item(&mut bytes, item).unwrap();
        }
        write_end_periods(&mut bytes, &counts).unwrap();
        bytes
    }

    fn period_refusal(items: &[Item]) -> String {
        match check_period_file(&period_file(items)[..]) {
            Ok(_) => panic!("a damaged backup was accepted"),
            Err(e) => format!("{e:#}"),
        }
    }

    #[test]
    fn a_period_backup_checks_with_its_streams_archives_and_index_entries() {
        let (items, a, b) = sample();
        let checked = check_period_file(&period_file(&items)[..]).expect("checks");
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
        let e = period_refusal(&items);
        assert!(e.contains(&format!("the archive of match {b} is refused")), "{e}");

        // A commit on a subject of another period than its stream's.
        let (mut items, a, _) = sample();
        if let Some(Item::Commit(r)) = items.get_mut(3) {
            r.subject = format!("match.t1.{a}.events");
        }
        assert!(period_refusal(&items).contains("not a subject of that stream"), "{}", period_refusal(&items));

        // An index entry of a match the file has no archive of.
        let (mut items, a, _) = sample();
        if let Some(Item::IndexEntry { key, .. }) = items.get_mut(6) {
            *key = a;
        }
        assert!(period_refusal(&items).contains("index entry"), "{}", period_refusal(&items));

        // A stream that is not a period stream of the layout.
        let (mut items, _, _) = sample();
        items[1] = Item::Stream("MATCHES".into());
        assert!(period_refusal(&items).contains("not a new period stream"), "{}", period_refusal(&items));
    }
}
