//! Agendas: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `cards::triggers`.

use crate::netrunner::cards::common::{
    advanceable_installed, archives_to_hq_answer, ask_with, counter_options, discounted_install_options, found_install_ask, install_answer, install_then_rez,
    installable, pick_one_of, rez_with_total_discount, server_of, set_aside_found, yes_no_options,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ABOVE_THE_LAW_ROW,
    AGGRESSIVE_TRENDSETTING_ROW,
    EMBEDDED_REPORTING_ROW,
    EMINENT_DOMAIN_ROW,
    FUJII_ASSET_RETRIEVAL_ROW,
    GREENMAIL_ROW,
    KINGMAKING_ROW,
    LIGHTNING_LABORATORY_ROW,
    LONGEVITY_SERUM_ROW,
    LUMINAL_TRANSUBSTANTIATION_ROW,
    NEXT_BIG_THING_ROW,
    OFF_THE_BOOKS_ROW,
    OFFWORLD_OFFICE_ROW,
    ORACLE_THINKTANK_ROW,
    ORBITAL_SUPERIORITY_ROW,
    PROJECT_INGATAN_ROW,
    PROPRIONEGATION_ROW,
    SALVO_TESTING_ROW,
    SEE_HOW_THEY_RUN_ROW,
    SEND_A_MESSAGE_ROW,
    SERICULTURE_EXPANSION_ROW,
    SISYPHUS_PROTOCOL_ROW,
    SLASH_AND_BURN_AGRICULTURE_ROW,
    STEGODON_MK_IV_ROW,
    STOKE_THE_EMBERS_ROW,
    SUPERCONDUCTING_HUB_ROW,
    THE_BASALT_SPIRE_ROW,
    TOMORROWS_HEADLINE_ROW,
];

// --- Above the Law -------------------------------------------------------------------------------

pub const ABOVE_THE_LAW: &str = "30060";

pub(crate) const ABOVE_THE_LAW_ROW: CardDef = CardDef {
    code: ABOVE_THE_LAW,
    name: "Above the Law",
    on_score: Effect::Custom(above_the_law),
    asks: &[Ask::CorpTrashes { kind: TrashKind::Resource, or_end: false, optional: true }],
    ..BLANK
};

fn above_the_law(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.runner.resources.is_empty() {
        ask_later(g, c, 0);
    }
}

// --- Aggressive Trendsetting ---------------------------------------------------------------------

pub const AGGRESSIVE_TRENDSETTING: &str = "35037";

pub(crate) const AGGRESSIVE_TRENDSETTING_ROW: CardDef = CardDef {
    code: AGGRESSIVE_TRENDSETTING,
    name: "Aggressive Trendsetting",
    events: &[(When::RunnerTrashedInstalledFirst, Effect::Custom(trendsetting))],
    asks: &[Ask::Own(Prompt { ask: trendsetting_ask, answer: trendsetting_answer })],
    ..BLANK
};

/// Aggressive Trendsetting: the Runner may spend a click (asked only while it has one), else
/// the Corp gets 1 more allotted click for its next turn.
fn trendsetting(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.clicks > 0 {
        ask_later(g, c, 0);
    } else {
        corp_click_next_turn(g, c, ev);
    }
}

fn corp_click_next_turn(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.next_turn_clicks[CORP as usize] += 1;
    note(
        ev,
        "allotted_clicks",
        format!("{}: the Corp gets 1 more allotted click for its next turn", c.name()),
        json!({"seat": CORP, "change": 1, "total": g.next_turn_clicks[CORP as usize]}),
    );
}

fn trendsetting_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("no", "Do not spend a click (the Corp gets 1 more click next turn)"), Answer::No)];
    if g.runner.clicks > 0 {
        o.insert(0, (opt("spend", "Spend 1 click"), Answer::Yes));
    }
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("may spend a click, else the Corp gets 1 more click next turn ({})", c.name()),
        format!("{}: spend 1 click, or the Corp gets 1 more allotted click for its next turn", c.name()),
        o,
    ))
}

