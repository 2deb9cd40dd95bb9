//! The action phase (NH-2.1, H-1, H-7): each character in turn, clockwise from the responsible
//! one, spends its 3 action counters on moves and tasks; a task may be boosted by cards from
//! hand. Every action ends at a checkpoint (H-5).

use crate::neonhope::kinds::{decisions, events};
use serde_json::json;

use super::ask::{answer, answers, ask, corrupt, one_pick, picks, shown, Table};
use crate::core::game::pick_range;
use crate::core::{DecisionOption, Event, Input, RulesError};
use crate::neonhope::cards;
use crate::neonhope::data::{self, Task};
use crate::neonhope::state::{Game, Stage, Target, TaskRun};

/// What a character can do with an action counter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    Move(&'static str),
    Task(Task, Target),
    /// End the turn, leaving the counters unspent.
    End,
}

/// The legal actions of `seat` now (option ids are stable: they are logged).
pub fn actions(g: &Game, seat: u32) -> Table<Act> {
    let Some(c) = g.ch(seat) else { return vec![] };
    let here = c.location.as_str();
    let mut t: Table<Act> = Vec::new();
    for n in data::neighbours(here) {
        t.push((DecisionOption::new(format!("move:{n}"), format!("Move to {}", Game::location_name(n))), Act::Move(n)));
    }
    for (i, def) in data::CONDITIONS.iter().enumerate() {
        if def.location == here && g.conditions.get(i).is_some_and(|s| !s.withdrawn) {
            let d = difficulty(g, seat, &Target::Condition(i as u32), Task::Hack);
            t.push((
                DecisionOption::new(format!("hack:{}", def.key), format!("Hack {} (difficulty {d})", def.name)),
                Act::Task(Task::Hack, Target::Condition(i as u32)),
            ));
        }
    }
    if here == data::OBJECTIVE_LOCATION && g.gathered >= data::OBJECTIVE_INTEL {
        t.push((
            DecisionOption::new("hack:objective", format!("Hack the objective: broadcast the ledger (difficulty {})", data::OBJECTIVE_DIFFICULTY)),
            Act::Task(Task::Hack, Target::Objective),
        ));
    }
    for i in g.enemies_at(here) {
        let Some(def) = g.enemies.get(i as usize).and_then(|e| data::ENEMIES.get(e.def as usize)) else { continue };
        t.push((
            DecisionOption::new(format!("fight:{}", def.key), format!("Fight {} (difficulty {})", def.name, def.strength)),
            Act::Task(Task::Fight, Target::Enemy(i)),
        ));
    }
    let intel = data::location_index(here).and_then(|i| g.intel.get(i)).copied().unwrap_or(0);
    if intel > 0 {
        let d = difficulty(g, seat, &Target::None, Task::Investigate);
        t.push((DecisionOption::new("investigate", format!("Investigate (difficulty {d}, {intel} intel here)")), Act::Task(Task::Investigate, Target::None)));
    }
    t.push((DecisionOption::new("support", format!("Get support (difficulty {})", data::SUPPORT_DIFFICULTY)), Act::Task(Task::Support, Target::None)));
    t.push((DecisionOption::new("pass", "End the turn"), Act::End));
    t
}

/// The difficulty of `seat`'s `task` on `target`.
pub fn difficulty(g: &Game, seat: u32, target: &Target, task: Task) -> i32 {
    match (task, target) {
        (_, Target::Objective) => data::OBJECTIVE_DIFFICULTY,
        (_, Target::Condition(i)) => {
            let base = data::CONDITIONS.get(*i as usize).map(|c| c.difficulty).unwrap_or(0);
            base + g.conditions.get(*i as usize).map(|c| c.dice as i32).unwrap_or(0)
        }
        (_, Target::Enemy(i)) => g.enemies.get(*i as usize).and_then(|e| data::ENEMIES.get(e.def as usize)).map(|d| d.strength).unwrap_or(0),
        (Task::Investigate, _) => g.ch(seat).and_then(|c| data::location(&c.location)).map(|l| l.investigate).unwrap_or(0),
        _ => data::SUPPORT_DIFFICULTY,
    }
}

