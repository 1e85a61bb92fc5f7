//! Canonical formatting of rules files: text in, text out, no I/O.
//!
//! The layout is:
//! - one statement a line (`;` becomes a line break), each block's
//!   statements indented two spaces deeper than its `{`, which ends the
//!   line of its statement (a `{` alone on the next line moves up), and
//!   each `}` on a line of its own;
//! - one space between words, around operators and after commas; none
//!   inside brackets or before a comma; a call's `(` stays against its
//!   name, and a group's `(` stays apart (`count(x)` and `when (a or b)`
//!   mean different things);
//! - a condition broken over lines keeps its line breaks, with each
//!   operator at the end of its line (a line starting with `and` moves it
//!   up) and the continuation lines indented four spaces deeper;
//! - exactly one blank line between the sections of a game, and elsewhere
//!   an author's single blank lines kept (runs of them collapse into one);
//! - every comment kept: own-line comments at the indentation of their
//!   line, trailing comments of consecutive lines (at one indentation)
//!   aligned to one column: [`COMMENT_COLUMN`], or three spaces after the
//!   longest line of the run when that is further right (a line of more
//!   than 80 characters keeps its comment three spaces after it and stays
//!   out of its neighbours' run).
//!
//! Formatting works from the tokens of the source, so nothing an author
//! wrote is lost; it formats only files that parse, and checks its own work:
//! the result must parse to the same syntax tree (spans aside).

mod layout;

use crate::diagnostic::Diagnostic;
use crate::syntax::{self, Arg, Expr, ExprKind, Statement};
use std::fmt;

/// Where trailing comments start at the least: 28 characters of code and
/// blanks stand before their `#`.
pub const COMMENT_COLUMN: usize = 28;

/// Why a file was not formatted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The file does not parse: its syntax diagnostics. Nothing is formatted.
    Invalid(Vec<Diagnostic>),
    /// The formatted text would not mean what the source means. This is a
    /// bug in the formatter; the file is left as it is.
    Unstable,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Invalid(d) => write!(f, "the file does not parse ({} problems)", d.len()),
            FormatError::Unstable => {
                f.write_str("formatting would change what the file means (a bug in sowspec); it is left as it is")
            }
        }
    }
}

impl std::error::Error for FormatError {}

/// The canonical layout of a rules file (see the module documentation).
/// Formatting formatted text changes nothing.
///
/// # Errors
/// [`FormatError::Invalid`] when the source does not parse (the same
/// diagnostics [`crate::syntax::parse`] gives), and [`FormatError::Unstable`]
/// should the result not parse to the same syntax tree.
///
/// ```
/// let messy = "game \"G\"\n{\n board{rows 2;holes 6}   # the board\n}\n";
/// let tidy = sowspec_core::format::format(messy).unwrap();
/// assert_eq!(tidy, "game \"G\" {\n  board {\n    rows 2\n    holes 6\n  }                         # the board\n}\n");
/// ```
pub fn format(source: &str) -> Result<String, FormatError> {
    let tree = syntax::parse(source).map_err(FormatError::Invalid)?;
    let out = layout::layout(source);
    match syntax::parse(&out) {
        Ok(again) if same_statements(&tree, &again) => Ok(out),
        _ => Err(FormatError::Unstable),
    }
}

/// True when `source` is already formatted.
///
/// # Errors
/// As [`format`].
pub fn is_formatted(source: &str) -> Result<bool, FormatError> {
    format(source).map(|f| f == source)
}

fn same_statements(a: &[Statement], b: &[Statement]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_statement(a, b))
}

fn same_statement(a: &Statement, b: &Statement) -> bool {
    a.head.name == b.head.name
        && a.args.len() == b.args.len()
        && a.args.iter().zip(&b.args).all(|(x, y)| match (x, y) {
            (Arg::Expr(x), Arg::Expr(y)) => same_expr(x, y),
            (Arg::Str(x, _), Arg::Str(y, _)) => x == y,
            _ => false,
        })
        && match (&a.block, &b.block) {
            (None, None) => true,
            (Some(x), Some(y)) => same_statements(&x.statements, &y.statements),
            _ => false,
        }
}

fn same_expr(a: &Expr, b: &Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Int(x), ExprKind::Int(y)) => x == y,
        (ExprKind::Word(x), ExprKind::Word(y)) => x == y,
        (ExprKind::Call(f, xs), ExprKind::Call(g, ys)) => {
            f.name == g.name && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_expr(x, y))
        }
        (ExprKind::List(xs), ExprKind::List(ys)) => xs.iter().map(|x| x.0).eq(ys.iter().map(|y| y.0)),
        (ExprKind::Not(x), ExprKind::Not(y)) => same_expr(x, y),
        (ExprKind::Binary(o, x1, x2), ExprKind::Binary(p, y1, y2)) => o == p && same_expr(x1, y1) && same_expr(x2, y2),
        _ => false,
    }
}
