//! The randomness service: answers addressed draws (d20s, dice, shuffles) with Ed25519-signed
//! outcomes, and reveals a match's secret once its log records the end.
//!
//! Owns: the master secret (from which each match's secret is derived, so the service keeps
//! no per-match state and can restart or scale out) and the signing key, both in one key file.
//! Must never: reveal a secret before the match's log says it ended, draw with anything but the
//! `fairness` scheme, or log a secret.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use api::log_v1::Commit;
use api::randomness_v1 as rnd;
use api::randomness_v1::randomness_service_server::{RandomnessService, RandomnessServiceServer};
use api::rules_v1::awaiting::What;
use eventlog::EventLog;
use fairness::{DrawKind, Signer};
use prost::Message;
use rand::RngCore;
use tonic::{Request, Response, Status};

/// The service's secrets, as kept in its key file (hex JSON, created on first start).
#[derive(serde::Serialize, serde::Deserialize)]
struct KeyFile {
    scheme: String,
    master_secret: String,
    signing_seed: String,
}

pub struct Keys {
    master: [u8; 32],
    signer: Signer,
}

impl Keys {
    pub fn from_bytes(master: [u8; 32], signing_seed: [u8; 32]) -> Self {
        Keys { master, signer: Signer::from_seed(&signing_seed) }
    }

    /// Load the key file, or create it with fresh secrets (mode 0600) if it does not exist.
    pub fn load_or_create(path: &Path) -> anyhow::Result<Self> {
        let decode = |field: &str, text: &str| -> anyhow::Result<[u8; 32]> {
            let bytes = hex::decode(text).map_err(|e| anyhow::anyhow!("{field} in {} is not hex: {e}", path.display()))?;
            bytes.try_into().map_err(|_| anyhow::anyhow!("{field} in {} must be 32 bytes", path.display()))
        };
        if path.exists() {
            let file: KeyFile = serde_json::from_slice(&std::fs::read(path)?)
                .map_err(|e| anyhow::anyhow!("the key file {} is not valid: {e}", path.display()))?;
            let keys = Keys::from_bytes(decode("master_secret", &file.master_secret)?, decode("signing_seed", &file.signing_seed)?);
            tracing::info!(path = %path.display(), public_key = %hex::encode(keys.signer.public_key()), "keys loaded");
            return Ok(keys);
        }
        let mut master = [0u8; 32];
        let mut seed = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut master);
        rand::rngs::OsRng.fill_bytes(&mut seed);
        let file = KeyFile { scheme: fairness::SCHEME.into(), master_secret: hex::encode(master), signing_seed: hex::encode(seed) };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        write_private(path, &serde_json::to_vec_pretty(&file)?)?;
        let keys = Keys::from_bytes(master, seed);
        tracing::info!(path = %path.display(), public_key = %hex::encode(keys.signer.public_key()), "new keys created");
        Ok(keys)
    }

    pub fn public_key(&self) -> [u8; 32] {
        self.signer.public_key()
    }
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    f.write_all(bytes)
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

pub struct Randomness {
    keys: Keys,
    log: Arc<dyn EventLog>,
}

impl Randomness {
    pub fn new(keys: Keys, log: Arc<dyn EventLog>) -> Self {
        Randomness { keys, log }
    }
}

fn check_match_id(id: &str) -> Result<(), Status> {
    eventlog::validate_match_id(id).map_err(|e| Status::invalid_argument(e.to_string()))
}

#[tonic::async_trait]
impl RandomnessService for Randomness {
    async fn commit(&self, req: Request<rnd::CommitRequest>) -> Result<Response<rnd::CommitResponse>, Status> {
        let match_id = req.into_inner().match_id;
        check_match_id(&match_id)?;
        let secret = fairness::derive_match_secret(&self.keys.master, &match_id);
        Ok(Response::new(rnd::CommitResponse {
            commitment: fairness::commitment(&match_id, &secret).to_vec(),
            scheme: fairness::SCHEME.into(),
            public_key: self.keys.public_key().to_vec(),
        }))
    }

