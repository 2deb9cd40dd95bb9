//! End-to-end checks of the promises of `proto/arbiter/match/v1/match.proto` that no other test
//! checked (docs/api.md, "The proto's promises and their tests", lists every promise beside its
//! test; `the_promise_table_names_tests_that_exist_and_every_coded_promise` keeps that table and
//! the proto in step). Each test names the proto comments it checks. Real nats-server and
//! service processes (tests/harness.rs), a few seconds each.

mod harness;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::{anyhow, ensure, Context, Result};
use api::log_v1 as l;
use api::match_v1 as m;
use eventlog::EventLog;
use futures::StreamExt;
use harness::{pending, platform, random_choice, with_token, Rng, System};
use prost::Message;
use sha2::{Digest, Sha256};
use tonic::Code;

fn create_request(tournament: &str) -> m::CreateMatchRequest {
    m::CreateMatchRequest {
        ruleset: "mainframe".into(),
        seats: (0..2).map(|i| m::SeatSpec { name: format!("Seat {i}"), ..Default::default() }).collect(),
        tournament_id: tournament.into(),
        round: 1,
        table: 1,
        labels: [("stage".to_string(), "swiss".to_string())].into(),
        ..Default::default()
    }
}

fn join(match_id: &str, seat: u32, code: &str, entropy: Vec<u8>) -> m::JoinMatchRequest {
    m::JoinMatchRequest { match_id: match_id.into(), seat, join_code: code.into(), entropy, ..Default::default() }
}

/// The stored bytes of every commit of a match, by version, straight from NATS.
async fn stored(system: &System, match_id: &str) -> Result<BTreeMap<u64, Vec<u8>>> {
    let log = system.admin_log().await?;
    Ok(log.read(match_id, 1).await.map_err(|e| anyhow!("{e}"))?.into_iter().map(|c| (c.version, c.payload.to_vec())).collect())
}

fn sha256(bytes: &[u8]) -> Vec<u8> {
    Sha256::digest(bytes).to_vec()
}

