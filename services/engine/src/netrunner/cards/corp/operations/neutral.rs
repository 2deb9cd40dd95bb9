//! Operations without a faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[HEDGE_FUND_ROW, PETTY_CASH_ROW];

// --- Hedge Fund ----------------------------------------------------------------------------------

pub const HEDGE_FUND: &str = "30075";

pub(crate) const HEDGE_FUND_ROW: CardDef =
    CardDef { code: HEDGE_FUND, name: "Hedge Fund", play: Some(Play { targets: Targets::None, effect: Effect::Gain(CORP, 9) }), ..BLANK };

// --- Petty Cash ----------------------------------------------------------------------------------

pub const PETTY_CASH: &str = "35081";

pub(crate) const PETTY_CASH_ROW: CardDef = CardDef {
    code: PETTY_CASH,
    name: "Petty Cash",
    play: Some(Play { targets: Targets::Labeled(no_action_finished_yet), effect: Effect::Custom(petty_cash) }),
    click: Some(Click { offers: Offers::Own(petty_cash_offers), effect: Effect::Ask(0) }),
    asks: &[Ask::Own(Prompt { ask: petty_cash_ask, answer: petty_cash_answer }), Ask::Do(remove_from_game)],
    ..BLANK
};

/// "Play only if you have not finished an action yet this turn."
fn no_action_finished_yet(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.flags.actions_finished.is_empty() {
        None
    } else {
        Some(vec![])
    }
}

/// 5 credits; played from elsewhere than HQ, 1 click too.
fn petty_cash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.gain(CORP, 5, c.name(), ev);
    if g.flags.played_not_from_hq.contains(&c.card) {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
}

/// Click: play it from Archives (as it could be played: cost and "play only if").
/// Hand-written offers, not a `Costed`: played from Archives: its option is a play, not an ability.
fn petty_cash_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if !g.corp.archives.contains(&card) || corp_play_options(g, &[card]).is_empty() {
        return vec![];
    }
    vec![(None, format!("Play {} from Archives, then remove it from the game", g.label(card)))]
}

fn petty_cash_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.archives.contains(&c.card) {
        return None;
    }
    let o = corp_play_options(g, &[c.card]);
    if o.is_empty() {
        return None;
    }
    // Public summary: the card may still be face down in Archives; the play itself names it.
    Some(Question::one(CORP, CARD_KIND, "plays an operation from Archives", format!("{}: play it from Archives", c.name()), o))
}

fn petty_cash_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Play { card, target } if card == c.card => {
            // Pushed first: once it has resolved, it leaves the game.
            ask_later(g, c, 1);
            Ok(Then::PlayCorp { card, target })
        }
        _ => Ok(Then::Done),
    }
}

/// "After it resolves, remove it from the game."
fn remove_from_game(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.archives.contains(&c.card) {
        g.corp.archives.retain(|&x| x != c.card);
        g.corp.removed.push(c.card);
        note(ev, "removed", format!("{} is removed from the game", c.name()), json!({"card": c.card, "code": g.code(c.card)}));
    }
}
