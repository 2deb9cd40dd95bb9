//! Programs: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `cards::triggers`.

use crate::netrunner::cards::common::{
    add_power, breach_extra, bypass, encountered_ice, encountering, gain_clicks, host, installed, power, question, remove_from_game, spend_power,
    trash_costs_only, trash_to_bypass_answer, yes_no, KIND,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    AUDREY_V2_ROW,
    AZIMAT_ROW,
    BANNER_ROW,
    BOI_TATA_ROW,
    BOTULUS_ROW,
    BUZZSAW_ROW,
    CARMEN_ROW,
    CHROMATOPHORES_ROW,
    CLEAVER_ROW,
    COALESCENCE_ROW,
    CONDUIT_ROW,
    CUPELLATION_ROW,
    CURUPIRA_ROW,
    DEVADATTA_DRONE_ROW,
    ECHELON_ROW,
    FERMENTER_ROW,
    GOURMAND_ROW,
    HANTU_ROW,
    HELIAMPHORA_ROW,
    LASER_POINTER_ROW,
    LEECH_ROW,
    LIVING_MURAL_ROW,
    LOBISOMEM_ROW,
    MALANDRAGEM_ROW,
    MARJANAH_ROW,
    MAYFLY_ROW,
    MONKEYWRENCH_ROW,
    MUSE_ROW,
    PHYSARUM_ENTANGLER_ROW,
    PICHACAO_ROW,
    PRESSURE_SPIKE_ROW,
    PRINCIPIA_ROW,
    RISING_TIDE_ROW,
    SACI_ROW,
    SANG_KANCIL_ROW,
    SHIBBOLETH_ROW,
    SLAP_VANDAL_ROW,
    TRANQUILIZER_ROW,
    UMBRELLA_ROW,
    UNITY_ROW,
];

// --- Audrey v2 -----------------------------------------------------------------------------------

pub const AUDREY_V2: &str = "34004";

pub(crate) const AUDREY_V2_ROW: CardDef = CardDef {
    code: AUDREY_V2,
    name: "Audrey v2",
    events: &[(When::TrashAccessed, Effect::Custom(virus_on_self))],
    paid: Some(PaidAbility { offers: audrey_offers, effect: Effect::Custom(audrey) }),
    asks: &[Ask::Own(Prompt { ask: audrey_pump_ask, answer: audrey_pump_answer })],
    ..BLANK
};

/// Audrey v2 (an AI breaker whose costs are not credits): a virus counter breaks up to 2
/// subroutines (the option's argument: a bit per subroutine); trashing a grip card: +3 strength.
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
        || !crate::netrunner::cards::encounters::may_break(g, Some(card), ice)
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
    crate::netrunner::cards::helpers::trashed_from_grip_or_stack(g, &[k], ev);
    if let Some(r) = g.run.as_mut() {
        r.pumps.push((c.card, 3));
    }
    note(
        ev,
        "strength_pumped",
        format!("{} gets +3 strength (now {})", g.label(c.card), g.breaker_strength(c.card)),
        json!({"card": c.card, "amount": 3, "strength": g.breaker_strength(c.card)}),
    );
    Ok(Then::Done)
}

// --- Azimat --------------------------------------------------------------------------------------

pub const AZIMAT: &str = "35029";

pub(crate) const AZIMAT_ROW: CardDef = CardDef {
    code: AZIMAT,
    name: "Azimat",
    statics: &[Static::Recurring(2), Static::HostedCreditsFor(trash_costs_only)],
    on_install: Effect::Load(2),
    ..BLANK
};

// --- Banner --------------------------------------------------------------------------------------

pub const BANNER: &str = "34005";

pub(crate) const BANNER_ROW: CardDef =
    CardDef { code: BANNER, name: "Banner", paid: Some(PaidAbility { offers: banner_offers, effect: Effect::Custom(banner) }), ..BLANK };

/// Banner's interface ability (its strength at least the barrier's): for 2, the barrier's
/// subroutines cannot end the run for the rest of this encounter (`Run::no_etr`).
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
    paid: Some(PaidAbility { offers: botulus_offers, effect: Effect::Custom(botulus_break) }),
    ..BLANK
};

/// Botulus: a hosted virus counter breaks a subroutine of its host.
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

