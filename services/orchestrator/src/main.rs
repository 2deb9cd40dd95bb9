//! `arbiter-orchestrator`: the public match API binary.

use clap::Parser;

#[derive(Parser)]
#[command(name = "arbiter-orchestrator", about = "Arbiter's orchestrator: the public match API over gRPC")]
struct Cli {
    #[command(flatten)]
    args: orchestrator::OrchestratorArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    api::server::init_tracing();
    orchestrator::serve(Cli::parse().args).await
}