/// match.proto promises checked here, on one match from its creation to its concession:
/// - `MatchStatus.MATCH_STATUS_WAITING_FOR_SEATS`: a match some seat has not joined waits for
///   its seats;
/// - `GetPendingDecisionResponse.waiting_for_seat`: absent while the match waits for joins, and
///   once it has ended;
/// - `JoinMatchRequest.entropy`: 16 to 64 bytes, else INVALID_ARGUMENT;
/// - `SeatCredential.join_code`: a wrong code is PERMISSION_DENIED; the code joins its seat
///   once: a retry of that join gets the same token, another join FAILED_PRECONDITION;
/// - `JoinMatchResponse.seat_token`: the server keeps only its hash (the token is in no stored
///   byte of the log);
/// - `CreateMatchResponse.randomness_commitment`, `CreateMatchRequest.tournament_id` and
///   `CreateMatchRequest.labels`: logged in `MatchCreated`, the commitment before any seat
///   entropy;
/// - `MatchView.viewer_seat`: the seat the caller holds, absent for a spectator;
/// - `MatchView.chain_hash`, `GetPendingDecisionResponse.chain_hash`,
///   `SubmitDecisionResponse.chain_hash`: SHA-256 of the stored bytes of the commit at `version`;
/// - `GetPendingDecisionResponse.decision`: set for the seat the match waits for only;
/// - `SubmitDecisionRequest.idempotency_key`: at most 128 bytes (129 is INVALID_ARGUMENT);
/// - `MatchView.result`, `MatchSummary.result`: set once the match has ended, not before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_match_keeps_the_promises_of_its_reads_joins_and_hashes() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let created = client.create_match(platform(create_request("promises"))).await?.into_inner();
    let id = created.match_id.clone();
    let get = |token: Option<&str>, version: u64| {
        let req = m::GetMatchRequest { match_id: id.clone(), version };
        match token {
            Some(t) => with_token(req, t),
            None => tonic::Request::new(req),
        }
    };

    // Waiting for its seats: the status says so and no seat is waited for.
    let view = client.get_match(get(None, 0)).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::WaitingForSeats as i32, "{view:?}");
    assert!(view.result.is_empty() && view.viewer_seat.is_none());

    // Entropy out of range, a wrong join code.
    for n in [0, 15, 65] {
        let err = client.join_match(join(&id, 0, &created.seats[0].join_code, vec![7; n])).await.expect_err("entropy out of range");
        assert_eq!(err.code(), Code::InvalidArgument, "{n} bytes: {}", err.message());
    }
    let err = client.join_match(join(&id, 0, &created.seats[1].join_code, vec![7; 32])).await.expect_err("another seat's code");
    assert_eq!(err.code(), Code::PermissionDenied, "{}", err.message());

    // Seat 0 joins (16 bytes, the least); the match still waits for seat 1.
    let first = client.join_match(join(&id, 0, &created.seats[0].join_code, vec![1; 16])).await?.into_inner();
    let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: id.clone() }, &first.seat_token)).await?.into_inner();
    assert_eq!(p.status, m::MatchStatus::WaitingForSeats as i32, "{p:?}");
    assert!(p.waiting_for_seat.is_none() && p.decision.is_none() && p.system_wait.is_none(), "{p:?}");
    // The same join again gets the same token; the code with other entropy is refused.
    let again = client.join_match(join(&id, 0, &created.seats[0].join_code, vec![1; 16])).await?.into_inner();
    assert_eq!(again.seat_token, first.seat_token, "a retry of the join gets its token again");
    let err = client.join_match(join(&id, 0, &created.seats[0].join_code, vec![2; 16])).await.expect_err("a second join");
    assert_eq!(err.code(), Code::FailedPrecondition, "{}", err.message());
    let second = client.join_match(join(&id, 1, &created.seats[1].join_code, vec![3; 64])).await?.into_inner();
    let tokens = [first.seat_token.clone(), second.seat_token.clone()];

    // The log: MatchCreated first, with the commitment and the tournament, before any join; no
    // seat token anywhere in its bytes.
    let log = stored(&system, &id).await?;
    let commit1 = l::Commit::decode(log.get(&1).context("commit 1")?.as_slice())?;
    let Some(l::commit_input::Input::Created(c)) = commit1.input.and_then(|i| i.input) else { anyhow::bail!("commit 1 is not MatchCreated") };
    assert_eq!(c.randomness_commitment, created.randomness_commitment, "the commitment CreateMatch returned is logged in MatchCreated");
    assert!(!c.randomness_commitment.is_empty() && c.tournament_id == "promises" && c.round == 1 && c.table == 1);
    assert_eq!(c.labels.get("stage").map(String::as_str), Some("swiss"));
    for token in &tokens {
        let secret = token.trim_start_matches("seat_").as_bytes();
        for (version, bytes) in &log {
            assert!(!bytes.windows(secret.len()).any(|w| w == secret), "the seat token is stored at version {version}");
        }
    }

    // Reads of the match in progress: who reads, and the chain hash of the commit read.
    let view = client.get_match(get(None, 0)).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::InProgress as i32);
    assert!(view.viewer_seat.is_none(), "a spectator holds no seat");
    let log = stored(&system, &id).await?;
    assert_eq!(view.chain_hash, sha256(log.get(&view.version).context("the version read")?), "GetMatch's chain_hash");
    let past = client.get_match(get(None, 2)).await?.into_inner();
    assert_eq!((past.version, past.chain_hash.clone()), (2, sha256(log.get(&2).context("version 2")?)), "a past version's chain_hash");
    for (seat, token) in tokens.iter().enumerate() {
        let view = client.get_match(get(Some(token), 0)).await?.into_inner();
        assert_eq!(view.viewer_seat, Some(seat as u32), "the seat the caller holds");
    }
    let (seat, decision) =
        pending(&mut client, &harness::Table { match_id: id.clone(), tokens: tokens.to_vec(), public_key: Vec::new() }).await?.context("a decision")?;
    for (s, token) in tokens.iter().enumerate() {
        let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: id.clone() }, token)).await?.into_inner();
        assert_eq!(p.chain_hash, sha256(log.get(&p.version).context("the head")?), "GetPendingDecision's chain_hash");
        assert_eq!(p.waiting_for_seat, Some(seat as u32));
        assert_eq!(p.decision.is_some(), s == seat, "the decision goes to the seat it waits for only");
    }

    // The idempotency key: 129 bytes refused (nothing logged), 128 accepted.
    let submit = |key: String| m::SubmitDecisionRequest {
        match_id: id.clone(),
        decision_id: decision.decision_id,
        choice: random_choice(&decision, &mut Rng(5)).ok(),
        idempotency_key: key,
        ..Default::default()
    };
    let before = system.log_len(&id).await?;
    let err = client.submit_decision(with_token(submit("k".repeat(129)), &tokens[seat])).await.expect_err("a 129-byte key");
    assert_eq!(err.code(), Code::InvalidArgument, "{}", err.message());
    assert_eq!(system.log_len(&id).await?, before, "nothing logged");
    let reply = client.submit_decision(with_token(submit("k".repeat(128)), &tokens[seat])).await?.into_inner();
    let log = stored(&system, &id).await?;
    assert_eq!(reply.chain_hash, sha256(log.get(&reply.version).context("the reply's version")?), "SubmitDecision's chain_hash");

    // Not ended: no result anywhere. Then a concession ends it: the result is set, no seat is
    // waited for, and the summary carries it too.
    let summary = |client: &mut m::match_service_client::MatchServiceClient<tonic::transport::Channel>| {
        let mut c = client.clone();
        async move {
            let page = c.list_matches(platform(m::ListMatchesRequest { tournament_id: "promises".into(), ..Default::default() })).await?.into_inner();
            page.matches.into_iter().next().context("the match is listed")
        }
    };
    let listed = summary(&mut client).await?;
    assert!(listed.result.is_empty() && listed.status == m::MatchStatus::InProgress as i32, "{listed:?}");
    client.concede_match(with_token(m::ConcedeMatchRequest { match_id: id.clone(), ..Default::default() }, &tokens[0])).await?;
    let view = client.get_match(get(None, 0)).await?.into_inner();
    assert!(view.status == m::MatchStatus::Ended as i32 && !view.result.is_empty(), "{view:?}");
    let p = client.get_pending_decision(with_token(m::GetPendingDecisionRequest { match_id: id.clone() }, &tokens[1])).await?.into_inner();
    assert!(p.status == m::MatchStatus::Ended as i32 && p.waiting_for_seat.is_none() && p.decision.is_none(), "{p:?}");
    // The index follows the log within about a second.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let listed = summary(&mut client).await?;
        if listed.status == m::MatchStatus::Ended as i32 {
            assert_eq!(listed.result, view.result, "the summary's result is the view's");
            assert!(listed.version >= view.version.saturating_sub(1), "{listed:?}");
            break;
        }
        ensure!(Instant::now() < deadline, "the summary never read ended: {listed:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(())
}

