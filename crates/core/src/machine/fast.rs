//! The fast sowing kernel: the same sowing as `sow.rs`, run on the lowered
//! [`Program`](super::lower::Program) and a [`Track`] in sowing order.
//!
//! Differences from the general code, none of them visible:
//! - a position on the track is an index into `Track::order`, so "the next
//!   open hole" is `i + 1`, not a table walk past closed holes;
//! - conditions and actions are the flat forms of `lower.rs`;
//! - with no `on drop` rule a lap is sown in bulk (every hole of the track
//!   gets `hand / len`, the first `hand % len` one more);
//! - with `on drop` rules each drop is first checked against the range of
//!   counts for which any of them can fire, a single comparison.
//!
//! Under `origin skipped`, a lap that comes round to the origin is sown
//! seed by seed, stepping over it (under `origin lap_skipped`, over the
//! hole the lap is sown from). Rules whose holes close as they are sown
//! have a kernel of their own (`closing.rs`). The kernel needs relay holes
//! on the mover's track (`Program::no_compiled_form`); other rules use the
//! general code.

use super::at::{At, Facts, Kept};
use super::eval::Ctx;
use super::lower::{
    track_index, Act, Base, Body, EndRule, Far, LandingCount, Operand, Program, Quick, Relay, SimpleDrop, SimpleEnd,
    SimpleRelay, SimpleWho, Slot, Sweep, Test, Track, Who,
};

mod closing;

/// Drop-rule shapes of [`Machine::shaped_kernel`]: no `on drop` rule, one
/// [`SimpleDrop`], anything else.
const NO_DROPS: u8 = 0;
const SIMPLE_DROP: u8 = 1;
const ANY_DROPS: u8 = 2;

/// Which kernel sows (see [`Machine::shape`]): the packed one.
pub(super) const PACKED: u8 = 0;
/// [`Machine::simple_kernel`].
const SIMPLE: u8 = 1;
/// [`Machine::shaped_kernel`] with no drop rule and a simple relay.
const BULK_SIMPLE_RELAY: u8 = 2;
/// [`Machine::shaped_kernel`] with no drop rule.
const BULK: u8 = 3;
/// [`Machine::shaped_kernel`] with a simple drop rule.
const SIMPLE_DROP_ANY_RELAY: u8 = 4;
/// [`Machine::shaped_kernel`] with drop rules and a simple relay.
const DROPS_SIMPLE_RELAY: u8 = 5;
/// [`Machine::shaped_kernel`] with drop rules; also, with any drop and
/// relay rules, the kernel that keeps the facts of the move and game that
/// rules read beyond the board ([`Program::facts`]).
pub(super) const DROPS_ANY_RELAY: u8 = 6;

/// Evaluates `$body` with the const `$s` set to the kernel shape `$shape`
/// holds at run time: code generic over the shape (the candidate loop,
/// [`Machine::sow_shaped`]) is then compiled once per shape, each copy
/// holding only its own kernel and its constants.
macro_rules! by_shape {
    ($shape:expr, |$s:ident| $body:expr) => {
        match $shape {
            $crate::machine::fast::PACKED => {
                const $s: u8 = $crate::machine::fast::PACKED;
                $body
            }
            1 => {
                const $s: u8 = 1;
                $body
            }
            2 => {
                const $s: u8 = 2;
                $body
            }
            3 => {
                const $s: u8 = 3;
                $body
            }
            4 => {
                const $s: u8 = 4;
                $body
            }
            5 => {
                const $s: u8 = 5;
                $body
            }
            _ => {
                const $s: u8 = 6;
                $body
            }
        }
    };
}
pub(super) use by_shape;

use super::outcome::{skip, wrap, Endless, Sown};
use super::packed::pack;
use super::Machine;
use crate::position::{Player, Position, MAX_CELLS, NARROW_CELLS};
use crate::rules::{Cond, Event, RowRef};

/// Copies into `slot`, where a candidate of `pos` is sown, the facts of
/// the game beyond the board that the rules of the facts kernel ([`Machine::facts_kernel`]) read: the
/// turn counters and the round's starter.
#[inline(always)]
pub(super) fn copy_game_facts(slot: &mut Position, pos: &Position) {
    slot.turns_played = pos.turns_played;
    slot.extra_turns = pos.extra_turns;
    slot.north_opened = pos.north_opened;
}

/// The unpacked kernel for `prog`'s shape: by its drop rules, and whether
/// its relay is a simple one. Chosen once, when the machine is built.
pub(super) fn unpacked_shape(prog: &Program) -> u8 {
    let simple = prog.simple_relay.is_some();
    match (prog.drops.is_empty(), prog.simple_drop.is_some()) {
        _ if prog.facts => DROPS_ANY_RELAY,
        (true, _) if simple => BULK_SIMPLE_RELAY,
        (true, _) => BULK,
        (false, true) if simple && !prog.skip_origin => SIMPLE,
        (false, true) => SIMPLE_DROP_ANY_RELAY,
        (false, false) if simple => DROPS_SIMPLE_RELAY,
        (false, false) => DROPS_ANY_RELAY,
    }
}

/// Whether the unpacked kernel of shape `unpacked` sows `prog`'s moves
/// as one lap ([`Machine::shaped_kernel`] goes straight to its `one_lap`):
/// no drop rule, no relay rule, no fact kept.
pub(super) fn one_lap_shape(prog: &Program, unpacked: u8) -> bool {
    unpacked == BULK && prog.relays.is_empty()
}

impl Machine {
    /// Sows the legal move lifting `origin` on a board with no hole
    /// closed, for a machine whose moves are one lap (its field
    /// `one_lap`): what [`Machine::sow_legal`] does, without its
    /// dispatch (the checks of the move's memory, the endless policy,
    /// the kernel and the shape, a quarter of a Kalah move's sowing, and
    /// the frame of [`Machine::sow_fast`], which holds every kernel).
    /// Inline, into the playout's loop: out of line, its call and frame
    /// were a twelfth of a Kalah move.
    #[inline(always)]
    pub(super) fn sow_one_lap(&self, pos: &mut Position, mover: Player, origin: u8, reverse: bool) -> Sown {
        debug_assert!(self.plan.one_lap && pos.closed == 0);
        let t = &self.tracks[track_index(mover, reverse)];
        self.one_lap(pos, t, mover, origin).expect("a one-lap sowing on an open board is not endless")
    }

    /// Sows the move lifting `origin` (on `t`, the mover's track) in place.
    ///
    /// # Errors
    /// `Endless` when a lap beyond the limit would be needed; `pos` is then
    /// left part-way and must be discarded.
    #[inline]
    pub(super) fn sow_fast(&self, pos: &mut Position, t: &Track, mover: Player, origin: u8) -> Result<Sown, Endless> {
        let packed = if self.packs(t) { pack(pos, t) } else { 0 };
        by_shape!(self.shape(t), |S| self.sow_shaped::<S>(pos, t, packed, mover, origin))
    }

    /// [`Machine::sow_fast`] without the packed kernel (the tests compare
    /// both with the definition).
    ///
    /// # Errors
    /// As [`Machine::sow_fast`].
    #[cfg(test)]
    pub(super) fn sow_unpacked(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        origin: u8,
    ) -> Result<Sown, Endless> {
        by_shape!(self.plan.unpacked, |S| self.sow_shaped::<S>(pos, t, 0, mover, origin))
    }

    /// The kernel that sows on `t`: [`PACKED`] where the packed kernel
    /// can, else the unpacked kernel for the rules' shape.
    #[inline]
    pub(super) fn shape(&self, t: &Track) -> u8 {
        if self.packs(t) {
            PACKED
        } else {
            self.plan.unpacked
        }
    }

    /// Sows with the kernel `SHAPE` (see [`Machine::shape`]); `packed` is
    /// `pack(pos, t)` for [`PACKED`], and is not read otherwise.
    ///
    /// # Errors
    /// As [`Machine::sow_fast`].
    #[inline(always)]
    pub(super) fn sow_shaped<const SHAPE: u8>(
        &self,
        pos: &mut Position,
        t: &Track,
        packed: u128,
        mover: Player,
        origin: u8,
    ) -> Result<Sown, Endless> {
        match SHAPE {
            PACKED => self.sow_packed(pos, t, packed, mover, origin),
            SIMPLE => self.simple_kernel(pos, t, mover, origin),
            BULK_SIMPLE_RELAY => self.shaped_kernel::<NO_DROPS, true, ()>(pos, t, mover, origin),
            BULK => self.shaped_kernel::<NO_DROPS, false, ()>(pos, t, mover, origin),
            SIMPLE_DROP_ANY_RELAY => self.shaped_kernel::<SIMPLE_DROP, false, ()>(pos, t, mover, origin),
            DROPS_SIMPLE_RELAY => self.shaped_kernel::<ANY_DROPS, true, ()>(pos, t, mover, origin),
            _ if self.prog.facts => self.facts_kernel(pos, t, mover, origin),
            _ => self.shaped_kernel::<ANY_DROPS, false, ()>(pos, t, mover, origin),
        }
    }

    /// The kernel that keeps the facts of the move ([`Program::facts`]),
    /// and, for rules whose holes close as they are sown, the closing
    /// kernel ([`Program::closing`]).
    /// Out of line, as a shape of its own it cost the other kernels 2% of
    /// their instructions where one function holds them all
    /// ([`Machine::sow_fast`]).
    #[inline(never)]
    #[cold]
    fn facts_kernel(&self, pos: &mut Position, t: &Track, mover: Player, origin: u8) -> Result<Sown, Endless> {
        if self.prog.closing {
            return self.closing_kernel(pos, t, mover, origin);
        }
        // Laps sown in bulk where no `on drop` rule watches them (with no
        // relay rule either, the shape would be the one-lap path, which
        // keeps no fact).
        if self.prog.drops.is_empty() && !self.prog.relays.is_empty() {
            self.shaped_kernel::<NO_DROPS, false, Kept>(pos, t, mover, origin)
        } else {
            self.shaped_kernel::<ANY_DROPS, false, Kept>(pos, t, mover, origin)
        }
    }

    /// [`Machine::sow_fast`] for one [`SimpleDrop`] rule and a simple relay
    /// (Raja Pasu's shape), where the per-lap work dominates: the landing is
    /// kept as an index into the tripled track, reduced only to start the
    /// next lap.
    #[inline(always)]
    fn simple_kernel(&self, pos: &mut Position, t: &Track, mover: Player, origin: u8) -> Result<Sown, Endless> {
        const NEXT: u8 = Base::Next as u8;
        match self.prog.simple_relay.and_then(|r| r.indian(self.prog.first_seed)) {
            Some(Base::Next) => self.simple_kernel_of::<NEXT>(pos, t, mover, origin),
            _ => self.simple_kernel_other(pos, t, mover, origin),
        }
    }

    /// [`Machine::simple_kernel`] for the relays other than its commonest
    /// (Raja Pasu's, testing `next`), out of line: in line, the constants
    /// of their loop were computed for each position whose moves the
    /// commonest one sowed, and a second copy of that loop in line (for
    /// `landing`) cost Raja Pasu's perft 3%. (The relay's form is read
    /// again here rather than passed: passed, it stayed live in the
    /// commonest loop's registers, 0.7% more of its instructions.)
    #[inline(never)]
    fn simple_kernel_other(&self, pos: &mut Position, t: &Track, mover: Player, origin: u8) -> Result<Sown, Endless> {
        const LANDING: u8 = Base::Landing as u8;
        match self.prog.simple_relay.and_then(|r| r.indian(self.prog.first_seed)) {
            Some(Base::Landing) => self.simple_kernel_of::<LANDING>(pos, t, mover, origin),
            _ => self.simple_kernel_of::<{ Base::Origin as u8 }>(pos, t, mover, origin),
        }
    }

