//! Evaluating checked conditions against a position during a move.

use super::Machine;
use crate::position::{Player, Position};
use crate::rules::{Cond, Direction, HoleRef, Num, PlayerRef, RowRef};

/// What the named holes and numbers of a condition refer to right now.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ctx {
    /// The player moving.
    pub mover: Player,
    /// The cell the move lifted.
    pub origin: u8,
    /// The cell the current lap was sown from (`lap_origin`).
    pub lap_origin: u8,
    /// The cell just sown, or where the last lap ended (`landing`).
    pub landing: u8,
    /// `hole`: the cell just sown in `on drop` rules, the visited cell in a `sweep`.
    pub hole: u8,
    /// Laps begun so far.
    pub laps: u32,
    /// Seeds held off the board (stores and reserves) when the current lap
    /// began, plus the seeds sown or tolled into them since, so that
    /// `lap_captures` is what the rules took since (general sowing only).
    pub lap_held: u32,
    /// Seeds the move lifted from its hole (`lifted`); kept by the general
    /// sowing only (rules that read it run on the general interpreter).
    pub lifted: u32,
    /// The move sows against the track's direction (a chosen `-` move).
    pub reverse: bool,
    /// Seeds in each row when the move began, at `2 * player + inner`
    /// (`total_before`); kept by the general sowing of rules that read it
    /// (the compiled kernels do not play those rules), zero elsewhere.
    pub before: [u32; 4],
    /// Whether the move is a capturing move (`capturing`), as the rules'
    /// `capturing when …` judged it before the move; false without one.
    pub capturing: bool,
}

impl Ctx {
    /// The context of a candidate move lifting `origin`, before any lap.
    pub fn at(mover: Player, origin: u8) -> Ctx {
        Ctx::sowing(mover, origin, false)
    }

    /// The context of a move lifting `origin`, sown against the track when `reverse`.
    pub fn sowing(mover: Player, origin: u8, reverse: bool) -> Ctx {
        Ctx {
            mover,
            origin,
            lap_origin: origin,
            landing: origin,
            hole: origin,
            laps: 1,
            lap_held: 0,
            lifted: 0,
            reverse,
            before: [0; 4],
            capturing: false,
        }
    }
}

impl Machine {
    /// The next open cell after `c` on player `p`'s track, or before it
    /// when `reverse` (closed holes are passed over, RP-8).
    #[inline]
    pub(super) fn step(&self, pos: &Position, p: Player, reverse: bool, c: u8) -> u8 {
        let track = if reverse { &self.prev[p.index()] } else { &self.next[p.index()] };
        let mut n = track[usize::from(c)];
        if pos.closed != 0 {
            // Bounded: at least one cell of the track (the origin) is open.
            for _ in 0..self.cells {
                if pos.closed & (1 << n) == 0 {
                    break;
                }
                n = track[usize::from(n)];
            }
        }
        n
    }

    fn row_owner(&self, row: RowRef, ctx: &Ctx) -> Player {
        match row {
            RowRef::Mover | RowRef::Part { mover: true, .. } => ctx.mover,
            RowRef::Opponent | RowRef::Part { mover: false, .. } => ctx.mover.other(),
        }
    }

    /// Whether hole cell `c` is in `row` (seen from `ctx`'s mover): under
    /// territory, among the holes the player owns in `pos`.
    fn in_row_at(&self, c: u8, row: RowRef, pos: &Position, ctx: &Ctx) -> bool {
        c < 2 * self.holes
            && !self.rules.board.nobodys(c)
            && self.hole_owner(pos, c) == self.row_owner(row, ctx)
            && match row {
                RowRef::Part { inner, .. } => self.in_part(c, inner),
                _ => true,
            }
    }

    /// Seeds in each row of `pos`, at `2 * player + inner` (see [`Ctx::before`]).
    pub(super) fn row_totals(&self, pos: &Position) -> [u32; 4] {
        let mut t = [0; 4];
        for c in (0..2 * self.holes).filter(|&c| !self.rules.board.nobodys(c)) {
            t[2 * self.hole_owner(pos, c).index() + usize::from(self.is_inner(c))] +=
                u32::from(pos.cells[usize::from(c)]);
        }
        t
    }

