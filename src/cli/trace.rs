//! `sowspec trace RULES --moves … [--ply N] [--html FILE]`

use super::{apply_moves, load_game, paint_out, CliError, CmdResult, GameSetup};
use sowspec::{render, webtrace};
use std::path::Path;
use std::process::ExitCode;

/// Prints the step-by-step trace of each move, or of move `only`; with
/// `html`, also writes the page that steps through them.
pub fn run(setup: &GameSetup, moves: &[String], only: Option<usize>, html: Option<&Path>) -> CmdResult {
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
    let mut page = webtrace::Builder::new(&m, &file, &source, &start);
    apply_moves(&m, start.clone(), moves, |ply, mover, mv, pos, events| {
        if only.is_none_or(|n| n == ply) {
            println!("ply {ply}: {mover} plays {mv}");
            print!("{}", render::trace(&m, events, &file, &source, paint));
            print!("{}", render::board(&m, pos));
            println!();
        }
        if html.is_some() {
            page.add_move(mover, mv, events, pos);
        }
    })?;
    if let Some(path) = html {
        std::fs::write(path, webtrace::html(&page.finish()))
            .map_err(|e| CliError::bad(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
