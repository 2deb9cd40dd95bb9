//! The leak oracle: proof, over many random games, that no viewer gets a hidden fact.
//!
//! What a viewer (a seat, a spectator) can get is: the view (`Ruleset::view`), every event as it
//! sees it (`Event::as_seen_by`) and the pending decision as it sees it (whole for its seat, the
//! public summary for everyone else: `Decision::as_seen_by`). The hidden facts are the
//! identities of the cards it may not know (another seat's hand, the decks, face-down cards),
//! the deck orders, and which deck-list position (hence which card across matches) a card
//! number stands for.
//!
//! Each game says which cards are hidden from a viewer ([`HiddenInfo::hidden`], in groups that
//! may be dealt among each other: one group per owner, since who owns a card is public) and can
//! re-deal them ([`HiddenInfo::redeal`]: the cards keep their numbers, places, counters and
//! status; only their identities and deck-list positions move). Two checks then run at every
//! step of every game, for every viewer:
//!
//! 1. **Re-deal invariance of the view.** The view of the re-dealt state must be byte-identical.
//!    A re-deal is a state the viewer cannot tell apart from the real one, so anything in the
//!    view that changes depends on a hidden fact: a hand card, a deck order (a re-deal within a
//!    deck reorders it), or a number that follows the card's deck-list position (the old fixed
//!    numbering: swapping positions would change the number shown).
//! 2. **No hidden card is named.** In every event and in the pending decision as the viewer
//!    sees them, no card that is hidden from it before and after the step may appear by its
//!    label ("Palisade #23") or as a JSON object giving its number with a key or title; nor may
//!    the bare name of a card all of whose copies are hidden from it ("installs Palisade"). Cards the
//!    viewer learns in the step (drawn, accessed, revealed, played) are not hidden afterwards or
//!    before, so naming them is allowed; nor is naming a card an event shows to the viewer by
//!    the rules although it stays hidden ([`HiddenInfo::reveals`]: a netrunner access), in that
//!    step and later ones while the card stays where it was ([`HiddenInfo::place`]).
//!
//! Why both: the view is a function of the state, so re-dealing the state proves it directly.
//! Events and decisions are computed once, from the real state, and carry text; for them the
//! oracle looks for the cards themselves. Together they fail on a prompt written for one seat
//! and shown to all ([`check_game`] on a ruleset whose summaries copy the prompt) and on numbers
//! that are deck-list positions (a view showing positions changes under a re-deal); the
//! netrunner tests plant both leaks and expect the oracle to catch them.
//!
//! 3. **Secret inputs stay secret.** A choice a seat makes in secret from another viewer (a
//!    psi game's first bid, made before the other seat bids) is a hidden fact that is no card:
//!    the game lists the other inputs that viewer must not tell apart from the real one
//!    ([`HiddenInfo::secret_alternatives`]); each is applied to the same state, and the step's
//!    events, its pending decision and the view, as the viewer sees them, must not change.
//!
//! What it does not prove: facts that the rules let an action show are not hidden facts. A Corp
//! that installs "an ice protecting HQ" tells everyone that card was an ice; a seat that passes
//! unasked (`auto_pass`) tells it had nothing to do. So events are not re-dealt (a re-deal that
//! turned the installed ice into an operation would change such an event legitimately); they are
//! searched for the hidden cards' identities instead.

use std::collections::BTreeMap;

use serde_json::Value;

use super::RandomBot;
use crate::core::{Awaiting, Decision, Event, Input, MatchConfig, RulesError, Ruleset, Viewer};

