use super::*;
use api::log_v1::{MatchCreated, SeatJoined};
use api::rules_v1::rules_service_client::RulesServiceClient;
use fairness::chain::short_hex;

fn sealed(signer: &fairness::Signer, commit: &Commit) -> StoredCommit {
    let payload = fairness::chain::seal(signer, &commit.encode_to_vec());
    StoredCommit { version: commit.version, sequence: commit.version, payload: Bytes::from(payload) }
}

fn commit(version: u64, input: commit_input::Input, prev: Option<&StoredCommit>) -> Commit {
    Commit {
        match_id: "m".into(),
        version,
        input: Some(CommitInput { input: Some(input) }),
        log_format: fairness::chain::LOG_FORMAT_SIGNED,
        prev_hash: prev.map(|p| fairness::chain::commit_hash(&p.payload).to_vec()).unwrap_or_default(),
        ..Default::default()
    }
}

fn created(key: [u8; 32]) -> commit_input::Input {
    commit_input::Input::Created(MatchCreated { orchestrator_public_key: key.to_vec(), ..Default::default() })
}

fn joined() -> commit_input::Input {
    commit_input::Input::Joined(SeatJoined { seat: 0, entropy: vec![1; 16], token_hash: vec![2; 32], seat_public_key: vec![] })
}

#[test]
fn the_chain_accepts_our_commits_and_names_the_first_foreign_one() {
    let ours = fairness::Signer::from_seed(&[1; 32]);
    let own = ours.public_key();
    let mut rec = MatchRecord::empty("m");
    let c1 = commit(1, created(own), None);
    let s1 = sealed(&ours, &c1);
    rec.last_hash = Some(check_chain(&rec, &s1, &c1, &ours.orchestrator_key()).expect("ours"));
    let c2 = commit(2, joined(), Some(&s1));
    let s2 = sealed(&ours, &c2);
    assert!(check_chain(&rec, &s2, &c2, &ours.orchestrator_key()).is_ok());

    // Same content, signed by another key.
    let forged = sealed(&fairness::Signer::from_seed(&[2; 32]), &c2);
    let err = check_chain(&rec, &forged, &c2, &ours.orchestrator_key()).expect_err("foreign").to_string();
    assert!(err.contains("at version 2") && err.contains("signature"), "{err}");
    // Our signature, but not chained to the commit before.
    let unchained = commit(2, joined(), None);
    let err = check_chain(&rec, &sealed(&ours, &unchained), &unchained, &ours.orchestrator_key()).expect_err("unchained").to_string();
    assert!(err.contains("prev_hash"), "{err}");
    // A tonic status of DATA_LOSS.
    let status = tonic::Status::from(check_chain(&rec, &forged, &c2, &ours.orchestrator_key()).expect_err("foreign"));
    assert_eq!(status.code(), tonic::Code::DataLoss);
}

/// A log that counts full reads (what a rebuild without a snapshot does).
struct CountingLog {
    inner: eventlog_dev::MemoryLog,
    reads: std::sync::atomic::AtomicUsize,
}

#[async_trait::async_trait]
impl EventLog for CountingLog {
    async fn append(&self, match_id: &str, expected: Option<u64>, msg_id: &str, payload: Bytes) -> Result<u64, eventlog::LogError> {
        self.inner.append(match_id, expected, msg_id, payload).await
    }
    async fn read(&self, match_id: &str, from_version: u64) -> Result<Vec<StoredCommit>, eventlog::LogError> {
        self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        // Slow enough that every concurrent request arrives while the first one reads.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        self.inner.read(match_id, from_version).await
    }
    async fn read_after(&self, match_id: &str, after: u64, next: u64) -> Result<Vec<StoredCommit>, eventlog::LogError> {
        self.inner.read_after(match_id, after, next).await
    }
    async fn watch(
        &self,
        match_id: &str,
        from_version: u64,
    ) -> Result<futures::stream::BoxStream<'static, Result<StoredCommit, eventlog::LogError>>, eventlog::LogError> {
        self.inner.watch(match_id, from_version).await
    }
    async fn put_snapshot(&self, match_id: &str, snapshot: eventlog::Snapshot) -> Result<(), eventlog::LogError> {
        self.inner.put_snapshot(match_id, snapshot).await
    }
    async fn get_snapshot(&self, match_id: &str) -> Result<Option<eventlog::Snapshot>, eventlog::LogError> {
        self.inner.get_snapshot(match_id).await
    }
}

