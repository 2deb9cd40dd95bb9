//! NR-2.4 paid-ability windows: who may do what while holding priority, and what each use does.

use serde_json::json;

use super::agendas::score;
use super::ask::{ask, clicks_left, corrupt, one_pick, opt, other, pick_one, public};
use crate::core::stack::PriorityRound;
use crate::core::{DecisionOption, Event, Input, RulesError};
use crate::netrunner::cards::{self, Breaker};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{At, Game, Stage, CORP, RUNNER};

/// A paid ability or other non-action a seat may use in a window (NR-2.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Paid {
    Pass,
    Rez(u32),
    /// Rez a card whose additional cost is paid by removing a tag (not taking bad publicity).
    RezRemovingTag(u32),
    /// Rez a card forfeiting an agenda to pay part of its cost.
    RezForfeiting {
        card: u32,
        agenda: u32,
    },
    /// Rez a card whose additional cost is paid by revealing and trashing HQ cards: its row's
    /// step picks them, pays and rezzes (`cards::Static::RezForfeitOrTrashHq`).
    RezTrashingHq {
        card: u32,
        step: u8,
    },
    Score(u32),
    Break {
        breaker: u32,
        subs: Vec<usize>,
    },
    Pump(u32),
    ClickBreak(usize),
    /// A card's own paid ability (`cards::PaidAbility`), with its argument.
    Card {
        card: u32,
        arg: u32,
    },
    /// The Runner pays `cost` to break subroutine `sub` with the encountered ice's own ability
    /// (`cards::Static::RunnerBreaksFor`).
    IceBreak {
        sub: usize,
        cost: i64,
    },
}

/// Open window `at`, the active seat first.
pub fn open(g: &mut Game, at: At) {
    let a = g.active;
    g.stage = Stage::Window { at, round: PriorityRound::new(vec![a, other(a)]) };
}

/// The options of `seat` holding priority in window `at`: `pass` first.
pub fn paid_options(g: &Game, seat: u32, at: At) -> Vec<(DecisionOption, Paid)> {
    let mut out = vec![(opt("pass", "Pass"), Paid::Pass)];
    if seat == CORP {
        corp_options(g, at, &mut out);
    } else {
        if at == At::Run31 {
            runner_encounter_options(g, &mut out);
        }
        // CR 5.6/5.7 (every window is marked (P)): paid abilities in any window, for the
        // Runner's cards that say so (`Static::PaidInAnyWindow`); the others are the
        // encounter's (NR-6.3.1). Each card's offers say when it can be used.
        let cards_: Vec<u32> = g
            .installed_runner()
            .into_iter()
            .filter(|&c| {
                (at == At::Run31 && g.runner.programs.contains(&c)) || cards::def(g.code(c)).statics.iter().any(|s| matches!(s, cards::Static::PaidInAnyWindow))
            })
            .collect();
        card_abilities(g, &cards_, &mut out);
        // The card that began the run, not installed (an event whose paid ability lasts for its
        // run), if it says its ability is usable in any window.
        let source = g.run.as_ref().and_then(|r| r.source).filter(|s| !g.installed_runner().contains(s));
        if let Some(src) = source.filter(|&s| cards::def(g.code(s)).statics.iter().any(|st| matches!(st, cards::Static::PaidInAnyWindow))) {
            card_abilities(g, &[src], &mut out);
        }
        // The Runner identity's paid ability (it is active all game, so in any window).
        let identity = cards::identity(g, RUNNER, 0);
        if let Some(p) = identity.def.paid {
            for (id, label, arg) in cards::paid_offers(g, &p, cards::NO_CARD) {
                out.push((opt(id, label), Paid::Card { card: cards::NO_CARD, arg }));
            }
        }
    }
    out
}

fn card_abilities(g: &Game, cards_: &[u32], out: &mut Vec<(DecisionOption, Paid)>) {
    for &c in cards_ {
        if let Some(p) = cards::def(g.code(c)).paid {
            for (id, label, arg) in cards::paid_offers(g, &p, c) {
                out.push((opt(id, label), Paid::Card { card: c, arg }));
            }
        }
    }
}

