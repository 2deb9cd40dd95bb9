//! The turn outside combat and priority (MF-3, MF-8): Initialize (System Check, stability
//! tests, Refresh, Draw/Install, Force Quit), then Reset (turn-end triggers, damage and effects
//! cleared, the hand limit) and the next turn, or the end of the match.

use crate::mainframe::kinds::{decisions, events};
use serde_json::json;

use super::ask::{answer, answers, ask, corrupt, one_pick, pick_one, picks, request_draw, shown, Table};
use super::resolve::{queue_triggers, state_check, triggers};
use super::windows::open_window;
use crate::core::effects::Expiry;
use crate::core::{Awaiting, DecisionOption, DecisionSpec, DrawKind, Event, Input, Outcome, RulesError};
use crate::mainframe::cards::{Kind, When};
use crate::mainframe::options::DRAW_INSTALL_CHOICES;
use crate::mainframe::state::{After, Game, Perm, Stage, Window};

/// A Draw/Install choice (MF-3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DrawOrInstall {
    Draw,
    Install,
}

fn draw_install_options(g: &Game) -> Table<DrawOrInstall> {
    let Some(p) = g.player(g.active) else { return vec![] };
    let mut o = Vec::new();
    if !p.cyberdeck.is_empty() || p.ram_deck.is_empty() {
        o.push((DecisionOption::new("draw", format!("Draw the top card of your Cyberdeck ({} left)", p.cyberdeck.len())), DrawOrInstall::Draw));
    }
    if !p.ram_deck.is_empty() {
        o.push((DecisionOption::new("install", format!("Install the top RAM card ({} left)", p.ram_deck.len())), DrawOrInstall::Install));
    }
    o
}

/// The active player's permanents they may Force Quit.
fn force_quit_options(g: &Game) -> Table<u32> {
    g.perms
        .iter()
        .filter(|p| p.controller == g.active)
        .map(|p| (DecisionOption::new(format!("quit:{}", p.id), format!("Force quit {}", g.label(p.id))), p.id))
        .collect()
}

/// The cards of the active player's hand, to discard.
fn discard_options(g: &Game) -> Table<u32> {
    g.player(g.active)
        .map_or_else(Vec::new, |p| p.hand.iter().map(|&c| (DecisionOption::new(format!("discard:{c}"), format!("Discard {}", g.label(c))), c)).collect())
}

/// The stages of Initialize (MF-3).
pub(super) fn step_initialize(g: &mut Game, stage: Stage, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let active = g.active;
    let name = g.seat_name(active);
    match stage {
        Stage::TurnStart => {
            ev.push(events::TURN_STARTED.public(format!("Turn {}: {name}'s turn. Initialize phase", g.turn), json!({"turn": g.turn, "seat": active})));
            g.stage = Stage::SystemCheck;
            Ok(false)
        }
        Stage::SystemCheck => {
            system_check(g, ev);
            Ok(false)
        }
        Stage::Stability { queue } => Ok(stability_test(g, queue, ev)),
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
            ev.push(events::REFRESH.public(format!("{name} refreshes and reboots everything"), json!({"seat": active})));
            // MF-3.4: two choices, one on the first player's first turn.
            let left = if g.turn == 1 { 1 } else { DRAW_INSTALL_CHOICES };
            g.stage = Stage::DrawInstall { left };
            Ok(false)
        }
        Stage::DrawInstall { left } => Ok(ask_draw_install(g, left)),
        _ => Ok(ask_force_quit(g, ev)),
    }
}

