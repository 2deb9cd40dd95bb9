//! End-to-end: the answers clients get under faults (docs/reliability.md), against real
//! processes (nats-server, rules, randomness, one to three orchestrators).
//!
//! - A join whose draws cannot follow (randomness down) still returns its token, a retry gets
//!   the same one, and the match plays to an audited end once randomness is back.
//! - A decision whose draw cannot follow (randomness down) is answered OK, logged once, and the
//!   draw is made by a later request.
//! - Two and three orchestrators with clients racing on the same decisions: each decision
//!   answered OK is in the log exactly once, none answered otherwise is, and every round has
//!   exactly one winner (never told ABORTED); on one NATS server and on a three-node cluster
//!   with three replicas (where a lost append may name a commit still being proposed, and a
//!   read consumer may restart).
//! - A dependency down (rules, NATS) is UNAVAILABLE, within the client's deadline, and the
//!   match goes on once it is back.
//! - A missing stream is UNAVAILABLE saying what to do (a restart recreates it).
//! - A full store (the stream's `max_bytes`, lowered by the admin) is RESOURCE_EXHAUSTED, and
//!   the match resumes once the limit is raised.
//! - An abusive client (megabyte bodies and many streams on one connection) never fails
//!   another client's calls.
//! - Abandoned watches leave no log consumer behind and fail nobody (1,000 here; 10,000 with
//!   `ARBITER_ABANDONED_WATCHES=10000 cargo test -p arbiter-e2e --test reliability -- --ignored`).
//! - Watchers that never read are ended with RESOURCE_EXHAUSTED naming the version to resume
//!   from, resuming there misses nothing, and the orchestrator's memory stays bounded.
//!
//! - A lost key file (randomness, orchestrator): the service refuses to start without
//!   `--new-key`; with a new key, the match made under the old one is refused with
//!   FAILED_PRECONDITION naming both keys and nothing is appended; with the key file put back,
//!   the match plays to an audited end.
//!
//! Every wait is on a condition (bounded by a number of polls), never on a fixed time.

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{anyhow, bail, ensure, Result};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use eventlog::EventLog;
use prost::Message;
use tonic::transport::Channel;
use tonic::Code;

mod access;
mod harness;
mod raw;

use harness::{create_and_join, pending, play_one, random_choice, with_token, ClusterSystem, Rng, System};

/// A decision request for the pending `decision`.
fn submit(match_id: &str, decision: &m::Decision, choice: m::Choice, key: &str) -> m::SubmitDecisionRequest {
    m::SubmitDecisionRequest {
        match_id: match_id.into(),
        decision_id: decision.decision_id,
        choice: Some(choice),
        idempotency_key: key.into(),
        ..Default::default()
    }
}

/// Play `table` to its end through `client`; every call must succeed.
async fn play_to_end(client: &mut MatchServiceClient<Channel>, table: &harness::Table, seed: u64) -> Result<usize> {
    let mut rng = Rng(seed);
    let mut decisions = 0;
    while play_one(client, table, &mut rng).await?.is_some() {
        decisions += 1;
        ensure!(decisions < 20_000, "the match did not end");
    }
    Ok(decisions)
}

/// Export an ended match and audit it offline; returns its number of commits.
async fn audit(client: &mut MatchServiceClient<Channel>, table: &harness::Table) -> Result<usize> {
    let export = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(export.as_slice())?;
    let report = cli::audit::audit_export(&export, Some(&table.public_key))?;
    Ok(report.commits)
}

/// Every commit of a match, decoded, straight from the log.
async fn logged_commits(system: &System, match_id: &str) -> Result<Vec<api::log_v1::Commit>> {
    let log = system.admin_log().await?;
    let stored = log.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    stored.iter().map(|s| Ok(api::log_v1::Commit::decode(s.payload.as_ref())?)).collect()
}

