//! `arbiter-rules`: the rules service binary.

use clap::Parser;

#[derive(Parser)]
#[command(name = "arbiter-rules", about = "Arbiter's rules service: pure rules evaluation over gRPC")]
struct Cli {
    #[command(flatten)]
    args: rules_service::RulesArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    api::server::init_tracing();
    let cli = Cli::parse();
    rules_service::serve(cli.args).await
}
