//! `sowspec replay --rules RULES GAMES.jsonl`: games recorded as the lines
//! `play --json` prints (`{"positions": [...]}`, one game a line), replayed
//! under the rules: each position must follow from the one before by a
//! legal move, which the replay names.

use super::{load_machine, read_text, CmdResult};
use sowspec::protocol::PositionsDoc;
use sowspec::{render, Machine};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Replays every game of every file; exit 1 if any does not follow the rules.
pub fn run(rules: &Path, files: &[PathBuf]) -> CmdResult {
    let (m, _) = load_machine(rules, false)?;
    let mut failed = 0;
    for path in files {
        let text = read_text(path)?;
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let at = format!("{}:{}", path.display(), i + 1);
            match replay(&m, line) {
                Ok(moves) if moves.is_empty() => println!("ok    {at} (no move)"),
                Ok(moves) => println!("ok    {at} ({}: {})", super::plural(moves.len(), "move"), moves.join(",")),
                Err(why) => {
                    failed += 1;
                    println!("FAIL  {at}\n{why}");
                }
            }
        }
    }
    Ok(if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The moves of one game, or why it does not follow the rules.
fn replay(m: &Machine, line: &str) -> Result<Vec<String>, String> {
    let doc: PositionsDoc =
        serde_json::from_str(line).map_err(|e| format!("not a game as `play --json` prints it: {e}"))?;
    let first = doc.positions.first().ok_or("the game has no position")?;
    let mut pos = first.to_position(m).map_err(|e| format!("position 0: {e}"))?;
    let mut moves = Vec::new();
    for (ply, next) in doc.positions.iter().enumerate().skip(1) {
        match sowspec::moves::leading_to(m, &pos, next) {
            Some((mv, after)) => {
                moves.push(mv.to_string());
                pos = after;
            }
            None => {
                let legal: Vec<String> =
                    m.legal_moves(&pos).unwrap_or_default().iter().map(sowspec::Move::to_string).collect();
                let expected = serde_json::to_string(next).unwrap_or_default();
                return Err(format!(
                    "no legal move leads from position {} to position {ply} (after {}; legal: {})\n{}expected:\n{expected}",
                    ply - 1,
                    if moves.is_empty() { "no move".to_string() } else { moves.join(",") },
                    if legal.is_empty() { "none".to_string() } else { legal.join(" ") },
                    render::board(m, &pos)
                ));
            }
        }
    }
    Ok(moves)
}
