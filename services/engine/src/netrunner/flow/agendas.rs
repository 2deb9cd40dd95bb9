//! NR-4 scoring and NR-7.4 stealing: an agenda changes hands, and the cards that care react.

use serde_json::json;

use super::ask::public;
use crate::core::Event;
use crate::netrunner::cards::{self, Source, When};
use crate::netrunner::effects::triggers;
use crate::netrunner::state::{CorpZone, Game, CORP, RUNNER};

/// After any agenda is scored or stolen: the Runner's identity, then installed Runner cards.
fn agenda_changed_hands(g: &mut Game, ev: &mut Vec<Event>) {
    g.flags.agendas_changed_hands += 1;
    let sources = [Source::Identity(RUNNER)].into_iter().chain(cards::runner_sources(g));
    triggers::fire(g, When::AgendaChangedHands, sources, 0, ev);
}

/// The rezzed cards of the server whose root holds agenda `c` (the ice protecting it, then the
/// other cards in its root), with a trigger for an agenda scored or stolen from there.
fn ice_reacting(g: &Game, c: u32) -> Vec<u32> {
    match g.corp_zone(c) {
        CorpZone::Root(s) => g
            .server(s)
            .map(|sv| {
                sv.ice.iter().chain(sv.root.iter()).copied().filter(|&i| i != c && g.rezzed(i) && cards::has_trigger(g, i, When::AgendaLeftServer)).collect()
            })
            .unwrap_or_default(),
        _ => vec![],
    }
}

/// The Corp scores agenda `c` (NR-4).
pub fn score(g: &mut Game, c: u32, ev: &mut Vec<Event>) {
    let pts = g.def(c).points.unwrap_or(0);
    let ice = ice_reacting(g, c);
    // Cards in the root it is scored from react after the agenda's own effect.
    let here: Vec<u32> = match g.corp_zone(c) {
        CorpZone::Root(s) => {
            g.server(s).map(|sv| sv.root.iter().copied().filter(|&u| g.rezzed(u) && cards::has_trigger(g, u, When::ScoredHere)).collect()).unwrap_or_default()
        }
        _ => vec![],
    };
    // Dividends N: N agenda counters per excess advancement counter, counted before they go.
    let excess = i64::from(g.adv(c)) - g.def(c).advancement.unwrap_or(0);
    let dividends: u32 = cards::def(g.code(c)).statics.iter().map(|s| if let cards::Static::Dividends(n) = s { *n } else { 0 }).sum();
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
    g.flags.scored_points += pts;
    if dividends > 0 && excess > 0 {
        let n = dividends * excess as u32;
        if let Some(k) = g.card_mut(c) {
            k.agenda += n;
        }
        public_counters(g, c, n, ev);
    }
    agenda_changed_hands(g, ev);
    // "Whenever you score an agenda": the identity, agendas in the score area (this one too),
    // rezzed cards.
    triggers::fire(g, When::CorpScores, cards::corp_sources(g), c, ev);
    let ctx = cards::ctx(g, c, 0);
    cards::apply(g, &ctx.def.on_score, ctx, ev);
    cards::fire_all(g, When::ScoredHere, &here, c, ev);
    cards::fire_all(g, When::AgendaLeftServer, &ice, c, ev);
}

/// The Runner steals agenda `c` (NR-7.4).
pub fn steal(g: &mut Game, c: u32, ev: &mut Vec<Event>) {
    let pts = g.def(c).points.unwrap_or(0);
    let ice = ice_reacting(g, c);
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
    if let Some(r) = g.run.as_mut() {
        r.stolen += 1;
    }
    agenda_changed_hands(g, ev);
    crate::netrunner::effects::runner_took_corp_card(g, c, ev);
    // "Whenever an agenda is stolen": the Corp identity, then rezzed Corp cards.
    let sources = [Source::Identity(CORP)].into_iter().chain(cards::rezzed_corp_sources(g));
    triggers::fire(g, When::AgendaStolen, sources, c, ev);
    let ctx = cards::ctx(g, c, 0);
    cards::apply(g, &ctx.def.on_steal, ctx, ev);
    cards::fire_all(g, When::AgendaLeftServer, &ice, c, ev);
}

/// Agenda counters placed on a scored agenda (Dividends).
fn public_counters(g: &Game, c: u32, n: u32, ev: &mut Vec<Event>) {
    let total = g.card(c).map_or(0, |k| k.agenda);
    ev.push(public(
        "agenda_counters",
        format!("Dividends: {n} agenda counter(s) on {} (now {total})", g.label(c)),
        json!({"card": c, "change": n, "agenda": total}),
    ));
}
