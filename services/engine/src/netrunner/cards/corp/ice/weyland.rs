//! Ice of the Weyland Consortium faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{corp_trashes, run_going, ETR};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[BALLISTA_ROW, BIAWAK_ROW, DESCENT_ROW, HAMMER_ROW, KESSLEROID_ROW, LOGJAM_ROW, PHAROS_ROW, SYAILENDRA_ROW, TREE_LINE_ROW, VALENTAO_ROW];

// --- Ballista ------------------------------------------------------------------------------------

pub const BALLISTA: &str = "30062";

pub(crate) const BALLISTA_ROW: CardDef = CardDef {
    code: BALLISTA,
    name: "Ballista",
    subroutines: &[Sub { text: "trash 1 installed program or end the run", effect: Effect::Ask(0) }],
    asks: &[Ask::CorpTrashes { kind: TrashKind::Program, or_end: true, optional: false }],
    ..BLANK
};

// --- Biawak --------------------------------------------------------------------------------------

pub const BIAWAK: &str = "35074";

pub(crate) const BIAWAK_ROW: CardDef = CardDef {
    code: BIAWAK,
    name: "Biawak",
    statics: &[Static::ForfeitPaysRez(10)],
    subroutines: &[
        Sub { text: "trash 1 installed program or end the run", effect: Effect::Ask(0) },
        Sub { text: "trash 1 installed resource or end the run", effect: Effect::Ask(1) },
        ETR,
    ],
    asks: &[Ask::Own(Prompt { ask: biawak_program_ask, answer: biawak_answer }), Ask::Own(Prompt { ask: biawak_resource_ask, answer: biawak_answer })],
    ..BLANK
};

/// Biawak's first two subroutines: the Corp trashes one of `targets` or ends the run.
fn trash_or_end_ask(g: &Game, c: Ctx, targets: &[u32], what: &str) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let mut o = card_options(g, "trash", targets);
    o.push((opt("end", "End the run"), Answer::Yes));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("trashes an installed {what} or ends the run ({})", c.name()),
        format!("{}: trash 1 installed {what} or end the run", c.name()),
        o,
    ))
}

fn biawak_program_ask(g: &Game, c: Ctx) -> Option<Question> {
    trash_or_end_ask(g, c, &g.runner.programs, "program")
}

fn biawak_resource_ask(g: &Game, c: Ctx) -> Option<Question> {
    trash_or_end_ask(g, c, &g.runner.resources, "resource")
}

fn biawak_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Card(k) if g.runner.programs.contains(&k) || g.runner.resources.contains(&k) => g.trash(k, c.name(), ev),
        _ => end_the_run(g, c.name(), ev),
    }
    Ok(Then::Done)
}

// --- Descent -------------------------------------------------------------------------------------

pub const DESCENT: &str = "34125";

pub(crate) const DESCENT_ROW: CardDef = CardDef {
    code: DESCENT,
    name: "Descent",
    click: Some(Click { offers: Offers::Costed(Costed { id: "", cost: Cost::Expend, usable: |_, _| true, text: "" }), effect: Effect::Custom(descent_expend) }),
    events: &[(When::TurnBegin, Effect::Ask(1))],
    subroutines: &[ETR],
    asks: &[Ask::Own(Prompt { ask: descent_ask, answer: descent_answer }), Ask::Own(Prompt { ask: descent_home_ask, answer: descent_home_answer })],
    ..BLANK
};

/// Descent expended: 1 card drawn, then up to 2 agendas from HQ and Archives into R&D.
fn descent_expend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.draw(CORP, 1, ev);
    ask_later(g, c, 0);
}

fn descent_agendas(g: &Game) -> Vec<u32> {
    g.corp.hq.iter().chain(g.corp.archives.iter()).copied().filter(|&k| g.def(k).ctype == crate::netrunner::data::CardType::Agenda).collect()
}

fn descent_ask(g: &Game, c: Ctx) -> Option<Question> {
    let agendas = descent_agendas(g);
    if agendas.is_empty() {
        return None;
    }
    let n = (agendas.len() as u32).min(2);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("may reveal up to 2 agendas in HQ or Archives and shuffle them into R&D ({})", c.name()),
            format!("{}: reveal up to 2 agendas in HQ and/or Archives to shuffle them into R&D", c.name()),
            card_options(g, "card", &agendas),
        )
        .range(0, n),
    )
}

