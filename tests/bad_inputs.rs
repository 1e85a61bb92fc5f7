//! The bad-input catalogue: every way of handing sowspec something broken —
//! rules files, fixtures, `--from` positions, moves and the command line
//! itself — run through the real binary. `tests/bad_inputs/cases.txt` lists
//! the cases, one a line: a name, the exit code, the culprit the output must
//! name (the file, and line and column where there is one), and the
//! arguments. Each case must exit as listed, name its culprit, finish in
//! time and never panic; what a user reads (the exit code, standard output
//! and standard error) is snapshotted as `bad_inputs__NAME.snap`.
//!
//! Every case runs in a fresh temporary folder holding the data files, a
//! copy of the bundled `rules/`, and the inputs too big or too odd to keep
//! as files, generated here ([`generate`]); file names in the output are
//! therefore short, relative and the same on every machine.

use assert_cmd::Command;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One line of `cases.txt`.
#[derive(Debug)]
struct Case {
    name: String,
    exit: i32,
    culprit: String,
    args: Vec<String>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(root().join("tests/bad_inputs/cases.txt")).unwrap();
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [name, exit, culprit, args] = fields[..] else {
            panic!("cases.txt:{}: expected `NAME | EXIT | CULPRIT | ARGUMENTS`, found {line:?}", i + 1);
        };
        assert!(!cases.iter().any(|c| c.name == name), "cases.txt:{}: `{name}` is listed twice", i + 1);
        cases.push(Case {
            name: name.to_string(),
            exit: exit.parse().unwrap_or_else(|_| panic!("cases.txt:{}: exit code {exit:?}", i + 1)),
            culprit: culprit.to_string(),
            args: args.split_whitespace().map(String::from).collect(),
        });
    }
    cases
}

/// A game that checks cleanly, for the generated rules files; line 6 is
/// the `lift` condition.
fn valid_rules(name: &str, lift: &str) -> String {
    format!(
        "game \"{name}\" {{
  board {{ rows 2; holes 6; stores none }}
  setup {{ seeds 4 }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  moves {{
    lift when {lift}
    endless after 10000 laps illegal
  }}
  end {{ no_moves remaining to last_mover; winner most_captured }}
}}
"
    )
}

/// Writes the generated input `name` into `dir`, if it is one.
fn generate(dir: &Path, name: &str) {
    let path = dir.join(name);
    match name {
        // The first bytes of an executable: control characters and NULs.
        "binary.rules" => {
            std::fs::write(&path, b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00").unwrap()
        }
        // Saved as Latin-1: `é` is the single byte 0xE9.
        "latin1.rules" => std::fs::write(&path, b"game \"Caf\xe9\" {\n}\n").unwrap(),
        "latin1.yaml" => {
            std::fs::write(&path, b"rules: \"rules/sadeqa3.rules\"\nsource: \"Caf\xe9\"\nmoves: [a]\n").unwrap()
        }
        // 50 MB: a valid game, then comment lines.
        "huge.rules" => {
            let mut text = valid_rules("Huge", "count(origin) > 0");
            let line = "# padding padding padding padding padding padding padding padding padding\n";
            text.reserve(50_000_000);
            while text.len() < 50_000_000 {
                text.push_str(line);
            }
            std::fs::write(&path, text).unwrap();
        }
        "nested.rules" => {
            let deep = format!("{}count(origin) > 0{}", "(".repeat(10_000), ")".repeat(10_000));
            std::fs::write(&path, valid_rules("Nested", &deep)).unwrap();
        }
        "not_chain.rules" => {
            let chain = format!("{}count(origin) > 0", "not ".repeat(10_000));
            std::fs::write(&path, valid_rules("Not", &chain)).unwrap();
        }
        // A sparse file of NULs just over the 64 MiB fixture limit.
        "huge.yaml" => std::fs::File::create(&path).unwrap().set_len((64 << 20) + 1).unwrap(),
        "many_moves.yaml" => {
            let moves = vec!["a"; 1_000_001].join(", ");
            let text = format!("rules: \"rules/sadeqa3.rules\"\nsource: \"a long game\"\nmoves: [{moves}]\n");
            std::fs::write(&path, text).unwrap();
        }
        // A valid position padded with spaces past the 1 MiB limit.
        "huge.json" => {
            let start = std::fs::read_to_string(dir.join("last_move.json")).unwrap();
            std::fs::write(&path, format!("{}{start}", " ".repeat(1 << 20))).unwrap();
        }
        "a_directory.rules" | "empty_dir" => std::fs::create_dir_all(&path).unwrap(),
        "unreadable.rules" => {
            std::fs::write(&path, valid_rules("Unreadable", "count(origin) > 0")).unwrap();
            set_mode(&path, 0o000);
        }
        _ => {}
    }
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: u32) {}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// A temporary folder with the data files, the bundled rules, and the
/// generated inputs `case` names.
fn workspace(case: &Case) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("tests/bad_inputs"), dir.path());
    std::fs::remove_file(dir.path().join("cases.txt")).unwrap();
    copy_dir(&root().join("rules"), &dir.path().join("rules"));
    for arg in &case.args {
        generate(dir.path(), arg);
    }
    dir
}

