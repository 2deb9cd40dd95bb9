//! Programs of the Anarch faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{encountered_ice, host, question};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    AUDREY_V2_ROW,
    BANNER_ROW,
    BOI_TATA_ROW,
    BOTULUS_ROW,
    BUZZSAW_ROW,
    CLEAVER_ROW,
    FERMENTER_ROW,
    GOURMAND_ROW,
    HANTU_ROW,
    HELIAMPHORA_ROW,
    LEECH_ROW,
    MONKEYWRENCH_ROW,
    RISING_TIDE_ROW,
];

// --- Audrey v2 -----------------------------------------------------------------------------------

pub const AUDREY_V2: &str = "34004";

pub(crate) const AUDREY_V2_ROW: CardDef = CardDef {
    code: AUDREY_V2,
    name: "Audrey v2",
    events: &[(When::TrashAccessed, Effect::Custom(virus_on_self))],
    paid: Some(PaidAbility { offers: Offers::Own(audrey_offers), effect: Effect::Custom(audrey) }),
    asks: &[Ask::Own(Prompt { ask: audrey_pump_ask, answer: audrey_pump_answer })],
    ..BLANK
};

/// Audrey v2 (an AI breaker whose costs are not credits): a virus counter breaks up to 2
/// subroutines (the option's argument: a bit per subroutine); trashing a grip card: +3 strength.
/// Hand-written offers, not a `Costed`: one option per set of subroutines to break, beside a pump paid with a grip card.
fn audrey_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    let mut o = Vec::new();
    if !g.runner.grip.is_empty() {
        o.push((
            format!("audrey-pump:{card}"),
            format!("{}: trash 1 card from your grip: +3 strength (now {})", g.label(card), g.breaker_strength(card)),
            u32::MAX,
        ));
    }
    if g.card(card).is_none_or(|k| k.virus == 0)
        || g.breaker_strength(card) < g.ice_strength(ice)
        || !crate::netrunner::effects::encounters::may_break(g, Some(card), ice)
    {
        return o;
    }
    let unbroken: Vec<usize> = run.broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect();
    let mut groups: Vec<Vec<usize>> = unbroken.iter().map(|&i| vec![i]).collect();
    for (x, &i) in unbroken.iter().enumerate() {
        for &j in unbroken.iter().skip(x + 1) {
            groups.push(vec![i, j]);
        }
    }
    for subs in groups.into_iter().filter(|s| s.iter().all(|&i| i < 32)) {
        let texts: Vec<String> = subs.iter().map(|&i| format!("\"{}\"", crate::netrunner::cards::subroutine_text(g.code(ice), i))).collect();
        let ids: Vec<String> = subs.iter().map(|i| i.to_string()).collect();
        let mask = subs.iter().fold(0u32, |m, &i| m | (1 << i));
        o.push((format!("audrey:{card}:{}", ids.join("+")), format!("{}: spend a virus counter to break {}", g.label(card), texts.join(" and ")), mask));
    }
    o
}

fn audrey(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == u32::MAX {
        ask_later(g, c, 0);
        return;
    }
    if !remove_virus(g, c.card) {
        return;
    }
    let mut subs = Vec::new();
    if let Some(r) = g.run.as_mut() {
        for (i, b) in r.broken.iter_mut().enumerate() {
            if i < 32 && c.arg & (1 << i) != 0 {
                *b = true;
                subs.push(i);
            }
        }
        r.broken_by.extend(subs.iter().map(|&i| (c.card, i)));
    }
    note(
        ev,
        "subroutine_broken",
        format!("{} spends a virus counter to break {} subroutine(s)", g.label(c.card), subs.len()),
        json!({"breaker": c.card, "subroutines": subs}),
    );
}

fn audrey_pump_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.grip.is_empty() || encountered_ice(g).is_none() {
        return None;
    }
    let o = card_options(g, "card", &g.runner.grip);
    Some(question(
        "trashes a card from their grip for +3 strength (Audrey v2)".into(),
        format!("{}: trash 1 card from your grip for +3 strength", g.label(c.card)),
        o,
    ))
}

fn audrey_pump_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&k) = picked(a).first().filter(|k| g.runner.grip.contains(k)) else {
        return Err(RulesError::Illegal("pick a card of your grip".into()));
    };
    g.to_heap(k);
    note(ev, "discarded", format!("Audrey v2: the Runner trashes {} from the grip", g.label(k)), json!({"card": k, "code": g.code(k)}));
    crate::netrunner::effects::trashed_from_grip_or_stack(g, &[k], ev);
    boost(g, c.card, 3, "gets +3 strength", ev);
    Ok(Then::Done)
}

