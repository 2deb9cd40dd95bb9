//! The orchestrator's match cache: a least-recently-used map with a byte budget and single-flight
//! loading.
//!
//! Any match may leave the cache at any time: the log has everything, and the next request
//! rebuilds it. Each slot is created empty and filled by the first request that locks it, so
//! concurrent first requests on one match wait for that one rebuild instead of each doing their
//! own. Sizes are approximate (what a record says it holds), updated whenever a request touches
//! a match; ended matches go first when the budget is exceeded, then the least recently used.
//! A slot some request holds or waits for is never evicted.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex as StdMutex};

use tokio::sync::Mutex;

/// The default byte budget of the match cache (`--cache-bytes`).
pub const DEFAULT_CACHE_BYTES: usize = 256 * 1024 * 1024;

/// One cached match: empty until its first request fills it.
pub type Slot<V> = Arc<Mutex<Option<V>>>;

struct Entry<V> {
    slot: Slot<V>,
    bytes: usize,
    ended: bool,
    /// Position in `Inner::order`.
    tick: u64,
}

struct Inner<V> {
    entries: HashMap<String, Entry<V>>,
    /// Tick of last use → key, oldest first.
    order: BTreeMap<u64, String>,
    next_tick: u64,
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

impl<V> Cache<V> {
    pub fn new(budget: usize) -> Self {
        Cache { inner: StdMutex::new(Inner { entries: HashMap::new(), order: BTreeMap::new(), next_tick: 0, bytes: 0 }), budget }
    }

    /// The slot of `key`, created empty if there is none; marks it used.
    pub fn slot(&self, key: &str) -> Result<Slot<V>, Poisoned> {
        let mut inner = self.inner.lock().map_err(|_| Poisoned)?;
        let tick = inner.next_tick;
        inner.next_tick += 1;
        let inner = &mut *inner;
        let slot = match inner.entries.get_mut(key) {
            Some(e) => {
                inner.order.remove(&e.tick);
                e.tick = tick;
                e.slot.clone()
            }
            None => {
                let slot: Slot<V> = Arc::new(Mutex::new(None));
                inner.entries.insert(key.to_string(), Entry { slot: slot.clone(), bytes: 0, ended: false, tick });
                slot
            }
        };
        inner.order.insert(tick, key.to_string());
        Ok(slot)
    }

    /// Record what `key` now holds (approximately), then evict down to the budget.
    pub fn note(&self, key: &str, bytes: usize, ended: bool) {
        let Ok(mut inner) = self.inner.lock() else { return };
        let inner = &mut *inner;
        if let Some(e) = inner.entries.get_mut(key) {
            inner.bytes = inner.bytes.saturating_sub(e.bytes).saturating_add(bytes);
            e.bytes = bytes;
            e.ended = ended;
        }
        Self::evict(inner, self.budget);
        if telemetry::metrics::enabled() {
            telemetry::metrics::CACHE_BYTES.set(&[], inner.bytes as f64);
            telemetry::metrics::CACHE_MATCHES.set(&[], inner.entries.len() as f64);
        }
    }

    /// Drop `key` (its next request rebuilds it).
    pub fn remove(&self, key: &str) {
        let Ok(mut inner) = self.inner.lock() else { return };
        Self::remove_locked(&mut inner, key);
    }

    fn remove_locked(inner: &mut Inner<V>, key: &str) {
        if let Some(e) = inner.entries.remove(key) {
            inner.order.remove(&e.tick);
            inner.bytes = inner.bytes.saturating_sub(e.bytes);
        }
    }

    /// Evict idle entries, ended matches first, then the least recently used, until the total
    /// is within the budget (or nothing idle is left).
    fn evict(inner: &mut Inner<V>, budget: usize) {
        for ended_only in [true, false] {
            if inner.bytes <= budget {
                return;
            }
            let victims: Vec<String> = inner
                .order
                .values()
                .filter(|k| inner.entries.get(*k).is_some_and(|e| (!ended_only || e.ended) && Arc::strong_count(&e.slot) == 1))
                .cloned()
                .collect();
            for key in victims {
                if inner.bytes <= budget {
                    return;
                }
                Self::remove_locked(inner, &key);
                telemetry::metrics::CACHE_EVICTIONS.inc(&[]);
            }
        }
    }

    /// Total approximate bytes held, and the number of matches.
    pub fn usage(&self) -> (usize, usize) {
        self.inner.lock().map(|i| (i.bytes, i.entries.len())).unwrap_or((0, 0))
    }

    pub fn contains(&self, key: &str) -> bool {
        self.inner.lock().map(|i| i.entries.contains_key(key)).unwrap_or(false)
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
