//! Fuzzing `Ruleset::apply` (and `view`) with a seeded generator: random positions reached by
//! [`RandomBot`] play, fed random and malformed inputs and damaged state bytes. The contract
//! checked: never a panic; a refused input is a [`RulesError`]; `apply` is a pure function of
//! (state, input), so the state a caller keeps is unchanged on error and the same call gives
//! the same answer twice. Deterministic: the same seed fuzzes the same cases.
//!
//! Why not proptest: the interesting inputs are relative to a position (its decision id, seat,
//! option ids, draw index), which a bot game reaches; a seeded generator over those positions
//! needs no new dependency and replays any failure from its seed.

use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::Value;

use super::RandomBot;
use crate::core::{Awaiting, Choice, DecisionSpec, Input, MatchConfig, RulesError, Ruleset, Step, Viewer};

/// What a fuzz run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FuzzStats {
    pub cases: u64,
    /// Inputs refused with a `RulesError`.
    pub refused: u64,
    /// Inputs accepted (a random input can happen to be legal; damaged states can still decode).
    pub accepted: u64,
    pub games: u64,
}

/// Run `cases` fuzz cases against `ruleset`, spread over the positions of bot games seeded from
/// `seed`. The error names the case, the position and what went wrong.
pub fn fuzz_apply(ruleset: &dyn Ruleset, config: &MatchConfig, seed: u64, cases: u64) -> Result<FuzzStats, String> {
    let mut rng = RandomBot::new(seed);
    let mut stats = FuzzStats::default();
    let seats = config.seats.len() as u32;
    'games: while stats.cases < cases {
        let mut bot = RandomBot::new(seed.wrapping_add(stats.games.wrapping_mul(0x9E37)));
        stats.games += 1;
        let first = ruleset.new_match(config).map_err(|e| format!("new match: {e}"))?;
        let (mut state, mut awaiting) = (first.state, first.awaiting);
        // Spread the cases: a few per position, at every position, until the game ends.
        loop {
            for _ in 0..1 + rng.below(3) {
                if stats.cases >= cases {
                    break 'games;
                }
                let case = stats.cases;
                stats.cases += 1;
                let (bytes, input, must_refuse) = make_case(ruleset, &mut rng, &state, &awaiting, seats, &mut bot.clone());
                let first = guarded(ruleset, &bytes, &input).map_err(|p| format!("case {case} (seed {seed}): apply panicked on {}: {p}", short(&input)))?;
                let again = guarded(ruleset, &bytes, &input).map_err(|p| format!("case {case} (seed {seed}): apply panicked on a repeat: {p}"))?;
                if first != again {
                    return Err(format!("case {case} (seed {seed}): the same call answered differently"));
                }
                match first {
                    Ok(step) => {
                        if must_refuse {
                            return Err(format!("case {case} (seed {seed}): accepted {}", short(&input)));
                        }
                        stats.accepted += 1;
                        for v in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator, Viewer::Auditor]) {
                            catch_unwind(AssertUnwindSafe(|| ruleset.view(&step.state, v).map(|_| ())))
                                .map_err(|p| format!("case {case} (seed {seed}): view panicked: {}", panic_text(&p)))?
                                .ok();
                        }
                    }
                    Err(_) => stats.refused += 1,
                }
            }
            let Some(input) = bot.input(&awaiting) else { continue 'games };
            let step = ruleset.apply(&state, &input).map_err(|e| format!("seed {seed}: an offered input was refused: {e}"))?;
            state = step.state;
            awaiting = step.awaiting;
        }
    }
    Ok(stats)
}

fn guarded(r: &dyn Ruleset, state: &[u8], input: &Input) -> Result<Result<Step, RulesError>, String> {
    catch_unwind(AssertUnwindSafe(|| r.apply(state, input))).map_err(|p| panic_text(&p))
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
}

fn short(input: &Input) -> String {
    format!("{input:?}").chars().take(200).collect()
}