// --- Banner --------------------------------------------------------------------------------------

pub const BANNER: &str = "34005";

pub(crate) const BANNER_ROW: CardDef =
    CardDef { code: BANNER, name: "Banner", paid: Some(PaidAbility { offers: Offers::Own(banner_offers), effect: Effect::Custom(banner) }), ..BLANK };

/// Banner's interface ability (its strength at least the barrier's): for 2, the barrier's
/// subroutines cannot end the run for the rest of this encounter (`Run::no_etr`).
/// Hand-written offers, not a `Costed`: its label names the encountered ice, carried as the argument.
fn banner_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    if !g.ice_has_subtype(ice, "Barrier")
        || run.no_etr == Some((ice, run.encounters))
        || g.breaker_strength(card) < g.ice_strength(ice)
        || g.runner_available() < 2
    {
        return vec![];
    }
    vec![(format!("banner:{card}"), format!("{}: pay 2 so that {}'s subroutines cannot end the run in this encounter", g.label(card), g.label(ice)), ice)]
}

fn banner(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if encountered_ice(g) != Some(c.arg) || !g.runner_pay(2) {
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.no_etr = Some((c.arg, r.encounters));
    }
    note(
        ev,
        "no_end_the_run",
        format!("{}: {}'s subroutines cannot end the run in this encounter", c.name(), g.label(c.arg)),
        json!({"card": c.card, "ice": c.arg}),
    );
}

// --- Boi-tatá ------------------------------------------------------------------------------------

pub const BOI_TATA: &str = "34071";

pub(crate) const BOI_TATA_ROW: CardDef = CardDef {
    code: BOI_TATA,
    name: "Boi-tatá",
    breaker: Some(Breaker { pump: Pump::By(3), ..Breaker::new(Some("Sentry"), 2, 2, 3) }),
    statics: &[Static::BreakCheaper(boi_tata_less), Static::PumpCheaper(boi_tata_less)],
    ..BLANK
};

/// 1 less for each paid ability once the Runner trashed one of its installed cards this turn.
fn boi_tata_less(g: &Game, _: u32) -> i64 {
    i64::from(g.flags.runner_trashed_own)
}

// --- Botulus -------------------------------------------------------------------------------------

pub const BOTULUS: &str = "30004";

pub(crate) const BOTULUS_ROW: CardDef = CardDef {
    code: BOTULUS,
    name: "Botulus",
    on_install: Effect::Custom(virus_on_self),
    events: &[(When::TurnBegin, Effect::Custom(virus_on_self))],
    paid: Some(PaidAbility { offers: Offers::Own(botulus_offers), effect: Effect::Custom(botulus_break) }),
    ..BLANK
};

/// Botulus: a hosted virus counter breaks a subroutine of its host.
/// Hand-written offers, not a `Costed`: one option per subroutine to break.
fn botulus_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some((ice, unbroken)) = encountered(g) else { return vec![] };
    if g.card(card).is_none_or(|k| k.virus == 0 || k.host != Some(ice)) {
        return vec![];
    }
    unbroken
        .into_iter()
        .map(|s| {
            let text = crate::netrunner::cards::subroutine_text(g.code(ice), s);
            (format!("botulus:{card}:{s}"), format!("{}: spend a virus counter to break \"{text}\"", g.label(card)), s as u32)
        })
        .collect()
}

fn botulus_break(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let sub = c.arg as usize;
    if !remove_virus(g, c.card) {
        return;
    }
    if let Some(b) = g.run.as_mut().and_then(|r| r.broken.get_mut(sub)) {
        *b = true;
    }
    note(
        ev,
        "subroutine_broken",
        format!("{} spends a virus counter to break subroutine {}", g.label(c.card), sub + 1),
        json!({"breaker": c.card, "subroutines": [sub]}),
    );
}

// --- Buzzsaw -------------------------------------------------------------------------------------

pub const BUZZSAW: &str = "30005";

pub(crate) const BUZZSAW_ROW: CardDef = CardDef { code: BUZZSAW, name: "Buzzsaw", breaker: Some(Breaker::new(Some("Code Gate"), 2, 1, 3)), ..BLANK };

// --- Cleaver -------------------------------------------------------------------------------------

pub const CLEAVER: &str = "30006";

pub(crate) const CLEAVER_ROW: CardDef = CardDef { code: CLEAVER, name: "Cleaver", breaker: Some(Breaker::new(Some("Barrier"), 2, 1, 2)), ..BLANK };

