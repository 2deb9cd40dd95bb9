#![allow(dead_code)] // each test binary uses its own part of the harness
//! The end-to-end harness: a real `nats-server` on a free loopback port with a temporary store,
//! and the rules, randomness and orchestrator services as real processes on free ports. Each
//! test gets its own system; dropping it stops everything.
//!
//! The system is secured as `arbiter up` secures it: NATS admits only the generated per-role
//! users (passwords in `<dir>/secrets/nats`, passed by file), and rules and randomness serve
//! only mutual-TLS clients with a certificate of the local CA in `<dir>/tls`.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use anyhow::{anyhow, bail, ensure, Context, Result};
use api::match_v1::match_service_client::MatchServiceClient;
use eventlog::{NatsAuth, NatsCredentials, Role};
use eventlog_dev::server::NatsServer;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tonic::transport::Channel;

/// How long a service may take to print its "listening" line.
const START_TIMEOUT: Duration = Duration::from_secs(60);

pub struct Service {
    pub name: &'static str,
    pub addr: String,
    /// Served over (mutual) TLS: reach it at `https://`.
    pub tls: bool,
    child: Child,
}

impl Service {
    pub fn url(&self) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}", self.addr)
    }

    /// Kill the process at once (SIGKILL): no graceful shutdown, as in a crash.
    pub async fn kill(mut self) -> Result<()> {
        self.child.kill().await?;
        Ok(())
    }
}

fn node_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_arbiter-e2e-node"))
}

// Variables that would give a service other credentials than the flags the harness passes
// (the same list `arbiter up` clears).
use cli::commands::up::CREDENTIAL_ENV;

/// Spawn `arbiter serve <what> <args>` and wait for its `listening on ADDR` line.
pub async fn spawn_service(name: &'static str, args: &[String]) -> Result<Service> {
    let mut command = Command::new(node_binary());
    for var in CREDENTIAL_ENV {
        command.env_remove(var);
    }
    let tls = args.iter().any(|a| a == "--internal-ca") && name != "orchestrator";
    let mut child = command
        .arg("serve")
        .arg(name)
        .args(args)
        .env("RUST_LOG", std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("spawning the {name} service"))?;
    let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
    let mut lines = BufReader::new(stdout).lines();
    let addr = tokio::time::timeout(START_TIMEOUT, async {
        while let Some(line) = lines.next_line().await? {
            if let Some((_, addr)) = line.split_once(" listening on ") {
                return Ok::<_, anyhow::Error>(addr.trim().to_string());
            }
        }
        bail!("the {name} service exited before listening")
    })
    .await
    .with_context(|| format!("the {name} service did not start within {START_TIMEOUT:?}"))??;
    // Keep draining stdout so the child never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok(Service { name, addr, tls, child })
}

/// A whole Arbiter system on loopback.
pub struct System {
    pub nats: NatsServer,
    pub rules: Service,
    pub randomness: Service,
    pub orchestrator: Option<Service>,
    pub credentials: NatsCredentials,
    pub pki: api::tls::LocalPki,
    pub dir: tempfile::TempDir,
}

impl System {
    pub async fn start() -> Result<System> {
        System::start_with(&[]).await
    }

    /// A system whose first orchestrator gets `extra` arguments (e.g. `--partitions 4`).
    pub async fn start_with(extra: &[&str]) -> Result<System> {
        let dir = tempfile::tempdir()?;
        // The same layout and the same code as `arbiter up`.
        let credentials = NatsCredentials::load_or_create(&dir.path().join("secrets").join("nats")).map_err(|e| anyhow!("NATS credentials: {e}"))?;
        let pki = api::tls::LocalPki::load_or_create(&dir.path().join("tls"), &[])?;
        let nats = NatsServer::start(&dir.path().join("nats"), 0, &credentials).await.map_err(|e| anyhow!("starting nats-server: {e}"))?;
        let rules = spawn_service("rules", &[vec!["--listen".into(), "127.0.0.1:0".into()], tls_args(&pki, "rules")].concat()).await?;
        let randomness = spawn_service(
            "randomness",
            &[
                vec!["--listen".into(), "127.0.0.1:0".into()],
                nats_args(&nats, &credentials, Role::Randomness),
                vec!["--key-file".into(), dir.path().join("keys.json").display().to_string()],
                tls_args(&pki, "randomness"),
            ]
            .concat(),
        )
        .await?;
        let mut system = System { nats, rules, randomness, orchestrator: None, credentials, pki, dir };
        system.orchestrator = Some(system.spawn_orchestrator_with(extra).await?);
        Ok(system)
    }

    pub async fn start_orchestrator(&mut self) -> Result<()> {
        let orchestrator = self.spawn_orchestrator().await?;
        self.orchestrator = Some(orchestrator);
        Ok(())
    }

    /// Another orchestrator process on the same log, services and key (the caller owns it).
    pub async fn spawn_orchestrator(&self) -> Result<Service> {
        self.spawn_orchestrator_with(&[]).await
    }

    /// Like [`Self::spawn_orchestrator`], with extra command-line arguments.
    pub async fn spawn_orchestrator_with(&self, extra: &[&str]) -> Result<Service> {
        spawn_service("orchestrator", &[self.orchestrator_args()?, extra.iter().map(|a| a.to_string()).collect()].concat()).await
    }

    /// The `serve orchestrator` arguments of this system (on a free port).
    pub fn orchestrator_args(&self) -> Result<Vec<String>> {
        Ok([
            vec!["--listen".into(), "127.0.0.1:0".into()],
            nats_args(&self.nats, &self.credentials, Role::Orchestrator),
            vec!["--rules-url".into(), self.rules.url(), "--randomness-url".into(), self.randomness.url()],
            tls_args(&self.pki, "orchestrator"),
            vec!["--key-file".into(), self.orchestrator_key_file().display().to_string()],
            platform_key_args(self.dir.path())?,
        ]
        .concat())
    }

