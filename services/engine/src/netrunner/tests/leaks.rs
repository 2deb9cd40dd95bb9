//! The leak oracle ([`crate::testing::leak`]) over random netrunner games, and proof that it
//! catches the two leaks it was built for when they are planted. `NETRUNNER_LEAK_GAMES` sets the
//! number of games (default a few, for CI).

use serde_json::Value;

use crate::core::game::decode;
use crate::core::*;
use crate::netrunner::state::Game;
use crate::netrunner::Netrunner;
use crate::testing::leak::{check_game, games_from_env, HiddenInfo, LeakStats};

use super::kit::config;

const MAX_INPUTS: usize = 200_000;

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): `Decision.summary`.
#[test]
fn nr_no_viewer_sees_a_hidden_card() {
    let n = games_from_env("NETRUNNER_LEAK_GAMES", 4);
    let mut total = LeakStats::default();
    for game in 0..n {
        let stats = check_game(&Netrunner, &Netrunner, &config(&[]), game * 17 + 5, MAX_INPUTS).unwrap_or_else(|e| panic!("game {game}: {e}"));
        total.add(stats);
    }
    assert!(total.views_compared > 0 && total.decisions_checked > 0);
    eprintln!("netrunner: {n} games, {total:?}");
}

/// The real ruleset with one leak planted.
struct Leaky {
    /// Non-deciders get the seat's prompt as the summary (the first leak found).
    prompt_as_summary: bool,
    /// Views number cards by their deck-list position (the second leak found).
    list_positions: bool,
    /// Private event texts are shown to everyone with the card numbers cut out.
    names_without_numbers: bool,
}

impl Ruleset for Leaky {
    fn info(&self) -> &'static RulesetInfo {
        Netrunner.info()
    }
    fn new_match(&self, config: &MatchConfig) -> Result<Step, RulesError> {
        Netrunner.new_match(config)
    }
    fn apply(&self, state: &[u8], input: &Input) -> Result<Step, RulesError> {
        let mut step = Netrunner.apply(state, input)?;
        if let (true, Awaiting::Decision(d)) = (self.prompt_as_summary, &mut step.awaiting) {
            d.summary = d.prompt.clone();
        }
        if self.names_without_numbers {
            for e in &mut step.events {
                if let Some(p) = &e.private {
                    // "The Corp installs Palisade #23 in HQ" -> "The Corp installs Palisade in HQ".
                    let mut text = String::new();
                    for (i, part) in p.text.split(" #").enumerate() {
                        text.push_str(if i == 0 { part } else { part.trim_start_matches(|c: char| c.is_ascii_digit()) });
                    }
                    e.text = text;
                }
            }
        }
        Ok(step)
    }
    fn view(&self, state: &[u8], viewer: Viewer) -> Result<Value, RulesError> {
        let mut v = Netrunner.view(state, viewer)?;
        if self.list_positions {
            let g: Game = decode(state)?;
            renumber(&mut v, &|n| g.cards.get(n as usize).map_or(n, |c| c.pos));
        }
        Ok(v)
    }
}

fn renumber(v: &mut Value, pos: &dyn Fn(u32) -> u32) {
    match v {
        Value::Object(m) => {
            if let Some(id) = m.get("id").and_then(Value::as_u64) {
                m.insert("id".into(), Value::from(pos(id as u32)));
            }
            m.values_mut().filter(|x| x.is_object() || x.is_array()).for_each(|x| renumber(x, pos));
        }
        Value::Array(a) => a.iter_mut().for_each(|x| renumber(x, pos)),
        _ => {}
    }
}

/// The first leak the oracle reports over a few games, if any.
fn first_leak(r: &Leaky) -> Option<String> {
    (0..5).find_map(|game| check_game(r, &Netrunner as &dyn HiddenInfo, &config(&[]), game * 17 + 5, MAX_INPUTS).err())
}

#[test]
fn the_oracle_catches_a_prompt_shown_to_non_deciders() {
    let leak = first_leak(&Leaky { prompt_as_summary: true, list_positions: false, names_without_numbers: false }).expect("a planted leak is caught");
    assert!(leak.contains("decision netrunner."), "{leak}");
}

#[test]
fn the_oracle_catches_numbers_that_are_deck_list_positions() {
    let leak = first_leak(&Leaky { prompt_as_summary: false, list_positions: true, names_without_numbers: false }).expect("a planted leak is caught");
    assert!(leak.contains("the view depends on hidden cards"), "{leak}");
}

#[test]
fn the_oracle_catches_a_hidden_card_named_without_its_number() {
    let leak = first_leak(&Leaky { prompt_as_summary: false, list_positions: false, names_without_numbers: true }).expect("a planted leak is caught");
    assert!(leak.contains("a card hidden in every copy"), "{leak}");
}

/// The real ruleset, with every view showing the Corp's secret psi bid.
struct LeakyPsi;

impl Ruleset for LeakyPsi {
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
        v["psi"] = Netrunner.view(state, Viewer::Seat(crate::netrunner::state::CORP))?["corp"]["psi_bid"].clone();
        Ok(v)
    }
}

/// Check 3 of the oracle (secret inputs) fails on a view that shows the Corp's psi bid to the
/// Runner, and passes on the real one.
#[test]
fn nr_the_leak_oracle_catches_a_planted_psi_bid_leak() {
    use crate::netrunner::cards::SEE_HOW_THEY_RUN;
    use crate::netrunner::state::{At, Stage, CORP, RUNNER};
    let mut s = super::kit::Scenario::new().auto_pass().corp_turn(3);
    let a = s.root(3, SEE_HOW_THEY_RUN, false);
    s.g.cards[a as usize].adv = 4;
    let mut m = s.start(Stage::Window { at: At::Action, round: crate::core::stack::PriorityRound::new(vec![CORP, RUNNER]) });
    m.pick(&[&format!("score:{a}")]);
    let d = m.decision();
    assert_eq!(d.kind, "netrunner.psi_corp");
    let input = Input::Decision { decision_id: d.id, seat: CORP, choice: Choice::Pick(vec!["bid:1".into()]) };
    let alts = Netrunner.secret_alternatives(&m.state, &input, Viewer::Seat(RUNNER));
    assert_eq!(alts.len(), 2, "bids 0 and 2");
    for (rules, leaks) in [(&LeakyPsi as &dyn Ruleset, true), (&Netrunner as &dyn Ruleset, false)] {
        let step = rules.apply(&m.state, &input).expect("the bid is accepted");
        let found = alts
            .iter()
            .find_map(|alt| crate::testing::leak::same_as_seen(rules, &m.state, (&step.events, &step.awaiting, &step.state), alt, Viewer::Seat(RUNNER)).err());
        assert_eq!(found.is_some(), leaks, "{found:?}");
    }
}
