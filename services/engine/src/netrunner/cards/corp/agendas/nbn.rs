//! Agendas of the NBN faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{counter_options, one_agenda_counter, server_of};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[EMBEDDED_REPORTING_ROW, KINGMAKING_ROW, NEXT_BIG_THING_ROW, ORACLE_THINKTANK_ROW, STOKE_THE_EMBERS_ROW, TOMORROWS_HEADLINE_ROW];

// --- Embedded Reporting --------------------------------------------------------------------------

pub const EMBEDDED_REPORTING: &str = "35059";

pub(crate) const EMBEDDED_REPORTING_ROW: CardDef = CardDef {
    code: EMBEDDED_REPORTING,
    name: "Embedded Reporting",
    statics: &[Static::Dividends(2)],
    events: &[(When::CorpDiscarded, Effect::Ask(0))],
    asks: &[
        Ask::Own(Prompt { ask: embedded_ask, answer: embedded_answer }),
        Ask::Own(Prompt { ask: embedded_search_ask, answer: embedded_search_answer }),
        Ask::Do(embedded_to_top),
    ],
    ..BLANK
};

fn embedded_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.score.contains(&c.card) || g.card(c.card).map_or(0, |k| k.agenda) == 0 {
        return None;
    }
    let o = vec![(opt("search", "Remove 1 agenda counter to search R&D"), Answer::Yes), (opt("none", "Do not"), Answer::No)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove an agenda counter from {} to search R&D for an operation", c.name()),
        format!("{}: you may remove 1 agenda counter to search R&D for 1 operation, reveal it and add it to the top of R&D", c.name()),
        o,
    ))
}

fn embedded_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.card(c.card).map_or(0, |k| k.agenda) > 0 {
        agenda_counters(g, c.card, -1, c.name(), ev);
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn embedded_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        is_operation,
        format!("searches R&D for an operation ({})", c.name()),
        format!("{}: search R&D for 1 operation to reveal and add to the top of R&D", c.name()),
    ))
}

fn is_operation(g: &Game, k: u32) -> bool {
    g.def(k).ctype == CardType::Operation
}

/// The operation found is revealed and set aside while R&D is shuffled, then added to its top.
fn embedded_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, is_operation, a, |l| format!("{}: the Corp searches R&D and reveals {l}", c.name()), ev)? {
        // Pushed first: resolved after the shuffle.
        ask_later(g, Ctx { arg: k, ..c }, 2);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn embedded_to_top(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let k = c.arg;
    if g.corp_zone(k) != CorpZone::None {
        return;
    }
    g.corp.rd.insert(0, k);
    // Revealed already; once in R&D it is a hidden card again, so this event does not name it.
    note(ev, "to_rd", format!("{}: the operation it revealed is added to the top of R&D", c.name()), json!({"card": k}));
}

// --- Kingmaking ----------------------------------------------------------------------------------

pub const KINGMAKING: &str = "34113";

pub(crate) const KINGMAKING_ROW: CardDef = CardDef {
    code: KINGMAKING,
    name: "Kingmaking",
    on_score: Effect::Ask(0),
    asks: &[
        Ask::Own(Prompt { ask: kingmaking_draw_ask, answer: kingmaking_draw_answer }),
        Ask::Own(Prompt { ask: kingmaking_agenda_ask, answer: kingmaking_agenda_answer }),
    ],
    ..BLANK
};

/// Up to 3, and no more than R&D holds (choosing to deck oneself is not offered).
fn kingmaking_draw_ask(g: &Game, c: Ctx) -> Option<Question> {
    let most = g.corp.rd.len().min(3) as u8;
    let o = (0..=most).map(|n| (opt(format!("draw:{n}"), format!("Draw {n} card(s)")), Answer::Mode(n))).collect();
    Some(Question::one(CORP, CARD_KIND, format!("draws up to 3 cards ({})", c.name()), format!("{}: draw up to 3 cards", c.name()), o))
}

fn kingmaking_draw_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Mode(n) = first(a) {
        g.draw(CORP, u32::from(n.min(3)).min(g.corp.rd.len() as u32), ev);
    }
    ask_later(g, c, 1);
    Ok(Then::Done)
}

fn small_agendas_in_hq(g: &Game) -> Vec<u32> {
    g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype == CardType::Agenda && g.def(k).points.unwrap_or(0) <= 1).collect()
}

fn kingmaking_agenda_ask(g: &Game, c: Ctx) -> Option<Question> {
    let agendas = small_agendas_in_hq(g);
    if agendas.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add an agenda worth 1 point or less from HQ to its score area ({})", c.name()),
        format!("{}: you may add an agenda worth 1 agenda point or less from HQ to your score area", c.name()),
        counter_options(g, &agendas, "Add nothing"),
    ))
}

/// The agenda is added to the score area (not scored: no "when scored" ability).
fn kingmaking_agenda_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !small_agendas_in_hq(g).contains(&k) {
        return Ok(Then::Done);
    }
    let pts = g.def(k).points.unwrap_or(0);
    g.corp.hq.retain(|&x| x != k);
    g.corp.score.push(k);
    g.corp.points += pts;
    note(
        ev,
        "to_score_area",
        format!("{}: the Corp adds {} from HQ to its score area ({pts} point(s), now {})", c.name(), g.label(k), g.corp.points),
        json!({"card": k, "code": g.code(k), "points": pts, "total": g.corp.points}),
    );
    Ok(Then::Done)
}

// --- Next Big Thing ------------------------------------------------------------------------------

pub const NEXT_BIG_THING: &str = "35060";

