//! End-to-end on a partitioned match log (`--partitions 4`): matches played over gRPC land in
//! several partition streams and are listed, exported, audited, projected by the feed, backed
//! up and restored as on the single stream; an orchestrator started with another count refuses.

mod harness;

use std::collections::BTreeSet;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use api::match_v1 as m;
use futures::StreamExt;
use harness::*;

const PARTITIONS: usize = 4;
const MATCHES: usize = 6;
/// A liveness bound for the projections (index, feed) to catch up: never a timing claim.
const PATIENCE: Duration = Duration::from_secs(90);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_on_a_partitioned_log_are_played_listed_exported_audited_projected_and_restored() -> Result<()> {
    let system = System::start_with(&["--partitions", "4"]).await?;
    let mut client = system.client().await?;
    let mut tables = Vec::new();
    for i in 0..MATCHES {
        let table = create_and_join(&mut client, 2).await?;
        let mut rng = Rng(0x9a57 + i as u64);
        while play_one(&mut client, &table, &mut rng).await?.is_some() {}
        tables.push(table);
    }
    let ids: BTreeSet<String> = tables.iter().map(|t| t.match_id.clone()).collect();

    // Stored in the partition streams their ids hash to (more than one of them), no MATCHES.
    let layout = eventlog::Layout::new(PARTITIONS).map_err(|e| anyhow!("{e}"))?;
    let admin = async_nats::jetstream::new(system.nats_client(eventlog::Role::Admin).await?);
    let used: BTreeSet<usize> = ids.iter().map(|id| layout.partition_of(id)).collect();
    for id in &ids {
        let stream = admin.get_stream(layout.stream(layout.partition_of(id))).await?;
        stream.get_last_raw_message_by_subject(&layout.subject(id)).await.with_context(|| format!("{id} in its partition"))?;
    }
    assert!(used.len() > 1, "{MATCHES} matches use more than one partition: {used:?}");
    assert!(admin.get_stream(eventlog::STREAM).await.is_err(), "no MATCHES stream in a partitioned log");

    // Listed (the index projectors of every partition), exported and audited.
    let listed = tokio::time::timeout(PATIENCE, async {
        loop {
            let page = client.list_matches(platform(m::ListMatchesRequest { page_size: 50, ..Default::default() })).await?.into_inner();
            let listed: BTreeSet<String> = page.matches.iter().map(|s| s.match_id.clone()).collect();
            if listed == ids {
                return Ok::<_, anyhow::Error>(listed);
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await
    .context("ListMatches never listed every match")??;
    assert_eq!(listed, ids);
    for table in &tables {
        let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
        let export = cli::export::decode_export(&bytes)?;
        cli::audit::audit_export(&export, Some(&table.public_key)).map_err(|e| anyhow!("audit of {}: {e}", table.match_id))?;
    }

    // The feed projector reads every partition: each match reaches FEED.
    let _projector = start_projector(&system).await?;
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
    let consumer = feed.create_consumer(async_nats::jetstream::consumer::pull::OrderedConfig::default()).await?;
    let mut messages = consumer.messages().await?;
    let mut seen = BTreeSet::new();
    tokio::time::timeout(PATIENCE, async {
        while seen.len() < ids.len() {
            let Some(message) = messages.next().await else { break };
            let message = message.map_err(|e| anyhow!("{e}"))?;
            if let Some(id) = ids.iter().find(|id| message.subject.as_str().contains(&format!(".{id}."))) {
                seen.insert(id.clone());
            }
        }
        Ok::<_, anyhow::Error>(())
    })
    .await
    .context("the feed never published every match")??;
    assert_eq!(seen, ids, "the feed has every partition's matches");

    // A backup holds every commit of every partition, and checks as a restore would.
    let out = system.dir.path().join("partitioned.backup");
    let (ok, stdout, stderr) = run_arbiter(&[
        "backup",
        "--out",
        &out.display().to_string(),
        "--no-keys",
        "--nats-url",
        &system.nats.url(),
        "--nats-user",
        "admin",
        "--nats-password-file",
        &system.credentials.password_file(eventlog::Role::Admin).display().to_string(),
    ])
    .await?;
    assert!(ok, "backup of a partitioned log:\n{stdout}{stderr}");
    let mut total = 0;
    for name in layout.streams() {
        total += admin.get_stream(&name).await?.info().await?.state.messages;
    }
    assert!(stdout.contains(&format!("({total} commits)")), "every commit of the {PARTITIONS} streams: {stdout}");

    // Restored into a new store with the same partitions: every stream holds what it held,
    // byte for byte (the restore checks the backup's order stream by stream).
    let other = eventlog_dev::server::NatsServer::start(&system.dir.path().join("nats-restored"), 0, &system.credentials).await.map_err(|e| anyhow!("{e}"))?;
    let admin_password = system.credentials.password_file(eventlog::Role::Admin).display().to_string();
    let (ok, stdout, stderr) = run_arbiter(&[
        "restore",
        &out.display().to_string(),
        "--no-keys",
        "--partitions",
        "4",
        "--nats-url",
        &other.url(),
        "--nats-user",
        "admin",
        "--nats-password-file",
        &admin_password,
    ])
    .await?;
    assert!(ok, "restore into a partitioned log:\n{stdout}{stderr}");
    assert!(stdout.contains(&format!("restored {total} commits of {MATCHES} matches")), "{stdout}");
    let restored = eventlog::JetStreamLog::connect(&other.url(), 1, &system.credentials.auth(eventlog::Role::Admin)).await.map_err(|e| anyhow!("{e}"))?;
    let original = system.admin_log().await?;
    assert_eq!(restored.layout().await.map_err(|e| anyhow!("{e}"))?, layout);
    for id in &ids {
        use eventlog::EventLog;
        let payloads = |commits: Vec<eventlog::StoredCommit>| commits.into_iter().map(|c| c.payload).collect::<Vec<_>>();
        let want = payloads(original.read(id, 1).await.map_err(|e| anyhow!("{e}"))?);
        let got = payloads(restored.read(id, 1).await.map_err(|e| anyhow!("{e}"))?);
        assert_eq!(got, want, "match {id} restored byte for byte");
    }

    // An orchestrator started with another count than the log's refuses to start.
    for wrong in ["1", "2"] {
        let refused = system.spawn_orchestrator_with(&["--partitions", wrong]).await;
        assert!(refused.is_err(), "--partitions {wrong} on a log of {PARTITIONS} is refused");
    }
    Ok(())
}
