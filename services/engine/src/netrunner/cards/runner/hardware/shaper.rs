//! Hardware of the Shaper faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{add_power, grip_programs, installed, one, power, question, spend_power, yes_no};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[AIRBLADEX_ROW, CATALOGUER_ROW, DZMZ_OPTIMIZER_ROW, GAMEDRAGON_PRO_ROW, LILYPAD_ROW, MADANI_ROW, PANTOGRAPH_ROW];

// --- AirbladeX (JSRF Ed.) ------------------------------------------------------------------------

pub const AIRBLADEX: &str = "34022";

pub(crate) const AIRBLADEX_ROW: CardDef = CardDef {
    code: AIRBLADEX,
    name: "AirbladeX (JSRF Ed.)",
    on_install: Effect::Custom(airbladex_load),
    statics: &[Static::PreventsDamage(DamageKind::Net, 0), Static::PreventsEncounterAbility(1)],
    asks: &[
        Ask::Own(Prompt { ask: airbladex_damage_ask, answer: airbladex_damage_answer }),
        Ask::Own(Prompt { ask: airbladex_encounter_ask, answer: airbladex_encounter_answer }),
    ],
    ..BLANK
};

/// Power counters loaded when installed: AirbladeX, Cataloguer.
const AIRBLADEX_COUNTERS: u32 = 3;

fn airbladex_load(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, AIRBLADEX_COUNTERS, c.name(), ev);
}

/// Net damage about to resolve during a run: prevent 1 point per hosted power counter spent.
fn airbladex_damage_ask(g: &Game, c: Ctx) -> Option<Question> {
    let most = power(g, c.card).min(damage_left(g));
    if g.run.is_none() || most == 0 || !installed(g, c.card) {
        return None;
    }
    let mut o: Vec<_> =
        (1..=most).map(|n| (opt(format!("prevent:{n}"), format!("Spend {n} power counter(s): prevent {n} net damage")), Answer::Mode(n as u8))).collect();
    o.push((opt("decline", "Prevent nothing"), Answer::No));
    Some(question(
        format!("may prevent net damage ({})", c.name()),
        format!("{}: spend hosted power counters to prevent 1 net damage each ({} about to be taken)?", c.name(), damage_left(g)),
        o,
    ))
}

