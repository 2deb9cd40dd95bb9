//! Operations: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `cards::triggers`.

use crate::netrunner::cards::common::{
    advanceable_installed, archives_to_hq_answer, ask_with, install_answer, install_from_hq_ask, pick_one_of, place_counter_answer, play_answer,
    play_from_hq_ask, top_down_answer, top_down_ask, yes_no_options,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ACTIVE_POLICING_ROW,
    ARMED_ASSET_PROTECTION_ROW,
    BIGGER_PICTURE_ROW,
    BRING_THEM_HOME_ROW,
    BUSINESS_AS_USUAL_ROW,
    CORPORATE_HOSPITALITY_ROW,
    GOVERNMENT_SUBSIDY_ROW,
    GREASING_THE_PALM_ROW,
    HANSEI_REVIEW_ROW,
    HEDGE_FUND_ROW,
    IP_ENFORCEMENT_ROW,
    KEY_PERFORMANCE_INDICATORS_ROW,
    MEASURED_RESPONSE_ROW,
    MINDSCAPING_ROW,
    NANOMANAGEMENT_ROW,
    NEUROSPIKE_ROW,
    OPPO_RESEARCH_ROW,
    PEER_REVIEW_ROW,
    PETTY_CASH_ROW,
    PIVOT_ROW,
    PREDICTIVE_PLANOGRAM_ROW,
    PUBLIC_TRAIL_ROW,
    RETRIBUTION_ROW,
    SEAMLESS_LAUNCH_ROW,
    SPRINT_ROW,
    SUDDEN_COMMANDMENT_ROW,
    TOP_DOWN_SOLUTIONS_ROW,
    TOUCH_UPS_ROW,
    YOUR_DIGITAL_LIFE_ROW,
];

// --- Active Policing -----------------------------------------------------------------------------

pub const ACTIVE_POLICING: &str = "34102";

pub(crate) const ACTIVE_POLICING_ROW: CardDef = CardDef {
    code: ACTIVE_POLICING,
    name: "Active Policing",
    statics: &[Static::Terminal],
    // Last pushed first: the install, then the threat's payment.
    play: Some(Play {
        targets: Targets::Labeled(runner_took_corp_card_last_turn),
        effect: Effect::All(&[Effect::Ask(1), Effect::Custom(one_click_less), Effect::Ask(0)]),
    }),
    asks: &[Ask::Own(Prompt { ask: install_from_hq_ask, answer: install_answer }), Ask::Own(Prompt { ask: policing_ask, answer: policing_answer })],
    ..BLANK
};

/// The Runner gets 1 allotted click less for their next turn.
fn one_click_less(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.next_turn_clicks[RUNNER as usize] -= 1;
    note(
        ev,
        "allotted_clicks",
        format!("{}: the Runner gets 1 allotted click less for their next turn", c.name()),
        json!({"seat": RUNNER, "change": -1, "total": g.next_turn_clicks[RUNNER as usize]}),
    );
}

fn policing_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !threat(g, 3) || g.corp.credits < 2 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 2 credits to take 1 more allotted click from the Runner's next turn ({})", c.name()),
        format!("{}: pay 2 credits so that the Runner gets 1 more allotted click less for their next turn?", c.name()),
        yes_no_options("Pay 2 credits", "Do nothing"),
    ))
}

fn policing_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && pay_corp(g, 2, c.name(), ev) {
        one_click_less(g, c, ev);
    }
    Ok(Then::Done)
}

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

// --- Bigger Picture ------------------------------------------------------------------------------

pub const BIGGER_PICTURE: &str = "35065";

pub(crate) const BIGGER_PICTURE_ROW: CardDef = CardDef {
    code: BIGGER_PICTURE,
    name: "Bigger Picture",
    play: Some(Play { targets: Targets::Labeled(bigger_picture_modes), effect: Effect::Custom(bigger_picture) }),
    ..BLANK
};

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
    crate::netrunner::cards::helpers::tags_removed(g, n, ev);
    let lost = (5 * n).min(g.runner.credits.max(0));
    g.lose_credits(RUNNER, lost, c.name(), ev);
    g.gain(CORP, lost, c.name(), ev);
}

// --- Bring Them Home -----------------------------------------------------------------------------

pub const BRING_THEM_HOME: &str = "34112";

