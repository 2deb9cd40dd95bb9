//! Who may connect to NATS, and with which rights.
//!
//! - [`NatsAuth`]: how one process authenticates (user/password, a `.creds` file or a token) and
//!   which inbox prefix it uses; [`NatsClientArgs`] is the matching set of command-line flags.
//! - [`Role`] and [`NatsCredentials`]: the generated users of a server started by
//!   `eventlog_dev::server::NatsServer` or a deployment (one per role, strong random passwords kept in files of mode
//!   0600), and [`server_config`], the nats-server configuration that gives each role only the
//!   subjects and JetStream API calls it needs ([`permissions`]).
//!
//! Each role subscribes only below its own inbox prefix (`_INBOX_<role>.`): replies to the
//! orchestrator's JetStream requests carry the raw log, so no other role may read them.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::LogError;

mod permissions;

pub use permissions::{permissions, protected_streams};

/// The stream of the public feed, created and written by the `projector` role
/// (`services/feed`), read by the `feed` role.
pub const FEED_STREAM: &str = "FEED";
/// The subjects of [`FEED_STREAM`]: `feed.<tournament>.<match>.events|result`.
pub const FEED_SUBJECTS: &str = "feed.>";
/// Bytes of OS randomness in a generated password (256 bits).
const PASSWORD_BYTES: usize = 32;
/// bcrypt cost of the password hashes in the server config. Each password is 256 random bits,
/// so nothing is gained by a slow hash (it only slows guessing of weak passwords); a low cost
/// keeps every connect cheap for the server.
const BCRYPT_COST: u32 = 6;

/// The NATS users of an Arbiter deployment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// The only writer of the match log; creates the stream and the snapshot bucket.
    Orchestrator,
    /// Reads the match log (direct gets only).
    Randomness,
    /// The feed projector (`services/feed`): reads the match log (its own ordered consumers),
    /// creates the `FEED` stream and publishes `feed.>`; nothing else.
    Projector,
    /// The public feed: reads `FEED` / `feed.>` only, never the match log.
    Feed,
    /// Deletes sealed period streams (`$JS.API.STREAM.DELETE` of any stream but the log's
    /// fixed ones, the buckets and the feed) and writes nothing; reads what the archive job
    /// (`arbiter archive`) decides from: stream names and sizes, the layout record, the index
    /// and the archives (docs/architecture.md, "Leaving the hot log").
    Archiver,
    /// Operators and tests: everything. No service uses it.
    Admin,
}

impl Role {
    pub const ALL: [Role; 6] = [Role::Orchestrator, Role::Randomness, Role::Projector, Role::Feed, Role::Archiver, Role::Admin];

    /// The NATS user name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Orchestrator => "orchestrator",
            Role::Randomness => "randomness",
            Role::Projector => "projector",
            Role::Feed => "feed",
            Role::Archiver => "archiver",
            Role::Admin => "admin",
        }
    }

    /// The inbox prefix this role's connections use (and the only inboxes it may subscribe to).
    pub fn inbox_prefix(self) -> String {
        inbox_prefix_for(self.name())
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn inbox_prefix_for(user: &str) -> String {
    format!("_INBOX_{user}")
}

/// How a connection authenticates.
#[derive(Clone, Default)]
pub enum Credentials {
    /// No credentials: refused by every server Arbiter starts.
    #[default]
    Anonymous,
    UserPassword {
        user: String,
        password: String,
    },
    /// A NATS `.creds` file (user JWT and NKey seed), for servers with decentralized auth.
    CredsFile(PathBuf),
    Token(String),
}

// Never print a secret.
impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Credentials::Anonymous => f.write_str("Anonymous"),
            Credentials::UserPassword { user, .. } => write!(f, "UserPassword {{ user: {user:?}, password: <hidden> }}"),
            Credentials::CredsFile(path) => write!(f, "CredsFile({})", path.display()),
            Credentials::Token(_) => f.write_str("Token(<hidden>)"),
        }
    }
}

/// How one process connects to NATS: its credentials and its inbox prefix.
#[derive(Clone, Debug, Default)]
pub struct NatsAuth {
    pub credentials: Credentials,
    /// `None`: `_INBOX_<user>` with a user name, else NATS' default `_INBOX`.
    pub inbox_prefix: Option<String>,
}

impl NatsAuth {
    pub fn user_password(user: &str, password: &str) -> NatsAuth {
        NatsAuth { credentials: Credentials::UserPassword { user: user.to_string(), password: password.to_string() }, inbox_prefix: None }
    }

