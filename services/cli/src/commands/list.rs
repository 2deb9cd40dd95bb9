//! `arbiter list`: the matches of a tournament (or all), every page of ListMatches.

use std::process::ExitCode;

use anyhow::Context;
use api::match_v1 as m;
use clap::Args;

use crate::client;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter list\n  arbiter list --tournament spring --round 1\n  arbiter list --status ended --ruleset netrunner\n  arbiter list --ruleset neonhope\n\nNeeds the platform key (sent from .arbiter/secrets/platform.key, or --platform-key-file).\nPrints one line per match: id, ruleset, tournament/round/table, status, version, result."
)]
pub struct ListCmd {
    /// The orchestrator's address.
    #[arg(long, env = "ARBITER_ORCHESTRATOR", default_value = client::DEFAULT_ORCHESTRATOR)]
    pub orchestrator: String,
    #[arg(long)]
    pub tournament: Option<String>,
    #[arg(long, default_value_t = 0)]
    pub round: u32,
    /// waiting, in-progress or ended.
    #[arg(long, value_parser = ["waiting", "in-progress", "ended"])]
    pub status: Option<String>,
    #[arg(long)]
    pub ruleset: Option<String>,
}

impl ListCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let mut api = client::connect(&self.orchestrator)?;
        let status = match self.status.as_deref() {
            Some("waiting") => m::MatchStatus::WaitingForSeats,
            Some("in-progress") => m::MatchStatus::InProgress,
            Some("ended") => m::MatchStatus::Ended,
            _ => m::MatchStatus::Unspecified,
        };
        let mut page_token = String::new();
        loop {
            let page = api
                .list_matches(client::platform_request(m::ListMatchesRequest {
                    tournament_id: self.tournament.clone().unwrap_or_default(),
                    round: self.round,
                    status: status as i32,
                    ruleset: self.ruleset.clone().unwrap_or_default(),
                    page_size: 0,
                    page_token: page_token.clone(),
                })?)
                .await
                .context("ListMatches")?
                .into_inner();
            for s in &page.matches {
                let status = m::MatchStatus::try_from(s.status).unwrap_or(m::MatchStatus::Unspecified).as_str_name();
                println!("{} {} {}/{}/{} {} v{} {}", s.match_id, s.ruleset, s.tournament_id, s.round, s.table, status, s.version, s.result);
            }
            if page.next_page_token.is_empty() {
                return Ok(ExitCode::SUCCESS);
            }
            page_token = page.next_page_token;
        }
    }
}
