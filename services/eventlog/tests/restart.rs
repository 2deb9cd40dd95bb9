//! Every role's calls against the generated permissions, across a NATS restart (issue 36): the
//! services keep their connections and consumers through a restart, and the client then asks
//! the server about each consumer it had (`$JS.API.CONSUMER.INFO`). Refused, it waits out its
//! retries, tens of seconds, before it makes the consumer again, and every follower of the
//! log (the match index, the feed projector, a platform on the feed) stalls that long. So: each
//! role makes its calls and keeps its followers open, the server is killed and started again on
//! the same store and port, the same followers deliver what is written after it, and the
//! server's log names no permission violation at all.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use async_nats::jetstream::{self, consumer::pull::OrderedConfig, consumer::DeliverPolicy};
use bytes::Bytes;
use eventlog::layout::new_period_id;
use eventlog::{Archive, EventLog, IndexEvent, JetStreamArchive, JetStreamLog, Layout, LogError, Periods, Role};
use eventlog_dev::server::NatsServer;
use futures::future::BoxFuture;
use futures::stream::BoxStream;
use futures::{FutureExt, StreamExt};

/// Long enough for any machine to answer; how long each follower took is printed.
const PATIENCE: Duration = Duration::from_secs(90);
const PERIODS: Periods = Periods { length_s: 3600, max_match_age_s: 3600 };

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970").as_millis() as u64
}

/// Append `payload` as the next commit of `id`, again while the log is unavailable (the
/// restart), as the orchestrator's callers would retry.
async fn append(log: &JetStreamLog, id: &str, after: Option<u64>, n: u64) -> u64 {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match log.append(id, after, &format!("{id}/{n}"), Bytes::from(format!("commit {n}"))).await {
            Ok(sequence) => return sequence,
            Err(e @ (LogError::Unavailable(_) | LogError::StreamMissing(_) | LogError::NoPlacement(_))) if Instant::now() < deadline => {
                eprintln!("append {n}: {e}; again");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("append {n} of {id}: {e}"),
        }
    }
}

/// A follower kept open across the restart, and how to open it again: a follower that gets an
/// error opens again from where it was, as the services' followers do (the index projector from
/// its saved position, the feed projector from its next sequence); a client that is refused
/// its consumer's info gets that error only after its retries, tens of seconds later.
struct Kept<T> {
    stream: Items<T>,
    reopen: Box<dyn FnMut() -> BoxFuture<'static, Items<T>> + Send>,
}

/// What a follower delivers, an error as its text.
type Items<T> = BoxStream<'static, Result<T, String>>;

impl<T: Send + 'static> Kept<T> {
    async fn open(mut reopen: impl FnMut() -> BoxFuture<'static, Items<T>> + Send + 'static) -> Kept<T> {
        Kept { stream: reopen().await, reopen: Box::new(reopen) }
    }

    /// The next item `wanted` accepts, within [`PATIENCE`]; how long it took.
    async fn next_where(&mut self, what: &str, wanted: impl Fn(&T) -> bool) -> Duration {
        let started = Instant::now();
        let found = tokio::time::timeout(PATIENCE, async {
            loop {
                match self.stream.next().await {
                    Some(Ok(item)) if wanted(&item) => return,
                    Some(Ok(_)) => {}
                    Some(Err(e)) => {
                        eprintln!("{what}: {e}; following again at {:?}", started.elapsed());
                        self.stream = (self.reopen)().await;
                    }
                    None => panic!("{what}: the stream ended"),
                }
            }
        })
        .await;
        assert!(found.is_ok(), "{what}: nothing new within {PATIENCE:?} of the restart");
        started.elapsed()
    }
}

