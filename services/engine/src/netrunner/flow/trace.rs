//! NR-8 traces: the Corp bids, the Runner bids against it, and the trace succeeds only if
//! strictly greater than the Runner's link.

use serde_json::json;

use super::ask::{ask, number, public};
use crate::core::{DecisionSpec, Event, Input, RulesError};
use crate::netrunner::cards;
use crate::netrunner::state::{Game, Task, TraceEffect, CORP, RUNNER};

/// Ask for the next bid.
pub fn step_trace(g: &mut Game, base: i64, corp_bid: Option<i64>, source: &str) {
    match corp_bid {
        None => ask(
            g,
            CORP,
            "trace_corp",
            format!("spends credits on Trace {base} ({source})"),
            format!("Trace {base} ({source}): how many credits do you spend?"),
            DecisionSpec::Number { min: 0, max: g.corp.credits.max(0) },
        ),
        Some(b) => ask(
            g,
            RUNNER,
            "trace_runner",
            format!("spends credits against Trace strength {}", base + b),
            format!("Trace strength {} against your link {}: how many credits do you spend?", base + b, g.runner.link),
            DecisionSpec::Number { min: 0, max: g.runner_available().max(0) },
        ),
    }
}

pub fn trace_input(
    g: &mut Game,
    base: i64,
    corp_bid: Option<i64>,
    effect: TraceEffect,
    source: String,
    input: &Input,
    ev: &mut Vec<Event>,
) -> Result<(), RulesError> {
    let n = number(input)?;
    let Some(b) = corp_bid else {
        if !g.corp_pay(n) {
            return Err(RulesError::Illegal(format!("the Corp has only {} credits", g.corp.credits)));
        }
        ev.push(public("trace_bid", format!("The Corp spends {n} on the trace (strength {})", base + n), json!({"seat": CORP, "bid": n})));
        if let Some(Task::Trace { corp_bid, .. }) = g.tasks.last_mut() {
            *corp_bid = Some(n);
        }
        return Ok(());
    };
    if !g.runner_pay(n) {
        return Err(RulesError::Illegal("the Runner cannot pay that much".into()));
    }
    let trace = base + b;
    let link = g.runner.link + n;
    // NR-8: succeeds only if strictly greater.
    let ok = trace > link;
    ev.push(public(
        "trace",
        format!("{source}: trace {trace} against link {link}: {}", if ok { "the trace succeeds" } else { "the trace fails" }),
        json!({"trace": trace, "link": link, "success": ok, "runner_bid": n}),
    ));
    g.tasks.pop();
    if ok {
        match effect {
            TraceEffect::Tags(t) => cards::give_tags(g, t, &source, ev),
            TraceEffect::Damage(kind, k) => g.tasks.push(Task::Damage { kind, left: k, source, odd_cost_ends_run: false, begun: false }),
        }
    }
    Ok(())
}
