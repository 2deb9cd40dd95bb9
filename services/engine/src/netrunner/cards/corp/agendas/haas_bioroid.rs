//! Agendas of the Haas-Bioroid faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{agenda_count, one_agenda_counter, yes_no_options};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[AGGRESSIVE_TRENDSETTING_ROW, LIGHTNING_LABORATORY_ROW, LUMINAL_TRANSUBSTANTIATION_ROW, PROJECT_INGATAN_ROW, SALVO_TESTING_ROW, STEGODON_MK_IV_ROW];

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
    crate::netrunner::effects::ice_of(g, server).into_iter().filter(|&i| !g.rezzed(i)).collect()
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
        crate::netrunner::effects::rez_free(g, i, c.name(), ev);
    }
    // "When this turn ends, derez 2 pieces of ice protecting that server" (a delayed effect).
    g.flags.at_turn_end.push(Task::Card { code: c.def.code.to_string(), card: c.card, step: 1, arg: c.arg });
    Ok(Then::Done)
}

/// The turn ends: 2 rezzed ice protecting that server are derezzed (all of them if there are 2
/// or fewer; else the Corp chooses which 2).
fn lab_turn_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let rezzed: Vec<u32> = crate::netrunner::effects::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
    if rezzed.len() > 2 {
        ask_later(g, c, 2);
        return;
    }
    for i in rezzed {
        crate::netrunner::effects::derez(g, i, c.name(), ev);
    }
}

fn lab_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let rezzed: Vec<u32> = crate::netrunner::effects::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
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
    let rezzed: Vec<u32> = crate::netrunner::effects::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
    if ice.len() != 2 || ice[0] == ice[1] || ice.iter().any(|i| !rezzed.contains(i)) {
        return Err(RulesError::Illegal(format!("{} derezzes 2 rezzed ice of that server", c.name())));
    }
    for i in ice {
        crate::netrunner::effects::derez(g, i, c.name(), ev);
    }
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
        crate::netrunner::effects::derez(g, i, c.name(), ev);
        g.gain(CORP, 1, c.name(), ev);
    }
    Ok(Then::Done)
}
