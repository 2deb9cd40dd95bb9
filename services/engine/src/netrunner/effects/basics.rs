//! The basic effects of the rules: tags (NR-9), ending the run, damage (NR-9.1), clicks, the
//! threat level (CR 1.17.1.a), uniqueness (NR-10), and what the Runner took or trashed.

use super::note;
use crate::core::Event;
use crate::netrunner::cards;
use crate::netrunner::cards::{fire_identity, Source, When};
use crate::netrunner::data::Side;
use crate::netrunner::state::{DamageKind, Game, Task, CORP, RUNNER};
use serde_json::json;

/// Tags for the Runner; the first tag each turn fires the Corp identity's trigger.
pub fn give_tags(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) {
    if n <= 0 {
        return;
    }
    let before = g.runner.tags.max(0) as u32;
    g.runner.tags += n;
    note(ev, "tagged", format!("{source}: the Runner takes {n} tag(s) (now {})", g.runner.tags), json!({"tags": g.runner.tags, "source": source}));
    // One moment: the Corp identity's "first tag this turn", the Runner's "whenever you take a
    // tag" (their identity, then installed cards).
    let mut abilities = Vec::new();
    if !g.flags.tag_taken {
        g.flags.tag_taken = true;
        abilities.push((Source::Identity(CORP), When::FirstTagThisTurn, 0));
    }
    abilities.push((Source::Identity(RUNNER), When::RunnerTagged, before));
    abilities.extend(cards::runner_sources(g).into_iter().map(|s| (s, When::RunnerTagged, before)));
    super::triggers::fire_moment(g, abilities, ev);
}

pub fn end_the_run(g: &mut Game, source: &str, ev: &mut Vec<Event>) {
    // A subroutine of an ice whose subroutines cannot end the run in this encounter.
    let resolving = matches!(g.stage, crate::netrunner::state::Stage::Subs { .. });
    if let Some(r) = g.run.as_ref().filter(|r| resolving && r.current.is_some_and(|i| r.no_etr == Some((i, r.encounters)))) {
        let ice = r.current.unwrap_or(0);
        note(ev, "run_not_ended", format!("{source} cannot end the run in this encounter"), json!({"ice": ice, "source": source}));
        return;
    }
    // An interrupt of the card that began the run (`Static::FirstRunEndAsks`): the first time the
    // Corp would end it, that card's question decides whether it ends (Comprehensive Rules
    // glossary, "prevent").
    let interrupt =
        g.run.as_ref().and_then(|r| r.source.filter(|s| !r.used_cards.contains(s))).and_then(|s| {
            cards::def(g.code(s)).statics.iter().find_map(|st| if let cards::Static::FirstRunEndAsks(step) = st { Some((s, *step)) } else { None })
        });
    if let Some((card, step)) = interrupt {
        if let Some(r) = g.run.as_mut() {
            r.used_cards.push(card);
        }
        note(ev, "run_end_interrupted", format!("{source} would end the run: {} interrupts", g.label(card)), json!({"source": source, "card": card}));
        let c = cards::ctx(g, card, 0);
        cards::ask_later(g, c, step);
        return;
    }
    run_ends_now(g, source, ev);
}

/// The run ends now (its end was not prevented).
pub fn run_ends_now(g: &mut Game, source: &str, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.stop = true;
        note(ev, "run_ended_by", format!("{source} ends the run"), json!({"source": source}));
    }
}

/// Damage to the Runner (NR-9.1), resolved as a task; `odd_cost_ends_run`: an odd-cost card
/// trashed this way ends the run.
pub fn damage(g: &mut Game, kind: DamageKind, n: u32, source: &str, odd_cost_ends_run: bool) {
    g.tasks.push(Task::Damage { kind, left: n, source: source.into(), odd_cost_ends_run, begun: false });
}

