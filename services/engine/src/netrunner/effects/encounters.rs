//! Shared vocabulary of encounters with ice (CR 6.5): subroutines an ice gains for a run, limits
//! on breaking and trashing during one encounter, which breaker broke a subroutine, and moving
//! the Runner or ice during a run. The flow (`flow::runs`, `flow::windows`) calls these at the
//! rules' moments; card rows call them from their effects.

use crate::netrunner::cards;
use serde_json::json;

use super::note;
use crate::core::Event;
use crate::netrunner::cards::{def, CardDef, Static, Sub, When};
use crate::netrunner::state::{CorpZone, Game, Stage};

/// The subroutines of `ice` in this run: its printed ones, then those it gained for the
/// remainder of the run (`Run::gained_subs`), in the order gained.
pub fn ice_subroutines(g: &Game, ice: u32) -> usize {
    def(g.code(ice)).subroutines.len() + g.run.as_ref().map_or(0, |r| r.gained_subs.iter().filter(|(i, _, _)| *i == ice).count())
}

/// Subroutine `sub` of `ice` in this run, with the row it comes from (the ice's own for a
/// printed one, the granting card's for a gained one).
pub fn ice_sub(g: &Game, ice: u32, sub: usize) -> Option<(&'static CardDef, &'static Sub)> {
    let own = def(g.code(ice));
    if let Some(s) = own.subroutines.get(sub) {
        return Some((own, s));
    }
    let run = g.run.as_ref()?;
    let (_, code, index) = run.gained_subs.iter().filter(|(i, _, _)| *i == ice).nth(sub - own.subroutines.len())?;
    let from = def(code);
    from.grants.get(usize::from(*index)).map(|s| (from, s))
}

/// The text of subroutine `sub` of `ice` in this run.
pub fn ice_sub_text(g: &Game, ice: u32, sub: usize) -> &'static str {
    ice_sub(g, ice, sub).map_or("nothing", |(_, s)| s.text)
}

/// `ice` gains `n` copies of subroutine `index` of `code`'s `grants` for the remainder of the
/// run, after its other subroutines (CR 6.5: a subroutine gained during the encounter can be
/// broken and resolves like the others).
pub fn gain_subroutines(g: &mut Game, ice: u32, code: &'static str, index: u8, n: u32, ev: &mut Vec<Event>) {
    let Some(run) = g.run.as_mut() else { return };
    if n == 0 {
        return;
    }
    let current = run.current == Some(ice) && !run.broken.is_empty();
    for _ in 0..n {
        run.gained_subs.push((ice, code.to_string(), index));
        if current {
            run.broken.push(false);
        }
    }
    let text = def(code).grants.get(usize::from(index)).map_or("nothing", |s| s.text);
    let (label, source) = (g.label(ice), def(code).name);
    note(
        ev,
        "subroutines_gained",
        format!("{source}: {label} gains {n} \"{text}\" subroutine(s) for the remainder of this run"),
        json!({"ice": ice, "count": n, "source": source}),
    );
}

/// Whether subroutine `sub` of the encountered ice was broken in this encounter by a breaker of
/// `subtype` (which breaker broke a subroutine: `Run::broken_by`, CR 6.5.7.b).
pub fn broke_with(g: &Game, sub: usize, subtype: &str) -> bool {
    g.run.as_ref().is_some_and(|r| r.broken_by.iter().any(|&(b, s)| s == sub && g.def(b).has_subtype(subtype)))
}

/// Whether `breaker` (`None`: not a breaker, e.g. a click break) may break the subroutines
/// `subs` of `ice` now, under the ice's limits on breaking its printed subroutines during an
/// encounter (`Static::BreakLimit`).
pub fn may_break_subs(g: &Game, breaker: Option<u32>, ice: u32, subs: &[usize]) -> bool {
    let printed = def(g.code(ice)).subroutines.len();
    let Some(run) = g.run.as_ref() else { return true };
    def(g.code(ice)).statics.iter().all(|s| match s {
        Static::BreakLimit { max, except } => {
            if breaker.is_some_and(|b| g.def(b).has_subtype(except)) {
                return true;
            }
            let done = (0..printed).filter(|&i| run.broken.get(i).copied().unwrap_or(false) && !broke_with(g, i, except)).count();
            let more = subs.iter().filter(|&&i| i < printed).count();
            done + more <= *max
        }
        _ => true,
    })
}

