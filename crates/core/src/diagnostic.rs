//! Diagnostics as plain data: a code, a message, labelled byte spans and a
//! help line. Rendering (with `miette`) happens at the edge, in the binary.

use std::fmt;

/// A byte range in a rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (byte offsets).
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Line and column (both 1-based, column in characters) of the start of the span.
    pub fn line_col(self, source: &str) -> (usize, usize) {
        let start = self.start.min(source.len());
        let before = &source[..floor_char_boundary(source, start)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// What kind of mistake a diagnostic reports. Each code has a minimal rules
/// file that triggers it under `tests/diagnostics/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The text does not follow the grammar.
    Syntax,
    /// A bracket is never closed, or closes nothing.
    Unbalanced,
    /// The file is larger, or nested deeper, than sowspec accepts.
    TooLarge,
    /// A word that is not known where it stands.
    UnknownWord,
    /// A value of the wrong type (a hole where a number is needed, ...).
    WrongType,
    /// A number outside the range the rules language allows.
    OutOfRange,
    /// A required section or statement is missing.
    Missing,
    /// The same thing is declared twice.
    Duplicate,
    /// Two declarations that cannot both hold.
    Contradiction,
    /// A statement with too few or too many arguments.
    Arity,
    /// A rule whose condition can never be true, or that can never be reached.
    NeverFires,
}

impl Code {
    /// Every code, in documentation order.
    pub const ALL: [Code; 11] = [
        Code::Syntax,
        Code::Unbalanced,
        Code::TooLarge,
        Code::UnknownWord,
        Code::WrongType,
        Code::OutOfRange,
        Code::Missing,
        Code::Duplicate,
        Code::Contradiction,
        Code::Arity,
        Code::NeverFires,
    ];

    /// The stable name shown to authors, e.g. `sowspec::unknown-word`.
    pub fn name(self) -> &'static str {
        match self {
            Code::Syntax => "sowspec::syntax",
            Code::Unbalanced => "sowspec::unbalanced",
            Code::TooLarge => "sowspec::too-large",
            Code::UnknownWord => "sowspec::unknown-word",
            Code::WrongType => "sowspec::wrong-type",
            Code::OutOfRange => "sowspec::out-of-range",
            Code::Missing => "sowspec::missing",
            Code::Duplicate => "sowspec::duplicate",
            Code::Contradiction => "sowspec::contradiction",
            Code::Arity => "sowspec::arity",
            Code::NeverFires => "sowspec::never-fires",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A secondary span with its own short text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there.
    pub text: String,
}

/// One problem found in a rules file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind of problem.
    pub code: Code,
    /// One sentence: what is wrong.
    pub message: String,
    /// The offending span.
    pub span: Span,
    /// The text of the label on `span`.
    pub label: String,
    /// Further labelled spans (e.g. the first declaration of a duplicate).
    pub related: Vec<Label>,
    /// How to fix it.
    pub help: Option<String>,
    /// Text that fixes the problem when put in place of `span` (a misspelt
    /// word's likely meaning), for editors to offer as a quick fix.
    pub replacement: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with a message and a labelled span.
    pub fn new(code: Code, span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            span,
            label: label.into(),
            related: Vec::new(),
            help: None,
            replacement: None,
        }
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Suggests `meant` in place of the span: "did you mean `meant`?" as the
    /// help line, and `meant` as the [`replacement`](Diagnostic::replacement).
    pub fn with_suggestion(mut self, meant: &str) -> Self {
        self.help = Some(format!("did you mean `{meant}`?"));
        self.replacement = Some(meant.to_string());
        self
    }

    /// Adds a secondary label.
    pub fn with_related(mut self, span: Span, text: impl Into<String>) -> Self {
        self.related.push(Label { span, text: text.into() });
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Every diagnostic of one rules file; checking collects into it rather
/// than stopping at the first problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Records a problem.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// True when nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The recorded diagnostics, in source order.
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.0.sort_by_key(|d| (d.span.start, d.span.end));
        self.0
    }
}

/// The closest of `candidates` to `word`, if it is close enough to be a
/// plausible misspelling. A candidate that holds the whole of a word of
/// several parts as its `_`-separated parts comes first, the shortest
/// such (`inner_row` is `mover_inner_row` shortened, not `mover_row`
/// misspelt).
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let part_of = |c: &str| {
        word.contains('_')
            && c != word
            && (c.ends_with(&format!("_{word}"))
                || c.starts_with(&format!("{word}_"))
                || c.contains(&format!("_{word}_")))
    };
    if let Some(c) = candidates.iter().copied().filter(|c| part_of(c)).min_by_key(|c| c.len()) {
        return Some(c);
    }
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|&(d, c)| d <= (c.len().max(word.len()) / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}
