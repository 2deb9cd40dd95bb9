//! NR-7 access: which cards a successful run accesses, in which order, and what the Runner does
//! with each (steal, trash, leave, or a card's own option).

use serde_json::json;

use super::agendas::steal;
use super::ask::{ask, corrupt, draw_value, one_pick, opt, pick_one, public, request_draw};
use crate::core::game::{answer, shown, Table};
use crate::core::{Choice, DecisionOption, DecisionSpec, DrawKind, Event, Input, RulesError};
use crate::netrunner::cards::{self, AccessOption, CostPayable, CostsPayable, Source, Static, When};
use crate::netrunner::data::CardType;
use crate::netrunner::effects::triggers;
use crate::netrunner::state::{Access, CorpZone, Game, Slot, Stage, Task, ARCHIVES, CORP, HQ, RD, RUNNER};

/// More HQ or R&D accesses: from the card that began the run, and the Runner's once-per-turn
/// HQ bonus (its use recorded).
fn more_access(g: &mut Game, server: u32) -> u32 {
    let from_source = match g.run.as_ref().and_then(|r| r.source) {
        Some(source) => {
            let c = cards::ctx(g, source, 0);
            c.def.run.map_or(0, |rs| (rs.more_access)(g, c, server))
        }
        None => 0,
    };
    let once = if server == HQ {
        match g.runner_static(|s| if let Static::MoreHqAccessOncePerTurn(n) = s { Some(*n) } else { None }) {
            Some((card, n)) => {
                let code = g.code(card).to_string();
                if g.use_once_per_turn(&code) {
                    n
                } else {
                    0
                }
            }
            None => 0,
        }
    } else {
        0
    };
    from_source + once
}

/// A card's persistent additional cost to steal from its server (`Static::StealCostHere`).
fn steal_cost_of(g: &Game, c: u32) -> Option<(u8, CostsPayable)> {
    cards::def(g.code(c)).statics.iter().find_map(|s| if let Static::StealCostHere { step, payable } = s { Some((*step, *payable)) } else { None })
}

/// A rezzed card's additional cost to trash it (`Static::TrashCostExtra`).
fn trash_cost_extra(g: &Game, c: u32) -> Option<(u8, CostPayable)> {
    if !g.rezzed(c) {
        return None;
    }
    cards::def(g.code(c)).statics.iter().find_map(|s| if let Static::TrashCostExtra { step, payable } = s { Some((*step, *payable)) } else { None })
}

/// The additional costs of stealing in this access (CR 1.16, persistent): each card's step,
/// and whether all of them can be paid now.
fn steal_costs(g: &Game) -> (Vec<(u32, u8)>, bool) {
    let cards = g.access.as_ref().map(|a| a.persistent.clone()).unwrap_or_default();
    let costs: Vec<(u32, u8, CostsPayable)> = cards.iter().filter_map(|&c| steal_cost_of(g, c).map(|(step, f)| (c, step, f))).collect();
    let payable = costs.iter().all(|(c, _, f)| f(g, costs.iter().filter(|(k, _, _)| g.code(*k) == g.code(*c)).count() as u32));
    (costs.into_iter().map(|(c, step, _)| (c, step)).collect(), payable)
}

/// Pay additional costs by the cards' steps, then decide on `card` again: its access decision
/// then carries out the steal or trash (`Access::costs_paid`).
fn pay_costs_then(g: &mut Game, card: u32, costs: &[(u32, u8)]) {
    if let Some(a) = g.access.as_mut() {
        a.costs_paid = Some(card);
    }
    g.tasks.push(Task::AccessDecision { card });
    for &(by, step) in costs.iter().rev() {
        let c = cards::ctx(g, by, card);
        cards::ask_later(g, c, step);
    }
}

