//! End-to-end: the public API's abuse limits under a bounded loopback flood. A well-behaved
//! client plays a match from 127.0.0.2 while flooders on other loopback addresses ask for
//! unknown matches as fast as they can and open more connections than one address may hold.
//! The flooders get RESOURCE_EXHAUSTED (or their extra connections closed), the player is never
//! refused, and the orchestrator's memory stays bounded. The player's latency, quiet and under
//! the flood, is printed (measured, not asserted: a slow machine fails no test).

use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use tonic::transport::{Channel, Endpoint};
use tonic::Code;

mod harness;

use harness::{create_and_join, play_one, rss_bytes, Rng, System, Table};

/// How long the flood lasts (bounded: it stops by itself).
const FLOOD: Duration = Duration::from_secs(4);
/// Decisions the player makes in each phase.
const DECISIONS: usize = 60;
/// The connection cap given to the orchestrator in this test.
const MAX_CONNECTIONS: usize = 16;
/// The per-address rate given to it: well above what the one player asks (a decision at a time,
/// each a few milliseconds), well below what four flooding tasks ask.
const RATE_PER_ADDRESS: &str = "300";

async fn client_from(system: &System, local: &str) -> Result<MatchServiceClient<Channel>> {
    let ip: IpAddr = local.parse()?;
    let channel = Endpoint::from_shared(system.orchestrator_url()?)?.local_address(Some(ip)).connect().await?;
    Ok(MatchServiceClient::new(channel))
}

/// Play `n` decisions (new matches as they end); each decision's latency.
async fn play(client: &mut MatchServiceClient<Channel>, table: &mut Table, rng: &mut Rng, n: usize) -> Result<Vec<Duration>> {
    let mut took = Vec::with_capacity(n);
    while took.len() < n {
        let started = Instant::now();
        match play_one(client, table, rng).await? {
            Some(_) => took.push(started.elapsed()),
            None => *table = create_and_join(client, 2).await?,
        }
    }
    Ok(took)
}

fn p99(mut d: Vec<Duration>) -> Duration {
    d.sort();
    d.get((d.len() * 99 / 100).min(d.len().saturating_sub(1))).copied().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_refused_while_a_well_behaved_client_plays_on() -> Result<()> {
    let mut system = System::start().await?;
    system.kill_orchestrator().await?;
    let max = MAX_CONNECTIONS.to_string();
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--max-connections-per-address", &max, "--rate-per-address", RATE_PER_ADDRESS]).await?);
    let pid = system.orchestrator.as_ref().and_then(|o| o.pid()).ok_or_else(|| anyhow!("no orchestrator pid"))?;

    let mut player = client_from(&system, "127.0.0.2").await?;
    let mut table = create_and_join(&mut player, 2).await?;
    let mut rng = Rng(5);
    play(&mut player, &mut table, &mut rng, 10).await?;
    let quiet = play(&mut player, &mut table, &mut rng, DECISIONS).await?;
    let rss_before = rss_bytes(pid)?;

    // Flooders: unknown ids (a few, asked again and again, and new ones) from 127.0.0.3, as fast
    // as four tasks can ask.
    let refused = Arc::new(AtomicU64::new(0));
    let answered = Arc::new(AtomicU64::new(0));
    let mut flooders = Vec::new();
    for task in 0..4u64 {
        let mut c = client_from(&system, "127.0.0.3").await?;
        let (refused, answered) = (refused.clone(), answered.clone());
        flooders.push(tokio::spawn(async move {
            let end = Instant::now() + FLOOD;
            let mut n = 0u64;
            while Instant::now() < end {
                n += 1;
                let id = if n % 2 == 0 { format!("unknown{}", n % 7) } else { format!("flood{task}x{n}") };
                match c.get_match(m::GetMatchRequest { match_id: id, version: 0 }).await {
                    Err(s) if s.code() == Code::ResourceExhausted => {
                        assert!(s.message().contains("retry in"), "{s:?}");
                        assert!(s.metadata().get("grpc-retry-pushback-ms").is_some(), "{s:?}");
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(s) if s.code() == Code::NotFound => {
                        answered.fetch_add(1, Ordering::Relaxed);
                    }
                    other => panic!("an unknown match answered {other:?}"),
                }
            }
        }));
    }
    // And more connections from 127.0.0.4 than one address may hold, each kept open.
    let url = system.orchestrator_url()?;
    let connections = tokio::spawn(async move {
        let mut open = Vec::new();
        let mut closed = 0usize;
        for _ in 0..(MAX_CONNECTIONS * 3) {
            let endpoint = Endpoint::from_shared(url.clone())?.local_address(Some("127.0.0.4".parse()?));
            let ok = match endpoint.connect().await {
                Ok(channel) => {
                    let mut c = MatchServiceClient::new(channel.clone());
                    let answer = c.list_rulesets(m::ListRulesetsRequest {}).await;
                    open.push(channel);
                    answer.is_ok()
                }
                Err(_) => false,
            };
            if !ok {
                closed += 1;
            }
        }
        anyhow::Ok((open.len() - closed.min(open.len()), closed))
    });
    let flooded = play(&mut player, &mut table, &mut rng, DECISIONS).await?;
    for f in flooders {
        f.await?;
    }
    let (kept, closed) = connections.await??;
    let rss_after = rss_bytes(pid)?;

    let (refused, answered) = (refused.load(Ordering::Relaxed), answered.load(Ordering::Relaxed));
    println!(
        "flood: {answered} unknown-id requests answered NOT_FOUND, {refused} refused RESOURCE_EXHAUSTED in {:?}; \
         connections from one address: {kept} served, {closed} closed (cap {MAX_CONNECTIONS}); \
         player decision p99 quiet {:?}, under the flood {:?}; orchestrator RSS {} -> {} MiB",
        FLOOD,
        p99(quiet.clone()),
        p99(flooded.clone()),
        rss_before >> 20,
        rss_after >> 20
    );
    assert!(refused > 0, "the flooders were rate limited ({answered} answered)");
    assert!(kept <= MAX_CONNECTIONS, "at most {MAX_CONNECTIONS} connections served from one address ({kept})");
    assert!(closed >= MAX_CONNECTIONS, "the connections beyond the cap were closed ({closed})");
    // Bounded, not a speed: the limiter's tables and the miss cache have fixed maximums.
    assert!(rss_after < rss_before + (128 << 20), "memory grew by {} MiB under the flood", (rss_after - rss_before) >> 20);
    // The player was never refused (play() would have failed) and its match went on.
    assert_eq!(flooded.len(), DECISIONS);
    // Once the flood is over, the flooders' address is served again.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut again = client_from(&system, "127.0.0.3").await?;
    let answer = again.get_match(m::GetMatchRequest { match_id: "unknown1".into(), version: 0 }).await;
    assert_eq!(answer.map(|_| ()).map_err(|s| s.code()), Err(Code::NotFound));
    Ok(())
}