    /// The orchestrator's key file.
    pub fn orchestrator_key_file(&self) -> PathBuf {
        self.dir.path().join("orchestrator.json")
    }

    /// The randomness service's key file.
    pub fn randomness_key_file(&self) -> PathBuf {
        self.dir.path().join("keys.json")
    }

    /// Kill the orchestrator process (SIGKILL) as in a crash.
    pub async fn kill_orchestrator(&mut self) -> Result<()> {
        if let Some(o) = self.orchestrator.take() {
            o.kill().await?;
        }
        Ok(())
    }

    pub fn orchestrator_url(&self) -> Result<String> {
        self.orchestrator.as_ref().map(|o| o.url()).ok_or_else(|| anyhow!("the orchestrator is not running"))
    }

    pub async fn client(&self) -> Result<MatchServiceClient<Channel>> {
        Ok(MatchServiceClient::connect(self.orchestrator_url()?).await?)
    }

    /// How `role` authenticates to this system's NATS server.
    pub fn nats_auth(&self, role: Role) -> NatsAuth {
        self.credentials.auth(role)
    }

    /// A plain NATS client logged in as `role`.
    pub async fn nats_client(&self, role: Role) -> Result<async_nats::Client> {
        Ok(self.nats_auth(role).connect_options().await?.connect(self.nats.url()).await?)
    }

    /// The match log as an operator sees it (the `admin` user: it may do what no service may,
    /// such as appending a forged commit in a test).
    pub async fn admin_log(&self) -> Result<eventlog::JetStreamLog> {
        eventlog::JetStreamLog::connect(&self.nats.url(), 1, &self.nats_auth(Role::Admin)).await.map_err(|e| anyhow!("{e}"))
    }

    /// Every commit of a match as stored in the log, read straight from NATS.
    pub async fn log_len(&self, match_id: &str) -> Result<usize> {
        use eventlog::EventLog;
        let log = self.admin_log().await?;
        Ok(log.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))?.len())
    }

    /// A mutual-TLS channel to the rules service, as the orchestrator makes it.
    pub async fn rules_channel(&self) -> Result<Channel> {
        self.internal_channel(&self.rules).await
    }

    /// A mutual-TLS channel to the randomness service, as the orchestrator makes it.
    pub async fn randomness_channel(&self) -> Result<Channel> {
        self.internal_channel(&self.randomness).await
    }

    async fn internal_channel(&self, service: &Service) -> Result<Channel> {
        let tls = self.pki.args("orchestrator").client_config("orchestrator")?;
        Ok(tonic::transport::Endpoint::from_shared(service.url())?.tls_config(tls)?.connect().await?)
    }
}

/// `--internal-ca/--internal-cert/--internal-key` of `service`.
pub fn tls_args(pki: &api::tls::LocalPki, service: &str) -> Vec<String> {
    vec![
        "--internal-ca".into(),
        pki.ca().display().to_string(),
        "--internal-cert".into(),
        pki.cert(service).display().to_string(),
        "--internal-key".into(),
        pki.key(service).display().to_string(),
    ]
}

/// `--nats-url/--nats-user/--nats-password-file` of `role`.
pub fn nats_args(nats: &NatsServer, credentials: &NatsCredentials, role: Role) -> Vec<String> {
    vec![
        "--nats-url".into(),
        nats.url(),
        "--nats-user".into(),
        role.name().into(),
        "--nats-password-file".into(),
        credentials.password_file(role).display().to_string(),
    ]
}

// ---- clients playing a match ----

use api::match_v1 as m;
use tonic::Request;

/// A request carrying a seat token.
pub fn with_token<T>(msg: T, token: &str) -> Request<T> {
    let mut req = Request::new(msg);
    if let Ok(v) = format!("Bearer {token}").parse() {
        req.metadata_mut().insert("authorization", v);
    }
    req
}

/// A created match whose seats have all joined.
pub struct Table {
    pub match_id: String,
    pub tokens: Vec<String>,
    pub public_key: Vec<u8>,
}

pub async fn create_and_join(client: &mut MatchServiceClient<Channel>, players: usize) -> Result<Table> {
    create_and_join_ruleset(client, "mainframe", players).await
}

pub async fn create_and_join_ruleset(client: &mut MatchServiceClient<Channel>, ruleset: &str, players: usize) -> Result<Table> {
    let request = m::CreateMatchRequest {
        ruleset: ruleset.into(),
        seats: (0..players).map(|i| m::SeatSpec { name: format!("Bot {}", i + 1), deck: String::new(), ..Default::default() }).collect(),
        options: Default::default(),
        ..Default::default()
    };
    create_and_join_request(client, request).await
}

/// Create the match `request` describes (with the platform key) and join every seat.
pub async fn create_and_join_request(client: &mut MatchServiceClient<Channel>, request: m::CreateMatchRequest) -> Result<Table> {
    let created = client.create_match(platform(request)).await?.into_inner();
    let mut tokens = Vec::new();
    for seat in &created.seats {
        let joined = client
            .join_match(m::JoinMatchRequest {
                match_id: created.match_id.clone(),
                seat: seat.seat,
                join_code: seat.join_code.clone(),
                entropy: vec![seat.seat as u8 + 1; 32],
                ..Default::default()
            })
            .await?
            .into_inner();
        tokens.push(joined.seat_token);
    }
    Ok(Table { match_id: created.match_id, tokens, public_key: created.randomness_public_key })
}

