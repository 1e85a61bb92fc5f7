//! `State`: a position of a game, immutable; moves make new states.

use crate::game::{Game, Loaded};
use crate::{action, errors};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sowspec::protocol::PositionDoc;
use sowspec::render::{self, cited_line, Paint};
use sowspec::trace::{Event, EventKind};
use sowspec::{Illegal, Move, Outcome, Player, Position};
use std::sync::Arc;

/// A position of a game: the seeds in each hole and off the board, who is
/// to move, the round, and the result once the game is over. Immutable:
/// `play` returns a new state.
#[pyclass(frozen, module = "sowspec._sowspec")]
pub struct State {
    game: Arc<Loaded>,
    pos: Position,
}

impl State {
    /// `pos`, a position of `game`'s machine.
    pub fn of(game: Arc<Loaded>, pos: Position) -> State {
        State { game, pos }
    }

    /// The position, if it is one of `game`'s.
    pub fn position_of(&self, _py: Python<'_>, game: &Arc<Loaded>) -> PyResult<&Position> {
        game.machine.owns(&self.pos).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(&self.pos)
    }

    /// Reads a move as text (`c`, `c+`), or refuses it with the reason.
    fn parse(&self, py: Python<'_>, text: &str) -> PyResult<Move> {
        Move::parse(text.trim()).ok_or_else(|| {
            let why = "not a move: give a hole letter (`c`), with `+` or `-` where the player chooses the direction";
            errors::not_a_move(py, text, why.to_string())
        })
    }

    /// The state after `mv` (written `shown`), or the reason it is illegal.
    fn after(&self, py: Python<'_>, mv: Move, shown: &str) -> PyResult<State> {
        let next = self.game.machine.play(&self.pos, mv).map_err(|e| errors::illegal(py, shown, &e))?;
        Ok(State::of(self.game.clone(), next))
    }
}

/// The error for an action number out of the game's range.
fn no_such_action(py: Python<'_>, m: &sowspec::Machine, action: u32) -> PyErr {
    let why = format!("no such action: the game's actions are 0 to {}", action::count(m).saturating_sub(1));
    errors::not_a_move(py, &action.to_string(), why)
}

/// `"south"`, `"north"` or `None`.
fn side(p: Option<Player>) -> Option<&'static str> {
    p.map(Player::name)
}

/// Reads `"south"`/`"north"` or 0/1.
fn player_arg(p: &Bound<'_, PyAny>) -> PyResult<Player> {
    if let Ok(i) = p.extract::<i64>() {
        return match i {
            0 => Ok(Player::South),
            1 => Ok(Player::North),
            _ => Err(PyValueError::new_err(format!("player {i}: give 0 (south) or 1 (north)"))),
        };
    }
    match p.extract::<String>()?.as_str() {
        "south" => Ok(Player::South),
        "north" => Ok(Player::North),
        other => Err(PyValueError::new_err(format!("player {other:?}: give \"south\" or \"north\""))),
    }
}

#[pymethods]
impl State {
    /// The game this is a position of.
    #[getter]
    fn game(&self) -> Game {
        Game::of(self.game.clone())
    }

