//! `arbiter-rules`: the rules service binary.

use clap::Parser;

#[derive(Parser)]
#[command(name = "arbiter-rules", about = "Arbiter's rules service: pure rules evaluation over gRPC")]
struct Cli {
    #[command(flatten)]
    args: rules_service::RulesArgs,
    #[command(flatten)]
    telemetry: telemetry::TelemetryArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _telemetry = telemetry::init("arbiter-rules", &cli.telemetry).await?;
    rules_service::serve(cli.args).await
}