    /// [`Machine::simple_kernel`], with the loop of its commonest relay
    /// ([`SimpleRelay::indian`]) testing the hole at offset `TESTED` from
    /// the landing (a constant, not read per lap), or, with `TESTED` the
    /// value of [`Base::Origin`], the loop of every other relay.
    #[inline(always)]
    fn simple_kernel_of<const TESTED: u8>(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        origin: u8,
    ) -> Result<Sown, Endless> {
        let prog = &self.prog;
        let (Some(relay), Some(d)) = (prog.simple_relay, prog.simple_drop) else {
            unreachable!("the simple kernel needs a simple relay and drop rule")
        };
        // (A track holds at most `MAX_CELLS` holes: knowing it, the compiler
        // drops the bounds checks of the indices into the tripled track.)
        let l = usize::from(t.len).min(MAX_CELLS);
        let origin_i = usize::from(t.rank[usize::from(origin)]);
        // (A select, not `% 3`: a division here cost every generation.)
        let offset = |b: Base| if b == Base::Origin { 0 } else { b.offset() };
        let (test_origin, test_off) = (relay.test == Base::Origin, offset(relay.test));
        let (lift_origin, lift_off) = (relay.lift == Base::Origin, offset(relay.lift));
        // The relay lifts the hole it tests (Raja Pasu's `next`): the count
        // tested is the next hand, and the next lap starts at that hole's
        // rank, read from the track rather than reduced from the landing.
        let lifts_tested = relay.lift == relay.test && !test_origin;
        let (drop_lo, drop_span) = (d.lo, d.span);
        // Who the drop rule gives to, unless it is the hole's owner.
        let fixed_to = match d.to {
            SimpleWho::Mover => Some(mover),
            SimpleWho::Opponent => Some(mover.other()),
            SimpleWho::Owner => None,
        };
        let drop = |pos: &mut Position, c: usize, fire: bool| {
            let v = pos.cells[c] + 1;
            if fire && v.wrapping_sub(drop_lo) <= drop_span {
                pos.cells[c] = 0;
                self.give(pos, fixed_to.unwrap_or(self.owner[c]), u32::from(v));
            } else {
                pos.cells[c] = v;
            }
        };
        // A lap of `hand` (not 0) seeds whose first goes to track index
        // `first` (at most `len`); its landing, not reduced. (Macros, not
        // closures: each is used twice, and closures were then called.)
        macro_rules! lap {
            ($first:expr, $hand:expr) => {{
                let (first, hand) = ($first, $hand);
                let end = first + usize::from(hand);
                if end <= 3 * l {
                    for &c in &t.order[first..end - 1] {
                        drop(pos, usize::from(c), true);
                    }
                    drop(pos, usize::from(t.order[end - 1]), d.last_seed);
                    end - 1
                } else {
                    self.long_simple_drop_lap(pos, t, mover, d, first, hand)
                }
            }};
        }
        // The sowing ended at track index `landing`, not reduced.
        macro_rules! end {
            ($landing:expr, $laps:expr) => {{
                // A simple sowing-end rule reads only `order[landing + offset]`,
                // the same hole whether or not the landing (below 3 × len) is
                // reduced: it is reduced for the other rules only.
                let landing = if prog.simple_end.is_some() { $landing } else { wrap(wrap($landing, l), l) };
                return Ok(self.sowing_end::<false>(pos, t, mover, origin, landing, $laps));
            }};
        }
        let mut laps = 1u32;
        // Where this lap's seeds were lifted (reduced), and the landing (not reduced).
        let mut i = origin_i;
        let mut hand = std::mem::take(&mut pos.cells[usize::from(origin)]);
        // The sowing relays if the count in cell `c`, tested after a lap
        // landing at `landing`, says so (else it ends there, or is endless
        // at the lap limit): the count tested.
        macro_rules! relay {
            ($landing:expr, $c:expr) => {{
                let tested = pos.cells[$c];
                if !relay.relays(tested) {
                    end!($landing, laps);
                }
                if laps >= prog.lap_limit {
                    return Err(Endless);
                }
                laps += 1;
                tested
            }};
        }
        // The next lap lifts the hole tested, cell `c`, which held `tested`.
        macro_rules! lift_tested {
            ($c:expr, $tested:expr) => {{
                i = usize::from(t.rank[$c]);
                hand = $tested;
                pos.cells[$c] = 0;
            }};
        }
        if TESTED != Base::Origin as u8 {
            // The loop below for its commonest relay (Indian relay sowing:
            // sow on from the next hole, lift a hole on from the landing),
            // without the tests per lap of its other forms.
            loop {
                let landing = if hand == 0 { i } else { lap!(i + 1, hand) };
                let c = usize::from(t.order[landing + usize::from(TESTED)]);
                let tested = relay!(landing, c);
                lift_tested!(c, tested);
            }
        }
        loop {
            let landing = if hand == 0 { i } else { lap!(i + skip(prog.first_seed, hand), hand) };
            let c = usize::from(if test_origin { origin } else { t.order[landing + test_off] });
            let tested = relay!(landing, c);
            if lifts_tested {
                lift_tested!(c, tested);
                continue;
            }
            i = if lift_origin { origin_i } else { landing + lift_off };
            // Reduced without a loop whose trip count the branch predictor
            // must guess (`i` < 3 × len + 2): two conditional subtractions,
            // and a remainder only on a track too short for them.
            i = wrap(wrap(i, l), l);
            if i >= l {
                i %= l;
            }
            hand = std::mem::take(&mut pos.cells[usize::from(t.order[i])]);
        }
    }

    /// [`Machine::sow_fast`] for one shape of rules: `DROPS` is one of
    /// `NO_DROPS`, `SIMPLE_DROP`, `ANY_DROPS`; `SIMPLE_RELAY` says whether
    /// `Program::simple_relay` is set; with `F` = [`Kept`] ([`Program::facts`])
    /// it keeps the facts of the move the rules read (`lifted`,
    /// `total_before`), runs the `on move_start` rules, pays each lap's
    /// `toll`, runs the `on lap_end` rules and counts the turn.
    #[inline(always)]
    fn shaped_kernel<const DROPS: u8, const SIMPLE_RELAY: bool, F: Facts>(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        origin: u8,
    ) -> Result<Sown, Endless> {
        let prog = &self.prog;
        if DROPS == NO_DROPS && !SIMPLE_RELAY && prog.relays.is_empty() {
            return self.one_lap(pos, t, mover, origin);
        }
        let l = usize::from(t.len);
        // The origin's index on the track sown: it changes when a relay turns the sowing.
        let mut origin_i = usize::from(t.rank[usize::from(origin)]);
        let relay = prog.simple_relay.unwrap_or(SimpleRelay::new(Base::Origin, (0, 0, false), Base::Origin));
        let relay_span = relay.span;
        // The tested and the lifted hole as offsets from the landing on the track.
        let offset = |b: Base| (b == Base::Origin, if b == Base::Origin { 0 } else { b.offset() });
        let (test_origin, test_off) = offset(relay.test);
        let (lift_origin, lift_off) = offset(relay.lift);
        let simple_drop =
            prog.simple_drop.unwrap_or(SimpleDrop { lo: 0, span: 0, last_seed: false, to: SimpleWho::Mover });
        if F::KEPT && prog.lap_relays && pos.closed != 0 {
            return self.sow(pos, mover, origin, t.reverse, &mut ());
        }
        let mut t = t;
        let (mut hand, mut at) = self.lift_origin::<F>(pos, t, mover, origin, origin_i);
        loop {
            if F::KEPT {
                if let Some((seeds, to)) = prog.toll {
                    // Before the lap is sown, from the hand.
                    let paid = hand.min(seeds);
                    hand -= paid;
                    self.give(pos, to.player(mover), u32::from(paid));
                }
            }
            // `at.i` is where this lap's seeds were lifted.
            if F::KEPT {
                at.facts.set_lap_origin(t.order[at.i]);
            }
            if hand != 0 {
                let skipped = if prog.skip_lap_start { at.i } else { origin_i };
                at.i = self.lap::<DROPS, F>(pos, t, at, hand, skipped, simple_drop)?;
            }
            if F::KEPT && !prog.lap_ends.is_empty() {
                self.landing_rules(&prog.lap_ends, pos, t, at);
            }
            // The hole the next lap is sown from, and the seeds lifted for
            // it when they are not just that hole's; the cell it is sown
            // from, when no `Base` names it.
            let mut far = None;
            let (lift, taken) = if SIMPLE_RELAY {
                let c = if test_origin { origin } else { t.order[at.i + test_off] };
                let v = pos.cells[usize::from(c)];
                if (v.wrapping_sub(relay.lo) <= relay_span) == relay.negate {
                    break;
                }
                (relay.lift, None)
            } else {
                // (One lap without a relay rule: Kalah, Oware. The search's
                // call and set-up cost them a tenth of a sowing.)
                if prog.relays.is_empty() {
                    break;
                }
                let Some(r) = self.relay_fires(pos, t, at) else { break };
                if F::KEPT && prog.lap_relays {
                    (t, at.i, far) = self.turn_or_start_afar(r, t, at);
                    origin_i = usize::from(t.rank[usize::from(origin)]);
                }
                (r.start, self.relay_takes(r, pos, t, at))
            };
            if at.laps >= prog.lap_limit {
                return Err(Endless);
            }
            at.laps += 1;
            at.i = if SIMPLE_RELAY {
                if lift_origin {
                    origin_i
                } else {
                    wrap(wrap(at.i + lift_off, l), l)
                }
            } else if let Some(c) = far.filter(|_| F::KEPT) {
                usize::from(t.rank[usize::from(c)])
            } else {
                match lift {
                    Base::Origin => origin_i,
                    Base::Landing => at.i,
                    Base::Next => wrap(at.i + 1, l),
                    Base::After => wrap(wrap(at.i + 2, l), l),
                }
            };
            hand = match taken {
                Some(seeds) => seeds,
                None => std::mem::take(&mut pos.cells[usize::from(t.order[at.i])]),
            };
        }
        let sown = self.sowing_end_at::<true, F>(pos, t, at);
        if F::KEPT && self.rules.counts_turns {
            // As the definition counts it, once the move is sown.
            pos.count_turn(sown.extra);
        }
        Ok(sown)
    }

