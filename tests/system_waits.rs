//! End-to-end: a match that waits for the system says so (docs/api.md, "Waiting for the
//! system"), over a real nats-server and real service processes with three randomness nodes as
//! `arbiter up --randomness-nodes 3` runs them (scheme v2, every draw needs every node).
//!
//! Mid-match, one node is stopped (SIGKILL), then another frozen (SIGSTOP). Each time: the
//! decision that sets off the draw is answered OK with `system_wait` (its decision is logged);
//! every read (`GetMatch` for a spectator and each seat, `GetPendingDecision` for each seat,
//! `WatchMatch`, the feed's `feed.<t>.<match>.wait`) names the node within 1 s; a decision sent
//! meanwhile is UNAVAILABLE naming it and logs nothing; and once the node is back (started
//! again, or SIGCONT) the match goes on by itself within 2 s, telling watchers. A view of a
//! past version has no `system_wait`, and WatchMatches sends no notice.
//!
//! match.proto promises checked here (docs/api.md, "The proto's promises and their tests"):
//! `SystemWait`, `MatchView.system_wait`, `GetPendingDecisionResponse.system_wait`,
//! `GetPendingDecisionResponse.waiting_for_seat` (absent while waiting for a draw),
//! `SubmitDecisionResponse.system_wait`, `MatchUpdate.system_wait`.

mod harness;

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use futures::StreamExt;
use harness::{random_choice, with_token, Rng, Table};
use tonic::transport::Channel;
use tonic::Code;

/// Every read answers, naming the node, within this.
const READ_WITHIN: Duration = Duration::from_secs(1);
/// The match goes on by itself within this of the node's return.
const RESUME_WITHIN: Duration = Duration::from_secs(2);
/// Random decisions at most until the match needs a draw again (netrunner bots run on HQ, take
/// damage and shuffle often).
const MAX_DECISIONS: usize = 3_000;

/// The seat to decide and its decision, straight from GetPendingDecision (`None`: the match
/// waits for no seat).
async fn to_decide(client: &mut MatchServiceClient<Channel>, t: &Table) -> Result<Option<(usize, m::Decision)>> {
    let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: t.match_id.clone() }, &t.tokens[0])).await?.into_inner();
    let Some(seat) = p.waiting_for_seat else { return Ok(None) };
    let seat = seat as usize;
    let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: t.match_id.clone() }, &t.tokens[seat])).await?.into_inner();
    Ok(p.decision.map(|d| (seat, d)))
}

/// Play random decisions until one's reply says the match waits for the system; that reply.
/// `None`: the match ended first (random games can end before their next draw).
async fn play_until_a_wait(client: &mut MatchServiceClient<Channel>, t: &Table, rng: &mut Rng) -> Result<Option<(m::SubmitDecisionResponse, Duration)>> {
    for _ in 0..MAX_DECISIONS {
        let Some((seat, decision)) = to_decide(client, t).await? else { bail!("the match waits for no seat before the node went away") };
        let req = m::SubmitDecisionRequest {
            match_id: t.match_id.clone(),
            decision_id: decision.decision_id,
            choice: Some(random_choice(&decision, rng)?),
            idempotency_key: format!("d{}", decision.decision_id),
            ..Default::default()
        };
        let started = Instant::now();
        let reply = client.submit_decision(with_token(req, &t.tokens[seat])).await?.into_inner();
        if reply.status == m::MatchStatus::Ended as i32 {
            return Ok(None);
        }
        if reply.system_wait.is_some() {
            return Ok(Some((reply, started.elapsed())));
        }
    }
    bail!("no draw within {MAX_DECISIONS} decisions")
}

fn names(wait: Option<&m::SystemWait>, node: &str, what: &str) -> Result<()> {
    let w = wait.with_context(|| format!("{what}: no system_wait"))?;
    anyhow::ensure!(w.service == "randomness" && w.node == node, "{what}: {w:?} does not name node {node}");
    anyhow::ensure!(w.since_ms > 0 && !w.waiting_for.is_empty(), "{what}: {w:?}");
    Ok(())
}

