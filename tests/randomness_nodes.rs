//! End-to-end: independent randomness nodes (docs/fairness.md, "Scheme v2"), over a
//! real nats-server and real service processes.
//!
//! 1. `arbiter up --randomness-nodes 3`: a whole match of each ruleset over gRPC with signed
//!    seats draws with scheme v2 (each draw combines a signed share of each of the three nodes);
//!    its export passes `arbiter audit` and `tests/python/verify.py`, and both fail tampered
//!    copies (a changed draw, a removed share, a changed share) at the same version. Whoever
//!    knows the secrets of two nodes (from their key files), the seat entropies and the whole
//!    log cannot compute a draw; with all three secrets, revealed after the end, every draw
//!    recomputes.
//! 2. A node that is down makes the draw wait: UNAVAILABLE naming the node, nothing logged, and
//!    the match goes on once the node is back.

mod harness;
mod python_venv;

use std::path::Path;
use std::process::Command;

use anyhow::{anyhow, bail, Context, Result};
use api::log_v1::{self as l, commit_input::Input as CI, MatchExport};
use api::match_v1 as m;
use api::match_v1::match_service_client::MatchServiceClient;
use fairness::seat::{sign_act, Act};
use fairness::v2;
use harness::{pending_to_sign, random_choice, with_token, Rng};
use prost::Message;
use tonic::transport::Channel;
use tonic::Code;

/// A random-legal bot match ends well within this many decisions.
const MAX_DECISIONS: usize = 20_000;

struct Table {
    match_id: String,
    /// Each node's commitment, as CreateMatch answered it.
    commitments: Vec<Vec<u8>>,
    tokens: Vec<String>,
    seats: Vec<fairness::Signer>,
}

fn platform_request<T>(msg: T, key: &str) -> tonic::Request<T> {
    let mut req = tonic::Request::new(msg);
    if let Ok(value) = format!("Bearer {key}").parse() {
        req.metadata_mut().insert("authorization", value);
    }
    req
}

/// A match of `ruleset` with two seats, each registering its own key and entropy.
async fn create_table(client: &mut MatchServiceClient<Channel>, platform_key: &str, ruleset: &str, seed: u8) -> Result<Table> {
    let created = create(client, platform_key, ruleset).await?;
    join(client, created, seed).await
}

async fn create(client: &mut MatchServiceClient<Channel>, platform_key: &str, ruleset: &str) -> Result<m::CreateMatchResponse> {
    let req = m::CreateMatchRequest {
        ruleset: ruleset.into(),
        seats: (0..2).map(|i| m::SeatSpec { name: format!("Bot {}", i + 1), ..Default::default() }).collect(),
        ..Default::default()
    };
    let created = client.create_match(platform_request(req, platform_key)).await?.into_inner();
    assert_eq!(created.randomness_scheme, v2::SCHEME, "a system with three nodes makes v2 matches");
    assert_eq!(created.randomness_nodes.len(), 3, "the seats see every node's commitment before they join");
    // match.proto, `CreateMatchResponse.randomness_nodes`: "then randomness_commitment and
    // randomness_public_key are empty".
    assert!(created.randomness_commitment.is_empty() && created.randomness_public_key.is_empty(), "v2: the one-node fields are empty");
    Ok(created)
}

async fn join(client: &mut MatchServiceClient<Channel>, created: m::CreateMatchResponse, seed: u8) -> Result<Table> {
    let seats: Vec<fairness::Signer> = (0..2).map(|s| fairness::Signer::from_seed(&[seed.wrapping_add(s); 32])).collect();
    let mut tokens = Vec::new();
    for seat in &created.seats {
        let join = m::JoinMatchRequest {
            match_id: created.match_id.clone(),
            seat: seat.seat,
            join_code: seat.join_code.clone(),
            entropy: vec![seed ^ (seat.seat as u8 + 1); 32],
            seat_public_key: seats[seat.seat as usize].public_key().to_vec(),
        };
        tokens.push(client.join_match(join).await?.into_inner().seat_token);
    }
    let commitments = created.randomness_nodes.iter().map(|n| n.commitment.clone()).collect();
    Ok(Table { match_id: created.match_id, commitments, tokens, seats })
}

