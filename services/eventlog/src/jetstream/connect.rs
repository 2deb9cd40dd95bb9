//! Connecting to NATS, and creating (or finding) the match stream and the buckets: their
//! configurations, and the wait for a cluster that is still forming.

use super::*;

/// The configuration of the immutable match stream of `partition` (in `period`, for a log with
/// periods) in `layout` (the legacy `MATCHES` in the legacy layout, configured exactly as
/// before partitions).
pub(super) fn stream_config(replicas: usize, layout: &Layout, period: Option<u64>, partition: usize) -> stream::Config {
    let name = layout.period_stream(period, partition);
    stream::Config {
        description: Some(match (layout.is_legacy(), period) {
            (true, _) => "Arbiter match logs: one subject per match, one message per commit".into(),
            (false, None) => format!("Arbiter match logs, partition {partition} of {}: one subject per match, one message per commit", layout.partitions()),
            (false, Some(t)) => {
                format!("Arbiter match logs of period {t}, partition {partition} of {}: one subject per match, one message per commit", layout.partitions())
            }
        }),
        subjects: vec![layout.filter_of(&name).unwrap_or_default()],
        name,
        storage: StorageType::File,
        num_replicas: replicas,
        deny_delete: true,
        deny_purge: true,
        max_age: Duration::ZERO,
        max_messages: -1,
        max_bytes: -1,
        max_messages_per_subject: -1,
        discard: DiscardPolicy::New,
        allow_direct: true,
        allow_rollup: false,
        duplicate_window: DUPLICATE_WINDOW,
        ..Default::default()
    }
}

/// The stream of the layout record: one message, written once when a partitioned log is
/// created, and never changed (deny delete and purge, as the log).
pub(super) fn layout_stream_config(replicas: usize) -> stream::Config {
    stream::Config {
        name: LAYOUT_STREAM.to_string(),
        description: Some("Arbiter match log layout: how many partition streams the log has (fixed at creation)".into()),
        subjects: vec![LAYOUT_SUBJECT.to_string()],
        storage: StorageType::File,
        num_replicas: replicas,
        deny_delete: true,
        deny_purge: true,
        discard: DiscardPolicy::New,
        allow_direct: true,
        ..Default::default()
    }
}

/// The match index: one value per key (a projection rebuilt from the log, so no history is
/// kept), replicated as the log.
pub(super) fn index_bucket_config(replicas: usize) -> kv::Config {
    kv::Config {
        bucket: INDEX_BUCKET.to_string(),
        description: "Arbiter match index (a projection of MATCHES: deleting it loses nothing)".into(),
        history: 1,
        storage: StorageType::File,
        num_replicas: replicas,
        ..Default::default()
    }
}

pub(super) fn snapshot_bucket_config(replicas: usize) -> kv::Config {
    kv::Config {
        bucket: SNAPSHOT_BUCKET.to_string(),
        description: "Arbiter match snapshots (a cache: deleting them loses nothing)".into(),
        history: 1,
        storage: StorageType::File,
        num_replicas: replicas,
        ..Default::default()
    }
}

/// The servers of a `--nats-url`: one URL, or several separated by commas (the nodes of a
/// cluster; the client picks one and fails over to the others).
pub(super) fn server_urls(url: &str) -> Vec<String> {
    url.split(',').map(str::trim).filter(|u| !u.is_empty()).map(str::to_string).collect()
}

/// Most stream names one listing of the account reads (`period_streams`): a bound on the work
/// of a follower's re-listing; a month-long period gives 12 streams a year per partition.
pub(crate) const MAX_LISTED_STREAMS: usize = 10_000;

/// How long a writer waits for a cluster that is still forming to know enough JetStream
/// servers to place the replicas of the stream or the bucket it creates.
const PLACEMENT_PATIENCE: Duration = Duration::from_secs(30);

/// Run `create` until it stops failing for want of peers ("no suitable peers for placement",
/// JetStream error 10005: the cluster has a meta leader but has not heard from every node yet),
/// for at most [`PLACEMENT_PATIENCE`]; any other outcome is returned at once.
pub(super) async fn until_placed<T, F, Fut>(create: F) -> Result<T, LogError>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Result<T, LogError>>,
{
    use infra::retry::Retryable;
    create
        .retry(infra::retry::steady(Duration::from_millis(250), PLACEMENT_PATIENCE))
        .when(is_no_placement)
        .notify(|e, _| tracing::info!(error = %e, "the NATS cluster cannot place the replicas yet; waiting for its nodes"))
        .await
}