/// Backends on `log` with a real rules service in process; the randomness service is never
/// reached (nothing listens at its address).
async fn backends_on(log: Arc<dyn EventLog>) -> anyhow::Result<Backends> {
    use api::rules_v1::rules_service_server::RulesServiceServer;
    let (incoming, addr) = api::server::bind("rules", "127.0.0.1:0".parse()?).await?;
    let service = RulesServiceServer::new(rules_service::Rules::new(0));
    tokio::spawn(tonic::transport::Server::builder().add_service(service).serve_with_incoming(incoming));
    let rules = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))?.connect().await?;
    let rules = RulesServiceClient::new(TracedChannel::new(rules, "rules"));
    let randomness =
        RandomnessServiceClient::new(TracedChannel::new(tonic::transport::Endpoint::from_static("http://127.0.0.1:9").connect_lazy(), "randomness"));
    Ok(Backends { rules, randomness, nodes: Vec::new(), log, signer: Arc::new(fairness::Signer::from_seed(&[7; 32])) })
}

/// A two-seat match created through `writer`.
async fn created_match(writer: &Matches, match_id: &str) -> anyhow::Result<MatchRecord> {
    let seats = (0..2).map(|i| api::match_v1::SeatSpec { name: format!("S{i}"), deck: String::new(), ..Default::default() }).collect();
    let config = r::MatchConfig { ruleset: "mainframe".into(), seats, options: Default::default() };
    let created = MatchCreated {
        config: Some(config),
        join_code_hashes: vec![vec![1; 32], vec![2; 32]],
        orchestrator_public_key: writer.backends().signer.public_key().to_vec(),
        ..Default::default()
    };
    let mut rec = MatchRecord::empty(match_id);
    writer.commit(&mut rec, commit_input::Input::Created(created)).await?;
    Ok(rec)
}

/// A memory log holding one two-seat match `match_id`, the backends on it, and its record.
async fn one_match(match_id: &str) -> anyhow::Result<(Arc<eventlog_dev::MemoryLog>, Backends, MatchRecord)> {
    let log = Arc::new(eventlog_dev::MemoryLog::new());
    let backends = backends_on(log.clone()).await?;
    let rec = created_match(&Matches::new(backends.clone()), match_id).await?;
    Ok((log, backends, rec))
}

/// Seat `seat` joins, with entropy of its own.
fn seat_joined(seat: u32) -> commit_input::Input {
    commit_input::Input::Joined(SeatJoined { seat, entropy: vec![seat as u8 + 1; 32], token_hash: vec![9; 32], seat_public_key: vec![] })
}

/// The draw `rec` awaits, answered with the smallest values.
fn the_draw(rec: &MatchRecord) -> anyhow::Result<commit_input::Input> {
    let Some(Awaiting::Draw(draw)) = rec.awaiting.clone() else {
        anyhow::bail!("the match awaits {:?}, not a draw", rec.awaiting);
    };
    let values = match draw.kind {
        engine::DrawKind::Range(_) => vec![0],
        engine::DrawKind::Shuffle(n) => (0..n).collect(),
    };
    Ok(commit_input::Input::Draw(RandomDraw { request: Some(convert::draw_request_to_proto(&draw)), values, signature: vec![5; 64], shares: Vec::new() }))
}