// --- Carmen --------------------------------------------------------------------------------------

pub const CARMEN: &str = "30015";

pub(crate) const CARMEN_ROW: CardDef = CardDef {
    code: CARMEN,
    name: "Carmen",
    breaker: Some(Breaker { pump: Pump::By(3), ..Breaker::new(Some("Sentry"), 1, 1, 2) }),
    statics: &[Static::CheaperAfterRun(2)],
    ..BLANK
};

// --- Chromatophores ------------------------------------------------------------------------------

pub const CHROMATOPHORES: &str = "35030";

pub(crate) const CHROMATOPHORES_ROW: CardDef =
    CardDef { code: CHROMATOPHORES, name: "Chromatophores", statics: &[Static::HostIceGains(&["Barrier", "Code Gate", "Sentry"])], ..BLANK };

// --- Cleaver -------------------------------------------------------------------------------------

pub const CLEAVER: &str = "30006";

pub(crate) const CLEAVER_ROW: CardDef = CardDef { code: CLEAVER, name: "Cleaver", breaker: Some(Breaker::new(Some("Barrier"), 2, 1, 2)), ..BLANK };

// --- Coalescence ---------------------------------------------------------------------------------

pub const COALESCENCE: &str = "34089";

pub(crate) const COALESCENCE_ROW: CardDef = CardDef {
    code: COALESCENCE,
    name: "Coalescence",
    on_install: Effect::Custom(two_power_counters),
    statics: &[Static::PaidInAnyWindow],
    paid: Some(PaidAbility { offers: coalescence_offers, effect: Effect::Custom(coalescence) }),
    ..BLANK
};

/// Coalescence: a hosted power counter: 2 credits, in the Runner's own turn.
fn coalescence_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if g.active != RUNNER || power(g, card) == 0 {
        return vec![];
    }
    vec![(format!("coalescence:{card}"), format!("{}: spend a power counter to gain 2 credits", g.label(card)), 0)]
}

fn coalescence(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if spend_power(g, c.card) {
        g.gain(RUNNER, 2, c.name(), ev);
    }
}

// --- Conduit -------------------------------------------------------------------------------------

pub const CONDUIT: &str = "30024";

pub(crate) const CONDUIT_ROW: CardDef = CardDef {
    code: CONDUIT,
    name: "Conduit",
    click: Some(Click { offers: conduit_offers, effect: Effect::Custom(conduit) }),
    run: Some(RunSource { more_access: conduit_access, on_success: Effect::None }),
    run_ends: Some(conduit_run_ends),
    ..BLANK
};

fn conduit_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    vec![(None, format!("{}: run R&D", g.label(card)))]
}

/// Conduit: click: run R&D, accessing 1 more per counter.
fn conduit(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(RD, Some(c.card), ev);
}

fn conduit_access(g: &Game, c: Ctx, server: u32) -> u32 {
    if server == RD {
        g.card(c.card).map_or(0, |k| k.virus)
    } else {
        0
    }
}

/// Conduit: a counter after each successful R&D run.
fn conduit_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if run.successful && run.server == RD {
        add_virus(g, c.card, 1, c.name(), ev);
    }
}

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

// --- Devadatta Drone -----------------------------------------------------------------------------

pub const DEVADATTA_DRONE: &str = "35031";

pub(crate) const DEVADATTA_DRONE_ROW: CardDef = CardDef {
    code: DEVADATTA_DRONE,
    name: "Devadatta Drone",
    on_install: Effect::Custom(two_power_counters),
    events: &[(When::Breach, Effect::Custom(devadatta_breach))],
    asks: &[Ask::Own(Prompt { ask: devadatta_ask, answer: devadatta_answer })],
    ..BLANK
};

/// Devadatta Drone: breaching R&D, a power counter may buy 1 more access.
fn devadatta_breach(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == RD && power(g, c.card) > 0 {
        ask_later(g, c, 0);
    }
}

fn devadatta_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 {
        return None;
    }
    yes_no(
        "may spend a power counter to access 1 more card in R&D (Devadatta Drone)",
        "Devadatta Drone: remove 1 power counter to access 1 more card?",
        "Remove 1 power counter: access 1 more card",
    )
}

