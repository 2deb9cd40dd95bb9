//! `arbiter demo`: bots play a whole match through the public gRPC API.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use api::convert;
use api::match_v1 as m;
use clap::Args;
use engine::bots::RandomBot;
use rand::RngCore;
use tonic::Code;

use crate::client::{self, request};
use crate::text;

/// Most decisions a demo match may take before the demo gives up.
const MAX_DECISIONS: u64 = 20_000;
/// Retries of one decision that the server refuses (stale or illegal) before giving up.
const MAX_RETRIES: u32 = 20;
/// Polls (50 ms apart) of a match that waits for neither a seat nor the end before giving up.
const MAX_IDLE_POLLS: u32 = 200;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter demo\n  arbiter demo --players 3 --seed 42\n  arbiter demo --ruleset neonhope --players 3   # three bot characters cooperate against the Corporation\n  arbiter demo --quiet --orchestrator http://127.0.0.1:50051\n\nEvery call goes through the public API: CreateMatch, JoinMatch (each seat sends its own\nentropy), then GetPendingDecision / SubmitDecision per seat until the match ends. Each bot\npicks a random offered option (a random valid split or order where asked)."
)]
pub struct DemoCmd {
    /// The orchestrator's address.
    #[arg(long, env = "ARBITER_ORCHESTRATOR", default_value = client::DEFAULT_ORCHESTRATOR)]
    pub orchestrator: String,
    /// The ruleset to play.
    #[arg(long, default_value = "mainframe")]
    pub ruleset: String,
    /// Number of bots.
    #[arg(long, default_value_t = 2)]
    pub players: u32,
    /// Seed of the bots' choices (random if not given). The draws do not depend on it: they come
    /// from the randomness service and the seats' entropy.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print a progress line every 50 decisions instead of every event.
    #[arg(long, short)]
    pub quiet: bool,
    /// Give every seat an Ed25519 key (generated, kept in memory): each registers it at its
    /// join and signs its every decision (docs/log.md, "Seat-signed acts"); the audit then says
    /// "every move signed by the seat's key".
    #[arg(long)]
    pub sign: bool,
}

/// What a demo match came to.
#[derive(Clone, Debug)]
pub struct DemoSummary {
    pub match_id: String,
    /// The orchestrator's result text ("Bot 2 won (…)").
    pub result: String,
    pub decisions: u64,
    /// Commits in the match's log.
    pub version: u64,
    pub elapsed: std::time::Duration,
}

