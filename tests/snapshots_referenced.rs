//! Every snapshot under `tests/snapshots/` belongs to something that still
//! exists: a fixture (or, for games recorded from another engine, their
//! folder), a malformed rules file, a case of the bad-input catalogue, or a
//! test function. A snapshot left behind when its input is renamed or
//! deleted would otherwise linger unreviewed. (insta itself
//! fails a test whose snapshot is missing, so the other direction holds.)

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Files under `dir` (recursively) whose name ends with `ext`, relative to `dir`.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("cannot read {}: {e}", d.display())) {
            let path = entry.expect("a readable directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.to_string_lossy().ends_with(ext) {
                out.push(path.strip_prefix(dir).expect("under dir").to_path_buf());
            }
        }
    }
    out
}

/// `a/b.yaml` as insta names its snapshot suffix: `a__b.yaml`.
fn suffix(relative: &Path) -> String {
    relative.iter().map(|c| c.to_string_lossy()).collect::<Vec<_>>().join("__")
}

/// Whether the fixture at `path` is a game recorded from another engine
/// (`source: "independent engine: …"`), whose traces are guarded by its
/// folder's snapshot rather than its own: the rule of `tests/conformance.rs`.
fn recorded(path: &Path) -> bool {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .find_map(|l| l.strip_prefix("source:"))
        .is_some_and(|s| s.trim().trim_matches('"').starts_with("independent engine:"))
}

/// The names of the snapshots the inputs that exist call for.
fn wanted_by_inputs() -> BTreeSet<String> {
    let mut wanted = BTreeSet::new();
    let fixtures = root().join("fixtures");
    for f in files(&fixtures, ".yaml") {
        if recorded(&fixtures.join(&f)) {
            let folder = f.parent().expect("a fixture's folder");
            wanted.insert(format!("conformance__recorded@{}.snap", suffix(folder)));
        } else {
            wanted.insert(format!("conformance__fixtures@{}.snap", suffix(&f)));
        }
    }
    for f in files(&root().join("tests/diagnostics"), ".rules") {
        wanted.insert(format!("diagnostics__malformed_rules@{}.snap", suffix(&f)));
    }
    let cases = std::fs::read_to_string(root().join("tests/bad_inputs/cases.txt")).expect("cases.txt");
    for line in cases.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let name = line.split(" | ").next().unwrap_or_default().trim();
        wanted.insert(format!("bad_inputs__{name}.snap"));
    }
    wanted
}

#[test]
fn every_snapshot_belongs_to_an_existing_input_or_test() {
    let wanted = wanted_by_inputs();
    let mut orphans = Vec::new();
    for snap in files(&root().join("tests/snapshots"), ".snap") {
        let name = snap.to_string_lossy().into_owned();
        if wanted.contains(&name) {
            continue;
        }
        // `MODULE__FUNCTION.snap`: a test function of tests/MODULE.rs.
        let by_function = name.strip_suffix(".snap").and_then(|n| n.split_once("__")).is_some_and(|(module, f)| {
            !f.contains('@')
                && std::fs::read_to_string(root().join(format!("tests/{module}.rs")))
                    .is_ok_and(|source| source.contains(&format!("fn {f}(")))
        });
        if !by_function {
            orphans.push(name);
        }
    }
    assert!(
        orphans.is_empty(),
        "snapshots whose fixture, rules file, case or test no longer exists (delete them):\n  {}",
        orphans.join("\n  ")
    );
}

#[test]
fn an_orphan_is_recognised() {
    let wanted = wanted_by_inputs();
    assert!(wanted.contains("conformance__fixtures@ayoayo__hand-01-relay-capture.yaml.snap"));
    assert!(wanted.contains("conformance__fixtures@raja_pasu__oracle-round-01.yaml.snap"));
    assert!(wanted.contains("conformance__recorded@oware_openspiel.snap"));
    assert!(wanted.contains("conformance__recorded@mancalagames__achochodi.snap"));
    assert!(!wanted.contains("conformance__fixtures@oware_openspiel__random-001.yaml.snap"));
    assert!(wanted.contains("diagnostics__malformed_rules@unknown_section.rules.snap"));
    assert!(wanted.contains("bad_inputs__fixture_bad_letter.snap"));
    assert!(!wanted.contains("conformance__fixtures@oware__no-such-fixture.yaml.snap"));
    assert!(!wanted.contains("diagnostics__malformed_rules@no_such_file.rules.snap"));
}
