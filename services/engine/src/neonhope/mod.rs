//! The `neonhope` ruleset: NEON HOPE, a cooperative game for 1 to 4 seats against the
//! Corporation (`shared/rules/neonhope.md`, `docs/neonhope.md`). All seats win or lose together.
//!
//! - [`data`]: the starter episode, the characters, the cards as printed, the Grid tiles.
//! - [`state`]: the match state and its elementary operations (reads `data`).
//! - [`cards`]: what each card does, one row per card.
//! - [`flow`]: the round (action phase, task tests, encounter phase, checkpoints).
//! - [`kinds`]: every decision and event kind it emits, with each event's detail shape.
//! - [`options`]: the house rules' defaults and the match options.
//!
//! Hidden from every seat: the Grid layout and the encounter-deck order; a drawn encounter card
//! is its drawer's alone until it resolves (H-10). The auditor sees everything after the end.

pub mod cards;
pub mod data;
pub mod flow;
pub mod kinds;
pub mod options;
pub mod state;

#[cfg(test)]
mod tests;

use crate::neonhope::kinds::events;
use serde_json::{json, Value};

use self::options::{Options, ACTION_COUNTERS};
use self::state::{Card, Char, CondState, EnemyState, Game, Stage, Target, ThresholdState};
use crate::core::game::{self, GameState};
use crate::core::*;

pub use self::options::OPTIONS;

/// neonhope-1: the first version.
pub const RULES_VERSION: &str = "neonhope-1";

/// The ruleset object registered in [`crate::rulesets`].
pub struct Neonhope;

impl GameState for Game {
    const RULESET: &'static str = "neonhope";
    const LAYOUT: Option<u8> = Some(1);
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

fn validate(g: &Game) -> Result<(), RulesError> {
    let bad = |m: String| Err(RulesError::CorruptState(m));
    if g.chars.is_empty() || g.chars.len() > 4 {
        return bad(format!("{} characters", g.chars.len()));
    }
    if g.responsible >= g.seats() {
        return bad(format!("responsible seat {} does not exist", g.responsible));
    }
    let n = g.cards.len() as u32;
    let ok = |v: &[u32]| v.iter().all(|&c| c < n);
    for c in &g.chars {
        if data::character(&c.character).is_none() || data::location(&c.location).is_none() {
            return bad(format!("{}'s character or location is unknown", c.name));
        }
        if !ok(&c.hand) || !ok(&c.discard) || !ok(&c.held) {
            return bad(format!("{}'s cards are unknown", c.name));
        }
    }
    if !ok(&g.encounter_deck) || !ok(&g.encounter_discard) {
        return bad("the encounter deck names unknown cards".into());
    }
    if g.conditions.len() != data::CONDITIONS.len()
        || g.enemies.iter().any(|e| data::ENEMIES.get(e.def as usize).is_none() || data::location(&e.location).is_none())
    {
        return bad("the conditions or enemies do not match the episode".into());
    }
    if g.thresholds.iter().any(|t| data::THRESHOLDS.get(t.effect as usize).is_none()) || g.queue.iter().any(|&i| i as usize >= g.thresholds.len()) {
        return bad("a threshold is unknown".into());
    }
    if g.intel.len() != data::LOCATIONS.len() {
        return bad("the intel does not match the locations".into());
    }
    let grid_ok = g.grid.layout.is_empty()
        || (g.grid.layout.len() == data::GRID_TILES.len()
            && g.grid.revealed.len() == data::GRID_SIZE
            && g.grid.layout.iter().all(|&t| (t as usize) < data::GRID_TILES.len()));
    if !grid_ok {
        return bad("the Grid is malformed".into());
    }
    Ok(())
}

/// The character a seat plays: the one it names, or the seat's place in the table.
fn seat_character(seat: usize, sc: &SeatConfig) -> Result<&'static data::Character, RulesError> {
    if !sc.decklist.is_empty() {
        return Err(RulesError::InvalidConfig(format!(
            "seat {seat} ({}) gives a decklist; neonhope has no deck building: name a character ({}) as its deck",
            sc.name,
            character_names().join(", ")
        )));
    }
    if sc.deck.is_empty() {
        return data::CHARACTERS.get(seat).ok_or_else(|| RulesError::InvalidConfig(format!("no default character for seat {seat}")));
    }
    data::character(&sc.deck).ok_or_else(|| {
        RulesError::InvalidConfig(format!(
            "seat {seat} ({}) asks for character \"{}\"; the neonhope characters are: {}",
            sc.name,
            sc.deck,
            character_names().join(", ")
        ))
    })
}

pub fn character_names() -> Vec<&'static str> {
    data::CHARACTERS.iter().map(|c| c.key).collect()
}