/// Every read names `node` within [`READ_WITHIN`], and a decision is UNAVAILABLE naming it.
async fn every_read_names(client: &mut MatchServiceClient<Channel>, t: &Table, node: &str, version: u64) -> Result<()> {
    let id = t.match_id.clone();
    let timed = |what: &str, started: Instant| -> Result<()> {
        let took = started.elapsed();
        anyhow::ensure!(took < READ_WITHIN, "{what} took {took:?}");
        Ok(())
    };
    let started = Instant::now();
    let view = client.get_match(m::GetMatchRequest { match_id: id.clone(), version: 0 }).await?.into_inner();
    timed("GetMatch (spectator)", started)?;
    names(view.system_wait.as_ref(), node, "GetMatch (spectator)")?;
    anyhow::ensure!(view.status == m::MatchStatus::InProgress as i32 && view.pending.is_none() && view.version == version, "{view:?}");
    for (seat, token) in t.tokens.iter().enumerate() {
        let started = Instant::now();
        let view = client.get_match(with_token(m::GetMatchRequest { match_id: id.clone(), version: 0 }, token)).await?.into_inner();
        timed("GetMatch (seat)", started)?;
        names(view.system_wait.as_ref(), node, &format!("GetMatch (seat {seat})"))?;
        let started = Instant::now();
        let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: id.clone() }, token)).await?.into_inner();
        timed("GetPendingDecision", started)?;
        names(p.system_wait.as_ref(), node, &format!("GetPendingDecision (seat {seat})"))?;
        anyhow::ensure!(p.decision.is_none() && p.waiting_for_seat.is_none() && p.status == m::MatchStatus::InProgress as i32, "{p:?}");
        // A decision meanwhile: UNAVAILABLE naming the node, nothing logged.
        let started = Instant::now();
        let req = m::SubmitDecisionRequest {
            match_id: id.clone(),
            decision_id: version,
            idempotency_key: format!("meanwhile-{seat}-{version}"),
            ..Default::default()
        };
        let err = client.submit_decision(with_token(req, token)).await.expect_err("no decision while the match waits for the system");
        timed("SubmitDecision", started)?;
        anyhow::ensure!(err.code() == Code::Unavailable && err.message().contains(&format!("randomness node \"{node}\"")), "{err:?}");
    }
    // A watch from the last version: a notice naming the node.
    let started = Instant::now();
    let mut watch = client.watch_match(m::WatchMatchRequest { match_id: id.clone(), from_version: version }).await?.into_inner();
    let notice = tokio::time::timeout(READ_WITHIN, watch.next()).await.context("no WatchMatch notice within 1 s")?.context("the watch ended")??;
    timed("WatchMatch notice", started)?;
    names(notice.system_wait.as_ref(), node, "WatchMatch")?;
    anyhow::ensure!(notice.version == version && notice.events.is_empty(), "{notice:?}");
    // match.proto, `MatchView.system_wait`: "A view of a past version never has it".
    let past = client.get_match(m::GetMatchRequest { match_id: id.clone(), version: version - 1 }).await?.into_inner();
    anyhow::ensure!(past.version == version - 1 && past.system_wait.is_none(), "a past version: {past:?}");
    // match.proto, `MatchUpdate.system_wait`: "WatchMatch only (not WatchMatches)": a
    // WatchMatches stream carries the match's commits and no notice, for as long as a WatchMatch
    // took to get one.
    let mut many = client.watch_matches(harness::platform(m::WatchMatchesRequest::default())).await?.into_inner();
    let until = Instant::now() + READ_WITHIN;
    let mut commits = 0;
    while let Ok(Some(u)) = tokio::time::timeout_at(until.into(), many.next()).await {
        let u = u?;
        if u.match_id == id {
            let update = u.update.context("an update")?;
            anyhow::ensure!(update.system_wait.is_none() && update.version <= version, "WatchMatches sent {update:?}");
            commits += 1;
        }
    }
    anyhow::ensure!(commits as u64 == version, "WatchMatches sent the {version} commits of the match, then nothing: {commits}");
    Ok(())
}

