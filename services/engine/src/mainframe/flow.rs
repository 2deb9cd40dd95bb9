//! The turn structure (MF-2 … MF-9): a continuation (`Stage`) that the engine advances on its
//! own until it needs a decision or a random draw, and the handling of each input.

use serde_json::json;

use super::cards::{AbilityCost, Kind, Target, When};
use super::combat;
use super::options::DRAW_INSTALL_CHOICES;
use super::state::{After, CacheItem, Game, ItemKind, Perm, Resolving, Stage, TargetRef, Window};
use crate::core::effects::Expiry;
use crate::core::numbering;
use crate::core::stack::PriorityRound;
use crate::core::{
    Awaiting, Choice, Decision, DecisionOption, DecisionSpec, DrawKind, DrawRequest, Event, Input,
    Outcome, RulesError,
};

/// A guard against a corrupted state that would make the engine loop forever.
const MAX_STEPS_PER_INPUT: u32 = 100_000;

fn public(kind: &str, text: impl Into<String>, detail: serde_json::Value) -> Event {
    Event::public(format!("mainframe.{kind}"), text, detail)
}

fn corrupt(m: &str) -> RulesError {
    RulesError::CorruptState(m.to_string())
}

// --- asking ------------------------------------------------------------------------------------

/// Wait for `seat` to decide. `summary` is what everyone else is told, so it names only public
/// facts (a decision cannot be asked without one); `prompt` and the options go to `seat` only.
fn ask(g: &mut Game, seat: u32, kind: &str, summary: String, prompt: String, spec: DecisionSpec) {
    let id = g.next_decision;
    g.next_decision += 1;
    let summary = format!("{} {summary}", g.seat_name(seat));
    g.awaiting = Awaiting::Decision(Decision { id, seat, kind: format!("mainframe.{kind}"), summary, prompt, spec });
}

fn request_draw(g: &mut Game, purpose: String, kind: DrawKind) {
    let index = g.next_draw;
    g.next_draw += 1;
    g.awaiting = Awaiting::Draw(DrawRequest { index, purpose, kind });
}

fn pick_one(options: Vec<DecisionOption>) -> DecisionSpec {
    DecisionSpec::Pick { options, min: 1, max: 1 }
}

// --- legal actions in a priority window ---------------------------------------------------------

/// An action a seat may take when it holds priority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Pass,
    Play { inst: u32, target: Option<TargetRef> },
    Activate { perm: u32, target: Option<TargetRef> },
}

fn targets(g: &Game, seat: u32, spec: Target, exclude: Option<u32>) -> Vec<TargetRef> {
    let chars = |f: &dyn Fn(&Perm) -> bool| -> Vec<TargetRef> {
        g.perms
            .iter()
            .filter(|p| Some(p.id) != exclude && g.kind_of(p.id) == Kind::Character && f(p))
            .map(|p| TargetRef::Perm(p.id))
            .collect()
    };
    match spec {
        Target::None => vec![],
        Target::Character => chars(&|_| true),
        Target::OwnCharacter => chars(&|p| p.controller == seat),
        Target::OpponentCharacter => chars(&|p| p.controller != seat),
        Target::CharacterWithRam => chars(&|p| g.allocated_to(p.id) > 0),
        Target::GearOrProgram => g
            .perms
            .iter()
            .filter(|p| Some(p.id) != exclude && matches!(g.kind_of(p.id), Kind::Gear | Kind::Program))
            .map(|p| TargetRef::Perm(p.id))
            .collect(),
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
pub fn legal_actions(g: &Game, seat: u32, main: bool) -> Vec<(String, String, Action)> {
    let mut out = vec![("pass".to_string(), "Pass".to_string(), Action::Pass)];
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
                format!("play:{inst}{}", target_id(t)),
                format!("Play {} (cost {}, RAM {}){}", g.label(inst), def.cost, def.ram, target_label(g, t)),
                Action::Play { inst, target: t },
            ));
        }
    }
    for p in g.perms.iter().filter(|p| p.controller == seat) {
        let Some(ab) = g.def(p.id).ability else { continue };
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
                format!("activate:{}:0{}", p.id, target_id(t)),
                format!("Activate {}: {}{}", g.label(p.id), ab.text, target_label(g, t)),
                Action::Activate { perm: p.id, target: t },
            ));
        }
    }
    out
}

fn window_holder(g: &Game) -> Option<(Window, PriorityRound, u32, bool)> {
    let Stage::Window { window, round } = &g.stage else { return None };
    let holder = round.holder()?;
    let main = *window == Window::Deploy && g.cache.is_empty() && holder == g.active;
    Some((*window, round.clone(), holder, main))
}

