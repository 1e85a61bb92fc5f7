//! Lowering for speed: the parts of a [`Ruleset`] that run on every seed,
//! lap, candidate or move (relay rules, `on drop` rules, `on sowing_end`
//! rules, the `lift` and `over` conditions) compiled into flat forms, and
//! each player's sowing track laid out as an array in track order.
//!
//! A condition becomes a [`Test`]: a tree of `and`, `or`, `not` and atoms
//! over [`Slot`]s (a hole named relative to the move: the landing, the
//! holes after it, the origin; then perhaps the hole facing it, and its
//! mirror, inner or outer hole, read from tables) and [`Operand`]s
//! (counts, totals, holdings, claims, laps, indices and their sums,
//! differences and remainders). Only what names a hole by walking the
//! board (`next(…)`, `prev(…)` of another hole, `store(…)` of a hole's
//! owner) stays with the tree walker.
//!
//! The fast kernel (`fast.rs`) runs on these; the tree-walking evaluator
//! (`eval.rs`) and the general sowing (`sow.rs`) stay the definition, serve
//! traced moves, and evaluate whatever part of a rule has no flat form
//! ([`Test::General`], [`Body::Trigger`]). The two must agree exactly: a
//! unit test in `fast.rs` compares them on every candidate of many random
//! games of every rules file.

use super::between::Table;
use super::eval::Ctx;
use crate::interval::Values;
use crate::position::{Player, MAX_CELLS};
use crate::rules::{Action, CmpOp, Cond, Event, FirstSeed, HoleRef, Num, OriginPolicy, PlayerRef, RowRef, Ruleset};

/// Where a hole named by a rule is, relative to the move in progress. The
/// value of the last three is their offset from the landing on the track.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Base {
    /// The hole just sown (`landing`, or `hole` in an `on drop` rule).
    Landing = 0,
    /// The open hole after it on the mover's track.
    Next = 1,
    /// The open hole after that.
    After = 2,
    /// The hole first lifted.
    Origin = 3,
}

impl Base {
    /// The offset from the landing on the track (not for `Origin`).
    #[inline(always)]
    pub(super) fn offset(self) -> usize {
        self as usize
    }
}

/// A hole a compiled rule names: a [`Base`], or the hole facing it, and
/// then, perhaps, its mirror, inner or outer hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slot {
    pub base: Base,
    pub opposite: bool,
    pub then: Map,
}

impl Slot {
    /// The hole `base` itself.
    pub(super) const fn at(base: Base) -> Slot {
        Slot { base, opposite: false, then: Map::Same }
    }

    /// Whether it is a [`Base`] itself: a hole on the mover's track.
    pub(super) fn on_track(self) -> bool {
        !self.opposite && self.then == Map::Same
    }

    /// Which of [`Machine::cell_maps`](crate::machine::Machine)'s tables
    /// takes the base's cell to this slot's: one lookup, no branch.
    #[inline(always)]
    pub(super) fn table(self) -> usize {
        usize::from(self.opposite) << 2 | self.then as usize
    }
}

/// A map from cell to cell, as `HoleRef::Mirror`, `Inner` and `Outer` read
/// them; the machine keeps each, with and without the opposite hole first,
/// as a table (`Machine::maps`, indexed by [`Slot::table`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Map {
    /// The cell itself.
    Same = 0,
    /// `mirror(…)`.
    Mirror = 1,
    /// `inner(…)`.
    Inner = 2,
    /// `outer(…)`.
    Outer = 3,
}

/// A compiled condition.
#[derive(Clone, Debug)]
pub(super) enum Test {
    /// Always.
    True,
    /// `count(slot) op k`.
    Count { slot: Slot, op: CmpOp, k: i64 },
    /// `count(slot)` in `lo..=lo + span`: comparisons of one hole's count
    /// joined by `or` (`count(hole) == 2 or count(hole) == 3`).
    CountIn { slot: Slot, lo: u16, span: u16 },
    /// `slot in mover_row` / `opponent_row`.
    InRow { slot: Slot, row: RowRef },
    /// `slot in mover_row` (`opponent_row` when not `mover`) under
    /// territory: among the holes the player owns in the position.
    InRowHeld { slot: Slot, mover: bool },
    /// `slot == store(mover)` (`store(opponent)` when not `mover`), or
    /// `!=` when not `equal`.
    Store { slot: Slot, mover: bool, equal: bool },
    /// `a op b` on other numbers.
    Compare { a: Operand, op: CmpOp, b: Operand },
    /// `claimed(slot)`.
    Claimed(Slot),
    /// `total(mover_row) == 0` (`opponent_row` when not `mover`), or
    /// `> 0` when not `empty`: read hole by hole up to the first seed,
    /// without summing them.
    RowEmpty { mover: bool, empty: bool },
    /// Every one of these (evaluated in order, stopping at the first false).
    All(Box<[Test]>),
    /// One of these at least (evaluated in order, stopping at the first true).
    Any(Box<[Test]>),
    /// Not this.
    Not(Box<Test>),
    /// `capturing`, as the facts kernel keeps it (rules that read it
    /// while a move is sown run there; `lift when` hands it to the
    /// definition, see [`Program::lift_landing`]).
    Capturing,
    /// `clockwise` (`counterclockwise` when false): the way the track of
    /// the lap being sown runs.
    Clockwise(bool),
    /// Anything else: evaluated by the tree walker. (Boxed: held inline,
    /// the condition lent its tag to the test's, and every dispatch on a
    /// test decoded it.)
    General(Box<Cond>),
}

/// A number a compiled [`Test::Compare`] reads.
#[derive(Clone, Debug)]
pub(super) enum Operand {
    /// A literal.
    Lit(i64),
    /// `count(slot)`.
    Count(Slot),
    /// `laps`.
    Laps,
    /// `total(mover_row)` (`total(opponent_row)` when not `mover`).
    Total { mover: bool },
    /// `total(mover_inner_row)` (`outer` when not `inner`, `opponent_…`
    /// when not `mover`), on a four-row board.
    TotalPart { mover: bool, inner: bool },
    /// [`Operand::Total`] under territory: the seeds of the holes the
    /// player owns in the position.
    TotalHeld { mover: bool },
    /// `captured(mover)` (`captured(opponent)` when not `mover`).
    Captured { mover: bool },
    /// `claims(mover)` (`claims(opponent)` when not `mover`).
    Claims { mover: bool },
    /// `index(slot)`.
    Index(Slot),
    /// `turns_played` (`extra_turns` when `extra`): the position's turn
    /// counters, which the facts kernel keeps in the board it sows.
    Turns { extra: bool },
    /// `a + b`.
    Add(Box<[Operand; 2]>),
    /// `a - b`.
    Sub(Box<[Operand; 2]>),
    /// `a % d`.
    Rem(Box<Operand>, i64),
}

