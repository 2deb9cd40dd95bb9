//! Hardware: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `cards::triggers`.

use crate::netrunner::cards::common::{
    add_power, click_bypass_answer, encountering, grip_programs, installed, one, power, question, remove_from_game, remove_tags, spend_power, yes_no,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    AIRBLADEX_ROW,
    ALARM_CLOCK_ROW,
    AMANUENSIS_ROW,
    BLING_ROW,
    CAPYBARA_ROW,
    CARNIVORE_ROW,
    CATALOGUER_ROW,
    DETENTE_ROW,
    DOCKLANDS_PASS_ROW,
    DZMZ_OPTIMIZER_ROW,
    GAMEDRAGON_PRO_ROW,
    HERMES_ROW,
    JEITINHO_ROW,
    LILYPAD_ROW,
    MADANI_ROW,
    MAGLECTRIC_RAPID_ROW,
    PANTOGRAPH_ROW,
    PENNYSHAVER_ROW,
    SOLIDARITY_BADGE_ROW,
    T400_MEMORY_DIAMOND_ROW,
    THE_WIZARDS_CHEST_ROW,
];

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

// --- Alarm Clock ---------------------------------------------------------------------------------

pub const ALARM_CLOCK: &str = "34078";

pub(crate) const ALARM_CLOCK_ROW: CardDef = CardDef {
    code: ALARM_CLOCK,
    name: "Alarm Clock",
    events: &[(When::TurnBegin, Effect::Ask(0)), (When::EncounterIce, Effect::Custom(alarm_clock_encounter))],
    asks: &[
        Ask::Own(Prompt { ask: alarm_clock_ask, answer: alarm_clock_answer }),
        Ask::Own(Prompt { ask: alarm_clock_bypass_ask, answer: click_bypass_answer }),
    ],
    ..BLANK
};

/// Alarm Clock: when the Runner's turn begins, a run on HQ, whose first ice may be bypassed
/// for 2 clicks.
fn alarm_clock_ask(_: &Game, _: Ctx) -> Option<Question> {
    yes_no("may run HQ (Alarm Clock)", "Alarm Clock: run HQ?", "Run HQ")
}

fn alarm_clock_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.run.is_none() {
        g.start_run(HQ, Some(c.card), ev);
    }
    Ok(Then::Done)
}

fn alarm_clock_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.source == Some(c.card) && r.encounters == 1) {
        ask_later(g, c, 1);
    }
}

fn alarm_clock_bypass_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || g.runner.clicks < 2 {
        return None;
    }
    yes_no(
        "may spend 2 clicks to bypass the ice (Alarm Clock)",
        &format!("Alarm Clock: spend 2 clicks to bypass {}?", g.label(c.arg)),
        "Spend 2 clicks: bypass the ice",
    )
}

// --- Amanuensis ----------------------------------------------------------------------------------

pub const AMANUENSIS: &str = "34069";

pub(crate) const AMANUENSIS_ROW: CardDef = CardDef {
    code: AMANUENSIS,
    name: "Amanuensis",
    statics: &[Static::Memory(1)],
    events: &[(When::TurnEnds, Effect::Custom(amanuensis_turn_ends)), (When::TagsRemoved, Effect::Custom(amanuensis_tags_removed))],
    asks: &[Ask::Own(Prompt { ask: amanuensis_ask, answer: amanuensis_answer })],
    ..BLANK
};

/// Amanuensis: a power counter when the Runner's turn ends tagged.
fn amanuensis_turn_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        add_power(g, c.card, 1, c.name(), ev);
    }
}

fn amanuensis_tags_removed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if power(g, c.card) > 0 {
        ask_later(g, c, 0);
    }
}

fn amanuensis_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 || !g.installed_runner().contains(&c.card) {
        return None;
    }
    yes_no(
        "may spend a power counter to draw 2 cards (Amanuensis)",
        "Amanuensis: remove 1 power counter to draw 2 cards?",
        "Remove 1 power counter: draw 2 cards",
    )
}

fn amanuensis_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && spend_power(g, c.card) {
        g.draw(RUNNER, 2, ev);
    }
    Ok(Then::Done)
}

// --- Bling ---------------------------------------------------------------------------------------

pub const BLING: &str = "35006";

