//! The orchestrator: Arbiter's public match API and the only writer of match logs.
//!
//! Owns: match lifecycle (create, join, decide, watch, export), seat tokens (as hashes),
//! per-viewer redaction, the conditional append of commits, the log-signing key (every commit
//! is signed and hash-chained, `docs/log.md`), rebuilding a match by replay, which verifies
//! that chain, the signed match snapshots that shorten replays (`matches::snapshot`), the check of the
//! logged bytes a read serves without replaying them (`verify`), the background log scrubber
//! (`scrub`), the match cache
//! and its byte budget (`cache`), the one log subscription per watched match that its
//! watchers share (`fanout`) with a bounded buffer per watcher, and the answers under faults
//! (`docs/reliability.md`): idempotent joins (derived seat tokens), OK once a commit is
//! appended, each request bounded by its client's deadline (`deadline`); for tournament
//! platforms (`docs/tournaments.md`): the platform API key (`platform`), `ListMatches`,
//! `WatchMatches` and the time keeper's start read from the match index it projects from the
//! log into `MATCH_INDEX` (`index`), the sealed archives of ended matches in `MATCH_ARCHIVE`
//! and the reads from them once the hot log lacks a match (`archive`), match control (concession, rulings) and the clocks and round limit, whose
//! time it reads once and logs in the input.
//! Must never: contain rules code (the game state is an opaque blob here, evaluated by the
//! rules service), produce randomness (the randomness service does), expose an unredacted
//! event or view to anyone but an auditor of an ended match, act on a commit that fails the
//! signed hash chain (it reports `DATA_LOSS` instead), trust a snapshot it did not sign or
//! that other rules wrote (it replays the log instead), let anyone without the platform key
//! create, list or adjudicate when a key is configured, or report a failure after a commit as the caller's failure.

pub mod abuse;
pub mod archive;
pub mod auth;
pub mod cache;
pub mod deadline;
pub mod error;
pub mod fanout;
pub mod index;
pub mod keys;
pub mod limits;
pub mod matches;
pub mod platform;
pub mod record;
pub mod rules_client;
pub mod scrub;
pub mod service;
pub mod verify;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use api::match_v1::match_service_server::MatchServiceServer;
use api::randomness_v1::randomness_service_client::RandomnessServiceClient;
use api::rules_v1::rules_service_client::RulesServiceClient;
use telemetry::propagate::TracedChannel;
use tonic::transport::Endpoint;

