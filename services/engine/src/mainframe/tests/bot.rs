//! Random bots play whole games: no offered option may fail, every game ends, and replaying
//! the same inputs gives the same states and events.

use crate::core::*;
use crate::mainframe::Mainframe;
use crate::testing::RandomBot;

use super::kit::config;

const MAX_INPUTS: usize = 20_000;

fn games() -> u64 {
    std::env::var("MAINFRAME_BOT_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(30)
}

struct Played {
    inputs: Vec<Input>,
    states: Vec<Vec<u8>>,
    events: Vec<Vec<Event>>,
    decisions: usize,
    outcome: Outcome,
}

fn play(players: u32, game: u64) -> Played {
    let r = Mainframe;
    let first = r.new_match(&config(players, &[])).expect("new match");
    let mut bot = RandomBot::new(game * 7 + u64::from(players));
    let (mut state, mut awaiting) = (first.state, first.awaiting);
    let mut played = Played { inputs: vec![], states: vec![], events: vec![first.events], decisions: 0, outcome: Outcome { winners: vec![], reason: String::new() } };
    played.states.push(state.clone());
    loop {
        if let Awaiting::Ended(o) = &awaiting {
            played.outcome = o.clone();
            return played;
        }
        assert!(played.inputs.len() < MAX_INPUTS, "game {game} with {players} players did not end in {MAX_INPUTS} inputs");
        if matches!(awaiting, Awaiting::Decision(_)) {
            played.decisions += 1;
        }
        if game < 3 {
            refuses_bad_inputs(&state, &awaiting, players);
        }
        let input = bot.input(&awaiting).expect("an input");
        let step = r
            .apply(&state, &input)
            .unwrap_or_else(|e| panic!("game {game} ({players} players): offered input {input:?} refused: {e}"));
        // Views never fail.
        for v in [Viewer::Seat(0), Viewer::Spectator, Viewer::Auditor] {
            r.view(&step.state, v).expect("view");
        }
        state = step.state;
        awaiting = step.awaiting;
        played.inputs.push(input);
        played.states.push(state.clone());
        played.events.push(step.events);
    }
}

fn replay_equal(players: u32, p: &Played) {
    let r = Mainframe;
    let first = r.new_match(&config(players, &[])).expect("new match");
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

fn run_bots(players: u32) {
    let n = games();
    let mut total = 0;
    let mut longest = 0;
    for game in 0..n {
        let p = play(players, game);
        assert!(p.outcome.winners.len() <= 1, "{:?}", p.outcome);
        total += p.decisions;
        longest = longest.max(p.decisions);
        if game < 5 {
            replay_equal(players, &p);
        }
    }
    eprintln!("{players} players: {n} games, {} decisions on average, longest {longest}", total / n.max(1) as usize);
}

#[test]
fn mf_bot_random_games_two_players() {
    run_bots(2);
}

#[test]
fn mf_bot_random_games_three_players() {
    run_bots(3);
}

#[test]
fn mf_bot_random_games_four_players() {
    run_bots(4);
}

#[test]
fn mf_bot_replay_is_byte_identical() {
    for game in 0..3 {
        for players in 2..=4 {
            let p = play(players, 1000 + game);
            replay_equal(players, &p);
        }
    }
}


/// Untrusted inputs are refused with the right error, never a panic.
fn refuses_bad_inputs(state: &[u8], awaiting: &Awaiting, players: u32) {
    let r = Mainframe;
    match awaiting {
        Awaiting::Decision(d) => {
            let choice = Choice::Pick(vec!["pass".into()]);
            let stale = Input::Decision { decision_id: d.id + 1, seat: d.seat, choice: choice.clone() };
            assert!(matches!(r.apply(state, &stale), Err(RulesError::StaleDecision { .. })));
            let wrong = Input::Decision { decision_id: d.id, seat: (d.seat + 1) % players, choice };
            assert!(matches!(r.apply(state, &wrong), Err(RulesError::WrongSeat { .. })));
            for choice in [
                Choice::Pick(vec!["no-such-option".into()]),
                Choice::Number(3),
                Choice::Split(vec![("x".into(), 1)]),
                Choice::Order(vec![]),
            ] {
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
    // Truncated state bytes are corrupt, not a panic.
    let cut = &state[..state.len() / 2];
    assert!(matches!(r.apply(cut, &Input::Draw { index: 0, purpose: String::new(), values: vec![] }), Err(RulesError::CorruptState(_))));
}
