//! One module per subcommand.

mod archive;
mod audit;
pub mod backup;
// `bench` and `up` start local nats-servers (eventlog-dev): only with the `local` feature.
#[cfg(feature = "local")]
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
#[cfg(feature = "local")]
pub mod up;
mod verify_log;
mod watch;

pub use archive::ArchiveCmd;
pub use audit::AuditCmd;
pub use backup::BackupCmd;
pub use backup::RestoreCmd;
#[cfg(feature = "local")]
pub use bench::BenchCmd;
pub use create::CreateCmd;
pub use deck::DeckCmd;
pub use demo::{DemoCmd, DemoSummary};
pub use export::ExportCmd;
pub use feed::FeedCmd;
pub use list::ListCmd;
pub use play::PlayCmd;
pub use serve::ServeCmd;
#[cfg(feature = "local")]
pub use up::UpCmd;
pub use verify_log::VerifyLogCmd;
pub use watch::WatchCmd;
