//! `sowspec lsp`: the language server over standard input and output.

use super::{CliError, CmdResult};
use std::process::ExitCode;

/// Serves until the editor says `exit`.
pub fn run() -> CmdResult {
    sowspec_lsp::run_stdio().map_err(|e| CliError::bad(format!("language server: {e}")))?;
    Ok(ExitCode::SUCCESS)
}