/// `err` is the operator's key problem: FAILED_PRECONDITION. The status, for its message.
fn wrong_key_status(err: OrchestratorError) -> tonic::Status {
    assert!(matches!(err, OrchestratorError::WrongKey { .. }), "{err}");
    let status = tonic::Status::from(err);
    assert_eq!(status.code(), tonic::Code::FailedPrecondition, "{}", status.message());
    status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_orchestrators_writing_the_same_draw_write_the_same_bytes_and_both_succeed() -> anyhow::Result<()> {
    let log = Arc::new(eventlog_dev::MemoryLog::new());
    let backends = backends_on(log.clone()).await?;
    let (a, b) = (Matches::new(backends.clone()), Matches::new(backends));
    let mut rec = created_match(&a, "m2").await?;
    for seat in 0..2u32 {
        a.commit(&mut rec, seat_joined(seat)).await?;
    }
    let input = the_draw(&rec)?;
    // Both orchestrators have the match at the same version and write its draw.
    let mut other = rec.clone();
    let first = a.commit(&mut rec, input.clone()).await?;
    // A clock in the commit would differ by now.
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let second = b.commit(&mut other, input).await?;
    assert_eq!(first, second);
    assert_eq!((rec.last_sequence, rec.last_hash), (other.last_sequence, other.last_hash), "the same stored commit");
    assert_eq!(log.read("m2", 1).await?.len(), 4, "stored once");
    Ok(())
}

/// With tracing on, a client's input names its trace in the commit, and a draw written by
/// two orchestrators in two different traces is still the same bytes (docs/observability.md).
#[tokio::test(flavor = "current_thread")]
async fn with_tracing_on_a_join_names_its_trace_and_a_draw_stays_the_same_bytes() -> anyhow::Result<()> {
    use tracing::Instrument;
    let _subscriber = tracing::subscriber::set_default(telemetry::local_tracing());
    telemetry::set_tracing_enabled(true);
    let log = Arc::new(eventlog_dev::MemoryLog::new());
    let backends = backends_on(log.clone()).await?;
    let (a, b) = (Matches::new(backends.clone()), Matches::new(backends));
    let mut rec = created_match(&a, "m4").await?;
    for seat in 0..2u32 {
        a.commit(&mut rec, seat_joined(seat)).instrument(tracing::info_span!("join")).await?;
    }
    let stored = log.read("m4", 1).await?;
    let join = Commit::decode(stored.last().map(|c| c.payload.clone()).unwrap_or_default())?;
    let traceparent = join.trace_context.get("traceparent").cloned().unwrap_or_default();
    assert_eq!(traceparent.len(), 55, "a W3C traceparent in the join's commit: {:?}", join.trace_context);
    let input = the_draw(&rec)?;
    let mut other = rec.clone();
    // Two requests, two traces.
    let first = a.commit(&mut rec, input.clone()).instrument(tracing::info_span!("first")).await?;
    let second = b.commit(&mut other, input).instrument(tracing::info_span!("second")).await?;
    telemetry::set_tracing_enabled(false);
    assert_eq!(first, second);
    assert_eq!((rec.last_sequence, rec.last_hash), (other.last_sequence, other.last_hash), "the same stored commit");
    let stored = log.read("m4", 1).await?;
    assert_eq!(stored.len(), 4, "stored once");
    let draw = Commit::decode(stored.last().map(|c| c.payload.clone()).unwrap_or_default())?;
    assert!(draw.trace_context.is_empty(), "no trace context in a draw: {:?}", draw.trace_context);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_first_requests_on_an_uncached_match_rebuild_it_once() -> anyhow::Result<()> {
    let log = Arc::new(CountingLog { inner: eventlog_dev::MemoryLog::new(), reads: Default::default() });
    let backends = backends_on(log.clone()).await?;

    // A match in the log, written by one orchestrator...
    let writer = Matches::new(backends.clone()).full_replay(true);
    created_match(&writer, "m1").await?;

    // ...served by another that has never seen it: ten requests at once, one rebuild.
    let reader = Arc::new(Matches::new(backends).full_replay(true));
    let before = log.reads.load(std::sync::atomic::Ordering::SeqCst);
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let reader = reader.clone();
            tokio::spawn(async move { reader.lock_cached("m1").await.map(|r| r.version) })
        })
        .collect();
    for t in tasks {
        assert_eq!(t.await??, 1);
    }
    assert_eq!(log.reads.load(std::sync::atomic::Ordering::SeqCst) - before, 1, "one rebuild for ten first requests");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_from_other_rules_is_left_for_a_replay_from_version_1() -> anyhow::Result<()> {
    let (log, backends, rec) = one_match("m3").await?;
    assert!(!rec.rules_version.is_empty(), "the record knows its rules version");
    let sequence = rec.last_sequence.ok_or_else(|| anyhow::anyhow!("no sequence"))?;
    // A snapshot as an older engine build would have left it: another rules version and a
    // state blob today's rules cannot read.
    let put = |rules_version: &str| {
        let mut old = rec.clone();
        old.rules_version = rules_version.to_string();
        old.state = b"state of another layout".to_vec();
        let state = Bytes::from(snapshot::encode(&old, &backends.signer));
        eventlog::Snapshot { version: old.version, sequence, state }
    };
    log.put_snapshot("m3", put("mainframe-0.0.1-old")).await?;
    let rebuilt = Matches::new(backends.clone()).rebuild("m3", None).await?;
    assert_eq!(rebuilt.state, rec.state, "replayed from version 1, not taken from the snapshot");
    // Without a rules version (written before it was recorded): replayed too.
    log.put_snapshot("m3", put("")).await?;
    let rebuilt = Matches::new(backends.clone()).rebuild("m3", None).await?;
    assert_eq!(rebuilt.state, rec.state);
    // The same snapshot under the current rules version is used as it is (so the check
    // above is what kept the foreign state out).
    log.put_snapshot("m3", put(&rec.rules_version)).await?;
    let rebuilt = Matches::new(backends).rebuild("m3", None).await?;
    assert_eq!(rebuilt.state, b"state of another layout".to_vec());
    Ok(())
}

/// An orchestrator with another key (its key file lost and replaced) refuses a match made
/// under the old one, even with a snapshot the old key signed that would rebuild it, and
/// its own key still serves the match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_made_under_another_orchestrator_key_is_refused_as_failed_precondition_even_with_a_snapshot() -> anyhow::Result<()> {
    let (log, backends, rec) = one_match("m6").await?;
    let sequence = rec.last_sequence.ok_or_else(|| anyhow::anyhow!("no sequence"))?;
    let state = Bytes::from(snapshot::encode(&rec, &backends.signer));
    log.put_snapshot("m6", eventlog::Snapshot { version: rec.version, sequence, state }).await?;
    let replaced = Backends { signer: Arc::new(fairness::Signer::from_seed(&[8; 32])), ..backends.clone() };
    let err = Matches::new(replaced).lock("m6").await.err().ok_or_else(|| anyhow::anyhow!("served under another key"))?;
    let status = wrong_key_status(err);
    assert!(status.message().contains(&short_hex(&backends.signer.public_key())), "{}", status.message());
    assert_eq!(log.read("m6", 1).await?.len(), 1, "nothing appended");
    assert_eq!(Matches::new(backends).rebuild("m6", None).await?.version, 1, "the key that made it serves it");
    Ok(())
}