pub(super) fn is_no_placement(e: &LogError) -> bool {
    matches!(e, LogError::NoPlacement(_))
}

impl JetStreamLog {
    /// Connect to NATS at `url` as a writer, with the layout the log already has (the legacy
    /// single stream if it has none yet): tools and tests that follow the log as it is. See
    /// [`Self::connect_partitioned`].
    pub async fn connect(url: &str, replicas: usize, auth: &NatsAuth) -> Result<Self, LogError> {
        Self::connect_with(url, replicas, None, auth).await
    }

    /// [`Self::connect_partitioned`] for a log of the layout `wanted`, with or without periods
    /// (`docs/architecture.md`, "Leaving the hot log"): fixed when the log is created, as the
    /// partition count.
    pub async fn connect_with_layout(url: &str, replicas: usize, wanted: Layout, auth: &NatsAuth) -> Result<Self, LogError> {
        Self::connect_with(url, replicas, Some(wanted), auth).await
    }

    /// Connect to NATS at `url` as a writer (the orchestrator) that expects a log of
    /// `partitions` streams: a new log is created with them (and its layout recorded), an
    /// existing one must have exactly as many, or this refuses saying what to do (`docs/
    /// architecture.md`, "Partitions"). Then create the streams and the buckets, or use them if
    /// they exist (an existing stream whose immutability settings differ is used as is, with a
    /// warning: this never changes a stream's configuration).
    pub async fn connect_partitioned(url: &str, replicas: usize, partitions: usize, auth: &NatsAuth) -> Result<Self, LogError> {
        Self::connect_with(url, replicas, Some(Layout::new(partitions)?), auth).await
    }

    async fn connect_with(url: &str, replicas: usize, wanted: Option<Layout>, auth: &NatsAuth) -> Result<Self, LogError> {
        let replicas = replicas.max(1);
        let (client, context, reconnects) = Self::context(url, auth, "arbiter-eventlog").await?;
        let layout = until_placed(|| Self::settle_layout(&context, replicas, wanted)).await?;
        let mut created_legacy = false;
        // A log with periods makes each period's streams with its first match (`Placed`).
        if layout.periods().is_none() {
            for partition in 0..layout.partitions() {
                created_legacy |= until_placed(|| Self::ensure_stream(&context, replicas, &layout, None, partition)).await?;
            }
        }
        if created_legacy {
            if let Some(other) = recorded_layout(&context).await? {
                // Another orchestrator created a partitioned log at the same moment.
                return Err(other.mismatch(&Layout::LEGACY));
            }
        }
        let snapshots = until_placed(|| Self::ensure_bucket(&context, snapshot_bucket_config(replicas))).await?;
        let index = until_placed(|| Self::ensure_bucket(&context, index_bucket_config(replicas))).await?;
        let placed = Placed::new(&context, layout, replicas).await?;
        Ok(JetStreamLog {
            client,
            context,
            placed: Arc::new(std::sync::OnceLock::from(placed)),
            snapshots: Some(snapshots),
            index: Some(index),
            sizes_streams: true,
            follows: true,
            reconnects,
        })
    }

    /// The layout of the log: the recorded one, or, for a log without a record, the legacy one
    /// (`wanted` legacy or unsaid) or a new one whose record this writes (partitions or
    /// periods, only when no legacy stream exists). Refuses a `wanted` layout the log does not
    /// have.
    async fn settle_layout(context: &jetstream::Context, replicas: usize, wanted: Option<Layout>) -> Result<Layout, LogError> {
        let recorded = recorded_layout(context).await?;
        let layout = match (recorded, wanted) {
            (Some(layout), Some(w)) if layout != w => return Err(layout.mismatch(&w)),
            (Some(layout), _) => layout,
            (None, None) => Layout::LEGACY,
            (None, Some(w)) if w.is_legacy() => Layout::LEGACY,
            (None, Some(w)) => {
                if stream_exists(context, STREAM).await? {
                    return Err(Layout::LEGACY.mismatch(&w));
                }
                let stored = Self::write_record(context, replicas, w).await?;
                if stored != w {
                    return Err(stored.mismatch(&w));
                }
                // A legacy orchestrator may have created MATCHES meanwhile: one of the two
                // sees the other (it checks for the record after creating MATCHES).
                if stream_exists(context, STREAM).await? {
                    return Err(Layout::LEGACY.mismatch(&w));
                }
                w
            }
        };
        Ok(layout)
    }

