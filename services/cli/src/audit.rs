//! The offline audit of an exported match: no server, only the export (and optionally the
//! randomness service's public key, pinned by the auditor).
//!
//! Checks, in order (every check runs; the error is the first failure):
//! 0. the log's signed hash chain (format 2, `docs/log.md`): on the stored bytes of each
//!    commit, the previous commit's SHA-256 and the orchestrator's signature under the key in
//!    `MatchCreated` (equal to `--orchestrator-key` when given), and the readable commits equal
//!    to what the stored bytes decode to. A format-1 log (written before logs were signed) has
//!    nothing to check here, and is refused when an orchestrator key is pinned;
//!
//!    With a witness (`--witness`, [`crate::witness`]): every version the saved feed holds has
//!    the chain hash of the export's stored bytes of that version, and the feed's result names
//!    the ending commit. This is what catches a history rewritten and re-signed with the
//!    orchestrator key, which passes every other check;
//!    Seat signatures (`docs/log.md`, "Seat-signed acts"): every decision and concession of a
//!    seat that registered a key at its join carries the seat's signature over the act made
//!    against the commit before it; per seat, "every move signed by the seat's key K" or
//!    "unsigned seat" (its acts rest on the orchestrator's signature alone);
//! 1. structure: versions 1, 2, 3, … of one match, created first, every seat joined once before
//!    any draw or decision, the secret revealed after the end;
//! 2. the public key equals `--public-key` (when given) and the scheme is the one implemented here;
//! 3. the commitment logged at creation matches the revealed secret;
//! 4. every draw recomputed from the secret and the seat entropies, and its signature verified
//!    ([`fairness::verify_match`]); for scheme v2 (several randomness nodes), every node's secret
//!    against its commitment, and each draw's shares (one per node, recomputed, signed by their
//!    node) and values ([`fairness::v2::verify_match`]);
//! 5. draws used in sequence (indices 0, 1, 2, …) with the purpose and kind the engine asked for;
//! 6. replay: the engine, run in-process over the logged inputs, produces at every commit the
//!    logged events and the logged "awaiting" ([`api::replay`], the one replay-and-compare,
//!    which names the first difference).

use std::fmt;

use api::log_v1::{commit_input::Input as CI, Commit, MatchExport};
use api::rules_v1 as r;
use fairness::{DrawRecord, FairnessError};

mod signatures;

use signatures::*;

/// One line of the audit checklist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub ok: bool,
    pub name: &'static str,
    pub detail: String,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", if self.ok { "✓" } else { "✗" }, self.name, self.detail)
    }
}

/// What the audit found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditReport {
    pub match_id: String,
    pub ruleset: String,
    /// The rules versions named by the log (usually one).
    pub logged_rules_versions: Vec<String>,
    /// The rules version of the engine built into this auditor.
    pub engine_rules_version: String,
    pub commits: usize,
    pub draws: usize,
    pub decisions: usize,
    pub seats: usize,
    /// How the match ended, as text ("seat 0 won (reason)").
    pub outcome: Option<String>,
    /// The public key the draws were checked under (hex).
    pub public_key: String,
    /// Whether the public key was pinned by the caller.
    pub public_key_pinned: bool,
    /// The log format (1: unsigned, 2: signed hash chain).
    pub log_format: u32,
    /// The orchestrator key the chain was checked under (hex; empty for format 1).
    pub orchestrator_key: String,
    /// Whether the orchestrator key was pinned by the caller.
    pub orchestrator_key_pinned: bool,
    pub checks: Vec<Check>,
}

/// The first thing that failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AuditFailure {
    #[error("the log's signed hash chain breaks at version {version}: {detail}")]
    Chain { version: u64, detail: String },
    /// An act of a seat that registered a key, without that seat's valid signature.
    #[error("version {version}: {detail}")]
    SeatSignature { version: u64, detail: String },
    #[error("the orchestrator key in the log ({logged}) is not the expected one ({expected})")]
    OrchestratorKey { expected: String, logged: String },
    #[error("the export is malformed{}: {detail}", at(.version))]
    Structure { version: Option<u64>, detail: String },
    #[error("the public key in the log ({logged}) is not the expected one ({expected})")]
    PublicKey { expected: String, logged: String },
    #[error("the randomness commitment does not hold: {0}")]
    Commitment(String),
    #[error("version {version}: {detail}")]
    Draw { version: u64, index: u64, purpose: String, detail: String },
    #[error("the randomness check failed: {0}")]
    Fairness(String),
    #[error("version {version}: draw {index} ({purpose:?}) is out of sequence: {detail}")]
    DrawSequence { version: u64, index: u64, purpose: String, detail: String },
    #[error("replay differs from the log at version {version}: {detail}")]
    Replay { version: u64, detail: String },
    /// The export is not the history the feed published live (`--witness`).
    #[error("{detail}")]
    Witness { version: u64, detail: String },
}

