//! Moving and changing Corp cards by an effect: rez (NR-5) and derez, forfeit, trashing from HQ
//! and R&D, HQ to the top of R&D, moving a card between roots.

use super::{corp_card_private, corp_pay_for, note, unique_check};
use crate::core::Event;
use crate::netrunner::cards;
use crate::netrunner::cards::{fire_identity, Source, When};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{CorpZone, Game, CORP, RUNNER};
use serde_json::json;

/// The Corp trashes cards from HQ (face down), one private event each.
pub fn trash_from_hq(g: &mut Game, cards: Vec<u32>, ev: &mut Vec<Event>) {
    let any = !cards.is_empty();
    for c in cards {
        g.to_archives(c, false);
        ev.push(corp_card_private(g, "discarded", "The Corp trashes a card from HQ".into(), format!("The Corp trashes {} from HQ", g.label(c)), c));
    }
    if any {
        fire_identity(g, CORP, When::CorpTrashedFromHq, 0, ev);
    }
}

/// Whether `card` is an ice.
pub fn is_ice(g: &Game, card: u32) -> bool {
    g.def(card).ctype == CardType::Ice
}

/// The card types among the face-up cards in Archives, `except` one (an operation being played
/// is not in Archives yet by the rules, though this engine files it there first).
pub fn faceup_archive_types(g: &Game, except: u32) -> Vec<CardType> {
    let mut types = Vec::new();
    for &c in &g.corp.archives {
        if c != except && g.card(c).is_some_and(|k| k.faceup) {
            let t = g.def(c).ctype;
            if !types.contains(&t) {
                types.push(t);
            }
        }
    }
    types
}

/// A Corp card from HQ into the top of R&D, told to the Corp alone.
pub fn hq_to_rd_top(g: &mut Game, card: u32, source: &str, ev: &mut Vec<Event>) {
    if !g.corp.hq.contains(&card) {
        return;
    }
    g.corp.hq.retain(|&x| x != card);
    g.corp.rd.insert(0, card);
    ev.push(corp_card_private(
        g,
        "to_rd",
        format!("{source}: the Corp adds a card from HQ to the top of R&D"),
        format!("{source}: the Corp adds {} from HQ to the top of R&D", g.label(card)),
        card,
    ));
}

/// "Whenever you rez a card": after `card` is rezzed (recorded for the turn), the Corp identity,
/// then the rezzed Corp cards with that trigger (`card` itself included). A rezzed ice is also heard
/// by the Runner's identity and installed cards (`When::CorpRezzedIce`), however it was rezzed.
pub fn corp_card_rezzed(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    g.flags.rezzed.push(card);
    // One moment: "whenever you rez a card" of the Corp's (its identity, then rezzed cards, this
    // one included) and, for ice, the Runner's "whenever the Corp rezzes a piece of ice".
    let mut abilities: Vec<(Source, When, u32)> =
        [Source::Identity(CORP)].into_iter().chain(cards::rezzed_corp_sources(g)).map(|s| (s, When::Rez, card)).collect();
    if is_ice(g, card) {
        abilities.push((Source::Identity(RUNNER), When::CorpRezzedIce, card));
        abilities.extend(cards::runner_sources(g).into_iter().map(|s| (s, When::CorpRezzedIce, card)));
    }
    super::triggers::fire_moment(g, abilities, ev);
}

/// Derez an installed Corp card (it stays installed, unrezzed), then the Runner's installed
/// cards hear it (`When::Derezzed`, `arg` the card).
pub fn derez(g: &mut Game, card: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.rezzed = false;
    }
    note(ev, "derezzed", format!("{source} derezzes {}", g.label(card)), json!({"card": card}));
    if is_ice(g, card) {
        if let Some(r) = g.run.as_mut() {
            r.ice_derezzed = true;
        }
    }
    let installed = cards::runner_trigger_order(g);
    cards::fire_all(g, When::Derezzed, &installed, card, ev);
}

/// The Corp forfeits `agenda` (the Comprehensive Rules' "forfeit"): it leaves the score area,
/// its points are lost and it is removed from the game; then its own "when forfeited" ability.
pub fn forfeit(g: &mut Game, agenda: u32, source: &str, ev: &mut Vec<Event>) {
    if !g.corp.score.contains(&agenda) {
        return;
    }
    let pts = g.def(agenda).points.unwrap_or(0);
    g.corp.score.retain(|&x| x != agenda);
    g.corp.points -= pts;
    if let Some(k) = g.card_mut(agenda) {
        k.agenda = 0;
    }
    g.corp.removed.push(agenda);
    note(
        ev,
        "forfeited",
        format!("{source}: the Corp forfeits {} ({} point(s) left)", g.label(agenda), g.corp.points),
        json!({"card": agenda, "code": g.code(agenda), "points": g.corp.points}),
    );
    let c = cards::ctx(g, agenda, 0);
    cards::fire(g, When::Forfeited, c, ev);
}

/// Whether the Runner may trash Corp card `card` now (a rezzed card may forbid it).
pub fn runner_may_trash(g: &Game, card: u32) -> bool {
    !(g.rezzed(card) && cards::def(g.code(card)).statics.iter().any(|s| matches!(s, cards::Static::RunnerCannotTrash)))
}

