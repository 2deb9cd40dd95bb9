//! The Corp's cards but ice: one row each in [`DEFS`] (identities, agendas, assets and
//! upgrades, operations), with the functions a row names below it. Ice is in `ice.rs`.

use serde_json::json;

use super::helpers::{card_options, corp_card_private, damage, first, note, opt, picked, trash_from_hq};
use super::{
    ask_later, end_the_run, give_tags, Answer, Ask, CardDef, Click, Ctx, Effect, PaidAbility, Play, Prompt, Question, Static, Targets, Then, When, BLANK,
};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{DamageKind, Game, Run, Task, TrashKind, CORP, RUNNER};

// Corp (The Syndicate starter deck).
pub const THE_SYNDICATE: &str = "30077";
pub const OFFWORLD_OFFICE: &str = "30067";
pub const SEND_A_MESSAGE: &str = "30069";
pub const SUPERCONDUCTING_HUB: &str = "30070";
pub const NICO_CAMPAIGN: &str = "30037";
pub const REGOLITH_MINING_LICENSE: &str = "30071";
pub const URTICA_CIPHER: &str = "30045";
pub const GOVERNMENT_SUBSIDY: &str = "30064";
pub const HEDGE_FUND: &str = "30075";
pub const SEAMLESS_LAUNCH: &str = "30040";
pub const MANEGARM_SKUNKWORKS: &str = "30042";
// The rest of System Gateway: the four Corp factions.
pub const HAAS_BIOROID: &str = "30035";
pub const LUMINAL_TRANSUBSTANTIATION: &str = "30036";
pub const SPRINT: &str = "30041";
pub const JINTEKI: &str = "30043";
pub const LONGEVITY_SERUM: &str = "30044";
pub const HANSEI_REVIEW: &str = "30048";
pub const NEUROSPIKE: &str = "30049";
pub const ANOETIC_VOID: &str = "30050";
pub const NBN: &str = "30051";
pub const TOMORROWS_HEADLINE: &str = "30052";
pub const SPIN_DOCTOR: &str = "30053";
pub const PREDICTIVE_PLANOGRAM: &str = "30056";
pub const PUBLIC_TRAIL: &str = "30057";
pub const AMAZE_AMUSEMENTS: &str = "30058";
pub const WEYLAND: &str = "30059";
pub const ABOVE_THE_LAW: &str = "30060";
pub const CLEARINGHOUSE: &str = "30061";
pub const RETRIBUTION: &str = "30065";
pub const MALAPERT_DATA_VAULT: &str = "30066";
pub const ORBITAL_SUPERIORITY: &str = "30068";