/// The match goes on by itself within [`RESUME_WITHIN`] of `back`: a seat to decide again, and
/// the watch gets the draw's commit.
async fn goes_on(client: &mut MatchServiceClient<Channel>, t: &Table, version: u64, back: Instant) -> Result<Duration> {
    let mut watch = client.watch_match(m::WatchMatchRequest { match_id: t.match_id.clone(), from_version: version }).await?.into_inner();
    loop {
        let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: t.match_id.clone() }, &t.tokens[0])).await?.into_inner();
        // An ended match may still wait for its reveal (the node just back answers it too):
        // the draw went on; the reveal's own wait must end within the same time.
        let revealing = p.system_wait.as_ref().is_some_and(|w| w.waiting_for == "reveal");
        if (p.waiting_for_seat.is_some() || p.status == m::MatchStatus::Ended as i32) && !revealing {
            anyhow::ensure!(p.system_wait.is_none(), "{p:?}");
            break;
        }
        anyhow::ensure!(back.elapsed() < RESUME_WITHIN, "the match did not go on within {RESUME_WITHIN:?} of the node's return: {p:?}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let took = back.elapsed();
    anyhow::ensure!(took < RESUME_WITHIN, "went on after {took:?}");
    // Watchers hear it: the next update is a commit (a newer version, no wait).
    loop {
        let update = tokio::time::timeout(RESUME_WITHIN, watch.next()).await.context("the watch heard nothing")?.context("the watch ended")??;
        if update.system_wait.is_none() {
            anyhow::ensure!(update.version > version, "{update:?}");
            break;
        }
    }
    Ok(took)
}

/// The next feed wait notice of the match (`feed.<t>.<match>.wait`), as JSON.
async fn feed_notice(sub: &mut async_nats::Subscriber) -> Result<serde_json::Value> {
    let message = tokio::time::timeout(Duration::from_secs(3), sub.next()).await.context("no feed wait notice")?.context("the feed subscription ended")?;
    Ok(serde_json::from_slice(&message.payload)?)
}

/// Matches tried at most for a phase: a random match may end before its next draw.
const ATTEMPTS: usize = 5;

/// A new netrunner match, joined, a few decisions in, with a subscription to its feed waits.
async fn new_match(client: &mut MatchServiceClient<Channel>, feed: &async_nats::Client, rng: &mut Rng) -> Result<(Table, async_nats::Subscriber)> {
    let t = harness::create_and_join_request(
        client,
        m::CreateMatchRequest {
            ruleset: "netrunner".into(),
            seats: (0..2).map(|i| m::SeatSpec { name: format!("Bot {}", i + 1), ..Default::default() }).collect(),
            ..Default::default()
        },
    )
    .await?;
    let waits = feed.subscribe(format!("feed.*.{}.wait", t.match_id)).await?;
    for _ in 0..6 {
        let Some((seat, decision)) = to_decide(client, &t).await? else { bail!("no decision") };
        let choice = random_choice(&decision, rng)?;
        let req = m::SubmitDecisionRequest { match_id: t.match_id.clone(), decision_id: decision.decision_id, choice: Some(choice), ..Default::default() };
        client.submit_decision(with_token(req, &t.tokens[seat])).await?;
    }
    Ok((t, waits))
}

