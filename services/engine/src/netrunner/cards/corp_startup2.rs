//! More Corp Startup cards but ice (continuing `corp_startup.rs`, which is past the size a file
//! should have): identities first, then the other cards, one row each in [`DEFS`] with the
//! functions a row names below it. Every question asked here is of the one kind [`CARD_KIND`].

use serde_json::json;

use super::helpers::{
    card_options, corp_available_for, corp_card_private, corp_install_options, corp_play_options, expend, expend_offers, first, gain_clicks, give_tags, note,
    opt, rez_paying, search_deck_answer, search_deck_ask, trash_from_rd,
};
use super::{ask_later, Answer, Ask, CardDef, Click, Ctx, Effect, PaidAbility, Play, Prompt, Question, Spend, Static, Targets, Then, When, BLANK, CARD_KIND};
use crate::core::{DecisionOption, Event, RulesError};
use crate::netrunner::data::{self, CardType};
use crate::netrunner::state::{CorpZone, DamageKind, Game, Task, ARCHIVES, CORP};

pub const A_TEIA: &str = "34039";
pub const NUVEM_SA: &str = "34121";
pub const BANGUN: &str = "35068";
pub const AU_CO: &str = "35046";
pub const THE_ZWICKY_GROUP: &str = "35069";
pub const WAGE_WORKERS: &str = "34033";
pub const CYBERSAND_HARVESTER: &str = "34058";
pub const MAHKOTA_LANGIT_GRID: &str = "35082";
pub const EMINENT_DOMAIN: &str = "34122";
pub const TUCANA: &str = "34064";
pub const FRONT_COMPANY: &str = "34041";
pub const PETTY_CASH: &str = "35081";
pub const IP_ENFORCEMENT: &str = "35066";

