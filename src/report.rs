//! Rendering diagnostics for people (miette's graphical report) and for
//! tools (JSON). This is the edge where plain [`Diagnostic`] data meets a
//! terminal; it exists only with the `cli` feature.

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use serde::Serialize;
use sowspec_core::diagnostic::{Diagnostic, Span};
use std::fmt;

/// A diagnostic together with the file it is about, as miette wants it.
struct Report<'a> {
    diag: &'a Diagnostic,
    source: NamedSource<String>,
    /// Where the source's text moved when it was made printable.
    shifts: Vec<(usize, usize)>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diag, f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl std::error::Error for Report<'_> {}

/// `source` with each control character other than tab and line ends shown
/// as its Unicode picture (`␀`, `␛`, `␡`; `�` for U+0080 to U+009F): copied
/// raw into a report, an escape sequence in a rules file would reach the
/// terminal. Also returns where the text moved: `(offset, extra)` pairs,
/// each saying that offsets from `offset` on moved `extra` bytes in all.
fn printable(source: &str) -> (String, Vec<(usize, usize)>) {
    let mut text = String::with_capacity(source.len());
    let mut shifts = Vec::new();
    let mut extra = 0;
    for (i, c) in source.char_indices() {
        let shown = match c {
            '\t' | '\n' | '\r' => c,
            '\0'..='\u{1f}' => char::from_u32(0x2400 + u32::from(c)).expect("a control picture"),
            '\u{7f}' => '\u{2421}',
            c if c.is_control() => '\u{fffd}',
            c => c,
        };
        text.push(shown);
        if shown != c {
            extra += shown.len_utf8() - c.len_utf8();
            shifts.push((i + 1, extra));
        }
    }
    (text, shifts)
}

impl Report<'_> {
    /// A span of the source as a span of the printable text.
    fn source_span(&self, s: Span) -> SourceSpan {
        let moved = |o: usize| {
            let before = self.shifts.partition_point(|&(at, _)| at <= o);
            o + before.checked_sub(1).map_or(0, |i| self.shifts[i].1)
        };
        let (start, end) = (moved(s.start), moved(s.end));
        SourceSpan::new(start.into(), end - start)
    }
}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diag.code.name()))
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diag.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let primary =
            LabeledSpan::new_primary_with_span(Some(self.diag.label.clone()), self.source_span(self.diag.span));
        let related = self
            .diag
            .related
            .iter()
            .map(|l| LabeledSpan::new_with_span(Some(l.text.clone()), self.source_span(l.span)));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}

/// How to draw a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Colours and Unicode box drawing, for a terminal.
    Color,
    /// No colour, Unicode box drawing: for pipes, `NO_COLOR` and snapshots.
    Plain,
}

/// Renders one diagnostic about `file` (whose text is `source`) at width 80.
pub fn render(diag: &Diagnostic, file: &str, source: &str, style: Style) -> String {
    let theme = match style {
        Style::Color => GraphicalTheme::unicode(),
        Style::Plain => GraphicalTheme::unicode_nocolor(),
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(80).with_links(false);
    let (text, shifts) = printable(source);
    let report = Report { diag, source: NamedSource::new(file, text), shifts };
    let mut out = String::new();
    handler.render_report(&mut out, &report).expect("writing to a String cannot fail");
    out
}

/// One diagnostic as JSON, for editors and CI annotations.
#[derive(Clone, Debug, Serialize)]
pub struct JsonDiagnostic {
    /// The file it is about.
    pub file: String,
    /// The code, e.g. `sowspec::unknown-word`.
    pub code: &'static str,
    /// Byte offsets `[start, end)`.
    pub span: [usize; 2],
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column (in characters) of the span's start.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The label on the span.
    pub label: String,
    /// How to fix it.
    pub help: Option<String>,
}

/// The JSON form of a diagnostic about `file`.
pub fn to_json(diag: &Diagnostic, file: &str, source: &str) -> JsonDiagnostic {
    let (line, column) = diag.span.line_col(source);
    JsonDiagnostic {
        file: file.to_string(),
        code: diag.code.name(),
        span: [diag.span.start, diag.span.end],
        line,
        column,
        message: diag.message.clone(),
        label: diag.label.clone(),
        help: diag.help.clone(),
    }
}

/// One diagnostic as a GitHub Actions workflow command,
/// `::error file=F,line=L,col=C,title=CODE::message`, which the Actions log
/// shows as an annotation on that line of the file. The help line follows
/// the message on a line of its own.
pub fn to_github(diag: &Diagnostic, file: &str, source: &str) -> String {
    let (line, column) = diag.span.line_col(source);
    let message = match &diag.help {
        Some(help) => format!("{}\nhelp: {help}", diag.message),
        None => diag.message.clone(),
    };
    format!(
        "::error file={},line={line},col={column},title={}::{}",
        github_property(file),
        github_property(diag.code.name()),
        github_data(&message)
    )
}

/// A workflow command's message, escaped as the runner wants it.
fn github_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// A workflow command's property value (`file=…`), escaped.
fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}
