//! `JetStreamLog` against a real nats-server, one temporary server per test.

mod conformance;

use std::time::Duration;

use bytes::Bytes;
use eventlog::{EventLog, JetStreamLog, LogError, Role, Snapshot, StoredCommit, STREAM};
use eventlog_dev::server::NatsServer;

/// Every test runs as the orchestrator, with its real permissions.
async fn setup() -> (NatsServer, JetStreamLog) {
    let server = NatsServer::start_temp().await.expect("start nats-server");
    let log = connect(&server).await;
    (server, log)
}

async fn connect(server: &NatsServer) -> JetStreamLog {
    JetStreamLog::connect(&server.url(), 1, &server.auth(Role::Orchestrator)).await.expect("connect to nats-server as the orchestrator")
}

/// An operator's connection (the only one that may inspect the stream's configuration).
async fn admin(server: &NatsServer) -> async_nats::Client {
    server.auth(Role::Admin).connect_options().await.expect("admin options").connect(server.url()).await.expect("connect as admin")
}

#[tokio::test]
async fn roundtrip() {
    let (_server, log) = setup().await;
    conformance::roundtrip(&log).await;
}

#[tokio::test]
async fn conflicts() {
    let (_server, log) = setup().await;
    conformance::conflicts(&log).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_writers() {
    let (_server, log) = setup().await;
    conformance::racing_writers(&log).await;
}

/// Two independent connections (two orchestrator instances) race on one version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_connections() {
    let (server, a) = setup().await;
    let b = connect(&server).await;
    let s1 = a.append("rc-1", None, "rc-1/1", Bytes::from_static(b"base")).await.expect("base");
    for round in 0..5u64 {
        let last = a.read("rc-1", 0).await.expect("read").last().map(|c| c.sequence);
        assert!(last.is_some());
        let id = format!("rc-1/{}", round + 2);
        let (ra, rb) =
            tokio::join!(a.append("rc-1", last, &id, Bytes::from(format!("a{round}"))), b.append("rc-1", last, &id, Bytes::from(format!("b{round}"))),);
        assert!(matches!((&ra, &rb), (Ok(_), Err(LogError::Conflict { .. })) | (Err(LogError::Conflict { .. }), Ok(_))), "round {round}: {ra:?} / {rb:?}");
    }
    let all = a.read("rc-1", 0).await.expect("read");
    assert_eq!(all.len(), 6);
    assert_eq!(all[0].sequence, s1);
    assert_eq!(b.read("rc-1", 0).await.expect("read via b"), all);
}

#[tokio::test]
async fn dedup() {
    let (_server, log) = setup().await;
    conformance::dedup(&log).await;
}

#[tokio::test]
async fn read_from_version() {
    let (_server, log) = setup().await;
    conformance::read_from_version(&log).await;
}

#[tokio::test]
async fn read_until() {
    let (_server, log) = setup().await;
    conformance::read_until(&log).await;
}

#[tokio::test]
async fn read_after() {
    let (_server, log) = setup().await;
    conformance::read_after(&log).await;
}

#[tokio::test]
async fn interleaved_matches() {
    let (_server, log) = setup().await;
    conformance::interleaved_matches(&log).await;
}

#[tokio::test]
async fn watch() {
    let (_server, log) = setup().await;
    conformance::watch(&log).await;
}

#[tokio::test]
async fn snapshots() {
    let (_server, log) = setup().await;
    conformance::snapshots(&log).await;
}

#[tokio::test]
async fn invalid_ids() {
    let (_server, log) = setup().await;
    conformance::invalid_ids(&log).await;
}