/// A small deterministic generator for the bots (tests only).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// A random legal answer to a decision (among the options the server offered).
pub fn random_choice(decision: &m::Decision, rng: &mut Rng) -> Result<m::Choice> {
    use m::decision::Spec;
    let value = match decision.spec.as_ref().ok_or_else(|| anyhow!("decision without options"))? {
        Spec::Pick(p) => {
            let lo = p.min as usize;
            let hi = (p.max as usize).min(p.options.len());
            let n = lo + rng.below(hi.saturating_sub(lo) + 1);
            let mut ids: Vec<String> = p.options.iter().map(|o| o.id.clone()).collect();
            let mut picked = Vec::new();
            for _ in 0..n {
                let i = rng.below(ids.len());
                picked.push(ids.remove(i));
            }
            m::choice::Value::Pick(m::PickChoice { option_ids: picked })
        }
        Spec::Number(n) => {
            let span = (n.max - n.min) as u64 + 1;
            m::choice::Value::Number(n.min + (rng.next() % span) as i64)
        }
        Spec::Split(s) => {
            let mut parts: Vec<m::SplitPart> = s.targets.iter().map(|t| m::SplitPart { target_id: t.id.clone(), amount: 0 }).collect();
            for _ in 0..s.amount {
                let i = rng.below(parts.len());
                if let Some(p) = parts.get_mut(i) {
                    p.amount += 1;
                }
            }
            m::choice::Value::Split(m::SplitChoice { parts })
        }
        Spec::Order(o) => {
            let mut ids: Vec<String> = o.items.iter().map(|i| i.id.clone()).collect();
            let mut order = Vec::new();
            while !ids.is_empty() {
                let i = rng.below(ids.len());
                order.push(ids.remove(i));
            }
            m::choice::Value::Order(m::OrderChoice { item_ids: order })
        }
    };
    Ok(m::Choice { value: Some(value) })
}

/// The seat the match waits for and its decision, or `None` once it has ended.
pub async fn pending(client: &mut MatchServiceClient<Channel>, table: &Table) -> Result<Option<(usize, m::Decision)>> {
    let mut view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    // A draw slower than a request waits for (a loaded machine) leaves the match waiting for
    // the system for a moment (`system_wait`): its background driver makes the draw.
    for _ in 0..500 {
        if view.pending.is_some() || view.status == m::MatchStatus::Ended as i32 || view.system_wait.is_none() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    }
    if view.status == m::MatchStatus::Ended as i32 {
        return Ok(None);
    }
    let seat = view.pending.ok_or_else(|| anyhow!("match in progress without a pending decision (system_wait: {:?})", view.system_wait))?.seat as usize;
    let token = table.tokens.get(seat).ok_or_else(|| anyhow!("no token for seat {seat}"))?;
    let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: table.match_id.clone() }, token)).await?.into_inner();
    let decision = p.decision.ok_or_else(|| anyhow!("seat {seat} has no decision though the match waits for it"))?;
    Ok(Some((seat, decision)))
}

/// The seat to decide, its decision and the chain hash a seat signs it against (`None`: the
/// match has ended); `tokens` are the seats' tokens, by seat.
pub async fn pending_to_sign(client: &mut MatchServiceClient<Channel>, match_id: &str, tokens: &[String]) -> Result<Option<(u32, m::Decision, [u8; 32])>> {
    for _ in 0..200 {
        let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: match_id.to_string() }, &tokens[0])).await?.into_inner();
        if p.status == m::MatchStatus::Ended as i32 {
            return Ok(None);
        }
        // No seat: the match waits for the system a moment (`system_wait`), a slow draw.
        let Some(seat) = p.waiting_for_seat else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let token = tokens.get(seat as usize).context("no token of the deciding seat")?;
        let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: match_id.to_string() }, token)).await?.into_inner();
        let decision = p.decision.context("the deciding seat sees no decision")?;
        let hash: [u8; 32] = p.chain_hash.as_slice().try_into().map_err(|_| anyhow!("no 32-byte chain_hash"))?;
        return Ok(Some((seat, decision, hash)));
    }
    bail!("the match waits for neither a seat nor its end")
}

/// Answer the pending decision with a random offered option. Returns the new version, or
/// `None` if the match has ended.
pub async fn play_one(client: &mut MatchServiceClient<Channel>, table: &Table, rng: &mut Rng) -> Result<Option<u64>> {
    let Some((seat, decision)) = pending(client, table).await? else {
        return Ok(None);
    };
    let choice = random_choice(&decision, rng)?;
    let reply = client
        .submit_decision(with_token(
            m::SubmitDecisionRequest {
                match_id: table.match_id.clone(),
                decision_id: decision.decision_id,
                choice: Some(choice),
                idempotency_key: format!("d{}", decision.decision_id),
                ..Default::default()
            },
            &table.tokens[seat],
        ))
        .await?
        .into_inner();
    Ok(Some(reply.version))
}

// ---- a three-node JetStream cluster ----

use eventlog_dev::cluster::NatsCluster;

/// Start the randomness service and an orchestrator on the NATS at `nats_url` (one URL or a
/// cluster's URLs separated by commas), with `System`'s key files in `dir`; the orchestrator
/// creates the stream and the snapshot bucket with `replicas` replicas.
pub async fn start_log_services(
    dir: &std::path::Path,
    nats_url: &str,
    credentials: &NatsCredentials,
    pki: &api::tls::LocalPki,
    rules: &Service,
    replicas: usize,
) -> Result<(Service, Service)> {
    start_log_services_with(dir, nats_url, credentials, pki, rules, replicas, &[]).await
}

/// [`start_log_services`] with `extra` arguments for the orchestrator (e.g. `--partitions 3`).
pub async fn start_log_services_with(
    dir: &std::path::Path,
    nats_url: &str,
    credentials: &NatsCredentials,
    pki: &api::tls::LocalPki,
    rules: &Service,
    replicas: usize,
    extra: &[String],
) -> Result<(Service, Service)> {
    let randomness = spawn_service(
        "randomness",
        &[
            vec!["--listen".into(), "127.0.0.1:0".into()],
            nats_url_args(nats_url, credentials, Role::Randomness),
            vec!["--key-file".into(), dir.join("keys.json").display().to_string()],
            tls_args(pki, "randomness"),
        ]
        .concat(),
    )
    .await?;
    let orchestrator = spawn_log_orchestrator_with(dir, nats_url, credentials, pki, rules, &randomness, replicas, extra).await?;
    Ok((randomness, orchestrator))
}

