//! Between moves: legal moves, the end of a game or round (C-7), the award,
//! refills and closed holes (RP-7, RP-8), who starts (RP-9) and the end of a
//! match (RP-10).

use super::children::{Keep, TrackCache};
use super::eval::Ctx;
use super::lower::Track;
use super::packed::pack;
use super::sow::Endless;
use super::{Kernel, Machine};
use crate::position::{Outcome, Player, Position};
use crate::rules::{FillFrom, MustLeave, Remaining, Starter};
use crate::trace::{EventKind, Sink};

impl Machine {
    /// Whether the rules' `lift when …` allows lifting `cell` (which must be
    /// an open, non-empty hole of the mover's).
    pub(super) fn liftable(&self, pos: &Position, mover: Player, cell: u8) -> bool {
        self.holds(&self.rules.moves.lift, pos, &Ctx::at(mover, cell))
    }

    /// Whether lifting `cell` fails the rules' `must_leave` duty (or is endless).
    pub(super) fn breaks_duty(&self, pos: &Position, mover: Player, cell: u8) -> bool {
        let Some(duty) = &self.rules.moves.must_leave else { return false };
        if !self.holds(&duty.before, pos, &Ctx::at(mover, cell)) {
            return false;
        }
        let mut after = pos.clone();
        self.sow(&mut after, mover, cell, &mut ()).is_ok() && !self.holds(&duty.after, &after, &Ctx::at(mover, cell))
    }

    /// The legal moves of `mover`: open, non-empty, unclaimed, liftable
    /// holes whose sowing is not endless (C-5, C-6) and meets the rules'
    /// `must_leave` duty. Every candidate is sown; `keep` receives the
    /// sowings of the legal ones, and hears of the endless ones.
    pub(super) fn legal_mask_of<K: Keep>(
        &self,
        pos: &Position,
        mover: Player,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) -> u32 {
        if self.kernel == Kernel::General {
            self.legal_general(pos, mover, keep)
        } else if pos.closed == 0 {
            self.legal_fast(pos, &self.tracks[mover.index()], mover, keep)
        } else if let Some(cache) = tracks {
            self.legal_fast(pos, &cache.get(self, pos.closed)[mover.index()], mover, keep)
        } else {
            self.legal_fast(pos, &self.build_track(mover, pos.closed), mover, keep)
        }
    }

    /// The rules' `must_leave` duty, if it applies to `mover` in `pos`.
    fn duty(&self, pos: &Position, mover: Player) -> Option<&MustLeave> {
        self.rules.moves.must_leave.as_ref().filter(|d| self.holds(&d.before, pos, &Ctx::at(mover, 0)))
    }

    #[inline]
    fn legal_fast<K: Keep>(&self, pos: &Position, t: &Track, mover: Player, keep: &mut K) -> u32 {
        // The packed board is the same for every candidate.
        let packed = self.packs(t).then(|| pack(pos, t));
        let duty = self.duty(pos, mover);
        let mut mask = 0;
        let mut scratch = if K::KEEP { None } else { Some(pos.clone()) };
        // The open, unclaimed, non-empty holes of the mover, found without a
        // branch per hole.
        let first = usize::from(self.cell(mover, 0));
        let mut candidates = 0u32;
        for (i, &seeds) in pos.cells[first..first + usize::from(self.holes)].iter().enumerate() {
            candidates |= u32::from(seeds != 0) << i;
        }
        candidates &= !((pos.closed | pos.claimed[0] | pos.claimed[1]) >> first) as u32;
        while candidates != 0 {
            let i = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            let cell = self.cell(mover, i);
            if !self.liftable_fast(pos, t, mover, cell) {
                continue;
            }
            let slot = match scratch.as_mut() {
                Some(s) => s,
                None => keep.slot(i),
            };
            slot.cells = pos.cells;
            slot.reserve = pos.reserve;
            slot.closed = pos.closed;
            slot.claimed = pos.claimed;
            let sown = match packed {
                Some(b) => self.sow_packed(slot, t, b, mover, cell),
                None => self.sow_unpacked(slot, t, mover, cell),
            };
            match sown {
                Ok(sown) => {
                    if duty.is_none_or(|d| self.holds(&d.after, slot, &Ctx::at(mover, cell))) {
                        mask |= 1 << i;
                        keep.sown(i, sown);
                    }
                }
                Err(Endless) => keep.endless(pos, i, self.prog.lap_limit),
            }
        }
        mask
    }

