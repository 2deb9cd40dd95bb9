//! The completeness oracle ([`crate::testing::completeness`]) over random netrunner games of
//! every format: every public fact of the state (counters of every kind on every card, face up
//! or down, current strengths, flipped identities, every public zone including removed from the
//! game, lasting effects) is in the spectator's view; and proof that it catches a fact left out.

use serde_json::{json, Value};

use crate::core::game::decode;
use crate::core::*;
use crate::netrunner::data::{CardType, Format};
use crate::netrunner::state::Game;
use crate::netrunner::Netrunner;
use crate::testing::completeness::{check_states, CompletenessStats, Fact, PublicInfo};
use crate::testing::play_random_game;

use super::bot::random_decks_config;

const MAX_INPUTS: usize = 200_000;

impl PublicInfo for Netrunner {
    fn public_facts(&self, state: &[u8]) -> Result<Vec<Fact>, RulesError> {
        let g: Game = decode(state)?;
        Ok(public_facts(&g))
    }
}

/// The counters on a card: public wherever the card sits (NR-3.2).
fn counters(g: &Game, c: u32) -> Vec<(&'static str, Value)> {
    let k = g.card(c);
    vec![
        ("advancement", json!(k.map_or(0, |k| k.adv))),
        ("hosted_credits", json!(k.map_or(0, |k| k.credits))),
        ("virus_counters", json!(k.map_or(0, |k| k.virus))),
        ("power_counters", json!(k.map_or(0, |k| k.power))),
        ("agenda_counters", json!(k.map_or(0, |k| k.agenda))),
    ]
}

/// A face-up card: what it is, its counters, and the subtypes an effect gave it.
fn face_up(g: &Game, c: u32) -> Fact {
    let mut members = counters(g, c);
    members.push(("code", json!(g.code(c))));
    members.push(("rezzed", json!(g.rezzed(c))));
    if let Some(k) = g.card(c).filter(|k| !k.gained.is_empty()) {
        members.push(("gained_subtypes", json!(k.gained)));
    }
    Fact::Card { card: c, members }
}

fn at(pointer: &str, value: Value) -> Fact {
    Fact::At { pointer: pointer.to_string(), value }
}

