//! `arbiter watch`: follow a match.

use std::process::ExitCode;

use anyhow::Context;
use api::match_v1 as m;
use clap::Args;
use futures::StreamExt;

use crate::client::{self, request};
use crate::text;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter watch 3f2c…e1                     # as a spectator: public events only\n  arbiter watch 3f2c…e1 --token seat_…      # as a seat: also its private events\n  arbiter watch 3f2c…e1 --from-version 40\n\nPrints every commit (version, status, events) and who is to decide next, until the match ends."
)]
pub struct WatchCmd {
    /// The match to watch.
    pub match_id: String,
    /// The orchestrator's address.
    #[arg(long, env = "ARBITER_ORCHESTRATOR", default_value = client::DEFAULT_ORCHESTRATOR)]
    pub orchestrator: String,
    /// A seat token, to see that seat's private events.
    #[arg(long, env = "ARBITER_TOKEN")]
    pub token: Option<String>,
    /// Start after this version (0 = from the beginning).
    #[arg(long, default_value_t = 0)]
    pub from_version: u64,
}

impl WatchCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let mut api = client::connect(&self.orchestrator)?;
        let view = api
            .get_match(request(m::GetMatchRequest { match_id: self.match_id.clone(), version: 0 }, self.token.as_deref())?)
            .await
            .context("GetMatch")?
            .into_inner();
        let names: Vec<String> = view.seats.iter().map(|s| s.name.clone()).collect();
        println!(
            "watching match {} ({}, {}) at version {}{}",
            view.match_id,
            view.ruleset,
            text::status_name(view.status),
            view.version,
            match view.viewer_seat {
                Some(s) => format!(", as seat {s}"),
                None => ", as a spectator".into(),
            }
        );
        let mut stream = api
            .watch_match(request(m::WatchMatchRequest { match_id: self.match_id.clone(), from_version: self.from_version }, self.token.as_deref())?)
            .await
            .context("WatchMatch")?
            .into_inner();
        while let Some(update) = stream.next().await {
            let u = update.context("WatchMatch stream")?;
            println!("v{} [{}]", u.version, text::status_name(u.status));
            for e in &u.events {
                println!("{}", text::event_line(e));
            }
            if let Some(d) = &u.pending {
                println!("  → {}", text::decision_summary(d, &names));
            }
            if u.status == m::MatchStatus::Ended as i32 {
                let view = api.get_match(m::GetMatchRequest { match_id: self.match_id.clone(), version: 0 }).await.context("GetMatch")?.into_inner();
                println!("match ended: {}", view.result);
                return Ok(ExitCode::SUCCESS);
            }
        }
        println!("the server closed the stream");
        Ok(ExitCode::SUCCESS)
    }
}