fn corp_options(g: &Game, at: At, out: &mut Vec<(DecisionOption, Paid)>) {
    // NR-5: assets and upgrades in any window.
    for c in g.installed_corp() {
        let d = g.def(c);
        if g.rezzed(c) || !matches!(d.ctype, CardType::Asset | CardType::Upgrade) || !g.may_rez_now(c) {
            continue;
        }
        let cost = g.corp_rez_cost(c);
        if crate::netrunner::effects::corp_available_for(g, cards::Spend::Rez(c)) < cost {
            continue;
        }
        // An additional cost (CR 1.16): forfeit 1 agenda, or reveal and trash N cards of HQ.
        let forfeit_or_hq = cards::def(g.code(c)).statics.iter().find_map(|s| match s {
            cards::Static::RezForfeitOrTrashHq { cards: n, step } => Some((*n, *step)),
            _ => None,
        });
        if let Some((n, step)) = forfeit_or_hq {
            for &agenda in &g.corp.score {
                let what = format!("Rez {} for {cost}, forfeiting {}", g.label(c), g.label(agenda));
                out.push((opt(format!("rez-forfeit:{c}:{agenda}"), what), Paid::RezForfeiting { card: c, agenda }));
            }
            if g.corp.hq.len() >= n as usize {
                let what = format!("Rez {} for {cost}, revealing and trashing {n} cards from HQ", g.label(c));
                out.push((opt(format!("rez-hq:{c}"), what), Paid::RezTrashingHq { card: c, step }));
            }
            continue;
        }
        out.push((opt(format!("rez:{c}"), format!("Rez {} for {cost}", g.label(c))), Paid::Rez(c)));
    }
    // NR-5 / NR-6.2.3: the approached ice, only at 2.3.
    if at == At::Run23 {
        if let Some(run) = &g.run {
            if let Some(ice) = run.current.filter(|&i| !g.rezzed(i)) {
                let cost = g.ice_rez_cost(ice);
                let available = crate::netrunner::effects::corp_available_for(g, cards::Spend::Rez(ice));
                if available >= cost && g.rez_costs_bad_publicity_or_tag(ice) {
                    out.push((opt(format!("rez:{ice}"), format!("Rez {} for {cost}, taking 1 bad publicity", g.label(ice))), Paid::Rez(ice)));
                    if g.tagged() {
                        out.push((opt(format!("rez-tag:{ice}"), format!("Rez {} for {cost}, removing 1 tag", g.label(ice))), Paid::RezRemovingTag(ice)));
                    }
                } else if available >= cost {
                    out.push((opt(format!("rez:{ice}"), format!("Rez {} for {cost}", g.label(ice))), Paid::Rez(ice)));
                }
                let paid_by_forfeit = g.forfeit_pays_rez(ice);
                if paid_by_forfeit > 0 && available >= (cost - paid_by_forfeit).max(0) {
                    for &agenda in &g.corp.score {
                        let what = format!("Rez {} for {}, forfeiting {}", g.label(ice), (cost - paid_by_forfeit).max(0), g.label(agenda));
                        out.push((opt(format!("rez-forfeit:{ice}:{agenda}"), what), Paid::RezForfeiting { card: ice, agenda }));
                    }
                }
            }
        }
    }
    card_abilities(g, &g.installed_corp(), out);
    // The Corp identity's paid ability (its row says when it can be used).
    if let Some(p) = cards::def(&g.corp.identity).paid {
        for (id, label, arg) in cards::paid_offers(g, &p, cards::NO_CARD) {
            out.push((opt(id, label), Paid::Card { card: cards::NO_CARD, arg }));
        }
    }
    // Abilities of agendas in the Corp's score area (their rows say when they can be used).
    card_abilities(g, &g.corp.score, out);
    // NR-4: scoring, in the Corp's own turn outside a run, before it discards.
    if g.active == CORP && g.run.is_none() && !g.flags.no_scoring && at.corp_may_score() {
        for c in g.installed_corp() {
            let d = g.def(c);
            if d.ctype == CardType::Agenda && i64::from(g.adv(c)) >= d.advancement.unwrap_or(i64::MAX) && !g.flags.no_score.contains(&c) {
                out.push((opt(format!("score:{c}"), format!("Score {}", g.label(c))), Paid::Score(c)));
            }
        }
    }
}

fn interfaces(g: &Game, breaker: &Breaker, ice: u32) -> bool {
    breaker.breaks.is_none_or(|t| g.ice_has_subtype(ice, t))
}