/// What a game tells the oracle about hidden information.
pub trait HiddenInfo: Sync {
    /// The cards `viewer` may not identify in `state`, with their labels ("Palisade #23"), in
    /// groups whose identities may be dealt among each other.
    fn hidden(&self, state: &[u8], viewer: Viewer) -> Result<Vec<Vec<(u32, String)>>, RulesError>;
    /// `state` with identities moved: for each `(to, from)`, card `to` takes the identity (and
    /// deck-list position) card `from` had. Numbers, zones, counters and status stay.
    fn redeal(&self, state: &[u8], moves: &[(u32, u32)]) -> Result<Vec<u8>, RulesError>;
    /// Every card of the match with its label, hidden or not.
    fn labels(&self, state: &[u8]) -> Result<Vec<(u32, String)>, RulesError>;
    /// The cards this event shows to `viewer` by the rules although they stay hidden afterwards
    /// (a netrunner access of a card left in R&D, NR-7). Empty for most events; each game lists
    /// them in its "What each viewer sees". Such cards may be named for the rest of the step.
    fn reveals(&self, _event: &Event, _viewer: Viewer) -> Vec<u32> {
        Vec::new()
    }
    /// Where `card` is in `state`, exactly enough that a card shown to a viewer and still at
    /// the same place is still known to it in later steps (a zone, and in a deck its position:
    /// a shuffle moves it). `None` (the default): a shown card is known for its step only.
    fn place(&self, _state: &[u8], _card: u32) -> Option<String> {
        None
    }
    /// The other inputs `viewer` may not tell apart from `input` applied to `state` (a secret
    /// bid: the other bids offered). Empty (the default) for an input the viewer may learn.
    fn secret_alternatives(&self, _state: &[u8], _input: &Input, _viewer: Viewer) -> Vec<Input> {
        Vec::new()
    }
}

/// What one checked game covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeakStats {
    pub steps: u64,
    pub views_compared: u64,
    pub events_checked: u64,
    pub decisions_checked: u64,
    /// Secret inputs replaced by another offered one and compared (check 3).
    pub secret_inputs_checked: u64,
}

impl LeakStats {
    pub fn add(&mut self, o: LeakStats) {
        self.steps += o.steps;
        self.views_compared += o.views_compared;
        self.events_checked += o.events_checked;
        self.decisions_checked += o.decisions_checked;
        self.secret_inputs_checked += o.secret_inputs_checked;
    }
}

