//! The completeness oracle ([`crate::testing::completeness`]) over the random mainframe games the
//! leak oracle plays (`tests/leaks.rs`: 2, 3 and 4 seats, the same seeds): every public fact of
//! the state (health, RAM, the zones' sizes, the Recycle Bins, every permanent's numbers and
//! status, the Cache, timed effects with their duration, combat) is in the spectator's view
//! (issue 35); and proof that it catches a fact left out. `MAINFRAME_LEAK_GAMES` sets the games.

use serde_json::{json, Value};

use crate::core::game::decode;
use crate::core::*;
use crate::mainframe::data::Kind;
use crate::mainframe::state::{Game, ItemKind, TargetRef};
use crate::mainframe::Mainframe;
use crate::testing::completeness::{check_states, CompletenessStats, Fact, PublicInfo};
use crate::testing::leak::games_from_env;
use crate::testing::play_random_game;

use super::kit::config;

impl PublicInfo for Mainframe {
    fn public_facts(&self, state: &[u8]) -> Result<Vec<Fact>, RulesError> {
        let g: Game = decode(state)?;
        Ok(public_facts(&g))
    }
}

fn at(pointer: String, value: Value) -> Fact {
    Fact::At { pointer, value }
}

/// Every public fact of `g`, read from the state (MF-1: everything but hands and deck orders).
fn public_facts(g: &Game) -> Vec<Fact> {
    let mut facts = vec![at("/turn".into(), json!(g.turn)), at("/active".into(), json!(g.active)), at("/first_player".into(), json!(g.first_player))];
    for (s, p) in g.players.iter().enumerate() {
        let seat = |member: &str| format!("/players/{s}/{member}");
        let refreshed = p.ram_bank.iter().filter(|r| !r.running && r.allocated.is_none()).count();
        let allocated = p.ram_bank.iter().filter(|r| r.allocated.is_some()).count();
        facts.extend([
            at(seat("mainframe"), json!(p.mainframe)),
            at(seat("bioframe"), json!(p.bioframe)),
            at(seat("unstable"), json!(p.unstable)),
            at(seat("lost"), json!(p.lost)),
            at(seat("decked"), json!(p.decked)),
            at(seat("hand_count"), json!(p.hand.len())),
            at(seat("cyberdeck_count"), json!(p.cyberdeck.len())),
            at(seat("ram_deck_count"), json!(p.ram_deck.len())),
            at(seat("ram_bank/total"), json!(p.ram_bank.len())),
            at(seat("ram_bank/refreshed_free"), json!(refreshed)),
            at(seat("ram_bank/running_free"), json!(p.ram_bank.len() - refreshed - allocated)),
            at(seat("ram_bank/allocated"), json!(allocated)),
        ]);
        for &c in &p.recycle_bin {
            facts.push(Fact::InArray { pointer: seat("recycle_bin"), members: vec![("id", json!(c)), ("key", json!(g.def(c).key))] });
        }
    }
    // Every permanent in play, with its numbers now (MF-7.7 damage, MF-8.3 modifiers).
    for p in &g.perms {
        let mut members = vec![
            ("key", json!(g.def(p.id).key)),
            ("controller", json!(p.controller)),
            ("owner", json!(g.owner(p.id))),
            ("running", json!(p.running)),
            ("rebooted", json!(!p.used)),
            ("damage", json!(p.damage)),
            ("ram_allocated", json!(g.allocated_to(p.id))),
        ];
        if g.kind_of(p.id) == Kind::Character {
            members.push(("attack", json!(g.attack(p.id))));
            members.push(("defense", json!(g.defense(p.id))));
        }
        facts.push(Fact::Card { card: p.id, members });
    }
    // The Cache (MF-9), each item with what it targets and the RAM held for it.
    for it in g.cache.iter() {
        let kind = match it.kind {
            ItemKind::Card => "card",
            ItemKind::Ability => "ability",
            ItemKind::Trigger => "trigger",
        };
        let target = match it.target {
            None => Value::Null,
            Some(TargetRef::Perm(p)) => json!({"card": p}),
            Some(TargetRef::Seat(s)) => json!({"seat": s}),
        };
        let source = json!({"id": it.source, "key": g.def(it.source).key, "name": g.def(it.source).name});
        facts.push(Fact::InArray {
            pointer: "/cache".into(),
            members: vec![
                ("kind", json!(kind)),
                ("source", source),
                ("controller", json!(it.controller)),
                ("target", target),
                ("ram_allocated", json!(g.allocated_to(it.source))),
            ],
        });
    }
    // Timed effects with their duration (MF-8.3).
    for (until, m) in g.effects.iter_timed() {
        facts.push(Fact::InArray {
            pointer: "/effects".into(),
            members: vec![
                ("card", json!(m.perm)),
                ("attack", json!(m.attack)),
                ("defense", json!(m.defense)),
                ("source", json!(m.source)),
                ("until", json!(until.name())),
            ],
        });
    }
    // Combat (MF-6, MF-7): attackers, blockers and the damage splits chosen.
    facts.extend([
        at("/combat/attackers".into(), json!(g.combat.attackers)),
        at("/combat/blockers".into(), json!(g.combat.blockers)),
        at("/combat/splits".into(), splits(g)),
    ]);
    facts
}