    /// Write `layout`'s record if the log has none (the first writer wins); the recorded layout.
    async fn write_record(context: &jetstream::Context, replicas: usize, layout: Layout) -> Result<Layout, LogError> {
        if let Err(e) = context.get_or_create_stream(layout_stream_config(replicas)).await {
            return Err(classify(&format!("cannot get or create stream {LAYOUT_STREAM}"), e));
        }
        let publish = Publish::build().payload(Bytes::from(layout.record())).expected_last_subject_sequence(0);
        let acked = match context.send_publish(LAYOUT_SUBJECT, publish).await {
            Ok(ack) => ack.await.map(|_| ()),
            Err(e) => Err(e),
        };
        match acked {
            Ok(()) => {
                tracing::info!(partitions = layout.partitions(), "recorded the layout of a new partitioned match log");
                Ok(layout)
            }
            Err(e) => match recorded_layout(context).await? {
                // Another writer recorded first (or this one's ack was lost).
                Some(stored) => Ok(stored),
                None => Err(classify(&format!("write the log layout on {LAYOUT_SUBJECT}"), e)),
            },
        }
    }

    /// Connect to NATS at `url` as a reader (the randomness service): only `read` and
    /// `read_after` work, through direct gets, so a reader needs no right to create, change or
    /// consume anything. It neither needs nor checks that the streams exist yet (a match that
    /// is not in the log reads as empty once they exist); it learns the log's layout on its
    /// first read that finds one (`Self::placed`).
    pub async fn connect_reader(url: &str, auth: &NatsAuth) -> Result<Self, LogError> {
        Self::reading(url, auth, "arbiter-eventlog-reader", false).await
    }

    /// A connection that reads and makes nothing; with `follows`, it may follow the streams.
    async fn reading(url: &str, auth: &NatsAuth, name: &str, follows: bool) -> Result<Self, LogError> {
        let (client, context, reconnects) = Self::context(url, auth, name).await?;
        Ok(JetStreamLog {
            client,
            context,
            placed: Arc::new(std::sync::OnceLock::new()),
            snapshots: None,
            index: None,
            sizes_streams: false,
            follows,
            reconnects,
        })
    }

    /// Connect to NATS at `url` as a follower of the whole log (the feed projector, the
    /// `projector` role): a reader ([`Self::connect_reader`]) that may also list the log's
    /// streams and follow them ([`EventLog::follow`], through [`crate::follow`]), which takes
    /// an ordered consumer on each. It creates and writes nothing but those consumers.
    pub async fn connect_follower(url: &str, auth: &NatsAuth, name: &str) -> Result<Self, LogError> {
        Self::reading(url, auth, name, true).await
    }

    /// Connect to NATS at `url` as the archive job (`arbiter archive`, the `archiver` role):
    /// a reader that also lists and sizes the period streams and watches the match index, all
    /// it needs to decide which period streams may leave. It creates nothing and writes
    /// nothing: the log's layout record and the index bucket must exist already (an
    /// orchestrator made them), or this says so.
    pub async fn connect_archive_reader(url: &str, auth: &NatsAuth) -> Result<Self, LogError> {
        let (client, context, reconnects) = Self::context(url, auth, "arbiter-archive-job").await?;
        // Asked of the layout stream's leader (`STREAM.MSG.GET`, no consumer), as a writer does.
        let Some(layout) = recorded_layout(&context).await? else {
            return Err(LogError::Other(format!(
                "the log at {url} has no layout record ({LAYOUT_STREAM}): it is not a log with periods, or no orchestrator has started on it yet"
            )));
        };
        let index = context
            .get_key_value(INDEX_BUCKET)
            .await
            .map_err(|e| classify(&format!("the match index bucket {INDEX_BUCKET} (an orchestrator creates it)"), e))?;
        let placed = Placed::new(&context, layout, 1).await?;
        Ok(JetStreamLog {
            client,
            context,
            placed: Arc::new(std::sync::OnceLock::from(placed)),
            snapshots: None,
            index: Some(index),
            sizes_streams: true,
            follows: false,
            reconnects,
        })
    }

