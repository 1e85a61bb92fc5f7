//! What legal-move generation keeps. To know which moves are legal, the
//! machine sows every candidate (C-6: an endless one is not legal), unless
//! the rules make legality independent of the sowing (`turn.rs`); a
//! [`Keep`] decides what is kept of those sowings. `()` keeps nothing and
//! costs nothing. [`Children`] keeps each legal move's resulting board, so
//! that playing it is a copy rather than a second sowing, and counts laps
//! and endless candidates for playout statistics.

use super::lower::Track;
use super::outcome::Sown;
use super::Machine;
use crate::hole::Move;
use crate::position::{copy_board, Player, Position};

/// Receives the candidate sowings of one legal-move generation (by
/// default, it hears of them and keeps nothing).
pub(crate) trait Keep {
    /// Whether candidates are sown into [`Keep::slot`] (else into a scratch
    /// position that is thrown away).
    const KEEP: bool;
    /// Where candidate `i` is sown; only called when `KEEP`.
    fn slot(&mut self, i: u8) -> &mut Position;
    /// Candidate `i` is legal; its sowing did `sown`.
    #[inline(always)]
    fn sown(&mut self, _i: u8, _sown: Sown) {}
    /// Candidate `hole` of `pos` was endless: it would need more than
    /// `laps` (the lap limit) laps.
    #[inline(always)]
    fn endless(&mut self, _pos: &Position, _hole: u8, _laps: u32) {}
    /// The moves of `mask` are legal and were not sown: legality did not
    /// depend on their sowing, which takes one lap each.
    #[inline(always)]
    fn unsown(&mut self, _mask: u64) {}
}

impl Keep for () {
    const KEEP: bool = false;
    fn slot(&mut self, _: u8) -> &mut Position {
        unreachable!("`()` keeps no candidate")
    }
}

/// Room for perft's last level: the position its candidates are sown in
/// and the tracks of the closed holes last met.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    board: ScratchBoard,
    /// (Built afresh at every generation with closed holes, Raja Pasu's
    /// tracks cost its perft 2% of its instructions once a track had room
    /// for a wide board.)
    tracks: TrackCache,
}

/// Keeps nothing, as `()` does, but owns the position candidates are sown
/// in: a generation then does not copy its position to get one (perft's
/// last level, where that copy cost Raja Pasu's perft 2% of its instructions).
#[derive(Clone, Debug)]
struct ScratchBoard(Position);

impl Scratch {
    /// Room to sow the candidates of `m`'s positions.
    pub(crate) fn new(m: &Machine) -> Scratch {
        Scratch { board: ScratchBoard(m.initial()), tracks: TrackCache::default() }
    }
}

impl Keep for ScratchBoard {
    // (Candidates are sown in the slot, which is always the scratch board.)
    const KEEP: bool = true;
    #[inline(always)]
    fn slot(&mut self, _: u8) -> &mut Position {
        &mut self.0
    }
}

/// The children of the last position whose legal moves were generated with
/// it, running counts over every generation, and the sowing tracks of the
/// closed holes last met.
#[derive(Clone, Debug)]
pub(crate) struct Children {
    kept: Kept,
    tracks: TrackCache,
}

/// Both players' tracks, both ways, for one closed-hole mask: closed holes
/// change only at a refill, so consecutive turns share them.
#[derive(Clone, Debug, Default)]
pub(crate) struct TrackCache(Option<(u64, [Track; 4])>);

impl TrackCache {
    /// The tracks for `closed` (not 0), built if they are not the cached ones.
    #[inline]
    pub(super) fn get(&mut self, m: &Machine, closed: u64) -> &[Track; 4] {
        match &mut self.0 {
            Some((c, _)) if *c == closed => {}
            // (Rebuilt where they are: a track has room for the widest
            // board, and built anew, four were copied into place.)
            Some((c, tracks)) => {
                m.rebuild_tracks(closed, tracks);
                *c = closed;
            }
            None => self.0 = Some((closed, m.build_tracks(closed))),
        }
        &self.0.as_ref().expect("just built").1
    }
}