/// match.proto promises of the platform's requests checked here:
/// - `CreateMatchRequest.labels`: at most 16; keys [A-Za-z0-9_.-]{1,64}, values up to 256
///   bytes; else INVALID_ARGUMENT;
/// - `CreateMatchRequest.tournament_id`: 1 to 64 characters of [A-Za-z0-9_-];
/// - `AdjudicateMatchRequest.ruling`: 1 to 512 bytes, else INVALID_ARGUMENT, nothing logged;
/// - `ListMatchesRequest.page_size`: at most 500 (a larger page is cut to 500, not refused).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_platforms_limits_are_the_protos() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let refused = |mut f: m::CreateMatchRequest, what: &str, edit: &dyn Fn(&mut m::CreateMatchRequest)| {
        edit(&mut f);
        (what.to_string(), f)
    };
    let base = create_request("limits");
    let cases = [
        refused(base.clone(), "17 labels", &|r| r.labels = (0..17).map(|i| (format!("k{i}"), "v".to_string())).collect()),
        refused(base.clone(), "a 257-byte label value", &|r| r.labels = [("k".to_string(), "v".repeat(257))].into()),
        refused(base.clone(), "a 65-byte label key", &|r| r.labels = [("k".repeat(65), "v".to_string())].into()),
        refused(base.clone(), "a label key with a space", &|r| r.labels = [("a key".to_string(), "v".to_string())].into()),
        refused(base.clone(), "a 65-character tournament id", &|r| r.tournament_id = "t".repeat(65)),
        refused(base.clone(), "a tournament id with a dot", &|r| r.tournament_id = "spring.26".into()),
    ];
    for (what, req) in cases {
        let err = client.create_match(platform(req)).await.expect_err(&what);
        assert_eq!(err.code(), Code::InvalidArgument, "{what}: {}", err.message());
    }
    let mut most = base.clone();
    most.labels = (0..16).map(|i| (format!("k.{i}_-"), "v".repeat(256))).collect();
    most.tournament_id = "t".repeat(64);
    client.create_match(platform(most)).await.context("16 labels of 256 bytes and a 64-character tournament id")?;

    // A ruling of 0 (or only blanks) and 513 bytes is refused; 512 ends the match.
    let table = harness::create_and_join(&mut client, 2).await?;
    let before = system.log_len(&table.match_id).await?;
    for ruling in [String::new(), "   ".into(), "r".repeat(513)] {
        let req = m::AdjudicateMatchRequest { match_id: table.match_id.clone(), winners: vec![0], ruling: ruling.clone() };
        let err = client.adjudicate_match(platform(req)).await.expect_err("a ruling out of range");
        assert_eq!(err.code(), Code::InvalidArgument, "{} bytes: {}", ruling.len(), err.message());
    }
    assert_eq!(system.log_len(&table.match_id).await?, before, "nothing logged");
    let ended = client
        .adjudicate_match(platform(m::AdjudicateMatchRequest { match_id: table.match_id.clone(), winners: vec![0], ruling: "r".repeat(512) }))
        .await?
        .into_inner();
    assert_eq!(ended.status, m::MatchStatus::Ended as i32);

    // A page of 501 or more is a page of 500 at most: answered, not refused.
    let page = client.list_matches(platform(m::ListMatchesRequest { page_size: 10_000, ..Default::default() })).await?.into_inner();
    assert!(page.matches.len() <= 500 && page.next_page_token.is_empty(), "{} matches", page.matches.len());
    Ok(())
}

