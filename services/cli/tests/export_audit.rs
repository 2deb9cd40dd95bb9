//! The export file format and the offline audit, on matches played in-process (engine, random
//! bots, the fairness scheme with fixed keys): no server needed.

use api::log_v1::{commit_input::Input as CI, MatchExport};
use cli::audit::{audit_export, audit_export_pinned, AuditFailure};
use cli::export::{from_json, from_json_str, to_json, to_json_string};
use cli::simulate::{orchestrator_public_key, public_key, simulate_match, simulate_match_with, ORCHESTRATOR_SEED};
use serde_json::Value;

fn played(seed: u64) -> MatchExport {
    simulate_match("mainframe", 2, seed).expect("a simulated match")
}

/// The export as a log written before logs were signed (format 1): no chain, no stored bytes.
/// The checks after the chain are tested on such logs, where an edit reaches them.
fn unsigned(export: &MatchExport) -> MatchExport {
    let mut e = export.clone();
    e.stored_commits.clear();
    for c in &mut e.commits {
        c.log_format = 0;
        c.prev_hash.clear();
        c.signature.clear();
        if let Some(CI::Created(created)) = c.input.as_mut().and_then(|i| i.input.as_mut()) {
            created.orchestrator_public_key.clear();
        }
    }
    e
}

/// Edit the export as a person would: through its JSON text (of its unsigned form).
fn edit(export: &MatchExport, f: impl FnOnce(&mut Value)) -> MatchExport {
    edit_signed(&unsigned(export), f)
}

/// Edit the export's JSON text as it is (signed exports keep their stored bytes).
fn edit_signed(export: &MatchExport, f: impl FnOnce(&mut Value)) -> MatchExport {
    let mut v: Value = serde_json::from_str(&to_json_string(export).unwrap()).unwrap();
    f(&mut v);
    from_json_str(&v.to_string()).expect("the edited file still parses")
}

/// Position in `commits` of the `n`-th draw commit.
fn nth_draw(export: &MatchExport, n: usize) -> usize {
    export
        .commits
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c.input.as_ref().and_then(|i| i.input.as_ref()), Some(CI::Draw(_))))
        .nth(n)
        .map(|(i, _)| i)
        .expect("enough draws")
}

#[test]
fn export_json_round_trips_losslessly() {
    for seed in [1, 2] {
        let export = played(seed);
        let text = to_json_string(&export).unwrap();
        let parsed: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(parsed, to_json(&export).unwrap());
        assert_eq!(from_json(&parsed).unwrap(), export);
        // And through the protobuf bytes, as `arbiter export` gets them.
        let bytes = prost::Message::encode_to_vec(&export);
        assert_eq!(cli::export::decode_export(&bytes).unwrap(), export);
    }
}

#[test]
fn export_json_is_readable() {
    let export = played(3);
    let text = to_json_string(&export).unwrap();
    assert!(text.contains("\"format\": \"arbiter-export/v2\""));
    assert!(text.contains("\"created\""));
    assert!(text.contains("\"joined\""));
    assert!(text.contains("\"draw\""));
    assert!(text.contains("\"revealed\""));
    // The proto3 JSON mapping: bytes are base64, proto field names (64-bit integers as numbers).
    let key =
        api::json::to_value(&api::log_v1::SecretRevealed { secret: public_key().to_vec(), ..Default::default() }, "arbiter.log.v1.SecretRevealed").unwrap();
    let key = key["secret"].as_str().unwrap().to_string();
    assert!(text.contains(&key), "bytes are base64");
    assert!(!text.contains(&hex::encode(public_key())));
    assert!(text.contains("\"version\": 1,"), "uint64 as a number");
    assert!(text.contains("\"index\": 0,"), "default values are printed");
    assert!(text.contains("\"stored_commits\""));
}

/// A file of the earlier format (v1: hex bytes, `stored` per commit, a pick's ids directly under
/// `pick`), as the golden logs are.
fn played_as_golden() -> MatchExport {
    simulate_match("mainframe", 2, 1).expect("a simulated match")
}

fn golden_v1() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden/mainframe-2p-seed1.arbiter-export.json");
    std::fs::read_to_string(path).expect("the golden log")
}