/// An orchestrator on the NATS at `nats_url` (one URL or several separated by commas) with the
/// key file in `dir`: every orchestrator started this way shares the signing key.
pub async fn spawn_log_orchestrator(
    dir: &std::path::Path,
    nats_url: &str,
    credentials: &NatsCredentials,
    pki: &api::tls::LocalPki,
    rules: &Service,
    randomness: &Service,
    replicas: usize,
) -> Result<Service> {
    spawn_log_orchestrator_with(dir, nats_url, credentials, pki, rules, randomness, replicas, &[]).await
}

/// [`spawn_log_orchestrator`] with `extra` arguments.
#[allow(clippy::too_many_arguments)]
pub async fn spawn_log_orchestrator_with(
    dir: &std::path::Path,
    nats_url: &str,
    credentials: &NatsCredentials,
    pki: &api::tls::LocalPki,
    rules: &Service,
    randomness: &Service,
    replicas: usize,
    extra: &[String],
) -> Result<Service> {
    spawn_service(
        "orchestrator",
        &[
            vec!["--listen".into(), "127.0.0.1:0".into()],
            nats_url_args(nats_url, credentials, Role::Orchestrator),
            vec!["--replicas".into(), replicas.to_string()],
            vec!["--rules-url".into(), rules.url(), "--randomness-url".into(), randomness.url()],
            tls_args(pki, "orchestrator"),
            vec!["--key-file".into(), dir.join("orchestrator.json").display().to_string()],
            platform_key_args(dir)?,
            extra.to_vec(),
        ]
        .concat(),
    )
    .await
}

fn nats_url_args(nats_url: &str, credentials: &NatsCredentials, role: Role) -> Vec<String> {
    vec![
        "--nats-url".to_string(),
        nats_url.to_string(),
        "--nats-user".into(),
        role.name().into(),
        "--nats-password-file".into(),
        credentials.password_file(role).display().to_string(),
    ]
}

/// A whole Arbiter system on a three-node JetStream cluster: the services connect to every
/// node, the stream and the snapshot bucket have three replicas.
pub struct ClusterSystem {
    pub cluster: NatsCluster,
    pub rules: Service,
    pub randomness: Service,
    pub orchestrator: Service,
    pub credentials: NatsCredentials,
    pub pki: api::tls::LocalPki,
    pub dir: tempfile::TempDir,
    /// The orchestrators' `--partitions`.
    pub partitions: usize,
}

impl ClusterSystem {
    pub async fn start() -> Result<ClusterSystem> {
        ClusterSystem::start_partitioned(1).await
    }

    /// A cluster system whose match log has `partitions` streams.
    pub async fn start_partitioned(partitions: usize) -> Result<ClusterSystem> {
        let dir = tempfile::tempdir()?;
        let credentials = NatsCredentials::load_or_create(&dir.path().join("secrets").join("nats")).map_err(|e| anyhow!("NATS credentials: {e}"))?;
        let pki = api::tls::LocalPki::load_or_create(&dir.path().join("tls"), &[])?;
        let cluster =
            NatsCluster::start(&dir.path().join("nats-cluster"), 3, 0, 0, &credentials).await.map_err(|e| anyhow!("starting the NATS cluster: {e}"))?;
        let rules = spawn_service("rules", &[vec!["--listen".into(), "127.0.0.1:0".into()], tls_args(&pki, "rules")].concat()).await?;
        let extra = ["--partitions".to_string(), partitions.to_string()];
        let (randomness, orchestrator) = start_log_services_with(dir.path(), &cluster.url(), &credentials, &pki, &rules, 3, &extra).await?;
        Ok(ClusterSystem { cluster, rules, randomness, orchestrator, credentials, pki, dir, partitions })
    }

    pub async fn client(&self) -> Result<MatchServiceClient<Channel>> {
        Ok(MatchServiceClient::connect(self.orchestrator.url()).await?)
    }

    /// Another orchestrator on every node of the cluster, sharing the first one's key.
    pub async fn spawn_orchestrator(&self) -> Result<Service> {
        let extra = ["--partitions".to_string(), self.partitions.to_string()];
        spawn_log_orchestrator_with(self.dir.path(), &self.cluster.url(), &self.credentials, &self.pki, &self.rules, &self.randomness, 3, &extra).await
    }