impl Operand {
    /// The flat form of a number, if it has one (`territory`: see [`test`]).
    fn of(n: &Num, territory: bool) -> Option<Operand> {
        let of = |n| Operand::of(n, territory);
        Some(match n {
            Num::Lit(k) => Operand::Lit(*k),
            Num::Count(h) => Operand::Count(slot(h)?),
            Num::Laps => Operand::Laps,
            Num::Total(row @ (RowRef::Mover | RowRef::Opponent)) if territory => {
                Operand::TotalHeld { mover: *row == RowRef::Mover }
            }
            Num::Total(RowRef::Part { mover, inner }) if !territory => {
                Operand::TotalPart { mover: *mover, inner: *inner }
            }
            Num::Total(RowRef::Mover) => Operand::Total { mover: true },
            Num::Total(RowRef::Opponent) => Operand::Total { mover: false },
            Num::Captured(PlayerRef::Mover) => Operand::Captured { mover: true },
            Num::Captured(PlayerRef::Opponent) => Operand::Captured { mover: false },
            Num::Claims(PlayerRef::Mover) => Operand::Claims { mover: true },
            Num::Claims(PlayerRef::Opponent) => Operand::Claims { mover: false },
            Num::Index(h) => Operand::Index(slot(h)?),
            Num::TurnsPlayed => Operand::Turns { extra: false },
            Num::ExtraTurns => Operand::Turns { extra: true },
            Num::Add(a, b) => Operand::Add(Box::new([of(a)?, of(b)?])),
            Num::Sub(a, b) => Operand::Sub(Box::new([of(a)?, of(b)?])),
            Num::Rem(a, d) => Operand::Rem(Box::new(of(a)?), *d),
            _ => return None,
        })
    }

    /// Whether it is a number of the position alone (no hole of a move,
    /// no lap count).
    fn positional(&self) -> bool {
        match self {
            Operand::Lit(_)
            | Operand::Total { .. }
            | Operand::TotalPart { .. }
            | Operand::TotalHeld { .. }
            | Operand::Captured { .. }
            | Operand::Claims { .. } => true,
            // (The turn counters are read as written between moves.)
            Operand::Count(_) | Operand::Laps | Operand::Index(_) | Operand::Turns { .. } => false,
            Operand::Add(ab) | Operand::Sub(ab) => ab.iter().all(Operand::positional),
            Operand::Rem(a, _) => a.positional(),
        }
    }
}

/// A player a compiled action names.
#[derive(Clone, Copy, Debug)]
pub(super) enum Who {
    Mover,
    Opponent,
    Owner(Slot),
}

/// A compiled action.
#[derive(Clone, Debug)]
pub(super) enum Act {
    /// `capture slot to who`.
    Capture { slot: Slot, to: Who },
    /// `capture slot to into`: the seeds stay on the board, in `into`
    /// (none move when `into` is closed).
    Pull { slot: Slot, into: Slot },
    /// `extra_turn`.
    ExtraTurn,
    /// `sweep … { … }`.
    Sweep(Box<Sweep>),
    /// `forfeit when …`: the rule's captures undone if this holds.
    Forfeit(Test),
}

/// A compiled `sweep forward|backward from HOLE while COND { … }`: from
/// `from`, the holes of the mover's track one by one while `while_` holds,
/// running `acts` at each; `hole` is read as the [`Base::Landing`] of the
/// visited place (the condition and actions name no other hole found from
/// the landing, see [`sweep`]).
#[derive(Clone, Debug)]
pub(super) struct Sweep {
    /// Against the sowing direction.
    pub backward: bool,
    pub from: Base,
    pub while_: Test,
    /// Captures and extra turns only.
    pub acts: Box<[Act]>,
    /// The sweep as [`QuickSweep`], when it has that form.
    pub quick: Option<QuickSweep>,
}

/// A sweep whose condition is that the visited hole holds a count in
/// `lo..=lo + span` (and, where it says so, is in a row), and whose one
/// action captures that hole to the mover or the opponent: run without a
/// dispatch on the tests and actions (Oware's 2s and 3s, which the general
/// sweep visited at a hundred instructions a hole).
#[derive(Clone, Copy, Debug)]
pub(super) struct QuickSweep {
    /// The visited hole, as the condition and the capture name it: its
    /// offset from the visited place and its table, as [`Quick::captures`].
    pub hole: (u8, u8),
    /// The row the hole must be in, if the condition names one.
    pub row: Option<RowRef>,
    pub lo: u16,
    pub span: u16,
    /// The seeds go to the mover (to the opponent, when not).
    pub mover: bool,
}

impl QuickSweep {
    /// The quick form of a sweep while `while_` doing `acts`, if it has one.
    fn of(while_: &Test, acts: &[Act]) -> Option<QuickSweep> {
        let [Act::Capture { slot: hole, to: to @ (Who::Mover | Who::Opponent) }] = acts else { return None };
        let parts = match while_ {
            Test::All(parts) => &parts[..],
            one => std::slice::from_ref(one),
        };
        let (mut row, mut count) = (None, None);
        for p in parts {
            match p {
                Test::InRow { slot, row: r } if slot == hole && row.is_none() => row = Some(*r),
                Test::CountIn { slot, lo, span } if slot == hole && count.is_none() => count = Some((*lo, *span)),
                _ => return None,
            }
        }
        let (lo, span) = count?;
        Some(QuickSweep { hole: from_landing(hole)?, row, lo, span, mover: matches!(to, Who::Mover) })
    }
}

/// What a rule does when it fires.
#[derive(Clone, Debug)]
pub(super) enum Body {
    /// Compiled actions.
    Acts(Box<[Act]>),
    /// Compiled actions among which a `forfeit` may undo the others: the
    /// board is kept before they run.
    Undoable(Box<[Act]>),
    /// Trigger `i` of the rules, run by the general code (claims, sweeps,
    /// forfeits, and holes or players with no flat form).
    Trigger(usize),
}

/// A compiled `relay lift … [and …] [from …] [clockwise|counterclockwise]
/// when …`.
#[derive(Clone, Debug)]
pub(super) struct Relay {
    pub when: Test,
    /// Where the next lap is sown from, as if lifted (the hole lifted, or
    /// the `from` hole): always on the mover's track. Not read when `far`
    /// is set.
    pub start: Base,
    /// The holes emptied into the hand, in order (the lifted one, then the
    /// `and` ones), when that is not just `start`.
    pub take: Box<[Slot]>,
    /// `closing`: the hole lifted (`start`, the take being empty) closes.
    pub closes: bool,
    /// The relay turns the sowing: this lap and the next are sown
    /// clockwise (`Some(true)`) or counterclockwise, on the mover's track
    /// that way round. Only the facts kernel turns ([`Program::facts`]).
    pub turn: Option<bool>,
    /// The `from` hole, when no [`Base`] names it. Only the facts kernel
    /// reads it.
    pub far: Option<Far>,
}

/// A relay's `from` hole that no [`Base`] names, but that is on the
/// mover's track all the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Far {
    /// `from lap_origin`: where the lap just sown was sown from.
    LapOrigin,
    /// `from hole(mover, N)`: the mover's hole `N` (from 1).
    Numbered(u8),
}

/// The flat form of a relay rule, if it has one: the hole its next lap
/// is sown from is on the mover's track. (`territory`: see [`test`].)
fn relay(r: &crate::rules::Relay, territory: bool) -> Option<Relay> {
    let lift = slot(&r.lift)?;
    let also = r.also.iter().map(slot).collect::<Option<Vec<Slot>>>()?;
    let (start, far) = match &r.from {
        Some(HoleRef::LapOrigin) => (lift.base, Some(Far::LapOrigin)),
        Some(HoleRef::Numbered(PlayerRef::Mover, n)) => (lift.base, Some(Far::Numbered(*n))),
        from => (from.as_ref().map(slot).unwrap_or(Some(lift)).filter(|s| s.on_track())?.base, None),
    };
    // (A hole closed as the sowing turns or starts afar is left to the definition.)
    if r.closes && (far.is_some() || r.turn.is_some()) {
        return None;
    }
    let take = if also.is_empty() && r.from.is_none() { Vec::new() } else { [vec![lift], also].concat() };
    Some(Relay {
        when: test(&r.when, territory),
        start,
        take: take.into_boxed_slice(),
        turn: r.turn,
        far,
        closes: r.closes,
    })
}

