//! `arbiter-randomness`: the randomness service binary.

use clap::Parser;

#[derive(Parser)]
#[command(name = "arbiter-randomness", about = "Arbiter's randomness service: signed, verifiable draws")]
struct Cli {
    #[command(flatten)]
    args: randomness_service::RandomnessArgs,
    #[command(flatten)]
    telemetry: telemetry::TelemetryArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _telemetry = telemetry::init("arbiter-randomness", &cli.telemetry).await?;
    randomness_service::serve(cli.args).await
}