fn trendsetting_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner.clicks > 0 {
        g.runner.clicks -= 1;
        note(ev, "clicks", format!("The Runner spends a click for {}", c.name()), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    } else {
        corp_click_next_turn(g, c, ev);
    }
    Ok(Then::Done)
}

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

// --- Eminent Domain ------------------------------------------------------------------------------

pub const EMINENT_DOMAIN: &str = "34122";

pub(crate) const EMINENT_DOMAIN_ROW: CardDef = CardDef {
    code: EMINENT_DOMAIN,
    name: "Eminent Domain",
    click: Some(Click { offers: eminent_offers, effect: Effect::Custom(eminent_expend) }),
    on_score: Effect::Ask(1),
    asks: &[
        Ask::Own(Prompt { ask: eminent_hq_ask, answer: eminent_hq_answer }),
        Ask::Own(Prompt { ask: eminent_search_ask, answer: eminent_search_answer }),
        Ask::Own(Prompt { ask: found_install_ask, answer: eminent_found_answer }),
        Ask::Do(rez_5_less),
        Ask::Do(rez_ignoring_costs),
    ],
    ..BLANK
};

fn rez_5_less(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    rez_with_total_discount(g, c, 5, ev);
}

fn rez_ignoring_costs(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if matches!(g.def(c.arg).ctype, CardType::Ice | CardType::Asset | CardType::Upgrade) {
        crate::netrunner::cards::helpers::rez_free(g, c.arg, c.name(), ev);
    }
}

fn eminent_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, true)
}

fn eminent_expend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        ask_later(g, c, 0);
    }
}

fn eminent_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hq = g.corp.hq.clone();
    let o = discounted_install_options(g, &hq, 5);
    if o.is_empty() {
        return None;
    }
    let mut all = vec![(opt("none", "Install nothing"), Answer::No)];
    all.extend(o);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("installs and rezzes a card from HQ, paying 5 less ({})", c.name()),
        format!("{}: install and rez 1 card from HQ, paying a total of 5 less", c.name()),
        all,
    ))
}

fn eminent_hq_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if g.corp.hq.contains(&card) => Ok(install_then_rez(g, c, card, server, 5, 3)),
        _ => Ok(Then::Done),
    }
}

fn eminent_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        installable,
        format!("may search R&D for a card to install and rez ({})", c.name()),
        format!("{}: you may search R&D for 1 card to install and rez, ignoring all costs", c.name()),
    ))
}

fn eminent_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, installable, a, |l| format!("{}: the Corp searches R&D and reveals {l}", c.name()), ev)? {
        let can = !corp_install_options(g, &[k], false, true).is_empty();
        set_aside_found(g, c, k, can);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn eminent_found_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if card == c.arg => {
            ask_later(g, c, 4);
            Ok(Then::InstallCorpFree { card, server })
        }
        _ => Err(RulesError::Illegal("install the card found".into())),
    }
}

// --- Fujii Asset Retrieval -----------------------------------------------------------------------

pub const FUJII_ASSET_RETRIEVAL: &str = "34040";

pub(crate) const FUJII_ASSET_RETRIEVAL_ROW: CardDef =
    CardDef { code: FUJII_ASSET_RETRIEVAL, name: "Fujii Asset Retrieval", on_score: Effect::NetDamage(2), on_steal: Effect::NetDamage(2), ..BLANK };

// --- Greenmail -----------------------------------------------------------------------------------

pub const GREENMAIL: &str = "35070";

pub(crate) const GREENMAIL_ROW: CardDef =
    CardDef { code: GREENMAIL, name: "Greenmail", on_score: Effect::Gain(CORP, 2), events: &[(When::Forfeited, Effect::Gain(CORP, 4))], ..BLANK };

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

// --- Lightning Laboratory ------------------------------------------------------------------------

pub const LIGHTNING_LABORATORY: &str = "34097";

