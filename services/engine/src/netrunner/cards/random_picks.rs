//! Cards of the Startup sets whose effect picks cards at random from HQ or the grip (`Ask::Random`,
//! drawn by `flow::random` like every other random draw), both sides: Burner, Shred, Bring Them
//! Home, Heliamphora. Every question asked here is the generic [`super::CARD_KIND`].

use serde_json::json;

use super::corp_startup::runner_took_corp_card_last_turn;
use super::helpers::{first, host_faceup, note, opt, reveal_picked, run_ends_now, runner_trash, threat, trash_from_hq};
use super::runner_startup::{every_server, hq_only, run_target, NO_MORE_ACCESS};
use super::{ask_later, Answer, Ask, CardDef, Ctx, Effect, Play, Prompt, Question, RunSource, Static, Targets, Then, When, BLANK, CARD_KIND};
use crate::core::{Event, RulesError};
use crate::netrunner::state::{Game, Pile, Task, CORP, RUNNER};

pub const BURNER: &str = "34085";
pub const SHRED: &str = "35005";
pub const BRING_THEM_HOME: &str = "34112";
pub const HELIAMPHORA: &str = "34072";

/// Burner: the revealed cards it adds to R&D.
const BURNER_ADDS: usize = 2;
/// Bring Them Home: the cards it adds from the grip to the top of the stack.
const BRING_THEM_HOME_ADDS: u32 = 2;

/// The rows of this file.
pub static DEFS: &[CardDef] = &[
    CardDef {
        code: BURNER,
        name: "Burner",
        play: Some(Play { targets: Targets::Servers(hq_only), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(burner_success) }),
        asks: &[
            Ask::Random { from: Pile::Hq, count: |_, _| 3 },
            Ask::Do(burner_revealed),
            Ask::Own(Prompt { ask: burner_place_ask, answer: burner_place_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: SHRED,
        name: "Shred",
        play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
        statics: &[Static::FirstRunEndAsks(0)],
        asks: &[Ask::Own(Prompt { ask: shred_ask, answer: shred_answer }), Ask::Random { from: Pile::Hq, count: shred_count }, Ask::Do(shred_trash)],
        ..BLANK
    },
    CardDef {
        code: BRING_THEM_HOME,
        name: "Bring Them Home",
        statics: &[Static::Terminal],
        play: Some(Play { targets: Targets::Labeled(runner_took_corp_card_last_turn), effect: Effect::Custom(bring_them_home) }),
        asks: &[
            Ask::Random { from: Pile::Grip, count: |_, _| BRING_THEM_HOME_ADDS },
            Ask::Do(bring_them_home_to_top),
            Ask::Own(Prompt { ask: bring_them_home_pay_ask, answer: bring_them_home_pay_answer }),
            Ask::Random { from: Pile::Grip, count: |_, _| 1 },
            Ask::Do(bring_them_home_shuffle_in),
        ],
        ..BLANK
    },
    CardDef {
        code: HELIAMPHORA,
        name: "Heliamphora",
        statics: &[Static::ArchivesAccessAsks(0)],
        events: &[(When::Purged, Effect::Ask(1))],
        asks: &[
            Ask::Own(Prompt { ask: heliamphora_ask, answer: heliamphora_answer }),
            Ask::Random { from: Pile::Hq, count: |_, _| 2 },
            Ask::Do(heliamphora_purged),
        ],
        ..BLANK
    },
];

// --- Burner

/// Instead of breaching HQ (`Run::no_breach`), 3 cards of HQ at random are revealed.
fn burner_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.no_breach = true;
    }
    note(ev, "breach_replaced", format!("{}: instead of breaching HQ, the Runner reveals 3 cards in HQ at random", c.name()), json!({"card": c.card}));
    ask_later(g, c, 0);
}

/// The revealed cards are shown; the Runner then places 2 of them, one at a time.
fn burner_revealed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "HQ", c.name(), ev);
    for _ in 0..BURNER_ADDS {
        ask_later(g, c, 2);
    }
}

/// The revealed cards still in HQ (those not placed yet).
fn burner_left(g: &Game) -> Vec<u32> {
    g.picked_at_random.iter().copied().filter(|k| g.corp.hq.contains(k)).collect()
}

fn burner_place_ask(g: &Game, c: Ctx) -> Option<Question> {
    let left = burner_left(g);
    if left.is_empty() {
        return None;
    }
    let mut o = Vec::new();
    for &k in &left {
        o.push((opt(format!("top:{k}"), format!("Add {} to the top of R&D", g.label(k))), Answer::CardMode { card: k, mode: 0 }));
        o.push((opt(format!("bottom:{k}"), format!("Add {} to the bottom of R&D", g.label(k))), Answer::CardMode { card: k, mode: 1 }));
    }
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("adds a revealed card to the top or bottom of R&D ({})", c.name()),
        format!("{}: add 1 revealed card to the top or the bottom of R&D", c.name()),
        o,
    ))
}

fn burner_place_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::CardMode { card, mode } = first(a) else { return Ok(Then::Done) };
    if !burner_left(g).contains(&card) {
        return Ok(Then::Done);
    }
    g.take_corp(card);
    let place = if mode == 0 {
        g.corp.rd.insert(0, card);
        "top"
    } else {
        g.corp.rd.push(card);
        "bottom"
    };
    note(
        ev,
        "revealed_placed",
        format!("{}: {} is added to the {place} of R&D", c.name(), g.label(card)),
        json!({"card": card, "code": g.code(card), "place": place, "to": "rd"}),
    );
    Ok(Then::Done)
}