/// The rows (after `corp_startup.rs`'s in trigger order).
pub static DEFS: &[CardDef] = &[
    // --- identities
    CardDef {
        code: A_TEIA,
        name: "A Teia: IP Recovery",
        statics: &[Static::RemoteServerLimit(2)],
        events: &[(When::CorpInstalled, Effect::Custom(a_teia_installed))],
        asks: &[Ask::Own(Prompt { ask: a_teia_ask, answer: a_teia_answer })],
        ..BLANK
    },
    CardDef {
        code: NUVEM_SA,
        name: "Nuvem SA: Law of the Land",
        events: &[(When::CorpFinishedAction, Effect::Custom(nuvem_finished)), (When::CorpTrashedFromRd, Effect::Custom(nuvem_trashed_from_rd))],
        asks: &[Ask::Own(Prompt { ask: nuvem_ask, answer: nuvem_answer })],
        ..BLANK
    },
    CardDef {
        code: BANGUN,
        name: "BANGUN: When Disaster Strikes",
        statics: &[Static::AgendasInstallFaceup],
        events: &[(When::CorpCardAccessed, Effect::Custom(bangun_accessed))],
        ..BLANK
    },
    CardDef {
        code: AU_CO,
        name: "AU Co.: The Gold Standard in Clones",
        events: &[(When::CorpDidDamage, Effect::Custom(au_counter)), (When::CorpTrashedFromHq, Effect::Custom(au_counter)), (When::TurnBegin, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: au_spend_ask, answer: au_spend_answer }), Ask::Own(Prompt { ask: au_look_ask, answer: au_look_answer })],
        ..BLANK
    },
    CardDef {
        code: THE_ZWICKY_GROUP,
        name: "The Zwicky Group: Invisible Hands",
        events: &[(When::CorpFirstGainFromAgendaOrOperation, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: zwicky_ask, answer: zwicky_answer })],
        ..BLANK
    },
    // --- agendas
    CardDef {
        code: EMINENT_DOMAIN,
        name: "Eminent Domain",
        click: Some(Click { offers: eminent_offers, effect: Effect::Custom(eminent_expend) }),
        on_score: Effect::Ask(1),
        asks: &[
            Ask::Own(Prompt { ask: eminent_hq_ask, answer: eminent_hq_answer }),
            Ask::Own(Prompt { ask: eminent_search_ask, answer: eminent_search_answer }),
            Ask::Own(Prompt { ask: found_install_ask, answer: eminent_found_answer }),
            Ask::Do(rez_5_less),
            Ask::Do(rez_ignoring_costs),
        ],
        ..BLANK
    },
    // --- assets
    CardDef { code: WAGE_WORKERS, name: "Wage Workers", events: &[(When::CorpFinishedAction, Effect::Custom(wage_workers))], ..BLANK },
    CardDef {
        code: CYBERSAND_HARVESTER,
        name: "Cybersand Harvester",
        events: &[(When::Rez, Effect::Custom(cybersand_rez))],
        statics: &[Static::CorpHostedCreditsFor(install_costs_only)],
        paid: Some(PaidAbility { offers: cybersand_offers, effect: Effect::Custom(cybersand_take) }),
        ..BLANK
    },
    CardDef {
        code: FRONT_COMPANY,
        name: "Front Company",
        statics: &[Static::RezOnlyDuringCorpTurn, Static::FirstRunNotOnRemote],
        events: &[(When::CorpRunBegins, Effect::Custom(front_company_run))],
        ..BLANK
    },
    // --- operations
    CardDef {
        code: PETTY_CASH,
        name: "Petty Cash",
        play: Some(Play { targets: Targets::Labeled(no_action_finished_yet), effect: Effect::Custom(petty_cash) }),
        click: Some(Click { offers: petty_cash_offers, effect: Effect::Ask(0) }),
        asks: &[Ask::Own(Prompt { ask: petty_cash_ask, answer: petty_cash_answer }), Ask::Do(remove_from_game)],
        ..BLANK
    },
    CardDef {
        code: IP_ENFORCEMENT,
        name: "IP Enforcement",
        play: Some(Play { targets: Targets::Labeled(ip_targets), effect: Effect::Custom(ip_enforcement) }),
        asks: &[Ask::Own(Prompt { ask: ip_install_ask, answer: ip_install_answer }), Ask::Do(ip_advance)],
        statics: &[Static::PlayCostX(agenda_points)],
        ..BLANK
    },
    // --- upgrades
    CardDef {
        code: TUCANA,
        name: "Tucana",
        events: &[(When::AgendaLeftServer, Effect::Ask(0))],
        statics: &[Static::RemoteServerOnly],
        asks: &[
            Ask::Own(Prompt { ask: tucana_search_ask, answer: tucana_search_answer }),
            Ask::Own(Prompt { ask: found_install_ask, answer: tucana_found_answer }),
            Ask::Do(rez_3_less),
        ],
        ..BLANK
    },
    CardDef {
        code: MAHKOTA_LANGIT_GRID,
        name: "Mahkota Langit Grid",
        on_rez: Effect::Custom(refill_2),
        statics: &[Static::Recurring(2), Static::CorpHostedCreditsFor(mahkota_rez_here), Static::TrashCostPlus(mahkota_trash_cost)],
        ..BLANK
    },
];

// --- A Teia -------------------------------------------------------------------------------------------

/// The first install each turn in or protecting a remote server: one more install from HQ in or
/// protecting another remote server (`arg`: the first one's server).
fn a_teia_installed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let Some(s) = g.server_of(c.arg).filter(|&s| Game::is_remote(s)) else { return };
    if g.use_once_per_turn(c.def.code) {
        ask_later(g, Ctx { arg: s, ..c }, 0);
    }
}

fn a_teia_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hq: Vec<u32> = g.corp.hq.clone();
    let others: Vec<_> = corp_install_options(g, &hq, false, true)
        .into_iter()
        .filter(|(_, a)| {
            matches!(a, Answer::Install { server: None, .. }) || matches!(a, Answer::Install { server: Some(s), .. } if Game::is_remote(*s) && *s != c.arg)
        })
        .collect();
    if others.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(others);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ in another remote server, ignoring all costs ({})", c.name()),
        format!("{}: you may install 1 card from HQ in or protecting another remote server, ignoring all costs (it cannot be scored this turn)", c.name()),
        o,
    ))
}

fn a_teia_answer(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    g.flags.no_score.push(card);
    Ok(Then::InstallCorpFree { card, server })
}

// --- Nuvem SA -----------------------------------------------------------------------------------------

/// An action that played an operation, or one on an expendable card (its expend ability), is
/// finished: look at the top card of R&D.
fn nuvem_finished(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let Some(kind) = g.flags.actions_finished.last() else { return };
    let expendable = kind.strip_prefix("ability:").and_then(data::card).is_some_and(|d| d.has_subtype("Expendable"));
    if (kind == "play" || expendable) && !g.corp.rd.is_empty() {
        ask_later(g, c, 0);
    }
}