pub(crate) const NEXT_BIG_THING_ROW: CardDef = CardDef {
    code: NEXT_BIG_THING,
    name: "Next Big Thing",
    on_score: Effect::Custom(one_agenda_counter),
    on_steal: Effect::Custom(one_agenda_counter),
    click: Some(Click {
        offers: Offers::Costed(Costed {
            id: "",
            cost: Cost::Counters(Counter::Agenda, 1),
            usable: |g, card| g.corp.score.contains(&card) || g.runner.score.contains(&card),
            text: "spend an agenda counter to draw 4 cards, then shuffle cards from HQ into R&D",
        }),
        effect: Effect::All(&[Effect::Draw(CORP, 4), Effect::Ask(0)]),
    }),
    asks: &[Ask::Own(Prompt { ask: next_big_thing_ask, answer: next_big_thing_answer })],
    ..BLANK
};

fn next_big_thing_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let n = g.corp.hq.len() as u32;
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("shuffles any number of cards from HQ into R&D ({})", c.name()),
            format!("{}: shuffle any number of cards from HQ into R&D", c.name()),
            card_options(g, "card", &g.corp.hq),
        )
        .range(0, n),
    )
}

fn next_big_thing_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs: Vec<u32> = picked(a).into_iter().filter(|k| g.corp.hq.contains(k)).collect();
    for &k in &cs {
        g.corp.hq.retain(|&x| x != k);
        g.corp.rd.push(k);
    }
    note(ev, "returned", format!("{}: the Corp shuffles {} card(s) from HQ into R&D", c.name(), cs.len()), json!({"count": cs.len()}));
    if !cs.is_empty() {
        g.tasks.push(Task::Shuffle { corp: true });
    }
    Ok(Then::Done)
}

// --- Oracle Thinktank ----------------------------------------------------------------------------

pub const ORACLE_THINKTANK: &str = "34049";

pub(crate) const ORACLE_THINKTANK_ROW: CardDef = CardDef {
    code: ORACLE_THINKTANK,
    name: "Oracle Thinktank",
    on_steal: Effect::Tags(1),
    click: Some(Click {
        offers: Offers::Costed(Costed {
            id: "",
            cost: Cost::RemoveTag,
            usable: |g, card| g.runner.score.contains(&card),
            text: "remove 1 tag to shuffle it from the Runner's score area into R&D",
        }),
        effect: Effect::Custom(oracle_thinktank),
    }),
    ..BLANK
};

/// Oracle Thinktank leaves the Runner's score area (and its points) for R&D.
fn oracle_thinktank(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let pts = g.def(c.card).points.unwrap_or(0);
    g.runner.score.retain(|&x| x != c.card);
    g.runner.points -= pts;
    if let Some(k) = g.card_mut(c.card) {
        (k.faceup, k.agenda) = (false, 0);
    }
    g.corp.rd.push(c.card);
    note(
        ev,
        "returned",
        format!("{} is shuffled from the Runner's score area into R&D (the Runner has {} point(s))", g.label(c.card), g.runner.points),
        json!({"card": c.card, "points": g.runner.points}),
    );
    g.tasks.push(Task::Shuffle { corp: true });
}

// --- Stoke the Embers ----------------------------------------------------------------------------

pub const STOKE_THE_EMBERS: &str = "34114";

pub(crate) const STOKE_THE_EMBERS_ROW: CardDef = CardDef {
    code: STOKE_THE_EMBERS,
    name: "Stoke the Embers",
    on_score: Effect::All(&[Effect::Gain(CORP, 3), Effect::Ask(1)]),
    events: &[(When::InstalledNotFromHq, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: stoke_reveal_ask, answer: stoke_reveal_answer }), Ask::Own(Prompt { ask: stoke_advance_ask, answer: stoke_advance_answer })],
    ..BLANK
};

fn stoke_reveal_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    let o = vec![(opt("no", "Do not reveal it"), Answer::No), (opt("reveal", "Reveal it: gain 2 credits and place 1 advancement counter"), Answer::Yes)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        // Public: the card is face down, so nothing here may say what it is or what it can do
        // (a question only this card asks would name it); the Runner sees only that the Corp
        // decides something, as at a table.
        "decides on an effect of one of its cards",
        format!("{}: installed from elsewhere than HQ; you may reveal it to gain 2 credits and place 1 advancement counter on an installed card", c.name()),
        o,
    ))
}

fn stoke_reveal_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.is_installed(c.card) {
        note(
            ev,
            "revealed",
            format!("The Corp reveals {}, installed in {}", g.label(c.card), server_of(g, c.card)),
            json!({"card": c.card, "source": c.name()}),
        );
        g.gain(CORP, 2, c.name(), ev);
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

/// "Place 1 advancement counter on an installed card": an installed Corp card (house choice:
/// counters on Runner cards do nothing in this pool).
fn stoke_advance_ask(g: &Game, c: Ctx) -> Option<Question> {
    let installed = g.installed_corp();
    if installed.is_empty() {
        return None;
    }
    let o = installed.iter().map(|&k| (opt(format!("card:{k}"), format!("Place it on {}", g.corp_public_label(k))), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: place 1 advancement counter on an installed card", c.name()),
        o,
    ))
}

fn stoke_advance_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        place_adv(g, k, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Tomorrowʼs Headline -------------------------------------------------------------------------

pub const TOMORROWS_HEADLINE: &str = "30052";

pub(crate) const TOMORROWS_HEADLINE_ROW: CardDef =
    CardDef { code: TOMORROWS_HEADLINE, name: "Tomorrow's Headline", on_score: Effect::Tags(1), on_steal: Effect::Tags(1), ..BLANK };
