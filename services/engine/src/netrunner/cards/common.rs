//! What two or more card files share: small pieces of card behaviour that are not a rule
//! concept of their own (those live beside the vocabulary). Owns no card.

use crate::netrunner::cards::prelude::*;
pub(crate) use crate::netrunner::effects::{spend_clicks, spend_power};

pub(crate) fn pick_one_of(seat: u32, kind: &'static str, summary: &str, prompt: &str, options: Vec<(crate::core::DecisionOption, Answer)>) -> Question {
    Question::one(seat, kind, summary, prompt, options)
}

pub(crate) fn run_going(g: &Game) -> bool {
    g.run.as_ref().is_some_and(|r| !r.stop)
}

/// Add the answered card to HQ: from R&D (`FROM_RD`, shown: Malapert Data Vault) or from Archives
/// (Precision Design).
pub(crate) fn take_to_hq_answer<const FROM_RD: bool>(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(card) = first(a) else { return Ok(Then::Done) };
    let from_rd = FROM_RD;
    let shown = from_rd || g.card(card).is_some_and(|k| k.faceup);
    g.take_corp(card);
    if let Some(k) = g.card_mut(card) {
        k.faceup = false;
    }
    g.corp.hq.push(card);
    let from = if from_rd { "R&D" } else { "Archives" };
    if shown {
        note(ev, "to_hq", format!("The Corp adds {} from {from} to HQ", g.label(card)), json!({"card": card, "code": g.code(card)}));
    } else {
        ev.push(corp_card_private(
            g,
            "to_hq",
            format!("The Corp adds a card from {from} to HQ"),
            format!("The Corp adds {} from {from} to HQ", g.label(card)),
            card,
        ));
    }
    Ok(Then::Done)
}

pub(crate) const ETR: Sub = Sub { text: "end the run", effect: Effect::EndTheRun };

pub(crate) fn one(seat: u32, kind: &'static str, summary: &str, prompt: &str, options: Vec<(crate::core::DecisionOption, Answer)>) -> Question {
    Question::one(seat, kind, summary, prompt, options)
}

pub(crate) fn every_server(g: &Game) -> Vec<u32> {
    g.corp.servers.iter().map(|s| s.id).collect()
}

/// Run the server in `Ctx::arg`, begun by this card.
pub(crate) fn run_target(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
}

pub(crate) fn yes_no_options(yes: &str, no: &str) -> Vec<(crate::core::DecisionOption, Answer)> {
    vec![(opt("yes", yes), Answer::Yes), (opt("no", no), Answer::No)]
}

/// Push question `step` of this card with its own argument (a card it is about, a count).
pub(crate) fn ask_with(g: &mut Game, c: Ctx, step: u8, arg: u32) {
    g.tasks.push(Task::Card { code: c.def.code.to_string(), card: c.card, step, arg });
}

/// Behold! and Byte!: accessed anywhere but Archives, the Corp may pay 4 for their effect; in
/// R&D the Runner must reveal them first.
pub(crate) fn ambush_accessed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    match g.corp_zone(c.card) {
        CorpZone::Archives => return,
        CorpZone::Rd => {
            note(ev, "revealed", format!("The Runner reveals {} accessed in R&D", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}))
        }
        _ => {}
    }
    ask_later(g, c, 0);
}

pub(crate) fn ambush_ask(g: &Game, c: Ctx, effect: &str) -> Option<Question> {
    if g.corp.credits < 4 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        "may pay 4 credits for an ability of the accessed card",
        format!("{}: pay 4 credits to {effect}?", g.label(c.card)),
        yes_no_options("Pay 4 credits", "Do nothing"),
    ))
}

pub(crate) fn pay_4(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> bool {
    if first(a) != Answer::Yes || !g.corp_pay(4) {
        return false;
    }
    // Using the accessed card's ability shows it to everyone (in R&D the Runner revealed it).
    if g.corp_zone(c.card) != CorpZone::Rd {
        note(ev, "revealed", format!("The Corp reveals {} to use its ability", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
    }
    note(ev, "paid", format!("The Corp pays 4 credits for {}", c.name()), json!({"seat": CORP, "cost": 4, "source": c.name()}));
    true
}

pub(crate) fn top_down_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 || c.arg == 0 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ ({}, {} left)", c.name(), c.arg),
        format!("{}: you may install a card from HQ ({} install(s) left)", c.name(), c.arg),
        o,
    ))
}

