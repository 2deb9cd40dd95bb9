//! Assets of the Weyland Consortium faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{advanceable_installed, ask_with, counter_options, place_counter_answer, server_of, unprotected};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[ANTHILL_EXCAVATION_CONTRACT_ROW, CLEARINGHOUSE_ROW, CYBERSAND_HARVESTER_ROW, HEARTS_AND_MINDS_ROW, PLUTUS_ROW];

// --- Anthill Excavation Contract -----------------------------------------------------------------

pub const ANTHILL_EXCAVATION_CONTRACT: &str = "35072";

pub(crate) const ANTHILL_EXCAVATION_CONTRACT_ROW: CardDef = CardDef {
    code: ANTHILL_EXCAVATION_CONTRACT,
    name: "Anthill Excavation Contract",
    on_rez: Effect::Load(8),
    events: &[(When::TurnBegin, Effect::Custom(anthill))],
    ..BLANK
};

/// Anthill Excavation Contract: 4 taken and a card drawn each Corp turn; trashed when empty.
fn anthill(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    take_or_trash(g, CORP, c.card, 4, "Anthill Excavation Contract is empty", ev);
    g.draw(CORP, 1, ev);
}

// --- Clearinghouse -------------------------------------------------------------------------------

pub const CLEARINGHOUSE: &str = "30061";

pub(crate) const CLEARINGHOUSE_ROW: CardDef = CardDef {
    code: CLEARINGHOUSE,
    name: "Clearinghouse",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    statics: &[Static::Advanceable],
    asks: &[Ask::Own(Prompt { ask: clearinghouse_ask, answer: clearinghouse_answer })],
    ..BLANK
};

fn clearinghouse_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.card) || !g.is_installed(c.card) {
        return None;
    }
    let o = vec![(opt("trash", format!("Trash it: {} meat damage", g.adv(c.card))), Answer::Yes), (opt("keep", "Keep it"), Answer::No)];
    Some(Question::one(
        CORP,
        "clearinghouse",
        format!("may trash {} to do meat damage", g.corp_public_label(c.card)),
        format!("{}: trash it to do meat damage?", g.label(c.card)),
        o,
    ))
}

fn clearinghouse_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        let n = g.adv(c.card);
        g.trash(c.card, "Clearinghouse is used", ev);
        if n > 0 {
            damage(g, DamageKind::Meat, n, c.name(), false);
        }
    }
    Ok(Then::Done)
}

// --- Cybersand Harvester -------------------------------------------------------------------------

pub const CYBERSAND_HARVESTER: &str = "34058";

pub(crate) const CYBERSAND_HARVESTER_ROW: CardDef = CardDef {
    code: CYBERSAND_HARVESTER,
    name: "Cybersand Harvester",
    events: &[(When::Rez, Effect::Custom(cybersand_rez))],
    statics: &[Static::CorpHostedCreditsFor(install_costs_only)],
    paid: Some(PaidAbility { offers: Offers::Own(cybersand_offers), effect: Effect::Custom(cybersand_take) }),
    ..BLANK
};

/// Whenever the Corp rezzes an ice: 2 credits on this asset.
fn cybersand_rez(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.def(c.arg).ctype == CardType::Ice {
        g.load(c.card, 2, ev);
    }
}

fn install_costs_only(_: &Game, _: u32, spend: Spend) -> bool {
    matches!(spend, Spend::Install(_))
}

/// Trash it: take all its credits.
/// Hand-written offers, not a `Costed`: its label tells the hosted credits now.
fn cybersand_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if !g.rezzed(card) || !g.is_installed(card) || g.hosted(card) == 0 {
        return vec![];
    }
    vec![(format!("cybersand:{card}"), format!("Trash {} to take its {} credit(s)", g.label(card), g.hosted(card)), 0)]
}

fn cybersand_take(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.hosted(c.card);
    if let Some(k) = g.card_mut(c.card) {
        k.credits = 0;
    }
    g.corp_trash_installed(c.card, "its own ability", ev);
    g.gain(CORP, i64::from(n), c.name(), ev);
}

