//! Comparisons the language cannot read as written: two conditions
//! compared (`clockwise == previous_clockwise`), and a turn counter
//! compared with a number its 255-turn limit makes constant
//! (`turns_played > 300`).

use super::Checker;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{CmpOp, Num};
use crate::syntax::{Expr, ExprKind};

/// The most a turn counter (`turns_played`, `extra_turns`) holds: it stops
/// there (`Position::turns_played`).
const TURNS_MAX: i64 = u8::MAX as i64;

impl Checker {
    /// `A op B` where `A` or `B` is a condition: one diagnostic, with the
    /// way to write it for `==` and `!=` of two conditions.
    pub(super) fn conditions_compared(&mut self, e: &Expr, op: CmpOp, (a, b): (&Expr, &Expr), both: bool) {
        let (x, y) = (self.operand(a), self.operand(b));
        let help = match op {
            CmpOp::Eq if both => format!(
                "`==` of two conditions is not in the language; for \"both or neither\" write \
                 `({x} and {y}) or (not {x} and not {y})`"
            ),
            CmpOp::Ne if both => format!(
                "`!=` of two conditions is not in the language; for \"one but not the other\" write \
                 `({x} and not {y}) or (not {x} and {y})`"
            ),
            _ => {
                "a condition is true or false, not a number: combine conditions with `and`, `or` and `not`".to_string()
            }
        };
        self.diags.push(
            Diagnostic::new(
                Code::WrongType,
                e.span,
                format!("`{op}` compares numbers, not conditions"),
                if both { "two conditions" } else { "a condition on one side" },
            )
            .with_help(help),
        );
    }

    /// A condition's source text as an operand of `and`/`not`: in
    /// parentheses unless it is one word or one call.
    fn operand(&self, e: &Expr) -> String {
        let text = self.text(e.span);
        match e.kind {
            ExprKind::Word(_) | ExprKind::Call(..) => text.to_string(),
            _ => format!("({text})"),
        }
    }

    /// `turns_played op N` (either way round, or `extra_turns`) that holds
    /// for every count from 0 to 255 or for none, though it would not
    /// without the limit: a diagnostic naming the limit. Returns whether it
    /// gave one.
    pub(super) fn turn_limit(&mut self, e: &Expr, x: &Num, op: CmpOp, y: &Num) -> bool {
        let (counter, k, flip) = match (x, y) {
            (c @ (Num::TurnsPlayed | Num::ExtraTurns), Num::Lit(k)) => (c, *k, false),
            (Num::Lit(k), c @ (Num::TurnsPlayed | Num::ExtraTurns)) => (c, *k, true),
            _ => return false,
        };
        let holds = |v: i64| if flip { op.holds(k, v) } else { op.holds(v, k) };
        let within = (0..=TURNS_MAX).filter(|&v| holds(v)).count() as i64;
        let constant = within == 0 || within == TURNS_MAX + 1;
        // Beyond the limit the comparison changes only at `k` and `k + 1`.
        let limited =
            [TURNS_MAX + 1, k, k.saturating_add(1)].into_iter().any(|v| v > TURNS_MAX && holds(v) != (within != 0));
        if !constant || !limited {
            return false;
        }
        let name = if *counter == Num::TurnsPlayed { "turns_played" } else { "extra_turns" };
        let verdict = if within == 0 { "never holds" } else { "always holds" };
        self.diags.push(
            Diagnostic::new(
                Code::OutOfRange,
                e.span,
                format!("`{name}` stops at {TURNS_MAX}, so `{}` {verdict}", self.text(e.span)),
                format!("{verdict}: {name} is at most {TURNS_MAX}"),
            )
            .with_help(format!(
                "the turn counters count up to {TURNS_MAX} turns and stay there; compare with a number below {TURNS_MAX}"
            )),
        );
        true
    }
}