/// Archives: every card is turned face up and accessed.
fn archives_slots(g: &mut Game, ev: &mut Vec<Event>) -> Vec<Slot> {
    let all = g.corp.archives.clone();
    for &c in &all {
        if let Some(k) = g.card_mut(c) {
            k.faceup = true;
        }
    }
    let names: Vec<String> = all.iter().map(|&c| g.label(c)).collect();
    ev.push(public(
        "archives_turned_up",
        format!("Every card in Archives is turned face up: {}", if names.is_empty() { "none".into() } else { names.join(", ") }),
        json!({"cards": all}),
    ));
    all.into_iter().map(Slot::Card).collect()
}

/// NR-7.1 / 7.2: what the run accesses.
pub fn begin_access(g: &mut Game, ev: &mut Vec<Event>) {
    let Some(run) = g.run.clone() else {
        g.stage = Stage::RunEnd;
        return;
    };
    if run.no_breach {
        // "Instead of breaching": the success effect replaced the breach; the run ends.
        g.stage = Stage::RunEnd;
        return;
    }
    let server = run.breach_instead.unwrap_or(run.server);
    if !run.breached {
        // CR 6.7: "when you breach" abilities first, asked in the order identity, hardware,
        // programs, resources (pushed in reverse: the last task pushed is asked first), so that
        // one adding accesses is settled before one that counts them; this stage continues
        // once they are resolved.
        if let Some(r) = g.run.as_mut() {
            r.breached = true;
        }
        let sources = cards::runner_sources(g).into_iter().chain([Source::Identity(RUNNER)]);
        triggers::fire(g, When::Breach, sources, server, ev);
        return;
    }
    let root: Vec<u32> = g.server(server).map(|s| s.root.clone()).unwrap_or_default();
    let mut slots = Vec::new();
    match server {
        HQ => {
            let n = (1 + more_access(g, HQ) + run.breach_extra).min(g.corp.hq.len() as u32);
            slots.extend((0..n).map(|_| Slot::HqRandom));
        }
        RD => {
            let n = (1 + more_access(g, RD) + run.breach_extra).min(g.corp.rd.len() as u32);
            slots.extend((0..n).map(|_| Slot::RdTop));
        }
        ARCHIVES => slots.extend(archives_slots(g, ev)),
        _ => {}
    }
    slots.extend(root.iter().copied().map(Slot::Card));
    // Access restrictions for the remainder of the run (a psi game's result): only one card,
    // or not these cards.
    if let Some(only) = run.access_only {
        slots.retain(|s| *s == Slot::Card(only));
    }
    slots.retain(|s| !matches!(s, Slot::Card(c) if run.not_accessed.contains(c)));
    // CR 1.16 "persistent": the persistent abilities of the cards in the root (steal costs,
    // trash costs) now hold for this whole access, even if those cards are trashed during it.
    let persistent = crate::netrunner::effects::persistent_abilities(g, server);
    ev.push(public(
        "access_begins",
        format!("The Runner will access {} card(s) in {}", slots.len(), Game::server_name(server)),
        json!({"server": server, "count": slots.len()}),
    ));
    let distinct_cards = slots.iter().filter(|s| matches!(s, Slot::Card(_))).count();
    let needs_order = distinct_cards >= 2 || (distinct_cards == 1 && slots.len() >= 2);
    g.access = Some(Access { server, slots, hq_seen: vec![], rd_depth: 0, ordered: !needs_order, interrupts_asked: vec![], persistent, costs_paid: None });
    g.stage = Stage::Accessing;
}

fn slot_label(g: &Game, s: &Slot) -> String {
    match s {
        Slot::HqRandom => "A random card from HQ".into(),
        Slot::RdTop => "The next card of R&D".into(),
        Slot::Card(c) => {
            if g.card(*c).is_some_and(|k| k.faceup || k.rezzed) {
                g.label(*c)
            } else {
                format!("Face-down card #{c} in the root")
            }
        }
    }
}