/// Whether `breaker` (a Runner card; `None`: no card, a click break) may break subroutines of
/// `ice`: an ice may allow only breakers of one subtype, or limit how many of its subroutines
/// are broken in an encounter ([`may_break_subs`]).
pub fn may_break(g: &Game, breaker: Option<u32>, ice: u32) -> bool {
    let unbroken: Vec<usize> = g.run.as_ref().map_or_else(Vec::new, |r| r.broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect());
    let within_limit = unbroken.is_empty() || unbroken.iter().any(|&s| may_break_subs(g, breaker, ice, &[s]));
    within_limit
        && def(g.code(ice)).statics.iter().all(|s| match s {
            Static::BreakOnlyWith(t) => breaker.is_some_and(|b| g.def(b).has_subtype(t)),
            _ => true,
        })
}

/// Whether the ice `card` may trash no more installed Runner cards in this encounter
/// (`Static::TrashLimitPerEncounter`); false for any card not being encountered.
pub fn trash_limit_reached(g: &Game, card: u32) -> bool {
    let Some(run) = g.run.as_ref().filter(|r| r.in_encounter && r.current == Some(card)) else { return false };
    def(g.code(card)).statics.iter().any(|s| matches!(s, Static::TrashLimitPerEncounter(n) if run.encounter_trashes >= *n))
}

/// The ice `card` being encountered trashed an installed Runner card.
pub fn count_trash(g: &mut Game, card: u32) {
    if let Some(r) = g.run.as_mut().filter(|r| r.in_encounter && r.current == Some(card)) {
        r.encounter_trashes += 1;
    }
}

/// Move installed ice `ice` to the outermost position protecting server `to` (an existing
/// server); it stays installed with its rez state and counters, and a remote left empty is gone.
/// The run keeps the Runner's position: an ice moved from inside the attacked server shifts
/// the positions not yet approached, and an ice moved to the attacked server before the Runner
/// approached any ice there is approached (it is outermost).
pub fn move_ice_outermost(g: &mut Game, ice: u32, to: u32, source: &str, ev: &mut Vec<Event>) {
    let CorpZone::Ice(from) = g.corp_zone(ice) else { return };
    if g.server(to).is_none() {
        return;
    }
    let at = g.server(from).and_then(|s| s.ice.iter().position(|&i| i == ice)).unwrap_or(0);
    if let Some(s) = g.server_mut(from) {
        s.ice.retain(|&i| i != ice);
    }
    if let Some(s) = g.server_mut(to) {
        s.ice.push(ice);
    }
    g.corp.servers.retain(|s| !Game::is_remote(s.id) || !s.ice.is_empty() || !s.root.is_empty());
    let len = g.server(to).map_or(0, |s| s.ice.len());
    let starting = g.stage == Stage::ApproachServer;
    if let Some(r) = g.run.as_mut() {
        if r.server == from && at < r.pos {
            r.pos -= 1;
        }
        if r.server == to && r.current.is_none() && r.approached == 0 {
            r.pos = len;
            if starting {
                g.stage = Stage::ApproachIce;
            }
        }
    }
    let label = g.corp_public_label(ice);
    note(
        ev,
        "ice_moved",
        format!("{source}: {label} moves to the outermost position protecting {}", Game::server_name(to)),
        json!({"ice": ice, "from": from, "to": to}),
    );
}

/// The Runner moves to the outermost position of server `to` during a run (carried out by the
/// flow, `flow::runs::move_runner`, once the effect has resolved).
pub fn move_runner(g: &mut Game, to: u32) {
    if let Some(r) = g.run.as_mut().filter(|r| !r.stop) {
        r.moved_to = Some(to);
    }
}

