//! What moves from either row (`lift from both_rows`) ask of the rest of
//! the rules: two rows of holes a move letter can name.

use super::Checker;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{Board, Moves};

/// Most holes a row may have when moves come from either row: a player's
/// move letters run on past their row into the other one (`a` … `p`).
const MAX_BOTH_ROWS_HOLES: u8 = 8;

impl Checker {
    /// `moves` if they are lifted from the mover's row only, or from both
    /// rows of a board that allows it: two rows of at most eight holes.
    /// Otherwise a diagnostic, and `None`.
    pub(super) fn both_rows_fit(&mut self, moves: Moves, board: &Board) -> Option<Moves> {
        if !moves.both_rows {
            return Some(moves);
        }
        let problem = if board.rows != 2 {
            Some((
                format!("moves from both rows name the other row's holes; this board has {} rows", board.rows),
                "two rows only",
            ))
        } else if board.holes > MAX_BOTH_ROWS_HOLES {
            Some((
                format!(
                    "a player's move letters run on past their row into the other one, so a row may have at most \
                     {MAX_BOTH_ROWS_HOLES} holes; this one has {}",
                    board.holes
                ),
                "too many holes",
            ))
        } else {
            None
        };
        if let Some((message, label)) = problem {
            self.diags.push(
                Diagnostic::new(Code::Contradiction, moves.lift_span, message, label)
                    .with_help("`lift from both_rows` needs two rows of at most 8 holes"),
            );
            return None;
        }
        // (The compiled kernels play it: every hole is on the mover's track,
        // and the moves are found letter by letter, see `Machine::by_letters`.)
        Some(moves)
    }
}
