//! How the operator's commands reach NATS: the NATS of `arbiter up --data-dir` or a given URL,
//! with the credential of a role (the admin's, the archiver's, the feed's) from the data
//! directory's secrets or given on the command line.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;

/// How an operator's command reaches the NATS of the system, with the credential of its role
/// (the admin's for `backup`, `restore` and `verify-log`, the archiver's for `archive`, the
/// feed's for `feed save`).
#[derive(Debug, Clone, Args)]
pub struct SystemNatsArgs {
    /// NATS of the system (one URL, or a cluster's URLs separated by commas). Default: read
    /// from --data-dir (the server or cluster that `arbiter up` runs there).
    #[arg(long, env = "ARBITER_NATS_URL")]
    pub nats_url: Option<String>,
    /// The data directory of `arbiter up`: the password of the command's NATS user is taken
    /// from <data-dir>/secrets/nats/<user>.password (admin for backup, restore and verify-log,
    /// archiver for archive, feed for feed save) unless --nats-user ... is given.
    #[arg(long, default_value = ".arbiter")]
    pub data_dir: PathBuf,
    /// Another NATS credential with that user's rights (default: the user of --data-dir).
    #[command(flatten)]
    pub nats: eventlog::NatsClientArgs,
}

impl SystemNatsArgs {
    /// The NATS URL(s) and the [`eventlog::NatsAuth`] of `role`.
    pub(crate) fn resolve(&self, role: eventlog::Role) -> anyhow::Result<(String, eventlog::NatsAuth)> {
        resolve_nats(self.nats_url.as_deref(), &self.data_dir, &self.nats, role)
    }
}

/// A NATS connection named `name` to `url` (a comma-separated list), with `auth`, the
/// credential of `role` (named in the error).
pub(crate) async fn connect_nats(url: &str, auth: &eventlog::NatsAuth, name: &str, role: &str) -> anyhow::Result<eventlog::Connection> {
    eventlog::Connection::connect(url, auth, name).await.with_context(|| format!("cannot connect to NATS at {url} with the {role} credential"))
}

/// The NATS URL(s) and the credential of `role` for a CLI command: `nats_url`, else the NATS of
/// `arbiter up --data-dir data_dir`; the credential given in `nats`, else `role`'s password in
/// `<data_dir>/secrets/nats/`.
pub(crate) fn resolve_nats(
    nats_url: Option<&str>,
    data_dir: &Path,
    nats: &eventlog::NatsClientArgs,
    role: eventlog::Role,
) -> anyhow::Result<(String, eventlog::NatsAuth)> {
    let url = match nats_url {
        Some(url) => url.to_string(),
        None => nats_url_from_data_dir(data_dir)?,
    };
    let explicit = nats.nats_user.is_some() || nats.nats_creds.is_some() || nats.nats_token.is_some();
    let args = if explicit {
        nats.clone()
    } else {
        let name = role.name();
        let file = nats_secrets_dir(data_dir).join(format!("{name}.password"));
        if !file.is_file() {
            bail!(
                "no {name} password at {}: pass --data-dir of the `arbiter up` that runs this \
                 system, or --nats-user/--nats-password-file of a NATS user with the {name} user's rights",
                file.display()
            );
        }
        eventlog::NatsClientArgs { nats_user: Some(name.to_string()), nats_password_file: Some(file), ..Default::default() }
    };
    let auth = args.auth().map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok((url, auth))
}

/// Where `arbiter up` keeps the generated NATS passwords under its `data_dir` (here, not in
/// `up`, because the operator commands read them without the `local` feature).
pub fn nats_secrets_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("secrets").join("nats")
}

/// The client URL(s) of what `arbiter up --data-dir dir` runs: its cluster's nodes if it ran
/// one, else its single server.
pub(crate) fn nats_url_from_data_dir(dir: &Path) -> anyhow::Result<String> {
    let listen_of = |conf: &Path| -> Option<String> {
        let text = std::fs::read_to_string(conf).ok()?;
        text.lines().find_map(|l| l.trim().strip_prefix("listen:")).map(|v| format!("nats://{}", v.trim().trim_matches('"')))
    };
    let mut urls = Vec::new();
    for i in 1.. {
        let conf = dir.join("nats-cluster").join(format!("node-{i}")).join(eventlog::auth::CONFIG_FILE);
        match listen_of(&conf) {
            Some(url) => urls.push(url),
            None => break,
        }
    }
    if !urls.is_empty() {
        return Ok(urls.join(","));
    }
    let conf = dir.join("nats").join(eventlog::auth::CONFIG_FILE);
    listen_of(&conf).with_context(|| format!("cannot find the NATS address in {} (pass --nats-url, or the --data-dir of `arbiter up`)", conf.display()))
}
