//! The rate limit per caller: a token bucket of `requests` that refills over `per`, kept as GCRA
//! (each caller's theoretical arrival time, one `Instant`). A caller whose bucket is full again
//! is the same as one never seen, so it is dropped whenever room is needed; at most
//! [`CALLERS_KEPT`] callers are held, each under a SHA-256 digest of its key (a `sub` may be
//! kilobytes long), so the memory stays bounded (about 1 MB) whatever callers come.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Most callers whose bucket is not full held at once, per process. Past it the one nearest to
/// full is forgotten (it gets its whole burst back): a flood of callers, each of which needed a
/// valid token of the issuer, cannot grow the map.
pub const CALLERS_KEPT: usize = 10_000;

/// `requests` per `per`, in bursts of up to `requests`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    pub requests: u32,
    pub per: Duration,
}

impl RateLimit {
    /// `n` requests per second, in bursts of up to `n`.
    pub const fn per_second(n: u32) -> Self {
        RateLimit {
            requests: n,
            per: Duration::from_secs(1),
        }
    }

    /// The time one request's token takes to come back.
    fn interval(self) -> Duration {
        self.per / self.requests.max(1)
    }

    /// How far ahead of now a caller's arrival time may be: a full bucket less one.
    fn tolerance(self) -> Duration {
        self.interval() * self.requests.max(1).saturating_sub(1)
    }
}

impl std::fmt::Display for RateLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.requests;
        if self.per == Duration::from_secs(1) {
            write!(f, "{n} requests per second")
        } else if self.per.subsec_nanos() == 0 {
            write!(f, "{n} requests per {} s", self.per.as_secs())
        } else {
            write!(f, "{n} requests per {} ms", self.per.as_millis())
        }
    }
}

type Key = [u8; 32];

/// Every caller's bucket.
#[derive(Debug)]
pub struct Rates {
    limit: RateLimit,
    capacity: usize,
    /// A caller's theoretical arrival time: the bucket is full again from then on.
    callers: Mutex<BTreeMap<Key, Instant>>,
}

impl Rates {
    pub fn new(limit: RateLimit) -> Self {
        Self::with_capacity(limit, CALLERS_KEPT)
    }

    fn with_capacity(limit: RateLimit, capacity: usize) -> Self {
        Rates {
            limit,
            capacity: capacity.max(1),
            callers: Mutex::new(BTreeMap::new()),
        }
    }

    pub fn limit(&self) -> RateLimit {
        self.limit
    }

    fn lock(&self) -> MutexGuard<'_, BTreeMap<Key, Instant>> {
        self.callers.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Take one of `caller`'s tokens at `now`; `Err`: none is left, and how long until one is.
    pub fn check(&self, caller: &str, now: Instant) -> Result<(), Duration> {
        let digest = ring::digest::digest(&ring::digest::SHA256, caller.as_bytes());
        let mut key = [0u8; 32];
        key.copy_from_slice(digest.as_ref());
        let limit = self.limit;
        let mut callers = self.lock();
        let tat = match callers.get(&key) {
            Some(&tat) => tat.max(now),
            None => {
                if callers.len() >= self.capacity {
                    self.make_room(&mut callers, now);
                }
                now
            }
        };
        let ahead = tat.saturating_duration_since(now);
        if ahead > limit.tolerance() {
            return Err(ahead - limit.tolerance());
        }
        callers.insert(key, tat + limit.interval());
        Ok(())
    }

    /// Drop every caller whose bucket is full again (nothing is lost); if none is, the one
    /// nearest to full.
    fn make_room(&self, callers: &mut BTreeMap<Key, Instant>, now: Instant) {
        callers.retain(|_, tat| *tat > now);
        if callers.len() < self.capacity {
            return;
        }
        let nearest = callers
            .iter()
            .min_by_key(|(_, tat)| **tat)
            .map(|(key, _)| *key);
        if let Some(key) = nearest {
            callers.remove(&key);
        }
    }

