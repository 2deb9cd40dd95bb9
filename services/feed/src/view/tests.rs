use super::*;
use api::log_v1 as l;
use api::rules_v1 as r;

pub(crate) fn signer() -> fairness::Signer {
    fairness::Signer::from_seed(&[3; 32])
}

/// A chain of commits of one match: created (with options and tournament), one join, one
/// event with a private part, the end, then the secret's reveal (without a clock, as the
/// orchestrator logs it).
pub(crate) fn log(signer: &fairness::Signer, match_id: &str, tournament: &str, delay_s: i64) -> Vec<Vec<u8>> {
    log_clocked(signer, match_id, tournament, delay_s, |i| 1_000 * (i as i64 + 1))
}

/// `log`, with the clock of each commit (by index) chosen by the test.
fn log_clocked(signer: &fairness::Signer, match_id: &str, tournament: &str, delay_s: i64, clock: impl Fn(usize) -> i64) -> Vec<Vec<u8>> {
    let mut prev: Option<Vec<u8>> = None;
    let mut out = Vec::new();
    let inputs: Vec<(l::commit_input::Input, Vec<r::RulesEvent>, Option<r::awaiting::What>)> = vec![
        (
            l::commit_input::Input::Created(l::MatchCreated {
                config: Some(r::MatchConfig {
                    ruleset: "mainframe".into(),
                    seats: vec![m::SeatSpec { name: "ann".into(), ..Default::default() }],
                    options: [(DELAY_OPTION.to_string(), delay_s)].into_iter().collect(),
                }),
                orchestrator_public_key: signer.public_key().to_vec(),
                tournament_id: tournament.into(),
                round: 2,
                table: 5,
                ..Default::default()
            }),
            vec![],
            None,
        ),
        (l::commit_input::Input::Joined(l::SeatJoined { seat: 0, ..Default::default() }), vec![], None),
        (
            l::commit_input::Input::Joined(l::SeatJoined { seat: 0, ..Default::default() }),
            vec![r::RulesEvent {
                kind: "t.drew".into(),
                text: "ann drew a card".into(),
                detail_json: "{\"seat\":0}".into(),
                private_to: vec![0],
                private_text: "ann drew SECRET-CARD".into(),
                private_detail_json: "{\"card\":\"SECRET-CARD\"}".into(),
            }],
            None,
        ),
        (
            l::commit_input::Input::Joined(l::SeatJoined { seat: 0, ..Default::default() }),
            vec![r::RulesEvent {
                kind: "t.game_over".into(),
                text: "ann wins".into(),
                detail_json: "{\"winner\":0,\"score\":[7,2]}".into(),
                ..Default::default()
            }],
            Some(r::awaiting::What::Ended(r::Outcome { winners: vec![0], reason: "won".into() })),
        ),
        // The orchestrator logs the reveal with the awaiting it found: still `Ended`.
        (
            l::commit_input::Input::Revealed(l::SecretRevealed { secret: vec![7; 32], ..Default::default() }),
            vec![],
            Some(r::awaiting::What::Ended(r::Outcome { winners: vec![0], reason: "won".into() })),
        ),
    ];
    for (i, (input, events, what)) in inputs.into_iter().enumerate() {
        let revealed = matches!(input, l::commit_input::Input::Revealed(_));
        let commit = l::Commit {
            match_id: match_id.into(),
            version: i as u64 + 1,
            input: Some(l::CommitInput { input: Some(input) }),
            events,
            rules_version: "rv1".into(),
            written_at_ms: if revealed { 0 } else { clock(i) },
            awaiting: what.map(|w| r::Awaiting { what: Some(w) }),
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: prev.as_ref().map(|p| fairness::chain::commit_hash(p).to_vec()).unwrap_or_default(),
            ..Default::default()
        };
        let stored = fairness::chain::seal(signer, &commit.encode_to_vec());
        prev = Some(stored.clone());
        out.push(stored);
    }
    out
}