/// The sets of subroutines one use of a breaker may break ("up to N"): each alone, then pairs,
/// then triples… up to `per_use`, each in subroutine order.
fn break_groups(unbroken: &[usize], per_use: usize) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut last: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..per_use.min(unbroken.len()) {
        let mut next = Vec::new();
        for g in &last {
            let from = g.last().map_or(0, |&l| unbroken.iter().position(|&u| u == l).map_or(unbroken.len(), |p| p + 1));
            for &u in &unbroken[from..] {
                let mut n = g.clone();
                n.push(u);
                next.push(n);
            }
        }
        groups.extend(next.iter().cloned());
        last = next;
    }
    groups
}

/// NR-6.3.1: breaking, pumping and the other abilities usable during the encounter.
fn runner_encounter_options(g: &Game, out: &mut Vec<(DecisionOption, Paid)>) {
    let Some(run) = &g.run else { return };
    let Some(ice) = run.current.filter(|&i| g.rezzed(i)) else { return };
    let unbroken: Vec<usize> = run.broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect();
    let ice_str = g.ice_strength(ice);
    let avail = g.runner_available();
    for &b in &g.runner.programs {
        let Some(br) = cards::breaker(g.code(b)) else { continue };
        if !interfaces(g, &br, ice) || !crate::netrunner::effects::encounters::breaker_interfaces(g, b, ice) {
            continue;
        }
        let cost = g.break_cost(b);
        if g.breaker_strength(b) >= ice_str && avail >= cost && crate::netrunner::effects::encounters::may_break(g, Some(b), ice) {
            for subs in
                break_groups(&unbroken, br.subs_per_use).into_iter().filter(|subs| crate::netrunner::effects::encounters::may_break_subs(g, Some(b), ice, subs))
            {
                let ids: Vec<String> = subs.iter().map(|s| s.to_string()).collect();
                let texts: Vec<String> = subs.iter().map(|&s| format!("\"{}\"", crate::netrunner::effects::encounters::ice_sub_text(g, ice, s))).collect();
                let label = format!("{}: break {} for {cost}", g.label(b), texts.join(" and "));
                out.push((opt(format!("break:{b}:{}", ids.join("+")), label), Paid::Break { breaker: b, subs }));
            }
        }
        let pump_cost = g.pump_cost(b);
        if avail >= pump_cost && br.pump != cards::Pump::Never {
            let label = format!("{}: +{} strength for {} (now {})", g.label(b), g.pump_amount(b), pump_cost, g.breaker_strength(b));
            out.push((opt(format!("pump:{b}"), label), Paid::Pump(b)));
        }
    }
    // An ice's own break ability for the Runner (N-Pot).
    let own: i64 = cards::def(g.code(ice)).statics.iter().map(|s| if let cards::Static::RunnerBreaksFor(n) = s { *n } else { 0 }).sum();
    if own > 0 && avail >= own && crate::netrunner::effects::encounters::may_break(g, None, ice) {
        for &s in unbroken.iter().filter(|&&s| crate::netrunner::effects::encounters::may_break_subs(g, None, ice, &[s])) {
            let label = format!("{}: pay {own} to break \"{}\"", g.label(ice), crate::netrunner::effects::encounters::ice_sub_text(g, ice, s));
            out.push((opt(format!("ice-break:{s}"), label), Paid::IceBreak { sub: s, cost: own }));
        }
    }
    // Bioroid ice: the Runner may lose a click to break a subroutine.
    if g.ice_has_subtype(ice, "Bioroid") && g.runner.clicks > 0 && crate::netrunner::effects::encounters::may_break(g, None, ice) {
        for &s in unbroken.iter().filter(|&&s| crate::netrunner::effects::encounters::may_break_subs(g, None, ice, &[s])) {
            let label = format!("Lose a click: break \"{}\"", crate::netrunner::effects::encounters::ice_sub_text(g, ice, s));
            out.push((opt(format!("click-break:{s}"), label), Paid::ClickBreak(s)));
        }
    }
}

