//! Costs (CR 1.16) declared as data on an ability's row ([`Cost`], [`Costed`]): whether one can
//! be paid, paying it, and the options of an ability said as "cost: effect", in one place for
//! every card. A cost is paid in full before the effect, or the ability does nothing.

use serde_json::json;

use super::{agenda_counters, give_tags, note, remove_virus, runner_trash, spend_clicks, spend_power, tags_removed};
use crate::core::Event;
use crate::netrunner::cards::{fire_identity, Cost, Costed, Counter, Ctx, When};
use crate::netrunner::data::Side;
use crate::netrunner::state::{Game, CORP};

/// Whether `cost` of `card`'s ability can be paid now.
pub fn can_pay(g: &Game, card: u32, cost: &Cost) -> bool {
    match *cost {
        Cost::Free | Cost::TakeTags(_) => true,
        Cost::Clicks(n) => (if corp(g, card) { g.corp.clicks } else { g.runner.clicks }) >= n,
        Cost::RemoveTag => g.tagged(),
        Cost::Counters(kind, n) => g.card(card).is_some_and(|k| {
            let have = match kind {
                Counter::Power => k.power,
                Counter::Virus => k.virus,
                Counter::Agenda => k.agenda,
            };
            have >= n
        }),
        Cost::TrashSelf => g.is_installed(card),
        Cost::Expend => g.corp.hq.contains(&card) && g.corp.credits >= 1,
        Cost::All(costs) => costs.iter().all(|c| can_pay(g, card, c)),
    }
}

/// Pay `cost` of the ability of `c`; false when it cannot be paid (then nothing is paid, for a
/// single cost; a combination stops at the first part that cannot be).
pub fn pay(g: &mut Game, c: Ctx, cost: &Cost, ev: &mut Vec<Event>) -> bool {
    match *cost {
        Cost::Free => true,
        // The action's own click is spent by the action (NR-2); the rest here. The Runner's are
        // told apart; the Corp's are not (its logs never told them, and they must replay).
        Cost::Clicks(n) => {
            if corp(g, c.card) {
                g.corp.clicks -= (n - 1).min(g.corp.clicks).max(0);
            } else {
                spend_clicks(g, n - 1, c.name(), ev);
            }
            true
        }
        Cost::TakeTags(n) => {
            give_tags(g, n, c.name(), ev);
            true
        }
        Cost::RemoveTag => {
            if !g.tagged() {
                return false;
            }
            g.runner.tags -= 1;
            note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
            tags_removed(g, 1, ev);
            true
        }
        Cost::Counters(kind, n) => {
            if !can_pay(g, c.card, cost) {
                return false;
            }
            match kind {
                Counter::Power => (0..n).all(|_| spend_power(g, c.card)),
                Counter::Virus => (0..n).all(|_| remove_virus(g, c.card)),
                Counter::Agenda => {
                    agenda_counters(g, c.card, -i64::from(n), c.name(), ev);
                    true
                }
            }
        }
        Cost::TrashSelf => {
            if corp(g, c.card) {
                g.corp_trash_installed(c.card, "its own ability", ev);
            } else {
                runner_trash(g, c.card, "its own ability", ev);
            }
            true
        }
        Cost::Expend => expend(g, c.card, ev),
        Cost::All(costs) => costs.iter().all(|k| pay(g, c, k, ev)),
    }
}

/// Whether `card` is the Corp's (its side pays).
fn corp(g: &Game, card: u32) -> bool {
    g.def(card).side == Side::Corp
}

/// Whether the ability can be used now: usable, and its cost payable.
fn ready(g: &Game, card: u32, k: &Costed) -> bool {
    (k.usable)(g, card) && can_pay(g, card, &k.cost)
}

/// The label of an ability's option: an expend's is the keyword's own.
fn label(g: &Game, card: u32, k: &Costed) -> String {
    match k.cost {
        Cost::Expend => format!("Expend {} (1 credit, reveal and trash it from HQ)", g.label(card)),
        _ => format!("{}: {}", g.label(card), k.text),
    }
}

/// The option of a click ability said as "cost: effect", when it can be used.
pub fn click_offers(g: &Game, card: u32, k: &Costed) -> Vec<(Option<u32>, String)> {
    if ready(g, card, k) {
        vec![(None, label(g, card, k))]
    } else {
        vec![]
    }
}

/// The option of a paid ability said as "cost: effect" (`id:CARD`), when it can be used.
pub fn paid_offers(g: &Game, card: u32, k: &Costed) -> Vec<(String, String, u32)> {
    if ready(g, card, k) {
        vec![(format!("{}:{card}", k.id), label(g, card, k), 0)]
    } else {
        vec![]
    }
}

/// Pay an expend's cost (the Comprehensive Rules' keyword: from HQ, 1 credit, reveal and trash
/// it, face up: it was revealed); false when it cannot be paid (nothing happens then).
fn expend(g: &mut Game, card: u32, ev: &mut Vec<Event>) -> bool {
    if !g.corp.hq.contains(&card) || !g.corp_pay(1) {
        return false;
    }
    g.to_archives(card, true);
    note(ev, "expended", format!("The Corp pays 1 credit, reveals {} and trashes it from HQ", g.label(card)), json!({"card": card, "code": g.code(card)}));
    fire_identity(g, CORP, When::CorpTrashedFromHq, 0, ev);
    true
}
