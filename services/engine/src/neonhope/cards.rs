//! What each card does: one row per card in three tables (action cards played to boost a task,
//! encounter cards, episode cards), with one named function per effect below them. What is
//! printed on a card is in [`super::data`].
//!
//! Owns: card behaviour. Must never: import `flow` (the flow calls the tables), or be imported by
//! `state` or `data`.

use crate::neonhope::kinds::events;
use serde_json::json;

use super::data::{self, Task};
use super::state::{Game, Mod};
use crate::core::effects::Expiry;
use crate::core::Event;

/// An action card played on `seat`'s task.
pub type PlayFn = fn(&mut Game, u32, &mut Vec<Event>);
/// An encounter card resolved by `seat`; returns how many encounter cards `seat` must then
/// draw (NH-3.14).
pub type EncounterFn = fn(&mut Game, u32, &mut Vec<Event>) -> u32;
/// An episode card's "when the encounter phase begins", resolved by the responsible seat (NH-3.12).
pub type EpisodeFn = fn(&mut Game, u32, &mut Vec<Event>);

pub struct ActionDef {
    pub key: &'static str,
    pub play: PlayFn,
}

pub struct EncounterDef {
    pub key: &'static str,
    pub resolve: EncounterFn,
}

pub struct EpisodeDef {
    pub key: &'static str,
    /// NH-3.1.
    pub on_encounter_begin: Option<EpisodeFn>,
    /// A lasting bonus to every character's task of this kind.
    pub task_bonus: Option<(Task, i32)>,
}

pub static ACTIONS: &[ActionDef] = &[
    ActionDef { key: "quick_script", play: boost_only },
    ActionDef { key: "brass_knuckles", play: boost_only },
    ActionDef { key: "keen_eye", play: boost_only },
    ActionDef { key: "favor_owed", play: boost_only },
    ActionDef { key: "adrenaline", play: adrenaline },
    ActionDef { key: "low_profile", play: low_profile },
    ActionDef { key: "scrub_logs", play: scrub_logs },
];

pub static ENCOUNTERS: &[EncounterDef] = &[
    EncounterDef { key: "patrol_sweep", resolve: patrol_sweep },
    EncounterDef { key: "dragnet", resolve: dragnet },
    EncounterDef { key: "pressure", resolve: pressure },
    EncounterDef { key: "breakdown", resolve: breakdown },
    EncounterDef { key: "escalation", resolve: escalation },
    EncounterDef { key: "hunter_moves", resolve: hunter_moves },
    EncounterDef { key: "ambush", resolve: ambush },
    EncounterDef { key: "cascade_failure", resolve: cascade_failure },
    EncounterDef { key: "quiet_night", resolve: quiet_night },
    EncounterDef { key: "lost_signal", resolve: lost_signal },
    EncounterDef { key: "crackdown", resolve: crackdown },
    EncounterDef { key: "friendly_sysop", resolve: friendly_sysop },
    EncounterDef { key: "tracer", resolve: tracer },
];

pub static EPISODES: &[EpisodeDef] = &[
    EpisodeDef { key: "curfew_broadcast", on_encounter_begin: Some(curfew_broadcast), task_bonus: None },
    EpisodeDef { key: "blackout_rolling", on_encounter_begin: Some(blackout_rolling), task_bonus: None },
    EpisodeDef { key: "informant_network", on_encounter_begin: None, task_bonus: Some((Task::Investigate, 1)) },
];

pub fn action(key: &str) -> Option<&'static ActionDef> {
    ACTIONS.iter().find(|d| d.key == key)
}

pub fn encounter(key: &str) -> Option<&'static EncounterDef> {
    ENCOUNTERS.iter().find(|d| d.key == key)
}

pub fn episode(key: &str) -> Option<&'static EpisodeDef> {
    EPISODES.iter().find(|d| d.key == key)
}

/// Whether action card `key` may boost `task`.
pub fn boosts(key: &str, task: Task) -> bool {
    data::action_card(key).is_some_and(|c| c.task.is_none_or(|t| t == task))
}

/// Play card `id` of `seat`'s hand on the task under way: its printed boost lasts until the end
/// of the task, then its row's effect.
pub fn play(g: &mut Game, seat: u32, id: u32, task: Task, ev: &mut Vec<Event>) {
    let key = g.card_key(id).to_string();
    let Some(printed) = data::action_card(&key) else { return };
    g.discard(seat, id);
    ev.push(events::CARD_PLAYED.public(
        format!("{} plays {} on {}: {}", g.seat_name(seat), g.label(id), task.name(), printed.text),
        json!({"seat": seat, "card": id, "key": key, "task": task.name()}),
    ));
    if printed.boost != 0 {
        g.effects.add(Expiry::EndOfTask, Mod { seat, task: Some(task), bonus: printed.boost, quiet: false, source: key.clone() });
    }
    if let Some(def) = action(&key) {
        (def.play)(g, seat, ev);
    }
}

/// The episode cards' lasting bonus to `task`.
pub fn episode_bonus(g: &Game, task: Task) -> i32 {
    g.episodes.iter().filter_map(|k| episode(k)).filter_map(|d| d.task_bonus).filter(|(t, _)| *t == task).map(|(_, b)| b).sum()
}

// --- action cards ---------------------------------------------------------------------------

fn boost_only(_: &mut Game, _: u32, _: &mut Vec<Event>) {}

