//! Sealed archives (`orchestrator::archive`) against a real nats-server: the archiver seals
//! the ended matches the index names (and no match in play), once, and finishes the work of a
//! pass killed between writing an archive and marking the index; an archive that does not
//! verify is written again; once the hot log no longer holds a match it is read from its
//! archive, and an archive changed in the bucket is refused naming what failed; and the
//! fault test: archiver passes and NATS killed at random points during sealing.

mod support;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use api::match_v1 as m;
use bytes::Bytes;
use eventlog::{Archive, EventLog, JetStreamArchive, JetStreamLog, LogError, Role, StoredCommit};
use eventlog_dev::server::NatsServer;
use orchestrator::archive::{self, ArchivingLog};
use orchestrator::index::MatchIndex;
use support::{connect, signer, Writer};

const PATIENCE: Duration = Duration::from_secs(15);
/// A wall time far after every commit written here (they say 1970).
const NOW_MS: i64 = 4_000_000_000_000;

/// Wait until the index copy has `n` ended matches to archive.
async fn until_ended(index: &MatchIndex, n: usize) {
    let deadline = Instant::now() + PATIENCE;
    while index.to_archive(NOW_MS).len() < n {
        assert!(Instant::now() < deadline, "the index never showed {n} ended matches");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn archived_at(log_value: Option<(u64, Bytes)>) -> i64 {
    let (_, value) = log_value.expect("an index entry");
    serde_json::from_slice::<orchestrator::index::Entry>(&value).expect("an entry").archived_at_ms
}

/// As the NATS admin: delete the match stream and create it again empty (what a period
/// stream leaving the hot log looks like to a reader).
async fn empty_the_hot_log(server: &NatsServer) {
    server.recreate_empty(eventlog::STREAM).await.expect("empty the hot log");
}

fn refusal(r: Result<Vec<StoredCommit>, LogError>) -> String {
    match r {
        Err(LogError::Corrupt(m)) => m,
        other => panic!("expected a refused archive, got {other:?}"),
    }
}

#[tokio::test]
async fn the_archiver_seals_ended_matches_once_resumes_after_a_kill_and_rewrites_a_broken_archive() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = connect(&server).await;
    let store = Arc::new(JetStreamArchive::open(&log, 1).await.expect("archive bucket"));
    let index = Arc::new(MatchIndex::new(log.clone(), signer().public_key()));
    let _tasks = index.start();
    let mut w = Writer::new(log.clone());
    for id in ["done-1", "done-2", "done-3"] {
        w.game(id, true).await;
    }
    w.game("live-1", false).await;
    until_ended(&index, 3).await;
    let s = signer();

    // A pass killed after it wrote the archive of done-2 and before it marked the index, and
    // an archive of done-3 that does not verify (a torn or changed write).
    let done2 = log.read("done-2", 1).await.expect("read");
    store.put("done-2", archive::seal("done-2", &done2, 1003, &s).expect("seal")).await.expect("put");
    store.put("done-3", Bytes::from_static(b"not an archive")).await.expect("put");
    // Not yet: the matches ended less than the delay ago.
    let early = archive::pass(&index, log.as_ref(), store.as_ref(), &s, Duration::from_secs(60), 1_004).await;
    assert_eq!(early, archive::Pass::default());

    let mut done = archive::pass(&index, log.as_ref(), store.as_ref(), &s, Duration::ZERO, NOW_MS).await;
    done.archived.sort();
    assert_eq!(done.archived, ["done-1", "done-2", "done-3"], "{done:?}");
    assert_eq!(done.rewritten, ["done-3"], "only the broken archive is written again");
    assert!(done.failed.is_empty(), "{done:?}");
    for id in ["done-1", "done-2", "done-3"] {
        assert_eq!(archived_at(log.index_get(id).await.expect("get")), NOW_MS, "{id} marked");
        let blob = store.get(id).await.expect("get").expect("an archive");
        let (manifest, commits) = archive::open(id, &blob, &s.orchestrator_key()).expect("it verifies");
        assert_eq!(commits, log.read(id, 1).await.expect("read"), "{id}: the hot log's bytes");
        assert_eq!((manifest.commits, manifest.ended_at_ms), (3, 1003));
    }
    assert_eq!(archived_at(log.index_get("live-1").await.expect("get")), 0, "a match in play is never archived");
    assert_eq!(store.get("live-1").await.expect("get"), None);
    // Idempotent: a second pass finds nothing to do.
    let again = archive::pass(&index, log.as_ref(), store.as_ref(), &s, Duration::ZERO, NOW_MS).await;
    assert_eq!(again, archive::Pass::default());
}

#[tokio::test]
async fn a_sealed_match_is_read_from_its_archive_and_a_changed_archive_is_refused() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = connect(&server).await;
    let store = Arc::new(JetStreamArchive::open(&log, 1).await.expect("archive bucket"));
    let s = signer();
    let mut w = Writer::new(log.clone());
    w.game("done-1", true).await;
    let before = log.read("done-1", 1).await.expect("read");
    store.put("done-1", archive::seal("done-1", &before, 1003, &s).expect("seal")).await.expect("put");

    empty_the_hot_log(&server).await;
    let hot = connect(&server).await;
    assert!(hot.read("done-1", 1).await.expect("read").is_empty(), "the hot log no longer holds it");
    let reader = ArchivingLog::new(hot.clone(), store.clone(), s.orchestrator_key());
    assert_eq!(reader.read("done-1", 1).await.expect("read"), before, "the same stored bytes and sequences");
    assert_eq!(reader.last_commit("done-1").await.expect("last"), before.last().map(|c| (c.sequence, c.payload.clone())));
    assert!(
        matches!(reader.append("done-1", None, "done-1/1", before[0].payload.clone()).await, Err(LogError::Conflict { .. })),
        "a new match cannot take a sealed match's id"
    );

    // Whoever can write the bucket changes one byte of commit 2, then one of the manifest.
    let blob = store.get("done-1").await.expect("get").expect("archive").to_vec();
    let manifest_len = u32::from_be_bytes(blob[..4].try_into().unwrap()) as usize;
    let second = 4 + manifest_len + 64 + 12 + before[0].payload.len() + 12 + 5;
    let mut changed = blob.clone();
    changed[second] ^= 1;
    store.put("done-1", Bytes::from(changed)).await.expect("put");
    let why = refusal(reader.read("done-1", 1).await);
    assert!(why.contains("archive of match done-1 is refused") && why.contains("commits section hashes to"), "{why}");
    let mut forged = blob.clone();
    forged[4 + 2 + "done-1".len() + 7] ^= 1; // the commit count
    store.put("done-1", Bytes::from(forged)).await.expect("put");
    let why = refusal(reader.read("done-1", 1).await);
    assert!(why.contains("manifest's signature does not verify"), "{why}");
}

