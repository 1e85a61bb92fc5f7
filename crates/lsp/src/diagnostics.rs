//! Checker diagnostics as LSP diagnostics, and the quick fixes they suggest.

use crate::position::LineIndex;
use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Range, TextEdit, Uri, WorkspaceEdit,
};
use sowspec_core::diagnostic::Diagnostic as Problem;

/// The problems `sowspec check` reports for `text` (none when it checks).
pub fn problems(text: &str) -> Vec<Problem> {
    sowspec_core::check(text).err().unwrap_or_default()
}

/// One problem as an LSP diagnostic: the label joins the message, and the
/// help line and the other labelled spans come as related information.
pub fn to_lsp(problem: &Problem, uri: &Uri, index: &LineIndex<'_>) -> Diagnostic {
    let at = |span| Location::new(uri.clone(), index.range(span));
    let mut related: Vec<DiagnosticRelatedInformation> = problem
        .related
        .iter()
        .map(|l| DiagnosticRelatedInformation { location: at(l.span), message: l.text.clone() })
        .collect();
    if let Some(help) = &problem.help {
        related
            .insert(0, DiagnosticRelatedInformation { location: at(problem.span), message: format!("help: {help}") });
    }
    Diagnostic {
        range: index.range(problem.span),
        severity: Some(DiagnosticSeverity::ERROR),
        code: Some(NumberOrString::String(problem.code.name().to_string())),
        source: Some("sowspec".to_string()),
        message: format!("{} ({})", problem.message, problem.label),
        related_information: Some(related),
        ..Diagnostic::default()
    }
}

/// Every diagnostic of `text`.
pub fn diagnostics(text: &str, uri: &Uri) -> Vec<Diagnostic> {
    let index = LineIndex::new(text);
    problems(text).iter().map(|p| to_lsp(p, uri, &index)).collect()
}

/// Quick fixes for the problems touching `range`: each misspelt word
/// replaced by the word the checker suggests.
pub fn quick_fixes(text: &str, uri: &Uri, range: Range) -> Vec<CodeAction> {
    let index = LineIndex::new(text);
    let touches = |r: Range| r.start <= range.end && range.start <= r.end;
    problems(text)
        .iter()
        .filter_map(|p| {
            let replacement = p.replacement.as_ref()?;
            let diagnostic = to_lsp(p, uri, &index);
            if !touches(diagnostic.range) {
                return None;
            }
            let edit = TextEdit::new(diagnostic.range, replacement.clone());
            Some(CodeAction {
                title: format!("Replace with `{replacement}`"),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic]),
                edit: Some(WorkspaceEdit {
                    changes: Some([(uri.clone(), vec![edit])].into()),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(true),
                ..CodeAction::default()
            })
        })
        .collect()
}
