//! Keeping the CPUs out of their idle state while a latency is measured.
//!
//! On an idle virtual CPU a wake-up is slow: the vCPU has halted, and the hypervisor must
//! schedule it again before the woken thread runs (on the Firecracker VMs this was measured on,
//! which have no guest `cpuidle` driver, tens of µs per wake-up). A proxied MCP call has two more
//! wake-ups than the bare HTTP round trip it is compared with (the server reading the request,
//! the client reading the answer), so on idle CPUs the "added latency" is largely the
//! hypervisor's. Latency benchmarks usually take that out with `idle=poll` or by disabling deep
//! C-states; neither can be set from inside a guest without root on the kernel command line.
//!
//! [`KeepAwake`] does the equivalent from user space: one spinning thread per CPU at nice 19.
//! Any runnable thread of normal priority preempts them at once (nice 19 weighs 15 against
//! nice 0's 1,024), so they take time from nothing that runs, but a CPU running them never halts.
//! The bench measures every latency twice, without and with them, for the bare upstream and for
//! each server alike.

use crate::{BenchError, Result};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// Spinning threads at the lowest priority, one per CPU, until dropped.
#[derive(Debug)]
pub struct KeepAwake {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl KeepAwake {
    /// Start `n` spinners (at least one). Fails if a thread cannot lower its own priority: an
    /// unlowered spinner would compete with what is being measured.
    pub fn start(n: usize) -> Result<Self> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut awake = Self {
            stop: Arc::clone(&stop),
            threads: Vec::new(),
        };
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        for i in 0..n.max(1) {
            let stop = Arc::clone(&stop);
            let ready = ready_tx.clone();
            let thread = std::thread::Builder::new()
                .name(format!("keep-awake-{i}"))
                .spawn(move || {
                    // `nice` changes the calling thread only, on Linux.
                    let lowered = rustix::process::nice(19).map(|_| ());
                    let ok = lowered.is_ok();
                    let _ = ready.send(lowered);
                    if !ok {
                        return;
                    }
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })?;
            awake.threads.push(thread);
        }
        drop(ready_tx);
        for lowered in ready_rx.iter().take(awake.threads.len()) {
            lowered.map_err(|e| {
                BenchError::new(format!("cannot lower a spinner's priority (nice 19): {e}"))
            })?;
        }
        Ok(awake)
    }
}

impl Drop for KeepAwake {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Run `f` with one spinner per CPU of this machine.
pub fn with_cpus_awake<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    let n = std::thread::available_parallelism().map_or(1, usize::from);
    let _awake = KeepAwake::start(n)?;
    f()
}

#[cfg(test)]
mod tests {
    use super::KeepAwake;

    #[test]
    fn spinners_run_at_nice_19_and_stop_when_dropped() {
        let nice_at = |path: &str| -> i64 {
            let stat = std::fs::read_to_string(path).unwrap();
            // Field 19 is the nice value; fields are counted after the `(comm)`, which may hold spaces.
            let after = stat.rsplit_once(')').unwrap().1;
            after.split_whitespace().nth(16).unwrap().parse().unwrap()
        };
        let own_before = nice_at("/proc/thread-self/stat");
        let awake = KeepAwake::start(2).unwrap();
        assert_eq!(awake.threads.len(), 2);
        let comm = |tid: &str| {
            std::fs::read_to_string(format!("/proc/self/task/{tid}/comm")).unwrap_or_default()
        };
        let spinners = || -> Vec<i64> {
            std::fs::read_dir("/proc/self/task")
                .unwrap()
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|tid| comm(tid).starts_with("keep-awake-"))
                .map(|tid| nice_at(&format!("/proc/self/task/{tid}/stat")))
                .collect()
        };
        // A spinner's /proc entry can show its name a moment after it reported its priority
        // (seen once under a full CI run's load): read again, bounded, until both are listed.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let mut seen = spinners();
        while seen.len() < 2 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
            seen = spinners();
        }
        assert_eq!(seen, vec![19, 19]);
        let own = nice_at("/proc/thread-self/stat");
        assert_eq!(own, own_before, "the caller's own priority must not change");
        drop(awake);
        // `join` returns once the kernel has cleared the thread's id, which is a moment before
        // the thread has finished exiting: until then its /proc entry may still show it running
        // (state R or D), then Z or X, then it is gone. So the check is repeated until no spinner
        // is left, with a bound far above that moment; a spinner that never stopped fails it.
        let running = |tid: &str| {
            std::fs::read_to_string(format!("/proc/self/task/{tid}/stat"))
                .ok()
                .and_then(|stat| {
                    let after = stat.rsplit_once(')')?.1.to_owned();
                    after.split_whitespace().next().map(str::to_owned)
                })
                .is_some_and(|state| !matches!(state.as_str(), "Z" | "X" | "x"))
        };
        let left = || {
            std::fs::read_dir("/proc/self/task")
                .unwrap()
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|tid| comm(tid).starts_with("keep-awake-") && running(tid))
                .count()
        };
        let bound = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while left() > 0 && std::time::Instant::now() < bound {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert_eq!(left(), 0, "spinners still running 10 s after drop");
    }
}