    /// Where relay `r` (of the facts kernel, which found it holds with the
    /// move at `at` on track `t`) sows on: the track of the direction it
    /// turns to (else `t`), the landing's index on it, and the cell the
    /// next lap is sown from when no `Base` names it ([`Relay::far`]).
    /// Only for a board with no closed hole, where the mover's track each
    /// way holds every cell of theirs.
    #[inline(never)]
    fn turn_or_start_afar<'a, F: Facts>(
        &'a self,
        r: &Relay,
        t: &'a Track,
        at: At<F>,
    ) -> (&'a Track, usize, Option<u8>) {
        let turned = match r.turn {
            Some(clockwise) => {
                let reverse = clockwise != (self.rules.sowing.direction == crate::rules::Direction::Clockwise);
                &self.tracks[track_index(at.mover, reverse)]
            }
            None => t,
        };
        let i = usize::from(turned.rank[usize::from(t.order[at.i])]);
        let far = r.far.map(|far| match far {
            Far::LapOrigin => at.facts.lap_origin().unwrap_or(at.origin),
            Far::Numbered(n) => self.cell(at.mover, n - 1),
        });
        (turned, i, far)
    }

    /// Whether the move lifting `origin` (on `t`) is capturing, as the
    /// rules' `capturing when …` judges it on the board before the move.
    #[inline(never)]
    fn capturing(&self, pos: &Position, t: &Track, mover: Player, origin: u8) -> bool {
        self.rules.moves.capturing.is_some() && self.judging(pos, mover, origin, t.reverse).capturing
    }

    /// The move's start: the seeds of `origin` (at track index `i`)
    /// lifted into the hand, the facts of the move `F` kept and, when they
    /// are, the `on move_start` rules run. Returns the hand and where the
    /// move stands.
    #[inline(always)]
    fn lift_origin<F: Facts>(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        origin: u8,
        i: usize,
    ) -> (u16, At<F>) {
        let before = if F::KEPT && self.rules.reads_before { self.totals_before(pos) } else { [0; 4] };
        let capturing = F::KEPT && self.rules.reads_lap && self.capturing(pos, t, mover, origin);
        let hand = std::mem::take(&mut pos.cells[usize::from(origin)]);
        let mut at = At { mover, origin, i, laps: 1, facts: F::keep(hand, before) };
        if F::KEPT {
            at.facts.set_capturing(capturing);
            // (The first lap is sown from the origin: `on move_start` may
            // read `lap_origin`, as proptest found.)
            at.facts.set_lap_origin(origin);
        }
        if F::KEPT && self.prog.move_start {
            self.move_start(pos, t, at);
        }
        (hand, at)
    }

    /// The first relay rule whose condition holds at `at`.
    #[inline(always)]
    fn relay_fires<F: Facts>(&self, pos: &Position, t: &Track, at: At<F>) -> Option<&Relay> {
        self.prog.relays.iter().find(|r| self.test(&r.when, pos, t, at))
    }

    /// The seeds relay `r`'s take empties into the hand when it lifts more
    /// than the hole it sows from. (Taken before the lap limit is checked:
    /// an endless sowing's board is thrown away.)
    #[inline(always)]
    fn relay_takes<F: Facts>(&self, r: &Relay, pos: &mut Position, t: &Track, at: At<F>) -> Option<u16> {
        (!r.take.is_empty()).then(|| self.take(&r.take, pos, t, at))
    }

    /// The rows' totals of `pos`, the position moved from, for
    /// `total_before` (as [`Ctx::before`] orders them). A row holds at most
    /// [`MAX_TOTAL_SEEDS`](crate::check::MAX_TOTAL_SEEDS) seeds.
    #[inline(never)]
    fn totals_before(&self, pos: &Position) -> [u16; 4] {
        self.row_totals(pos).map(|seeds| u16::try_from(seeds).unwrap_or(u16::MAX))
    }

    /// The `on move_start` rules, the seeds of `at.origin` in hand: run by
    /// the general code, as the definition runs them.
    #[inline(never)]
    fn move_start<F: Facts>(&self, pos: &mut Position, t: &Track, at: At<F>) {
        let ctx = Self::ctx(t, at);
        for r in self.rules.triggers.iter().filter(|r| r.event == Event::MoveStart) {
            if self.holds(&r.when, pos, &ctx) {
                self.run(r, pos, &ctx, &mut ());
            }
        }
    }

    /// [`Machine::shaped_kernel`] for rules with neither relay nor drop
    /// rules (Kalah, Oware): one lap, sown in bulk, then the sowing-end
    /// rules, without the set-up of the relay loop (a third of Kalah's
    /// sowing went to it).
    ///
    /// # Errors
    /// As [`Machine::sow_fast`].
    #[inline(always)]
    fn one_lap(&self, pos: &mut Position, t: &Track, mover: Player, origin: u8) -> Result<Sown, Endless> {
        let origin_i = usize::from(t.rank[usize::from(origin)]);
        let hand = std::mem::take(&mut pos.cells[usize::from(origin)]);
        let mut landing = origin_i;
        if hand != 0 {
            let at = At::new(mover, origin, origin_i, 1);
            let none = SimpleDrop { lo: 0, span: 0, last_seed: false, to: SimpleWho::Mover };
            // (The first lap starts at the origin: `lap_skipped` steps over it too.)
            landing = self.lap::<NO_DROPS, ()>(pos, t, at, hand, origin_i, none)?;
        }
        Ok(self.sowing_end::<true>(pos, t, mover, origin, landing, 1))
    }

    /// One lap of `hand` seeds (not none) lifted at track index `at.i`,
    /// for the drop rules of shape `DROPS` (`d` when they are a
    /// [`SimpleDrop`]); `skipped` is the index stepped over under `origin
    /// skipped` (the origin's) or `lap_skipped` (the lap's start, `at.i`).
    /// Returns the landing index.
    ///
    /// # Errors
    /// As [`Machine::skipping_lap`].
    #[inline(always)]
    fn lap<const DROPS: u8, F: Facts>(
        &self,
        pos: &mut Position,
        t: &Track,
        at: At<F>,
        hand: u16,
        skipped: usize,
        d: SimpleDrop,
    ) -> Result<usize, Endless> {
        let off = skip(self.prog.first_seed, hand);
        let first = at.i + off;
        // (A first seed sown into the hole lifted is not a step.)
        let stepped = off == 1;
        Ok(if self.prog.skip_origin && steps_over(first, hand, stepped, skipped, usize::from(t.len)) {
            self.skipping_lap::<DROPS, F>(pos, t, at, (first, stepped), hand, skipped, d)?
        } else {
            match DROPS {
                NO_DROPS => bulk_lap(pos, t, first, hand),
                SIMPLE_DROP => self.simple_drop_lap(pos, t, at.mover, d, first, hand),
                _ => self.drop_lap(pos, t, at, first, hand),
            }
        })
    }

    /// The `on sowing_end` rules, once the last lap has landed at track
    /// index `landing`; those other than a [`SimpleEnd`] inline when
    /// `INLINE` (they are the common case of the packed and shaped
    /// kernels), else out of line (the simple kernel's rules have a
    /// [`SimpleEnd`]).
    #[inline(always)]
    pub(super) fn sowing_end<const INLINE: bool>(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        origin: u8,
        landing: usize,
        laps: u32,
    ) -> Sown {
        self.sowing_end_at::<INLINE, ()>(pos, t, At::new(mover, origin, landing, laps))
    }

    /// [`Machine::sowing_end`] where the move stands at `at`.
    #[inline(always)]
    fn sowing_end_at<const INLINE: bool, F: Facts>(&self, pos: &mut Position, t: &Track, at: At<F>) -> Sown {
        let laps = at.laps;
        if let Some(e) = self.prog.simple_end {
            if INLINE {
                // (The packed and shaped kernels, as before the simple
                // kernel's way below: inlined there too, it cost Kalah's
                // playouts 1% and Sadeqa III's perft 2%, neither of which
                // has a simple end.)
                let v = pos.cells[self.slot(e.test, t, at)];
                if (v.wrapping_sub(e.lo) <= e.span) != e.negate {
                    self.simple_end_capture(e, pos, t, at);
                }
                return Sown { extra: false, laps };
            }
            // (Read without the slot's map and origin select where it has none.)
            let c = if e.test_on_track {
                usize::from(t.order[at.i + e.test.base.offset()])
            } else {
                self.slot(e.test, t, at)
            };
            let v = pos.cells[c];
            if (v.wrapping_sub(e.lo) <= e.span) != e.negate {
                // Taking the hole tested, the count read is the take: in
                // line (the call cost Raja Pasu's perft 5% of its instructions).
                match e.takes_tested {
                    Some(to) => {
                        pos.cells[c] = 0;
                        let to = match to {
                            SimpleWho::Mover => at.mover,
                            SimpleWho::Opponent => at.mover.other(),
                            SimpleWho::Owner => self.owner[c],
                        };
                        self.give(pos, to, u32::from(v));
                    }
                    None => self.simple_end_capture(e, pos, t, at),
                }
            }
            return Sown { extra: false, laps };
        }
        let extra = if INLINE { self.end_rules_inline(pos, t, at) } else { self.end_rules(pos, t, at) };
        Sown { extra, laps }
    }

    /// The capture of a [`SimpleEnd`] rule whose test held (out of line,
    /// as [`Machine::end_rules`]).
    #[inline(never)]
    fn simple_end_capture<F: Facts>(&self, e: SimpleEnd, pos: &mut Position, t: &Track, at: At<F>) {
        self.capture(e.hole, e.to, pos, t, at);
    }

    /// `capture slot to to`.
    #[inline(always)]
    fn capture<F: Facts>(&self, slot: Slot, to: Who, pos: &mut Position, t: &Track, at: At<F>) {
        let c = self.slot(slot, t, at);
        let to = match to {
            Who::Mover => at.mover,
            Who::Opponent => at.mover.other(),
            Who::Owner(s) => self.owner[self.slot(s, t, at)],
        };
        let seeds = std::mem::take(&mut pos.cells[c]);
        self.give(pos, to, u32::from(seeds));
    }

    /// `capture slot to into` (as the definition: a closed `into` takes
    /// nothing, and a hole pulled into itself keeps its seeds). Out of
    /// line: most moves pull nothing.
    #[inline(never)]
    fn pull<F: Facts>(&self, slot: Slot, into: Slot, pos: &mut Position, t: &Track, at: At<F>) {
        let into = self.slot(into, t, at);
        if !pos.is_closed(into) {
            let seeds = std::mem::take(&mut pos.cells[self.slot(slot, t, at)]);
            pos.cells[into] += seeds;
        }
    }

    /// The `on sowing_end` rules other than a [`SimpleEnd`]; whether one
    /// gave an extra turn. Out of line, as [`Machine::lift_holds`]: inlined
    /// into the candidate loop, the loop-invariant parts of these rules
    /// were hoisted before it and paid for at every generation, whether
    /// or not any candidate needed them.
    #[inline(never)]
    fn end_rules<F: Facts>(&self, pos: &mut Position, t: &Track, at: At<F>) -> bool {
        self.end_rules_inline(pos, t, at)
    }

    /// [`Machine::end_rules`], inline.
    #[inline(always)]
    fn end_rules_inline<F: Facts>(&self, pos: &mut Position, t: &Track, at: At<F>) -> bool {
        // A landing that no rule's guard lets through (Kalah's, in the
        // opponent's row: a third of its moves) skips the rules' loop and
        // its set-up; so does one whose single rule's count fails, where
        // the rules have a gate.
        let landing = usize::from(t.order[at.i]);
        let stopped = match &self.prog.ends_gate {
            Some(g) => {
                let seeds = pos.cells[self.cell_from_landing(g.hole.0, g.hole.1, t, at)];
                u32::from(seeds.wrapping_sub(g.lo)) >= g.under[at.mover.index()][landing]
            }
            // (A landing past cell 63 reads a guard of every cell: see `guard.rs`.)
            None => self.prog.ends_landing[at.mover.index()].wrapping_shr(landing as u32) & 1 == 0,
        };
        if stopped {
            return false;
        }
        self.landing_rules(&self.prog.ends, pos, t, at)
    }

    /// Rules read at a landing (`on sowing_end`, `on lap_end`), in order;
    /// whether one gave an extra turn.
    #[inline(always)]
    fn landing_rules<F: Facts>(&self, rules: &[EndRule], pos: &mut Position, t: &Track, at: At<F>) -> bool {
        let mut extra = false;
        let landing = t.order[at.i];
        for e in rules {
            if e.landing[at.mover.index()].wrapping_shr(u32::from(landing)) & 1 != 0
                && self.counts_hold(&e.counts, pos, t, at)
            {
                extra |= match &e.quick {
                    Some(q) => self.quick_rule(q, pos, t, at),
                    None => self.landing_rule_read(e, pos, t, at),
                };
            }
        }
        extra
    }

    /// Whether each of a landing rule's counts ([`EndRule::counts`]) is in
    /// its interval, each hole one table lookup from the landing.
    #[inline(always)]
    fn counts_hold<F: Facts>(&self, counts: &[LandingCount], pos: &Position, t: &Track, at: At<F>) -> bool {
        counts.iter().all(|&(off, table, lo, span)| {
            pos.cells[self.cell_from_landing(off, table, t, at)].wrapping_sub(lo) <= span
        })
    }

    /// The cell `table` ([`Slot::table`](super::lower::Slot::table)) maps
    /// the cell `off` on from the landing on track `t` to.
    #[inline(always)]
    fn cell_from_landing<F: Facts>(&self, off: u8, table: u8, t: &Track, at: At<F>) -> usize {
        usize::from(self.maps[usize::from(table)][usize::from(t.order[at.i + usize::from(off)])])
    }

    /// A landing rule without a [`Quick`] form, its guard and counts
    /// passed: the rest of its condition, then its body; whether it gave an extra turn. Out of
    /// line: inlined, the loop-invariant parts of every condition and body
    /// were hoisted before the rules' loop, and quick rules paid for them.
    #[inline(never)]
    fn landing_rule_read<F: Facts>(&self, e: &EndRule, pos: &mut Position, t: &Track, at: At<F>) -> bool {
        self.test(&e.when, pos, t, at) && self.body(&e.body, pos, t, at)
    }

    /// A landing rule in its [`Quick`] form, its guard and counts passed:
    /// runs its body; whether it gave an extra turn.
    #[inline(always)]
    fn quick_rule<F: Facts>(&self, q: &Quick, pos: &mut Position, t: &Track, at: At<F>) -> bool {
        for &(off, table, mover) in q.captures.iter() {
            let seeds = std::mem::take(&mut pos.cells[self.cell_from_landing(off, table, t, at)]);
            self.give(pos, if mover { at.mover } else { at.mover.other() }, u32::from(seeds));
        }
        q.extra
    }

    /// One lap of `hand` seeds from track index `first` (at most `len`) with
    /// `on drop` rules; returns the landing index.
    #[inline]
    fn drop_lap<F: Facts>(&self, pos: &mut Position, t: &Track, at: At<F>, first: usize, hand: u16) -> usize {
        let l = usize::from(t.len);
        let mut i = wrap(first, l);
        let mut left = hand;
        loop {
            left -= 1;
            self.drop_seed(pos, t, At { i, ..at }, left == 0);
            if left == 0 {
                return i;
            }
            i += 1;
            if i == l {
                i = 0;
            }
        }
    }

    /// A seed dropped at track index `at.i`, with `on drop` rules: the
    /// rules run if the hole's count is one for which any of them can fire.
    #[inline(always)]
    fn drop_seed<F: Facts>(&self, pos: &mut Position, t: &Track, at: At<F>, last: bool) {
        let prog = &self.prog;
        let c = usize::from(t.order[at.i]);
        let v = pos.cells[c] + 1;
        pos.cells[c] = v;
        if v.wrapping_sub(prog.drop_lo) <= prog.drop_hi.wrapping_sub(prog.drop_lo) {
            self.dropped(pos, t, at, c, last);
        }
    }

    /// One lap of `hand` seeds from track index `first.0` (at most `len`),
    /// seed by seed, stepping over track index `skip` (the origin, under
    /// `origin skipped`) whenever a step comes to it (the first seed's hole
    /// too, if reached by a step: `first.1`); for the drop rules of shape
    /// `DROPS` (`d` when they are a [`SimpleDrop`]). Returns the landing
    /// index.
    ///
    /// # Errors
    /// `Endless` when the origin is the track's only open hole (`circuits
    /// own` on one hole a row): stepped over, it comes round again at once,
    /// and the seeds can never be sown.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn skipping_lap<const DROPS: u8, F: Facts>(
        &self,
        pos: &mut Position,
        t: &Track,
        at: At<F>,
        (first, stepped): (usize, bool),
        hand: u16,
        skip: usize,
        d: SimpleDrop,
    ) -> Result<usize, Endless> {
        let l = usize::from(t.len);
        if l == 1 {
            return Err(Endless);
        }
        let mut i = wrap(first, l);
        if stepped && i == skip {
            i = wrap(i + 1, l);
        }
        let mut left = hand;
        loop {
            left -= 1;
            match DROPS {
                NO_DROPS => pos.cells[usize::from(t.order[i])] += 1,
                SIMPLE_DROP => self.simple_drop(pos, at.mover, d, usize::from(t.order[i]), left != 0 || d.last_seed),
                _ => self.drop_seed(pos, t, At { i, ..at }, left == 0),
            }
            if left == 0 {
                return Ok(i);
            }
            i = wrap(i + 1, l);
            if i == skip {
                i = wrap(i + 1, l);
            }
        }
    }

    /// A seed dropped into cell `c` under a [`SimpleDrop`] rule, which may
    /// fire (`fire`: the rule watches this seed).
    #[inline(always)]
    fn simple_drop(&self, pos: &mut Position, mover: Player, d: SimpleDrop, c: usize, fire: bool) {
        let v = pos.cells[c] + 1;
        if fire && v.wrapping_sub(d.lo) <= d.span {
            pos.cells[c] = 0;
            let to = match d.to {
                SimpleWho::Mover => mover,
                SimpleWho::Opponent => mover.other(),
                SimpleWho::Owner => self.owner[c],
            };
            self.give(pos, to, u32::from(v));
        } else {
            pos.cells[c] = v;
        }
    }

    /// [`Machine::simple_drop_lap`] out of line, for the simple kernel's
    /// rare lap that goes round the track more than twice.
    #[inline(never)]
    fn long_simple_drop_lap(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        d: SimpleDrop,
        first: usize,
        hand: u16,
    ) -> usize {
        self.simple_drop_lap(pos, t, mover, d, first, hand)
    }

    /// [`Machine::drop_lap`] for a [`SimpleDrop`] rule.
    #[inline(always)]
    fn simple_drop_lap(
        &self,
        pos: &mut Position,
        t: &Track,
        mover: Player,
        d: SimpleDrop,
        first: usize,
        hand: u16,
    ) -> usize {
        let l = usize::from(t.len);
        let drop = |pos: &mut Position, c: usize, fire: bool| self.simple_drop(pos, mover, d, c, fire);
        let end = first + usize::from(hand);
        if end <= 3 * l {
            // `order` holds the track three times over: one pass, no wrap.
            for &c in &t.order[first..end - 1] {
                drop(pos, usize::from(c), true);
            }
            drop(pos, usize::from(t.order[end - 1]), d.last_seed);
            return wrap(wrap(end - 1, l), l);
        }
        // All seeds but the last, in runs that end at the end of the track.
        let mut i = wrap(first, l);
        let mut left = usize::from(hand) - 1;
        while left > 0 {
            let run = left.min(l - i);
            for &c in &t.order[i..i + run] {
                drop(pos, usize::from(c), true);
            }
            left -= run;
            i = wrap(i + run, l);
        }
        drop(pos, usize::from(t.order[i]), d.last_seed);
        i
    }

    /// The `on drop` rules, in order, after a drop into cell `c`.
    #[inline]
    fn dropped<F: Facts>(&self, pos: &mut Position, t: &Track, at: At<F>, c: usize, last: bool) {
        for d in self.prog.drops.iter() {
            if last && !d.last_seed {
                continue;
            }
            let v = pos.cells[c];
            if v < d.lo || v > d.hi {
                continue;
            }
            if d.exact || self.test(&d.when, pos, t, at) {
                self.body(&d.body, pos, t, at);
            }
        }
    }

    #[inline(always)]
    fn slot<F: Facts>(&self, s: Slot, t: &Track, at: At<F>) -> usize {
        let c = if s.base == Base::Origin { at.origin } else { t.order[at.i + s.base.offset()] };
        usize::from(self.maps[s.table()][usize::from(c)])
    }

    fn ctx<F: Facts>(t: &Track, at: At<F>) -> Ctx {
        // `hole` is only read in `on drop` rules (where it is the landing)
        // and in sweeps (which set it). Rules that read the lap
        // (`lap_origin`) or the move's kind run on the facts kernel, which
        // keeps them.
        let c = t.order[at.i];
        Ctx {
            mover: at.mover,
            origin: at.origin,
            lap_origin: at.facts.lap_origin().unwrap_or(at.origin),
            landing: c,
            hole: c,
            laps: at.laps,
            lap_held: 0, // rules reading `lap_captures` run on the general interpreter
            lifted: u32::from(at.facts.lifted()),
            reverse: t.reverse,
            before: at.facts.before().map(u32::from),
            capturing: at.facts.capturing(),
        }
    }

    /// Whether a compiled condition holds: the common atoms, and a
    /// conjunction or disjunction of them, inline; the rest out of line.
    #[inline(always)]
    fn test<F: Facts>(&self, test: &Test, pos: &Position, t: &Track, at: At<F>) -> bool {
        match test {
            // Plain loops: the closure of `all`/`any` stayed out of line
            // (12% of Sadeqa III's playouts went to calling it).
            Test::All(parts) => {
                for p in parts.iter() {
                    if !self.atom(p, pos, t, at) {
                        return false;
                    }
                }
                true
            }
            Test::Any(parts) => {
                for p in parts.iter() {
                    if self.atom(p, pos, t, at) {
                        return true;
                    }
                }
                false
            }
            _ => self.atom(test, pos, t, at),
        }
    }

    #[inline(always)]
    fn atom<F: Facts>(&self, test: &Test, pos: &Position, t: &Track, at: At<F>) -> bool {
        match test {
            Test::True => true,
            Test::Count { slot, op, k } => op.holds(i64::from(pos.cells[self.slot(*slot, t, at)]), *k),
            Test::CountIn { slot, lo, span } => pos.cells[self.slot(*slot, t, at)].wrapping_sub(*lo) <= *span,
            Test::InRow { slot, row } => self.in_row(*slot, *row, t, at),
            Test::Store { slot, mover, equal } => {
                let p = if *mover { at.mover } else { at.mover.other() };
                let store = self.stores.map(|s| usize::from(s[p.index()]));
                (store == Some(self.slot(*slot, t, at))) == *equal
            }
            Test::Compare { a, op, b } => op.holds(self.operand(a, pos, t, at), self.operand(b, pos, t, at)),
            Test::RowEmpty { mover, empty } => self.row_test(*mover, *empty, pos, at),
            _ => self.test_rest(test, pos, t, at),
        }
    }

    #[inline(always)]
    fn in_row<F: Facts>(&self, slot: Slot, row: RowRef, t: &Track, at: At<F>) -> bool {
        self.cell_in_row(self.slot(slot, t, at), row, at.mover)
    }

    /// Whether cell `c` is in `row` with `mover` moving.
    #[inline(always)]
    pub(super) fn cell_in_row(&self, c: usize, row: RowRef, mover: Player) -> bool {
        let (want, inner) = match row {
            RowRef::Mover => (mover, None),
            RowRef::Opponent => (mover.other(), None),
            RowRef::Part { mover: true, inner } => (mover, Some(inner)),
            RowRef::Part { mover: false, inner } => (mover.other(), Some(inner)),
        };
        c < usize::from(2 * self.holes)
            && self.owner[c] == want
            && inner.is_none_or(|inner| self.in_part(c as u8, inner))
    }

    /// [`Test::RowEmpty`]. Out of line: inlined, it cost the sowing-end
    /// tests of rules that never read it (Sadeqa III: 2.5% of its
    /// playouts' instructions).
    #[inline(never)]
    fn row_test<F: Facts>(&self, mover: bool, empty: bool, pos: &Position, at: At<F>) -> bool {
        let p = if mover { at.mover } else { at.mover.other() };
        self.row_empty(pos, p) == empty
    }

    #[inline(never)]
    fn test_rest<F: Facts>(&self, test: &Test, pos: &Position, t: &Track, at: At<F>) -> bool {
        match test {
            Test::All(parts) => parts.iter().all(|p| self.test(p, pos, t, at)),
            Test::Any(parts) => parts.iter().any(|p| self.test(p, pos, t, at)),
            Test::Not(p) => !self.test(p, pos, t, at),
            Test::Claimed(s) => pos.claimed_by(self.slot(*s, t, at)).is_some(),
            Test::InRowHeld { slot, mover } => {
                let c = self.slot(*slot, t, at);
                let want = if *mover { at.mover } else { at.mover.other() };
                c < usize::from(2 * self.holes) && self.hole_owner(pos, c as u8) == want
            }
            Test::Capturing => at.facts.capturing(),
            Test::Clockwise(clockwise) => self.clockwise(t.reverse) == *clockwise,
            Test::General(c) => self.holds(c, pos, &Self::ctx(t, at)),
            _ => self.atom(test, pos, t, at),
        }
    }

    /// Empties the holes of a relay's `take` (the hole lifted and the
    /// `and` ones) into one hand. (The definition names them all before
    /// emptying any; a compiled hole does not depend on counts, so naming
    /// each as it is emptied is the same.)
    #[inline(never)]
    fn take<F: Facts>(&self, take: &[Slot], pos: &mut Position, t: &Track, at: At<F>) -> u16 {
        take.iter().map(|s| std::mem::take(&mut pos.cells[self.slot(*s, t, at)])).sum()
    }

    /// The value of a compiled number.
    #[inline]
    fn operand<F: Facts>(&self, o: &Operand, pos: &Position, t: &Track, at: At<F>) -> i64 {
        let who = |mover: bool| if mover { at.mover } else { at.mover.other() };
        match o {
            Operand::Lit(k) => *k,
            Operand::Count(s) => i64::from(pos.cells[self.slot(*s, t, at)]),
            Operand::Laps => i64::from(at.laps),
            Operand::Total { mover } => {
                let first = usize::from(self.cell(who(*mover), 0));
                pos.cells[first..first + usize::from(self.holes)].iter().map(|&c| i64::from(c)).sum()
            }
            Operand::TotalPart { mover, inner } => self.part_total(pos, who(*mover), *inner),
            Operand::TotalHeld { mover } => self.held_total(pos, who(*mover)),
            Operand::Captured { mover } => i64::from(self.captured(pos, who(*mover))),
            Operand::Claims { mover } => i64::from(pos.claimed[who(*mover).index()].count_ones()),
            Operand::Index(s) => (self.slot(*s, t, at) % usize::from(self.holes)) as i64 + 1,
            Operand::Turns { extra: false } => i64::from(pos.turns_played),
            Operand::Turns { extra: true } => i64::from(pos.extra_turns),
            Operand::Add(ab) => self.operand(&ab[0], pos, t, at) + self.operand(&ab[1], pos, t, at),
            Operand::Sub(ab) => self.operand(&ab[0], pos, t, at) - self.operand(&ab[1], pos, t, at),
            Operand::Rem(a, d) => self.operand(a, pos, t, at).rem_euclid(*d),
        }
    }

    /// The seeds in `p`'s inner row (outer, when not `inner`) of a four-row
    /// board ([`Operand::TotalPart`]).
    #[inline(never)]
    fn part_total(&self, pos: &Position, p: Player, inner: bool) -> i64 {
        let first = self.cell(p, 0);
        (first..first + self.holes)
            .filter(|&c| self.in_part(c, inner))
            .map(|c| i64::from(pos.cells[usize::from(c)]))
            .sum()
    }

    /// The seeds in the holes `p` owns in `pos` ([`Operand::TotalHeld`]):
    /// their row's, less the holes a territory border took from it, or
    /// plus the other row's holes it gave them.
    #[inline(never)]
    fn held_total(&self, pos: &Position, p: Player) -> i64 {
        let holes = |q: Player, n: u8| {
            let first = usize::from(self.cell(q, 0));
            pos.cells[first..first + usize::from(n)].iter().map(|&c| i64::from(c)).sum::<i64>()
        };
        let own = holes(p, self.holes);
        if pos.border == 0 {
            return own;
        }
        if pos.memory.as_ref().is_some_and(|m| m.ceded != 0) {
            // Holes the leader chose (`refill … territory chosen`): owner by owner.
            let owned = (0..2 * self.holes).filter(|&c| self.hole_owner(pos, c) == p);
            return owned.map(|c| i64::from(pos.cells[usize::from(c)])).sum();
        }
        // The gainer owns the other row's first holes, from its `a`.
        let (gainer, beyond) = if pos.border > 0 { (Player::South, pos.border) } else { (Player::North, -pos.border) };
        let moved = holes(gainer.other(), beyond.unsigned_abs());
        if p == gainer {
            own + moved
        } else {
            own - moved
        }
    }

    /// The rules' `over when …` rule if it holds after `mover`'s move.
    /// (Rules without one pay a load and a branch: as `Option::filter`,
    /// the call was not inlined.)
    #[inline(always)]
    pub(super) fn over_ends(&self, pos: &Position, mover: Player) -> Option<&crate::rules::Over> {
        let over = self.rules.end.over.as_ref()?;
        self.over(pos, mover).then_some(over)
    }

    /// Whether the rules' `over when …` holds after `mover`'s move: read
    /// from its table where it has one.
    #[inline(always)]
    pub(super) fn over(&self, pos: &Position, mover: Player) -> bool {
        match self.prog.over_table.as_ref().and_then(|table| table.get(self, pos, mover)) {
            Some(over) => over,
            None => self.over_compiled(pos, mover),
        }
    }

    /// [`Machine::over`] from the compiled form (or the condition walked).
    #[inline(never)]
    fn over_compiled(&self, pos: &Position, mover: Player) -> bool {
        self.rules.end.over.as_ref().is_some_and(|o| self.holds_between(self.prog.over.as_ref(), &o.when, pos, mover))
    }

    /// Whether a condition read between moves (`over when …`, `must_leave
    /// … when …`) holds for `mover` in `pos`: its compiled form `test` if
    /// it has one (a positional test), else `cond` walked.
    #[inline]
    pub(super) fn holds_between(&self, test: Option<&Test>, cond: &Cond, pos: &Position, mover: Player) -> bool {
        match test {
            // A positional test reads no hole of a move: any track and place do.
            Some(test) => self.test(test, pos, &self.tracks[0], At::new(mover, 0, 0, 1)),
            None => self.holds(cond, pos, &Ctx::at(mover, 0)),
        }
    }

    /// Runs compiled actions; returns whether one gave an extra turn.
    /// `before` is the board a `forfeit` restores (for a
    /// [`Body::Undoable`]).
    #[inline(always)]
    fn acts<F: Facts>(&self, acts: &[Act], pos: &mut Position, t: &Track, at: At<F>, before: Option<&Undo>) -> bool {
        let mut extra = false;
        for a in acts {
            match a {
                Act::Capture { slot, to } => self.capture(*slot, *to, pos, t, at),
                Act::Pull { slot, into } => self.pull(*slot, *into, pos, t, at),
                Act::ExtraTurn => extra = true,
                Act::Sweep(s) => extra |= self.sweep(s, pos, t, at),
                // (Not `Option::filter`: its call, left out of line, cost
                // each Oware capture 60 instructions.)
                Act::Forfeit(when) => {
                    if let Some(before) = before {
                        if self.test(when, pos, t, at) {
                            before.restore(pos);
                            extra = false;
                        }
                    }
                }
            }
        }
        extra
    }

    /// Runs a compiled sweep from the place `at`; returns whether it gave
    /// an extra turn. As the definition, it visits each cell of the track
    /// at most once (closed holes are not on it). Out of line: most moves capture nothing.
    #[inline(never)]
    fn sweep<F: Facts>(&self, s: &Sweep, pos: &mut Position, t: &Track, at: At<F>) -> bool {
        let Some(q) = s.quick else { return self.sweep_read(s, pos, t, at) };
        let to = if q.mover { at.mover } else { at.mover.other() };
        self.sweep_by(s, pos, t, at, |pos, here| {
            let c = self.cell_from_landing(q.hole.0, q.hole.1, t, here);
            let on = pos.cells[c].wrapping_sub(q.lo) <= q.span
                && q.row.is_none_or(|row| self.cell_in_row(c, row, here.mover));
            on.then(|| {
                let seeds = std::mem::take(&mut pos.cells[c]);
                self.give(pos, to, u32::from(seeds));
                false
            })
        })
    }

    /// A sweep without a [`QuickSweep`](super::lower::QuickSweep) form:
    /// its condition and actions read at each hole.
    #[inline(never)]
    fn sweep_read<F: Facts>(&self, s: &Sweep, pos: &mut Position, t: &Track, at: At<F>) -> bool {
        self.sweep_by(s, pos, t, at, |pos, here| {
            self.test(&s.while_, pos, t, here).then(|| self.acts(&s.acts, pos, t, here, None))
        })
    }

    /// The places of a sweep: `visit` runs at each until it returns `None`
    /// (the condition failed), else whether it gave an extra turn.
    #[inline(always)]
    fn sweep_by<F: Facts>(
        &self,
        s: &Sweep,
        pos: &mut Position,
        t: &Track,
        at: At<F>,
        mut visit: impl FnMut(&mut Position, At<F>) -> Option<bool>,
    ) -> bool {
        let l = usize::from(t.len);
        let mut i = match s.from {
            Base::Origin => usize::from(t.rank[usize::from(at.origin)]),
            b => wrap(wrap(at.i + b.offset(), l), l),
        };
        let mut extra = false;
        // The track holds each open cell once: one turn of it.
        for _ in 0..l {
            let Some(e) = visit(pos, At { i, ..at }) else { break };
            extra |= e;
            i = match (s.backward, i) {
                (true, 0) => l - 1,
                (true, _) => i - 1,
                (false, _) => wrap(i + 1, l),
            };
        }
        extra
    }

    /// Runs a rule's body; returns whether it gave an extra turn.
    #[inline(always)]
    fn body<F: Facts>(&self, body: &Body, pos: &mut Position, t: &Track, at: At<F>) -> bool {
        match body {
            Body::Acts(acts) => self.acts(acts, pos, t, at, None),
            Body::Undoable(acts) => {
                let before = Undo::of(pos);
                self.acts(acts, pos, t, at, Some(&before))
            }
            Body::Trigger(i) => self.trigger(*i, pos, t, at),
        }
    }

    /// Runs trigger `i` with the general code.
    #[inline(never)]
    fn trigger<F: Facts>(&self, i: usize, pos: &mut Position, t: &Track, at: At<F>) -> bool {
        self.run(&self.rules.triggers[i], pos, &Self::ctx(t, at), &mut ())
    }

    /// Whether the compiled `lift when …` allows lifting `cell`.
    #[inline]
    pub(super) fn liftable_fast(&self, pos: &Position, t: &Track, mover: Player, cell: u8) -> bool {
        self.prog.lift_trivial || self.lift_holds(pos, t, mover, cell)
    }

    /// [`Machine::liftable_fast`] for a `lift when …` that is not trivial.
    /// Out of line: inlined into the candidate loop, its loop-invariant
    /// parts were hoisted before it and paid for at every generation.
    #[inline(never)]
    fn lift_holds(&self, pos: &Position, t: &Track, mover: Player, cell: u8) -> bool {
        if self.prog.lift_landing {
            return self.liftable(pos, mover, cell, t.reverse);
        }
        let at = At::new(mover, cell, usize::from(t.rank[usize::from(cell)]), 1);
        self.test(&self.prog.lift, pos, t, at)
    }
}

