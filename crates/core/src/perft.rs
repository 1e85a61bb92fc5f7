//! Perft: the number of legal move sequences of a given length, counted
//! exhaustively, to check move generation against another implementation
//! (the reference engines, `tests/perft.rs`).
//!
//! Counted the chess way: `perft(pos, 0)` is 1 for any position, and a
//! position where the game is over has no moves, so at depth 1 or more it
//! counts 0. A sequence that ends the game before `depth` moves is not
//! counted. A move is what a player chooses; what follows it automatically
//! (the end of a round, a refill, RP-5..RP-9) is part of that move, and an
//! extra turn is the next move.
//!
//! ```
//! let source = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/sadeqa3.rules"));
//! let m = sowspec_core::Machine::new(sowspec_core::check(source).unwrap());
//! let start = m.initial();
//! assert_eq!(sowspec_core::perft::perft(&m, &start, 1), Ok(8));
//! let split = sowspec_core::perft::divide(&m, &start, 2).unwrap();
//! assert_eq!(Ok(split.iter().map(|&(_, n)| n).sum::<u64>()), sowspec_core::perft::perft(&m, &start, 2));
//! ```

use crate::hole::Move;
use crate::machine::{Children, Machine, OtherGame, Scratch};
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos`.
///
/// Each position's candidate moves are sown once: the boards found while
/// generating its legal moves are the children that are played.
///
/// # Errors
/// `pos` is a position of another game than `m`'s.
pub fn perft(m: &Machine, pos: &Position, depth: u32) -> Result<u64, OtherGame> {
    m.owns(pos)?;
    Ok(count(m, pos, depth))
}

/// [`perft`] of a position of `m`'s game.
fn count(m: &Machine, pos: &Position, depth: u32) -> u64 {
    if m.decides() {
        return count_complete(m, pos, depth);
    }
    match depth {
        0 => 1,
        1 => u64::from(pos.legal_mask().count_ones()),
        _ => {
            let mut stack: Vec<(Children, Position)> = (1..depth).map(|_| (Children::new(m), pos.clone())).collect();
            m.expand(pos, &mut stack[0].0);
            walk(m, pos, depth, &mut stack, &mut Scratch::new(m))
        }
    }
}

/// [`perft`] split by first move: `(hole, count)` for each legal move of
/// `pos` in hole order, where `count` is the perft of
/// `depth - 1` after it. The counts add up to `perft(m, pos, depth)`.
///
/// # Errors
/// `pos` is a position of another game than `m`'s.
///
/// # Panics
/// If `depth` is 0 (there is no first move to split by).
pub fn divide(m: &Machine, pos: &Position, depth: u32) -> Result<Vec<(Move, u64)>, OtherGame> {
    assert!(depth > 0, "divide needs a depth of at least 1");
    Ok(m.legal_moves(pos)?
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            m.play_unchecked(&mut child, mv);
            (mv, count(m, &child, depth - 1))
        })
        .collect())
}

/// [`count`] for rules with decisions inside a move: every complete move
/// ([`Machine::legal_moves`]) played out, with no children kept.
fn count_complete(m: &Machine, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = m.legal_moves(pos).expect("a position of the machine's game");
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.into_iter().map(|mv| count_complete(m, &m.play(pos, mv).expect("a listed move is legal"), depth - 1)).sum()
}

/// `depth >= 2`; `stack[0]` holds the children of `pos` and room for the
/// child played, the rest is room (`scratch` for the last level's
/// candidates). (The child is copied into its room, not cloned: the copy
/// takes a narrow board's cells alone, see `position.rs`.)
fn walk(m: &Machine, pos: &Position, depth: u32, stack: &mut [(Children, Position)], scratch: &mut Scratch) -> u64 {
    let ((kids, child), rest) = stack.split_first_mut().expect("a level per depth");
    let mut n = 0;
    for hole in pos.legal_moves() {
        child.copy_from(pos, m.wide());
        if depth == 2 {
            m.play_kept_scratch(child, hole.index(), kids, scratch);
            n += u64::from(crate::playout::ones(child.legal_mask()));
        } else {
            m.play_kept_into(child, hole.index(), kids, Some(&mut rest[0].0));
            n += walk(m, child, depth - 1, rest, scratch);
        }
    }
    n
}
