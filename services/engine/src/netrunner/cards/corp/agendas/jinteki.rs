//! Agendas of the Jinteki faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{agenda_count, counter_options, pick_one_of};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[FUJII_ASSET_RETRIEVAL_ROW, LONGEVITY_SERUM_ROW, PROPRIONEGATION_ROW, SEE_HOW_THEY_RUN_ROW, SERICULTURE_EXPANSION_ROW, SISYPHUS_PROTOCOL_ROW];

// --- Fujii Asset Retrieval -----------------------------------------------------------------------

pub const FUJII_ASSET_RETRIEVAL: &str = "34040";

pub(crate) const FUJII_ASSET_RETRIEVAL_ROW: CardDef =
    CardDef { code: FUJII_ASSET_RETRIEVAL, name: "Fujii Asset Retrieval", on_score: Effect::NetDamage(2), on_steal: Effect::NetDamage(2), ..BLANK };

// --- Longevity Serum -----------------------------------------------------------------------------

pub const LONGEVITY_SERUM: &str = "30044";

pub(crate) const LONGEVITY_SERUM_ROW: CardDef = CardDef {
    code: LONGEVITY_SERUM,
    name: "Longevity Serum",
    // Last pushed first: trash from HQ, then Archives into R&D.
    on_score: Effect::All(&[Effect::Ask(1), Effect::Ask(0)]),
    asks: &[Ask::Own(Prompt { ask: longevity_ask, answer: longevity_answer }), Ask::ArchivesToRd(3)],
    ..BLANK
};

/// Longevity Serum's first question: trash any cards from HQ (then up to 3 from Archives go
/// into R&D, its second).
fn longevity_ask(g: &Game, _: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let n = g.corp.hq.len() as u32;
    let o = card_options(g, "card", &g.corp.hq);
    Some(
        pick_one_of(CORP, "longevity_serum", "trashes any number of cards from HQ (Longevity Serum)", "Longevity Serum: trash any number of cards from HQ", o)
            .range(0, n),
    )
}

fn longevity_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    trash_from_hq(g, picked(a), ev);
    Ok(Then::Done)
}

// --- Proprionegation -----------------------------------------------------------------------------

pub const PROPRIONEGATION: &str = "35048";

pub(crate) const PROPRIONEGATION_ROW: CardDef = CardDef {
    code: PROPRIONEGATION,
    name: "Proprionegation",
    on_score: Effect::Custom(proprionegation_scored),
    paid: Some(PaidAbility {
        offers: Offers::Costed(Costed {
            id: "proprionegation",
            cost: Cost::Counters(Counter::Agenda, 1),
            usable: |g, card| g.corp.score.contains(&card) && g.run.as_ref().is_some_and(|r| !r.stop && r.moved_to.is_none()),
            text: "spend its agenda counter: the Runner moves to the outermost position of Archives",
        }),
        effect: Effect::Custom(proprionegation_move),
    }),
    ..BLANK
};

fn proprionegation_scored(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 1, c.name(), ev);
}

fn proprionegation_move(g: &mut Game, _: Ctx, _: &mut Vec<Event>) {
    move_runner(g, ARCHIVES);
}

// --- See How They Run ----------------------------------------------------------------------------

pub const SEE_HOW_THEY_RUN: &str = "34105";

pub(crate) const SEE_HOW_THEY_RUN_ROW: CardDef = CardDef {
    code: SEE_HOW_THEY_RUN,
    name: "See How They Run",
    on_score: Effect::All(&[Effect::Tags(1), Effect::Ask(0)]),
    asks: &[Ask::Psi(see_how_they_run_psi)],
    ..BLANK
};

/// The bids differ: 1 core damage; they match: 1 net damage.
fn see_how_they_run_psi(g: &mut Game, c: Ctx, matched: bool, _: &mut Vec<Event>) {
    let kind = if matched { DamageKind::Net } else { DamageKind::Core };
    damage(g, kind, 1, c.name(), false);
}

// --- Sericulture Expansion -----------------------------------------------------------------------

pub const SERICULTURE_EXPANSION: &str = "35049";

pub(crate) const SERICULTURE_EXPANSION_ROW: CardDef = CardDef {
    code: SERICULTURE_EXPANSION,
    name: "Sericulture Expansion",
    statics: &[Static::Dividends(1)],
    events: &[(When::CorpDiscarded, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: sericulture_ask, answer: sericulture_answer })],
    ..BLANK
};

fn sericulture_ask(g: &Game, c: Ctx) -> Option<Question> {
    let installed = g.installed_corp();
    if agenda_count(g, c.card) == 0 || installed.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may spend an agenda counter to place 2 advancement counters on an installed card ({})", c.name()),
        format!("{}: you may remove 1 agenda counter to place 2 advancement counters on an installed card (it cannot be scored this turn)", c.name()),
        counter_options(g, &installed, "Do nothing"),
    ))
}

fn sericulture_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if agenda_count(g, c.card) > 0 && g.is_installed(k) {
        agenda_counters(g, c.card, -1, c.name(), ev);
        place_adv(g, k, 2, c.name(), ev);
        g.flags.no_score.push(k);
    }
    Ok(Then::Done)
}

// --- Sisyphus Protocol ---------------------------------------------------------------------------

pub const SISYPHUS_PROTOCOL: &str = "34106";

pub(crate) const SISYPHUS_PROTOCOL_ROW: CardDef = CardDef {
    code: SISYPHUS_PROTOCOL,
    name: "Sisyphus Protocol",
    events: &[(When::CorpPassedIce, Effect::Custom(sisyphus_passed))],
    asks: &[Ask::Own(Prompt { ask: sisyphus_ask, answer: sisyphus_answer })],
    ..BLANK
};

/// The first time each turn the Runner passes a rezzed code gate or sentry (`arg`).
fn sisyphus_passed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let ice = c.arg;
    let gate_or_sentry = g.ice_has_subtype(ice, "Code Gate") || g.ice_has_subtype(ice, "Sentry");
    if gate_or_sentry && g.flags.passed_gate_or_sentry == 1 && g.run.as_ref().is_some_and(|r| !r.stop) {
        ask_later(g, c, 0);
    }
}

fn sisyphus_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = Vec::new();
    if g.corp.credits >= 1 {
        o.push((opt("pay", "Pay 1 credit"), Answer::Yes));
    }
    for (d, a) in card_options(g, "trash", &g.corp.hq) {
        let label = format!("Trash {} from HQ", d.label);
        o.push((opt(d.id, label), a));
    }
    if o.is_empty() {
        return None;
    }
    o.push((opt("no", "Do nothing"), Answer::No));
    let ice = g.label(c.arg);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 1 credit or trash 1 card from HQ to make the Runner encounter {ice} again ({})", c.name()),
        format!("{}: pay 1 credit or trash 1 card from HQ: the Runner encounters {ice} again", c.name()),
        o,
    ))
}

fn sisyphus_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Yes => {
            if !g.corp_pay(1) {
                return Ok(Then::Done);
            }
            note(ev, "paid", format!("{}: the Corp pays 1 credit", c.name()), json!({"seat": CORP, "credits": 1}));
        }
        Answer::Card(_) => trash_from_hq(g, picked(a), ev),
        _ => return Ok(Then::Done),
    }
    if let Some(r) = g.run.as_mut() {
        r.encounter_again = Some(c.arg);
    }
    Ok(Then::Done)
}
