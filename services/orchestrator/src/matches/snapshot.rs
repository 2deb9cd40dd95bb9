//! Snapshots of a match record, so a rebuild replays only the commits after the newest one.
//!
//! A snapshot is only a cache of what replaying the log gives: it is written every
//! [`SNAPSHOT_EVERY`] commits and when a match finishes, signed with the orchestrator's key
//! (the one that signs the commits), and anything wrong with it (missing, undecodable, another
//! format, another match, a bad signature) means a full replay instead. The commits after it are
//! still checked against the chain, starting from the hash the snapshot carries.

use std::collections::BTreeMap;

use api::convert;
use api::log_v1::match_snapshot::{SnapshotClock, SnapshotEvents, SnapshotSeat, SnapshotSubmission};
use api::log_v1::{MatchCreated, MatchSnapshot, SignedSnapshot};
use api::rules_v1 as r;
use prost::Message;

use std::sync::Arc;

use bytes::Bytes;
use eventlog::EventLog;
use tokio::sync::mpsc;

use crate::error::Result;
use crate::record::{MatchRecord, Seat, Submitted};

/// A snapshot every this many commits (and one when the match finishes).
pub const SNAPSHOT_EVERY: u64 = 64;
/// The snapshot encoding this orchestrator writes and reads; others are ignored.
pub const SNAPSHOT_FORMAT: u32 = 1;
/// Domain separation: a snapshot signature can never pass for a commit signature, or back.
const SIGNING_CONTEXT: &[u8] = b"arbiter-snapshot-v1\0";

fn signed_message(body: &[u8]) -> Vec<u8> {
    [SIGNING_CONTEXT, body].concat()
}

/// Whether a snapshot is due after the record's last commit.
pub fn due(rec: &MatchRecord) -> bool {
    rec.version > 0 && (rec.version.is_multiple_of(SNAPSHOT_EVERY) || rec.finished())
}

/// The record as a signed snapshot, ready for the bucket.
pub fn encode(rec: &MatchRecord, signer: &fairness::Signer) -> Vec<u8> {
    let snapshot = MatchSnapshot {
        snapshot_format: SNAPSHOT_FORMAT,
        match_id: rec.match_id.clone(),
        version: rec.version,
        sequence: rec.last_sequence.unwrap_or_default(),
        last_hash: rec.last_hash.map(|h| h.to_vec()).unwrap_or_default(),
        state: rec.state.clone(),
        awaiting: rec.awaiting.as_ref().map(convert::awaiting_to_proto),
        created: Some(MatchCreated {
            config: Some(rec.config.clone()),
            randomness_commitment: rec.commitment.clone(),
            randomness_scheme: rec.scheme.clone(),
            randomness_public_key: rec.public_key.clone(),
            randomness_nodes: rec.randomness_nodes.clone(),
            join_code_hashes: rec.join_code_hashes.clone(),
            orchestrator_public_key: rec.orchestrator_public_key.clone(),
            tournament_id: rec.tournament.tournament_id.clone(),
            round: rec.tournament.round,
            table: rec.tournament.table,
            labels: rec.tournament.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            time_control: rec.clocks.as_ref().map(|c| c.control.clone()),
            spectator_delay_s: rec.tournament.spectator_delay_s,
        }),
        seats: rec
            .seats
            .iter()
            .map(|s| SnapshotSeat {
                joined: s.token_hash.is_some(),
                entropy: s.entropy.clone().unwrap_or_default(),
                token_hash: s.token_hash.clone().unwrap_or_default(),
                public_key: s.public_key.as_ref().map(|k| k.to_bytes().to_vec()).unwrap_or_default(),
            })
            .collect(),
        secret_revealed: rec.secret_revealed,
        submitted: rec
            .submitted
            .iter()
            .map(|(key, s)| SnapshotSubmission {
                idempotency_key: key.clone(),
                decision: Some(r::DecisionInput { decision_id: s.decision_id, seat: s.seat, choice: s.choice.clone() }),
                version: s.version,
                seat_signature: s.signature.clone(),
            })
            .collect(),
        events: rec.events.iter().map(|e| SnapshotEvents { events: e.clone() }).collect(),
        rules_version: rec.rules_version.clone(),
        clock: rec.clocks.as_ref().map(|c| SnapshotClock {
            used_ms: c.used_ms.clone(),
            pending_decision_id: c.pending.map(|p| p.0),
            pending_seat: c.pending.map_or(0, |p| p.1),
            pending_since_ms: c.pending.map_or(0, |p| p.2),
            last_time_ms: c.last_time_ms,
            created_at_ms: c.created_at_ms,
            round_called: c.round_called,
        }),
    };
    let body = snapshot.encode_to_vec();
    let signature = signer.sign(&signed_message(&body)).to_vec();
    SignedSnapshot { snapshot: body, signature }.encode_to_vec()
}

