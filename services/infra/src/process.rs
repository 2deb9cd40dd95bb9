//! Figures of a process and of the machine, read from Linux's `/proc` (`None` elsewhere or when
//! a file cannot be read): what the metrics endpoint exports and what the bench measures.

use std::time::Duration;

/// What `/proc/<pid>/stat` says about a process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stat {
    /// User and system CPU time of every thread, in clock ticks.
    pub cpu_ticks: u64,
    pub threads: u64,
    /// When it started, in clock ticks after boot.
    pub start_ticks: u64,
    pub virtual_bytes: u64,
    pub rss_pages: u64,
}

impl Stat {
    /// Parse one `stat` line. The command name (field 2) is in parentheses and may hold spaces
    /// and parentheses, so fields are counted after its last `)`, where field 3 comes first.
    pub fn parse(line: &str) -> Option<Stat> {
        let rest = line.get(line.rfind(')')? + 1..)?;
        let f: Vec<u64> = rest.split_whitespace().map(|v| v.parse().unwrap_or(0)).collect();
        // Fields 14 utime, 15 stime, 20 num_threads, 22 starttime, 23 vsize, 24 rss (1-based).
        let at = |field: usize| f.get(field - 3).copied();
        Some(Stat { cpu_ticks: at(14)? + at(15)?, threads: at(20)?, start_ticks: at(22)?, virtual_bytes: at(23)?, rss_pages: at(24)? })
    }

    /// The stat of process `pid` (`"self"` for this one).
    pub fn read(pid: &str) -> Option<Stat> {
        Stat::parse(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
    }

    pub fn cpu(&self) -> Duration {
        ticks(self.cpu_ticks)
    }
}

/// The clock-tick rate `/proc` counts CPU times in (USER_HZ, 100 on Linux).
pub fn ticks_per_second() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads a system constant.
        let per_s = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        if per_s > 0 {
            return per_s as u64;
        }
    }
    100
}

/// `n` clock ticks as a duration.
pub fn ticks(n: u64) -> Duration {
    let per_s = ticks_per_second();
    Duration::from_secs(n / per_s) + Duration::from_nanos((n % per_s) * 1_000_000_000 / per_s)
}

/// The size of a memory page, in bytes.
pub fn page_bytes() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads a system constant.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if page > 0 {
            return page as u64;
        }
    }
    4096
}

/// The CPU time (user + system, every thread) process `pid` has used.
pub fn cpu(pid: u32) -> Option<Duration> {
    Stat::read(&pid.to_string()).map(|s| s.cpu())
}

/// The resident memory (VmRSS) of process `pid`, in bytes.
pub fn rss_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The machine's 1-minute load average.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg").ok()?.split_whitespace().next()?.parse().ok()
}

/// The machine's busy and total CPU time since boot, in clock ticks, from the first line of
/// `/proc/stat`.
pub fn machine_cpu_ticks() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<u64> = stat.lines().next()?.split_whitespace().skip(1).filter_map(|f| f.parse().ok()).collect();
    // user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
    let idle = fields.get(3)? + fields.get(4).copied().unwrap_or(0);
    let total: u64 = fields.iter().take(8).sum();
    Some((total.saturating_sub(idle), total))
}

/// When the machine booted, in seconds since the Unix epoch.
pub fn boot_time_seconds() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    stat.lines().find_map(|l| l.strip_prefix("btime ").and_then(|v| v.trim().parse().ok()))
}

/// How many files this process has open.
pub fn open_files() -> Option<u64> {
    std::fs::read_dir("/proc/self/fd").ok().map(|d| d.count() as u64)
}

/// The most files this process may open (its soft limit).
pub fn max_open_files() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    limits.lines().find(|l| l.starts_with("Max open files"))?.split_whitespace().nth(3)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_is_read_after_the_command_name_even_with_spaces_and_parentheses() {
        let line = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 7 0 12345 104857600 2560 18446744073709551615";
        let s = Stat::parse(line).expect("parses");
        assert_eq!(s, Stat { cpu_ticks: 300, threads: 7, start_ticks: 12345, virtual_bytes: 104_857_600, rss_pages: 2560 });
        assert_eq!(Stat::parse("garbage"), None);
        assert_eq!(Stat::parse("1 (short) S 1"), None);
    }

    #[test]
    fn ticks_become_durations_without_losing_the_fraction() {
        let per_s = ticks_per_second();
        assert_eq!(ticks(per_s * 3), Duration::from_secs(3));
        assert!(ticks(per_s + 1) > Duration::from_secs(1));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_figures() {
        let me = std::process::id();
        assert!(rss_bytes(me).is_some_and(|b| b > 0));
        assert!(Stat::read("self").is_some_and(|s| s.threads >= 1 && s.rss_pages > 0));
        assert!(cpu(me).is_some());
        assert!(open_files().is_some_and(|n| n > 0));
        let (busy, total) = machine_cpu_ticks().expect("/proc/stat");
        assert!(busy <= total);
    }
}
