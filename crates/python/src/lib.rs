//! sowspec from Python: the native module `sowspec._sowspec` under the
//! `sowspec` package (`crates/python/python/sowspec`).
//!
//! A thin layer over the `sowspec` library: a [`Game`] is a checked rules
//! file and its machine, a [`State`] a position of it. Everything the
//! module computes is the library's: moves and positions
//! ([`sowspec::Machine`]), the JSON position protocol
//! ([`sowspec::protocol`]), traces ([`sowspec::trace`], described as
//! `sowspec trace` describes them), counts ([`sowspec::perft`]) and
//! statistics ([`sowspec::stats`], the figures of `sowspec stats --json`).
//!
//! Errors are Python exceptions, never panics: rules that do not check
//! raise `sowspec.RulesError` with every diagnostic, an illegal move
//! `sowspec.IllegalMoveError` with the reason, a bad position document
//! `sowspec.PositionError` with every field at fault (the classes are
//! defined in the package's Python layer, `sowspec/_errors.py`). Long calls
//! (perft, statistics, playouts) release the GIL.

mod action;
mod errors;
mod game;
mod state;
mod survey;

pub use game::Game;
pub use state::{State, Step};

use pyo3::prelude::*;

/// The native module: `Game`, `State`, `Step`, and the statistics
/// document of several games' records ([`survey::stats_document`]).
#[pymodule]
fn _sowspec(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<Step>()?;
    m.add_function(wrap_pyfunction!(survey::stats_document, m)?)?;
    m.add("DEFAULT_MAX_PLIES", sowspec::playout::DEFAULT_MAX_PLIES)?;
    Ok(())
}
