//! Conformance cases every [`EventLog`] implementation must pass. Shared by the `MemoryLog`
//! unit tests (eventlog-dev/src/memory.rs) and the JetStream integration tests (tests/jetstream.rs).
//! Every case uses its own match ids, so cases may share a log.
#![allow(dead_code)]

use std::time::Duration;

use bytes::Bytes;
use eventlog::{EventLog, LogError, Snapshot, StoredCommit};
use futures::StreamExt;

const STEP: Duration = Duration::from_secs(15);

fn b(s: &str) -> Bytes {
    Bytes::copy_from_slice(s.as_bytes())
}

/// Append `payloads` to a match in order (version = index + 1), returning their sequences.
pub async fn append_all<L: EventLog + ?Sized>(log: &L, match_id: &str, payloads: &[&str]) -> Vec<u64> {
    let mut last = log.read(match_id, 0).await.expect("read before append").last().map(|c| c.sequence);
    let start = log.read(match_id, 0).await.expect("read").len();
    let mut seqs = Vec::new();
    for (i, p) in payloads.iter().enumerate() {
        let msg_id = format!("{match_id}/{}", start + i + 1);
        let seq = log.append(match_id, last, &msg_id, b(p)).await.unwrap_or_else(|e| panic!("append {msg_id}: {e}"));
        if let Some(prev) = last {
            assert!(seq > prev, "sequences grow: {prev} then {seq}");
        }
        last = Some(seq);
        seqs.push(seq);
    }
    seqs
}

fn expected(seqs: &[u64], payloads: &[&str], from_version: u64) -> Vec<StoredCommit> {
    seqs.iter()
        .zip(payloads)
        .enumerate()
        .map(|(i, (s, p))| StoredCommit { version: i as u64 + 1, sequence: *s, payload: b(p) })
        .filter(|c| c.version >= from_version)
        .collect()
}

pub async fn roundtrip<L: EventLog + ?Sized>(log: &L) {
    assert_eq!(log.read("rt-unknown", 0).await.expect("read unknown"), vec![]);
    let payloads = ["one", "two", "three"];
    let seqs = append_all(log, "rt-1", &payloads).await;
    let all = log.read("rt-1", 0).await.expect("read");
    assert_eq!(all, expected(&seqs, &payloads, 1));
    assert_eq!(log.read("rt-1", 1).await.expect("read from 1"), all);
    // An empty payload is a commit too.
    let more = log.append("rt-1", Some(seqs[2]), "rt-1/4", Bytes::new()).await.expect("append empty payload");
    let all = log.read("rt-1", 0).await.expect("read");
    assert_eq!(all.len(), 4);
    assert_eq!(all[3].version, 4);
    assert_eq!(all[3].sequence, more);
    assert!(all[3].payload.is_empty());
}

pub async fn conflicts<L: EventLog + ?Sized>(log: &L) {
    // A new match must have no commit: expecting one is a conflict.
    let err = log.append("cf-1", Some(1), "cf-1/1", b("x")).await.expect_err("expected sequence on an empty match");
    assert!(matches!(&err, LogError::Conflict { match_id, expected: Some(1) } if match_id == "cf-1"), "{err:?}");
    let s1 = log.append("cf-1", None, "cf-1/1", b("first")).await.expect("first append");
    // Another writer that also thinks the match is new.
    let err = log.append("cf-1", None, "cf-1/1-other", b("other")).await.expect_err("second 'new match' append");
    assert!(matches!(err, LogError::Conflict { expected: None, .. }), "{err:?}");
    let s2 = log.append("cf-1", Some(s1), "cf-1/2", b("second")).await.expect("append 2");
    // Stale expected sequence.
    let err = log.append("cf-1", Some(s1), "cf-1/2-other", b("stale")).await.expect_err("stale expected sequence");
    assert!(matches!(err, LogError::Conflict { expected: Some(s), .. } if s == s1), "{err:?}");
    // Same msg id as a stored commit, different payload: the other writer won this version.
    let err = log.append("cf-1", Some(s1), "cf-1/2", b("not-second")).await.expect_err("same msg id, different payload");
    assert!(matches!(err, LogError::Conflict { .. }), "{err:?}");
    let all = log.read("cf-1", 0).await.expect("read");
    assert_eq!(all, expected(&[s1, s2], &["first", "second"], 1));
}

