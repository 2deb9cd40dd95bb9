//! The published JSON Schemas (`docs/schemas/`) are what the code declares and shows, and every
//! view, event and decision of other random games (of every ruleset and every netrunner format)
//! is published and validates against them.
//!
//! `ARBITER_UPDATE_SCHEMAS=1 cargo test -p engine published_schemas` rewrites the published files.

use std::path::PathBuf;

use super::schema;
use crate::{Awaiting, Ruleset, Viewer};
use serde_json::Value;

/// Games per sample configuration when generating (the published files depend on it).
const GENERATE_GAMES: u64 = 40;
/// Games per sample configuration when validating (other seeds).
const VALIDATE_GAMES: u64 = 6;

fn docs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas")
}

/// Fails when a file of `docs/schemas` is not what the code makes now (a kind declared, a
/// detail's shape changed, a view member added without regenerating).
#[test]
fn the_published_schemas_are_what_the_code_generates() {
    for r in crate::rulesets() {
        crate::core::kinds::check_declarations(r.name(), r.kinds()).unwrap_or_else(|e| panic!("{}: {e}", r.name()));
        let observed = schema::observe(r, 1, GENERATE_GAMES).expect("the sample games play");
        for (name, text) in observed.files(r).expect("the declarations make schemas") {
            let path = docs().join(&name);
            if std::env::var_os("ARBITER_UPDATE_SCHEMAS").is_some() {
                std::fs::write(&path, &text).expect("write the schema");
                continue;
            }
            let published = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                published == text,
                "docs/schemas/{name} is not what the code generates; run ARBITER_UPDATE_SCHEMAS=1 cargo test -p engine published_schemas and commit it"
            );
        }
        if std::env::var_os("ARBITER_UPDATE_SCHEMAS").is_some() {
            continue;
        }
        let served = crate::schemas(r.name()).expect("every ruleset has schemas");
        let on_disk = std::fs::read_to_string(docs().join(format!("{}.state.schema.json", r.name()))).unwrap_or_default();
        assert_eq!(served.state, on_disk, "the engine serves the published file");
    }
}

fn compile(v: &Value) -> jsonschema::Validator {
    jsonschema::validator_for(v).expect("a published schema is a valid JSON Schema")
}

/// The oracle of the published kinds: random games of every sample (every seat count, the ready
/// decks, decklists, random decks of every netrunner format), other seeds than the generation's:
/// every view validates against the published state schema, every event kind and decision kind
/// met is published, and every detail validates against its published JSON Schema (and the
/// closed declaration: no member it does not declare).
#[test]
fn every_view_and_event_of_other_random_games_matches_the_schemas() {
    for r in crate::rulesets() {
        let published = crate::schemas(r.name()).expect("schemas");
        let state = compile(&serde_json::from_str(published.state).expect("JSON"));
        let mut checked = 0u64;
        for (i, sample) in schema::samples(r).iter().enumerate() {
            for g in 0..VALIDATE_GAMES.min(sample.max_games) {
                let seed = 500_000 + 1000 * i as u64 + g;
                checked += check_game(r, &sample.config, seed, &state, &published.events);
            }
        }
        assert!(checked > 1000, "{}: only {checked} values checked", r.name());
    }
}

fn check_game(r: &dyn Ruleset, config: &crate::MatchConfig, seed: u64, state: &jsonschema::Validator, events: &Value) -> u64 {
    let mut bot = crate::bots::RandomBot::new(seed);
    let mut step = r.new_match(config).expect("new match");
    let seats = config.seats.len() as u32;
    let mut checked = 0;
    let event_schema = |kind: &str, section: &str| -> Option<jsonschema::Validator> { Some(compile(events[section].get(kind)?)) };
    for _ in 0..50_000 {
        for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator, Viewer::Auditor]) {
            let v = r.view(&step.state, viewer).expect("view");
            if let Err(e) = state.validate(&v) {
                panic!("{} seed {seed}: a view for {viewer:?} breaks the state schema: {e}", r.name());
            }
            checked += 1;
        }
        super::kinds::check_events(r, &step.events).unwrap_or_else(|e| panic!("{} seed {seed}: {e}", r.name()));
        for e in &step.events {
            let s = event_schema(&e.kind, "$defs").expect("a schema per published kind");
            assert!(s.is_valid(&e.detail), "{} seed {seed}: {} detail {} breaks its schema", r.name(), e.kind, e.detail);
            if let Some(p) = &e.private {
                let s = event_schema(&e.kind, "x-private").unwrap_or_else(|| panic!("{} has a private part but no published private schema", e.kind));
                assert!(s.is_valid(&p.detail), "{} seed {seed}: {} private detail {} breaks its schema", r.name(), e.kind, p.detail);
            }
            checked += 1;
        }
        super::kinds::check_awaiting(r, &step.awaiting).unwrap_or_else(|e| panic!("{} seed {seed}: {e}", r.name()));
        let Some(input) = bot.input(&step.awaiting) else {
            return checked;
        };
        step = r.apply(&step.state, &input).expect("an offered input is accepted");
    }
    panic!("{} seed {seed}: no end", r.name());
}

/// The oracle fails on a kind that is not declared and on a detail with a member its kind does
/// not declare, as a card emitting either would.
#[test]
fn the_kinds_oracle_catches_an_undeclared_kind_and_an_undeclared_member() {
    use crate::core::Event;
    let r = &crate::netrunner::Netrunner;
    let ok = Event::public("netrunner.shuffled", "x", serde_json::json!({"seat": 0}));
    assert!(super::kinds::check_events(r, std::slice::from_ref(&ok)).is_ok());
    let unknown = Event::public("netrunner.teleported", "x", serde_json::json!({}));
    assert!(super::kinds::check_events(r, &[unknown]).is_err_and(|e| e.contains("netrunner.teleported")));
    let extra = Event::public("netrunner.shuffled", "x", serde_json::json!({"seat": 0, "deck": "R&D"}));
    assert!(super::kinds::check_events(r, &[extra]).is_err_and(|e| e.contains("deck")));
    let private = Event::with_private("netrunner.shuffled", "x", serde_json::json!({"seat": 0}), vec![0], "y", serde_json::json!({"seat": 0}));
    assert!(super::kinds::check_events(r, &[private]).is_err_and(|e| e.contains("private")));
    let decision = crate::core::Decision {
        id: 0,
        seat: 0,
        kind: "netrunner.guess".into(),
        summary: String::new(),
        prompt: String::new(),
        spec: crate::core::game::pick_one(vec![]),
    };
    assert!(super::kinds::check_awaiting(r, &Awaiting::Decision(decision)).is_err_and(|e| e.contains("netrunner.guess")));
}
