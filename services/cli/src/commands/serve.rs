//! `arbiter serve`: one service in this process.

use std::process::ExitCode;

use clap::{Args, Subcommand};

#[derive(Debug, Args)]
#[command(after_help = "Examples (with the files `arbiter up` makes in .arbiter):\n  arbiter serve rules --listen 127.0.0.1:50052 \\\n      --internal-ca .arbiter/tls/ca.pem --internal-cert .arbiter/tls/rules.pem --internal-key .arbiter/tls/rules.key\n  arbiter serve randomness --nats-url nats://127.0.0.1:4222 --key-file .arbiter/keys/randomness.json \\\n      --nats-user randomness --nats-password-file .arbiter/secrets/nats/randomness.password \\\n      --internal-ca .arbiter/tls/ca.pem --internal-cert .arbiter/tls/randomness.pem --internal-key .arbiter/tls/randomness.key\n  arbiter serve orchestrator --nats-url nats://127.0.0.1:4222 \\\n      --nats-user orchestrator --nats-password-file .arbiter/secrets/nats/orchestrator.password \\\n      --rules-url https://127.0.0.1:50052 --randomness-url https://127.0.0.1:50053 \\\n      --internal-ca .arbiter/tls/ca.pem --internal-cert .arbiter/tls/orchestrator.pem --internal-key .arbiter/tls/orchestrator.key\n  arbiter serve feed --nats-url nats://127.0.0.1:4222 --listen 127.0.0.1:50054 \\\n      --nats-user projector --nats-password-file .arbiter/secrets/nats/projector.password\n\nRules and randomness serve only mutual-TLS clients with a certificate of --internal-ca; NATS\nadmits only known users (docs/security.md). Each service prints `<name> listening on <addr>`\non stdout once it accepts calls (--listen 127.0.0.1:0 picks a free port). Logs go to stderr\n(RUST_LOG=debug for more; --log-format json for JSON lines). --otlp-endpoint exports spans and\nmetrics over OTLP; --metrics-listen serves Prometheus metrics (docs/observability.md).")]
pub struct ServeCmd {
    #[command(subcommand)]
    pub service: Service,
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

impl ServeCmd {
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