/// What a `forfeit` restores: the board and reserves before the rule ran
/// (compiled actions change nothing else). Narrow boards only (see
/// `lower.rs`'s `body`): their cells past the first [`NARROW_CELLS`] are
/// empty.
struct Undo {
    cells: [u16; NARROW_CELLS],
    reserve: [u16; 2],
}

impl Undo {
    /// What a `forfeit` in `pos` restores.
    #[inline(always)]
    fn of(pos: &Position) -> Undo {
        let (cells, _) = pos.cells.split_first_chunk::<NARROW_CELLS>().expect("a board has the narrow cells");
        Undo { cells: *cells, reserve: pos.reserve }
    }

    /// Puts the board and reserves back in `pos`.
    fn restore(&self, pos: &mut Position) {
        pos.cells[..NARROW_CELLS].copy_from_slice(&self.cells);
        pos.reserve = self.reserve;
    }
}

/// Whether a lap of `hand` seeds whose first goes to track index `first`
/// (at most `len`) steps onto track index `o`: the holes from `first` on,
/// the first seed's excepted unless it was reached by a step (`stepped`).
#[inline(always)]
fn steps_over(first: usize, hand: u16, stepped: bool, o: usize, l: usize) -> bool {
    let (from, n) = if stepped { (first, hand) } else { (first + 1, hand - 1) };
    // How far on `o` is from the first hole stepped onto: 0 to `l - 1`.
    // (`o + l - wrap(from, l)` is under `2 l`: reduced by a subtraction,
    // not a division, which cost every Oware move its latency.)
    wrap(o + l - wrap(from, l), l) < usize::from(n)
}

