//! Many games in the page: `stats` (the command line's table and chart of
//! the core's games, played a chunk at a time so that the worker can show
//! progress between chunks) and the random playouts `bench` times.

use serde_json::json;
use sowspec::playout::{Playouts, DEFAULT_MAX_PLIES};
use sowspec::stats::{GameRecord, Summary, Surveyor};
use sowspec::strategy::Strategy;
use sowspec::survey::{chart, table, Column, Setup};
use sowspec::Machine;
use wasm_bindgen::prelude::wasm_bindgen;

/// The most games one survey plays (as many as the page offers).
pub const MAX_GAMES: u64 = 100_000;

/// The checked rules of `text`, or a one-line reason.
fn machine(text: &str) -> Result<Machine, String> {
    sowspec::check(text)
        .map(Machine::new)
        .map_err(|d| format!("the rules have {}; fix them first", sowspec::render::plural(d.len(), "problem")))
}

/// A `stats` run in progress: the games played so far, game `i` the same
/// game `sowspec stats --seed` plays as its game `i`.
#[wasm_bindgen]
pub struct Survey {
    machine: Machine,
    name: String,
    strategy: Strategy,
    setup: Setup,
    records: Vec<GameRecord>,
}

#[wasm_bindgen]
impl Survey {
    /// A run of `games` games of the rules `text` (named `name`), both
    /// sides played by `player` (`random`, `greedy`, `search`, the last
    /// to `depth` plies), seeded `seed`, each stopped at the ply limit of
    /// `stats` ([`DEFAULT_MAX_PLIES`]).
    ///
    /// # Errors
    /// The rules do not check, the player is unknown, or the numbers are
    /// out of bounds (at most [`MAX_GAMES`] games, search depth 1 to 6).
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, name: &str, player: &str, depth: u32, games: u64, seed: u64) -> Result<Survey, String> {
        let max_depth = sowspec::playground::budget::MAX_DEPTH;
        let strategy = match player {
            "random" => Strategy::Random,
            "greedy" => Strategy::Greedy,
            "search" if (1..=max_depth).contains(&depth) => Strategy::Search { depth },
            "search" => return Err(format!("search depth {depth}: the page searches 1 to {max_depth} plies")),
            other => return Err(format!("no player `{other}`: random, greedy or search")),
        };
        if !(1..=MAX_GAMES).contains(&games) {
            return Err(format!("{games} games: the page plays 1 to {MAX_GAMES}"));
        }
        let label = match strategy {
            Strategy::Search { depth } => format!("search (depth {depth})"),
            _ => player.to_string(),
        };
        let setup = Setup { games, seed, player: label, max_plies: DEFAULT_MAX_PLIES };
        Ok(Survey { machine: machine(text)?, name: name.to_string(), strategy, setup, records: Vec::new() })
    }

    /// Plays up to `n` more games; returns how many are played in all.
    pub fn play(&mut self, n: u64) -> u64 {
        let mut surveyor = Surveyor::new(&self.machine, self.strategy, self.setup.max_plies);
        let from = self.records.len() as u64;
        for g in from..(from + n).min(self.setup.games) {
            self.records.push(surveyor.game(self.setup.seed, g));
        }
        self.records.len() as u64
    }

    /// The figures of the games played: `{"table": text, "svg": picture,
    /// "json": the figures as `stats --format json` gives them}`.
    pub fn finish(&self) -> String {
        let setup = Setup { games: self.records.len() as u64, ..self.setup.clone() };
        let summary = Summary::of(&self.machine, &self.records);
        let columns = [Column { name: self.name.clone(), summary }];
        json!({
            "table": table::text(&columns, &setup),
            "svg": chart::svg(&columns, &setup),
            "json": table::json(&columns, &setup),
        })
        .to_string()
    }
}

/// Plays `games` uniform random games of the rules `text` from seed
/// `seed`, as `sowspec bench` does on one thread (drawing each move by
/// rejection where the machine can, its default; the page times them):
/// `{"games", "moves"}`, or `{"error"}` for rules that do not check.
#[wasm_bindgen]
pub fn playouts(text: &str, games: u64, seed: u64) -> String {
    let m = match machine(text) {
        Ok(m) => m,
        Err(error) => return json!({ "error": error }).to_string(),
    };
    let mut p = Playouts::new(&m).by_rejection(true);
    let stats =
        (0..games.min(MAX_GAMES)).fold(Default::default(), |s: sowspec::playout::Stats, g| s.merge(p.game(seed, g)));
    json!({ "games": stats.games, "moves": stats.moves }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const KALAH: &str = include_str!("../../../rules/kalah.rules");

    #[test]
    fn chunks_make_the_same_games_as_one_run() {
        let mut chunked = Survey::new(KALAH, "kalah", "random", 0, 50, 7).unwrap();
        assert_eq!(chunked.play(20), 20);
        assert_eq!(chunked.play(100), 50, "no more than asked");
        let mut whole = Survey::new(KALAH, "kalah", "random", 0, 50, 7).unwrap();
        whole.play(50);
        assert_eq!(chunked.finish(), whole.finish());
        let figures: serde_json::Value = serde_json::from_str(&whole.finish()).unwrap();
        assert!(figures["svg"].as_str().unwrap().starts_with("<svg"));
        // The very games `bench --seed 7` plays: as many moves in all.
        let page: serde_json::Value = serde_json::from_str(&playouts(KALAH, 50, 7)).unwrap();
        let m = Machine::new(sowspec::check(KALAH).unwrap());
        let cfg = sowspec::parallel::Config { games: 50, seed: 7, rejection: true, ..Default::default() };
        let bench = sowspec::parallel::run(&m, &cfg, &|_| {});
        assert_eq!(page["games"], 50);
        assert_eq!(page["moves"], bench.stats.moves);
    }

    #[test]
    fn bad_requests_are_refused() {
        assert!(Survey::new(KALAH, "k", "search", 9, 10, 0).is_err());
        assert!(Survey::new(KALAH, "k", "perfect", 1, 10, 0).is_err());
        assert!(Survey::new(KALAH, "k", "random", 1, 0, 0).is_err());
        assert!(Survey::new("game {", "k", "random", 1, 10, 0).err().unwrap().contains("fix them first"));
        assert!(playouts("game {", 1, 0).contains("error"));
    }
}
