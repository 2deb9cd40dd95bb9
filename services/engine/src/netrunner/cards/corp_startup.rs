//! The Corp's Startup cards but ice (The Automata Initiative, Rebellion Without Rehearsal,
//! Elevation): one row each in [`DEFS`], with the functions a row names below it. Ice is in
//! `ice_startup.rs`. Every question asked here is of the one kind [`CARD_KIND`].

use serde_json::json;

use super::helpers::{
    card_options, corp_install_options, damage, faceup_archive_types, first, gain_clicks, hq_to_rd_top, note, opt, take_or_trash, threat,
};
use super::{ask_later, end_the_run, give_tags, Answer, Ask, CardDef, Ctx, Effect, PaidAbility, Play, Prompt, Question, Static, Targets, Then, When, BLANK, CARD_KIND};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{CorpZone, DamageKind, Game, Task, CORP, RUNNER};

pub const FUJII_ASSET_RETRIEVAL: &str = "34040";
pub const YOUR_DIGITAL_LIFE: &str = "34056";
pub const ARMED_ASSET_PROTECTION: &str = "34061";
pub const NANOMANAGEMENT: &str = "35043";
pub const OTTO_CAMPAIGN: &str = "35040";
pub const ANTHILL_EXCAVATION_CONTRACT: &str = "35072";
pub const MINDSCAPING: &str = "34045";
pub const MEASURED_RESPONSE: &str = "35078";
pub const IDIOSYNCRESIS: &str = "35061";
pub const CHARLOTTE_CACADOR: &str = "34107";
pub const BIGGER_PICTURE: &str = "35065";
pub const B_1001: &str = "34065";
pub const TOP_DOWN_SOLUTIONS: &str = "35044";
pub const GREASING_THE_PALM: &str = "34037";
pub const BEHOLD: &str = "34051";
pub const BYTE: &str = "35050";

/// The Corp's Startup rows (after System Gateway's in trigger order).
pub static DEFS: &[CardDef] = &[
    // --- agendas
    CardDef {
        code: FUJII_ASSET_RETRIEVAL,
        name: "Fujii Asset Retrieval",
        on_score: Effect::NetDamage(2),
        on_steal: Effect::NetDamage(2),
        ..BLANK
    },
    // --- assets
    CardDef {
        code: OTTO_CAMPAIGN,
        name: "Otto Campaign",
        on_rez: Effect::Load(6),
        events: &[(When::TurnBegin, Effect::Custom(otto_campaign))],
        ..BLANK
    },
    CardDef {
        code: ANTHILL_EXCAVATION_CONTRACT,
        name: "Anthill Excavation Contract",
        on_rez: Effect::Load(8),
        events: &[(When::TurnBegin, Effect::Custom(anthill))],
        ..BLANK
    },
    CardDef {
        code: IDIOSYNCRESIS,
        name: "Idiosyncresis",
        statics: &[Static::Advanceable],
        events: &[(When::TurnBegin, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: idiosyncresis_ask, answer: idiosyncresis_answer })],
        ..BLANK
    },
    CardDef {
        code: CHARLOTTE_CACADOR,
        name: "Charlotte Caçador",
        statics: &[Static::Advanceable],
        events: &[(When::TurnBegin, Effect::Ask(0))],
        paid: Some(PaidAbility { offers: charlotte_offers, effect: Effect::Custom(charlotte_trash) }),
        asks: &[Ask::Own(Prompt { ask: charlotte_ask, answer: charlotte_answer })],
        ..BLANK
    },
    CardDef {
        code: B_1001,
        name: "B-1001",
        paid: Some(PaidAbility { offers: b_1001_offers, effect: Effect::Custom(b_1001) }),
        ..BLANK
    },
    CardDef {
        code: BEHOLD,
        name: "Behold!",
        on_access: Effect::Custom(ambush_accessed),
        asks: &[Ask::Own(Prompt { ask: ambush_ask, answer: behold_answer })],
        ..BLANK
    },
    CardDef {
        code: BYTE,
        name: "Byte!",
        on_access: Effect::Custom(ambush_accessed),
        asks: &[Ask::Own(Prompt { ask: ambush_ask, answer: byte_answer })],
        ..BLANK
    },
    // --- operations
    CardDef {
        code: YOUR_DIGITAL_LIFE,
        name: "Your Digital Life",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(your_digital_life) }),
        ..BLANK
    },
    CardDef {
        code: ARMED_ASSET_PROTECTION,
        name: "Armed Asset Protection",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(armed_asset_protection) }),
        ..BLANK
    },
    CardDef {
        code: NANOMANAGEMENT,
        name: "Nanomanagement",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(nanomanagement) }),
        ..BLANK
    },
    CardDef {
        code: MINDSCAPING,
        name: "Mindscaping",
        play: Some(Play { targets: Targets::Labeled(mindscaping_modes), effect: Effect::Custom(mindscaping) }),
        asks: &[Ask::Own(Prompt { ask: mindscaping_ask, answer: mindscaping_answer })],
        ..BLANK
    },
    CardDef {
        code: MEASURED_RESPONSE,
        name: "Measured Response",
        play: Some(Play { targets: Targets::Labeled(measured_response_playable), effect: Effect::Ask(0) }),
        asks: &[Ask::Own(Prompt { ask: measured_response_ask, answer: measured_response_answer })],
        ..BLANK
    },
    CardDef {
        code: BIGGER_PICTURE,
        name: "Bigger Picture",
        play: Some(Play { targets: Targets::Labeled(bigger_picture_modes), effect: Effect::Custom(bigger_picture) }),
        ..BLANK
    },
    CardDef {
        code: TOP_DOWN_SOLUTIONS,
        name: "Top-Down Solutions",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(top_down_solutions) }),
        asks: &[Ask::Own(Prompt { ask: top_down_ask, answer: top_down_answer })],
        ..BLANK
    },
    CardDef {
        code: GREASING_THE_PALM,
        name: "Greasing the Palm",
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(CORP, 5), Effect::Ask(0)]) }),
        asks: &[
            Ask::Own(Prompt { ask: greasing_install_ask, answer: greasing_install_answer }),
            Ask::Own(Prompt { ask: greasing_advance_ask, answer: greasing_advance_answer }),
        ],
        ..BLANK
    },
];


