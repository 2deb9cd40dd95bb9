//! More Runner cards of the Startup sets (after `runner_startup.rs`, which holds most of them):
//! Strike Fund, Cacophony, The Wizard's Chest, Boi-tatá, and the cards hosting cards face up
//! without installing them (`helpers::host_faceup`): Madani, Cupellation. Every question asked here is the generic
//! [`super::CARD_KIND`].

use serde_json::json;

use super::helpers::{card_options, first, host_faceup, hosted_on, note, opt, picked, runner_available_for, runner_trash};
use super::runner_startup::{add_power, power, question, yes_no};
use super::{
    ask_later, AccessOption, Answer, Ask, Breaker, CardDef, Click, Ctx, Effect, PaidAbility, Play, Prompt, Pump, Question, Spend, Static, Targets, Then, When,
    BLANK,
};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{Game, Task, ARCHIVES, HQ, RD, RUNNER};

pub const STRIKE_FUND: &str = "34001";
pub const CACOPHONY: &str = "35010";
pub const THE_WIZARDS_CHEST: &str = "34070";
pub const BOI_TATA: &str = "34071";
pub const MADANI: &str = "35028";
pub const CUPELLATION: &str = "34080";

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
    CardDef {
        code: BOI_TATA,
        name: "Boi-tatá",
        breaker: Some(Breaker { pump: Pump::By(3), ..Breaker::new(Some("Sentry"), 2, 2, 3) }),
        statics: &[Static::BreakCheaper(boi_tata_less), Static::PumpCheaper(boi_tata_less)],
        ..BLANK
    },
    CardDef {
        code: MADANI,
        name: "Madani",
        click: Some(Click { offers: madani_offers, effect: Effect::Ask(0) }),
        statics: &[Static::PaidInAnyWindow],
        paid: Some(PaidAbility { offers: madani_paid_offers, effect: Effect::Custom(madani_install) }),
        asks: &[
            Ask::Own(Prompt { ask: madani_host_ask, answer: madani_host_answer }),
            Ask::Own(Prompt { ask: madani_install_ask, answer: madani_install_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: CUPELLATION,
        name: "Cupellation",
        statics: &[Static::AccessOptionNotOnAgendas],
        access_option: Some(AccessOption { id: "cupellation", agenda_label: "", label: cupellation_label, usable: cupellation_usable, step: 0 }),
        events: &[(When::Breach, Effect::Custom(cupellation_breach))],
        asks: &[Ask::Do(cupellation_host), Ask::Own(Prompt { ask: cupellation_breach_ask, answer: cupellation_breach_answer })],
        ..BLANK
    },
];

// --- Madani

fn grip_programs(g: &Game) -> Vec<u32> {
    g.runner.grip.iter().copied().filter(|&k| g.def(k).ctype == CardType::Program).collect()
}

fn madani_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if grip_programs(g).is_empty() {
        return vec![];
    }
    vec![(None, format!("{}: host programs from your grip on it", g.label(card)))]
}

fn madani_host_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ps = grip_programs(g);
    if ps.is_empty() || !g.runner.hardware.contains(&c.card) {
        return None;
    }
    let n = ps.len() as u32;
    Some(
        question(
            format!("hosts programs from the grip on {}", c.name()),
            format!("{}: host any number of programs from your grip face up on it", c.name()),
            card_options(g, "card", &ps),
        )
        .range(1, n),
    )
}

fn madani_host_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ps = grip_programs(g);
    for k in picked(a).into_iter().filter(|k| ps.contains(k)) {
        host_faceup(g, k, c.card, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The hosted programs the Runner can pay to install now.
fn madani_installable(g: &Game, card: u32) -> Vec<u32> {
    hosted_on(g, card)
        .into_iter()
        .filter(|&k| g.def(k).ctype == CardType::Program && runner_available_for(g, Spend::Install(k)) >= g.runner_install_cost(k))
        .collect()
}

/// Once per turn, 0 credits: install 1 hosted program, paying its install cost.
fn madani_paid_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if g.flags.used_cards.contains(&card) || madani_installable(g, card).is_empty() {
        return vec![];
    }
    vec![(format!("madani:{card}"), format!("{}: install 1 hosted program", g.label(card)), 0)]
}

fn madani_install(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    g.flags.used_cards.push(c.card);
    ask_later(g, c, 1);
}

fn madani_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ps = madani_installable(g, c.card);
    if ps.is_empty() {
        return None;
    }
    let o = ps.iter().map(|&k| (opt(format!("install:{k}"), format!("Install {} for {}", g.label(k), g.runner_install_cost(k))), Answer::Card(k))).collect();
    Some(question(format!("installs a program hosted on {}", c.name()), format!("{}: install 1 hosted program, paying its install cost", c.name()), o))
}

fn madani_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Card(k) if madani_installable(g, c.card).contains(&k) => Ok(Then::InstallRunner { card: k }),
        _ => Ok(Then::Done),
    }
}