fn at(v: &Option<u64>) -> String {
    v.map(|v| format!(" at version {v}")).unwrap_or_default()
}

/// A failed audit: the first failure and the full report (every check that ran).
#[derive(Clone, Debug, thiserror::Error)]
#[error("{failure}")]
pub struct AuditError {
    pub failure: AuditFailure,
    /// Every check that ran, the failed ones included.
    pub report: Box<AuditReport>,
}

fn structure(version: Option<u64>, detail: impl Into<String>) -> AuditFailure {
    AuditFailure::Structure { version, detail: detail.into() }
}

fn input_of(c: &Commit) -> Option<&CI> {
    c.input.as_ref().and_then(|i| i.input.as_ref())
}

/// What the structural pass collects for the later checks.
struct Facts<'a> {
    config: &'a r::MatchConfig,
    commitment: &'a [u8],
    scheme: &'a str,
    public_key: &'a [u8],
    entropies: Vec<Vec<u8>>,
    secret: &'a [u8],
    /// Scheme v2: the nodes named at creation and each one's revealed secret.
    nodes: &'a [api::log_v1::RandomnessNode],
    node_secrets: &'a [Vec<u8>],
    draws: Vec<(u64, DrawRecord)>,
    /// Scheme v2: each draw's shares (same order as `draws`).
    shares: Vec<Vec<fairness::v2::LoggedShare>>,
    decisions: usize,
}

fn collect_facts(export: &MatchExport) -> Result<Facts<'_>, AuditFailure> {
    let first = export.commits.first().ok_or_else(|| structure(None, "it has no commits"))?;
    let created = match input_of(first) {
        Some(CI::Created(c)) => c,
        _ => return Err(structure(Some(first.version), "the first commit must be the match creation")),
    };
    let config = created.config.as_ref().ok_or_else(|| structure(Some(1), "the creation has no match configuration"))?;
    let seats = config.seats.len();
    let mut entropies: Vec<Option<Vec<u8>>> = vec![None; seats];
    let mut secret: Option<&api::log_v1::SecretRevealed> = None;
    let mut draws = Vec::new();
    let mut shares = Vec::new();
    let mut decisions = 0;
    let mut ended = false;
    for (i, c) in export.commits.iter().enumerate() {
        let v = c.version;
        if v != i as u64 + 1 {
            return Err(structure(Some(v), format!("commit #{} has version {v}; versions must run 1, 2, 3, …", i + 1)));
        }
        if c.match_id != export.match_id {
            return Err(structure(Some(v), format!("the commit belongs to match {:?}, not {:?}", c.match_id, export.match_id)));
        }
        let all_joined = entropies.iter().all(Option::is_some);
        match input_of(c) {
            None => return Err(structure(Some(v), "the commit has no input")),
            Some(CI::Created(_)) if i > 0 => return Err(structure(Some(v), "a second match creation")),
            Some(CI::Created(_)) => {}
            Some(CI::Joined(j)) => {
                let slot =
                    entropies.get_mut(j.seat as usize).ok_or_else(|| structure(Some(v), format!("seat {} joins, but the match has {seats} seats", j.seat)))?;
                if slot.is_some() {
                    return Err(structure(Some(v), format!("seat {} joins twice", j.seat)));
                }
                *slot = Some(j.entropy.clone());
            }
            Some(CI::Decision(_)) | Some(CI::Draw(_)) if !all_joined => {
                return Err(structure(Some(v), "a decision or draw before every seat has joined (and given its entropy)"))
            }
            Some(CI::Decision(_)) | Some(CI::Draw(_)) if ended => return Err(structure(Some(v), "a decision or draw after the match ended")),
            Some(CI::Decision(_)) => decisions += 1,
            Some(CI::Draw(d)) => {
                let req = d.request.as_ref().ok_or_else(|| structure(Some(v), "a draw without its request"))?;
                let Some(kind) = req.kind.map(fairness::DrawKind::from) else {
                    return Err(structure(Some(v), "a draw request without a kind (range or shuffle)"));
                };
                draws.push((v, DrawRecord { index: req.index, purpose: req.purpose.clone(), kind, values: d.values.clone(), signature: d.signature.clone() }));
                shares.push(
                    d.shares.iter().map(|s| fairness::v2::LoggedShare { node: s.node, share: s.share.clone(), signature: s.signature.clone() }).collect(),
                );
            }
            Some(CI::Conceded(_)) | Some(CI::Adjudicated(_)) | Some(CI::Time(_)) if ended => {
                return Err(structure(Some(v), "match control (a concession, a ruling, time) after the match ended"))
            }
            Some(CI::Conceded(_)) | Some(CI::Adjudicated(_)) | Some(CI::Time(_)) => {}
            Some(CI::Revealed(s)) => {
                if secret.is_some() {
                    return Err(structure(Some(v), "the secret is revealed twice"));
                }
                if !ended {
                    return Err(structure(Some(v), "the secret is revealed before the match ended"));
                }
                secret = Some(s);
            }
        }
        if matches!(c.awaiting.as_ref().and_then(|a| a.what.as_ref()), Some(r::awaiting::What::Ended(_))) {
            ended = true;
        }
    }
    let entropies =
        entropies.into_iter().enumerate().map(|(s, e)| e.ok_or_else(|| structure(None, format!("seat {s} never joined")))).collect::<Result<Vec<_>, _>>()?;
    if !ended {
        return Err(structure(None, "the match has not ended; export it after the end"));
    }
    let secret = secret.ok_or_else(|| structure(None, "the randomness secret was never revealed"))?;
    Ok(Facts {
        config,
        commitment: &created.randomness_commitment,
        scheme: &created.randomness_scheme,
        public_key: &created.randomness_public_key,
        entropies,
        secret: &secret.secret,
        nodes: &created.randomness_nodes,
        node_secrets: &secret.node_secrets,
        draws,
        shares,
        decisions,
    })
}

