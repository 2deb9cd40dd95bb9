//! Programs of the Criminal faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    add_power, bypass, encountering, host, power, question, remove_from_game, spend_power, trash_to_bypass_answer, two_power_counters, yes_no,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    CARMEN_ROW,
    CUPELLATION_ROW,
    CURUPIRA_ROW,
    LASER_POINTER_ROW,
    MALANDRAGEM_ROW,
    MARJANAH_ROW,
    PHYSARUM_ENTANGLER_ROW,
    SACI_ROW,
    SANG_KANCIL_ROW,
    SHIBBOLETH_ROW,
    TRANQUILIZER_ROW,
];

// --- Carmen --------------------------------------------------------------------------------------

pub const CARMEN: &str = "30015";

pub(crate) const CARMEN_ROW: CardDef = CardDef {
    code: CARMEN,
    name: "Carmen",
    breaker: Some(Breaker { pump: Pump::By(3), ..Breaker::new(Some("Sentry"), 1, 1, 2) }),
    statics: &[Static::CheaperAfterRun(2)],
    ..BLANK
};

// --- Cupellation ---------------------------------------------------------------------------------

pub const CUPELLATION: &str = "34080";

pub(crate) const CUPELLATION_ROW: CardDef = CardDef {
    code: CUPELLATION,
    name: "Cupellation",
    statics: &[Static::AccessOptionNotOnAgendas],
    access_option: Some(AccessOption { id: "cupellation", agenda_label: "", label: cupellation_label, usable: cupellation_usable, step: 0 }),
    events: &[(When::Breach, Effect::Custom(cupellation_breach))],
    asks: &[Ask::Do(cupellation_host), Ask::Own(Prompt { ask: cupellation_breach_ask, answer: cupellation_breach_answer })],
    ..BLANK
};

/// Limit 1 hosted card: usable while an installed Cupellation hosts nothing and 1 credit can be
/// paid.
fn cupellation_free(g: &Game) -> Option<u32> {
    g.runner.programs.iter().copied().find(|&p| g.is(p, CUPELLATION) && hosted_on(g, p).is_empty())
}

fn cupellation_usable(g: &Game) -> bool {
    cupellation_free(g).is_some() && g.runner_available() >= 1
}

fn cupellation_label(g: &Game, accessed: u32) -> String {
    format!("Cupellation: pay 1 credit to host {} face up on it", g.label(accessed))
}

/// Pay 1: the accessed card is hosted (uninstalled, if it was installed).
fn cupellation_host(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let host = if g.runner.programs.contains(&c.card) && hosted_on(g, c.card).is_empty() { Some(c.card) } else { cupellation_free(g) };
    let Some(host) = host else { return };
    if !g.runner_pay(1) {
        return;
    }
    note(ev, "paid", format!("The Runner pays 1 for {}", c.name()), json!({"seat": RUNNER, "cost": 1}));
    host_faceup(g, c.arg, host, c.name(), ev);
}

/// Breaching HQ with a hosted Corp card: may pay 1 and trash it to access 2 more cards.
fn cupellation_breach(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == HQ && hosted_on(g, c.card).iter().any(|&k| g.def(k).side == crate::netrunner::data::Side::Corp) && g.runner_available() >= 1 {
        ask_later(g, c, 1);
    }
}

fn cupellation_breach_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.runner.programs.contains(&c.card) || g.runner_available() < 1 {
        return None;
    }
    yes_no(
        &format!("may pay 1 credit and trash {} to access 2 more cards", c.name()),
        &format!("{}: pay 1 credit and trash it to access 2 additional cards?", c.name()),
        "Pay 1 and trash it: access 2 additional cards",
    )
}

fn cupellation_breach_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner_pay(1) {
        runner_trash(g, c.card, "its own cost", ev);
        if let Some(r) = g.run.as_mut() {
            r.breach_extra += 2;
        }
        note(ev, "more_access", format!("{}: the Runner accesses 2 additional cards", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

// --- Curupira ------------------------------------------------------------------------------------

pub const CURUPIRA: &str = "34015";

pub(crate) const CURUPIRA_ROW: CardDef = CardDef {
    code: CURUPIRA,
    name: "Curupira",
    breaker: Some(Breaker::new(Some("Barrier"), 1, 1, 1)),
    events: &[(When::FullyBreaks, Effect::Custom(power_on_self)), (When::EncounterIce, Effect::Custom(curupira_encounter))],
    asks: &[Ask::Own(Prompt { ask: curupira_ask, answer: curupira_answer })],
    ..BLANK
};

fn power_on_self(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 1, c.name(), ev);
}

/// Curupira: 3 power counters bypass a barrier.
fn curupira_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.ice_has_subtype(c.arg, "Barrier") && power(g, c.card) >= 3 {
        ask_later(g, c, 0);
    }
}

fn curupira_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || power(g, c.card) < 3 {
        return None;
    }
    yes_no(
        "may spend 3 power counters to bypass the ice (Curupira)",
        &format!("Curupira: spend 3 power counters to bypass {}?", g.label(c.arg)),
        "Spend 3 power counters: bypass the ice",
    )
}

