//! Ice of the NBN faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{run_going, ETR};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[CAPACITOR_ROW, DOOMSCROLL_ROW, FUNHOUSE_ROW, N_POT_ROW, PING_ROW, PIRANHAS_ROW, SERAPH_ROW, STARLIT_KNIGHT_ROW, VIRTUAL_SERVICE_AGENT_ROW];

// --- Capacitor -----------------------------------------------------------------------------------

pub const CAPACITOR: &str = "34116";

pub(crate) const CAPACITOR_ROW: CardDef = CardDef {
    code: CAPACITOR,
    name: "Capacitor",
    statics: &[Static::IceStrength(capacitor_strength)],
    subroutines: &[Sub { text: "the Corp gains 1 credit per tag of the Runner", effect: Effect::Custom(capacitor) }, ETR],
    ..BLANK
};

fn capacitor_strength(g: &Game, _: u32) -> i64 {
    if g.tagged() {
        2
    } else {
        0
    }
}

fn capacitor(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.runner.tags;
    g.gain(CORP, n, c.name(), ev);
}

// --- Doomscroll ----------------------------------------------------------------------------------

pub const DOOMSCROLL: &str = "35063";

pub(crate) const DOOMSCROLL_ROW: CardDef = CardDef {
    code: DOOMSCROLL,
    name: "Doomscroll",
    subroutines: &[
        Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
        Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
        Sub { text: "2 net damage if the Runner has 2 tags or more", effect: Effect::Custom(doomscroll) },
    ],
    ..BLANK
};

fn doomscroll(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.runner.tags >= 2 {
        damage(g, DamageKind::Net, 2, c.name(), false);
    }
}

// --- Funhouse ------------------------------------------------------------------------------------

pub const FUNHOUSE: &str = "30054";

pub(crate) const FUNHOUSE_ROW: CardDef = CardDef {
    code: FUNHOUSE,
    name: "Funhouse",
    events: &[(When::Encounter, Effect::Ask(0))],
    subroutines: &[Sub { text: "a tag unless the Runner pays 4 credits", effect: Effect::Ask(1) }],
    asks: &[Ask::Own(Prompt { ask: funhouse_ask, answer: funhouse_answer }), Ask::PayOrTag(4)],
    ..BLANK
};

/// Funhouse on encounter: a tag or the run ends (its subroutine, the second question: a tag
/// unless the Runner pays 4).
fn funhouse_ask(g: &Game, _: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let o = vec![(opt("tag", "Take 1 tag"), Answer::Yes), (opt("end", "Let the run end"), Answer::No)];
    Some(Question::one(RUNNER, "funhouse", "takes 1 tag or lets the run end (Funhouse)", "Funhouse: take 1 tag or the run ends", o))
}

fn funhouse_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        give_tags(g, 1, c.name(), ev);
    } else {
        end_the_run(g, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- N-Pot ---------------------------------------------------------------------------------------

pub const N_POT: &str = "35064";

pub(crate) const N_POT_ROW: CardDef = CardDef {
    code: N_POT,
    name: "N-Pot",
    statics: &[Static::RunnerBreaksFor(3)],
    subroutines: &[
        ETR,
        Sub { text: "end the run if the threat level is 2 or more", effect: Effect::Custom(etr_at_threat_2) },
        Sub { text: "end the run if the threat level is 4 or more", effect: Effect::Custom(etr_at_threat_4) },
    ],
    ..BLANK
};

/// N-Pot's conditional subroutines: the threat level (CR 1.17.1.a) is the higher score.
fn etr_at_threat_2(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 2) {
        end_the_run(g, c.name(), ev);
    }
}

fn etr_at_threat_4(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) {
        end_the_run(g, c.name(), ev);
    }
}

// --- Ping ----------------------------------------------------------------------------------------

pub const PING: &str = "30055";

pub(crate) const PING_ROW: CardDef = CardDef { code: PING, name: "Ping", on_rez: Effect::Custom(ping), subroutines: &[ETR], ..BLANK };

