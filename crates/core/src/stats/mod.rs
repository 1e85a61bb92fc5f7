//! Statistics over many games of one rules file, for people who compare
//! variants: how often each side wins (with 95% Wilson score intervals),
//! how long games last, how many moves a player has to choose from, how
//! often moves capture, the endless candidates met, rounds per match, and
//! the games stopped at the ply limit.
//!
//! A run is a list of [`GameRecord`]s, game `i` played by a [`Surveyor`]
//! from the seed of the run and `i` alone; [`Summary::of`] turns them into
//! figures. Threads and timing are the caller's (the `sowspec` binary's
//! `parallel` module), so the figures do not depend on either.
//!
//! ```
//! use sowspec_core::stats::{Summary, Surveyor};
//! use sowspec_core::strategy::Strategy;
//! let source = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/kalah.rules"));
//! let machine = sowspec_core::Machine::new(sowspec_core::check(source).unwrap());
//! let mut player = Surveyor::new(&machine, Strategy::Random, 1_000);
//! let games: Vec<_> = (0..50).map(|g| player.game(7, g)).collect();
//! let s = Summary::of(&machine, &games);
//! assert_eq!(s.games, 50);
//! assert!(s.wins[0].low <= s.wins[0].share && s.wins[0].share <= s.wins[0].high);
//! ```

mod figures;
mod game;

pub use figures::{mean, median, percentile, Rate, Z95};
pub use game::Surveyor;

use crate::machine::Machine;
use crate::position::Outcome;

/// What one game did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Moves played (plies).
    pub plies: u64,
    /// Legal moves the player to move had, summed over the moves played.
    pub choices: u64,
    /// Moves that captured seeds: took seeds by a `capture` action,
    /// whatever their destination (store, reserve or another hole), or
    /// lifted seeds of the opponent's holes by a relay to sow them on.
    pub captures: u64,
    /// Endless candidates (C-6) met at the positions of the game.
    pub endless: u64,
    /// Rounds that ended (0 for games without rounds).
    pub rounds: u64,
    /// How the game ended; `None` when it was stopped at the ply limit.
    pub outcome: Option<Outcome>,
}

/// Figures over the games of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Games won by South (who moves first) and by North, of all games.
    pub wins: [Rate; 2],
    /// Games drawn, of all games.
    pub draws: Rate,
    /// Games stopped unfinished at the ply limit (neither won nor drawn).
    pub stopped: u64,
    /// Game lengths in plies, sorted (stopped games at the limit).
    pub lengths: Vec<u64>,
    /// Mean game length in plies.
    pub mean_len: f64,
    /// Median game length.
    pub median_len: f64,
    /// 99th percentile of game length (nearest rank).
    pub p99_len: u64,
    /// Longest game.
    pub max_len: u64,
    /// Legal moves per move played, on average: the mean branching factor.
    pub branching: f64,
    /// Capturing moves per game, on average.
    pub captures: f64,
    /// Endless candidates met, over all games.
    pub endless: u64,
    /// Rounds per match, on average, when the rules play matches of rounds
    /// (and the machine is not set to one round).
    pub rounds: Option<f64>,
}

impl Summary {
    /// The figures of `games`, played by `m`.
    pub fn of(m: &Machine, games: &[GameRecord]) -> Summary {
        let n = games.len() as u64;
        let count = |f: &dyn Fn(&GameRecord) -> bool| games.iter().filter(|g| f(g)).count() as u64;
        let sum = |f: &dyn Fn(&GameRecord) -> u64| games.iter().map(f).sum::<u64>();
        let won = |i: usize| count(&|g| matches!(g.outcome, Some(Outcome::Win(p)) if p.index() == i));
        let mut lengths: Vec<u64> = games.iter().map(|g| g.plies).collect();
        lengths.sort_unstable();
        let plies = sum(&|g| g.plies);
        let has_rounds = m.rules().rounds.is_some() && !m.is_one_round();
        Summary {
            games: n,
            wins: [Rate::wilson(won(0), n), Rate::wilson(won(1), n)],
            draws: Rate::wilson(count(&|g| g.outcome == Some(Outcome::Draw)), n),
            stopped: count(&|g| g.outcome.is_none()),
            mean_len: mean(plies, n),
            median_len: median(&lengths),
            p99_len: percentile(&lengths, 99.0),
            max_len: lengths.last().copied().unwrap_or(0),
            branching: mean(sum(&|g| g.choices), plies),
            captures: mean(sum(&|g| g.captures), n),
            endless: sum(&|g| g.endless),
            rounds: has_rounds.then(|| mean(sum(&|g| g.rounds), n)),
            lengths,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Player;

    fn record(plies: u64, outcome: Option<Outcome>) -> GameRecord {
        GameRecord { plies, choices: 3 * plies, captures: 1, endless: 2, rounds: 0, outcome }
    }

    // Four games by hand: lengths 10, 20, 30, 100; South wins two, North
    // one, one stopped. Mean 40, median 25, 99th percentile (rank ⌈3.96⌉ = 4) 100.
    #[test]
    fn figures_of_four_games() {
        let m = Machine::new(crate::check(include_str!("../../../../rules/kalah.rules")).unwrap());
        let south = Some(Outcome::Win(Player::South));
        let games =
            [record(10, south), record(30, Some(Outcome::Win(Player::North))), record(20, south), record(100, None)];
        let s = Summary::of(&m, &games);
        assert_eq!((s.games, s.stopped, s.wins[0].count, s.wins[1].count, s.draws.count), (4, 1, 2, 1, 0));
        assert_eq!(s.lengths, [10, 20, 30, 100]);
        assert_eq!((s.mean_len, s.median_len, s.p99_len, s.max_len), (40.0, 25.0, 100, 100));
        assert_eq!((s.branching, s.captures, s.endless, s.rounds), (3.0, 1.0, 8, None));
        assert_eq!(s.wins[0].share, 0.5);
    }

    #[test]
    fn no_games() {
        let m = Machine::new(crate::check(include_str!("../../../../rules/kalah.rules")).unwrap());
        let s = Summary::of(&m, &[]);
        assert_eq!((s.games, s.mean_len, s.branching, s.max_len), (0, 0.0, 0.0, 0));
    }
}
