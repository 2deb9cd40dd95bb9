//! `arbiter create`: create a match and print each seat's `arbiter play` command.

use std::process::ExitCode;

use anyhow::Context;
use api::match_v1 as m;
use clap::Args;

use crate::client;
use crate::commands::deck::{describe_not_implemented, describe_violations, read_decklist};
use engine::netrunner::data::{Format, Snapshot};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter create\n  arbiter create --players 3 --name Ana --name Ben --name Cy\n  arbiter create --deck hardwired --deck bioforge\n  arbiter create --ruleset netrunner --decklist precision.txt --decklist zahya.json\n  arbiter create --ruleset netrunner --format startup --decklist hb.txt --decklist zahya.txt\n  arbiter create --ruleset netrunner --format standard --snapshot standard_32 --decklist nbn.txt --decklist criminal.txt\n  arbiter create --tournament spring --round 1 --table 4 --label stage=swiss\n\nPrints the match id and, for each seat, the `arbiter play` command that joins it.\nKeep the join codes secret: whoever has one can take that seat.\n\n--decklist (netrunner) reads NetrunnerDB's plain-text or JSON export, checked as\n`arbiter deck check` does before the match is created; seat 0 (the Corp) first, then seat 1\n(the Runner). An empty FILE (\"\") leaves that seat its --deck or the ready deck.\n--format startup checks them in the Startup format (its pool and ban list) and creates the\nmatch with the option format=1, so the server checks every seat in the same format.\n--format standard --snapshot standard_32 fixes the ban list: the match is created with the\noptions format=2 and snapshot=32 (without --snapshot, the format's active snapshot's number),\nlogged with it, so it replays under that list. A legal deck with cards not implemented yet\nis refused, naming them."
)]
pub struct CreateCmd {
    /// The orchestrator's address.
    #[arg(long, env = "ARBITER_ORCHESTRATOR", default_value = client::DEFAULT_ORCHESTRATOR)]
    pub orchestrator: String,
    /// The ruleset to play.
    #[arg(long, default_value = "mainframe")]
    pub ruleset: String,
    /// Number of seats.
    #[arg(long, default_value_t = 2)]
    pub players: u32,
    /// Seat names, in seat order (repeat the flag).
    #[arg(long = "name")]
    pub names: Vec<String>,
    /// Ready decks, in seat order (repeat the flag; default: the ruleset's).
    #[arg(long = "deck")]
    pub decks: Vec<String>,
    /// A netrunner decklist file per seat, in seat order (repeat the flag): NetrunnerDB's
    /// plain-text or JSON export.
    #[arg(long = "decklist", value_name = "FILE")]
    pub decklists: Vec<String>,
    /// The netrunner format (system_gateway, the default, startup or standard): the --decklist
    /// files are checked in it and the match is created with the option format set to it.
    #[arg(long)]
    pub format: Option<String>,
    /// The format's snapshot (ban list in force): `standard_32` or `32`; default its active one.
    /// The match is created with the option snapshot set to it.
    #[arg(long, requires = "format")]
    pub snapshot: Option<String>,
    /// The tournament the match belongs to ([A-Za-z0-9_-], at most 64).
    #[arg(long)]
    pub tournament: Option<String>,
    /// The round and table within the tournament.
    #[arg(long, default_value_t = 0)]
    pub round: u32,
    #[arg(long, default_value_t = 0)]
    pub table: u32,
    /// A free label KEY=VALUE (repeat the flag).
    #[arg(long = "label", value_parser = parse_label)]
    pub labels: Vec<(String, String)>,
    /// A match option NAME=INTEGER (repeat the flag), e.g. round_limit_s=3000.
    #[arg(long = "option", value_parser = parse_option)]
    pub options: Vec<(String, i64)>,
}

fn parse_label(s: &str) -> Result<(String, String), String> {
    s.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())).ok_or_else(|| format!("{s:?} is not KEY=VALUE"))
}

fn parse_option(s: &str) -> Result<(String, i64), String> {
    let (k, v) = s.split_once('=').ok_or_else(|| format!("{s:?} is not NAME=INTEGER"))?;
    let v = v.parse().map_err(|_| format!("{v:?} in {s:?} is not an integer"))?;
    Ok((k.to_string(), v))
}

impl CreateCmd {
    /// Each seat's decklist read from its `--decklist` file and checked (netrunner only): the
    /// error lists every violation of every file.
    fn seat_decklists(&self) -> anyhow::Result<Result<Vec<Option<m::Decklist>>, String>> {
        if self.decklists.is_empty() {
            return Ok(Ok(vec![]));
        }
        if self.ruleset != "netrunner" {
            anyhow::bail!("--decklist reads NetrunnerDB decklists: use it with --ruleset netrunner (for {}, name a ready deck with --deck)", self.ruleset);
        }
        if self.decklists.len() > self.players as usize {
            anyhow::bail!("{} --decklist files for {} seats; give at most one per seat, in seat order", self.decklists.len(), self.players);
        }
        let format = self.snapshot()?;
        let mut lists = Vec::new();
        let mut refused = String::new();
        for (seat, path) in self.decklists.iter().enumerate() {
            if path.is_empty() {
                lists.push(None);
                continue;
            }
            let path = std::path::Path::new(path);
            if self.decks.get(seat).is_some_and(|d| !d.is_empty()) {
                anyhow::bail!(
                    "seat {seat} has both --deck and --decklist {}; give one of them (an empty --deck \"\" or --decklist \"\" skips a seat)",
                    path.display()
                );
            }
            let side = if seat == 0 { engine::netrunner::data::Side::Corp } else { engine::netrunner::data::Side::Runner };
            let verdict = read_decklist(path, format, Some(side))?;
            let what = format!("seat {seat}'s decklist {}", path.display());
            match verdict.deck {
                Ok(_) if !verdict.not_implemented.is_empty() => {
                    refused.push_str(&describe_not_implemented(&what, format, &verdict.not_implemented));
                    lists.push(None);
                }
                Ok(deck) => {
                    lists.push(Some(m::Decklist { cards: deck.decklist().into_iter().map(|(card, count)| m::DecklistEntry { card, count }).collect() }))
                }
                Err(violations) => {
                    refused.push_str(&describe_violations(&what, Some(side), &violations));
                    lists.push(None);
                }
            }
        }
        Ok(if refused.is_empty() { Ok(lists) } else { Err(refused) })
    }