fn devadatta_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && spend_power(g, c.card) {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner accesses 1 more card in R&D", c.name()), json!({"card": c.card, "power": power(g, c.card)}));
    }
    Ok(Then::Done)
}

// --- Echelon -------------------------------------------------------------------------------------

pub const ECHELON: &str = "30025";

pub(crate) const ECHELON_ROW: CardDef = CardDef {
    code: ECHELON,
    name: "Echelon",
    breaker: Some(Breaker { pump: Pump::By(2), strength_per_icebreaker: true, ..Breaker::new(Some("Sentry"), 1, 1, 3) }),
    ..BLANK
};

// --- Fermenter -----------------------------------------------------------------------------------

pub const FERMENTER: &str = "30007";

pub(crate) const FERMENTER_ROW: CardDef = CardDef {
    code: FERMENTER,
    name: "Fermenter",
    on_install: Effect::Custom(virus_on_self),
    events: &[(When::TurnBegin, Effect::Custom(virus_on_self))],
    click: Some(Click { offers: fermenter_offers, effect: Effect::Custom(fermenter_cash_out) }),
    ..BLANK
};

fn fermenter_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    vec![(None, format!("{}: trash it to gain 2 credits per virus counter", g.label(card)))]
}

/// Fermenter's click ability: trash it, 2 per counter.
fn fermenter_cash_out(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.card(c.card).map_or(0, |k| k.virus);
    crate::netrunner::cards::helpers::runner_trash(g, c.card, "Fermenter cashes out", ev);
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
    crate::netrunner::cards::helpers::runner_trash(g, c.card, "its own cost", ev);
    let card = c.arg;
    let here =
        matches!(g.corp_zone(card), crate::netrunner::state::CorpZone::Hq | crate::netrunner::state::CorpZone::Rd | crate::netrunner::state::CorpZone::Root(_));
    if here && crate::netrunner::cards::helpers::runner_may_trash(g, card) {
        crate::netrunner::cards::helpers::runner_trash(g, card, c.name(), ev);
        crate::netrunner::cards::helpers::runner_trashed_accessed(g, card, ev);
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
    paid: Some(PaidAbility { offers: hantu_offers, effect: Effect::Custom(hantu_pump) }),
    ..BLANK
};

fn hantu_install(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_virus(g, c.card, 2, c.name(), ev);
}

/// Hantu: a hosted virus counter: +2 strength (while it interfaces with the encountered sentry).
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
    if let Some(r) = g.run.as_mut() {
        r.pumps.push((c.card, 2));
    }
    note(
        ev,
        "strength_pumped",
        format!("{} spends a virus counter: +2 strength (now {})", g.label(c.card), g.breaker_strength(c.card)),
        json!({"card": c.card, "amount": 2, "strength": g.breaker_strength(c.card)}),
    );
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

// --- Leech ---------------------------------------------------------------------------------------

pub const LEECH: &str = "30008";

pub(crate) const LEECH_ROW: CardDef = CardDef {
    code: LEECH,
    name: "Leech",
    events: &[(When::SuccessfulRun, Effect::Custom(leech))],
    paid: Some(PaidAbility { offers: leech_offers, effect: Effect::Custom(leech_weaken) }),
    ..BLANK
};

/// Leech: a counter per successful central run.
fn leech(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.server <= ARCHIVES) {
        virus_on_self(g, c, ev);
    }
}

/// Leech: a counter gives the encountered ice -1 strength.
fn leech_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some((ice, _)) = encountered(g) else { return vec![] };
    if g.card(card).is_none_or(|k| k.virus == 0) || g.ice_strength(ice) <= 0 {
        return vec![];
    }
    vec![(format!("leech:{card}"), format!("{}: spend a virus counter: the ice gets -1 strength", g.label(card)), 0)]
}

fn leech_weaken(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !remove_virus(g, c.card) {
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.ice_minus += 1;
    }
    note(ev, "ice_weakened", format!("{} spends a virus counter: the encountered ice gets -1 strength", g.label(c.card)), json!({"card": c.card}));
}

// --- Living Mural --------------------------------------------------------------------------------

pub const LIVING_MURAL: &str = "34024";