/// MF-3.1: every character needs its RAM requirement allocated; if one lacks it, the
/// Mainframe is Unstable and stability tests follow (MF-3.2).
fn system_check(g: &mut Game, ev: &mut Vec<Event>) {
    let active = g.active;
    let name = g.seat_name(active);
    // MF-3.1: every character needs its RAM requirement allocated.
    let short: Vec<u32> = g
        .perms
        .iter()
        .filter(|p| p.controller == active && g.kind_of(p.id) == Kind::Character && g.allocated_to(p.id) < g.def(p.id).ram)
        .map(|p| p.id)
        .collect();
    if short.is_empty() {
        if let Some(p) = g.player_mut(active) {
            p.unstable = false;
        }
        ev.push(events::SYSTEM_CHECK.public(format!("System Check: {name}'s Mainframe is stable"), json!({"seat": active, "stable": true})));
        g.stage = Stage::Refresh;
    } else {
        if let Some(p) = g.player_mut(active) {
            p.unstable = true;
        }
        let names: Vec<String> = short.iter().map(|&c| g.label(c)).collect();
        ev.push(events::UNSTABLE.public(
            format!("System Check: {} lack RAM; {name}'s Mainframe is Unstable", names.join(", ")),
            json!({"seat": active, "stable": false, "short": short}),
        ));
        // MF-3.2: every character and program, lowest cost first, then oldest first.
        let mut tested: Vec<&Perm> = g.perms.iter().filter(|p| p.controller == active && matches!(g.kind_of(p.id), Kind::Character | Kind::Program)).collect();
        tested.sort_by_key(|p| (g.def(p.id).cost, p.entered));
        let queue = tested.into_iter().map(|p| p.id).collect();
        g.stage = Stage::Stability { queue };
    }
}

/// MF-3.2: announce the next stability test and ask for its roll; true when waiting.
fn stability_test(g: &mut Game, mut queue: Vec<u32>, ev: &mut Vec<Event>) -> bool {
    let Some(&head) = queue.first() else {
        g.stage = Stage::Refresh;
        return false;
    };
    if !g.in_play(head) {
        queue.remove(0);
        g.stage = Stage::Stability { queue };
        return false;
    }
    // MF-3.2: the tested card is announced before its roll is drawn.
    ev.push(
        events::STABILITY_TEST
            .public(format!("Stability test of {} (cost {}): rolling a d20", g.label(head), g.def(head).cost), json!({"card": head, "cost": g.def(head).cost})),
    );
    request_draw(g, format!("stability-test-{head}"), DrawKind::Range(20));
    true
}

fn ask_draw_install(g: &mut Game, left: u32) -> bool {
    if left == 0 {
        g.stage = Stage::ForceQuit;
        return false;
    }
    let options = shown(draw_install_options(g));
    let prompt = format!("Draw/Install ({left} choice{} left): draw a card or install RAM", if left > 1 { "s" } else { "" });
    let active = g.active;
    ask(g, active, decisions::DRAW_OR_INSTALL, format!("chooses to draw a card or install RAM ({left} left)"), prompt, pick_one(options));
    true
}

/// MF-3.5: the active player may destroy any of their permanents; then Deploy opens.
fn ask_force_quit(g: &mut Game, ev: &mut Vec<Event>) -> bool {
    let options = shown(force_quit_options(g));
    if options.is_empty() {
        open_window(g, Window::Deploy, ev);
        return false;
    }
    let max = options.len() as u32;
    let active = g.active;
    ask(
        g,
        active,
        decisions::FORCE_QUIT,
        "may Force Quit their permanents".into(),
        "Force Quit: choose any number of your permanents to destroy (or none)".into(),
        DecisionSpec::Pick { options, min: 0, max },
    );
    true
}

/// The stages of Reset (MF-8) and the end of the match.
pub(super) fn step_reset(g: &mut Game, stage: Stage, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    let active = g.active;
    match stage {
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
                ev.push(
                    events::EFFECT_EXPIRED.public(format!("{}'s effect on {} ends", m.source, g.label(m.perm)), json!({"card": m.perm, "source": m.source})),
                );
            }
            g.stage = Stage::HandLimit;
            Ok(false)
        }
        Stage::HandLimit => Ok(ask_hand_limit(g)),
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
        _ => {
            game_over(g, ev);
            Ok(true)
        }
    }
}

