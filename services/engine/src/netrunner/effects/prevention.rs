//! Rules pieces of the last Startup Runner cards : interrupts that
//! prevent damage or an ice's "when encountered" abilities, installed Runner cards hosted on
//! other Runner cards, breaker boosts lasting the run, an access outside a run, and the
//! assassination agendas of the Runner's alternative win.

use crate::netrunner::cards;
use serde_json::json;

use super::note;
use crate::core::Event;
use crate::netrunner::cards::{ask_later, ctx, def, Static};
use crate::netrunner::state::{Access, CorpZone, DamageKind, Game, Slot, Stage, Task};

/// The subtype of an agenda a Runner card becomes in the Runner's score area (Jeitinho).
pub const ASSASSINATION: &str = "Assassination";

/// How many assassination agendas the Runner's alternative win needs (Jeitinho: "if you have 3
/// assassination agendas in your score area, you win the game").
pub const ASSASSINATIONS_TO_WIN: usize = 3;

/// Interrupts of damage (CR 9.8; "prevent"): before damage of `kind`
/// resolves (`left` points), each installed Runner card with `Static::PreventsDamage` for that
/// kind asks its step, in trigger order (the first asked first); true if any was pushed.
pub fn damage_interrupts(g: &mut Game, kind: DamageKind, left: u32) -> bool {
    let mut asks: Vec<(u32, u8)> = cards::runner_trigger_order(g)
        .into_iter()
        .filter_map(|k| {
            def(g.code(k)).statics.iter().find_map(|s| if let Static::PreventsDamage(dk, step) = s { (*dk == kind).then_some((k, *step)) } else { None })
        })
        .collect();
    asks.reverse();
    let any = !asks.is_empty();
    for (k, step) in asks {
        let c = ctx(g, k, left);
        ask_later(g, c, step);
    }
    any
}

/// The damage about to resolve (the nearest `Task::Damage`): its points left.
pub fn damage_left(g: &Game) -> u32 {
    g.tasks.iter().rev().find_map(|t| if let Task::Damage { left, .. } = t { Some(*left) } else { None }).unwrap_or(0)
}

/// Prevent `n` points of the damage about to resolve, publicly; returns how many were prevented.
pub fn prevent_damage(g: &mut Game, n: u32, source: &str, ev: &mut Vec<Event>) -> u32 {
    let Some(Task::Damage { left, kind, .. }) = g.tasks.iter_mut().rev().find(|t| matches!(t, Task::Damage { .. })) else { return 0 };
    let done = n.min(*left);
    *left -= done;
    let (now, kind) = (*left, kind.name());
    note(
        ev,
        "damage_prevented",
        format!("{source}: {done} {kind} damage is prevented ({now} left)"),
        json!({"prevented": done, "left": now, "kind": kind, "source": source}),
    );
    done
}

/// Interrupts of an ice's "when encountered" abilities: once per encounter, if the encountered
/// `ice` has such an ability, each installed Runner card with `Static::PreventsEncounterAbility`
/// asks its step (the ice in `Ctx::arg`); true if any was pushed.
pub fn encounter_interrupts(g: &mut Game, ice: u32) -> bool {
    let Some(r) = g.run.as_ref() else { return false };
    if r.encounter_interrupts_asked == r.encounters || !cards::has_trigger(g, ice, cards::When::Encounter) {
        return false;
    }
    let mut asks: Vec<(u32, u8)> = cards::runner_trigger_order(g)
        .into_iter()
        .filter_map(|k| def(g.code(k)).statics.iter().find_map(|s| if let Static::PreventsEncounterAbility(step) = s { Some((k, *step)) } else { None }))
        .collect();
    if asks.is_empty() {
        return false;
    }
    if let Some(r) = g.run.as_mut() {
        r.encounter_interrupts_asked = r.encounters;
    }
    asks.reverse();
    for (k, step) in asks {
        let c = ctx(g, k, ice);
        ask_later(g, c, step);
    }
    true
}

/// Prevent the "when encountered" abilities of the ice encountered now, publicly.
pub fn prevent_encounter_ability(g: &mut Game, ice: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.encounter_prevented = r.encounters;
    }
    let label = g.label(ice);
    note(
        ev,
        "encounter_ability_prevented",
        format!("{source}: the \"when encountered\" ability of {label} is prevented"),
        json!({"ice": ice, "source": source}),
    );
}

/// Whether the encounter with the current ice had its "when encountered" abilities prevented.
pub fn encounter_ability_prevented(g: &Game) -> bool {
    g.run.as_ref().is_some_and(|r| r.encounters > 0 && r.encounter_prevented == r.encounters)
}

/// The breakers whose strength boosts last for the remainder of the run: hosts of an installed
/// card with `Static::HostPumpsLastRun`.
pub fn pumps_last_run(g: &Game) -> Vec<u32> {
    g.installed_runner()
        .into_iter()
        .filter(|&k| def(g.code(k)).statics.iter().any(|s| matches!(s, Static::HostPumpsLastRun)))
        .filter_map(|k| g.card(k).and_then(|x| x.host))
        .collect()
}

/// Installed Runner cards whose host left play are trashed (CR 1.13, hosting: a hosted card is
/// trashed when its host leaves play): a Trojan whose ice is no longer installed, or a card
/// hosted on a Runner card no longer installed.
pub fn installed_host_sweep(g: &mut Game, ev: &mut Vec<Event>) {
    let installed = g.installed_runner();
    let mut orphans: Vec<(u32, &'static str)> = Vec::new();
    for &k in &installed {
        let Some(h) = g.card(k).and_then(|x| x.host) else { continue };
        if g.def(h).side == crate::netrunner::data::Side::Corp {
            // Only programs ever had an ice host: the check and text of the Trojan sweep.
            if g.runner.programs.contains(&k) && !matches!(g.corp_zone(h), CorpZone::Ice(_)) {
                orphans.push((k, "its host ice is no longer installed"));
            }
        } else if !installed.contains(&h) {
            orphans.push((k, "its host is no longer installed"));
        }
    }
    for (k, why) in orphans {
        g.trash(k, why, ev);
    }
}

/// An access outside a run (a card's ability: "breach R&D", "access 1 card in HQ at random"):
/// the Runner accesses `slots` of `server` as in a run's breach (NR-7), then the action phase's
/// window reopens (`flow::runs`: the run end with no run).
pub fn access_outside_run(g: &mut Game, server: u32, slots: Vec<Slot>, source: &str, ev: &mut Vec<Event>) {
    let n = slots.len();
    note(
        ev,
        "access_begins",
        format!("{source}: the Runner will access {n} card(s) in {}", Game::server_name(server)),
        json!({"server": server, "count": n, "source": source}),
    );
    let persistent = super::persistent_abilities(g, server);
    g.access = Some(Access { server, slots, hq_seen: vec![], rd_depth: 0, ordered: true, interrupts_asked: vec![], persistent, costs_paid: None });
    g.stage = Stage::Accessing;
}

/// The assassination agendas in the Runner's score area.
pub fn assassinations(g: &Game) -> usize {
    g.runner.score.iter().filter(|&&k| g.def(k).has_subtype(ASSASSINATION) || g.card(k).is_some_and(|x| x.gained.iter().any(|t| t == ASSASSINATION))).count()
}