/// A rebuild checks its commits as one run (one signature), yet a forged run on top of an
/// honest log is refused at its first forged version, as a commit-by-commit check would.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebuild_names_the_first_of_several_forged_commits() -> anyhow::Result<()> {
    let (log, backends, rec) = one_match("m5").await?;
    let forger = fairness::Signer::from_seed(&[8; 32]);
    let mut last = log.read("m5", 1).await?.pop().ok_or_else(|| anyhow::anyhow!("no commit"))?;
    for version in 2..=4 {
        let forged = Commit {
            match_id: "m5".into(),
            version,
            input: Some(CommitInput { input: Some(joined()) }),
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: fairness::chain::commit_hash(&last.payload).to_vec(),
            ..Default::default()
        };
        let payload = Bytes::from(fairness::chain::seal(&forger, &forged.encode_to_vec()));
        log.append("m5", Some(last.sequence), &format!("f{version}"), payload).await?;
        last = log.read("m5", 1).await?.pop().ok_or_else(|| anyhow::anyhow!("no commit"))?;
    }
    let err = Matches::new(backends).full_replay(true).rebuild("m5", None).await.expect_err("forged");
    assert!(matches!(err, OrchestratorError::Tampered { version: 2, .. }), "{err}");
    assert_eq!(rec.version, 1);
    Ok(())
}

