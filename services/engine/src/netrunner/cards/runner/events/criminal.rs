//! Events of the Criminal faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    bypass, click_bypass_answer, encountering, every_server, hq_only, may_install, one, plain_install_answer, question, remove_tags, run_target, spend_clicks,
    yes_no, KIND, NO_MORE_ACCESS,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    CHRYSOPOEIAN_SKIMMING_ROW,
    CLEAN_GETAWAY_ROW,
    LIE_LOW_ROW,
    MAINTENANCE_ACCESS_ROW,
    MEETING_OF_MINDS_ROW,
    MUTUAL_FAVOR_ROW,
    S_DOBRADO_ROW,
    TRANSFER_OF_WEALTH_ROW,
    TREAD_LIGHTLY_ROW,
    WINDOW_OF_OPPORTUNITY_ROW,
];

// --- Chrysopoeian Skimming -----------------------------------------------------------------------

pub const CHRYSOPOEIAN_SKIMMING: &str = "34011";

pub(crate) const CHRYSOPOEIAN_SKIMMING_ROW: CardDef = CardDef {
    code: CHRYSOPOEIAN_SKIMMING,
    name: "Chrysopoeian Skimming",
    play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
    asks: &[Ask::Own(Prompt { ask: skimming_ask, answer: skimming_answer })],
    ..BLANK
};

/// The Corp may reveal an agenda from HQ. Asked even with no agenda in HQ (then only declining
/// is offered), so that the question tells the Runner nothing.
fn skimming_ask(g: &Game, c: Ctx) -> Option<Question> {
    let agendas: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype == CardType::Agenda).collect();
    let mut o: Vec<_> = agendas.iter().map(|&k| (opt(format!("reveal:{k}"), format!("Reveal {}", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("decline", "Reveal nothing (the Runner looks at the top 3 cards of R&D)"), Answer::No));
    Some(Question::one(
        CORP,
        KIND,
        format!("may reveal an agenda from HQ ({})", c.name()),
        format!("{}: reveal an agenda from HQ (the Runner gains a click and draws 1), or let the Runner look at the top 3 cards of R&D?", c.name()),
        o,
    ))
}

fn skimming_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match picked(a).first() {
        Some(&k) if g.corp.hq.contains(&k) && g.def(k).ctype == CardType::Agenda => {
            note(ev, "revealed", format!("{}: the Corp reveals {} from HQ", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
            crate::netrunner::effects::gain_clicks(g, RUNNER, 1, c.name(), ev);
            g.draw(RUNNER, 1, ev);
        }
        Some(_) => return Err(RulesError::Illegal("reveal an agenda of HQ".into())),
        None => {
            let top: Vec<u32> = g.corp.rd.iter().take(3).copied().collect();
            crate::netrunner::effects::look_at(g, RUNNER, &top, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

// --- Clean Getaway -------------------------------------------------------------------------------

pub const CLEAN_GETAWAY: &str = "35014";

pub(crate) const CLEAN_GETAWAY_ROW: CardDef = CardDef {
    code: CLEAN_GETAWAY,
    name: "Clean Getaway",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Gain(RUNNER, 6) }),
    ..BLANK
};

// --- Lie Low -------------------------------------------------------------------------------------

pub const LIE_LOW: &str = "35015";

pub(crate) const LIE_LOW_ROW: CardDef =
    CardDef { code: LIE_LOW, name: "Lie Low", play: Some(Play { targets: Targets::Labeled(lie_low_modes), effect: Effect::Custom(lie_low) }), ..BLANK };

/// Lie Low's modes; its additional cost is a second click, so it needs 2 clicks to be played.
/// Removing tags is offered per number removed (1 or 2, as many as there are).
fn lie_low_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner.clicks < 2 {
        return Some(vec![]);
    }
    let mut m = vec![(0, "spend a click: draw 4 cards".to_string())];
    for n in 1..=g.runner.tags.min(2) {
        m.push((n as u32, format!("spend a click: remove {n} tag(s)")));
    }
    Some(m)
}

fn lie_low(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    if c.arg == 0 {
        g.draw(RUNNER, 4, ev);
    } else {
        remove_tags(g, i64::from(c.arg), c.name(), ev);
    }
}

// --- Maintenance Access --------------------------------------------------------------------------

pub const MAINTENANCE_ACCESS: &str = "35016";

pub(crate) const MAINTENANCE_ACCESS_ROW: CardDef = CardDef {
    code: MAINTENANCE_ACCESS,
    name: "Maintenance Access",
    play: Some(Play { targets: Targets::Servers(archives_double), effect: Effect::Custom(maintenance_access) }),
    ..BLANK
};

/// A double event on Archives: offered with the click of the additional cost left.
fn archives_double(g: &Game) -> Vec<u32> {
    if g.runner.clicks < 2 {
        vec![]
    } else {
        vec![ARCHIVES]
    }
}

/// Maintenance Access: spend the other click, run Archives; at the approach, the attacked
/// server becomes HQ (`Run::approach_instead`).
fn maintenance_access(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    g.start_run(ARCHIVES, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.approach_instead = Some(HQ);
    }
}

// --- Meeting of Minds ----------------------------------------------------------------------------

pub const MEETING_OF_MINDS: &str = "34076";

pub(crate) const MEETING_OF_MINDS_ROW: CardDef = CardDef {
    code: MEETING_OF_MINDS,
    name: "Meeting of Minds",
    play: Some(Play { targets: Targets::Labeled(meeting_modes), effect: Effect::Custom(meeting_of_minds) }),
    asks: &[
        Ask::Own(Prompt { ask: meeting_search_ask, answer: meeting_search_answer }),
        Ask::Own(Prompt { ask: meeting_reveal_ask, answer: meeting_reveal_answer }),
    ],
    ..BLANK
};

const MEETING_SUBTYPES: [&str; 2] = ["Connection", "Virtual"];

fn meeting_modes(_: &Game) -> Option<Vec<(u32, String)>> {
    Some(MEETING_SUBTYPES.iter().enumerate().map(|(i, t)| (i as u32, format!("choose {}", t.to_lowercase()))).collect())
}

fn meeting_subtype(c: Ctx) -> &'static str {
    MEETING_SUBTYPES.get(c.arg as usize).copied().unwrap_or("Connection")
}

/// Meeting of Minds: search the stack (then shuffled) for a resource of the chosen subtype,
/// then reveal grip cards of that subtype for 1 credit each.
fn meeting_of_minds(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn meeting_fits(c: Ctx) -> impl Fn(&Game, u32) -> bool {
    let t = meeting_subtype(c);
    move |g: &Game, k: u32| g.def(k).ctype == CardType::Resource && g.def(k).has_subtype(t)
}

fn meeting_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    let t = meeting_subtype(c).to_lowercase();
    Some(search_deck_ask(
        g,
        RUNNER,
        "card",
        meeting_fits(c),
        format!("searches their stack for a {t} resource (Meeting of Minds)"),
        format!("Meeting of Minds: reveal a {t} resource from your stack and add it to your grip?"),
    ))
}

fn meeting_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, RUNNER, meeting_fits(c), a, |l| format!("{} reveals {l} and adds it to the grip", c.name()), ev)? {
        g.runner.grip.push(k);
    }
    g.tasks.push(crate::netrunner::state::Task::Shuffle { corp: false });
    Ok(Then::Done)
}