#[test]
fn a_v1_export_still_reads_audits_and_rewrites_as_v2() {
    let text = golden_v1();
    assert!(text.contains("\"format\": \"arbiter-export/v1\""));
    let export = from_json_str(&text).expect("v1 still reads");
    // Read exactly: the simulator, deterministic, plays the same match today.
    assert_eq!(export, played_as_golden(), "the v1 file reads as the match the simulator plays");
    assert_eq!(export.stored_commits.len(), export.commits.len());
    assert!(export.commits.iter().any(|c| matches!(c.input.as_ref().and_then(|i| i.input.as_ref()), Some(CI::Decision(_)))));
    // Read right: the readable commits are what the stored bytes decode to, and the audit passes.
    audit_export_pinned(&export, Some(&public_key()), Some(&orchestrator_public_key())).expect("the v1 file audits");
    // Written again it is v2, and reads back to the same export.
    let again = to_json_string(&export).unwrap();
    assert!(again.contains("arbiter-export/v2"));
    assert_eq!(from_json_str(&again).unwrap(), export);
}

#[test]
fn a_v1_export_with_stored_bytes_on_only_some_commits_or_bad_hex_is_refused_by_place() {
    let mut v: Value = serde_json::from_str(&golden_v1()).unwrap();
    v["commits"][2]["prev_hash"] = Value::String("zz".into());
    let err = from_json_str(&v.to_string()).unwrap_err().to_string();
    assert!(err.contains("commit #3") && err.contains("prev_hash"), "{err}");
    let mut v: Value = serde_json::from_str(&golden_v1()).unwrap();
    v["commits"][2].as_object_mut().unwrap().remove("stored");
    let err = from_json_str(&v.to_string()).unwrap_err().to_string();
    assert!(err.contains("stored"), "{err}");
}

#[test]
fn malformed_files_say_where() {
    let export = played(4);
    let i = nth_draw(&export, 0);
    let mut v: Value = serde_json::from_str(&to_json_string(&export).unwrap()).unwrap();
    v["commits"][i]["input"]["draw"]["signature"] = Value::String("not base64!".into());
    let err = from_json_str(&v.to_string()).unwrap_err().to_string();
    assert!(err.contains(&format!("version {}", i + 1)) && err.contains("signature"), "{err}");
    v["format"] = Value::String("other/v9".into());
    assert!(from_json_str(&v.to_string()).unwrap_err().to_string().contains("other/v9"));
}

#[test]
fn an_honest_match_passes_the_audit() {
    let export = played(5);
    let report = audit_export(&export, Some(&public_key())).expect("the audit passes");
    assert!(report.checks.iter().all(|c| c.ok), "{:#?}", report.checks);
    assert!(report.draws > 0 && report.decisions > 0);
    assert_eq!(report.commits, export.commits.len());
    assert!(report.outcome.is_some());
    // Without a pinned key, the key in the log is used.
    assert!(audit_export(&export, None).is_ok());
}

#[test]
fn a_changed_draw_value_is_named() {
    let export = played(6);
    let i = nth_draw(&export, 1);
    let (index, purpose) = match export.commits[i].input.as_ref().and_then(|x| x.input.as_ref()) {
        Some(CI::Draw(d)) => {
            let r = d.request.as_ref().unwrap();
            (r.index, r.purpose.clone())
        }
        _ => unreachable!(),
    };
    let tampered = edit(&export, |v| {
        let values = v["commits"][i]["input"]["draw"]["values"].as_array_mut().unwrap();
        if values.len() >= 2 {
            values.swap(0, 1); // a shuffle stays a permutation, so only the audit can tell
        } else {
            let x = values[0].as_u64().unwrap();
            values[0] = Value::from(if x == 0 { 1 } else { x - 1 });
        }
    });
    let err = audit_export(&tampered, Some(&public_key())).unwrap_err();
    match &err.failure {
        AuditFailure::Draw { version, index: idx, purpose: p, .. } => {
            assert_eq!((*version, *idx, p.as_str()), (i as u64 + 1, index, purpose.as_str()));
        }
        other => panic!("expected a draw failure, got {other:?}"),
    }
    let msg = err.to_string();
    assert!(msg.contains(&format!("draw {index} ({purpose:?})")), "{msg}");
    assert!(err.report.checks.iter().any(|c| !c.ok && c.name == "draws"));
}

#[test]
fn a_changed_signature_is_named() {
    let export = played(7);
    let i = nth_draw(&export, 0);
    let tampered = edit(&export, |v| {
        // Base64: another first letter changes the first byte and keeps it valid base64.
        let sig = v["commits"][i]["input"]["draw"]["signature"].as_str().unwrap().to_string();
        let flipped = format!("{}{}", if sig.starts_with('A') { 'B' } else { 'A' }, &sig[1..]);
        v["commits"][i]["input"]["draw"]["signature"] = Value::String(flipped);
    });
    let err = audit_export(&tampered, None).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::Draw { index: 0, .. }), "{err}");
    assert!(err.to_string().contains("signature"), "{err}");
}

