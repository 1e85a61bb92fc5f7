//! `sowspec conform --engine` through the real binary, on real engine
//! processes: sowspec itself behind `sowspec engine` (the round trip, over
//! the whole corpus), and a toy Kalah engine in Python (`tests/engines/toy.py`)
//! that is sound, or broken to order: a wrong capture, a crash, a slow
//! reply, garbage, a reply without a position, another protocol version, a
//! reply written twice, blank lines, fields of its own, a hang behind a
//! wrapper, a line that never ends. Every fake engine is bounded: the tests
//! give the runner a small `--timeout`, and assert on messages, never on
//! how long a run took.

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
        let r = toy(bug, "fixtures/kalah", &["--timeout", "0.5"]);
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
    // Each case has a class (its rules file), each suite a time.
    assert_eq!(xml.matches("<testcase name=\"fixtures/kalah/").count(), 5, "{xml}");
    assert_eq!(xml.matches("classname=\"").count(), 5, "{xml}");
    let suites: Vec<&str> = xml.split("<testsuite ").skip(1).collect();
    assert!(!suites.is_empty() && suites.iter().all(|s| s[..s.find('>').unwrap()].contains(" time=\"")), "{xml}");
}

/// A reply written twice (two lines in one write, after the last move of
/// the first game) fails that game, naming the line; the four other games
/// are not put out of step by it.
#[test]
fn a_surplus_reply_fails_its_game_only() {
    let r = toy("twice", "fixtures/kalah", &["--timeout", "2"]);
    assert_eq!(r.code, 1);
    assert_eq!(failed(&r.stdout), ["fixtures/kalah/hand-01-extra-turn.yaml"], "{}", r.stdout);
    assert_eq!(totals(&r.stdout)[2..5], [4, 1, 0], "{}", r.stdout);
    let want = "ply 2: the engine failed on move `e`: after its reply to move `e`, the engine wrote a line that \
                answers no request: \"{\\\"ok\\\": true, \\\"position\\\": {\\\"to_move\\\"";
    assert!(r.stdout.contains(want), "no {want:?} in:\n{}", r.stdout);
    // A second reply to `hello` is found before the first `new`.
    let r = toy("hello2", "fixtures/kalah", &["--timeout", "2"]);
    let want = "the engine failed while starting the game: before `new` (after its reply to `hello`): the engine \
                wrote a line that answers no request: \"{\\\"ok\\\": true, \\\"protocol\\\": 1";
    assert!(r.stdout.contains(want), "no {want:?} in:\n{}", r.stdout);
}

/// docs/PROTOCOL.md: empty lines are ignored, and so are fields the tester
/// does not know, at every level of a reply (inside `board`, `captured`,
/// `closed`, `claimed` and `result` too).
#[test]
fn blank_lines_and_unknown_fields_are_ignored() {
    let sound = totals(&toy("", "fixtures/kalah", &[]).stdout);
    assert_eq!((sound[0], sound[2], sound[3]), (5, 5, 0), "the sound toy passes every Kalah game");
    for bug in ["blank", "fields"] {
        let r = toy(bug, "fixtures/kalah", &["--timeout", "2"]);
        assert_eq!(r.code, 0, "{bug}:\n{}{}", r.stdout, r.stderr);
        assert_eq!(totals(&r.stdout), sound, "{bug}:\n{}", r.stdout);
    }
}

/// Whether process `pid` is running (a zombie, killed and not yet reaped by
/// whoever adopted it, is not).
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')))
}

/// An engine started through a wrapper (`sh -c '… | cat'`) that hangs is
/// killed with its wrapper: its process group goes, so nothing it started
/// is left running once the run is over.
#[cfg(target_os = "linux")]
#[test]
fn an_engine_behind_a_wrapper_is_killed_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let out = Command::cargo_bin("sowspec")
        .unwrap()
        .current_dir(root())
        .env("TOY_PIDS", &pids)
        .args(["conform", "--timeout", "0.5", "--engine"])
        .arg("sh -c 'python3 tests/engines/toy.py --bug hang | cat'")
        .arg("fixtures/kalah")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(failed(&stdout), ["fixtures/kalah/hand-01-extra-turn.yaml"], "{stdout}");
    assert!(stdout.contains("no reply within 0.5s"), "{stdout}");
    let started = std::fs::read_to_string(&pids).unwrap();
    let started: Vec<&str> = started.lines().collect();
    assert!(started.len() >= 2, "the hung engine, then a fresh one: {started:?}");
    // A killed process may take a moment to go; give it up to 10 s.
    let mut left: Vec<&str> = started.clone();
    for _ in 0..100 {
        left.retain(|pid| running(pid));
        if left.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    for pid in &left {
        let _ = std::process::Command::new("kill").arg("-9").arg(pid).status();
    }
    assert!(left.is_empty(), "engines left running after the run: {left:?} of {started:?}");
}

/// An engine that fails every game the same way (here: output that never
/// ends its line, so no reply comes in time) stops the run after three
/// games, the rest reported as not played; `--keep-going` plays them all.
#[test]
fn an_engine_failing_the_same_way_every_game_stops_the_run() {
    let r = toy("stream", "fixtures/kalah", &["--timeout", "0.3"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        failed(&r.stdout),
        [
            "fixtures/kalah/hand-01-extra-turn.yaml",
            "fixtures/kalah/hand-02-capture.yaml",
            "fixtures/kalah/hand-03-no-capture-opposite-empty.yaml"
        ],
        "{}",
        r.stdout
    );
    assert_eq!(totals(&r.stdout)[..5], [5, 0, 0, 3, 2], "{}", r.stdout);
    assert!(r.stdout.contains("the engine failed while starting the game: no reply within 0.3s"), "{}", r.stdout);
    let why = "skipped 2 games: not played: the engine failed the same way in 3 games in a row (no reply in time); \
               --keep-going plays on";
    assert!(r.stdout.contains(why), "no {why:?} in:\n{}", r.stdout);
    let stop = "stopped: the engine failed the same way in 3 games in a row (no reply in time); 2 games not played";
    assert!(r.stderr.contains(stop), "no {stop:?} in:\n{}", r.stderr);
    let all = toy("stream", "fixtures/kalah", &["--timeout", "0.3", "--keep-going"]);
    assert_eq!(totals(&all.stdout)[..5], [5, 0, 0, 5, 0], "{}", all.stdout);
    assert!(!all.stderr.contains("stopped"), "{}", all.stderr);
}

/// Games failing in different ways, or with passes between them, do not
/// stop the run: the garbage bug fails one game of five.
#[test]
fn a_failure_among_passes_does_not_stop_the_run() {
    let r = toy("garbage", "fixtures/kalah", &["--timeout", "2"]);
    assert_eq!(totals(&r.stdout)[2..5], [4, 1, 0], "{}", r.stdout);
    assert!(!r.stderr.contains("stopped"), "{}", r.stderr);
}

/// An engine that cannot be tested at all still writes the JUnit report
/// and the GitHub annotation the run was asked for.
#[test]
fn a_failed_handshake_is_reported_in_junit_and_github() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("report.xml");
    let r = toy("hello", "fixtures/kalah", &["--format", "github", "--junit", junit.to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("the engine speaks protocol 99"), "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "::error title=sowspec conform::cannot test the engine `python3 tests/engines/toy.py --bug hello`"
        ),
        "{}",
        r.stdout
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<testcase name=\"handshake\" classname=\"engine\""), "{xml}");
    assert!(xml.contains("the engine speaks protocol 99"), "{xml}");
}
