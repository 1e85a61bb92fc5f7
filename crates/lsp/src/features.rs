//! What the server answers: hover, completion, document symbols and
//! formatting, each a function of the document's text.

use crate::context::context_at;
use crate::position::LineIndex;
use lsp_types::{
    CompletionItem, CompletionItemKind, DocumentSymbol, Documentation, Hover, HoverContents, MarkupContent, MarkupKind,
    Position, SymbolKind, TextEdit,
};
use sowspec_core::reference::{self, Entry, Kind, Place};
use sowspec_core::syntax::lexer::{tokens, TokenKind};
use sowspec_core::syntax::{self, Statement};

/// Documents over the rules file limit get no answers, as `check` refuses them.
fn too_large(text: &str) -> bool {
    text.len() > syntax::MAX_SOURCE_BYTES
}

fn markdown(value: String) -> MarkupContent {
    MarkupContent { kind: MarkupKind::Markdown, value }
}

/// The reference entry of the word (or operator) at `position`, with its range.
pub fn hover(text: &str, position: Position) -> Option<Hover> {
    if too_large(text) {
        return None;
    }
    let index = LineIndex::new(text);
    let offset = index.offset(position);
    let toks = tokens(text);
    let i = toks.iter().position(|t| t.span.start <= offset && offset < t.span.end.max(t.span.start + 1))?;
    let t = toks[i];
    if !matches!(t.kind, TokenKind::Word | TokenKind::Op) {
        return None;
    }
    let ctx = context_at(text, t.span.start);
    let call = toks.get(i + 1).is_some_and(|n| n.glued && n.text(text) == "(") && !t.is_keyword(text);
    let place = match ctx.head() {
        None => Place::Head { parent: ctx.parent() },
        Some(head) => Place::Arg { head, parent: ctx.parent(), call },
    };
    let entry = reference::lookup(t.text(text), place)?;
    Some(Hover { contents: HoverContents::Markup(markdown(entry.hover())), range: Some(index.range(t.span)) })
}

fn item(e: &Entry) -> CompletionItem {
    let kind = match e.kind {
        Kind::Section => CompletionItemKind::MODULE,
        Kind::Statement | Kind::Event => CompletionItemKind::KEYWORD,
        Kind::Action => CompletionItemKind::METHOD,
        Kind::Operator | Kind::Keyword => CompletionItemKind::OPERATOR,
        Kind::Hole | Kind::Player | Kind::Row | Kind::Value if e.is_function() => CompletionItemKind::FUNCTION,
        Kind::Hole | Kind::Player | Kind::Row | Kind::Value => CompletionItemKind::VARIABLE,
    };
    CompletionItem {
        label: e.word.to_string(),
        kind: Some(kind),
        detail: Some(e.form.replace('`', "")),
        documentation: Some(Documentation::MarkupContent(markdown(e.hover()))),
        ..CompletionItem::default()
    }
}

fn word_item(word: &str, of: &Entry) -> CompletionItem {
    CompletionItem {
        label: word.to_string(),
        kind: Some(CompletionItemKind::ENUM_MEMBER),
        detail: Some(of.form.replace('`', "")),
        documentation: Some(Documentation::MarkupContent(markdown(of.hover()))),
        ..CompletionItem::default()
    }
}

/// What may be written at `position`: the statements of the block at the
/// start of a line (the sections in `game`), the words of the statement
/// after its head, and in conditions the holes, players, rows, numbers,
/// functions and operators that exist there.
pub fn completion(text: &str, position: Position) -> Vec<CompletionItem> {
    if too_large(text) {
        return Vec::new();
    }
    let offset = LineIndex::new(text).offset(position);
    let ctx = context_at(text, offset);
    let Some(head) = ctx.head() else {
        return reference::statements_in(ctx.parent()).into_iter().map(item).collect();
    };
    let own = reference::lookup(head, Place::Head { parent: ctx.parent() });
    let mut items = Vec::new();
    if head == "on" {
        // The events, then their words (`including last`, …).
        let events: Vec<&Entry> = reference::entries().iter().filter(|e| e.kind == Kind::Event).collect();
        items.extend(events.iter().map(|e| item(e)));
        items.extend(events.iter().flat_map(|e| e.words.iter().map(|w| word_item(w, e))));
    }
    if let Some(own) = own {
        items.extend(own.words.iter().map(|w| word_item(w, own)));
    }
    if ctx.in_expression() {
        items.extend(reference::expression_items(ctx.scope()).into_iter().map(item));
    } else if head == "on" || own.is_some_and(|e| e.form.contains(" when ")) {
        items.extend(reference::entries().iter().filter(|e| e.word == "when").map(item));
    }
    items
}

/// The sections of the game (and the statements of each) as a tree of
/// symbols; nothing when the file does not parse.
pub fn symbols(text: &str) -> Vec<DocumentSymbol> {
    if too_large(text) {
        return Vec::new();
    }
    let Ok(statements) = syntax::parse(text) else { return Vec::new() };
    let index = LineIndex::new(text);
    statements.iter().map(|s| symbol(text, &index, s, 0)).collect()
}

fn symbol(text: &str, index: &LineIndex<'_>, st: &Statement, depth: usize) -> DocumentSymbol {
    let name = match st.args.first() {
        Some(a) if matches!(st.head.name.as_str(), "game" | "on") => {
            format!("{} {}", st.head.name, &text[a.span().start..a.span().end])
        }
        _ => st.head.name.clone(),
    };
    let kind = match (depth, st.head.name.as_str()) {
        (0, _) => SymbolKind::MODULE,
        (1, "on") => SymbolKind::EVENT,
        (1, _) => SymbolKind::NAMESPACE,
        _ => SymbolKind::FIELD,
    };
    let children = st.block.as_ref().map(|b| b.statements.iter().map(|s| symbol(text, index, s, depth + 1)).collect());
    let line_end = st.args.last().map_or(st.head.span.end, |a| a.span().end);
    #[allow(deprecated)] // `deprecated` is a field the type still requires
    DocumentSymbol {
        name,
        detail: Some(text[st.span.start..line_end].lines().next().unwrap_or_default().to_string()),
        kind,
        tags: None,
        deprecated: None,
        range: index.range(st.span),
        selection_range: index.range(st.head.span),
        children,
    }
}

/// The edit that formats the document (none when it is formatted).
///
/// # Errors
/// Why it cannot be formatted: it does not parse, or is too large.
pub fn formatting(text: &str) -> Result<Vec<TextEdit>, String> {
    if too_large(text) {
        return Err("not formatted: the file is over the 1 MiB a rules file may hold".to_string());
    }
    match sowspec_core::format::format(text) {
        Ok(out) if out == text => Ok(Vec::new()),
        Ok(out) => Ok(vec![TextEdit::new(LineIndex::new(text).whole(), out)]),
        Err(sowspec_core::format::FormatError::Invalid(d)) => {
            Err(format!("not formatted: the file does not parse ({} problems)", d.len()))
        }
        Err(e) => Err(e.to_string()),
    }
}
