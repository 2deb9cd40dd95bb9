//! End-to-end: a tournament round through the public API (docs/tournaments.md).
//! Eight matches of one round (both games) are created with the platform key, listed and
//! paginated by ListMatches, played concurrently, and ended by match control: a concession,
//! a platform's ruling, a clock, the round time limit (mainframe's house rule and netrunner's
//! tournament time procedure), each exported and audited offline. The
//! platform key is enforced (UNAUTHENTICATED without it, PERMISSION_DENIED with another).

mod harness;

use std::collections::BTreeSet;

use anyhow::{anyhow, ensure, Result};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use harness::{platform, play_one, with_token, Rng, System, Table};
use prost::Message;
use tonic::transport::Channel;
use tonic::Code;

const TOURNAMENT: &str = "spring-26_open";

/// Create a match of `ruleset` at `round`/`table` of `tournament` and join both seats.
async fn create_at(
    client: &mut MatchServiceClient<Channel>,
    ruleset: &str,
    tournament: &str,
    round: u32,
    table: u32,
    options: &[(&str, i64)],
) -> Result<Table> {
    let request = m::CreateMatchRequest {
        ruleset: ruleset.into(),
        seats: vec![m::SeatSpec { name: "Ana".into(), ..Default::default() }, m::SeatSpec { name: "Ben".into(), ..Default::default() }],
        options: options.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        tournament_id: tournament.into(),
        round,
        table,
        labels: [("stage".to_string(), "swiss".to_string())].into_iter().collect(),
    };
    harness::create_and_join_request(client, request).await
}

/// Every match ListMatches returns for `req`, page by page; also returns the page sizes.
async fn list_all(client: &mut MatchServiceClient<Channel>, mut req: m::ListMatchesRequest) -> Result<(Vec<m::MatchSummary>, Vec<usize>)> {
    let (mut all, mut pages) = (Vec::new(), Vec::new());
    loop {
        let page = client.list_matches(platform(req.clone())).await?.into_inner();
        pages.push(page.matches.len());
        all.extend(page.matches);
        if page.next_page_token.is_empty() {
            return Ok((all, pages));
        }
        ensure!(pages.len() < 100, "ListMatches never ends");
        req.page_token = page.next_page_token;
    }
}

/// Export an ended match and audit it offline (also through the JSON export); returns the
/// last commit's input kind and the outcome text of the audit.
async fn export_and_audit(client: &mut MatchServiceClient<Channel>, table: &Table) -> Result<(api::log_v1::Commit, cli::audit::AuditReport)> {
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    let report = cli::audit::audit_export(&export, Some(&table.public_key))?;
    // The readable JSON export carries match control too, and audits the same.
    let again = cli::export::from_json_str(&cli::export::to_json_string(&export)?)?;
    cli::audit::audit_export(&again, Some(&table.public_key))?;
    // The commit that ended the match (the last one is the reveal).
    let n = export.commits.len();
    let ending = export.commits.get(n.saturating_sub(2)).cloned().ok_or_else(|| anyhow!("empty export"))?;
    Ok((ending, report))
}

fn ended_by(commit: &api::log_v1::Commit) -> Option<&api::log_v1::commit_input::Input> {
    commit.input.as_ref().and_then(|i| i.input.as_ref())
}