/// Two writers race on the same version, with the same (deterministic) msg id and different
/// payloads, then with different msg ids: each time exactly one wins.
pub async fn racing_writers<L: EventLog + ?Sized>(log: &L) {
    let s1 = log.append("race-1", None, "race-1/1", b("base")).await.expect("base");
    let (a, c) = tokio::join!(log.append("race-1", Some(s1), "race-1/2", b("writer-a")), log.append("race-1", Some(s1), "race-1/2", b("writer-b")),);
    let (winner, seq2) = match (&a, &c) {
        (Ok(seq), Err(LogError::Conflict { .. })) => ("writer-a", *seq),
        (Err(LogError::Conflict { .. }), Ok(seq)) => ("writer-b", *seq),
        other => panic!("expected one winner and one conflict, got {other:?}"),
    };
    let (a, c) = tokio::join!(log.append("race-1", Some(seq2), "race-1/3-a", b("third-a")), log.append("race-1", Some(seq2), "race-1/3-b", b("third-b")),);
    let (winner3, seq3) = match (&a, &c) {
        (Ok(seq), Err(LogError::Conflict { .. })) => ("third-a", *seq),
        (Err(LogError::Conflict { .. }), Ok(seq)) => ("third-b", *seq),
        other => panic!("expected one winner and one conflict, got {other:?}"),
    };
    let all = log.read("race-1", 0).await.expect("read");
    assert_eq!(all, expected(&[s1, seq2, seq3], &["base", winner, winner3], 1));
}

pub async fn dedup<L: EventLog + ?Sized>(log: &L) {
    let s1 = log.append("dd-1", None, "dd-1/1", b("one")).await.expect("append");
    // A retry of the same append (same id, same payload) is not stored again.
    let again = log.append("dd-1", None, "dd-1/1", b("one")).await.expect("retry");
    assert_eq!(again, s1);
    let s2 = log.append("dd-1", Some(s1), "dd-1/2", b("two")).await.expect("append 2");
    // A late retry of the first append, after the second was stored: still a success with the
    // original sequence (the commit right after the expected one is this very append).
    let late = log.append("dd-1", None, "dd-1/1", b("one")).await.expect("late retry");
    assert_eq!(late, s1);
    let late2 = log.append("dd-1", Some(s1), "dd-1/2", b("two")).await.expect("late retry 2");
    assert_eq!(late2, s2);
    // A "retry" whose payload differs is not a retry: conflict.
    let err = log.append("dd-1", None, "dd-1/1", b("uno")).await.expect_err("same id, other payload");
    assert!(matches!(err, LogError::Conflict { .. }), "{err:?}");
    let all = log.read("dd-1", 0).await.expect("read");
    assert_eq!(all, expected(&[s1, s2], &["one", "two"], 1));
    // The same msg id on another match is not "ours": conflict, nothing stored there.
    let err = log.append("dd-2", None, "dd-1/1", b("one")).await.expect_err("msg id of another match");
    assert!(matches!(err, LogError::Conflict { .. }), "{err:?}");
    assert_eq!(log.read("dd-2", 0).await.expect("read"), vec![]);
}

pub async fn read_from_version<L: EventLog + ?Sized>(log: &L) {
    let payloads = ["a", "b", "c", "d", "e"];
    let seqs = append_all(log, "rv-1", &payloads).await;
    for from in 0..=7u64 {
        let got = log.read("rv-1", from).await.expect("read");
        assert_eq!(got, expected(&seqs, &payloads, from), "from_version {from}");
    }
    assert_eq!(log.read("rv-1", u64::MAX).await.expect("read"), vec![]);
}