/// One signed random decision of the seat to decide; `false` once the match has ended.
async fn play_one(client: &mut MatchServiceClient<Channel>, t: &Table, rng: &mut Rng) -> Result<bool> {
    let Some((seat, decision, against)) = pending_to_sign(client, &t.match_id, &t.tokens).await? else { return Ok(false) };
    let choice = random_choice(&decision, rng)?;
    let signed = api::seat::choice_of(Some(&choice)).context("a choice")?;
    let signature = sign_act(&t.seats[seat as usize], &t.match_id, seat, &against, Act::Decision { decision_id: decision.decision_id, choice: &signed });
    let req = m::SubmitDecisionRequest {
        match_id: t.match_id.clone(),
        decision_id: decision.decision_id,
        seat_signature: signature.to_vec(),
        choice: Some(choice),
        idempotency_key: format!("d{}", decision.decision_id),
    };
    client.submit_decision(with_token(req, &t.tokens[seat as usize])).await?;
    Ok(true)
}

async fn play_to_the_end(client: &mut MatchServiceClient<Channel>, t: &Table, rng: &mut Rng) -> Result<()> {
    for _ in 0..MAX_DECISIONS {
        if !play_one(client, t, rng).await? {
            return Ok(());
        }
    }
    bail!("no end after {MAX_DECISIONS} decisions")
}

fn input(c: &l::Commit) -> Option<&CI> {
    c.input.as_ref().and_then(|i| i.input.as_ref())
}

/// `verify.py`'s verdict on `export`: `Ok(stdout)` when it checks out, `Err(FAIL line)` if not.
fn verify_py(dir: &Path, name: &str, export: &MatchExport) -> Result<std::result::Result<String, String>> {
    let path = dir.join(format!("{name}.arbiter-export.json"));
    cli::export::write_file(&path, export)?;
    let out = Command::new(python_venv::python()?).arg(python_venv::script("verify.py")).arg(&path).output().context("running verify.py")?;
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    match out.status.code() {
        Some(0) => Ok(Ok(stdout)),
        Some(1) => Ok(Err(stdout.lines().find(|l| l.starts_with("FAIL: ")).unwrap_or_default().to_string())),
        other => bail!("verify.py could not check {name} ({other:?}): {stdout}{}", String::from_utf8_lossy(&out.stderr)),
    }
}

/// The secret of a node of this match, from its key file (what its operator knows).
fn secret_from_key_file(path: &Path, match_id: &str) -> Result<fairness::Secret> {
    let file: serde_json::Value = serde_json::from_slice(&std::fs::read(path)?)?;
    let master: [u8; 32] =
        hex::decode(file["master_secret"].as_str().context("no master_secret")?)?.try_into().map_err(|_| anyhow!("the master secret is not 32 bytes"))?;
    Ok(fairness::derive_match_secret(&master, match_id))
}

fn draw_kind(req: &api::rules_v1::DrawRequest) -> Result<fairness::DrawKind> {
    match req.kind {
        Some(api::rules_v1::draw_request::Kind::Range(n)) => Ok(fairness::DrawKind::Range(n)),
        Some(api::rules_v1::draw_request::Kind::Shuffle(n)) => Ok(fairness::DrawKind::Shuffle(n)),
        None => bail!("a draw without a kind"),
    }
}