pub(crate) const BLING_ROW: CardDef = CardDef {
    code: BLING,
    name: "Bling",
    statics: &[Static::Memory(1), Static::HostedAsGrip],
    events: &[(When::InstalledWithoutCredits, Effect::Custom(bling_free_install)), (When::RunnerDiscardPhaseEnds, Effect::Custom(bling_discard_ends))],
    asks: &[Ask::Own(Prompt { ask: bling_ask, answer: bling_answer })],
    ..BLANK
};

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

// --- Capybara ------------------------------------------------------------------------------------

pub const CAPYBARA: &str = "34013";

pub(crate) const CAPYBARA_ROW: CardDef = CardDef {
    code: CAPYBARA,
    name: "Capybara",
    events: &[(When::Bypassed, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: capybara_ask, answer: capybara_answer })],
    ..BLANK
};

/// Capybara: after a bypass, remove it from the game to derez that ice.
fn capybara_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.arg) || !g.installed_runner().contains(&c.card) {
        return None;
    }
    yes_no(
        "may remove Capybara from the game to derez the bypassed ice",
        &format!("Capybara: remove it from the game to derez {}?", g.label(c.arg)),
        "Remove Capybara from the game: derez the ice",
    )
}

fn capybara_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        remove_from_game(g, c.card, c.name(), ev);
        crate::netrunner::cards::helpers::derez(g, c.arg, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Carnivore -----------------------------------------------------------------------------------

pub const CARNIVORE: &str = "30003";

pub(crate) const CARNIVORE_ROW: CardDef = CardDef {
    code: CARNIVORE,
    name: "Carnivore",
    statics: &[Static::Memory(1)],
    access_option: Some(AccessOption {
        id: "carnivore",
        agenda_label: "Carnivore: trash 2 cards from your grip to trash it",
        label: carnivore_label,
        usable: carnivore_usable,
        step: 0,
    }),
    asks: &[Ask::Own(Prompt { ask: carnivore_ask, answer: carnivore_answer })],
    ..BLANK
};

fn carnivore_label(g: &Game, accessed: u32) -> String {
    format!("Carnivore: trash 2 cards from your grip to trash {}", g.label(accessed))
}

fn carnivore_usable(g: &Game) -> bool {
    !g.used_this_turn(CARNIVORE) && g.runner.grip.len() >= 2
}

/// Carnivore: trash 2 grip cards to trash the accessed card (in `Ctx::arg`).
fn carnivore_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.grip.len() < 2 {
        return None;
    }
    let o = card_options(g, "card", &g.runner.grip);
    Some(
        one(
            RUNNER,
            "carnivore",
            "may trash 2 cards from their grip to trash the accessed card (Carnivore)",
            &format!("Carnivore: trash 2 cards from your grip to trash {}", g.label(c.arg)),
            o,
        )
        .range(2, 2),
    )
}

fn carnivore_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    if cs.len() != 2 {
        return Err(RulesError::Illegal("pick 2 cards".into()));
    }
    for k in cs {
        g.to_heap(k);
        note(ev, "discarded", format!("Carnivore: the Runner trashes {} from the grip", g.label(k)), json!({"card": k, "code": g.code(k)}));
        crate::netrunner::cards::helpers::trashed_from_grip_or_stack(g, &[k], ev);
    }
    let card = c.arg;
    if !matches!(g.corp_zone(card), CorpZone::None | CorpZone::Score | CorpZone::Archives) {
        crate::netrunner::cards::helpers::runner_trash(g, card, c.name(), ev);
        crate::netrunner::cards::helpers::runner_trashed_accessed(g, card, ev);
    }
    Ok(Then::FinishAccess(card))
}

// --- Cataloguer ----------------------------------------------------------------------------------

pub const CATALOGUER: &str = "34088";

