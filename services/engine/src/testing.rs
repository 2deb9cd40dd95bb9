//! Test support shared by tests and demos: a deterministic random player.
//!
//! [`RandomBot`] answers any [`Decision`] with a random *offered* answer and any [`DrawRequest`]
//! with random valid values, from a tiny xorshift generator seeded by the caller. No floats, no
//! system randomness: the same seed plays the same game.

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
