//! Events of the Anarch faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    discounted_install_answer, every_server, install_choices, may_install, one, plain_install_answer, question, run_target, spend_clicks, NO_MORE_ACCESS,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[CHARM_OFFENSIVE_ROW, EYE_FOR_AN_EYE_ROW, PRIVILEGED_ACCESS_ROW, SCROUNGE_ROW, SHRED_ROW, STRIKE_FUND_ROW, THE_PRICE_ROW, WILDCAT_STRIKE_ROW];

// --- Charm Offensive -----------------------------------------------------------------------------

pub const CHARM_OFFENSIVE: &str = "35003";

pub(crate) const CHARM_OFFENSIVE_ROW: CardDef = CardDef {
    code: CHARM_OFFENSIVE,
    name: "Charm Offensive",
    play: Some(Play { targets: Targets::Servers(archives_only), effect: Effect::Custom(charm_offensive) }),
    run_ends: Some(charm_offensive_run_ends),
    asks: &[Ask::Own(Prompt { ask: charm_offensive_ask, answer: charm_offensive_answer })],
    ..BLANK
};

fn archives_only(_: &Game) -> Vec<u32> {
    vec![ARCHIVES]
}

/// Charm Offensive: its run's end is heard through `Run::marked` (the event is not installed).
fn charm_offensive(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(ARCHIVES, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.marked.push(c.card);
    }
}

fn charm_offensive_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if run.source == Some(c.card) && !run.accessed_cards.is_empty() {
        ask_later(g, c, 0);
    }
}

/// The rezzed installed copies of cards accessed in Archives: a breach of Archives accesses
/// every card there, and none has left or come since (the question follows the run's end).
fn charm_offensive_targets(g: &Game) -> Vec<u32> {
    let titles: Vec<&str> = g.corp.archives.iter().map(|&k| g.def(k).title.as_str()).collect();
    g.installed_corp().into_iter().filter(|&k| g.rezzed(k) && titles.contains(&g.def(k).title.as_str())).collect()
}

fn charm_offensive_ask(g: &Game, _: Ctx) -> Option<Question> {
    let t = charm_offensive_targets(g);
    if t.is_empty() {
        return None;
    }
    let mut o: Vec<_> = t.iter().map(|&k| (opt(format!("card:{k}"), format!("Trash {}", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("decline", "Trash nothing"), Answer::No));
    Some(question(
        "may trash a rezzed copy of a card accessed in Archives (Charm Offensive)".into(),
        "Charm Offensive: trash 1 rezzed copy of a card you accessed in Archives?".into(),
        o,
    ))
}

fn charm_offensive_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&k) = picked(a).first().filter(|k| charm_offensive_targets(g).contains(k)) {
        crate::netrunner::effects::runner_trash(g, k, c.name(), ev);
        crate::netrunner::effects::runner_took_corp_card(g, k, ev);
    }
    Ok(Then::Done)
}

// --- Eye for an Eye ------------------------------------------------------------------------------

// Rebellion Without Rehearsal (rwr).
pub const EYE_FOR_AN_EYE: &str = "34067";

pub(crate) const EYE_FOR_AN_EYE_ROW: CardDef = CardDef {
    code: EYE_FOR_AN_EYE,
    name: "Eye for an Eye",
    play: Some(Play { targets: Targets::Servers(hq_untagged), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: one_more_on_hq, on_success: Effect::Tags(1) }),
    access_option: Some(AccessOption {
        id: "eye_for_an_eye",
        agenda_label: "Eye for an Eye: trash 1 card from your grip to trash it",
        label: eye_label,
        usable: grip_not_empty,
        step: 0,
    }),
    asks: &[Ask::Own(Prompt { ask: eye_ask, answer: eye_answer })],
    ..BLANK
};

/// Eye for an Eye: HQ, only untagged.
fn hq_untagged(g: &Game) -> Vec<u32> {
    if g.tagged() {
        vec![]
    } else {
        vec![HQ]
    }
}

fn one_more_on_hq(_: &Game, _: Ctx, server: u32) -> u32 {
    u32::from(server == HQ)
}

fn eye_label(g: &Game, accessed: u32) -> String {
    format!("Eye for an Eye: trash 1 card from your grip to trash {}", g.label(accessed))
}

fn grip_not_empty(g: &Game) -> bool {
    !g.runner.grip.is_empty()
}

fn eye_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.grip.is_empty() {
        return None;
    }
    let o = card_options(g, "card", &g.runner.grip);
    Some(question(
        "may trash a card from their grip to trash the accessed card (Eye for an Eye)".into(),
        format!("Eye for an Eye: trash 1 card from your grip to trash {}", g.label(c.arg)),
        o,
    ))
}

