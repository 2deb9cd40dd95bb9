//! The service against an in-memory log: what it draws, reveals and refuses.

use std::sync::Arc;

use api::log_v1::commit_input::Input;
use api::log_v1::Commit;
use api::randomness_v1 as rnd;
use api::randomness_v1::randomness_service_server::RandomnessService;
use api::rules_v1::awaiting::What;
use eventlog::EventLog;
use fairness::DrawKind;
use prost::Message;
use tonic::{Request, Status};

use crate::{Keys, Randomness};
use api::log_v1 as l;
use api::rules_v1 as r;

const ID: &str = "m1";

/// A log of a 2-seat match, signed by `orchestrator`, whose last commit awaits draw 0
/// ("deal", shuffle 10).
async fn log_awaiting_a_draw(orchestrator: &fairness::Signer) -> (Arc<eventlog_dev::MemoryLog>, Vec<Vec<u8>>) {
    let created = l::MatchCreated { randomness_public_key: service_keys().public_key().to_vec(), ..Default::default() };
    log_of(orchestrator, created).await
}

/// [`log_awaiting_a_draw`] with the randomness fields of `created` (its config and
/// orchestrator key are set here).
async fn log_of(orchestrator: &fairness::Signer, created: l::MatchCreated) -> (Arc<eventlog_dev::MemoryLog>, Vec<Vec<u8>>) {
    let log = Arc::new(eventlog_dev::MemoryLog::new());
    let awaiting = r::Awaiting { what: Some(What::Draw(r::DrawRequest { index: 0, purpose: "deal".into(), kind: Some(r::draw_request::Kind::Shuffle(10)) })) };
    let entropies = vec![vec![1u8; 32], vec![2u8; 32]];
    let mut inputs = vec![Input::Created(l::MatchCreated {
        config: Some(r::MatchConfig { ruleset: "mainframe".into(), seats: vec![Default::default(), Default::default()], ..Default::default() }),
        orchestrator_public_key: orchestrator.public_key().to_vec(),
        ..created
    })];
    for (seat, e) in entropies.iter().enumerate() {
        inputs.push(Input::Joined(l::SeatJoined { seat: seat as u32, entropy: e.clone(), token_hash: vec![0; 32], ..Default::default() }));
    }
    let mut previous: Option<(u64, [u8; 32])> = None;
    for (i, input) in inputs.into_iter().enumerate() {
        let commit = Commit {
            match_id: ID.into(),
            version: i as u64 + 1,
            input: Some(l::CommitInput { input: Some(input) }),
            awaiting: Some(awaiting.clone()),
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: previous.map(|p| p.1.to_vec()).unwrap_or_default(),
            ..Default::default()
        };
        let stored = fairness::chain::seal(orchestrator, &commit.encode_to_vec());
        let hash = fairness::chain::commit_hash(&stored);
        let seq = log.append(ID, previous.map(|p| p.0), &format!("c{i}"), stored.into()).await.expect("append");
        previous = Some((seq, hash));
    }
    (log, entropies)
}

/// The keys of [`service`], which the test logs name at creation.
fn service_keys() -> Keys {
    Keys::from_bytes([5; 32], [6; 32])
}

fn service(log: Arc<eventlog_dev::MemoryLog>) -> Randomness {
    Randomness::new(service_keys(), log)
}

fn draw(index: u64, purpose: &str, kind: rnd::draw_request::Kind, seat_entropies: Vec<Vec<u8>>) -> Request<rnd::DrawRequest> {
    Request::new(rnd::DrawRequest { match_id: ID.into(), seat_entropies, index, purpose: purpose.into(), kind: Some(kind) })
}

