//! NR-6 runs: approaching and passing ice, encounters and subroutines, approaching the server,
//! success, and the end of the run.

use serde_json::json;

use super::ask::{ask, one_pick, opt, pick_one, public};
use super::windows::open;
use crate::core::{Event, Input, RulesError};
use crate::netrunner::cards::{self, Source, When};
use crate::netrunner::effects::triggers;
use crate::netrunner::state::{At, Game, Stage, CORP, HQ, RUNNER};

/// Whether the match is inside a run (a run stage or a run's window).
pub fn is_run_stage(s: &Stage) -> bool {
    match s {
        Stage::Window { at, .. } => matches!(at, At::Run21 | At::Run23 | At::Run31 | At::Run41 | At::Run43),
        Stage::RunInit
        | Stage::ApproachIce
        | Stage::Continue { .. }
        | Stage::PassIce
        | Stage::Encounter
        | Stage::Subs { .. }
        | Stage::ApproachServer
        | Stage::Success => true,
        _ => false,
    }
}

/// One step of a run stage; true when waiting for an input.
pub fn step(g: &mut Game, stage: Stage, ev: &mut Vec<Event>) -> bool {
    match stage {
        Stage::RunInit => run_init(g, ev),
        Stage::ApproachIce => approach_ice(g, ev),
        Stage::Continue { at_server } => {
            let o = vec![opt("continue", "Continue the run"), opt("jack_out", "Jack out")];
            let where_ = if at_server { "before the server" } else { "at this ice" };
            ask(g, RUNNER, "continue", format!("continues the run or jacks out {where_}"), format!("Continue the run or jack out {where_}?"), pick_one(o));
            return true;
        }
        Stage::PassIce => pass_ice(g, ev),
        Stage::Encounter => encounter(g, ev),
        Stage::Subs { next } => subroutines(g, next, ev),
        Stage::ApproachServer => approach_server(g, ev),
        Stage::Success => success(g, ev),
        Stage::RunEnd => run_end(g, ev),
        _ => {}
    }
    false
}

fn run_init(g: &mut Game, ev: &mut Vec<Event>) {
    let (bp, ice) = g.run.as_ref().map_or((0, 0), |r| (r.bp_credits, r.pos));
    if bp > 0 {
        ev.push(public("bad_publicity_credits", format!("The Runner collects {bp} bad publicity credit(s) for this run"), json!({"credits": bp})));
    }
    g.stage = if ice > 0 { Stage::ApproachIce } else { Stage::ApproachServer };
    // CR 6.3 (initiation phase): "whenever a run begins" abilities of the Runner's cards and
    // the Corp's, one moment (`triggers` orders them).
    let server = g.run.as_ref().map_or(0, |r| r.server);
    let runner = cards::runner_sources(g).into_iter().map(|s| (s, When::RunBegins, 0));
    let corp = cards::corp_sources(g).into_iter().map(|s| (s, When::CorpRunBegins, server));
    triggers::fire_moment(g, runner.chain(corp).collect::<Vec<_>>(), ev);
}

/// The Runner encounters the ice just passed again (a forced encounter, CR 6.5.2.a), before
/// approaching the next ice or the server; true if so.
fn encounter_again(g: &mut Game, ev: &mut Vec<Event>) -> bool {
    let Some(ice) = g.run.as_mut().and_then(|r| r.encounter_again.take()) else { return false };
    if !g.is_installed(ice) || !g.rezzed(ice) {
        return false;
    }
    if let Some(r) = g.run.as_mut() {
        r.current = Some(ice);
    }
    ev.push(public("encounter_again", format!("The Runner encounters {} again", g.label(ice)), json!({"ice": ice})));
    g.stage = Stage::Encounter;
    true
}

