//! The completeness oracle ([`crate::testing::completeness`]) over the random neonhope games the
//! leak oracle plays (`tests/leaks.rs`: 1 to 4 seats, the same seeds): every public fact of the
//! state (each character's numbers, hand and discard, surveillance and thresholds, conditions,
//! enemies, intel, the revealed Grid, the encounter discard, the task under way and timed effects
//! with their duration) is in the spectator's view (issue 35); and proof that it catches a fact
//! left out. `NEONHOPE_LEAK_GAMES` sets the games.

use serde_json::{json, Value};

use crate::core::game::decode;
use crate::core::*;
use crate::neonhope::state::Game;
use crate::neonhope::{data, target_json, Neonhope};
use crate::testing::completeness::{check_states, CompletenessStats, Fact, PublicInfo};
use crate::testing::leak::games_from_env;
use crate::testing::play_random_game;

use super::kit::config;

impl PublicInfo for Neonhope {
    fn public_facts(&self, state: &[u8]) -> Result<Vec<Fact>, RulesError> {
        let g: Game = decode(state)?;
        Ok(public_facts(&g))
    }
}

fn at(pointer: String, value: Value) -> Fact {
    Fact::At { pointer, value }
}

fn in_array(pointer: String, id: u32) -> Fact {
    Fact::InArray { pointer, members: vec![("id", json!(id))] }
}

/// Every public fact of `g`, read from the state (everything but the Grid's face-down tiles, the
/// encounter deck and the encounter cards other seats hold, H-10).
fn public_facts(g: &Game) -> Vec<Fact> {
    let mut facts = vec![
        at("/round".into(), json!(g.round)),
        at("/responsible".into(), json!(g.responsible)),
        at("/surveillance".into(), json!(g.surveillance)),
        at("/silence".into(), json!(g.silence)),
        at("/objective/intel".into(), json!(g.gathered)),
        at("/grid_face_down".into(), json!(g.grid.face_down().len())),
        at("/encounter_deck_count".into(), json!(g.encounter_deck.len())),
    ];
    for (s, c) in g.chars.iter().enumerate() {
        let ch = |member: &str| format!("/characters/{s}/{member}");
        facts.extend([
            at(ch("character"), json!(c.character)),
            at(ch("location"), json!(c.location)),
            at(ch("counters"), json!(c.counters)),
            at(ch("endurance"), json!(c.endurance)),
            at(ch("stress"), json!(c.stress)),
            at(ch("held_count"), json!(c.held.len())),
            at(ch("hand_emptied"), json!(c.emptied)),
        ]);
        facts.extend(c.hand.iter().map(|&k| in_array(ch("hand"), k)));
        facts.extend(c.discard.iter().map(|&k| in_array(ch("discard"), k)));
    }
    for (i, t) in g.thresholds.iter().enumerate() {
        facts.extend([at(format!("/thresholds/{i}/at"), json!(t.at)), at(format!("/thresholds/{i}/reached"), json!(t.reached))]);
    }
    for (i, c) in g.conditions.iter().enumerate() {
        facts.extend([at(format!("/conditions/{i}/dice"), json!(c.dice)), at(format!("/conditions/{i}/withdrawn"), json!(c.withdrawn))]);
    }
    for (i, e) in g.enemies.iter().enumerate() {
        let key = data::ENEMIES.get(e.def as usize).map(|d| d.key);
        facts.extend([
            at(format!("/enemies/{i}/key"), json!(key)),
            at(format!("/enemies/{i}/location"), json!(e.location)),
            at(format!("/enemies/{i}/withdrawn"), json!(e.withdrawn)),
        ]);
    }
    for (i, intel) in g.intel.iter().enumerate() {
        facts.push(at(format!("/locations/{i}/intel"), json!(intel)));
    }
    for p in 0..data::GRID_SIZE {
        if g.grid.revealed.get(p).copied().unwrap_or(false) {
            facts.push(at(format!("/grid/{p}/tile"), json!(g.grid.tile(p).map(|t| t.name()))));
        }
    }
    facts.extend(g.encounter_discard.iter().map(|&k| in_array("/encounter_discard".into(), k)));
    for (i, key) in g.episodes.iter().enumerate() {
        facts.push(at(format!("/episodes/{i}/key"), json!(key)));
    }
    if let Some(t) = &g.task {
        facts.extend([
            at("/task/seat".into(), json!(t.seat)),
            at("/task/task".into(), json!(t.task.name())),
            at("/task/target".into(), target_json(&t.target)),
            at("/task/difficulty".into(), json!(t.difficulty)),
            at("/task/tiles".into(), json!(t.tiles.iter().map(|x| x.name()).collect::<Vec<_>>())),
        ]);
    }
    for (until, m) in g.effects.iter_timed() {
        facts.push(Fact::InArray {
            pointer: "/effects".into(),
            members: vec![
                ("seat", json!(m.seat)),
                ("task", json!(m.task.map(|t| t.name()))),
                ("bonus", json!(m.bonus)),
                ("quiet", json!(m.quiet)),
                ("source", json!(m.source)),
                ("until", json!(until.name())),
            ],
        });
    }
    facts
}

