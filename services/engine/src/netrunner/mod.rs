//! The `netrunner` ruleset: Android: Netrunner (`shared/rules/netrunner.md`): the Corp is seat 0,
//! the Runner seat 1; the ready decks are the starter game, The Syndicate against The Catalyst,
//! to 6 agenda points. Every System Gateway card is implemented; of the Startup format's other
//! sets, the cards with a row (`cards::implemented`), the others refused by name in decklists.
//!
//! - [`data`]: the card numbers and names (our own TSV, no card text) and the ready decks.
//! - [`cards`]: every card in one place: one `CardDef` row per card (hooks, subroutines,
//!   breakers, constant effects, abilities, and a card's question with its typed answer).
//! - [`state`]: the match state and its elementary operations (naming no card).
//! - [`flow`]: the rules, one file per concept: turns, actions, installing, windows, runs,
//!   access, damage, traces, pending tasks. It names no card.
//!
//! Imports run one way: `flow` → `cards` → `state` → `data`/`options`. See
//! `docs/adding-a-card.md`.
//! - [`kinds`]: every decision and event kind it emits, with each event's detail shape.
//! - [`options`]: named defaults and match options.
//! - [`formats`]: the formats and their snapshots (pools and ban lists) decks are checked in.
//! - [`decklist_text`]: decklists as people write them (NetrunnerDB's text and JSON exports),
//!   read into codes and counts for `data::deck_from_list`.
//! - [`random_deck`]: random legal decks of a format, for bots, oracles and benches.

pub mod cards;
pub mod data;
pub mod decklist_text;
pub mod effects;
pub mod flow;
pub mod formats;
pub mod kinds;
pub mod options;
pub mod random_deck;
pub mod state;

#[cfg(test)]
mod tests;

use serde_json::{json, Value};

use self::data::Side;
use self::options::Options;
use self::state::{Card, Corp, Game, Runner, Server, Stage, ARCHIVES, CORP, HQ, RD, RUNNER};
use crate::core::game::{self, GameState};
use crate::core::*;

pub use self::options::OPTIONS;

/// netrunner-2: card numbers are drawn per match; decisions carry a public summary.
/// netrunner-3: the first remote server is "Server 1" (it was "Server 2"); the round time limit
/// plays the tournament time procedure (`flow::time`); `game_over` carries the score.
/// netrunner-4: a card rezzed ignoring all costs (Send a Message) fires its own "when rezzed"
/// ability, as every other rez does.
pub const RULES_VERSION: &str = "netrunner-5";

/// The ready Corp deck.
pub const CORP_DECK: &str = "syndicate-starter";
/// The ready Runner deck.
pub const RUNNER_DECK: &str = "catalyst-starter";

/// The ruleset object (registered by the lead in [`crate::rulesets`]).
pub struct Netrunner;

pub fn deck_names() -> Vec<&'static str> {
    vec![CORP_DECK, RUNNER_DECK]
}

/// The shape of the serialized `Game`: 2 since the card table (`Task::Card`, generic turn and
/// run records); 3 since `open_decklists`; 4 since `Corp::next_remote` is the number of the next
/// remote (id `ARCHIVES + n`): a layout-3 state would give a new remote the id of an existing one;
/// 5 since `time` (the round time limit called); 6 since the Startup cards (the fields their
/// mechanics keep on runs, turns and cards); 7 since the last Startup cards (run-long breaker
/// boosts, prevented encounter abilities, psi games `Task::Psi`, access restrictions and
/// persistent steal costs: `Run::access_only`, `Access::steal_costs`). Bump it with any change of the state's serialized
/// shape, so that a blob of another shape (a snapshot from another build) is refused by name
/// rather than misread; `testing::state_layouts` fails when the shape changes and it does not.
pub const STATE_LAYOUT: u8 = 8;

impl GameState for Game {
    const RULESET: &'static str = "netrunner";
    const LAYOUT: Option<u8> = Some(STATE_LAYOUT);
    fn validate(&self) -> Result<(), RulesError> {
        validate(self)
    }
    crate::core::game::protocol_fields!();
    /// The tournament time procedure: the game plays on to its last turn (`flow::time`).
    fn time_called(&mut self, at_ms: i64, events: &mut Vec<Event>) -> Result<(), RulesError> {
        flow::time::call(self, at_ms, events)
    }
}

