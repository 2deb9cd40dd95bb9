//! The metrics of a service: a small registry of labelled counters, gauges and histograms,
//! rendered in the Prometheus text format on `--metrics-listen` (with the process metrics a
//! Prometheus user expects) and mirrored to OpenTelemetry instruments when OTLP is on.
//!
//! Every record is one flag check when metrics are off. Label values are ids of bounded sets
//! (method paths, rulesets, kinds, codes); a family holding [`MAX_SERIES`] label sets folds
//! any further one into `other`, so a client inventing method paths cannot grow memory.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use opentelemetry::metrics::MeterProvider as _;
use opentelemetry::KeyValue;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

static ENABLED: AtomicBool = AtomicBool::new(false);
static METER: OnceLock<opentelemetry::metrics::Meter> = OnceLock::new();

/// Series one family may hold before new label sets are folded into `other`.
pub const MAX_SERIES: usize = 512;

/// Whether metrics are recorded (a Prometheus endpoint or OTLP is configured).
#[inline]
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Start recording (the Prometheus endpoint is served by [`serve`]).
pub fn enable(_service: &str) {
    ENABLED.store(true, Ordering::Relaxed);
}

/// Mirror every family to OpenTelemetry instruments of `provider` (OTLP export).
pub fn export_to(provider: &opentelemetry_sdk::metrics::SdkMeterProvider, service: &str) {
    let meter = provider.meter("arbiter");
    let _ = meter
        .f64_observable_gauge("process.resident_memory")
        .with_unit("By")
        .with_callback(|o| {
            if let Some(p) = ProcessStats::read() {
                o.observe(p.rss_bytes, &[]);
            }
        })
        .build();
    let _ = meter
        .f64_observable_counter("process.cpu.time")
        .with_unit("s")
        .with_callback(|o| {
            if let Some(p) = ProcessStats::read() {
                o.observe(p.cpu_seconds, &[]);
            }
        })
        .build();
    let _ = METER.set(meter);
    enable(service);
}

fn otel_name(name: &str) -> String {
    name.strip_suffix("_total").unwrap_or(name).replace('_', ".")
}

fn series_index<T>(series: &mut Vec<(Vec<String>, T)>, labels: &[&str], new: impl FnOnce() -> T) -> usize {
    if let Some(i) = series.iter().position(|(l, _)| l.iter().map(String::as_str).eq(labels.iter().copied())) {
        return i;
    }
    let labels: Vec<String> =
        if series.len() >= MAX_SERIES { labels.iter().map(|_| "other".to_string()).collect() } else { labels.iter().map(|l| l.to_string()).collect() };
    if let Some(i) = series.iter().position(|(l, _)| *l == labels) {
        return i;
    }
    series.push((labels, new()));
    series.len() - 1
}

fn key_values(names: &[&'static str], values: &[&str]) -> Vec<KeyValue> {
    names.iter().zip(values).map(|(k, v)| KeyValue::new(*k, v.to_string())).collect()
}

/// A monotonic counter with labels.
pub struct CounterVec {
    name: &'static str,
    help: &'static str,
    labels: &'static [&'static str],
    series: Mutex<Vec<(Vec<String>, f64)>>,
    otel: OnceLock<opentelemetry::metrics::Counter<f64>>,
}