fn yes_no(yes: &str, no: &str) -> Vec<(crate::core::DecisionOption, Answer)> {
    vec![(opt("yes", yes), Answer::Yes), (opt("no", no), Answer::No)]
}

/// Push question `step` of this card with its own argument (a card it is about, a count).
fn ask_with(g: &mut Game, c: Ctx, step: u8, arg: u32) {
    g.tasks.push(Task::Card { code: c.def.code.to_string(), card: c.card, step, arg });
}

// --- assets ----------------------------------------------------------------------------------------

/// Otto Campaign: 2 taken each Corp turn; empty, it is trashed and the Corp gains 2 clicks.
fn otto_campaign(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if take_or_trash(g, CORP, c.card, 2, "Otto Campaign is empty", ev) {
        gain_clicks(g, CORP, 2, c.name(), ev);
    }
}

/// Anthill Excavation Contract: 4 taken and a card drawn each Corp turn; trashed when empty.
fn anthill(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    take_or_trash(g, CORP, c.card, 4, "Anthill Excavation Contract is empty", ev);
    g.draw(CORP, 1, ev);
}

fn idiosyncresis_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    let n = g.adv(c.card);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash {} ({n} advancement counter(s))", g.label(c.card)),
        format!("{}: trash it to gain {} credits and make the Runner lose {}?", g.label(c.card), 3 * n, 2 * n),
        yes_no("Trash it", "Keep it"),
    ))
}

/// Idiosyncresis trashed: 3 credits for the Corp and 2 lost by the Runner per counter it held.
fn idiosyncresis_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        let n = i64::from(g.adv(c.card));
        g.trash(c.card, "the Corp trashed it for its counters", ev);
        g.gain(CORP, 3 * n, c.name(), ev);
        g.lose_credits(RUNNER, 2 * n, c.name(), ev);
    }
    Ok(Then::Done)
}

fn charlotte_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.adv(c.card) == 0 || !g.rezzed(c.card) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove an advancement counter from {} to gain 4 credits and draw 1 card", g.label(c.card)),
        format!("{}: remove 1 advancement counter to gain 4 credits and draw 1 card?", g.label(c.card)),
        yes_no("Remove 1 counter", "Do nothing"),
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

/// B-1001 is used during a run against another server, removing a tag.
fn b_1001_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let CorpZone::Root(here) = g.corp_zone(card) else { return vec![] };
    let elsewhere = g.run.as_ref().is_some_and(|r| !r.stop && r.server != here);
    if g.rezzed(card) && g.tagged() && elsewhere {
        vec![(format!("b1001:{card}"), format!("{}: remove 1 tag to end the run", g.label(card)), 0)]
    } else {
        vec![]
    }
}

fn b_1001(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.runner.tags -= 1;
    note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    end_the_run(g, c.name(), ev);
}

/// Behold! and Byte!: accessed anywhere but Archives, the Corp may pay 4 for their effect; in
/// R&D the Runner must reveal them first.
fn ambush_accessed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    match g.corp_zone(c.card) {
        CorpZone::Archives => return,
        CorpZone::Rd => note(ev, "revealed", format!("The Runner reveals {} accessed in R&D", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)})),
        _ => {}
    }
    ask_later(g, c, 0);
}

fn ambush_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.credits < 4 {
        return None;
    }
    let effect = if c.def.code == BEHOLD { "give the Runner 2 tags" } else { "give the Runner 1 tag and do 3 net damage" };
    Some(Question::one(
        CORP,
        CARD_KIND,
        "may pay 4 credits for an ability of the accessed card",
        format!("{}: pay 4 credits to {effect}?", g.label(c.card)),
        yes_no("Pay 4 credits", "Do nothing"),
    ))
}

