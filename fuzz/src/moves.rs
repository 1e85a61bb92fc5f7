//! The `moves` target: a bundled game driven by arbitrary moves.
//!
//! The input is `NAME\n`, a flags byte, the start, then one byte a move:
//!
//! - `NAME` is a bundled rules file's stem (`oware`, `deka_mancalagames`;
//!   any other name picks a game, see [`super::games::game`]);
//! - flags: bit 0 plays one round only (`--one-round`), bit 1 starts from a
//!   position built from the next `2 × holes` bytes (the game's seeds
//!   spread in those proportions, South to move), else the next byte is
//!   the seed of the start's draw (`seeds drawn`; other games ignore it);
//! - a move byte below `0xC0` names hole `b & 15` with no direction, `+`
//!   or `-` as `b >> 4` is 0, 1 or 2 modulo 3 (so many are illegal or no
//!   hole); from `0xC0` it plays legal move `(b & 63) % count`, which takes
//!   games deep: through rounds, closed holes and repetitions.

use super::games::game;
use super::sound::{assert_fair_refusal, assert_sound};
use sowspec_core::protocol::{PositionDoc, Sides};
use sowspec_core::{Hole, Machine, Move, Position, Sense};

/// Most moves an input plays (the rest of it is ignored): a bound on the
/// work per input, so nothing hangs.
pub const MAX_PLIES: usize = 400;

/// A move applies exactly when it is in the legal mask, and an illegal one
/// is refused with the position untouched, for a reason that fits it; every
/// position reached is sound ([`assert_sound`]: seeds conserved, legal
/// moves exactly the moves that apply, directions included, the kernel
/// agreeing with the definition, the protocol round-trip).
pub fn run(data: &[u8]) {
    let Some(newline) = data.iter().position(|&b| b == b'\n') else { return };
    let m = &game(&data[..newline]).machine;
    let Some((&flags, rest)) = data[newline + 1..].split_first() else { return };
    let m = m.clone().with_one_round(flags & 1 != 0);
    let (mut pos, moves) = if flags & 2 != 0 {
        let n = 2 * usize::from(m.holes());
        if rest.len() < n {
            return;
        }
        match built(&m, &rest[..n]) {
            Some(p) => (p, &rest[n..]),
            None => return,
        }
    } else {
        let Some((&draw, moves)) = rest.split_first() else { return };
        (m.initial_drawn(u64::from(draw)), moves)
    };
    assert_sound(&m, &pos);
    for &b in moves.iter().take(MAX_PLIES) {
        let mv = if b >= 0xC0 {
            let legal: Vec<Move> = pos.legal_moves().collect();
            match legal.len() {
                0 => Move::from(Hole::at(b & 15)),
                n => legal[usize::from(b & 63) % n],
            }
        } else {
            let sense = [None, Some(Sense::Plus), Some(Sense::Minus)][usize::from(b >> 4) % 3];
            Move::new(Hole::at(b & 15), sense)
        };
        let legal = mv.sense.is_some() == m.chosen() && pos.legal_mask() & (1 << mv.index()) != 0;
        match m.play(&pos, mv) {
            Ok(next) => {
                assert!(legal, "{mv} applied but is not in the legal mask {:#b}", pos.legal_mask());
                assert_sound(&m, &next);
                pos = next;
            }
            Err(e) => {
                assert!(!legal, "{mv} is in the legal mask but was refused: {e}");
                assert_fair_refusal(&m, &pos, mv, &e);
            }
        }
    }
}

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
