//! sowspec's own machine behind the [`Engine`] trait. It loads each rules
//! file once, keeps the last game it replayed — every machine position and
//! the rules source — so that the trace of any ply is one `play_traced`
//! from the position before it, and can check its kernel against the
//! general interpreter on every position it reaches (`--verify`).

use crate::{Engine, GameSpec, Internal, Replay};
use sowspec_core::protocol::PositionDoc;
use sowspec_core::trace::Event;
use sowspec_core::{Machine, Move, Position};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A checked rules file: its machine and its text (traces cite it).
struct Rules {
    machine: Machine,
    source: String,
}

/// The positions of the last game replayed.
struct LastGame {
    key: (PathBuf, bool),
    /// The start, then the position after each move played.
    positions: Vec<Position>,
    /// The moves played, one fewer than the positions.
    moves: Vec<Move>,
}

/// sowspec's machine as an [`Engine`].
#[derive(Default)]
pub struct MachineEngine {
    rules: HashMap<(PathBuf, bool), Rules>,
    last: Option<LastGame>,
    verify: bool,
    compared: u64,
    /// Rules texts given in memory, read instead of their files.
    sources: HashMap<PathBuf, String>,
}

impl MachineEngine {
    /// An engine that also runs [`Machine::verify`] on every position of
    /// every game it replays: each candidate move is sown by the machine's
    /// kernel and by the general interpreter, and a difference is reported
    /// as [`Internal::Disagreement`].
    pub fn verifying() -> MachineEngine {
        MachineEngine { verify: true, ..MachineEngine::default() }
    }

    /// How many candidate moves verification has compared so far (0 when
    /// not verifying, and for rules that run on the general kernel).
    pub fn compared(&self) -> u64 {
        self.compared
    }

    /// Gives the text of the rules file `rules` in memory: the engine reads
    /// it instead of the file (for a host without files, as a browser).
    pub fn with_source(mut self, rules: impl Into<PathBuf>, source: String) -> MachineEngine {
        self.sources.insert(rules.into(), source);
        self
    }

    /// The machine for a rules file, loaded and checked on first use.
    ///
    /// # Errors
    /// The rules file cannot be read or does not check.
    pub fn machine(&mut self, rules: &Path, one_round: bool) -> Result<&Machine, String> {
        self.load(rules, one_round).map(|r| &r.machine)
    }

    fn load(&mut self, rules: &Path, one_round: bool) -> Result<&Rules, String> {
        let key = (rules.to_path_buf(), one_round);
        if !self.rules.contains_key(&key) {
            let source = match self.sources.get(rules) {
                Some(text) => text.clone(),
                None => std::fs::read_to_string(rules).map_err(|e| format!("cannot read {}: {e}", rules.display()))?,
            };
            let ruleset = sowspec_core::check(&source).map_err(|d| {
                let problems = if d.len() == 1 { "1 problem".to_string() } else { format!("{} problems", d.len()) };
                format!("{} does not check ({problems}; run `sowspec check` on it)", rules.display())
            })?;
            let machine = Machine::new(ruleset).with_one_round(one_round);
            self.rules.insert(key.clone(), Rules { machine, source });
        }
        Ok(&self.rules[&key])
    }

    /// The last game replayed, if its rules loaded.
    pub fn last_game(&self) -> Option<Game<'_>> {
        let last = self.last.as_ref()?;
        let rules = self.rules.get(&last.key)?;
        Some(Game {
            rules: &last.key.0,
            machine: &rules.machine,
            source: &rules.source,
            positions: &last.positions,
            moves: &last.moves,
        })
    }
}

impl Engine for MachineEngine {
    fn replay(&mut self, game: &GameSpec<'_>) -> Result<Replay, String> {
        self.last = None;
        let verify = self.verify;
        let key = (game.rules.to_path_buf(), game.one_round);
        let m = &self.load(game.rules, game.one_round)?.machine;
        let mut pos = crate::start::start(m, game.from).map_err(|e| e.to_string())?;
        let mut replay = Replay::default();
        let mut positions = Vec::new();
        let mut moves = Vec::new();
        let mut compared = 0;
        loop {
            if verify && replay.internal.is_none() {
                match m.verify(&pos) {
                    Ok(n) => compared += u64::from(n),
                    Err(disagreement) => {
                        replay.internal = Some(Internal::Disagreement { ply: positions.len(), disagreement })
                    }
                }
            }
            replay.positions.push(PositionDoc::of(m, &pos));
            positions.push(pos.clone());
            let Some(mv) = game.moves.get(moves.len()) else { break };
            let Some(hole) = Move::parse(mv) else {
                replay.refused = Some(format!(
                    "`{mv}` is not a move: a hole letter, with `+` or `-` where the player chooses the direction"
                ));
                break;
            };
            match m.play(&pos, hole) {
                Ok(next) => pos = next,
                Err(e) => {
                    replay.refused = Some(e.to_string());
                    break;
                }
            }
            moves.push(hole);
        }
        self.compared += compared;
        self.last = Some(LastGame { key, positions, moves });
        Ok(replay)
    }
}

