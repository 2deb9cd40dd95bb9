//! Where a match's commits live: the streams of the log and the subject of each match.
//!
//! A log has `N` partitions, fixed when it is created and recorded in the log itself (the
//! stream [`LAYOUT_STREAM`], one message on [`LAYOUT_SUBJECT`]), so every service reads the
//! same `N` and finds any match's stream by hashing its id: no lookup, no scan.
//!
//! - `N = 1` is the legacy layout, exactly as logs were before partitions: stream [`STREAM`]
//!   (`MATCHES`), subjects `match.<id>.events`, and no record (a log without a record is this
//!   layout, so every existing log keeps working untouched).
//! - `N > 1`: stream `MATCHES_P<k>` for partition `k` in `0..N`, subjects
//!   `match.p<k>.<id>.events`. Four tokens, so they never match the legacy `match.*.events`
//!   (JetStream refuses streams with overlapping subjects), and the partition is in the subject
//!   so a subject alone says which stream holds it.
//!
//! The partition of a match is the first 8 bytes of the SHA-256 of its id, big-endian, modulo
//! `N`: stable across builds, platforms and languages (never std's `DefaultHasher`, whose
//! output may change between Rust releases). Hashing rather than time periods spreads the
//! matches being played *now* over every stream (and so their leaders over a cluster's nodes);
//! periods would put every live match on the newest stream's one leader. Periods, for archiving
//! whole streams, are a second dimension a later record format can add
//! (`MATCHES_<yyyymm>_P<k>`), which is why the record carries a format number.

use sha2::{Digest, Sha256};

use crate::{LogError, INDEX_POSITION_KEY, STREAM, STREAM_SUBJECTS};

/// Most partitions a log may have: every partition stream has its own rows in each role's
/// permissions (`auth`), which NATS cannot express with a wildcard inside a stream name.
pub const MAX_PARTITIONS: usize = 8;
/// The stream holding the log's layout record (absent for a legacy single-stream log).
pub const LAYOUT_STREAM: &str = "MATCHES_LAYOUT";
/// The one subject of [`LAYOUT_STREAM`].
pub const LAYOUT_SUBJECT: &str = "matches.layout";
/// The format of the record written today: partitions by hash of the match id.
const RECORD_FORMAT: u32 = 1;

/// The streams of a match log and where each match lives in them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    partitions: usize,
}

impl Default for Layout {
    fn default() -> Self {
        Layout::LEGACY
    }
}

impl Layout {
    /// One stream, `MATCHES`: every log made before partitions, and the default.
    pub const LEGACY: Layout = Layout { partitions: 1 };

    /// A layout of `partitions` streams (1 is [`Layout::LEGACY`]).
    pub fn new(partitions: usize) -> Result<Layout, LogError> {
        if partitions == 0 || partitions > MAX_PARTITIONS {
            return Err(LogError::Other(format!(
                "--partitions {partitions}: a match log has 1 to {MAX_PARTITIONS} partitions"
            )));
        }
        Ok(Layout { partitions })
    }

    /// How many streams the log has.
    pub fn partitions(&self) -> usize {
        self.partitions
    }

    /// Whether this is the single legacy stream.
    pub fn is_legacy(&self) -> bool {
        self.partitions == 1
    }

    /// The partition holding `match_id`.
    pub fn partition_of(&self, match_id: &str) -> usize {
        if self.is_legacy() {
            return 0;
        }
        let digest = Sha256::digest(match_id.as_bytes());
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        (u64::from_be_bytes(first) % self.partitions as u64) as usize
    }

    /// The stream of partition `partition`.
    pub fn stream(&self, partition: usize) -> String {
        if self.is_legacy() {
            STREAM.to_string()
        } else {
            format!("{STREAM}_P{partition}")
        }
    }

    /// Every stream of the log, by partition.
    pub fn streams(&self) -> Vec<String> {
        (0..self.partitions).map(|p| self.stream(p)).collect()
    }

    /// The subjects of partition `partition`'s stream (one per match).
    pub fn filter(&self, partition: usize) -> String {
        if self.is_legacy() {
            STREAM_SUBJECTS.to_string()
        } else {
            format!("match.p{partition}.*.events")
        }
    }

    /// The subject of `match_id`'s commits (the id must be valid, `validate_match_id`).
    pub fn subject(&self, match_id: &str) -> String {
        if self.is_legacy() {
            crate::subject(match_id)
        } else {
            format!("match.p{}.{match_id}.events", self.partition_of(match_id))
        }
    }

