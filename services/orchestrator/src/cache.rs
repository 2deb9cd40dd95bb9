//! The orchestrator's match cache: a least-recently-used map with a byte budget and single-flight
//! loading.
//!
//! Any match may leave the cache at any time: the log has everything, and the next request
//! rebuilds it. Each slot is created empty and filled by the first request that locks it, so
//! concurrent first requests on one match wait for that one rebuild instead of each doing their
//! own. Sizes are approximate (what a record says it holds), updated whenever a request touches
//! a match; ended matches go first when the budget is exceeded, then the least recently used.
//! A slot some request holds or waits for is never evicted.
//!
//! Eviction costs O(1) per evicted match (issue 37): the entries sit in two doubly linked
//! recency lists (ended, live) threaded through one slab, so the next victim is a list's head.
//! A held entry met at a head is moved to its list's tail (it is in use, so recently used):
//! those are bounded by the requests in flight, not by the matches cached. The former eviction
//! walked every cached match on each request once over budget (docs/performance.md, "The match
//! cache's eviction").

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use tokio::sync::Mutex;

/// The default byte budget of the match cache (`--cache-bytes`).
pub const DEFAULT_CACHE_BYTES: usize = 256 * 1024 * 1024;

/// One cached match: empty until its first request fills it.
pub type Slot<V> = Arc<Mutex<Option<V>>>;

/// No neighbour (a list's end) in the slab's links.
const NIL: usize = usize::MAX;

/// The two recency lists: ended matches are evicted before live ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum List {
    Ended = 0,
    Live = 1,
}

struct Node<V> {
    key: String,
    slot: Slot<V>,
    bytes: usize,
    list: List,
    /// Towards the head (older) and the tail (newer) of `list`.
    prev: usize,
    next: usize,
}

#[derive(Clone, Copy)]
struct Ends {
    /// The least recently used.
    head: usize,
    /// The most recently used.
    tail: usize,
    len: usize,
}

struct Inner<V> {
    /// Key → index in `nodes`.
    entries: HashMap<String, usize>,
    /// The entries; `None` marks a free place, listed in `free`.
    nodes: Vec<Option<Node<V>>>,
    free: Vec<usize>,
    lists: [Ends; 2],
    bytes: usize,
}

pub struct Cache<V> {
    inner: StdMutex<Inner<V>>,
    budget: usize,
}

/// The cache's lock is poisoned (a panic while it was held).
#[derive(Debug, thiserror::Error)]
#[error("the match cache lock is poisoned")]
pub struct Poisoned;

impl<V> Inner<V> {
    fn node(&mut self, at: usize) -> Option<&mut Node<V>> {
        self.nodes.get_mut(at).and_then(Option::as_mut)
    }

    /// Take the node at `at` out of its list (it stays in the slab).
    fn unlink(&mut self, at: usize) {
        let Some(n) = self.node(at) else { return };
        let (list, prev, next) = (n.list, n.prev, n.next);
        n.prev = NIL;
        n.next = NIL;
        match self.node(prev) {
            Some(p) => p.next = next,
            None => self.lists[list as usize].head = next,
        }
        match self.node(next) {
            Some(n) => n.prev = prev,
            None => self.lists[list as usize].tail = prev,
        }
        self.lists[list as usize].len -= 1;
    }

    /// Put the (unlinked) node at `at` at the tail of `list`: the most recently used.
    fn push_tail(&mut self, at: usize, list: List) {
        let old_tail = self.lists[list as usize].tail;
        let Some(n) = self.node(at) else { return };
        n.list = list;
        n.prev = old_tail;
        n.next = NIL;
        match self.node(old_tail) {
            Some(t) => t.next = at,
            None => self.lists[list as usize].head = at,
        }
        let ends = &mut self.lists[list as usize];
        ends.tail = at;
        ends.len += 1;
    }

    /// Mark the node at `at` used now, in `list`.
    fn touch(&mut self, at: usize, list: List) {
        self.unlink(at);
        self.push_tail(at, list);
    }

    fn insert(&mut self, key: &str, slot: Slot<V>) {
        let node = Node { key: key.to_string(), slot, bytes: 0, list: List::Live, prev: NIL, next: NIL };
        let at = match self.free.pop() {
            Some(at) => {
                self.nodes[at] = Some(node);
                at
            }
            None => {
                self.nodes.push(Some(node));
                self.nodes.len() - 1
            }
        };
        self.entries.insert(key.to_string(), at);
        self.push_tail(at, List::Live);
    }

