//! `sowspec fmt [PATH...] [--check]`: the canonical layout of rules files,
//! written in place, or with `--check` a unified diff of what would change.

use super::{plural, read_text, render_diagnostics, CliError, CmdResult};
use sowspec::format::{format, FormatError};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What formatting one text came to.
enum Outcome {
    /// Already formatted.
    Same,
    /// Formatted differently: the new text.
    Changed(String),
    /// Not formatted (the reasons were printed).
    Failed,
}

/// Formats `source` (named `name` in messages); prints why when it cannot.
fn format_text(name: &str, source: &str) -> Outcome {
    match format(source) {
        Ok(out) if out == source => Outcome::Same,
        Ok(out) => Outcome::Changed(out),
        Err(FormatError::Invalid(diags)) => {
            eprint!("{}", render_diagnostics(&diags, name, source, std::io::stderr().is_terminal()));
            eprintln!("{name}: not formatted: it does not parse ({})", plural(diags.len(), "problem"));
            Outcome::Failed
        }
        Err(e @ FormatError::Unstable) => {
            eprintln!("{name}: {e}");
            Outcome::Failed
        }
    }
}

/// The unified diff from `old` to `new`.
fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, &format!("{name} (formatted)"))
        .to_string()
}

/// Every `.rules` file under `path` (sorted), or `path` itself if it is a file.
fn rules_files(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), CliError> {
    if !path.is_dir() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let cannot = |e: std::io::Error| CliError::bad(format!("cannot read {}: {e}", path.display()));
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(cannot)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(cannot)?;
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rules_files(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "rules") {
            out.push(p);
        }
    }
    Ok(())
}

/// Formats the files (folders: their `.rules` files), or standard input to
/// standard output when none is given. Exit 1 when a file does not parse,
/// or with `check` when one would change.
pub fn run(paths: &[PathBuf], check: bool) -> CmdResult {
    if paths.is_empty() {
        return stdin(check);
    }
    let mut files = Vec::new();
    for p in paths {
        rules_files(p, &mut files)?;
    }
    let (mut changed, mut failed) = (0, 0);
    for path in &files {
        let name = path.display().to_string();
        let source = read_text(path)?;
        match format_text(&name, &source) {
            Outcome::Same => {}
            Outcome::Failed => failed += 1,
            Outcome::Changed(out) => {
                changed += 1;
                if check {
                    print!("{}", diff(&name, &source, &out));
                } else {
                    std::fs::write(path, out).map_err(|e| CliError::bad(format!("cannot write {name}: {e}")))?;
                    println!("formatted {name}");
                }
            }
        }
    }
    let files_n = plural(files.len(), "file");
    match (check, changed) {
        (_, 0) => println!("{files_n} already formatted"),
        (true, n) => println!("{} of {files_n} would be reformatted (run `sowspec fmt`)", n),
        (false, n) => println!("reformatted {n} of {files_n}"),
    }
    if failed > 0 {
        println!(
            "{} not formatted: {} not parse",
            plural(failed, "file"),
            if failed == 1 { "it does" } else { "they do" }
        );
    }
    Ok(if failed > 0 || (check && changed > 0) { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// Standard input to standard output (with `check`: the diff, if any).
fn stdin(check: bool) -> CmdResult {
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(super::MAX_READ_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::bad(format!("cannot read standard input: {e}")))?;
    if bytes.len() as u64 > super::MAX_READ_BYTES {
        return Err(CliError::bad("standard input is too large: sowspec reads files of at most 64 MiB"));
    }
    let source = String::from_utf8(bytes).map_err(|_| CliError::bad("standard input is not UTF-8 text"))?;
    let out = match format_text("<stdin>", &source) {
        Outcome::Failed => return Ok(ExitCode::from(1)),
        Outcome::Same => source.clone(),
        Outcome::Changed(out) => out,
    };
    let mut stdout = std::io::stdout();
    if check {
        if out == source {
            return Ok(ExitCode::SUCCESS);
        }
        write!(stdout, "{}", diff("<stdin>", &source, &out)).ok();
        return Ok(ExitCode::from(1));
    }
    write!(stdout, "{out}").ok();
    Ok(ExitCode::SUCCESS)
}
