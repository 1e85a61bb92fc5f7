//! Verification: every kernel against the definition. For a position,
//! each candidate move is sown by the machine's kernel and by the general
//! interpreter, and the legal moves of both are compared; a difference is a
//! [`Disagreement`], an internal error that names both results.

use super::eval::Ctx;
use super::outcome::Endless;
use super::{Children, Kernel, Machine};
use crate::hole::Move;
use crate::position::{Player, Position};
use std::fmt;

/// What a sowing did, as a verification compares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sowing {
    /// The sowing ended.
    Ended {
        /// The board (and holdings) once it ended, before the turn passed.
        board: Box<Position>,
        /// Laps sown.
        laps: u32,
        /// Whether the mover earned an extra turn.
        extra_turn: bool,
    },
    /// It would need more laps than the rules allow.
    Endless,
    /// The move is legal for one and not the other (legal-move generation).
    Legal(bool),
    /// The position once the move was played, the turn passed and the
    /// next legal moves found: from the children kept when the legal moves
    /// were found (by the kernel, as playouts play), or move by move with
    /// the general sowing (by the definition).
    Played(Box<Position>),
    /// Not a sowing: whether the rules' `over when` holds in the position
    /// after a move of `mover`'s (the test between moves).
    Over {
        /// The player who moved.
        mover: Player,
        /// Whether the game is over.
        holds: bool,
    },
}

/// A kernel and the general interpreter disagree: a bug in sowspec, never
/// a property of the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The position the move was tried in.
    pub position: Box<Position>,
    /// The move: a hole of the mover's row, with its direction where the
    /// player chooses it.
    pub hole: Move,
    /// The kernel that disagrees.
    pub kernel: Kernel,
    /// What that kernel did.
    pub by_kernel: Sowing,
    /// What the general interpreter, the definition, did.
    pub by_definition: Sowing,
}

impl Disagreement {
    /// What the two disagree on: a move, or whether the game is over.
    pub fn about(&self) -> String {
        match self.by_kernel {
            Sowing::Over { mover, .. } => format!("whether `over when` holds after {mover}'s move"),
            _ => format!("move `{}`", self.hole),
        }
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "internal error: the {} kernel and the general interpreter disagree on {}: {:?} against {:?} (please report it)",
            self.kernel,
            self.about(),
            self.by_kernel,
            self.by_definition
        )
    }
}

impl std::error::Error for Disagreement {}

impl Machine {
    /// Checks the machine's kernel against the general interpreter in
    /// `pos`: every candidate move of the player to move is sown by both
    /// (unless the kernel is the general one), and the legal moves both
    /// find are compared (the definition sows every candidate; the machine
    /// may not need to). Returns how many candidates were sown both ways.
    ///
    /// # Errors
    /// The first candidate on which they differ.
    ///
    /// # Panics
    /// If `pos` is a position of another game ([`Machine::owns`]).
    pub fn verify(&self, pos: &Position) -> Result<u32, Box<Disagreement>> {
        self.assert_owns(pos, "verify");
        let Some(mover) = pos.to_move else { return Ok(0) };
        let mut compared = 0;
        let senses: &[bool] = if pos.chosen { &[false, true] } else { &[false] };
        for i in (0..self.move_holes()).filter(|_| self.plan.kernel != Kernel::General) {
            let cell = self.move_cell(mover, i);
            let c = usize::from(cell);
            if pos.is_closed(c) || pos.cells[c] == 0 || pos.claimed_by(c).is_some() || !self.may_lift(pos, mover, cell)
            {
                continue;
            }
            for &reverse in senses {
                compared += 1;
                let by_kernel = self.sowing(pos, mover, cell, reverse, true);
                let by_definition = self.sowing(pos, mover, cell, reverse, false);
                if by_kernel != by_definition {
                    let bit = i + if reverse { Move::MINUS } else { 0 };
                    return Err(self.disagreement(pos, bit, by_kernel, by_definition));
                }
            }
        }
        // The compiled `over when` (read between moves) against the walked one.
        if let Some(over) = &self.rules.end.over {
            for p in Player::BOTH {
                let (kernel, definition) = (self.over(pos, p), self.holds(&over.when, pos, &Ctx::at(p, 0)));
                if kernel != definition {
                    let over = |holds| Sowing::Over { mover: p, holds };
                    return Err(self.disagreement(pos, 0, over(kernel), over(definition)));
                }
            }
        }
        let kernel = self.legal_mask_of(pos, mover, &mut (), None);
        let definition = self.preferred(pos, mover, self.legal_general(pos, mover, &mut ()));
        if kernel != definition {
            let i = (kernel ^ definition).trailing_zeros() as u8;
            let legal = |mask: u64| Sowing::Legal(mask & (1 << i) != 0);
            return Err(self.disagreement(pos, i, legal(kernel), legal(definition)));
        }
        Ok(compared)
    }