/// The Corp's card rows. Their order is the order simultaneous triggers of Corp cards in one
/// root resolve in (Manegarm Skunkworks before Anoetic Void).
pub static DEFS: &[CardDef] = &[
    // --- identities
    CardDef { code: THE_SYNDICATE, name: "The Syndicate", ..BLANK },
    CardDef {
        code: HAAS_BIOROID,
        name: "Haas-Bioroid: Precision Design",
        statics: &[Static::MaxHand(1)],
        events: &[(When::CorpScores, Effect::Custom(precision_design))],
        asks: &[Ask::Own(Prompt { ask: precision_design_ask, answer: take_to_hq_answer })],
        ..BLANK
    },
    CardDef { code: JINTEKI, name: "Jinteki: Restoring Humanity", events: &[(When::CorpDiscarded, Effect::Custom(restoring_humanity))], ..BLANK },
    CardDef {
        code: NBN,
        name: "NBN: Reality Plus",
        events: &[(When::FirstTagThisTurn, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: reality_plus_ask, answer: reality_plus_answer })],
        ..BLANK
    },
    CardDef { code: WEYLAND, name: "Weyland Consortium: Built to Last", events: &[(When::Advance, Effect::Custom(built_to_last))], ..BLANK },
    // --- agendas
    CardDef { code: OFFWORLD_OFFICE, name: "Offworld Office", on_score: Effect::Gain(CORP, 7), ..BLANK },
    CardDef {
        code: SEND_A_MESSAGE,
        name: "Send a Message",
        on_score: Effect::Ask(0),
        on_steal: Effect::Ask(0),
        asks: &[Ask::Own(Prompt { ask: send_a_message_ask, answer: send_a_message_answer })],
        ..BLANK
    },
    CardDef {
        code: SUPERCONDUCTING_HUB,
        name: "Superconducting Hub",
        on_score: Effect::Ask(0),
        statics: &[Static::MaxHand(2)],
        asks: &[Ask::Own(Prompt { ask: hub_ask, answer: hub_answer })],
        ..BLANK
    },
    CardDef { code: LUMINAL_TRANSUBSTANTIATION, name: "Luminal Transubstantiation", on_score: Effect::Custom(luminal), ..BLANK },
    CardDef {
        code: LONGEVITY_SERUM,
        name: "Longevity Serum",
        // Last pushed first: trash from HQ, then Archives into R&D.
        on_score: Effect::All(&[Effect::Ask(1), Effect::Ask(0)]),
        asks: &[Ask::Own(Prompt { ask: longevity_ask, answer: longevity_answer }), Ask::ArchivesToRd(3)],
        ..BLANK
    },
    CardDef { code: TOMORROWS_HEADLINE, name: "Tomorrow's Headline", on_score: Effect::Tags(1), on_steal: Effect::Tags(1), ..BLANK },
    CardDef {
        code: ABOVE_THE_LAW,
        name: "Above the Law",
        on_score: Effect::Custom(above_the_law),
        asks: &[Ask::CorpTrashes { kind: TrashKind::Resource, or_end: false, optional: true }],
        ..BLANK
    },
    CardDef { code: ORBITAL_SUPERIORITY, name: "Orbital Superiority", on_score: Effect::Custom(orbital_superiority), ..BLANK },
    // --- assets and upgrades
    CardDef { code: NICO_CAMPAIGN, name: "Nico Campaign", on_rez: Effect::Load(9), events: &[(When::TurnBegin, Effect::Custom(nico_campaign))], ..BLANK },
    CardDef {
        code: REGOLITH_MINING_LICENSE,
        name: "Regolith Mining License",
        on_rez: Effect::Load(15),
        click: Some(Click { offers: regolith_offers, effect: Effect::Custom(regolith) }),
        ..BLANK
    },
    CardDef { code: URTICA_CIPHER, name: "Urtica Cipher", on_access: Effect::Custom(urtica_cipher), statics: &[Static::Advanceable], ..BLANK },
    CardDef {
        code: MANEGARM_SKUNKWORKS,
        name: "Manegarm Skunkworks",
        events: &[(When::ApproachServer, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: manegarm_ask, answer: manegarm_answer })],
        ..BLANK
    },
    CardDef {
        code: ANOETIC_VOID,
        name: "Anoetic Void",
        events: &[(When::ApproachServer, Effect::Custom(anoetic_void))],
        asks: &[
            Ask::Own(Prompt { ask: anoetic_void_ask, answer: anoetic_void_answer }),
            Ask::Own(Prompt { ask: anoetic_void_pick, answer: anoetic_void_trash }),
        ],
        ..BLANK
    },
    CardDef {
        code: AMAZE_AMUSEMENTS,
        name: "AMAZE Amusements",
        events: &[(When::SuccessfulRunHere, Effect::Custom(amaze_marks_the_run))],
        run_ends: Some(amaze_run_ends),
        ..BLANK
    },
    CardDef {
        code: CLEARINGHOUSE,
        name: "Clearinghouse",
        events: &[(When::TurnBegin, Effect::Ask(0))],
        statics: &[Static::Advanceable],
        asks: &[Ask::Own(Prompt { ask: clearinghouse_ask, answer: clearinghouse_answer })],
        ..BLANK
    },
    CardDef {
        code: MALAPERT_DATA_VAULT,
        name: "Malapert Data Vault",
        events: &[(When::ScoredHere, Effect::Custom(malapert))],
        asks: &[Ask::Own(Prompt { ask: malapert_ask, answer: take_to_hq_answer })],
        ..BLANK
    },
    CardDef {
        code: SPIN_DOCTOR,
        name: "Spin Doctor",
        on_rez: Effect::Draw(CORP, 2),
        paid: Some(PaidAbility { offers: spin_doctor_offers, effect: Effect::Custom(spin_doctor) }),
        asks: &[Ask::ArchivesToRd(2)],
        ..BLANK
    },
    // --- operations
    CardDef { code: HEDGE_FUND, name: "Hedge Fund", play: Some(Play { targets: Targets::None, effect: Effect::Gain(CORP, 9) }), ..BLANK },
    CardDef { code: GOVERNMENT_SUBSIDY, name: "Government Subsidy", play: Some(Play { targets: Targets::None, effect: Effect::Gain(CORP, 15) }), ..BLANK },
    CardDef {
        code: SEAMLESS_LAUNCH,
        name: "Seamless Launch",
        play: Some(Play { targets: Targets::Cards(seamless_launch_targets), effect: Effect::Custom(seamless_launch) }),
        ..BLANK
    },
    CardDef {
        code: SPRINT,
        name: "Sprint",
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Draw(CORP, 3), Effect::Ask(0)]) }),
        asks: &[Ask::Own(Prompt { ask: sprint_ask, answer: sprint_answer })],
        ..BLANK
    },
    CardDef {
        code: HANSEI_REVIEW,
        name: "Hansei Review",
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(CORP, 10), Effect::Custom(hansei_review)]) }),
        asks: &[Ask::Own(Prompt { ask: hansei_ask, answer: hansei_answer })],
        ..BLANK
    },
    CardDef { code: NEUROSPIKE, name: "Neurospike", play: Some(Play { targets: Targets::None, effect: Effect::Custom(neurospike) }), ..BLANK },
    CardDef {
        code: PREDICTIVE_PLANOGRAM,
        name: "Predictive Planogram",
        play: Some(Play { targets: Targets::Labeled(planogram_modes), effect: Effect::Custom(predictive_planogram) }),
        ..BLANK
    },
    CardDef {
        code: PUBLIC_TRAIL,
        name: "Public Trail",
        play: Some(Play { targets: Targets::Labeled(public_trail_targets), effect: Effect::Ask(0) }),
        asks: &[Ask::PayOrTag(8)],
        ..BLANK
    },
    CardDef {
        code: RETRIBUTION,
        name: "Retribution",
        play: Some(Play { targets: Targets::Labeled(retribution_targets), effect: Effect::Custom(retribution) }),
        ..BLANK
    },
];