pub(crate) const LIVING_MURAL_ROW: CardDef = CardDef {
    code: LIVING_MURAL,
    name: "Living Mural",
    breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Sentry"), 1, 1, 1) }),
    statics: &[Static::InterfacesOnlyWith(protects_the_host_server), Static::BreakerStrength(living_mural_strength)],
    on_install: Effect::Custom(living_mural_installed),
    ..BLANK
};

/// Living Mural breaks only ice protecting the server its host ice protects.
fn protects_the_host_server(g: &Game, this: u32, ice: u32) -> bool {
    match (host(g, this).map(|h| g.corp_zone(h)), g.corp_zone(ice)) {
        (Some(crate::netrunner::state::CorpZone::Ice(a)), crate::netrunner::state::CorpZone::Ice(b)) => a == b,
        _ => false,
    }
}

/// Threat 4 as it is installed: +3 strength for the rest of the turn, recorded as this instance's
/// use this turn (`TurnFlags::used_cards`, reset as the turn ends).
fn living_mural_installed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) && !g.flags.used_cards.contains(&c.card) {
        g.flags.used_cards.push(c.card);
        note(ev, "strength", format!("{}: +3 strength for the rest of the turn (threat 4)", c.name()), json!({"card": c.card, "amount": 3}));
    }
}

fn living_mural_strength(g: &Game, card: u32) -> i64 {
    let this_turn = g.card(card).is_some_and(|k| k.installed_turn == g.turn) && g.flags.used_cards.contains(&card);
    if this_turn {
        3
    } else {
        0
    }
}

// --- Lobisomem -----------------------------------------------------------------------------------

pub const LOBISOMEM: &str = "34090";

pub(crate) const LOBISOMEM_ROW: CardDef = CardDef {
    code: LOBISOMEM,
    name: "Lobisomem",
    breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Code Gate"), 1, 1, 1) }),
    on_install: Effect::Custom(one_power_counter),
    events: &[(When::FullyBreaks, Effect::Custom(lobisomem_fully_breaks))],
    paid: Some(PaidAbility { offers: lobisomem_offers, effect: Effect::Custom(lobisomem) }),
    ..BLANK
};

fn one_power_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 1, c.name(), ev);
}

fn lobisomem_fully_breaks(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.ice_has_subtype(c.arg, "Code Gate") {
        add_power(g, c.card, 1, c.name(), ev);
    }
}

/// Lobisomem: X credits and a hosted power counter break X barrier subroutines (any X of the
/// unbroken ones, as a mask in the argument); its strength pump also while encountering a barrier
/// its code gate interface does not cover.
fn lobisomem_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    if !g.ice_has_subtype(ice, "Barrier") {
        return vec![];
    }
    let mut o = Vec::new();
    if !g.ice_has_subtype(ice, "Code Gate") && g.runner_available() >= g.pump_cost(card) {
        o.push((format!("lobisomem-pump:{card}"), format!("{}: +2 strength for {} (now {})", g.label(card), g.pump_cost(card), g.breaker_strength(card)), 0));
    }
    if power(g, card) == 0 || g.breaker_strength(card) < g.ice_strength(ice) || !crate::netrunner::cards::encounters::may_break(g, Some(card), ice) {
        return o;
    }
    let unbroken: Vec<usize> = run.broken.iter().enumerate().filter(|(i, b)| !**b && *i < 16).map(|(i, _)| i).collect();
    for mask in 1u32..(1 << unbroken.len()) {
        let subs: Vec<usize> = unbroken.iter().enumerate().filter(|(k, _)| mask & (1 << k) != 0).map(|(_, &i)| i).collect();
        let x = subs.len() as i64;
        if g.runner_available() < x {
            continue;
        }
        let ids: Vec<String> = subs.iter().map(|i| i.to_string()).collect();
        let texts: Vec<String> = subs.iter().map(|&i| format!("\"{}\"", crate::netrunner::cards::subroutine_text(g.code(ice), i))).collect();
        let arg = subs.iter().fold(0u32, |m, &i| m | (1 << i));
        o.push((
            format!("lobisomem:{card}:{}", ids.join("+")),
            format!("{}: pay {x} and a hosted power counter to break {}", g.label(card), texts.join(" and ")),
            arg,
        ));
    }
    o
}