fn draw_failure(e: &FairnessError, draws: &[(u64, DrawRecord)]) -> AuditFailure {
    let named = match e {
        FairnessError::DrawMismatch { index, purpose, .. }
        | FairnessError::BadSignature { index, purpose }
        | FairnessError::InvalidDraw { index, purpose, .. }
        | FairnessError::StreamExhausted { index, purpose }
        | FairnessError::ShareMissing { index, purpose, .. }
        | FairnessError::ShareMismatch { index, purpose, .. }
        | FairnessError::BadShareSignature { index, purpose, .. }
        | FairnessError::ShareUnexpected { index, purpose, .. } => Some((*index, purpose.clone(), false)),
        FairnessError::DuplicateDraw { index, purpose } => Some((*index, purpose.clone(), true)),
        _ => None,
    };
    match named {
        Some((index, purpose, last)) => {
            let mut matching = draws.iter().filter(|(_, d)| d.index == index && d.purpose == purpose);
            let version = if last { matching.next_back() } else { matching.next() }.map(|(v, _)| *v).unwrap_or(0);
            AuditFailure::Draw { version, index, purpose, detail: e.to_string() }
        }
        None if matches!(e, FairnessError::CommitmentMismatch | FairnessError::NodeCommitmentMismatch { .. } | FairnessError::SecretCount { .. }) => {
            AuditFailure::Commitment(e.to_string())
        }
        None => AuditFailure::Fairness(e.to_string()),
    }
}

/// Replay the match through the engine ([`api::replay::replay`], the check the orchestrator
/// makes too), checking the draw sequence on the way. Returns the first failure of each kind
/// (sequence, replay).
fn replay(export: &MatchExport, rules: &dyn engine::Ruleset) -> (Option<AuditFailure>, Option<AuditFailure>) {
    let mut sequence_failure = None;
    let mut next_index = 0u64;
    let replayed = api::replay::replay(rules, &export.commits, |c, awaiting| {
        let Some(CI::Draw(d)) = input_of(c) else { return };
        let req = d.request.clone().unwrap_or_default();
        if sequence_failure.is_none() {
            if let Some(detail) = draw_sequence_problem(&req, next_index, awaiting) {
                sequence_failure = Some(AuditFailure::DrawSequence { version: c.version, index: req.index, purpose: req.purpose.clone(), detail });
            }
        }
        next_index = req.index.max(next_index) + 1;
    });
    let replay_failure = replayed.err().map(|d| AuditFailure::Replay { version: d.version, detail: d.detail });
    (sequence_failure, replay_failure)
}

