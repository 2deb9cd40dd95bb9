//! `arbiter bench --scale N`: how listing and a restart behave with N matches in the log
//! (docs/performance.md "The match index", docs/capacity.md).
//!
//! It writes N matches through the real path (`CreateMatch` over gRPC, as a platform does: each
//! a signed first commit the audit accepts), spread over [`TOURNAMENTS`] tournaments, waits
//! until the match index lists them all, then times `ListMatches` pages of [`PAGE_SIZE`]:
//! unfiltered (walking the pages with their tokens), by tournament, and by status. Then it
//! restarts the orchestrator and times its start to ready: from the restart to the first
//! `ListMatches` answered (a listing waits for the orchestrator's copy of the index).

use std::time::{Duration, Instant};

use anyhow::Context;
use api::match_v1 as m;
use serde::Serialize;

use super::{call, ms, progress, Latency};
use crate::client;

/// Tournaments the matches are spread over (match i is in tournament i mod this).
const TOURNAMENTS: usize = 100;
/// CreateMatch calls in flight.
const IN_FLIGHT: usize = 32;
/// Matches per timed page.
const PAGE_SIZE: u32 = 50;
/// Timed calls of each kind of page.
const SAMPLES: usize = 200;
/// How long the bench waits for the index to list every match written.
const INDEX_PATIENCE: Duration = Duration::from_secs(600);

/// The figures of one `--scale` run.
#[derive(Clone, Debug, Serialize)]
pub struct ScaleFigures {
    pub matches: usize,
    pub write_seconds: f64,
    /// From the last CreateMatch answered to the index listing every match.
    pub index_catch_up_ms: f64,
    pub page_unfiltered: Latency,
    pub page_by_tournament: Latency,
    pub page_by_status: Latency,
    /// From the orchestrator's restart to its first ListMatches answered.
    pub restart_to_ready_ms: f64,
    pub orchestrator_rss_bytes: Option<u64>,
    /// The restarted orchestrator's resident memory once ready: its copy of the match index and
    /// little else (no match is cached yet).
    pub orchestrator_rss_after_restart_bytes: Option<u64>,
    /// Bytes in the match stream (each match here is its first commit only), in the match index
    /// bucket, and each per match.
    pub log_bytes: u64,
    pub log_bytes_per_match: f64,
    pub index_bytes: u64,
    pub index_bytes_per_match: f64,
}

fn bench_tournament(i: usize) -> String {
    format!("scale-{:03}", i % TOURNAMENTS)
}

