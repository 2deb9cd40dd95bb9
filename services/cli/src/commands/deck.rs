//! `arbiter deck check`: read a netrunner decklist file as people write it (NetrunnerDB's
//! plain-text or JSON export) and check it by the construction rules (NR-10), offline.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use engine::netrunner::data::Side;
use engine::netrunner::decklist_text::{self, Entry, Format, Snapshot, Verdict};

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
    after_help = "Examples:\n  arbiter deck check precision.txt\n  arbiter deck check zahya.json --format system_gateway\n  arbiter deck check hb.txt --format startup\n  arbiter deck check anarch.txt --format standard\n  arbiter deck check anarch.txt --format standard --snapshot standard_32\n\nThe file is NetrunnerDB's plain-text export (the identity on a line of its own, then\n'3x Hedge Fund' or '3 Hedge Fund' lines; section headers, influence dots and set names are\nskipped) or its JSON deck export ({\"cards\": {\"30075\": 3, ...}}, the identity among the cards).\nEither code of a card printed twice may be listed; its copies count together.\n\n--snapshot names the format's ban list in force (standard_31, standard_32, or just 32); without\nit, the format's active snapshot.\n\nExit 0: the deck is legal and every card is implemented; it is printed normalised (it reads\nback as a decklist). Exit 1: every violation is printed (a banned card and a card outside the\npool are violations). Exit 2: the deck is legal (printed normalised) but cards of it are not\nimplemented yet, named on stderr: a match refuses it until they are. `arbiter create\n--decklist FILE` takes the same files."
)]
pub struct DeckCheckCmd {
    /// The decklist file (plain text or JSON).
    pub file: PathBuf,
    /// The format the deck is checked in: its card pool and ban list (system_gateway, startup
    /// or standard; docs/netrunner.md, "Formats").
    #[arg(long, default_value = "system_gateway")]
    pub format: String,
    /// The format's snapshot, i.e. the ban list in force (`standard_32`, or its number `32`);
    /// default: the format's active snapshot.
    #[arg(long)]
    pub snapshot: Option<String>,
}

/// The snapshot `--format` and `--snapshot` name (shared with `arbiter create`).
pub fn snapshot_of(format: &str, snapshot: Option<&str>) -> anyhow::Result<Snapshot> {
    let format = Format::parse(format).map_err(anyhow::Error::msg)?;
    match snapshot {
        None => Ok(format.active()),
        Some(name) => Snapshot::parse(format, name).map_err(anyhow::Error::msg),
    }
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
        let snap = snapshot_of(&self.format, self.snapshot.as_deref())?;
        let verdict = read_decklist(&self.file, snap, None)?;
        match verdict.deck {
            Ok(deck) if verdict.not_implemented.is_empty() => {
                print!("{}", deck.to_text());
                Ok(ExitCode::SUCCESS)
            }
            Ok(deck) => {
                print!("{}", deck.to_text());
                eprint!("{}", describe_not_implemented(&self.file.display().to_string(), snap, &verdict.not_implemented));
                Ok(ExitCode::from(2))
            }
            Err(violations) => {
                print!("{}", describe_violations(&self.file.display().to_string(), None, &violations));
                if !verdict.not_implemented.is_empty() {
                    let names: Vec<String> = verdict.not_implemented.iter().map(|e| format!("{} ({})", e.title, e.code)).collect();
                    eprintln!("and {} of its cards are not implemented yet: {}", names.len(), names.join(", "));
                }
                Ok(ExitCode::from(1))
            }
        }
    }
}

/// Read the decklist in `path` and check it by NR-10 under `snap` (`side`: the seat's, when
/// known), the cards not implemented yet apart. The error is a file that cannot be read.
pub fn read_decklist(path: &Path, snap: Snapshot, side: Option<Side>) -> anyhow::Result<Verdict> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read the decklist {}", path.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("the decklist {} is not UTF-8 text; save it as UTF-8 (NetrunnerDB's exports are)", path.display()))?;
    Ok(decklist_text::check_legality(&text, snap, side))
}

/// "FILE is a legal deck in SNAPSHOT, but N of its cards are not implemented yet" and one line
/// per card: what keeps a legal deck out of a match today.
pub fn describe_not_implemented(what: &str, snap: Snapshot, cards: &[Entry]) -> String {
    let mut out = format!(
        "{what} is a legal deck in {}, but {} of its cards are not implemented yet, so a match refuses it (docs/netrunner.md, \"Formats\"):\n",
        snap.name(),
        cards.len()
    );
    for e in cards {
        out.push_str(&format!("  - {} ({})\n", e.title, e.code));
    }
    out
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
