//! Simultaneous conditional abilities, ordered by the rules and never by where a card's row is
//! written (CR 9.2, reaction windows): abilities that meet their condition at the same moment
//! become pending together; the active player resolves theirs first, then the inactive player;
//! each player resolves their own in the order they choose, each one fully before the next.
//!
//! Every site that fires a trigger for more than one card calls [`fire`] with the abilities'
//! sources in board order. A player is asked for the order (decision kind [`ORDER_KIND`]) only
//! when it can change the outcome: two or more of their abilities are pending and not all of
//! them only gain or load credits ([`order_free`]), which commute. Otherwise they resolve in
//! board order at once.

use crate::netrunner::cards;
use serde_json::json;

use crate::core::{DecisionOption, Event, RulesError};
use crate::netrunner::cards::{def, identity, other, Ctx, Effect};
use crate::netrunner::data::Side;
use crate::netrunner::state::{Game, Pending, Source, Task, When, CORP, RUNNER};

/// The decision kind of choosing which pending ability resolves next.
pub const ORDER_KIND: &str = "netrunner.trigger_order";

/// The hook context of a source.
fn ctx_of(g: &Game, s: Source, arg: u32) -> Ctx {
    match s {
        Source::Card(card) => cards::ctx(g, card, arg),
        Source::Identity(seat) => identity(g, seat, arg),
    }
}

/// The seat that controls a source's abilities.
fn controller(g: &Game, s: Source) -> u32 {
    match s {
        Source::Identity(seat) => seat,
        Source::Card(card) if g.def(card).side == Side::Corp => CORP,
        Source::Card(_) => RUNNER,
    }
}

/// Whether the source's row has a trigger for `when`.
pub fn listens(g: &Game, s: Source, when: When) -> bool {
    let d = match s {
        Source::Card(card) => def(g.code(card)),
        Source::Identity(seat) => identity(g, seat, 0).def,
    };
    d.events.iter().any(|(w, _)| *w == when)
}

/// Whether an effect only gains or loads credits: such abilities commute, so their order
/// cannot change the outcome.
fn order_free(e: &Effect) -> bool {
    match e {
        Effect::None | Effect::Gain(..) | Effect::Load(_) => true,
        Effect::All(list) => list.iter().all(order_free),
        _ => false,
    }
}

/// Whether the order of these pending abilities can change the outcome.
fn order_matters(g: &Game, pending: &[Pending]) -> bool {
    pending.len() > 1 && !pending.iter().all(|p| ctx_of(g, p.source, 0).def.events.iter().filter(|(w, _)| *w == p.when).all(|(_, e)| order_free(e)))
}

/// Resolve one pending ability (its row's effects for that trigger, in row order).
fn resolve(g: &mut Game, p: Pending, ev: &mut Vec<Event>) {
    let c = ctx_of(g, p.source, p.arg);
    cards::fire(g, p.when, c, ev);
}

/// Fire the abilities that met their conditions together (`(source, trigger, argument)`, in
/// board order; those without that trigger are skipped): the active player's first, then the inactive
/// player's; a player with several whose order matters chooses it (a `Task::Triggers` each),
/// and everything after such a choice waits for it, so the order the rules give holds.
pub fn fire_moment(g: &mut Game, abilities: impl IntoIterator<Item = (Source, When, u32)>, ev: &mut Vec<Event>) {
    let listening: Vec<Pending> =
        abilities.into_iter().filter(|&(s, w, _)| listens(g, s, w)).map(|(source, when, arg)| Pending { source, when, arg }).collect();
    if listening.is_empty() {
        return;
    }
    let active = g.active;
    let mut groups: Vec<(u32, Vec<Pending>)> = [active, other(active)]
        .into_iter()
        .map(|seat| (seat, listening.iter().copied().filter(|p| controller(g, p.source) == seat).collect::<Vec<_>>()))
        .filter(|(_, p)| !p.is_empty())
        .collect();
    // Resolve at once until a group needs a choice; that group and the ones after it wait as
    // tasks (pushed last first, so the first resolves first).
    let waiting = match groups.iter().position(|(_, p)| order_matters(g, p)) {
        Some(i) => groups.split_off(i),
        None => Vec::new(),
    };
    for (seat, pending) in waiting.into_iter().rev() {
        g.tasks.push(Task::Triggers { seat, pending });
    }
    for (_, pending) in groups {
        for p in pending {
            resolve(g, p, ev);
        }
    }
}