/// Rez `c`, paying its cost (and its additional cost: a tag removed when `by_tag`, else 1 bad
/// publicity taken).
/// `forfeiting`: an agenda forfeited to pay part of the cost.
fn rez(g: &mut Game, c: u32, by_tag: bool, forfeiting: Option<u32>, ev: &mut Vec<Event>) {
    let d = g.def(c);
    let mut cost = if d.ctype == CardType::Ice { g.ice_rez_cost(c) } else { g.corp_rez_cost(c) };
    if forfeiting.is_some_and(|a| g.corp.score.contains(&a)) {
        cost = (cost - g.forfeit_pays_rez(c)).max(0);
    }
    if !crate::netrunner::effects::corp_pay_for(g, cost, cards::Spend::Rez(c), ev) {
        return;
    }
    if let Some(a) = forfeiting {
        let label = g.label(c);
        crate::netrunner::effects::forfeit(g, a, &format!("rezzing {label}"), ev);
    }
    if let Some(k) = g.card_mut(c) {
        k.rezzed = true;
    }
    ev.push(public("rezzed", format!("The Corp rezzes {} for {cost}", g.label(c)), json!({"card": c, "code": g.code(c), "cost": cost})));
    if g.rez_costs_bad_publicity_or_tag(c) {
        if by_tag && g.runner.tags > 0 {
            g.runner.tags -= 1;
            ev.push(public("tag_removed", format!("The Corp removes a tag to rez {} ({} left)", g.label(c), g.runner.tags), json!({"tags": g.runner.tags})));
            crate::netrunner::effects::tags_removed(g, 1, ev);
        } else {
            g.corp.bad_publicity += 1;
            ev.push(public(
                "bad_publicity",
                format!("The Corp takes 1 bad publicity to rez {} (now {})", g.label(c), g.corp.bad_publicity),
                json!({"bad_publicity": g.corp.bad_publicity}),
            ));
        }
    }
    cards::unique_check(g, c, ev);
    let ctx = cards::ctx(g, c, 0);
    cards::apply(g, &ctx.def.on_rez, ctx, ev);
    crate::netrunner::effects::corp_card_rezzed(g, c, ev);
}

fn break_subs(g: &mut Game, breaker: u32, subs: &[usize], ev: &mut Vec<Event>) {
    let cost = g.break_cost(breaker);
    if !g.runner_pay(cost) {
        return;
    }
    let ice = g.run.as_ref().and_then(|r| r.current).unwrap_or(0);
    let trash_after = cards::breaker(g.code(breaker)).is_some_and(|b| b.trash_after_run);
    let mut fully = false;
    if let Some(run) = g.run.as_mut() {
        fully = run.break_subroutines(breaker, subs);
        if trash_after && !run.trash_at_end.contains(&breaker) {
            run.trash_at_end.push(breaker);
        }
    }
    let texts: Vec<&str> = subs.iter().map(|&s| crate::netrunner::effects::encounters::ice_sub_text(g, ice, s)).collect();
    ev.push(public(
        "subroutine_broken",
        format!("{} breaks \"{}\" on {} for {cost}", g.label(breaker), texts.join("\" and \""), g.label(ice)),
        json!({"breaker": breaker, "ice": ice, "subroutines": subs}),
    ));
    if fully {
        cards::fire_all(g, cards::When::FullyBreaks, &[breaker], ice, ev);
    }
    cards::fire_all(g, cards::When::BrokeSubroutines, &[breaker], subs.len() as u32, ev);
}

fn pump(g: &mut Game, b: u32, ev: &mut Vec<Event>) {
    let cost = g.pump_cost(b);
    if !g.runner_pay(cost) {
        return;
    }
    let n = g.pump_amount(b);
    crate::netrunner::effects::encounters::boost(g, b, n, &format!("gets +{n} strength for {cost}"), ev);
}