/// What [`Children`] keeps of each generation.
#[derive(Clone, Debug)]
struct Kept {
    /// Each candidate is sown in its own position; for a legal move it
    /// holds the board and holdings after it (index = hole).
    boards: Vec<Position>,
    /// Bit `i`: move `i` gives the mover an extra turn.
    extra: u64,
    /// Bit `i`: legal move `i` was not sown (its board is not in
    /// `boards`); it is sown when played.
    unsown: u64,
    /// Laps each legal move sows.
    laps: [u32; 64],
    /// Endless candidates met so far.
    endless: u64,
    /// Laps sown by every candidate so far, endless ones included.
    sown_laps: u64,
    /// When recording: every endless candidate met (a measurement aid;
    /// normally `None`, and nothing is allocated).
    seen: Option<Vec<(Position, u8)>>,
}

impl Children {
    /// Room for the moves of `m`; the only allocation.
    pub(crate) fn new(m: &Machine) -> Children {
        let kept = Kept {
            boards: vec![m.initial(); if m.chosen() || m.places() { 64 } else { usize::from(m.move_holes()) }],
            extra: 0,
            unsown: 0,
            laps: [0; 64],
            endless: 0,
            sown_laps: 0,
            seen: None,
        };
        Children { kept, tracks: TrackCache::default() }
    }

    /// Starts a game from the position whose children `start` holds: takes
    /// its counts (and the endless candidates it recorded), not its boards,
    /// so that nothing is copied; the game's first move is played from
    /// `start` itself ([`Machine::play_kept_into`]).
    pub(crate) fn count_from(&mut self, start: &Children) {
        let (k, o) = (&mut self.kept, &start.kept);
        k.endless = o.endless;
        k.sown_laps = o.sown_laps;
        if let (Some(seen), Some(other)) = (&mut k.seen, &o.seen) {
            seen.extend_from_slice(other);
        }
    }

    /// Starts recording every endless candidate met.
    pub(crate) fn record_endless(&mut self) {
        self.kept.seen = Some(Vec::new());
    }

    /// The endless candidates recorded so far.
    pub(crate) fn take_endless(&mut self) -> Vec<(Position, u8)> {
        self.kept.seen.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Laps sown by legal move `i` of the last generation.
    pub(crate) fn laps(&self, i: u8) -> u32 {
        if self.kept.unsown & (1 << i) != 0 {
            1
        } else {
            self.kept.laps[usize::from(i)]
        }
    }

    /// Endless candidates met so far.
    pub(crate) fn endless(&self) -> u64 {
        self.kept.endless
    }

    /// Laps sown by every candidate so far, endless ones included.
    pub(crate) fn sown_laps(&self) -> u64 {
        self.kept.sown_laps
    }
}

impl Keep for Kept {
    const KEEP: bool = true;
    #[inline]
    fn slot(&mut self, i: u8) -> &mut Position {
        &mut self.boards[usize::from(i)]
    }
    #[inline]
    fn sown(&mut self, i: u8, sown: Sown) {
        self.unsown &= !(1 << i);
        let i = usize::from(i);
        self.laps[i] = sown.laps;
        self.extra = (self.extra & !(1 << i)) | (u64::from(sown.extra) << i);
        self.sown_laps += u64::from(sown.laps);
    }
    #[inline]
    fn endless(&mut self, pos: &Position, hole: u8, laps: u32) {
        self.endless += 1;
        self.sown_laps += u64::from(laps);
        if let Some(seen) = &mut self.seen {
            seen.push((pos.clone(), hole));
        }
    }
    #[inline]
    fn unsown(&mut self, mask: u64) {
        self.unsown = mask;
        self.sown_laps += u64::from(crate::playout::ones(mask));
    }
}

impl Machine {
    /// Generates the legal moves of `pos` afresh into `kids` (they must
    /// agree with `pos.legal_mask()`, as they do for any position the
    /// machine built).
    pub(crate) fn expand(&self, pos: &Position, kids: &mut Children) {
        if self.lays_out && self.laying_out(pos).is_some() {
            // (A round's layout: no sowing to generate.)
            return;
        }
        if let Some(p) = pos.to_move {
            let legal = self.legal_mask_of(pos, p, &mut kids.kept, Some(&mut kids.tracks));
            debug_assert_eq!(legal, pos.legal);
        }
    }