fn nuvem_ask(g: &Game, c: Ctx) -> Option<Question> {
    let top = *g.corp.rd.first()?;
    let o = vec![(opt("keep", "Leave it on top of R&D"), Answer::No), (opt("trash", format!("Trash {}", g.label(top))), Answer::Card(top))];
    Some(
        Question::one(CORP, CARD_KIND, format!("looks at the top card of R&D ({})", c.name()), format!("{}: you may trash the top card of R&D", c.name()), o)
            .looking_at(vec![top]),
    )
}

fn nuvem_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.corp.rd.first() == Some(&k) {
            trash_from_rd(g, &[k], c.name(), ev);
        }
    }
    Ok(Then::Done)
}

/// The first time during each of the Corp's turns it trashes a card from R&D: 2 credits.
fn nuvem_trashed_from_rd(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.active == CORP && g.use_once_per_turn(c.def.code) {
        g.gain(CORP, 2, c.name(), ev);
    }
}

// --- BANGUN -------------------------------------------------------------------------------------------

/// A face-up installed agenda accessed: 2 meat damage and 1 tag (the tag first: damage resolves
/// as a task after the immediate effects).
fn bangun_accessed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let k = c.arg;
    let faceup = g.card(k).is_some_and(|x| x.faceup);
    if g.def(k).ctype == CardType::Agenda && faceup && g.server_of(k).is_some() {
        super::helpers::damage(g, DamageKind::Meat, 2, c.name(), false);
        give_tags(g, 1, c.name(), ev);
    }
}

// --- AU Co. ------------------------------------------------------------------------------------------

/// 1 power counter on the identity (damage done, or cards trashed from HQ).
fn au_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.corp.identity_power += 1;
    let n = g.corp.identity_power;
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", c.name()), json!({"seat": CORP, "identity": true, "change": 1, "power": n}));
}

fn au_spend_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.identity_power < 2 || g.corp.rd.is_empty() {
        return None;
    }
    let o = vec![(opt("look", "Remove 2 power counters to look at the top 3 cards of R&D"), Answer::Yes), (opt("none", "Do not"), Answer::No)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove 2 power counters to look at the top 3 cards of R&D ({})", c.name()),
        format!("{}: you may remove 2 hosted power counters to look at the top 3 cards of R&D, trash 1 and add the rest to HQ", c.name()),
        o,
    ))
}

fn au_spend_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp.identity_power >= 2 {
        g.corp.identity_power -= 2;
        let n = g.corp.identity_power;
        note(
            ev,
            "power_counters",
            format!("{}: 2 power counters removed (now {n})", c.name()),
            json!({"seat": CORP, "identity": true, "change": -2, "power": n}),
        );
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn au_look_ask(g: &Game, c: Ctx) -> Option<Question> {
    let top: Vec<u32> = g.corp.rd.iter().copied().take(3).collect();
    if top.is_empty() {
        return None;
    }
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("trashes 1 of the top 3 cards of R&D and adds the rest to HQ ({})", c.name()),
            format!("{}: trash 1 of these cards; the rest go to HQ", c.name()),
            card_options(g, "trash", &top),
        )
        .looking_at(top),
    )
}

fn au_look_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let top: Vec<u32> = g.corp.rd.iter().copied().take(3).collect();
    let Answer::Card(k) = first(a) else { return Err(RulesError::Illegal("choose a card to trash".into())) };
    if !top.contains(&k) {
        return Err(RulesError::Illegal("not one of the top 3 cards of R&D".into()));
    }
    trash_from_rd(g, &[k], c.name(), ev);
    for x in top.into_iter().filter(|&x| x != k) {
        g.corp.rd.retain(|&y| y != x);
        g.corp.hq.push(x);
        ev.push(corp_card_private(
            g,
            "to_hq",
            format!("{}: the Corp adds a card from R&D to HQ", c.name()),
            format!("{}: the Corp adds {} from R&D to HQ", c.name(), g.label(x)),
            x,
        ));
    }
    Ok(Then::Done)
}

// --- The Zwicky Group ----------------------------------------------------------------------------------