/// A new round after an item resolved or a window opened: in Deploy with the Cache empty only
/// the active player has priority (MF-4.1, MF-4.3); otherwise everyone in turn order from the
/// active player (MF-9.1, MF-9.5).
fn fresh_round(g: &Game, window: Window) -> PriorityRound {
    if window == Window::Deploy && g.cache.is_empty() {
        PriorityRound::new(vec![g.active])
    } else {
        PriorityRound::new(g.turn_order_from(g.active))
    }
}

fn open_window(g: &mut Game, window: Window, ev: &mut Vec<Event>) {
    let what = match window {
        Window::Deploy => "Deploy phase",
        Window::BeforeAttackers => "Swift Check before attackers are declared",
        Window::BeforeBlockers => "Swift Check before blockers are declared",
        Window::BeforeDamage => "Swift Check before combat damage",
    };
    ev.push(public("step", what, json!({"step": format!("{window:?}")})));
    g.stage = Stage::Window { window, round: fresh_round(g, window) };
}

fn close_window(g: &mut Game, window: Window, ev: &mut Vec<Event>) {
    g.stage = match window {
        Window::Deploy => {
            ev.push(public("step", "Netcheck phase", json!({"step": "Netcheck"})));
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

fn pass(g: &mut Game, ev: &mut Vec<Event>) {
    let Some((window, mut round, holder, main)) = window_holder(g) else { return };
    ev.push(public("passed", format!("{} passes", g.seat_name(holder)), json!({"seat": holder})));
    if main {
        // MF-4.4: the active player passes with the Cache empty: Deploy ends.
        close_window(g, window, ev);
        return;
    }
    if round.pass() {
        // MF-9.3: everyone passed in succession: the most recent item resolves.
        if let Some(item) = g.cache.pop() {
            resolve(g, item, ev);
            if state_check(g, ev) {
                return;
            }
            // MF-9.5: priority again before the next item.
            g.stage = Stage::Window { window, round: fresh_round(g, window) };
        } else {
            close_window(g, window, ev);
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
            ev.push(public(
                "card_played",
                format!("{name} plays {}{} onto the Cache", g.label(inst), target_label(g, target)),
                json!({"seat": seat, "card": inst, "key": def.key, "target": target_json(target)}),
            ));
            // MF-9.2: on top of the Cache.
            g.cache.push(CacheItem { kind: ItemKind::Card, source: inst, controller: seat, target });
        }
        Action::Activate { perm, target } => {
            let Some(ab) = g.def(perm).ability else { return };
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
            ev.push(public(
                "ability_activated",
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

// --- resolution ----------------------------------------------------------------------------------

/// Resolve one Cache item. It does not need its source in play (MF-9.4).
pub fn resolve(g: &mut Game, item: CacheItem, ev: &mut Vec<Event>) {
    let def = g.def(item.source);
    let r = Resolving { controller: item.controller, source: item.source, target: item.target };
    let label = g.label(item.source);
    let target_ok = match item.target {
        None => true,
        Some(TargetRef::Perm(p)) => g.in_play(p),
        Some(TargetRef::Seat(s)) => g.alive(s),
    };
    let what = match item.kind {
        ItemKind::Card => "",
        ItemKind::Ability => "ability of ",
        ItemKind::Trigger => "trigger of ",
    };
    if item.kind == ItemKind::Card && def.kind.is_permanent() {
        if g.alive(item.controller) {
            g.enter_play(item.source, item.controller, ev);
        } else {
            g.release_ram(item.source);
            g.to_bin(item.source);
        }
        return;
    }
    let source_gone = item.kind != ItemKind::Card && !g.in_play(item.source);
    if !target_ok {
        ev.push(public(
            "fizzled",
            format!("The {what}{label} does nothing: its target is gone"),
            json!({"card": item.source}),
        ));
    } else {
        ev.push(public(
            "resolving",
            format!(
                "The {what}{label} resolves{}",
                if source_gone { " (its source has left play)" } else { "" }
            ),
            json!({"card": item.source, "kind": format!("{:?}", item.kind), "source_in_play": !source_gone}),
        ));
        let effect = match item.kind {
            ItemKind::Card => def.on_resolve,
            ItemKind::Ability => def.ability.map(|a| a.effect),
            ItemKind::Trigger => def.trigger.map(|t| t.effect),
        };
        if let Some(f) = effect {
            f(g, &r, ev);
        }
    }
    if item.kind == ItemKind::Card {
        g.to_bin(item.source);
    }
}

/// Lethal damage, then player losses (MF-7.7, MF-10). True when the flow of the turn was cut
/// (the game ended, or the active player lost and the turn passed).
pub fn state_check(g: &mut Game, ev: &mut Vec<Event>) -> bool {
    let dead: Vec<u32> = g
        .perms
        .iter()
        .filter(|p| g.kind_of(p.id) == Kind::Character && p.damage >= g.defense(p.id))
        .map(|p| p.id)
        .collect();
    for id in dead {
        g.destroy(id, "lethal damage", ev);
    }
    let losers: Vec<u32> = (0..g.seats())
        .filter(|&s| g.player(s).is_some_and(|p| !p.lost && (p.mainframe <= 0 || p.bioframe <= 0 || p.decked)))
        .collect();
    if losers.is_empty() {
        return false;
    }
    for &s in &losers {
        let why = match g.player(s) {
            Some(p) if p.decked => "had to draw from an empty Cyberdeck",
            Some(p) if p.mainframe <= 0 => "Mainframe reached 0",
            _ => "Bioframe reached 0",
        };
        if let Some(p) = g.player_mut(s) {
            p.lost = true;
        }
        ev.push(public("player_lost", format!("{} loses: {why}", g.seat_name(s)), json!({"seat": s, "reason": why})));
        let theirs: Vec<u32> = g.perms.iter().filter(|p| p.controller == s).map(|p| p.id).collect();
        for id in theirs {
            g.destroy(id, "its controller left the game", ev);
        }
        // Their items leave the Cache.
        let mut kept = Vec::new();
        while let Some(item) = g.cache.pop() {
            kept.push(item);
        }
        for item in kept.into_iter().rev() {
            if item.controller == s {
                if item.kind == ItemKind::Card {
                    g.release_ram(item.source);
                    g.to_bin(item.source);
                }
            } else {
                g.cache.push(item);
            }
        }
        g.combat.attackers.retain(|&(_, d)| d != s);
    }
    let alive = g.turn_order_from(0);
    if alive.len() <= 1 {
        g.stage = Stage::Over;
        return true;
    }
    if !g.alive(g.active) {
        abort_turn(g, ev);
        return true;
    }
    if let Stage::DeclareBlockers { defenders } = &mut g.stage {
        defenders.retain(|&d| !losers.contains(&d));
    }
    false
}

/// The active player left the game: the rest of their turn is skipped.
fn abort_turn(g: &mut Game, ev: &mut Vec<Event>) {
    while let Some(item) = g.cache.pop() {
        if item.kind == ItemKind::Card {
            g.release_ram(item.source);
            g.to_bin(item.source);
        }
    }
    g.combat = Default::default();
    g.effects.expire(Expiry::EndOfCombat);
    g.effects.expire(Expiry::EndOfTurn);
    for p in &mut g.perms {
        p.damage = 0;
    }
    ev.push(public("turn_aborted", "The rest of the turn is skipped", json!({})));
    g.stage = Stage::NextTurn;
}

// --- triggers ------------------------------------------------------------------------------------

fn triggers(g: &Game, when: When) -> Vec<CacheItem> {
    let mut mine: Vec<&Perm> = g.perms.iter().filter(|p| p.controller == g.active).collect();
    mine.sort_by_key(|p| p.entered);
    mine.into_iter()
        .filter(|p| g.def(p.id).trigger.is_some_and(|t| t.when == when))
        .map(|p| CacheItem { kind: ItemKind::Trigger, source: p.id, controller: p.controller, target: None })
        .collect()
}

/// Put triggers on the Cache (in an order the active player picks when there are several) and
/// resolve them without priority (MF-5, MF-6.4, MF-8.1).
fn queue_triggers(g: &mut Game, items: Vec<CacheItem>, then: After, ev: &mut Vec<Event>) {
    for it in &items {
        let text = g.def(it.source).trigger.map_or("", |t| t.text);
        ev.push(public(
            "triggered",
            format!("{} triggers: {text}", g.label(it.source)),
            json!({"card": it.source}),
        ));
    }
    if items.len() >= 2 {
        g.stage = Stage::OrderTriggers { items, then };
    } else {
        for it in items {
            g.cache.push(it);
        }
        g.stage = Stage::Resolve { then };
    }
}

fn after(g: &mut Game, then: After, ev: &mut Vec<Event>) {
    match then {
        After::Combat => {
            ev.push(public("step", "Combat phase", json!({"step": "Combat"})));
            // MF-6.1: a Swift Check, then attackers.
            open_window(g, Window::BeforeAttackers, ev);
        }
        After::CombatCleanup => g.stage = Stage::CombatCleanup,
        After::ResetCleanup => g.stage = Stage::ResetCleanup,
    }
}

// --- options of the non-priority decisions -------------------------------------------------------

fn draw_install_options(g: &Game) -> Vec<DecisionOption> {
    let Some(p) = g.player(g.active) else { return vec![] };
    let mut o = Vec::new();
    if !p.cyberdeck.is_empty() || p.ram_deck.is_empty() {
        o.push(DecisionOption::new("draw", format!("Draw the top card of your Cyberdeck ({} left)", p.cyberdeck.len())));
    }
    if !p.ram_deck.is_empty() {
        o.push(DecisionOption::new("install", format!("Install the top RAM card ({} left)", p.ram_deck.len())));
    }
    o
}

fn attack_options(g: &Game) -> Vec<(DecisionOption, Option<(u32, u32)>)> {
    let mut o = Vec::new();
    let opps = g.opponents(g.active);
    for p in g.perms.iter().filter(|p| {
        p.controller == g.active && !p.running && g.kind_of(p.id) == Kind::Character && g.attack(p.id) >= 0
    }) {
        if g.combat.attackers.iter().any(|&(a, _)| a == p.id) {
            continue;
        }
        for &d in &opps {
            o.push((
                DecisionOption::new(
                    format!("attack:{}:{d}", p.id),
                    format!("{} ({}/{}) attacks {}", g.label(p.id), g.attack(p.id), g.defense(p.id), g.seat_name(d)),
                ),
                Some((p.id, d)),
            ));
        }
    }
    if !o.is_empty() {
        o.push((DecisionOption::new("done", "No more attackers"), None));
    }
    o
}

fn block_options(g: &Game, d: u32) -> Vec<(DecisionOption, Option<(u32, u32)>)> {
    let mut o = Vec::new();
    let attackers: Vec<u32> =
        g.combat.attackers.iter().filter(|&&(a, t)| t == d && g.in_play(a)).map(|&(a, _)| a).collect();
    for p in g.perms.iter().filter(|p| p.controller == d && !p.running && g.kind_of(p.id) == Kind::Character) {
        if g.combat.blockers.iter().any(|&(b, _)| b == p.id) {
            continue;
        }
        for &a in &attackers {
            o.push((
                DecisionOption::new(
                    format!("block:{}:{a}", p.id),
                    format!("{} ({}/{}) blocks {}", g.label(p.id), g.attack(p.id), g.defense(p.id), g.label(a)),
                ),
                Some((p.id, a)),
            ));
        }
    }
    if !o.is_empty() {
        o.push((DecisionOption::new("done", "No more blockers"), None));
    }
    o
}

fn force_quit_options(g: &Game) -> Vec<DecisionOption> {
    g.perms
        .iter()
        .filter(|p| p.controller == g.active)
        .map(|p| DecisionOption::new(format!("quit:{}", p.id), format!("Force quit {}", g.label(p.id))))
        .collect()
}

fn discard_options(g: &Game) -> Vec<DecisionOption> {
    g.player(g.active).map_or_else(Vec::new, |p| {
        p.hand.iter().map(|&c| DecisionOption::new(format!("discard:{c}"), format!("Discard {}", g.label(c)))).collect()
    })
}

fn trigger_option(g: &Game, it: &CacheItem) -> DecisionOption {
    DecisionOption::new(format!("trigger:{}", it.source), g.label(it.source))
}

// --- the engine loop -----------------------------------------------------------------------------

/// Advance until the match needs an input.
pub fn run(g: &mut Game, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    for _ in 0..MAX_STEPS_PER_INPUT {
        if step(g, ev)? {
            return Ok(());
        }
    }
    Err(corrupt("the rules engine did not settle"))
}

/// One step of the continuation; true when waiting for an input.
fn step(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let active = g.active;
    let name = g.seat_name(active);
    match g.stage.clone() {
        Stage::CardNumbers => {
            request_draw(g, numbering::PURPOSE.into(), DrawKind::Shuffle(g.instances.len() as u32));
            Ok(true)
        }
        Stage::Setup { step } => {
            let n = g.seats();
            if step < 2 * n {
                let seat = step / 2;
                let p = g.player(seat).ok_or_else(|| corrupt("setup seat"))?;
                let (len, which) =
                    if step % 2 == 0 { (p.cyberdeck.len(), "cyberdeck") } else { (p.ram_deck.len(), "ram-deck") };
                request_draw(g, format!("shuffle-{which}-seat-{seat}"), DrawKind::Shuffle(len as u32));
            } else {
                request_draw(g, "first-player".into(), DrawKind::Range(n));
            }
            Ok(true)
        }
        Stage::TurnStart => {
            ev.push(public(
                "turn_started",
                format!("Turn {}: {name}'s turn. Initialize phase", g.turn),
                json!({"turn": g.turn, "seat": active}),
            ));
            g.stage = Stage::SystemCheck;
            Ok(false)
        }
        Stage::SystemCheck => {
            // MF-3.1: every character needs its RAM requirement allocated.
            let short: Vec<u32> = g
                .perms
                .iter()
                .filter(|p| {
                    p.controller == active
                        && g.kind_of(p.id) == Kind::Character
                        && g.allocated_to(p.id) < g.def(p.id).ram
                })
                .map(|p| p.id)
                .collect();
            if short.is_empty() {
                if let Some(p) = g.player_mut(active) {
                    p.unstable = false;
                }
                ev.push(public("system_check", format!("System Check: {name}'s Mainframe is stable"), json!({"seat": active, "stable": true})));
                g.stage = Stage::Refresh;
            } else {
                if let Some(p) = g.player_mut(active) {
                    p.unstable = true;
                }
                let names: Vec<String> = short.iter().map(|&c| g.label(c)).collect();
                ev.push(public(
                    "unstable",
                    format!("System Check: {} lack RAM; {name}'s Mainframe is Unstable", names.join(", ")),
                    json!({"seat": active, "stable": false, "short": short}),
                ));
                // MF-3.2: every character and program, lowest cost first, then oldest first.
                let mut tested: Vec<&Perm> = g
                    .perms
                    .iter()
                    .filter(|p| p.controller == active && matches!(g.kind_of(p.id), Kind::Character | Kind::Program))
                    .collect();
                tested.sort_by_key(|p| (g.def(p.id).cost, p.entered));
                let queue = tested.into_iter().map(|p| p.id).collect();
                g.stage = Stage::Stability { queue };
            }
            Ok(false)
        }
        Stage::Stability { mut queue } => {
            let Some(&head) = queue.first() else {
                g.stage = Stage::Refresh;
                return Ok(false);
            };
            if !g.in_play(head) {
                queue.remove(0);
                g.stage = Stage::Stability { queue };
                return Ok(false);
            }
            // MF-3.2: the tested card is announced before its roll is drawn.
            ev.push(public(
                "stability_test",
                format!("Stability test of {} (cost {}): rolling a d20", g.label(head), g.def(head).cost),
                json!({"card": head, "cost": g.def(head).cost}),
            ));
            request_draw(g, format!("stability-test-{head}"), DrawKind::Range(20));
            Ok(true)
        }
        Stage::Refresh => {
            // MF-3.3: everything the active player controls is Refreshed and Rebooted.
            for p in g.perms.iter_mut().filter(|p| p.controller == active) {
                p.running = false;
                p.used = false;
            }
            if let Some(p) = g.player_mut(active) {
                for r in &mut p.ram_bank {
                    r.running = false;
                }
            }
            ev.push(public("refresh", format!("{name} refreshes and reboots everything"), json!({"seat": active})));
            // MF-3.4: two choices, one on the first player's first turn.
            let left = if g.turn == 1 { 1 } else { DRAW_INSTALL_CHOICES };
            g.stage = Stage::DrawInstall { left };
            Ok(false)
        }
        Stage::DrawInstall { left } => {
            if left == 0 {
                g.stage = Stage::ForceQuit;
                return Ok(false);
            }
            let options = draw_install_options(g);
            let prompt = format!("Draw/Install ({left} choice{} left): draw a card or install RAM", if left > 1 { "s" } else { "" });
            ask(g, active, "draw_or_install", format!("chooses to draw a card or install RAM ({left} left)"), prompt, pick_one(options));
            Ok(true)
        }
        Stage::ForceQuit => {
            let options = force_quit_options(g);
            if options.is_empty() {
                open_window(g, Window::Deploy, ev);
                return Ok(false);
            }
            let max = options.len() as u32;
            ask(
                g,
                active,
                "force_quit",
                "may Force Quit their permanents".into(),
                "Force Quit: choose any number of your permanents to destroy (or none)".into(),
                DecisionSpec::Pick { options, min: 0, max },
            );
            Ok(true)
        }
        Stage::Window { .. } => {
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
            let options = acts.into_iter().map(|(id, label, _)| DecisionOption::new(id, label)).collect();
            let prompt = if main {
                "Deploy: play a card, activate an ability, or pass to end the phase".to_string()
            } else {
                format!("Swift Check ({} on the Cache): respond or pass", g.cache.len())
            };
            let summary = if main { "holds priority in Deploy".to_string() } else { format!("holds priority in a Swift Check ({} on the Cache)", g.cache.len()) };
            ask(g, holder, "priority", summary, prompt, pick_one(options));
            Ok(true)
        }
        Stage::Netcheck => {
            // MF-5: On Netcheck triggers resolve; nobody gets priority.
            let items = triggers(g, When::Netcheck);
            queue_triggers(g, items, After::Combat, ev);
            Ok(false)
        }
        Stage::OrderTriggers { items, .. } => {
            let order = items.iter().map(|it| trigger_option(g, it)).collect();
            ask(
                g,
                active,
                "order_triggers",
                "orders their triggers".into(),
                "Order your triggers: the first listed resolves first".into(),
                DecisionSpec::Order { items: order },
            );
            Ok(true)
        }
        Stage::Resolve { then } => {
            if let Some(item) = g.cache.pop() {
                resolve(g, item, ev);
                state_check(g, ev);
            } else {
                after(g, then, ev);
            }
            Ok(false)
        }
        Stage::DeclareAttackers => {
            let options = attack_options(g);
            if options.is_empty() {
                finish_attackers(g, ev);
                return Ok(false);
            }
            let options = options.into_iter().map(|(o, _)| o).collect();
            ask(g, active, "declare_attackers", "declares attackers".into(), "Declare attackers: choose an attacker and the opponent it attacks, or done".into(), pick_one(options));
            Ok(true)
        }
        Stage::DeclareBlockers { mut defenders } => {
            let Some(&d) = defenders.first() else {
                open_window(g, Window::BeforeDamage, ev);
                return Ok(false);
            };
            let options = if g.alive(d) { block_options(g, d) } else { vec![] };
            if options.is_empty() {
                defenders.remove(0);
                g.stage = Stage::DeclareBlockers { defenders };
                return Ok(false);
            }
            let options = options.into_iter().map(|(o, _)| o).collect();
            ask(g, d, "declare_blockers", "declares blockers".into(), "Declare blockers: assign a Refreshed character to an attacker, or done".into(), pick_one(options));
            Ok(true)
        }
        Stage::CombatDamage => {
            combat::remove_from_combat(g, ev);
            g.stage = Stage::Splits { queue: combat::split_queue(g) };
            Ok(false)
        }
        Stage::Splits { queue } => {
            let Some(&a) = queue.first() else {
                g.stage = Stage::DealDamage;
                return Ok(false);
            };
            let blockers = combat::blockers_of(g, a);
            let (assign, _) = combat::assignable(g, a, &blockers);
            let targets = blockers
                .iter()
                .map(|&b| DecisionOption::new(format!("blocker:{b}"), format!("{} (defense {})", g.label(b), g.defense(b))))
                .collect();
            ask(
                g,
                active,
                "split_damage",
                format!("splits the {assign} damage of {} among its blockers", g.label(a)),
                format!("Split the {assign} damage of {} among its blockers", g.label(a)),
                DecisionSpec::Split { amount: assign.max(0) as u32, targets },
            );
            Ok(true)
        }
        Stage::DealDamage => {
            combat::deal_combat_damage(g, ev);
            if !state_check(g, ev) {
                g.stage = Stage::CombatEnd;
            }
            Ok(false)
        }
        Stage::CombatEnd => {
            // MF-6.4: end-of-combat triggers.
            let items = triggers(g, When::CombatEnd);
            queue_triggers(g, items, After::CombatCleanup, ev);
            Ok(false)
        }
        Stage::CombatCleanup => {
            // MF-6.4: nobody is an attacker or a blocker any more.
            g.combat = Default::default();
            g.effects.expire(Expiry::EndOfCombat);
            ev.push(public("step", "Combat ends. Reset phase", json!({"step": "Reset"})));
            g.stage = Stage::Reset;
            Ok(false)
        }
        Stage::Reset => {
            // MF-8.1: On Turn End triggers.
            let items = triggers(g, When::TurnEnd);
            queue_triggers(g, items, After::ResetCleanup, ev);
            Ok(false)
        }
        Stage::ResetCleanup => {
            // MF-8.2: marked damage is cleared.
            for p in &mut g.perms {
                p.damage = 0;
            }
            // MF-8.3: Until Turn End / This Turn effects expire.
            for m in g.effects.expire(Expiry::EndOfTurn) {
                ev.push(public(
                    "effect_expired",
                    format!("{}'s effect on {} ends", m.source, g.label(m.perm)),
                    json!({"card": m.perm, "source": m.source}),
                ));
            }
            g.stage = Stage::HandLimit;
            Ok(false)
        }
        Stage::HandLimit => {
            let hand = g.player(active).map_or(0, |p| p.hand.len() as i64);
            let excess = hand - g.options.hand_limit;
            if excess <= 0 {
                g.stage = Stage::NextTurn;
                return Ok(false);
            }
            let options = discard_options(g);
            ask(
                g,
                active,
                "discard",
                format!("discards {excess} card(s) to the hand limit"),
                format!("Hand limit {}: discard {excess} card(s)", g.options.hand_limit),
                DecisionSpec::Pick { options, min: excess as u32, max: excess as u32 },
            );
            Ok(true)
        }
        Stage::NextTurn => {
            // MF-8.4: the next player in turn order.
            let order = g.turn_order_from(active + 1);
            let Some(&next) = order.first() else {
                g.stage = Stage::Over;
                return Ok(false);
            };
            g.active = next;
            g.turn = g.turn.saturating_add(1);
            g.stage = Stage::TurnStart;
            Ok(false)
        }
        Stage::Over => {
            let winners = g.turn_order_from(0);
            let reason = match winners.as_slice() {
                [w] => format!("{} is the last player standing", g.seat_name(*w)),
                [] => "every remaining player lost at the same time: a draw".to_string(),
                _ => "the game stopped".to_string(),
            };
            if !matches!(g.awaiting, Awaiting::Ended(_)) {
                ev.push(public("game_over", reason.clone(), json!({"winners": winners})));
            }
            g.awaiting = Awaiting::Ended(Outcome { winners, reason });
            Ok(true)
        }
    }
}

fn finish_attackers(g: &mut Game, ev: &mut Vec<Event>) {
    if g.combat.attackers.is_empty() {
        ev.push(public("no_attack", format!("{} does not attack", g.seat_name(g.active)), json!({})));
        g.stage = Stage::CombatEnd;
    } else {
        // MF-6.2: a new Swift Check, then blockers.
        open_window(g, Window::BeforeBlockers, ev);
    }
}

// --- inputs ----------------------------------------------------------------------------------------

fn picks(input: &Input) -> Result<Vec<String>, RulesError> {
    match input {
        Input::Decision { choice: Choice::Pick(ids), .. } => Ok(ids.clone()),
        _ => Err(RulesError::Malformed("this decision expects a pick".into())),
    }
}

fn one_pick(input: &Input) -> Result<String, RulesError> {
    picks(input)?.into_iter().next().ok_or_else(|| RulesError::Malformed("pick one option".into()))
}

/// Apply a checked input to the stage waiting for it.
pub fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let active = g.active;
    let name = g.seat_name(active);
    match (g.stage.clone(), input) {
        (Stage::CardNumbers, Input::Draw { values, .. }) => {
            g.instances = numbering::renumber(std::mem::take(&mut g.instances), values)?;
            // Only the decks hold cards before the first draw from them.
            for p in &mut g.players {
                for id in p.cyberdeck.iter_mut().chain(p.ram_deck.iter_mut()) {
                    *id = numbering::number_of(values, *id)?;
                }
            }
            ev.push(public("card_numbers", "Card numbers are drawn for this match", json!({})));
            g.stage = Stage::Setup { step: 0 };
        }
        (Stage::Setup { step }, Input::Draw { values, .. }) => {
            let n = g.seats();
            if step < 2 * n {
                let seat = step / 2;
                let seat_name = g.seat_name(seat);
                let p = g.player_mut(seat).ok_or_else(|| corrupt("setup seat"))?;
                let deck = if step % 2 == 0 { &mut p.cyberdeck } else { &mut p.ram_deck };
                let old = deck.clone();
                let mut new = Vec::with_capacity(old.len());
                for &v in values {
                    new.push(*old.get(v as usize).ok_or_else(|| RulesError::Malformed("shuffle value out of range".into()))?);
                }
                if new.len() != old.len() {
                    return Err(RulesError::Malformed("shuffle of the wrong size".into()));
                }
                *deck = new;
                let which = if step % 2 == 0 { "Cyberdeck" } else { "RAM deck" };
                ev.push(public("shuffled", format!("{seat_name}'s {which} is shuffled"), json!({"seat": seat, "deck": which})));
                g.stage = Stage::Setup { step: step + 1 };
            } else {
                let first = values.first().copied().unwrap_or(0) % n.max(1);
                g.first_player = first;
                g.active = first;
                g.turn = 1;
                ev.push(public(
                    "first_player",
                    format!("{} takes the first turn", g.seat_name(first)),
                    json!({"seat": first}),
                ));
                for s in g.turn_order_from(first) {
                    for _ in 0..g.options.opening_hand {
                        g.draw_card(s, ev);
                    }
                    for _ in 0..g.options.opening_ram {
                        g.install_ram(s, ev);
                    }
                }
                g.stage = Stage::TurnStart;
                state_check(g, ev);
            }
        }
        (Stage::Stability { mut queue }, Input::Draw { values, .. }) => {
            let head = queue.first().copied().ok_or_else(|| corrupt("no stability test pending"))?;
            let roll = i64::from(values.first().copied().unwrap_or(0)) + 1;
            let crash = roll <= g.options.stability_crash_max;
            ev.push(public(
                "stability_roll",
                format!("{} rolls {roll}: {}", g.label(head), if crash { "it crashes" } else { "it stays in play" }),
                json!({"card": head, "roll": roll, "crashed": crash}),
            ));
            if crash {
                g.destroy(head, "crashed in a stability test", ev);
            }
            queue.remove(0);
            g.stage = Stage::Stability { queue };
        }
        (Stage::DrawInstall { left }, Input::Decision { .. }) => {
            match one_pick(input)?.as_str() {
                "install" => {
                    if !g.install_ram(active, ev) {
                        return Err(RulesError::Illegal("your RAM deck is empty".into()));
                    }
                }
                _ => g.draw_card(active, ev),
            }
            g.stage = Stage::DrawInstall { left: left.saturating_sub(1) };
            state_check(g, ev);
        }
        (Stage::ForceQuit, Input::Decision { .. }) => {
            let ids = picks(input)?;
            let chosen: Vec<u32> = g
                .perms
                .iter()
                .filter(|p| p.controller == active && ids.contains(&format!("quit:{}", p.id)))
                .map(|p| p.id)
                .collect();
            if !chosen.is_empty() {
                let names: Vec<String> = chosen.iter().map(|&c| g.label(c)).collect();
                ev.push(public(
                    "force_quit",
                    format!("{name} force-quits {}", names.join(", ")),
                    json!({"seat": active, "cards": chosen}),
                ));
            }
            // MF-3.5: destroyed simultaneously; RAM returns Refreshed.
            for id in chosen {
                g.destroy(id, "force quit", ev);
            }
            open_window(g, Window::Deploy, ev);
        }
        (Stage::Window { .. }, Input::Decision { seat, .. }) => {
            let id = one_pick(input)?;
            let (_, _, holder, main) = window_holder(g).ok_or_else(|| corrupt("no priority round"))?;
            let acts = legal_actions(g, holder, main);
            let Some((_, _, action)) = acts.into_iter().find(|(i, _, _)| *i == id) else {
                return Err(RulesError::Illegal(format!("\"{id}\" is not a legal action now")));
            };
            if action == Action::Pass {
                pass(g, ev);
            } else {
                act(g, *seat, &action, ev);
            }
        }
        (Stage::OrderTriggers { items, then }, Input::Decision { choice: Choice::Order(ids), .. }) => {
            let mut ordered = Vec::new();
            for id in ids {
                let it = items
                    .iter()
                    .find(|it| trigger_option(g, it).id == *id)
                    .ok_or_else(|| RulesError::Malformed(format!("unknown trigger {id}")))?;
                ordered.push(it.clone());
            }
            // The first listed resolves first: it goes on the Cache last (MF-5, LIFO).
            for it in ordered.into_iter().rev() {
                g.cache.push(it);
            }
            g.stage = Stage::Resolve { then };
        }
        (Stage::DeclareAttackers, Input::Decision { .. }) => {
            let id = one_pick(input)?;
            let found = attack_options(g).into_iter().find(|(o, _)| o.id == id);
            match found {
                Some((_, Some((a, d)))) => {
                    // MF-6.1: attackers become Running.
                    if let Some(p) = g.perm_mut(a) {
                        p.running = true;
                    }
                    g.combat.attackers.push((a, d));
                    ev.push(public(
                        "attack_declared",
                        format!("{} attacks {}", g.label(a), g.seat_name(d)),
                        json!({"card": a, "defender": d}),
                    ));
                }
                Some((_, None)) => finish_attackers(g, ev),
                None => return Err(RulesError::Illegal(format!("\"{id}\" is not a legal attack now"))),
            }
        }
        (Stage::DeclareBlockers { mut defenders }, Input::Decision { .. }) => {
            let id = one_pick(input)?;
            let d = defenders.first().copied().ok_or_else(|| corrupt("no defender"))?;
            match block_options(g, d).into_iter().find(|(o, _)| o.id == id) {
                Some((_, Some((b, a)))) => {
                    // MF-6.2 [house]: blocking does not turn the blocker Running.
                    g.combat.blockers.push((b, a));
                    ev.push(public(
                        "block_declared",
                        format!("{} blocks {}", g.label(b), g.label(a)),
                        json!({"card": b, "attacker": a}),
                    ));
                }
                Some((_, None)) => {
                    defenders.remove(0);
                    g.stage = Stage::DeclareBlockers { defenders };
                }
                None => return Err(RulesError::Illegal(format!("\"{id}\" is not a legal block now"))),
            }
        }
        (Stage::Splits { mut queue }, Input::Decision { choice: Choice::Split(parts), .. }) => {
            let a = queue.first().copied().ok_or_else(|| corrupt("no split pending"))?;
            let blockers = combat::blockers_of(g, a);
            let mut split = Vec::new();
            for &b in &blockers {
                let amount = parts.iter().find(|(id, _)| *id == format!("blocker:{b}")).map_or(0, |(_, n)| *n);
                split.push((b, i64::from(amount)));
            }
            let text: Vec<String> = split.iter().map(|(b, n)| format!("{n} to {}", g.label(*b))).collect();
            ev.push(public(
                "damage_split",
                format!("{name} splits the damage of {}: {}", g.label(a), text.join(", ")),
                json!({"attacker": a, "split": split}),
            ));
            g.combat.splits.push((a, split));
            queue.remove(0);
            g.stage = Stage::Splits { queue };
        }
        (Stage::HandLimit, Input::Decision { .. }) => {
            let ids = picks(input)?;
            let hand = g.player(active).map(|p| p.hand.clone()).unwrap_or_default();
            for c in hand {
                if ids.contains(&format!("discard:{c}")) {
                    if let Some(p) = g.player_mut(active) {
                        p.hand.retain(|&x| x != c);
                    }
                    g.to_bin(c);
                    ev.push(public("discarded", format!("{name} discards {}", g.label(c)), json!({"seat": active, "card": c})));
                }
            }
            g.stage = Stage::NextTurn;
        }
        _ => return Err(corrupt("the state does not wait for this input")),
    }
    Ok(())
}
