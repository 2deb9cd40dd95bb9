//! `arbiter deck check` on decklist files as NetrunnerDB exports them (`tests/decks/`): a legal
//! deck in the plain-text and the JSON form is printed normalised with exit 0; an illegal one
//! prints every violation with exit 1 (NR-10). No server needed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn deck(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("decks").join(name)
}

/// `arbiter deck check FILE`: (exit code, stdout, stderr).
fn check(file: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter")).args(["deck", "check"]).arg(file).env("RUST_LOG", "warn").output().expect("arbiter runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `precision.txt` with each `(from, to)` replaced, written to a file in `dir`.
fn edited(dir: &Path, name: &str, edits: &[(&str, &str)]) -> PathBuf {
    let mut text = std::fs::read_to_string(deck("precision.txt")).expect("the fixture reads");
    for (from, to) in edits {
        assert!(text.contains(from), "the fixture has {from:?}");
        text = text.replace(from, to);
    }
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writes");
    path
}

#[test]
fn a_legal_deck_in_netrunnerdbs_text_export_is_printed_normalised_and_reads_back() {
    let (code, out, err) = check(&deck("precision.txt"));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("# system_gateway corp deck, 40 cards"), "{out}");
    assert!(out.contains("Haas-Bioroid: Precision Design (30035)\n"), "{out}");
    assert!(out.contains("3x Brân 1.0 (30039)\n") && out.contains("3x Hedge Fund (30075)\n"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains("x ")).count(), 16, "one line per card, copies added up: {out}");
    // The printed list is itself a decklist file.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let again = dir.path().join("normalised.txt");
    std::fs::write(&again, &out).expect("writes");
    let (code, out2, _) = check(&again);
    assert_eq!((code, out2), (0, out));
}

#[test]
fn a_legal_deck_in_netrunnerdbs_json_export_is_printed_normalised() {
    let (code, out, err) = check(&deck("zahya.json"));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("Zahya, System Gateway\n# system_gateway runner deck, 40 cards\nZahya Sadeghi: Versatile Smuggler (30010)\n"), "{out}");
    assert!(out.contains("3x Sure Gamble (30030)\n") && out.contains("1x Smartware Distributor (30033)\n"), "{out}");
}

#[test]
fn illegal_decks_print_every_violation_and_exit_1() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let d = dir.path();
    // Each a legal 40-card deck with one thing wrong, so each prints exactly one violation.
    let cases = [
        (edited(d, "four.txt", &[("3x Hedge Fund", "4x Hedge Fund"), ("3x Sprint", "2x Sprint")]), "4 copies of Hedge Fund exceed its deck limit of 3"),
        (
            // 9 Jinteki cards for the 9 neutral ice: 6 + 6 + 9 influence.
            edited(
                d,
                "influence.txt",
                &[
                    ("3x Palisade (System Gateway)", "3x Diviner"),
                    ("3x Tithe (System Gateway)", "3x Karunā"),
                    ("3x Whitespace (System Gateway)", "3x Neurospike"),
                ],
            ),
            "influence 21 exceeds Haas-Bioroid: Precision Design's limit 15",
        ),
        (
            edited(d, "agenda.txt", &[("1x Luminal Transubstantiation", "1x Longevity Serum")]),
            "Longevity Serum (30044) is a jinteki agenda and cannot be in a haas-bioroid deck",
        ),
        (edited(d, "points.txt", &[("3x Orbital Superiority", "3x Diviner")]), "a 40-card Corp deck needs 18 or 19 agenda points, not 12"),
    ];
    for (file, violation) in &cases {
        let (code, out, err) = check(file);
        assert_eq!(code, 1, "{}: {out}{err}", file.display());
        assert!(out.contains("is not a legal deck (NR-10), 1 violation(s):"), "{}: {out}", file.display());
        assert!(out.contains(&format!("  - {violation}\n")), "{}: the output names {violation:?}:\n{out}", file.display());
    }
    // A misspelled title names the closest card (and the deck it leaves is one card short).
    let typo = edited(d, "typo.txt", &[("1x Regolith Mining License", "1x Regolith Minig License")]);
    let (code, out, _) = check(&typo);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("  - line 14: 'Regolith Minig License' is not a card of the system_gateway pool; did you mean 'Regolith Mining License'?\n"), "{out}");
}

