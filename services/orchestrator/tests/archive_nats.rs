//! Sealed archives (`orchestrator::archive`) against a real nats-server: the archiver seals
//! the ended matches the index names (and no match in play), once, and finishes the work of a
//! pass killed between writing an archive and marking the index; an archive that does not
//! verify is written again; once the hot log no longer holds a match it is read from its
//! archive, and an archive changed in the bucket is refused naming what failed.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use api::log_v1::{commit_input, Commit, CommitInput, MatchCreated, SeatJoined};
use api::match_v1 as m;
use async_nats::jetstream;
use bytes::Bytes;
use eventlog::server::NatsServer;
use eventlog::{Archive, EventLog, JetStreamArchive, JetStreamLog, LogError, Role, StoredCommit};
use orchestrator::archive::{self, ArchivingLog};
use orchestrator::index::MatchIndex;
use prost::Message;

const PATIENCE: Duration = Duration::from_secs(15);
/// A wall time far after every commit written here (they say 1970).
const NOW_MS: i64 = 4_000_000_000_000;

fn signer() -> fairness::Signer {
    fairness::Signer::from_seed(&[7; 32])
}

async fn connect(server: &NatsServer) -> Arc<JetStreamLog> {
    Arc::new(JetStreamLog::connect(&server.url(), 1, &server.auth(Role::Orchestrator)).await.expect("connect"))
}

/// Writes signed, chained commits, as an orchestrator does.
struct Writer {
    log: Arc<JetStreamLog>,
    signer: fairness::Signer,
    chains: BTreeMap<String, (u64, [u8; 32], u64)>,
}

impl Writer {
    async fn append(&mut self, match_id: &str, input: commit_input::Input, awaiting: Option<api::rules_v1::Awaiting>) {
        let (last, hash, version) = self.chains.get(match_id).copied().map_or((None, None, 1), |(s, h, v)| (Some(s), Some(h), v + 1));
        let commit = Commit {
            match_id: match_id.into(),
            version,
            input: Some(CommitInput { input: Some(input) }),
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: hash.map(|h| h.to_vec()).unwrap_or_default(),
            written_at_ms: 1_000 + version as i64,
            awaiting,
            ..Default::default()
        };
        let payload = fairness::chain::seal(&self.signer, &commit.encode_to_vec());
        let new_hash = fairness::chain::commit_hash(&payload);
        let sequence = self.log.append(match_id, last, &format!("{match_id}/{version}"), Bytes::from(payload)).await.expect("append");
        self.chains.insert(match_id.to_string(), (sequence, new_hash, version));
    }

    /// A two-seat match with both seats joined, ended by its last commit if `ended`.
    async fn game(&mut self, match_id: &str, ended: bool) {
        let seat = m::SeatSpec::default();
        let config = api::rules_v1::MatchConfig { ruleset: "mainframe".into(), seats: vec![seat; 2], ..Default::default() };
        let created = MatchCreated { config: Some(config), orchestrator_public_key: self.signer.public_key().to_vec(), ..Default::default() };
        self.append(match_id, commit_input::Input::Created(created), None).await;
        self.append(match_id, commit_input::Input::Joined(SeatJoined { seat: 0, ..Default::default() }), None).await;
        let end = ended.then(|| api::rules_v1::Awaiting {
            what: Some(api::rules_v1::awaiting::What::Ended(api::rules_v1::Outcome { winners: vec![1], reason: "test".into() })),
        });
        self.append(match_id, commit_input::Input::Joined(SeatJoined { seat: 1, ..Default::default() }), end).await;
    }
}

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
    let admin = server.auth(Role::Admin).connect_options().await.expect("options").connect(server.url()).await.expect("admin");
    let js = jetstream::new(admin);
    let config = js.get_stream(eventlog::STREAM).await.expect("stream").info().await.expect("info").config.clone();
    js.delete_stream(eventlog::STREAM).await.expect("delete");
    js.create_stream(config).await.expect("create");
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
    let mut w = Writer { log: log.clone(), signer: signer(), chains: BTreeMap::new() };
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

    let done = archive::pass(&index, log.as_ref(), store.as_ref(), &s, Duration::ZERO, NOW_MS).await;
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
    let mut w = Writer { log: log.clone(), signer: signer(), chains: BTreeMap::new() };
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
