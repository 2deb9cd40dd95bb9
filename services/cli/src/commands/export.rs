//! `arbiter export`: write a finished match's log to a JSON file.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use api::match_v1 as m;
use clap::Args;

use crate::client;
use crate::export;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter export 3f2c…e1\n  arbiter export 3f2c…e1 -o match.json --orchestrator http://10.0.0.5:50051\n\nThe file is a readable JSON mirror of arbiter.log.v1.MatchExport (bytes as hex): every\ncommit of the match with its input, events and what the match waited for next. Only an\nended match can be exported (its randomness secret is revealed at the end).\nCheck it offline with `arbiter audit FILE`."
)]
pub struct ExportCmd {
    /// The match to export.
    pub match_id: String,
    /// The orchestrator's address.
    #[arg(long, env = "ARBITER_ORCHESTRATOR", default_value = client::DEFAULT_ORCHESTRATOR)]
    pub orchestrator: String,
    /// Output file (default `<MATCH_ID>.arbiter-export.json`; `-` for stdout).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

impl ExportCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let mut api = client::connect(&self.orchestrator)?;
        let resp = api.export_match(m::ExportMatchRequest { match_id: self.match_id.clone() }).await.context("ExportMatch")?.into_inner();
        let exported = export::decode_export(&resp.export)?;
        let path = self.output.unwrap_or_else(|| PathBuf::from(format!("{}.arbiter-export.json", self.match_id)));
        if path.as_os_str() == "-" {
            print!("{}", export::to_json_string(&exported)?);
            return Ok(ExitCode::SUCCESS);
        }
        export::write_file(&path, &exported)?;
        let draws = exported
            .commits
            .iter()
            .filter(|c| matches!(c.input.as_ref().and_then(|i| i.input.as_ref()), Some(api::log_v1::commit_input::Input::Draw(_))))
            .count();
        println!("wrote {} ({} commits, {draws} draws)", path.display(), exported.commits.len());
        println!("audit it offline: arbiter audit {}", path.display());
        Ok(ExitCode::SUCCESS)
    }
}
