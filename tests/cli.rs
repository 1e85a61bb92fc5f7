//! The real `sowspec` binary on good and bad inputs: exit codes, the JSON
//! protocol (checked field by field against the independent oracle's games),
//! human formats (snapshotted), and an interactive session driven through
//! standard input.

mod support;

use serde_json::Value;
use std::path::Path;
use support::binary::{root, run, sowspec};

fn rules_for(game: &str) -> &'static str {
    match game {
        "raja_pasu" => "rules/raja_pasu.rules",
        "sadeqa3" => "rules/sadeqa3.rules",
        _ => "rules/sadeqa3_4seed.rules",
    }
}

/// `play --json` prints exactly the oracle's positions, every field, for
/// every recorded game (those with a start position go through `--from`).
#[test]
fn json_protocol_matches_the_oracle_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut games = 0;
    for file in ["edge_cases", "raja_pasu_round", "raja_pasu_match", "sadeqa3", "sadeqa3_4"] {
        let text = std::fs::read_to_string(root().join(format!("tests/data/oracle/{file}.jsonl"))).unwrap();
        for (i, line) in text.lines().enumerate() {
            let game: Value = serde_json::from_str(line).unwrap();
            let moves: Vec<&str> = game["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
            let moves = moves.join(",");
            let mut args = vec!["play", rules_for(game["game"].as_str().unwrap()), "--moves", &moves, "--json"];
            let from_path = dir.path().join(format!("{file}-{i}.json"));
            let from_arg = from_path.display().to_string();
            if !game["from"].is_null() {
                std::fs::write(&from_path, game["from"].to_string()).unwrap();
                args.extend(["--from", &from_arg]);
            }
            if game["one_round"].as_bool().unwrap() {
                args.push("--one-round");
            }
            let r = run(&args);
            assert_eq!(r.code, 0, "{file}:{}: {}", i + 1, r.stderr);
            let printed: Value = serde_json::from_str(&r.stdout).unwrap();
            let keys: Vec<&str> = printed.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, ["positions"]);
            let (got, want) = (printed["positions"].as_array().unwrap(), game["positions"].as_array().unwrap());
            assert_eq!(got.len(), want.len(), "{file}:{}: number of positions", i + 1);
            for (ply, (g, w)) in got.iter().zip(want).enumerate() {
                assert_eq!(g, w, "{file}:{} position {ply}", i + 1);
            }
            games += 1;
        }
    }
    assert_eq!(games, 70);
}