/// One lap of `hand` seeds from track index `first` (at most `len`) with no
/// `on drop` rule; returns the landing index. (Inline: left out of line,
/// its call was a tenth of Kalah's one-lap sowing.)
#[inline(always)]
fn bulk_lap(pos: &mut Position, t: &Track, first: usize, hand: u16) -> usize {
    let l = usize::from(t.len);
    let h = usize::from(hand);
    let (full, r) = if h < l { (0, h) } else { (h / l, h % l) };
    if full != 0 {
        for &c in &t.order[..l] {
            pos.cells[usize::from(c)] += full as u16;
        }
    }
    if t.identity && l <= RUN_LANES {
        identity_run(&mut pos.cells, l, first, r);
    } else {
        for &c in &t.order[first..first + r] {
            pos.cells[usize::from(c)] += 1;
        }
    }
    // The landing is `h - 1` holes on from `first`: `first - 1 + r` modulo `l`.
    wrap(wrap(first + l - 1 + r, l), l)
}

/// The longest identity track ([`Track::identity`]) on which [`bulk_lap`]
/// sows a part lap with [`identity_run`] (Oware's is 12 holes long).
const RUN_LANES: usize = 16;

/// One seed into each of the `r` holes (fewer than `l`) from track index
/// `first` (at most `l`) on an identity track of `l` holes (at most
/// [`RUN_LANES`]): an add to each of the first [`RUN_LANES`] cells, 1 or
/// 0, in lanes. (A loop of `r` steps ended at a random count in a playout,
/// and the branch predictor missed its end at most Oware moves.)
#[inline(always)]
fn identity_run(cells: &mut [u16; MAX_CELLS], l: usize, first: usize, r: usize) {
    const _: () = assert!(RUN_LANES == 16 && RUN_LANES <= MAX_CELLS);
    let f = if first >= l { first - l } else { first };
    // The holes sown, a bit each: a run of `r` bits turned `f` round `l`.
    let run = (1u32 << r) - 1;
    let sown = ((run << f | run >> (l - f)) & ((1 << l) - 1)) as u16;
    for (eight, byte) in cells[..RUN_LANES].chunks_exact_mut(8).zip(sown.to_le_bytes()) {
        for (cell, add) in eight.iter_mut().zip(SPREAD[usize::from(byte)]) {
            *cell += add;
        }
    }
}

