//! Random players for demos, benches, deck generation and the oracles: [`RandomBot`] answers
//! any [`Decision`] with a random *offered* answer and any [`DrawRequest`] with random valid
//! values, from a tiny xorshift generator seeded by the caller; [`play_game`] plays a whole game
//! with one.
//!
//! Must never: use floats or system randomness (the same seed plays the same game), or stand in
//! for the randomness service in a real match (its draws are not fair draws, only valid ones).

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
                Choice::Pick(order.into_iter().take(k as usize).filter_map(|i| options.get(i as usize).map(|o| o.id.clone())).collect())
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
/// error says which input of which game failed.
pub fn play_game(ruleset: &dyn crate::core::Ruleset, config: &crate::core::MatchConfig, seed: u64, max_inputs: usize) -> Result<PlayedGame, String> {
    play_game_probing(ruleset, config, seed, max_inputs, |_, _| Ok(()))
}

/// [`play_game`], calling `probe` with the state and what the match awaits before each input
/// (the oracles feed each position bad inputs there).
pub fn play_game_probing(
    ruleset: &dyn crate::core::Ruleset,
    config: &crate::core::MatchConfig,
    seed: u64,
    max_inputs: usize,
    mut probe: impl FnMut(&[u8], &crate::core::Awaiting) -> Result<(), String>,
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
        probe(&state, &awaiting).map_err(|e| format!("seed {seed}: {e}"))?;
        let input = bot.input(&awaiting).ok_or_else(|| format!("seed {seed}: no input for {awaiting:?}"))?;
        let step = ruleset.apply(&state, &input).map_err(|e| format!("seed {seed}: offered input {input:?} refused: {e}"))?;
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
