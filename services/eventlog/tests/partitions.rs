//! A partitioned match log (`eventlog::Layout`, four streams) against a real nats-server: the
//! shared conformance cases, matches spread over the streams and read back by every path, and
//! the partition count fixed by the log's own record.

mod conformance;

use std::collections::BTreeSet;
use std::time::Duration;

use async_nats::jetstream;
use bytes::Bytes;
use eventlog::{EventLog, JetStreamLog, Layout, Role, LAYOUT_STREAM, STREAM};
use eventlog_dev::server::NatsServer;
use futures::StreamExt;

const PARTITIONS: usize = 4;

async fn partitioned(server: &NatsServer) -> JetStreamLog {
    JetStreamLog::connect_partitioned(&server.url(), 1, PARTITIONS, &server.auth(Role::Orchestrator))
        .await
        .expect("connect as the orchestrator with four partitions")
}

async fn admin(server: &NatsServer) -> jetstream::Context {
    let client = server.auth(Role::Admin).connect_options().await.expect("options").connect(server.url()).await.expect("admin");
    jetstream::new(client)
}

#[tokio::test]
async fn a_partitioned_log_passes_the_conformance_cases() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = partitioned(&server).await;
    conformance::roundtrip(&log).await;
    conformance::conflicts(&log).await;
    conformance::racing_writers(&log).await;
    conformance::dedup(&log).await;
    conformance::read_from_version(&log).await;
    conformance::read_until(&log).await;
    conformance::read_after(&log).await;
    conformance::watch(&log).await;
    conformance::snapshots(&log).await;
    conformance::invalid_ids(&log).await;
    // `interleaved_matches` is left out: it expects two matches to share one stream (gaps in
    // their sequences), and here its two ids hash to different partitions.
}

#[tokio::test]
async fn matches_spread_over_the_partition_streams_and_read_back() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = partitioned(&server).await;
    assert_eq!(EventLog::layout(&log).partitions(), PARTITIONS);
    let layout = Layout::new(PARTITIONS).expect("layout");
    let ids: Vec<String> = (0..16).map(|i| format!("spread-{i}")).collect();
    for id in &ids {
        let first = log.append(id, None, &format!("{id}/1"), Bytes::from(format!("{id} one"))).await.expect("append");
        log.append(id, Some(first), &format!("{id}/2"), Bytes::from(format!("{id} two"))).await.expect("append");
    }

    // Each match is in the stream its id hashes to, on its partition subject; no MATCHES.
    let js = admin(&server).await;
    let mut used = BTreeSet::new();
    for id in &ids {
        let partition = layout.partition_of(id);
        used.insert(partition);
        let stream = js.get_stream(format!("MATCHES_P{partition}")).await.expect("partition stream");
        let last = stream.get_last_raw_message_by_subject(&format!("match.p{partition}.{id}.events")).await.expect("on its subject");
        assert_eq!(last.payload, Bytes::from(format!("{id} two")));
    }
    assert!(used.len() > 1, "16 matches use more than one partition: {used:?}");
    assert!(js.get_stream(STREAM).await.is_err(), "a partitioned log has no MATCHES stream");
    let mut total = 0;
    for partition in 0..PARTITIONS {
        let mut stream = js.get_stream(format!("MATCHES_P{partition}")).await.expect("stream");
        let info = stream.info().await.expect("info");
        assert!(info.config.deny_delete && info.config.deny_purge, "immutable as MATCHES");
        total += info.state.messages;
    }
    assert_eq!(total, 32, "every commit stored once");

    // Read back: by match, the last commit of every match, each partition followed alone.
    for id in &ids {
        let commits = log.read(id, 1).await.expect("read");
        assert_eq!(commits.iter().map(|c| c.version).collect::<Vec<_>>(), [1, 2]);
    }
    let listed: Vec<String> = log.last_commits().await.expect("last commits").into_iter().map(|(id, _, _)| id).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(listed, sorted);
    for partition in 0..PARTITIONS {
        let wanted: BTreeSet<&String> = ids.iter().filter(|id| layout.partition_of(id) == partition).collect();
        let mut seen = BTreeSet::new();
        let mut follow = log.follow(&layout.stream(partition), 1).await.expect("follow");
        for _ in 0..wanted.len() * 2 {
            let commit = tokio::time::timeout(Duration::from_secs(20), follow.next()).await.expect("in time").expect("some").expect("ok");
            seen.insert(commit.match_id);
        }
        assert_eq!(seen.iter().collect::<BTreeSet<_>>(), wanted, "partition {partition}");
    }
    assert!(log.follow("MATCHES_P4", 1).await.is_err(), "no fifth partition");

    // The randomness service's reader finds the layout in the log and reads by direct get.
    let reader = JetStreamLog::connect_reader(&server.url(), &server.auth(Role::Randomness)).await.expect("reader");
    assert_eq!(reader.layout().await.expect("layout"), layout);
    assert!(reader.holds_commits().await.expect("holds"));
    for id in &ids[..4] {
        assert_eq!(reader.read(id, 1).await.expect("reader read"), log.read(id, 1).await.expect("read"));
    }
    // Another writer with no count of its own adopts the recorded one.
    let adopted = JetStreamLog::connect(&server.url(), 1, &server.auth(Role::Orchestrator)).await.expect("adopts");
    assert_eq!(adopted.layout().await.expect("layout"), layout);
    assert_eq!(adopted.read(&ids[0], 1).await.expect("read").len(), 2);
}

#[tokio::test]
async fn the_partition_count_is_fixed_by_the_log() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = partitioned(&server).await;
    log.append("fixed-1", None, "fixed-1/1", Bytes::from_static(b"x")).await.expect("append");
    for wrong in [1, 2, 8] {
        let err = JetStreamLog::connect_partitioned(&server.url(), 1, wrong, &server.auth(Role::Orchestrator)).await.expect_err("another count is refused");
        assert!(err.to_string().contains("--partitions 4"), "{err}");
    }
    assert!(JetStreamLog::connect_partitioned(&server.url(), 1, 9, &server.auth(Role::Orchestrator)).await.is_err(), "at most 8");
    // The record is the layout stream's one message, as immutable as the log.
    let js = admin(&server).await;
    let mut record = js.get_stream(LAYOUT_STREAM).await.expect("layout stream");
    let info = record.info().await.expect("info");
    assert_eq!((info.state.messages, info.config.deny_delete, info.config.deny_purge), (1, true, true));

    // A legacy log (no record, the single MATCHES) refuses a partitioned start, and is used
    // as it always was with the default count.
    let legacy_server = NatsServer::start_temp().await.expect("start");
    let legacy = JetStreamLog::connect_partitioned(&legacy_server.url(), 1, 1, &legacy_server.auth(Role::Orchestrator)).await.expect("legacy");
    legacy.append("old-1", None, "old-1/1", Bytes::from_static(b"x")).await.expect("append");
    let err = JetStreamLog::connect_partitioned(&legacy_server.url(), 1, 4, &legacy_server.auth(Role::Orchestrator))
        .await
        .expect_err("a legacy log refuses partitions");
    assert!(err.to_string().contains("--partitions 1"), "{err}");
    let js = admin(&legacy_server).await;
    assert!(js.get_stream(LAYOUT_STREAM).await.is_err(), "a legacy log gets no record");
    let subjects = js.get_stream(STREAM).await.expect("MATCHES").cached_info().config.subjects.clone();
    assert_eq!(subjects, vec![eventlog::STREAM_SUBJECTS.to_string()]);
    assert_eq!(legacy.layout().await.expect("layout"), Layout::LEGACY);
}
