//! The archive bucket against a real nats-server: an archive reads back as put, chunk by chunk,
//! and stored bytes that changed at rest (one byte flipped in the bucket's files while the
//! server was stopped) are `LogError::Corrupt` naming the match and the digest that failed,
//! never a transient error a client would retry (issue 36). (After a crash, nats-server checks
//! its files as it starts and drops what follows a damaged message instead: the archive is then
//! missing, which the orchestrator reports as lost from the index, `ArchivingLog::vanished`.)

use std::path::{Path, PathBuf};

use bytes::Bytes;
use eventlog::{Archive, JetStreamArchive, JetStreamLog, LogError, Role};
use eventlog_dev::server::NatsServer;

/// The message block files of stream `name` under a server's store.
fn blocks_of(store: &Path, name: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![store.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read the store").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "blk") && path.components().any(|c| c.as_os_str() == name) {
                found.push(path);
            }
        }
    }
    found
}

#[tokio::test]
async fn an_archive_reads_back_whole_and_a_flipped_byte_at_rest_is_corrupt_naming_the_match() {
    let store = tempfile::tempdir().expect("a store");
    let credentials = eventlog::NatsCredentials::load_or_create(&store.path().join("secrets")).expect("credentials");
    let server = NatsServer::start(store.path(), 0, &credentials).await.expect("start");
    let log = JetStreamLog::connect(&server.url(), 1, &server.auth(Role::Orchestrator)).await.expect("orchestrator");
    let bucket = JetStreamArchive::open(&log, 1).await.expect("the bucket");
    // Three chunks (128 KiB each), with a marker in the second one to find on disk.
    let mut blob: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    blob[200_000..200_016].copy_from_slice(b"ARCHIVE-MARKER-1");
    bucket.put("m-1", Bytes::from(blob.clone())).await.expect("put");
    bucket.put("m-2", Bytes::from_static(b"another")).await.expect("put");
    assert_eq!(bucket.get("m-1").await.expect("get"), Some(Bytes::from(blob.clone())));
    assert_eq!(bucket.get("none").await.expect("get"), None);
    assert_eq!(bucket.list().await.expect("list"), vec!["m-1".to_string(), "m-2".to_string()]);
    let reader = JetStreamArchive::connect_read_only(&server.url(), &server.auth(Role::Admin)).await.expect("connect").expect("the bucket exists");
    assert_eq!(reader.get("m-1").await.expect("get"), Some(Bytes::from(blob.clone())));

    // One byte flipped in the bucket's files while the server is stopped.
    let port = server.port();
    server.stop().await;
    let mut flipped = 0;
    for path in blocks_of(store.path(), &format!("OBJ_{}", eventlog::ARCHIVE_BUCKET)) {
        let mut bytes = std::fs::read(&path).expect("read a block");
        if let Some(at) = bytes.windows(16).position(|w| w == b"ARCHIVE-MARKER-1") {
            bytes[at + 3] ^= 0x20;
            std::fs::write(&path, bytes).expect("write the block back");
            flipped += 1;
        }
    }
    assert_eq!(flipped, 1, "the marker is in one block");
    let restarted = NatsServer::start(store.path(), port, &credentials).await.expect("restart");
    let log = JetStreamLog::connect(&restarted.url(), 1, &restarted.auth(Role::Orchestrator)).await.expect("orchestrator");
    let bucket = JetStreamArchive::open(&log, 1).await.expect("the bucket");
    match bucket.get("m-1").await {
        Err(LogError::Corrupt(why)) => {
            println!("{why}");
            assert!(why.contains("m-1"), "names the match: {why}");
            assert!(why.contains("digest") || why.contains("chunks"), "says what failed: {why}");
        }
        other => panic!("a flipped byte read as {other:?}"),
    }
    assert_eq!(bucket.get("m-2").await.expect("the other archive"), Some(Bytes::from_static(b"another")));
}