/// Draw `req` should have index `next_index` and be the draw the engine waits for.
fn draw_sequence_problem(req: &r::DrawRequest, next_index: u64, awaiting: Option<&r::Awaiting>) -> Option<String> {
    if req.index != next_index {
        return Some(format!("draw indices must run 0, 1, 2, …: expected index {next_index}"));
    }
    match awaiting.and_then(|a| a.what.as_ref()) {
        Some(r::awaiting::What::Draw(a)) if a == req => None,
        Some(r::awaiting::What::Draw(a)) => Some(format!(
            "the engine asked for draw {} ({:?}, {:?}), the log used {} ({:?}, {:?})",
            a.index, a.purpose, a.kind, req.index, req.purpose, req.kind
        )),
        _ => Some(format!("the engine was not waiting for a draw but for {}", api::replay::describe_awaiting(awaiting))),
    }
}

fn outcome_text(export: &MatchExport, config: &r::MatchConfig) -> Option<String> {
    let last = export.commits.last()?;
    match last.awaiting.as_ref().and_then(|a| a.what.as_ref()) {
        Some(r::awaiting::What::Ended(o)) => {
            let names: Vec<String> = o
                .winners
                .iter()
                .map(|w| match config.seats.get(*w as usize) {
                    Some(s) => format!("{} (seat {w})", s.name),
                    None => format!("seat {w}"),
                })
                .collect();
            Some(if names.is_empty() { format!("no winner ({})", o.reason) } else { format!("{} won ({})", names.join(", "), o.reason) })
        }
        _ => None,
    }
}

/// What [`audit_export_witnessed`] records of each check.
type CheckFn<'c> = dyn FnMut(&mut AuditReport, &'static str, Result<String, AuditFailure>) + 'c;

/// Checks 2 to 4 of a v1 match (one randomness service): key, scheme, commitment, draws.
fn check_v1(report: &mut AuditReport, match_id: &str, facts: &Facts<'_>, public_key: Option<&[u8]>, check: &mut CheckFn<'_>) {
    // 2. Key and scheme.
    let key_result = match public_key {
        Some(expected) if expected != facts.public_key => {
            Err(AuditFailure::PublicKey { expected: hex::encode(expected), logged: hex::encode(facts.public_key) })
        }
        Some(_) => Ok(format!("{} (as expected)", hex::encode(facts.public_key))),
        None => Ok(format!("{} (taken from the log; pin it with --public-key)", hex::encode(facts.public_key))),
    };
    check(report, "public key", key_result);
    let scheme_result = if facts.scheme == fairness::SCHEME {
        Ok(facts.scheme.to_string())
    } else {
        Err(AuditFailure::Fairness(format!("the match uses the randomness scheme {:?}; this auditor implements {:?}", facts.scheme, fairness::SCHEME)))
    };
    check(report, "scheme", scheme_result);

    // 3. Commitment.
    let commitment_result = match <&[u8; 32]>::try_from(facts.secret) {
        Err(_) => Err(AuditFailure::Commitment(format!("the revealed secret has {} bytes, not 32", facts.secret.len()))),
        Ok(secret) if fairness::commitment(match_id, secret).as_slice() != facts.commitment => {
            Err(AuditFailure::Commitment("the revealed secret does not match the commitment logged at creation".into()))
        }
        Ok(_) => Ok(format!("{} = SHA-256 of the revealed secret", hex::encode(facts.commitment))),
    };
    check(report, "commitment", commitment_result);

    // 4. Draws.
    let records: Vec<DrawRecord> = facts.draws.iter().map(|(_, d)| d.clone()).collect();
    let draws_result = fairness::verify_match(match_id, facts.commitment, facts.secret, &facts.entropies, facts.public_key, &records)
        .map(|()| format!("{} draws recomputed from the secret and {} seat entropies; every signature verifies", records.len(), facts.entropies.len()))
        .map_err(|e| draw_failure(&e, &facts.draws));
    // A commitment failure is already reported above; do not report it twice.
    match draws_result {
        Err(AuditFailure::Commitment(_)) => {
            report.checks.push(Check { ok: false, name: "draws", detail: "not checked: the secret does not match its commitment".into() })
        }
        other => check(report, "draws", other),
    }
}

