//! Conditions read between moves (`over when …`, `must_leave … when …`)
//! tabulated when the machine is built, so that reading one after a move
//! is a table lookup rather than a walk of its compiled form.
//!
//! Most such conditions read only the players' captured seeds and whether
//! their rows are empty: `captured(mover) > 24 or captured(opponent) > 24
//! or …`, `total(mover_row) == 0 or total(opponent_row) == 0`. For those,
//! every value the condition can take is worked out once, from its
//! compiled form ([`Test`]), for each pair of captured counts up to the
//! seeds in play and each pair of empty-row flags. Captured counts beyond
//! the table (seeds from outside the game) fall back to the compiled form.

use super::lower::{Operand, Test};
use super::Machine;
use crate::position::{Player, Position};

/// Most seeds a table covers for each player: larger games keep the
/// compiled form (the table would take more than 64 KiB).
const MOST: u32 = 255;

/// A condition between moves, tabulated (see the module's documentation).
#[derive(Clone, Debug)]
pub(super) struct Table {
    /// Captured counts covered, for each player: `0..=most`.
    most: u32,
    /// Whether the condition reads captured seeds (else entry 0 serves).
    captured: bool,
    /// Whether it reads empty rows (else bit 0 of an entry serves).
    rows: bool,
    /// Entry `mine * (most + 1) + theirs`: bit `r` says whether the
    /// condition holds when the player it is read for has `mine` seeds
    /// captured, the other `theirs`, and `r` says which rows are empty
    /// (bit 0: that player's, bit 1: the other's).
    holds: Box<[u8]>,
    /// Entry 0, the only one read when the condition reads no captured
    /// seeds (Kalah's `over`): no load of the table's address and length.
    first: u8,
}

/// What a condition is read on: the captured seeds of the player it is
/// read for and of the other, and which rows are empty (as in
/// [`Table::holds`]).
#[derive(Clone, Copy)]
struct Features {
    mine: i64,
    theirs: i64,
    rows: u8,
}

impl Table {
    /// The table of `test` for games with `seeds` seeds, if `test` reads
    /// nothing but captured seeds and empty rows.
    pub(super) fn of(test: &Test, seeds: u32) -> Option<Table> {
        let (mut captured, mut rows) = (false, false);
        if !reads(test, &mut captured, &mut rows) || seeds > MOST {
            return None;
        }
        let most = if captured { seeds } else { 0 };
        let side = most as usize + 1;
        let mut holds = vec![0u8; side * side];
        // (Without rows read, only bit 0 is read: one evaluation an entry.)
        for (i, entry) in holds.iter_mut().enumerate() {
            for r in 0..if rows { 4u8 } else { 1 } {
                let f = Features { mine: (i / side) as i64, theirs: (i % side) as i64, rows: r };
                *entry |= u8::from(eval(test, f)) << r;
            }
        }
        Some(Table { most, captured, rows, first: holds[0], holds: holds.into_boxed_slice() })
    }

    /// Whether the condition holds for `p` in `pos`; `None` when a
    /// captured count is beyond the table.
    #[inline(always)]
    pub(super) fn get(&self, m: &Machine, pos: &Position, p: Player) -> Option<bool> {
        let mut entry = self.first;
        if self.captured {
            let (mine, theirs) = (m.captured(pos, p), m.captured(pos, p.other()));
            if mine > self.most || theirs > self.most {
                return None;
            }
            entry = self.holds[(mine * (self.most + 1) + theirs) as usize];
        }
        let r = if self.rows { u8::from(m.row_empty(pos, p)) | u8::from(m.row_empty(pos, p.other())) << 1 } else { 0 };
        Some(entry >> r & 1 != 0)
    }
}

/// Whether `test` reads nothing but captured seeds (then sets `captured`)
/// and empty rows (then sets `rows`).
fn reads(test: &Test, captured: &mut bool, rows: &mut bool) -> bool {
    match test {
        Test::True => true,
        Test::RowEmpty { .. } => {
            *rows = true;
            true
        }
        Test::Compare { a, b, .. } => reads_number(a, captured) && reads_number(b, captured),
        Test::All(parts) | Test::Any(parts) => parts.iter().all(|p| reads(p, captured, rows)),
        Test::Not(t) => reads(t, captured, rows),
        Test::Count { .. }
        | Test::CountIn { .. }
        | Test::InRow { .. }
        | Test::InRowHeld { .. }
        | Test::Store { .. }
        | Test::Claimed(_)
        | Test::Capturing
        | Test::Clockwise(_)
        | Test::General(_) => false,
    }
}

/// [`reads`] for a number.
fn reads_number(o: &Operand, captured: &mut bool) -> bool {
    match o {
        Operand::Lit(_) => true,
        Operand::Captured { .. } => {
            *captured = true;
            true
        }
        Operand::Add(ab) | Operand::Sub(ab) => ab.iter().all(|o| reads_number(o, captured)),
        Operand::Rem(a, _) => reads_number(a, captured),
        Operand::Count(_)
        | Operand::Laps
        | Operand::Total { .. }
        | Operand::TotalPart { .. }
        | Operand::TotalHeld { .. }
        | Operand::Claims { .. }
        | Operand::Index(_)
        | Operand::Turns { .. } => false,
    }
}

/// The value of `test` (one that [`reads`] accepts) on `f`.
fn eval(test: &Test, f: Features) -> bool {
    match test {
        Test::RowEmpty { mover, empty } => (f.rows >> u8::from(!*mover) & 1 != 0) == *empty,
        Test::Compare { a, op, b } => op.holds(number(a, f), number(b, f)),
        Test::All(parts) => parts.iter().all(|p| eval(p, f)),
        Test::Any(parts) => parts.iter().any(|p| eval(p, f)),
        Test::Not(t) => !eval(t, f),
        _ => true,
    }
}

/// The value of a number (one that [`reads_number`] accepts) on `f`.
fn number(o: &Operand, f: Features) -> i64 {
    match o {
        Operand::Lit(k) => *k,
        Operand::Captured { mover } => {
            if *mover {
                f.mine
            } else {
                f.theirs
            }
        }
        Operand::Add(ab) => number(&ab[0], f) + number(&ab[1], f),
        Operand::Sub(ab) => number(&ab[0], f) - number(&ab[1], f),
        Operand::Rem(a, d) => number(a, f).rem_euclid(*d),
        _ => 0,
    }
}