// --- Shred

/// The Corp lets the run go on, or reveals and trashes X cards of HQ at random to end it (it
/// cannot if HQ holds fewer than X).
fn shred_ask(g: &Game, c: Ctx) -> Option<Question> {
    let x = shred_x(g);
    let mut o = vec![(opt("go_on", "Let the run go on"), Answer::No)];
    if g.corp.hq.len() as u32 >= x {
        o.push((opt("trash", format!("Reveal and trash {x} card(s) from HQ at random: the run ends")), Answer::Yes));
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("decides whether to trash {x} card(s) from HQ at random to end the run ({})", c.name()),
        format!("{}: the run ends only if you reveal and trash {x} card(s) from HQ at random", c.name()),
        o,
    ))
}

fn shred_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        ask_later(g, c, 1);
    } else {
        note(ev, "run_end_prevented", format!("{}: the run does not end", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

/// X: the cards in the root of the attacked server.
fn shred_x(g: &Game) -> u32 {
    let server = g.run.as_ref().map_or(0, |r| r.server);
    g.server(server).map_or(0, |s| s.root.len() as u32)
}

fn shred_count(g: &Game, _: Ctx) -> u32 {
    shred_x(g)
}

fn shred_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "HQ", c.name(), ev);
    let cs = g.picked_at_random.clone();
    trash_from_hq(g, cs, ev);
    run_ends_now(g, c.name(), ev);
}

// --- Bring Them Home

/// 2 cards of the grip at random go to the top of the stack; at threat 3 the Corp may then pay
/// 2 for 1 more, shuffled in (asked after: the last task pushed is asked first).
fn bring_them_home(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if threat(g, 3) {
        ask_later(g, c, 2);
    }
    ask_later(g, c, 0);
}

/// Each picked card is added to the top of the stack in the order picked (house choice: the
/// last one picked ends on top).
fn bring_them_home_to_top(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "the grip", c.name(), ev);
    for k in g.picked_at_random.clone() {
        g.take_runner(k);
        g.runner.stack.insert(0, k);
        note(
            ev,
            "revealed_placed",
            format!("{}: {} is added to the top of the stack", c.name(), g.label(k)),
            json!({"card": k, "code": g.code(k), "place": "top", "to": "stack"}),
        );
    }
}

fn bring_them_home_pay_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.credits < 2 || g.runner.grip.is_empty() {
        return None;
    }
    let o = vec![(opt("no", "Do not pay"), Answer::No), (opt("pay", "Pay 2 credits: reveal 1 card in the grip at random"), Answer::Yes)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 2 credits to reveal a card in the grip at random ({})", c.name()),
        format!("{}: pay 2 credits to reveal 1 card in the grip at random? The Runner shuffles it into the stack", c.name()),
        o,
    ))
}

fn bring_them_home_pay_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp_pay(2) {
        note(ev, "paid", format!("The Corp pays 2 for {}", c.name()), json!({"seat": CORP, "cost": 2}));
        ask_later(g, c, 3);
    }
    Ok(Then::Done)
}

fn bring_them_home_shuffle_in(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "the grip", c.name(), ev);
    for k in g.picked_at_random.clone() {
        g.take_runner(k);
        g.runner.stack.push(k);
        note(
            ev,
            "revealed_placed",
            format!("{}: the Runner shuffles {} into the stack", c.name(), g.label(k)),
            json!({"card": k, "code": g.code(k), "place": "shuffled", "to": "stack"}),
        );
        g.tasks.push(Task::Shuffle { corp: false });
    }
}

// --- Heliamphora

/// Interrupt: the Archives card about to be accessed (`Ctx::arg`) may be hosted on it instead.
fn heliamphora_ask(g: &Game, c: Ctx) -> Option<Question> {
    let card = c.arg;
    if !g.runner.programs.contains(&c.card) || !g.corp.archives.contains(&card) || g.run.as_ref().is_some_and(|r| r.used_cards.contains(&c.card)) {
        return None;
    }
    let o = vec![
        (opt("access", format!("Access {}", g.label(card))), Answer::No),
        (opt("host", format!("Host {} face up on {} instead", g.label(card), c.name())), Answer::Yes),
    ];
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("may host {} instead of accessing it ({})", g.label(card), c.name()),
        format!("{}: host {} on it instead of accessing it?", c.name(), g.label(card)),
        o,
    ))
}

fn heliamphora_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp.archives.contains(&c.arg) {
        if let Some(r) = g.run.as_mut() {
            r.used_cards.push(c.card);
        }
        host_faceup(g, c.arg, c.card, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The Corp purged: it trashes the 2 cards of HQ picked at random, then Heliamphora is trashed
/// (its hosted cards with it).
fn heliamphora_purged(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let cs: Vec<u32> = g.picked_at_random.iter().copied().filter(|k| g.corp.hq.contains(k)).collect();
    trash_from_hq(g, cs, ev);
    if g.runner.programs.contains(&c.card) {
        runner_trash(g, c.card, "the Corp purged virus counters", ev);
    }
}
