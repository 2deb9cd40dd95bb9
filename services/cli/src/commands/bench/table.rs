//! The figures as the table `arbiter bench` prints.

use super::*;

/// "caught up 2.1 s after" or "not caught up after 30 s (N versions not shown)".
pub(super) fn caught_up_text(f: &FeedFigures) -> String {
    match f.caught_up_after_s {
        Some(s) => format!("caught up {s:.1} s after"),
        None => format!("not caught up after {} s ({} versions not shown)", feed::CATCH_UP_AT_MOST.as_secs(), f.not_shown_after_wait),
    }
}

pub(super) fn print_table(r: &BenchReport) {
    println!();
    let load = |l: Option<f64>| l.map(|l| format!("{l:.1}")).unwrap_or_else(|| "?".into());
    println!(
        "arbiter bench · {} cores (load average {} → {}) · {}{} · {}s per phase · raw = conditional appends of {} B",
        r.cores,
        load(r.load_average_start),
        load(r.load_average_end),
        if r.own_system { "own system (arbiter up in a temp dir)" } else { "running system" },
        if r.signed_seats { " · seat-signed decisions" } else { "" },
        r.duration_s,
        r.raw_message_bytes
    );
    println!();
    println!(
        "{:>7} {:>10} {:>9} {:>9} {:>9} {:>8} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10}",
        "matches", "ruleset", "commits/s", "raw ap/s", "ratio", "sub p50", "sub p99", "raw p50", "raw p99", "p99 ×", "calls/dec", "errors"
    );
    for l in &r.loads {
        println!(
            "{:>7} {:>10} {:>9.0} {:>9.0} {:>9.3} {:>8.2} {:>9.2} {:>9.2} {:>9.2} {:>8.1} {:>9.2} {:>10}",
            l.matches,
            l.ruleset,
            l.arbiter.commits_per_s,
            l.raw.appends_per_s,
            l.ratios.commits_per_raw_append,
            l.arbiter.submit.p50_ms,
            l.arbiter.submit.p99_ms,
            l.raw.append.p50_ms,
            l.raw.append.p99_ms,
            l.ratios.submit_p99_per_raw_p99,
            l.arbiter.calls_per_decision,
            l.arbiter.errors + l.raw.errors,
        );
    }
    println!("(latencies in ms; ratio = commits/s ÷ raw appends/s; p99 × = SubmitDecision p99 ÷ raw append p99)");
    println!();
    for l in &r.loads {
        print!(
            "load {:>4}: {} matches started, {} finished, {} decisions",
            l.matches, l.arbiter.matches_started, l.arbiter.matches_finished, l.arbiter.decisions
        );
        if let Some(m) = &l.memory {
            print!(
                " · orchestrator RSS {:.1} → {:.1} MB ({:.0} kB per match)",
                m.orchestrator_rss_before_bytes as f64 / 1e6,
                m.orchestrator_rss_after_bytes as f64 / 1e6,
                m.bytes_per_match / 1e3
            );
        }
        println!();
        let s = &l.store;
        println!(
            "           stored: {} commits, log {:.1} kB ({:.0} B per commit, {:.1} kB per match) · snapshots {:.1} kB · index {:.1} kB",
            s.commits,
            s.log_bytes as f64 / 1e3,
            s.log_bytes_per_commit,
            s.log_bytes_per_match / 1e3,
            s.snapshot_bytes as f64 / 1e3,
            s.index_bytes as f64 / 1e3
        );
        let (one, more) = (&l.arbiter.submit_decision_only, &l.arbiter.submit_with_more_commits);
        println!(
            "           SubmitDecision: {} with one commit p50 {:.2} ms p99 {:.2} ms · {} followed by draws or the end p50 {:.2} ms p99 {:.2} ms",
            one.count, one.p50_ms, one.p99_ms, more.count, more.p50_ms, more.p99_ms
        );
        if let Some(b) = &l.rebuild {
            println!(
                "           rebuild: GetMatch at version {} {:.1} ms ({:.0} µs/version) vs raw read {:.2} ms = {:.1}×",
                b.version, b.get_match_ms, b.get_match_us_per_version, b.raw_read_ms, b.get_match_per_raw_read
            );
        }
        match &l.rss {
            Some(rss) => {
                print!("           rss MB before → after:");
                for (name, short) in PROCESSES {
                    if let Some(p) = rss.get(name) {
                        print!(" {short} {:.1} → {:.1}", p.before_bytes as f64 / 1e6, p.after_bytes as f64 / 1e6);
                    }
                }
                println!();
            }
            None => println!("           rss of every service and feed lag: not available (--orchestrator: the bench did not start the system)"),
        }
        if let Some(c) = &l.cpu {
            print!("           CPU µs per commit:");
            for (name, short) in PROCESSES.iter().copied().chain([("bench", "bench")]) {
                if let Some(us) = c.arbiter_us_per_commit.get(name) {
                    print!(" {short} {us:.0}");
                }
            }
            println!(
                " = {:.0} · per raw append {:.1} (nats {:.1}) · cpu-bound ratio {:.3} · NATS: {:.1} raw appends' work per commit, ceiling {:.3} with free services",
                c.arbiter_total_us_per_commit,
                c.raw_total_us_per_append,
                c.raw_us_per_append.get("nats").copied().unwrap_or(0.0),
                c.cpu_bound_ratio,
                c.nats_raw_appends_per_commit,
                c.ceiling_with_free_services
            );
        }
        if let Some(f) = &l.feed {
            println!(
                "           feed ({}): {} updates, lag p50 {:.1} ms p99 {:.1} ms max {:.1} ms ({} timed, {} before the reply) · {} of {} versions behind at the end of the load, {}",
                f.user,
                f.updates_seen,
                f.lag.p50_ms,
                f.lag.p99_ms,
                f.lag.max_ms,
                f.lag.count,
                f.before_reply,
                f.backlog_at_end,
                f.versions_committed,
                caught_up_text(f)
            );
            if f.updates_missed > 0 {
                println!("           feed: {} versions never received (slow subscription?)", f.updates_missed);
            }
            if let Some(e) = &f.first_error {
                println!("           feed error: {e}");
            }
        }
        if let Some(w) = &l.watchers {
            println!(
                "           watchers: {} WatchMatch calls, {} updates, {} versions missed, delivery p50 {:.2} ms p99 {:.2} ms, {} errors ({} INTERNAL)",
                w.watch_calls, w.updates_received, w.versions_missed, w.delivery.p50_ms, w.delivery.p99_ms, w.errors, w.internal_errors
            );
            if let Some(e) = &w.first_error {
                println!("           first watcher error: {e}");
            }
        }
        if let Some(e) = &l.arbiter.first_error {
            println!("           first error: {e}");
        }
    }
    if r.nats_nodes > 1 {
        let leaders: Vec<String> = r.log_leaders.iter().map(|l| format!("{} on {}", l.stream, l.leader.as_deref().unwrap_or("no leader"))).collect();
        println!("JetStream cluster of {} nodes on this machine · log stream leaders: {}", r.nats_nodes, leaders.join(", "));
    }
    if let Some(x) = &r.restart {
        println!();
        println!(
            "after an orchestrator restart: connection {:.1} ms · first GetMatch on {} (version {}) {:.1} ms vs raw read {:.2} ms · the same again {:.1} ms",
            x.connect_ms, x.match_id, x.version, x.first_request_ms, x.raw_read_ms, x.again_ms
        );
        if let Some(o) = &x.other {
            println!("  first GetMatch on another old match, {} (version {}): {:.1} ms", o.match_id, o.version, o.first_request_ms);
        }
    }
}