pub(crate) const CATALOGUER_ROW: CardDef = CardDef {
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

// --- Detente -------------------------------------------------------------------------------------

pub const DETENTE: &str = "35018";

pub(crate) const DETENTE_ROW: CardDef = CardDef {
    code: DETENTE,
    name: "Detente",
    statics: &[Static::Memory(1), Static::AnyPlayerMayUse],
    events: &[(When::SuccessfulRun, Effect::Custom(detente_success))],
    click: Some(Click { offers: detente_offers, effect: Effect::Custom(detente_use) }),
    asks: &[
        Ask::Own(Prompt { ask: detente_host_ask, answer: detente_host_answer }),
        Ask::Random { from: Pile::Hq, count: just_one },
        Ask::Do(detente_host),
        Ask::Own(Prompt { ask: detente_access_ask, answer: detente_access_answer }),
        Ask::Own(Prompt { ask: detente_cost_ask, answer: detente_cost_answer }),
    ],
    ..BLANK
};

/// Detente's click ability adds this many hosted cards to HQ.
const DETENTE_RETURNS: usize = 2;

fn just_one(_: &Game, _: Ctx) -> u32 {
    1
}

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

// --- Docklands Pass ------------------------------------------------------------------------------

pub const DOCKLANDS_PASS: &str = "30013";

pub(crate) const DOCKLANDS_PASS_ROW: CardDef =
    CardDef { code: DOCKLANDS_PASS, name: "Docklands Pass", statics: &[Static::MoreHqAccessOncePerTurn(1)], ..BLANK };

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

// --- Hermes --------------------------------------------------------------------------------------

pub const HERMES: &str = "34014";

pub(crate) const HERMES_ROW: CardDef = CardDef {
    code: HERMES,
    name: "Hermes",
    statics: &[Static::Memory(1)],
    events: &[(When::AgendaChangedHands, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: hermes_ask, answer: hermes_answer })],
    ..BLANK
};

fn unrezzed_installed(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&c| !g.rezzed(c)).collect()
}

/// Hermes: after an agenda is scored or stolen, an unrezzed installed Corp card goes to HQ.
fn hermes_ask(g: &Game, _: Ctx) -> Option<Question> {
    let cards = unrezzed_installed(g);
    if cards.is_empty() {
        return None;
    }
    let o = cards.iter().map(|&c| (opt(format!("card:{c}"), g.corp_public_label(c)), Answer::Card(c))).collect();
    Some(question("adds an unrezzed card to HQ (Hermes)".into(), "Hermes: choose 1 unrezzed installed card to add to HQ".into(), o))
}

fn hermes_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&card) = picked(a).first() else { return Ok(Then::Done) };
    if !unrezzed_installed(g).contains(&card) {
        return Err(RulesError::Illegal("not an unrezzed installed card".into()));
    }
    let label = g.corp_public_label(card);
    g.take_corp(card);
    // Leaving play: its counters and hosted credits go.
    if let Some(k) = g.card_mut(card) {
        (k.adv, k.credits, k.virus, k.power, k.agenda, k.faceup) = (0, 0, 0, 0, 0, false);
    }
    g.corp.hq.push(card);
    note(ev, "to_hq", format!("{}: {label} is added to HQ", c.name()), json!({"card": card}));
    Ok(Then::Done)
}

// --- Jeitinho ------------------------------------------------------------------------------------

pub const JEITINHO: &str = "34079";

pub(crate) const JEITINHO_ROW: CardDef = CardDef {
    code: JEITINHO,
    name: "Jeitinho",
    events: &[(When::TurnEnds, Effect::Custom(jeitinho_turn_ends)), (When::HeapBypassed, Effect::Custom(jeitinho_bypassed))],
    asks: &[
        Ask::Own(Prompt { ask: jeitinho_score_ask, answer: jeitinho_score_answer }),
        Ask::Own(Prompt { ask: jeitinho_install_ask, answer: jeitinho_install_answer }),
    ],
    ..BLANK
};

/// Jeitinho's bypass ability is active from this threat level (CR 1.17.1.a).
const JEITINHO_THREAT: i64 = 3;

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
    let n = crate::netrunner::cards::helpers::assassinations(g);
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
    click: Some(Click { offers: madani_offers, effect: Effect::Ask(0) }),
    statics: &[Static::PaidInAnyWindow],
    paid: Some(PaidAbility { offers: madani_paid_offers, effect: Effect::Custom(madani_install) }),
    asks: &[Ask::Own(Prompt { ask: madani_host_ask, answer: madani_host_answer }), Ask::Own(Prompt { ask: madani_install_ask, answer: madani_install_answer })],
    ..BLANK
};

fn madani_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if grip_programs(g).is_empty() {
        return vec![];
    }
    vec![(None, format!("{}: host programs from your grip on it", g.label(card)))]
}

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