/// Scheme v2: this service as node 1 of three answers the awaited draw with its signed share
/// (the one its secret gives for that position), and refuses a log whose commitment at its
/// position is not its own.
#[tokio::test]
async fn as_a_node_of_several_it_answers_its_signed_share_and_checks_its_logged_commitment() {
    use rnd::draw_request::Kind;
    let orchestrator = fairness::Signer::from_seed(&[9; 32]);
    let own = service_keys();
    let secret = fairness::derive_match_secret(&[5; 32], ID);
    let commit = service(Arc::new(eventlog_dev::MemoryLog::new()))
        .commit(Request::new(rnd::CommitRequest { match_id: ID.into(), scheme: fairness::v2::SCHEME.into(), node: 1 }))
        .await
        .expect("commit")
        .into_inner();
    assert_eq!(commit.scheme, fairness::v2::SCHEME);
    assert_eq!(commit.commitment, fairness::v2::node_commitment(ID, 1, &own.public_key(), &secret).to_vec());
    let node = |j: u8, commitment: Vec<u8>| l::RandomnessNode {
        name: format!("n{j}"),
        public_key: fairness::Signer::from_seed(&[j; 32]).public_key().to_vec(),
        commitment,
    };
    let nodes = vec![
        node(1, vec![1; 32]),
        l::RandomnessNode { name: "me".into(), public_key: own.public_key().to_vec(), commitment: commit.commitment.clone() },
        node(3, vec![3; 32]),
    ];
    let (log, entropies) =
        log_of(&orchestrator, l::MatchCreated { randomness_scheme: fairness::v2::SCHEME.into(), randomness_nodes: nodes.clone(), ..Default::default() }).await;
    let answer = service(log).draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("the awaited draw").into_inner();
    assert!(answer.values.is_empty());
    let key = fairness::v2::node_key(&secret, ID, 1, &entropies).expect("key");
    let share = fairness::v2::share(&key, "deal", 0, DrawKind::Shuffle(10)).expect("share");
    assert_eq!(answer.share, share.to_vec());
    let message = fairness::v2::share_message(ID, 1, "deal", 0, DrawKind::Shuffle(10), &share);
    fairness::verify_signature(&own.public_key(), &message, &answer.signature).expect("signed by the node");

    let mut wrong = nodes;
    wrong[1].commitment[0] ^= 1;
    let (log, entropies) =
        log_of(&orchestrator, l::MatchCreated { randomness_scheme: fairness::v2::SCHEME.into(), randomness_nodes: wrong, ..Default::default() }).await;
    let err = service(log).draw(draw(0, "deal", Kind::Shuffle(10), entropies)).await.expect_err("not its commitment");
    assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
    assert!(err.message().contains("node 1"), "{}", err.message());
}

#[tokio::test]
async fn only_the_awaited_draw_with_the_logged_entropies_is_answered() {
    let orchestrator = fairness::Signer::from_seed(&[9; 32]);
    let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
    let svc = service(log);
    use rnd::draw_request::Kind;
    let ok = svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("awaited");
    assert_eq!(ok.get_ref().values.len(), 10);
    for (what, req) in [
        ("next index", draw(1, "deal", Kind::Shuffle(10), entropies.clone())),
        ("other purpose", draw(0, "d20", Kind::Shuffle(10), entropies.clone())),
        ("other kind", draw(0, "deal", Kind::Range(10), entropies.clone())),
        ("other entropies", draw(0, "deal", Kind::Shuffle(10), vec![vec![1; 32], vec![3; 32]])),
        ("missing entropy", draw(0, "deal", Kind::Shuffle(10), vec![vec![1; 32]])),
    ] {
        let err = svc.draw(req).await.expect_err(what);
        assert_eq!(err.code(), tonic::Code::FailedPrecondition, "{what}: {}", err.message());
    }
    let unknown = Request::new(rnd::DrawRequest { match_id: "other".into(), ..draw(0, "deal", Kind::Shuffle(10), entropies).into_inner() });
    assert_eq!(svc.draw(unknown).await.expect_err("unknown").code(), tonic::Code::NotFound);
    let err = svc.reveal(Request::new(rnd::RevealRequest { match_id: ID.into() })).await.expect_err("not ended");
    assert_eq!(err.code(), tonic::Code::FailedPrecondition);
}