fn curupira_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && power(g, c.card) >= 3 {
        if let Some(k) = g.card_mut(c.card) {
            k.power -= 3;
        }
        bypass(g, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Laser Pointer -------------------------------------------------------------------------------

pub const LASER_POINTER: &str = "34016";

pub(crate) const LASER_POINTER_ROW: CardDef = CardDef {
    code: LASER_POINTER,
    name: "Laser Pointer",
    events: &[(When::EncounterIce, Effect::Custom(laser_pointer_encounter))],
    asks: &[Ask::Own(Prompt { ask: laser_pointer_ask, answer: trash_to_bypass_answer })],
    ..BLANK
};

/// Laser Pointer: an AP, destroyer or observer ice.
fn laser_pointer_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if ["AP", "Destroyer", "Observer"].iter().any(|t| g.ice_has_subtype(c.arg, t)) {
        ask_later(g, c, 0);
    }
}

fn laser_pointer_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) {
        return None;
    }
    yes_no(
        "may trash Laser Pointer to bypass the ice",
        &format!("Laser Pointer: trash it to bypass {}?", g.label(c.arg)),
        "Trash Laser Pointer: bypass the ice",
    )
}

// --- Malandragem ---------------------------------------------------------------------------------

pub const MALANDRAGEM: &str = "34081";

pub(crate) const MALANDRAGEM_ROW: CardDef = CardDef {
    code: MALANDRAGEM,
    name: "Malandragem",
    on_install: Effect::Custom(two_power_counters),
    events: &[(When::EncounterIce, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: malandragem_ask, answer: malandragem_answer })],
    ..BLANK
};

/// Malandragem: once per turn, a power counter bypasses an ice of strength 3 or less (it leaves
/// the game when empty); threat 4: leave the game to bypass any ice.
fn malandragem_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || !g.installed_runner().contains(&c.card) {
        return None;
    }
    let mut o = Vec::new();
    if !g.flags.used_cards.contains(&c.card) && power(g, c.card) > 0 && g.ice_strength(c.arg) <= 3 {
        o.push((opt("counter", "Remove 1 power counter: bypass the ice"), Answer::Mode(0)));
    }
    if threat(g, 4) {
        o.push((opt("remove", "Remove Malandragem from the game: bypass the ice"), Answer::Mode(1)));
    }
    if o.is_empty() {
        return None;
    }
    o.push((opt("decline", "Do not"), Answer::No));
    Some(question("may use Malandragem to bypass the ice".into(), format!("Malandragem: bypass {}?", g.label(c.arg)), o))
}

fn malandragem_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Mode(0) => {
            g.flags.used_cards.push(c.card);
            spend_power(g, c.card);
            bypass(g, c.name(), ev);
            if power(g, c.card) == 0 {
                remove_from_game(g, c.card, "Malandragem is empty", ev);
            }
        }
        Answer::Mode(1) => {
            remove_from_game(g, c.card, c.name(), ev);
            bypass(g, c.name(), ev);
        }
        _ => {}
    }
    Ok(Then::Done)
}

// --- Marjanah ------------------------------------------------------------------------------------

pub const MARJANAH: &str = "30016";

pub(crate) const MARJANAH_ROW: CardDef =
    CardDef { code: MARJANAH, name: "Marjanah", breaker: Some(Breaker { break_discount_after_run: 1, ..Breaker::new(Some("Barrier"), 1, 2, 1) }), ..BLANK };

// --- Physarum Entangler --------------------------------------------------------------------------

pub const PHYSARUM_ENTANGLER: &str = "34082";

pub(crate) const PHYSARUM_ENTANGLER_ROW: CardDef = CardDef {
    code: PHYSARUM_ENTANGLER,
    name: "Physarum Entangler",
    events: &[(When::EncounterIce, Effect::Custom(physarum_encounter)), (When::Purged, Effect::Custom(trash_self_on_purge))],
    asks: &[Ask::Own(Prompt { ask: physarum_ask, answer: physarum_answer })],
    ..BLANK
};

