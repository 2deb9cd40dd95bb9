//! Golden digests of every card: random bot games with decks holding 2 copies of every System
//! Gateway card (the ready decks hold only the starter cards, so the golden logs under
//! `tests/golden/` do not reach the faction cards). Each game's events and awaited inputs, as
//! JSON, are digested (FNV-1a 64) and compared with the digests recorded below. The digests were
//! first recorded from the engine before the card table and the flow split (whose full records of
//! 500 such games, `all_cards_dump`, equal the new engine's byte for byte), then re-recorded for
//! `netrunner-3` (remote numbering) and again for `netrunner-5` (simultaneous abilities ordered by
//! the rules, `effects::triggers`), so they pin `netrunner-5`'s behaviour; a
//! deliberate change of the events regenerates them with `cargo test
//! -p engine all_cards_print_digests -- --ignored --nocapture` together with a bumped `RULES_VERSION`.

use std::fmt::Write as _;

use crate::core::game::encode;
use crate::core::*;
use crate::netrunner::data::{self, CardType, Side};
use crate::netrunner::state::Card;
use crate::netrunner::{initial_game, Netrunner};
use crate::testing::RandomBot;

use super::kit::config;

/// Most inputs a game may take here.
const MAX_INPUTS: usize = 4000;

/// The draws' values (xorshift): the engine takes whatever values it is given.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            0
        } else {
            (self.next() % u64::from(n)) as u32
        }
    }
}

fn play(seed: u64, out: &mut String) {
    let pool = data::pool().unwrap();
    let corp_ids = ["30035", "30043", "30051", "30059", "30077"];
    let runner_ids = ["30001", "30010", "30019", "30076"];
    let mut g = initial_game(&config(&[])).unwrap();
    g.corp.identity = corp_ids[(seed % 5) as usize].into();
    g.runner.identity = runner_ids[(seed % 4) as usize].into();
    g.runner.link = data::card(&g.runner.identity).and_then(|c| c.base_link).unwrap_or(0);
    let mut cards = Vec::new();
    let mut rd = Vec::new();
    let mut stack = Vec::new();
    for side in [Side::Corp, Side::Runner] {
        // The System Gateway pool as recorded (a card added later does not change these games).
        let sg = |code: &str| code.parse::<u32>().is_ok_and(|n| (30001..=30077).contains(&n));
        for d in pool.cards.iter().filter(|d| d.side == side && d.ctype != CardType::Identity && sg(&d.code)) {
            for _ in 0..2 {
                let id = cards.len() as u32;
                cards.push(Card::new(&d.code, side, id));
                if side == Side::Corp {
                    rd.push(id)
                } else {
                    stack.push(id)
                }
            }
        }
    }
    g.cards = cards;
    g.corp.rd = rd;
    g.runner.stack = stack;
    g.corp.hq.clear();
    g.runner.grip.clear();
    let mut events = Vec::new();
    crate::core::game::settle(&mut g, &mut events).unwrap();
    let mut state = encode(&g).unwrap();
    let mut awaiting = g.awaiting.clone();
    let _ = writeln!(out, "seed {seed} {}", serde_json::to_string(&events).unwrap());
    let mut bot = RandomBot::new(seed);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for n in 0..MAX_INPUTS {
        let input = match &awaiting {
            Awaiting::Ended(o) => {
                let _ = writeln!(out, "end {o:?}");
                return;
            }
            Awaiting::Decision(d) => Input::Decision { decision_id: d.id, seat: d.seat, choice: bot.choose(d) },
            Awaiting::Draw(r) => {
                let values = match r.kind {
                    DrawKind::Range(k) => vec![rng.below(k)],
                    DrawKind::Shuffle(k) => {
                        let mut v: Vec<u32> = (0..k).collect();
                        for i in (1..v.len()).rev() {
                            let j = rng.below(i as u32 + 1) as usize;
                            v.swap(i, j);
                        }
                        v
                    }
                };
                Input::Draw { index: r.index, purpose: r.purpose.clone(), values }
            }
        };
        match Netrunner.apply(&state, &input) {
            Ok(step) => {
                let _ = writeln!(out, "{n} {} {}", serde_json::to_string(&step.events).unwrap(), serde_json::to_string(&step.awaiting).unwrap());
                state = step.state;
                awaiting = step.awaiting;
            }
            Err(e) => {
                let _ = writeln!(out, "{n} error {e}");
                return;
            }
        }
    }
}

fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

fn digest(seed: u64) -> u64 {
    let mut out = String::new();
    play(seed, &mut out);
    fnv(&out)
}

#[test]
fn nr_all_cards_random_games_match_their_recorded_digests() {
    for (i, want) in DIGESTS.iter().enumerate() {
        let seed = i as u64 + 1;
        assert_eq!(digest(seed), *want, "seed {seed}: the events differ from the recorded ones");
    }
}

/// Prints `DIGESTS` (see the module doc for when to regenerate).
#[test]
#[ignore]
fn all_cards_print_digests() {
    let all: Vec<String> = (1..=DIGESTS.len() as u64).map(|s| format!("0x{:016x}", digest(s))).collect();
    println!("const DIGESTS: [u64; {}] = [{}];", all.len(), all.join(", "));
}

/// Optional: every game's full record to `$DIFF_OUT` (`$DIFF_SEEDS` games), to compare two builds.
#[test]
#[ignore]
fn all_cards_dump() {
    let mut out = String::new();
    let seeds: u64 = std::env::var("DIFF_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    for seed in 1..=seeds {
        play(seed, &mut out);
    }
    if let Ok(path) = std::env::var("DIFF_OUT") {
        std::fs::write(path, out).unwrap();
    }
}

/// Recorded for `netrunner-3` (the first remote is "Server 1"; `game_over` carries the score):
/// the full records of these 20 games (`all_cards_dump`) differ from `netrunner-2`'s only by the
/// remote servers' numbers and ids, one lower, a play on a server naming it ("on Server 1", was
/// "(4)"), the `score` member of `game_over`, and Anoetic Void and Tāo Salonga asking "use it?"
/// before "pick exactly 2" (their one "pick 0 to 2" refused a pick of 1).
const DIGESTS: [u64; 20] = [
    0x92da9c9a76478b54,
    0x2c4793530f0524e8,
    0x7c17ca6eec620d0c,
    0x3d47533d380a2af2,
    0xaad02a3cd03702c3,
    0x82bba0709f309605,
    0xbdc0dfb419a7c428,
    0xe002e3d1961ee6ff,
    0x49960f5a25354cce,
    0xf057d2b449306a3d,
    0x2c7d03f3cd25a3c4,
    0x9df6d1f6830dbfc6,
    0x87a3b661dcc32d77,
    0x9cd9d3044e19d457,
    0xae6d9ebbfb468023,
    0xf99584b5d77c6600,
    0xd8910b7d954bb011,
    0x119a4df66c8c744d,
    0xaa11700ef90dee00,
    0x4069d1b5a5ca6ba7,
];