pub(crate) const BRING_THEM_HOME_ROW: CardDef = CardDef {
    code: BRING_THEM_HOME,
    name: "Bring Them Home",
    statics: &[Static::Terminal],
    play: Some(Play { targets: Targets::Labeled(runner_took_corp_card_last_turn), effect: Effect::Custom(bring_them_home) }),
    asks: &[
        Ask::Random { from: Pile::Grip, count: |_, _| BRING_THEM_HOME_ADDS },
        Ask::Do(bring_them_home_to_top),
        Ask::Own(Prompt { ask: bring_them_home_pay_ask, answer: bring_them_home_pay_answer }),
        Ask::Random { from: Pile::Grip, count: |_, _| 1 },
        Ask::Do(bring_them_home_shuffle_in),
    ],
    ..BLANK
};

/// Bring Them Home: the cards it adds from the grip to the top of the stack.
const BRING_THEM_HOME_ADDS: u32 = 2;

/// 2 cards of the grip at random go to the top of the stack; at threat 3 the Corp may then pay
/// 2 for 1 more, shuffled in (asked after: the last task pushed is asked first).
fn bring_them_home(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if threat(g, 3) {
        ask_later(g, c, 2);
    }
    ask_later(g, c, 0);
}

/// Each picked card is added to the top of the stack in the order picked (house choice: the
/// last one picked ends on top).
fn bring_them_home_to_top(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "the grip", c.name(), ev);
    for k in g.picked_at_random.clone() {
        g.take_runner(k);
        g.runner.stack.insert(0, k);
        note(
            ev,
            "revealed_placed",
            format!("{}: {} is added to the top of the stack", c.name(), g.label(k)),
            json!({"card": k, "code": g.code(k), "place": "top", "to": "stack"}),
        );
    }
}

fn bring_them_home_pay_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.credits < 2 || g.runner.grip.is_empty() {
        return None;
    }
    let o = vec![(opt("no", "Do not pay"), Answer::No), (opt("pay", "Pay 2 credits: reveal 1 card in the grip at random"), Answer::Yes)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 2 credits to reveal a card in the grip at random ({})", c.name()),
        format!("{}: pay 2 credits to reveal 1 card in the grip at random? The Runner shuffles it into the stack", c.name()),
        o,
    ))
}

fn bring_them_home_pay_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp_pay(2) {
        note(ev, "paid", format!("The Corp pays 2 for {}", c.name()), json!({"seat": CORP, "cost": 2}));
        ask_later(g, c, 3);
    }
    Ok(Then::Done)
}

fn bring_them_home_shuffle_in(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "the grip", c.name(), ev);
    for k in g.picked_at_random.clone() {
        g.take_runner(k);
        g.runner.stack.push(k);
        note(
            ev,
            "revealed_placed",
            format!("{}: the Runner shuffles {} into the stack", c.name(), g.label(k)),
            json!({"card": k, "code": g.code(k), "place": "shuffled", "to": "stack"}),
        );
        g.tasks.push(Task::Shuffle { corp: false });
    }
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

// --- Corporate Hospitality -----------------------------------------------------------------------

pub const CORPORATE_HOSPITALITY: &str = "34103";

pub(crate) const CORPORATE_HOSPITALITY_ROW: CardDef = CardDef {
    code: CORPORATE_HOSPITALITY,
    name: "Corporate Hospitality",
    statics: &[Static::PlayExtraClicks(1)],
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(CORP, 6), Effect::Draw(CORP, 2), Effect::Ask(0)]) }),
    asks: &[Ask::Own(Prompt { ask: hospitality_ask, answer: archives_to_hq_answer })],
    ..BLANK
};

/// A card from Archives to HQ (not this operation: by the rules it is not in Archives yet).
fn hospitality_ask(g: &Game, c: Ctx) -> Option<Question> {
    let from: Vec<u32> = g.corp.archives.iter().copied().filter(|&k| k != c.card).collect();
    if from.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("adds 1 card from Archives to HQ ({})", c.name()),
        format!("{}: add 1 card from Archives to HQ", c.name()),
        card_options(g, "take", &from),
    ))
}

// --- Government Subsidy --------------------------------------------------------------------------

pub const GOVERNMENT_SUBSIDY: &str = "30064";