#[test]
fn nh_every_public_fact_is_in_the_spectators_view_one_to_four_seats() {
    let n = games_from_env("NEONHOPE_LEAK_GAMES", 3);
    for seats in 1..=4u32 {
        let mut total = CompletenessStats::default();
        for game in 0..n {
            // The leak oracle's games: the same configuration and seeds (`tests/leaks.rs`).
            let p = play_random_game(&Neonhope, &config(seats, &[]), game * 17 + u64::from(seats), 50_000, false)
                .unwrap_or_else(|e| panic!("{seats} seats, game {game}: {e}"));
            total.add(check_states(&Neonhope, &Neonhope, &p.states).unwrap_or_else(|e| panic!("{seats} seats, game {game}: {e}")));
        }
        assert!(total.states > 0 && total.facts > total.states * 10, "{total:?}");
        eprintln!("neonhope completeness, {seats} seat(s): {n} games, {total:?}");
    }
}

/// The real ruleset with one member left out of its views.
struct Forgetful(&'static str);

impl Ruleset for Forgetful {
    fn info(&self) -> &'static RulesetInfo {
        Neonhope.info()
    }
    fn new_match(&self, config: &MatchConfig) -> Result<Step, RulesError> {
        Neonhope.new_match(config)
    }
    fn apply(&self, state: &[u8], input: &Input) -> Result<Step, RulesError> {
        Neonhope.apply(state, input)
    }
    fn view(&self, state: &[u8], viewer: Viewer) -> Result<Value, RulesError> {
        let mut v = Neonhope.view(state, viewer)?;
        strip(&mut v, self.0);
        Ok(v)
    }
}

fn strip(v: &mut Value, member: &str) {
    match v {
        Value::Object(m) => {
            m.remove(member);
            m.values_mut().for_each(|x| strip(x, member));
        }
        Value::Array(a) => a.iter_mut().for_each(|x| strip(x, member)),
        _ => {}
    }
}

/// The oracle fails on views that leave out the stress, the surveillance or a discard pile, and
/// passes on the real ones, over the same game.
#[test]
fn nh_the_completeness_oracle_catches_a_fact_left_out() {
    let p = play_random_game(&Neonhope, &config(2, &[]), 19, 50_000, false).unwrap_or_else(|e| panic!("{e}"));
    check_states(&Neonhope, &Neonhope, &p.states).unwrap_or_else(|e| panic!("the real views: {e}"));
    for member in ["stress", "surveillance", "discard", "counters"] {
        let err = check_states(&Forgetful(member), &Neonhope, &p.states).expect_err(member);
        assert!(err.contains("a public fact is missing") && err.contains(member), "{member}: {err}");
    }
}
