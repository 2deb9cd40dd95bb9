//! Pending tasks (last pushed first): the rule steps (damage, trace, access decisions, installing,
//! shuffling) and the cards' questions (`Task::Card`, asked and answered through the card's
//! `cards::Prompt`).

use serde_json::json;

use super::access::{access_decision_input, finish_access_decision, step_access_decision};
use super::ask::{ask, corrupt, one_pick, picks, public, request_draw, shuffle};
use super::damage::{damage_input, step_damage};
use super::install::{answer_make_room, answer_trash_before_install, ask_trash_before_install, install_corp, install_runner, step_make_room};
use super::psi::{begin_psi, psi_input, step_psi};
use super::random::{begin_random_pick, random_pick_input, step_random_pick};
use super::trace::{step_trace, trace_input};
use crate::core::{DecisionSpec, DrawKind, Event, Input, RulesError};
use crate::netrunner::cards::{self, Answer, Ctx, Question, Then};
use crate::netrunner::effects::triggers;
use crate::netrunner::state::{Game, Task, CORP, RUNNER};

/// Process the top task; true when it waits for an input.
pub fn step_task(g: &mut Game, task: Task, ev: &mut Vec<Event>) -> bool {
    match task {
        Task::Damage { kind, left, source, begun, .. } => {
            if !begun {
                super::damage::damage_begins(g, &source, ev);
                // Interrupts that prevent damage (CR 9.8) are asked before it resolves.
                if left > 0 && crate::netrunner::effects::damage_interrupts(g, kind, left) {
                    return false;
                }
            }
            step_damage(g, kind, left, &source, ev)
        }
        Task::Trace { base, corp_bid, source, .. } => {
            step_trace(g, base, corp_bid, &source);
            true
        }
        Task::AccessDecision { card } => step_access_decision(g, card, ev),
        Task::TrashBeforeInstall { card, server } => {
            ask_trash_before_install(g, card, server);
            true
        }
        Task::MakeRoom { program, host } => step_make_room(g, program, host, ev),
        Task::Shuffle { corp } => {
            let n = if corp { g.corp.rd.len() } else { g.runner.stack.len() } as u32;
            if n <= 1 {
                g.tasks.pop();
                return false;
            }
            request_draw(g, if corp { "shuffle-rd" } else { "shuffle-stack" }, DrawKind::Shuffle(n));
            true
        }
        Task::Card { code, card, step, arg } => step_card(g, &code, card, step, arg, ev),
        Task::RandomPick { from, left, picked } => step_random_pick(g, from, left, picked),
        Task::Psi { code, corp_bid, .. } => {
            step_psi(g, &code, corp_bid);
            true
        }
        Task::Triggers { seat, pending } => {
            if !triggers::step(g, &pending, ev) {
                return false;
            }
            let options = triggers::order_question(g, &pending).unwrap_or_default();
            let names: Vec<String> = pending.iter().map(|p| triggers::source_label(g, p.source)).collect();
            ask(
                g,
                seat,
                triggers::ORDER_KIND,
                format!("chooses which of their abilities that trigger together resolves next ({})", names.join(", ")),
                format!("These abilities trigger together: choose the one that resolves next ({})", names.join(", ")),
                DecisionSpec::Pick { options, min: 1, max: 1 },
            );
            true
        }
    }
}

