//! The independent verifier (`tests/python/verify.py`, written from `docs/log.md` and
//! `docs/fairness.md` alone) against `arbiter audit`: on every golden log, on fresh exports of
//! each ruleset, and on tampered copies of them, the two must give the same verdict, and a
//! failure must name the same version in both. Seat-signed logs too: every seat registers a key
//! and signs its acts, then a forged seat signature and an operator's re-signed changed choice.

mod python_venv;

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};
use api::log_v1::{commit_input::Input as CI, MatchExport};
use prost::Message;

/// What a verdict names: passed, or failed at a version (`None`: a failure of the whole match,
/// such as a missing reveal).
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Pass,
    Fail(Option<u64>),
}

/// The first "version N" a failure message names.
fn version_named(message: &str) -> Option<u64> {
    let at = message.find("version ")?;
    let digits: String = message[at + 8..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn audit(export: &MatchExport) -> (Verdict, String) {
    match cli::audit::audit_export_pinned(export, Some(&cli::simulate::public_key()), Some(&cli::simulate::orchestrator_public_key())) {
        Ok(_) => (Verdict::Pass, "ok".into()),
        Err(e) => {
            let message = e.to_string();
            (Verdict::Fail(version_named(&message)), message)
        }
    }
}

fn verify_py(path: &Path) -> Result<(Verdict, String)> {
    let out = Command::new(python_venv::python()?)
        .arg(python_venv::script("verify.py"))
        .arg(path)
        .args(["--public-key", &hex::encode(cli::simulate::public_key())])
        .args(["--orchestrator-key", &hex::encode(cli::simulate::orchestrator_public_key())])
        .output()
        .context("running verify.py")?;
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    match out.status.code() {
        Some(0) => {
            assert!(stdout.contains("verdict: the match checks out"), "{stdout}");
            Ok((Verdict::Pass, stdout))
        }
        Some(1) => {
            let line = stdout.lines().find(|l| l.starts_with("FAIL: ")).context("a failure without its FAIL line")?.to_string();
            Ok((Verdict::Fail(version_named(&line)), line))
        }
        other => anyhow::bail!("verify.py could not check {} ({other:?}): {stdout}{}", path.display(), String::from_utf8_lossy(&out.stderr)),
    }
}

/// Both verifiers on `export` (written to `dir` as today's `arbiter export` writes it): the same
/// verdict, which is returned.
fn both(dir: &Path, name: &str, export: &MatchExport) -> Result<Verdict> {
    let path = dir.join(format!("{name}.arbiter-export.json"));
    cli::export::write_file(&path, export)?;
    let (mine, said) = verify_py(&path)?;
    let (theirs, audit_said) = audit(export);
    assert_eq!(mine, theirs, "{name}: verify.py says {said:?}, arbiter audit says {audit_said:?}");
    Ok(mine)
}

fn golden(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("golden").join(name)
}

#[test]
fn the_python_verifier_agrees_with_the_audit_on_every_golden_log_and_fresh_exports() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let mut files = 0;
    for entry in std::fs::read_dir(golden(""))? {
        let path = entry?.path();
        if !path.to_string_lossy().ends_with(".arbiter-export.json") {
            continue;
        }
        // The committed file itself (the earlier layout, arbiter-export/v1), then as today's export.
        let (mine, said) = verify_py(&path)?;
        assert_eq!(mine, Verdict::Pass, "{}: {said}", path.display());
        let export = cli::export::read_file(&path)?;
        let name = path.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        assert_eq!(both(dir.path(), &name, &export)?, Verdict::Pass);
        files += 1;
    }
    assert!(files >= 9, "only {files} golden logs");
    for (ruleset, seats, seed) in [("mainframe", 3, 71), ("netrunner", 2, 72), ("neonhope", 2, 73)] {
        let export = cli::simulate::simulate_match(ruleset, seats, seed)?;
        assert_eq!(both(dir.path(), &format!("{ruleset}-fresh"), &export)?, Verdict::Pass, "{ruleset}");
    }
    Ok(())
}

/// The version of the first commit whose input matches `what`.
fn first(export: &MatchExport, what: impl Fn(&CI) -> bool) -> Result<usize> {
    export.commits.iter().position(|c| c.input.as_ref().and_then(|i| i.input.as_ref()).is_some_and(&what)).context("no such commit")
}

/// `export` with the stored bytes of commit `at` (0-based) changed by `change` and nothing
/// re-signed: what someone without the orchestrator key can do.
fn edited(export: &MatchExport, at: usize, change: impl FnOnce(&mut api::log_v1::Commit)) -> Result<MatchExport> {
    let mut out = export.clone();
    let stored = &export.stored_commits[at];
    let mut commit = api::log_v1::Commit::decode(stored.as_slice())?;
    change(&mut commit);
    // The changed body under the old signature (docs/log.md: body, 0x7a 0x40, signature).
    commit.signature.clear();
    let mut bytes = commit.encode_to_vec();
    bytes.extend_from_slice(&stored[stored.len().saturating_sub(66)..]);
    out.commits[at] = api::log_v1::Commit::decode(bytes.as_slice())?;
    out.stored_commits[at] = bytes;
    Ok(out)
}

#[test]
fn the_python_verifier_and_the_audit_fail_tampered_logs_at_the_same_version() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let export = cli::export::read_file(&golden("netrunner-2p-seed2.arbiter-export.json"))?;
    let operator = fairness::Signer::from_seed(&cli::simulate::ORCHESTRATOR_SEED);
    let stranger = fairness::Signer::from_seed(&[0x44; 32]);
    let draw = first(&export, |i| matches!(i, CI::Draw(d) if !d.values.is_empty()))?;
    let decision = first(&export, |i| matches!(i, CI::Decision(_)))?;
    let bump_draw = |c: &mut api::log_v1::Commit| {
        if let Some(CI::Draw(d)) = c.input.as_mut().and_then(|i| i.input.as_mut()) {
            d.values[0] ^= 1;
        }
    };
    let cases: Vec<(&str, MatchExport, Verdict)> = vec![
        // A changed draw: re-signed by the operator, the chain holds and the draw does not.
        ("draw changed, re-signed", cli::simulate::re_signed_from(&export, draw, &operator, bump_draw)?, Verdict::Fail(Some(draw as u64 + 1))),
        // The same change without the key breaks the chain where it was made.
        ("draw changed", edited(&export, draw, bump_draw)?, Verdict::Fail(Some(draw as u64 + 1))),
        // A changed choice, without the key.
        (
            "choice changed",
            edited(&export, decision, |c| {
                if let Some(CI::Decision(d)) = c.input.as_mut().and_then(|i| i.input.as_mut()) {
                    if let Some(decision) = d.decision.as_mut() {
                        decision.decision_id += 1;
                    }
                }
            })?,
            Verdict::Fail(Some(decision as u64 + 1)),
        ),
        // A forged commit re-signed with another key.
        (
            "re-signed by a stranger",
            cli::simulate::re_signed_from(&export, decision, &stranger, |c| c.written_at_ms += 1)?,
            Verdict::Fail(Some(decision as u64 + 1)),
        ),
        // A commit removed from the middle: the next one's link breaks.
        (
            "commit removed",
            {
                let mut e = export.clone();
                e.commits.remove(decision);
                e.stored_commits.remove(decision);
                e
            },
            Verdict::Fail(Some(decision as u64 + 1)),
        ),
        // The operator's own re-signed rewrite of a time passes both: only a witness catches it
        // (docs/log.md, "Witnesses").
        ("time rewritten by the operator", cli::simulate::re_signed_from(&export, decision, &operator, |c| c.written_at_ms += 1)?, Verdict::Pass),
    ];
    for (name, tampered, expected) in cases {
        assert_eq!(both(dir.path(), &name.replace(' ', "-"), &tampered)?, expected, "{name}");
    }
    Ok(())
}

