//! End-to-end: `arbiter backup`, the primary NATS store deleted, `arbiter restore` into a new
//! empty store: every acknowledged commit is back byte for byte, the matches replay and pass
//! the audit, a platform following the public feed of the restored log (rebuilt by the feed
//! projector from the restored commits) sees every match's updates with the same chain hashes
//! as before, and a match that was in progress goes on being played. Also: a damaged backup
//! writes nothing, a restore killed halfway is completed by running it again, and lost key
//! files are put back from the keys file.

mod harness;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use api::match_v1 as m;
use cli::commands::backup::{match_of, write_end, write_record, Reader, Record, MAGIC};
use eventlog::{EventLog, NatsCredentials, Role};
use eventlog_dev::server::NatsServer;
use harness::*;

/// A liveness bound for the projector: never a timing claim.
const PATIENCE: Duration = Duration::from_secs(120);

async fn log_bytes(log: &eventlog::JetStreamLog, match_id: &str) -> Result<Vec<Vec<u8>>> {
    Ok(log.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))?.into_iter().map(|c| c.payload.to_vec()).collect())
}

async fn export_and_audit(
    client: &mut m::match_service_client::MatchServiceClient<tonic::transport::Channel>,
    table: &Table,
) -> Result<api::log_v1::MatchExport> {
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = cli::export::decode_export(&bytes)?;
    cli::audit::audit_export(&export, Some(&table.public_key)).map_err(|e| anyhow!("audit of {}: {e}", table.match_id))?;
    Ok(export)
}

/// `--orchestrator-key-file/--randomness-key-file` of the harness's key files in `dir`.
fn key_args(dir: &std::path::Path) -> Vec<String> {
    vec![
        "--orchestrator-key-file".into(),
        dir.join("orchestrator.json").display().to_string(),
        "--randomness-key-file".into(),
        dir.join("keys.json").display().to_string(),
    ]
}

