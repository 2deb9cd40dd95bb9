//! A whole match played in-process, with no server: the engine, random bots and the fairness
//! scheme with fixed keys, logged exactly as the orchestrator logs it. For tests (of the export
//! format and the audit) and for trying `arbiter audit` without running anything.

use api::convert;
use api::log_v1::{self as l, commit_input::Input as CI};
use api::match_v1 as m;
use api::rules_v1 as r;
use engine::bots::RandomBot;
use engine::{Awaiting, DrawKind, Input};

/// The fixed keys of a simulated randomness service.
pub const MASTER_SECRET: [u8; 32] = [0x11; 32];
pub const SIGNING_SEED: [u8; 32] = [0x22; 32];
/// The fixed key of a simulated orchestrator, which signs the simulated log (format 2).
pub const ORCHESTRATOR_SEED: [u8; 32] = [0x33; 32];

/// The public key that signs simulated commits.
pub fn orchestrator_public_key() -> [u8; 32] {
    fairness::Signer::from_seed(&ORCHESTRATOR_SEED).public_key()
}

/// The public key that signs simulated draws.
pub fn public_key() -> [u8; 32] {
    fairness::Signer::from_seed(&SIGNING_SEED).public_key()
}

/// The signing key of simulated randomness node `j` of a v2 match (scheme v2, several nodes):
/// node 0 is the one-node simulation's service (so [`public_key`] pins it), the others their own.
pub fn node_signer(j: u32) -> fairness::Signer {
    if j == 0 {
        return fairness::Signer::from_seed(&SIGNING_SEED);
    }
    fairness::Signer::from_seed(&[0x60 + j as u8; 32])
}

/// The match secret of simulated node `j` (its master secret is `[0x70 + j; 32]`).
pub fn node_secret(match_id: &str, j: u32) -> fairness::Secret {
    fairness::derive_match_secret(&[0x70 + j as u8; 32], match_id)
}

/// Most inputs a simulated match may take before it is abandoned.
const MAX_INPUTS: usize = 50_000;