    /// The match whose commits `subject` carries, in this layout.
    pub fn match_of<'a>(&self, subject: &'a str) -> Option<&'a str> {
        let rest = subject.strip_prefix("match.")?.strip_suffix(".events")?;
        if self.is_legacy() {
            return (!rest.contains('.')).then_some(rest);
        }
        let (partition, id) = rest.split_once('.')?;
        let k: usize = partition.strip_prefix('p')?.parse().ok()?;
        (k < self.partitions && !id.contains('.')).then_some(id)
    }

    /// The index key holding how far the match index is projected in partition `partition`
    /// (a stream sequence of its stream): [`INDEX_POSITION_KEY`] for the legacy stream, as
    /// before partitions. `=` never occurs in a match id.
    pub fn position_key(&self, partition: usize) -> String {
        if self.is_legacy() {
            INDEX_POSITION_KEY.to_string()
        } else {
            format!("{INDEX_POSITION_KEY}-p{partition}")
        }
    }

    /// The record of this layout, as stored on [`LAYOUT_SUBJECT`].
    pub fn record(&self) -> String {
        format!("format={RECORD_FORMAT}\npartitions={}\n", self.partitions)
    }

    /// The layout a record describes.
    pub fn from_record(record: &[u8]) -> Result<Layout, LogError> {
        let bad = |why: &str| {
            LogError::Other(format!(
                "the log's layout record ({LAYOUT_STREAM}) is {why}: {:?}; an operator must look at it",
                String::from_utf8_lossy(record)
            ))
        };
        let text = std::str::from_utf8(record).map_err(|_| bad("not text"))?;
        let mut format = None;
        let mut partitions = None;
        for line in text.lines().filter(|l| !l.is_empty()) {
            match line.split_once('=') {
                Some(("format", v)) => format = v.parse::<u32>().ok(),
                Some(("partitions", v)) => partitions = v.parse::<usize>().ok(),
                _ => {}
            }
        }
        if format != Some(RECORD_FORMAT) {
            return Err(bad("of a format this build does not know (a newer Arbiter wrote it?)"));
        }
        Layout::new(partitions.ok_or_else(|| bad("without a partition count"))?)
    }

    /// The refusal of a service started with `wanted` partitions on a log of this layout.
    pub fn mismatch(&self, wanted: usize) -> LogError {
        LogError::Other(format!(
            "the match log has {} partition(s) (fixed when it was created{}), but this service \
             was started with --partitions {wanted}: start it with --partitions {} (or \
             ARBITER_PARTITIONS={}). Changing the count needs a new log: see docs/architecture.md, \
             \"Partitions\"",
            self.partitions,
            if self.is_legacy() { ": a log without a layout record is the single stream MATCHES" } else { ", recorded in MATCHES_LAYOUT" },
            self.partitions,
            self.partitions,
        ))
    }
}

/// Every partition stream any log may have, with its subjects: what the roles' permissions
/// name (`auth`), since a permission cannot say "any stream named MATCHES_P<k>".
pub fn every_partition() -> Vec<(String, String)> {
    let widest = Layout { partitions: MAX_PARTITIONS };
    (0..MAX_PARTITIONS).map(|k| (widest.stream(k), widest.filter(k))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legacy_layout_is_the_single_matches_stream() {
        let l = Layout::LEGACY;
        assert_eq!((l.stream(0), l.streams()), ("MATCHES".to_string(), vec!["MATCHES".to_string()]));
        assert_eq!(l.subject("abc-1"), crate::subject("abc-1"));
        assert_eq!(l.filter(0), STREAM_SUBJECTS);
        assert_eq!(l.position_key(0), INDEX_POSITION_KEY);
        assert_eq!(l.match_of("match.abc-1.events"), Some("abc-1"));
        assert_eq!(l.match_of("match.p1.abc-1.events"), None);
    }

    #[test]
    fn partitions_are_a_stable_hash_of_the_id() {
        let l = Layout::new(4).expect("layout");
        // Pinned (computed independently from SHA-256) so that a change of hash is caught: it
        // would lose every match of every partitioned log.
        let spread: Vec<usize> = ["m-1", "m-2", "m-3", "m-4", "m-5", "m-6", "m-7", "m-8"].iter().map(|id| l.partition_of(id)).collect();
        assert_eq!(spread, PINNED_SPREAD);
        let mut seen = [false; 4];
        for i in 0..64 {
            seen[l.partition_of(&format!("match-{i}"))] = true;
        }
        assert_eq!(seen, [true; 4], "64 ids use every partition");
    }

    #[test]
    fn partition_subjects_name_their_stream_and_never_overlap_the_legacy_one() {
        let l = Layout::new(4).expect("layout");
        let k = l.partition_of("abc");
        assert_eq!(l.subject("abc"), format!("match.p{k}.abc.events"));
        assert_eq!(l.stream(k), format!("MATCHES_P{k}"));
        assert_eq!(l.filter(2), "match.p2.*.events");
        assert_eq!(l.match_of(&l.subject("abc")), Some("abc"));
        assert_eq!(l.match_of("match.abc.events"), None, "a legacy subject is not in a partition");
        assert_eq!(l.match_of("match.p9.abc.events"), None, "no such partition");
        assert_eq!(l.position_key(3), "=position-p3");
        assert_eq!(l.subject("abc").split('.').count(), 4, "never matched by match.*.events");
    }

    #[test]
    fn records_round_trip_and_bad_counts_are_refused() {
        for n in 1..=MAX_PARTITIONS {
            let l = Layout::new(n).expect("layout");
            assert_eq!(Layout::from_record(l.record().as_bytes()).expect("read back"), l);
        }
        assert!(Layout::new(0).is_err());
        assert!(Layout::new(MAX_PARTITIONS + 1).is_err());
        assert!(Layout::from_record(b"format=2\npartitions=4\n").is_err());
        assert!(Layout::from_record(b"partitions=4\n").is_err());
        let refusal = Layout::new(4).expect("layout").mismatch(1).to_string();
        assert!(refusal.contains("--partitions 4"), "{refusal}");
    }

    const PINNED_SPREAD: [usize; 8] = [0, 3, 0, 2, 3, 1, 2, 2];
}
