//! `seeds drawn N at_least M`: a start laid out at random, and the totals
//! a draw can lay out.

use super::args::Args;
use super::{Checker, MAX_SEEDS_PER_HOLE, MAX_TOTAL_SEEDS};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::rules::Drawn;

const USAGE: &str = "seeds drawn 98 at_least 2";

impl Checker {
    /// The draw of `seeds drawn N [at_least M]` on a board of `holes` holes
    /// a player (the word `drawn` not yet read), or a diagnostic when the
    /// total cannot give every hole its least.
    pub(super) fn drawn(&mut self, a: &mut Args<'_>, holes: u8, span: Span) -> Option<Drawn> {
        a.keyword(self, "drawn", USAGE);
        let total = a.int(self, "the seeds drawn", 1, MAX_TOTAL_SEEDS, None);
        let at_least = if a.peek_word() == Some("at_least") {
            a.keyword(self, "at_least", USAGE);
            a.int(self, "the fewest seeds a hole starts with", 0, MAX_SEEDS_PER_HOLE, None)?
        } else {
            0
        };
        let total = total?;
        let all = 2 * u64::from(holes);
        if total < at_least * all {
            self.diags.push(
                Diagnostic::new(
                    Code::OutOfRange,
                    span,
                    format!("{total} seeds cannot give each of the board's {all} holes at least {at_least}"),
                    "too few seeds",
                )
                .with_help(format!(
                    "draw at least {} seeds, or lower `at_least` to {}",
                    at_least * all,
                    total / all
                )),
            );
            return None;
        }
        Some(Drawn { total: total as u32, at_least: at_least as u16, span })
    }
}
