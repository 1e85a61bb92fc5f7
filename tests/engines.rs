//! `sowspec conform --engine` through the real binary, on real engine
//! processes: sowspec itself behind `sowspec engine` (the round trip, over
//! the whole corpus), and a toy Kalah engine in Python (`tests/engines/toy.py`)
//! that is sound, or broken to order: a wrong capture, a crash, a slow
//! reply, garbage, a reply without a position, another protocol version.

use assert_cmd::Command;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn sowspec(args: &[&str]) -> Run {
    let out =
        Command::cargo_bin("sowspec").unwrap().current_dir(root()).env("NO_COLOR", "1").args(args).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// `conform --engine` with the toy engine, broken by `bug` ("" for none).
fn toy(bug: &str, dir: &str, more: &[&str]) -> Run {
    let engine = if bug.is_empty() {
        "python3 tests/engines/toy.py".to_string()
    } else {
        format!("python3 tests/engines/toy.py --bug {bug}")
    };
    let mut args = vec!["conform", "--engine", &engine, dir];
    args.extend(more);
    sowspec(&args)
}

/// The numbers of the table's `total` line.
fn totals(stdout: &str) -> Vec<usize> {
    let line = stdout.lines().find(|l| l.starts_with("total")).unwrap_or_else(|| panic!("no total in:\n{stdout}"));
    line.split_whitespace().skip(1).filter_map(|w| w.parse().ok()).collect()
}

/// The paths of the failed fixtures, in order.
fn failed(stdout: &str) -> Vec<&str> {
    stdout.lines().filter_map(|l| l.strip_prefix("FAIL ")).collect()
}

#[test]
fn sowspec_behind_the_protocol_passes_the_whole_corpus() {
    let alone = sowspec(&["conform"]);
    assert_eq!(alone.code, 0, "{}", alone.stdout);
    let engine = format!("{} engine rules", env!("CARGO_BIN_EXE_sowspec"));
    let through = sowspec(&["conform", "--engine", &engine]);
    assert_eq!(through.code, 0, "{}{}", through.stdout, through.stderr);
    assert!(through.stdout.starts_with("engine: sowspec "), "{}", through.stdout);
    // games, positions, passed, failed, then skipped: the same games and positions as without the protocol.
    let (a, t) = (totals(&alone.stdout), totals(&through.stdout));
    assert_eq!(t[..4], a[..4]);
    assert_eq!(t[4], 0, "nothing skipped");
    assert!(a[0] > 500 && a[1] > 40_000, "the whole corpus: {a:?}");
}

#[test]
fn a_sound_engine_passes_what_it_plays_and_skips_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("report.xml");
    let r = toy("", "fixtures", &["--junit", junit.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let all = sowspec::conform::find_fixtures(&root().join("fixtures")).unwrap().len();
    let kalah = ["fixtures/kalah", "fixtures/kalah_openspiel"]
        .iter()
        .map(|d| sowspec::conform::find_fixtures(&root().join(d)).unwrap().len())
        .sum::<usize>();
    let t = totals(&r.stdout);
    assert_eq!((t[0], t[2], t[3], t[4]), (all, kalah, 0, all - kalah), "{}", r.stdout);
    assert!(r.stdout.contains("the engine does not play `oware`"), "{}", r.stdout);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), all);
    assert_eq!(xml.matches("<skipped").count(), all - kalah);
    assert!(xml.contains("the engine does not play `raja_pasu`"));
}

#[test]
fn a_wrong_capture_fails_exactly_the_capturing_games() {
    let r = toy("capture", "fixtures/kalah", &[]);
    assert_eq!(r.code, 1);
    assert_eq!(
        failed(&r.stdout),
        ["fixtures/kalah/hand-02-capture.yaml", "fixtures/kalah/hand-05-thirteen-seeds.yaml"]
    );
    assert_eq!(totals(&r.stdout)[2..5], [3, 2, 0]);
    for want in [
        "after ply 1 (move `a`) the position differs:",
        "  - captured.south: 23   (expected)\n  + captured.south: 17   (actual)",
        "trace of that move (on sowspec's machine):",
        "capture N.e (5 seeds) → South",
    ] {
        assert!(r.stdout.contains(want), "no {want:?} in:\n{}", r.stdout);
    }
}

/// Each way of breaking at the second move of a game fails that game (the
/// only one with two moves, and the first replayed) with its own message;
/// the engine is started again and the four other games pass.
#[test]
fn a_misbehaving_engine_fails_its_game_and_the_run_goes_on() {
    for (bug, message) in [
        ("crash", "ply 2: the engine failed on move `e`: the engine exited (exit status: 3); the engine's standard error ends:\n  | Traceback: the toy fell over"),
        ("slow", "ply 2: the engine failed on move `e`: no reply within 0.5s"),
        ("garbage", "ply 2: the engine failed on move `e`: the reply is not JSON (expected value at line 1 column 1): \"<html>oops</html>\""),
        ("silent", "ply 2: the engine failed on move `e`: the reply to move `e`: the reply has no `position` object"),
    ] {
        let t = std::time::Instant::now();
        let r = toy(bug, "fixtures/kalah", &["--timeout", "0.5"]);
        assert!(t.elapsed().as_secs() < 8, "{bug}: the slow reply is not waited for");
        assert_eq!(r.code, 1, "{bug}");
        assert_eq!(failed(&r.stdout), ["fixtures/kalah/hand-01-extra-turn.yaml"], "{bug}:\n{}", r.stdout);
        assert_eq!(totals(&r.stdout)[2..5], [4, 1, 0], "{bug}");
        assert!(r.stdout.contains(message), "{bug}: no {message:?} in:\n{}", r.stdout);
    }
}

#[test]
fn an_engine_that_cannot_start_stops_the_run() {
    for (engine, message) in [
        (
            "python3 tests/engines/toy.py --bug hello",
            "the handshake failed: the engine speaks protocol 99; this tester speaks 1",
        ),
        ("no-such-engine --flag", "cannot test the engine `no-such-engine --flag`: cannot start `no-such-engine`"),
        ("python3 'unclosed", "is not a command line"),
    ] {
        let r = sowspec(&["conform", "--engine", engine, "fixtures/kalah"]);
        assert_eq!(r.code, 2, "{engine}");
        assert!(r.stderr.contains(message), "{engine}: {}", r.stderr);
    }
    let r = sowspec(&["conform", "--timeout", "1", "fixtures/kalah"]);
    assert_eq!(r.code, 2, "--timeout needs --engine");
}

#[test]
fn nothing_played_is_not_a_pass() {
    let r = toy("", "fixtures/oware", &[]);
    assert_eq!(r.code, 1);
    assert_eq!(totals(&r.stdout)[2..5], [0, 0, 5]);
    assert!(r.stderr.contains("no game was played"), "{}", r.stderr);
}

#[test]
fn github_annotations_and_junit_failures_with_an_engine() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("report.xml");
    let r = toy("capture", "fixtures/kalah", &["--format", "github", "--junit", junit.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    let annotations: Vec<&str> = r.stdout.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(annotations.len(), 2, "{}", r.stdout);
    assert!(
        annotations[0].starts_with(
            "::error file=fixtures/kalah/hand-02-capture.yaml,line=13,title=sowspec conform::after ply 1 (move `a`) the position differs:%0A"
        ),
        "{}",
        annotations[0]
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 5);
    assert_eq!(xml.matches("<failure").count(), 2);
}
