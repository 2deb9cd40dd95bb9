//! Building blocks shared by card rows (cf. jinteki's `def_helpers`): tags, ending the run,
//! damage, virus counters, uniqueness, and the questions several cards ask.

use serde_json::json;

pub use super::hosted::{corp_available_for, corp_pay_for, hosted_for, refill, refill_recurring, runner_available_for, runner_pay_for};
pub use super::moves::{
    archives_access_interrupts, arrange_rd_top_answer, arrange_rd_top_ask, host_faceup, hosted_on, hosted_sweep, reveal_picked, runner_trash, sabotage_answer,
    sabotage_ask, trashed_from_grip_or_stack,
};
pub use super::prevention::{
    access_outside_run, assassinations, damage_interrupts, damage_left, encounter_ability_prevented, encounter_interrupts, installed_host_sweep,
    prevent_damage, prevent_encounter_ability, pumps_last_run, ASSASSINATION, ASSASSINATIONS_TO_WIN,
};
use super::{fire_identity, Answer, Ctx, Question, Source, When};
use crate::core::{DecisionOption, Event, RulesError};
use crate::netrunner::data::{CardType, Side};
use crate::netrunner::state::{CorpZone, DamageKind, Game, Task, TrashKind, CORP, RUNNER};

pub fn note(ev: &mut Vec<Event>, kind: &str, text: String, detail: serde_json::Value) {
    ev.push(Event::public(format!("netrunner.{kind}"), text, detail));
}

pub fn opt(id: impl Into<String>, label: impl Into<String>) -> DecisionOption {
    DecisionOption::new(id, label)
}

/// An option naming a card: `prefix:card`, labelled with the card.
pub fn card_opt(g: &Game, prefix: &str, c: u32) -> DecisionOption {
    opt(format!("{prefix}:{c}"), g.label(c))
}

/// Options for cards, each answered by the card.
pub fn card_options(g: &Game, prefix: &str, cards: &[u32]) -> Vec<(DecisionOption, Answer)> {
    cards.iter().map(|&c| (card_opt(g, prefix, c), Answer::Card(c))).collect()
}

/// The cards among the answers, in pick order.
pub fn picked(answers: &[Answer]) -> Vec<u32> {
    answers.iter().filter_map(|a| if let Answer::Card(c) = a { Some(*c) } else { None }).collect()
}

pub fn first(answers: &[Answer]) -> Answer {
    answers.first().cloned().unwrap_or(Answer::No)
}

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
    abilities.extend(super::runner_sources(g).into_iter().map(|s| (s, When::RunnerTagged, before)));
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
            super::def(g.code(s)).statics.iter().find_map(|st| if let super::Static::FirstRunEndAsks(step) = st { Some((s, *step)) } else { None })
        });
    if let Some((card, step)) = interrupt {
        if let Some(r) = g.run.as_mut() {
            r.used_cards.push(card);
        }
        note(ev, "run_end_interrupted", format!("{source} would end the run: {} interrupts", g.label(card)), json!({"source": source, "card": card}));
        let c = super::ctx(g, card, 0);
        super::ask_later(g, c, step);
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

// --- virus counters ----------------------------------------------------------------------------------

pub fn add_virus(g: &mut Game, card: u32, n: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.virus += n;
        let total = k.virus;
        let label = g.label(card);
        note(ev, "virus_counters", format!("{source}: {n} virus counter(s) on {label} ({total})"), json!({"card": card, "change": n, "virus": total}));
    }
}

/// A virus counter on the card itself (the card's own name as the source).
pub fn virus_on_self(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_virus(g, c.card, 1, c.name(), ev);
}

pub fn remove_virus(g: &mut Game, card: u32) -> bool {
    match g.card_mut(card) {
        Some(k) if k.virus > 0 => {
            k.virus -= 1;
            true
        }
        _ => false,
    }
}