/// Write `n` matches, then measure (the system is the bench's own, `system`).
pub async fn run(orchestrator: &str, ruleset: &str, players: u32, n: usize, system: &mut crate::commands::up::LocalSystem) -> anyhow::Result<ScaleFigures> {
    let api = client::connect(orchestrator)?;
    progress(&format!("writing {n} matches through CreateMatch ({IN_FLIGHT} in flight)"));
    let started = Instant::now();
    let next = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut workers = Vec::new();
    for _ in 0..IN_FLIGHT {
        let (mut api, next, ruleset) = (api.clone(), next.clone(), ruleset.to_string());
        workers.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= n {
                    return anyhow::Ok(());
                }
                let seats = (0..players).map(|s| m::SeatSpec { name: format!("p{s}"), ..Default::default() }).collect();
                let request = m::CreateMatchRequest {
                    ruleset: ruleset.clone(),
                    seats,
                    tournament_id: bench_tournament(i),
                    round: 1,
                    table: (i / TOURNAMENTS) as u32 + 1,
                    ..Default::default()
                };
                call(api.create_match(client::platform_request(request)?)).await.context("CreateMatch")?;
                if (i + 1) % 1000 == 0 {
                    progress(&format!("{} matches written", i + 1));
                }
            }
        }));
    }
    for worker in workers {
        worker.await.context("a writer")??;
    }
    let write_seconds = started.elapsed().as_secs_f64();
    progress(&format!("{n} matches written in {write_seconds:.1} s; waiting for the index"));

    let written = Instant::now();
    let mut api = api;
    while count_all(&mut api).await? < n {
        anyhow::ensure!(written.elapsed() < INDEX_PATIENCE, "the match index did not list the {n} matches within {INDEX_PATIENCE:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let index_catch_up_ms = ms(&written.elapsed());

    let page_unfiltered = Latency::of(walk(&mut api, m::ListMatchesRequest::default()).await?);
    let mut samples = Vec::new();
    for i in 0..SAMPLES {
        let req = m::ListMatchesRequest { tournament_id: bench_tournament(i * 37), ..Default::default() };
        samples.push(timed(&mut api, req).await?.0);
    }
    let page_by_tournament = Latency::of(samples);
    let waiting = m::ListMatchesRequest { status: m::MatchStatus::WaitingForSeats as i32, ..Default::default() };
    let page_by_status = Latency::of(walk(&mut api, waiting).await?);
    let orchestrator_rss_bytes = system.pid("orchestrator").and_then(infra::process::rss_bytes);
    let store = super::store_size(&super::connect_as_admin(&system.nats_url, &system.credentials).await?).await?;

    progress("restarting the orchestrator");
    let restarted = Instant::now();
    system.restart_orchestrator().await?;
    let mut api = client::connect(orchestrator)?;
    loop {
        match timed(&mut api, m::ListMatchesRequest { page_size: 1, ..Default::default() }).await {
            Ok(_) => break,
            Err(e) if restarted.elapsed() < INDEX_PATIENCE => tracing::debug!(error = %e, "not ready yet"),
            Err(e) => return Err(e.context("ListMatches after the restart")),
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let restart_to_ready_ms = ms(&restarted.elapsed());
    let orchestrator_rss_after_restart_bytes = system.pid("orchestrator").and_then(infra::process::rss_bytes);
    Ok(ScaleFigures {
        matches: n,
        write_seconds,
        index_catch_up_ms,
        page_unfiltered,
        page_by_tournament,
        page_by_status,
        restart_to_ready_ms,
        orchestrator_rss_bytes,
        orchestrator_rss_after_restart_bytes,
        log_bytes: store.log_bytes,
        log_bytes_per_match: store.log_bytes as f64 / n.max(1) as f64,
        index_bytes: store.index_bytes,
        index_bytes_per_match: store.index_bytes as f64 / n.max(1) as f64,
    })
}

/// One page, timed.
async fn timed(api: &mut client::Client, mut req: m::ListMatchesRequest) -> anyhow::Result<(Duration, m::ListMatchesResponse)> {
    if req.page_size == 0 {
        req.page_size = PAGE_SIZE;
    }
    let started = Instant::now();
    let page = call(api.list_matches(client::platform_request(req)?)).await.context("ListMatches")?;
    Ok((started.elapsed(), page))
}

/// [`SAMPLES`] pages of `req`, walked with their tokens (from the first page again at the end).
async fn walk(api: &mut client::Client, req: m::ListMatchesRequest) -> anyhow::Result<Vec<Duration>> {
    let mut samples = Vec::new();
    let mut token = String::new();
    while samples.len() < SAMPLES {
        let (took, page) = timed(api, m::ListMatchesRequest { page_token: token, ..req.clone() }).await?;
        samples.push(took);
        token = page.next_page_token;
    }
    Ok(samples)
}

/// How many matches the index lists (all pages of the largest size).
async fn count_all(api: &mut client::Client) -> anyhow::Result<usize> {
    let mut count = 0;
    let mut token = String::new();
    loop {
        let req = m::ListMatchesRequest { page_size: 500, page_token: token, ..Default::default() };
        let (_, page) = timed(api, req).await?;
        count += page.matches.len();
        if page.next_page_token.is_empty() {
            return Ok(count);
        }
        token = page.next_page_token;
    }
}

/// The figures as the bench's table prints them.
pub fn print(f: &ScaleFigures) {
    let line = |name: &str, l: &Latency| println!("  {name:<28} p50 {:>7.2} ms   p99 {:>7.2} ms   ({} pages)", l.p50_ms, l.p99_ms, l.count);
    println!("Match index at {} matches (written in {:.1} s; index caught up {:.0} ms after the last)", f.matches, f.write_seconds, f.index_catch_up_ms);
    println!("ListMatches, pages of {PAGE_SIZE}:");
    line("no filter", &f.page_unfiltered);
    line("by tournament", &f.page_by_tournament);
    line("by status", &f.page_by_status);
    println!("orchestrator restart to ready (first ListMatches answered): {:.0} ms", f.restart_to_ready_ms);
    if let Some(rss) = f.orchestrator_rss_bytes {
        println!("orchestrator resident memory before the restart: {:.1} MB", rss as f64 / 1e6);
    }
    if let Some(rss) = f.orchestrator_rss_after_restart_bytes {
        println!("orchestrator resident memory once ready after the restart (the index copy, no match cached): {:.1} MB", rss as f64 / 1e6);
    }
    println!(
        "stored: match log {:.1} MB ({:.0} B per match) · match index {:.1} MB ({:.0} B per match)",
        f.log_bytes as f64 / 1e6,
        f.log_bytes_per_match,
        f.index_bytes as f64 / 1e6,
        f.index_bytes_per_match
    );
}