fn access_card(g: &mut Game, c: u32, ev: &mut Vec<Event>) {
    let zone = g.corp_zone(c);
    let faceup = g.card(c).is_some_and(|k| k.faceup || k.rezzed);
    let wher = match zone {
        CorpZone::Hq => "HQ".to_string(),
        CorpZone::Rd => "R&D".to_string(),
        CorpZone::Archives => "Archives".to_string(),
        CorpZone::Root(s) | CorpZone::Ice(s) => Game::server_name(s),
        _ => "nowhere".to_string(),
    };
    let detail = json!({"card": c, "code": g.code(c), "from": wher});
    if faceup {
        ev.push(Event::public("netrunner.accessed", format!("The Runner accesses {} in {wher}", g.label(c)), detail));
    } else {
        // The Corp knows its HQ, Archives and installed cards, but not the order of R&D: an R&D
        // access shows the card to the Runner alone (NR-7.2), or the Corp would learn its top card.
        let seats = if zone == CorpZone::Rd { vec![RUNNER] } else { vec![CORP, RUNNER] };
        ev.push(Event::with_private(
            "netrunner.accessed",
            format!("The Runner accesses a card in {wher}"),
            json!({"from": wher}),
            seats,
            format!("The Runner accesses {} in {wher}", g.label(c)),
            detail,
        ));
    }
    g.tasks.push(Task::AccessDecision { card: c });
    // NR-7.3: "when accessed" abilities, even face down.
    if let Some(r) = g.run.as_mut() {
        r.accessed += 1;
        r.accessed_cards.push(c);
    }
    let ctx = cards::ctx(g, c, 0);
    cards::apply(g, &ctx.def.on_access, ctx, ev);
    cards::fire_identity(g, CORP, cards::When::CorpCardAccessed, c, ev);
}

/// The Runner cards offering their own access option now: installed ones, then the card that
/// began the run (an event's "Access →" ability lasts for its run).
fn access_option_list(g: &Game) -> Vec<(u32, AccessOption)> {
    let mut from = g.installed_runner();
    if let Some(src) = g.run.as_ref().and_then(|r| r.source).filter(|s| !from.contains(s)) {
        from.push(src);
    }
    from.into_iter().filter_map(|c| cards::def(g.code(c)).access_option.filter(|o| (o.usable)(g)).map(|o| (c, o))).collect()
}

/// The access options usable on an agenda.
fn agenda_access_options(g: &Game) -> Vec<(u32, AccessOption)> {
    access_option_list(g).into_iter().filter(|(by, _)| !cards::def(g.code(*by)).statics.iter().any(|s| matches!(s, Static::AccessOptionNotOnAgendas))).collect()
}

fn access_options(g: &Game, c: u32) -> Vec<DecisionOption> {
    let d = g.def(c);
    let mut o = Vec::new();
    // Nothing is stolen or trashed while the run forbids it (Ansel 1.0's third subroutine).
    if d.ctype == CardType::Agenda || g.run.as_ref().is_some_and(|r| r.no_steal_trash) {
        return o;
    }
    let in_archives = g.corp_zone(c) == CorpZone::Archives;
    let extra_payable = trash_cost_extra(g, c).is_none_or(|(_, payable)| payable(g));
    if let Some(t) = g.trash_cost(c) {
        if !in_archives && extra_payable && crate::netrunner::effects::runner_available_for(g, cards::Spend::TrashCost(c)) >= t {
            o.push(opt("trash", format!("Trash {} for {t}", g.label(c))));
        }
    }
    if !in_archives {
        for (_, a) in access_option_list(g) {
            o.push(opt(a.id, (a.label)(g, c)));
        }
    }
    if !o.is_empty() {
        o.push(opt("leave", "Leave it"));
    }
    o
}

/// After the access decision on `c` (its task already popped): a card left in R&D moves the
/// next R&D access one deeper; a stolen or trashed one does not.
pub fn finish_access_decision(g: &mut Game, c: u32) {
    let in_rd = g.corp.rd.contains(&c);
    if let Some(a) = g.access.as_mut() {
        if in_rd {
            a.rd_depth += 1;
        }
    }
}

fn ask_access(g: &mut Game, card: u32, o: Vec<DecisionOption>) {
    ask(g, RUNNER, "access", "decides what to do with an accessed card".into(), format!("You access {}", g.label(card)), pick_one(o));
}

