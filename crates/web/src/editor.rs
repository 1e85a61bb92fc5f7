//! The editor's answers, from the language server's own functions: the
//! page asks these where an editor asks `sowspec lsp`.

use lsp_types::{Position, Uri};
use serde_json::{json, Value};
use sowspec_lsp::position::LineIndex;
use sowspec_lsp::{diagnostics as lsp_diagnostics, features};

/// The name the page's document goes by in diagnostics.
const URI: &str = "file:///untitled.rules";

/// Every diagnostic of `text`, as the language server publishes it, with
/// `fix`: the word the quick fix puts in its range, if there is one.
pub fn diagnostics(text: &str) -> String {
    let uri: Uri = URI.parse().expect("a valid URI");
    let index = LineIndex::new(text);
    let all: Vec<Value> = lsp_diagnostics::problems(text)
        .iter()
        .map(|p| json!({ "diagnostic": lsp_diagnostics::to_lsp(p, &uri, &index), "fix": p.replacement }))
        .collect();
    Value::Array(all).to_string()
}

/// The hover at a position (`null` where there is none).
pub fn hover(text: &str, line: u32, character: u32) -> String {
    json!(features::hover(text, Position::new(line, character))).to_string()
}

/// The completion items at a position.
pub fn completion(text: &str, line: u32, character: u32) -> String {
    json!(features::completion(text, Position::new(line, character))).to_string()
}

/// The formatted text (`{"text": …}`), or why it cannot be formatted
/// (`{"error": …}`). The language server's one edit replaces the whole
/// document, so its new text is the formatted file.
pub fn format(text: &str) -> String {
    match features::formatting(text) {
        Ok(edits) => {
            let formatted = edits.into_iter().next_back().map_or_else(|| text.to_string(), |e| e.new_text);
            json!({ "text": formatted })
        }
        Err(error) => json!({ "error": error }),
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Oware with its `direction` statement misspelt.
    fn misspelt() -> String {
        include_str!("../../../rules/oware.rules").replacen("direction", "directoin", 1)
    }

    #[test]
    fn a_misspelt_word_is_found_at_its_line_with_its_fix() {
        let oware = include_str!("../../../rules/oware.rules");
        let line = oware.lines().position(|l| l.trim_start().starts_with("direction")).unwrap();
        let found: Value = serde_json::from_str(&diagnostics(&misspelt())).unwrap();
        let found = found.as_array().unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0]["diagnostic"]["range"]["start"]["line"], line);
        assert_eq!(found[0]["fix"], "direction");
        assert_eq!(diagnostics(oware), "[]");
    }

    #[test]
    fn hover_completion_and_format() {
        let text = "game \"x\" {\n  sowing {\n    direction counterclockwise\n  }\n}\n";
        let h: Value = serde_json::from_str(&hover(text, 2, 6)).unwrap();
        assert!(h["contents"]["value"].as_str().unwrap().contains("direction"), "{h}");
        assert_eq!(hover(text, 0, 5), "null", "a string has no hover");
        let items: Value = serde_json::from_str(&completion("game \"x\" {\n  sowing {\n    \n", 2, 4)).unwrap();
        assert!(items.as_array().unwrap().iter().any(|i| i["label"] == "direction"), "{items}");
        let f: Value =
            serde_json::from_str(&format("game \"x\" {\nsowing {\ndirection counterclockwise\n}\n}\n")).unwrap();
        assert_eq!(f["text"], text);
        let bad: Value = serde_json::from_str(&format("game {")).unwrap();
        assert!(bad["error"].as_str().unwrap().contains("does not parse"), "{bad}");
    }
}
