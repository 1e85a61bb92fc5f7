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
    /// last position (a crash, a timeout, a reply that is not the
    /// protocol), or, after the last position, by writing a line that no
    /// request asked for.
    pub broken: Option<Broken>,
}

/// How an engine failed instead of answering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The kind of failure: failures of one kind are failures "the same way".
    pub kind: Breach,
    /// What happened, for people.
    pub message: String,
}

/// The kinds of engine failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Breach {
    /// No reply within the time limit.
    Timeout,
    /// The engine exited, or closed its output.
    Exited,
    /// A line that is not a reply: not JSON, not an object, no boolean
    /// `ok`, too long, not UTF-8.
    NotAReply,
    /// A reply without the fields its request needs, or with a field of the
    /// wrong shape.
    WrongReply,
    /// An error other than `illegal_move` in reply to a move.
    WrongError,
    /// A line that answers no request: more replies than requests.
    Unasked,
    /// The engine could not be started again, or not written to.
    Unreachable,
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Breach::Timeout => "no reply in time",
            Breach::Exited => "the engine exited",
            Breach::NotAReply => "a line that is not a reply of the protocol",
            Breach::WrongReply => "a reply without the fields it needs",
            Breach::WrongError => "an error other than `illegal_move` in reply to a move",
            Breach::Unasked => "a line that answers no request",
            Breach::Unreachable => "the engine could not be started again or written to",
        })
    }
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
