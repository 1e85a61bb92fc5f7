//! `sowspec trace RULES --moves … [--ply N] [--html FILE] [--why LINE]`

use super::{apply_moves_or, load_game, paint_out, CliError, CmdResult, GameSetup};
use sowspec::trace::EventKind;
use sowspec::{render, webtrace, Illegal, Machine, Move, Position, Span};
use std::path::Path;
use std::process::ExitCode;

/// What to show: every move or one, an HTML page, the rule to explain.
pub struct Shown<'a> {
    /// Only move N (1-based).
    pub only: Option<usize>,
    /// Also write the stepping page here.
    pub html: Option<&'a Path>,
    /// Explain how the rule declared on this line (1-based) was weighed.
    pub why: Option<usize>,
}

/// Prints the step-by-step trace of each move, or of move `shown.only`;
/// with `shown.html`, also writes the page that steps through them; with
/// `shown.why`, says each time the rule on that line was weighed whether
/// it held, and which part of its condition decided.
pub fn run(setup: &GameSetup, moves: &[String], shown: &Shown) -> CmdResult {
    let Shown { only, html, why } = *shown;
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
    let about = why.map(|line| rule_line(&m, &source, &file, line)).transpose()?;
    let mut weighed = 0;
    let paint = paint_out();
    let mut page = webtrace::Builder::new(&m, &file, &source, &start);
    let each = |ply, mover, mv: &str, pos: &_, events: &[sowspec::trace::Event]| {
        weighed += events.iter().filter(|e| matches!(e.kind, EventKind::Considered { .. })).count();
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
            if m.trace_sowing(pos, parsed, &mut events).is_err() {
                return; // (`play` said Endless: the position is this machine's)
            }
            print!("{}", render::trace(&m, &events, &file, &source, paint));
            println!();
        }
    };
    apply_moves_or(&m, start.clone(), moves, about, each, endless)?;
    if let (Some(line), 0) = (why, weighed) {
        println!("the rule on line {line} was never weighed in these moves");
    }
    if let Some(path) = html {
        std::fs::write(path, webtrace::html(&page.finish()))
            .map_err(|e| CliError::bad(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The span of line `line` (1-based) of `source`, if a rule with a
/// condition starts there; else an error naming the lines where one does.
fn rule_line(m: &Machine, source: &str, file: &str, line: usize) -> Result<Span, CliError> {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < source.len())
        .collect();
    let line_of = |offset: usize| starts.partition_point(|&s| s <= offset);
    let mut lines: Vec<usize> = m.rules().weighed_rules().iter().map(|s| line_of(s.start)).collect();
    lines.dedup();
    let listed = lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
    if !lines.contains(&line) {
        let what = if line == 0 || line > starts.len() {
            format!("{file} has no line {line} (it has {})", starts.len())
        } else {
            format!("{file}:{line} declares no rule with a condition")
        };
        return Err(CliError::bad(format!("--why {line}: {what}; rules with a condition start on lines {listed}")));
    }
    let end = starts.get(line).copied().unwrap_or(source.len());
    Ok(Span::new(starts[line - 1], end))
}