/// NR-7.4: the Runner decides what to do with an accessed card; true when waiting.
pub fn step_access_decision(g: &mut Game, card: u32, ev: &mut Vec<Event>) -> bool {
    let zone = g.corp_zone(card);
    if matches!(zone, CorpZone::None | CorpZone::Score) {
        g.tasks.pop();
        return false;
    }
    if g.access.as_ref().is_some_and(|a| a.costs_paid == Some(card)) {
        // Its additional costs are paid: the steal or trash chosen goes on.
        g.tasks.pop();
        if let Some(a) = g.access.as_mut() {
            a.costs_paid = None;
        }
        if g.def(card).ctype == CardType::Agenda {
            steal(g, card, ev);
        } else {
            g.trash(card, "the Runner paid to trash it", ev);
            crate::netrunner::effects::runner_trashed_accessed(g, card, ev);
        }
        finish_access_decision(g, card);
        return false;
    }
    if g.def(card).ctype == CardType::Agenda {
        let blocked = g.run.as_ref().is_some_and(|r| r.no_steal_trash);
        let (costs, payable) = steal_costs(g);
        if !blocked && !costs.is_empty() {
            // An additional cost to steal: the Runner may pay it, or not steal.
            let mut o = Vec::new();
            if payable {
                o.push(opt("steal", "Pay the additional cost and steal it"));
            }
            if zone != CorpZone::Archives {
                o.extend(agenda_access_options(g).into_iter().map(|(_, a)| opt(a.id, a.agenda_label)));
            }
            if o.is_empty() {
                g.tasks.pop();
                finish_access_decision(g, card);
                return false;
            }
            o.push(opt("leave", "Do not steal it"));
            ask_access(g, card, o);
            return true;
        }
        let options: Vec<(u32, AccessOption)> = if blocked || zone == CorpZone::Archives { vec![] } else { agenda_access_options(g) };
        if !options.is_empty() {
            let mut o = vec![opt("steal", "Steal it")];
            o.extend(options.into_iter().map(|(_, a)| opt(a.id, a.agenda_label)));
            ask_access(g, card, o);
            return true;
        }
        // An accessed agenda must be stolen (unless the run forbids it).
        g.tasks.pop();
        if !blocked {
            steal(g, card, ev);
        }
        finish_access_decision(g, card);
        return false;
    }
    let o = access_options(g, card);
    if o.is_empty() {
        g.tasks.pop();
        finish_access_decision(g, card);
        return false;
    }
    ask_access(g, card, o);
    true
}

pub fn access_decision_input(g: &mut Game, card: u32, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    g.tasks.pop();
    match id.as_str() {
        "trash" => {
            let cost = g.trash_cost(card).unwrap_or(0);
            let extra = trash_cost_extra(g, card);
            if extra.is_some_and(|(_, payable)| !payable(g)) {
                return Err(RulesError::Illegal("the additional cost to trash it cannot be paid".into()));
            }
            if !crate::netrunner::effects::runner_pay_for(g, cost, cards::Spend::TrashCost(card), ev) {
                return Err(RulesError::Illegal(format!("trashing costs {cost}")));
            }
            if let Some((step, _)) = extra {
                pay_costs_then(g, card, &[(card, step)]);
                return Ok(());
            }
            g.trash(card, &format!("the Runner paid {cost} to trash it"), ev);
            crate::netrunner::effects::runner_trashed_accessed(g, card, ev);
        }
        "steal" => {
            let (costs, payable) = steal_costs(g);
            if !costs.is_empty() {
                if !payable {
                    return Err(RulesError::Illegal("the additional cost to steal it cannot be paid".into()));
                }
                pay_costs_then(g, card, &costs);
                return Ok(());
            }
            steal(g, card, ev)
        }
        "leave" => {}
        other => {
            let Some((by, a)) = access_option_list(g).into_iter().find(|(_, a)| a.id == other) else {
                return Err(RulesError::Illegal(format!("\"{other}\" cannot be used now")));
            };
            let code = g.code(by).to_string();
            g.use_once_per_turn(&code);
            let c = cards::ctx(g, by, card);
            cards::ask_later(g, c, a.step);
            return Ok(());
        }
    }
    finish_access_decision(g, card);
    Ok(())
}

