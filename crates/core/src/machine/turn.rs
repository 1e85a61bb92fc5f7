//! Between moves: legal moves, the end of a game or round (C-7), the award,
//! refills and closed holes (RP-7, RP-8), who starts (RP-9) and the end of a
//! match (RP-10).

use super::children::{Keep, TrackCache};
use super::eval::Ctx;
use super::fast::{by_shape, copy_game_facts, DROPS_ANY_RELAY, PACKED};
use super::lower::{track_index, Track};
use super::outcome::Endless;
use super::outcome::Sown;
use super::packed::pack;
use super::{Kernel, Machine};
use crate::diagnostic::Span;
use crate::hole::{Hole, Move, Sense};
use crate::position::{copy_board, Met, Outcome, Player, Position, Seen, MAX_CELLS};
use crate::rules::{Award, Endless as EndlessPolicy, FillFrom, MustLeave, Remaining, Rounds, Starter, Tie, Winner};
use crate::trace::{EventKind, Sink};

/// What a candidate move is, once sown.
pub(super) enum Verdict {
    /// Legal.
    Legal(Sown),
    /// It ended, but fails the rules' `must_leave` duty.
    Undutiful(Sown),
    /// It would never end, and so is not legal (C-6).
    Endless,
}

/// Cells read at once from the start of a player's holes (rows of at most
/// 16 holes; wider ones are read cell by cell).
const RUN: usize = 16;

/// The legal moves found so far in one generation.
#[derive(Default)]
struct Found {
    /// Moves legal in every respect.
    legal: u64,
    /// Moves that end, duty or not (for `must_leave … if_possible`).
    ending: u64,
}

impl Found {
    /// Records candidate `bit` of `pos` and tells `keep`. Out of line: the
    /// compiled kernel's loop records only its rare candidates here, and
    /// inlined, this path's set-up was paid at every generation.
    #[inline(never)]
    fn record<K: Keep>(&mut self, keep: &mut K, pos: &Position, bit: u8, verdict: Verdict, lap_limit: u32) {
        match verdict {
            Verdict::Legal(sown) => {
                self.legal |= 1 << bit;
                self.ending |= 1 << bit;
                keep.sown(bit, sown);
            }
            Verdict::Undutiful(sown) => {
                self.ending |= 1 << bit;
                keep.sown(bit, sown);
            }
            Verdict::Endless => keep.endless(pos, bit, lap_limit),
        }
    }

    /// The legal moves: with a duty that no move can meet and `if_possible`,
    /// every move that ends. Under `either_direction`, a hole's move that
    /// ends is legal when its other direction meets the duty.
    fn mask(&self, duty: Option<&MustLeave>) -> u64 {
        let legal = match duty {
            Some(d) if d.either_direction => {
                let other = self.legal.rotate_left(u32::from(Move::MINUS));
                self.legal | (other & self.ending)
            }
            _ => self.legal,
        };
        match duty {
            Some(d) if d.if_possible && legal == 0 => self.ending,
            _ => legal,
        }
    }
}

/// Bit `k` (0 to 3): lane `k` of `word` (16 bits, lane 0 the lowest) is
/// not 0. Bit 15 of a lane is set in `word | (low 15 bits + 0x7fff)` just
/// when the lane is not 0; a multiplication then gathers the four bits
/// (from bits 0, 16, 32 and 48, to bits 45 to 48: no two partial products
/// meet, so nothing carries).
#[inline(always)]
fn occupied_lanes(word: u64) -> u32 {
    const LOW: u64 = 0x7fff_7fff_7fff_7fff;
    let top = (word | ((word & LOW) + LOW)) & !LOW;
    (((top >> 15).wrapping_mul(1 << 45 | 1 << 30 | 1 << 15 | 1) >> 45) & 0xf) as u32
}

/// Cells `4 k` to `4 k + 3` of `run` as one word, cell `4 k` in the
/// lowest 16 bits (one load).
#[inline(always)]
fn run_word(run: &[u16; RUN], k: usize) -> u64 {
    run[4 * k..4 * k + 4].iter().rev().fold(0u64, |w, &seeds| (w << 16) | u64::from(seeds))
}

/// The lanes (16 bits, four to a word as [`run_word`] reads them) of a
/// row of `holes` holes: word `k`'s mask.
pub(super) fn row_lanes(holes: u8) -> [u64; 4] {
    [0, 1, 2, 3].map(|k| {
        let lanes = usize::from(holes).saturating_sub(4 * k).min(4);
        if lanes == 4 {
            u64::MAX
        } else {
            (1u64 << (16 * lanes)) - 1
        }
    })
}

/// The moves lifting the holes of `candidates` (bit `i`: hole `i`), both
/// ways where `pos`'s moves carry a chosen direction.
#[inline(always)]
fn both_senses(pos: &Position, candidates: u64) -> u64 {
    if pos.chosen {
        candidates | candidates << Move::MINUS
    } else {
        candidates
    }
}

impl Machine {
    /// Whether the rules' `lift when …` allows lifting `cell` (which must be
    /// an open, non-empty hole of the mover's), sown against the track when
    /// `reverse` (a chosen `-` move: `next(origin)` then names the hole before it).
    /// `landing` (and `next`, `after`) name where the first lap would end.
    pub(super) fn liftable(&self, pos: &Position, mover: Player, cell: u8, reverse: bool) -> bool {
        self.holds(&self.rules.moves.lift, pos, &self.judging(pos, mover, cell, reverse))
    }

    /// The context in which `lift when`, `capturing when` and `prefer`
    /// judge the candidate lifting `cell` (sown against the track when
    /// `reverse`), on the board before the move: `landing` (and `next`,
    /// `after`) name where its first lap would end, and `capturing` says
    /// what the rules' `capturing when …` makes of it.
    pub(super) fn judging(&self, pos: &Position, mover: Player, cell: u8, reverse: bool) -> Ctx {
        let moves = &self.rules.moves;
        let mut ctx = Ctx::sowing(mover, cell, reverse);
        if self.prog.lift_landing || moves.capturing.is_some() || !moves.prefer.is_empty() {
            ctx.landing = self.first_landing(pos, mover, cell, reverse);
        }
        if let Some(capturing) = &moves.capturing {
            ctx.capturing = self.holds(&capturing.when, pos, &ctx);
        }
        ctx
    }

    /// The context in which `place when`, `capturing when` and `prefer`
    /// judge the placement of a seed from `mover`'s hand into `cell`, on the
    /// board before the move: `origin` and `landing` both name the hole.
    /// `reverse`: the placement's chosen direction is `-` (`next(origin)`
    /// then names the hole before it).
    pub(super) fn judging_placement(&self, pos: &Position, mover: Player, cell: u8, reverse: bool) -> Ctx {
        let mut ctx = Ctx::sowing(mover, cell, reverse);
        ctx.lifted = 1;
        if let Some(capturing) = &self.rules.moves.capturing {
            ctx.capturing = self.holds(&capturing.when, pos, &ctx);
        }
        ctx
    }

    /// The context in which move `bit` of `mover`'s legal-move mask is
    /// judged before it is played (see [`Machine::judging`]).
    fn judging_bit(&self, pos: &Position, mover: Player, bit: u8) -> Ctx {
        let mv = Move::from_bit(bit, pos.chosen, pos.places);
        let reverse = mv.sense == Some(crate::hole::Sense::Minus);
        if mv.place {
            self.judging_placement(pos, mover, self.cell(mover, mv.hole.index()), reverse)
        } else {
            self.judging(pos, mover, self.move_cell(mover, mv.hole.index()), reverse)
        }
    }