    /// The index of the node leading `stream`.
    pub async fn leader_of(&self, stream: &str) -> Result<usize> {
        let client = self
            .credentials
            .auth(eventlog::Role::Admin)
            .connect_options()
            .await?
            .connect(self.cluster.urls().iter().enumerate().filter(|(i, _)| self.cluster.node(*i).is_some()).map(|(_, u)| u.clone()).collect::<Vec<_>>())
            .await?;
        let js = async_nats::jetstream::new(client);
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(mut s) = js.get_stream(stream).await {
                if let Ok(info) = s.info().await {
                    if let Some(name) = info.cluster.as_ref().and_then(|c| c.leader.clone()) {
                        return (0..self.cluster.size())
                            .find(|i| self.cluster.node_name(*i) == Some(name.as_str()))
                            .ok_or_else(|| anyhow!("leader {name} is not a node of this cluster"));
                    }
                }
            }
            if std::time::Instant::now() > deadline {
                bail!("stream {stream} has no leader");
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The match log as the admin sees it, through every node.
    pub async fn admin_log(&self) -> Result<eventlog::JetStreamLog> {
        eventlog::JetStreamLog::connect(&self.cluster.url(), 3, &self.credentials.auth(Role::Admin)).await.map_err(|e| anyhow!("{e}"))
    }
}

/// Now, in Unix ms (the clock period streams are cut by).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

/// Sleep into the next period of a log with periods of `period_s` seconds (a little after its
/// start).
pub async fn next_period(period_s: u64) {
    let length = period_s * 1000;
    let next = (now_ms() / length + 1) * length + 200;
    tokio::time::sleep(Duration::from_millis(next.saturating_sub(now_ms()))).await;
}

/// Play a new two-seat match to its end; its table.
pub async fn ended_match(system: &System, seed: u64) -> Result<Table> {
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(seed);
    while play_one(&mut client, &table, &mut rng).await?.is_some() {}
    Ok(table)
}

/// `n` commits of `match_id` signed as the orchestrator signs them (commit 1 creates the match
/// under `signer`'s key, each holds the hash of the one before): (its msg id as the
/// orchestrator makes it, stored bytes). Made directly, so that a test gets thousands at once.
pub fn signed_commits(signer: &fairness::Signer, match_id: &str, n: u64) -> Vec<(String, Vec<u8>)> {
    use api::log_v1::{commit_input::Input, Commit, CommitInput, MatchCreated};
    use prost::Message;
    let mut prev: Option<[u8; 32]> = None;
    (1..=n)
        .map(|version| {
            let input = (version == 1).then(|| CommitInput {
                input: Some(Input::Created(MatchCreated {
                    orchestrator_public_key: signer.public_key().to_vec(),
                    randomness_public_key: vec![3; 32],
                    ..Default::default()
                })),
            });
            let body = Commit {
                match_id: match_id.into(),
                version,
                input,
                log_format: fairness::chain::LOG_FORMAT_SIGNED,
                prev_hash: prev.map(|h| h.to_vec()).unwrap_or_default(),
                ..Default::default()
            }
            .encode_to_vec();
            let stored = fairness::chain::seal(signer, &body);
            let hash = fairness::chain::commit_hash(&stored);
            prev = Some(hash);
            (format!("{match_id}/{version}/{}", hex::encode(&hash[..8])), stored)
        })
        .collect()
}

/// Whether stream `name` exists. Only the server's "stream not found" says no: any other error
/// (a timeout on a loaded machine) is asked again, for up to 30 s, and then returned.
pub async fn stream_exists(js: &async_nats::jetstream::Context, name: &str) -> Result<bool> {
    use async_nats::jetstream::context::GetStreamErrorKind;
    let mut tries = 0;
    loop {
        match js.get_stream(name).await {
            Ok(_) => return Ok(true),
            Err(e) if matches!(e.kind(), GetStreamErrorKind::JetStream(j) if j.error_code() == async_nats::jetstream::ErrorCode::STREAM_NOT_FOUND) => {
                return Ok(false)
            }
            Err(e) if tries < 60 => {
                tries += 1;
                eprintln!("stream {name}: {e}; asking again");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => bail!("cannot tell whether stream {name} exists: {e}"),
        }
    }
}

/// Run `arbiter <args>` (the e2e build of the command) to completion: (success, stdout, stderr).
pub async fn run_arbiter(args: &[&str]) -> Result<(bool, String, String)> {
    let out = arbiter_command().args(args).output().await?;
    Ok((out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned()))
}

// ---- faults: services stopped and started again (reliability tests) ----

impl Service {
    /// The process id, to read its memory use.
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }
}

/// Resident memory of a process in bytes (Linux: `VmRSS` of `/proc/<pid>/status`).
pub fn rss_bytes(pid: u32) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .ok_or_else(|| anyhow!("no VmRSS in /proc/{pid}/status"))?;
    Ok(kb * 1024)
}

impl System {
    /// Kill the randomness service (SIGKILL), as in a crash; [`Self::restart_randomness`]
    /// brings it back on the same address, with the same key file.
    pub async fn kill_randomness(&mut self) -> Result<()> {
        self.randomness.child.kill().await?;
        Ok(())
    }

    pub async fn restart_randomness(&mut self) -> Result<()> {
        self.restart_randomness_with(&[]).await
    }

    /// Like [`Self::restart_randomness`], with extra command-line arguments.
    pub async fn restart_randomness_with(&mut self, extra: &[&str]) -> Result<()> {
        let args = [self.randomness_args(&self.randomness.addr), extra.iter().map(|a| a.to_string()).collect()].concat();
        self.randomness = spawn_service("randomness", &args).await?;
        Ok(())
    }

    /// The `serve randomness` arguments of this system, listening on `listen`.
    pub fn randomness_args(&self, listen: &str) -> Vec<String> {
        [
            vec!["--listen".into(), listen.to_string()],
            nats_args(&self.nats, &self.credentials, Role::Randomness),
            vec!["--key-file".into(), self.randomness_key_file().display().to_string()],
            tls_args(&self.pki, "randomness"),
        ]
        .concat()
    }

    /// Kill the rules service (SIGKILL); [`Self::restart_rules`] brings it back on the same
    /// address.
    pub async fn kill_rules(&mut self) -> Result<()> {
        self.rules.child.kill().await?;
        Ok(())
    }

    pub async fn restart_rules(&mut self) -> Result<()> {
        let args = [vec!["--listen".into(), self.rules.addr.clone()], tls_args(&self.pki, "rules")].concat();
        self.rules = spawn_service("rules", &args).await?;
        Ok(())
    }

    /// The MATCHES stream's consumers right now (as the admin sees them), but the match index's
    /// projector: it follows the whole log (`match.*.events`) for as long as the orchestrator
    /// runs (docs/tournaments.md).
    pub async fn consumer_count(&self) -> Result<usize> {
        use futures::StreamExt;
        let js = async_nats::jetstream::new(self.nats_client(Role::Admin).await?);
        let stream = js.get_stream(eventlog::STREAM).await?;
        let mut list = stream.consumers();
        let mut count = 0;
        while let Some(info) = list.next().await {
            let config = info?.config;
            let whole_log = config.filter_subject == eventlog::STREAM_SUBJECTS || config.filter_subjects.iter().any(|s| s == eventlog::STREAM_SUBJECTS);
            count += usize::from(!whole_log);
        }
        Ok(count)
    }

