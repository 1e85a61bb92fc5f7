//! The figures of the issue "the interpreted machine within 1.5x of
//! hand-written code" (`cargo bench --bench ratio [-- SCALE]`):
//!
//! 1. single-threaded random playouts per game, interpreter against the
//!    reference engine, on the very same games (same seeds, same draws;
//!    their totals are asserted equal), best of several rounds, and the
//!    ratio of their games/s;
//! 2. the interpreter's playouts on 1, 2 and all threads;
//! 3. what endless candidates (C-6) cost: their share of the laps sown and
//!    of the playout time;
//! 4. parse + check + lower time of each rules file.
//!
//! `SCALE` (default 1) multiplies the number of games. Playouts on one
//! thread (1) and loading (4) are timed by the thread's CPU time, which
//! other processes on a busy machine do not inflate; thread scaling (2) and
//! the endless share (3) by wall-clock time, best of several rounds.

mod common;

use common::{Reference, GAMES};
use cpu_time::ThreadTime;
use sowspec::parallel::{endless_cost, run, Config};
use std::time::{Duration, Instant};

/// Rounds of each measurement; the best is kept.
const ROUNDS: usize = 7;

/// The best CPU times of `a` and `b`, measured in alternation so that a
/// change in the machine's state affects both alike.
fn best_of_both<A, B>(mut a: impl FnMut() -> A, mut b: impl FnMut() -> B) -> ((Duration, A), (Duration, B)) {
    let (mut ta, mut tb) = (Duration::MAX, Duration::MAX);
    let (mut ra, mut rb) = (None, None);
    for _ in 0..ROUNDS {
        let t = ThreadTime::now();
        ra = Some(a());
        ta = ta.min(t.elapsed());
        let t = ThreadTime::now();
        rb = Some(b());
        tb = tb.min(t.elapsed());
    }
    ((ta, ra.unwrap()), (tb, rb.unwrap()))
}

/// The best CPU time of this thread running `f`.
fn best<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut out = None;
    let mut best = Duration::MAX;
    for _ in 0..ROUNDS {
        let t = ThreadTime::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (best, out.unwrap())
}

/// The best wall-clock time of `f`.
fn best_wall<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut out = None;
    let mut best = Duration::MAX;
    for _ in 0..ROUNDS {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (best, out.unwrap())
}

fn main() {
    let scale: u64 = std::env::args().skip(1).find(|a| !a.starts_with('-')).map_or(1, |s| s.parse().expect("SCALE"));
    let seed = 2024;

    println!("1. random playouts, one thread (CPU time, best of {ROUNDS} alternating rounds)");
    println!("{:<16} {:>7} {:>14} {:>14} {:>7}", "game", "games", "interp g/s", "reference g/s", "ratio");
    for (name, _, _) in GAMES {
        let m = common::machine(name);
        common::assert_perft(name, 4);
        let games = common::batch(name) * 5 * scale;
        let cfg = Config { games, seed, ..Config::default() };
        let start = Reference::new(name);
        let ((ti, stats), (tr, totals)) =
            best_of_both(|| run(&m, &cfg, &|_| {}).stats, || common::reference_playouts(&start, games, seed));
        common::assert_same(&stats, &totals);
        let (gi, gr) = (games as f64 / ti.as_secs_f64(), games as f64 / tr.as_secs_f64());
        println!("{name:<16} {games:>7} {gi:>14.0} {gr:>14.0} {:>7.2}", gi / gr);
    }

    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("\n2. interpreter playouts by threads ({cores} cores here; games/s, wall clock, best of {ROUNDS})");
    println!("{:<16} {:>7} {:>12} {:>12} {:>12}", "game", "games", "1 thread", "2 threads", "all cores");
    for (name, _, _) in GAMES {
        let m = common::machine(name);
        let games = common::batch(name) * 10 * scale;
        let rate = |threads| {
            let (t, s) = best_wall(|| run(&m, &Config { games, seed, threads, ..Config::default() }, &|_| {}).stats);
            (games as f64 / t.as_secs_f64(), s)
        };
        let ((one, s1), (two, s2), (all, s0)) = (rate(1), rate(2), rate(0));
        assert_eq!((s1.moves, s1.laps), (s2.moves, s2.laps), "{name}: 1 and 2 threads differ");
        assert_eq!((s1.moves, s1.laps), (s0.moves, s0.laps), "{name}: 1 thread and all cores differ");
        println!("{name:<16} {games:>7} {one:>12.0} {two:>12.0} {all:>12.0}");
    }

    println!("\n3. endless candidates (C-6) in playouts, one thread");
    println!(
        "{:<16} {:>7} {:>9} {:>13} {:>11} {:>10}",
        "game", "games", "endless", "endless laps", "time share", "per one"
    );
    for (name, _, _) in GAMES {
        let m = common::machine(name);
        let games = common::batch(name) * 5 * scale;
        let cfg = Config { games, seed, ..Config::default() };
        let cost = endless_cost(&m, &cfg);
        // The best playout time and the best time of the endless candidates
        // (both wall-clock: `endless_cost` times with the wall clock).
        let (playout, _) = best_wall(|| run(&m, &cfg, &|_| {}));
        let endless = (0..ROUNDS).map(|_| endless_cost(&m, &cfg).time).min().unwrap().min(cost.time);
        let share = endless.as_secs_f64() / playout.as_secs_f64();
        let s = &cost.run.stats;
        let limit = m.rules().moves().lap_limit;
        let per_one = if cost.candidates == 0 { 0.0 } else { endless.as_secs_f64() * 1e6 / cost.candidates as f64 };
        println!(
            "{name:<16} {games:>7} {:>9} {:>12.1}% {:>10.1}% {:>8.1}µs",
            s.endless_candidates,
            100.0 * s.endless_lap_share(limit),
            100.0 * share,
            per_one
        );
    }

    println!("\n4. parse + check + lower (best of {ROUNDS}, mean of 200)");
    for rules in ["raja_pasu.rules", "sadeqa3.rules", "sadeqa3_4seed.rules"] {
        let source = common::source(rules);
        let (t, _) = best(|| {
            for _ in 0..200 {
                std::hint::black_box(sowspec::Machine::new(sowspec::check(&source).unwrap()));
            }
        });
        println!("{rules:<22} {:>8.1} µs", t.as_secs_f64() * 1e6 / 200.0);
    }
}