#[test]
fn subjects_name_the_tournament_or_underscore() {
    assert_eq!(events_subject("spring-24", "m1"), "feed.spring-24.m1.events");
    assert_eq!(result_subject(NO_TOURNAMENT, "m1"), "feed._.m1.result");
    assert_eq!(tournament_token("spring-24"), "spring-24");
    for bad in ["", "a.b", "*", ">", "a b", &"x".repeat(65)] {
        assert_eq!(tournament_token(bad), NO_TOURNAMENT, "{bad:?}");
    }
    let mut p = Projection::new(None);
    let s = signer();
    let first = p.accept("m1", &log(&s, "m1", "spring-24", 0)[0]).unwrap();
    assert_eq!(first.events_subject, "feed.spring-24.m1.events");
    assert_eq!((first.update.round, first.update.table), (2, 5));
    let other = p.accept("m2", &log(&s, "m2", "", 0)[0]).unwrap();
    assert_eq!(other.events_subject, "feed._.m2.events");
    let dotted = p.accept("m3", &log(&s, "m3", "a.b", 0)[0]).unwrap();
    assert_eq!(dotted.events_subject, "feed._.m3.events");
}

#[test]
fn commits_become_spectator_views_and_a_result() {
    let s = signer();
    let mut p = Projection::new(Some(s.public_key().to_vec()));
    let out: Vec<Projected> = log(&s, "m1", "", 30).iter().map(|c| p.accept("m1", c).unwrap()).collect();
    assert_eq!(out.iter().map(|o| o.version).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    // Delayed by 30 s from each commit's logged time; the clockless reveal with the commit
    // before it.
    assert_eq!(out.iter().map(|o| o.due_ms).collect::<Vec<_>>(), [31_000, 32_000, 33_000, 34_000, 34_000]);
    let json = serde_json::to_string(&out[2].update).unwrap();
    assert!(json.contains("ann drew a card"), "{json}");
    assert!(!json.contains("SECRET-CARD"), "a private part reached the feed: {json}");
    assert_eq!(out[0].update.status, "waiting_for_seats");
    assert!(out[..3].iter().all(|o| o.result.is_none()));
    let (subject, result) = out[3].result.clone().expect("a result at the end");
    assert_eq!(subject, "feed._.m1.result");
    assert_eq!((result.winners, result.reason.as_str(), result.duration_ms, result.version), (vec![0], "won", 3_000, 4));
    assert_eq!(result.score, Some(vec![7, 2]), "the ending event's score");
    assert_eq!(out[3].update.status, "ended");
    // The reveal logs the same `Ended` awaiting: one result per match, never a second.
    assert!(out[4].result.is_none(), "the reveal made a second result: {:?}", out[4].result);
    assert_eq!(out[4].update.status, "ended");
}

#[test]
fn every_update_and_the_result_carry_the_chain_hash_of_their_commits_stored_bytes() {
    let s = signer();
    let commits = log(&s, "m1", "t", 0);
    let mut p = Projection::new(None);
    let out: Vec<Projected> = commits.iter().map(|c| p.accept("m1", c).unwrap()).collect();
    for (o, stored) in out.iter().zip(&commits) {
        assert_eq!(o.update.chain_hash, hex::encode(fairness::chain::commit_hash(stored)), "version {}", o.version);
        // The hashed bytes end with the signature, so the hash is not that of the body alone.
        let (body, _) = fairness::chain::split(stored).unwrap();
        assert_ne!(o.update.chain_hash, hex::encode(fairness::chain::commit_hash(body)));
        let json: serde_json::Value = serde_json::to_value(&o.update).unwrap();
        assert_eq!(json["chain_hash"].as_str(), Some(o.update.chain_hash.as_str()), "a JSON member of every update");
    }
    let (_, result) = out[3].result.clone().expect("a result at the end");
    assert_eq!(result.chain_hash, out[3].update.chain_hash, "the result names the ending commit's hash");
    // The same through a batch.
    let mut batched = Projection::new(None);
    let batch: Vec<(&str, &[u8])> = commits.iter().map(|c| ("m1", c.as_slice())).collect();
    let hashes: Vec<String> = batched.accept_batch(&batch).into_iter().map(|r| r.unwrap().update.chain_hash).collect();
    assert_eq!(hashes, out.iter().map(|o| o.update.chain_hash.clone()).collect::<Vec<_>>());
    // A message published before the member existed still reads (as an empty hash).
    let mut old = serde_json::to_value(&out[1].update).unwrap();
    old.as_object_mut().unwrap().remove("chain_hash");
    let read: FeedUpdate = serde_json::from_value(old).unwrap();
    assert_eq!(read.chain_hash, "");
}

/// The stored bytes of `commit`, linked after `prev` and signed by `signer`.
fn sealed_after(signer: &fairness::Signer, prev: &[u8], mut commit: l::Commit) -> Vec<u8> {
    commit.signature.clear();
    commit.prev_hash = fairness::chain::commit_hash(prev).to_vec();
    commit.log_format = fairness::chain::LOG_FORMAT_SIGNED;
    fairness::chain::seal(signer, &commit.encode_to_vec())
}

/// A commit 6 of `m1` signed by the orchestrator and linked to the reveal: a valid chain
/// continuation, but after the match's last commit.
pub(crate) fn late_commit(signer: &fairness::Signer, commits: &[Vec<u8>]) -> Vec<u8> {
    let late = l::Commit {
        match_id: "m1".into(),
        version: commits.len() as u64 + 1,
        input: Some(l::CommitInput { input: Some(l::commit_input::Input::Joined(l::SeatJoined { seat: 0, ..Default::default() })) }),
        written_at_ms: 9_000,
        ..Default::default()
    };
    sealed_after(signer, commits.last().unwrap(), late)
}

#[test]
fn the_count_of_remembered_matches_goes_back_down_as_matches_end() {
    let s = signer();
    let logs: Vec<Vec<Vec<u8>>> = (0..10).map(|i| log(&s, &format!("m{i}"), "t", 0)).collect();
    let mut p = Projection::new(Some(s.public_key().to_vec()));
    // All ten matches up to their game-over commit: all live.
    for commit in 0..4 {
        for (i, log) in logs.iter().enumerate() {
            p.accept(&format!("m{i}"), &log[commit]).unwrap();
        }
    }
    assert_eq!((p.matches(), p.closed()), (10, 0));
    // The game-over commit alone does not close a match: its reveal is still to come.
    // Each reveal drops its match's state.
    for (i, log) in logs.iter().enumerate() {
        p.accept(&format!("m{i}"), &log[4]).unwrap();
        assert_eq!(p.matches(), 9 - i, "match m{i}'s state is kept after its last commit");
    }
    assert_eq!(p.closed(), 10);
    // The same through batches, a match ending in the middle of one.
    let mut batched = Projection::new(None);
    let all: Vec<(String, &[u8])> = logs.iter().enumerate().flat_map(|(i, log)| log.iter().map(move |c| (format!("m{i}"), c.as_slice()))).collect();
    let all: Vec<(&str, &[u8])> = all.iter().map(|(m, c)| (m.as_str(), *c)).collect();
    for chunk in all.chunks(7) {
        assert!(batched.accept_batch(chunk).iter().all(|r| r.is_ok()));
    }
    assert_eq!((batched.matches(), batched.closed()), (0, 10));
}

#[test]
fn the_closed_window_is_bounded_and_a_forgotten_match_is_still_refused_past_commit_one() {
    let s = signer();
    let mut p = Projection::new(None);
    p.closed = ClosedWindow::new(3);
    let logs: Vec<Vec<Vec<u8>>> = (0..5).map(|i| log(&s, &format!("m{i}"), "", 0)).collect();
    for (i, log) in logs.iter().enumerate() {
        for c in log {
            p.accept(&format!("m{i}"), c).unwrap();
        }
    }
    assert_eq!((p.matches(), p.closed()), (0, 3), "at most the window's capacity of closed ids");
    // m0 is forgotten entirely: a later commit of it continues no known chain.
    let err = p.accept("m0", &logs[0][2]).unwrap_err().to_string();
    assert!(err.contains("but it is commit 1 of match"), "{err}");
    // ... and remembering that refusal stays within the window.
    assert_eq!((p.matches(), p.closed()), (0, 3));
    // m4 is still in the window: refused by name.
    let err = p.accept("m4", &logs[4][0]).unwrap_err().to_string();
    assert!(err.contains("ended with version 5") && err.contains("says version 1"), "{err}");
}

#[test]
fn a_commit_after_the_reveal_or_a_replayed_commit_one_is_refused_and_not_projected() {
    let s = signer();
    let commits = log(&s, "m1", "t", 0);
    let late = late_commit(&s, &commits);
    let mut p = Projection::new(Some(s.public_key().to_vec()));
    let results: Vec<u64> = commits.iter().map(|c| p.accept("m1", c).unwrap().version).collect();
    assert_eq!(results, [1, 2, 3, 4, 5]);
    // A validly signed and linked commit after the last one.
    let err = p.accept("m1", &late).unwrap_err();
    assert!(matches!(err, FeedError::AfterEnd { last_version: 5, .. }), "{err}");
    assert!(err.to_string().contains("says version 6"), "{err}");
    // Every old commit again, the creation first: the match must not start over (no view,
    // no second result), and the projection keeps no state for it.
    for (i, c) in commits.iter().enumerate() {
        let err = p.accept("m1", c).unwrap_err();
        assert!(matches!(err, FeedError::AfterEnd { last_version: 5, .. }), "commit {}: {err}", i + 1);
    }
    assert_eq!((p.matches(), p.closed()), (0, 1));
    // Another match is not affected.
    assert!(p.accept("m2", &log(&s, "m2", "t", 0)[0]).is_ok());
}

#[test]
fn a_match_ending_in_the_middle_of_a_batch_refuses_what_follows_as_commit_by_commit() {
    let s = signer();
    let (m1, m2) = (log(&s, "m1", "", 0), log(&s, "m2", "t", 5));
    let late = late_commit(&s, &m1);
    // m1 ends in the middle; after its reveal, a late commit and a replayed creation, with
    // m2 interleaved before and after.
    let mut batch: Vec<(&str, &[u8])> = m1.iter().zip(&m2).flat_map(|(a, b)| [("m1", a.as_slice()), ("m2", b.as_slice())]).collect();
    batch.insert(batch.len() - 1, ("m1", late.as_slice()));
    batch.insert(batch.len() - 1, ("m1", m1[0].as_slice()));
    let (one_by_one, batched) = one_by_one_and_batched(&batch);
    assert_eq!(batched, one_by_one);
    let m1_out: Vec<&String> = batched.iter().zip(&batch).filter(|(_, (m, _))| *m == "m1").map(|(o, _)| o).collect();
    assert_eq!(m1_out.len(), 7);
    assert!(m1_out[..5].iter().all(|o| o.starts_with("m1 v")), "{m1_out:?}");
    assert!(m1_out[5..].iter().all(|o| o.contains("ended with version 5")), "{m1_out:?}");
    assert!(batched.last().unwrap().starts_with("m2 v5"), "{batched:?}");
    // The batch leaves the same memory as commit by commit: both matches closed.
    let mut p = Projection::new(None);
    p.accept_batch(&batch);
    assert_eq!((p.matches(), p.closed()), (0, 2));
    // A match that ends in a batch whose signature fails is checked one by one: the forged
    // reveal is named, and the match stays broken (closed), never ended.
    let forger = fairness::Signer::from_seed(&[9; 32]);
    let forged = rechain(&m1, 4, &forger);
    let batch: Vec<(&str, &[u8])> = forged.iter().map(|c| ("m1", c.as_slice())).chain([("m1", late.as_slice())]).collect();
    let (one_by_one, batched) = one_by_one_and_batched(&batch);
    assert_eq!(batched, one_by_one);
    assert!(batched[4].contains("version 5") && batched[4].contains("signature"), "{batched:?}");
    assert!(batched[5].contains("earlier commit"), "{batched:?}");
}

#[test]
fn a_match_ending_on_a_draw_commit_ends_at_the_last_logged_clock() {
    // Draws and reveals carry no clock (`written_at_ms = 0`): the result must not say the
    // match ended in 1970 or lasted a negative time.
    let s = signer();
    let mut p = Projection::new(None);
    let commits = log_clocked(&s, "m1", "", 0, |i| if i == 3 { 0 } else { 1_000 * (i as i64 + 1) });
    let out: Vec<Projected> = commits.iter().map(|c| p.accept("m1", c).unwrap()).collect();
    let (_, result) = out[3].result.clone().expect("a result at the end");
    assert_eq!((result.started_at_ms, result.ended_at_ms, result.duration_ms), (1_000, 3_000, 2_000));
    assert_eq!(out[3].due_ms, 3_000, "a clockless commit is due with the one before it");
    assert_eq!(out[3].update.written_at_ms, 3_000, "and is shown at its time");
}

#[test]
fn a_forged_or_foreign_commit_is_refused_and_so_is_the_rest_of_its_match() {
    let s = signer();
    let commits = log(&s, "m1", "", 0);
    // Self-signed by another key, appended after a good prefix.
    let forger = fairness::Signer::from_seed(&[9; 32]);
    let forged = log(&forger, "m1", "", 0);
    let mut p = Projection::new(None);
    p.accept("m1", &commits[0]).unwrap();
    let err = p.accept("m1", &forged[1]).unwrap_err();
    assert!(matches!(err, FeedError::Tampered { version: 2, .. }), "{err}");
    let err = p.accept("m1", &commits[1]).unwrap_err();
    assert!(err.to_string().contains("earlier commit"), "{err}");
    // A pinned key refuses matches created under another one.
    let mut pinned = Projection::new(Some(s.public_key().to_vec()));
    let err = pinned.accept("m1", &forged[0]).unwrap_err().to_string();
    assert!(err.contains("pinned"), "{err}");
    // A log that does not start with a creation is refused.
    let mut p = Projection::new(None);
    assert!(p.accept("m1", &commits[1]).is_err());
}

/// `stored` from commit `from` on, re-chained and signed by `signer` (a forger recomputing
/// every hash after the commit it replaces).
fn rechain(stored: &[Vec<u8>], from: usize, signer: &fairness::Signer) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = stored[..from].to_vec();
    for (i, c) in stored.iter().enumerate().skip(from) {
        let mut commit = l::Commit::decode(c.as_slice()).unwrap();
        commit.signature.clear();
        commit.prev_hash = out.last().map(|p| fairness::chain::commit_hash(p).to_vec()).unwrap_or_default();
        if i == from {
            commit.rules_version = "forged".into();
        }
        out.push(fairness::chain::seal(signer, &commit.encode_to_vec()));
    }
    out
}

