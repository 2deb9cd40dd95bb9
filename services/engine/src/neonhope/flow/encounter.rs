//! The encounter phase, NH-3.0 to NH-3.14: the steps in order (NH-3.0), each followed by the
//! NH-3.9 checkpoint; the draws (NH-3.7, H-9, H-10) and the silence they open (NH-3.10, H-11);
//! the resolution clockwise from the responsible character (NH-3.8, H-8), a character ordering
//! the cards it drew together (NH-3.14).

use crate::neonhope::kinds::{decisions, events};
use serde_json::json;

use super::ask::{answers, ask, corrupt, ordered, request_draw, shown, Table};
use crate::core::effects::Expiry;
use crate::core::{DecisionOption, DecisionSpec, DrawKind, Event, Input, RulesError};
use crate::neonhope::cards;
use crate::neonhope::data;
use crate::neonhope::options::ACTION_COUNTERS;
use crate::neonhope::state::{Game, Stage};

pub const RESHUFFLE_PURPOSE: &str = "encounter-reshuffle";

fn checkpoint_then(g: &mut Game, next: Stage) {
    g.stage = Stage::Checkpoint { then: Box::new(next) };
}

fn announce(ev: &mut Vec<Event>, rule: &str, text: &str) {
    ev.push(events::ENCOUNTER_STEP.public(format!("{rule}: {text}"), json!({"rule": rule})));
}

/// NH-3.1 sources: the episode cards in play with a "when the encounter phase begins" (H-16).
fn sources(g: &Game) -> Table<String> {
    g.episodes
        .iter()
        .filter(|k| cards::episode(k).is_some_and(|d| d.on_encounter_begin.is_some()))
        .map(|k| (DecisionOption::new(format!("episode:{k}"), data::episode_card(k).map(|c| c.name).unwrap_or("?")), k.clone()))
        .collect()
}

fn resolve_sources(g: &mut Game, keys: &[String], ev: &mut Vec<Event>) {
    let active = g.responsible;
    for k in keys {
        let (Some(def), Some(printed)) = (cards::episode(k), data::episode_card(k)) else { continue };
        ev.push(events::EPISODE_TRIGGERED.public(format!("{}: {}", printed.name, printed.text), json!({"card": k})));
        if let Some(f) = def.on_encounter_begin {
            f(g, active, ev);
        }
    }
}

pub(super) fn step(g: &mut Game, step: u8, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    match step {
        1 => {
            ev.push(events::ENCOUNTER_PHASE_BEGAN.public(format!("Round {}: the encounter phase begins", g.round), json!({"round": g.round})));
            announce(ev, "NH-3.1", "effects that trigger when the encounter phase begins");
            let table = sources(g);
            if table.len() >= 2 {
                // H-2: the responsible seat orders the team's "any order".
                let items = shown(table);
                ask(
                    g,
                    g.responsible,
                    decisions::ORDER_TRIGGERS,
                    "orders the effects of the encounter phase's beginning".into(),
                    "Order the effects that trigger when the encounter phase begins (first resolves first)".into(),
                    DecisionSpec::Order { items },
                );
                return Ok(true);
            }
            let keys: Vec<String> = table.into_iter().map(|(_, k)| k).collect();
            resolve_sources(g, &keys, ev);
            checkpoint_then(g, Stage::Encounter { step: 2 });
        }
        2 => {
            announce(ev, "NH-3.2", "the Corporation puts 1 hacking die on each condition (not withdrawn, not permanent)");
            for (i, def) in data::CONDITIONS.iter().enumerate() {
                if !def.permanent && g.conditions.get(i).is_some_and(|c| !c.withdrawn) {
                    g.add_die(i as u32, ev);
                }
            }
            checkpoint_then(g, Stage::Encounter { step: 3 });
        }
        3 => {
            announce(ev, "NH-3.3", "1 surveillance per character");
            g.surveil(g.seats(), "NH-3.3, one per character", ev);
            checkpoint_then(g, Stage::Encounter { step: 4 });
        }
        4 => {
            announce(ev, "NH-3.4", "1 more surveillance per enemy at a location with a character");
            let n = surveilling_enemies(g);
            g.surveil(n, "NH-3.4, enemies surveil", ev);
            checkpoint_then(g, Stage::Encounter { step: 5 });
        }
        5 => {
            announce(ev, "NH-3.5", "all withdrawn cards are turned to their front side");
            g.conditions.iter_mut().for_each(|c| c.withdrawn = false);
            g.enemies.iter_mut().for_each(|e| e.withdrawn = false);
            checkpoint_then(g, Stage::Encounter { step: 6 });
        }
        6 => {
            announce(ev, "NH-3.6", "all action counters are turned to their unspent side");
            g.chars.iter_mut().for_each(|c| c.counters = ACTION_COUNTERS);
            checkpoint_then(g, Stage::Encounter { step: 7 });
        }
        _ => {
            announce(ev, "NH-3.7", "each character draws 1 encounter card");
            if g.options.ask_draw_order && g.seats() > 1 {
                let items = shown(seat_table(g));
                ask(
                    g,
                    g.responsible,
                    decisions::DRAW_ORDER,
                    "orders the encounter draws".into(),
                    "Order the characters' encounter draws".into(),
                    DecisionSpec::Order { items },
                );
                return Ok(true);
            }
            g.stage = Stage::DrawEach { order: g.clockwise() };
        }
    }
    Ok(false)
}