pub(crate) const LIGHTNING_LABORATORY_ROW: CardDef = CardDef {
    code: LIGHTNING_LABORATORY,
    name: "Lightning Laboratory",
    on_score: Effect::Custom(one_agenda_counter),
    events: &[(When::CorpRunBegins, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: lab_ask, answer: lab_answer }), Ask::Do(lab_turn_ends), Ask::Own(Prompt { ask: lab_derez_ask, answer: lab_derez_answer })],
    ..BLANK
};

/// The unrezzed ice protecting the attacked server (`c.arg`).
fn lab_targets(g: &Game, server: u32) -> Vec<u32> {
    crate::netrunner::cards::helpers::ice_of(g, server).into_iter().filter(|&i| !g.rezzed(i)).collect()
}

fn lab_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.score.contains(&c.card) || g.card(c.card).map_or(0, |k| k.agenda) == 0 {
        return None;
    }
    let ice = lab_targets(g, c.arg);
    if ice.is_empty() {
        return None;
    }
    let n = ice.len().min(2) as u32;
    let o = card_options(g, "rez", &ice);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("may remove an agenda counter from {} to rez up to 2 ice protecting {}", c.name(), Game::server_name(c.arg)),
            format!(
                "{}: you may remove 1 agenda counter to rez up to 2 ice protecting {}, ignoring all costs (pick none to decline)",
                c.name(),
                Game::server_name(c.arg)
            ),
            o,
        )
        .range(0, n),
    )
}

fn lab_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ice = picked(a);
    if ice.is_empty() {
        return Ok(Then::Done);
    }
    let targets = lab_targets(g, c.arg);
    if ice.len() > 2 || ice.iter().any(|i| !targets.contains(i)) {
        return Err(RulesError::Illegal(format!("{} rezzes up to 2 unrezzed ice of the attacked server", c.name())));
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    for i in ice {
        crate::netrunner::cards::helpers::rez_free(g, i, c.name(), ev);
    }
    // "When this turn ends, derez 2 pieces of ice protecting that server" (a delayed effect).
    g.flags.at_turn_end.push(Task::Card { code: c.def.code.to_string(), card: c.card, step: 1, arg: c.arg });
    Ok(Then::Done)
}

/// The turn ends: 2 rezzed ice protecting that server are derezzed (all of them if there are 2
/// or fewer; else the Corp chooses which 2).
fn lab_turn_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let rezzed: Vec<u32> = crate::netrunner::cards::helpers::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
    if rezzed.len() > 2 {
        ask_later(g, c, 2);
        return;
    }
    for i in rezzed {
        crate::netrunner::cards::helpers::derez(g, i, c.name(), ev);
    }
}

fn lab_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let rezzed: Vec<u32> = crate::netrunner::cards::helpers::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
    let o = card_options(g, "derez", &rezzed);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("chooses 2 ice protecting {} to derez ({})", Game::server_name(c.arg), c.name()),
            format!("{}: choose 2 ice protecting {} to derez", c.name(), Game::server_name(c.arg)),
            o,
        )
        .range(2, 2),
    )
}