pub(super) fn step_round_start(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    g.round += 1;
    let who = g.seat_name(g.responsible);
    ev.push(events::ROUND_BEGAN.public(format!("Round {} begins; {who} is responsible", g.round), json!({"round": g.round, "responsible": g.responsible})));
    g.stage = Stage::Action { seat: g.responsible, turn: 0 };
    Ok(false)
}

pub(super) fn step_action(g: &mut Game, seat: u32, turn: u32) -> Result<bool, RulesError> {
    if turn >= g.seats() {
        g.stage = Stage::Encounter { step: 1 };
        return Ok(false);
    }
    let counters = g.ch(seat).map(|c| c.counters).ok_or_else(|| corrupt("no such character"))?;
    if counters == 0 {
        g.stage = Stage::Action { seat: g.next_seat(seat), turn: turn + 1 };
        return Ok(false);
    }
    let table = actions(g, seat);
    let here = g.ch(seat).map(|c| Game::location_name(&c.location)).unwrap_or("?");
    ask(
        g,
        seat,
        decisions::ACTION,
        format!("chooses an action ({counters} counter(s) left)"),
        format!("Round {}: you are at {here} with {counters} action counter(s); choose an action", g.round),
        crate::core::game::pick_one(shown(table)),
    );
    Ok(true)
}

pub(super) fn on_action(g: &mut Game, seat: u32, turn: u32, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let act = answer(&actions(g, seat), &id).ok_or_else(|| RulesError::Malformed(format!("\"{id}\" is not an action")))?;
    let name = g.seat_name(seat);
    let c = g.ch_mut(seat).ok_or_else(|| corrupt("no such character"))?;
    match act {
        Act::End => {
            c.counters = 0;
            ev.push(events::TURN_ENDED.public(format!("{name} ends the turn"), json!({"seat": seat})));
            g.stage = Stage::Action { seat: g.next_seat(seat), turn: turn + 1 };
        }
        Act::Move(to) => {
            c.counters -= 1;
            c.location = to.to_string();
            ev.push(events::MOVED.public(format!("{name} moves to {}", Game::location_name(to)), json!({"seat": seat, "location": to})));
            g.stage = Stage::Checkpoint { then: Box::new(Stage::Action { seat, turn }) };
        }
        Act::Task(task, target) => {
            c.counters -= 1;
            let difficulty = difficulty(g, seat, &target, task);
            ev.push(events::TASK_BEGAN.public(
                format!("{name} attempts {} (difficulty {difficulty})", task.name()),
                json!({"seat": seat, "task": task.name(), "difficulty": difficulty}),
            ));
            g.task = Some(TaskRun { seat, task, target, difficulty, tiles: vec![], turn });
            g.stage = Stage::Boost;
        }
    }
    Ok(())
}

/// The cards of `seat`'s hand that may boost `task`.
fn boosters(g: &Game, seat: u32, task: Task) -> Table<u32> {
    let Some(c) = g.ch(seat) else { return vec![] };
    c.hand.iter().filter(|&&id| cards::boosts(g.card_key(id), task)).map(|&id| (DecisionOption::new(format!("card:{id}"), g.label(id)), id)).collect()
}

pub(super) fn step_boost(g: &mut Game) -> Result<bool, RulesError> {
    let run = g.task.clone().ok_or_else(|| corrupt("no task under way"))?;
    let table = boosters(g, run.seat, run.task);
    if table.is_empty() {
        g.stage = Stage::Reveal;
        return Ok(false);
    }
    let n = table.len() as u32;
    ask(
        g,
        run.seat,
        decisions::BOOST,
        format!("may play cards on {}", run.task.name()),
        format!("Play cards from your hand to boost {} (difficulty {}), or none", run.task.name(), run.difficulty),
        pick_range(shown(table), 0, n),
    );
    Ok(true)
}

pub(super) fn on_boost(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let run = g.task.clone().ok_or_else(|| corrupt("no task under way"))?;
    let played = answers(&boosters(g, run.seat, run.task), &picks(input)?);
    for id in played {
        cards::play(g, run.seat, id, run.task, ev);
    }
    g.stage = Stage::Reveal;
    Ok(())
}
