//! `sowspec trace RULES --moves … [--ply N]`

use super::{apply_moves, load_game, paint_out, CliError, CmdResult, GameSetup};
use sowspec::render;
use std::process::ExitCode;

/// Prints the step-by-step trace of each move, or of move `only`.
pub fn run(setup: &GameSetup, moves: &[String], only: Option<usize>) -> CmdResult {
    if let Some(n) = only {
        if n == 0 {
            return Err(CliError::bad("--ply 0: moves are counted from 1"));
        }
        if n > moves.len() {
            let given = if moves.len() == 1 { "1 move is".to_string() } else { format!("{} moves are", moves.len()) };
            return Err(CliError::bad(format!("--ply {n}: only {given} given")));
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
