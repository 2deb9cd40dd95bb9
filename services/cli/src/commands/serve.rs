//! `arbiter serve`: one service in this process.

use std::process::ExitCode;

use clap::{Args, Subcommand};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples (with the files `arbiter up` makes in .arbiter):\n  arbiter serve rules --listen 127.0.0.1:50052 \\\n      --internal-ca .arbiter/tls/ca.pem --internal-cert .arbiter/tls/rules.pem --internal-key .arbiter/tls/rules.key\n  arbiter serve randomness --nats-url nats://127.0.0.1:4222 --key-file .arbiter/keys/randomness.json \\\n      --nats-user randomness --nats-password-file .arbiter/secrets/nats/randomness.password \\\n      --internal-ca .arbiter/tls/ca.pem --internal-cert .arbiter/tls/randomness.pem --internal-key .arbiter/tls/randomness.key\n  arbiter serve orchestrator --nats-url nats://127.0.0.1:4222 \\\n      --nats-user orchestrator --nats-password-file .arbiter/secrets/nats/orchestrator.password \\\n      --rules-url https://127.0.0.1:50052 --randomness-url https://127.0.0.1:50053 \\\n      --internal-ca .arbiter/tls/ca.pem --internal-cert .arbiter/tls/orchestrator.pem --internal-key .arbiter/tls/orchestrator.key\n  arbiter serve feed --nats-url nats://127.0.0.1:4222 --listen 127.0.0.1:50054 \\\n      --nats-user projector --nats-password-file .arbiter/secrets/nats/projector.password\n\nRules and randomness serve only mutual-TLS clients with a certificate of --internal-ca; NATS\nadmits only known users (docs/security.md). Each service prints `<name> listening on <addr>`\non stdout once it accepts calls (--listen 127.0.0.1:0 picks a free port). Logs go to stderr\n(RUST_LOG=debug for more; --log-format json for JSON lines). --otlp-endpoint exports spans and\nmetrics over OTLP; --metrics-listen serves Prometheus metrics (docs/observability.md).\n--worker-threads sets the threads of the service's runtime (default: 1 for the feed, one per\ncore for the others)."
)]
pub struct ServeCmd {
    #[command(subcommand)]
    pub service: Service,
    /// Worker threads of the service's async runtime: 1 runs it all on one thread, 0 one thread
    /// per core. Default: 1 for the feed, one per core for the others. On a machine where all
    /// the services share two cores, 1 for every service (ARBITER_WORKER_THREADS=1 arbiter up)
    /// spends less time switching threads (docs/performance.md)
    #[arg(long, env = "ARBITER_WORKER_THREADS", global = true)]
    pub worker_threads: Option<usize>,
    /// Tracing, metrics and log format (docs/observability.md).
    #[command(flatten)]
    pub telemetry: telemetry::TelemetryArgs,
}

#[derive(Debug, Subcommand)]
pub enum Service {
    /// The public match API (needs NATS, rules and randomness).
    Orchestrator(#[command(flatten)] orchestrator::OrchestratorArgs),
    /// The pure rules service.
    Rules(#[command(flatten)] rules_service::RulesArgs),
    /// The randomness service (keys, signed draws; reads NATS to check a match ended).
    Randomness(#[command(flatten)] randomness_service::RandomnessArgs),
    /// The public feed projector (reads the match log, publishes spectator views to FEED).
    Feed(#[command(flatten)] feed::FeedArgs),
}

/// The feed's default worker threads. Its work is one ordered pipeline (read the log, check,
/// project, publish in order, one ack at a time), which a second thread cannot share: on two,
/// every commit crossed threads several times, and the wake-ups cost more than the work (on two
/// cores, half its time; it fell seconds behind a 64-match load). On one it keeps up.
pub const FEED_WORKER_THREADS: usize = 1;

impl ServeCmd {
    /// The worker threads of this service's runtime (0: one per core).
    pub fn worker_threads(&self) -> usize {
        self.worker_threads.unwrap_or(match self.service {
            Service::Feed(_) => FEED_WORKER_THREADS,
            _ => 0,
        })
    }

    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let name = match &self.service {
            Service::Orchestrator(_) => "arbiter-orchestrator",
            Service::Rules(_) => "arbiter-rules",
            Service::Randomness(_) => "arbiter-randomness",
            Service::Feed(_) => "arbiter-feed",
        };
        // Kept to the end: dropping it flushes the spans and metrics not yet exported.
        let _telemetry = telemetry::init(name, &self.telemetry).await?;
        match self.service {
            Service::Orchestrator(args) => orchestrator::serve(args).await?,
            Service::Rules(args) => rules_service::serve(args).await?,
            Service::Randomness(args) => randomness_service::serve(args).await?,
            Service::Feed(args) => feed::serve(args).await?,
        }
        Ok(ExitCode::SUCCESS)
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    /// `arbiter serve …` as the binary parses it.
    #[derive(Parser)]
    struct Cli {
        #[command(subcommand)]
        command: Top,
    }

    #[derive(clap::Subcommand)]
    enum Top {
        Serve(super::ServeCmd),
    }

    fn threads(args: &[&str]) -> usize {
        let Top::Serve(serve) = Cli::try_parse_from(args).expect("parses").command;
        serve.worker_threads()
    }

    #[test]
    fn the_feed_runs_on_one_thread_and_the_others_on_one_per_core_unless_told() {
        let feed = ["arbiter", "serve", "feed", "--nats-url", "nats://127.0.0.1:4222"];
        let rules = ["arbiter", "serve", "rules", "--listen", "127.0.0.1:0"];
        assert_eq!(threads(&feed), super::FEED_WORKER_THREADS);
        assert_eq!(super::FEED_WORKER_THREADS, 1);
        assert_eq!(threads(&rules), 0);
        assert_eq!(threads(&[&rules[..], &["--worker-threads", "1"]].concat()), 1);
        assert_eq!(threads(&[&feed[..], &["--worker-threads", "4"]].concat()), 4);
    }
}
