//! Fuzzing the public match API against the real system (three services, a real nats-server):
//! for every RPC, random structured requests and random raw bodies (arbitrary bytes sent to the
//! method's path). Each answer must be a success or a clear status: never `INTERNAL` or
//! `UNKNOWN` (a panic in a handler would surface as one of these), with a short message, and a
//! refused request must leave every match's log as it was. The services must still be healthy
//! after each run.
//!
//! Cases per RPC and per kind (structured, raw): `ARBITER_FUZZ_CASES` (default 100: 1,400 cases
//! in all, which keeps this file well under a minute). About 10^5 cases in all:
//! `ARBITER_FUZZ_CASES=7200 cargo test -p arbiter-e2e --test api_fuzz -- --test-threads 1`
//! (7 RPCs × 2 kinds × 7,200 = 100,800). The seed is proptest's (`PROPTEST_RNG_SEED` pins it).
//!
//! Also here: the table of long-input cases, each with the status it gets now.

use std::collections::BTreeMap;

use anyhow::{anyhow, Result};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use eventlog::EventLog;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use tonic::transport::Channel;
use tonic::{Code, Status};

mod access;
mod harness;
mod raw;

use harness::{create_and_join, play_one, with_token, Rng, System};

/// Longest status message we accept: messages quote at most a short prefix of any input.
const MAX_MESSAGE: usize = 1024;

