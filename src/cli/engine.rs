//! `sowspec engine RULES…`: sowspec's machine as an engine of the protocol
//! (`docs/PROTOCOL.md`) on standard input and output.

use super::{load_machine, CliError, CmdResult};
use sowspec::conform::serve::{serve, Server};
use sowspec::conform::wire::variant;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Checks every rules file (a folder stands for its `*.rules`), then answers
/// requests until `quit` or the end of the input.
pub fn run(paths: &[PathBuf]) -> CmdResult {
    let mut variants = BTreeMap::new();
    for file in expand(paths)? {
        let (machine, _) = load_machine(&file, false)?;
        if let Some((first, _)) = variants.insert(variant(&file), (file.clone(), machine)) {
            return Err(CliError::bad(format!(
                "{} and {} both define the variant `{}`: a variant is named by its file's stem",
                first.display(),
                file.display(),
                variant(&file)
            )));
        }
    }
    let name = format!("sowspec {}", env!("CARGO_PKG_VERSION"));
    let mut server = Server::new(name, variants.into_iter().map(|(v, (_, m))| (v, m)));
    match serve(&mut server, &mut std::io::stdin().lock(), &mut std::io::stdout().lock()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::bad(format!("the engine's input or output failed: {e}")))
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// The rules files named, each folder replaced by its `*.rules` in name order.
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let inside = super::rules_files_under(path)?;
        if inside.is_empty() {
            return Err(CliError::bad(format!("no rules files (*.rules) in {}", path.display())));
        }
        files.extend(inside);
    }
    Ok(files)
}