// --- Cupellation

/// Limit 1 hosted card: usable while an installed Cupellation hosts nothing and 1 credit can be
/// paid.
fn cupellation_free(g: &Game) -> Option<u32> {
    g.runner.programs.iter().copied().find(|&p| g.is(p, CUPELLATION) && hosted_on(g, p).is_empty())
}

fn cupellation_usable(g: &Game) -> bool {
    cupellation_free(g).is_some() && g.runner_available() >= 1
}

fn cupellation_label(g: &Game, accessed: u32) -> String {
    format!("Cupellation: pay 1 credit to host {} face up on it", g.label(accessed))
}

/// Pay 1: the accessed card is hosted (uninstalled, if it was installed).
fn cupellation_host(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let host = if g.runner.programs.contains(&c.card) && hosted_on(g, c.card).is_empty() { Some(c.card) } else { cupellation_free(g) };
    let Some(host) = host else { return };
    if !g.runner_pay(1) {
        return;
    }
    note(ev, "paid", format!("The Runner pays 1 for {}", c.name()), json!({"seat": RUNNER, "cost": 1}));
    host_faceup(g, c.arg, host, c.name(), ev);
}

/// Breaching HQ with a hosted Corp card: may pay 1 and trash it to access 2 more cards.
fn cupellation_breach(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == HQ && hosted_on(g, c.card).iter().any(|&k| g.def(k).side == crate::netrunner::data::Side::Corp) && g.runner_available() >= 1 {
        ask_later(g, c, 1);
    }
}

fn cupellation_breach_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.runner.programs.contains(&c.card) || g.runner_available() < 1 {
        return None;
    }
    yes_no(
        &format!("may pay 1 credit and trash {} to access 2 more cards", c.name()),
        &format!("{}: pay 1 credit and trash it to access 2 additional cards?", c.name()),
        "Pay 1 and trash it: access 2 additional cards",
    )
}

fn cupellation_breach_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner_pay(1) {
        runner_trash(g, c.card, "its own cost", ev);
        if let Some(r) = g.run.as_mut() {
            r.breach_extra += 2;
        }
        note(ev, "more_access", format!("{}: the Runner accesses 2 additional cards", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

// --- Boi-tatá

/// 1 less for each paid ability once the Runner trashed one of its installed cards this turn.
fn boi_tata_less(g: &Game, _: u32) -> i64 {
    i64::from(g.flags.runner_trashed_own)
}

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
    note(
        ev,
        "power_counters",
        format!("{}: {CACOPHONY_COUNTERS} power counters removed ({left})", c.name()),
        json!({"card": c.card, "change": -i64::from(CACOPHONY_COUNTERS), "power": left}),
    );
    ask_later(g, c, 1);
    Ok(Then::Done)
}

// --- The Wizard's Chest

/// Usable only after successful runs on HQ, R&D and Archives this turn; one option per type.
fn chest_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if ![HQ, RD, ARCHIVES].iter().all(|s| g.flags.successful_servers.contains(s)) {
        return vec![];
    }
    CHEST_TYPES
        .iter()
        .enumerate()
        .map(|(i, (_, name))| (format!("wizards_chest:{card}:{name}"), format!("{}: trash it, name {name}", g.label(card)), i as u32))
        .collect()
}

/// The cards of the named type among the top of the stack, up to 2: the cards set aside up to
/// the last of them are revealed. They stay where they are (the set-aside cards are shuffled
/// back in anyway), so the cards offered are the first 2 of that type in the stack.
fn chest_found(g: &Game, t: u32) -> Vec<u32> {
    let Some((ct, _)) = CHEST_TYPES.get(t as usize) else { return vec![] };
    g.runner.stack.iter().copied().filter(|&k| g.def(k).ctype == *ct).take(CHEST_SET_ASIDE).collect()
}

fn chest_use(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    runner_trash(g, c.card, "its own cost", ev);
    let found = chest_found(g, c.arg);
    let depth = found.last().and_then(|l| g.runner.stack.iter().position(|k| k == l)).map_or(g.runner.stack.len(), |p| p + 1);
    let aside: Vec<u32> = g.runner.stack.iter().take(depth).copied().collect();
    let names: Vec<String> = aside.iter().map(|&k| g.label(k)).collect();
    let name = CHEST_TYPES.get(c.arg as usize).map_or("", |(_, n)| n);
    note(
        ev,
        "revealed",
        format!("{}: the Runner names {name} and sets aside {}", c.name(), if names.is_empty() { "nothing".into() } else { names.join(", ") }),
        json!({"cards": aside, "type": name}),
    );
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
    Some(question(
        format!("may install 1 of the cards set aside ({})", c.name()),
        format!("{}: install 1 of the 2 cards set aside, ignoring all costs?", c.name()),
        o,
    ))
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
