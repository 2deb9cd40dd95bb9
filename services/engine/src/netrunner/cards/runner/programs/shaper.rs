//! Programs of the Shaper faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    add_power, breach_extra, encountered_ice, gain_clicks, host, installed, power, spend_power, trash_costs_only, two_power_counters, yes_no, KIND,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    AZIMAT_ROW,
    CHROMATOPHORES_ROW,
    COALESCENCE_ROW,
    CONDUIT_ROW,
    DEVADATTA_DRONE_ROW,
    ECHELON_ROW,
    LIVING_MURAL_ROW,
    LOBISOMEM_ROW,
    MUSE_ROW,
    PICHACAO_ROW,
    PRESSURE_SPIKE_ROW,
    PRINCIPIA_ROW,
    SLAP_VANDAL_ROW,
    UMBRELLA_ROW,
    UNITY_ROW,
];

// --- Azimat --------------------------------------------------------------------------------------

pub const AZIMAT: &str = "35029";

pub(crate) const AZIMAT_ROW: CardDef = CardDef {
    code: AZIMAT,
    name: "Azimat",
    statics: &[Static::Recurring(2), Static::HostedCreditsFor(trash_costs_only)],
    on_install: Effect::Load(2),
    ..BLANK
};

// --- Chromatophores ------------------------------------------------------------------------------

pub const CHROMATOPHORES: &str = "35030";

pub(crate) const CHROMATOPHORES_ROW: CardDef =
    CardDef { code: CHROMATOPHORES, name: "Chromatophores", statics: &[Static::HostIceGains(&["Barrier", "Code Gate", "Sentry"])], ..BLANK };

// --- Coalescence ---------------------------------------------------------------------------------

pub const COALESCENCE: &str = "34089";

pub(crate) const COALESCENCE_ROW: CardDef = CardDef {
    code: COALESCENCE,
    name: "Coalescence",
    on_install: Effect::Custom(two_power_counters),
    statics: &[Static::PaidInAnyWindow],
    paid: Some(PaidAbility {
        offers: Offers::Costed(Costed {
            id: "coalescence",
            cost: Cost::Counters(Counter::Power, 1),
            usable: |g, _| g.active == RUNNER,
            text: "spend a power counter to gain 2 credits",
        }),
        effect: Effect::Gain(RUNNER, 2),
    }),
    ..BLANK
};

// --- Conduit -------------------------------------------------------------------------------------

pub const CONDUIT: &str = "30024";

pub(crate) const CONDUIT_ROW: CardDef = CardDef {
    code: CONDUIT,
    name: "Conduit",
    click: Some(Click { offers: Offers::Costed(Costed { id: "", cost: Cost::Free, usable: |_, _| true, text: "run R&D" }), effect: Effect::Custom(conduit) }),
    run: Some(RunSource { more_access: conduit_access, on_success: Effect::None }),
    run_ends: Some(conduit_run_ends),
    ..BLANK
};

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
    paid: Some(PaidAbility { offers: Offers::Own(lobisomem_offers), effect: Effect::Custom(lobisomem) }),
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
/// Hand-written offers, not a `Costed`: one option per set of subroutines to break, beside a pump.
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
    if power(g, card) == 0 || g.breaker_strength(card) < g.ice_strength(ice) || !crate::netrunner::effects::encounters::may_break(g, Some(card), ice) {
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
        boost(g, c.card, 2, &format!("gets +2 strength for {cost}"), ev);
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
    crate::netrunner::effects::encounters::break_by_ability(g, c.card, &subs, ev);
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
    paid: Some(PaidAbility { offers: Offers::Own(pressure_spike_offers), effect: Effect::Custom(pressure_spike) }),
    ..BLANK
};

/// Pressure Spike: threat 4: 2 credits: +9 strength, once per run (`Run::used_cards`), while it
/// interfaces with the encountered barrier.
/// Hand-written offers, not a `Costed`: its label tells the strength now, and it is once per run.
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
    }
    boost(g, c.card, 9, "gets +9 strength for 2", ev);
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

// --- Slap Vandal ---------------------------------------------------------------------------------

pub const SLAP_VANDAL: &str = "34026";

pub(crate) const SLAP_VANDAL_ROW: CardDef = CardDef {
    code: SLAP_VANDAL,
    name: "Slap Vandal",
    paid: Some(PaidAbility { offers: Offers::Own(slap_vandal_offers), effect: Effect::Custom(slap_vandal) }),
    ..BLANK
};

/// Slap Vandal: 1 credit: break 1 subroutine of its host ice, once per encounter (its breaks
/// are in `Run::broken_by`).
/// Hand-written offers, not a `Costed`: one option per subroutine to break.
fn slap_vandal_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    if host(g, card) != Some(ice)
        || run.broken_by.iter().any(|(b, _)| *b == card)
        || g.runner_available() < 1
        || g.breaker_strength(card) < g.ice_strength(ice)
        || !crate::netrunner::effects::encounters::may_break(g, Some(card), ice)
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
