//! `sowspec conform [DIR] [--junit FILE] [--verify]`: the main job.

use super::{CliError, CmdResult};
use sowspec::conform::{find_fixtures, verify, Verdict};
use sowspec::fixture::Fixture;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One fixture's outcome.
struct Case {
    file: PathBuf,
    verdict: Result<Verdict, String>,
    report: String,
    time: Duration,
}

/// Replays every fixture under `dir`; prints a table per rules file and a
/// total (and, with `verifying`, how many candidate moves were verified);
/// exit 1 on any failure.
pub fn run(dir: &Path, junit: Option<&Path>, verifying: bool) -> CmdResult {
    if !dir.is_dir() {
        return Err(CliError::bad(format!("{} is not a folder of fixtures", dir.display())));
    }
    let files = find_fixtures(dir).map_err(|e| CliError::bad(format!("cannot read {}: {e}", dir.display())))?;
    if files.is_empty() {
        return Err(CliError::bad(format!("no fixtures (*.yaml) under {}", dir.display())));
    }
    let bar = super::progress(files.len() as u64);
    let started = Instant::now();
    let mut engine = super::replay::engine(verifying);
    let mut groups: BTreeMap<String, Vec<Case>> = BTreeMap::new();
    for file in files {
        let t = Instant::now();
        let (rules, verdict, report) = match Fixture::load(&file) {
            Err(e) => ("(unreadable fixtures)".to_string(), Err(e.to_string()), e.to_string()),
            Ok(loaded) => {
                let v = verify(&mut engine, &loaded);
                let report = v.failure.as_ref().map(|f| super::replay::report(&engine, &loaded, f)).unwrap_or_default();
                (tidy(&loaded.rules_path), Ok(v), report)
            }
        };
        groups.entry(rules).or_default().push(Case { file, verdict, report, time: t.elapsed() });
        bar.inc(1);
    }
    bar.finish_and_clear();
    let failed = print_table(&groups, started.elapsed());
    super::replay::print_verified(&engine, verifying);
    if let Some(path) = junit {
        write_junit(&groups, path)?;
    }
    Ok(if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn passed(c: &Case) -> bool {
    matches!(&c.verdict, Ok(v) if v.failure.is_none())
}

/// `rules/x.rules` rather than `fixtures/x/../../rules/x.rules`.
fn tidy(p: &Path) -> String {
    let mut out: Vec<std::path::Component> = Vec::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir if matches!(out.last(), Some(std::path::Component::Normal(_))) => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out.iter().collect::<PathBuf>().display().to_string()
}

/// Prints the table and the failures; returns how many failed.
fn print_table(groups: &BTreeMap<String, Vec<Case>>, elapsed: Duration) -> usize {
    let width = groups.keys().map(String::len).max().unwrap_or(5).max(5);
    println!(
        "{:<width$}  {:>5}  {:>9}  {:>6}  {:>6}  {:>8}",
        "rules", "games", "positions", "passed", "failed", "time"
    );
    let (mut games, mut positions, mut ok) = (0, 0, 0);
    for (rules, cases) in groups {
        let n = cases.len();
        let p: usize = cases.iter().map(|c| c.verdict.as_ref().map_or(0, |v| v.checked)).sum();
        let good = cases.iter().filter(|c| passed(c)).count();
        let time: Duration = cases.iter().map(|c| c.time).sum();
        println!("{rules:<width$}  {n:>5}  {p:>9}  {good:>6}  {:>6}  {:>7.2}s", n - good, time.as_secs_f64());
        (games, positions, ok) = (games + n, positions + p, ok + good);
    }
    println!(
        "{:<width$}  {games:>5}  {positions:>9}  {ok:>6}  {:>6}  {:>7.2}s",
        "total",
        games - ok,
        elapsed.as_secs_f64()
    );
    for case in groups.values().flatten().filter(|c| !passed(c)) {
        println!("\nFAIL {}", case.file.display());
        match &case.verdict {
            Err(e) => println!("{e}"),
            Ok(_) => print!("{}", case.report),
        }
    }
    games - ok
}

fn write_junit(groups: &BTreeMap<String, Vec<Case>>, path: &Path) -> Result<(), CliError> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut report = Report::new("sowspec conform");
    for (rules, cases) in groups {
        let mut suite = TestSuite::new(rules.as_str());
        for c in cases {
            let status = if passed(c) {
                TestCaseStatus::success()
            } else {
                let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                s.set_message(c.report.lines().next().unwrap_or("failed").to_string());
                s.set_description(c.report.clone());
                s
            };
            let mut case = TestCase::new(c.file.display().to_string(), status);
            case.set_time(c.time);
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    let xml = report.to_string().map_err(|e| CliError::bad(format!("cannot write JUnit XML: {e}")))?;
    std::fs::write(path, xml)
        .map_err(|e| CliError::bad(format!("cannot write the JUnit report to {}: {e}", path.display())))
}
