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
//! periods would put every live match on the newest stream's one leader.
//!
//! Periods (record format 2, `period.rs`) are the second dimension, for archiving whole
//! streams: a match's id is a UUIDv7 made by the orchestrator, so its creation time, and from
//! it its period `t = created_ms / period length`, are known from the id alone. Its stream is
//! `MATCHES_T<t>` (`MATCHES_T<t>_P<k>` with partitions), its subject `match.t<t>.<id>.events`
//! (`match.t<t>.p<k>.<id>.events`). Period streams are made when their first match is, and
//! listed by name (`Layout::parse_stream`) by whoever follows the whole log.

use sha2::{Digest, Sha256};

use crate::{LogError, INDEX_POSITION_KEY, STREAM, STREAM_SUBJECTS};

mod period;

pub use period::{id_created_ms, new_period_id, Periods, NEW_MATCH_GRACE_MS, RULING_GRACE_MS};

/// Most partitions a log may have: every partition stream has its own rows in each role's
/// permissions (`auth`), which NATS cannot express with a wildcard inside a stream name.
pub const MAX_PARTITIONS: usize = 8;
/// The stream holding the log's layout record (absent for a legacy single-stream log).
pub const LAYOUT_STREAM: &str = "MATCHES_LAYOUT";
/// The one subject of [`LAYOUT_STREAM`].
pub const LAYOUT_SUBJECT: &str = "matches.layout";
/// The format of a record without periods: partitions by hash of the match id.
const RECORD_FORMAT: u32 = 1;
/// The format of a record with periods (format 1's lines plus the period's).
const RECORD_FORMAT_PERIODS: u32 = 2;

/// The streams of a match log and where each match lives in them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    partitions: usize,
    periods: Option<Periods>,
}

impl Default for Layout {
    fn default() -> Self {
        Layout::LEGACY
    }
}

impl Layout {
    /// One stream, `MATCHES`: every log made before partitions, and the default.
    pub const LEGACY: Layout = Layout { partitions: 1, periods: None };

    /// A layout of `partitions` streams (1 is [`Layout::LEGACY`]).
    pub fn new(partitions: usize) -> Result<Layout, LogError> {
        if partitions == 0 || partitions > MAX_PARTITIONS {
            return Err(LogError::Other(format!("--partitions {partitions}: a match log has 1 to {MAX_PARTITIONS} partitions")));
        }
        Ok(Layout { partitions, periods: None })
    }

    /// A layout of `partitions` streams per period, or without periods (`None`).
    pub fn with_periods(partitions: usize, periods: Option<Periods>) -> Result<Layout, LogError> {
        if let Some(p) = &periods {
            p.check()?;
        }
        Ok(Layout { periods, ..Layout::new(partitions)? })
    }

    /// How many streams the log has (per period, for a log with periods).
    pub fn partitions(&self) -> usize {
        self.partitions
    }

    /// The periods of the log, if it has them.
    pub fn periods(&self) -> Option<Periods> {
        self.periods
    }

    /// Whether this is the single legacy stream.
    pub fn is_legacy(&self) -> bool {
        self.partitions == 1 && self.periods.is_none()
    }

    /// The partition holding `match_id`.
    pub fn partition_of(&self, match_id: &str) -> usize {
        if self.partitions == 1 {
            return 0;
        }
        let digest = Sha256::digest(match_id.as_bytes());
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        (u64::from_be_bytes(first) % self.partitions as u64) as usize
    }

    /// The period holding `match_id` in a log with periods: `None` without periods; an error
    /// for an id that is not one the orchestrator makes (a UUIDv7 in 32 hex digits).
    pub fn period_of(&self, match_id: &str) -> Result<Option<u64>, LogError> {
        let Some(periods) = self.periods else { return Ok(None) };
        let created = id_created_ms(match_id).ok_or_else(|| {
            LogError::InvalidMatchId(format!(
                "match {match_id:?} is not an id of this log: a log with periods holds only ids the \
                 orchestrator made (UUIDv7, 32 hex digits)"
            ))
        })?;
        Ok(Some(periods.period_at(created)))
    }

    /// The stream of partition `partition` of a log without periods (with periods: of period
    /// 0, see [`Self::period_stream`]).
    pub fn stream(&self, partition: usize) -> String {
        self.name(self.periods.map(|_| 0), partition)
    }

    /// The stream of `partition` in `period` (`None`: a log without periods).
    pub fn period_stream(&self, period: Option<u64>, partition: usize) -> String {
        self.name(period, partition)
    }

    fn name(&self, period: Option<u64>, partition: usize) -> String {
        match (period.filter(|_| self.periods.is_some()), self.partitions) {
            (None, 1) => STREAM.to_string(),
            (None, _) => format!("{STREAM}_P{partition}"),
            (Some(t), 1) => format!("{STREAM}_T{t}"),
            (Some(t), _) => format!("{STREAM}_T{t}_P{partition}"),
        }
    }