/// Command-line options of `arbiter-orchestrator` (also `arbiter serve orchestrator`).
#[derive(Clone, Debug, clap::Args)]
pub struct OrchestratorArgs {
    /// Address to listen on (port 0 picks a free port and prints it).
    #[arg(long, env = "ARBITER_ORCHESTRATOR_LISTEN", default_value = "127.0.0.1:50051")]
    pub listen: SocketAddr,
    /// NATS server holding the match log.
    #[arg(long, env = "ARBITER_NATS_URL", default_value = "nats://127.0.0.1:4222")]
    pub nats_url: String,
    /// NATS credentials: the `orchestrator` user, the only writer of the match log.
    #[command(flatten)]
    pub nats: eventlog::NatsClientArgs,
    /// JetStream replicas of the MATCHES stream (1 on one machine, 3 in a cluster).
    #[arg(long, env = "ARBITER_NATS_REPLICAS", default_value_t = 1)]
    pub replicas: usize,
    /// Streams the match log is spread over (1 to 8), each match in the one its id hashes to,
    /// so that a cluster's stream leaders spread over its nodes. Fixed when the log is created
    /// and recorded in it: a log that has another count refuses to start (1, the default, is
    /// the single stream MATCHES of every existing log). See docs/architecture.md, "Partitions".
    #[arg(long, env = "ARBITER_PARTITIONS", default_value_t = 1)]
    pub partitions: usize,
    /// Periods of a new log (a number and a unit, s, m, h or d, e.g. 30d; or "off", the
    /// default): each match goes into the stream of the period its (time-ordered) id was made
    /// in, so that a whole old period can leave the hot log once every match of it is sealed.
    /// Fixed when the log is created and recorded in it, like --partitions. See
    /// docs/architecture.md, "Leaving the hot log".
    #[arg(long, env = "ARBITER_PERIOD", default_value = "off", value_parser = parse_archive_after)]
    pub period: ArchiveAfter,
    /// With --period: how long after its creation a match takes moves; after it, moves are
    /// refused (FAILED_PRECONDITION) and the match is ended by a ruling. Recorded with the
    /// period.
    #[arg(long, env = "ARBITER_MAX_MATCH_AGE", default_value = "30d", value_parser = parse_archive_after)]
    pub max_match_age: ArchiveAfter,
    /// With --period: the NATS user of the `archiver` role, the only one allowed to delete a
    /// period stream (sealed periods leave the hot log through it). Without it sealed periods
    /// stay (the archiver logs that they could go) until `arbiter archive`, the recommended
    /// way, deletes them from another host that holds no signing key.
    #[arg(long, env = "ARBITER_ARCHIVER_NATS_USER", requires = "archiver_nats_password_file")]
    pub archiver_nats_user: Option<String>,
    /// The password file of --archiver-nats-user (`arbiter up` writes
    /// <data-dir>/secrets/nats/archiver.password).
    #[arg(long, env = "ARBITER_ARCHIVER_NATS_PASSWORD_FILE")]
    pub archiver_nats_password_file: Option<std::path::PathBuf>,
    /// The rules service (https: it is reached over mutual TLS only).
    #[arg(long, env = "ARBITER_RULES_URL", default_value = "https://127.0.0.1:50052")]
    pub rules_url: String,
    /// The randomness service (https: it is reached over mutual TLS only).
    #[arg(long, env = "ARBITER_RANDOMNESS_URL", default_value = "https://127.0.0.1:50053")]
    pub randomness_url: String,
    /// A randomness node, as NAME=URL (https; repeatable, in order). With two or more, every new
    /// match names all of them and draws with scheme v2, each draw combining a signed share of
    /// every node (docs/fairness.md, "Scheme v2"); one is the same as --randomness-url. Older
    /// matches keep the nodes they were created with, found here by name.
    #[arg(long = "randomness", value_name = "NAME=URL", env = "ARBITER_RANDOMNESS_NODES", value_delimiter = ',')]
    pub randomness_nodes: Vec<String>,
    /// The orchestrator's log-signing key file. If it is missing, a fresh key is made only when
    /// the match log holds no commit; otherwise the orchestrator refuses to start. Every
    /// orchestrator of one deployment must use the same key.
    #[arg(long, env = "ARBITER_ORCHESTRATOR_KEY_FILE", default_value = ".arbiter/keys/orchestrator.json")]
    pub key_file: std::path::PathBuf,
    /// Make a fresh key if the key file is missing although the log holds matches (they are
    /// then refused until their key file is restored). An existing key file is never replaced.
    #[arg(long, env = "ARBITER_ORCHESTRATOR_NEW_KEY")]
    pub new_key: bool,
    /// The orchestrator's client certificate for rules and randomness, and the CA they must have.
    #[command(flatten)]
    pub internal_tls: api::tls::InternalTlsArgs,
    /// Byte budget of the match cache: beyond it, ended then least recently used idle matches
    /// leave memory (they are rebuilt from the log when asked for again). Approximate: counted
    /// from what each match holds (state, events, idempotency keys).
    #[arg(long, env = "ARBITER_CACHE_BYTES", default_value_t = cache::DEFAULT_CACHE_BYTES)]
    pub cache_bytes: usize,
    /// Ignore snapshots: rebuild every match by replaying (and checking) its whole log, as a
    /// full check of every match this orchestrator serves. Snapshots are still written.
    #[arg(long, env = "ARBITER_FULL_REPLAY")]
    pub full_replay: bool,
    /// How long (ms) a watch may leave its full buffer of updates unread before it is ended
    /// with RESOURCE_EXHAUSTED (the client resumes from the version named).
    #[arg(long, env = "ARBITER_WATCH_STALL_MS", default_value_t = limits::WATCH_STALL.as_millis() as u64)]
    pub watch_stall_ms: u64,
    /// The platform API key file (`arbiter up` creates <data-dir>/secrets/platform.key): with
    /// it, CreateMatch, ListMatches and AdjudicateMatch need "authorization: Bearer <key>".
    /// Without it those operations are open to every caller (a warning says so at start).
    #[arg(long, env = "ARBITER_PLATFORM_KEY_FILE")]
    pub platform_key_file: Option<std::path::PathBuf>,
    /// Seconds from the start of one pass of the log scrubber to the next (0: no scrubber). Each
    /// pass reads and checks every match's whole log (`docs/reliability.md`, "The scrubber").
    #[arg(long, env = "ARBITER_SCRUB_EVERY_S", default_value_t = scrub::DEFAULT_EVERY.as_secs())]
    pub scrub_every_s: u64,
    /// The scrubber's pace: at most this many commits read and checked per second (0: no limit).
    #[arg(long, env = "ARBITER_SCRUB_COMMITS_PER_SECOND", default_value_t = scrub::DEFAULT_COMMITS_PER_SECOND)]
    pub scrub_commits_per_second: u32,
    /// Sealed matches (read from their archives) each scrubber pass checks, the next ones in
    /// match id order each pass (0: the scrubber reads no archive). Matches not sealed are all
    /// checked every pass.
    #[arg(long, env = "ARBITER_SCRUB_SEALED_PER_PASS", default_value_t = scrub::DEFAULT_SEALED_PER_PASS)]
    pub scrub_sealed_per_pass: usize,
    /// How long after its end a match is sealed into the archive bucket (MATCH_ARCHIVE): a
    /// number with a unit, s, m, h or d (e.g. 90s, 3d), or "off" for no archiver. Sealed
    /// matches stay readable (GetMatch, ExportMatch, WatchMatch) from the archive.
    #[arg(long, env = "ARBITER_ARCHIVE_AFTER", default_value = "3d", value_parser = parse_archive_after)]
    pub archive_after: ArchiveAfter,
    /// Seconds from the start of one archiver pass to the next.
    #[arg(long, env = "ARBITER_ARCHIVE_EVERY_S", default_value_t = archive::DEFAULT_ARCHIVE_EVERY.as_secs())]
    pub archive_every_s: u64,
    /// Do not answer gRPC-Web (HTTP/1.1 and browsers) on the match API's port.
    #[arg(long, env = "ARBITER_NO_GRPC_WEB")]
    pub no_grpc_web: bool,
    /// An origin whose web pages may call the match API from a browser (gRPC-Web with CORS),
    /// such as https://play.example.org; repeatable. None by default: browsers of other
    /// origins are refused (non-browser clients are not subject to CORS).
    #[arg(long = "cors-origin", value_name = "ORIGIN", env = "ARBITER_CORS_ORIGINS", value_delimiter = ',')]
    pub cors_origins: Vec<String>,
    /// Request rates and connections per caller (`abuse`).
    #[command(flatten)]
    pub abuse: abuse::AbuseArgs,
    /// Optional TLS for the public match API.
    #[command(flatten)]
    pub public_tls: api::tls::PublicTlsArgs,
}