    async fn draw(&self, req: Request<rnd::DrawRequest>) -> Result<Response<rnd::DrawResponse>, Status> {
        let req = req.into_inner();
        check_match_id(&req.match_id)?;
        let kind = match req.kind {
            Some(rnd::draw_request::Kind::Range(n)) => DrawKind::Range(n),
            Some(rnd::draw_request::Kind::Shuffle(n)) => DrawKind::Shuffle(n),
            None => return Err(Status::invalid_argument("kind is missing: set range or shuffle")),
        };
        let secret = fairness::derive_match_secret(&self.keys.master, &req.match_id);
        let key = fairness::match_key(&secret, &req.match_id, &req.seat_entropies)
            .map_err(|e| Status::invalid_argument(e.to_string()))?;
        let values = fairness::draw(&key, &req.purpose, req.index, kind).map_err(|e| Status::invalid_argument(e.to_string()))?;
        let message = fairness::outcome_message(&req.match_id, req.index, &req.purpose, kind, &values);
        let signature = self.keys.signer.sign(&message).to_vec();
        tracing::debug!(match_id = %req.match_id, index = req.index, purpose = %req.purpose, "draw");
        Ok(Response::new(rnd::DrawResponse { values, signature }))
    }

    async fn reveal(&self, req: Request<rnd::RevealRequest>) -> Result<Response<rnd::RevealResponse>, Status> {
        let match_id = req.into_inner().match_id;
        check_match_id(&match_id)?;
        // The log is the only judge of whether a match has ended.
        let commits = self.log.read(&match_id, 1).await.map_err(|e| Status::unavailable(e.to_string()))?;
        let last = commits
            .last()
            .ok_or_else(|| Status::invalid_argument(format!("there is no match with id \"{match_id}\"")))?;
        let commit = Commit::decode(last.payload.as_ref()).map_err(|e| Status::internal(format!("the last commit does not decode: {e}")))?;
        let ended = matches!(commit.awaiting.as_ref().and_then(|a| a.what.as_ref()), Some(What::Ended(_)));
        if !ended {
            return Err(Status::failed_precondition(format!(
                "match {match_id} has not ended; its secret is revealed only after the end"
            )));
        }
        tracing::info!(%match_id, "secret revealed");
        let secret = fairness::derive_match_secret(&self.keys.master, &match_id);
        Ok(Response::new(rnd::RevealResponse { secret: secret.to_vec() }))
    }

    async fn public_key(&self, _: Request<rnd::PublicKeyRequest>) -> Result<Response<rnd::PublicKeyResponse>, Status> {
        Ok(Response::new(rnd::PublicKeyResponse { public_key: self.keys.public_key().to_vec(), scheme: fairness::SCHEME.into() }))
    }
}

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
    /// The key file (master secret and signing seed); created with fresh keys if missing.
    #[arg(long, env = "ARBITER_KEY_FILE", default_value = ".arbiter/keys/randomness.json")]
    pub key_file: PathBuf,
    /// Mutual TLS: only clients with a certificate signed by --internal-ca are served.
    #[command(flatten)]
    pub tls: api::tls::InternalTlsArgs,
}

pub async fn serve(args: RandomnessArgs) -> anyhow::Result<()> {
    let tls = args.tls.server_config("randomness")?;
    let keys = Keys::load_or_create(&args.key_file)?;
    let auth = args.nats.auth()?;
    // A reader: this service never writes the log.
    let log = eventlog::JetStreamLog::connect_reader(&args.nats_url, &auth)
        .await
        .map_err(|e| anyhow::anyhow!("cannot read the match log at {}: {e}", args.nats_url))?;
    let service = RandomnessServiceServer::new(Randomness::new(keys, Arc::new(log)));
    let name = <RandomnessServiceServer<Randomness> as tonic::server::NamedService>::NAME;
    api::server::serve("arbiter-randomness", args.listen, name, tonic::service::Routes::new(service), Some(tls)).await?;
    Ok(())
}
