//! Tokens → lines → text: the layout the module documentation describes.
//! The source is known to parse, which is what lets a line break be told
//! apart as a statement's end or a continuation from the tokens alone.

use super::COMMENT_COLUMN;
use crate::syntax::lexer::{tokens, Token, TokenKind};

/// Spaces a block indents its statements by.
const INDENT: usize = 2;
/// Extra spaces before the continuation lines of a statement.
const CONTINUATION: usize = 4;
/// Least blanks between code and its trailing comment.
const COMMENT_GAP: usize = 3;
/// Code wider than this keeps its trailing comment to itself, three blanks
/// after it, instead of pushing the comments of its neighbours that far right.
const ALIGN_WIDTH: usize = 80;

/// One output line.
#[derive(Debug, Default)]
struct Line {
    indent: usize,
    code: String,
    comment: Option<String>,
}

/// What the last line written was, for the blank-line rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Last {
    /// Nothing yet.
    Start,
    /// A line ending with `{`.
    Opener,
    /// Any other line with code.
    Code,
    /// A comment alone on its line.
    Comment,
}

/// The canonical layout of `source`, which must parse.
pub(super) fn layout(source: &str) -> String {
    let toks = reorder(source, tokens(source));
    let mut w = Writer::new(source);
    for t in &toks {
        w.token(*t);
    }
    w.finish()
}

/// Moves a `{` that starts its line to the end of the statement before it,
/// and an operator that starts its line to the end of the line before: all
/// that stood between (comments, line ends) now follows it.
fn reorder(source: &str, mut toks: Vec<Token>) -> Vec<Token> {
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        let moves = (t.kind == TokenKind::Open && t.text(source) == "{") || t.is_infix(source);
        if moves {
            let before = toks[..i].iter().rposition(|t| t.is_code());
            if let Some(p) = before.filter(|&p| toks[p + 1..i].iter().any(|t| t.kind == TokenKind::Newline)) {
                let t = toks.remove(i);
                // The line the token leaves may now be empty: not a blank line.
                if toks[i - 1].kind == TokenKind::Newline && toks.get(i).is_some_and(|n| n.kind == TokenKind::Newline) {
                    toks.remove(i);
                }
                toks.insert(p + 1, Token { glued: false, ..t });
            }
        }
        i += 1;
    }
    toks
}

struct Writer<'s> {
    source: &'s str,
    lines: Vec<Line>,
    /// The line being built.
    line: Line,
    /// The last code token on the line being built.
    line_last: Option<Token>,
    /// Block depth.
    depth: usize,
    /// Open `(` and `[`.
    brackets: usize,
    /// The statement's last code token; `None` before its head.
    prev: Option<Token>,
    /// The statement's head.
    head: Option<Token>,
    /// The line being built continues a statement.
    continued: bool,
    /// The next code token starts a new line (after `{`, `}`, `;`).
    pending_break: bool,
    /// Line ends since the last token written.
    newlines: usize,
    last: Last,
    bom: bool,
}

impl<'s> Writer<'s> {
    fn new(source: &'s str) -> Self {
        Writer {
            source,
            lines: Vec::new(),
            line: Line::default(),
            line_last: None,
            depth: 0,
            brackets: 0,
            prev: None,
            head: None,
            continued: false,
            pending_break: false,
            newlines: 0,
            last: Last::Start,
            bom: false,
        }
    }

