//! Reading a statement's arguments one at a time, with a diagnostic for each
//! one that is missing, unknown or of the wrong kind.

use super::expr::Scope;
use super::vocabulary::HOLES;
use super::{Checker, MAX_SEEDS_PER_HOLE, MAX_TOTAL_SEEDS};
use crate::diagnostic::{did_you_mean, Code, Diagnostic, Span};
use crate::hole::Hole;
use crate::rules::Cond;
use crate::syntax::{Arg, BinOp, Expr, ExprKind, Statement};

/// A cursor over one statement's arguments.
pub(super) struct Args<'s> {
    st: &'s Statement,
    next: usize,
    /// Set once a problem was reported, so `finish` does not pile on.
    failed: bool,
}

impl<'s> Args<'s> {
    pub fn new(st: &'s Statement) -> Self {
        Args { st, next: 0, failed: false }
    }

    fn take(&mut self) -> Option<&'s Arg> {
        let a = self.st.args.get(self.next);
        self.next += 1;
        a
    }

    /// The next argument if it is a lone word, without consuming it.
    pub fn peek_word(&self) -> Option<&'s str> {
        self.st.args.get(self.next).and_then(Arg::as_word)
    }

    /// The next argument if it is a number written out, without consuming it.
    pub fn peek_int(&self) -> Option<u64> {
        match self.st.args.get(self.next) {
            Some(Arg::Expr(e)) => match e.kind {
                ExprKind::Int(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether the next argument is a quoted string.
    pub fn peek_is_string(&self) -> bool {
        matches!(self.st.args.get(self.next), Some(Arg::Str(..)))
    }

    /// Where the next argument is written, without consuming it.
    pub fn peek_span(&self) -> Option<Span> {
        self.st.args.get(self.next).map(Arg::span)
    }

    /// Where a missing argument would go: just after the statement's last word.
    fn end(&self) -> Span {
        let end = self.st.args.last().map_or(self.st.head.span.end, |a| a.span().end);
        Span::new(end, end)
    }

    fn missing(&mut self, ck: &mut Checker, what: &str, help: String) {
        if !self.failed {
            ck.diags.push(
                Diagnostic::new(
                    Code::Arity,
                    self.end(),
                    format!("`{}` is missing {what}", self.st.head.name),
                    "expected here",
                )
                .with_help(help),
            );
        }
        self.failed = true;
    }

    /// The next argument must be the word `kw`; `usage` shows the whole statement.
    pub fn keyword(&mut self, ck: &mut Checker, kw: &str, usage: &str) {
        match self.take() {
            Some(a) if a.as_word() == Some(kw) => {}
            Some(a) => {
                if !self.failed {
                    let span = a.span();
                    ck.diags.push(
                        Diagnostic::new(
                            Code::Syntax,
                            span,
                            format!("expected `{kw}`, found `{}`", ck.text(span)),
                            format!("expected `{kw}`"),
                        )
                        .with_help(format!("write `{usage}`")),
                    );
                }
                self.failed = true;
            }
            None => self.missing(ck, &format!("`{kw}`"), format!("write `{usage}`")),
        }
    }

    /// The next argument is written where it does not belong: reported with
    /// `message`, `label` and `help`, and taken.
    pub fn misplaced(&mut self, ck: &mut Checker, message: &str, label: &str, help: &str) {
        if let Some(a) = self.take() {
            if !self.failed {
                ck.diags.push(Diagnostic::new(Code::Syntax, a.span(), message, label).with_help(help));
            }
            self.failed = true;
        }
    }

    /// The next argument should be the word `kw`: taken if it is; if not,
    /// reported as left out before it, and left for what follows (`capture 2
    /// landing to mover` lacks only its `from`).
    pub fn keyword_before(&mut self, ck: &mut Checker, kw: &str, usage: &str) {
        if self.peek_word() == Some(kw) {
            self.next += 1;
            return;
        }
        let Some(a) = self.st.args.get(self.next) else {
            return self.missing(ck, &format!("`{kw}`"), format!("write `{usage}`"));
        };
        if !self.failed {
            let span = a.span();
            ck.diags.push(
                Diagnostic::new(
                    Code::Syntax,
                    Span::new(span.start, span.start),
                    format!("expected `{kw}` before `{}`", ck.text(span)),
                    format!("`{kw}` goes here"),
                )
                .with_help(format!("write `{usage}`")),
            );
        }
        self.failed = true;
    }

    /// The next argument must be one of `choices`; returns its index.
    pub fn choice(&mut self, ck: &mut Checker, what: &str, choices: &[&str]) -> Option<usize> {
        let list = choices.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" or ");
        let Some(a) = self.take() else {
            self.missing(ck, "a value", format!("write `{what} {}`, or {list}", choices[0]));
            return None;
        };
        let word = a.as_word();
        if let Some(i) = word.and_then(|w| choices.iter().position(|c| *c == w)) {
            return Some(i);
        }
        if !self.failed {
            let span = a.span();
            let found = ck.text(span).to_string();
            let mut d = Diagnostic::new(
                Code::UnknownWord,
                span,
                format!("`{found}` is not a value of `{what}`"),
                format!("expected {list}"),
            );
            d = match word.and_then(|w| did_you_mean(w, choices.iter().copied())) {
                Some(s) => d.with_suggestion(s),
                None => d.with_help(format!("`{what}` takes {list}")),
            };
            ck.diags.push(d);
        }
        self.failed = true;
        None
    }

    /// The next argument must be a whole number in `min..=max`.
    pub fn int(&mut self, ck: &mut Checker, what: &str, min: u64, max: u64, why: Option<&str>) -> Option<u64> {
        let range = if min == max { format!("{min}") } else { format!("from {min} to {max}") };
        self.int_where(ck, what, |n| (min..=max).contains(&n), &range, why)
    }

    /// The next argument must be one of the whole numbers `allowed`
    /// (`rows`: 2 or 4).
    pub fn int_of(&mut self, ck: &mut Checker, what: &str, allowed: &[u64], why: Option<&str>) -> Option<u64> {
        let (last, rest) = allowed.split_last().expect("some number is allowed");
        let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
        let range = if rest.is_empty() { last.to_string() } else { format!("{} or {last}", rest.join(", ")) };
        self.int_where(ck, what, |n| allowed.contains(&n), &range, why)
    }

    /// The next argument must be a whole number for which `ok` holds;
    /// `range` says which ("from 1 to 16", "2 or 4").
    fn int_where(
        &mut self,
        ck: &mut Checker,
        what: &str,
        ok: impl Fn(u64) -> bool,
        range: &str,
        why: Option<&str>,
    ) -> Option<u64> {
        let write = format!(
            "write {}",
            if range.starts_with("from") { format!("a number {range}") } else { range.to_string() }
        );
        let Some(a) = self.take() else {
            self.missing(ck, what, write);
            return None;
        };
        let span = a.span();
        let Arg::Expr(Expr { kind: ExprKind::Int(n), .. }) = a else {
            if !self.failed {
                ck.diags.push(
                    Diagnostic::new(Code::WrongType, span, format!("{what} must be a whole number"), "not a number")
                        .with_help(write),
                );
            }
            self.failed = true;
            return None;
        };
        if ok(*n) {
            return Some(*n);
        }
        self.failed = true;
        let shown = if *n == u64::MAX { ck.text(span).to_string() } else { n.to_string() };
        ck.diags.push(
            Diagnostic::new(Code::OutOfRange, span, format!("{what} must be {range}, found {shown}"), "out of range")
                .with_help(why.map_or(write, str::to_string)),
        );
        None
    }

    /// The next argument must be a quoted string.
    pub fn string(&mut self, ck: &mut Checker, what: &str) -> Option<String> {
        match self.take() {
            Some(Arg::Str(s, _)) => Some(s.clone()),
            Some(a) => {
                let span = a.span();
                ck.diags.push(
                    Diagnostic::new(Code::WrongType, span, format!("{what} must be a quoted string"), "not a string")
                        .with_help(format!("write it in double quotes: `\"{}\"`", ck.text(span))),
                );
                self.failed = true;
                None
            }
            None => {
                let usage = format!("write `{} \"…\"`", self.st.head.name);
                self.missing(ck, what, usage);
                None
            }
        }
    }

    /// The next argument must be an expression.
    pub fn expr(&mut self, ck: &mut Checker, what: &str) -> Option<&'s Expr> {
        self.expr_of(ck, what, false)
    }

    /// The next argument as a list of holes joined by `and` (`relay lift
    /// opposite(landing) and origin`): a hole name after an `and` that ends
    /// a line goes on with the list, though `origin` also starts a statement.
    pub fn holes_expr(&mut self, ck: &mut Checker, what: &str) -> Option<&'s Expr> {
        self.expr_of(ck, what, true)
    }

    fn expr_of(&mut self, ck: &mut Checker, what: &str, holes: bool) -> Option<&'s Expr> {
        match self.take() {
            Some(Arg::Expr(e)) => {
                if let Some(head) = self.swallowed_by_intro(ck, e).or_else(|| swallowed_statement(ck, e, holes)) {
                    // The rest of the statement's arguments belong to `head`.
                    ck.written.push(head);
                    self.failed = true;
                    return None;
                }
                Some(e)
            }
            Some(a) => {
                ck.diags.push(
                    Diagnostic::new(Code::WrongType, a.span(), format!("expected {what}, found a string"), "a string")
                        .with_help("remove the quotes"),
                );
                self.failed = true;
                None
            }
            None => {
                self.missing(ck, what, format!("see `{}` in the rules language reference", self.st.head.name));
                None
            }
        }
    }

    /// A line may end with `when` or `while`, the condition following on the
    /// next line. When that line starts with a statement of the block, as in
    /// `lift when` followed by `endless after …`, the author left the
    /// condition out: reports that at the `when` and returns the statement's head.
    fn swallowed_by_intro(&self, ck: &mut Checker, e: &Expr) -> Option<String> {
        let ExprKind::Word(word) = &e.kind else { return None };
        let intro = self.st.args.get(self.next.checked_sub(2)?)?;
        let keyword = intro.as_word().filter(|w| ["when", "while"].contains(w))?;
        let gap = Span::new(intro.span().end, e.span.start);
        if !ck.heads.contains(&word.as_str()) || !ck.text(gap).contains('\n') {
            return None;
        }
        ck.diags.push(
            Diagnostic::new(
                Code::Syntax,
                intro.span(),
                format!("the line ends with `{keyword}`, so `{word}` on the next line was read as its condition"),
                format!("no condition after `{keyword}` on this line"),
            )
            .with_related(e.span, format!("meant to start a new `{word}` statement"))
            .with_help(format!("write the condition after `{keyword}`, e.g. `{keyword} count(origin) > 0`")),
        );
        Some(word.clone())
    }

    /// `when CONDITION`.
    pub fn when(&mut self, ck: &mut Checker, scope: Scope) -> Option<Cond> {
        let usage = format!("{} … when CONDITION", self.st.head.name);
        self.keyword(ck, "when", &usage);
        if self.failed {
            return None;
        }
        let e = self.expr(ck, "a condition")?;
        ck.cond(e, scope)
    }

    /// One player's seeds: a number for every hole, or a list with one
    /// number per hole.
    fn row_seeds(&mut self, ck: &mut Checker, holes: u8) -> Option<Vec<u16>> {
        let what = "the seeds per hole";
        Some(match self.st.args.get(self.next) {
            Some(Arg::Expr(Expr { kind: ExprKind::List(items), span })) => {
                self.next += 1;
                if items.len() != usize::from(holes) {
                    ck.diags.push(
                        Diagnostic::new(
                            Code::Arity,
                            *span,
                            format!("the list has {} numbers but {}", items.len(), ck.holes_of_a_player(holes)),
                            "one number per hole",
                        )
                        .with_help(format!("give exactly {holes} numbers, for holes `a` to `{}`", Hole::at(holes - 1))),
                    );
                    return None;
                }
                let mut out = Vec::new();
                for &(n, s) in items {
                    if n > MAX_SEEDS_PER_HOLE {
                        ck.diags.push(
                            Diagnostic::new(
                                Code::OutOfRange,
                                s,
                                format!("{what} must be at most {MAX_SEEDS_PER_HOLE}, found {n}"),
                                "too many",
                            )
                            .with_help(format!("write a number from 0 to {MAX_SEEDS_PER_HOLE}")),
                        );
                        return None;
                    }
                    out.push(n as u16);
                }
                out
            }
            _ => vec![self.int(ck, what, 0, MAX_SEEDS_PER_HOLE, None)? as u16; usize::from(holes)],
        })
    }

    /// `seeds N` or `seeds [n, n, …]` with one number per hole, the same
    /// for both players, or `seeds south ROW north ROW`: South's holes, then
    /// North's, each a number or a list.
    pub fn seeds(&mut self, ck: &mut Checker, holes: u8) -> Option<[Vec<u16>; 2]> {
        let usage = "seeds south [0, 4, …] north [4, 0, …]";
        let seeds = if self.peek_word() == Some("south") {
            self.keyword(ck, "south", usage);
            let south = self.row_seeds(ck, holes);
            self.keyword(ck, "north", usage);
            let north = self.row_seeds(ck, holes);
            [south?, north?]
        } else {
            let row = self.row_seeds(ck, holes)?;
            [row.clone(), row]
        };
        let total: u64 = seeds.iter().flatten().map(|&s| u64::from(s)).sum::<u64>();
        let span = self.st.span;
        // An empty board is judged with the hands, once the whole setup is read (`Checker::setup`).
        if total > MAX_TOTAL_SEEDS {
            ck.diags.push(
                Diagnostic::new(
                    Code::OutOfRange,
                    span,
                    format!("the board would hold {total} seeds; at most {MAX_TOTAL_SEEDS} are allowed"),
                    "too many seeds",
                )
                .with_help("use fewer seeds per hole"),
            );
            return None;
        }
        Some(seeds)
    }

    /// A string followed by more values and another string, as in
    /// `"Mancala World, "Raja Pasu" (2000)"`: a `"` meant inside the string ended it.
    fn quote_inside_string(&self, ck: &Checker) -> Option<Diagnostic> {
        let first = match self.st.args.get(self.next.checked_sub(1)?)? {
            Arg::Str(_, span) => *span,
            _ => return None,
        };
        let last = self.st.args[self.next..].iter().rev().find_map(|a| match a {
            Arg::Str(_, span) => Some(*span),
            _ => None,
        })?;
        let span = first.join(last);
        let text = ck.text(span);
        if text.contains('\n') || text.contains('\\') {
            return None;
        }
        let fixed = format!("\"{}\"", text[1..text.len() - 1].replace('"', "\\\""));
        Some(
            Diagnostic::new(
                Code::Syntax,
                span,
                "a `\"` inside this string ends it early",
                "read as several values, not one string",
            )
            .with_help(format!("write `\\\"` for a quote mark inside a string: `{fixed}`")),
        )
    }

    /// Reports arguments left over.
    pub fn finish(self, ck: &mut Checker) {
        if let Some(extra) = self.st.args.get(self.next) {
            // Checked even after a problem: the next statement is read no
            // further, but it was written and must not be reported missing.
            if let Some(head) = extra.as_word().filter(|w| ck.heads.contains(w)) {
                ck.written.push(head.to_string());
                ck.diags.push(
                    Diagnostic::new(
                        Code::Syntax,
                        extra.span(),
                        format!(
                            "`{head}` starts a new statement, but it is on the same line as `{}`",
                            self.st.head.name
                        ),
                        "a new statement",
                    )
                    .with_help(format!("put `{head} …` on a line of its own, or separate the statements with `;`")),
                );
                return;
            }
            if self.failed {
                return;
            }
            if let Some(d) = self.quote_inside_string(ck) {
                ck.diags.push(d);
                return;
            }
            let span = extra.span().join(self.end());
            let (label, help) = match self.st.args.len() - self.next {
                1 => ("one value too many", "remove it"),
                _ => ("values too many", "remove them"),
            };
            ck.diags.push(
                Diagnostic::new(Code::Arity, span, format!("too many values for `{}`", self.st.head.name), label)
                    .with_help(help),
            );
        }
    }
}

