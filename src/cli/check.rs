//! `sowspec check FILE...`

use super::{read_text, render_diagnostics, CmdResult};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Checks each file; prints every diagnostic; exit 1 if any file has one.
/// With `explain`, also says how each valid file will be played.
pub fn run(files: &[PathBuf], json: bool, explain: bool) -> CmdResult {
    let mut all = Vec::new();
    let mut failed = false;
    for path in files {
        let name = path.display().to_string();
        let source = read_text(path)?;
        match sowspec::check(&source) {
            Ok(rules) if !json => {
                println!("{name}: ok ({})", rules.name);
                if explain {
                    print!("{}", explanation(rules));
                }
            }
            Ok(_) => {}
            Err(diags) => {
                failed = true;
                if json {
                    all.extend(diags.iter().map(|d| sowspec::report::to_json(d, &name, &source)));
                } else {
                    print!("{}", render_diagnostics(&diags, &name, &source, std::io::stdout().is_terminal()));
                    println!("{name}: {} problem(s)", diags.len());
                }
            }
        }
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&all).expect("diagnostics serialise"));
    }
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// How the machine will play checked rules: the board and the sowing kernel.
fn explanation(rules: sowspec::Ruleset) -> String {
    let b = &rules.board;
    let stores = match b.stores {
        sowspec::rules::Stores::None => "no stores",
        sowspec::rules::Stores::Sown => "stores",
    };
    let board = format!("{} rows × {} holes, {stores}, {} seeds", b.rows, b.holes, rules.total_seeds());
    let m = sowspec::Machine::new(rules);
    let why = m.kernel_reason().map_or(String::new(), |r| format!(" ({r})"));
    format!("  board    {board}\n  kernel   {}{why}\n", m.kernel().name())
}