impl CounterVec {
    pub const fn new(name: &'static str, help: &'static str, labels: &'static [&'static str]) -> CounterVec {
        CounterVec { name, help, labels, series: Mutex::new(Vec::new()), otel: OnceLock::new() }
    }

    /// Add `by` to the series of `labels` (one value per label name, in order).
    pub fn add(&self, labels: &[&str], by: f64) {
        if !enabled() {
            return;
        }
        if let Ok(mut series) = self.series.lock() {
            let i = series_index(&mut series, labels, || 0.0);
            if let Some(s) = series.get_mut(i) {
                s.1 += by;
            }
        }
        if let Some(meter) = METER.get() {
            let c = self.otel.get_or_init(|| meter.f64_counter(otel_name(self.name)).with_description(self.help).build());
            c.add(by, &key_values(self.labels, labels));
        }
    }

    pub fn inc(&self, labels: &[&str]) {
        self.add(labels, 1.0);
    }

    /// The value of one series (tests and the demo's report).
    pub fn get(&self, labels: &[&str]) -> f64 {
        self.series.lock().ok().and_then(|s| s.iter().find(|(l, _)| l.iter().map(String::as_str).eq(labels.iter().copied())).map(|(_, v)| *v)).unwrap_or(0.0)
    }

    fn render(&self, out: &mut String) {
        let _ = writeln!(out, "# HELP {} {}\n# TYPE {} counter", self.name, self.help, self.name);
        if let Ok(series) = self.series.lock() {
            for (labels, v) in series.iter() {
                let _ = writeln!(out, "{}{} {}", self.name, label_text(self.labels, labels, None), v);
            }
        }
    }
}

/// A gauge with labels (set, or moved by a delta).
pub struct GaugeVec {
    name: &'static str,
    help: &'static str,
    labels: &'static [&'static str],
    series: Mutex<Vec<(Vec<String>, f64)>>,
    otel: OnceLock<opentelemetry::metrics::Gauge<f64>>,
}

impl GaugeVec {
    pub const fn new(name: &'static str, help: &'static str, labels: &'static [&'static str]) -> GaugeVec {
        GaugeVec { name, help, labels, series: Mutex::new(Vec::new()), otel: OnceLock::new() }
    }

    fn update(&self, labels: &[&str], f: impl FnOnce(f64) -> f64) {
        if !enabled() {
            return;
        }
        let mut now = 0.0;
        if let Ok(mut series) = self.series.lock() {
            let i = series_index(&mut series, labels, || 0.0);
            if let Some(s) = series.get_mut(i) {
                s.1 = f(s.1);
                now = s.1;
            }
        }
        if let Some(meter) = METER.get() {
            let g = self.otel.get_or_init(|| meter.f64_gauge(otel_name(self.name)).with_description(self.help).build());
            g.record(now, &key_values(self.labels, labels));
        }
    }

    pub fn set(&self, labels: &[&str], value: f64) {
        self.update(labels, |_| value);
    }

    pub fn add(&self, labels: &[&str], delta: f64) {
        self.update(labels, |v| v + delta);
    }

    fn render(&self, out: &mut String) {
        let _ = writeln!(out, "# HELP {} {}\n# TYPE {} gauge", self.name, self.help, self.name);
        if let Ok(series) = self.series.lock() {
            for (labels, v) in series.iter() {
                let _ = writeln!(out, "{}{} {}", self.name, label_text(self.labels, labels, None), v);
            }
        }
    }
}

#[derive(Clone, Debug)]
struct Hist {
    counts: Vec<u64>,
    sum: f64,
    count: u64,
}

/// A histogram with labels and fixed buckets.
pub struct HistogramVec {
    name: &'static str,
    help: &'static str,
    labels: &'static [&'static str],
    buckets: &'static [f64],
    series: Mutex<Vec<(Vec<String>, Hist)>>,
    otel: OnceLock<opentelemetry::metrics::Histogram<f64>>,
}

/// Latency buckets in seconds, from half a millisecond to ten seconds.
pub const LATENCY_BUCKETS: &[f64] = &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
/// Count buckets (commits replayed by a rebuild).
pub const COUNT_BUCKETS: &[f64] = &[1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0];

