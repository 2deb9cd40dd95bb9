//! The turn and run structure (NR-1 … NR-9): a continuation (`Stage`) plus a LIFO list of
//! pending `Task`s, advanced until the match needs a decision or a random draw.

use serde_json::json;

use super::cards;
use super::data::{CardType, Side};
use super::state::{
    Access, At, CorpZone, DamageKind, Game, Run, RunSource, Server, Slot, Stage, Task, TraceEffect, TrashKind, TurnFlags,
    ARCHIVES, CORP, HQ, RD, RUNNER,
};
use crate::core::numbering;
use crate::core::stack::PriorityRound;
use crate::core::{
    Awaiting, Choice, Decision, DecisionOption, DecisionSpec, DrawKind, DrawRequest, Event, Input, Outcome,
    RulesError,
};

/// A guard against a corrupted state that would make the engine loop forever.
const MAX_STEPS_PER_INPUT: u32 = 100_000;

fn public(kind: &str, text: impl Into<String>, detail: serde_json::Value) -> Event {
    Event::public(format!("netrunner.{kind}"), text, detail)
}

fn corrupt(m: &str) -> RulesError {
    RulesError::CorruptState(m.to_string())
}

/// Wait for `seat` to decide. `summary` is what the other seat and spectators are told, so it
/// names only public facts (a decision cannot be asked without one); `prompt` and the options go
/// to `seat` only.
fn ask(g: &mut Game, seat: u32, kind: &str, summary: String, prompt: String, spec: DecisionSpec) {
    let id = g.next_decision;
    g.next_decision += 1;
    let who = if seat == CORP { "The Corp" } else { "The Runner" };
    let summary = format!("{who} {summary}");
    g.awaiting = Awaiting::Decision(Decision { id, seat, kind: format!("netrunner.{kind}"), summary, prompt, spec });
}

fn request_draw(g: &mut Game, purpose: &str, kind: DrawKind) {
    let index = g.next_draw;
    g.next_draw += 1;
    g.awaiting = Awaiting::Draw(DrawRequest { index, purpose: purpose.to_string(), kind });
}

fn pick_one(options: Vec<DecisionOption>) -> DecisionSpec {
    DecisionSpec::Pick { options, min: 1, max: 1 }
}

fn opt(id: impl Into<String>, label: impl Into<String>) -> DecisionOption {
    DecisionOption::new(id, label)
}

fn other(seat: u32) -> u32 {
    if seat == CORP {
        RUNNER
    } else {
        CORP
    }
}

// --- runs ------------------------------------------------------------------------------------------

/// NR-6.1: the Runner initiates a run on `server`.
pub fn start_run(g: &mut Game, server: u32, source: RunSource, ev: &mut Vec<Event>) {
    let ice = g.server(server).map_or(0, |s| s.ice.len());
    g.run = Some(Run {
        server,
        source,
        pos: ice,
        current: None,
        approached: 0,
        bp_credits: g.corp.bad_publicity.max(0),
        temp_credits: 0,
        broken: vec![],
        pumps: vec![],
        mayflies: vec![],
        ice_rez_extra: 0,
        stop: false,
        successful: false,
        ice_minus: 0,
        no_steal_trash: false,
        accessed: 0,
        stolen: 0,
        amaze: false,
    });
    g.flags.runs.push(server);
    ev.push(public(
        "run_started",
        format!("The Runner runs on {}", Game::server_name(server)),
        json!({"server": server, "ice": ice}),
    ));
    g.stage = Stage::RunInit;
}

fn is_run_stage(s: &Stage) -> bool {
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

/// The breaker's strength in this encounter.
pub fn breaker_strength(g: &Game, b: u32) -> i64 {
    let base = g.def(b).strength.unwrap_or(0) + cards::strength_bonus(g, g.code(b));
    base + g.run.as_ref().map_or(0, |r| r.pumps.iter().filter(|(p, _)| *p == b).map(|(_, n)| n).sum::<i64>())
}

fn interfaces(g: &Game, breaker: &cards::Breaker, ice: u32) -> bool {
    breaker.breaks.is_none_or(|t| g.def(ice).has_subtype(t))
}

// --- paid-ability windows ----------------------------------------------------------------------------

/// A paid ability or other non-action a seat may use in a window (NR-2.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Paid {
    Pass,
    Rez(u32),
    Score(u32),
    Break { breaker: u32, subs: Vec<usize> },
    Pump(u32),
    ClickBreak(usize),
    /// Botulus: a hosted virus counter breaks a subroutine of its host.
    VirusBreak { card: u32, sub: usize },
    /// Leech: a hosted virus counter gives the encountered ice -1 strength.
    Leech(u32),
    /// Spin Doctor: remove it from the game.
    SpinDoctor(u32),
}

/// The options of `seat` holding priority in window `at`: `pass` first.
pub fn paid_options(g: &Game, seat: u32, at: At) -> Vec<(DecisionOption, Paid)> {
    let mut out = vec![(opt("pass", "Pass"), Paid::Pass)];
    if seat == CORP {
        // NR-5: assets and upgrades in any window.
        for c in g.installed_corp() {
            let d = g.def(c);
            if g.rezzed(c) || !matches!(d.ctype, CardType::Asset | CardType::Upgrade) {
                continue;
            }
            let cost = d.cost.unwrap_or(0);
            if g.corp.credits >= cost {
                out.push((opt(format!("rez:{c}"), format!("Rez {} for {cost}", g.label(c))), Paid::Rez(c)));
            }
        }
        // NR-5 / NR-6.2.3: the approached ice, only at 2.3.
        if at == At::Run23 {
            if let Some(run) = &g.run {
                if let Some(ice) = run.current.filter(|&i| !g.rezzed(i)) {
                    let cost = g.def(ice).cost.unwrap_or(0) + run.ice_rez_extra;
                    if g.corp.credits >= cost {
                        out.push((opt(format!("rez:{ice}"), format!("Rez {} for {cost}", g.label(ice))), Paid::Rez(ice)));
                    }
                }
            }
        }
        for c in g.installed_corp() {
            if g.is(c, cards::SPIN_DOCTOR) && g.rezzed(c) {
                out.push((opt(format!("spin-doctor:{c}"), format!("{}: remove it from the game to shuffle up to 2 cards from Archives into R&D", g.label(c))), Paid::SpinDoctor(c)));
            }
        }
        // NR-4: scoring, in the Corp's own turn outside a run.
        if g.active == CORP && g.run.is_none() && !g.flags.no_scoring && matches!(at, At::TurnBegin | At::Action | At::TurnEnd) {
            for c in g.installed_corp() {
                let d = g.def(c);
                if d.ctype == CardType::Agenda && i64::from(g.adv(c)) >= d.advancement.unwrap_or(i64::MAX) {
                    out.push((opt(format!("score:{c}"), format!("Score {}", g.label(c))), Paid::Score(c)));
                }
            }
        }
    } else if at == At::Run31 {
        // NR-6.3.1: breaking only during the encounter.
        let Some(run) = &g.run else { return out };
        let Some(ice) = run.current.filter(|&i| g.rezzed(i)) else { return out };
        let unbroken: Vec<usize> = run.broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect();
        let ice_str = g.ice_strength(ice);
        let avail = g.runner_available();
        for &b in &g.runner.programs {
            let Some(br) = cards::breaker(g.code(b)) else { continue };
            if !interfaces(g, &br, ice) {
                continue;
            }
            let cost = cards::break_cost(g, g.code(b));
            if breaker_strength(g, b) >= ice_str && avail >= cost {
                let mut groups: Vec<Vec<usize>> = unbroken.iter().map(|&i| vec![i]).collect();
                if br.subs_per_use >= 2 {
                    for (x, &i) in unbroken.iter().enumerate() {
                        for &j in unbroken.iter().skip(x + 1) {
                            groups.push(vec![i, j]);
                        }
                    }
                }
                for subs in groups {
                    let ids: Vec<String> = subs.iter().map(|s| s.to_string()).collect();
                    let texts: Vec<String> =
                        subs.iter().map(|&s| format!("\"{}\"", cards::subroutine_text(g.code(ice), s))).collect();
                    out.push((
                        opt(
                            format!("break:{b}:{}", ids.join("+")),
                            format!("{}: break {} for {cost}", g.label(b), texts.join(" and ")),
                        ),
                        Paid::Break { breaker: b, subs },
                    ));
                }
            }
            if avail >= br.pump_cost {
                out.push((
                    opt(
                        format!("pump:{b}"),
                        format!("{}: +{} strength for {} (now {})", g.label(b), cards::pump_amount(g, g.code(b)), br.pump_cost, breaker_strength(g, b)),
                    ),
                    Paid::Pump(b),
                ));
            }
        }
        // Bioroid ice (Brân 1.0, Ansel 1.0): the Runner may lose a click to break a subroutine.
        if g.def(ice).has_subtype("Bioroid") && g.runner.clicks > 0 {
            for &s in &unbroken {
                out.push((
                    opt(format!("click-break:{s}"), format!("Lose a click: break \"{}\"", cards::subroutine_text(g.code(ice), s))),
                    Paid::ClickBreak(s),
                ));
            }
        }
        for &p in &g.runner.programs {
            let Some(k) = g.card(p) else { continue };
            if k.virus == 0 {
                continue;
            }
            if g.is(p, cards::BOTULUS) && k.host == Some(ice) {
                for &s in &unbroken {
                    out.push((
                        opt(format!("botulus:{p}:{s}"), format!("{}: spend a virus counter to break \"{}\"", g.label(p), cards::subroutine_text(g.code(ice), s))),
                        Paid::VirusBreak { card: p, sub: s },
                    ));
                }
            }
            if g.is(p, cards::LEECH) && ice_str > 0 {
                out.push((opt(format!("leech:{p}"), format!("{}: spend a virus counter: the ice gets -1 strength", g.label(p))), Paid::Leech(p)));
            }
        }
    }
    out
}

fn use_paid(g: &mut Game, seat: u32, p: &Paid, ev: &mut Vec<Event>) {
    match p {
        Paid::Pass => {}
        Paid::Rez(c) => {
            let c = *c;
            let d = g.def(c);
            let extra = if d.ctype == CardType::Ice { g.run.as_ref().map_or(0, |r| r.ice_rez_extra) } else { 0 };
            let cost = d.cost.unwrap_or(0) + extra;
            if !g.corp_pay(cost) {
                return;
            }
            if let Some(k) = g.card_mut(c) {
                k.rezzed = true;
            }
            ev.push(public("rezzed", format!("The Corp rezzes {} for {cost}", g.label(c)), json!({"card": c, "code": g.code(c), "cost": cost})));
            cards::unique_check(g, c, ev);
            cards::on_rez(g, c, ev);
        }
        Paid::Score(c) => score(g, *c, ev),
        Paid::Break { breaker, subs } => {
            let cost = cards::break_cost(g, g.code(*breaker));
            if !g.runner_pay(cost) {
                return;
            }
            let ice = g.run.as_ref().and_then(|r| r.current).unwrap_or(0);
            let is_mayfly = g.is(*breaker, cards::MAYFLY);
            if let Some(run) = g.run.as_mut() {
                for &s in subs {
                    if let Some(b) = run.broken.get_mut(s) {
                        *b = true;
                    }
                }
                if is_mayfly && !run.mayflies.contains(breaker) {
                    run.mayflies.push(*breaker);
                }
            }
            let texts: Vec<&str> = subs.iter().map(|&s| cards::subroutine_text(g.code(ice), s)).collect();
            ev.push(public(
                "subroutine_broken",
                format!("{} breaks \"{}\" on {} for {cost}", g.label(*breaker), texts.join("\" and \""), g.label(ice)),
                json!({"breaker": *breaker, "ice": ice, "subroutines": subs}),
            ));
        }
        Paid::Pump(b) => {
            let cost = cards::breaker(g.code(*b)).map_or(1, |x| x.pump_cost);
            if !g.runner_pay(cost) {
                return;
            }
            let n = cards::pump_amount(g, g.code(*b));
            if let Some(run) = g.run.as_mut() {
                run.pumps.push((*b, n));
            }
            ev.push(public(
                "strength_pumped",
                format!("{} gets +{n} strength for {cost} (now {})", g.label(*b), breaker_strength(g, *b)),
                json!({"card": *b, "amount": n, "strength": breaker_strength(g, *b)}),
            ));
        }
        Paid::ClickBreak(s) => {
            g.runner.clicks -= 1;
            if let Some(b) = g.run.as_mut().and_then(|r| r.broken.get_mut(*s)) {
                *b = true;
            }
            ev.push(public(
                "subroutine_broken",
                format!("The Runner loses a click to break subroutine {} of the Bioroid ice", s + 1),
                json!({"seat": seat, "subroutines": [s]}),
            ));
        }
        Paid::VirusBreak { card, sub } => {
            if !cards::remove_virus(g, *card) {
                return;
            }
            if let Some(b) = g.run.as_mut().and_then(|r| r.broken.get_mut(*sub)) {
                *b = true;
            }
            ev.push(public(
                "subroutine_broken",
                format!("{} spends a virus counter to break subroutine {}", g.label(*card), sub + 1),
                json!({"breaker": *card, "subroutines": [sub]}),
            ));
        }
        Paid::Leech(card) => {
            if !cards::remove_virus(g, *card) {
                return;
            }
            if let Some(r) = g.run.as_mut() {
                r.ice_minus += 1;
            }
            ev.push(public("ice_weakened", format!("{} spends a virus counter: the encountered ice gets -1 strength", g.label(*card)), json!({"card": *card})));
        }
        Paid::SpinDoctor(card) => cards::spin_doctor_ability(g, *card, ev),
    }
}