/// How long a connection to the rules or randomness service may take before the call is
/// UNAVAILABLE.
pub const INTERNAL_CONNECT_TIMEOUT: Duration = Duration::from_secs(1);
/// How long one call to the rules or randomness service may take.
pub const INTERNAL_REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// A channel to an internal service over mutual TLS.
fn endpoint(url: &str, tls: &tonic::transport::ClientTlsConfig) -> anyhow::Result<Endpoint> {
    if !url.starts_with("https://") {
        anyhow::bail!(
            "{url:?}: the rules and randomness services are reached over mutual TLS only; use an \
             https:// URL"
        );
    }
    // A service that is down answers UNAVAILABLE within the connect timeout, not after the
    // caller's deadline; a call that hangs is cut at the request timeout (a replay's batched
    // calls are the longest, well under it).
    Ok(Endpoint::from_shared(url.to_string())?.tls_config(tls.clone())?.connect_timeout(INTERNAL_CONNECT_TIMEOUT).timeout(INTERNAL_REQUEST_TIMEOUT))
}

/// `--randomness NAME=URL`: a node's name (what matches log) and its URL.
fn parse_node(spec: &str) -> anyhow::Result<(String, String)> {
    let (name, url) = spec.split_once('=').ok_or_else(|| anyhow::anyhow!("--randomness {spec:?}: expected NAME=URL"))?;
    let valid = !name.is_empty() && name.len() <= 64 && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if !valid {
        anyhow::bail!("--randomness {spec:?}: a node name is 1 to 64 characters of [A-Za-z0-9_.-]");
    }
    Ok((name.to_string(), url.to_string()))
}

/// `--archive-after`: how long after its end a match is archived, or `None` (off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArchiveAfter(pub Option<Duration>);