    /// [`Machine::legal_mask_of`] with the general code only.
    pub(super) fn legal_general<K: Keep>(&self, pos: &Position, mover: Player, keep: &mut K) -> u32 {
        let mut mask = 0;
        let mut scratch = if K::KEEP { None } else { Some(pos.clone()) };
        let duty = self.duty(pos, mover);
        for i in 0..self.holes {
            let cell = self.cell(mover, i);
            let c = usize::from(cell);
            if pos.is_closed(c) || pos.cells[c] == 0 || pos.claimed_by(c).is_some() || !self.liftable(pos, mover, cell)
            {
                continue;
            }
            let slot = match scratch.as_mut() {
                Some(s) => s,
                None => keep.slot(i),
            };
            slot.clone_from(pos);
            match self.sow(slot, mover, cell, &mut ()) {
                Ok(sown) => {
                    if duty.is_none_or(|d| self.holds(&d.after, slot, &Ctx::at(mover, cell))) {
                        mask |= 1 << i;
                        keep.sown(i, sown);
                    }
                }
                Err(Endless) => keep.endless(pos, i, self.rules.moves.lap_limit),
            }
        }
        mask
    }

    /// Ends a move: passes the turn (unless the mover earned another),
    /// ends the game if the rules' `over` condition holds, then settles.
    pub(super) fn after_move<S: Sink, K: Keep>(
        &self,
        pos: &mut Position,
        mover: Player,
        extra_turn: bool,
        sink: &mut S,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) {
        pos.to_move = Some(if extra_turn { mover } else { mover.other() });
        if let Some((over, span)) = &self.rules.end.over {
            if self.holds(over, pos, &Ctx::at(mover, 0)) {
                if S::ON {
                    sink.event(EventKind::Over, Some(*span));
                }
                if !self.end_round(pos, mover.other(), sink) {
                    return;
                }
            }
        }
        self.settle(pos, sink, keep, tracks);
    }

    /// Brings a position to the next state where someone can move, or to
    /// the end: while the player to move has no legal move, the round or
    /// game ends (C-7), and a match refills and goes on.
    pub(super) fn settle<S: Sink, K: Keep>(
        &self,
        pos: &mut Position,
        sink: &mut S,
        keep: &mut K,
        mut tracks: Option<&mut TrackCache>,
    ) {
        // Set once a refill has happened here: a round its starter cannot
        // even open would refill the same way for ever, so the match ends.
        let mut fresh_round = false;
        while let Some(stuck) = pos.to_move {
            let legal = self.legal_mask_of(pos, stuck, keep, tracks.as_deref_mut());
            pos.legal = legal;
            if legal != 0 {
                return;
            }
            if S::ON {
                sink.event(EventKind::NoMoves { player: stuck }, Some(self.rules.end.remaining_span));
            }
            if fresh_round {
                self.award(pos, stuck, sink);
                let held = Player::BOTH.map(|p| self.captured(pos, p));
                self.finish(pos, Outcome::compare(held[0], held[1]), sink);
                return;
            }
            if !self.end_round(pos, stuck, sink) {
                return;
            }
            fresh_round = true;
        }
        pos.legal = 0;
    }

