//! Asking (cf. the Comprehensive Rules' decisions): options and typed answers, and the questions
//! several cards ask: pay or take a tag, the Corp trashes a Runner card, Archives into R&D, installing
//! or playing a Corp card by an effect, searching a deck, looking at hidden cards.

use super::{corp_available_for, end_the_run, give_tags};
use crate::core::{DecisionOption, Event, RulesError};
use crate::netrunner::cards;
use crate::netrunner::cards::{Answer, Question};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{Game, Task, TrashKind, CORP, RUNNER};
use serde_json::json;

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
                CardType::Ice => free || corp_available_for(g, cards::Spend::Install(k)) >= s.ice.len() as i64,
                _ => g.may_install_root_in(k, s.id) && !(remote_root_only && !Game::is_remote(s.id)),
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
        let targets = cards::def(g.code(k)).play.map_or(cards::Targets::None, |p| p.targets);
        let plain = || (opt(format!("play:{k}"), format!("Play {label}")), Answer::Play { card: k, target: None });
        match targets {
            cards::Targets::None => o.push(plain()),
            cards::Targets::Labeled(f) => match f(g) {
                Some(ts) => o.extend(
                    ts.into_iter()
                        .filter(|&(t, _)| g.play_cost(k, Some(t)) <= g.corp.credits)
                        .map(|(t, what)| (opt(format!("play:{k}:{t}"), format!("Play {label}: {what}")), Answer::Play { card: k, target: Some(t) })),
                ),
                None => o.push(plain()),
            },
            cards::Targets::Cards(f) => o.extend(
                f(g).into_iter().map(|t| (opt(format!("play:{k}:{t}"), format!("Play {label} on {}", g.label(t))), Answer::Play { card: k, target: Some(t) })),
            ),
            cards::Targets::Servers(f) => o.extend(
                f(g).into_iter()
                    .map(|t| (opt(format!("play:{k}:{t}"), format!("Play {label} on {}", Game::server_name(t))), Answer::Play { card: k, target: Some(t) })),
            ),
        }
    }
    o
}

/// A search of `seat`'s own deck (R&D or the stack) for 1 card that `fits` (Comprehensive Rules,
/// "search"): asked under [`cards::SEARCH_KIND`], so only the searcher sees the cards named by
/// the options (`prefix:card`); it may find nothing, as a search for a card of a given type may
/// fail. The caller shuffles the deck afterwards.
pub fn search_deck_ask(g: &Game, seat: u32, prefix: &str, fits: impl Fn(&Game, u32) -> bool, summary: String, prompt: String) -> Question {
    let deck = if seat == CORP { &g.corp.rd } else { &g.runner.stack };
    let found: Vec<u32> = deck.iter().copied().filter(|&k| fits(g, k)).collect();
    let mut o = vec![(opt("none", "Find nothing"), Answer::No)];
    o.extend(card_options(g, prefix, &found));
    Question::one(seat, cards::SEARCH_KIND, summary, prompt, o)
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
