//! Operations of the NBN faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    advanceable_installed, ask_with, pay_corp, play_answer, play_from_hq_ask, runner_took_corp_card_last_turn, yes_no_options,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    BIGGER_PICTURE_ROW,
    IP_ENFORCEMENT_ROW,
    OPPO_RESEARCH_ROW,
    PREDICTIVE_PLANOGRAM_ROW,
    PUBLIC_TRAIL_ROW,
    SUDDEN_COMMANDMENT_ROW,
    TOUCH_UPS_ROW,
    YOUR_DIGITAL_LIFE_ROW,
];

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
    crate::netrunner::effects::tags_removed(g, n, ev);
    let lost = (5 * n).min(g.runner.credits.max(0));
    g.lose_credits(RUNNER, lost, c.name(), ev);
    g.gain(CORP, lost, c.name(), ev);
}

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
        crate::netrunner::effects::tags_removed(g, x, ev);
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
        crate::netrunner::effects::place_adv(g, c.arg, 1, c.name(), ev);
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

// --- Sudden Commandment --------------------------------------------------------------------------

pub const SUDDEN_COMMANDMENT: &str = "34119";

pub(crate) const SUDDEN_COMMANDMENT_ROW: CardDef = CardDef {
    code: SUDDEN_COMMANDMENT,
    name: "Sudden Commandment",
    // Draw at once; last pushed first: the play from HQ, then the threat's click.
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Draw(CORP, 2), Effect::Ask(1), Effect::Ask(0)]) }),
    asks: &[Ask::Own(Prompt { ask: play_from_hq_ask::<true>, answer: play_answer }), Ask::Own(Prompt { ask: commandment_ask, answer: commandment_answer })],
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