fn pick_one_of(seat: u32, kind: &'static str, summary: &str, prompt: &str, options: Vec<(crate::core::DecisionOption, Answer)>) -> Question {
    Question::one(seat, kind, summary, prompt, options)
}

fn run_going(g: &Game) -> bool {
    g.run.as_ref().is_some_and(|r| !r.stop)
}

// --- identities ------------------------------------------------------------------------------------

/// Haas-Bioroid: scoring an agenda, the Corp may take a card from Archives into HQ.
fn precision_design(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.corp.archives.is_empty() {
        ask_later(g, c, 0);
    }
}

fn precision_design_ask(g: &Game, _: Ctx) -> Option<Question> {
    if g.corp.archives.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Take nothing"), Answer::No)];
    o.extend(card_options(g, "take", &g.corp.archives));
    Some(pick_one_of(
        CORP,
        "precision_design",
        "may add a card from Archives to HQ (Haas-Bioroid: Precision Design)",
        "Haas-Bioroid: Precision Design: you may add a card from Archives to HQ",
        o,
    ))
}

/// Malapert Data Vault (from R&D, shown) and Precision Design (from Archives) add a card to HQ.
fn take_to_hq_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(card) = first(a) else { return Ok(Then::Done) };
    let from_rd = c.def.code == MALAPERT_DATA_VAULT;
    let shown = from_rd || g.card(card).is_some_and(|k| k.faceup);
    g.take_corp(card);
    if let Some(k) = g.card_mut(card) {
        k.faceup = false;
    }
    g.corp.hq.push(card);
    let from = if from_rd { "R&D" } else { "Archives" };
    if shown {
        note(ev, "to_hq", format!("The Corp adds {} from {from} to HQ", g.label(card)), json!({"card": card, "code": g.code(card)}));
    } else {
        ev.push(corp_card_private(
            g,
            "to_hq",
            format!("The Corp adds a card from {from} to HQ"),
            format!("The Corp adds {} from {from} to HQ", g.label(card)),
            card,
        ));
    }
    Ok(Then::Done)
}

