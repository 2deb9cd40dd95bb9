//! Periods of a match log: which period a match belongs to, from its id alone.
//!
//! A log with periods holds only ids the orchestrator makes: UUIDv7 in 32 lowercase hex digits
//! (RFC 9562: the first 48 bits are the creation time in Unix ms, the 13th digit is the version
//! `7`), so any service derives a match's period, and so its stream, without a lookup.

use crate::LogError;

/// How far from now a *new* match's id may say it was made: an append that creates a match
/// is refused outside this window, so nobody places a new match in an old period (ids are
/// made by the orchestrator just before the match's first append). Far below any maximum match
/// age, so a period stream stops receiving new matches long before it may be deleted.
pub const NEW_MATCH_GRACE_MS: i64 = 60_000;

/// How long past its maximum age a match still takes the commit that ends it (the time
/// keeper's closing ruling, which may run late): at most this, and at most the maximum age
/// itself (so a log with short periods, as in tests, has a short one).
pub const RULING_GRACE_MS: i64 = 10 * 60 * 1000;

/// The periods of a log, fixed when the log is created and recorded in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periods {
    /// Length of one period (seconds).
    pub length_s: u64,
    /// How long after its creation a match still takes moves (seconds): after it, the
    /// orchestrator refuses moves and the time keeper ends the match by ruling.
    pub max_match_age_s: u64,
}

impl Periods {
    /// Both lengths at least one second, and below 100 years (so every ms sum fits an i64).
    pub fn check(&self) -> Result<(), LogError> {
        const CENTURY_S: u64 = 100 * 366 * 86_400;
        if self.length_s == 0 || self.length_s > CENTURY_S || self.max_match_age_s == 0 || self.max_match_age_s > CENTURY_S {
            return Err(LogError::Other(format!(
                "--period {}s --max-match-age {}s: each must be at least one second and under a century",
                self.length_s, self.max_match_age_s
            )));
        }
        Ok(())
    }

    /// The period holding the Unix ms `at_ms`.
    pub fn period_at(&self, at_ms: u64) -> u64 {
        at_ms / self.length_ms()
    }

    fn length_ms(&self) -> u64 {
        self.length_s.saturating_mul(1000).max(1)
    }

    /// When period `period` ends (Unix ms, exclusive).
    pub fn end_ms(&self, period: u64) -> i64 {
        i64::try_from(period.saturating_add(1).saturating_mul(self.length_ms())).unwrap_or(i64::MAX)
    }

    /// The maximum match age in ms.
    pub fn max_match_age_ms(&self) -> i64 {
        i64::try_from(self.max_match_age_s.saturating_mul(1000)).unwrap_or(i64::MAX)
    }

    /// How long after its creation a match takes its last commit of all: the maximum age plus
    /// the closing ruling's grace ([`RULING_GRACE_MS`]).
    pub fn closing_ms(&self) -> i64 {
        let age = self.max_match_age_ms();
        age.saturating_add(RULING_GRACE_MS.min(age))
    }

    /// Whether a match made at `created_ms` is past its maximum age at `now_ms`.
    pub fn too_old(&self, created_ms: i64, now_ms: i64) -> bool {
        now_ms.saturating_sub(created_ms) > self.max_match_age_ms()
    }
}

/// The creation time (Unix ms) an orchestrator-made id carries; `None` for any other id.
pub fn id_created_ms(match_id: &str) -> Option<u64> {
    let bytes = match_id.as_bytes();
    let lower_hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
    if bytes.len() != 32 || !bytes.iter().all(lower_hex) || bytes[12] != b'7' {
        return None;
    }
    u64::from_str_radix(&match_id[..12], 16).ok()
}

