//! Opening a priority window (MF-4.1, MF-9.1): who holds priority first. Below `priority` and
//! `resolve`, which both open windows, so that neither imports the other back.

use crate::mainframe::kinds::events;
use serde_json::json;

use crate::core::stack::PriorityRound;
use crate::core::Event;
use crate::mainframe::state::{Game, Stage, Window};

/// A new round after an item resolved or a window opened: in Deploy with the Cache empty only
/// the active player has priority (MF-4.1, MF-4.3); otherwise everyone in turn order from the
/// active player (MF-9.1, MF-9.5).
pub(super) fn fresh_round(g: &Game, window: Window) -> PriorityRound {
    if window == Window::Deploy && g.cache.is_empty() {
        PriorityRound::new(vec![g.active])
    } else {
        PriorityRound::new(g.turn_order_from(g.active))
    }
}

pub(super) fn open_window(g: &mut Game, window: Window, ev: &mut Vec<Event>) {
    let what = match window {
        Window::Deploy => "Deploy phase",
        Window::BeforeAttackers => "Swift Check before attackers are declared",
        Window::BeforeBlockers => "Swift Check before blockers are declared",
        Window::BeforeDamage => "Swift Check before combat damage",
    };
    ev.push(events::STEP.public(what, json!({"step": format!("{window:?}")})));
    g.stage = Stage::Window { window, round: fresh_round(g, window) };
}