pub fn lose_a_remaining_click(g: &mut Game, source: &str, ev: &mut Vec<Event>) {
    if g.runner.clicks > 0 {
        g.runner.clicks -= 1;
        note(ev, "clicks", format!("The Runner loses a click to {source}"), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    }
}

/// NR-10 (published rule, uniqueness): a unique card cannot be active twice. When `card` becomes
/// active (a Runner card installed, a Corp card rezzed), any older active copy with the same
/// title is trashed.
pub fn unique_check(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    let d = g.def(card);
    if !d.unique {
        return;
    }
    let title = d.title.clone();
    let active = if d.side == Side::Runner { g.installed_runner() } else { g.installed_corp().into_iter().filter(|&c| g.rezzed(c)).collect() };
    let older: Vec<u32> = active.into_iter().filter(|&c| c != card && g.def(c).title == title).collect();
    for c in older {
        g.trash(c, "unique: a newer copy became active", ev);
    }
}

/// The threat level: the highest agenda-point total among the players (CR 1.17.1.a; the keyword
/// "Threat N", CR 9.3.6.f: the ability is active while the threat level is N or more).
pub fn threat_level(g: &Game) -> i64 {
    g.corp.points.max(g.runner.points)
}

/// Whether a "Threat `n`" ability is active now.
pub fn threat(g: &Game, n: i64) -> bool {
    threat_level(g) >= n
}

/// `seat` gains clicks (NR-2: each click is one more action this turn).
pub fn gain_clicks(g: &mut Game, seat: u32, n: i64, source: &str, ev: &mut Vec<Event>) {
    if seat == RUNNER && g.run.is_some() {
        g.flags.run_click_gains += 1;
    }
    let clicks = if seat == CORP { &mut g.corp.clicks } else { &mut g.runner.clicks };
    *clicks += n;
    let total = *clicks;
    let who = if seat == CORP { "The Corp" } else { "The Runner" };
    note(ev, "clicks", format!("{source}: {who} gains {n} click(s) (now {total})"), json!({"seat": seat, "clicks": total}));
}

/// The Runner trashed a card it was accessing: the Runner identity's trigger, then the
/// installed Runner cards' (in trigger order).
pub fn runner_trashed_accessed(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    runner_took_corp_card(g, card, ev);
    let sources = [Source::Identity(RUNNER)].into_iter().chain(cards::runner_sources(g));
    super::triggers::fire(g, When::TrashAccessed, sources, card, ev);
}

/// The Runner stole or trashed Corp card `card`: recorded for the turn (and, at the end of a
/// Runner turn, for "during their last turn"); the first time each turn, the Corp identity's
/// trigger.
pub fn runner_took_corp_card(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    if g.def(card).side != Side::Corp {
        return;
    }
    let first = !g.flags.runner_took_corp_card;
    g.flags.runner_took_corp_card = true;
    if first {
        let sources = [Source::Identity(CORP)].into_iter().chain(cards::runner_sources(g));
        super::triggers::fire(g, When::RunnerTookCorpCardFirst, sources, card, ev);
    }
    // A trash (not a steal: a stolen card is in the Runner's score area, and the last trash
    // recorded may be an older one of the same card): its state just before (`Game::last_trashed`).
    if !g.corp.archives.contains(&card) {
        return;
    }
    let Some((_, installed, rezzed)) = g.last_trashed.filter(|t| t.0 == card) else { return };
    g.last_trashed = None;
    if installed && g.active == RUNNER {
        g.flags.runner_trashed_installed += 1;
        if g.flags.runner_trashed_installed == 1 {
            let sources: Vec<Source> = [Source::Identity(CORP)].into_iter().chain(g.corp.score.iter().map(|&k| Source::Card(k))).collect();
            super::triggers::fire(g, When::RunnerTrashedInstalledFirst, sources, card, ev);
        }
    }
    let c = cards::ctx(g, card, u32::from(rezzed));
    cards::fire(g, When::TrashedByRunner, c, ev);
}

/// `n` of the Runner's tags were removed (by either side): the first time each turn, the Corp
/// identity's trigger (Synapse Global).
pub fn tags_removed(g: &mut Game, n: i64, ev: &mut Vec<Event>) {
    if n <= 0 || g.flags.tag_removed {
        return;
    }
    g.flags.tag_removed = true;
    fire_identity(g, CORP, When::FirstTagRemoved, 0, ev);
}

/// Spend `n` more clicks (a printed cost beyond the one the action itself spends).
pub fn spend_clicks(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) {
    let n = n.min(g.runner.clicks).max(0);
    g.runner.clicks -= n;
    note(ev, "clicks", format!("The Runner spends {n} more click(s) on {source}"), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
}