#[test]
fn a_file_that_is_not_a_decklist_says_what_to_give() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("notes.json");
    std::fs::write(&path, "{\"cards\": [1, 2]}").expect("writes");
    let (code, out, _) = check(&path);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no \"cards\" object of code: count"), "{out}");
    let (code, _, err) = check(&dir.path().join("missing.txt"));
    assert_eq!(code, 1);
    assert!(err.contains("cannot read the decklist"), "{err}");
}

/// `arbiter deck check FILE --format FORMAT`: (exit code, stdout).
fn check_in(file: &Path, format: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["deck", "check", "--format", format])
        .arg(file)
        .env("RUST_LOG", "warn")
        .output()
        .expect("arbiter runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The legal Startup fixtures, one per faction (`decks/startup/`), with their size. NBN's is
/// a later set's identity: System Gateway's, NBN: Reality Plus, is banned in Startup
/// (`illegal-nbn.txt`).
pub const STARTUP_LEGAL: &[(&str, &str, u32)] = &[
    ("hb.txt", "Haas-Bioroid: Precision Design (30035)", 40),
    ("jinteki.txt", "Jinteki: Restoring Humanity (30043)", 40),
    ("nbn.txt", "Synapse Global: Faster than Thought (35058)", 45),
    ("weyland.txt", "Weyland Consortium: Built to Last (30059)", 40),
    ("anarch.txt", "René “Loup” Arcemont: Party Animal (30001)", 40),
    ("criminal.txt", "Zahya Sadeghi: Versatile Smuggler (30010)", 40),
    ("shaper.txt", "Tāo Salonga: Telepresence Magician (30019)", 40),
];

#[test]
fn startup_a_legal_deck_of_each_faction_is_printed_normalised() {
    for (file, identity, size) in STARTUP_LEGAL {
        let (code, out) = check_in(&deck(&format!("startup/{file}")), "startup");
        assert_eq!(code, 0, "{file}: {out}");
        assert!(out.contains("# startup ") && out.contains(&format!(" deck, {size} cards\n")) && out.contains(&format!("{identity}\n")), "{file}: {out}");
    }
    // NBN's System Gateway identity is banned in Startup.
    let (code, out) = check_in(&deck("startup/illegal-nbn.txt"), "startup");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("  - the identity NBN: Reality Plus (30051) is banned in startup_7 (Startup Balance Update 25.04)\n"), "{out}");
    assert_eq!(check_in(&deck("startup/illegal-nbn.txt"), "system_gateway").0, 0, "legal in system_gateway");
}

#[test]
fn startup_illegal_decks_name_every_violation() {
    let cases: &[(&str, &[&str])] = &[
        ("illegal-banned.txt", &["Cleaver (30006) is banned in startup_7 (Startup Balance Update 25.04)"]),
        ("illegal-four-copies.txt", &["4 copies of Hedge Fund exceed its deck limit of 3"]),
        ("illegal-influence.txt", &["influence 18 exceeds Zahya Sadeghi: Versatile Smuggler's limit 15"]),
        ("illegal-agenda.txt", &["Longevity Serum (30044) is a jinteki agenda and cannot be in a haas-bioroid deck"]),
        ("illegal-agenda-points.txt", &["a 40-card Corp deck needs 18 or 19 agenda points, not 15"]),
    ];
    for (file, violations) in cases {
        let (code, out) = check_in(&deck(&format!("startup/{file}")), "startup");
        assert_eq!(code, 1, "{file}: {out}");
        assert!(out.contains(&format!("is not a legal deck (NR-10), {} violation(s):", violations.len())), "{file}: {out}");
        for v in *violations {
            assert!(out.contains(&format!("  - {v}\n")), "{file}: the output names {v:?}:\n{out}");
        }
    }
    // Cleaver is banned in Startup only.
    assert_eq!(check_in(&deck("startup/illegal-banned.txt"), "system_gateway").0, 0);
    // A card of a later set is outside System Gateway's pool, and named so.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let later = dir.path().join("later.txt");
    std::fs::write(&later, "René “Loup” Arcemont: Party Animal\n3x Strike Fund\n").expect("writes");
    let (code, out) = check_in(&later, "system_gateway");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("'Strike Fund' is not a card of the system_gateway pool"), "{out}");
    let (_, out) = check_in(&later, "eternal");
    assert!(out.is_empty());
}

