//! NR-3 actions: the legal click actions of the active seat (basic actions, playing and
//! installing cards, card click abilities) and what each does.

use serde_json::json;

use super::ask::{ask, clicks_left, one_pick, opt, pick_one, public};
use super::install::{install_corp, install_runner};
use super::windows::open;
use crate::core::{DecisionOption, Event, Input, RulesError};
use crate::netrunner::cards::{self, Source, Static, Targets};
use crate::netrunner::data::CardType;
use crate::netrunner::effects::triggers;
use crate::netrunner::state::{At, Game, Stage, CORP, RUNNER};

/// A click action (NR-3) or a card's click ability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    Credit,
    Draw,
    InstallCorp {
        card: u32,
        server: Option<u32>,
    },
    /// Install an agenda face up (`Static::AgendasInstallFaceup`).
    InstallCorpFaceup {
        card: u32,
        server: Option<u32>,
    },
    InstallRunner {
        card: u32,
        host: Option<u32>,
    },
    Play {
        card: u32,
        target: Option<u32>,
    },
    Advance(u32),
    TrashResource(u32),
    /// Trash a resource paying, besides 2 credits, these cards from HQ (an additional cost,
    /// `Static::TrashActionHqCards`).
    TrashResourceAndHq(u32, Vec<u32>),
    Purge,
    Ability {
        card: u32,
        server: Option<u32>,
    },
    Run(u32),
    RemoveTag,
}

type Options = Vec<(DecisionOption, Act)>;

/// The legal actions of the active player with at least one click.
pub fn action_options(g: &Game) -> Options {
    let mut out = Vec::new();
    if g.active == CORP {
        corp_actions(g, &mut out);
    } else {
        runner_actions(g, &mut out);
    }
    out
}

/// The options of playing operation or event `card` (its cost `cost` already affordable).
fn play_options(g: &Game, card: u32, cost: i64, out: &mut Options) {
    let label = g.label(card);
    let targets = cards::def(g.code(card)).play.map_or(Targets::None, |p| p.targets);
    let plain = |out: &mut Options| out.push((opt(format!("play:{card}"), format!("Play {label} (cost {cost})")), Act::Play { card, target: None }));
    match targets {
        Targets::None => plain(out),
        Targets::Labeled(f) => match f(g) {
            Some(targets) => {
                // An X cost is known once the target is: only the targets it can pay for.
                let credits = if g.active == CORP { g.corp.credits } else { g.runner.credits };
                for (t, what) in targets.into_iter().filter(|&(t, _)| g.play_cost(card, Some(t)) <= credits) {
                    out.push((opt(format!("play:{card}:{t}"), format!("Play {label}: {what}")), Act::Play { card, target: Some(t) }));
                }
            }
            None => plain(out),
        },
        Targets::Cards(f) => {
            for t in f(g) {
                out.push((opt(format!("play:{card}:{t}"), format!("Play {label} on {}", g.label(t))), Act::Play { card, target: Some(t) }));
            }
        }
        Targets::Servers(f) => {
            // A run event's servers: only those a run may be made on now.
            for s in f(g).into_iter().filter(|&s| g.def(card).side == crate::netrunner::data::Side::Corp || g.may_run_on(s)) {
                out.push((opt(format!("play:{card}:{s}"), format!("Play {label} on {}", Game::server_name(s))), Act::Play { card, target: Some(s) }));
            }
        }
    }
}

/// Click abilities of `installed` cards.
fn click_abilities(g: &Game, installed: &[u32], out: &mut Options) {
    for &card in installed {
        let Some(click) = cards::def(g.code(card)).click else { continue };
        for (server, label) in cards::click_offers(g, &click, card) {
            let id = match server {
                Some(s) => format!("ability:{card}:{s}"),
                None => format!("ability:{card}"),
            };
            out.push((opt(id, label), Act::Ability { card, server }));
        }
    }
}

