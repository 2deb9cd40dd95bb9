//! Assets of the Jinteki faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{ambush_accessed, ambush_ask, pay_4, place_counter_answer, yes_no_options};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[BYTE_ROW, CHARLOTTE_CACADOR_ROW, COHORT_GUIDANCE_PROGRAM_ROW, FRONT_COMPANY_ROW, PHAT_GIOAN_BAOTIXITA_ROW, URTICA_CIPHER_ROW];

// --- Byte! ---------------------------------------------------------------------------------------

pub const BYTE: &str = "35050";

pub(crate) const BYTE_ROW: CardDef = CardDef {
    code: BYTE,
    name: "Byte!",
    on_access: Effect::Custom(ambush_accessed),
    asks: &[Ask::Own(Prompt { ask: byte_ask, answer: byte_answer })],
    ..BLANK
};

fn byte_ask(g: &Game, c: Ctx) -> Option<Question> {
    ambush_ask(g, c, "give the Runner 1 tag and do 3 net damage")
}

fn byte_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if pay_4(g, c, a, ev) {
        give_tags(g, 1, c.name(), ev);
        damage(g, DamageKind::Net, 3, c.name(), false);
    }
    Ok(Then::Done)
}

// --- Charlotte Caçador ---------------------------------------------------------------------------

pub const CHARLOTTE_CACADOR: &str = "34107";

pub(crate) const CHARLOTTE_CACADOR_ROW: CardDef = CardDef {
    code: CHARLOTTE_CACADOR,
    name: "Charlotte Caçador",
    statics: &[Static::Advanceable],
    events: &[(When::TurnBegin, Effect::Ask(0))],
    paid: Some(PaidAbility { offers: Offers::Own(charlotte_offers), effect: Effect::Custom(charlotte_trash) }),
    asks: &[Ask::Own(Prompt { ask: charlotte_ask, answer: charlotte_answer })],
    ..BLANK
};

fn charlotte_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.adv(c.card) == 0 || !g.rezzed(c.card) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove an advancement counter from {} to gain 4 credits and draw 1 card", g.label(c.card)),
        format!("{}: remove 1 advancement counter to gain 4 credits and draw 1 card?", g.label(c.card)),
        yes_no_options("Remove 1 counter", "Do nothing"),
    ))
}

fn charlotte_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        remove_adv(g, c.card, c.name(), ev);
        g.gain(CORP, 4, c.name(), ev);
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

fn remove_adv(g: &mut Game, card: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.adv = k.adv.saturating_sub(1);
    }
    note(ev, "advanced", format!("{source}: 1 advancement counter is removed from {}", g.corp_public_label(card)), json!({"card": card, "adv": g.adv(card)}));
}

/// Hand-written offers, not a `Costed`: its trash and counter removal are logged in its own words ("its paid ability").
fn charlotte_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if g.rezzed(card) && g.adv(card) > 0 {
        vec![(format!("charlotte:{card}"), format!("{}: trash it and remove a hosted advancement counter to gain 3 credits", g.label(card)), 0)]
    } else {
        vec![]
    }
}

/// Charlotte Caçador's paid ability: its costs (a counter, trashing it), then 3 credits.
fn charlotte_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    remove_adv(g, c.card, c.name(), ev);
    g.trash(c.card, "its paid ability", ev);
    g.gain(CORP, 3, c.name(), ev);
}

// --- Cohort Guidance Program ---------------------------------------------------------------------

pub const COHORT_GUIDANCE_PROGRAM: &str = "34108";

pub(crate) const COHORT_GUIDANCE_PROGRAM_ROW: CardDef = CardDef {
    code: COHORT_GUIDANCE_PROGRAM,
    name: "Cohort Guidance Program",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: cohort_ask, answer: cohort_answer }), Ask::Own(Prompt { ask: cohort_counter_ask, answer: place_counter_answer })],
    ..BLANK
};

/// Its modes in one question: a card from HQ to trash (2 credits and a card), or a face-down
/// card in Archives to turn face up (then an advancement counter on an installed card).
fn cohort_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    for &k in &g.corp.hq {
        o.push((opt(format!("trash:{k}"), format!("Trash {} from HQ to gain 2 credits and draw 1 card", g.label(k))), Answer::Card(k)));
    }
    for &k in &g.corp.archives {
        if g.card(k).is_some_and(|x| !x.faceup) {
            o.push((opt(format!("flip:{k}"), format!("Turn {} in Archives face up to place 1 advancement counter", g.label(k))), Answer::Card(k)));
        }
    }
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash a card from HQ or turn a card in Archives face up ({})", c.name()),
        format!("{}: resolve one of its modes, or nothing", c.name()),
        o,
    ))
}

