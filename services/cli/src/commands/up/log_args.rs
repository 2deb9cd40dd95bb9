//! `arbiter up`'s options for the NATS cluster and the match log's layout.

use clap::Args;

#[derive(Clone, Debug, Args)]
pub struct ClusterArgs {
    /// Start a JetStream cluster of N local nats-server nodes (3; 5 or 7 also work) instead of
    /// one: separate stores in <data-dir>/nats-cluster/node-<i>, routes on loopback with a
    /// generated route password, the match stream and the snapshot bucket at N replicas, and
    /// the services connected to every node. Node i listens on --nats-port + i - 1.
    #[arg(long, value_name = "N", conflicts_with = "nats_url", value_parser = cluster_size)]
    pub cluster: Option<usize>,
    /// Route port of the first --cluster node (node i: this + i - 1; 0 = free ports).
    #[arg(long, default_value_t = 6222, value_name = "PORT")]
    pub cluster_port: u16,
    /// Spread the match log over N streams (1 to 8), each match in the one its id hashes to, so
    /// that a cluster's stream leaders spread over its nodes. Fixed when the log is created: an
    /// existing log must be started with the count it has (1, the default, is the single
    /// stream of every log made before partitions). See docs/architecture.md, "Partitions".
    #[arg(long, value_name = "N", env = "ARBITER_PARTITIONS", default_value_t = 1)]
    pub partitions: usize,
    /// Periods of a new match log (e.g. 30d; "off", the default, for none): each period's
    /// matches in their own streams, which leave the hot log once every match of the period is
    /// sealed (the orchestrator gets the `archiver` NATS user for that). Fixed when the log is
    /// created. See docs/architecture.md, "Leaving the hot log".
    #[arg(long, value_name = "LENGTH", env = "ARBITER_PERIOD", default_value = "off")]
    pub period: String,
    /// With --period: how long after its creation a match takes moves (then it is ended by a
    /// ruling). Recorded with the period.
    #[arg(long, value_name = "AGE", env = "ARBITER_MAX_MATCH_AGE", default_value = "30d")]
    pub max_match_age: String,
}

impl ClusterArgs {
    /// The orchestrator's period options: none without periods; with them, the period, the
    /// age and the archiver's credentials (its password file `archiver_password`).
    pub fn period_args(&self, archiver_password: &std::path::Path) -> Vec<String> {
        if self.period.trim() == "off" {
            return Vec::new();
        }
        vec![
            "--period".into(),
            self.period.clone(),
            "--max-match-age".into(),
            self.max_match_age.clone(),
            "--archiver-nats-user".into(),
            eventlog::Role::Archiver.name().into(),
            "--archiver-nats-password-file".into(),
            archiver_password.display().to_string(),
        ]
    }
}

impl Default for ClusterArgs {
    /// One node, the default route port, one partition: as the flags' defaults.
    fn default() -> Self {
        ClusterArgs { cluster: None, cluster_port: 6222, partitions: 1, period: "off".into(), max_match_age: "30d".into() }
    }
}

/// `--cluster N`: an odd number of nodes from 3 to 7, so a majority survives a lost node.
pub(crate) fn cluster_size(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ (3 | 5 | 7)) => Ok(n),
        _ => Err(format!("{text:?} nodes: use 3 (or 5 or 7), an odd number, so that a majority survives the loss of a node")),
    }
}
