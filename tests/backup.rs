//! End-to-end: `arbiter backup`, the primary NATS store deleted, `arbiter restore` into a new
//! empty store: every acknowledged commit is back byte for byte, the matches replay and pass
//! the audit, and a match that was in progress goes on being played.

mod harness;

use std::collections::BTreeMap;

use anyhow::{anyhow, Result};
use api::match_v1 as m;
use eventlog::server::NatsServer;
use eventlog::EventLog;
use harness::*;

async fn log_bytes(log: &eventlog::JetStreamLog, match_id: &str) -> Result<Vec<Vec<u8>>> {
    Ok(log.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))?.into_iter().map(|c| c.payload.to_vec()).collect())
}

async fn export_and_audit(client: &mut m::match_service_client::MatchServiceClient<tonic::transport::Channel>, table: &Table) -> Result<api::log_v1::MatchExport> {
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = cli::export::decode_export(&bytes)?;
    cli::audit::audit_export(&export, Some(&table.public_key)).map_err(|e| anyhow!("audit of {}: {e}", table.match_id))?;
    Ok(export)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_store_is_restored_from_the_backup_byte_for_byte() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let mut rng = Rng(11);
    // Two ended matches and one in progress.
    let mut ended = Vec::new();
    for _ in 0..2 {
        let table = create_and_join(&mut client, 2).await?;
        while play_one(&mut client, &table, &mut rng).await?.is_some() {}
        ended.push(table);
    }
    let live = create_and_join(&mut client, 2).await?;
    let mut acked_version = 0;
    for _ in 0..6 {
        if let Some(v) = play_one(&mut client, &live, &mut rng).await? {
            acked_version = v;
        }
    }
    let admin = system.admin_log().await?;
    let mut before: BTreeMap<String, Vec<Vec<u8>>> = BTreeMap::new();
    for id in ended.iter().chain([&live]).map(|t| t.match_id.clone()) {
        before.insert(id.clone(), log_bytes(&admin, &id).await?);
    }
    let live_len = before.get(&live.match_id).map(Vec::len).unwrap_or(0);
    assert!(live_len as u64 >= acked_version, "the log holds every acknowledged decision of the live match");
    let total: usize = before.values().map(Vec::len).sum();

    // A whole backup and one of the live match only, through the `arbiter` command.
    let dir = system.dir.path().to_path_buf();
    let data_dir = dir.display().to_string();
    let all = dir.join("all.backup").display().to_string();
    let (ok, out, err) = run_arbiter(&["backup", "--out", &all, "--data-dir", &data_dir]).await?;
    assert!(ok, "backup failed:\n{out}{err}");
    assert!(out.contains(&format!("({total} commits)")), "{out}");
    let one = dir.join("one.backup").display().to_string();
    let (ok, out, err) = run_arbiter(&["backup", "--out", &one, "--match", &live.match_id, "--data-dir", &data_dir]).await?;
    assert!(ok, "backup --match failed:\n{out}{err}");
    assert!(out.contains(&format!("({live_len} commits)")), "{out}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&all)?.permissions().mode() & 0o777, 0o600, "a backup is private");
    }

    // The disk is lost: everything that uses NATS stops, the store is deleted.
    drop(client);
    drop(admin);
    let System { nats, rules, randomness, orchestrator, credentials, pki, dir: tempdir } = system;
    if let Some(o) = orchestrator {
        o.kill().await?;
    }
    randomness.kill().await?;
    let store = nats.store_dir().to_path_buf();
    nats.stop().await;
    std::fs::remove_dir_all(&store)?;

    // A new, empty store; the backup written into it (twice: the second run writes nothing).
    let nats = NatsServer::start(&store, 0, &credentials).await.map_err(|e| anyhow!("{e}"))?;
    let (ok, out, err) = run_arbiter(&["restore", &all, "--data-dir", &data_dir]).await?;
    assert!(ok, "restore failed:\n{out}{err}");
    assert!(out.contains(&format!("restored {total} commits of 3 matches")), "{out}");
    let (ok, out, err) = run_arbiter(&["restore", &all, "--data-dir", &data_dir]).await?;
    assert!(ok, "a second restore failed:\n{out}{err}");
    assert!(out.contains(&format!("restored 0 commits of 3 matches from {all} ({total} already there)")), "{out}");
    // A truncated backup is refused and writes nothing more.
    let bytes = std::fs::read(&one)?;
    let cut = dir.join("cut.backup");
    std::fs::write(&cut, &bytes[..bytes.len() - 5])?;
    let (ok, out, err) = run_arbiter(&["restore", &cut.display().to_string(), "--data-dir", &data_dir]).await?;
    assert!(!ok && err.contains("incomplete"), "a truncated backup is refused:\n{out}{err}");

    let admin = eventlog::JetStreamLog::connect(&nats.url(), 1, &credentials.auth(eventlog::Role::Admin))
        .await
        .map_err(|e| anyhow!("{e}"))?;
    for (id, commits) in &before {
        assert_eq!(&log_bytes(&admin, id).await?, commits, "match {id} is restored byte for byte");
    }

    // The services on the restored store: the matches replay and audit, the live one goes on.
    let (randomness, orchestrator) = start_log_services(&dir, &nats.url(), &credentials, &pki, &rules, 1).await?;
    let system = System { nats, rules, randomness, orchestrator: Some(orchestrator), credentials, pki, dir: tempdir };
    let mut client = system.client().await?;
    for table in &ended {
        let export = export_and_audit(&mut client, table).await?;
        assert_eq!(Some(&export.stored_commits), before.get(&table.match_id), "the export is the backed-up log");
    }
    let mut played = 0;
    while play_one(&mut client, &live, &mut rng).await?.is_some() {
        played += 1;
    }
    assert!(played > 0, "the restored match was played on");
    let export = export_and_audit(&mut client, &live).await?;
    assert!(export.stored_commits.len() > live_len);
    assert_eq!(export.stored_commits.get(..live_len), before.get(&live.match_id).map(Vec::as_slice), "the restored prefix is unchanged");
    Ok(())
}
