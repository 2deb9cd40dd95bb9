//! `arbiter-orchestrator`: the public match API binary.

use clap::Parser;

#[derive(Parser)]
#[command(name = "arbiter-orchestrator", about = "Arbiter's orchestrator: the public match API over gRPC")]
struct Cli {
    #[command(flatten)]
    args: orchestrator::OrchestratorArgs,
    #[command(flatten)]
    telemetry: telemetry::TelemetryArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _telemetry = telemetry::init("arbiter-orchestrator", &cli.telemetry).await?;
    orchestrator::serve(cli.args).await
}