/// Once per turn, 0 credits: install 1 hosted program, paying its install cost.
fn madani_paid_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if g.flags.used_cards.contains(&card) || madani_installable(g, card).is_empty() {
        return vec![];
    }
    vec![(format!("madani:{card}"), format!("{}: install 1 hosted program", g.label(card)), 0)]
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

// --- Maglectric Rapid (748 Mod) ------------------------------------------------------------------

pub const MAGLECTRIC_RAPID: &str = "35019";

pub(crate) const MAGLECTRIC_RAPID_ROW: CardDef = CardDef {
    code: MAGLECTRIC_RAPID,
    name: "Maglectric Rapid (748 Mod)",
    events: &[(When::SuccessfulRun, Effect::Custom(maglectric_success))],
    asks: &[Ask::Own(Prompt { ask: maglectric_ask, answer: maglectric_answer })],
    ..BLANK
};

/// Maglectric Rapid (748 Mod): a successful run on HQ may trash it to derez an installed Corp
/// card.
fn maglectric_success(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.server == HQ) && g.installed_corp().iter().any(|&k| g.rezzed(k)) {
        ask_later(g, c, 0);
    }
}

fn maglectric_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.installed_runner().contains(&c.card) {
        return None;
    }
    let mut o: Vec<_> =
        g.installed_corp().into_iter().filter(|&k| g.rezzed(k)).map(|k| (opt(format!("card:{k}"), format!("Derez {}", g.label(k))), Answer::Card(k))).collect();
    if o.is_empty() {
        return None;
    }
    o.push((opt("decline", "Do not"), Answer::No));
    Some(question(
        "may trash Maglectric Rapid (748 Mod) to derez a Corp card".into(),
        "Maglectric Rapid (748 Mod): trash it to derez 1 installed Corp card?".into(),
        o,
    ))
}

fn maglectric_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&k) = picked(a).first().filter(|&&k| g.rezzed(k) && g.is_installed(k)) {
        crate::netrunner::cards::helpers::runner_trash(g, c.card, "its own ability", ev);
        crate::netrunner::cards::helpers::derez(g, k, c.name(), ev);
    }
    Ok(Then::Done)
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
        if ok && crate::netrunner::cards::helpers::runner_available_for(g, crate::netrunner::cards::Spend::Install(c)) >= cost {
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

// --- Pennyshaver ---------------------------------------------------------------------------------

pub const PENNYSHAVER: &str = "30014";

pub(crate) const PENNYSHAVER_ROW: CardDef = CardDef {
    code: PENNYSHAVER,
    name: "Pennyshaver",
    statics: &[Static::Memory(1)],
    events: &[(When::SuccessfulRun, Effect::Load(1))],
    click: Some(Click { offers: pennyshaver_offers, effect: Effect::Custom(pennyshaver) }),
    ..BLANK
};

fn pennyshaver_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    vec![(None, format!("{}: place 1 credit, then take all", g.label(card)))]
}

/// Pennyshaver: click: place 1 credit on it, then take them all.
fn pennyshaver(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.load(c.card, 1, ev);
    let all = g.hosted(c.card);
    g.take_hosted(RUNNER, c.card, all, ev);
}

// --- Solidarity Badge ----------------------------------------------------------------------------

pub const SOLIDARITY_BADGE: &str = "34003";

pub(crate) const SOLIDARITY_BADGE_ROW: CardDef = CardDef {
    code: SOLIDARITY_BADGE,
    name: "Solidarity Badge",
    events: &[(When::TrashAccessed, Effect::Custom(solidarity_trash)), (When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: solidarity_ask, answer: solidarity_answer })],
    ..BLANK
};

/// Solidarity Badge: the first Corp card the Runner trashes each turn puts a power counter on it.
fn solidarity_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.flags.used_cards.contains(&c.card) {
        g.flags.used_cards.push(c.card);
        add_power(g, c.card, 1, c.name(), ev);
    }
}

/// Solidarity Badge: when the Runner's turn begins, a counter for a card or a tag removed.
fn solidarity_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 {
        return None;
    }
    let mut o = vec![(opt("draw", "Remove 1 power counter: draw 1 card"), Answer::Mode(0))];
    if g.tagged() {
        o.push((opt("tag", "Remove 1 power counter: remove 1 tag"), Answer::Mode(1)));
    }
    o.push((opt("decline", "Do not"), Answer::No));
    Some(question("may spend a power counter on Solidarity Badge".into(), "Solidarity Badge: remove 1 power counter to draw 1 card or remove 1 tag?".into(), o))
}

