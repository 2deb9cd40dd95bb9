//! Operations of the Weyland Consortium faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{advanceable_installed, ask_with, place_counter_answer};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ARMED_ASSET_PROTECTION_ROW,
    BUSINESS_AS_USUAL_ROW,
    GOVERNMENT_SUBSIDY_ROW,
    KEY_PERFORMANCE_INDICATORS_ROW,
    MEASURED_RESPONSE_ROW,
    PIVOT_ROW,
    RETRIBUTION_ROW,
];

// --- Armed Asset Protection ----------------------------------------------------------------------

pub const ARMED_ASSET_PROTECTION: &str = "34061";

pub(crate) const ARMED_ASSET_PROTECTION_ROW: CardDef = CardDef {
    code: ARMED_ASSET_PROTECTION,
    name: "Armed Asset Protection",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(armed_asset_protection) }),
    ..BLANK
};

/// Armed Asset Protection: 3, plus 1 per card type face up in Archives, plus 2 if agendas are.
fn armed_asset_protection(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let types = faceup_archive_types(g, c.card);
    let agenda = if types.contains(&CardType::Agenda) { 2 } else { 0 };
    g.gain(CORP, 3 + types.len() as i64 + agenda, c.name(), ev);
}

// --- Business As Usual ---------------------------------------------------------------------------

pub const BUSINESS_AS_USUAL: &str = "34128";

pub(crate) const BUSINESS_AS_USUAL_ROW: CardDef = CardDef {
    code: BUSINESS_AS_USUAL,
    name: "Business As Usual",
    play: Some(Play { targets: Targets::Labeled(business_modes), effect: Effect::Custom(business_as_usual) }),
    asks: &[
        Ask::Own(Prompt { ask: business_advance_ask, answer: business_advance_answer }),
        Ask::Own(Prompt { ask: business_virus_ask, answer: business_virus_answer }),
    ],
    ..BLANK
};

/// Mode 0: counters; mode 1: virus counters removed; mode 2 (threat 3): both.
fn business_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    let mut v = vec![
        (0, "place 1 advancement counter on each of up to 2 installed cards you can advance".to_string()),
        (1, "remove all virus counters from 1 installed card".to_string()),
    ];
    if threat(g, 3) {
        v.push((2, "both (threat 3)".to_string()));
    }
    Some(v)
}

fn business_as_usual(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    // Last pushed first: the counters, then the virus counters.
    if c.arg != 0 {
        ask_later(g, c, 1);
    }
    if c.arg != 1 {
        ask_later(g, c, 0);
    }
}

fn business_advance_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if to.is_empty() {
        return None;
    }
    let n = (to.len() as u32).min(2);
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("places 1 advancement counter on each of up to 2 installed cards ({})", c.name()),
            format!("{}: place 1 advancement counter on each of up to 2 installed cards you can advance", c.name()),
            o,
        )
        .range(0, n),
    )
}

fn business_advance_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let mut done: Vec<u32> = Vec::new();
    for x in a {
        if let Answer::Card(k) = x {
            if done.len() < 2 && !done.contains(k) && g.advanceable(*k) {
                place_adv(g, *k, 1, c.name(), ev);
                done.push(*k);
            }
        }
    }
    Ok(Then::Done)
}

fn business_virus_ask(g: &Game, c: Ctx) -> Option<Question> {
    let with: Vec<u32> = g.installed_corp().into_iter().chain(g.installed_runner()).filter(|&k| g.card(k).is_some_and(|x| x.virus > 0)).collect();
    if with.is_empty() {
        return None;
    }
    let o = with
        .iter()
        .map(|&k| (opt(format!("card:{k}"), format!("{} ({} virus counter(s))", g.label(k), g.card(k).map_or(0, |x| x.virus))), Answer::Card(k)))
        .collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("removes all virus counters from 1 installed card ({})", c.name()),
        format!("{}: remove all virus counters from 1 installed card", c.name()),
        o,
    ))
}

fn business_virus_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if let Some(x) = g.card_mut(k) {
            x.virus = 0;
        }
        note(ev, "virus_counters", format!("{}: all virus counters are removed from {}", c.name(), g.label(k)), json!({"card": k, "virus": 0}));
    }
    Ok(Then::Done)
}

// --- Government Subsidy --------------------------------------------------------------------------

pub const GOVERNMENT_SUBSIDY: &str = "30064";

