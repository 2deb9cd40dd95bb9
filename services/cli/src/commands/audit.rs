//! `arbiter audit`: check an exported match offline.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::audit::{audit_export_witnessed, AuditReport};
use crate::export;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter audit 3f2c…e1.arbiter-export.json\n  arbiter audit match.json --public-key 8a1f…   # pin the randomness service's key\n  arbiter audit match.json --orchestrator-key 5c0e…   # pin the key that signs the log\n  arbiter audit --witness spring-open.feed match.json   # compare with the feed saved live\n\nNo server is needed. Checks: the log's signed hash chain (each commit holds the SHA-256 of\nthe one before and is signed by the orchestrator; checked on the stored bytes in the export);\nthe log's structure; the randomness commitment against the\nrevealed secret; every draw recomputed from the secret and the seats' entropy, and its\nEd25519 signature; draws used in sequence (0, 1, 2, …) with the purpose the engine asked\nfor; and a replay of the whole match through the rules engine, which must produce the\nlogged events and decisions at every version. With --witness FILE (the feed saved while\nthe match was published: `arbiter feed save`), every version the file holds must carry the\nchain hash of the export's commit of that version: a history rewritten after it was\npublished fails there, even if it was re-signed with the orchestrator key. Exit status 0 when everything holds, 1 when\nsomething does not (the message names the draw or version), 2 when the file cannot be read."
)]
pub struct AuditCmd {
    /// The export file (`arbiter export` writes it).
    pub file: PathBuf,
    /// The randomness service's Ed25519 public key (hex) that must have signed the draws.
    #[arg(long)]
    pub public_key: Option<String>,
    /// The orchestrator's Ed25519 public key (hex) that must have signed every commit of the log.
    #[arg(long)]
    pub orchestrator_key: Option<String>,
    /// A saved feed (one JSON feed message per line, as published: `arbiter feed save`): the
    /// export must be the history the feed published live.
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
}

fn print_report(report: &AuditReport) {
    println!(
        "audit of match {} ({}, {} seats): {} commits, {} draws, {} decisions",
        report.match_id, report.ruleset, report.seats, report.commits, report.draws, report.decisions
    );
    for c in &report.checks {
        println!("  {c}");
    }
}

impl AuditCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let key = match &self.public_key {
            Some(k) => Some(hex::decode(k.trim()).map_err(|e| anyhow::anyhow!("--public-key is not hex: {e}"))?),
            None => None,
        };
        let orchestrator_key = match &self.orchestrator_key {
            Some(k) => Some(hex::decode(k.trim()).map_err(|e| anyhow::anyhow!("--orchestrator-key is not hex: {e}"))?),
            None => None,
        };
        let exported = match export::read_file(&self.file) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", self.file.display());
                return Ok(ExitCode::from(2));
            }
        };
        let witness = match &self.witness {
            None => None,
            Some(path) => {
                let read = std::fs::File::open(path)
                    .map_err(|e| e.to_string())
                    .and_then(|file| crate::witness::read_witness_from(std::io::BufReader::new(file), &exported.match_id).map_err(|e| e.to_string()));
                match read {
                    Ok(w) => Some(w),
                    Err(e) => {
                        eprintln!("error: cannot use the witness {}: {e}", path.display());
                        return Ok(ExitCode::from(2));
                    }
                }
            }
        };
        match audit_export_witnessed(&exported, key.as_deref(), orchestrator_key.as_deref(), witness.as_ref()) {
            Ok(report) => {
                print_report(&report);
                println!("✓ the match checks out");
                if !report.public_key_pinned {
                    println!("  (the draws were checked under the key in the log; pass --public-key to pin it)");
                }
                if report.log_format < 2 {
                    println!("  (an unsigned log, format 1: it cannot show that nobody else wrote or edited it)");
                } else if !report.orchestrator_key_pinned {
                    println!("  (the log was checked under the orchestrator key it names; pass --orchestrator-key to pin it)");
                }
                if witness.is_none() && report.log_format >= 2 {
                    println!("  (a history rewritten and re-signed with the orchestrator key would pass too; pass --witness with a feed saved live to rule that out)");
                }
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                print_report(&e.report);
                eprintln!("✗ audit failed: {}", e.failure);
                Ok(ExitCode::FAILURE)
            }
        }
    }
}
