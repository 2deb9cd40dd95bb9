//! The per-role NATS permissions, checked against a real nats-server: each role can do what it
//! needs (the orchestrator's needs are the whole `jetstream.rs` suite, which runs as it) and is
//! refused the rest. A refusal is observed positively: the server's "Permissions Violation"
//! error for that subject, or the state left unchanged as seen by an operator.

use std::time::Duration;

use async_nats::jetstream;
use bytes::Bytes;
use eventlog::{EventLog, JetStreamLog, NatsAuth, Role, STREAM};
use eventlog_dev::server::NatsServer;
use tokio::sync::mpsc;

/// Long enough for any machine to answer an allowed call; refused calls are checked by their
/// effect, never by this timing out alone.
const PATIENCE: Duration = Duration::from_secs(30);

/// A client with `auth`, and the server errors it receives.
async fn connect_as(server: &NatsServer, auth: &NatsAuth) -> (async_nats::Client, mpsc::UnboundedReceiver<String>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let client = auth
        .connect_options()
        .await
        .expect("options")
        .event_callback(move |event| {
            let tx = tx.clone();
            async move {
                if let async_nats::Event::ServerError(e) = event {
                    let _ = tx.send(e.to_string());
                }
            }
        })
        .connect(server.url())
        .await
        .expect("connect");
    (client, rx)
}

/// Wait for the server to report a permissions violation naming `subject`.
async fn violation(errors: &mut mpsc::UnboundedReceiver<String>, subject: &str) {
    let found = tokio::time::timeout(PATIENCE, async {
        while let Some(e) = errors.recv().await {
            if e.to_lowercase().contains("permissions violation") && e.contains(subject) {
                return;
            }
        }
    })
    .await;
    assert!(found.is_ok(), "no permissions violation reported for {subject}");
}

async fn orchestrator_log(server: &NatsServer) -> JetStreamLog {
    JetStreamLog::connect(&server.url(), 1, &server.auth(Role::Orchestrator)).await.expect("orchestrator connects")
}

/// The number of messages in MATCHES, as an operator sees it.
async fn stored(server: &NatsServer) -> u64 {
    let (admin, _) = connect_as(server, &server.auth(Role::Admin)).await;
    let mut stream = jetstream::new(admin).get_stream(STREAM).await.expect("admin sees the stream");
    stream.info().await.expect("info").state.messages
}

#[tokio::test]
async fn anonymous_and_wrong_passwords_are_refused() {
    let server = NatsServer::start_temp().await.expect("start");
    let err = async_nats::connect(server.url()).await.expect_err("anonymous connect");
    assert_eq!(err.kind(), async_nats::ConnectErrorKind::AuthorizationViolation, "{err}");
    let wrong = NatsAuth::user_password("orchestrator", "not-the-password");
    let err = wrong.connect_options().await.unwrap().connect(server.url()).await.expect_err("wrong password");
    assert_eq!(err.kind(), async_nats::ConnectErrorKind::AuthorizationViolation, "{err}");
    // The password of one role does not open another.
    let swapped = NatsAuth::user_password("orchestrator", server.credentials().password(Role::Randomness));
    assert!(swapped.connect_options().await.unwrap().connect(server.url()).await.is_err());
    let err = JetStreamLog::connect(&server.url(), 1, &Default::default()).await.expect_err("log without credentials");
    assert!(err.to_string().contains("credentials"), "{err}");
}