/// Ping: rezzed during a run against its server, the Runner takes a tag.
fn ping(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let here = match g.corp_zone(c.card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Piranhas ------------------------------------------------------------------------------------

pub const PIRANHAS: &str = "34117";

pub(crate) const PIRANHAS_ROW: CardDef = CardDef {
    code: PIRANHAS,
    name: "Piranhas",
    statics: &[Static::RezBadPublicityOrTag],
    subroutines: &[
        Sub { text: "the Corp may draw 1 card", effect: Effect::Ask(0) },
        Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
        Sub { text: "end the run if HQ holds more cards than the grip", effect: Effect::Custom(piranhas) },
    ],
    asks: &[Ask::Own(Prompt { ask: piranhas_ask, answer: piranhas_answer })],
    ..BLANK
};

fn piranhas_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may draw 1 card ({})", c.name()),
        format!("{}: draw 1 card?", c.name()),
        vec![(opt("yes", "Draw 1 card"), Answer::Yes), (opt("no", "Do not draw"), Answer::No)],
    ))
}

fn piranhas_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

fn piranhas(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.hq.len() > g.runner.grip.len() {
        end_the_run(g, c.name(), ev);
    }
}

// --- Seraph --------------------------------------------------------------------------------------

pub const SERAPH: &str = "34118";

pub(crate) const SERAPH_ROW: CardDef = CardDef {
    code: SERAPH,
    name: "Seraph",
    events: &[(When::Encounter, Effect::Ask(0))],
    subroutines: &[
        Sub { text: "the Runner loses 3 credits", effect: Effect::Lose(RUNNER, 3) },
        Sub { text: "2 net damage", effect: Effect::NetDamage(2) },
        Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
    ],
    asks: &[Ask::Own(Prompt { ask: seraph_ask, answer: seraph_answer })],
    ..BLANK
};

fn seraph_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let o = vec![
        (opt("credits", "Lose 3 credits"), Answer::Mode(0)),
        (opt("damage", "Suffer 2 net damage"), Answer::Mode(1)),
        (opt("tag", "Take 1 tag"), Answer::Mode(2)),
    ];
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("loses 3 credits, suffers 2 net damage or takes 1 tag ({})", c.name()),
        format!("{}: lose 3 credits unless you suffer 2 net damage or take 1 tag", c.name()),
        o,
    ))
}

fn seraph_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Mode(1) => damage(g, DamageKind::Net, 2, c.name(), false),
        Answer::Mode(2) => give_tags(g, 1, c.name(), ev),
        _ => g.lose_credits(RUNNER, 3, c.name(), ev),
    }
    Ok(Then::Done)
}

// --- Starlit Knight ------------------------------------------------------------------------------

pub const STARLIT_KNIGHT: &str = "34053";

pub(crate) const STARLIT_KNIGHT_ROW: CardDef = CardDef {
    code: STARLIT_KNIGHT,
    name: "Starlit Knight",
    events: &[(When::Encounter, Effect::Custom(starlit_knight))],
    subroutines: &[Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) }, Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) }],
    grants: &[ETR],
    ..BLANK
};

/// Threat 4: encountered, it gains one "end the run" per tag of the Runner for the run.
fn starlit_knight(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) {
        let x = g.runner.tags.max(0) as u32;
        gain_subroutines(g, c.card, STARLIT_KNIGHT, 0, x, ev);
    }
}

// --- Virtual Service Agent -----------------------------------------------------------------------

pub const VIRTUAL_SERVICE_AGENT: &str = "34054";

pub(crate) const VIRTUAL_SERVICE_AGENT_ROW: CardDef = CardDef {
    code: VIRTUAL_SERVICE_AGENT,
    name: "Virtual Service Agent",
    events: &[(When::PassIce, Effect::Custom(virtual_service_agent))],
    subroutines: &[Sub { text: "the Runner loses 1 credit", effect: Effect::Lose(RUNNER, 1) }],
    ..BLANK
};

/// Passed after an encounter: 1 tag unless a decoder broke its printed subroutine.
fn virtual_service_agent(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !broke_with(g, 0, "Decoder") {
        give_tags(g, 1, c.name(), ev);
    }
}
