//! The published JSON Schemas (`docs/schemas/`) are what the code emits, and every view and
//! event of other random games validates against them.
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

#[test]
fn the_published_schemas_are_what_the_code_generates() {
    for r in crate::rulesets() {
        let observed = schema::observe(r, 1, GENERATE_GAMES).expect("the sample games play");
        for (name, text) in observed.files(r.name()) {
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

fn compile(text: &str) -> jsonschema::Validator {
    let v: Value = serde_json::from_str(text).expect("a published schema is JSON");
    jsonschema::validator_for(&v).expect("a published schema is a valid JSON Schema")
}

#[test]
fn every_view_and_event_of_other_random_games_matches_the_schemas() {
    for r in crate::rulesets() {
        let published = crate::schemas(r.name()).expect("schemas");
        let state = compile(published.state);
        let events: Value = serde_json::from_str(published.events).expect("JSON");
        let kinds: Value = serde_json::from_str(published.kinds).expect("JSON");
        let mut checked = 0u64;
        for (i, config) in schema::sample_configs(r).iter().enumerate() {
            for g in 0..VALIDATE_GAMES {
                let seed = 500_000 + 1000 * i as u64 + g;
                checked += check_game(r, config, seed, &state, &events, &kinds);
            }
        }
        assert!(checked > 1000, "{}: only {checked} values checked", r.name());
    }
}

fn check_game(r: &dyn Ruleset, config: &crate::MatchConfig, seed: u64, state: &jsonschema::Validator, events: &Value, kinds: &Value) -> u64 {
    let mut bot = crate::bots::RandomBot::new(seed);
    let mut step = r.new_match(config).expect("new match");
    let seats = config.seats.len() as u32;
    let mut checked = 0;
    let event_schema = |kind: &str, section: &str| -> Option<jsonschema::Validator> {
        let s = if section == "$defs" { events["$defs"].get(kind)? } else { events["x-private"].get(kind)? };
        Some(jsonschema::validator_for(s).expect("valid schema"))
    };
    for _ in 0..50_000 {
        for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator, Viewer::Auditor]) {
            let v = r.view(&step.state, viewer).expect("view");
            if let Err(e) = state.validate(&v) {
                panic!("{} seed {seed}: a view for {viewer:?} breaks the state schema: {e}", r.name());
            }
            checked += 1;
        }
        for e in &step.events {
            let known = kinds["event_kinds"].as_array().is_some_and(|k| k.iter().any(|x| x == &e.kind));
            assert!(known, "{} seed {seed}: event kind {} is not published", r.name(), e.kind);
            let s = event_schema(&e.kind, "$defs").expect("a schema per published kind");
            assert!(s.is_valid(&e.detail), "{} seed {seed}: {} detail {} breaks its schema", r.name(), e.kind, e.detail);
            if let Some(p) = &e.private {
                if let Some(s) = event_schema(&e.kind, "x-private") {
                    assert!(s.is_valid(&p.detail), "{} seed {seed}: {} private detail {} breaks its schema", r.name(), e.kind, p.detail);
                }
            }
            checked += 1;
        }
        if let Awaiting::Decision(d) = &step.awaiting {
            let known = kinds["decision_kinds"].as_array().is_some_and(|k| k.iter().any(|x| x == &d.kind));
            assert!(known, "{} seed {seed}: decision kind {} is not published", r.name(), d.kind);
        }
        let Some(input) = bot.input(&step.awaiting) else {
            return checked;
        };
        step = r.apply(&step.state, &input).expect("an offered input is accepted");
    }
    panic!("{} seed {seed}: no end", r.name());
}