fn adrenaline(g: &mut Game, seat: u32, _: &mut Vec<Event>) {
    g.effects.add(Expiry::EndOfRound, Mod { seat, task: None, bonus: 1, quiet: false, source: "adrenaline".into() });
}

fn low_profile(g: &mut Game, seat: u32, _: &mut Vec<Event>) {
    g.effects.add(Expiry::EndOfEncounterPhase, Mod { seat, task: None, bonus: 0, quiet: true, source: "low_profile".into() });
}

fn scrub_logs(g: &mut Game, _: u32, ev: &mut Vec<Event>) {
    g.unsurveil(2, "Scrub Logs", ev);
}

// --- encounter cards ------------------------------------------------------------------------

fn patrol_sweep(g: &mut Game, _: u32, ev: &mut Vec<Event>) -> u32 {
    g.surveil(1, "Patrol Sweep", ev);
    0
}

fn dragnet(g: &mut Game, _: u32, ev: &mut Vec<Event>) -> u32 {
    g.surveil(2, "Dragnet", ev);
    0
}

fn pressure(g: &mut Game, seat: u32, ev: &mut Vec<Event>) -> u32 {
    g.stress(seat, 1, ev);
    0
}

fn breakdown(g: &mut Game, seat: u32, ev: &mut Vec<Event>) -> u32 {
    g.stress(seat, 2, ev);
    0
}

fn escalation(g: &mut Game, seat: u32, ev: &mut Vec<Event>) -> u32 {
    let here = g.ch(seat).map(|c| c.location.clone()).unwrap_or_default();
    for (i, c) in data::CONDITIONS.iter().enumerate() {
        let open = g.conditions.get(i).is_some_and(|s| !s.withdrawn);
        if c.location == here && open {
            g.add_die(i as u32, ev);
        }
    }
    0
}

fn hunter_moves(g: &mut Game, seat: u32, ev: &mut Vec<Event>) -> u32 {
    let here = g.ch(seat).map(|c| c.location.clone()).unwrap_or_default();
    if let Some(e) = g.enemies.iter_mut().find(|e| !e.withdrawn && e.location != here) {
        e.location = here.clone();
        let name = data::ENEMIES.get(e.def as usize).map(|d| d.name).unwrap_or("?");
        ev.push(events::ENEMY_MOVED.public(
            format!("{name} moves to {}", Game::location_name(&here)),
            json!({"enemy": data::ENEMIES.get(e.def as usize).map(|d| d.key), "location": here}),
        ));
    }
    0
}

fn ambush(g: &mut Game, seat: u32, ev: &mut Vec<Event>) -> u32 {
    let here = g.ch(seat).map(|c| c.location.clone()).unwrap_or_default();
    for i in g.enemies_at(&here) {
        g.activate(i, ev);
    }
    0
}

/// NH-3.14: the card that makes a character draw several.
fn cascade_failure(g: &mut Game, _: u32, ev: &mut Vec<Event>) -> u32 {
    g.surveil(1, "Cascade Failure", ev);
    2
}

fn quiet_night(_: &mut Game, _: u32, _: &mut Vec<Event>) -> u32 {
    0
}

fn lost_signal(g: &mut Game, seat: u32, ev: &mut Vec<Event>) -> u32 {
    let name = g.seat_name(seat);
    if let Some(c) = g.ch_mut(seat) {
        c.counters = c.counters.saturating_sub(1);
        ev.push(events::COUNTER_SPENT.public(format!("{name} spends an action counter"), json!({"seat": seat, "counters": c.counters})));
    }
    0
}

fn crackdown(g: &mut Game, _: u32, ev: &mut Vec<Event>) -> u32 {
    g.surveil(1, "Crackdown", ev);
    for s in 0..g.seats() {
        let here = g.ch(s).map(|c| c.location.clone()).unwrap_or_default();
        if !g.enemies_at(&here).is_empty() {
            g.stress(s, 1, ev);
        }
    }
    0
}

fn friendly_sysop(g: &mut Game, _: u32, ev: &mut Vec<Event>) -> u32 {
    g.unsurveil(1, "Friendly Sysop", ev);
    0
}

fn tracer(g: &mut Game, _: u32, ev: &mut Vec<Event>) -> u32 {
    g.apply(data::Effect::DieOnEveryCondition, "Tracer", ev);
    0
}

// --- episode cards --------------------------------------------------------------------------

fn curfew_broadcast(g: &mut Game, _: u32, ev: &mut Vec<Event>) {
    // NH-3.11: the Corporation's effect belongs to no character.
    g.surveil(1, "Curfew Broadcast", ev);
}

fn blackout_rolling(g: &mut Game, active: u32, ev: &mut Vec<Event>) {
    if g.ch(active).is_some_and(|c| c.location != data::START) {
        g.stress(active, 1, ev);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printed_card_has_exactly_one_row() {
        for c in data::ACTION_CARDS {
            assert_eq!(ACTIONS.iter().filter(|d| d.key == c.key).count(), 1, "{}", c.key);
        }
        for c in data::ENCOUNTER_CARDS {
            assert_eq!(ENCOUNTERS.iter().filter(|d| d.key == c.key).count(), 1, "{}", c.key);
        }
        for c in data::EPISODE_CARDS {
            assert_eq!(EPISODES.iter().filter(|d| d.key == c.key).count(), 1, "{}", c.key);
        }
        assert!(EPISODES.iter().any(|d| d.on_encounter_begin.is_some()));
    }
}