#[tokio::test]
async fn orchestrator_cannot_change_or_delete_the_stream() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = orchestrator_log(&server).await;
    log.append("p-1", None, "p-1/1", Bytes::from_static(b"x")).await.expect("append");

    let (client, mut errors) = connect_as(&server, &server.auth(Role::Orchestrator)).await;
    let mut js = jetstream::new(client);
    js.set_timeout(Duration::from_secs(2));
    let mut config = js.get_stream(STREAM).await.expect("info is allowed").cached_info().config.clone();
    config.deny_purge = false;
    assert!(js.update_stream(config).await.is_err(), "update refused");
    violation(&mut errors, "$JS.API.STREAM.UPDATE.MATCHES").await;
    assert!(js.delete_stream(STREAM).await.is_err(), "delete refused");
    violation(&mut errors, "$JS.API.STREAM.DELETE.MATCHES").await;
    assert!(js.delete_key_value(eventlog::SNAPSHOT_BUCKET).await.is_err(), "bucket delete refused");
    violation(&mut errors, "$JS.API.STREAM.DELETE.KV_MATCH_SNAPSHOTS").await;

    let (admin, _) = connect_as(&server, &server.auth(Role::Admin)).await;
    let mut stream = jetstream::new(admin).get_stream(STREAM).await.expect("still there");
    assert!(stream.info().await.expect("info").config.deny_purge, "unchanged");
    assert_eq!(log.read("p-1", 0).await.expect("read").len(), 1);
}

#[tokio::test]
async fn randomness_reads_the_log_and_nothing_else() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = orchestrator_log(&server).await;
    let s1 = log.append("r-1", None, "r-1/1", Bytes::from_static(b"one")).await.expect("append");
    let s2 = log.append("r-1", Some(s1), "r-1/2", Bytes::from_static(b"two")).await.expect("append");
    log.append("other", None, "other/1", Bytes::from_static(b"o")).await.expect("append");

    // What it needs: read and read_after, with its own credentials.
    let reader = JetStreamLog::connect_reader(&server.url(), &server.auth(Role::Randomness)).await.expect("reader");
    assert_eq!(reader.read("r-1", 0).await.expect("read"), log.read("r-1", 0).await.expect("read"));
    let after = reader.read_after("r-1", s1, 2).await.expect("read_after");
    assert_eq!((after.len(), after[0].version, after[0].sequence), (1, 2, s2));
    assert!(reader.read("nothing", 0).await.expect("unknown match").is_empty());
    assert_eq!(reader.last_commit("r-1").await.expect("last"), Some((s2, Bytes::from_static(b"two"))));
    assert_eq!(reader.last_commit("nothing").await.expect("unknown match"), None);
    assert!(reader.append("r-1", Some(s2), "r-1/3", Bytes::from_static(b"3")).await.is_err());

    // What it must not: publish commits, with or without JetStream.
    let before = stored(&server).await;
    let (client, mut errors) = connect_as(&server, &server.auth(Role::Randomness)).await;
    client.publish("match.r-1.events", Bytes::from_static(b"forged")).await.expect("send");
    client.flush().await.expect("flush");
    violation(&mut errors, "match.r-1.events").await;
    let mut js = jetstream::new(client.clone());
    js.set_timeout(Duration::from_secs(2));
    assert!(js.publish("match.r-2.events", Bytes::from_static(b"forged")).await.expect("sent").await.is_err());
    violation(&mut errors, "match.r-2.events").await;
    assert_eq!(stored(&server).await, before, "nothing was stored");
    assert_eq!(log.read("r-1", 0).await.expect("read").len(), 2);

    // Nor create consumers, change the stream, or touch snapshots.
    assert!(js.get_stream(STREAM).await.is_err(), "no stream info");
    violation(&mut errors, "$JS.API.STREAM.INFO.MATCHES").await;
    let stream = js.get_stream_no_info(STREAM).await.expect("a handle");
    let consumer = stream.create_consumer(jetstream::consumer::pull::Config::default()).await;
    assert!(consumer.is_err(), "no consumer");
    violation(&mut errors, "$JS.API.CONSUMER.CREATE.MATCHES").await;
    client.publish("$KV.MATCH_SNAPSHOTS.r-1", Bytes::from_static(b"x")).await.expect("send");
    violation(&mut errors, "$KV.MATCH_SNAPSHOTS.r-1").await;

    // Nor listen to commits live, or to the orchestrator's replies.
    let _sub = client.subscribe("match.>").await.expect("sent");
    violation(&mut errors, "match.>").await;
    let _sub = client.subscribe("_INBOX_orchestrator.>").await.expect("sent");
    violation(&mut errors, "_INBOX_orchestrator.>").await;
    let _sub = client.subscribe("_INBOX.>").await.expect("sent");
    violation(&mut errors, "_INBOX.>").await;
}