/// A read of a longer log (more than one pull batch) terminates with every commit in order.
#[tokio::test]
async fn long_read() {
    let (server, log) = setup().await;
    let mut last = None;
    let mut seqs = Vec::new();
    for v in 1..=600u64 {
        let seq = log.append("long-1", last, &format!("long-1/{v}"), Bytes::from(v.to_string())).await.expect("append");
        last = Some(seq);
        seqs.push(seq);
    }
    let all = log.read("long-1", 0).await.expect("read");
    assert_eq!(all.len(), 600);
    for (i, c) in all.iter().enumerate() {
        assert_eq!(c.version, i as u64 + 1);
        assert_eq!(c.sequence, seqs[i]);
        assert_eq!(c.payload, Bytes::from((i + 1).to_string()));
    }
    let tail = log.read("long-1", 598).await.expect("read tail");
    assert_eq!(tail.iter().map(|c| c.version).collect::<Vec<_>>(), vec![598, 599, 600]);
    // Read consumers are cleaned up right away (not only after their 30 s inactivity).
    let js = async_nats::jetstream::new(admin(&server).await);
    let mut stream = js.get_stream(STREAM).await.expect("stream");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let consumers = stream.info().await.expect("info").state.consumer_count;
        if consumers == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{consumers} read consumers left");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn stream_is_immutable() {
    let (server, log) = setup().await;
    let seq = log.append("im-1", None, "im-1/1", Bytes::from_static(b"x")).await.expect("append");

    let js = async_nats::jetstream::new(admin(&server).await);
    let mut stream = js.get_stream(STREAM).await.expect("get stream");
    let info = stream.info().await.expect("info").clone();
    let config = &info.config;
    assert!(config.deny_delete, "deny_delete");
    assert!(config.deny_purge, "deny_purge");
    assert_eq!(config.max_age, Duration::ZERO);
    assert_eq!(config.discard, async_nats::jetstream::stream::DiscardPolicy::New);
    assert_eq!(config.storage, async_nats::jetstream::stream::StorageType::File);
    assert_eq!(config.subjects, vec!["match.*.events".to_string()]);
    assert_eq!(config.duplicate_window, Duration::from_secs(120));
    assert_eq!(config.num_replicas, 1);

    assert!(stream.purge().await.is_err(), "purge must be refused");
    assert!(stream.purge().filter("match.im-1.events").await.is_err(), "subject purge must be refused");
    assert!(stream.delete_message(seq).await.is_err(), "delete must be refused");
    assert_eq!(log.read("im-1", 0).await.expect("read").len(), 1);

    // Connecting again uses the existing stream as it is.
    let again = connect(&server).await;
    assert_eq!(again.read("im-1", 0).await.expect("read").len(), 1);
}

/// What a service whose key file is missing asks at start: a reader before the stream exists
/// and a writer on the new, empty stream both see no commit; after one append both see it.
#[tokio::test]
async fn whether_the_log_holds_a_commit_is_told_to_readers_and_writers_with_or_without_a_stream() {
    let server = NatsServer::start_temp().await.expect("start nats-server");
    let reader = JetStreamLog::connect_reader(&server.url(), &server.auth(Role::Randomness)).await.expect("reader");
    assert!(!reader.holds_commits().await.expect("no stream yet"), "no stream: no commit");
    let writer = connect(&server).await;
    assert!(!writer.holds_commits().await.expect("empty"), "an empty stream holds no commit");
    assert!(!reader.holds_commits().await.expect("empty"), "an empty stream holds no commit");
    writer.append("hc-1", None, "hc-1/1", Bytes::from_static(b"x")).await.expect("append");
    assert!(writer.holds_commits().await.expect("writer"));
    assert!(reader.holds_commits().await.expect("reader"));
}

#[tokio::test]
async fn restart_keeps_the_log() {
    let dir = tempfile::tempdir().expect("tempdir");
    let creds = eventlog::NatsCredentials::load_or_create(&dir.path().join("secrets")).expect("credentials");
    let server = NatsServer::start(dir.path(), 0, &creds).await.expect("start");
    let port = server.port();
    assert_eq!(server.store_dir(), dir.path());
    let log = connect(&server).await;
    let s1 = log.append("rs-1", None, "rs-1/1", Bytes::from_static(b"one")).await.expect("append");
    let s2 = log.append("rs-1", Some(s1), "rs-1/2", Bytes::from_static(b"two")).await.expect("append");
    let snap = Snapshot { version: 2, sequence: s2, state: Bytes::from_static(b"st") };
    log.put_snapshot("rs-1", snap.clone()).await.expect("snapshot");
    drop(log);
    server.stop().await;
    assert!(dir.path().exists(), "a persistent store survives stop");

    // The same passwords, loaded again from their files.
    let creds = eventlog::NatsCredentials::load_or_create(&dir.path().join("secrets")).expect("credentials");
    let server = NatsServer::start(dir.path(), port, &creds).await.expect("restart");
    assert_eq!(server.port(), port);
    let log = connect(&server).await;
    assert_eq!(
        log.read("rs-1", 0).await.expect("read"),
        vec![
            StoredCommit { version: 1, sequence: s1, payload: Bytes::from_static(b"one") },
            StoredCommit { version: 2, sequence: s2, payload: Bytes::from_static(b"two") },
        ]
    );
    assert_eq!(log.get_snapshot("rs-1").await.expect("get snapshot"), Some(snap));
    // Concurrency control still holds after the restart.
    let err = log.append("rs-1", Some(s1), "rs-1/3-stale", Bytes::from_static(b"stale")).await.expect_err("stale");
    assert!(matches!(err, LogError::Conflict { .. }), "{err:?}");
    log.append("rs-1", Some(s2), "rs-1/3", Bytes::from_static(b"three")).await.expect("append");
    server.stop().await;
}

