//! End-to-end on a match log with periods (`--period 5s --max-match-age 15s`,
//! docs/architecture.md, "Leaving the hot log"): matches played over gRPC in two periods land
//! in their periods' streams; the archiver (`--archive-after 1s`, with the `archiver` NATS
//! credential) seals them and deletes the old period's stream once it may, keeping the younger
//! one; every match still reads, exports byte for byte, audits and is listed once; a match left
//! open is ended by a ruling at the maximum age; the feed projector follows both periods; a
//! match whose archive then vanishes is DATA_LOSS naming it.

mod harness;

use std::collections::BTreeSet;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use api::match_v1 as m;
use async_nats::jetstream;
use eventlog::Role;
use futures::StreamExt;
use harness::*;
use tokio::io::AsyncReadExt;
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::{health_check_response::ServingStatus, HealthCheckRequest};

const PERIOD_S: u64 = 5;
/// A liveness bound for the archiver and the projections: never a timing claim.
const PATIENCE: Duration = Duration::from_secs(120);

/// The period streams and the bytes each holds, as the NATS admin sees them.
async fn period_streams(admin: &jetstream::Context) -> Result<Vec<(String, u64)>> {
    let mut names = admin.stream_names();
    let mut out = Vec::new();
    while let Some(name) = names.next().await {
        let name = name?;
        if name.starts_with("MATCHES_T") {
            let bytes = admin.get_stream(&name).await?.info().await?.state.bytes;
            out.push((name, bytes));
        }
    }
    out.sort();
    Ok(out)
}