/// This game's own rules in the shared sequence (`core::game::apply_flow`, `settle`, `view_flow`).
impl game::Flow for Game {
    const STEP: game::StepFn<Self> = flow::step;
    const PLAY: game::PlayFn<Self> = flow::on_input;
    const VIEW: game::ViewFn<Self> = view_of;
}

/// Cheap consistency checks on a decoded state, so that garbage is reported, not played.
fn validate(g: &Game) -> Result<(), RulesError> {
    let n = g.cards.len() as u32;
    let ok = |v: &[u32]| v.iter().all(|&c| c < n);
    let c = &g.corp;
    let r = &g.runner;
    let zones_ok = ok(&c.hq)
        && ok(&c.rd)
        && ok(&c.archives)
        && ok(&c.score)
        && c.servers.iter().all(|s| ok(&s.ice) && ok(&s.root))
        && ok(&r.grip)
        && ok(&r.stack)
        && ok(&r.heap)
        && ok(&r.programs)
        && ok(&r.hardware)
        && ok(&r.resources)
        && ok(&r.score);
    if !zones_ok {
        return Err(RulesError::CorruptState("a zone names an unknown card".into()));
    }
    if g.active > 1 {
        return Err(RulesError::CorruptState(format!("active seat {} does not exist", g.active)));
    }
    if g.cards.iter().any(|k| data::card(&k.code).is_none()) {
        return Err(RulesError::CorruptState("a card has an unknown code".into()));
    }
    Ok(())
}

/// The name a seat's own decklist goes by in the state (the list itself stays private).
pub const CUSTOM_DECK: &str = "custom";

/// Seat `seat`'s deck (the ready deck it names, or its own decklist, checked): its cards appended
/// to `cards`; returns the player's name, "deck|identity" and the card ids.
fn load_deck(seat: usize, sc: &SeatConfig, snap: data::Snapshot, cards: &mut Vec<Card>) -> Result<(String, String, Vec<u32>), RulesError> {
    let side = if seat == 0 { Side::Corp } else { Side::Runner };
    let role = if seat == 0 { "Corp" } else { "Runner" };
    let owned;
    let (name, deck): (&str, &data::Deck) = if !sc.decklist.is_empty() {
        if !sc.deck.is_empty() {
            return Err(RulesError::InvalidConfig(format!("seat {seat} ({}) names the deck \"{}\" and gives a decklist; give one of them", sc.name, sc.deck)));
        }
        let list: Vec<(String, u32)> = sc.decklist.iter().map(|e| (e.card.clone(), e.count)).collect();
        // NR-10 first, then whether every card has behaviour here: a legal deck with cards not
        // implemented yet is told so as such, naming them.
        let listed = data::Deck { name: CUSTOM_DECK.into(), side, identity: String::new(), cards: list.clone() };
        let missing: Vec<String> = data::not_implemented(&listed, cards::implemented).iter().map(|c| format!("{} ({})", c.title, c.code)).collect();
        owned = data::legal_deck_from_list(CUSTOM_DECK, side, &list, snap).map_err(|v| {
            let also = if missing.is_empty() { String::new() } else { format!("; and {} card(s) not implemented yet: {}", missing.len(), missing.join(", ")) };
            RulesError::InvalidConfig(format!(
                "seat {seat} ({})'s decklist is not a legal {role} deck (NR-10), {} violation(s): {}{also}",
                sc.name,
                v.len(),
                v.join("; ")
            ))
        })?;
        if !missing.is_empty() {
            return Err(RulesError::InvalidConfig(format!(
                "seat {seat} ({})'s decklist is a legal {role} deck in {}, but {} of its cards are not implemented yet, so it cannot be played here: {}",
                sc.name,
                snap.name(),
                missing.len(),
                missing.join(", ")
            )));
        }
        (CUSTOM_DECK, &owned)
    } else {
        let default = if seat == 0 { CORP_DECK } else { RUNNER_DECK };
        let name = if sc.deck.is_empty() { default } else { sc.deck.as_str() };
        let Some(deck) = data::deck(name) else {
            return Err(RulesError::InvalidConfig(format!(
                "seat {seat} ({}) asks for deck \"{name}\"; the netrunner decks are: {}",
                sc.name,
                deck_names().join(", ")
            )));
        };
        if deck.side != side {
            return Err(RulesError::InvalidConfig(format!("seat {seat} plays the {role}, but \"{name}\" is a {} deck", deck.side.name())));
        }
        // NR-10: a ready deck is checked in the match's format too (the starter Runner deck
        // holds Cleaver, banned in startup); an unimplemented card is refused by name.
        data::validate_deck(deck, snap, cards::implemented)
            .map_err(|e| RulesError::InvalidConfig(format!("deck \"{name}\" is not legal in {}: {e}", snap.format().name())))?;
        (name, deck)
    };
    let mut ids = Vec::new();
    for (code, n) in &deck.cards {
        for _ in 0..*n {
            ids.push(cards.len() as u32);
            cards.push(Card::new(code, side, cards.len() as u32));
        }
    }
    let pname = if sc.name.is_empty() {
        if seat == 0 {
            "Corp".to_string()
        } else {
            "Runner".to_string()
        }
    } else {
        sc.name.clone()
    };
    Ok((pname, format!("{name}|{}", deck.identity), ids))
}

