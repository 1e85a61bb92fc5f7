//! The machine driven by arbitrary move sequences over each bundled rules
//! file. Byte 0 picks the rules file (bits 0–1 and 4–7), `--one-round`
//! (bit 2) and whether to start from a position built from the next bytes
//! (bit 3); every later byte is a move (hole index 0–15, so some are no hole
//! of the board).
//! Invariants: a move applies exactly when it is in the legal mask; an
//! illegal move is refused with the position untouched; every position is
//! sound (seeds conserved, legal moves up to date, the protocol round-trips);
//! `play_unchecked` agrees with `play`; the machine's kernel agrees with the
//! general interpreter on every candidate of every position (`verify`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowspec_core::protocol::{PositionDoc, Sides};
use sowspec_core::{Hole, Illegal, Machine, Position};

/// A start position spreading the game's seeds over both rows in the
/// proportions of `weights` (one byte per hole), otherwise as at the start
/// (South to move); `None` if the rules refuse it (e.g. South cannot move).
fn built(m: &Machine, weights: &[u8]) -> Option<Position> {
    let holes = usize::from(m.holes());
    let weights: Vec<u64> = weights.iter().take(2 * holes).map(|&w| u64::from(w)).collect();
    let sum: u64 = weights.iter().sum();
    if weights.len() < 2 * holes || sum == 0 {
        return None;
    }
    let total = u64::from(m.rules().total_seeds());
    let cells: Vec<i64> = weights.iter().map(|w| (w * total / sum) as i64).collect();
    let left = total as i64 - cells.iter().sum::<i64>();
    let mut doc = PositionDoc::of(m, &m.initial());
    doc.board = Sides { south: cells[..holes].to_vec(), north: cells[holes..].to_vec() };
    doc.captured = Sides { south: left / 2, north: left - left / 2 };
    doc.to_position(m).ok()
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let machines = sowspec_fuzz::machines();
    let base = &machines[usize::from(mode & 0xf0 | mode & 3) % machines.len()];
    let m = base.clone().with_one_round(mode & 4 != 0);
    let (mut pos, moves) = if mode & 8 != 0 {
        let n = 2 * usize::from(m.holes());
        if rest.len() < n {
            return;
        }
        match built(&m, &rest[..n]) {
            Some(p) => (p, &rest[n..]),
            None => return,
        }
    } else {
        (m.initial(), rest)
    };
    sowspec_fuzz::assert_sound(&m, &pos);
    for &b in moves.iter().take(200) {
        if let Err(d) = m.verify(&pos) {
            panic!("{d}");
        }
        let index = b % Hole::MAX;
        let hole = Hole::at(index);
        let legal = pos.legal_mask() & (1 << index) != 0;
        match m.play(&pos, hole) {
            Ok(next) => {
                assert!(legal, "move {index} applied but is not in the legal mask {:b}", pos.legal_mask());
                let mut fast = pos.clone();
                m.play_unchecked(&mut fast, hole);
                assert_eq!(fast, next, "play_unchecked agrees with play");
                sowspec_fuzz::assert_sound(&m, &next);
                pos = next;
            }
            Err(e) => {
                assert!(!legal, "move {index} is in the legal mask but was refused: {e}");
                let untouched: &Position = &e.position;
                assert_eq!(untouched, &pos, "a refused move leaves the position untouched");
                match e.reason {
                    Illegal::GameOver => assert!(pos.to_move().is_none()),
                    Illegal::NoSuchHole => assert!(index >= m.holes()),
                    _ => assert!(index < m.holes() && pos.to_move().is_some()),
                }
            }
        }
    }
});
