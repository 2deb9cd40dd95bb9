//! Assets of the NBN faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{ambush_accessed, ambush_ask, ask_with, install_answer, install_from_hq_ask, pay_4, unprotected, yes_no_options};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[BALANCED_COVERAGE_ROW, BEHOLD_ROW, FEDERAL_FUNDRAISING_ROW, IDIOSYNCRESIS_ROW, JK_DUMONT_KINDELAN_ROW, PUBLIC_ACCESS_PLAZA_ROW, SPIN_DOCTOR_ROW];

// --- Balanced Coverage ---------------------------------------------------------------------------

pub const BALANCED_COVERAGE: &str = "34050";

pub(crate) const BALANCED_COVERAGE_ROW: CardDef = CardDef {
    code: BALANCED_COVERAGE,
    name: "Balanced Coverage",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[
        Ask::Own(Prompt { ask: coverage_type_ask, answer: coverage_type_answer }),
        Ask::Own(Prompt { ask: coverage_reveal_ask, answer: coverage_reveal_answer }),
    ],
    ..BLANK
};

const COVERAGE_TYPES: [(CardType, &str); 5] =
    [(CardType::Agenda, "agenda"), (CardType::Asset, "asset"), (CardType::Ice, "ice"), (CardType::Operation, "operation"), (CardType::Upgrade, "upgrade")];

fn coverage_type_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Do not look"), Answer::No)];
    for (i, (_, name)) in COVERAGE_TYPES.iter().enumerate() {
        o.push((opt(format!("type:{name}"), format!("Name {name} and look at the top card of R&D")), Answer::Mode(i as u8)));
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may name a card type and look at the top card of R&D ({})", c.name()),
        format!("{}: you may choose a card type to look at the top card of R&D", c.name()),
        o,
    ))
}

fn coverage_type_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(i) = first(a) else { return Ok(Then::Done) };
    let Some(&(t, name)) = COVERAGE_TYPES.get(usize::from(i)) else { return Ok(Then::Done) };
    let Some(&top) = g.corp.rd.first() else { return Ok(Then::Done) };
    ev.push(Event::with_private(
        "netrunner.looked",
        format!("{}: the Corp names {name} and looks at the top card of R&D", c.name()),
        json!({"seat": CORP, "type": name}),
        vec![CORP],
        format!("{}: the Corp names {name} and looks at the top card of R&D: {}", c.name(), g.label(top)),
        json!({"seat": CORP, "type": name, "card": top, "code": g.code(top)}),
    ));
    if g.def(top).ctype == t {
        ask_with(g, c, 1, top);
    }
    Ok(Then::Done)
}

fn coverage_reveal_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.first() != Some(&c.arg) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may reveal the top card of R&D to gain 2 credits ({})", c.name()),
        format!("{}: {} has the type you named: reveal it and gain 2 credits?", c.name(), g.label(c.arg)),
        yes_no_options("Reveal it and gain 2 credits", "Do not reveal"),
    ))
}

fn coverage_reveal_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        note(ev, "revealed", format!("{}: the Corp reveals {} from the top of R&D", c.name(), g.label(c.arg)), json!({"card": c.arg, "code": g.code(c.arg)}));
        g.gain(CORP, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Behold! -------------------------------------------------------------------------------------

pub const BEHOLD: &str = "34051";

pub(crate) const BEHOLD_ROW: CardDef = CardDef {
    code: BEHOLD,
    name: "Behold!",
    on_access: Effect::Custom(ambush_accessed),
    asks: &[Ask::Own(Prompt { ask: behold_ask, answer: behold_answer })],
    ..BLANK
};

fn behold_ask(g: &Game, c: Ctx) -> Option<Question> {
    ambush_ask(g, c, "give the Runner 2 tags")
}

fn behold_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if pay_4(g, c, a, ev) {
        give_tags(g, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Federal Fundraising -------------------------------------------------------------------------

pub const FEDERAL_FUNDRAISING: &str = "34052";

pub(crate) const FEDERAL_FUNDRAISING_ROW: CardDef = CardDef {
    code: FEDERAL_FUNDRAISING,
    name: "Federal Fundraising",
    // Last pushed first: arrange, then the draw.
    events: &[(When::TurnBegin, Effect::All(&[Effect::Ask(1), Effect::Custom(fundraising_look)]))],
    asks: &[
        Ask::Own(Prompt { ask: fundraising_arrange_ask, answer: fundraising_arrange_answer }),
        Ask::Own(Prompt { ask: fundraising_draw_ask, answer: fundraising_draw_answer }),
    ],
    ..BLANK
};

/// The Corp looks at the top 3 cards of R&D (told to the Corp alone when it is asked), then
/// arranges them.
fn fundraising_look(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    crate::netrunner::cards::ask_later(g, c, 0);
}

/// Federal Fundraising looks at the top 3 cards of R&D.
const FUNDRAISING_LOOK: usize = 3;

fn fundraising_arrange_ask(g: &Game, c: Ctx) -> Option<Question> {
    let n = g.corp.rd.len().min(FUNDRAISING_LOOK);
    arrange_rd_top_ask(g, c, CORP, FUNDRAISING_LOOK, format!("may look at the top {n} card(s) of R&D and arrange them ({})", c.name()))
}

fn fundraising_arrange_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let name = c.name();
    arrange_rd_top_answer(g, c, CORP, FUNDRAISING_LOOK, a, |n| format!("{name}: the Corp looks at the top {n} card(s) of R&D and arranges them"), ev)
}

fn fundraising_draw_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !unprotected(g, c.card) || g.corp.rd.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may draw 1 card ({})", c.name()),
        format!("{}: draw 1 card?", c.name()),
        yes_no_options("Draw 1 card", "Do not draw"),
    ))
}