fn corp_install_options(g: &Game, card: u32, out: &mut Options) {
    let c = &g.corp;
    let d = g.def(card);
    let label = g.label(card);
    for s in &c.servers {
        let ok = match d.ctype {
            CardType::Ice => crate::netrunner::effects::corp_available_for(g, cards::Spend::Install(card)) >= s.ice.len() as i64,
            _ => g.may_install_root_in(card, s.id),
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
    if g.new_remote_allowed() {
        out.push((opt(format!("install:{card}:new"), format!("Install {label} in a new remote server")), Act::InstallCorp { card, server: None }));
    }
    if d.ctype == CardType::Agenda && g.agendas_install_faceup() {
        let servers = c.servers.iter().filter(|s| Game::is_remote(s.id)).map(|s| Some(s.id)).chain(g.new_remote_allowed().then_some(None));
        for server in servers.collect::<Vec<_>>() {
            let (id, name) = server.map_or(("new".to_string(), "a new remote server".to_string()), |s| (s.to_string(), Game::server_name(s)));
            out.push((opt(format!("install-faceup:{card}:{id}"), format!("Install {label} face up in {name}")), Act::InstallCorpFaceup { card, server }));
        }
    }
}

fn corp_actions(g: &Game, out: &mut Options) {
    let c = &g.corp;
    out.push((opt("credit", "Gain 1 credit"), Act::Credit));
    if !c.rd.is_empty() {
        out.push((opt("draw", "Draw 1 card"), Act::Draw));
    }
    for &card in &c.hq {
        let d = g.def(card);
        match d.ctype {
            CardType::Agenda | CardType::Asset | CardType::Upgrade | CardType::Ice => corp_install_options(g, card, out),
            // An additional click cost ("Double") needs that many clicks left besides the action's.
            CardType::Operation if c.credits >= d.cost.unwrap_or(0) && c.clicks > g.play_extra_clicks(card) => play_options(g, card, d.cost.unwrap_or(0), out),
            _ => {}
        }
    }
    if c.credits >= 1 {
        for card in g.installed_corp() {
            if g.advanceable(card) {
                out.push((opt(format!("advance:{card}"), format!("Advance {} (1 credit)", g.label(card))), Act::Advance(card)));
            }
        }
    }
    if g.tagged() && c.credits >= 2 {
        for &r in &g.runner.resources {
            let n = g.trash_action_hq_cards(r) as usize;
            if n == 0 {
                out.push((opt(format!("trash-resource:{r}"), format!("Trash {} (2 credits, the Runner is tagged)", g.label(r))), Act::TrashResource(r)));
                continue;
            }
            // One option per choice of the HQ cards to trash (the Corp's own hand: its options
            // are told to it alone).
            for hq in combinations(&c.hq, n) {
                let names: Vec<String> = hq.iter().map(|&k| g.label(k)).collect();
                let ids: Vec<String> = hq.iter().map(|k| k.to_string()).collect();
                out.push((
                    opt(
                        format!("trash-resource:{r}:{}", ids.join("-")),
                        format!("Trash {} (2 credits and {} from HQ, the Runner is tagged)", g.label(r), names.join(", ")),
                    ),
                    Act::TrashResourceAndHq(r, hq),
                ));
            }
        }
    }
    if c.clicks >= 3 {
        out.push((opt("purge", "Purge virus counters (3 clicks)"), Act::Purge));
    }
    click_abilities(g, &g.installed_corp(), out);
    // Click abilities of cards elsewhere (each row's offers say where it works): an expendable
    // card in HQ, an agenda in either score area, an operation in Archives.
    let archived_ops = g.corp.archives.iter().filter(|&&k| g.def(k).ctype == CardType::Operation);
    let elsewhere: Vec<u32> = g.corp.hq.iter().chain(g.corp.score.iter()).chain(g.runner.score.iter()).chain(archived_ops).copied().collect();
    click_abilities(g, &elsewhere, out);
    identity_click(g, &c.identity, out);
    // Installed Runner cards whose click ability any player can use.
    let shared: Vec<u32> =
        g.installed_runner().into_iter().filter(|&k| cards::def(g.code(k)).statics.iter().any(|s| matches!(s, Static::AnyPlayerMayUse))).collect();
    click_abilities(g, &shared, out);
}

/// The identity's click ability, if it has one (named "identity" in option ids).
fn identity_click(g: &Game, identity: &str, out: &mut Options) {
    if let Some(click) = cards::def(identity).click {
        for (server, label) in cards::click_offers(g, &click, cards::NO_CARD) {
            let id = match server {
                Some(s) => format!("ability:identity:{s}"),
                None => "ability:identity".to_string(),
            };
            out.push((opt(id, label), Act::Ability { card: cards::NO_CARD, server }));
        }
    }
}

/// Installing a Runner card from the grip, if it can be now.
fn runner_install_options(g: &Game, card: u32, cost: i64, out: &mut Options) {
    let r = &g.runner;
    let d = g.def(card);
    let label = g.label(card);
    let plain = (opt(format!("install:{card}"), format!("Install {label} (cost {cost})")), Act::InstallRunner { card, host: None });
    // The pool, and hosted credits that may pay for this install.
    let credits = crate::netrunner::effects::runner_available_for(g, cards::Spend::Install(card));
    match d.ctype {
        CardType::Program => {
            let mem = d.memory.unwrap_or(0);
            if credits < cost || mem > g.memory_limit() {
                return;
            }
            if g.is_trojan(card) {
                for ice in g.installed_corp().into_iter().filter(|&i| g.def(i).ctype == CardType::Ice) {
                    let what = format!("Install {label} on {} (cost {cost}, {mem} MU)", g.corp_public_label(ice));
                    out.push((opt(format!("install:{card}:{ice}"), what), Act::InstallRunner { card, host: Some(ice) }));
                }
            } else {
                out.push((opt(format!("install:{card}"), format!("Install {label} (cost {cost}, {mem} MU)")), Act::InstallRunner { card, host: None }));
            }
        }
        CardType::Hardware => {
            let console = d.has_subtype("Console");
            let has_console = r.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
            if credits >= cost && !(console && has_console) {
                out.push(plain);
            }
        }
        CardType::Resource if credits >= cost => out.push(plain),
        _ => {}
    }
}

fn runner_actions(g: &Game, out: &mut Options) {
    let r = &g.runner;
    out.push((opt("credit", "Gain 1 credit"), Act::Credit));
    if !r.stack.is_empty() {
        out.push((opt("draw", "Draw 1 card"), Act::Draw));
    }
    // Cards hosted on a card that lets them be played or installed as if in the grip.
    let as_grip = r.hosted_cards.iter().copied().filter(|&k| {
        g.card(k)
            .and_then(|x| x.host)
            .is_some_and(|h| g.installed_runner().contains(&h) && cards::def(g.code(h)).statics.iter().any(|s| matches!(s, Static::HostedAsGrip)))
    });
    let playable: Vec<u32> = r.grip.iter().copied().chain(as_grip).collect();
    for &card in &playable {
        let cost = g.runner_install_cost(card);
        match g.def(card).ctype {
            CardType::Event if r.credits >= cost => play_options(g, card, cost, out),
            CardType::Event => {}
            _ => runner_install_options(g, card, cost, out),
        }
    }
    for s in g.corp.servers.iter().map(|s| s.id).filter(|&s| g.may_run_on(s)) {
        out.push((opt(format!("run:{s}"), format!("Run {}", Game::server_name(s))), Act::Run(s)));
    }
    if r.tags > 0 && r.credits >= 2 {
        out.push((opt("remove-tag", "Remove 1 tag (2 credits)"), Act::RemoveTag));
    }
    click_abilities(g, &g.installed_runner(), out);
    // The identity's click ability, if it has one (named "identity" in option ids).
    if let Some(click) = cards::def(&r.identity).click {
        for (server, label) in cards::click_offers(g, &click, cards::NO_CARD) {
            let id = match server {
                Some(s) => format!("ability:identity:{s}"),
                None => "ability:identity".to_string(),
            };
            out.push((opt(id, label), Act::Ability { card: cards::NO_CARD, server }));
        }
    }
}

/// The basic draw action: the first one each turn may draw more (a constant effect).
fn draw_action_count(g: &mut Game, seat: u32) -> u32 {
    if seat != RUNNER {
        return 1;
    }
    match g.runner_static(|s| if let Static::FirstDrawActionDraws(n) = s { Some(*n) } else { None }) {
        Some((card, n)) => {
            let code = g.code(card).to_string();
            if g.use_once_per_turn(&code) {
                n
            } else {
                1
            }
        }
        None => 1,
    }
}

fn play(g: &mut Game, seat: u32, card: u32, target: Option<u32>, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let cost = g.play_cost(card, target);
    let paid = if seat == CORP { g.corp_pay(cost) } else { g.runner_pay(cost) };
    if !paid {
        return Err(RulesError::Illegal(format!("{} costs {cost}", g.label(card))));
    }
    if seat == CORP {
        if !g.corp.hq.contains(&card) {
            g.flags.played_not_from_hq.push(card);
        }
        g.to_archives(card, true);
    } else {
        g.to_heap(card);
    }
    g.flags.played.push(card);
    let name = g.seat_name(seat);
    // A server is named as the option named it ("on Server 1"), not by its id.
    let on = match (target, cards::def(g.code(card)).play.map(|p| p.targets)) {
        (Some(t), Some(Targets::Servers(_))) => format!(" on {}", Game::server_name(t)),
        (Some(t), _) => format!(" ({t})"),
        (None, _) => String::new(),
    };
    ev.push(public("played", format!("{name} plays {}{on}", g.label(card)), json!({"seat": seat, "card": card, "code": g.code(card), "target": target})));
    let c = cards::ctx(g, card, target.unwrap_or(0));
    if let Some(p) = c.def.play {
        cards::apply(g, &p.effect, c, ev);
    }
    if seat == RUNNER {
        let installed = cards::runner_trigger_order(g);
        cards::fire_all(g, cards::When::EventPlayed, &installed, card, ev);
    }
    if seat == CORP {
        cards::fire_identity(g, CORP, cards::When::CorpPlayedOperation, card, ev);
    }
    // Terminal: the action phase ends once the operation is resolved; its questions (already
    // pushed) are answered first, and none of them spends a click.
    if seat == CORP && c.def.statics.iter().any(|s| matches!(s, Static::Terminal)) {
        g.corp.clicks = 0;
        ev.push(public("action_phase_ended", format!("{} is terminal: the Corp's action phase ends", c.name()), json!({"card": card})));
    }
    Ok(())
}

/// The Corp plays an operation by a card's effect (not an action: no click for the play
/// itself); its additional click cost (Double), if any, is still paid.
pub fn play_corp_by_effect(g: &mut Game, card: u32, target: Option<u32>, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let extra = g.play_extra_clicks(card);
    if g.corp.clicks < extra {
        return Err(RulesError::Illegal(format!("{} needs {extra} more click(s)", g.label(card))));
    }
    g.corp.clicks -= extra;
    play(g, CORP, card, target, ev)
}

fn advance(g: &mut Game, card: u32, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    if !g.corp_pay(1) {
        return Err(RulesError::Illegal("advancing costs 1 credit".into()));
    }
    let had = g.adv(card);
    if let Some(k) = g.card_mut(card) {
        k.adv += 1;
    }
    cards::fire_identity(g, CORP, cards::When::Advance, had, ev);
    ev.push(public("advanced", format!("The Corp advances {} (now {})", g.corp_public_label(card), g.adv(card)), json!({"card": card, "adv": g.adv(card)})));
    Ok(())
}

/// Take action `act`: spend its clicks, open the action's window, then do it.
pub fn do_action(g: &mut Game, act: &Act, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let seat = g.active;
    let clicks = match act {
        Act::Purge => 3,
        Act::Play { card, .. } => 1 + g.play_extra_clicks(*card),
        _ => 1,
    };
    if seat == CORP {
        g.corp.clicks -= clicks;
    } else {
        g.runner.clicks -= clicks;
    }
    g.flags.action_under_way = Some(action_kind(g, act));
    open(g, At::Action);
    match act {
        Act::Credit => g.gain(seat, 1, "the basic action", ev),
        Act::Draw => {
            let n = draw_action_count(g, seat);
            g.draw(seat, n, ev);
        }
        Act::InstallCorp { card, server } => install_corp(g, *card, *server, ev)?,
        Act::InstallCorpFaceup { card, server } => {
            g.flags.faceup_install = Some(*card);
            install_corp(g, *card, *server, ev)?
        }
        Act::InstallRunner { card, host } => install_runner(g, *card, *host, ev),
        Act::Play { card, target } => play(g, seat, *card, *target, ev)?,
        Act::Advance(card) => advance(g, *card, ev)?,
        Act::TrashResource(r) => {
            if !g.corp_pay(2) {
                return Err(RulesError::Illegal("trashing a resource costs 2 credits".into()));
            }
            g.trash(*r, "the Corp's basic action: the Runner is tagged", ev);
        }
        Act::TrashResourceAndHq(r, hq) => {
            if hq.iter().any(|k| !g.corp.hq.contains(k)) || !g.corp_pay(2) {
                return Err(RulesError::Illegal("trashing this resource costs 2 credits and cards from HQ".into()));
            }
            crate::netrunner::effects::trash_from_hq(g, hq.clone(), ev);
            g.trash(*r, "the Corp's basic action: the Runner is tagged", ev);
        }
        Act::Purge => {
            cards::purge(g);
            ev.push(public("purged", "The Corp purges virus counters", json!({})));
            crate::netrunner::effects::purged(g, ev);
        }
        Act::Ability { card, server } => {
            if g.runner.resources.contains(card) {
                let installed = cards::runner_trigger_order(g);
                cards::fire_all(g, cards::When::ResourceAction, &installed, *card, ev);
            }
            let arg = server.unwrap_or(crate::netrunner::state::HQ);
            let c = if *card == cards::NO_CARD { cards::identity(g, seat, arg) } else { cards::ctx(g, *card, arg) };
            if let Some(click) = c.def.click {
                cards::use_ability(g, &click.offers, &click.effect, c, ev);
            }
        }
        Act::Run(s) => g.start_run(*s, None, ev),
        Act::RemoveTag => {
            if !g.runner_pay(2) {
                return Err(RulesError::Illegal("removing a tag costs 2 credits".into()));
            }
            g.runner.tags -= 1;
            ev.push(public("tag_removed", format!("The Runner removes a tag ({} left)", g.runner.tags), json!({"tags": g.runner.tags})));
            crate::netrunner::effects::tags_removed(g, 1, ev);
            let installed = cards::runner_trigger_order(g);
            cards::fire_all(g, cards::When::TagsRemoved, &installed, 0, ev);
        }
    }
    Ok(())
}

/// What "that action" is when counting actions taken (Comprehensive Rules: an action is one of
/// the basic actions or a card's click ability): each basic action is one kind (playing any
/// operation or event is one, installing any card is one), and each card's click ability is one
/// kind, by card title (`ability:CODE`; the identity's is `ability:identity`).
pub fn action_kind(g: &Game, act: &Act) -> String {
    match act {
        Act::Credit => "credit".into(),
        Act::Draw => "draw".into(),
        Act::InstallCorp { .. } | Act::InstallCorpFaceup { .. } | Act::InstallRunner { .. } => "install".into(),
        Act::Play { .. } => "play".into(),
        Act::Advance(_) => "advance".into(),
        Act::TrashResource(_) | Act::TrashResourceAndHq(..) => "trash-resource".into(),
        Act::Purge => "purge".into(),
        Act::Ability { card, .. } if *card == cards::NO_CARD => "ability:identity".into(),
        Act::Ability { card, .. } => format!("ability:{}", g.code(*card)),
        Act::Run(_) => "run".into(),
        Act::RemoveTag => "remove-tag".into(),
    }
}

/// The action under way is finished (its effects and any run it began resolved, the next
/// paid-ability window of the action phase reached): it is counted for the turn, then, on the
/// Corp's turn, its "whenever you finish an action" abilities fire (the identity, then rezzed
/// Corp cards; `arg` how many times that kind of action was taken this turn).
pub fn finish_action(g: &mut Game, ev: &mut Vec<Event>) {
    let Some(kind) = g.flags.action_under_way.take() else { return };
    g.flags.actions_finished.push(kind.clone());
    if g.active != CORP {
        return;
    }
    let n = g.flags.actions_finished.iter().filter(|k| **k == kind).count() as u32;
    let sources = [Source::Identity(CORP)].into_iter().chain(cards::rezzed_corp_sources(g));
    triggers::fire(g, cards::When::CorpFinishedAction, sources, n, ev);
}

/// The action stage: ask the active seat for an action while it has clicks.
pub fn step_action(g: &mut Game) -> bool {
    let active = g.active;
    let clicks = clicks_left(g);
    if clicks <= 0 {
        g.stage = Stage::Discard;
        return false;
    }
    let options = action_options(g).into_iter().map(|(o, _)| o).collect();
    ask(
        g,
        active,
        "action",
        format!("takes an action ({clicks} click(s) left)"),
        format!("{} has {clicks} click(s): take an action", g.seat_name(active)),
        pick_one(options),
    );
    true
}

pub fn action_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let id = one_pick(input)?;
    let Some((_, act)) = action_options(g).into_iter().find(|(o, _)| o.id == id) else {
        return Err(RulesError::Illegal(format!("\"{id}\" is not a legal action now")));
    };
    do_action(g, &act, ev)
}

/// Every choice of `n` cards among `cards`, in order.
fn combinations(cards: &[u32], n: usize) -> Vec<Vec<u32>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        for mut rest in combinations(&cards[i + 1..], n - 1) {
            rest.insert(0, c);
            out.push(rest);
        }
    }
    out
}
