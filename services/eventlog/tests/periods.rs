//! A match log with periods (`eventlog::Layout`, `Periods`) against a real nats-server: each
//! match in its period's stream, found from its id alone by every path; new matches only in
//! the present; no commit past the maximum age; and the `archiver` role, the only one that may
//! delete a stream, and only a period stream (docs/architecture.md, "Leaving the hot log").

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use async_nats::jetstream;
use bytes::Bytes;
use eventlog::layout::new_period_id;
use eventlog::{EventLog, JetStreamLog, Layout, LogError, Periods, Role, StreamDeleter};
use eventlog_dev::server::NatsServer;
use futures::StreamExt;
use tokio::sync::mpsc;

/// One-second periods, a match takes moves for two seconds.
const PERIODS: Periods = Periods { length_s: 1, max_match_age_s: 2 };

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970").as_millis() as u64
}

/// An id the orchestrator would have made `ago_ms` ago.
fn id_made(ago_ms: u64, n: u8) -> String {
    new_period_id(now_ms() - ago_ms, [n; 16])
}

async fn with_periods(server: &NatsServer, partitions: usize) -> JetStreamLog {
    with(server, partitions, PERIODS).await
}

async fn with(server: &NatsServer, partitions: usize, periods: Periods) -> JetStreamLog {
    let layout = Layout::with_periods(partitions, Some(periods)).expect("layout");
    JetStreamLog::connect_with_layout(&server.url(), 1, layout, &server.auth(Role::Orchestrator)).await.expect("connect with periods")
}

async fn admin(server: &NatsServer) -> jetstream::Context {
    let client = server.auth(Role::Admin).connect_options().await.expect("options").connect(server.url()).await.expect("admin");
    jetstream::new(client)
}

#[tokio::test]
async fn matches_go_to_their_periods_streams_and_read_back_from_the_id_alone() {
    let server = NatsServer::start_temp().await.expect("start");
    // One-second periods; a minute of moves.
    let log = with(&server, 1, Periods { length_s: 1, max_match_age_s: 60 }).await;
    let layout = EventLog::layout(&log);
    // Two matches made five seconds apart: two periods, two streams.
    let (old, new) = (id_made(5_000, 1), id_made(0, 2));
    for id in [&old, &new] {
        let first = log.append(id, None, &format!("{id}/1"), Bytes::from(format!("{id} one"))).await.expect("append");
        log.append(id, Some(first), &format!("{id}/2"), Bytes::from(format!("{id} two"))).await.expect("append");
    }
    let streams = log.log_streams().await.expect("listed");
    let (old_stream, _) = layout.place(&old).expect("placed");
    let (new_stream, _) = layout.place(&new).expect("placed");
    assert_ne!(old_stream, new_stream);
    assert_eq!(streams, vec![old_stream.clone(), new_stream.clone()], "by period");
    let js = admin(&server).await;
    assert!(js.get_stream(eventlog::STREAM).await.is_err(), "no legacy stream in a log with periods");
    let info = js.get_stream(&old_stream).await.expect("stream").info().await.expect("info").clone();
    assert!(info.config.deny_delete && info.config.deny_purge, "as immutable as MATCHES");
    assert_eq!(info.state.messages, 2);

    for id in [&old, &new] {
        assert_eq!(log.read(id, 1).await.expect("read").len(), 2);
    }
    let listed: Vec<String> = log.last_commits().await.expect("listing").into_iter().map(|(id, _, _)| id).collect();
    assert_eq!(listed, vec![old.clone(), new.clone()]);
    let mut follow = log.follow(&old_stream, 1).await.expect("follow");
    let first = tokio::time::timeout(Duration::from_secs(20), follow.next()).await.expect("in time").expect("some").expect("ok");
    assert_eq!(first.match_id, old);
    // The randomness reader finds the layout in the record and reads by direct get.
    let reader = JetStreamLog::connect_reader(&server.url(), &server.auth(Role::Randomness)).await.expect("reader");
    assert_eq!(reader.layout().await.expect("layout"), layout);
    assert!(reader.holds_commits().await.expect("holds"), "what a service without its key file asks");
    assert_eq!(reader.read(&new, 1).await.expect("reader read"), log.read(&new, 1).await.expect("read"));
    // A match of a period with no stream reads as unknown, to both.
    let nobody = id_made(30_000, 3);
    assert!(log.read(&nobody, 1).await.expect("read").is_empty());
    assert!(reader.read(&nobody, 1).await.expect("reader read").is_empty());
    assert!(log.last_commit(&nobody).await.expect("last").is_none());
}