    /// The log's layout and stream handles. A writer knows them from its start. A reader reads
    /// the record (direct get) until the log is known: a record, or the legacy stream existing;
    /// before that (nothing created yet) it answers with the legacy layout without keeping it.
    pub(super) async fn placed(&self) -> Result<Arc<Placed>, LogError> {
        if let Some(placed) = self.placed.get() {
            return Ok(placed.clone());
        }
        let known = match direct_layout(&self.context).await? {
            Some(layout) => Some(layout),
            None => {
                let legacy = self.context.get_stream_no_info(STREAM).await.map_err(|e| LogError::Other(format!("stream {STREAM}: {e}")))?;
                match legacy.direct_get_next_for_subject(STREAM_SUBJECTS, Some(1)).await {
                    Ok(_) => Some(Layout::LEGACY),
                    Err(e) if e.kind() == DirectGetErrorKind::NotFound => Some(Layout::LEGACY),
                    Err(e) if is_no_responders(&e) => None,
                    Err(e) => return Err(classify("the first message of the log", e)),
                }
            }
        };
        let placed = Placed::new(&self.context, known.unwrap_or_default(), 1).await?;
        if known.is_some() {
            let _ = self.placed.set(placed.clone());
            return Ok(self.placed.get().cloned().unwrap_or(placed));
        }
        Ok(placed)
    }

    /// The log's layout (for a reader, as far as it knows yet: see `placed`).
    pub async fn layout(&self) -> Result<Layout, LogError> {
        Ok(self.placed().await?.layout)
    }

    pub(crate) async fn context(url: &str, auth: &NatsAuth, name: &str) -> Result<(async_nats::Client, jetstream::Context, Reconnects), LogError> {
        Self::context_noting(url, auth, name, None).await
    }

    /// [`Self::context`], keeping the server's last permission violation in `refusals` (a
    /// request the server refuses for want of rights gets no answer, only a timeout: this says
    /// why). With it, how many times the connection was made again after it was lost (see
    /// [`Reconnects`]).
    pub(super) async fn context_noting(
        url: &str,
        auth: &NatsAuth,
        name: &str,
        refusals: Option<Refusals>,
    ) -> Result<(async_nats::Client, jetstream::Context, Reconnects), LogError> {
        let (reconnected, reconnects) = tokio::sync::watch::channel(0u64);
        // Only a connection made again after one was lost counts, not the first.
        let lost = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let options = auth.connect_options().await?.event_callback(move |event| {
            let (refusals, reconnected, lost) = (refusals.clone(), reconnected.clone(), lost.clone());
            async move {
                match event {
                    async_nats::Event::ServerError(async_nats::ServerError::Other(text)) if text.to_ascii_lowercase().contains("permissions violation") => {
                        if let Some(refusals) = refusals {
                            refusals.note(text);
                        }
                    }
                    async_nats::Event::Disconnected => lost.store(true, std::sync::atomic::Ordering::SeqCst),
                    async_nats::Event::Connected if lost.swap(false, std::sync::atomic::Ordering::SeqCst) => reconnected.send_modify(|n| *n += 1),
                    _ => {}
                }
            }
        });
        let client = options.name(name).connection_timeout(REQUEST_TIMEOUT).connect(server_urls(url)).await.map_err(|e| {
            let hint = match e.kind() {
                async_nats::ConnectErrorKind::AuthorizationViolation => {
                    " (the server refused these credentials: check --nats-user and \
                         --nats-password-file, or --nats-creds)"
                }
                _ => "",
            };
            LogError::Unavailable(format!("cannot connect to NATS at {url}: {e}{hint}"))
        })?;
        let mut context = jetstream::new(client.clone());
        context.set_timeout(REQUEST_TIMEOUT);
        Ok((client, context, reconnects))
    }

    /// The JetStream context of this connection (for the archive bucket, `archive`).
    pub(crate) fn jetstream_context(&self) -> &jetstream::Context {
        &self.context
    }

    pub(super) fn is_reader(&self) -> bool {
        self.snapshots.is_none()
    }

