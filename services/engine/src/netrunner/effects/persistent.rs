//! Persistent abilities (CR 1.16, "persistent"): abilities recorded when an access begins that
//! hold for that whole access, even if their cards are trashed during it.

use crate::netrunner::cards;
use crate::netrunner::state::Game;

/// The rezzed cards in the root of `server` with a persistent ability (an additional cost to
/// steal from it, `Static::StealCostHere`; a higher trash cost, `Static::TrashCostPlus`),
/// recorded when an access begins: CR 1.16 "persistent", those abilities hold for that whole
/// access even if their cards are trashed during it. For a run's breach and for an access
/// outside a run alike.
pub fn persistent_abilities(g: &Game, server: u32) -> Vec<u32> {
    let root = g.server(server).map(|s| s.root.clone()).unwrap_or_default();
    let persistent = |s: &cards::Static| matches!(s, cards::Static::StealCostHere { .. } | cards::Static::TrashCostPlus(_));
    root.into_iter().filter(|&c| g.rezzed(c) && cards::def(g.code(c)).statics.iter().any(persistent)).collect()
}
