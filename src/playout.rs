//! Uniform random playouts: whole games in which the player to move picks
//! each legal move with equal probability, for speed measurements and for
//! statistics over many games (lengths, laps, endless candidates, results).
//!
//! Game `i` of a run draws its moves from its own generator, seeded from
//! the run's seed and `i` alone, so a run's [`Stats`] (all but
//! [`Stats::elapsed`]) do not depend on how many threads play it.
//!
//! ```
//! use sowspec::playout::{run, Config};
//! let source = std::fs::read_to_string("rules/sadeqa3_4seed.rules").unwrap();
//! let machine = sowspec::Machine::new(sowspec::check(&source).unwrap());
//! let stats = run(&machine, &Config { games: 20, seed: 7, threads: 1 }, &|_| {});
//! assert_eq!(stats.games, 20);
//! assert!(stats.mean_len() > 10.0);
//! ```

use crate::machine::{Children, Machine};
use crate::position::{Outcome, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What to play. Whether a Raja Pasu match or one round is played is the
/// [`Machine`]'s setting ([`Machine::with_one_round`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Games to play, each from the initial position.
    pub games: u64,
    /// Seed of the run; game `i` is seeded from `(seed, i)` (see [`game_seed`]).
    pub seed: u64,
    /// Worker threads: 1 plays on the calling thread, 0 uses one per core.
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config { games: 10_000, seed: 0, threads: 1 }
    }
}

/// What a run of playouts found. Every field but `elapsed` is a function
/// of the machine, `games` and `seed` alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Moves played, over all games.
    pub moves: u64,
    /// Laps sown by the moves played (a lap is one handful sown, C-5).
    pub laps: u64,
    /// Laps sown while generating legal moves: every candidate of every
    /// turn, each endless candidate counted at the full lap limit (what the
    /// rules make it cost; the machine may prove it endless sooner, when
    /// its sowing repeats a state). The work of a run, measured in laps.
    pub sown_laps: u64,
    /// Moves in the longest game.
    pub max_len: u64,
    /// Candidate moves found endless (C-6); counted at every turn where
    /// they were candidates.
    pub endless_candidates: u64,
    /// Games won by South and by North (a match, or one round, as the
    /// machine plays).
    pub wins: [u64; 2],
    /// Games drawn.
    pub draws: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl Stats {
    /// Moves per game, on average (0 for no games).
    pub fn mean_len(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.moves as f64 / self.games as f64
        }
    }

    /// Games per second of wall-clock time.
    pub fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The share of [`Stats::sown_laps`] spent on endless candidates, with
    /// the lap limit `limit` of the rules played.
    pub fn endless_lap_share(&self, limit: u32) -> f64 {
        if self.sown_laps == 0 {
            0.0
        } else {
            (self.endless_candidates * u64::from(limit)) as f64 / self.sown_laps as f64
        }
    }

    fn add(mut self, o: Stats) -> Stats {
        self.games += o.games;
        self.moves += o.moves;
        self.laps += o.laps;
        self.sown_laps += o.sown_laps;
        self.max_len = self.max_len.max(o.max_len);
        self.endless_candidates += o.endless_candidates;
        self.wins[0] += o.wins[0];
        self.wins[1] += o.wins[1];
        self.draws += o.draws;
        self
    }
}

/// The seed of game `index` in a run seeded `seed`: both mixed by
/// SplitMix64. Game `index` draws its moves from
/// `fastrand::Rng::with_seed(game_seed(seed, index))`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    mix(seed ^ mix(index))
}

/// Hole `k` of the set bits of `mask`, counting from bit 0.
#[inline]
fn nth_bit(mut mask: u32, k: u32) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

/// Games handed to a worker at a time (and between progress reports).
const CHUNK: u64 = 64;

/// Plays `cfg.games` uniform random games and gathers [`Stats`].
///
/// `progress` is called after each batch of games with the number of games
/// finished so far, from whichever worker finished the batch.
///
/// # Panics
/// If a thread pool of `cfg.threads` threads cannot be built.
pub fn run(m: &Machine, cfg: &Config, progress: &(dyn Fn(u64) + Sync)) -> Stats {
    let t = Instant::now();
    let chunks = cfg.games.div_ceil(CHUNK);
    let done = AtomicU64::new(0);
    let chunk = |w: &mut Worker, c: u64| {
        let games = (c * CHUNK)..((c + 1) * CHUNK).min(cfg.games);
        let n = games.end - games.start;
        let s = games.fold(Stats::default(), |s, g| s.add(w.game(cfg.seed, g)));
        progress(done.fetch_add(n, Ordering::Relaxed) + n);
        s
    };
    let mut stats = if cfg.threads == 1 {
        let mut w = Worker::new(m);
        (0..chunks).fold(Stats::default(), |s, c| s.add(chunk(&mut w, c)))
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(cfg.threads)
            .build()
            .expect("cannot build the playout thread pool");
        pool.install(|| {
            (0..chunks).into_par_iter().map_init(|| Worker::new(m), chunk).reduce(Stats::default, Stats::add)
        })
    };
    stats.elapsed = t.elapsed();
    stats
}

/// What the endless candidates (C-6) of a run cost: each is sown to the lap
/// limit before it is known not to be legal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndlessCost {
    /// The run, played by [`run`] on one thread.
    pub stats: Stats,
    /// The endless candidates met (`stats.endless_candidates`).
    pub candidates: u64,
    /// The time to sow every one of them again, as legal-move generation
    /// sows them.
    pub time: Duration,
}