fn score(g: &mut Game, c: u32, ev: &mut Vec<Event>) {
    let pts = g.def(c).points.unwrap_or(0);
    let malapert = match g.corp_zone(c) {
        CorpZone::Root(s) => g.server(s).is_some_and(|sv| sv.root.iter().any(|&u| g.is(u, cards::MALAPERT_DATA_VAULT) && g.rezzed(u))),
        _ => false,
    };
    g.take_corp(c);
    if let Some(k) = g.card_mut(c) {
        k.adv = 0;
        k.rezzed = false;
    }
    g.corp.score.push(c);
    g.corp.points += pts;
    ev.push(public(
        "scored",
        format!("The Corp scores {} ({pts} point(s), now {})", g.label(c), g.corp.points),
        json!({"card": c, "code": g.code(c), "points": pts, "total": g.corp.points}),
    ));
    cards::on_score(g, c, ev);
    if malapert {
        cards::malapert_data_vault(g);
    }
}

fn steal(g: &mut Game, c: u32, ev: &mut Vec<Event>) {
    let pts = g.def(c).points.unwrap_or(0);
    g.take_corp(c);
    if let Some(k) = g.card_mut(c) {
        k.adv = 0;
        k.rezzed = false;
        k.faceup = true;
    }
    g.runner.score.push(c);
    g.runner.points += pts;
    ev.push(public(
        "stolen",
        format!("The Runner steals {} ({pts} point(s), now {})", g.label(c), g.runner.points),
        json!({"card": c, "code": g.code(c), "points": pts, "total": g.runner.points}),
    ));
    cards::on_steal(g, c, ev);
}

fn open(g: &mut Game, at: At) {
    let a = g.active;
    g.stage = Stage::Window { at, round: PriorityRound::new(vec![a, other(a)]) };
}

fn close_window(g: &mut Game, at: At) {
    g.stage = match at {
        At::TurnBegin => Stage::TurnBeginTriggers,
        At::Action => {
            let clicks = if g.active == CORP { g.corp.clicks } else { g.runner.clicks };
            if clicks > 0 {
                Stage::Action
            } else {
                Stage::Discard
            }
        }
        At::TurnEnd => Stage::EndTurn,
        At::Run21 => {
            if g.run.as_ref().is_some_and(|r| r.approached >= 2) {
                Stage::Continue { at_server: false }
            } else {
                let a = g.active;
                Stage::Window { at: At::Run23, round: PriorityRound::new(vec![a, other(a)]) }
            }
        }
        At::Run23 => {
            if g.run.as_ref().and_then(|r| r.current).is_some_and(|i| g.rezzed(i)) {
                Stage::Encounter
            } else {
                Stage::PassIce
            }
        }
        At::Run31 => Stage::Subs { next: 0 },
        At::Run41 => Stage::Continue { at_server: true },
        At::Run43 => Stage::Success,
    };
}

// --- actions ---------------------------------------------------------------------------------------

/// A click action (NR-3) or a card's click ability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    Credit,
    Draw,
    InstallCorp { card: u32, server: Option<u32> },
    InstallRunner { card: u32, host: Option<u32> },
    Play { card: u32, target: Option<u32> },
    Advance(u32),
    TrashResource(u32),
    Purge,
    Ability { card: u32, server: Option<u32> },
    Run(u32),
    RemoveTag,
}

fn server_ids(g: &Game) -> Vec<u32> {
    g.corp.servers.iter().map(|s| s.id).collect()
}