fn seat_table(g: &Game) -> Table<u32> {
    g.clockwise().into_iter().map(|s| (DecisionOption::new(format!("seat:{s}"), g.seat_name(s)), s)).collect()
}

/// NH-3.4: enemies (not withdrawn) at a location with a character; a location where a
/// character keeps a low profile is not surveilled.
pub fn surveilling_enemies(g: &Game) -> u32 {
    g.enemies
        .iter()
        .filter(|e| !e.withdrawn)
        .filter(|e| {
            let here = g.chars_at(&e.location);
            !here.is_empty() && !here.iter().any(|&s| g.quiet(s))
        })
        .count() as u32
}

pub(super) fn on_input(g: &mut Game, step: u8, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let ids = ordered(input)?;
    if step == 1 {
        let keys = answers_in_order(&sources(g), &ids);
        resolve_sources(g, &keys, ev);
        checkpoint_then(g, Stage::Encounter { step: 2 });
    } else {
        g.stage = Stage::DrawEach { order: answers_in_order(&seat_table(g), &ids) };
    }
    Ok(())
}

/// The values of `ids` in the order given (an Order answer, already checked to be complete).
fn answers_in_order<T: Clone>(table: &[(DecisionOption, T)], ids: &[String]) -> Vec<T> {
    ids.iter().flat_map(|id| answers(table, std::slice::from_ref(id))).collect()
}

pub(super) fn step_draw_each(g: &mut Game, order: Vec<u32>) -> Result<bool, RulesError> {
    match order.split_first() {
        None => checkpoint_then(g, Stage::Resolve { seat: g.responsible }),
        Some((&seat, rest)) => {
            g.stage = Stage::Drawing { seat, left: 1, then: Box::new(Stage::DrawEach { order: rest.to_vec() }) };
        }
    }
    Ok(false)
}