/// Jinteki: after the Corp's discard, 1 credit if Archives holds a face-down card.
fn restoring_humanity(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.archives.iter().any(|&k| g.card(k).is_some_and(|k| !k.faceup)) {
        g.gain(CORP, 1, c.name(), ev);
    }
}

fn reality_plus_ask(_: &Game, c: Ctx) -> Option<Question> {
    let o = vec![(opt("credits", "Gain 2 credits"), Answer::Mode(0)), (opt("draw", "Draw 2 cards"), Answer::Mode(1))];
    Some(pick_one_of(
        CORP,
        "reality_plus",
        &format!("gains 2 credits or draws 2 cards ({})", c.name()),
        &format!("{}: gain 2 credits or draw 2 cards", c.name()),
        o,
    ))
}

fn reality_plus_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Mode(1) {
        g.draw(CORP, 2, ev);
    } else {
        g.gain(CORP, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Weyland: advancing a card without counters gains 2.
fn built_to_last(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        g.gain(CORP, 2, c.name(), ev);
    }
}

// --- agendas ---------------------------------------------------------------------------------------

fn send_a_message_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Rez nothing"), Answer::No)];
    for c in g.installed_corp() {
        if g.def(c).ctype == CardType::Ice && !g.rezzed(c) {
            o.push((opt(format!("rez:{c}"), format!("Rez {} for free", g.label(c))), Answer::Card(c)));
        }
    }
    if o.len() <= 1 {
        return None;
    }
    Some(pick_one_of(CORP, "send_a_message", "may rez an installed ice for free (Send a Message)", "Send a Message: you may rez an installed ice for free", o))
}

fn send_a_message_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(c) = first(a) {
        let text = format!("Send a Message: the Corp rezzes {} for free", g.label(c));
        super::helpers::rez_ignoring_costs(g, c, text, ev);
    }
    Ok(Then::Done)
}

fn hub_ask(_: &Game, _: Ctx) -> Option<Question> {
    let o = vec![(opt("draw", "Draw 2 cards"), Answer::Yes), (opt("none", "Do not draw"), Answer::No)];
    Some(pick_one_of(CORP, "superconducting_hub", "may draw 2 cards (Superconducting Hub)", "Superconducting Hub: draw 2 cards?", o))
}

fn hub_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 2, ev);
    }
    Ok(Then::Done)
}

/// Luminal Transubstantiation: 3 more clicks and no more scoring this turn.
fn luminal(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.corp.clicks += 3;
    g.flags.no_scoring = true;
    note(ev, "clicks", format!("{}: the Corp gains 3 clicks (now {})", c.name(), g.corp.clicks), json!({"seat": CORP, "clicks": g.corp.clicks}));
}

/// Longevity Serum's first question: trash any cards from HQ (then up to 3 from Archives go
/// into R&D, its second).
fn longevity_ask(g: &Game, _: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let n = g.corp.hq.len() as u32;
    let o = card_options(g, "card", &g.corp.hq);
    Some(
        pick_one_of(CORP, "longevity_serum", "trashes any number of cards from HQ (Longevity Serum)", "Longevity Serum: trash any number of cards from HQ", o)
            .range(0, n),
    )
}

fn longevity_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    trash_from_hq(g, picked(a), ev);
    Ok(Then::Done)
}

fn above_the_law(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.runner.resources.is_empty() {
        ask_later(g, c, 0);
    }
}

/// Orbital Superiority: 4 meat damage to a tagged Runner, else a tag.
fn orbital_superiority(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        damage(g, DamageKind::Meat, 4, c.name(), false);
    } else {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- assets and upgrades ---------------------------------------------------------------------------

/// Nico Campaign: 3 taken each Corp turn; trashed when empty, drawing 1.
fn nico_campaign(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if super::helpers::take_or_trash(g, CORP, c.card, 3, "Nico Campaign is empty", ev) {
        g.draw(CORP, 1, ev);
    }
}

fn regolith_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.rezzed(card) && g.hosted(card) > 0 {
        vec![(None, format!("{}: take 3 credits", g.label(card)))]
    } else {
        vec![]
    }
}

fn regolith(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    super::helpers::take_or_trash(g, CORP, c.card, 3, "Regolith Mining License is empty", ev);
}

/// Urtica Cipher: accessed while installed, 2 net damage plus 1 per advancement counter.
fn urtica_cipher(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.is_installed(c.card) {
        let n = 2 + g.adv(c.card);
        damage(g, DamageKind::Net, n, c.name(), false);
    }
}

