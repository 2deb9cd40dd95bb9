//! End-to-end: the archive job (`arbiter archive`) deletes the period streams on its own,
//! with the `archiver` credential and only the orchestrator's public key, while the
//! orchestrators seal matches without that credential (docs/architecture.md, "Leaving the hot
//! log"). The old period leaves and the younger stays; every match of the old period reads and
//! exports byte for byte as before. With a wrong public key nothing verifies and nothing is
//! deleted; with the orchestrator's credential the delete is refused, and both say why.

mod harness;

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use api::match_v1 as m;
use async_nats::jetstream;
use eventlog::{EventLog, Role};
use harness::*;

const PERIOD_S: u64 = 5;
/// A liveness bound for the archiver and the projections: never a timing claim.
const PATIENCE: Duration = Duration::from_secs(120);
/// What the orchestrators are started with (and the job is told): sealed a second after the end.
const AFTER: Duration = Duration::from_secs(1);

/// Wait until the period of `ids` (one period) may leave the hot log and every one of them is
/// marked archived in the index bucket, as the job will see it.
async fn sealed_and_due(system: &System, ids: &[String]) -> Result<()> {
    let log = system.admin_log().await?;
    let layout = log.layout().await.map_err(|e| anyhow!("{e}"))?;
    let periods = layout.periods().ok_or_else(|| anyhow!("a log with periods"))?;
    let period = layout.period_of(&ids[0]).map_err(|e| anyhow!("{e}"))?.ok_or_else(|| anyhow!("a period id"))?;
    let leaves = orchestrator::archive::leaves_at_ms(&periods, period, AFTER);
    let since = tokio::time::Instant::now();
    for id in ids {
        loop {
            let entry = log.index_get(id).await.map_err(|e| anyhow!("{e}"))?;
            let entry: Option<orchestrator::index::Entry> = entry.map(|(_, v)| serde_json::from_slice(&v)).transpose()?;
            if entry.is_some_and(|e| e.archived_at_ms != 0) {
                break;
            }
            if since.elapsed() > PATIENCE {
                bail!("{id} was never sealed");
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    let wait = (leaves + 300).saturating_sub(now_ms() as i64);
    tokio::time::sleep(Duration::from_millis(wait.max(0) as u64)).await;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_archive_job_deletes_a_sealed_period_with_the_archiver_credential_and_the_public_key_alone() -> Result<()> {
    let mut system = System::start_with(&["--period", "5s", "--max-match-age", "15s"]).await?;
    // The orchestrator seals, but holds no credential that may delete a stream.
    system.kill_orchestrator().await?;
    let sealing = ["--period", "5s", "--max-match-age", "15s", "--archive-after", "1s", "--archive-every-s", "1"];
    system.orchestrator = Some(system.spawn_orchestrator_with(&sealing).await?);
    let admin = jetstream::new(system.nats_client(Role::Admin).await?);
    let url = system.nats.url();
    let archiver_password = system.credentials.password_file(Role::Archiver).display().to_string();
    let orchestrator_password = system.credentials.password_file(Role::Orchestrator).display().to_string();
    let key = hex::encode(orchestrator::keys::load_or_create(&system.orchestrator_key_file())?.public_key());
    let other_key = hex::encode(orchestrator::keys::load_or_create(&system.dir.path().join("another.json"))?.public_key());
    let job = |user: &'static str, password: String, key: String| {
        let url = url.clone();
        async move {
            let args = ["archive", "--once", "--nats-url", &url, "--nats-user", user, "--nats-password-file", &password];
            let args: Vec<&str> = args.into_iter().chain(["--orchestrator-public-key", &key, "--archive-after", "1s"]).collect();
            let (ok, out, err) = run_arbiter(&args).await?;
            println!("arbiter archive as {user}: ok {ok}\n{out}{err}");
            Ok::<_, anyhow::Error>((ok, out, err))
        }
    };

    // Two matches in one period, one two periods later (so the younger period is due ten
    // seconds after the old one, time enough for the checks between).
    next_period(PERIOD_S).await;
    let old = vec![ended_match(&system, 0xa801).await?, ended_match(&system, 0xa802).await?];
    next_period(PERIOD_S).await;
    next_period(PERIOD_S).await;
    let young = ended_match(&system, 0xa803).await?;
    let layout = system.admin_log().await?.layout().await.map_err(|e| anyhow!("{e}"))?;
    let place = |id: &str| layout.place(id).map(|(stream, _)| stream).map_err(|e| anyhow!("{e}"));
    let (old_stream, young_stream) = (place(&old[0].match_id)?, place(&young.match_id)?);
    assert_eq!(place(&old[1].match_id)?, old_stream, "one period");
    assert_ne!(old_stream, young_stream, "two periods");
    let mut client = system.client().await?;
    let mut before = Vec::new();
    for table in &old {
        let id = table.match_id.clone();
        let export = client.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
        let view = client.get_match(m::GetMatchRequest { match_id: id.clone(), version: 0 }).await?.into_inner();
        before.push((id, export, view));
    }

    // Sealed and old enough, yet the orchestrator cannot delete the stream: it stays.
    let old_ids: Vec<String> = old.iter().map(|t| t.match_id.clone()).collect();
    sealed_and_due(&system, &old_ids).await?;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(stream_exists(&admin, &old_stream).await?, "no orchestrator deletes a stream without the archiver credential");

    // The job, before the younger period is due: the old period leaves.
    let (ok, out, err) = job("archiver", archiver_password.clone(), key.clone()).await?;
    assert!(ok, "{out}{err}");
    assert!(out.contains(&format!("deleted {old_stream} (")), "{out}");
    assert!(!out.contains(&format!("deleted {young_stream}")), "{out}");
    assert!(!stream_exists(&admin, &old_stream).await?, "the old period left the hot log");
    assert!(stream_exists(&admin, &young_stream).await?, "the younger period stays");
    // Every match of it reads from its archive exactly as before.
    for (id, export, view) in &before {
        assert_eq!(system.log_len(id).await?, 0, "{id} left the hot log");
        let now = client.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
        assert!(now == *export, "the export of {id} is byte-identical");
        let read = client.get_match(m::GetMatchRequest { match_id: id.clone(), version: 0 }).await?.into_inner();
        assert!(read == *view, "GetMatch of {id} is unchanged");
    }

    // The younger period, once due: under a wrong public key no archive verifies, so nothing
    // is deleted, and the job says why.
    sealed_and_due(&system, std::slice::from_ref(&young.match_id)).await?;
    let (ok, out, err) = job("archiver", archiver_password.clone(), other_key).await?;
    assert!(ok, "a pass that keeps every stream succeeds: {out}{err}");
    assert!(out.contains(&format!("kept {young_stream}: the archive of match {} is refused", young.match_id)), "{out}");
    assert!(stream_exists(&admin, &young_stream).await?, "nothing deleted under a wrong key");

    // With the orchestrator's credential it reads as much but may not delete: a clear refusal.
    let (ok, out, err) = job("orchestrator", orchestrator_password, key.clone()).await?;
    assert!(!ok, "a refused delete fails the pass: {out}{err}");
    assert!(out.contains(&format!("not deleted {young_stream}")) && out.contains("Permissions Violation") && out.contains("archiver"), "{out}");
    assert!(stream_exists(&admin, &young_stream).await?, "the orchestrator's credential deletes nothing");

    // The archiver's, again: it goes too, and reads as before.
    let (ok, out, err) = job("archiver", archiver_password, key).await?;
    assert!(ok && out.contains(&format!("deleted {young_stream} (")), "{out}{err}");
    let view = client.get_match(m::GetMatchRequest { match_id: young.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::Ended as i32);
    Ok(())
}