/// Checks 2 to 4 of a v2 match (several randomness nodes, docs/fairness.md "Scheme v2"): the
/// pinned key is one of the nodes', every node's secret matches its commitment, and every draw's
/// shares and values recompute.
fn check_nodes(report: &mut AuditReport, match_id: &str, facts: &Facts<'_>, public_key: Option<&[u8]>, check: &mut CheckFn<'_>) {
    let names: Vec<String> = facts.nodes.iter().enumerate().map(|(j, n)| format!("node {j} {:?} {}", n.name, hex::encode(&n.public_key))).collect();
    let key_result = match public_key {
        Some(expected) if !facts.nodes.iter().any(|n| n.public_key == expected) => {
            Err(AuditFailure::PublicKey { expected: hex::encode(expected), logged: names.join(", ") })
        }
        Some(_) => Ok(format!("{} randomness nodes: {} (the pinned key among them)", names.len(), names.join(", "))),
        None => Ok(format!("{} randomness nodes: {} (taken from the log)", names.len(), names.join(", "))),
    };
    check(report, "public key", key_result);
    check(report, "scheme", Ok(fairness::v2::SCHEME.to_string()));
    let nodes: Vec<fairness::v2::Node> =
        facts.nodes.iter().map(|n| fairness::v2::Node { public_key: n.public_key.clone(), commitment: n.commitment.clone() }).collect();
    let commitments = fairness::v2::verify_match(match_id, &nodes, facts.node_secrets, &facts.entropies, &[]);
    let committed = commitments.is_ok();
    check(
        report,
        "commitment",
        commitments.map(|()| format!("each of the {} nodes' revealed secrets matches its commitment", nodes.len())).map_err(|e| draw_failure(&e, &facts.draws)),
    );
    if !committed {
        report.checks.push(Check { ok: false, name: "draws", detail: "not checked: a node's secret does not match its commitment".into() });
        return;
    }
    let records: Vec<fairness::v2::DrawRecordV2> = facts
        .draws
        .iter()
        .zip(&facts.shares)
        .map(|((_, d), shares)| fairness::v2::DrawRecordV2 {
            index: d.index,
            purpose: d.purpose.clone(),
            kind: d.kind,
            values: d.values.clone(),
            shares: shares.clone(),
        })
        .collect();
    let draws_result = fairness::v2::verify_match(match_id, &nodes, facts.node_secrets, &facts.entropies, &records)
        .map(|()| {
            format!(
                "{} draws recomputed from {} nodes' shares and {} seat entropies; every share and its signature verify",
                records.len(),
                nodes.len(),
                facts.entropies.len()
            )
        })
        .map_err(|e| draw_failure(&e, &facts.draws));
    check(report, "draws", draws_result);
}

/// Audit an exported match offline. `public_key`, when given, must equal the randomness key in
/// the log. The orchestrator key is taken from the log; see [`audit_export_pinned`].
pub fn audit_export(export: &MatchExport, public_key: Option<&[u8]>) -> Result<AuditReport, AuditError> {
    audit_export_pinned(export, public_key, None)
}

/// [`audit_export`], with the orchestrator's key pinned too when `orchestrator_key` is given
/// (then the log must be signed, by that key).
pub fn audit_export_pinned(export: &MatchExport, public_key: Option<&[u8]>, orchestrator_key: Option<&[u8]>) -> Result<AuditReport, AuditError> {
    audit_export_witnessed(export, public_key, orchestrator_key, None)
}

