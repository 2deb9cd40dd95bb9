//! What the match cache's eviction costs per request once the cache is over its budget
//! (issue 37, docs/performance.md "The match cache's eviction"): N matches created one after
//! another as `CreateMatch` does (each slotted, and noted while its request holds it), each
//! followed by a commit on one of the 64 most recent matches (the live ones), with the default
//! budget and a size per match like a new two-seat mainframe match's. Prints, per N, the mean
//! time of one request's `slot` + `note` over the whole run and over its last tenth (where the
//! cache has long been full), and the cache's final use.
//!
//! ```sh
//! cargo run --release -p orchestrator --example cache_eviction -- 100000 1000000
//! ```
//!
//! Flags: `--bytes B` per match (3,440: 256 MiB filled at about 78,000 matches, as the match
//! index's measurements found), `--budget B` (the default `--cache-bytes`), `--max-seconds S`
//! (stop a run that takes longer, printing how far it got; 600).

use std::time::{Duration, Instant};

use orchestrator::cache::{Cache, DEFAULT_CACHE_BYTES};

fn main() -> anyhow::Result<()> {
    let (mut sizes, mut bytes, mut budget, mut max) = (Vec::new(), 3_440usize, DEFAULT_CACHE_BYTES, Duration::from_secs(600));
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or_else(|| anyhow::anyhow!("{a} needs a value"));
        match a.as_str() {
            "--bytes" => bytes = value()?.parse()?,
            "--budget" => budget = value()?.parse()?,
            "--max-seconds" => max = Duration::from_secs(value()?.parse()?),
            n => sizes.push(n.parse::<usize>()?),
        }
    }
    if sizes.is_empty() {
        sizes = vec![100_000, 1_000_000];
    }
    println!("budget {budget} bytes, {bytes} bytes per match (full at {} matches)", budget / bytes.max(1));
    for n in sizes {
        run(n, bytes, budget, max);
    }
    Ok(())
}

fn run(n: usize, bytes: usize, budget: usize, max: Duration) {
    let cache = Cache::<u32>::new(budget);
    let started = Instant::now();
    let tail_from = n - n / 10;
    let mut tail_started = started;
    let mut done = 0;
    for i in 0..n {
        if i == tail_from {
            tail_started = Instant::now();
        }
        let key = format!("match-{i:08}");
        let slot = cache.slot(&key).ok();
        cache.note(&key, bytes, false);
        drop(slot);
        // A commit on a live match: used again, a little bigger.
        let live = format!("match-{:08}", i - (i * 7919) % 64.min(i + 1));
        let slot = cache.slot(&live).ok();
        cache.note(&live, bytes + 64, false);
        drop(slot);
        done = i + 1;
        if done % 1024 == 0 && started.elapsed() > max {
            break;
        }
    }
    let all = started.elapsed();
    let per = |d: Duration, requests: usize| d.as_secs_f64() * 1e9 / requests.max(1) as f64;
    let (used, matches) = cache.usage();
    let tail = if done == n { format!("{:.0} ns", per(tail_started.elapsed(), 2 * (n - tail_from))) } else { "-".into() };
    println!(
        "{n} matches: {} created in {:.2} s; per request (slot + note) {:.0} ns overall, {tail} over the last tenth; cache {used} bytes, {matches} matches{}",
        done,
        all.as_secs_f64(),
        per(all, 2 * done),
        if done < n { format!(" (stopped after {max:?})") } else { String::new() }
    );
}
