//! Ice without a faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{trash_ice_in_run, ETR};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[FLYSWATTER_ROW, LAMPLIGHTER_ROW, PALISADE_ROW, TITHE_ROW, WHITESPACE_ROW];

// --- Flyswatter ----------------------------------------------------------------------------------

pub const FLYSWATTER: &str = "35079";

pub(crate) const FLYSWATTER_ROW: CardDef = CardDef { code: FLYSWATTER, name: "Flyswatter", on_rez: Effect::Custom(flyswatter), subroutines: &[ETR], ..BLANK };

/// Flyswatter rezzed during a run against its server: every virus counter is purged (NR-3.2).
fn flyswatter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let here = match g.corp_zone(c.card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here {
        purge(g);
        note(ev, "purged", format!("{}: virus counters are purged", c.name()), json!({"source": c.name()}));
        crate::netrunner::effects::purged(g, ev);
    }
}

// --- Lamplighter ---------------------------------------------------------------------------------

pub const LAMPLIGHTER: &str = "35080";

pub(crate) const LAMPLIGHTER_ROW: CardDef = CardDef {
    code: LAMPLIGHTER,
    name: "Lamplighter",
    events: &[(When::AgendaLeftServer, Effect::Custom(lamplighter_trashed))],
    subroutines: &[
        Sub { text: "give the Runner 1 tag unless they pay 3 credits", effect: Effect::Ask(0) },
        Sub { text: "end the run if the Runner is tagged", effect: Effect::Custom(lamplighter_end) },
    ],
    asks: &[Ask::Own(Prompt { ask: lamplighter_ask, answer: lamplighter_answer })],
    ..BLANK
};

/// Lamplighter is trashed when an agenda is scored or stolen from its server.
fn lamplighter_trashed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if matches!(g.corp_zone(c.card), CorpZone::Ice(_)) {
        trash_ice_in_run(g, c.card, "an agenda left its server", ev);
    }
}

fn lamplighter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("tag", "Take 1 tag"), Answer::No)];
    if g.runner_available() >= 3 {
        o.insert(0, (opt("pay", "Pay 3 credits"), Answer::Yes));
    }
    Some(Question::one(RUNNER, CARD_KIND, format!("pays 3 credits or takes 1 tag ({})", c.name()), format!("{}: pay 3 credits or take 1 tag", c.name()), o))
}

fn lamplighter_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner_pay(3) {
        note(ev, "paid", format!("The Runner pays 3 credits for {}", c.name()), json!({"cost": 3, "source": c.name()}));
    } else {
        give_tags(g, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

fn lamplighter_end(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        end_the_run(g, c.name(), ev);
    }
}

// --- Palisade ------------------------------------------------------------------------------------

pub const PALISADE: &str = "30072";

pub(crate) const PALISADE_ROW: CardDef =
    CardDef { code: PALISADE, name: "Palisade", subroutines: &[ETR], statics: &[Static::IceStrength(palisade_strength)], ..BLANK };

fn palisade_strength(g: &Game, ice: u32) -> i64 {
    if g.on_remote(ice) {
        2
    } else {
        0
    }
}

// --- Tithe ---------------------------------------------------------------------------------------

pub const TITHE: &str = "30073";

pub(crate) const TITHE_ROW: CardDef = CardDef {
    code: TITHE,
    name: "Tithe",
    subroutines: &[Sub { text: "1 net damage", effect: Effect::NetDamage(1) }, Sub { text: "the Corp gains 1 credit", effect: Effect::Gain(CORP, 1) }],
    ..BLANK
};

// --- Whitespace ----------------------------------------------------------------------------------

pub const WHITESPACE: &str = "30074";

pub(crate) const WHITESPACE_ROW: CardDef = CardDef {
    code: WHITESPACE,
    name: "Whitespace",
    subroutines: &[
        Sub { text: "the Runner loses 3 credits", effect: Effect::Lose(RUNNER, 3) },
        Sub { text: "end the run if the Runner has 6 credits or less", effect: Effect::Custom(whitespace) },
    ],
    ..BLANK
};

fn whitespace(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.credits <= 6 {
        end_the_run(g, c.name(), ev);
    }
}