    /// Ends the round (or game) with `stuck` as the player who did not move
    /// last: awards the board, then either finishes the game (returns false)
    /// or refills for the next round of a match (returns true).
    fn end_round<S: Sink>(&self, pos: &mut Position, stuck: Player, sink: &mut S) -> bool {
        self.award(pos, stuck, sink);
        let held = Player::BOTH.map(|p| self.captured(pos, p));
        let outcome = Outcome::compare(held[0], held[1]);
        let rounds = match &self.rules.rounds {
            Some(r) if !self.one_round => r,
            _ => {
                if S::ON && self.rules.rounds.is_some() {
                    sink.event(EventKind::RoundEnd { round: pos.round, outcome }, Some(self.rules.end.winner_span));
                }
                self.finish(pos, outcome, sink);
                return false;
            }
        };
        if S::ON {
            sink.event(EventKind::RoundEnd { round: pos.round, outcome }, Some(self.rules.end.winner_span));
        }
        let below = held.map(|h| h < u32::from(rounds.end_below));
        if below[0] || below[1] {
            let outcome = match below {
                [true, false] => Outcome::Win(Player::North),
                [false, true] => Outcome::Win(Player::South),
                _ => outcome,
            };
            if S::ON {
                sink.event(EventKind::GameEnd { outcome }, Some(rounds.end_span));
            }
            pos.to_move = None;
            pos.result = Some(outcome);
            pos.legal = 0;
            return false;
        }
        self.refill(pos, sink);
        pos.round += 1;
        let starter = match rounds.starter {
            Starter::Receiver => stuck.other(),
            Starter::Other => stuck,
        };
        if S::ON {
            sink.event(EventKind::RoundStart { round: pos.round, starter }, Some(rounds.starter_span));
        }
        pos.to_move = Some(starter);
        true
    }

    /// The seeds left on the board go where `no_moves remaining to …` says.
    fn award<S: Sink>(&self, pos: &mut Position, stuck: Player, sink: &mut S) {
        let span = Some(self.rules.end.remaining_span);
        let mut row_seeds = [0u32; 2];
        for c in 0..2 * self.holes {
            let seeds = std::mem::take(&mut pos.cells[usize::from(c)]);
            row_seeds[self.owner[usize::from(c)].index()] += u32::from(seeds);
        }
        let gifts = match self.rules.end.remaining {
            Remaining::LastMover => {
                let mut g = [0; 2];
                g[stuck.other().index()] = row_seeds[0] + row_seeds[1];
                g
            }
            Remaining::Owner => row_seeds,
        };
        for p in Player::BOTH {
            let seeds = gifts[p.index()];
            if seeds > 0 || (self.rules.end.remaining == Remaining::LastMover && p == stuck.other()) {
                self.give(pos, p, seeds);
                if S::ON {
                    sink.event(EventKind::Award { to: p, seeds }, span);
                }
            }
        }
    }

    fn finish<S: Sink>(&self, pos: &mut Position, outcome: Outcome, sink: &mut S) {
        if S::ON {
            sink.event(EventKind::GameEnd { outcome }, Some(self.rules.end.winner_span));
        }
        pos.to_move = None;
        pos.result = Some(outcome);
        pos.legal = 0;
    }

    /// RP-7: each player fills k = min(holes, holding / per_hole) holes of
    /// their row, the rest are closed, and what is left stays in reserve.
    fn refill<S: Sink>(&self, pos: &mut Position, sink: &mut S) {
        let rounds = self.rules.rounds.as_ref().expect("refill is only called in a match");
        let per = u32::from(rounds.per_hole);
        let h = self.holes;
        pos.closed = 0;
        pos.claimed = [0; 2];
        for p in Player::BOTH {
            let mut held = self.captured(pos, p);
            if let Some(s) = self.stores {
                pos.cells[usize::from(s[p.index()])] = 0;
            }
            let k = (held / per).min(u32::from(h)) as u8;
            held -= u32::from(k) * per;
            // What is kept goes back where holdings live: the store, or the reserve.
            pos.reserve[p.index()] = 0;
            self.give(pos, p, held);
            for i in 0..h {
                let cell = self.cell(p, i);
                let filled = match rounds.fill_from {
                    FillFrom::Right => i >= h - k,
                    FillFrom::Left => i < k,
                };
                if filled {
                    pos.cells[usize::from(cell)] = rounds.per_hole;
                } else {
                    pos.closed |= 1 << cell;
                }
            }
            if S::ON {
                sink.event(EventKind::Refill { player: p, filled: k, kept: held }, Some(rounds.refill_span));
            }
        }
    }
}
