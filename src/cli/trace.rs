//! `sowspec trace RULES --moves … [--ply N] [--html FILE]`

use super::{apply_moves_or, load_game, paint_out, CliError, CmdResult, GameSetup};
use sowspec::{render, webtrace, Illegal, Move, Position};
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
    let each = |ply, mover, mv: &str, pos: &_, events: &[_]| {
        if only.is_none_or(|n| n == ply) {
            println!("ply {ply}: {mover} plays {mv}");
            print!("{}", render::trace(&m, events, &file, &source, paint));
            print!("{}", render::board(&m, pos));
            println!();
        }
        if html.is_some() {
            page.add_move(mover, mv, events, pos);
        }
    };
    // An endless move is illegal: its laps are shown up to the point it was judged.
    let endless = |ply, pos: &Position, mv: &str| {
        let Some(parsed) = Move::parse(mv) else { return };
        let Err(e) = m.play(pos, parsed) else { return };
        if matches!(e.reason, Illegal::Endless { .. }) && only.is_none_or(|n| n == ply) {
            let mover = pos.to_move().map_or(String::new(), |p| p.to_string());
            println!("ply {ply}: {mover} plays {mv}, which is illegal: its sowing never ends");
            let mut events = Vec::new();
            m.trace_sowing(pos, parsed, &mut events);
            print!("{}", render::trace(&m, &events, &file, &source, paint));
            println!();
        }
    };
    apply_moves_or(&m, start.clone(), moves, each, endless)?;
    if let Some(path) = html {
        std::fs::write(path, webtrace::html(&page.finish()))
            .map_err(|e| CliError::bad(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
