//! Text → syntax tree. The tree keeps a span on every node and may still be
//! wrong: the checker (`crate::check`) decides what it means.

pub mod lexer;
mod prescan;

use crate::diagnostic::{Code, Diagnostic, Span};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser as _;
use std::sync::OnceLock;

pub use prescan::{MAX_DEPTH, MAX_SOURCE_BYTES};

/// The most operators (`and`, `not`, `+`, `<`, …) one argument may hold.
/// Bounding them bounds the depth of the expression tree, which the checker
/// walks recursively.
pub const MAX_OPERATORS: usize = 256;

mod grammar {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "syntax/grammar.pest"]
    pub(super) struct Grammar;
}
use grammar::{Grammar, Rule};

/// A word as written, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The text of the word.
    pub name: String,
    /// Where it stands.
    pub span: Span,
}

/// `head arg arg … { block }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The first word, which says what the statement is.
    pub head: Word,
    /// The arguments after the head, in order.
    pub args: Vec<Arg>,
    /// The `{ … }` block, if any.
    pub block: Option<Block>,
    /// The whole statement.
    pub span: Span,
}

/// A `{ … }` block of statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The statements inside.
    pub statements: Vec<Statement>,
    /// From `{` to `}`.
    pub span: Span,
}

/// One argument of a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// An expression (a lone word or number is an expression too).
    Expr(Expr),
    /// A quoted string.
    Str(String, Span),
}

impl Arg {
    /// Where the argument stands.
    pub fn span(&self) -> Span {
        match self {
            Arg::Expr(e) => e.span,
            Arg::Str(_, s) => *s,
        }
    }

    /// The word, if the argument is a lone word.
    pub fn as_word(&self) -> Option<&str> {
        match self {
            Arg::Expr(Expr { kind: ExprKind::Word(w), .. }) => Some(w),
            _ => None,
        }
    }
}

/// An expression with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it stands.
    pub span: Span,
}

/// The shapes of expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A whole number (saturating at `u64::MAX`; the checker bounds it).
    Int(u64),
    /// A bare word: a named hole, a player, a row, a keyword value.
    Word(String),
    /// `name(arg, …)`.
    Call(Word, Vec<Expr>),
    /// `[1, 2, 3]`.
    List(Vec<(u64, Span)>),
    /// `not e`.
    Not(Box<Expr>),
    /// `a op b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

/// Binary operators, lowest precedence first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `in`
    In,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `%`
    Rem,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Rem => "%",
        }
    }
}

/// Parses a rules file into its top-level statements.
///
/// # Errors
/// Unbalanced brackets, over-deep nesting, an oversized file, or text that
/// does not follow the grammar; every bracket problem is reported, then at
/// most one grammar error (the parser cannot resynchronise after it).
pub fn parse(source: &str) -> Result<Vec<Statement>, Vec<Diagnostic>> {
    prescan::check(source)?;
    let pairs = Grammar::parse(Rule::file, source).map_err(|e| vec![grammar_error(source, &e)])?;
    let file = pairs.into_iter().next().expect("the file rule always yields one pair");
    bound_operators(file.clone())?;
    Ok(statements(file.into_inner()))
}

