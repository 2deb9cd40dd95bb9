//! The `mainframe` ruleset: the Mainframe/Bioframe card game (`shared/rules/mainframe.md`).
//!
//! - [`data`]: what is printed on each card, and the ready decks (the bottom layer).
//! - [`state`]: the match state and its elementary operations (reads `data`).
//! - [`cards`]: what each card does: one row per card with an effect, one named function each.
//! - [`flow`]: the turn structure (MF-2 … MF-9) as a continuation advanced until an input is
//!   needed, one file per rule concept (setup, turn, priority, resolution, attack).
//! - [`combat`]: combat damage (MF-7).
//! - [`kinds`]: every decision and event kind it emits, with each event's detail shape.
//! - [`options`]: named defaults and match options (MF-10, [house] rules).

pub mod cards;
pub mod combat;
pub mod data;
pub mod flow;
pub mod kinds;
pub mod options;
pub mod state;

#[cfg(test)]
mod tests;

use crate::mainframe::kinds::events;
use serde_json::{json, Value};

use self::data::{Kind, RAM_CARD};
use self::options::Options;
use self::state::{Game, Inst, ItemKind, Player, Stage, TargetRef};
use crate::core::game::{self, GameState};
use crate::core::*;

pub use self::options::OPTIONS;

/// mainframe-2: card numbers are drawn per match; decisions carry a public summary.
/// mainframe-3: when all pass, the whole Cache resolves (MF-9.5, option `cache_resolution`); with
/// no attacker left in combat, the remaining Swift Checks are skipped (MF-6).
pub const RULES_VERSION: &str = "mainframe-3";

/// The ruleset object registered in [`crate::rulesets`].
pub struct Mainframe;

/// The ready decks by name.
pub fn deck_names() -> Vec<&'static str> {
    data::DECKS.iter().map(|d| d.name).collect()
}

/// The deck a seat gets when it names none: the ready decks alternate by seat.
pub fn default_deck(seat: usize) -> &'static str {
    let names = deck_names();
    names.get(seat % names.len().max(1)).copied().unwrap_or("hardwired")
}

impl GameState for Game {
    const RULESET: &'static str = "mainframe";
    /// 1 since `open_decklists` (before: the plain postcard tag); 2 since the option
    /// `cache_resolution` (a field of `Options`) and `After::Priority`.
    const LAYOUT: Option<u8> = Some(2);
    fn validate(&self) -> Result<(), RulesError> {
        validate(self)
    }
    crate::core::game::protocol_fields!();
}

/// This game's own rules in the shared sequence (`core::game::apply_flow`, `settle`, `view_flow`).
impl game::Flow for Game {
    const STEP: game::StepFn<Self> = flow::step;
    const PLAY: game::PlayFn<Self> = flow::on_input;
    const VIEW: game::ViewFn<Self> = view_of;
}

/// Cheap consistency checks on a decoded state, so that garbage is reported, not played.
fn validate(g: &Game) -> Result<(), RulesError> {
    let bad = |m: String| Err(RulesError::CorruptState(m));
    if g.players.len() < 2 || g.players.len() > 4 {
        return bad(format!("{} players", g.players.len()));
    }
    if g.active >= g.seats() {
        return bad(format!("active seat {} does not exist", g.active));
    }
    for (i, inst) in g.instances.iter().enumerate() {
        if data::card(&inst.card).is_none() || inst.owner >= g.seats() {
            return bad(format!("card instance {i} is unknown or has no owner"));
        }
    }
    let n = g.instances.len() as u32;
    let zone_ok = |v: &[u32]| v.iter().all(|&c| c < n);
    for p in &g.players {
        if !zone_ok(&p.hand) || !zone_ok(&p.cyberdeck) || !zone_ok(&p.ram_deck) || !zone_ok(&p.recycle_bin) {
            return bad(format!("{}'s zones name unknown cards", p.name));
        }
    }
    if g.perms.iter().any(|p| p.id >= n || p.controller >= g.seats()) {
        return bad("a permanent is unknown".into());
    }
    if g.cache.iter().any(|c| c.source >= n || c.controller >= g.seats()) {
        return bad("a Cache item is unknown".into());
    }
    // Each input asks at most one decision or draw and lets at most a few cards enter play, each
    // adding 1 to its counter: a counter near the top of u64 can only come from damaged bytes
    // (found by the fuzzer).
    let limit = u64::MAX / 2;
    if g.next_decision >= limit || g.next_draw >= limit || g.next_entered >= limit {
        return bad(format!("a counter is out of range (decision {}, draw {}, entered {})", g.next_decision, g.next_draw, g.next_entered));
    }
    Ok(())
}

