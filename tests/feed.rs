//! End-to-end: the public feed (docs/feed.md), with real processes.
//!
//! Several matches of both games are played concurrently over gRPC while the feed projector
//! (`arbiter serve feed`) runs, is killed (SIGKILL) mid-play, stays down while play goes on, and
//! is started again. A plain async-nats client holding only the `feed` credential must then find,
//! for every match, each version exactly once and in order, each one exactly the spectator's
//! view of the logged commit (the engine's `as_seen_by(Spectator)`, which the leak oracle proves
//! free of hidden facts) with that commit's chain hash, no private part of any event, and one
//! result naming the logged outcome and the ending commit's hash; and the same client is refused on `MATCHES`. A second test checks the per-match
//! delay (`spectator_delay_s`) against the commits' logged times (a lower bound only).
//!
//! The matches are a tournament round: eight tables of both games created with the platform key
//! under one tournament, followed on `feed.<tournament>.>`; a match outside the tournament
//! (filed under `feed._.<match>`) plays alongside and never reaches that subscription, and
//! `ListMatches` lists exactly the round's eight.
//!
//! A third test keeps the feed as a platform would (`arbiter feed save`) and shows what that
//! record is worth: `arbiter audit --witness` passes the match's export, and fails a history
//! rewritten later and re-signed with the orchestrator key, which the audit alone accepts.

mod harness;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, ensure, Context, Result};
use api::log_v1::MatchExport;
use api::match_v1 as m;
use async_nats::jetstream;
use bytes::Bytes;
use engine::Viewer;
use eventlog::{EventLog, Role};
use feed::view::{FeedEvent, FeedResult, FeedUpdate};
use futures::StreamExt;
use harness::{create_and_join_request, create_and_join_ruleset, play_one, run_arbiter_text, start_projector, violation, watched_client, Rng, System, Table};
use prost::Message;
use tokio::sync::{mpsc, Barrier};

/// The tournament round the feed test plays.
const TOURNAMENT: &str = "spring-open";
const ROUND: u32 = 1;

/// Long enough for any machine; only a bound on a wait, never a speed assertion.
const PATIENCE: Duration = Duration::from_secs(300);

/// One message of FEED as a reader received it.
#[derive(Clone, Debug)]
struct Received {
    subject: String,
    payload: Bytes,
    /// When JetStream stored it (Unix ms).
    stored_ms: i64,
}

/// Follow `filter` on FEED from its first message, as a stock client does (ordered consumer).
async fn follow(client: &async_nats::Client, filter: &str) -> Result<mpsc::UnboundedReceiver<Received>> {
    let js = jetstream::new(client.clone());
    let stream = js.get_stream(eventlog::auth::FEED_STREAM).await.context("the feed client sees FEED")?;
    let consumer = stream.create_consumer(jetstream::consumer::pull::OrderedConfig { filter_subject: filter.into(), ..Default::default() }).await?;
    let mut messages = consumer.messages().await?;
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Some(Ok(message)) = messages.next().await {
            let stored_ms = message.info().map(|i| (i.published.unix_timestamp_nanos() / 1_000_000) as i64).unwrap_or(0);
            let received = Received { subject: message.subject.to_string(), payload: message.payload.clone(), stored_ms };
            if tx.send(received).is_err() {
                return;
            }
        }
    });
    Ok(rx)
}

/// Play `table` with random choices: `first` decisions, wait at `pause` twice (while the test
/// kills and restarts the projector), `second` more, wait, then on to the end.
async fn play(system_url: String, table: Table, seed: u64, pause: Arc<Barrier>) -> Result<String> {
    let mut client = m::match_service_client::MatchServiceClient::connect(system_url).await?;
    let mut rng = Rng(seed);
    let mut decisions = 0usize;
    for stop in [10usize, 20] {
        while decisions < stop && play_one(&mut client, &table, &mut rng).await?.is_some() {
            decisions += 1;
        }
        pause.wait().await;
    }
    while play_one(&mut client, &table, &mut rng).await?.is_some() {
        decisions += 1;
        ensure!(decisions < 5_000, "match {} did not end within 5000 decisions", table.match_id);
    }
    Ok(table.match_id)
}