pub(crate) const GOVERNMENT_SUBSIDY_ROW: CardDef =
    CardDef { code: GOVERNMENT_SUBSIDY, name: "Government Subsidy", play: Some(Play { targets: Targets::None, effect: Effect::Gain(CORP, 15) }), ..BLANK };

// --- Greasing the Palm ---------------------------------------------------------------------------

pub const GREASING_THE_PALM: &str = "34037";

pub(crate) const GREASING_THE_PALM_ROW: CardDef = CardDef {
    code: GREASING_THE_PALM,
    name: "Greasing the Palm",
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(CORP, 5), Effect::Ask(0)]) }),
    asks: &[
        Ask::Own(Prompt { ask: greasing_install_ask, answer: greasing_install_answer }),
        Ask::Own(Prompt { ask: greasing_advance_ask, answer: greasing_advance_answer }),
    ],
    ..BLANK
};

fn greasing_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
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
        yes_no_options("Remove 1 tag", "Do nothing"),
    ))
}

fn greasing_advance_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner.tags > 0 {
        g.runner.tags -= 1;
        note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
        crate::netrunner::cards::helpers::tags_removed(g, 1, ev);
        if let Some(k) = g.card_mut(c.arg) {
            k.adv += 1;
        }
        note(
            ev,
            "advanced",
            format!("{} places 1 advancement counter on {}", c.name(), g.corp_public_label(c.arg)),
            json!({"card": c.arg, "adv": g.adv(c.arg)}),
        );
    }
    Ok(Then::Done)
}

// --- Hansei Review -------------------------------------------------------------------------------

pub const HANSEI_REVIEW: &str = "30048";

pub(crate) const HANSEI_REVIEW_ROW: CardDef = CardDef {
    code: HANSEI_REVIEW,
    name: "Hansei Review",
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(CORP, 10), Effect::Custom(hansei_review)]) }),
    asks: &[Ask::Own(Prompt { ask: hansei_ask, answer: hansei_answer })],
    ..BLANK
};

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

// --- Hedge Fund ----------------------------------------------------------------------------------

pub const HEDGE_FUND: &str = "30075";

pub(crate) const HEDGE_FUND_ROW: CardDef =
    CardDef { code: HEDGE_FUND, name: "Hedge Fund", play: Some(Play { targets: Targets::None, effect: Effect::Gain(CORP, 9) }), ..BLANK };

// --- IP Enforcement ------------------------------------------------------------------------------

pub const IP_ENFORCEMENT: &str = "35066";

pub(crate) const IP_ENFORCEMENT_ROW: CardDef = CardDef {
    code: IP_ENFORCEMENT,
    name: "IP Enforcement",
    play: Some(Play { targets: Targets::Labeled(ip_targets), effect: Effect::Custom(ip_enforcement) }),
    asks: &[Ask::Own(Prompt { ask: ip_install_ask, answer: ip_install_answer }), Ask::Do(ip_advance)],
    statics: &[Static::PlayCostX(agenda_points)],
    ..BLANK
};

/// X, IP Enforcement's play cost and the tags it removes: the target agenda's printed points.
fn agenda_points(g: &Game, agenda: u32) -> i64 {
    g.def(agenda).points.unwrap_or(0)
}

/// The agendas in the Runner's score area whose printed points X the Runner's tags can pay (the
/// additional cost: remove X tags), each a target; the play action keeps those whose X credits
/// (the play cost) the Corp can pay too.
fn ip_targets(g: &Game) -> Option<Vec<(u32, String)>> {
    let t: Vec<(u32, String)> = g
        .runner
        .score
        .iter()
        .copied()
        .filter(|&a| g.def(a).ctype == CardType::Agenda && g.def(a).points.unwrap_or(0) <= g.runner.tags)
        .map(|a| (a, format!("pay {x} credit(s) and remove {x} tag(s) to install {}", g.label(a), x = agenda_points(g, a))))
        .collect();
    Some(t)
}

