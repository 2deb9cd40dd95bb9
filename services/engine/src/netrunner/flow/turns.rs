//! NR-1 setup and NR-2 turns: card numbers, shuffles and mulligans, then each turn's clicks,
//! "when your turn begins" triggers, the Corp's mandatory draw, discarding and the turn's end.

use serde_json::json;

use super::ask::{ask, one_pick, opt, other, pick_one, picks, public, request_draw, shuffle};
use super::windows::open;
use crate::core::numbering;
use crate::core::{DecisionSpec, DrawKind, Event, Input, RulesError};
use crate::netrunner::cards::{self, Source, When};
use crate::netrunner::effects::triggers;
use crate::netrunner::state::{At, Game, Stage, TurnFlags, CORP, RUNNER};

/// One step of a setup or turn stage; true when waiting for an input.
pub fn step(g: &mut Game, stage: Stage, ev: &mut Vec<Event>) -> bool {
    let active = g.active;
    match stage {
        Stage::CardNumbers => {
            request_draw(g, numbering::PURPOSE, DrawKind::Shuffle(g.cards.len() as u32));
            return true;
        }
        Stage::Setup { step } => {
            let (purpose, n) = if step == 0 { ("shuffle-rd", g.corp.rd.len()) } else { ("shuffle-stack", g.runner.stack.len()) };
            request_draw(g, purpose, DrawKind::Shuffle(n as u32));
            return true;
        }
        Stage::Mulligan { seat } => {
            let name = g.seat_name(seat);
            ask(
                g,
                seat,
                "mulligan",
                "keeps their opening hand or takes a mulligan".into(),
                format!("{name}: keep your opening hand, or shuffle it back and draw a new one (once)?"),
                pick_one(vec![opt("keep", "Keep"), opt("mulligan", "Mulligan")]),
            );
            return true;
        }
        Stage::MulliganShuffle { seat } => {
            let n = if seat == CORP { g.corp.rd.len() } else { g.runner.stack.len() } as u32;
            request_draw(g, if seat == CORP { "mulligan-shuffle-rd" } else { "mulligan-shuffle-stack" }, DrawKind::Shuffle(n));
            return true;
        }
        Stage::TurnBegin => turn_begin(g, ev),
        Stage::TurnBeginTriggers => {
            turn_begin_triggers(g, ev);
            if active == CORP {
                g.stage = Stage::MandatoryDraw;
            } else {
                open(g, At::Action);
            }
        }
        Stage::MandatoryDraw => {
            // NR-2.2: the Corp's mandatory draw.
            g.draw(CORP, 1, ev);
            open(g, At::Action);
        }
        Stage::Discard => return discard(g, ev),
        Stage::EndTurn => end_turn(g, ev),
        _ => {}
    }
    false
}

/// NR-2.1: a new turn, its clicks, then the turn-begin window.
fn turn_begin(g: &mut Game, ev: &mut Vec<Event>) {
    let active = g.active;
    g.turn = g.turn.saturating_add(1);
    g.flags = TurnFlags::default();
    let base = if active == CORP { g.options.corp_clicks } else { g.options.runner_clicks };
    // Allotted clicks changed for this turn by a card in an earlier turn (Active Policing).
    let change = std::mem::take(&mut g.next_turn_clicks[if active == CORP { 0 } else { 1 }]);
    let clicks = (base + change).max(0);
    if active == CORP {
        g.corp.clicks = clicks;
    } else {
        g.runner.clicks = clicks;
    }
    ev.push(public(
        "turn_started",
        format!("Turn {}: {} gains {clicks} clicks", g.turn, g.seat_name(active)),
        json!({"seat": active, "turn": g.turn, "clicks": clicks}),
    ));
    crate::netrunner::effects::refill_recurring(g, active, ev);
    open(g, At::TurnBegin);
}

/// "When your turn begins": the active side's rezzed Corp cards or installed Runner cards.
fn turn_begin_triggers(g: &mut Game, ev: &mut Vec<Event>) {
    let active: Vec<Source> = if g.active == CORP { cards::rezzed_corp_sources(g) } else { cards::runner_sources(g) };
    let identity = Source::Identity(g.active);
    triggers::fire(g, When::TurnBegin, active.into_iter().chain([identity]), 0, ev);
}

