//! The author's tools through the real binary: `fmt` (in place, `--check`
//! with a diff, standard input, files that do not parse), `check --format
//! github` and its summary line, `completions`, the ways out of `play`,
//! `play --json` without moves, `replay` of games recorded as `play --json`
//! prints them, and rules paths shown normalised.

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

#[test]
fn play_json_without_moves_prints_the_start() {
    let r = run(sowspec().args(["play", "rules/oware.rules", "--json"]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let positions = doc["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 1);
    assert_eq!(positions[0]["board"]["south"], serde_json::json!([4, 4, 4, 4, 4, 4]));
    assert_eq!(positions[0]["to_move"], "south");
    // From a position file, that position (as the engine protocol reads it).
    let dir = tempfile::tempdir().unwrap();
    let from = r#"{"to_move": "north", "board": {"south": [0, 0, 0, 0, 0, 1], "north": [1, 0, 0, 0, 0, 0]}, "captured": {"south": 23, "north": 23}, "closed": {"south": [], "north": []}, "round": 1, "legal": ["a"], "result": null}"#;
    let f = write(dir.path(), "pos.json", from);
    let r = run(sowspec().args(["play", "rules/oware.rules", "--json", "--from"]).arg(&f));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(doc["positions"][0]["to_move"], "north");
    assert_eq!(doc["positions"][0]["legal"], serde_json::json!(["a"]));
}

#[test]
fn replay_names_the_moves_of_games_recorded_as_positions() {
    let dir = tempfile::tempdir().unwrap();
    let game = |moves: &str| {
        let mut args = vec!["play", "rules/oware.rules", "--json"];
        if !moves.is_empty() {
            args.extend(["--moves", moves]);
        }
        run(sowspec().args(&args)).stdout
    };
    let good = format!("{}{}", game("c,f,b,e"), game(""));
    // By hand: after c, South's f holds 5 seeds, not 6.
    let bad = game("c").replace("\"south\":[4,4,0,5,5,5]", "\"south\":[4,4,0,5,5,6]");
    assert_ne!(bad, game("c"));
    let f = write(dir.path(), "games.jsonl", &format!("{good}\n{bad}"));
    let r = run(sowspec().args(["replay", "--rules", "rules/oware.rules"]).arg(&f));
    assert_eq!(r.code, 1, "{}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[0].ends_with("games.jsonl:1 (4 moves: c,f,b,e)"), "{}", r.stdout);
    assert!(lines[1].ends_with("games.jsonl:2 (no move)"), "{}", r.stdout);
    assert!(lines[2].starts_with("FAIL") && lines[2].ends_with("games.jsonl:4"), "{}", r.stdout);
    assert_eq!(lines[3], "no legal move leads from position 0 to position 1 (after no move; legal: a b c d e f)");
    let good_only = write(dir.path(), "good.jsonl", &good);
    assert_eq!(run(sowspec().args(["replay", "--rules", "rules/oware.rules"]).arg(&good_only)).code, 0);
    let junk = write(dir.path(), "junk.jsonl", "{\"moves\": 3}\n");
    let r = run(sowspec().args(["replay", "--rules", "rules/oware.rules"]).arg(&junk));
    assert!(r.stdout.contains("not a game as `play --json` prints it"), "{}", r.stdout);
}

#[test]
fn reports_name_rules_files_without_dot_dot() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("fixtures/rp")).unwrap();
    std::fs::create_dir_all(dir.path().join("rules")).unwrap();
    let root = support::binary::root();
    std::fs::copy(root.join("rules/raja_pasu.rules"), dir.path().join("rules/raja_pasu.rules")).unwrap();
    let good = std::fs::read_to_string(root.join("fixtures/raja_pasu/edge-04-rp-4.yaml")).unwrap();
    assert!(good.contains("\"../../rules/raja_pasu.rules\""));
    let f = write(&dir.path().join("fixtures/rp"), "bad.yaml", &good.replace("\"south\": 49", "\"south\": 48"));
    let r = run(sowspec().arg("replay").arg(&f));
    assert_eq!(r.code, 1, "{}", r.stdout);
    let named = format!("{}:", dir.path().join("rules/raja_pasu.rules").display());
    assert!(r.stdout.contains(&named), "the trace cites {named}: {}", r.stdout);
    assert!(!r.stdout.contains("/../"), "{}", r.stdout);
}

#[test]
fn trace_shows_an_endless_moves_laps_up_to_the_judgement() {
    // Ayoayo with a limit of 4 laps: North's b after South's a needs a fifth.
    let dir = tempfile::tempdir().unwrap();
    let ayoayo = std::fs::read_to_string(support::binary::root().join("rules/ayoayo.rules")).unwrap();
    let rules = ayoayo.replace("endless after 10000 laps illegal", "endless after 4 laps illegal");
    assert_ne!(rules, ayoayo);
    let f = write(dir.path(), "ayoayo4.rules", &rules);
    let r = run(sowspec().arg("trace").arg(&f).args(["--moves", "a,b", "--ply", "2"]));
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("move 2 (`b`) is illegal: the move is endless"), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "ply 2: North plays b, which is illegal: its sowing never ends");
    assert_eq!(lines[1], "  lift    N.b (6 seeds)");
    let laps: Vec<&str> = lines.iter().filter_map(|l| l.strip_prefix("  lap ")).map(|l| &l[..1]).collect();
    assert_eq!(laps, ["1", "2", "3", "4"], "{}", r.stdout);
    let endless = lines.iter().position(|l| l.starts_with("  endless the sowing would need more than 4 laps")).unwrap();
    let line = rules.lines().position(|l| l.contains("endless after 4 laps")).unwrap() + 1;
    assert!(lines[endless + 1].contains(&format!("ayoayo4.rules:{line}:5")), "{}", r.stdout);
}

/// The `why` lines of a trace, without their indentation.
fn why_lines(stdout: &str) -> Vec<&str> {
    stdout.lines().filter_map(|l| l.strip_prefix("  why     ")).collect()
}

#[test]
fn trace_why_says_each_time_a_relay_was_weighed_and_what_decided() {
    // Sadeqa III, South's opening a, worked by hand from GAMES.md (SQ-2:
    // relay while the last seed falls in an occupied hole). a's 6 seeds end
    // in S.g (now 7); g's 7 end in N.f (7); N.f's 7 end in S.e (8); S.e's 8
    // end in N.e (8); N.e's 8 end in S.e, emptied two laps before: 1 seed.
    let r = run(sowspec().args(["trace", "rules/sadeqa3.rules", "--moves", "a", "--why", "26"]));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let holds = |hole: &str, n: u32| {
        format!("at {hole} the condition holds: count(landing) > 1 is true (count(landing) is {n}, landing is {hole})")
    };
    let fails = "at S.e the condition fails: count(landing) > 1 is false (count(landing) is 1, landing is S.e)";
    assert_eq!(why_lines(&r.stdout), [&holds("S.g", 7), &holds("N.f", 7), &holds("S.e", 8), &holds("N.e", 8), fails]);
    assert!(r.stdout.contains("sadeqa3.rules:26:5 relay lift landing when count(landing) > 1"), "{}", r.stdout);
}

#[test]
fn trace_why_names_the_part_of_a_condition_that_decided() {
    // Kalah, South's c: 4 seeds into d, e, f and the store, where the
    // sowing ends; then a: 4 seeds into b, c, d, e, ending in e (now 6).
    // Line 46's capture needs `landing in mover_row and count(landing) == 1
    // and …`: after c its first part fails (a store is in no row); after a
    // the first part holds and the second fails, and only it is named.
    let r = run(sowspec().args(["trace", "rules/kalah.rules", "--moves", "c,a", "--why", "46"]));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(
        why_lines(&r.stdout),
        [
            "at S.store the condition fails: landing in mover_row is false (landing is S.store)",
            "at S.e the condition fails: count(landing) == 1 is false (count(landing) is 6, landing is S.e)",
        ]
    );
    // An `or` that fails names both parts: 23 seeds left in South's row after c, 24 in North's.
    let r = run(sowspec().args(["trace", "rules/kalah.rules", "--moves", "c", "--why", "57"]));
    assert_eq!(
        why_lines(&r.stdout),
        ["the condition fails: total(mover_row) == 0 is false (total(mover_row) is 23); \
          total(opponent_row) == 0 is false (total(opponent_row) is 24)"]
    );
}

#[test]
fn trace_why_reads_lift_at_the_first_laps_landing() {
    // Omweso's opening, worked by hand: a clockwise move from S.a (4 seeds:
    // S.p, S.o, S.n, S.m) would end in S.m, which faces North's empty N.l,
    // so `a-` is refused, and `--why` names that landing (not the origin).
    let line = support::line_of("omweso.rules", "lift when count(origin) > 1 and (counterclockwise or").to_string();
    let r = run(sowspec().args(["trace", "rules/omweso.rules", "--moves", "a+", "--why", &line]));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let why = why_lines(&r.stdout);
    assert_eq!(
        why[..2],
        [
            "at S.a the condition holds: count(origin) > 1 is true (count(origin) is 4, origin is S.a); \
             counterclockwise is true (the sowing goes counterclockwise)",
            "at S.a the condition fails: counterclockwise is false (the sowing goes clockwise); count(opposite(landing)) > 0 is false \
             (count(opposite(landing)) is 0, landing is S.m, opposite(landing) is N.l)",
        ]
    );
}

#[test]
fn trace_why_on_a_line_without_a_rule_lists_the_lines_that_have_one() {
    let r = run(sowspec().args(["trace", "rules/sadeqa3.rules", "--moves", "a", "--why", "30"]));
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("--why 30: rules/sadeqa3.rules:30 declares no rule with a condition; rules with a condition start on lines 26, 31, 36"),
        "{}",
        r.stderr
    );
    let r = run(sowspec().args(["trace", "rules/sadeqa3.rules", "--moves", "a", "--why", "300"]));
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("rules/sadeqa3.rules has no line 300 (it has 44)"), "{}", r.stderr);
    // Oware's sweep (line 49) runs only inside a capture, and f captures nothing.
    let r = run(sowspec().args(["trace", "rules/oware.rules", "--moves", "f", "--why", "49"]));
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with("the rule on line 49 was never weighed in these moves\n"), "{}", r.stdout);
}