fn lab_derez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ice = picked(a);
    let rezzed: Vec<u32> = crate::netrunner::cards::helpers::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
    if ice.len() != 2 || ice[0] == ice[1] || ice.iter().any(|i| !rezzed.contains(i)) {
        return Err(RulesError::Illegal(format!("{} derezzes 2 rezzed ice of that server", c.name())));
    }
    for i in ice {
        crate::netrunner::cards::helpers::derez(g, i, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Longevity Serum -----------------------------------------------------------------------------

pub const LONGEVITY_SERUM: &str = "30044";

pub(crate) const LONGEVITY_SERUM_ROW: CardDef = CardDef {
    code: LONGEVITY_SERUM,
    name: "Longevity Serum",
    // Last pushed first: trash from HQ, then Archives into R&D.
    on_score: Effect::All(&[Effect::Ask(1), Effect::Ask(0)]),
    asks: &[Ask::Own(Prompt { ask: longevity_ask, answer: longevity_answer }), Ask::ArchivesToRd(3)],
    ..BLANK
};

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

// --- Luminal Transubstantiation ------------------------------------------------------------------

pub const LUMINAL_TRANSUBSTANTIATION: &str = "30036";

pub(crate) const LUMINAL_TRANSUBSTANTIATION_ROW: CardDef =
    CardDef { code: LUMINAL_TRANSUBSTANTIATION, name: "Luminal Transubstantiation", on_score: Effect::Custom(luminal), ..BLANK };

/// Luminal Transubstantiation: 3 more clicks and no more scoring this turn.
fn luminal(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.corp.clicks += 3;
    g.flags.no_scoring = true;
    note(ev, "clicks", format!("{}: the Corp gains 3 clicks (now {})", c.name(), g.corp.clicks), json!({"seat": CORP, "clicks": g.corp.clicks}));
}

// --- Next Big Thing ------------------------------------------------------------------------------

pub const NEXT_BIG_THING: &str = "35060";

pub(crate) const NEXT_BIG_THING_ROW: CardDef = CardDef {
    code: NEXT_BIG_THING,
    name: "Next Big Thing",
    on_score: Effect::Custom(one_agenda_counter),
    on_steal: Effect::Custom(one_agenda_counter),
    click: Some(Click { offers: next_big_thing_offers, effect: Effect::Custom(next_big_thing) }),
    asks: &[Ask::Own(Prompt { ask: next_big_thing_ask, answer: next_big_thing_answer })],
    ..BLANK
};

/// Next Big Thing: usable from either score area while it holds a counter.
fn next_big_thing_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let scored = g.corp.score.contains(&card) || g.runner.score.contains(&card);
    if scored && agenda_count(g, card) > 0 {
        vec![(None, format!("{}: spend an agenda counter to draw 4 cards, then shuffle cards from HQ into R&D", g.label(card)))]
    } else {
        vec![]
    }
}

fn next_big_thing(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if agenda_count(g, c.card) == 0 {
        return;
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    g.draw(CORP, 4, ev);
    ask_later(g, c, 0);
}

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

// --- Off the Books -------------------------------------------------------------------------------

pub const OFF_THE_BOOKS: &str = "35071";

pub(crate) const OFF_THE_BOOKS_ROW: CardDef = CardDef {
    code: OFF_THE_BOOKS,
    name: "Off the Books",
    statics: &[Static::Dividends(1)],
    events: &[(When::CorpDiscarded, Effect::Ask(0))],
    asks: &[
        Ask::Own(Prompt { ask: off_the_books_ask, answer: off_the_books_answer }),
        Ask::Own(Prompt { ask: off_the_books_install_ask, answer: install_answer }),
    ],
    ..BLANK
};

/// Off the Books: an agenda counter to search R&D for a card (revealed), installed ignoring
/// all costs or added to HQ (where it waits for that choice while R&D is shuffled).
fn off_the_books_ask(g: &Game, c: Ctx) -> Option<Question> {
    if agenda_count(g, c.card) == 0 || g.corp.rd.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    o.extend(card_options(g, "search", &g.corp.rd));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may spend an agenda counter to search R&D for a card ({})", c.name()),
        format!("{}: you may remove 1 agenda counter to search R&D for 1 card", c.name()),
        o,
    ))
}

fn off_the_books_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if agenda_count(g, c.card) == 0 || !g.corp.rd.contains(&k) {
        return Ok(Then::Done);
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    g.corp.rd.retain(|&x| x != k);
    g.corp.hq.push(k);
    note(ev, "revealed", format!("{}: the Corp searches R&D and reveals {}", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    ask_with(g, c, 1, k);
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn off_the_books_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.hq.contains(&c.arg) {
        return None;
    }
    let mut o = vec![(opt("none", "Add it to HQ"), Answer::No)];
    o.extend(corp_install_options(g, &[c.arg], false, true));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install {} ignoring all costs, or add it to HQ ({})", g.label(c.arg), c.name()),
        format!("{}: install {} ignoring all costs, or add it to HQ", c.name(), g.label(c.arg)),
        o,
    ))
}

// --- Offworld Office -----------------------------------------------------------------------------

pub const OFFWORLD_OFFICE: &str = "30067";