#[tokio::test]
async fn a_match_created_under_other_keys_is_refused_naming_both_keys_and_nothing_is_drawn_or_revealed() {
    use rnd::draw_request::Kind;
    let orchestrator = fairness::Signer::from_seed(&[9; 32]);
    let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
    // The same service with other keys (a lost key file replaced by new ones).
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("randomness.json");
    let new = Keys::load_or_create_if(&path, eventlog::MissingKey::CreateAsked).expect("new keys");
    let new_key = fairness::chain::short_hex(&new.public_key());
    let svc = Randomness::new(new, log.clone());
    let old_key = fairness::chain::short_hex(&service_keys().public_key());
    let refused = |what: &str, err: Status| {
        assert_eq!(err.code(), tonic::Code::FailedPrecondition, "{what}: {}", err.message());
        for part in [old_key.as_str(), new_key.as_str(), "restore the key file that created this match", &path.display().to_string()] {
            assert!(err.message().contains(part), "{what}: {part:?} not in {}", err.message());
        }
    };
    let started = std::time::Instant::now();
    refused("draw", svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect_err("other keys"));
    assert!(started.elapsed() < std::time::Duration::from_millis(300), "a key mismatch is not read again as a lagging replica");
    refused("reveal", svc.reveal(Request::new(rnd::RevealRequest { match_id: ID.into() })).await.expect_err("other keys"));
    refused("commit", svc.commit(Request::new(rnd::CommitRequest { match_id: ID.into(), ..Default::default() })).await.expect_err("other keys"));
    // A new match (no log yet) is committed to with the new keys.
    let fresh = svc.commit(Request::new(rnd::CommitRequest { match_id: "m2".into(), ..Default::default() })).await.expect("a new match");
    assert_eq!(fresh.get_ref().public_key, svc.keys.public_key().to_vec());
    // The keys that created the match still draw for it.
    service(log).draw(draw(0, "deal", Kind::Shuffle(10), entropies)).await.expect("its own keys draw");
}

#[test]
fn new_keys_are_made_for_an_empty_log_or_when_asked_and_never_silently_over_matches() {
    use eventlog::MissingKey;
    let dir = tempfile::tempdir().expect("tempdir");
    // The log holds matches and nobody asked: refused, saying what to do, and no file made.
    let path = dir.path().join("keys").join("randomness.json");
    let err = Keys::load_or_create_if(&path, MissingKey::judge(true, false)).err().expect("refused").to_string();
    for part in [
        path.display().to_string().as_str(),
        "missing",
        "unverifiable",
        "Restore the key file",
        "--new-key",
        "ARBITER_RANDOMNESS_NEW_KEY",
        "arbiter up --new-keys",
    ] {
        assert!(err.contains(part), "{part:?} not in {err}");
    }
    assert!(!path.exists(), "no key file is made on a refusal");
    // An empty log: new keys, kept in a private file, loaded again whatever the rule says.
    let first = Keys::load_or_create_if(&path, MissingKey::judge(false, false)).expect("created").public_key();
    assert_eq!(Keys::load_or_create_if(&path, MissingKey::Refuse).expect("loaded").public_key(), first);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&path).expect("metadata").permissions().mode() & 0o777, 0o600);
    }
    // Asked for: new keys over a log that holds matches, but an existing file is kept.
    let asked = dir.path().join("asked.json");
    let made = Keys::load_or_create_if(&asked, MissingKey::judge(true, true)).expect("created on purpose").public_key();
    assert_ne!(made, first);
    assert_eq!(Keys::load_or_create_if(&path, MissingKey::judge(true, true)).expect("loaded").public_key(), first);
}

/// A log that counts the reads of commits in between (`read`, `read_after`).
struct CountingLog {
    inner: Arc<eventlog_dev::MemoryLog>,
    reads: std::sync::atomic::AtomicUsize,
}

