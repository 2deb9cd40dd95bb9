//! The last Corp cards of the Startup format: the two psi games (See How They Run, Adrian Seis;
//! the game itself is `flow::psi`), Daniela Jorge Inácio's additional costs to steal and trash,
//! Plutus' additional rez cost and its play from Archives, and Stoke the Embers' install from
//! elsewhere than HQ. Every question asked here is the generic [`super::CARD_KIND`].

use serde_json::json;

use super::corp_startup::{move_upgrade_answer, move_upgrade_ask};
use super::helpers::{card_options, corp_play_options, damage, first, note, opt, picked, place_adv, rez_by_effect};
use super::{ask_later, Answer, Ask, CardDef, Ctx, Effect, Prompt, Question, Static, Then, When, BLANK, CARD_KIND};
use crate::core::{Event, RulesError};
use crate::netrunner::state::{DamageKind, Game, Pile, CORP, RUNNER};

pub const SEE_HOW_THEY_RUN: &str = "34105";
pub const ADRIAN_SEIS: &str = "34046";
pub const DANIELA_JORGE_INACIO: &str = "34047";
pub const PLUTUS: &str = "35073";
pub const STOKE_THE_EMBERS: &str = "34114";

/// Daniela Jorge Inácio: the grip cards each of its costs adds to the bottom of the stack.
const DANIELA_GRIP_CARDS: u32 = 2;
/// Plutus: the HQ cards its additional rez cost reveals and trashes (instead of a forfeit).
const PLUTUS_HQ_CARDS: u32 = 3;

/// The rows of this file.
pub static DEFS: &[CardDef] = &[
    CardDef {
        code: SEE_HOW_THEY_RUN,
        name: "See How They Run",
        on_score: Effect::All(&[Effect::Tags(1), Effect::Ask(0)]),
        asks: &[Ask::Psi(see_how_they_run_psi)],
        ..BLANK
    },
    CardDef {
        code: ADRIAN_SEIS,
        name: "Adrian Seis",
        events: &[(When::SuccessfulRunHere, Effect::Ask(0)), (When::AnyTurnEnds, Effect::Custom(adrian_turn_ends))],
        asks: &[Ask::Psi(adrian_psi), Ask::Own(Prompt { ask: move_upgrade_ask, answer: move_upgrade_answer })],
        ..BLANK
    },
    CardDef {
        code: DANIELA_JORGE_INACIO,
        name: "Daniela Jorge Inácio",
        statics: &[
            Static::TrashCostExtra { step: 0, payable: |g| g.runner.grip.len() >= DANIELA_GRIP_CARDS as usize },
            Static::StealCostHere { step: 0, payable: |g, n| g.runner.grip.len() >= (DANIELA_GRIP_CARDS * n) as usize },
        ],
        asks: &[Ask::Random { from: Pile::Grip, count: |_, _| DANIELA_GRIP_CARDS }, Ask::Do(daniela_to_bottom)],
        ..BLANK
    },
    CardDef {
        code: PLUTUS,
        name: "Plutus",
        statics: &[Static::RezForfeitOrTrashHq { cards: PLUTUS_HQ_CARDS, step: 2 }],
        events: &[(When::TurnBegin, Effect::Ask(0))],
        asks: &[
            Ask::Own(Prompt { ask: plutus_play_ask, answer: plutus_play_answer }),
            Ask::Do(plutus_remove),
            Ask::Own(Prompt { ask: plutus_rez_ask, answer: plutus_rez_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: STOKE_THE_EMBERS,
        name: "Stoke the Embers",
        on_score: Effect::All(&[Effect::Gain(CORP, 3), Effect::Ask(1)]),
        events: &[(When::InstalledNotFromHq, Effect::Ask(0))],
        asks: &[
            Ask::Own(Prompt { ask: stoke_reveal_ask, answer: stoke_reveal_answer }),
            Ask::Own(Prompt { ask: stoke_advance_ask, answer: stoke_advance_answer }),
        ],
        ..BLANK
    },
];

// --- See How They Run ----------------------------------------------------------------------------

/// The bids differ: 1 core damage; they match: 1 net damage.
fn see_how_they_run_psi(g: &mut Game, c: Ctx, matched: bool, _: &mut Vec<Event>) {
    let kind = if matched { DamageKind::Net } else { DamageKind::Core };
    damage(g, kind, 1, c.name(), false);
}

// --- Adrian Seis ---------------------------------------------------------------------------------

/// The bids differ: only this upgrade may be accessed for the rest of the run; they match: it
/// may not be.
fn adrian_psi(g: &mut Game, c: Ctx, matched: bool, ev: &mut Vec<Event>) {
    let Some(run) = g.run.as_mut() else { return };
    if matched {
        run.not_accessed.push(c.card);
    } else {
        run.access_only = Some(c.card);
    }
    let what = if matched { format!("the Runner cannot access {}", c.name()) } else { format!("the Runner cannot access cards other than {}", c.name()) };
    note(ev, "access_restricted", format!("{}: for the remainder of the run, {what}", c.name()), json!({"card": c.card, "only_this": !matched}));
}

/// "When your turn ends, you may move this upgrade to the root of another server."
fn adrian_turn_ends(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == CORP {
        ask_later(g, c, 1);
    }
}

// --- Daniela Jorge Inácio ------------------------------------------------------------------------

/// The cost: the 2 grip cards picked at random go to the bottom of the stack, unrevealed (named
/// to the Runner only).
fn daniela_to_bottom(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let cs = std::mem::take(&mut g.picked_at_random);
    for &k in &cs {
        g.take_runner(k);
        g.runner.stack.push(k);
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    ev.push(Event::with_private(
        "netrunner.grip_to_stack",
        format!("{}: the Runner adds {} card(s) from the grip at random to the bottom of the stack", c.name(), cs.len()),
        json!({"count": cs.len(), "place": "bottom"}),
        vec![RUNNER],
        format!("{}: the Runner adds {} from the grip to the bottom of the stack", c.name(), names.join(", ")),
        json!({"cards": cs, "place": "bottom"}),
    ));
}

// --- Plutus --------------------------------------------------------------------------------------

/// The transaction operations in Archives the Corp can play now.
fn plutus_playable(g: &Game) -> Vec<(crate::core::DecisionOption, Answer)> {
    let transactions: Vec<u32> = g.corp.archives.iter().copied().filter(|&k| g.def(k).has_subtype("Transaction")).collect();
    corp_play_options(g, &transactions)
}

fn plutus_play_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.card) {
        return None;
    }
    let mut o = plutus_playable(g);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Play nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may play a transaction operation from Archives ({})", c.name()),
        format!("{}: you may play 1 transaction operation from Archives; after it resolves, it is removed from the game", c.name()),
        o,
    ))
}

