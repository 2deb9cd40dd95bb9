//! Priority windows (MF-4, MF-9): the Deploy phase and the Swift Checks, the legal actions of
//! the seat holding priority, playing a card or activating an ability onto the Cache, and
//! passing (which resolves the Cache, MF-9.5, or closes the window).

use crate::mainframe::kinds::{decisions, events};
use serde_json::json;

use super::ask::{answer, ask, corrupt, one_pick, pick_one, shown, Table};
use super::resolve::{resolve, state_check};
use super::windows::fresh_round;
use crate::core::stack::PriorityRound;
use crate::core::{DecisionOption, Event, Input, RulesError};
use crate::mainframe::cards::{self, AbilityCost, Kind, Target};
use crate::mainframe::options::CacheResolution;
use crate::mainframe::state::{After, CacheItem, Game, ItemKind, Perm, Stage, TargetRef, Window};

/// An action a seat may take when it holds priority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Pass,
    Play { inst: u32, target: Option<TargetRef> },
    Activate { perm: u32, target: Option<TargetRef> },
}

fn targets(g: &Game, seat: u32, spec: Target, exclude: Option<u32>) -> Vec<TargetRef> {
    let chars = |f: &dyn Fn(&Perm) -> bool| -> Vec<TargetRef> {
        g.perms.iter().filter(|p| Some(p.id) != exclude && g.kind_of(p.id) == Kind::Character && f(p)).map(|p| TargetRef::Perm(p.id)).collect()
    };
    match spec {
        Target::None => vec![],
        Target::Character => chars(&|_| true),
        Target::OwnCharacter => chars(&|p| p.controller == seat),
        Target::OpponentCharacter => chars(&|p| p.controller != seat),
        Target::CharacterWithRam => chars(&|p| g.allocated_to(p.id) > 0),
        Target::GearOrProgram => {
            g.perms.iter().filter(|p| Some(p.id) != exclude && matches!(g.kind_of(p.id), Kind::Gear | Kind::Program)).map(|p| TargetRef::Perm(p.id)).collect()
        }
        Target::Opponent => g.opponents(seat).into_iter().map(TargetRef::Seat).collect(),
    }
}

fn target_id(t: Option<TargetRef>) -> String {
    match t {
        None => String::new(),
        Some(TargetRef::Perm(p)) => format!(":perm:{p}"),
        Some(TargetRef::Seat(s)) => format!(":seat:{s}"),
    }
}

fn target_label(g: &Game, t: Option<TargetRef>) -> String {
    match t {
        None => String::new(),
        Some(TargetRef::Perm(p)) => format!(" targeting {}", g.label(p)),
        Some(TargetRef::Seat(s)) => format!(" targeting {}", g.seat_name(s)),
    }
}

/// Every target choice for `spec`: `[None]` when it needs none, empty when it has no legal target.
fn target_choices(g: &Game, seat: u32, spec: Target, exclude: Option<u32>) -> Vec<Option<TargetRef>> {
    if spec == Target::None {
        return vec![None];
    }
    targets(g, seat, spec, exclude).into_iter().map(Some).collect()
}