fn fundraising_draw_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

// --- Idiosyncresis -------------------------------------------------------------------------------

pub const IDIOSYNCRESIS: &str = "35061";

pub(crate) const IDIOSYNCRESIS_ROW: CardDef = CardDef {
    code: IDIOSYNCRESIS,
    name: "Idiosyncresis",
    statics: &[Static::Advanceable],
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: idiosyncresis_ask, answer: idiosyncresis_answer })],
    ..BLANK
};

fn idiosyncresis_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    let n = g.adv(c.card);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash {} ({n} advancement counter(s))", g.label(c.card)),
        format!("{}: trash it to gain {} credits and make the Runner lose {}?", g.label(c.card), 3 * n, 2 * n),
        yes_no_options("Trash it", "Keep it"),
    ))
}

/// Idiosyncresis trashed: 3 credits for the Corp and 2 lost by the Runner per counter it held.
fn idiosyncresis_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        let n = i64::from(g.adv(c.card));
        g.trash(c.card, "the Corp trashed it for its counters", ev);
        g.gain(CORP, 3 * n, c.name(), ev);
        g.lose_credits(RUNNER, 2 * n, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Janaína “JK” Dumont Kindelán ----------------------------------------------------------------

pub const JK_DUMONT_KINDELAN: &str = "34115";

pub(crate) const JK_DUMONT_KINDELAN_ROW: CardDef = CardDef {
    code: JK_DUMONT_KINDELAN,
    name: "Janaína “JK” Dumont Kindelán",
    events: &[(When::TurnBegin, Effect::Load(3))],
    click: Some(Click { offers: Offers::Own(jk_offers), effect: Effect::Custom(jk_to_hq) }),
    asks: &[Ask::Own(Prompt { ask: install_from_hq_ask, answer: install_answer::<false> })],
    ..BLANK
};

/// Hand-written offers, not a `Costed`: its label tells the hosted credits now.
fn jk_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.rezzed(card) {
        vec![(None, format!("{}: add it to HQ and take its {} credit(s)", g.label(card), g.hosted(card)))]
    } else {
        vec![]
    }
}

fn jk_to_hq(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.hosted(c.card);
    g.take_hosted(CORP, c.card, n, ev);
    g.take_corp(c.card);
    if let Some(k) = g.card_mut(c.card) {
        (k.rezzed, k.adv, k.credits, k.power) = (false, 0, 0, 0);
    }
    g.corp.hq.push(c.card);
    note(ev, "to_hq", format!("The Corp adds {} to HQ", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
    ask_later(g, c, 0);
}

// --- Public Access Plaza -------------------------------------------------------------------------

pub const PUBLIC_ACCESS_PLAZA: &str = "35062";

pub(crate) const PUBLIC_ACCESS_PLAZA_ROW: CardDef = CardDef {
    code: PUBLIC_ACCESS_PLAZA,
    name: "Public Access Plaza",
    events: &[(When::TurnBegin, Effect::Gain(CORP, 1)), (When::TrashedByRunner, Effect::Custom(plaza_trashed))],
    ..BLANK
};

/// Public Access Plaza, trashed by the Runner while rezzed, at threat 2: 1 tag.
fn plaza_trashed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 1 && threat(g, 2) {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Spin Doctor ---------------------------------------------------------------------------------

pub const SPIN_DOCTOR: &str = "30053";

pub(crate) const SPIN_DOCTOR_ROW: CardDef = CardDef {
    code: SPIN_DOCTOR,
    name: "Spin Doctor",
    on_rez: Effect::Draw(CORP, 2),
    paid: Some(PaidAbility { offers: Offers::Own(spin_doctor_offers), effect: Effect::Custom(spin_doctor) }),
    asks: &[Ask::ArchivesToRd(2)],
    ..BLANK
};

/// Hand-written offers, not a `Costed`: its cost (removing it from the game) is not a `Cost` yet.
fn spin_doctor_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if !g.rezzed(card) {
        return vec![];
    }
    vec![(format!("spin-doctor:{card}"), format!("{}: remove it from the game to shuffle up to 2 cards from Archives into R&D", g.label(card)), 0)]
}

/// Spin Doctor's paid ability: remove it from the game to shuffle up to 2 from Archives into R&D.
fn spin_doctor(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.take_corp(c.card);
    note(ev, "removed_from_game", format!("{} is removed from the game", g.label(c.card)), json!({"card": c.card}));
    ask_later(g, c, 0);
}