/// Encountering its host ice, if it is not a barrier: may pay 1 per subroutine to bypass it.
fn physarum_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.card(c.card).and_then(|k| k.host) == Some(c.arg) && !g.ice_has_subtype(c.arg, "Barrier") {
        ask_later(g, c, 0);
    }
}

fn physarum_cost(g: &Game, ice: u32) -> i64 {
    crate::netrunner::cards::subroutines(g.code(ice)) as i64
}

fn physarum_ask(g: &Game, c: Ctx) -> Option<Question> {
    let cost = physarum_cost(g, c.arg);
    if !encountering(g, c.arg) || g.runner_available() < cost {
        return None;
    }
    yes_no(
        &format!("may pay {cost} credit(s) to bypass the ice ({})", c.name()),
        &format!("{}: pay {cost} credit(s) (1 per subroutine) to bypass {}?", c.name(), g.label(c.arg)),
        &format!("Pay {cost}: bypass the ice"),
    )
}

fn physarum_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cost = physarum_cost(g, c.arg);
    if first(a) == Answer::Yes && encountering(g, c.arg) && g.runner_pay(cost) {
        bypass(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// "When the Corp purges virus counters, trash this program."
fn trash_self_on_purge(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.installed_runner().contains(&c.card) {
        crate::netrunner::effects::runner_trash(g, c.card, "the Corp purged virus counters", ev);
    }
}

// --- Saci ----------------------------------------------------------------------------------------

pub const SACI: &str = "34017";

pub(crate) const SACI_ROW: CardDef =
    CardDef { code: SACI, name: "Saci", events: &[(When::CorpRezzedIce, Effect::Custom(saci)), (When::Derezzed, Effect::Custom(saci))], ..BLANK };

/// Saci: its host ice rezzed or derezzed (`Ctx::arg`), 3 credits.
fn saci(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if host(g, c.card) == Some(c.arg) {
        g.gain(RUNNER, 3, c.name(), ev);
    }
}

// --- Sang Kancil ---------------------------------------------------------------------------------

pub const SANG_KANCIL: &str = "35020";

pub(crate) const SANG_KANCIL_ROW: CardDef = CardDef {
    code: SANG_KANCIL,
    name: "Sang Kancil",
    breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Code Gate"), 1, 1, 3) }),
    statics: &[Static::PumpCheaper(sang_kancil_discount)],
    ..BLANK
};

/// Whether a run event began the current run (it is active while its run goes on).
fn run_event_active(g: &Game) -> bool {
    g.run.as_ref().and_then(|r| r.source).is_some_and(|s| g.def(s).ctype == CardType::Event && g.def(s).has_subtype("Run"))
}

/// Sang Kancil: its pump costs 2 less while a run event is active.
fn sang_kancil_discount(g: &Game, _: u32) -> i64 {
    if run_event_active(g) {
        2
    } else {
        0
    }
}

// --- Shibboleth ----------------------------------------------------------------------------------

pub const SHIBBOLETH: &str = "34018";

pub(crate) const SHIBBOLETH_ROW: CardDef = CardDef {
    code: SHIBBOLETH,
    name: "Shibboleth",
    breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Code Gate"), 1, 1, 2) }),
    statics: &[Static::BreakerStrength(shibboleth_strength)],
    ..BLANK
};

/// Shibboleth: threat 4: -2 strength.
fn shibboleth_strength(g: &Game, _: u32) -> i64 {
    if threat(g, 4) {
        -2
    } else {
        0
    }
}

// --- Tranquilizer --------------------------------------------------------------------------------

pub const TRANQUILIZER: &str = "30017";

pub(crate) const TRANQUILIZER_ROW: CardDef = CardDef {
    code: TRANQUILIZER,
    name: "Tranquilizer",
    on_install: Effect::Custom(tranquilizer),
    events: &[(When::TurnBegin, Effect::Custom(tranquilizer))],
    ..BLANK
};

/// Tranquilizer: 1 counter on install and each Runner turn; with 3 or more, the host is derezzed.
fn tranquilizer(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    virus_on_self(g, c, ev);
    let host = g.card(c.card).and_then(|k| k.host);
    if let Some(h) = host {
        if g.card(c.card).is_some_and(|k| k.virus >= 3) && g.rezzed(h) {
            crate::netrunner::effects::derez(g, h, "Tranquilizer", ev);
        }
    }
}
