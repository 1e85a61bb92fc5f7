//! `sowspec check FILE...`

use super::{plural, read_text, render_diagnostics, CmdResult};
use sowspec::report::{to_github, to_json};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// How `check` prints what it finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Rendered for people, a line per file, then a summary.
    Human,
    /// One JSON array on standard output; the summary goes to standard error.
    Json,
    /// GitHub Actions workflow commands (annotations), then the summary.
    Github,
}

/// Checks each file; prints every diagnostic and a summary line; exit 1 if
/// any file has a problem.
/// With `explain`, also says how each valid file will be played.
pub fn run(files: &[PathBuf], output: Output, explain: bool) -> CmdResult {
    let mut all = Vec::new();
    let (mut problems, mut failing) = (0, 0);
    for path in files {
        let name = path.display().to_string();
        let source = read_text(path)?;
        match sowspec::check(&source) {
            Ok(rules) if output == Output::Human => {
                println!("{name}: ok ({})", rules.name());
                if explain {
                    print!("{}", explanation(rules));
                }
            }
            Ok(_) => {}
            Err(diags) => {
                problems += diags.len();
                failing += 1;
                match output {
                    Output::Json => all.extend(diags.iter().map(|d| to_json(d, &name, &source))),
                    Output::Github => diags.iter().for_each(|d| println!("{}", to_github(d, &name, &source))),
                    Output::Human => {
                        print!("{}", render_diagnostics(&diags, &name, &source, std::io::stdout().is_terminal()));
                        println!("{name}: {}", plural(diags.len(), "problem"));
                    }
                }
            }
        }
    }
    let line = summary(problems, failing, files.len());
    if output == Output::Json {
        println!("{}", serde_json::to_string_pretty(&all).expect("diagnostics serialise"));
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
    Ok(if failing > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// "no problems in 18 files", "1 problem in 1 file", "3 problems in 2 of 18 files".
fn summary(problems: usize, failing: usize, files: usize) -> String {
    match (problems, failing == files) {
        (0, _) => format!("no problems in {}", plural(files, "file")),
        (_, true) => format!("{} in {}", plural(problems, "problem"), plural(files, "file")),
        (_, false) => format!("{} in {failing} of {}", plural(problems, "problem"), plural(files, "file")),
    }
}

/// How the machine will play checked rules: the board, the sowing kernel
/// and how legal moves are found.
fn explanation(rules: sowspec::Ruleset) -> String {
    let b = &rules.board();
    let stores = match b.stores {
        sowspec::rules::Stores::None => "no stores",
        sowspec::rules::Stores::Sown => "stores",
        sowspec::rules::Stores::SownRight => "stores at the rows' right ends",
        sowspec::rules::Stores::Both => "both stores sown",
    };
    let circuits = if b.own_circuits { ", each player's own circuit" } else { "" };
    let drawn = rules.drawn().map_or(String::new(), |d| {
        format!(" drawn at random, at least {} a hole: each game gives its start or draws it from a seed", d.at_least)
    });
    let board = if b.circle {
        format!("one circle of {} holes nobody owns, {stores}, {} seeds", b.holes, rules.total_seeds())
    } else {
        format!("{} rows × {} holes, {stores}{circuits}, {} seeds{drawn}", b.rows, b.holes, rules.total_seeds())
    };
    let m = sowspec::Machine::new(rules);
    let layout = layout_lines(&m);
    let why = super::bench::kernel_note(&m);
    let legal = match m.plan().sown_legality() {
        None => "found without sowing (one lap, no relay: every liftable hole is a legal move unless a `must_leave` duty applies)"
            .to_string(),
        Some(why) => format!("each candidate is sown to judge it ({why})"),
    };
    let note = m.plan().note().map_or(String::new(), |n| format!("  note     {n}\n"));
    format!("  board    {board}\n{layout}  kernel   {}{why}\n{note}  legal    {legal}\n", m.plan().kernel().name())
}

/// Where each hole lies and each player's track, on every shape, and the
/// pairs of facing holes where the rules write them (`facing`).
fn layout_lines(m: &sowspec::Machine) -> String {
    let b = m.rules().board();
    let names = |cells: &[u8]| cells.iter().map(|&c| m.cell_name(c)).collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    for (k, row) in sowspec::render::rows_from_above(m).iter().enumerate() {
        out += &format!("  {}{}\n", if k == 0 { "layout   " } else { "         " }, names(row));
    }
    let [south, north] = sowspec::render::tracks(m);
    out += &format!("  tracks   South {}\n           North {}\n", names(&south), names(&north));
    for (who, written) in ["South", "North"].iter().zip(&b.clockwise) {
        if let Some(track) = written {
            out += &format!("  {who} clockwise {}\n", names(track));
        }
    }
    if let Some(facing) = &b.facing {
        // Each pair once, from South's hole, in South's letter order.
        let pp = b.per_player();
        let pairs: Vec<String> = (0..pp).map(|c| names(&[c, facing[usize::from(c)]])).collect();
        out += &format!("  facing   {}\n", pairs.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::summary;

    #[test]
    fn summaries_read_well() {
        assert_eq!(summary(0, 0, 18), "no problems in 18 files");
        assert_eq!(summary(0, 0, 1), "no problems in 1 file");
        assert_eq!(summary(1, 1, 1), "1 problem in 1 file");
        assert_eq!(summary(2, 1, 1), "2 problems in 1 file");
        assert_eq!(summary(3, 2, 18), "3 problems in 2 of 18 files");
        assert_eq!(summary(1, 1, 2), "1 problem in 1 of 2 files");
    }
}
