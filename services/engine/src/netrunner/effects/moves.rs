//! Card effects that move cards for the Startup cards : revealing the
//! cards picked at random, the Runner's trashes of its own cards, cards trashed from the grip or
//! the stack, sabotage, cards hosted face up on Runner cards (not installed) with the
//! interrupt that hosts instead of an access in Archives, and arranging the top of R&D.

use crate::netrunner::cards;
use serde_json::json;

use super::{card_options, note, opt, picked, trash_from_hq};
use crate::core::{Event, RulesError};
use crate::netrunner::cards::{Answer, Ctx, Question, Then, When, CARD_KIND};
use crate::netrunner::data::Side;
use crate::netrunner::state::{Game, CORP};

/// The cards a card's random pick chose (`Game::picked_at_random`) are revealed to both
/// players: a public `revealed` event listing them.
pub fn reveal_picked(g: &Game, from: &str, source: &str, ev: &mut Vec<Event>) {
    let cs = g.picked_at_random.clone();
    if cs.is_empty() {
        return;
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    note(ev, "revealed", format!("{source} reveals {} at random from {from}: {}", cs.len(), names.join(", ")), json!({"cards": cs, "source": source}));
}

/// `cards` (now in the heap) were trashed from the grip or the stack: each one's own "when this is
/// trashed from your grip or stack" ability, in the order trashed.
pub fn trashed_from_grip_or_stack(g: &mut Game, cards: &[u32], ev: &mut Vec<Event>) {
    for &k in cards {
        cards::fire_all(g, When::TrashedFromGripOrStack, &[k], 0, ev);
    }
}

/// Sabotage `n`: the Corp picks the cards of HQ it trashes; the rest of the `n` come from the top
/// of R&D (so it picks at least `n` minus the size of R&D). Fewer cards than `n` in both: all.
pub fn sabotage_ask(g: &Game, n: u32, source: &str) -> Option<Question> {
    let (hq, rd) = (g.corp.hq.len() as u32, g.corp.rd.len() as u32);
    if n == 0 || hq + rd == 0 {
        return None;
    }
    let n = n.min(hq + rd);
    let (min, max) = (n.saturating_sub(rd), n.min(hq));
    let o = card_options(g, "card", &g.corp.hq);
    if o.is_empty() {
        return Some(Question::one(
            CORP,
            cards::CARD_KIND,
            format!("trashes {n} card(s) from the top of R&D (sabotage, {source})"),
            format!("{source}: sabotage {n}: HQ is empty, the top {n} card(s) of R&D are trashed"),
            vec![(opt("rd", format!("Trash the top {n} card(s) of R&D")), Answer::No)],
        ));
    }
    Some(
        Question::one(
            CORP,
            cards::CARD_KIND,
            format!("trashes {n} card(s) from HQ and/or the top of R&D (sabotage, {source})"),
            format!("{source}: sabotage {n}: pick the cards of HQ to trash ({min} to {max}); the rest are trashed from the top of R&D"),
            o,
        )
        .range(min, max),
    )
}

pub fn sabotage_answer(g: &mut Game, n: u32, source: &str, a: &[Answer], ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let n = n.min((g.corp.hq.len() + g.corp.rd.len()) as u32);
    let from_hq: Vec<u32> = picked(a).into_iter().filter(|c| g.corp.hq.contains(c)).collect();
    let from_rd = n.saturating_sub(from_hq.len() as u32);
    if from_hq.len() as u32 > n || from_rd as usize > g.corp.rd.len() {
        return Err(RulesError::Illegal(format!("sabotage {n}: pick the right number of HQ cards")));
    }
    trash_from_hq(g, from_hq, ev);
    let top: Vec<u32> = g.corp.rd.iter().take(from_rd as usize).copied().collect();
    for &c in &top {
        g.to_archives(c, false);
    }
    note(
        ev,
        "sabotaged",
        format!("{source}: sabotage {n}: the Corp trashes {} card(s) from the top of R&D", top.len()),
        json!({"from_rd": top.len(), "source": source}),
    );
    Ok(())
}

/// The Runner trashes `c` (by its own card's ability or cost, making room, or an accessed card):
/// one of its installed cards trashed so is recorded for "if you trashed any of your installed
/// cards this turn" (`TurnFlags::runner_trashed_own`); the Corp's trashes use `Game::trash`.
pub fn runner_trash(g: &mut Game, c: u32, why: &str, ev: &mut Vec<Event>) {
    if g.def(c).side == Side::Runner && g.installed_runner().contains(&c) {
        g.flags.runner_trashed_own = true;
    }
    g.trash(c, why, ev);
}

/// Host `card` face up on the installed Runner card `host`, not installed (from wherever it is:
/// an accessed Corp card, installed or not, or a Runner card); a public `hosted` event.
pub fn host_faceup(g: &mut Game, card: u32, host: u32, source: &str, ev: &mut Vec<Event>) {
    if g.def(card).side == Side::Corp {
        g.take_corp(card);
    } else {
        g.take_runner(card);
    }
    if let Some(k) = g.card_mut(card) {
        (k.rezzed, k.adv, k.credits, k.virus, k.power, k.agenda) = (false, 0, 0, 0, 0, 0);
        k.faceup = true;
        k.host = Some(host);
    }
    g.runner.hosted_cards.push(card);
    note(
        ev,
        "hosted",
        format!("{source}: {} is hosted face up on {}", g.label(card), g.label(host)),
        json!({"card": card, "code": g.code(card), "host": host}),
    );
}

/// The cards hosted (not installed) on `host`, in the order hosted.
pub fn hosted_on(g: &Game, host: u32) -> Vec<u32> {
    g.runner.hosted_cards.iter().copied().filter(|&k| g.card(k).and_then(|x| x.host) == Some(host)).collect()
}

/// Cards hosted on a Runner card that is no longer installed are trashed with it (a Corp card
/// to Archives face up, as it was).
pub fn hosted_sweep(g: &mut Game, ev: &mut Vec<Event>) {
    if g.runner.hosted_cards.is_empty() {
        return;
    }
    let installed = g.installed_runner();
    let orphans: Vec<u32> = g.runner.hosted_cards.iter().copied().filter(|&k| g.card(k).and_then(|x| x.host).is_none_or(|h| !installed.contains(&h))).collect();
    for k in orphans {
        g.trash(k, "its host is no longer installed", ev);
    }
}

/// Before the Runner accesses `card` in Archives: the installed Runner cards whose interrupt
/// (`Static::ArchivesAccessAsks`) was not used in this run ask their question, in trigger order
/// (the first one asked first); returns whether any was asked.
pub fn archives_access_interrupts(g: &mut Game, card: u32) -> bool {
    let used = g.run.as_ref().map(|r| r.used_cards.clone()).unwrap_or_default();
    let mut asks: Vec<(u32, u8)> = cards::runner_trigger_order(g)
        .into_iter()
        .filter(|k| !used.contains(k))
        .filter_map(|k| {
            cards::def(g.code(k)).statics.iter().find_map(|s| if let cards::Static::ArchivesAccessAsks(step) = s { Some((k, *step)) } else { None })
        })
        .collect();
    asks.reverse();
    let any = !asks.is_empty();
    for (k, step) in asks {
        let c = cards::ctx(g, k, card);
        cards::ask_later(g, c, step);
    }
    any
}

/// "Look at the top `most` cards of R&D and arrange them", asked of `seat`: a pick of all of
/// them in their new order (in their present order to leave R&D as it is). `summary` is the
/// public line; the cards are shown to `seat` only (`Question::looking_at`).
pub fn arrange_rd_top_ask(g: &Game, c: Ctx, seat: u32, most: usize, summary: String) -> Option<Question> {
    let top: Vec<u32> = g.corp.rd.iter().take(most).copied().collect();
    if top.is_empty() {
        return None;
    }
    let n = top.len() as u32;
    let prompt = format!("{}: pick all {n} cards in their new order from the top (in their present order to leave R&D as it is)", c.name());
    // Every n cards in any order is an arrangement: a decision whose every legal pick is a
    // legal answer (a range 0..n would offer picks of 1 that the answer refuses).
    Some(Question::one(seat, CARD_KIND, summary, prompt, card_options(g, "card", &top)).range(n, n).looking_at(top))
}

/// The answer to [`arrange_rd_top_ask`]: the top of R&D takes the new order. R&D's order is
/// hidden from both players, so the order is told to `seat` alone; everyone reads `public`
/// (given the number of cards).
pub fn arrange_rd_top_answer(
    g: &mut Game,
    c: Ctx,
    seat: u32,
    most: usize,
    a: &[Answer],
    public: impl Fn(usize) -> String,
    ev: &mut Vec<Event>,
) -> Result<Then, RulesError> {
    let order: Vec<u32> = a.iter().filter_map(|x| if let Answer::Card(k) = x { Some(*k) } else { None }).collect();
    let n = g.corp.rd.len().min(most);
    if order.len() != n {
        return Err(RulesError::Illegal(format!("pick all {n} cards, in their new order")));
    }
    for (i, k) in order.iter().enumerate() {
        if let Some(slot) = g.corp.rd.get_mut(i) {
            *slot = *k;
        }
    }
    let names: Vec<String> = order.iter().map(|&k| g.label(k)).collect();
    ev.push(Event::with_private(
        "netrunner.arranged",
        public(n),
        json!({"seat": seat, "cards": n}),
        vec![seat],
        format!("{}: the {} arranges the top of R&D: {}", c.name(), if seat == CORP { "Corp" } else { "Runner" }, names.join(", ")),
        json!({"seat": seat, "cards": n, "order": order}),
    ));
    Ok(Then::Done)
}
