//! Conformance: replaying recorded games against an engine and comparing
//! every expected position. The corpus is separate from the engine: any
//! implementation that can replay a game behind [`Engine`] can be tested.
//!
//! - [`fixture`]: the recorded games, YAML files (the only module that
//!   knows the YAML crate);
//! - [`Engine`]: what is tested; [`MachineEngine`] (in `machine`):
//!   sowspec's own machine behind it, which keeps the last game it
//!   replayed for traces and can verify its kernel as it goes;
//! - [`verify`] (in `verdict`): one fixture replayed and judged, a
//!   structured [`Verdict`];
//! - [`wire`], [`serve`], [`process`]: the engine protocol
//!   (`docs/PROTOCOL.md`), sowspec's machine behind it, and an engine in
//!   another process tested through it ([`child`] runs that process);
//! - [`export`]: the corpus as self-contained JSON, one object per game;
//! - [`start`]: where a game starts (a drawn setup needs its start given).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod child;
pub mod export;
pub mod fixture;
mod machine;
pub mod process;
pub mod serve;
pub mod start;
mod verdict;
pub mod wire;

pub use machine::{Game, MachineEngine, TraceError};
pub use verdict::{judge, verify, Failure, Internal, Verdict};

use sowspec_core::protocol::PositionDoc;
use std::path::{Path, PathBuf};

/// One game to replay.
#[derive(Clone, Copy, Debug)]
pub struct GameSpec<'a> {
    /// The rules file.
    pub rules: &'a Path,
    /// Stop after the first round of a match.
    pub one_round: bool,
    /// The start position, or the rules' initial position.
    pub from: Option<&'a PositionDoc>,
    /// The moves, as hole letters.
    pub moves: &'a [String],
}

/// What an engine made of a game: the start, then one position per move it
/// accepted, and why it refused the next move if it did.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    /// Positions: the start, then after each accepted move.
    pub positions: Vec<PositionDoc>,
    /// Why the move after the last position was refused, if one was.
    pub refused: Option<String>,
    /// The engine's own check failed (engines that check themselves, like
    /// a verifying [`MachineEngine`]): the first such error.
    pub internal: Option<Internal>,
    /// How the engine failed instead of answering the request after the
    /// last position (a crash, a timeout, a reply that is not the protocol).
    pub broken: Option<String>,
}

/// An implementation under test.
pub trait Engine {
    /// Replays a game.
    ///
    /// # Errors
    /// The game cannot be set up (the rules file or the start position is
    /// not accepted); the message says why.
    fn replay(&mut self, game: &GameSpec<'_>) -> Result<Replay, String>;

    /// Why the engine cannot play a game at all (a variant or a feature it
    /// lacks), so that the game is skipped rather than failed.
    fn skip(&mut self, _game: &GameSpec<'_>) -> Option<String> {
        None
    }
}

/// Every `*.yaml` fixture under `dir`, sorted by path.
///
/// # Errors
/// A folder cannot be read.
pub fn find_fixtures(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}