/// Play one random game of `ruleset` (seeded) and check every step for every seat and a
/// spectator. The error names the seed, the step, the viewer and what leaked.
pub fn check_game(ruleset: &dyn Ruleset, hidden: &dyn HiddenInfo, config: &MatchConfig, seed: u64, max_inputs: usize) -> Result<LeakStats, String> {
    let seats = config.seats.len() as u32;
    let viewers: Vec<Viewer> = (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
    let mut bot = RandomBot::new(seed);
    // A separate generator for re-deals, so that checking does not change the game played.
    let mut dealer = RandomBot::new(seed ^ 0x5EED_DEA1);
    let first = ruleset.new_match(config).map_err(|e| format!("seed {seed}: new match: {e}"))?;
    let mut stats = LeakStats::default();
    let (mut state, mut awaiting) = (first.state.clone(), first.awaiting.clone());
    let labels = hidden.labels(&first.state).map_err(|e| format!("seed {seed}: labels: {e}"))?;
    // Per viewer: the hidden cards it was shown, with where they were then.
    let mut known: Vec<BTreeMap<u32, String>> = vec![BTreeMap::new(); viewers.len()];
    for (&v, known) in viewers.iter().zip(known.iter_mut()) {
        check_step(ruleset, hidden, (None, labels.as_slice()), &first.state, &first.events, &first.awaiting, v, known, &mut dealer, &mut stats)
            .map_err(|e| format!("seed {seed}, setup, {v:?}: {e}"))?;
    }
    for step_no in 0..max_inputs {
        let Some(input) = bot.input(&awaiting) else { return Ok(stats) };
        let step = ruleset.apply(&state, &input).map_err(|e| format!("seed {seed}: offered input refused: {e}"))?;
        stats.steps += 1;
        let labels = hidden.labels(&step.state).map_err(|e| format!("seed {seed}: labels: {e}"))?;
        for (&v, known) in viewers.iter().zip(known.iter_mut()) {
            let s = (Some(state.as_slice()), labels.as_slice());
            check_step(ruleset, hidden, s, &step.state, &step.events, &step.awaiting, v, known, &mut dealer, &mut stats)
                .map_err(|e| format!("seed {seed}, input {step_no} ({input:?}), {v:?}: {e}"))?;
            for alt in hidden.secret_alternatives(&state, &input, v) {
                same_as_seen(ruleset, &state, (&step.events, &step.awaiting, &step.state), &alt, v)
                    .map_err(|e| format!("seed {seed}, input {step_no} ({input:?}), {v:?}, secret input: {e}"))?;
                stats.secret_inputs_checked += 1;
            }
        }
        state = step.state;
        awaiting = step.awaiting;
    }
    if matches!(awaiting, Awaiting::Ended(_)) {
        Ok(stats)
    } else {
        Err(format!("seed {seed}: the game did not end within {max_inputs} inputs"))
    }
}

#[allow(clippy::too_many_arguments)]
fn check_step(
    ruleset: &dyn Ruleset,
    hidden: &dyn HiddenInfo,
    (before, labels): (Option<&[u8]>, &[(u32, String)]),
    after: &[u8],
    events: &[Event],
    awaiting: &Awaiting,
    viewer: Viewer,
    known: &mut BTreeMap<u32, String>,
    dealer: &mut RandomBot,
    stats: &mut LeakStats,
) -> Result<(), String> {
    let groups = hidden.hidden(after, viewer).map_err(|e| format!("hidden cards: {e}"))?;
    // 1. The view must not change when what the viewer may not know is re-dealt.
    let mut moves = Vec::new();
    for g in &groups {
        let perm = dealer.permutation(g.len() as u32);
        for (i, &j) in perm.iter().enumerate() {
            if let (Some(to), Some(from)) = (g.get(i), g.get(j as usize)) {
                moves.push((to.0, from.0));
            }
        }
    }
    let dealt = hidden.redeal(after, &moves).map_err(|e| format!("re-deal: {e}"))?;
    let real = ruleset.view(after, viewer).map_err(|e| format!("view: {e}"))?;
    let other = ruleset.view(&dealt, viewer).map_err(|e| format!("view of the re-deal: {e}"))?;
    if real != other {
        return Err(format!("the view depends on hidden cards: {}", first_difference(&real, &other, "")));
    }
    stats.views_compared += 1;
    // 2. No card hidden before and after the step is named in what the viewer sees of it.
    let mut named: BTreeMap<u32, String> = groups.into_iter().flatten().collect();
    if let Some(before) = before {
        let earlier: BTreeMap<u32, String> = hidden.hidden(before, viewer).map_err(|e| format!("hidden cards before: {e}"))?.into_iter().flatten().collect();
        named.retain(|n, _| earlier.contains_key(n));
    }
    // A card shown to the viewer in an earlier step and not moved since is still known to it
    // (Byte! revealed in HQ names the damage it deals a step later).
    known.retain(|&n, at| hidden.place(after, n).as_ref() == Some(at));
    named.retain(|n, _| !known.contains_key(n));
    for e in events {
        for n in hidden.reveals(e, viewer) {
            named.remove(&n);
            if let Some(at) = hidden.place(after, n) {
                known.insert(n, at);
            }
        }
    }
    // A name every copy of which is hidden may not appear even without a number ("installs
    // Palisade"); a name with a copy in sight may (it could be that copy).
    let name = |label: &str| label.rsplit_once(" #").map_or(label, |(n, _)| n).to_string();
    let in_sight: std::collections::BTreeSet<String> = labels.iter().filter(|(n, _)| !named.contains_key(n)).map(|(_, l)| name(l)).collect();
    let secret: std::collections::BTreeSet<String> = named.values().map(|l| name(l)).filter(|n| !n.is_empty() && !in_sight.contains(n)).collect();
    for e in events {
        let (text, detail) = e.as_seen_by(viewer);
        no_hidden_card(&named, text, detail).map_err(|m| format!("event {} names {m}", e.kind))?;
        no_secret_name(&secret, text).map_err(|m| format!("event {} names {m}", e.kind))?;
        no_secret_name(&secret, &detail.to_string()).map_err(|m| format!("event {} names {m}", e.kind))?;
        stats.events_checked += 1;
    }
    if let Awaiting::Decision(d) = awaiting {
        let seen: Decision = d.as_seen_by(viewer);
        let as_json = serde_json::to_value(&seen).map_err(|e| format!("decision: {e}"))?;
        let text = as_json.to_string();
        no_hidden_card(&named, &text, &as_json).map_err(|m| format!("decision {} names {m}", d.kind))?;
        no_secret_name(&secret, &text).map_err(|m| format!("decision {} names {m}", d.kind))?;
        stats.decisions_checked += 1;
    }
    Ok(())
}

/// Check 3: `alt` applied to `before` must give `viewer` the same events, pending decision and
/// view as the real input did (its step's events, decision and state after).
pub fn same_as_seen(
    ruleset: &dyn Ruleset,
    before: &[u8],
    (events, awaiting, after): (&[Event], &Awaiting, &[u8]),
    alt: &Input,
    viewer: Viewer,
) -> Result<(), String> {
    let other = ruleset.apply(before, alt).map_err(|e| format!("the alternative {alt:?} is refused: {e}"))?;
    let seen = |es: &[Event]| -> Vec<(String, Value)> { es.iter().map(|e| e.as_seen_by(viewer)).map(|(t, d)| (t.to_string(), d.clone())).collect() };
    if seen(events) != seen(&other.events) {
        return Err(format!("the events depend on the secret input ({alt:?} gives {:?})", seen(&other.events)));
    }
    let decision = |a: &Awaiting| match a {
        Awaiting::Decision(d) => serde_json::to_value(d.as_seen_by(viewer)).ok(),
        _ => None,
    };
    if decision(awaiting) != decision(&other.awaiting) {
        return Err(format!("the pending decision depends on the secret input ({alt:?})"));
    }
    let real = ruleset.view(after, viewer).map_err(|e| format!("view: {e}"))?;
    let alt_view = ruleset.view(&other.state, viewer).map_err(|e| format!("view: {e}"))?;
    if real != alt_view {
        return Err(format!("the view depends on the secret input: {}", first_difference(&real, &alt_view, "")));
    }
    Ok(())
}

/// Fails when `text` holds one of `names` as a whole word sequence.
fn no_secret_name(names: &std::collections::BTreeSet<String>, text: &str) -> Result<(), String> {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    for n in names {
        let mut from = 0;
        while let Some(at) = text.get(from..).and_then(|t| t.find(n.as_str())) {
            let start = from + at;
            let end = start + n.len();
            if !word(text[..start].chars().next_back()) && !word(text[end..].chars().next()) {
                return Err(format!("\"{n}\", a card hidden in every copy, in \"{}\"", prefix(text)));
            }
            from = end;
        }
    }
    Ok(())
}

/// Fails with what was named when `text` or `detail` names a card of `hidden`.
fn no_hidden_card(hidden: &BTreeMap<u32, String>, text: &str, detail: &Value) -> Result<(), String> {
    for (n, label) in hidden {
        let mut rest = text;
        while let Some(at) = rest.find(label.as_str()) {
            let after = &rest[at + label.len()..];
            // "Palisade #2" must not match "Palisade #23".
            if !after.starts_with(|c: char| c.is_ascii_digit()) {
                return Err(format!("hidden card {n} ({label}) in \"{}\"", prefix(text)));
            }
            rest = after;
        }
    }
    names_in_json(hidden, detail)
}

fn names_in_json(hidden: &BTreeMap<u32, String>, v: &Value) -> Result<(), String> {
    match v {
        Value::Object(m) => {
            let number = ["id", "card"].iter().find_map(|k| m.get(*k).and_then(Value::as_u64));
            let identified = ["key", "code", "title", "name"].iter().any(|k| m.get(*k).is_some_and(Value::is_string));
            if let Some(n) = number.and_then(|n| u32::try_from(n).ok()) {
                if identified && hidden.contains_key(&n) {
                    return Err(format!("hidden card {n} with its identity in {}", prefix(&v.to_string())));
                }
            }
            m.values().try_for_each(|x| names_in_json(hidden, x))
        }
        Value::Array(a) => a.iter().try_for_each(|x| names_in_json(hidden, x)),
        _ => Ok(()),
    }
}

fn prefix(s: &str) -> String {
    s.chars().take(160).collect()
}

/// The first path at which two JSON values differ, with both values (shortened).
fn first_difference(a: &Value, b: &Value, path: &str) -> String {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                match y.get(k) {
                    Some(vb) if vb == va => {}
                    Some(vb) => return first_difference(va, vb, &format!("{path}/{k}")),
                    None => return format!("{path}/{k} only in the real view"),
                }
            }
            format!("{path}: keys differ")
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                if va != vb {
                    return first_difference(va, vb, &format!("{path}/{i}"));
                }
            }
            format!("{path}: equal")
        }
        _ => format!("{path}: {} vs {}", prefix(&a.to_string()), prefix(&b.to_string())),
    }
}

/// How many games a leak test plays: `var` from the environment, else `default`.
pub fn games_from_env(var: &str, default: u64) -> u64 {
    std::env::var(var).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
