//! What a territory match (`refill … territory`) asks of the rest of the
//! rules: a board every refill can fill, and holes a move can name.

use super::Checker;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{Board, Direction, FillFrom, Rounds, Sowing};

/// Most holes a row may have in a territory match: a player's move letters
/// run on past their row into the other one (`a` … `p`).
const MAX_TERRITORY_HOLES: u8 = 8;

impl Checker {
    /// `rounds` if it is no territory match, or one these rules can play:
    /// two rows of at most eight holes, no chosen direction, and exactly
    /// the seeds to fill every hole (`total`). Otherwise a diagnostic, and
    /// `None`.
    pub(super) fn territory_fits(
        &mut self,
        rounds: Rounds,
        board: &Board,
        sowing: &Sowing,
        total: i64,
    ) -> Option<Rounds> {
        if !matches!(rounds.fill_from, FillFrom::Territory { .. }) {
            return Some(rounds);
        }
        let at = rounds.refill_span;
        let per_hole = i64::from(rounds.per_hole);
        let holes = i64::from(board.rows) * i64::from(board.holes);
        let problem = if board.rows != 2 {
            Some((
                format!("territory moves the border between two rows; this board has {}", board.rows),
                "two rows only",
            ))
        } else if board.holes > MAX_TERRITORY_HOLES {
            Some((
                format!(
                    "a territory player's holes are lettered on past their row, so a row may have at most \
                     {MAX_TERRITORY_HOLES} holes; this one has {}",
                    board.holes
                ),
                "too many holes",
            ))
        } else if board.own_circuits {
            Some((
                "territory moves the border, but each player sows round their own row (`circuits own`)".to_string(),
                "own circuits",
            ))
        } else if sowing.direction == Direction::Chosen {
            Some(("territory moves cannot also carry a chosen direction".to_string(), "no direction chosen"))
        } else if total != holes * per_hole {
            let fills = if matches!(rounds.fill_from, FillFrom::Territory { setup: true, .. }) {
                "counts every hole as"
            } else {
                "fills every hole with"
            };
            Some((
                format!("a territory refill {fills} {per_hole}, {} seeds, but the setup has {total}", holes * per_hole),
                "seeds do not fill the board",
            ))
        } else {
            None
        };
        if let Some((message, label)) = problem {
            self.diags.push(Diagnostic::new(Code::Contradiction, at, message, label).with_help(
                "a territory match needs two rows of at most 8 holes, sown in a fixed direction, whose setup \
                 holds exactly the seeds of the refill",
            ));
            return None;
        }
        // (The compiled kernels play it: the lowering reads who owns a hole
        // from the position, and a moved border's moves are sown one by one.)
        Some(rounds)
    }
}
