//! NR-9 damage: one random card of the grip per point, a flatline when the grip runs out.

use serde_json::json;

use super::ask::{draw_value, public, request_draw};
use crate::core::{DrawKind, Event, Input, RulesError};
use crate::netrunner::cards;
use crate::netrunner::state::{DamageKind, Game, Task};

/// Damage begins to resolve (NR-9.1): marked as begun, then, unless a Runner card is its source
/// (damage the Runner's own card does to them), the Corp identity's "whenever you do damage"
/// (`When::CorpDidDamage`), once per damage however many points.
pub fn damage_begins(g: &mut Game, source: &str, ev: &mut Vec<Event>) {
    if let Some(Task::Damage { begun, .. }) = g.tasks.last_mut() {
        *begun = true;
    }
    let by_runner =
        cards::all().any(|d| d.name == source && crate::netrunner::data::card(d.code).is_some_and(|k| k.side == crate::netrunner::data::Side::Runner));
    if !by_runner {
        cards::fire_identity(g, crate::netrunner::state::CORP, cards::When::CorpDidDamage, 0, ev);
    }
}

/// The next point of damage: a draw from the grip; true when waiting for it.
pub fn step_damage(g: &mut Game, kind: DamageKind, left: u32, source: &str, ev: &mut Vec<Event>) -> bool {
    if left == 0 {
        g.tasks.pop();
        return false;
    }
    if g.runner.grip.is_empty() {
        // NR-1.4: more damage than cards in the grip.
        g.runner.flatlined = true;
        ev.push(public(
            "flatlined",
            format!("The Runner takes {left} {} damage from {source} with an empty grip and is flatlined", kind.name()),
            json!({"source": source}),
        ));
        g.tasks.pop();
        return false;
    }
    let n = g.runner.grip.len() as u32;
    request_draw(g, &format!("{}-damage", kind.name()), DrawKind::Range(n));
    true
}

/// The drawn card is trashed; `odd_cost_ends_run`: an odd printed cost ends the run.
pub fn damage_input(
    g: &mut Game,
    kind: DamageKind,
    left: u32,
    source: String,
    odd_cost_ends_run: bool,
    input: &Input,
    ev: &mut Vec<Event>,
) -> Result<(), RulesError> {
    let v = draw_value(input)?;
    let card = *g.runner.grip.get(v as usize).ok_or_else(|| RulesError::Malformed("damage draw out of range".into()))?;
    g.to_heap(card);
    if kind == DamageKind::Core {
        g.runner.core_damage += 1;
    }
    ev.push(public(
        "damage",
        format!("{source}: 1 {} damage trashes {} from the grip", kind.name(), g.label(card)),
        json!({"kind": kind.name(), "card": card, "code": g.code(card), "source": source}),
    ));
    g.tasks.pop();
    crate::netrunner::effects::trashed_from_grip_or_stack(g, &[card], ev);
    if left > 1 {
        g.tasks.push(Task::Damage { kind, left: left - 1, source: source.clone(), odd_cost_ends_run: false, begun: true });
    }
    if odd_cost_ends_run && g.def(card).cost.unwrap_or(0) % 2 != 0 {
        let why = format!("{source} (an odd-cost card was trashed)");
        cards::end_the_run(g, &why, ev);
    }
    Ok(())
}