/// The additional cost (X tags removed), then the install of that agenda.
fn ip_enforcement(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let a = c.arg;
    let x = g.def(a).points.unwrap_or(0);
    if !g.runner.score.contains(&a) || g.runner.tags < x {
        return;
    }
    if x > 0 {
        g.runner.tags -= x;
        note(ev, "tag_removed", format!("{}: the Corp removes {x} tag(s) ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
        crate::netrunner::cards::helpers::tags_removed(g, x, ev);
    }
    ask_later(g, c, 0);
}

fn ip_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.runner.score.contains(&c.arg) {
        return None;
    }
    let o = corp_install_options(g, &[c.arg], true, true);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("installs {} from the Runner's score area ({})", g.label(c.arg), c.name()),
        format!("{}: install {}", c.name(), g.label(c.arg)),
        o,
    ))
}

fn ip_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if card == c.arg => {
            // Pushed first: after the install, the counter if the Runner is still tagged.
            ask_later(g, c, 1);
            Ok(Then::InstallCorp { card, server })
        }
        _ => Err(RulesError::Illegal("install that agenda".into())),
    }
}

fn ip_advance(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() && g.is_installed(c.arg) {
        crate::netrunner::cards::helpers::place_adv(g, c.arg, 1, c.name(), ev);
    }
}

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
    ev.push(crate::netrunner::cards::helpers::corp_card_private(
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

// --- Mindscaping ---------------------------------------------------------------------------------

pub const MINDSCAPING: &str = "34045";

pub(crate) const MINDSCAPING_ROW: CardDef = CardDef {
    code: MINDSCAPING,
    name: "Mindscaping",
    play: Some(Play { targets: Targets::Labeled(mindscaping_modes), effect: Effect::Custom(mindscaping) }),
    asks: &[Ask::Own(Prompt { ask: mindscaping_ask, answer: mindscaping_answer })],
    ..BLANK
};

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

// --- Nanomanagement ------------------------------------------------------------------------------

pub const NANOMANAGEMENT: &str = "35043";

pub(crate) const NANOMANAGEMENT_ROW: CardDef =
    CardDef { code: NANOMANAGEMENT, name: "Nanomanagement", play: Some(Play { targets: Targets::None, effect: Effect::Custom(nanomanagement) }), ..BLANK };

fn nanomanagement(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    gain_clicks(g, CORP, 2, c.name(), ev);
}

// --- Neurospike ----------------------------------------------------------------------------------

pub const NEUROSPIKE: &str = "30049";

pub(crate) const NEUROSPIKE_ROW: CardDef =
    CardDef { code: NEUROSPIKE, name: "Neurospike", play: Some(Play { targets: Targets::None, effect: Effect::Custom(neurospike) }), ..BLANK };

/// Neurospike: net damage equal to the printed points the Corp scored this turn.
fn neurospike(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let n = g.flags.scored_points.max(0) as u32;
    if n > 0 {
        damage(g, DamageKind::Net, n, c.name(), false);
    }
}

// --- Oppo Research -------------------------------------------------------------------------------

pub const OPPO_RESEARCH: &str = "34055";

pub(crate) const OPPO_RESEARCH_ROW: CardDef = CardDef {
    code: OPPO_RESEARCH,
    name: "Oppo Research",
    statics: &[Static::Terminal],
    play: Some(Play { targets: Targets::Labeled(runner_took_corp_card_last_turn), effect: Effect::All(&[Effect::Tags(2), Effect::Ask(0)]) }),
    asks: &[Ask::Own(Prompt { ask: oppo_ask, answer: oppo_answer })],
    ..BLANK
};

/// Oppo Research's threat 3: pay 5 to give 2 more tags.
fn oppo_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !threat(g, 3) || g.corp.credits < 5 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 5 credits to give the Runner 2 tags ({})", c.name()),
        format!("{}: pay 5 credits to give the Runner 2 more tags?", c.name()),
        yes_no_options("Pay 5 credits", "Do nothing"),
    ))
}

fn oppo_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && pay_corp(g, 5, c.name(), ev) {
        give_tags(g, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Peer Review ---------------------------------------------------------------------------------

pub const PEER_REVIEW: &str = "35055";

pub(crate) const PEER_REVIEW_ROW: CardDef = CardDef {
    code: PEER_REVIEW,
    name: "Peer Review",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(peer_review) }),
    asks: &[Ask::Own(Prompt { ask: peer_review_ask, answer: peer_review_answer }), Ask::Own(Prompt { ask: peer_review_install_ask, answer: install_answer })],
    ..BLANK
};

