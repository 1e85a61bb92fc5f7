//! The adapters under `adapters/`, through the real binary.
//!
//! The OpenSpiel adapter needs `pip install open_spiel`, so its test is
//! ignored by default: `cargo test --test adapters -- --ignored`. Its
//! divergence fixtures are checked on sowspec's machine in every run.

use assert_cmd::Command;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Exit code and standard output of `sowspec ARGS`.
fn sowspec(args: &[&str]) -> (i32, String) {
    let out =
        Command::cargo_bin("sowspec").unwrap().current_dir(root()).env("NO_COLOR", "1").args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap())
}

/// The numbers of the table's `total` line: games, positions, passed, failed (, skipped).
fn totals(out: &str) -> Vec<usize> {
    let line = out.lines().find(|l| l.starts_with("total")).unwrap_or_else(|| panic!("no total in:\n{out}"));
    line.split_whitespace().skip(1).filter_map(|w| w.parse().ok()).collect()
}

/// The published Abapa reading goes on where OpenSpiel ends a game by
/// repetition: sowspec's `oware` agrees with the divergence fixtures.
#[test]
fn the_openspiel_divergences_hold_for_the_published_oware() {
    let (code, out) = sowspec(&["conform", "adapters/openspiel/divergences"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(totals(&out)[..4], [17, 17, 17, 0]);
}

#[test]
#[ignore = "needs OpenSpiel: pip install open_spiel"]
fn openspiel() {
    let engine = "python3 adapters/openspiel/engine.py --published";
    for dir in ["fixtures/kalah_openspiel", "fixtures/oware_openspiel"] {
        let (code, out) = sowspec(&["conform", "--engine", engine, dir]);
        assert_eq!(code, 0, "{out}");
        assert_eq!(totals(&out)[2..5], [200, 0, 0], "{dir}:\n{out}");
    }
    // The hand-worked fixtures of the published readings all start from a
    // position, which OpenSpiel cannot set up: skipped, and nothing played.
    for dir in ["fixtures/kalah", "fixtures/oware"] {
        let (code, out) = sowspec(&["conform", "--engine", engine, dir]);
        assert_eq!(code, 1, "{out}");
        assert_eq!(totals(&out)[2..5], [0, 0, 5], "{dir}:\n{out}");
        assert!(out.contains("skipped 5 games: the game starts from a position; the engine lacks the `from` feature"));
    }
    // Where the readings differ, every game fails at its last move, where
    // OpenSpiel ends the game and Abapa goes on.
    let (code, out) = sowspec(&["conform", "--engine", engine, "adapters/openspiel/divergences"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(totals(&out)[2..5], [0, 17, 0], "{out}");
    assert_eq!(out.matches("  - result: null   (expected)\n  + result: {\"winner\":").count(), 17, "{out}");
    assert_eq!(out.matches("  - to_move: \"").count(), 17, "{out}");
}