impl HistogramVec {
    pub const fn new(name: &'static str, help: &'static str, labels: &'static [&'static str], buckets: &'static [f64]) -> HistogramVec {
        HistogramVec { name, help, labels, buckets, series: Mutex::new(Vec::new()), otel: OnceLock::new() }
    }

    pub fn observe(&self, labels: &[&str], value: f64) {
        if !enabled() {
            return;
        }
        if let Ok(mut series) = self.series.lock() {
            let n = self.buckets.len();
            let i = series_index(&mut series, labels, || Hist { counts: vec![0; n], sum: 0.0, count: 0 });
            if let Some((_, h)) = series.get_mut(i) {
                if let Some(b) = self.buckets.iter().position(|b| value <= *b) {
                    if let Some(c) = h.counts.get_mut(b) {
                        *c += 1;
                    }
                }
                h.sum += value;
                h.count += 1;
            }
        }
        if let Some(meter) = METER.get() {
            let h =
                self.otel.get_or_init(|| meter.f64_histogram(otel_name(self.name)).with_description(self.help).with_boundaries(self.buckets.to_vec()).build());
            h.record(value, &key_values(self.labels, labels));
        }
    }

    /// Observations of one series (tests).
    pub fn count(&self, labels: &[&str]) -> u64 {
        self.series.lock().ok().and_then(|s| s.iter().find(|(l, _)| l.iter().map(String::as_str).eq(labels.iter().copied())).map(|(_, h)| h.count)).unwrap_or(0)
    }

    fn render(&self, out: &mut String) {
        let _ = writeln!(out, "# HELP {} {}\n# TYPE {} histogram", self.name, self.help, self.name);
        if let Ok(series) = self.series.lock() {
            for (labels, h) in series.iter() {
                let mut cumulative = 0;
                for (b, c) in self.buckets.iter().zip(&h.counts) {
                    cumulative += c;
                    let _ = writeln!(out, "{}_bucket{} {}", self.name, label_text(self.labels, labels, Some(&b.to_string())), cumulative);
                }
                let _ = writeln!(out, "{}_bucket{} {}", self.name, label_text(self.labels, labels, Some("+Inf")), h.count);
                let _ = writeln!(out, "{}_sum{} {}", self.name, label_text(self.labels, labels, None), h.sum);
                let _ = writeln!(out, "{}_count{} {}", self.name, label_text(self.labels, labels, None), h.count);
            }
        }
    }
}

