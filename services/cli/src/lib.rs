//! The `arbiter` command: run Arbiter locally, play a match in a terminal, watch one, export a
//! finished match and audit the export offline.
//!
//! Library entry points (used by the binary and by the end-to-end tests):
//! - [`main_entry`] runs the whole CLI (another binary can embed it);
//! - [`export::to_json`] / [`export::from_json`]: the export file format, lossless both ways;
//! - [`audit::audit_export`]: the offline audit of an export ([`witness`]: against a saved feed);
//! - [`simulate::simulate_match`]: a whole match played in-process with fixed keys.
//!
//! Must never: hold game rules (the engine does), or talk to the services other than through
//! their public gRPC API (except `serve`, which runs a service in this process).

pub mod audit;
pub mod client;
pub mod commands;
pub mod export;
pub mod simulate;
pub mod text;
pub mod witness;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use commands::{ArchiveCmd, AuditCmd, BackupCmd, CreateCmd, DemoCmd, ExportCmd, FeedCmd, ListCmd, PlayCmd, RestoreCmd, ServeCmd, VerifyLogCmd, WatchCmd};
#[cfg(feature = "local")]
pub use commands::{BenchCmd, UpCmd};

#[derive(Debug, Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Run, play, watch, export and audit Arbiter matches",
    long_about = "Arbiter is an event-sourced card-game backend. This command runs the whole system \
                  locally (`up`), plays bot matches (`demo`) or a seat yourself (`create`, `play`), \
                  follows a match (`watch`), and exports a finished match (`export`) so that anyone \
                  can check its fairness offline (`audit`).",
    after_help = "Quick start:\n  arbiter up                    # NATS + the three services, in one terminal\n  arbiter demo                  # in another: two bots play a match\n  arbiter export <MATCH_ID>     # write <MATCH_ID>.arbiter-export.json\n  arbiter audit <MATCH_ID>.arbiter-export.json\n\nLogs: set RUST_LOG (e.g. RUST_LOG=debug) for more or less detail."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// CA certificate (PEM) to trust for an https:// --orchestrator (a match API served with
    /// `--tls-cert`).
    #[arg(long, global = true, env = "ARBITER_TLS_CA")]
    pub tls_ca: Option<std::path::PathBuf>,
    /// The platform API key file, sent with CreateMatch and ListMatches (default: the key
    /// `arbiter up` wrote to .arbiter/secrets/platform.key, if there is one).
    #[arg(long, global = true, env = "ARBITER_PLATFORM_KEY_FILE")]
    pub platform_key_file: Option<std::path::PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run one service (orchestrator, rules or randomness) in this process.
    Serve(ServeCmd),
    /// Run NATS and the three services locally, in one command.
    #[cfg(feature = "local")]
    Up(UpCmd),
    /// Bots play a whole match through the public gRPC API.
    Demo(DemoCmd),
    /// Create a match and print each seat's `arbiter play` command.
    Create(CreateCmd),
    /// Check a netrunner decklist file (NetrunnerDB's text or JSON export), offline.
    Deck(commands::DeckCmd),
    /// List matches (of a tournament, round, status or ruleset) with the platform key.
    List(ListCmd),
    /// Play one seat of a match in the terminal.
    Play(PlayCmd),
    /// Follow a match as it is played.
    Watch(WatchCmd),
    /// Write a finished match's log to a readable JSON file.
    Export(ExportCmd),
    /// Check an exported match offline: commitment, every draw and signature, and a full replay.
    Audit(AuditCmd),
    /// Save the public feed to a file (with the `feed` credential): a witness for `audit --witness`.
    Feed(FeedCmd),
    /// Load test: bots play matches in parallel, measured against raw JetStream appends.
    #[cfg(feature = "local")]
    Bench(BenchCmd),
    /// Copy every commit of the match log (or one match) to a file, byte for byte, and the key files to FILE.keys (NATS admin).
    Backup(BackupCmd),
    /// Check a backup made by `arbiter backup` whole, then write it into a match log and put missing key files back (NATS admin).
    Restore(RestoreCmd),
    /// Check every match's log as stored now: chain, signatures, snapshot heads (NATS admin).
    VerifyLog(VerifyLogCmd),
    /// Delete the period streams whose every match is sealed and checked (the `archiver` NATS role, on a host of its own).
    Archive(ArchiveCmd),
}

impl Command {
    /// `arbiter up` (`local` feature): it makes the platform key rather than loading it.
    fn is_up(&self) -> bool {
        #[cfg(feature = "local")]
        if matches!(self, Command::Up(_)) {
            return true;
        }
        false
    }

    /// `up` or `bench` (`local` feature): they run services, so SIGPIPE is left alone.
    fn is_local(&self) -> bool {
        #[cfg(feature = "local")]
        if matches!(self, Command::Bench(_)) {
            return true;
        }
        self.is_up()
    }
}

/// Run the command line in `args` (the first item is the program name).
pub async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if let Some(ca) = cli.tls_ca {
        client::set_tls_ca(ca);
    }
    // `serve` and `up` run the orchestrator, which takes its own --platform-key-file; `deck`
    // talks to no server.
    if !(matches!(cli.command, Command::Serve(_) | Command::Deck(_) | Command::Archive(_)) || cli.command.is_up()) {
        client::load_platform_key(cli.platform_key_file.as_deref())?;
    }
    match cli.command {
        Command::Serve(c) => c.run().await,
        #[cfg(feature = "local")]
        Command::Up(c) => c.run().await,
        Command::Demo(c) => c.run().await,
        Command::Create(c) => c.run().await,
        Command::Deck(c) => c.run().await,
        Command::List(c) => c.run().await,
        Command::Play(c) => c.run().await,
        Command::Watch(c) => c.run().await,
        Command::Export(c) => c.run().await,
        Command::Audit(c) => c.run().await,
        Command::Feed(c) => c.run().await,
        #[cfg(feature = "local")]
        Command::Bench(c) => c.run().await,
        Command::Backup(c) => c.run().await,
        Command::Restore(c) => c.run().await,
        Command::VerifyLog(c) => c.run().await,
        Command::Archive(c) => c.run().await,
    }
}

/// The whole `arbiter` program: parse the process arguments, run, report errors readably.
pub fn main_entry() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(_) => {}
        // A job that runs for good says what each pass did.
        Command::Archive(_) => init_cli_tracing("warn,cli=info,orchestrator=info,eventlog=info"),
        _ => init_cli_tracing("warn"),
    }
    if !(matches!(cli.command, Command::Serve(_)) || cli.command.is_local()) {
        // `arbiter export -o - | head` and the like: end quietly when the reader goes away.
        #[cfg(unix)]
        // SAFETY: restoring the default disposition of SIGPIPE before any thread is started.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    // A service runs on as many threads as it is given (`arbiter serve --worker-threads`); one
    // thread is a current-thread runtime (no hand-offs between threads at all).
    let threads = match &cli.command {
        Command::Serve(serve) => serve.worker_threads(),
        _ => 0,
    };
    let mut builder = match threads {
        1 => tokio::runtime::Builder::new_current_thread(),
        _ => tokio::runtime::Builder::new_multi_thread(),
    };
    if threads > 1 {
        builder.worker_threads(threads);
    }
    let runtime = match builder.enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{}", client::describe_error(&e));
            ExitCode::FAILURE
        }
    }
}

/// Logs of the client commands: warnings only unless RUST_LOG says otherwise (their output is
/// for a person; the services log at `info`).
fn init_cli_tracing(default: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}