fn peer_review(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    ask_later(g, c, 1);
    if g.corp.hq.len() >= 2 {
        ask_later(g, c, 0);
    } else {
        g.gain(CORP, 7, c.name(), ev);
    }
}

fn peer_review_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.len() < 2 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("reveals all cards in HQ but one ({})", c.name()),
        format!("{}: choose the 1 card of HQ you do not reveal", c.name()),
        card_options(g, "keep", &g.corp.hq),
    ))
}

/// Every card of HQ but the chosen one is revealed, then 7 credits.
fn peer_review_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(kept) = first(a) else { return Err(RulesError::Illegal("choose the card not revealed".into())) };
    if !g.corp.hq.contains(&kept) {
        return Err(RulesError::Illegal("choose a card in HQ".into()));
    }
    let shown: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| k != kept).collect();
    let names: Vec<String> = shown.iter().map(|&k| g.label(k)).collect();
    let codes: Vec<String> = shown.iter().map(|&k| g.code(k).to_string()).collect();
    note(ev, "revealed", format!("{}: the Corp reveals from HQ: {}", c.name(), names.join(", ")), json!({"cards": shown, "codes": codes}));
    g.gain(CORP, 7, c.name(), ev);
    Ok(Then::Done)
}

fn peer_review_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, true, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ in the root of a remote server ({})", c.name()),
        format!("{}: you may install 1 card from HQ in the root of a remote server", c.name()),
        o,
    ))
}

// --- Petty Cash ----------------------------------------------------------------------------------

pub const PETTY_CASH: &str = "35081";

pub(crate) const PETTY_CASH_ROW: CardDef = CardDef {
    code: PETTY_CASH,
    name: "Petty Cash",
    play: Some(Play { targets: Targets::Labeled(no_action_finished_yet), effect: Effect::Custom(petty_cash) }),
    click: Some(Click { offers: petty_cash_offers, effect: Effect::Ask(0) }),
    asks: &[Ask::Own(Prompt { ask: petty_cash_ask, answer: petty_cash_answer }), Ask::Do(remove_from_game)],
    ..BLANK
};

/// "Play only if you have not finished an action yet this turn."
fn no_action_finished_yet(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.flags.actions_finished.is_empty() {
        None
    } else {
        Some(vec![])
    }
}

/// 5 credits; played from elsewhere than HQ, 1 click too.
fn petty_cash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.gain(CORP, 5, c.name(), ev);
    if g.flags.played_not_from_hq.contains(&c.card) {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
}

/// Click: play it from Archives (as it could be played: cost and "play only if").
fn petty_cash_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if !g.corp.archives.contains(&card) || corp_play_options(g, &[card]).is_empty() {
        return vec![];
    }
    vec![(None, format!("Play {} from Archives, then remove it from the game", g.label(card)))]
}

fn petty_cash_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.archives.contains(&c.card) {
        return None;
    }
    let o = corp_play_options(g, &[c.card]);
    if o.is_empty() {
        return None;
    }
    // Public summary: the card may still be face down in Archives; the play itself names it.
    Some(Question::one(CORP, CARD_KIND, "plays an operation from Archives", format!("{}: play it from Archives", c.name()), o))
}

fn petty_cash_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Play { card, target } if card == c.card => {
            // Pushed first: once it has resolved, it leaves the game.
            ask_later(g, c, 1);
            Ok(Then::PlayCorp { card, target })
        }
        _ => Ok(Then::Done),
    }
}

