//! End-to-end: seat-signed acts and the malicious operator (docs/log.md,
//! "Seat-signed acts"). Seat 0 registers an Ed25519 key at JoinMatch, seat 1 does not. The orchestrator
//! refuses seat 0's unsigned or badly signed decisions (UNAUTHENTICATED, nothing logged) and
//! answers a retried signed one the same. Then an operator holding the orchestrator key and the
//! NATS admin credential writes legal, orchestrator-signed decisions into the log: one for the
//! unsigned seat 1 (the replay accepts it, and the audit says "unsigned seat": nothing shows
//! the seat made it), and one for the signed seat 0, which the replay (DATA_LOSS) and the audit
//! reject, naming its version.

use anyhow::{anyhow, bail, Context, Result};
use api::log_v1 as l;
use api::match_v1 as m;
use eventlog::EventLog;
use fairness::seat::{sign_act, Act};
use prost::Message;
use tonic::Code;

mod harness;

use harness::{pending_to_sign, platform, random_choice, with_token, Rng, System};

/// A random-legal bot match ends well within this many decisions.
const MAX_DECISIONS: usize = 5_000;

struct SignedTable {
    match_id: String,
    tokens: Vec<String>,
    /// Seat 0's key; seat 1 is unsigned.
    seat0: fairness::Signer,
}

async fn create_signed_table(system: &System) -> Result<SignedTable> {
    let mut client = system.client().await?;
    let created = client
        .create_match(platform(m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: (0..2).map(|i| m::SeatSpec { name: format!("Bot {}", i + 1), ..Default::default() }).collect(),
            ..Default::default()
        }))
        .await?
        .into_inner();
    let seat0 = fairness::Signer::from_seed(&[0x51; 32]);
    let mut tokens = Vec::new();
    for seat in &created.seats {
        let key = if seat.seat == 0 { seat0.public_key().to_vec() } else { Vec::new() };
        let join = m::JoinMatchRequest {
            match_id: created.match_id.clone(),
            seat: seat.seat,
            join_code: seat.join_code.clone(),
            entropy: vec![seat.seat as u8 + 1; 32],
            seat_public_key: key,
        };
        let joined = client.join_match(join.clone()).await?.into_inner();
        // A retry of the join with another key is refused; the same join gets the same token.
        if seat.seat == 0 {
            let other = m::JoinMatchRequest { seat_public_key: vec![], ..join.clone() };
            assert_eq!(client.join_match(other).await.expect_err("another key").code(), Code::FailedPrecondition);
            assert_eq!(client.join_match(join).await?.into_inner().seat_token, joined.seat_token);
        }
        tokens.push(joined.seat_token);
    }
    Ok(SignedTable { match_id: created.match_id, tokens, seat0 })
}

fn signature(t: &SignedTable, seat: u32, decision: &m::Decision, choice: &m::Choice, against: &[u8; 32]) -> Vec<u8> {
    if seat != 0 {
        return Vec::new();
    }
    let signed = api::seat::choice_of(Some(choice)).expect("a choice");
    sign_act(&t.seat0, &t.match_id, 0, against, Act::Decision { decision_id: decision.decision_id, choice: &signed }).to_vec()
}

/// Play until `stop(seat)` says so for the seat to decide; returns that seat and its decision
/// (or `None` at the end).
async fn play_until(system: &System, t: &SignedTable, rng: &mut Rng, stop: impl Fn(u32) -> bool) -> Result<Option<(u32, m::Decision)>> {
    let mut client = system.client().await?;
    for _ in 0..MAX_DECISIONS {
        let Some((seat, decision, against)) = pending_to_sign(&mut system.client().await?, &t.match_id, &t.tokens).await? else { return Ok(None) };
        if stop(seat) {
            return Ok(Some((seat, decision)));
        }
        let choice = random_choice(&decision, rng)?;
        let req = m::SubmitDecisionRequest {
            match_id: t.match_id.clone(),
            decision_id: decision.decision_id,
            seat_signature: signature(t, seat, &decision, &choice, &against),
            choice: Some(choice),
            idempotency_key: format!("d{}", decision.decision_id),
        };
        client.submit_decision(with_token(req, &t.tokens[seat as usize])).await?;
    }
    bail!("no end after {MAX_DECISIONS} decisions")
}