/// A pull ordered consumer from the start of `stream` over `filter`, as the feed projector's
/// readers and a platform's client make them, with `auth`'s credential.
fn raw_follower(url: String, auth: eventlog::NatsAuth, stream: &str, filter: &str) -> impl FnMut() -> BoxFuture<'static, Items<(String, Vec<u8>)>> {
    let (stream, filter) = (stream.to_string(), filter.to_string());
    let client = std::sync::Arc::new(tokio::sync::OnceCell::new());
    move || {
        let (url, auth, stream, filter, client) = (url.clone(), auth.clone(), stream.clone(), filter.clone(), client.clone());
        async move {
            let client: &async_nats::Client =
                client.get_or_init(|| async { auth.connect_options().await.expect("options").connect(&url).await.expect("connect") }).await;
            let opened = async {
                let stream = jetstream::new(client.clone()).get_stream_no_info(&stream).await.map_err(|e| e.to_string())?;
                let consumer = stream
                    .create_consumer(OrderedConfig { filter_subject: filter.clone(), deliver_policy: DeliverPolicy::All, ..Default::default() })
                    .await
                    .map_err(|e| e.to_string())?;
                consumer.messages().await.map_err(|e| e.to_string())
            };
            match opened.await {
                Ok(messages) => messages.map(|m| m.map(|m| (m.subject.to_string(), m.payload.to_vec())).map_err(|e| e.to_string())).boxed(),
                Err(e) => futures::stream::once(async move { Err(e) }).chain(futures::stream::pending()).boxed(),
            }
        }
        .boxed()
    }
}

/// How to open a follower on `log` (and `name`, a stream or a match): `open` with clones of both.
fn on<T, F, Fut>(log: &JetStreamLog, name: &str, open: F) -> impl FnMut() -> BoxFuture<'static, Items<T>> + Send + 'static
where
    F: Fn(JetStreamLog, String) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Items<T>> + Send + 'static,
{
    let (log, name) = (log.clone(), name.to_string());
    move || open(log.clone(), name.clone()).boxed()
}

/// A stream of `log` results as the test's items.
fn items<T: Send + 'static>(opened: Result<BoxStream<'static, Result<T, LogError>>, LogError>) -> Items<T> {
    match opened {
        Ok(stream) => stream.map(|item| item.map_err(|e| e.to_string())).boxed(),
        Err(e) => futures::stream::once(async move { Err(e.to_string()) }).chain(futures::stream::pending()).boxed(),
    }
}