/// Runs one case; returns what it printed, or why it is wrong.
fn run(case: &Case) -> Result<Option<String>, String> {
    let dir = workspace(case);
    if case.args.iter().any(|a| a == "unreadable.rules") && std::fs::read(dir.path().join("unreadable.rules")).is_ok() {
        eprintln!("note: {}: skipped, a file with mode 000 is still readable here (running as root?)", case.name);
        return Ok(None);
    }
    let out = Command::cargo_bin("sowspec")
        .unwrap()
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env_remove("RUST_BACKTRACE")
        .args(&case.args)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let mut problems = String::new();
    match out.status.code() {
        Some(code) if code == case.exit => {}
        Some(code) => _ = writeln!(problems, "- exit code {code}, expected {}", case.exit),
        None => _ = writeln!(problems, "- killed by a signal"),
    }
    for bad in ["panicked", "RUST_BACKTRACE", "stack backtrace"] {
        if stdout.contains(bad) || stderr.contains(bad) {
            _ = writeln!(problems, "- the output mentions `{bad}`");
        }
    }
    if !stdout.contains(&case.culprit) && !stderr.contains(&case.culprit) {
        _ = writeln!(problems, "- the output does not name the culprit `{}`", case.culprit);
    }
    if !problems.is_empty() {
        return Err(format!("{}: {problems}stdout:\n{stdout}\nstderr:\n{stderr}", case.name));
    }
    // A diagnostic quotes its whole source line, however long; in the
    // snapshot such a line is cut, to stay readable.
    let cut = |s: &str| {
        let lines = s.lines().map(|l| match l.char_indices().nth(200) {
            Some((i, _)) => format!("{}… ({} more bytes)", &l[..i], l.len() - i),
            None => l.to_string(),
        });
        lines.map(|l| redact_times(&l) + "\n").collect::<String>()
    };
    Ok(Some(format!(
        "$ sowspec {}\nexit code: {}\n--- stdout\n{}--- stderr\n{}",
        case.args.join(" "),
        case.exit,
        cut(&stdout),
        cut(&stderr)
    )))
}

/// `conform`'s timings (`0.04s`) as `[t]`, so that snapshots do not vary.
fn redact_times(line: &str) -> String {
    let is_time = |w: &str| {
        w.strip_suffix('s').and_then(|n| n.split_once('.')).is_some_and(|(a, b)| {
            !a.is_empty() && !b.is_empty() && a.chars().chain(b.chars()).all(|c| c.is_ascii_digit())
        })
    };
    let words: Vec<&str> = line.split(' ').collect();
    words.iter().map(|&w| if is_time(w) { "[t]" } else { w }).collect::<Vec<_>>().join(" ")
}

/// Runs every case whose name starts with `prefix`, snapshotting each.
fn catalogue(prefix: &str) {
    let cases: Vec<Case> = cases().into_iter().filter(|c| c.name.starts_with(prefix)).collect();
    assert!(!cases.is_empty(), "no case starts with `{prefix}`");
    let mut failures = Vec::new();
    for case in &cases {
        match run(case) {
            Ok(Some(text)) => insta::with_settings!({ prepend_module_to_snapshot => true, omit_expression => true }, {
                insta::assert_snapshot!(case.name.as_str(), text);
            }),
            Ok(None) => {}
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}", failures.len(), cases.len(), failures.join("\n\n"));
}

#[test]
fn the_catalogue_is_large_and_every_case_is_in_a_category() {
    let cases = cases();
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    for c in &cases {
        let known = ["rules_", "fixture_", "position_", "move_", "cli_", "fuzz_"].iter().any(|p| c.name.starts_with(p));
        assert!(known, "`{}` starts with none of the categories", c.name);
    }
}

#[test]
fn bad_rules_files() {
    catalogue("rules_");
}

#[test]
fn bad_fixtures() {
    catalogue("fixture_");
}

#[test]
fn bad_positions() {
    catalogue("position_");
}

#[test]
fn bad_moves() {
    catalogue("move_");
}

#[test]
fn misuse_of_the_command_line() {
    catalogue("cli_");
}

/// A legal move of over a million steps (1,020 laps of about a thousand
/// seeds): `trace` prints the first [`sowspec::trace::MAX_TRACE_EVENTS`]
/// and says where it stops, then the position after the whole move.
#[test]
fn a_trace_past_its_limit_ends_with_a_note() {
    let out = Command::cargo_bin("sowspec")
        .unwrap()
        .current_dir(root())
        .env("NO_COLOR", "1")
        .args(["trace", "tests/bad_inputs/long_move.rules", "--moves", "a"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let note = "the trace stops after 1000000 steps; the move goes on (the position after it is complete)";
    assert_eq!(stdout.matches(note).count(), 1);
    let (_, after) = stdout.split_once(note).unwrap();
    assert!(after.contains("N  |650|") && after.contains("S  |1350|"), "the whole move's position follows:\n{after}");
    assert!(stdout.len() < 32 << 20, "the trace is {} bytes", stdout.len());
}

#[test]
fn inputs_that_fuzzing_found() {
    catalogue("fuzz_");
}