/// "After it resolves, remove it from the game."
fn remove_from_game(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.archives.contains(&c.card) {
        g.corp.archives.retain(|&x| x != c.card);
        g.corp.removed.push(c.card);
        note(ev, "removed", format!("{} is removed from the game", c.name()), json!({"card": c.card, "code": g.code(c.card)}));
    }
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

// --- Predictive Planogram ------------------------------------------------------------------------

pub const PREDICTIVE_PLANOGRAM: &str = "30056";

pub(crate) const PREDICTIVE_PLANOGRAM_ROW: CardDef = CardDef {
    code: PREDICTIVE_PLANOGRAM,
    name: "Predictive Planogram",
    play: Some(Play { targets: Targets::Labeled(planogram_modes), effect: Effect::Custom(predictive_planogram) }),
    ..BLANK
};

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

// --- Public Trail --------------------------------------------------------------------------------

pub const PUBLIC_TRAIL: &str = "30057";

pub(crate) const PUBLIC_TRAIL_ROW: CardDef = CardDef {
    code: PUBLIC_TRAIL,
    name: "Public Trail",
    play: Some(Play { targets: Targets::Labeled(public_trail_targets), effect: Effect::Ask(0) }),
    asks: &[Ask::PayOrTag(8)],
    ..BLANK
};

/// Public Trail is played only after a successful Runner turn.
fn public_trail_targets(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner_success_last_turn {
        None
    } else {
        Some(vec![])
    }
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

// --- Seamless Launch -----------------------------------------------------------------------------

pub const SEAMLESS_LAUNCH: &str = "30040";

pub(crate) const SEAMLESS_LAUNCH_ROW: CardDef = CardDef {
    code: SEAMLESS_LAUNCH,
    name: "Seamless Launch",
    play: Some(Play { targets: Targets::Cards(seamless_launch_targets), effect: Effect::Custom(seamless_launch) }),
    ..BLANK
};

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

// --- Sprint --------------------------------------------------------------------------------------

pub const SPRINT: &str = "30041";

pub(crate) const SPRINT_ROW: CardDef = CardDef {
    code: SPRINT,
    name: "Sprint",
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Draw(CORP, 3), Effect::Ask(0)]) }),
    asks: &[Ask::Own(Prompt { ask: sprint_ask, answer: sprint_answer })],
    ..BLANK
};

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

// --- Sudden Commandment --------------------------------------------------------------------------

pub const SUDDEN_COMMANDMENT: &str = "34119";

pub(crate) const SUDDEN_COMMANDMENT_ROW: CardDef = CardDef {
    code: SUDDEN_COMMANDMENT,
    name: "Sudden Commandment",
    // Draw at once; last pushed first: the play from HQ, then the threat's click.
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Draw(CORP, 2), Effect::Ask(1), Effect::Ask(0)]) }),
    asks: &[Ask::Own(Prompt { ask: play_from_hq_ask, answer: play_answer }), Ask::Own(Prompt { ask: commandment_ask, answer: commandment_answer })],
    ..BLANK
};

/// Sudden Commandment's threat 3: the first mandate played this turn may pay 3 for a click.
fn commandment_ask(g: &Game, c: Ctx) -> Option<Question> {
    let first_mandate = g.flags.played.iter().copied().find(|&k| g.def(k).has_subtype("Mandate"));
    if !threat(g, 3) || first_mandate != Some(c.card) || g.corp.credits < 3 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 3 credits to gain a click ({})", c.name()),
        format!("{}: pay 3 credits to gain 1 click?", c.name()),
        yes_no_options("Pay 3 credits", "Do nothing"),
    ))
}

fn commandment_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && pay_corp(g, 3, c.name(), ev) {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Top-Down Solutions --------------------------------------------------------------------------

pub const TOP_DOWN_SOLUTIONS: &str = "35044";

pub(crate) const TOP_DOWN_SOLUTIONS_ROW: CardDef = CardDef {
    code: TOP_DOWN_SOLUTIONS,
    name: "Top-Down Solutions",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(top_down_solutions) }),
    asks: &[Ask::Own(Prompt { ask: top_down_ask, answer: top_down_answer })],
    ..BLANK
};

/// Top-Down Solutions: 2 cards drawn, then up to 2 installs from HQ, one at a time (the
/// question's argument: installs left).
fn top_down_solutions(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.draw(CORP, 2, ev);
    ask_with(g, c, 0, 2);
}

// --- Touch-ups -----------------------------------------------------------------------------------

pub const TOUCH_UPS: &str = "35067";

pub(crate) const TOUCH_UPS_ROW: CardDef = CardDef {
    code: TOUCH_UPS,
    name: "Touch-ups",
    statics: &[Static::PlayExtraClicks(1)],
    play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
    asks: &[
        Ask::Own(Prompt { ask: touch_ups_ask, answer: touch_ups_answer }),
        Ask::Own(Prompt { ask: touch_ups_type_ask, answer: touch_ups_type_answer }),
        Ask::Own(Prompt { ask: touch_ups_pick_ask, answer: touch_ups_pick_answer }),
    ],
    ..BLANK
};