fn zwicky_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    let o = vec![(opt("draw", "Draw 1 card"), Answer::Yes), (opt("none", "Do not"), Answer::No)];
    Some(Question::one(CORP, CARD_KIND, format!("may draw 1 card ({})", c.name()), format!("{}: you may draw 1 card", c.name()), o))
}

fn zwicky_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

// --- Wage Workers -------------------------------------------------------------------------------------

/// The third time this turn the Corp finishes the same action: 1 click.
fn wage_workers(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 3 {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
}

// --- Cybersand Harvester ---------------------------------------------------------------------------

/// Whenever the Corp rezzes an ice: 2 credits on this asset.
fn cybersand_rez(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.def(c.arg).ctype == CardType::Ice {
        g.load(c.card, 2, ev);
    }
}

fn install_costs_only(_: &Game, _: u32, spend: Spend) -> bool {
    matches!(spend, Spend::Install(_))
}

/// Trash it: take all its credits.
fn cybersand_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if !g.rezzed(card) || !g.is_installed(card) || g.hosted(card) == 0 {
        return vec![];
    }
    vec![(format!("cybersand:{card}"), format!("Trash {} to take its {} credit(s)", g.label(card), g.hosted(card)), 0)]
}

fn cybersand_take(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.hosted(c.card);
    if let Some(k) = g.card_mut(c.card) {
        k.credits = 0;
    }
    g.corp_trash_installed(c.card, "its own ability", ev);
    g.gain(CORP, i64::from(n), c.name(), ev);
}

// --- Front Company -------------------------------------------------------------------------------------

/// The first time each turn a run on Archives begins: 2 net damage if this card's server has no
/// ice.
fn front_company_run(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg != ARCHIVES || g.flags.used_cards.contains(&c.card) {
        return;
    }
    g.flags.used_cards.push(c.card);
    let unprotected = g.server_of(c.card).and_then(|s| g.server(s)).is_some_and(|sv| sv.ice.is_empty());
    if unprotected {
        super::helpers::damage(g, DamageKind::Net, 2, c.name(), false);
    }
}

// --- Petty Cash ----------------------------------------------------------------------------------------

/// "Play only if you have not finished an action yet this turn."
fn no_action_finished_yet(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.flags.actions_finished.is_empty() {
        None
    } else {
        Some(vec![])
    }
}

/// 5 credits; played from elsewhere than HQ, 1 click too.
fn petty_cash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.gain(CORP, 5, c.name(), ev);
    if g.flags.played_not_from_hq.contains(&c.card) {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
}

/// Click: play it from Archives (as it could be played: cost and "play only if").
fn petty_cash_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if !g.corp.archives.contains(&card) || corp_play_options(g, &[card]).is_empty() {
        return vec![];
    }
    vec![(None, format!("Play {} from Archives, then remove it from the game", g.label(card)))]
}

fn petty_cash_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.archives.contains(&c.card) {
        return None;
    }
    let o = corp_play_options(g, &[c.card]);
    if o.is_empty() {
        return None;
    }
    // Public summary: the card may still be face down in Archives; the play itself names it.
    Some(Question::one(CORP, CARD_KIND, "plays an operation from Archives", format!("{}: play it from Archives", c.name()), o))
}

fn petty_cash_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Play { card, target } if card == c.card => {
            // Pushed first: once it has resolved, it leaves the game.
            ask_later(g, c, 1);
            Ok(Then::PlayCorp { card, target })
        }
        _ => Ok(Then::Done),
    }
}

/// "After it resolves, remove it from the game."
fn remove_from_game(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.archives.contains(&c.card) {
        g.corp.archives.retain(|&x| x != c.card);
        g.corp.removed.push(c.card);
        note(ev, "removed", format!("{} is removed from the game", c.name()), json!({"card": c.card, "code": g.code(c.card)}));
    }
}

// --- IP Enforcement ------------------------------------------------------------------------------------

/// X, IP Enforcement's play cost and the tags it removes: the target agenda's printed points.
fn agenda_points(g: &Game, agenda: u32) -> i64 {
    g.def(agenda).points.unwrap_or(0)
}

