//! `sowspec conform [DIR] [--junit FILE] [--engine CMD] [--keep-going] [--format github] [--verify]`:
//! the main job, on sowspec's machine or on another engine.
//!
//! An engine that fails the same way (a [`Breach`]) in [`SAME_FAILURES`]
//! games in a row is taken to be broken that way for good: the rest of the
//! run is reported as not played, unless `--keep-going`.

use super::{CliError, CmdResult};
use indicatif::ProgressBar;
use rayon::prelude::*;
use sowspec::conform::process::ProcessEngine;
use sowspec::conform::{find_fixtures, verify, Breach, Engine, Failure, MachineEngine, Verdict};
use sowspec::fixture::{Fixture, FixtureError, Loaded};
use sowspec::webtrace::report::{self as page, Boards};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One fixture's outcome.
struct Case {
    file: PathBuf,
    verdict: Result<Verdict, String>,
    /// Why the engine did not play it, if it did not.
    skipped: Option<String>,
    report: String,
    /// The expected and actual boards where it diverged, for the HTML report.
    boards: Option<Boards>,
    time: Duration,
}

/// What to run and how to report it.
pub struct Plan<'a> {
    /// The folder of fixtures.
    pub dir: &'a Path,
    /// Where to write a JUnit report.
    pub junit: Option<&'a Path>,
    /// An engine to test instead of sowspec's machine: program and arguments.
    pub engine: Option<Vec<String>>,
    /// The time limit of each of the engine's replies.
    pub timeout: Duration,
    /// Play every game even after the engine failed the same way in
    /// [`SAME_FAILURES`] games in a row.
    pub keep_going: bool,
    /// Also print GitHub workflow annotations.
    pub github: bool,
    /// Verify sowspec's kernel on every position it replays.
    pub verify: bool,
    /// Where to write the HTML report (`index.html` in this folder).
    pub html: Option<&'a Path>,
}