/// `SPREAD[b]`: the bits of byte `b` as eight lanes, 1 or 0, lowest first
/// (a bit tested lane by lane was shifted out lane by lane).
static SPREAD: [[u16; 8]; 256] = {
    let mut spread = [[0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            spread[b][k] = (b >> k & 1) as u16;
            k += 1;
        }
        b += 1;
    }
    spread
};

#[cfg(test)]
mod tests {
    //! The fast kernel against the general code, on every candidate of
    //! random games, for the bundled rules and rules of other shapes.

    use super::track_index;
    use crate::machine::{Kernel, Machine};
    use crate::position::{Player, Position};

    /// A part lap sown in lanes is the lap sown hole by hole, for every
    /// identity track short enough, first hole and count.
    #[test]
    fn an_identity_run_sows_the_holes_a_loop_sows() {
        for l in 1..=super::RUN_LANES {
            for first in 0..=l {
                for r in 0..l {
                    let mut lanes = [0u16; crate::position::MAX_CELLS];
                    super::identity_run(&mut lanes, l, first, r);
                    let mut looped = [0u16; crate::position::MAX_CELLS];
                    for k in first..first + r {
                        looped[k % l] += 1;
                    }
                    assert_eq!(lanes, looped, "{l} holes, from {first}, {r} seeds");
                }
            }
        }
    }

    const KALAH_LIKE: &str = r#"
game "Kalah-like" {
  board {
    rows 2
    holes 6
    stores sown
  }
  setup {
    seeds 4
  }
  sowing {
    direction counterclockwise
    first_seed next
    origin sown
  }
  on sowing_end when landing == store(mover) {
    extra_turn
  }
  on sowing_end when landing in mover_row and count(landing) == 1 and count(opposite(landing)) > 0 {
    capture opposite(landing) to mover
    capture landing to mover
  }
  moves {
    lift when count(origin) > 0
    endless after 10000 laps illegal
  }
  end {
    no_moves remaining to owner
    winner most_captured
  }
}
"#;

    const MIXED: &str = r#"
game "Mixed" {
  board {
    rows 2
    holes 5
    stores none
  }
  setup {
    seeds 3
  }
  sowing {
    direction clockwise
    first_seed origin
    origin sown
    relay lift landing when count(landing) > 1 and count(landing) != 4
    relay lift next when count(next) == 2 and laps > 3
  }
  on drop excluding last when count(hole) == 3 and hole in opponent_row {
    capture hole to mover
  }
  on drop when count(hole) == 5 {
    capture hole to opponent
  }
  on sowing_end when count(opposite(landing)) > 0 and landing in mover_row {
    capture opposite(landing) to mover
  }
  moves {
    lift when count(origin) > 1
    endless after 12 laps illegal
  }
  end {
    no_moves remaining to last_mover
    winner most_captured
  }
}
"#;

    /// Rules that read every fact of the move and game the facts ([`Program::facts`](super::Program::facts))
    /// kernel keeps: the seeds lifted, the rows before the move, the turn
    /// counters, the round's starter; with an `on move_start` rule and a
    /// count of holes.
    const FACTS_READ: &str = r#"
game "Facts" {
  board {
    rows 2
    holes 5
    stores none
  }
  setup {
    seeds 3
  }
  sowing {
    direction counterclockwise
    first_seed next
    origin sown
    relay lift landing when count(landing) > 1 and turns_played >= 2 and laps < 4
  }
  on move_start when lifted == 1 {
    capture opposite(origin) to mover
  }
  on sowing_end when landing in opponent_row and (count(landing) == 2 or count(landing) == 3) and lifted != 2 {
    capture landing to mover
    extra_turn when extra_turns == 0
    forfeit when total_before(opponent_row) > 0 and total(opponent_row) == 0
  }
  on sowing_end when total(mover_row) + total(opponent_row) <= 4 {
    capture every hole where count(hole) > 0 to starter
  }
  moves {
    lift when count(origin) >= 1 and (count(origin) != 1 or holes(mover_row, count(hole) > 1) == 0)
    endless after 20 laps illegal
  }
  end {
    no_moves remaining to owner
    winner most_captured
  }
}
"#;

    /// A territory match (`refill … territory`) whose rules read who owns a
    /// hole while sowing (`in mover_row`, `owner(hole)`, `total(…)`).
    const TERRITORY: &str = r#"
game "Territory" {
  board {
    rows 2
    holes 4
    stores none
  }
  setup {
    seeds 3
  }
  sowing {
    direction counterclockwise
    first_seed next
    origin sown
    relay lift landing when count(landing) > 1 and not (landing in opponent_row and count(landing) == 3)
  }
  on drop excluding last when hole in mover_row and count(hole) == 3 {
    capture hole to owner(hole)
  }
  on sowing_end when landing in opponent_row and count(landing) == 3 {
    capture landing to mover
  }
  on sowing_end when total(mover_row) + total(opponent_row) > 0 and total(mover_row) <= 2 {
    capture every hole where count(hole) > 0 to mover
  }
  moves {
    lift when count(origin) >= 1
    endless after 40 laps illegal
  }
  end {
    no_moves pass remaining to owner
    over when captured(mover) > 20 or captured(opponent) > 20
    winner most_captured
  }
  match {
    refill 3 per hole territory
    starter alternate
    match_end below 4
  }
}
"#;

    /// Every rules file, Raja Pasu also for one round, and rules of other
    /// shapes: too many seeds to pack, stores, general drop and relay rules.
    fn machines() -> Vec<(String, Machine)> {
        let load = |src: &str| Machine::new(crate::check(src).unwrap_or_else(|d| panic!("{d:?}")));
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
        let list = |d: &std::path::Path| std::fs::read_dir(d).unwrap().map(|e| e.unwrap().path()).collect::<Vec<_>>();
        let mut files = list(&dir);
        files.extend(list(&dir.join("mancalagames")));
        files.sort();
        let mut out = vec![("facts".to_string(), load(FACTS_READ))];
        for f in files.iter().filter(|f| f.extension().is_some_and(|x| x == "rules")) {
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            let m = load(&std::fs::read_to_string(f).unwrap());
            if m.rules.rounds.is_some() {
                out.push((format!("{name} round"), m.clone().with_one_round(true)));
            }
            out.push((name, m));
        }
        let sadeqa = include_str!("../../../../rules/sadeqa3.rules");
        out.push(("sadeqa3 16 seeds".into(), load(&sadeqa.replace("seeds 6", "seeds 16"))));
        // Relays under `origin skipped`: laps that come round to the origin.
        out.push(("sadeqa3 skipped".into(), load(&sadeqa.replace("origin sown", "origin skipped"))));
        let raja = include_str!("../../../../rules/raja_pasu.rules");
        out.push(("raja_pasu skipped".into(), load(&raja.replace("origin sown", "origin skipped"))));
        // The simple kernel's relay loops: its common form (first seed next,
        // the hole tested lifted) at another offset, and its other forms.
        for (from, to) in [
            ("relay lift next when count(next)", "relay lift after when count(after)"),
            ("relay lift next when count(next)", "relay lift next when count(after)"),
            ("first_seed next", "first_seed origin"),
        ] {
            out.push((format!("raja_pasu {to}"), load(&raja.replace(from, to))));
        }
        // The sowing-end rule that takes the hole it tests, to each taker.
        for to in ["opponent", "owner(after)"] {
            let src = raja.replace("capture after to mover", &format!("capture after to {to}"));
            out.push((format!("raja_pasu pussa to {to}"), load(&src)));
        }
        // Its test: failing on 0 alone (the take is then unconditional), or not.
        for when in ["count(after) != 0", "count(after) >= 0", "count(after) > 1", "count(after) == 0"] {
            let src = raja.replace("count(after) > 0", when);
            out.push((format!("raja_pasu pussa when {when}"), load(&src)));
        }
        let mixed = MIXED.replace("origin sown", "origin skipped").replace("first_seed origin", "first_seed next");
        out.push(("mixed skipped".into(), load(&mixed)));
        out.push(("kalah-like".into(), load(KALAH_LIKE)));
        out.push(("mixed".into(), load(MIXED)));
        out
    }

    /// Every candidate of `pos`: the same result both ways.
    fn same_sowings(m: &Machine, pos: &Position, name: &str) -> (usize, usize) {
        let Some(mover) = pos.to_move else { return (0, 0) };
        if m.laying_out(pos).is_some() {
            // A round's layout (`refill … chosen`) is pending: no sowing is a move.
            return (0, 0);
        }
        let (mut sown, mut endless) = (0, 0);
        let senses: &[bool] = if pos.chosen { &[false, true] } else { &[false] };
        for (i, &reverse) in (0..m.holes).flat_map(|i| senses.iter().map(move |r| (i, r))) {
            let cell = m.cell(mover, i);
            let c = usize::from(cell);
            if pos.is_closed(c) || pos.cells[c] == 0 || pos.claimed_by(c).is_some() || m.plan.kernel == Kernel::General
            {
                continue;
            }
            let (mut a, mut b) = (pos.clone(), pos.clone());
            let general = m.sow(&mut a, mover, cell, reverse, &mut ());
            let fast = m.with_track(pos.closed, mover, reverse, |t| {
                assert_eq!(
                    m.liftable(pos, mover, cell, reverse),
                    m.liftable_fast(pos, t, mover, cell),
                    "{name}: lift {i}"
                );
                let mut c = pos.clone();
                let unpacked = m.sow_unpacked(&mut c, t, mover, cell);
                assert_eq!(general, unpacked, "{name}: unpacked, hole {i} of {pos:?}");
                if unpacked.is_ok() {
                    assert_eq!(
                        (a.cells, a.reserve, a.claimed, a.turns_played, a.extra_turns),
                        (c.cells, c.reserve, c.claimed, c.turns_played, c.extra_turns),
                        "{name}: unpacked, hole {i}"
                    );
                }
                m.sow_fast(&mut b, t, mover, cell)
            });
            assert_eq!(general, fast, "{name}: hole {i} of {pos:?}");
            if general.is_ok() {
                assert_eq!(
                    (a.cells, a.reserve, a.claimed, a.turns_played, a.extra_turns),
                    (b.cells, b.reserve, b.claimed, b.turns_played, b.extra_turns),
                    "{name}: hole {i} of {pos:?}"
                );
                sown += 1;
            } else {
                endless += 1;
            }
        }
        for p in [mover, mover.other()] {
            let walk = |c: &crate::rules::Cond| m.holds(c, pos, &crate::machine::eval::Ctx::at(p, 0));
            if let Some(over) = &m.rules.end.over {
                assert_eq!(m.over(pos, p), walk(&over.when), "{name}: `over` after {p}'s move in {pos:?}");
            }
            if let Some(duty) = &m.rules.moves.must_leave {
                let compiled = m.holds_between(m.prog.duty.as_ref(), &duty.before, pos, p);
                assert_eq!(compiled, walk(&duty.before), "{name}: `must_leave … when` for {p} in {pos:?}");
                assert_eq!(m.duty_applies(duty, pos, p), compiled, "{name}: tabulated `must_leave … when`");
            }
        }
        // Sowing every candidate (the definition) and, where the rules
        // allow it, sowing none give the same legal moves.
        let general = m.preferred(pos, mover, m.legal_general(pos, mover, &mut ()));
        assert_eq!(general, m.legal_mask_of(pos, mover, &mut (), None), "{name}: legal moves of {pos:?}");
        assert_eq!(general, pos.legal, "{name}: legal moves of {pos:?}");
        (sown, endless)
    }

    /// Plays at least `games` random games (seeded, so the same ones each
    /// run), comparing every candidate of every position with
    /// [`same_sowings`] and each move with its traced play; small boards
    /// play more, to compare enough candidates. The candidates sown and
    /// found endless.
    fn compare_games(m: &Machine, name: &str, games: usize) -> (usize, usize) {
        let mut rng = fastrand::Rng::with_seed(7);
        let (mut sown, mut endless) = (0, 0);
        let mut played = 0;
        while played < games || (m.plan.kernel != Kernel::General && sown <= 200 && played < 100) {
            played += 1;
            let mut pos = m.initial();
            for _ in 0..400 {
                let (s, e) = same_sowings(m, &pos, name);
                sown += s;
                endless += e;
                let legal = m.legal_moves(&pos).unwrap();
                let Some(&hole) = legal.get(rng.usize(..legal.len().max(1))) else { break };
                let mut events = Vec::new();
                let traced = m.play_traced(&pos, hole, &mut events).unwrap();
                let next = m.play(&pos, hole).unwrap();
                assert_eq!(next, traced, "{name}: play and play_traced differ");
                pos = next;
            }
        }
        (sown, endless)
    }