/// Every public fact of `g`, read from the state.
fn public_facts(g: &Game) -> Vec<Fact> {
    let mut facts = Vec::new();
    let (corp, runner) = (&g.corp, &g.runner);
    // Seats and the turn.
    facts.extend([
        at("/turn", json!(g.turn)),
        at("/active", json!(g.active)),
        at("/corp/credits", json!(corp.credits)),
        at("/corp/clicks", json!(corp.clicks)),
        at("/corp/hq_count", json!(corp.hq.len())),
        at("/corp/rd_count", json!(corp.rd.len())),
        at("/corp/agenda_points", json!(corp.points)),
        at("/corp/bad_publicity", json!(corp.bad_publicity)),
        at("/corp/identity_flipped", json!(corp.flipped)),
        at("/corp/identity_power_counters", json!(corp.identity_power)),
        at("/runner/credits", json!(runner.credits)),
        at("/runner/clicks", json!(runner.clicks)),
        at("/runner/grip_count", json!(runner.grip.len())),
        at("/runner/stack_count", json!(runner.stack.len())),
        at("/runner/agenda_points", json!(runner.points)),
        at("/runner/tags", json!(runner.tags)),
        at("/runner/core_damage", json!(runner.core_damage)),
        at("/runner/link", json!(runner.link)),
        at("/runner/identity_flipped", json!(runner.flipped)),
    ]);
    // Installed Corp cards: counters always; face, and an ice's strength, once rezzed or face up.
    for s in &corp.servers {
        for &c in s.ice.iter().chain(s.root.iter()) {
            if g.rezzed(c) || g.card(c).is_some_and(|k| k.faceup) {
                facts.push(face_up(g, c));
                if g.rezzed(c) && g.def(c).ctype == CardType::Ice {
                    facts.push(Fact::Card { card: c, members: vec![("strength", json!(g.ice_strength(c)))] });
                }
            } else {
                facts.push(Fact::Card { card: c, members: counters(g, c) });
            }
        }
    }
    // Every public zone: score areas, face-up Archives, removed from the game, the heap,
    // installed Runner cards and the cards they host.
    let public_zones = corp
        .score
        .iter()
        .chain(corp.removed.iter())
        .chain(corp.archives.iter().filter(|&&a| g.card(a).is_some_and(|k| k.faceup)))
        .chain(runner.score.iter())
        .chain(runner.heap.iter())
        .chain(runner.programs.iter())
        .chain(runner.hardware.iter())
        .chain(runner.resources.iter())
        .chain(runner.hosted_cards.iter());
    for &c in public_zones {
        facts.push(face_up(g, c));
    }
    for &c in &corp.removed {
        facts.push(Fact::InArray { pointer: "/corp/removed_from_game".into(), members: vec![("id", json!(c))] });
    }
    // An installed breaker's strength now, whether or not it was pumped.
    for &c in &runner.programs {
        if g.def(c).strength.is_some() {
            facts.push(Fact::Card { card: c, members: vec![("strength", json!(g.breaker_strength(c)))] });
        }
    }
    // Lasting effects, with their duration.
    let lasting = |members: Vec<(&'static str, Value)>| Fact::InArray { pointer: "/lasting_effects".into(), members };
    let f = &g.flags;
    if f.no_scoring {
        facts.push(lasting(vec![("effect", json!("no_scoring")), ("until", json!("end_of_turn"))]));
    }
    for &c in &f.no_score {
        facts.push(lasting(vec![("effect", json!("cannot_be_scored")), ("card", json!(c)), ("until", json!("end_of_turn"))]));
    }
    if !f.at_turn_end.is_empty() {
        facts.push(lasting(vec![("effect", json!("when_the_turn_ends")), ("count", json!(f.at_turn_end.len()))]));
    }
    if let Some(run) = &g.run {
        let run_effect = |effect: &str, mut more: Vec<(&'static str, Value)>| {
            more.push(("effect", json!(effect)));
            more.push(("until", json!("end_of_run")));
            lasting(more)
        };
        if run.no_steal_trash {
            facts.push(run_effect("no_steal_or_trash", vec![]));
        }
        if run.ice_rez_extra != 0 {
            facts.push(run_effect("ice_rez_cost", vec![("amount", json!(run.ice_rez_extra))]));
        }
        for &(ice, n) in &run.ice_plus {
            facts.push(run_effect("ice_strength", vec![("card", json!(ice)), ("amount", json!(n))]));
        }
        for &(b, n) in &run.run_pumps {
            facts.push(run_effect("breaker_strength", vec![("card", json!(b)), ("amount", json!(n))]));
        }
        for (ice, code, _) in &run.gained_subs {
            facts.push(run_effect("gained_subroutine", vec![("card", json!(ice)), ("from", json!(code))]));
        }
        if let Some(card) = run.access_only {
            facts.push(run_effect("access_only", vec![("card", json!(card))]));
        }
        for &card in &run.not_accessed {
            facts.push(run_effect("not_accessed", vec![("card", json!(card))]));
        }
        if let Some((ice, _)) = run.no_etr {
            facts.push(run_effect("cannot_end_the_run", vec![("card", json!(ice))]));
        }
    }
    facts
}

/// `NETRUNNER_COMPLETENESS_GAMES` random-deck games of each format (3 by default): every state
/// of every game has every public fact in the spectator's view.
#[test]
fn nr_every_public_fact_is_in_the_spectators_view_in_random_games_of_every_format() {
    let n = crate::testing::leak::games_from_env("NETRUNNER_COMPLETENESS_GAMES", 3);
    let mut total = CompletenessStats::default();
    for &format in Format::ALL {
        for game in 0..n {
            let cfg = random_decks_config(format, game + 100);
            let p = play_random_game(&Netrunner, &cfg, game * 31 + 11, MAX_INPUTS, false).unwrap_or_else(|e| panic!("{} game {game}: {e}", format.name()));
            let st = check_states(&Netrunner, &Netrunner, &p.states).unwrap_or_else(|e| panic!("{} game {game}: {e}", format.name()));
            total.add(st);
        }
    }
    assert!(total.states > 0 && total.facts > total.states * 20, "{total:?}");
    eprintln!("completeness oracle over {n} games of each format: {total:?}");
}

/// The real ruleset with one public fact left out of its views.
struct Forgetful(&'static str);

impl Ruleset for Forgetful {
    fn info(&self) -> &'static RulesetInfo {
        Netrunner.info()
    }
    fn new_match(&self, config: &MatchConfig) -> Result<Step, RulesError> {
        Netrunner.new_match(config)
    }
    fn apply(&self, state: &[u8], input: &Input) -> Result<Step, RulesError> {
        Netrunner.apply(state, input)
    }
    fn view(&self, state: &[u8], viewer: Viewer) -> Result<Value, RulesError> {
        let mut v = Netrunner.view(state, viewer)?;
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

/// The oracle fails on views that leave out a card's counters or the clicks, and passes on the
/// real ones, over the same game.
#[test]
fn nr_the_completeness_oracle_catches_a_fact_left_out() {
    let cfg = random_decks_config(Format::Startup, 3);
    let p = play_random_game(&Netrunner, &cfg, 7, MAX_INPUTS, false).unwrap_or_else(|e| panic!("{e}"));
    check_states(&Netrunner, &Netrunner, &p.states).unwrap_or_else(|e| panic!("the real views: {e}"));
    for member in ["advancement", "clicks", "hosted_credits"] {
        let err = check_states(&Forgetful(member), &Netrunner, &p.states).expect_err(member);
        assert!(err.contains("a public fact is missing") && err.contains(member), "{member}: {err}");
    }
}