/// The unpredictability check: with the secrets of nodes 0 and 1 (their key files),
/// the seat entropies and the whole log, the share of node 2 is unknown, and the candidate draw
/// (node 2's share guessed as zeros) is not the outcome; with all three secrets (node 2's as
/// revealed after the end) every draw recomputes. Returns (draws, candidate values that differ).
fn two_secrets_cannot_predict(export: &MatchExport, key_files: &[std::path::PathBuf]) -> Result<(usize, usize)> {
    let id = &export.match_id;
    let entropies: Vec<Vec<u8>> = export
        .commits
        .iter()
        .filter_map(|c| match input(c) {
            Some(CI::Joined(j)) => Some(j.entropy.clone()),
            _ => None,
        })
        .collect();
    let known: Vec<[u8; 32]> = key_files[..2]
        .iter()
        .enumerate()
        .map(|(j, f)| v2::node_key(&secret_from_key_file(f, id)?, id, j as u32, &entropies).map_err(|e| anyhow!("{e}")))
        .collect::<Result<_>>()?;
    let revealed = export.commits.iter().find_map(|c| match input(c) {
        Some(CI::Revealed(r)) => Some(r.node_secrets.clone()),
        _ => None,
    });
    let revealed = revealed.context("no reveal")?;
    let third: fairness::Secret = revealed.get(2).context("no secret of node 2")?.as_slice().try_into().map_err(|_| anyhow!("not 32 bytes"))?;
    let third = v2::node_key(&third, id, 2, &entropies).map_err(|e| anyhow!("{e}"))?;
    let (mut draws, mut values_differ) = (0, 0);
    for c in &export.commits {
        let Some(CI::Draw(d)) = input(c) else { continue };
        let req = d.request.as_ref().context("a draw without its request")?;
        let kind = draw_kind(req)?;
        let mut shares: Vec<v2::Share> = known.iter().map(|k| v2::share(k, &req.purpose, req.index, kind)).collect::<Result<_, _>>()?;
        shares.push([0; 32]);
        let candidate_key = v2::combine(id, &req.purpose, req.index, kind, &shares);
        let logged: Vec<v2::Share> = d.shares.iter().map(|s| s.share.as_slice().try_into()).collect::<Result<_, _>>()?;
        assert_ne!(shares[2], logged[2], "version {}: node 2's share is not guessable", c.version);
        assert_ne!(candidate_key, v2::combine(id, &req.purpose, req.index, kind, &logged), "version {}", c.version);
        if v2::draw_values(id, &req.purpose, req.index, kind, &shares)? != d.values {
            values_differ += 1;
        }
        // After the end: all three secrets recompute the draw.
        shares[2] = v2::share(&third, &req.purpose, req.index, kind)?;
        assert_eq!(v2::draw_values(id, &req.purpose, req.index, kind, &shares)?, d.values, "version {}", c.version);
        draws += 1;
    }
    Ok((draws, values_differ))
}