pub(crate) const OFFWORLD_OFFICE_ROW: CardDef = CardDef { code: OFFWORLD_OFFICE, name: "Offworld Office", on_score: Effect::Gain(CORP, 7), ..BLANK };

// --- Oracle Thinktank ----------------------------------------------------------------------------

pub const ORACLE_THINKTANK: &str = "34049";

pub(crate) const ORACLE_THINKTANK_ROW: CardDef = CardDef {
    code: ORACLE_THINKTANK,
    name: "Oracle Thinktank",
    on_steal: Effect::Tags(1),
    click: Some(Click { offers: oracle_offers, effect: Effect::Custom(oracle_thinktank) }),
    ..BLANK
};

fn oracle_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.runner.score.contains(&card) && g.tagged() {
        vec![(None, format!("{}: remove 1 tag to shuffle it from the Runner's score area into R&D", g.label(card)))]
    } else {
        vec![]
    }
}

/// Oracle Thinktank leaves the Runner's score area (and its points) for R&D.
fn oracle_thinktank(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.runner.score.contains(&c.card) || g.runner.tags < 1 {
        return;
    }
    g.runner.tags -= 1;
    note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    crate::netrunner::cards::helpers::tags_removed(g, 1, ev);
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

// --- Orbital Superiority -------------------------------------------------------------------------

pub const ORBITAL_SUPERIORITY: &str = "30068";

pub(crate) const ORBITAL_SUPERIORITY_ROW: CardDef =
    CardDef { code: ORBITAL_SUPERIORITY, name: "Orbital Superiority", on_score: Effect::Custom(orbital_superiority), ..BLANK };

/// Orbital Superiority: 4 meat damage to a tagged Runner, else a tag.
fn orbital_superiority(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        damage(g, DamageKind::Meat, 4, c.name(), false);
    } else {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Project Ingatan -----------------------------------------------------------------------------

pub const PROJECT_INGATAN: &str = "35038";

pub(crate) const PROJECT_INGATAN_ROW: CardDef = CardDef {
    code: PROJECT_INGATAN,
    name: "Project Ingatan",
    statics: &[Static::Dividends(1)],
    events: &[(When::CorpDiscarded, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: ingatan_ask, answer: ingatan_answer })],
    ..BLANK
};

fn ingatan_ask(g: &Game, c: Ctx) -> Option<Question> {
    if agenda_count(g, c.card) == 0 {
        return None;
    }
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.archives, false, true));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may spend an agenda counter to install a card from Archives ({})", c.name()),
        format!("{}: you may remove 1 agenda counter to install 1 card from Archives, ignoring all costs", c.name()),
        o,
    ))
}

fn ingatan_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    if agenda_count(g, c.card) == 0 || !g.corp.archives.contains(&card) {
        return Ok(Then::Done);
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    Ok(Then::InstallCorpFree { card, server })
}

// --- Proprionegation -----------------------------------------------------------------------------

pub const PROPRIONEGATION: &str = "35048";

pub(crate) const PROPRIONEGATION_ROW: CardDef = CardDef {
    code: PROPRIONEGATION,
    name: "Proprionegation",
    on_score: Effect::Custom(proprionegation_scored),
    paid: Some(PaidAbility { offers: proprionegation_offers, effect: Effect::Custom(proprionegation_move) }),
    ..BLANK
};

fn proprionegation_scored(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 1, c.name(), ev);
}

/// Its hosted agenda counter moves the Runner to Archives, only during a run.
fn proprionegation_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let usable = g.corp.score.contains(&card) && g.card(card).is_some_and(|k| k.agenda > 0) && g.run.as_ref().is_some_and(|r| !r.stop && r.moved_to.is_none());
    if !usable {
        return vec![];
    }
    vec![(format!("proprionegation:{card}"), format!("{}: spend its agenda counter: the Runner moves to the outermost position of Archives", g.label(card)), 0)]
}

