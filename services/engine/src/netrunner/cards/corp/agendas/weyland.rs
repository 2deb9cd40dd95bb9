//! Agendas of the Weyland Consortium faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    advanceable_installed, agenda_count, archives_to_hq_answer, ask_with, discounted_install_options, found_install_ask, install_answer, install_then_rez,
    installable, rez_with_total_discount, set_aside_found,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[ABOVE_THE_LAW_ROW, EMINENT_DOMAIN_ROW, GREENMAIL_ROW, OFF_THE_BOOKS_ROW, SLASH_AND_BURN_AGRICULTURE_ROW, THE_BASALT_SPIRE_ROW];

// --- Above the Law -------------------------------------------------------------------------------

pub const ABOVE_THE_LAW: &str = "30060";

pub(crate) const ABOVE_THE_LAW_ROW: CardDef = CardDef {
    code: ABOVE_THE_LAW,
    name: "Above the Law",
    on_score: Effect::Custom(above_the_law),
    asks: &[Ask::CorpTrashes { kind: TrashKind::Resource, or_end: false, optional: true }],
    ..BLANK
};

fn above_the_law(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.runner.resources.is_empty() {
        ask_later(g, c, 0);
    }
}

// --- Eminent Domain ------------------------------------------------------------------------------

pub const EMINENT_DOMAIN: &str = "34122";

pub(crate) const EMINENT_DOMAIN_ROW: CardDef = CardDef {
    code: EMINENT_DOMAIN,
    name: "Eminent Domain",
    click: Some(Click { offers: Offers::Costed(Costed { id: "", cost: Cost::Expend, usable: |_, _| true, text: "" }), effect: Effect::Custom(eminent_expend) }),
    on_score: Effect::Ask(1),
    asks: &[
        Ask::Own(Prompt { ask: eminent_hq_ask, answer: eminent_hq_answer }),
        Ask::Own(Prompt { ask: eminent_search_ask, answer: eminent_search_answer }),
        Ask::Own(Prompt { ask: found_install_ask::<0>, answer: eminent_found_answer }),
        Ask::Do(rez_5_less),
        Ask::Do(rez_ignoring_costs),
    ],
    ..BLANK
};

fn rez_5_less(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    rez_with_total_discount(g, c, 5, ev);
}

fn rez_ignoring_costs(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if matches!(g.def(c.arg).ctype, CardType::Ice | CardType::Asset | CardType::Upgrade) {
        crate::netrunner::effects::rez_free(g, c.arg, c.name(), ev);
    }
}

fn eminent_expend(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
}

fn eminent_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hq = g.corp.hq.clone();
    let o = discounted_install_options(g, &hq, 5);
    if o.is_empty() {
        return None;
    }
    let mut all = vec![(opt("none", "Install nothing"), Answer::No)];
    all.extend(o);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("installs and rezzes a card from HQ, paying 5 less ({})", c.name()),
        format!("{}: install and rez 1 card from HQ, paying a total of 5 less", c.name()),
        all,
    ))
}

fn eminent_hq_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if g.corp.hq.contains(&card) => Ok(install_then_rez(g, c, card, server, 5, 3)),
        _ => Ok(Then::Done),
    }
}

fn eminent_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        installable,
        format!("may search R&D for a card to install and rez ({})", c.name()),
        format!("{}: you may search R&D for 1 card to install and rez, ignoring all costs", c.name()),
    ))
}

fn eminent_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, installable, a, |l| format!("{}: the Corp searches R&D and reveals {l}", c.name()), ev)? {
        let can = !corp_install_options(g, &[k], false, true).is_empty();
        set_aside_found(g, c, k, can, 2);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn eminent_found_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if card == c.arg => {
            ask_later(g, c, 4);
            Ok(Then::InstallCorpFree { card, server })
        }
        _ => Err(RulesError::Illegal("install the card found".into())),
    }
}

// --- Greenmail -----------------------------------------------------------------------------------

pub const GREENMAIL: &str = "35070";

pub(crate) const GREENMAIL_ROW: CardDef =
    CardDef { code: GREENMAIL, name: "Greenmail", on_score: Effect::Gain(CORP, 2), events: &[(When::Forfeited, Effect::Gain(CORP, 4))], ..BLANK };

// --- Off the Books -------------------------------------------------------------------------------

pub const OFF_THE_BOOKS: &str = "35071";

pub(crate) const OFF_THE_BOOKS_ROW: CardDef = CardDef {
    code: OFF_THE_BOOKS,
    name: "Off the Books",
    statics: &[Static::Dividends(1)],
    events: &[(When::CorpDiscarded, Effect::Ask(0))],
    asks: &[
        Ask::Own(Prompt { ask: off_the_books_ask, answer: off_the_books_answer }),
        Ask::Own(Prompt { ask: off_the_books_install_ask, answer: install_answer::<true> }),
    ],
    ..BLANK
};