/// The accessing stage: the order of access, then one slot at a time.
pub fn step_accessing(g: &mut Game, ev: &mut Vec<Event>) -> bool {
    let Some(acc) = g.access.clone() else {
        g.stage = Stage::RunEnd;
        return false;
    };
    if !acc.ordered {
        let items = shown(slot_table(g, &acc.slots));
        ask(
            g,
            RUNNER,
            "access_order",
            "chooses the order of access".into(),
            "Choose the order in which you access these".into(),
            DecisionSpec::Order { items },
        );
        return true;
    }
    let Some(slot) = acc.slots.first().cloned() else {
        g.stage = Stage::RunEnd;
        return false;
    };
    if let Slot::HqRandom = slot {
        let unseen = g.corp.hq.iter().filter(|c| !acc.hq_seen.contains(c)).count() as u32;
        if unseen > 0 {
            // NR-7.2: HQ at random, one draw per card.
            request_draw(g, "hq-access", DrawKind::Range(unseen));
            return true;
        }
    }
    // An interrupt of the access of an Archives card ("whenever you would access a card in
    // Archives, … instead"): asked before the access, once per card; the slot then resolves as
    // usual (a card hosted instead is no longer in Archives and is not accessed).
    if let Slot::Card(c) = &slot {
        let c = *c;
        if g.corp_zone(c) == CorpZone::Archives && !acc.interrupts_asked.contains(&c) {
            if let Some(a) = g.access.as_mut() {
                a.interrupts_asked.push(c);
            }
            if crate::netrunner::effects::archives_access_interrupts(g, c) {
                return false;
            }
        }
    }
    next_slot(g);
    match slot {
        Slot::HqRandom => {}
        Slot::RdTop => {
            if let Some(&c) = g.corp.rd.get(acc.rd_depth) {
                access_card(g, c, ev);
            }
        }
        Slot::Card(c) => {
            let here = match g.corp_zone(c) {
                CorpZone::Archives => acc.server == ARCHIVES,
                CorpZone::Root(s) => s == acc.server,
                _ => false,
            };
            if here {
                access_card(g, c, ev);
            }
        }
    }
    false
}

/// The places to access, to order.
fn slot_table(g: &Game, slots: &[Slot]) -> Table<Slot> {
    slots.iter().enumerate().map(|(i, s)| (opt(format!("slot:{i}"), slot_label(g, s)), s.clone())).collect()
}

fn next_slot(g: &mut Game) {
    if let Some(a) = g.access.as_mut() {
        if !a.slots.is_empty() {
            a.slots.remove(0);
        }
    }
}

pub fn accessing_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match input {
        Input::Decision { choice: Choice::Order(ids), .. } => {
            let table = match g.access.as_ref() {
                Some(acc) => slot_table(g, &acc.slots),
                None => return Err(corrupt("no access")),
            };
            let mut slots = Vec::new();
            for id in ids {
                slots.push(answer(&table, id).ok_or_else(|| RulesError::Malformed(format!("unknown item {id}")))?);
            }
            let Some(acc) = g.access.as_mut() else { return Err(corrupt("no access")) };
            acc.slots = slots;
            acc.ordered = true;
        }
        Input::Draw { .. } => {
            let v = draw_value(input)?;
            let seen = g.access.as_ref().map(|a| a.hq_seen.clone()).unwrap_or_default();
            let unseen: Vec<u32> = g.corp.hq.iter().copied().filter(|c| !seen.contains(c)).collect();
            let c = *unseen.get(v as usize).ok_or_else(|| RulesError::Malformed("access draw out of range".into()))?;
            next_slot(g);
            if let Some(a) = g.access.as_mut() {
                a.hq_seen.push(c);
            }
            access_card(g, c, ev);
        }
        _ => return Err(corrupt("the state does not wait for this input")),
    }
    Ok(())
}