pub(crate) fn top_down_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    if c.arg > 1 {
        // Asked after this install (and the trashing it may ask for) is done.
        ask_with(g, c, 0, c.arg - 1);
    }
    Ok(Then::InstallCorp { card, server })
}

/// Options of placing a counter on one of `cards` (or nothing).
pub(crate) fn counter_options(g: &Game, cards: &[u32], none: &str) -> Vec<(crate::core::DecisionOption, Answer)> {
    let mut o = vec![(opt("none", none), Answer::No)];
    o.extend(cards.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))));
    o
}

/// The installed Corp cards that can be advanced.
pub(crate) fn advanceable_installed(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&k| g.advanceable(k)).collect()
}

pub(crate) fn place_counter_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        place_adv(g, k, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

/// An optional install from HQ (where the install action could put it, paying its costs).
pub(crate) fn install_from_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(CORP, CARD_KIND, format!("may install a card from HQ ({})", c.name()), format!("{}: you may install 1 card from HQ", c.name()), o))
}

/// Install the answered Corp card, paying its costs or (`FREE`) ignoring all of them.
pub(crate) fn install_answer<const FREE: bool>(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } if FREE => Then::InstallCorpFree { card, server },
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

/// Whether this card's server is protected by no ice.
pub(crate) fn unprotected(g: &Game, card: u32) -> bool {
    match g.corp_zone(card) {
        CorpZone::Root(s) => g.server(s).is_some_and(|sv| sv.ice.is_empty()),
        _ => false,
    }
}

pub(crate) fn one_agenda_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 1, c.name(), ev);
}

pub(crate) fn agenda_count(g: &Game, card: u32) -> u32 {
    g.card(card).map_or(0, |k| k.agenda)
}

pub(crate) fn archives_to_hq_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !g.corp.archives.contains(&k) {
        return Ok(Then::Done);
    }
    let shown = g.card(k).is_some_and(|x| x.faceup);
    g.take_corp(k);
    if let Some(x) = g.card_mut(k) {
        x.faceup = false;
    }
    g.corp.hq.push(k);
    if shown {
        note(ev, "to_hq", format!("{}: the Corp adds {} from Archives to HQ", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    } else {
        ev.push(crate::netrunner::effects::corp_card_private(
            g,
            "to_hq",
            format!("{}: the Corp adds a card from Archives to HQ", c.name()),
            format!("{}: the Corp adds {} from Archives to HQ", c.name(), g.label(k)),
            k,
        ));
    }
    Ok(Then::Done)
}

pub(crate) fn power(g: &Game, card: u32) -> u32 {
    g.card(card).map_or(0, |k| k.power)
}

/// "Play only if the Runner stole or trashed a Corp card during their last turn."
pub(crate) fn runner_took_corp_card_last_turn(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner_took_corp_card_last_turn {
        None
    } else {
        Some(vec![])
    }
}

/// The Corp pays `n` credits for a card's ability (publicly); false when it cannot.
pub(crate) fn pay_corp(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) -> bool {
    if !g.corp_pay(n) {
        return false;
    }
    note(ev, "paid", format!("The Corp pays {n} credits for {source}"), json!({"seat": CORP, "cost": n, "source": source}));
    true
}

/// The operations of HQ a card may play (`NON_TERMINAL`: not terminal ones, Sudden Commandment).
fn playable_from_hq<const NON_TERMINAL: bool>(g: &Game) -> Vec<u32> {
    g.corp
        .hq
        .iter()
        .copied()
        .filter(|&k| !NON_TERMINAL || !crate::netrunner::cards::def(g.code(k)).statics.iter().any(|s| matches!(s, Static::Terminal)))
        .collect()
}

/// An optional play of 1 operation from HQ, paying its cost (`NON_TERMINAL`: not a terminal one).
pub(crate) fn play_from_hq_ask<const NON_TERMINAL: bool>(g: &Game, c: Ctx) -> Option<Question> {
    let o = corp_play_options(g, &playable_from_hq::<NON_TERMINAL>(g));
    if o.is_empty() {
        return None;
    }
    let mut all = vec![(opt("none", "Play nothing"), Answer::No)];
    all.extend(o);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may play an operation from HQ ({})", c.name()),
        format!("{}: you may play 1 operation from HQ", c.name()),
        all,
    ))
}