/// Reports every argument with more than [`MAX_OPERATORS`] operators, at the
/// first operator past the limit (the argument itself may be a megabyte long).
fn bound_operators(file: Pair<'_, Rule>) -> Result<(), Vec<Diagnostic>> {
    let is_operator = |p: &Pair<'_, Rule>| p.as_rule() == Rule::not || is_binary_operator(p.as_rule());
    let mut problems = Vec::new();
    for st in file.into_inner().flatten().filter(|p| p.as_rule() == Rule::statement) {
        for arg in st.into_inner().filter(|p| p.as_rule() == Rule::expr) {
            if let Some(op) = arg.into_inner().flatten().filter(is_operator).nth(MAX_OPERATORS) {
                problems.push(
                    Diagnostic::new(
                        Code::TooLarge,
                        span_of(&op),
                        format!("this expression has more than {MAX_OPERATORS} operators"),
                        format!("operator number {}", MAX_OPERATORS + 1),
                    )
                    .with_help("a rule needs a handful of operators at most; is this the right file?"),
                );
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn statements(pairs: Pairs<'_, Rule>) -> Vec<Statement> {
    pairs.filter(|p| p.as_rule() == Rule::statement).map(statement).collect()
}

fn statement(pair: Pair<'_, Rule>) -> Statement {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let head = word(inner.next().expect("a statement starts with a word"));
    let mut args = Vec::new();
    let mut block = None;
    for p in inner {
        match p.as_rule() {
            Rule::expr => args.push(Arg::Expr(expr(p))),
            Rule::string => {
                let s = span_of(&p);
                let text = p.into_inner().next().map_or("", |i| i.as_str());
                args.push(Arg::Str(text.replace("\\\"", "\"").replace("\\\\", "\\"), s));
            }
            Rule::block => {
                block = Some(Block { span: span_of(&p), statements: statements(p.into_inner()) });
            }
            r => unreachable!("unexpected {r:?} in a statement"),
        }
    }
    Statement { head, args, block, span }
}

fn word(pair: Pair<'_, Rule>) -> Word {
    Word { name: pair.as_str().to_string(), span: span_of(&pair) }
}

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::or, Assoc::Left))
            .op(Op::infix(Rule::and, Assoc::Left))
            .op(Op::prefix(Rule::not))
            .op(Op::infix(Rule::eq, Assoc::Left)
                | Op::infix(Rule::ne, Assoc::Left)
                | Op::infix(Rule::lt, Assoc::Left)
                | Op::infix(Rule::le, Assoc::Left)
                | Op::infix(Rule::gt, Assoc::Left)
                | Op::infix(Rule::ge, Assoc::Left)
                | Op::infix(Rule::in_, Assoc::Left))
            .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
            .op(Op::infix(Rule::rem, Assoc::Left))
    })
}

fn expr(pair: Pair<'_, Rule>) -> Expr {
    pratt()
        .map_primary(primary)
        .map_prefix(|op, rhs| Expr { span: span_of(&op).join(rhs.span), kind: ExprKind::Not(Box::new(rhs)) })
        .map_infix(|lhs, op, rhs| {
            let op = match op.as_rule() {
                Rule::or => BinOp::Or,
                Rule::and => BinOp::And,
                Rule::eq => BinOp::Eq,
                Rule::ne => BinOp::Ne,
                Rule::lt => BinOp::Lt,
                Rule::le => BinOp::Le,
                Rule::gt => BinOp::Gt,
                Rule::ge => BinOp::Ge,
                Rule::in_ => BinOp::In,
                Rule::add => BinOp::Add,
                Rule::sub => BinOp::Sub,
                Rule::rem => BinOp::Rem,
                r => unreachable!("unexpected operator {r:?}"),
            };
            Expr { span: lhs.span.join(rhs.span), kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)) }
        })
        .parse(pair.into_inner())
}

fn int_value(text: &str) -> u64 {
    text.parse().unwrap_or(u64::MAX)
}

fn primary(pair: Pair<'_, Rule>) -> Expr {
    let span = span_of(&pair);
    let kind = match pair.as_rule() {
        Rule::int => ExprKind::Int(int_value(pair.as_str())),
        Rule::name => ExprKind::Word(pair.as_str().to_string()),
        Rule::expr => return expr(pair),
        Rule::call => {
            let mut inner = pair.into_inner();
            let name = word(inner.next().expect("a call starts with its name"));
            ExprKind::Call(name, inner.map(expr).collect())
        }
        Rule::list => ExprKind::List(pair.into_inner().map(|p| (int_value(p.as_str()), span_of(&p))).collect()),
        r => unreachable!("unexpected primary {r:?}"),
    };
    Expr { kind, span }
}

