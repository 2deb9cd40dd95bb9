//! Assets of the Haas-Bioroid faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{ask_with, play_answer, play_from_hq_ask, power, top_down_answer, top_down_ask};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[HUMANOID_RESOURCES_ROW, NICO_CAMPAIGN_ROW, OTTO_CAMPAIGN_ROW, WAGE_WORKERS_ROW, WARM_RECEPTION_ROW, WORKING_PROTOTYPE_ROW];

// --- Humanoid Resources --------------------------------------------------------------------------

pub const HUMANOID_RESOURCES: &str = "35039";

pub(crate) const HUMANOID_RESOURCES_ROW: CardDef = CardDef {
    code: HUMANOID_RESOURCES,
    name: "Humanoid Resources",
    click: Some(Click {
        offers: Offers::Costed(Costed {
            id: "",
            cost: Cost::All(&[Cost::Clicks(3), Cost::TrashSelf]),
            usable: |g, card| g.rezzed(card),
            text: "3 clicks, trash it: gain 4 credits, draw 3 cards, install up to 2 cards and play 1 operation from HQ",
        }),
        effect: Effect::Custom(humanoid_resources),
    }),
    asks: &[Ask::Own(Prompt { ask: up_to_installs_ask, answer: top_down_answer }), Ask::Own(Prompt { ask: play_from_hq_ask::<false>, answer: play_answer })],
    ..BLANK
};

fn humanoid_resources(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.gain(CORP, 4, c.name(), ev);
    g.draw(CORP, 3, ev);
    // Last pushed first: the installs (one at a time), then the play.
    ask_with(g, c, 1, 0);
    ask_with(g, c, 0, 2);
}

/// Up to `arg` more installs from HQ, one at a time (answered by `top_down_answer`).
fn up_to_installs_ask(g: &Game, c: Ctx) -> Option<Question> {
    top_down_ask(g, c)
}

// --- Nico Campaign -------------------------------------------------------------------------------

pub const NICO_CAMPAIGN: &str = "30037";

pub(crate) const NICO_CAMPAIGN_ROW: CardDef =
    CardDef { code: NICO_CAMPAIGN, name: "Nico Campaign", on_rez: Effect::Load(9), events: &[(When::TurnBegin, Effect::Custom(nico_campaign))], ..BLANK };

/// Nico Campaign: 3 taken each Corp turn; trashed when empty, drawing 1.
fn nico_campaign(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if crate::netrunner::effects::take_or_trash(g, CORP, c.card, 3, "Nico Campaign is empty", ev) {
        g.draw(CORP, 1, ev);
    }
}

// --- Otto Campaign -------------------------------------------------------------------------------

pub const OTTO_CAMPAIGN: &str = "35040";

pub(crate) const OTTO_CAMPAIGN_ROW: CardDef =
    CardDef { code: OTTO_CAMPAIGN, name: "Otto Campaign", on_rez: Effect::Load(6), events: &[(When::TurnBegin, Effect::Custom(otto_campaign))], ..BLANK };

/// Otto Campaign: 2 taken each Corp turn; empty, it is trashed and the Corp gains 2 clicks.
fn otto_campaign(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if take_or_trash(g, CORP, c.card, 2, "Otto Campaign is empty", ev) {
        gain_clicks(g, CORP, 2, c.name(), ev);
    }
}

// --- Wage Workers --------------------------------------------------------------------------------

pub const WAGE_WORKERS: &str = "34033";

pub(crate) const WAGE_WORKERS_ROW: CardDef =
    CardDef { code: WAGE_WORKERS, name: "Wage Workers", events: &[(When::CorpFinishedAction, Effect::Custom(wage_workers))], ..BLANK };

/// The third time this turn the Corp finishes the same action: 1 click.
fn wage_workers(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 3 {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
}

// --- Warm Reception ------------------------------------------------------------------------------

pub const WARM_RECEPTION: &str = "34098";

pub(crate) const WARM_RECEPTION_ROW: CardDef = CardDef {
    code: WARM_RECEPTION,
    name: "Warm Reception",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: warm_install_ask, answer: warm_install_answer }), Ask::Own(Prompt { ask: warm_derez_ask, answer: warm_derez_answer })],
    ..BLANK
};

fn warm_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return warm_derez_ask(g, c);
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ ({})", c.name()),
        format!("{}: you may install 1 card from HQ (it cannot be scored this turn)", c.name()),
        o,
    ))
}

