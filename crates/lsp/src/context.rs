//! Where the cursor stands, read from the tokens before it, so that it
//! works on a file that does not parse (as a file being typed rarely does):
//! the blocks around it, the statement it is in, and the names that exist
//! there.

use sowspec_core::reference::Scope;
use sowspec_core::syntax::lexer::{tokens, Token, TokenKind};

/// A block the cursor is in: the head of the statement that opened it and
/// that statement's next word (`on` and `drop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opened<'s> {
    /// The statement's head.
    pub head: &'s str,
    /// Its first argument, if a word.
    pub second: Option<&'s str>,
}

/// What stands before a point of the text.
#[derive(Debug)]
pub struct Context<'s> {
    /// The blocks around the point, outermost first.
    pub blocks: Vec<Opened<'s>>,
    /// The words (and other tokens) of the statement before the point; empty
    /// at the start of a statement.
    pub statement: Vec<&'s str>,
    /// Brackets open in the statement.
    pub brackets: usize,
}

impl<'s> Context<'s> {
    /// The head of the statement whose block holds the point (`None` at the top).
    pub fn parent(&self) -> Option<&'s str> {
        self.blocks.last().map(|b| b.head)
    }

    /// The head of the statement at the point, if the point is past it.
    pub fn head(&self) -> Option<&'s str> {
        self.statement.first().copied()
    }

    /// True where a condition or another expression is being written:
    /// after `when` or `while`, inside brackets, after an operator, or in
    /// the arguments of a statement that takes holes or players.
    pub fn in_expression(&self) -> bool {
        const TAKES_EXPRESSIONS: [&str; 5] = ["relay", "capture", "claim", "must_leave", "sweep"];
        let after_operator = self.statement.last().is_some_and(|w| is_operator(w));
        self.brackets > 0
            || after_operator
            || self.statement.iter().skip(1).any(|w| matches!(*w, "when" | "while"))
            || self.head().is_some_and(|h| TAKES_EXPRESSIONS.contains(&h) && self.statement.len() > 1)
    }

    /// The names that exist at the point.
    pub fn scope(&self) -> Scope {
        let drop_rule = |o: &Opened<'_>| o.head == "on" && o.second == Some("drop");
        let statement_is = |head: &str| self.head() == Some(head);
        if self.blocks.iter().any(|b| drop_rule(b) || b.head == "sweep")
            || (statement_is("on") && self.statement.get(1) == Some(&"drop"))
            || (statement_is("sweep") && self.statement.contains(&"while"))
        {
            Scope::Dropped
        } else if self.blocks.iter().any(|b| b.head == "on") || statement_is("on") || statement_is("relay") {
            Scope::AfterLap
        } else {
            Scope::Everywhere
        }
    }
}

fn is_operator(word: &str) -> bool {
    matches!(word, "and" | "or" | "not" | "in" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "%" | ",")
}

/// The context of the point `offset` of `source`: made of the tokens that
/// end before it (a word being typed at the point is not part of it).
pub fn context_at(source: &str, offset: usize) -> Context<'_> {
    let toks: Vec<Token> =
        tokens(source).into_iter().take_while(|t| t.span.end <= offset && !touches_word(*t, offset)).collect();
    walk(source, &toks)
}

/// True for a word or number that ends exactly at `offset`: it is being typed.
fn touches_word(t: Token, offset: usize) -> bool {
    t.span.end == offset && matches!(t.kind, TokenKind::Word | TokenKind::Int)
}

/// Reads the statements and blocks of `toks`.
fn walk<'s>(source: &'s str, toks: &[Token]) -> Context<'s> {
    let mut ctx = Context { blocks: Vec::new(), statement: Vec::new(), brackets: 0 };
    // A statement a line end may have ended: a `{` or an operator starting
    // the next line takes it up again.
    let mut ended: Option<(Vec<&'s str>, usize)> = None;
    for t in toks {
        let text = t.text(source);
        match t.kind {
            TokenKind::Comment | TokenKind::Bom => continue,
            TokenKind::Newline => {
                let continues = ctx.brackets > 0
                    || ctx.statement.last().is_some_and(|w| is_operator(w) || *w == "(" || *w == "[")
                    || (ctx.statement.len() > 1
                        && ctx.statement.last().is_some_and(|w| matches!(*w, "when" | "while")));
                if !continues && !ctx.statement.is_empty() {
                    ended = Some((std::mem::take(&mut ctx.statement), ctx.brackets));
                }
                continue;
            }
            _ => {}
        }
        if let Some((statement, brackets)) = ended.take() {
            if text == "{" || t.is_infix(source) {
                ctx.statement = statement;
                ctx.brackets = brackets;
            }
        }
        match (t.kind, text) {
            (TokenKind::Semi, _) => ctx.statement.clear(),
            (TokenKind::Open, "{") => {
                let head = ctx.statement.first().copied().unwrap_or("");
                let second =
                    ctx.statement.get(1).copied().filter(|w| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
                ctx.blocks.push(Opened { head, second });
                ctx.statement.clear();
                ctx.brackets = 0;
            }
            (TokenKind::Close, "}") => {
                ctx.blocks.pop();
                ctx.statement.clear();
                ctx.brackets = 0;
            }
            (TokenKind::Open, _) => {
                ctx.brackets += 1;
                ctx.statement.push(text);
            }
            (TokenKind::Close, _) => {
                ctx.brackets = ctx.brackets.saturating_sub(1);
                ctx.statement.push(text);
            }
            _ => ctx.statement.push(text),
        }
    }
    ctx
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_marker(text: &str) -> Context<'static> {
        let offset = text.find('|').unwrap();
        let source: &'static str = Box::leak(text.replacen('|', "", 1).into_boxed_str());
        context_at(source, offset)
    }

    #[test]
    fn blocks_statements_and_scopes() {
        let c = at_marker("game \"x\" {\n  |");
        assert_eq!((c.parent(), c.head()), (Some("game"), None));
        let c = at_marker("game \"x\" {\n  sowing {\n    dir|");
        assert_eq!((c.parent(), c.head()), (Some("sowing"), None));
        let c = at_marker("game \"x\" {\n  on drop when count(hole) > 0 {\n    sweep backward from landing while |");
        assert_eq!((c.parent(), c.head()), (Some("on"), Some("sweep")));
        assert!(c.in_expression());
        assert_eq!(c.scope(), Scope::Dropped);
        let c = at_marker("game \"x\" {\n  moves {\n    lift when count(|");
        assert_eq!(c.scope(), Scope::Everywhere);
        assert!(c.in_expression());
        let c = at_marker("game \"x\" {\n  sowing {\n    direction |");
        assert!(!c.in_expression());
        assert_eq!(c.head(), Some("direction"));
        let c = at_marker("game \"x\" {\n  on sowing_end when landing in mover_row\n    and |");
        assert_eq!((c.head(), c.scope()), (Some("on"), Scope::AfterLap));
        let c = at_marker("game \"x\" {\n  board\n  {\n    |");
        assert_eq!(c.parent(), Some("board"));
        let c = at_marker("game \"x\" {\n  board { rows 2 }\n  |");
        assert_eq!((c.parent(), c.head()), (Some("game"), None));
    }
}
