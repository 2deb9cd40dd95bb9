//! Resolution (MF-5, MF-9.3 – MF-9.6): a Cache item resolves (or fizzles), the state is checked
//! (lethal damage, players who lost), and triggered abilities go on the Cache in an order the
//! active player picks, then resolve without priority; the whole Cache resolves the same way
//! once every seat has passed (MF-9.5, the default).

use crate::mainframe::kinds::{decisions, events};
use serde_json::json;

use super::ask::{ask, corrupt, Table};
use super::windows::{fresh_round, open_window};
use crate::core::effects::Expiry;
use crate::core::{Choice, DecisionOption, DecisionSpec, Event, Input, RulesError};
use crate::mainframe::cards::{self, Kind, When};
use crate::mainframe::state::{After, CacheItem, Game, ItemKind, Perm, Resolving, Stage, TargetRef, Window};

/// Resolve one Cache item. It does not need its source in play (MF-9.4).
pub fn resolve(g: &mut Game, item: CacheItem, ev: &mut Vec<Event>) {
    let def = g.def(item.source);
    let does = cards::of(g, item.source);
    let r = Resolving { controller: item.controller, source: item.source, target: item.target };
    let label = g.label(item.source);
    let target_ok = match item.target {
        None => true,
        Some(TargetRef::Perm(p)) => g.in_play(p),
        Some(TargetRef::Seat(s)) => g.alive(s),
    };
    let what = match item.kind {
        ItemKind::Card => "",
        ItemKind::Ability => "ability of ",
        ItemKind::Trigger => "trigger of ",
    };
    if item.kind == ItemKind::Card && def.kind.is_permanent() {
        if g.alive(item.controller) {
            g.enter_play(item.source, item.controller, ev);
        } else {
            g.release_ram(item.source);
            g.to_bin(item.source);
        }
        return;
    }
    let source_gone = item.kind != ItemKind::Card && !g.in_play(item.source);
    if !target_ok {
        ev.push(events::FIZZLED.public(format!("The {what}{label} does nothing: its target is gone"), json!({"card": item.source})));
    } else {
        ev.push(events::RESOLVING.public(
            format!("The {what}{label} resolves{}", if source_gone { " (its source has left play)" } else { "" }),
            json!({"card": item.source, "kind": format!("{:?}", item.kind), "source_in_play": !source_gone}),
        ));
        let effect = match item.kind {
            ItemKind::Card => does.on_resolve,
            ItemKind::Ability => does.ability.map(|a| a.effect),
            ItemKind::Trigger => does.trigger.map(|t| t.effect),
        };
        if let Some(f) = effect {
            f(g, &r, ev);
        }
    }
    if item.kind == ItemKind::Card {
        g.to_bin(item.source);
    }
}

/// Lethal damage, then player losses (MF-7.7, MF-10). True when the flow of the turn was cut
/// (the game ended, or the active player lost and the turn passed).
pub fn state_check(g: &mut Game, ev: &mut Vec<Event>) -> bool {
    let dead: Vec<u32> = g.perms.iter().filter(|p| g.kind_of(p.id) == Kind::Character && p.damage >= g.defense(p.id)).map(|p| p.id).collect();
    for id in dead {
        g.destroy(id, "lethal damage", ev);
    }
    let losers: Vec<u32> = (0..g.seats()).filter(|&s| g.player(s).is_some_and(|p| !p.lost && (p.mainframe <= 0 || p.bioframe <= 0 || p.decked))).collect();
    if losers.is_empty() {
        return false;
    }
    for &s in &losers {
        let why = match g.player(s) {
            Some(p) if p.decked => "had to draw from an empty Cyberdeck",
            Some(p) if p.mainframe <= 0 => "Mainframe reached 0",
            _ => "Bioframe reached 0",
        };
        if let Some(p) = g.player_mut(s) {
            p.lost = true;
        }
        ev.push(events::PLAYER_LOST.public(format!("{} loses: {why}", g.seat_name(s)), json!({"seat": s, "reason": why})));
        let theirs: Vec<u32> = g.perms.iter().filter(|p| p.controller == s).map(|p| p.id).collect();
        for id in theirs {
            g.destroy(id, "its controller left the game", ev);
        }
        // Their items leave the Cache.
        let mut kept = Vec::new();
        while let Some(item) = g.cache.pop() {
            kept.push(item);
        }
        for item in kept.into_iter().rev() {
            if item.controller == s {
                if item.kind == ItemKind::Card {
                    g.release_ram(item.source);
                    g.to_bin(item.source);
                }
            } else {
                g.cache.push(item);
            }
        }
        g.combat.attackers.retain(|&(_, d)| d != s);
    }
    let alive = g.turn_order_from(0);
    if alive.len() <= 1 {
        g.stage = Stage::Over;
        return true;
    }
    if !g.alive(g.active) {
        abort_turn(g, ev);
        return true;
    }
    if let Stage::DeclareBlockers { defenders } = &mut g.stage {
        defenders.retain(|&d| !losers.contains(&d));
    }
    false
}

