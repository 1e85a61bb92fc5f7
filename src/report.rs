//! Rendering diagnostics for people (miette's graphical report) and for
//! tools (JSON). This is the edge where plain [`Diagnostic`] data meets a
//! terminal; it exists only with the `cli` feature.

use crate::diagnostic::{Diagnostic, Span};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use serde::Serialize;
use std::fmt;

/// A diagnostic together with the file it is about, as miette wants it.
struct Report<'a> {
    diag: &'a Diagnostic,
    source: NamedSource<String>,
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

fn source_span(s: Span) -> SourceSpan {
    SourceSpan::new(s.start.into(), s.end - s.start)
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
        let primary = LabeledSpan::new_primary_with_span(Some(self.diag.label.clone()), source_span(self.diag.span));
        let related =
            self.diag.related.iter().map(|l| LabeledSpan::new_with_span(Some(l.text.clone()), source_span(l.span)));
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
    let report = Report { diag, source: NamedSource::new(file, source.to_string()) };
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
