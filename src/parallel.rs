//! Random playouts on a thread pool, timed: what `sowspec bench` and the
//! benchmarks run. The games themselves are the core's
//! ([`sowspec_core::playout`]); this module only spreads them over threads
//! and reads the clock, so its results do not depend on the thread count.
//!
//! ```
//! use sowspec::parallel::{run, Config};
//! let source = std::fs::read_to_string("rules/sadeqa3_4seed.rules").unwrap();
//! let machine = sowspec::Machine::new(sowspec::check(&source).unwrap());
//! let run = run(&machine, &Config { games: 20, seed: 7, ..Config::default() }, &|_| {});
//! assert_eq!(run.stats.games, 20);
//! assert!(run.stats.mean_len() > 10.0);
//! ```

use rayon::prelude::*;
use sowspec_core::playout::{Playouts, Stats, DEFAULT_MAX_PLIES};
use sowspec_core::stats::{GameRecord, Surveyor};
use sowspec_core::strategy::Strategy;
use sowspec_core::Machine;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What to play. Whether a Raja Pasu match or one round is played is the
/// [`Machine`]'s setting ([`Machine::with_one_round`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Games to play, each from the initial position (for a drawn start, its own draw: `playout::draw_seed`).
    pub games: u64,
    /// Seed of the run; game `i` is seeded from `(seed, i)` (see
    /// [`sowspec_core::playout::game_seed`]).
    pub seed: u64,
    /// Worker threads: 1 plays on the calling thread, 0 uses one per core.
    pub threads: usize,
    /// Plies after which a game is stopped unfinished (and counted).
    pub max_plies: u64,
    /// Draw each move by rejection where the machine can, instead of
    /// sowing every candidate first ([`Playouts::by_rejection`]): the same
    /// distribution of games, other games for a seed.
    pub rejection: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config { games: 10_000, seed: 0, threads: 1, max_plies: DEFAULT_MAX_PLIES, rejection: false }
    }
}