#[async_trait::async_trait]
impl EventLog for CountingLog {
    async fn append(&self, m: &str, e: Option<u64>, id: &str, p: bytes::Bytes) -> Result<u64, eventlog::LogError> {
        self.inner.append(m, e, id, p).await
    }
    async fn read(&self, m: &str, from: u64) -> Result<Vec<eventlog::StoredCommit>, eventlog::LogError> {
        self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.inner.read(m, from).await
    }
    async fn read_after(&self, m: &str, after: u64, next: u64) -> Result<Vec<eventlog::StoredCommit>, eventlog::LogError> {
        self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.inner.read_after(m, after, next).await
    }
    async fn last_commit(&self, m: &str) -> Result<Option<(u64, bytes::Bytes)>, eventlog::LogError> {
        self.inner.last_commit(m).await
    }
    async fn watch(
        &self,
        m: &str,
        from: u64,
    ) -> Result<futures::stream::BoxStream<'static, Result<eventlog::StoredCommit, eventlog::LogError>>, eventlog::LogError> {
        self.inner.watch(m, from).await
    }
    async fn put_snapshot(&self, m: &str, s: eventlog::Snapshot) -> Result<(), eventlog::LogError> {
        self.inner.put_snapshot(m, s).await
    }
    async fn get_snapshot(&self, m: &str) -> Result<Option<eventlog::Snapshot>, eventlog::LogError> {
        self.inner.get_snapshot(m).await
    }
}

/// Append `count` commits signed by `signer` after the log's last one, the last awaiting
/// draw `index`; returns the stored last one before them.
async fn append_run(log: &eventlog_dev::MemoryLog, signer: &fairness::Signer, count: u64, index: u64) -> eventlog::StoredCommit {
    let before = log.read(ID, 1).await.expect("read").pop().expect("commits");
    let mut last = before.clone();
    for i in 0..count {
        let awaited = if i + 1 == count { index } else { 1000 + i };
        let commit = Commit {
            match_id: ID.into(),
            version: last.version + 1,
            input: Some(l::CommitInput { input: Some(Input::Decision(l::SeatDecision::default())) }),
            awaiting: Some(r::Awaiting {
                what: Some(What::Draw(r::DrawRequest { index: awaited, purpose: "d20".into(), kind: Some(r::draw_request::Kind::Range(20)) })),
            }),
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: fairness::chain::commit_hash(&last.payload).to_vec(),
            ..Default::default()
        };
        let payload = fairness::chain::seal(signer, &commit.encode_to_vec());
        log.append(ID, Some(last.sequence), &format!("run-{}", last.version + 1), payload.into()).await.expect("append");
        last = log.read(ID, 1).await.expect("read").pop().expect("commits");
    }
    before
}

#[tokio::test]
async fn once_every_seat_has_joined_a_draw_reads_only_the_last_commit_and_still_refuses_forgeries() {
    use rnd::draw_request::Kind;
    let orchestrator = fairness::Signer::from_seed(&[9; 32]);
    let (memory, entropies) = log_awaiting_a_draw(&orchestrator).await;
    let counting = Arc::new(CountingLog { inner: memory.clone(), reads: Default::default() });
    let svc = Randomness::new(Keys::from_bytes([5; 32], [6; 32]), counting.clone());
    let reads = || counting.reads.load(std::sync::atomic::Ordering::SeqCst);
    svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("the first draw reads the log");
    assert_eq!(reads(), 1);

    // Thirty honest commits later, draw 1: one read of the last commit, none in between.
    append_run(&memory, &orchestrator, 30, 1).await;
    let fast = svc.draw(draw(1, "d20", Kind::Range(20), entropies.clone())).await.expect("draw 1");
    assert_eq!(reads(), 1, "nothing but the last commit was read");
    // The same outcome as a service that checks the whole log.
    let slow = service(memory.clone()).draw(draw(1, "d20", Kind::Range(20), entropies.clone())).await.expect("draw 1");
    assert_eq!(fast.get_ref().values, slow.get_ref().values);

    // A forged run on top (chained, another key): the last commit's signature fails, and the
    // commits in between are read to name the first forged version.
    let before = append_run(&memory, &fairness::Signer::from_seed(&[7; 32]), 5, 2).await;
    let err = svc.draw(draw(2, "d20", Kind::Range(20), entropies.clone())).await.expect_err("forged");
    assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
    assert!(err.message().contains(&format!("version {}:", before.version + 1)), "{}", err.message());
}

