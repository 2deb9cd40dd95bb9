//! `arbiter deck check`: read a netrunner decklist file as people write it (NetrunnerDB's
//! plain-text or JSON export) and check it by the construction rules (NR-10), offline.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use engine::netrunner::data::Side;
use engine::netrunner::decklist_text::{self, Checked, Format};

/// Decklist files.
#[derive(Debug, Args)]
pub struct DeckCmd {
    #[command(subcommand)]
    pub command: DeckCommand,
}

#[derive(Debug, Subcommand)]
pub enum DeckCommand {
    /// Check a netrunner decklist file and print it normalised (codes, counts, titles).
    Check(DeckCheckCmd),
}

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter deck check precision.txt\n  arbiter deck check zahya.json --format system_gateway\n  arbiter deck check hb.txt --format startup\n\nThe file is NetrunnerDB's plain-text export (the identity on a line of its own, then\n'3x Hedge Fund' or '3 Hedge Fund' lines; section headers, influence dots and set names are\nskipped) or its JSON deck export ({\"cards\": {\"30075\": 3, ...}}, the identity among the cards).\nA legal deck is printed normalised (exit 0; the output reads back as a decklist); otherwise\nevery violation is printed (exit 1): in the format, a banned card, a card outside its pool and a\ncard not implemented yet are violations too. `arbiter create --decklist FILE` takes the same files."
)]
pub struct DeckCheckCmd {
    /// The decklist file (plain text or JSON).
    pub file: PathBuf,
    /// The format the deck is checked in: its card pool and ban list (system_gateway or
    /// startup; docs/netrunner.md, "Formats").
    #[arg(long, default_value = "system_gateway")]
    pub format: String,
}

impl DeckCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        match self.command {
            DeckCommand::Check(c) => c.run(),
        }
    }
}

impl DeckCheckCmd {
    fn run(self) -> anyhow::Result<ExitCode> {
        let format = Format::parse(&self.format).map_err(anyhow::Error::msg)?;
        match read_decklist(&self.file, format, None)? {
            Ok(deck) => {
                print!("{}", deck.to_text());
                Ok(ExitCode::SUCCESS)
            }
            Err(violations) => {
                print!("{}", describe_violations(&self.file.display().to_string(), None, &violations));
                Ok(ExitCode::from(1))
            }
        }
    }
}

/// Read and check the decklist in `path` against `format` (`side`: the seat's, when known).
/// The outer error is a file that cannot be read; the inner one lists every violation.
pub fn read_decklist(path: &Path, format: Format, side: Option<Side>) -> anyhow::Result<Result<Checked, Vec<String>>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read the decklist {}", path.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("the decklist {} is not UTF-8 text; save it as UTF-8 (NetrunnerDB's exports are)", path.display()))?;
    Ok(decklist_text::check(&text, format, side))
}

/// "FILE is not a legal deck (NR-10), N violation(s):" and one line per violation.
pub fn describe_violations(what: &str, side: Option<Side>, violations: &[String]) -> String {
    let deck = match side {
        Some(Side::Corp) => "Corp deck",
        Some(Side::Runner) => "Runner deck",
        None => "deck",
    };
    let mut out = format!("{what} is not a legal {deck} (NR-10), {} violation(s):\n", violations.len());
    for v in violations {
        out.push_str(&format!("  - {v}\n"));
    }
    out
}
