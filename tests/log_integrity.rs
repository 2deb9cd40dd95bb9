//! End-to-end: the log's integrity and the match API's answers to requests it must refuse, on a
//! real system (three services, a real nats-server): a draw the match does not await, a commit
//! forged onto a match subject, an idempotency key reused for another request, unknown
//! matches, and `WatchMatch` ending with the match.

use std::time::Duration;

use anyhow::{anyhow, Result};
use api::log_v1 as l;
use api::match_v1 as m;
use api::randomness_v1 as rnd;
use eventlog::EventLog;
use futures::StreamExt;
use prost::Message;
use tonic::Code;

mod access;
mod harness;
mod raw;

use harness::{create_and_join, pending, play_one, random_choice, with_token, Rng, System, Table};

/// A random-legal bot match ends well within this many decisions.
const MAX_DECISIONS: usize = 5_000;
/// Generous bound for a stream to end once it has nothing more to send (not a speed test).
const STREAM_END: Duration = Duration::from_secs(60);

async fn play_to_end(system: &System, table: &Table, rng: &mut Rng) -> Result<()> {
    let mut client = system.client().await?;
    for _ in 0..MAX_DECISIONS {
        if play_one(&mut client, table, rng).await?.is_none() {
            return Ok(());
        }
    }
    Err(anyhow!("no winner after {MAX_DECISIONS} decisions"))
}

fn input_of(c: &l::Commit) -> Option<&l::commit_input::Input> {
    c.input.as_ref().and_then(|i| i.input.as_ref())
}

/// The logged entropies and the draws of a match, read from NATS.
async fn logged(system: &System, match_id: &str) -> Result<(Vec<Vec<u8>>, Vec<api::rules_v1::DrawRequest>)> {
    let log = access::nats_log(system).await?;
    let mut entropies = Vec::new();
    let mut draws = Vec::new();
    for s in log.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))? {
        let c = l::Commit::decode(s.payload.as_ref())?;
        match input_of(&c) {
            Some(l::commit_input::Input::Joined(j)) => entropies.push(j.entropy.clone()),
            Some(l::commit_input::Input::Draw(d)) => draws.extend(d.request.clone()),
            _ => {}
        }
    }
    Ok((entropies, draws))
}

fn draw_kind(d: &api::rules_v1::DrawRequest) -> Option<rnd::draw_request::Kind> {
    match d.kind {
        Some(api::rules_v1::draw_request::Kind::Range(n)) => Some(rnd::draw_request::Kind::Range(n)),
        Some(api::rules_v1::draw_request::Kind::Shuffle(n)) => Some(rnd::draw_request::Kind::Shuffle(n)),
        None => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_randomness_service_draws_only_what_the_log_awaits() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (entropies, draws) = logged(&system, &table.match_id).await?;
    let first = draws.first().ok_or_else(|| anyhow!("the match started without a draw"))?.clone();
    let next = draws.len() as u64;
    let mut randomness = access::randomness_client(&system).await?;
    let ask = |index: u64, purpose: &str, kind: Option<rnd::draw_request::Kind>, seat_entropies: Vec<Vec<u8>>| rnd::DrawRequest {
        match_id: table.match_id.clone(),
        seat_entropies,
        index,
        purpose: purpose.into(),
        kind,
    };
    // The match now awaits a decision: no draw at all, not the next index, not one already
    // logged, with whatever purpose, kind or entropies.
    let refused = [
        ask(next, &first.purpose, draw_kind(&first), entropies.clone()),
        ask(next + 5, "deal", Some(rnd::draw_request::Kind::Range(20)), entropies.clone()),
        ask(first.index, &first.purpose, draw_kind(&first), entropies.clone()),
        ask(next, &first.purpose, draw_kind(&first), vec![vec![7; 32], vec![8; 32]]),
    ];
    for req in refused {
        let err = randomness.draw(req.clone()).await.expect_err("a draw the log does not await");
        assert_eq!(err.code(), Code::FailedPrecondition, "{req:?}: {}", err.message());
        assert!(err.message().contains("does not await this draw"), "{}", err.message());
    }
    // An unknown match, and a reveal before the end.
    let err = randomness
        .draw(rnd::DrawRequest { match_id: "no-such-match".into(), ..ask(0, "x", Some(rnd::draw_request::Kind::Range(6)), entropies.clone()) })
        .await
        .expect_err("unknown");
    assert_eq!(err.code(), Code::NotFound, "{}", err.message());
    let err = randomness.reveal(rnd::RevealRequest { match_id: table.match_id.clone() }).await.expect_err("not ended");
    assert_eq!(err.code(), Code::FailedPrecondition, "{}", err.message());
    // The draws the match does await are answered: the match plays to its end.
    play_to_end(&system, &table, &mut Rng(21)).await?;
    Ok(())
}

/// A commit appended by someone who can publish to NATS but does not hold the orchestrator's
/// key: well formed, chained to the last commit, signed with the forger's own key, and one the
/// rules accept on replay (no events, nothing awaited changes): seat 0 "joins" again with the
/// forger's token, which would hand them the seat.
const FORGED_TOKEN: &str = "seat_forged";

fn sha256(bytes: &[u8]) -> Vec<u8> {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).to_vec()
}