/// The legal actions of the active player with at least one click.
pub fn action_options(g: &Game) -> Vec<(DecisionOption, Act)> {
    let mut out = Vec::new();
    if g.active == CORP {
        let c = &g.corp;
        out.push((opt("credit", "Gain 1 credit"), Act::Credit));
        if !c.rd.is_empty() {
            out.push((opt("draw", "Draw 1 card"), Act::Draw));
        }
        for &card in &c.hq {
            let d = g.def(card);
            let label = g.label(card);
            match d.ctype {
                CardType::Agenda | CardType::Asset | CardType::Upgrade | CardType::Ice => {
                    for s in &c.servers {
                        let ok = match d.ctype {
                            CardType::Agenda | CardType::Asset => Game::is_remote(s.id),
                            CardType::Ice => c.credits >= s.ice.len() as i64,
                            _ => true,
                        };
                        if ok {
                            let what = if d.ctype == CardType::Ice {
                                format!("Install {label} protecting {} (cost {})", Game::server_name(s.id), s.ice.len())
                            } else {
                                format!("Install {label} in {}", Game::server_name(s.id))
                            };
                            out.push((opt(format!("install:{card}:{}", s.id), what), Act::InstallCorp { card, server: Some(s.id) }));
                        }
                    }
                    out.push((opt(format!("install:{card}:new"), format!("Install {label} in a new remote server")), Act::InstallCorp { card, server: None }));
                }
                CardType::Operation => {
                    if c.credits < d.cost.unwrap_or(0) {
                        continue;
                    }
                    if let Some(targets) = cards::play_targets(g, &d.code) {
                        for (t, what) in targets {
                            out.push((opt(format!("play:{card}:{t}"), format!("Play {label}: {what}")), Act::Play { card, target: Some(t) }));
                        }
                    } else if g.is(card, cards::SEAMLESS_LAUNCH) {
                        for t in cards::seamless_launch_targets(g) {
                            out.push((
                                opt(format!("play:{card}:{t}"), format!("Play {label} on {}", g.label(t))),
                                Act::Play { card, target: Some(t) },
                            ));
                        }
                    } else {
                        out.push((opt(format!("play:{card}"), format!("Play {label} (cost {})", d.cost.unwrap_or(0))), Act::Play { card, target: None }));
                    }
                }
                _ => {}
            }
        }
        if c.credits >= 1 {
            for card in g.installed_corp() {
                let d = g.def(card);
                if d.ctype == CardType::Agenda || cards::advanceable_asset(&d.code) {
                    out.push((opt(format!("advance:{card}"), format!("Advance {} (1 credit)", g.label(card))), Act::Advance(card)));
                }
            }
        }
        if g.tagged() && c.credits >= 2 {
            for &r in &g.runner.resources {
                out.push((opt(format!("trash-resource:{r}"), format!("Trash {} (2 credits, the Runner is tagged)", g.label(r))), Act::TrashResource(r)));
            }
        }
        if c.clicks >= 3 {
            out.push((opt("purge", "Purge virus counters (3 clicks)"), Act::Purge));
        }
        for card in g.installed_corp() {
            if g.is(card, cards::REGOLITH_MINING_LICENSE) && g.rezzed(card) && g.hosted(card) > 0 {
                out.push((opt(format!("ability:{card}"), format!("{}: take 3 credits", g.label(card))), Act::Ability { card, server: None }));
            }
        }
    } else {
        let r = &g.runner;
        out.push((opt("credit", "Gain 1 credit"), Act::Credit));
        if !r.stack.is_empty() {
            out.push((opt("draw", "Draw 1 card"), Act::Draw));
        }
        for &card in &r.grip {
            let d = g.def(card);
            let label = g.label(card);
            let cost = cards::runner_install_cost(g, card);
            match d.ctype {
                CardType::Program => {
                    let mem = d.memory.unwrap_or(0);
                    if r.credits >= cost && mem <= g.memory_limit() {
                        if cards::is_trojan(g, card) {
                            for ice in g.installed_corp().into_iter().filter(|&i| g.def(i).ctype == CardType::Ice) {
                                out.push((
                                    opt(format!("install:{card}:{ice}"), format!("Install {label} on {} (cost {cost}, {mem} MU)", g.corp_public_label(ice))),
                                    Act::InstallRunner { card, host: Some(ice) },
                                ));
                            }
                        } else {
                            out.push((opt(format!("install:{card}"), format!("Install {label} (cost {cost}, {mem} MU)")), Act::InstallRunner { card, host: None }));
                        }
                    }
                }
                CardType::Hardware => {
                    let console = d.has_subtype("Console");
                    let has_console = r.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
                    if r.credits >= cost && !(console && has_console) {
                        out.push((opt(format!("install:{card}"), format!("Install {label} (cost {cost})")), Act::InstallRunner { card, host: None }));
                    }
                }
                CardType::Resource if r.credits >= cost => {
                    out.push((opt(format!("install:{card}"), format!("Install {label} (cost {cost})")), Act::InstallRunner { card, host: None }));
                }
                CardType::Event => {
                    if r.credits < cost {
                        continue;
                    }
                    if let Some(targets) = cards::play_targets(g, &d.code) {
                        for (t, what) in targets {
                            out.push((opt(format!("play:{card}:{t}"), format!("Play {label}: {what}")), Act::Play { card, target: Some(t) }));
                        }
                        continue;
                    }
                    match cards::run_event_servers(g, &d.code) {
                        Some(servers) => {
                            for s in servers {
                                out.push((
                                    opt(format!("play:{card}:{s}"), format!("Play {label} on {}", Game::server_name(s))),
                                    Act::Play { card, target: Some(s) },
                                ));
                            }
                        }
                        None => out.push((opt(format!("play:{card}"), format!("Play {label} (cost {cost})")), Act::Play { card, target: None })),
                    }
                }
                _ => {}
            }
        }
        for s in server_ids(g) {
            out.push((opt(format!("run:{s}"), format!("Run {}", Game::server_name(s))), Act::Run(s)));
        }
        if r.tags > 0 && r.credits >= 2 {
            out.push((opt("remove-tag", "Remove 1 tag (2 credits)"), Act::RemoveTag));
        }
        for card in g.installed_runner() {
            let label = g.label(card);
            match g.code(card) {
                cards::PENNYSHAVER => out.push((opt(format!("ability:{card}"), format!("{label}: place 1 credit, then take all")), Act::Ability { card, server: None })),
                cards::SMARTWARE_DISTRIBUTOR => out.push((opt(format!("ability:{card}"), format!("{label}: place 3 credits")), Act::Ability { card, server: None })),
                cards::TELEWORK_CONTRACT if !g.flags.telework_used.contains(&card) => {
                    out.push((opt(format!("ability:{card}"), format!("{label}: take 3 credits")), Act::Ability { card, server: None }))
                }
                cards::FERMENTER => out.push((opt(format!("ability:{card}"), format!("{label}: trash it to gain 2 credits per virus counter")), Act::Ability { card, server: None })),
                cards::CONDUIT => out.push((opt(format!("ability:{card}"), format!("{label}: run R&D")), Act::Ability { card, server: None })),
                cards::RED_TEAM => {
                    for s in [HQ, RD, ARCHIVES] {
                        if !g.flags.runs.contains(&s) {
                            out.push((
                                opt(format!("ability:{card}:{s}"), format!("{label}: run {}", Game::server_name(s))),
                                Act::Ability { card, server: Some(s) },
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// The agenda or asset that installing `card` in `sid` replaces: a remote holds one agenda or
/// asset, so installing another trashes the old one (NR-3.4).
fn replaced_by(g: &Game, card: u32, sid: u32) -> Vec<u32> {
    if !matches!(g.def(card).ctype, CardType::Agenda | CardType::Asset) {
        return vec![];
    }
    g.server(sid)
        .map(|s| s.root.iter().copied().filter(|&c| matches!(g.def(c).ctype, CardType::Agenda | CardType::Asset)).collect())
        .unwrap_or_default()
}

/// NR-3.4 (published rule): the cards the Corp may choose to trash before installing `card` in
/// `sid`: every card installed in that server (ice and root), except the ones the install
/// replaces anyway. During a run (Ansel 1.0), the ice of the attacked server is kept: the run
/// walks that ice by position.
fn trashable_before_install(g: &Game, card: u32, sid: u32) -> Vec<u32> {
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
fn install_corp(g: &mut Game, card: u32, server: Option<u32>, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    if let Some(sid) = server {
        if g.server(sid).is_none() {
            return Err(RulesError::Illegal(format!("there is no server {sid}")));
        }
        if g.def(card).ctype == CardType::Ice {
            let cost = g.server(sid).map_or(0, |s| s.ice.len() as i64);
            if g.corp.credits < cost {
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

fn install_corp_now(g: &mut Game, card: u32, server: Option<u32>, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let d = g.def(card);
    let sid = match server {
        Some(s) => s,
        None => {
            let id = 3 + g.corp.next_remote;
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
    let is_ice = d.ctype == CardType::Ice;
    if is_ice {
        // NR-3.4: 1 credit per ice already protecting the server.
        let cost = g.server(sid).map_or(0, |s| s.ice.len() as i64);
        if !g.corp_pay(cost) {
            return Err(RulesError::Illegal(format!("installing this ice costs {cost} credits")));
        }
    }
    g.corp.hq.retain(|&x| x != card);
    g.corp.archives.retain(|&x| x != card);
    let turn = g.turn;
    if let Some(k) = g.card_mut(card) {
        k.rezzed = false;
        k.adv = 0;
        k.credits = 0;
        k.faceup = false;
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
    let what = if is_ice { format!("an ice protecting {where_}") } else { format!("a card in {where_}") };
    ev.push(Event::with_private(
        "netrunner.corp_installed",
        format!("The Corp installs {what}"),
        json!({"card": card, "server": sid, "ice": is_ice}),
        vec![CORP],
        format!("The Corp installs {} in {where_}", g.label(card)),
        json!({"card": card, "server": sid, "ice": is_ice, "code": g.code(card)}),
    ));
    for old in replaced {
        g.corp_trash_installed(old, "replaced by a new card in its remote server", ev);
    }
    Ok(())
}

/// Install a Runner card (from the grip, or the stack for Mutual Favor), paying its cost (MU
/// already checked); a Trojan goes on `host`.
fn install_runner_now(g: &mut Game, card: u32, host: Option<u32>, ev: &mut Vec<Event>) {
    let cost = cards::runner_install_cost(g, card);
    if !g.runner_pay(cost) {
        ev.push(public("install_failed", format!("The Runner cannot pay for {}", g.label(card)), json!({"card": card})));
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
    ev.push(public(
        "runner_installed",
        format!("The Runner installs {} for {cost}", g.label(card)),
        json!({"card": card, "code": g.code(card), "cost": cost}),
    ));
    cards::unique_check(g, card, ev);
    cards::on_install_runner(g, card, ev);
}

/// Install a Runner card, first making room in memory for a program that does not fit.
fn install_runner(g: &mut Game, card: u32, host: Option<u32>, ev: &mut Vec<Event>) {
    let mem = g.def(card).memory.unwrap_or(0);
    if g.def(card).ctype == CardType::Program && g.memory_used() + mem > g.memory_limit() {
        g.tasks.push(Task::MakeRoom { program: card, host });
    } else {
        install_runner_now(g, card, host, ev);
    }
}

fn do_action(g: &mut Game, act: &Act, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let seat = g.active;
    let clicks = if *act == Act::Purge { 3 } else { 1 };
    if seat == CORP {
        g.corp.clicks -= clicks;
    } else {
        g.runner.clicks -= clicks;
    }
    let name = g.seat_name(seat);
    open(g, At::Action);
    match act {
        Act::Credit => g.gain(seat, 1, "the basic action", ev),
        Act::Draw => {
            let n = if seat == RUNNER { cards::verbal_plasticity(g) } else { 1 };
            g.draw(seat, n, ev);
        }
        Act::InstallCorp { card, server } => install_corp(g, *card, *server, ev)?,
        Act::InstallRunner { card, host } => install_runner(g, *card, *host, ev),
        Act::Play { card, target } => {
            let card = *card;
            let cost = g.def(card).cost.unwrap_or(0);
            let paid = if seat == CORP { g.corp_pay(cost) } else { g.runner_pay(cost) };
            if !paid {
                return Err(RulesError::Illegal(format!("{} costs {cost}", g.label(card))));
            }
            if seat == CORP {
                g.to_archives(card, true);
            } else {
                g.to_heap(card);
            }
            ev.push(public(
                "played",
                format!("{name} plays {}{}", g.label(card), target.map_or(String::new(), |t| format!(" ({t})"))),
                json!({"seat": seat, "card": card, "code": g.code(card), "target": target}),
            ));
            cards::play(g, card, *target, ev);
        }
        Act::Advance(card) => {
            if !g.corp_pay(1) {
                return Err(RulesError::Illegal("advancing costs 1 credit".into()));
            }
            let had = g.adv(*card);
            if let Some(k) = g.card_mut(*card) {
                k.adv += 1;
            }
            cards::weyland_consortium_built_to_last(g, had, ev);
            ev.push(public(
                "advanced",
                format!("The Corp advances {} (now {})", g.corp_public_label(*card), g.adv(*card)),
                json!({"card": *card, "adv": g.adv(*card)}),
            ));
        }
        Act::TrashResource(r) => {
            if !g.corp_pay(2) {
                return Err(RulesError::Illegal("trashing a resource costs 2 credits".into()));
            }
            g.trash(*r, "the Corp's basic action: the Runner is tagged", ev);
        }
        Act::Purge => {
            cards::purge(g);
            ev.push(public("purged", "The Corp purges virus counters", json!({})));
        }
        Act::Ability { card, server } => {
            let card = *card;
            match g.code(card) {
                cards::REGOLITH_MINING_LICENSE => cards::regolith_mining_license(g, card, ev),
                cards::PENNYSHAVER => cards::pennyshaver(g, card, ev),
                cards::SMARTWARE_DISTRIBUTOR => cards::smartware_distributor(g, card, ev),
                cards::TELEWORK_CONTRACT => cards::telework_contract(g, card, ev),
                cards::RED_TEAM => cards::red_team(g, card, server.unwrap_or(HQ), ev),
                cards::FERMENTER => cards::fermenter_cash_out(g, card, ev),
                cards::CONDUIT => cards::conduit(g, card, ev),
                _ => {}
            }
        }
        Act::Run(s) => start_run(g, *s, RunSource::Basic, ev),
        Act::RemoveTag => {
            if !g.runner_pay(2) {
                return Err(RulesError::Illegal("removing a tag costs 2 credits".into()));
            }
            g.runner.tags -= 1;
            ev.push(public("tag_removed", format!("The Runner removes a tag ({} left)", g.runner.tags), json!({"tags": g.runner.tags})));
        }
    }
    Ok(())
}

// --- access ------------------------------------------------------------------------------------------

fn begin_access(g: &mut Game, ev: &mut Vec<Event>) {
    let Some(run) = g.run.clone() else {
        g.stage = Stage::RunEnd;
        return;
    };
    let server = run.server;
    let root: Vec<u32> = g.server(server).map(|s| s.root.clone()).unwrap_or_default();
    let jail = u32::from(run.source == RunSource::Jailbreak);
    let mut slots = Vec::new();
    match server {
        HQ => {
            let n = (1 + jail + cards::docklands_pass(g)).min(g.corp.hq.len() as u32);
            slots.extend((0..n).map(|_| Slot::HqRandom));
        }
        RD => {
            let conduit = match run.source {
                RunSource::Conduit(c) => g.card(c).map_or(0, |k| k.virus),
                _ => 0,
            };
            let n = (1 + jail + conduit).min(g.corp.rd.len() as u32);
            slots.extend((0..n).map(|_| Slot::RdTop));
        }
        ARCHIVES => {
            let all = g.corp.archives.clone();
            for &c in &all {
                if let Some(k) = g.card_mut(c) {
                    k.faceup = true;
                }
            }
            let names: Vec<String> = all.iter().map(|&c| g.label(c)).collect();
            ev.push(public(
                "archives_turned_up",
                format!("Every card in Archives is turned face up: {}", if names.is_empty() { "none".into() } else { names.join(", ") }),
                json!({"cards": all}),
            ));
            slots.extend(all.into_iter().map(Slot::Card));
        }
        _ => {}
    }
    slots.extend(root.into_iter().map(Slot::Card));
    ev.push(public(
        "access_begins",
        format!("The Runner will access {} card(s) in {}", slots.len(), Game::server_name(server)),
        json!({"server": server, "count": slots.len()}),
    ));
    let distinct_cards = slots.iter().filter(|s| matches!(s, Slot::Card(_))).count();
    let needs_order = distinct_cards >= 2 || (distinct_cards == 1 && slots.len() >= 2);
    g.access = Some(Access { server, slots, hq_seen: vec![], rd_depth: 0, ordered: !needs_order });
    g.stage = Stage::Accessing;
}

fn slot_label(g: &Game, s: &Slot) -> String {
    match s {
        Slot::HqRandom => "A random card from HQ".into(),
        Slot::RdTop => "The next card of R&D".into(),
        Slot::Card(c) => {
            if g.card(*c).is_some_and(|k| k.faceup || k.rezzed) {
                g.label(*c)
            } else {
                format!("Face-down card #{c} in the root")
            }
        }
    }
}

fn access_card(g: &mut Game, c: u32, ev: &mut Vec<Event>) {
    let zone = g.corp_zone(c);
    let faceup = g.card(c).is_some_and(|k| k.faceup || k.rezzed);
    let wher = match zone {
        CorpZone::Hq => "HQ".to_string(),
        CorpZone::Rd => "R&D".to_string(),
        CorpZone::Archives => "Archives".to_string(),
        CorpZone::Root(s) | CorpZone::Ice(s) => Game::server_name(s),
        _ => "nowhere".to_string(),
    };
    let detail = json!({"card": c, "code": g.code(c), "from": wher});
    if faceup {
        ev.push(Event::public("netrunner.accessed", format!("The Runner accesses {} in {wher}", g.label(c)), detail));
    } else {
        // The Corp knows its HQ, Archives and installed cards, but not the order of R&D: an R&D
        // access shows the card to the Runner alone (NR-7.2), or the Corp would learn its top card.
        let seats = if zone == CorpZone::Rd { vec![RUNNER] } else { vec![CORP, RUNNER] };
        ev.push(Event::with_private(
            "netrunner.accessed",
            format!("The Runner accesses a card in {wher}"),
            json!({"from": wher}),
            seats,
            format!("The Runner accesses {} in {wher}", g.label(c)),
            detail,
        ));
    }
    g.tasks.push(Task::AccessDecision { card: c });
    // NR-7.3: "when accessed" abilities, even face down.
    cards::on_access(g, c);
}

fn access_options(g: &Game, c: u32) -> Vec<DecisionOption> {
    let d = g.def(c);
    let mut o = Vec::new();
    // Ansel 1.0's third subroutine: nothing is stolen or trashed for the rest of the run.
    if d.ctype == CardType::Agenda || g.run.as_ref().is_some_and(|r| r.no_steal_trash) {
        return o;
    }
    let in_archives = g.corp_zone(c) == CorpZone::Archives;
    if let Some(t) = d.trash {
        if !in_archives && g.runner_available() >= t {
            o.push(opt("trash", format!("Trash {} for {t}", g.label(c))));
        }
    }
    if !in_archives && cards::carnivore(g) {
        o.push(opt("carnivore", format!("Carnivore: trash 2 cards from your grip to trash {}", g.label(c))));
    }
    if !o.is_empty() {
        o.push(opt("leave", "Leave it"));
    }
    o
}

/// After the access decision on `c` (its task already popped): a card left in R&D moves the
/// next R&D access one deeper; a stolen or trashed one does not.
fn finish_access_decision(g: &mut Game, c: u32) {
    let in_rd = g.corp.rd.contains(&c);
    if let Some(a) = g.access.as_mut() {
        if in_rd {
            a.rd_depth += 1;
        }
    }
}

// --- tasks -------------------------------------------------------------------------------------------

fn send_a_message_options(g: &Game) -> Vec<DecisionOption> {
    let mut o = vec![opt("none", "Rez nothing")];
    for c in g.installed_corp() {
        if g.def(c).ctype == CardType::Ice && !g.rezzed(c) {
            o.push(opt(format!("rez:{c}"), format!("Rez {} for free", g.label(c))));
        }
    }
    o
}

fn bran_options(g: &Game) -> Vec<DecisionOption> {
    let mut o = vec![opt("none", "Install nothing")];
    for &c in g.corp.hq.iter().chain(g.corp.archives.iter()) {
        if g.def(c).ctype == CardType::Ice {
            let from = if g.corp.hq.contains(&c) { "HQ" } else { "Archives" };
            o.push(opt(format!("install:{c}"), format!("Install {} from {from}", g.label(c))));
        }
    }
    o
}

fn manegarm_options(g: &Game) -> Vec<DecisionOption> {
    let mut o = Vec::new();
    if g.runner_available() >= 5 {
        o.push(opt("pay", "Pay 5 credits"));
    }
    if g.runner.clicks >= 2 {
        o.push(opt("clicks", "Spend 2 clicks"));
    }
    o.push(opt("end", "Let the run end"));
    o
}

/// Process the top task; true when it waits for an input.
fn step_task(g: &mut Game, task: Task, ev: &mut Vec<Event>) -> bool {
    match task {
        Task::Shuffle { .. }
        | Task::PayOrTag { .. }
        | Task::Funhouse
        | Task::CorpTrashes { .. }
        | Task::AnselInstall
        | Task::RealityPlus
        | Task::WildcatStrike
        | Task::MutualFavor
        | Task::SprintReturn
        | Task::HanseiTrash
        | Task::LongevityTrash
        | Task::ArchivesToRd { .. }
        | Task::AnoeticVoid { .. }
        | Task::Clearinghouse { .. }
        | Task::Malapert
        | Task::PrecisionDesign
        | Task::Zahya { .. }
        | Task::TaoSwap
        | Task::Pantograph
        | Task::Carnivore { .. } => step_card_task(g, task, ev),
        Task::Damage { kind, left, source, .. } => {
            if left == 0 {
                g.tasks.pop();
                return false;
            }
            if g.runner.grip.is_empty() {
                // NR-1.4: more damage than cards in the grip.
                g.runner.flatlined = true;
                ev.push(public(
                    "flatlined",
                    format!("The Runner takes {left} {} damage from {source} with an empty grip and is flatlined", kind.name()),
                    json!({"source": source}),
                ));
                g.tasks.pop();
                return false;
            }
            let n = g.runner.grip.len() as u32;
            request_draw(g, &format!("{}-damage", kind.name()), DrawKind::Range(n));
            true
        }
        Task::Trace { base, corp_bid, source, .. } => {
            match corp_bid {
                None => ask(
                    g,
                    CORP,
                    "trace_corp",
                    format!("spends credits on Trace {base} ({source})"),
                    format!("Trace {base} ({source}): how many credits do you spend?"),
                    DecisionSpec::Number { min: 0, max: g.corp.credits.max(0) },
                ),
                Some(b) => ask(
                    g,
                    RUNNER,
                    "trace_runner",
                    format!("spends credits against Trace strength {}", base + b),
                    format!("Trace strength {} against your link {}: how many credits do you spend?", base + b, g.runner.link),
                    DecisionSpec::Number { min: 0, max: g.runner_available().max(0) },
                ),
            }
            true
        }
        Task::AccessDecision { card } => {
            let zone = g.corp_zone(card);
            if matches!(zone, CorpZone::None | CorpZone::Score) {
                g.tasks.pop();
                return false;
            }
            if g.def(card).ctype == CardType::Agenda {
                let blocked = g.run.as_ref().is_some_and(|r| r.no_steal_trash);
                if !blocked && cards::carnivore(g) && zone != CorpZone::Archives {
                    let o = vec![opt("steal", "Steal it"), opt("carnivore", "Carnivore: trash 2 cards from your grip to trash it")];
                    ask(g, RUNNER, "access", "decides what to do with an accessed card".into(), format!("You access {}", g.label(card)), pick_one(o));
                    return true;
                }
                // NR-7.4: an accessed agenda must be stolen (unless Ansel 1.0 forbids it).
                g.tasks.pop();
                if !blocked {
                    steal(g, card, ev);
                }
                finish_access_decision(g, card);
                return false;
            }
            let o = access_options(g, card);
            if o.is_empty() {
                g.tasks.pop();
                finish_access_decision(g, card);
                return false;
            }
            ask(g, RUNNER, "access", "decides what to do with an accessed card".into(), format!("You access {}", g.label(card)), pick_one(o));
            true
        }
        Task::SendMessageRez => {
            let o = send_a_message_options(g);
            if o.len() <= 1 {
                g.tasks.pop();
                return false;
            }
            ask(g, CORP, "send_a_message", "may rez an installed ice for free (Send a Message)".into(), "Send a Message: you may rez an installed ice for free".into(), pick_one(o));
            true
        }
        Task::HubDraw => {
            ask(
                g,
                CORP,
                "superconducting_hub",
                "may draw 2 cards (Superconducting Hub)".into(),
                "Superconducting Hub: draw 2 cards?".into(),
                pick_one(vec![opt("draw", "Draw 2 cards"), opt("none", "Do not draw")]),
            );
            true
        }
        Task::BranInstall { ice } => {
            let o = bran_options(g);
            if o.len() <= 1 || !matches!(g.corp_zone(ice), CorpZone::Ice(_)) {
                g.tasks.pop();
                return false;
            }
            ask(g, CORP, "bran_install", "may install an ice for free (Brân 1.0)".into(), "Brân 1.0: install an ice from HQ or Archives inward, for free?".into(), pick_one(o));
            true
        }
        Task::KarunaJackOut => {
            if g.run.as_ref().is_none_or(|r| r.stop) {
                g.tasks.pop();
                return false;
            }
            ask(
                g,
                RUNNER,
                "karuna",
                "may jack out (Karunā)".into(),
                "Karunā: you may jack out".into(),
                pick_one(vec![opt("continue", "Continue the run"), opt("jack_out", "Jack out")]),
            );
            true
        }
        Task::Manegarm { card } => {
            if g.run.as_ref().is_none_or(|r| r.stop) {
                g.tasks.pop();
                return false;
            }
            ask(
                g,
                RUNNER,
                "manegarm",
                format!("pays 5 credits, spends 2 clicks or lets the run end ({})", g.corp_public_label(card)),
                format!("{}: the run ends unless you pay 5 credits or spend 2 clicks", g.label(card)),
                pick_one(manegarm_options(g)),
            );
            true
        }
        Task::TrashBeforeInstall { card, server } => {
            let o: Vec<DecisionOption> = trashable_before_install(g, card, server)
                .into_iter()
                .map(|c| {
                    let place = if g.server(server).is_some_and(|s| s.ice.contains(&c)) { "ice" } else { "in the root" };
                    let state = if g.rezzed(c) { "rezzed" } else { "unrezzed" };
                    opt(format!("trash:{c}"), format!("Trash {} ({place}, {state})", g.label(c)))
                })
                .collect();
            let where_ = Game::server_name(server);
            let cost = if g.def(card).ctype == CardType::Ice {
                let n = g.server(server).map_or(0, |s| s.ice.len());
                format!("; the install costs 1 credit per ice left protecting it, now {n}")
            } else {
                String::new()
            };
            let replaced: Vec<String> = replaced_by(g, card, server).into_iter().map(|c| g.label(c)).collect();
            let replaces =
                if replaced.is_empty() { String::new() } else { format!("; {} is trashed anyway (replaced)", replaced.join(", ")) };
            let n = o.len() as u32;
            ask(
                g,
                CORP,
                "trash_before_install",
                format!("may trash cards installed in {where_} before installing a card there"),
                format!(
                    "Before installing {} in {where_}, you may trash any of the cards installed there (none to keep them all){cost}{replaces}",
                    g.label(card)
                ),
                pick_range(o, 0, n),
            );
            true
        }
        Task::MakeRoom { program, host } => {
            let mem = g.def(program).memory.unwrap_or(0);
            if g.memory_used() + mem <= g.memory_limit() || g.runner.programs.is_empty() {
                g.tasks.pop();
                if g.memory_used() + mem <= g.memory_limit() {
                    install_runner_now(g, program, host, ev);
                }
                return false;
            }
            let o = g
                .runner
                .programs
                .iter()
                .map(|&p| opt(format!("trash:{p}"), format!("Trash {} ({} MU)", g.label(p), g.def(p).memory.unwrap_or(0))))
                .collect();
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
    }
}

fn picks(input: &Input) -> Result<Vec<String>, RulesError> {
    match input {
        Input::Decision { choice: Choice::Pick(ids), .. } => Ok(ids.clone()),
        _ => Err(RulesError::Malformed("this decision expects a pick".into())),
    }
}

fn one_pick(input: &Input) -> Result<String, RulesError> {
    picks(input)?.into_iter().next().ok_or_else(|| RulesError::Malformed("pick one option".into()))
}

fn number(input: &Input) -> Result<i64, RulesError> {
    match input {
        Input::Decision { choice: Choice::Number(n), .. } => Ok(*n),
        _ => Err(RulesError::Malformed("this decision expects a number".into())),
    }
}

fn draw_value(input: &Input) -> Result<u32, RulesError> {
    match input {
        Input::Draw { values, .. } => values.first().copied().ok_or_else(|| RulesError::Malformed("empty draw".into())),
        _ => Err(RulesError::Malformed("this step expects a draw".into())),
    }
}

fn id_num(id: &str, prefix: &str) -> Option<u32> {
    id.strip_prefix(prefix)?.parse().ok()
}

fn task_input(g: &mut Game, task: Task, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match task {
        Task::Shuffle { .. }
        | Task::PayOrTag { .. }
        | Task::Funhouse
        | Task::CorpTrashes { .. }
        | Task::AnselInstall
        | Task::RealityPlus
        | Task::WildcatStrike
        | Task::MutualFavor
        | Task::SprintReturn
        | Task::HanseiTrash
        | Task::LongevityTrash
        | Task::ArchivesToRd { .. }
        | Task::AnoeticVoid { .. }
        | Task::Clearinghouse { .. }
        | Task::Malapert
        | Task::PrecisionDesign
        | Task::Zahya { .. }
        | Task::TaoSwap
        | Task::Pantograph
        | Task::Carnivore { .. } => return card_task_input(g, task, input, ev),
        Task::Damage { kind, left, source, diviner } => {
            let v = draw_value(input)?;
            let card = *g.runner.grip.get(v as usize).ok_or_else(|| RulesError::Malformed("damage draw out of range".into()))?;
            g.to_heap(card);
            if kind == DamageKind::Core {
                g.runner.core_damage += 1;
            }
            ev.push(public(
                "damage",
                format!("{source}: 1 {} damage trashes {} from the grip", kind.name(), g.label(card)),
                json!({"kind": kind.name(), "card": card, "code": g.code(card), "source": source}),
            ));
            g.tasks.pop();
            if left > 1 {
                g.tasks.push(Task::Damage { kind, left: left - 1, source, diviner: false });
            }
            if diviner && g.def(card).cost.unwrap_or(0) % 2 != 0 {
                cards::end_the_run(g, "Diviner (an odd-cost card was trashed)", ev);
            }
        }
        Task::Trace { base, corp_bid, effect, source } => {
            let n = number(input)?;
            match corp_bid {
                None => {
                    if !g.corp_pay(n) {
                        return Err(RulesError::Illegal(format!("the Corp has only {} credits", g.corp.credits)));
                    }
                    ev.push(public("trace_bid", format!("The Corp spends {n} on the trace (strength {})", base + n), json!({"seat": CORP, "bid": n})));
                    if let Some(Task::Trace { corp_bid, .. }) = g.tasks.last_mut() {
                        *corp_bid = Some(n);
                    }
                }
                Some(b) => {
                    if !g.runner_pay(n) {
                        return Err(RulesError::Illegal("the Runner cannot pay that much".into()));
                    }
                    let trace = base + b;
                    let link = g.runner.link + n;
                    // NR-8: succeeds only if strictly greater.
                    let ok = trace > link;
                    ev.push(public(
                        "trace",
                        format!(
                            "{source}: trace {trace} against link {link}: {}",
                            if ok { "the trace succeeds" } else { "the trace fails" }
                        ),
                        json!({"trace": trace, "link": link, "success": ok, "runner_bid": n}),
                    ));
                    g.tasks.pop();
                    if ok {
                        match effect {
                            TraceEffect::Tags(t) => cards::give_tags(g, t, &source, ev),
                            TraceEffect::Damage(kind, k) => g.tasks.push(Task::Damage { kind, left: k, source, diviner: false }),
                        }
                    }
                }
            }
        }
        Task::AccessDecision { card } => {
            let id = one_pick(input)?;
            if id == "trash" {
                let cost = g.def(card).trash.unwrap_or(0);
                if !g.runner_pay(cost) {
                    return Err(RulesError::Illegal(format!("trashing costs {cost}")));
                }
                g.tasks.pop();
                g.trash(card, &format!("the Runner paid {cost} to trash it"), ev);
                cards::rene_loup_arcemont(g, ev);
            } else if id == "carnivore" {
                if !cards::carnivore(g) {
                    return Err(RulesError::Illegal("Carnivore cannot be used now".into()));
                }
                g.tasks.pop();
                g.flags.carnivore_used = true;
                g.tasks.push(Task::Carnivore { card });
                return Ok(());
            } else if id == "steal" {
                g.tasks.pop();
                steal(g, card, ev);
            } else {
                g.tasks.pop();
            }
            finish_access_decision(g, card);
        }
        Task::SendMessageRez => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if let Some(c) = id_num(&id, "rez:") {
                if let Some(k) = g.card_mut(c) {
                    k.rezzed = true;
                }
                ev.push(public("rezzed", format!("Send a Message: the Corp rezzes {} for free", g.label(c)), json!({"card": c, "code": g.code(c), "cost": 0})));
                cards::unique_check(g, c, ev);
            }
        }
        Task::HubDraw => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if id == "draw" {
                g.draw(CORP, 2, ev);
            }
        }
        Task::BranInstall { ice } => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if let Some(c) = id_num(&id, "install:") {
                let CorpZone::Ice(sid) = g.corp_zone(ice) else { return Ok(()) };
                let from = if g.corp.hq.contains(&c) { "HQ" } else { "Archives" };
                let was_up = g.card(c).is_some_and(|k| k.faceup);
                g.corp.hq.retain(|&x| x != c);
                g.corp.archives.retain(|&x| x != c);
                let turn = g.turn;
                if let Some(k) = g.card_mut(c) {
                    k.rezzed = false;
                    k.adv = 0;
                    k.faceup = false;
                    k.installed_turn = turn;
                }
                let mut at = 0;
                if let Some(s) = g.server_mut(sid) {
                    at = s.ice.iter().position(|&x| x == ice).unwrap_or(0);
                    s.ice.insert(at, c);
                }
                if let Some(r) = g.run.as_mut() {
                    if r.server == sid && at <= r.pos {
                        r.pos += 1;
                    }
                }
                let text = format!("Brân 1.0: the Corp installs an ice from {from} inward, protecting {}", Game::server_name(sid));
                if was_up {
                    ev.push(public("corp_installed", format!("{text}: {}", g.label(c)), json!({"card": c, "server": sid, "ice": true, "code": g.code(c)})));
                } else {
                    ev.push(Event::with_private(
                        "netrunner.corp_installed",
                        text.clone(),
                        json!({"card": c, "server": sid, "ice": true}),
                        vec![CORP],
                        format!("{text}: {}", g.label(c)),
                        json!({"card": c, "server": sid, "ice": true, "code": g.code(c)}),
                    ));
                }
            }
        }
        Task::KarunaJackOut => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if id == "jack_out" {
                if let Some(r) = g.run.as_mut() {
                    r.stop = true;
                }
                ev.push(public("jacked_out", "The Runner jacks out (Karunā)", json!({})));
            }
        }
        Task::Manegarm { card } => {
            let id = one_pick(input)?;
            g.tasks.pop();
            match id.as_str() {
                "pay" if g.runner_pay(5) => {
                    ev.push(public("manegarm", format!("The Runner pays 5 credits for {}", g.label(card)), json!({"card": card, "paid": "credits"})));
                }
                "clicks" if g.runner.clicks >= 2 => {
                    g.runner.clicks -= 2;
                    ev.push(public("manegarm", format!("The Runner spends 2 clicks for {}", g.label(card)), json!({"card": card, "paid": "clicks"})));
                }
                _ => cards::end_the_run(g, "Manegarm Skunkworks", ev),
            }
        }
        Task::TrashBeforeInstall { card, server } => {
            let allowed = trashable_before_install(g, card, server);
            let mut chosen: Vec<u32> = Vec::new();
            for id in picks(input)? {
                let c = id_num(&id, "trash:").ok_or_else(|| RulesError::Malformed(format!("unknown option {id}")))?;
                if !allowed.contains(&c) {
                    return Err(RulesError::Illegal(format!("card #{c} is not installed in {}", Game::server_name(server))));
                }
                if chosen.contains(&c) {
                    return Err(RulesError::Malformed(format!("{id} picked twice")));
                }
                chosen.push(c);
            }
            g.tasks.pop();
            for c in chosen {
                g.corp_trash_installed(c, "trashed by the Corp before installing in its server", ev);
            }
            install_corp_now(g, card, Some(server), ev)?;
        }
        Task::MakeRoom { .. } => {
            let id = one_pick(input)?;
            let p = id_num(&id, "trash:").ok_or_else(|| RulesError::Malformed(format!("unknown option {id}")))?;
            if !g.runner.programs.contains(&p) {
                return Err(RulesError::Illegal(format!("{} is not an installed program", g.label(p))));
            }
            g.trash(p, "to make room in memory", ev);
        }
    }
    Ok(())
}

// --- the engine loop -----------------------------------------------------------------------------------

/// Advance until the match needs an input.
pub fn run(g: &mut Game, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    for _ in 0..MAX_STEPS_PER_INPUT {
        if step(g, ev)? {
            return Ok(());
        }
    }
    Err(corrupt("the rules engine did not settle"))
}

/// NR-1.2 … NR-1.4: who has won, if anyone.
pub fn end_reason(g: &Game) -> Option<(u32, String)> {
    let target = g.options.agenda_points_to_win;
    if g.corp.points >= target {
        return Some((CORP, format!("agenda points: the Corp has {} of {target}", g.corp.points)));
    }
    if g.runner.points >= target {
        return Some((RUNNER, format!("agenda points: the Runner has {} of {target}", g.runner.points)));
    }
    if g.corp.decked {
        return Some((RUNNER, "decking: the Corp had to draw from an empty R&D".into()));
    }
    if g.runner.flatlined {
        return Some((CORP, "flatline: the Runner is flatlined".into()));
    }
    None
}

fn shuffle(deck: &mut Vec<u32>, values: &[u32]) -> Result<(), RulesError> {
    let old = deck.clone();
    if values.len() != old.len() {
        return Err(RulesError::Malformed("shuffle of the wrong size".into()));
    }
    let mut new = Vec::with_capacity(old.len());
    for &v in values {
        new.push(*old.get(v as usize).ok_or_else(|| RulesError::Malformed("shuffle value out of range".into()))?);
    }
    *deck = new;
    Ok(())
}

fn discard_options(g: &Game) -> Vec<DecisionOption> {
    let hand = if g.active == CORP { &g.corp.hq } else { &g.runner.grip };
    hand.iter().map(|&c| opt(format!("discard:{c}"), format!("Discard {}", g.label(c)))).collect()
}

/// One step; true when waiting for an input.
fn step(g: &mut Game, ev: &mut Vec<Event>) -> Result<bool, RulesError> {
    if g.stage != Stage::Over {
        if let Some((w, reason)) = end_reason(g) {
            g.tasks.clear();
            g.winner = Some((w, reason.clone()));
            ev.push(public("game_over", format!("{} wins: {reason}", g.seat_name(w)), json!({"winner": w, "reason": reason})));
            g.stage = Stage::Over;
        }
    }
    if g.stage != Stage::Over {
        cards::trojan_sweep(g, ev);
        if let Some(task) = g.tasks.last().cloned() {
            return Ok(step_task(g, task, ev));
        }
        if is_run_stage(&g.stage) && g.run.as_ref().is_some_and(|r| r.stop) {
            g.stage = Stage::RunEnd;
        }
    }
    let active = g.active;
    match g.stage.clone() {
        Stage::CardNumbers => {
            request_draw(g, numbering::PURPOSE, DrawKind::Shuffle(g.cards.len() as u32));
            Ok(true)
        }
        Stage::Setup { step } => {
            if step == 0 {
                let n = g.corp.rd.len() as u32;
                request_draw(g, "shuffle-rd", DrawKind::Shuffle(n));
            } else {
                let n = g.runner.stack.len() as u32;
                request_draw(g, "shuffle-stack", DrawKind::Shuffle(n));
            }
            Ok(true)
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
            Ok(true)
        }
        Stage::MulliganShuffle { seat } => {
            let n = if seat == CORP { g.corp.rd.len() } else { g.runner.stack.len() } as u32;
            request_draw(g, if seat == CORP { "mulligan-shuffle-rd" } else { "mulligan-shuffle-stack" }, DrawKind::Shuffle(n));
            Ok(true)
        }
        Stage::TurnBegin => {
            g.turn = g.turn.saturating_add(1);
            g.flags = TurnFlags::default();
            let clicks = if active == CORP { g.options.corp_clicks } else { g.options.runner_clicks };
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
            open(g, At::TurnBegin);
            Ok(false)
        }
        Stage::Window { at, mut round } => {
            let holder = round.holder().ok_or_else(|| corrupt("empty priority round"))?;
            let opts = paid_options(g, holder, at);
            if opts.len() <= 1 && g.options.auto_pass {
                if round.pass() {
                    close_window(g, at);
                } else {
                    g.stage = Stage::Window { at, round };
                }
                return Ok(false);
            }
            let options = opts.into_iter().map(|(o, _)| o).collect();
            ask(g, holder, "window", format!("may use a paid ability ({at:?})"), format!("Paid-ability window ({at:?}): use a paid ability or pass"), pick_one(options));
            Ok(true)
        }
        Stage::TurnBeginTriggers => {
            cards::on_turn_begin(g, ev);
            if active == CORP {
                g.stage = Stage::MandatoryDraw;
            } else {
                open(g, At::Action);
            }
            Ok(false)
        }
        Stage::MandatoryDraw => {
            // NR-2.2: the Corp's mandatory draw.
            g.draw(CORP, 1, ev);
            open(g, At::Action);
            Ok(false)
        }
        Stage::Action => {
            let clicks = if active == CORP { g.corp.clicks } else { g.runner.clicks };
            if clicks <= 0 {
                g.stage = Stage::Discard;
                return Ok(false);
            }
            let options = action_options(g).into_iter().map(|(o, _)| o).collect();
            ask(g, active, "action", format!("takes an action ({clicks} click(s) left)"), format!("{} has {clicks} click(s): take an action", g.seat_name(active)), pick_one(options));
            Ok(true)
        }
        Stage::Discard => {
            if active == RUNNER && g.max_hand(RUNNER) < 0 {
                g.runner.flatlined = true;
                ev.push(public("flatlined", "The Runner's maximum hand size is below 0: flatlined", json!({})));
                return Ok(false);
            }
            let hand = if active == CORP { g.corp.hq.len() } else { g.runner.grip.len() } as i64;
            let excess = hand - g.max_hand(active);
            if excess <= 0 {
                if active == CORP {
                    cards::jinteki_restoring_humanity(g, ev);
                }
                open(g, At::TurnEnd);
                return Ok(false);
            }
            let options = discard_options(g);
            ask(
                g,
                active,
                "discard",
                format!("discards {excess} card(s) to their maximum hand size"),
                format!("Maximum hand size {}: discard {excess} card(s)", g.max_hand(active)),
                DecisionSpec::Pick { options, min: excess as u32, max: excess as u32 },
            );
            Ok(true)
        }
        Stage::EndTurn => {
            if active == CORP {
                g.corp.clicks = 0;
            } else {
                g.runner.clicks = 0;
                g.runner_success_last_turn = g.flags.successful_run;
            }
            ev.push(public("turn_ended", format!("{}'s turn ends", g.seat_name(active)), json!({"seat": active})));
            g.active = other(active);
            g.stage = Stage::TurnBegin;
            Ok(false)
        }
        Stage::RunInit => {
            let (bp, ice) = g.run.as_ref().map_or((0, 0), |r| (r.bp_credits, r.pos));
            if bp > 0 {
                ev.push(public("bad_publicity_credits", format!("The Runner collects {bp} bad publicity credit(s) for this run"), json!({"credits": bp})));
            }
            g.stage = if ice > 0 { Stage::ApproachIce } else { Stage::ApproachServer };
            Ok(false)
        }
        Stage::ApproachIce => {
            let Some(run) = g.run.as_mut() else {
                g.stage = Stage::RunEnd;
                return Ok(false);
            };
            if run.pos == 0 {
                g.stage = Stage::ApproachServer;
                return Ok(false);
            }
            run.pos -= 1;
            run.approached += 1;
            run.pumps.clear();
            run.broken.clear();
            let (server, pos, n) = (run.server, run.pos, run.approached);
            let ice = g.server(server).and_then(|s| s.ice.get(pos).copied());
            if let Some(r) = g.run.as_mut() {
                r.current = ice;
            }
            let Some(ice) = ice else {
                g.stage = Stage::PassIce;
                return Ok(false);
            };
            ev.push(public(
                "approach_ice",
                format!("The Runner approaches {} (ice {n} of this run)", g.corp_public_label(ice)),
                json!({"ice": ice, "position": pos, "approached": n}),
            ));
            open(g, At::Run21);
            Ok(false)
        }
        Stage::Continue { at_server } => {
            let o = vec![opt("continue", "Continue the run"), opt("jack_out", "Jack out")];
            let where_ = if at_server { "before the server" } else { "at this ice" };
            ask(g, RUNNER, "continue", format!("continues the run or jacks out {where_}"), format!("Continue the run or jack out {where_}?"), pick_one(o));
            Ok(true)
        }
        Stage::PassIce => {
            let pos = if let Some(r) = g.run.as_mut() {
                r.current = None;
                r.pumps.clear();
                r.broken.clear();
                r.pos
            } else {
                0
            };
            g.stage = if pos > 0 { Stage::ApproachIce } else { Stage::ApproachServer };
            Ok(false)
        }
        Stage::Encounter => {
            let ice = g.run.as_ref().and_then(|r| r.current).unwrap_or(0);
            let n = cards::subroutines(g.code(ice));
            if let Some(r) = g.run.as_mut() {
                r.broken = vec![false; n];
            }
            ev.push(public("encounter", format!("The Runner encounters {}", g.label(ice)), json!({"ice": ice, "subroutines": n})));
            open(g, At::Run31);
            if g.is(ice, cards::FUNHOUSE) {
                g.tasks.push(Task::Funhouse);
            }
            Ok(false)
        }
        Stage::Subs { next } => {
            let Some(run) = g.run.clone() else {
                g.stage = Stage::RunEnd;
                return Ok(false);
            };
            let ice = run.current.unwrap_or(0);
            let found = run.broken.iter().enumerate().skip(next).find(|(_, b)| !**b).map(|(i, _)| i);
            match found {
                Some(i) if g.rezzed(ice) => {
                    ev.push(public(
                        "subroutine",
                        format!("{}: subroutine {} resolves: {}", g.label(ice), i + 1, cards::subroutine_text(g.code(ice), i)),
                        json!({"ice": ice, "subroutine": i}),
                    ));
                    g.stage = Stage::Subs { next: i + 1 };
                    cards::resolve_subroutine(g, ice, i, ev);
                }
                _ => {
                    ev.push(public("pass_ice", format!("The Runner passes {}", g.corp_public_label(ice)), json!({"ice": ice})));
                    g.stage = Stage::PassIce;
                }
            }
            Ok(false)
        }
        Stage::ApproachServer => {
            let server = g.run.as_ref().map_or(HQ, |r| r.server);
            if let Some(r) = g.run.as_mut() {
                r.current = None;
            }
            ev.push(public("approach_server", format!("The Runner approaches {}", Game::server_name(server)), json!({"server": server})));
            let manegarms: Vec<u32> = g
                .server(server)
                .map(|s| s.root.iter().copied().filter(|&c| g.is(c, cards::MANEGARM_SKUNKWORKS) && g.rezzed(c)).collect())
                .unwrap_or_default();
            for m in manegarms {
                cards::manegarm_skunkworks(g, m);
            }
            let voids: Vec<u32> = g
                .server(server)
                .map(|s| s.root.iter().copied().filter(|&c| g.is(c, cards::ANOETIC_VOID) && g.rezzed(c)).collect())
                .unwrap_or_default();
            for v in voids {
                cards::anoetic_void(g, v);
            }
            open(g, At::Run41);
            Ok(false)
        }
        Stage::Success => {
            if let Some(r) = g.run.as_mut() {
                r.successful = true;
            }
            g.flags.successful_run = true;
            ev.push(public("run_successful", "The run is successful", json!({})));
            cards::on_successful_run(g, ev);
            g.stage = Stage::AccessBegin;
            Ok(false)
        }
        Stage::AccessBegin => {
            begin_access(g, ev);
            Ok(false)
        }
        Stage::Accessing => {
            let Some(acc) = g.access.clone() else {
                g.stage = Stage::RunEnd;
                return Ok(false);
            };
            if !acc.ordered {
                let items = acc.slots.iter().enumerate().map(|(i, s)| opt(format!("slot:{i}"), slot_label(g, s))).collect();
                ask(g, RUNNER, "access_order", "chooses the order of access".into(), "Choose the order in which you access these".into(), DecisionSpec::Order { items });
                return Ok(true);
            }
            let Some(slot) = acc.slots.first().cloned() else {
                g.stage = Stage::RunEnd;
                return Ok(false);
            };
            match slot {
                Slot::HqRandom => {
                    let unseen = g.corp.hq.iter().filter(|c| !acc.hq_seen.contains(c)).count() as u32;
                    if unseen == 0 {
                        if let Some(a) = g.access.as_mut() {
                            if !a.slots.is_empty() {
                a.slots.remove(0);
            }
                        }
                        return Ok(false);
                    }
                    // NR-7.2: HQ at random, one draw per card.
                    request_draw(g, "hq-access", DrawKind::Range(unseen));
                    Ok(true)
                }
                Slot::RdTop => {
                    if let Some(a) = g.access.as_mut() {
                        if !a.slots.is_empty() {
                a.slots.remove(0);
            }
                    }
                    if let Some(&c) = g.corp.rd.get(acc.rd_depth) {
                        access_card(g, c, ev);
                    }
                    Ok(false)
                }
                Slot::Card(c) => {
                    if let Some(a) = g.access.as_mut() {
                        if !a.slots.is_empty() {
                a.slots.remove(0);
            }
                    }
                    let here = match g.corp_zone(c) {
                        CorpZone::Archives => acc.server == ARCHIVES,
                        CorpZone::Root(s) => s == acc.server,
                        _ => false,
                    };
                    if here {
                        access_card(g, c, ev);
                    }
                    Ok(false)
                }
            }
        }
        Stage::RunEnd => {
            let Some(run) = g.run.take() else {
                open(g, At::Action);
                return Ok(false);
            };
            g.access = None;
            let how = if run.successful { "successful" } else { "unsuccessful" };
            ev.push(public(
                "run_ended",
                format!("The run on {} ends ({how}); unspent run credits are lost", Game::server_name(run.server)),
                json!({"server": run.server, "successful": run.successful}),
            ));
            for m in run.mayflies {
                if g.runner.programs.contains(&m) {
                    g.trash(m, "Mayfly is trashed when the run ends", ev);
                }
            }
            if run.amaze && run.stolen > 0 {
                cards::amaze_amusements(g, ev);
            }
            if run.successful && run.server == RD {
                let conduits: Vec<u32> = g.runner.programs.iter().copied().filter(|&p| g.is(p, cards::CONDUIT)).collect();
                for c in conduits {
                    cards::add_virus(g, c, 1, "Conduit", ev);
                }
            }
            cards::zahya_sadeghi(g, run.server, run.accessed);
            open(g, At::Action);
            Ok(false)
        }
        Stage::Over => {
            let (w, reason) = g.winner.clone().unwrap_or((CORP, "the game stopped".into()));
            g.awaiting = Awaiting::Ended(Outcome { winners: vec![w], reason });
            Ok(true)
        }
    }
}

/// Apply a checked input to the task or stage waiting for it.
pub fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    if let Some(task) = g.tasks.last().cloned() {
        return task_input(g, task, input, ev);
    }
    let active = g.active;
    match (g.stage.clone(), input) {
        (Stage::CardNumbers, Input::Draw { values, .. }) => {
            g.cards = numbering::renumber(std::mem::take(&mut g.cards), values)?;
            // Only R&D and the stack hold cards before the first draw from them.
            for id in g.corp.rd.iter_mut().chain(g.runner.stack.iter_mut()) {
                *id = numbering::number_of(values, *id)?;
            }
            ev.push(public("card_numbers", "Card numbers are drawn for this match", json!({})));
            g.stage = Stage::Setup { step: 0 };
        }
        (Stage::Setup { step }, Input::Draw { values, .. }) => {
            if step == 0 {
                shuffle(&mut g.corp.rd, values)?;
                ev.push(public("shuffled", "R&D is shuffled", json!({"seat": CORP})));
                g.stage = Stage::Setup { step: 1 };
            } else {
                shuffle(&mut g.runner.stack, values)?;
                ev.push(public("shuffled", "The stack is shuffled", json!({"seat": RUNNER})));
                let n = g.options.opening_hand.max(0) as u32;
                g.draw(CORP, n, ev);
                g.draw(RUNNER, n, ev);
                g.stage = Stage::Mulligan { seat: CORP };
            }
        }
        (Stage::Mulligan { seat }, Input::Decision { .. }) => {
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
        }
        (Stage::MulliganShuffle { seat }, Input::Draw { values, .. }) => {
            let n = g.options.opening_hand.max(0) as u32;
            if seat == CORP {
                shuffle(&mut g.corp.rd, values)?;
            } else {
                shuffle(&mut g.runner.stack, values)?;
            }
            g.draw(seat, n, ev);
            g.stage = if seat == CORP { Stage::Mulligan { seat: RUNNER } } else { Stage::TurnBegin };
        }
        (Stage::Window { at, mut round }, Input::Decision { seat, .. }) => {
            let id = one_pick(input)?;
            let Some((_, paid)) = paid_options(g, *seat, at).into_iter().find(|(o, _)| o.id == id) else {
                return Err(RulesError::Illegal(format!("\"{id}\" is not a legal paid ability now")));
            };
            if paid == Paid::Pass {
                ev.push(public("passed", format!("{} passes", g.seat_name(*seat)), json!({"seat": *seat})));
                if round.pass() {
                    close_window(g, at);
                } else {
                    g.stage = Stage::Window { at, round };
                }
            } else {
                use_paid(g, *seat, &paid, ev);
                // The user keeps priority; both must pass in succession again.
                round.passes = 0;
                g.stage = Stage::Window { at, round };
            }
        }
        (Stage::Action, Input::Decision { .. }) => {
            let id = one_pick(input)?;
            let Some((_, act)) = action_options(g).into_iter().find(|(o, _)| o.id == id) else {
                return Err(RulesError::Illegal(format!("\"{id}\" is not a legal action now")));
            };
            do_action(g, &act, ev)?;
        }
        (Stage::Discard, Input::Decision { .. }) => {
            let ids = picks(input)?;
            let hand = if active == CORP { g.corp.hq.clone() } else { g.runner.grip.clone() };
            for c in hand {
                if !ids.contains(&format!("discard:{c}")) {
                    continue;
                }
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
                cards::jinteki_restoring_humanity(g, ev);
            }
            open(g, At::TurnEnd);
        }
        (Stage::Continue { at_server }, Input::Decision { .. }) => {
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
        }
        (Stage::Accessing, Input::Decision { choice: Choice::Order(ids), .. }) => {
            let Some(acc) = g.access.as_mut() else { return Err(corrupt("no access")) };
            let mut slots = Vec::new();
            for id in ids {
                let i = id_num(id, "slot:").ok_or_else(|| RulesError::Malformed(format!("unknown item {id}")))?;
                slots.push(acc.slots.get(i as usize).cloned().ok_or_else(|| RulesError::Malformed(format!("unknown item {id}")))?);
            }
            acc.slots = slots;
            acc.ordered = true;
        }
        (Stage::Accessing, Input::Draw { .. }) => {
            let v = draw_value(input)?;
            let seen = g.access.as_ref().map(|a| a.hq_seen.clone()).unwrap_or_default();
            let unseen: Vec<u32> = g.corp.hq.iter().copied().filter(|c| !seen.contains(c)).collect();
            let c = *unseen.get(v as usize).ok_or_else(|| RulesError::Malformed("access draw out of range".into()))?;
            if let Some(a) = g.access.as_mut() {
                if !a.slots.is_empty() {
                a.slots.remove(0);
            }
                a.hq_seen.push(c);
            }
            access_card(g, c, ev);
        }
        _ => return Err(corrupt("the state does not wait for this input")),
    }
    Ok(())
}

/// Which side a seat plays.
pub fn side_of(seat: u32) -> Side {
    if seat == CORP {
        Side::Corp
    } else {
        Side::Runner
    }
}

// --- the choices of the System Gateway faction cards ---------------------------------------------------

fn card_opt(g: &Game, prefix: &str, c: u32) -> DecisionOption {
    opt(format!("{prefix}:{c}"), g.label(c))
}

fn pick_range(options: Vec<DecisionOption>, min: u32, max: u32) -> DecisionSpec {
    DecisionSpec::Pick { options, min, max }
}

/// Ansel 1.0's install: every card of HQ or Archives (not an operation) in every legal place.
fn ansel_options(g: &Game) -> Vec<DecisionOption> {
    let mut o = vec![opt("none", "Install nothing")];
    for &c in g.corp.hq.iter().chain(g.corp.archives.iter()) {
        let d = g.def(c);
        if matches!(d.ctype, CardType::Operation | CardType::Identity) {
            continue;
        }
        for s in &g.corp.servers {
            let ok = match d.ctype {
                CardType::Agenda | CardType::Asset => Game::is_remote(s.id),
                CardType::Ice => g.corp.credits >= s.ice.len() as i64,
                _ => true,
            };
            if ok {
                o.push(opt(format!("install:{c}:{}", s.id), format!("Install {} in/protecting {}", g.label(c), Game::server_name(s.id))));
            }
        }
        o.push(opt(format!("install:{c}:new"), format!("Install {} in a new remote server", g.label(c))));
    }
    o
}

fn corp_trash_targets(g: &Game, kind: TrashKind) -> Vec<u32> {
    match kind {
        TrashKind::Program => g.runner.programs.clone(),
        TrashKind::Resource => g.runner.resources.clone(),
        TrashKind::RunnerCard => g.installed_runner(),
    }
}

/// Grip cards Pantograph may install (programs that are not Trojans, hardware, resources).
fn pantograph_options(g: &Game) -> Vec<DecisionOption> {
    let mut o = vec![opt("none", "Install nothing")];
    let has_console = g.runner.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
    for &c in &g.runner.grip {
        let d = g.def(c);
        let ok = match d.ctype {
            CardType::Program => !cards::is_trojan(g, c) && d.memory.unwrap_or(0) <= g.memory_limit(),
            CardType::Hardware => !(d.has_subtype("Console") && has_console),
            CardType::Resource => true,
            _ => false,
        };
        let cost = cards::runner_install_cost(g, c);
        if ok && g.runner_available() >= cost {
            o.push(opt(format!("install:{c}"), format!("Install {} (cost {cost})", g.label(c))));
        }
    }
    o
}

/// Ask for the card tasks; true when waiting for an input.
fn step_card_task(g: &mut Game, task: Task, ev: &mut Vec<Event>) -> bool {
    let _ = ev;
    match task {
        Task::Shuffle { corp } => {
            let n = if corp { g.corp.rd.len() } else { g.runner.stack.len() } as u32;
            if n <= 1 {
                g.tasks.pop();
                return false;
            }
            request_draw(g, if corp { "shuffle-rd" } else { "shuffle-stack" }, DrawKind::Shuffle(n));
        }
        Task::PayOrTag { cost, source } => {
            let mut o = vec![opt("tag", "Take 1 tag")];
            if g.runner_available() >= cost {
                o.insert(0, opt("pay", format!("Pay {cost} credits")));
            }
            ask(g, RUNNER, "pay_or_tag", format!("pays {cost} credits or takes 1 tag ({source})"), format!("{source}: pay {cost} credits or take 1 tag"), pick_one(o));
        }
        Task::Funhouse => {
            if g.run.as_ref().is_none_or(|r| r.stop) {
                g.tasks.pop();
                return false;
            }
            let o = vec![opt("tag", "Take 1 tag"), opt("end", "Let the run end")];
            ask(g, RUNNER, "funhouse", "takes 1 tag or lets the run end (Funhouse)".into(), "Funhouse: take 1 tag or the run ends".into(), pick_one(o));
        }
        Task::CorpTrashes { kind, or_end, optional, source } => {
            let mut o: Vec<DecisionOption> = corp_trash_targets(g, kind).into_iter().map(|c| card_opt(g, "trash", c)).collect();
            if or_end && g.run.as_ref().is_some_and(|r| !r.stop) {
                o.push(opt("end", "End the run"));
            }
            if o.is_empty() {
                g.tasks.pop();
                return false;
            }
            if optional {
                o.push(opt("none", "Trash nothing"));
            }
            ask(g, CORP, "corp_trashes", format!("chooses what to trash ({source})"), format!("{source}: choose what to trash"), pick_one(o));
        }
        Task::AnselInstall => {
            let o = ansel_options(g);
            if o.len() <= 1 {
                g.tasks.pop();
                return false;
            }
            ask(g, CORP, "ansel_install", "may install a card from HQ or Archives (Ansel 1.0)".into(), "Ansel 1.0: you may install a card from HQ or Archives".into(), pick_one(o));
        }
        Task::RealityPlus => {
            let o = vec![opt("credits", "Gain 2 credits"), opt("draw", "Draw 2 cards")];
            ask(g, CORP, "reality_plus", "gains 2 credits or draws 2 cards (NBN: Reality Plus)".into(), "NBN: Reality Plus: gain 2 credits or draw 2 cards".into(), pick_one(o));
        }
        Task::WildcatStrike => {
            let o = vec![opt("credits", "The Runner gains 6 credits"), opt("draw", "The Runner draws 4 cards")];
            ask(g, CORP, "wildcat_strike", "chooses what the Runner gets (Wildcat Strike)".into(), "Wildcat Strike: choose what the Runner gets".into(), pick_one(o));
        }
        Task::MutualFavor => {
            let found: Vec<u32> = g.runner.stack.iter().copied().filter(|&c| g.def(c).has_subtype("Icebreaker")).collect();
            if found.is_empty() {
                g.tasks.pop();
                return false;
            }
            let mut o = Vec::new();
            for c in found {
                o.push(opt(format!("grip:{c}"), format!("Add {} to your grip", g.label(c))));
                let cost = cards::runner_install_cost(g, c);
                if g.flags.successful_run && g.runner_available() >= cost && g.def(c).memory.unwrap_or(0) <= g.memory_limit() {
                    o.push(opt(format!("install:{c}"), format!("Install {} (cost {cost})", g.label(c))));
                }
            }
            ask(g, RUNNER, "mutual_favor", "searches their stack for an icebreaker (Mutual Favor)".into(), "Mutual Favor: choose an icebreaker from your stack".into(), pick_one(o));
        }
        Task::SprintReturn => {
            let n = g.corp.hq.len().min(2) as u32;
            if n == 0 {
                g.tasks.pop();
                return false;
            }
            let o = g.corp.hq.iter().map(|&c| card_opt(g, "card", c)).collect();
            ask(g, CORP, "sprint", format!("shuffles {n} card(s) from HQ into R&D (Sprint)"), format!("Sprint: shuffle {n} card(s) from HQ into R&D"), pick_range(o, n, n));
        }
        Task::HanseiTrash => {
            if g.corp.hq.is_empty() {
                g.tasks.pop();
                return false;
            }
            let o = g.corp.hq.iter().map(|&c| card_opt(g, "card", c)).collect();
            ask(g, CORP, "hansei_review", "trashes 1 card from HQ (Hansei Review)".into(), "Hansei Review: trash 1 card from HQ".into(), pick_one(o));
        }
        Task::LongevityTrash => {
            if g.corp.hq.is_empty() {
                g.tasks.pop();
                return false;
            }
            let n = g.corp.hq.len() as u32;
            let o = g.corp.hq.iter().map(|&c| card_opt(g, "card", c)).collect();
            ask(g, CORP, "longevity_serum", "trashes any number of cards from HQ (Longevity Serum)".into(), "Longevity Serum: trash any number of cards from HQ".into(), pick_range(o, 0, n));
        }
        Task::ArchivesToRd { max, source } => {
            if g.corp.archives.is_empty() {
                g.tasks.pop();
                return false;
            }
            let n = (g.corp.archives.len() as u32).min(max);
            let o = g.corp.archives.iter().map(|&c| card_opt(g, "card", c)).collect();
            ask(g, CORP, "archives_to_rd", format!("may shuffle up to {n} card(s) from Archives into R&D ({source})"), format!("{source}: shuffle up to {n} card(s) from Archives into R&D"), pick_range(o, 0, n));
        }
        Task::AnoeticVoid { card } => {
            if g.run.as_ref().is_none_or(|r| r.stop) || g.corp.credits < 2 || g.corp.hq.len() < 2 {
                g.tasks.pop();
                return false;
            }
            let o = g.corp.hq.iter().map(|&c| card_opt(g, "card", c)).collect();
            ask(
                g,
                CORP,
                "anoetic_void",
                format!("may pay 2 credits and trash 2 cards from HQ to end the run ({})", g.corp_public_label(card)),
                format!("{}: pay 2 credits and trash 2 cards from HQ to end the run (pick 2), or pick none", g.label(card)),
                pick_range(o, 0, 2),
            );
        }
        Task::Clearinghouse { card } => {
            if !g.rezzed(card) || !g.is_installed(card) {
                g.tasks.pop();
                return false;
            }
            let o = vec![opt("trash", format!("Trash it: {} meat damage", g.adv(card))), opt("keep", "Keep it")];
            ask(g, CORP, "clearinghouse", format!("may trash {} to do meat damage", g.corp_public_label(card)), format!("{}: trash it to do meat damage?", g.label(card)), pick_one(o));
        }
        Task::Malapert => {
            let mut o = vec![opt("none", "Take nothing")];
            o.extend(g.corp.rd.iter().filter(|&&c| g.def(c).ctype != CardType::Agenda).map(|&c| card_opt(g, "take", c)));
            ask(g, CORP, "malapert", "may take a non-agenda card from R&D (Malapert Data Vault)".into(), "Malapert Data Vault: you may take a non-agenda card from R&D".into(), pick_one(o));
        }
        Task::PrecisionDesign => {
            if g.corp.archives.is_empty() {
                g.tasks.pop();
                return false;
            }
            let mut o = vec![opt("none", "Take nothing")];
            o.extend(g.corp.archives.iter().map(|&c| card_opt(g, "take", c)));
            ask(g, CORP, "precision_design", "may add a card from Archives to HQ (Haas-Bioroid: Precision Design)".into(), "Haas-Bioroid: Precision Design: you may add a card from Archives to HQ".into(), pick_one(o));
        }
        Task::Zahya { n } => {
            let o = vec![opt("gain", format!("Gain {n} credit(s)")), opt("decline", "Not now")];
            ask(g, RUNNER, "zahya", format!("may gain {n} credit(s) (Zahya Sadeghi)"), format!("Zahya Sadeghi: gain {n} credit(s) (once per turn)?"), pick_one(o));
        }
        Task::TaoSwap => {
            let ice: Vec<u32> = g.installed_corp().into_iter().filter(|&c| g.def(c).ctype == CardType::Ice).collect();
            if ice.len() < 2 {
                g.tasks.pop();
                return false;
            }
            let o = ice.iter().map(|&c| opt(format!("ice:{c}"), g.corp_public_label(c))).collect();
            ask(g, RUNNER, "tao_salonga", "may swap 2 installed ice (Tāo Salonga)".into(), "Tāo Salonga: pick 2 installed ice to swap, or none".into(), pick_range(o, 0, 2));
        }
        Task::Pantograph => {
            let o = pantograph_options(g);
            if o.len() <= 1 {
                g.tasks.pop();
                return false;
            }
            ask(g, RUNNER, "pantograph", "may install a card from their grip (Pantograph)".into(), "Pantograph: you may install a card from your grip".into(), pick_one(o));
        }
        Task::Carnivore { card } => {
            if g.runner.grip.len() < 2 {
                g.tasks.pop();
                return false;
            }
            let o = g.runner.grip.iter().map(|&c| card_opt(g, "card", c)).collect();
            ask(g, RUNNER, "carnivore", "may trash 2 cards from their grip to trash the accessed card (Carnivore)".into(), format!("Carnivore: trash 2 cards from your grip to trash {}", g.label(card)), pick_range(o, 2, 2));
        }
        _ => {
            g.tasks.pop();
            return false;
        }
    }
    true
}

fn picked_cards(input: &Input, prefix: &str, allowed: &[u32]) -> Result<Vec<u32>, RulesError> {
    let mut out = Vec::new();
    for id in picks(input)? {
        let c = id_num(&id, prefix).filter(|c| allowed.contains(c)).ok_or_else(|| RulesError::Illegal(format!("\"{id}\" is not offered")))?;
        if !out.contains(&c) {
            out.push(c);
        }
    }
    Ok(out)
}

fn corp_card_private(g: &Game, kind: &str, public_text: String, private_text: String, c: u32) -> Event {
    Event::with_private(
        format!("netrunner.{kind}"),
        public_text,
        json!({"seat": CORP}),
        vec![CORP],
        private_text,
        json!({"seat": CORP, "card": c, "code": g.code(c)}),
    )
}

fn card_task_input(g: &mut Game, task: Task, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    match task {
        Task::Shuffle { corp } => {
            let Input::Draw { values, .. } = input else { return Err(RulesError::Malformed("this step expects a draw".into())) };
            if corp {
                shuffle(&mut g.corp.rd, values)?;
            } else {
                shuffle(&mut g.runner.stack, values)?;
            }
            g.tasks.pop();
            ev.push(public("shuffled", if corp { "R&D is shuffled" } else { "The stack is shuffled" }, json!({"seat": if corp { CORP } else { RUNNER }})));
        }
        Task::PayOrTag { cost, source } => {
            let id = one_pick(input)?;
            if id == "pay" {
                if !g.runner_pay(cost) {
                    return Err(RulesError::Illegal(format!("paying costs {cost}")));
                }
                g.tasks.pop();
                ev.push(public("paid", format!("The Runner pays {cost} credits for {source}"), json!({"cost": cost, "source": source})));
            } else {
                g.tasks.pop();
                cards::give_tags(g, 1, &source, ev);
            }
        }
        Task::Funhouse => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if id == "tag" {
                cards::give_tags(g, 1, "Funhouse", ev);
            } else {
                cards::end_the_run(g, "Funhouse", ev);
            }
        }
        Task::CorpTrashes { kind, source, .. } => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if id == "end" {
                cards::end_the_run(g, &source, ev);
            } else if let Some(c) = id_num(&id, "trash:").filter(|c| corp_trash_targets(g, kind).contains(c)) {
                g.trash(c, &source, ev);
            }
        }
        Task::AnselInstall => {
            let id = one_pick(input)?;
            if !ansel_options(g).iter().any(|o| o.id == id) {
                return Err(RulesError::Illegal(format!("\"{id}\" is not offered")));
            }
            g.tasks.pop();
            let mut parts = id.split(':').skip(1);
            let card = parts.next().and_then(|c| c.parse::<u32>().ok());
            let server = parts.next().and_then(|s| s.parse::<u32>().ok());
            if let Some(c) = card {
                install_corp(g, c, server, ev)?;
            }
        }
        Task::RealityPlus => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if id == "draw" {
                g.draw(CORP, 2, ev);
            } else {
                g.gain(CORP, 2, "NBN: Reality Plus", ev);
            }
        }
        Task::WildcatStrike => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if id == "draw" {
                g.draw(RUNNER, 4, ev);
            } else {
                g.gain(RUNNER, 6, "Wildcat Strike", ev);
            }
        }
        Task::MutualFavor => {
            let id = one_pick(input)?;
            let stack = g.runner.stack.clone();
            let (install, c) = match (id_num(&id, "grip:"), id_num(&id, "install:")) {
                (Some(c), _) => (false, c),
                (_, Some(c)) => (true, c),
                _ => return Err(RulesError::Illegal(format!("\"{id}\" is not offered"))),
            };
            if !stack.contains(&c) || !g.def(c).has_subtype("Icebreaker") || (install && !g.flags.successful_run) {
                return Err(RulesError::Illegal(format!("\"{id}\" is not offered")));
            }
            g.tasks.pop();
            ev.push(public("revealed", format!("Mutual Favor reveals {}", g.label(c)), json!({"card": c, "code": g.code(c)})));
            if install {
                install_runner(g, c, None, ev);
            } else {
                g.take_runner(c);
                g.runner.grip.push(c);
            }
        }
        Task::SprintReturn => {
            let hq = g.corp.hq.clone();
            let cs = picked_cards(input, "card:", &hq)?;
            if cs.len() != hq.len().min(2) {
                return Err(RulesError::Illegal("pick exactly 2 cards".into()));
            }
            g.tasks.pop();
            for c in cs {
                g.corp.hq.retain(|&x| x != c);
                g.corp.rd.push(c);
            }
            ev.push(public("returned", "Sprint: the Corp shuffles 2 cards from HQ into R&D", json!({})));
            g.tasks.push(Task::Shuffle { corp: true });
        }
        Task::HanseiTrash | Task::LongevityTrash => {
            let hq = g.corp.hq.clone();
            let cs = picked_cards(input, "card:", &hq)?;
            if task == Task::HanseiTrash && cs.len() != 1 {
                return Err(RulesError::Illegal("pick 1 card".into()));
            }
            g.tasks.pop();
            for c in cs {
                g.to_archives(c, false);
                ev.push(corp_card_private(g, "discarded", "The Corp trashes a card from HQ".into(), format!("The Corp trashes {} from HQ", g.label(c)), c));
            }
        }
        Task::ArchivesToRd { max, source } => {
            let arch = g.corp.archives.clone();
            let cs = picked_cards(input, "card:", &arch)?;
            if cs.len() as u32 > max {
                return Err(RulesError::Illegal(format!("at most {max} cards")));
            }
            g.tasks.pop();
            let names: Vec<String> = cs.iter().map(|&c| g.corp_public_label(c)).collect();
            for &c in &cs {
                g.take_corp(c);
                if let Some(k) = g.card_mut(c) {
                    k.faceup = false;
                }
                g.corp.rd.push(c);
            }
            ev.push(public("returned", format!("{source}: {} card(s) from Archives are shuffled into R&D ({})", cs.len(), names.join(", ")), json!({"cards": cs})));
            if !cs.is_empty() {
                g.tasks.push(Task::Shuffle { corp: true });
            }
        }
        Task::AnoeticVoid { card } => {
            let hq = g.corp.hq.clone();
            let cs = picked_cards(input, "card:", &hq)?;
            if !cs.is_empty() && cs.len() != 2 {
                return Err(RulesError::Illegal("pick 2 cards or none".into()));
            }
            if cs.len() == 2 && !g.corp_pay(2) {
                return Err(RulesError::Illegal("Anoetic Void costs 2 credits".into()));
            }
            g.tasks.pop();
            if cs.len() == 2 {
                for c in cs {
                    g.to_archives(c, false);
                    ev.push(corp_card_private(g, "discarded", "The Corp trashes a card from HQ".into(), format!("The Corp trashes {} from HQ", g.label(c)), c));
                }
                let label = g.label(card);
                cards::end_the_run(g, &label, ev);
            }
        }
        Task::Clearinghouse { card } => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if id == "trash" {
                let n = g.adv(card);
                g.trash(card, "Clearinghouse is used", ev);
                if n > 0 {
                    g.tasks.push(Task::Damage { kind: DamageKind::Meat, left: n, source: "Clearinghouse".into(), diviner: false });
                }
            }
        }
        Task::Malapert | Task::PrecisionDesign => {
            let id = one_pick(input)?;
            let from_rd = task == Task::Malapert;
            let pool = if from_rd { g.corp.rd.clone() } else { g.corp.archives.clone() };
            g.tasks.pop();
            if let Some(c) = id_num(&id, "take:") {
                if !pool.contains(&c) || (from_rd && g.def(c).ctype == CardType::Agenda) {
                    g.tasks.push(task);
                    return Err(RulesError::Illegal(format!("\"{id}\" is not offered")));
                }
                let shown = from_rd || g.card(c).is_some_and(|k| k.faceup);
                g.take_corp(c);
                if let Some(k) = g.card_mut(c) {
                    k.faceup = false;
                }
                g.corp.hq.push(c);
                let from = if from_rd { "R&D" } else { "Archives" };
                if shown {
                    ev.push(public("to_hq", format!("The Corp adds {} from {from} to HQ", g.label(c)), json!({"card": c, "code": g.code(c)})));
                } else {
                    ev.push(corp_card_private(g, "to_hq", format!("The Corp adds a card from {from} to HQ"), format!("The Corp adds {} from {from} to HQ", g.label(c)), c));
                }
            }
        }
        Task::Zahya { n } => {
            let id = one_pick(input)?;
            g.tasks.pop();
            if id == "gain" {
                g.flags.zahya_used = true;
                g.gain(RUNNER, i64::from(n), "Zahya Sadeghi", ev);
            }
        }
        Task::TaoSwap => {
            let ice: Vec<u32> = g.installed_corp().into_iter().filter(|&c| g.def(c).ctype == CardType::Ice).collect();
            let cs = picked_cards(input, "ice:", &ice)?;
            let pair = match cs.as_slice() {
                [] => None,
                [a, b] => Some((*a, *b)),
                _ => return Err(RulesError::Illegal("pick 2 ice or none".into())),
            };
            g.tasks.pop();
            if let Some((a, b)) = pair {
                for s in g.corp.servers.iter_mut() {
                    for x in s.ice.iter_mut() {
                        if *x == a {
                            *x = b;
                        } else if *x == b {
                            *x = a;
                        }
                    }
                }
                ev.push(public(
                    "ice_swapped",
                    format!("Tāo Salonga swaps {} and {}", g.corp_public_label(a), g.corp_public_label(b)),
                    json!({"ice": [a, b]}),
                ));
            }
        }
        Task::Pantograph => {
            let id = one_pick(input)?;
            if !pantograph_options(g).iter().any(|o| o.id == id) {
                return Err(RulesError::Illegal(format!("\"{id}\" is not offered")));
            }
            g.tasks.pop();
            if let Some(c) = id_num(&id, "install:") {
                install_runner(g, c, None, ev);
            }
        }
        Task::Carnivore { card } => {
            let grip = g.runner.grip.clone();
            let cs = picked_cards(input, "card:", &grip)?;
            if cs.len() != 2 {
                return Err(RulesError::Illegal("pick 2 cards".into()));
            }
            g.tasks.pop();
            for c in cs {
                g.to_heap(c);
                ev.push(public("discarded", format!("Carnivore: the Runner trashes {} from the grip", g.label(c)), json!({"card": c, "code": g.code(c)})));
            }
            if !matches!(g.corp_zone(card), CorpZone::None | CorpZone::Score | CorpZone::Archives) {
                g.trash(card, "Carnivore", ev);
                cards::rene_loup_arcemont(g, ev);
            }
            finish_access_decision(g, card);
        }
        _ => return Err(corrupt("no input expected for this task")),
    }
    Ok(())
}
