//! Lowering for speed: the parts of a [`Ruleset`] that run on every seed,
//! lap or candidate move (relay rules, `on drop` rules, `on sowing_end`
//! rules, the `lift` condition) compiled into flat forms, and each player's
//! sowing track laid out as an array in track order.
//!
//! The fast kernel (`fast.rs`) runs on these; the tree-walking evaluator
//! (`eval.rs`) and the general sowing (`sow.rs`) stay the definition, serve
//! traced moves, and evaluate whatever part of a rule has no flat form
//! ([`Test::General`], [`Body::Trigger`]). The two must agree exactly: a
//! unit test in `fast.rs` compares them on every candidate of many random
//! games of every rules file.

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

/// A hole a compiled rule names: a [`Base`], or the hole facing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slot {
    pub base: Base,
    pub opposite: bool,
}

/// A compiled condition.
#[derive(Clone, Debug)]
pub(super) enum Test {
    /// Always.
    True,
    /// `count(slot) op k`.
    Count { slot: Slot, op: CmpOp, k: i64 },
    /// `slot in mover_row` / `opponent_row`.
    InRow { slot: Slot, row: RowRef },
    /// Every one of these (evaluated in order, stopping at the first false).
    All(Box<[Test]>),
    /// Anything else: evaluated by the tree walker.
    General(Cond),
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
    /// `extra_turn`.
    ExtraTurn,
}

/// What a rule does when it fires.
#[derive(Clone, Debug)]
pub(super) enum Body {
    /// Compiled actions.
    Acts(Box<[Act]>),
    /// Trigger `i` of the rules, run by the general code (claims, sweeps,
    /// forfeits, and holes or players with no flat form).
    Trigger(usize),
}

/// A compiled `relay lift … when …`.
#[derive(Clone, Debug)]
pub(super) struct Relay {
    pub when: Test,
    /// The hole lifted: always on the mover's track.
    pub lift: Base,
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
    pub when: Test,
    pub body: Body,
}

/// The lowered rules the fast kernel runs.
#[derive(Clone, Debug)]
pub(super) struct Program {
    /// Why the compiled kernels cannot play these rules, if they cannot
    /// (every sowing then goes through the general code).
    pub no_compiled_form: Option<&'static str>,
    /// Where each lap's first seed goes.
    pub first_seed: FirstSeed,
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
    /// The packed kernel applies (on a short enough track): no drop rule,
    /// at most 255 seeds, and this relay (one that never relays if there
    /// is no relay rule).
    pub packed: Option<SimpleRelay>,
    pub ends: Box<[EndRule]>,
}

/// `on drop [including|excluding] last when count(hole) OP k { capture hole
/// to WHO }` with a single comparison: a drop that brings the hole into
/// `lo..=hi` gives its seeds to `to`.
#[derive(Clone, Copy, Debug)]
pub(super) struct SimpleDrop {
    pub lo: u16,
    pub hi: u16,
    pub last_seed: bool,
    pub to: SimpleWho,
}

/// `relay lift LIFT when count(HOLE) OP k` as the only relay rule, with
/// `HOLE` and `LIFT` on the mover's track: it relays when the count of
/// `test` is in `lo..=hi` (not in it, when `negate`).
#[derive(Clone, Copy, Debug)]
pub(super) struct SimpleRelay {
    pub test: Base,
    pub lo: u16,
    pub hi: u16,
    pub negate: bool,
    pub lift: Base,
}

/// `on sowing_end when count(TEST) OP k { capture HOLE to WHO }` as the only
/// sowing-end rule: when the count of `test` is in `lo..=hi` (not in it,
/// when `negate`), the seeds of `hole` go to `to`.
#[derive(Clone, Copy, Debug)]
pub(super) struct SimpleEnd {
    pub test: Slot,
    pub lo: u16,
    pub hi: u16,
    pub negate: bool,
    pub hole: Slot,
    pub to: Who,
}