/// With the server gone, operations fail as Unavailable (not Other, not a hang).
#[tokio::test]
async fn server_down_is_unavailable() {
    let (server, log) = setup().await;
    log.append("dn-1", None, "dn-1/1", Bytes::from_static(b"x")).await.expect("append");
    server.stop().await;
    let started = std::time::Instant::now();
    let err = log.append("dn-1", None, "dn-1/2", Bytes::from_static(b"y")).await.expect_err("append with the server down");
    assert!(matches!(err, LogError::Unavailable(_)), "{err:?}");
    assert!(started.elapsed() < Duration::from_secs(60));
    let err = log.read("dn-1", 0).await.expect_err("read with the server down");
    assert!(matches!(err, LogError::Unavailable(_)), "{err:?}");
    let err = JetStreamLog::connect("nats://127.0.0.1:1", 1, &Default::default()).await.expect_err("connect");
    assert!(matches!(err, LogError::Unavailable(_)), "{err:?}");
}

#[tokio::test]
async fn temp_servers_are_independent_and_cleaned_up() {
    let a = NatsServer::start_temp().await.expect("a");
    let b = NatsServer::start_temp().await.expect("b");
    assert_ne!(a.port(), b.port());
    assert!(a.url().starts_with("nats://127.0.0.1:"));
    let store = a.store_dir().to_path_buf();
    assert!(store.exists());
    drop(a);
    assert!(!store.exists(), "a temporary store is removed on drop");
    let store_b = b.store_dir().to_path_buf();
    b.stop().await;
    assert!(!store_b.exists(), "a temporary store is removed on stop");
}

/// The whole log followed from a stream sequence, in order, then live; the index bucket's
/// conditional puts and its watch (current values, caught up, then live).
#[tokio::test]
async fn follow_and_the_index_bucket() {
    use futures::StreamExt;
    let (_server, log) = setup().await;
    log.append("fa", None, "fa/1", Bytes::from_static(b"a1")).await.unwrap();
    let b1 = log.append("fb", None, "fb/1", Bytes::from_static(b"b1")).await.unwrap();
    let mut follow = log.follow(eventlog::STREAM, b1).await.unwrap();
    async fn next(f: &mut futures::stream::BoxStream<'static, Result<eventlog::LoggedCommit, LogError>>) -> eventlog::LoggedCommit {
        tokio::time::timeout(Duration::from_secs(10), f.next()).await.unwrap().unwrap().unwrap()
    }
    let first = next(&mut follow).await;
    assert_eq!((first.match_id.as_str(), first.sequence), ("fb", b1));
    log.append("fa", Some(1), "fa/2", Bytes::from_static(b"a2")).await.unwrap();
    let live = next(&mut follow).await;
    assert_eq!((live.match_id.as_str(), live.payload), ("fa", Bytes::from_static(b"a2")));

    let mut empty = log.index_watch().await.unwrap();
    assert_eq!(empty.next().await.unwrap().unwrap(), eventlog::IndexEvent::CaughtUp, "an empty bucket is caught up at once");
    let r = log.index_put("fa", Bytes::from_static(b"v1"), 0).await.unwrap();
    log.index_put("fb", Bytes::from_static(b"w1"), 0).await.unwrap();
    assert!(matches!(log.index_put("fa", Bytes::from_static(b"v0"), 0).await, Err(eventlog::LogError::Conflict { .. })));
    let r2 = log.index_put("fa", Bytes::from_static(b"v2"), r).await.unwrap();
    let mut watch = log.index_watch().await.unwrap();
    let mut seen = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), watch.next()).await.unwrap().unwrap().unwrap() {
            eventlog::IndexEvent::CaughtUp => break,
            eventlog::IndexEvent::Entry { key, value, .. } => seen.push((key, value)),
        }
    }
    seen.sort();
    assert_eq!(seen, [("fa".to_string(), Bytes::from_static(b"v2")), ("fb".to_string(), Bytes::from_static(b"w1"))]);
    log.index_put("fa", Bytes::from_static(b"v3"), r2).await.unwrap();
    let live = tokio::time::timeout(Duration::from_secs(10), watch.next()).await.unwrap().unwrap().unwrap();
    assert!(matches!(live, eventlog::IndexEvent::Entry { ref key, ref value, .. } if key == "fa" && value == &Bytes::from_static(b"v3")), "{live:?}");
}

/// A watch of a large index gets through it: the watch is a push consumer whose flow-control
/// replies the orchestrator must be allowed to send (without them delivery stopped after about
/// 4,500 entries).
#[tokio::test]
async fn the_index_watch_delivers_ten_thousand_entries() {
    use futures::StreamExt;
    let (_server, log) = setup().await;
    let n = 10_000;
    let mut puts = futures::stream::FuturesUnordered::new();
    for i in 0..n {
        let log = log.clone();
        puts.push(async move { log.index_put(&format!("k{i}"), Bytes::from(vec![b'x'; 300]), 0).await.unwrap() });
        if puts.len() >= 64 {
            puts.next().await;
        }
    }
    while puts.next().await.is_some() {}
    let mut watch = log.index_watch().await.unwrap();
    let mut count = 0;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), watch.next()).await.unwrap().unwrap().unwrap() {
            eventlog::IndexEvent::CaughtUp => break,
            eventlog::IndexEvent::Entry { .. } => count += 1,
        }
    }
    assert_eq!(count, n);
}