fn warm_install_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } => {
            g.flags.no_score.push(card);
            // Asked after this install (and the trashing it may ask for) is done.
            ask_later(g, c, 1);
            Ok(Then::InstallCorp { card, server })
        }
        // Nothing to install: the question asked was the derez one.
        Answer::Card(_) => warm_derez_answer(g, c, a, ev),
        _ => {
            ask_later(g, c, 1);
            Ok(Then::Done)
        }
    }
}

/// The other rezzed installed Corp cards Warm Reception may derez, while it is rezzed in a
/// server no ice protects.
fn warm_derez_targets(g: &Game, card: u32) -> Vec<u32> {
    let CorpZone::Root(server) = g.corp_zone(card) else { return vec![] };
    if !g.rezzed(card) || !crate::netrunner::effects::ice_of(g, server).is_empty() {
        return vec![];
    }
    g.installed_corp().into_iter().filter(|&k| k != card && g.rezzed(k)).collect()
}

fn warm_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let targets = warm_derez_targets(g, c.card);
    if targets.is_empty() {
        return None;
    }
    let mut o = card_options(g, "derez", &targets);
    o.push((opt("none", "Derez nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may derez {} to derez another installed card", g.label(c.card)),
        format!("{}: you may derez it to derez another installed card", g.label(c.card)),
        o,
    ))
}

fn warm_derez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if !warm_derez_targets(g, c.card).contains(&k) {
            return Err(RulesError::Illegal(format!("{} cannot derez card {k}", c.name())));
        }
        crate::netrunner::effects::derez(g, c.card, c.name(), ev);
        crate::netrunner::effects::derez(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Working Prototype ---------------------------------------------------------------------------

pub const WORKING_PROTOTYPE: &str = "34099";

pub(crate) const WORKING_PROTOTYPE_ROW: CardDef = CardDef {
    code: WORKING_PROTOTYPE,
    name: "Working Prototype",
    events: &[(When::Rez, Effect::Custom(working_prototype_counter))],
    click: Some(Click { offers: Offers::Own(working_prototype_offers), effect: Effect::Custom(working_prototype) }),
    asks: &[Ask::Own(Prompt { ask: working_prototype_ask, answer: working_prototype_answer })],
    ..BLANK
};

fn working_prototype_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(c.card) {
        k.power += 1;
    }
    let n = g.card(c.card).map_or(0, |k| k.power);
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", g.label(c.card)), json!({"card": c.card, "change": 1, "power": n}));
}

/// Its two click abilities, told apart by the option's number: 0 (1 counter: 3 credits), 1 (5
/// counters: 6 credits and a resource to the top of the stack).
/// Hand-written offers, not a `Costed`: two modes with different costs.
fn working_prototype_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let mut v = Vec::new();
    if g.rezzed(card) && g.is_installed(card) {
        if power(g, card) >= 1 {
            v.push((Some(0), format!("{}: spend 1 power counter to gain 3 credits", g.label(card))));
        }
        if power(g, card) >= 5 {
            v.push((Some(1), format!("{}: spend 5 power counters to gain 6 credits and add an installed resource to the top of the stack", g.label(card))));
        }
    }
    v
}

fn working_prototype(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let (n, gain) = if c.arg == 1 { (5, 6) } else { (1, 3) };
    if power(g, c.card) < n {
        return;
    }
    if let Some(k) = g.card_mut(c.card) {
        k.power -= n;
    }
    note(
        ev,
        "power_counters",
        format!("{}: {n} power counter(s) spent", g.label(c.card)),
        json!({"card": c.card, "change": -i64::from(n), "power": power(g, c.card)}),
    );
    g.gain(CORP, gain, c.name(), ev);
    if c.arg == 1 {
        ask_later(g, c, 0);
    }
}

fn working_prototype_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.resources.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("adds an installed resource to the top of the stack ({})", c.name()),
        format!("{}: add 1 installed resource to the top of the stack", c.name()),
        card_options(g, "card", &g.runner.resources),
    ))
}

fn working_prototype_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !g.runner.resources.contains(&k) {
        return Ok(Then::Done);
    }
    g.take_runner(k);
    if let Some(x) = g.card_mut(k) {
        (x.credits, x.virus, x.power, x.host) = (0, 0, 0, None);
    }
    g.runner.stack.insert(0, k);
    note(ev, "to_stack", format!("{}: {} is added to the top of the stack", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    Ok(Then::Done)
}