/// match.proto, `rpc WatchMatches`: "Bounded: at most 256 matches per stream": a stream whose
/// filters pass a 257th match is ended with RESOURCE_EXHAUSTED saying to narrow the filters,
/// after the updates of the first 256. Also `ListMatchesRequest.page_size`: a page of the
/// default size holds 50 matches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_of_more_than_256_matches_is_ended_saying_to_narrow_it() -> Result<()> {
    let system = System::start().await?;
    let client = system.client().await?;
    // 257 matches of one tournament, created 16 at a time.
    let mut tasks = Vec::new();
    for worker in 0..16usize {
        let mut c = client.clone();
        tasks.push(tokio::spawn(async move {
            for i in (worker..257).step_by(16) {
                let mut req = create_request("crowd");
                req.table = i as u32;
                c.create_match(platform(req)).await?;
            }
            anyhow::Ok(())
        }));
    }
    for t in tasks {
        t.await??;
    }
    // The index has them all within about a second.
    let mut c = client.clone();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let page = c.list_matches(platform(m::ListMatchesRequest { tournament_id: "crowd".into(), page_size: 500, ..Default::default() })).await?.into_inner();
        if page.matches.len() == 257 {
            break;
        }
        ensure!(Instant::now() < deadline, "{} of 257 matches listed", page.matches.len());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // match.proto, `ListMatchesRequest.page_size`: "0 = the default of 50".
    let page = c.list_matches(platform(m::ListMatchesRequest { tournament_id: "crowd".into(), ..Default::default() })).await?.into_inner();
    assert!(page.matches.len() == 50 && !page.next_page_token.is_empty(), "a default page: {} matches", page.matches.len());
    let mut watch = c.watch_matches(platform(m::WatchMatchesRequest { tournament_id: "crowd".into(), ..Default::default() })).await?.into_inner();
    let mut matches = std::collections::BTreeSet::new();
    let status = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match watch.next().await {
                Some(Ok(u)) => {
                    matches.insert(u.match_id);
                }
                Some(Err(status)) => return Ok(status),
                None => return Err(anyhow!("the stream ended without a status")),
            }
        }
    })
    .await
    .context("the watch was not ended")??;
    assert_eq!(status.code(), Code::ResourceExhausted, "{}", status.message());
    assert!(status.message().contains("256") && status.message().contains("narrow"), "{}", status.message());
    assert!(matches.len() <= 256, "{} matches followed", matches.len());
    Ok(())
}