/// Build the initial state of a match (before any draw).
pub(crate) fn initial_game(config: &MatchConfig) -> Result<Game, RulesError> {
    let n = config.seats.len();
    if !(1..=4).contains(&n) {
        return Err(RulesError::InvalidConfig(format!("neonhope is played by 1 to 4 seats (one character each), not {n}")));
    }
    let options = Options::from_map(&config.options)?;
    let mut cards = Vec::new();
    let mut chars = Vec::new();
    for (seat, sc) in config.seats.iter().enumerate() {
        let def = seat_character(seat, sc)?;
        if chars.iter().any(|c: &Char| c.character == def.key) {
            return Err(RulesError::InvalidConfig(format!(
                "seat {seat} ({}) names {}, already played by another seat: one seat per character",
                sc.name, def.key
            )));
        }
        let mut hand = Vec::new();
        for (key, copies) in def.deck {
            for _ in 0..*copies {
                hand.push(cards.len() as u32);
                cards.push(Card { key: key.to_string(), owner: Some(seat as u32) });
            }
        }
        chars.push(Char {
            name: if sc.name.is_empty() { format!("Seat {seat}") } else { sc.name.clone() },
            character: def.key.to_string(),
            location: data::START.to_string(),
            counters: ACTION_COUNTERS,
            endurance: def.endurance,
            hand,
            discard: vec![],
            held: vec![],
            held_ordered: false,
            stress: 0,
            emptied: false,
        });
    }
    let mut encounter_deck = Vec::new();
    for key in data::encounter_list() {
        encounter_deck.push(cards.len() as u32);
        cards.push(Card { key: key.to_string(), owner: None });
    }
    Ok(Game {
        options,
        chars,
        cards,
        conditions: (0..data::CONDITIONS.len() as u32).map(|def| CondState { def, dice: 0, withdrawn: false }).collect(),
        enemies: data::ENEMIES.iter().enumerate().map(|(i, e)| EnemyState { def: i as u32, location: e.location.to_string(), withdrawn: false }).collect(),
        intel: data::LOCATIONS.iter().map(|l| l.intel).collect(),
        gathered: 0,
        surveillance: 0,
        thresholds: data::THRESHOLDS.iter().enumerate().map(|(i, t)| ThresholdState { at: t.at, effect: i as u32, reached: false }).collect(),
        queue: vec![],
        grid: Default::default(),
        encounter_deck,
        encounter_discard: vec![],
        episodes: data::EPISODE_CARDS.iter().map(|e| e.key.to_string()).collect(),
        effects: Default::default(),
        task: None,
        round: 0,
        responsible: 0,
        silence: false,
        won: false,
        stage: Stage::ShuffleGrid,
        next_draw: 0,
        next_decision: 0,
        awaiting: Awaiting::Ended(Outcome { winners: vec![], reason: "not started".into() }),
    })
}

fn card_json(g: &Game, id: u32) -> Value {
    json!({"id": id, "key": g.card_key(id), "name": g.card_name(id)})
}

fn cards_json(g: &Game, ids: &[u32]) -> Value {
    Value::Array(ids.iter().map(|&c| card_json(g, c)).collect())
}

/// Each character, with its held encounter cards only for its own seat (H-10).
fn chars_view(g: &Game, viewer: Viewer) -> Vec<Value> {
    g.chars
        .iter()
        .enumerate()
        .map(|(s, c)| {
            let s = s as u32;
            let d = data::character(&c.character);
            let mut v = json!({
                "seat": s,
                "name": c.name,
                "character": c.character,
                "character_name": d.map(|d| d.name),
                "attributes": d.map(|d| json!({"hack": d.hack, "fight": d.fight, "investigate": d.investigate, "support": d.support})),
                "location": c.location,
                "counters": c.counters,
                "endurance": c.endurance,
                "stress": c.stress,
                "hand": cards_json(g, &c.hand),
                "discard": cards_json(g, &c.discard),
                "held_count": c.held.len(),
                "hand_emptied": c.emptied,
            });
            if viewer.sees_private(&[s]) {
                v["held"] = cards_json(g, &c.held);
            }
            v
        })
        .collect()
}

/// What a task targets, as the view names it: an index into the view's `conditions` or
/// `enemies`, the objective, or null (public: the whole table sees the task, NH-2.2).
pub(crate) fn target_json(t: &Target) -> Value {
    match t {
        Target::None => Value::Null,
        Target::Condition(i) => json!({"condition": i}),
        Target::Enemy(i) => json!({"enemy": i}),
        Target::Objective => json!("objective"),
    }
}