    /// The inbox prefix used by connections made with this auth.
    pub fn effective_inbox_prefix(&self) -> Option<String> {
        match (&self.inbox_prefix, &self.credentials) {
            (Some(prefix), _) => Some(prefix.clone()),
            (None, Credentials::UserPassword { user, .. }) => Some(inbox_prefix_for(user)),
            (None, _) => None,
        }
    }

    /// async-nats options carrying these credentials and inbox prefix.
    pub async fn connect_options(&self) -> Result<async_nats::ConnectOptions, LogError> {
        let mut options = async_nats::ConnectOptions::new();
        options = match &self.credentials {
            Credentials::Anonymous => options,
            Credentials::UserPassword { user, password } => options.user_and_password(user.clone(), password.clone()),
            Credentials::CredsFile(path) => {
                options.credentials_file(path).await.map_err(|e| LogError::Other(format!("cannot read the NATS credentials file {}: {e}", path.display())))?
            }
            Credentials::Token(token) => options.token(token.clone()),
        };
        if let Some(prefix) = self.effective_inbox_prefix() {
            options = options.custom_inbox_prefix(prefix);
        }
        Ok(options)
    }
}

/// NATS connection flags shared by the services that use the log (orchestrator, randomness).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct NatsClientArgs {
    /// NATS user name (with --nats-password or --nats-password-file). `arbiter up` passes each
    /// service its own role's user.
    #[arg(long, env = "ARBITER_NATS_USER")]
    pub nats_user: Option<String>,
    /// NATS password of --nats-user. Prefer --nats-password-file or the env variable: a flag
    /// is visible to other local users in the process list.
    #[arg(long, env = "ARBITER_NATS_PASSWORD", hide_env_values = true, conflicts_with = "nats_password_file")]
    pub nats_password: Option<String>,
    /// File holding the NATS password of --nats-user (its first line; `arbiter up` writes
    /// <data-dir>/secrets/nats/<role>.password, mode 0600).
    #[arg(long, env = "ARBITER_NATS_PASSWORD_FILE")]
    pub nats_password_file: Option<PathBuf>,
    /// A NATS .creds file (user JWT + NKey seed), for a server with decentralized auth.
    #[arg(long, env = "ARBITER_NATS_CREDS", conflicts_with_all = ["nats_user", "nats_token"])]
    pub nats_creds: Option<PathBuf>,
    /// A NATS token, for a server configured with token auth.
    #[arg(long, env = "ARBITER_NATS_TOKEN", hide_env_values = true, conflicts_with = "nats_user")]
    pub nats_token: Option<String>,
    /// Inbox prefix for request replies (default `_INBOX_<user>`; the server's permissions must
    /// let this user subscribe to `<prefix>.>` and no other user read it).
    #[arg(long, env = "ARBITER_NATS_INBOX_PREFIX")]
    pub nats_inbox_prefix: Option<String>,
}

impl NatsClientArgs {
    /// The flags as a [`NatsAuth`] (reading the password file if given).
    pub fn auth(&self) -> Result<NatsAuth, LogError> {
        let credentials = if let Some(path) = &self.nats_creds {
            Credentials::CredsFile(path.clone())
        } else if let Some(token) = &self.nats_token {
            Credentials::Token(token.clone())
        } else if let Some(user) = &self.nats_user {
            let password = match (&self.nats_password, &self.nats_password_file) {
                (Some(p), _) => p.clone(),
                (None, Some(path)) => read_secret(path)?,
                (None, None) => {
                    return Err(LogError::Other(format!(
                        "--nats-user {user} needs a password: pass --nats-password-file FILE (or set \
                         ARBITER_NATS_PASSWORD)"
                    )))
                }
            };
            Credentials::UserPassword { user: user.clone(), password }
        } else if self.nats_password.is_some() || self.nats_password_file.is_some() {
            return Err(LogError::Other("a NATS password was given without a user: pass --nats-user too".to_string()));
        } else {
            Credentials::Anonymous
        };
        Ok(NatsAuth { credentials, inbox_prefix: self.nats_inbox_prefix.clone() })
    }
}

/// The first line of a secret file, trimmed.
fn read_secret(path: &Path) -> Result<String, LogError> {
    let text = std::fs::read_to_string(path).map_err(|e| LogError::Other(format!("cannot read the secret file {}: {e}", path.display())))?;
    let secret = text.lines().next().unwrap_or_default().trim().to_string();
    if secret.is_empty() {
        return Err(LogError::Other(format!("the secret file {} is empty: write the password on its first line", path.display())));
    }
    Ok(secret)
}

/// The generated password of each role, one file per role (`<dir>/<role>.password`, mode 0600).
#[derive(Clone)]
pub struct NatsCredentials {
    dir: PathBuf,
    passwords: Vec<(Role, String)>,
}

impl fmt::Debug for NatsCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NatsCredentials").field("dir", &self.dir).finish_non_exhaustive()
    }
}