fn outcome(commit: &api::log_v1::Commit) -> Option<api::rules_v1::Outcome> {
    match commit.awaiting.as_ref().and_then(|a| a.what.as_ref()) {
        Some(api::rules_v1::awaiting::What::Ended(o)) => Some(o.clone()),
        _ => None,
    }
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `ExportMatchResponse.export`, `MatchSummary`, `ListMatchesRequest.page_token`, `ConcedeMatch`,
/// `AdjudicateMatchRequest.winners`, `AdjudicateMatch`, `WatchMatches`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_of_eight_is_listed_played_concurrently_and_ended_by_match_control() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;

    // The platform key is required for platform operations.
    let bare = m::ListMatchesRequest { tournament_id: TOURNAMENT.into(), ..Default::default() };
    let err = client.list_matches(bare.clone()).await.expect_err("no key");
    assert_eq!(err.code(), Code::Unauthenticated, "{}", err.message());
    let err = client.list_matches(with_token(bare.clone(), "platform_wrong")).await.expect_err("wrong key");
    assert_eq!(err.code(), Code::PermissionDenied, "{}", err.message());
    let err = client
        .create_match(m::CreateMatchRequest { ruleset: "mainframe".into(), seats: vec![Default::default(); 2], ..Default::default() })
        .await
        .expect_err("no key");
    assert_eq!(err.code(), Code::Unauthenticated, "{}", err.message());
    // A tournament id must be a safe NATS subject token.
    let err = client
        .create_match(platform(m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: vec![Default::default(); 2],
            tournament_id: "spring.26".into(),
            ..Default::default()
        }))
        .await
        .expect_err("a dot");
    assert_eq!(err.code(), Code::InvalidArgument, "{}", err.message());

    // WatchMatches, opened before the round exists, follows exactly the round's matches.
    let err = client.watch_matches(m::WatchMatchesRequest { tournament_id: TOURNAMENT.into(), round: 1, ..Default::default() }).await.expect_err("no key");
    assert_eq!(err.code(), Code::Unauthenticated, "{}", err.message());
    let mut watch =
        client.watch_matches(platform(m::WatchMatchesRequest { tournament_id: TOURNAMENT.into(), round: 1, ..Default::default() })).await?.into_inner();
    let collector = tokio::spawn(async move {
        let mut versions: std::collections::BTreeMap<String, Vec<u64>> = Default::default();
        let mut ended = BTreeSet::new();
        while ended.len() < 8 {
            let Some(u) = watch.message().await? else { anyhow::bail!("the watch ended early") };
            let update = u.update.ok_or_else(|| anyhow!("an update without its match update"))?;
            // Spectators never get a decision's options.
            ensure!(update.pending.as_ref().is_none_or(|d| d.spec.is_none() && d.prompt.is_empty()), "options leaked");
            versions.entry(u.match_id.clone()).or_default().push(update.version);
            if update.status == m::MatchStatus::Ended as i32 {
                ended.insert(u.match_id);
            }
        }
        anyhow::Ok((versions, ended))
    });

    // Round 1: eight tables, both games; and two matches that are not of round 1.
    let mut round = Vec::new();
    for table in 1..=8u32 {
        let ruleset = if table % 2 == 0 { "netrunner" } else { "mainframe" };
        round.push((ruleset, create_at(&mut client, ruleset, TOURNAMENT, 1, table, &[]).await?));
    }
    let other_round = create_at(&mut client, "mainframe", TOURNAMENT, 2, 1, &[]).await?;
    let other_tournament = create_at(&mut client, "mainframe", "another", 1, 1, &[]).await?;
    let round_ids: BTreeSet<String> = round.iter().map(|(_, t)| t.match_id.clone()).collect();

    // ListMatches sees exactly the round, in pages of at most 3, with its metadata.
    let by_round = m::ListMatchesRequest { tournament_id: TOURNAMENT.into(), round: 1, page_size: 3, ..Default::default() };
    let (listed, pages) = list_all(&mut client, by_round.clone()).await?;
    assert_eq!(pages, vec![3, 3, 2], "pages of 3");
    assert_eq!(listed.iter().map(|s| s.match_id.clone()).collect::<BTreeSet<_>>(), round_ids);
    for s in &listed {
        assert_eq!((s.tournament_id.as_str(), s.round), (TOURNAMENT, 1));
        assert_eq!(s.labels.get("stage").map(String::as_str), Some("swiss"));
        assert_eq!(s.status, m::MatchStatus::InProgress as i32, "{s:?}");
        let (ruleset, _) = round.iter().find(|(_, t)| t.match_id == s.match_id).ok_or_else(|| anyhow!("unknown match"))?;
        assert_eq!(s.ruleset, *ruleset);
        assert!(s.table >= 1 && s.table <= 8);
    }
    let (tournament, _) = list_all(&mut client, m::ListMatchesRequest { tournament_id: TOURNAMENT.into(), ..Default::default() }).await?;
    assert_eq!(tournament.len(), 9, "the round and the other round");
    assert!(tournament.iter().any(|s| s.match_id == other_round.match_id));
    assert!(!tournament.iter().any(|s| s.match_id == other_tournament.match_id));
    let (netrunner, _) =
        list_all(&mut client, m::ListMatchesRequest { tournament_id: TOURNAMENT.into(), round: 1, ruleset: "netrunner".into(), ..Default::default() }).await?;
    assert_eq!(netrunner.len(), 4);
    // A token is opaque and bound to its filters.
    let first = client.list_matches(platform(by_round.clone())).await?.into_inner();
    let mut other_filters = m::ListMatchesRequest { round: 2, ..by_round.clone() };
    other_filters.page_token = first.next_page_token.clone();
    let err = client.list_matches(platform(other_filters)).await.expect_err("token of other filters");
    assert_eq!(err.code(), Code::InvalidArgument, "{}", err.message());
    let forged = m::ListMatchesRequest { page_token: "not-a-token".into(), ..by_round.clone() };
    let err = client.list_matches(platform(forged)).await.expect_err("forged token");
    assert_eq!(err.code(), Code::InvalidArgument, "{}", err.message());

    // The eight matches are played concurrently, each for a few decisions: too few for a game of
    // either ruleset to end by itself (random play once ended a netrunner table within 12, and
    // the match-control steps below need every table in play).
    let url = system.orchestrator_url()?;
    let mut tasks = Vec::new();
    for (i, (_, table)) in round.iter().enumerate() {
        let url = url.clone();
        let table = Table { match_id: table.match_id.clone(), tokens: table.tokens.clone(), public_key: table.public_key.clone() };
        tasks.push(tokio::spawn(async move {
            let mut client = MatchServiceClient::connect(url).await?;
            let mut rng = Rng(1000 + i as u64);
            let mut played = 0u32;
            while played < 6 && play_one(&mut client, &table, &mut rng).await?.is_some() {
                played += 1;
            }
            anyhow::Ok(played)
        }));
    }
    for task in tasks {
        let played = task.await??;
        assert!(played > 0, "every match was played");
    }

    // Table 1: seat 0 concedes (with its own seat token); seat 1 wins.
    let (_, t1) = &round[0];
    let err = client.concede_match(m::ConcedeMatchRequest { match_id: t1.match_id.clone(), ..Default::default() }).await.expect_err("no seat token");
    assert_eq!(err.code(), Code::Unauthenticated, "{}", err.message());
    let conceded =
        client.concede_match(with_token(m::ConcedeMatchRequest { match_id: t1.match_id.clone(), ..Default::default() }, &t1.tokens[0])).await?.into_inner();
    assert_eq!(conceded.status, m::MatchStatus::Ended as i32);
    assert!(conceded.result.contains("Ben won") && conceded.result.contains("conceded"), "{}", conceded.result);
    let err = client
        .concede_match(with_token(m::ConcedeMatchRequest { match_id: t1.match_id.clone(), ..Default::default() }, &t1.tokens[1]))
        .await
        .expect_err("nothing ends twice");
    assert_eq!(err.code(), Code::FailedPrecondition, "{}", err.message());
    let (ending, _) = export_and_audit(&mut client, t1).await?;
    assert!(matches!(ended_by(&ending), Some(api::log_v1::commit_input::Input::Conceded(c)) if c.seat == 0));
    assert_eq!(outcome(&ending).map(|o| o.winners), Some(vec![1]));

    // Table 2 (netrunner): the platform rules that nobody wins; seats cannot adjudicate.
    let (_, t2) = &round[1];
    let ruling = m::AdjudicateMatchRequest { match_id: t2.match_id.clone(), winners: vec![], ruling: "a judge call: both players agreed to a draw".into() };
    let err = client.adjudicate_match(with_token(ruling.clone(), &t2.tokens[0])).await.expect_err("a seat token is not the key");
    assert_eq!(err.code(), Code::PermissionDenied, "{}", err.message());
    let ruled = client.adjudicate_match(platform(ruling)).await?.into_inner();
    assert!(ruled.result.contains("no winner") && ruled.result.contains("judge call"), "{}", ruled.result);
    let (ending, _) = export_and_audit(&mut client, t2).await?;
    assert!(matches!(ended_by(&ending), Some(api::log_v1::commit_input::Input::Adjudicated(_))));
    // The event of the ruling is public: a spectator sees it in the match's view of events.
    assert!(ending.events.iter().any(|e| e.kind == "match.adjudicated"));

    // Tables 3 to 8: the platform ends the rest of the round with a ruling naming a winner.
    for (_, table) in &round[2..] {
        let ruled = client
            .adjudicate_match(platform(m::AdjudicateMatchRequest {
                match_id: table.match_id.clone(),
                winners: vec![0],
                ruling: "round over: the table reported Ana as the winner".into(),
            }))
            .await;
        // A match the bots finished within their decisions has ended already.
        match ruled {
            Ok(r) => assert_eq!(r.into_inner().status, m::MatchStatus::Ended as i32),
            Err(e) => assert_eq!(e.code(), Code::FailedPrecondition, "{}", e.message()),
        }
        export_and_audit(&mut client, table).await?;
    }

    // The watch saw every commit of each of the round's matches, in order, and nothing else.
    let (versions, ended_seen) = tokio::time::timeout(std::time::Duration::from_secs(120), collector).await???;
    assert_eq!(ended_seen, round_ids);
    assert_eq!(versions.keys().cloned().collect::<BTreeSet<_>>(), round_ids, "only the round's matches");
    for (match_id, seen) in &versions {
        let expected: Vec<u64> = (1..=seen.len() as u64).collect();
        assert_eq!(seen, &expected, "match {match_id}: every commit from the first, once, in order");
    }

    // Every match of the round is now listed as ended, and the other ones are not.
    let ended = m::ListMatchesRequest { tournament_id: TOURNAMENT.into(), status: m::MatchStatus::Ended as i32, ..Default::default() };
    let (listed, _) = list_all(&mut client, ended).await?;
    assert_eq!(listed.iter().map(|s| s.match_id.clone()).collect::<BTreeSet<_>>(), round_ids);
    assert!(listed.iter().all(|s| !s.result.is_empty()));
    Ok(())
}

