//! Random legal decks of a format (its active snapshot, or a snapshot named), for bots, oracles
//! and benches: seeded and deterministic (the bots' [`RandomBot`]'s xorshift, no other
//! randomness), built only from cards the snapshot allows (its pool, not banned) that have
//! behaviour (`cards::implemented`, read at each call: a card that gains a row is dealt from
//! then on), each card once by its own code, and checked by NR-10 under that snapshot before
//! they are returned.
//!
//! How a deck is built: a random identity of the side; a size from its minimum deck size to
//! [`EXTRA_CARDS`] above; for the Corp, agendas of its faction or neutral until the points fit
//! the size (NR-10); then other cards, a few copies at a time, within each card's deck limit and
//! the identity's influence limit.

use super::cards;
use super::data::{self, CardData, CardType, Deck, Side, Snapshot};
use crate::bots::RandomBot;

/// Most cards above the identity's minimum deck size a random deck holds.
pub const EXTRA_CARDS: u32 = 3;

/// Attempts before giving up (a pool too small for the side's identities).
const ATTEMPTS: u32 = 50;

/// The cards a deck of `format` (a format's active snapshot, or a snapshot) may hold and play:
/// in its pool, not banned, implemented.
pub fn playable(format: impl Into<Snapshot>) -> Vec<&'static CardData> {
    let snap = format.into();
    snap.cards().into_iter().filter(|c| !snap.is_banned(&c.code) && cards::implemented(&c.code)).collect()
}

/// A random legal `side` deck of `format` (a format's active snapshot, or a snapshot) named
/// `name`, the same for the same seed and the same implemented cards; or why none can be built
/// from the playable cards.
pub fn random_deck(format: impl Into<Snapshot>, side: Side, seed: u64, name: &str) -> Result<Deck, String> {
    let format = format.into();
    let mut rng = RandomBot::new(seed ^ if side == Side::Corp { 0xC0 } else { 0x50 });
    let pool = playable(format);
    let identities: Vec<&CardData> = pool.iter().copied().filter(|c| c.side == side && c.ctype == CardType::Identity).collect();
    if identities.is_empty() {
        return Err(format!("no {} identity of {} is playable", side.name(), format.name()));
    }
    let mut last = String::new();
    for _ in 0..ATTEMPTS {
        let id = identities[rng.below(identities.len() as u32) as usize];
        let Some(deck) = attempt(&pool, id, side, &mut rng, name) else {
            last = format!("{} could not be filled", id.title);
            continue;
        };
        let v = data::deck_violations(&deck, format, cards::implemented);
        if v.is_empty() {
            return Ok(deck);
        }
        last = v.join("; ");
    }
    Err(format!("no legal {} {} deck after {ATTEMPTS} attempts: {last}", format.name(), side.name()))
}

/// Influence a copy of `c` costs `id`'s deck (0 in faction and for neutral cards).
fn influence(c: &CardData, id: &CardData) -> i64 {
    if c.faction == id.faction || c.faction.starts_with("neutral") {
        0
    } else {
        c.influence.unwrap_or(0)
    }
}