pub(super) fn step_drawing(g: &mut Game, seat: u32, left: u32, then: Stage, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    if left == 0 {
        g.stage = then;
        return Ok(false);
    }
    if g.encounter_deck.is_empty() {
        if g.encounter_discard.is_empty() {
            ev.push(events::ENCOUNTER_NOTHING.public("The encounter deck and its discard pile are empty: nothing is drawn (H-9)", json!({"seat": seat})));
            g.stage = then;
            return Ok(false);
        }
        g.encounter_deck = std::mem::take(&mut g.encounter_discard);
        request_draw(g, RESHUFFLE_PURPOSE, DrawKind::Shuffle(g.encounter_deck.len() as u32));
        return Ok(true);
    }
    let card = g.encounter_deck.remove(0);
    if !g.silence {
        g.silence = true;
        ev.push(events::SILENCE_BEGAN.public("An encounter card is drawn: no conferring until every drawn card is resolved (NH-3.10)", json!({})));
    }
    let name = g.seat_name(seat);
    let label = g.label(card);
    let key = g.card_key(card).to_string();
    let text = data::encounter_card(&key).map(|c| c.text).unwrap_or("");
    let c = g.ch_mut(seat).ok_or_else(|| corrupt("no such character"))?;
    c.held.push(card);
    c.held_ordered = false;
    // H-10: the drawer alone sees the card until it resolves.
    ev.push(events::ENCOUNTER_DRAWN.with_private(
        format!("{name} draws an encounter card"),
        json!({"seat": seat}),
        vec![seat],
        format!("{name} draws {label}: {text}"),
        json!({"seat": seat, "card": card, "key": key}),
    ));
    g.stage = Stage::Drawing { seat, left: left - 1, then: Box::new(then) };
    Ok(false)
}

fn held_table(g: &Game, seat: u32) -> Table<u32> {
    g.ch(seat).map(|c| c.held.iter().map(|&id| (DecisionOption::new(format!("card:{id}"), g.label(id)), id)).collect()).unwrap_or_default()
}

/// NH-3.8 (H-8: clockwise until nobody holds a card).
pub(super) fn step_resolve(g: &mut Game, seat: u32, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    if g.chars.iter().all(|c| c.held.is_empty()) {
        g.stage = Stage::EncounterEnd;
        return Ok(false);
    }
    let c = g.ch(seat).ok_or_else(|| corrupt("no such character"))?;
    if c.held.is_empty() {
        g.stage = Stage::Resolve { seat: g.next_seat(seat) };
        return Ok(false);
    }
    if c.held.len() >= 2 && !c.held_ordered {
        let n = c.held.len();
        let items = shown(held_table(g, seat));
        ask(
            g,
            seat,
            decisions::ORDER_ENCOUNTERS,
            format!("orders the {n} encounter cards it holds"),
            "Order your encounter cards (first resolves first)".into(),
            DecisionSpec::Order { items },
        );
        return Ok(true);
    }
    let c = g.ch_mut(seat).ok_or_else(|| corrupt("no such character"))?;
    let card = c.held.remove(0);
    let name = g.seat_name(seat);
    let key = g.card_key(card).to_string();
    let text = data::encounter_card(&key).map(|c| c.text).unwrap_or("");
    ev.push(events::ENCOUNTER_RESOLVED.public(format!("{name} resolves {}: {text}", g.label(card)), json!({"seat": seat, "card": card, "key": key})));
    let draws = cards::encounter(&key).map(|d| (d.resolve)(g, seat, ev)).unwrap_or(0);
    g.encounter_discard.push(card);
    let next = Stage::Checkpoint { then: Box::new(Stage::Resolve { seat }) };
    g.stage = if draws > 0 { Stage::Drawing { seat, left: draws, then: Box::new(next) } } else { next };
    Ok(false)
}

pub(super) fn on_order_held(g: &mut Game, seat: u32, input: &Input) -> Result<(), RulesError> {
    let ids = ordered(input)?;
    let order = answers_in_order(&held_table(g, seat), &ids);
    let c = g.ch_mut(seat).ok_or_else(|| corrupt("no such character"))?;
    c.held = order;
    c.held_ordered = true;
    Ok(())
}

pub(super) fn step_end(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    if g.silence {
        g.silence = false;
        ev.push(events::SILENCE_ENDED.public("Every drawn encounter card is resolved: the players may confer again", json!({})));
    }
    g.effects.expire(Expiry::EndOfEncounterPhase);
    g.effects.expire(Expiry::EndOfRound);
    ev.push(events::ENCOUNTER_PHASE_ENDED.public(format!("Round {} ends", g.round), json!({"round": g.round})));
    if g.options.responsible_rotates {
        g.responsible = g.next_seat(g.responsible);
    }
    g.stage = Stage::RoundStart;
    Ok(false)
}
