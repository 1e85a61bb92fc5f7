//! `conform --html`: one page for a run, every failure with the expected
//! and actual boards side by side and the text report of the diverging
//! move, so a CI artifact explains itself.

use super::{escape, page};
use crate::render::plural;
use sowspec_conform::fixture::Loaded;
use sowspec_conform::Failure;
use sowspec_core::protocol::Sides;

/// How a fixture fared.
pub enum Outcome {
    /// Every position and the result as recorded; how many positions were checked.
    Passed(usize),
    /// The engine did not play it, and why.
    Skipped(String),
    /// It failed: the text report, and the boards where it diverged if it did.
    Failed(String, Option<Boards>),
}

/// The expected and actual boards of a diverging position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boards {
    /// After how many moves.
    pub ply: usize,
    /// The fixture's boards, each side's holes left to right.
    pub expected: Sides<Vec<i64>>,
    /// The engine's.
    pub actual: Sides<Vec<i64>>,
}

/// One fixture's line on the page.
pub struct Entry {
    /// The rules file it plays.
    pub rules: String,
    /// The fixture file.
    pub file: String,
    /// How it fared.
    pub outcome: Outcome,
}

/// The boards of a divergence whose expectation gives the board: the
/// fixture's, and the engine's (the expected rows with the differing rows
/// replaced by what the engine reported).
pub fn boards(loaded: &Loaded, failure: &Failure) -> Option<Boards> {
    let Failure::Diverged { ply, differences } = failure else { return None };
    let expected = loaded.fixture.expect.iter().find(|e| e.ply == *ply)?.board.clone()?;
    let mut actual = expected.clone();
    for (field, _, got) in differences {
        let row = match *field {
            "board.south" => &mut actual.south,
            "board.north" => &mut actual.north,
            _ => continue,
        };
        *row = serde_json::from_str(got).ok()?;
    }
    Some(Boards { ply: *ply, expected, actual })
}

/// A board as a table, North's row on top from right to left; cells that
/// differ from `other` are marked.
fn board_table(caption: &str, b: &Sides<Vec<i64>>, other: &Sides<Vec<i64>>) -> String {
    let row = |side: char, cells: &[i64], others: &[i64], reversed: bool| {
        let mut tds: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let class = if others.get(i) == Some(n) { "" } else { " class=\"diff\"" };
                format!("<td{class}>{n}</td>")
            })
            .collect();
        if reversed {
            tds.reverse();
        }
        format!("<tr><th>{side}</th>{}</tr>", tds.concat())
    };
    format!(
        "<table class=\"board\"><caption>{}</caption>{}{}</table>",
        escape(caption),
        row('N', &b.north, &other.north, true),
        row('S', &b.south, &other.south, false)
    )
}

/// Removes ANSI colour sequences (the report may have been coloured for a terminal).
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The report page: a summary line, a table of every fixture, then each failure.
pub fn html(title: &str, summary: &str, entries: &[Entry]) -> String {
    let mut rows = String::new();
    let mut failures = String::new();
    for (i, e) in entries.iter().enumerate() {
        let (class, status) = match &e.outcome {
            Outcome::Passed(n) => ("pass", format!("passed ({})", plural(*n, "position"))),
            Outcome::Skipped(why) => ("skip", format!("skipped: {}", escape(why))),
            Outcome::Failed(..) => ("fail", format!("<a href=\"#f{i}\">failed</a>")),
        };
        rows += &format!(
            "<tr><td>{}</td><td>{}</td><td class=\"{class}\">{status}</td></tr>\n",
            escape(&e.rules),
            escape(&e.file)
        );
        if let Outcome::Failed(report, boards) = &e.outcome {
            let sides = boards.as_ref().map_or(String::new(), |b| {
                format!(
                    "<div class=\"sides\">{}{}</div>\n",
                    board_table(&format!("expected after ply {}", b.ply), &b.expected, &b.actual),
                    board_table(&format!("actual after ply {}", b.ply), &b.actual, &b.expected)
                )
            });
            failures += &format!(
                "<section id=\"f{i}\" class=\"failure\"><h3 class=\"fail\">FAIL {}</h3>\n{sides}<pre>{}</pre></section>\n",
                escape(&e.file),
                escape(&plain(report))
            );
        }
    }
    let body = format!(
        "<header><h1>{}</h1><p id=\"summary\">{}</p></header>\n<table id=\"fixtures\"><tr><th>rules</th><th>fixture</th><th>verdict</th></tr>\n{rows}</table>\n{}{failures}",
        escape(title),
        escape(summary),
        if failures.is_empty() { "" } else { "<h2>Failures</h2>\n" }
    );
    page(title, &body, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_is_removed_and_markup_escaped() {
        assert_eq!(plain("\x1b[1mS.a\x1b[0m <b>"), "S.a <b>");
        let entry = Entry {
            rules: "r.rules".into(),
            file: "f<1>.yaml".into(),
            outcome: Outcome::Failed(
                "\x1b[32mcapture\x1b[0m".into(),
                Some(Boards {
                    ply: 2,
                    expected: Sides { south: vec![1, 2], north: vec![3, 4] },
                    actual: Sides { south: vec![1, 5], north: vec![3, 4] },
                }),
            ),
        };
        let page = html("conform", "1 failed", &[entry]);
        assert!(page.contains("f&lt;1&gt;.yaml") && page.contains("<pre>capture</pre>"));
        assert_eq!(page.matches("class=\"diff\"").count(), 2, "S.b, in both boards");
        assert!(page.contains("<tr><th>N</th><td>4</td><td>3</td></tr>"), "North's row runs right to left");
    }
}