/// The state as `viewer` may see it: the Grid's face-down tiles, the encounter-deck order and the
/// encounter cards other seats hold are never in it (the auditor sees them).
pub(crate) fn view_of(g: &Game, viewer: Viewer) -> Value {
    let chars = chars_view(g, viewer);
    let grid: Vec<Value> = (0..data::GRID_SIZE)
        .map(|p| {
            let up = g.grid.revealed.get(p).copied().unwrap_or(false);
            if up || viewer == Viewer::Auditor {
                g.grid.tile(p).map(|t| json!({"tile": t.name(), "revealed": up})).unwrap_or(Value::Null)
            } else {
                Value::Null
            }
        })
        .collect();
    let conditions: Vec<Value> = data::CONDITIONS
        .iter()
        .zip(&g.conditions)
        .map(|(d, c)| json!({"key": d.key, "name": d.name, "location": d.location, "permanent": d.permanent, "dice": c.dice, "cap": d.cap, "withdrawn": c.withdrawn, "text": d.text}))
        .collect();
    let enemies: Vec<Value> = g
        .enemies
        .iter()
        .filter_map(|e| data::ENEMIES.get(e.def as usize).map(|d| (e, d)))
        .map(|(e, d)| json!({"key": d.key, "name": d.name, "location": e.location, "strength": d.strength, "withdrawn": e.withdrawn}))
        .collect();
    let locations: Vec<Value> = data::LOCATIONS
        .iter()
        .zip(&g.intel)
        .map(|(l, i)| json!({"key": l.key, "name": l.name, "neighbours": data::neighbours(l.key), "intel": i, "investigate": l.investigate}))
        .collect();
    let stage = match &g.stage {
        Stage::Encounter { .. } | Stage::DrawEach { .. } | Stage::Drawing { .. } | Stage::Resolve { .. } | Stage::EncounterEnd => "encounter",
        Stage::ShuffleGrid | Stage::ShuffleEncounters => "setup",
        Stage::Over => "over",
        _ => "action",
    };
    let mut v = json!({
        "ruleset": "neonhope",
        "round": g.round,
        "phase": stage,
        "responsible": g.responsible,
        "surveillance": g.surveillance,
        "final_surveillance": g.options.final_surveillance,
        "thresholds": g.thresholds.iter().map(|t| json!({"at": t.at, "reached": t.reached, "text": data::THRESHOLDS.get(t.effect as usize).map(|d| d.text)})).collect::<Vec<_>>(),
        "silence": g.silence,
        "objective": {"text": data::OBJECTIVE_TEXT, "intel": g.gathered, "needed": data::OBJECTIVE_INTEL},
        "characters": chars,
        "locations": locations,
        "conditions": conditions,
        "enemies": enemies,
        "episodes": g.episodes.iter().filter_map(|k| data::episode_card(k)).map(|e| json!({"key": e.key, "name": e.name, "text": e.text})).collect::<Vec<_>>(),
        "grid": grid,
        "grid_face_down": g.grid.face_down().len(),
        "encounter_deck_count": g.encounter_deck.len(),
        "encounter_discard": cards_json(g, &g.encounter_discard),
        "task": g.task.as_ref().map(|t| json!({"seat": t.seat, "task": t.task.name(), "target": target_json(&t.target), "difficulty": t.difficulty, "tiles": t.tiles.iter().map(|x| x.name()).collect::<Vec<_>>()})),
        "effects": g
            .effects
            .iter_timed()
            .map(|(until, m)| json!({"seat": m.seat, "task": m.task.map(|t| t.name()), "bonus": m.bonus, "quiet": m.quiet, "source": m.source, "until": until.name()}))
            .collect::<Vec<_>>(),
        "options": g.options,
    });
    if viewer == Viewer::Auditor {
        v["encounter_deck"] = cards_json(g, &g.encounter_deck);
    }
    v
}

const INFO: RulesetInfo = RulesetInfo {
    name: "neonhope",
    rules_version: RULES_VERSION,
    seats: (1, 4),
    // The team wins or loses together (NH-1).
    cooperative: true,
    decks: character_names,
    options: OPTIONS,
    kinds: &kinds::KINDS,
};

impl Ruleset for Neonhope {
    fn info(&self) -> &'static RulesetInfo {
        &INFO
    }
    fn new_match(&self, config: &MatchConfig) -> Result<Step, RulesError> {
        let g = initial_game(config)?;
        let events = vec![events::MATCH_CREATED.public(
            format!(
                "A neonhope match for {} seat(s) against the Corporation: {}",
                g.chars.len(),
                (0..g.seats()).map(|s| g.seat_name(s)).collect::<Vec<_>>().join(", ")
            ),
            json!({"seats": g.chars.len(), "options": g.options}),
        )];
        game::first_step(g, events)
    }
    crate::core::game::state_methods!(Game);
}

/// What each viewer may not know (`docs/neonhope.md`, "What each viewer sees"): the encounter
/// deck (order and contents) and the encounter cards other seats hold. The Grid is hidden too,
/// but it holds tiles, not cards: its tests swap face-down tiles directly
/// (`nh_hidden_grid_layout_is_in_no_seat_view`).
#[cfg(test)]
impl crate::testing::leak::HiddenInfo for Neonhope {
    fn hidden(&self, state: &[u8], viewer: Viewer) -> Result<Vec<Vec<(u32, String)>>, RulesError> {
        let g: Game = game::decode(state)?;
        if viewer == Viewer::Auditor {
            return Ok(vec![]);
        }
        let mut group: Vec<u32> = g.encounter_deck.clone();
        for (s, c) in g.chars.iter().enumerate() {
            if !viewer.sees_private(&[s as u32]) {
                group.extend_from_slice(&c.held);
            }
        }
        Ok(vec![group.into_iter().map(|c| (c, g.label(c))).collect()])
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
            dst.key = src.key.clone();
        }
        game::encode(&g)
    }
}
