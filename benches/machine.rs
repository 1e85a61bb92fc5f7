//! The interpreted machine beside the hand-written reference engines, per
//! game (`cargo bench --bench machine`):
//!
//! - `one_move`: one move on each of a fixed sample of mid-game positions:
//!   `Machine::play_unchecked` (the move, then the next player's legal
//!   moves) against the reference engine's `play` (which installs the child
//!   it computed while generating legal moves, then generates the next);
//! - `legal_moves`: `Machine::legal_mask` on the same positions. The
//!   reference engines generate legal moves only inside `play`, so their
//!   counterpart is the `one_move` row;
//! - `playouts`: uniform random games with a fixed seed, drawn the same way
//!   on both engines, so they play the very same games; throughput is in
//!   games;
//! - `load`: parse, check and lower each rules file.
//!
//! Before timing, each game's perft counts (from `tests/data/perft`) and
//! each playout batch's totals are checked on both engines, so a fast wrong
//! answer cannot pass. `cargo bench --bench ratio` prints the ratios.

mod common;

use common::{Reference, NAMES};
use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use sowspec::parallel::{run, Config};
use sowspec::Hole;

fn main() {
    for name in NAMES {
        common::assert_perft(name, 4);
    }
    divan::main();
}

const SAMPLE: usize = 64;

mod one_move {
    use super::*;

    #[divan::bench(args = NAMES)]
    fn interpreter(bencher: Bencher, name: &str) {
        let m = common::machine(name);
        let sample = common::sample(name, SAMPLE);
        bencher.counter(ItemsCount::new(sample.len())).bench_local(|| {
            for (pos, _, hole) in &sample {
                let mut p = pos.clone();
                m.play_unchecked(&mut p, Hole::at(*hole));
                black_box(&p);
            }
        });
    }

    #[divan::bench(args = NAMES)]
    fn reference(bencher: Bencher, name: &str) {
        let sample = common::sample(name, SAMPLE);
        bencher.counter(ItemsCount::new(sample.len())).bench_local(|| {
            for (_, e, hole) in &sample {
                let mut e = e.clone();
                e.play(*hole);
                black_box(&e);
            }
        });
    }
}

mod legal_moves {
    use super::*;

    #[divan::bench(args = NAMES)]
    fn interpreter(bencher: Bencher, name: &str) {
        let m = common::machine(name);
        let sample = common::sample(name, SAMPLE);
        for (pos, e, _) in &sample {
            assert_eq!(m.legal_mask(pos), Ok(u64::from(e.legal_mask())));
        }
        bencher.counter(ItemsCount::new(sample.len())).bench_local(|| {
            for (pos, _, _) in &sample {
                let _ = black_box(m.legal_mask(black_box(pos)));
            }
        });
    }
}

mod playouts {
    use super::*;

    const SEED: u64 = 2024;

    #[divan::bench(args = NAMES, sample_count = 20)]
    fn interpreter(bencher: Bencher, name: &str) {
        let m = common::machine(name);
        let cfg = Config { games: common::batch(name), seed: SEED, ..Config::default() };
        let stats = run(&m, &cfg, &|_| {}).stats;
        common::assert_same(&stats, &common::reference_playouts(&Reference::new(name), cfg.games, SEED));
        bencher.counter(ItemsCount::new(cfg.games)).bench_local(|| run(&m, &cfg, &|_| {}));
    }

    #[divan::bench(args = NAMES, sample_count = 20)]
    fn reference(bencher: Bencher, name: &str) {
        let start = Reference::new(name);
        let games = common::batch(name);
        bencher.counter(ItemsCount::new(games)).bench_local(|| common::reference_playouts(&start, games, SEED));
    }
}

mod load {
    use super::*;

    #[divan::bench(args = ["raja_pasu.rules", "sadeqa3.rules", "sadeqa3_4seed.rules"])]
    fn parse_check_lower(bencher: Bencher, rules: &str) {
        let source = common::source(rules);
        bencher.bench_local(|| sowspec::Machine::new(sowspec::check(black_box(&source)).unwrap()));
    }
}
