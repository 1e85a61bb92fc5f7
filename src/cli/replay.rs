//! `sowspec replay FIXTURE... [--verify]`, and the report of a failed
//! fixture that `conform` prints too.

use super::{paint_out, CliError, CmdResult, BAD_INPUT};
use sowspec::conform::{verify, Failure, MachineEngine};
use sowspec::fixture::{Fixture, Loaded};
use sowspec::render;
use std::path::PathBuf;
use std::process::ExitCode;

/// Replays each fixture; at the first divergence prints the report and the
/// trace of the diverging move. Exit 1 if any fixture fails.
pub fn run(files: &[PathBuf], verifying: bool) -> CmdResult {
    let mut engine = engine(verifying);
    let mut failed = 0;
    for path in files {
        if path.is_dir() {
            return Err(CliError::bad(format!(
                "{} is a directory, not a fixture; `sowspec conform {0}` replays every fixture under it",
                path.display()
            )));
        }
        let loaded = Fixture::load(path).map_err(|e| CliError { message: e.to_string(), code: BAD_INPUT })?;
        let verdict = verify(&mut engine, &loaded);
        match &verdict.failure {
            None => {
                let s = if verdict.checked == 1 { "" } else { "s" };
                println!("ok    {} ({} position{s})", path.display(), verdict.checked)
            }
            Some(f) => {
                failed += 1;
                println!("FAIL  {}", path.display());
                print!("{}", report(&engine, &loaded, f, false));
            }
        }
    }
    print_verified(engine.compared(), verifying);
    Ok(if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// sowspec's machine, verifying its kernel with `--verify`.
pub fn engine(verifying: bool) -> MachineEngine {
    if verifying {
        MachineEngine::verifying()
    } else {
        MachineEngine::default()
    }
}

/// With `--verify`, how many candidate moves were compared.
pub fn print_verified(compared: u64, verifying: bool) {
    if verifying {
        println!("verify: {compared} candidate moves sown by both the rules' kernel and the general interpreter");
    }
}

/// A failed fixture as a person reads it ([`render::fixture_report`]),
/// coloured when standard output is a terminal.
pub fn report(engine: &MachineEngine, loaded: &Loaded, failure: &Failure, other_engine: bool) -> String {
    render::fixture_report(engine, loaded, failure, other_engine, paint_out())
}
