//! `arbiter-randomness`: the randomness service binary.

use clap::Parser;

#[derive(Parser)]
#[command(name = "arbiter-randomness", about = "Arbiter's randomness service: signed, verifiable draws")]
struct Cli {
    #[command(flatten)]
    args: randomness_service::RandomnessArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    api::server::init_tracing();
    randomness_service::serve(Cli::parse().args).await
}