// --- Hearts and Minds ----------------------------------------------------------------------------

pub const HEARTS_AND_MINDS: &str = "34124";

pub(crate) const HEARTS_AND_MINDS_ROW: CardDef = CardDef {
    code: HEARTS_AND_MINDS,
    name: "Hearts and Minds",
    // Last pushed first: the move (its source, then its target), then the extra counter.
    events: &[(When::TurnBegin, Effect::All(&[Effect::Ask(2), Effect::Ask(0)]))],
    asks: &[
        Ask::Own(Prompt { ask: hearts_from_ask, answer: hearts_from_answer }),
        Ask::Own(Prompt { ask: hearts_to_ask, answer: hearts_to_answer }),
        Ask::Own(Prompt { ask: hearts_extra_ask, answer: place_counter_answer }),
    ],
    ..BLANK
};

fn hearts_from_ask(g: &Game, c: Ctx) -> Option<Question> {
    let from: Vec<u32> = g.installed_corp().into_iter().filter(|&k| g.adv(k) > 0).collect();
    if from.is_empty() || advanceable_installed(g).is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may move 1 advancement counter between installed cards ({})", c.name()),
        format!("{}: you may move 1 advancement counter from an installed card (choose it) to an installed card you can advance", c.name()),
        counter_options(g, &from, "Move nothing"),
    ))
}

fn hearts_from_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        ask_with(g, c, 1, k);
    }
    Ok(Then::Done)
}

/// Where the counter taken from `c.arg` goes.
fn hearts_to_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to: Vec<u32> = advanceable_installed(g).into_iter().filter(|&k| k != c.arg).collect();
    if to.is_empty() || g.adv(c.arg) == 0 {
        return None;
    }
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("moves 1 advancement counter ({})", c.name()),
        format!("{}: move the counter from {} to", c.name(), g.label(c.arg)),
        o,
    ))
}

fn hearts_to_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if g.adv(c.arg) == 0 || !g.advanceable(k) || !g.is_installed(k) {
        return Ok(Then::Done);
    }
    if let Some(x) = g.card_mut(c.arg) {
        x.adv -= 1;
    }
    if let Some(x) = g.card_mut(k) {
        x.adv += 1;
    }
    note(
        ev,
        "advanced",
        format!("{}: 1 advancement counter moves from {} to {}", c.name(), g.corp_public_label(c.arg), g.corp_public_label(k)),
        json!({"from": c.arg, "card": k, "adv": g.adv(k)}),
    );
    Ok(Then::Done)
}

fn hearts_extra_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if !unprotected(g, c.card) || to.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may place 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: you may also place 1 advancement counter on an installed card you can advance", c.name()),
        counter_options(g, &to, "Place nothing"),
    ))
}

// --- Plutus --------------------------------------------------------------------------------------

pub const PLUTUS: &str = "35073";

pub(crate) const PLUTUS_ROW: CardDef = CardDef {
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
};

/// Plutus: the HQ cards its additional rez cost reveals and trashes (instead of a forfeit).
const PLUTUS_HQ_CARDS: u32 = 3;

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
    if cs.len() != PLUTUS_HQ_CARDS as usize || crate::netrunner::effects::corp_available_for(g, crate::netrunner::cards::Spend::Rez(c.card)) < cost {
        return Err(RulesError::Illegal(format!("{} cannot be rezzed so", c.name())));
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    note(ev, "revealed", format!("{}: the Corp reveals {} from HQ and trashes them", c.name(), names.join(", ")), json!({"cards": cs, "source": c.name()}));
    for &k in &cs {
        g.to_archives(k, true);
    }
    crate::netrunner::cards::fire_identity(g, CORP, When::CorpTrashedFromHq, 0, ev);
    rez_by_effect(g, c.card, Some(cost), c.name(), ev);
    Ok(Then::Done)
}