    #[test]
    fn fast_kernel_sows_as_the_general_code() {
        let mut fast = Vec::new();
        for (name, m) in machines() {
            let name = name.as_str();
            if m.plan.kernel != Kernel::General {
                fast.push(name.to_string());
            }
            // Legal moves without sowing: the rules with no relay rule.
            let unsown = ["kalah_openspiel", "oware_openspiel", "awari", "bohnenspiel", "toguz_kumalak"];
            if unsown.contains(&name) || ["sadeqa3", "raja_pasu", "mixed", "hus"].contains(&name) {
                assert_eq!(m.plan.unsown_legality, unsown.contains(&name), "{name}: legality without sowing");
            }
            if ["raja_pasu", "raja_pasu round", "raja_pasu skipped"].contains(&name)
                || name.starts_with("raja_pasu pussa")
            {
                let e = m.prog.simple_end.expect("Raja Pasu's pussa is a simple sowing-end rule");
                assert!(e.takes_tested.is_some(), "{name}: expected the pussa to take the hole tested");
                // A test that fails on 0 alone holds always: the take is then of nothing.
                let always = !name.ends_with("> 1") && !name.ends_with("== 0");
                let holds_always = (e.lo, e.span, e.negate) == (0, u16::MAX, false);
                assert_eq!(holds_always, always, "{name}: whether the pussa's test holds always");
            }
            if ["sadeqa3", "sadeqa3_4seed"].contains(&name) {
                assert!(m.packs(&m.tracks[0]), "{name}: expected the packed kernel");
            }
            let games = match name {
                // Nothing to compare: one game checks `play` against `play_traced`.
                _ if m.plan.kernel == Kernel::General => 1,
                "mixed" | "mixed skipped" | "facts" => 200,
                "raja_pasu" | "raja_pasu round" | "sadeqa3" | "sadeqa3_4seed" => 25,
                "oure_ngat" => 30,
                _ => 6,
            };
            let (sown, endless) = compare_games(&m, name, games);
            eprintln!("{name}: {} kernel, {sown} candidates compared, {endless} endless", m.plan.kernel);
            assert!(m.plan.kernel == Kernel::General || sown > 200, "{name}: only {sown} candidates");
            if name == "mixed" {
                assert!(endless > 0, "{name}: no endless candidate met");
            }
        }
        for name in [
            "raja_pasu",
            "raja_pasu round",
            "sadeqa3",
            "sadeqa3_4seed",
            "kalah-like",
            "mixed",
            "oware_openspiel",
            "sadeqa3 skipped",
            "mixed skipped",
            "hus",
            "igisoro",
            "bay_khom",
            "um_el_bagara",
            "facts",
            "achochodi_mancalagames",
            "kale_mancalagames",
            "oware_mancalagames",
            "ali_guli_mane_mancalagames",
            "ouri_mancalagames",
        ] {
            assert!(fast.iter().any(|f| f == name), "{name}: expected the fast kernel to apply");
        }
    }

    /// Rules that read the facts of the move or game beyond the board
    /// (`lifted`, `total_before`, the turn counters, `starter`) or act
    /// before the seeds are sown (`on move_start`) compile to the kernel
    /// that keeps them, and only those: Kalah pays nothing for them.
    #[test]
    fn the_facts_of_the_move_compile_to_the_kernel_that_keeps_them() {
        let m = Machine::new(crate::check(FACTS_READ).unwrap_or_else(|d| panic!("{d:?}")));
        assert_eq!((m.plan.kernel, &m.plan.general[..]), (Kernel::Compiled, &[][..]));
        assert!(m.prog.facts);
        assert_eq!(m.plan.unpacked, super::DROPS_ANY_RELAY);
        let kalah = Machine::new(crate::check(KALAH_LIKE).unwrap_or_else(|d| panic!("{d:?}")));
        assert!(!kalah.prog.facts);
        assert_ne!(kalah.plan.unpacked, super::DROPS_ANY_RELAY);
        // (`fast_kernel_sows_as_the_general_code` plays it against the definition.)
    }

    /// Moves from either row, in either direction.
    const BOTH_ROWS: &str = r#"
game "Both rows" {
  board {
    rows 2
    holes 4
    stores none
  }
  setup {
    seeds 3
  }
  sowing {
    direction chosen
    first_seed next
    origin sown
    relay lift landing when count(landing) > 1 and landing in opponent_row
  }
  on sowing_end when landing in opponent_row and count(landing) == 2 {
    capture landing to owner(landing)
  }
  on sowing_end when landing in mover_row and count(landing) == 4 {
    capture landing to mover
  }
  moves {
    lift from both_rows when count(origin) >= 1
    endless after 30 laps illegal
  }
  end {
    no_moves remaining to owner
    over when total(mover_row) == 0
    winner most_captured
  }
}
"#;

    /// Territory compiles: the lowering leaves who owns a hole to the
    /// position, and a moved border's holes are the mover's moves.
    #[test]
    fn territory_compiles_and_sows_as_the_general_code() {
        let (moved, beyond) = plays_as_the_definition(TERRITORY, 200);
        assert!(
            moved > 500 && beyond > 200,
            "{moved} positions with a moved border, {beyond} with moves beyond the row"
        );
    }

    /// `lift from both_rows` compiles: each hole of the other row is sown
    /// on the mover's track, as the general code sows it.
    #[test]
    fn moves_from_both_rows_compile_and_sow_as_the_general_code() {
        let (_, beyond) = plays_as_the_definition(BOTH_ROWS, 100);
        assert!(beyond > 500, "{beyond} positions with moves from the other row");
    }

    /// Plays `games` random games (whole matches) of `src` on its compiled
    /// kernel: every candidate sown both ways, the moves played by the
    /// kernel, by the definition and from the kept children alike. Returns
    /// how many positions had a moved territory border, and how many had
    /// legal moves from beyond the mover's row.
    fn plays_as_the_definition(src: &str, games: usize) -> (usize, usize) {
        let m = Machine::new(crate::check(src).unwrap_or_else(|d| panic!("{d:?}")));
        assert_eq!(m.plan.kernel, Kernel::Compiled, "{:?}", m.plan.general);
        let definition = m.definition();
        let mut rng = fastrand::Rng::with_seed(11);
        let row = (1u64 << m.holes) - 1;
        let beyond_row = row << m.holes | row << (m.holes + crate::hole::Move::MINUS);
        let (mut moved, mut beyond) = (0, 0);
        for _ in 0..games {
            let mut pos = m.initial();
            let (mut kept, mut kids) = (pos.clone(), crate::machine::Children::new(&m));
            m.expand(&kept, &mut kids);
            for _ in 0..3000 {
                same_sowings(&m, &pos, "territory");
                m.verify(&pos).unwrap_or_else(|d| panic!("{d}"));
                let legal = pos.legal_mask();
                moved += usize::from(pos.border != 0);
                beyond += usize::from(legal & beyond_row != 0);
                if legal == 0 {
                    break;
                }
                let bit = crate::playout::nth_bit(legal, rng.u32(..legal.count_ones()));
                let mv = crate::hole::Move::from_index(bit, m.chosen());
                let next = m.play(&pos, mv).unwrap();
                assert_eq!(next, definition.play(&pos, mv).unwrap(), "move {mv} of {pos:?}");
                m.play_kept(&mut kept, bit, &mut kids);
                assert_eq!(kept, next, "move {mv} of {pos:?}, from the kept children");
                pos = next;
            }
        }
        (moved, beyond)
    }

    #[test]
    fn unsupported_shapes_use_the_general_code() {
        // A relay lifting a hole named in a way with no compiled form.
        let src =
            include_str!("../../../../rules/sadeqa3.rules").replace("relay lift landing", "relay lift prev(landing)");
        let m = Machine::new(crate::check(&src).unwrap_or_else(|d| panic!("{d:?}")));
        assert_eq!(m.plan.kernel, Kernel::General);
        let mut pos = m.initial();
        for _ in 0..20 {
            let Some(hole) = pos.legal_moves().next() else { break };
            pos = m.play(&pos, hole).unwrap();
        }
    }

    /// The previous move read before a move (`lift when`) is read on the
    /// position moved from, which every kernel keeps: the rules compile.
    /// Read while a move is sown, only the general interpreter carries it.
    #[test]
    fn the_previous_move_compiles_where_it_is_read_before_the_move() {
        let kalah = include_str!("../../../../rules/kalah.rules");
        let lift =
            kalah.replace("lift when count(origin) > 0", "lift when count(origin) > 0 and origin != previous_origin");
        assert_ne!(lift, kalah, "the lift rule was rewritten");
        let m = Machine::new(crate::check(&lift).unwrap_or_else(|d| panic!("{d:?}")));
        assert_ne!(m.plan.kernel, Kernel::General, "{:?}", m.plan.general);
        let sown = kalah.replace("extra_turn", "extra_turn\n    capture opposite(previous_origin) to mover");
        let m = Machine::new(crate::check(&sown).unwrap_or_else(|d| panic!("{d:?}")));
        assert_eq!(m.plan.kernel, Kernel::General);
    }

    /// Laps that each step over their own start (`origin lap_skipped`) and
    /// a capture that keeps the seeds on the board (`capture HOLE to HOLE`),
    /// as Ayoayo and CrossCapt_Seven have them: `ORIGIN` and `DROP` are
    /// filled in by [`lap_starts_and_pulls_compile`].
    const LAP_SKIPPED: &str = r#"
game "Lap skipped" {
  setup {
    seeds 3
  }
  board {
    holes 4
    rows 2
    stores none
  }
  sowing {
    origin ORIGIN
    first_seed next
    direction counterclockwise
    relay lift landing when count(landing) > 1 and count(landing) < 9
    relay lift next from landing when count(landing) == 9
  }
  moves {
    lift when count(origin) >= 1
    endless after 40 laps illegal
  }
  DROP
  on sowing_end when landing in mover_row and count(landing) == 1 and count(opposite(landing)) > 0 {
    capture opposite(landing) to landing
  }
  on sowing_end when landing in opponent_row and count(landing) == 4 {
    capture landing to mover
  }
  end {
    no_moves remaining to last_mover
    winner most_captured
  }
}
"#;

    /// `origin lap_skipped` and `capture HOLE to HOLE` compile: every
    /// candidate of random games is sown as the general code sows it, with
    /// and without `on drop` rules (which sow seed by seed), and the
    /// origin skipped on the first lap only for comparison.
    #[test]
    fn lap_starts_and_pulls_compile() {
        let drop = "on drop when count(hole) == 5 {\n    capture hole to owner(hole)\n  }";
        for (origin, drop) in [("lap_skipped", ""), ("lap_skipped", drop), ("skipped", "")] {
            let src = LAP_SKIPPED.replace("ORIGIN", origin).replace("DROP", drop);
            let m = Machine::new(crate::check(&src).unwrap_or_else(|d| panic!("{origin}: {d:?}")));
            assert_eq!(m.prog.skip_lap_start, origin == "lap_skipped");
            assert!(m
                .prog
                .ends
                .iter()
                .any(|e| matches!(&e.body, super::Body::Acts(a) if matches!(a[..], [super::Act::Pull { .. }]))));
            plays_as_the_definition(&src, 60);
        }
    }