fn cases() -> u32 {
    std::env::var("ARBITER_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100)
}

/// Send `body` as-is to `/arbiter.match.v1.MatchService/<method>`; only the status matters.
async fn send_raw(channel: &Channel, method: &str, body: Vec<u8>) -> Result<(), Status> {
    raw::send(channel, &format!("/arbiter.match.v1.MatchService/{method}"), body, method == "WatchMatch").await
}

// ---- the system under test ----

/// One system and three matches: live (every seat joined), ended, and waiting for its seats.
struct Fixture {
    /// Kept for its processes (dropping it stops them).
    _system: System,
    rt: tokio::runtime::Runtime,
    channel: Channel,
    log: eventlog::JetStreamLog,
    live: harness::Table,
    ended: harness::Table,
    waiting_id: String,
    join_codes: Vec<String>,
}

impl Fixture {
    fn start() -> Result<Fixture> {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
        let (system, channel, log, live, ended, waiting_id, join_codes) = rt.block_on(async {
            let system = System::start().await?;
            let channel = tonic::transport::Endpoint::from_shared(system.orchestrator_url()?)?.connect().await?;
            let mut client = MatchServiceClient::new(channel.clone());
            let live = create_and_join(&mut client, 2).await?;
            let ended = create_and_join(&mut client, 2).await?;
            let mut rng = Rng(17);
            while play_one(&mut client, &ended, &mut rng).await?.is_some() {}
            let waiting = client
                .create_match(harness::platform(m::CreateMatchRequest {
                    ruleset: "mainframe".into(),
                    seats: vec![m::SeatSpec::default(), m::SeatSpec::default()],
                    options: Default::default(),
                    ..Default::default()
                }))
                .await?
                .into_inner();
            let log = access::nats_log(&system).await?;
            let codes = waiting.seats.iter().map(|s| s.join_code.clone()).collect();
            Ok::<_, anyhow::Error>((system, channel, log, live, ended, waiting.match_id, codes))
        })?;
        Ok(Fixture { _system: system, rt, channel, log, live, ended, waiting_id, join_codes })
    }

    fn ids(&self) -> [String; 3] {
        [self.live.match_id.clone(), self.ended.match_id.clone(), self.waiting_id.clone()]
    }

    async fn lens(&self) -> Result<Vec<usize>, TestCaseError> {
        let mut out = Vec::new();
        for id in self.ids() {
            let n = self.log.read(&id, 1).await.map_err(|e| TestCaseError::fail(e.to_string()))?.len();
            out.push(n);
        }
        Ok(out)
    }

    /// Run `call`; check its status and that a refusal changed no log.
    fn check<F>(&self, what: &str, call: F) -> Result<(), TestCaseError>
    where
        F: std::future::Future<Output = Result<(), Status>>,
    {
        self.rt.block_on(async {
            let before = self.lens().await?;
            let result = call.await;
            if let Err(status) = &result {
                let code = status.code();
                prop_assert!(!matches!(code, Code::Internal | Code::Unknown), "{what}: {code:?} {}", status.message().chars().take(300).collect::<String>());
                prop_assert!(status.message().len() <= MAX_MESSAGE, "{what}: a {}-byte message", status.message().len());
                prop_assert!(!status.message().is_empty(), "{what}: {code:?} without a message");
                let after = self.lens().await?;
                prop_assert_eq!(before, after, "{}: a refused request changed a log", what);
            }
            Ok(())
        })
    }

    /// The services still answer (none crashed).
    fn still_healthy(&self) -> Result<()> {
        self.rt.block_on(async {
            let mut client = MatchServiceClient::new(self.channel.clone());
            client.get_match(m::GetMatchRequest { match_id: self.live.match_id.clone(), version: 0 }).await?;
            Ok(())
        })
    }

    fn run<S: Strategy>(&self, name: &str, strategy: S, test: impl Fn(&Fixture, S::Value) -> Result<(), TestCaseError>) -> Result<()>
    where
        S::Value: std::fmt::Debug,
    {
        let mut runner = TestRunner::new(Config { cases: cases(), failure_persistence: None, ..Config::default() });
        let started = std::time::Instant::now();
        runner.run(&strategy, |v| test(self, v)).map_err(|e| anyhow!("{name}: {e}"))?;
        eprintln!("{name}: {} cases passed in {:.1?}", cases(), started.elapsed());
        self.still_healthy()
    }
}

// ---- strategies ----

fn text() -> BoxedStrategy<String> {
    prop_oneof![Just(String::new()), "[a-z0-9_-]{1,70}", "\\PC{0,80}", (1usize..20_000).prop_map(|n| "x".repeat(n)),].boxed()
}

fn match_id(f: &Fixture) -> BoxedStrategy<String> {
    let [live, ended, waiting] = f.ids();
    prop_oneof![3 => Just(live), 2 => Just(ended), 2 => Just(waiting), 3 => text()].boxed()
}

fn token(f: &Fixture) -> BoxedStrategy<Option<String>> {
    let tokens: Vec<String> = f.live.tokens.iter().chain(&f.ended.tokens).cloned().collect();
    prop_oneof![Just(None), proptest::sample::select(tokens).prop_map(Some), "[ -~]{0,300}".prop_map(Some),].boxed()
}

fn choice() -> BoxedStrategy<Option<m::Choice>> {
    let ids = proptest::collection::vec(prop_oneof![Just("0".to_string()), Just("1".to_string()), text()], 0..6);
    prop_oneof![
        Just(None),
        ids.clone().prop_map(|option_ids| Some(m::Choice { value: Some(m::choice::Value::Pick(m::PickChoice { option_ids })) })),
        any::<i64>().prop_map(|n| Some(m::Choice { value: Some(m::choice::Value::Number(n)) })),
        proptest::collection::vec((text(), any::<u32>()), 0..4).prop_map(|parts| Some(m::Choice {
            value: Some(m::choice::Value::Split(m::SplitChoice {
                parts: parts.into_iter().map(|(target_id, amount)| m::SplitPart { target_id, amount }).collect(),
            })),
        })),
        ids.prop_map(|item_ids| Some(m::Choice { value: Some(m::choice::Value::Order(m::OrderChoice { item_ids })) })),
        Just(Some(m::Choice { value: None })),
    ]
    .boxed()
}

fn client(f: &Fixture) -> MatchServiceClient<Channel> {
    MatchServiceClient::new(f.channel.clone())
}

fn authed<T>(msg: T, token: Option<String>) -> tonic::Request<T> {
    match token {
        Some(t) => with_token(msg, &t),
        None => tonic::Request::new(msg),
    }
}

// ---- one test per RPC: structured requests, then raw bodies ----

fn raw_bodies() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..64),
        proptest::collection::vec(any::<u8>(), 0..4096),
        // Valid-looking field keys followed by junk.
        (proptest::collection::vec(any::<u8>(), 0..256), 1u8..20).prop_map(|(mut b, field)| {
            b.insert(0, (field << 3) | 2);
            b
        }),
    ]
    .boxed()
}

fn fuzz_raw(f: &Fixture, method: &'static str) -> Result<()> {
    f.run(&format!("{method} raw"), raw_bodies(), |f, body| {
        // A body that is not this method's message is the caller's fault: INVALID_ARGUMENT,
        // exactly (decoded here with the method's request type to know).
        let decodes = request_decodes(method, &body);
        let sent = send_raw(&f.channel, method, body);
        f.check(method, async {
            let result = sent.await;
            if !decodes {
                if let Err(status) = &result {
                    if status.code() != Code::InvalidArgument {
                        return Err(Status::internal(format!("an undecodable body got {:?}, not INVALID_ARGUMENT: {}", status.code(), status.message())));
                    }
                } else {
                    return Err(Status::internal("an undecodable body was accepted"));
                }
            }
            result
        })
    })
}