    fn text(&self, t: Token) -> &'s str {
        t.text(self.source)
    }

    fn token(&mut self, t: Token) {
        match t.kind {
            TokenKind::Bom => self.bom = true,
            TokenKind::Newline => self.newline(),
            TokenKind::Comment => self.comment(t),
            TokenKind::Semi => self.end_statement(),
            TokenKind::Open if self.text(t) == "{" => {
                self.code(t);
                self.depth += 1;
                self.end_statement();
            }
            TokenKind::Close if self.text(t) == "}" => {
                self.flush();
                self.depth = self.depth.saturating_sub(1);
                self.continued = false;
                self.code(t);
                self.end_statement();
            }
            _ => self.code(t),
        }
    }

    /// After `;`, `{` and `}`: the next token starts a statement on a new line.
    fn end_statement(&mut self) {
        self.prev = None;
        self.pending_break = true;
        self.continued = false;
    }

    /// Whether a line break here continues the statement.
    fn continues(&self) -> bool {
        let Some(prev) = self.prev else { return false };
        if self.brackets > 0 || prev.is_infix(self.source) {
            return true;
        }
        match prev.kind {
            TokenKind::Comma | TokenKind::Open => true,
            // `when` or `while` as an argument (not the head, not a call's name).
            TokenKind::Word => matches!(self.text(prev), "when" | "while") && self.head != Some(prev),
            _ => false,
        }
    }

    fn newline(&mut self) {
        self.newlines += 1;
        if self.line.code.is_empty() && self.line.comment.is_none() {
            return;
        }
        let had_code = !self.line.code.is_empty();
        let continues = self.continues() && !self.pending_break;
        self.flush();
        if had_code {
            self.continued = continues;
            if !continues {
                self.prev = None;
            }
        }
    }

    fn comment(&mut self, t: Token) {
        let text = self.text(t).trim_end().to_string();
        if self.line.code.is_empty() {
            self.start_line(true);
        }
        self.line.comment = Some(text);
    }

    /// Writes out the line being built, if it holds anything.
    fn flush(&mut self) {
        if self.line.code.is_empty() && self.line.comment.is_none() {
            return;
        }
        self.last = match self.line_last {
            None => Last::Comment,
            Some(t) if t.kind == TokenKind::Open && self.text(t) == "{" => Last::Opener,
            Some(_) => Last::Code,
        };
        self.lines.push(std::mem::take(&mut self.line));
        self.line_last = None;
    }

    /// Starts a line: its indentation, and the blank line before it if one
    /// belongs there. `opens` is true for a statement's first line or a
    /// comment alone on its line, false for `}` and continuation lines.
    fn start_line(&mut self, opens: bool) {
        let indent = self.depth * INDENT + if self.continued { CONTINUATION } else { 0 };
        if opens && !self.continued && matches!(self.last, Last::Code | Last::Comment) {
            let author = self.newlines >= 2;
            let between_sections = self.depth == 1 && self.last == Last::Code;
            if author || between_sections {
                self.lines.push(Line::default());
            }
        }
        self.line.indent = indent;
        self.newlines = 0;
    }

    fn code(&mut self, t: Token) {
        if self.pending_break {
            self.flush();
            self.pending_break = false;
        }
        let is_close_brace = t.kind == TokenKind::Close && self.text(t) == "}";
        match self.line_last {
            None => self.start_line(!is_close_brace),
            Some(before) => {
                if self.spaced(before, t) {
                    self.line.code.push(' ');
                }
            }
        }
        self.line.code.push_str(self.text(t));
        match (t.kind, self.text(t)) {
            (TokenKind::Open, "(" | "[") => self.brackets += 1,
            (TokenKind::Close, ")" | "]") => self.brackets = self.brackets.saturating_sub(1),
            _ => {}
        }
        self.line_last = Some(t);
        if self.prev.is_none() {
            self.head = Some(t);
        }
        self.prev = Some(t);
        self.newlines = 0;
    }

    /// Whether a blank goes between two tokens of a line.
    fn spaced(&self, before: Token, after: Token) -> bool {
        let opens = |t: Token| t.kind == TokenKind::Open && self.text(t) != "{";
        let closes = |t: Token| t.kind == TokenKind::Close && self.text(t) != "}";
        if after.kind == TokenKind::Comma || closes(after) || opens(before) {
            return false;
        }
        // A call: its `(` follows its name directly.
        let call =
            after.glued && self.text(after) == "(" && before.kind == TokenKind::Word && !before.is_keyword(self.source);
        !call
    }

    fn finish(mut self) -> String {
        self.flush();
        align_comments(&mut self.lines);
        let mut out = String::with_capacity(self.source.len() + 64);
        if self.bom {
            out.push('\u{FEFF}');
        }
        for line in &self.lines {
            if !line.code.is_empty() || line.comment.is_some() {
                out.extend(std::iter::repeat_n(' ', line.indent));
            }
            out.push_str(&line.code);
            out.push_str(line.comment.as_deref().unwrap_or_default());
            out.push('\n');
        }
        out
    }
}

/// Pads the code of each line with a trailing comment up to the comment's
/// column: each run of consecutive lines with code and a trailing comment,
/// at one indentation and no wider than [`ALIGN_WIDTH`], shares one column;
/// a wider line is a run of its own.
fn align_comments(lines: &mut [Line]) {
    let width = |l: &Line| l.indent + l.code.chars().count();
    let trailing = |l: &Line| !l.code.is_empty() && l.comment.is_some();
    let aligned = |l: &Line| trailing(l) && width(l) <= ALIGN_WIDTH;
    let mut i = 0;
    while i < lines.len() {
        if !trailing(&lines[i]) {
            i += 1;
            continue;
        }
        let indent = lines[i].indent;
        let run = if aligned(&lines[i]) {
            lines[i..].iter().take_while(|l| aligned(l) && l.indent == indent).count()
        } else {
            1
        };
        let widest = lines[i..i + run].iter().map(width).max().unwrap_or(0);
        let column = COMMENT_COLUMN.max(widest + COMMENT_GAP);
        for l in &mut lines[i..i + run] {
            let pad = column - width(l);
            l.code.extend(std::iter::repeat_n(' ', pad));
        }
        i += run;
    }
}