    /// Relays that turn the sowing, start from the lap's own start (`from
    /// lap_origin`) or from a hole named by number, and read the move's
    /// kind (`capturing`), the lap's direction and a row's total of a
    /// four-row board while it is sown, as Omweso's and Bao's; moves
    /// weighed by `prefer`.
    const TURNING: &str = r#"
game "Turning" {
  board {
    rows 4
    holes 4
    stores none
  }
  setup {
    seeds 2
  }
  sowing {
    direction chosen
    first_seed next
    origin sown
    relay lift opposite(landing) and outer(opposite(landing)) from lap_origin counterclockwise when
        capturing and landing in mover_inner_row and count(landing) > 1 and count(opposite(landing)) > 0 and
        count(outer(opposite(landing))) > 0
    relay lift opposite(landing) from hole(mover, 4) clockwise when
        landing in mover_inner_row and count(landing) > 1 and count(opposite(landing)) > 0 and
        (clockwise or index(landing) < 7)
    relay lift landing when count(landing) > 1 and lap_origin != landing and total(opponent_inner_row) != 3
  }
  moves {
    lift when count(origin) > 1 and (capturing or count(origin) < 5 or counterclockwise)
    capturing when landing in mover_inner_row and count(landing) > 0 and count(opposite(landing)) > 0
    prefer capturing
    endless after 200 laps illegal
  }
  end {
    no_moves remaining to last_mover
    winner last_mover
  }
}
"#;

    /// The machine of `src`, whose relays turn the sowing or start afar:
    /// it runs on the facts kernel.
    fn turning_machine(src: &str) -> Machine {
        let m = Machine::new(crate::check(src).unwrap_or_else(|d| panic!("{d:?}")));
        assert!(m.prog.facts && m.prog.lap_relays);
        m
    }

    /// Turning relays, relays from afar and the facts of the lap and the
    /// move they read compile to the facts kernel, which sows as the
    /// general code.
    #[test]
    fn turning_relays_compile_and_sow_as_the_general_code() {
        let m = turning_machine(TURNING);
        let far: Vec<_> = m.prog.relays.iter().map(|r| (r.turn, r.far)).collect();
        assert_eq!(
            far,
            [(Some(false), Some(super::Far::LapOrigin)), (Some(true), Some(super::Far::Numbered(4))), (None, None)]
        );
        plays_as_the_definition(TURNING, 20);
    }

    /// A relay that turns the sowing and sows on from the origin, which
    /// laps step over (`origin skipped`): on the track turned to, the
    /// origin has another index. (CI's proptest found the kernel lifting
    /// and skipping the hole at the old track's index.)
    const TURNING_TO_ORIGIN: &str = r#"
game "Turning to the origin" {
  board {
    rows 2
    holes 12
    stores sown_right
  }
  setup {
    seeds 1
  }
  sowing {
    direction clockwise
    first_seed next
    origin skipped
    relay lift origin counterclockwise when count(landing) == index(origin)
  }
  moves {
    lift when count(origin) > 0
    endless after 2 laps illegal
  }
  end {
    no_moves remaining to last_mover
    winner most_captured
  }
}
"#;

    /// South's `b` sows its seed into `a`, which then holds 2 = index(b):
    /// the relay lifts the origin, now empty, and the sowing ends there,
    /// every other hole as it was. The facts kernel sows it so, and every
    /// candidate of random games as the general code does.
    #[test]
    fn a_turning_relay_finds_the_origin_on_the_track_it_turns_to() {
        let m = turning_machine(TURNING_TO_ORIGIN);
        let mut pos = m.initial();
        let t = &m.tracks[track_index(Player::South, false)];
        let sown = m.sow_fast(&mut pos, t, Player::South, 1).expect("not endless");
        assert_eq!(sown.laps, 2);
        let mut expected = [1u16; 24];
        (expected[0], expected[1]) = (2, 0);
        assert_eq!(&pos.cells[..24], &expected[..]);
        plays_as_the_definition(TURNING_TO_ORIGIN, 20);
    }

    /// A board whose sowing order is one fixed track per mover and
    /// direction: `BOARD`, `DIRECTION` and `RELAY` are filled in by
    /// [`board_geometries_compile`]. (A last seed in the opponent's store
    /// takes it, a rule with no flat form, as CrossCapt_Nine's.)
    const GEOMETRY: &str = r#"
game "Geometry" {
  board {
    rows 2
    holes 5
    BOARD
  }
  setup {
    seeds 3
  }
  sowing {
    direction DIRECTION
    first_seed next
    origin sown
    RELAY
  }
  on sowing_end when landing == store(mover) {
    extra_turn
  }
  on sowing_end when landing == store(opponent) {
    capture store(opponent) to mover
  }
  on sowing_end when landing in mover_row and count(landing) == 1 and count(opposite(landing)) > 0 {
    capture opposite(landing) to mover
  }
  moves {
    lift when count(origin) > 0
    endless after 200 laps illegal
  }
  end {
    no_moves remaining to owner
    winner most_captured
  }
}
"#;

    /// Each player's own circuit (`circuits own`), both stores sown
    /// (`stores both`) and stores at the rows' right ends (`stores
    /// sown_right`) only change the cells on each track: the rules lower to
    /// the compiled kernel (packed, with one simple relay) and sow every
    /// candidate of random games as the general code does.
    #[test]
    fn board_geometries_compile() {
        let relay = "relay lift landing when count(landing) > 1";
        for (board, direction, relay, kernel) in [
            ("stores sown\n    circuits own", "counterclockwise", "", Kernel::Compiled),
            ("stores sown\n    circuits own", "clockwise", relay, Kernel::Packed),
            ("stores both", "chosen", "", Kernel::Compiled),
            ("stores both\n    circuits own", "counterclockwise", relay, Kernel::Packed),
            ("stores sown_right", "clockwise", "", Kernel::Compiled),
            ("stores sown_right", "chosen", relay, Kernel::Packed),
        ] {
            let name = format!("{board}, {direction}, {relay}");
            let src = GEOMETRY.replace("BOARD", board).replace("DIRECTION", direction).replace("RELAY", relay);
            let m = Machine::new(crate::check(&src).unwrap_or_else(|d| panic!("{name}: {d:?}")));
            assert_eq!(m.plan.kernel, kernel, "{name}: {:?}", m.plan.general);
            let (sown, _) = compare_games(&m, &name, 6);
            assert!(sown > 200, "{name}: only {sown} candidates");
        }
    }

    /// A board for rules that act at every lap: `FIRST`, `RELAYS` (with
    /// the `toll`s) and `HOOKS` (rules) are filled in by
    /// [`per_lap_hooks_compile`].
    const HOOKS: &str = r#"
game "Hooks" {
  board {
    rows 2
    holes 6
    stores none
  }
  setup {
    seeds 4
  }
  sowing {
    direction counterclockwise
    first_seed FIRST
    origin sown
    RELAYS
  }
  HOOKS
  moves {
    lift when count(origin) > 0
    endless after 100 laps illegal
  }
  end {
    no_moves remaining to owner
    winner most_captured
  }
}
"#;

    /// Holes that close as they are sown (with a toll at closed holes, and
    /// without: a lap then starts past a closed hole), rules at the end of
    /// every lap and tolls on every lap's hand lower to the compiled
    /// kernel and sow every candidate of random games as the general code
    /// does; a sowing may end in a closed hole, where a sowing-end rule
    /// still reads it. Closing with an `on drop` rule stays general.
    /// Machines whose moves are one lap (Kalah, Oware) sow a legal move
    /// left unsown with the one-lap kernel directly (`sow_one_lap`): the
    /// same board and result as `sow_legal`, for every legal move of
    /// random games; machines with relays (Sadeqa III, Raja Pasu) do not.
    #[test]
    fn one_lap_moves_sow_as_sow_legal() {
        for (src, one_lap) in [
            (include_str!("../../../../rules/kalah_openspiel.rules"), true),
            (include_str!("../../../../rules/oware_openspiel.rules"), true),
            (include_str!("../../../../rules/sadeqa3.rules"), false),
            (include_str!("../../../../rules/raja_pasu.rules"), false),
        ] {
            let m = Machine::new(crate::check(src).unwrap_or_else(|d| panic!("{d:?}")));
            assert_eq!(m.plan.one_lap, one_lap, "{}", m.rules.name);
            if !one_lap {
                continue;
            }
            let mut rng = fastrand::Rng::with_seed(5);
            let mut compared = 0;
            for _ in 0..20 {
                let mut pos = m.initial();
                for _ in 0..300 {
                    let Some(mover) = pos.to_move else { break };
                    let legal: Vec<_> = pos.legal_moves().collect();
                    for mv in &legal {
                        let cell = m.cell(mover, mv.hole.index());
                        let (mut a, mut b) = (pos.clone(), pos.clone());
                        let direct = m.sow_one_lap(&mut a, mover, cell, false);
                        assert_eq!(direct, m.sow_legal(&mut b, mover, cell, false, &mut ()), "{mv} in {pos:?}");
                        assert_eq!(a, b, "{mv} in {pos:?}");
                        compared += 1;
                    }
                    pos = m.play(&pos, legal[rng.usize(..legal.len())]).expect("a legal move");
                }
            }
            assert!(compared > 1000, "{}: {compared} moves compared", m.rules.name);
        }
    }

    /// Landing rules in their quick form (`lower.rs`'s `Quick`) sow as
    /// their conditions and bodies read one by one: Kalah's extra turn
    /// and capture, and a variant testing and capturing holes after the
    /// landing, to the opponent, with an extra turn.
    #[test]
    fn quick_landing_rules_sow_as_their_rules_read() {
        let kalah = include_str!("../../../../rules/kalah_openspiel.rules");
        let variant = kalah
            .replace("count(opposite(landing)) > 0 {", "count(opposite(landing)) > 0 and count(next) < 3 {")
            .replace("    capture landing to mover\n", "    capture after to opponent\n    extra_turn\n");
        assert_ne!(variant, kalah);
        for src in [kalah, variant.as_str()] {
            let quick = Machine::new(crate::check(src).unwrap_or_else(|d| panic!("{d:?}")));
            assert!(quick.prog.ends.iter().all(|e| e.quick.is_some()), "{:?}", quick.prog.ends);
            let mut read = quick.clone();
            for e in read.prog.ends.iter_mut() {
                e.quick = None;
            }
            let mut rng = fastrand::Rng::with_seed(3);
            let mut compared = 0;
            for _ in 0..20 {
                let mut pos = quick.initial();
                while let Some(mover) = pos.to_move {
                    let t = &quick.tracks[super::track_index(mover, false)];
                    for i in 0..quick.holes {
                        let cell = quick.cell(mover, i);
                        if pos.cells[usize::from(cell)] == 0 {
                            continue;
                        }
                        let (mut a, mut b) = (pos.clone(), pos.clone());
                        assert_eq!(quick.sow_fast(&mut a, t, mover, cell), read.sow_fast(&mut b, t, mover, cell));
                        assert_eq!((a.cells, a.reserve), (b.cells, b.reserve), "hole {i} of {pos:?}");
                        compared += 1;
                    }
                    let legal: Vec<_> = pos.legal_moves().collect();
                    pos = quick.play(&pos, legal[rng.usize(..legal.len())]).expect("a legal move");
                }
            }
            assert!(compared > 1000, "{compared} candidates compared");
        }
    }

    #[test]
    fn per_lap_hooks_compile() {
        let closing = "relay lift landing closing when count(landing) == 3 and landing in opponent_row
    relay lift landing when count(landing) > 1";
        let relay = "relay lift landing when count(landing) > 1";
        let lap_end = "on lap_end when count(landing) == 4 { capture landing to mover }
  on lap_end when count(next) == 0 and count(after) > 0 { capture after to opponent }";
        let end = "on sowing_end when count(landing) < 2 { capture opposite(landing) to mover }";
        for (first, relays, hooks, compiled) in [
            ("next", format!("{closing}\n    closed_toll to mover when hole in opponent_row"), end, true),
            ("next", format!("{closing}\n    closed_toll to south when hole in mover_row"), "", true),
            ("next", closing.to_string(), end, true),
            ("next", relay.to_string(), lap_end, true),
            ("next", format!("{relay}\n    toll 1 to opponent"), end, true),
            ("origin_unless_single", format!("{relay}\n    toll 2 to mover"), lap_end, true),
            ("next", closing.to_string(), "on drop when count(hole) == 4 { capture hole to mover }", false),
        ] {
            let name = format!("{first}, {relays}, {hooks}");
            let src = HOOKS.replace("FIRST", first).replace("RELAYS", &relays).replace("HOOKS", hooks);
            let m = Machine::new(crate::check(&src).unwrap_or_else(|d| panic!("{name}: {d:?}")));
            if !compiled {
                assert_eq!(m.plan.kernel, Kernel::General, "{name}");
                continue;
            }
            assert_eq!(m.plan.kernel, Kernel::Compiled, "{name}: {:?}", m.plan.general);
            let (sown, _) = compare_games(&m, &name, 20);
            assert!(sown > 200, "{name}: only {sown} candidates");
        }
    }
}
