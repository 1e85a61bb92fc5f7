//! `sowspec replay FIXTURE... [--verify]`, and the report of a failed
//! fixture that `conform` prints too.

use super::{paint_out, CliError, CmdResult, BAD_INPUT};
use sowspec::conform::{verify, Failure, Internal, MachineEngine, TraceError};
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

/// A failed fixture as a person reads it: the failure, then, from the game
/// `engine` just replayed, the trace of the move that diverged, or both
/// results of an internal error.
///
/// `other_engine` says the failure is another engine's, so the trace is
/// labelled as coming from sowspec's machine.
pub fn report(engine: &MachineEngine, loaded: &Loaded, failure: &Failure, other_engine: bool) -> String {
    let mut out = render::failure(failure, &loaded.fixture.moves);
    let Some(game) = engine.last_game() else { return out };
    let internal = |out: &mut String, i: &Internal| {
        *out += &render::internal(game.machine, i);
    };
    match failure {
        Failure::Internal(i) => internal(&mut out, i),
        Failure::Diverged { ply, .. } if *ply > 0 => match game.trace(*ply) {
            Ok(events) => {
                let file = game.rules.display().to_string();
                out +=
                    if other_engine { "trace of that move (on sowspec's machine):\n" } else { "trace of that move:\n" };
                out += &render::trace(game.machine, &events, &file, game.source, paint_out());
            }
            Err(TraceError::Internal(i)) => {
                out += &render::failure(&Failure::Internal(i.clone()), &loaded.fixture.moves);
                internal(&mut out, &i);
            }
            Err(TraceError::NotPlayed { .. }) => {}
        },
        _ => {}
    }
    out
}