// ---- docs/api.md and match.proto in step ------------------------------------------------------

/// The repository root.
fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The gRPC status codes a comment may promise.
const CODES: &[&str] = &[
    "INVALID_ARGUMENT",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "UNAUTHENTICATED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "UNAVAILABLE",
    "DATA_LOSS",
    "DEADLINE_EXCEEDED",
];

/// Each comment block of `match.proto` with what it is attached to: `(file)` for the file's
/// comment, `rpc Name`, `Message`, `Message.field` or `Enum.VALUE`.
fn proto_comments(proto: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut scope: Vec<String> = Vec::new();
    let mut comment = String::new();
    for line in proto.lines() {
        let t = line.trim();
        if let Some(c) = t.strip_prefix("//") {
            comment.push_str(c);
            comment.push('\n');
            continue;
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        let anchor = match words.as_slice() {
            ["package", ..] => Some("(file)".to_string()),
            ["message" | "enum" | "service", name, ..] => {
                let a = name.trim_end_matches('{').to_string();
                // `message Empty {}` opens and closes on one line.
                if !t.ends_with('}') {
                    scope.push(a.clone());
                }
                Some(a)
            }
            ["oneof", ..] => {
                scope.push(String::new());
                None
            }
            ["rpc", name, ..] => Some(format!("rpc {}", name.split('(').next().unwrap_or(name))),
            ["}"] => {
                scope.pop();
                None
            }
            [.., "=", _] | [.., "=", _, _] if t.ends_with(';') => {
                // A field or an enum value: `type name = n;` or `NAME = n;`.
                let name = words.iter().position(|w| *w == "=").and_then(|i| i.checked_sub(1)).map(|i| words[i]).unwrap_or("");
                let owner = scope.iter().rev().find(|s| !s.is_empty()).cloned().unwrap_or_default();
                Some(format!("{owner}.{name}"))
            }
            _ => None,
        };
        // A comment belongs to the next declaration, blank lines between or not.
        if let Some(anchor) = anchor {
            if !comment.is_empty() {
                out.push((anchor, std::mem::take(&mut comment)));
            }
        }
    }
    out
}

/// The rows of the promise table: (comment, tests).
fn promise_rows(doc: &str) -> Result<Vec<(String, Vec<String>)>> {
    let start = doc.find("<!-- promises:begin -->").context("docs/api.md has no promises:begin marker")?;
    let end = doc.find("<!-- promises:end -->").context("docs/api.md has no promises:end marker")?;
    let mut rows = Vec::new();
    for line in doc[start..end].lines().filter(|l| l.starts_with("| ") && !l.starts_with("| #") && !l.starts_with("| ---")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        ensure!(cells.len() == 4, "a row of four cells: {line}");
        let anchor = cells[1].trim_matches('`').to_string();
        let tests = cells[3].trim_end_matches(" |").split(", ").map(|t| t.trim_matches('`').to_string()).collect();
        rows.push((anchor, tests));
    }
    Ok(rows)
}

/// The comment right above `fn name` (doc comments and attributes) and the file's `//!` comment.
fn comments_of(source: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    let at = lines.iter().position(|l| l.trim_start().starts_with(&format!("fn {name}(")) || l.contains(&format!(" fn {name}(")))?;
    let mut text = String::new();
    for l in lines[..at].iter().rev() {
        let t = l.trim();
        if t.starts_with("///") || t.starts_with("//") || t.starts_with("#[") {
            text.push_str(t);
            text.push('\n');
        } else {
            break;
        }
    }
    for l in lines.iter().take_while(|l| l.starts_with("//!") || l.trim().is_empty()) {
        text.push_str(l);
        text.push('\n');
    }
    Some(text)
}

/// docs/api.md's promise table and match.proto in step: every comment it names is in the proto;
/// every test it names exists and names that comment (in its own comment or its file's); every
/// comment of the proto that names a status code, and every commented RPC, has a row.
#[test]
fn the_promise_table_names_tests_that_exist_and_every_coded_promise() -> Result<()> {
    let proto = std::fs::read_to_string(root().join("proto/arbiter/match/v1/match.proto"))?;
    let doc = std::fs::read_to_string(root().join("docs/api.md"))?;
    let comments = proto_comments(&proto);
    let declared: std::collections::BTreeSet<String> = {
        // Every declaration, commented or not.
        let mut all = comments.iter().map(|(a, _)| a.clone()).collect::<std::collections::BTreeSet<_>>();
        for w in proto.split_whitespace().collect::<Vec<_>>().windows(2) {
            if matches!(w[0], "message" | "enum") {
                all.insert(w[1].to_string());
            }
        }
        all
    };
    let rows = promise_rows(&doc)?;
    ensure!(rows.len() >= 50, "only {} rows", rows.len());
    let mut problems = Vec::new();
    for (anchor, tests) in &rows {
        if !declared.contains(anchor) {
            problems.push(format!("the table names `{anchor}`, which is no commented declaration of match.proto"));
        }
        // A test names the comment by its anchor (`Decision.decision_id`; `WatchMatches` for an
        // RPC; `match.proto` for the file's comment).
        let named = match anchor.as_str() {
            "(file)" => "match.proto".to_string(),
            a => a.trim_start_matches("rpc ").to_string(),
        };
        for test in tests {
            let (path, name) = test.split_once("::").with_context(|| format!("`{test}` is not file::function"))?;
            let Ok(source) = std::fs::read_to_string(root().join(path)) else {
                problems.push(format!("{path} (named for `{anchor}`) does not exist"));
                continue;
            };
            match comments_of(&source, name) {
                None => problems.push(format!("{path} has no fn {name} (named for `{anchor}`)")),
                Some(c) if !c.contains(&named) => problems.push(format!("{path}::{name} does not name `{named}` in its comment or its file's")),
                Some(_) => {}
            }
        }
    }
    let in_table: std::collections::BTreeSet<&str> = rows.iter().map(|(a, _)| a.as_str()).collect();
    for (anchor, comment) in &comments {
        let coded = CODES.iter().any(|c| comment.contains(c));
        let rpc = anchor.starts_with("rpc ");
        if (coded || rpc) && !in_table.contains(anchor.as_str()) {
            problems.push(format!("match.proto's comment on `{anchor}` makes a promise and has no row in docs/api.md: {}", comment.trim()));
        }
    }
    ensure!(problems.is_empty(), "docs/api.md and match.proto are out of step:\n{}", problems.join("\n"));
    Ok(())
}