/// Every match of `originals` reads as its original bytes (from the hot log or its archive),
/// the index lists each exactly once, and every match marked archived has an archive that
/// verifies and holds exactly those bytes. `Err` while NATS cannot answer yet.
async fn invariants(
    index: &MatchIndex,
    hot: &JetStreamLog,
    reader: &ArchivingLog,
    store: &JetStreamArchive,
    originals: &BTreeMap<String, Vec<StoredCommit>>,
) -> Result<usize, String> {
    let key = signer().orchestrator_key();
    let mut archived = 0;
    for (id, original) in originals {
        let read = reader.read(id, 1).await.map_err(|e| e.to_string())?;
        assert_eq!(&read, original, "{id} reads as it was (hot or archived, never neither)");
        let entry = hot.index_get(id).await.map_err(|e| e.to_string())?;
        if archived_at(entry) != 0 {
            let blob = store.get(id).await.map_err(|e| e.to_string())?.expect("a match marked archived has an archive");
            let (_, commits) = archive::open(id, &blob, &key).expect("a marked archive verifies");
            assert_eq!(&commits, original, "{id}: the archive holds the original bytes");
            archived += 1;
        }
    }
    let mut req = m::ListMatchesRequest::default();
    let mut listed = Vec::new();
    loop {
        let page = index.list(&req).await.map_err(|e| e.to_string())?;
        listed.extend(page.matches.into_iter().map(|s| s.match_id));
        if page.next_page_token.is_empty() {
            break;
        }
        req.page_token = page.next_page_token;
    }
    let unique: std::collections::BTreeSet<&String> = listed.iter().collect();
    assert_eq!(unique.len(), listed.len(), "no match is listed twice");
    assert_eq!(listed.len(), originals.len(), "every match is listed");
    Ok(archived)
}