/// Catching up from a known commit returns exactly the newer commits, with their versions,
/// even when other matches' commits sit in between.
pub async fn read_after<L: EventLog + ?Sized>(log: &L) {
    let payloads = ["a", "b", "c", "d"];
    let seqs = append_all(log, "ra-1", &payloads[..2]).await;
    append_all(log, "ra-other", &["x", "y"]).await;
    let mut all = seqs.clone();
    all.extend(append_all(log, "ra-1", &payloads[2..]).await);
    let got = log.read_after("ra-1", all[1], 3).await.expect("read_after");
    assert_eq!(got, expected(&all, &payloads, 3));
    let last = all.last().copied().unwrap_or_default();
    assert_eq!(log.read_after("ra-1", last, 5).await.expect("nothing new"), vec![]);
    assert_eq!(log.read_after("ra-none", 0, 1).await.expect("unknown match"), vec![]);
    // The last commit alone, in one read.
    assert_eq!(log.last_commit("ra-1").await.expect("last"), Some((last, b("d"))));
    assert_eq!(log.last_commit("ra-none").await.expect("unknown match"), None);
}

/// Reading up to a version returns exactly the commits up to it, from the start or after a
/// known commit.
pub async fn read_until<L: EventLog + ?Sized>(log: &L) {
    let payloads = ["a", "b", "c", "d", "e"];
    let seqs = append_all(log, "ru-1", &payloads[..3]).await;
    append_all(log, "ru-other", &["x"]).await;
    let mut all = seqs.clone();
    all.extend(append_all(log, "ru-1", &payloads[3..]).await);
    let upto = |v: u64| expected(&all, &payloads, 1).into_iter().filter(|c| c.version <= v).collect::<Vec<_>>();
    for last in 0..=6u64 {
        assert_eq!(log.read_until("ru-1", None, 1, last).await.expect("read_until"), upto(last), "up to {last}");
    }
    let after_two: Vec<_> = upto(4).into_iter().filter(|c| c.version >= 3).collect();
    assert_eq!(log.read_until("ru-1", Some(all[1]), 3, 4).await.expect("read_until"), after_two);
    assert_eq!(log.read_until("ru-1", Some(all[1]), 3, 2).await.expect("read_until"), vec![]);
    assert_eq!(log.read_until("ru-none", None, 1, 3).await.expect("unknown match"), vec![]);
}

pub async fn interleaved_matches<L: EventLog + ?Sized>(log: &L) {
    let mut last_a = None;
    let mut last_b = None;
    let mut seqs_a = Vec::new();
    let mut seqs_b = Vec::new();
    for i in 1..=3u64 {
        let sa = log.append("il-a", last_a, &format!("il-a/{i}"), b(&format!("a{i}"))).await.expect("append a");
        let sb = log.append("il-b", last_b, &format!("il-b/{i}"), b(&format!("b{i}"))).await.expect("append b");
        last_a = Some(sa);
        last_b = Some(sb);
        seqs_a.push(sa);
        seqs_b.push(sb);
    }
    // Sequences of one match have gaps; versions do not.
    assert!(seqs_a.windows(2).all(|w| w[1] > w[0] + 1), "{seqs_a:?}");
    assert_eq!(log.read("il-a", 0).await.expect("read a"), expected(&seqs_a, &["a1", "a2", "a3"], 1));
    assert_eq!(log.read("il-b", 2).await.expect("read b"), expected(&seqs_b, &["b1", "b2", "b3"], 2));
}

async fn next_commit(stream: &mut futures::stream::BoxStream<'static, Result<StoredCommit, LogError>>) -> StoredCommit {
    tokio::time::timeout(STEP, stream.next()).await.expect("watch produced nothing in time").expect("watch ended").expect("watch error")
}