/// `--archive-after`: "off", or a number and a unit (s, m, h, d).
pub fn parse_archive_after(text: &str) -> Result<ArchiveAfter, String> {
    let text = text.trim();
    if text == "off" {
        return Ok(ArchiveAfter(None));
    }
    let unit = match text.chars().last() {
        Some('s') => 1,
        Some('m') => 60,
        Some('h') => 3600,
        Some('d') => 86_400,
        _ => return Err(format!("{text:?}: expected a number and a unit (s, m, h or d), such as 3d, or \"off\"")),
    };
    let number: u64 = text[..text.len() - 1].parse().map_err(|_| format!("{text:?}: expected a number before the unit, such as 3d"))?;
    Ok(ArchiveAfter(Some(Duration::from_secs(number.saturating_mul(unit)))))
}

/// The layout the options ask for: `--partitions`, and `--period` with `--max-match-age`.
fn log_layout(args: &OrchestratorArgs) -> anyhow::Result<eventlog::Layout> {
    let periods = match (args.period.0, args.max_match_age.0) {
        (None, _) => None,
        (Some(_), None) => anyhow::bail!("--period needs a --max-match-age (a number and a unit, such as 30d)"),
        (Some(length), Some(age)) => Some(eventlog::Periods { length_s: length.as_secs(), max_match_age_s: age.as_secs() }),
    };
    eventlog::Layout::with_periods(args.partitions, periods).map_err(|e| anyhow::anyhow!("{e}"))
}