const RUNNER_TYPES: [(CardType, &str); 4] =
    [(CardType::Event, "event"), (CardType::Hardware, "hardware"), (CardType::Program, "program"), (CardType::Resource, "resource")];

fn touch_ups_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if to.is_empty() {
        return None;
    }
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 2 advancement counters on an installed card ({})", c.name()),
        format!("{}: place 2 advancement counters on 1 installed card you can advance", c.name()),
        o,
    ))
}

fn touch_ups_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.advanceable(k) && g.is_installed(k) {
            place_adv(g, k, 2, c.name(), ev);
            ask_later(g, c, 1);
        }
    }
    Ok(Then::Done)
}

fn touch_ups_type_ask(_: &Game, c: Ctx) -> Option<Question> {
    let o = RUNNER_TYPES.iter().enumerate().map(|(i, (_, name))| (opt(format!("type:{name}"), format!("Name {name}")), Answer::Mode(i as u8))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("names a card type and reveals the grip ({})", c.name()),
        format!("{}: choose a card type; the grip is revealed", c.name()),
        o,
    ))
}

fn touch_ups_type_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(i) = first(a) else { return Ok(Then::Done) };
    let Some((_, name)) = RUNNER_TYPES.get(usize::from(i)) else { return Ok(Then::Done) };
    let names: Vec<String> = g.runner.grip.iter().map(|&k| g.label(k)).collect();
    note(
        ev,
        "revealed",
        format!("{}: the Corp names {name}; the Runner reveals the grip: {}", c.name(), names.join(", ")),
        json!({"cards": g.runner.grip, "type": name}),
    );
    ask_with(g, c, 2, u32::from(i));
    Ok(Then::Done)
}

fn touch_ups_of_type(g: &Game, i: u32) -> Vec<u32> {
    let Some((t, _)) = RUNNER_TYPES.get(i as usize) else { return vec![] };
    g.runner.grip.iter().copied().filter(|&k| g.def(k).ctype == *t).collect()
}

fn touch_ups_pick_ask(g: &Game, c: Ctx) -> Option<Question> {
    let of = touch_ups_of_type(g, c.arg);
    if of.is_empty() {
        return None;
    }
    let n = (of.len() as u32).min(2);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("chooses up to 2 revealed cards the Runner shuffles into the stack ({})", c.name()),
            format!("{}: choose up to 2 revealed cards; the Runner shuffles them into the stack", c.name()),
            card_options(g, "card", &of),
        )
        .range(0, n),
    )
}

fn touch_ups_pick_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let of = touch_ups_of_type(g, c.arg);
    let cs: Vec<u32> = picked(a).into_iter().filter(|k| of.contains(k)).take(2).collect();
    if cs.is_empty() {
        return Ok(Then::Done);
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    for &k in &cs {
        g.take_runner(k);
        g.runner.stack.push(k);
    }
    note(ev, "returned", format!("{}: the Runner shuffles {} into the stack", c.name(), names.join(", ")), json!({"cards": cs}));
    g.tasks.push(Task::Shuffle { corp: false });
    Ok(Then::Done)
}

// --- Your Digital Life ---------------------------------------------------------------------------

pub const YOUR_DIGITAL_LIFE: &str = "34056";

pub(crate) const YOUR_DIGITAL_LIFE_ROW: CardDef = CardDef {
    code: YOUR_DIGITAL_LIFE,
    name: "Your Digital Life",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(your_digital_life) }),
    ..BLANK
};

fn your_digital_life(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.corp.hq.len() as i64;
    g.gain(CORP, n, c.name(), ev);
}

// --- shared by the cards above ---------------------------------------------------------------------

/// "Play only if the Runner stole or trashed a Corp card during their last turn."
pub(crate) fn runner_took_corp_card_last_turn(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner_took_corp_card_last_turn {
        None
    } else {
        Some(vec![])
    }
}

/// The Corp pays `n` credits for a card's ability (publicly); false when it cannot.
fn pay_corp(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) -> bool {
    if !g.corp_pay(n) {
        return false;
    }
    note(ev, "paid", format!("The Corp pays {n} credits for {source}"), json!({"seat": CORP, "cost": n, "source": source}));
    true
}