async fn forge_commit(system: &System, match_id: &str) -> Result<u64> {
    let log = access::nats_log(system).await?;
    let stored = log.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    let last = stored.last().ok_or_else(|| anyhow!("empty log"))?;
    let previous = l::Commit::decode(last.payload.as_ref())?;
    let forged = l::Commit {
        match_id: match_id.into(),
        version: last.version + 1,
        input: Some(l::CommitInput {
            input: Some(l::commit_input::Input::Joined(l::SeatJoined {
                seat: 0,
                entropy: vec![0x66; 32],
                token_hash: sha256(FORGED_TOKEN.as_bytes()),
                ..Default::default()
            })),
        }),
        awaiting: previous.awaiting.clone(),
        log_format: fairness::chain::LOG_FORMAT_SIGNED,
        prev_hash: fairness::chain::commit_hash(&last.payload).to_vec(),
        ..Default::default()
    };
    let forger = fairness::Signer::from_seed(&[0x66; 32]);
    let payload = fairness::chain::seal(&forger, &forged.encode_to_vec());
    log.append(match_id, Some(last.sequence), "forged", payload.into()).await.map_err(|e| anyhow!("{e}"))?;
    Ok(last.version + 1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_forged_onto_a_match_subject_is_data_loss_naming_its_version() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    play_one(&mut client, &table, &mut Rng(5)).await?;
    // The orchestrator has the match in memory: it must catch the forgery on catch-up.
    let version = forge_commit(&system, &table.match_id).await?;
    let named = format!("version {version}");
    let err = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await.expect_err("forged");
    assert_eq!(err.code(), Code::DataLoss, "{}", err.message());
    assert!(err.message().contains(&named), "{}", err.message());
    // And again on a rebuild from the log (the match is no longer cached): the forger's token
    // gets nothing.
    let err =
        client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: table.match_id.clone() }, FORGED_TOKEN)).await.expect_err("forged");
    assert_eq!(err.code(), Code::DataLoss, "{}", err.message());
    assert!(err.message().contains(&named), "{}", err.message());
    // The randomness service does not trust the forged commit either.
    let mut randomness = access::randomness_client(&system).await?;
    let err = randomness.reveal(rnd::RevealRequest { match_id: table.match_id.clone() }).await.expect_err("forged");
    assert_eq!(err.code(), Code::DataLoss, "{}", err.message());
    assert!(err.message().contains(&named), "{}", err.message());
    // A watcher is told, and the stream ends there.
    let mut watch = client.watch_match(m::WatchMatchRequest { match_id: table.match_id.clone(), from_version: 0 }).await;
    if let Ok(stream) = watch.as_mut() {
        let items: Vec<_> = tokio::time::timeout(STREAM_END, stream.get_mut().collect::<Vec<_>>()).await?;
        let last = items.last().ok_or_else(|| anyhow!("no items"))?;
        let err = last.as_ref().expect_err("the stream ends with the forgery");
        assert_eq!(err.code(), Code::DataLoss, "{}", err.message());
    } else if let Err(err) = watch {
        assert_eq!(err.code(), Code::DataLoss, "{}", err.message());
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_of_an_export_with_a_forged_commit_names_its_version() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    play_to_end(&system, &table, &mut Rng(6)).await?;
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let honest = l::MatchExport::decode(bytes.as_slice())?;
    let report = cli::audit::audit_export_pinned(&honest, Some(&table.public_key), None)?;
    assert_eq!(report.log_format, 2);
    // Pinned to the orchestrator key the log names: passes.
    let key = hex::decode(&report.orchestrator_key)?;
    cli::audit::audit_export_pinned(&honest, Some(&table.public_key), Some(&key))?;

    // A commit forged onto the ended match, and the export as the log now reads.
    let version = forge_commit(&system, &table.match_id).await?;
    let stored = access::nats_log(&system).await?.read(&table.match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    let forged = l::MatchExport {
        match_id: table.match_id.clone(),
        commits: stored.iter().map(|s| l::Commit::decode(s.payload.as_ref())).collect::<Result<_, _>>()?,
        stored_commits: stored.iter().map(|s| s.payload.to_vec()).collect(),
    };
    let err = cli::audit::audit_export(&forged, Some(&table.public_key)).expect_err("forged");
    assert!(matches!(err.failure, cli::audit::AuditFailure::Chain { version: v, .. } if v == version), "{err}");
    assert!(err.to_string().contains(&format!("version {version}")), "{err}");
    // The orchestrator refuses to export it.
    let err = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await.expect_err("forged");
    assert_eq!(err.code(), Code::DataLoss, "{}", err.message());
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `SubmitDecisionRequest.idempotency_key`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idempotency_key_reused_for_another_request_is_refused() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let choice = random_choice(&decision, &mut Rng(1))?;
    let submit = |decision_id: u64, choice: m::Choice| {
        with_token(
            m::SubmitDecisionRequest {
                match_id: table.match_id.clone(),
                decision_id,
                choice: Some(choice),
                idempotency_key: "key-1".into(),
                ..Default::default()
            },
            &table.tokens[seat],
        )
    };
    let first = client.submit_decision(submit(decision.decision_id, choice.clone())).await?.into_inner();
    let logged = system.log_len(&table.match_id).await?;
    // The same request again: the first answer, nothing appended.
    let again = client.submit_decision(submit(decision.decision_id, choice.clone())).await?.into_inner();
    assert_eq!(again.version, first.version);
    assert_eq!(again.events, first.events);
    // Another choice under the same key, and another decision under the same key.
    let other = m::Choice { value: Some(m::choice::Value::Pick(m::PickChoice { option_ids: vec!["something-else".into()] })) };
    for (what, req) in [("another choice", submit(decision.decision_id, other)), ("another decision", submit(decision.decision_id + 1, choice.clone()))] {
        let err = client.submit_decision(req).await.expect_err(what);
        assert_eq!(err.code(), Code::AlreadyExists, "{what}: {}", err.message());
        assert!(err.message().contains("key-1") && err.message().contains("new key"), "{}", err.message());
    }
    assert_eq!(system.log_len(&table.match_id).await?, logged, "refused requests append nothing");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_match_is_not_found_on_every_rpc() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let id = || "0123456789abcdef0123456789abcdef".to_string();
    let codes = [
        ("GetMatch", client.get_match(m::GetMatchRequest { match_id: id(), version: 0 }).await.err().map(|e| e.code())),
        (
            "JoinMatch",
            client
                .join_match(m::JoinMatchRequest { match_id: id(), seat: 0, join_code: "join_x".into(), entropy: vec![1; 32], ..Default::default() })
                .await
                .err()
                .map(|e| e.code()),
        ),
        (
            "GetPendingDecision",
            client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: id() }, "seat_x")).await.err().map(|e| e.code()),
        ),
        (
            "SubmitDecision",
            client.submit_decision(with_token(m::SubmitDecisionRequest { match_id: id(), ..Default::default() }, "seat_x")).await.err().map(|e| e.code()),
        ),
        ("WatchMatch", client.watch_match(m::WatchMatchRequest { match_id: id(), from_version: 0 }).await.err().map(|e| e.code())),
        ("ExportMatch", client.export_match(m::ExportMatchRequest { match_id: id() }).await.err().map(|e| e.code())),
    ];
    for (rpc, code) in codes {
        assert_eq!(code, Some(Code::NotFound), "{rpc}");
    }
    // A malformed id is still INVALID_ARGUMENT.
    let err = client.get_match(m::GetMatchRequest { match_id: "no/such".into(), version: 0 }).await.expect_err("bad id");
    assert_eq!(err.code(), Code::InvalidArgument);
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `WatchMatchRequest.from_version`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_match_ends_after_the_final_commit() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    // A watch started before the end...
    let live = client.watch_match(m::WatchMatchRequest { match_id: table.match_id.clone(), from_version: 0 }).await?.into_inner();
    let collector = tokio::spawn(async move { live.collect::<Vec<_>>().await });
    play_to_end(&system, &table, &mut Rng(8)).await?;
    let last = system.log_len(&table.match_id).await? as u64;
    let items = tokio::time::timeout(STREAM_END, collector).await??;
    let versions: Vec<u64> = items.into_iter().map(|u| u.map(|u| u.version)).collect::<Result<_, _>>()?;
    assert_eq!(versions, (1..=last).collect::<Vec<_>>(), "every version once, then the end");

    // ...and watches started after it, from the start and from the last version.
    for from in [0, last - 1, last, last + 10] {
        let stream = client.watch_match(m::WatchMatchRequest { match_id: table.match_id.clone(), from_version: from }).await?.into_inner();
        let items = tokio::time::timeout(STREAM_END, stream.collect::<Vec<_>>()).await?;
        let versions: Vec<u64> = items.into_iter().map(|u| u.map(|u| u.version)).collect::<Result<_, _>>()?;
        assert_eq!(versions, (from + 1..=last).collect::<Vec<_>>(), "from {from}");
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_server_refuses_bad_bodies_with_a_clear_status() -> Result<()> {
    let system = System::start().await?;
    let public = tonic::transport::Endpoint::from_shared(system.orchestrator_url()?)?.connect().await?;
    let randomness = access::randomness_channel(&system).await?;
    let rules = access::rules_channel(&system).await?;
    // Field 1 as a length-delimited field whose length runs past the end: never decodes.
    let garbage = vec![0x0a, 0xff, 0x01, 0x00];
    let cases = [
        (&public, "/arbiter.match.v1.MatchService/GetMatch", garbage.clone(), Code::InvalidArgument),
        (&public, "/arbiter.match.v1.MatchService/GetMatch", vec![0x0a; 100 * 1024], Code::ResourceExhausted),
        (&randomness, "/arbiter.randomness.v1.RandomnessService/Draw", garbage.clone(), Code::InvalidArgument),
        (&randomness, "/arbiter.randomness.v1.RandomnessService/Draw", vec![0x0a; 100 * 1024], Code::ResourceExhausted),
        (&rules, "/arbiter.rules.v1.RulesService/Apply", garbage.clone(), Code::InvalidArgument),
    ];
    for (channel, path, body, expected) in cases {
        let len = body.len();
        let err = raw::send(channel, path, body, false).await.expect_err("refused");
        assert_eq!(err.code(), expected, "{path} with {len} bytes: {}", err.message());
        assert!(err.message().len() < 300, "{}", err.message());
    }
    Ok(())
}