/// Purge (NR-3.2): every virus counter is removed.
pub fn purge(g: &mut Game) {
    for k in g.cards.iter_mut() {
        k.virus = 0;
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

/// Take up to `n` hosted credits; the card is trashed when empty (`why`), returning whether.
pub fn take_or_trash(g: &mut Game, seat: u32, card: u32, n: u32, why: &str, ev: &mut Vec<Event>) -> bool {
    g.take_hosted(seat, card, n, ev);
    if g.hosted(card) == 0 {
        runner_trash(g, card, why, ev);
        true
    } else {
        false
    }
}

// --- questions several cards ask -----------------------------------------------------------------------

/// The Runner pays `cost` or takes a tag (Funhouse, Public Trail).
pub fn pay_or_tag_ask(g: &Game, cost: i64, source: &str) -> Question {
    let mut o = vec![(opt("tag", "Take 1 tag"), Answer::No)];
    if g.runner_available() >= cost {
        o.insert(0, (opt("pay", format!("Pay {cost} credits")), Answer::Yes));
    }
    Question::one(RUNNER, "pay_or_tag", format!("pays {cost} credits or takes 1 tag ({source})"), format!("{source}: pay {cost} credits or take 1 tag"), o)
}

pub fn pay_or_tag_answer(g: &mut Game, cost: i64, source: &str, a: &[Answer], ev: &mut Vec<Event>) -> Result<(), RulesError> {
    if first(a) == Answer::Yes {
        if !g.runner_pay(cost) {
            return Err(RulesError::Illegal(format!("paying costs {cost}")));
        }
        ev.push(Event::public("netrunner.paid", format!("The Runner pays {cost} credits for {source}"), json!({"cost": cost, "source": source})));
    } else {
        give_tags(g, 1, source, ev);
    }
    Ok(())
}

fn corp_trash_targets(g: &Game, kind: TrashKind) -> Vec<u32> {
    match kind {
        TrashKind::Program => g.runner.programs.clone(),
        TrashKind::Resource => g.runner.resources.clone(),
        TrashKind::RunnerCard => g.installed_runner(),
        TrashKind::Hardware => g.runner.hardware.clone(),
        TrashKind::ResourceOrHardware => g.runner.resources.iter().chain(&g.runner.hardware).copied().collect(),
        TrashKind::ProgramNotBasicBreaker => {
            g.runner.programs.iter().copied().filter(|&p| !["Decoder", "Fracter", "Killer"].iter().any(|t| g.def(p).has_subtype(t))).collect()
        }
    }
}

/// The Corp trashes an installed Runner card of `kind` (Ansel 1.0, Ballista, Above the Law);
/// `or_end`: or ends the run; `optional`: or trashes nothing.
pub fn corp_trashes_ask(g: &Game, kind: TrashKind, or_end: bool, optional: bool, source: &str) -> Option<Question> {
    let mut o = card_options(g, "trash", &corp_trash_targets(g, kind));
    if or_end && g.run.as_ref().is_some_and(|r| !r.stop) {
        o.push((opt("end", "End the run"), Answer::Yes));
    }
    if o.is_empty() {
        return None;
    }
    if optional {
        o.push((opt("none", "Trash nothing"), Answer::No));
    }
    Some(Question::one(CORP, "corp_trashes", format!("chooses what to trash ({source})"), format!("{source}: choose what to trash"), o))
}

pub fn corp_trashes_answer(g: &mut Game, kind: TrashKind, source: &str, a: &[Answer], ev: &mut Vec<Event>) {
    match first(a) {
        Answer::Yes => end_the_run(g, source, ev),
        Answer::Card(c) if corp_trash_targets(g, kind).contains(&c) => g.trash(c, source, ev),
        _ => {}
    }
}

/// Shuffle up to `max` cards from Archives into R&D (Longevity Serum, Spin Doctor).
pub fn archives_to_rd_ask(g: &Game, max: u32, source: &str) -> Option<Question> {
    if g.corp.archives.is_empty() {
        return None;
    }
    let n = (g.corp.archives.len() as u32).min(max);
    let o = card_options(g, "card", &g.corp.archives);
    Some(
        Question::one(
            CORP,
            "archives_to_rd",
            format!("may shuffle up to {n} card(s) from Archives into R&D ({source})"),
            format!("{source}: shuffle up to {n} card(s) from Archives into R&D"),
            o,
        )
        .range(0, n),
    )
}

pub fn archives_to_rd_answer(g: &mut Game, max: u32, source: &str, a: &[Answer], ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let cs = picked(a);
    if cs.len() as u32 > max {
        return Err(RulesError::Illegal(format!("at most {max} cards")));
    }
    let names: Vec<String> = cs.iter().map(|&c| g.corp_public_label(c)).collect();
    for &c in &cs {
        g.take_corp(c);
        if let Some(k) = g.card_mut(c) {
            k.faceup = false;
        }
        g.corp.rd.push(c);
    }
    note(ev, "returned", format!("{source}: {} card(s) from Archives are shuffled into R&D ({})", cs.len(), names.join(", ")), json!({"cards": cs}));
    if !cs.is_empty() {
        g.tasks.push(Task::Shuffle { corp: true });
    }
    Ok(())
}

/// A private Corp event naming a card to the Corp only.
pub fn corp_card_private(g: &Game, kind: &str, public_text: String, private_text: String, c: u32) -> Event {
    Event::with_private(
        format!("netrunner.{kind}"),
        public_text,
        json!({"seat": CORP}),
        vec![CORP],
        private_text,
        json!({"seat": CORP, "card": c, "code": g.code(c)}),
    )
}

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

// --- Startup-format building blocks -------------------------------------------------------------------

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

/// The options of installing one of `cards` (a Corp card in HQ or Archives) where the install
/// action could (NR-3.4: agendas and assets only in remotes; ice if its install cost can be
/// paid unless `free`; `remote_root_only`: only in the root of a remote server, new or existing).
pub fn corp_install_options(g: &Game, cards: &[u32], remote_root_only: bool, free: bool) -> Vec<(DecisionOption, Answer)> {
    let mut o = Vec::new();
    for &k in cards {
        let d = g.def(k);
        if matches!(d.ctype, CardType::Operation | CardType::Identity) || (remote_root_only && d.ctype == CardType::Ice) {
            continue;
        }
        for s in &g.corp.servers {
            let ok = match d.ctype {
                CardType::Agenda | CardType::Asset => Game::is_remote(s.id),
                CardType::Ice => free || corp_available_for(g, super::Spend::Install(k)) >= s.ice.len() as i64,
                _ => !remote_only_server(remote_root_only, s.id),
            };
            if ok {
                let what = if d.ctype == CardType::Ice { "protecting" } else { "in" };
                o.push((
                    opt(format!("install:{k}:{}", s.id), format!("Install {} {what} {}", g.label(k), Game::server_name(s.id))),
                    Answer::Install { card: k, server: Some(s.id) },
                ));
            }
        }
        if g.new_remote_allowed() {
            o.push((opt(format!("install:{k}:new"), format!("Install {} in a new remote server", g.label(k))), Answer::Install { card: k, server: None }));
        }
    }
    o
}

fn remote_only_server(remote_root_only: bool, sid: u32) -> bool {
    remote_root_only && !Game::is_remote(sid)
}

/// Expend (the Comprehensive Rules' keyword): a click ability of a card in HQ whose cost is the
/// action's click, 1 credit, and revealing and trashing the card (face up: it was revealed).
/// The offer, while the card is in HQ and `usable`.
pub fn expend_offers(g: &Game, card: u32, usable: bool) -> Vec<(Option<u32>, String)> {
    if usable && g.corp.hq.contains(&card) && g.corp.credits >= 1 {
        vec![(None, format!("Expend {} (1 credit, reveal and trash it from HQ)", g.label(card)))]
    } else {
        vec![]
    }
}

/// Pay an expend's cost; false when it cannot be paid (nothing happens then).
pub fn expend(g: &mut Game, card: u32, ev: &mut Vec<Event>) -> bool {
    if !g.corp.hq.contains(&card) || !g.corp_pay(1) {
        return false;
    }
    g.to_archives(card, true);
    note(ev, "expended", format!("The Corp pays 1 credit, reveals {} and trashes it from HQ", g.label(card)), json!({"card": card, "code": g.code(card)}));
    fire_identity(g, CORP, When::CorpTrashedFromHq, 0, ev);
    true
}

/// Place `n` advancement counters on an installed card.
pub fn place_adv(g: &mut Game, card: u32, n: u32, source: &str, ev: &mut Vec<Event>) {
    if n == 0 || !g.is_installed(card) {
        return;
    }
    if let Some(k) = g.card_mut(card) {
        k.adv += n;
    }
    note(ev, "advanced", format!("{source} places {n} advancement counter(s) on {}", g.corp_public_label(card)), json!({"card": card, "adv": g.adv(card)}));
}

/// Add `n` agenda counters to `card` (remove them: `n` negative), publicly.
pub fn agenda_counters(g: &mut Game, card: u32, n: i64, source: &str, ev: &mut Vec<Event>) {
    let Some(k) = g.card_mut(card) else { return };
    k.agenda = (i64::from(k.agenda) + n).max(0) as u32;
    let total = k.agenda;
    let label = g.label(card);
    note(ev, "agenda_counters", format!("{source}: {n:+} agenda counter(s) on {label} (now {total})"), json!({"card": card, "change": n, "agenda": total}));
}

/// "Whenever you rez a card": after `card` is rezzed (recorded for the turn), the Corp identity,
/// then the rezzed Corp cards with that trigger (`card` itself included). A rezzed ice is also heard
/// by the Runner's identity and installed cards (`When::CorpRezzedIce`), however it was rezzed.
pub fn corp_card_rezzed(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    g.flags.rezzed.push(card);
    // One moment: "whenever you rez a card" of the Corp's (its identity, then rezzed cards, this
    // one included) and, for ice, the Runner's "whenever the Corp rezzes a piece of ice".
    let mut abilities: Vec<(Source, When, u32)> =
        [Source::Identity(CORP)].into_iter().chain(super::rezzed_corp_sources(g)).map(|s| (s, When::Rez, card)).collect();
    if is_ice(g, card) {
        abilities.push((Source::Identity(RUNNER), When::CorpRezzedIce, card));
        abilities.extend(super::runner_sources(g).into_iter().map(|s| (s, When::CorpRezzedIce, card)));
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
    let installed = super::runner_trigger_order(g);
    super::fire_all(g, When::Derezzed, &installed, card, ev);
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
    let c = super::ctx(g, agenda, 0);
    super::fire(g, When::Forfeited, c, ev);
}

/// `seat` looks at `cards` of its own hidden cards (a deck's top cards): told to that seat alone,
/// as a private `netrunner.looked` listing them (the leak oracle counts them as seen by it).
pub fn look_at(g: &Game, seat: u32, cards: &[u32], source: &str, ev: &mut Vec<Event>) {
    if cards.is_empty() {
        return;
    }
    let who = if seat == CORP { "The Corp" } else { "The Runner" };
    let names: Vec<String> = cards.iter().map(|&k| g.label(k)).collect();
    ev.push(Event::with_private(
        "netrunner.looked",
        format!("{source}: {who} looks at {} card(s)", cards.len()),
        json!({"seat": seat, "count": cards.len()}),
        vec![seat],
        format!("{source}: {who} looks at {}", names.join(", ")),
        json!({"seat": seat, "cards": cards}),
    ));
}

/// The Runner trashed a card it was accessing: the Runner identity's trigger, then the
/// installed Runner cards' (in trigger order).
pub fn runner_trashed_accessed(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    runner_took_corp_card(g, card, ev);
    let sources = [Source::Identity(RUNNER)].into_iter().chain(super::runner_sources(g));
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
        let sources = [Source::Identity(CORP)].into_iter().chain(super::runner_sources(g));
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
    let c = super::ctx(g, card, u32::from(rezzed));
    super::fire(g, When::TrashedByRunner, c, ev);
}

/// The options of playing one of `cards` (operations) by a card's effect: those the Corp can
/// pay for (cost and additional clicks) and whose "play only if" holds, on each of their
/// targets, as the play action offers them.
pub fn corp_play_options(g: &Game, cards: &[u32]) -> Vec<(DecisionOption, Answer)> {
    let mut o = Vec::new();
    for &k in cards {
        let d = g.def(k);
        if d.ctype != CardType::Operation || g.corp.credits < d.cost.unwrap_or(0) || g.corp.clicks < g.play_extra_clicks(k) {
            continue;
        }
        let label = g.label(k);
        let targets = super::def(g.code(k)).play.map_or(super::Targets::None, |p| p.targets);
        let plain = || (opt(format!("play:{k}"), format!("Play {label}")), Answer::Play { card: k, target: None });
        match targets {
            super::Targets::None => o.push(plain()),
            super::Targets::Labeled(f) => match f(g) {
                Some(ts) => o.extend(
                    ts.into_iter().map(|(t, what)| (opt(format!("play:{k}:{t}"), format!("Play {label}: {what}")), Answer::Play { card: k, target: Some(t) })),
                ),
                None => o.push(plain()),
            },
            super::Targets::Cards(f) => o.extend(
                f(g).into_iter().map(|t| (opt(format!("play:{k}:{t}"), format!("Play {label} on {}", g.label(t))), Answer::Play { card: k, target: Some(t) })),
            ),
            super::Targets::Servers(f) => o.extend(
                f(g).into_iter()
                    .map(|t| (opt(format!("play:{k}:{t}"), format!("Play {label} on {}", Game::server_name(t))), Answer::Play { card: k, target: Some(t) })),
            ),
        }
    }
    o
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

/// Whether the Runner may trash Corp card `card` now (a rezzed card may forbid it).
pub fn runner_may_trash(g: &Game, card: u32) -> bool {
    !(g.rezzed(card) && super::def(g.code(card)).statics.iter().any(|s| matches!(s, super::Static::RunnerCannotTrash)))
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
    if g.rezzed(card) || !g.is_installed(card) || !rezzable || !corp_pay_for(g, cost, super::Spend::Rez(card), ev) {
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
    let c = super::ctx(g, card, 0);
    super::apply(g, &c.def.on_rez, c, ev);
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
    let c = super::ctx(g, card, to);
    super::fire(g, When::Moved, c, ev);
}

/// Whether `breaker` may interface with `ice` beside its subtype (`Static::InterfacesOnlyWith`).
pub fn breaker_interfaces(g: &Game, breaker: u32, ice: u32) -> bool {
    super::def(g.code(breaker)).statics.iter().all(|s| match s {
        super::Static::InterfacesOnlyWith(f) => f(g, breaker, ice),
        _ => true,
    })
}

/// `breaker` breaks `subs` of the encountered ice by its own ability (not the flow's break
/// option); the first time every subroutine is broken and it broke them all, it fully broke the
/// ice (CR 6.5.7.a/b) and its `When::FullyBreaks` fires.
pub fn break_by_ability(g: &mut Game, breaker: u32, subs: &[usize], ev: &mut Vec<Event>) {
    let ice = g.run.as_ref().and_then(|r| r.current).unwrap_or(0);
    let fully = g.run.as_mut().is_some_and(|run| run.break_subroutines(breaker, subs));
    let texts: Vec<&str> = subs.iter().map(|&s| super::subroutine_text(g.code(ice), s)).collect();
    note(
        ev,
        "subroutine_broken",
        format!("{} breaks \"{}\" on {}", g.label(breaker), texts.join("\" and \""), g.label(ice)),
        json!({"breaker": breaker, "ice": ice, "subroutines": subs}),
    );
    if fully {
        super::fire_all(g, When::FullyBreaks, &[breaker], ice, ev);
    }
}

/// After a purge of virus counters (NR-3.2): the installed Runner cards' "when the Corp purges"
/// abilities.
pub fn purged(g: &mut Game, ev: &mut Vec<Event>) {
    let installed = super::runner_trigger_order(g);
    super::fire_all(g, When::Purged, &installed, 0, ev);
}

/// A search of `seat`'s own deck (R&D or the stack) for 1 card that `fits` (Comprehensive Rules,
/// "search"): asked under [`super::SEARCH_KIND`], so only the searcher sees the cards named by
/// the options (`prefix:card`); it may find nothing, as a search for a card of a given type may
/// fail. The caller shuffles the deck afterwards.
pub fn search_deck_ask(g: &Game, seat: u32, prefix: &str, fits: impl Fn(&Game, u32) -> bool, summary: String, prompt: String) -> Question {
    let deck = if seat == CORP { &g.corp.rd } else { &g.runner.stack };
    let found: Vec<u32> = deck.iter().copied().filter(|&k| fits(g, k)).collect();
    let mut o = vec![(opt("none", "Find nothing"), Answer::No)];
    o.extend(card_options(g, prefix, &found));
    Question::one(seat, super::SEARCH_KIND, summary, prompt, o)
}

/// The card the search found (`None`: nothing), taken out of the deck and revealed
/// (`netrunner.revealed`, its text from `reveal(card label)`); the caller places it.
pub fn search_deck_answer(
    g: &mut Game,
    seat: u32,
    fits: impl Fn(&Game, u32) -> bool,
    a: &[Answer],
    reveal: impl Fn(String) -> String,
    ev: &mut Vec<Event>,
) -> Result<Option<u32>, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(None) };
    let in_deck = if seat == CORP { g.corp.rd.contains(&k) } else { g.runner.stack.contains(&k) };
    if !in_deck || !fits(g, k) {
        return Err(RulesError::Illegal("that card is not one the search may find".into()));
    }
    if seat == CORP {
        g.corp.rd.retain(|&x| x != k);
    } else {
        g.take_runner(k);
    }
    note(ev, "revealed", reveal(g.label(k)), json!({"card": k, "code": g.code(k)}));
    Ok(Some(k))
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

/// The rezzed cards in the root of `server` with an additional cost to steal from it
/// (`Static::StealCostHere`), recorded when an access begins: CR 1.16 "persistent", their costs
/// hold for that whole access even if they are trashed during it. For a run's breach and for an
/// access outside a run alike.
pub fn persistent_steal_costs(g: &Game, server: u32) -> Vec<u32> {
    let root = g.server(server).map(|s| s.root.clone()).unwrap_or_default();
    root.into_iter().filter(|&c| g.rezzed(c) && super::def(g.code(c)).statics.iter().any(|s| matches!(s, super::Static::StealCostHere { .. }))).collect()
}
