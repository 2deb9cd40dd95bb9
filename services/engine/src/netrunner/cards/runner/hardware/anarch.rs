//! Hardware of the Anarch faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{add_power, installed, one, power, question, remove_tags, spend_power, yes_no};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[AMANUENSIS_ROW, BLING_ROW, CARNIVORE_ROW, SOLIDARITY_BADGE_ROW, THE_WIZARDS_CHEST_ROW];

// --- Amanuensis ----------------------------------------------------------------------------------

pub const AMANUENSIS: &str = "34069";

pub(crate) const AMANUENSIS_ROW: CardDef = CardDef {
    code: AMANUENSIS,
    name: "Amanuensis",
    statics: &[Static::Memory(1)],
    events: &[(When::TurnEnds, Effect::Custom(amanuensis_turn_ends)), (When::TagsRemoved, Effect::Custom(amanuensis_tags_removed))],
    asks: &[Ask::Own(Prompt { ask: amanuensis_ask, answer: amanuensis_answer })],
    ..BLANK
};

/// Amanuensis: a power counter when the Runner's turn ends tagged.
fn amanuensis_turn_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        add_power(g, c.card, 1, c.name(), ev);
    }
}

fn amanuensis_tags_removed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if power(g, c.card) > 0 {
        ask_later(g, c, 0);
    }
}

fn amanuensis_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 || !g.installed_runner().contains(&c.card) {
        return None;
    }
    yes_no(
        "may spend a power counter to draw 2 cards (Amanuensis)",
        "Amanuensis: remove 1 power counter to draw 2 cards?",
        "Remove 1 power counter: draw 2 cards",
    )
}

fn amanuensis_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && spend_power(g, c.card) {
        g.draw(RUNNER, 2, ev);
    }
    Ok(Then::Done)
}

// --- Bling ---------------------------------------------------------------------------------------

pub const BLING: &str = "35006";

pub(crate) const BLING_ROW: CardDef = CardDef {
    code: BLING,
    name: "Bling",
    statics: &[Static::Memory(1), Static::HostedAsGrip],
    events: &[(When::InstalledWithoutCredits, Effect::Custom(bling_free_install)), (When::RunnerDiscardPhaseEnds, Effect::Custom(bling_discard_ends))],
    asks: &[Ask::Own(Prompt { ask: bling_ask, answer: bling_answer })],
    ..BLANK
};

fn bling_free_install(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.runner.stack.is_empty() {
        ask_later(g, c, 0);
    }
}

fn bling_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.stack.is_empty() || !installed(g, c.card) {
        return None;
    }
    yes_no(
        &format!("may host the top card of the stack face up on {}", c.name()),
        &format!("{}: host the top card of your stack face up on it?", c.name()),
        "Host the top card of your stack",
    )
}

fn bling_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && installed(g, c.card) {
        if let Some(&top) = g.runner.stack.first() {
            host_faceup(g, top, c.card, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

fn bling_discard_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    for k in hosted_on(g, c.card) {
        g.trash(k, "Bling: the Runner's discard phase ended", ev);
    }
}

// --- Carnivore -----------------------------------------------------------------------------------

pub const CARNIVORE: &str = "30003";

pub(crate) const CARNIVORE_ROW: CardDef = CardDef {
    code: CARNIVORE,
    name: "Carnivore",
    statics: &[Static::Memory(1)],
    access_option: Some(AccessOption {
        id: "carnivore",
        agenda_label: "Carnivore: trash 2 cards from your grip to trash it",
        label: carnivore_label,
        usable: carnivore_usable,
        step: 0,
    }),
    asks: &[Ask::Own(Prompt { ask: carnivore_ask, answer: carnivore_answer })],
    ..BLANK
};

fn carnivore_label(g: &Game, accessed: u32) -> String {
    format!("Carnivore: trash 2 cards from your grip to trash {}", g.label(accessed))
}

fn carnivore_usable(g: &Game) -> bool {
    !g.used_this_turn(CARNIVORE) && g.runner.grip.len() >= 2
}

/// Carnivore: trash 2 grip cards to trash the accessed card (in `Ctx::arg`).
fn carnivore_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.grip.len() < 2 {
        return None;
    }
    let o = card_options(g, "card", &g.runner.grip);
    Some(
        one(
            RUNNER,
            "carnivore",
            "may trash 2 cards from their grip to trash the accessed card (Carnivore)",
            &format!("Carnivore: trash 2 cards from your grip to trash {}", g.label(c.arg)),
            o,
        )
        .range(2, 2),
    )
}

fn carnivore_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    if cs.len() != 2 {
        return Err(RulesError::Illegal("pick 2 cards".into()));
    }
    for k in cs {
        g.to_heap(k);
        note(ev, "discarded", format!("Carnivore: the Runner trashes {} from the grip", g.label(k)), json!({"card": k, "code": g.code(k)}));
        crate::netrunner::effects::trashed_from_grip_or_stack(g, &[k], ev);
    }
    let card = c.arg;
    if !matches!(g.corp_zone(card), CorpZone::None | CorpZone::Score | CorpZone::Archives) {
        crate::netrunner::effects::runner_trash(g, card, c.name(), ev);
        crate::netrunner::effects::runner_trashed_accessed(g, card, ev);
    }
    Ok(Then::FinishAccess(card))
}

