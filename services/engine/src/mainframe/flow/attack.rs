//! Combat (MF-6, MF-7): declaring attackers and blockers, splitting an attacker's damage among
//! its blockers, dealing it, and the end of combat. The damage arithmetic is in
//! [`crate::mainframe::combat`].

use crate::mainframe::kinds::{decisions, events};
use serde_json::json;

use super::ask::{answer, ask, corrupt, one_pick, pick_one, shown, Table};
use super::resolve::{queue_triggers, state_check, triggers};
use super::windows::open_window;
use crate::core::effects::Expiry;
use crate::core::{Choice, DecisionOption, DecisionSpec, Event, Input, RulesError};
use crate::mainframe::cards::{Kind, When};
use crate::mainframe::combat;
use crate::mainframe::state::{After, Game, Stage, Window};

/// Each attack the active player may declare (attacker, defender), then "done".
fn attack_options(g: &Game) -> Table<Option<(u32, u32)>> {
    let mut o = Vec::new();
    let opps = g.opponents(g.active);
    for p in g.perms.iter().filter(|p| p.controller == g.active && !p.running && g.kind_of(p.id) == Kind::Character && g.attack(p.id) >= 0) {
        if g.combat.attackers.iter().any(|&(a, _)| a == p.id) {
            continue;
        }
        for &d in &opps {
            o.push((
                DecisionOption::new(
                    format!("attack:{}:{d}", p.id),
                    format!("{} ({}/{}) attacks {}", g.label(p.id), g.attack(p.id), g.defense(p.id), g.seat_name(d)),
                ),
                Some((p.id, d)),
            ));
        }
    }
    if !o.is_empty() {
        o.push((DecisionOption::new("done", "No more attackers"), None));
    }
    o
}

/// Each block defender `d` may declare (blocker, attacker), then "done".
fn block_options(g: &Game, d: u32) -> Table<Option<(u32, u32)>> {
    let mut o = Vec::new();
    let attackers: Vec<u32> = g.combat.attackers.iter().filter(|&&(a, t)| t == d && g.in_play(a)).map(|&(a, _)| a).collect();
    for p in g.perms.iter().filter(|p| p.controller == d && !p.running && g.kind_of(p.id) == Kind::Character) {
        if g.combat.blockers.iter().any(|&(b, _)| b == p.id) {
            continue;
        }
        for &a in &attackers {
            o.push((
                DecisionOption::new(format!("block:{}:{a}", p.id), format!("{} ({}/{}) blocks {}", g.label(p.id), g.attack(p.id), g.defense(p.id), g.label(a))),
                Some((p.id, a)),
            ));
        }
    }
    if !o.is_empty() {
        o.push((DecisionOption::new("done", "No more blockers"), None));
    }
    o
}

fn finish_attackers(g: &mut Game, ev: &mut Vec<Event>) {
    if g.combat.attackers.is_empty() {
        // MF-6 [house]: no attacker declared: no blockers and no damage Swift Checks.
        ev.push(events::NO_ATTACK.public(format!("{} does not attack", g.seat_name(g.active)), json!({"left_combat": false})));
        g.stage = Stage::CombatEnd;
    } else {
        // MF-6.2: a new Swift Check, then blockers.
        open_window(g, Window::BeforeBlockers, ev);
    }
}

/// Whether an attacker is still in play, attacking a player still in the game. Without one the
/// remaining Swift Checks of combat are skipped (MF-6 [house]: no attacker, no further check).
fn still_attacking(g: &Game) -> bool {
    g.combat.attackers.iter().any(|&(a, d)| g.in_play(a) && g.alive(d))
}

/// The blockers of `attacker` its damage may be split among.
fn split_table(g: &Game, attacker: u32) -> Table<u32> {
    combat::blockers_of(g, attacker)
        .into_iter()
        .map(|b| (DecisionOption::new(format!("blocker:{b}"), format!("{} (defense {})", g.label(b), g.defense(b))), b))
        .collect()
}

/// The stages of combat.
pub(super) fn step(g: &mut Game, stage: Stage, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let active = g.active;
    match stage {
        Stage::DeclareAttackers => {
            let options = attack_options(g);
            if options.is_empty() {
                finish_attackers(g, ev);
                return Ok(false);
            }
            ask(
                g,
                active,
                decisions::DECLARE_ATTACKERS,
                "declares attackers".into(),
                "Declare attackers: choose an attacker and the opponent it attacks, or done".into(),
                pick_one(shown(options)),
            );
            Ok(true)
        }
        Stage::DeclareBlockers { mut defenders } => {
            let Some(&d) = defenders.first() else {
                if still_attacking(g) {
                    // MF-6.3: the third Swift Check.
                    open_window(g, Window::BeforeDamage, ev);
                } else {
                    // MF-6 [house]: no attacker left, no further Swift Check.
                    ev.push(events::NO_ATTACK.public("No attacker remains in combat", json!({"left_combat": true})));
                    g.stage = Stage::CombatEnd;
                }
                return Ok(false);
            };
            let options = if g.alive(d) { block_options(g, d) } else { vec![] };
            if options.is_empty() {
                defenders.remove(0);
                g.stage = Stage::DeclareBlockers { defenders };
                return Ok(false);
            }
            ask(
                g,
                d,
                decisions::DECLARE_BLOCKERS,
                "declares blockers".into(),
                "Declare blockers: assign a Refreshed character to an attacker, or done".into(),
                pick_one(shown(options)),
            );
            Ok(true)
        }
        Stage::CombatDamage => {
            combat::remove_from_combat(g, ev);
            g.stage = Stage::Splits { queue: combat::split_queue(g) };
            Ok(false)
        }
        Stage::Splits { queue } => Ok(ask_split(g, &queue)),
        other => Ok(end_of_combat(g, other, ev)),
    }
}