/// A compiled `on drop` rule.
#[derive(Clone, Debug)]
pub(super) struct DropRule {
    /// Whether a lap's last seed counts (`including last`).
    pub last_seed: bool,
    pub when: Test,
    pub body: Body,
    /// The counts of the dropped hole for which `when` can hold; outside
    /// this range the rule cannot fire.
    pub lo: u16,
    pub hi: u16,
    /// `when` holds exactly when the count is in `lo..=hi`.
    pub exact: bool,
}

/// A compiled `on sowing_end` rule.
#[derive(Clone, Debug)]
pub(super) struct EndRule {
    /// What is left to test once the landing has passed `landing`.
    pub when: Test,
    pub body: Body,
    /// Bit `c` of `landing[p]`: with `p` moving, a landing in cell `c` may
    /// meet `when`; the parts of it that read only where the landing is
    /// (`landing in mover_row`, `landing == store(mover)`) are decided
    /// once, when the machine is built (`guard.rs`), and left out of `when`.
    pub landing: [u64; 2],
    /// The parts of the condition that are [`LandingCount`]s, tested
    /// inline before the rest (set with the guard, and left out of
    /// `when`): Oware's capture needs a landing of 2 or 3 seeds.
    pub counts: Box<[LandingCount]>,
    /// The rule as [`Quick`], when it has that form (set with the guard).
    pub quick: Option<Quick>,
}

/// The body of a landing rule (sowing-end or lap-end) whose condition,
/// once its landing guard and counts are taken out
/// ([`EndRule::landing`], [`EndRule::counts`]), is empty, and whose body
/// is captures to the mover or the opponent and extra turns, all of holes
/// found from the landing: run without a dispatch on the actions, each
/// hole one table lookup (Kalah's capture and extra turn).
#[derive(Clone, Debug)]
pub(super) struct Quick {
    /// Each `(offset, table, mover)`, in order: that hole's seeds go to
    /// the mover (the opponent, when not `mover`).
    pub captures: Box<[(u8, u8, bool)]>,
    /// The body gives an extra turn.
    pub extra: bool,
}

/// Where a slot's hole is found from the landing: its offset on the track
/// and its table ([`Slot::table`]); `None` for the origin.
fn from_landing(s: &Slot) -> Option<(u8, u8)> {
    (s.base != Base::Origin).then(|| (s.base.offset() as u8, s.table() as u8))
}

/// `(offset, table, lo, span)`: the count of the hole `table`
/// ([`Slot::table`]) maps the cell `offset` on from the landing on the
/// track to is in `lo..=lo + span`.
pub(super) type LandingCount = (u8, u8, u16, u16);

/// A test that is a count in an interval of a hole found from the landing,
/// as [`EndRule::counts`] holds it.
pub(super) fn landing_count(t: &Test) -> Option<LandingCount> {
    match t {
        Test::CountIn { slot, lo, span } => from_landing(slot).map(|(off, table)| (off, table, *lo, *span)),
        _ => None,
    }
}

impl Quick {
    /// The quick form of a rule whose condition, its landing guard and
    /// counts taken out, is `when`, and whose body is `body`, if it has one.
    pub(super) fn of(when: &Test, body: &Body) -> Option<Quick> {
        let (Test::True, Body::Acts(acts)) = (when, body) else { return None };
        let (mut captures, mut extra) = (Vec::new(), false);
        for a in acts.iter() {
            match a {
                Act::Capture { slot, to: to @ (Who::Mover | Who::Opponent) } => {
                    let (off, table) = from_landing(slot)?;
                    captures.push((off, table, matches!(to, Who::Mover)));
                }
                Act::ExtraTurn => extra = true,
                _ => return None,
            }
        }
        Some(Quick { captures: captures.into_boxed_slice(), extra })
    }
}

/// A sowing-end rule's landing guard and its one count
/// ([`EndRule::landing`], [`EndRule::counts`]) as one comparison: the
/// count of the hole `hole` names, less `lo`, is under `under[p][c]` with
/// `p` moving and the last seed in cell `c` (the count's span and one
/// where the guard lets the landing through, 0 where it stops it). One
/// branch: Oware's guard (two landings in five) and count, tested as two,
/// were mispredicted at one move in five.
#[derive(Clone, Debug)]
pub(super) struct Gate {
    /// `(offset, table)`, as [`EndRule::counts`].
    pub hole: (u8, u8),
    pub lo: u16,
    pub under: [[u32; MAX_CELLS]; 2],
}

impl Gate {
    /// The gate of a rule `e` whose guard is placed, if it has one count.
    pub(super) fn of(e: &EndRule) -> Option<Box<Gate>> {
        let [(off, table, lo, span)] = e.counts[..] else { return None };
        // (Cells past 63 are on no board with a guard: see `guard.rs`.)
        let lets = |p: Player, c: usize| e.landing[p.index()].checked_shr(c as u32).unwrap_or(0) & 1 != 0;
        let under = Player::BOTH.map(|p| std::array::from_fn(|c| if lets(p, c) { u32::from(span) + 1 } else { 0 }));
        Some(Box::new(Gate { hole: (off, table), lo, under }))
    }
}