/// The active player left the game: the rest of their turn is skipped.
fn abort_turn(g: &mut Game, ev: &mut Vec<Event>) {
    while let Some(item) = g.cache.pop() {
        if item.kind == ItemKind::Card {
            g.release_ram(item.source);
            g.to_bin(item.source);
        }
    }
    g.combat = Default::default();
    g.effects.expire(Expiry::EndOfCombat);
    g.effects.expire(Expiry::EndOfTurn);
    for p in &mut g.perms {
        p.damage = 0;
    }
    ev.push(events::TURN_ABORTED.public("The rest of the turn is skipped", json!({})));
    g.stage = Stage::NextTurn;
}

pub(super) fn triggers(g: &Game, when: When) -> Vec<CacheItem> {
    let mut mine: Vec<&Perm> = g.perms.iter().filter(|p| p.controller == g.active).collect();
    mine.sort_by_key(|p| p.entered);
    mine.into_iter()
        .filter(|p| cards::of(g, p.id).trigger.is_some_and(|t| t.when == when))
        .map(|p| CacheItem { kind: ItemKind::Trigger, source: p.id, controller: p.controller, target: None })
        .collect()
}

/// Put triggers on the Cache (in an order the active player picks when there are several) and
/// resolve them without priority (MF-5, MF-6.4, MF-8.1).
pub(super) fn queue_triggers(g: &mut Game, items: Vec<CacheItem>, then: After, ev: &mut Vec<Event>) {
    for it in &items {
        let text = cards::of(g, it.source).trigger.map_or("", |t| t.text);
        ev.push(events::TRIGGERED.public(format!("{} triggers: {text}", g.label(it.source)), json!({"card": it.source})));
    }
    if items.len() >= 2 {
        g.stage = Stage::OrderTriggers { items, then };
    } else {
        for it in items {
            g.cache.push(it);
        }
        g.stage = Stage::Resolve { then };
    }
}

fn after(g: &mut Game, then: After, ev: &mut Vec<Event>) {
    match then {
        After::Combat => {
            ev.push(events::STEP.public("Combat phase", json!({"step": "Combat"})));
            // MF-6.1: a Swift Check, then attackers.
            open_window(g, Window::BeforeAttackers, ev);
        }
        After::CombatCleanup => g.stage = Stage::CombatCleanup,
        After::ResetCleanup => g.stage = Stage::ResetCleanup,
        // MF-9.5: the Cache is empty: priority comes back (in Deploy, to the active player).
        After::Priority(window) => g.stage = Stage::Window { window, round: fresh_round(g, window) },
    }
}

/// The triggers to order, each shown by its source.
fn trigger_table(g: &Game, items: &[CacheItem]) -> Table<CacheItem> {
    items.iter().map(|it| (DecisionOption::new(format!("trigger:{}", it.source), g.label(it.source)), it.clone())).collect()
}

/// The stages of resolution: Netcheck triggers, ordering triggers, resolving without priority.
pub(super) fn step(g: &mut Game, stage: Stage, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    match stage {
        Stage::Netcheck => {
            // MF-5: On Netcheck triggers resolve; nobody gets priority.
            let items = triggers(g, When::Netcheck);
            queue_triggers(g, items, After::Combat, ev);
            Ok(false)
        }
        Stage::OrderTriggers { items, .. } => {
            let order = super::ask::shown(trigger_table(g, &items));
            let active = g.active;
            ask(
                g,
                active,
                decisions::ORDER_TRIGGERS,
                "orders their triggers".into(),
                "Order your triggers: the first listed resolves first".into(),
                DecisionSpec::Order { items: order },
            );
            Ok(true)
        }
        Stage::Resolve { then } => {
            // One item per step, always the top of the Cache as it stands now: an item put on
            // the Cache while another resolves is the next to resolve (LIFO), and nobody gets
            // priority until the Cache is empty.
            if let Some(item) = g.cache.pop() {
                resolve(g, item, ev);
                state_check(g, ev);
            } else {
                after(g, then, ev);
            }
            Ok(false)
        }
        _ => Err(corrupt("not a resolution stage")),
    }
}

/// The active player's order of their triggers.
pub(super) fn on_input(g: &mut Game, input: &Input) -> Result<(), RulesError> {
    let (Stage::OrderTriggers { items, then }, Input::Decision { choice: Choice::Order(ids), .. }) = (g.stage.clone(), input) else {
        return Err(corrupt("the state does not wait for this input"));
    };
    let table = trigger_table(g, &items);
    let mut ordered = Vec::new();
    for id in ids {
        let it = super::ask::answer(&table, id).ok_or_else(|| RulesError::Malformed(format!("unknown trigger {id}")))?;
        ordered.push(it);
    }
    // The first listed resolves first: it goes on the Cache last (MF-5, LIFO).
    for it in ordered.into_iter().rev() {
        g.cache.push(it);
    }
    g.stage = Stage::Resolve { then };
    Ok(())
}
