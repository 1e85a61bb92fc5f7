//! Checked conditions written back as rules-file text, so that a trace can
//! quote the part of a condition that decided a rule (`trace --why`).
//!
//! The text is canonical, not the author's: `count(landing)>1` reads back
//! as `count(landing) > 1`, and parentheses appear only where they are needed.

use crate::rules::{CmpOp, Cond, HoleRef, Num, PlayerRef, RowRef};
use std::fmt;

impl fmt::Display for CmpOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        })
    }
}

impl fmt::Display for HoleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, of) = match self {
            HoleRef::Origin => return f.write_str("origin"),
            HoleRef::Landing => return f.write_str("landing"),
            HoleRef::Next => return f.write_str("next"),
            HoleRef::After => return f.write_str("after"),
            HoleRef::Dropped => return f.write_str("hole"),
            HoleRef::LapOrigin => return f.write_str("lap_origin"),
            HoleRef::PreviousOrigin => return f.write_str("previous_origin"),
            HoleRef::Store(p) => return write!(f, "store({p})"),
            HoleRef::Numbered(p, n) => return write!(f, "hole({p}, {n})"),
            HoleRef::Counted(p, n) => return write!(f, "hole({p}, {n})"),
            HoleRef::Opposite(h) => ("opposite", h),
            HoleRef::NextOf(h) => ("next", h),
            HoleRef::PrevOf(h) => ("prev", h),
            HoleRef::Mirror(h) => ("mirror", h),
            HoleRef::Inner(h) => ("inner", h),
            HoleRef::Outer(h) => ("outer", h),
        };
        write!(f, "{name}({of})")
    }
}

impl fmt::Display for PlayerRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerRef::Mover => f.write_str("mover"),
            PlayerRef::Opponent => f.write_str("opponent"),
            PlayerRef::Starter => f.write_str("starter"),
            PlayerRef::Owner(h) => write!(f, "owner({h})"),
            PlayerRef::Claimer(h) => write!(f, "claimer({h})"),
            PlayerRef::Named(p) => write!(f, "{}", p.name()),
        }
    }
}

impl fmt::Display for RowRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whose, part) = match self {
            RowRef::Mover => ("mover", ""),
            RowRef::Opponent => ("opponent", ""),
            RowRef::Part { mover, inner } => {
                (if *mover { "mover" } else { "opponent" }, if *inner { "_inner" } else { "_outer" })
            }
        };
        write!(f, "{whose}{part}_row")
    }
}

/// `n`, in parentheses when it is a sum or difference (the operand of `%`,
/// or the right operand of `-`).
struct Grouped<'a>(&'a Num);

impl fmt::Display for Grouped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Num::Add(..) | Num::Sub(..) => write!(f, "({})", self.0),
            n => write!(f, "{n}"),
        }
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Lit(v) => write!(f, "{v}"),
            Num::Count(h) => write!(f, "count({h})"),
            Num::Laps => f.write_str("laps"),
            Num::Lifted => f.write_str("lifted"),
            Num::LapCaptures => f.write_str("lap_captures"),
            Num::Add(a, b) => write!(f, "{a} + {}", Grouped(b)),
            Num::Sub(a, b) => write!(f, "{a} - {}", Grouped(b)),
            Num::Rem(a, d) => write!(f, "{} % {d}", Grouped(a)),
            Num::Total(row) => write!(f, "total({row})"),
            Num::TotalBefore(row) => write!(f, "total_before({row})"),
            Num::Captured(p) => write!(f, "captured({p})"),
            Num::Hand(p) => write!(f, "hand({p})"),
            Num::Index(h) => write!(f, "index({h})"),
            Num::Claims(p) => write!(f, "claims({p})"),
            Num::ClaimedSeeds(p) => write!(f, "claimed_seeds({p})"),
            Num::Holes(row, c) => write!(f, "holes({row}, {c})"),
            Num::PreviousLifted => f.write_str("previous_lifted"),
            Num::TurnsPlayed => f.write_str("turns_played"),
            Num::ExtraTurns => f.write_str("extra_turns"),
            Num::Round => f.write_str("round"),
            Num::Value(v, None) => f.write_str(&v.name),
            Num::Value(v, Some(p)) => write!(f, "{}({p})", v.name),
        }
    }
}