    fn remove_at(&mut self, at: usize) {
        self.unlink(at);
        if let Some(n) = self.nodes.get_mut(at).and_then(Option::take) {
            self.entries.remove(&n.key);
            self.bytes = self.bytes.saturating_sub(n.bytes);
            self.free.push(at);
        }
    }

    /// Evict idle entries, ended matches first, then the least recently used, until the total
    /// is within `budget` (or nothing idle is left). Each list is looked at from its head at
    /// most once around: a held entry found there moves to the tail.
    fn evict(&mut self, budget: usize) -> usize {
        let mut looked = 0;
        for list in [List::Ended, List::Live] {
            let mut left = self.lists[list as usize].len;
            while self.bytes > budget && left > 0 {
                left -= 1;
                looked += 1;
                let at = self.lists[list as usize].head;
                let Some(n) = self.node(at) else { break };
                if Arc::strong_count(&n.slot) == 1 {
                    self.remove_at(at);
                    telemetry::metrics::CACHE_EVICTIONS.inc(&[]);
                } else {
                    self.touch(at, list);
                }
            }
        }
        looked
    }
}

impl<V> Cache<V> {
    pub fn new(budget: usize) -> Self {
        let ends = Ends { head: NIL, tail: NIL, len: 0 };
        Cache { inner: StdMutex::new(Inner { entries: HashMap::new(), nodes: Vec::new(), free: Vec::new(), lists: [ends; 2], bytes: 0 }), budget }
    }

    /// The slot of `key`, created empty if there is none; marks it used.
    pub fn slot(&self, key: &str) -> Result<Slot<V>, Poisoned> {
        let mut inner = self.inner.lock().map_err(|_| Poisoned)?;
        if let Some(&at) = inner.entries.get(key) {
            if let Some(n) = inner.node(at) {
                let (slot, list) = (n.slot.clone(), n.list);
                inner.touch(at, list);
                return Ok(slot);
            }
        }
        let slot: Slot<V> = Arc::new(Mutex::new(None));
        inner.insert(key, slot.clone());
        Ok(slot)
    }

    /// Record what `key` now holds (approximately), then evict down to the budget.
    pub fn note(&self, key: &str, bytes: usize, ended: bool) {
        self.note_counting(key, bytes, ended);
    }

    /// [`Self::note`], returning how many entries eviction looked at (for the tests and the
    /// eviction bench: it stays bounded by the matches evicted plus those in use).
    pub fn note_counting(&self, key: &str, bytes: usize, ended: bool) -> usize {
        let Ok(mut inner) = self.inner.lock() else { return 0 };
        let inner = &mut *inner;
        if let Some(&at) = inner.entries.get(key) {
            if let Some(n) = inner.node(at) {
                let old = std::mem::replace(&mut n.bytes, bytes);
                let (was, now) = (n.list, if ended { List::Ended } else { List::Live });
                inner.bytes = inner.bytes.saturating_sub(old).saturating_add(bytes);
                if was != now {
                    inner.touch(at, now);
                }
            }
        }
        let looked = inner.evict(self.budget);
        if telemetry::metrics::enabled() {
            telemetry::metrics::CACHE_BYTES.set(&[], inner.bytes as f64);
            telemetry::metrics::CACHE_MATCHES.set(&[], inner.entries.len() as f64);
        }
        looked
    }

    /// Drop `key` (its next request rebuilds it).
    pub fn remove(&self, key: &str) {
        let Ok(mut inner) = self.inner.lock() else { return };
        if let Some(&at) = inner.entries.get(key) {
            inner.remove_at(at);
        }
    }

    /// Total approximate bytes held, and the number of matches.
    pub fn usage(&self) -> (usize, usize) {
        self.inner.lock().map(|i| (i.bytes, i.entries.len())).unwrap_or((0, 0))
    }

    pub fn contains(&self, key: &str) -> bool {
        self.inner.lock().map(|i| i.entries.contains_key(key)).unwrap_or(false)
    }