fn eye_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&k) = picked(a).first().filter(|k| g.runner.grip.contains(k)) else {
        return Err(RulesError::Illegal("pick a card of your grip".into()));
    };
    g.to_heap(k);
    note(ev, "discarded", format!("Eye for an Eye: the Runner trashes {} from the grip", g.label(k)), json!({"card": k, "code": g.code(k)}));
    crate::netrunner::effects::trashed_from_grip_or_stack(g, &[k], ev);
    let card = c.arg;
    if matches!(g.corp_zone(card), crate::netrunner::state::CorpZone::Hq | crate::netrunner::state::CorpZone::Rd | crate::netrunner::state::CorpZone::Root(_)) {
        crate::netrunner::effects::runner_trash(g, card, c.name(), ev);
        crate::netrunner::effects::runner_trashed_accessed(g, card, ev);
    }
    Ok(Then::FinishAccess(card))
}

// --- Privileged Access ---------------------------------------------------------------------------

pub const PRIVILEGED_ACCESS: &str = "34068";

pub(crate) const PRIVILEGED_ACCESS_ROW: CardDef = CardDef {
    code: PRIVILEGED_ACCESS,
    name: "Privileged Access",
    play: Some(Play { targets: Targets::Servers(archives_untagged), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(privileged_access_success) }),
    asks: &[
        Ask::Own(Prompt { ask: privileged_resource_ask, answer: discounted_install_answer::<2> }),
        Ask::Own(Prompt { ask: privileged_program_ask, answer: plain_install_answer }),
    ],
    ..BLANK
};

fn archives_untagged(g: &Game) -> Vec<u32> {
    if g.tagged() {
        vec![]
    } else {
        vec![ARCHIVES]
    }
}

/// Privileged Access: instead of breaching Archives (`Run::no_breach`), 1 tag; taking it, a
/// resource from the heap for 2 less, and at threat 3 a program from the heap (asked in that
/// order: the last task pushed is asked first).
fn privileged_access_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.no_breach = true;
    }
    note(ev, "breach_replaced", format!("{}: instead of breaching Archives, the Runner takes 1 tag", c.name()), json!({"card": c.card}));
    give_tags(g, 1, c.name(), ev);
    if threat(g, 3) {
        ask_later(g, c, 1);
    }
    ask_later(g, c, 0);
}

fn privileged_resource_ask(g: &Game, c: Ctx) -> Option<Question> {
    let resources: Vec<u32> = g.runner.heap.iter().copied().filter(|&k| g.def(k).ctype == CardType::Resource).collect();
    may_install(
        g,
        &resources,
        2,
        format!("may install a resource from their heap ({})", c.name()),
        format!("{}: install 1 resource from your heap, paying 2 credits less?", c.name()),
    )
}

fn privileged_program_ask(g: &Game, c: Ctx) -> Option<Question> {
    may_install(
        g,
        &heap_programs(g),
        0,
        format!("may install a program from their heap ({})", c.name()),
        format!("{}: install 1 program from your heap?", c.name()),
    )
}

// --- Scrounge ------------------------------------------------------------------------------------

pub const SCROUNGE: &str = "35004";

pub(crate) const SCROUNGE_ROW: CardDef = CardDef {
    code: SCROUNGE,
    name: "Scrounge",
    play: Some(Play { targets: Targets::Labeled(double), effect: Effect::Custom(scrounge) }),
    asks: &[
        Ask::Own(Prompt { ask: scrounge_install_ask, answer: discounted_install_answer::<0> }),
        Ask::Own(Prompt { ask: scrounge_bottom_ask, answer: scrounge_bottom_answer }),
    ],
    ..BLANK
};

/// A double event: its additional cost is a second click.
fn double(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner.clicks < 2 {
        Some(vec![])
    } else {
        None
    }
}

/// Scrounge: a program from the heap is installed, then one may go to the bottom of the stack.
fn scrounge(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn scrounge_install_ask(g: &Game, _: Ctx) -> Option<Question> {
    let o = install_choices(g, &heap_programs(g), 0);
    if o.is_empty() {
        return None;
    }
    Some(question("installs a program from their heap (Scrounge)".into(), "Scrounge: install 1 program from your heap".into(), o))
}

fn scrounge_bottom_ask(g: &Game, _: Ctx) -> Option<Question> {
    let progs = heap_programs(g);
    if progs.is_empty() {
        return None;
    }
    let mut o = card_options(g, "card", &progs);
    o.push((opt("none", "Leave them"), Answer::No));
    Some(question(
        "may put a program from their heap at the bottom of their stack (Scrounge)".into(),
        "Scrounge: add 1 program from your heap to the bottom of your stack?".into(),
        o,
    ))
}

fn scrounge_bottom_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&k) = picked(a).first().filter(|k| g.runner.heap.contains(k)) {
        g.take_runner(k);
        g.runner.stack.push(k);
        note(ev, "to_stack", format!("{}: {} goes to the bottom of the stack", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    }
    Ok(Then::Done)
}

// --- Shred ---------------------------------------------------------------------------------------

pub const SHRED: &str = "35005";

pub(crate) const SHRED_ROW: CardDef = CardDef {
    code: SHRED,
    name: "Shred",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
    statics: &[Static::FirstRunEndAsks(0)],
    asks: &[Ask::Own(Prompt { ask: shred_ask, answer: shred_answer }), Ask::Random { from: Pile::Hq, count: shred_count }, Ask::Do(shred_trash)],
    ..BLANK
};

/// The Corp lets the run go on, or reveals and trashes X cards of HQ at random to end it (it
/// cannot if HQ holds fewer than X).
fn shred_ask(g: &Game, c: Ctx) -> Option<Question> {
    let x = shred_x(g);
    let mut o = vec![(opt("go_on", "Let the run go on"), Answer::No)];
    if g.corp.hq.len() as u32 >= x {
        o.push((opt("trash", format!("Reveal and trash {x} card(s) from HQ at random: the run ends")), Answer::Yes));
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("decides whether to trash {x} card(s) from HQ at random to end the run ({})", c.name()),
        format!("{}: the run ends only if you reveal and trash {x} card(s) from HQ at random", c.name()),
        o,
    ))
}