/// Swap installed ice `installed` with `other`, an ice in HQ or Archives: `other` is installed
/// unrezzed in its position, and `installed` goes where `other` was (uninstalled, its counters
/// gone; to Archives face up if it was rezzed). The run keeps its position: if the Runner was
/// approaching `installed`, it is now approaching `other`.
pub fn swap_with_uninstalled(g: &mut Game, installed: u32, other: u32, source: &str, ev: &mut Vec<Event>) {
    let CorpZone::Ice(server) = g.corp_zone(installed) else { return };
    let to_hq = match g.corp_zone(other) {
        CorpZone::Hq => true,
        CorpZone::Archives => false,
        _ => return,
    };
    let (old_label, was_rezzed, turn) = (g.corp_public_label(installed), g.rezzed(installed), g.turn);
    g.corp.hq.retain(|&x| x != other);
    g.corp.archives.retain(|&x| x != other);
    if let Some(s) = g.server_mut(server) {
        for i in s.ice.iter_mut().filter(|i| **i == installed) {
            *i = other;
        }
    }
    if let Some(k) = g.card_mut(other) {
        (k.rezzed, k.faceup, k.installed_turn) = (false, false, turn);
    }
    if let Some(k) = g.card_mut(installed) {
        (k.rezzed, k.adv, k.credits, k.virus, k.power, k.faceup) = (false, 0, 0, 0, 0, !to_hq && was_rezzed);
        k.gained.clear();
    }
    if to_hq {
        g.corp.hq.push(installed);
    } else {
        g.corp.archives.push(installed);
    }
    if let Some(r) = g.run.as_mut().filter(|r| r.current == Some(installed)) {
        r.current = Some(other);
    }
    let zone = if to_hq { "HQ" } else { "Archives" };
    let public = format!("{source}: {old_label} protecting {} is swapped with a piece of ice from {zone}", Game::server_name(server));
    let private = format!("{source}: {} protecting {} is swapped with {} from {zone}", g.label(installed), Game::server_name(server), g.label(other));
    ev.push(super::corp_card_private(g, "ice_swapped", public, private, other));
}

/// Whether `breaker` may interface with `ice` beside its subtype (`Static::InterfacesOnlyWith`).
pub fn breaker_interfaces(g: &Game, breaker: u32, ice: u32) -> bool {
    cards::def(g.code(breaker)).statics.iter().all(|s| match s {
        cards::Static::InterfacesOnlyWith(f) => f(g, breaker, ice),
        _ => true,
    })
}

/// `breaker` breaks `subs` of the encountered ice by its own ability (not the flow's break
/// option); the first time every subroutine is broken and it broke them all, it fully broke the
/// ice (CR 6.5.7.a/b) and its `When::FullyBreaks` fires.
pub fn break_by_ability(g: &mut Game, breaker: u32, subs: &[usize], ev: &mut Vec<Event>) {
    let ice = g.run.as_ref().and_then(|r| r.current).unwrap_or(0);
    let fully = g.run.as_mut().is_some_and(|run| run.break_subroutines(breaker, subs));
    let texts: Vec<&str> = subs.iter().map(|&s| cards::subroutine_text(g.code(ice), s)).collect();
    note(
        ev,
        "subroutine_broken",
        format!("{} breaks \"{}\" on {}", g.label(breaker), texts.join("\" and \""), g.label(ice)),
        json!({"breaker": breaker, "ice": ice, "subroutines": subs}),
    );
    if fully {
        cards::fire_all(g, When::FullyBreaks, &[breaker], ice, ev);
    }
}

/// A breaker's strength boost for the rest of the encounter (`Run::pumps`; the run, with
/// `Static::HostPumpsLastRun`), told as "<breaker> <words> (now <strength>)".
pub fn boost(g: &mut Game, breaker: u32, n: i64, words: &str, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.pumps.push((breaker, n));
    }
    let now = g.breaker_strength(breaker);
    note(ev, "strength_pumped", format!("{} {words} (now {now})", g.label(breaker)), json!({"card": breaker, "amount": n, "strength": now}));
}
