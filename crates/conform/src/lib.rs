//! Conformance: replaying recorded games against an engine and comparing
//! every expected position. The corpus is separate from the engine: any
//! implementation that can replay a game behind [`Engine`] can be tested.
//!
//! - [`fixture`]: the recorded games, YAML files (the only module that
//!   knows the YAML crate);
//! - [`Engine`], [`MachineEngine`]: what is tested, and sowspec's own machine
//!   behind it;
//! - [`verify`]: one fixture replayed and judged, a structured [`Verdict`];
//! - [`wire`], [`serve`], [`process`]: the engine protocol
//!   (`docs/PROTOCOL.md`), sowspec's machine behind it, and an engine in
//!   another process tested through it ([`child`] runs that process);
//! - [`export`]: the corpus as self-contained JSON, one object per game.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod child;
pub mod export;
pub mod fixture;
pub mod process;
pub mod serve;
pub mod wire;

use crate::fixture::{Expectation, Loaded};
use sowspec_core::protocol::{PositionDoc, Winner};
use sowspec_core::{Machine, Move};
use std::collections::HashMap;
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

impl<'a> GameSpec<'a> {
    /// The game a fixture records.
    pub fn of(loaded: &'a Loaded) -> GameSpec<'a> {
        let f = &loaded.fixture;
        GameSpec { rules: &loaded.rules_path, one_round: f.one_round, from: f.from.as_ref(), moves: &f.moves }
    }
}

/// What an engine made of a game: the start, then one position per move it
/// accepted, and why it refused the next move if it did.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    /// Positions: the start, then after each accepted move.
    pub positions: Vec<PositionDoc>,
    /// Why the move after the last position was refused, if one was.
    pub refused: Option<String>,
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

/// sowspec's own machine as an [`Engine`], loading each rules file once.
#[derive(Default)]
pub struct MachineEngine {
    machines: HashMap<(PathBuf, bool), Machine>,
}

impl MachineEngine {
    /// The machine for a rules file, loaded and checked on first use.
    ///
    /// # Errors
    /// The rules file cannot be read or does not check.
    pub fn machine(&mut self, rules: &Path, one_round: bool) -> Result<&Machine, String> {
        let key = (rules.to_path_buf(), one_round);
        if !self.machines.contains_key(&key) {
            let source = std::fs::read_to_string(rules).map_err(|e| format!("cannot read {}: {e}", rules.display()))?;
            let ruleset = sowspec_core::check(&source).map_err(|d| {
                let problems = if d.len() == 1 { "1 problem".to_string() } else { format!("{} problems", d.len()) };
                format!("{} does not check ({problems}; run `sowspec check` on it)", rules.display())
            })?;
            self.machines.insert(key.clone(), Machine::new(ruleset).with_one_round(one_round));
        }
        Ok(&self.machines[&key])
    }
}

impl Engine for MachineEngine {
    fn replay(&mut self, game: &GameSpec<'_>) -> Result<Replay, String> {
        let m = self.machine(game.rules, game.one_round)?;
        let mut pos = match game.from {
            Some(doc) => m.position_from(doc).map_err(|e| format!("the start position is not accepted: {e}"))?,
            None => m.initial(),
        };
        let mut replay = Replay { positions: vec![m.to_doc(&pos)], ..Replay::default() };
        for mv in game.moves {
            let Some(parsed) = Move::parse(mv) else {
                replay.refused = Some(format!(
                    "`{mv}` is not a move: a hole letter, with `+` or `-` where the player chooses the direction"
                ));
                break;
            };
            match m.play(&pos, parsed) {
                Ok(next) => pos = next,
                Err(e) => {
                    replay.refused = Some(e.to_string());
                    break;
                }
            }
            replay.positions.push(m.to_doc(&pos));
        }
        Ok(replay)
    }
}

/// How a fixture failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The game could not be set up.
    Setup(String),
    /// The engine refused a move.
    Refused {
        /// The ply of the refused move (1-based).
        ply: usize,
        /// Its letter.
        mv: String,
        /// The engine's reason.
        reason: String,
    },
    /// A position differs from the expectation.
    Diverged {
        /// After how many moves.
        ply: usize,
        /// `(field, expected, actual)`.
        differences: Vec<(&'static str, String, String)>,
    },
    /// The engine failed (crashed, timed out, broke the protocol) instead
    /// of answering.
    Broken {
        /// The ply whose answer failed: 0 while starting the game.
        ply: usize,
        /// What happened.
        message: String,
    },
    /// The final result differs.
    Result {
        /// Expected.
        expected: Winner,
        /// What the engine reached (`None`: the game is not over).
        actual: Option<Winner>,
    },
}

/// The outcome of one fixture.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Positions compared (expectations checked before any failure).
    pub checked: usize,
    /// The first failure, if any.
    pub failure: Option<Failure>,
}

/// Replays one fixture on `engine` and compares every expectation, in ply order.
pub fn verify(engine: &mut dyn Engine, loaded: &Loaded) -> Verdict {
    let f = &loaded.fixture;
    let replay = match engine.replay(&GameSpec::of(loaded)) {
        Ok(r) => r,
        Err(e) => return Verdict { checked: 0, failure: Some(Failure::Setup(e)) },
    };
    // Why the replay stops where it does: the engine refused a move, or broke.
    let stopped = || {
        let ply = replay.positions.len();
        match (&replay.refused, &replay.broken) {
            (Some(reason), None) if ply > 0 => {
                Failure::Refused { ply, mv: f.moves[ply - 1].clone(), reason: reason.clone() }
            }
            (_, Some(message)) => Failure::Broken { ply, message: message.clone() },
            _ => Failure::Broken { ply, message: "the engine stopped answering without saying why".to_string() },
        }
    };
    let mut expect: Vec<&Expectation> = f.expect.iter().collect();
    expect.sort_by_key(|e| e.ply);
    let mut checked = 0;
    for e in expect {
        let Some(actual) = replay.positions.get(e.ply) else {
            return Verdict { checked, failure: Some(stopped()) };
        };
        let differences = e.differences(actual);
        if !differences.is_empty() {
            return Verdict { checked, failure: Some(Failure::Diverged { ply: e.ply, differences }) };
        }
        checked += 1;
    }
    if replay.refused.is_some() || replay.broken.is_some() {
        return Verdict { checked, failure: Some(stopped()) };
    }
    if let Some(expected) = f.result {
        let actual = replay.positions.last().and_then(|p| p.result).map(|r| r.winner);
        if actual != Some(expected) {
            return Verdict { checked, failure: Some(Failure::Result { expected, actual }) };
        }
    }
    Verdict { checked, failure: None }
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