/// A version below the latest snapshot starts from the snapshot kept at the last multiple of
/// SNAPSHOT_EVERY at or below it, not from version 1 (and never from one above it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_earlier_version_starts_from_the_snapshot_kept_at_or_below_it() -> anyhow::Result<()> {
    let log = Arc::new(eventlog_dev::MemoryLog::new());
    let matches = Matches::new(backends_on(log.clone()).await?);
    let snap = |version: u64| eventlog::Snapshot { version, sequence: version * 10, state: Bytes::new() };
    let every = snapshot::SNAPSHOT_EVERY;
    log.put_snapshot_at("m4", snap(every)).await?;
    log.put_snapshot_at("m4", snap(2 * every)).await?;
    log.put_snapshot("m4", snap(2 * every + 5)).await?;
    let at = |upto: Option<u64>| {
        let matches = &matches;
        async move { matches.snapshot_upto("m4", upto).await.map(|s| s.map(|s| s.version)) }
    };
    assert_eq!(at(None).await?, Some(2 * every + 5), "the latest, for the latest version");
    assert_eq!(at(Some(2 * every + 5)).await?, Some(2 * every + 5));
    assert_eq!(at(Some(2 * every + 4)).await?, Some(2 * every));
    assert_eq!(at(Some(2 * every - 1)).await?, Some(every));
    assert_eq!(at(Some(every)).await?, Some(every));
    assert_eq!(at(Some(every - 1)).await?, None, "nothing kept below the first multiple");
    Ok(())
}

#[test]
fn unsigned_logs_and_other_keys_are_refused_at_creation() {
    let ours = fairness::Signer::from_seed(&[1; 32]);
    let own = ours.public_key();
    let rec = MatchRecord::empty("m");
    let mut old = commit(1, created(own), None);
    old.log_format = 0;
    let stored = StoredCommit { version: 1, sequence: 1, payload: Bytes::from(old.encode_to_vec()) };
    let err = check_chain(&rec, &stored, &old, &ours.orchestrator_key()).expect_err("format 1").to_string();
    assert!(err.contains("format 1") && err.contains("arbiter audit"), "{err}");
    // Created and signed under another key: the operator's key problem, FAILED_PRECONDITION
    // naming both keys and what to do; the same commit not signed by the key it names is
    // tampering, DATA_LOSS.
    let other = fairness::Signer::from_seed(&[3; 32]);
    let theirs = commit(1, created(other.public_key()), None);
    let err = check_chain(&rec, &sealed(&other, &theirs), &theirs, &ours.orchestrator_key()).expect_err("other key");
    let status = wrong_key_status(err);
    for part in [short_hex(&other.public_key()), short_hex(&own), "restore the key file that created this match".into(), "--key-file".into()] {
        assert!(status.message().contains(&part), "{part:?} not in {}", status.message());
    }
    let forged = sealed(&fairness::Signer::from_seed(&[4; 32]), &theirs);
    let status = tonic::Status::from(check_chain(&rec, &forged, &theirs, &ours.orchestrator_key()).expect_err("forged"));
    assert_eq!(status.code(), tonic::Code::DataLoss, "{}", status.message());
}
