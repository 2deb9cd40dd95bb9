//! The task test (NH-2.2, H-12): attribute + boosts + one revealed Grid tile against the
//! difficulty; Epic Win, Epic Fail, Three Skulls; the Grid reset when all 16 are revealed.

use crate::neonhope::kinds::{decisions, events};
use serde_json::json;

use super::ask::{answer, ask, corrupt, one_pick, shown, Table};
use crate::core::effects::Expiry;
use crate::core::game::pick_one;
use crate::core::{DecisionOption, Event, Input, RulesError};
use crate::neonhope::cards;
use crate::neonhope::data::{self, Task, Tile};
use crate::neonhope::state::{Game, Stage, Target};

fn positions(g: &Game) -> Table<usize> {
    g.grid.face_down().into_iter().map(|p| (DecisionOption::new(format!("tile:{p}"), format!("Row {}, column {}", p / 4 + 1, p % 4 + 1)), p)).collect()
}

pub(super) fn step_reveal(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let run = g.task.clone().ok_or_else(|| corrupt("no task under way"))?;
    let table = positions(g);
    let Some(first) = table.first().map(|(_, p)| *p) else {
        g.stage = Stage::GridReset { then: Box::new(Stage::Reveal) };
        return Ok(false);
    };
    if g.options.grid_auto_reveal {
        reveal(g, first, ev)?;
        return Ok(false);
    }
    ask(
        g,
        run.seat,
        decisions::REVEAL,
        format!("reveals a Grid tile for {}", run.task.name()),
        "Pick a face-down Grid tile to reveal".into(),
        pick_one(shown(table)),
    );
    Ok(true)
}

pub(super) fn on_reveal(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let pos = answer(&positions(g), &id).ok_or_else(|| RulesError::Malformed(format!("\"{id}\" is not a face-down tile")))?;
    reveal(g, pos, ev)
}

/// Turn the tile at `pos` face up for the task under way.
fn reveal(g: &mut Game, pos: usize, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let tile = g.grid.tile(pos).ok_or_else(|| corrupt("no such Grid tile"))?;
    if let Some(r) = g.grid.revealed.get_mut(pos) {
        *r = true;
    }
    let run = g.task.as_mut().ok_or_else(|| corrupt("no task under way"))?;
    run.tiles.push(tile);
    ev.push(
        events::TILE_REVEALED
            .public(format!("The Grid tile at row {}, column {} is {}", pos / 4 + 1, pos % 4 + 1, tile.name()), json!({"position": pos, "tile": tile.name()})),
    );
    // Three Skulls: reveal another (H-12: from a reset Grid when this was the last one).
    let next = if tile == Tile::ThreeSkulls { Stage::Reveal } else { Stage::TaskEnd };
    g.stage = if g.grid.face_down().is_empty() { Stage::GridReset { then: Box::new(next) } } else { next };
    Ok(())
}

/// The result of a test: (success, total, enemies activate).
pub fn judge(g: &Game, seat: u32, task: Task, difficulty: i32, tiles: &[Tile]) -> (bool, i32, bool) {
    let attribute = g.character(seat).map(|c| c.attribute(task)).unwrap_or(0);
    let mut total = attribute + g.bonus(seat, task) + cards::episode_bonus(g, task);
    let mut decided = None;
    let mut activate = false;
    for t in tiles {
        match t {
            Tile::Mod(v) => total += v,
            Tile::ThreeSkulls => {
                total += data::SKULLS_PENALTY;
                activate = true;
            }
            Tile::EpicWin => {
                decided.get_or_insert(true);
            }
            Tile::EpicFail => {
                decided.get_or_insert(false);
                activate = true;
            }
        }
    }
    (decided.unwrap_or(total >= difficulty), total, activate)
}

pub(super) fn step_task_end(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let run = g.task.clone().ok_or_else(|| corrupt("no task under way"))?;
    let (success, total, activate) = judge(g, run.seat, run.task, run.difficulty, &run.tiles);
    let name = g.seat_name(run.seat);
    ev.push(events::TASK_RESULT.public(
        format!(
            "{name}'s {} {}: {total} against {} ({})",
            run.task.name(),
            if success { "succeeds" } else { "fails" },
            run.difficulty,
            run.tiles.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
        ),
        json!({"seat": run.seat, "task": run.task.name(), "total": total, "difficulty": run.difficulty, "success": success}),
    ));
    if success {
        succeed(g, run.seat, run.task, &run.target, ev);
    }
    if activate {
        let here = g.ch(run.seat).map(|c| c.location.clone()).unwrap_or_default();
        for i in g.enemies_at(&here) {
            g.activate(i, ev);
        }
    }
    g.effects.expire(Expiry::EndOfTask);
    g.task = None;
    g.stage = Stage::Checkpoint { then: Box::new(Stage::Action { seat: run.seat, turn: run.turn }) };
    Ok(false)
}

fn succeed(g: &mut Game, seat: u32, task: Task, target: &Target, ev: &mut Vec<Event>) {
    let name = g.seat_name(seat);
    match target {
        Target::Objective => {
            g.won = true;
            ev.push(events::OBJECTIVE.public(format!("{name} broadcasts the ledger: {}", data::OBJECTIVE_TEXT), json!({"seat": seat})));
        }
        Target::Condition(i) => {
            let Some(def) = data::CONDITIONS.get(*i as usize) else { return };
            if let Some(c) = g.conditions.get_mut(*i as usize) {
                c.dice = 0;
                // A permanent condition is never withdrawn (it keeps its front side).
                c.withdrawn = !def.permanent;
                ev.push(events::CONDITION_HACKED.public(
                    format!("{} is hacked: its dice are cleared{}", def.name, if def.permanent { "" } else { " and it is withdrawn" }),
                    json!({"condition": def.key, "withdrawn": c.withdrawn}),
                ));
            }
        }
        Target::Enemy(i) => {
            if let Some(e) = g.enemies.get_mut(*i as usize) {
                e.withdrawn = true;
                let def = data::ENEMIES.get(e.def as usize).map(|d| (d.key, d.name)).unwrap_or(("?", "?"));
                ev.push(events::ENEMY_WITHDRAWN.public(format!("{} is driven off (withdrawn)", def.1), json!({"enemy": def.0})));
            }
        }
        Target::None if task == Task::Investigate => {
            let here = g.ch(seat).map(|c| c.location.clone()).unwrap_or_default();
            if let Some(n) = data::location_index(&here).and_then(|i| g.intel.get_mut(i)) {
                *n = n.saturating_sub(1);
                g.gathered += 1;
                ev.push(
                    events::INTEL
                        .public(format!("{name} gathers 1 intel ({} of {})", g.gathered, data::OBJECTIVE_INTEL), json!({"seat": seat, "gathered": g.gathered})),
                );
            }
        }
        Target::None => {
            let Some(c) = g.ch_mut(seat) else { return };
            let mut back = Vec::new();
            for _ in 0..data::SUPPORT_CARDS {
                if let Some(id) = c.discard.pop() {
                    c.hand.push(id);
                    back.push(id);
                }
            }
            let labels: Vec<String> = back.iter().map(|&id| g.label(id)).collect();
            ev.push(events::SUPPORT.public(
                format!("{name} gets support: {} back to hand", if labels.is_empty() { "nothing".into() } else { labels.join(", ") }),
                json!({"seat": seat, "cards": back}),
            ));
        }
    }
}
