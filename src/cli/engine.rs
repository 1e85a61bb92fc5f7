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
    for file in super::rules_files_in(paths)? {
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