/// The name a seat's own decklist goes by in the state (the list itself stays private).
pub const CUSTOM_DECK: &str = "custom";

/// Seat `seat`'s deck: its name, its Cyberdeck (card key, copies) and its RAM deck size, from the
/// ready deck it names or its own decklist (checked by the house rules).
fn seat_deck(seat: usize, sc: &SeatConfig) -> Result<(&'static str, Vec<(&'static str, u32)>, u32), RulesError> {
    if !sc.decklist.is_empty() {
        if !sc.deck.is_empty() {
            return Err(RulesError::InvalidConfig(format!("seat {seat} ({}) names the deck \"{}\" and gives a decklist; give one of them", sc.name, sc.deck)));
        }
        let list: Vec<(String, u32)> = sc.decklist.iter().map(|e| (e.card.clone(), e.count)).collect();
        let cyberdeck = data::cyberdeck_from_list(&list).map_err(|v| {
            RulesError::InvalidConfig(format!(
                "seat {seat} ({})'s decklist breaks the mainframe deck rules (docs/mainframe.md), {} violation(s): {}",
                sc.name,
                v.len(),
                v.join("; ")
            ))
        })?;
        return Ok((CUSTOM_DECK, cyberdeck, data::CONSTRUCTED_RAM_DECK));
    }
    let deck_name = if sc.deck.is_empty() { default_deck(seat) } else { sc.deck.as_str() };
    let Some(list) = data::deck(deck_name) else {
        return Err(RulesError::InvalidConfig(format!(
            "seat {seat} ({}) asks for deck \"{deck_name}\"; the mainframe decks are: {}",
            sc.name,
            deck_names().join(", ")
        )));
    };
    Ok((list.name, list.cyberdeck.to_vec(), list.ram_deck))
}

/// Build the initial state of a match (before any draw).
pub(crate) fn initial_game(config: &MatchConfig) -> Result<Game, RulesError> {
    let n = config.seats.len();
    if !(2..=4).contains(&n) {
        return Err(RulesError::InvalidConfig(format!("mainframe is played by 2 to 4 seats, not {n}")));
    }
    let options = Options::from_map(&config.options)?;
    let mut instances = Vec::new();
    let mut players = Vec::new();
    for (seat, sc) in config.seats.iter().enumerate() {
        let (deck_name, cyberdeck_list, ram_cards) = seat_deck(seat, sc)?;
        let mut cyberdeck = Vec::new();
        for (key, copies) in cyberdeck_list {
            for _ in 0..copies {
                cyberdeck.push(instances.len() as u32);
                instances.push(Inst { card: key.to_string(), owner: seat as u32, pos: instances.len() as u32 });
            }
        }
        let mut ram_deck = Vec::new();
        for _ in 0..ram_cards {
            ram_deck.push(instances.len() as u32);
            instances.push(Inst { card: RAM_CARD.to_string(), owner: seat as u32, pos: instances.len() as u32 });
        }
        let name = if sc.name.is_empty() { format!("Seat {seat}") } else { sc.name.clone() };
        players.push(Player {
            name,
            deck: deck_name.to_string(),
            mainframe: options.starting_mainframe,
            bioframe: options.starting_bioframe,
            hand: vec![],
            cyberdeck,
            ram_deck,
            ram_bank: vec![],
            recycle_bin: vec![],
            unstable: false,
            decked: false,
            lost: false,
        });
    }
    Ok(Game {
        options,
        players,
        instances,
        perms: vec![],
        cache: Default::default(),
        effects: Default::default(),
        combat: Default::default(),
        active: 0,
        first_player: 0,
        turn: 0,
        stage: Stage::CardNumbers,
        next_draw: 0,
        next_decision: 0,
        next_entered: 0,
        open_decklists: crate::core::options::open_decklists(&config.options),
        awaiting: Awaiting::Ended(Outcome { winners: vec![], reason: "not started".into() }),
    })
}