    /// Set the MATCHES stream's `max_bytes` (-1: no limit) with the admin credential, as an
    /// operator would; returns the bytes it holds now.
    pub async fn set_stream_max_bytes(&self, max_bytes: impl FnOnce(u64) -> i64) -> Result<u64> {
        let js = async_nats::jetstream::new(self.nats_client(Role::Admin).await?);
        let mut stream = js.get_stream(eventlog::STREAM).await?;
        let info = stream.info().await?.clone();
        let mut config = info.config.clone();
        config.max_bytes = max_bytes(info.state.bytes);
        js.update_stream(config).await?;
        Ok(info.state.bytes)
    }
}

impl System {
    /// Stop the NATS server (the match log is unreachable until [`Self::restart_nats`]);
    /// returns its port. A throwaway server stands in for it in `self.nats` meanwhile.
    pub async fn stop_nats(&mut self) -> Result<u16> {
        let port = self.nats.port();
        let stand_in = NatsServer::start_temp().await.map_err(|e| anyhow!("starting a stand-in nats-server: {e}"))?;
        std::mem::replace(&mut self.nats, stand_in).stop().await;
        Ok(port)
    }

    /// Start the NATS server again on `port` with the same store and users.
    pub async fn restart_nats(&mut self, port: u16) -> Result<()> {
        let server = NatsServer::start(&self.dir.path().join("nats"), port, &self.credentials).await.map_err(|e| anyhow!("restarting nats-server: {e}"))?;
        std::mem::replace(&mut self.nats, server).stop().await;
        Ok(())
    }
}

// ---- the platform API key ----

/// The platform key of every system this test process starts (one per process, so that the
/// helpers need no `System` to send it).
pub fn platform_key() -> &'static str {
    static KEY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    KEY.get_or_init(|| {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        format!("platform_test_{}_{nanos}", std::process::id())
    })
}

/// The orchestrator's `--platform-key-file` argument, the key written (0600) into `dir`.
fn platform_key_args(dir: &std::path::Path) -> Result<Vec<String>> {
    let path = dir.join("platform.key");
    std::fs::write(&path, platform_key())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(vec!["--platform-key-file".into(), path.display().to_string()])
}

/// `msg` as a platform operation: with "authorization: Bearer <platform key>".
pub fn platform<T>(msg: T) -> tonic::Request<T> {
    with_platform_key(tonic::Request::new(msg))
}

/// `req` with the platform key added.
pub fn with_platform_key<T>(mut req: tonic::Request<T>) -> tonic::Request<T> {
    if let Ok(value) = format!("Bearer {}", platform_key()).parse() {
        req.metadata_mut().insert("authorization", value);
    }
    req
}

// ---- the public feed's projector ----

/// Start the feed projector (`arbiter serve feed`) on `system`'s NATS, pinned to its
/// orchestrator's key; the test kills it when it likes.
pub async fn start_projector(system: &System) -> Result<Service> {
    let key = orchestrator::keys::load(&system.dir.path().join("orchestrator.json"))?.public_key();
    spawn_service(
        "feed",
        &[
            vec!["--listen".into(), "127.0.0.1:0".into()],
            nats_args(&system.nats, &system.credentials, Role::Projector),
            vec!["--orchestrator-public-key".into(), hex::encode(key)],
        ]
        .concat(),
    )
    .await
}

// ---- observability (tests/observability.rs) ----

/// A system whose services were started with extra flags and environment (tracing, metrics,
/// log format): where each service's metrics are served and where its stderr (logs) went.
pub struct Observed {
    pub system: System,
    /// Service name → `http://addr/metrics`, for the services that print one.
    pub metrics: std::collections::HashMap<&'static str, String>,
    /// Service name → the file holding its stderr.
    pub logs: std::collections::HashMap<&'static str, PathBuf>,
}

/// [`spawn_service`] with extra environment and stderr to `log`; also returns the metrics URL
/// the service printed, if any.
pub async fn spawn_observed(name: &'static str, args: &[String], env: &[(String, String)], log: &std::path::Path) -> Result<(Service, Option<String>)> {
    let mut command = Command::new(node_binary());
    for var in CREDENTIAL_ENV {
        command.env_remove(var);
    }
    let tls = args.iter().any(|a| a == "--internal-ca") && name != "orchestrator";
    let stderr = std::fs::File::create(log).with_context(|| format!("creating {}", log.display()))?;
    let mut child = command
        .arg("serve")
        .arg(name)
        .args(args)
        .env("RUST_LOG", std::env::var("RUST_LOG").unwrap_or_else(|_| "info".into()))
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdout(Stdio::piped())
        .stderr(Stdio::from(stderr))
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("spawning the {name} service"))?;
    let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
    let mut lines = BufReader::new(stdout).lines();
    let (addr, metrics) = tokio::time::timeout(START_TIMEOUT, async {
        let mut metrics = None;
        while let Some(line) = lines.next_line().await? {
            if let Some(url) = line.strip_prefix("metrics endpoint: ") {
                metrics = Some(url.trim().to_string());
            } else if let Some((_, addr)) = line.split_once(" listening on ") {
                return Ok::<_, anyhow::Error>((addr.trim().to_string(), metrics));
            }
        }
        bail!("the {name} service exited before listening (its log: {})", log.display())
    })
    .await
    .with_context(|| format!("the {name} service did not start within {START_TIMEOUT:?}"))??;
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok((Service { name, addr, tls, child }, metrics))
}

