//! `arbiter create`: create a match and print each seat's `arbiter play` command.

use std::process::ExitCode;

use anyhow::Context;
use api::match_v1 as m;
use clap::Args;

use crate::client;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  arbiter create\n  arbiter create --players 3 --name Ana --name Ben --name Cy\n  arbiter create --deck hardwired --deck bioforge\n  arbiter create --tournament spring --round 1 --table 4 --label stage=swiss\n\nPrints the match id and, for each seat, the `arbiter play` command that joins it.\nKeep the join codes secret: whoever has one can take that seat.")]
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
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let mut api = client::connect(&self.orchestrator)?;
        let seats = (0..self.players as usize)
            .map(|i| m::SeatSpec {
                name: self.names.get(i).cloned().unwrap_or_else(|| format!("Player {}", i + 1)),
                deck: self.decks.get(i).cloned().unwrap_or_default(),
                ..Default::default()
            })
            .collect();
        let created = api
            .create_match(client::platform_request(m::CreateMatchRequest {
                ruleset: self.ruleset.clone(),
                seats,
                options: self.options.iter().cloned().collect(),
                tournament_id: self.tournament.clone().unwrap_or_default(),
                round: self.round,
                table: self.table,
                labels: self.labels.iter().cloned().collect(),
            })?)
            .await
            .context("CreateMatch")?
            .into_inner();
        let flag = if self.orchestrator == client::DEFAULT_ORCHESTRATOR {
            String::new()
        } else {
            format!(" --orchestrator {}", self.orchestrator)
        };
        println!("match {}", created.match_id);
        println!("  randomness: {} · commitment {}", created.randomness_scheme, hex::encode(&created.randomness_commitment));
        println!("  public key: {}", hex::encode(&created.randomness_public_key));
        println!("Each seat joins with:");
        for s in &created.seats {
            println!("  arbiter play {} --seat {} --join-code {}{flag}", created.match_id, s.seat, s.join_code);
        }
        println!("Watch it with: arbiter watch {}{flag}", created.match_id);
        Ok(ExitCode::SUCCESS)
    }
}