impl NatsCredentials {
    /// Load the passwords from `dir`, creating the missing ones (256 random bits each, mode 0600)
    /// and `dir` itself (mode 0700). Existing passwords are kept, so a restart keeps them.
    pub fn load_or_create(dir: &Path) -> Result<NatsCredentials, LogError> {
        create_private_dir(dir)?;
        let mut passwords = Vec::new();
        for role in Role::ALL {
            let path = dir.join(format!("{}.password", role.name()));
            if !path.exists() {
                let mut bytes = [0u8; PASSWORD_BYTES];
                getrandom::getrandom(&mut bytes).map_err(|e| LogError::Other(format!("cannot get random bytes from the OS: {e}")))?;
                match infra::private_file::write_new(&path, format!("{}\n", hex::encode(bytes)).as_bytes()) {
                    Ok(()) => {}
                    // Another process created it meanwhile: use theirs.
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(LogError::Other(format!("cannot write {}: {e}", path.display()))),
                }
            }
            passwords.push((role, read_secret(&path)?));
        }
        Ok(NatsCredentials { dir: dir.to_path_buf(), passwords })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file holding `role`'s password (pass it as `--nats-password-file`).
    pub fn password_file(&self, role: Role) -> PathBuf {
        self.dir.join(format!("{}.password", role.name()))
    }

    pub fn password(&self, role: Role) -> &str {
        self.passwords.iter().find(|(r, _)| *r == role).map(|(_, p)| p.as_str()).unwrap_or_default()
    }

    /// How `role` connects (its user, password and inbox prefix).
    pub fn auth(&self, role: Role) -> NatsAuth {
        NatsAuth {
            credentials: Credentials::UserPassword { user: role.name().to_string(), password: self.password(role).to_string() },
            inbox_prefix: Some(role.inbox_prefix()),
        }
    }
}

/// Create `dir` (and parents) and make it mode 0700.
pub fn create_private_dir(dir: &Path) -> Result<(), LogError> {
    std::fs::create_dir_all(dir).map_err(|e| LogError::Other(format!("cannot create {}: {e}", dir.display())))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| LogError::Other(format!("cannot make {} private: {e}", dir.display())))?;
    }
    Ok(())
}

/// What one role may publish and subscribe to. `deny` wins over `allow` in nats-server.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Permissions {
    pub publish_allow: Vec<String>,
    pub publish_deny: Vec<String>,
    pub subscribe_allow: Vec<String>,
    pub subscribe_deny: Vec<String>,
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// A NATS config string literal.
fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", "))
}

/// The `authorization` block: one user per role with its bcrypt-hashed password and permissions.
pub fn authorization_block(credentials: &NatsCredentials) -> Result<String, LogError> {
    let mut hashes = Vec::new();
    for role in Role::ALL {
        let hash = bcrypt::hash_with_result(credentials.password(role), BCRYPT_COST)
            .map_err(|e| LogError::Other(format!("cannot hash the {role} password: {e}")))?
            .format_for_version(bcrypt::Version::TwoA);
        hashes.push((role, quote(&hash)));
    }
    Ok(authorization_block_with(|role| hashes.iter().find(|(r, _)| *r == role).map(|(_, h)| h.clone()).unwrap_or_default()))
}

/// The `authorization` block with `password(role)` as each user's password value, as written in
/// the config (quoted hash, or a `$VARIABLE` reference in `deploy/nats-single.conf`).
pub fn authorization_block_with(password: impl Fn(Role) -> String) -> String {
    let mut out = String::from("authorization {\n  users = [\n");
    for role in Role::ALL {
        out.push_str(&format!("    {{\n      user: {}\n      password: {}\n", quote(role.name()), password(role)));
        if let Some(p) = permissions(role) {
            out.push_str("      permissions: {\n");
            out.push_str(&format!("        publish: {{ allow: {}, deny: {} }}\n", list(&p.publish_allow), list(&p.publish_deny)));
            out.push_str(&format!("        subscribe: {{ allow: {}, deny: {} }}\n", list(&p.subscribe_allow), list(&p.subscribe_deny)));
            out.push_str("      }\n");
        }
        out.push_str("    }\n");
    }
    out.push_str("  ]\n}\n");
    out
}

/// The variable that stands for `role`'s password hash in `deploy/nats-single.conf`.
pub fn deploy_placeholder(role: Role) -> String {
    format!("$ARBITER_NATS_{}_HASH", role.name().to_ascii_uppercase())
}