fn ask_hand_limit(g: &mut Game) -> bool {
    let active = g.active;
    let hand = g.player(active).map_or(0, |p| p.hand.len() as i64);
    let excess = hand - g.options.hand_limit;
    if excess <= 0 {
        g.stage = Stage::NextTurn;
        return false;
    }
    let options = shown(discard_options(g));
    ask(
        g,
        active,
        decisions::DISCARD,
        format!("discards {excess} card(s) to the hand limit"),
        format!("Hand limit {}: discard {excess} card(s)", g.options.hand_limit),
        DecisionSpec::Pick { options, min: excess as u32, max: excess as u32 },
    );
    true
}

/// MF-10: the last player standing wins; if everyone left lost at once, a draw.
fn game_over(g: &mut Game, ev: &mut Vec<Event>) {
    let winners = g.turn_order_from(0);
    let reason = match winners.as_slice() {
        [w] => format!("{} is the last player standing", g.seat_name(*w)),
        [] => "every remaining player lost at the same time: a draw".to_string(),
        _ => "the game stopped".to_string(),
    };
    if !matches!(g.awaiting, Awaiting::Ended(_)) {
        ev.push(events::GAME_OVER.public(reason.clone(), json!({"winners": winners})));
    }
    g.awaiting = Awaiting::Ended(Outcome { winners, reason });
}

/// The answers of the turn: a stability roll, a Draw/Install choice, the Force Quit, the discard.
pub(super) fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let active = g.active;
    let name = g.seat_name(active);
    match (g.stage.clone(), input) {
        (Stage::Stability { queue }, Input::Draw { values, .. }) => stability_roll(g, queue, values, ev)?,
        (Stage::DrawInstall { left }, Input::Decision { .. }) => {
            let id = one_pick(input)?;
            match answer(&draw_install_options(g), &id) {
                Some(DrawOrInstall::Install) => {
                    if !g.install_ram(active, ev) {
                        return Err(RulesError::Illegal("your RAM deck is empty".into()));
                    }
                }
                Some(DrawOrInstall::Draw) => g.draw_card(active, ev),
                None => return Err(RulesError::Illegal(format!("\"{id}\" is not a Draw/Install choice now"))),
            }
            g.stage = Stage::DrawInstall { left: left.saturating_sub(1) };
            state_check(g, ev);
        }
        (Stage::ForceQuit, Input::Decision { .. }) => {
            let chosen = answers(&force_quit_options(g), &picks(input)?);
            if !chosen.is_empty() {
                let names: Vec<String> = chosen.iter().map(|&c| g.label(c)).collect();
                ev.push(events::FORCE_QUIT.public(format!("{name} force-quits {}", names.join(", ")), json!({"seat": active, "cards": chosen})));
            }
            // MF-3.5: destroyed simultaneously; RAM returns Refreshed.
            for id in chosen {
                g.destroy(id, "force quit", ev);
            }
            open_window(g, Window::Deploy, ev);
        }
        (Stage::HandLimit, Input::Decision { .. }) => {
            for c in answers(&discard_options(g), &picks(input)?) {
                if let Some(p) = g.player_mut(active) {
                    p.hand.retain(|&x| x != c);
                }
                g.to_bin(c);
                ev.push(events::DISCARDED.public(format!("{name} discards {}", g.label(c)), json!({"seat": active, "card": c})));
            }
            g.stage = Stage::NextTurn;
        }
        _ => return Err(corrupt("the state does not wait for this input")),
    }
    Ok(())
}

/// MF-3.2: the roll of the card at the head of the queue; 1..=`stability_crash_max` crashes it.
fn stability_roll(g: &mut Game, mut queue: Vec<u32>, values: &[u32], ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let head = queue.first().copied().ok_or_else(|| corrupt("no stability test pending"))?;
    let roll = i64::from(values.first().copied().unwrap_or(0)) + 1;
    let crash = roll <= g.options.stability_crash_max;
    ev.push(events::STABILITY_ROLL.public(
        format!("{} rolls {roll}: {}", g.label(head), if crash { "it crashes" } else { "it stays in play" }),
        json!({"card": head, "roll": roll, "crashed": crash}),
    ));
    if crash {
        g.destroy(head, "crashed in a stability test", ev);
    }
    queue.remove(0);
    g.stage = Stage::Stability { queue };
    Ok(())
}