    #[cfg(test)]
    fn kept(&self) -> usize {
        self.lock().len()
    }
}

/// `wait` in whole seconds, rounded up, at least 1: a `Retry-After`.
pub fn retry_after_secs(wait: Duration) -> u64 {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    secs.max(1)
}

#[cfg(test)]
mod tests {
    use super::{RateLimit, Rates, retry_after_secs};
    use std::time::{Duration, Instant};

    fn one_a_minute_burst_two() -> RateLimit {
        RateLimit {
            requests: 2,
            per: Duration::from_secs(120),
        }
    }

    #[test]
    fn a_caller_gets_its_burst_then_waits_for_a_token_and_others_are_not_held_back() {
        let rates = Rates::new(one_a_minute_burst_two());
        let t0 = Instant::now();
        assert_eq!(rates.check("a", t0), Ok(()));
        assert_eq!(rates.check("a", t0), Ok(()));
        assert_eq!(rates.check("a", t0), Err(Duration::from_secs(60)));
        assert_eq!(rates.check("b", t0), Ok(()));
        // a refused request takes no token
        let later = t0 + Duration::from_secs(59);
        assert_eq!(rates.check("a", later), Err(Duration::from_secs(1)));
        let minute = t0 + Duration::from_secs(60);
        assert_eq!(rates.check("a", minute), Ok(()));
        assert!(rates.check("a", minute).is_err());
        // idle for the whole window: the whole burst again
        let idle = minute + Duration::from_secs(120);
        assert_eq!(rates.check("a", idle), Ok(()));
        assert_eq!(rates.check("a", idle), Ok(()));
    }

    #[test]
    fn the_callers_kept_are_bounded_whatever_callers_come() {
        let rates = Rates::with_capacity(one_a_minute_burst_two(), 4);
        let t0 = Instant::now();
        for i in 0..100 {
            assert_eq!(rates.check(&format!("caller-{i}"), t0), Ok(()));
            assert!(rates.kept() <= 4, "{} kept", rates.kept());
        }
        // callers whose bucket is full again make room first, and all of them go
        let idle = t0 + Duration::from_secs(3600);
        assert_eq!(rates.check("late", idle), Ok(()));
        assert_eq!(rates.kept(), 1);
    }

    #[test]
    fn past_the_bound_the_caller_nearest_to_full_is_forgotten() {
        let rates = Rates::with_capacity(one_a_minute_burst_two(), 2);
        let t0 = Instant::now();
        // "heavy" spends its burst, "light" one token
        assert_eq!(rates.check("heavy", t0), Ok(()));
        assert_eq!(rates.check("heavy", t0), Ok(()));
        assert_eq!(rates.check("light", t0), Ok(()));
        assert_eq!(rates.check("new", t0), Ok(()));
        assert_eq!(rates.kept(), 2);
        assert!(
            rates.check("heavy", t0).is_err(),
            "the heavier debt is kept"
        );
    }

    #[test]
    fn the_limit_reads_as_a_rate_and_retry_after_is_whole_seconds() {
        assert_eq!(
            RateLimit::per_second(20).to_string(),
            "20 requests per second"
        );
        assert_eq!(one_a_minute_burst_two().to_string(), "2 requests per 120 s");
        assert_eq!(retry_after_secs(Duration::from_millis(1)), 1);
        assert_eq!(retry_after_secs(Duration::from_millis(1001)), 2);
        assert_eq!(retry_after_secs(Duration::from_secs(60)), 60);
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
    }

    #[test]
    fn at_twenty_a_second_a_burst_of_twenty_passes_and_the_next_waits_a_twentieth() {
        let rates = Rates::new(RateLimit::per_second(20));
        let t0 = Instant::now();
        for _ in 0..20 {
            assert_eq!(rates.check("a", t0), Ok(()));
        }
        assert_eq!(rates.check("a", t0), Err(Duration::from_millis(50)));
    }
}