    /// Whether `mover` may place a seed from their hand into `cell` (a
    /// hole of theirs): the rules have placements, the hand holds a seed,
    /// the hole is open and unclaimed, and `place when …` allows it (in
    /// direction `-` when `reverse`, where the player chooses it).
    pub(super) fn placeable(&self, pos: &Position, mover: Player, cell: u8, reverse: bool) -> bool {
        let Some(place) = &self.rules.moves.place else { return false };
        let c = usize::from(cell);
        pos.hand(mover) > 0
            && !pos.is_closed(c)
            && pos.claimed_by(c).is_none()
            && self.hole_owner(pos, cell) == mover
            && self.holds(&place.when, pos, &self.judging_placement(pos, mover, cell, reverse))
    }

    /// The `prefer` rule that leaves out move `bit` of `mover` in `pos`, a
    /// move legal in every other respect; `None` when none does.
    pub(super) fn left_out_by(&self, pos: &Position, mover: Player, bit: u8) -> Option<Span> {
        let moves = &self.rules.moves;
        if moves.prefer.is_empty() {
            return None;
        }
        let unpreferred = self.legal_unpreferred(pos, mover, &mut (), None);
        if unpreferred & (1 << bit) == 0 {
            return None;
        }
        // The first rule keeping any move decides; it leaves out `bit` or not.
        let (rule, kept) = moves
            .prefer
            .iter()
            .map(|rule| (rule, self.kept_by(rule, pos, mover, unpreferred)))
            .find(|&(_, k)| k != 0)?;
        (kept & (1 << bit) == 0).then_some(rule.span)
    }

    /// The moves of `legal` that meet the `prefer` rule `rule`.
    fn kept_by(&self, rule: &crate::rules::Judged, pos: &Position, mover: Player, legal: u64) -> u64 {
        let mut kept = 0;
        let mut rest = legal;
        while rest != 0 {
            let bit = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if self.holds(&rule.when, pos, &self.judging_bit(pos, mover, bit)) {
                kept |= 1 << bit;
            }
        }
        kept
    }

    /// The moves of `legal` that the rules' `prefer` rules keep: those
    /// meeting the first `prefer` condition that one of them meets, or all.
    pub(super) fn preferred(&self, pos: &Position, mover: Player, legal: u64) -> u64 {
        for rule in &self.rules.moves.prefer {
            let kept = self.kept_by(rule, pos, mover, legal);
            if kept != 0 {
                return kept;
            }
        }
        legal
    }

    /// Whether lifting `cell` (sown against the track when `reverse`) fails
    /// the rules' `must_leave` duty (or is endless).
    pub(super) fn breaks_duty(&self, pos: &Position, mover: Player, cell: u8, reverse: bool) -> bool {
        let Some(duty) = &self.rules.moves.must_leave else { return false };
        let ctx = Ctx::sowing(mover, cell, reverse);
        if !self.holds(&duty.before, pos, &ctx) {
            return false;
        }
        let mut after = pos.clone();
        self.sow(&mut after, mover, cell, reverse, &mut ()).is_ok() && !self.holds(&duty.after, &after, &ctx)
    }

    /// The legal moves of `mover`: open, non-empty, unclaimed, liftable
    /// holes whose sowing is not endless (C-5, C-6) and meets the rules'
    /// `must_leave` duty, and that the rules' `prefer` rules keep. Every candidate is sown, unless no sowing can
    /// change the answer (see [`Machine::legal_unsown`]); `keep` receives
    /// the sowings of the legal ones, and hears of the endless ones.
    #[inline(always)]
    pub(super) fn legal_mask_of<K: Keep>(
        &self,
        pos: &Position,
        mover: Player,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) -> u64 {
        if self.plan.compiled_only {
            self.legal_compiled(pos, mover, keep, tracks)
        } else {
            self.legal_uncompiled(pos, mover, keep, tracks)
        }
    }

    /// [`Machine::legal_mask_of`] for machines that are not `compiled_only`:
    /// where every non-empty hole is legal (its field `lifts_legal`:
    /// Kalah), those holes at once; else [`Machine::legal_weighed`].
    #[inline(always)]
    fn legal_uncompiled<K: Keep>(
        &self,
        pos: &Position,
        mover: Player,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) -> u64 {
        if self.plan.lifts_legal {
            let legal = both_senses(pos, self.candidates(pos, mover));
            keep.unsown(legal);
            legal
        } else {
            self.legal_weighed(pos, mover, keep, tracks)
        }
    }

    /// [`Machine::legal_mask_of`] for rules whose legal moves the compiled
    /// kernel alone finds (its field `compiled_only`): no duty, no
    /// `prefer`, every candidate sown. The choice is the machine's, made
    /// once; this path weighs nothing else.
    #[inline(always)]
    fn legal_compiled<K: Keep>(
        &self,
        pos: &Position,
        mover: Player,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) -> u64 {
        let mut found = Found::default();
        let built;
        let tracks = if pos.closed == 0 {
            &self.tracks
        } else if let Some(cache) = tracks {
            cache.get(self, pos.closed)
        } else {
            built = self.build_tracks(pos.closed);
            &built
        };
        for reverse in [false, true].into_iter().take(1 + usize::from(pos.chosen)) {
            let t = &tracks[track_index(mover, reverse)];
            by_shape!(self.shape(t), |S| self.candidates_shaped::<K, S>(pos, t, mover, keep, None, &mut found));
        }
        found.legal
    }

    /// [`Machine::legal_mask_of`] for every other machine: a duty, `prefer`
    /// rules, legality without sowing or the general kernel. Out of line,
    /// so that the compiled path holds none of it.
    #[inline(never)]
    fn legal_weighed<K: Keep>(
        &self,
        pos: &Position,
        mover: Player,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) -> u64 {
        let legal = self.legal_unpreferred(pos, mover, keep, tracks);
        if self.rules.moves.prefer.is_empty() {
            legal
        } else {
            self.preferred(pos, mover, legal)
        }
    }

    /// [`Machine::legal_mask_of`] before the rules' `prefer` rules choose among the moves.
    fn legal_unpreferred<K: Keep>(
        &self,
        pos: &Position,
        mover: Player,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) -> u64 {
        if self.plan.by_letters {
            // (Machines that find them so are never `compiled_only`.)
            return self.legal_by_letters(pos, mover, keep, true);
        }
        // (Weighed once: Oware's duty was weighed twice a move.)
        let duty = self.duty(pos, mover);
        if self.plan.unsown_legality && duty.is_none() {
            self.legal_unsown(pos, mover, keep)
        } else if self.plan.kernel == Kernel::General {
            self.legal_general(pos, mover, keep)
        } else if pos.closed == 0 {
            self.legal_fast(pos, &self.tracks, mover, keep, duty)
        } else if let Some(cache) = tracks {
            self.legal_fast(pos, cache.get(self, pos.closed), mover, keep, duty)
        } else {
            self.legal_fast(pos, &self.build_tracks(pos.closed), mover, keep, duty)
        }
    }