impl Observed {
    /// Rules, randomness and an orchestrator as [`System::start`] makes them, each with `extra`
    /// flags and `env`, logs in files of the system's directory.
    pub async fn start(extra: &[String], env: &[(String, String)]) -> Result<Observed> {
        let dir = tempfile::tempdir()?;
        let credentials = NatsCredentials::load_or_create(&dir.path().join("secrets").join("nats")).map_err(|e| anyhow!("NATS credentials: {e}"))?;
        let pki = api::tls::LocalPki::load_or_create(&dir.path().join("tls"), &[])?;
        let nats = NatsServer::start(&dir.path().join("nats"), 0, &credentials).await.map_err(|e| anyhow!("starting nats-server: {e}"))?;
        let mut metrics = std::collections::HashMap::new();
        let mut logs = std::collections::HashMap::new();
        let log = |name: &str| dir.path().join(format!("{name}.log"));
        let (rules, m) =
            spawn_observed("rules", &[vec!["--listen".into(), "127.0.0.1:0".into()], tls_args(&pki, "rules"), extra.to_vec()].concat(), env, &log("rules"))
                .await?;
        metrics.extend(m.map(|m| ("rules", m)));
        logs.insert("rules", log("rules"));
        let (randomness, m) = spawn_observed(
            "randomness",
            &[
                vec!["--listen".into(), "127.0.0.1:0".into()],
                nats_args(&nats, &credentials, Role::Randomness),
                vec!["--key-file".into(), dir.path().join("keys.json").display().to_string()],
                tls_args(&pki, "randomness"),
                extra.to_vec(),
            ]
            .concat(),
            env,
            &log("randomness"),
        )
        .await?;
        metrics.extend(m.map(|m| ("randomness", m)));
        logs.insert("randomness", log("randomness"));
        let (orchestrator, m) = spawn_observed(
            "orchestrator",
            &[
                vec!["--listen".into(), "127.0.0.1:0".into()],
                nats_args(&nats, &credentials, Role::Orchestrator),
                vec!["--rules-url".into(), rules.url(), "--randomness-url".into(), randomness.url()],
                tls_args(&pki, "orchestrator"),
                vec!["--key-file".into(), dir.path().join("orchestrator.json").display().to_string()],
                platform_key_args(dir.path())?,
                extra.to_vec(),
            ]
            .concat(),
            env,
            &log("orchestrator"),
        )
        .await?;
        metrics.extend(m.map(|m| ("orchestrator", m)));
        logs.insert("orchestrator", log("orchestrator"));
        let system = System { nats, rules, randomness, orchestrator: Some(orchestrator), credentials, pki, dir };
        Ok(Observed { system, metrics, logs })
    }
}

/// GET `url` (plain http://host:port/path) and return the body: a scrape, without an HTTP client crate.
pub async fn http_get(url: &str) -> Result<String> {
    use tokio::io::AsyncWriteExt;
    let rest = url.strip_prefix("http://").ok_or_else(|| anyhow!("{url}: not http://"))?;
    let (host, path) = rest.split_once('/').map(|(h, p)| (h, format!("/{p}"))).unwrap_or((rest, "/".into()));
    let mut conn = tokio::net::TcpStream::connect(host).await?;
    conn.write_all(format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes()).await?;
    let mut response = String::new();
    tokio::io::AsyncReadExt::read_to_string(&mut conn, &mut response).await?;
    let (head, body) = response.split_once("\r\n\r\n").ok_or_else(|| anyhow!("no HTTP response from {url}"))?;
    if !head.starts_with("HTTP/1.1 200") {
        bail!("{url}: {}", head.lines().next().unwrap_or_default());
    }
    Ok(body.to_string())
}

/// The value of the sample `name{labels}` (labels exactly as rendered, `""` for none) in a
/// Prometheus text exposition; 0 if absent.
pub fn prometheus_value(text: &str, name: &str, labels: &str) -> f64 {
    let key = if labels.is_empty() { name.to_string() } else { format!("{name}{{{labels}}}") };
    text.lines().find_map(|l| l.strip_prefix(&key).and_then(|rest| rest.strip_prefix(' ')).and_then(|v| v.trim().parse().ok())).unwrap_or(0.0)
}

// ---- the `arbiter` command, as a user runs it ----

/// The `arbiter` binary of this build (`arbiter-e2e-node`), quiet unless something is wrong,
/// without the caller's NATS credentials in its environment.
pub fn arbiter_command() -> Command {
    let mut command = Command::new(node_binary());
    for var in CREDENTIAL_ENV.iter().chain(&["ARBITER_NATS_URL"]) {
        command.env_remove(var);
    }
    command.env("RUST_LOG", "warn").kill_on_drop(true);
    command
}

/// [`run_arbiter`] with its stdout and stderr as one text: (success, text).
pub async fn run_arbiter_text(args: &[&str]) -> Result<(bool, String)> {
    let (ok, out, err) = run_arbiter(args).await?;
    Ok((ok, format!("{out}{err}")))
}

/// `arbiter up` on free ports in a temporary data directory.
pub struct Up {
    pub data: tempfile::TempDir,
    /// The match API's URL, as `up` printed it.
    pub orchestrator: String,
    pub child: Child,
}

impl Up {
    /// The platform key file `up` wrote.
    pub fn platform_key_file(&self) -> String {
        self.data.path().join("secrets").join("platform.key").display().to_string()
    }

    /// Stop it as Ctrl-C would (SIGTERM) and wait for it; returns its exit status.
    pub async fn stop(self) -> Result<std::process::ExitStatus> {
        Ok(self.stop_keeping_data().await?.0)
    }

    /// [`Self::stop`], keeping the data directory for another `up` ([`arbiter_up_in`]).
    pub async fn stop_keeping_data(mut self) -> Result<(std::process::ExitStatus, tempfile::TempDir)> {
        let pid = self.child.id().ok_or_else(|| anyhow!("`arbiter up` already exited"))?;
        let killed = Command::new("kill").args(["-TERM", &pid.to_string()]).status().await?;
        if !killed.success() {
            bail!("could not signal `arbiter up`");
        }
        let status = tokio::time::timeout(Duration::from_secs(30), self.child.wait()).await.context("`arbiter up` did not stop")??;
        Ok((status, self.data))
    }
}

/// The arguments of `arbiter up` in `data` on free ports.
pub fn arbiter_up_args(data: &std::path::Path) -> Vec<String> {
    let mut args = vec!["up".to_string(), "--data-dir".into(), data.display().to_string()];
    args.extend(
        ["--nats-port", "0", "--orchestrator-listen", "127.0.0.1:0", "--rules-listen", "127.0.0.1:0", "--randomness-listen", "127.0.0.1:0"].map(String::from),
    );
    args
}