    /// Whether hole cell `c` is in its owner's inner row (boards of more
    /// than one row a player).
    pub(super) fn is_inner(&self, c: u8) -> bool {
        self.inner_row >> c & 1 != 0
    }

    /// Whether hole cell `c` is in its owner's inner (`inner`) or outer row.
    pub(super) fn in_part(&self, c: u8, inner: bool) -> bool {
        if inner {
            self.is_inner(c)
        } else {
            self.outer_row >> c & 1 != 0
        }
    }

    pub(super) fn hole(&self, h: &HoleRef, pos: &Position, ctx: &Ctx) -> u8 {
        match h {
            HoleRef::Origin => ctx.origin,
            HoleRef::Landing => ctx.landing,
            HoleRef::Dropped => ctx.hole,
            HoleRef::LapOrigin => ctx.lap_origin,
            HoleRef::PreviousOrigin => pos.previous.map_or(ctx.origin, |p| p.origin),
            HoleRef::Next => self.step(pos, ctx.mover, ctx.reverse, ctx.landing),
            HoleRef::After => {
                self.step(pos, ctx.mover, ctx.reverse, self.step(pos, ctx.mover, ctx.reverse, ctx.landing))
            }
            HoleRef::Opposite(x) => self.opposite[usize::from(self.hole(x, pos, ctx))],
            HoleRef::NextOf(x) => self.step(pos, ctx.mover, ctx.reverse, self.hole(x, pos, ctx)),
            HoleRef::PrevOf(x) => self.step(pos, ctx.mover, !ctx.reverse, self.hole(x, pos, ctx)),
            HoleRef::Mirror(x) => {
                let c = self.hole(x, pos, ctx);
                if c >= 2 * self.holes {
                    self.opposite[usize::from(c)]
                } else {
                    self.cell(self.owner[usize::from(c)].other(), c % self.holes)
                }
            }
            HoleRef::Inner(x) | HoleRef::Outer(x) => {
                let c = self.hole(x, pos, ctx);
                if matches!(h, HoleRef::Inner(_)) {
                    self.inner[usize::from(c)]
                } else {
                    self.outer[usize::from(c)]
                }
            }
            HoleRef::Store(p) => {
                let p = self.player(p, pos, ctx);
                self.stores.expect("checked: the board has stores")[p.index()]
            }
            HoleRef::Numbered(p, n) => self.cell(self.player(p, pos, ctx), n - 1),
            HoleRef::Counted(p, n) => {
                let index = (self.num(n, pos, ctx) - 1).rem_euclid(i64::from(self.holes));
                self.cell(self.player(p, pos, ctx), index as u8)
            }
        }
    }

    /// Whether sowing against the track (`reverse`) goes clockwise.
    pub(super) fn clockwise(&self, reverse: bool) -> bool {
        (self.rules.sowing.direction == Direction::Clockwise) != reverse
    }

    pub(super) fn player(&self, p: &PlayerRef, pos: &Position, ctx: &Ctx) -> Player {
        match p {
            PlayerRef::Mover => ctx.mover,
            PlayerRef::Opponent => ctx.mover.other(),
            PlayerRef::Starter if pos.north_opened => Player::North,
            PlayerRef::Starter => Player::South,
            PlayerRef::Named(p) => *p,
            PlayerRef::Owner(h) => self.hole_owner(pos, self.hole(h, pos, ctx)),
            PlayerRef::Claimer(h) => {
                let c = self.hole(h, pos, ctx);
                pos.claimed_by(usize::from(c)).unwrap_or(self.hole_owner(pos, c))
            }
        }
    }

