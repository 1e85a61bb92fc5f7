//! `Game`: a checked rules file and the machine that plays it.

use crate::state::State;
use crate::{action, errors, survey};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sowspec::playout::DEFAULT_MAX_PLIES;
use sowspec::protocol::parse_position;
use sowspec::{check, Machine};
use std::path::PathBuf;
use std::sync::Arc;

/// A game's rules, checked and lowered, with what a Python object needs to
/// report on them: the text, the name it is known by, the round setting.
pub struct Loaded {
    /// The machine that plays the rules.
    pub machine: Machine,
    /// The rules file's text.
    pub source: String,
    /// The name of the rules (the file's stem, as `sowspec stats` heads its
    /// column), and the file named in diagnostics and traces.
    pub name: String,
    /// The file the rules came from, as given (or `name` for a text).
    pub file: String,
}

/// How a game pickles: `Game.from_source` and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (String, String, String, bool));

/// A mancala game: a rules file, checked, with the machine that plays it.
///
/// Load one with `Game.load(path_or_text)` or
/// `Game.from_source(text, name=…, file=…)`.
#[pyclass(frozen, module = "sowspec._sowspec")]
pub struct Game {
    pub(crate) inner: Arc<Loaded>,
}

impl Game {
    /// The game of `inner`.
    pub fn of(inner: Arc<Loaded>) -> Game {
        Game { inner }
    }
}

