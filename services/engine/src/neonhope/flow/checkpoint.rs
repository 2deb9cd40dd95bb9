//! The checkpoint (NH-3.9, H-4, H-5): between encounter steps, between encounter cards and after
//! every action, the thresholds reached are triggered first in first out (ascending when reached
//! together), then the final threshold loses (H-6), the objective wins, stress is discarded
//! (NH-1.4, H-15) and an emptied hand refreshes from Endurance (NH-1.4, H-14).

use crate::neonhope::kinds::{decisions, events};
use serde_json::json;

use super::ask::{answers, ask, corrupt, picks, shown, Table};
use crate::core::game::pick_range;
use crate::core::{DecisionOption, Event, Input, RulesError};
use crate::neonhope::data;
use crate::neonhope::state::{Game, Stage};

/// What the checkpoint must do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Need {
    Threshold,
    Lose,
    Win,
    /// `seat` discards `n` cards for stress.
    Stress {
        seat: u32,
        n: u32,
    },
    /// `seat`'s hand is empty: Endurance drops by 1.
    Refresh {
        seat: u32,
    },
    Done,
}

fn need(g: &Game) -> Need {
    if !g.queue.is_empty() {
        return Need::Threshold;
    }
    if g.surveillance >= g.options.final_surveillance {
        return Need::Lose;
    }
    if g.won {
        return Need::Win;
    }
    for s in g.clockwise() {
        if let Some(c) = g.ch(s) {
            if c.stress > 0 {
                return Need::Stress { seat: s, n: c.stress };
            }
        }
    }
    for s in g.clockwise() {
        if g.ch(s).is_some_and(|c| c.emptied && c.hand.is_empty()) {
            return Need::Refresh { seat: s };
        }
    }
    Need::Done
}

fn hand_table(g: &Game, seat: u32) -> Table<u32> {
    g.ch(seat).map(|c| c.hand.iter().map(|&id| (DecisionOption::new(format!("card:{id}"), g.label(id)), id)).collect()).unwrap_or_default()
}

fn pile_table(g: &Game, seat: u32) -> Table<u32> {
    g.ch(seat).map(|c| c.discard.iter().map(|&id| (DecisionOption::new(format!("card:{id}"), g.label(id)), id)).collect()).unwrap_or_default()
}

pub(super) fn step(g: &mut Game, then: Stage, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    match need(g) {
        Need::Threshold => {
            let i = g.queue.remove(0);
            let t = g.thresholds.get(i as usize).ok_or_else(|| corrupt("no such threshold"))?;
            let at = t.at;
            let def = data::THRESHOLDS.get(t.effect as usize).ok_or_else(|| corrupt("no such threshold effect"))?;
            ev.push(events::THRESHOLD_TRIGGERED.public(format!("Threshold {at}: {}", def.text), json!({"threshold": at})));
            g.apply(def.effect, "a threshold", ev);
            Ok(false)
        }
        Need::Lose => {
            let reason = format!("surveillance: it reached {} (the final threshold); the Corporation wins", g.surveillance);
            g.end(false, reason, ev);
            Ok(true)
        }
        Need::Win => {
            g.end(true, format!("won: {}", data::OBJECTIVE_TEXT), ev);
            Ok(true)
        }
        Need::Stress { seat, n } => {
            let hand = g.ch(seat).map(|c| c.hand.len()).unwrap_or(0) as u32;
            if hand <= n {
                // Stress beyond the hand is lost: nothing is left to discard.
                let all: Vec<u32> = g.ch(seat).map(|c| c.hand.clone()).unwrap_or_default();
                discard_for_stress(g, seat, &all, ev);
                return Ok(false);
            }
            ask(
                g,
                seat,
                decisions::STRESS,
                format!("discards {n} card(s) for stress"),
                format!("Stress: discard {n} card(s) from your hand"),
                pick_range(shown(hand_table(g, seat)), n, n),
            );
            Ok(true)
        }
        Need::Refresh { seat } => {
            let (endurance, pile) = g.ch(seat).map(|c| (c.endurance.saturating_sub(1), c.discard.len() as u32)).unwrap_or((0, 0));
            if endurance == 0 || pile <= endurance {
                let all: Vec<u32> = g.ch(seat).map(|c| c.discard.clone()).unwrap_or_default();
                refresh(g, seat, &all, ev);
                return Ok(false);
            }
            ask(
                g,
                seat,
                decisions::REFRESH,
                format!("takes {endurance} card(s) back (Endurance {endurance})"),
                format!("Your hand is empty: Endurance drops to {endurance}; take {endurance} card(s) back from your discard pile"),
                pick_range(shown(pile_table(g, seat)), endurance, endurance),
            );
            Ok(true)
        }
        Need::Done => {
            g.stage = then;
            Ok(false)
        }
    }
}

pub(super) fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match need(g) {
        Need::Stress { seat, .. } => {
            let cards = answers(&hand_table(g, seat), &picks(input)?);
            discard_for_stress(g, seat, &cards, ev);
        }
        Need::Refresh { seat } => {
            let cards = answers(&pile_table(g, seat), &picks(input)?);
            refresh(g, seat, &cards, ev);
        }
        _ => return Err(corrupt("the checkpoint does not wait for a decision")),
    }
    Ok(())
}

fn discard_for_stress(g: &mut Game, seat: u32, cards: &[u32], ev: &mut Vec<Event>) {
    for &id in cards {
        g.discard(seat, id);
    }
    let labels: Vec<String> = cards.iter().map(|&id| g.label(id)).collect();
    let name = g.seat_name(seat);
    if let Some(c) = g.ch_mut(seat) {
        c.stress = 0;
    }
    ev.push(events::STRESS_DISCARDED.public(
        format!("{name} discards for stress: {}", if labels.is_empty() { "nothing (empty hand)".into() } else { labels.join(", ") }),
        json!({"seat": seat, "cards": cards}),
    ));
}

/// NH-1.4: Endurance drops by 1 and the chosen cards come back; at 0 the character is exhausted.
fn refresh(g: &mut Game, seat: u32, cards: &[u32], ev: &mut Vec<Event>) {
    let name = g.seat_name(seat);
    let Some(c) = g.ch_mut(seat) else { return };
    c.emptied = false;
    c.endurance = c.endurance.saturating_sub(1);
    let endurance = c.endurance;
    if endurance == 0 {
        ev.push(events::EXHAUSTED.public(format!("{name}'s hand is empty and Endurance falls to 0: exhausted"), json!({"seat": seat})));
        g.end(false, format!("exhausted: {name} is exhausted"), ev);
        return;
    }
    c.discard.retain(|id| !cards.contains(id));
    c.hand.extend_from_slice(cards);
    let labels: Vec<String> = cards.iter().map(|&id| g.label(id)).collect();
    ev.push(events::ENDURANCE_REFRESH.public(
        format!("{name}'s hand is empty: Endurance drops to {endurance}; takes back {}", if labels.is_empty() { "nothing".into() } else { labels.join(", ") }),
        json!({"seat": seat, "endurance": endurance, "cards": cards}),
    ));
}
