//! Operations of the Haas-Bioroid faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    archives_to_hq_answer, ask_with, corp_may_install, install_answer, install_from_hq_ask, pay_corp, runner_took_corp_card_last_turn, top_down_answer,
    top_down_ask, yes_no_options,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[ACTIVE_POLICING_ROW, CORPORATE_HOSPITALITY_ROW, GREASING_THE_PALM_ROW, NANOMANAGEMENT_ROW, SEAMLESS_LAUNCH_ROW, SPRINT_ROW, TOP_DOWN_SOLUTIONS_ROW];

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
    asks: &[Ask::Own(Prompt { ask: install_from_hq_ask, answer: install_answer::<false> }), Ask::Own(Prompt { ask: policing_ask, answer: policing_answer })],
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
    corp_may_install(
        corp_install_options(g, &g.corp.hq, false, false),
        format!("may install a card from HQ ({})", c.name()),
        format!("{}: you may install 1 card from HQ", c.name()),
    )
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
        crate::netrunner::effects::tags_removed(g, 1, ev);
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

// --- Nanomanagement ------------------------------------------------------------------------------

pub const NANOMANAGEMENT: &str = "35043";

pub(crate) const NANOMANAGEMENT_ROW: CardDef =
    CardDef { code: NANOMANAGEMENT, name: "Nanomanagement", play: Some(Play { targets: Targets::None, effect: Effect::Custom(nanomanagement) }), ..BLANK };

fn nanomanagement(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    gain_clicks(g, CORP, 2, c.name(), ev);
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