/// The lowered rules the fast kernel runs.
#[derive(Clone, Debug)]
pub(super) struct Program {
    /// Why the compiled kernels cannot play these rules, every reason;
    /// empty if they can (else every sowing goes through the general code).
    pub no_compiled_form: Vec<&'static str>,
    /// Where each lap's first seed goes.
    pub first_seed: FirstSeed,
    /// `origin skipped` or `lap_skipped`: laps step over a hole, the one
    /// first lifted ([`Program::skip_lap_start`] unset) or their own start.
    pub skip_origin: bool,
    /// `origin lap_skipped`: each lap steps over the hole it is sown from.
    pub skip_lap_start: bool,
    pub lap_limit: u32,
    pub lift: Test,
    pub relays: Box<[Relay]>,
    pub drops: Box<[DropRule]>,
    /// The union of the drop rules' count ranges: a drop outside it fires
    /// nothing.
    pub drop_lo: u16,
    pub drop_hi: u16,
    /// The drop rules are one rule of the simplest shape, played inline.
    pub simple_drop: Option<SimpleDrop>,
    /// The relay rules are one rule of the simplest shape, played inline.
    pub simple_relay: Option<SimpleRelay>,
    /// The sowing-end rules are one rule of the simplest shape.
    pub simple_end: Option<SimpleEnd>,
    /// `lift when …` holds for every non-empty hole: no need to test it.
    pub lift_trivial: bool,
    /// `lift when …` names where the first lap would end (`landing`,
    /// `next`, `after`): the compiled kernels hand it to the definition.
    pub lift_landing: bool,
    /// The packed kernel applies (on a short enough track): no drop rule,
    /// at most 255 seeds, no [`Program::facts`], and this relay.
    pub packed: Option<SimpleRelay>,
    /// The rules read facts of the move or game beyond the board and the
    /// move's holes (`lifted`, `total_before`, the turn counters,
    /// `starter`), act before the seeds are sown (`on move_start`) or at
    /// every lap (`on lap_end`, `toll`, closing holes): one kernel keeps
    /// them (`fast.rs`'s `facts_kernel`), so that other rules pay nothing
    /// for them. So do rules that read the current lap or the move's kind
    /// while a move is sown (`lap_origin`, `capturing`), or whose relays
    /// turn the sowing or start afar ([`Relay::turn`], [`Relay::far`]).
    pub facts: bool,
    /// A relay turns the sowing or starts afar: the facts kernel leaves
    /// a board with closed holes to the definition (a hole so named may be
    /// off the track, and the track turned to would have to be built).
    pub lap_relays: bool,
    /// The rules have `on move_start` rules (run by the facts kernel).
    pub move_start: bool,
    pub ends: Box<[EndRule]>,
    /// Bit `c` of `ends_landing[p]`: with `p` moving, the landing guard of
    /// some sowing-end rule lets a landing in cell `c` through (the union
    /// of [`EndRule::landing`]; every cell until the guards are placed).
    pub ends_landing: [u64; 2],
    /// The sowing-end rule's guard and count as one test, where there is
    /// one rule and one count (set with the guards).
    pub ends_gate: Option<Box<Gate>>,
    /// The `on lap_end` rules, run by the facts kernel at the end of
    /// every lap, before the relay rules.
    pub lap_ends: Box<[EndRule]>,
    /// `toll N to WHO`: the seeds each lap's hand gives before it is sown
    /// (by the facts kernel).
    pub toll: Option<(u16, Payee)>,
    /// Holes close as they are sown (`relay … closing`, `closed_toll`):
    /// the facts kernel's closing kernel (`fast/closing.rs`) sows them.
    pub closing: bool,
    /// `closed_toll to WHO when …`, when its condition reads only where
    /// the closed hole is: [`ClosedToll::takes`] is filled in when the
    /// machine is built.
    pub closed_toll: Option<ClosedToll>,
    /// The `over when …` condition, compiled, when it reads the position
    /// alone.
    pub over: Option<Test>,
    /// The `must_leave … when …` condition (whether the duty applies),
    /// compiled, when it reads the position alone.
    pub duty: Option<Test>,
    /// [`Program::over`] tabulated, when it reads only captured seeds and
    /// empty rows.
    pub over_table: Option<Table>,
    /// [`Program::duty`] tabulated, likewise.
    pub duty_table: Option<Table>,
}

/// A player named outright by a toll: the mover, the opponent, or South or North.
#[derive(Clone, Copy, Debug)]
pub(super) enum Payee {
    Mover,
    Opponent,
    Named(Player),
}

impl Payee {
    /// The compiled form of `p`, if it names a player without a hole.
    fn of(p: &PlayerRef) -> Option<Payee> {
        match p {
            PlayerRef::Mover => Some(Payee::Mover),
            PlayerRef::Opponent => Some(Payee::Opponent),
            PlayerRef::Named(p) => Some(Payee::Named(*p)),
            _ => None,
        }
    }

    /// The player paid with `mover` moving.
    #[inline(always)]
    pub(super) fn player(self, mover: Player) -> Player {
        match self {
            Payee::Mover => mover,
            Payee::Opponent => mover.other(),
            Payee::Named(p) => p,
        }
    }
}

/// A compiled `closed_toll to WHO when …`.
#[derive(Clone, Debug)]
pub(super) struct ClosedToll {
    pub to: Payee,
    /// The condition, which reads only where the hole is (its `hole`).
    pub when: Test,
    /// Bit `c` of `takes[p]`: with `p` moving, closed cell `c` takes a
    /// seed of the hand as it is passed (`when`, decided for every cell).
    pub takes: [u64; 2],
}

/// `on drop [including|excluding] last when count(hole) OP k { capture hole
/// to WHO }` with a single comparison: a drop that brings the hole into
/// `lo..=lo + span` gives its seeds to `to`. (The span is kept rather than
/// the top, so that a test is one subtraction and one comparison.)
#[derive(Clone, Copy, Debug)]
pub(super) struct SimpleDrop {
    pub lo: u16,
    pub span: u16,
    pub last_seed: bool,
    pub to: SimpleWho,
}

/// `relay lift LIFT when count(HOLE) OP k` as the only relay rule, with
/// `HOLE` and `LIFT` on the mover's track: it relays when the count of
/// `test` is in `lo..=lo + span` (not in it, when `negate`).
#[derive(Clone, Copy, Debug)]
pub(super) struct SimpleRelay {
    pub test: Base,
    pub lo: u16,
    pub span: u16,
    pub negate: bool,
    pub lift: Base,
    /// The counts that relay as one range, `negate` folded in: those
    /// whose distance on from `from` (wrapping) is below `count` (the
    /// simple and packed kernels test this, the shaped kernel the range
    /// and `negate`).
    pub from: u16,
    pub count: u32,
}

impl SimpleRelay {
    /// The relay `relay lift LIFT when count(TEST) OP k`, the counts for
    /// which `OP k` holds being `lo..=hi` (all but those, when `negate`).
    pub(super) fn new(test: Base, (lo, hi, negate): (u16, u16, bool), lift: Base) -> SimpleRelay {
        let span = hi.wrapping_sub(lo);
        // The counts outside a range are the range from just past it round
        // to just before it: 65,535 - span of them (none, outside all).
        let (from, count) =
            if negate { (hi.wrapping_add(1), u32::from(u16::MAX - span)) } else { (lo, u32::from(span) + 1) };
        SimpleRelay { test, lo, span, negate, lift, from, count }
    }

    /// Indian relay sowing, the simple kernel's commonest relay: each lap
    /// sown from the next hole on, the relay lifting the hole it tests,
    /// at or after the landing. That hole, if so.
    #[inline(always)]
    pub(super) fn indian(&self, first_seed: FirstSeed) -> Option<Base> {
        let lifts_tested = self.lift == self.test && self.test != Base::Origin;
        (lifts_tested && first_seed == FirstSeed::Next).then_some(self.test)
    }

    /// Whether a count of `v` in the hole tested relays: one comparison
    /// (testing the range and then `negate` cost the simple kernel's laps
    /// three more instructions).
    #[inline(always)]
    pub(super) fn relays(self, v: u16) -> bool {
        u32::from(v.wrapping_sub(self.from)) < self.count
    }
}

/// `on sowing_end when count(TEST) OP k { capture HOLE to WHO }` as the only
/// sowing-end rule: when the count of `test` is in `lo..=lo + span` (not in
/// it, when `negate`), the seeds of `hole` go to `to`.
#[derive(Clone, Copy, Debug)]
pub(super) struct SimpleEnd {
    pub test: Slot,
    pub lo: u16,
    pub span: u16,
    pub negate: bool,
    pub hole: Slot,
    pub to: Who,
    /// When the rule takes the hole it tests (`hole` is `test`, given to
    /// the mover, the opponent or that hole's owner): to whom. The kernels
    /// then take the count the test read, in line.
    pub takes_tested: Option<SimpleWho>,
    /// `test` is a hole on the mover's track after the landing (the
    /// landing, `next` or `after`): read from the track, with no map.
    pub test_on_track: bool,
}

/// The counts a hole can hold, as compiled tests read them.
const COUNTS: (i64, i64) = (0, u16::MAX as i64);

/// The counts for which `count OP k` holds: `lo..=hi`, or all but those
/// when the flag is set.
pub(super) fn cmp_range(op: CmpOp, k: i64) -> (u16, u16, bool) {
    let v = Values::compare(op, k, COUNTS);
    match v.except {
        // Empty: never (or, negated, always).
        _ if v.is_empty() => (0, u16::MAX, true),
        // All but one count (of the whole domain: one comparison's set).
        Some(e) => (e as u16, e as u16, true),
        None => (v.lo as u16, v.hi as u16, false),
    }
}