fn cohort_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if g.corp.hq.contains(&k) {
        crate::netrunner::effects::trash_from_hq(g, vec![k], ev);
        g.gain(CORP, 2, c.name(), ev);
        g.draw(CORP, 1, ev);
    } else if g.corp.archives.contains(&k) {
        if let Some(x) = g.card_mut(k) {
            x.faceup = true;
        }
        note(ev, "turned_faceup", format!("{}: the Corp turns {} in Archives face up", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn cohort_counter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let installed = g.installed_corp();
    if installed.is_empty() {
        return None;
    }
    let o: Vec<_> = installed.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: place 1 advancement counter on an installed card", c.name()),
        o,
    ))
}

// --- Front Company -------------------------------------------------------------------------------

pub const FRONT_COMPANY: &str = "34041";

pub(crate) const FRONT_COMPANY_ROW: CardDef = CardDef {
    code: FRONT_COMPANY,
    name: "Front Company",
    statics: &[Static::RezOnlyDuringCorpTurn, Static::FirstRunNotOnRemote],
    events: &[(When::CorpRunBegins, Effect::Custom(front_company_run))],
    ..BLANK
};

/// The first time each turn a run on Archives begins: 2 net damage if this card's server has no
/// ice.
fn front_company_run(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg != ARCHIVES || g.flags.used_cards.contains(&c.card) {
        return;
    }
    g.flags.used_cards.push(c.card);
    let unprotected = g.server_of(c.card).and_then(|s| g.server(s)).is_some_and(|sv| sv.ice.is_empty());
    if unprotected {
        crate::netrunner::effects::damage(g, DamageKind::Net, 2, c.name(), false);
    }
}

// --- Phật Gioan Baotixita ------------------------------------------------------------------------

pub const PHAT_GIOAN_BAOTIXITA: &str = "35051";

pub(crate) const PHAT_GIOAN_BAOTIXITA_ROW: CardDef = CardDef {
    code: PHAT_GIOAN_BAOTIXITA,
    name: "Phật Gioan Baotixita",
    events: &[
        (When::CorpDiscarded, Effect::Custom(phat_counter)),
        (When::CorpScores, Effect::Custom(phat_changed_hands)),
        (When::AgendaStolen, Effect::Custom(phat_changed_hands)),
    ],
    asks: &[Ask::Own(Prompt { ask: phat_ask, answer: phat_answer })],
    ..BLANK
};

fn phat_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = match g.card_mut(c.card) {
        Some(k) => {
            k.power += 1;
            k.power
        }
        None => return,
    };
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", g.label(c.card)), json!({"card": c.card, "change": 1, "power": n}));
}

/// The first agenda scored or stolen this turn: remove up to 2 counters (asked when it has
/// some), then 1 net damage and 1 more per counter removed.
fn phat_changed_hands(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.flags.agendas_changed_hands != 1 {
        return;
    }
    if g.card(c.card).is_some_and(|k| k.power > 0) {
        ask_later(g, c, 0);
    } else {
        damage(g, DamageKind::Net, 1, c.name(), false);
    }
}

fn phat_ask(g: &Game, c: Ctx) -> Option<Question> {
    let most = g.card(c.card).map_or(0, |k| k.power).min(2) as u8;
    let o = (0..=most).map(|n| (opt(format!("remove:{n}"), format!("Remove {n} power counter(s): {} net damage", 1 + n)), Answer::Mode(n))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("removes up to 2 power counters to do 1 net damage and 1 more per counter ({})", c.name()),
        format!("{}: remove up to 2 hosted power counters; 1 net damage plus 1 per counter removed", c.name()),
        o,
    ))
}

fn phat_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(n) = first(a) else { return Err(RulesError::Illegal("choose how many counters".into())) };
    let n = u32::from(n).min(g.card(c.card).map_or(0, |k| k.power));
    if n > 0 {
        if let Some(k) = g.card_mut(c.card) {
            k.power -= n;
        }
        let left = g.card(c.card).map_or(0, |k| k.power);
        note(
            ev,
            "power_counters",
            format!("{}: {n} power counter(s) removed (now {left})", g.label(c.card)),
            json!({"card": c.card, "change": -i64::from(n), "power": left}),
        );
    }
    damage(g, DamageKind::Net, 1 + n, c.name(), false);
    Ok(Then::Done)
}

// --- Urtica Cipher -------------------------------------------------------------------------------

pub const URTICA_CIPHER: &str = "30045";

pub(crate) const URTICA_CIPHER_ROW: CardDef =
    CardDef { code: URTICA_CIPHER, name: "Urtica Cipher", on_access: Effect::Custom(urtica_cipher), statics: &[Static::Advanceable], ..BLANK };

/// Urtica Cipher: accessed while installed, 2 net damage plus 1 per advancement counter.
fn urtica_cipher(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.is_installed(c.card) {
        let n = 2 + g.adv(c.card);
        damage(g, DamageKind::Net, n, c.name(), false);
    }
}
