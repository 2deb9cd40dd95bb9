//! Connecting to NATS, and creating (or finding) the match stream and the buckets: their
//! configurations, and the wait for a cluster that is still forming.

use super::*;

/// The configuration of the immutable match stream.
pub(super) fn stream_config(replicas: usize) -> stream::Config {
    stream::Config {
        name: STREAM.to_string(),
        description: Some(
            "Arbiter match logs: one subject per match, one message per commit".into(),
        ),
        subjects: vec![STREAM_SUBJECTS.to_string()],
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
    /// Connect to NATS at `url` as a writer (the orchestrator), then create the match stream and
    /// the snapshot bucket, or use them if they exist (an existing stream whose immutability
    /// settings differ is used as is, with a warning: this never changes a stream's
    /// configuration).
    pub async fn connect(url: &str, replicas: usize, auth: &NatsAuth) -> Result<Self, LogError> {
        let replicas = replicas.max(1);
        let (client, context) = Self::context(url, auth, "arbiter-eventlog").await?;
        until_placed(|| Self::ensure_stream(&context, replicas)).await?;
        let snapshots = until_placed(|| Self::ensure_bucket(&context, snapshot_bucket_config(replicas))).await?;
        let index = until_placed(|| Self::ensure_bucket(&context, index_bucket_config(replicas))).await?;
        let stream = Self::stream_handle(&context).await?;
        Ok(JetStreamLog { client, context, stream, snapshots: Some(snapshots), index: Some(index) })
    }

    /// Connect to NATS at `url` as a reader (the randomness service): only `read` and
    /// `read_after` work, through direct gets, so a reader needs no right to create, change or
    /// consume anything. It neither needs nor checks that the stream exists yet (a match that
    /// is not in the log reads as empty once the stream exists).
    pub async fn connect_reader(url: &str, auth: &NatsAuth) -> Result<Self, LogError> {
        let (client, context) = Self::context(url, auth, "arbiter-eventlog-reader").await?;
        let stream = Self::stream_handle(&context).await?;
        Ok(JetStreamLog { client, context, stream, snapshots: None, index: None })
    }

    pub(super) async fn context(url: &str, auth: &NatsAuth, name: &str) -> Result<(async_nats::Client, jetstream::Context), LogError> {
        let client = auth
            .connect_options()
            .await?
            .name(name)
            .connection_timeout(REQUEST_TIMEOUT)
            .connect(server_urls(url))
            .await
            .map_err(|e| {
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
        Ok((client, context))
    }

    pub(super) async fn stream_handle(context: &jetstream::Context) -> Result<stream::Stream<()>, LogError> {
        // No request is made (no STREAM.INFO right needed).
        context
            .get_stream_no_info(STREAM)
            .await
            .map_err(|e| LogError::Other(format!("stream {STREAM}: {e}")))
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
        let what = format!("the first message of {STREAM}");
        if self.is_reader() {
            return match self.stream.direct_get_next_for_subject(STREAM_SUBJECTS, Some(1)).await {
                Ok(_) => Ok(true),
                Err(e) if e.kind() == DirectGetErrorKind::NotFound => Ok(false),
                Err(e) if matches!(e.kind(), DirectGetErrorKind::ErrorResponse(status, _) if status == async_nats::StatusCode::NO_RESPONDERS) => {
                    Ok(false)
                }
                Err(e) => Err(classify(&what, e)),
            };
        }
        match self.stream.get_first_raw_message_by_subject(STREAM_SUBJECTS, 1).await {
            Ok(_) => Ok(true),
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => Ok(false),
            Err(e) => Err(classify(&what, e)),
        }
    }

    pub(super) async fn ensure_stream(
        context: &jetstream::Context,
        replicas: usize,
    ) -> Result<(), LogError> {
        let wanted = stream_config(replicas);
        let mut stream = match context.get_stream(STREAM).await {
            Ok(stream) => stream,
            Err(get_err) => match context.create_stream(wanted.clone()).await {
                Ok(stream) => {
                    tracing::info!(stream = STREAM, replicas, "created the match stream");
                    stream
                }
                // Another instance may have created it meanwhile: look again.
                Err(create_err) => context.get_stream(STREAM).await.map_err(|_| {
                    let what = format!(
                        "cannot get or create stream {STREAM} (is JetStream enabled? start \
                         nats-server with -js); get: {get_err}; create"
                    );
                    classify(&what, create_err)
                })?,
            },
        };
        let info = stream
            .info()
            .await
            .map_err(|e| classify(&format!("stream {STREAM} info"), e))?;
        let config = &info.config;
        if !config.deny_delete
            || !config.deny_purge
            || config.max_age != Duration::ZERO
            || config.discard != DiscardPolicy::New
            || config.storage != StorageType::File
            || !config.subjects.iter().any(|s| s == STREAM_SUBJECTS)
        {
            tracing::warn!(
                stream = STREAM,
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
                stream = STREAM,
                replicas = config.num_replicas,
                wanted = replicas,
                "the existing match stream has fewer replicas than asked; raise them as the NATS \
                 admin (e.g. `nats stream edit MATCHES --replicas 3`), see docs/reliability.md"
            );
        }
        Ok(())
    }

    pub(super) async fn ensure_bucket(
        context: &jetstream::Context,
        config: kv::Config,
    ) -> Result<kv::Store, LogError> {
        let bucket = config.bucket.clone();
        match context.get_key_value(&bucket).await {
            Ok(store) => Ok(store),
            Err(get_err) => match context.create_key_value(config).await {
                Ok(store) => Ok(store),
                Err(create_err) => context.get_key_value(&bucket).await.map_err(|_| {
                    let what = format!(
                        "cannot get or create KV bucket {bucket}; get: {get_err}; create"
                    );
                    classify(&what, create_err)
                }),
            },
        }
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