fn manegarm_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let mut o = Vec::new();
    if g.runner_available() >= 5 {
        o.push((opt("pay", "Pay 5 credits"), Answer::Mode(0)));
    }
    if g.runner.clicks >= 2 {
        o.push((opt("clicks", "Spend 2 clicks"), Answer::Mode(1)));
    }
    o.push((opt("end", "Let the run end"), Answer::No));
    Some(Question::one(
        RUNNER,
        "manegarm",
        format!("pays 5 credits, spends 2 clicks or lets the run end ({})", g.corp_public_label(c.card)),
        format!("{}: the run ends unless you pay 5 credits or spend 2 clicks", g.label(c.card)),
        o,
    ))
}

fn manegarm_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let card = c.card;
    match first(a) {
        Answer::Mode(0) if g.runner_pay(5) => {
            note(ev, "manegarm", format!("The Runner pays 5 credits for {}", g.label(card)), json!({"card": card, "paid": "credits"}));
        }
        Answer::Mode(1) if g.runner.clicks >= 2 => {
            g.runner.clicks -= 2;
            note(ev, "manegarm", format!("The Runner spends 2 clicks for {}", g.label(card)), json!({"card": card, "paid": "clicks"}));
        }
        _ => end_the_run(g, c.name(), ev),
    }
    Ok(Then::Done)
}

fn anoetic_void(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.corp.credits >= 2 && g.corp.hq.len() >= 2 {
        ask_later(g, c, 0);
    }
}

fn anoetic_void_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) || g.corp.credits < 2 || g.corp.hq.len() < 2 {
        return None;
    }
    // Use it or not first, then exactly 2 cards: one pick of "0 or 2" cannot be asked as a range.
    let o = vec![(opt("use", "Pay 2 credits and trash 2 cards from HQ: end the run"), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(Question::one(
        CORP,
        "anoetic_void",
        format!("may pay 2 credits and trash 2 cards from HQ to end the run ({})", g.corp_public_label(c.card)),
        format!("{}: pay 2 credits and trash 2 cards from HQ to end the run?", g.label(c.card)),
        o,
    ))
}

fn anoetic_void_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn anoetic_void_pick(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) || g.corp.credits < 2 || g.corp.hq.len() < 2 {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(
        Question::one(
            CORP,
            "anoetic_void_trash",
            format!("picks 2 cards from HQ to trash ({})", g.corp_public_label(c.card)),
            format!("{}: pick the 2 cards from HQ to trash", g.label(c.card)),
            o,
        )
        .range(2, 2),
    )
}

fn anoetic_void_trash(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    if cs.len() != 2 {
        return Err(RulesError::Illegal("pick 2 cards".into()));
    }
    if !g.corp_pay(2) {
        return Err(RulesError::Illegal("Anoetic Void costs 2 credits".into()));
    }
    trash_from_hq(g, cs, ev);
    let label = g.label(c.card);
    end_the_run(g, &label, ev);
    Ok(Then::Done)
}

/// AMAZE Amusements: rezzed in the server when the run succeeds, it gives 2 tags when that run
/// ends if an agenda was stolen (even if trashed meanwhile).
fn amaze_marks_the_run(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        if !r.marked.contains(&c.card) {
            r.marked.push(c.card);
        }
    }
}

fn amaze_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if run.stolen > 0 {
        give_tags(g, 2, c.name(), ev);
    }
}

fn clearinghouse_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.card) || !g.is_installed(c.card) {
        return None;
    }
    let o = vec![(opt("trash", format!("Trash it: {} meat damage", g.adv(c.card))), Answer::Yes), (opt("keep", "Keep it"), Answer::No)];
    Some(Question::one(
        CORP,
        "clearinghouse",
        format!("may trash {} to do meat damage", g.corp_public_label(c.card)),
        format!("{}: trash it to do meat damage?", g.label(c.card)),
        o,
    ))
}

fn clearinghouse_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        let n = g.adv(c.card);
        g.trash(c.card, "Clearinghouse is used", ev);
        if n > 0 {
            damage(g, DamageKind::Meat, n, c.name(), false);
        }
    }
    Ok(Then::Done)
}