fn solidarity_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let mode = first(a);
    if matches!(mode, Answer::Mode(_)) && spend_power(g, c.card) {
        if mode == Answer::Mode(1) {
            remove_tags(g, 1, c.name(), ev);
        } else {
            g.draw(RUNNER, 1, ev);
        }
    }
    Ok(Then::Done)
}

// --- T400 Memory Diamond -------------------------------------------------------------------------

pub const T400_MEMORY_DIAMOND: &str = "30031";

pub(crate) const T400_MEMORY_DIAMOND_ROW: CardDef =
    CardDef { code: T400_MEMORY_DIAMOND, name: "T400 Memory Diamond", statics: &[Static::Memory(1), Static::MaxHand(1)], ..BLANK };

// --- The Wizard’s Chest --------------------------------------------------------------------------

pub const THE_WIZARDS_CHEST: &str = "34070";

pub(crate) const THE_WIZARDS_CHEST_ROW: CardDef = CardDef {
    code: THE_WIZARDS_CHEST,
    name: "The Wizard's Chest",
    statics: &[Static::PaidInAnyWindow],
    paid: Some(PaidAbility { offers: chest_offers, effect: Effect::Custom(chest_use) }),
    asks: &[Ask::Own(Prompt { ask: chest_install_ask, answer: chest_install_answer })],
    ..BLANK
};

/// The Wizard's Chest: the card types it may name, and how many of that type it sets aside.
const CHEST_TYPES: [(CardType, &str); 3] = [(CardType::Hardware, "hardware"), (CardType::Program, "program"), (CardType::Resource, "resource")];

const CHEST_SET_ASIDE: usize = 2;

/// Usable only after successful runs on HQ, R&D and Archives this turn; one option per type.
fn chest_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if ![HQ, RD, ARCHIVES].iter().all(|s| g.flags.successful_servers.contains(s)) {
        return vec![];
    }
    CHEST_TYPES
        .iter()
        .enumerate()
        .map(|(i, (_, name))| (format!("wizards_chest:{card}:{name}"), format!("{}: trash it, name {name}", g.label(card)), i as u32))
        .collect()
}

/// The cards of the named type among the top of the stack, up to 2: the cards set aside up to
/// the last of them are revealed. They stay where they are (the set-aside cards are shuffled
/// back in anyway), so the cards offered are the first 2 of that type in the stack.
fn chest_found(g: &Game, t: u32) -> Vec<u32> {
    let Some((ct, _)) = CHEST_TYPES.get(t as usize) else { return vec![] };
    g.runner.stack.iter().copied().filter(|&k| g.def(k).ctype == *ct).take(CHEST_SET_ASIDE).collect()
}

fn chest_use(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    runner_trash(g, c.card, "its own cost", ev);
    let found = chest_found(g, c.arg);
    let depth = found.last().and_then(|l| g.runner.stack.iter().position(|k| k == l)).map_or(g.runner.stack.len(), |p| p + 1);
    let aside: Vec<u32> = g.runner.stack.iter().take(depth).copied().collect();
    let names: Vec<String> = aside.iter().map(|&k| g.label(k)).collect();
    let name = CHEST_TYPES.get(c.arg as usize).map_or("", |(_, n)| n);
    note(
        ev,
        "revealed",
        format!("{}: the Runner names {name} and sets aside {}", c.name(), if names.is_empty() { "nothing".into() } else { names.join(", ") }),
        json!({"cards": aside, "type": name}),
    );
    g.tasks.push(Task::Shuffle { corp: false });
    ask_later(g, c, 0);
}

fn chest_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let found = chest_found(g, c.arg);
    if found.is_empty() {
        return None;
    }
    let mut o: Vec<_> = found.iter().map(|&k| (opt(format!("install:{k}"), format!("Install {}, ignoring all costs", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install 1 of the cards set aside ({})", c.name()),
        format!("{}: install 1 of the 2 cards set aside, ignoring all costs?", c.name()),
        o,
    ))
}

fn chest_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !chest_found(g, c.arg).contains(&k) {
        return Ok(Then::Done);
    }
    // Ignoring all costs: a reduction of the whole install cost.
    g.flags.install_discount = g.def(k).cost.unwrap_or(0);
    Ok(Then::InstallRunner { card: k })
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