fn pay_4(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> bool {
    if first(a) != Answer::Yes || !g.corp_pay(4) {
        return false;
    }
    note(ev, "paid", format!("The Corp pays 4 credits for {}", c.name()), json!({"seat": CORP, "cost": 4, "source": c.name()}));
    true
}

fn behold_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if pay_4(g, c, a, ev) {
        give_tags(g, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

fn byte_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if pay_4(g, c, a, ev) {
        give_tags(g, 1, c.name(), ev);
        damage(g, DamageKind::Net, 3, c.name(), false);
    }
    Ok(Then::Done)
}

// --- operations ------------------------------------------------------------------------------------

fn your_digital_life(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.corp.hq.len() as i64;
    g.gain(CORP, n, c.name(), ev);
}

/// Armed Asset Protection: 3, plus 1 per card type face up in Archives, plus 2 if agendas are.
fn armed_asset_protection(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let types = faceup_archive_types(g, c.card);
    let agenda = if types.contains(&CardType::Agenda) { 2 } else { 0 };
    g.gain(CORP, 3 + types.len() as i64 + agenda, c.name(), ev);
}

fn nanomanagement(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    gain_clicks(g, CORP, 2, c.name(), ev);
}

fn mindscaping_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    let x = g.runner.tags.clamp(0, 3);
    Some(vec![
        (0, "gain 4 credits and draw 2 cards, then add 1 card from HQ to the top of R&D".to_string()),
        (1, format!("do {x} net damage (1 per tag, up to 3)")),
    ])
}

fn mindscaping(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        g.gain(CORP, 4, c.name(), ev);
        g.draw(CORP, 2, ev);
        ask_later(g, c, 0);
    } else {
        let x = g.runner.tags.clamp(0, 3) as u32;
        if x > 0 {
            damage(g, DamageKind::Net, x, c.name(), false);
        }
    }
}

fn mindscaping_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("adds 1 card from HQ to the top of R&D ({})", c.name()),
        format!("{}: add 1 card from HQ to the top of R&D", c.name()),
        card_options(g, "card", &g.corp.hq),
    ))
}

fn mindscaping_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        hq_to_rd_top(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

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

/// Bigger Picture, played only on a tagged Runner: 1 more tag (mode 0), or `n` tags removed
/// (mode 1 + n), 5 credits lost by the Runner for each and gained by the Corp.
fn bigger_picture_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    if !g.tagged() {
        return Some(vec![]);
    }
    let mut v = vec![(0, "give the Runner 1 tag".to_string())];
    for n in 0..=g.runner.tags.max(0) as u32 {
        v.push((1 + n, format!("remove {n} tag(s): the Runner loses up to {} credits, which you gain", 5 * n)));
    }
    Some(v)
}

fn bigger_picture(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        give_tags(g, 1, c.name(), ev);
        return;
    }
    let n = i64::from(c.arg - 1).min(g.runner.tags);
    g.runner.tags -= n;
    note(ev, "tag_removed", format!("{}: the Corp removes {n} tag(s) ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    let lost = (5 * n).min(g.runner.credits.max(0));
    g.lose_credits(RUNNER, lost, c.name(), ev);
    g.gain(CORP, lost, c.name(), ev);
}

/// Top-Down Solutions: 2 cards drawn, then up to 2 installs from HQ, one at a time (the
/// question's argument: installs left).
fn top_down_solutions(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.draw(CORP, 2, ev);
    ask_with(g, c, 0, 2);
}

fn top_down_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false));
    if o.len() <= 1 || c.arg == 0 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ ({}, {} left)", c.name(), c.arg),
        format!("{}: you may install a card from HQ ({} install(s) left)", c.name(), c.arg),
        o,
    ))
}

fn top_down_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    if c.arg > 1 {
        // Asked after this install (and the trashing it may ask for) is done.
        ask_with(g, c, 0, c.arg - 1);
    }
    Ok(Then::InstallCorp { card, server })
}

fn greasing_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(CORP, CARD_KIND, format!("may install a card from HQ ({})", c.name()), format!("{}: you may install 1 card from HQ", c.name()), o))
}

fn greasing_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    ask_with(g, c, 1, card);
    Ok(Then::InstallCorp { card, server })
}

/// Greasing the Palm's second question, about the card it installed (its argument).
fn greasing_advance_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.tagged() || !g.is_installed(c.arg) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove 1 tag to place 1 advancement counter on the card installed ({})", c.name()),
        format!("{}: remove 1 tag to place 1 advancement counter on {}?", c.name(), g.label(c.arg)),
        yes_no("Remove 1 tag", "Do nothing"),
    ))
}

fn greasing_advance_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner.tags > 0 {
        g.runner.tags -= 1;
        note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
        if let Some(k) = g.card_mut(c.arg) {
            k.adv += 1;
        }
        note(ev, "advanced", format!("{} places 1 advancement counter on {}", c.name(), g.corp_public_label(c.arg)), json!({"card": c.arg, "adv": g.adv(c.arg)}));
    }
    Ok(Then::Done)
}