/// The legal actions of `seat` holding priority (MF-4.1, MF-9.1). `main`: the active player in
/// Deploy with the Cache empty, who may play any card; otherwise only Swift cards and
/// activated abilities.
pub fn legal_actions(g: &Game, seat: u32, main: bool) -> Table<Action> {
    let mut out = vec![(DecisionOption::new("pass", "Pass"), Action::Pass)];
    let Some(player) = g.player(seat) else { return out };
    let free = g.free_ram(seat);
    for &inst in &player.hand {
        let def = g.def(inst);
        if def.kind == Kind::Ram || !(main || def.swift) || free < def.cost + def.ram {
            continue;
        }
        let spec = if def.kind == Kind::Script { def.target } else { Target::None };
        for t in target_choices(g, seat, spec, None) {
            out.push((
                DecisionOption::new(
                    format!("play:{inst}{}", target_id(t)),
                    format!("Play {} (cost {}, RAM {}){}", g.label(inst), def.cost, def.ram, target_label(g, t)),
                ),
                Action::Play { inst, target: t },
            ));
        }
    }
    for p in g.perms.iter().filter(|p| p.controller == seat) {
        let Some(ab) = cards::of(g, p.id).ability else { continue };
        let ready = match ab.cost {
            AbilityCost::Run => !p.running,
            AbilityCost::OncePerTurn => !p.used,
            AbilityCost::Sacrifice => true,
        };
        if !ready || free < ab.ram {
            continue;
        }
        let exclude = (ab.cost == AbilityCost::Sacrifice).then_some(p.id);
        for t in target_choices(g, seat, ab.target, exclude) {
            out.push((
                DecisionOption::new(format!("activate:{}:0{}", p.id, target_id(t)), format!("Activate {}: {}{}", g.label(p.id), ab.text, target_label(g, t))),
                Action::Activate { perm: p.id, target: t },
            ));
        }
    }
    out
}

pub(super) fn window_holder(g: &Game) -> Option<(Window, PriorityRound, u32, bool)> {
    let Stage::Window { window, round } = &g.stage else { return None };
    let holder = round.holder()?;
    let main = *window == Window::Deploy && g.cache.is_empty() && holder == g.active;
    Some((*window, round.clone(), holder, main))
}

fn close_window(g: &mut Game, window: Window, ev: &mut Vec<Event>) {
    g.stage = match window {
        Window::Deploy => {
            ev.push(events::STEP.public("Netcheck phase", json!({"step": "Netcheck"})));
            Stage::Netcheck
        }
        Window::BeforeAttackers => Stage::DeclareAttackers,
        Window::BeforeBlockers => {
            let mut defenders: Vec<u32> = Vec::new();
            for s in g.opponents(g.active) {
                if g.combat.attackers.iter().any(|&(_, d)| d == s) {
                    defenders.push(s);
                }
            }
            Stage::DeclareBlockers { defenders }
        }
        Window::BeforeDamage => Stage::CombatDamage,
    };
}

pub(super) fn pass(g: &mut Game, ev: &mut Vec<Event>) {
    let Some((window, mut round, holder, main)) = window_holder(g) else { return };
    ev.push(events::PASSED.public(format!("{} passes", g.seat_name(holder)), json!({"seat": holder})));
    if main {
        // MF-4.4: the active player passes with the Cache empty: Deploy ends.
        close_window(g, window, ev);
        return;
    }
    if round.pass() {
        if g.cache.is_empty() {
            close_window(g, window, ev);
            return;
        }
        // MF-9.3: everyone passed in succession: the Cache resolves, most recent first.
        match g.options.cache_resolution {
            CacheResolution::Whole => {
                // MF-9.5 [seed]: item after item until it is empty, without priority between.
                let n = g.cache.len();
                ev.push(events::CACHE_RESOLVES.public(format!("Everyone passed: the Cache resolves, {n} item(s), most recent first"), json!({"items": n})));
                g.stage = Stage::Resolve { then: After::Priority(window) };
            }
            CacheResolution::OneItem => {
                if let Some(item) = g.cache.pop() {
                    resolve(g, item, ev);
                    if state_check(g, ev) {
                        return;
                    }
                }
                // Option 1: priority again before the next item.
                g.stage = Stage::Window { window, round: fresh_round(g, window) };
            }
        }
    } else {
        g.stage = Stage::Window { window, round };
    }
}