/// Connect to the log and the two internal services, then serve the match API until shutdown.
pub async fn serve(args: OrchestratorArgs) -> anyhow::Result<()> {
    let internal = args.internal_tls.client_config("orchestrator")?;
    let public_tls = args.public_tls.server_config()?;
    let auth = args.nats.auth()?;
    let layout = log_layout(&args)?;
    let log = eventlog::JetStreamLog::connect_with_layout(&args.nats_url, args.replicas, layout, &auth)
        .await
        .map_err(|e| anyhow::anyhow!("cannot use the match log at {}: {e}", args.nats_url))?;
    let deleter: Option<Arc<dyn archive::DeletePeriod>> = match &args.archiver_nats_user {
        None => None,
        Some(user) => {
            let archiver =
                eventlog::NatsClientArgs { nats_user: Some(user.clone()), nats_password_file: args.archiver_nats_password_file.clone(), ..Default::default() };
            let deleter = eventlog::StreamDeleter::connect(&args.nats_url, &archiver.auth()?)
                .await
                .map_err(|e| anyhow::anyhow!("cannot connect to {} as the archiver {user}: {e}", args.nats_url))?;
            Some(Arc::new(deleter))
        }
    };
    // The log is asked only when the key file is missing (then whether a new key may be made).
    let if_missing =
        eventlog::MissingKey::of_key_file(&args.key_file, args.new_key, &args.nats_url, log.holds_commits()).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let signer = keys::load_or_create_if(&args.key_file, if_missing)?;
    keys::remember_key_file(&args.key_file);
    // Sealed matches are read from their archive (checked under this key) when the hot log
    // no longer holds them; the archiver (below) writes them.
    let archive: Arc<dyn eventlog::Archive> = Arc::new(
        eventlog::JetStreamArchive::open(&log, args.replicas)
            .await
            .map_err(|e| anyhow::anyhow!("cannot use the archive bucket {} at {}: {e}", eventlog::ARCHIVE_BUCKET, args.nats_url))?,
    );
    let hot: Arc<dyn eventlog::EventLog> = Arc::new(log);
    let log: Arc<dyn eventlog::EventLog> = Arc::new(archive::ArchivingLog::new(hot.clone(), archive.clone(), signer.orchestrator_key()));
    // Lazy channels: the orchestrator starts even if a service comes up a moment later, and
    // each call reports UNAVAILABLE while it is down.
    let mut nodes = Vec::with_capacity(args.randomness_nodes.len());
    for spec in &args.randomness_nodes {
        let (name, url) = parse_node(spec)?;
        if nodes.iter().any(|n: &matches::RandomnessNode| n.name == name) {
            anyhow::bail!("--randomness {spec}: the node name {name:?} is given twice; each node needs its own name");
        }
        let client = RandomnessServiceClient::new(TracedChannel::new(endpoint(&url, &internal)?.connect_lazy(), "randomness"));
        nodes.push(matches::RandomnessNode { name, url, client });
    }
    if nodes.len() > fairness::v2::MAX_NODES {
        anyhow::bail!("{} randomness nodes: a match may name at most {}", nodes.len(), fairness::v2::MAX_NODES);
    }
    let randomness = match nodes.first() {
        Some(first) => first.client.clone(),
        None => RandomnessServiceClient::new(TracedChannel::new(endpoint(&args.randomness_url, &internal)?.connect_lazy(), "randomness")),
    };
    let backends = matches::Backends {
        rules: RulesServiceClient::new(TracedChannel::new(endpoint(&args.rules_url, &internal)?.connect_lazy(), "rules")),
        randomness,
        nodes,
        log,
        signer: Arc::new(signer),
    };
    let health = tonic_health::server::HealthReporter::new();
    let scrubbed = (backends.log.clone(), backends.signer.orchestrator_key());
    let matches = matches::Matches::with_cache_bytes(backends, args.cache_bytes).full_replay(args.full_replay);
    let platform = match &args.platform_key_file {
        Some(path) => platform::PlatformKey::from_file(path).map_err(|e| anyhow::anyhow!("cannot read the platform key file {}: {e}", path.display()))?,
        None => {
            tracing::warn!("no --platform-key-file: CreateMatch, ListMatches and AdjudicateMatch are open to every caller");
            platform::PlatformKey::open()
        }
    };
    let api = service::MatchApi::new(matches).watch_stall(Duration::from_millis(args.watch_stall_ms.max(1))).platform_key(platform.clone());
    // Clocks and round limits run out on time even when nobody sends a request.
    let _time_keeper = api.keep_time();
    let _warm_up = api.warm_up();
    let _scrubber = (args.scrub_every_s > 0).then(|| {
        let settings = scrub::Settings {
            every: Duration::from_secs(args.scrub_every_s),
            commits_per_second: args.scrub_commits_per_second,
            sealed_per_pass: args.scrub_sealed_per_pass,
        };
        let (log, index, key, health) = (scrubbed.0.clone(), api.index(), scrubbed.1.clone(), health.clone());
        infra::task::supervise("the log scrubber", move || scrub::run(log.clone(), index.clone(), key.clone(), settings, health.clone()))
    });
    // Each background task is started again if it dies (a panic inside a client library
    // included), never left stopped while the process looks healthy (`infra::task`).
    let _archiver = args.archive_after.0.map(|after| {
        let (index, hot, archive, signer, deleter) = (api.index(), hot.clone(), archive.clone(), api.signer(), deleter.clone());
        let every = Duration::from_secs(args.archive_every_s.max(1));
        infra::task::supervise("the archiver", move || archive::run(index.clone(), hot.clone(), archive.clone(), signer.clone(), after, every, deleter.clone()))
    });
    let _closer = api.close_old_matches();
    let service = MatchServiceServer::new(api).max_decoding_message_size(limits::MAX_REQUEST_BYTES);
    let name = <MatchServiceServer<service::MatchApi> as tonic::server::NamedService>::NAME;
    let web = (!args.no_grpc_web).then(|| api::server::GrpcWeb { cors_origins: args.cors_origins.clone() });
    let limiter = Arc::new(abuse::RateLimiter::new(&args.abuse));
    let routes = tonic::service::Routes::new(abuse::RateLimited::new(service, limiter, platform));
    let limits = api::server::ConnectionLimits {
        per_address: (args.abuse.max_connections_per_address > 0).then_some(args.abuse.max_connections_per_address),
        ..api::server::ConnectionLimits::PUBLIC
    };
    api::server::serve_with("arbiter-orchestrator", args.listen, name, routes, public_tls, limits, health, web).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archive_after_takes_a_unit_or_off() {
        assert_eq!(parse_archive_after("3d").unwrap().0, Some(Duration::from_secs(3 * 86_400)));
        assert_eq!(parse_archive_after("90s").unwrap().0, Some(Duration::from_secs(90)));
        assert_eq!(parse_archive_after("off").unwrap().0, None);
        for bad in ["3", "d", "3w", "-1h"] {
            assert!(parse_archive_after(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_randomness_node_is_name_equals_url_with_a_plain_name() {
        assert_eq!(parse_node("league=https://10.0.0.7:50053").unwrap(), ("league".to_string(), "https://10.0.0.7:50053".to_string()));
        for bad in ["https://10.0.0.7:50053", "=https://x", "a b=https://x", "ü=https://x"] {
            let err = parse_node(bad).unwrap_err().to_string();
            assert!(err.contains("--randomness"), "{bad}: {err}");
        }
    }
}
