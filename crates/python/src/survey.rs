//! Statistics runs: the figures of `sowspec stats --json`, for a whole run
//! on this machine's cores or from records of game ranges played anywhere
//! (a Ray cluster) and put back in game order.

use crate::game::{Game, Loaded};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sowspec::parallel::{self, Config};
use sowspec::playout::DEFAULT_MAX_PLIES;
use sowspec::stats::{GameRecord, Summary, Surveyor};
use sowspec::strategy::Strategy;
use sowspec::survey::{player_name, table, Column, Setup as Heading};
use sowspec::{Machine, Outcome, Player};
use std::ops::Range;

/// A game's record as Python holds it: `(plies, choices, captures,
/// endless, rounds, outcome)`, outcome `"south"`, `"north"`, `"draw"` or
/// `None`.
pub type RecordTuple = (u64, u64, u64, u64, u64, Option<String>);

/// How a run plays: its games, seed, players and ply limit.
pub struct Setup {
    games: u64,
    seed: u64,
    strategy: Strategy,
    max_plies: u64,
}

impl Setup {
    /// A run of `games` games seeded `seed`, `player` (`random`, `greedy`,
    /// `search`; `depth` plies for `search`, 1 to 12 as on the command
    /// line) on both sides, stopped after `max_plies` plies.
    ///
    /// # Errors
    /// An unknown player, a search depth out of range, a ply limit of 0.
    pub fn new(games: u64, seed: u64, player: &str, depth: u32, max_plies: u64) -> PyResult<Setup> {
        let strategy = match player {
            "random" => Strategy::Random,
            "greedy" => Strategy::Greedy,
            "search" if (1..=12).contains(&depth) => Strategy::Search { depth },
            "search" => return Err(PyValueError::new_err(format!("search depth {depth}: give 1 to 12"))),
            other => {
                return Err(PyValueError::new_err(format!(
                    "player {other:?}: give \"random\", \"greedy\" or \"search\""
                )))
            }
        };
        if max_plies == 0 {
            return Err(PyValueError::new_err("max_plies must be at least 1"));
        }
        Ok(Setup { games, seed, strategy, max_plies })
    }
}

/// Every game of the run, on `threads` threads (0: one per core).
pub fn all(m: &Machine, s: &Setup, threads: usize) -> Vec<GameRecord> {
    let cfg = Config { games: s.games, seed: s.seed, threads, max_plies: s.max_plies, rejection: false };
    parallel::survey(m, &cfg, s.strategy, &|_| {})
}

/// Games `games` of the run, on this thread.
pub fn range(m: &Machine, s: &Setup, games: Range<u64>) -> Vec<GameRecord> {
    let mut player = Surveyor::new(m, s.strategy, s.max_plies);
    games.map(|g| player.game(s.seed, g)).collect()
}

/// The JSON document `sowspec stats --json` prints for these variants and
/// their records (without the final newline).
pub fn document(s: &Setup, variants: &[(&Loaded, Vec<GameRecord>)]) -> String {
    let columns: Vec<Column> = variants
        .iter()
        .map(|(l, records)| Column { name: l.name.clone(), summary: Summary::of(&l.machine, records) })
        .collect();
    let heading = Heading { games: s.games, seed: s.seed, player: player_name(s.strategy), max_plies: s.max_plies };
    format!("{:#}", table::json(&columns, &heading))
}

/// A record as a tuple.
pub fn to_tuple(r: &GameRecord) -> RecordTuple {
    let outcome = r.outcome.map(|o| match o {
        Outcome::Win(p) => p.name().to_string(),
        Outcome::Draw => "draw".to_string(),
    });
    (r.plies, r.choices, r.captures, r.endless, r.rounds, outcome)
}

/// A tuple as a record.
fn of_tuple(t: RecordTuple) -> PyResult<GameRecord> {
    let (plies, choices, captures, endless, rounds, outcome) = t;
    let outcome = match outcome.as_deref() {
        None => None,
        Some("south") => Some(Outcome::Win(Player::South)),
        Some("north") => Some(Outcome::Win(Player::North)),
        Some("draw") => Some(Outcome::Draw),
        Some(other) => return Err(PyValueError::new_err(format!("outcome {other:?} of a game record"))),
    };
    Ok(GameRecord { plies, choices, captures, endless, rounds, outcome })
}

/// The `sowspec stats --json` document (a `str`) of each game with the
/// records of all its games, in game order (as `Game.survey` gives them
/// for consecutive ranges): the figures of a run spread over machines.
/// The setup is the run's (`games` games seeded `seed`, `player` on both
/// sides to `depth`, `max_plies`); each game must have `games` records.
#[pyfunction]
#[pyo3(signature = (variants, games, seed, player = "random", depth = 3, max_plies = DEFAULT_MAX_PLIES))]
pub fn stats_document(
    variants: Vec<(PyRef<'_, Game>, Vec<RecordTuple>)>,
    games: u64,
    seed: u64,
    player: &str,
    depth: u32,
    max_plies: u64,
) -> PyResult<String> {
    let setup = Setup::new(games, seed, player, depth, max_plies)?;
    let mut runs = Vec::new();
    for (game, records) in variants {
        if records.len() as u64 != games {
            let name = &game.inner.name;
            let n = records.len();
            return Err(PyValueError::new_err(format!("{name}: {n} game records for a run of {games} games")));
        }
        let records = records.into_iter().map(of_tuple).collect::<PyResult<Vec<_>>>()?;
        runs.push((game.inner.clone(), records));
    }
    let borrowed: Vec<(&Loaded, Vec<GameRecord>)> = runs.iter().map(|(l, r)| (&**l, r.clone())).collect();
    Ok(document(&setup, &borrowed))
}