/// A whole single-node nats-server config: loopback `port`, JetStream in `store_dir`, the users
/// of `credentials` and nothing anonymous.
pub fn server_config(credentials: &NatsCredentials, port: u16, store_dir: &Path) -> Result<String, LogError> {
    let store = store_dir.to_str().ok_or_else(|| LogError::Other(format!("the NATS store path {} is not UTF-8: choose another", store_dir.display())))?;
    Ok(format!(
        "# Generated by Arbiter at every start from the passwords in {} (do not edit: it is\n\
         # rewritten). Only bcrypt hashes of the passwords are here.\n\
         listen: \"127.0.0.1:{port}\"\n\
         jetstream {{\n  store_dir: {}\n}}\n{}",
        credentials.dir().display(),
        quote(store),
        authorization_block(credentials)?
    ))
}

/// NATS' WebSocket listener on 127.0.0.1:`port`, for browsers. With no `authorization` of its
/// own it admits the server's users, each with its role's permissions (so a page holding the
/// `feed` password reads `feed.>` and nothing else). Plain `ws://` because it listens on loopback
/// only; serving browsers elsewhere needs TLS (`docs/feed.md`, "In a browser").
pub fn websocket_block(port: u16) -> String {
    format!("websocket {{\n  listen: \"127.0.0.1:{port}\"\n  no_tls: true\n}}\n")
}

/// The file name of a server's generated configuration, next to its store: where `arbiter up`
/// writes it and where the operator commands read a local server's address from.
pub const CONFIG_FILE: &str = "nats-server.conf";

/// Write [`server_config`] to `path` (mode 0600).
pub fn write_server_config(path: &Path, config: &str) -> Result<(), LogError> {
    infra::private_file::replace(path, config.as_bytes()).map_err(|e| LogError::Other(format!("cannot write the nats-server config {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_kept_private_and_stable() {
        let dir = tempfile::tempdir().unwrap();
        let creds_dir = dir.path().join("nats-creds");
        let a = NatsCredentials::load_or_create(&creds_dir).unwrap();
        let b = NatsCredentials::load_or_create(&creds_dir).unwrap();
        for role in Role::ALL {
            assert_eq!(a.password(role).len(), 2 * PASSWORD_BYTES);
            assert_eq!(a.password(role), b.password(role), "kept across loads");
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = std::fs::metadata(a.password_file(role)).unwrap().permissions().mode();
                assert_eq!(mode & 0o777, 0o600, "{role}");
            }
        }
        assert_ne!(a.password(Role::Orchestrator), a.password(Role::Randomness));
    }

    #[test]
    fn the_config_has_hashes_not_passwords() {
        let dir = tempfile::tempdir().unwrap();
        let creds = NatsCredentials::load_or_create(dir.path()).unwrap();
        let config = server_config(&creds, 4222, Path::new("/tmp/store")).unwrap();
        for role in Role::ALL {
            assert!(!config.contains(creds.password(role)), "{role}'s password leaked into the config");
            assert!(config.contains(&format!("user: \"{}\"", role.name())));
        }
        assert!(config.contains("\"$2a$"), "{config}");
        assert!(config.contains("_INBOX_randomness.>"));
    }

    #[test]
    fn the_websocket_listener_is_loopback_and_has_no_users_of_its_own() {
        let block = websocket_block(4223);
        assert!(block.contains("listen: \"127.0.0.1:4223\""), "{block}");
        // An `authorization` (or `users`) block here would replace the server's per-role users.
        assert!(!block.contains("authorization") && !block.contains("users") && !block.contains("no_auth_user"), "{block}");
    }

    /// `deploy/nats-single.conf` carries exactly the permissions this code generates.
    #[test]
    fn the_deploy_config_matches_the_code() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nats-single.conf");
        let text = std::fs::read_to_string(&path).unwrap();
        let block = authorization_block_with(deploy_placeholder);
        assert!(text.contains(&block), "{} is out of date: replace its authorization block with:\n{block}", path.display());
    }

    #[test]
    fn flags_become_auth() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pw");
        std::fs::write(&file, "s3cret\n").unwrap();
        let args = NatsClientArgs { nats_user: Some("u".into()), nats_password_file: Some(file), ..Default::default() };
        let auth = args.auth().unwrap();
        assert!(matches!(&auth.credentials, Credentials::UserPassword { user, password } if user == "u" && password == "s3cret"));
        assert_eq!(auth.effective_inbox_prefix().as_deref(), Some("_INBOX_u"));
        assert!(!format!("{auth:?}").contains("s3cret"), "Debug hides the password");
        let missing = NatsClientArgs { nats_user: Some("u".into()), ..Default::default() };
        assert!(missing.auth().unwrap_err().to_string().contains("--nats-password-file"));
        assert!(matches!(NatsClientArgs::default().auth().unwrap().credentials, Credentials::Anonymous));
    }
}
