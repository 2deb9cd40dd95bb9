//! One module per subcommand.

mod audit;
pub mod bench;
mod create;
pub mod demo;
mod export;
mod play;
mod serve;
pub mod up;
mod watch;

pub use audit::AuditCmd;
pub use bench::BenchCmd;
pub use create::CreateCmd;
pub use demo::{DemoCmd, DemoSummary};
pub use export::ExportCmd;
pub use play::PlayCmd;
pub use serve::ServeCmd;
pub use up::UpCmd;
pub use watch::WatchCmd;