// --- Solidarity Badge ----------------------------------------------------------------------------

pub const SOLIDARITY_BADGE: &str = "34003";

pub(crate) const SOLIDARITY_BADGE_ROW: CardDef = CardDef {
    code: SOLIDARITY_BADGE,
    name: "Solidarity Badge",
    events: &[(When::TrashAccessed, Effect::Custom(solidarity_trash)), (When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: solidarity_ask, answer: solidarity_answer })],
    ..BLANK
};

/// Solidarity Badge: the first Corp card the Runner trashes each turn puts a power counter on it.
fn solidarity_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.flags.used_cards.contains(&c.card) {
        g.flags.used_cards.push(c.card);
        add_power(g, c.card, 1, c.name(), ev);
    }
}

/// Solidarity Badge: when the Runner's turn begins, a counter for a card or a tag removed.
fn solidarity_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 {
        return None;
    }
    let mut o = vec![(opt("draw", "Remove 1 power counter: draw 1 card"), Answer::Mode(0))];
    if g.tagged() {
        o.push((opt("tag", "Remove 1 power counter: remove 1 tag"), Answer::Mode(1)));
    }
    o.push((opt("decline", "Do not"), Answer::No));
    Some(question("may spend a power counter on Solidarity Badge".into(), "Solidarity Badge: remove 1 power counter to draw 1 card or remove 1 tag?".into(), o))
}

fn solidarity_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let mode = first(a);
    if matches!(mode, Answer::Mode(_)) && spend_power(g, c.card) {
        if mode == Answer::Mode(1) {
            remove_tags(g, 1, c.name(), ev);
        } else {
            g.draw(RUNNER, 1, ev);
        }
    }
    Ok(Then::Done)
}

// --- The Wizard’s Chest --------------------------------------------------------------------------

pub const THE_WIZARDS_CHEST: &str = "34070";

pub(crate) const THE_WIZARDS_CHEST_ROW: CardDef = CardDef {
    code: THE_WIZARDS_CHEST,
    name: "The Wizard's Chest",
    statics: &[Static::PaidInAnyWindow],
    paid: Some(PaidAbility { offers: Offers::Own(chest_offers), effect: Effect::Custom(chest_use) }),
    asks: &[Ask::Own(Prompt { ask: chest_install_ask, answer: chest_install_answer })],
    ..BLANK
};

/// The Wizard's Chest: the card types it may name, and how many of that type it sets aside.
const CHEST_TYPES: [(CardType, &str); 3] = [(CardType::Hardware, "hardware"), (CardType::Program, "program"), (CardType::Resource, "resource")];

const CHEST_SET_ASIDE: usize = 2;

/// Usable only after successful runs on HQ, R&D and Archives this turn; one option per type.
/// Hand-written offers, not a `Costed`: one option per card type to name.
fn chest_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if ![HQ, RD, ARCHIVES].iter().all(|s| g.flags.successful_servers.contains(s)) {
        return vec![];
    }
    CHEST_TYPES
        .iter()
        .enumerate()
        .map(|(i, (_, name))| (format!("wizards_chest:{card}:{name}"), format!("{}: trash it, name {name}", g.label(card)), i as u32))
        .collect()
}

/// The cards of the named type among the top of the stack, up to 2: the cards set aside up to
/// the last of them are revealed. They stay where they are (the set-aside cards are shuffled
/// back in anyway), so the cards offered are the first 2 of that type in the stack.
fn chest_found(g: &Game, t: u32) -> Vec<u32> {
    let Some((ct, _)) = CHEST_TYPES.get(t as usize) else { return vec![] };
    g.runner.stack.iter().copied().filter(|&k| g.def(k).ctype == *ct).take(CHEST_SET_ASIDE).collect()
}

fn chest_use(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    runner_trash(g, c.card, "its own cost", ev);
    let found = chest_found(g, c.arg);
    let depth = found.last().and_then(|l| g.runner.stack.iter().position(|k| k == l)).map_or(g.runner.stack.len(), |p| p + 1);
    let aside: Vec<u32> = g.runner.stack.iter().take(depth).copied().collect();
    let names: Vec<String> = aside.iter().map(|&k| g.label(k)).collect();
    let name = CHEST_TYPES.get(c.arg as usize).map_or("", |(_, n)| n);
    note(
        ev,
        "revealed",
        format!("{}: the Runner names {name} and sets aside {}", c.name(), if names.is_empty() { "nothing".into() } else { names.join(", ") }),
        json!({"cards": aside, "type": name}),
    );
    g.tasks.push(Task::Shuffle { corp: false });
    ask_later(g, c, 0);
}

fn chest_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let found = chest_found(g, c.arg);
    if found.is_empty() {
        return None;
    }
    let mut o: Vec<_> = found.iter().map(|&k| (opt(format!("install:{k}"), format!("Install {}, ignoring all costs", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install 1 of the cards set aside ({})", c.name()),
        format!("{}: install 1 of the 2 cards set aside, ignoring all costs?", c.name()),
        o,
    ))
}

fn chest_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !chest_found(g, c.arg).contains(&k) {
        return Ok(Then::Done);
    }
    // Ignoring all costs: a reduction of the whole install cost.
    g.flags.install_discount = g.def(k).cost.unwrap_or(0);
    Ok(Then::InstallRunner { card: k })
}