pub(crate) fn play_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Play { card, target } => Then::PlayCorp { card, target },
        _ => Then::Done,
    })
}

/// Where `cards` can be installed by "install and rez, paying a total of `less` less": every
/// place the install action could, an ice only where its install cost less `less` can be paid.
pub(crate) fn discounted_install_options(g: &Game, cards: &[u32], less: i64) -> Vec<(DecisionOption, Answer)> {
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
pub(crate) fn install_then_rez(g: &mut Game, c: Ctx, card: u32, server: Option<u32>, less: i64, rez: u8) -> Then {
    ask_later(g, Ctx { arg: card, ..c }, rez);
    g.flags.corp_install_discount = less;
    Then::InstallCorp { card, server }
}

/// Rez the installed card `c.arg`, the discount `total` less what its install used (an ice's
/// install cost: the ice already protecting its server when it was installed).
pub(crate) fn rez_with_total_discount(g: &mut Game, c: Ctx, total: i64, ev: &mut Vec<Event>) {
    let k = c.arg;
    let used = match g.corp_zone(k) {
        CorpZone::Ice(s) => g.server(s).and_then(|sv| sv.ice.iter().position(|&i| i == k)).map_or(0, |p| p as i64).min(total),
        _ => 0,
    };
    let printed = if g.def(k).ctype == CardType::Ice { g.ice_rez_cost(k) } else { g.corp_rez_cost(k) };
    rez_paying(g, k, (printed - (total - used)).max(0), c.name(), ev);
}

/// The card a search found (`c.arg`, set aside while R&D was shuffled): where to install it.
pub(crate) fn found_install_ask<const LESS: i64>(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp_zone(c.arg) != CorpZone::None {
        return None;
    }
    let less = LESS;
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
pub(crate) fn set_aside_found(g: &mut Game, c: Ctx, k: u32, installable: bool, install_step: u8) {
    if installable {
        ask_later(g, Ctx { arg: k, ..c }, install_step);
    } else {
        g.corp.hq.push(k);
    }
}

/// Not an operation: a card that can be installed.
pub(crate) fn installable(g: &Game, k: u32) -> bool {
    !matches!(g.def(k).ctype, CardType::Operation | CardType::Identity)
}

/// Trash an ice of the attacked server during the run: the ice not yet approached keep their
/// positions (NR-6.2: the run walks the ice by position).
pub(crate) fn trash_ice_in_run(g: &mut Game, ice: u32, why: &str, ev: &mut Vec<Event>) {
    if let CorpZone::Ice(s) = g.corp_zone(ice) {
        let at = g.server(s).and_then(|sv| sv.ice.iter().position(|&x| x == ice));
        if let (Some(at), Some(r)) = (at, g.run.as_mut()) {
            if r.server == s && at < r.pos {
                r.pos -= 1;
            }
        }
    }
    g.trash(ice, why, ev);
}

/// The decision kind of every question here (`ask` prefixes "netrunner."): [`crate::netrunner::cards::CARD_KIND`].
pub(crate) const KIND: &str = "card";

pub(crate) const NO_MORE_ACCESS: fn(&Game, Ctx, u32) -> u32 = |_, _, _| 0;

pub(crate) fn question(summary: String, prompt: String, options: Vec<(crate::core::DecisionOption, Answer)>) -> Question {
    Question::one(RUNNER, KIND, summary, prompt, options)
}

pub(crate) fn hq_only(_: &Game) -> Vec<u32> {
    vec![HQ]
}

/// The Runner removes up to `n` tags.
pub(crate) fn remove_tags(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) {
    let n = n.min(g.runner.tags).max(0);
    if n == 0 {
        return;
    }
    g.runner.tags -= n;
    note(ev, "tag_removed", format!("{source}: the Runner removes {n} tag(s) ({} left)", g.runner.tags), json!({"tags": g.runner.tags, "source": source}));
    crate::netrunner::effects::tags_removed(g, n, ev);
    let installed = runner_trigger_order(g);
    fire_all(g, When::TagsRemoved, &installed, 0, ev);
}

/// Power counters on a card (`Card::power`), publicly.
pub(crate) fn add_power(g: &mut Game, card: u32, n: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.power += n;
        let total = k.power;
        let label = g.label(card);
        note(ev, "power_counters", format!("{source}: {n} power counter(s) on {label} ({total})"), json!({"card": card, "change": n, "power": total}));
    }
}

/// The rezzed ice the Runner is encountering.
pub(crate) fn encountered_ice(g: &Game) -> Option<u32> {
    g.run.as_ref().and_then(|r| r.current).filter(|&i| g.rezzed(i))
}

pub(crate) fn two_power_counters(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 2, c.name(), ev);
}