#[test]
fn a_wrong_secret_or_key_fails() {
    let export = played(8);
    let last = export.commits.len() - 1;
    let tampered = edit(&export, |v| {
        // 32 zero bytes, in base64.
        v["commits"][last]["input"]["revealed"]["secret"] = Value::String(format!("{}=", "A".repeat(43)));
    });
    let err = audit_export(&tampered, None).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::Commitment(_)), "{err}");

    let err = audit_export(&export, Some(&[7u8; 32])).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::PublicKey { .. }), "{err}");
}

#[test]
fn a_changed_event_fails_the_replay_at_its_version() {
    let export = played(9);
    let i = export.commits.iter().position(|c| !c.events.is_empty() && c.version > 3).expect("events");
    let tampered = edit(&export, |v| {
        v["commits"][i]["events"][0]["text"] = Value::String("Something else happened".into());
    });
    let err = audit_export(&tampered, None).unwrap_err();
    match &err.failure {
        AuditFailure::Replay { version, detail } => {
            assert_eq!(*version, i as u64 + 1);
            assert!(detail.contains("Something else happened"), "{detail}");
        }
        other => panic!("expected a replay failure, got {other:?}"),
    }
}

#[test]
fn a_draw_before_every_seat_joined_is_refused() {
    let mut export = unsigned(&played(10));
    // Move the last join after the first draw.
    let join = export.commits.iter().rposition(|c| matches!(c.input.as_ref().and_then(|i| i.input.as_ref()), Some(CI::Joined(_)))).unwrap();
    let moved = export.commits.remove(join);
    export.commits.insert(join + 1, moved);
    for (i, c) in export.commits.iter_mut().enumerate() {
        c.version = i as u64 + 1;
    }
    let err = audit_export(&export, None).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::Structure { .. }), "{err}");
}

#[test]
fn a_signed_export_names_its_key_and_passes_pinned() {
    let export = played(11);
    assert_eq!(export.stored_commits.len(), export.commits.len());
    let report = audit_export_pinned(&export, Some(&public_key()), Some(&orchestrator_public_key())).expect("passes");
    assert_eq!(report.log_format, 2);
    assert_eq!(report.orchestrator_key, hex::encode(orchestrator_public_key()));
    assert!(report.checks.iter().any(|c| c.ok && c.name == "signed log"), "{:#?}", report.checks);
    let err = audit_export_pinned(&export, None, Some(&[9u8; 32])).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::OrchestratorKey { .. }), "{err}");
}

#[test]
fn an_unsigned_format_1_export_is_still_audited_but_not_when_a_key_is_pinned() {
    let old = unsigned(&played(12));
    let report = audit_export(&old, Some(&public_key())).expect("a format-1 log is still audited");
    assert_eq!(report.log_format, 1);
    let err = audit_export_pinned(&old, None, Some(&orchestrator_public_key())).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::Chain { version: 1, .. }), "{err}");
}

#[test]
fn any_edit_of_a_signed_export_is_named_by_version() {
    let export = played(13);
    let i = nth_draw(&export, 1);
    // The readable mirror edited: it no longer matches the stored bytes.
    let mirror = edit_signed(&export, |v| {
        v["commits"][i]["events"] = Value::Array(Vec::new());
    });
    let err = audit_export(&mirror, None).unwrap_err();
    assert_eq!(
        err.failure,
        AuditFailure::Chain { version: i as u64 + 1, detail: "the readable commit differs from its stored bytes (the file was edited)".into() }
    );
    // The stored bytes edited too (one byte): the signature no longer holds.
    let mut bytes = export.clone();
    let last = bytes.stored_commits[i].len() - 70;
    bytes.stored_commits[i][last] ^= 1;
    let mut decoded = bytes.clone();
    decoded.commits[i] = prost::Message::decode(bytes.stored_commits[i].as_slice()).expect("still decodes");
    let err = audit_export(&decoded, None).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::Chain { version, .. } if version == i as u64 + 1), "{err}");
    // A commit dropped: the next one's prev_hash gives it away.
    let mut dropped = export.clone();
    dropped.commits.remove(i);
    dropped.stored_commits.remove(i);
    let err = audit_export(&dropped, None).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::Chain { version, .. } if version == i as u64 + 1), "{err}");
}