/// The orchestrator's flags of these tests' log (5 s periods, 15 s maximum age), archiving a
/// second after a match's end, with the archiver credential that deletes sealed periods.
fn archiving_flags(archiver_password: &str) -> Vec<&str> {
    let mut flags = vec!["--period", "5s", "--max-match-age", "15s", "--archive-after", "1s", "--archive-every-s", "1"];
    flags.extend(["--archiver-nats-user", "archiver", "--archiver-nats-password-file", archiver_password]);
    flags
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_period_leaves_the_hot_log_and_its_matches_read_export_audit_and_list_as_before() -> Result<()> {
    // Made first without the archiver, then again with it (its password file is in the
    // system's directory, made at start).
    let mut system = System::start_with(&["--period", "5s", "--max-match-age", "15s"]).await?;
    let archiver_password = system.credentials.password_file(Role::Archiver).display().to_string();
    system.kill_orchestrator().await?;
    let archiving = archiving_flags(&archiver_password);
    system.orchestrator = Some(system.spawn_orchestrator_with(&archiving).await?);
    let admin = jetstream::new(system.nats_client(Role::Admin).await?);

    // Two matches of one period, then one ended and one left open in the next.
    next_period(PERIOD_S).await;
    let old = vec![ended_match(&system, 0x9e01).await?, ended_match(&system, 0x9e02).await?];
    // And one nobody joins: no ruling can end it, but once the log is closed to it, it is
    // sealed as it stands and does not keep its period in the hot log.
    let abandoned = {
        let request = m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: (0..2).map(|i| m::SeatSpec { name: format!("No-show {i}"), ..Default::default() }).collect(),
            ..Default::default()
        };
        system.client().await?.create_match(platform(request)).await?.into_inner().match_id
    };
    next_period(PERIOD_S).await;
    let young = ended_match(&system, 0x9e03).await?;
    let mut client = system.client().await?;
    let open = create_and_join(&mut client, 2).await?;
    let layout = system.admin_log().await?.layout().await.map_err(|e| anyhow!("{e}"))?;
    let (old_stream, _) = layout.place(&old[0].match_id).map_err(|e| anyhow!("{e}"))?;
    let (young_stream, _) = layout.place(&young.match_id).map_err(|e| anyhow!("{e}"))?;
    assert_eq!(layout.place(&old[1].match_id).map_err(|e| anyhow!("{e}"))?.0, old_stream, "one period");
    assert_ne!(old_stream, young_stream, "two periods");
    assert!(!stream_exists(&admin, eventlog::STREAM).await?, "no MATCHES in a log with periods");

    let everyone: Vec<&Table> = old.iter().chain([&young, &open]).collect();
    let mut before = Vec::new();
    // Only an ended match exports.
    for table in &everyone[..3] {
        let id = table.match_id.clone();
        let export = client.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
        before.push((id, export));
    }
    let hot_before = period_streams(&admin).await?;
    println!("hot log before: {hot_before:?}");

    // The feed projector follows both period streams.
    let _projector = start_projector(&system).await?;

    // The old period leaves once every match of it is sealed and its bound has passed; the
    // younger one stays (it leaves a period later).
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while stream_exists(&admin, &old_stream).await? {
        if tokio::time::Instant::now() > deadline {
            bail!("the period stream {old_stream} was never deleted");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(stream_exists(&admin, &young_stream).await?, "the younger period stays");
    let hot_after = period_streams(&admin).await?;
    println!("hot log after: {hot_after:?}");
    let sum = |v: &[(String, u64)]| v.iter().map(|(_, b)| b).sum::<u64>();
    println!(
        "{{\"hot_bytes_before\": {}, \"hot_bytes_after\": {}, \"streams_before\": {}, \"streams_after\": {}}}",
        sum(&hot_before),
        sum(&hot_after),
        hot_before.len(),
        hot_after.len()
    );

    // Every match of the deleted period reads from its archive as before the delete.
    for table in &old {
        assert_eq!(system.log_len(&table.match_id).await?, 0, "{} left the hot log", table.match_id);
    }
    assert_eq!(system.log_len(&abandoned).await?, 0, "the match nobody joined left with its period");
    let view = client.get_match(m::GetMatchRequest { match_id: abandoned.clone(), version: 0 }).await?.into_inner();
    // Ended by its period's closer (no winner, adjudicated): it reads as ended, never as both
    // ended and waiting for seats (issue 36).
    assert_eq!(view.status, m::MatchStatus::Ended as i32, "read from its archive as it stood: ended by the period's closer");
    for (id, export) in &before[..3] {
        let now = client.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
        assert!(now == *export, "the export of {id} is byte-identical");
        let view = client.get_match(m::GetMatchRequest { match_id: id.clone(), version: 0 }).await?.into_inner();
        assert_eq!(view.status, m::MatchStatus::Ended as i32, "{id}");
    }
    // WatchMatch from the start streams every version of a match whose period left.
    let last = client.get_match(m::GetMatchRequest { match_id: old[0].match_id.clone(), version: 0 }).await?.into_inner().version;
    let mut watch = client.watch_match(m::WatchMatchRequest { match_id: old[0].match_id.clone(), from_version: 0 }).await?.into_inner();
    let mut versions = Vec::new();
    while versions.last() != Some(&last) {
        match tokio::time::timeout(PATIENCE, watch.next()).await? {
            Some(update) => versions.push(update?.version),
            None => bail!("WatchMatch ended after {} updates", versions.len()),
        }
    }
    assert_eq!(versions, (1..=last).collect::<Vec<_>>(), "every version once, in order");
    let file = system.dir.path().join("old.json");
    let url = system.orchestrator_url()?;
    let (ok, out, err) = run_arbiter(&["export", &old[0].match_id, "--orchestrator", &url, "-o", &file.display().to_string()]).await?;
    assert!(ok, "{out}{err}");
    let key = hex::encode(orchestrator::keys::load_or_create(&system.orchestrator_key_file())?.public_key());
    let (ok, out, err) = run_arbiter(&["audit", &file.display().to_string(), "--orchestrator-key", &key]).await?;
    assert!(ok && out.contains("the match checks out"), "{out}{err}");

    // The open match was ended by a ruling at the maximum age.
    let view = client.get_match(m::GetMatchRequest { match_id: open.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::Ended as i32, "ended at the maximum age");

    // Listed once each.
    let page = client.list_matches(platform(m::ListMatchesRequest { page_size: 50, ..Default::default() })).await?.into_inner();
    let listed: Vec<String> = page.matches.iter().map(|s| s.match_id.clone()).collect();
    let unique: BTreeSet<&String> = listed.iter().collect();
    assert_eq!(unique.len(), listed.len(), "no match listed twice: {listed:?}");
    let wanted: BTreeSet<String> = everyone.iter().map(|t| t.match_id.clone()).chain([abandoned.clone()]).collect();
    assert_eq!(listed.iter().cloned().collect::<BTreeSet<_>>(), wanted);

    // The feed has every match of both periods.
    let feed = tokio::time::timeout(PATIENCE, async {
        loop {
            if let Ok(stream) = admin.get_stream(eventlog::auth::FEED_STREAM).await {
                return stream;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await
    .context("the projector never created FEED")?;
    let consumer = feed.create_consumer(jetstream::consumer::pull::OrderedConfig::default()).await?;
    let mut messages = consumer.messages().await?;
    let mut seen = BTreeSet::new();
    tokio::time::timeout(PATIENCE, async {
        while seen.len() < wanted.len() {
            let Some(message) = messages.next().await else { break };
            let message = message.map_err(|e| anyhow!("{e}"))?;
            if let Some(id) = wanted.iter().find(|id| message.subject.as_str().contains(&format!(".{id}."))) {
                seen.insert(id.clone());
            }
        }
        Ok::<_, anyhow::Error>(())
    })
    .await
    .context("the feed never published every match")??;
    assert_eq!(seen, wanted);

    // An archive that vanished after its period left (deleted by whoever may write the
    // bucket): DATA_LOSS naming the match, never "no such match".
    let lost = &old[1].match_id;
    let bucket = admin.get_object_store(eventlog::ARCHIVE_BUCKET).await?;
    let mut kept = Vec::new();
    bucket.get(lost.as_str()).await?.read_to_end(&mut kept).await?;
    bucket.delete(lost.as_str()).await?;
    // A fresh orchestrator, which has no copy of the match in memory, scrubbing every second.
    system.kill_orchestrator().await?;
    let scrubbing: Vec<&str> = archiving.iter().copied().chain(["--scrub-every-s", "1"]).collect();
    system.orchestrator = Some(system.spawn_orchestrator_with(&scrubbing).await?);
    let mut client = system.client().await?;
    let status = match client.get_match(m::GetMatchRequest { match_id: lost.clone(), version: 0 }).await {
        Ok(_) => bail!("a match whose archive vanished was served"),
        Err(status) => status,
    };
    assert_eq!(status.code(), tonic::Code::DataLoss, "{status:?}");
    assert!(status.message().contains(lost.as_str()), "{}", status.message());
    // The scrubber finds it on its own, walking what the index knows: its health goes
    // NOT_SERVING; with the archive put back, its next pass finds every match, hot or sealed,
    // whole again.
    assert_eq!(scrub_health_becomes(&system, ServingStatus::NotServing).await?, ServingStatus::NotServing as i32, "the lost archive is reported");
    bucket.put(lost.as_str(), &mut kept.as_slice()).await.map_err(|e| anyhow!("{e}"))?;
    assert_eq!(scrub_health_becomes(&system, ServingStatus::Serving).await?, ServingStatus::Serving as i32, "every match reads whole");
    client.get_match(m::GetMatchRequest { match_id: lost.clone(), version: 0 }).await?;

    // An orchestrator started with another period refuses; a backup takes the period streams
    // and the archives left (tests/backup_periods.rs restores one).
    assert!(system.spawn_orchestrator_with(&["--period", "6s", "--max-match-age", "15s"]).await.is_err());
    let (ok, out, err) = run_arbiter(&[
        "backup",
        "--out",
        &system.dir.path().join("b").display().to_string(),
        "--no-keys",
        "--nats-url",
        &system.nats.url(),
        "--nats-user",
        "admin",
        "--nats-password-file",
        &system.credentials.password_file(Role::Admin).display().to_string(),
    ])
    .await?;
    assert!(ok && out.contains("period streams") && out.contains("archives"), "{out}{err}");
    Ok(())
}

/// A period stream deleted (by whoever holds the NATS admin credential) while it holds a match
/// never sealed: reads of the match are DATA_LOSS naming it, not "no such match", and the
/// scrubber, walking what the index knows, reports it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_period_stream_gone_before_its_matches_were_sealed_is_data_loss_the_scrubber_reports() -> Result<()> {
    let mut system = System::start_with(&["--period", "5s", "--max-match-age", "15s"]).await?;
    let table = ended_match(&system, 0x5a01).await?;
    index_bucket_holds(&system, &BTreeSet::from([table.match_id.clone()])).await?;
    let layout = system.admin_log().await?.layout().await.map_err(|e| anyhow!("{e}"))?;
    let (stream, _) = layout.place(&table.match_id).map_err(|e| anyhow!("{e}"))?;
    system.kill_orchestrator().await?;
    jetstream::new(system.nats_client(Role::Admin).await?).delete_stream(&stream).await?;
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--period", "5s", "--max-match-age", "15s", "--scrub-every-s", "1"]).await?);
    let mut client = system.client().await?;
    let status = match client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await {
        Ok(_) => bail!("a match whose stream is gone was served"),
        Err(status) => status,
    };
    assert_eq!(status.code(), tonic::Code::DataLoss, "{status:?}");
    assert!(status.message().contains(&table.match_id), "{}", status.message());
    assert_eq!(scrub_health_becomes(&system, ServingStatus::NotServing).await?, ServingStatus::NotServing as i32, "the scrubber reports the lost match");
    Ok(())
}

/// Wait until the index bucket holds an entry for each of `ids` (the projector wrote them;
/// the orchestrator's copy in memory has them at once, but a restart reads the bucket).
async fn index_bucket_holds(system: &System, ids: &BTreeSet<String>) -> Result<()> {
    use eventlog::EventLog;
    let log = system.admin_log().await?;
    let since = tokio::time::Instant::now();
    for id in ids {
        while log.index_get(id).await.map_err(|e| anyhow!("{e}"))?.is_none() {
            if since.elapsed() > PATIENCE {
                bail!("the index bucket never held {id}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    Ok(())
}

/// The scrubber's health status on the orchestrator, polled until it is `wanted` (or 20 s).
async fn scrub_health_becomes(system: &System, wanted: ServingStatus) -> Result<i32> {
    let channel = tonic::transport::Endpoint::from_shared(system.orchestrator_url()?)?.connect().await?;
    let mut health = HealthClient::new(channel);
    let mut status = -1;
    for _ in 0..200 {
        status = health.check(HealthCheckRequest { service: "arbiter.scrub".into() }).await?.into_inner().status;
        if status == wanted as i32 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(status)
}

/// The period's leaving under faults: the orchestrator, and with it the archiver, is killed
/// (SIGKILL) at pseudo-random points while it seals the old period's matches and deletes its
/// stream, and started again. After every restart each match of that period still reads
/// (from the hot log or its archive, never neither) and is listed exactly once; in the end the
/// period has left and every export is byte-identical to the one taken before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_period_leaves_whole_with_the_archiver_killed_at_random_points() -> Result<()> {
    let mut system = System::start_with(&["--period", "5s", "--max-match-age", "15s"]).await?;
    let archiver_password = system.credentials.password_file(Role::Archiver).display().to_string();
    let archiving = archiving_flags(&archiver_password);
    let admin = jetstream::new(system.nats_client(Role::Admin).await?);

    next_period(PERIOD_S).await;
    let old = vec![ended_match(&system, 0x7a01).await?, ended_match(&system, 0x7a02).await?, ended_match(&system, 0x7a03).await?];
    let layout = system.admin_log().await?.layout().await.map_err(|e| anyhow!("{e}"))?;
    let (old_stream, _) = layout.place(&old[0].match_id).map_err(|e| anyhow!("{e}"))?;
    let mut before = Vec::new();
    let mut client = system.client().await?;
    for table in &old {
        let export = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
        before.push((table.match_id.clone(), export));
    }
    let wanted: BTreeSet<String> = old.iter().map(|t| t.match_id.clone()).collect();
    // The index bucket is a projection that trails the log (the orchestrator's copy in memory
    // does not): wait until it holds all three before the faults begin, so that every listing
    // after a restart has to show them.
    index_bucket_holds(&system, &wanted).await?;

    // From here the archiver runs, and is killed again and again.
    system.kill_orchestrator().await?;
    let mut rng = Rng(0x5eed);
    let deadline = tokio::time::Instant::now() + PATIENCE * 2;
    let mut kills = 0;
    loop {
        system.orchestrator = Some(system.spawn_orchestrator_with(&archiving).await?);
        let mut client = system.client().await?;
        for (id, _) in &before {
            let view = client.get_match(m::GetMatchRequest { match_id: id.clone(), version: 0 }).await?.into_inner();
            assert_eq!(view.status, m::MatchStatus::Ended as i32, "{id} reads after {kills} kill(s)");
        }
        let page = client.list_matches(platform(m::ListMatchesRequest { page_size: 50, ..Default::default() })).await?.into_inner();
        let listed: Vec<String> = page.matches.iter().map(|s| s.match_id.clone()).filter(|id| wanted.contains(id)).collect();
        assert_eq!(listed.len(), wanted.len(), "each listed once after {kills} kill(s): {listed:?}");
        assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), wanted);
        if !stream_exists(&admin, &old_stream).await? {
            break;
        }
        if tokio::time::Instant::now() > deadline {
            bail!("the period stream {old_stream} never left ({kills} kills)");
        }
        // Somewhere inside or between the archiver's passes (one a second).
        tokio::time::sleep(Duration::from_millis(200 + rng.below(1800) as u64)).await;
        system.kill_orchestrator().await?;
        kills += 1;
    }
    println!("the period left after {kills} kill(s) of the archiver");
    let mut client = system.client().await?;
    for (id, export) in &before {
        assert_eq!(system.log_len(id).await?, 0, "{id} left the hot log");
        let now = client.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
        assert!(now == *export, "the export of {id} is byte-identical");
    }
    Ok(())
}
