//! End-to-end: a history rewritten at rest by the NATS admin. The admin credential cannot lift
//! the stream's `deny_delete`/`deny_purge`, but it can delete the whole stream, create it again
//! and republish whatever it likes. Under a signed snapshot of the match's end, such a log must
//! not be served as good after a restart: `GetMatch`, `ExportMatch` and `WatchMatch` answer
//! DATA_LOSS naming the first bad version, and the scrubber reports it.

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use api::match_v1 as m;
use async_nats::jetstream;
use bytes::Bytes;
use eventlog::{EventLog, Role, StoredCommit};
use futures::StreamExt;
use tonic::Code;
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::{health_check_response::ServingStatus, HealthCheckRequest};

mod harness;

use harness::{create_and_join, play_one, Rng, System, Table};

/// The commit whose byte the rewrite changes (as in the outside test that found the gap).
const CHANGED_VERSION: u64 = 33;

/// Play a match to its end and wait for the snapshot of its last version; its length.
async fn ended_match(system: &System, seed: u64) -> Result<(Table, u64)> {
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(seed);
    while play_one(&mut client, &table, &mut rng).await?.is_some() {}
    let last = system.log_len(&table.match_id).await? as u64;
    let log = system.admin_log().await?;
    for _ in 0..100 {
        let snap = log.get_snapshot(&table.match_id).await.map_err(|e| anyhow!("{e}"))?;
        if snap.is_some_and(|s| s.version == last) {
            return Ok((table, last));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("no snapshot of the end of match {}", table.match_id)
}

/// As the NATS admin: delete the match stream, create it again with the same configuration and
/// republish `commits` (match id, stored bytes), in order.
async fn republish(system: &System, commits: Vec<(String, Bytes)>) -> Result<()> {
    let js = jetstream::new(system.nats_client(Role::Admin).await?);
    let config = js.get_stream(eventlog::STREAM).await?.info().await?.config.clone();
    js.delete_stream(eventlog::STREAM).await?;
    js.create_stream(config).await?;
    for (match_id, payload) in commits {
        js.publish(eventlog::subject(&match_id), payload).await?.await?;
    }
    Ok(())
}

fn flip_last_byte(payload: &Bytes) -> Bytes {
    let mut bytes = payload.to_vec();
    if let Some(b) = bytes.last_mut() {
        *b ^= 0x01;
    }
    Bytes::from(bytes)
}

/// The status of a call that must fail.
fn refused<T: std::fmt::Debug>(what: &str, r: Result<T, tonic::Status>) -> Result<tonic::Status> {
    match r {
        Ok(v) => bail!("{what} answered OK: {v:?}"),
        Err(status) => Ok(status),
    }
}

fn assert_data_loss_at(what: &str, status: &tonic::Status, version: u64) {
    assert_eq!(status.code(), Code::DataLoss, "{what}: {status:?}");
    assert!(status.message().contains(&format!("at version {version}:")), "{what} names version {version}: {}", status.message());
}

/// GetMatch, ExportMatch and WatchMatch of `match_id` all answer DATA_LOSS at `version`.
async fn every_read_is_data_loss(system: &System, match_id: &str, version: u64) -> Result<()> {
    let mut client = system.client().await?;
    let get = refused("GetMatch", client.get_match(m::GetMatchRequest { match_id: match_id.into(), version: 0 }).await)?;
    assert_data_loss_at("GetMatch", &get, version);
    let export = refused("ExportMatch", client.export_match(m::ExportMatchRequest { match_id: match_id.into() }).await)?;
    assert_data_loss_at("ExportMatch", &export, version);
    let watch = match client.watch_match(m::WatchMatchRequest { match_id: match_id.into(), from_version: 0 }).await {
        Err(status) => status,
        Ok(stream) => {
            let mut stream = stream.into_inner();
            let first = tokio::time::timeout(Duration::from_secs(30), stream.next()).await?;
            match first {
                Some(Err(status)) => status,
                other => bail!("WatchMatch streamed {other:?} from a rewritten log"),
            }
        }
    };
    assert_data_loss_at("WatchMatch", &watch, version);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_history_rewritten_by_the_nats_admin_is_data_loss_after_a_restart() -> Result<()> {
    let mut system = System::start().await?;
    let (changed, changed_len) = ended_match(&system, 33).await?;
    let (trimmed, _) = ended_match(&system, 34).await?;
    assert!(changed_len > CHANGED_VERSION + 1, "the match is long enough to change version {CHANGED_VERSION} ({changed_len})");

    // Before: both matches are served as they are.
    let mut client = system.client().await?;
    client.export_match(m::ExportMatchRequest { match_id: changed.match_id.clone() }).await?;

    system.kill_orchestrator().await?;
    let log = system.admin_log().await?;
    let read = |id: String| {
        let log = &log;
        async move { log.read(&id, 1).await.map_err(|e| anyhow!("{e}")) }
    };
    let first: Vec<StoredCommit> = read(changed.match_id.clone()).await?;
    let second: Vec<StoredCommit> = read(trimmed.match_id.clone()).await?;
    // One byte of commit 33 changed (its last byte, in the signature: the commit still
    // decodes), and the other match cut to its first commit.
    let mut rewritten: Vec<(String, Bytes)> = first
        .iter()
        .map(|c| {
            let payload = if c.version == CHANGED_VERSION { flip_last_byte(&c.payload) } else { c.payload.clone() };
            (changed.match_id.clone(), payload)
        })
        .collect();
    rewritten.extend(second.iter().take(1).map(|c| (trimmed.match_id.clone(), c.payload.clone())));
    republish(&system, rewritten).await?;
    assert_eq!(system.log_len(&changed.match_id).await? as u64, changed_len, "the same length, one byte changed");
    assert_eq!(system.log_len(&trimmed.match_id).await?, 1);

    // The scrubber's period in this test: it must report the rewrite within it.
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--scrub-every-s", "1"]).await?);
    every_read_is_data_loss(&system, &changed.match_id, CHANGED_VERSION).await?;
    every_read_is_data_loss(&system, &trimmed.match_id, 2).await?;
    // An earlier version, from the snapshot kept at version 64 or from the log, is refused too.
    let mut client = system.client().await?;
    let early = client.get_match(m::GetMatchRequest { match_id: changed.match_id.clone(), version: changed_len - 1 }).await;
    assert_data_loss_at("GetMatch at an earlier version", &refused("GetMatch", early)?, CHANGED_VERSION);

    // The scrubber found it on its own: its health goes NOT_SERVING within a period or two
    // (the match API itself stays SERVING: the other matches are fine).
    let channel = tonic::transport::Endpoint::from_shared(system.orchestrator_url()?)?.connect().await?;
    let mut health = HealthClient::new(channel);
    let status = |service: &str| HealthCheckRequest { service: service.into() };
    let mut scrub = ServingStatus::Serving as i32;
    for _ in 0..100 {
        scrub = health.check(status("arbiter.scrub")).await?.into_inner().status;
        if scrub == ServingStatus::NotServing as i32 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(scrub, ServingStatus::NotServing as i32, "the scrubber reports the broken log");
    let api = health.check(status("arbiter.match.v1.MatchService")).await?.into_inner().status;
    assert_eq!(api, ServingStatus::Serving as i32);

    // And so does an operator's full check, naming both matches and their first bad versions.
    let key = orchestrator::keys::load_or_create(&system.dir.path().join("orchestrator.json"))?.public_key();
    let dir = system.dir.path().display().to_string();
    let (ok, out, err) =
        harness::run_arbiter(&["verify-log", "--nats-url", &system.nats.url(), "--data-dir", &dir, "--orchestrator-public-key", &hex::encode(key)]).await?;
    assert!(!ok, "verify-log fails on a broken log: {out}{err}");
    assert!(out.contains(&format!("BROKEN match {} fails its integrity check at version {CHANGED_VERSION}:", changed.match_id)), "{out}");
    assert!(out.contains(&format!("BROKEN match {} fails its integrity check at version 2:", trimmed.match_id)), "{out}");
    assert!(out.contains("checked 2 matches"), "{out}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_log_passes_an_intact_log_and_checks_one_match() -> Result<()> {
    let system = System::start().await?;
    let (table, len) = ended_match(&system, 35).await?;
    let key = orchestrator::keys::load_or_create(&system.dir.path().join("orchestrator.json"))?.public_key();
    let dir = system.dir.path().display().to_string();
    let url = system.nats.url();
    let base = ["verify-log", "--nats-url", &url, "--data-dir", &dir, "--orchestrator-public-key"];
    let key = hex::encode(key);
    let (ok, out, err) = harness::run_arbiter(&[&base[..], &[key.as_str()]].concat()).await?;
    assert!(ok, "{out}{err}");
    assert!(out.contains(&format!("checked 1 matches ({len} commits)")) && out.contains("every one intact"), "{out}");
    let (ok, out, _) = harness::run_arbiter(&[&base[..], &[key.as_str(), "--match", &table.match_id]].concat()).await?;
    assert!(ok && out.contains("every one intact"), "{out}");
    // Another key is not this deployment's: every match is then a break at version 1.
    let other = hex::encode([0x11u8; 32]);
    let (ok, out, err) = harness::run_arbiter(&[&base[..], &[other.as_str()]].concat()).await?;
    assert!(!ok, "{out}{err}");
    assert!(out.contains("at version 1:") || err.contains("public key"), "{out}{err}");
    Ok(())
}
