//! Test support for the engine's own tests (compiled only under `cfg(test)`): the leak oracle
//! ([`leak`]) every game's tests run, the `apply` fuzzer ([`fuzz`]), the schema observer
//! ([`schema`]), the one test kit ([`kit::Match`]) every game's tests drive their matches with,
//! and the replay and bad-input checks of the random-game oracles.

pub mod completeness;
pub mod fuzz;
pub mod kinds;
pub mod kit;
pub mod leak;
mod published_schemas;
pub mod schema;
mod state_layouts;

pub use crate::bots::{PlayedGame, RandomBot};
pub use kit::{Match, TypedRuleset};

/// [`crate::bots::play_game`], with the kinds oracle ([`kinds`]) on every position: every
/// decision and event met is declared, with its declared detail. With `probe_bad_inputs` each
/// position is also fed malformed, stale, wrong-seat and truncated inputs, which must be refused
/// (never panic).
pub fn play_random_game(
    ruleset: &dyn crate::core::Ruleset,
    config: &crate::core::MatchConfig,
    seed: u64,
    max_inputs: usize,
    probe_bad_inputs: bool,
) -> Result<PlayedGame, String> {
    let seats = config.seats.len() as u32;
    let game = crate::bots::play_game_probing(ruleset, config, seed, max_inputs, |state, awaiting| {
        kinds::check_awaiting(ruleset, awaiting)?;
        if probe_bad_inputs {
            refuses_bad_inputs(ruleset, state, awaiting, seats)
        } else {
            Ok(())
        }
    })?;
    for (i, events) in game.events.iter().enumerate() {
        kinds::check_events(ruleset, events).map_err(|e| format!("seed {seed}, step {i}: {e}"))?;
    }
    Ok(game)
}

/// Replay a played game's inputs from `new_match`: the states must be byte-identical and the
/// events equal at every step.
pub fn check_replay(ruleset: &dyn crate::core::Ruleset, config: &crate::core::MatchConfig, game: &PlayedGame) -> Result<(), String> {
    let first = ruleset.new_match(config).map_err(|e| format!("new match: {e}"))?;
    if Some(&first.state) != game.states.first() || Some(&first.events) != game.events.first() {
        return Err("new_match differs from the played game".into());
    }
    let mut state = first.state;
    for (i, input) in game.inputs.iter().enumerate() {
        let step = ruleset.apply(&state, input).map_err(|e| format!("replay refused input {i}: {e}"))?;
        if Some(&step.state) != game.states.get(i + 1) {
            return Err(format!("the state differs after input {i}"));
        }
        if Some(&step.events) != game.events.get(i + 1) {
            return Err(format!("the events differ after input {i}"));
        }
        state = step.state;
    }
    Ok(())
}

/// Untrusted inputs at this position are refused with the right error, never a panic: a stale
/// decision id, the wrong seat, malformed choices, a misaddressed or out-of-range draw, and
/// truncated state bytes.
pub fn refuses_bad_inputs(ruleset: &dyn crate::core::Ruleset, state: &[u8], awaiting: &crate::core::Awaiting, seats: u32) -> Result<(), String> {
    use crate::core::{Awaiting, Choice, Input, RulesError};
    let expect = |ok: bool, what: &str| if ok { Ok(()) } else { Err(format!("{what} was not refused as it should be")) };
    match awaiting {
        Awaiting::Decision(d) => {
            let choice = Choice::Pick(vec!["pass".into()]);
            let stale = Input::Decision { decision_id: d.id + 1, seat: d.seat, choice: choice.clone() };
            expect(matches!(ruleset.apply(state, &stale), Err(RulesError::StaleDecision { .. })), "a stale decision id")?;
            // A seat that does not exist (so the probe works for a solo game too), and with
            // several seats, another seat of the match.
            let nobody = Input::Decision { decision_id: d.id, seat: seats.max(d.seat + 1), choice: choice.clone() };
            expect(matches!(ruleset.apply(state, &nobody), Err(RulesError::WrongSeat { .. })), "an answer from a seat that does not exist")?;
            if seats > 1 {
                let wrong = Input::Decision { decision_id: d.id, seat: (d.seat + 1) % seats, choice };
                expect(matches!(ruleset.apply(state, &wrong), Err(RulesError::WrongSeat { .. })), "another seat's answer")?;
            }
            for choice in [Choice::Pick(vec!["no-such-option".into()]), Choice::Number(-3), Choice::Split(vec![("x".into(), 1)]), Choice::Order(vec![])] {
                let bad = Input::Decision { decision_id: d.id, seat: d.seat, choice };
                expect(ruleset.apply(state, &bad).is_err(), "a malformed choice")?;
            }
        }
        Awaiting::Draw(q) => {
            let misaddressed = Input::Draw { index: q.index + 1, purpose: q.purpose.clone(), values: vec![0] };
            expect(ruleset.apply(state, &misaddressed).is_err(), "a draw with the wrong index")?;
            let out_of_range = Input::Draw { index: q.index, purpose: q.purpose.clone(), values: vec![u32::MAX] };
            expect(matches!(ruleset.apply(state, &out_of_range), Err(RulesError::Malformed(_))), "an out-of-range draw")?;
        }
        Awaiting::Ended(_) => {}
    }
    let cut = &state[..state.len() / 2];
    let any = Input::Draw { index: 0, purpose: String::new(), values: vec![] };
    expect(matches!(ruleset.apply(cut, &any), Err(RulesError::CorruptState(_))), "a truncated state")
}

/// A decklist as `(code, count)` lines, from literals.
pub fn decklist(cards: &[(&str, u32)]) -> Vec<(String, u32)> {
    cards.iter().map(|(c, n)| (c.to_string(), *n)).collect()
}