/// The Corp rezzes installed `card` by a card's effect, ignoring all costs: its own "when
/// rezzed" ability, then the "whenever you rez" triggers (`corp_card_rezzed`).
pub fn rez_free(g: &mut Game, card: u32, source: &str, ev: &mut Vec<Event>) {
    rez_by_effect(g, card, None, source, ev);
}

/// The Corp rezzes installed `card` by a card's effect, paying `cost` ([`rez_paying`]) or, with
/// `None`, ignoring all costs.
pub fn rez_by_effect(g: &mut Game, card: u32, cost: Option<i64>, source: &str, ev: &mut Vec<Event>) {
    let Some(cost) = cost else {
        if g.rezzed(card) || !g.is_installed(card) {
            return;
        }
        let text = format!("{source}: the Corp rezzes {} ignoring all costs", g.label(card));
        rez_ignoring_costs(g, card, text, ev);
        return;
    };
    rez_paying(g, card, cost, source, ev);
}

/// The Corp rezzes installed `card` by a card's effect paying `cost` (its rez cost less what
/// the effect takes off; hosted credits for rezzing it may pay); nothing happens if it cannot
/// pay, or if the card cannot be rezzed (an agenda).
pub fn rez_paying(g: &mut Game, card: u32, cost: i64, source: &str, ev: &mut Vec<Event>) {
    let rezzable = matches!(g.def(card).ctype, CardType::Ice | CardType::Asset | CardType::Upgrade);
    if g.rezzed(card) || !g.is_installed(card) || !rezzable || !corp_pay_for(g, cost, cards::Spend::Rez(card), ev) {
        return;
    }
    note(ev, "rezzed", format!("{source}: the Corp rezzes {} for {cost}", g.label(card)), json!({"card": card, "code": g.code(card), "cost": cost}));
    rezzed_by_effect(g, card, ev);
}

/// Rez installed `card` ignoring all costs, saying so with `text` (each card's own words,
/// kept as its logs have them): like any rez, its "when rezzed" ability and the rez triggers
/// follow (NR-5: a rez by an effect is a rez, so the card's "when rezzed" ability fires however it
/// was rezzed).
pub fn rez_ignoring_costs(g: &mut Game, card: u32, text: String, ev: &mut Vec<Event>) {
    note(ev, "rezzed", text, json!({"card": card, "code": g.code(card), "cost": 0}));
    rezzed_by_effect(g, card, ev);
}

/// A card rezzed by an effect: its own "when rezzed", then the "whenever you rez" triggers.
fn rezzed_by_effect(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.rezzed = true;
    }
    unique_check(g, card, ev);
    let c = cards::ctx(g, card, 0);
    cards::apply(g, &c.def.on_rez, c, ev);
    corp_card_rezzed(g, card, ev);
}

/// The ice protecting server `server`, innermost first (none for an unknown server).
pub fn ice_of(g: &Game, server: u32) -> Vec<u32> {
    g.corp.servers.iter().find(|s| s.id == server).map_or_else(Vec::new, |s| s.ice.clone())
}

/// Move installed Corp card `card` from the root of its server to the root of server `to`
/// (an existing server): it stays installed, with its rez state and counters; a remote left
/// empty is gone. Then its own "whenever this moves" ability (`When::Moved`).
pub fn move_to_root(g: &mut Game, card: u32, to: u32, source: &str, ev: &mut Vec<Event>) {
    let CorpZone::Root(from) = g.corp_zone(card) else { return };
    if from == to || g.server(to).is_none() {
        return;
    }
    let label = g.corp_public_label(card);
    for s in &mut g.corp.servers {
        s.root.retain(|&x| x != card);
    }
    g.corp.servers.retain(|s| !Game::is_remote(s.id) || !s.ice.is_empty() || !s.root.is_empty());
    if let Some(s) = g.server_mut(to) {
        s.root.push(card);
    }
    note(
        ev,
        "moved",
        format!("{source}: {label} moves from {} to the root of {}", Game::server_name(from), Game::server_name(to)),
        json!({"card": card, "from": from, "to": to}),
    );
    let c = cards::ctx(g, card, to);
    cards::fire(g, When::Moved, c, ev);
}

/// The Corp trashes cards from R&D (face down: one private event each), then its identity's
/// `When::CorpTrashedFromRd`.
pub fn trash_from_rd(g: &mut Game, cards: &[u32], source: &str, ev: &mut Vec<Event>) {
    let cards: Vec<u32> = cards.iter().copied().filter(|k| g.corp.rd.contains(k)).collect();
    for &k in &cards {
        g.to_archives(k, false);
        ev.push(corp_card_private(
            g,
            "trashed",
            format!("{source}: a card of R&D is trashed face down"),
            format!("{source}: {} is trashed from R&D", g.label(k)),
            k,
        ));
    }
    if !cards.is_empty() {
        fire_identity(g, CORP, When::CorpTrashedFromRd, 0, ev);
    }
}