/// Run `arbiter up` and wait until it prints the match API's address.
pub async fn arbiter_up() -> Result<Up> {
    arbiter_up_in(tempfile::tempdir()?, &[]).await
}

/// [`arbiter_up`] in the data directory `data` (maybe used before), with extra arguments.
pub async fn arbiter_up_in(data: tempfile::TempDir, extra: &[&str]) -> Result<Up> {
    let mut child = arbiter_command().args(arbiter_up_args(data.path())).args(extra).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn()?;
    let mut lines = BufReader::new(child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?).lines();
    let orchestrator = tokio::time::timeout(Duration::from_secs(120), async {
        while let Some(line) = lines.next_line().await? {
            if let Some(url) = line.trim().strip_prefix("match API (orchestrator)") {
                return Ok(url.trim().to_string());
            }
        }
        bail!("`arbiter up` exited before it was up")
    })
    .await
    .context("`arbiter up` did not come up in time")??;
    // Keep draining its output so it never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok(Up { data, orchestrator, child })
}

// ---- NATS clients that hear the server's errors (permission checks) ----

/// A NATS client as `role` that also reports the server's errors (permission violations).
pub async fn watched_client(system: &System, role: Role) -> Result<(async_nats::Client, tokio::sync::mpsc::UnboundedReceiver<String>)> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let client = system
        .nats_auth(role)
        .connect_options()
        .await?
        .event_callback(move |event| {
            let tx = tx.clone();
            async move {
                if let async_nats::Event::ServerError(e) = event {
                    let _ = tx.send(e.to_string());
                }
            }
        })
        .connect(system.nats.url())
        .await?;
    Ok((client, rx))
}

/// Wait (at most 5 minutes: only ever waited for when it is expected) until the server reports a
/// permissions violation on `subject`.
pub async fn violation(errors: &mut tokio::sync::mpsc::UnboundedReceiver<String>, subject: &str) -> Result<()> {
    tokio::time::timeout(Duration::from_secs(300), async {
        while let Some(e) = errors.recv().await {
            if e.to_lowercase().contains("permissions violation") && e.contains(subject) {
                return Ok(());
            }
        }
        bail!("the connection closed before a violation on {subject}")
    })
    .await
    .with_context(|| format!("no permissions violation reported for {subject}"))?
}

// ---- the public feed as a platform reads it (backups and restores) ----

/// Each feed subject's messages, in order: (version, payload).
pub type FeedHistory = std::collections::BTreeMap<String, Vec<(u64, Vec<u8>)>>;

/// Every message of the public feed of the NATS at `url`, as a platform reads it with the
/// `feed` credential `auth` (an ordered consumer over `feed.>` from the first message): by
/// subject, each message's `Arbiter-Version` and payload in order. Empty without a feed.
pub async fn feed_history(url: &str, auth: &NatsAuth) -> Result<FeedHistory> {
    use futures::StreamExt;
    let client = auth.connect_options().await?.connect(url).await.context("the feed credential connects")?;
    let js = async_nats::jetstream::new(client);
    let Ok(stream) = js.get_stream(eventlog::auth::FEED_STREAM).await else { return Ok(FeedHistory::new()) };
    let config = async_nats::jetstream::consumer::pull::OrderedConfig { filter_subject: eventlog::auth::FEED_SUBJECTS.into(), ..Default::default() };
    let consumer = stream.create_consumer(config).await?;
    let total = consumer.cached_info().num_pending;
    let mut messages = consumer.messages().await?;
    let mut history = FeedHistory::new();
    let mut unread = 1u64;
    let mut read = 0u64;
    while read < total {
        let message = tokio::time::timeout(Duration::from_secs(30), messages.next()).await.context("the feed stalled")?.context("the feed ended")??;
        let sequence = message.info().map_err(|e| anyhow!("{e}"))?.stream_sequence;
        if sequence < unread {
            continue;
        }
        unread = sequence + 1;
        read += 1;
        let version = message.headers.as_ref().and_then(|h| h.get("Arbiter-Version")).and_then(|v| v.as_str().parse().ok()).unwrap_or(0);
        history.entry(message.subject.to_string()).or_default().push((version, message.payload.to_vec()));
    }
    Ok(history)
}

/// [`feed_history`], once each match of `versions` has its updates published up to that
/// version, and its result if `ended` (within `patience`).
pub async fn feed_history_at(url: &str, auth: &NatsAuth, versions: &std::collections::BTreeMap<String, u64>, patience: Duration) -> Result<FeedHistory> {
    let deadline = tokio::time::Instant::now() + patience;
    loop {
        let history = feed_history(url, auth).await?;
        let missing: Vec<&String> = versions
            .iter()
            .filter(|(id, version)| {
                !history.iter().any(|(subject, messages)| subject.ends_with(&format!(".{id}.events")) && messages.last().is_some_and(|(v, _)| v == *version))
            })
            .map(|(id, _)| id)
            .collect();
        if missing.is_empty() {
            return Ok(history);
        }
        if tokio::time::Instant::now() > deadline {
            bail!("the feed did not publish every version within {patience:?}: missing {missing:?}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The chain hash each feed update of `history` carries (`FeedUpdate::chain_hash`), by subject:
/// what a platform keeps as its witness of the log.
pub fn chain_hashes(history: &FeedHistory) -> Result<std::collections::BTreeMap<String, Vec<String>>> {
    let mut hashes = std::collections::BTreeMap::new();
    for (subject, messages) in history.iter().filter(|(s, _)| s.ends_with(".events")) {
        let mut of_subject = Vec::new();
        for (_, payload) in messages {
            let update: feed::view::FeedUpdate = serde_json::from_slice(payload)?;
            ensure!(!update.chain_hash.is_empty(), "an update of {subject} without its chain hash");
            of_subject.push(update.chain_hash);
        }
        hashes.insert(subject.clone(), of_subject);
    }
    Ok(hashes)
}
