//! The author's tools through the real binary: `fmt` (in place, `--check`
//! with a diff, standard input, files that do not parse), `check --format
//! github` and its summary line, `completions`, and the ways out of `play`.

mod support;

use std::path::{Path, PathBuf};
use support::binary::{output as run, sowspec};

const MESSY: &str = "game \"M\"\n{\n board { rows 2; holes 6; stores none }\n setup {seeds 4}\n sowing { direction counterclockwise; first_seed next; origin sown }\n moves {\n  lift when count(origin)>0   # any\n  endless after 10 laps illegal\n }\n end { no_moves remaining to last_mover\n winner most_captured }\n}\n";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn fmt_check_prints_a_diff_and_fails_then_fmt_fixes_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "m.rules", MESSY);
    let arg = file.display().to_string();
    let r = run(sowspec().args(["fmt", "--check", &arg]));
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stdout.contains(&format!("--- {arg}\n+++ {arg} (formatted)\n@@ ")), "{}", r.stdout);
    assert!(r.stdout.contains("\n-game \"M\"\n-{\n") && r.stdout.contains("\n+game \"M\" {\n"), "{}", r.stdout);
    assert!(r.stdout.ends_with("1 of 1 file would be reformatted (run `sowspec fmt`)\n"), "{}", r.stdout);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), MESSY, "--check changed the file");

    let r = run(sowspec().args(["fmt", dir.path().to_str().unwrap()]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, format!("formatted {arg}\nreformatted 1 of 1 file\n"));
    let formatted = std::fs::read_to_string(&file).unwrap();
    assert_eq!(formatted, sowspec::format::format(MESSY).unwrap());
    assert!(formatted.contains("    lift when count(origin) > 0   # any\n"), "{formatted}");

    let r = run(sowspec().args(["fmt", "--check", &arg]));
    assert_eq!((r.code, r.stdout.as_str()), (0, "1 file already formatted\n"));
}

#[test]
fn fmt_check_passes_on_the_bundled_rules() {
    let r = run(sowspec().args(["fmt", "--check", "rules/"]));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.ends_with("files already formatted\n"), "{}", r.stdout);
}

#[test]
fn fmt_reads_standard_input() {
    let r = run(sowspec().arg("fmt").write_stdin(MESSY));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, sowspec::format::format(MESSY).unwrap());
    let r = run(sowspec().args(["fmt", "--check"]).write_stdin(MESSY));
    assert_eq!(r.code, 1);
    assert!(r.stdout.starts_with("--- <stdin>\n+++ <stdin> (formatted)\n"), "{}", r.stdout);
}

#[test]
fn fmt_refuses_a_file_that_does_not_parse() {
    let dir = tempfile::tempdir().unwrap();
    let bad = "game \"B\" {\n  board { rows 2\n}\n";
    let file = write(dir.path(), "b.rules", bad);
    let r = run(sowspec().args(["fmt", file.to_str().unwrap()]));
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("this `{` is never closed"), "{}", r.stderr);
    assert!(r.stderr.contains("b.rules: not formatted: it does not parse (1 problem)"), "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
}

#[test]
fn check_github_prints_workflow_annotations_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let typo = MESSY.replace("direction", "direktion").replace("count(origin)>0", "origin > 0");
    let file = write(dir.path(), "t,y:po.rules", &typo);
    let r = run(sowspec().args(["check", "--format", "github", file.to_str().unwrap(), "rules/kalah.rules"]));
    assert_eq!(r.code, 1, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let escaped = file.display().to_string().replace(':', "%3A").replace(',', "%2C");
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert_eq!(
        lines[0],
        format!(
            "::error file={escaped},line=5,col=11,title=sowspec%3A%3Aunknown-word::unknown statement `direktion` in `sowing`%0Ahelp: did you mean `direction`?"
        )
    );
    assert!(lines[1].starts_with(&format!("::error file={escaped},line=7,col=13,title=sowspec%3A%3Awrong-type::")));
    assert_eq!(lines[2], "2 problems in 1 of 2 files");
}

#[test]
fn check_summarises_in_words() {
    let r = run(sowspec().args(["check", "rules/kalah.rules", "rules/oware.rules"]));
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with("no problems in 2 files\n"), "{}", r.stdout);
    let r = run(sowspec().args(["check", "--format", "json", "rules/kalah.rules"]));
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("[]\n", "no problems in 1 file\n"));
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let r = run(sowspec().args(["completions", shell]));
        assert_eq!(r.code, 0, "{shell}: {}", r.stderr);
        assert!(r.stdout.contains("fmt") && r.stdout.contains("completions"), "{shell}: {}", r.stdout);
    }
    assert_eq!(run(sowspec().args(["completions", "tcsh"])).code, 2);
}

#[test]
fn q_exit_and_end_of_input_leave_play() {
    for input in ["q\n", "exit\n", "quit\n", "", "a\n"] {
        let r = run(sowspec().args(["play", "rules/kalah.rules"]).write_stdin(input));
        assert_eq!(r.code, 0, "{input:?}: {}", r.stderr);
        assert!(!r.stdout.contains("neither a hole letter nor a command"), "{input:?}: {}", r.stdout);
    }
}