fn airbladex_damage_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Mode(n) = first(a) {
        let n = u32::from(n);
        if spend_counters(g, c, n, ev) {
            prevent_damage(g, n, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

/// The encountered ice (in `Ctx::arg`) has a "when encountered" ability: may prevent it.
fn airbladex_encounter_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 || !installed(g, c.card) {
        return None;
    }
    yes_no(
        &format!("may prevent the \"when encountered\" ability of {} ({})", g.label(c.arg), c.name()),
        &format!("{}: spend a hosted power counter to prevent the \"when encountered\" ability of {}?", c.name(), g.label(c.arg)),
        "Spend 1 power counter: prevent it",
    )
}

fn airbladex_encounter_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && spend_counters(g, c, 1, ev) {
        prevent_encounter_ability(g, c.arg, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Cataloguer ----------------------------------------------------------------------------------

pub const CATALOGUER: &str = "34088";

pub(crate) const CATALOGUER_ROW: CardDef = CardDef {
    code: CATALOGUER,
    name: "Cataloguer",
    on_install: Effect::Custom(cataloguer_load),
    events: &[(When::SuccessfulRun, Effect::Custom(cataloguer_success))],
    click: Some(Click { offers: Offers::Own(cataloguer_offers), effect: Effect::Custom(cataloguer_breach) }),
    asks: &[
        Ask::Own(Prompt { ask: cataloguer_instead_ask, answer: cataloguer_instead_answer }),
        Ask::Own(Prompt { ask: cataloguer_arrange_ask, answer: cataloguer_arrange_answer }),
    ],
    ..BLANK
};

const CATALOGUER_COUNTERS: u32 = 2;

/// Cataloguer looks at this many cards of R&D.
const CATALOGUER_LOOK: usize = 4;

fn cataloguer_load(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, CATALOGUER_COUNTERS, c.name(), ev);
}

/// A successful run that would breach R&D.
fn breaches_rd(g: &Game) -> bool {
    g.run.as_ref().is_some_and(|r| r.server == RD && r.breach_instead.is_none() && !r.no_breach)
}

fn cataloguer_success(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if breaches_rd(g) && power(g, c.card) > 0 {
        ask_later(g, c, 0);
    }
}

fn cataloguer_instead_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !breaches_rd(g) || power(g, c.card) == 0 || !installed(g, c.card) {
        return None;
    }
    yes_no(
        &format!("may look at and arrange the top {CATALOGUER_LOOK} cards of R&D instead of breaching it ({})", c.name()),
        &format!("{}: instead of breaching R&D, spend a hosted power counter to look at the top {CATALOGUER_LOOK} cards of R&D and arrange them?", c.name()),
        "Spend 1 power counter: look and arrange instead of breaching",
    )
}

/// "Instead of breaching" (CR 6.7): the run stays successful; nothing is breached.
fn cataloguer_instead_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !spend_counters(g, c, 1, ev) {
        return Ok(Then::Done);
    }
    if let Some(r) = g.run.as_mut() {
        r.no_breach = true;
    }
    note(ev, "breach_replaced", format!("{}: instead of breaching R&D, the Runner looks at its top cards", c.name()), json!({"server": RD}));
    ask_later(g, c, 1);
    Ok(Then::Done)
}

fn cataloguer_arrange_ask(g: &Game, c: Ctx) -> Option<Question> {
    let n = g.corp.rd.len().min(CATALOGUER_LOOK);
    arrange_rd_top_ask(g, c, RUNNER, CATALOGUER_LOOK, format!("looks at the top {n} card(s) of R&D and arranges them ({})", c.name()))
}

fn cataloguer_arrange_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let name = c.name();
    // R&D's order is hidden from the Corp too: the new order is told to the Runner alone.
    arrange_rd_top_answer(g, c, RUNNER, CATALOGUER_LOOK, a, |n| format!("{name}: the Runner arranges the top {n} card(s) of R&D"), ev)
}

/// [click], hosted power counter: breach R&D, after a successful run on R&D this turn.
/// Hand-written offers, not a `Costed`: its power counter is spent in its own logged words (a `power_counters` event).
fn cataloguer_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.active != RUNNER || !g.flags.successful_servers.contains(&RD) || power(g, card) == 0 || !installed(g, card) {
        return vec![];
    }
    vec![(None, format!("{}: spend a hosted power counter to breach R&D", g.label(card)))]
}

/// A breach of R&D outside a run: 1 card accessed from the top (NR-7.2).
fn cataloguer_breach(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !spend_counters(g, c, 1, ev) {
        return;
    }
    let slots = if g.corp.rd.is_empty() { vec![] } else { vec![Slot::RdTop] };
    access_outside_run(g, RD, slots, c.name(), ev);
}

// --- DZMZ Optimizer ------------------------------------------------------------------------------

pub const DZMZ_OPTIMIZER: &str = "30022";

pub(crate) const DZMZ_OPTIMIZER_ROW: CardDef =
    CardDef { code: DZMZ_OPTIMIZER, name: "DZMZ Optimizer", statics: &[Static::Memory(1), Static::FirstProgramCheaper(1)], ..BLANK };

// --- GAMEDRAGON™ Pro -----------------------------------------------------------------------------

pub const GAMEDRAGON_PRO: &str = "35027";

pub(crate) const GAMEDRAGON_PRO_ROW: CardDef = CardDef {
    code: GAMEDRAGON_PRO,
    name: "GAMEDRAGON™ Pro",
    on_install: Effect::Ask(0),
    events: &[(When::TurnBegin, Effect::Ask(0))],
    statics: &[Static::HostStrength(1), Static::HostPumpsLastRun],
    asks: &[Ask::Own(Prompt { ask: gamedragon_ask, answer: gamedragon_answer })],
    ..BLANK
};