fn card_json(g: &Game, id: u32) -> Value {
    let d = g.def(id);
    json!({"id": id, "key": d.key, "name": d.name})
}

fn cards_json(g: &Game, ids: &[u32]) -> Value {
    Value::Array(ids.iter().map(|&c| card_json(g, c)).collect())
}

/// The state as `viewer` may see it (hands and deck order hidden).
pub(crate) fn view_of(g: &Game, viewer: Viewer) -> Value {
    let players = players_view(g, viewer);
    let board = board_view(g);
    let cache = cache_view(g);
    // Each timed effect with its duration (MF-8.3), public to every viewer.
    let effects: Vec<Value> = g
        .effects
        .iter_timed()
        .map(|(until, m)| json!({"card": m.perm, "attack": m.attack, "defense": m.defense, "source": m.source, "until": until.name()}))
        .collect();
    let stage = match &g.stage {
        Stage::Window { window, .. } => format!("{window:?}"),
        other => {
            let s = format!("{other:?}");
            s.split([' ', '{']).next().unwrap_or("").to_string()
        }
    };
    json!({
        "ruleset": "mainframe",
        "turn": g.turn,
        "active": g.active,
        "first_player": g.first_player,
        "stage": stage,
        "players": players,
        "board": board,
        "cache": cache,
        "effects": effects,
        "combat": {"attackers": g.combat.attackers, "blockers": g.combat.blockers, "splits": splits_json(g)},
        "options": g.options,
        "decklists": decklists_view(g, viewer),
    })
}

/// The damage splits the attacking player chose (MF-7.3), public: per attacker, the amount each
/// blocker takes.
pub(crate) fn splits_json(g: &Game) -> Value {
    g.combat
        .splits
        .iter()
        .map(|(attacker, parts)| json!({"attacker": attacker, "parts": parts.iter().map(|(b, n)| json!({"blocker": b, "amount": n})).collect::<Vec<_>>()}))
        .collect()
}

/// Each seat's Cyberdeck list (card counts; the RAM deck is always RAM Modules) where `viewer`
/// may see it, else null.
fn decklists_view(g: &Game, viewer: Viewer) -> Value {
    let one = |seat: u32| {
        if !crate::core::options::sees_decklist(g.open_decklists, viewer, seat) {
            return Value::Null;
        }
        let mut counts = std::collections::BTreeMap::new();
        for i in g.instances.iter().filter(|i| i.owner == seat && i.card != data::RAM_CARD) {
            *counts.entry(i.card.clone()).or_insert(0u32) += 1;
        }
        json!({"cards": crate::core::options::decklist_json(&counts)})
    };
    Value::Array((0..g.players.len() as u32).map(one).collect())
}

/// Each seat's public numbers, and the zones `viewer` may see.
fn players_view(g: &Game, viewer: Viewer) -> Vec<Value> {
    g.players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let s = s as u32;
            let refreshed = p.ram_bank.iter().filter(|r| !r.running && r.allocated.is_none()).count();
            let allocated = p.ram_bank.iter().filter(|r| r.allocated.is_some()).count();
            let mut v = json!({
                "seat": s,
                "name": p.name,
                "deck": p.deck,
                "mainframe": p.mainframe,
                "bioframe": p.bioframe,
                "unstable": p.unstable,
                "lost": p.lost,
                "decked": p.decked,
                "hand_count": p.hand.len(),
                "cyberdeck_count": p.cyberdeck.len(),
                "ram_deck_count": p.ram_deck.len(),
                "ram_bank": {
                    "total": p.ram_bank.len(),
                    "refreshed_free": refreshed,
                    "running_free": p.ram_bank.len() - refreshed - allocated,
                    "allocated": allocated,
                },
                "recycle_bin": cards_json(g, &p.recycle_bin),
            });
            if viewer.sees_private(&[s]) {
                v["hand"] = cards_json(g, &p.hand);
            }
            if viewer == Viewer::Auditor {
                v["cyberdeck"] = cards_json(g, &p.cyberdeck);
                v["ram_deck"] = cards_json(g, &p.ram_deck);
            }
            v
        })
        .collect()
}