#[pymethods]
impl Game {
    /// Loads a rules file (a path: `str` or `os.PathLike`), or rules text
    /// (a `str` holding a `{` or a line break). The variant's name is the
    /// file's stem (`"rules"` for a text); `one_round` plays a single round
    /// of a match.
    ///
    /// Raises `RulesError`, carrying every diagnostic with its line and
    /// column, when the rules do not check, and `OSError` when the file
    /// cannot be read.
    #[staticmethod]
    #[pyo3(signature = (path_or_text, one_round = false))]
    fn load(py: Python<'_>, path_or_text: &Bound<'_, PyAny>, one_round: bool) -> PyResult<Game> {
        if let Ok(text) = path_or_text.extract::<String>() {
            if text.contains('{') || text.contains('\n') {
                return Game::from_source(py, &text, "rules", None, one_round);
            }
        }
        let path: PathBuf = path_or_text.extract()?;
        let source = std::fs::read_to_string(&path)
            .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())))?;
        let name = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        Game::from_source(py, &source, &name, Some(&path.display().to_string()), one_round)
    }

    /// Checks rules text and builds its machine. `name` is the variant's
    /// name in statistics (a file's stem), `file` the file named in
    /// diagnostics and traces; `one_round` plays a single round of a match.
    ///
    /// Raises `RulesError`, carrying every diagnostic, when the text does
    /// not check.
    #[staticmethod]
    #[pyo3(signature = (source, name = "rules", file = None, one_round = false))]
    fn from_source(py: Python<'_>, source: &str, name: &str, file: Option<&str>, one_round: bool) -> PyResult<Game> {
        let file = file.unwrap_or(name).to_string();
        let rules = check(source).map_err(|diags| errors::rules(py, &diags, &file, source))?;
        let machine = Machine::new(rules).with_one_round(one_round);
        Ok(Game::of(Arc::new(Loaded { machine, source: source.to_string(), name: name.to_string(), file })))
    }

    /// The game's name as its rules write it (`game "Kalah" { … }`).
    #[getter]
    fn title(&self) -> String {
        self.inner.machine.rules().name().to_string()
    }

    /// The variant's name: the rules file's stem (as `sowspec stats` heads
    /// its column).
    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    /// The file the rules came from (or the name given for a text).
    #[getter]
    fn file(&self) -> &str {
        &self.inner.file
    }

    /// The rules file's text.
    #[getter]
    fn source(&self) -> &str {
        &self.inner.source
    }

    /// Rows on the board (2 or 4).
    #[getter]
    fn rows(&self) -> u8 {
        self.inner.machine.rules().board().rows
    }

    /// Holes in each row.
    #[getter]
    fn holes_per_row(&self) -> u8 {
        self.inner.machine.rules().board().holes
    }

    /// Whether players choose the direction of each move (moves `c+`, `c-`).
    #[getter]
    fn chosen_direction(&self) -> bool {
        self.inner.machine.chosen()
    }

    /// Whether the rules play a match of rounds (and this game is not set to
    /// play one round).
    #[getter]
    fn has_rounds(&self) -> bool {
        self.inner.machine.rules().rounds().is_some() && !self.inner.machine.is_one_round()
    }

    /// Whether a rule asks the mover to decide inside a move (`choose`):
    /// moves then carry decisions (`g/N.e`), which the fixed action
    /// encoding does not name.
    #[getter]
    fn decides(&self) -> bool {
        self.inner.machine.decides()
    }

    /// Whether a player lays out each round at its start (`refill …
    /// chosen`): such a layout (`=a.c`) is a move no action number names,
    /// so the OpenSpiel and PettingZoo adapters refuse these rules.
    #[getter]
    fn lays_out(&self) -> bool {
        self.inner.machine.rules().lays_out()
    }

    /// Whether each game's start is drawn at random (`seeds drawn …`).
    #[getter]
    fn drawn_start(&self) -> bool {
        self.inner.machine.rules().drawn().is_some()
    }

    /// How many actions the fixed action encoding has (see `State.legal_actions`).
    #[getter]
    fn num_actions(&self) -> u32 {
        action::count(&self.inner.machine)
    }

    /// The length of `State.observation`: each player's holes, the seeds
    /// each holds off the board, and who is to move; then, for rules that
    /// keep a memory, each mark on each hole and each value.
    #[getter]
    fn observation_size(&self) -> usize {
        let m = &self.inner.machine;
        let memory = m.rules().memory();
        let marks = memory.marks.len() * 2 * usize::from(m.holes());
        let values: usize = memory.values.iter().map(|v| 1 + usize::from(v.per_player)).sum();
        2 * usize::from(m.holes()) + 3 + marks + values
    }

    /// How many hole letters a player moves from (`H` of the action encoding).
    #[getter]
    fn move_holes(&self) -> u8 {
        self.inner.machine.move_holes()
    }

    /// The seeds on the board and off it at the start.
    #[getter]
    fn total_seeds(&self) -> u32 {
        let m = &self.inner.machine;
        let pos = m.initial();
        (0..2 * u32::from(m.holes())).map(|c| u32::from(pos.seeds(c as usize))).sum::<u32>()
            + m.captured(&pos, sowspec::Player::South)
            + m.captured(&pos, sowspec::Player::North)
    }

    /// The position at the start of the game. For a drawn start (`seeds
    /// drawn …`), `draw` seeds the draw (the same seed, the same start; 0
    /// when not given); for other rules it is ignored.
    #[pyo3(signature = (draw = None))]
    fn initial(&self, draw: Option<u64>) -> State {
        let m = &self.inner.machine;
        State::of(self.inner.clone(), m.initial_drawn(draw.unwrap_or(0)))
    }

    /// The position a JSON document of the engine protocol describes (a
    /// `str`, or a `dict` as `json.loads` gives it), checked against the
    /// rules.
    ///
    /// Raises `PositionError` naming every field at fault.
    fn state_from_json(&self, py: Python<'_>, doc: &Bound<'_, PyAny>) -> PyResult<State> {
        let text: String = match doc.cast::<PyDict>() {
            Ok(dict) => py.import("json")?.call_method1("dumps", (dict,))?.extract()?,
            Err(_) => doc.extract()?,
        };
        let parsed = parse_position(&text).map_err(|e| errors::position(py, &e.into()))?;
        let pos = parsed.to_position(&self.inner.machine).map_err(|e| errors::position(py, &e))?;
        Ok(State::of(self.inner.clone(), pos))
    }

    /// The number of move sequences of `depth` plies from the start (or
    /// from `state`): the move-generation check (`sowspec perft`). The
    /// count grows about as fast as the branching factor to the depth:
    /// depth 12 of a six-hole game takes seconds. Releases the GIL.
    #[pyo3(signature = (depth, state = None))]
    fn perft(&self, py: Python<'_>, depth: u32, state: Option<&State>) -> PyResult<u64> {
        let m = &self.inner.machine;
        let pos = match state {
            Some(s) => s.position_of(py, &self.inner)?.clone(),
            None => m.initial(),
        };
        let count = py.detach(|| sowspec::perft::perft(m, &pos, depth));
        count.map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The figures of `sowspec stats RULES --json` for this game: `games`
    /// games seeded `seed` (game `i` depends on the seed and `i` alone),
    /// `player` on both sides (`"random"`, `"greedy"` or `"search"` to
    /// `depth` plies), each stopped after `max_plies` plies. Returns the
    /// JSON document, read as a `dict`: the run's setup and `variants`, a
    /// list holding this game's figures. `threads` (0: one per core) does
    /// not change the figures. Releases the GIL.
    #[pyo3(signature = (games = 1000, seed = 1, player = "random", depth = 3, max_plies = DEFAULT_MAX_PLIES, threads = 0))]
    #[allow(clippy::too_many_arguments)]
    fn stats<'py>(
        &self,
        py: Python<'py>,
        games: u64,
        seed: u64,
        player: &str,
        depth: u32,
        max_plies: u64,
        threads: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let setup = survey::Setup::new(games, seed, player, depth, max_plies)?;
        let m = &self.inner.machine;
        let records = py.detach(|| survey::all(m, &setup, threads));
        let text = survey::document(&setup, &[(&*self.inner, records)]);
        py.import("json")?.call_method1("loads", (text,))
    }

    /// Games `start..stop` of a statistics run seeded `seed`, each game
    /// exactly as the whole run plays it: one record per game,
    /// `(plies, choices, captures, endless, rounds, outcome)` with outcome
    /// `"south"`, `"north"`, `"draw"` or `None` (stopped at the ply limit).
    /// For spreading a run over machines (`sowspec.stats(…, ray=True)`).
    /// Releases the GIL.
    #[pyo3(signature = (seed, start, stop, player = "random", depth = 3, max_plies = DEFAULT_MAX_PLIES))]
    #[allow(clippy::too_many_arguments)]
    fn survey(
        &self,
        py: Python<'_>,
        seed: u64,
        start: u64,
        stop: u64,
        player: &str,
        depth: u32,
        max_plies: u64,
    ) -> PyResult<Vec<survey::RecordTuple>> {
        let setup = survey::Setup::new(stop.saturating_sub(start), seed, player, depth, max_plies)?;
        let m = &self.inner.machine;
        let records = py.detach(|| survey::range(m, &setup, start..stop.max(start)));
        Ok(records.iter().map(survey::to_tuple).collect())
    }

    /// Plays `games` uniformly random games from the start, game `i` seeded
    /// from `(seed, i)`, each stopped after `max_plies` plies, on one
    /// thread; returns the plies played in all (for measuring speed).
    /// Releases the GIL.
    #[pyo3(signature = (games, seed = 0, max_plies = DEFAULT_MAX_PLIES))]
    fn playouts(&self, py: Python<'_>, games: u64, seed: u64, max_plies: u64) -> u64 {
        let m = &self.inner.machine;
        py.detach(|| {
            let mut p = sowspec::playout::Playouts::new(m).with_max_plies(max_plies);
            (0..games).map(|g| p.game(seed, g).moves).sum()
        })
    }

    /// Pickles as its rules text, name, file and round setting.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let me = slf.get();
        let ctor = slf.getattr("from_source")?;
        let i = &me.inner;
        Ok((ctor, (i.source.clone(), i.name.clone(), i.file.clone(), i.machine.is_one_round())))
    }

    fn __repr__(&self) -> String {
        format!("<sowspec.Game {:?} from {}>", self.title(), self.inner.file)
    }
}