#[tokio::test]
async fn no_new_match_in_an_old_period_and_no_commit_past_the_maximum_age() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = with_periods(&server, 2).await;
    // An id made long ago (or not by the orchestrator) cannot start a match.
    let stale = id_made(10 * 60_000, 4);
    let err = log.append(&stale, None, "s/1", Bytes::from_static(b"x")).await.expect_err("an old period");
    assert!(matches!(err, LogError::Refused(_)), "{err}");
    let err = log.append("m-1", None, "m/1", Bytes::from_static(b"x")).await.expect_err("not a period id");
    assert!(matches!(err, LogError::InvalidMatchId(_)), "{err}");
    // A match made five seconds ago is past its two seconds (and their grace of as much).
    let aged = id_made(5_000, 5);
    let first = log.append(&aged, None, "a/1", Bytes::from_static(b"one")).await.expect("within the grace of a new match");
    let err = log.append(&aged, Some(first), "a/2", Bytes::from_static(b"two")).await.expect_err("too old");
    assert!(matches!(err, LogError::Refused(_)), "{err}");
    assert_eq!(log.read(&aged, 1).await.expect("read").len(), 1);
}

#[tokio::test]
async fn the_periods_are_fixed_by_the_log() {
    let server = NatsServer::start_temp().await.expect("start");
    let _log = with_periods(&server, 1).await;
    let other = Layout::with_periods(1, Some(Periods { length_s: 7, max_match_age_s: 2 })).expect("layout");
    for wrong in [other, Layout::LEGACY, Layout::new(2).expect("layout")] {
        let err = JetStreamLog::connect_with_layout(&server.url(), 1, wrong, &server.auth(Role::Orchestrator)).await.expect_err("refused");
        assert!(err.to_string().contains("--period 1s --max-match-age 2s"), "{err}");
    }
    let adopted = JetStreamLog::connect(&server.url(), 1, &server.auth(Role::Orchestrator)).await.expect("adopts the record");
    assert_eq!(EventLog::layout(&adopted).periods(), Some(PERIODS));
    // A legacy log refuses periods.
    let legacy_server = NatsServer::start_temp().await.expect("start");
    let legacy = JetStreamLog::connect(&legacy_server.url(), 1, &legacy_server.auth(Role::Orchestrator)).await.expect("legacy");
    legacy.append("old-1", None, "old-1/1", Bytes::from_static(b"x")).await.expect("append");
    let periods = Layout::with_periods(1, Some(PERIODS)).expect("layout");
    let err = JetStreamLog::connect_with_layout(&legacy_server.url(), 1, periods, &legacy_server.auth(Role::Orchestrator))
        .await
        .expect_err("a legacy log refuses periods");
    assert!(err.to_string().contains("no --period"), "{err}");
}

/// A client with `auth`, and the server errors it receives.
async fn connect_as(server: &NatsServer, role: Role) -> (jetstream::Context, mpsc::UnboundedReceiver<String>) {
    let (client, rx) = client_as(server, role).await;
    let mut js = jetstream::new(client);
    js.set_timeout(Duration::from_secs(2));
    (js, rx)
}

/// A plain client with `role`'s credential, and the server errors it receives.
async fn client_as(server: &NatsServer, role: Role) -> (async_nats::Client, mpsc::UnboundedReceiver<String>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let client = server
        .auth(role)
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
    let found = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(e) = errors.recv().await {
            if e.to_lowercase().contains("permissions violation") && e.contains(subject) {
                return;
            }
        }
    })
    .await;
    assert!(found.is_ok(), "no permissions violation reported for {subject}");
}