// --- Fermenter -----------------------------------------------------------------------------------

pub const FERMENTER: &str = "30007";

pub(crate) const FERMENTER_ROW: CardDef = CardDef {
    code: FERMENTER,
    name: "Fermenter",
    on_install: Effect::Custom(virus_on_self),
    events: &[(When::TurnBegin, Effect::Custom(virus_on_self))],
    click: Some(Click { offers: Offers::Own(fermenter_offers), effect: Effect::Custom(fermenter_cash_out) }),
    ..BLANK
};

/// Hand-written offers, not a `Costed`: its effect counts the virus counters the trash (its cost) would lose.
fn fermenter_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    vec![(None, format!("{}: trash it to gain 2 credits per virus counter", g.label(card)))]
}

/// Fermenter's click ability: trash it, 2 per counter.
fn fermenter_cash_out(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.card(c.card).map_or(0, |k| k.virus);
    crate::netrunner::effects::runner_trash(g, c.card, "Fermenter cashes out", ev);
    g.gain(RUNNER, 2 * i64::from(n), c.name(), ev);
}

// --- Gourmand ------------------------------------------------------------------------------------

pub const GOURMAND: &str = "35007";

pub(crate) const GOURMAND_ROW: CardDef = CardDef {
    code: GOURMAND,
    name: "Gourmand",
    statics: &[Static::AccessOptionNotOnAgendas],
    access_option: Some(AccessOption { id: "gourmand", agenda_label: "", label: gourmand_label, usable: always, step: 0 }),
    asks: &[Ask::Do(gourmand)],
    ..BLANK
};

/// Usable on every access (no once-per-turn limit).
fn always(_: &Game) -> bool {
    true
}

fn gourmand_label(g: &Game, accessed: u32) -> String {
    format!("Gourmand: trash Gourmand to trash {} and draw 1 card", g.label(accessed))
}

/// Its cost, trashing itself; then the accessed card is trashed (if the Runner may) and 1 card
/// drawn.
fn gourmand(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.installed_runner().contains(&c.card) {
        return;
    }
    crate::netrunner::effects::runner_trash(g, c.card, "its own cost", ev);
    let card = c.arg;
    let here =
        matches!(g.corp_zone(card), crate::netrunner::state::CorpZone::Hq | crate::netrunner::state::CorpZone::Rd | crate::netrunner::state::CorpZone::Root(_));
    if here && crate::netrunner::effects::runner_may_trash(g, card) {
        crate::netrunner::effects::runner_trash(g, card, c.name(), ev);
        crate::netrunner::effects::runner_trashed_accessed(g, card, ev);
        g.draw(RUNNER, 1, ev);
    }
}

// --- Hantu ---------------------------------------------------------------------------------------

pub const HANTU: &str = "35008";

pub(crate) const HANTU_ROW: CardDef = CardDef {
    code: HANTU,
    name: "Hantu",
    on_install: Effect::Custom(hantu_install),
    // Its strength comes from its hosted virus counters only.
    breaker: Some(Breaker { pump: Pump::Never, ..Breaker::new(Some("Sentry"), 1, 1, 0) }),
    paid: Some(PaidAbility { offers: Offers::Own(hantu_offers), effect: Effect::Custom(hantu_pump) }),
    ..BLANK
};

fn hantu_install(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_virus(g, c.card, 2, c.name(), ev);
}

/// Hantu: a hosted virus counter: +2 strength (while it interfaces with the encountered sentry).
/// Hand-written offers, not a `Costed`: its label tells the strength now.
fn hantu_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    if g.card(card).is_none_or(|k| k.virus == 0) || !g.ice_has_subtype(ice, "Sentry") {
        return vec![];
    }
    vec![(format!("hantu:{card}"), format!("{}: spend a virus counter: +2 strength (now {})", g.label(card), g.breaker_strength(card)), 0)]
}

fn hantu_pump(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !remove_virus(g, c.card) {
        return;
    }
    boost(g, c.card, 2, "spends a virus counter: +2 strength", ev);
}

// --- Heliamphora ---------------------------------------------------------------------------------

pub const HELIAMPHORA: &str = "34072";

pub(crate) const HELIAMPHORA_ROW: CardDef = CardDef {
    code: HELIAMPHORA,
    name: "Heliamphora",
    statics: &[Static::ArchivesAccessAsks(0)],
    events: &[(When::Purged, Effect::Ask(1))],
    asks: &[
        Ask::Own(Prompt { ask: heliamphora_ask, answer: heliamphora_answer }),
        Ask::Random { from: Pile::Hq, count: |_, _| 2 },
        Ask::Do(heliamphora_purged),
    ],
    ..BLANK
};

