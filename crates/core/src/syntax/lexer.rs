//! The tokens of a rules file, with their spans: what the formatter lays out
//! and what an editor reads around the cursor.
//!
//! The lexer is tolerant: any text lexes, a character that starts nothing
//! being an [`TokenKind::Unknown`] token and an unclosed string running to
//! the end of its line, so that an editor can ask about a file that does not
//! parse. It splits the text exactly as the grammar does: words are
//! `[A-Za-z_][A-Za-z0-9_]*`, numbers are digits, and blanks (spaces and tabs)
//! only separate.

use crate::diagnostic::Span;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A word, the keywords `and`, `or`, `not` and `in` included.
    Word,
    /// Digits.
    Int,
    /// A quoted string, quotes included (maybe unclosed, up to the line end).
    Str,
    /// `==`, `!=`, `<=`, `>=`, `<`, `>`, `+`, `-` or `%`.
    Op,
    /// `,`
    Comma,
    /// `;`, which ends a statement like a line end.
    Semi,
    /// `(`, `[` or `{`.
    Open,
    /// `)`, `]` or `}`.
    Close,
    /// `#` to the end of the line (the line end not included).
    Comment,
    /// `\n`, `\r\n` or a lone `\r`.
    Newline,
    /// The byte-order mark some editors write at the start of a file.
    Bom,
    /// A character that starts nothing in a rules file.
    Unknown,
}

/// One token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it stands.
    pub span: Span,
    /// True when no blank separates it from the token before (on its line).
    pub glued: bool,
}

impl Token {
    /// The token's text in `source`.
    pub fn text(self, source: &str) -> &str {
        &source[self.span.start..self.span.end]
    }

    /// True for a token that is neither a comment nor a line end.
    pub fn is_code(self) -> bool {
        !matches!(self.kind, TokenKind::Comment | TokenKind::Newline | TokenKind::Bom)
    }

    /// True for a binary operator: `and`, `or`, `in`, `==`, `+`, … (not `not`).
    pub fn is_infix(self, source: &str) -> bool {
        match self.kind {
            TokenKind::Op => true,
            TokenKind::Word => matches!(self.text(source), "and" | "or" | "in"),
            _ => false,
        }
    }

    /// True for a keyword of the grammar: `and`, `or`, `not`, `in`, which are never names.
    pub fn is_keyword(self, source: &str) -> bool {
        self.kind == TokenKind::Word && matches!(self.text(source), "and" | "or" | "not" | "in")
    }
}

fn is_word_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The tokens of `source`, in order; blanks are left out.
pub fn tokens(source: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut chars = source.char_indices().peekable();
    let mut glued = false;
    while let Some((start, c)) = chars.next() {
        let mut end_while = |pred: &dyn Fn(char) -> bool| {
            while chars.next_if(|&(_, c)| pred(c)).is_some() {}
            chars.peek().map_or(source.len(), |&(i, _)| i)
        };
        let (kind, end) = match c {
            ' ' | '\t' => {
                glued = false;
                continue;
            }
            '\u{FEFF}' if start == 0 => (TokenKind::Bom, start + c.len_utf8()),
            '\n' => (TokenKind::Newline, start + 1),
            '\r' => match chars.next_if(|&(_, c)| c == '\n') {
                Some(_) => (TokenKind::Newline, start + 2),
                None => (TokenKind::Newline, start + 1),
            },
            '#' => (TokenKind::Comment, end_while(&|c| c != '\n' && c != '\r')),
            '"' => {
                let mut end = source.len();
                let mut escaped = false;
                while let Some(&(i, c)) = chars.peek() {
                    if c == '\n' || c == '\r' {
                        end = i;
                        break;
                    }
                    chars.next();
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == '"' {
                        end = i + 1;
                        break;
                    }
                }
                (TokenKind::Str, end)
            }
            c if is_word_start(c) => (TokenKind::Word, end_while(&is_word_char)),
            c if c.is_ascii_digit() => (TokenKind::Int, end_while(&|c| c.is_ascii_digit())),
            '=' | '!' | '<' | '>' => match chars.next_if(|&(_, c)| c == '=') {
                Some(_) => (TokenKind::Op, start + 2),
                None if c == '<' || c == '>' => (TokenKind::Op, start + 1),
                None => (TokenKind::Unknown, start + 1),
            },
            '+' | '-' | '%' => (TokenKind::Op, start + 1),
            ',' => (TokenKind::Comma, start + 1),
            ';' => (TokenKind::Semi, start + 1),
            '(' | '[' | '{' => (TokenKind::Open, start + 1),
            ')' | ']' | '}' => (TokenKind::Close, start + 1),
            c => (TokenKind::Unknown, start + c.len_utf8()),
        };
        out.push(Token { kind, span: Span::new(start, end), glued });
        glued = !matches!(kind, TokenKind::Newline);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<(TokenKind, &str, bool)> {
        tokens(source).into_iter().map(|t| (t.kind, t.text(source), t.glued)).collect()
    }

    #[test]
    fn splits_like_the_grammar() {
        use TokenKind::*;
        assert_eq!(
            kinds("lift when count(origin)>=2and x # c\r\n"),
            vec![
                (Word, "lift", false),
                (Word, "when", false),
                (Word, "count", false),
                (Open, "(", true),
                (Word, "origin", true),
                (Close, ")", true),
                (Op, ">=", true),
                (Int, "2", true),
                (Word, "and", true),
                (Word, "x", false),
                (Comment, "# c", false),
                (Newline, "\r\n", true),
            ]
        );
    }

    #[test]
    fn strings_and_strays() {
        use TokenKind::*;
        assert_eq!(
            kinds("\u{FEFF}game \"a \\\" b\" = é \"open\nx"),
            vec![
                (Bom, "\u{FEFF}", false),
                (Word, "game", true),
                (Str, "\"a \\\" b\"", false),
                (Unknown, "=", false),
                (Unknown, "é", false),
                (Str, "\"open", false),
                (Newline, "\n", true),
                (Word, "x", false),
            ]
        );
    }
}