#[derive(Debug, thiserror::Error)]
pub enum SimulateError {
    #[error("unknown ruleset {0:?}")]
    UnknownRuleset(String),
    #[error("the engine refused an input: {0}")]
    Rules(#[from] engine::RulesError),
    #[error("randomness: {0}")]
    Fairness(#[from] fairness::FairnessError),
    #[error("the match did not end within {MAX_INPUTS} inputs")]
    TooLong,
}

struct Log {
    match_id: String,
    commits: Vec<l::Commit>,
    stored: Vec<Vec<u8>>,
    awaiting: Option<r::Awaiting>,
    orchestrator: fairness::Signer,
}

impl Log {
    fn push(&mut self, input: CI, step: Option<r::Step>) {
        let (events, awaiting, rules_version) = match step {
            Some(s) => (s.events, s.awaiting, s.rules_version),
            None => (Vec::new(), self.awaiting.clone(), String::new()),
        };
        self.awaiting = awaiting.clone();
        let mut commit = l::Commit {
            match_id: self.match_id.clone(),
            version: self.commits.len() as u64 + 1,
            input: Some(l::CommitInput { input: Some(input) }),
            events,
            rules_version,
            trace_context: Default::default(),
            written_at_ms: 1_700_000_000_000 + self.commits.len() as i64,
            awaiting,
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: self.stored.last().map(|p| fairness::chain::commit_hash(p).to_vec()).unwrap_or_default(),
            signature: Vec::new(),
        };
        // Signed as the orchestrator does (docs/log.md); the decoded commit carries the signature.
        let stored = fairness::chain::seal(&self.orchestrator, &prost::Message::encode_to_vec(&commit));
        if let Ok((_, sig)) = fairness::chain::split(&stored) {
            commit.signature = sig.to_vec();
        }
        self.commits.push(commit);
        self.stored.push(stored);
    }
}

/// Play a match of `ruleset` with `players` random bots (seeded by `seed`) and return its export.
pub fn simulate_match(ruleset: &str, players: u32, seed: u64) -> Result<l::MatchExport, SimulateError> {
    simulate_match_with(ruleset, players, seed, seed, &ORCHESTRATOR_SEED)
}

/// [`simulate_match`] with the bots' seed apart from the match's (same match id, secret and
/// entropies, other decisions) and a chosen orchestrator key: what a forger could produce.
pub fn simulate_match_with(ruleset: &str, players: u32, seed: u64, bot_seed: u64, orchestrator_seed: &[u8; 32]) -> Result<l::MatchExport, SimulateError> {
    let config = r::MatchConfig {
        ruleset: ruleset.into(),
        seats: (0..players).map(|i| m::SeatSpec { name: format!("Bot {}", i + 1), deck: String::new(), ..Default::default() }).collect(),
        options: Default::default(),
    };
    simulate_config(config, seed, bot_seed, orchestrator_seed)
}

/// [`simulate_match_with`] for a whole match configuration: its options and each seat's deck or
/// decklist (e.g. a Netrunner match in the Startup format with the seats' own decklists).
pub fn simulate_config(config: r::MatchConfig, seed: u64, bot_seed: u64, orchestrator_seed: &[u8; 32]) -> Result<l::MatchExport, SimulateError> {
    simulate_nodes(config, seed, bot_seed, orchestrator_seed, 1)
}

/// [`simulate_match`] with `nodes` randomness nodes: 1 is scheme v1 (the same match), 2 or more
/// scheme v2 (docs/fairness.md), each node with the keys of [`node_signer`] and [`node_secret`].
pub fn simulate_match_nodes(ruleset: &str, players: u32, seed: u64, nodes: u32) -> Result<l::MatchExport, SimulateError> {
    let config = r::MatchConfig {
        ruleset: ruleset.into(),
        seats: (0..players).map(|i| m::SeatSpec { name: format!("Bot {}", i + 1), deck: String::new(), ..Default::default() }).collect(),
        options: Default::default(),
    };
    simulate_nodes(config, seed, seed, &ORCHESTRATOR_SEED, nodes)
}

fn simulate_nodes(config: r::MatchConfig, seed: u64, bot_seed: u64, orchestrator_seed: &[u8; 32], nodes: u32) -> Result<l::MatchExport, SimulateError> {
    let v2 = nodes > 1;
    let rules = engine::ruleset(&config.ruleset).ok_or_else(|| SimulateError::UnknownRuleset(config.ruleset.clone()))?;
    let players = config.seats.len() as u32;
    let match_id = format!("sim{seed:016x}");
    let signer = fairness::Signer::from_seed(&SIGNING_SEED);
    let secret = fairness::derive_match_secret(&MASTER_SECRET, &match_id);
    let orchestrator = fairness::Signer::from_seed(orchestrator_seed);
    let orchestrator_key = orchestrator.public_key().to_vec();
    let mut log = Log { match_id: match_id.clone(), commits: Vec::new(), stored: Vec::new(), awaiting: None, orchestrator };
    let first = rules.new_match(&convert::config_from_proto(&config))?;
    let mut state = first.state.clone();
    let randomness = if v2 {
        let nodes = (0..nodes)
            .map(|j| {
                let public_key = node_signer(j).public_key();
                let commitment = fairness::v2::node_commitment(&match_id, j, &public_key, &node_secret(&match_id, j)).to_vec();
                l::RandomnessNode { name: format!("node-{}", j + 1), public_key: public_key.to_vec(), commitment }
            })
            .collect();
        l::MatchCreated { randomness_scheme: fairness::v2::SCHEME.into(), randomness_nodes: nodes, ..Default::default() }
    } else {
        l::MatchCreated {
            randomness_commitment: fairness::commitment(&match_id, &secret).to_vec(),
            randomness_scheme: fairness::SCHEME.into(),
            randomness_public_key: signer.public_key().to_vec(),
            ..Default::default()
        }
    };
    log.push(
        CI::Created(l::MatchCreated {
            config: Some(config),
            join_code_hashes: (0..players).map(|i| vec![i as u8; 32]).collect(),
            orchestrator_public_key: orchestrator_key,
            ..randomness
        }),
        Some(convert::step_to_proto(&first, rules.rules_version())),
    );
    let mut awaiting = first.awaiting;
    let entropies: Vec<Vec<u8>> = (0..players).map(|i| (0..32u8).map(|b| b ^ (i as u8) ^ (seed as u8)).collect()).collect();
    for (i, e) in entropies.iter().enumerate() {
        log.push(CI::Joined(l::SeatJoined { seat: i as u32, entropy: e.clone(), token_hash: vec![0xAA; 32], seat_public_key: Vec::new() }), None);
    }
    let key = fairness::match_key(&secret, &match_id, &entropies)?;
    let node_keys =
        (0..if v2 { nodes } else { 0 }).map(|j| fairness::v2::node_key(&node_secret(&match_id, j), &match_id, j, &entropies)).collect::<Result<Vec<_>, _>>()?;
    let mut bot = RandomBot::new(bot_seed);
    for n in 0.. {
        if n >= MAX_INPUTS {
            return Err(SimulateError::TooLong);
        }
        let (input, commit_input) = match &awaiting {
            Awaiting::Ended(_) => break,
            Awaiting::Draw(d) => {
                let kind = match d.kind {
                    DrawKind::Range(n) => fairness::DrawKind::Range(n),
                    DrawKind::Shuffle(n) => fairness::DrawKind::Shuffle(n),
                };
                let ci = if v2 {
                    let mut shares = Vec::with_capacity(node_keys.len());
                    let mut logged = Vec::with_capacity(node_keys.len());
                    for (j, node_key) in node_keys.iter().enumerate() {
                        let share = fairness::v2::share(node_key, &d.purpose, d.index, kind)?;
                        let message = fairness::v2::share_message(&match_id, j as u32, &d.purpose, d.index, kind, &share);
                        logged.push(l::DrawShare { node: j as u32, share: share.to_vec(), signature: node_signer(j as u32).sign(&message).to_vec() });
                        shares.push(share);
                    }
                    let values = fairness::v2::draw_values(&match_id, &d.purpose, d.index, kind, &shares)?;
                    l::RandomDraw { request: Some(convert::draw_request_to_proto(d)), values, signature: Vec::new(), shares: logged }
                } else {
                    let values = fairness::draw(&key, &d.purpose, d.index, kind)?;
                    let signature = signer.sign(&fairness::outcome_message(&match_id, d.index, &d.purpose, kind, &values)).to_vec();
                    l::RandomDraw { request: Some(convert::draw_request_to_proto(d)), values, signature, shares: Vec::new() }
                };
                let values = ci.values.clone();
                let ci = CI::Draw(ci);
                (Input::Draw { index: d.index, purpose: d.purpose.clone(), values }, ci)
            }
            Awaiting::Decision(d) => {
                let choice = bot.choose(d);
                let ci = CI::Decision(l::SeatDecision {
                    decision: Some(r::DecisionInput { decision_id: d.id, seat: d.seat, choice: Some(convert::choice_to_proto(&choice)) }),
                    idempotency_key: format!("sim-{n}"),
                    seat_signature: Vec::new(),
                });
                (Input::Decision { decision_id: d.id, seat: d.seat, choice }, ci)
            }
        };
        let step = rules.apply(&state, &input)?;
        state = step.state.clone();
        awaiting = step.awaiting.clone();
        log.push(commit_input, Some(convert::step_to_proto(&step, rules.rules_version())));
    }
    let revealed = if v2 {
        l::SecretRevealed { secret: Vec::new(), node_secrets: (0..nodes).map(|j| node_secret(&match_id, j).to_vec()).collect() }
    } else {
        l::SecretRevealed { secret: secret.to_vec(), node_secrets: Vec::new() }
    };
    log.push(CI::Revealed(revealed), None);
    Ok(l::MatchExport { match_id, commits: log.commits, stored_commits: log.stored })
}

/// The attack a witness exists for: `export` with its commit at index `from` (0-based) changed
/// by `change`, and every commit from there re-chained and re-signed by `signer`. With the
/// orchestrator's own key this is a valid, consistent log that the audit alone accepts; only a
/// saved feed (`arbiter audit --witness`) tells it from the history that was published.
pub fn re_signed_from(
    export: &l::MatchExport,
    from: usize,
    signer: &fairness::Signer,
    change: impl FnOnce(&mut l::Commit),
) -> Result<l::MatchExport, prost::DecodeError> {
    use prost::Message;
    let mut stored: Vec<Vec<u8>> = export.stored_commits.iter().take(from).cloned().collect();
    let mut change = Some(change);
    for bytes in export.stored_commits.iter().skip(from) {
        let mut commit = l::Commit::decode(bytes.as_slice())?;
        if let Some(change) = change.take() {
            change(&mut commit);
        }
        commit.signature.clear();
        commit.prev_hash = stored.last().map(|p| fairness::chain::commit_hash(p).to_vec()).unwrap_or_default();
        stored.push(fairness::chain::seal(signer, &commit.encode_to_vec()));
    }
    let commits = stored.iter().map(|b| l::Commit::decode(b.as_slice())).collect::<Result<Vec<_>, _>>()?;
    Ok(l::MatchExport { match_id: export.match_id.clone(), commits, stored_commits: stored })
}
