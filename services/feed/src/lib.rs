//! The public feed: a projector that turns every commit of the match log into what a
//! spectator may see of it and publishes it on the `FEED` stream, for tournament platforms and
//! stock NATS clients (`docs/feed.md`).
//!
//! Owns: the `FEED` stream (created here, never changed), its subjects
//! `feed.<tournament>.<match>.events` (one proto3-style JSON [`view::FeedUpdate`] per commit) and
//! `feed.<tournament>.<match>.result` (one [`view::FeedResult`] when the match ends), each
//! carrying its commit's chain hash (a platform's witness of the log, `arbiter audit --witness`), the
//! per-match delay (`spectator_delay_s`), the relay of wait notices to
//! `feed.<tournament>.<match>.wait` ([`waits`]: a match that waits for the system), and
//! rebuilding the feed from the log after a restart.
//! In memory it keeps state for live matches only: a match's state is dropped once its last
//! commit (the secret's reveal) is projected and published, and only the ids of the most recently
//! closed matches stay ([`view::CLOSED_REMEMBERED`]), to refuse by name anything logged after
//! their end.
//!
//! Must never: publish anything a spectator may not see (every view is
//! `api::convert::spectator_update`, the redaction of `WatchMatch`); publish a commit that fails
//! the signed hash chain (nor any later commit of that match), or before an orchestrator
//! signature that binds it (its own or a later commit's, `view::Projection::accept_batch`) has
//! verified; publish a version twice or skip
//! one (versions in order per subject, `Nats-Msg-Id` `<match>/<version>` and the expected last
//! subject sequence); project anything logged after a match's last commit (a late commit, a
//! replayed commit 1: the match never starts again, its result is published once); write the
//! match log or the snapshots (its NATS user `projector` may not).

pub mod project;
pub mod view;
pub mod waits;

use std::net::SocketAddr;

/// Errors of the feed.
#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    /// A commit that fails the signed hash chain: it is not projected.
    #[error("match {match_id} version {version} fails the log's signed hash chain and is not projected: {detail}")]
    Tampered { match_id: String, version: u64, detail: String },
    /// A commit logged after the match's last one (the secret's reveal): the log should hold
    /// none, so it is refused, never projected, and logged for an operator.
    #[error(
        "match {match_id} ended with version {last_version} (the secret's reveal, its last commit), yet the log holds \
         a commit after it (it says version {claimed}): it is not projected. The log should hold nothing after the \
         reveal: check this match's log (`arbiter audit`) and who wrote to it"
    )]
    AfterEnd { match_id: String, last_version: u64, claimed: String },
    /// NATS is down or refused a call; retried where that makes sense.
    #[error("NATS: {0}")]
    Nats(String),
    #[error("{0}")]
    Config(String),
}

/// `arbiter serve feed`.
#[derive(Clone, Debug, clap::Args)]
pub struct FeedArgs {
    /// Address of the gRPC health endpoint (port 0 picks a free port and prints it). The feed
    /// itself is on NATS.
    #[arg(long, env = "ARBITER_FEED_LISTEN", default_value = "127.0.0.1:50054")]
    pub listen: SocketAddr,
    /// NATS server(s) holding the match log; several comma-separated URLs for a cluster.
    #[arg(long, env = "ARBITER_NATS_URL", default_value = "nats://127.0.0.1:4222")]
    pub nats_url: String,
    /// NATS credentials: the `projector` user (reads the match log, writes `feed.>`).
    #[command(flatten)]
    pub nats: eventlog::NatsClientArgs,
    /// Replicas of the FEED stream when this creates it (the number of cluster nodes).
    #[arg(long, env = "ARBITER_FEED_REPLICAS", default_value_t = 1)]
    pub replicas: usize,
    /// Hex Ed25519 public key of the deployment's orchestrator: only matches created under it
    /// are projected. Without it, each match's chain is checked under the key its first commit
    /// names (as the randomness service does).
    #[arg(long, env = "ARBITER_ORCHESTRATOR_PUBLIC_KEY")]
    pub orchestrator_public_key: Option<String>,
}

/// Run the projector until Ctrl-C or SIGTERM, with a health endpoint on `--listen`.
pub async fn serve(args: FeedArgs) -> anyhow::Result<()> {
    let pinned = match &args.orchestrator_public_key {
        Some(text) => {
            let key = hex::decode(text.trim())
                .ok()
                .filter(|k| k.len() == 32)
                .ok_or_else(|| anyhow::anyhow!("--orchestrator-public-key must be 64 hex digits (an Ed25519 public key)"))?;
            Some(key)
        }
        None => None,
    };
    let auth = args.nats.auth()?;
    let projector = project::Projector::connect(&args.nats_url, &auth, args.replicas, pinned)
        .await
        .map_err(|e| anyhow::anyhow!("cannot start the feed projector on {}: {e}", args.nats_url))?;
    let health = api::server::serve("feed", args.listen, "arbiter.feed", tonic::service::Routes::default(), None);
    tokio::select! {
        r = projector.run() => r.map_err(|e| anyhow::anyhow!("the feed projector stopped: {e}")),
        r = health => r.map_err(|e| anyhow::anyhow!("{e}")),
    }
}