fn descent_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ok = descent_agendas(g);
    let cs: Vec<u32> = picked(a).into_iter().filter(|k| ok.contains(k)).take(2).collect();
    if cs.is_empty() {
        return Ok(Then::Done);
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    for &k in &cs {
        g.take_corp(k);
        if let Some(x) = g.card_mut(k) {
            x.faceup = false;
        }
        g.corp.rd.push(k);
    }
    note(ev, "revealed", format!("{}: the Corp reveals {} and shuffles them into R&D", c.name(), names.join(", ")), json!({"cards": cs}));
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn descent_home_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add {} to HQ", g.label(c.card)),
        format!("{}: add it to HQ?", g.label(c.card)),
        vec![(opt("yes", "Add it to HQ"), Answer::Yes), (opt("no", "Keep it installed"), Answer::No)],
    ))
}

/// Descent goes back to HQ (hosted cards fall off: the Trojan sweep trashes them).
fn descent_home_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !g.is_installed(c.card) {
        return Ok(Then::Done);
    }
    g.take_corp(c.card);
    if let Some(x) = g.card_mut(c.card) {
        (x.rezzed, x.adv, x.credits, x.faceup, x.virus, x.power) = (false, 0, 0, false, 0, 0);
    }
    g.corp.hq.push(c.card);
    note(ev, "to_hq", format!("The Corp adds {} to HQ", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
    Ok(Then::Done)
}

// --- Hammer --------------------------------------------------------------------------------------

pub const HAMMER: &str = "34126";

pub(crate) const HAMMER_ROW: CardDef = CardDef {
    code: HAMMER,
    name: "Hammer",
    statics: &[Static::BreakLimit { max: 1, except: "Killer" }],
    subroutines: &[
        Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
        Sub { text: "trash 1 installed resource or piece of hardware", effect: Effect::Ask(0) },
        Sub { text: "trash 1 installed program that is not a decoder, fracter or killer", effect: Effect::Ask(1) },
    ],
    asks: &[corp_trashes(TrashKind::ResourceOrHardware), corp_trashes(TrashKind::ProgramNotBasicBreaker)],
    ..BLANK
};

// --- Kessleroid ----------------------------------------------------------------------------------

pub const KESSLEROID: &str = "35075";

pub(crate) const KESSLEROID_ROW: CardDef =
    CardDef { code: KESSLEROID, name: "Kessleroid", statics: &[Static::RunnerCannotTrash], subroutines: &[ETR, ETR], ..BLANK };

// --- Logjam --------------------------------------------------------------------------------------

pub const LOGJAM: &str = "34127";

pub(crate) const LOGJAM_ROW: CardDef = CardDef {
    code: LOGJAM,
    name: "Logjam",
    on_rez: Effect::Custom(logjam_rez),
    statics: &[Static::Advanceable, Static::IceStrength(strength_per_adv)],
    subroutines: &[Sub { text: "the Corp gains 2 credits; end the run", effect: Effect::All(&[Effect::Gain(CORP, 2), Effect::EndTheRun]) }, ETR, ETR],
    ..BLANK
};

/// Logjam rezzed: 1 advancement counter, plus 1 per card type among face-up cards in Archives.
fn logjam_rez(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = 1 + faceup_archive_types(g, c.card).len() as u32;
    if let Some(k) = g.card_mut(c.card) {
        k.adv += n;
    }
    note(
        ev,
        "advanced",
        format!("{}: {n} advancement counter(s) are placed on it (now {})", g.label(c.card), g.adv(c.card)),
        json!({"card": c.card, "adv": g.adv(c.card)}),
    );
}

// --- Pharos --------------------------------------------------------------------------------------

pub const PHAROS: &str = "30063";

pub(crate) const PHAROS_ROW: CardDef = CardDef {
    code: PHAROS,
    name: "Pharos",
    subroutines: &[Sub { text: "the Runner takes 1 tag", effect: Effect::Tags(1) }, ETR, ETR],
    statics: &[Static::IceStrength(pharos_strength), Static::Advanceable],
    ..BLANK
};

fn pharos_strength(g: &Game, ice: u32) -> i64 {
    if g.adv(ice) >= 3 {
        5
    } else {
        0
    }
}

// --- Syailendra ----------------------------------------------------------------------------------

pub const SYAILENDRA: &str = "35076";

pub(crate) const SYAILENDRA_ROW: CardDef = CardDef {
    code: SYAILENDRA,
    name: "Syailendra",
    statics: &[Static::Advanceable],
    events: &[(When::Encounter, Effect::Custom(syailendra_encounter))],
    subroutines: &[
        Sub { text: "the Corp may place 1 advancement counter on an installed card it can advance", effect: Effect::Ask(0) },
        Sub { text: "the Runner loses 2 credits", effect: Effect::Lose(RUNNER, 2) },
        Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
    ],
    asks: &[Ask::Own(Prompt { ask: syailendra_ask, answer: syailendra_answer })],
    ..BLANK
};

/// Encountered with 3 or more advancement counters, Syailendra asks its first subroutine's question.
fn syailendra_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.adv(c.card) >= 3 {
        ask_later(g, c, 0);
    }
}

