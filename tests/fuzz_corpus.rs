//! The fuzz targets' invariants over their seed corpus, on stable Rust.
//!
//! `fuzz/` is a workspace of its own (libFuzzer needs nightly), so nothing
//! else builds it. Its invariants live in `fuzz/src/`, free of libFuzzer,
//! and are included here as a module: every file of `fuzz/seeds/<target>/`
//! runs through the same `run` function its target calls, so an invariant
//! that goes stale, or a seed that no longer means what it did, fails
//! `cargo test`. An input the fuzzer found a bug with is kept as a seed, and
//! so becomes a regression test here.

#[path = "../fuzz/src/lib.rs"]
mod fuzz;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// Runs every seed of `fuzz/seeds/<target>/` through `run`, and fails
/// naming each seed that panicked (with its message).
fn seeds(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a folder entry").path())
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{}: the seed corpus is nearly empty", dir.display());
    let failed: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let data = std::fs::read(f).expect("a readable seed");
            let outcome = catch_unwind(AssertUnwindSafe(|| run(&data)));
            outcome.err().map(|p| {
                let why =
                    p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
                format!("{}: {}", f.display(), why.unwrap_or_default())
            })
        })
        .collect();
    assert!(failed.is_empty(), "{} of {} seeds fail:\n{}", failed.len(), files.len(), failed.join("\n"));
}

#[test]
fn rules_seeds_hold_the_invariants() {
    seeds("rules", fuzz::rules::run);
}

#[test]
fn fixture_seeds_hold_the_invariants() {
    seeds("fixture", fuzz::fixture::run);
}

#[test]
fn position_seeds_hold_the_invariants() {
    seeds("position", fuzz::position::run);
}

#[test]
fn moves_seeds_hold_the_invariants() {
    seeds("moves", fuzz::moves::run);
}

#[test]
fn mixed_seeds_hold_the_invariants() {
    seeds("mixed", fuzz::mixed::run);
}

/// A moves seed plays the game its file name starts with (`oware-…` plays
/// `oware`): its first line names a bundled game exactly, so that adding a
/// rules file cannot move it to another game.
#[test]
fn moves_seeds_name_their_game() {
    let names: Vec<&str> = fuzz::games::games().iter().map(|g| g.name.as_str()).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/moves");
    for f in std::fs::read_dir(&dir).expect("the moves seeds") {
        let f = f.expect("a folder entry").path();
        let data = std::fs::read(&f).expect("a readable seed");
        let name = data.split(|&b| b == b'\n').next().map(String::from_utf8_lossy).unwrap_or_default();
        assert!(names.contains(&&*name), "{}: `{name}` is no bundled game", f.display());
        let file = f.file_name().expect("a file name").to_string_lossy().into_owned();
        assert!(file.starts_with(&format!("{name}-")), "{file}: name it after its game, `{name}-…`");
    }
}