/// A new match id: a UUIDv7 made at `now_ms` with `random`'s bits after the time (RFC 9562:
/// version 7, variant `10`), in 32 lowercase hex digits.
pub fn new_period_id(now_ms: u64, random: [u8; 16]) -> String {
    let mut bytes = random;
    bytes[..6].copy_from_slice(&now_ms.to_be_bytes()[2..]);
    bytes[6] = 0x70 | (bytes[6] & 0x0f);
    bytes[8] = 0x80 | (bytes[8] & 0x3f);
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Layout;

    #[test]
    fn ids_carry_their_creation_time_and_so_their_period() {
        let id = new_period_id(1_700_000_123_456, [0xab; 16]);
        assert_eq!(id.len(), 32);
        assert_eq!(&id[12..13], "7", "version nibble");
        assert_eq!(id_created_ms(&id), Some(1_700_000_123_456));
        // Pinned: another spelling of the time would move every match to another stream.
        assert_eq!(new_period_id(0x0123_4567_89ab, [0; 16]), "0123456789ab70008000000000000000");
        assert_eq!(id_created_ms(&uuid_v4_like()), None, "a version 4 id names no period");
        assert_eq!(id_created_ms("m-1"), None);
        assert_eq!(id_created_ms(&id.to_ascii_uppercase()), None, "one spelling only");
    }

    fn uuid_v4_like() -> String {
        "0123456789ab4000800000000000000a".to_string()
    }

    #[test]
    fn period_streams_and_subjects_are_named_by_period_and_never_overlap() {
        let periods = Periods { length_s: 10, max_match_age_s: 60 };
        let one = Layout::with_periods(1, Some(periods)).expect("layout");
        let id = new_period_id(1_000_000, [7; 16]);
        assert_eq!(one.period_of(&id).expect("period"), Some(100));
        let (stream, subject) = one.place(&id).expect("placed");
        assert_eq!((stream.as_str(), subject.clone()), ("MATCHES_T100", format!("match.t100.{id}.events")));
        assert_eq!(one.match_of(&subject), Some(id.as_str()));
        assert_eq!(one.match_of(&format!("match.t99.{id}.events")), None, "a subject of another period");
        assert_eq!(one.parse_stream("MATCHES_T100"), Some((Some(100), 0)));
        assert_eq!(one.filter_of("MATCHES_T100").as_deref(), Some("match.t100.*.events"));
        for not_ours in ["MATCHES", "MATCHES_T", "MATCHES_T01", "MATCHES_T1_P0", "MATCHES_LAYOUT", "MATCHES_P1"] {
            assert_eq!(one.parse_stream(not_ours), None, "{not_ours}");
        }
        assert!(one.place("m-1").is_err(), "an id the orchestrator did not make");
        assert_eq!(crate::layout::position_key_of("MATCHES_T100"), "=position-t100");

        let four = Layout::with_periods(4, Some(periods)).expect("layout");
        let (stream, subject) = four.place(&id).expect("placed");
        let k = four.partition_of(&id);
        assert_eq!(stream, format!("MATCHES_T100_P{k}"));
        assert_eq!(subject, format!("match.t100.p{k}.{id}.events"));
        assert_eq!(subject.split('.').count(), 5, "never matched by the 3- or 4-token subjects of the other layouts");
        assert_eq!(four.parse_stream(&stream), Some((Some(100), k)));
        assert_eq!(four.match_of(&subject), Some(id.as_str()));
        assert_eq!(crate::layout::position_key_of(&stream), format!("=position-t100-p{k}"));
        assert!(four.streams().is_empty(), "period streams are listed, not known in advance");
        assert_eq!(four.streams_of_period(3).len(), 4);
    }

    #[test]
    fn records_with_periods_round_trip_and_mismatches_name_the_options() {
        let periods = Periods { length_s: 2_592_000, max_match_age_s: 2_592_000 };
        for n in [1, 3] {
            let l = Layout::with_periods(n, Some(periods)).expect("layout");
            assert!(l.record().starts_with("format=2\n"));
            assert_eq!(Layout::from_record(l.record().as_bytes()).expect("read back"), l);
        }
        assert!(Layout::from_record(b"format=2\npartitions=1\n").is_err(), "a period record names its period");
        let l = Layout::with_periods(1, Some(periods)).expect("layout");
        let refusal = l.mismatch(&Layout::LEGACY).to_string();
        assert!(refusal.contains("--period 2592000s"), "{refusal}");
        assert!(Layout::with_periods(1, Some(Periods { length_s: 0, max_match_age_s: 1 })).is_err());
    }

    #[test]
    fn bounds() {
        let p = Periods { length_s: 10, max_match_age_s: 5 };
        assert_eq!(p.end_ms(3), 40_000);
        assert!(p.too_old(0, 5_001) && !p.too_old(0, 5_000));
    }
}