/// The permanents in play (all public).
fn board_view(g: &Game) -> Vec<Value> {
    g.perms
        .iter()
        .map(|p| {
            let d = g.def(p.id);
            json!({
                "id": p.id,
                "key": d.key,
                "name": d.name,
                "kind": d.kind.name(),
                "controller": p.controller,
                "owner": g.owner(p.id),
                "attack": if d.kind == Kind::Character { json!(g.attack(p.id)) } else { Value::Null },
                "defense": if d.kind == Kind::Character { json!(g.defense(p.id)) } else { Value::Null },
                "attack_type": d.attack_type.map(|t| t.name()),
                "swift": d.swift,
                "overrun": d.overrun,
                "damage": p.damage,
                "running": p.running,
                "rebooted": !p.used,
                "ram_requirement": d.ram,
                "ram_allocated": g.allocated_to(p.id),
                "text": d.text,
            })
        })
        .collect()
}

/// The Cache, top last (public).
fn cache_view(g: &Game) -> Vec<Value> {
    g.cache
        .iter()
        .map(|it| {
            json!({
                "kind": match it.kind { ItemKind::Card => "card", ItemKind::Ability => "ability", ItemKind::Trigger => "trigger" },
                "source": card_json(g, it.source),
                "source_in_play": g.in_play(it.source),
                "ram_allocated": g.allocated_to(it.source),
                "controller": it.controller,
                "target": match it.target {
                    None => Value::Null,
                    Some(TargetRef::Perm(p)) => json!({"card": p}),
                    Some(TargetRef::Seat(s)) => json!({"seat": s}),
                },
            })
        })
        .collect()
}

const INFO: RulesetInfo = RulesetInfo {
    name: "mainframe",
    rules_version: RULES_VERSION,
    seats: (2, 4),
    cooperative: false,
    decks: deck_names,
    options: OPTIONS,
    kinds: &kinds::KINDS,
};

impl Ruleset for Mainframe {
    fn info(&self) -> &'static RulesetInfo {
        &INFO
    }
    fn new_match(&self, config: &MatchConfig) -> Result<Step, RulesError> {
        let g = initial_game(config)?;
        let events = vec![events::MATCH_CREATED.public(
            format!(
                "A mainframe match for {} players: {}",
                g.players.len(),
                g.players.iter().map(|p| format!("{} ({})", p.name, p.deck)).collect::<Vec<_>>().join(", ")
            ),
            json!({"seats": g.players.len(), "options": g.options}),
        )];
        game::first_step(g, events)
    }
    crate::core::game::state_methods!(Game);
}

/// What each viewer may not know (see `docs/mainframe.md`, "What each viewer sees"): the order
/// and contents of every Cyberdeck (its own included: it knows the list, not the order), and the
/// other seats' hands. Everything else (the board, the Cache, the Recycle Bins, RAM) is public.
#[cfg(test)]
impl crate::testing::leak::HiddenInfo for Mainframe {
    fn hidden(&self, state: &[u8], viewer: Viewer) -> Result<Vec<Vec<(u32, String)>>, RulesError> {
        let g: Game = game::decode(state)?;
        if viewer == Viewer::Auditor {
            return Ok(vec![]);
        }
        Ok(g.players
            .iter()
            .enumerate()
            .map(|(s, p)| {
                let hand = if viewer.sees_private(&[s as u32]) { &[][..] } else { &p.hand[..] };
                p.cyberdeck.iter().chain(hand).map(|&c| (c, g.label(c))).collect()
            })
            .collect())
    }
    fn labels(&self, state: &[u8]) -> Result<Vec<(u32, String)>, RulesError> {
        let g: Game = game::decode(state)?;
        Ok((0..g.instances.len() as u32).map(|c| (c, g.label(c))).collect())
    }
    fn redeal(&self, state: &[u8], moves: &[(u32, u32)]) -> Result<Vec<u8>, RulesError> {
        let mut g: Game = game::decode(state)?;
        let old = g.instances.clone();
        for &(to, from) in moves {
            let (Some(src), Some(dst)) = (old.get(from as usize), g.instances.get_mut(to as usize)) else {
                return Err(RulesError::CorruptState(format!("no card {from} or {to} to re-deal")));
            };
            dst.card = src.card.clone();
            dst.pos = src.pos;
        }
        game::encode(&g)
    }
}