/// One case: the state bytes to apply to, the input, and whether it must be refused.
fn make_case(ruleset: &dyn Ruleset, rng: &mut RandomBot, state: &[u8], awaiting: &Awaiting, seats: u32, bot: &mut RandomBot) -> (Vec<u8>, Input, bool) {
    let offered = bot.input(awaiting);
    let (id, seat, spec) = match awaiting {
        Awaiting::Decision(d) => (d.id, d.seat, Some(&d.spec)),
        _ => (0, 0, None),
    };
    let (index, purpose, n) = match awaiting {
        Awaiting::Draw(r) => (
            r.index,
            r.purpose.clone(),
            match r.kind {
                crate::core::DrawKind::Range(n) | crate::core::DrawKind::Shuffle(n) => n,
            },
        ),
        _ => (0, String::new(), 0),
    };
    let any_choice = |rng: &mut RandomBot| random_choice(rng, spec);
    match rng.below(12) {
        // A wrong decision id (stale, future, or huge).
        0 => {
            let wrong = match rng.below(3) {
                0 => id.wrapping_sub(1 + u64::from(rng.below(5))),
                1 => id + 1 + u64::from(rng.below(5)),
                _ => u64::MAX - u64::from(rng.below(3)),
            };
            (state.to_vec(), Input::Decision { decision_id: wrong, seat, choice: any_choice(rng) }, true)
        }
        // The wrong seat.
        1 => {
            let other = if rng.below(2) == 0 { (seat + 1 + rng.below(seats.max(2) - 1)) % seats.max(1) } else { u32::MAX - rng.below(3) };
            let must = other != seat && matches!(awaiting, Awaiting::Decision(_));
            (state.to_vec(), Input::Decision { decision_id: id, seat: other, choice: any_choice(rng) }, must || !matches!(awaiting, Awaiting::Decision(_)))
        }
        // A random answer of any shape to the pending decision (may happen to be legal).
        2..=5 => {
            let must = !matches!(awaiting, Awaiting::Decision(_));
            (state.to_vec(), Input::Decision { decision_id: id, seat, choice: any_choice(rng) }, must)
        }
        // A misaddressed draw: wrong index or purpose.
        6 => {
            let (i, p) = if rng.below(2) == 0 { (index + 1 + u64::from(rng.below(9)), purpose) } else { (index, format!("{purpose}x")) };
            let values = bot.draw(&crate::core::DrawRequest { index, purpose: String::new(), kind: crate::core::DrawKind::Shuffle(n) });
            (state.to_vec(), Input::Draw { index: i, purpose: p, values }, true)
        }
        // Draw values out of range, repeated, or of the wrong length.
        7 => (state.to_vec(), Input::Draw { index, purpose, values: bad_draw_values(rng, awaiting, n) }, true),
        // Garbage state bytes: random, truncated, or flipped.
        8 => {
            let bytes = garbage_bytes(rng, state);
            let input = offered.unwrap_or(Input::Draw { index, purpose, values: vec![] });
            (bytes, input, false)
        }
        // A damaged state that still parses: one number or string replaced, or an array cut,
        // in the state's JSON form (which the rules also read).
        9..=10 => {
            let bytes = damaged_json(ruleset, rng, state);
            let input = offered.unwrap_or(Input::Draw { index, purpose, values: vec![] });
            (bytes, input, false)
        }
        // Anything at all after the match ended, or a decision while a draw is awaited.
        _ => {
            let input = Input::Decision { decision_id: id, seat, choice: any_choice(rng) };
            let must = !matches!(awaiting, Awaiting::Decision(_));
            (state.to_vec(), input, must)
        }
    }
}

/// Values for the pending draw (of `n`) that must be refused: for a range draw too many, none,
/// or out of range; for a shuffle one too many, one too few, out of range.
fn bad_draw_values(rng: &mut RandomBot, awaiting: &Awaiting, n: u32) -> Vec<u32> {
    let range = matches!(awaiting, Awaiting::Draw(r) if matches!(r.kind, crate::core::DrawKind::Range(_)));
    let mut values: Vec<u32> = (0..n).collect();
    match rng.below(4) {
        // A range draw is one value below n: too many, none, or out of range.
        k if range => values = [vec![0, 0], vec![], vec![n.saturating_add(rng.below(9))], vec![u32::MAX]][k as usize].clone(),
        0 => values.push(0),
        1 => {
            values.pop();
        }
        2 => values = vec![n.saturating_add(rng.below(1000)); n.max(1) as usize],
        _ => values = vec![u32::MAX],
    }
    values
}