/// A line that ends with an operator goes on on the next line. When the next
/// line starts with a statement of the block, as in `lift when count(origin) >`
/// followed by `endless after …`, the author left the operator without its
/// right side: reports that at the operator and returns the statement's head.
///
/// The continuation wins, and nothing is reported, where the author plainly
/// meant it: when the operator starts the next line (`relay lift landing`
/// then `and origin from …`), and, in a list of holes (`holes`), when the
/// word is a hole name (`origin` names a hole as well as a statement).
fn swallowed_statement(ck: &mut Checker, e: &Expr, holes: bool) -> Option<String> {
    match &e.kind {
        ExprKind::Not(inner) => swallowed_statement(ck, inner, holes),
        ExprKind::Binary(op, lhs, rhs) => {
            let gap = Span::new(lhs.span.end, rhs.span.start);
            let symbol = op.symbol();
            let at = gap.start + operator_offset(ck.text(gap), symbol);
            // A line break after the operator: the line ended with it.
            let ends_line = ck.text(Span::new(at, gap.end)).contains('\n');
            let word = match &rhs.kind {
                ExprKind::Word(w)
                    if ck.heads.contains(&w.as_str())
                        && ends_line
                        && !(holes && *op == BinOp::And && HOLES.contains(&w.as_str())) =>
                {
                    w.clone()
                }
                _ => return swallowed_statement(ck, lhs, holes).or_else(|| swallowed_statement(ck, rhs, holes)),
            };
            ck.diags.push(
                Diagnostic::new(
                    Code::Syntax,
                    Span::new(at, at + symbol.len()),
                    format!("the line ends with `{symbol}`, so `{word}` on the next line was read as its right side"),
                    format!("nothing after `{symbol}` on this line"),
                )
                .with_related(rhs.span, format!("meant to start a new `{word}` statement"))
                .with_help(match op {
                    BinOp::And | BinOp::Or => format!("write the condition `{symbol}` joins after it, or remove it"),
                    BinOp::In => "write a row after `in`: `mover_row` or `opponent_row`".to_string(),
                    BinOp::Add | BinOp::Sub | BinOp::Rem => {
                        format!("write a number after it, e.g. `count(origin) {symbol} 1`")
                    }
                    _ => format!("write what it compares with after it, e.g. `count(origin) {symbol} 0`"),
                }),
            );
            Some(word)
        }
        _ => None,
    }
}

/// Where `symbol` stands in the text between an operator's two sides,
/// comments passed over (`> 1  # and more` then a line `and origin`).
fn operator_offset(gap: &str, symbol: &str) -> usize {
    let mut start = 0;
    for line in gap.split_inclusive('\n') {
        let code = line.split('#').next().unwrap_or("");
        if let Some(i) = code.find(symbol) {
            return start + i;
        }
        start += line.len();
    }
    0
}