/// [`fire_moment`] for one trigger condition and its sources (board order).
pub fn fire(g: &mut Game, when: When, sources: impl IntoIterator<Item = Source>, arg: u32, ev: &mut Vec<Event>) {
    fire_moment(g, sources.into_iter().map(|s| (s, when, arg)), ev);
}

/// The fire site for one side's identity.
pub fn fire_identity(g: &mut Game, seat: u32, when: When, arg: u32, ev: &mut Vec<Event>) {
    fire(g, when, [Source::Identity(seat)], arg, ev);
}

/// The fire site for card instances (board order).
pub fn fire_cards(g: &mut Game, when: When, cards: &[u32], arg: u32, ev: &mut Vec<Event>) {
    fire(g, when, cards.iter().map(|&c| Source::Card(c)), arg, ev);
}

/// The top task's question, if the order still matters: which pending ability resolves next.
/// `None`: resolve them all in order now.
pub fn order_question(g: &Game, pending: &[Pending]) -> Option<Vec<DecisionOption>> {
    if !order_matters(g, pending) {
        return None;
    }
    Some(pending.iter().enumerate().map(|(i, p)| DecisionOption::new(format!("trigger:{i}"), format!("Resolve {} first", source_label(g, p.source)))).collect())
}

/// How a source is named in a question and its summary: every pending ability is public (an
/// identity, a rezzed or scored Corp card, an installed Runner card, a card in the heap).
pub fn source_label(g: &Game, s: Source) -> String {
    match s {
        Source::Card(card) => g.label(card),
        Source::Identity(seat) => {
            let code = if seat == CORP { &g.corp.identity } else { &g.runner.identity };
            crate::netrunner::data::card(code).map_or_else(|| g.seat_name(seat), |k| k.title.clone())
        }
    }
}

/// Step a `Task::Triggers` on top of the stack: resolve everything at once when the order no
/// longer matters; otherwise true (the question is asked by the flow).
pub fn step(g: &mut Game, pending: &[Pending], ev: &mut Vec<Event>) -> bool {
    if order_matters(g, pending) {
        return true;
    }
    g.tasks.pop();
    for &p in pending {
        resolve(g, p, ev);
    }
    false
}

/// The seat chose pending ability `index`: it resolves now, the rest wait below what it pushes.
pub fn answer(g: &mut Game, seat: u32, pending: &[Pending], index: usize, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let Some(&chosen) = pending.get(index) else { return Err(RulesError::Illegal(format!("there is no pending ability {index}"))) };
    g.tasks.pop();
    let rest: Vec<Pending> = pending.iter().enumerate().filter(|&(i, _)| i != index).map(|(_, &p)| p).collect();
    if !rest.is_empty() {
        g.tasks.push(Task::Triggers { seat, pending: rest });
    }
    ev.push(Event::public(
        "netrunner.trigger_chosen",
        format!("{} resolves {} first", if seat == CORP { "The Corp" } else { "The Runner" }, source_label(g, chosen.source)),
        json!({"seat": seat, "source": source_json(chosen.source)}),
    ));
    resolve(g, chosen, ev);
    Ok(())
}

fn source_json(s: Source) -> serde_json::Value {
    match s {
        Source::Card(card) => json!({"card": card}),
        Source::Identity(seat) => json!({"identity": seat}),
    }
}