/// One try at a deck for `id`; `None` when the cards ran out before the size was reached.
fn attempt(pool: &[&'static CardData], id: &CardData, side: Side, rng: &mut RandomBot, name: &str) -> Option<Deck> {
    let min = u32::try_from(id.min_deck.unwrap_or(40)).ok()?;
    let size = min + rng.below(EXTRA_CARDS + 1);
    // An identity without an influence limit (the starter identities) spends none.
    let mut budget = id.influence_limit.unwrap_or(i64::MAX);
    let mut cards: Vec<(String, u32)> = Vec::new();
    let mut count = 0u32;
    let allowed = |c: &CardData| {
        c.side == side
            && c.ctype != CardType::Identity
            // An agenda without an influence value cannot leave its faction (NR-10).
            && !(c.ctype == CardType::Agenda && c.influence.is_none() && c.faction != id.faction && !c.faction.starts_with("neutral"))
    };
    let candidates: Vec<&CardData> = pool.iter().copied().filter(|c| allowed(c)).collect();
    let limit = |c: &CardData| u32::try_from(c.deck_limit.unwrap_or(3)).unwrap_or(0);
    if side == Side::Corp {
        // NR-10: 2 points per 5 cards, plus 2 or 3.
        let need = 2 * i64::from(size / 5) + 2;
        let agendas: Vec<&CardData> = candidates.iter().copied().filter(|c| c.ctype == CardType::Agenda && influence(c, id) == 0).collect();
        let mut copies: Vec<&CardData> = agendas.iter().flat_map(|c| std::iter::repeat_n(*c, limit(c) as usize)).collect();
        let order = rng.permutation(copies.len() as u32);
        copies = order.into_iter().filter_map(|i| copies.get(i as usize).copied()).collect();
        let mut points = 0;
        for c in copies {
            let p = c.points.unwrap_or(0);
            if points >= need || count >= size {
                break;
            }
            if points + p <= need + 1 {
                points += p;
                count += 1;
                add(&mut cards, &c.code);
            }
        }
        if points < need {
            return None;
        }
    }
    let others: Vec<&CardData> = candidates.iter().copied().filter(|c| c.ctype != CardType::Agenda).collect();
    while count < size {
        let fits: Vec<&CardData> = others.iter().copied().filter(|c| held(&cards, &c.code) < limit(c) && influence(c, id) <= budget).collect();
        if fits.is_empty() {
            return None;
        }
        let c = fits[rng.below(fits.len() as u32) as usize];
        // One to three copies, as decks hold them, within the limits left.
        let mut n = 1 + rng.below(3);
        n = n.min(limit(c) - held(&cards, &c.code)).min(size - count);
        let cost = influence(c, id);
        if cost > 0 {
            n = n.min(u32::try_from(budget / cost).unwrap_or(u32::MAX));
        }
        for _ in 0..n {
            add(&mut cards, &c.code);
        }
        budget = budget.saturating_sub(cost * i64::from(n));
        count += n;
    }
    Some(Deck { name: name.to_string(), side, identity: id.code.clone(), cards })
}

fn held(cards: &[(String, u32)], code: &str) -> u32 {
    cards.iter().find(|(c, _)| c == code).map_or(0, |(_, n)| *n)
}

fn add(cards: &mut Vec<(String, u32)>, code: &str) {
    match cards.iter_mut().find(|(c, _)| c == code) {
        Some((_, n)) => *n += 1,
        None => cards.push((code.to_string(), 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::netrunner::data::Format;

    fn seeds() -> u64 {
        std::env::var("NETRUNNER_DECK_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
    }

    /// NR-10 under every snapshot of every format, over many seeds: every random deck is legal
    /// there, holds only playable cards, and the same seed gives the same deck.
    #[test]
    fn nr_10_random_decks_of_every_format_are_legal_in_it() {
        for snap in Format::ALL.iter().flat_map(|f| f.snapshots()) {
            let playable: Vec<String> = playable(snap).iter().map(|c| c.code.clone()).collect();
            let mut identities = std::collections::BTreeSet::new();
            for seed in 0..seeds() {
                for side in [Side::Corp, Side::Runner] {
                    let d = random_deck(snap, side, seed, "random").unwrap_or_else(|e| panic!("{} seed {seed}: {e}", snap.name()));
                    assert_eq!(data::deck_violations(&d, snap, cards::implemented), Vec::<String>::new(), "seed {seed}: {d:?}");
                    assert!(d.cards.iter().all(|(c, _)| playable.contains(c)) && playable.contains(&d.identity), "{d:?}");
                    assert_eq!(random_deck(snap, side, seed, "random"), Ok(d.clone()), "deterministic");
                    identities.insert(d.identity);
                }
            }
            // Every playable identity comes up.
            let all = playable.iter().filter(|c| data::card(c).is_some_and(|d| d.ctype == CardType::Identity)).count();
            assert_eq!(identities.len(), all, "{}: {identities:?}", snap.name());
        }
    }

    /// A random deck holds no card its snapshot bans, and Standard's two snapshots deal from
    /// different cards: Touch-ups (35067), banned from 25.10 only, in standard_31's decks alone.
    #[test]
    fn nr_10_random_decks_hold_no_banned_card_of_their_snapshot() {
        let (s31, s32) = (Snapshot::parse(Format::Standard, "standard_31").unwrap(), Snapshot::parse(Format::Standard, "standard_32").unwrap());
        for snap in [Format::Startup.active(), s31, s32] {
            for seed in 0..seeds() {
                for side in [Side::Corp, Side::Runner] {
                    let d = random_deck(snap, side, seed, "random").unwrap();
                    assert!(!snap.is_banned(&d.identity) && d.cards.iter().all(|(c, _)| !snap.is_banned(c)), "{}: {d:?}", snap.name());
                }
            }
        }
        let touch_ups = |s: Snapshot| playable(s).iter().any(|c| c.code == "35067");
        assert_eq!((touch_ups(s31), touch_ups(s32)), (cards::implemented("35067"), false));
    }

    /// Standard decks are built from implemented cards only: today the Startup cards with a row
    /// (so the deck is legal in Standard and plays), later every card that gains one.
    #[test]
    fn nr_10_random_standard_decks_are_dealt_from_implemented_cards() {
        let snap = Format::Standard.active();
        let ids: Vec<String> = playable(snap).iter().map(|c| c.code.clone()).collect();
        assert!(ids.iter().all(|c| cards::implemented(c) && data::canonical_code(c) == c), "{ids:?}");
        // Everything implemented and allowed is playable: no list of cards stands between the
        // registry and the decks.
        let want: Vec<String> = snap.cards().iter().filter(|c| cards::implemented(&c.code) && !snap.is_banned(&c.code)).map(|c| c.code.clone()).collect();
        assert_eq!(ids, want);
        for seed in 0..20 {
            for side in [Side::Corp, Side::Runner] {
                let d = random_deck(snap, side, seed, "random").unwrap();
                assert_eq!(data::legality_violations(&d, Format::Standard), Vec::<String>::new());
            }
        }
    }
}