impl DemoCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let s = self.play().await?;
        let match_id = &s.match_id;
        println!();
        println!("match {match_id} ended: {}", if s.result.is_empty() { "(no result text)" } else { &s.result });
        println!("  {} decisions, {} versions (commits), {:.1}s", s.decisions, s.version, s.elapsed.as_secs_f64());
        println!();
        println!("Export it and audit it offline:");
        let flag = if self.orchestrator == client::DEFAULT_ORCHESTRATOR { String::new() } else { format!(" --orchestrator {}", self.orchestrator) };
        println!("  arbiter export {match_id}{flag}");
        println!("  arbiter audit {match_id}.arbiter-export.json");
        Ok(ExitCode::SUCCESS)
    }

    /// Play the whole match (printing progress) and return its summary.
    pub async fn play(&self) -> anyhow::Result<DemoSummary> {
        let started = Instant::now();
        let seed = self.seed.unwrap_or_else(|| rand::rngs::OsRng.next_u64());
        let mut api = client::connect(&self.orchestrator)?;
        let names: Vec<String> = (1..=self.players).map(|i| format!("Bot {i}")).collect();
        let signers: Vec<fairness::Signer> = if self.sign {
            (0..self.players)
                .map(|_| {
                    let mut seed = [0u8; 32];
                    rand::rngs::OsRng.fill_bytes(&mut seed);
                    fairness::Signer::from_seed(&seed)
                })
                .collect()
        } else {
            Vec::new()
        };
        let (created, tokens) = client::create_and_join_all(&mut api, &self.ruleset, &names, |_, seat| {
            Ok(signers.get(seat as usize).map(|s| s.public_key().to_vec()).unwrap_or_default())
        })
        .await?;
        let match_id = created.match_id.clone();
        println!("match {match_id} created ({}, {} seats, bots seeded with {seed})", self.ruleset, self.players);
        println!("  randomness: {} · commitment {}", created.randomness_scheme, hex::encode(&created.randomness_commitment));
        println!("  public key: {}", hex::encode(&created.randomness_public_key));
        for node in &created.randomness_nodes {
            println!("  randomness node {}: key {} · commitment {}", node.name, hex::encode(&node.public_key), hex::encode(&node.commitment));
        }

        if !self.quiet {
            for (seat, _) in tokens.iter().enumerate() {
                println!("{} joined seat {seat}", text::seat_name(&names, seat as u32));
            }
        }

        let mut bot = RandomBot::new(seed);
        let mut decisions: u64 = 0;
        let mut retries = 0;
        let mut idle_polls = 0u32;
        let first_token = tokens.first().cloned().context("the match has no seats")?;
        // What the last SubmitDecision said comes next: no second call to find out.
        let mut next: Option<m::GetPendingDecisionResponse> = None;
        loop {
            // Who is to decide? Any seat's token can ask; only the deciding seat sees the options.
            let pending = match next.take() {
                Some(p) => p,
                None => api
                    .get_pending_decision(request(m::GetPendingDecisionRequest { match_id: match_id.clone() }, Some(&first_token))?)
                    .await
                    .context("GetPendingDecision")?
                    .into_inner(),
            };
            if pending.status == m::MatchStatus::Ended as i32 {
                break;
            }
            let Some(seat) = pending.waiting_for_seat else {
                // Waiting for a draw the orchestrator drives itself: ask again shortly.
                idle_polls += 1;
                if idle_polls > MAX_IDLE_POLLS {
                    anyhow::bail!(
                        "match {match_id} has waited for a random draw for over 10 s at version {}; \
                         is the randomness service up? (see the orchestrator's log)",
                        pending.version
                    );
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            };
            idle_polls = 0;
            let token = tokens.get(seat as usize).with_context(|| format!("the match waits for seat {seat}, which the demo does not hold"))?;
            // The decision, and the chain hash of the commit it was asked at (what a signed
            // seat signs against).
            let (pending, against) = match pending.decision {
                Some(d) if d.seat == seat && d.spec.is_some() => (d, pending.chain_hash),
                _ => {
                    let asked = api
                        .get_pending_decision(request(m::GetPendingDecisionRequest { match_id: match_id.clone() }, Some(token))?)
                        .await
                        .context("GetPendingDecision")?
                        .into_inner();
                    (asked.decision.context("the server says a seat is to decide but shows it no decision")?, asked.chain_hash)
                }
            };
            let decision = convert::decision_from_proto(&pending).map_err(|e| anyhow::anyhow!("the server sent a malformed decision: {e}"))?;
            let choice = bot.choose(&decision);
            let proto_choice = convert::choice_to_proto(&choice);
            let seat_signature = client::sign_decision(signers.get(seat as usize), &match_id, seat, &against, decision.id, &proto_choice)?;
            let submitted = api
                .submit_decision(request(
                    m::SubmitDecisionRequest {
                        match_id: match_id.clone(),
                        decision_id: decision.id,
                        choice: Some(proto_choice),
                        idempotency_key: format!("demo-{seed}-{}", decision.id),
                        seat_signature,
                    },
                    Some(token),
                )?)
                .await;
            match submitted {
                Ok(resp) => {
                    retries = 0;
                    decisions += 1;
                    let resp = resp.into_inner();
                    next = client::next_of(&resp);
                    if self.quiet {
                        if decisions.is_multiple_of(50) {
                            println!("… {decisions} decisions, version {}", resp.version);
                        }
                    } else {
                        println!("v{} {}: {} → {}", resp.version, text::seat_name(&names, seat), decision.prompt, describe_choice(&decision, &choice));
                        for e in &resp.events {
                            println!("{}", text::event_line(e));
                        }
                    }
                }
                Err(s) if matches!(s.code(), Code::Aborted | Code::FailedPrecondition) && retries < MAX_RETRIES => {
                    retries += 1;
                    tracing::warn!(code = ?s.code(), message = s.message(), "decision refused; asking again");
                }
                Err(s) => return Err(anyhow::Error::new(s).context("SubmitDecision")),
            }
            if decisions >= MAX_DECISIONS {
                anyhow::bail!("the match did not end within {MAX_DECISIONS} decisions; it is still there: {match_id}");
            }
        }

        let view = api.get_match(m::GetMatchRequest { match_id: match_id.clone(), version: 0 }).await.context("GetMatch")?.into_inner();
        Ok(DemoSummary { match_id, result: view.result, decisions, version: view.version, elapsed: started.elapsed() })
    }
}