    /// Every stream of a log without periods, by partition; none for a log with periods (they
    /// come and go: listed by name, [`Self::parse_stream`]).
    pub fn streams(&self) -> Vec<String> {
        if self.periods.is_some() {
            return Vec::new();
        }
        (0..self.partitions).map(|p| self.stream(p)).collect()
    }

    /// The streams of one period, by partition.
    pub fn streams_of_period(&self, period: u64) -> Vec<String> {
        (0..self.partitions).map(|p| self.name(Some(period), p)).collect()
    }

    /// The subjects of partition `partition`'s stream (one per match) in a log without periods.
    pub fn filter(&self, partition: usize) -> String {
        self.filter_in(self.periods.map(|_| 0), partition)
    }

    fn filter_in(&self, period: Option<u64>, partition: usize) -> String {
        match (period.filter(|_| self.periods.is_some()), self.partitions) {
            (None, 1) => STREAM_SUBJECTS.to_string(),
            (None, _) => format!("match.p{partition}.*.events"),
            (Some(t), 1) => format!("match.t{t}.*.events"),
            (Some(t), _) => format!("match.t{t}.p{partition}.*.events"),
        }
    }

    /// The (period, partition) of a stream of this log, from its name; `None` for a name that
    /// is none of its streams.
    pub fn parse_stream(&self, name: &str) -> Option<(Option<u64>, usize)> {
        let rest = name.strip_prefix(STREAM)?;
        let (period, rest) = match (self.periods, rest.strip_prefix("_T")) {
            (Some(_), Some(tail)) => {
                let digits = tail.split('_').next().unwrap_or_default();
                (Some(parse_number(digits)?), &tail[digits.len()..])
            }
            (None, None) => (None, rest),
            _ => return None,
        };
        let partition = match (self.partitions, rest.strip_prefix("_P")) {
            (1, None) if rest.is_empty() => 0,
            (n, Some(k)) if n > 1 => parse_number(k).map(|k| k as usize).filter(|k| *k < n)?,
            _ => return None,
        };
        (self.name(period, partition) == name).then_some((period, partition))
    }

    /// The subjects of the stream named `name` (one of this log's, [`Self::parse_stream`]).
    pub fn filter_of(&self, name: &str) -> Option<String> {
        let (period, partition) = self.parse_stream(name)?;
        Some(self.filter_in(period, partition))
    }

    /// The stream and subject of `match_id` (a valid id; in a log with periods, one made by
    /// the orchestrator, else [`LogError::InvalidMatchId`]).
    pub fn place(&self, match_id: &str) -> Result<(String, String), LogError> {
        let period = self.period_of(match_id)?;
        let partition = self.partition_of(match_id);
        let subject = match (period, self.partitions) {
            (None, 1) => crate::subject(match_id),
            (None, _) => format!("match.p{partition}.{match_id}.events"),
            (Some(t), 1) => format!("match.t{t}.{match_id}.events"),
            (Some(t), _) => format!("match.t{t}.p{partition}.{match_id}.events"),
        };
        Ok((self.name(period, partition), subject))
    }

    /// The subject of `match_id`'s commits (the id must be valid, `validate_match_id`; an id
    /// [`Self::place`] refuses gets a subject no stream of this log holds).
    pub fn subject(&self, match_id: &str) -> String {
        self.place(match_id).map(|(_, subject)| subject).unwrap_or_else(|_| format!("match.none.{match_id}.events"))
    }