fn proprionegation_move(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.card(c.card).is_none_or(|k| k.agenda == 0) {
        return;
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    move_runner(g, ARCHIVES);
}

// --- Salvo Testing -------------------------------------------------------------------------------

pub const SALVO_TESTING: &str = "34031";

pub(crate) const SALVO_TESTING_ROW: CardDef = CardDef {
    code: SALVO_TESTING,
    name: "Salvo Testing",
    events: &[(When::CorpScores, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: salvo_ask, answer: salvo_answer })],
    ..BLANK
};

fn salvo_ask(_: &Game, c: Ctx) -> Option<Question> {
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may do 1 core damage ({})", c.name()),
        format!("{}: do 1 core damage?", c.name()),
        yes_no_options("Do 1 core damage", "Do nothing"),
    ))
}

fn salvo_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        damage(g, DamageKind::Core, 1, c.name(), false);
    }
    Ok(Then::Done)
}

// --- See How They Run ----------------------------------------------------------------------------

pub const SEE_HOW_THEY_RUN: &str = "34105";

pub(crate) const SEE_HOW_THEY_RUN_ROW: CardDef = CardDef {
    code: SEE_HOW_THEY_RUN,
    name: "See How They Run",
    on_score: Effect::All(&[Effect::Tags(1), Effect::Ask(0)]),
    asks: &[Ask::Psi(see_how_they_run_psi)],
    ..BLANK
};

/// The bids differ: 1 core damage; they match: 1 net damage.
fn see_how_they_run_psi(g: &mut Game, c: Ctx, matched: bool, _: &mut Vec<Event>) {
    let kind = if matched { DamageKind::Net } else { DamageKind::Core };
    damage(g, kind, 1, c.name(), false);
}

// --- Send a Message ------------------------------------------------------------------------------

pub const SEND_A_MESSAGE: &str = "30069";

pub(crate) const SEND_A_MESSAGE_ROW: CardDef = CardDef {
    code: SEND_A_MESSAGE,
    name: "Send a Message",
    on_score: Effect::Ask(0),
    on_steal: Effect::Ask(0),
    asks: &[Ask::Own(Prompt { ask: send_a_message_ask, answer: send_a_message_answer })],
    ..BLANK
};

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
        crate::netrunner::cards::helpers::rez_ignoring_costs(g, c, text, ev);
    }
    Ok(Then::Done)
}

// --- Sericulture Expansion -----------------------------------------------------------------------

pub const SERICULTURE_EXPANSION: &str = "35049";

pub(crate) const SERICULTURE_EXPANSION_ROW: CardDef = CardDef {
    code: SERICULTURE_EXPANSION,
    name: "Sericulture Expansion",
    statics: &[Static::Dividends(1)],
    events: &[(When::CorpDiscarded, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: sericulture_ask, answer: sericulture_answer })],
    ..BLANK
};

fn sericulture_ask(g: &Game, c: Ctx) -> Option<Question> {
    let installed = g.installed_corp();
    if agenda_count(g, c.card) == 0 || installed.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may spend an agenda counter to place 2 advancement counters on an installed card ({})", c.name()),
        format!("{}: you may remove 1 agenda counter to place 2 advancement counters on an installed card (it cannot be scored this turn)", c.name()),
        counter_options(g, &installed, "Do nothing"),
    ))
}

fn sericulture_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if agenda_count(g, c.card) > 0 && g.is_installed(k) {
        agenda_counters(g, c.card, -1, c.name(), ev);
        place_adv(g, k, 2, c.name(), ev);
        g.flags.no_score.push(k);
    }
    Ok(Then::Done)
}

// --- Sisyphus Protocol ---------------------------------------------------------------------------

pub const SISYPHUS_PROTOCOL: &str = "34106";

pub(crate) const SISYPHUS_PROTOCOL_ROW: CardDef = CardDef {
    code: SISYPHUS_PROTOCOL,
    name: "Sisyphus Protocol",
    events: &[(When::CorpPassedIce, Effect::Custom(sisyphus_passed))],
    asks: &[Ask::Own(Prompt { ask: sisyphus_ask, answer: sisyphus_answer })],
    ..BLANK
};

