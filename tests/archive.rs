//! End-to-end: sealed archives. Matches played to their end are sealed by the orchestrator's
//! archiver (`--archive-after 1s`); once the hot log no longer holds them (here the NATS admin
//! deletes and recreates the stream, as a period stream leaving the hot log would), `GetMatch`,
//! `ExportMatch` (byte-identical to the export taken before), `WatchMatch` from the start and
//! `arbiter audit` of the export read them from the archive; an archive changed in the bucket
//! is DATA_LOSS naming what failed. `arbiter verify-log` checks every archive and every index
//! entry: one byte flipped in an archive's stored object and an index entry changed at rest are
//! each named.

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use api::match_v1 as m;
use async_nats::jetstream;
use bytes::Bytes;
use eventlog::{Archive, EventLog, Role};
use futures::StreamExt;
use tonic::Code;

mod harness;

use harness::{create_and_join, play_one, Rng, System, Table};

const PATIENCE: Duration = Duration::from_secs(60);

/// Play a match to its end; its length.
async fn ended_match(system: &System, seed: u64) -> Result<(Table, u64)> {
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(seed);
    while play_one(&mut client, &table, &mut rng).await?.is_some() {}
    let len = system.log_len(&table.match_id).await? as u64;
    Ok((table, len))
}

/// Wait until the index entry of `match_id` says it is archived.
async fn until_archived(system: &System, match_id: &str) -> Result<()> {
    let log = system.admin_log().await?;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let entry = log.index_get(match_id).await.map_err(|e| anyhow!("{e}"))?;
        if let Some((_, value)) = entry {
            let entry: orchestrator::index::Entry = serde_json::from_slice(&value)?;
            if entry.archived_at_ms != 0 {
                return Ok(());
            }
        }
        if tokio::time::Instant::now() > deadline {
            bail!("match {match_id} was not archived within {PATIENCE:?}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Every update WatchMatch streams from the start, up to `last`.
async fn watched(system: &System, match_id: &str, last: u64) -> Result<Vec<m::MatchUpdate>> {
    let mut client = system.client().await?;
    let mut stream = client.watch_match(m::WatchMatchRequest { match_id: match_id.into(), from_version: 0 }).await?.into_inner();
    let mut out = Vec::new();
    while out.last().map(|u: &m::MatchUpdate| u.version) != Some(last) {
        match tokio::time::timeout(PATIENCE, stream.next()).await? {
            Some(update) => out.push(update?),
            None => bail!("WatchMatch ended after {} updates", out.len()),
        }
    }
    Ok(out)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_archived_match_reads_exports_and_audits_as_before_from_its_archive() -> Result<()> {
    let mut system = System::start().await?;
    let (kept, kept_len) = ended_match(&system, 41).await?;
    let (changed, _) = ended_match(&system, 42).await?;
    let mut client = system.client().await?;
    let export_before = client.export_match(m::ExportMatchRequest { match_id: kept.match_id.clone() }).await?.into_inner();
    let view_before = client.get_match(m::GetMatchRequest { match_id: kept.match_id.clone(), version: 0 }).await?.into_inner();
    let watched_before = watched(&system, &kept.match_id, kept_len).await?;

    system.kill_orchestrator().await?;
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--archive-after", "1s", "--archive-every-s", "1"]).await?);
    until_archived(&system, &kept.match_id).await?;
    until_archived(&system, &changed.match_id).await?;
    system.kill_orchestrator().await?;

    // The matches leave the hot log (as the NATS admin; the orchestrator creates it again).
    let js = jetstream::new(system.nats_client(Role::Admin).await?);
    js.delete_stream(eventlog::STREAM).await?;
    // Whoever can write the bucket changes one byte near the end of the other match's archive.
    let admin = system.admin_log().await?;
    let bucket = eventlog::JetStreamArchive::open(&admin, 1).await.map_err(|e| anyhow!("{e}"))?;
    let mut blob = bucket.get(&changed.match_id).await.map_err(|e| anyhow!("{e}"))?.ok_or_else(|| anyhow!("no archive"))?.to_vec();
    let at = blob.len() - 100;
    blob[at] ^= 1;
    bucket.put(&changed.match_id, Bytes::from(blob)).await.map_err(|e| anyhow!("{e}"))?;

    system.start_orchestrator().await?;
    assert_eq!(system.log_len(&kept.match_id).await?, 0, "the hot log no longer holds the match");
    let mut client = system.client().await?;
    let view = client.get_match(m::GetMatchRequest { match_id: kept.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view, view_before, "GetMatch from the archive");
    let export = client.export_match(m::ExportMatchRequest { match_id: kept.match_id.clone() }).await?.into_inner();
    assert!(export.export == export_before.export, "the export from the archive is byte-identical");
    assert_eq!(watched(&system, &kept.match_id, kept_len).await?, watched_before, "WatchMatch from the start");

    // `arbiter export` then `arbiter audit` of the archived match, under the orchestrator key.
    let file = system.dir.path().join("kept.json");
    let url = system.orchestrator_url()?;
    let (ok, out, err) = harness::run_arbiter(&["export", &kept.match_id, "--orchestrator", &url, "-o", &file.display().to_string()]).await?;
    assert!(ok, "{out}{err}");
    let key = hex::encode(orchestrator::keys::load_or_create(&system.orchestrator_key_file())?.public_key());
    let (ok, out, err) = harness::run_arbiter(&["audit", &file.display().to_string(), "--orchestrator-key", &key]).await?;
    assert!(ok && out.contains("the match checks out"), "{out}{err}");

    // The changed archive is refused by every read, naming what failed.
    let status = match client.export_match(m::ExportMatchRequest { match_id: changed.match_id.clone() }).await {
        Ok(_) => bail!("a changed archive was exported"),
        Err(status) => status,
    };
    assert_eq!(status.code(), Code::DataLoss, "{status:?}");
    assert!(status.message().contains(&format!("the archive of match {} is refused", changed.match_id)), "{}", status.message());
    assert!(status.message().contains("commits section hashes to"), "{}", status.message());
    let status = client.get_match(m::GetMatchRequest { match_id: changed.match_id.clone(), version: 0 }).await.err();
    assert_eq!(status.map(|s| s.code()), Some(Code::DataLoss));
    Ok(())
}

/// The blocks of the archive bucket's stream under a server's store.
fn archive_blocks(store: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![store.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "blk") && path.components().any(|c| c.as_os_str() == "OBJ_MATCH_ARCHIVE") {
                found.push(path);
            }
        }
    }
    found
}

/// `arbiter verify-log` of the system, with the admin credential: (success, stdout).
async fn verify_log(system: &System) -> Result<(bool, String)> {
    let key = hex::encode(orchestrator::keys::load_or_create(&system.orchestrator_key_file())?.public_key());
    let password = system.credentials.password_file(Role::Admin).display().to_string();
    let url = system.nats.url();
    let (ok, out, err) =
        harness::run_arbiter(&["verify-log", "--nats-url", &url, "--nats-user", "admin", "--nats-password-file", &password, "--orchestrator-public-key", &key])
            .await?;
    Ok((ok, format!("{out}{err}")))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_log_names_an_archive_with_a_flipped_byte_and_an_index_entry_that_disagrees() -> Result<()> {
    let mut system = System::start().await?;
    let (rotten, _) = ended_match(&system, 51).await?;
    let (relabelled, relabelled_len) = ended_match(&system, 52).await?;
    system.kill_orchestrator().await?;
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--archive-after", "1s", "--archive-every-s", "1"]).await?);
    until_archived(&system, &rotten.match_id).await?;
    until_archived(&system, &relabelled.match_id).await?;
    system.kill_orchestrator().await?;
    let (ok, out) = verify_log(&system).await?;
    assert!(ok && out.contains("every one intact") && out.contains("2 index entries and 2 archives"), "an intact system: {out}");

    // One byte of the first match's archive changes in the bucket's files while NATS is stopped.
    let admin = system.admin_log().await?;
    let bucket = eventlog::JetStreamArchive::open(&admin, 1).await.map_err(|e| anyhow!("{e}"))?;
    let blob = bucket.get(&rotten.match_id).await.map_err(|e| anyhow!("{e}"))?.ok_or_else(|| anyhow!("no archive"))?;
    let other = bucket.get(&relabelled.match_id).await.map_err(|e| anyhow!("{e}"))?.ok_or_else(|| anyhow!("no archive"))?;
    // A window of the first archive found nowhere else: two archives share runs of bytes (event
    // kinds, option names), and a window shared with the second would flip the wrong one.
    let count = |hay: &[u8], w: &[u8]| hay.windows(w.len()).filter(|x| *x == w).count();
    let window = (blob.len() / 2..blob.len().saturating_sub(32))
        .map(|at| blob[at..at + 32].to_vec())
        .find(|w| count(&blob, w) == 1 && count(&other, w) == 0)
        .ok_or_else(|| anyhow!("no window of the first archive is its own"))?;
    drop((bucket, admin));
    let port = system.stop_nats().await?;
    let mut flipped = 0;
    for path in archive_blocks(&system.dir.path().join("nats")) {
        let mut bytes = std::fs::read(&path)?;
        if let Some(at) = bytes.windows(window.len()).position(|w| w == window.as_slice()) {
            bytes[at + 5] ^= 0x10;
            std::fs::write(&path, bytes)?;
            flipped += 1;
        }
    }
    assert_eq!(flipped, 1, "the archive's bytes are in one block");
    system.restart_nats(port).await?;
    // The second match's index entry says it was won by another seat.
    let admin = system.admin_log().await?;
    let (revision, value) = admin.index_get(&relabelled.match_id).await.map_err(|e| anyhow!("{e}"))?.ok_or_else(|| anyhow!("no entry"))?;
    let mut entry: orchestrator::index::Entry = serde_json::from_slice(&value)?;
    entry.result = format!("{} won (forged)", entry.seat_names.last().cloned().unwrap_or_default());
    admin.index_put(&relabelled.match_id, Bytes::from(serde_json::to_vec(&entry)?), revision).await.map_err(|e| anyhow!("{e}"))?;

    let (ok, out) = verify_log(&system).await?;
    assert!(!ok, "verify-log passed a damaged log: {out}");
    let rotten_line =
        out.lines().find(|l| l.starts_with("BROKEN") && l.contains(&rotten.match_id)).ok_or_else(|| anyhow!("the archive is not named:\n{out}"))?;
    assert!(rotten_line.contains(&format!("the archive of match {} is refused", rotten.match_id)), "{rotten_line}");
    let relabelled_line =
        out.lines().find(|l| l.starts_with("BROKEN") && l.contains(&relabelled.match_id)).ok_or_else(|| anyhow!("the index entry is not named:\n{out}"))?;
    assert!(
        relabelled_line.contains(&format!("at version {relabelled_len}")) && relabelled_line.contains("index entry disagrees with its log: the result"),
        "{relabelled_line}"
    );
    assert_eq!(out.lines().filter(|l| l.starts_with("BROKEN")).count(), 2, "nothing else is named: {out}");
    println!("{out}");
    Ok(())
}

/// Archive figures (docs/performance.md, "Sealed archives"): `n` real matches played to their
/// end, sealed by one archiver pass in this process; prints hot-log and archive bytes per match
/// and the seal and read-back rates. Run it alone on a quiet machine:
/// `ARBITER_ARCHIVE_FIGURES_MATCHES=100 cargo test --release -p arbiter-e2e --test archive -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "figures, not a check: run it by hand"]
async fn archive_figures() -> Result<()> {
    use orchestrator::archive;
    let n: usize = std::env::var("ARBITER_ARCHIVE_FIGURES_MATCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let mut system = System::start().await?;
    let mut commits = 0u64;
    for seed in 0..n as u64 {
        commits += ended_match(&system, 100 + seed).await?.1;
    }
    system.kill_orchestrator().await?;
    let signer = orchestrator::keys::load_or_create(&system.orchestrator_key_file())?;
    let log = std::sync::Arc::new(system.admin_log().await?);
    let bucket = eventlog::JetStreamArchive::open(&log, 1).await.map_err(|e| anyhow!("{e}"))?;
    let index = std::sync::Arc::new(orchestrator::index::MatchIndex::new(log.clone(), signer.public_key()));
    let _tasks = index.start();
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while index.to_archive(i64::MAX).len() < n {
        if tokio::time::Instant::now() > deadline {
            bail!("the index never listed {n} ended matches");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let started = std::time::Instant::now();
    let pass = archive::pass(&index, log.as_ref(), &bucket, &signer, Duration::ZERO, i64::MAX).await;
    let seal_s = started.elapsed().as_secs_f64();
    assert_eq!(pass.archived.len(), n, "{pass:?}");
    let key = signer.orchestrator_key();
    let started = std::time::Instant::now();
    let mut archive_payload = 0usize;
    for id in &pass.archived {
        let blob = bucket.get(id).await.map_err(|e| anyhow!("{e}"))?.ok_or_else(|| anyhow!("no archive of {id}"))?;
        archive::open(id, &blob, &key).map_err(|e| anyhow!("{e}"))?;
        archive_payload += blob.len();
    }
    let read_s = started.elapsed().as_secs_f64();
    let js = jetstream::new(system.nats_client(Role::Admin).await?);
    let hot_bytes = js.get_stream(eventlog::STREAM).await?.info().await?.state.bytes;
    let archive_bytes = js.get_stream(format!("OBJ_{}", eventlog::ARCHIVE_BUCKET)).await?.info().await?.state.bytes;
    println!(
        "{{\"matches\": {n}, \"commits\": {commits}, \"hot_bytes_per_match\": {}, \"archive_blob_bytes_per_match\": {}, \
         \"archive_stream_bytes_per_match\": {}, \"seal_matches_per_s\": {:.1}, \"read_back_matches_per_s\": {:.1}}}",
        hot_bytes / n as u64,
        archive_payload / n,
        archive_bytes / n as u64,
        n as f64 / seal_s,
        n as f64 / read_s
    );
    Ok(())
}
