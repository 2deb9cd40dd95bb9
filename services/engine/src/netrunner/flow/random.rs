//! Cards picked at random by a card's effect ("reveal 3 cards in HQ at random", "trash 2 cards
//! from HQ at random"): one `Range` draw per card among the cards of the pile not picked yet,
//! as a random HQ access (NR-7.2) and damage (NR-9.1) draw, so every such pick is as fair and
//! auditable as the other draws. The picked cards stay where they are; the card's next step
//! (`cards::Ask::Random` is followed by it) reads them in `Game::picked_at_random` and does what
//! its text says with them.

use super::ask::{draw_value, request_draw};
use crate::core::{DrawKind, Input, RulesError};
use crate::netrunner::cards::Ctx;
use crate::netrunner::state::{Game, Pile, Task};

fn pile(g: &Game, from: Pile) -> &[u32] {
    match from {
        Pile::Hq => &g.corp.hq,
        Pile::Grip => &g.runner.grip,
    }
}

fn unpicked(g: &Game, from: Pile, picked: &[u32]) -> Vec<u32> {
    pile(g, from).iter().copied().filter(|c| !picked.contains(c)).collect()
}

/// Replace the card's step `step` (an `Ask::Random`) by its next step and, above it, the pick of
/// `n` cards (fewer if the pile holds fewer).
pub fn begin_random_pick(g: &mut Game, c: Ctx, step: u8, from: Pile, n: u32) {
    g.tasks.pop();
    g.tasks.push(Task::Card { code: c.def.code.to_string(), card: c.card, step: step + 1, arg: c.arg });
    let n = n.min(pile(g, from).len() as u32);
    g.tasks.push(Task::RandomPick { from, left: n, picked: Vec::new() });
}

/// The next card of the pick: a draw among the cards not picked yet; true when waiting for it.
pub fn step_random_pick(g: &mut Game, from: Pile, left: u32, picked: Vec<u32>) -> bool {
    let rest = unpicked(g, from, &picked).len() as u32;
    if left == 0 || rest == 0 {
        g.tasks.pop();
        g.picked_at_random = picked;
        return false;
    }
    let purpose = match from {
        Pile::Hq => "random-hq",
        Pile::Grip => "random-grip",
    };
    request_draw(g, purpose, DrawKind::Range(rest));
    true
}

/// The drawn card joins the pick.
pub fn random_pick_input(g: &mut Game, from: Pile, left: u32, mut picked: Vec<u32>, input: &Input) -> Result<(), RulesError> {
    let v = draw_value(input)?;
    let card = *unpicked(g, from, &picked).get(v as usize).ok_or_else(|| RulesError::Malformed("random pick draw out of range".into()))?;
    picked.push(card);
    g.tasks.pop();
    g.tasks.push(Task::RandomPick { from, left: left.saturating_sub(1), picked });
    Ok(())
}