/// `base` followed by `extra`, as the `&str`s `run_arbiter` takes.
fn args<'a>(base: &[&'a str], extra: &'a [String]) -> Vec<&'a str> {
    base.iter().copied().chain(extra.iter().map(String::as_str)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_store_is_restored_from_the_backup_byte_for_byte() -> Result<()> {
    let system = System::start().await?;
    let projector = start_projector(&system).await?;
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
    // What a platform has of the feed: every version of every match.
    let versions: BTreeMap<String, u64> = before.iter().map(|(id, commits)| (id.clone(), commits.len() as u64)).collect();
    let feed_auth = system.credentials.auth(Role::Feed);
    let feed_before = feed_history_at(&system.nats.url(), &feed_auth, &versions, PATIENCE).await?;

    // A whole backup and one of the live match only, through the `arbiter` command.
    let dir = system.dir.path().to_path_buf();
    let data_dir = dir.display().to_string();
    let all = dir.join("all.backup").display().to_string();
    let keys = key_args(&dir);
    let (ok, out, err) = run_arbiter(&args(&["backup", "--out", &all, "--data-dir", &data_dir], &keys)).await?;
    assert!(ok, "backup failed:\n{out}{err}");
    assert!(out.contains(&format!("({total} commits)")), "{out}");
    let one = dir.join("one.backup").display().to_string();
    let (ok, out, err) = run_arbiter(&["backup", "--out", &one, "--match", &live.match_id, "--data-dir", &data_dir, "--no-keys"]).await?;
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
    projector.kill().await?;
    let store = nats.store_dir().to_path_buf();
    nats.stop().await;
    std::fs::remove_dir_all(&store)?;

    // A new, empty store; the backup written into it (twice: the second run writes nothing).
    let nats = NatsServer::start(&store, 0, &credentials).await.map_err(|e| anyhow!("{e}"))?;
    let (ok, out, err) = run_arbiter(&args(&["restore", &all, "--data-dir", &data_dir], &keys)).await?;
    assert!(ok, "restore failed:\n{out}{err}");
    assert!(out.contains(&format!("restored {total} commits of 3 matches")), "{out}");
    assert!(out.contains("was already there, the same as the backup's"), "the key files were kept: {out}");
    let (ok, out, err) = run_arbiter(&args(&["restore", &all, "--data-dir", &data_dir], &keys)).await?;
    assert!(ok, "a second restore failed:\n{out}{err}");
    assert!(out.contains(&format!("restored 0 commits of 3 matches from {all} ({total} already there)")), "{out}");
    // A truncated backup is refused and writes nothing more.
    let bytes = std::fs::read(&one)?;
    let cut = dir.join("cut.backup");
    std::fs::write(&cut, &bytes[..bytes.len() - 5])?;
    let (ok, out, err) = run_arbiter(&["restore", &cut.display().to_string(), "--data-dir", &data_dir, "--no-keys"]).await?;
    assert!(!ok && err.contains("incomplete"), "a truncated backup is refused:\n{out}{err}");

    let admin = eventlog::JetStreamLog::connect(&nats.url(), 1, &credentials.auth(eventlog::Role::Admin)).await.map_err(|e| anyhow!("{e}"))?;
    for (id, commits) in &before {
        assert_eq!(&log_bytes(&admin, id).await?, commits, "match {id} is restored byte for byte");
    }

    // The services on the restored store: the matches replay and audit, the live one goes on.
    let (randomness, orchestrator) = start_log_services(&dir, &nats.url(), &credentials, &pki, &rules, 1).await?;
    let system = System { nats, rules, randomness, orchestrator: Some(orchestrator), credentials, pki, dir: tempdir };
    // The feed is not in the backup: the projector rebuilds it from the restored log, and a
    // platform following it sees the same history, chain hashes included.
    let _projector = start_projector(&system).await?;
    let feed_after = feed_history_at(&system.nats.url(), &feed_auth, &versions, PATIENCE).await?;
    assert_eq!(chain_hashes(&feed_after)?, chain_hashes(&feed_before)?, "the same chain hashes on every subject");
    assert!(feed_after == feed_before, "the rebuilt feed is the feed as it was, message for message");
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

// ---- a damaged backup, a restore killed halfway, lost key files ----

/// `n` commits of `match_id` signed as the orchestrator signs them (commit 1 creates the match
/// under `signer`'s key, each commit holds the hash of the one before, the orchestrator's msg
/// ids), as backup records (their sequence is set by the caller). Made directly, so that a test
/// gets thousands in a moment.
fn signed_log(signer: &fairness::Signer, match_id: &str, n: u64) -> Vec<Record> {
    signed_commits(signer, match_id, n)
        .into_iter()
        .map(|(msg_id, payload)| Record { subject: eventlog::subject(match_id), msg_id, sequence: 0, payload })
        .collect()
}

/// `matches` synthetic matches of `per_match` commits each, interleaved (version 1 of each,
/// then version 2 of each, ...), numbered in stream order after `after`.
fn interleaved(prefix: &str, matches: usize, per_match: u64, after: u64) -> Vec<Record> {
    let signer = fairness::Signer::from_seed(&[7; 32]);
    let logs: Vec<Vec<Record>> = (0..matches).map(|i| signed_log(&signer, &format!("{prefix}-{i}"), per_match)).collect();
    let mut records = Vec::new();
    for v in 0..per_match as usize {
        records.extend(logs.iter().filter_map(|log| log.get(v).cloned()));
    }
    for (i, r) in records.iter_mut().enumerate() {
        r.sequence = after + i as u64 + 1;
    }
    records
}

fn write_backup(path: &std::path::Path, records: &[Record]) -> Result<()> {
    let mut bytes = MAGIC.to_vec();
    for r in records {
        write_record(&mut bytes, r)?;
    }
    write_end(&mut bytes, records.len() as u64)?;
    std::fs::write(path, bytes)?;
    Ok(())
}

fn read_backup(path: &std::path::Path) -> Result<Vec<Record>> {
    let mut reader = Reader::new(std::io::BufReader::new(std::fs::File::open(path)?))?;
    let mut records = Vec::new();
    while let Some(r) = reader.next_record()? {
        records.push(r);
    }
    Ok(records)
}

/// Each match's payloads, in version order.
fn by_match(records: &[Record]) -> BTreeMap<String, Vec<Vec<u8>>> {
    let mut out: BTreeMap<String, Vec<Vec<u8>>> = BTreeMap::new();
    for r in records {
        if let Some(id) = match_of(&r.subject) {
            out.entry(id.to_string()).or_default().push(r.payload.clone());
        }
    }
    out
}

/// How many messages the MATCHES stream holds (0 if it does not exist).
async fn stream_messages(client: &async_nats::Client) -> Result<u64> {
    let js = async_nats::jetstream::new(client.clone());
    match js.get_stream(eventlog::STREAM).await {
        Ok(mut stream) => Ok(stream.info().await?.state.messages),
        Err(e) if matches!(e.kind(), async_nats::jetstream::context::GetStreamErrorKind::JetStream(_)) => Ok(0),
        Err(e) => Err(e.into()),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_backup_or_a_conflicting_store_writes_nothing() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let data_dir = dir.path().display().to_string();
    let credentials = NatsCredentials::load_or_create(&dir.path().join("secrets").join("nats")).map_err(|e| anyhow!("{e}"))?;
    let nats = NatsServer::start(&dir.path().join("nats"), 0, &credentials).await.map_err(|e| anyhow!("{e}"))?;
    // The stream exists and is empty, as in a store a restore would fill.
    let admin = eventlog::JetStreamLog::connect(&nats.url(), 1, &credentials.auth(Role::Admin)).await.map_err(|e| anyhow!("{e}"))?;
    let watcher = credentials.auth(Role::Admin).connect_options().await?.connect(nats.url()).await?;
    // 250 commits: five matches of 50.
    let records = interleaved("m", 5, 50, 0);
    let good = dir.path().join("good.backup");
    write_backup(&good, &records)?;
    let bytes = std::fs::read(&good)?;
    let restore = |file: &std::path::Path| {
        let file = file.display().to_string();
        let data_dir = data_dir.clone();
        async move { run_arbiter(&["restore", &file, "--data-dir", &data_dir, "--no-keys"]).await }
    };

    // Cut to two thirds: refused, nothing written.
    let cut = dir.path().join("cut.backup");
    std::fs::write(&cut, &bytes[..bytes.len() * 2 / 3])?;
    let (ok, out, err) = restore(&cut).await?;
    assert!(!ok, "a truncated backup is refused:\n{out}{err}");
    assert!(err.contains("incomplete or damaged after") && err.contains("nothing was written"), "{err}");
    assert_eq!(stream_messages(&watcher).await?, 0, "a truncated backup writes nothing");

    // One bit flipped two thirds through (in a commit's signature): refused, naming the commit.
    let mut flipped = records.clone();
    let k = flipped.len() * 2 / 3;
    let last = flipped[k].payload.len() - 1;
    flipped[k].payload[last] ^= 0x01;
    let (id, version) = (match_of(&flipped[k].subject).unwrap_or_default().to_string(), k / 5 + 1);
    let damaged = dir.path().join("flipped.backup");
    write_backup(&damaged, &flipped)?;
    assert_eq!(std::fs::read(&damaged)?.iter().zip(&bytes).filter(|(a, b)| a != b).count(), 1, "one byte differs");
    let (ok, out, err) = restore(&damaged).await?;
    assert!(!ok, "a bit-flipped backup is refused:\n{out}{err}");
    assert!(err.contains(&format!("match {id}, version {version}: the commit: its signature does not verify")), "{err}");
    assert_eq!(stream_messages(&watcher).await?, 0, "a bit-flipped backup writes nothing");

    // A store holding another commit of one match: refused before any match is written.
    let (last_match, _) = by_match(&records).into_iter().last().ok_or_else(|| anyhow!("no match"))?;
    admin.append(&last_match, None, "other/1", bytes::Bytes::from_static(b"another commit")).await.map_err(|e| anyhow!("{e}"))?;
    let (ok, out, err) = restore(&good).await?;
    assert!(!ok, "a conflicting store is refused:\n{out}{err}");
    assert!(err.contains(&format!("different commit at version 1 of match {last_match}")) && err.contains("nothing was written"), "{err}");
    assert_eq!(stream_messages(&watcher).await?, 1, "a conflicting store gets nothing written");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restore_killed_halfway_is_completed_by_running_it_again() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let mut rng = Rng(23);
    let ended = create_and_join(&mut client, 2).await?;
    while play_one(&mut client, &ended, &mut rng).await?.is_some() {}
    let dir = system.dir.path().to_path_buf();
    let data_dir = dir.display().to_string();
    let real = dir.join("real.backup");
    let (ok, out, err) = run_arbiter(&["backup", "--out", &real.display().to_string(), "--data-dir", &data_dir, "--no-keys"]).await?;
    assert!(ok, "backup failed:\n{out}{err}");

    // The real match, then enough signed commits that a restore takes a while.
    let mut records = read_backup(&real)?;
    let after = records.last().map(|r| r.sequence).unwrap_or(0);
    const MATCHES: usize = 40;
    records.extend(interleaved("bulk", MATCHES, 300, after));
    let total = records.len() as u64;
    let big = dir.join("big.backup").display().to_string();
    write_backup(std::path::Path::new(&big), &records)?;

    // Restore into a new, empty store; SIGKILL the restore once a third is in.
    let store = NatsServer::start(&dir.join("nats-restored"), 0, &system.credentials).await.map_err(|e| anyhow!("{e}"))?;
    let url = store.url();
    let watcher = system.credentials.auth(Role::Admin).connect_options().await?.connect(url.clone()).await?;
    let restore_args = ["restore", big.as_str(), "--nats-url", url.as_str(), "--data-dir", data_dir.as_str(), "--no-keys"];
    let mut child = arbiter_command().args(restore_args).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).spawn()?;
    let started = Instant::now();
    let seen = loop {
        let n = stream_messages(&watcher).await?;
        if n >= total / 3 {
            child.kill().await?;
            break n;
        }
        if let Some(status) = child.try_wait()? {
            panic!("the restore ended ({status}) before it could be killed, at {n} of {total} commits: make the backup larger");
        }
        assert!(started.elapsed() < Duration::from_secs(120), "the restore wrote only {n} of {total} commits in 2 minutes");
        tokio::time::sleep(Duration::from_millis(2)).await;
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let held = stream_messages(&watcher).await?;
    assert!(
        held > 0 && held < total,
        "the kill must land halfway to prove anything: {held} of {total} commits were in the stream ({seen} when killed); \
         make the backup larger"
    );
    eprintln!("the restore was killed with {held} of {total} commits in the stream, {:?} after it started", started.elapsed());

    // Run again: it completes, skipping exactly what the killed run wrote.
    let (ok, out, err) = run_arbiter(&restore_args).await?;
    assert!(ok, "the second restore failed:\n{out}{err}");
    let expected = format!("restored {} commits of {} matches from {big} ({held} already there)", total - held, MATCHES + 1);
    assert!(out.contains(&expected), "expected {expected:?}:\n{out}");
    assert_eq!(stream_messages(&watcher).await?, total, "every commit is in the stream once");
    let admin = eventlog::JetStreamLog::connect(&url, 1, &system.credentials.auth(Role::Admin)).await.map_err(|e| anyhow!("{e}"))?;
    let backed_up = by_match(&records);
    for (id, commits) in &backed_up {
        assert_eq!(&log_bytes(&admin, id).await?, commits, "match {id} is restored byte for byte");
    }

    // The ended match, served from the restored store, exports and passes the audit.
    let (_randomness, orchestrator) = start_log_services(&dir, &url, &system.credentials, &system.pki, &system.rules, 1).await?;
    let mut restored = m::match_service_client::MatchServiceClient::connect(orchestrator.url()).await?;
    let export = export_and_audit(&mut restored, &ended).await?;
    assert_eq!(Some(&export.stored_commits), backed_up.get(&ended.match_id), "the export is the backed-up log");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lost_key_files_are_put_back_from_the_keys_file_and_the_match_resumes() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let mut rng = Rng(31);
    let live = create_and_join(&mut client, 2).await?;
    for _ in 0..6 {
        play_one(&mut client, &live, &mut rng).await?;
    }
    let dir = system.dir.path().to_path_buf();
    let data_dir = dir.display().to_string();
    let keys = key_args(&dir);
    let (orchestrator_key, randomness_key) = (dir.join("orchestrator.json"), dir.join("keys.json"));
    let originals = (std::fs::read(&orchestrator_key)?, std::fs::read(&randomness_key)?);

    let backup = dir.join("live.backup");
    let backup_arg = backup.display().to_string();
    let (ok, out, err) = run_arbiter(&args(&["backup", "--out", &backup_arg, "--data-dir", &data_dir], &keys)).await?;
    assert!(ok, "backup failed:\n{out}{err}");
    let keys_file = dir.join("live.backup.keys");
    assert!(out.contains(&format!("wrote {}", keys_file.display())), "{out}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&keys_file)?.permissions().mode() & 0o777, 0o600, "the keys file is private");
    }
    // The log backup holds no secret: neither the hex of the key files nor their raw bytes.
    let log_backup = std::fs::read(&backup)?;
    for file in [&originals.0, &originals.1] {
        let json: serde_json::Value = serde_json::from_slice(file)?;
        for field in ["signing_seed", "master_secret"] {
            if let Some(secret) = json.get(field).and_then(|v| v.as_str()) {
                let raw = hex::decode(secret)?;
                let found = log_backup.windows(raw.len()).any(|w| w == raw.as_slice()) || log_backup.windows(secret.len()).any(|w| w == secret.as_bytes());
                assert!(!found, "the log backup holds the {field} of a key file");
            }
        }
    }

    // The key files are lost with the services stopped; restore puts them back from the keys file.
    system.kill_orchestrator().await?;
    system.kill_randomness().await?;
    std::fs::remove_file(&orchestrator_key)?;
    std::fs::remove_file(&randomness_key)?;
    // A new key made meanwhile in the orchestrator's place is not overwritten: refused, naming
    // both public keys, and nothing written (not even the missing randomness key file).
    let made = orchestrator::keys::load_or_create(&orchestrator_key)?.public_key();
    let (ok, out, err) = run_arbiter(&args(&["restore", &backup_arg, "--data-dir", &data_dir], &keys)).await?;
    assert!(!ok, "another key in place is refused:\n{out}{err}");
    let backed_up = orchestrator::keys::parse(&originals.0, &orchestrator_key)?.public_key();
    assert!(err.contains("already exists and holds another key") && err.contains(&hex::encode(made)) && err.contains(&hex::encode(backed_up)), "{err}");
    assert!(!randomness_key.exists(), "a refused restore writes no key file");
    std::fs::remove_file(&orchestrator_key)?;
    let (ok, out, err) = run_arbiter(&args(&["restore", &backup_arg, "--data-dir", &data_dir], &keys)).await?;
    assert!(ok, "restore failed:\n{out}{err}");
    assert!(out.contains("restored 0 commits of 1 matches"), "the log was all there: {out}");
    assert!(out.contains(&format!("restored the key file {}", orchestrator_key.display())), "{out}");
    assert!(out.contains(&format!("restored the key file {}", randomness_key.display())), "{out}");
    assert_eq!((std::fs::read(&orchestrator_key)?, std::fs::read(&randomness_key)?), originals, "the key files are back byte for byte");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for file in [&orchestrator_key, &randomness_key] {
            assert_eq!(std::fs::metadata(file)?.permissions().mode() & 0o777, 0o600, "{} is private", file.display());
        }
    }

    // The services restarted on the restored keys: the match goes on to its end and audits.
    system.restart_randomness().await?;
    system.start_orchestrator().await?;
    let mut client = system.client().await?;
    let mut played = 0;
    while play_one(&mut client, &live, &mut rng).await?.is_some() {
        played += 1;
    }
    assert!(played > 0, "the match was played on");
    export_and_audit(&mut client, &live).await?;
    Ok(())
}
