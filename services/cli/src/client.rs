//! The gRPC client side: connecting to the orchestrator, seat tokens, and readable errors.

use std::path::PathBuf;
use std::time::Duration;

use api::match_v1::match_service_client::MatchServiceClient;
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint};
use tonic::{Code, Request, Status};

/// Default orchestrator address (what `arbiter up` listens on).
pub const DEFAULT_ORCHESTRATOR: &str = "http://127.0.0.1:50051";

pub type Client = MatchServiceClient<Channel>;

/// The CA certificate that `https://` orchestrator URLs are checked against (`--tls-ca`).
static TLS_CA: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Trust the match API certificates signed by the CA in `path` (PEM), for `https://` URLs.
/// The first call wins.
pub fn set_tls_ca(path: PathBuf) {
    let _ = TLS_CA.set(path);
}

/// A client of the match API at `url`. The connection is made on the first call, so a server
/// that is down shows up as an `UNAVAILABLE` status of that call. An `https://` URL is
/// reached over TLS, trusting the CA given to [`set_tls_ca`].
pub fn connect(url: &str) -> anyhow::Result<Client> {
    let url = if url.contains("://") { url.to_string() } else { format!("http://{url}") };
    let mut endpoint = Endpoint::from_shared(url.clone())
        .map_err(|e| anyhow::anyhow!("{url:?} is not a valid orchestrator URL: {e}"))?
        .connect_timeout(Duration::from_secs(5));
    if url.starts_with("https://") {
        let ca = TLS_CA.get().ok_or_else(|| {
            anyhow::anyhow!(
                "{url} is served over TLS: pass --tls-ca FILE (or set ARBITER_TLS_CA) with the PEM \
                 certificate of the CA that signed its certificate"
            )
        })?;
        let pem = std::fs::read(ca).map_err(|e| anyhow::anyhow!("cannot read the CA certificate {}: {e}", ca.display()))?;
        endpoint = endpoint
            .tls_config(ClientTlsConfig::new().ca_certificate(Certificate::from_pem(pem)))
            .map_err(|e| anyhow::anyhow!("cannot use the CA certificate {}: {e}", ca.display()))?;
    }
    Ok(MatchServiceClient::new(endpoint.connect_lazy()))
}

/// The platform API key sent with platform operations (CreateMatch, ListMatches), if known.
static PLATFORM_KEY: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Send `key` with platform operations from now on. The first call wins.
pub fn set_platform_key(key: String) {
    let _ = PLATFORM_KEY.set(key);
}

/// Use the key in `path` (`--platform-key-file`), or else the one `arbiter up` wrote to the
/// default data dir `.arbiter`, if there is one: so the README's commands need no extra step.
pub fn load_platform_key(path: Option<&std::path::Path>) -> anyhow::Result<()> {
    match path {
        Some(path) => {
            let key = orchestrator::platform::read_key_file(path).map_err(|e| anyhow::anyhow!("cannot read the platform key file {}: {e}", path.display()))?;
            set_platform_key(key);
        }
        None => {
            if let Some(key) = orchestrator::platform::read_key(std::path::Path::new(".arbiter")) {
                set_platform_key(key);
            }
        }
    }
    Ok(())
}

/// A platform operation's request: with the platform key when one is known (else the server
/// answers UNAUTHENTICATED if it needs one, and the error says where the key is).
pub fn platform_request<T>(msg: T) -> anyhow::Result<Request<T>> {
    request(msg, PLATFORM_KEY.get().map(String::as_str))
}

/// A request carrying `token` as `authorization: Bearer <token>` when there is one.
pub fn request<T>(msg: T, token: Option<&str>) -> anyhow::Result<Request<T>> {
    let mut req = Request::new(msg);
    if let Some(token) = token {
        let value = format!("Bearer {token}").parse().map_err(|_| anyhow::anyhow!("the seat token contains characters that cannot be sent in a header"))?;
        req.metadata_mut().insert("authorization", value);
    }
    Ok(req)
}

/// The canonical name of a gRPC code (`UNAVAILABLE`).
pub fn code_name(code: Code) -> &'static str {
    match code {
        Code::Ok => "OK",
        Code::Cancelled => "CANCELLED",
        Code::Unknown => "UNKNOWN",
        Code::InvalidArgument => "INVALID_ARGUMENT",
        Code::DeadlineExceeded => "DEADLINE_EXCEEDED",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::ResourceExhausted => "RESOURCE_EXHAUSTED",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::Aborted => "ABORTED",
        Code::OutOfRange => "OUT_OF_RANGE",
        Code::Unimplemented => "UNIMPLEMENTED",
        Code::Internal => "INTERNAL",
        Code::Unavailable => "UNAVAILABLE",
        Code::DataLoss => "DATA_LOSS",
        Code::Unauthenticated => "UNAUTHENTICATED",
    }
}

/// What to try when a call fails with `code`.
pub fn hint(code: Code) -> Option<&'static str> {
    Some(match code {
        Code::Unavailable => "is `arbiter up` running? (or pass --orchestrator URL)",
        Code::Unauthenticated => "pass the seat token JoinMatch gave you with --token; to create or list matches, the platform key (--platform-key-file, default .arbiter/secrets/platform.key)",
        Code::PermissionDenied => "check --seat and its --join-code (or --token): they must belong to the same seat",
        Code::Aborted => "the match moved on meanwhile; fetch the pending decision and try again",
        Code::FailedPrecondition => "the match is not in a state that allows this (not started, not your turn, or ended)",
        Code::InvalidArgument => "check the match id and the arguments",
        Code::DeadlineExceeded => "the server is slow or stuck; try again",
        Code::Internal => "a server bug or a corrupted log: see the service logs",
        _ => return None,
    })
}

