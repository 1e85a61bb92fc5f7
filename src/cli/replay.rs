//! `sowspec replay FIXTURE...`

use super::{paint_out, CliError, CmdResult, BAD_INPUT};
use sowspec::conform::{verify, Failure, MachineEngine};
use sowspec::fixture::{Fixture, Loaded};
use sowspec::render;
use sowspec::Move;
use std::path::PathBuf;
use std::process::ExitCode;

/// Replays each fixture; at the first divergence prints the report and the
/// trace of the diverging move. Exit 1 if any fixture fails.
pub fn run(files: &[PathBuf]) -> CmdResult {
    let mut engine = MachineEngine::default();
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
                print!("{}", render::failure(f, &loaded.fixture.moves));
                if let Some(trace) = diverging_trace(&mut engine, &loaded, f) {
                    println!("trace of that move:");
                    print!("{trace}");
                }
            }
        }
    }
    Ok(if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The trace of the move where a fixture diverged, on sowspec's machine.
pub fn diverging_trace(engine: &mut MachineEngine, loaded: &Loaded, failure: &Failure) -> Option<String> {
    let ply = match failure {
        Failure::Diverged { ply, .. } if *ply > 0 => *ply,
        _ => return None,
    };
    let f = &loaded.fixture;
    let m = engine.machine(&loaded.rules_path, f.one_round).ok()?;
    let source = std::fs::read_to_string(&loaded.rules_path).ok()?;
    let mut pos = match &f.from {
        Some(doc) => m.position_from(doc).ok()?,
        None => m.initial(),
    };
    for mv in &f.moves[..ply - 1] {
        pos = m.play(&pos, Move::parse(mv)?).ok()?;
    }
    let mut events = Vec::new();
    m.play_traced(&pos, Move::parse(&f.moves[ply - 1])?, &mut events).ok()?;
    Some(render::trace(m, &events, &loaded.rules_path.display().to_string(), &source, paint_out()))
}
