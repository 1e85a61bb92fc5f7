//! The README is a front page: it opens with the two commands CI and users
//! rely on, and stays short enough to read, the rest living in the book
//! (`docs/`, held to the code by `tests/book.rs`).

use std::path::Path;

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

#[test]
fn readme_starts_with_the_two_commands() {
    let text = readme();
    let head: String = text.lines().take(8).collect::<Vec<_>>().join("\n");
    assert!(head.contains("cargo run --release -- conform"));
    assert!(head.contains("cargo test"));
}

/// At most 300 lines: what sowspec is, the two commands, a tour and where
/// to go next. Anything longer belongs in a chapter of the book.
#[test]
fn readme_is_a_front_page_of_at_most_300_lines() {
    let lines = readme().lines().count();
    assert!(lines <= 300, "README.md has {lines} lines: move some into the book (docs/src/)");
}