fn meeting_reveal_ask(g: &Game, c: Ctx) -> Option<Question> {
    let t = meeting_subtype(c);
    let these: Vec<u32> = g.runner.grip.iter().copied().filter(|&k| g.def(k).has_subtype(t)).collect();
    if these.is_empty() {
        return None;
    }
    let n = these.len() as u32;
    Some(
        question(
            format!("may reveal {} cards from their grip (Meeting of Minds)", t.to_lowercase()),
            format!("Meeting of Minds: reveal any {} cards from your grip, 1 credit each", t.to_lowercase()),
            card_options(g, "card", &these),
        )
        .range(0, n),
    )
}

fn meeting_reveal_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let t = meeting_subtype(c);
    let shown: Vec<u32> = picked(a).into_iter().filter(|k| g.runner.grip.contains(k) && g.def(*k).has_subtype(t)).collect();
    if !shown.is_empty() {
        let names: Vec<String> = shown.iter().map(|&k| g.label(k)).collect();
        note(ev, "revealed", format!("{} reveals {}", c.name(), names.join(", ")), json!({"cards": shown}));
        g.gain(RUNNER, shown.len() as i64, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Mutual Favor --------------------------------------------------------------------------------

pub const MUTUAL_FAVOR: &str = "30011";

pub(crate) const MUTUAL_FAVOR_ROW: CardDef = CardDef {
    code: MUTUAL_FAVOR,
    name: "Mutual Favor",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(mutual_favor) }),
    asks: &[Ask::Own(Prompt { ask: mutual_favor_ask, answer: mutual_favor_answer })],
    ..BLANK
};