pub(crate) fn breach_extra(g: &mut Game, n: u32) {
    if let Some(r) = g.run.as_mut() {
        r.breach_extra += n;
    }
}

pub(crate) fn yes_no(summary: &str, prompt: &str, yes: &str) -> Option<Question> {
    let o = vec![(opt("use", yes), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(question(summary.into(), prompt.into(), o))
}

/// The ice being encountered is bypassed (CR 6.5.8.a: the flow passes it once the Runner's
/// encounter abilities are resolved).
pub(crate) fn bypass(g: &mut Game, source: &str, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.bypass = true;
        let ice = r.current.unwrap_or(0);
        note(ev, "bypass", format!("{source}: the Runner will bypass {}", g.label(ice)), json!({"ice": ice, "source": source}));
    }
}

/// Whether the Runner is still encountering `ice` (the question's argument).
pub(crate) fn encountering(g: &Game, ice: u32) -> bool {
    g.run.as_ref().is_some_and(|r| r.encounter_begun && !r.bypass && !r.stop && r.current == Some(ice))
}

/// Remove a Runner card from the game (CR 4.9: in no zone).
pub(crate) fn remove_from_game(g: &mut Game, card: u32, source: &str, ev: &mut Vec<Event>) {
    g.take_runner(card);
    note(ev, "removed_from_game", format!("{source}: {} is removed from the game", g.label(card)), json!({"card": card, "code": g.code(card)}));
}

/// "Trash this card to bypass": the card trashed, the ice bypassed.
pub(crate) fn trash_to_bypass_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.installed_runner().contains(&c.card) {
        crate::netrunner::effects::runner_trash(g, c.card, "its own ability", ev);
        bypass(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// "Spend `CLICKS` clicks to bypass" (S-Dobrado: 1, Alarm Clock: 2; the question's yes option names it).
pub(crate) fn click_bypass_answer<const CLICKS: i64>(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let n = CLICKS;
    if first(a) == Answer::Yes {
        if g.runner.clicks < n {
            return Err(RulesError::Illegal(format!("bypassing costs {n} click(s)")));
        }
        spend_clicks(g, n, c.name(), ev);
        bypass(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The optional install several Corp cards ask: "Install nothing", then `installs` (options of
/// `effects::corp_install_options`); `None` when there is no install to offer.
pub(crate) fn corp_may_install(installs: impl IntoIterator<Item = (crate::core::DecisionOption, Answer)>, summary: String, prompt: String) -> Option<Question> {
    let installs: Vec<_> = installs.into_iter().collect();
    if installs.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(installs);
    Some(Question::one(CORP, CARD_KIND, summary, prompt, o))
}

/// The optional install several Runner cards ask ("you may install 1 of these, paying `less`
/// less"): the installs the Runner can pay for, then "Install nothing"; `None` when there is none.
pub(crate) fn may_install(g: &Game, cards: &[u32], less: i64, summary: String, prompt: String) -> Option<Question> {
    let mut o = install_choices(g, cards, less);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(summary, prompt, o))
}

/// Install options for `cards` paying `less` less (programs within memory, Trojans on each
/// installed ice, one console), each answered by `Answer::Install` (the host ice as `server`).
pub(crate) fn install_choices(g: &Game, cards: &[u32], less: i64) -> Vec<(crate::core::DecisionOption, Answer)> {
    let has_console = g.runner.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
    let mut o = Vec::new();
    for &c in cards {
        let d = g.def(c);
        let cost = (g.runner_install_cost(c) - less).max(0);
        if crate::netrunner::effects::runner_available_for(g, crate::netrunner::cards::Spend::Install(c)) < cost {
            continue;
        }
        match d.ctype {
            CardType::Program if d.memory.unwrap_or(0) > g.memory_limit() => {}
            CardType::Program if g.is_trojan(c) => {
                for ice in g.installed_corp().into_iter().filter(|&i| g.def(i).ctype == CardType::Ice) {
                    o.push((
                        opt(format!("install:{c}:{ice}"), format!("Install {} on {} (cost {cost})", g.label(c), g.corp_public_label(ice))),
                        Answer::Install { card: c, server: Some(ice) },
                    ));
                }
            }
            CardType::Hardware if d.has_subtype("Console") && has_console => {}
            CardType::Program | CardType::Hardware | CardType::Resource => {
                o.push((opt(format!("install:{c}"), format!("Install {} (cost {cost})", g.label(c))), Answer::Install { card: c, server: None }));
            }
            _ => {}
        }
    }
    o
}

/// Install the answered card paying `LESS` less (The Price: 3, Illumination: 1; the options were
/// made by `install_choices` with the same reduction).
pub(crate) fn discounted_install_answer<const LESS: i64>(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    g.flags.install_discount = LESS;
    Ok(match server {
        Some(host) => Then::InstallRunnerOn { card, host },
        None => Then::InstallRunner { card },
    })
}

pub(crate) fn gain_clicks(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) {
    if g.run.is_some() {
        g.flags.run_click_gains += 1;
    }
    g.runner.clicks += n;
    note(ev, "clicks", format!("{source}: the Runner gains {n} click(s)"), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
}

pub(crate) fn host(g: &Game, card: u32) -> Option<u32> {
    g.card(card).and_then(|k| k.host)
}

pub(crate) fn grip_programs(g: &Game) -> Vec<u32> {
    g.runner.grip.iter().copied().filter(|&k| g.def(k).ctype == CardType::Program).collect()
}

pub(crate) fn trash_costs_only(_: &Game, spend: Spend) -> bool {
    matches!(spend, Spend::TrashCost(_))
}

/// Install the answered card (on its host ice, for a Trojan), with no reduction.
pub(crate) fn plain_install_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    Ok(match server {
        Some(host) => Then::InstallRunnerOn { card, host },
        None => Then::InstallRunner { card },
    })
}

pub(crate) const fn corp_trashes(kind: TrashKind) -> Ask {
    Ask::CorpTrashes { kind, or_end: false, optional: false }
}

/// "You may": every question of Mycoweb's offers to do nothing.
pub(crate) fn with_none(mut o: Vec<(crate::core::DecisionOption, Answer)>) -> Vec<(crate::core::DecisionOption, Answer)> {
    o.push((opt("none", "Do nothing"), Answer::No));
    o
}

pub(crate) fn installed(g: &Game, card: u32) -> bool {
    g.installed_runner().contains(&card)
}

pub(crate) fn server_of(g: &Game, card: u32) -> String {
    match g.corp_zone(card) {
        crate::netrunner::state::CorpZone::Root(s) | crate::netrunner::state::CorpZone::Ice(s) => Game::server_name(s),
        _ => "a server".into(),
    }
}