    /// Sows candidate `hole` of `pos` as legal-move generation does, on a
    /// copy; whether it ends within the lap limit. A measurement aid.
    ///
    /// # Panics
    /// If the game in `pos` is over, or `pos` is a position of another game.
    pub fn sow_candidate(&self, pos: &Position, hole: u8) -> bool {
        self.assert_owns(pos, "sow_candidate");
        let mover = pos.to_move.expect("a position with a player to move");
        let mut scratch = pos.clone();
        let (hole, reverse) = Move::split_index(hole, pos.chosen);
        self.sow_any(&mut scratch, mover, self.move_cell(mover, hole), reverse, &mut ()).is_ok()
    }

    /// Plays legal move `index` of `pos` from the boards in `kids`, which
    /// must hold the children of `pos` (from [`Machine::expand`] or from the
    /// previous `play_kept`); afterwards they hold the new position's.
    ///
    /// # Panics
    /// If bit `index` of `pos.legal_mask()` is not set.
    #[inline]
    pub(crate) fn play_kept(&self, pos: &mut Position, index: u8, kids: &mut Children) {
        let (mover, sown) = self.play_child(pos, index, kids);
        self.after_move(pos, mover, sown, &mut (), &mut kids.kept, Some(&mut kids.tracks));
    }

    /// Like [`Machine::play_kept`], but the new position's children go to
    /// `into` (`None`: only its legal moves are found).
    ///
    /// # Panics
    /// If bit `index` of `pos.legal_mask()` is not set.
    #[inline]
    pub(crate) fn play_kept_into(&self, pos: &mut Position, index: u8, kids: &Children, into: Option<&mut Children>) {
        let (mover, sown) = self.play_child(pos, index, kids);
        match into {
            Some(c) => self.after_move(pos, mover, sown, &mut (), &mut c.kept, Some(&mut c.tracks)),
            None => self.after_move(pos, mover, sown, &mut (), &mut (), None),
        }
    }

    /// Like [`Machine::play_kept_into`] with `None`, sowing the new
    /// position's candidates in `scratch`.
    ///
    /// # Panics
    /// If bit `index` of `pos.legal_mask()` is not set.
    #[inline]
    pub(crate) fn play_kept_scratch(&self, pos: &mut Position, index: u8, kids: &Children, scratch: &mut Scratch) {
        let (mover, sown) = self.play_child(pos, index, kids);
        self.after_move(pos, mover, sown, &mut (), &mut scratch.board, Some(&mut scratch.tracks));
    }

    /// Like [`Machine::play_kept`], but the new position is not settled:
    /// returns whether it must still be ([`Machine::settle_kept`]), its
    /// legal moves being unknown.
    ///
    /// # Panics
    /// If bit `index` of `pos.legal_mask()` is not set.
    pub(crate) fn play_kept_unsettled(&self, pos: &mut Position, index: u8, kids: &Children) -> bool {
        let (mover, sown) = self.play_child(pos, index, kids);
        self.conclude(pos, mover, sown, &mut ())
    }