/// The first time each turn the Runner passes a rezzed code gate or sentry (`arg`).
fn sisyphus_passed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let ice = c.arg;
    let gate_or_sentry = g.ice_has_subtype(ice, "Code Gate") || g.ice_has_subtype(ice, "Sentry");
    if gate_or_sentry && g.flags.passed_gate_or_sentry == 1 && g.run.as_ref().is_some_and(|r| !r.stop) {
        ask_later(g, c, 0);
    }
}

fn sisyphus_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = Vec::new();
    if g.corp.credits >= 1 {
        o.push((opt("pay", "Pay 1 credit"), Answer::Yes));
    }
    for (d, a) in card_options(g, "trash", &g.corp.hq) {
        let label = format!("Trash {} from HQ", d.label);
        o.push((opt(d.id, label), a));
    }
    if o.is_empty() {
        return None;
    }
    o.push((opt("no", "Do nothing"), Answer::No));
    let ice = g.label(c.arg);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 1 credit or trash 1 card from HQ to make the Runner encounter {ice} again ({})", c.name()),
        format!("{}: pay 1 credit or trash 1 card from HQ: the Runner encounters {ice} again", c.name()),
        o,
    ))
}

fn sisyphus_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Yes => {
            if !g.corp_pay(1) {
                return Ok(Then::Done);
            }
            note(ev, "paid", format!("{}: the Corp pays 1 credit", c.name()), json!({"seat": CORP, "credits": 1}));
        }
        Answer::Card(_) => trash_from_hq(g, picked(a), ev),
        _ => return Ok(Then::Done),
    }
    if let Some(r) = g.run.as_mut() {
        r.encounter_again = Some(c.arg);
    }
    Ok(Then::Done)
}

// --- Slash and Burn Agriculture ------------------------------------------------------------------

pub const SLASH_AND_BURN_AGRICULTURE: &str = "34057";

pub(crate) const SLASH_AND_BURN_AGRICULTURE_ROW: CardDef = CardDef {
    code: SLASH_AND_BURN_AGRICULTURE,
    name: "Slash and Burn Agriculture",
    click: Some(Click { offers: plain_expend_offers, effect: Effect::Custom(slash_and_burn) }),
    asks: &[Ask::Own(Prompt { ask: slash_and_burn_ask, answer: slash_and_burn_answer })],
    ..BLANK
};

fn plain_expend_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, true)
}

fn slash_and_burn(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        ask_later(g, c, 0);
    }
}

fn slash_and_burn_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if to.is_empty() {
        return None;
    }
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 2 advancement counters on an installed card ({})", c.name()),
        format!("{}: place 2 advancement counters on an installed card you can advance", c.name()),
        o,
    ))
}

