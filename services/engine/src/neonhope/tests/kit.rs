//! A scenario builder (a `Game` built directly, then run through `apply`) and neonhope's verbs.

use std::collections::BTreeMap;

use crate::core::*;
use crate::neonhope::data;
use crate::neonhope::state::{Game, Grid, Stage};
use crate::neonhope::{initial_game, Neonhope};

pub struct Scenario {
    pub g: Game,
}

impl Scenario {
    /// `n` seats from the real setup, the Grid laid in table order (position p holds tile p:
    /// −3, −2, −2, −1, …), the encounter deck in list order, no grid picking asked
    /// (`grid_auto_reveal`) unless a test turns it back.
    pub fn new(n: u32) -> Scenario {
        let mut g = initial_game(&config(n, &[("grid_auto_reveal", 1)])).expect("the default match sets up");
        g.grid = Grid { layout: (0..data::GRID_TILES.len() as u32).collect(), revealed: vec![false; data::GRID_SIZE] };
        g.round = 1;
        Scenario { g }
    }

    /// The Grid with tile index `tile` (in `data::GRID_TILES`) at position 0 (swapped in).
    pub fn next_tile(&mut self, tile: u32) -> &mut Self {
        let first = self.g.grid.face_down().first().copied().unwrap_or(0);
        if let Some(at) = self.g.grid.layout.iter().position(|&t| t == tile) {
            self.g.grid.layout.swap(first, at);
        }
        self
    }

    /// Encounter cards (by key) moved to the top of the deck, in this order.
    pub fn deck_top(&mut self, keys: &[&str]) -> &mut Self {
        for key in keys.iter().rev() {
            let pos = self.g.encounter_deck.iter().position(|&c| self.g.card_key(c) == *key).expect("in the deck");
            let id = self.g.encounter_deck.remove(pos);
            self.g.encounter_deck.insert(0, id);
        }
        self
    }

    pub fn at(&mut self, seat: u32, location: &str) -> &mut Self {
        self.g.chars[seat as usize].location = location.into();
        self
    }

    /// Run from `stage` until the match needs an input.
    pub fn start(mut self, stage: Stage) -> Match {
        self.g.stage = stage;
        Match::settled(Neonhope, self.g)
    }
}

pub type Match = crate::testing::kit::Match<Neonhope>;

/// The Grid tile index of a named tile.
pub fn tile(name: &str) -> u32 {
    data::GRID_TILES.iter().position(|t| t.name() == name).expect("a tile") as u32
}

pub trait NeonhopeVerbs {
    /// The index of the first logged event of `kind` whose text contains `text`.
    fn at(&self, kind: &str, text: &str) -> usize;
}

impl NeonhopeVerbs for Match {
    fn at(&self, kind: &str, text: &str) -> usize {
        let k = format!("neonhope.{kind}");
        self.log_index(|e| e.kind == k && e.text.contains(text))
            .unwrap_or_else(|| panic!("no {kind} event with \"{text}\": {:#?}", self.log.iter().map(|e| &e.text).collect::<Vec<_>>()))
    }
}

pub fn config(n: u32, options: &[(&str, i64)]) -> MatchConfig {
    MatchConfig {
        ruleset: "neonhope".into(),
        seats: (0..n).map(|s| SeatConfig { name: ["Ana", "Bo", "Cy", "Di"][s as usize % 4].into(), ..Default::default() }).collect(),
        options: options.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
    }
}