#[tokio::test]
async fn every_role_follows_the_log_again_after_a_nats_restart_without_a_refused_call() {
    let mut server = NatsServer::start_temp().await.expect("start");
    let (url, port) = (server.url(), server.port());
    let layout = Layout::with_periods(1, Some(PERIODS)).expect("layout");

    // The orchestrator: appends, reads, a match watch, a follower of the whole stream, the
    // index (puts and a watch) and the archive bucket.
    let log = JetStreamLog::connect_with_layout(&url, 1, layout, &server.auth(Role::Orchestrator)).await.expect("orchestrator");
    let id = new_period_id(now_ms(), [9; 16]);
    let mut last = append(&log, &id, None, 1).await;
    let (stream, subject) = layout.place(&id).expect("placed");
    assert_eq!(log.log_streams().await.expect("streams"), vec![stream.clone()]);
    let mut followed = Kept::open(on(&log, &stream, |log, stream| async move { items(log.follow(&stream, 1).await) })).await;
    let mut watched = Kept::open(on(&log, &id, |log, id| async move { items(log.watch(&id, 1).await) })).await;
    log.index_put(&id, Bytes::from_static(b"one"), 0).await.expect("index put");
    let mut index = Kept::open(on(&log, "", |log, _| async move { items(log.index_watch().await) })).await;
    let bucket = JetStreamArchive::open(&log, 1).await.expect("archive bucket");
    bucket.put(&id, Bytes::from_static(b"sealed")).await.expect("archive put");
    // The randomness service: direct gets only.
    let reader = JetStreamLog::connect_reader(&url, &server.auth(Role::Randomness)).await.expect("reader");
    assert_eq!(reader.read(&id, 1).await.expect("read").len(), 1);
    // The feed projector: a reader of the period stream; the feed stream it writes.
    let admin = server.auth(Role::Admin).connect_options().await.expect("options").connect(&url).await.expect("admin");
    let admin = jetstream::new(admin);
    let feed = jetstream::stream::Config { name: "FEED".into(), subjects: vec!["feed.>".into()], ..Default::default() };
    admin.create_stream(feed).await.expect("FEED");
    let mut projected = Kept::open(raw_follower(url.clone(), server.auth(Role::Projector), &stream, &subject)).await;
    // A platform on the feed.
    let mut platform = Kept::open(raw_follower(url.clone(), server.auth(Role::Feed), "FEED", "feed.>")).await;
    // The archive job: the layout, the streams' sizes, a watch of the index, the archives.
    let job = JetStreamLog::connect_archive_reader(&url, &server.auth(Role::Archiver)).await.expect("archive job");
    assert_eq!(job.stream_size(&stream).await.expect("size").map(|(messages, _)| messages), Some(1));
    let mut job_index = Kept::open(on(&job, "", |job, _| async move { items(job.index_watch().await) })).await;
    let job_bucket = JetStreamArchive::open_read_only(&job).await.expect("read-only bucket");
    assert_eq!(job_bucket.get(&id).await.expect("archive get"), Some(Bytes::from_static(b"sealed")));
    // Each follower delivers what is there before the restart.
    followed.next_where("follow", |c| c.sequence == last).await;
    watched.next_where("watch", |c| c.version == 1).await;
    index.next_where("index watch", |e| matches!(e, IndexEvent::CaughtUp)).await;
    job_index.next_where("the job's index watch", |e| matches!(e, IndexEvent::CaughtUp)).await;
    projected.next_where("projector", |(s, _)| *s == subject).await;

    // NATS is killed and started again on its store and port.
    server.kill();
    let credentials = server.credentials().clone();
    let killed = Instant::now();
    let restarted = NatsServer::start(server.store_dir(), port, &credentials).await.expect("restart");
    let restart_took = killed.elapsed();

    // What each role writes or reads after the restart reaches every follower.
    last = append(&log, &id, Some(last), 2).await;
    let revision = log.index_get(&id).await.expect("index get").map_or(0, |(r, _)| r);
    log.index_put(&id, Bytes::from_static(b"two"), revision).await.expect("index put after the restart");
    admin.publish(format!("feed.t.{id}.events"), Bytes::from_static(b"{}")).await.expect("sent").await.expect("stored");
    let took = [
        ("follow", followed.next_where("follow", |c| c.sequence == last).await),
        ("watch", watched.next_where("watch", |c| c.version == 2).await),
        ("index watch", index.next_where("index watch", |e| matches!(e, IndexEvent::Entry { value, .. } if value.as_ref() == b"two")).await),
        (
            "the job's index watch",
            job_index.next_where("the job's index watch", |e| matches!(e, IndexEvent::Entry { value, .. } if value.as_ref() == b"two")).await,
        ),
        ("projector", projected.next_where("projector", |(_, p)| p.as_slice() == b"commit 2").await),
        ("platform", platform.next_where("platform", |(s, _)| s.starts_with("feed.t.")).await),
    ];
    // Printed, not asserted: how long a follower takes depends on the machine.
    let started_again = restart_took;
    println!("NATS was back {started_again:?} after it was killed");
    for (what, took) in took {
        println!("{what}: what was written after the restart arrived {took:?} after it was written");
    }
    assert_eq!(reader.read(&id, 1).await.expect("read after the restart").len(), 2);
    assert_eq!(job.stream_size(&stream).await.expect("size").map(|(messages, _)| messages), Some(2));
    assert_eq!(job_bucket.get(&id).await.expect("archive get after the restart"), Some(Bytes::from_static(b"sealed")));
    assert_eq!(bucket.get(&id).await.expect("archive get after the restart"), Some(Bytes::from_static(b"sealed")));

    // No role was refused anything, before or after the restart.
    let log_text = std::fs::read_to_string(restarted.log_path()).expect("the server's log");
    let refused: Vec<&str> = log_text.lines().filter(|l| l.contains("Violation")).collect();
    assert!(refused.is_empty(), "the server refused calls of the roles:\n{}", refused.join("\n"));
    drop(server);
}