    /// Whether the match log holds any commit of any match: `false` when the stream is empty or
    /// does not exist yet (a reader, started before the orchestrator created it, gets no
    /// answer to its direct get). Asked at start by a service whose key file is missing, to
    /// tell a first start (a new key is made) from a lost key (refused, `docs/security.md`).
    pub async fn holds_commits(&self) -> Result<bool, LogError> {
        let placed = self.placed().await?;
        let names = match placed.layout.periods() {
            None => placed.layout.streams(),
            Some(_) => self.period_streams(&placed.layout).await?,
        };
        for name in names {
            let stream = placed.named(&name).await?;
            let filter = placed.layout.filter_of(&name).unwrap_or_default();
            let what = format!("the first message of {name}");
            let found = if self.is_reader() {
                match stream.direct_get_next_for_subject(&filter, Some(1)).await {
                    Ok(_) => true,
                    Err(e) if e.kind() == DirectGetErrorKind::NotFound => false,
                    Err(e) if is_no_responders(&e) => false,
                    Err(e) => return Err(classify(&what, e)),
                }
            } else {
                match stream.get_first_raw_message_by_subject(&filter, 1).await {
                    Ok(_) => true,
                    Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => false,
                    Err(e) => return Err(classify(&what, e)),
                }
            };
            if found {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The period streams of the log that exist now, by period then partition: the account's
    /// stream names that are this layout's (at most [`MAX_LISTED_STREAMS`] names are read).
    pub(crate) async fn period_streams(&self, layout: &Layout) -> Result<Vec<String>, LogError> {
        let mut names = self.context.stream_names();
        let mut found = Vec::new();
        let mut read = 0usize;
        while let Some(name) = names.next().await {
            let name = name.map_err(|e| classify("list the streams", e))?;
            read += 1;
            if let Some(place) = layout.parse_stream(&name) {
                found.push((place, name));
            }
            if read >= MAX_LISTED_STREAMS {
                tracing::warn!(read, "the account holds more streams than a listing reads; some period streams may be missed");
                break;
            }
        }
        found.sort();
        Ok(found.into_iter().map(|(_, name)| name).collect())
    }

    /// The number of messages and bytes the stream `name` holds now (`None`: no such stream).
    pub(super) async fn stream_size_of(&self, name: &str) -> Result<Option<(u64, u64)>, LogError> {
        match self.context.get_stream(name).await {
            Ok(mut stream) => {
                let info = stream.info().await.map_err(|e| classify(&format!("stream {name} info"), e))?;
                Ok(Some((info.state.messages, info.state.bytes)))
            }
            Err(e) if matches!(e.kind(), stream_get_kind::JetStream(j) if j.error_code() == async_nats::jetstream::ErrorCode::STREAM_NOT_FOUND) => Ok(None),
            Err(e) => Err(classify(&format!("stream {name}"), e)),
        }
    }

    /// Create the stream of `partition` (in `period`), or find it. Whether this created the
    /// legacy stream.
    pub(super) async fn ensure_stream(
        context: &jetstream::Context,
        replicas: usize,
        layout: &Layout,
        period: Option<u64>,
        partition: usize,
    ) -> Result<bool, LogError> {
        let wanted = stream_config(replicas, layout, period, partition);
        let name = wanted.name.clone();
        let filter = wanted.subjects.first().cloned().unwrap_or_default();
        let mut created = false;
        let mut stream = match context.get_stream(&name).await {
            Ok(stream) => stream,
            Err(get_err) => match context.create_stream(wanted.clone()).await {
                Ok(stream) => {
                    tracing::info!(stream = name, replicas, "created the match stream");
                    created = layout.is_legacy();
                    stream
                }
                // Another instance may have created it meanwhile: look again.
                Err(create_err) => context.get_stream(&name).await.map_err(|_| {
                    let what = format!(
                        "cannot get or create stream {name} (is JetStream enabled? start \
                         nats-server with -js); get: {get_err}; create"
                    );
                    classify(&what, create_err)
                })?,
            },
        };
        let info = stream.info().await.map_err(|e| classify(&format!("stream {name} info"), e))?;
        let config = &info.config;
        if !config.deny_delete
            || !config.deny_purge
            || config.max_age != Duration::ZERO
            || config.discard != DiscardPolicy::New
            || config.storage != StorageType::File
            || !config.subjects.contains(&filter)
        {
            tracing::warn!(
                stream = name,
                deny_delete = config.deny_delete,
                deny_purge = config.deny_purge,
                max_age = ?config.max_age,
                discard = ?config.discard,
                storage = ?config.storage,
                subjects = ?config.subjects,
                "the existing match stream is not configured as an immutable log; using it as is"
            );
        }
        if config.num_replicas < replicas {
            // Never changed from here (this code never edits a stream): an operator raises it.
            tracing::warn!(
                stream = name,
                replicas = config.num_replicas,
                wanted = replicas,
                "the existing match stream has fewer replicas than asked; raise them as the NATS \
                 admin (e.g. `nats stream edit MATCHES --replicas 3`), see docs/reliability.md"
            );
        }
        Ok(created)
    }

    pub(super) async fn ensure_bucket(context: &jetstream::Context, config: kv::Config) -> Result<kv::Store, LogError> {
        let bucket = config.bucket.clone();
        match context.get_key_value(&bucket).await {
            Ok(store) => Ok(store),
            Err(get_err) => match context.create_key_value(config).await {
                Ok(store) => Ok(store),
                Err(create_err) => context.get_key_value(&bucket).await.map_err(|_| {
                    let what = format!("cannot get or create KV bucket {bucket}; get: {get_err}; create");
                    classify(&what, create_err)
                }),
            },
        }
    }
}

/// Whether a direct get found no server to answer: the stream does not exist.
pub(super) fn is_no_responders(e: &async_nats::jetstream::stream::DirectGetError) -> bool {
    matches!(e.kind(), DirectGetErrorKind::ErrorResponse(status, _) if status == async_nats::StatusCode::NO_RESPONDERS)
}

/// Whether stream `name` exists (asked of the meta leader).
pub(crate) async fn stream_exists(context: &jetstream::Context, name: &str) -> Result<bool, LogError> {
    match context.get_stream(name).await {
        Ok(_) => Ok(true),
        Err(e) if matches!(e.kind(), stream_get_kind::JetStream(j) if j.error_code() == async_nats::jetstream::ErrorCode::STREAM_NOT_FOUND) => Ok(false),
        Err(e) => Err(classify(&format!("stream {name}"), e)),
    }
}

use async_nats::jetstream::context::GetStreamErrorKind as stream_get_kind;

/// The layout recorded in the log, asked of the layout stream's leader (a writer's or an
/// operator's view: needs `STREAM.INFO` and `STREAM.MSG.GET` on [`LAYOUT_STREAM`]); `None` for
/// a log without a record (legacy, or nothing created yet).
pub async fn recorded_layout(context: &jetstream::Context) -> Result<Option<Layout>, LogError> {
    if !stream_exists(context, LAYOUT_STREAM).await? {
        return Ok(None);
    }
    let stream = context.get_stream_no_info(LAYOUT_STREAM).await.map_err(|e| LogError::Other(format!("stream {LAYOUT_STREAM}: {e}")))?;
    match stream.get_last_raw_message_by_subject(LAYOUT_SUBJECT).await {
        Ok(message) => Layout::from_record(&message.payload).map(Some),
        Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => Ok(None),
        Err(e) => Err(classify(&format!("the record on {LAYOUT_SUBJECT}"), e)),
    }
}

/// The layout recorded in the log, by direct get (a reader's view: needs only
/// `DIRECT.GET` on [`LAYOUT_STREAM`]); `None` when there is no record (yet).
pub async fn direct_layout(context: &jetstream::Context) -> Result<Option<Layout>, LogError> {
    let stream = context.get_stream_no_info(LAYOUT_STREAM).await.map_err(|e| LogError::Other(format!("stream {LAYOUT_STREAM}: {e}")))?;
    match stream.direct_get_last_for_subject(LAYOUT_SUBJECT).await {
        Ok(message) => Layout::from_record(&message.payload).map(Some),
        Err(e) if e.kind() == DirectGetErrorKind::NotFound || is_no_responders(&e) => Ok(None),
        Err(e) => Err(classify(&format!("the record on {LAYOUT_SUBJECT}"), e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_forming_cluster_is_waited_for_and_other_errors_are_not() {
        let tries = std::sync::atomic::AtomicU32::new(0);
        let placed = until_placed(|| async {
            if tries.fetch_add(1, std::sync::atomic::Ordering::SeqCst) < 2 {
                Err(LogError::NoPlacement("create: jetstream error: no suitable peers for placement (code 400, error code 10005)".into()))
            } else {
                Ok(7)
            }
        })
        .await;
        assert_eq!((placed.ok(), tries.load(std::sync::atomic::Ordering::SeqCst)), (Some(7), 3));
        let refused: Result<(), LogError> = until_placed(|| async { Err(LogError::Other("permissions violation".into())) }).await;
        assert!(refused.is_err());
    }
}