fn label_text(names: &[&str], values: &[String], le: Option<&str>) -> String {
    let mut parts: Vec<String> = names.iter().zip(values).map(|(k, v)| format!("{k}=\"{}\"", escape(v))).collect();
    if let Some(le) = le {
        parts.push(format!("le=\"{le}\""));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("{{{}}}", parts.join(","))
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

// The families. Names follow Prometheus conventions (unit suffix, `_total` for counters).

/// Every gRPC call served, by method and status code (server side, each service).
pub static RPC_REQUESTS: CounterVec =
    CounterVec::new("arbiter_rpc_requests_total", "gRPC calls served, by method and status code.", &["rpc_service", "rpc_method", "code"]);
/// Server-side latency of each gRPC call (to the response headers: a watch's whole stream is not counted).
pub static RPC_DURATION: HistogramVec = HistogramVec::new(
    "arbiter_rpc_duration_seconds",
    "Latency of gRPC calls served, to the response headers, by method.",
    &["rpc_service", "rpc_method"],
    LATENCY_BUCKETS,
);
/// Decisions accepted (logged), by ruleset (orchestrator).
pub static DECISIONS: CounterVec = CounterVec::new("arbiter_decisions_total", "Decisions logged, by ruleset and outcome.", &["ruleset", "outcome"]);
/// Latency of SubmitDecision, by ruleset (orchestrator).
pub static DECISION_DURATION: HistogramVec = HistogramVec::new(
    "arbiter_decision_duration_seconds",
    "Latency of SubmitDecision (rules, append and the draws it causes), by ruleset.",
    &["ruleset"],
    LATENCY_BUCKETS,
);
/// Commits appended to the log, by ruleset and input kind (orchestrator).
pub static COMMITS: CounterVec =
    CounterVec::new("arbiter_commits_total", "Commits appended to the match log, by ruleset and input kind.", &["ruleset", "kind"]);
/// Latency of one conditional append (orchestrator).
pub static APPEND_DURATION: HistogramVec =
    HistogramVec::new("arbiter_append_duration_seconds", "Latency of one conditional append to the match log.", &[], LATENCY_BUCKETS);
/// Appends refused because another writer appended first (orchestrator).
pub static APPEND_CONFLICTS: CounterVec =
    CounterVec::new("arbiter_append_conflicts_total", "Appends refused by the sequence check (another writer appended first).", &[]);
/// Matches rebuilt from the log, by how (orchestrator).
pub static REBUILDS: CounterVec = CounterVec::new("arbiter_rebuilds_total", "Matches rebuilt from the log, by start (snapshot or full replay).", &["from"]);
/// Commits replayed by one rebuild (orchestrator).
pub static REBUILD_LENGTH: HistogramVec = HistogramVec::new("arbiter_rebuild_commits", "Commits replayed by one rebuild.", &[], COUNT_BUCKETS);
/// Matches and bytes held by the match cache (orchestrator).
pub static CACHE_MATCHES: GaugeVec = GaugeVec::new("arbiter_cache_matches", "Matches held in the match cache.", &[]);
pub static CACHE_BYTES: GaugeVec = GaugeVec::new("arbiter_cache_bytes", "Approximate bytes held by the match cache.", &[]);
/// Matches evicted from the cache (orchestrator).
pub static CACHE_EVICTIONS: CounterVec = CounterVec::new("arbiter_cache_evictions_total", "Matches evicted from the match cache.", &[]);
/// Open watches (orchestrator).
pub static WATCHERS: GaugeVec = GaugeVec::new("arbiter_watchers", "Open WatchMatch streams.", &[]);
/// Updates a watcher had not read when one more was queued (orchestrator).
pub static WATCH_LAG: HistogramVec =
    HistogramVec::new("arbiter_watch_lag_updates", "Updates queued and unread by a watcher when a new one is sent to it.", &[], COUNT_BUCKETS);
/// Watches ended because their reader stalled (orchestrator).
pub static WATCH_STALLS: CounterVec = CounterVec::new("arbiter_watch_stalls_total", "Watches ended because the client left its full buffer unread.", &[]);
/// Signed draws and reveals served (randomness).
pub static DRAWS: CounterVec = CounterVec::new("arbiter_randomness_draws_total", "Signed draws served, by kind (range, shuffle, reveal).", &["kind"]);

/// The log scrubber (orchestrator): commits checked, passes done, and matches whose log the
/// last pass found broken.
pub static SCRUB_COMMITS: CounterVec = CounterVec::new("arbiter_scrub_commits_total", "Commits the log scrubber has checked.", &[]);
pub static SCRUB_PASSES: CounterVec = CounterVec::new("arbiter_scrub_passes_total", "Passes of the log scrubber over the whole match log.", &[]);
pub static SCRUB_BROKEN: GaugeVec =
    GaugeVec::new("arbiter_scrub_broken_matches", "Matches whose log failed the integrity check in the scrubber's last pass.", &[]);
/// Matches the archiver found gone with their period stream before they were sealed
/// (orchestrator, in a log with periods).
pub static ARCHIVE_LOST: GaugeVec = GaugeVec::new(
    "arbiter_archive_lost_matches",
    "Matches not yet sealed whose period stream is gone from the hot log, as the archiver's last pass found them.",
    &[],
);

/// The period deleter's passes (the orchestrator's archiver, `arbiter archive`): passes done,
/// streams deleted, and what the last pass left: streams old enough kept, deletes that failed.
pub static ARCHIVE_PASSES: CounterVec = CounterVec::new("arbiter_archive_passes_total", "Passes over the period streams that may leave the hot log.", &[]);
pub static ARCHIVE_DELETED: CounterVec = CounterVec::new("arbiter_archive_streams_deleted_total", "Sealed period streams deleted from the hot log.", &[]);
pub static ARCHIVE_KEPT: GaugeVec =
    GaugeVec::new("arbiter_archive_streams_kept", "Period streams old enough to leave that the last pass kept (a match not sealed, a doubt).", &[]);
pub static ARCHIVE_DELETE_FAILED: GaugeVec = GaugeVec::new(
    "arbiter_archive_deletes_failed",
    "Period streams that may leave but whose delete failed in the last pass (a credential without the archiver's rights, NATS down), or 1 when the streams could not be listed.",
    &[],
);

/// Requests the match API refused for their rate, by what was over it (orchestrator).
pub static RATE_LIMITED: CounterVec =
    CounterVec::new("arbiter_rate_limited_total", "Requests refused with RESOURCE_EXHAUSTED for their rate, by what was over it.", &["limit"]);
/// Connections closed as accepted, for their address's cap (orchestrator).
pub static CONNECTIONS_REFUSED: CounterVec =
    CounterVec::new("arbiter_connections_refused_total", "Connections closed as they were accepted: their address already held its maximum.", &[]);

/// Matches waiting for the system (a randomness node, the rules service or the log that does not
/// answer), by service, as this orchestrator sees them now (docs/api.md, "Waiting for the
/// system").
pub static SYSTEM_WAITS: GaugeVec = GaugeVec::new(
    "arbiter_matches_waiting_for_system",
    "Matches waiting for a service that does not answer (a draw or the reveal they cannot get), by service.",
    &["service"],
);
/// Waits for the system that began, by service (orchestrator).
pub static SYSTEM_WAITS_BEGUN: CounterVec =
    CounterVec::new("arbiter_system_waits_total", "Times a match began to wait for a service that does not answer, by service.", &["service"]);
/// How long matches waited for the system, by service, observed when each went on (orchestrator).
pub static SYSTEM_WAIT_DURATION: HistogramVec = HistogramVec::new(
    "arbiter_system_wait_seconds",
    "How long a match waited for a service that did not answer, observed when it went on.",
    &["service"],
    WAIT_BUCKETS,
);

/// Buckets of waits for the system, seconds.
pub const WAIT_BUCKETS: &[f64] = &[0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 1800.0];

const COUNTERS: &[&CounterVec] = &[
    &RPC_REQUESTS,
    &DECISIONS,
    &COMMITS,
    &APPEND_CONFLICTS,
    &REBUILDS,
    &CACHE_EVICTIONS,
    &WATCH_STALLS,
    &DRAWS,
    &SCRUB_COMMITS,
    &SCRUB_PASSES,
    &ARCHIVE_PASSES,
    &ARCHIVE_DELETED,
    &RATE_LIMITED,
    &CONNECTIONS_REFUSED,
    &SYSTEM_WAITS_BEGUN,
];
const GAUGES: &[&GaugeVec] = &[&CACHE_MATCHES, &CACHE_BYTES, &WATCHERS, &SCRUB_BROKEN, &ARCHIVE_LOST, &ARCHIVE_KEPT, &ARCHIVE_DELETE_FAILED, &SYSTEM_WAITS];
const HISTOGRAMS: &[&HistogramVec] = &[&RPC_DURATION, &DECISION_DURATION, &APPEND_DURATION, &REBUILD_LENGTH, &WATCH_LAG, &SYSTEM_WAIT_DURATION];

/// Every family in the Prometheus text format (0.0.4), process metrics included.
pub fn render() -> String {
    let mut out = String::new();
    for c in COUNTERS {
        c.render(&mut out);
    }
    for g in GAUGES {
        g.render(&mut out);
    }
    for h in HISTOGRAMS {
        h.render(&mut out);
    }
    if let Some(p) = ProcessStats::read() {
        p.render(&mut out);
    }
    out
}

/// What `/proc/self` says about this process (Linux; nothing elsewhere).
struct ProcessStats {
    cpu_seconds: f64,
    rss_bytes: f64,
    virtual_bytes: f64,
    start_time_seconds: f64,
    threads: f64,
    open_fds: f64,
    max_fds: Option<f64>,
}

impl ProcessStats {
    fn read() -> Option<ProcessStats> {
        use infra::process;
        let stat = process::Stat::read("self")?;
        let per_s = process::ticks_per_second() as f64;
        Some(ProcessStats {
            cpu_seconds: stat.cpu_ticks as f64 / per_s,
            threads: stat.threads as f64,
            start_time_seconds: process::boot_time_seconds().unwrap_or(0) as f64 + stat.start_ticks as f64 / per_s,
            virtual_bytes: stat.virtual_bytes as f64,
            rss_bytes: (stat.rss_pages * process::page_bytes()) as f64,
            open_fds: process::open_files().unwrap_or(0) as f64,
            max_fds: process::max_open_files().map(|n| n as f64),
        })
    }

    fn render(&self, out: &mut String) {
        let mut one = |name: &str, kind: &str, help: &str, v: f64| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {v}");
        };
        one("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", self.cpu_seconds);
        one("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", self.rss_bytes);
        one("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", self.virtual_bytes);
        one("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.", self.start_time_seconds);
        one("process_threads", "gauge", "Number of OS threads in the process.", self.threads);
        one("process_open_fds", "gauge", "Number of open file descriptors.", self.open_fds);
        if let Some(m) = self.max_fds {
            one("process_max_fds", "gauge", "Maximum number of open file descriptors.", m);
        }
    }
}

/// Serve [`render`] over HTTP/1.1 at `addr` (any path; `/metrics` by convention) until the
/// process ends. Returns the bound address.
pub async fn serve(addr: SocketAddr) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    tokio::spawn(async move {
        loop {
            let Ok((mut conn, _)) = listener.accept().await else { continue };
            tokio::spawn(async move {
                // Read the request head (bounded; a scrape sends a few hundred bytes).
                let mut head = Vec::with_capacity(512);
                let mut buf = [0u8; 1024];
                let read = tokio::time::timeout(std::time::Duration::from_secs(5), async {
                    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 8192 {
                        let n = conn.read(&mut buf).await?;
                        if n == 0 {
                            break;
                        }
                        head.extend_from_slice(buf.get(..n).unwrap_or_default());
                    }
                    Ok::<_, std::io::Error>(())
                })
                .await;
                if !matches!(read, Ok(Ok(()))) {
                    return;
                }
                let response = if head.starts_with(b"GET ") {
                    let body = render();
                    format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    )
                } else {
                    "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_string()
                };
                let _ = conn.write_all(response.as_bytes()).await;
                let _ = conn.shutdown().await;
            });
        }
    });
    Ok(local)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_render_in_the_prometheus_format_and_cap_their_series() {
        ENABLED.store(true, Ordering::Relaxed);
        static C: CounterVec = CounterVec::new("t_calls_total", "calls", &["method", "code"]);
        static H: HistogramVec = HistogramVec::new("t_seconds", "latency", &["method"], &[0.1, 1.0]);
        C.inc(&["a", "0"]);
        C.add(&["a", "0"], 2.0);
        C.inc(&["b\"x", "5"]);
        H.observe(&["a"], 0.05);
        H.observe(&["a"], 0.5);
        H.observe(&["a"], 5.0);
        let mut out = String::new();
        C.render(&mut out);
        H.render(&mut out);
        assert!(out.contains("# TYPE t_calls_total counter\n"), "{out}");
        assert!(out.contains("t_calls_total{method=\"a\",code=\"0\"} 3\n"), "{out}");
        assert!(out.contains("t_calls_total{method=\"b\\\"x\",code=\"5\"} 1\n"), "{out}");
        assert!(out.contains("t_seconds_bucket{method=\"a\",le=\"0.1\"} 1\n"), "{out}");
        assert!(out.contains("t_seconds_bucket{method=\"a\",le=\"1\"} 2\n"), "{out}");
        assert!(out.contains("t_seconds_bucket{method=\"a\",le=\"+Inf\"} 3\n"), "{out}");
        assert!(out.contains("t_seconds_count{method=\"a\"} 3\n"), "{out}");
        assert_eq!(C.get(&["a", "0"]), 3.0);

        static D: CounterVec = CounterVec::new("t_many_total", "many", &["path"]);
        for i in 0..(MAX_SERIES + 50) {
            D.inc(&[&format!("/x/{i}")]);
        }
        assert_eq!(D.series.lock().unwrap().len(), MAX_SERIES + 1);
        assert_eq!(D.get(&["other"]), 50.0);
        assert!(render().contains("process_resident_memory_bytes "));
    }
}