/// Who a [`SimpleDrop`] gives to.
#[derive(Clone, Copy, Debug)]
pub(super) enum SimpleWho {
    Mover,
    Opponent,
    /// The owner of the row (or store) the hole is in.
    Owner,
}

/// A player's sowing track over the open cells: `order` lists them in
/// sowing order three times over and then two more (so `order[i + 2]`
/// needs no wrap for `i < 3 * len`), `rank[c]` is cell `c`'s index in it
/// (`NONE` if not on it).
#[derive(Clone, Debug)]
pub(crate) struct Track {
    pub order: [u8; ORDER],
    pub rank: [u8; MAX_CELLS],
    pub len: u8,
    /// Cell `i` is at index `i` for every `i < len`, and the board has no
    /// other cell (no store, no closed hole).
    pub identity: bool,
    /// Laid out against the rules' direction (a chosen `-` move).
    pub reverse: bool,
}

/// Where `mover`'s track (laid out against the rules' direction when
/// `reverse`) is in the machine's table of four.
#[inline(always)]
pub(super) fn track_index(mover: Player, reverse: bool) -> usize {
    mover.index() + 2 * usize::from(reverse)
}

/// Room in `Track::order`.
const ORDER: usize = 3 * MAX_CELLS + 2;

/// Not on the track.
pub(super) const NONE: u8 = u8::MAX;

impl Track {
    /// The open cells of the cycle `next`, followed from `start` (a hole
    /// on every player's track); `cells` is the machine's number of cells,
    /// `reverse` whether `next` runs against the rules' direction.
    pub(super) fn build(next: &[u8; MAX_CELLS], start: u8, cells: u8, closed: u64, reverse: bool) -> Track {
        let mut t = Track { order: [0; ORDER], rank: [NONE; MAX_CELLS], len: 0, identity: false, reverse };
        t.rebuild(next, start, cells, closed);
        t
    }

    /// This track rebuilt in place as [`Track::build`] builds it, with the
    /// holes of `closed` closed: only the board's `cells` are written.
    pub(super) fn rebuild(&mut self, next: &[u8; MAX_CELLS], start: u8, cells: u8, closed: u64) {
        self.rank[..usize::from(cells)].fill(NONE);
        let mut c = start;
        let mut n = 0usize;
        loop {
            // (No cell past 63 is ever closed: see `position.rs`.)
            if closed.checked_shr(u32::from(c)).unwrap_or(0) & 1 == 0 {
                self.order[n] = c;
                self.rank[usize::from(c)] = n as u8;
                n += 1;
            }
            c = next[usize::from(c)];
            if c == start || n == MAX_CELLS {
                break;
            }
        }
        for i in n..3 * n + 2 {
            self.order[i] = self.order[i - n];
        }
        self.len = n as u8;
        self.identity = n == usize::from(cells) && (0..n).all(|i| usize::from(self.order[i]) == i);
    }
}

fn slot(h: &HoleRef) -> Option<Slot> {
    let base = |base| Some(Slot::at(base));
    let then = |x: &HoleRef, map| match slot(x)? {
        s if s.then == Map::Same => Some(Slot { then: map, ..s }),
        _ => None,
    };
    match h {
        HoleRef::Origin => base(Base::Origin),
        HoleRef::Landing | HoleRef::Dropped => base(Base::Landing),
        HoleRef::Next => base(Base::Next),
        HoleRef::After => base(Base::After),
        HoleRef::Opposite(x) => match slot(x)? {
            s if s.on_track() => Some(Slot { opposite: true, ..s }),
            _ => None,
        },
        HoleRef::Mirror(x) => then(x, Map::Mirror),
        HoleRef::Inner(x) => then(x, Map::Inner),
        HoleRef::Outer(x) => then(x, Map::Outer),
        HoleRef::Store(_)
        | HoleRef::NextOf(_)
        | HoleRef::PrevOf(_)
        | HoleRef::Numbered(..)
        | HoleRef::Counted(..)
        | HoleRef::LapOrigin
        | HoleRef::PreviousOrigin => None,
    }
}

/// `a op b` read as `b op' a`.
fn flip(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        same => same,
    }
}

/// The compiled form of `c`. Under `territory` (`refill … territory`: the
/// holes a player owns are in the position, not fixed by the rows) the
/// atoms that read who owns a hole (`… in mover_row`, `total(…)`) take
/// forms of their own that read the position's border
/// ([`Test::InRowHeld`], [`Operand::TotalHeld`]): rules without territory
/// keep their row tables at no cost.
fn test(c: &Cond, territory: bool) -> Test {
    let of = |n| Operand::of(n, territory);
    match c {
        Cond::InRow(h, row @ (RowRef::Mover | RowRef::Opponent)) if territory && slot(h).is_some() => {
            Test::InRowHeld { slot: slot(h).unwrap(), mover: *row == RowRef::Mover }
        }
        Cond::InRow(..) if territory => Test::General(Box::new(c.clone())),
        Cond::True => Test::True,
        Cond::Compare(Num::Count(h), op, Num::Lit(k)) if slot(h).is_some() => {
            Test::Count { slot: slot(h).unwrap(), op: *op, k: *k }
        }
        Cond::Compare(Num::Lit(k), op, Num::Count(h)) if slot(h).is_some() => {
            Test::Count { slot: slot(h).unwrap(), op: flip(*op), k: *k }
        }
        Cond::InRow(h, row) if slot(h).is_some() => Test::InRow { slot: slot(h).unwrap(), row: *row },
        Cond::SameHole(h, HoleRef::Store(p @ (PlayerRef::Mover | PlayerRef::Opponent)), equal)
        | Cond::SameHole(HoleRef::Store(p @ (PlayerRef::Mover | PlayerRef::Opponent)), h, equal)
            if slot(h).is_some() =>
        {
            Test::Store { slot: slot(h).unwrap(), mover: *p == PlayerRef::Mover, equal: *equal }
        }
        Cond::Compare(Num::Total(row @ (RowRef::Mover | RowRef::Opponent)), op, Num::Lit(0))
            if !territory && matches!(op, CmpOp::Eq | CmpOp::Le | CmpOp::Ne | CmpOp::Gt) =>
        {
            Test::RowEmpty { mover: *row == RowRef::Mover, empty: matches!(op, CmpOp::Eq | CmpOp::Le) }
        }
        Cond::Compare(a, op, b) if of(a).is_some() && of(b).is_some() => {
            Test::Compare { a: of(a).unwrap(), op: *op, b: of(b).unwrap() }
        }
        Cond::Claimed(h) if slot(h).is_some() => Test::Claimed(slot(h).unwrap()),
        Cond::And(..) => {
            let mut parts = Vec::new();
            flatten(c, true, territory, &mut parts);
            Test::All(parts.into_boxed_slice())
        }
        Cond::Or(..) => {
            let mut parts = Vec::new();
            flatten(c, false, territory, &mut parts);
            count_in(&parts).unwrap_or(Test::Any(parts.into_boxed_slice()))
        }
        Cond::Not(c) => Test::Not(Box::new(test(c, territory))),
        Cond::Capturing => Test::Capturing,
        Cond::Sense(clockwise) => Test::Clockwise(*clockwise),
        other => Test::General(Box::new(other.clone())),
    }
}