/// Words an author understands for the grammar's rules.
fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::statement | Rule::word | Rule::callee => "a word",
        Rule::block => "`{`",
        Rule::expr | Rule::int | Rule::call | Rule::list | Rule::name | Rule::not => "a value",
        Rule::string | Rule::string_inner => "a quoted string",
        r if is_binary_operator(*r) => "an operator",
        _ => "something else",
    }
}

/// The grammar's binary operators (`and`, `==`, `+`, …).
fn is_binary_operator(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::or
            | Rule::and
            | Rule::eq
            | Rule::ne
            | Rule::le
            | Rule::ge
            | Rule::lt
            | Rule::gt
            | Rule::in_
            | Rule::add
            | Rule::sub
            | Rule::rem
    )
}

/// What a value is, for help lines.
const VALUE_HELP: &str = "a value is a number such as `4`, a name such as `origin`, or a call such as `count(origin)`";

fn grammar_error(source: &str, e: &pest::error::Error<Rule>) -> Diagnostic {
    let at = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let rest = &source[at..];
    if let Some(d) = rest.chars().next().and_then(|c| stray_character(source, at, c)) {
        return d;
    }
    let found_len = match rest.chars().next() {
        None => 0,
        Some(c) if c.is_alphanumeric() || c == '_' => {
            rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len())
        }
        Some(c) => c.len_utf8(),
    };
    let found = match rest.chars().next() {
        None => "the end of the file".to_string(),
        Some('\n') | Some('\r') => "the end of the line".to_string(),
        Some(_) => format!("`{}`", &rest[..found_len]),
    };
    let mut expected: Vec<&str> = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives.iter().map(describe).collect(),
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort_unstable();
    expected.dedup();
    let span = Span::new(at, at + found_len);
    // A word after a block's `}` on the same line: two statements on one line.
    let same_line = source[..at].trim_end_matches([' ', '\t']);
    if same_line.ends_with('}') && rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        let word = &rest[..found_len];
        return Diagnostic::new(
            Code::Syntax,
            span,
            format!("`{word}` starts a new statement, but it is on the line where a block ends"),
            "a new statement",
        )
        .with_related(Span::new(same_line.len() - 1, same_line.len()), "the block ends here")
        .with_help(format!("put `{word} …` on a line of its own, or separate the statements with `;`"));
    }
    // Only a value can follow an operator, a comma or an opening bracket.
    if expected.contains(&"a value") {
        let before = without_comments(&source[..at]);
        if let Some(name) = before.strip_suffix('(').map(|b| b.trim_end()).and_then(last_word) {
            return Diagnostic::new(
                Code::Syntax,
                span,
                format!("`{name}( )` needs a value inside"),
                "expected a value",
            )
            .with_help(format!("for example `{name}(origin)`"));
        }
        if let Some(op) = trailing_operator(before) {
            let op_span = Span::new(before.len() - op.len(), before.len());
            return Diagnostic::new(
                Code::Syntax,
                span,
                format!("expected a value after `{op}`, found {found}"),
                "expected a value",
            )
            .with_related(op_span, "needs a value after it")
            .with_help(if rest.starts_with('-') {
                "numbers cannot be negative: rewrite the comparison, e.g. `count(origin) >= 0` for `> -1`"
            } else {
                VALUE_HELP
            });
        }
    }
    // Pest names the rules it tried, not the punctuation: add what closes
    // the bracket the error stands in.
    if expected.contains(&"an operator") {
        if let Some(('(', open)) = prescan::open_bracket(source, at) {
            let in_call = source[..open].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            expected.extend(if in_call { ["`,`", "`)`"].as_slice() } else { ["`)`"].as_slice() });
        }
    }
    let message = match expected.as_slice() {
        [] => format!("unexpected {found}"),
        [one] => format!("expected {one}, found {found}"),
        [init @ .., last] => format!("expected {} or {last}, found {found}", init.join(", ")),
    };
    let mut d = Diagnostic::new(Code::Syntax, span, message, "here");
    if rest.starts_with('"') {
        d = d.with_help("a string must be closed with `\"` on the same line");
    } else if expected == ["a value"] {
        d = d.with_help(VALUE_HELP);
    } else if found_len > 0 && !rest.starts_with(|c: char| c.is_alphanumeric()) {
        d = d.with_help("a statement is a word followed by numbers, words, `(…)` expressions or a `{ … }` block; `#` starts a comment");
    }
    d
}

