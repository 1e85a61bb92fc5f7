//! Judging a replay: every expectation of a fixture compared, in ply
//! order, with the positions an engine reached; the first failure, kept as
//! data for the edge to render.

use crate::fixture::{Expectation, Loaded};
use crate::{Breach, Engine, GameSpec, Replay};
use sowspec_core::machine::Disagreement;
use sowspec_core::protocol::Winner;
use sowspec_core::Position;

/// An engine contradicted itself: a bug in the engine, never a fault of
/// the fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Internal {
    /// In the position after `ply` moves, the machine's kernel and the
    /// general interpreter (the definition) sow a candidate move
    /// differently ([`sowspec_core::Machine::verify`]).
    Disagreement {
        /// The position's ply (0 is the start).
        ply: usize,
        /// Both results.
        disagreement: Box<Disagreement>,
    },
    /// Ply `ply`, traced, does not reach the position the replay judged.
    Trace {
        /// The ply (1-based).
        ply: usize,
        /// The position the replay reached and judged.
        judged: Box<Position>,
        /// What the traced move reached, or why it was refused.
        traced: Result<Box<Position>, String>,
    },
}

impl Internal {
    /// The ply it concerns.
    pub fn ply(&self) -> usize {
        match self {
            Internal::Disagreement { ply, .. } | Internal::Trace { ply, .. } => *ply,
        }
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
        /// The ply whose answer failed: 0 while starting the game (a line
        /// that answers no request, written after the last reply, counts
        /// at the last ply).
        ply: usize,
        /// The kind of failure.
        kind: Breach,
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
    /// The engine's own check failed.
    Internal(Internal),
}

/// The outcome of one fixture.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Positions compared (expectations checked before any failure).
    pub checked: usize,
    /// The first failure, if any.
    pub failure: Option<Failure>,
}

impl Loaded {
    /// The game the fixture records, to replay.
    pub fn game(&self) -> GameSpec<'_> {
        let f = &self.fixture;
        GameSpec { rules: &self.rules_path, one_round: f.one_round, from: f.from.as_ref(), moves: &f.moves }
    }
}

/// Replays one fixture on `engine` and [`judge`]s the replay.
pub fn verify(engine: &mut dyn Engine, loaded: &Loaded) -> Verdict {
    match engine.replay(&loaded.game()) {
        Ok(replay) => judge(loaded, replay),
        Err(e) => Verdict { checked: 0, failure: Some(Failure::Setup(e)) },
    }
}

/// Compares every expectation of a fixture with the replay, in ply order.
/// An internal error the engine reports counts at its ply, like a
/// divergence there.
pub fn judge(loaded: &Loaded, replay: Replay) -> Verdict {
    let f = &loaded.fixture;
    let mut expect: Vec<&Expectation> = f.expect.iter().collect();
    expect.sort_by_key(|e| e.ply);
    let mut internal = replay.internal;
    let mut checked = 0;
    let fail = |checked, failure| Verdict { checked, failure: Some(failure) };
    // Why the replay stops where it does: the engine refused a move, or broke.
    let stopped = || {
        let ply = replay.positions.len();
        match (&replay.refused, &replay.broken) {
            (Some(reason), None) if ply > 0 => {
                let mv = f.moves.get(ply - 1).cloned().unwrap_or_default();
                Failure::Refused { ply, mv, reason: reason.clone() }
            }
            (_, Some(b)) => Failure::Broken { ply: ply.min(f.moves.len()), kind: b.kind, message: b.message.clone() },
            _ => Failure::Broken {
                ply,
                kind: Breach::Exited,
                message: "the engine stopped answering without saying why".to_string(),
            },
        }
    };
    for e in expect {
        if let Some(i) = internal.take_if(|i| i.ply() <= e.ply) {
            return fail(checked, Failure::Internal(i));
        }
        let Some(actual) = replay.positions.get(e.ply) else {
            return fail(checked, stopped());
        };
        let differences = e.differences(actual);
        if !differences.is_empty() {
            return fail(checked, Failure::Diverged { ply: e.ply, differences });
        }
        checked += 1;
    }
    if let Some(i) = internal {
        return fail(checked, Failure::Internal(i));
    }
    if replay.refused.is_some() || replay.broken.is_some() {
        return fail(checked, stopped());
    }
    if let Some(expected) = f.result {
        let actual = replay.positions.last().and_then(|p| p.result).map(|r| r.winner);
        if actual != Some(expected) {
            return fail(checked, Failure::Result { expected, actual });
        }
    }
    Verdict { checked, failure: None }
}