fn act(g: &mut Game, seat: u32, action: &Action, ev: &mut Vec<Event>) {
    let Some((window, _, _, _)) = window_holder(g) else { return };
    let name = g.seat_name(seat);
    match *action {
        Action::Pass => return,
        Action::Play { inst, target } => {
            let def = g.def(inst);
            if let Some(p) = g.player_mut(seat) {
                p.hand.retain(|&c| c != inst);
            }
            // MF-4.5: cost turns RAM Running; the RAM requirement is allocated.
            g.pay_ram(seat, def.cost, def.ram, inst);
            ev.push(events::CARD_PLAYED.public(
                format!("{name} plays {}{} onto the Cache", g.label(inst), target_label(g, target)),
                json!({"seat": seat, "card": inst, "key": def.key, "target": target_json(target)}),
            ));
            // MF-9.2: on top of the Cache.
            g.cache.push(CacheItem { kind: ItemKind::Card, source: inst, controller: seat, target });
        }
        Action::Activate { perm, target } => {
            let Some(ab) = cards::of(g, perm).ability else { return };
            let label = g.label(perm);
            match ab.cost {
                AbilityCost::Run => {
                    if let Some(p) = g.perm_mut(perm) {
                        p.running = true;
                    }
                }
                AbilityCost::OncePerTurn => {
                    if let Some(p) = g.perm_mut(perm) {
                        p.used = true;
                    }
                }
                AbilityCost::Sacrifice => g.destroy(perm, "sacrificed to activate its ability", ev),
            }
            g.pay_ram(seat, ab.ram, 0, perm);
            ev.push(events::ABILITY_ACTIVATED.public(
                format!("{name} activates {label}: {}{}", ab.text, target_label(g, target)),
                json!({"seat": seat, "card": perm, "ability": 0, "target": target_json(target)}),
            ));
            g.cache.push(CacheItem { kind: ItemKind::Ability, source: perm, controller: seat, target });
        }
    }
    // MF-4.2 / MF-9.1: every action opens a Swift Check; priority moves on in turn order and
    // everyone must pass in succession again.
    let mut round = PriorityRound::new(g.turn_order_from(g.active));
    round.holder = round.order.iter().position(|&s| s == seat).unwrap_or(0);
    round.acted();
    g.stage = Stage::Window { window, round };
}

fn target_json(t: Option<TargetRef>) -> serde_json::Value {
    match t {
        None => serde_json::Value::Null,
        Some(TargetRef::Perm(p)) => json!({"card": p}),
        Some(TargetRef::Seat(s)) => json!({"seat": s}),
    }
}

/// The seat holding priority decides (or passes on its own when it has nothing to do and the
/// match plays with `auto_pass`).
pub(super) fn step(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let Some((_, _, holder, main)) = window_holder(g) else {
        return Err(corrupt("empty priority round"));
    };
    if !g.alive(holder) {
        if let Stage::Window { window, .. } = g.stage.clone() {
            g.stage = Stage::Window { window, round: fresh_round(g, window) };
        }
        return Ok(false);
    }
    let acts = legal_actions(g, holder, main);
    if acts.len() <= 1 && g.options.auto_pass {
        pass(g, ev);
        return Ok(false);
    }
    let options = shown(acts);
    let prompt = if main {
        "Deploy: play a card, activate an ability, or pass to end the phase".to_string()
    } else {
        format!("Swift Check ({} on the Cache): respond or pass", g.cache.len())
    };
    let summary = if main { "holds priority in Deploy".to_string() } else { format!("holds priority in a Swift Check ({} on the Cache)", g.cache.len()) };
    ask(g, holder, decisions::PRIORITY, summary, prompt, pick_one(options));
    Ok(true)
}

/// The holder's action, looked up among its legal actions.
pub(super) fn on_input(g: &mut Game, seat: u32, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let (_, _, holder, main) = window_holder(g).ok_or_else(|| corrupt("no priority round"))?;
    let Some(action) = answer(&legal_actions(g, holder, main), &id) else {
        return Err(RulesError::Illegal(format!("\"{id}\" is not a legal action now")));
    };
    if action == Action::Pass {
        pass(g, ev);
    } else {
        act(g, seat, &action, ev);
    }
    Ok(())
}