pub(crate) const GOVERNMENT_SUBSIDY_ROW: CardDef =
    CardDef { code: GOVERNMENT_SUBSIDY, name: "Government Subsidy", play: Some(Play { targets: Targets::None, effect: Effect::Gain(CORP, 15) }), ..BLANK };

// --- Key Performance Indicators ------------------------------------------------------------------

pub const KEY_PERFORMANCE_INDICATORS: &str = "35077";

pub(crate) const KEY_PERFORMANCE_INDICATORS_ROW: CardDef = CardDef {
    code: KEY_PERFORMANCE_INDICATORS,
    name: "Key Performance Indicators",
    play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
    asks: &[
        Ask::Own(Prompt { ask: kpi_mode_ask, answer: kpi_mode_answer }),
        Ask::Own(Prompt { ask: kpi_shuffle_ask, answer: kpi_shuffle_answer }),
        Ask::Own(Prompt { ask: kpi_ice_ask, answer: install_answer_free }),
        Ask::Own(Prompt { ask: kpi_counter_ask, answer: place_counter_answer }),
    ],
    ..BLANK
};

/// The four modes; 2 different ones are resolved, in the order chosen (the question's argument:
/// the modes used so far, as bits).
const KPI_MODES: [&str; 4] = [
    "draw 1 card, then shuffle 1 card from HQ into R&D",
    "install 1 piece of ice from HQ, ignoring all costs",
    "place 1 advancement counter on an installed card you can advance",
    "gain 2 credits",
];

fn kpi_mode_ask(_: &Game, c: Ctx) -> Option<Question> {
    if c.arg.count_ones() >= 2 {
        return None;
    }
    let o = (0..4u8).filter(|&m| c.arg & (1 << m) == 0).map(|m| (opt(format!("mode:{m}"), KPI_MODES[usize::from(m)]), Answer::Mode(m))).collect();
    let which = if c.arg == 0 { "first" } else { "second" };
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("chooses the {which} of 2 modes ({})", c.name()),
        format!("{}: choose the {which} of 2 different effects to resolve", c.name()),
        o,
    ))
}

fn kpi_mode_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(m) = first(a) else { return Err(RulesError::Illegal("choose a mode".into())) };
    note(ev, "mode_chosen", format!("{}: the Corp chooses to {}", c.name(), KPI_MODES[usize::from(m)]), json!({"mode": m}));
    // The next choice waits until this mode is resolved (its questions are asked first).
    ask_with(g, c, 0, c.arg | (1 << m));
    match m {
        0 => {
            g.draw(CORP, 1, ev);
            ask_with(g, c, 1, 0);
        }
        1 => ask_with(g, c, 2, 0),
        2 => ask_with(g, c, 3, 0),
        _ => g.gain(CORP, 2, c.name(), ev),
    }
    Ok(Then::Done)
}

fn kpi_shuffle_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("shuffles a card from HQ into R&D ({})", c.name()),
        format!("{}: choose 1 card of HQ to shuffle into R&D", c.name()),
        card_options(g, "card", &g.corp.hq),
    ))
}

fn kpi_shuffle_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&k) = picked(a).first().filter(|k| g.corp.hq.contains(k)) else { return Err(RulesError::Illegal("pick a card of HQ".into())) };
    g.corp.hq.retain(|&x| x != k);
    g.corp.rd.push(k);
    ev.push(crate::netrunner::effects::corp_card_private(
        g,
        "to_rd",
        format!("{}: the Corp shuffles a card from HQ into R&D", c.name()),
        format!("{}: the Corp shuffles {} from HQ into R&D", c.name(), g.label(k)),
        k,
    ));
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

/// An ice from HQ installed ignoring all costs (required when there is one).
fn kpi_ice_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype == CardType::Ice).collect();
    let o = corp_install_options(g, &ice, false, true);
    if o.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("installs an ice from HQ, ignoring all costs ({})", c.name()),
        format!("{}: install 1 ice from HQ, ignoring all costs", c.name()),
        o,
    ))
}

fn install_answer_free(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } => Then::InstallCorpFree { card, server },
        _ => Then::Done,
    })
}

/// 1 advancement counter on an installed card the Corp can advance (required when there is one).
fn kpi_counter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let cards = advanceable_installed(g);
    if cards.is_empty() {
        return None;
    }
    let o = cards.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: place 1 advancement counter on an installed card you can advance", c.name()),
        o,
    ))
}

