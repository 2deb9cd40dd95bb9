//! The bench's figures: latency percentiles and one struct per measured part, printed as the
//! table ([`super::table`]) or as JSON (`--json`).

use super::*;

/// Latency percentiles in milliseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Latency {
    pub count: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl Latency {
    pub(super) fn of(mut samples: Vec<Duration>) -> Latency {
        samples.sort_unstable();
        let at = |q: f64| -> f64 {
            if samples.is_empty() {
                return 0.0;
            }
            let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
            samples.get(i.min(samples.len() - 1)).map(ms).unwrap_or(0.0)
        };
        Latency { count: samples.len() as u64, p50_ms: at(0.50), p99_ms: at(0.99), max_ms: samples.last().map(ms).unwrap_or(0.0) }
    }
}

pub(super) fn ms(d: &Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

pub(super) fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 {
        a / b
    } else {
        0.0
    }
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RawFigures {
    pub appends: u64,
    pub seconds: f64,
    pub appends_per_s: f64,
    pub append: Latency,
    pub errors: u64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct ArbiterFigures {
    pub matches_started: u64,
    pub matches_finished: u64,
    pub decisions: u64,
    /// Versions the matches reached during the phase (creation, joins, decisions, draws, reveal).
    pub commits: u64,
    pub seconds: f64,
    pub commits_per_s: f64,
    pub decisions_per_s: f64,
    /// gRPC calls a bot made per decision (GetPendingDecision + SubmitDecision + retries).
    pub calls_per_decision: f64,
    pub submit: Latency,
    /// The SubmitDecision calls that committed only the decision (the reply's version is one more).
    pub submit_decision_only: Latency,
    /// The SubmitDecision calls after which the orchestrator also drew (or ended the match)
    /// before answering: more than one commit in one call.
    pub submit_with_more_commits: Latency,
    /// Refusals the bots retried (ABORTED, FAILED_PRECONDITION).
    pub retries: u64,
    pub errors: u64,
    pub first_error: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Ratios {
    /// Arbiter commits/s ÷ raw appends/s (1.0 would be as fast as the log itself).
    pub commits_per_raw_append: f64,
    /// SubmitDecision p50 ÷ raw append p50.
    pub submit_p50_per_raw_p50: f64,
    /// SubmitDecision p99 ÷ raw append p99.
    pub submit_p99_per_raw_p99: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RebuildFigures {
    pub match_id: String,
    /// The version asked for: the match's last version minus one (not the cached latest).
    pub version: u64,
    pub get_match_ms: f64,
    pub raw_read_ms: f64,
    pub get_match_per_raw_read: f64,
    pub get_match_us_per_version: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct MemoryFigures {
    pub orchestrator_rss_before_bytes: u64,
    pub orchestrator_rss_after_bytes: u64,
    /// (RSS after − RSS before) ÷ matches started in the load (finished or not).
    pub bytes_per_match: f64,
}

/// What a load's Arbiter phase added to the stores on disk, as JetStream counts them (stored
/// message bytes with their subjects and headers; the file store's own indexes not included).
#[derive(Clone, Debug, Default, Serialize)]
pub struct StoreFigures {
    pub commits: u64,
    /// Bytes added to the match stream, and per commit and per match started in the phase.
    pub log_bytes: u64,
    pub log_bytes_per_commit: f64,
    pub log_bytes_per_match: f64,
    /// Bytes added to the snapshot bucket (a cache; one live value per match and version kept).
    pub snapshot_bytes: u64,
    /// Bytes added to the match index bucket (one live entry per match).
    pub index_bytes: u64,
}

/// One process's `VmRSS` before and after a load's Arbiter phase.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ProcessRss {
    pub before_bytes: u64,
    pub after_bytes: u64,
}

/// CPU time (user + system, all threads) that each process used per unit of work, in µs: per
/// raw append in the raw phase, per commit in the Arbiter phase. CPU time does not count idle
/// waiting, so these figures hold still where throughput varies from run to run with the VM,
/// and they say where a commit's cost goes.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CpuFigures {
    /// By process: `nats` and `bench` (the raw appenders).
    pub raw_us_per_append: BTreeMap<String, f64>,
    /// By process: `nats`, `orchestrator`, `rules`, `randomness`, `feed` and `bench` (the bots,
    /// watchers and the feed probe), from the start of the Arbiter phase until the feed has
    /// caught up after it.
    pub arbiter_us_per_commit: BTreeMap<String, f64>,
    pub raw_total_us_per_append: f64,
    pub arbiter_total_us_per_commit: f64,
    /// `raw_total_us_per_append ÷ arbiter_total_us_per_commit`: what commits/s ÷ raw appends/s
    /// comes to when both phases keep every core busy (from about 16 matches on here); with
    /// cores idle (one match) the phases wait on round trips and the two figures part.
    pub cpu_bound_ratio: f64,
    /// NATS's CPU per commit ÷ its CPU per raw append: how many raw appends' worth of work the
    /// log server alone does for one commit.
    pub nats_raw_appends_per_commit: f64,
    /// `raw_total_us_per_append ÷` NATS's µs per commit: the most commits/s ÷ raw appends/s
    /// could reach on this machine if Arbiter's services and bots used no CPU at all and NATS
    /// had every core.
    pub ceiling_with_free_services: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct WatcherFigures {
    pub watchers: u64,
    /// WatchMatch calls made (refused ones included: see `errors`).
    pub watch_calls: u64,
    pub updates_received: u64,
    /// Versions a watcher skipped (each watcher should see every version after it started).
    pub versions_missed: u64,
    /// Time from a SubmitDecision reply to a watcher's delivery of that version (0 when the
    /// update arrived first).
    pub delivery: Latency,
    pub errors: u64,
    /// How many errors were `INTERNAL` (the consumer-limit failure).
    pub internal_errors: u64,
    pub first_error: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct LoadFigures {
    pub matches: usize,
    pub ruleset: String,
    pub raw: RawFigures,
    pub arbiter: ArbiterFigures,
    pub ratios: Ratios,
    pub rebuild: Option<RebuildFigures>,
    pub memory: Option<MemoryFigures>,
    pub store: StoreFigures,
    /// `VmRSS` of every process of the system the bench started, by name (`nats`,
    /// `orchestrator`, `rules`, `randomness`, `feed`); `None` with --orchestrator.
    pub rss: Option<BTreeMap<String, ProcessRss>>,
    /// The public feed's lag behind the commits; `None` with --orchestrator.
    pub feed: Option<FeedFigures>,
    /// CPU per append and per commit by process; `None` with --orchestrator.
    pub cpu: Option<CpuFigures>,
    pub watchers: Option<WatcherFigures>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RestartFigures {
    pub match_id: String,
    pub version: u64,
    /// Opening the bench's connection to the restarted orchestrator: TCP, HTTP/2 and a call it
    /// refuses before touching anything (no match id).
    pub connect_ms: f64,
    /// The first GetMatch (latest version) on that match after an orchestrator restart, on the
    /// open connection: the rebuild from the log.
    pub first_request_ms: f64,
    /// The same GetMatch again, the match now cached.
    pub again_ms: f64,
    /// The first GetMatch on another old match (the longest of another load) right after:
    /// a rebuild once the process has served a request.
    pub other: Option<OtherMatch>,
    pub raw_read_ms: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct OtherMatch {
    pub match_id: String,
    pub version: u64,
    pub first_request_ms: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct BenchReport {
    pub arbiter_version: String,
    pub cores: usize,
    /// The machine's 1-minute load average (`/proc/loadavg`) when the bench started and ended:
    /// other work on the machine shows here.
    pub load_average_start: Option<f64>,
    pub load_average_end: Option<f64>,
    /// Whether the bench started the system itself (`up` in a temporary directory).
    pub own_system: bool,
    /// Seats registered keys and signed every decision (`--sign-seats`).
    pub signed_seats: bool,
    pub duration_s: f64,
    pub raw_message_bytes: usize,
    pub loads: Vec<LoadFigures>,
    pub restart: Option<RestartFigures>,
    /// Nodes of the JetStream cluster the bench started (`--cluster`; 1: one node).
    pub nats_nodes: usize,
    /// The leader of each stream of the match log at the end (with --cluster and --partitions:
    /// whether the appends' leader work was spread over the nodes).
    pub log_leaders: Vec<StreamLeader>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct StreamLeader {
    pub stream: String,
    pub leader: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles() {
        let l = Latency::of((1..=100).map(Duration::from_millis).collect());
        assert_eq!(l.count, 100);
        assert!((l.p50_ms - 51.0).abs() < 1.01, "{}", l.p50_ms);
        assert!((l.p99_ms - 99.0).abs() < 1.01, "{}", l.p99_ms);
        assert_eq!(l.max_ms, 100.0);
        assert_eq!(Latency::of(Vec::new()).count, 0);
    }
}
