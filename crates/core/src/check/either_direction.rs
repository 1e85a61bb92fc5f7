//! What `must_leave … either_direction` asks of the rest of the rules: a
//! direction the mover chooses, so that a hole has two moves to judge
//! together.

use super::Checker;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{Direction, Moves, Sowing};

impl Checker {
    /// `moves` if their duty is judged per move, or per hole under
    /// `direction chosen`. Otherwise a diagnostic, and `None`.
    pub(super) fn either_direction_fits(&mut self, moves: Moves, sowing: &Sowing) -> Option<Moves> {
        let Some(duty) = moves.must_leave.as_ref().filter(|d| d.either_direction) else { return Some(moves) };
        if sowing.direction == Direction::Chosen {
            return Some(moves);
        }
        self.diags.push(
            Diagnostic::new(
                Code::Contradiction,
                duty.span,
                "`either_direction` judges a hole's two directions together, but the mover chooses no direction",
                "no direction chosen",
            )
            .with_help("write `direction chosen` in the sowing section, or leave `either_direction` out"),
        );
        None
    }
}