#[tokio::test]
async fn feed_reads_feed_only() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = orchestrator_log(&server).await;
    log.append("f-1", None, "f-1/1", Bytes::from_static(b"secret")).await.expect("append");
    // An operator creates the FEED stream (the feed projector will, with its own role).
    let (admin, _) = connect_as(&server, &server.auth(Role::Admin)).await;
    let admin_js = jetstream::new(admin);
    admin_js
        .create_stream(jetstream::stream::Config { name: eventlog::auth::FEED_STREAM.into(), subjects: vec!["feed.>".into()], ..Default::default() })
        .await
        .expect("create FEED");
    admin_js.publish("feed.m1", Bytes::from_static(b"public")).await.expect("publish").await.expect("ack");

    let (client, mut errors) = connect_as(&server, &server.auth(Role::Feed)).await;
    let mut js = jetstream::new(client.clone());
    js.set_timeout(Duration::from_secs(2));

    // FEED: info and a consumer work.
    let stream = js.get_stream(eventlog::auth::FEED_STREAM).await.expect("feed sees FEED");
    let consumer = stream.create_consumer(jetstream::consumer::pull::OrderedConfig::default()).await.expect("feed consumes FEED");
    use futures::StreamExt;
    let mut messages = consumer.messages().await.expect("messages");
    let first = tokio::time::timeout(PATIENCE, messages.next()).await.expect("a message").expect("some").expect("ok");
    assert_eq!(first.payload, Bytes::from_static(b"public"));

    // MATCHES: nothing.
    assert!(js.get_stream(STREAM).await.is_err());
    violation(&mut errors, "$JS.API.STREAM.INFO.MATCHES").await;
    let matches = js.get_stream_no_info(STREAM).await.expect("a handle");
    assert!(matches.direct_get_last_for_subject("match.f-1.events").await.is_err());
    violation(&mut errors, "$JS.API.DIRECT.GET.MATCHES").await;
    assert!(matches.create_consumer(jetstream::consumer::pull::OrderedConfig::default()).await.is_err());
    violation(&mut errors, "$JS.API.CONSUMER.CREATE.MATCHES").await;
    let reader = JetStreamLog::connect_reader(&server.url(), &server.auth(Role::Feed)).await.expect("connects");
    assert!(reader.read("f-1", 0).await.is_err(), "feed cannot read a match log");
    let _sub = client.subscribe("match.>").await.expect("sent");
    violation(&mut errors, "match.>").await;
    let _sub = client.subscribe("_INBOX_orchestrator.>").await.expect("sent");
    violation(&mut errors, "_INBOX_orchestrator.>").await;
    // Nor write anything.
    let before = stored(&server).await;
    client.publish("match.f-1.events", Bytes::from_static(b"forged")).await.expect("send");
    violation(&mut errors, "match.f-1.events").await;
    assert_eq!(stored(&server).await, before);
}

