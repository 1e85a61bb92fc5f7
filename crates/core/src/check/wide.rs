//! What a wide board asks of the rest of the rules. Closed and claimed
//! holes are 64-bit masks of cells, and where the player chooses the
//! direction, the clockwise moves take the legal-move mask's top bits (see
//! `position.rs`): rules that close or claim holes (a closing relay, a
//! closed hole's toll, a match's refill, `claim`) need a board of at most
//! 64 cells, and a chosen direction at most 32 holes a player
//! ([`Hole::MAX_CHOSEN`]: a hole's `-` move is bit 32 above its `+` move).

use super::Checker;
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::hole::Hole;
use crate::position::MAX_MASKED_CELLS;
use crate::rules::{Action, Board, Direction, Rounds, Sowing, Trigger};

impl Checker {
    /// Whether the rules' closed and claimed holes and chosen direction fit
    /// `board` (whose statement is at `board_span`); otherwise a
    /// diagnostic for each that does not.
    pub(super) fn wide_fits(
        &mut self,
        board: &Board,
        board_span: Span,
        sowing: &Sowing,
        triggers: &[Trigger],
        rounds: Option<&Rounds>,
    ) -> bool {
        let pp = board.per_player();
        let cells = board.cells();
        let mut ok = true;
        if sowing.direction == Direction::Chosen && pp > Hole::MAX_CHOSEN {
            ok = false;
            self.diags.push(
                Diagnostic::new(
                    Code::OutOfRange,
                    board_span,
                    format!(
                        "where the player chooses the direction, a player can own at most {} holes; this board gives each {pp}",
                        Hole::MAX_CHOSEN
                    ),
                    "too wide for `direction chosen`",
                )
                .with_help("a move's two directions are two bits of a 64-bit mask: a narrower board, or one direction"),
            );
        }
        if cells <= MAX_MASKED_CELLS {
            return ok;
        }
        let closing = sowing.closed_toll.as_ref().map(|t| (t.span, "a closed hole's toll"));
        let relay = sowing.relays.iter().find(|r| r.closes).map(|r| (r.span, "a relay that closes holes"));
        let refill = rounds.map(|r| (r.refill_span, "a match's refill, which closes holes"));
        let claim = triggers.iter().flat_map(|t| &t.actions).find_map(claiming).map(|s| (s, "a claim"));
        for (span, what) in [closing, relay, refill, claim].into_iter().flatten() {
            ok = false;
            self.diags.push(
                Diagnostic::new(
                    Code::OutOfRange,
                    span,
                    format!(
                        "{what} needs a board of at most {MAX_MASKED_CELLS} cells (holes and stores); this one has {cells}"
                    ),
                    "closes or claims holes",
                )
                .with_related(board_span, "the board")
                .with_help("closed and claimed holes are 64-bit masks: a narrower board, or rules that close and claim none"),
            );
        }
        ok
    }
}

/// The first `claim` action among `a` and the actions it holds.
fn claiming(a: &Action) -> Option<Span> {
    match a {
        Action::Claim { span, .. } => Some(*span),
        Action::Sweep { actions, .. } | Action::If { actions, .. } | Action::Choose { actions, .. } => {
            actions.iter().find_map(claiming)
        }
        _ => None,
    }
}