/// Malapert Data Vault: scoring from its root, the Corp may fetch a non-agenda card from R&D
/// (then R&D is shuffled).
fn malapert(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    g.tasks.push(Task::Shuffle { corp: true });
    ask_later(g, c, 0);
}

fn malapert_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Take nothing"), Answer::No)];
    let rd: Vec<u32> = g.corp.rd.iter().copied().filter(|&c| g.def(c).ctype != CardType::Agenda).collect();
    o.extend(card_options(g, "take", &rd));
    Some(pick_one_of(
        CORP,
        "malapert",
        "may take a non-agenda card from R&D (Malapert Data Vault)",
        "Malapert Data Vault: you may take a non-agenda card from R&D",
        o,
    ))
}

fn spin_doctor_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if !g.rezzed(card) {
        return vec![];
    }
    vec![(format!("spin-doctor:{card}"), format!("{}: remove it from the game to shuffle up to 2 cards from Archives into R&D", g.label(card)), 0)]
}

/// Spin Doctor's paid ability: remove it from the game to shuffle up to 2 from Archives into R&D.
fn spin_doctor(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.take_corp(c.card);
    note(ev, "removed_from_game", format!("{} is removed from the game", g.label(c.card)), json!({"card": c.card}));
    ask_later(g, c, 0);
}

// --- operations ------------------------------------------------------------------------------------

/// Which installed cards Seamless Launch may target: not installed this turn.
pub fn seamless_launch_targets(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&c| g.card(c).is_some_and(|k| k.installed_turn != g.turn)).collect()
}

/// Seamless Launch: 2 advancement counters on the target.
fn seamless_launch(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let target = c.arg;
    if let Some(k) = g.card_mut(target) {
        k.adv += 2;
    }
    let label = g.corp_public_label(target);
    note(ev, "advanced", format!("{} places 2 advancement counters on {label}", c.name()), json!({"card": target, "adv": g.adv(target)}));
}

fn sprint_ask(g: &Game, _: Ctx) -> Option<Question> {
    let n = g.corp.hq.len().min(2) as u32;
    if n == 0 {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(
        Question::one(CORP, "sprint", format!("shuffles {n} card(s) from HQ into R&D (Sprint)"), format!("Sprint: shuffle {n} card(s) from HQ into R&D"), o)
            .range(n, n),
    )
}

/// Sprint: the chosen cards go from HQ into R&D, which is then shuffled.
fn sprint_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    if cs.len() != g.corp.hq.len().min(2) {
        return Err(RulesError::Illegal("pick exactly 2 cards".into()));
    }
    for c in cs {
        g.corp.hq.retain(|&x| x != c);
        g.corp.rd.push(c);
    }
    note(ev, "returned", "Sprint: the Corp shuffles 2 cards from HQ into R&D".into(), json!({}));
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn hansei_review(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.corp.hq.is_empty() {
        ask_later(g, c, 0);
    }
}

fn hansei_ask(g: &Game, _: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(pick_one_of(CORP, "hansei_review", "trashes 1 card from HQ (Hansei Review)", "Hansei Review: trash 1 card from HQ", o))
}

fn hansei_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    if cs.len() != 1 {
        return Err(RulesError::Illegal("pick 1 card".into()));
    }
    trash_from_hq(g, cs, ev);
    Ok(Then::Done)
}

/// Neurospike: net damage equal to the printed points the Corp scored this turn.
fn neurospike(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let n = g.flags.scored_points.max(0) as u32;
    if n > 0 {
        damage(g, DamageKind::Net, n, c.name(), false);
    }
}

fn planogram_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    let mut v = vec![(0, "gain 3 credits".to_string()), (1, "draw 3 cards".to_string())];
    if g.tagged() {
        v.push((2, "gain 3 credits and draw 3 cards".to_string()));
    }
    Some(v)
}

/// Predictive Planogram: 3 credits (mode 0), 3 cards (1), or both when the Runner is tagged (2).
fn predictive_planogram(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg != 1 {
        g.gain(CORP, 3, c.name(), ev);
    }
    if c.arg != 0 {
        g.draw(CORP, 3, ev);
    }
}

/// Public Trail is played only after a successful Runner turn.
fn public_trail_targets(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner_success_last_turn {
        None
    } else {
        Some(vec![])
    }
}

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