/// NR-2.5: discard down to the maximum hand size; true when waiting for the choice.
fn discard(g: &mut Game, ev: &mut Vec<Event>) -> bool {
    let active = g.active;
    // The action phase is over: "when your action phase ends" (once; the questions it asks are
    // answered before the discard).
    if active == CORP && !g.flags.corp_action_phase_ended {
        g.flags.corp_action_phase_ended = true;
        let sources = [Source::Identity(CORP)].into_iter().chain(cards::rezzed_corp_sources(g));
        triggers::fire(g, When::CorpActionPhaseEnds, sources, 0, ev);
        if !g.tasks.is_empty() {
            return false;
        }
    }
    if active == RUNNER && !g.flags.runner_action_phase_ended {
        g.flags.runner_action_phase_ended = true;
        let installed = cards::runner_trigger_order(g);
        cards::fire_all(g, When::RunnerActionPhaseEnds, &installed, 0, ev);
        if !g.tasks.is_empty() {
            return false;
        }
    }
    if active == RUNNER && g.max_hand(RUNNER) < 0 {
        g.runner.flatlined = true;
        ev.push(public("flatlined", "The Runner's maximum hand size is below 0: flatlined", json!({})));
        return false;
    }
    let hand = if active == CORP { g.corp.hq.len() } else { g.runner.grip.len() } as i64;
    let excess = hand - g.max_hand(active);
    if excess <= 0 {
        if active == CORP {
            discard_phase_ends(g, ev);
        } else {
            runner_discard_phase_ends(g, ev);
        }
        open(g, At::TurnEnd);
        return false;
    }
    let hand = if active == CORP { &g.corp.hq } else { &g.runner.grip };
    let options = hand.iter().map(|&c| opt(format!("discard:{c}"), format!("Discard {}", g.label(c)))).collect();
    ask(
        g,
        active,
        "discard",
        format!("discards {excess} card(s) to their maximum hand size"),
        format!("Maximum hand size {}: discard {excess} card(s)", g.max_hand(active)),
        DecisionSpec::Pick { options, min: excess as u32, max: excess as u32 },
    );
    true
}

fn end_turn(g: &mut Game, ev: &mut Vec<Event>) {
    let active = g.active;
    if active == CORP {
        g.corp.clicks = 0;
    } else {
        g.runner.clicks = 0;
        g.runner_success_last_turn = g.flags.successful_run;
        g.runner_took_corp_card_last_turn = g.flags.runner_took_corp_card;
        let installed = cards::runner_trigger_order(g);
        cards::fire_all(g, When::TurnEnds, &installed, 0, ev);
    }
    // "When a turn ends" of rezzed Corp cards, whichever side's turn it was.
    triggers::fire(g, When::AnyTurnEnds, cards::rezzed_corp_sources(g), active, ev);
    // Delayed "when this turn ends" effects, the first set up resolved first.
    let later = std::mem::take(&mut g.flags.at_turn_end);
    g.tasks.extend(later.into_iter().rev());
    ev.push(public("turn_ended", format!("{}'s turn ends", g.seat_name(active)), json!({"seat": active})));
    if super::time::end_if_last_turn(g, ev) {
        return;
    }
    g.active = other(active);
    g.stage = Stage::TurnBegin;
}

