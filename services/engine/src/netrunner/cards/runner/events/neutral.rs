//! Events without a faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    discounted_install_answer, every_server, may_install, question, remove_from_game, remove_tags, run_target, trash_costs_only, NO_MORE_ACCESS,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[ASHEN_EPILOGUE_ROW, BAHIA_BANDS_ROW, JAILBREAK_ROW, OVERCLOCK_ROW, SURE_GAMBLE_ROW];

// --- Ashen Epilogue ------------------------------------------------------------------------------

pub const ASHEN_EPILOGUE: &str = "34094";

pub(crate) const ASHEN_EPILOGUE_ROW: CardDef = CardDef {
    code: ASHEN_EPILOGUE,
    name: "Ashen Epilogue",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(ashen_epilogue) }),
    asks: &[Ask::Do(ashen_epilogue_after_shuffle)],
    ..BLANK
};

/// Ashen Epilogue: it is removed from the game rather than trashed (so it is not shuffled in);
/// the grip and heap go into the stack, shuffled; then (step 0, after the shuffle) the top 5
/// are removed from the game and 5 cards drawn.
fn ashen_epilogue(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    remove_from_game(g, c.card, c.name(), ev);
    let mut cards = std::mem::take(&mut g.runner.grip);
    cards.append(&mut std::mem::take(&mut g.runner.heap));
    let n = cards.len();
    g.runner.stack.extend(cards);
    note(ev, "to_stack", format!("{}: the Runner shuffles their grip and heap ({n} card(s)) into the stack", c.name()), json!({"seat": RUNNER, "count": n}));
    ask_later(g, c, 0);
    g.tasks.push(crate::netrunner::state::Task::Shuffle { corp: false });
}

fn ashen_epilogue_after_shuffle(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let top: Vec<u32> = g.runner.stack.iter().take(5).copied().collect();
    for k in top {
        remove_from_game(g, k, c.name(), ev);
    }
    g.draw(RUNNER, 5, ev);
}

// --- Bahia Bands ---------------------------------------------------------------------------------

pub const BAHIA_BANDS: &str = "34030";

pub(crate) const BAHIA_BANDS_ROW: CardDef = CardDef {
    code: BAHIA_BANDS,
    name: "Bahia Bands",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Ask(0) }),
    statics: &[Static::HostedCreditsFor(trash_costs_only)],
    asks: &[Ask::Own(Prompt { ask: bahia_ask, answer: bahia_answer }), Ask::Own(Prompt { ask: bahia_install_ask, answer: discounted_install_answer::<1> })],
    ..BLANK
};

const BAHIA_MODES: [&str; 4] = [
    "Draw 2 cards",
    "Install 1 card from your grip, paying 1 credit less",
    "Remove 1 tag",
    "Place 4 credits on Bahia Bands (they pay trash costs for the rest of this run)",
];

/// The modes chosen so far: a mask in the low 4 bits of `Ctx::arg`, their number above.
fn bahia_chosen(arg: u32) -> (u32, u32) {
    (arg & 0xF, arg >> 4)
}

/// Resolve 2 of the 4 modes, in the order chosen: one at a time, each chosen among those left.
fn bahia_ask(g: &Game, c: Ctx) -> Option<Question> {
    let (used, n) = bahia_chosen(c.arg);
    if n >= 2 || g.run.as_ref().is_none_or(|r| r.source != Some(c.card)) {
        return None;
    }
    let o = (0..4u8).filter(|m| used & (1 << m) == 0).map(|m| (opt(format!("mode:{m}"), BAHIA_MODES[usize::from(m)]), Answer::Mode(m))).collect();
    let which = if n == 0 { "first" } else { "second" };
    Some(question(format!("chooses the {which} of 2 effects ({})", c.name()), format!("{}: choose the {which} of 2 effects to resolve", c.name()), o))
}

fn bahia_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(m) = first(a) else { return Ok(Then::Done) };
    let (used, n) = bahia_chosen(c.arg);
    if m >= 4 || used & (1 << m) != 0 || n >= 2 {
        return Err(RulesError::Illegal(format!("{} cannot resolve that effect now", c.name())));
    }
    note(ev, "mode_chosen", format!("{}: {}", c.name(), BAHIA_MODES[usize::from(m)]), json!({"card": c.card, "mode": m}));
    // The next choice waits below this mode's own question (the last task pushed is asked first).
    ask_later(g, Ctx { arg: (used | (1 << m)) | ((n + 1) << 4), ..c }, 0);
    match m {
        0 => g.draw(RUNNER, 2, ev),
        1 => ask_later(g, c, 1),
        2 => remove_tags(g, 1, c.name(), ev),
        _ => g.load(c.card, 4, ev),
    }
    Ok(Then::Done)
}

fn bahia_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    may_install(
        g,
        &g.runner.grip,
        1,
        format!("may install a card from their grip ({})", c.name()),
        format!("{}: install 1 card from your grip, paying 1 credit less?", c.name()),
    )
}

// --- Jailbreak -----------------------------------------------------------------------------------

pub const JAILBREAK: &str = "30028";

pub(crate) const JAILBREAK_ROW: CardDef = CardDef {
    code: JAILBREAK,
    name: "Jailbreak",
    play: Some(Play { targets: Targets::Servers(centrals_hq_rd), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: jailbreak_access, on_success: Effect::Draw(RUNNER, 1) }),
    ..BLANK
};

fn centrals_hq_rd(_: &Game) -> Vec<u32> {
    vec![HQ, RD]
}

/// Jailbreak: 1 more access on HQ or R&D.
fn jailbreak_access(_: &Game, _: Ctx, server: u32) -> u32 {
    u32::from(server == HQ || server == RD)
}

// --- Overclock -----------------------------------------------------------------------------------

pub const OVERCLOCK: &str = "30029";

pub(crate) const OVERCLOCK_ROW: CardDef =
    CardDef { code: OVERCLOCK, name: "Overclock", play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(overclock) }), ..BLANK };

/// Overclock: 5 credits usable during the run.
fn overclock(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.temp_credits = 5;
    }
    note(ev, "hosted_credits", "Overclock holds 5 credits for this run".into(), json!({"run_credits": 5}));
}

// --- Sure Gamble ---------------------------------------------------------------------------------

pub const SURE_GAMBLE: &str = "30030";

pub(crate) const SURE_GAMBLE_ROW: CardDef =
    CardDef { code: SURE_GAMBLE, name: "Sure Gamble", play: Some(Play { targets: Targets::None, effect: Effect::Gain(RUNNER, 9) }), ..BLANK };