/// A game the engine replayed: the machine, the rules text, and every
/// position it reached.
#[derive(Clone, Copy)]
pub struct Game<'a> {
    /// The rules file.
    pub rules: &'a Path,
    /// Its machine.
    pub machine: &'a Machine,
    /// Its text, which traces cite.
    pub source: &'a str,
    /// The start, then the position after each move played.
    pub positions: &'a [Position],
    moves: &'a [Move],
}

/// Why a ply's trace cannot be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceError {
    /// The replay did not play that ply (0, or past the last move played).
    NotPlayed {
        /// The ply asked for.
        ply: usize,
        /// How many moves were played.
        played: usize,
    },
    /// Traced, the move does not reach the position the replay judged: a
    /// bug in sowspec.
    Internal(Internal),
}

impl Game<'_> {
    /// The events of ply `ply` (1-based): its move, traced from the
    /// position before it.
    ///
    /// # Errors
    /// The ply was not played; or, traced, the move is refused or reaches
    /// another position than the one the replay judged (an internal error:
    /// the kernel's disagreement with the definition, when
    /// [`Machine::verify`] finds one there).
    pub fn trace(&self, ply: usize) -> Result<Vec<Event>, TraceError> {
        let played = self.moves.len();
        let not_played = TraceError::NotPlayed { ply, played };
        let Some(i) = ply.checked_sub(1) else { return Err(not_played) };
        let (Some(&hole), Some(before), Some(judged)) =
            (self.moves.get(i), self.positions.get(i), self.positions.get(ply))
        else {
            return Err(not_played);
        };
        let mut events = Vec::new();
        let traced = self.machine.play_traced(before, hole, &mut events);
        if traced.as_ref() == Ok(judged) {
            return Ok(events);
        }
        let internal = match self.machine.verify(before) {
            Err(disagreement) => Internal::Disagreement { ply: i, disagreement },
            Ok(_) => Internal::Trace {
                ply,
                judged: Box::new(judged.clone()),
                traced: traced.map(Box::new).map_err(|e| e.to_string()),
            },
        };
        Err(TraceError::Internal(internal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{Fixture, Loaded};
    use crate::{judge, Failure};

    fn sadeqa(moves: &str) -> Loaded {
        let text = format!("rules: \"sadeqa3.rules\"\nsource: \"a test\"\nmoves: [{moves}]\n");
        let fixture = Fixture::parse(&text, Path::new("t.yaml")).expect("a valid fixture");
        let rules_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/sadeqa3.rules");
        Loaded { path: "t.yaml".into(), rules_path, fixture }
    }

    #[test]
    fn the_last_game_traces_each_ply_it_played_and_no_other() {
        let loaded = sadeqa("a, b");
        let mut engine = MachineEngine::default();
        let replay = engine.replay(&loaded.game()).expect("the game sets up");
        assert_eq!(replay.positions.len(), 3);
        let game = engine.last_game().expect("a game is kept");
        assert_eq!(game.trace(0), Err(TraceError::NotPlayed { ply: 0, played: 2 }));
        assert_eq!(game.trace(3), Err(TraceError::NotPlayed { ply: 3, played: 2 }));
        let mut events = Vec::new();
        let after = game.machine.play_traced(&game.positions[1], Move::parse("b").unwrap(), &mut events);
        assert_eq!(after.as_ref(), Ok(&game.positions[2]));
        assert_eq!(game.trace(2), Ok(events));
    }

    #[test]
    fn verifying_compares_candidates_only_when_asked() {
        let loaded = sadeqa("a");
        let mut plain = MachineEngine::default();
        plain.replay(&loaded.game()).expect("the game sets up");
        assert_eq!(plain.compared(), 0);
        let mut verifying = MachineEngine::verifying();
        let replay = verifying.replay(&loaded.game()).expect("the game sets up");
        assert_eq!(replay.internal, None);
        // Sadeqa III runs on a faster kernel than the general one, so every
        // non-empty hole of the mover is a candidate: 8 at the start.
        assert_ne!(
            verifying.machine(&loaded.rules_path, false).unwrap().plan().kernel(),
            sowspec_core::Kernel::General
        );
        assert!(verifying.compared() >= 8, "{} compared", verifying.compared());
    }

    #[test]
    fn an_internal_error_is_the_failure_at_its_ply() {
        let loaded = sadeqa("a");
        let mut engine = MachineEngine::default();
        let mut replay = engine.replay(&loaded.game()).expect("the game sets up");
        let game = engine.last_game().expect("a game is kept");
        let internal = Internal::Trace {
            ply: 1,
            judged: Box::new(game.positions[1].clone()),
            traced: Err("a made-up refusal".into()),
        };
        replay.internal = Some(internal.clone());
        assert_eq!(judge(&loaded, replay).failure, Some(Failure::Internal(internal)));
    }
}