fn plutus_play_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let answer = first(a);
    let Answer::Play { card, target } = answer else { return Ok(Then::Done) };
    // Pushed first: once the operation has resolved, it leaves the game.
    ask_later(g, Ctx { arg: card, ..c }, 1);
    Ok(Then::PlayCorp { card, target })
}

/// "After it resolves, remove it from the game" (the operation in `Ctx::arg`).
fn plutus_remove(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let card = c.arg;
    if g.corp.archives.contains(&card) {
        g.corp.archives.retain(|&x| x != card);
        g.corp.removed.push(card);
        note(ev, "removed", format!("{}: {} is removed from the game", c.name(), g.label(card)), json!({"card": card, "code": g.code(card)}));
    }
}

/// The additional rez cost paid with HQ cards: which 3 to reveal and trash.
fn plutus_rez_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.rezzed(c.card) || !g.is_installed(c.card) || g.corp.hq.len() < PLUTUS_HQ_CARDS as usize {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            // The card is not rezzed yet: the summary does not name it.
            format!("chooses {PLUTUS_HQ_CARDS} cards from HQ to reveal and trash, to rez a card in {}", server_of(g, c.card)),
            format!("{}: reveal and trash {PLUTUS_HQ_CARDS} cards from HQ to rez it", c.name()),
            o,
        )
        .range(PLUTUS_HQ_CARDS, PLUTUS_HQ_CARDS),
    )
}

/// Reveal and trash the chosen cards (face up: they were revealed), then rez, paying its cost.
fn plutus_rez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    let cost = g.corp_rez_cost(c.card);
    if cs.len() != PLUTUS_HQ_CARDS as usize || super::helpers::corp_available_for(g, super::Spend::Rez(c.card)) < cost {
        return Err(RulesError::Illegal(format!("{} cannot be rezzed so", c.name())));
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    note(ev, "revealed", format!("{}: the Corp reveals {} from HQ and trashes them", c.name(), names.join(", ")), json!({"cards": cs, "source": c.name()}));
    for &k in &cs {
        g.to_archives(k, true);
    }
    super::fire_identity(g, CORP, When::CorpTrashedFromHq, 0, ev);
    rez_by_effect(g, c.card, Some(cost), c.name(), ev);
    Ok(Then::Done)
}

// --- Stoke the Embers ----------------------------------------------------------------------------

fn stoke_reveal_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    let o = vec![(opt("no", "Do not reveal it"), Answer::No), (opt("reveal", "Reveal it: gain 2 credits and place 1 advancement counter"), Answer::Yes)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        // Public: the card is face down, so nothing here may say what it is or what it can do
        // (a question only this card asks would name it); the Runner sees only that the Corp
        // decides something, as at a table.
        "decides on an effect of one of its cards",
        format!("{}: installed from elsewhere than HQ; you may reveal it to gain 2 credits and place 1 advancement counter on an installed card", c.name()),
        o,
    ))
}

fn stoke_reveal_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.is_installed(c.card) {
        note(
            ev,
            "revealed",
            format!("The Corp reveals {}, installed in {}", g.label(c.card), server_of(g, c.card)),
            json!({"card": c.card, "source": c.name()}),
        );
        g.gain(CORP, 2, c.name(), ev);
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn server_of(g: &Game, card: u32) -> String {
    match g.corp_zone(card) {
        crate::netrunner::state::CorpZone::Root(s) | crate::netrunner::state::CorpZone::Ice(s) => Game::server_name(s),
        _ => "a server".into(),
    }
}

/// "Place 1 advancement counter on an installed card": an installed Corp card (house choice:
/// counters on Runner cards do nothing in this pool).
fn stoke_advance_ask(g: &Game, c: Ctx) -> Option<Question> {
    let installed = g.installed_corp();
    if installed.is_empty() {
        return None;
    }
    let o = installed.iter().map(|&k| (opt(format!("card:{k}"), format!("Place it on {}", g.corp_public_label(k))), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: place 1 advancement counter on an installed card", c.name()),
        o,
    ))
}

fn stoke_advance_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        place_adv(g, k, 1, c.name(), ev);
    }
    Ok(Then::Done)
}