/// The chosen answer as labels.
fn describe_choice(d: &engine::Decision, c: &engine::Choice) -> String {
    use engine::{Choice, DecisionSpec};
    let label = |opts: &[engine::DecisionOption], id: &str| opts.iter().find(|o| o.id == id).map(|o| o.label.clone()).unwrap_or_else(|| id.to_string());
    match (&d.spec, c) {
        (DecisionSpec::Pick { options, .. }, Choice::Pick(ids)) => {
            if ids.is_empty() {
                "(none)".into()
            } else {
                ids.iter().map(|i| label(options, i)).collect::<Vec<_>>().join(", ")
            }
        }
        (DecisionSpec::Split { targets, .. }, Choice::Split(parts)) => {
            parts.iter().map(|(i, n)| format!("{n} to {}", label(targets, i))).collect::<Vec<_>>().join(", ")
        }
        (DecisionSpec::Order { items }, Choice::Order(ids)) => ids.iter().map(|i| label(items, i)).collect::<Vec<_>>().join(" > "),
        (_, Choice::Number(n)) => n.to_string(),
        _ => format!("{c:?}"),
    }
}

/// Answer, with a random offered option, every decision of the `bots` seats (seat, token) until
/// the match ends; other seats are left to their players. Used by `arbiter play` against bots.
pub async fn answer_for_bots(mut api: client::Client, match_id: String, bots: Vec<(u32, String)>, seed: u64) -> anyhow::Result<()> {
    let mut bot = RandomBot::new(seed);
    let Some((_, any_token)) = bots.first().cloned() else {
        return Ok(());
    };
    let mut next: Option<m::GetPendingDecisionResponse> = None;
    loop {
        let pending = match next.take() {
            Some(p) => p,
            None => api
                .get_pending_decision(request(m::GetPendingDecisionRequest { match_id: match_id.clone() }, Some(&any_token))?)
                .await
                .context("GetPendingDecision")?
                .into_inner(),
        };
        if pending.status == m::MatchStatus::Ended as i32 {
            return Ok(());
        }
        let bot_seat = pending.waiting_for_seat.and_then(|s| bots.iter().find(|(b, _)| *b == s));
        let Some((seat, token)) = bot_seat else {
            // A person's turn, or a draw the orchestrator drives: look again shortly.
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            continue;
        };
        let known = pending.decision.filter(|d| d.seat == *seat && d.spec.is_some());
        let decision = match known {
            Some(d) => d,
            None => {
                let asked = api
                    .get_pending_decision(request(m::GetPendingDecisionRequest { match_id: match_id.clone() }, Some(token))?)
                    .await
                    .context("GetPendingDecision")?
                    .into_inner()
                    .decision;
                let Some(d) = asked else { continue };
                d
            }
        };
        let decision = convert::decision_from_proto(&decision).map_err(|e| anyhow::anyhow!("malformed decision: {e}"))?;
        let choice = bot.choose(&decision);
        let submitted = api
            .submit_decision(request(
                m::SubmitDecisionRequest {
                    match_id: match_id.clone(),
                    decision_id: decision.id,
                    choice: Some(convert::choice_to_proto(&choice)),
                    idempotency_key: format!("bot-{seat}-{}", decision.id),
                    seat_signature: Vec::new(),
                },
                Some(token),
            )?)
            .await;
        match submitted {
            Ok(resp) => next = client::next_of(&resp.into_inner()),
            // Someone else moved first: the next loop sees the new state.
            Err(s) if s.code() == Code::Aborted => {}
            Err(s) => return Err(anyhow::Error::new(s).context("SubmitDecision")),
        }
    }
}
