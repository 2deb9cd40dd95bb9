//! One module per subcommand.

mod audit;
mod create;
pub mod demo;
mod export;
mod play;
mod serve;
mod up;
mod watch;

pub use audit::AuditCmd;
pub use create::CreateCmd;
pub use demo::{DemoCmd, DemoSummary};
pub use export::ExportCmd;
pub use play::PlayCmd;
pub use serve::ServeCmd;
pub use up::UpCmd;
pub use watch::WatchCmd;