/// `arbiter deck check FILE --format FORMAT [--snapshot ID]`: (exit code, stdout, stderr).
fn check_under(file: &Path, format: &str, snapshot: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["deck", "check", "--format", format]).arg(file).env("RUST_LOG", "warn");
    if let Some(s) = snapshot {
        cmd.args(["--snapshot", s]);
    }
    let out = cmd.output().expect("arbiter runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The legal Standard fixtures, one per faction (`decks/standard/`), with cards of the new sets.
pub const STANDARD_LEGAL: &[&str] = &["hb.txt", "jinteki.json", "nbn.txt", "weyland.txt", "anarch.txt", "criminal.txt", "shaper.txt"];

/// A legal Standard deck of each faction is legal under both snapshots: printed normalised;
/// while some of its cards have no behaviour here it exits 2 and names them on stderr.
#[test]
fn standard_a_legal_deck_of_each_faction_is_legal_and_its_cards_not_implemented_are_named() {
    for file in STANDARD_LEGAL {
        for snapshot in [None, Some("standard_31"), Some("32")] {
            let (code, out, err) = check_under(&deck(&format!("standard/{file}")), "standard", snapshot);
            let id = match snapshot {
                Some("32") => "standard_32",
                _ => "standard_31",
            };
            assert!(out.contains(&format!("# standard ({id}) ")) && out.contains(" deck, 45 cards\n"), "{file} {snapshot:?}: {out}{err}");
            match code {
                0 => assert!(err.is_empty(), "{file}: {err}"),
                2 => assert!(
                    err.contains(&format!("is a legal deck in {id}, but ")) && err.contains("of its cards are not implemented yet, so a match refuses it"),
                    "{file}: {err}"
                ),
                other => panic!("{file} {snapshot:?}: exit {other}\n{out}{err}"),
            }
        }
    }
}

#[test]
fn standard_illegal_decks_name_every_violation() {
    let cases: &[(&str, &[&str])] = &[
        ("illegal-banned.txt", &["Moshing (26067) is banned in standard_31 (Standard Ban List 25.08)"]),
        ("illegal-reprint.json", &["4 copies of Hákarl 1.0 exceed its deck limit of 3 (32004 and 33036 are the same card)"]),
        ("illegal-influence.txt", &["influence 27 exceeds Az McCaffrey: Mechanical Prodigy's limit 15"]),
        ("illegal-agenda.txt", &["Regenesis (33040) is a jinteki agenda and cannot be in a haas-bioroid deck"]),
        ("illegal-agenda-points.txt", &["a 45-card Corp deck needs 20 or 21 agenda points, not 11"]),
    ];
    for (file, violations) in cases {
        let (code, out, err) = check_under(&deck(&format!("standard/{file}")), "standard", None);
        assert_eq!(code, 1, "{file}: {out}{err}");
        assert!(out.contains(&format!("is not a legal deck (NR-10), {} violation(s):", violations.len())), "{file}: {out}");
        for v in *violations {
            assert!(out.contains(&format!("  - {v}\n")), "{file}: the output names {v:?}:\n{out}");
        }
    }
    // Moshing is banned under 25.10 too.
    let (code, out, _) = check_under(&deck("standard/illegal-banned.txt"), "standard", Some("standard_32"));
    assert_eq!(code, 1);
    assert!(out.contains("  - Moshing (26067) is banned in standard_32 (Standard Ban List 25.10)\n"), "{out}");
}

/// Touch-ups is banned from Standard Ban List 25.10 only: legal (and playable: every card of
/// the list is implemented) under standard_31, the active snapshot; refused under standard_32.
#[test]
fn standard_a_card_banned_only_from_25_10_is_checked_under_each_snapshot() {
    let file = deck("standard/touch-ups.txt");
    for snapshot in [None, Some("standard_31"), Some("31")] {
        let (code, out, err) = check_under(&file, "standard", snapshot);
        assert_eq!(code, 0, "{snapshot:?}: {out}{err}");
        assert!(out.contains("# standard (standard_31) corp deck, 45 cards\n") && out.contains("3x Touch-ups (35067)\n"), "{out}");
    }
    let (code, out, _) = check_under(&file, "standard", Some("standard_32"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("1 violation(s):\n  - Touch-ups (35067) is banned in standard_32 (Standard Ban List 25.10)\n"), "{out}");
    // Touch-ups is outside System Gateway's pool; an unknown snapshot is named with the real ones.
    assert_eq!(check_under(&file, "system_gateway", None).0, 1);
    let (code, out, err) = check_under(&file, "standard", Some("standard_30"));
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("unknown snapshot \"standard_30\" of standard; its snapshots are standard_31 (active), standard_32"), "{err}");
}
