//! Psi games (Comprehensive Rules, "psi game"): each player secretly bids 0, 1 or 2 credits
//! (never more than it can pay), then both bids are revealed and spent, and the card that began
//! the game does one thing if they match and another if they differ.
//!
//! The bids are simultaneous by the rules, but the engine asks one seat at a time: the Corp bids
//! first, as a logged input, then the Runner. Until the Runner has bid, the Corp's bid is in
//! `Task::Psi` only: no event but one private to the Corp, no decision summary and no view
//! field (except the Corp's own) shows it, so the Runner bids knowing nothing of it
//! (`tests::cards::corp::agendas`, See How They Run; the leak oracle tries every other bid through
//! `HiddenInfo::secret_alternatives`). Then one public event reveals both bids.

use serde_json::json;

use super::ask::{ask, corrupt, one_pick, opt, pick_one, public};
use crate::core::{Event, Input, RulesError};
use crate::netrunner::cards::{self, Ctx};
use crate::netrunner::state::{Game, Task, CORP, RUNNER};

/// The highest bid of a psi game.
pub const MAX_PSI_BID: i64 = 2;

/// Replace the card's step (an `Ask::Psi`) by a psi game that reports back to it.
pub fn begin_psi(g: &mut Game, c: Ctx, step: u8) {
    g.tasks.pop();
    g.tasks.push(Task::Psi { code: c.def.code.to_string(), card: c.card, step, arg: c.arg, corp_bid: None });
}

/// The bids a seat can make now: 0 up to 2, never more than it can pay.
fn bids(g: &Game, seat: u32) -> Vec<u32> {
    let credits = if seat == CORP { g.corp.credits } else { g.runner_available() };
    (0..=credits.clamp(0, MAX_PSI_BID) as u32).collect()
}

/// Ask the next bid: the Corp's, then the Runner's.
pub fn step_psi(g: &mut Game, code: &str, corp_bid: Option<u32>) {
    let source = cards::def(code).name;
    let seat = if corp_bid.is_none() { CORP } else { RUNNER };
    let options = bids(g, seat).into_iter().map(|b| opt(format!("bid:{b}"), format!("Bid {b} credit(s)"))).collect();
    // The prompt and summary say only that a bid is asked: the Runner's never mention the
    // Corp's bid, which is still secret.
    ask(
        g,
        seat,
        if seat == CORP { "psi_corp" } else { "psi_runner" },
        format!("bids secretly in a psi game ({source})"),
        format!("Psi game ({source}): secretly bid 0 to {MAX_PSI_BID} credits"),
        pick_one(options),
    );
}

/// A bid: the Corp's is kept in the task; with the Runner's, both are revealed and spent and
/// the card's step gets whether they matched.
pub fn psi_input(
    g: &mut Game,
    (code, card, step, arg): (String, u32, u8, u32),
    corp_bid: Option<u32>,
    input: &Input,
    ev: &mut Vec<Event>,
) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let seat = if corp_bid.is_none() { CORP } else { RUNNER };
    let bid = id.strip_prefix("bid:").and_then(|b| b.parse::<u32>().ok()).filter(|b| bids(g, seat).contains(b));
    let bid = bid.ok_or_else(|| RulesError::Illegal(format!("\"{id}\" is not a bid you can make")))?;
    let c = Ctx { def: cards::def(&code), card, arg };
    let Some(corp) = corp_bid else {
        if let Some(Task::Psi { corp_bid, .. }) = g.tasks.last_mut() {
            *corp_bid = Some(bid);
        }
        ev.push(Event::with_private(
            "netrunner.psi_bid",
            format!("The Corp has made its secret bid in the psi game ({})", c.name()),
            json!({"seat": CORP}),
            vec![CORP],
            format!("You bid {bid} in the psi game ({})", c.name()),
            json!({"seat": CORP, "bid": bid}),
        ));
        return Ok(());
    };
    g.tasks.pop();
    // Both bids are spent once revealed.
    if !g.corp_pay(i64::from(corp)) || !g.runner_pay(i64::from(bid)) {
        return Err(corrupt("a psi bid that cannot be paid"));
    }
    let matched = corp == bid;
    ev.push(public(
        "psi",
        format!("Psi game ({}): the Corp bid {corp}, the Runner bid {bid}; the bids {}", c.name(), if matched { "match" } else { "differ" }),
        json!({"corp_bid": corp, "runner_bid": bid, "matched": matched, "card": card}),
    ));
    let f = cards::psi_result(c, step).ok_or_else(|| corrupt("a psi game without a result step"))?;
    f(g, c, matched, ev);
    Ok(())
}