/// A condition as an operand of `and`, `or` or `not`: in parentheses when
/// it binds less tightly than `outer`.
struct Operand<'a> {
    cond: &'a Cond,
    /// Whether the operand is under `not` or `and` (so an `or` needs parentheses).
    tight: bool,
}

impl fmt::Display for Operand<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cond {
            Cond::Or(..) if self.tight => write!(f, "({})", self.cond),
            Cond::And(..) if self.tight => write!(f, "({})", self.cond),
            c => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for Cond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cond::True => f.write_str("true"),
            Cond::Not(x) => write!(f, "not {}", Operand { cond: x, tight: true }),
            Cond::And(a, b) => {
                let tight = |c| Operand { cond: c, tight: matches!(c, Cond::Or(..)) };
                write!(f, "{} and {}", tight(a), tight(b))
            }
            Cond::Or(a, b) => {
                write!(f, "{} or {}", Operand { cond: a, tight: false }, Operand { cond: b, tight: false })
            }
            Cond::Compare(a, op, b) => write!(f, "{a} {op} {b}"),
            Cond::SameHole(a, b, equal) => write!(f, "{a} {} {b}", if *equal { "==" } else { "!=" }),
            Cond::InRow(h, row) => write!(f, "{h} in {row}"),
            Cond::Claimed(h) => write!(f, "claimed({h})"),
            Cond::Marked(mark, h) => write!(f, "{}({h})", mark.name),
            Cond::LastMove { hole, player, landing, equal } => {
                let (op, last) = (if *equal { "==" } else { "!=" }, if *landing { "landing" } else { "origin" });
                write!(f, "{hole} {op} last_{last}({player})")
            }
            Cond::Capturing => f.write_str("capturing"),
            Cond::Sense(clockwise) => f.write_str(if *clockwise { "clockwise" } else { "counterclockwise" }),
            Cond::PreviousSense(clockwise) => {
                f.write_str(if *clockwise { "previous_clockwise" } else { "previous_counterclockwise" })
            }
            Cond::SamePlayer(a, b, equal) => write!(f, "{a} {} {b}", if *equal { "==" } else { "!=" }),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Cond;

    /// The relay condition of a small rules file, checked.
    fn relay_condition(cond: &str) -> Cond {
        let source = r#"game "t" {
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
    relay lift landing when COND
  }
  moves {
    lift when count(origin) > 0
    endless after 10 laps illegal
  }
  end {
    no_moves remaining to owner
    winner most_captured
  }
}
"#
        .replace("COND", cond);
        let rules = crate::check(&source).unwrap_or_else(|d| panic!("{source}\n{d:?}"));
        rules.sowing().relays[0].when.clone()
    }

    #[test]
    fn conditions_read_back_as_they_are_written() {
        for text in [
            "count(landing) > 1",
            "count(landing) + count(next) == 4",
            "(count(landing) + 1) % 2 == 0",
            "count(landing) - (laps + 1) >= 0",
            "total_before(opponent_row) > total(opponent_row)",
            "landing in opponent_row and not claimed(opposite(landing))",
            "(landing != origin or laps < 3) and count(store(owner(landing))) <= total(mover_row)",
            "not (count(landing) == 1 and landing in mover_row)",
            "captured(opponent) < claims(claimer(next(landing))) + index(prev(after))",
            "clockwise and landing == hole(opponent, 3) or counterclockwise",
        ] {
            assert_eq!(relay_condition(text).to_string(), text);
        }
    }

    #[test]
    fn parentheses_the_author_did_not_need_are_left_out() {
        assert_eq!(
            relay_condition("(count(landing) > 1) and (laps < 3)").to_string(),
            "count(landing) > 1 and laps < 3"
        );
        assert_eq!(relay_condition("count(landing)>1").to_string(), "count(landing) > 1");
    }
}