/// Interrupt: the Archives card about to be accessed (`Ctx::arg`) may be hosted on it instead.
fn heliamphora_ask(g: &Game, c: Ctx) -> Option<Question> {
    let card = c.arg;
    if !g.runner.programs.contains(&c.card) || !g.corp.archives.contains(&card) || g.run.as_ref().is_some_and(|r| r.used_cards.contains(&c.card)) {
        return None;
    }
    let o = vec![
        (opt("access", format!("Access {}", g.label(card))), Answer::No),
        (opt("host", format!("Host {} face up on {} instead", g.label(card), c.name())), Answer::Yes),
    ];
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("may host {} instead of accessing it ({})", g.label(card), c.name()),
        format!("{}: host {} on it instead of accessing it?", c.name(), g.label(card)),
        o,
    ))
}

fn heliamphora_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp.archives.contains(&c.arg) {
        if let Some(r) = g.run.as_mut() {
            r.used_cards.push(c.card);
        }
        host_faceup(g, c.arg, c.card, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The Corp purged: it trashes the 2 cards of HQ picked at random, then Heliamphora is trashed
/// (its hosted cards with it).
fn heliamphora_purged(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let cs: Vec<u32> = g.picked_at_random.iter().copied().filter(|k| g.corp.hq.contains(k)).collect();
    trash_from_hq(g, cs, ev);
    if g.runner.programs.contains(&c.card) {
        runner_trash(g, c.card, "the Corp purged virus counters", ev);
    }
}

// --- Leech ---------------------------------------------------------------------------------------

pub const LEECH: &str = "30008";

pub(crate) const LEECH_ROW: CardDef = CardDef {
    code: LEECH,
    name: "Leech",
    events: &[(When::SuccessfulRun, Effect::Custom(leech))],
    paid: Some(PaidAbility {
        offers: Offers::Costed(Costed {
            id: "leech",
            cost: Cost::Counters(Counter::Virus, 1),
            usable: |g, _| encountered(g).is_some_and(|(ice, _)| g.ice_strength(ice) > 0),
            text: "spend a virus counter: the ice gets -1 strength",
        }),
        effect: Effect::Custom(leech_weaken),
    }),
    ..BLANK
};

/// Leech: a counter per successful central run.
fn leech(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.server <= ARCHIVES) {
        virus_on_self(g, c, ev);
    }
}

fn leech_weaken(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.ice_minus += 1;
    }
    note(ev, "ice_weakened", format!("{} spends a virus counter: the encountered ice gets -1 strength", g.label(c.card)), json!({"card": c.card}));
}

// --- Monkeywrench --------------------------------------------------------------------------------

pub const MONKEYWRENCH: &str = "34006";

pub(crate) const MONKEYWRENCH_ROW: CardDef = CardDef { code: MONKEYWRENCH, name: "Monkeywrench", statics: &[Static::IceStrengthBy(monkeywrench)], ..BLANK };

/// Monkeywrench: its host ice -2 strength, every other ice protecting the same server -1.
fn monkeywrench(g: &Game, card: u32, ice: u32) -> i64 {
    let Some(h) = host(g, card) else { return 0 };
    if h == ice {
        return -2;
    }
    match (g.corp_zone(h), g.corp_zone(ice)) {
        (crate::netrunner::state::CorpZone::Ice(a), crate::netrunner::state::CorpZone::Ice(b)) if a == b => -1,
        _ => 0,
    }
}

// --- Rising Tide ---------------------------------------------------------------------------------

pub const RISING_TIDE: &str = "35009";

pub(crate) const RISING_TIDE_ROW: CardDef = CardDef {
    code: RISING_TIDE,
    name: "Rising Tide",
    breaker: Some(Breaker::new(Some("Barrier"), 1, 1, 1)),
    statics: &[Static::BreakerStrength(rising_tide_strength)],
    ..BLANK
};

/// Rising Tide: +1 strength per fracter in the heap.
fn rising_tide_strength(g: &Game, _: u32) -> i64 {
    g.runner.heap.iter().filter(|&&c| g.def(c).has_subtype("Fracter")).count() as i64
}

// --- shared by the cards above ---------------------------------------------------------------------

/// The ice the Runner is encountering, rezzed, and its unbroken subroutines.
fn encountered(g: &Game) -> Option<(u32, Vec<usize>)> {
    let run = g.run.as_ref()?;
    let ice = run.current.filter(|&i| g.rezzed(i))?;
    Some((ice, run.broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect()))
}