/// Only the `archiver` may delete a stream, and only a period stream: it is refused MATCHES,
/// the partition streams, the layout record, the feed and every bucket; the orchestrator and
/// every other role may delete none (docs/security.md).
#[tokio::test]
async fn only_the_archiver_deletes_and_only_period_streams() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = with_periods(&server, 1).await;
    let id = id_made(0, 6);
    log.append(&id, None, "p/1", Bytes::from_static(b"commit")).await.expect("append");
    let (period_stream, _) = EventLog::layout(&log).place(&id).expect("placed");
    eventlog::JetStreamArchive::open(&log, 1).await.expect("the archive bucket");
    // The other streams a deployment has, made as an operator would (or the services do).
    let js = admin(&server).await;
    for (name, subject) in [("MATCHES", "match.*.events"), ("MATCHES_P0", "match.p0.*.events"), ("FEED", "feed.>")] {
        js.create_stream(jetstream::stream::Config { name: name.into(), subjects: vec![subject.into()], ..Default::default() }).await.expect("create");
    }
    let protected = ["MATCHES", "MATCHES_P0", "FEED", "KV_MATCH_SNAPSHOTS", "KV_MATCH_INDEX", "OBJ_MATCH_ARCHIVE", "MATCHES_LAYOUT"];
    for name in protected {
        js.get_stream(name).await.unwrap_or_else(|e| panic!("{name} exists: {e}"));
    }

    for role in [Role::Orchestrator, Role::Randomness, Role::Projector, Role::Feed] {
        let (client, mut errors) = connect_as(&server, role).await;
        for name in [period_stream.as_str(), "MATCHES", "OBJ_MATCH_ARCHIVE"] {
            assert!(client.delete_stream(name).await.is_err(), "{role} deletes {name}");
            violation(&mut errors, &format!("$JS.API.STREAM.DELETE.{name}")).await;
        }
    }
    let (archiver, mut errors) = connect_as(&server, Role::Archiver).await;
    for name in protected {
        assert!(archiver.delete_stream(name).await.is_err(), "the archiver deletes {name}");
        violation(&mut errors, &format!("$JS.API.STREAM.DELETE.{name}")).await;
    }
    // Nor may it read, append or consume.
    assert!(archiver.publish(format!("match.x.{id}.events"), Bytes::from_static(b"forged")).await.expect("sent").await.is_err());
    violation(&mut errors, "match.").await;
    for name in protected {
        js.get_stream(name).await.unwrap_or_else(|e| panic!("{name} is still there: {e}"));
    }

    // Through `StreamDeleter`, which also refuses any name that is not a period stream.
    let deleter = StreamDeleter::connect(&server.url(), &server.auth(Role::Archiver)).await.expect("archiver");
    let layout = EventLog::layout(&log);
    let err = deleter.delete_period_stream(&layout, "MATCHES_LAYOUT").await.expect_err("not a period stream");
    assert!(matches!(err, LogError::Refused(_)), "{err}");
    deleter.delete_period_stream(&layout, &period_stream).await.expect("the archiver deletes a period stream");
    assert!(js.get_stream(&period_stream).await.is_err(), "gone");
    assert!(log.read(&id, 1).await.expect("read").is_empty(), "its matches are no longer in the hot log");
    assert!(log.log_streams().await.expect("listed").is_empty());
}