/// [`audit_export_pinned`], and when `witness` is given, the export compared with the feed a
/// platform saved while the match was published ([`crate::witness::check_witness`], check
/// "witness", right after the signed log).
pub fn audit_export_witnessed(
    export: &MatchExport,
    public_key: Option<&[u8]>,
    orchestrator_key: Option<&[u8]>,
    witness: Option<&crate::witness::Witness>,
) -> Result<AuditReport, AuditError> {
    let mut report = AuditReport {
        match_id: export.match_id.clone(),
        commits: export.commits.len(),
        public_key_pinned: public_key.is_some(),
        orchestrator_key_pinned: orchestrator_key.is_some(),
        ..AuditReport::default()
    };
    let mut failures: Vec<AuditFailure> = Vec::new();
    let mut check = |report: &mut AuditReport, name: &'static str, result: Result<String, AuditFailure>| match result {
        Ok(detail) => report.checks.push(Check { ok: true, name, detail }),
        Err(f) => {
            report.checks.push(Check { ok: false, name, detail: f.to_string() });
            failures.push(f);
        }
    };

    // 0. The signed chain: first, since nothing after a broken link can be trusted.
    let chain = check_chain(export, orchestrator_key).map(|c| {
        report.log_format = c.format;
        report.orchestrator_key = c.key;
        c.detail
    });
    check(&mut report, "signed log", chain);
    for (seat, verdict) in check_seat_signatures(export).into_iter().enumerate() {
        let who = format!("seat {seat} ({})", verdict.name);
        let result = match (verdict.failure, verdict.key) {
            (Some(f), _) => Err(f),
            (None, Some(key)) => Ok(format!("{who}: every move signed by the seat's key {key} ({} acts)", verdict.acts)),
            (None, None) => Ok(format!(
                "{who}: unsigned seat (its {} acts are signed by the orchestrator only: whoever holds its key could have written them)",
                verdict.acts
            )),
        };
        check(&mut report, "seat signatures", result);
    }
    if let Some(witness) = witness {
        let witnessed = crate::witness::check_witness(export, witness).map_err(|m| AuditFailure::Witness { version: m.version, detail: m.detail });
        check(&mut report, "witness", witnessed);
    }

    // 1. Structure.
    let facts = match collect_facts(export) {
        Ok(f) => f,
        Err(f) => {
            check(&mut report, "structure", Err(f.clone()));
            let failure = failures.into_iter().next().unwrap_or(f);
            return Err(AuditError { failure, report: Box::new(report) });
        }
    };
    report.ruleset = facts.config.ruleset.clone();
    report.seats = facts.config.seats.len();
    report.draws = facts.draws.len();
    report.decisions = facts.decisions;
    report.public_key = hex::encode(facts.public_key);
    report.outcome = outcome_text(export, facts.config);
    let mut versions: Vec<String> = Vec::new();
    for c in &export.commits {
        if !c.rules_version.is_empty() && !versions.contains(&c.rules_version) {
            versions.push(c.rules_version.clone());
        }
    }
    report.logged_rules_versions = versions;
    let detail = format!(
        "{} commits (versions 1..={}), {} seats joined, {} decisions, {} draws, secret revealed after the end",
        report.commits, report.commits, report.seats, report.decisions, report.draws
    );
    check(&mut report, "structure", Ok(detail));

    if facts.scheme == fairness::v2::SCHEME {
        check_nodes(&mut report, &export.match_id, &facts, public_key, &mut check);
    } else {
        check_v1(&mut report, &export.match_id, &facts, public_key, &mut check);
    }
    let records = &facts.draws;

    // 5 and 6. Draw sequence and replay.
    match engine::ruleset(&facts.config.ruleset) {
        None => {
            let known: Vec<_> = engine::rulesets().iter().map(|r| r.name()).collect();
            let f =
                AuditFailure::Replay { version: 1, detail: format!("this auditor has no ruleset {:?} (it has: {})", facts.config.ruleset, known.join(", ")) };
            check(&mut report, "replay", Err(f));
        }
        Some(rules) => {
            report.engine_rules_version = rules.rules_version().to_string();
            let (sequence, replayed) = replay(export, rules);
            check(
                &mut report,
                "draw sequence",
                match sequence {
                    Some(f) => Err(f),
                    None if records.is_empty() => Ok("no draws".into()),
                    None => Ok(format!("indices 0 to {} in order, each with the purpose and kind the engine asked for", records.len() - 1)),
                },
            );
            let logged = report.logged_rules_versions.join(", ");
            check(
                &mut report,
                "replay",
                match replayed {
                    Some(f) => Err(f),
                    None => Ok(format!(
                        "{} commits re-run with {} {} (logged with {logged}): same events and same next decision or draw",
                        export.commits.len(),
                        rules.name(),
                        rules.rules_version(),
                    )),
                },
            );
        }
    }

    if let Some(outcome) = &report.outcome {
        let outcome = outcome.clone();
        report.checks.push(Check { ok: true, name: "outcome", detail: outcome });
    }

    match failures.into_iter().next() {
        Some(failure) => Err(AuditError { failure, report: Box::new(report) }),
        None => Ok(report),
    }
}
