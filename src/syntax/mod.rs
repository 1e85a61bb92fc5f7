//! Text → syntax tree. The tree keeps a span on every node and may still be
//! wrong: the checker (`crate::check`) decides what it means.

mod prescan;

use crate::diagnostic::{Code, Diagnostic, Span};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser as _;
use std::sync::OnceLock;

pub use prescan::{MAX_DEPTH, MAX_SOURCE_BYTES};

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
    Ok(statements(file.into_inner()))
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
        Rule::word => ExprKind::Word(pair.as_str().to_string()),
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
        Rule::statement | Rule::word => "a word",
        Rule::block => "`{`",
        Rule::expr | Rule::int | Rule::call | Rule::list => "a value",
        Rule::string | Rule::string_inner => "a quoted string",
        Rule::or | Rule::and | Rule::eq | Rule::ne | Rule::le | Rule::ge | Rule::lt | Rule::gt | Rule::in_ => {
            "an operator"
        }
        Rule::add | Rule::sub => "an operator",
        Rule::not => "`not`",
        _ => "something else",
    }
}

fn grammar_error(source: &str, e: &pest::error::Error<Rule>) -> Diagnostic {
    let at = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let rest = &source[at..];
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
    let message = match expected.as_slice() {
        [] => format!("unexpected {found}"),
        [one] => format!("expected {one}, found {found}"),
        [init @ .., last] => format!("expected {} or {last}, found {found}", init.join(", ")),
    };
    let mut d = Diagnostic::new(Code::Syntax, Span::new(at, at + found_len), message, "here");
    if rest.starts_with('"') {
        d = d.with_help("a string must be closed with `\"` on the same line");
    } else if found_len > 0 && !rest.starts_with(|c: char| c.is_alphanumeric()) {
        d = d.with_help("a statement is a word followed by numbers, words, `(…)` expressions or a `{ … }` block; `#` starts a comment");
    }
    d
}