/// What a spectator may see of each commit of the export, as the engine redacts it.
fn expected_events(export: &MatchExport) -> Result<Vec<Vec<FeedEvent>>> {
    export
        .commits
        .iter()
        .map(|c| {
            c.events
                .iter()
                .map(|e| {
                    let event = api::convert::event_from_proto(e)?;
                    let (text, detail) = event.as_seen_by(Viewer::Spectator);
                    Ok(FeedEvent { kind: event.kind.clone(), text: text.to_string(), detail: detail.clone() })
                })
                .collect()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_feed_carries_every_public_event_once_in_order_across_a_projector_crash() -> Result<()> {
    let system = System::start().await?;
    let projector = start_projector(&system).await?;
    let (client, mut errors) = watched_client(&system, Role::Feed).await?;
    let mut feed = follow(&client, &format!("feed.{TOURNAMENT}.>")).await?;

    // The feed credential opens FEED only: MATCHES refuses it, in every way a reader could try.
    let mut js = jetstream::new(client.clone());
    js.set_timeout(Duration::from_secs(5));
    assert!(js.get_stream(eventlog::STREAM).await.is_err(), "the feed user saw MATCHES");
    violation(&mut errors, "$JS.API.STREAM.INFO.MATCHES").await?;
    let matches = js.get_stream_no_info(eventlog::STREAM).await?;
    assert!(matches.create_consumer(jetstream::consumer::pull::OrderedConfig::default()).await.is_err(), "the feed user consumed MATCHES");
    violation(&mut errors, "$JS.API.CONSUMER.CREATE.MATCHES").await?;
    let _sub = client.subscribe("match.>").await?;
    violation(&mut errors, "match.>").await?;

    // A round of eight tables of both games, played at once; and a match outside the
    // tournament, played alongside.
    let mut api = system.client().await?;
    let rulesets = ["mainframe", "netrunner"].repeat(4);
    let pause = Arc::new(Barrier::new(rulesets.len() + 1));
    let mut players = Vec::new();
    let mut ids = Vec::new();
    for (i, ruleset) in rulesets.iter().enumerate() {
        let request = m::CreateMatchRequest {
            ruleset: ruleset.to_string(),
            seats: vec![m::SeatSpec { name: format!("Ana {i}"), ..Default::default() }, m::SeatSpec { name: format!("Ben {i}"), ..Default::default() }],
            tournament_id: TOURNAMENT.into(),
            round: ROUND,
            table: i as u32 + 1,
            ..Default::default()
        };
        let table = create_and_join_request(&mut api, request).await?;
        ids.push(table.match_id.clone());
        players.push(tokio::spawn(play(system.orchestrator_url()?, table, 0x5eed + i as u64, pause.clone())));
    }
    let outsider = create_and_join_ruleset(&mut api, "mainframe", 2).await?;
    let outsider_id = outsider.match_id.clone();
    let outside_play = tokio::spawn(play(system.orchestrator_url()?, outsider, 0xfeed, Arc::new(Barrier::new(1))));
    let listed = api
        .list_matches(harness::platform(m::ListMatchesRequest { tournament_id: TOURNAMENT.into(), round: ROUND, page_size: 50, ..Default::default() }))
        .await?
        .into_inner();
    assert_eq!(
        listed.matches.iter().map(|s| s.match_id.clone()).collect::<std::collections::BTreeSet<_>>(),
        ids.iter().cloned().collect(),
        "ListMatches lists exactly the round"
    );

    // After the first decisions: the projector has published something of every match, then
    // dies without a goodbye while the matches play on.
    pause.wait().await;
    let mut received: Vec<Received> = Vec::new();
    tokio::time::timeout(PATIENCE, async {
        while !ids.iter().all(|id| received.iter().any(|r| r.subject.contains(&format!(".{id}.")))) {
            match feed.recv().await {
                Some(r) => received.push(r),
                None => break,
            }
        }
    })
    .await
    .context("the projector published nothing of some match")?;
    projector.kill().await?;
    pause.wait().await;
    // Ten more decisions each were logged with no projector running; now it comes back.
    let projector = start_projector(&system).await?;
    let mut finished = Vec::new();
    for p in players {
        finished.push(p.await??);
    }
    outside_play.await??;

    // Every match's log, and what the feed must hold for it.
    let mut expected = BTreeMap::new();
    for id in &ids {
        let bytes = api.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
        let export = MatchExport::decode(bytes.as_slice())?;
        expected.insert(id.clone(), export);
    }
    let done = |received: &[Received]| {
        expected.iter().all(|(id, export)| {
            let last = export.commits.len() as u64;
            let events = format!("feed.{TOURNAMENT}.{id}.events");
            let result = format!("feed.{TOURNAMENT}.{id}.result");
            received.iter().any(|r| r.subject == result)
                && received.iter().any(|r| r.subject == events && serde_json::from_slice::<FeedUpdate>(&r.payload).map(|u| u.version == last).unwrap_or(false))
        })
    };
    tokio::time::timeout(PATIENCE, async {
        while !done(&received) {
            match feed.recv().await {
                Some(r) => received.push(r),
                None => break,
            }
        }
    })
    .await
    .context("the feed did not reach every match's last version and result")?;
    // Anything published twice would follow at once: let it arrive before counting.
    tokio::time::sleep(Duration::from_millis(500)).await;
    while let Ok(r) = feed.try_recv() {
        received.push(r);
    }

    for (id, export) in &expected {
        let want = expected_events(export)?;
        let updates: Vec<(FeedUpdate, &Received)> = received
            .iter()
            .filter(|r| r.subject == format!("feed.{TOURNAMENT}.{id}.events"))
            .map(|r| Ok((serde_json::from_slice::<FeedUpdate>(&r.payload)?, r)))
            .collect::<Result<_>>()?;
        let versions: Vec<u64> = updates.iter().map(|(u, _)| u.version).collect();
        let all: Vec<u64> = (1..=export.commits.len() as u64).collect();
        assert_eq!(versions, all, "match {id}: every version once, in order (no gap, no duplicate)");
        let mut clock = 0;
        for (((update, raw), (commit, events)), stored) in updates.iter().zip(export.commits.iter().zip(&want)).zip(&export.stored_commits) {
            assert_eq!(&update.events, events, "match {id} version {}: exactly the spectator's view", update.version);
            // The chain hash of the very commit, also of the versions projected after the restart.
            assert_eq!(update.chain_hash, hex::encode(fairness::chain::commit_hash(stored)), "match {id} version {}", update.version);
            // A draw or reveal is logged without a clock (0) and shown at the time before it.
            clock = clock.max(commit.written_at_ms);
            assert_eq!(update.written_at_ms, clock);
            // No private part of any event of this commit is in its message.
            let text = String::from_utf8_lossy(&raw.payload);
            for e in commit.events.iter().filter(|e| !e.private_to.is_empty()) {
                for private in [&e.private_text, &e.private_detail_json] {
                    if !private.is_empty() && private != &e.text && private != &e.detail_json {
                        assert!(!text.contains(private.as_str()), "match {id} version {}: a private part reached the feed: {private}", update.version);
                    }
                }
            }
            // A decision is announced by who and what, never by its options.
            if let Some(p) = &update.pending {
                assert!(!text.contains("\"options\""), "{text}");
                assert!(p.summary.len() < 1_000);
            }
        }
        // One result, naming the logged outcome.
        let results: Vec<FeedResult> = received
            .iter()
            .filter(|r| r.subject == format!("feed.{TOURNAMENT}.{id}.result"))
            .map(|r| serde_json::from_slice(&r.payload))
            .collect::<Result<_, _>>()?;
        assert_eq!(results.len(), 1, "match {id}: one result");
        let result = &results[0];
        let ended = export
            .commits
            .iter()
            .find_map(|c| match c.awaiting.as_ref().and_then(|a| a.what.as_ref()) {
                Some(api::rules_v1::awaiting::What::Ended(o)) => Some((c.version, o.clone())),
                _ => None,
            })
            .ok_or_else(|| anyhow!("match {id} has no ending commit"))?;
        assert_eq!((result.version, &result.winners, &result.reason), (ended.0, &ended.1.winners, &ended.1.reason), "match {id}");
        assert_eq!(result.chain_hash, updates[(ended.0 - 1) as usize].0.chain_hash, "match {id}: the result names the ending commit's hash");
        // Draws and reveals carry no clock (0): the match ended at the last clock logged.
        let clocks = export.commits.iter().take_while(|c| c.version <= ended.0).map(|c| c.written_at_ms);
        assert_eq!(result.ended_at_ms, clocks.max().unwrap_or_default(), "match {id}");
        assert!(result.duration_ms >= 0 && result.started_at_ms > 0, "match {id}: {result:?}");
        assert!(!result.rules_version.is_empty());
        // Netrunner keeps a score (agenda points, Corp then Runner); mainframe does not.
        assert_eq!(result.score.as_ref().map(Vec::len), (result.ruleset == "netrunner").then_some(2), "match {id}: {result:?}");
        let last = updates.last().map(|(u, _)| u.status.as_str());
        assert_eq!(last, Some("ended"), "match {id}");
    }
    assert_eq!(finished.len(), ids.len());
    assert!(!received.iter().any(|r| r.subject.contains(&outsider_id)), "a match outside the tournament reached its feed");
    projector.kill().await?;
    Ok(())
}

/// Write a short signed match straight into the log as the deployment's orchestrator would, with
/// its clock under the test's control (the orchestrator logs `spectator_delay_s` in
/// `MatchCreated`; `CreateMatch` taking it is checked by
/// `create_match_logs_the_spectator_delay_out_of_the_rules_options`).
async fn log_delayed_match(system: &System, match_id: &str, delay_s: i64) -> Result<Vec<i64>> {
    use api::log_v1 as l;
    use api::rules_v1 as r;
    let signer = orchestrator::keys::load(&system.dir.path().join("orchestrator.json"))?;
    let log = system.admin_log().await?;
    let mut previous: Option<(u64, Vec<u8>)> = None;
    let mut times = Vec::new();
    let inputs = vec![
        l::commit_input::Input::Created(l::MatchCreated {
            config: Some(r::MatchConfig {
                ruleset: "mainframe".into(),
                seats: vec![m::SeatSpec { name: "a".into(), ..Default::default() }, m::SeatSpec { name: "b".into(), ..Default::default() }],
                options: Default::default(),
            }),
            orchestrator_public_key: signer.public_key().to_vec(),
            spectator_delay_s: delay_s as u32,
            ..Default::default()
        }),
        l::commit_input::Input::Joined(l::SeatJoined { seat: 0, entropy: vec![1; 32], token_hash: vec![0; 32], ..Default::default() }),
        l::commit_input::Input::Joined(l::SeatJoined { seat: 1, entropy: vec![2; 32], token_hash: vec![0; 32], ..Default::default() }),
    ];
    for (i, input) in inputs.into_iter().enumerate() {
        let written_at_ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_millis() as i64;
        let commit = l::Commit {
            match_id: match_id.into(),
            version: i as u64 + 1,
            input: Some(l::CommitInput { input: Some(input) }),
            written_at_ms,
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: previous.as_ref().map(|(_, p)| fairness::chain::commit_hash(p).to_vec()).unwrap_or_default(),
            ..Default::default()
        };
        let stored = fairness::chain::seal(&signer, &commit.encode_to_vec());
        let sequence = log
            .append(match_id, previous.as_ref().map(|(s, _)| *s), &format!("{match_id}/{}", i + 1), Bytes::from(stored.clone()))
            .await
            .map_err(|e| anyhow!("{e}"))?;
        previous = Some((sequence, stored));
        times.push(written_at_ms);
    }
    Ok(times)
}

#[tokio::test]
async fn a_delayed_match_is_published_no_earlier_than_its_delay() -> Result<()> {
    let system = System::start().await?;
    let projector = start_projector(&system).await?;
    let (client, _errors) = watched_client(&system, Role::Feed).await?;
    let mut feed = follow(&client, "feed._.>").await?;
    let delay_s = 2;
    let times = log_delayed_match(&system, "delayed-1", delay_s).await?;
    // And one forged commit after it, signed by another key: never projected.
    let log = system.admin_log().await?;
    let last = log.read("delayed-1", 1).await.map_err(|e| anyhow!("{e}"))?;
    let forged = api::log_v1::Commit {
        match_id: "delayed-1".into(),
        version: 4,
        log_format: fairness::chain::LOG_FORMAT_SIGNED,
        prev_hash: last.last().map(|c| fairness::chain::commit_hash(&c.payload).to_vec()).unwrap_or_default(),
        ..Default::default()
    };
    let stored = fairness::chain::seal(&fairness::Signer::from_seed(&[7; 32]), &forged.encode_to_vec());
    log.append("delayed-1", last.last().map(|c| c.sequence), "delayed-1/4", Bytes::from(stored)).await.map_err(|e| anyhow!("{e}"))?;

    let mut received = Vec::new();
    while received.len() < times.len() {
        let r = tokio::time::timeout(PATIENCE, feed.recv()).await.context("the delayed updates never came")?.context("feed closed")?;
        received.push(r);
    }
    for r in &received {
        let update: FeedUpdate = serde_json::from_slice(&r.payload)?;
        let logged = times[(update.version - 1) as usize];
        assert_eq!(update.written_at_ms, logged);
        assert!(
            r.stored_ms >= logged + delay_s * 1000,
            "version {} was stored at {} ms, less than {delay_s} s after it was logged at {logged} ms",
            update.version,
            r.stored_ms
        );
    }
    assert_eq!(received.iter().map(|r| serde_json::from_slice::<FeedUpdate>(&r.payload).map(|u| u.version)).collect::<Result<Vec<_>, _>>()?, [1, 2, 3]);
    // The forged version 4 stays out (its due time has long passed when this is checked).
    let extra = tokio::time::timeout(Duration::from_secs(delay_s as u64 + 2), feed.recv()).await;
    assert!(extra.is_err(), "a commit that fails the chain reached the feed: {:?}", extra.ok().flatten().map(|r| r.subject));
    projector.kill().await?;
    Ok(())
}

#[tokio::test]
async fn create_match_logs_the_spectator_delay_out_of_the_rules_options() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let request = m::CreateMatchRequest {
        ruleset: "mainframe".into(),
        seats: vec![m::SeatSpec::default(), m::SeatSpec::default()],
        options: [(feed::view::DELAY_OPTION.to_string(), 30)].into_iter().collect(),
        ..Default::default()
    };
    let created = client.create_match(harness::platform(request.clone())).await?.into_inner();
    let log = system.admin_log().await?;
    let first = log.read(&created.match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    let commit = api::log_v1::Commit::decode(first.first().context("no creation commit")?.payload.as_ref())?;
    let Some(api::log_v1::commit_input::Input::Created(c)) = commit.input.and_then(|i| i.input) else { bail!("the first commit is not the creation") };
    assert_eq!(c.spectator_delay_s, 30);
    let options = c.config.map(|c| c.options).unwrap_or_default();
    assert!(!options.contains_key(feed::view::DELAY_OPTION), "the rules never see the feed's option: {options:?}");
    let mut too_long = request;
    too_long.options.insert(feed::view::DELAY_OPTION.to_string(), 2 * 24 * 3600);
    let err = client.create_match(harness::platform(too_long)).await.expect_err("over a day");
    assert_eq!(err.code(), tonic::Code::InvalidArgument, "{}", err.message());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_feed_saved_live_witnesses_the_export_and_fails_a_history_re_signed_later() -> Result<()> {
    let system = System::start().await?;
    let projector = start_projector(&system).await?;
    let (client, _errors) = watched_client(&system, Role::Feed).await?;
    let mut api = system.client().await?;
    let request = m::CreateMatchRequest {
        ruleset: "mainframe".into(),
        seats: vec![m::SeatSpec { name: "Ana".into(), ..Default::default() }, m::SeatSpec { name: "Ben".into(), ..Default::default() }],
        tournament_id: "witness-cup".into(),
        round: 1,
        table: 1,
        ..Default::default()
    };
    let table = create_and_join_request(&mut api, request).await?;
    let id = table.match_id.clone();
    let subject = format!("feed.witness-cup.{id}.>");
    let mut feed = follow(&client, &subject).await?;
    let mut rng = Rng(0x717);
    let mut decisions = 0;
    while play_one(&mut api, &table, &mut rng).await?.is_some() {
        decisions += 1;
        ensure!(decisions < 5_000, "match {id} did not end within 5000 decisions");
    }
    let bytes = api.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
    let export = MatchExport::decode(bytes.as_slice())?;
    let last = export.commits.len() as u64;

    // Wait until the feed has published the last version and the result, then save it as a
    // platform would, with the `feed` credential of the deployment.
    tokio::time::timeout(PATIENCE, async {
        let (mut last_seen, mut result_seen) = (false, false);
        while !(last_seen && result_seen) {
            let r = feed.recv().await.context("the feed closed")?;
            result_seen |= r.subject.ends_with(".result");
            last_seen |= serde_json::from_slice::<FeedUpdate>(&r.payload).map(|u| u.version == last).unwrap_or(false);
        }
        Ok::<_, anyhow::Error>(())
    })
    .await
    .context("the feed did not publish the match's last version and result")??;
    let dir = system.dir.path();
    let saved = dir.join("witness-cup.feed");
    let data_dir = dir.display().to_string();
    let (ok, out) =
        run_arbiter_text(&["feed", "save", "--out", &saved.display().to_string(), "--subject", &subject, "--until-idle", "1", "--data-dir", &data_dir]).await?;
    ensure!(ok, "arbiter feed save failed: {out}");
    let text = std::fs::read_to_string(&saved)?;
    assert_eq!(text.lines().count() as u64, last + 1, "every version and the result, one per line: {out}");
    assert!(out.contains(&format!("appended {} feed messages", last + 1)), "{out}");

    // The honest export matches what was published live.
    let honest = dir.join("honest.arbiter-export.json");
    cli::export::write_file(&honest, &export)?;
    let (witness, honest) = (saved.display().to_string(), honest.display().to_string());
    let (ok, out) = run_arbiter_text(&["audit", "--witness", &witness, &honest]).await?;
    assert!(ok, "{out}");
    assert!(out.contains(&format!("✓ witness: {last} of {last} versions witnessed (1-{last})")), "{out}");

    // The rewrite: a decision in the middle logged a second later (nothing the replay checks
    // without a time control), re-chained and re-signed with the deployment's orchestrator key.
    let signer = orchestrator::keys::load_or_create(&dir.join("orchestrator.json"))?;
    let middle = export.commits.len() / 2;
    let at = middle
        + export.commits[middle..]
            .iter()
            .position(|c| matches!(c.input.as_ref().and_then(|i| i.input.as_ref()), Some(api::log_v1::commit_input::Input::Decision(_))))
            .context("no decision after the middle of the match")?;
    let rewritten = cli::simulate::re_signed_from(&export, at, &signer, |c| c.written_at_ms += 1_000)?;
    assert_ne!(rewritten.stored_commits[at], export.stored_commits[at]);
    let forged = dir.join("rewritten.arbiter-export.json");
    cli::export::write_file(&forged, &rewritten)?;
    let forged = forged.display().to_string();
    // The attack: the audit alone accepts it, even pinned to the deployment's orchestrator key.
    let key = hex::encode(signer.public_key());
    let (ok, out) = run_arbiter_text(&["audit", "--orchestrator-key", &key, &forged]).await?;
    assert!(ok, "the re-signed history must pass the audit without a witness: {out}");
    assert!(out.contains("would pass too; pass --witness"), "the audit says what it cannot rule out: {out}");
    // Whoever kept the feed catches it, at the rewritten version.
    let version = at as u64 + 1;
    let (ok, out) = run_arbiter_text(&["audit", "--orchestrator-key", &key, "--witness", &witness, &forged]).await?;
    assert!(!ok, "the re-signed history passed the witness: {out}");
    let named = format!("the export's version {version} is not what the feed published live at {}", export.commits[at].written_at_ms);
    assert!(out.contains(&named), "{out}");
    assert!(out.contains(&hex::encode(fairness::chain::commit_hash(&export.stored_commits[at]))), "the published hash: {out}");
    // A witness without this match's messages is an error that says so.
    let empty = dir.join("other.feed");
    std::fs::write(&empty, "\n")?;
    let (ok, out) = run_arbiter_text(&["audit", "--witness", &empty.display().to_string(), &honest]).await?;
    assert!(!ok && out.contains(&format!("no feed message of match {id}")), "{out}");
    projector.kill().await?;
    Ok(())
}