/// NR-6.2: the next ice inward.
fn approach_ice(g: &mut Game, ev: &mut Vec<Event>) {
    if encounter_again(g, ev) {
        return;
    }
    let lasting = crate::netrunner::effects::pumps_last_run(g);
    let Some(run) = g.run.as_mut() else {
        g.stage = Stage::RunEnd;
        return;
    };
    if run.pos == 0 {
        g.stage = Stage::ApproachServer;
        return;
    }
    run.pos -= 1;
    run.approached += 1;
    run.end_encounter_pumps(&lasting);
    run.ice_minus = 0;
    run.broken.clear();
    run.broken_by.clear();
    let (server, pos, n) = (run.server, run.pos, run.approached);
    let ice = g.server(server).and_then(|s| s.ice.get(pos).copied());
    if let Some(r) = g.run.as_mut() {
        r.current = ice;
    }
    let Some(ice) = ice else {
        g.stage = Stage::PassIce;
        return;
    };
    ev.push(public(
        "approach_ice",
        format!("The Runner approaches {} (ice {n} of this run)", g.corp_public_label(ice)),
        json!({"ice": ice, "position": pos, "approached": n}),
    ));
    open(g, At::Run21);
    // "Whenever the Runner approaches a piece of ice protecting this server": rezzed cards in
    // its root, in board order, ordered by `effects::triggers` (resolved before the window).
    let here: Vec<u32> = g
        .server(server)
        .map(|s| s.root.iter().copied().filter(|&c| g.rezzed(c) && cards::has_trigger(g, c, When::ApproachIceHere)).collect())
        .unwrap_or_default();
    cards::fire_all(g, When::ApproachIceHere, &here, ice, ev);
}

fn pass_ice(g: &mut Game, ev: &mut Vec<Event>) {
    let lasting = crate::netrunner::effects::pumps_last_run(g);
    let (pos, passed) = if let Some(r) = g.run.as_mut() {
        let passed = r.current.take();
        // Strength changes "for the remainder of this encounter" end with it.
        r.end_encounter_pumps(&lasting);
        r.ice_minus = 0;
        r.broken.clear();
        r.broken_by.clear();
        (r.pos, passed)
    } else {
        (0, None)
    };
    g.stage = if pos > 0 { Stage::ApproachIce } else { Stage::ApproachServer };
    if let Some(ice) = passed {
        let installed = cards::runner_trigger_order(g);
        cards::fire_all(g, When::RunnerPassedIce, &installed, ice, ev);
        if g.rezzed(ice) {
            corp_passed_ice(g, ice, ev);
        }
    }
}

/// The Corp's abilities on the Runner passing a rezzed ice: the identity, scored agendas, then
/// rezzed Corp cards (`When::CorpPassedIce`).
fn corp_passed_ice(g: &mut Game, ice: u32, ev: &mut Vec<Event>) {
    if g.ice_has_subtype(ice, "Code Gate") || g.ice_has_subtype(ice, "Sentry") {
        g.flags.passed_gate_or_sentry += 1;
    }
    triggers::fire(g, When::CorpPassedIce, cards::corp_sources(g), ice, ev);
}

/// NR-6.3: the Runner encounters the rezzed ice.
fn encounter(g: &mut Game, ev: &mut Vec<Event>) {
    let ice = g.run.as_ref().and_then(|r| r.current).unwrap_or(0);
    if !g.run.as_ref().is_some_and(|r| r.encounter_begun) {
        let n = crate::netrunner::effects::encounters::ice_subroutines(g, ice);
        let lasting = crate::netrunner::effects::pumps_last_run(g);
        if let Some(r) = g.run.as_mut() {
            r.broken = vec![false; n];
            r.broken_by.clear();
            r.end_encounter_pumps(&lasting);
            r.ice_minus = 0;
            r.encounter_trashes = 0;
            r.encounter_begun = true;
            r.encounters += 1;
        }
        ev.push(public("encounter", format!("The Runner encounters {}", g.label(ice)), json!({"ice": ice, "subroutines": n})));
        // The Runner's "when you encounter" abilities first (the active player's, CR 9.2.8.b), so
        // that a bypass (CR 6.5.8) comes before the ice's own; this stage goes on once they
        // are resolved.
        let mut runner_cards = cards::runner_trigger_order(g);
        if let Some(src) = g.run.as_ref().and_then(|r| r.source).filter(|s| !runner_cards.contains(s)) {
            runner_cards.push(src);
        }
        cards::fire_all(g, When::EncounterIce, &runner_cards, ice, ev);
        return;
    }
    let bypass = g.run.as_ref().is_some_and(|r| r.bypass);
    // Interrupts preventing the ice's "when encountered" abilities are asked before they would
    // resolve (once per encounter); this stage goes on once they are answered.
    if !bypass && crate::netrunner::effects::encounter_interrupts(g, ice) {
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.encounter_begun = false;
        r.bypass = false;
    }
    if bypass {
        // CR 6.5.8.a: the encounter is aborted and the Runner passes the ice.
        ev.push(public("bypassed", format!("The Runner bypasses {}", g.label(ice)), json!({"ice": ice})));
        g.stage = Stage::PassIce;
        let installed = cards::runner_trigger_order(g);
        cards::fire_all(g, When::Bypassed, &installed, ice, ev);
        // "Whenever you bypass" abilities of cards in the heap (their own rows).
        let heap: Vec<u32> = g.runner.heap.iter().copied().filter(|&k| cards::has_trigger(g, k, When::HeapBypassed)).collect();
        cards::fire_all(g, When::HeapBypassed, &heap, ice, ev);
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.in_encounter = true;
    }
    open(g, At::Run31);
    let prevented = g.run.as_ref().is_some_and(|r| r.encounter_prevented == r.encounters && r.encounters > 0);
    if !prevented {
        cards::fire_all(g, When::Encounter, &[ice], 0, ev);
    }
}

