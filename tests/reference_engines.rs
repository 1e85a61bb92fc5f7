//! Replays every recorded game in `tests/data/oracle/*.jsonl` (written by the
//! steering team's independent oracle) with the hand-written reference
//! engines of `sowspec-reference`, and checks every printed position
//! exactly.

use serde_json::Value;
use sowspec_reference::{Engine, RajaPasu, Sadeqa};
use std::path::{Path, PathBuf};

fn oracle_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/oracle");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

fn hole_index(letter: &Value) -> usize {
    let s = letter.as_str().expect("a move is a letter");
    assert_eq!(s.len(), 1, "a move is one letter: {s:?}");
    usize::from(s.as_bytes()[0] - b'a')
}

/// Replays one recorded game with engine `g`; `Err` describes the first
/// mismatch.
fn replay<E: Engine>(mut g: E, moves: &[Value], positions: &[Value]) -> Result<(), String> {
    if positions.len() != moves.len() + 1 {
        return Err(format!("{} moves but {} positions", moves.len(), positions.len()));
    }
    let mismatch = |ply: usize, got: &Value| {
        format!("ply {ply}: position differs\n  expected: {}\n  got:      {}", positions[ply], got)
    };
    let got = g.to_json();
    if got != positions[0] {
        return Err(mismatch(0, &got));
    }
    for (k, m) in moves.iter().enumerate() {
        let hole = hole_index(m);
        if hole >= 32 || g.legal_mask() >> hole & 1 == 0 {
            return Err(format!("ply {}: move {m} is not legal in the engine (mask {:#b})", k + 1, g.legal_mask()));
        }
        g.play(hole);
        let got = g.to_json();
        if got != positions[k + 1] {
            return Err(mismatch(k + 1, &got));
        }
    }
    if !g.is_over() && positions.last().unwrap()["to_move"].is_null() {
        return Err("recorded game is over, the engine's is not".into());
    }
    Ok(())
}

fn replay_line(rec: &Value) -> Result<(), String> {
    let game = rec["game"].as_str().ok_or("no `game` field")?;
    let one_round = rec["one_round"].as_bool().unwrap_or(false);
    let from = &rec["from"];
    let moves = rec["moves"].as_array().ok_or("no `moves` array")?;
    let positions = rec["positions"].as_array().ok_or("no `positions` array")?;
    match game {
        "raja_pasu" => {
            let g = if from.is_null() { RajaPasu::new(one_round) } else { RajaPasu::from_json(from, one_round)? };
            replay(g, moves, positions)
        }
        "sadeqa3" | "sadeqa3_4" => {
            let seeds = if game == "sadeqa3" { 6 } else { 4 };
            let g = if from.is_null() { Sadeqa::new(seeds) } else { Sadeqa::from_json(from, seeds)? };
            replay(g, moves, positions)
        }
        other => Err(format!("unknown game {other:?}")),
    }
}

#[test]
fn reference_engines_replay_every_oracle_game() {
    let files = oracle_files();
    assert!(files.len() >= 5, "expected the oracle files, found {files:?}");
    let mut failures = Vec::new();
    let mut games = 0;
    let mut plies = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let rec: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{}:{}: bad JSON: {e}", file.display(), n + 1));
            games += 1;
            plies += rec["moves"].as_array().map_or(0, Vec::len);
            if let Err(e) = replay_line(&rec) {
                let name = file.file_name().unwrap().to_string_lossy();
                let clause = rec["clause"].as_str().map(|c| format!(" [{c}]")).unwrap_or_default();
                failures.push(format!("{name}:{}{clause}: {e}", n + 1));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {games} recorded games differ:\n{}", failures.len(), failures.join("\n"));
    assert!(games >= 70, "only {games} games replayed");
    eprintln!("replayed {games} oracle games, {plies} moves");
}
