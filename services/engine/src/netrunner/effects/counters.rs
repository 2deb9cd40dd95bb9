//! Counters (CR 1.11): virus counters and the purge (NR-3.2), advancement and agenda counters,
//! hosted credits taken from a card.

use super::{note, runner_trash};
use crate::core::Event;
use crate::netrunner::cards;
use crate::netrunner::cards::{Ctx, When};
use crate::netrunner::state::Game;
use serde_json::json;

pub fn add_virus(g: &mut Game, card: u32, n: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.virus += n;
        let total = k.virus;
        let label = g.label(card);
        note(ev, "virus_counters", format!("{source}: {n} virus counter(s) on {label} ({total})"), json!({"card": card, "change": n, "virus": total}));
    }
}

/// A virus counter on the card itself (the card's own name as the source).
pub fn virus_on_self(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_virus(g, c.card, 1, c.name(), ev);
}

pub fn remove_virus(g: &mut Game, card: u32) -> bool {
    match g.card_mut(card) {
        Some(k) if k.virus > 0 => {
            k.virus -= 1;
            true
        }
        _ => false,
    }
}

/// Purge (NR-3.2): every virus counter is removed.
pub fn purge(g: &mut Game) {
    for k in g.cards.iter_mut() {
        k.virus = 0;
    }
}

/// Take up to `n` hosted credits; the card is trashed when empty (`why`), returning whether.
pub fn take_or_trash(g: &mut Game, seat: u32, card: u32, n: u32, why: &str, ev: &mut Vec<Event>) -> bool {
    g.take_hosted(seat, card, n, ev);
    if g.hosted(card) == 0 {
        runner_trash(g, card, why, ev);
        true
    } else {
        false
    }
}

/// Place `n` advancement counters on an installed card.
pub fn place_adv(g: &mut Game, card: u32, n: u32, source: &str, ev: &mut Vec<Event>) {
    if n == 0 || !g.is_installed(card) {
        return;
    }
    if let Some(k) = g.card_mut(card) {
        k.adv += n;
    }
    note(ev, "advanced", format!("{source} places {n} advancement counter(s) on {}", g.corp_public_label(card)), json!({"card": card, "adv": g.adv(card)}));
}

/// Add `n` agenda counters to `card` (remove them: `n` negative), publicly.
pub fn agenda_counters(g: &mut Game, card: u32, n: i64, source: &str, ev: &mut Vec<Event>) {
    let Some(k) = g.card_mut(card) else { return };
    k.agenda = (i64::from(k.agenda) + n).max(0) as u32;
    let total = k.agenda;
    let label = g.label(card);
    note(ev, "agenda_counters", format!("{source}: {n:+} agenda counter(s) on {label} (now {total})"), json!({"card": card, "change": n, "agenda": total}));
}

/// After a purge of virus counters (NR-3.2): the installed Runner cards' "when the Corp purges"
/// abilities.
pub fn purged(g: &mut Game, ev: &mut Vec<Event>) {
    let installed = cards::runner_trigger_order(g);
    cards::fire_all(g, When::Purged, &installed, 0, ev);
}

/// Spend one of the card's power counters, if it has one.
pub fn spend_power(g: &mut Game, card: u32) -> bool {
    match g.card_mut(card) {
        Some(k) if k.power > 0 => {
            k.power -= 1;
            true
        }
        _ => false,
    }
}