    /// [`Machine::legal_mask_of`] without sowing, for rules under which a
    /// sowing can never be endless (no relay rule: one lap) and when no
    /// `must_leave` duty applies: then the legal moves are the open,
    /// non-empty, unclaimed holes that `lift when …` allows. `keep` hears
    /// that they were not sown.
    fn legal_unsown<K: Keep>(&self, pos: &Position, mover: Player, keep: &mut K) -> u64 {
        let mut candidates = self.candidates(pos, mover);
        let mut legal = 0;
        if self.prog.lift_trivial {
            legal = both_senses(pos, candidates);
        } else {
            let senses: &[bool] = if pos.chosen { &[false, true] } else { &[false] };
            while candidates != 0 {
                let i = candidates.trailing_zeros() as u8;
                candidates &= candidates - 1;
                for &reverse in senses {
                    if self.liftable(pos, mover, self.cell(mover, i), reverse) {
                        legal |= 1 << (i + if reverse { Move::MINUS } else { 0 });
                    }
                }
            }
        }
        keep.unsown(legal);
        legal
    }

    /// The open, unclaimed, non-empty holes of `mover` (bit `i` = hole
    /// `i`), found without a branch per hole.
    #[inline(always)]
    pub(super) fn candidates(&self, pos: &Position, mover: Player) -> u64 {
        let first = usize::from(self.cell(mover, 0));
        // (No hole past cell 63 is ever closed or claimed: the checker refuses
        // those rules on wider boards, so a shift wrapped past 63 reads 0.)
        self.occupied_from(pos, first) & !(pos.closed | pos.claimed[0] | pos.claimed[1]).wrapping_shr(first as u32)
    }

    /// Whether `p`'s holes are all empty.
    #[inline(always)]
    pub(super) fn row_empty(&self, pos: &Position, p: Player) -> bool {
        // Four cells to a word, the cells past the row masked off (see
        // `occupied_from`): a cell-by-cell loop stopping at the first seed
        // cost Kalah, which reads both rows after every move, 45
        // instructions a move.
        let first = usize::from(self.cell(p, 0));
        let run = self.holes_run(pos, first);
        let lanes = &self.row_lanes;
        let mut seeds = run_word(run, 0) & lanes[0] | run_word(run, 1) & lanes[1];
        if self.holes > 8 {
            if self.holes > RUN as u8 {
                return self.occupied_wide(pos, first) == 0;
            }
            seeds |= run_word(run, 2) & lanes[2] | run_word(run, 3) & lanes[3];
        }
        seeds == 0
    }

    /// [`Machine::occupied_from`] for rows of more than `RUN` holes, cell
    /// by cell (out of line: the narrow rows' paths hold none of it).
    #[inline(never)]
    fn occupied_wide(&self, pos: &Position, first: usize) -> u64 {
        let row = &pos.cells[first..first + usize::from(self.holes)];
        row.iter().enumerate().fold(0, |occupied, (i, &seeds)| occupied | u64::from(seeds != 0) << i)
    }

