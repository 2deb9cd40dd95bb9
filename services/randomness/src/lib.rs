//! The randomness service: answers addressed draws (d20s, dice, shuffles) with Ed25519-signed
//! outcomes, and reveals a match's secret once its log records the end.
//!
//! Owns: the master secret (from which each match's secret is derived, so the service keeps
//! no per-match state of its own and can restart or scale out) and the signing key, both in one
//! key file; a bounded cache of the logs it has already checked (only a cache: the log decides).
//! Must never: reveal a secret before the match's log says it ended, draw anything the log does
//! not await (the last commit's draw, with the logged seat entropies), trust a commit that
//! fails the log's signed hash chain or act on one before the orchestrator signature that binds
//! it (its own or a later commit's, `docs/log.md`) has verified, draw with anything but the
//! `fairness` scheme, or log a secret.

mod error;
mod keys;
mod service;
mod verified;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use api::randomness_v1::randomness_service_server::RandomnessServiceServer;

pub use error::RandomnessError;
pub use keys::Keys;
pub use service::Randomness;

/// Command-line options of `arbiter-randomness` (also `arbiter serve randomness`).
#[derive(Clone, Debug, clap::Args)]
pub struct RandomnessArgs {
    /// Address to listen on (port 0 picks a free port and prints it).
    #[arg(long, env = "ARBITER_RANDOMNESS_LISTEN", default_value = "127.0.0.1:50053")]
    pub listen: SocketAddr,
    /// NATS server holding the match log (read to check that a match ended before a reveal).
    #[arg(long, env = "ARBITER_NATS_URL", default_value = "nats://127.0.0.1:4222")]
    pub nats_url: String,
    /// NATS credentials: the `randomness` user, which may only read the log.
    #[command(flatten)]
    pub nats: eventlog::NatsClientArgs,
    /// The key file (master secret and signing seed). If it is missing, fresh keys are made
    /// only when the match log holds no commit; otherwise the service refuses to start.
    #[arg(long, env = "ARBITER_KEY_FILE", default_value = ".arbiter/keys/randomness.json")]
    pub key_file: PathBuf,
    /// Make fresh keys if the key file is missing although the log holds matches (they are
    /// then refused until their key file is restored). An existing key file is never replaced.
    #[arg(long, env = "ARBITER_RANDOMNESS_NEW_KEY")]
    pub new_key: bool,
    /// Mutual TLS: only clients with a certificate signed by --internal-ca are served.
    #[command(flatten)]
    pub tls: api::tls::InternalTlsArgs,
}

pub async fn serve(args: RandomnessArgs) -> anyhow::Result<()> {
    let tls = args.tls.server_config("randomness")?;
    let auth = args.nats.auth()?;
    // A reader: this service never writes the log.
    let log = eventlog::JetStreamLog::connect_reader(&args.nats_url, &auth)
        .await
        .map_err(|e| anyhow::anyhow!("cannot read the match log at {}: {e}", args.nats_url))?;
    // The log is asked only when the key file is missing (then whether new keys may be made).
    let if_missing =
        eventlog::MissingKey::of_key_file(&args.key_file, args.new_key, &args.nats_url, log.holds_commits()).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let keys = Keys::load_or_create_if(&args.key_file, if_missing)?;
    let service = RandomnessServiceServer::new(Randomness::new(keys, Arc::new(log))).max_decoding_message_size(64 * 1024);
    let name = <RandomnessServiceServer<Randomness> as tonic::server::NamedService>::NAME;
    api::server::serve("arbiter-randomness", args.listen, name, tonic::service::Routes::new(service), Some(tls)).await?;
    Ok(())
}

#[cfg(test)]
mod tests;