/// `state` as random bytes, truncated, or with a few bits flipped.
fn garbage_bytes(rng: &mut RandomBot, state: &[u8]) -> Vec<u8> {
    let mut bytes = state.to_vec();
    match rng.below(3) {
        0 => bytes = (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
        1 => bytes.truncate(rng.below(bytes.len() as u32) as usize),
        _ => {
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(bytes.len() as u32) as usize;
                if let Some(b) = bytes.get_mut(i) {
                    *b ^= 1 << rng.below(8);
                }
            }
        }
    }
    bytes
}

/// `state` in its JSON form with one number or string replaced or an array cut: damaged, but
/// it still parses.
fn damaged_json(ruleset: &dyn Ruleset, rng: &mut RandomBot, state: &[u8]) -> Vec<u8> {
    let json = ruleset.state_json(state).unwrap_or_default();
    match serde_json::from_slice::<Value>(&json) {
        Ok(mut v) => {
            damage(rng, &mut v);
            serde_json::to_vec(&v).unwrap_or_default()
        }
        Err(_) => Vec::new(),
    }
}

fn random_choice(rng: &mut RandomBot, spec: Option<&DecisionSpec>) -> Choice {
    let ids: Vec<String> = match spec {
        Some(DecisionSpec::Pick { options, .. }) => options.iter().map(|o| o.id.clone()).collect(),
        Some(DecisionSpec::Split { targets, .. }) => targets.iter().map(|o| o.id.clone()).collect(),
        Some(DecisionSpec::Order { items }) => items.iter().map(|o| o.id.clone()).collect(),
        _ => Vec::new(),
    };
    let id = |rng: &mut RandomBot| -> String {
        match (rng.below(4), ids.len() as u32) {
            (0, _) | (_, 0) => ["", "pass", "play:999999", "x:-1", "\u{0}", "install:0:new", "trash:4294967295"][rng.below(7) as usize].to_string(),
            (_, k) => ids[rng.below(k) as usize].clone(),
        }
    };
    let len = rng.below(5);
    match rng.below(4) {
        0 => Choice::Pick((0..len).map(|_| id(rng)).collect()),
        1 => Choice::Number(match rng.below(4) {
            0 => i64::MIN,
            1 => i64::MAX,
            2 => -1,
            _ => i64::from(rng.below(40)),
        }),
        2 => Choice::Split((0..len).map(|_| (id(rng), if rng.below(3) == 0 { u32::MAX } else { rng.below(8) })).collect()),
        _ => Choice::Order((0..len).map(|_| id(rng)).collect()),
    }
}

/// Replace one random leaf of `v` (a number, string or bool) or cut one array.
fn damage(rng: &mut RandomBot, v: &mut Value) {
    let mut leaves = 0u32;
    count(v, &mut leaves);
    let mut target = rng.below(leaves.max(1));
    let replacement = match rng.below(6) {
        0 => Value::from(u64::MAX),
        1 => Value::from(-1),
        2 => Value::from(rng.below(100)),
        3 => Value::from(1u64 << 40),
        4 => Value::from("?"),
        _ => Value::Array(vec![]),
    };
    replace(v, &mut target, &replacement);
}

fn count(v: &Value, n: &mut u32) {
    match v {
        Value::Object(m) => m.values().for_each(|x| count(x, n)),
        Value::Array(a) => {
            *n += 1;
            a.iter().for_each(|x| count(x, n))
        }
        _ => *n += 1,
    }
}

fn replace(v: &mut Value, target: &mut u32, with: &Value) -> bool {
    match v {
        Value::Object(m) => m.values_mut().any(|x| replace(x, target, with)),
        Value::Array(a) => {
            if *target == 0 {
                let keep = a.len() / 2;
                a.truncate(keep);
                return true;
            }
            *target -= 1;
            a.iter_mut().any(|x| replace(x, target, with))
        }
        _ => {
            if *target == 0 {
                *v = with.clone();
                return true;
            }
            *target -= 1;
            false
        }
    }
}

/// How many cases a fuzz test runs: `ENGINE_FUZZ_CASES` from the environment, else `default`.
pub fn cases_from_env(default: u64) -> u64 {
    std::env::var("ENGINE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