// --- Measured Response ---------------------------------------------------------------------------

pub const MEASURED_RESPONSE: &str = "35078";

pub(crate) const MEASURED_RESPONSE_ROW: CardDef = CardDef {
    code: MEASURED_RESPONSE,
    name: "Measured Response",
    play: Some(Play { targets: Targets::Labeled(measured_response_playable), effect: Effect::Ask(0) }),
    asks: &[Ask::Own(Prompt { ask: measured_response_ask, answer: measured_response_answer })],
    ..BLANK
};

/// Measured Response is played only at threat 4 or more after a successful Runner turn.
fn measured_response_playable(g: &Game) -> Option<Vec<(u32, String)>> {
    if threat(g, 4) && g.runner_success_last_turn {
        None
    } else {
        Some(vec![])
    }
}

fn measured_response_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("damage", "Suffer 4 meat damage"), Answer::No)];
    if g.runner_available() >= 8 {
        o.insert(0, (opt("pay", "Pay 8 credits"), Answer::Yes));
    }
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("pays 8 credits or suffers 4 meat damage ({})", c.name()),
        format!("{}: pay 8 credits or suffer 4 meat damage", c.name()),
        o,
    ))
}

fn measured_response_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        if !g.runner_pay(8) {
            return Err(RulesError::Illegal("paying costs 8".into()));
        }
        note(ev, "paid", format!("The Runner pays 8 credits for {}", c.name()), json!({"cost": 8, "source": c.name()}));
    } else {
        damage(g, DamageKind::Meat, 4, c.name(), false);
    }
    Ok(Then::Done)
}

// --- Pivot ---------------------------------------------------------------------------------------

pub const PIVOT: &str = "34062";

pub(crate) const PIVOT_ROW: CardDef = CardDef {
    code: PIVOT,
    name: "Pivot",
    statics: &[Static::PlayExtraClicks(1)],
    // Last pushed first: the search, then the threat's play or install.
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Ask(1), Effect::Ask(0)]) }),
    asks: &[
        Ask::Own(Prompt { ask: pivot_search_ask, answer: pivot_search_answer }),
        Ask::Own(Prompt { ask: pivot_threat_ask, answer: play_or_install_answer }),
    ],
    ..BLANK
};

fn play_or_install_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Play { card, target } => Then::PlayCorp { card, target },
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

/// Pivot: search R&D for an operation or an agenda, reveal it, add it to HQ; R&D is shuffled.
fn pivot_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        operation_or_agenda,
        format!("searches R&D for an operation or an agenda ({})", c.name()),
        format!("{}: search R&D for 1 operation or agenda to reveal and add to HQ", c.name()),
    ))
}

fn operation_or_agenda(g: &Game, k: u32) -> bool {
    matches!(g.def(k).ctype, CardType::Operation | CardType::Agenda)
}

fn pivot_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, operation_or_agenda, a, |l| format!("{}: the Corp searches R&D and reveals {l}, added to HQ", c.name()), ev)? {
        g.corp.hq.push(k);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

/// Pivot's threat 3: play or install 1 card from HQ.
fn pivot_threat_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !threat(g, 3) {
        return None;
    }
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    o.extend(corp_play_options(g, &g.corp.hq));
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may play or install a card from HQ ({})", c.name()),
        format!("{}: you may play or install 1 card from HQ", c.name()),
        o,
    ))
}

// --- Retribution ---------------------------------------------------------------------------------

pub const RETRIBUTION: &str = "30065";

pub(crate) const RETRIBUTION_ROW: CardDef = CardDef {
    code: RETRIBUTION,
    name: "Retribution",
    play: Some(Play { targets: Targets::Labeled(retribution_targets), effect: Effect::Custom(retribution) }),
    ..BLANK
};

/// Retribution is played on an installed program or hardware while the Runner is tagged.
fn retribution_targets(g: &Game) -> Option<Vec<(u32, String)>> {
    if !g.tagged() {
        return Some(vec![]);
    }
    Some(g.runner.programs.iter().chain(g.runner.hardware.iter()).map(|&c| (c, format!("trash {}", g.label(c)))).collect())
}

fn retribution(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let target = c.arg;
    if g.runner.programs.contains(&target) || g.runner.hardware.contains(&target) {
        g.trash(target, c.name(), ev);
    }
}