    /// Plays legal move `mv` in `pos` as playouts do, from the children
    /// kept in `kids` when its legal moves were found, and with the general
    /// sowing ([`Machine::play_traced`]); returns the position reached.
    ///
    /// # Errors
    /// The two positions differ (a kept child's board, holdings, history or
    /// counters copied wrong).
    ///
    /// # Panics
    /// If `mv` is not legal in `pos`.
    pub(crate) fn verify_kept(
        &self,
        pos: &Position,
        mv: Move,
        kids: &mut Children,
    ) -> Result<Position, Box<Disagreement>> {
        let by_definition = self.play_traced(pos, mv, &mut Vec::new()).expect("a legal move plays");
        self.expand(pos, kids);
        let mut by_kernel = pos.clone();
        self.play_kept_into(&mut by_kernel, mv.index(), kids, None);
        if by_kernel != by_definition {
            let (kernel, definition) = (Sowing::Played(Box::new(by_kernel)), Sowing::Played(Box::new(by_definition)));
            return Err(self.disagreement(pos, mv.index(), kernel, definition));
        }
        Ok(by_definition)
    }

    /// Sows `cell` for `mover` (against the rules' direction when
    /// `reverse`) on a copy of `pos`, with the kernel or the definition.
    fn sowing(&self, pos: &Position, mover: Player, cell: u8, reverse: bool, kernel: bool) -> Sowing {
        let mut board = pos.clone();
        let sown = if kernel {
            let sown = self.with_track(pos.closed, mover, reverse, |t| self.sow_fast(&mut board, t, mover, cell));
            if sown.is_ok() {
                // (As a move is played: the kernel, then the move remembered.)
                self.remember(&mut board, cell, reverse, pos.cells[usize::from(cell)]);
            }
            sown
        } else {
            self.sow(&mut board, mover, cell, reverse, &mut ())
        };
        match sown {
            Ok(s) => Sowing::Ended { board: Box::new(board), laps: s.laps, extra_turn: s.extra },
            Err(Endless) => Sowing::Endless,
        }
    }

    /// The disagreement on move `index` (a legal-move bit) of `pos`.
    fn disagreement(&self, pos: &Position, index: u8, by_kernel: Sowing, by_definition: Sowing) -> Box<Disagreement> {
        Box::new(Disagreement {
            position: Box::new(pos.clone()),
            hole: Move::from_bit(index, pos.chosen, pos.places),
            kernel: self.plan.kernel,
            by_kernel,
            by_definition,
        })
    }

    /// When the kernel found `index` illegal for no reason but endlessness:
    /// the definition confirms it, or the two disagree.
    pub(super) fn confirm_endless(&self, pos: &Position, mover: Player, index: u8) -> Option<Box<Disagreement>> {
        if self.plan.kernel == Kernel::General {
            return None;
        }
        let (hole, reverse) = Move::split_index(index, pos.chosen);
        match self.sowing(pos, mover, self.move_cell(mover, hole), reverse, false) {
            Sowing::Endless => None,
            definition => Some(self.disagreement(pos, index, Sowing::Legal(false), definition)),
        }
    }
}
