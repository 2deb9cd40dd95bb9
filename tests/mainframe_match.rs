//! End-to-end: whole `mainframe` matches over gRPC through the three services and a real
//! nats-server, each test with its own system on free loopback ports.

use std::collections::BTreeMap;

use anyhow::{anyhow, Result};
use api::match_v1 as m;
use prost::Message;
mod harness;

use harness::{create_and_join, pending, play_one, random_choice, with_token, Rng, System};
use tonic::Code;

/// A random-legal bot match ends well within this many decisions.
const MAX_DECISIONS: usize = 5_000;

async fn play_to_end(system: &System, table: &harness::Table, rng: &mut Rng) -> Result<usize> {
    let mut client = system.client().await?;
    for n in 0..MAX_DECISIONS {
        if play_one(&mut client, table, rng).await?.is_none() {
            return Ok(n);
        }
    }
    Err(anyhow!("no winner after {MAX_DECISIONS} decisions"))
}

async fn export(system: &System, match_id: &str) -> Result<Vec<u8>> {
    let mut client = system.client().await?;
    Ok(client.export_match(m::ExportMatchRequest { match_id: match_id.into() }).await?.into_inner().export)
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): `SeatSpec.deck`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_match_over_grpc_ends_with_a_winner_and_passes_the_audit() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let decisions = play_to_end(&system, &table, &mut Rng(7)).await?;
    assert!(decisions > 0);

    let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::Ended as i32);
    assert!(!view.result.is_empty(), "an ended match says who won");

    let bytes = export(&system, &table.match_id).await?;
    let report = cli::audit::audit_export(&api::log_v1::MatchExport::decode(bytes.as_slice())?, Some(&table.public_key))?;
    assert!(report.draws > 0, "a mainframe match shuffles decks: {report:?}");
    assert_eq!(report.commits as usize, system.log_len(&table.match_id).await?);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tampered_draw_fails_the_audit_naming_the_draw() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    play_to_end(&system, &table, &mut Rng(11)).await?;
    let bytes = export(&system, &table.match_id).await?;
    let mut export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    // Change one value of the second draw (a shuffle): swap its first two positions.
    let (version, draw) = export
        .commits
        .iter_mut()
        .filter_map(|c| match c.input.as_mut().and_then(|i| i.input.as_mut()) {
            Some(api::log_v1::commit_input::Input::Draw(d)) => Some((c.version, d)),
            _ => None,
        })
        .nth(1)
        .ok_or_else(|| anyhow!("the match has fewer than two draws"))?;
    draw.values.swap(0, 1);
    let index = draw.request.as_ref().map(|r| r.index).unwrap_or_default();
    // The signed log: the edited commit no longer matches its stored, signed bytes.
    let err = cli::audit::audit_export(&export, Some(&table.public_key)).expect_err("a changed draw fails the audit").to_string();
    assert!(err.contains(&format!("version {version}")), "the audit names the version it rejects: {err}");
    // Without the chain (as in an unsigned, format-1 log), the draw check itself names the draw.
    export.stored_commits.clear();
    for c in &mut export.commits {
        c.log_format = 0;
        c.prev_hash.clear();
        c.signature.clear();
    }
    let err = cli::audit::audit_export(&export, Some(&table.public_key)).expect_err("a changed draw fails the audit").to_string();
    assert!(err.contains(&format!("draw {index}")), "the audit names the draw it rejects: {err}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_orchestrator_killed_mid_match_is_replaced_and_the_match_goes_on_from_the_log() -> Result<()> {
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 3).await?;
    let mut rng = Rng(3);
    for _ in 0..40 {
        play_one(&mut client, &table, &mut rng).await?;
    }
    let before = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    let logged = system.log_len(&table.match_id).await?;

    system.kill_orchestrator().await?;
    system.start_orchestrator().await?;

    let mut client = system.client().await?;
    let after = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(after.version, before.version, "nothing lost, nothing doubled");
    assert_eq!(after.state_json, before.state_json);
    assert_eq!(system.log_len(&table.match_id).await?, logged);

    play_to_end(&system, &table, &mut rng).await?;
    let bytes = export(&system, &table.match_id).await?;
    let report = cli::audit::audit_export(&api::log_v1::MatchExport::decode(bytes.as_slice())?, Some(&table.public_key))?;
    assert_eq!(report.commits as usize, system.log_len(&table.match_id).await?);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_answering_the_same_decision_one_wins_the_other_is_aborted() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let token = table.tokens[seat].clone();
    let submit = |key: &str| {
        let mut c = client.clone();
        let choice = random_choice(&decision, &mut Rng(5));
        let req = choice.map(|choice| {
            with_token(
                m::SubmitDecisionRequest {
                    match_id: table.match_id.clone(),
                    decision_id: decision.decision_id,
                    choice: Some(choice),
                    idempotency_key: key.to_string(),
                    ..Default::default()
                },
                &token,
            )
        });
        async move { c.submit_decision(req?).await.map_err(anyhow::Error::from) }
    };
    let (a, b) = tokio::join!(submit("client-a"), submit("client-b"));
    let codes: Vec<Option<Code>> = [&a, &b].iter().map(|r| r.as_ref().err().and_then(|e| e.downcast_ref::<tonic::Status>()).map(|s| s.code())).collect();
    assert_eq!(codes.iter().filter(|c| c.is_none()).count(), 1, "exactly one succeeds: {a:?} {b:?}");
    assert!(codes.contains(&Some(Code::Aborted)), "the other is ABORTED: {a:?} {b:?}");
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `GetMatchRequest.version`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_rebuilt_at_every_version_equals_the_state_seen_live() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(21);
    let mut live = BTreeMap::new();
    // A whole match, from creation to the revealed secret.
    let last = loop {
        let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
        let version = view.version;
        live.insert(version, view.state_json);
        if play_one(&mut client, &table, &mut rng).await?.is_none() {
            break version;
        }
    };
    for version in 1..=last {
        let past = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version }).await?.into_inner();
        assert_eq!(past.version, version);
        if let Some(state) = live.get(&version) {
            assert_eq!(&past.state_json, state, "state at version {version}");
        }
    }
    assert!(live.len() > 20, "most versions were seen live: {}", live.len());
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): the file's comment,
/// `Decision.decision_id`, `PickSpec`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_a_clear_status_and_leaves_the_log_unchanged() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let id = table.match_id.clone();
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let other = 1 - seat;
    let good = random_choice(&decision, &mut Rng(1))?;
    let submit = |decision_id: u64, choice: Option<m::Choice>| m::SubmitDecisionRequest {
        match_id: id.clone(),
        decision_id,
        choice,
        idempotency_key: String::new(),
        ..Default::default()
    };
    let before = system.log_len(&id).await?;

    let expect = |r: Result<tonic::Response<m::SubmitDecisionResponse>, tonic::Status>, code: Code, what: &str| {
        let err = r.expect_err(what);
        assert_eq!(err.code(), code, "{what}: {}", err.message());
        assert!(!err.message().is_empty(), "{what}: the message says what is wrong");
    };
    // An unknown match.
    let r = client.get_match(m::GetMatchRequest { match_id: "no-such-match".into(), version: 0 }).await;
    assert_eq!(r.expect_err("unknown match").code(), Code::NotFound);
    // No token, then a wrong token.
    expect(client.submit_decision(submit(decision.decision_id, Some(good.clone()))).await, Code::Unauthenticated, "no token");
    expect(client.submit_decision(with_token(submit(decision.decision_id, Some(good.clone())), "seat_wrong")).await, Code::Unauthenticated, "wrong token");
    // Another seat's decision.
    expect(
        client.submit_decision(with_token(submit(decision.decision_id, Some(good.clone())), &table.tokens[other])).await,
        Code::PermissionDenied,
        "another seat's decision",
    );
    // A malformed choice: an option that was never offered, then no choice at all.
    let bogus = m::Choice { value: Some(m::choice::Value::Pick(m::PickChoice { option_ids: vec!["no-such-option".into()] })) };
    expect(
        client.submit_decision(with_token(submit(decision.decision_id, Some(bogus)), &table.tokens[seat])).await,
        Code::InvalidArgument,
        "an option that was not offered",
    );
    expect(client.submit_decision(with_token(submit(decision.decision_id, None), &table.tokens[seat])).await, Code::InvalidArgument, "no choice");
    // A stale decision id.
    expect(
        client.submit_decision(with_token(submit(decision.decision_id.wrapping_sub(1), Some(good.clone())), &table.tokens[seat])).await,
        Code::Aborted,
        "a stale decision id",
    );
    assert_eq!(system.log_len(&id).await?, before, "refused input changes nothing");

    // A decision after the match ended.
    play_to_end(&system, &table, &mut Rng(9)).await?;
    let ended = system.log_len(&id).await?;
    expect(
        client.submit_decision(with_token(submit(decision.decision_id, Some(good)), &table.tokens[seat])).await,
        Code::FailedPrecondition,
        "a decision after the end",
    );
    assert_eq!(system.log_len(&id).await?, ended, "refused input changes nothing");
    Ok(())
}

