//! `arbiter serve`: one service in this process.

use std::process::ExitCode;

use clap::{Args, Subcommand};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  arbiter serve rules --listen 127.0.0.1:50052\n  arbiter serve randomness --nats-url nats://127.0.0.1:4222 --key-file .arbiter/keys/randomness.json\n  arbiter serve orchestrator --nats-url nats://127.0.0.1:4222 \\\n      --rules-url http://127.0.0.1:50052 --randomness-url http://127.0.0.1:50053\n\nEach service prints `<name> listening on <addr>` on stdout once it accepts calls\n(--listen 127.0.0.1:0 picks a free port). Logs go to stderr (RUST_LOG=debug for more).")]
pub struct ServeCmd {
    #[command(subcommand)]
    pub service: Service,
}

#[derive(Debug, Subcommand)]
pub enum Service {
    /// The public match API (needs NATS, rules and randomness).
    Orchestrator(#[command(flatten)] orchestrator::OrchestratorArgs),
    /// The pure rules service.
    Rules(#[command(flatten)] rules_service::RulesArgs),
    /// The randomness service (keys, signed draws; reads NATS to check a match ended).
    Randomness(#[command(flatten)] randomness_service::RandomnessArgs),
}

impl ServeCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        api::server::init_tracing();
        match self.service {
            Service::Orchestrator(args) => orchestrator::serve(args).await?,
            Service::Rules(args) => rules_service::serve(args.listen).await?,
            Service::Randomness(args) => randomness_service::serve(args).await?,
        }
        Ok(ExitCode::SUCCESS)
    }
}
