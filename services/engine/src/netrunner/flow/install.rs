//! NR-3.4 installing: Corp cards in servers (trashing what the Corp chooses to, and what a new
//! card replaces), Runner cards (making room in memory), and the hooks of a card installed.

use serde_json::json;

use super::ask::{ask, one_pick, opt, pick_one, pick_range, picks, public};
use crate::core::game::{answer, shown, Table};
use crate::core::{DecisionOption, Event, Input, RulesError};
use crate::netrunner::cards::{self, Static};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{Game, Server, Task, ARCHIVES, CORP, RUNNER};

/// The agenda or asset that installing `card` in `sid` replaces: a remote holds one agenda or
/// asset, so installing another trashes the old one (NR-3.4).
/// A region (Comprehensive Rules, "Limit 1 region per server") likewise replaces the region
/// installed in that server.
pub fn replaced_by(g: &Game, card: u32, sid: u32) -> Vec<u32> {
    let one_of = matches!(g.def(card).ctype, CardType::Agenda | CardType::Asset);
    let region = g.def(card).has_subtype("Region");
    if !one_of && !region {
        return vec![];
    }
    g.server(sid)
        .map(|s| {
            s.root
                .iter()
                .copied()
                .filter(|&c| {
                    (one_of && matches!(g.def(c).ctype, CardType::Agenda | CardType::Asset)) || (region && c != card && g.def(c).has_subtype("Region"))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// NR-3.4 (published rule): the cards the Corp may choose to trash before installing `card` in
/// `sid`: every card installed in that server (ice and root), except the ones the install
/// replaces anyway. During a run (Ansel 1.0), the ice of the attacked server is kept: the run
/// walks that ice by position.
pub fn trashable_before_install(g: &Game, card: u32, sid: u32) -> Vec<u32> {
    let forced = replaced_by(g, card, sid);
    let keep_ice = g.run.as_ref().is_some_and(|r| r.server == sid);
    g.server(sid)
        .map(|s| {
            let ice: &[u32] = if keep_ice { &[] } else { &s.ice };
            ice.iter().chain(s.root.iter()).copied().filter(|c| !forced.contains(c) && *c != card).collect()
        })
        .unwrap_or_default()
}

/// The Corp's install action: into an existing server with installed cards, first ask which of
/// them to trash (NR-3.4); trashing only lowers the ice install cost, so every answer is legal.
pub fn install_corp(g: &mut Game, card: u32, server: Option<u32>, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    if server.is_none() && !g.new_remote_allowed() {
        return Err(RulesError::Illegal("the Corp's identity limits its remote servers".into()));
    }
    if let Some(sid) = server {
        if g.server(sid).is_none() {
            return Err(RulesError::Illegal(format!("there is no server {sid}")));
        }
        if g.def(card).ctype == CardType::Ice && g.flags.free_install != Some(card) {
            let cost = (g.server(sid).map_or(0, |s| s.ice.len() as i64) - g.flags.corp_install_discount).max(0);
            if crate::netrunner::effects::corp_available_for(g, cards::Spend::Install(card)) < cost {
                return Err(RulesError::Illegal(format!("installing this ice costs {cost} credits")));
            }
        }
        if !trashable_before_install(g, card, sid).is_empty() {
            g.tasks.push(Task::TrashBeforeInstall { card, server: sid });
            return Ok(());
        }
    }
    install_corp_now(g, card, server, ev)
}

/// The server a Corp card is installed in: a new remote, or one the Corp emptied (it stays).
fn target_server(g: &mut Game, server: Option<u32>) -> u32 {
    let sid = match server {
        Some(s) => s,
        None => {
            // Remote n (named "Server n", `Game::server_name`) has id ARCHIVES + n.
            let id = ARCHIVES + g.corp.next_remote;
            g.corp.next_remote += 1;
            g.corp.servers.push(Server { id, ice: vec![], root: vec![] });
            id
        }
    };
    if g.server(sid).is_none() && Game::is_remote(sid) {
        // The Corp trashed every card of this remote before installing (NR-3.4): it stays.
        let at = g.corp.servers.iter().position(|s| s.id > sid).unwrap_or(g.corp.servers.len());
        g.corp.servers.insert(at, Server { id: sid, ice: vec![], root: vec![] });
    }
    sid
}

fn install_corp_now(g: &mut Game, card: u32, server: Option<u32>, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let sid = target_server(g, server);
    let is_ice = g.def(card).ctype == CardType::Ice;
    // An install "ignoring all costs" pays nothing.
    let free = g.flags.free_install.take() == Some(card);
    let discount = std::mem::take(&mut g.flags.corp_install_discount);
    if is_ice && !free {
        // NR-3.4: 1 credit per ice already protecting the server (less a card's reduction).
        let cost = (g.server(sid).map_or(0, |s| s.ice.len() as i64) - discount).max(0);
        if !crate::netrunner::effects::corp_pay_for(g, cost, cards::Spend::Install(card), ev) {
            return Err(RulesError::Illegal(format!("installing this ice costs {cost} credits")));
        }
    }
    let from_hq = g.corp.hq.contains(&card);
    if from_hq {
        g.flags.corp_hq_installs += 1;
    }
    g.corp.hq.retain(|&x| x != card);
    g.corp.archives.retain(|&x| x != card);
    // A card's effect may install from R&D (Epiphany Analytica, Poétrï Luxury Brands), or an
    // agenda from the Runner's score area (its points leave with it).
    g.corp.rd.retain(|&x| x != card);
    if let Some(i) = g.runner.score.iter().position(|&x| x == card) {
        g.runner.score.remove(i);
        g.runner.points -= g.def(card).points.unwrap_or(0);
    }
    let turn = g.turn;
    let faceup = g.flags.faceup_install.take() == Some(card);
    if let Some(k) = g.card_mut(card) {
        k.rezzed = false;
        k.adv = 0;
        k.credits = 0;
        k.faceup = faceup;
        k.installed_turn = turn;
    }
    // A remote holds one agenda or asset: the old one is trashed.
    let replaced = replaced_by(g, card, sid);
    let where_ = Game::server_name(sid);
    if let Some(s) = g.server_mut(sid) {
        if is_ice {
            s.ice.push(card);
        } else {
            s.root.push(card);
        }
    }
    let what = if faceup {
        format!("{} face up in {where_}", g.label(card))
    } else if is_ice {
        format!("an ice protecting {where_}")
    } else {
        format!("a card in {where_}")
    };
    ev.push(Event::with_private(
        "netrunner.corp_installed",
        format!("The Corp installs {what}"),
        json!({"card": card, "server": sid, "ice": is_ice}),
        vec![CORP],
        format!("The Corp installs {} in {where_}", g.label(card)),
        json!({"card": card, "server": sid, "ice": is_ice, "code": g.code(card)}),
    ));
    for old in replaced {
        let why = if g.def(old).has_subtype("Region") && g.def(card).has_subtype("Region") {
            "limit 1 region per server: replaced by a new region"
        } else {
            "replaced by a new card in its remote server"
        };
        g.corp_trash_installed(old, why, ev);
    }
    if !is_ice {
        g.flags.corp_root_installs += 1;
        let installed = cards::runner_trigger_order(g);
        cards::fire_all(g, cards::When::CorpInstalledInRoot, &installed, g.flags.corp_root_installs, ev);
    }
    cards::fire_identity(g, CORP, cards::When::CorpInstalled, card, ev);
    if !from_hq {
        cards::fire_all(g, cards::When::InstalledNotFromHq, &[card], 0, ev);
    }
    Ok(())
}

/// Install a Runner card (from the grip, or the stack for Mutual Favor), paying its cost (MU
/// already checked); a Trojan goes on `host`.
fn install_runner_now(g: &mut Game, card: u32, host: Option<u32>, ev: &mut Vec<Event>) {
    let cost = g.runner_install_cost(card);
    g.flags.install_discount = 0;
    if !crate::netrunner::effects::runner_pay_for(g, cost, cards::Spend::Install(card), ev) {
        // The card may still be in the grip (hidden from the Corp): only the Runner learns which.
        ev.push(Event::with_private(
            "netrunner.install_failed",
            "The Runner cannot pay for an install".to_string(),
            json!({}),
            vec![RUNNER],
            format!("The Runner cannot pay for {}", g.label(card)),
            json!({"card": card}),
        ));
        return;
    }
    g.take_runner(card);
    match g.def(card).ctype {
        CardType::Program => g.runner.programs.push(card),
        CardType::Hardware => g.runner.hardware.push(card),
        _ => g.runner.resources.push(card),
    }
    let turn = g.turn;
    if let Some(k) = g.card_mut(card) {
        k.installed_turn = turn;
        k.credits = 0;
        k.virus = 0;
        k.host = host;
    }
    ev.push(public("runner_installed", format!("The Runner installs {} for {cost}", g.label(card)), json!({"card": card, "code": g.code(card), "cost": cost})));
    cards::unique_check(g, card, ev);
    on_runner_installed(g, card, ev);
    if cost == 0 {
        // "Whenever you install a card without spending credits".
        let installed = cards::runner_trigger_order(g);
        cards::fire_all(g, cards::When::InstalledWithoutCredits, &installed, card, ev);
    }
}

/// The card's own install effect, then what installing a program changes.
fn on_runner_installed(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    let c = cards::ctx(g, card, 0);
    cards::apply(g, &c.def.on_install, c, ev);
    let installed = cards::runner_trigger_order(g);
    cards::fire_all(g, cards::When::RunnerInstalled, &installed, card, ev);
    if g.def(card).ctype != CardType::Program {
        return;
    }
    g.flags.program_installed = true;
    if g.def(card).has_subtype("Virus") {
        let source = g.runner_static(|s| matches!(s, Static::VirusCounterOnVirusInstall).then_some(()));
        if let Some((by, ())) = source {
            let name = cards::def(g.code(by)).name;
            cards::add_virus(g, card, 1, name, ev);
        }
    }
}

/// Install a Runner card, first making room in memory for a program that does not fit.
pub fn install_runner(g: &mut Game, card: u32, host: Option<u32>, ev: &mut Vec<Event>) {
    let mem = g.def(card).memory.unwrap_or(0);
    if g.def(card).ctype == CardType::Program && g.memory_used() + mem > g.memory_limit() {
        g.tasks.push(Task::MakeRoom { program: card, host });
    } else {
        install_runner_now(g, card, host, ev);
    }
}

/// The cards the Corp may trash before installing `card` in `server`, as options.
fn trash_before_install_table(g: &Game, card: u32, server: u32) -> Table<u32> {
    trashable_before_install(g, card, server)
        .into_iter()
        .map(|c| {
            let place = if g.server(server).is_some_and(|s| s.ice.contains(&c)) { "ice" } else { "in the root" };
            let state = if g.rezzed(c) { "rezzed" } else { "unrezzed" };
            (opt(format!("trash:{c}"), format!("Trash {} ({place}, {state})", g.label(c))), c)
        })
        .collect()
}

/// Ask which installed cards the Corp trashes before installing `card` in `server`.
pub fn ask_trash_before_install(g: &mut Game, card: u32, server: u32) {
    let o: Vec<DecisionOption> = shown(trash_before_install_table(g, card, server));
    let where_ = Game::server_name(server);
    let cost = if g.def(card).ctype == CardType::Ice {
        let n = g.server(server).map_or(0, |s| s.ice.len());
        format!("; the install costs 1 credit per ice left protecting it, now {n}")
    } else {
        String::new()
    };
    let replaced: Vec<String> = replaced_by(g, card, server).into_iter().map(|c| g.label(c)).collect();
    let replaces = if replaced.is_empty() { String::new() } else { format!("; {} is trashed anyway (replaced)", replaced.join(", ")) };
    let n = o.len() as u32;
    ask(
        g,
        CORP,
        "trash_before_install",
        format!("may trash cards installed in {where_} before installing a card there"),
        format!("Before installing {} in {where_}, you may trash any of the cards installed there (none to keep them all){cost}{replaces}", g.label(card)),
        pick_range(o, 0, n),
    );
}

pub fn answer_trash_before_install(g: &mut Game, card: u32, server: u32, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let allowed = trash_before_install_table(g, card, server);
    let mut chosen: Vec<u32> = Vec::new();
    for id in picks(input)? {
        let c = answer(&allowed, &id).ok_or_else(|| RulesError::Illegal(format!("\"{id}\" is not a card installed in {}", Game::server_name(server))))?;
        if chosen.contains(&c) {
            return Err(RulesError::Malformed(format!("{id} picked twice")));
        }
        chosen.push(c);
    }
    g.tasks.pop();
    for c in chosen {
        g.corp_trash_installed(c, "trashed by the Corp before installing in its server", ev);
    }
    install_corp_now(g, card, Some(server), ev)
}

/// NR-3.4: trash programs until `program` fits; true when waiting for the Runner.
pub fn step_make_room(g: &mut Game, program: u32, host: Option<u32>, ev: &mut Vec<Event>) -> bool {
    let mem = g.def(program).memory.unwrap_or(0);
    if g.memory_used() + mem <= g.memory_limit() || g.runner.programs.is_empty() {
        g.tasks.pop();
        if g.memory_used() + mem <= g.memory_limit() {
            install_runner_now(g, program, host, ev);
        } else {
            g.flags.install_discount = 0;
        }
        return false;
    }
    let o = shown(make_room_table(g));
    ask(
        g,
        RUNNER,
        "make_room",
        // The program is still in the grip until it is installed: not named yet.
        "trashes a program to make room for the program it installs".into(),
        format!("{} needs {mem} MU: trash a program ({} of {} MU used)", g.label(program), g.memory_used(), g.memory_limit()),
        pick_one(o),
    );
    true
}

/// The installed programs, to trash one.
fn make_room_table(g: &Game) -> Table<u32> {
    g.runner.programs.iter().map(|&p| (opt(format!("trash:{p}"), format!("Trash {} ({} MU)", g.label(p), g.def(p).memory.unwrap_or(0))), p)).collect()
}

pub fn answer_make_room(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let p = answer(&make_room_table(g), &id).ok_or_else(|| RulesError::Illegal(format!("\"{id}\" is not an installed program")))?;
    crate::netrunner::effects::runner_trash(g, p, "to make room in memory", ev);
    Ok(())
}