/// Whether `body` decodes as the request message of `method`.
fn request_decodes(method: &str, body: &[u8]) -> bool {
    use prost::Message;
    match method {
        "CreateMatch" => m::CreateMatchRequest::decode(body).is_ok(),
        "JoinMatch" => m::JoinMatchRequest::decode(body).is_ok(),
        "GetMatch" => m::GetMatchRequest::decode(body).is_ok(),
        "GetPendingDecision" => m::GetPendingDecisionRequest::decode(body).is_ok(),
        "SubmitDecision" => m::SubmitDecisionRequest::decode(body).is_ok(),
        "WatchMatch" => m::WatchMatchRequest::decode(body).is_ok(),
        "ExportMatch" => m::ExportMatchRequest::decode(body).is_ok(),
        _ => true,
    }
}

#[test]
fn fuzz_create_match() -> Result<()> {
    let f = Fixture::start()?;
    let seats = proptest::collection::vec((text(), prop_oneof![Just(String::new()), text()]), 0..10);
    let options = proptest::collection::btree_map(text(), any::<i64>(), 0..40);
    let ruleset = prop_oneof![Just("mainframe".to_string()), Just("netrunner".to_string()), text()];
    f.run("CreateMatch", (ruleset, seats, options), |f, (ruleset, seats, options): (String, Vec<(String, String)>, BTreeMap<String, i64>)| {
        let req = m::CreateMatchRequest {
            ruleset,
            seats: seats.into_iter().map(|(name, deck)| m::SeatSpec { name, deck, ..Default::default() }).collect(),
            options: options.into_iter().collect(),
            ..Default::default()
        };
        f.check("CreateMatch", async { client(f).create_match(harness::platform(req)).await.map(|_| ()) })
    })?;
    fuzz_raw(&f, "CreateMatch")
}

#[test]
fn fuzz_join_match() -> Result<()> {
    let f = Fixture::start()?;
    let codes = f.join_codes.clone();
    let code = prop_oneof![proptest::sample::select(codes), text()];
    let seat = prop_oneof![0u32..3, any::<u32>()];
    let entropy = proptest::collection::vec(any::<u8>(), 0..100);
    f.run("JoinMatch", (match_id(&f), seat, code, entropy), |f, (match_id, seat, join_code, entropy)| {
        let req = m::JoinMatchRequest { match_id, seat, join_code, entropy, ..Default::default() };
        f.check("JoinMatch", async { client(f).join_match(req).await.map(|_| ()) })
    })?;
    fuzz_raw(&f, "JoinMatch")
}

#[test]
fn fuzz_get_match() -> Result<()> {
    let f = Fixture::start()?;
    let version = prop_oneof![0u64..40, any::<u64>()];
    f.run("GetMatch", (match_id(&f), version, token(&f)), |f, (match_id, version, token)| {
        let req = authed(m::GetMatchRequest { match_id, version }, token);
        f.check("GetMatch", async { client(f).get_match(req).await.map(|_| ()) })
    })?;
    fuzz_raw(&f, "GetMatch")
}

#[test]
fn fuzz_get_pending_decision() -> Result<()> {
    let f = Fixture::start()?;
    f.run("GetPendingDecision", (match_id(&f), token(&f)), |f, (match_id, token)| {
        let req = authed(m::GetPendingDecisionRequest { match_id }, token);
        f.check("GetPendingDecision", async { client(f).get_pending_decision(req).await.map(|_| ()) })
    })?;
    fuzz_raw(&f, "GetPendingDecision")
}

#[test]
fn fuzz_submit_decision() -> Result<()> {
    let f = Fixture::start()?;
    let decision_id = prop_oneof![0u64..20, any::<u64>()];
    let key = prop_oneof![Just(String::new()), Just("k".to_string()), text()];
    f.run("SubmitDecision", (match_id(&f), decision_id, choice(), key, token(&f)), |f, (match_id, decision_id, choice, idempotency_key, token)| {
        let req = authed(m::SubmitDecisionRequest { match_id, decision_id, choice, idempotency_key, ..Default::default() }, token);
        f.check("SubmitDecision", async { client(f).submit_decision(req).await.map(|_| ()) })
    })?;
    fuzz_raw(&f, "SubmitDecision")
}

#[test]
fn fuzz_watch_match() -> Result<()> {
    let f = Fixture::start()?;
    let from = prop_oneof![0u64..40, any::<u64>()];
    f.run("WatchMatch", (match_id(&f), from, token(&f)), |f, (match_id, from_version, token)| {
        let req = authed(m::WatchMatchRequest { match_id, from_version }, token);
        // Only the opening is checked: a live match's stream never ends.
        f.check("WatchMatch", async { client(f).watch_match(req).await.map(|_| ()) })
    })?;
    fuzz_raw(&f, "WatchMatch")
}

