//! Assets without a faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{corp_may_install, install_answer};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[B_1001_ROW, REGOLITH_MINING_LICENSE_ROW, THE_POWERS_THAT_BE_ROW];

// --- B-1001 --------------------------------------------------------------------------------------

pub const B_1001: &str = "34065";

pub(crate) const B_1001_ROW: CardDef = CardDef {
    code: B_1001,
    name: "B-1001",
    paid: Some(PaidAbility {
        offers: Offers::Costed(Costed {
            id: "b1001",
            cost: Cost::RemoveTag,
            usable: |g, card| match g.corp_zone(card) {
                CorpZone::Root(here) => g.rezzed(card) && g.run.as_ref().is_some_and(|r| !r.stop && r.server != here),
                _ => false,
            },
            text: "remove 1 tag to end the run",
        }),
        effect: Effect::EndTheRun,
    }),
    ..BLANK
};

// --- Regolith Mining License ---------------------------------------------------------------------

pub const REGOLITH_MINING_LICENSE: &str = "30071";

pub(crate) const REGOLITH_MINING_LICENSE_ROW: CardDef = CardDef {
    code: REGOLITH_MINING_LICENSE,
    name: "Regolith Mining License",
    on_rez: Effect::Load(15),
    click: Some(Click {
        offers: Offers::Costed(Costed { id: "", cost: Cost::Free, usable: |g, card| g.rezzed(card) && g.hosted(card) > 0, text: "take 3 credits" }),
        effect: Effect::Custom(regolith),
    }),
    ..BLANK
};

fn regolith(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    crate::netrunner::effects::take_or_trash(g, CORP, c.card, 3, "Regolith Mining License is empty", ev);
}

// --- The Powers That Be --------------------------------------------------------------------------

pub const THE_POWERS_THAT_BE: &str = "34130";

pub(crate) const THE_POWERS_THAT_BE_ROW: CardDef = CardDef {
    code: THE_POWERS_THAT_BE,
    name: "The Powers That Be",
    events: &[(When::CorpScores, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: powers_that_be_ask, answer: install_answer::<true> })],
    ..BLANK
};

fn powers_that_be_ask(g: &Game, c: Ctx) -> Option<Question> {
    let from: Vec<u32> = g.corp.hq.iter().chain(g.corp.archives.iter()).copied().collect();
    corp_may_install(
        corp_install_options(g, &from, false, true),
        format!("may install a card from HQ or Archives, ignoring all costs ({})", g.label(c.card)),
        format!("{}: you may install 1 card from HQ or Archives, ignoring all costs", g.label(c.card)),
    )
}