/// `error: <message> (<CODE>)` and a hint line.
pub fn describe_status(s: &Status) -> String {
    let mut out = format!("error: {} ({})", s.message(), code_name(s.code()));
    if let Some(h) = hint(s.code()) {
        out.push_str("\n  hint: ");
        out.push_str(h);
    }
    out
}

/// A readable report of any error: gRPC statuses with their code and a hint.
pub fn describe_error(e: &anyhow::Error) -> String {
    for cause in e.chain() {
        if let Some(s) = cause.downcast_ref::<Status>() {
            let context = e.to_string();
            let mut out = describe_status(s);
            if !context.contains(s.message()) && context != s.to_string() {
                out = format!(
                    "error: {context}: {} ({}){}",
                    s.message(),
                    code_name(s.code()),
                    match hint(s.code()) {
                        Some(h) => format!("\n  hint: {h}"),
                        None => String::new(),
                    }
                );
            }
            return out;
        }
    }
    let mut out = format!("error: {e}");
    for cause in e.chain().skip(1) {
        out.push_str(&format!("\n  caused by: {cause}"));
    }
    out
}

/// Create a match with one seat per name (default decks) and join every seat, each with its own
/// entropy from the OS, registering `public_key(match_id, seat)` as the seat's key (empty: an
/// unsigned seat). Returns the creation reply and the seat tokens in seat order.
pub async fn create_and_join_all(
    api: &mut Client,
    ruleset: &str,
    names: &[String],
    public_key: impl Fn(&str, u32) -> anyhow::Result<Vec<u8>>,
) -> anyhow::Result<(api::match_v1::CreateMatchResponse, Vec<String>)> {
    use anyhow::Context;
    use api::match_v1 as m;
    use rand::RngCore;
    let created = api
        .create_match(platform_request(m::CreateMatchRequest {
            ruleset: ruleset.to_string(),
            seats: names.iter().map(|n| m::SeatSpec { name: n.clone(), deck: String::new(), ..Default::default() }).collect(),
            options: Default::default(),
            ..Default::default()
        })?)
        .await
        .context("CreateMatch")?
        .into_inner();
    let mut tokens = Vec::new();
    for cred in &created.seats {
        let mut entropy = vec![0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut entropy);
        let joined = api
            .join_match(m::JoinMatchRequest {
                match_id: created.match_id.clone(),
                seat: cred.seat,
                join_code: cred.join_code.clone(),
                entropy,
                seat_public_key: public_key(&created.match_id, cred.seat)?,
            })
            .await
            .with_context(|| format!("JoinMatch (seat {})", cred.seat))?
            .into_inner();
        tokens.push(joined.seat_token);
    }
    Ok((created, tokens))
}

/// What a SubmitDecision reply says comes next, as GetPendingDecision would say it, so a client
/// needs no second call; `None` from a server that does not fill it in (status unspecified).
pub fn next_of(resp: &api::match_v1::SubmitDecisionResponse) -> Option<api::match_v1::GetPendingDecisionResponse> {
    use api::match_v1 as m;
    (resp.status != m::MatchStatus::Unspecified as i32).then(|| m::GetPendingDecisionResponse {
        version: resp.version,
        decision: resp.next_decision.clone(),
        waiting_for_seat: resp.waiting_for_seat,
        status: resp.status,
        chain_hash: resp.chain_hash.clone(),
        system_wait: resp.system_wait.clone(),
    })
}

/// Where `arbiter play` keeps the key of `seat` in `match_id` unless told otherwise.
pub fn default_seat_key_path(match_id: &str, seat: u32) -> std::path::PathBuf {
    std::path::Path::new(".arbiter").join("seat-keys").join(format!("{match_id}-seat{seat}.key"))
}

/// The seat's Ed25519 signing key kept at `path` (its 32-byte secret seed in hex), created
/// there with mode 0600 from the OS's randomness when the file does not exist yet.
pub fn load_or_create_seat_key(path: &std::path::Path) -> anyhow::Result<fairness::Signer> {
    use anyhow::Context;
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let seed: [u8; 32] = hex::decode(text.trim())
                .ok()
                .and_then(|b| b.try_into().ok())
                .with_context(|| format!("{} does not hold a seat key (64 hex digits)", path.display()))?;
            Ok(fairness::Signer::from_seed(&seed))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            use rand::RngCore;
            let mut seed = [0u8; 32];
            rand::rngs::OsRng.fill_bytes(&mut seed);
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            }
            infra::private_file::write_new(path, format!("{}\n", hex::encode(seed)).as_bytes()).with_context(|| format!("creating {}", path.display()))?;
            Ok(fairness::Signer::from_seed(&seed))
        }
        Err(e) => Err(anyhow::Error::new(e).context(format!("reading {}", path.display()))),
    }
}

/// The `seat_signature` of a decision: the seat's signature of its choice against the commit
/// whose chain hash the server returned with the decision (docs/log.md, "Seat-signed acts");
/// empty for an unsigned seat (`signer` None).
pub fn sign_decision(
    signer: Option<&fairness::Signer>,
    match_id: &str,
    seat: u32,
    against: &[u8],
    decision_id: u64,
    choice: &api::match_v1::Choice,
) -> anyhow::Result<Vec<u8>> {
    let Some(signer) = signer else { return Ok(Vec::new()) };
    let against: &[u8; 32] = against.try_into().map_err(|_| anyhow::anyhow!("the server sent no 32-byte chain_hash to sign against (an older server?)"))?;
    let choice = api::seat::choice_of(Some(choice)).ok_or_else(|| anyhow::anyhow!("a choice without a value"))?;
    let act = fairness::seat::Act::Decision { decision_id, choice: &choice };
    Ok(fairness::seat::sign_act(signer, match_id, seat, against, act).to_vec())
}