    /// The player to move, `"south"` (who moves first) or `"north"`;
    /// `None` once the game is over.
    #[getter]
    fn to_move(&self) -> Option<&'static str> {
        side(self.pos.to_move())
    }

    /// The seeds in each hole, a list per row: South's rows, then North's,
    /// each in its owner's letter order (`a` first, counterclockwise). On
    /// four rows each player's outer row (`a`…) comes before their inner row.
    #[getter]
    fn board(&self) -> Vec<Vec<u16>> {
        let m = &self.game.machine;
        let per_row = m.rules().board().holes;
        let mut rows = Vec::new();
        for p in Player::BOTH {
            for start in (0..m.holes()).step_by(usize::from(per_row.max(1))) {
                rows.push(
                    (start..start + per_row).map(|i| self.pos.seeds(usize::from(m.cell(p, i)))).collect::<Vec<_>>(),
                );
            }
        }
        rows
    }

    /// Seeds each player holds off the board (store and reserve):
    /// `{"south": …, "north": …}`.
    #[getter]
    fn captured<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for p in Player::BOTH {
            dict.set_item(p.name(), self.game.machine.captured(&self.pos, p))?;
        }
        Ok(dict)
    }

    /// The result once the game is over: `"south"` or `"north"` (the
    /// winner) or `"draw"`; `None` while it goes on.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.pos.result().map(|o| match o {
            Outcome::Win(p) => p.name(),
            Outcome::Draw => "draw",
        })
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.pos.result().is_some() || self.pos.to_move().is_none()
    }

    /// The round being played, from 1.
    #[getter]
    fn round(&self) -> u32 {
        self.pos.round()
    }

    /// The legal moves of the player to move, as text: a hole letter
    /// (`c`), with `+` or `-` where the player chooses the direction, and
    /// the decisions inside the move where the rules ask for them
    /// (`g/N.e/N.b`): complete moves.
    fn legal_moves(&self) -> Vec<String> {
        let complete = self.game.machine.legal_moves(&self.pos).unwrap_or_default();
        complete.iter().map(ToString::to_string).collect()
    }

    /// The state after `move` (text, as `legal_moves` writes it).
    ///
    /// Raises `IllegalMoveError` with the reason when the move is illegal.
    #[pyo3(name = "play", text_signature = "($self, move)")]
    fn play_move(&self, py: Python<'_>, r#move: &str) -> PyResult<State> {
        let mv = self.parse(py, r#move)?;
        self.after(py, mv, r#move)
    }

    /// The legal moves as actions of the fixed encoding, ascending: action
    /// `a` lifts hole `a mod H` (0 is `a`; `H` is `Game.move_holes`), sown
    /// `-` when `a >= H` where the player chooses the direction.
    fn legal_actions(&self) -> Vec<u32> {
        let m = &self.game.machine;
        let mut actions: Vec<u32> = self.pos.legal_moves().map(|mv| action::of_move(m, mv)).collect();
        actions.sort_unstable();
        actions
    }

    /// The legal actions as a 0/1 mask of `Game.num_actions` entries.
    fn action_mask(&self) -> Vec<u32> {
        let mut mask = vec![0; action::count(&self.game.machine) as usize];
        for a in self.legal_actions() {
            mask[a as usize] = 1;
        }
        mask
    }

    /// The state after action `action` (see `legal_actions`).
    ///
    /// Raises `IllegalMoveError` when it is no action of the game or not legal.
    fn play_action(&self, py: Python<'_>, action: u32) -> PyResult<State> {
        let m = &self.game.machine;
        let mv = action::to_move(m, action).ok_or_else(|| no_such_action(py, m, action))?;
        self.after(py, mv, &mv.to_string())
    }

    /// The move (text) of action `action`.
    ///
    /// Raises `IllegalMoveError` when it is no action of the game.
    fn action_to_move(&self, py: Python<'_>, action: u32) -> PyResult<String> {
        let m = &self.game.machine;
        action::to_move(m, action).map(|mv| mv.to_string()).ok_or_else(|| no_such_action(py, m, action))
    }

    /// The action of move `move` (text).
    ///
    /// Raises `IllegalMoveError` when the text is no move, or names a
    /// direction the rules do not let the player choose (or none where they do).
    #[pyo3(text_signature = "($self, move)")]
    fn move_to_action(&self, py: Python<'_>, r#move: &str) -> PyResult<u32> {
        let m = &self.game.machine;
        let mv = self.parse(py, r#move)?;
        if mv.place && !m.places() {
            let e = sowspec::IllegalMove { reason: Illegal::NoPlacing, position: Box::new(self.pos.clone()) };
            return Err(errors::illegal(py, r#move, &e));
        }
        if mv.sense.is_some() != m.chosen() || mv.hole.index() >= m.move_holes() {
            let e = sowspec::IllegalMove {
                reason: if mv.sense.is_some() != m.chosen() {
                    Illegal::Direction { chosen: m.chosen() }
                } else {
                    Illegal::NoSuchHole
                },
                position: Box::new(self.pos.clone()),
            };
            return Err(errors::illegal(py, r#move, &e));
        }
        Ok(action::of_move(m, mv))
    }

    /// What `player` (`"south"`/`"north"` or 0/1) sees, as numbers: the
    /// seeds of each of their holes (letter order, `a` first), then each of
    /// their opponent's, then the seeds they hold off the board, then their
    /// opponent's, then 1 if they are to move (else 0). The same length for
    /// both players: `2 × holes per player + 3` (`Game.observation_size`).
    /// Rules that keep a memory add, for each mark, whether it is on each of
    /// their holes then each of their opponent's (1 or 0), then each value
    /// (a value kept per player: theirs, then their opponent's).
    fn observation(&self, player: &Bound<'_, PyAny>) -> PyResult<Vec<f32>> {
        let me = player_arg(player)?;
        let m = &self.game.machine;
        let mut out = Vec::with_capacity(2 * usize::from(m.holes()) + 3);
        for p in [me, me.other()] {
            out.extend((0..m.holes()).map(|i| f32::from(self.pos.seeds(usize::from(m.cell(p, i))))));
        }
        for p in [me, me.other()] {
            out.push(m.captured(&self.pos, p) as f32);
        }
        out.push(if self.pos.to_move() == Some(me) { 1.0 } else { 0.0 });
        // What the rules remember (`memory`): each mark on each hole, then each value.
        if let Some(memory) = self.pos.memory() {
            let decl = m.rules().memory();
            for k in 0..decl.marks.len() as u8 {
                for p in [me, me.other()] {
                    out.extend((0..m.holes()).map(|i| f32::from(u8::from(memory.marked(k, m.cell(p, i))))));
                }
            }
            for v in &decl.values {
                let whose: &[usize] = if v.per_player { &[me.index(), me.other().index()] } else { &[0] };
                out.extend(whose.iter().map(|&i| memory.value(v.slot() + i as u8) as f32));
            }
        }
        Ok(out)
    }

    /// The position as a JSON document of the engine protocol (what
    /// `sowspec play --json` prints; `Game.state_from_json` reads it back).
    fn to_json(&self) -> PyResult<String> {
        let doc = PositionDoc::of(&self.game.machine, &self.pos);
        serde_json::to_string(&doc).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The steps of `move` from this state, each with the rules-file line
    /// that caused it (as `sowspec trace` shows them).
    ///
    /// Raises `IllegalMoveError` when the move is illegal.
    #[pyo3(text_signature = "($self, move)")]
    fn trace(&self, py: Python<'_>, r#move: &str) -> PyResult<Vec<Step>> {
        let mv = self.parse(py, r#move)?;
        let m = &self.game.machine;
        let mut events: Vec<Event> = Vec::new();
        m.play_traced(&self.pos, mv, &mut events).map_err(|e| errors::illegal(py, r#move, &e))?;
        let mut lap = 1;
        let mut steps = Vec::with_capacity(events.len());
        for e in &events {
            if let EventKind::LapEnd { laps, .. } = e.kind {
                lap = laps + 1;
            }
            let cited = e.span.map(|s| cited_line(&self.game.source, s));
            steps.push(Step {
                kind: kind_name(&e.kind),
                text: render::describe(m, e, lap, Paint::Plain),
                line: cited.as_ref().map(|c| c.0),
                column: cited.as_ref().map(|c| c.1),
                rule: cited.map(|c| c.2),
            });
        }
        Ok(steps)
    }

    /// The steps of `move` as `sowspec trace` prints them (a `str`).
    ///
    /// Raises `IllegalMoveError` when the move is illegal.
    #[pyo3(text_signature = "($self, move)")]
    fn trace_text(&self, py: Python<'_>, r#move: &str) -> PyResult<String> {
        let mv = self.parse(py, r#move)?;
        let m = &self.game.machine;
        let mut events: Vec<Event> = Vec::new();
        m.play_traced(&self.pos, mv, &mut events).map_err(|e| errors::illegal(py, r#move, &e))?;
        Ok(render::trace(m, &events, &self.game.file, &self.game.source, Paint::Plain))
    }

    /// The board as `sowspec play` draws it (South at the bottom).
    fn render(&self) -> String {
        render::board(&self.game.machine, &self.pos)
    }

    fn __str__(&self) -> String {
        self.render()
    }

    /// The same state (states are immutable).
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// The same state (states are immutable).
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __repr__(&self) -> String {
        let who = match (self.result(), self.to_move()) {
            (Some(r), _) => format!("over: {r}"),
            (None, Some(p)) => format!("{p} to move"),
            (None, None) => "no one to move".to_string(),
        };
        format!("<sowspec.State of {:?}, {who}, board {:?}>", self.game.name, self.board())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<State>().is_ok_and(|o| o.get().pos == self.pos)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.pos.hash(&mut h);
        h.finish()
    }
}

/// The event kind's name, as a `Step.kind`: `lift`, `drop`, `capture`, ….
fn kind_name(k: &EventKind) -> String {
    let debug = format!("{k:?}");
    let name = debug.split([' ', '{', '(']).next().unwrap_or("");
    // CamelCase to snake_case: `LapEnd` → `lap_end`.
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// One step of a move: what happened, and the rules-file line that caused it.
#[pyclass(frozen, get_all, module = "sowspec._sowspec")]
pub struct Step {
    /// The kind of step: `lift`, `drop`, `lap_end`, `relay`, `sowing_end`,
    /// `capture`, `extra_turn`, `game_end`, ….
    kind: String,
    /// The step as `sowspec trace` describes it (`capture N.c (2 seeds) → South`).
    text: String,
    /// The line of the rules file that caused it (1-based), if a rule did.
    line: Option<usize>,
    /// Its column (1-based).
    column: Option<usize>,
    /// That line's text (`on sowing_end when …`).
    rule: Option<String>,
}

#[pymethods]
impl Step {
    fn __repr__(&self) -> String {
        match (&self.line, &self.rule) {
            (Some(l), Some(r)) => format!("<Step {}  (line {l}: {r})>", self.text),
            _ => format!("<Step {}>", self.text),
        }
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}
