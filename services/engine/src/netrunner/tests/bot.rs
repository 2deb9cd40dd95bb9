//! Random bots play whole games: no offered option may fail, every game ends by a rule, and
//! replaying the same inputs gives byte-identical states and events.

use std::collections::BTreeMap;

use crate::core::*;
use crate::netrunner::Netrunner;
use crate::testing::RandomBot;

use super::kit::config;

const MAX_INPUTS: usize = 200_000;

fn games() -> u64 {
    std::env::var("NETRUNNER_BOT_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(30)
}

struct Played {
    inputs: Vec<Input>,
    states: Vec<Vec<u8>>,
    events: Vec<Vec<Event>>,
    decisions: usize,
    outcome: Outcome,
}

fn play(game: u64) -> Played {
    let r = Netrunner;
    let first = r.new_match(&config(&[])).expect("new match");
    let mut bot = RandomBot::new(game * 11 + 3);
    let (mut state, mut awaiting) = (first.state, first.awaiting);
    let mut p = Played { inputs: vec![], states: vec![state.clone()], events: vec![first.events], decisions: 0, outcome: Outcome { winners: vec![], reason: String::new() } };
    loop {
        if let Awaiting::Ended(o) = &awaiting {
            p.outcome = o.clone();
            return p;
        }
        assert!(p.inputs.len() < MAX_INPUTS, "game {game} did not end in {MAX_INPUTS} inputs");
        if matches!(awaiting, Awaiting::Decision(_)) {
            p.decisions += 1;
        }
        if game < 2 {
            refuses_bad_inputs(&state, &awaiting);
        }
        let input = bot.input(&awaiting).expect("an input");
        let step = r.apply(&state, &input).unwrap_or_else(|e| panic!("game {game}: offered input {input:?} refused: {e}"));
        for v in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator, Viewer::Auditor] {
            r.view(&step.state, v).expect("view");
        }
        state = step.state;
        awaiting = step.awaiting;
        p.inputs.push(input);
        p.states.push(state.clone());
        p.events.push(step.events);
    }
}

fn replay_equal(p: &Played) {
    let r = Netrunner;
    let first = r.new_match(&config(&[])).expect("new match");
    assert_eq!(first.state, p.states[0]);
    assert_eq!(first.events, p.events[0]);
    let mut state = first.state;
    for (i, input) in p.inputs.iter().enumerate() {
        let step = r.apply(&state, input).expect("replay accepts the same input");
        assert_eq!(step.state, p.states[i + 1], "state differs at input {i}");
        assert_eq!(step.events, p.events[i + 1], "events differ at input {i}");
        state = step.state;
    }
}

fn refuses_bad_inputs(state: &[u8], awaiting: &Awaiting) {
    let r = Netrunner;
    match awaiting {
        Awaiting::Decision(d) => {
            let choice = Choice::Pick(vec!["pass".into()]);
            let stale = Input::Decision { decision_id: d.id + 1, seat: d.seat, choice: choice.clone() };
            assert!(matches!(r.apply(state, &stale), Err(RulesError::StaleDecision { .. })));
            let wrong = Input::Decision { decision_id: d.id, seat: 1 - d.seat, choice };
            assert!(matches!(r.apply(state, &wrong), Err(RulesError::WrongSeat { .. })));
            for choice in [Choice::Pick(vec!["no-such-option".into()]), Choice::Number(-3), Choice::Split(vec![("x".into(), 1)]), Choice::Order(vec![])] {
                let bad = Input::Decision { decision_id: d.id, seat: d.seat, choice };
                assert!(r.apply(state, &bad).is_err());
            }
        }
        Awaiting::Draw(q) => {
            let bad = Input::Draw { index: q.index + 1, purpose: q.purpose.clone(), values: vec![0] };
            assert!(r.apply(state, &bad).is_err());
            let bad = Input::Draw { index: q.index, purpose: q.purpose.clone(), values: vec![u32::MAX] };
            assert!(matches!(r.apply(state, &bad), Err(RulesError::Malformed(_))));
        }
        Awaiting::Ended(_) => {}
    }
    let cut = &state[..state.len() / 2];
    assert!(matches!(r.apply(cut, &Input::Draw { index: 0, purpose: String::new(), values: vec![] }), Err(RulesError::CorruptState(_))));
}

#[test]
fn nr_bot_random_games_end_by_a_rule() {
    let n = games();
    let mut total = 0;
    let mut longest = 0;
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    for game in 0..n {
        let p = play(game);
        assert_eq!(p.outcome.winners.len(), 1, "{:?}", p.outcome);
        let kind = p.outcome.reason.split(':').next().unwrap_or("").to_string();
        assert!(["agenda points", "decking", "flatline"].contains(&kind.as_str()), "game {game} ended by no rule: {:?}", p.outcome);
        *reasons.entry(format!("{kind} (seat {} wins)", p.outcome.winners[0])).or_default() += 1;
        total += p.decisions;
        longest = longest.max(p.decisions);
        if game < 3 {
            replay_equal(&p);
        }
    }
    eprintln!("netrunner bots: {n} games, {} decisions on average, longest {longest}; end reasons: {reasons:?}", total / n.max(1) as usize);
}

#[test]
fn nr_bot_replay_is_byte_identical() {
    for game in 0..2 {
        let p = play(5000 + game);
        replay_equal(&p);
    }
}