/// Off the Books: an agenda counter to search R&D for a card (revealed), installed ignoring
/// all costs or added to HQ (where it waits for that choice while R&D is shuffled).
fn off_the_books_ask(g: &Game, c: Ctx) -> Option<Question> {
    if agenda_count(g, c.card) == 0 || g.corp.rd.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    o.extend(card_options(g, "search", &g.corp.rd));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may spend an agenda counter to search R&D for a card ({})", c.name()),
        format!("{}: you may remove 1 agenda counter to search R&D for 1 card", c.name()),
        o,
    ))
}

fn off_the_books_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if agenda_count(g, c.card) == 0 || !g.corp.rd.contains(&k) {
        return Ok(Then::Done);
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    g.corp.rd.retain(|&x| x != k);
    g.corp.hq.push(k);
    note(ev, "revealed", format!("{}: the Corp searches R&D and reveals {}", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    ask_with(g, c, 1, k);
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn off_the_books_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.hq.contains(&c.arg) {
        return None;
    }
    let mut o = vec![(opt("none", "Add it to HQ"), Answer::No)];
    o.extend(corp_install_options(g, &[c.arg], false, true));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install {} ignoring all costs, or add it to HQ ({})", g.label(c.arg), c.name()),
        format!("{}: install {} ignoring all costs, or add it to HQ", c.name(), g.label(c.arg)),
        o,
    ))
}

// --- Slash and Burn Agriculture ------------------------------------------------------------------

pub const SLASH_AND_BURN_AGRICULTURE: &str = "34057";

pub(crate) const SLASH_AND_BURN_AGRICULTURE_ROW: CardDef = CardDef {
    code: SLASH_AND_BURN_AGRICULTURE,
    name: "Slash and Burn Agriculture",
    click: Some(Click { offers: Offers::Costed(Costed { id: "", cost: Cost::Expend, usable: |_, _| true, text: "" }), effect: Effect::Custom(slash_and_burn) }),
    asks: &[Ask::Own(Prompt { ask: slash_and_burn_ask, answer: slash_and_burn_answer })],
    ..BLANK
};

fn slash_and_burn(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
}

fn slash_and_burn_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if to.is_empty() {
        return None;
    }
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 2 advancement counters on an installed card ({})", c.name()),
        format!("{}: place 2 advancement counters on an installed card you can advance", c.name()),
        o,
    ))
}

fn slash_and_burn_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.advanceable(k) {
            place_adv(g, k, 2, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

// --- The Basalt Spire ----------------------------------------------------------------------------

pub const THE_BASALT_SPIRE: &str = "34123";

pub(crate) const THE_BASALT_SPIRE_ROW: CardDef = CardDef {
    code: THE_BASALT_SPIRE,
    name: "The Basalt Spire",
    on_score: Effect::Custom(two_agenda_counters),
    on_steal: Effect::Ask(0),
    paid: Some(PaidAbility { offers: Offers::Own(basalt_offers), effect: Effect::Custom(basalt_spire) }),
    asks: &[Ask::Own(Prompt { ask: archives_to_hq_ask, answer: archives_to_hq_answer })],
    ..BLANK
};

fn two_agenda_counters(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 2, c.name(), ev);
}

/// The Basalt Spire, once per turn from the Corp's score area: an agenda counter and the top
/// card of R&D (trashed) for a card from Archives to HQ.
/// Hand-written offers, not a `Costed`: part of its cost (trashing the top card of R&D) is not a `Cost` yet.
fn basalt_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let ok = g.corp.score.contains(&card) && agenda_count(g, card) > 0 && !g.corp.rd.is_empty() && !g.flags.used_cards.contains(&card);
    if ok {
        vec![(
            format!("basalt:{card}"),
            format!("{}: spend an agenda counter and trash the top card of R&D to add a card from Archives to HQ", g.label(card)),
            0,
        )]
    } else {
        vec![]
    }
}

fn basalt_spire(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if agenda_count(g, c.card) == 0 || g.corp.rd.is_empty() || g.flags.used_cards.contains(&c.card) {
        return;
    }
    g.flags.used_cards.push(c.card);
    agenda_counters(g, c.card, -1, c.name(), ev);
    let top = g.corp.rd[0];
    crate::netrunner::effects::trash_from_rd(g, &[top], c.name(), ev);
    ask_later(g, c, 0);
}

fn archives_to_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.archives.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Add nothing"), Answer::No)];
    o.extend(card_options(g, "take", &g.corp.archives));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add 1 card from Archives to HQ ({})", c.name()),
        format!("{}: you may add 1 card from Archives to HQ", c.name()),
        o,
    ))
}
