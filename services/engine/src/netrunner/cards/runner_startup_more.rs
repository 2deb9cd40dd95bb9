//! More Runner cards of the Startup sets (after `runner_startup.rs`, which holds most of them):
//! Strike Fund, Cacophony, The Wizard's Chest. Every question asked here is the generic
//! [`super::CARD_KIND`].

use serde_json::json;

use super::helpers::{first, note, opt};
use super::runner_startup::{add_power, power, question, yes_no};
use super::{ask_later, Answer, Ask, CardDef, Ctx, Effect, PaidAbility, Play, Prompt, Question, Static, Targets, Then, When, BLANK};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{Game, Task, ARCHIVES, HQ, RD, RUNNER};

pub const STRIKE_FUND: &str = "34001";
pub const CACOPHONY: &str = "35010";
pub const THE_WIZARDS_CHEST: &str = "34070";

/// Cacophony: the power counters its sabotage costs, and the sabotage.
const CACOPHONY_COUNTERS: u32 = 2;
const CACOPHONY_SABOTAGE: u32 = 3;

/// The Wizard's Chest: the card types it may name, and how many of that type it sets aside.
const CHEST_TYPES: [(CardType, &str); 3] = [(CardType::Hardware, "hardware"), (CardType::Program, "program"), (CardType::Resource, "resource")];
const CHEST_SET_ASIDE: usize = 2;

/// The rows of this file.
pub static DEFS: &[CardDef] = &[
    CardDef {
        code: STRIKE_FUND,
        name: "Strike Fund",
        play: Some(Play { targets: Targets::None, effect: Effect::Gain(RUNNER, 4) }),
        // "You may gain 2": always taken (house choice, docs/netrunner.md).
        events: &[(When::TrashedFromGripOrStack, Effect::Gain(RUNNER, 2))],
        ..BLANK
    },
    CardDef {
        code: CACOPHONY,
        name: "Cacophony",
        events: &[(When::RunnerTookCorpCardFirst, Effect::Custom(cacophony_counter)), (When::RunnerActionPhaseEnds, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: cacophony_ask, answer: cacophony_answer }), Ask::Sabotage(CACOPHONY_SABOTAGE)],
        ..BLANK
    },
    CardDef {
        code: THE_WIZARDS_CHEST,
        name: "The Wizard's Chest",
        statics: &[Static::PaidInAnyWindow],
        paid: Some(PaidAbility { offers: chest_offers, effect: Effect::Custom(chest_use) }),
        asks: &[Ask::Own(Prompt { ask: chest_install_ask, answer: chest_install_answer })],
        ..BLANK
    },
];

// --- Cacophony

fn cacophony_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 1, c.name(), ev);
}

fn cacophony_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) < CACOPHONY_COUNTERS || !g.runner.resources.contains(&c.card) {
        return None;
    }
    yes_no(
        &format!("may remove {CACOPHONY_COUNTERS} power counters to sabotage {CACOPHONY_SABOTAGE} ({})", c.name()),
        &format!("{}: remove {CACOPHONY_COUNTERS} hosted power counters to sabotage {CACOPHONY_SABOTAGE}?", c.name()),
        &format!("Remove {CACOPHONY_COUNTERS} power counters: sabotage {CACOPHONY_SABOTAGE}"),
    )
}

fn cacophony_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes {
        return Ok(Then::Done);
    }
    let Some(k) = g.card_mut(c.card).filter(|k| k.power >= CACOPHONY_COUNTERS) else { return Ok(Then::Done) };
    k.power -= CACOPHONY_COUNTERS;
    let left = k.power;
    note(ev, "power_counters", format!("{}: {CACOPHONY_COUNTERS} power counters removed ({left})", c.name()), json!({"card": c.card, "change": -i64::from(CACOPHONY_COUNTERS), "power": left}));
    ask_later(g, c, 1);
    Ok(Then::Done)
}

// --- The Wizard's Chest

/// Usable only after successful runs on HQ, R&D and Archives this turn; one option per type.
fn chest_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if ![HQ, RD, ARCHIVES].iter().all(|s| g.flags.successful_servers.contains(s)) {
        return vec![];
    }
    CHEST_TYPES.iter().enumerate().map(|(i, (_, name))| (format!("wizards_chest:{card}:{name}"), format!("{}: trash it, name {name}", g.label(card)), i as u32)).collect()
}

/// The cards of the named type among the top of the stack, up to 2: the cards set aside up to
/// the last of them are revealed. They stay where they are (the set-aside cards are shuffled
/// back in anyway), so the cards offered are the first 2 of that type in the stack.
fn chest_found(g: &Game, t: u32) -> Vec<u32> {
    let Some((ct, _)) = CHEST_TYPES.get(t as usize) else { return vec![] };
    g.runner.stack.iter().copied().filter(|&k| g.def(k).ctype == *ct).take(CHEST_SET_ASIDE).collect()
}

fn chest_use(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.trash(c.card, "its own cost", ev);
    let found = chest_found(g, c.arg);
    let depth = found.last().and_then(|l| g.runner.stack.iter().position(|k| k == l)).map_or(g.runner.stack.len(), |p| p + 1);
    let aside: Vec<u32> = g.runner.stack.iter().take(depth).copied().collect();
    let names: Vec<String> = aside.iter().map(|&k| g.label(k)).collect();
    let name = CHEST_TYPES.get(c.arg as usize).map_or("", |(_, n)| n);
    note(ev, "revealed", format!("{}: the Runner names {name} and sets aside {}", c.name(), if names.is_empty() { "nothing".into() } else { names.join(", ") }), json!({"cards": aside, "type": name}));
    g.tasks.push(Task::Shuffle { corp: false });
    ask_later(g, c, 0);
}

fn chest_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let found = chest_found(g, c.arg);
    if found.is_empty() {
        return None;
    }
    let mut o: Vec<_> = found.iter().map(|&k| (opt(format!("install:{k}"), format!("Install {}, ignoring all costs", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(format!("may install 1 of the cards set aside ({})", c.name()), format!("{}: install 1 of the 2 cards set aside, ignoring all costs?", c.name()), o))
}

fn chest_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !chest_found(g, c.arg).contains(&k) {
        return Ok(Then::Done);
    }
    // Ignoring all costs: a reduction of the whole install cost.
    g.flags.install_discount = g.def(k).cost.unwrap_or(0);
    Ok(Then::InstallRunner { card: k })
}