/// As the operator (orchestrator key, NATS admin): append a legal decision of `seat`, signed by
/// the orchestrator but not by the seat. Returns its version.
async fn forge_decision(system: &System, t: &SignedTable, seat: u32, decision: &m::Decision, rng: &mut Rng) -> Result<u64> {
    let log = system.admin_log().await?;
    let stored = log.read(&t.match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    let last = stored.last().context("empty log")?;
    // The rules' state after the log, to write the events and "awaiting" the replay expects.
    let rules = engine::ruleset("mainframe").context("no mainframe")?;
    let mut state = Vec::new();
    for s in &stored {
        let c = l::Commit::decode(s.payload.as_ref())?;
        let step = match api::replay::rules_call(&c).map_err(|e| anyhow!("{e}"))? {
            api::replay::RulesCall::NewMatch(config) => rules.new_match(&config)?,
            api::replay::RulesCall::Apply(input) => rules.apply(&state, &input)?,
            _ => continue,
        };
        state = step.state;
    }
    let choice = random_choice(decision, rng)?;
    let input = r_decision(decision.decision_id, seat, &choice);
    let engine_input = api::convert::decision_input_from_proto(&input)?;
    let step = api::convert::step_to_proto(&rules.apply(&state, &engine_input)?, rules.rules_version());
    let forged = l::Commit {
        match_id: t.match_id.clone(),
        version: last.version + 1,
        input: Some(l::CommitInput {
            input: Some(l::commit_input::Input::Decision(l::SeatDecision {
                decision: Some(input),
                idempotency_key: "forged".into(),
                seat_signature: Vec::new(),
            })),
        }),
        events: step.events,
        rules_version: step.rules_version,
        written_at_ms: 1,
        awaiting: step.awaiting,
        log_format: fairness::chain::LOG_FORMAT_SIGNED,
        prev_hash: fairness::chain::commit_hash(&last.payload).to_vec(),
        ..Default::default()
    };
    let operator = orchestrator::keys::load_or_create(&system.orchestrator_key_file())?;
    let payload = fairness::chain::seal(&operator, &forged.encode_to_vec());
    log.append(&t.match_id, Some(last.sequence), &format!("forged-{}", last.version + 1), payload.into()).await.map_err(|e| anyhow!("{e}"))?;
    Ok(last.version + 1)
}

fn r_decision(decision_id: u64, seat: u32, choice: &m::Choice) -> api::rules_v1::DecisionInput {
    api::rules_v1::DecisionInput { decision_id, seat, choice: Some(choice.clone()) }
}

/// The export as the log reads now (the orchestrator refuses to export a forged log).
async fn export_from_log(system: &System, match_id: &str) -> Result<l::MatchExport> {
    let stored = system.admin_log().await?.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    Ok(l::MatchExport {
        match_id: match_id.into(),
        commits: stored.iter().map(|s| l::Commit::decode(s.payload.as_ref())).collect::<Result<_, _>>()?,
        stored_commits: stored.iter().map(|s| s.payload.to_vec()).collect(),
    })
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `JoinMatchRequest.seat_public_key`, `GetPendingDecisionResponse.chain_hash`,
/// `SubmitDecisionRequest.seat_signature`, `ConcedeMatchRequest.seat_signature`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_seats_decisions_need_its_signature_and_retries_are_answered_the_same() -> Result<()> {
    let system = System::start().await?;
    let t = create_signed_table(&system).await?;
    let mut rng = Rng(5);
    let (seat, decision) = play_until(&system, &t, &mut rng, |s| s == 0).await?.context("ended early")?;
    let (_, _, against) = pending_to_sign(&mut system.client().await?, &t.match_id, &t.tokens).await?.context("ended")?;
    let choice = random_choice(&decision, &mut rng)?;
    let good = signature(&t, seat, &decision, &choice, &against);
    let req = |sig: Vec<u8>| m::SubmitDecisionRequest {
        match_id: t.match_id.clone(),
        decision_id: decision.decision_id,
        choice: Some(choice.clone()),
        idempotency_key: "signed-1".into(),
        seat_signature: sig,
    };
    let mut client = system.client().await?;
    let before = system.log_len(&t.match_id).await?;
    let other_head = signature(&t, seat, &decision, &choice, &[0; 32]);
    let mut flipped = good.clone();
    flipped[3] ^= 1;
    for (what, sig) in [("missing", Vec::new()), ("against another head", other_head), ("flipped", flipped), ("short", vec![1; 10])] {
        let err = client.submit_decision(with_token(req(sig), &t.tokens[0])).await.expect_err(what);
        assert_eq!(err.code(), Code::Unauthenticated, "{what}: {err:?}");
        assert!(err.message().contains(&hex::encode(t.seat0.public_key())), "{what}: {}", err.message());
    }
    assert_eq!(system.log_len(&t.match_id).await?, before, "nothing logged for a refused signature");
    let first = client.submit_decision(with_token(req(good.clone()), &t.tokens[0])).await?.into_inner();
    let again = client.submit_decision(with_token(req(good.clone()), &t.tokens[0])).await?.into_inner();
    assert_eq!(again, first, "a retried identical signed request is answered the same");
    let err = client.submit_decision(with_token(req(Vec::new()), &t.tokens[0])).await.expect_err("retry without the signature");
    assert_eq!(err.code(), Code::Unauthenticated);
    // The logged decision carries the signature.
    let export = export_from_log(&system, &t.match_id).await?;
    let logged = export.commits.get(before).context("the decision's commit")?;
    match logged.input.as_ref().and_then(|i| i.input.as_ref()) {
        Some(l::commit_input::Input::Decision(d)) => assert_eq!(d.seat_signature, good),
        other => bail!("version {}: not the decision: {other:?}", before + 1),
    }
    // A concession of the signed seat needs its signature too.
    let conceded = m::ConcedeMatchRequest { match_id: t.match_id.clone(), seat_signature: Vec::new() };
    let err = client.concede_match(with_token(conceded, &t.tokens[0])).await.expect_err("unsigned concession");
    assert_eq!(err.code(), Code::Unauthenticated);
    let view = client.get_match(with_token(m::GetMatchRequest { match_id: t.match_id.clone(), version: 0 }, &t.tokens[0])).await?.into_inner();
    let head: [u8; 32] = view.chain_hash.as_slice().try_into()?;
    let signed = sign_act(&t.seat0, &t.match_id, 0, &head, Act::Concession).to_vec();
    let conceded = m::ConcedeMatchRequest { match_id: t.match_id.clone(), seat_signature: signed };
    let done = client.concede_match(with_token(conceded, &t.tokens[0])).await?.into_inner();
    assert_eq!(done.status, m::MatchStatus::Ended as i32);
    // The whole match audits, seat 0 signed, seat 1 not.
    let bytes = client.export_match(m::ExportMatchRequest { match_id: t.match_id.clone() }).await?.into_inner().export;
    let report = cli::audit::audit_export(&l::MatchExport::decode(bytes.as_slice())?, None)?;
    let lines: Vec<String> = report.checks.iter().map(|c| c.to_string()).collect();
    let key = hex::encode(t.seat0.public_key());
    assert!(lines.iter().any(|l| l.contains(&format!("seat 0 (Bot 1): every move signed by the seat's key {key}"))), "{lines:#?}");
    assert!(lines.iter().any(|l| l.contains("seat 1 (Bot 2): unsigned seat")), "{lines:#?}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_malicious_operator_cannot_write_a_signed_seats_move_and_an_unsigned_seats_forgery_is_reported_as_unsigned() -> Result<()> {
    let mut system = System::start().await?;
    let t = create_signed_table(&system).await?;
    let mut rng = Rng(9);

    // The unsigned seat 1: the operator's decision is legal and orchestrator-signed, so the
    // replay takes it; the audit can only say the seat is unsigned.
    let (seat, decision) = play_until(&system, &t, &mut rng, |s| s == 1).await?.context("ended early")?;
    let unsigned_forgery = forge_decision(&system, &t, seat, &decision, &mut rng).await?;
    system.kill_orchestrator().await?;
    system.start_orchestrator().await?;
    let mut client = system.client().await?;
    let view = client.get_match(m::GetMatchRequest { match_id: t.match_id.clone(), version: 0 }).await?.into_inner();
    assert!(view.version >= unsigned_forgery, "the replay accepts the unsigned seat's forged move");

    // The signed seat 0: the same forgery is refused by the replay, naming its version.
    let (seat, decision) = play_until(&system, &t, &mut rng, |s| s == 0).await?.context("ended early")?;
    let signed_forgery = forge_decision(&system, &t, seat, &decision, &mut rng).await?;
    system.kill_orchestrator().await?;
    system.start_orchestrator().await?;
    let mut client = system.client().await?;
    let err = client.get_match(m::GetMatchRequest { match_id: t.match_id.clone(), version: 0 }).await.expect_err("forged");
    assert_eq!(err.code(), Code::DataLoss, "{err:?}");
    assert!(err.message().contains(&format!("version {signed_forgery}")), "{}", err.message());
    assert!(err.message().contains("not signed by the seat's key"), "{}", err.message());

    // The audit rejects it too, naming the version, and says seat 1 is unsigned.
    let export = export_from_log(&system, &t.match_id).await?;
    let err = cli::audit::audit_export(&export, None).expect_err("forged");
    assert!(matches!(&err.failure, cli::audit::AuditFailure::SeatSignature { version, .. } if *version == signed_forgery), "{err}");
    assert!(err.to_string().contains(&format!("version {signed_forgery}")), "{err}");
    let lines: Vec<String> = err.report.checks.iter().map(|c| c.to_string()).collect();
    assert!(lines.iter().any(|l| l.contains("seat 1 (Bot 2): unsigned seat")), "{lines:#?}");
    assert!(!lines.iter().any(|l| l.contains("seat 1 (Bot 2): every move signed")), "{lines:#?}");
    Ok(())
}