/// `text` without its trailing blanks, line ends and comments: what ends
/// with the last token before an error.
fn without_comments(mut text: &str) -> &str {
    loop {
        text = text.trim_end();
        let line = &text[text.rfind('\n').map_or(0, |i| i + 1)..];
        let comment = line.char_indices().find(|&(i, c)| c == '#' && line[..i].matches('"').count().is_multiple_of(2));
        match comment {
            Some((i, _)) => text = &text[..text.len() - line.len() + i],
            None => return text,
        }
    }
}

/// The word `text` ends with, if any.
fn last_word(text: &str) -> Option<&str> {
    let start = text.len() - text.chars().rev().take_while(|&c| c.is_ascii_alphanumeric() || c == '_').count();
    let word = &text[start..];
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_').then_some(word)
}

/// The operator (or comma) `text` ends with, if any.
fn trailing_operator(text: &str) -> Option<&str> {
    for op in ["==", "!=", "<=", ">=", "<", ">", "+", "-", "%", ","] {
        if text.ends_with(op) {
            return Some(&text[text.len() - op.len()..]);
        }
    }
    let word = last_word(text)?;
    ["and", "or", "not", "in"].contains(&word).then_some(word)
}

/// A character that can start nothing in a rules file, reported with what
/// was probably meant.
fn stray_character(source: &str, at: usize, c: char) -> Option<Diagnostic> {
    let next = source[at + c.len_utf8()..].chars().next();
    let invisible = |name: &str| format!("invisible character U+{:04X}{name}", u32::from(c));
    let (what, help): (String, &str) = match c {
        c if c.is_ascii_alphanumeric() || " \t\r\n_(){}[]\",;#<>+-%".contains(c) => return None,
        '=' | '!' if next == Some('=') => return None,
        '\u{A0}' => (invisible(" (a no-break space)"), "replace it with an ordinary space"),
        '&' => ("`&`".into(), "write `and`"),
        '|' => ("`|`".into(), "write `or`"),
        '!' => ("`!`".into(), "write `not`, or `!=` for \"differs from\""),
        '=' => ("`=`".into(), "compare with `==`; a statement takes its values without `=`, as in `holes 6`"),
        ':' => ("`:`".into(), "a statement takes its values without `:`, as in `holes 6`"),
        '.' => ("`.`".into(), "numbers are whole: write `4`, not `4.0`"),
        '\'' | '‘' | '’' => (format!("`{c}`"), "quote strings with straight double quotes: `\"Name\"`"),
        '“' | '”' | '„' | '«' | '»' => {
            (format!("`{c}`"), "quote strings with straight double quotes `\"`, not typographic ones")
        }
        '–' | '—' | '−' | '‐' => (
            format!("`{c}` (U+{:04X}, a dash)", u32::from(c)),
            "words are written without dashes, e.g. `counterclockwise`; subtraction is `-`",
        ),
        c if c.is_whitespace() || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}' | '\u{FEFF}') => {
            (invisible(""), "replace it with an ordinary space, or delete it")
        }
        c if c.is_alphabetic() => (format!("`{c}`"), "words are written with the letters a to z, digits and `_`"),
        c => (format!("`{c}`"), "this character has no meaning in a rules file"),
    };
    let what = if what.starts_with('`') { format!("character {what}") } else { what };
    let label = if what.starts_with("invisible") { format!("U+{:04X} here", u32::from(c)) } else { "here".into() };
    Some(
        Diagnostic::new(Code::Syntax, Span::new(at, at + c.len_utf8()), format!("unexpected {what}"), label)
            .with_help(help),
    )
}