fn lobisomem(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        let cost = g.pump_cost(c.card);
        if !g.runner_pay(cost) {
            return;
        }
        if let Some(r) = g.run.as_mut() {
            r.pumps.push((c.card, 2));
        }
        note(
            ev,
            "strength_pumped",
            format!("{} gets +2 strength for {cost} (now {})", g.label(c.card), g.breaker_strength(c.card)),
            json!({"card": c.card, "amount": 2, "strength": g.breaker_strength(c.card)}),
        );
        return;
    }
    let subs: Vec<usize> = (0..16).filter(|i| c.arg & (1 << i) != 0).collect();
    if power(g, c.card) == 0 || !g.runner_pay(subs.len() as i64) || !spend_power(g, c.card) {
        return;
    }
    note(
        ev,
        "power_counters",
        format!("{}: 1 power counter spent (now {})", g.label(c.card), power(g, c.card)),
        json!({"card": c.card, "change": -1, "power": power(g, c.card)}),
    );
    crate::netrunner::cards::helpers::break_by_ability(g, c.card, &subs, ev);
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

// --- Mayfly --------------------------------------------------------------------------------------

pub const MAYFLY: &str = "30032";

pub(crate) const MAYFLY_ROW: CardDef =
    CardDef { code: MAYFLY, name: "Mayfly", breaker: Some(Breaker { trash_after_run: true, ..Breaker::new(None, 1, 1, 1) }), ..BLANK };

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

// --- Muse ----------------------------------------------------------------------------------------

pub const MUSE: &str = "34091";

pub(crate) const MUSE_ROW: CardDef =
    CardDef { code: MUSE, name: "Muse", on_install: Effect::Ask(0), asks: &[Ask::Own(Prompt { ask: muse_ask, answer: muse_answer })], ..BLANK };

/// The non-daemon programs of the stack, the heap and the grip, with where each is.
fn muse_found(g: &Game) -> Vec<(u32, &'static str)> {
    let r = &g.runner;
    let zones: [(&[u32], &'static str); 3] = [(&r.stack, "stack"), (&r.heap, "heap"), (&r.grip, "grip")];
    zones
        .iter()
        .flat_map(|(cards, zone)| cards.iter().map(move |&k| (k, *zone)))
        .filter(|&(k, _)| g.def(k).ctype == CardType::Program && !g.def(k).has_subtype("Daemon"))
        .collect()
}

/// One option per install the Runner can pay for: a Trojan on each installed ice, another
/// program on Muse (while Muse is installed).
fn muse_options(g: &Game, c: Ctx) -> Vec<(crate::core::DecisionOption, Answer)> {
    let mut o = vec![(opt("none", "Find nothing"), Answer::No)];
    for (k, zone) in muse_found(g) {
        let cost = g.runner_install_cost(k);
        if runner_available_for(g, Spend::Install(k)) < cost || g.def(k).memory.unwrap_or(0) > g.memory_limit() {
            continue;
        }
        if g.is_trojan(k) {
            for ice in g.installed_corp().into_iter().filter(|&i| g.def(i).ctype == CardType::Ice) {
                o.push((
                    opt(format!("install:{k}:{ice}"), format!("Install {} from your {zone} on {} (cost {cost})", g.label(k), g.corp_public_label(ice))),
                    Answer::Install { card: k, server: Some(ice) },
                ));
            }
        } else if installed(g, c.card) {
            o.push((
                opt(format!("install:{k}"), format!("Install {} from your {zone} on {} (cost {cost})", g.label(k), c.name())),
                Answer::Install { card: k, server: None },
            ));
        }
    }
    o
}

fn muse_ask(g: &Game, c: Ctx) -> Option<Question> {
    let o = muse_options(g, c);
    Some(Question::one(
        RUNNER,
        SEARCH_KIND,
        format!("searches the stack, heap and grip for a program ({})", c.name()),
        format!("{}: find 1 non-daemon program in your stack, heap or grip and install it (a Trojan on an ice, any other on {})", c.name(), c.name()),
        o,
    ))
}

/// The stack was searched: it is shuffled after the install (pushed first, resolved last).
fn muse_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    g.tasks.push(Task::Shuffle { corp: false });
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    Ok(Then::InstallRunnerOn { card, host: server.unwrap_or(c.card) })
}

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
        crate::netrunner::cards::helpers::runner_trash(g, c.card, "the Corp purged virus counters", ev);
    }
}

