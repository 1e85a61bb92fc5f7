//! `sowspec import mancalagames CONFIG… [--out DIR] [--list-unsupported]`:
//! MancalaGames configurations as rules files (the mapping is in
//! [`sowspec::import`]).

use super::{plural, CliError, CmdResult};
use sowspec::import::{mancalagames_file, ImportError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The configuration files named: files as given, folders' `.txt` files (sorted, not `_*`).
fn config_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let cannot = |e: std::io::Error| CliError::bad(format!("cannot read {}: {e}", path.display()));
        let mut found: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(cannot)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(cannot)?
            .into_iter()
            .filter(|p| {
                p.extension().is_some_and(|e| e == "txt")
                    && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('_'))
            })
            .collect();
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// Runs the command: exit 0 when every configuration was imported (or, with
/// `list_unsupported`, always unless a file is unusable), 1 otherwise.
pub fn run(paths: &[PathBuf], out: Option<&Path>, list_unsupported: bool) -> CmdResult {
    let files = config_files(paths)?;
    let out = out.unwrap_or(Path::new("."));
    let (mut imported, mut failed) = (0, 0);
    let mut blockers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        match mancalagames_file(file) {
            Ok(done) if !list_unsupported => {
                std::fs::create_dir_all(out)
                    .map_err(|e| CliError::bad(format!("cannot create {}: {e}", out.display())))?;
                let target = out.join(&done.file_name);
                std::fs::write(&target, &done.text)
                    .map_err(|e| CliError::bad(format!("cannot write {}: {e}", target.display())))?;
                println!("{}: imported as {}", file.display(), target.display());
                imported += 1;
            }
            Ok(_) => {
                println!("{}: imports", file.display());
                imported += 1;
            }
            Err(ImportError::Unsupported(problems)) => {
                failed += 1;
                for p in &problems {
                    if list_unsupported {
                        println!("{}: {p}", file.display());
                    } else {
                        eprintln!("{}: not imported: parameter {}", file.display(), p);
                    }
                    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                    blockers.entry(format!("{} = {}", p.param, p.value)).or_default().push(stem);
                }
            }
            Err(ImportError::Malformed(message) | ImportError::Internal(message)) => {
                failed += 1;
                eprintln!("{message}");
            }
        }
    }
    if list_unsupported {
        let mut ranked: Vec<_> = blockers.into_iter().collect();
        ranked.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
        println!("\nblocking values, by configurations blocked:");
        for (value, games) in ranked {
            println!("  {:3}  {value}: {}", games.len(), games.join(", "));
        }
    }
    println!("{} imported, {} not", plural(imported, "configuration"), failed);
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