#[test]
fn check_accepts_the_bundled_rules() {
    let r = run(&["check", "rules/raja_pasu.rules", "rules/sadeqa3.rules", "rules/sadeqa3_4seed.rules"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    insta::assert_snapshot!(r.stdout);
}

/// `check --explain` says how each file will be played. Kalah has one
/// lap (no relay rule), so its legal moves are the liftable holes; Sadeqa
/// III relays, so a candidate must be sown to know whether it ends (C-6);
/// NoSides has one lap too, but a player may lift from either row (each
/// hole of both rows is sown by its compiled kernel).
#[test]
fn check_explain_names_the_kernel_and_how_legal_moves_are_found() {
    let r = run(&[
        "check",
        "--explain",
        "rules/kalah.rules",
        "rules/sadeqa3.rules",
        "rules/mancalagames/nosides_mancalagames.rules",
    ]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let blocks: Vec<&str> = r.stdout.split("rules/").skip(1).collect();
    assert!(blocks[0].starts_with("kalah.rules: ok (Kalah)"), "{}", r.stdout);
    assert!(blocks[0].contains("  board    2 rows × 6 holes, stores, 48 seeds\n"), "{}", r.stdout);
    assert!(blocks[0].contains("  kernel   compiled\n"), "{}", r.stdout);
    assert!(blocks[0].contains("  legal    found without sowing"), "{}", r.stdout);
    assert!(blocks[1].contains("  board    2 rows × 8 holes, no stores, 96 seeds\n"), "{}", r.stdout);
    assert!(blocks[1].contains("  legal    each candidate is sown to judge it (relays may make"), "{}", r.stdout);
    assert!(blocks[2].contains("  kernel   compiled\n"), "{}", r.stdout);
    assert!(
        blocks[2].contains("  legal    each candidate is sown to judge it (a player may lift from either row"),
        "{}",
        r.stdout
    );
}

/// Rules no compiled kernel plays (a player lifting from the other row
/// where each sows their own circuit) run on the general interpreter, the
/// definition: `bench --verify` plays them and says there is no kernel to
/// compare, rather than that it agreed on 0 moves.
#[test]
fn bench_verify_says_when_the_rules_have_no_kernel_to_verify() {
    let dir = tempfile::tempdir().unwrap();
    let rules = write(
        dir.path(),
        "general.rules",
        "game \"Both rows, own circuits\" {\n  board {\n    rows 2\n    holes 4\n    stores sown\n    circuits own\n  }\n  \
         setup {\n    seeds 2\n  }\n  sowing {\n    direction counterclockwise\n    first_seed next\n    origin sown\n  }\n  \
         moves {\n    lift from both_rows when count(origin) > 0\n    endless after 1 laps illegal\n  }\n  \
         end {\n    no_moves remaining to owner\n    winner most_captured\n  }\n}\n",
    );
    let explain = run(&["check", "--explain", &rules]);
    assert!(explain.stdout.contains("  kernel   general ("), "{}", explain.stdout);
    let r = run(&["bench", "--verify", "--games", "3", &rules]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("3 games played, seed 1: these rules run on the general interpreter"), "{}", r.stdout);
    assert!(!r.stdout.contains("candidate moves"), "{}", r.stdout);
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn typo_rules() -> String {
    std::fs::read_to_string(root().join("rules/sadeqa3.rules"))
        .unwrap()
        .replace("relay lift landing", "relya lift landing")
        .replace("count(opposite(landing)) > 0", "opposite(landing) > 0")
}

#[test]
fn check_reports_every_problem_for_people() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "mygame.rules", &typo_rules());
    let r = sowspec().current_dir(dir.path()).args(["check", "mygame.rules"]).output().unwrap();
    assert_eq!(r.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8(r.stdout).unwrap());
}

#[test]
fn check_json_names_file_line_column_message_and_help() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "mygame.rules", &typo_rules());
    let r = run(&["check", &file, "--format", "json"]);
    assert_eq!(r.code, 1);
    let diags: Value = serde_json::from_str(&r.stdout).unwrap();
    let diags = diags.as_array().unwrap();
    assert_eq!(diags.len(), 2);
    assert_eq!(diags[0]["file"], file.as_str());
    assert_eq!(diags[0]["code"], "sowspec::unknown-word");
    assert_eq!((diags[0]["line"].as_u64(), diags[0]["column"].as_u64()), (Some(26), Some(5)));
    assert_eq!(diags[0]["help"], "did you mean `relay`?");
    assert_eq!(diags[1]["code"], "sowspec::wrong-type");
    assert_eq!(diags[1]["line"], 31);
    let span = diags[1]["span"].as_array().unwrap();
    let source = typo_rules();
    let (s, e) = (span[0].as_u64().unwrap() as usize, span[1].as_u64().unwrap() as usize);
    assert_eq!(&source[s..e], "opposite(landing)");
}

