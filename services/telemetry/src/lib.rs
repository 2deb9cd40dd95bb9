//! Arbiter's observability, shared by every service (`docs/observability.md`).
//!
//! Owns: the `tracing` subscriber of a service process (text or JSON log lines carrying the
//! trace id), the OTLP export of its spans and metrics when an endpoint is configured
//! (`--otlp-endpoint` or the standard `OTEL_*` variables), W3C trace-context propagation
//! (gRPC metadata through [`propagate::TracedChannel`] and the server span of
//! [`propagate::server_span`], NATS headers and the commit's `trace_context` through
//! [`propagate::current_context`]), the metrics registry ([`metrics`]) with the process
//! metrics, and the Prometheus text endpoint (`--metrics-listen`).
//! Must never: cost the decision path anything but a flag check when tracing and metrics are
//! off; record a secret, a seat or platform token, a randomness secret or a hidden card in a
//! span, a metric label or a log line (callers name only ids, versions, rulesets and kinds).

pub mod log;
pub mod metrics;
pub mod propagate;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::Layer;

static TRACING: AtomicBool = AtomicBool::new(false);

/// Whether spans are exported (an OTLP endpoint is configured): propagation and the extra
/// client and publish spans exist only then.
#[inline]
pub fn tracing_enabled() -> bool {
    TRACING.load(Ordering::Relaxed)
}

/// Turn the propagation on or off without an exporter (tests that install their own
/// OpenTelemetry layer).
pub fn set_tracing_enabled(on: bool) {
    TRACING.store(on, Ordering::Relaxed);
}

/// The log line format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One human-readable line per event.
    #[default]
    Text,
    /// One JSON object per line, with `trace_id` and `span_id` when the event is in a trace.
    Json,
}

/// The observability flags of every service.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct TelemetryArgs {
    /// Export spans and metrics over OTLP/gRPC to this collector (e.g. http://127.0.0.1:4317).
    /// Without it, OTEL_EXPORTER_OTLP_ENDPOINT is used if set; with neither, nothing is
    /// exported and tracing costs nothing. OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES are
    /// honoured.
    #[arg(long, global = true, env = "ARBITER_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,
    /// Serve the metrics in the Prometheus text format at http://<addr>/metrics (port 0 picks
    /// a free port; the service prints `metrics endpoint: http://<addr>/metrics`).
    #[arg(long, global = true, env = "ARBITER_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,
    /// Log line format on stderr: text, or json (one object per line, with the trace id).
    #[arg(long, global = true, env = "ARBITER_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

