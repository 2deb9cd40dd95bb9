//! The states this service produced recently, by SHA-256: so a caller can name the state it
//! applies to instead of sending it back.
//!
//! Sound by construction: the key is the hash of the bytes, computed here, and only states this
//! service produced are put in (never one a caller sent), so a lookup gives exactly the bytes the
//! caller would have sent and the rules answer the same either way. Bounded by a byte budget,
//! least recently used out first.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};

pub type StateHash = [u8; 32];

/// What an entry costs beyond its bytes (the key twice, the maps' bookkeeping), roughly.
const ENTRY_OVERHEAD: usize = 128;

pub fn hash_of(state: &[u8]) -> StateHash {
    Sha256::digest(state).into()
}

pub struct StateCache {
    budget: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    // Lookups only, never iterated: the order of a HashMap cannot leak into anything.
    entries: HashMap<StateHash, (Arc<[u8]>, u64)>,
    /// Recency: last use → key; the first is the next to go.
    by_use: BTreeMap<u64, StateHash>,
    bytes: usize,
    clock: u64,
}

impl StateCache {
    /// A cache holding at most `budget` bytes of states (0 turns it off).
    pub fn new(budget: usize) -> Self {
        StateCache { budget, inner: Mutex::new(Inner::default()) }
    }

    /// The state with this hash, if held.
    pub fn get(&self, hash: &StateHash) -> Option<Arc<[u8]>> {
        let mut inner = self.inner.lock().ok()?;
        let inner = &mut *inner;
        inner.clock += 1;
        let now = inner.clock;
        let (state, used) = inner.entries.get_mut(hash)?;
        inner.by_use.remove(used);
        *used = now;
        inner.by_use.insert(now, *hash);
        Some(state.clone())
    }

    /// Keep a state this service just produced.
    pub fn put(&self, state: &[u8]) {
        let cost = state.len() + ENTRY_OVERHEAD;
        if cost > self.budget {
            return;
        }
        let hash = hash_of(state);
        // A poisoned lock only means another request panicked mid-update: skip caching.
        let Ok(mut inner) = self.inner.lock() else { return };
        let inner = &mut *inner;
        inner.clock += 1;
        let now = inner.clock;
        if let Some((_, used)) = inner.entries.get_mut(&hash) {
            inner.by_use.remove(used);
            *used = now;
            inner.by_use.insert(now, hash);
            return;
        }
        while inner.bytes + cost > self.budget {
            let Some((_, oldest)) = inner.by_use.pop_first() else { break };
            if let Some((gone, _)) = inner.entries.remove(&oldest) {
                inner.bytes -= gone.len() + ENTRY_OVERHEAD;
            }
        }
        inner.entries.insert(hash, (Arc::from(state), now));
        inner.by_use.insert(now, hash);
        inner.bytes += cost;
    }

    /// Bytes held (states plus bookkeeping), for tests and metrics.
    pub fn bytes(&self) -> usize {
        self.inner.lock().map(|i| i.bytes).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_it_was_given_by_hash_and_evicts_the_least_recently_used_within_budget() {
        let cache = StateCache::new(3 * (100 + ENTRY_OVERHEAD));
        let states: Vec<Vec<u8>> = (0..4u8).map(|i| vec![i; 100]).collect();
        for s in &states[..3] {
            cache.put(s);
        }
        // Touch the first so that the second is the oldest.
        assert_eq!(cache.get(&hash_of(&states[0])).as_deref(), Some(&states[0][..]));
        cache.put(&states[3]);
        assert!(cache.get(&hash_of(&states[1])).is_none(), "the least recently used left");
        for i in [0, 2, 3] {
            assert_eq!(cache.get(&hash_of(&states[i])).as_deref(), Some(&states[i][..]));
        }
        assert!(cache.bytes() <= 3 * (100 + ENTRY_OVERHEAD));
        // The same state again costs nothing more.
        cache.put(&states[3]);
        assert_eq!(cache.bytes(), 3 * (100 + ENTRY_OVERHEAD));
    }

    #[test]
    fn a_zero_budget_holds_nothing() {
        let cache = StateCache::new(0);
        cache.put(b"state");
        assert!(cache.get(&hash_of(b"state")).is_none());
        assert_eq!(cache.bytes(), 0);
    }
}
