//! Test support shared by tests and demos: a deterministic random player, the leak oracle
//! ([`leak`]) every game's tests run, and the one test kit ([`kit::Match`]) every game's tests
//! drive their matches with.
//!
//! [`RandomBot`] answers any [`Decision`] with a random *offered* answer and any [`DrawRequest`]
//! with random valid values, from a tiny xorshift generator seeded by the caller. No floats, no
//! system randomness: the same seed plays the same game.

pub mod fuzz;
pub mod kit;
pub mod leak;
pub mod schema;

pub use kit::{Match, TypedRuleset};

use crate::core::{Awaiting, Choice, Decision, DecisionSpec, DrawKind, DrawRequest, Input};

/// A deterministic random player and dice roller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomBot {
    state: u64,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        // xorshift must not start at 0; mix the seed so that nearby seeds differ quickly.
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
        if s == 0 {
            s = 1;
        }
        RandomBot { state: s }
    }

    /// The next 64 random bits (xorshift64*).
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % u64::from(n)) as u32
    }

    /// A random permutation of `0..n` (Fisher–Yates).
    pub fn permutation(&mut self, n: u32) -> Vec<u32> {
        let mut v: Vec<u32> = (0..n).collect();
        for i in (1..v.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            v.swap(i, j);
        }
        v
    }

    /// A random well-formed answer to `d`, among what it offers. For a multi-select pick the
    /// bot keeps to the minimum three times out of four (so that "choose any number" decisions
    /// such as Force Quit do not wreck its own board every turn), else a uniform count.
    pub fn choose(&mut self, d: &Decision) -> Choice {
        match &d.spec {
            DecisionSpec::Pick { options, min, max } => {
                let max = (*max).min(options.len() as u32);
                let min = (*min).min(max);
                let k = if min == max || self.below(4) != 0 { min } else { min + self.below(max - min + 1) };
                let order = self.permutation(options.len() as u32);
                Choice::Pick(
                    order
                        .into_iter()
                        .take(k as usize)
                        .filter_map(|i| options.get(i as usize).map(|o| o.id.clone()))
                        .collect(),
                )
            }
            DecisionSpec::Number { min, max } => {
                let span = max.saturating_sub(*min).clamp(0, i64::from(u32::MAX - 1)) as u32;
                Choice::Number(min + i64::from(self.below(span + 1)))
            }
            DecisionSpec::Split { amount, targets } => {
                let mut left = *amount;
                let mut parts = Vec::new();
                for (i, t) in targets.iter().enumerate() {
                    let n = if i + 1 == targets.len() { left } else { self.below(left + 1) };
                    left -= n;
                    parts.push((t.id.clone(), n));
                }
                Choice::Split(parts)
            }
            DecisionSpec::Order { items } => {
                let order = self.permutation(items.len() as u32);
                Choice::Order(order.into_iter().filter_map(|i| items.get(i as usize).map(|o| o.id.clone())).collect())
            }
        }
    }

    /// Random valid values for a draw.
    pub fn draw(&mut self, r: &DrawRequest) -> Vec<u32> {
        match r.kind {
            DrawKind::Range(n) => vec![self.below(n)],
            DrawKind::Shuffle(n) => self.permutation(n),
        }
    }

    /// The input answering what a match awaits; `None` once it has ended.
    pub fn input(&mut self, awaiting: &Awaiting) -> Option<Input> {
        match awaiting {
            Awaiting::Decision(d) => Some(Input::Decision { decision_id: d.id, seat: d.seat, choice: self.choose(d) }),
            Awaiting::Draw(r) => Some(Input::Draw { index: r.index, purpose: r.purpose.clone(), values: self.draw(r) }),
            Awaiting::Ended(_) => None,
        }
    }
}

/// A whole game played by [`RandomBot`]s: every input, and the state and events after each.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub inputs: Vec<crate::core::Input>,
    /// `states[0]` is the state `new_match` built; `states[i + 1]` follows `inputs[i]`.
    pub states: Vec<Vec<u8>>,
    /// `events[0]` came from `new_match`; `events[i + 1]` from `inputs[i]`.
    pub events: Vec<Vec<crate::core::Event>>,
    pub decisions: usize,
    pub outcome: crate::core::Outcome,
}

/// Play one game of `ruleset` with a [`RandomBot`] seeded by `seed`. Every offered input must be
/// accepted, every view must render, and the game must end within `max_inputs`; otherwise the
/// error says which input of which game failed. With `probe_bad_inputs`, each position is also
/// fed malformed, stale, wrong-seat and truncated inputs, which must be refused (never panic).
pub fn play_random_game(
    ruleset: &dyn crate::core::Ruleset,
    config: &crate::core::MatchConfig,
    seed: u64,
    max_inputs: usize,
    probe_bad_inputs: bool,
) -> Result<PlayedGame, String> {
    use crate::core::{Awaiting, Outcome, Viewer};
    let first = ruleset.new_match(config).map_err(|e| format!("new match: {e}"))?;
    let seats = config.seats.len() as u32;
    let mut bot = RandomBot::new(seed);
    let (mut state, mut awaiting) = (first.state.clone(), first.awaiting);
    let mut game = PlayedGame {
        inputs: Vec::new(),
        states: vec![first.state],
        events: vec![first.events],
        decisions: 0,
        outcome: Outcome { winners: Vec::new(), reason: String::new() },
    };
    loop {
        if let Awaiting::Ended(o) = &awaiting {
            game.outcome = o.clone();
            return Ok(game);
        }
        if game.inputs.len() >= max_inputs {
            return Err(format!("seed {seed}: the game did not end within {max_inputs} inputs"));
        }
        if matches!(awaiting, Awaiting::Decision(_)) {
            game.decisions += 1;
        }
        if probe_bad_inputs {
            refuses_bad_inputs(ruleset, &state, &awaiting, seats).map_err(|e| format!("seed {seed}: {e}"))?;
        }
        let input = bot.input(&awaiting).ok_or_else(|| format!("seed {seed}: no input for {awaiting:?}"))?;
        let step = ruleset
            .apply(&state, &input)
            .map_err(|e| format!("seed {seed}: offered input {input:?} refused: {e}"))?;
        let viewers = (0..seats).map(Viewer::Seat).chain([Viewer::Spectator, Viewer::Auditor]);
        for viewer in viewers {
            ruleset.view(&step.state, viewer).map_err(|e| format!("seed {seed}: view for {viewer:?}: {e}"))?;
        }
        state = step.state;
        awaiting = step.awaiting;
        game.inputs.push(input);
        game.states.push(state.clone());
        game.events.push(step.events);
    }
}

/// Replay a played game's inputs from `new_match`: the states must be byte-identical and the
/// events equal at every step.
pub fn check_replay(
    ruleset: &dyn crate::core::Ruleset,
    config: &crate::core::MatchConfig,
    game: &PlayedGame,
) -> Result<(), String> {
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
pub fn refuses_bad_inputs(
    ruleset: &dyn crate::core::Ruleset,
    state: &[u8],
    awaiting: &crate::core::Awaiting,
    seats: u32,
) -> Result<(), String> {
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
            for choice in [
                Choice::Pick(vec!["no-such-option".into()]),
                Choice::Number(-3),
                Choice::Split(vec![("x".into(), 1)]),
                Choice::Order(vec![]),
            ] {
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