/// The archive job (`arbiter archive`) decides with the `archiver` role's reads alone: the
/// layout record, the stream names and sizes, a watch of the match index and the archives. It
/// still may not write the log, the index or the archive bucket, create or purge a stream, or
/// read a period stream's commits; and a credential without its delete right is told why.
#[tokio::test]
async fn the_archiver_reads_what_the_archive_job_needs_and_writes_nothing() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = with_periods(&server, 1).await;
    let id = id_made(0, 7);
    log.append(&id, None, "a/1", Bytes::from_static(b"commit")).await.expect("append");
    let layout = EventLog::layout(&log);
    let (period_stream, _) = layout.place(&id).expect("placed");
    log.index_put(&id, Bytes::from_static(b"{\"entry\":1}"), 0).await.expect("an index entry");
    let bucket = eventlog::JetStreamArchive::open(&log, 1).await.expect("the archive bucket");
    eventlog::Archive::put(&bucket, &id, Bytes::from_static(b"sealed")).await.expect("an archive");

    // What it reads.
    let job =
        JetStreamLog::connect_archive_reader(&server.url(), &server.auth(Role::Archiver)).await.expect("the archiver reads the layout and opens the index");
    assert_eq!(EventLog::layout(&job), layout);
    assert_eq!(job.log_streams().await.expect("stream names"), vec![period_stream.clone()]);
    let (messages, bytes) = job.stream_size(&period_stream).await.expect("stream info").expect("the stream exists");
    assert_eq!(messages, 1);
    assert!(bytes > 0);
    let mut watch = job.index_watch().await.expect("a watch of the index");
    let mut seen = Vec::new();
    while let Some(event) = tokio::time::timeout(Duration::from_secs(30), watch.next()).await.expect("the watch answers") {
        match event.expect("an index event") {
            eventlog::IndexEvent::Entry { key, value, .. } => seen.push((key, value)),
            eventlog::IndexEvent::CaughtUp => break,
        }
    }
    assert_eq!(seen, vec![(id.clone(), Bytes::from_static(b"{\"entry\":1}"))]);
    drop(watch);
    let archives = eventlog::JetStreamArchive::open_read_only(&job).await.expect("the archive bucket, read-only");
    assert_eq!(eventlog::Archive::get(&archives, &id).await.expect("read"), Some(Bytes::from_static(b"sealed")));

    // What it does not write, refused by this code before NATS is asked.
    assert!(job.append(&id, Some(1), "a/2", Bytes::from_static(b"forged")).await.is_err());
    assert!(job.index_put(&id, Bytes::from_static(b"forged"), 1).await.is_err());
    assert!(matches!(eventlog::Archive::put(&archives, &id, Bytes::from_static(b"forged")).await, Err(LogError::Refused(_))));

    // And refused by the server: the log, the index, the archive, streams' creation and purge,
    // and the period streams' commits (no consumer, no get on them).
    let (client, mut errors) = client_as(&server, Role::Archiver).await;
    let mut archiver = jetstream::new(client.clone());
    archiver.set_timeout(Duration::from_secs(2));
    let (_, subject) = layout.place(&id).expect("placed");
    for forged in [subject.clone(), format!("$KV.{}.{id}", eventlog::INDEX_BUCKET), format!("$O.{}.C.x", eventlog::ARCHIVE_BUCKET)] {
        client.publish(forged.clone(), Bytes::from_static(b"forged")).await.expect("sent");
        violation(&mut errors, &forged).await;
    }
    assert!(archiver.create_stream(jetstream::stream::Config { name: "EXTRA".into(), subjects: vec!["extra".into()], ..Default::default() }).await.is_err());
    violation(&mut errors, "$JS.API.STREAM.CREATE.EXTRA").await;
    let purge = format!("$JS.API.STREAM.PURGE.OBJ_{}", eventlog::ARCHIVE_BUCKET);
    client.publish(purge.clone(), Bytes::new()).await.expect("sent");
    violation(&mut errors, &purge).await;
    for read in
        [format!("$JS.API.DIRECT.GET.{period_stream}"), format!("$JS.API.CONSUMER.CREATE.{period_stream}"), format!("$JS.API.STREAM.MSG.GET.{period_stream}")]
    {
        client.publish(read.clone(), Bytes::from_static(b"{}")).await.expect("sent");
        violation(&mut errors, &read).await;
    }
    let js = admin(&server).await;
    assert_eq!(js.get_stream(&period_stream).await.expect("still there").info().await.expect("info").state.messages, 1, "the log unchanged");
    assert_eq!(log.index_get(&id).await.expect("get").map(|(_, v)| v), Some(Bytes::from_static(b"{\"entry\":1}")), "the index unchanged");
    assert_eq!(eventlog::Archive::get(&bucket, &id).await.expect("read"), Some(Bytes::from_static(b"sealed")), "the archive unchanged");

    // The orchestrator's credential reads as much but may not delete: the refusal says so.
    let wrong = StreamDeleter::connect(&server.url(), &server.auth(Role::Orchestrator)).await.expect("connects");
    let err = wrong.delete_period_stream(&layout, &period_stream).await.expect_err("not the archiver");
    assert!(matches!(&err, LogError::Refused(text) if text.contains("Permissions Violation") && text.contains("archiver")), "{err}");
    assert!(js.get_stream(&period_stream).await.is_ok(), "still there");
}
