//! The leak oracle ([`crate::testing::leak`]) over random netrunner games, and proof that it
//! catches the two leaks it was built for when they are planted. `NETRUNNER_LEAK_GAMES` sets the
//! number of games (default a few, for CI).

use serde_json::Value;

use crate::core::*;
use crate::netrunner::{decode, Netrunner};
use crate::testing::leak::{check_game, games_from_env, HiddenInfo, LeakStats};

use super::kit::config;

const MAX_INPUTS: usize = 200_000;

#[test]
fn nr_no_viewer_sees_a_hidden_card() {
    let n = games_from_env("NETRUNNER_LEAK_GAMES", 4);
    let mut total = LeakStats::default();
    for game in 0..n {
        let stats = check_game(&Netrunner, &Netrunner, &config(&[]), game * 17 + 5, MAX_INPUTS)
            .unwrap_or_else(|e| panic!("game {game}: {e}"));
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
            let g = decode(state)?;
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
    let leak = first_leak(&Leaky { prompt_as_summary: true, list_positions: false, names_without_numbers: false })
        .expect("a planted leak is caught");
    assert!(leak.contains("decision netrunner."), "{leak}");
}

#[test]
fn the_oracle_catches_numbers_that_are_deck_list_positions() {
    let leak = first_leak(&Leaky { prompt_as_summary: false, list_positions: true, names_without_numbers: false })
        .expect("a planted leak is caught");
    assert!(leak.contains("the view depends on hidden cards"), "{leak}");
}

#[test]
fn the_oracle_catches_a_hidden_card_named_without_its_number() {
    let leak = first_leak(&Leaky { prompt_as_summary: false, list_positions: false, names_without_numbers: true })
        .expect("a planted leak is caught");
    assert!(leak.contains("a card hidden in every copy"), "{leak}");
}