/// The counts for which `count OP k` holds: `lo..=hi`, or all but those
/// when the flag is set.
fn cmp_range(op: CmpOp, k: i64) -> (u16, u16, bool) {
    let max = i64::from(u16::MAX);
    let (lo, hi, negate) = match op {
        CmpOp::Eq => (k, k, false),
        CmpOp::Ne => (k, k, true),
        CmpOp::Lt => (0, k - 1, false),
        CmpOp::Le => (0, k, false),
        CmpOp::Gt => (k + 1, max, false),
        CmpOp::Ge => (k, max, false),
    };
    let (lo, hi) = (lo.max(0), hi.min(max));
    if lo > hi {
        // Empty: never (or, negated, always).
        (0, u16::MAX, !negate)
    } else {
        (lo as u16, hi as u16, negate)
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
}

/// Room in `Track::order`.
const ORDER: usize = 3 * MAX_CELLS + 2;

/// Not on the track.
pub(super) const NONE: u8 = u8::MAX;

impl Track {
    /// The open cells of the cycle `next`, followed from cell 0 (a hole,
    /// on every player's track); `cells` is the machine's number of cells.
    pub(super) fn build(next: &[u8; MAX_CELLS], start: u8, cells: u8, closed: u64) -> Track {
        let mut t = Track { order: [0; ORDER], rank: [NONE; MAX_CELLS], len: 0, identity: false };
        let mut c = start;
        let mut n = 0usize;
        loop {
            if closed & (1 << c) == 0 {
                t.order[n] = c;
                t.rank[usize::from(c)] = n as u8;
                n += 1;
            }
            c = next[usize::from(c)];
            if c == start || n == MAX_CELLS {
                break;
            }
        }
        for i in n..3 * n + 2 {
            t.order[i] = t.order[i - n];
        }
        t.len = n as u8;
        t.identity = n == usize::from(cells) && (0..n).all(|i| usize::from(t.order[i]) == i);
        t
    }
}

fn slot(h: &HoleRef) -> Option<Slot> {
    let base = |base| Some(Slot { base, opposite: false });
    match h {
        HoleRef::Origin => base(Base::Origin),
        HoleRef::Landing | HoleRef::Dropped => base(Base::Landing),
        HoleRef::Next => base(Base::Next),
        HoleRef::After => base(Base::After),
        HoleRef::Opposite(x) => match slot(x)? {
            Slot { base, opposite: false } => Some(Slot { base, opposite: true }),
            _ => None,
        },
        HoleRef::Store(_)
        | HoleRef::NextOf(_)
        | HoleRef::PrevOf(_)
        | HoleRef::Mirror(_)
        | HoleRef::Inner(_)
        | HoleRef::Outer(_) => None,
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

fn test(c: &Cond) -> Test {
    match c {
        Cond::True => Test::True,
        Cond::Compare(Num::Count(h), op, Num::Lit(k)) if slot(h).is_some() => {
            Test::Count { slot: slot(h).unwrap(), op: *op, k: *k }
        }
        Cond::Compare(Num::Lit(k), op, Num::Count(h)) if slot(h).is_some() => {
            Test::Count { slot: slot(h).unwrap(), op: flip(*op), k: *k }
        }
        Cond::InRow(h, row @ (RowRef::Mover | RowRef::Opponent)) if slot(h).is_some() => {
            Test::InRow { slot: slot(h).unwrap(), row: *row }
        }
        Cond::And(..) => {
            let mut parts = Vec::new();
            flatten_and(c, &mut parts);
            Test::All(parts.into_boxed_slice())
        }
        other => Test::General(other.clone()),
    }
}

fn flatten_and(c: &Cond, out: &mut Vec<Test>) {
    match c {
        Cond::And(a, b) => {
            flatten_and(a, out);
            flatten_and(b, out);
        }
        other => out.push(test(other)),
    }
}

/// The flat form of an action, if it has one.
fn act(a: &Action) -> Option<Act> {
    match a {
        Action::Capture { hole, to, .. } => {
            let to = match to {
                PlayerRef::Mover => Who::Mover,
                PlayerRef::Opponent => Who::Opponent,
                PlayerRef::Owner(h) => Who::Owner(slot(h)?),
                PlayerRef::Claimer(_) => return None,
            };
            Some(Act::Capture { slot: slot(hole)?, to })
        }
        Action::ExtraTurn { .. } => Some(Act::ExtraTurn),
        Action::Claim { .. }
        | Action::Sweep { .. }
        | Action::Forfeit { .. }
        | Action::If { .. }
        | Action::CaptureEvery { .. } => None,
    }
}

/// Trigger `i`'s actions, compiled if every one of them has a flat form.
fn body(i: usize, actions: &[Action]) -> Body {
    match actions.iter().map(act).collect::<Option<Box<[Act]>>>() {
        Some(acts) => Body::Acts(acts),
        None => Body::Trigger(i),
    }
}

/// The counts of the dropped hole for which `t` can hold, and whether it
/// holds for exactly those; `None` if it can never hold.
fn count_range(t: &Test) -> Option<(u16, u16, bool)> {
    const ALL: (u16, u16, bool) = (0, u16::MAX, false);
    match t {
        Test::True => Some((0, u16::MAX, true)),
        Test::Count { slot: Slot { base: Base::Landing, opposite: false }, op, k } => {
            let max = i64::from(u16::MAX);
            let (lo, hi) = match op {
                CmpOp::Eq => (*k, *k),
                CmpOp::Ne => return Some(ALL),
                CmpOp::Lt => (0, k - 1),
                CmpOp::Le => (0, *k),
                CmpOp::Gt => (k + 1, max),
                CmpOp::Ge => (*k, max),
            };
            let (lo, hi) = (lo.max(0), hi.min(max));
            (lo <= hi).then_some((lo as u16, hi as u16, true))
        }
        Test::All(parts) => {
            let mut acc = (0, u16::MAX, true);
            for p in parts.iter() {
                let (lo, hi, exact) = count_range(p)?;
                acc = (acc.0.max(lo), acc.1.min(hi), acc.2 && exact);
                if acc.0 > acc.1 {
                    return None;
                }
            }
            Some(acc)
        }
        _ => Some(ALL),
    }
}

impl Program {
    pub(super) fn new(rules: &Ruleset) -> Program {
        let relays: Vec<Relay> = rules
            .sowing
            .relays
            .iter()
            .map(|r| Relay {
                when: test(&r.when),
                lift: match slot(&r.lift) {
                    Some(Slot { base, opposite: false }) => base,
                    // Lifting a hole off the mover's track: general code only.
                    _ => Base::Origin,
                },
            })
            .collect();
        let lifts_on_track = rules
            .sowing
            .relays
            .iter()
            .all(|r| r.also.is_empty() && r.from.is_none() && matches!(slot(&r.lift), Some(s) if !s.opposite));
        let mut drops = Vec::new();
        let mut ends = Vec::new();
        for (i, t) in rules.triggers.iter().enumerate() {
            let when = test(&t.when);
            let body = body(i, &t.actions);
            match t.event {
                Event::Drop { last_seed } => {
                    // A rule that can never hold is left out: conditions have no effects.
                    if let Some((lo, hi, exact)) = count_range(&when) {
                        drops.push(DropRule { last_seed, when, body, lo, hi, exact });
                    }
                }
                Event::SowingEnd => ends.push(EndRule { when, body }),
            }
        }
        let drop_lo = drops.iter().map(|d| d.lo).min().unwrap_or(0);
        let drop_hi = drops.iter().map(|d| d.hi).max().unwrap_or(0);
        const LANDING: Slot = Slot { base: Base::Landing, opposite: false };
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
                    to.map(|to| SimpleDrop { lo: d.lo, hi: d.hi, last_seed: d.last_seed, to })
                }
                _ => None,
            },
            _ => None,
        };
        let simple_relay = match &relays[..] {
            [Relay { when: Test::Count { slot: Slot { base, opposite: false }, op, k }, lift }] if lifts_on_track => {
                let (lo, hi, negate) = cmp_range(*op, *k);
                Some(SimpleRelay { test: *base, lo, hi, negate, lift: *lift })
            }
            _ => None,
        };
        let origin = |base| Slot { base, opposite: false };
        let lift = test(&rules.moves.lift);
        let lift_trivial = match &lift {
            Test::True => true,
            Test::Count { slot, op, k } if *slot == origin(Base::Origin) => {
                let (lo, hi, negate) = cmp_range(*op, *k);
                // Holds for every count from 1 up.
                (!negate && lo <= 1 && hi == u16::MAX) || (negate && lo == 0 && hi == 0)
            }
            _ => false,
        };
        let never = SimpleRelay { test: Base::Landing, lo: 0, hi: u16::MAX, negate: true, lift: Base::Landing };
        // (Raja Pasu's fours could be packed too, as a zero-byte test per
        // round of the track, but with its short hands that was slower than
        // the seed-by-seed kernel.)
        let packed = match simple_relay {
            _ if !drops.is_empty() || rules.total_seeds() > 255 => None,
            Some(r) => Some(r),
            None if relays.is_empty() => Some(never),
            None => None,
        };
        let simple_end = match &ends[..] {
            [EndRule { when: Test::Count { slot, op, k }, body: Body::Acts(acts) }] => match &acts[..] {
                [Act::Capture { slot: hole, to }] => {
                    let (lo, hi, negate) = cmp_range(*op, *k);
                    Some(SimpleEnd { test: *slot, lo, hi, negate, hole: *hole, to: *to })
                }
                _ => None,
            },
            _ => None,
        };
        Program {
            simple_end,
            packed,
            simple_relay,
            lift_trivial,
            no_compiled_form: if rules.sowing.origin != OriginPolicy::Sown {
                Some("`origin skipped` has no compiled form")
            } else if !lifts_on_track {
                Some("a relay lifts a hole off the mover's track, several holes, or sows from another hole")
            } else {
                None
            },
            first_seed: rules.sowing.first_seed,
            lap_limit: rules.moves.lap_limit,
            lift,
            relays: relays.into_boxed_slice(),
            drops: drops.into_boxed_slice(),
            drop_lo,
            drop_hi,
            simple_drop,
            ends: ends.into_boxed_slice(),
        }
    }
}

impl crate::machine::Machine {
    /// `mover`'s track with the holes of `closed` closed.
    pub(super) fn build_track(&self, mover: Player, closed: u64) -> Track {
        Track::build(&self.next[mover.index()], self.track_start[mover.index()], self.cells, closed)
    }
}