fn shred_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        ask_later(g, c, 1);
    } else {
        note(ev, "run_end_prevented", format!("{}: the run does not end", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

/// X: the cards in the root of the attacked server.
fn shred_x(g: &Game) -> u32 {
    let server = g.run.as_ref().map_or(0, |r| r.server);
    g.server(server).map_or(0, |s| s.root.len() as u32)
}

fn shred_count(g: &Game, _: Ctx) -> u32 {
    shred_x(g)
}

fn shred_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "HQ", c.name(), ev);
    let cs = g.picked_at_random.clone();
    trash_from_hq(g, cs, ev);
    run_ends_now(g, c.name(), ev);
}

// --- Strike Fund ---------------------------------------------------------------------------------

pub const STRIKE_FUND: &str = "34001";

pub(crate) const STRIKE_FUND_ROW: CardDef = CardDef {
    code: STRIKE_FUND,
    name: "Strike Fund",
    play: Some(Play { targets: Targets::None, effect: Effect::Gain(RUNNER, 4) }),
    // "You may gain 2": always taken (house choice, docs/netrunner.md).
    events: &[(When::TrashedFromGripOrStack, Effect::Gain(RUNNER, 2))],
    ..BLANK
};

// --- The Price -----------------------------------------------------------------------------------

// The Automata Initiative (tai).
pub const THE_PRICE: &str = "34002";

pub(crate) const THE_PRICE_ROW: CardDef = CardDef {
    code: THE_PRICE,
    name: "The Price",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(the_price) }),
    asks: &[Ask::Own(Prompt { ask: the_price_ask, answer: discounted_install_answer::<3> })],
    ..BLANK
};

/// The Price: the top 4 cards of the stack are trashed; one of them may be installed for 3 less
/// (their number in `Ctx::arg`: they are the last of the heap).
fn the_price(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let top: Vec<u32> = g.runner.stack.iter().take(4).copied().collect();
    for &k in &top {
        g.to_heap(k);
    }
    let names: Vec<String> = top.iter().map(|&k| g.label(k)).collect();
    note(ev, "milled", format!("{}: the Runner trashes the top {} card(s) of the stack: {}", c.name(), top.len(), names.join(", ")), json!({"cards": top}));
    crate::netrunner::effects::trashed_from_grip_or_stack(g, &top, ev);
    ask_later(g, Ctx { arg: top.len() as u32, ..c }, 0);
}

fn the_price_ask(g: &Game, c: Ctx) -> Option<Question> {
    let heap = &g.runner.heap;
    let these = &heap[heap.len().saturating_sub(c.arg as usize)..];
    may_install(g, these, 3, "may install one of the trashed cards (The Price)".into(), "The Price: install 1 of those cards, paying 3 less?".into())
}

// --- Wildcat Strike ------------------------------------------------------------------------------

pub const WILDCAT_STRIKE: &str = "30002";

pub(crate) const WILDCAT_STRIKE_ROW: CardDef = CardDef {
    code: WILDCAT_STRIKE,
    name: "Wildcat Strike",
    play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
    asks: &[Ask::Own(Prompt { ask: wildcat_ask, answer: wildcat_answer })],
    ..BLANK
};

fn wildcat_ask(_: &Game, _: Ctx) -> Option<Question> {
    let o = vec![(opt("credits", "The Runner gains 6 credits"), Answer::Mode(0)), (opt("draw", "The Runner draws 4 cards"), Answer::Mode(1))];
    Some(one(CORP, "wildcat_strike", "chooses what the Runner gets (Wildcat Strike)", "Wildcat Strike: choose what the Runner gets", o))
}

fn wildcat_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Mode(1) {
        g.draw(RUNNER, 4, ev);
    } else {
        g.gain(RUNNER, 6, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- shared by the cards above ---------------------------------------------------------------------

fn heap_programs(g: &Game) -> Vec<u32> {
    g.runner.heap.iter().copied().filter(|&k| g.def(k).ctype == CardType::Program).collect()
}
