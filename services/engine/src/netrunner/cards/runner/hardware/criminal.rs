//! Hardware of the Criminal faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{click_bypass_answer, encountering, installed, question, remove_from_game, yes_no};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[ALARM_CLOCK_ROW, CAPYBARA_ROW, DETENTE_ROW, DOCKLANDS_PASS_ROW, HERMES_ROW, JEITINHO_ROW, MAGLECTRIC_RAPID_ROW, PENNYSHAVER_ROW];

// --- Alarm Clock ---------------------------------------------------------------------------------

pub const ALARM_CLOCK: &str = "34078";

pub(crate) const ALARM_CLOCK_ROW: CardDef = CardDef {
    code: ALARM_CLOCK,
    name: "Alarm Clock",
    events: &[(When::TurnBegin, Effect::Ask(0)), (When::EncounterIce, Effect::Custom(alarm_clock_encounter))],
    asks: &[
        Ask::Own(Prompt { ask: alarm_clock_ask, answer: alarm_clock_answer }),
        Ask::Own(Prompt { ask: alarm_clock_bypass_ask, answer: click_bypass_answer::<2> }),
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
        crate::netrunner::effects::derez(g, c.arg, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Detente -------------------------------------------------------------------------------------

pub const DETENTE: &str = "35018";

pub(crate) const DETENTE_ROW: CardDef = CardDef {
    code: DETENTE,
    name: "Detente",
    statics: &[Static::Memory(1), Static::AnyPlayerMayUse],
    events: &[(When::SuccessfulRun, Effect::Custom(detente_success))],
    click: Some(Click {
        offers: Offers::Costed(Costed {
            id: "",
            cost: Cost::Free,
            usable: |g, card| hosted_on(g, card).len() >= DETENTE_RETURNS && installed(g, card),
            text: "add 2 hosted cards to HQ; the Runner may access 1 card in HQ at random",
        }),
        effect: Effect::Custom(detente_use),
    }),
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
    let n = crate::netrunner::effects::assassinations(g);
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
        crate::netrunner::effects::runner_trash(g, c.card, "its own ability", ev);
        crate::netrunner::effects::derez(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Pennyshaver ---------------------------------------------------------------------------------

pub const PENNYSHAVER: &str = "30014";

pub(crate) const PENNYSHAVER_ROW: CardDef = CardDef {
    code: PENNYSHAVER,
    name: "Pennyshaver",
    statics: &[Static::Memory(1)],
    events: &[(When::SuccessfulRun, Effect::Load(1))],
    click: Some(Click {
        offers: Offers::Costed(Costed { id: "", cost: Cost::Free, usable: |_, _| true, text: "place 1 credit, then take all" }),
        effect: Effect::Custom(pennyshaver),
    }),
    ..BLANK
};

/// Pennyshaver: click: place 1 credit on it, then take them all.
fn pennyshaver(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.load(c.card, 1, ev);
    let all = g.hosted(c.card);
    g.take_hosted(RUNNER, c.card, all, ev);
}