/// match.proto, `SubmitDecisionRequest.idempotency_key`: "a repeated submission with the same
/// key is applied once. The repeat is answered with the match as it is when the repeat arrives:
/// the current version, the events from that decision's commit on (everything since, if the
/// match has moved on) and what comes next now". Also docs/log.md, "Seat-signed acts".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_submission_is_answered_with_the_match_as_it_is_now() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;
    let request = m::SubmitDecisionRequest {
        match_id: table.match_id.clone(),
        decision_id: decision.decision_id,
        choice: Some(random_choice(&decision, &mut Rng(2))?),
        idempotency_key: "retry-me".into(),
        ..Default::default()
    };
    let first = client.submit_decision(with_token(request.clone(), &table.tokens[seat])).await?.into_inner();
    let logged = system.log_len(&table.match_id).await?;
    // At once: nothing happened in between, so the repeat gets exactly the first answer.
    let second = client.submit_decision(with_token(request.clone(), &table.tokens[seat])).await?.into_inner();
    assert_eq!(second, first, "the retry right away gets the first answer");
    assert_eq!(system.log_len(&table.match_id).await?, logged, "and nothing is appended twice");

    // The match moves on (a few more decisions, whoever's they are); the same request again is
    // applied once still, and answered as of now: the current version, the first answer's
    // events followed by everything since, and what comes next now.
    let mut rng = Rng(3);
    let mut moved = 0;
    while moved < 3 && play_one(&mut client, &table, &mut rng).await?.is_some() {
        moved += 1;
    }
    let now = system.log_len(&table.match_id).await?;
    assert!(now as u64 > first.version, "the match moved on");
    let third = client.submit_decision(with_token(request, &table.tokens[seat])).await?.into_inner();
    assert_eq!(system.log_len(&table.match_id).await?, now, "the repeat logs nothing");
    assert_eq!(third.version, now as u64, "the current version, not the first answer's");
    assert!(third.events.len() > first.events.len(), "the events since come too");
    assert_eq!(&third.events[..first.events.len()], &first.events[..], "from that decision's commit on");
    let pending_now =
        client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: table.match_id.clone() }, &table.tokens[seat])).await?.into_inner();
    assert_eq!((third.next_decision, third.waiting_for_seat, third.chain_hash), (pending_now.decision, pending_now.waiting_for_seat, pending_now.chain_hash));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_that_disagrees_with_the_rules_is_reported_not_papered_over() -> Result<()> {
    use eventlog::EventLog;
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let (seat, decision) = pending(&mut client, &table).await?.ok_or_else(|| anyhow!("ended at once"))?;

    // Another writer appends a commit whose events are not what the rules produce.
    let log = system.admin_log().await?;
    let commits = log.read(&table.match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    let last = commits.last().ok_or_else(|| anyhow!("empty log"))?;
    let previous = api::log_v1::Commit::decode(last.payload.as_ref())?;
    let forged = api::log_v1::Commit {
        match_id: table.match_id.clone(),
        version: last.version + 1,
        input: Some(api::log_v1::CommitInput {
            input: Some(api::log_v1::commit_input::Input::Decision(api::log_v1::SeatDecision {
                decision: Some(api::rules_v1::DecisionInput {
                    decision_id: decision.decision_id,
                    seat: seat as u32,
                    choice: Some(random_choice(&decision, &mut Rng(4))?),
                }),
                idempotency_key: String::new(),
                ..Default::default()
            })),
        }),
        events: Vec::new(),
        rules_version: "forged".into(),
        awaiting: previous.awaiting.clone(),
        ..Default::default()
    };
    log.append(&table.match_id, Some(last.sequence), "forged", forged.encode_to_vec().into()).await.map_err(|e| anyhow!("{e}"))?;

    let err =
        client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await.expect_err("the replay check refuses the forged commit");
    assert_eq!(err.code(), Code::DataLoss, "{}", err.message());
    assert!(err.message().contains(&format!("version {}", last.version + 1)), "{}", err.message());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_service_serves_health_and_reflection() -> Result<()> {
    use tonic_health::pb::health_client::HealthClient;
    use tonic_health::pb::{health_check_response::ServingStatus, HealthCheckRequest};
    use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
    use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
    use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;
    use tonic_reflection::pb::v1::ServerReflectionRequest;

    let system = System::start().await?;
    let services = [
        (tonic::transport::Endpoint::from_shared(system.orchestrator_url()?)?.connect().await?, "arbiter.match.v1.MatchService"),
        (system.rules_channel().await?, "arbiter.rules.v1.RulesService"),
        (system.randomness_channel().await?, "arbiter.randomness.v1.RandomnessService"),
    ];
    for (channel, name) in services {
        let mut health = HealthClient::new(channel.clone());
        let status = health.check(HealthCheckRequest { service: name.into() }).await?.into_inner().status;
        assert_eq!(status, ServingStatus::Serving as i32, "{name} reports SERVING");

        let mut reflection = ServerReflectionClient::new(channel);
        let request = ServerReflectionRequest { host: String::new(), message_request: Some(MessageRequest::ListServices(String::new())) };
        let mut replies = reflection.server_reflection_info(futures::stream::iter([request])).await?.into_inner();
        let reply = replies.message().await?.ok_or_else(|| anyhow!("no reflection reply"))?;
        let Some(MessageResponse::ListServicesResponse(list)) = reply.message_response else {
            return Err(anyhow!("unexpected reflection reply from {name}"));
        };
        let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
        let mut names = names;
        names.sort();
        let mut expected = vec![name.to_string(), "grpc.health.v1.Health".into(), "grpc.reflection.v1.ServerReflection".into()];
        expected.sort();
        assert_eq!(names, expected, "reflection on {name}'s port lists exactly its own service, health and reflection");
    }
    Ok(())
}