/// CR 6.5.2: the encounter with `ice` ends (its subroutines resolved, or the run ended during
/// it): its "whenever an encounter with this ice ends" abilities, while it is rezzed.
fn encounter_ends(g: &mut Game, ice: u32, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.in_encounter = false;
    }
    if g.rezzed(ice) {
        cards::fire_all(g, When::EncounterEnds, &[ice], 0, ev);
    }
}

/// NR-6.3.2: unbroken subroutines resolve in order.
fn subroutines(g: &mut Game, next: usize, ev: &mut Vec<Event>) {
    let Some(run) = g.run.clone() else {
        g.stage = Stage::RunEnd;
        return;
    };
    let ice = run.current.unwrap_or(0);
    let found = run.broken.iter().enumerate().skip(next).find(|(_, b)| !**b).map(|(i, _)| i);
    match found {
        Some(i) if g.rezzed(ice) => {
            ev.push(public(
                "subroutine",
                format!("{}: subroutine {} resolves: {}", g.label(ice), i + 1, crate::netrunner::effects::encounters::ice_sub_text(g, ice, i)),
                json!({"ice": ice, "subroutine": i}),
            ));
            g.stage = Stage::Subs { next: i + 1 };
            if let Some(r) = g.run.as_mut() {
                r.sub_resolved = true;
            }
            cards::resolve_subroutine(g, ice, i, ev);
        }
        _ => {
            if let Some(r) = g.run.as_mut() {
                r.broke_any |= r.broken.iter().any(|b| *b);
            }
            encounter_ends(g, ice, ev);
            ev.push(public("pass_ice", format!("The Runner passes {}", g.corp_public_label(ice)), json!({"ice": ice})));
            g.stage = Stage::PassIce;
            // NR-6.3.2: "when the Runner passes this ice" abilities of the rezzed ice.
            if g.rezzed(ice) {
                cards::fire_all(g, When::PassIce, &[ice], 0, ev);
            }
        }
    }
}

/// NR-6.4.1: the rezzed cards in the root react (ordered by `effects::triggers`).
fn approach_server(g: &mut Game, ev: &mut Vec<Event>) {
    if encounter_again(g, ev) {
        return;
    }
    // A replacement of the approach: the attacked server changes first (Maintenance Access).
    if let Some(to) = g.run.as_mut().and_then(|r| r.approach_instead.take()) {
        let from = g.run.as_ref().map_or(HQ, |r| r.server);
        if let Some(r) = g.run.as_mut() {
            r.server = to;
        }
        ev.push(public(
            "attacked_server_changed",
            format!("The attacked server changes from {} to {}", Game::server_name(from), Game::server_name(to)),
            json!({"from": from, "server": to}),
        ));
    }
    let server = g.run.as_ref().map_or(HQ, |r| r.server);
    if let Some(r) = g.run.as_mut() {
        r.current = None;
    }
    ev.push(public("approach_server", format!("The Runner approaches {}", Game::server_name(server)), json!({"server": server})));
    let here: Vec<u32> = g
        .server(server)
        .map(|s| s.root.iter().copied().filter(|&c| g.rezzed(c) && cards::has_trigger(g, c, When::ApproachServer)).collect())
        .unwrap_or_default();
    cards::fire_all(g, When::ApproachServer, &here, 0, ev);
    open(g, At::Run41);
}