impl TelemetryArgs {
    /// The OTLP endpoint: the flag, else the standard variable.
    pub fn endpoint(&self) -> Option<String> {
        self.otlp_endpoint.clone().or_else(|| std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT").ok()).filter(|e| !e.trim().is_empty())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TelemetryError {
    #[error("cannot set up the OTLP exporter for {endpoint}: {reason} (check --otlp-endpoint / OTEL_EXPORTER_OTLP_ENDPOINT)")]
    Exporter { endpoint: String, reason: String },
    #[error("cannot serve metrics on {addr}: {source} (pick another --metrics-listen address)")]
    MetricsListen { addr: SocketAddr, source: std::io::Error },
}

/// Keeps the exporters alive; flushes and stops them when dropped (at the service's end).
#[derive(Default)]
pub struct Telemetry {
    tracer: Option<opentelemetry_sdk::trace::SdkTracerProvider>,
    meter: Option<opentelemetry_sdk::metrics::SdkMeterProvider>,
}

impl Telemetry {
    /// Export what is buffered now.
    pub fn flush(&self) {
        if let Some(t) = &self.tracer {
            let _ = t.force_flush();
        }
        if let Some(m) = &self.meter {
            let _ = m.force_flush();
        }
    }
}

impl Drop for Telemetry {
    fn drop(&mut self) {
        if let Some(t) = self.tracer.take() {
            let _ = t.shutdown();
        }
        if let Some(m) = self.meter.take() {
            let _ = m.shutdown();
        }
    }
}

fn resource(service: &str) -> opentelemetry_sdk::Resource {
    let builder = opentelemetry_sdk::Resource::builder();
    // OTEL_SERVICE_NAME, read by the default detectors, wins over our name.
    if std::env::var("OTEL_SERVICE_NAME").map(|v| v.is_empty()).unwrap_or(true) {
        builder.with_service_name(service.to_string()).build()
    } else {
        builder.build()
    }
}

/// Set up logging, and tracing and metrics export as `args` say, for the service `service`
/// (its `service.name`, e.g. `arbiter-orchestrator`). Must run inside the Tokio runtime. A
/// second call in one process (tests) keeps the first subscriber.
pub async fn init(service: &str, args: &TelemetryArgs) -> Result<Telemetry, TelemetryError> {
    let mut telemetry = Telemetry::default();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let mut otel_layer = None;
    if let Some(endpoint) = args.endpoint() {
        let err = |e: &dyn std::fmt::Display| TelemetryError::Exporter { endpoint: endpoint.clone(), reason: e.to_string() };
        let spans = opentelemetry_otlp::SpanExporter::builder().with_tonic().with_endpoint(endpoint.clone()).build().map_err(|e| err(&e))?;
        let provider = opentelemetry_sdk::trace::SdkTracerProvider::builder().with_batch_exporter(spans).with_resource(resource(service)).build();
        let tracer = provider.tracer("arbiter");
        otel_layer = Some(tracing_opentelemetry::layer().with_tracer(tracer).with_filter(OtelFilter));
        telemetry.tracer = Some(provider);
        let exporter = opentelemetry_otlp::MetricExporter::builder().with_tonic().with_endpoint(endpoint.clone()).build().map_err(|e| err(&e))?;
        let meter = opentelemetry_sdk::metrics::SdkMeterProvider::builder().with_periodic_exporter(exporter).with_resource(resource(service)).build();
        metrics::export_to(&meter, service);
        telemetry.meter = Some(meter);
        set_tracing_enabled(true);
    }
    let fmt = tracing_subscriber::fmt::layer().with_writer(std::io::stderr).event_format(log::Formatter::new(args.log_format));
    let _ = tracing_subscriber::registry().with(filter).with(otel_layer).with(fmt).try_init();
    if let Some(addr) = args.metrics_listen {
        metrics::enable(service);
        let local = metrics::serve(addr).await.map_err(|source| TelemetryError::MetricsListen { addr, source })?;
        // Not "listening on": tools wait for that line to learn the gRPC address.
        println!("metrics endpoint: http://{local}/metrics");
        tracing::info!(%local, "metrics listening");
    }
    Ok(telemetry)
}

/// Only Arbiter's own spans go to the exporter: the spans of the libraries underneath (h2,
/// hyper, tonic, async-nats) would drown them and are not part of the decision's story.
struct OtelFilter;

impl<S> tracing_subscriber::layer::Filter<S> for OtelFilter {
    fn enabled(&self, meta: &tracing::Metadata<'_>, _: &tracing_subscriber::layer::Context<'_, S>) -> bool {
        // Events too: they become span events (with the span's trace) in the exporter.
        let target = meta.target();
        !(target.starts_with("h2")
            || target.starts_with("hyper")
            || target.starts_with("tonic")
            || target.starts_with("tower")
            || target.starts_with("async_nats")
            || target.starts_with("rustls")
            || target.starts_with("opentelemetry"))
    }
}

/// A subscriber that traces (W3C ids, parent links) without exporting anything, for tests of
/// propagation: use it with `tracing::subscriber::set_default` and [`set_tracing_enabled`].
pub fn local_tracing() -> impl tracing::Subscriber + Send + Sync {
    let provider = opentelemetry_sdk::trace::SdkTracerProvider::builder().build();
    tracing_subscriber::registry().with(tracing_opentelemetry::layer().with_tracer(provider.tracer("test")))
}
