//! The closing kernel: sowings whose holes close as they are sown
//! (`relay … closing`, `closed_toll`), on the compiled rules, as `sow.rs`
//! sows them.
//!
//! The track changes within the move: a closing relay closes the hole it
//! lifts, and the track of the open holes is built again (rarely: a relay
//! closes at most one hole a lap). A lap starts from a cell rather than a
//! track index, since the hole it was lifted from may be closed. Where a
//! `closed_toll` applies (some hole is closed), a lap is walked over every
//! cell, closed ones included, as the definition walks it: a closed hole
//! whose condition holds ([`ClosedToll::takes`]) takes a seed of the hand;
//! a lap whose last seed goes so ends in that closed hole, where no relay
//! fires (`Program::closing`: every relay needs seeds at the landing, and a
//! closed hole holds none), and the sowing-end rules run with the general
//! code. Elsewhere a lap is sown in bulk on the track.

use super::super::at::{At, Kept};
use super::super::eval::Ctx;
use super::super::lower::{Base, ClosedToll, Track};
use super::super::outcome::{skip, wrap, Endless, Sown};
use super::super::Machine;
use super::bulk_lap;
use crate::position::{Player, Position};
use crate::rules::Event;

/// Where a lap of the closing kernel ended: at an index of the track of
/// open holes, or in a closed hole (a cell).
enum Landed {
    Open(usize),
    Closed(u8),
}

impl Machine {
    /// [`Machine::sow_fast`] for rules whose holes close as they are sown
    /// (`Program::closing`), keeping the facts of the move as the facts
    /// kernel does.
    ///
    /// # Errors
    /// As [`Machine::sow_fast`]; also when every hole of the track is
    /// closed with seeds in hand, as the definition.
    #[inline(never)]
    pub(super) fn closing_kernel(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        origin: u8,
    ) -> Result<Sown, Endless> {
        let i = usize::from(t.rank[usize::from(origin)]);
        let (mut hand, mut at) = self.lift_origin::<Kept>(pos, t, mover, origin, i);
        // The track of the open holes, built again when a hole closes.
        let mut built: Track;
        let mut t = t;
        // The cell this lap is sown from (closed once a closing relay lifted it).
        let mut start = origin;
        let sown = loop {
            match self.closing_lap(pos, t, mover, start, hand)? {
                Landed::Open(i) => at.i = i,
                Landed::Closed(c) => break self.closed_end(pos, t, at, c),
            }
            let Some(r) = self.relay_fires(pos, t, at) else {
                break self.sowing_end_at::<false, Kept>(pos, t, at);
            };
            let taken = self.relay_takes(r, pos, t, at);
            if at.laps >= self.prog.lap_limit {
                return Err(Endless);
            }
            at.laps += 1;
            let l = usize::from(t.len);
            start = match r.start {
                Base::Origin => origin,
                Base::Landing => t.order[at.i],
                Base::Next => t.order[wrap(at.i + 1, l)],
                Base::After => t.order[wrap(wrap(at.i + 2, l), l)],
            };
            hand = match taken {
                Some(seeds) => seeds,
                None => std::mem::take(&mut pos.cells[usize::from(start)]),
            };
            // (A closing relay lifts one hole, `start`: `Program::closing`.)
            if r.closes && start < 2 * self.holes && !pos.is_closed(usize::from(start)) {
                pos.closed |= 1 << start;
                built = self.build_track(mover, t.reverse, pos.closed);
                t = &built;
            }
        };
        if self.rules.counts_turns {
            // As the definition counts it, once the move is sown.
            pos.count_turn(sown.extra);
        }
        Ok(sown)
    }

    /// One lap of `hand` seeds from cell `start` (perhaps closed), `t`
    /// being `mover`'s track of the open holes.
    ///
    /// # Errors
    /// `Endless` when the seeds can never be sown: every hole is closed
    /// (and, under a `closed_toll`, none passed takes a seed).
    #[inline(always)]
    fn closing_lap(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        start: u8,
        hand: u16,
    ) -> Result<Landed, Endless> {
        let open = !pos.is_closed(usize::from(start));
        if hand == 0 {
            // Nothing sown: the lap ends where it started.
            return Ok(if open {
                Landed::Open(usize::from(t.rank[usize::from(start)]))
            } else {
                Landed::Closed(start)
            });
        }
        if let Some(toll) = self.prog.closed_toll.as_ref().filter(|_| pos.closed != 0) {
            return self.tolled_lap(pos, toll, t, mover, start, hand);
        }
        if t.len == 0 {
            return Err(Endless);
        }
        let first = if open {
            usize::from(t.rank[usize::from(start)]) + skip(self.prog.first_seed, hand)
        } else {
            // The first seed goes to the next open hole.
            usize::from(t.rank[usize::from(self.step(pos, mover, t.reverse, start))])
        };
        Ok(Landed::Open(bulk_lap(pos, t, first, hand)))
    }

    /// [`Machine::closing_lap`] under `toll` with some hole closed: seed by
    /// seed over every cell of the mover's cycle, as the definition.
    #[inline(never)]
    fn tolled_lap(
        &self,
        pos: &mut Position,
        toll: &ClosedToll,
        t: &Track,
        mover: Player,
        start: u8,
        mut hand: u16,
    ) -> Result<Landed, Endless> {
        let next = if t.reverse { &self.prev[mover.index()] } else { &self.next[mover.index()] };
        let takes = toll.takes[mover.index()];
        let mut c = start;
        let mut first = !pos.is_closed(usize::from(c)) && skip(self.prog.first_seed, hand) == 0;
        loop {
            if first {
                first = false;
            } else {
                // To the next open hole; closed holes passed may take a seed.
                let mut passed = 0;
                loop {
                    c = next[usize::from(c)];
                    if !pos.is_closed(usize::from(c)) {
                        break;
                    }
                    if takes >> c & 1 != 0 {
                        hand -= 1;
                        passed = 0;
                        self.give(pos, toll.to.player(mover), 1);
                        if hand == 0 {
                            return Ok(Landed::Closed(c));
                        }
                    } else {
                        passed += 1;
                        if passed > self.cells {
                            return Err(Endless);
                        }
                    }
                }
            }
            pos.cells[usize::from(c)] += 1;
            hand -= 1;
            if hand == 0 {
                return Ok(Landed::Open(usize::from(t.rank[usize::from(c)])));
            }
        }
    }

    /// The end of a sowing whose last lap ended in closed hole `c`: the
    /// sowing-end rules, run with the general code (no relay fires there).
    #[inline(never)]
    fn closed_end(&self, pos: &mut Position, t: &Track, at: At<Kept>, c: u8) -> Sown {
        let ctx = Ctx { landing: c, hole: c, ..Self::ctx(t, At { i: 0, ..at }) };
        let mut extra = false;
        for r in self.rules.triggers.iter().filter(|r| r.event == Event::SowingEnd) {
            if self.holds(&r.when, pos, &ctx) {
                extra |= self.run(r, pos, &ctx, &mut ());
            }
        }
        Sown { extra, laps: at.laps }
    }
}