/// MF-7.3: the active player splits the damage of the next attacker blocked by several.
fn ask_split(g: &mut Game, queue: &[u32]) -> bool {
    let Some(&a) = queue.first() else {
        g.stage = Stage::DealDamage;
        return false;
    };
    let blockers = combat::blockers_of(g, a);
    let (assign, _) = combat::assignable(g, a, &blockers);
    let targets = shown(split_table(g, a));
    let active = g.active;
    ask(
        g,
        active,
        decisions::SPLIT_DAMAGE,
        format!("splits the {assign} damage of {} among its blockers", g.label(a)),
        format!("Split the {assign} damage of {} among its blockers", g.label(a)),
        DecisionSpec::Split { amount: assign.max(0) as u32, targets },
    );
    true
}

/// Damage is dealt, end-of-combat triggers go on the Cache, combat is cleaned up (MF-6.4).
fn end_of_combat(g: &mut Game, stage: Stage, ev: &mut Vec<Event>) -> bool {
    match stage {
        Stage::DealDamage => {
            combat::deal_combat_damage(g, ev);
            if !state_check(g, ev) {
                g.stage = Stage::CombatEnd;
            }
        }
        Stage::CombatEnd => {
            // MF-6.4: end-of-combat triggers.
            let items = triggers(g, When::CombatEnd);
            queue_triggers(g, items, After::CombatCleanup, ev);
        }
        _ => {
            // MF-6.4: nobody is an attacker or a blocker any more.
            g.combat = Default::default();
            g.effects.expire(Expiry::EndOfCombat);
            ev.push(events::STEP.public("Combat ends. Reset phase", json!({"step": "Reset"})));
            g.stage = Stage::Reset;
        }
    }
    false
}

/// The answers of combat: an attack, a block, a damage split.
pub(super) fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match (g.stage.clone(), input) {
        (Stage::DeclareAttackers, Input::Decision { .. }) => declare_attacker(g, input, ev),
        (Stage::DeclareBlockers { defenders }, Input::Decision { .. }) => declare_blocker(g, defenders, input, ev),
        (Stage::Splits { mut queue }, Input::Decision { choice: Choice::Split(parts), .. }) => {
            let a = queue.first().copied().ok_or_else(|| corrupt("no split pending"))?;
            let mut split = Vec::new();
            for (option, b) in split_table(g, a) {
                let amount = parts.iter().find(|(id, _)| *id == option.id).map_or(0, |(_, n)| *n);
                split.push((b, i64::from(amount)));
            }
            let text: Vec<String> = split.iter().map(|(b, n)| format!("{n} to {}", g.label(*b))).collect();
            ev.push(
                events::DAMAGE_SPLIT.public(
                    format!("{} splits the damage of {}: {}", g.seat_name(g.active), g.label(a), text.join(", ")),
                    json!({"attacker": a, "split": split}),
                ),
            );
            g.combat.splits.push((a, split));
            queue.remove(0);
            g.stage = Stage::Splits { queue };
            Ok(())
        }
        _ => Err(corrupt("the state does not wait for this input")),
    }
}

fn declare_attacker(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    match answer(&attack_options(g), &id) {
        Some(Some((a, d))) => {
            // MF-6.1: attackers become Running.
            if let Some(p) = g.perm_mut(a) {
                p.running = true;
            }
            g.combat.attackers.push((a, d));
            ev.push(events::ATTACK_DECLARED.public(format!("{} attacks {}", g.label(a), g.seat_name(d)), json!({"card": a, "defender": d})));
        }
        Some(None) => finish_attackers(g, ev),
        None => return Err(RulesError::Illegal(format!("\"{id}\" is not a legal attack now"))),
    }
    Ok(())
}

fn declare_blocker(g: &mut Game, mut defenders: Vec<u32>, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let d = defenders.first().copied().ok_or_else(|| corrupt("no defender"))?;
    match answer(&block_options(g, d), &id) {
        Some(Some((b, a))) => {
            // MF-6.2 [house]: blocking does not turn the blocker Running.
            g.combat.blockers.push((b, a));
            ev.push(events::BLOCK_DECLARED.public(format!("{} blocks {}", g.label(b), g.label(a)), json!({"card": b, "attacker": a})));
        }
        Some(None) => {
            defenders.remove(0);
            g.stage = Stage::DeclareBlockers { defenders };
        }
        None => return Err(RulesError::Illegal(format!("\"{id}\" is not a legal block now"))),
    }
    Ok(())
}
