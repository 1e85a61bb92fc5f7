//! `sowspec check FILE...`

use super::{read_text, render_diagnostics, CmdResult};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Checks each file; prints every diagnostic; exit 1 if any file has one.
pub fn run(files: &[PathBuf], json: bool) -> CmdResult {
    let mut all = Vec::new();
    let mut failed = false;
    for path in files {
        let name = path.display().to_string();
        let source = read_text(path)?;
        match sowspec::check(&source) {
            Ok(rules) if !json => println!("{name}: ok ({})", rules.name),
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