/// Mutual Favor: search the stack for an icebreaker, then the stack is shuffled.
fn mutual_favor(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    g.tasks.push(Task::Shuffle { corp: false });
    ask_later(g, c, 0);
}

/// An icebreaker from the stack: into the grip, or installed after a successful run this turn.
fn mutual_favor_ask(g: &Game, _: Ctx) -> Option<Question> {
    let found: Vec<u32> = g.runner.stack.iter().copied().filter(|&c| g.def(c).has_subtype("Icebreaker")).collect();
    if found.is_empty() {
        return None;
    }
    let mut o = Vec::new();
    for c in found {
        o.push((opt(format!("grip:{c}"), format!("Add {} to your grip", g.label(c))), Answer::Card(c)));
        let cost = g.runner_install_cost(c);
        if g.flags.successful_run
            && crate::netrunner::effects::runner_available_for(g, crate::netrunner::cards::Spend::Install(c)) >= cost
            && g.def(c).memory.unwrap_or(0) <= g.memory_limit()
        {
            o.push((opt(format!("install:{c}"), format!("Install {} (cost {cost})", g.label(c))), Answer::Install { card: c, server: None }));
        }
    }
    Some(one(RUNNER, "mutual_favor", "searches their stack for an icebreaker (Mutual Favor)", "Mutual Favor: choose an icebreaker from your stack", o))
}

fn mutual_favor_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let (card, install) = match first(a) {
        Answer::Card(c) => (c, false),
        Answer::Install { card, .. } => (card, true),
        _ => return Ok(Then::Done),
    };
    note(ev, "revealed", format!("Mutual Favor reveals {}", g.label(card)), json!({"card": card, "code": g.code(card)}));
    if install {
        return Ok(Then::InstallRunner { card });
    }
    g.take_runner(card);
    g.runner.grip.push(card);
    Ok(Then::Done)
}

// --- S-Dobrado -----------------------------------------------------------------------------------

pub const S_DOBRADO: &str = "34012";

pub(crate) const S_DOBRADO_ROW: CardDef = CardDef {
    code: S_DOBRADO,
    name: "S-Dobrado",
    play: Some(Play { targets: Targets::Servers(centrals), effect: Effect::Custom(run_target) }),
    events: &[(When::EncounterIce, Effect::Custom(s_dobrado_encounter))],
    asks: &[Ask::Own(Prompt { ask: s_dobrado_ask, answer: click_bypass_answer::<1> })],
    ..BLANK
};

fn centrals(_: &Game) -> Vec<u32> {
    vec![HQ, RD, ARCHIVES]
}

/// S-Dobrado: the run's first encounter is bypassed; threat 4: the second for a click.
fn s_dobrado_encounter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let Some(run) = g.run.as_ref().filter(|r| r.source == Some(c.card)) else { return };
    match run.encounters {
        1 => bypass(g, c.name(), ev),
        2 if threat(g, 4) => ask_later(g, c, 0),
        _ => {}
    }
}

fn s_dobrado_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || g.runner.clicks < 1 {
        return None;
    }
    yes_no(
        "may spend a click to bypass the ice (S-Dobrado)",
        &format!("S-Dobrado: spend a click to bypass {}?", g.label(c.arg)),
        "Spend a click: bypass the ice",
    )
}

// --- Transfer of Wealth --------------------------------------------------------------------------

pub const TRANSFER_OF_WEALTH: &str = "35017";

pub(crate) const TRANSFER_OF_WEALTH_ROW: CardDef = CardDef {
    code: TRANSFER_OF_WEALTH,
    name: "Transfer of Wealth",
    play: Some(Play { targets: Targets::Servers(hq_only), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(transfer_of_wealth) }),
    ..BLANK
};

/// Transfer of Wealth: 1 tag, the Corp loses 3, the Runner gains 2 per credit lost.
fn transfer_of_wealth(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    give_tags(g, 1, c.name(), ev);
    let lost = g.corp.credits.clamp(0, 3);
    g.lose_credits(CORP, 3, c.name(), ev);
    g.gain(RUNNER, 2 * lost, c.name(), ev);
}

// --- Tread Lightly -------------------------------------------------------------------------------