impl EndlessCost {
    /// The share of the run's time spent on endless candidates.
    pub fn share(&self) -> f64 {
        self.time.as_secs_f64() / self.stats.elapsed.as_secs_f64().max(1e-9)
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
    let stats = run(m, &one, &|_| {});
    let mut w = Worker::recording(m);
    for g in 0..cfg.games {
        w.game(cfg.seed, g);
    }
    let seen = w.kids.take_endless();
    assert_eq!(seen.len() as u64, stats.endless_candidates, "the replay met other candidates");
    let t = Instant::now();
    for (pos, hole) in &seen {
        assert!(!m.sow_candidate(pos, *hole), "a recorded endless candidate ended");
    }
    EndlessCost { stats, candidates: seen.len() as u64, time: t.elapsed() }
}

/// One thread's playing state, allocated once: a game is played without
/// touching the heap.
struct Worker<'m> {
    m: &'m Machine,
    start: Position,
    /// The children of `start`, copied at the start of each game.
    start_kids: Children,
    kids: Children,
}

impl<'m> Worker<'m> {
    fn new(m: &'m Machine) -> Worker<'m> {
        Worker::with(m, false)
    }

    /// A worker that records the endless candidates it meets.
    fn recording(m: &'m Machine) -> Worker<'m> {
        Worker::with(m, true)
    }

    fn with(m: &'m Machine, record: bool) -> Worker<'m> {
        let start = m.initial();
        let mut start_kids = Children::new(m);
        let mut kids = Children::new(m);
        if record {
            start_kids.record_endless();
            kids.record_endless();
        }
        m.expand(&start, &mut start_kids);
        kids.copy_from(&start_kids);
        kids.take_endless();
        Worker { m, start, start_kids, kids }
    }

    /// Plays game `index` of the run seeded `seed`.
    fn game(&mut self, seed: u64, index: u64) -> Stats {
        let mut rng = fastrand::Rng::with_seed(game_seed(seed, index));
        let mut pos = self.start.clone();
        // The start's children, and its candidates' counts, for every game.
        self.kids.copy_from(&self.start_kids);
        let (mut moves, mut laps) = (0u64, 0u64);
        loop {
            let legal = pos.legal_mask();
            if legal == 0 {
                break;
            }
            let hole = nth_bit(legal, rng.u32(..legal.count_ones()));
            laps += u64::from(self.kids.laps(hole));
            self.m.play_kept(&mut pos, hole, &mut self.kids);
            moves += 1;
        }
        let mut s = Stats {
            games: 1,
            moves,
            laps,
            sown_laps: self.kids.sown_laps(),
            max_len: moves,
            endless_candidates: self.kids.endless(),
            ..Stats::default()
        };
        match pos.result() {
            Some(Outcome::Win(p)) => s.wins[p.index()] += 1,
            Some(Outcome::Draw) => s.draws += 1,
            None => unreachable!("a game with no legal move is over"),
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    fn machine(src: &str, one_round: bool) -> Machine {
        Machine::new(crate::check(src).unwrap()).with_one_round(one_round)
    }

    fn same(mut a: Stats, mut b: Stats) {
        a.elapsed = Duration::ZERO;
        b.elapsed = Duration::ZERO;
        assert_eq!(a, b);
    }

    #[test]
    fn stats_do_not_depend_on_the_thread_count() {
        for (src, one_round, games) in [
            (include_str!("../rules/sadeqa3.rules"), false, 300),
            (include_str!("../rules/raja_pasu.rules"), true, 300),
            (include_str!("../rules/raja_pasu.rules"), false, 20),
        ] {
            let m = machine(src, one_round);
            let one = run(&m, &Config { games, seed: 3, threads: 1 }, &|_| {});
            let two = run(&m, &Config { games, seed: 3, threads: 2 }, &|_| {});
            assert_eq!(one.games, games);
            assert_eq!(one.wins[0] + one.wins[1] + one.draws, games);
            assert!(one.moves >= one.max_len && one.laps >= one.moves && one.sown_laps >= one.laps);
            same(one, two);
        }
    }

    #[test]
    fn the_seed_decides_the_games() {
        let m = machine(include_str!("../rules/sadeqa3_4seed.rules"), false);
        let a = run(&m, &Config { games: 50, seed: 1, threads: 1 }, &|_| {});
        let b = run(&m, &Config { games: 50, seed: 1, threads: 1 }, &|_| {});
        let c = run(&m, &Config { games: 50, seed: 2, threads: 1 }, &|_| {});
        same(a.clone(), b);
        assert_ne!(a.moves, c.moves);
    }

    #[test]
    fn progress_reaches_the_total() {
        let m = machine(include_str!("../rules/sadeqa3_4seed.rules"), false);
        let last = AtomicU64::new(0);
        let calls = AtomicU64::new(0);
        let games = 3 * CHUNK + 5;
        run(&m, &Config { games, seed: 0, threads: 2 }, &|done| {
            last.fetch_max(done, Ordering::Relaxed);
            calls.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(last.into_inner(), games);
        assert_eq!(calls.into_inner(), 4);
    }

    #[test]
    fn no_games() {
        let m = machine(include_str!("../rules/sadeqa3_4seed.rules"), false);
        let s = run(&m, &Config { games: 0, seed: 0, threads: 1 }, &|_| panic!("no progress to report"));
        assert_eq!((s.games, s.mean_len()), (0, 0.0));
    }
}