    /// The match whose commits `subject` carries, in this layout.
    pub fn match_of<'a>(&self, subject: &'a str) -> Option<&'a str> {
        let rest = subject.strip_prefix("match.")?.strip_suffix(".events")?;
        let mut tokens: Vec<&'a str> = rest.split('.').collect();
        let id = tokens.pop()?;
        if self.periods.is_some() {
            let t = tokens.first()?.strip_prefix('t').and_then(parse_number)?;
            tokens.remove(0);
            if self.period_of(id).ok()?? != t {
                return None;
            }
        }
        if self.partitions > 1 {
            let k = tokens.first()?.strip_prefix('p').and_then(parse_number)? as usize;
            tokens.remove(0);
            if k >= self.partitions {
                return None;
            }
        }
        tokens.is_empty().then_some(id)
    }

    /// The index key holding how far the match index is projected in partition `partition`
    /// (a stream sequence of its stream): [`INDEX_POSITION_KEY`] for the legacy stream, as
    /// before partitions. `=` never occurs in a match id.
    pub fn position_key(&self, partition: usize) -> String {
        position_key_of(&self.stream(partition))
    }

    /// The record of this layout, as stored on [`LAYOUT_SUBJECT`].
    pub fn record(&self) -> String {
        match self.periods {
            None => format!("format={RECORD_FORMAT}\npartitions={}\n", self.partitions),
            Some(p) => {
                format!("format={RECORD_FORMAT_PERIODS}\npartitions={}\nperiod_s={}\nmax_match_age_s={}\n", self.partitions, p.length_s, p.max_match_age_s)
            }
        }
    }

    /// The layout a record describes.
    pub fn from_record(record: &[u8]) -> Result<Layout, LogError> {
        let bad = |why: &str| {
            LogError::Other(format!("the log's layout record ({LAYOUT_STREAM}) is {why}: {:?}; an operator must look at it", String::from_utf8_lossy(record)))
        };
        let text = std::str::from_utf8(record).map_err(|_| bad("not text"))?;
        let mut format = None;
        let mut partitions = None;
        let (mut period_s, mut max_age_s) = (None, None);
        for line in text.lines().filter(|l| !l.is_empty()) {
            match line.split_once('=') {
                Some(("format", v)) => format = v.parse::<u32>().ok(),
                Some(("partitions", v)) => partitions = v.parse::<usize>().ok(),
                Some(("period_s", v)) => period_s = v.parse::<u64>().ok(),
                Some(("max_match_age_s", v)) => max_age_s = v.parse::<u64>().ok(),
                _ => {}
            }
        }
        let partitions = partitions.ok_or_else(|| bad("without a partition count"))?;
        match format {
            Some(RECORD_FORMAT) => Layout::new(partitions),
            Some(RECORD_FORMAT_PERIODS) => {
                let length_s = period_s.ok_or_else(|| bad("without a period length"))?;
                let max_match_age_s = max_age_s.ok_or_else(|| bad("without a maximum match age"))?;
                Layout::with_periods(partitions, Some(Periods { length_s, max_match_age_s }))
            }
            _ => Err(bad("of a format this build does not know (a newer Arbiter wrote it?)")),
        }
    }

    /// The options that give this layout, as a service is started with them.
    pub fn options(&self) -> String {
        match self.periods {
            None => format!("--partitions {} (ARBITER_PARTITIONS={}) and no --period", self.partitions, self.partitions),
            Some(p) => format!(
                "--partitions {} --period {}s --max-match-age {}s (ARBITER_PARTITIONS, ARBITER_PERIOD, ARBITER_MAX_MATCH_AGE)",
                self.partitions, p.length_s, p.max_match_age_s
            ),
        }
    }

    /// The refusal of a service started with the layout `wanted` on a log of this layout.
    pub fn mismatch(&self, wanted: &Layout) -> LogError {
        LogError::Other(format!(
            "the match log has {} partition(s) and {} (fixed when it was created{}), but this service \
             was started with {}: start it with {}. Changing them needs a new log: see \
             docs/architecture.md, \"Partitions\" and \"Leaving the hot log\"",
            self.partitions,
            match self.periods {
                None => "no periods".to_string(),
                Some(p) => format!("periods of {} s with a maximum match age of {} s", p.length_s, p.max_match_age_s),
            },
            if self.is_legacy() { ": a log without a layout record is the single stream MATCHES" } else { ", recorded in MATCHES_LAYOUT" },
            wanted.options(),
            self.options(),
        ))
    }
}

/// The index key of the projection position in stream `name`: [`INDEX_POSITION_KEY`] for the
/// legacy `MATCHES`, else with the name's suffix (`=position-p3`, `=position-t12`,
/// `=position-t12-p3`).
pub fn position_key_of(name: &str) -> String {
    match name.strip_prefix(STREAM).filter(|rest| !rest.is_empty()) {
        None => INDEX_POSITION_KEY.to_string(),
        Some(rest) => format!("{INDEX_POSITION_KEY}{}", rest.replace('_', "-").to_ascii_lowercase()),
    }
}

/// A decimal number without sign or leading zero (so that a name has one spelling).
fn parse_number(digits: &str) -> Option<u64> {
    let canonical = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'));
    canonical.then(|| digits.parse().ok()).flatten()
}

/// Every partition stream any log may have, with its subjects: what the roles' permissions
/// name (`auth`), since a permission cannot say "any stream named MATCHES_P<k>".
pub fn every_partition() -> Vec<(String, String)> {
    let widest = Layout { partitions: MAX_PARTITIONS, periods: None };
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
        let refusal = Layout::new(4).expect("layout").mismatch(&Layout::LEGACY).to_string();
        assert!(refusal.contains("--partitions 4"), "{refusal}");
    }

    const PINNED_SPREAD: [usize; 8] = [0, 3, 0, 2, 3, 1, 2, 2];
}
