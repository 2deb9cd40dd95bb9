//! The match log on a three-node JetStream cluster of real nats-server processes: three
//! replicas, and nothing acknowledged is lost when a node is SIGKILLed and restarted, then
//! another. Also: `deploy/nats-cluster.conf` is a config nats-server accepts.

use std::time::{Duration, Instant};

use bytes::Bytes;
use eventlog::{EventLog, JetStreamLog, LogError, Role, SNAPSHOT_BUCKET, STREAM};
use eventlog_dev::cluster::NatsCluster;

/// Append `payload` as the next commit, retrying while the cluster is unavailable (as the
/// orchestrator's clients would). Returns the sequence and how long it was unavailable.
async fn append_retrying(log: &JetStreamLog, match_id: &str, last: Option<u64>, version: u64, payload: Bytes) -> (u64, Duration) {
    let started = Instant::now();
    loop {
        match log.append(match_id, last, &format!("{match_id}/{version}"), payload.clone()).await {
            Ok(seq) => return (seq, started.elapsed()),
            Err(LogError::Unavailable(e)) => {
                assert!(started.elapsed() < Duration::from_secs(60), "unavailable for a minute: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("append {match_id} v{version}: {e}"),
        }
    }
}

/// Every commit of `match_id`, retrying while the cluster is unavailable (up to a minute).
async fn read_retrying(log: &JetStreamLog, match_id: &str, what: &str) -> Vec<eventlog::StoredCommit> {
    let started = Instant::now();
    loop {
        match log.read(match_id, 1).await {
            Ok(r) => return r,
            Err(e) if started.elapsed() < Duration::from_secs(60) => {
                eprintln!("{what}: {e}; retrying");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("{what}: not readable for a minute: {e}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_replicas_survive_killing_two_nodes_in_turn() {
    let mut cluster = NatsCluster::start_temp(3).await.expect("start a three-node cluster");
    assert_eq!(cluster.urls().len(), 3);
    let log = JetStreamLog::connect(&cluster.url(), 3, &cluster.auth(Role::Orchestrator)).await.expect("connect to all three nodes");

    // The stream and the snapshot bucket have three replicas.
    let admin = async_nats::jetstream::new(cluster.auth(Role::Admin).connect_options().await.unwrap().connect(cluster.urls()).await.unwrap());
    for name in [STREAM.to_string(), format!("KV_{SNAPSHOT_BUCKET}")] {
        let info = admin.get_stream(&name).await.unwrap().info().await.unwrap().clone();
        assert_eq!(info.config.num_replicas, 3, "{name}");
        let replicas = info.cluster.as_ref().map(|c| c.replicas.len()).unwrap_or(0);
        assert_eq!(replicas, 2, "{name}: a leader and two followers");
    }

    let mut acked: Vec<(String, u64, Bytes)> = Vec::new();
    let mut last: Option<u64> = None;
    let mut version = 0u64;
    let mut append = |payload: String| {
        version += 1;
        (version, Bytes::from(payload))
    };
    for round in 0..3usize {
        for i in 0..20 {
            let (v, payload) = append(format!("round {round} commit {i}"));
            let (seq, _) = append_retrying(&log, "m1", last, v, payload.clone()).await;
            last = Some(seq);
            acked.push(("m1".into(), v, payload));
        }
        if round == 2 {
            break;
        }
        // Kill a node (round 0: node 0, round 1: node 1) and keep writing while it is down.
        cluster.kill(round).expect("kill");
        for i in 0..10 {
            let (v, payload) = append(format!("round {round} while down {i}"));
            let (seq, _) = append_retrying(&log, "m1", last, v, payload.clone()).await;
            last = Some(seq);
            acked.push(("m1".into(), v, payload));
        }
        cluster.restart(round).await.expect("restart on the same store");
        cluster.wait_stream_current(STREAM, Duration::from_secs(60)).await.expect("caught up");
    }

    let read = read_retrying(&log, "m1", "after two nodes were restarted").await;
    assert_eq!(read.len(), acked.len(), "every acknowledged commit, exactly once");
    for (commit, (_, v, payload)) in read.iter().zip(&acked) {
        assert_eq!(commit.version, *v);
        assert_eq!(&commit.payload, payload);
    }

    // Each node holds the whole log: with node 2 down too (after 0 and 1 were), still complete.
    cluster.kill(2).expect("kill node 2");
    let read = read_retrying(&log, "m1", "node 2 down").await;
    assert_eq!(read.len(), acked.len());
    cluster.stop().await;
}

/// A node whose disk is lost: killed, its store deleted, started again empty; it catches up
/// from the other two, after which each of those can be down in turn and the log is complete.
/// Not in CI: in one run of four, on a machine loaded by parallel builds, the stream had no
/// leader for over a minute with node 0 down (see docs/reliability.md). Run it with
/// `cargo test -p eventlog --test cluster -- --ignored`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn a_node_whose_disk_is_lost_catches_up_from_the_others() {
    let mut cluster = NatsCluster::start_temp(3).await.expect("start a three-node cluster");
    let log = JetStreamLog::connect(&cluster.url(), 3, &cluster.auth(Role::Orchestrator)).await.expect("connect to all three nodes");
    let mut acked = Vec::new();
    let mut last = None;
    for v in 1..=30u64 {
        let payload = Bytes::from(format!("commit {v}"));
        let (seq, _) = append_retrying(&log, "m1", last, v, payload.clone()).await;
        last = Some(seq);
        acked.push(payload);
    }
    cluster.kill(2).expect("kill node 2");
    let store = cluster.store_dir(2).expect("node 2").join("jetstream");
    std::fs::remove_dir_all(&store).expect("delete node 2's store");
    cluster.restart(2).await.expect("restart node 2 on an empty store");
    cluster.wait_stream_current(STREAM, Duration::from_secs(90)).await.expect("node 2 caught up");
    for down in [0, 1] {
        cluster.kill(down).expect("kill");
        let read = read_retrying(&log, "m1", &format!("node {down} down after node 2's disk was lost")).await;
        let payloads: Vec<Bytes> = read.into_iter().map(|c| c.payload).collect();
        assert_eq!(payloads, acked, "every commit with node {down} down after node 2's disk was lost");
        cluster.restart(down).await.expect("restart");
        cluster.wait_stream_current(STREAM, Duration::from_secs(90)).await.expect("caught up");
    }
    cluster.stop().await;
}

/// nats-server accepts `deploy/nats-cluster.conf` (checked with `nats-server -t`) once the
/// variables it documents are set.
#[test]
fn the_deploy_cluster_config_is_accepted_by_nats_server() {
    let binary = eventlog_dev::server::nats_server_binary().expect("nats-server");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nats-cluster.conf");
    let mut command = std::process::Command::new(binary);
    command.arg("-t").arg("-c").arg(&path);
    command.env("ARBITER_NATS_SERVER_NAME", "\"nats-1\"");
    command.env("ARBITER_NATS_ROUTE_PASSWORD", "\"pw\"");
    for i in 1..=3 {
        command.env(format!("ARBITER_NATS_ROUTE_{i}"), format!("\"nats-route://route:pw@nats-{i}:6222\""));
    }
    for role in Role::ALL {
        let var = eventlog::auth::deploy_placeholder(role);
        command.env(var.trim_start_matches('$'), "\"$2a$06$abcdefghijklmnopqrstuu5Dt6Yt8DVr1dXu0E0bEFPTF3aQKTEH6\"");
    }
    let output = command.output().expect("run nats-server -t");
    assert!(
        output.status.success(),
        "nats-server -t refused {}:\n{}{}",
        path.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