/// Why a snapshot was not used (the rebuild then replays the whole log).
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("it does not decode: {0}")]
    Undecodable(String),
    #[error("its signature is not this orchestrator's")]
    BadSignature,
    #[error("it is in snapshot format {0}, this orchestrator reads format {SNAPSHOT_FORMAT}")]
    Format(u32),
    #[error("it is not a snapshot of this match, or disagrees with its own header")]
    Mismatch,
}

/// The record a stored snapshot describes, if it is one this orchestrator wrote for `match_id`
/// at `version` and `sequence` (from the bucket's header).
pub fn decode(match_id: &str, raw: &[u8], own: &[u8; 32], version: u64, sequence: u64) -> Result<MatchRecord, Refused> {
    let signed = SignedSnapshot::decode(raw).map_err(|e| Refused::Undecodable(e.to_string()))?;
    fairness::verify_signature(own, &signed_message(&signed.snapshot), &signed.signature).map_err(|_| Refused::BadSignature)?;
    let s = MatchSnapshot::decode(signed.snapshot.as_slice()).map_err(|e| Refused::Undecodable(e.to_string()))?;
    if s.snapshot_format != SNAPSHOT_FORMAT {
        return Err(Refused::Format(s.snapshot_format));
    }
    if s.match_id != match_id || s.version != version || s.sequence != sequence || s.version == 0 {
        return Err(Refused::Mismatch);
    }
    let last_hash: [u8; 32] = s.last_hash.as_slice().try_into().map_err(|_| Refused::Undecodable("last_hash".into()))?;
    let awaiting = convert::awaiting_from_proto(s.awaiting.as_ref()).map_err(|e| Refused::Undecodable(e.to_string()))?;
    let created = s.created.unwrap_or_default();
    let tournament = crate::record::Tournament::of(&created);
    let clocks = match (created.time_control.clone(), s.clock.clone()) {
        (Some(control), Some(c)) => Some(crate::record::Clocks {
            control,
            used_ms: c.used_ms,
            pending: c.pending_decision_id.map(|id| (id, c.pending_seat, c.pending_since_ms)),
            last_time_ms: c.last_time_ms,
            created_at_ms: c.created_at_ms,
            round_called: c.round_called,
        }),
        (Some(t), None) if t.clock_s > 0 || t.round_limit_s > 0 => return Err(Refused::Mismatch),
        _ => None,
    };
    let config = created.config.unwrap_or_default();
    if config.seats.len() != s.seats.len() || s.events.len() as u64 != s.version {
        return Err(Refused::Mismatch);
    }
    let seats = config
        .seats
        .iter()
        .zip(&s.seats)
        .map(|(spec, seat)| {
            let public_key = match seat.public_key.as_slice() {
                [] => None,
                key => Some(fairness::seat::SeatKey::parse(key).map_err(|e| Refused::Undecodable(format!("a seat key: {e}")))?),
            };
            Ok(Seat {
                name: spec.name.clone(),
                entropy: seat.joined.then(|| seat.entropy.clone()),
                token_hash: seat.joined.then(|| seat.token_hash.clone()),
                public_key,
            })
        })
        .collect::<Result<Vec<_>, Refused>>()?;
    let mut submitted = BTreeMap::new();
    for sub in s.submitted {
        let d = sub.decision.unwrap_or_default();
        submitted.insert(
            sub.idempotency_key,
            Submitted { seat: d.seat, decision_id: d.decision_id, choice: d.choice, version: sub.version, signature: sub.seat_signature },
        );
    }
    let mut rec = MatchRecord::empty(match_id);
    rec.config = config;
    rec.commitment = created.randomness_commitment;
    rec.scheme = created.randomness_scheme;
    rec.public_key = created.randomness_public_key;
    rec.randomness_nodes = created.randomness_nodes;
    rec.join_code_hashes = created.join_code_hashes;
    rec.tournament = tournament;
    rec.clocks = clocks;
    rec.orchestrator_public_key = created.orchestrator_public_key;
    rec.seats = seats;
    rec.state = s.state;
    rec.rules_version = s.rules_version;
    rec.awaiting = Some(awaiting);
    rec.version = s.version;
    rec.last_sequence = Some(s.sequence);
    rec.last_hash = Some(last_hash);
    rec.secret_revealed = s.secret_revealed;
    rec.submitted = submitted;
    rec.events = s.events.into_iter().map(|e| e.events).collect();
    rec.recount();
    Ok(rec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> MatchRecord {
        let mut rec = MatchRecord::empty("m1");
        rec.config = r::MatchConfig {
            ruleset: "mainframe".into(),
            seats: vec![api::match_v1::SeatSpec { name: "A".into(), ..Default::default() }, api::match_v1::SeatSpec { name: "B".into(), ..Default::default() }],
            ..Default::default()
        };
        rec.seats = vec![
            Seat {
                name: "A".into(),
                entropy: Some(vec![1; 16]),
                token_hash: Some(vec![2; 32]),
                public_key: fairness::seat::SeatKey::parse(&fairness::Signer::from_seed(&[6; 32]).public_key()).ok(),
            },
            Seat { name: "B".into(), entropy: None, token_hash: None, public_key: None },
        ];
        rec.state = vec![9, 8, 7];
        rec.awaiting =
            convert::awaiting_from_proto(Some(&r::Awaiting { what: Some(r::awaiting::What::Ended(r::Outcome { winners: vec![1], reason: "test".into() })) }))
                .ok();
        rec.version = 2;
        rec.last_sequence = Some(40);
        rec.last_hash = Some([5; 32]);
        rec.submitted.insert("k".into(), Submitted { seat: 0, decision_id: 3, choice: None, version: 2, signature: vec![7; 64] });
        rec.events = vec![vec![], vec![r::RulesEvent { kind: "x".into(), text: "y".into(), ..Default::default() }]];
        rec
    }

    #[test]
    fn a_snapshot_restores_the_record_it_was_taken_of() {
        let signer = fairness::Signer::from_seed(&[1; 32]);
        let rec = record();
        let back = decode("m1", &encode(&rec, &signer), &signer.public_key(), 2, 40).expect("ours");
        assert_eq!(
            (back.version, back.last_sequence, back.last_hash, &back.state, &back.awaiting, back.secret_revealed),
            (rec.version, rec.last_sequence, rec.last_hash, &rec.state, &rec.awaiting, rec.secret_revealed)
        );
        assert_eq!(back.submitted, rec.submitted);
        assert_eq!(back.events, rec.events);
        assert_eq!(
            back.seats.iter().map(|s| (&s.name, &s.entropy, &s.token_hash)).collect::<Vec<_>>(),
            rec.seats.iter().map(|s| (&s.name, &s.entropy, &s.token_hash)).collect::<Vec<_>>()
        );
        assert_eq!(back.seats.iter().map(|s| &s.public_key).collect::<Vec<_>>(), rec.seats.iter().map(|s| &s.public_key).collect::<Vec<_>>());
        assert_eq!(back.config, rec.config);
    }

    #[test]
    fn a_snapshot_keeps_the_tournament_the_rules_version_and_the_clocks() {
        let signer = fairness::Signer::from_seed(&[1; 32]);
        let mut rec = record();
        rec.rules_version = "mainframe-9".into();
        rec.tournament = crate::record::Tournament {
            tournament_id: "t".into(),
            round: 2,
            table: 5,
            labels: [("stage".to_string(), "top8".to_string())].into_iter().collect(),
            spectator_delay_s: 30,
        };
        rec.clocks = Some(crate::record::Clocks {
            control: api::log_v1::TimeControl { clock_s: 60, increment_s: 2, round_limit_s: 600 },
            used_ms: vec![1500, 300],
            pending: Some((7, 1, 123_456)),
            last_time_ms: 123_456,
            created_at_ms: 100_000,
            round_called: true,
        });
        let back = decode("m1", &encode(&rec, &signer), &signer.public_key(), 2, 40).expect("ours");
        assert_eq!((back.rules_version, back.tournament, back.clocks), (rec.rules_version, rec.tournament, rec.clocks));
    }

    #[test]
    fn a_forged_or_altered_snapshot_is_refused() {
        let ours = fairness::Signer::from_seed(&[1; 32]);
        let own = ours.public_key();
        // Written with another key: refused.
        let forged = encode(&record(), &fairness::Signer::from_seed(&[2; 32]));
        assert!(matches!(decode("m1", &forged, &own, 2, 40), Err(Refused::BadSignature)));
        // Ours, with a byte of the snapshot changed: refused.
        let mut signed = SignedSnapshot::decode(encode(&record(), &ours).as_slice()).expect("decodes");
        if let Some(b) = signed.snapshot.last_mut() {
            *b ^= 1;
        }
        assert!(matches!(decode("m1", &signed.encode_to_vec(), &own, 2, 40), Err(Refused::BadSignature)));
        // Ours, but filed under another match or another header: refused.
        let good = encode(&record(), &ours);
        assert!(matches!(decode("m2", &good, &own, 2, 40), Err(Refused::Mismatch)));
        assert!(matches!(decode("m1", &good, &own, 3, 40), Err(Refused::Mismatch)));
        assert!(matches!(decode("m1", b"junk", &own, 2, 40), Err(Refused::Undecodable(_)) | Err(Refused::BadSignature)));
    }
}

// ---- storing and loading a match's snapshots ----

/// Snapshots waiting for the writer; past this many, new ones are skipped (only a cache).
const SNAPSHOT_QUEUE: usize = 1024;

impl super::Matches {
    /// Store the record's snapshot, in the background (`write_snapshots`): the request that made
    /// it due does not wait for the bucket (a snapshot only shortens later rebuilds, and a
    /// rebuild checks the commits after whichever snapshot it finds). A failure is logged, not
    /// reported.
    pub(super) fn put_snapshot(&self, rec: &MatchRecord) {
        let Some(sequence) = rec.last_sequence else { return };
        let state = Bytes::from(encode(rec, &self.backends.signer));
        let snap = eventlog::Snapshot { version: rec.version, sequence, state };
        let writer = self.snapshot_writer.get_or_init(|| {
            let (tx, rx) = mpsc::channel(SNAPSHOT_QUEUE);
            // It owns the queue's receiver, so it cannot start again: if it dies, so does the process.
            std::mem::forget(infra::task::or_exit("the snapshot writer", write_snapshots(self.backends.log.clone(), rx)));
            tx
        });
        if writer.try_send((rec.match_id.clone(), snap)).is_err() {
            tracing::debug!(match_id = %rec.match_id, version = rec.version, "snapshot skipped: the writer is behind");
        }
    }

    /// The newest snapshot at or below `upto` (any when `None`): the latest one, else, for an
    /// earlier version, the one kept at the last multiple of SNAPSHOT_EVERY at or below it.
    pub(super) async fn snapshot_upto(&self, match_id: &str, upto: Option<u64>) -> Result<Option<eventlog::Snapshot>> {
        let latest = self.backends.log.get_snapshot(match_id).await?;
        let Some(upto) = upto else { return Ok(latest) };
        if latest.as_ref().is_none_or(|s| s.version <= upto) {
            return Ok(latest);
        }
        let kept = upto - upto % SNAPSHOT_EVERY;
        if kept == 0 {
            return Ok(None);
        }
        Ok(self.backends.log.get_snapshot_at(match_id, kept).await?.filter(|s| s.version == kept))
    }

    /// The record of the match's snapshot, if there is a usable one at or below `upto`.
    pub(super) async fn load_snapshot(&self, match_id: &str, upto: Option<u64>) -> Option<MatchRecord> {
        if self.full_replay {
            return None;
        }
        let snap = match self.snapshot_upto(match_id, upto).await {
            Ok(Some(s)) => s,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(match_id, error = %e, "could not read the snapshot; replaying the whole log");
                return None;
            }
        };
        let own = self.backends.signer.public_key();
        match decode(match_id, &snap.state, &own, snap.version, snap.sequence) {
            Ok(rec) if !self.fits_current_rules(&rec).await => {
                tracing::info!(
                    match_id,
                    version = rec.version,
                    snapshot_rules = %rec.rules_version,
                    "the snapshot was written by other rules (an engine upgrade); replaying the whole log"
                );
                None
            }
            Ok(rec) => {
                tracing::debug!(match_id, version = rec.version, "rebuilding from the snapshot");
                Some(rec)
            }
            Err(why) => {
                tracing::warn!(match_id, version = snap.version, %why, "ignoring the snapshot; replaying the whole log");
                None
            }
        }
    }
}

/// Write the queued snapshots in order. Every SNAPSHOT_EVERY commits one is also kept under its
/// version, for rebuilds of earlier versions than the latest snapshot (`Matches::snapshot_upto`).
pub(super) async fn write_snapshots(log: Arc<dyn EventLog>, mut queue: mpsc::Receiver<(String, eventlog::Snapshot)>) {
    while let Some((match_id, snap)) = queue.recv().await {
        let version = snap.version;
        let kept = if version.is_multiple_of(SNAPSHOT_EVERY) { log.put_snapshot_at(&match_id, snap.clone()).await } else { Ok(()) };
        match kept.and(log.put_snapshot(&match_id, snap).await) {
            Ok(()) => tracing::debug!(match_id, version, "snapshot written"),
            Err(e) => tracing::warn!(match_id, version, error = %e, "could not write a snapshot"),
        }
    }
}