/// The archiving fault test: archiver passes killed at pseudo-random points, and NATS killed
/// (SIGKILL) under every other one; after each, every match reads as it was, none is listed
/// twice, and every archive marked is whole. A last pass without faults seals every ended
/// match, and only those.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn archiving_survives_the_archiver_and_nats_killed_at_random_points() {
    let dir = tempfile::tempdir().expect("tempdir");
    let credentials = eventlog::NatsCredentials::load_or_create(&dir.path().join("secrets")).expect("credentials");
    let store_dir = dir.path().join("nats");
    let mut server = NatsServer::start(&store_dir, 0, &credentials).await.expect("start");
    let port = server.port();
    let url = server.url();
    let hot = Arc::new(JetStreamLog::connect(&url, 1, &credentials.auth(Role::Orchestrator)).await.expect("connect"));
    let store = Arc::new(JetStreamArchive::open(&hot, 1).await.expect("archive bucket"));
    let index = Arc::new(MatchIndex::new(hot.clone(), signer().public_key()));
    let _tasks = index.start();
    let reader = ArchivingLog::new(hot.clone(), store.clone(), signer().orchestrator_key());
    let mut w = Writer::new(hot.clone());
    let ended: Vec<String> = (0..48).map(|i| format!("end-{i:02}")).collect();
    for id in &ended {
        w.game(id, true).await;
    }
    for id in ["live-1", "live-2"] {
        w.game(id, false).await;
    }
    until_ended(&index, ended.len()).await;
    let mut originals = BTreeMap::new();
    for id in ended.iter().map(String::as_str).chain(["live-1", "live-2"]) {
        originals.insert(id.to_string(), hot.read(id, 1).await.expect("read"));
    }
    let s = Arc::new(signer());
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    // Matches archived after each round: the faults must have cut some pass short.
    let mut counts = Vec::new();
    for round in 0..8 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let (index2, hot2, store2, s2) = (index.clone(), hot.clone(), store.clone(), s.clone());
        let archiver = tokio::spawn(async move { archive::pass(&index2, hot2.as_ref(), store2.as_ref(), &s2, Duration::ZERO, NOW_MS).await });
        tokio::time::sleep(Duration::from_millis(rng % 60)).await;
        if round % 2 == 1 {
            server.kill();
        }
        archiver.abort();
        let _ = archiver.await;
        if round % 2 == 1 {
            server = NatsServer::start(&store_dir, port, &credentials).await.expect("restart");
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            match invariants(&index, &hot, &reader, &store, &originals).await {
                Ok(n) => {
                    counts.push(n);
                    break;
                }
                Err(e) => {
                    assert!(Instant::now() < deadline, "round {round}: NATS never answered again: {e}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
    }
    assert!(counts.iter().any(|&n| n < ended.len()), "no pass was cut short: {counts:?}");
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "a mark never goes away: {counts:?}");
    let last = archive::pass(&index, hot.as_ref(), store.as_ref(), &s, Duration::ZERO, NOW_MS).await;
    assert!(last.failed.is_empty(), "{last:?}");
    let archived = invariants(&index, &hot, &reader, &store, &originals).await.expect("NATS is up");
    assert_eq!(archived, ended.len(), "every ended match sealed, no live one");
    server.stop().await;
}