    pub(super) fn num(&self, n: &Num, pos: &Position, ctx: &Ctx) -> i64 {
        match n {
            Num::Lit(v) => *v,
            Num::Count(h) => i64::from(pos.cells[usize::from(self.hole(h, pos, ctx))]),
            Num::Laps => i64::from(ctx.laps),
            Num::Lifted => i64::from(ctx.lifted),
            Num::LapCaptures => i64::from(self.held(pos)) - i64::from(ctx.lap_held),
            Num::Add(a, b) => self.num(a, pos, ctx) + self.num(b, pos, ctx),
            Num::Sub(a, b) => self.num(a, pos, ctx) - self.num(b, pos, ctx),
            Num::Rem(a, d) => self.num(a, pos, ctx).rem_euclid(*d),
            Num::Total(row) => {
                let p = self.row_owner(*row, ctx);
                (0..self.move_holes())
                    .map(|i| self.move_cell(p, i))
                    .filter(|&c| self.in_row_at(c, *row, pos, ctx))
                    .map(|c| i64::from(pos.cells[usize::from(c)]))
                    .sum()
            }
            Num::TotalBefore(row) => {
                let p = 2 * self.row_owner(*row, ctx).index();
                let parts = match row {
                    RowRef::Part { inner, .. } => &ctx.before[p + usize::from(*inner)..=p + usize::from(*inner)],
                    _ => &ctx.before[p..p + 2],
                };
                parts.iter().map(|&n| i64::from(n)).sum()
            }
            Num::Captured(p) => i64::from(self.captured(pos, self.player(p, pos, ctx))),
            Num::Hand(p) => i64::from(pos.hand(self.player(p, pos, ctx))),
            Num::Index(h) => i64::from(self.hole(h, pos, ctx) % self.holes) + 1,
            Num::Claims(p) => i64::from(pos.claimed[self.player(p, pos, ctx).index()].count_ones()),
            Num::ClaimedSeeds(p) => {
                let mut claimed = pos.claimed[self.player(p, pos, ctx).index()];
                let mut seeds = 0;
                while claimed != 0 {
                    seeds += i64::from(pos.cells[claimed.trailing_zeros() as usize]);
                    claimed &= claimed - 1;
                }
                seeds
            }
            Num::Holes(row, c) => {
                let p = self.row_owner(*row, ctx);
                (0..self.move_holes())
                    .map(|i| self.move_cell(p, i))
                    .filter(|&h| pos.closed & (1 << h) == 0 && self.in_row_at(h, *row, pos, ctx))
                    .filter(|&h| self.holds(c, pos, &Ctx { hole: h, ..*ctx }))
                    .count() as i64
            }
            Num::PreviousLifted => pos.previous.map_or(0, |p| i64::from(p.lifted)),
            Num::TurnsPlayed => i64::from(pos.turns_played),
            Num::ExtraTurns => i64::from(pos.extra_turns),
            Num::Round => i64::from(pos.round),
            Num::Value(slot, player) => {
                let slot = slot.index + player.as_ref().map_or(0, |p| self.player(p, pos, ctx).index() as u8);
                i64::from(pos.memory().map_or(0, |m| m.value(slot)))
            }
        }
    }

    /// Whether `c` holds.
    pub(super) fn holds(&self, c: &Cond, pos: &Position, ctx: &Ctx) -> bool {
        match c {
            Cond::True => true,
            Cond::Not(x) => !self.holds(x, pos, ctx),
            Cond::And(a, b) => self.holds(a, pos, ctx) && self.holds(b, pos, ctx),
            Cond::Or(a, b) => self.holds(a, pos, ctx) || self.holds(b, pos, ctx),
            Cond::Compare(a, op, b) => op.holds(self.num(a, pos, ctx), self.num(b, pos, ctx)),
            Cond::SameHole(a, b, equal) => (self.hole(a, pos, ctx) == self.hole(b, pos, ctx)) == *equal,
            Cond::InRow(h, row) => self.in_row_at(self.hole(h, pos, ctx), *row, pos, ctx),
            Cond::Claimed(h) => pos.claimed_by(usize::from(self.hole(h, pos, ctx))).is_some(),
            Cond::LastMove { hole, player, landing, equal } => {
                let last = pos.memory().and_then(|m| m.last_move(self.player(player, pos, ctx)));
                match last {
                    Some((origin, landed)) => {
                        (self.hole(hole, pos, ctx) == if *landing { landed } else { origin }) == *equal
                    }
                    None => !equal,
                }
            }
            Cond::Marked(mark, h) => pos.memory().is_some_and(|m| m.marked(mark.index, self.hole(h, pos, ctx))),
            Cond::Capturing => ctx.capturing,
            Cond::Sense(clockwise) => self.clockwise(ctx.reverse) == *clockwise,
            Cond::PreviousSense(clockwise) => pos.previous.is_some_and(|p| p.clockwise == *clockwise),
            Cond::SamePlayer(a, b, equal) => (self.player(a, pos, ctx) == self.player(b, pos, ctx)) == *equal,
        }
    }
}