#[tokio::test]
async fn an_old_signed_commit_appended_again_is_refused() {
    use rnd::draw_request::Kind;
    let orchestrator = fairness::Signer::from_seed(&[9; 32]);
    let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
    let svc = service(log.clone());
    svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("draw 0");
    append_run(&log, &orchestrator, 3, 1).await;
    svc.draw(draw(1, "d20", Kind::Range(20), entropies.clone())).await.expect("draw 1");
    // Someone with the right to publish appends commit 3 (which awaited draw 0) again.
    let all = log.read(ID, 1).await.expect("read");
    let (old, last) = (all[2].clone(), all[all.len() - 1].clone());
    log.append(ID, Some(last.sequence), "replayed", old.payload).await.expect("append");
    let err = svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies)).await.expect_err("replayed");
    assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
    assert!(err.message().contains(&format!("version {}:", last.version + 1)), "{}", err.message());
}

#[tokio::test]
async fn a_commit_signed_by_another_key_is_not_trusted() {
    use rnd::draw_request::Kind;
    let orchestrator = fairness::Signer::from_seed(&[9; 32]);
    let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
    // This service has already checked the honest prefix: the forged commit (chained, but
    // self-signed, awaiting a far-future draw) is read and checked on its own, from the
    // remembered chain.
    let svc = service(log.clone());
    svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("the honest log awaits draw 0");
    let last = append_run(&log, &fairness::Signer::from_seed(&[7; 32]), 1, 99).await;
    let err = svc.draw(draw(99, "d20", Kind::Range(20), entropies.clone())).await.expect_err("forged after the cache");
    assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
    let svc = service(log);
    let err = svc.draw(draw(99, "d20", Kind::Range(20), entropies)).await.expect_err("forged");
    assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
    assert!(err.message().contains(&format!("version {}", last.version + 1)), "{}", err.message());
}

#[tokio::test]
async fn a_forged_run_read_in_one_go_is_refused_at_its_first_forged_version() {
    use rnd::draw_request::Kind;
    let orchestrator = fairness::Signer::from_seed(&[9; 32]);
    let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
    let svc = service(log.clone());
    svc.draw(draw(0, "deal", Kind::Shuffle(10), entropies.clone())).await.expect("the honest log awaits draw 0");
    // Three commits appended at once after the checked prefix, all correctly chained (the
    // forger recomputed every hash) but signed by the forger: only the head's signature is
    // verified first, and its failure must name the first forged version, not the head's.
    // (The orchestrator never signs on top of a commit it has not checked, so an honest
    // head cannot follow a forged commit: see `docs/log.md`.)
    let first_forged = append_run(&log, &fairness::Signer::from_seed(&[7; 32]), 3, 99).await.version + 1;
    for svc in [svc, service(log)] {
        let err = svc.draw(draw(99, "d20", Kind::Range(20), entropies.clone())).await.expect_err("forged");
        assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
        assert!(err.message().contains(&format!("version {first_forged}:")), "{}", err.message());
    }
}

#[tokio::test]
async fn a_commit_that_does_not_decode_is_named_first_or_after_its_verified_prefix() {
    use rnd::draw_request::Kind;
    // As the first commit of a log.
    let log = Arc::new(eventlog_dev::MemoryLog::new());
    log.append(ID, None, "garbage", vec![0xffu8; 3].into()).await.expect("append");
    let err = service(log).draw(draw(0, "deal", Kind::Shuffle(10), vec![])).await.expect_err("garbage");
    assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
    assert!(err.message().contains("version 1:") && err.message().contains("decode"), "{}", err.message());
    // After an honest prefix read in the same run.
    let orchestrator = fairness::Signer::from_seed(&[9; 32]);
    let (log, entropies) = log_awaiting_a_draw(&orchestrator).await;
    let last = log.read(ID, 1).await.expect("read").pop().expect("commits");
    log.append(ID, Some(last.sequence), "garbage", vec![0xffu8; 3].into()).await.expect("append");
    let err = service(log).draw(draw(0, "deal", Kind::Shuffle(10), entropies)).await.expect_err("garbage");
    assert_eq!(err.code(), tonic::Code::DataLoss, "{}", err.message());
    assert!(err.message().contains(&format!("version {}:", last.version + 1)), "{}", err.message());
}
