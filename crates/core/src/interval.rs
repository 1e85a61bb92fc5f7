//! The one interval analysis of comparisons: which values of a number make
//! `x OP k` true, within the values the number can take. The checker uses
//! it to spot conditions that can never hold (`check/expr.rs`), lowering to
//! compile comparisons into range tests and to skip drop rules that cannot
//! fire (`machine/lower.rs`); `!=` is read the same way by both: every
//! value of the domain but one.

use crate::rules::CmpOp;

/// A set of integers: `lo..=hi`, without `except` when it is set (and then
/// strictly inside, so that an interval is always written as one). Empty
/// when `lo > hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Values {
    /// The least value (when not empty).
    pub lo: i64,
    /// The greatest value (when not empty).
    pub hi: i64,
    /// A value strictly between `lo` and `hi` left out.
    pub except: Option<i64>,
}

impl Values {
    /// Every value of `lo..=hi`.
    pub(crate) const fn all(lo: i64, hi: i64) -> Values {
        Values { lo, hi, except: None }
    }

    /// No value.
    pub(crate) const NONE: Values = Values { lo: 1, hi: 0, except: None };

    /// The values `x` of `lo..=hi` for which `x op k` holds.
    pub(crate) fn compare(op: CmpOp, k: i64, (lo, hi): (i64, i64)) -> Values {
        let domain = Values::all(lo, hi);
        let (lo, hi) = match op {
            CmpOp::Eq => (k, k),
            CmpOp::Lt => (i64::MIN, k.saturating_sub(1)),
            CmpOp::Le => (i64::MIN, k),
            CmpOp::Gt => (k.saturating_add(1), i64::MAX),
            CmpOp::Ge => (k, i64::MAX),
            CmpOp::Ne => return domain.without(k).expect("an interval has room for one value left out"),
        };
        domain.meet(Values::all(lo, hi)).expect("two intervals meet in an interval")
    }

    /// Whether no value is in the set.
    pub(crate) fn is_empty(self) -> bool {
        self.lo > self.hi
    }

    /// Whether the set is exactly `lo..=hi` (or empty).
    pub(crate) fn is_interval(self) -> bool {
        self.except.is_none()
    }

    /// Whether `v` is in the set.
    pub(crate) fn contains(self, v: i64) -> bool {
        self.lo <= v && v <= self.hi && self.except != Some(v)
    }

    /// The set without `v`; `None` if that set is not of this form (a
    /// second value inside left out).
    pub(crate) fn without(self, v: i64) -> Option<Values> {
        Some(if !self.contains(v) {
            self
        } else if v == self.lo && v == self.hi {
            Values::NONE
        } else if v == self.lo {
            Values { lo: v + 1, ..self }.tidy()?
        } else if v == self.hi {
            Values { hi: v - 1, ..self }.tidy()?
        } else if self.except.is_none() {
            Values { except: Some(v), ..self }
        } else {
            return None;
        })
    }

    /// The values in both sets; `None` if that set is not of this form.
    pub(crate) fn meet(self, other: Values) -> Option<Values> {
        let mut out = Values::all(self.lo.max(other.lo), self.hi.min(other.hi));
        for e in [self.except, other.except].into_iter().flatten() {
            out = out.without(e)?;
        }
        Some(out)
    }

    /// `except` moved to the end it now touches, if any.
    fn tidy(self) -> Option<Values> {
        match self.except {
            Some(e) if e == self.lo || e == self.hi => Values { except: None, ..self }.without(e),
            _ => Some(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COUNTS: (i64, i64) = (0, 100);

    /// Every operator against the values worked out by hand.
    #[test]
    fn comparisons_read_by_hand() {
        let of = |op, k| Values::compare(op, k, COUNTS);
        assert_eq!(of(CmpOp::Eq, 3), Values::all(3, 3));
        assert_eq!(of(CmpOp::Lt, 3), Values::all(0, 2));
        assert_eq!(of(CmpOp::Le, 3), Values::all(0, 3));
        assert_eq!(of(CmpOp::Gt, 3), Values::all(4, 100));
        assert_eq!(of(CmpOp::Ge, 3), Values::all(3, 100));
        assert_eq!(of(CmpOp::Ne, 3), Values { lo: 0, hi: 100, except: Some(3) });
        // `!=` at an end of the domain is an interval.
        assert_eq!(of(CmpOp::Ne, 0), Values::all(1, 100));
        assert_eq!(of(CmpOp::Ne, 100), Values::all(0, 99));
        // Outside the domain: everything, or nothing.
        assert_eq!(of(CmpOp::Ne, -1), Values::all(0, 100));
        assert!(of(CmpOp::Lt, 0).is_empty());
        assert!(of(CmpOp::Eq, 101).is_empty());
        assert!(Values::compare(CmpOp::Ne, 5, (5, 5)).is_empty());
    }

    #[test]
    fn meets_keep_what_both_allow() {
        let ne3 = Values::compare(CmpOp::Ne, 3, COUNTS);
        assert_eq!(ne3.meet(Values::all(3, 10)), Some(Values::all(4, 10)));
        assert_eq!(ne3.meet(Values::all(0, 3)), Some(Values::all(0, 2)));
        assert!(ne3.meet(Values::all(3, 3)).unwrap().is_empty());
        assert_eq!(ne3.meet(Values::all(2, 4)), Some(Values { lo: 2, hi: 4, except: Some(3) }));
        // Two values left out inside: not a set of this form.
        let ne5 = Values::compare(CmpOp::Ne, 5, COUNTS);
        assert_eq!(ne3.meet(ne5), None);
        // Unless they are at the ends: 3..=5 without 3 and 5 is 4.
        assert_eq!(Values::all(3, 5).meet(ne3).and_then(|v| v.meet(ne5)), Some(Values::all(4, 4)));
        // A value left out moves to an end that reaches it: 2..=4 without 3, then without 2, is 4.
        assert_eq!(Values { lo: 2, hi: 4, except: Some(3) }.without(2), Some(Values::all(4, 4)));
    }

    /// `contains` agrees with the comparison itself on every value near `k`.
    #[test]
    fn sets_hold_exactly_the_values_that_compare_true() {
        for op in [CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge] {
            for k in -2..=102 {
                let set = Values::compare(op, k, COUNTS);
                for v in 0..=100 {
                    assert_eq!(set.contains(v), op.holds(v, k), "{v} {op:?} {k}");
                }
            }
        }
    }
}