/// The installed non-AI icebreakers it may be hosted on (not the one hosting it now).
fn gamedragon_hosts(g: &Game, card: u32) -> Vec<u32> {
    let now = g.card(card).and_then(|k| k.host);
    g.runner.programs.iter().copied().filter(|&p| g.def(p).has_subtype("Icebreaker") && !g.def(p).has_subtype("AI") && Some(p) != now).collect()
}

fn gamedragon_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hosts = gamedragon_hosts(g, c.card);
    if hosts.is_empty() || !g.runner.hardware.contains(&c.card) {
        return None;
    }
    let mut o = card_options(g, "host", &hosts);
    o.push((opt("decline", "Do not"), Answer::No));
    Some(question(format!("may host {} on an icebreaker", c.name()), format!("{}: host it on an installed non-AI icebreaker?", c.name()), o))
}

fn gamedragon_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(b) = first(a) else { return Ok(Then::Done) };
    if !gamedragon_hosts(g, c.card).contains(&b) {
        return Err(RulesError::Illegal("not an installed non-AI icebreaker".into()));
    }
    if let Some(k) = g.card_mut(c.card) {
        k.host = Some(b);
    }
    note(ev, "hosted", format!("{} is hosted on {}", g.label(c.card), g.label(b)), json!({"card": c.card, "code": g.code(c.card), "host": b}));
    Ok(Then::Done)
}

// --- LilyPAD -------------------------------------------------------------------------------------

pub const LILYPAD: &str = "34023";

pub(crate) const LILYPAD_ROW: CardDef = CardDef {
    code: LILYPAD,
    name: "LilyPAD",
    statics: &[Static::Memory(2)],
    events: &[(When::RunnerInstalled, Effect::Custom(lilypad_installed))],
    asks: &[Ask::Own(Prompt { ask: lilypad_ask, answer: lilypad_answer })],
    ..BLANK
};

/// LilyPAD: the first program installed each turn may draw 1.
fn lilypad_installed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.def(c.arg).ctype == CardType::Program && !g.flags.program_installed {
        ask_later(g, c, 0);
    }
}

fn lilypad_ask(_: &Game, _: Ctx) -> Option<Question> {
    yes_no("may draw 1 card (LilyPAD)", "LilyPAD: draw 1 card?", "Draw 1 card")
}

fn lilypad_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(RUNNER, 1, ev);
    }
    Ok(Then::Done)
}

// --- Madani --------------------------------------------------------------------------------------

pub const MADANI: &str = "35028";

pub(crate) const MADANI_ROW: CardDef = CardDef {
    code: MADANI,
    name: "Madani",
    click: Some(Click {
        offers: Offers::Costed(Costed { id: "", cost: Cost::Free, usable: |g, _| !grip_programs(g).is_empty(), text: "host programs from your grip on it" }),
        effect: Effect::Ask(0),
    }),
    statics: &[Static::PaidInAnyWindow],
    paid: Some(PaidAbility {
        offers: Offers::Costed(Costed {
            id: "madani",
            cost: Cost::Free,
            usable: |g, card| !g.flags.used_cards.contains(&card) && !madani_installable(g, card).is_empty(),
            text: "install 1 hosted program",
        }),
        effect: Effect::Custom(madani_install),
    }),
    asks: &[Ask::Own(Prompt { ask: madani_host_ask, answer: madani_host_answer }), Ask::Own(Prompt { ask: madani_install_ask, answer: madani_install_answer })],
    ..BLANK
};

fn madani_host_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ps = grip_programs(g);
    if ps.is_empty() || !g.runner.hardware.contains(&c.card) {
        return None;
    }
    let n = ps.len() as u32;
    Some(
        question(
            format!("hosts programs from the grip on {}", c.name()),
            format!("{}: host any number of programs from your grip face up on it", c.name()),
            card_options(g, "card", &ps),
        )
        .range(1, n),
    )
}

