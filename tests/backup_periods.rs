//! End-to-end: `arbiter backup` and `arbiter restore` of a match log with periods
//! (`--period 5s --max-match-age 15s`, docs/reliability.md, "Backups"). Matches of an old period
//! are sealed by the archiver and their stream leaves the hot log; a match of the present period
//! stays hot. The backup, restored into a fresh nats-server, serves every match byte for byte
//! (from its restored archive or its restored stream) and lists each once, and a platform
//! following the public feed of the restored store sees every match's updates with the same
//! chain hashes as before (the feed is in the backup: an archived match can no longer be
//! projected). A period backup is
//! refused, with nothing written, by a store of another layout; `--match` of an archived match
//! round-trips. A period stream deleted at any moment of a backup loses no match.

mod harness;

use std::collections::BTreeSet;
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use api::match_v1 as m;
use async_nats::jetstream;
use eventlog::Role;
use eventlog_dev::server::NatsServer;
use futures::StreamExt;
use harness::*;
use prost::Message;
use tokio::io::AsyncReadExt;

const PERIOD_S: u64 = 5;
/// A liveness bound for the archiver and the projections: never a timing claim.
const PATIENCE: Duration = Duration::from_secs(150);

/// The streams and object names a store holds (what a refused restore must not have added).
async fn contents(js: &jetstream::Context) -> Result<(Vec<String>, usize)> {
    let mut names = js.stream_names();
    let mut streams = Vec::new();
    while let Some(name) = names.next().await {
        streams.push(name?);
    }
    streams.sort();
    let objects = match js.get_object_store(eventlog::ARCHIVE_BUCKET).await {
        Ok(store) => {
            let mut list = store.list().await?;
            let mut n = 0;
            while let Some(info) = list.next().await {
                n += usize::from(!info?.deleted);
            }
            n
        }
        Err(_) => 0,
    };
    Ok((streams, objects))
}

async fn archive_blob(js: &jetstream::Context, match_id: &str) -> Result<Vec<u8>> {
    let mut object = js.get_object_store(eventlog::ARCHIVE_BUCKET).await?.get(match_id).await?;
    let mut blob = Vec::new();
    object.read_to_end(&mut blob).await?;
    Ok(blob)
}