/// Build the initial state (before the shuffles).
pub(crate) fn initial_game(config: &MatchConfig) -> Result<Game, RulesError> {
    if config.seats.len() != 2 {
        return Err(RulesError::InvalidConfig(format!(
            "netrunner is played by exactly 2 seats (seat 0 the Corp, seat 1 the Runner), not {}",
            config.seats.len()
        )));
    }
    let options = Options::from_map(&config.options)?;
    data::pool()?;
    let snap = options::snapshot_of(&config.options)?;
    let mut cards: Vec<Card> = Vec::new();
    let mut zones: Vec<(String, String, Vec<u32>)> = Vec::new();
    for (seat, sc) in config.seats.iter().enumerate() {
        zones.push(load_deck(seat, sc, snap, &mut cards)?);
    }
    let mut it = zones.into_iter();
    let (Some((cname, cdeck, rd)), Some((rname, rdeck, stack))) = (it.next(), it.next()) else {
        return Err(RulesError::InvalidConfig("two seats are needed".into()));
    };
    let split = |s: &str| -> (String, String) {
        let mut p = s.splitn(2, '|');
        (p.next().unwrap_or("").to_string(), p.next().unwrap_or("").to_string())
    };
    let (cdeck, cid) = split(&cdeck);
    let (rdeck, rid) = split(&rdeck);
    let link = data::card(&rid).and_then(|c| c.base_link).unwrap_or(0);
    let credits = options.starting_credits;
    Ok(Game {
        corp: Corp {
            name: cname,
            deck: cdeck,
            identity: cid,
            credits,
            clicks: 0,
            hq: vec![],
            rd,
            archives: vec![],
            servers: [HQ, RD, ARCHIVES].iter().map(|&id| Server { id, ice: vec![], root: vec![] }).collect(),
            score: vec![],
            points: 0,
            bad_publicity: 0,
            next_remote: 1,
            decked: false,
            removed: vec![],
            identity_power: 0,
            flipped: false,
        },
        runner: Runner {
            name: rname,
            deck: rdeck,
            identity: rid,
            credits,
            clicks: 0,
            grip: vec![],
            stack,
            heap: vec![],
            programs: vec![],
            hardware: vec![],
            resources: vec![],
            score: vec![],
            points: 0,
            tags: 0,
            core_damage: 0,
            link,
            flatlined: false,
            flipped: false,
            hosted_cards: vec![],
        },
        options,
        cards,
        active: CORP,
        turn: 0,
        stage: Stage::CardNumbers,
        tasks: vec![],
        run: None,
        access: None,
        flags: Default::default(),
        runner_success_last_turn: false,
        runner_took_corp_card_last_turn: false,
        next_turn_clicks: [0, 0],
        last_trashed: None,
        open_decklists: crate::core::options::open_decklists(&config.options),
        picked_at_random: vec![],
        winner: None,
        time: None,
        next_draw: 0,
        next_decision: 0,
        awaiting: Awaiting::Ended(Outcome { winners: vec![], reason: "not started".into() }),
    })
}

