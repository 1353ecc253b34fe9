//! Order statistics over latency samples.

use serde::Serialize;
use std::time::Duration;

/// Summary of a set of durations, in microseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Summary {
    pub n: usize,
    pub min_us: f64,
    pub median_us: f64,
    pub mean_us: f64,
    pub p99_us: f64,
    pub max_us: f64,
}

/// The `q`-quantile (0 ≤ q ≤ 1) of sorted samples, nearest-rank; `None` when empty.
pub fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let q = q.clamp(0.0, 1.0);
    // Nearest rank: the smallest value with at least q·n samples at or below it.
    let rank = (q * sorted.len() as f64).ceil() as usize;
    let index = rank.saturating_sub(1).min(sorted.len() - 1);
    sorted.get(index).copied()
}

/// The median: the mean of the two middle values when `n` is even.
pub fn median(sorted: &[f64]) -> Option<f64> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => sorted.get(n / 2).copied(),
        _ => Some((sorted.get(n / 2 - 1)? + sorted.get(n / 2)?) / 2.0),
    }
}

impl Summary {
    /// Summarise `samples`; `None` when there are none.
    pub fn of(samples: &[Duration]) -> Option<Self> {
        let mut us: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1e6).collect();
        us.sort_by(f64::total_cmp);
        Some(Self {
            n: us.len(),
            min_us: *us.first()?,
            median_us: median(&us)?,
            mean_us: us.iter().sum::<f64>() / us.len() as f64,
            p99_us: quantile(&us, 0.99)?,
            max_us: *us.last()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_and_even() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[1.0, 2.0, 10.0]), Some(2.0));
        assert_eq!(median(&[1.0, 2.0, 4.0, 10.0]), Some(3.0));
    }

    #[test]
    fn nearest_rank_quantiles() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.99), Some(99.0));
        assert_eq!(quantile(&v, 1.0), Some(100.0));
        assert_eq!(quantile(&v, 0.0), Some(1.0));
        assert_eq!(quantile(&v, 0.5), Some(50.0));
        assert_eq!(quantile(&[], 0.5), None);
    }

    #[test]
    fn summary_in_microseconds() {
        let s = Summary::of(&[
            Duration::from_micros(30),
            Duration::from_micros(10),
            Duration::from_micros(20),
        ])
        .unwrap();
        assert_eq!(s.n, 3);
        assert!((s.min_us - 10.0).abs() < 1e-9);
        assert!((s.median_us - 20.0).abs() < 1e-9);
        assert!((s.mean_us - 20.0).abs() < 1e-9);
        assert!((s.max_us - 30.0).abs() < 1e-9);
        assert!(Summary::of(&[]).is_none());
    }
}