    /// The `RUN` cells from `first` on. (A row of at most `RUN` holes
    /// starts at most `RUN` cells in, and the board has room for two rows
    /// of `RUN`; a wider row starts at most `Hole::MAX` cells in, and the
    /// board has room for `RUN` cells after that.)
    #[inline(always)]
    fn holes_run<'p>(&self, pos: &'p Position, first: usize) -> &'p [u16; RUN] {
        const _: () = assert!(2 * RUN <= MAX_CELLS && Hole::MAX as usize + RUN <= MAX_CELLS);
        pos.cells[first..first + RUN].try_into().expect("a run of RUN cells")
    }

    /// The non-empty holes of the player whose first cell is `first`, found
    /// without a branch per hole.
    #[inline(always)]
    fn occupied_from(&self, pos: &Position, first: usize) -> u64 {
        // A run of a fixed length read four cells to a word (one load
        // each), not a loop per hole; the cells past the row are masked
        // off. Rows of at most 8 holes (most games) read two words.
        let run = self.holes_run(pos, first);
        let word = |k: usize| run_word(run, k);
        let mut occupied = occupied_lanes(word(0)) | occupied_lanes(word(1)) << 4;
        if self.holes > 8 {
            if self.holes > RUN as u8 {
                return self.occupied_wide(pos, first);
            }
            occupied |= occupied_lanes(word(2)) << 8 | occupied_lanes(word(3)) << 12;
        }
        u64::from(occupied & ((1u32 << self.holes) - 1))
    }

    /// The rules' `must_leave` duty, if it applies to `mover` in `pos`.
    #[inline(always)]
    fn duty(&self, pos: &Position, mover: Player) -> Option<&MustLeave> {
        let duty = self.rules.moves.must_leave.as_ref()?;
        self.duty_applies(duty, pos, mover).then_some(duty)
    }

    /// Whether `duty` applies to `mover` in `pos`: read from its table
    /// where it has one (inline: Oware weighs its duty every move), else
    /// weighed out of line.
    #[inline(always)]
    pub(super) fn duty_applies(&self, duty: &MustLeave, pos: &Position, mover: Player) -> bool {
        match self.prog.duty_table.as_ref().and_then(|table| table.get(self, pos, mover)) {
            Some(applies) => applies,
            None => self.duty_weighed(duty, pos, mover),
        }
    }

    /// [`Machine::duty_applies`] without a table.
    #[inline(never)]
    fn duty_weighed(&self, duty: &MustLeave, pos: &Position, mover: Player) -> bool {
        self.holds_between(self.prog.duty.as_ref(), &duty.before, pos, mover)
    }

    /// [`Machine::legal_mask_of`] with the compiled kernel, on `tracks`
    /// (as [`track_index`] orders them), `duty` being the rules' duty if
    /// it applies.
    #[inline]
    fn legal_fast<K: Keep>(
        &self,
        pos: &Position,
        tracks: &[Track; 4],
        mover: Player,
        keep: &mut K,
        duty: Option<&MustLeave>,
    ) -> u64 {
        let mut found = Found::default();
        for reverse in [false, true].into_iter().take(1 + usize::from(pos.chosen)) {
            let t = &tracks[track_index(mover, reverse)];
            by_shape!(self.shape(t), |S| self.candidates_shaped::<K, S>(pos, t, mover, keep, duty, &mut found));
        }
        found.mask(duty)
    }

    /// Sows the candidates of `mover` on track `t` (one direction) with the
    /// compiled kernel `SHAPE` (see [`Machine::shape`]), into `found`: a
    /// loop of its own per kernel, so that it holds only that kernel's
    /// constants.
    #[inline(never)]
    fn candidates_shaped<K: Keep, const SHAPE: u8>(
        &self,
        pos: &Position,
        t: &Track,
        mover: Player,
        keep: &mut K,
        duty: Option<&MustLeave>,
        found: &mut Found,
    ) {
        // The packed board is the same for every candidate.
        let packed = if SHAPE == PACKED { pack(pos, t) } else { 0 };
        let mut scratch = if K::KEEP { None } else { Some(pos.clone()) };
        let mut candidates = self.candidates(pos, mover);
        let sense = if t.reverse { Move::MINUS } else { 0 };
        while candidates != 0 {
            let i = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            let cell = self.cell(mover, i);
            if !self.liftable_fast(pos, t, mover, cell) {
                continue;
            }
            // (Chosen by `K`, not by testing `scratch`: that cost a test and a
            // select per candidate.)
            let slot = if K::KEEP { keep.slot(i + sense) } else { scratch.as_mut().expect("a scratch board") };
            copy_board(&mut slot.cells, &pos.cells, self.wide);
            slot.reserve = pos.reserve;
            slot.closed = pos.closed;
            slot.claimed = pos.claimed;
            if SHAPE == DROPS_ANY_RELAY && self.prog.facts {
                copy_game_facts(slot, pos);
            }
            let sown = self.sow_shaped::<SHAPE>(slot, t, packed, mover, cell);
            match sown {
                // The common case inline: a move that ends, and no duty to judge.
                Ok(sown) if duty.is_none() => {
                    found.legal |= 1 << (i + sense);
                    keep.sown(i + sense, sown);
                }
                sown => {
                    let verdict = self.judge(sown, slot, pos, &Ctx::sowing(mover, cell, t.reverse), duty);
                    found.record(keep, pos, i + sense, verdict, self.prog.lap_limit);
                }
            }
        }
    }

    /// What a candidate's sowing makes of it; `slot` holds the sowing, and
    /// is reset to `pos` for a move that is legal though endless. `ctx` is
    /// the candidate's context (mover, origin, direction). Out of line: the
    /// compiled kernel judges only its rarer candidates here (endless, or
    /// under a duty).
    #[inline(never)]
    pub(super) fn judge(
        &self,
        sown: Result<Sown, Endless>,
        slot: &mut Position,
        pos: &Position,
        ctx: &Ctx,
        duty: Option<&MustLeave>,
    ) -> Verdict {
        match sown {
            Ok(sown) if duty.is_none_or(|d| self.holds(&d.after, slot, ctx)) => Verdict::Legal(sown),
            Ok(sown) => Verdict::Undutiful(sown),
            Err(Endless) if self.rules.moves.endless == EndlessPolicy::EndsGame => {
                slot.clone_from(pos);
                Verdict::Legal(Sown::ENDS_GAME)
            }
            Err(Endless) => Verdict::Endless,
        }
    }

    /// Whether `mover` may lift from hole `cell` as far as ownership goes.
    /// Territory: a player's letters run on into the other row, where only
    /// the holes they own are theirs (under `lift from both_rows`, all are).
    /// On a circle with owners (`owners`), only the mover's own holes.
    pub(super) fn may_lift(&self, pos: &Position, mover: Player, cell: u8) -> bool {
        let board = &self.rules.board;
        if board.owners.is_some() {
            return !board.nobodys(cell) && self.hole_owner(pos, cell) == mover;
        }
        self.rules.moves.both_rows || board.circle || self.hole_owner(pos, cell) == mover
    }

    /// [`Machine::legal_mask_of`] with the general code only.
    pub(super) fn legal_general<K: Keep>(&self, pos: &Position, mover: Player, keep: &mut K) -> u64 {
        self.legal_by_letters(pos, mover, keep, false)
    }

    /// [`Machine::legal_mask_of`] move letter by move letter (see
    /// [`Machine::move_holes`]), each candidate judged as written and sown
    /// by the machine's kernel (`kernel`) or by the definition.
    fn legal_by_letters<K: Keep>(&self, pos: &Position, mover: Player, keep: &mut K, kernel: bool) -> u64 {
        let mut found = Found::default();
        let mut scratch = if K::KEEP { None } else { Some(pos.clone()) };
        let duty = self.duty(pos, mover);
        let senses: &[bool] = if pos.chosen { &[false, true] } else { &[false] };
        for i in 0..self.move_holes() {
            let cell = self.move_cell(mover, i);
            let c = usize::from(cell);
            if pos.is_closed(c) || pos.cells[c] == 0 || pos.claimed_by(c).is_some() {
                continue;
            }
            if !self.may_lift(pos, mover, cell) {
                continue;
            }
            for &reverse in senses {
                // `lift when` may name holes after the origin, which follow the chosen direction.
                if !self.liftable(pos, mover, cell, reverse) {
                    continue;
                }
                let bit = i + if reverse { Move::MINUS } else { 0 };
                let slot = match scratch.as_mut() {
                    Some(s) => s,
                    None => keep.slot(bit),
                };
                slot.clone_from(pos);
                let ctx = Ctx::sowing(mover, cell, reverse);
                let verdict = if self.laps_decide {
                    let mv = Move::from_bit(bit, pos.chosen, pos.places);
                    match self.sow_first_playable(slot, pos, mover, mv) {
                        Some(sown) => self.judge(sown, slot, pos, &ctx, duty),
                        None => Verdict::Endless,
                    }
                } else {
                    let sown = if kernel {
                        self.sow_any(slot, mover, cell, reverse, &mut ())
                    } else {
                        self.sow(slot, mover, cell, reverse, &mut ())
                    };
                    self.judge(sown, slot, pos, &ctx, duty)
                };
                found.record(keep, pos, bit, verdict, self.rules.moves.lap_limit);
            }
        }
        if self.rules.moves.place.is_some() {
            // Placements: bit `Hole::MAX + i`, or `16 + i` and `48 + i` in
            // each direction where the player chooses it (see `Move::index`).
            for i in 0..self.holes {
                let cell = self.cell(mover, i);
                for &reverse in senses {
                    if !self.placeable(pos, mover, cell, reverse) {
                        continue;
                    }
                    let sense = pos.chosen.then_some(if reverse { Sense::Minus } else { Sense::Plus });
                    let bit = Move { place: true, ..Move::new(Hole::at(i), sense) }.index();
                    let slot = match scratch.as_mut() {
                        Some(s) => s,
                        None => keep.slot(bit),
                    };
                    slot.clone_from(pos);
                    let ctx = Ctx::sowing(mover, cell, reverse);
                    let verdict = if self.laps_decide {
                        let mv = Move { place: true, ..Move::new(Hole::at(i), sense) };
                        match self.sow_first_playable(slot, pos, mover, mv) {
                            Some(sown) => self.judge(sown, slot, pos, &ctx, duty),
                            None => Verdict::Endless,
                        }
                    } else {
                        let sown = self.place(slot, mover, cell, reverse, &mut ());
                        self.judge(sown, slot, pos, &ctx, duty)
                    };
                    found.record(keep, pos, bit, verdict, self.rules.moves.lap_limit);
                }
            }
        }
        found.mask(duty)
    }

    /// Ends a move: passes the turn (unless the mover earned another),
    /// ends the game if the move was endless under `endless … ends_game`,
    /// if the rules' `over` condition holds or if the position repeats as
    /// the rules' `repetition` says, then settles.
    #[inline(always)]
    pub(super) fn after_move<S: Sink, K: Keep>(
        &self,
        pos: &mut Position,
        mover: Player,
        sown: Sown,
        sink: &mut S,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) {
        if self.conclude(pos, mover, sown, sink) {
            self.settle(pos, Some(mover), sink, keep, tracks);
        }
    }

    /// [`Machine::after_move`] up to the settling: passes the turn, ends
    /// the game where an endless move, the `over` condition or a
    /// repetition ends it. Returns whether the position must still be
    /// settled ([`Machine::settle`]): the next player's legal moves are
    /// not yet known.
    #[inline(always)]
    pub(super) fn conclude<S: Sink>(&self, pos: &mut Position, mover: Player, sown: Sown, sink: &mut S) -> bool {
        pos.to_move = Some(if sown.extra { mover } else { mover.other() });
        if let Some(over) = self.rules.end.over.as_ref().filter(|_| S::ON && !sown.ends_game()) {
            // For a sink asking why; the verdict below is the kernel's, verified equal.
            self.weigh(&over.when, over.span, pos, &Ctx::at(mover, 0), None, sink);
        }
        if sown.ends_game() {
            // (The sowing reported the endless lap; the board is as before the move.)
            if let Some(award) = self.rules.moves.endless_award {
                let span = self.rules.moves.endless_span;
                return self.end_round_awarding(pos, mover.other(), mover, true, (award, span), sink);
            }
            return self.end_round(pos, mover.other(), mover, true, sink);
        } else if let Some(over) = self.over_ends(pos, mover) {
            if S::ON {
                sink.event(EventKind::Over, Some(over.span));
            }
            return self.end_round(pos, mover.other(), mover, over.sweep, sink);
        } else if self.rules.end.repetition.is_some() {
            if self.rules.end.pass {
                // (Tested here: the call alone cost Oware 17 instructions a move.)
                self.pass_before_comparing(pos, sink);
            }
            return !self.repeated(pos, sink);
        }
        true
    }

    /// Under `no_moves pass` with a `repetition` rule, a player to move who
    /// cannot move passes before the position is compared, so that the
    /// position compared names the player who actually moves next (as
    /// `to_move` does). When neither can move nothing is done here: the
    /// game ends in `settle`.
    fn pass_before_comparing<S: Sink>(&self, pos: &mut Position, sink: &mut S) {
        if !self.rules.end.pass || self.rules.end.repetition.is_none() {
            return;
        }
        let Some(stuck) = pos.to_move else { return };
        if self.legal_mask_of(pos, stuck, &mut (), None) == 0
            && self.legal_mask_of(pos, stuck.other(), &mut (), None) != 0
        {
            if S::ON {
                sink.event(EventKind::NoMoves { player: stuck }, Some(self.rules.end.remaining_span));
                sink.event(EventKind::Pass { player: stuck }, Some(self.rules.end.remaining_span));
            }
            pos.to_move = Some(stuck.other());
        }
    }

    /// Records `pos` among the positions seen, for the rules' `repetition`
    /// rule; ends the game (returns true) when it has now occurred as often
    /// as the rule allows.
    fn repeated<S: Sink>(&self, pos: &mut Position, sink: &mut S) -> bool {
        let Some(rep) = &self.rules.end.repetition else { return false };
        let seen = pos.seen.take();
        // Seeds leave the rows' holes only for the stores and reserves (they
        // are conserved): a capture is more seeds off the rows, counted in
        // four cells rather than every hole. (A position recorded before
        // its count is known, the first of a round, has its rows counted.)
        let now = self.captured(pos, Player::South) + self.captured(pos, Player::North);
        let captured = seen.as_ref().is_some_and(|s| match s.last_off() {
            Met::UNCOUNTED => self.seeds_in_rows(&pos.cells) < self.seeds_in_rows(&s.last_board()),
            off => now > off,
        });
        let key = Met::key_of(&pos.cells, usize::from(self.cells).div_ceil(4), self.wide);
        let (times, seen) = if rep.since_capture && captured {
            (1, Seen::restart(seen, pos, key, now, self.wide))
        } else {
            (
                1 + seen.as_ref().map_or(0, |s| s.occurrences(pos, key, self.wide)),
                Seen::after(seen, pos, key, now, self.wide),
            )
        };
        pos.seen = Some(seen);
        if times < rep.times {
            return false;
        }
        if S::ON {
            sink.event(EventKind::Repetition { times }, Some(rep.span));
        }
        let stuck = pos.to_move.expect("a repetition is checked before the game ends");
        let decided = self.winner_before_award(pos, stuck);
        match rep.award {
            Award::Remaining(remaining) => self.award_to(pos, stuck, remaining, sink, Some(rep.span)),
            Award::Split => {
                let left = self.seeds_in_rows(&pos.cells);
                for c in 0..2 * self.holes {
                    pos.cells[usize::from(c)] = 0;
                }
                for (p, seeds) in [(stuck, left.div_ceil(2)), (stuck.other(), left / 2)] {
                    self.give(pos, p, seeds);
                    if S::ON {
                        sink.event(EventKind::Award { to: p, seeds }, Some(rep.span));
                    }
                }
            }
            Award::Draw => {
                self.finish(pos, Outcome::Draw, sink);
                return true;
            }
        }
        let outcome = self.outcome(pos, decided);
        self.finish(pos, outcome, sink);
        true
    }

    /// The seeds in the holes of the rows (not the stores). (A sum of
    /// fixed length, masked, cost Oware 200 instructions a move more: the
    /// baseline target does not vectorise it.)
    #[inline(always)]
    fn seeds_in_rows(&self, cells: &[u16; MAX_CELLS]) -> u32 {
        cells[..usize::from(2 * self.holes)].iter().map(|&c| u32::from(c)).sum()
    }

    /// Brings a position to the next state where someone can move, or to
    /// the end: while the player to move has no legal move, the round or
    /// game ends (C-7), and a match refills and goes on. `last` made the
    /// move just played (`None` for a position not reached by a move).
    /// Inline: in a
    /// playout it runs after every move, where a call would cost a tenth
    /// of a Raja Pasu move.
    #[inline(always)]
    pub(super) fn settle<S: Sink, K: Keep>(
        &self,
        pos: &mut Position,
        last: Option<Player>,
        sink: &mut S,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) {
        // Each machine's own copy: the compiled path's constants are not
        // loaded where it is not taken (Kalah paid 16 instructions a move).
        if self.plan.compiled_only {
            self.settle_as::<S, K, true>(pos, last, sink, keep, tracks);
        } else if self.lays_out && self.laying_out(pos).is_some() {
            // A round's layout is pending: its chooser lays it out first.
            pos.legal = 1;
        } else {
            self.settle_as::<S, K, false>(pos, last, sink, keep, tracks);
        }
    }

    /// [`Machine::settle`], finding legal moves with [`Machine::legal_compiled`]
    /// when `COMPILED` (which must be `compiled_only`), else with
    /// [`Machine::legal_weighed`].
    #[inline(always)]
    fn settle_as<S: Sink, K: Keep, const COMPILED: bool>(
        &self,
        pos: &mut Position,
        last: Option<Player>,
        sink: &mut S,
        keep: &mut K,
        mut tracks: Option<&mut TrackCache>,
    ) {
        // Set once a refill has happened here: a round its starter cannot
        // even open would refill the same way for ever, so the match ends.
        let mut fresh_round = false;
        while let Some(stuck) = pos.to_move {
            let legal = self.legal_as::<K, COMPILED>(pos, stuck, keep, tracks.as_deref_mut());
            pos.legal = legal;
            if legal != 0 {
                return;
            }
            if S::ON {
                sink.event(EventKind::NoMoves { player: stuck }, Some(self.rules.end.remaining_span));
            }
            if self.rules.end.pass {
                let other = self.legal_as::<K, COMPILED>(pos, stuck.other(), keep, tracks.as_deref_mut());
                if other != 0 {
                    if S::ON {
                        sink.event(EventKind::Pass { player: stuck }, Some(self.rules.end.remaining_span));
                    }
                    pos.to_move = Some(stuck.other());
                    pos.legal = other;
                    return;
                }
            }
            if fresh_round {
                let decided = self.winner_before_award(pos, stuck);
                self.award(pos, stuck, sink);
                let outcome = self.outcome(pos, decided);
                self.finish(pos, outcome, sink);
                return;
            }
            if !self.end_round(pos, stuck, last.unwrap_or(stuck.other()), true, sink) {
                return;
            }
            if self.lays_out && self.laying_out(pos).is_some() {
                return;
            }
            fresh_round = true;
        }
        pos.legal = 0;
    }

    /// Settles a round just laid out (`refill … chosen`), its starter to
    /// move: as [`Machine::settle`], except that a round its starter cannot
    /// open (nor pass, leaving the other to move) ends the match, as
    /// `settle` ends one right after its refill (it would be laid out and
    /// refilled the same way for ever).
    pub(super) fn settle_laid_out<S: Sink>(&self, pos: &mut Position, sink: &mut S) {
        let Some(starter) = pos.to_move else { return };
        let opens = self.legal_mask_of(pos, starter, &mut (), None) != 0;
        let passes = self.rules.end.pass && self.legal_mask_of(pos, starter.other(), &mut (), None) != 0;
        if opens || passes {
            self.settle(pos, None, sink, &mut (), None);
            return;
        }
        if S::ON {
            sink.event(EventKind::NoMoves { player: starter }, Some(self.rules.end.remaining_span));
        }
        let decided = self.winner_before_award(pos, starter);
        self.award(pos, starter, sink);
        let outcome = self.outcome(pos, decided);
        self.finish(pos, outcome, sink);
    }

    /// The legal moves of `p` in `pos` as [`Machine::settle_as`] finds
    /// them. Inline, as a function rather than a closure: the closure
    /// stayed out of line, a call after every move.
    #[inline(always)]
    fn legal_as<K: Keep, const COMPILED: bool>(
        &self,
        pos: &Position,
        p: Player,
        keep: &mut K,
        tracks: Option<&mut TrackCache>,
    ) -> u64 {
        if COMPILED {
            self.legal_compiled(pos, p, keep, tracks)
        } else {
            self.legal_uncompiled(pos, p, keep, tracks)
        }
    }

    /// Ends the round (or game) with `stuck` as the player who did not move
    /// last and `last` as the player who made the last move (the same
    /// player, but after a move that earned another turn): awards the board
    /// (when `sweep`), then either finishes the game (returns false) or
    /// refills for the next round of a match (returns true).
    ///
    /// Cold and out of line: it runs once a round, and inlined into the
    /// settling after every move its growth (the chosen layouts) cost
    /// Kalah's perft 4% of its speed.
    #[cold]
    #[inline(never)]
    fn end_round<S: Sink>(&self, pos: &mut Position, stuck: Player, last: Player, sweep: bool, sink: &mut S) -> bool {
        let award = (self.rules.end.remaining, self.rules.end.remaining_span);
        self.end_round_awarding(pos, stuck, last, sweep, award, sink)
    }

    /// [`Machine::end_round`], the seeds left going where `award` says (an
    /// endless move's own award, `endless … ends_game remaining …`).
    fn end_round_awarding<S: Sink>(
        &self,
        pos: &mut Position,
        stuck: Player,
        last: Player,
        sweep: bool,
        (remaining, span): (Remaining, Span),
        sink: &mut S,
    ) -> bool {
        let decided = self.winner_before_award(pos, stuck);
        // Who was to move when the round ended, for `starter … tie`.
        let to_move = pos.to_move.unwrap_or(stuck);
        if !sweep || remaining == Remaining::Kept {
            // `over … keeping board` or `no_moves keeping board`: the seeds
            // stay where they are, so no round can follow (a refill would
            // have to place them): the game, or the whole match, ends here.
            let outcome = self.outcome(pos, decided);
            self.finish(pos, outcome, sink);
            return false;
        }
        // `loser_only`: the board before the award, for the winner's row to
        // stay (the checker asks for every award to go to the owner).
        let before = self.rules.rounds.as_ref().filter(|r| r.loser_only).map(|_| pos.cells);
        self.award_to(pos, stuck, remaining, sink, Some(span));
        let held = Player::BOTH.map(|p| self.captured(pos, p));
        let outcome = self.outcome(pos, decided);
        let rounds = match &self.rules.rounds {
            Some(r) if !self.one_round => r,
            _ => {
                if S::ON && self.rules.rounds.is_some() {
                    sink.event(
                        EventKind::RoundEnd { round: u32::from(pos.round), outcome },
                        Some(self.rules.end.winner_span),
                    );
                }
                self.finish(pos, outcome, sink);
                return false;
            }
        };
        if S::ON {
            sink.event(EventKind::RoundEnd { round: u32::from(pos.round), outcome }, Some(self.rules.end.winner_span));
        }
        // `match_end wins N`: a won round counts; the Nth ends the match.
        if let (Some(needed), Outcome::Win(p)) = (rounds.wins, outcome) {
            pos.wins[p.index()] += 1;
            if pos.wins[p.index()] >= needed {
                if S::ON {
                    sink.event(EventKind::GameEnd { outcome }, Some(rounds.end_span));
                }
                self.finish(pos, outcome, &mut ());
                return false;
            }
        }
        let below = held.map(|h| h < u32::from(rounds.end_below));
        let last_round = rounds.max_rounds.is_some_and(|n| u32::from(pos.round) >= n) || pos.round == u16::MAX;
        if below[0] || below[1] || last_round {
            let outcome = match below {
                [true, false] => Outcome::Win(Player::North),
                [false, true] => Outcome::Win(Player::South),
                // The match, whatever decides a round: the holdings.
                _ => Outcome::compare(held[0], held[1]),
            };
            if S::ON {
                sink.event(EventKind::GameEnd { outcome }, Some(rounds.end_span));
            }
            self.finish(pos, outcome, &mut ());
            return false;
        }
        // The player refilled alone (`loser_only`), or `None` for both.
        let refilled = match (before, outcome) {
            (None, _) => {
                self.refill(pos, sink);
                None
            }
            (Some(board), Outcome::Win(winner)) => {
                self.refill_loser(pos, rounds, winner, &board, sink);
                Some(winner.other())
            }
            // `loser_only`: a drawn round leaves no loser to refill, and ends the match.
            (Some(_), Outcome::Draw) => {
                if S::ON {
                    sink.event(EventKind::GameEnd { outcome }, Some(rounds.end_span));
                }
                self.finish(pos, outcome, &mut ());
                return false;
            }
        };
        // `refill … chosen`: who lays the round out, judged on the refill.
        let choosers = if rounds.chosen { self.layout_choosers(pos, refilled) } else { 0 };
        pos.round += 1;
        pos.previous = None;
        (pos.turns_played, pos.extra_turns) = (0, 0);
        pos.memory = self.memory_start();
        // Who won: by the holdings, or under `match_end wins` by the round's outcome.
        let order = match (rounds.wins, outcome) {
            (None, _) => held[0].cmp(&held[1]),
            (Some(_), Outcome::Win(Player::South)) => std::cmp::Ordering::Greater,
            (Some(_), Outcome::Win(Player::North)) => std::cmp::Ordering::Less,
            (Some(_), Outcome::Draw) => std::cmp::Ordering::Equal,
        };
        let by_holding = |more: bool| match order {
            std::cmp::Ordering::Equal => match rounds.tie {
                Tie::South => Player::South,
                Tie::ToMove => to_move,
                Tie::Waiting => to_move.other(),
            },
            o => {
                if (o == std::cmp::Ordering::Greater) == more {
                    Player::South
                } else {
                    Player::North
                }
            }
        };
        let starter = match rounds.starter {
            Starter::Receiver => stuck.other(),
            Starter::LastMover => last,
            Starter::Other => stuck,
            Starter::Alternate if pos.round % 2 == 1 => Player::South,
            Starter::Alternate => Player::North,
            Starter::Winner => by_holding(true),
            Starter::Loser => by_holding(false),
        };
        if rounds.fill_from.turned_after_north() || self.rules.reads_starter {
            pos.north_opened = starter == Player::North;
        }
        if pos.seen.is_some() {
            pos.seen = Some(Seen::new(pos, Some(starter)));
        }
        if S::ON {
            sink.event(EventKind::RoundStart { round: u32::from(pos.round), starter }, Some(rounds.starter_span));
        }
        pos.to_move = Some(starter);
        self.offer_layout(pos, choosers, starter);
        true
    }

    /// The winner as the rules' `winner` decides it from the board before
    /// it is awarded, `stuck` being the player who did not move last;
    /// `None` under `winner most_captured`, which compares the holdings
    /// after the award.
    fn winner_before_award(&self, pos: &Position, stuck: Player) -> Option<Outcome> {
        let last = stuck.other();
        match self.rules.end.winner {
            Winner::MostCaptured => None,
            Winner::LastMover => Some(Outcome::Win(last)),
            Winner::Deprive | Winner::Cleared => {
                let mut on_board = [0u32; 2];
                for c in 0..2 * self.holes {
                    on_board[self.hole_owner(pos, c).index()] += u32::from(pos.cells[usize::from(c)]);
                }
                let holds = |p: Player| on_board[p.index()] > 0;
                // `deprive`: the only player holding seeds; `cleared`: the only one holding none.
                let only = holds(stuck) != holds(last);
                let stuck_wins = only && holds(stuck) == (self.rules.end.winner == Winner::Deprive);
                Some(Outcome::Win(if stuck_wins { stuck } else { last }))
            }
        }
    }

    /// The outcome: `decided` before the award, or the holdings compared (C-8).
    fn outcome(&self, pos: &Position, decided: Option<Outcome>) -> Outcome {
        decided.unwrap_or_else(|| {
            let held = Player::BOTH.map(|p| self.captured(pos, p));
            Outcome::compare(held[0], held[1])
        })
    }

    /// The seeds left on the board go where `no_moves remaining to …` says.
    fn award<S: Sink>(&self, pos: &mut Position, stuck: Player, sink: &mut S) {
        self.award_to(pos, stuck, self.rules.end.remaining, sink, Some(self.rules.end.remaining_span));
    }

    /// The seeds left on the board go where `remaining` says, `stuck`
    /// being the player to move.
    fn award_to<S: Sink>(
        &self,
        pos: &mut Position,
        stuck: Player,
        remaining: Remaining,
        sink: &mut S,
        span: Option<Span>,
    ) {
        if remaining == Remaining::Kept {
            return;
        }
        let mut row_seeds = [0u32; 2];
        for c in 0..2 * self.holes {
            let owner = self.hole_owner(pos, c);
            // A hole nobody owns (a circle's `owners`) keeps its seeds
            // under `remaining to owner`, unless claimed (for nobody).
            if self.rules.board.nobodys(c)
                && (remaining == Remaining::Owner
                    || (remaining == Remaining::Claimer && pos.claimed_by(usize::from(c)).is_none()))
            {
                continue;
            }
            let c = usize::from(c);
            let seeds = std::mem::take(&mut pos.cells[c]);
            let to = match remaining {
                Remaining::Claimer => pos.claimed_by(c).unwrap_or(owner),
                _ => owner,
            };
            row_seeds[to.index()] += u32::from(seeds);
        }
        let gifts = match remaining {
            Remaining::LastMover => {
                let mut g = [0; 2];
                g[stuck.other().index()] = row_seeds[0] + row_seeds[1];
                g
            }
            Remaining::Divided => {
                let left = row_seeds[0] + row_seeds[1];
                let held = Player::BOTH.map(|p| self.captured(pos, p));
                let odd = match held[0].cmp(&held[1]) {
                    std::cmp::Ordering::Less => Player::South,
                    std::cmp::Ordering::Greater => Player::North,
                    std::cmp::Ordering::Equal => stuck,
                };
                let mut g = [left / 2; 2];
                g[odd.index()] += left % 2;
                g
            }
            Remaining::Owner | Remaining::Kept | Remaining::Claimer => row_seeds,
        };
        for p in Player::BOTH {
            let seeds = gifts[p.index()];
            if seeds > 0 || (remaining == Remaining::LastMover && p == stuck.other()) {
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
        pos.seen = None;
    }

    /// RP-7: each player fills k = min(holes, holding / per_hole) holes of
    /// their row, the rest are closed, and what is left stays in reserve.
    fn refill<S: Sink>(&self, pos: &mut Position, sink: &mut S) {
        let rounds = self.rules.rounds.as_ref().expect("refill is only called in a match");
        if let FillFrom::Territory { partial_to_loser, .. } = rounds.fill_from {
            self.refill_territory(pos, rounds, partial_to_loser, sink);
            return;
        }
        if let FillFrom::Setup { turned_after_north } = rounds.fill_from {
            self.refill_setup(pos, rounds, turned_after_north, sink);
            return;
        }
        pos.closed = 0;
        pos.claimed = [0; 2];
        // `matched`: nobody fills more holes than the other can.
        let most = if rounds.matched {
            Player::BOTH.map(|p| self.holes_filled(rounds, self.captured(pos, p))).into_iter().min()
        } else {
            None
        }
        .unwrap_or(self.holes);
        for p in Player::BOTH {
            self.refill_player(pos, rounds, p, most, sink);
        }
    }

    /// How many holes a player holding `held` seeds fills: ⌊held /
    /// per_hole⌋, one more for what is left under `partial_last`, at most
    /// their row.
    fn holes_filled(&self, rounds: &Rounds, held: u32) -> u8 {
        let per = u32::from(rounds.per_hole);
        let whole = held / per;
        let partly = u32::from(rounds.partial_last && !held.is_multiple_of(per));
        (whole + partly).min(u32::from(self.holes)) as u8
    }

    /// RP-7 for one player: `p` fills k = min(holes, holding / per_hole,
    /// `most`) holes of their row (its holes open), closes the rest unless
    /// `unfilled_open`, and keeps what is left.
    fn refill_player<S: Sink>(&self, pos: &mut Position, rounds: &Rounds, p: Player, most: u8, sink: &mut S) {
        let per = u32::from(rounds.per_hole);
        let room = self.holes.min(most);
        let mut held = self.captured(pos, p);
        if let Some(s) = self.stores {
            pos.cells[usize::from(s[p.index()])] = 0;
        }
        let mut k = (held / per).min(u32::from(room)) as u8;
        held -= u32::from(k) * per;
        // `partial_last`: what is left fills one more hole, partly.
        let partial = (rounds.partial_last && k < room && held > 0).then(|| std::mem::take(&mut held) as u16);
        if partial.is_some() {
            k += 1;
        }
        // What is kept goes back where holdings live: the store, or the reserve.
        pos.reserve[p.index()] = 0;
        self.give(pos, p, held);
        let h = self.holes;
        for i in 0..h {
            let cell = self.cell(p, i);
            let rank = rounds.fill_from.rank(p, i, h);
            if rank < k {
                pos.cells[usize::from(cell)] = partial.filter(|_| rank + 1 == k).unwrap_or(rounds.per_hole);
            } else if !rounds.unfilled_open {
                pos.closed |= 1 << cell;
            }
        }
        if S::ON {
            sink.event(EventKind::Refill { player: p, filled: k, kept: held }, Some(rounds.refill_span));
        }
    }

    /// `refill … loser_only`: the round's winner gets back their row as it
    /// stood before the award (`board`), its seeds taken out of their
    /// holding, with its closed holes; the loser alone refills as
    /// [`Machine::refill`] fills a player (MancalaGames' `NewRoundLoserOnly`).
    fn refill_loser<S: Sink>(
        &self,
        pos: &mut Position,
        rounds: &Rounds,
        winner: Player,
        board: &[u16; MAX_CELLS],
        sink: &mut S,
    ) {
        let mut row = 0u32;
        for i in 0..self.holes {
            let c = usize::from(self.cell(winner, i));
            pos.cells[c] = board[c];
            row += u32::from(board[c]);
        }
        let kept = self.captured(pos, winner) - row;
        pos.reserve[winner.index()] = 0;
        if let Some(s) = self.stores {
            pos.cells[usize::from(s[winner.index()])] = 0;
        }
        self.give(pos, winner, kept);
        let loser = winner.other();
        for i in 0..self.holes {
            pos.closed &= !(1 << self.cell(loser, i));
        }
        self.refill_player(pos, rounds, loser, self.holes, sink);
    }

    /// `refill setup`: the board as the setup has it (turned round, each row
    /// with the other's seeds, under `turned_after_north` after a round
    /// North started), nothing held, nothing closed or claimed
    /// (MancalaGames' `NewRoundTally`, a new game). A drawn setup is drawn
    /// again, seeded by the board the round left and the round: a function
    /// of the position, as play must be.
    fn refill_setup<S: Sink>(&self, pos: &mut Position, rounds: &Rounds, turned_after_north: bool, sink: &mut S) {
        let setup = self.round_setup(pos);
        pos.cells = [0; MAX_CELLS];
        pos.reserve = [0; 2];
        pos.closed = 0;
        pos.claimed = [0; 2];
        pos.border = 0;
        self.lay_setup(pos, &setup, turned_after_north);
        for p in Player::BOTH {
            if S::ON {
                sink.event(EventKind::Refill { player: p, filled: self.holes, kept: 0 }, Some(rounds.refill_span));
            }
        }
    }

    /// The setup a new round lays out: the rules' own, or a drawn setup
    /// drawn again, seeded by the board the round left and the round (a
    /// function of the position, as play must be).
    fn round_setup(&self, pos: &Position) -> std::borrow::Cow<'_, [Vec<u16>; 2]> {
        match self.rules.drawn {
            Some(d) => {
                let seed = crate::position::digest(&pos.cells) ^ u64::from(pos.round);
                std::borrow::Cow::Owned(d.lay(self.rules.board.per_player(), seed))
            }
            None => std::borrow::Cow::Borrowed(&self.rules.setup),
        }
    }

    /// Each row's holes as `setup` has them, each row with the other's
    /// seeds under `turned_after_north` after a round North started.
    fn lay_setup(&self, pos: &mut Position, setup: &[Vec<u16>; 2], turned_after_north: bool) {
        for p in Player::BOTH {
            let from = if turned_after_north && pos.north_opened { p.other() } else { p };
            for (i, &s) in setup[from.index()].iter().enumerate() {
                pos.cells[usize::from(self.cell(p, i as u8))] = s;
            }
        }
    }

    /// A territory refill (`refill … territory`): every hole gets its
    /// seeds again, the holdings are emptied, and the player holding more
    /// owns ⌊held / per hole⌋ holes, one more when the remainder is over
    /// ⌊per hole / 2⌋ (unless `partial_to_loser`), lettered from their own
    /// `a` counterclockwise; a tie gives each player their row
    /// (MancalaGames' `TerritoryNewRound`).
    fn refill_territory<S: Sink>(&self, pos: &mut Position, rounds: &Rounds, partial_to_loser: bool, sink: &mut S) {
        let per = u32::from(rounds.per_hole);
        let setup = self.round_setup(pos);
        let held = Player::BOTH.map(|p| self.captured(pos, p));
        let leader = match held[0].cmp(&held[1]) {
            std::cmp::Ordering::Greater => Some(Player::South),
            std::cmp::Ordering::Less => Some(Player::North),
            std::cmp::Ordering::Equal => None,
        };
        let h = u32::from(self.holes);
        // The leader's holes: never fewer than a row (they hold more than
        // half), and never the last hole of a player who holds a seed.
        let owned = leader.map_or(h, |p| {
            let (whole, rest) = (held[p.index()] / per, held[p.index()] % per);
            let k = whole + u32::from(!partial_to_loser && rest > per / 2);
            let most = if held[p.other().index()] > 0 { 2 * h - 1 } else { 2 * h };
            k.clamp(h, most)
        });
        let beyond = i8::try_from(owned - h).expect("at most a row beyond");
        pos.border = if leader == Some(Player::North) { -beyond } else { beyond };
        pos.closed = 0;
        pos.claimed = [0; 2];
        pos.reserve = [0; 2];
        for c in 0..2 * self.holes {
            pos.cells[usize::from(c)] = rounds.per_hole;
        }
        // `… territory setup`: the setup's board instead, turned round as `refill setup` turns it.
        if let FillFrom::Territory { setup: true, turned_after_north, .. } = rounds.fill_from {
            self.lay_setup(pos, &setup, turned_after_north);
        }
        if let Some(s) = self.stores {
            for p in Player::BOTH {
                pos.cells[usize::from(s[p.index()])] = 0;
            }
        }
        if S::ON {
            for p in Player::BOTH {
                let filled = if Some(p) == leader { owned } else { 2 * h - owned } as u8;
                sink.event(EventKind::Refill { player: p, filled, kept: 0 }, Some(rounds.refill_span));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::occupied_lanes;
    use crate::machine::Machine;
    use crate::position::Player;

    // A row is empty, read word by word, exactly when each of its holes
    // is: rows of 6, 7, 8, 9 and 12 holes (the words masked at each
    // length), with one seed or a full lane's worth put in each hole in
    // turn, the other row and the stores full.
    #[test]
    fn a_row_is_empty_when_its_holes_are() {
        for src in [
            include_str!("../../../../rules/kalah_openspiel.rules"),
            include_str!("../../../../rules/raja_pasu.rules"),
            include_str!("../../../../rules/sadeqa3.rules"),
            include_str!("../../../../rules/toguz_kumalak.rules"),
            include_str!("../../../../rules/mancalagames/gamacha_mancalagames.rules"),
        ] {
            let m = Machine::new(crate::check(src).expect("the bundled rules check"));
            for p in Player::BOTH {
                let mut pos = m.initial();
                pos.cells = [0xffff; crate::position::MAX_CELLS];
                for i in 0..m.holes {
                    pos.cells[usize::from(m.cell(p, i))] = 0;
                }
                assert!(m.row_empty(&pos, p), "{}: {p:?}'s row is empty", m.rules().name);
                assert!(!m.row_empty(&pos, p.other()), "{}", m.rules().name);
                for i in 0..m.holes {
                    for seeds in [1, 0x8000, 0xffff] {
                        let mut one = pos.clone();
                        one.cells[usize::from(m.cell(p, i))] = seeds;
                        assert!(!m.row_empty(&one, p), "{}: {p:?}'s hole {i} holds {seeds}", m.rules().name);
                    }
                }
            }
        }
    }

    // Every pattern of empty and non-empty lanes, with the values most
    // likely to carry between lanes (1, 0x7fff, 0x8000, 0xffff).
    #[test]
    fn occupied_lanes_are_the_non_empty_ones() {
        for values in [1u64, 2, 0x7fff, 0x8000, 0x8001, 0xffff] {
            for pattern in 0..16u32 {
                let word = (0..4).filter(|k| pattern >> k & 1 != 0).fold(0, |w, k| w | values << (16 * k));
                assert_eq!(occupied_lanes(word), pattern, "lanes {pattern:04b} holding {values:#x}");
            }
        }
    }
}