/// `export` as if every seat had registered a key (seat `s`: seed `[0x50 + s; 32]`) and signed
/// each of its decisions against the commit before it (docs/log.md, "Seat-signed acts"); the
/// chain re-made and re-signed by the simulator's orchestrator key.
fn with_signed_seats(export: &MatchExport) -> Result<MatchExport> {
    let operator = fairness::Signer::from_seed(&cli::simulate::ORCHESTRATOR_SEED);
    let seat_signer = |seat: u32| fairness::Signer::from_seed(&[0x50 + seat as u8; 32]);
    let mut stored: Vec<Vec<u8>> = Vec::new();
    for bytes in &export.stored_commits {
        let mut commit = api::log_v1::Commit::decode(bytes.as_slice())?;
        let against = stored.last().map(|p| fairness::chain::commit_hash(p)).unwrap_or_default();
        match commit.input.as_mut().and_then(|i| i.input.as_mut()) {
            Some(CI::Joined(j)) => j.seat_public_key = seat_signer(j.seat).public_key().to_vec(),
            Some(CI::Decision(d)) => {
                let decision = d.decision.as_ref().context("a decision commit without its decision")?;
                let choice = api::seat::choice_of(decision.choice.as_ref()).context("a decision without a choice")?;
                let act = fairness::seat::Act::Decision { decision_id: decision.decision_id, choice: &choice };
                d.seat_signature = fairness::seat::sign_act(&seat_signer(decision.seat), &export.match_id, decision.seat, &against, act).to_vec();
            }
            _ => {}
        }
        commit.signature.clear();
        commit.prev_hash = stored.last().map(|p| fairness::chain::commit_hash(p).to_vec()).unwrap_or_default();
        stored.push(fairness::chain::seal(&operator, &commit.encode_to_vec()));
    }
    let commits = stored.iter().map(|b| api::log_v1::Commit::decode(b.as_slice())).collect::<Result<Vec<_>, _>>()?;
    Ok(MatchExport { match_id: export.match_id.clone(), commits, stored_commits: stored })
}