/// Results as comparable text: each commit's version and JSON view, or the error.
fn outcomes(results: Vec<Result<Projected, FeedError>>) -> Vec<String> {
    results
        .into_iter()
        .map(|r| match r {
            Ok(p) => format!("{} v{} {}", p.match_id, p.version, serde_json::to_string(&p.update).unwrap()),
            Err(e) => format!("error: {e}"),
        })
        .collect()
}

/// The same commits fed one by one to `accept`, and as one batch to `accept_batch`.
fn one_by_one_and_batched(batch: &[(&str, &[u8])]) -> (Vec<String>, Vec<String>) {
    let mut single = Projection::new(None);
    let one_by_one = outcomes(batch.iter().map(|(m, c)| single.accept(m, c)).collect());
    let mut batched = Projection::new(None);
    (one_by_one, outcomes(batched.accept_batch(batch)))
}

#[test]
fn a_batch_of_interleaved_matches_is_projected_as_commit_by_commit() {
    let s = signer();
    let (m1, m2) = (log(&s, "m1", "", 0), log(&s, "m2", "t", 5));
    let batch: Vec<(&str, &[u8])> = m1.iter().zip(&m2).flat_map(|(a, b)| [("m1", a.as_slice()), ("m2", b.as_slice())]).collect();
    let (one_by_one, batched) = one_by_one_and_batched(&batch);
    assert_eq!(batched, one_by_one);
    assert!(batched.iter().all(|o| !o.starts_with("error")), "{batched:?}");
    // A batch continues the chain where the previous one stopped.
    let mut p = Projection::new(None);
    let first: Vec<(&str, &[u8])> = m1[..2].iter().map(|c| ("m1", c.as_slice())).collect();
    let rest: Vec<(&str, &[u8])> = m1[2..].iter().map(|c| ("m1", c.as_slice())).collect();
    assert!(p.accept_batch(&first).iter().all(|r| r.is_ok()));
    let versions: Vec<u64> = p.accept_batch(&rest).into_iter().map(|r| r.unwrap().version).collect();
    assert_eq!(versions, [3, 4, 5]);
}