/// The card numbers, then the two shuffles and the opening hands.
pub fn setup_draw_input(g: &mut Game, stage: Stage, values: &[u32], ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match stage {
        Stage::CardNumbers => {
            g.cards = numbering::renumber(std::mem::take(&mut g.cards), values)?;
            // Only R&D and the stack hold cards before the first draw from them.
            for id in g.corp.rd.iter_mut().chain(g.runner.stack.iter_mut()) {
                *id = numbering::number_of(values, *id)?;
            }
            ev.push(public("card_numbers", "Card numbers are drawn for this match", json!({})));
            g.stage = Stage::Setup { step: 0 };
        }
        Stage::Setup { step: 0 } => {
            shuffle(&mut g.corp.rd, values)?;
            ev.push(public("shuffled", "R&D is shuffled", json!({"seat": CORP})));
            g.stage = Stage::Setup { step: 1 };
        }
        Stage::Setup { .. } => {
            shuffle(&mut g.runner.stack, values)?;
            ev.push(public("shuffled", "The stack is shuffled", json!({"seat": RUNNER})));
            let n = g.options.opening_hand.max(0) as u32;
            g.draw(CORP, n, ev);
            g.draw(RUNNER, n, ev);
            g.stage = Stage::Mulligan { seat: CORP };
        }
        Stage::MulliganShuffle { seat } => {
            let n = g.options.opening_hand.max(0) as u32;
            if seat == CORP {
                shuffle(&mut g.corp.rd, values)?;
            } else {
                shuffle(&mut g.runner.stack, values)?;
            }
            g.draw(seat, n, ev);
            g.stage = if seat == CORP { Stage::Mulligan { seat: RUNNER } } else { Stage::TurnBegin };
        }
        _ => return Err(super::ask::corrupt("the state does not wait for this input")),
    }
    Ok(())
}

pub fn mulligan_input(g: &mut Game, seat: u32, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let name = g.seat_name(seat);
    if id == "mulligan" {
        if seat == CORP {
            let mut hand = std::mem::take(&mut g.corp.hq);
            hand.append(&mut g.corp.rd);
            g.corp.rd = hand;
        } else {
            let mut hand = std::mem::take(&mut g.runner.grip);
            hand.append(&mut g.runner.stack);
            g.runner.stack = hand;
        }
        ev.push(public("mulligan", format!("{name} takes a mulligan"), json!({"seat": seat})));
        g.stage = Stage::MulliganShuffle { seat };
    } else {
        ev.push(public("kept", format!("{name} keeps the opening hand"), json!({"seat": seat})));
        g.stage = if seat == CORP { Stage::Mulligan { seat: RUNNER } } else { Stage::TurnBegin };
    }
    Ok(())
}

pub fn discard_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let active = g.active;
    let ids = picks(input)?;
    let hand = if active == CORP { g.corp.hq.clone() } else { g.runner.grip.clone() };
    let mut discarded = 0;
    for c in hand {
        if !ids.contains(&format!("discard:{c}")) {
            continue;
        }
        discarded += 1;
        if active == CORP {
            g.to_archives(c, false);
            ev.push(Event::with_private(
                "netrunner.discarded",
                "The Corp discards a card to Archives, face down",
                json!({"seat": CORP}),
                vec![CORP],
                format!("The Corp discards {}", g.label(c)),
                json!({"seat": CORP, "card": c, "code": g.code(c)}),
            ));
        } else {
            g.to_heap(c);
            ev.push(public("discarded", format!("The Runner discards {}", g.label(c)), json!({"seat": RUNNER, "card": c, "code": g.code(c)})));
        }
    }
    if active == CORP {
        discard_phase_ends(g, ev);
    } else {
        // The discarded cards are the last `discarded` of the heap.
        cards::fire_identity(g, RUNNER, When::RunnerDiscarded, discarded, ev);
        runner_discard_phase_ends(g, ev);
    }
    open(g, At::TurnEnd);
    Ok(())
}

/// "When your discard phase ends" for the Runner (NR-2.3, CR 5.6.3): installed Runner cards.
fn runner_discard_phase_ends(g: &mut Game, ev: &mut Vec<Event>) {
    let installed = cards::runner_trigger_order(g);
    cards::fire_all(g, When::RunnerDiscardPhaseEnds, &installed, 0, ev);
}

/// "When your discard phase ends" (NR-2.2): the Corp's identity, then its scored agendas, then
/// its rezzed installed cards.
fn discard_phase_ends(g: &mut Game, ev: &mut Vec<Event>) {
    triggers::fire(g, When::CorpDiscarded, cards::corp_sources(g), 0, ev);
}
