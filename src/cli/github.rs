//! GitHub workflow annotations for `conform --format github`: one
//! `::error file=…,line=…,title=…::message` line per failed fixture, which a
//! GitHub Actions log shows on the fixture's line.

use sowspec::conform::Failure;
use std::path::Path;

/// The annotation of a failed fixture; `report` is the whole failure report.
pub fn error(file: &Path, failure: Option<&Failure>, report: &str) -> String {
    let line = std::fs::read_to_string(file).map_or(1, |text| line_of(&text, failure));
    format!(
        "::error file={},line={line},title={}::{}",
        property(&file.display().to_string()),
        property("sowspec conform"),
        data(report.trim_end())
    )
}

/// An annotation about the run as a whole (no fixture to point at), such
/// as an engine that cannot be tested at all.
pub fn run_error(message: &str) -> String {
    format!("::error title={}::{}", property("sowspec conform"), data(message.trim_end()))
}

/// The line of the fixture that the failure is about: the expectation of
/// the diverging ply, the moves for a refused move or a failing engine,
/// `result` for a wrong result, else the first line.
fn line_of(text: &str, failure: Option<&Failure>) -> usize {
    let keys: Vec<String> = match failure {
        Some(Failure::Diverged { ply, .. }) => vec![format!("\"ply\": {ply},"), format!("ply: {ply}")],
        Some(Failure::Refused { .. } | Failure::Broken { .. }) => vec!["moves:".to_string()],
        Some(Failure::Internal(i)) => {
            vec![format!("\"ply\": {},", i.ply()), format!("ply: {},", i.ply()), "moves:".to_string()]
        }
        Some(Failure::Result { .. }) => vec!["result:".to_string()],
        Some(Failure::Setup(_)) => vec!["from:".to_string(), "rules:".to_string()],
        None => Vec::new(),
    };
    let hit = |key: &String| text.lines().position(|l| l.contains(key.as_str()));
    keys.iter().find_map(hit).map_or(1, |i| i + 1)
}

/// A message escaped as the workflow command's data.
fn data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// A value escaped as a workflow command's property.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_escapes() {
        let text = "rules: x\nmoves: [a, b]\nexpect:\n  - {\"ply\": 1, \"board\": 1}\n  - ply: 2\n";
        let diverged = |ply| Failure::Diverged { ply, differences: Vec::new() };
        assert_eq!(line_of(text, Some(&diverged(1))), 4);
        assert_eq!(line_of(text, Some(&diverged(2))), 5);
        assert_eq!(
            line_of(
                text,
                Some(&Failure::Broken { ply: 1, kind: sowspec::conform::Breach::Exited, message: String::new() })
            ),
            2
        );
        assert_eq!(line_of(text, None), 1);
        assert_eq!(data("50% a\nb"), "50%25 a%0Ab");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }
}