// --- Pichação ------------------------------------------------------------------------------------

pub const PICHACAO: &str = "34025";

pub(crate) const PICHACAO_ROW: CardDef = CardDef {
    code: PICHACAO,
    name: "Pichação",
    events: &[(When::RunnerPassedIce, Effect::Custom(pichacao_passed))],
    asks: &[Ask::Own(Prompt { ask: pichacao_ask, answer: pichacao_answer })],
    ..BLANK
};

/// Pichação: passing its host ice (`Ctx::arg`), a click may be gained.
fn pichacao_passed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if host(g, c.card) == Some(c.arg) {
        ask_later(g, c, 0);
    }
}

fn pichacao_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.runner.programs.contains(&c.card) {
        return None;
    }
    let back = if g.flags.run_click_gains > 0 { " (not the first click gained during a run this turn: it returns to your grip)" } else { "" };
    yes_no(&format!("may gain a click ({})", c.name()), &format!("{}: gain a click?{back}", c.name()), "Gain a click")
}

/// The click; then, if the Runner had already gained a click during a run this turn, the
/// program goes back to the grip.
fn pichacao_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes {
        return Ok(Then::Done);
    }
    gain_clicks(g, 1, c.name(), ev);
    if g.flags.run_click_gains > 1 && g.runner.programs.contains(&c.card) {
        g.to_grip(c.card);
        note(ev, "to_grip", format!("{}: it returns to the Runner's grip", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

// --- Pressure Spike ------------------------------------------------------------------------------

pub const PRESSURE_SPIKE: &str = "34092";

pub(crate) const PRESSURE_SPIKE_ROW: CardDef = CardDef {
    code: PRESSURE_SPIKE,
    name: "Pressure Spike",
    breaker: Some(Breaker { pump: Pump::By(3), ..Breaker::new(Some("Barrier"), 1, 1, 2) }),
    paid: Some(PaidAbility { offers: pressure_spike_offers, effect: Effect::Custom(pressure_spike) }),
    ..BLANK
};

/// Pressure Spike: threat 4: 2 credits: +9 strength, once per run (`Run::used_cards`), while it
/// interfaces with the encountered barrier.
fn pressure_spike_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let used = g.run.as_ref().is_some_and(|r| r.used_cards.contains(&card));
    if !threat(g, 4) || used || !g.ice_has_subtype(ice, "Barrier") || g.runner_available() < 2 {
        return vec![];
    }
    vec![(format!("pressure-spike:{card}"), format!("{}: +9 strength for 2, once per run (now {})", g.label(card), g.breaker_strength(card)), 0)]
}

fn pressure_spike(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.runner_pay(2) {
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.used_cards.push(c.card);
        r.pumps.push((c.card, 9));
    }
    note(
        ev,
        "strength_pumped",
        format!("{} gets +9 strength for 2 (now {})", g.label(c.card), g.breaker_strength(c.card)),
        json!({"card": c.card, "amount": 9, "strength": g.breaker_strength(c.card)}),
    );
}

// --- Principia -----------------------------------------------------------------------------------

pub const PRINCIPIA: &str = "35032";

pub(crate) const PRINCIPIA_ROW: CardDef = CardDef {
    code: PRINCIPIA,
    name: "Principia",
    breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Barrier"), 1, 1, 2) }),
    statics: &[Static::InstallCheaper(principia_discount)],
    ..BLANK
};

/// Principia: 1 less per other installed icebreaker (counted when it is paid for, after any
/// program trashed to make room).
fn principia_discount(g: &Game, card: u32) -> i64 {
    g.runner.programs.iter().filter(|&&p| p != card && g.def(p).has_subtype("Icebreaker")).count() as i64
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

// --- Slap Vandal ---------------------------------------------------------------------------------

pub const SLAP_VANDAL: &str = "34026";

pub(crate) const SLAP_VANDAL_ROW: CardDef =
    CardDef { code: SLAP_VANDAL, name: "Slap Vandal", paid: Some(PaidAbility { offers: slap_vandal_offers, effect: Effect::Custom(slap_vandal) }), ..BLANK };

/// Slap Vandal: 1 credit: break 1 subroutine of its host ice, once per encounter (its breaks
/// are in `Run::broken_by`).
fn slap_vandal_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    if host(g, card) != Some(ice)
        || run.broken_by.iter().any(|(b, _)| *b == card)
        || g.runner_available() < 1
        || g.breaker_strength(card) < g.ice_strength(ice)
        || !crate::netrunner::cards::encounters::may_break(g, Some(card), ice)
    {
        return vec![];
    }
    run.broken
        .iter()
        .enumerate()
        .filter(|(_, b)| !**b)
        .map(|(i, _)| {
            (
                format!("slap-vandal:{card}:{i}"),
                format!("{}: break \"{}\" for 1", g.label(card), crate::netrunner::cards::subroutine_text(g.code(ice), i)),
                i as u32,
            )
        })
        .collect()
}

fn slap_vandal(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.runner_pay(1) {
        return;
    }
    let sub = c.arg as usize;
    if let Some(r) = g.run.as_mut() {
        if let Some(b) = r.broken.get_mut(sub) {
            *b = true;
        }
        r.broken_by.push((c.card, sub));
    }
    note(ev, "subroutine_broken", format!("{} breaks subroutine {} for 1", g.label(c.card), sub + 1), json!({"breaker": c.card, "subroutines": [sub]}));
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
            crate::netrunner::cards::helpers::derez(g, h, "Tranquilizer", ev);
        }
    }
}