#[tokio::test]
async fn projector_reads_matches_and_writes_feed_only() {
    use futures::StreamExt;
    let server = NatsServer::start_temp().await.expect("start");
    let log = orchestrator_log(&server).await;
    log.append("q-1", None, "q-1/1", Bytes::from_static(b"commit")).await.expect("append");

    let (client, mut errors) = connect_as(&server, &server.auth(Role::Projector)).await;
    let mut js = jetstream::new(client.clone());
    js.set_timeout(Duration::from_secs(2));
    // What it needs: create FEED, publish to it, read a subject's last message back.
    let feed = js
        .get_or_create_stream(jetstream::stream::Config {
            name: eventlog::auth::FEED_STREAM.into(),
            subjects: vec![eventlog::auth::FEED_SUBJECTS.into()],
            allow_direct: true,
            ..Default::default()
        })
        .await
        .expect("projector creates FEED");
    js.publish("feed._.q-1.events", Bytes::from_static(b"view")).await.expect("publish").await.expect("ack");
    let last = feed.direct_get_last_for_subject("feed._.q-1.events").await.expect("direct get FEED");
    assert_eq!(last.payload, Bytes::from_static(b"view"));
    // Read MATCHES with an ordered consumer.
    let matches = js.get_stream_no_info(STREAM).await.expect("a handle");
    let consumer = matches
        .create_consumer(jetstream::consumer::pull::OrderedConfig { filter_subject: eventlog::STREAM_SUBJECTS.into(), ..Default::default() })
        .await
        .expect("projector consumes MATCHES");
    let mut messages = consumer.messages().await.expect("messages");
    let first = tokio::time::timeout(PATIENCE, messages.next()).await.expect("a commit").expect("some").expect("ok");
    assert_eq!(first.payload, Bytes::from_static(b"commit"));
    // What the feed projector does through the log's one follower (eventlog::follow): learn
    // the layout, list the streams, follow one (issue 36, item 1).
    let follower = JetStreamLog::connect_follower(&server.url(), &server.auth(Role::Projector), "test-follower").await.expect("follower");
    assert_eq!(follower.log_streams().await.expect("streams"), vec![STREAM.to_string()]);
    let mut followed = follower.follow(STREAM, 1).await.expect("follow");
    let first = tokio::time::timeout(PATIENCE, followed.next()).await.expect("a commit").expect("some").expect("ok");
    assert_eq!((first.match_id.as_str(), first.payload), ("q-1", Bytes::from_static(b"commit")));

    // What it must not: write the log, change or delete FEED or MATCHES, touch snapshots.
    let before = stored(&server).await;
    assert!(js.publish("match.q-1.events", Bytes::from_static(b"forged")).await.expect("sent").await.is_err());
    violation(&mut errors, "match.q-1.events").await;
    assert_eq!(stored(&server).await, before, "nothing was appended");
    assert!(js.delete_stream(eventlog::auth::FEED_STREAM).await.is_err(), "FEED delete refused");
    violation(&mut errors, "$JS.API.STREAM.DELETE.FEED").await;
    assert!(js.delete_stream(STREAM).await.is_err(), "MATCHES delete refused");
    violation(&mut errors, "$JS.API.STREAM.DELETE.MATCHES").await;
    client.publish("$KV.MATCH_SNAPSHOTS.q-1", Bytes::from_static(b"x")).await.expect("send");
    violation(&mut errors, "$KV.MATCH_SNAPSHOTS.q-1").await;
    let _sub = client.subscribe("_INBOX_orchestrator.>").await.expect("sent");
    violation(&mut errors, "_INBOX_orchestrator.>").await;
}

#[tokio::test]
async fn the_orchestrator_inbox_is_its_own() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = orchestrator_log(&server).await;
    log.append("i-1", None, "i-1/1", Bytes::from_static(b"x")).await.expect("append");
    // The orchestrator's replies go to its own prefix, which it may read.
    assert_eq!(server.auth(Role::Orchestrator).effective_inbox_prefix().as_deref(), Some("_INBOX_orchestrator"));
    // With the default prefix, even the orchestrator is refused: it never uses `_INBOX`.
    let mut auth = server.auth(Role::Orchestrator);
    auth.inbox_prefix = Some("_INBOX".into());
    let (client, mut errors) = connect_as(&server, &auth).await;
    let _sub = client.subscribe("_INBOX.x").await.expect("sent");
    violation(&mut errors, "_INBOX.x").await;
    // Another role claiming the orchestrator's prefix is refused too.
    let mut auth = server.auth(Role::Randomness);
    auth.inbox_prefix = Some("_INBOX_orchestrator".into());
    let reader = JetStreamLog::connect_reader(&server.url(), &auth).await.expect("connects");
    assert!(reader.read("i-1", 0).await.is_err(), "its replies would land in a refused inbox");
}