/// The agendas in the Runner's score area whose printed points X the Runner's tags can pay (the
/// additional cost: remove X tags), each a target; the play action keeps those whose X credits
/// (the play cost) the Corp can pay too.
fn ip_targets(g: &Game) -> Option<Vec<(u32, String)>> {
    let t: Vec<(u32, String)> = g
        .runner
        .score
        .iter()
        .copied()
        .filter(|&a| g.def(a).ctype == CardType::Agenda && g.def(a).points.unwrap_or(0) <= g.runner.tags)
        .map(|a| (a, format!("pay {x} credit(s) and remove {x} tag(s) to install {}", g.label(a), x = agenda_points(g, a))))
        .collect();
    Some(t)
}

/// The additional cost (X tags removed), then the install of that agenda.
fn ip_enforcement(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let a = c.arg;
    let x = g.def(a).points.unwrap_or(0);
    if !g.runner.score.contains(&a) || g.runner.tags < x {
        return;
    }
    if x > 0 {
        g.runner.tags -= x;
        note(ev, "tag_removed", format!("{}: the Corp removes {x} tag(s) ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
        super::helpers::tags_removed(g, x, ev);
    }
    ask_later(g, c, 0);
}

fn ip_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.runner.score.contains(&c.arg) {
        return None;
    }
    let o = corp_install_options(g, &[c.arg], true, true);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("installs {} from the Runner's score area ({})", g.label(c.arg), c.name()),
        format!("{}: install {}", c.name(), g.label(c.arg)),
        o,
    ))
}

fn ip_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if card == c.arg => {
            // Pushed first: after the install, the counter if the Runner is still tagged.
            ask_later(g, c, 1);
            Ok(Then::InstallCorp { card, server })
        }
        _ => Err(RulesError::Illegal("install that agenda".into())),
    }
}

fn ip_advance(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() && g.is_installed(c.arg) {
        super::helpers::place_adv(g, c.arg, 1, c.name(), ev);
    }
}

// --- Mahkota Langit Grid ---------------------------------------------------------------------------

/// Recurring credits: refilled when it is rezzed (and as the Corp's turn begins, `Static::Recurring`).
fn refill_2(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    super::helpers::refill(g, c.card, 2, ev);
}

/// Its credits rez assets in the root of its server and ice protecting it.
fn mahkota_rez_here(g: &Game, this: u32, spend: Spend) -> bool {
    let Spend::Rez(k) = spend else { return false };
    let Some(s) = g.server_of(this) else { return false };
    match g.corp_zone(k) {
        CorpZone::Root(t) => t == s && g.def(k).ctype == CardType::Asset,
        CorpZone::Ice(t) => t == s,
        _ => false,
    }
}

/// Persistent: the trash cost of each asset in the root of its server is 2 higher.
fn mahkota_trash_cost(g: &Game, server: u32, card: u32) -> i64 {
    if g.corp_zone(card) == CorpZone::Root(server) && g.def(card).ctype == CardType::Asset {
        2
    } else {
        0
    }
}

// --- installing and rezzing (Eminent Domain, Tucana) ----------------------------------------------------

/// Where `cards` can be installed by "install and rez, paying a total of `less` less": every
/// place the install action could, an ice only where its install cost less `less` can be paid.
fn discounted_install_options(g: &Game, cards: &[u32], less: i64) -> Vec<(DecisionOption, Answer)> {
    corp_install_options(g, cards, false, true)
        .into_iter()
        .filter(|(_, a)| match a {
            Answer::Install { card, server: Some(s) } if g.def(*card).ctype == CardType::Ice => {
                let cost = g.server(*s).map_or(0, |sv| sv.ice.len() as i64);
                (cost - less).max(0) <= corp_available_for(g, Spend::Install(*card))
            }
            _ => true,
        })
        .collect()
}

/// Install `card` taking `less` off its install cost; the rez step `rez` (its `arg` the card)
/// is pushed first, so that it resolves once the install is done.
fn install_then_rez(g: &mut Game, c: Ctx, card: u32, server: Option<u32>, less: i64, rez: u8) -> Then {
    ask_later(g, Ctx { arg: card, ..c }, rez);
    g.flags.corp_install_discount = less;
    Then::InstallCorp { card, server }
}