/// The splits, read from the state: per attacker, the amount each blocker takes.
fn splits(g: &Game) -> Value {
    let mut out = Vec::new();
    for (attacker, parts) in &g.combat.splits {
        let parts: Vec<Value> = parts.iter().map(|&(blocker, amount)| json!({"blocker": blocker, "amount": amount})).collect();
        out.push(json!({"attacker": attacker, "parts": parts}));
    }
    Value::Array(out)
}

fn run(players: u32) -> CompletenessStats {
    let n = games_from_env("MAINFRAME_LEAK_GAMES", 4);
    let mut total = CompletenessStats::default();
    for game in 0..n {
        // The leak oracle's games: the same configuration and seeds (`tests/leaks.rs`).
        let p = play_random_game(&Mainframe, &config(players, &[]), game * 13 + u64::from(players), 20_000, false)
            .unwrap_or_else(|e| panic!("{players} players, game {game}: {e}"));
        total.add(check_states(&Mainframe, &Mainframe, &p.states).unwrap_or_else(|e| panic!("{players} players, game {game}: {e}")));
    }
    assert!(total.states > 0 && total.facts > total.states * 10, "{total:?}");
    eprintln!("mainframe completeness, {players} players: {n} games, {total:?}");
    total
}

#[test]
fn mf_every_public_fact_is_in_the_spectators_view_two_to_four_players() {
    for players in 2..=4 {
        run(players);
    }
}

/// The real ruleset with one member left out of its views.
struct Forgetful(&'static str);

impl Ruleset for Forgetful {
    fn info(&self) -> &'static RulesetInfo {
        Mainframe.info()
    }
    fn new_match(&self, config: &MatchConfig) -> Result<Step, RulesError> {
        Mainframe.new_match(config)
    }
    fn apply(&self, state: &[u8], input: &Input) -> Result<Step, RulesError> {
        Mainframe.apply(state, input)
    }
    fn view(&self, state: &[u8], viewer: Viewer) -> Result<Value, RulesError> {
        let mut v = Mainframe.view(state, viewer)?;
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

/// The oracle fails on views that leave out a permanent's damage, the health or a timed
/// effect's duration, and passes on the real ones, over the same game.
#[test]
fn mf_the_completeness_oracle_catches_a_fact_left_out() {
    let p = play_random_game(&Mainframe, &config(2, &[]), 15, 20_000, false).unwrap_or_else(|e| panic!("{e}"));
    check_states(&Mainframe, &Mainframe, &p.states).unwrap_or_else(|e| panic!("the real views: {e}"));
    for member in ["damage", "mainframe", "until", "decked"] {
        let err = check_states(&Forgetful(member), &Mainframe, &p.states).expect_err(member);
        assert!(err.contains("a public fact is missing") && err.contains(member), "{member}: {err}");
    }
}
