//! The editor files are what editors expect: the VS Code extension's JSON
//! files parse, name what exists, and its grammar's patterns know every
//! section, statement and function of the language.

use serde_json::Value;
use std::path::Path;

fn json(path: &str) -> Value {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/vscode").join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", full.display()))
}

#[test]
fn the_vscode_extension_is_consistent() {
    let package = json("package.json");
    let language = &package["contributes"]["languages"][0];
    assert_eq!(language["extensions"][0], ".rules");
    let grammar = &package["contributes"]["grammars"][0];
    assert_eq!(grammar["language"], language["id"]);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/vscode");
    for file in [&package["main"], &language["configuration"], &grammar["path"]] {
        let file = file.as_str().unwrap();
        assert!(dir.join(file).is_file(), "package.json names {file}, which does not exist");
    }
    let tm = json(grammar["path"].as_str().unwrap());
    assert_eq!(tm["scopeName"], grammar["scopeName"]);
    let config = json(language["configuration"].as_str().unwrap());
    assert_eq!(config["comments"]["lineComment"], "#");
    let extension = std::fs::read_to_string(dir.join("extension.js")).unwrap();
    assert!(extension.contains("args: [\"lsp\"]"), "the extension starts `sowspec lsp`");
}

#[test]
fn the_grammar_knows_every_word_of_the_reference() {
    let tm = json("syntaxes/sowspec.tmLanguage.json").to_string();
    for e in sowspec::reference::entries() {
        if e.word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            assert!(
                tm.contains(&format!("|{}|", e.word))
                    || tm.contains(&format!("({}|", e.word))
                    || tm.contains(&format!("|{})", e.word)),
                "the TextMate grammar does not highlight `{}`",
                e.word
            );
        }
    }
}