    /// The format of the match (netrunner): `--format`, else the option `format`, else the
    /// default; the two must agree when both are given.
    fn format(&self) -> anyhow::Result<Format> {
        let from_option = match self.options.iter().rev().find(|(k, _)| k == "format") {
            Some((_, v)) => Some(Format::from_option(*v).ok_or_else(|| {
                let all: Vec<String> = Format::ALL.iter().map(|f| format!("{} {}", f.option_value(), f.name())).collect();
                anyhow::anyhow!("--option format={v} names no format; the formats are: {}", all.join(", "))
            })?),
            None => None,
        };
        let Some(name) = &self.format else { return Ok(from_option.unwrap_or_default()) };
        if self.ruleset != "netrunner" {
            anyhow::bail!("--format names a netrunner format: use it with --ruleset netrunner");
        }
        let format = Format::parse(name).map_err(anyhow::Error::msg)?;
        match from_option {
            Some(o) if o != format => {
                anyhow::bail!("--format {} and --option format={} name different formats; give one of them", format.name(), o.option_value())
            }
            _ => Ok(format),
        }
    }

    /// The snapshot of the match's format (netrunner): `--snapshot`, else the option
    /// `snapshot`, else the format's active one; the two must agree when both are given.
    fn snapshot(&self) -> anyhow::Result<Snapshot> {
        let format = self.format()?;
        let from_option = match self.options.iter().rev().find(|(k, _)| k == "snapshot") {
            Some((_, v)) => Some(Snapshot::from_option(format, *v).map_err(anyhow::Error::msg)?),
            None => None,
        };
        let Some(name) = &self.snapshot else { return Ok(from_option.unwrap_or_else(|| format.active())) };
        let snap = Snapshot::parse(format, name).map_err(anyhow::Error::msg)?;
        match from_option {
            Some(o) if o != snap => {
                anyhow::bail!("--snapshot {} and --option snapshot={} name different snapshots; give one of them", snap.name(), o.option_value())
            }
            _ => Ok(snap),
        }
    }

    /// The match options: `--option`s, and `format` from `--format` and `snapshot` (the one
    /// named, else the active one's number, so the match is logged with its ban list) (netrunner).
    fn match_options(&self) -> anyhow::Result<std::collections::BTreeMap<String, i64>> {
        let mut options: std::collections::BTreeMap<String, i64> = self.options.iter().cloned().collect();
        if self.format.is_some() {
            let snap = self.snapshot()?;
            options.insert("format".into(), snap.format().option_value());
            if snap.option_value() != 0 {
                options.insert("snapshot".into(), snap.option_value());
            }
        }
        Ok(options)
    }

    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let decklists = match self.seat_decklists()? {
            Ok(lists) => lists,
            Err(refused) => {
                eprint!("{refused}");
                return Ok(ExitCode::from(1));
            }
        };
        let mut api = client::connect(&self.orchestrator)?;
        let seats = (0..self.players as usize)
            .map(|i| m::SeatSpec {
                name: self.names.get(i).cloned().unwrap_or_else(|| format!("Player {}", i + 1)),
                deck: self.decks.get(i).cloned().unwrap_or_default(),
                decklist: decklists.get(i).cloned().flatten(),
            })
            .collect();
        let created = api
            .create_match(client::platform_request(m::CreateMatchRequest {
                ruleset: self.ruleset.clone(),
                seats,
                options: self.match_options()?.into_iter().collect(),
                tournament_id: self.tournament.clone().unwrap_or_default(),
                round: self.round,
                table: self.table,
                labels: self.labels.iter().cloned().collect(),
            })?)
            .await
            .context("CreateMatch")?
            .into_inner();
        let flag = if self.orchestrator == client::DEFAULT_ORCHESTRATOR { String::new() } else { format!(" --orchestrator {}", self.orchestrator) };
        println!("match {}", created.match_id);
        println!("  randomness: {} · commitment {}", created.randomness_scheme, hex::encode(&created.randomness_commitment));
        println!("  public key: {}", hex::encode(&created.randomness_public_key));
        for node in &created.randomness_nodes {
            println!("  randomness node {}: key {} · commitment {}", node.name, hex::encode(&node.public_key), hex::encode(&node.commitment));
        }
        println!("Each seat joins with:");
        for s in &created.seats {
            println!("  arbiter play {} --seat {} --join-code {}{flag}", created.match_id, s.seat, s.join_code);
        }
        println!("Watch it with: arbiter watch {}{flag}", created.match_id);
        Ok(ExitCode::SUCCESS)
    }
}
