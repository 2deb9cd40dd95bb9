//! One module per subcommand.

mod archive;
mod audit;
pub mod backup;
pub mod bench;
mod create;
pub mod deck;
pub mod demo;
mod export;
pub mod feed;
mod list;
pub mod nats_args;
mod play;
mod serve;
pub mod up;
mod verify_log;
mod watch;

pub use archive::ArchiveCmd;
pub use audit::AuditCmd;
pub use backup::BackupCmd;
pub use backup::RestoreCmd;
pub use bench::BenchCmd;
pub use create::CreateCmd;
pub use deck::DeckCmd;
pub use demo::{DemoCmd, DemoSummary};
pub use export::ExportCmd;
pub use feed::FeedCmd;
pub use list::ListCmd;
pub use play::PlayCmd;
pub use serve::ServeCmd;
pub use up::UpCmd;
pub use verify_log::VerifyLogCmd;
pub use watch::WatchCmd;