#[test]
fn a_forged_commit_in_a_batch_is_named_and_nothing_of_its_match_after_it_is_projected() {
    let s = signer();
    let forger = fairness::Signer::from_seed(&[9; 32]);
    let m1 = rechain(&log(&s, "m1", "", 0), 1, &forger);
    let m2 = log(&s, "m2", "", 0);
    let batch: Vec<(&str, &[u8])> = m1.iter().zip(&m2).flat_map(|(a, b)| [("m1", a.as_slice()), ("m2", b.as_slice())]).collect();
    let (one_by_one, batched) = one_by_one_and_batched(&batch);
    assert_eq!(batched, one_by_one);
    let m1_out: Vec<&String> = batched.iter().step_by(2).collect();
    assert!(m1_out[0].starts_with("m1 v1"), "{m1_out:?}");
    assert!(m1_out[1].contains("version 2") && m1_out[1].contains("signature"), "the first forged version is named: {m1_out:?}");
    assert!(m1_out[2..].iter().all(|o| o.contains("earlier commit")), "{m1_out:?}");
    assert!(batched.iter().skip(1).step_by(2).all(|o| o.starts_with("m2 v")), "the other match is untouched: {batched:?}");
    // A batch that holds only the forged commits, after an honest prefix.
    let mut p = Projection::new(None);
    p.accept("m1", &m1[0]).unwrap();
    let rest: Vec<(&str, &[u8])> = m1[1..].iter().map(|c| ("m1", c.as_slice())).collect();
    let err = p.accept_batch(&rest).remove(0).unwrap_err();
    assert!(matches!(err, FeedError::Tampered { version: 2, .. }), "{err}");
}

#[test]
fn a_broken_link_in_a_batch_is_named_and_the_commits_before_it_are_projected() {
    let s = signer();
    let mut m1 = log(&s, "m1", "", 0);
    // Commit 3 is signed by the orchestrator but does not continue commit 2.
    let mut commit = l::Commit::decode(m1[2].as_slice()).unwrap();
    commit.signature.clear();
    commit.prev_hash = fairness::chain::commit_hash(b"elsewhere").to_vec();
    m1[2] = fairness::chain::seal(&s, &commit.encode_to_vec());
    let batch: Vec<(&str, &[u8])> = m1.iter().map(|c| ("m1", c.as_slice())).collect();
    let (one_by_one, batched) = one_by_one_and_batched(&batch);
    assert_eq!(batched, one_by_one);
    assert!(batched[1].starts_with("m1 v2"), "{batched:?}");
    assert!(batched[2].contains("version 3") && batched[2].contains("prev_hash"), "{batched:?}");
}