#[test]
fn illegal_moves_exit_2_naming_index_letter_and_reason() {
    // Sadeqa III from the start: move 1 `a` is legal; then North's `z` is no hole.
    let r = run(&["play", "rules/sadeqa3.rules", "--moves", "a,z"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("move 2 (`z`) is illegal"), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    // After S.a (edge_cases.jsonl line 2: N.d and N.e are then empty), North's `d` is empty.
    let r = run(&["play", "rules/sadeqa3.rules", "--moves", "a,d", "--json"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("move 2 (`d`) is illegal: the hole is empty"), "{}", r.stderr);
    assert!(!r.stderr.contains("panicked") && !r.stderr.contains("backtrace"));
    // A move after the end of the game.
    let text = std::fs::read_to_string(root().join("tests/data/oracle/sadeqa3.jsonl")).unwrap();
    let game: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let mut moves: Vec<&str> = game["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let n = moves.len() + 1;
    moves.push("a");
    let r = run(&["play", "rules/sadeqa3.rules", "--moves", &moves.join(",")]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains(&format!("move {n} (`a`) is illegal: the game is over")), "{}", r.stderr);
}

#[test]
fn an_endless_move_is_refused_as_endless() {
    // edge_cases.jsonl line 12: North's N.e is endless (C-6).
    let text = std::fs::read_to_string(root().join("tests/data/oracle/edge_cases.jsonl")).unwrap();
    let game: Value = serde_json::from_str(text.lines().nth(11).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let from = write(dir.path(), "from.json", &game["from"].to_string());
    let r = run(&["play", "rules/sadeqa3.rules", "--from", &from, "--moves", "e"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("endless"), "{}", r.stderr);
}

#[test]
fn bad_positions_are_rejected_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let start = r#"{"to_move": "south", "board": {"south": [6,6,6,6,6,6,6,6], "north": [6,6,6,6,6,6,6,6]},
                    "captured": {"south": 0, "north": 0}, "closed": {"south": [], "north": []}, "round": 1}"#;
    let cases = [
        (start.replace("[6,6,6,6,6,6,6,6], \"north\"", "[6,6,6,6,6,6,6], \"north\""), "board.south"),
        (start.replace("\"south\": 0,", "\"south\": -1,"), "captured.south"),
        (start.replace("\"south\": 0,", "\"south\": 1.5,"), "captured.south"),
        (start.replace("\"south\": 0,", "\"south\": 5,"), "add up to 101"),
        (start.replace("\"closed\": {\"south\": []", "\"closed\": {\"south\": [\"a\"]"), "closed.south"),
        (start.replace("\"to_move\": \"south\"", "\"to_move\": \"east\""), "to_move"),
        ("{not json".to_string(), "(document)"),
    ];
    for (i, (text, culprit)) in cases.iter().enumerate() {
        let f = write(dir.path(), &format!("p{i}.json"), text);
        let r = run(&["play", "rules/sadeqa3.rules", "--from", &f, "--moves", "a"]);
        assert_eq!(r.code, 2, "case {i}");
        assert!(r.stderr.contains(culprit), "case {i}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "case {i}");
    }
}

#[test]
fn every_bad_field_of_a_position_is_named_at_once() {
    // Three independent faults: a short north row, a negative hole, a closed
    // hole in a game without rounds (Sadeqa III has none).
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"to_move": "south", "board": {"south": [6,6,-2,6,6,6,6,6], "north": [6,6,6,6,6,6,6]},
                   "captured": {"south": 0, "north": 0}, "closed": {"south": ["b"], "north": []}, "round": 1}"#;
    let f = write(dir.path(), "p.json", text);
    let r = run(&["play", "rules/sadeqa3.rules", "--from", &f, "--moves", "a"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    for culprit in ["`board.north`: expected 8 holes, found 7", "`board.south[2]`", "`closed.south[0]`"] {
        assert!(r.stderr.contains(culprit), "{culprit}: {}", r.stderr);
    }
}

#[test]
fn files_that_cannot_be_used_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.rules");
    std::fs::write(&bad, b"game \"x\" {\xff\xfe}").unwrap();
    for (args, needle) in [
        (vec!["check", "no/such.rules"], "cannot read no/such.rules"),
        (vec!["check", "rules"], "is a directory"),
        (vec!["check", bad.to_str().unwrap()], "not UTF-8"),
        (vec!["play", "no/such.rules", "--moves", "a"], "cannot read"),
        (vec!["replay", "no/such.yaml"], "cannot read the fixture"),
        (vec!["conform", "no/such/dir"], "not a folder"),
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(needle), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn conflicting_flags_are_usage_errors() {
    let r = run(&["play", "rules/sadeqa3.rules", "--json", "--vs", "random"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("'--json' cannot be used with '--vs <VS>'"), "{}", r.stderr);
    let r = run(&["play", "rules/sadeqa3.rules", "--moves", "a", "--vs", "random"]);
    assert_eq!(r.code, 2);
}

#[test]
fn human_play_output() {
    let r = run(&["play", "rules/raja_pasu.rules", "--moves", "a"]);
    assert_eq!(r.code, 0);
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn trace_output_cites_the_rules() {
    let r = run(&["trace", "rules/raja_pasu.rules", "--moves", "a,b", "--ply", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("ply 2: North plays b"));
    assert!(r.stdout.contains("rules/raja_pasu.rules:"));
    insta::assert_snapshot!(r.stdout);
}

/// With several relays, every one is weighed before the sowing ends: the
/// trace says none applies and cites the last weighed (Igisoro's line 68,
/// `relay lift landing when count(landing) > 1`), not the first. South's
/// a (4) sows S.b to S.e (5 each); S.e, in the outer row, relays by the
/// second rule: S.f, S.g, S.h (5), S.i and S.j (1). S.j holds one seed,
/// and both relays need more: the sowing ends there.
#[test]
fn trace_cites_the_last_relay_weighed_when_none_applies() {
    let r = run(&["trace", "rules/igisoro.rules", "--moves", "a"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let end = r.stdout.lines().skip_while(|l| !l.trim_start().starts_with("end ")).take(2).collect::<Vec<_>>();
    assert_eq!(end[0].trim(), "end     none of the 2 relays applies: the sowing ends at S.j");
    let line = support::line_of("igisoro.rules", "relay lift landing when count(landing) > 1");
    assert!(
        end[1].contains(&format!("rules/igisoro.rules:{line}:5 relay lift landing when count(landing) > 1")),
        "{end:?}"
    );
}

#[test]
fn interactive_session_through_stdin() {
    let out = sowspec()
        .args(["play", "rules/sadeqa3.rules"])
        .write_stdin("x\na\ntrace\nundo\nhelp\nc\nquit\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // edge_cases.jsonl line 2: S.a from the start sows 5 laps and captures N.d (8).
    assert!(text.contains("South plays a — S.a lifts 6; 5 laps; N.d 8 → South"), "{text}");
    assert!(text.contains("`x` is neither a hole letter nor a command"));
    assert!(text.contains("South plays c"));
    insta::assert_snapshot!(text);
}

/// Placements typed in the terminal (tests/data/playground/placements.rules,
/// a seed in each hand). By hand: South `*b` puts its seed in S.b (1 → 2,
/// facing the empty N.c: nothing taken), its hand empty; North lifts `a`
/// (2 seeds: N.b 2, N.c 1). South's hand is empty: `*a` is refused, and
/// South lifts `a` or `b` only. The help names placements.
#[test]
fn placements_are_typed_in_the_terminal() {
    let out = sowspec()
        .args(["play", "tests/data/playground/placements.rules"])
        .write_stdin("*b\na\n*a\nhelp\nquit\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("South to move (a *a *b *d) > South plays *b — South places a seed in S.b"), "{text}");
    assert!(text.contains("in hand: South 0, North 1"), "{text}");
    assert!(text.contains("North plays a — N.a lifts 2"), "{text}");
    assert!(text.contains("`*a` is illegal: the mover's hand is empty"), "{text}");
    assert!(text.contains("South to move (a b) >"), "{text}");
    assert!(text.contains("`*c` places a seed from your hand"), "{text}");
}

#[test]
fn against_the_computer_the_computer_answers() {
    let out = sowspec()
        .args(["play", "rules/sadeqa3_4seed.rules", "--vs", "search", "--depth", "2"])
        .write_stdin("a\nquit\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("South plays a"));
    assert!(text.contains("North plays "), "{text}");
}

#[test]
fn replay_reports_a_divergence_with_a_diff_and_the_trace() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(root().join("fixtures/raja_pasu/edge-04-rp-4.yaml")).unwrap();
    let rules = root().join("rules/raja_pasu.rules").display().to_string();
    let bad = good
        .replace("\"../../rules/raja_pasu.rules\"", &format!("{rules:?}"))
        .replace("\"south\": 49", "\"south\": 48");
    let f = write(dir.path(), "bad.yaml", &bad);
    let r = run(&["replay", &f]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("after ply 1 (move `a`) the position differs"), "{}", r.stdout);
    assert!(r.stdout.contains("- captured.south: 48   (expected)"));
    assert!(r.stdout.contains("+ captured.south: 49   (actual)"));
    assert!(r.stdout.contains("trace of that move:"));
    let ok = run(&["replay", "fixtures/raja_pasu/edge-04-rp-4.yaml"]);
    assert_eq!(ok.code, 0);
}

#[test]
fn conform_passes_and_writes_junit() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("report.xml");
    let r = run(&["conform", "fixtures", "--junit", junit.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.lines().last().unwrap().starts_with("total"));
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<testsuites") && xml.contains("rules/sadeqa3.rules"));
    let fixtures = sowspec::conform::find_fixtures(&root().join("fixtures")).unwrap().len();
    assert_eq!(xml.matches("<testcase").count(), fixtures);
}

#[test]
fn conform_fails_on_a_bad_fixture() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "unknown-key.yaml", "rules: x.rules\nsource: test\nmoves: []\nexpected: []\n");
    let r = run(&["conform", dir.path().to_str().unwrap()]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("unknown field `expected`"), "{}", r.stdout);
    assert!(r.stdout.contains("unknown-key.yaml:4:1"), "{}", r.stdout);
}

#[test]
fn record_writes_candidates_that_replay() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cand");
    let r =
        run(&["record", "rules/sadeqa3_4seed.rules", "--random", "2", "--seed", "7", "--out", out.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let files = sowspec::conform::find_fixtures(&out).unwrap();
    assert_eq!(files.len(), 2);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.contains("source: \"candidate:"));
    let r = run(&["conform", out.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stdout);
}

/// `perft` agrees with the committed table (itself computed by the
/// independent reference engines): Raja Pasu from the start, depth 3.
#[test]
fn perft_matches_the_reference_table() {
    let table = std::fs::read_to_string(root().join("tests/data/perft/raja_pasu.txt")).unwrap();
    assert!(table.contains("perft 3 133"));
    let r = run(&["perft", "rules/raja_pasu.rules", "--depth", "3"]);
    assert_eq!((r.code, r.stdout.trim()), (0, "133"));
    let r = run(&["perft", "rules/raja_pasu.rules", "--depth", "3", "--divide"]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout.lines().count(), 8, "seven first moves and the total");
    assert_eq!(r.stdout.lines().last(), Some("total 133"));
}

/// `bench` results do not depend on the thread count.
#[test]
fn bench_is_independent_of_threads() {
    let results = |threads: &str| {
        let r = run(&["bench", "rules/sadeqa3_4seed.rules", "--games", "200", "--seed", "3", "--threads", threads]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stdout.contains("games/s"));
        r.stdout
            .lines()
            .filter(|l| l.contains("results") || l.contains("game length"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(results("1"), results("2"));
}

#[test]
fn list_shows_every_bundled_variant() {
    let r = run(&["list"]);
    assert_eq!(r.code, 0);
    fn count(dir: &std::path::Path) -> usize {
        let paths = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path());
        paths
            .map(|p| if p.is_dir() { count(&p) } else { usize::from(p.extension().is_some_and(|x| x == "rules")) })
            .sum()
    }
    let files = count(&root().join("rules"));
    assert_eq!(r.stdout.lines().count(), files + 1, "a header and one line per rules file, subfolders too");
    assert!(r.stdout.contains("mancalagames/kalah_mancalagames"), "{}", r.stdout);
    assert!(r.stdout.contains("Toguz Kumalak") && r.stdout.contains("2×6 + stores"));
    // A four-row board is shown as four rows, not two.
    let igisoro = r.stdout.lines().find(|l| l.starts_with("igisoro ")).expect("the Igisoro line");
    assert!(igisoro.contains("4×8") && !igisoro.contains("2×8"), "{igisoro}");
}

/// An internal error (never produced by a correct sowspec, so made up here
/// from a real position) as a person reads it: what it is about, then both
/// results as boards.
#[test]
fn an_internal_error_shows_both_results() {
    use sowspec::conform::{Failure, Internal};
    use sowspec::machine::{Disagreement, Sowing};
    let source = std::fs::read_to_string(root().join("rules/sadeqa3.rules")).unwrap();
    let m = sowspec::Machine::new(sowspec::check(&source).unwrap());
    let start = m.initial();
    let hole = sowspec::Hole::from_letter("a").unwrap();
    let after = m.play(&start, hole).unwrap();
    let internal = Internal::Disagreement {
        ply: 0,
        disagreement: Box::new(Disagreement {
            position: Box::new(start.clone()),
            hole: hole.into(),
            kernel: m.plan().kernel(),
            by_kernel: Sowing::Endless,
            by_definition: Sowing::Ended { board: Box::new(after), laps: 5, extra_turn: false },
        }),
    };
    let text =
        sowspec::render::failure(&Failure::Internal(internal.clone()), &[]) + &sowspec::render::internal(&m, &internal);
    insta::assert_snapshot!(text);
}

/// `import mancalagames` writes a checked, formatted rules file for a
/// configuration it can express (the same text when run again), and for
/// one it cannot, names the file, the parameter, its value and what is
/// missing, and writes nothing.
#[test]
fn import_mancalagames_writes_rules_or_names_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rules");
    let config = root().join("tests/data/mancalagames/Tiny_Kalah.txt");
    let args = ["import", "mancalagames", config.to_str().unwrap(), "--out", out.to_str().unwrap()];
    let r = run(&args);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let written = out.join("tiny_kalah_mancalagames.rules");
    let text = std::fs::read_to_string(&written).unwrap();
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    // Each line worked from the configuration: 4 holes of 3 seeds (24 in all),
    // Kalah's store (a repeat turn there), and the cross capture taking the lone seed too.
    for line in [
        "game \"Tiny Kalah\" {",
        "holes 4   # game_constants.holes = 4",
        "stores sown   # sow_stores = OWN: the mover's store follows their row",
        "seeds 3   # game_constants.nbr_start = 3, start_pattern = ALL_EQUAL",
        "direction counterclockwise",
        "on sowing_end when landing == store(mover) {",
        "capture opposite(landing) to mover",
        "capture landing to mover",
        "over when captured(mover) > 12 or captured(opponent) > 12 or captured(mover) == 12 and captured(opponent) == 12",
        "no_moves remaining to owner   # unclaimed = HOLE_OWNER",
    ] {
        assert!(words(&text).contains(&words(line)), "`{line}` is missing from\n{text}");
    }
    for check in [vec!["check", written.to_str().unwrap()], vec!["fmt", "--check", written.to_str().unwrap()]] {
        let r = run(&check);
        assert_eq!(r.code, 0, "{check:?}: {}{}", r.stdout, r.stderr);
    }
    assert_eq!(run(&args).code, 0);
    assert_eq!(std::fs::read_to_string(&written).unwrap(), text, "importing again writes the same file");

    let refused = root().join("tests/data/mancalagames/Tiny_Territory.txt");
    let r = run(&["import", "mancalagames", refused.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        // A territory goal is a match: without rounds there is none.
        r.stderr.contains("Tiny_Territory.txt: not imported: parameter rounds = NO_ROUNDS: territory rounds that end"),
        "{}",
        r.stderr
    );
    assert!(!out.join("tiny_territory_mancalagames.rules").exists());
}