pub const TREAD_LIGHTLY: &str = "30012";

pub(crate) const TREAD_LIGHTLY_ROW: CardDef = CardDef {
    code: TREAD_LIGHTLY,
    name: "Tread Lightly",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(tread_lightly) }),
    ..BLANK
};

/// Tread Lightly: ice costs 3 more to rez during that run.
fn tread_lightly(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.ice_rez_extra = 3;
    }
}

// --- Window of Opportunity -----------------------------------------------------------------------

pub const WINDOW_OF_OPPORTUNITY: &str = "34077";

pub(crate) const WINDOW_OF_OPPORTUNITY_ROW: CardDef = CardDef {
    code: WINDOW_OF_OPPORTUNITY,
    name: "Window of Opportunity",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(window_of_opportunity) }),
    run_ends: Some(window_run_ends),
    asks: &[
        Ask::Own(Prompt { ask: window_install_ask, answer: plain_install_answer }),
        Ask::Do(window_run),
        Ask::Own(Prompt { ask: window_derez_ask, answer: window_derez_answer }),
        Ask::Own(Prompt { ask: window_rez_ask, answer: window_rez_answer }),
    ],
    ..BLANK
};

/// First the install (step 0), then the run on the chosen server (step 1, in `Ctx::arg`), once
/// the install and any room made for it are done.
fn window_of_opportunity(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn window_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let cards: Vec<u32> = g.runner.grip.iter().copied().filter(|&k| matches!(g.def(k).ctype, CardType::Program | CardType::Hardware)).collect();
    may_install(
        g,
        &cards,
        0,
        format!("may install a program or hardware ({})", c.name()),
        format!("{}: install 1 program or piece of hardware from your grip?", c.name()),
    )
}

/// The run begins; as it begins, 1 rezzed ice protecting the server is derezzed (step 2). Its
/// end is heard through `Run::marked`.
fn window_run(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.is_some() {
        return;
    }
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.marked.push(c.card);
    }
    ask_later(g, c, 2);
}

fn window_rezzed_ice(g: &Game) -> Vec<u32> {
    let Some(server) = g.run.as_ref().map(|r| r.server) else { return vec![] };
    g.server(server).map(|s| s.ice.iter().copied().filter(|&i| g.rezzed(i)).collect()).unwrap_or_default()
}

fn window_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice = window_rezzed_ice(g);
    if ice.is_empty() {
        return None;
    }
    Some(question(
        format!("derezzes an ice protecting the attacked server ({})", c.name()),
        format!("{}: derez 1 ice protecting the attacked server", c.name()),
        card_options(g, "derez", &ice),
    ))
}

fn window_derez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&ice) = picked(a).first().filter(|i| window_rezzed_ice(g).contains(i)) else { return Ok(Then::Done) };
    crate::netrunner::effects::derez(g, ice, c.name(), ev);
    if let Some(r) = g.run.as_mut() {
        r.derezzed_by.push((c.card, ice));
    }
    Ok(Then::Done)
}

/// When its run ends, the Corp may rez the ice derezzed this way (still installed, unrezzed).
fn window_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if run.source != Some(c.card) {
        return;
    }
    for &(by, ice) in &run.derezzed_by {
        if by == c.card && g.is_installed(ice) && !g.rezzed(ice) {
            ask_later(g, Ctx { arg: ice, ..c }, 3);
        }
    }
}

fn window_rez_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.arg) || g.rezzed(c.arg) {
        return None;
    }
    let o = vec![(opt("rez", format!("Rez {}", g.label(c.arg))), Answer::Yes), (opt("decline", "Leave it unrezzed"), Answer::No)];
    // Derezzed, the ice is face down again: the summary names it as the Runner sees it.
    Some(Question::one(
        CORP,
        KIND,
        format!("may rez {} ignoring all costs ({})", g.corp_public_label(c.arg), c.name()),
        format!("{}: rez {}, ignoring all costs?", c.name(), g.label(c.arg)),
        o,
    ))
}

/// A rez ignoring all costs: the card's "when rezzed" ability and the rez triggers follow.
fn window_rez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !g.is_installed(c.arg) || g.rezzed(c.arg) {
        return Ok(Then::Done);
    }
    let text = format!("{}: the Corp rezzes {}, ignoring all costs", c.name(), g.label(c.arg));
    crate::netrunner::effects::rez_ignoring_costs(g, c.arg, text, ev);
    Ok(Then::Done)
}
