//! The match cache's byte budget is only as good as `MatchRecord::approx_bytes`, which counts
//! rather than measures. This test measures: it folds the golden logs of every ruleset into
//! records under a counting allocator and checks the count against the heap bytes actually
//! requested. A test binary of its own, because the allocator is process-wide.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use api::log_v1::Commit;
use orchestrator::record::MatchRecord;
use prost::Message;
use sha2::{Digest, Sha256};

/// The system allocator, counting the bytes live on the heap (as requested, before the
/// allocator's own rounding).
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size as isize - layout.size() as isize, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The commits of a golden export (`tests/golden/`), decoded from their stored bytes.
fn golden_commits(name: &str) -> anyhow::Result<Vec<(Commit, [u8; 32])>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden").join(name);
    let export: serde_json::Value = serde_json::from_slice(&std::fs::read(&path)?)?;
    let commits = export["commits"].as_array().ok_or_else(|| anyhow::anyhow!("{name}: no commits"))?;
    commits
        .iter()
        .map(|c| {
            let stored = hex::decode(c["stored"].as_str().ok_or_else(|| anyhow::anyhow!("{name}: a commit without stored bytes"))?)?;
            let hash: [u8; 32] = Sha256::digest(&stored).into();
            Ok((Commit::decode(stored.as_slice())?, hash))
        })
        .collect()
}

/// Heap bytes a record built from `commits` really holds, and what it says it holds. Its rules
/// state stays empty here (no rules service): `approx_bytes` counts that blob by its capacity,
/// exactly, so only the rest is in question.
fn measured_and_counted(commits: &[(Commit, [u8; 32])]) -> anyhow::Result<(usize, usize)> {
    let before = LIVE.load(Ordering::SeqCst);
    let mut record = MatchRecord::empty("sim0000000000000001");
    for (sequence, (commit, hash)) in commits.iter().enumerate() {
        record.absorb(commit, None, sequence as u64 + 1, *hash)?;
    }
    let heap = usize::try_from(LIVE.load(Ordering::SeqCst) - before)?;
    let measured = heap + std::mem::size_of::<MatchRecord>();
    let counted = record.approx_bytes();
    // Counted again from scratch (a record restored from a snapshot) must agree. (On a clone:
    // its vectors have no spare capacity, so its own count is the one to compare with.)
    let mut recounted = record.clone();
    let absorbed = recounted.approx_bytes();
    recounted.recount();
    assert_eq!(recounted.approx_bytes(), absorbed, "recount() and absorb() count differently");
    drop(record);
    Ok((measured, counted))
}

#[test]
fn a_records_counted_bytes_are_within_a_tenth_of_its_measured_heap_in_every_ruleset() -> anyhow::Result<()> {
    let mut report = Vec::new();
    for name in [
        "mainframe-2p-seed1.arbiter-export.json",
        "mainframe-4p-seed3.arbiter-export.json",
        "netrunner-2p-seed1.arbiter-export.json",
        "netrunner-2p-seed4.arbiter-export.json",
        "neonhope-3p-seed2.arbiter-export.json",
    ] {
        let commits = golden_commits(name)?;
        let (measured, counted) = measured_and_counted(&commits)?;
        let ratio = counted as f64 / measured as f64;
        report.push(format!("{name}: {} commits, measured {measured} B, counted {counted} B ({ratio:.2})", commits.len()));
        assert!(
            (0.9..=1.1).contains(&ratio),
            "{name}: counted {counted} B for a record whose heap is {measured} B (ratio {ratio:.2}): the cache's byte \
             budget would be off by as much\n{}",
            report.join("\n")
        );
    }
    println!("{}", report.join("\n"));
    Ok(())
}
