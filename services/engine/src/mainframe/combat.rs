//! Combat damage (MF-7).

use crate::mainframe::kinds::events;
use serde_json::json;

use super::state::{Game, Pool};
use crate::core::Event;

/// The blockers of `attacker` still in combat (in play, controlled by a player still in the game).
pub fn blockers_of(g: &Game, attacker: u32) -> Vec<u32> {
    g.combat.blockers.iter().filter(|&&(b, a)| a == attacker && g.in_play(b)).map(|&(b, _)| b).collect()
}

/// (damage assigned to blockers, Overrun excess to the defender) of a blocked attacker (MF-7.6).
pub fn assignable(g: &Game, attacker: u32, blockers: &[u32]) -> (i64, i64) {
    let atk = g.attack(attacker).max(0);
    if !g.def(attacker).overrun {
        return (atk, 0);
    }
    let total_defense: i64 = blockers.iter().map(|&b| g.defense(b).max(0)).sum();
    let excess = (atk - total_defense).max(0);
    (atk - excess, excess)
}

/// MF-7.1: after the third Swift Check, blockers that became Running or left play are removed
/// from combat, and so are attackers that left play.
pub fn remove_from_combat(g: &mut Game, ev: &mut Vec<Event>) {
    let mut removed = Vec::new();
    let blockers = g.combat.blockers.clone();
    g.combat.blockers.clear();
    for (b, a) in blockers {
        let stays = g.perm(b).is_some_and(|p| !p.running) && g.in_play(a);
        if stays {
            g.combat.blockers.push((b, a));
        } else {
            removed.push(b);
        }
    }
    for b in removed {
        let why = if g.in_play(b) { "it became Running" } else { "it left play" };
        ev.push(events::REMOVED_FROM_COMBAT.public(format!("{} is removed from combat: {why}", g.label(b)), json!({"card": b, "reason": why})));
    }
    let before = g.combat.attackers.clone();
    g.combat.attackers = before.iter().copied().filter(|&(a, _)| g.in_play(a)).collect();
    for (a, _) in before {
        if !g.in_play(a) {
            ev.push(
                events::REMOVED_FROM_COMBAT
                    .public(format!("{} is removed from combat: it left play", g.label(a)), json!({"card": a, "reason": "it left play"})),
            );
        }
    }
}

/// Attackers whose damage the attacking player must split among several blockers (MF-7.3).
pub fn split_queue(g: &Game) -> Vec<u32> {
    g.combat
        .attackers
        .iter()
        .map(|&(a, _)| a)
        .filter(|&a| {
            let bl = blockers_of(g, a);
            bl.len() >= 2 && assignable(g, a, &bl).0 > 0
        })
        .collect()
}

/// MF-7.2 … MF-7.6: every combat damage is computed first, then dealt at once.
pub fn deal_combat_damage(g: &mut Game, ev: &mut Vec<Event>) {
    let mut to_chars: Vec<(u32, i64, String)> = Vec::new();
    let mut to_players: Vec<(u32, Pool, i64, String)> = Vec::new();
    for &(a, defender) in &g.combat.attackers {
        if !g.in_play(a) {
            continue;
        }
        let pool = g.def(a).attack_type.unwrap_or(Pool::Mainframe);
        let source = g.label(a);
        let blockers = blockers_of(g, a);
        if blockers.is_empty() {
            // MF-7.5: unblocked (or every blocker removed, [house]): the defender's pool of
            // the attack type.
            to_players.push((defender, pool, g.attack(a).max(0), source));
            continue;
        }
        let (assign, excess) = assignable(g, a, &blockers);
        if excess > 0 {
            // MF-7.6: Overrun excess to the matching pool.
            to_players.push((defender, pool, excess, format!("{source} (Overrun)")));
        }
        if let [only] = blockers.as_slice() {
            to_chars.push((*only, assign, source.clone()));
        } else {
            // MF-7.3: the split chosen by the attacking player.
            let split = g.combat.splits.iter().find(|(x, _)| *x == a).map(|(_, s)| s.clone());
            match split {
                Some(s) => {
                    for (b, n) in s {
                        to_chars.push((b, n, source.clone()));
                    }
                }
                None => {
                    if let Some(&first) = blockers.first() {
                        to_chars.push((first, assign, source.clone()));
                    }
                }
            }
        }
        // MF-7.4: each blocker deals its own damage to the attacker.
        for &b in &blockers {
            to_chars.push((a, g.attack(b).max(0), g.label(b)));
        }
    }
    ev.push(events::COMBAT_DAMAGE.public("Combat damage is dealt simultaneously", json!({})));
    // MF-7.2: dealt at once; lethal damage is checked only afterwards (state_check).
    for (c, n, s) in to_chars {
        g.deal_damage(c, n, &s, ev);
    }
    for (seat, pool, n, s) in to_players {
        g.lose_health(seat, pool, n, &s, ev);
    }
}