/// `export` with the draw commit at `at` changed by `change`, and everything after it re-signed
/// by the operator and by the seats (each later decision signed again against its new chain
/// hash): the strongest forger, so that only the randomness check can catch the change.
fn tampered(export: &MatchExport, at: usize, operator: &fairness::Signer, seats: &[fairness::Signer], change: fn(&mut l::RandomDraw)) -> Result<MatchExport> {
    let mut stored: Vec<Vec<u8>> = export.stored_commits[..at].to_vec();
    for (i, bytes) in export.stored_commits.iter().enumerate().skip(at) {
        let mut commit = l::Commit::decode(bytes.as_slice())?;
        let against = stored.last().map(|p| fairness::chain::commit_hash(p)).unwrap_or_default();
        match commit.input.as_mut().and_then(|i| i.input.as_mut()) {
            Some(CI::Draw(d)) if i == at => change(d),
            Some(CI::Decision(d)) => {
                let decision = d.decision.as_ref().context("a decision without its decision")?;
                let choice = api::seat::choice_of(decision.choice.as_ref()).context("a decision without a choice")?;
                let act = Act::Decision { decision_id: decision.decision_id, choice: &choice };
                d.seat_signature = sign_act(&seats[decision.seat as usize], &export.match_id, decision.seat, &against, act).to_vec();
            }
            _ => {}
        }
        commit.signature.clear();
        commit.prev_hash = against.to_vec();
        stored.push(fairness::chain::seal(operator, &commit.encode_to_vec()));
    }
    let commits = stored.iter().map(|b| l::Commit::decode(b.as_slice())).collect::<Result<Vec<_>, _>>()?;
    Ok(MatchExport { match_id: export.match_id.clone(), commits, stored_commits: stored })
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `CreateMatchResponse.randomness_nodes`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_through_arbiter_up_play_every_ruleset_audited_by_both_verifiers_and_two_secrets_predict_nothing() -> Result<()> {
    let up = harness::arbiter_up_in(tempfile::tempdir()?, &["--randomness-nodes", "3"]).await?;
    let data = up.data.path().to_path_buf();
    let platform_key = std::fs::read_to_string(up.platform_key_file())?.trim().to_string();
    let key_files: Vec<std::path::PathBuf> =
        ["randomness", "randomness-2", "randomness-3"].iter().map(|n| data.join("keys").join(format!("{n}.json"))).collect();
    let mut client = MatchServiceClient::connect(up.orchestrator.clone()).await?;
    let dir = tempfile::tempdir()?;
    let mut rng = Rng(2201);
    let operator = orchestrator::keys::load(&data.join("keys").join("orchestrator.json"))?;
    for (ruleset, seed) in [("mainframe", 0x31u8), ("netrunner", 0x41), ("neonhope", 0x51)] {
        let t = create_table(&mut client, &platform_key, ruleset, seed).await?;
        play_to_the_end(&mut client, &t, &mut rng).await?;
        let bytes = client.export_match(m::ExportMatchRequest { match_id: t.match_id.clone() }).await?.into_inner().export;
        let export = MatchExport::decode(bytes.as_slice())?;
        let Some(CI::Created(created)) = export.commits.first().and_then(input) else { bail!("no creation") };
        assert_eq!(created.randomness_nodes.len(), 3, "{ruleset}");
        assert_eq!(
            created.randomness_nodes.iter().map(|n| n.commitment.clone()).collect::<Vec<_>>(),
            t.commitments,
            "{ruleset}: the log holds the commitments CreateMatch answered"
        );
        let public_keys: Vec<Vec<u8>> = created.randomness_nodes.iter().map(|n| n.public_key.clone()).collect();
        assert!(public_keys[0] != public_keys[1] && public_keys[1] != public_keys[2] && public_keys[0] != public_keys[2], "three keys");

        // Both verifiers pass it, and say the seats signed every move.
        let report = cli::audit::audit_export(&export, None).map_err(|e| anyhow!("{ruleset}: arbiter audit: {e}"))?;
        assert_eq!(report.checks.iter().filter(|c| c.detail.contains("every move signed by the seat's key")).count(), 2, "{ruleset}");
        let said = verify_py(dir.path(), ruleset, &export)?.map_err(|e| anyhow!("{ruleset}: verify.py: {e}"))?;
        assert!(said.contains("ok randomness nodes: 3") && said.matches("every move signed by the seat's key").count() == 2, "{said}");

        // Two secrets of three predict nothing; all three recompute every draw.
        let (draws, differ) = two_secrets_cannot_predict(&export, &key_files)?;
        assert!(draws >= 1, "{ruleset}: the match drew");
        let shuffles = export.commits.iter().filter(|c| matches!(input(c), Some(CI::Draw(d)) if d.values.len() >= 10)).count();
        assert!(differ >= shuffles, "{ruleset}: every shuffle of 10 or more differs from its candidate ({differ} of {draws} draws differ)");

        // Tampered copies fail both verifiers at the draw's version.
        let at = export.commits.iter().position(|c| matches!(input(c), Some(CI::Draw(d)) if d.values.len() > 1)).context("a shuffle")?;
        let version = at as u64 + 1;
        for (name, copy) in [
            ("draw-changed", tampered(&export, at, &operator, &t.seats, |d| d.values.swap(0, 1))?),
            ("share-removed", tampered(&export, at, &operator, &t.seats, |d| drop(d.shares.remove(1)))?),
            ("share-changed", tampered(&export, at, &operator, &t.seats, |d| d.shares[2].share[0] ^= 1)?),
        ] {
            let audit = cli::audit::audit_export(&copy, None).err().map(|e| e.to_string()).context("the audit passes a tampered copy")?;
            let python = verify_py(dir.path(), &format!("{ruleset}-{name}"), &copy)?.err().context("verify.py passes a tampered copy")?;
            for said in [&audit, &python] {
                assert!(said.contains(&format!("version {version}:")), "{ruleset} {name}: {said}");
            }
            if name == "share-removed" {
                for said in [&audit, &python] {
                    assert!(said.contains("the share of node 1 is missing"), "{said}");
                }
            }
        }
    }
    assert!(up.stop().await?.success());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_down_makes_the_draw_wait_unavailable_naming_it_and_the_match_goes_on_once_it_is_back() -> Result<()> {
    use eventlog::EventLog;
    let system = harness::System::start().await?;
    // Two more nodes, each with its own key file: a, b (the system's own service) and c.
    let node_args = |key: &str, listen: &str| {
        [
            vec!["--listen".into(), listen.to_string()],
            harness::nats_args(&system.nats, &system.credentials, eventlog::Role::Randomness),
            vec!["--key-file".into(), system.dir.path().join(key).display().to_string()],
            harness::tls_args(&system.pki, "randomness"),
        ]
        .concat()
    };
    let a = harness::spawn_service("randomness", &node_args("node-a.json", "127.0.0.1:0")).await?;
    let c = harness::spawn_service("randomness", &node_args("node-c.json", "127.0.0.1:0")).await?;
    let c_addr = c.addr.clone();
    let nodes = [format!("a={}", a.url()), format!("b={}", system.randomness.url()), format!("c={}", c.url())];
    let extra: Vec<&str> = nodes.iter().flat_map(|n| ["--randomness", n.as_str()]).collect();
    let orchestrator = system.spawn_orchestrator_with(&extra).await?;
    let mut client = MatchServiceClient::connect(orchestrator.url()).await?;

    // Node c goes down after the match is created, before the seats join: the first draw
    // cannot be made.
    let created = create(&mut client, harness::platform_key(), "mainframe").await?;
    c.kill().await?;
    let t = join(&mut client, created, 0x61).await?;
    let before = system.log_len(&t.match_id).await?;
    let req = m::SubmitDecisionRequest { match_id: t.match_id.clone(), decision_id: 1, ..Default::default() };
    let err = client.submit_decision(with_token(req.clone(), &t.tokens[0])).await.expect_err("node c is down");
    assert_eq!(err.code(), Code::Unavailable, "{}", err.message());
    assert!(err.message().contains("randomness node \"c\""), "names the node: {}", err.message());
    assert_eq!(system.log_len(&t.match_id).await?, before, "nothing is logged while a node is down");
    let log = system.admin_log().await?;
    let last = log.read(&t.match_id, 1).await.map_err(|e| anyhow!("{e}"))?.pop().context("a log")?;
    let last = l::Commit::decode(last.payload.as_ref())?;
    assert!(matches!(last.awaiting.and_then(|a| a.what), Some(api::rules_v1::awaiting::What::Draw(_))), "the match waits for its draw");

    // Node c back on its address, with its key file: the match goes on from the same draw.
    let _c = harness::spawn_service("randomness", &node_args("node-c.json", &c_addr)).await?;
    let mut rng = Rng(7);
    let mut played = 0;
    while played < 20 && play_one(&mut client, &t, &mut rng).await? {
        played += 1;
    }
    let commits = log.read(&t.match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
    let draws: Vec<l::RandomDraw> = commits
        .iter()
        .filter_map(|s| match l::Commit::decode(s.payload.as_ref()).ok()?.input?.input? {
            CI::Draw(d) => Some(d),
            _ => None,
        })
        .collect();
    assert!(!draws.is_empty(), "the draw was made once node c was back");
    assert!(draws.iter().all(|d| d.shares.len() == 3 && d.signature.is_empty()), "every draw has the three nodes' shares");
    assert!(played > 0, "the match went on");
    Ok(())
}
