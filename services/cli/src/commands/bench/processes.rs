//! The processes of the system under load: their memory and CPU time (from `/proc`, through
//! `infra::process`), the progress line, and waiting for the machine to settle between phases.

use super::*;

/// The processes of the system the bench starts, in the order of the progress line, with
/// their short names there.
pub(super) const PROCESSES: [(&str, &str); 5] = [("orchestrator", "orch"), ("rules", "rules"), ("randomness", "rand"), ("feed", "feed"), ("nats", "nats")];

/// `VmRSS` of each process, by name (a process that is gone is left out).
/// Processes listed under one name (the randomness nodes of `--randomness-nodes`) are added up.
pub(super) fn rss_all(processes: &[(&'static str, u32)]) -> BTreeMap<&'static str, u64> {
    let mut all = BTreeMap::new();
    for (name, bytes) in processes.iter().filter_map(|(name, pid)| Some((*name, process::rss_bytes(*pid)?))) {
        *all.entry(name).or_default() += bytes;
    }
    all
}

/// `rss MB orch 80 rules 20 rand 15 feed 30 nats 60` for the progress line ("" without processes).
pub(super) fn rss_line(processes: &[(&'static str, u32)]) -> String {
    if processes.is_empty() {
        return String::new();
    }
    let rss = rss_all(processes);
    let mut line = String::from(" · rss MB");
    for (name, short) in PROCESSES {
        if processes.iter().any(|(n, _)| *n == name) {
            match rss.get(name) {
                Some(b) => line.push_str(&format!(" {short} {:.0}", *b as f64 / 1e6)),
                None => line.push_str(&format!(" {short} ?")),
            }
        }
    }
    line
}

/// The CPU time of each process of the system and of the bench itself (`bench`), by name.
/// Processes listed under one name (the randomness nodes) are added up.
pub(super) fn cpu_all(processes: &[(&'static str, u32)]) -> BTreeMap<&'static str, Duration> {
    let mut all = BTreeMap::new();
    let readings = processes.iter().copied().chain([("bench", std::process::id())]).filter_map(|(name, pid)| Some((name, process::cpu(pid)?)));
    for (name, cpu) in readings {
        *all.entry(name).or_default() += cpu;
    }
    all
}

/// µs of CPU per unit of work of each process between two readings, only the named processes.
pub(super) fn cpu_per(before: &BTreeMap<&'static str, Duration>, after: &BTreeMap<&'static str, Duration>, names: &[&str], work: u64) -> BTreeMap<String, f64> {
    names
        .iter()
        .filter_map(|name| {
            let used = after.get(name)?.saturating_sub(*before.get(name)?);
            Some((name.to_string(), ratio(used.as_secs_f64() * 1e6, work as f64)))
        })
        .collect()
}

/// The CPU figures of a load from the readings around its raw and its Arbiter phase.
pub(super) fn cpu_figures(
    raw: [&BTreeMap<&'static str, Duration>; 2],
    raw_appends: u64,
    arbiter: [&BTreeMap<&'static str, Duration>; 2],
    commits: u64,
) -> CpuFigures {
    let raw_us_per_append = cpu_per(raw[0], raw[1], &["nats", "bench"], raw_appends);
    let every: Vec<&str> = PROCESSES.iter().map(|(name, _)| *name).chain(["bench"]).collect();
    let arbiter_us_per_commit = cpu_per(arbiter[0], arbiter[1], &every, commits);
    let raw_total_us_per_append = raw_us_per_append.values().sum();
    let arbiter_total_us_per_commit = arbiter_us_per_commit.values().sum();
    let nats = |m: &BTreeMap<String, f64>| m.get("nats").copied().unwrap_or(0.0);
    CpuFigures {
        cpu_bound_ratio: ratio(raw_total_us_per_append, arbiter_total_us_per_commit),
        nats_raw_appends_per_commit: ratio(nats(&arbiter_us_per_commit), nats(&raw_us_per_append)),
        ceiling_with_free_services: ratio(raw_total_us_per_append, nats(&arbiter_us_per_commit)),
        raw_us_per_append,
        arbiter_us_per_commit,
        raw_total_us_per_append,
        arbiter_total_us_per_commit,
    }
}

/// The machine counts as settled below this share of its CPU busy.
pub(super) const SETTLED_BUSY: f64 = 0.35;

/// Never wait longer than this for the machine to settle.
pub(super) const SETTLE_AT_MOST: Duration = Duration::from_secs(30);

/// Wait until the work a load left behind (the feed catching up, snapshots, consumers being
/// deleted) is done, so that it is not measured as part of the next phase: until less than
/// [`SETTLED_BUSY`] of the CPU is busy over a quarter of a second, for at most
/// [`SETTLE_AT_MOST`]. Other work on the machine counts too: the wait then ends at the limit.
pub(super) async fn settle() {
    let started = Instant::now();
    let mut told = false;
    while started.elapsed() < SETTLE_AT_MOST {
        let Some((busy0, total0)) = process::machine_cpu_ticks() else { return };
        tokio::time::sleep(Duration::from_millis(250)).await;
        let Some((busy1, total1)) = process::machine_cpu_ticks() else { return };
        let share = ratio(busy1.saturating_sub(busy0) as f64, total1.saturating_sub(total0) as f64);
        if share < SETTLED_BUSY {
            if told {
                progress(&format!("settled after {:.1} s", started.elapsed().as_secs_f64()));
            }
            return;
        }
        if !told && started.elapsed() > Duration::from_secs(1) {
            progress(&format!("waiting for the system to settle ({:.0}% of the CPU busy)", share * 100.0));
            told = true;
        }
    }
    progress("the system did not settle within 30 s (other work on the machine?); going on");
}

/// A line a second on stderr while a load runs: `what`, the time, `count()` and its rate per
/// second, `extra()`, and the resident memory of the processes measured.
pub(super) fn spawn_progress(
    what: String,
    started: Instant,
    duration: f64,
    processes: Vec<(&'static str, u32)>,
    count: impl Fn() -> u64 + Send + 'static,
    extra: impl Fn() -> String + Send + 'static,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.tick().await;
        loop {
            tick.tick().await;
            let t = started.elapsed().as_secs_f64();
            let c = count();
            progress(&format!("{what} {t:.0}/{duration:.0}s · {c} ({:.0}/s){}{}", c as f64 / t, extra(), rss_line(&processes)));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_time_of_a_process_is_read_from_proc() {
        let me = std::process::id();
        let before = process::cpu(me).expect("/proc/self/stat is readable");
        // Spin until the kernel has counted at least one more tick (bounded in time, so a
        // starved machine ends the loop too, and then fails with what it read).
        let started = Instant::now();
        let mut after = before;
        while after <= before && started.elapsed() < Duration::from_secs(20) {
            std::hint::black_box((0..100_000u64).fold(0u64, |a, b| a.wrapping_mul(31).wrapping_add(b)));
            after = process::cpu(me).expect("readable");
        }
        assert!(after > before, "{before:?} then {after:?}");
        assert!(cpu_all(&[]).contains_key("bench"), "the bench's own CPU is always read");
        assert_eq!(process::cpu(u32::MAX), None, "a process that is not there");
    }

    #[test]
    fn cpu_figures_divide_each_process_by_the_work_done() {
        let s = Duration::from_millis;
        let raw0 = BTreeMap::from([("nats", s(1_000)), ("bench", s(500)), ("orchestrator", s(7))]);
        let raw1 = BTreeMap::from([("nats", s(1_300)), ("bench", s(600)), ("orchestrator", s(9))]);
        let arb0 = BTreeMap::from([("nats", s(0)), ("orchestrator", s(0)), ("rules", s(0)), ("bench", s(0))]);
        let arb1 = BTreeMap::from([("nats", s(200)), ("orchestrator", s(300)), ("rules", s(100)), ("bench", s(400))]);
        // 10,000 raw appends, 1,000 commits.
        let c = cpu_figures([&raw0, &raw1], 10_000, [&arb0, &arb1], 1_000);
        assert_eq!(c.raw_us_per_append, BTreeMap::from([("bench".to_string(), 10.0), ("nats".to_string(), 30.0)]), "only NATS and the bench in the raw phase");
        assert_eq!(c.arbiter_us_per_commit.get("orchestrator"), Some(&300.0));
        assert_eq!(c.arbiter_us_per_commit.get("feed"), None, "a process not read is left out");
        assert_eq!(c.raw_total_us_per_append, 40.0);
        assert_eq!(c.arbiter_total_us_per_commit, 1_000.0);
        assert_eq!(c.cpu_bound_ratio, 0.04);
        assert!((c.nats_raw_appends_per_commit - 200.0 / 30.0).abs() < 1e-9);
        assert_eq!(c.ceiling_with_free_services, 0.2, "40 µs of a raw append over NATS's 200 µs of a commit");
    }
}