// --- Umbrella ------------------------------------------------------------------------------------

pub const UMBRELLA: &str = "34027";

pub(crate) const UMBRELLA_ROW: CardDef = CardDef {
    code: UMBRELLA,
    name: "Umbrella",
    breaker: Some(Breaker { pump: Pump::Never, ..Breaker::new(Some("Code Gate"), 3, 2, 0) }),
    statics: &[Static::InterfacesOnlyWith(hosts_a_trojan)],
    events: &[(When::BrokeSubroutines, Effect::Custom(umbrella_broke))],
    asks: &[
        Ask::Own(Prompt { ask: umbrella_runner_ask, answer: umbrella_runner_draws }),
        Ask::Own(Prompt { ask: umbrella_corp_ask, answer: umbrella_corp_draws }),
    ],
    ..BLANK
};

/// Umbrella interfaces only with ice hosting a Trojan.
fn hosts_a_trojan(g: &Game, _: u32, ice: u32) -> bool {
    g.runner.programs.iter().any(|&p| g.is_trojan(p) && g.card(p).is_some_and(|k| k.host == Some(ice)))
}

/// Umbrella broke at least 1 subroutine: each player may draw 1, the Runner (active) first (the
/// last task pushed is asked first).
fn umbrella_broke(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg > 0 {
        ask_later(g, c, 1);
        ask_later(g, c, 0);
    }
}

fn umbrella_runner_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.stack.is_empty() {
        return None;
    }
    yes_no(&format!("may draw 1 card ({})", c.name()), &format!("{}: draw 1 card?", c.name()), "Draw 1 card")
}

/// The Corp is asked only while R&D has a card (drawing from an empty R&D would lose it the game).
fn umbrella_corp_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    let o = vec![(opt("use", "Draw 1 card"), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(Question::one(CORP, KIND, format!("may draw 1 card ({})", c.name()), format!("{}: draw 1 card?", c.name()), o))
}

fn umbrella_runner_draws(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(RUNNER, 1, ev);
    }
    Ok(Then::Done)
}

fn umbrella_corp_draws(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

// --- Unity ---------------------------------------------------------------------------------------

pub const UNITY: &str = "30026";

pub(crate) const UNITY_ROW: CardDef =
    CardDef { code: UNITY, name: "Unity", breaker: Some(Breaker { pump: Pump::PerIcebreaker, ..Breaker::new(Some("Code Gate"), 1, 1, 1) }), ..BLANK };

// --- shared by the cards above ---------------------------------------------------------------------

/// The ice the Runner is encountering, rezzed, and its unbroken subroutines.
fn encountered(g: &Game) -> Option<(u32, Vec<usize>)> {
    let run = g.run.as_ref()?;
    let ice = run.current.filter(|&i| g.rezzed(i))?;
    Some((ice, run.broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect()))
}

fn two_power_counters(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 2, c.name(), ev);
}
