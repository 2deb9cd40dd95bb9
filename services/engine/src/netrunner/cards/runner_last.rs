//! The last Runner cards of the Startup sets: Muse and GAMEDRAGON™ Pro (installed cards hosted on
//! Runner cards, CR 1.13), Bling and Detente (cards hosted face up, played, installed or accessed
//! from there), AirbladeX (JSRF Ed.) (interrupts that prevent, CR 9.8), Cataloguer ("instead of
//! breaching", CR 6.7, and a breach without a run) and Jeitinho (an alternative win, CR 1.7).
//! Every question asked here is the generic [`super::CARD_KIND`] (Muse's search:
//! [`super::SEARCH_KIND`]).

use serde_json::json;

use super::helpers::{
    access_outside_run, arrange_rd_top_answer, arrange_rd_top_ask, card_options, damage_left, first, host_faceup, hosted_on, note, opt, prevent_damage,
    prevent_encounter_ability, runner_available_for, runner_trash, threat, ASSASSINATION,
};
use super::runner_startup::{add_power, power, question, spend_power, yes_no};
use super::{ask_later, Answer, Ask, CardDef, Click, Ctx, Effect, Prompt, Question, Spend, Static, Then, When, BLANK, CARD_KIND, SEARCH_KIND};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{DamageKind, Game, Pile, Slot, Task, ARCHIVES, HQ, RD, RUNNER};

pub const AIRBLADEX: &str = "34022";
pub const JEITINHO: &str = "34079";
pub const CATALOGUER: &str = "34088";
pub const MUSE: &str = "34091";
pub const BLING: &str = "35006";
pub const DETENTE: &str = "35018";
pub const GAMEDRAGON_PRO: &str = "35027";

/// Power counters loaded when installed: AirbladeX, Cataloguer.
const AIRBLADEX_COUNTERS: u32 = 3;
const CATALOGUER_COUNTERS: u32 = 2;
/// Cataloguer looks at this many cards of R&D.
const CATALOGUER_LOOK: usize = 4;
/// Detente's click ability adds this many hosted cards to HQ.
const DETENTE_RETURNS: usize = 2;
/// Jeitinho's bypass ability is active from this threat level (CR 1.17.1.a).
const JEITINHO_THREAT: i64 = 3;

