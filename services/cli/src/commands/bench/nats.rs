//! The bench's NATS connections: as admin for the store sizes (loopback only; the raw
//! baseline connects itself, `raw`), and as the feed's read-only user for the feed subscription.

use super::*;

/// Connect for the feed subscription: as the tournament platforms' read-only `feed` user when
/// its password is in the data dir, else as admin.
pub(super) async fn connect_feed(url: &str, credentials: &eventlog::NatsCredentials) -> anyhow::Result<(eventlog::Connection, String)> {
    let mut last_error = None;
    for role in [eventlog::Role::Feed, eventlog::Role::Admin] {
        if !credentials.password_file(role).exists() {
            continue;
        }
        match crate::commands::nats_args::connect_nats(url, &credentials.auth(role), "arbiter-bench-feed", role.name()).await {
            Ok(c) => return Ok((c, role.name().to_string())),
            Err(e) => last_error = Some(format!("as {}: {e:#}", role.name())),
        }
    }
    anyhow::bail!("cannot connect to NATS at {url} to follow the feed ({})", last_error.unwrap_or_else(|| "no feed or admin password in the data dir".into()))
}

/// Refuse anything but a loopback address.
pub(super) fn check_loopback(url: &str) -> anyhow::Result<()> {
    // A cluster's URL lists every node, comma-separated: each must be loopback.
    for one in url.split(',').map(str::trim) {
        let rest = one.split_once("://").map(|(_, r)| r).unwrap_or(one);
        let host_port = rest.split('/').next().unwrap_or_default();
        let host = if let Some(inner) = host_port.strip_prefix('[') {
            inner.split(']').next().unwrap_or_default()
        } else {
            host_port.rsplit_once(':').map(|(h, _)| h).unwrap_or(host_port)
        };
        let loopback = host == "localhost" || host.parse::<std::net::IpAddr>().map(|ip| ip.is_loopback()).unwrap_or(false);
        anyhow::ensure!(loopback, "{url}: the bench sends traffic only to loopback addresses (127.0.0.1, ::1, localhost)");
    }
    Ok(())
}

/// The NATS port of a system started by `arbiter up --data-dir dir`.
pub(super) fn nats_url_from_data_dir(dir: &Path) -> anyhow::Result<String> {
    let conf = dir.join("nats").join("nats-server.conf");
    let text = std::fs::read_to_string(&conf).with_context(|| format!("cannot read {} (pass --nats-url)", conf.display()))?;
    let listen = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("listen:"))
        .map(|v| v.trim().trim_matches('"').to_string())
        .with_context(|| format!("no `listen:` line in {} (pass --nats-url)", conf.display()))?;
    Ok(format!("nats://{listen}"))
}

/// The NATS credentials of the system `arbiter up --data-dir data_dir` runs.
pub(super) fn credentials_of(data_dir: &Path) -> anyhow::Result<eventlog::NatsCredentials> {
    eventlog::NatsCredentials::load_or_create(&nats_secrets_dir(data_dir))
        .map_err(|e| anyhow::anyhow!("cannot read the NATS credentials in {}: {e}", data_dir.display()))
}

/// Connect to NATS at `url` (loopback only) as the admin of `credentials`.
pub(super) async fn connect_as_admin(url: &str, credentials: &eventlog::NatsCredentials) -> anyhow::Result<eventlog::Connection> {
    check_loopback(url)?;
    crate::commands::nats_args::connect_nats(url, &credentials.auth(eventlog::Role::Admin), "arbiter-bench", "admin").await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_only() {
        for ok in
            ["http://127.0.0.1:50051", "nats://127.0.0.1:4222", "http://localhost:1", "http://[::1]:5", "127.0.0.2:9", "nats://127.0.0.1:1,nats://127.0.0.1:2"]
        {
            assert!(check_loopback(ok).is_ok(), "{ok}");
        }
        for bad in ["http://10.0.0.1:50051", "nats://example.com:4222", "https://192.168.1.2", "nats://127.0.0.1:1,nats://10.0.0.1:2"] {
            assert!(check_loopback(bad).is_err(), "{bad}");
        }
    }
}

/// What the log's streams hold at one moment: the match stream, the snapshot and index buckets.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct StoreSize {
    pub commits: u64,
    pub log_bytes: u64,
    pub snapshot_bytes: u64,
    pub index_bytes: u64,
}

/// The sizes JetStream reports for the match stream and the two buckets (a bucket not created
/// yet counts 0), read as admin.
pub(super) async fn store_size(nats: &eventlog::Connection) -> anyhow::Result<StoreSize> {
    let state = |name: String| async move {
        let state = nats.stream_state(&name).await.with_context(|| format!("stream {name}"))?;
        Ok::<_, anyhow::Error>(state.map_or((0, 0), |s| (s.messages, s.bytes)))
    };
    // Every stream of the log: MATCHES, or its partitions.
    let layout = nats.layout().await?;
    let (mut commits, mut log_bytes) = (0, 0);
    for name in layout.streams() {
        let (c, b) = state(name).await?;
        commits += c;
        log_bytes += b;
    }
    let (_, snapshot_bytes) = state(format!("KV_{}", eventlog::SNAPSHOT_BUCKET)).await?;
    let (_, index_bytes) = state(format!("KV_{}", eventlog::INDEX_BUCKET)).await?;
    Ok(StoreSize { commits, log_bytes, snapshot_bytes, index_bytes })
}

/// Which server leads each stream of the match log (`None`: one node, or no leader now).
pub(super) async fn log_leaders(nats: &eventlog::Connection) -> anyhow::Result<Vec<StreamLeader>> {
    let mut leaders = Vec::new();
    for stream in nats.layout().await?.streams() {
        let state = nats.stream_state(&stream).await.with_context(|| format!("stream {stream}"))?.with_context(|| format!("no stream {stream}"))?;
        leaders.push(StreamLeader { stream, leader: state.leader });
    }
    Ok(leaders)
}