#[test]
fn the_python_verifier_and_the_audit_agree_on_seat_signed_logs_and_their_forgeries() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let signed = with_signed_seats(&cli::simulate::simulate_match("mainframe", 2, 74)?)?;
    assert_eq!(both(dir.path(), "signed", &signed)?, Verdict::Pass);
    let path = dir.path().join("signed.arbiter-export.json");
    let (_, said) = verify_py(&path)?;
    assert_eq!(said.matches("every move signed by the seat's key").count(), 2, "{said}");
    let operator = fairness::Signer::from_seed(&cli::simulate::ORCHESTRATOR_SEED);
    let decision = first(&signed, |i| matches!(i, CI::Decision(_)))?;
    let cases: Vec<(&str, MatchExport)> = vec![
        // The operator rewrites a signed seat's signature (re-signing the chain): refused.
        (
            "seat signature forged",
            cli::simulate::re_signed_from(&signed, decision, &operator, |c| {
                if let Some(CI::Decision(d)) = c.input.as_mut().and_then(|i| i.input.as_mut()) {
                    d.seat_signature[0] ^= 1;
                }
            })?,
        ),
        // The operator changes a signed seat's choice and re-signs the chain: the seat did not sign it.
        (
            "choice changed by the operator",
            cli::simulate::re_signed_from(&signed, decision, &operator, |c| {
                if let Some(CI::Decision(d)) = c.input.as_mut().and_then(|i| i.input.as_mut()) {
                    if let Some(decision) = d.decision.as_mut() {
                        decision.decision_id += 1;
                    }
                }
            })?,
        ),
    ];
    for (name, tampered) in cases {
        assert_eq!(both(dir.path(), &name.replace(' ', "-"), &tampered)?, Verdict::Fail(Some(decision as u64 + 1)), "{name}");
    }
    Ok(())
}

/// Scheme v2 (several randomness nodes): a whole match of each ruleset with three
/// nodes passes both verifiers; a changed draw, a removed share and a changed share (each
/// re-signed by the operator, so the chain holds) fail both at the draw's version, and the
/// removed share is named as node 1's.
#[test]
fn the_python_verifier_and_the_audit_agree_on_three_node_matches_and_a_removed_or_changed_share() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let operator = fairness::Signer::from_seed(&cli::simulate::ORCHESTRATOR_SEED);
    for (ruleset, seats, seed) in [("mainframe", 3, 81), ("netrunner", 2, 82), ("neonhope", 2, 83)] {
        let export = cli::simulate::simulate_match_nodes(ruleset, seats, seed, 3)?;
        let verdict = both(dir.path(), &format!("{ruleset}-3-nodes"), &export)?;
        let (_, said) = verify_py(&dir.path().join(format!("{ruleset}-3-nodes.arbiter-export.json")))?;
        assert_eq!(verdict, Verdict::Pass, "{ruleset}: {said}");
        assert!(said.contains("ok randomness nodes: 3"), "{said}");
    }
    let export = cli::simulate::simulate_match_nodes("netrunner", 2, 84, 3)?;
    let draw = first(&export, |i| matches!(i, CI::Draw(d) if d.values.len() > 1))?;
    let with_draw = |change: fn(&mut api::log_v1::RandomDraw)| {
        move |c: &mut api::log_v1::Commit| {
            if let Some(CI::Draw(d)) = c.input.as_mut().and_then(|i| i.input.as_mut()) {
                change(d);
            }
        }
    };
    let cases: Vec<(&str, MatchExport)> = vec![
        ("draw changed", cli::simulate::re_signed_from(&export, draw, &operator, with_draw(|d| d.values.swap(0, 1)))?),
        ("share removed", cli::simulate::re_signed_from(&export, draw, &operator, with_draw(|d| drop(d.shares.remove(1))))?),
        ("share changed", cli::simulate::re_signed_from(&export, draw, &operator, with_draw(|d| d.shares[2].share[0] ^= 1))?),
    ];
    for (name, tampered) in cases {
        let file = format!("v2-{}", name.replace(' ', "-"));
        assert_eq!(both(dir.path(), &file, &tampered)?, Verdict::Fail(Some(draw as u64 + 1)), "{name}");
        let (_, said) = verify_py(&dir.path().join(format!("{file}.arbiter-export.json")))?;
        let (_, audit_said) = audit(&tampered);
        if name == "share removed" {
            for said in [&said, &audit_said] {
                assert!(said.contains("the share of node 1 is missing"), "{said}");
            }
        }
    }
    // verify.py recomputes the v2 vectors on its own (the crate's tests check the same file).
    let out = Command::new(python_venv::python()?)
        .arg(python_venv::script("verify.py"))
        .arg("--check-vectors-v2")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../services/fairness/tests/vectors_v2.json"))
        .output()?;
    assert!(out.status.success() && String::from_utf8_lossy(&out.stdout).contains("all v2 vectors agree"), "{}", String::from_utf8_lossy(&out.stdout));
    Ok(())
}