#[test]
fn fuzz_export_match() -> Result<()> {
    let f = Fixture::start()?;
    f.run("ExportMatch", match_id(&f), |f, match_id| {
        let req = m::ExportMatchRequest { match_id };
        f.check("ExportMatch", async { client(f).export_match(req).await.map(|_| ()) })
    })?;
    fuzz_raw(&f, "ExportMatch")
}

// ---- long inputs, each with the status it gets ----

#[test]
fn long_inputs_get_a_clear_status() -> Result<()> {
    let f = Fixture::start()?;
    const KB16: usize = 16 * 1024;
    const MB1: usize = 1024 * 1024;
    let create = |ruleset: String, name: String, deck: String, option: Option<String>| m::CreateMatchRequest {
        ruleset,
        seats: vec![m::SeatSpec { name, deck, ..Default::default() }, m::SeatSpec::default()],
        options: option.into_iter().map(|o| (o, 1)).collect(),
        ..Default::default()
    };
    let mf = || "mainframe".to_string();
    let long = |n: usize| "x".repeat(n);
    let creates: Vec<(&str, m::CreateMatchRequest, Code)> = vec![
        ("16 KB deck name", create(mf(), String::new(), long(KB16), None), Code::InvalidArgument),
        ("1 MB deck name", create(mf(), String::new(), long(MB1), None), Code::ResourceExhausted),
        ("16 KB ruleset", create(long(KB16), String::new(), String::new(), None), Code::InvalidArgument),
        ("1 MB ruleset", create(long(MB1), String::new(), String::new(), None), Code::ResourceExhausted),
        ("16 KB option name", create(mf(), String::new(), String::new(), Some(long(KB16))), Code::InvalidArgument),
        ("1 MB option name", create(mf(), String::new(), String::new(), Some(long(MB1))), Code::ResourceExhausted),
        ("16 KB seat name", create(mf(), long(KB16), String::new(), None), Code::InvalidArgument),
        ("an unknown 64-byte deck", create(mf(), String::new(), long(64), None), Code::InvalidArgument),
    ];
    let live = f.live.match_id.clone();
    let token = f.live.tokens[0].clone();
    let waiting = f.waiting_id.clone();
    f.rt.block_on(async {
        let mut c = client(&f);
        let mut table = Vec::new();
        for (what, req, expected) in creates {
            let got = c.create_match(harness::platform(req)).await.err().map(|e| (e.code(), e.message().len()));
            table.push((what, got, expected));
        }
        let submit = |key: String, ids: usize, id_len: usize| {
            with_token(
                m::SubmitDecisionRequest {
                    match_id: live.clone(),
                    decision_id: 1,
                    choice: Some(m::Choice { value: Some(m::choice::Value::Pick(m::PickChoice { option_ids: vec![long(id_len); ids] })) }),
                    idempotency_key: key,
                    ..Default::default()
                },
                &token,
            )
        };
        let got = |r: Result<tonic::Response<m::SubmitDecisionResponse>, Status>| r.err().map(|e| (e.code(), e.message().len()));
        table.push(("16 KB idempotency key", got(c.submit_decision(submit(long(KB16), 1, 1)).await), Code::InvalidArgument));
        table.push(("16 KB choice id", got(c.submit_decision(submit(String::new(), 1, KB16)).await), Code::InvalidArgument));
        table.push(("1000 choice ids", got(c.submit_decision(submit(String::new(), 1000, 1)).await), Code::InvalidArgument));
        table.push(("1 MB choice", got(c.submit_decision(submit(String::new(), 1, MB1)).await), Code::ResourceExhausted));
        let join = m::JoinMatchRequest { match_id: waiting.clone(), seat: 0, join_code: long(KB16), entropy: vec![1; 32], ..Default::default() };
        table.push(("16 KB join code", c.join_match(join).await.err().map(|e| (e.code(), e.message().len())), Code::InvalidArgument));
        let get = m::GetMatchRequest { match_id: long(KB16), version: 0 };
        table.push(("16 KB match id", c.get_match(get).await.err().map(|e| (e.code(), e.message().len())), Code::InvalidArgument));
        let pending = with_token(m::GetPendingDecisionRequest { match_id: live.clone() }, &long(4096));
        table.push(("4 KB seat token", c.get_pending_decision(pending).await.err().map(|e| (e.code(), e.message().len())), Code::Unauthenticated));
        for (what, got, expected) in &table {
            eprintln!("{what:<24} -> {:?} (expected {expected:?})", got.map(|g| g.0));
        }
        for (what, got, expected) in table {
            let (code, len) = got.ok_or_else(|| anyhow!("{what}: accepted"))?;
            assert_eq!(code, expected, "{what}");
            assert!(len <= MAX_MESSAGE, "{what}: a {len}-byte message");
        }
        Ok::<_, anyhow::Error>(())
    })?;
    f.still_healthy()
}