/// Apply an input to the top task.
pub fn task_input(g: &mut Game, task: Task, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match task {
        Task::Damage { kind, left, source, odd_cost_ends_run, .. } => damage_input(g, kind, left, source, odd_cost_ends_run, input, ev),
        Task::Trace { base, corp_bid, effect, source } => trace_input(g, base, corp_bid, effect, source, input, ev),
        Task::AccessDecision { card } => access_decision_input(g, card, input, ev),
        Task::TrashBeforeInstall { card, server } => answer_trash_before_install(g, card, server, input, ev),
        Task::MakeRoom { .. } => answer_make_room(g, input, ev),
        Task::Shuffle { corp } => {
            let Input::Draw { values, .. } = input else { return Err(RulesError::Malformed("this step expects a draw".into())) };
            if corp {
                shuffle(&mut g.corp.rd, values)?;
            } else {
                shuffle(&mut g.runner.stack, values)?;
            }
            g.tasks.pop();
            ev.push(public("shuffled", if corp { "R&D is shuffled" } else { "The stack is shuffled" }, json!({"seat": if corp { CORP } else { RUNNER }})));
            Ok(())
        }
        Task::Card { code, card, step, arg } => answer_card(g, &code, card, step, arg, input, ev),
        Task::RandomPick { from, left, picked } => random_pick_input(g, from, left, picked, input),
        Task::Psi { code, card, step, arg, corp_bid } => psi_input(g, (code, card, step, arg), corp_bid, input, ev),
        Task::Triggers { seat, pending } => {
            let id = one_pick(input)?;
            let index = id.strip_prefix("trigger:").and_then(|i| i.parse::<usize>().ok()).filter(|&i| i < pending.len());
            let index = index.ok_or_else(|| RulesError::Illegal(format!("\"{id}\" is not offered")))?;
            triggers::answer(g, seat, &pending, index, ev)
        }
    }
}

/// The card's question now (`None`: nothing to ask).
fn question(g: &Game, code: &str, card: u32, step: u8, arg: u32) -> Option<(Ctx, Question)> {
    let c = Ctx { def: cards::def(code), card, arg };
    cards::question(g, c, step).map(|q| (c, q))
}

fn step_card(g: &mut Game, code: &str, card: u32, step: u8, arg: u32, ev: &mut Vec<Event>) -> bool {
    let c = Ctx { def: cards::def(code), card, arg };
    if let Some(f) = cards::step_effect(c, step) {
        g.tasks.pop();
        f(g, c, ev);
        return false;
    }
    if let Some((from, count)) = cards::random_pick(c, step) {
        let n = count(g, c);
        begin_random_pick(g, c, step, from, n);
        return false;
    }
    if cards::psi_result(c, step).is_some() {
        begin_psi(g, c, step);
        return false;
    }
    let Some((c, q)) = question(g, code, card, step, arg) else {
        g.tasks.pop();
        return false;
    };
    crate::netrunner::effects::look_at(g, q.seat, &q.looks, c.name(), ev);
    let options = q.options.into_iter().map(|(o, _)| o).collect();
    ask(g, q.seat, q.kind, q.summary, q.prompt, DecisionSpec::Pick { options, min: q.min, max: q.max });
    true
}

/// Look the picked options up in the card's question (asked again: the state has not changed
/// since), answer with the typed values, then do what the answer leaves to the flow.
fn answer_card(g: &mut Game, code: &str, card: u32, step: u8, arg: u32, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let (c, q) = question(g, code, card, step, arg).ok_or_else(|| corrupt("a card question with nothing to ask"))?;
    let mut answers: Vec<Answer> = Vec::new();
    for id in picks(input)? {
        let a = q.options.iter().find(|(o, _)| o.id == id).map(|(_, a)| a.clone());
        answers.push(a.ok_or_else(|| RulesError::Illegal(format!("\"{id}\" is not offered")))?);
    }
    g.tasks.pop();
    match cards::answer(g, c, step, &answers, ev)? {
        Then::Done => {}
        Then::InstallCorp { card, server } => install_corp(g, card, server, ev)?,
        Then::InstallCorpFree { card, server } => {
            g.flags.free_install = Some(card);
            install_corp(g, card, server, ev)?
        }
        Then::InstallRunner { card } => install_runner(g, card, None, ev),
        Then::InstallRunnerOn { card, host } => install_runner(g, card, Some(host), ev),
        Then::FinishAccess(card) => finish_access_decision(g, card),
        Then::PlayCorp { card, target } => super::actions::play_corp_by_effect(g, card, target, ev)?,
    }
    Ok(())
}