/// A card whose face `viewer` sees: what it is and every public fact on it (its counters of each
/// kind, the subtypes an effect gave it, and for an installed icebreaker its current strength).
fn card_json(g: &Game, c: u32) -> Value {
    let d = g.def(c);
    let k = g.card(c);
    let mut v = json!({
        "id": c,
        "code": d.code,
        "title": d.title,
        "type": d.ctype.name(),
        "subtypes": d.subtypes,
        "rezzed": k.is_some_and(|k| k.rezzed),
    });
    counters_json(g, c, &mut v);
    if k.is_some_and(|k| !k.gained.is_empty()) {
        v["gained_subtypes"] = json!(k.map(|k| k.gained.clone()));
    }
    // An installed program with a strength: its strength now (printed, bonuses, this
    // encounter's or run's boosts), the number a break compares with the ice's.
    if d.strength.is_some() && g.runner.programs.contains(&c) {
        v["strength"] = json!(g.breaker_strength(c));
    }
    v
}

/// The counters on a card, face up or down (counters are public wherever they sit, NR-3.2):
/// advancement, hosted credits, virus, power and agenda counters, each always present.
fn counters_json(g: &Game, c: u32, v: &mut Value) {
    let k = g.card(c);
    v["advancement"] = json!(k.map_or(0, |k| k.adv));
    v["hosted_credits"] = json!(k.map_or(0, |k| k.credits));
    v["virus_counters"] = json!(k.map_or(0, |k| k.virus));
    v["power_counters"] = json!(k.map_or(0, |k| k.power));
    v["agenda_counters"] = json!(k.map_or(0, |k| k.agenda));
}

/// The lasting effects in play that every player sees (a card's "for the remainder of this
/// run" or "this turn"), each with what it does and until when. Delayed "when this turn ends"
/// effects are listed by the card that set them up.
fn lasting_effects_json(g: &Game) -> Value {
    let mut out = Vec::new();
    let f = &g.flags;
    if f.no_scoring {
        out.push(json!({"effect": "no_scoring", "until": "end_of_turn"}));
    }
    for &c in &f.no_score {
        out.push(json!({"effect": "cannot_be_scored", "card": c, "until": "end_of_turn"}));
    }
    if !f.at_turn_end.is_empty() {
        out.push(json!({"effect": "when_the_turn_ends", "count": f.at_turn_end.len(), "until": "end_of_turn"}));
    }
    if let Some(run) = &g.run {
        let mut during_run = |v: Value| {
            let mut v = v;
            v["until"] = json!("end_of_run");
            out.push(v);
        };
        if run.no_steal_trash {
            during_run(json!({"effect": "no_steal_or_trash"}));
        }
        if run.ice_rez_extra != 0 {
            during_run(json!({"effect": "ice_rez_cost", "amount": run.ice_rez_extra}));
        }
        for &(ice, n) in &run.ice_plus {
            during_run(json!({"effect": "ice_strength", "card": ice, "amount": n}));
        }
        for &(b, n) in &run.run_pumps {
            during_run(json!({"effect": "breaker_strength", "card": b, "amount": n}));
        }
        for (ice, code, _) in &run.gained_subs {
            during_run(json!({"effect": "gained_subroutine", "card": ice, "from": code}));
        }
        if let Some(card) = run.access_only {
            during_run(json!({"effect": "access_only", "card": card}));
        }
        for &card in &run.not_accessed {
            during_run(json!({"effect": "not_accessed", "card": card}));
        }
        if let Some((ice, _)) = run.no_etr {
            during_run(json!({"effect": "cannot_end_the_run", "card": ice, "until_encounter_ends": true}));
        }
    }
    Value::Array(out)
}

fn cards_json(g: &Game, ids: &[u32]) -> Value {
    Value::Array(ids.iter().map(|&c| card_json(g, c)).collect())
}

/// An installed Corp card as `viewer` may see it: the Corp (and auditor) always, others only
/// when rezzed or installed face up.
fn corp_installed_json(g: &Game, c: u32, viewer: Viewer) -> Value {
    if g.rezzed(c) || g.card(c).is_some_and(|k| k.faceup) || viewer.sees_private(&[CORP]) {
        let mut v = card_json(g, c);
        if g.def(c).ctype == data::CardType::Ice {
            v["strength"] = json!(g.ice_strength(c));
        }
        v
    } else {
        let mut v = json!({"id": c, "face_down": true});
        counters_json(g, c, &mut v);
        v
    }
}