/// Replays every fixture under `dir`; prints a table per rules file and a
/// total (and, with `plan.verify`, how many candidate moves were
/// verified); exit 1 on any failure.
pub fn run(plan: &Plan<'_>) -> CmdResult {
    let (dir, junit) = (plan.dir, plan.junit);
    if !dir.is_dir() {
        return Err(CliError::bad(format!("{} is not a folder of fixtures", dir.display())));
    }
    let files = find_fixtures(dir).map_err(|e| CliError::bad(format!("cannot read {}: {e}", dir.display())))?;
    if files.is_empty() {
        return Err(CliError::bad(format!("no fixtures (*.yaml) under {}", dir.display())));
    }
    let mut external = match &plan.engine {
        None => None,
        Some(command) => match start_engine(command, plan.timeout) {
            Ok(engine) => Some(engine),
            Err(e) => return Err(report_handshake(plan, e)),
        },
    };
    let bar = super::progress(files.len() as u64);
    let started = Instant::now();
    let (cases, compared) = match &mut external {
        Some(engine) => replay_on_other(files, engine, plan, &bar),
        None => replay_on_ours(files, plan.verify, &bar),
    };
    let mut groups: BTreeMap<String, Vec<Case>> = BTreeMap::new();
    for (rules, case) in cases {
        groups.entry(rules).or_default().push(case);
    }
    bar.finish_and_clear();
    drop(external);
    let failed = print_table(&groups, started.elapsed(), plan.engine.is_some());
    super::replay::print_verified(compared, plan.verify);
    if plan.github {
        for case in groups.values().flatten().filter(|c| c.skipped.is_none() && !passed(c)) {
            let (failure, report) = match &case.verdict {
                Err(e) => (None, e.as_str()),
                Ok(v) => (v.failure.as_ref(), case.report.as_str()),
            };
            println!("{}", super::github::error(&case.file, failure, report));
        }
    }
    if let Some(path) = junit {
        write_junit(&groups, started.elapsed(), path)?;
    }
    if let Some(out) = plan.html {
        write_html(&groups, dir, failed, out)?;
    }
    let played = groups.values().flatten().any(|c| c.skipped.is_none());
    if !played {
        eprintln!("no game was played: the engine skipped every fixture under {}", dir.display());
    }
    Ok(if failed > 0 || !played { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// Replays the fixtures on sowspec's machine, a folder of fixtures (most
/// often one rules file) per task on all cores; returns each fixture's rules
/// and outcome in `files`' order, and how many candidate moves were verified.
fn replay_on_ours(files: Vec<PathBuf>, verify: bool, bar: &ProgressBar) -> (Vec<(String, Case)>, u64) {
    let mut folders: Vec<Vec<PathBuf>> = Vec::new();
    for file in files {
        match folders.last_mut() {
            Some(last) if last[0].parent() == file.parent() => last.push(file),
            _ => folders.push(vec![file]),
        }
    }
    let done: Vec<(Vec<(String, Case)>, u64)> = folders
        .into_par_iter()
        .map(|folder| {
            let mut ours = super::replay::engine(verify);
            let cases = folder
                .into_iter()
                .map(|file| {
                    let t = Instant::now();
                    let load = Fixture::load(&file);
                    let case = replay_one(file, load, t, None, &mut ours);
                    bar.inc(1);
                    case
                })
                .collect();
            (cases, ours.compared())
        })
        .collect();
    let compared = done.iter().map(|(_, n)| n).sum();
    (done.into_iter().flat_map(|(cases, _)| cases).collect(), compared)
}

/// Replays the fixtures one by one on another engine (read on all cores
/// first), with sowspec's machine tracing the moves where it diverges;
/// stops playing once the engine has failed the same way in
/// [`SAME_FAILURES`] games in a row, unless `plan.keep_going`.
fn replay_on_other(
    files: Vec<PathBuf>,
    engine: &mut ProcessEngine,
    plan: &Plan<'_>,
    bar: &ProgressBar,
) -> (Vec<(String, Case)>, u64) {
    let mut ours = super::replay::engine(plan.verify);
    let loads = sowspec::parallel::map_timed(&files, |f| Fixture::load(f));
    let mut streak = Streak::default();
    // Once the engine has failed the same way too often: how.
    let mut stopped: Option<Breach> = None;
    let mut not_played = 0;
    let cases = files
        .into_iter()
        .zip(loads)
        .map(|(file, (load, reading))| {
            let since = Instant::now() - reading;
            let why = stopped.map(|k| {
                format!("not played: the engine failed the same way in {SAME_FAILURES} games in a row ({k}); --keep-going plays on")
            });
            let case = replay_one(file, load, since, Some((&mut *engine, why.as_deref())), &mut ours);
            bar.inc(1);
            if why.is_some() {
                not_played += usize::from(case.1.skipped == why);
            } else if !plan.keep_going {
                stopped = streak.add(&case.1);
            }
            case
        })
        .collect();
    if let Some(k) = stopped {
        eprintln!(
            "stopped: the engine failed the same way in {SAME_FAILURES} games in a row ({k}); {} not played \
             (--keep-going plays them)",
            super::plural(not_played, "game")
        );
    }
    (cases, ours.compared())
}

/// How many games in a row an engine may fail the same way before the run
/// stops.
pub const SAME_FAILURES: usize = 3;

/// The engine's failures in the last games played: their kind, and how
/// many in a row.
#[derive(Default)]
struct Streak {
    last: Option<(Breach, usize)>,
}

impl Streak {
    /// Counts a game's outcome (a skipped game changes nothing, any other
    /// outcome than an engine failure ends the streak); returns the kind
    /// once [`SAME_FAILURES`] games in a row have failed that way.
    fn add(&mut self, case: &Case) -> Option<Breach> {
        if case.skipped.is_some() {
            return None;
        }
        self.last = match (&case.verdict, self.last) {
            (Ok(Verdict { failure: Some(Failure::Broken { kind, .. }), .. }), Some((last, n))) if *kind == last => {
                Some((last, n + 1))
            }
            (Ok(Verdict { failure: Some(Failure::Broken { kind, .. }), .. }), _) => Some((*kind, 1)),
            _ => None,
        };
        self.last.filter(|&(_, n)| n >= SAME_FAILURES).map(|(kind, _)| kind)
    }
}

/// One fixture's rules file and outcome on `other` (sowspec's machine
/// `ours` when `None`, which also traces a diverging move), or, with the
/// reason `other` comes with, not played (unless the engine skips it
/// anyway); `since` is when reading the fixture started.
fn replay_one(
    file: PathBuf,
    load: Result<Loaded, FixtureError>,
    since: Instant,
    other: Option<(&mut ProcessEngine, Option<&str>)>,
    ours: &mut MachineEngine,
) -> (String, Case) {
    let testing_other = other.is_some();
    let loaded = match load {
        Ok(loaded) => loaded,
        Err(e) => {
            let (verdict, report) = (Err(e.to_string()), e.to_string());
            let case = Case { file, verdict, skipped: None, report, boards: None, time: since.elapsed() };
            return ("(unreadable fixtures)".to_string(), case);
        }
    };
    let (engine, stopped): (&mut dyn Engine, _) = match other {
        Some((e, stopped)) => (e, stopped),
        None => (&mut *ours, None),
    };
    let rules = loaded.rules_path.display().to_string();
    let (mut verdict, mut skipped, mut report, mut boards) =
        (Verdict { checked: 0, failure: None }, None, String::new(), None);
    match engine.skip(&loaded.game()).or_else(|| stopped.map(str::to_string)) {
        Some(why) => skipped = Some(why),
        None => {
            verdict = verify(engine, &loaded);
            if let Some(f) = &verdict.failure {
                if testing_other {
                    // The trace comes from sowspec's own replay of the game.
                    let _ = ours.replay(&loaded.game());
                }
                boards = page::boards(&loaded, f);
                report = super::replay::report(ours, &loaded, f, testing_other);
            }
        }
    }
    let case = Case { file, verdict: Ok(verdict), skipped, report, boards, time: since.elapsed() };
    (rules, case)
}

/// Reports an engine that cannot be tested where the run's reports go (a
/// JUnit file, a GitHub annotation) as well as on standard error; returns
/// the error.
fn report_handshake(plan: &Plan<'_>, e: CliError) -> CliError {
    if plan.github {
        println!("{}", super::github::run_error(&e.message));
    }
    if let Some(path) = plan.junit {
        use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
        status.set_message(e.message.clone());
        let mut case = TestCase::new("handshake", status);
        case.set_classname("engine");
        let mut suite = TestSuite::new("engine");
        suite.add_test_case(case);
        let mut report = Report::new("sowspec conform");
        report.add_test_suite(suite);
        if let Err(w) = write_xml(&report, path) {
            return CliError { message: format!("{}\n{}", e.message, w.message), code: e.code };
        }
    }
    e
}

/// Starts the engine under test; says what it is and what it plays.
fn start_engine(command: &[String], timeout: Duration) -> Result<ProcessEngine, CliError> {
    let (program, args) = command.split_first().ok_or_else(|| CliError::bad("--engine needs a command"))?;
    let engine = ProcessEngine::start(program, args, timeout)
        .map_err(|e| CliError::bad(format!("cannot test the engine `{}`: {e}", command.join(" "))))?;
    let h = engine.hello();
    println!("engine: {} (protocol {}), plays {}", h.name, h.protocol, h.variants.join(", "));
    Ok(engine)
}

fn passed(c: &Case) -> bool {
    c.skipped.is_none() && matches!(&c.verdict, Ok(v) if v.failure.is_none())
}

/// Prints the table (with a `skipped` column when testing another engine),
/// the failures and the reasons for skipping; returns how many failed.
fn print_table(groups: &BTreeMap<String, Vec<Case>>, elapsed: Duration, skips: bool) -> usize {
    let width = groups.keys().map(String::len).max().unwrap_or(5).max(5);
    let skip_column = |n: usize| if skips { format!("  {n:>7}") } else { String::new() };
    let skip_head = if skips { "  skipped" } else { "" };
    println!(
        "{:<width$}  {:>5}  {:>9}  {:>6}  {:>6}{skip_head}  {:>8}",
        "rules", "games", "positions", "passed", "failed", "time"
    );
    let (mut games, mut positions, mut ok, mut skipped) = (0, 0, 0, 0);
    for (rules, cases) in groups {
        let n = cases.len();
        let p: usize = cases.iter().map(|c| c.verdict.as_ref().map_or(0, |v| v.checked)).sum();
        let good = cases.iter().filter(|c| passed(c)).count();
        let skip = cases.iter().filter(|c| c.skipped.is_some()).count();
        let time: Duration = cases.iter().map(|c| c.time).sum();
        let bad = n - good - skip;
        println!(
            "{rules:<width$}  {n:>5}  {p:>9}  {good:>6}  {bad:>6}{}  {:>7.2}s",
            skip_column(skip),
            time.as_secs_f64()
        );
        (games, positions, ok, skipped) = (games + n, positions + p, ok + good, skipped + skip);
    }
    println!(
        "{:<width$}  {games:>5}  {positions:>9}  {ok:>6}  {:>6}{}  {:>7.2}s",
        "total",
        games - ok - skipped,
        skip_column(skipped),
        elapsed.as_secs_f64()
    );
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for case in groups.values().flatten() {
        if let Some(why) = &case.skipped {
            *reasons.entry(why).or_default() += 1;
        }
    }
    for (why, n) in reasons {
        println!("skipped {n} game{}: {why}", if n == 1 { "" } else { "s" });
    }
    for case in groups.values().flatten().filter(|c| c.skipped.is_none() && !passed(c)) {
        println!("\nFAIL {}", case.file.display());
        match &case.verdict {
            Err(e) => println!("{e}"),
            Ok(_) => print!("{}", case.report),
        }
    }
    games - ok - skipped
}

/// Writes `index.html` in `out`: every fixture's verdict, and each failure
/// with its boards and report.
fn write_html(groups: &BTreeMap<String, Vec<Case>>, dir: &Path, failed: usize, out: &Path) -> Result<(), CliError> {
    let entries: Vec<page::Entry> = groups
        .iter()
        .flat_map(|(rules, cases)| cases.iter().map(move |c| (rules, c)))
        .map(|(rules, c)| {
            let outcome = match (&c.skipped, &c.verdict) {
                (Some(why), _) => page::Outcome::Skipped(why.clone()),
                (None, Err(e)) => page::Outcome::Failed(e.clone(), None),
                (None, Ok(v)) if v.failure.is_none() => page::Outcome::Passed(v.checked),
                (None, Ok(_)) => page::Outcome::Failed(c.report.clone(), c.boards.clone()),
            };
            page::Entry { rules: rules.clone(), file: c.file.display().to_string(), outcome }
        })
        .collect();
    let summary = format!("{} of {} failed", failed, super::plural(entries.len(), "fixture"));
    let html = page::html(&format!("sowspec conform {}", dir.display()), &summary, &entries);
    let cannot = |e: std::io::Error| CliError::bad(format!("cannot write the HTML report to {}: {e}", out.display()));
    std::fs::create_dir_all(out).map_err(cannot)?;
    let index = out.join("index.html");
    std::fs::write(&index, html).map_err(cannot)?;
    eprintln!("wrote {}", index.display());
    Ok(())
}

/// Writes the JUnit report: a suite per rules file (its time the sum of
/// its games'), a test case per game, its class the rules file.
fn write_junit(groups: &BTreeMap<String, Vec<Case>>, elapsed: Duration, path: &Path) -> Result<(), CliError> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut report = Report::new("sowspec conform");
    report.set_time(elapsed);
    for (rules, cases) in groups {
        let mut suite = TestSuite::new(rules.as_str());
        suite.set_time(cases.iter().map(|c| c.time).sum());
        for c in cases {
            let status = if let Some(why) = &c.skipped {
                let mut s = TestCaseStatus::skipped();
                s.set_message(why.as_str());
                s
            } else if passed(c) {
                TestCaseStatus::success()
            } else {
                let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                s.set_message(c.report.lines().next().unwrap_or("failed").to_string());
                s.set_description(c.report.clone());
                s
            };
            let mut case = TestCase::new(c.file.display().to_string(), status);
            case.set_classname(rules.as_str());
            case.set_time(c.time);
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    write_xml(&report, path)
}

/// Writes a JUnit report to `path`.
fn write_xml(report: &quick_junit::Report, path: &Path) -> Result<(), CliError> {
    let xml = report.to_string().map_err(|e| CliError::bad(format!("cannot write JUnit XML: {e}")))?;
    std::fs::write(path, xml)
        .map_err(|e| CliError::bad(format!("cannot write the JUnit report to {}: {e}", path.display())))
}
