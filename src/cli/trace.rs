//! `sowspec trace RULES --moves … [--ply N]`

use super::{apply_moves, load_game, paint_out, CliError, CmdResult, GameSetup};
use sowspec::render;
use std::process::ExitCode;

/// Prints the step-by-step trace of each move, or of move `only`.
pub fn run(setup: &GameSetup, moves: &[String], only: Option<usize>) -> CmdResult {
    if let Some(n) = only {
        if n == 0 || n > moves.len() {
            return Err(CliError::bad(format!("--ply {n} is not one of the {} moves given", moves.len())));
        }
    }
    let (m, source, start) = load_game(setup)?;
    let file = setup.rules.display().to_string();
    let paint = paint_out();
    apply_moves(&m, start, moves, |ply, mover, mv, pos, events| {
        if only.is_none_or(|n| n == ply) {
            println!("ply {ply}: {mover} plays {mv}");
            print!("{}", render::trace(&m, events, &file, &source, paint));
            print!("{}", render::board(&m, pos));
            println!();
        }
    })?;
    Ok(ExitCode::SUCCESS)
}