/// The Corp's side of the view.
fn corp_view(g: &Game, viewer: Viewer) -> Value {
    let corp_sees = viewer.sees_private(&[CORP]);
    let c = &g.corp;
    let servers: Vec<Value> = c
        .servers
        .iter()
        .map(|s| {
            json!({
                "id": s.id,
                "name": Game::server_name(s.id),
                "ice_outermost_last": s.ice.iter().map(|&i| corp_installed_json(g, i, viewer)).collect::<Vec<_>>(),
                "root": s.root.iter().map(|&i| corp_installed_json(g, i, viewer)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let archives: Vec<Value> = c
        .archives
        .iter()
        .map(|&a| if corp_sees || g.card(a).is_some_and(|k| k.faceup) { card_json(g, a) } else { json!({"id": a, "face_down": true}) })
        .collect();
    let mut corp = json!({
        "seat": CORP,
        "name": c.name,
        "deck": c.deck,
        "identity": data::card(&c.identity).map(|d| d.title.clone()),
        "credits": c.credits,
        "clicks": c.clicks,
        "hq_count": c.hq.len(),
        "rd_count": c.rd.len(),
        "archives": archives,
        "servers": servers,
        "score_area": cards_json(g, &c.score),
        "agenda_points": c.points,
        "bad_publicity": c.bad_publicity,
        "max_hand_size": g.max_hand(CORP),
        "identity_flipped": c.flipped,
        "identity_power_counters": c.identity_power,
        "removed_from_game": cards_json(g, &c.removed),
    });
    if corp_sees {
        corp["hq"] = cards_json(g, &c.hq);
        // The Corp's secret bid of a psi game under way: its own view only (`flow::psi`).
        if let Some(bid) = g.tasks.iter().find_map(|t| if let state::Task::Psi { corp_bid, .. } = t { *corp_bid } else { None }) {
            corp["psi_bid"] = json!(bid);
        }
    }
    if viewer == Viewer::Auditor {
        corp["rd"] = cards_json(g, &c.rd);
    }
    corp
}

/// The Runner's side of the view.
fn runner_view(g: &Game, viewer: Viewer) -> Value {
    let r = &g.runner;
    let mut runner = json!({
        "seat": RUNNER,
        "name": r.name,
        "deck": r.deck,
        "identity": data::card(&r.identity).map(|d| d.title.clone()),
        "credits": r.credits,
        "clicks": r.clicks,
        "grip_count": r.grip.len(),
        "stack_count": r.stack.len(),
        "heap": cards_json(g, &r.heap),
        "programs": cards_json(g, &r.programs),
        "hardware": cards_json(g, &r.hardware),
        "resources": cards_json(g, &r.resources),
        "score_area": cards_json(g, &r.score),
        "agenda_points": r.points,
        "tags": r.tags,
        "core_damage": r.core_damage,
        "link": r.link,
        "memory": {"used": g.memory_used(), "limit": g.memory_limit()},
        "max_hand_size": g.max_hand(RUNNER),
        "identity_flipped": r.flipped,
    });
    // Shown only when some card is hosted (so that views without any stay as they were).
    if !r.hosted_cards.is_empty() {
        runner["hosted"] = Value::Array(r.hosted_cards.iter().map(|&c| json!({"card": card_json(g, c), "host": g.card(c).and_then(|k| k.host)})).collect());
    }
    if viewer.sees_private(&[RUNNER]) {
        runner["grip"] = cards_json(g, &r.grip);
    }
    if viewer == Viewer::Auditor {
        runner["stack"] = cards_json(g, &r.stack);
    }
    runner
}

/// The state as `viewer` may see it.
pub(crate) fn view_of(g: &Game, viewer: Viewer) -> Value {
    let run = g.run.as_ref().map(|run| {
        json!({
            "server": run.server,
            "server_name": Game::server_name(run.server),
            "approached": run.approached,
            "current_ice": run.current,
            "broken": run.broken,
            "bad_publicity_credits": run.bp_credits,
            "run_credits": run.temp_credits,
            "successful": run.successful,
            "ending": run.stop,
            "breaker_strength": run.pumps.iter().map(|(b, _)| json!({"card": b, "strength": g.breaker_strength(*b)})).collect::<Vec<_>>(),
        })
    });
    let stage = {
        let s = format!("{:?}", g.stage);
        match &g.stage {
            Stage::Window { at, .. } => format!("Window({at:?})"),
            _ => s.split([' ', '{']).next().unwrap_or("").to_string(),
        }
    };
    json!({
        "ruleset": "netrunner",
        "rules_version": RULES_VERSION,
        "turn": g.turn,
        "active": g.active,
        "stage": stage,
        "corp": corp_view(g, viewer),
        "runner": runner_view(g, viewer),
        "run": run,
        "winner": g.winner.as_ref().map(|(w, why)| json!({"seat": w, "reason": why})),
        "time": g.time.as_ref().map(|t| json!({"called_at_ms": t.at_ms, "last_turn": t.last_turn, "draw": t.draw})),
        "options": g.options,
        "decklists": decklists_view(g, viewer),
        "lasting_effects": lasting_effects_json(g),
    })
}

/// Each side's decklist (identity and card counts) where `viewer` may see it, else null.
fn decklists_view(g: &Game, viewer: Viewer) -> Value {
    let one = |seat: u32, side: Side, identity: &str| {
        if !crate::core::options::sees_decklist(g.open_decklists, viewer, seat) {
            return Value::Null;
        }
        let mut counts = std::collections::BTreeMap::new();
        for c in g.cards.iter().filter(|c| c.side == side) {
            *counts.entry(c.code.clone()).or_insert(0u32) += 1;
        }
        json!({"identity": identity, "cards": crate::core::options::decklist_json(&counts)})
    };
    json!([one(CORP, Side::Corp, &g.corp.identity), one(RUNNER, Side::Runner, &g.runner.identity)])
}

const INFO: RulesetInfo = RulesetInfo {
    name: "netrunner",
    rules_version: RULES_VERSION,
    seats: (2, 2),
    cooperative: false,
    decks: deck_names,
    options: OPTIONS,
    kinds: &kinds::KINDS,
};

impl Ruleset for Netrunner {
    fn info(&self) -> &'static RulesetInfo {
        &INFO
    }
    fn formats(&self) -> Vec<FormatInfo> {
        data::Format::ALL
            .iter()
            .filter_map(|f| {
                let d = f.data()?;
                let active = f.active().data()?;
                let snapshots = d
                    .snapshots
                    .iter()
                    .map(|s| {
                        let (pool, ban) = (s.pool.clone().unwrap_or_default(), s.ban_list.clone().unwrap_or_default());
                        SnapshotInfo {
                            id: s.id.clone(),
                            option_value: s.number,
                            active: s.active,
                            date_start: s.date.clone().unwrap_or_default(),
                            note: s.note.clone().unwrap_or_default(),
                            card_pool: pool.0,
                            ban_list: ban.0,
                            ban_list_name: ban.1,
                            sets: s.sets.clone(),
                            banned: s.banned.clone(),
                        }
                    })
                    .collect();
                Some(FormatInfo {
                    name: d.name.clone(),
                    display_name: d.display_name.clone(),
                    snapshot: active.id.clone(),
                    snapshot_note: active.note.clone().unwrap_or_default(),
                    option_value: f.option_value(),
                    sets: active.sets.clone(),
                    snapshots,
                })
            })
            .collect()
    }
    /// Each distinct card once (a reprint by the code the engine knows it by, its other printing
    /// in `printings`), with the formats (their active snapshots) and the snapshots it is legal
    /// or banned in.
    fn pool(&self) -> Vec<PoolCard> {
        let formats =
            |keep: &dyn Fn(data::Format) -> bool| -> Vec<String> { data::Format::ALL.iter().filter(|f| keep(**f)).map(|f| f.name().to_string()).collect() };
        let all: Vec<data::Snapshot> = data::Format::ALL.iter().flat_map(|f| f.snapshots()).collect();
        let snapshots = |keep: &dyn Fn(data::Snapshot) -> bool| -> Vec<String> { all.iter().filter(|s| keep(**s)).map(|s| s.name().to_string()).collect() };
        data::distinct_cards()
            .into_iter()
            .map(|c| PoolCard {
                code: c.code.clone(),
                title: c.title.clone(),
                side: c.side.name().into(),
                card_type: c.ctype.name().into(),
                faction: c.faction.clone(),
                influence: c.influence,
                deck_limit: c.deck_limit.and_then(|l| u32::try_from(l).ok()).unwrap_or(3),
                set: c.set.clone(),
                formats: formats(&|f| f.in_pool(c)),
                banned_in: formats(&|f| f.in_pool(c) && f.is_banned(&c.code)),
                implemented: cards::implemented(&c.code),
                agenda_points: c.points,
                min_deck_size: c.min_deck,
                influence_limit: c.influence_limit,
                printings: data::printings(&c.code).into_iter().map(String::from).collect(),
                legal_in: snapshots(&|s| s.in_pool(c) && !s.is_banned(&c.code)),
                banned_in_snapshots: snapshots(&|s| s.in_pool(c) && s.is_banned(&c.code)),
            })
            .collect()
    }
    fn new_match(&self, config: &MatchConfig) -> Result<Step, RulesError> {
        let g = initial_game(config)?;
        let events = vec![kinds::events::MATCH_CREATED.public(
            format!(
                "A netrunner match: {} (Corp, {}) against {} (Runner, {}), to {} agenda points",
                g.corp.name, g.corp.deck, g.runner.name, g.runner.deck, g.options.agenda_points_to_win
            ),
            json!({"options": g.options}),
        )];
        game::first_step(g, events)
    }
    crate::core::game::state_methods!(Game);
}

/// What each viewer may not know (see `docs/netrunner.md`, "What each viewer sees"). From the
/// Runner and spectators: HQ, R&D, unrezzed installed Corp cards and face-down Archives cards,
/// except a card the Runner is accessing right now (shown to the Runner only). From the Corp and
/// spectators: the grip and the stack. From each side: the order of its own deck.
#[cfg(test)]
impl crate::testing::leak::HiddenInfo for Netrunner {
    fn hidden(&self, state: &[u8], viewer: Viewer) -> Result<Vec<Vec<(u32, String)>>, RulesError> {
        let g: Game = game::decode(state)?;
        if viewer == Viewer::Auditor {
            return Ok(vec![]);
        }
        let (corp, runner) = (viewer.sees_private(&[CORP]), viewer.sees_private(&[RUNNER]));
        let accessing: Vec<u32> = g.tasks.iter().filter_map(|t| if let state::Task::AccessDecision { card } = t { Some(*card) } else { None }).collect();
        // A search shows the searcher its deck while it chooses (Malapert Data Vault: R&D to
        // the Corp; Mutual Favor: the stack to the Runner; every later card's search is the kind
        // `cards::SEARCH_KIND`, of the deciding seat's deck); the deck is shuffled afterwards.
        let searching = |kind: &str| matches!(&g.awaiting, Awaiting::Decision(d) if d.kind == kind);
        let searching_own = |seat: u32| matches!(&g.awaiting, Awaiting::Decision(d) if d.kind == cards::SEARCH_KIND && d.seat == seat);
        let mut corp_hidden: Vec<u32> = if corp && (searching("netrunner.malapert") || searching_own(CORP)) { vec![] } else { g.corp.rd.clone() };
        if !corp {
            corp_hidden.extend(&g.corp.hq);
            corp_hidden.extend(g.installed_corp().into_iter().filter(|&c| !g.rezzed(c) && !g.card(c).is_some_and(|k| k.faceup)));
            corp_hidden.extend(g.corp.archives.iter().filter(|&&c| !g.card(c).is_some_and(|k| k.faceup)));
            if runner {
                corp_hidden.retain(|c| !accessing.contains(c));
            }
        }
        let mut runner_hidden: Vec<u32> =
            if runner && (searching("netrunner.mutual_favor") || searching_own(RUNNER)) { vec![] } else { g.runner.stack.clone() };
        if !runner {
            runner_hidden.extend(&g.runner.grip);
        }
        let label = |v: Vec<u32>| v.into_iter().map(|c| (c, g.label(c))).collect::<Vec<_>>();
        Ok(vec![label(corp_hidden), label(runner_hidden)])
    }
    /// NR-7: an accessed card is shown to the Runner, and to the Corp unless it came from R&D
    /// (the private part of `netrunner.accessed` lists exactly those seats). A searched card
    /// that the card text reveals is shown to everyone: Mutual Favor (`revealed`), Malapert
    /// Data Vault (a public `to_hq` from R&D).
    fn reveals(&self, event: &Event, viewer: Viewer) -> Vec<u32> {
        let card = |detail: &Value| detail.get("card").and_then(Value::as_u64).map(|c| c as u32);
        // A reveal of several cards at once lists them under "cards".
        let cards = |detail: &Value| -> Vec<u32> {
            let many: Option<Vec<u32>> = detail.get("cards").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_u64).map(|c| c as u32).collect());
            card(detail).into_iter().chain(many.unwrap_or_default()).collect()
        };
        match (&event.private, event.kind.as_str()) {
            // A card's "look at" shows the card to the seats of the private part only.
            (Some(p), "netrunner.accessed" | "netrunner.looked") if viewer.sees_private(&p.seats) => cards(&p.detail),
            // Cards a seat looked at and put back in a new order (their order is its private part).
            (Some(p), "netrunner.arranged") if viewer.sees_private(&p.seats) => {
                p.detail.get("order").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_u64).map(|c| c as u32).collect()).unwrap_or_default()
            }
            // A card revealed earlier and now moved by the card into a deck, publicly
            // (`netrunner.revealed_placed`: Burner, Bring Them Home).
            (None, "netrunner.revealed" | "netrunner.to_hq" | "netrunner.revealed_placed") => cards(&event.detail),
            _ => Vec::new(),
        }
    }
    /// A zone, with the position in R&D or the stack (a shuffle or a draw moves a card there).
    fn place(&self, state: &[u8], card: u32) -> Option<String> {
        let g: Game = game::decode(state).ok()?;
        let at = |deck: &[u32]| deck.iter().position(|&c| c == card);
        if let Some(i) = at(&g.corp.rd) {
            return Some(format!("rd:{i}"));
        }
        if let Some(i) = at(&g.runner.stack) {
            return Some(format!("stack:{i}"));
        }
        if g.runner.grip.contains(&card) {
            return Some("grip".into());
        }
        Some(format!("{:?}", g.corp_zone(card)))
    }
    /// A psi game's first bid (the Corp's, `flow::psi`) is secret from the Runner and
    /// spectators until the Runner has bid: any other bid offered must look the same to them.
    fn secret_alternatives(&self, state: &[u8], input: &Input, viewer: Viewer) -> Vec<Input> {
        let Ok(g) = game::decode::<Game>(state) else { return Vec::new() };
        let (Awaiting::Decision(d), Input::Decision { choice: Choice::Pick(picked), .. }) = (&g.awaiting, input) else { return Vec::new() };
        if d.kind != "netrunner.psi_corp" || viewer.sees_private(&[d.seat]) {
            return Vec::new();
        }
        let DecisionSpec::Pick { options, .. } = &d.spec else { return Vec::new() };
        options
            .iter()
            .filter(|o| !picked.contains(&o.id))
            .map(|o| Input::Decision { decision_id: d.id, seat: d.seat, choice: Choice::Pick(vec![o.id.clone()]) })
            .collect()
    }
    fn labels(&self, state: &[u8]) -> Result<Vec<(u32, String)>, RulesError> {
        let g: Game = game::decode(state)?;
        Ok((0..g.cards.len() as u32).map(|c| (c, g.label(c))).collect())
    }
    fn redeal(&self, state: &[u8], moves: &[(u32, u32)]) -> Result<Vec<u8>, RulesError> {
        let mut g: Game = game::decode(state)?;
        let old = g.cards.clone();
        for &(to, from) in moves {
            let (Some(src), Some(dst)) = (old.get(from as usize), g.cards.get_mut(to as usize)) else {
                return Err(RulesError::CorruptState(format!("no card {from} or {to} to re-deal")));
            };
            dst.code = src.code.clone();
            dst.pos = src.pos;
        }
        game::encode(&g)
    }
}