fn slash_and_burn_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.advanceable(k) {
            place_adv(g, k, 2, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

// --- Stegodon MK IV ------------------------------------------------------------------------------

pub const STEGODON_MK_IV: &str = "34032";

pub(crate) const STEGODON_MK_IV_ROW: CardDef = CardDef {
    code: STEGODON_MK_IV,
    name: "Stegodon MK IV",
    statics: &[Static::IcebreakerStrength(stegodon_strength)],
    events: &[(When::CorpRunBegins, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: stegodon_ask, answer: stegodon_answer })],
    ..BLANK
};

/// Stegodon MK IV: icebreakers are 2 weaker during a run in which an ice was derezzed.
fn stegodon_strength(g: &Game) -> i64 {
    if g.run.as_ref().is_some_and(|r| r.ice_derezzed) {
        -2
    } else {
        0
    }
}

/// The rezzed ice not protecting server `server`.
fn rezzed_ice_elsewhere(g: &Game, server: u32) -> Vec<u32> {
    g.corp.servers.iter().filter(|s| s.id != server).flat_map(|s| s.ice.iter().copied()).filter(|&i| g.rezzed(i)).collect()
}

fn stegodon_ask(g: &Game, c: Ctx) -> Option<Question> {
    // Once per turn (per copy); a declined "may" does not use it.
    if g.flags.used_cards.contains(&c.card) || !g.corp.score.contains(&c.card) {
        return None;
    }
    let ice = rezzed_ice_elsewhere(g, c.arg);
    if ice.is_empty() {
        return None;
    }
    let mut o = card_options(g, "derez", &ice);
    o.push((opt("none", "Derez nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may derez an ice not protecting the attacked server to gain 1 credit ({})", c.name()),
        format!("{}: you may derez 1 ice not protecting the attacked server to gain 1 credit", c.name()),
        o,
    ))
}

fn stegodon_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(i) = first(a) {
        if !rezzed_ice_elsewhere(g, c.arg).contains(&i) {
            return Err(RulesError::Illegal(format!("{} cannot derez card {i}", c.name())));
        }
        g.flags.used_cards.push(c.card);
        crate::netrunner::cards::helpers::derez(g, i, c.name(), ev);
        g.gain(CORP, 1, c.name(), ev);
    }
    Ok(Then::Done)
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

// --- Superconducting Hub -------------------------------------------------------------------------

pub const SUPERCONDUCTING_HUB: &str = "30070";

pub(crate) const SUPERCONDUCTING_HUB_ROW: CardDef = CardDef {
    code: SUPERCONDUCTING_HUB,
    name: "Superconducting Hub",
    on_score: Effect::Ask(0),
    statics: &[Static::MaxHand(2)],
    asks: &[Ask::Own(Prompt { ask: hub_ask, answer: hub_answer })],
    ..BLANK
};

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

// --- The Basalt Spire ----------------------------------------------------------------------------

pub const THE_BASALT_SPIRE: &str = "34123";

pub(crate) const THE_BASALT_SPIRE_ROW: CardDef = CardDef {
    code: THE_BASALT_SPIRE,
    name: "The Basalt Spire",
    on_score: Effect::Custom(two_agenda_counters),
    on_steal: Effect::Ask(0),
    paid: Some(PaidAbility { offers: basalt_offers, effect: Effect::Custom(basalt_spire) }),
    asks: &[Ask::Own(Prompt { ask: archives_to_hq_ask, answer: archives_to_hq_answer })],
    ..BLANK
};

fn two_agenda_counters(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 2, c.name(), ev);
}

/// The Basalt Spire, once per turn from the Corp's score area: an agenda counter and the top
/// card of R&D (trashed) for a card from Archives to HQ.
fn basalt_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let ok = g.corp.score.contains(&card) && agenda_count(g, card) > 0 && !g.corp.rd.is_empty() && !g.flags.used_cards.contains(&card);
    if ok {
        vec![(
            format!("basalt:{card}"),
            format!("{}: spend an agenda counter and trash the top card of R&D to add a card from Archives to HQ", g.label(card)),
            0,
        )]
    } else {
        vec![]
    }
}

fn basalt_spire(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if agenda_count(g, c.card) == 0 || g.corp.rd.is_empty() || g.flags.used_cards.contains(&c.card) {
        return;
    }
    g.flags.used_cards.push(c.card);
    agenda_counters(g, c.card, -1, c.name(), ev);
    let top = g.corp.rd[0];
    crate::netrunner::cards::helpers::trash_from_rd(g, &[top], c.name(), ev);
    ask_later(g, c, 0);
}

fn archives_to_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.archives.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Add nothing"), Answer::No)];
    o.extend(card_options(g, "take", &g.corp.archives));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add 1 card from Archives to HQ ({})", c.name()),
        format!("{}: you may add 1 card from Archives to HQ", c.name()),
        o,
    ))
}

// --- Tomorrowʼs Headline -------------------------------------------------------------------------

pub const TOMORROWS_HEADLINE: &str = "30052";

pub(crate) const TOMORROWS_HEADLINE_ROW: CardDef =
    CardDef { code: TOMORROWS_HEADLINE, name: "Tomorrow's Headline", on_score: Effect::Tags(1), on_steal: Effect::Tags(1), ..BLANK };

// --- shared by the cards above ---------------------------------------------------------------------

fn one_agenda_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 1, c.name(), ev);
}

fn agenda_count(g: &Game, card: u32) -> u32 {
    g.card(card).map_or(0, |k| k.agenda)
}