/// Rez the installed card `c.arg`, the discount `total` less what its install used (an ice's
/// install cost: the ice already protecting its server when it was installed).
fn rez_with_total_discount(g: &mut Game, c: Ctx, total: i64, ev: &mut Vec<Event>) {
    let k = c.arg;
    let used = match g.corp_zone(k) {
        CorpZone::Ice(s) => g.server(s).and_then(|sv| sv.ice.iter().position(|&i| i == k)).map_or(0, |p| p as i64).min(total),
        _ => 0,
    };
    let printed = if g.def(k).ctype == CardType::Ice { g.ice_rez_cost(k) } else { g.corp_rez_cost(k) };
    rez_paying(g, k, (printed - (total - used)).max(0), c.name(), ev);
}

fn rez_5_less(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    rez_with_total_discount(g, c, 5, ev);
}

fn rez_3_less(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    rez_with_total_discount(g, c, 3, ev);
}

fn rez_ignoring_costs(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if matches!(g.def(c.arg).ctype, CardType::Ice | CardType::Asset | CardType::Upgrade) {
        super::helpers::rez_free(g, c.arg, c.name(), ev);
    }
}

/// The card a search found (`c.arg`, set aside while R&D was shuffled): where to install it.
fn found_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp_zone(c.arg) != CorpZone::None {
        return None;
    }
    let less = if c.def.code == TUCANA { 3 } else { 0 };
    let o = if less > 0 { discounted_install_options(g, &[c.arg], less) } else { corp_install_options(g, &[c.arg], false, true) };
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("installs and rezzes the card it found ({})", c.name()),
        format!("{}: install and rez {}", c.name(), g.label(c.arg)),
        o,
    ))
}

/// A found card that cannot be installed anywhere goes to HQ (no card is left set aside).
fn set_aside_found(g: &mut Game, c: Ctx, k: u32, installable: bool) {
    if installable {
        ask_later(g, Ctx { arg: k, ..c }, if c.def.code == TUCANA { 1 } else { 2 });
    } else {
        g.corp.hq.push(k);
    }
}

// --- Eminent Domain -------------------------------------------------------------------------------------

fn eminent_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, true)
}

fn eminent_expend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        ask_later(g, c, 0);
    }
}

fn eminent_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hq = g.corp.hq.clone();
    let o = discounted_install_options(g, &hq, 5);
    if o.is_empty() {
        return None;
    }
    let mut all = vec![(opt("none", "Install nothing"), Answer::No)];
    all.extend(o);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("installs and rezzes a card from HQ, paying 5 less ({})", c.name()),
        format!("{}: install and rez 1 card from HQ, paying a total of 5 less", c.name()),
        all,
    ))
}

fn eminent_hq_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if g.corp.hq.contains(&card) => Ok(install_then_rez(g, c, card, server, 5, 3)),
        _ => Ok(Then::Done),
    }
}

/// Not an operation: a card that can be installed.
fn installable(g: &Game, k: u32) -> bool {
    !matches!(g.def(k).ctype, CardType::Operation | CardType::Identity)
}

fn eminent_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        installable,
        format!("may search R&D for a card to install and rez ({})", c.name()),
        format!("{}: you may search R&D for 1 card to install and rez, ignoring all costs", c.name()),
    ))
}

fn eminent_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, installable, a, |l| format!("{}: the Corp searches R&D and reveals {l}", c.name()), ev)? {
        let can = !corp_install_options(g, &[k], false, true).is_empty();
        set_aside_found(g, c, k, can);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn eminent_found_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if card == c.arg => {
            ask_later(g, c, 4);
            Ok(Then::InstallCorpFree { card, server })
        }
        _ => Err(RulesError::Illegal("install the card found".into())),
    }
}

// --- Tucana ---------------------------------------------------------------------------------------------

fn is_ice(g: &Game, k: u32) -> bool {
    g.def(k).ctype == CardType::Ice
}

fn tucana_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        is_ice,
        format!("may search R&D for an ice to install and rez ({})", c.name()),
        format!("{}: you may search R&D for 1 ice to install and rez, paying a total of 3 less", c.name()),
    ))
}

fn tucana_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, is_ice, a, |l| format!("{}: the Corp searches R&D and reveals {l}", c.name()), ev)? {
        let can = !discounted_install_options(g, &[k], 3).is_empty();
        set_aside_found(g, c, k, can);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn tucana_found_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if card == c.arg => Ok(install_then_rez(g, c, card, server, 3, 2)),
        _ => Err(RulesError::Illegal("install the ice found".into())),
    }
}