// ---- exactly-once answers ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_with_randomness_down_returns_its_token_and_the_match_ends_audited_once_it_is_back() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let created = client
        .create_match(harness::platform(m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: vec![m::SeatSpec::default(), m::SeatSpec::default()],
            options: Default::default(),
            ..Default::default()
        }))
        .await?
        .into_inner();
    let join = |seat: u32, entropy: u8| m::JoinMatchRequest {
        match_id: created.match_id.clone(),
        seat,
        join_code: created.seats[seat as usize].join_code.clone(),
        entropy: vec![entropy; 32],
        ..Default::default()
    };
    let first = client.join_match(join(0, 1)).await?.into_inner().seat_token;

    // The last join commits, then its first draw cannot be made: the join still answers.
    system.kill_randomness().await?;
    let last = client.join_match(join(1, 2)).await?.into_inner();
    let before = system.log_len(&created.match_id).await?;
    assert_eq!(last.version as usize, before, "the join is the last commit; no draw could follow");
    // A retry of the same join (its answer lost) gets the same token and appends nothing.
    let again = client.join_match(join(1, 2)).await?.into_inner();
    assert_eq!(again.seat_token, last.seat_token);
    assert_eq!(client.join_match(join(0, 1)).await?.into_inner().seat_token, first);
    // Other entropy for a joined seat is another join: refused.
    let err = client.join_match(join(1, 3)).await.expect_err("the seat is taken");
    assert_eq!(err.code(), Code::FailedPrecondition, "{}", err.message());
    // Reads work meanwhile: the match is in progress, waiting for its draw.
    let view = client.get_match(m::GetMatchRequest { match_id: created.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::InProgress as i32);
    assert!(view.pending.is_none(), "no decision before the first draw");
    assert_eq!(system.log_len(&created.match_id).await?, before, "nothing appended while randomness is down");

    // Back: the next request draws, and the match plays to an audited end with those tokens.
    system.restart_randomness().await?;
    let table = harness::Table { match_id: created.match_id.clone(), tokens: vec![first, last.seat_token], public_key: created.randomness_public_key.clone() };
    let mut ready = false;
    for _ in 0..100 {
        let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await;
        if view.is_ok_and(|v| v.into_inner().pending.is_some()) {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    ensure!(ready, "the match never drew once randomness was back");
    play_to_end(&mut client, &table, 3).await?;
    let commits = audit(&mut client, &table).await?;
    assert_eq!(commits, system.log_len(&table.match_id).await?);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decision_whose_draw_cannot_follow_is_answered_ok_and_the_draw_is_made_later() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let mut rng = Rng(16);
    // Decide until a decision sets off a draw: it is answered OK all the same, saying the match
    // waits (no next decision, no seat awaited). Whether a match draws before its end depends on
    // its shuffles (random match ids), so a match that ends first is left and another is played.
    let mut waiting = None;
    for attempt in 0..MATCHES_TO_FIND_A_DRAW {
        if attempt > 0 {
            system.restart_randomness().await?;
        }
        let table = create_and_join(&mut client, 2).await?;
        system.kill_randomness().await?;
        for i in 0..500 {
            let Some((seat, decision)) = pending(&mut client, &table).await? else { break };
            let key = format!("nodraw-{i}");
            let req = with_token(submit(&table.match_id, &decision, random_choice(&decision, &mut rng)?, &key), &table.tokens[seat]);
            let reply = client.submit_decision(req).await?.into_inner();
            if reply.status == m::MatchStatus::InProgress as i32 && reply.waiting_for_seat.is_none() {
                ensure!(reply.next_decision.is_none());
                ensure!(reply.version as usize == system.log_len(&table.match_id).await?, "the decision is the last commit");
                waiting = Some((table, key));
                break;
            }
            if reply.status == m::MatchStatus::Ended as i32 {
                break;
            }
        }
        if waiting.is_some() {
            break;
        }
    }
    let (table, key) = waiting.ok_or_else(|| anyhow!("no decision set off a draw in {MATCHES_TO_FIND_A_DRAW} matches"))?;
    let logged = logged_commits(&system, &table.match_id).await?;
    let count = logged
        .iter()
        .filter(|c| matches!(c.input.as_ref().and_then(|i| i.input.as_ref()), Some(api::log_v1::commit_input::Input::Decision(d)) if d.idempotency_key == key))
        .count();
    ensure!(count == 1, "the decision answered OK is in the log {count} times");
    // Back: the next request makes the draw, and the match plays to an audited end.
    system.restart_randomness().await?;
    let mut ready = false;
    for _ in 0..100 {
        let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await;
        if view.is_ok_and(|v| v.into_inner().pending.is_some()) {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    ensure!(ready, "the draw was never made once randomness was back");
    play_to_end(&mut client, &table, 17).await?;
    audit(&mut client, &table).await?;
    Ok(())
}

/// Matches played, at most, to meet a decision that sets off a draw before the end.
const MATCHES_TO_FIND_A_DRAW: usize = 10;

/// How many matches and rounds (raced decisions per match) the racing tests play: 3 and 100 by
/// default; the long run is `ARBITER_RACE_MATCHES=10 ARBITER_RACE_ROUNDS=100000 cargo test -p
/// arbiter-e2e --test reliability racing -- --nocapture` (every match to its end).
fn race_size() -> (usize, usize) {
    let get = |k: &str, d: usize| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    (get("ARBITER_RACE_MATCHES", 3), get("ARBITER_RACE_ROUNDS", 100))
}

/// Clients race on each decision through `orchestrators` orchestrators (two clients each, one
/// key sent twice through two orchestrators, as a client retrying elsewhere).
async fn race(orchestrators: usize, course: Racecourse) -> Result<()> {
    let (matches, rounds) = race_size();
    let mut others = Vec::new();
    for _ in 1..orchestrators {
        others.push(course.spawn_orchestrator().await?);
    }
    let mut urls = vec![course.first_url()?];
    urls.extend(others.iter().map(|o| o.url()));
    let mut clients = Vec::new();
    for url in &urls {
        for _ in 0..2 {
            clients.push(MatchServiceClient::connect(url.clone()).await?);
        }
    }
    let racers = clients.len();
    let mut rng = Rng(23 + orchestrators as u64);
    // Per answer code: how many submissions got it.
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut raced = 0;
    for game in 0..matches {
        let mut first = clients[game % racers].clone();
        let table = create_and_join(&mut first, 2).await?;
        // Per key: the codes its submissions got.
        let mut outcomes: BTreeMap<String, Vec<Code>> = BTreeMap::new();
        let mut played = 0;
        for round in 0..rounds {
            let mut asker = clients[round % racers].clone();
            let Some((seat, decision)) = pending(&mut asker, &table).await? else { break };
            let token = table.tokens[seat].clone();
            let mut tasks = Vec::new();
            let first_choice = random_choice(&decision, &mut rng)?;
            for (i, c) in clients.iter().enumerate() {
                // The last racer (on another orchestrator) retries the first one's request.
                let (key, choice) = if i == 0 || i + 1 == racers {
                    (format!("r{round}-c0"), first_choice.clone())
                } else {
                    (format!("r{round}-c{i}"), random_choice(&decision, &mut rng)?)
                };
                let req = with_token(submit(&table.match_id, &decision, choice, &key), &token);
                let mut c = c.clone();
                tasks.push(tokio::spawn(async move { (key, c.submit_decision(req).await.map(|_| ()).map_err(|e| (e.code(), e.message().to_string()))) }));
            }
            let mut winners = std::collections::BTreeSet::new();
            for t in tasks {
                let (key, result) = t.await?;
                let code = match result {
                    Ok(()) => {
                        winners.insert(key.clone());
                        Code::Ok
                    }
                    Err((code, message)) => {
                        // A loser that arrives while the winner's draw waits on the randomness
                        // service is told so (UNAVAILABLE, nothing logged: docs/api.md, "Waiting
                        // for the system"); any other refusal is a stale or illegal decision.
                        let waiting = code == Code::Unavailable && message.contains("waits for the system");
                        ensure!(
                            waiting || matches!(code, Code::Aborted | Code::FailedPrecondition),
                            "match {game} round {round}: key {key} got {code:?}: {message}"
                        );
                        code
                    }
                };
                *tally.entry(format!("{code:?}")).or_default() += 1;
                outcomes.entry(key).or_default().push(code);
            }
            ensure!(winners.len() == 1, "match {game} round {round}: {} winning keys ({winners:?}), not one", winners.len());
            played += 1;
        }
        ensure!(played >= rounds.min(20), "only {played} rounds were played");
        raced += played;
        // A key's submissions (the first one and its retry) all got the same answer.
        for (key, codes) in &outcomes {
            let ok = codes.iter().filter(|c| **c == Code::Ok).count();
            ensure!(ok == 0 || ok == codes.len(), "key {key}: {codes:?}");
        }
        // The log: each OK key exactly once, no other key at all.
        let mut logged: BTreeMap<String, usize> = BTreeMap::new();
        for commit in course.logged_commits(&table.match_id).await? {
            if let Some(api::log_v1::commit_input::Input::Decision(d)) = commit.input.and_then(|i| i.input) {
                *logged.entry(d.idempotency_key).or_default() += 1;
            }
        }
        for (key, codes) in &outcomes {
            let want = usize::from(codes.first() == Some(&Code::Ok));
            ensure!(logged.get(key).copied().unwrap_or(0) == want, "key {key} answered {codes:?} is in the log {:?} times", logged.get(key));
        }
        ensure!(logged.keys().all(|k| outcomes.contains_key(k)), "the log has decisions nobody submitted");
        // Every orchestrator reads the match (replaying, with the chain check) to the same version.
        let mut versions = Vec::new();
        for c in &clients {
            let v = c.clone().get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
            versions.push(v.version);
        }
        ensure!(versions.windows(2).all(|w| w[0] == w[1]), "the orchestrators disagree: {versions:?}");
    }
    eprintln!("{orchestrators} orchestrators, {racers} racers: {raced} decisions raced over {matches} matches; answers {tally:?}");
    for o in others {
        o.kill().await?;
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_orchestrators_racing_answer_every_winner_ok_and_log_it_once() -> Result<()> {
    race(2, Racecourse::Single(System::start().await?)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_orchestrators_racing_answer_every_winner_ok_and_log_it_once() -> Result<()> {
    race(3, Racecourse::Single(System::start().await?)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_orchestrators_on_a_three_node_cluster_racing_answer_every_winner_ok_and_log_it_once() -> Result<()> {
    race(2, Racecourse::Cluster(ClusterSystem::start().await?)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_orchestrators_on_a_three_node_cluster_racing_answer_every_winner_ok_and_log_it_once() -> Result<()> {
    race(3, Racecourse::Cluster(ClusterSystem::start().await?)).await
}

/// Where a race runs: one NATS server, or a three-node cluster with three replicas (where a
/// direct get may be answered by a replica that lags the leader).
enum Racecourse {
    Single(System),
    Cluster(ClusterSystem),
}

impl Racecourse {
    fn first_url(&self) -> Result<String> {
        match self {
            Racecourse::Single(system) => system.orchestrator_url(),
            Racecourse::Cluster(system) => Ok(system.orchestrator.url()),
        }
    }

    async fn spawn_orchestrator(&self) -> Result<harness::Service> {
        match self {
            Racecourse::Single(system) => system.spawn_orchestrator().await,
            Racecourse::Cluster(system) => system.spawn_orchestrator().await,
        }
    }

    async fn logged_commits(&self, match_id: &str) -> Result<Vec<api::log_v1::Commit>> {
        match self {
            Racecourse::Single(system) => logged_commits(system, match_id).await,
            Racecourse::Cluster(system) => {
                let stored = system.admin_log().await?.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
                stored.iter().map(|s| Ok(api::log_v1::Commit::decode(s.payload.as_ref())?)).collect()
            }
        }
    }
}

// ---- clear statuses ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_service_down_is_unavailable_within_the_deadline_and_the_match_goes_on() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let choice = random_choice(&decision, &mut Rng(4))?;
    let before = system.log_len(&table.match_id).await?;
    system.kill_rules().await?;
    let mut req = with_token(submit(&table.match_id, &decision, choice.clone(), "down-1"), &table.tokens[seat]);
    req.set_timeout(Duration::from_secs(20));
    let err = client.submit_decision(req).await.expect_err("the rules are down");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    assert!(err.message().contains("rules"), "{}", err.message());
    let mut get = tonic::Request::new(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 });
    get.set_timeout(Duration::from_secs(20));
    let err = client.get_match(get).await.expect_err("views need the rules");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    assert_eq!(system.log_len(&table.match_id).await?, before, "nothing appended");

    system.restart_rules().await?;
    let mut answered = None;
    for _ in 0..100 {
        let req = with_token(submit(&table.match_id, &decision, choice.clone(), "down-1"), &table.tokens[seat]);
        match client.submit_decision(req).await {
            Ok(r) => {
                answered = Some(r.into_inner());
                break;
            }
            Err(e) if e.code() == Code::Unavailable => tokio::time::sleep(Duration::from_millis(100)).await,
            Err(e) => bail!("after the restart: {e}"),
        }
    }
    ensure!(answered.is_some(), "the rules service never came back");
    play_to_end(&mut client, &table, 5).await?;
    audit(&mut client, &table).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nats_down_is_unavailable_at_once_and_the_match_goes_on_once_it_is_back() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let choice = random_choice(&decision, &mut Rng(14))?;
    let port = system.stop_nats().await?;
    // Every kind of request: UNAVAILABLE, well within a long deadline (the time is reported,
    // not asserted).
    let started = std::time::Instant::now();
    let mut req = with_token(submit(&table.match_id, &decision, choice.clone(), "nats-1"), &table.tokens[seat]);
    req.set_timeout(Duration::from_secs(30));
    let err = client.submit_decision(req).await.expect_err("the log is down");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    let mut get = tonic::Request::new(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 });
    get.set_timeout(Duration::from_secs(30));
    let err = client.get_match(get).await.expect_err("reads need the log");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    let mut create = tonic::Request::new(m::CreateMatchRequest {
        ruleset: "mainframe".into(),
        seats: vec![m::SeatSpec::default(), m::SeatSpec::default()],
        options: Default::default(),
        ..Default::default()
    });
    create.set_timeout(Duration::from_secs(30));
    let err = client.create_match(harness::with_platform_key(create)).await.expect_err("creating needs the log");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    eprintln!("three requests with NATS down answered UNAVAILABLE in {:?}", started.elapsed());

    // Back on the same port: the orchestrator reconnects and the same request lands.
    system.restart_nats(port).await?;
    let mut answered = false;
    for _ in 0..300 {
        let req = with_token(submit(&table.match_id, &decision, choice.clone(), "nats-1"), &table.tokens[seat]);
        match client.submit_decision(req).await {
            Ok(_) => {
                answered = true;
                break;
            }
            Err(e) if e.code() == Code::Unavailable => tokio::time::sleep(Duration::from_millis(100)).await,
            Err(e) => bail!("after NATS came back: {e}"),
        }
    }
    ensure!(answered, "the orchestrator never used the log again");
    play_to_end(&mut client, &table, 15).await?;
    audit(&mut client, &table).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_stream_is_unavailable_saying_what_to_do_and_a_restart_recreates_it() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let choice = random_choice(&decision, &mut Rng(18))?;
    // The operator deletes the stream (as when its store is lost).
    let js = async_nats::jetstream::new(system.nats_client(eventlog::Role::Admin).await?);
    js.delete_stream(eventlog::STREAM).await?;
    let req = with_token(submit(&table.match_id, &decision, choice, "gone-1"), &table.tokens[seat]);
    let err = client.submit_decision(req).await.expect_err("no stream");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    assert!(err.message().contains("restart the orchestrator"), "{}", err.message());
    let err = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await.expect_err("no stream");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    let err = client
        .create_match(harness::platform(m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: vec![m::SeatSpec::default(), m::SeatSpec::default()],
            options: Default::default(),
            ..Default::default()
        }))
        .await
        .expect_err("no stream");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    // A restarted orchestrator recreates the stream: new matches play again.
    system.kill_orchestrator().await?;
    system.start_orchestrator().await?;
    let mut client = system.client().await?;
    let fresh = create_and_join(&mut client, 2).await?;
    play_to_end(&mut client, &fresh, 19).await?;
    audit(&mut client, &fresh).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_store_is_resource_exhausted_and_the_match_resumes_once_there_is_room() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let choice = random_choice(&decision, &mut Rng(6))?;
    let before = system.log_len(&table.match_id).await?;

    // The operator's limit is reached: no room for one more commit.
    system.set_stream_max_bytes(|now| now as i64).await?;
    let req = with_token(submit(&table.match_id, &decision, choice.clone(), "full-1"), &table.tokens[seat]);
    let err = client.submit_decision(req).await.expect_err("the store is full");
    assert_eq!(err.code(), Code::ResourceExhausted, "{}", err.message());
    assert!(err.message().contains("full"), "{}", err.message());
    let err = client
        .create_match(harness::platform(m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: vec![m::SeatSpec::default(), m::SeatSpec::default()],
            options: Default::default(),
            ..Default::default()
        }))
        .await
        .expect_err("no room for a new match either");
    assert_eq!(err.code(), Code::ResourceExhausted, "{}", err.message());
    // Reads still work.
    let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.version as usize, before);
    assert_eq!(system.log_len(&table.match_id).await?, before, "nothing appended");

    // Room again: the same request now lands, and the match plays to an audited end.
    system.set_stream_max_bytes(|_| -1).await?;
    let req = with_token(submit(&table.match_id, &decision, choice, "full-1"), &table.tokens[seat]);
    let reply = client.submit_decision(req).await?.into_inner();
    assert!(reply.version as usize > before);
    play_to_end(&mut client, &table, 7).await?;
    audit(&mut client, &table).await?;
    Ok(())
}

/// How long the abusive client waits for one of its own calls before it gives up on it.
const ABUSER_CALL_PATIENCE: Duration = Duration::from_secs(15);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abusive_client_never_fails_another_clients_calls() -> Result<()> {
    let system = System::start().await?;
    let url = system.orchestrator_url()?;
    let mut victim = MatchServiceClient::connect(url.clone()).await?;
    let table = create_and_join(&mut victim, 2).await?;
    let target = create_and_join(&mut victim, 2).await?;

    // One connection: many streams at once, each sending a 1 MB body or a valid read.
    let abuser = tonic::transport::Endpoint::from_shared(url)?.connect().await?;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut tasks = Vec::new();
    for i in 0..64 {
        let (abuser, stop, match_id) = (abuser.clone(), stop.clone(), target.match_id.clone());
        tasks.push(tokio::spawn(async move {
            let mut codes: BTreeMap<String, usize> = BTreeMap::new();
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let call = async {
                    if i % 2 == 0 {
                        raw::send(&abuser, "/arbiter.match.v1.MatchService/CreateMatch", vec![0x0a; 1 << 20], false).await
                    } else {
                        let mut c = MatchServiceClient::new(abuser.clone());
                        c.get_match(m::GetMatchRequest { match_id: match_id.clone(), version: 0 }).await.map(|_| ())
                    }
                };
                // The abuser's own calls may queue behind its connection's limits for as long as
                // the server likes: bounded here so that the test itself can never hang.
                let Ok(result) = tokio::time::timeout(ABUSER_CALL_PATIENCE, call).await else {
                    *codes.entry("client gave up".to_string()).or_default() += 1;
                    continue;
                };
                let code = match result {
                    Ok(()) => "OK".to_string(),
                    Err(e) => {
                        if e.code() == Code::ResourceExhausted && !e.message().contains("65536") {
                            return Err(anyhow!("an over-size body without the limit: {}", e.message()));
                        }
                        format!("{:?}", e.code())
                    }
                };
                *codes.entry(code).or_default() += 1;
            }
            Ok::<_, anyhow::Error>(codes)
        }));
    }
    let played = play_to_end(&mut victim, &table, 8).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut codes: BTreeMap<String, usize> = BTreeMap::new();
    for t in tasks {
        for (k, v) in t.await?? {
            *codes.entry(k).or_default() += v;
        }
    }
    eprintln!("abuser's answers: {codes:?}");
    let decisions = played?;
    ensure!(decisions > 0);
    ensure!(codes.get("ResourceExhausted").copied().unwrap_or(0) > 0, "the 1 MB bodies were refused as RESOURCE_EXHAUSTED: {codes:?}");
    audit(&mut victim, &table).await?;
    Ok(())
}

// ---- watchers ----

/// Open `n` watches over `connections` connections on the matches, then abandon them all.
async fn abandon_watches(url: &str, match_ids: &[String], n: usize, connections: usize) -> Result<()> {
    let per = n.div_ceil(connections);
    let mut tasks = Vec::new();
    for c in 0..connections {
        let (url, ids) = (url.to_string(), match_ids.to_vec());
        tasks.push(tokio::spawn(async move {
            let channel = tonic::transport::Endpoint::from_shared(url)?.connect().await?;
            let mut client = MatchServiceClient::new(channel);
            let mut open = Vec::new();
            for i in 0..per {
                let req = m::WatchMatchRequest { match_id: ids[(c + i) % ids.len()].clone(), from_version: 0 };
                open.push(client.watch_match(req).await?.into_inner());
            }
            // Read one update from some, then drop every stream and the connection.
            for s in open.iter_mut().step_by(50) {
                let _ = s.message().await?;
            }
            Ok::<_, anyhow::Error>(())
        }));
    }
    for t in tasks {
        t.await??;
    }
    Ok(())
}

async fn abandoned_watches(n: usize) -> Result<()> {
    let system = System::start().await?;
    let url = system.orchestrator_url()?;
    let mut victim = system.client().await?;
    let mut tables = Vec::new();
    for _ in 0..3 {
        tables.push(create_and_join(&mut victim, 2).await?);
    }
    let ids: Vec<String> = tables.iter().map(|t| t.match_id.clone()).collect();
    let connections = n.div_ceil(200).max(2);
    // Watches opened and abandoned while another client plays: it never fails.
    let abuse = tokio::spawn({
        let (url, ids) = (url.clone(), ids.clone());
        async move { abandon_watches(&url, &ids, n, connections).await }
    });
    let playing = play_to_end(&mut victim, &tables[0], 9).await;
    abuse.await??;
    playing?;
    // Nothing is left behind: no log consumer once the watches are gone.
    let mut left = usize::MAX;
    for _ in 0..300 {
        left = system.consumer_count().await?;
        if left == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    ensure!(left == 0, "{left} consumers left on the stream after {n} abandoned watches");
    // Everything still answers.
    audit(&mut victim, &tables[0]).await?;
    victim.get_match(m::GetMatchRequest { match_id: ids[1].clone(), version: 0 }).await?;
    let mut w = victim.watch_match(m::WatchMatchRequest { match_id: ids[2].clone(), from_version: 0 }).await?.into_inner();
    ensure!(w.message().await?.is_some_and(|u| u.version == 1));
    play_to_end(&mut victim, &tables[1], 10).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_watches_leave_nothing_behind_and_fail_nobody() -> Result<()> {
    abandoned_watches(1_000).await
}

/// The full run of the issue: `ARBITER_ABANDONED_WATCHES=10000 cargo test -p arbiter-e2e --test
/// reliability -- --ignored ten_thousand`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long: 10,000 watches; run it with --ignored"]
async fn ten_thousand_abandoned_watches_leave_nothing_behind() -> Result<()> {
    let n = std::env::var("ARBITER_ABANDONED_WATCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000);
    abandoned_watches(n).await
}

/// Read a watch of `match_id` from after `from` up to version `last`; a watch ended for falling
/// behind is resumed from the version it names (as a client should). Returns the versions.
async fn read_through(client: &mut MatchServiceClient<Channel>, match_id: &str, mut from: u64, last: u64) -> Result<Vec<u64>> {
    let mut got = Vec::new();
    for _ in 0..100 {
        let req = m::WatchMatchRequest { match_id: match_id.into(), from_version: from };
        let mut stream = client.watch_match(req).await?.into_inner();
        loop {
            match stream.message().await {
                Ok(Some(u)) => {
                    got.push(u.version);
                    if u.version >= last {
                        return Ok(got);
                    }
                }
                Ok(None) => return Ok(got),
                Err(e) => {
                    from = resume_version(&e)?;
                    break;
                }
            }
        }
    }
    bail!("resumed 100 times")
}

/// The version a RESOURCE_EXHAUSTED watch says to resume from.
fn resume_version(e: &tonic::Status) -> Result<u64> {
    ensure!(e.code() == Code::ResourceExhausted, "{:?}: {}", e.code(), e.message());
    e.message()
        .rsplit("from_version ")
        .next()
        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| anyhow!("no version to resume from in {:?}", e.message()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_that_never_read_are_ended_and_memory_stays_bounded() -> Result<()> {
    const SLOW: usize = 50;
    const COMMITS: usize = 120;
    let system = System::start().await?;
    // A short stall, so that the stalled watchers are ended while the test plays; a reader that
    // stalls this long too is ended and resumes (read_through).
    let orchestrator = system.spawn_orchestrator_with(&["--watch-stall-ms", "300"]).await?;
    let pid = orchestrator.pid().ok_or_else(|| anyhow!("no orchestrator pid"))?;
    let mut client = MatchServiceClient::connect(orchestrator.url()).await?;
    // Long-lived players, so that random play reaches COMMITS before anyone is flatlined (the
    // draws, and so the length of a match, differ from run to run).
    let request = m::CreateMatchRequest {
        ruleset: "mainframe".into(),
        seats: (1..=3).map(|i| m::SeatSpec { name: format!("Bot {i}"), ..Default::default() }).collect(),
        options: [("starting_mainframe".to_string(), 200), ("starting_bioframe".to_string(), 200)].into(),
        ..Default::default()
    };
    let table = harness::create_and_join_request(&mut client, request).await?;
    // A client that never reads: a small HTTP/2 window, so the server's sends stall at once.
    let slow = tonic::transport::Endpoint::from_shared(orchestrator.url())?.initial_stream_window_size(Some(1024)).connect().await?;
    let mut slow_client = MatchServiceClient::new(slow);
    let mut stalled = Vec::new();
    for _ in 0..SLOW {
        let req = m::WatchMatchRequest { match_id: table.match_id.clone(), from_version: 0 };
        stalled.push(slow_client.watch_match(req).await?.into_inner());
    }
    assert_eq!(system.consumer_count().await?, 1, "one feed for the watched match");
    let rss_before = harness::rss_bytes(pid)?;
    // Play on (the match stays live, so only its watchers keep its feed).
    let mut rng = Rng(12);
    while system.log_len(&table.match_id).await? < COMMITS {
        ensure!(play_one(&mut client, &table, &mut rng).await?.is_some(), "the match ended before {COMMITS} commits");
    }
    let last = system.log_len(&table.match_id).await? as u64;
    // Every stalled watcher is ended and lets go of the feed: its log consumer goes.
    let mut left = usize::MAX;
    for _ in 0..300 {
        left = system.consumer_count().await?;
        if left == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    ensure!(left == 0, "{left} consumers left: the stalled watchers still hold the match's feed");
    let rss_after = harness::rss_bytes(pid)?;
    eprintln!("{SLOW} stalled watchers, {last} commits: orchestrator RSS {} -> {} MiB", rss_before >> 20, rss_after >> 20);
    ensure!(rss_after.saturating_sub(rss_before) < 64 << 20, "{SLOW} watchers that never read grew the orchestrator by {} MiB", (rss_after - rss_before) >> 20);

    // A stalled watcher, read at last: what was buffered, then RESOURCE_EXHAUSTED naming the
    // version to resume from; resuming there gives the rest, each version once.
    let mut stream = stalled.swap_remove(0);
    let mut got = Vec::new();
    let resume = loop {
        match stream.message().await {
            Ok(Some(u)) => got.push(u.version),
            Ok(None) => bail!("the stalled watch ended without an error after {got:?}"),
            Err(e) => break resume_version(&e)?,
        }
    };
    ensure!(got == (1..=resume).collect::<Vec<_>>(), "before the error: {got:?}, resume from {resume}");
    ensure!(resume < last, "the stalled watcher was ended before the end ({resume} of {last})");
    got.extend(read_through(&mut client, &table.match_id, resume, last).await?);
    ensure!(got == (1..=last).collect::<Vec<_>>(), "with the resumed watch: {got:?}");
    // Everything is still served, and the match plays to an audited end.
    play_to_end(&mut client, &table, 13).await?;
    audit(&mut client, &table).await?;
    drop(stalled);
    orchestrator.kill().await?;
    Ok(())
}

// ---- lost keys ----

/// How long a service refusing to start may take to exit.
const REFUSAL_TIMEOUT: Duration = Duration::from_secs(30);

/// `arbiter serve <service> <args>` must exit at once, unsuccessfully: its stderr.
async fn refused_start(service: &str, args: &[String]) -> Result<String> {
    let args: Vec<&str> = ["serve", service].into_iter().chain(args.iter().map(String::as_str)).collect();
    let (ok, _, err) = tokio::time::timeout(REFUSAL_TIMEOUT, harness::run_arbiter(&args))
        .await
        .map_err(|_| anyhow!("the {service} service started without its key file"))??;
    ensure!(!ok, "the {service} service exited successfully without its key file");
    Ok(err)
}

/// Read the match (each read drives it: the draw or reveal it waits for) until its log has grown
/// past `before` commits.
async fn until_it_moves(system: &System, client: &mut MatchServiceClient<Channel>, match_id: &str, before: usize) -> Result<()> {
    for _ in 0..100 {
        // A read may fail while the orchestrator reconnects to the restarted service.
        let _ = client.get_match(m::GetMatchRequest { match_id: match_id.into(), version: 0 }).await;
        if system.log_len(match_id).await? > before {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("match {match_id} never moved on")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_randomness_key_is_refused_until_it_is_restored_and_the_match_then_ends_audited() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(23);
    for _ in 0..3 {
        play_one(&mut client, &table, &mut rng).await?;
    }
    // The key file is lost mid-match.
    system.kill_randomness().await?;
    let key_file = system.randomness_key_file();
    let kept = key_file.with_extension("kept");
    std::fs::rename(&key_file, &kept)?;
    let err = refused_start("randomness", &system.randomness_args("127.0.0.1:0")).await?;
    for part in [key_file.display().to_string().as_str(), "missing", "unverifiable", "Restore the key file", "--new-key"] {
        ensure!(err.contains(part), "{part:?} not in the refusal: {err}");
    }
    ensure!(!key_file.exists(), "no key was made");

    // A new key on purpose: the match goes on until it needs randomness, which is refused.
    system.restart_randomness_with(&["--new-key"]).await?;
    let mut randomness = access::randomness_client(&system).await?;
    let new_key = randomness.public_key(api::randomness_v1::PublicKeyRequest {}).await?.into_inner().public_key;
    ensure!(new_key != table.public_key, "a new key");
    for _ in 0..5_000 {
        let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
        if view.pending.is_none() || view.status == m::MatchStatus::Ended as i32 {
            break;
        }
        play_one(&mut client, &table, &mut rng).await?;
    }
    let before = system.log_len(&table.match_id).await?;
    let last = logged_commits(&system, &table.match_id).await?.pop().ok_or_else(|| anyhow!("no commit"))?;
    let refusal = match last.awaiting.and_then(|a| a.what) {
        Some(api::rules_v1::awaiting::What::Draw(d)) => {
            // Through the match API: the draw the next request makes.
            let err = client
                .submit_decision(with_token(
                    m::SubmitDecisionRequest {
                        match_id: table.match_id.clone(),
                        decision_id: 0,
                        choice: None,
                        idempotency_key: "after-the-loss".into(),
                        ..Default::default()
                    },
                    &table.tokens[0],
                ))
                .await
                .expect_err("the draw is refused");
            ensure!(err.code() == Code::FailedPrecondition, "{:?}: {}", err.code(), err.message());
            let kind = match d.kind {
                Some(api::rules_v1::draw_request::Kind::Range(n)) => api::randomness_v1::draw_request::Kind::Range(n),
                Some(api::rules_v1::draw_request::Kind::Shuffle(n)) => api::randomness_v1::draw_request::Kind::Shuffle(n),
                None => bail!("a draw without a kind"),
            };
            let request = api::randomness_v1::DrawRequest {
                match_id: table.match_id.clone(),
                seat_entropies: vec![vec![1; 32], vec![2; 32]],
                index: d.index,
                purpose: d.purpose,
                kind: Some(kind),
            };
            randomness.draw(request).await.expect_err("the draw is refused")
        }
        Some(api::rules_v1::awaiting::What::Ended(_)) => {
            randomness.reveal(api::randomness_v1::RevealRequest { match_id: table.match_id.clone() }).await.expect_err("the reveal is refused")
        }
        other => bail!("the match stopped awaiting {other:?}"),
    };
    ensure!(refusal.code() == Code::FailedPrecondition, "{:?}: {}", refusal.code(), refusal.message());
    for part in [fairness::chain::short_hex(&table.public_key), fairness::chain::short_hex(&new_key), "restore the key file that created this match".into()] {
        ensure!(refusal.message().contains(&part), "{part:?} not in the refusal: {}", refusal.message());
    }
    ensure!(system.log_len(&table.match_id).await? == before, "nothing was appended with the new key");

    // The key file put back: the match resumes, ends, and its export passes the audit.
    system.kill_randomness().await?;
    std::fs::rename(&kept, &key_file)?;
    system.restart_randomness().await?;
    until_it_moves(&system, &mut client, &table.match_id, before).await?;
    play_to_end(&mut client, &table, 29).await?;
    let commits = audit(&mut client, &table).await?;
    ensure!(commits == system.log_len(&table.match_id).await?, "the audit covers every commit");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_orchestrator_key_is_refused_until_it_is_restored_and_the_match_then_ends_audited() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(31);
    for _ in 0..3 {
        play_one(&mut client, &table, &mut rng).await?;
    }
    let old_key = orchestrator::keys::load(&system.orchestrator_key_file())?.public_key();
    // The key file is lost.
    system.kill_orchestrator().await?;
    let key_file = system.orchestrator_key_file();
    let kept = key_file.with_extension("kept");
    std::fs::rename(&key_file, &kept)?;
    let err = refused_start("orchestrator", &system.orchestrator_args()?).await?;
    for part in [key_file.display().to_string().as_str(), "missing", "unverifiable", "Restore the key file", "--new-key"] {
        ensure!(err.contains(part), "{part:?} not in the refusal: {err}");
    }
    ensure!(!key_file.exists(), "no key was made");

    // A new key on purpose: the match is neither served nor appended to.
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--new-key"]).await?);
    let new_key = orchestrator::keys::load(&key_file)?.public_key();
    let mut client = system.client().await?;
    let before = system.log_len(&table.match_id).await?;
    let id = table.match_id.clone();
    let refusals = [
        client.get_match(m::GetMatchRequest { match_id: id.clone(), version: 0 }).await.err(),
        client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: id.clone() }, &table.tokens[0])).await.err(),
        client
            .submit_decision(with_token(
                m::SubmitDecisionRequest { match_id: id.clone(), decision_id: 0, choice: None, idempotency_key: "after-the-loss".into(), ..Default::default() },
                &table.tokens[0],
            ))
            .await
            .err(),
        client.watch_match(m::WatchMatchRequest { match_id: id.clone(), from_version: 0 }).await.err(),
        client.export_match(m::ExportMatchRequest { match_id: id.clone() }).await.err(),
    ];
    for (i, err) in refusals.into_iter().enumerate() {
        let err = err.ok_or_else(|| anyhow!("request {i} was served under the new key"))?;
        ensure!(err.code() == Code::FailedPrecondition, "request {i}: {:?}: {}", err.code(), err.message());
        for part in [
            fairness::chain::short_hex(&old_key),
            fairness::chain::short_hex(&new_key),
            format!("restore the key file that created this match, {}", key_file.display()),
        ] {
            ensure!(err.message().contains(&part), "request {i}: {part:?} not in {}", err.message());
        }
    }
    ensure!(system.log_len(&table.match_id).await? == before, "nothing was appended with the new key");

    // The key file put back: the match plays to an audited end.
    system.kill_orchestrator().await?;
    std::fs::rename(&kept, &key_file)?;
    system.start_orchestrator().await?;
    let mut client = system.client().await?;
    play_to_end(&mut client, &table, 37).await?;
    let commits = audit(&mut client, &table).await?;
    ensure!(commits == system.log_len(&table.match_id).await?, "the audit covers every commit");
    Ok(())
}