/// `deploy/nats-single.conf`, with the hashes given as environment variables as its comment
/// says, admits each role with its password and nobody anonymous.
#[tokio::test]
async fn the_deploy_config_works_as_documented() {
    let dir = tempfile::tempdir().expect("tempdir");
    let creds = eventlog::NatsCredentials::load_or_create(&dir.path().join("secrets")).expect("credentials");
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/nats-single.conf"))
        .expect("deploy config")
        .replace("listen: 127.0.0.1:4222", &format!("listen: 127.0.0.1:{port}"))
        .replace("\".arbiter/nats\"", &format!("{:?}", dir.path().join("store").display().to_string()));
    let config = dir.path().join("nats.conf");
    std::fs::write(&config, text).expect("write config");
    let binary = eventlog_dev::server::nats_server_binary().expect("nats-server");
    let mut command = std::process::Command::new(binary);
    let server_log = dir.path().join("nats.log");
    let log_file = std::fs::File::create(&server_log).expect("log file");
    command.arg("-c").arg(&config).stdout(std::process::Stdio::null()).stderr(log_file);
    for role in Role::ALL {
        let hash = bcrypt::hash(creds.password(role), 6).expect("hash");
        // nats-server parses a variable's value as config: the hash must be quoted.
        command.env(eventlog::auth::deploy_placeholder(role).trim_start_matches('$'), format!("\"{hash}\""));
    }
    struct Kill(std::process::Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let _server = Kill(command.spawn().expect("spawn nats-server"));
    let url = format!("nats://127.0.0.1:{port}");
    let log = tokio::time::timeout(PATIENCE, async {
        loop {
            if let Ok(log) = JetStreamLog::connect(&url, 1, &creds.auth(Role::Orchestrator)).await {
                return log;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
    .unwrap_or_else(|_| {
        panic!("the orchestrator cannot connect to a server run from deploy/nats-single.conf:\n{}", std::fs::read_to_string(&server_log).unwrap_or_default())
    });
    log.append("d-1", None, "d-1/1", Bytes::from_static(b"x")).await.expect("append");
    let reader = JetStreamLog::connect_reader(&url, &creds.auth(Role::Randomness)).await.expect("reader");
    assert_eq!(reader.read("d-1", 0).await.expect("read").len(), 1);
    assert!(async_nats::connect(url.clone()).await.is_err(), "anonymous refused");
}

/// The match index (`MATCH_INDEX`) is the orchestrator's alone: it writes it with an expected
/// revision, reads and watches it; no other role may write or read it (a forged entry could
/// hide a match from a listing or list one that is not there).
#[tokio::test]
async fn only_the_orchestrator_writes_and_reads_the_match_index() {
    use futures::StreamExt;
    let server = NatsServer::start_temp().await.expect("start");
    let log = orchestrator_log(&server).await;
    let revision = log.index_put("x-1", Bytes::from_static(b"entry"), 0).await.expect("orchestrator creates an entry");
    assert!(matches!(log.index_put("x-1", Bytes::from_static(b"stale"), 0).await, Err(eventlog::LogError::Conflict { .. })));
    log.index_put("x-1", Bytes::from_static(b"entry 2"), revision).await.expect("orchestrator updates at its revision");
    assert_eq!(log.index_get("x-1").await.expect("get").map(|(_, v)| v), Some(Bytes::from_static(b"entry 2")));
    let mut watch = log.index_watch().await.expect("orchestrator watches");
    let first = tokio::time::timeout(PATIENCE, watch.next()).await.expect("an entry").expect("some").expect("ok");
    assert!(matches!(first, eventlog::IndexEvent::Entry { ref key, .. } if key == "x-1"), "{first:?}");

    let subject = format!("$KV.{}.x-1", eventlog::INDEX_BUCKET);
    let index_stream = format!("KV_{}", eventlog::INDEX_BUCKET);
    for role in [Role::Randomness, Role::Projector, Role::Feed] {
        let (client, mut errors) = connect_as(&server, &server.auth(role)).await;
        client.publish(subject.clone(), Bytes::from_static(b"forged")).await.expect("send");
        violation(&mut errors, &subject).await;
        let mut js = jetstream::new(client.clone());
        js.set_timeout(Duration::from_secs(2));
        let kv_stream = js.get_stream_no_info(&index_stream).await.expect("a handle");
        assert!(kv_stream.direct_get_last_for_subject(&subject).await.is_err(), "{role} reads the index");
        violation(&mut errors, &format!("$JS.API.DIRECT.GET.{index_stream}")).await;
    }
    assert_eq!(log.index_get("x-1").await.expect("get").map(|(_, v)| v), Some(Bytes::from_static(b"entry 2")), "no other role changed the entry");
}

/// The archive bucket (`MATCH_ARCHIVE`) is written and read by the orchestrator alone (its
/// archiver and read path), which may not purge it; no other role may write, delete or read an
/// archive. Its objects round-trip whole, and a put replaces the object.
#[tokio::test]
async fn only_the_orchestrator_writes_the_archive_and_nobody_purges_it() {
    use eventlog::{Archive, JetStreamArchive, ARCHIVE_BUCKET};
    let server = NatsServer::start_temp().await.expect("start");
    let log = orchestrator_log(&server).await;
    let archive = JetStreamArchive::open(&log, 1).await.expect("the orchestrator creates the bucket");
    assert_eq!(archive.get("a-1").await.expect("get"), None);
    // Larger than one chunk (128 KiB), to read several.
    let big = Bytes::from((0..300_000u32).map(|i| (i % 251) as u8).collect::<Vec<u8>>());
    archive.put("a-1", Bytes::from_static(b"first")).await.expect("put");
    archive.put("a-1", big.clone()).await.expect("a put replaces the object (its old chunks stay: no purge right)");
    assert_eq!(archive.get("a-1").await.expect("get"), Some(big.clone()));

    let archive_stream = format!("OBJ_{ARCHIVE_BUCKET}");
    let (client, mut errors) = connect_as(&server, &server.auth(Role::Orchestrator)).await;
    let purge = format!("$JS.API.STREAM.PURGE.{archive_stream}");
    client.publish(purge.clone(), Bytes::from_static(b"{}")).await.expect("send");
    violation(&mut errors, &purge).await;

    let meta = format!("$O.{ARCHIVE_BUCKET}.M.YS0x");
    for role in [Role::Randomness, Role::Projector, Role::Feed] {
        let (client, mut errors) = connect_as(&server, &server.auth(role)).await;
        client.publish(meta.clone(), Bytes::from_static(b"{\"deleted\":true}")).await.expect("send");
        violation(&mut errors, &meta).await;
        client.publish(purge.clone(), Bytes::from_static(b"{}")).await.expect("send");
        violation(&mut errors, &purge).await;
        let mut js = jetstream::new(client.clone());
        js.set_timeout(Duration::from_secs(2));
        let stream = js.get_stream_no_info(&archive_stream).await.expect("a handle");
        assert!(stream.direct_get_last_for_subject(&meta).await.is_err(), "{role} reads an archive");
    }
    assert_eq!(archive.get("a-1").await.expect("get"), Some(big), "no other role changed or removed the archive");
}

/// A partitioned log's streams (`MATCHES_P<k>`) and its layout record (`MATCHES_LAYOUT`) are
/// guarded as MATCHES is: no service may change, delete or purge them; the randomness reader
/// only reads, the projector only consumes, and neither writes a partition subject.
#[tokio::test]
async fn partition_streams_and_the_layout_record_are_guarded_as_matches() {
    use eventlog::{Layout, LAYOUT_STREAM};
    let server = NatsServer::start_temp().await.expect("start");
    let log = JetStreamLog::connect_partitioned(&server.url(), 1, 4, &server.auth(Role::Orchestrator)).await.expect("partitioned");
    log.append("pp-1", None, "pp-1/1", Bytes::from_static(b"commit")).await.expect("append");
    let layout = Layout::new(4).expect("layout");
    let name = layout.stream(layout.partition_of("pp-1"));
    let subject = layout.subject("pp-1");
    let (admin, _) = connect_as(&server, &server.auth(Role::Admin)).await;
    let admin = jetstream::new(admin);
    let count = || async { admin.get_stream(&name).await.expect("admin sees it").info().await.expect("info").state.messages };
    assert_eq!(count().await, 1);

    // The orchestrator: neither update, delete nor purge a partition stream or the record.
    let (client, mut errors) = connect_as(&server, &server.auth(Role::Orchestrator)).await;
    let mut js = jetstream::new(client);
    js.set_timeout(Duration::from_secs(2));
    let stream = js.get_stream(&name).await.expect("info is allowed");
    let mut config = stream.cached_info().config.clone();
    config.deny_purge = false;
    assert!(js.update_stream(config).await.is_err(), "update refused");
    violation(&mut errors, &format!("$JS.API.STREAM.UPDATE.{name}")).await;
    assert!(stream.purge().await.is_err(), "purge refused");
    violation(&mut errors, &format!("$JS.API.STREAM.PURGE.{name}")).await;
    assert!(js.delete_stream(&name).await.is_err(), "delete refused");
    violation(&mut errors, &format!("$JS.API.STREAM.DELETE.{name}")).await;
    assert!(js.delete_stream(LAYOUT_STREAM).await.is_err(), "record delete refused");
    violation(&mut errors, &format!("$JS.API.STREAM.DELETE.{LAYOUT_STREAM}")).await;

    // The randomness reader reads it, and may do nothing else with it.
    let reader = JetStreamLog::connect_reader(&server.url(), &server.auth(Role::Randomness)).await.expect("reader");
    assert_eq!(reader.read("pp-1", 0).await.expect("read").len(), 1);
    let (client, mut errors) = connect_as(&server, &server.auth(Role::Randomness)).await;
    let mut js = jetstream::new(client.clone());
    js.set_timeout(Duration::from_secs(2));
    assert!(js.publish(subject.clone(), Bytes::from_static(b"forged")).await.expect("sent").await.is_err());
    violation(&mut errors, &subject).await;
    assert!(js.get_stream(&name).await.is_err(), "no stream info");
    violation(&mut errors, &format!("$JS.API.STREAM.INFO.{name}")).await;
    let handle = js.get_stream_no_info(&name).await.expect("a handle");
    assert!(handle.create_consumer(jetstream::consumer::pull::OrderedConfig::default()).await.is_err(), "no consumer");
    violation(&mut errors, &format!("$JS.API.CONSUMER.CREATE.{name}")).await;

    // The projector consumes it, and neither writes nor deletes it.
    let (client, mut errors) = connect_as(&server, &server.auth(Role::Projector)).await;
    let mut js = jetstream::new(client);
    js.set_timeout(Duration::from_secs(2));
    let handle = js.get_stream_no_info(&name).await.expect("a handle");
    let consumer = handle
        .create_consumer(jetstream::consumer::pull::OrderedConfig { filter_subject: layout.filter(layout.partition_of("pp-1")), ..Default::default() })
        .await
        .expect("projector consumes a partition");
    use futures::StreamExt;
    let mut messages = consumer.messages().await.expect("messages");
    let first = tokio::time::timeout(PATIENCE, messages.next()).await.expect("a commit").expect("some").expect("ok");
    assert_eq!(first.payload, Bytes::from_static(b"commit"));
    assert!(js.publish(subject.clone(), Bytes::from_static(b"forged")).await.expect("sent").await.is_err());
    violation(&mut errors, &subject).await;
    assert!(js.delete_stream(&name).await.is_err(), "delete refused");
    violation(&mut errors, &format!("$JS.API.STREAM.DELETE.{name}")).await;
    assert_eq!(count().await, 1, "nothing was written or removed");
}