fn syailendra_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Place nothing"), Answer::No)];
    for k in g.installed_corp() {
        if g.advanceable(k) {
            o.push((opt(format!("card:{k}"), g.label(k)), Answer::Card(k)));
        }
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may place 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: you may place 1 advancement counter on an installed card you can advance", c.name()),
        o,
    ))
}

fn syailendra_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.is_installed(k) && g.advanceable(k) {
            if let Some(x) = g.card_mut(k) {
                x.adv += 1;
            }
            note(ev, "advanced", format!("{} places 1 advancement counter on {}", c.name(), g.corp_public_label(k)), json!({"card": k, "adv": g.adv(k)}));
        }
    }
    Ok(Then::Done)
}

// --- Tree Line -----------------------------------------------------------------------------------

pub const TREE_LINE: &str = "34059";

pub(crate) const TREE_LINE_ROW: CardDef = CardDef {
    code: TREE_LINE,
    name: "Tree Line",
    statics: &[Static::Advanceable, Static::IceStrength(strength_per_adv)],
    click: Some(Click {
        offers: Offers::Costed(Costed { id: "", cost: Cost::Expend, usable: |_, _| true, text: "" }),
        effect: Effect::Custom(tree_line_expend),
    }),
    subroutines: &[Sub { text: "the Corp gains 1 credit; end the run", effect: Effect::All(&[Effect::Gain(CORP, 1), Effect::EndTheRun]) }],
    asks: &[Ask::Own(Prompt { ask: tree_line_ask, answer: tree_line_answer })],
    ..BLANK
};

fn tree_line_expend(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
}

fn tree_line_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice: Vec<u32> = g.installed_corp().into_iter().filter(|&k| crate::netrunner::effects::is_ice(g, k)).collect();
    if ice.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 3 advancement counters on an installed ice ({})", c.name()),
        format!("{}: place 3 advancement counters on 1 installed piece of ice", c.name()),
        card_options(g, "card", &ice),
    ))
}

fn tree_line_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if crate::netrunner::effects::is_ice(g, k) {
            place_adv(g, k, 3, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

// --- Valentão ------------------------------------------------------------------------------------

pub const VALENTAO: &str = "34060";

pub(crate) const VALENTAO_ROW: CardDef = CardDef {
    code: VALENTAO,
    name: "Valentão",
    statics: &[Static::RezBadPublicityOrTag],
    subroutines: &[
        Sub { text: "the Corp gains 2 credits", effect: Effect::Gain(CORP, 2) },
        Sub { text: "the Runner loses 2 credits", effect: Effect::Lose(RUNNER, 2) },
        Sub { text: "end the run if the Corp has more credits than the Runner", effect: Effect::Custom(valentao) },
    ],
    ..BLANK
};

fn valentao(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.credits > g.runner.credits {
        end_the_run(g, c.name(), ev);
    }
}

// --- shared by the cards above ---------------------------------------------------------------------

/// +1 strength per hosted advancement counter.
fn strength_per_adv(g: &Game, ice: u32) -> i64 {
    i64::from(g.adv(ice))
}