fn use_paid(g: &mut Game, seat: u32, p: &Paid, ev: &mut Vec<Event>) {
    match p {
        Paid::Pass => {}
        Paid::Rez(c) => rez(g, *c, false, None, ev),
        Paid::RezRemovingTag(c) => rez(g, *c, true, None, ev),
        Paid::RezForfeiting { card, agenda } => rez(g, *card, false, Some(*agenda), ev),
        Paid::RezTrashingHq { card, step } => {
            let c = cards::ctx(g, *card, 0);
            cards::ask_later(g, c, *step);
        }
        Paid::Score(c) => score(g, *c, ev),
        Paid::Break { breaker, subs } => break_subs(g, *breaker, subs, ev),
        Paid::Pump(b) => pump(g, *b, ev),
        Paid::IceBreak { sub, cost } => {
            if !g.runner_pay(*cost) {
                return;
            }
            if let Some(b) = g.run.as_mut().and_then(|r| r.broken.get_mut(*sub)) {
                *b = true;
            }
            let ice = g.run.as_ref().and_then(|r| r.current).unwrap_or(0);
            ev.push(public(
                "subroutine_broken",
                format!(
                    "The Runner pays {cost} to break \"{}\" with {}'s own ability",
                    crate::netrunner::effects::encounters::ice_sub_text(g, ice, *sub),
                    g.label(ice)
                ),
                json!({"seat": seat, "subroutines": [sub], "cost": cost}),
            ));
        }
        Paid::ClickBreak(s) => {
            g.runner.clicks -= 1;
            if let Some(b) = g.run.as_mut().and_then(|r| r.broken.get_mut(*s)) {
                *b = true;
            }
            ev.push(public(
                "subroutine_broken",
                format!("The Runner loses a click to break subroutine {} of the Bioroid ice", s + 1),
                json!({"seat": seat, "subroutines": [s]}),
            ));
        }
        Paid::Card { card, arg } => {
            let c = if *card == cards::NO_CARD { cards::identity(g, seat, *arg) } else { cards::ctx(g, *card, *arg) };
            if let Some(a) = c.def.paid {
                cards::use_ability(g, &a.offers, &a.effect, c, ev);
            }
        }
    }
}

/// Where the match goes when both seats pass in succession.
pub fn close_window(g: &mut Game, at: At) {
    g.stage = match at {
        At::TurnBegin => Stage::TurnBeginTriggers,
        At::Action => {
            if clicks_left(g) > 0 {
                Stage::Action
            } else {
                Stage::Discard
            }
        }
        At::TurnEnd => Stage::EndTurn,
        At::Run21 => {
            if g.run.as_ref().is_some_and(|r| r.approached >= 2) {
                Stage::Continue { at_server: false }
            } else {
                let a = g.active;
                Stage::Window { at: At::Run23, round: PriorityRound::new(vec![a, other(a)]) }
            }
        }
        At::Run23 => {
            if g.run.as_ref().and_then(|r| r.current).is_some_and(|i| g.rezzed(i)) {
                Stage::Encounter
            } else {
                Stage::PassIce
            }
        }
        At::Run31 => Stage::Subs { next: 0 },
        At::Run41 => Stage::Continue { at_server: true },
        At::Run43 => Stage::Success,
    };
}

/// The window stage: ask the seat holding priority (or pass for it when it can only pass).
pub fn step_window(g: &mut Game, at: At, mut round: PriorityRound) -> Result<bool, RulesError> {
    let holder = round.holder().ok_or_else(|| corrupt("empty priority round"))?;
    let opts = paid_options(g, holder, at);
    if opts.len() <= 1 && g.options.auto_pass {
        if round.pass() {
            close_window(g, at);
        } else {
            g.stage = Stage::Window { at, round };
        }
        return Ok(false);
    }
    let options = opts.into_iter().map(|(o, _)| o).collect();
    ask(
        g,
        holder,
        "window",
        format!("may use a paid ability ({at:?})"),
        format!("Paid-ability window ({at:?}): use a paid ability or pass"),
        pick_one(options),
    );
    Ok(true)
}

pub fn window_input(g: &mut Game, at: At, mut round: PriorityRound, seat: u32, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let Some((_, paid)) = paid_options(g, seat, at).into_iter().find(|(o, _)| o.id == id) else {
        return Err(RulesError::Illegal(format!("\"{id}\" is not a legal paid ability now")));
    };
    if paid == Paid::Pass {
        ev.push(public("passed", format!("{} passes", g.seat_name(seat)), json!({"seat": seat})));
        if round.pass() {
            close_window(g, at);
        } else {
            g.stage = Stage::Window { at, round };
        }
    } else {
        use_paid(g, seat, &paid, ev);
        // The user keeps priority; both must pass in succession again.
        round.passes = 0;
        g.stage = Stage::Window { at, round };
    }
    Ok(())
}
