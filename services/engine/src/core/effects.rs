//! Timed effects: modifications that last until a named moment (MF-8.3 "Until Turn End"; in
//! `neonhope`, the end of a task, of a round or of the encounter phase).

use serde::{Deserialize, Serialize};

/// When a timed effect ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Expiry {
    /// At the end of the current turn's Reset (or the game's equivalent cleanup).
    EndOfTurn,
    /// At the end of the current combat / run.
    EndOfCombat,
    /// At the end of the current task (a task test and what it does, `neonhope` NH-2.2).
    EndOfTask,
    /// At the end of the current round (after its last phase).
    EndOfRound,
    /// At the end of the current encounter phase (`neonhope` NH-3), before the round ends.
    EndOfEncounterPhase,
}

impl Expiry {
    /// How an event says it: "until turn end".
    pub fn until(self) -> &'static str {
        match self {
            Expiry::EndOfTurn => "until turn end",
            Expiry::EndOfCombat => "until end of combat",
            Expiry::EndOfTask => "until the end of the task",
            Expiry::EndOfRound => "until the end of the round",
            Expiry::EndOfEncounterPhase => "until the end of the encounter phase",
        }
    }
    /// How a view names it (`"end_of_turn"`), as the netrunner view names a lasting effect's
    /// duration: a client shows how long an effect lasts (issue 35).
    pub fn name(self) -> &'static str {
        match self {
            Expiry::EndOfTurn => "end_of_turn",
            Expiry::EndOfCombat => "end_of_combat",
            Expiry::EndOfTask => "end_of_task",
            Expiry::EndOfRound => "end_of_round",
            Expiry::EndOfEncounterPhase => "end_of_encounter_phase",
        }
    }
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
        let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.effects).into_iter().partition(|(e, _)| *e == moment);
        self.effects = kept;
        gone.into_iter().map(|(_, t)| t).collect()
    }
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.effects.iter().map(|(_, t)| t)
    }
    /// Each effect with when it ends, oldest first.
    pub fn iter_timed(&self) -> impl Iterator<Item = (Expiry, &T)> {
        self.effects.iter().map(|(e, t)| (*e, t))
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

    #[test]
    fn the_task_round_and_encounter_phase_moments_expire_apart() {
        let mut fx = TimedEffects::default();
        fx.add(Expiry::EndOfRound, "round");
        fx.add(Expiry::EndOfTask, "task");
        fx.add(Expiry::EndOfEncounterPhase, "phase");
        assert_eq!(fx.expire(Expiry::EndOfTask), vec!["task"]);
        assert_eq!(fx.expire(Expiry::EndOfEncounterPhase), vec!["phase"]);
        assert_eq!(fx.iter().copied().collect::<Vec<_>>(), vec!["round"]);
        assert_eq!(fx.expire(Expiry::EndOfRound), vec!["round"]);
        assert!(fx.expire(Expiry::EndOfTurn).is_empty());
    }
}
