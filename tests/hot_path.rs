//! End-to-end: the decision hot path. A SubmitDecision reply says what comes next (so a client
//! needs no second call), and an orchestrator whose cached match is stale (another orchestrator
//! wrote meanwhile) catches up and serves the request instead of refusing it.

use anyhow::{anyhow, Result};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use tonic::transport::Channel;
mod harness;

use harness::{create_and_join, pending, random_choice, with_token, Rng, System};

const MAX_DECISIONS: usize = 5_000;

async fn ask_pending(client: &mut MatchServiceClient<Channel>, match_id: &str, token: &str) -> Result<m::GetPendingDecisionResponse> {
    let req = with_token(m::GetPendingDecisionRequest { match_id: match_id.into() }, token);
    Ok(client.get_pending_decision(req).await?.into_inner())
}

fn submit(match_id: &str, decision: &m::Decision, choice: m::Choice) -> m::SubmitDecisionRequest {
    m::SubmitDecisionRequest {
        match_id: match_id.into(),
        decision_id: decision.decision_id,
        choice: Some(choice),
        idempotency_key: format!("hot-{}", decision.decision_id),
        ..Default::default()
    }
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `SubmitDecisionResponse.next_decision`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_decision_reply_says_what_comes_next_as_get_pending_decision_would() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 3).await?;
    let mut rng = Rng(11);
    let (mut seat, mut decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let mut own_next = 0;
    for _ in 0..MAX_DECISIONS {
        let choice = random_choice(&decision, &mut rng)?;
        let reply = client.submit_decision(with_token(submit(&table.match_id, &decision, choice), &table.tokens[seat])).await?.into_inner();
        // What the reply says must be exactly what a second call would have said.
        let asked = ask_pending(&mut client, &table.match_id, &table.tokens[seat]).await?;
        assert_eq!(reply.version, asked.version);
        assert_eq!(reply.status, asked.status);
        assert_eq!(reply.waiting_for_seat, asked.waiting_for_seat);
        assert_eq!(reply.next_decision, asked.decision);
        if reply.status == m::MatchStatus::Ended as i32 {
            assert_eq!(reply.waiting_for_seat, None);
            assert!(own_next > 0, "some replies carried the caller's own next decision");
            return Ok(());
        }
        assert_eq!(reply.status, m::MatchStatus::InProgress as i32);
        let next_seat = reply.waiting_for_seat.ok_or_else(|| anyhow!("in progress but nobody awaited"))? as usize;
        if next_seat == seat {
            // The caller's own next decision comes in full: play it without asking.
            own_next += 1;
            decision = reply.next_decision.ok_or_else(|| anyhow!("the caller is awaited but got no decision"))?;
            assert!(decision.spec.is_some(), "the caller's own decision comes with its options");
        } else {
            assert!(reply.next_decision.is_none(), "another seat's decision is not shown to the caller");
            seat = next_seat;
            decision = ask_pending(&mut client, &table.match_id, &table.tokens[seat])
                .await?
                .decision
                .ok_or_else(|| anyhow!("seat {seat} is awaited but has no decision"))?;
        }
    }
    Err(anyhow!("no end after {MAX_DECISIONS} decisions"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_orchestrators_taking_turns_on_one_match_catch_up_instead_of_refusing() -> Result<()> {
    let system = System::start().await?;
    let second = system.spawn_orchestrator().await?;
    let mut clients = [system.client().await?, MatchServiceClient::connect(second.url()).await?];
    let table = create_and_join(&mut clients[0], 2).await?;
    let mut rng = Rng(5);
    // Both orchestrators cache the match now.
    for c in clients.iter_mut() {
        pending(c, &table).await?;
    }
    let mut played = 0;
    for turn in 0..MAX_DECISIONS {
        // The decision as the other orchestrator sees it (it reads the log before answering).
        let (seat, decision) = match pending(&mut clients[(turn + 1) % 2], &table).await? {
            Some(p) => p,
            None => break,
        };
        let choice = random_choice(&decision, &mut rng)?;
        // Submitted to an orchestrator whose cached match the other one has just moved on: the
        // append conflicts, it catches up and the decision goes through.
        let client = &mut clients[turn % 2];
        let reply = client.submit_decision(with_token(submit(&table.match_id, &decision, choice), &table.tokens[seat])).await?;
        assert!(reply.into_inner().version > 0);
        played += 1;
        if played >= 60 {
            break;
        }
    }
    assert!(played >= 10, "the match went on through both orchestrators ({played} decisions)");
    // Each decision was logged once, and both see the same match.
    let a = clients[0].get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    let b = clients[1].get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(a.version as usize, system.log_len(&table.match_id).await?);
    assert_eq!((a.version, a.state_json), (b.version, b.state_json));
    second.kill().await?;
    Ok(())
}

async fn view(client: &mut MatchServiceClient<Channel>, match_id: &str, version: u64) -> Result<m::MatchView> {
    Ok(client.get_match(m::GetMatchRequest { match_id: match_id.into(), version }).await?.into_inner())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_orchestrator_rebuilds_from_the_snapshot_and_refuses_an_altered_one() -> Result<()> {
    use eventlog::EventLog;
    use prost::Message;
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(21);
    while harness::play_one(&mut client, &table, &mut rng).await?.is_some() {}
    let live = view(&mut client, &table.match_id, 0).await?;
    let early = view(&mut client, &table.match_id, 3).await?;

    // The finished match left a snapshot of its last version (written in the background, so
    // give it a moment).
    let log = system.admin_log().await?;
    let mut snap = None;
    for _ in 0..50 {
        snap = log.get_snapshot(&table.match_id).await.map_err(|e| anyhow!("{e}"))?;
        if snap.as_ref().is_some_and(|s| s.version == live.version) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let snap = snap.ok_or_else(|| anyhow!("no snapshot"))?;
    assert_eq!(snap.version, live.version);

    // A fresh orchestrator serves the same match, now and in the past.
    system.kill_orchestrator().await?;
    system.start_orchestrator().await?;
    let mut client = system.client().await?;
    let after = view(&mut client, &table.match_id, 0).await?;
    assert_eq!((after.version, &after.state_json, &after.result), (live.version, &live.state_json, &live.result));
    assert_eq!(view(&mut client, &table.match_id, 3).await?.state_json, early.state_json);

    // A snapshot altered in the bucket (another state under the same signature) is refused: the
    // next rebuild replays the log and shows the true match.
    let mut signed = api::log_v1::SignedSnapshot::decode(snap.state.as_ref())?;
    let mut inner = api::log_v1::MatchSnapshot::decode(signed.snapshot.as_slice())?;
    inner.state = b"not the state".to_vec();
    signed.snapshot = inner.encode_to_vec();
    let forged = eventlog::Snapshot { state: signed.encode_to_vec().into(), ..snap };
    log.put_snapshot(&table.match_id, forged).await.map_err(|e| anyhow!("{e}"))?;
    system.kill_orchestrator().await?;
    system.start_orchestrator().await?;
    let mut client = system.client().await?;
    let again = view(&mut client, &table.match_id, 0).await?;
    assert_eq!((again.version, &again.state_json), (live.version, &live.state_json));
    Ok(())
}

/// The MATCHES stream's consumers right now.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn more_watchers_than_the_server_has_consumers_each_get_every_version() -> Result<()> {
    use futures::StreamExt;
    // Beyond the server's default of about 1,000 consumers, which one consumer per watcher hit.
    const WATCHERS: usize = 1_100;
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut channels = Vec::new();
    for _ in 0..4 {
        channels.push(system.client().await?);
    }
    let mut streams = Vec::new();
    for i in 0..WATCHERS {
        let c = &mut channels[i % 4];
        let req = m::WatchMatchRequest { match_id: table.match_id.clone(), from_version: 0 };
        streams.push(c.watch_match(req).await?.into_inner());
    }
    let open = system.consumer_count().await?;
    assert!(open < 100, "one log consumer for all the watchers of the match, not one each ({open})");
    let collectors: Vec<_> = streams.into_iter().map(|s| tokio::spawn(async move { s.map(|u| u.map(|u| u.version)).collect::<Vec<_>>().await })).collect();
    let mut rng = Rng(8);
    while harness::play_one(&mut client, &table, &mut rng).await?.is_some() {}
    let last = system.log_len(&table.match_id).await? as u64;
    for c in collectors {
        let got: Vec<u64> = c.await?.into_iter().collect::<Result<_, _>>()?;
        assert_eq!(got, (1..=last).collect::<Vec<_>>(), "each watcher gets every version once, in order");
    }
    // The feed stopped after the match's last commit and its consumer is gone (deleted in the
    // background: wait for it, never for a fixed time).
    for _ in 0..200 {
        if system.consumer_count().await? == 0 {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err(anyhow!("{} consumers left on the stream after every watch ended", system.consumer_count().await?))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_tiny_cache_every_request_rebuilds_and_matches_still_play_to_a_clean_audit() -> Result<()> {
    use prost::Message;
    let system = System::start().await?;
    // A budget of one byte: every idle match leaves the cache, so nearly every request rebuilds
    // its match (from its snapshot once there is one, and the commits after it).
    let tiny = system.spawn_orchestrator_with(&["--cache-bytes", "1"]).await?;
    let mut client = MatchServiceClient::connect(tiny.url()).await?;
    let tables = [create_and_join(&mut client, 2).await?, create_and_join(&mut client, 3).await?];
    let mut rng = Rng(13);
    let mut live = [true, true];
    let mut decisions = 0;
    while live.iter().any(|l| *l) && decisions < 2 * MAX_DECISIONS {
        for (i, table) in tables.iter().enumerate() {
            if live[i] {
                live[i] = harness::play_one(&mut client, table, &mut rng).await?.is_some();
                decisions += 1;
            }
        }
    }
    assert!(live.iter().all(|l| !*l), "both matches ended");
    let mut longest = 0;
    for table in &tables {
        let export = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
        let export = api::log_v1::MatchExport::decode(export.as_slice())?;
        let report = cli::audit::audit_export(&export, Some(&table.public_key))?;
        assert_eq!(report.commits as usize, system.log_len(&table.match_id).await?);
        longest = longest.max(report.commits);
    }
    // Match length depends on the shuffles (random match ids); a three-seat match runs well past
    // one snapshot interval, so at least one match was rebuilt from a mid-match snapshot.
    assert!(longest > 64, "no match was long enough to be rebuilt from a mid-match snapshot ({longest} commits)");
    tiny.kill().await?;
    Ok(())
}