pub async fn watch<L: EventLog + ?Sized>(log: &L) {
    let seqs = append_all(log, "w-1", &["h1", "h2"]).await;
    let mut all = log.watch("w-1", 0).await.expect("watch all");
    let mut from3 = log.watch("w-1", 3).await.expect("watch from 3");
    let mut fresh = log.watch("w-unknown", 1).await.expect("watch unknown");
    assert_eq!(next_commit(&mut all).await, expected(&seqs, &["h1", "h2"], 1)[0]);
    assert_eq!(next_commit(&mut all).await, expected(&seqs, &["h1", "h2"], 1)[1]);
    // Nothing more yet.
    assert!(tokio::time::timeout(Duration::from_millis(300), all.next()).await.is_err(), "watch yielded a commit that does not exist");
    let s3 = log.append("w-1", Some(seqs[1]), "w-1/3", b("live3")).await.expect("append");
    let c3 = StoredCommit { version: 3, sequence: s3, payload: b("live3") };
    assert_eq!(next_commit(&mut all).await, c3);
    assert_eq!(next_commit(&mut from3).await, c3);
    let s4 = log.append("w-1", Some(s3), "w-1/4", b("live4")).await.expect("append");
    let c4 = StoredCommit { version: 4, sequence: s4, payload: b("live4") };
    assert_eq!(next_commit(&mut all).await, c4);
    assert_eq!(next_commit(&mut from3).await, c4);
    // A watch on a match created later sees it from its first commit.
    let n1 = log.append("w-unknown", None, "w-unknown/1", b("n1")).await.expect("append");
    assert_eq!(next_commit(&mut fresh).await, StoredCommit { version: 1, sequence: n1, payload: b("n1") });
}

pub async fn snapshots<L: EventLog + ?Sized>(log: &L) {
    assert_eq!(log.get_snapshot("sn-1").await.expect("get"), None);
    let s1 = Snapshot { version: 3, sequence: 17, state: b("state-3") };
    log.put_snapshot("sn-1", s1.clone()).await.expect("put");
    assert_eq!(log.get_snapshot("sn-1").await.expect("get"), Some(s1));
    let s2 = Snapshot { version: 9, sequence: 40, state: Bytes::new() };
    log.put_snapshot("sn-1", s2.clone()).await.expect("put");
    assert_eq!(log.get_snapshot("sn-1").await.expect("get"), Some(s2.clone()));
    assert_eq!(log.get_snapshot("sn-2").await.expect("get other"), None);

    // Kept by version too, beside the latest, which they do not replace.
    let s64 = Snapshot { version: 64, sequence: 300, state: b("state-64") };
    let s128 = Snapshot { version: 128, sequence: 600, state: b("state-128") };
    log.put_snapshot_at("sn-1", s64.clone()).await.expect("put at");
    log.put_snapshot_at("sn-1", s128.clone()).await.expect("put at");
    assert_eq!(log.get_snapshot_at("sn-1", 64).await.expect("get at"), Some(s64));
    assert_eq!(log.get_snapshot_at("sn-1", 128).await.expect("get at"), Some(s128));
    assert_eq!(log.get_snapshot_at("sn-1", 9).await.expect("get at"), None);
    assert_eq!(log.get_snapshot_at("sn-2", 64).await.expect("get at other"), None);
    assert_eq!(log.get_snapshot("sn-1").await.expect("get"), Some(s2));
}

pub async fn invalid_ids<L: EventLog + ?Sized>(log: &L) {
    let long = "x".repeat(65);
    for bad in ["", "a.b", "*", ">", "a b", "m.*", long.as_str()] {
        let is_invalid = |r: &LogError| matches!(r, LogError::InvalidMatchId(_));
        let e = log.append(bad, None, "id/1", b("x")).await.expect_err("append");
        assert!(is_invalid(&e), "append {bad:?}: {e:?}");
        let e = log.read(bad, 0).await.expect_err("read");
        assert!(is_invalid(&e), "read {bad:?}: {e:?}");
        let e = log.watch(bad, 0).await.err().expect("watch");
        assert!(is_invalid(&e), "watch {bad:?}: {e:?}");
        let snap = Snapshot { version: 1, sequence: 1, state: b("s") };
        let e = log.put_snapshot(bad, snap).await.expect_err("put_snapshot");
        assert!(is_invalid(&e), "put_snapshot {bad:?}: {e:?}");
        let e = log.get_snapshot(bad).await.expect_err("get_snapshot");
        assert!(is_invalid(&e), "get_snapshot {bad:?}: {e:?}");
    }
    // A bad msg id is refused, not sent.
    let e = log.append("ok-id", None, "", b("x")).await.expect_err("empty msg id");
    assert!(matches!(e, LogError::Other(_)), "{e:?}");
    assert_eq!(log.read("ok-id", 0).await.expect("read"), vec![]);
}
