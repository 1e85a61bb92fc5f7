//! Sanity measure of the reference engines' speed: uniform random playouts.
//!
//! ```text
//! cargo run --release -p sowspec-reference --example playouts [GAMES]
//! ```
//!
//! Every legal move is simulated at the start of each turn (C-6), so the
//! games/s figure includes legal-move generation.

use sowspec_reference::{Engine, RajaPasu, Sadeqa, Side};
use std::time::Instant;

/// xorshift64* — tiny, no dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A uniformly chosen set bit of `mask` (nonzero).
    fn pick(&mut self, mask: u32) -> usize {
        let n = mask.count_ones() as u64;
        let mut k = (self.next() % n) as u32;
        let mut m = mask;
        while k > 0 {
            m &= m - 1;
            k -= 1;
        }
        m.trailing_zeros() as usize
    }
}

/// Plays `games` random games from `start` and prints the speed.
fn run<E: Engine>(name: &str, start: &E, games: u32, seed: u64, south_won: impl Fn(&E) -> bool) {
    let mut rng = Rng(seed);
    let mut moves = 0u64;
    let mut wins = 0u32;
    let t = Instant::now();
    for _ in 0..games {
        let mut g = start.clone();
        while !g.is_over() {
            let hole = rng.pick(g.legal_mask());
            g.play(hole);
            moves += 1;
        }
        wins += u32::from(south_won(&g));
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{name:<22} {games} games in {secs:7.3} s: {:>9.0} games/s, {:>10.0} moves/s, {:6.1} moves/game, South won {:.1}%",
        f64::from(games) / secs,
        moves as f64 / secs,
        moves as f64 / f64::from(games),
        100.0 * f64::from(wins) / f64::from(games),
    );
}

fn main() {
    let games: u32 = std::env::args().nth(1).map(|s| s.parse().expect("GAMES must be a number")).unwrap_or(20_000);
    run("raja_pasu (round)", &RajaPasu::new(true), games, 1, |g| g.result() == Some(Some(Side::South)));
    run("raja_pasu (match)", &RajaPasu::new(false), games, 2, |g| g.result() == Some(Some(Side::South)));
    run("sadeqa3 (6 seeds)", &Sadeqa::new(6), games, 3, |g| g.result() == Some(Some(Side::South)));
    run("sadeqa3_4 (4 seeds)", &Sadeqa::new(4), games, 4, |g| g.result() == Some(Some(Side::South)));
}