    /// Draws a legal move of `mover` in `pos` and plays it, unsettled (see
    /// [`Machine::draw_legal`], whose `pick` this takes); `kids` counts the
    /// candidates sown. Returns the laps of the move's sowing and whether
    /// the new position must still be settled; `None` when `mover` has no
    /// legal move.
    pub(crate) fn draw_unsettled(
        &self,
        pos: &mut Position,
        mover: Player,
        scratch: &mut Position,
        kids: &mut Children,
        pick: &mut impl FnMut(u64) -> u8,
    ) -> Option<(u32, bool)> {
        let (_, sown) = self.draw_legal(pos, mover, scratch, &mut kids.kept, &mut kids.tracks, pick)?;
        Some((sown.laps, self.conclude(pos, mover, sown, &mut ())))
    }

    /// Settles `pos` ([`Machine::settle`]; `last` made the move just
    /// played), keeping its children in `kids`.
    pub(crate) fn settle_kept(&self, pos: &mut Position, last: Option<Player>, kids: &mut Children) {
        self.settle(pos, last, &mut (), &mut kids.kept, Some(&mut kids.tracks));
    }

    /// Installs child `index` from `kids` (or sows it, if legal-move
    /// generation did not); returns the mover and what the move's sowing did.
    #[inline(always)]
    fn play_child(&self, pos: &mut Position, index: u8, kids: &Children) -> (Player, Sown) {
        assert!(pos.legal & (1 << index) != 0, "play_kept: hole {index} is not a legal move");
        let mover = pos.to_move.expect("a position with legal moves has a player to move");
        let i = usize::from(index);
        let kids = &kids.kept;
        if kids.unsown & (1 << i) != 0 {
            // (Moves are left unsown only while each player owns their row,
            // never under a moved territory border: a letter is a hole of the row.)
            let (hole, reverse) = Move::split_index(index, pos.chosen);
            let cell = self.cell(mover, hole);
            if self.plan.one_lap && pos.closed == 0 {
                return (mover, self.sow_one_lap(pos, mover, cell, reverse));
            }
            return (mover, self.sow_legal(pos, mover, cell, reverse, &mut ()));
        }
        let child = &kids.boards[i];
        let sown = Sown { extra: kids.extra & (1 << i) != 0, laps: kids.laps[i] };
        let placed = Move::from_bit(index, pos.chosen, pos.places).place;
        if !sown.ends_game() && !placed {
            // (The compiled kernels' children do not carry the move's memory.)
            let (hole, reverse) = Move::split_index(index, pos.chosen);
            let cell = self.move_cell(mover, hole);
            self.remember(pos, cell, reverse, pos.cells[usize::from(cell)]);
        }
        if placed {
            // (Placements are sown by the general code, which remembers them in the child.)
            pos.previous = child.previous;
        }
        if pos.memory.is_some() {
            // Marks, values, last moves and hands, as the move left them
            // (`bench --verify` found them dropped, an `over` condition
            // reading the memory before the move).
            pos.memory.clone_from(&child.memory);
        }
        copy_board(&mut pos.cells, &child.cells, self.wide);
        pos.reserve = child.reserve;
        // (Holes closed as they are sown, `relay … closing`: `bench
        // --verify` found the kept children dropping them.)
        pos.closed = child.closed;
        pos.claimed = child.claimed;
        if self.rules.counts_turns {
            // The turn counters the move's sowing updated.
            (pos.turns_played, pos.extra_turns) = (child.turns_played, child.extra_turns);
        }
        (mover, sown)
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;
    use crate::playout::verify_game;

    /// A move played from the kept children carries the memory its rules
    /// set (`bench --verify` found Awagagae's marks and the Nama ǁHus's
    /// values dropped, and the ǁHus's `over`, which reads a value, never
    /// ending its games).
    #[test]
    fn kept_children_carry_the_memory() {
        for src in
            [include_str!("../../../../rules/awagagae.rules"), include_str!("../../../../rules/hus16_ludii.rules")]
        {
            let m = Machine::new(crate::check(src).unwrap_or_else(|d| panic!("{d:?}")));
            for game in 0..2 {
                verify_game(&m, 1, game, 200).unwrap_or_else(|d| panic!("{d}"));
            }
        }
    }
}