/// A timed run of playouts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// What the games found (independent of threads and time).
    pub stats: Stats,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl Run {
    /// Games per second of wall-clock time.
    pub fn games_per_sec(&self) -> f64 {
        self.stats.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Games handed to a worker at a time (and between progress reports).
const CHUNK: u64 = 64;

/// Plays `cfg.games` uniform random games, gathers their [`Stats`] and times them.
///
/// `progress` is called after each batch of games with the number of games
/// finished so far, from whichever worker finished the batch.
///
/// # Panics
/// If a thread pool of `cfg.threads` threads cannot be built.
pub fn run(m: &Machine, cfg: &Config, progress: &(dyn Fn(u64) + Sync)) -> Run {
    let t = Instant::now();
    let stats = spread(
        cfg,
        progress,
        || Playouts::new(m).with_max_plies(cfg.max_plies).by_rejection(cfg.rejection),
        |w, g| w.game(cfg.seed, g),
        Stats::default,
        Stats::merge,
    );
    Run { stats, elapsed: t.elapsed() }
}

/// Plays `cfg.games` games with `strategy` on both sides and returns what
/// each did, game `i` at index `i` whatever the thread count (the records
/// [`sowspec_core::stats::Summary::of`] sums up). `progress` as in [`run`].
///
/// # Panics
/// If a thread pool of `cfg.threads` threads cannot be built.
pub fn survey(m: &Machine, cfg: &Config, strategy: Strategy, progress: &(dyn Fn(u64) + Sync)) -> Vec<GameRecord> {
    spread(
        cfg,
        progress,
        || Surveyor::new(m, strategy, cfg.max_plies),
        |w, g| vec![w.game(cfg.seed, g)],
        Vec::new,
        |mut a, b| {
            a.extend(b);
            a
        },
    )
}

/// Plays games `0..cfg.games` in batches on `cfg.threads` threads, each
/// worker made by `worker`, each game's result made by `game` and results
/// combined by `merge` in game order (`empty` is its identity).
fn spread<W, A: Send>(
    cfg: &Config,
    progress: &(dyn Fn(u64) + Sync),
    worker: impl Fn() -> W + Sync + Send,
    game: impl Fn(&mut W, u64) -> A + Sync + Send,
    empty: impl Fn() -> A + Sync + Send,
    merge: impl Fn(A, A) -> A + Sync + Send,
) -> A {
    let chunks = cfg.games.div_ceil(CHUNK);
    let done = AtomicU64::new(0);
    let chunk = |w: &mut W, c: u64| {
        let games = (c * CHUNK)..((c + 1) * CHUNK).min(cfg.games);
        let n = games.end - games.start;
        let s = games.fold(empty(), |s, g| merge(s, game(w, g)));
        progress(done.fetch_add(n, Ordering::Relaxed) + n);
        s
    };
    if cfg.threads == 1 {
        let mut w = worker();
        (0..chunks).fold(empty(), |s, c| merge(s, chunk(&mut w, c)))
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(cfg.threads)
            .build()
            .expect("cannot build the playout thread pool");
        pool.install(|| (0..chunks).into_par_iter().map_init(&worker, chunk).reduce(&empty, &merge))
    }
}

/// What the endless candidates (C-6) of a run cost: each is sown to the lap
/// limit before it is known not to be legal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndlessCost {
    /// The run, played by [`run`] on one thread.
    pub run: Run,
    /// The endless candidates met (`run.stats.endless_candidates`).
    pub candidates: u64,
    /// The time to sow every one of them again, as legal-move generation
    /// sows them.
    pub time: Duration,
}

impl EndlessCost {
    /// The share of the run's time spent on endless candidates.
    pub fn share(&self) -> f64 {
        self.time.as_secs_f64() / self.run.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays the games of `cfg` on one thread (whatever `cfg.threads`), then
/// replays them recording every endless candidate met, and times sowing
/// those candidates again: a measure of what C-6 costs in playouts.
///
/// # Panics
/// If a recorded candidate turns out not to be endless (it cannot).
pub fn endless_cost(m: &Machine, cfg: &Config) -> EndlessCost {
    let one = Config { threads: 1, ..cfg.clone() };
    let run = run(m, &one, &|_| {});
    let mut w = Playouts::recording(m).with_max_plies(cfg.max_plies);
    for g in 0..cfg.games {
        w.game(cfg.seed, g);
    }
    let seen = w.take_endless();
    assert_eq!(seen.len() as u64, run.stats.endless_candidates, "the replay met other candidates");
    let t = Instant::now();
    for (pos, hole) in &seen {
        assert!(!m.sow_candidate(pos, *hole), "a recorded endless candidate ended");
    }
    EndlessCost { run, candidates: seen.len() as u64, time: t.elapsed() }
}

/// `f` applied to every item on all cores, results in the items' order, each
/// with the time it took: what `conform` uses to read its fixtures (parsing
/// YAML is most of its time).
pub fn map_timed<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<(R, Duration)> {
    items
        .par_iter()
        .map(|item| {
            let t = Instant::now();
            let r = f(item);
            (r, t.elapsed())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    fn machine(src: &str, one_round: bool) -> Machine {
        Machine::new(sowspec_core::check(src).unwrap()).with_one_round(one_round)
    }

    fn same(a: Run, b: Run) {
        assert_eq!(a.stats, b.stats);
    }

    #[test]
    fn stats_do_not_depend_on_the_thread_count() {
        for (src, one_round, games) in [
            (include_str!("../rules/sadeqa3.rules"), false, 300),
            (include_str!("../rules/raja_pasu.rules"), true, 300),
            (include_str!("../rules/raja_pasu.rules"), false, 20),
        ] {
            let m = machine(src, one_round);
            let one = run(&m, &Config { games, seed: 3, ..Config::default() }, &|_| {});
            let two = run(&m, &Config { games, seed: 3, threads: 2, ..Config::default() }, &|_| {});
            let s = &one.stats;
            assert_eq!(s.games, games);
            assert_eq!(s.wins[0] + s.wins[1] + s.draws, games);
            assert!(s.moves >= s.max_len && s.laps >= s.moves && s.sown_laps >= s.laps);
            same(one, two);
        }
    }

    #[test]
    fn surveys_do_not_depend_on_the_thread_count() {
        let m = machine(include_str!("../rules/kalah.rules"), false);
        for strategy in [Strategy::Random, Strategy::Greedy] {
            let cfg = Config { games: 150, seed: 5, max_plies: 1_000, ..Config::default() };
            let one = survey(&m, &cfg, strategy, &|_| {});
            let two = survey(&m, &Config { threads: 2, ..cfg.clone() }, strategy, &|_| {});
            assert_eq!(one.len(), 150);
            assert_eq!(one, two);
            // Game i is game i, whoever plays it.
            assert_eq!(one[77], Surveyor::new(&m, strategy, 1_000).game(5, 77));
        }
    }

    #[test]
    fn the_seed_decides_the_games() {
        let m = machine(include_str!("../rules/sadeqa3_4seed.rules"), false);
        let a = run(&m, &Config { games: 50, seed: 1, ..Config::default() }, &|_| {});
        let b = run(&m, &Config { games: 50, seed: 1, ..Config::default() }, &|_| {});
        let c = run(&m, &Config { games: 50, seed: 2, ..Config::default() }, &|_| {});
        same(a.clone(), b);
        assert_ne!(a.stats.moves, c.stats.moves);
    }

    #[test]
    fn progress_reaches_the_total() {
        let m = machine(include_str!("../rules/sadeqa3_4seed.rules"), false);
        let last = AtomicU64::new(0);
        let calls = AtomicU64::new(0);
        let games = 3 * CHUNK + 5;
        run(&m, &Config { games, seed: 0, threads: 2, ..Config::default() }, &|done| {
            last.fetch_max(done, Ordering::Relaxed);
            calls.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(last.into_inner(), games);
        assert_eq!(calls.into_inner(), 4);
    }

    #[test]
    fn no_games() {
        let m = machine(include_str!("../rules/sadeqa3_4seed.rules"), false);
        let s = run(&m, &Config { games: 0, ..Config::default() }, &|_| panic!("no progress to report"));
        assert_eq!((s.stats.games, s.stats.mean_len()), (0, 0.0));
    }
}
