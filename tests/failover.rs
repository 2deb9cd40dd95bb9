//! Measured, on a three-node JetStream cluster: how long a player's submits go unanswered after
//! one node is SIGKILLed, for each kind of node loss: a follower of the match stream that the
//! orchestrator is connected to, and the stream's leader. The figures are printed (a slow
//! machine fails no test); the test asserts that submits resume, that every decision answered
//! OK is in the log once, and that the match then ends and its export has every version.

mod harness;

use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use harness::*;
use tonic::transport::Channel;
use tonic::Code;

/// Liveness bound for one outage: far above any figure, so only a stuck system fails.
const MAX_OUTAGE: Duration = Duration::from_secs(60);
/// Each call's own deadline, so that an unanswered call is retried rather than waited on.
const CALL_DEADLINE: Duration = Duration::from_secs(2);

/// Make one decision, resending the very same request on UNAVAILABLE, ABORTED or a deadline
/// until it is answered OK; `None` once the match has ended.
async fn decide(client: &mut MatchServiceClient<Channel>, table: &Table, rng: &mut Rng) -> Result<Option<()>> {
    let started = Instant::now();
    loop {
        let attempt = async {
            let Some((seat, decision)) = pending(client, table).await? else { return Ok(None) };
            let choice = random_choice(&decision, rng)?;
            let mut req = with_token(
                m::SubmitDecisionRequest {
                    match_id: table.match_id.clone(),
                    decision_id: decision.decision_id,
                    choice: Some(choice),
                    idempotency_key: format!("d{}", decision.decision_id),
                    ..Default::default()
                },
                &table.tokens[seat],
            );
            req.set_timeout(CALL_DEADLINE);
            client.submit_decision(req).await?;
            anyhow::Ok(Some(()))
        };
        match tokio::time::timeout(CALL_DEADLINE * 2, attempt).await {
            Ok(Ok(done)) => return Ok(done),
            Ok(Err(e)) => {
                let code = e.downcast_ref::<tonic::Status>().map(|s| s.code());
                if !matches!(code, Some(Code::Unavailable | Code::Aborted | Code::DeadlineExceeded | Code::Cancelled | Code::Unknown)) {
                    return Err(e.context("a call failed with a status no node loss explains"));
                }
            }
            Err(_) => {}
        }
        if started.elapsed() > MAX_OUTAGE {
            anyhow::bail!("no decision answered for {MAX_OUTAGE:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Kill node `node`, then time the first decision answered OK after the kill; also when the kill was.
async fn outage(
    system: &mut ClusterSystem,
    client: &mut MatchServiceClient<Channel>,
    table: &Table,
    rng: &mut Rng,
    node: usize,
) -> Result<(Duration, Instant)> {
    for _ in 0..3 {
        decide(client, table, rng).await?.context("the match ended before the kill")?;
    }
    system.cluster.kill(node).map_err(|e| anyhow!("{e}"))?;
    let killed = Instant::now();
    decide(client, table, rng).await?.context("the match ended right after the kill")?;
    Ok((killed.elapsed(), killed))
}

/// The first moment the surviving nodes name a stream leader other than `old` (polled every
/// 50 ms from `urls`, as the admin).
async fn new_leader_at(urls: Vec<String>, auth: eventlog::NatsAuth, old: String) -> Result<Instant> {
    let client = auth.connect_options().await?.connect(urls).await?;
    let js = async_nats::jetstream::new(client);
    let started = Instant::now();
    loop {
        if let Ok(mut s) = js.get_stream(eventlog::STREAM).await {
            if let Ok(info) = s.info().await {
                if info.cluster.as_ref().and_then(|c| c.leader.as_deref()).is_some_and(|l| l != old) {
                    return Ok(Instant::now());
                }
            }
        }
        if started.elapsed() > MAX_OUTAGE {
            anyhow::bail!("no new leader within {MAX_OUTAGE:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn submits_resume_after_each_kind_of_node_loss() -> Result<()> {
    let mut system = ClusterSystem::start().await?;
    let urls = system.cluster.urls();
    let leader = system.leader_of(eventlog::STREAM).await?;
    let follower = (0..urls.len()).find(|i| *i != leader).context("a follower")?;
    // An orchestrator given only the follower's URL is connected to it (it learns the others
    // from the cluster, and fails over to them).
    let orchestrator =
        spawn_log_orchestrator(system.dir.path(), &urls[follower], &system.credentials, &system.pki, &system.rules, &system.randomness, 3).await?;
    let mut client = MatchServiceClient::connect(orchestrator.url()).await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(41);

    let (follower_lost, _) = outage(&mut system, &mut client, &table, &mut rng, follower).await?;
    system.cluster.restart(follower).await.map_err(|e| anyhow!("{e}"))?;
    let caught_up = Instant::now();
    system.cluster.wait_stream_current(eventlog::STREAM, Duration::from_secs(60)).await.map_err(|e| anyhow!("{e}"))?;
    let catch_up = caught_up.elapsed();

    let leader = system.leader_of(eventlog::STREAM).await?;
    let old = system.cluster.node_name(leader).context("the leader's name")?.to_string();
    let survivors: Vec<String> = (0..urls.len()).filter(|i| *i != leader).map(|i| urls[i].clone()).collect();
    let election = tokio::spawn(new_leader_at(survivors, system.credentials.auth(eventlog::Role::Admin), old));
    let (leader_lost, killed) = outage(&mut system, &mut client, &table, &mut rng, leader).await?;
    let elected = election.await??.saturating_duration_since(killed);
    system.cluster.restart(leader).await.map_err(|e| anyhow!("{e}"))?;

    println!(
        "failover: submits answered again {:.2} s after the orchestrator's node (a follower) was killed, \
         {:.2} s after the stream leader was killed (NATS named a new leader after {:.2} s); the restarted \
         follower was current after {:.2} s",
        follower_lost.as_secs_f64(),
        leader_lost.as_secs_f64(),
        elected.as_secs_f64(),
        catch_up.as_secs_f64()
    );
    // The match plays on to its end and its log holds every version once.
    while decide(&mut client, &table, &mut rng).await?.is_some() {}
    let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    let log = system.admin_log().await?;
    let stored = eventlog::EventLog::read(&log, &table.match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    assert_eq!(view.version as usize, stored.len());
    assert!(stored.iter().enumerate().all(|(i, c)| c.version == i as u64 + 1));
    orchestrator.kill().await?;
    Ok(())
}
