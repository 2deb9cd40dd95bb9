//! Hosted credits spent on costs (credits restricted to some costs, recurring credits), for the
//! Runner's installed cards and the Corp's rezzed ones.

use crate::netrunner::cards;
use serde_json::json;

use super::note;
use crate::core::Event;
use crate::netrunner::state::{Game, CORP};

/// The installed Runner cards whose hosted credits may be spent on `spend` now
/// (`Static::HostedCreditsFor`), in trigger order, then the card that began the run (an event
/// whose credits pay such costs for the rest of its run), with their hosted credits.
pub fn hosted_for(g: &Game, spend: cards::Spend) -> Vec<(u32, u32)> {
    let mut from = cards::runner_trigger_order(g);
    if let Some(src) = g.run.as_ref().and_then(|r| r.source).filter(|s| !from.contains(s)) {
        from.push(src);
    }
    from.into_iter()
        .filter(|&c| g.hosted(c) > 0 && cards::def(g.code(c)).statics.iter().any(|s| matches!(s, cards::Static::HostedCreditsFor(f) if f(g, spend))))
        .map(|c| (c, g.hosted(c)))
        .collect()
}

/// The credits the Runner can spend on `spend`: what `Game::runner_available` counts and the
/// hosted credits restricted to such costs.
pub fn runner_available_for(g: &Game, spend: cards::Spend) -> i64 {
    g.runner_available() + hosted_for(g, spend).iter().map(|&(_, n)| i64::from(n)).sum::<i64>()
}

/// Pay `n` as the Runner for `spend`. House choice (docs/netrunner.md): the hosted credits that
/// only such costs accept are spent first (in trigger order; they can buy less later than the
/// pool), then `Game::runner_pay`. A card emptied so that says "when it is empty,
/// trash it" is trashed. False (nothing spent) if the Runner cannot pay.
pub fn runner_pay_for(g: &mut Game, n: i64, spend: cards::Spend, ev: &mut Vec<Event>) -> bool {
    if n <= 0 {
        return true;
    }
    if runner_available_for(g, spend) < n {
        return false;
    }
    let from = hosted_for(g, spend);
    let left = spend_hosted(g, "The Runner", from, n, ev);
    g.runner_pay(left)
}

/// Spend hosted credits of `from` (card, hosted credits), in order, towards `n`; what is left
/// to pay. A card emptied so that says "when it is empty, trash it" is trashed.
fn spend_hosted(g: &mut Game, who: &str, from: Vec<(u32, u32)>, n: i64, ev: &mut Vec<Event>) -> i64 {
    let mut left = n;
    for (c, hosted) in from {
        let used = left.min(i64::from(hosted));
        if used <= 0 {
            break;
        }
        left -= used;
        let now = hosted - used as u32;
        if let Some(k) = g.card_mut(c) {
            k.credits = now;
        }
        let label = g.label(c);
        note(
            ev,
            "hosted_credits",
            format!("{who} spends {used} credit(s) hosted on {label} ({now} hosted)"),
            json!({"card": c, "change": -used, "hosted": now}),
        );
        if now == 0 && cards::def(g.code(c)).statics.iter().any(|s| matches!(s, cards::Static::TrashWhenEmpty)) {
            // The Runner's own card trashed so counts as the Runner trashing it (`runner_trash`).
            super::runner_trash(g, c, "it is empty", ev);
        }
    }
    left
}

/// The rezzed Corp cards whose hosted credits the Corp may spend on `spend` now
/// (`Static::CorpHostedCreditsFor`), in install order, with their hosted credits.
fn corp_hosted_for(g: &Game, spend: cards::Spend) -> Vec<(u32, u32)> {
    g.installed_corp()
        .into_iter()
        .filter(|&c| {
            g.rezzed(c)
                && g.hosted(c) > 0
                && cards::def(g.code(c)).statics.iter().any(|s| matches!(s, cards::Static::CorpHostedCreditsFor(f) if f(g, c, spend)))
        })
        .map(|c| (c, g.hosted(c)))
        .collect()
}

/// The credits the Corp can spend on `spend`: its pool and the hosted credits restricted to such
/// costs.
pub fn corp_available_for(g: &Game, spend: cards::Spend) -> i64 {
    g.corp.credits + corp_hosted_for(g, spend).iter().map(|&(_, n)| i64::from(n)).sum::<i64>()
}

/// Pay `n` as the Corp for `spend`: the hosted credits such costs accept first (as the Runner's,
/// `runner_pay_for`), then the pool. False (nothing spent) if the Corp cannot pay.
pub fn corp_pay_for(g: &mut Game, n: i64, spend: cards::Spend, ev: &mut Vec<Event>) -> bool {
    if n <= 0 {
        return true;
    }
    if corp_available_for(g, spend) < n {
        return false;
    }
    let from = corp_hosted_for(g, spend);
    let left = spend_hosted(g, "The Corp", from, n, ev);
    g.corp_pay(left)
}

/// Recurring credits (`Static::Recurring`) of `seat`'s active cards (the Runner's installed
/// cards, the Corp's rezzed ones) are refilled as that seat's turn begins.
pub fn refill_recurring(g: &mut Game, seat: u32, ev: &mut Vec<Event>) {
    let active: Vec<u32> = if seat == CORP { g.installed_corp().into_iter().filter(|&c| g.rezzed(c)).collect() } else { cards::runner_trigger_order(g) };
    for c in active {
        let to = cards::def(g.code(c)).statics.iter().find_map(|s| if let cards::Static::Recurring(n) = s { Some(*n) } else { None });
        if let Some(to) = to {
            refill(g, c, to, ev);
        }
    }
}

/// Refill `card`'s hosted credits to `to` (recurring credits).
pub fn refill(g: &mut Game, card: u32, to: u32, ev: &mut Vec<Event>) {
    let now = g.hosted(card);
    if now < to {
        g.load(card, to - now, ev);
    }
}