/// NR-6.4.4: the run is successful; "when successful" effects, then access.
fn success(g: &mut Game, ev: &mut Vec<Event>) {
    let server = g.run.as_ref().map_or(HQ, |r| r.server);
    let first_here = !g.flags.successful_servers.contains(&server);
    if let Some(r) = g.run.as_mut() {
        r.successful = true;
        r.first_success_here = first_here;
    }
    g.flags.successful_run = true;
    ev.push(public("run_successful", "The run is successful", json!({})));
    if first_here {
        g.flags.successful_servers.push(server);
    }
    // "When the run is successful", one moment: the Runner's installed cards and identity, the
    // Corp identity's, and the rezzed cards in the attacked server's root.
    let mut abilities: Vec<(Source, When, u32)> =
        cards::runner_sources(g).into_iter().chain([Source::Identity(RUNNER)]).map(|s| (s, When::SuccessfulRun, 0)).collect();
    abilities.push((Source::Identity(CORP), When::CorpSuccessfulRun, server));
    let here = g.server(server).map(|s| s.root.iter().copied().filter(|&c| g.rezzed(c)).collect::<Vec<u32>>()).unwrap_or_default();
    abilities.extend(here.into_iter().map(|c| (Source::Card(c), When::SuccessfulRunHere, 0)));
    triggers::fire_moment(g, abilities, ev);
    if let Some(source) = g.run.as_ref().and_then(|r| r.source) {
        let c = cards::ctx(g, source, 0);
        if let Some(rs) = c.def.run {
            cards::apply(g, &rs.on_success, c, ev);
        }
    }
    g.stage = Stage::AccessBegin;
}

/// NR-6.5: the run ends; breakers trashed at its end, then "when the run ends" effects.
fn run_end(g: &mut Game, ev: &mut Vec<Event>) {
    // An encounter under way ends first (its abilities resolve, then this stage goes on).
    if let Some(ice) = g.run.as_ref().filter(|r| r.in_encounter).and_then(|r| r.current) {
        encounter_ends(g, ice, ev);
        return;
    }
    let Some(run) = g.run.take() else {
        // An access outside a run (`crate::netrunner::effects::access_outside_run`) ends here too.
        g.access = None;
        open(g, At::Action);
        return;
    };
    g.access = None;
    let how = if run.successful { "successful" } else { "unsuccessful" };
    ev.push(public(
        "run_ended",
        format!("The run on {} ends ({how}); unspent run credits are lost", Game::server_name(run.server)),
        json!({"server": run.server, "successful": run.successful}),
    ));
    for &m in &run.trash_at_end {
        if g.runner.programs.contains(&m) {
            let why = format!("{} is trashed when the run ends", cards::def(g.code(m)).name);
            crate::netrunner::effects::runner_trash(g, m, &why, ev);
        }
    }
    let installed = cards::runner_trigger_order(g);
    let identity = cards::identity(g, RUNNER, 0);
    let mut ends: Vec<cards::Ctx> = run.marked.iter().map(|&c| cards::ctx(g, c, 0)).collect();
    ends.extend(installed.iter().map(|&c| cards::ctx(g, c, 0)));
    ends.push(identity);
    for c in ends {
        if let Some(f) = c.def.run_ends {
            f(g, c, &run, ev);
        }
    }
    open(g, At::Action);
}

/// The Runner was moved to the outermost position of another server by a card
/// (`Run::moved_to`; the Comprehensive Rules' movement of the Runner during a run): an
/// encounter under way ends first, then that server becomes the attacked server and the Runner
/// approaches its outermost ice, or the server itself if it has none.
pub fn move_runner(g: &mut Game, ev: &mut Vec<Event>) {
    if let Some(ice) = g.run.as_ref().filter(|r| r.in_encounter).and_then(|r| r.current) {
        encounter_ends(g, ice, ev);
        return;
    }
    let Some(to) = g.run.as_mut().and_then(|r| r.moved_to.take()) else { return };
    let len = g.server(to).map_or(0, |s| s.ice.len());
    let lasting = crate::netrunner::effects::pumps_last_run(g);
    if let Some(r) = g.run.as_mut() {
        r.server = to;
        r.pos = len;
        r.current = None;
        r.end_encounter_pumps(&lasting);
        r.ice_minus = 0;
        r.broken.clear();
        r.broken_by.clear();
        r.encounter_begun = false;
    }
    ev.push(public("runner_moved", format!("The Runner moves to the outermost position of {}", Game::server_name(to)), json!({"server": to})));
    g.stage = Stage::ApproachIce;
}

pub fn continue_input(g: &mut Game, at_server: bool, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    if id == "jack_out" {
        if let Some(r) = g.run.as_mut() {
            r.stop = true;
        }
        ev.push(public("jacked_out", "The Runner jacks out", json!({})));
        g.stage = Stage::RunEnd;
    } else {
        open(g, if at_server { At::Run43 } else { At::Run23 });
    }
    Ok(())
}