    /// The keys from the next to be evicted to the last: ended matches, then live ones, each
    /// least recently used first.
    pub fn eviction_order(&self) -> Vec<String> {
        let Ok(inner) = self.inner.lock() else { return Vec::new() };
        let mut out = Vec::with_capacity(inner.entries.len());
        for list in [List::Ended, List::Live] {
            let mut at = inner.lists[list as usize].head;
            while let Some(n) = inner.nodes.get(at).and_then(Option::as_ref) {
                out.push(n.key.clone());
                at = n.next;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn fill(cache: &Cache<u32>, key: &str, bytes: usize, ended: bool) {
        let slot = cache.slot(key).expect("slot");
        *slot.lock().await = Some(1);
        drop(slot);
        cache.note(key, bytes, ended);
    }

    #[tokio::test]
    async fn the_least_recently_used_leave_first_and_the_total_stays_within_the_budget() {
        let cache = Cache::new(300);
        fill(&cache, "a", 100, false).await;
        fill(&cache, "b", 100, false).await;
        fill(&cache, "c", 100, false).await;
        assert_eq!(cache.usage(), (300, 3));
        // "a" is used again, so "b" is now the least recently used.
        cache.slot("a").expect("slot");
        fill(&cache, "d", 100, false).await;
        assert!(!cache.contains("b") && cache.contains("a") && cache.contains("c") && cache.contains("d"));
        assert_eq!(cache.usage(), (300, 3));
        // A match that grows past what is left pushes out the oldest others.
        cache.note("d", 250, false);
        assert!(cache.usage().0 <= 300, "{:?}", cache.usage());
        assert!(cache.contains("d"));
    }

    #[tokio::test]
    async fn ended_matches_leave_before_live_ones() {
        let cache = Cache::new(300);
        fill(&cache, "live-old", 100, false).await;
        fill(&cache, "ended", 100, true).await;
        fill(&cache, "live", 100, false).await;
        fill(&cache, "new", 100, false).await;
        assert!(!cache.contains("ended"), "the ended match went first");
        assert!(cache.contains("live-old") && cache.contains("live") && cache.contains("new"));
    }

    #[tokio::test]
    async fn a_match_in_use_is_not_evicted() {
        let cache = Cache::new(100);
        fill(&cache, "a", 100, false).await;
        let held = cache.slot("a").expect("slot");
        fill(&cache, "b", 100, false).await;
        assert!(cache.contains("a"), "held by a request");
        assert!(!cache.contains("b"), "the idle one left instead");
        drop(held);
        fill(&cache, "c", 100, false).await;
        assert!(!cache.contains("a"), "once released it may leave");
        assert_eq!(cache.usage(), (100, 1));
    }

    #[tokio::test]
    async fn eviction_looks_at_a_bounded_number_of_entries_whatever_the_size() {
        // 100 bytes each, room for 1,000: every new match past that evicts exactly one, and
        // eviction looks at one entry (plus the held ones met), not at the 1,000 cached.
        let cache = Cache::<u32>::new(100_000);
        let mut most = 0;
        for i in 0..20_000 {
            let key = format!("m{i}");
            let slot = cache.slot(&key).expect("slot");
            // The request that created it holds it while noting, as `Matches::insert` does.
            most = most.max(cache.note_counting(&key, 100, false));
            drop(slot);
        }
        assert_eq!(cache.usage(), (100_000, 1_000));
        assert!(most <= 1, "looked at {most} entries for one eviction");
        // The slab reuses the places of evicted entries.
        let places = cache.inner.lock().map(|i| i.nodes.len()).unwrap_or(usize::MAX);
        assert!(places <= 1_001, "{places} places for 1,000 entries");
    }

    #[tokio::test]
    async fn held_entries_at_the_head_are_passed_over_once_and_kept() {
        let cache = Cache::<u32>::new(300);
        let mut held = Vec::new();
        for key in ["a", "b", "c"] {
            held.push(cache.slot(key).expect("slot"));
            cache.note(key, 100, false);
        }
        // Over budget with only held entries: nothing leaves, each is looked at once.
        let d = cache.slot("d").expect("slot");
        let looked = cache.note_counting("d", 100, false);
        assert_eq!(cache.usage(), (400, 4));
        assert_eq!(looked, 4, "one look at each of a, b, c and d");
        drop(held);
        drop(d);
        // Once released, the least recently used (after being passed over: a, b, c, then d) leaves.
        fill(&cache, "e", 100, false).await;
        assert_eq!(cache.usage(), (300, 3));
        assert_eq!(cache.eviction_order(), ["c", "d", "e"]);
    }

    #[tokio::test]
    async fn a_match_that_ends_moves_to_the_ended_list() {
        let cache = Cache::<u32>::new(1_000);
        fill(&cache, "a", 100, false).await;
        fill(&cache, "b", 100, false).await;
        fill(&cache, "c", 100, false).await;
        cache.note("b", 100, true);
        assert_eq!(cache.eviction_order(), ["b", "a", "c"]);
        // Using an ended match keeps it ended, at the newest end of the ended ones.
        fill(&cache, "a", 100, true).await;
        cache.slot("b").expect("slot");
        assert_eq!(cache.eviction_order(), ["a", "b", "c"]);
        cache.remove("a");
        assert_eq!(cache.eviction_order(), ["b", "c"]);
        assert_eq!(cache.usage(), (200, 2));
    }

    /// The policy, written as plainly as possible: the cache must evict exactly as it does.
    #[derive(Default)]
    struct Model {
        /// Oldest first: (key, bytes, ended).
        order: Vec<(String, usize, bool)>,
    }

    impl Model {
        fn touch(&mut self, key: &str) {
            match self.order.iter().position(|(k, _, _)| k == key) {
                Some(i) => {
                    let e = self.order.remove(i);
                    self.order.push(e);
                }
                None => self.order.push((key.to_string(), 0, false)),
            }
        }

        fn note(&mut self, key: &str, bytes: usize, ended: bool, held: &[String], budget: usize) {
            if let Some(i) = self.order.iter().position(|(k, _, _)| k == key) {
                let was = self.order[i].2;
                self.order[i].1 = bytes;
                self.order[i].2 = ended;
                if was != ended {
                    let e = self.order.remove(i);
                    self.order.push(e);
                }
            }
            for ended_list in [true, false] {
                let list: Vec<String> = self.order.iter().filter(|e| e.2 == ended_list).map(|e| e.0.clone()).collect();
                for key in list {
                    if self.order.iter().map(|e| e.1).sum::<usize>() <= budget {
                        return;
                    }
                    let i = self.order.iter().position(|(k, _, _)| *k == key).expect("listed");
                    let e = self.order.remove(i);
                    if held.contains(&key) {
                        self.order.push(e);
                    }
                }
            }
        }

        fn eviction_order(&self) -> Vec<String> {
            let ended = self.order.iter().filter(|e| e.2);
            let live = self.order.iter().filter(|e| !e.2);
            ended.chain(live).map(|e| e.0.clone()).collect()
        }
    }

    #[tokio::test]
    async fn it_evicts_as_the_plain_model_of_the_policy_does() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let budget = 1_000;
        let cache = Cache::<u32>::new(budget);
        let mut model = Model::default();
        let mut held: Vec<(String, Slot<u32>)> = Vec::new();
        for step in 0..5_000 {
            let key = format!("m{}", next(40));
            match next(10) {
                // A request takes a match and keeps it a while.
                0 | 1 => {
                    held.push((key.clone(), cache.slot(&key).expect("slot")));
                    model.touch(&key);
                }
                // A held one is released.
                2 if !held.is_empty() => {
                    held.remove(next(held.len() as u64) as usize);
                }
                // A match dropped (as after a failed rebuild, which holds it no more).
                3 if !held.iter().any(|(k, _)| *k == key) => {
                    cache.remove(&key);
                    model.order.retain(|(k, _, _)| *k != key);
                }
                // A request uses a match and says what it holds.
                _ => {
                    let slot = cache.slot(&key).expect("slot");
                    model.touch(&key);
                    let (bytes, ended) = (next(300) as usize, next(4) == 0);
                    let held_keys: Vec<String> = held.iter().map(|(k, _)| k.clone()).chain([key.clone()]).collect();
                    cache.note(&key, bytes, ended);
                    model.note(&key, bytes, ended, &held_keys, budget);
                    drop(slot);
                }
            }
            assert_eq!(cache.eviction_order(), model.eviction_order(), "step {step}");
            let total: usize = model.order.iter().map(|e| e.1).sum();
            assert_eq!(cache.usage(), (total, model.order.len()), "step {step}");
        }
    }

    #[tokio::test]
    async fn concurrent_first_requests_load_a_match_once() {
        let cache = Arc::new(Cache::<u32>::new(1 << 20));
        let loads = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let (cache, loads) = (cache.clone(), loads.clone());
            tasks.push(tokio::spawn(async move {
                let slot = cache.slot("m").expect("slot");
                let mut guard = slot.lock().await;
                if guard.is_none() {
                    loads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    tokio::task::yield_now().await;
                    *guard = Some(7);
                }
                guard.unwrap_or_default()
            }));
        }
        for t in tasks {
            assert_eq!(t.await.expect("task"), 7);
        }
        assert_eq!(loads.load(std::sync::atomic::Ordering::SeqCst), 1);
    }
}
