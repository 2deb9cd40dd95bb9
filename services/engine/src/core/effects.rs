//! Timed effects: modifications that last until a named moment (MF-8.3 "Until Turn End").

use serde::{Deserialize, Serialize};

/// When a timed effect ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Expiry {
    /// At the end of the current turn's Reset (or the game's equivalent cleanup).
    EndOfTurn,
    /// At the end of the current combat / run.
    EndOfCombat,
}

/// A list of effects, each with its expiry. `T` says what the effect does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedEffects<T> {
    effects: Vec<(Expiry, T)>,
}

impl<T> Default for TimedEffects<T> {
    fn default() -> Self {
        TimedEffects { effects: Vec::new() }
    }
}

impl<T> TimedEffects<T> {
    pub fn add(&mut self, expiry: Expiry, effect: T) {
        self.effects.push((expiry, effect));
    }
    /// Remove and return the effects that end at `moment`, oldest first.
    pub fn expire(&mut self, moment: Expiry) -> Vec<T> {
        let (gone, kept): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.effects).into_iter().partition(|(e, _)| *e == moment);
        self.effects = kept;
        gone.into_iter().map(|(_, t)| t).collect()
    }
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.effects.iter().map(|(_, t)| t)
    }
    /// Drop effects that no longer apply (for example, their target left play).
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.effects.retain(|(_, t)| keep(t));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_named_moment_expires() {
        let mut fx = TimedEffects::default();
        fx.add(Expiry::EndOfTurn, "a");
        fx.add(Expiry::EndOfCombat, "b");
        fx.add(Expiry::EndOfTurn, "c");
        assert_eq!(fx.expire(Expiry::EndOfTurn), vec!["a", "c"]);
        assert_eq!(fx.iter().copied().collect::<Vec<_>>(), vec!["b"]);
    }
}