#[test]
fn a_decision_edited_with_its_events_recomputed_fails_only_because_of_the_signatures() {
    // The same match (id, secret, entropies) with other decisions: a log that replays
    // perfectly, as a forger who recomputes the events after an edited decision produces.
    let honest = played(14);
    let forged_key = [0x44u8; 32];
    let forged = (15..40)
        .map(|bot| simulate_match_with("mainframe", 2, 14, bot, &forged_key).expect("simulated"))
        .find(|f| f.commits != honest.commits)
        .expect("another bot seed decides differently");
    // On its own (unsigned), the forgery passes every other check: replay cannot catch it.
    assert!(audit_export(&unsigned(&forged), Some(&public_key())).is_ok());
    // Spliced into the honest signed log from the first differing decision on, with the
    // readable commits and the stored bytes from the forger's own signing.
    // (The creations differ only in the orchestrator key the forger signed with.)
    let first = 1 + honest.commits.iter().zip(&forged.commits).skip(1).position(|(a, b)| a.input != b.input).expect("they differ in an input");
    assert!(matches!(honest.commits[first].input.as_ref().and_then(|i| i.input.as_ref()), Some(CI::Decision(_))));
    let mut spliced = honest.clone();
    spliced.commits.truncate(first);
    spliced.stored_commits.truncate(first);
    spliced.commits.extend(forged.commits[first..].iter().cloned());
    spliced.stored_commits.extend(forged.stored_commits[first..].iter().cloned());
    let err = audit_export(&spliced, Some(&public_key())).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::Chain { version, .. } if version == first as u64 + 1), "{err}");
    // And the forger's whole log, signed with its own key, fails when the key is pinned.
    let err = audit_export_pinned(&forged, None, Some(&orchestrator_public_key())).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::OrchestratorKey { .. }), "{err}");
    assert_ne!(forged_key, ORCHESTRATOR_SEED);
}

#[test]
fn a_history_re_signed_with_the_orchestrator_key_passes_the_audit_but_not_its_witness() {
    let export = played(15);
    // The feed a platform saved while the match was published: one JSON message per line.
    let mut projection = feed::view::Projection::new(Some(orchestrator_public_key().to_vec()));
    let mut lines = Vec::new();
    for stored in &export.stored_commits {
        let projected = projection.accept(&export.match_id, stored).expect("the honest log projects");
        lines.push(serde_json::to_string(&projected.update).unwrap());
        lines.extend(projected.result.map(|(_, r)| serde_json::to_string(&r).unwrap()));
    }
    let witness = cli::witness::read_witness(&lines.join("\n"), &export.match_id).expect("a witness");
    let report = cli::audit::audit_export_witnessed(&export, Some(&public_key()), Some(&orchestrator_public_key()), Some(&witness)).expect("passes");
    assert!(report.checks.iter().any(|c| c.ok && c.name == "witness"), "{:#?}", report.checks);
    // A decision of the middle logged a second later, every commit from there re-chained and
    // re-signed with the orchestrator key itself.
    let signer = fairness::Signer::from_seed(&ORCHESTRATOR_SEED);
    let at = export.commits.len() / 2
        + export.commits[export.commits.len() / 2..]
            .iter()
            .position(|c| matches!(c.input.as_ref().and_then(|i| i.input.as_ref()), Some(CI::Decision(_))))
            .unwrap();
    let rewritten = cli::simulate::re_signed_from(&export, at, &signer, |c| c.written_at_ms += 1_000).expect("the stored commits decode");
    assert_ne!(rewritten.stored_commits[at], export.stored_commits[at]);
    audit_export_pinned(&rewritten, Some(&public_key()), Some(&orchestrator_public_key())).expect("the audit alone accepts the rewrite");
    let err = cli::audit::audit_export_witnessed(&rewritten, Some(&public_key()), Some(&orchestrator_public_key()), Some(&witness)).unwrap_err();
    assert!(matches!(err.failure, AuditFailure::Witness { version, .. } if version == at as u64 + 1), "{err}");
    assert!(
        err.to_string().starts_with(&format!("the export's version {} is not what the feed published live at {}", at + 1, export.commits[at].written_at_ms)),
        "{err}"
    );
    // Every other check still ran and passed: only the witness tells.
    assert_eq!(err.report.checks.iter().filter(|c| !c.ok).map(|c| c.name).collect::<Vec<_>>(), ["witness"]);
}