fn signal(pid: u32, sig: &str) -> Result<()> {
    let ok = std::process::Command::new("kill").args([sig, &pid.to_string()]).status()?.success();
    anyhow::ensure!(ok, "kill {sig} {pid} failed");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_stopped_then_frozen_mid_match_is_named_by_every_read_and_the_match_goes_on_by_itself() -> Result<()> {
    let system = harness::System::start().await?;
    // Three nodes, as `arbiter up --randomness-nodes 3` runs them: a and c beside the system's own b.
    let node_args = |key: &str, listen: &str| {
        [
            vec!["--listen".into(), listen.to_string()],
            harness::nats_args(&system.nats, &system.credentials, eventlog::Role::Randomness),
            vec!["--key-file".into(), system.dir.path().join(key).display().to_string()],
            harness::tls_args(&system.pki, "randomness"),
        ]
        .concat()
    };
    let a = harness::spawn_service("randomness", &node_args("node-a.json", "127.0.0.1:0")).await?;
    let c = harness::spawn_service("randomness", &node_args("node-c.json", "127.0.0.1:0")).await?;
    let c_addr = c.addr.clone();
    let nodes = [format!("a={}", a.url()), format!("b={}", system.randomness.url()), format!("c={}", c.url())];
    let extra: Vec<&str> = nodes.iter().flat_map(|n| ["--randomness", n.as_str()]).collect();
    let orchestrator = system.spawn_orchestrator_with(&extra).await?;
    let _projector = harness::start_projector(&system).await?;
    let mut client = MatchServiceClient::connect(orchestrator.url()).await?;
    let feed = system.nats_client(eventlog::Role::Feed).await?;
    let mut rng = Rng(35);

    // 1. Stopped: node c dies mid-match (in a new match if one ends before its next draw).
    let mut c = Some(c);
    let mut attempt = 0;
    let (t, mut waits, reply, took) = loop {
        attempt += 1;
        anyhow::ensure!(attempt <= ATTEMPTS, "every match ended before a draw");
        // A match starts only with every node up (its setup draws): c comes back first after
        // an attempt whose match ended.
        if c.is_none() {
            c = Some(harness::spawn_service("randomness", &node_args("node-c.json", &c_addr)).await?);
        }
        let (t, waits) = new_match(&mut client, &feed, &mut rng).await?;
        if let Some(c) = c.take() {
            c.kill().await?;
        }
        if let Some((reply, took)) = play_until_a_wait(&mut client, &t, &mut rng).await? {
            break (t, waits, reply, took);
        }
    };
    names(reply.system_wait.as_ref(), "c", "the reply of the decision that set off the draw")?;
    anyhow::ensure!(took < READ_WITHIN, "the decision that set off the draw took {took:?}");
    let logged = system.log_len(&t.match_id).await?;
    anyhow::ensure!(logged as u64 == reply.version, "the decision is logged, the draw is not");
    every_read_names(&mut client, &t, "c", reply.version).await?;
    let notice = feed_notice(&mut waits).await?;
    anyhow::ensure!(notice["system_wait"]["node"] == "c" && notice["system_wait"]["service"] == "randomness", "{notice}");
    anyhow::ensure!(notice.get("waiting_for").is_none() && !notice.to_string().contains(&c_addr), "no purpose, no address in the feed: {notice}");
    anyhow::ensure!(system.log_len(&t.match_id).await? == logged, "nothing is logged while node c is down");
    let _c = harness::spawn_service("randomness", &node_args("node-c.json", &c_addr)).await?;
    let back = Instant::now();
    let stopped_resume = goes_on(&mut client, &t, reply.version, back).await?;
    loop {
        let notice = feed_notice(&mut waits).await?;
        if notice["system_wait"].is_null() {
            break;
        }
    }

    // 2. Frozen: node a stops answering (SIGSTOP) mid-match, its connections open (again in a
    // new match if one ends first; the node is thawed meanwhile, as a match needs it to start).
    let pid = a.pid().context("node a's pid")?;
    let (mut t, mut waits) = (t, waits);
    let mut attempt = 0;
    let frozen = loop {
        attempt += 1;
        if attempt > ATTEMPTS {
            break Err(anyhow::anyhow!("every match ended before a draw"));
        }
        signal(pid, "-STOP")?;
        match play_until_a_wait(&mut client, &t, &mut rng).await {
            Ok(Some(f)) => break Ok(f),
            Ok(None) => {
                signal(pid, "-CONT")?;
                (t, waits) = new_match(&mut client, &feed, &mut rng).await?;
            }
            Err(e) => break Err(e),
        }
    };
    let frozen = match frozen {
        Ok(f) => f,
        Err(e) => {
            signal(pid, "-CONT")?;
            return Err(e);
        }
    };
    let (reply, took) = frozen;
    let checked = async {
        names(reply.system_wait.as_ref(), "a", "the reply of the decision that set off the draw")?;
        anyhow::ensure!(took < Duration::from_millis(1500), "a frozen node held the decision for {took:?}");
        every_read_names(&mut client, &t, "a", reply.version).await?;
        let notice = feed_notice(&mut waits).await?;
        anyhow::ensure!(notice["system_wait"]["node"] == "a", "{notice}");
        Ok::<_, anyhow::Error>(())
    }
    .await;
    signal(pid, "-CONT")?;
    checked?;
    let back = Instant::now();
    let frozen_resume = goes_on(&mut client, &t, reply.version, back).await?;
    eprintln!("went on {stopped_resume:?} after node c was back, {frozen_resume:?} after node a was thawed");
    Ok(())
}

/// What every read answers while the rules service, then the log (NATS), is down mid-match:
/// a read either answers UNAVAILABLE naming the service within its deadline, or answers OK
/// with `system_wait` naming it, or, only while the match truly waits for a seat, names that
/// seat (the seat's decision is then UNAVAILABLE naming the service). So no read says "waiting
/// for a seat" when the match waits for the system (issue 35, item 2).
///
/// The rules service down when a draw is due (the last seat joins): GetPendingDecision and the
/// WatchMatch notice carry `system_wait` with `service` "rules"; GetMatch (whose view needs the
/// rules) is UNAVAILABLE naming them; and once the service is back the match goes on by itself
/// within 2 s. The log down: every read is UNAVAILABLE naming the match log, at once.
///
/// match.proto promises checked here: `SystemWait` (the "rules" and "log" services).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_service_or_the_log_down_is_named_by_every_read() -> Result<()> {
    let mut system = harness::System::start().await?;
    let mut client = system.client().await?;
    let deadline = Duration::from_secs(5);
    let read = |match_id: &str, token: Option<&str>| {
        let mut r = match token {
            Some(t) => with_token(m::GetMatchRequest { match_id: match_id.into(), version: 0 }, t),
            None => tonic::Request::new(m::GetMatchRequest { match_id: match_id.into(), version: 0 }),
        };
        r.set_timeout(deadline);
        r
    };
    let pending_of = |match_id: &str, token: &str| {
        let mut r = with_token(m::GetPendingDecisionRequest { match_id: match_id.into() }, token);
        r.set_timeout(deadline);
        r
    };
    // An UNAVAILABLE naming `service` within the deadline.
    let names_service = |r: Result<(), tonic::Status>, words: &str, what: &str, took: Duration| -> Result<()> {
        let err = match r {
            Ok(()) => bail!("{what}: answered OK"),
            Err(e) => e,
        };
        anyhow::ensure!(err.code() == Code::Unavailable && err.message().contains(words), "{what}: {err:?}");
        anyhow::ensure!(took < deadline, "{what} took {took:?}");
        Ok(())
    };

    // 1. The rules service down while a seat decides: that seat is named (it is asked), and its
    // decision is UNAVAILABLE naming the rules service.
    let t = harness::create_and_join(&mut client, 2).await?;
    let (seat, decision) = to_decide(&mut client, &t).await?.context("a decision")?;
    system.kill_rules().await?;
    for token in &t.tokens {
        let p = client.get_pending_decision(pending_of(&t.match_id, token)).await?.into_inner();
        anyhow::ensure!(p.waiting_for_seat == Some(seat as u32) && p.system_wait.is_none(), "{p:?}");
    }
    let started = Instant::now();
    let r = client.get_match(read(&t.match_id, None)).await.map(|_| ());
    names_service(r, "rules", "GetMatch with the rules down", started.elapsed())?;
    let mut submit = with_token(
        m::SubmitDecisionRequest {
            match_id: t.match_id.clone(),
            decision_id: decision.decision_id,
            choice: Some(random_choice(&decision, &mut Rng(1))?),
            ..Default::default()
        },
        &t.tokens[seat],
    );
    submit.set_timeout(deadline);
    let started = Instant::now();
    let r = client.submit_decision(submit).await.map(|_| ());
    names_service(r, "rules", "SubmitDecision with the rules down", started.elapsed())?;

    // 2. The rules service down when a draw is due: the last join commits, its first draw
    // cannot be applied, and the match waits for the rules service.
    system.restart_rules().await?;
    let created = client
        .create_match(harness::platform(m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: vec![m::SeatSpec::default(), m::SeatSpec::default()],
            ..Default::default()
        }))
        .await?
        .into_inner();
    let id = created.match_id.clone();
    let join = |seat: usize| m::JoinMatchRequest {
        match_id: id.clone(),
        seat: seat as u32,
        join_code: created.seats[seat].join_code.clone(),
        entropy: vec![seat as u8 + 1; 32],
        ..Default::default()
    };
    let first = client.join_match(join(0)).await?.into_inner();
    system.kill_rules().await?;
    let started = Instant::now();
    let last = client.join_match(join(1)).await?.into_inner();
    anyhow::ensure!(started.elapsed() < READ_WITHIN, "the join took {:?}", started.elapsed());
    let tokens = [first.seat_token, last.seat_token];
    let version = last.version;
    let is_rules = |w: Option<&m::SystemWait>, what: &str| -> Result<()> {
        let w = w.with_context(|| format!("{what}: no system_wait"))?;
        anyhow::ensure!(w.service == "rules" && w.node.is_empty() && w.since_ms > 0 && !w.reason.is_empty(), "{what}: {w:?}");
        Ok(())
    };
    // Within a second every read says the match waits for the rules service.
    let until = Instant::now() + READ_WITHIN;
    loop {
        let p = client.get_pending_decision(pending_of(&id, &tokens[0])).await?.into_inner();
        if p.system_wait.is_some() || Instant::now() > until {
            is_rules(p.system_wait.as_ref(), "GetPendingDecision")?;
            anyhow::ensure!(p.waiting_for_seat.is_none() && p.decision.is_none() && p.status == m::MatchStatus::InProgress as i32, "{p:?}");
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for token in &tokens {
        let started = Instant::now();
        let p = client.get_pending_decision(pending_of(&id, token)).await?.into_inner();
        anyhow::ensure!(started.elapsed() < READ_WITHIN, "GetPendingDecision took {:?}", started.elapsed());
        is_rules(p.system_wait.as_ref(), "GetPendingDecision (each seat)")?;
        let started = Instant::now();
        // The view needs the rules service: UNAVAILABLE naming it (docs/api.md).
        let r = client.get_match(read(&id, Some(token))).await.map(|_| ());
        names_service(r, "rules", "GetMatch", started.elapsed())?;
    }
    let mut watch = client.watch_match(m::WatchMatchRequest { match_id: id.clone(), from_version: version }).await?.into_inner();
    let notice = tokio::time::timeout(READ_WITHIN, watch.next()).await.context("no WatchMatch notice within 1 s")?.context("the watch ended")??;
    is_rules(notice.system_wait.as_ref(), "WatchMatch")?;
    anyhow::ensure!(system.log_len(&id).await? as u64 == version, "nothing is logged while the rules service is down");
    // Back: the match goes on by itself.
    system.restart_rules().await?;
    let back = Instant::now();
    let table = Table { match_id: id.clone(), tokens: tokens.to_vec(), public_key: Vec::new() };
    let resumed = goes_on(&mut client, &table, version, back).await?;

    // 3. The log down: every read is UNAVAILABLE naming the match log, within its deadline.
    let port = system.stop_nats().await?;
    let started = Instant::now();
    let r = client.get_match(read(&id, None)).await.map(|_| ());
    names_service(r, "match log", "GetMatch with the log down", started.elapsed())?;
    for token in &tokens {
        let started = Instant::now();
        let r = client.get_pending_decision(pending_of(&id, token)).await.map(|_| ());
        names_service(r, "match log", "GetPendingDecision with the log down", started.elapsed())?;
    }
    let started = Instant::now();
    let mut watch = tonic::Request::new(m::WatchMatchRequest { match_id: id.clone(), from_version: 0 });
    watch.set_timeout(deadline);
    let r = match client.watch_match(watch).await {
        Ok(s) => match tokio::time::timeout(deadline, s.into_inner().next()).await {
            Ok(Some(Err(e))) => Err(e),
            other => bail!("WatchMatch with the log down: {other:?}"),
        },
        Err(e) => Err(e),
    };
    names_service(r, "match log", "WatchMatch with the log down", started.elapsed())?;
    system.restart_nats(port).await?;
    eprintln!("the match went on {resumed:?} after the rules service was back");
    Ok(())
}
