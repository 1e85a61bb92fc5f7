//! The book's language reference, generated from the entries.

use super::{entries, Entry, Kind, Scope};

/// A Markdown table: a header row, then one row per entry.
fn table(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut out = format!("| {} |\n|{}\n", header.join(" | "), "---|".repeat(header.len()));
    for row in rows {
        // A `|` in a cell would end it, even inside backticks.
        let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
        out += &format!("| {} |\n", cells.join(" | "));
    }
    out
}

fn of(kind: Kind, parent: &str) -> impl Iterator<Item = &'static Entry> + '_ {
    entries().iter().filter(move |e| e.kind == kind && (parent.is_empty() || e.parent == parent))
}

fn row(e: &Entry) -> Vec<String> {
    vec![e.form.to_string(), e.meaning.to_string()]
}

/// Where a hole exists, for the book.
fn place(e: &Entry) -> &'static str {
    match e.scope {
        _ if e.is_function() => "",
        Scope::Everywhere => "everywhere",
        Scope::AfterLap => "`relay`, `on` rules",
        Scope::Dropped => "`on drop`, `sweep`",
    }
}

/// The book's reference of sections and conditions, in Markdown: what
/// `docs/src/reference.md` holds between its `reference:start` and `reference:end`
/// markers (a test compares them).
pub fn markdown() -> String {
    let mut out = String::from("### Sections\n\n");
    for s in of(Kind::Section, "game") {
        out += &format!("{}: {}\n\n", s.form, s.meaning);
        if s.word == "on" {
            out += &table(&["rule", "when it fires"], of(Kind::Event, "on").map(row));
            out += "\nActions:\n\n";
            out += &table(&["action", "meaning"], of(Kind::Action, "on").map(row));
        } else {
            out += &table(&["statement", "meaning"], of(Kind::Statement, s.word).map(row));
        }
        out += "\n";
    }
    out += "### Conditions\n\nConditions combine comparisons with `and`, `or`, `not` and parentheses.\n\n";
    let conditions = entries().iter().filter(|e| matches!(e.kind, Kind::Value | Kind::Operator | Kind::Keyword));
    out += &table(&["form", "meaning"], conditions.map(row));
    out += "\nHoles:\n\n";
    out += &table(
        &["name", "meaning", "where"],
        of(Kind::Hole, "").map(|e| vec![e.form.to_string(), e.meaning.to_string(), place(e).to_string()]),
    );
    out += "\nPlayers and rows:\n\n";
    out +=
        &table(&["name", "meaning"], entries().iter().filter(|e| matches!(e.kind, Kind::Player | Kind::Row)).map(row));
    out
}