/// Every match id `client` lists, waiting (within [`PATIENCE`]) until it lists `wanted`.
async fn listed(client: &mut m::match_service_client::MatchServiceClient<tonic::transport::Channel>, wanted: &BTreeSet<String>) -> Result<Vec<String>> {
    let since = tokio::time::Instant::now();
    loop {
        let page = client.list_matches(platform(m::ListMatchesRequest { page_size: 50, ..Default::default() })).await?.into_inner();
        let ids: Vec<String> = page.matches.into_iter().map(|s| s.match_id).collect();
        if wanted.iter().all(|id| ids.contains(id)) || since.elapsed() > PATIENCE {
            return Ok(ids);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_with_periods_is_restored_with_its_archived_and_its_hot_matches() -> Result<()> {
    let mut system = System::start_with(&["--period", "5s", "--max-match-age", "15s"]).await?;
    let archiver_password = system.credentials.password_file(Role::Archiver).display().to_string();
    system.kill_orchestrator().await?;
    let archiving = [
        "--period",
        "5s",
        "--max-match-age",
        "15s",
        "--archive-after",
        "1s",
        "--archive-every-s",
        "1",
        "--archiver-nats-user",
        "archiver",
        "--archiver-nats-password-file",
        &archiver_password,
    ];
    system.orchestrator = Some(system.spawn_orchestrator_with(&archiving).await?);
    let _projector = start_projector(&system).await?;
    let admin = jetstream::new(system.nats_client(Role::Admin).await?);
    let admin_password = system.credentials.password_file(Role::Admin).display().to_string();

    // Two matches of one period, sealed, whose stream then leaves the hot log.
    next_period(PERIOD_S).await;
    let old = vec![ended_match(&system, 0xb001).await?, ended_match(&system, 0xb002).await?];
    let layout = system.admin_log().await?.layout().await.map_err(|e| anyhow!("{e}"))?;
    let (old_stream, _) = layout.place(&old[0].match_id).map_err(|e| anyhow!("{e}"))?;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while stream_exists(&admin, &old_stream).await? {
        if tokio::time::Instant::now() > deadline {
            bail!("the period stream {old_stream} was never deleted");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // One of the present period, in the hot log only: the archiver stops here, so that what
    // the backup holds does not depend on when it seals the next match.
    system.kill_orchestrator().await?;
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--period", "5s", "--max-match-age", "15s"]).await?);
    let young = ended_match(&system, 0xb003).await?;
    let (young_stream, _) = layout.place(&young.match_id).map_err(|e| anyhow!("{e}"))?;
    assert!(stream_exists(&admin, &young_stream).await?, "the present period is in the hot log");

    let everyone: Vec<&Table> = old.iter().chain([&young]).collect();
    let wanted: BTreeSet<String> = everyone.iter().map(|t| t.match_id.clone()).collect();
    let mut client = system.client().await?;
    let mut before = Vec::new();
    for table in &everyone {
        let id = table.match_id.clone();
        let export = client.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
        let view = client.get_match(m::GetMatchRequest { match_id: id.clone(), version: 0 }).await?.into_inner().encode_to_vec();
        before.push((id, export, view));
    }
    let old_blob = archive_blob(&admin, &old[0].match_id).await?;
    // What a platform has of the feed: every version of every match, the sealed ones too.
    let feed_auth = system.credentials.auth(Role::Feed);
    let mut versions = std::collections::BTreeMap::new();
    for (id, export, _) in &before {
        versions.insert(id.clone(), cli::export::decode_export(export)?.stored_commits.len() as u64);
    }
    let feed_before = feed_history_at(&system.nats.url(), &feed_auth, &versions, PATIENCE).await?;

    // The backups: the whole log with the key files, and one archived match.
    let dir = system.dir.path().to_path_buf();
    let all = dir.join("all.backup").display().to_string();
    let nats_of =
        |url: String| vec!["--nats-url".to_string(), url, "--nats-user".into(), "admin".into(), "--nats-password-file".into(), admin_password.clone()];
    let keys = vec![
        "--orchestrator-key-file".to_string(),
        system.orchestrator_key_file().display().to_string(),
        "--randomness-key-file".into(),
        system.randomness_key_file().display().to_string(),
    ];
    let with = |base: &[&str], extra: &[Vec<String>]| -> Vec<String> { base.iter().map(|s| s.to_string()).chain(extra.iter().flatten().cloned()).collect() };
    let run = |a: Vec<String>| async move {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        run_arbiter(&a).await
    };
    let (ok, out, err) = run(with(&["backup", "--out", &all], &[nats_of(system.nats.url()), keys.clone()])).await?;
    assert!(ok, "backup failed:\n{out}{err}");
    assert!(out.contains("2 archives, 2 index entries"), "both sealed matches, with their index entries: {out}");
    let one = dir.join("one.backup").display().to_string();
    let (ok, out, err) = run(with(&["backup", "--out", &one, "--match", &old[0].match_id, "--no-keys"], &[nats_of(system.nats.url())])).await?;
    assert!(ok && out.contains("0 commits of 0 period streams, 1 archives"), "an archived match is backed up as its archive:\n{out}{err}");

    // Into a store of another layout: refused, nothing written.
    let other = NatsServer::start(&dir.join("nats-other"), 0, &system.credentials).await.map_err(|e| anyhow!("{e}"))?;
    let wrong = eventlog::Layout::with_periods(1, Some(eventlog::Periods { length_s: 6, max_match_age_s: 15 })).map_err(|e| anyhow!("{e}"))?;
    eventlog::JetStreamLog::connect_with_layout(&other.url(), 1, wrong, &system.nats_auth(Role::Admin)).await.map_err(|e| anyhow!("{e}"))?;
    let other_js = jetstream::new(system.credentials.auth(Role::Admin).connect_options().await?.connect(other.url()).await?);
    let held = contents(&other_js).await?;
    let (ok, out, err) = run(with(&["restore", &all, "--no-keys"], &[nats_of(other.url())])).await?;
    assert!(!ok && err.contains("nothing was written") && err.contains("--period 6s"), "a store of another layout is refused:\n{out}{err}");
    assert_eq!(contents(&other_js).await?, held, "nothing was written");

    // Into a fresh store: every match back, served by an orchestrator with the same key.
    let fresh = NatsServer::start(&dir.join("nats-restored"), 0, &system.credentials).await.map_err(|e| anyhow!("{e}"))?;
    let (ok, out, err) = run(with(&["restore", &all], &[nats_of(fresh.url()), keys.clone()])).await?;
    assert!(ok, "restore failed:\n{out}{err}");
    assert!(out.contains("restored 2 archives, 2 match index entries"), "{out}");
    assert!(out.contains("was already there, the same as the backup's"), "the key files were kept: {out}");
    let (ok, out, err) = run(with(&["restore", &all, "--no-keys"], &[nats_of(fresh.url())])).await?;
    assert!(!ok && err.contains("not empty") && err.contains("nothing was written"), "a second restore is refused:\n{out}{err}");
    let periods: Vec<String> = ["--period", "5s", "--max-match-age", "15s"].iter().map(|s| s.to_string()).collect();
    // The feed as it was, from the backup, and once a projector runs on the restored log (it
    // finds every update of the hot match already published): the same history.
    assert_eq!(chain_hashes(&feed_history(&fresh.url(), &feed_auth).await?)?, chain_hashes(&feed_before)?, "the feed restored from the backup");
    let key = orchestrator::keys::load(&system.orchestrator_key_file())?.public_key();
    let projector_args = [
        vec!["--listen".to_string(), "127.0.0.1:0".into()],
        nats_args(&fresh, &system.credentials, Role::Projector),
        vec!["--orchestrator-public-key".into(), hex::encode(key)],
    ]
    .concat();
    let _fresh_projector = spawn_service("feed", &projector_args).await?;
    let (_randomness, orchestrator) = start_log_services_with(&dir, &fresh.url(), &system.credentials, &system.pki, &system.rules, 1, &periods).await?;
    let mut restored = m::match_service_client::MatchServiceClient::connect(orchestrator.url()).await?;
    for (id, export, view) in &before {
        let now = restored.export_match(m::ExportMatchRequest { match_id: id.clone() }).await?.into_inner().export;
        assert!(now == *export, "the export of {id} is byte-identical after the restore");
        let now = restored.get_match(m::GetMatchRequest { match_id: id.clone(), version: 0 }).await?.into_inner().encode_to_vec();
        assert!(now == *view, "GetMatch of {id} is the same after the restore");
    }
    let ids = listed(&mut restored, &wanted).await?;
    assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), ids.len(), "no match listed twice: {ids:?}");
    assert_eq!(ids.into_iter().collect::<BTreeSet<_>>(), wanted, "every match listed");
    let fresh_js = jetstream::new(system.credentials.auth(Role::Admin).connect_options().await?.connect(fresh.url()).await?);
    assert!(!stream_exists(&fresh_js, &old_stream).await?, "a period that had left stays out of the hot log");
    let feed_after = feed_history_at(&fresh.url(), &feed_auth, &versions, PATIENCE).await?;
    assert_eq!(chain_hashes(&feed_after)?, chain_hashes(&feed_before)?, "the same chain hashes on every subject");
    assert!(feed_after == feed_before, "a platform following the restored feed sees the feed as it was, nothing published twice");

    // `--match` of an archived match, into another fresh store: its archive, byte for byte.
    let single = NatsServer::start(&dir.join("nats-one"), 0, &system.credentials).await.map_err(|e| anyhow!("{e}"))?;
    let (ok, out, err) = run(with(&["restore", &one, "--no-keys"], &[nats_of(single.url())])).await?;
    assert!(ok && out.contains("restored 1 archives, 1 match index entries"), "{out}{err}");
    let single_js = jetstream::new(system.credentials.auth(Role::Admin).connect_options().await?.connect(single.url()).await?);
    assert!(archive_blob(&single_js, &old[0].match_id).await? == old_blob, "the archive is restored byte for byte");
    Ok(())
}

/// When the test deletes the period stream, relative to the backup.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Delete {
    /// As the backup starts (before or while it lists the streams).
    AtOnce,
    /// Once the backup has listed the streams (its file exists).
    Listed,
    /// Once the backup has copied part of the stream (its file holds more than the layout).
    MidCopy,
    /// After the backup.
    After,
}

/// The archiver's delete of a sealed period, landing at different moments of a backup (before
/// the stream is listed, after, during its copy, after the backup): the backup always succeeds
/// and, restored into a fresh store, holds every match whole, in its stream or its archive,
/// never a part of a match in the hot log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_period_leaving_during_the_backup_loses_no_match() -> Result<()> {
    use eventlog::{Archive, EventLog};
    let dir = tempfile::tempdir()?;
    let credentials = eventlog::NatsCredentials::load_or_create(&dir.path().join("secrets").join("nats")).map_err(|e| anyhow!("{e}"))?;
    let admin_password = credentials.password_file(Role::Admin).display().to_string();
    let auth = credentials.auth(Role::Admin);
    let layout = eventlog::Layout::with_periods(1, Some(eventlog::Periods { length_s: PERIOD_S, max_match_age_s: 15 })).map_err(|e| anyhow!("{e}"))?;
    let signer = fairness::Signer::from_seed(&[7; 32]);
    // A period an hour ago: sealed long since.
    let period_start = (now_ms() / (PERIOD_S * 1000)).saturating_sub(720) * PERIOD_S * 1000;
    // About a megabyte of commits, so that a copy is caught in its middle.
    let (matches, per_match) = (40usize, 150u64);
    for (round, when) in [Delete::AtOnce, Delete::Listed, Delete::MidCopy, Delete::After].into_iter().enumerate() {
        let source = NatsServer::start(&dir.path().join(format!("source-{round}")), 0, &credentials).await.map_err(|e| anyhow!("{e}"))?;
        let log = eventlog::JetStreamLog::connect_with_layout(&source.url(), 1, layout, &auth).await.map_err(|e| anyhow!("{e}"))?;
        let archive = eventlog::JetStreamArchive::open(&log, 1).await.map_err(|e| anyhow!("{e}"))?;
        let ids: Vec<String> = (0..matches).map(|i| eventlog::layout::new_period_id(period_start + 100 + i as u64, [round as u8 + 1; 16])).collect();
        let (stream, _) = layout.place(&ids[0]).map_err(|e| anyhow!("{e}"))?;
        log.ensure_period_stream(&stream).await.map_err(|e| anyhow!("{e}"))?;
        let logs: Vec<Vec<(String, Vec<u8>)>> = ids.iter().map(|id| signed_commits(&signer, id, per_match)).collect();
        // Interleaved, as matches played side by side.
        let mut stored: Vec<Vec<eventlog::StoredCommit>> = vec![Vec::new(); matches];
        for v in 0..per_match as usize {
            for (i, id) in ids.iter().enumerate() {
                let (msg_id, payload) = &logs[i][v];
                let after = stored[i].last().map(|c: &eventlog::StoredCommit| c.sequence);
                let sequence = log.append_restored(id, after, msg_id, payload.clone().into()).await.map_err(|e| anyhow!("{e}"))?;
                stored[i].push(eventlog::StoredCommit { version: v as u64 + 1, sequence, payload: payload.clone().into() });
            }
        }
        // Sealed: every archive in the bucket before the delete, as the archiver does.
        let mut blobs = Vec::new();
        for (id, commits) in ids.iter().zip(&stored) {
            let blob = orchestrator::archive::seal(id, commits, 1, &signer).map_err(|e| anyhow!("{e}"))?;
            archive.put(id, blob.clone()).await.map_err(|e| anyhow!("{e}"))?;
            blobs.push(blob);
        }

        let file = dir.path().join(format!("round-{round}.backup"));
        let shown = file.display().to_string();
        let admin = jetstream::new(auth.connect_options().await?.connect(source.url()).await?);
        let child = arbiter_command()
            .args(["backup", "--out", &shown, "--no-keys", "--nats-url", &source.url(), "--nats-user", "admin", "--nats-password-file", &admin_password])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()?;
        let tmp = dir.path().join(format!("round-{round}.backup.tmp-{}", child.id().unwrap_or_default()));
        let out = if when == Delete::After {
            let out = child.wait_with_output().await?;
            admin.delete_stream(&stream).await.map_err(|e| anyhow!("{e}"))?;
            out
        } else {
            let written = |min: u64| std::fs::metadata(&tmp).map(|m| m.len() > min).unwrap_or(false);
            let since = tokio::time::Instant::now();
            while when != Delete::AtOnce && !written(if when == Delete::MidCopy { 64 << 10 } else { 0 }) && since.elapsed() < PATIENCE {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            admin.delete_stream(&stream).await.map_err(|e| anyhow!("{e}"))?;
            child.wait_with_output().await?
        };
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{when:?}: the backup failed:\n{stdout}{stderr}");
        println!("{when:?}: {}", stdout.trim());
        if when == Delete::MidCopy {
            assert!(stderr.contains("left the hot log during its copy"), "{when:?}: the part copied is cut out of the file: {stderr}");
        }
        if when == Delete::After {
            assert!(stdout.contains(&format!("{} commits of 1 period streams", matches as u64 * per_match)), "{stdout}");
        }

        let target = NatsServer::start(&dir.path().join(format!("target-{round}")), 0, &credentials).await.map_err(|e| anyhow!("{e}"))?;
        let (ok, out, err) =
            run_arbiter(&["restore", &shown, "--no-keys", "--nats-url", &target.url(), "--nats-user", "admin", "--nats-password-file", &admin_password])
                .await?;
        assert!(ok, "{when:?}: the restore failed:\n{out}{err}");
        let restored = eventlog::JetStreamLog::connect(&target.url(), 1, &auth).await.map_err(|e| anyhow!("{e}"))?;
        let target_js = jetstream::new(auth.connect_options().await?.connect(target.url()).await?);
        for (i, id) in ids.iter().enumerate() {
            let hot = restored.read(id, 1).await.map_err(|e| anyhow!("{e}"))?;
            let whole: Vec<Vec<u8>> = stored[i].iter().map(|c| c.payload.to_vec()).collect();
            let hot: Vec<Vec<u8>> = hot.into_iter().map(|c| c.payload.to_vec()).collect();
            assert!(hot.is_empty() || hot == whole, "{when:?}: match {id} is in the hot log whole or not at all ({} of {per_match})", hot.len());
            assert!(archive_blob(&target_js, id).await? == blobs[i].to_vec(), "{when:?}: the archive of {id} is restored byte for byte");
        }
        target.stop().await;
        source.stop().await;
    }
    Ok(())
}
