//! Where a replayed game starts: the rules' initial position, or the
//! `from` position given, which a drawn setup (`seeds drawn …`) requires
//! and must be able to lay out.

use sowspec_core::protocol::{PositionDoc, PositionErrors};
use sowspec_core::rules::Drawn;
use sowspec_core::{Machine, Position};
use std::fmt;

/// Why a game cannot start.
#[derive(Debug)]
pub enum StartError {
    /// The position given is not one of the rules' positions.
    Position(PositionErrors),
    /// The rules draw the start at random, and no start was given.
    NotGiven(Drawn),
    /// The start given is not one the draw can lay out.
    NotDrawable(Drawn),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let draw = |d: &Drawn| format!("`seeds drawn {} at_least {}`", d.total, d.at_least);
        match self {
            StartError::Position(e) => write!(f, "the start position is not accepted: {e}"),
            StartError::NotGiven(d) => write!(
                f,
                "the rules draw each game's start at random ({}): the game must give its start (`from:`)",
                draw(d)
            ),
            StartError::NotDrawable(d) => write!(
                f,
                "the start given cannot come from {}: it needs {} seeds on the board, at least {} in every hole, \
                 nothing captured or closed, in round 1",
                draw(d),
                d.total,
                d.at_least
            ),
        }
    }
}

/// The start of a game of `m`: `from` if given, else the initial position.
///
/// # Errors
/// `from` is not a position of the rules, or not one their draw can lay
/// out; or the start is drawn and `from` is not given.
pub fn start(m: &Machine, from: Option<&PositionDoc>) -> Result<Position, StartError> {
    let drawn = m.rules().drawn();
    match (from, drawn) {
        (None, Some(d)) => Err(StartError::NotGiven(*d)),
        (None, None) => Ok(m.initial()),
        (Some(doc), _) => {
            let pos = doc.to_position(m).map_err(StartError::Position)?;
            match drawn {
                Some(d) if !m.could_be_drawn(&pos) => Err(StartError::NotDrawable(*d)),
                _ => Ok(pos),
            }
        }
    }
}
