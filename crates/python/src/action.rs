//! The fixed action encoding of the OpenSpiel and PettingZoo adapters: a
//! move as a number from 0 to `count - 1`, the same for both players.
//!
//! Action `a` lifts the mover's hole `a mod H` (its letter: 0 is `a`),
//! where `H` is the number of hole letters a player moves from
//! ([`Machine::move_holes`]: the holes of a row on two rows, of both the
//! player's rows on four, twice a row's under territory or `lift from
//! both_rows`). Where the rules let the player choose the direction
//! (`direction chosen`), actions `0..H` sow `+` (counterclockwise) and
//! `H..2H` sow `-`; where the rules have placements (`place when …`),
//! the next `H` actions place a seed from the hand into hole `a mod H`
//! (`*c`), or with a chosen direction the next `2H` (`*c+`, then `*c-`).
//! There is no pass action: a player who cannot move passes
//! (or the game ends) inside the machine, as the rules say.

use sowspec::{Hole, Machine, Move, Sense};

/// How many actions the game has: `H`, twice that with chosen directions
/// or placements, four times with both.
pub fn count(m: &Machine) -> u32 {
    u32::from(m.move_holes()) * (1 + u32::from(m.chosen())) * (1 + u32::from(m.places()))
}

/// The action of a move.
pub fn of_move(m: &Machine, mv: Move) -> u32 {
    let h = u32::from(m.move_holes());
    let minus = u32::from(mv.sense == Some(Sense::Minus));
    let lifts = h * (1 + u32::from(m.chosen()));
    u32::from(mv.hole.index()) + if mv.place { lifts + minus * h } else { minus * h }
}

/// The move of an action, if it is one of the game's.
pub fn to_move(m: &Machine, action: u32) -> Option<Move> {
    if action >= count(m) {
        return None;
    }
    let h = u32::from(m.move_holes());
    let hole = Hole::new(u8::try_from(action % h).ok()?)?;
    let lifts = h * (1 + u32::from(m.chosen()));
    if action >= lifts {
        let sense = m.chosen().then_some(if action >= lifts + h { Sense::Minus } else { Sense::Plus });
        return Some(Move { place: true, ..Move::new(hole, sense) });
    }
    let sense = m.chosen().then_some(if action >= h { Sense::Minus } else { Sense::Plus });
    Some(Move::new(hole, sense))
}