/// Whether a comparison of a count, as [`cmp_range`] gives it (`lo..=hi`,
/// or outside it when `negate`), holds for every count from 1 up and so
/// fails on an empty hole only.
fn fails_on_zero_only((lo, hi, negate): (u16, u16, bool)) -> bool {
    if negate {
        lo == 0 && hi == 0
    } else {
        lo <= 1 && hi == u16::MAX
    }
}

/// Comparisons of one hole's count, every one an interval, whose union is
/// one interval: a single [`Test::CountIn`].
fn count_in(parts: &[Test]) -> Option<Test> {
    let Some(Test::Count { slot: first, .. }) = parts.first() else { return None };
    let mut ranges = Vec::new();
    for p in parts {
        match p {
            Test::Count { slot, op, k } if slot == first => match cmp_range(*op, *k) {
                (lo, hi, false) => ranges.push((lo, hi)),
                _ => return None,
            },
            _ => return None,
        }
    }
    ranges.sort_unstable();
    let (lo, mut hi) = ranges[0];
    for &(l, h) in &ranges[1..] {
        if u32::from(l) > u32::from(hi) + 1 {
            return None;
        }
        hi = hi.max(h);
    }
    Some(Test::CountIn { slot: *first, lo, span: hi - lo })
}

/// Whether a compiled test reads the position alone, and every part of
/// it is compiled: it can be evaluated between moves.
fn positional(t: &Test) -> bool {
    match t {
        Test::True | Test::RowEmpty { .. } => true,
        Test::Compare { a, b, .. } => a.positional() && b.positional(),
        Test::All(parts) | Test::Any(parts) => parts.iter().all(positional),
        Test::Not(t) => positional(t),
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

/// The operands of a chain of `and`s (`or`s, when not `and`), compiled.
fn flatten(c: &Cond, and: bool, territory: bool, out: &mut Vec<Test>) {
    match c {
        Cond::And(a, b) if and => {
            flatten(a, and, territory, out);
            flatten(b, and, territory, out);
        }
        Cond::Or(a, b) if !and => {
            flatten(a, and, territory, out);
            flatten(b, and, territory, out);
        }
        other => out.push(test(other, territory)),
    }
}

/// The flat form of an action, if it has one (under `territory`, a
/// capture to a hole's owner has none: see [`test`]).
fn act(a: &Action, territory: bool) -> Option<Act> {
    match a {
        // A capture of some seeds only, or into a hand, is left to the general code.
        Action::Capture { at_most: Some(_), .. } | Action::Capture { to_hand: true, .. } => None,
        Action::Capture { hole, at_most: None, into: Some(into), .. } => {
            Some(Act::Pull { slot: slot(hole)?, into: slot(into)? })
        }
        Action::Capture { hole, to, at_most: None, into: None, .. } => {
            let to = match to {
                PlayerRef::Mover => Who::Mover,
                PlayerRef::Opponent => Who::Opponent,
                PlayerRef::Owner(_) if territory => return None,
                PlayerRef::Owner(h) => Who::Owner(slot(h)?),
                PlayerRef::Claimer(_) | PlayerRef::Starter | PlayerRef::Named(_) => return None,
            };
            Some(Act::Capture { slot: slot(hole)?, to })
        }
        Action::ExtraTurn { .. } => Some(Act::ExtraTurn),
        Action::Sweep { backward, from, while_, actions, .. } => sweep(*backward, from, while_, actions, territory),
        Action::Forfeit { when, .. } => Some(Act::Forfeit(test(when, territory))),
        Action::Claim { .. }
        | Action::If { .. }
        | Action::CaptureEvery { .. }
        | Action::Return { .. }
        | Action::Choose { .. }
        | Action::Mark { .. }
        | Action::ClearMark { .. }
        | Action::SetValue { .. } => None,
    }
}

/// The flat form of a sweep, if it has one: it starts on the mover's
/// track, and its condition and actions name holes only from `hole` (or
/// the origin), so that the visited place can stand for the landing;
/// its actions are captures and extra turns. (`territory`: see [`test`].)
fn sweep(backward: bool, from: &HoleRef, while_: &Cond, actions: &[Action], territory: bool) -> Option<Act> {
    use super::first_lap::{hole_reads, player_reads, reads_landing};
    let from = slot(from).filter(|s| s.on_track())?;
    let plain = |a: &Action| match a {
        Action::Capture { hole, to, into: None, to_hand: false, .. } => !hole_reads(hole) && !player_reads(to),
        Action::ExtraTurn { .. } => true,
        _ => false,
    };
    if reads_landing(while_) || !actions.iter().all(plain) {
        return None;
    }
    let acts = actions.iter().map(|a| act(a, territory)).collect::<Option<Box<[Act]>>>()?;
    let while_ = test(while_, territory);
    let quick = QuickSweep::of(&while_, &acts);
    Some(Act::Sweep(Box::new(Sweep { backward, from: from.base, while_, acts, quick })))
}

/// Trigger `i`'s actions, compiled if every one of them has a flat form
/// (and, with a `forfeit`, the board is narrow: the compiled form keeps a
/// narrow board's cells to restore, see `position.rs`).
fn body(i: usize, actions: &[Action], territory: bool, wide: bool) -> Body {
    match actions.iter().map(|a| act(a, territory)).collect::<Option<Box<[Act]>>>() {
        Some(acts) if acts.iter().any(|a| matches!(a, Act::Forfeit(_))) => {
            if wide {
                Body::Trigger(i)
            } else {
                Body::Undoable(acts)
            }
        }
        Some(acts) => Body::Acts(acts),
        None => Body::Trigger(i),
    }
}

/// Whether `t` reads only where its hole is (`hole in mover_row`, `hole
/// == store(mover)`), in `and`, `or` and `not`: it can be decided for
/// every cell when the machine is built.
fn by_place(t: &Test) -> bool {
    match t {
        Test::True => true,
        Test::InRow { slot, .. } | Test::Store { slot, .. } => slot.base == Base::Landing,
        Test::All(parts) | Test::Any(parts) => parts.iter().all(by_place),
        Test::Not(t) => by_place(t),
        _ => false,
    }
}

/// Whether `t` is false whenever the landing holds no seed: one of the
/// parts of its `and` is a count of the landing that 0 fails.
fn needs_seeds_at_landing(t: &Test) -> bool {
    const LANDING: Slot = Slot::at(Base::Landing);
    match t {
        Test::Count { slot: LANDING, op, k } => !op.holds(0, *k),
        Test::CountIn { slot: LANDING, lo, span } => 0u16.wrapping_sub(*lo) > *span,
        Test::All(parts) => parts.iter().any(needs_seeds_at_landing),
        _ => false,
    }
}

/// Whether the closing kernel sows rules whose holes close as they are
/// sown: every relay's condition needs seeds at the landing (a lap may end
/// in a closed hole, which holds none: the sowing then ends there),
/// every closing relay lifts its one hole and sows from it, and the
/// rules have no per-seed or per-lap rule (`on drop`, `on lap_end`,
/// `toll`: `other_rules`) and do not skip the origin.
fn closes_compiled(rules: &Ruleset, relays: &[Relay], other_rules: bool) -> bool {
    !other_rules
        && rules.sowing.toll.is_none()
        && rules.sowing.origin == OriginPolicy::Sown
        && relays.len() == rules.sowing.relays.len()
        && relays.iter().all(|r| needs_seeds_at_landing(&r.when) && (!r.closes || r.take.is_empty()))
}

/// The counts of the dropped hole for which `t` can hold, and whether it
/// holds for exactly those (`lo..=hi`); `None` if it can never hold.
fn count_range(t: &Test) -> Option<(u16, u16, bool)> {
    let (v, exact) = dropped_counts(t);
    (!v.is_empty()).then_some((v.lo as u16, v.hi as u16, exact && v.is_interval()))
}

/// The counts of the dropped hole for which `t` can hold, and whether it
/// holds for exactly those. (A hole just sown into can hold no seed: an
/// earlier drop rule may have captured it.)
fn dropped_counts(t: &Test) -> (Values, bool) {
    const DROPPED: (i64, i64) = (0, u16::MAX as i64);
    match t {
        Test::True => (Values::all(DROPPED.0, DROPPED.1), true),
        Test::Count { slot: Slot { base: Base::Landing, opposite: false, then: Map::Same }, op, k } => {
            (Values::compare(*op, *k, DROPPED), true)
        }
        Test::CountIn { slot: Slot { base: Base::Landing, opposite: false, then: Map::Same }, lo, span } => {
            (Values::all(i64::from(*lo), i64::from(*lo) + i64::from(*span)), true)
        }
        Test::All(parts) => parts.iter().fold((Values::all(DROPPED.0, DROPPED.1), true), |(v, exact), p| {
            let (w, e) = dropped_counts(p);
            // Where the meet has no exact form, `v` still holds every count that can pass.
            v.meet(w).map_or((v, false), |m| (m, exact && e))
        }),
        _ => (Values::all(DROPPED.0, DROPPED.1), false),
    }
}

impl Program {
    pub(super) fn new(rules: &Ruleset) -> Program {
        let territory = rules.territory();
        let wide = rules.board.cells() > crate::position::NARROW_CELLS;
        let relays: Option<Vec<Relay>> = rules.sowing.relays.iter().map(|r| relay(r, territory)).collect();
        // Every relay has a flat form (else the general code plays them all).
        let lifts_on_track = relays.is_some();
        let relays = relays.unwrap_or_default();
        // Every relay lifts one hole of the mover's track and sows from it.
        let plain = relays.iter().all(|r| r.take.is_empty());
        let mut drops = Vec::new();
        let mut ends = Vec::new();
        let mut lap_ends = Vec::new();
        for (i, t) in rules.triggers.iter().enumerate() {
            let when = test(&t.when, territory);
            let body = body(i, &t.actions, territory, wide);
            match t.event {
                Event::Drop { last_seed } => {
                    // A rule that can never hold is left out: conditions have no effects.
                    if let Some((lo, hi, exact)) = count_range(&when) {
                        drops.push(DropRule { last_seed, when, body, lo, hi, exact });
                    }
                }
                Event::SowingEnd => {
                    ends.push(EndRule { when, body, landing: [u64::MAX; 2], counts: [].into(), quick: None })
                }
                Event::LapEnd => {
                    lap_ends.push(EndRule { when, body, landing: [u64::MAX; 2], counts: [].into(), quick: None })
                }
                // The facts kernel runs `on move_start` rules with the general code.
                Event::MoveStart => {}
            }
        }
        let drop_lo = drops.iter().map(|d| d.lo).min().unwrap_or(0);
        let drop_hi = drops.iter().map(|d| d.hi).max().unwrap_or(0);
        const LANDING: Slot = Slot::at(Base::Landing);
        let simple_drop = match &drops[..] {
            [DropRule { exact: true, body: Body::Acts(acts), .. }] => match &acts[..] {
                [Act::Capture { slot: LANDING, to }] => {
                    let d = &drops[0];
                    let to = match to {
                        Who::Mover => Some(SimpleWho::Mover),
                        Who::Opponent => Some(SimpleWho::Opponent),
                        Who::Owner(LANDING) => Some(SimpleWho::Owner),
                        Who::Owner(_) => None,
                    };
                    to.map(|to| SimpleDrop { lo: d.lo, span: d.hi.wrapping_sub(d.lo), last_seed: d.last_seed, to })
                }
                _ => None,
            },
            _ => None,
        };
        let simple_relay = match &relays[..] {
            [Relay {
                when: Test::Count { slot: Slot { base, opposite: false, then: Map::Same }, op, k },
                start: lift,
                ..
            }] if plain => Some(SimpleRelay::new(*base, cmp_range(*op, *k), *lift)),
            _ => None,
        };
        let origin = Slot::at;
        let lift = test(&rules.moves.lift, territory);
        let lift_trivial = match &lift {
            Test::True => true,
            Test::Count { slot, op, k } if *slot == origin(Base::Origin) => fails_on_zero_only(cmp_range(*op, *k)),
            _ => false,
        };
        // (Raja Pasu's fours could be packed too, as a zero-byte test per
        // round of the track, but with its short hands that was slower than
        // the seed-by-seed kernel.)
        // Without relays a sowing is one lap, sown faster on the board as
        // it is than packed and unpacked again.
        let lap_relays = relays.iter().any(|r| r.turn.is_some() || r.far.is_some());
        let move_start = rules.triggers.iter().any(|t| t.event == Event::MoveStart);
        let toll = rules.sowing.toll.as_ref().map(|t| Payee::of(&t.to).map(|to| (t.seeds, to)));
        let closing = rules.sowing.closed_toll.is_some() || rules.sowing.relays.iter().any(|r| r.closes);
        let closed_toll = rules.sowing.closed_toll.as_ref().map(|ct| {
            let when = test(&ct.when, territory);
            let to = Payee::of(&ct.to).filter(|_| !territory && by_place(&when));
            to.map(|to| ClosedToll { to, when, takes: [0; 2] })
        });
        let mut why = rules.general_only.clone();
        if !lifts_on_track {
            why.push(
                "a relay names a hole with no compiled form, or sows its next lap from a hole off the mover's track",
            );
        }
        if matches!(toll, Some(None)) {
            why.push("a `toll` pays a player named through a hole");
        }
        if rules.lays_out() {
            why.push("a player lays out each round's board (`refill … chosen`): a layout is a move of its own");
        }
        if rules.moves.both_rows && (rules.board.own_circuits || rules.board.rows == 4) {
            // (The kernels sow on the mover's track, which holds no hole of the other circuit.)
            why.push("a player may lift from the other row (`lift from both_rows`) where each sows their own circuit");
        }
        if matches!(closed_toll, Some(None)) {
            why.push("a `closed_toll` pays a player named through a hole, or its condition reads more than where the hole is");
        }
        if closing && !closes_compiled(rules, &relays, !drops.is_empty() || !lap_ends.is_empty()) {
            why.push(
                "holes close as they are sown (`relay … closing`, `closed_toll`) with `on drop`, `on lap_end`, \
                 `toll` or `origin skipped`, a closing relay lifting more than one hole, or a relay that may \
                 fire on an empty landing",
            );
        }
        if closing && lap_relays {
            why.push("holes close as they are sown (`relay … closing`, `closed_toll`) where a relay turns the sowing or starts afar");
        }
        let facts = rules.reads_lifted
            || rules.reads_before
            || rules.counts_turns
            || rules.reads_starter
            || rules.reads_lap
            || lap_relays
            || move_start
            || !lap_ends.is_empty()
            || toll.is_some()
            || closing;
        let packed = match simple_relay {
            _ if !drops.is_empty() || rules.total_seeds() > 255 || facts => None,
            Some(r) => Some(r),
            None => None,
        };
        let simple_end = match &ends[..] {
            [EndRule { when: Test::Count { slot, op, k }, body: Body::Acts(acts), .. }] => match &acts[..] {
                [Act::Capture { slot: hole, to }] => {
                    let (lo, hi, negate) = cmp_range(*op, *k);
                    let takes_tested = match to {
                        _ if hole != slot => None,
                        Who::Mover => Some(SimpleWho::Mover),
                        Who::Opponent => Some(SimpleWho::Opponent),
                        Who::Owner(s) if s == slot => Some(SimpleWho::Owner),
                        Who::Owner(_) => None,
                    };
                    // Taking the hole tested, a test that fails on no count but 0
                    // (Raja Pasu's `count(after) > 0`) fails only where the take
                    // takes nothing: it is compiled as always holding, and the
                    // kernels take with a branch always taken, not one that
                    // half of Raja Pasu's sowings took and half did not.
                    let (lo, hi, negate) = if takes_tested.is_some() && fails_on_zero_only((lo, hi, negate)) {
                        (0, u16::MAX, false)
                    } else {
                        (lo, hi, negate)
                    };
                    let span = hi.wrapping_sub(lo);
                    let test_on_track = slot.on_track() && slot.base != Base::Origin;
                    Some(SimpleEnd { test: *slot, lo, span, negate, hole: *hole, to: *to, takes_tested, test_on_track })
                }
                _ => None,
            },
            _ => None,
        };
        let skip_origin = rules.sowing.origin != OriginPolicy::Sown;
        let over = rules.end.over.as_ref().map(|o| test(&o.when, territory)).filter(positional);
        let duty = rules.moves.must_leave.as_ref().map(|d| test(&d.before, territory)).filter(positional);
        Program {
            simple_end,
            // (The packed and simple kernels sow laps in bulk, always.)
            packed: packed.filter(|_| !skip_origin),
            simple_relay,
            lift_trivial,
            lift_landing: super::first_lap::reads_landing(&rules.moves.lift),
            skip_origin,
            skip_lap_start: rules.sowing.origin == OriginPolicy::LapSkipped,
            no_compiled_form: why,
            facts,
            lap_relays,
            move_start,
            lap_ends: lap_ends.into_boxed_slice(),
            toll: toll.flatten(),
            closing,
            closed_toll: closed_toll.flatten(),
            first_seed: rules.sowing.first_seed,
            lap_limit: rules.moves.lap_limit,
            lift,
            relays: relays.into_boxed_slice(),
            drops: drops.into_boxed_slice(),
            drop_lo,
            drop_hi,
            simple_drop,
            ends: ends.into_boxed_slice(),
            ends_landing: [u64::MAX; 2],
            ends_gate: None,
            over_table: over.as_ref().and_then(|t| Table::of(t, rules.total_seeds())),
            duty_table: duty.as_ref().and_then(|t| Table::of(t, rules.total_seeds())),
            over,
            duty,
        }
    }
}

impl crate::machine::Machine {
    /// `mover`'s track with the holes of `closed` closed, laid out against
    /// the rules' direction when `reverse`.
    pub(super) fn build_track(&self, mover: Player, reverse: bool, closed: u64) -> Track {
        let next = if reverse { &self.prev } else { &self.next };
        Track::build(&next[mover.index()], self.track_start[mover.index()], self.cells, closed, reverse)
    }

    /// The cell maps of every [`Slot`] shape, indexed by [`Slot::table`]:
    /// the cell itself or the one facing it, then the cell itself or its
    /// `mirror`, `inner` or `outer` hole, read off the general evaluator's
    /// own reading of those holes.
    pub(super) fn cell_maps(&self) -> [[u8; MAX_CELLS]; 8] {
        let pos = crate::position::Position {
            cells: [0; MAX_CELLS],
            game: self.rules.game,
            reserve: [0; 2],
            closed: 0,
            claimed: [0; 2],
            to_move: None,
            round: 1,
            result: None,
            legal: 0,
            chosen: false,
            places: false,
            border: 0,
            wins: [0; 2],
            north_opened: false,
            seen: None,
            previous: None,
            turns_played: 0,
            extra_turns: 0,
            memory: None,
        };
        let mut maps = [[0; MAX_CELLS]; 8];
        for (k, map) in maps.iter_mut().enumerate() {
            for c in 0..self.cells {
                let c0 = if k >= 4 { self.opposite[usize::from(c)] } else { c };
                let o = Box::new(HoleRef::Origin);
                let h = match k % 4 {
                    0 => HoleRef::Origin,
                    1 => HoleRef::Mirror(o),
                    2 => HoleRef::Inner(o),
                    _ => HoleRef::Outer(o),
                };
                map[usize::from(c)] = self.hole(&h, &pos, &Ctx::at(Player::South, c0));
            }
        }
        maps
    }

    /// The tracks of both players, both ways, with the holes of `closed`
    /// closed, as [`track_index`] orders them.
    pub(super) fn build_tracks(&self, closed: u64) -> [Track; 4] {
        [0, 1, 2, 3].map(|k| self.build_track(Player::BOTH[k % 2], k >= 2, closed))
    }

    /// `tracks` ([`Machine::build_tracks`]'s) rebuilt in place for `closed`.
    pub(super) fn rebuild_tracks(&self, closed: u64, tracks: &mut [Track; 4]) {
        for (k, t) in tracks.iter_mut().enumerate() {
            let (mover, reverse) = (Player::BOTH[k % 2], k >= 2);
            let next = if reverse { &self.prev } else { &self.next };
            t.rebuild(&next[mover.index()], self.track_start[mover.index()], self.cells, closed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Act, Base, Body, Program, Test};

    fn program(path: &str) -> Program {
        let src = std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).expect("bundled");
        Program::new(&crate::check(&src).expect("checks"))
    }

    /// Oware's capture (`rules/oware_openspiel.rules`): the 2s and 3s
    /// swept backward from the landing, undone by the grand-slam forfeit,
    /// all compiled; `count(…) == 2 or count(…) == 3` is one range test.
    #[test]
    fn oware_sweep_and_forfeit_compile() {
        let p = program("rules/oware_openspiel.rules");
        let [end] = &p.ends[..] else { panic!("one sowing-end rule") };
        let Test::All(parts) = &end.when else { panic!("`and`: {:?}", end.when) };
        assert!(matches!(parts[1], Test::CountIn { lo: 2, span: 1, .. }), "{:?}", parts[1]);
        let Body::Undoable(acts) = &end.body else { panic!("a forfeit: {:?}", end.body) };
        let [Act::Sweep(sweep), Act::Forfeit(Test::RowEmpty { mover: false, empty: true })] = &acts[..] else {
            panic!("a sweep, then the forfeit: {acts:?}")
        };
        assert!(sweep.backward);
        assert_eq!(sweep.from, Base::Landing);
        assert!(matches!(&sweep.acts[..], [Act::Capture { .. }]));
        let quick = sweep.quick.expect("a quick sweep");
        assert_eq!((quick.lo, quick.span, quick.mover), (2, 1, true));
        assert!(quick.row.is_some());
    }

    /// A sweep whose condition names the landing (not only `hole`) stays
    /// with the general code: the visited place stands for the landing.
    #[test]
    fn a_sweep_reading_the_landing_is_not_compiled() {
        let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/oware_openspiel.rules"))
            .expect("bundled")
            .replace("while hole in opponent_row", "while landing in opponent_row and hole in opponent_row");
        let p = Program::new(&crate::check(&src).expect("checks"));
        assert!(matches!(p.ends[0].body, Body::Trigger(_)), "{:?}", p.ends[0].body);
    }
}
