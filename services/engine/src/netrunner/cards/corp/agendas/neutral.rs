//! Agendas without a faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::pick_one_of;
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[OFFWORLD_OFFICE_ROW, ORBITAL_SUPERIORITY_ROW, SEND_A_MESSAGE_ROW, SUPERCONDUCTING_HUB_ROW];

// --- Offworld Office -----------------------------------------------------------------------------

pub const OFFWORLD_OFFICE: &str = "30067";

pub(crate) const OFFWORLD_OFFICE_ROW: CardDef = CardDef { code: OFFWORLD_OFFICE, name: "Offworld Office", on_score: Effect::Gain(CORP, 7), ..BLANK };

// --- Orbital Superiority -------------------------------------------------------------------------

pub const ORBITAL_SUPERIORITY: &str = "30068";

pub(crate) const ORBITAL_SUPERIORITY_ROW: CardDef =
    CardDef { code: ORBITAL_SUPERIORITY, name: "Orbital Superiority", on_score: Effect::Custom(orbital_superiority), ..BLANK };

/// Orbital Superiority: 4 meat damage to a tagged Runner, else a tag.
fn orbital_superiority(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        damage(g, DamageKind::Meat, 4, c.name(), false);
    } else {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Send a Message ------------------------------------------------------------------------------

pub const SEND_A_MESSAGE: &str = "30069";

pub(crate) const SEND_A_MESSAGE_ROW: CardDef = CardDef {
    code: SEND_A_MESSAGE,
    name: "Send a Message",
    on_score: Effect::Ask(0),
    on_steal: Effect::Ask(0),
    asks: &[Ask::Own(Prompt { ask: send_a_message_ask, answer: send_a_message_answer })],
    ..BLANK
};

fn send_a_message_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Rez nothing"), Answer::No)];
    for c in g.installed_corp() {
        if g.def(c).ctype == CardType::Ice && !g.rezzed(c) {
            o.push((opt(format!("rez:{c}"), format!("Rez {} for free", g.label(c))), Answer::Card(c)));
        }
    }
    if o.len() <= 1 {
        return None;
    }
    Some(pick_one_of(CORP, "send_a_message", "may rez an installed ice for free (Send a Message)", "Send a Message: you may rez an installed ice for free", o))
}

fn send_a_message_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(c) = first(a) {
        let text = format!("Send a Message: the Corp rezzes {} for free", g.label(c));
        crate::netrunner::effects::rez_ignoring_costs(g, c, text, ev);
    }
    Ok(Then::Done)
}

// --- Superconducting Hub -------------------------------------------------------------------------

pub const SUPERCONDUCTING_HUB: &str = "30070";

pub(crate) const SUPERCONDUCTING_HUB_ROW: CardDef = CardDef {
    code: SUPERCONDUCTING_HUB,
    name: "Superconducting Hub",
    on_score: Effect::Ask(0),
    statics: &[Static::MaxHand(2)],
    asks: &[Ask::Own(Prompt { ask: hub_ask, answer: hub_answer })],
    ..BLANK
};

fn hub_ask(_: &Game, _: Ctx) -> Option<Question> {
    let o = vec![(opt("draw", "Draw 2 cards"), Answer::Yes), (opt("none", "Do not draw"), Answer::No)];
    Some(pick_one_of(CORP, "superconducting_hub", "may draw 2 cards (Superconducting Hub)", "Superconducting Hub: draw 2 cards?", o))
}

fn hub_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 2, ev);
    }
    Ok(Then::Done)
}