/// The rows of this file.
pub static DEFS: &[CardDef] = &[
    CardDef {
        code: AIRBLADEX,
        name: "AirbladeX (JSRF Ed.)",
        on_install: Effect::Custom(airbladex_load),
        statics: &[Static::PreventsDamage(DamageKind::Net, 0), Static::PreventsEncounterAbility(1)],
        asks: &[
            Ask::Own(Prompt { ask: airbladex_damage_ask, answer: airbladex_damage_answer }),
            Ask::Own(Prompt { ask: airbladex_encounter_ask, answer: airbladex_encounter_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: JEITINHO,
        name: "Jeitinho",
        events: &[(When::TurnEnds, Effect::Custom(jeitinho_turn_ends)), (When::HeapBypassed, Effect::Custom(jeitinho_bypassed))],
        asks: &[
            Ask::Own(Prompt { ask: jeitinho_score_ask, answer: jeitinho_score_answer }),
            Ask::Own(Prompt { ask: jeitinho_install_ask, answer: jeitinho_install_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: CATALOGUER,
        name: "Cataloguer",
        on_install: Effect::Custom(cataloguer_load),
        events: &[(When::SuccessfulRun, Effect::Custom(cataloguer_success))],
        click: Some(Click { offers: cataloguer_offers, effect: Effect::Custom(cataloguer_breach) }),
        asks: &[
            Ask::Own(Prompt { ask: cataloguer_instead_ask, answer: cataloguer_instead_answer }),
            Ask::Own(Prompt { ask: cataloguer_arrange_ask, answer: cataloguer_arrange_answer }),
        ],
        ..BLANK
    },
    CardDef { code: MUSE, name: "Muse", on_install: Effect::Ask(0), asks: &[Ask::Own(Prompt { ask: muse_ask, answer: muse_answer })], ..BLANK },
    CardDef {
        code: BLING,
        name: "Bling",
        statics: &[Static::Memory(1), Static::HostedAsGrip],
        events: &[(When::InstalledWithoutCredits, Effect::Custom(bling_free_install)), (When::RunnerDiscardPhaseEnds, Effect::Custom(bling_discard_ends))],
        asks: &[Ask::Own(Prompt { ask: bling_ask, answer: bling_answer })],
        ..BLANK
    },
    CardDef {
        code: DETENTE,
        name: "Detente",
        statics: &[Static::Memory(1), Static::AnyPlayerMayUse],
        events: &[(When::SuccessfulRun, Effect::Custom(detente_success))],
        click: Some(Click { offers: detente_offers, effect: Effect::Custom(detente_use) }),
        asks: &[
            Ask::Own(Prompt { ask: detente_host_ask, answer: detente_host_answer }),
            Ask::Random { from: Pile::Hq, count: one },
            Ask::Do(detente_host),
            Ask::Own(Prompt { ask: detente_access_ask, answer: detente_access_answer }),
            Ask::Own(Prompt { ask: detente_cost_ask, answer: detente_cost_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: GAMEDRAGON_PRO,
        name: "GAMEDRAGON™ Pro",
        on_install: Effect::Ask(0),
        events: &[(When::TurnBegin, Effect::Ask(0))],
        statics: &[Static::HostStrength(1), Static::HostPumpsLastRun],
        asks: &[Ask::Own(Prompt { ask: gamedragon_ask, answer: gamedragon_answer })],
        ..BLANK
    },
];

// --- shared pieces

fn one(_: &Game, _: Ctx) -> u32 {
    1
}

fn installed(g: &Game, card: u32) -> bool {
    g.installed_runner().contains(&card)
}

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

// --- AirbladeX (JSRF Ed.)

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

// --- Jeitinho

fn jeitinho_turn_ends(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if [HQ, RD, ARCHIVES].iter().all(|s| g.flags.successful_servers.contains(s)) {
        ask_later(g, c, 0);
    }
}

fn jeitinho_score_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.runner.hardware.contains(&c.card) {
        return None;
    }
    yes_no(
        &format!("may add {} to their score area as an assassination agenda", c.name()),
        &format!("{}: add it to your score area as an assassination agenda worth 0 agenda points?", c.name()),
        "Add it to your score area",
    )
}

/// It leaves play and becomes an agenda worth 0 points (its printed points: none); the win is
/// checked by the flow (`flow::end_reason`).
fn jeitinho_score_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !g.runner.hardware.contains(&c.card) {
        return Ok(Then::Done);
    }
    g.take_runner(c.card);
    if let Some(k) = g.card_mut(c.card) {
        (k.host, k.power, k.credits) = (None, 0, 0);
        k.gained = vec![ASSASSINATION.to_string()];
    }
    g.runner.score.push(c.card);
    let n = super::helpers::assassinations(g);
    note(
        ev,
        "added_to_score",
        format!("{} is added to the Runner's score area as an assassination agenda worth 0 agenda points ({n} there)", g.label(c.card)),
        json!({"card": c.card, "code": g.code(c.card), "assassinations": n}),
    );
    Ok(Then::Done)
}

/// Threat 3: bypassing an ice, it may be installed from the heap for a click (and its cost).
fn jeitinho_bypassed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if threat(g, JEITINHO_THREAT) && jeitinho_installable(g, c.card) {
        ask_later(g, c, 1);
    }
}

fn jeitinho_installable(g: &Game, card: u32) -> bool {
    g.runner.heap.contains(&card) && g.runner.clicks >= 1 && runner_available_for(g, Spend::Install(card)) >= g.runner_install_cost(card)
}

fn jeitinho_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !jeitinho_installable(g, c.card) {
        return None;
    }
    yes_no(
        &format!("may spend a click to install {} from the heap", c.name()),
        &format!("{}: spend a click to install it from your heap (cost {})?", c.name(), g.runner_install_cost(c.card)),
        "Spend a click: install it",
    )
}

fn jeitinho_install_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !jeitinho_installable(g, c.card) {
        return Ok(Then::Done);
    }
    g.runner.clicks -= 1;
    note(ev, "clicks", format!("The Runner spends a click on {}", c.name()), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    Ok(Then::InstallRunner { card: c.card })
}

// --- Cataloguer

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

// --- Muse

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

// --- Bling

fn bling_free_install(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.runner.stack.is_empty() {
        ask_later(g, c, 0);
    }
}

fn bling_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.stack.is_empty() || !installed(g, c.card) {
        return None;
    }
    yes_no(
        &format!("may host the top card of the stack face up on {}", c.name()),
        &format!("{}: host the top card of your stack face up on it?", c.name()),
        "Host the top card of your stack",
    )
}

fn bling_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && installed(g, c.card) {
        if let Some(&top) = g.runner.stack.first() {
            host_faceup(g, top, c.card, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

fn bling_discard_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    for k in hosted_on(g, c.card) {
        g.trash(k, "Bling: the Runner's discard phase ended", ev);
    }
}

// --- Detente

/// The first successful run on HQ each turn (HQ joins this turn's successful servers after the
/// Runner's "when successful" abilities).
fn detente_success(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let first_on_hq = g.run.as_ref().is_some_and(|r| r.server == HQ && r.first_success_here);
    if first_on_hq && !g.corp.hq.is_empty() {
        ask_later(g, c, 0);
    }
}

fn detente_host_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() || !installed(g, c.card) {
        return None;
    }
    yes_no(
        &format!("may host 1 card from HQ at random face up on {}", c.name()),
        &format!("{}: host 1 card from HQ at random face up on it?", c.name()),
        "Host 1 card from HQ at random",
    )
}

fn detente_host_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

/// The card picked at random is hosted face up (publicly named: it is face up).
fn detente_host(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let picked = std::mem::take(&mut g.picked_at_random);
    if !installed(g, c.card) {
        return;
    }
    for k in picked {
        if g.corp.hq.contains(&k) {
            host_faceup(g, k, c.card, c.name(), ev);
        }
    }
}

fn detente_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if hosted_on(g, card).len() < DETENTE_RETURNS || !installed(g, card) {
        return vec![];
    }
    vec![(None, format!("{}: add 2 hosted cards to HQ; the Runner may access 1 card in HQ at random", g.label(card)))]
}

/// Its cost: 2 hosted cards go back to HQ, chosen by the player using it when more than 2 are
/// hosted.
fn detente_use(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let hosted = hosted_on(g, c.card);
    if hosted.len() > DETENTE_RETURNS {
        ask_later(g, c, 4);
        return;
    }
    detente_return(g, c, &hosted, ev);
}

/// The chosen hosted cards are added to HQ (face down again), then the Runner may access.
fn detente_return(g: &mut Game, c: Ctx, back: &[u32], ev: &mut Vec<Event>) {
    for &k in back {
        g.take_corp(k);
        if let Some(x) = g.card_mut(k) {
            (x.faceup, x.host) = (false, None);
        }
        g.corp.hq.push(k);
    }
    let names: Vec<String> = back.iter().map(|&k| g.label(k)).collect();
    note(ev, "added_to_hq", format!("{}: {} are added to HQ", c.name(), names.join(", ")), json!({"cards": back}));
    ask_later(g, c, 3);
}

/// The player using the ability (the active one) picks the 2 hosted cards it adds to HQ.
fn detente_cost_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hosted = hosted_on(g, c.card);
    if hosted.len() < DETENTE_RETURNS {
        return None;
    }
    let n = DETENTE_RETURNS as u32;
    Some(
        Question::one(
            g.active,
            CARD_KIND,
            format!("adds {n} cards hosted on {} to HQ", c.name()),
            format!("{}: pick the {n} hosted cards to add to HQ", c.name()),
            card_options(g, "card", &hosted),
        )
        .range(n, n),
    )
}

fn detente_cost_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let back: Vec<u32> = a.iter().filter_map(|x| if let Answer::Card(k) = x { Some(*k) } else { None }).collect();
    if back.len() != DETENTE_RETURNS {
        return Err(RulesError::Illegal(format!("pick {DETENTE_RETURNS} hosted cards")));
    }
    detente_return(g, c, &back, ev);
    Ok(Then::Done)
}

fn detente_access_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    yes_no(
        &format!("may access 1 card in HQ at random ({})", c.name()),
        &format!("{}: access 1 card in HQ at random?", c.name()),
        "Access 1 card in HQ at random",
    )
}

fn detente_access_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && !g.corp.hq.is_empty() {
        access_outside_run(g, HQ, vec![Slot::HqRandom], c.name(), ev);
    }
    Ok(Then::Done)
}

// --- GAMEDRAGON™ Pro

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
