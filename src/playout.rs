//! Uniform random playouts (baseline draft).
use crate::machine::Machine;
use std::time::{Duration, Instant};

/// Settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Games.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
}

/// Stats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games.
    pub games: u64,
    /// Moves.
    pub moves: u64,
    /// Max.
    pub max_len: u64,
    /// Elapsed.
    pub elapsed: Duration,
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Runs.
pub fn run(m: &Machine, cfg: &Config, _progress: &(dyn Fn(u64) + Sync)) -> Stats {
    let t = Instant::now();
    let start = m.initial();
    let mut s = Stats::default();
    for g in 0..cfg.games {
        let mut rng = fastrand::Rng::with_seed(mix(cfg.seed ^ mix(g)));
        let mut pos = start.clone();
        let mut len = 0;
        while pos.legal_mask() != 0 {
            let mask = pos.legal_mask();
            let k = rng.u32(..mask.count_ones());
            let mut mm = mask;
            for _ in 0..k {
                mm &= mm - 1;
            }
            m.play_unchecked(&mut pos, mm.trailing_zeros() as u8);
            len += 1;
        }
        s.games += 1;
        s.moves += len;
        s.max_len = s.max_len.max(len);
    }
    s.elapsed = t.elapsed();
    s
}
