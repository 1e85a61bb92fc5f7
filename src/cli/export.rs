//! `sowspec export [DIR] --format jsonl`: every recorded game under a
//! folder as one line of JSON, for tools that do not read YAML.

use super::{read_text, CliError, CmdResult};
use sowspec::conform::export::GameDoc;
use sowspec::conform::find_fixtures;
use sowspec::fixture::Fixture;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Writes one line per fixture under `dir`, in path order. Any fixture or
/// rules file that cannot be read stops the export (exit 2), so that an
/// export is never silently short of games.
pub fn run(dir: &Path) -> CmdResult {
    if !dir.is_dir() {
        return Err(CliError::bad(format!("{} is not a folder of fixtures", dir.display())));
    }
    let files = find_fixtures(dir).map_err(|e| CliError::bad(format!("cannot read {}: {e}", dir.display())))?;
    let mut rules: HashMap<PathBuf, String> = HashMap::new();
    let mut out = std::io::stdout().lock();
    for file in files {
        let loaded = Fixture::load(&file).map_err(|e| CliError::bad(e.to_string()))?;
        if !rules.contains_key(&loaded.rules_path) {
            let text = read_text(&loaded.rules_path)
                .map_err(|e| CliError::bad(format!("{}: its rules file: {}", file.display(), e.message)))?;
            rules.insert(loaded.rules_path.clone(), text);
        }
        let path = loaded.rules_path.display().to_string();
        let line = GameDoc::new(&loaded, &path, &rules[&loaded.rules_path]).to_line();
        if let Err(e) = writeln!(out, "{line}") {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return Ok(ExitCode::SUCCESS);
            }
            return Err(CliError::bad(format!("cannot write the export: {e}")));
        }
    }
    Ok(ExitCode::SUCCESS)
}