fn madani_host_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ps = grip_programs(g);
    for k in picked(a).into_iter().filter(|k| ps.contains(k)) {
        host_faceup(g, k, c.card, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The hosted programs the Runner can pay to install now.
fn madani_installable(g: &Game, card: u32) -> Vec<u32> {
    hosted_on(g, card)
        .into_iter()
        .filter(|&k| g.def(k).ctype == CardType::Program && runner_available_for(g, Spend::Install(k)) >= g.runner_install_cost(k))
        .collect()
}

fn madani_install(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    g.flags.used_cards.push(c.card);
    ask_later(g, c, 1);
}

fn madani_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ps = madani_installable(g, c.card);
    if ps.is_empty() {
        return None;
    }
    let o = ps.iter().map(|&k| (opt(format!("install:{k}"), format!("Install {} for {}", g.label(k), g.runner_install_cost(k))), Answer::Card(k))).collect();
    Some(question(format!("installs a program hosted on {}", c.name()), format!("{}: install 1 hosted program, paying its install cost", c.name()), o))
}

fn madani_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Card(k) if madani_installable(g, c.card).contains(&k) => Ok(Then::InstallRunner { card: k }),
        _ => Ok(Then::Done),
    }
}

// --- Pantograph ----------------------------------------------------------------------------------

pub const PANTOGRAPH: &str = "30023";

pub(crate) const PANTOGRAPH_ROW: CardDef = CardDef {
    code: PANTOGRAPH,
    name: "Pantograph",
    statics: &[Static::Memory(1)],
    events: &[(When::AgendaChangedHands, Effect::Custom(pantograph))],
    asks: &[Ask::Own(Prompt { ask: pantograph_ask, answer: pantograph_answer })],
    ..BLANK
};

/// Pantograph: an agenda scored or stolen gives 1 credit and may install a grip card.
fn pantograph(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let label = g.label(c.card);
    g.gain(RUNNER, 1, &label, ev);
    ask_later(g, c, 0);
}

/// Grip cards Pantograph may install (programs that are not Trojans, hardware, resources).
fn pantograph_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    let has_console = g.runner.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
    for &c in &g.runner.grip {
        let d = g.def(c);
        let ok = match d.ctype {
            CardType::Program => !g.is_trojan(c) && d.memory.unwrap_or(0) <= g.memory_limit(),
            CardType::Hardware => !(d.has_subtype("Console") && has_console),
            CardType::Resource => true,
            _ => false,
        };
        let cost = g.runner_install_cost(c);
        if ok && crate::netrunner::effects::runner_available_for(g, crate::netrunner::cards::Spend::Install(c)) >= cost {
            o.push((opt(format!("install:{c}"), format!("Install {} (cost {cost})", g.label(c))), Answer::Install { card: c, server: None }));
        }
    }
    if o.len() <= 1 {
        return None;
    }
    Some(one(RUNNER, "pantograph", "may install a card from their grip (Pantograph)", "Pantograph: you may install a card from your grip", o))
}

fn pantograph_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, .. } => Then::InstallRunner { card },
        _ => Then::Done,
    })
}

// --- shared by the cards above ---------------------------------------------------------------------

/// Spend `n` hosted power counters of `card` (publicly); "when it is empty, trash it".
fn spend_counters(g: &mut Game, c: Ctx, n: u32, ev: &mut Vec<Event>) -> bool {
    for _ in 0..n {
        if !spend_power(g, c.card) {
            return false;
        }
    }
    let left = power(g, c.card);
    note(
        ev,
        "power_counters",
        format!("{}: {n} hosted power counter(s) spent ({left} left)", c.name()),
        json!({"card": c.card, "change": -i64::from(n), "power": left}),
    );
    if left == 0 {
        runner_trash(g, c.card, "it is empty", ev);
    }
    true
}