/// Wait until the match `table` has ended (time is called by the next request on the match;
/// GetMatch is one). Time-based, but only in one direction: the clocks are 1 s, and the test
/// waits for at least that long, however slow the machine.
async fn ended_after_time(client: &mut MatchServiceClient<Channel>, table: &Table) -> Result<m::MatchView> {
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    for _ in 0..100 {
        let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
        if view.status == m::MatchStatus::Ended as i32 {
            return Ok(view);
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Err(anyhow!("match {} did not end on time", table.match_id))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_running_out_and_the_round_time_limit_end_matches_as_the_docs_say() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;

    // Bad time options are refused before anything is logged.
    for (options, what) in [(vec![("increment_s", 5)], "an increment without a clock"), (vec![("clock_s", -1)], "a negative clock")] {
        let err = client
            .create_match(platform(m::CreateMatchRequest {
                ruleset: "mainframe".into(),
                seats: vec![Default::default(); 2],
                options: options.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
                ..Default::default()
            }))
            .await
            .expect_err(what);
        assert_eq!(err.code(), Code::InvalidArgument, "{what}: {}", err.message());
    }

    // A chess clock of one second: the seat to decide lets it run out and loses.
    let clocked = create_at(&mut client, "mainframe", TOURNAMENT, 3, 1, &[("clock_s", 1), ("increment_s", 0)]).await?;
    let first = client.get_match(m::GetMatchRequest { match_id: clocked.match_id.clone(), version: 0 }).await?.into_inner();
    let to_move = first.pending.map(|d| d.seat).ok_or_else(|| anyhow!("no pending decision"))?;
    let view = ended_after_time(&mut client, &clocked).await?;
    assert!(view.result.contains("clock ran out"), "{}", view.result);
    let (ending, report) = export_and_audit(&mut client, &clocked).await?;
    match ended_by(&ending) {
        Some(api::log_v1::commit_input::Input::Time(t)) => {
            assert_eq!(t.flagged_seat, Some(to_move));
            assert_eq!(ending.written_at_ms, t.at_ms, "the time used is logged");
        }
        other => panic!("the match ended by {other:?}, not by time"),
    }
    assert_eq!(outcome(&ending).map(|o| o.winners), Some(vec![1 - to_move]));
    assert!(report.commits > 3);
    // Time is kept by the orchestrator itself: with both players only watching (no request
    // after the watch opens), the flag still falls and the watchers see the end.
    let watched = create_at(&mut client, "mainframe", TOURNAMENT, 3, 5, &[("clock_s", 1), ("increment_s", 0)]).await?;
    let mut updates = client.watch_match(m::WatchMatchRequest { match_id: watched.match_id.clone(), from_version: 0 }).await?.into_inner();
    let ended = tokio::time::timeout(std::time::Duration::from_secs(120), async {
        while let Some(update) = updates.message().await? {
            if update.status == m::MatchStatus::Ended as i32 {
                return Ok::<_, anyhow::Error>(Some(update));
            }
        }
        Ok(None)
    })
    .await
    .map_err(|_| anyhow!("the clock of an unattended match never fell"))??
    .ok_or_else(|| anyhow!("the watch closed before the end"))?;
    assert!(ended.events.iter().any(|e| e.kind == "match.time_called"), "{:?}", ended.events);

    // A decision after the flag fell is refused: the match has ended.
    let late = client
        .submit_decision(with_token(
            m::SubmitDecisionRequest { match_id: clocked.match_id.clone(), decision_id: 1, choice: None, idempotency_key: "late".into(), ..Default::default() },
            &clocked.tokens[to_move as usize],
        ))
        .await
        .expect_err("too late");
    assert_eq!(late.code(), Code::FailedPrecondition, "{}", late.message());

    // A round time limit of one second on a mainframe match: at time it ends at once and nobody
    // wins (the house rule, docs/mainframe.md "Time").
    let limited = create_at(&mut client, "mainframe", TOURNAMENT, 3, 2, &[("round_limit_s", 1)]).await?;
    let mut rng = Rng(77);
    for _ in 0..3 {
        play_one(&mut client, &limited, &mut rng).await?;
    }
    let view = ended_after_time(&mut client, &limited).await?;
    assert!(view.result.contains("no winner") && view.result.contains("round time limit"), "{}", view.result);
    let (ending, _) = export_and_audit(&mut client, &limited).await?;
    assert!(matches!(ended_by(&ending), Some(api::log_v1::commit_input::Input::Time(t)) if t.flagged_seat.is_none()));
    assert_eq!(outcome(&ending).map(|o| o.winners), Some(vec![]));

    // And on a netrunner match, the published tournament time procedure (docs/netrunner.md
    // "Time"): the turn in progress is finished, after a Corp turn the Runner takes one more,
    // then agenda points decide.
    let timed = create_at(&mut client, "netrunner", TOURNAMENT, 3, 4, &[("round_limit_s", 1)]).await?;
    for _ in 0..3 {
        play_one(&mut client, &timed, &mut rng).await?;
    }
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let view = client.get_match(m::GetMatchRequest { match_id: timed.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::InProgress as i32, "time called, the game plays on: {}", view.result);
    let state: serde_json::Value = serde_json::from_str(&view.state_json)?;
    let last_turn = state["time"]["last_turn"].as_u64().ok_or_else(|| anyhow!("the view shows no time called: {}", state["time"]))?;
    let mut moves = 0;
    while play_one(&mut client, &timed, &mut rng).await?.is_some() {
        moves += 1;
        ensure!(moves < 3_000, "the timed netrunner match did not end");
    }
    let bytes = client.export_match(m::ExportMatchRequest { match_id: timed.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    cli::audit::audit_export(&export, Some(&timed.public_key))?;
    let called = export
        .commits
        .iter()
        .position(|c| matches!(ended_by(c), Some(api::log_v1::commit_input::Input::Time(t)) if t.flagged_seat.is_none()))
        .ok_or_else(|| anyhow!("no time called in the log"))?;
    assert_eq!(export.commits[called].events.first().map(|e| e.kind.as_str()), Some("netrunner.time_called"));
    assert_eq!(export.commits.iter().filter(|c| matches!(ended_by(c), Some(api::log_v1::commit_input::Input::Time(_)))).count(), 1, "called once");
    let turns_after: Vec<u64> = export.commits[called..]
        .iter()
        .flat_map(|c| &c.events)
        .filter(|e| e.kind == "netrunner.turn_started")
        .filter_map(|e| serde_json::from_str::<serde_json::Value>(&e.detail_json).ok()?["turn"].as_u64())
        .collect();
    assert!(turns_after.iter().all(|t| *t <= last_turn) && turns_after.len() <= 2, "turns after time: {turns_after:?}, last {last_turn}");
    let ending = &export.commits[export.commits.len() - 2];
    let result = outcome(ending).ok_or_else(|| anyhow!("the match has no outcome"))?;
    // Usually it ends on time; a win in those last turns (random play can flatline the Runner)
    // ends it first, as the procedure says. The timed result itself is pinned by the engine's
    // `netrunner::tests::time`.
    let regular = ["agenda points:", "flatline:", "decking:", "assassination:"];
    assert!(result.reason.starts_with("time:") || regular.iter().any(|r| result.reason.starts_with(r)), "{}", result.reason);
    if result.reason.starts_with("time:") {
        // The winner is the side with more agenda points, as the last view shows them.
        let end_view = client.get_match(m::GetMatchRequest { match_id: timed.match_id.clone(), version: 0 }).await?.into_inner();
        let end_state: serde_json::Value = serde_json::from_str(&end_view.state_json)?;
        let (corp, runner) = (end_state["corp"]["agenda_points"].as_i64(), end_state["runner"]["agenda_points"].as_i64());
        let expected: Vec<u32> = match corp.cmp(&runner) {
            std::cmp::Ordering::Greater => vec![0],
            std::cmp::Ordering::Less => vec![1],
            std::cmp::Ordering::Equal => vec![],
        };
        assert_eq!(result.winners, expected, "{} ({corp:?} to {runner:?})", result.reason);
        assert!(export.commits[called..].iter().flat_map(|c| &c.events).any(|e| e.kind == "netrunner.timed_result"));
    }

    // A generous clock does not end a match that is played.
    let relaxed = create_at(&mut client, "mainframe", TOURNAMENT, 3, 3, &[("clock_s", 3600), ("increment_s", 5)]).await?;
    for _ in 0..5 {
        play_one(&mut client, &relaxed, &mut rng).await?;
    }
    let view = client.get_match(m::GetMatchRequest { match_id: relaxed.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::InProgress as i32);

    // The index sees the two timed-out matches as ended.
    let (round3, _) =
        list_all(&mut client, m::ListMatchesRequest { tournament_id: TOURNAMENT.into(), round: 3, status: m::MatchStatus::Ended as i32, ..Default::default() })
            .await?;
    assert_eq!(
        round3.iter().map(|s| s.match_id.clone()).collect::<BTreeSet<_>>(),
        [clocked.match_id, watched.match_id, limited.match_id, timed.match_id].into_iter().collect()
    );
    Ok(())
}

/// The time keeper survives a restart: a timed match in play when its orchestrator dies has its
/// time called by the next one, with no request on the match (only the log is read here).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_orchestrator_keeps_the_time_of_the_matches_in_play() -> Result<()> {
    use eventlog::EventLog;
    let mut system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_at(&mut client, "mainframe", TOURNAMENT, 9, 1, &[("clock_s", 2), ("increment_s", 0)]).await?;
    system.kill_orchestrator().await?;
    system.start_orchestrator().await?;
    let log = system.admin_log().await?;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let commits = log.read(&table.match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
        let called = commits
            .iter()
            .filter_map(|c| api::log_v1::Commit::decode(c.payload.as_ref()).ok())
            .any(|c| matches!(ended_by(&c), Some(api::log_v1::commit_input::Input::Time(t)) if t.flagged_seat.is_some()));
        if called {
            return Ok(());
        }
        ensure!(tokio::time::Instant::now() < deadline, "the restarted orchestrator never called time on match {}", table.match_id);
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}
