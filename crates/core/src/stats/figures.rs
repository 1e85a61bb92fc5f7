//! The arithmetic of [`super::Summary`]: shares with their 95% Wilson score
//! intervals, and order statistics of a sorted list.

/// The 0.975 quantile of the standard normal distribution: a 95% interval
/// lies within this many standard errors of its centre.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A share of the games (`count` of `games`) with its 95% confidence
/// interval by the Wilson score method, which stays inside `[0, 1]` and
/// behaves at shares of 0 and 1, unlike the normal approximation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Games counted.
    pub count: u64,
    /// Games played.
    pub games: u64,
    /// `count / games` (0 for no games).
    pub share: f64,
    /// Lower end of the 95% Wilson score interval.
    pub low: f64,
    /// Upper end of the 95% Wilson score interval.
    pub high: f64,
}

impl Rate {
    /// `count` of `games`, with its 95% Wilson score interval; no games give
    /// a share of 0 and the interval `[0, 1]` (nothing is known).
    pub fn wilson(count: u64, games: u64) -> Rate {
        if games == 0 {
            return Rate { count, games, share: 0.0, low: 0.0, high: 1.0 };
        }
        let (n, p, z2) = (games as f64, count as f64 / games as f64, Z95 * Z95);
        let scale = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / scale;
        let half = Z95 / scale * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Rate { count, games, share: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
    }
}

/// The median of a sorted list: its middle value, or the mean of its two
/// middle values (0 for an empty list).
pub fn median(sorted: &[u64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2] as f64,
        n => (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0,
    }
}

/// The `p`th percentile of a sorted list by the nearest-rank method: the
/// smallest value that at least `p`% of the list does not exceed (0 for an
/// empty list; `p` is clamped to `0..=100`).
pub fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (p.clamp(0.0, 100.0) / 100.0 * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The mean of `total` over `n` (0 when `n` is 0).
pub fn mean(total: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        total as f64 / n as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 5e-5, "{a} is not {b}");
    }

    // Worked by hand with z = 1.96, z² = 3.8415:
    // 5 of 10: p = 0.5, centre = (0.5 + 0.19207) / 1.38415 = 0.5,
    // half = (1.96 / 1.38415) · √(0.025 + 0.0096037) = 1.41600 · 0.18602 = 0.26341.
    #[test]
    fn wilson_half_of_ten() {
        let r = Rate::wilson(5, 10);
        close(r.share, 0.5);
        close(r.low, 0.2366);
        close(r.high, 0.7634);
    }

    // 0 of 10: centre = 0.19207 / 1.38415 = 0.13877, half = 1.41600 · √0.0096037 = 0.13877:
    // the interval is [0, 2 · 0.13877] = [0, 0.2775].
    #[test]
    fn wilson_none_of_ten() {
        let r = Rate::wilson(0, 10);
        close(r.low, 0.0);
        close(r.high, 0.2775);
        // All of ten mirrors it.
        let all = Rate::wilson(10, 10);
        close(all.low, 1.0 - 0.2775);
        close(all.high, 1.0);
    }

    // 81 of 263 (Wilson's own kind of example): p = 0.30798, z²/n = 0.014607,
    // centre = (0.30798 + 0.0073033) / 1.014607 = 0.31075,
    // half = (1.96 / 1.014607) · √(0.00081046 + 0.00001388) = 1.93175 · 0.028711 = 0.055463.
    #[test]
    fn wilson_81_of_263() {
        let r = Rate::wilson(81, 263);
        close(r.low, 0.2553);
        close(r.high, 0.3662);
    }

    #[test]
    fn wilson_without_games_knows_nothing() {
        let r = Rate::wilson(0, 0);
        assert_eq!((r.share, r.low, r.high), (0.0, 0.0, 1.0));
    }

    #[test]
    fn medians() {
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[7]), 7.0);
        assert_eq!(median(&[1, 2, 9]), 2.0);
        assert_eq!(median(&[1, 2, 4, 9]), 3.0);
    }

    // Nearest rank: of 1..=10, the 99th percentile is rank ⌈9.9⌉ = 10 → 10;
    // the 50th is rank 5 → 5; the 91st is rank ⌈9.1⌉ = 10 → 10; the 90th is rank 9 → 9.
    #[test]
    fn percentiles() {
        let v: Vec<u64> = (1..=10).collect();
        assert_eq!(percentile(&v, 99.0), 10);
        assert_eq!(percentile(&v, 50.0), 5);
        assert_eq!(percentile(&v, 91.0), 10);
        assert_eq!(percentile(&v, 90.0), 9);
        assert_eq!(percentile(&v, 0.0), 1);
        assert_eq!(percentile(&[], 99.0), 0);
        // Of 200 values 1..=200, the 99th percentile is rank 198.
        let w: Vec<u64> = (1..=200).collect();
        assert_eq!(percentile(&w, 99.0), 198);
    }

    #[test]
    fn means() {
        assert_eq!(mean(7, 2), 3.5);
        assert_eq!(mean(7, 0), 0.0);
    }
}
