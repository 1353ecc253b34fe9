//! Reading a process's memory and CPU time from `/proc` (Linux).

use crate::BenchError;
use serde::Serialize;
use std::time::Duration;

/// `USER_HZ`: the unit of `utime`/`stime` in `/proc/PID/stat`. It is 100 on every Linux
/// architecture that matters (the kernel ABI fixes it, whatever `CONFIG_HZ` is).
pub const USER_HZ: u64 = 100;

/// Resident memory of a process, in KiB.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Memory {
    /// `VmRSS`: resident now.
    pub rss_kib: u64,
    /// `VmHWM`: peak resident so far.
    pub hwm_kib: u64,
}

/// Parse `VmRSS` and `VmHWM` out of the text of `/proc/PID/status`.
pub fn parse_status(text: &str) -> Option<Memory> {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
    };
    Some(Memory {
        rss_kib: field("VmRSS:")?,
        hwm_kib: field("VmHWM:")?,
    })
}

/// Parse `utime + stime` (clock ticks, all threads) out of the text of `/proc/PID/stat`.
pub fn parse_stat_ticks(text: &str) -> Option<u64> {
    parse_stat_times(text).map(|(utime, stime)| utime + stime)
}

/// Parse `utime` and `stime` (clock ticks, all threads: in user space, and in the kernel on the
/// process's behalf) out of the text of `/proc/PID/stat`.
pub fn parse_stat_times(text: &str) -> Option<(u64, u64)> {
    // The command name (field 2) is in parentheses and may contain spaces: split after the
    // last ')'. Then the fields are: 3 state, 4 ppid, … 14 utime, 15 stime.
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some((utime, stime))
}

/// Parse `syscw` (the `write`-family system calls made so far: `write`, `writev`, `pwrite`...)
/// out of the text of `/proc/PID/io`.
pub fn parse_io_writes(text: &str) -> Option<u64> {
    text.lines()
        .find_map(|line| line.strip_prefix("syscw:"))
        .and_then(|n| n.trim().parse().ok())
}

/// The `write`-family system calls process `pid` (or `"self"`) has made so far, every thread;
/// `None` when `/proc/PID/io` cannot be read (another user's process, a kernel without task I/O
/// accounting): the figure is then not reported.
pub fn write_calls(pid: &str) -> Option<u64> {
    parse_io_writes(&std::fs::read_to_string(format!("/proc/{pid}/io")).ok()?)
}

/// The memory of process `pid`.
pub fn memory(pid: u32) -> Result<Memory, BenchError> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    parse_status(&text)
        .ok_or_else(|| BenchError::new(format!("no VmRSS/VmHWM in /proc/{pid}/status")))
}

/// The CPU time (user + system, every thread) process `pid` has used so far; `"self"` works too.
pub fn cpu_time(pid: &str) -> Result<Duration, BenchError> {
    let (user, system) = cpu_times(pid)?;
    Ok(user + system)
}

/// The CPU time (every thread) process `pid` has used so far, in user space and in the kernel.
pub fn cpu_times(pid: &str) -> Result<(Duration, Duration), BenchError> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    let (utime, stime) = parse_stat_times(&text)
        .ok_or_else(|| BenchError::new(format!("cannot parse /proc/{pid}/stat")))?;
    let ticks = |t: u64| Duration::from_millis(t * 1000 / USER_HZ);
    Ok((ticks(utime), ticks(stime)))
}

/// The CPU time used so far by the threads of process `pid` (or `"self"`) whose name starts with
/// `prefix` (names are as in `/proc/PID/task/TID/comm`, at most 15 bytes).
pub fn threads_cpu_time(pid: &str, prefix: &str) -> Result<Duration, BenchError> {
    let mut ticks = 0;
    for entry in std::fs::read_dir(format!("/proc/{pid}/task"))? {
        let path = entry?.path().join("stat");
        // A thread may exit between listing and reading: skip it.
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = text
            .find('(')
            .zip(text.rfind(')'))
            .and_then(|(a, b)| text.get(a + 1..b))
            .unwrap_or_default();
        if name.starts_with(prefix) {
            ticks += parse_stat_ticks(&text).unwrap_or(0);
        }
    }
    Ok(Duration::from_millis(ticks * 1000 / USER_HZ))
}

/// Parse the time spent waiting on a run queue (ns, the second field) out of the text of
/// `/proc/PID/task/TID/schedstat`.
pub fn parse_schedstat_wait(text: &str) -> Option<u64> {
    text.split_whitespace().nth(1)?.parse().ok()
}

/// The time the threads of process `pid` have spent runnable but waiting for a CPU: how much a
/// busy machine held it back (`schedstat`'s run delay; every thread, summed).
pub fn run_queue_wait(pid: &str) -> Result<Duration, BenchError> {
    let mut ns = 0;
    for entry in std::fs::read_dir(format!("/proc/{pid}/task"))? {
        // A thread may exit between listing and reading: skip it.
        if let Ok(text) = std::fs::read_to_string(entry?.path().join("schedstat")) {
            ns += parse_schedstat_wait(&text).unwrap_or(0);
        }
    }
    Ok(Duration::from_nanos(ns))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_fields() {
        let text =
            "Name:\tclinic-mcp\nVmPeak:\t  10000 kB\nVmHWM:\t    4321 kB\nVmRSS:\t    4000 kB\n";
        assert_eq!(
            parse_status(text),
            Some(Memory {
                rss_kib: 4000,
                hwm_kib: 4321
            })
        );
        assert_eq!(parse_status("Name:\tx\n"), None);
    }

    #[test]
    fn stat_ticks_with_spaces_in_name() {
        let text =
            "1234 (my (odd) name) S 1 1234 1234 0 -1 4194560 100 0 0 0 17 5 0 0 20 0 3 0 99 0 0";
        assert_eq!(parse_stat_ticks(text), Some(22));
        assert_eq!(parse_stat_times(text), Some((17, 5)));
    }

    #[test]
    fn schedstat_wait() {
        assert_eq!(
            parse_schedstat_wait("226464646 37205624 1006\n"),
            Some(37_205_624)
        );
        assert_eq!(parse_schedstat_wait("226464646\n"), None);
    }

    #[test]
    fn io_writes() {
        let text = "rchar: 10\nwchar: 20\nsyscr: 3\nsyscw: 42\nread_bytes: 0\n";
        assert_eq!(parse_io_writes(text), Some(42));
        assert_eq!(parse_io_writes("rchar: 10\n"), None);
    }

    #[test]
    fn own_process_is_readable() {
        let text = std::fs::read_to_string("/proc/self/stat").unwrap();
        assert!(parse_stat_ticks(&text).is_some());
        assert!(memory(std::process::id()).unwrap().rss_kib > 0);
        // Busy for a moment: user time is counted in ticks of 10 ms.
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(50) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let (user, system) = cpu_times("self").unwrap();
        assert!(user > Duration::ZERO);
        assert!(cpu_time("self").unwrap() >= user + system);
    }
}
