//! The invariants every position a machine hands out must hold.

use sowspec_core::protocol::PositionDoc;
use sowspec_core::{Hole, Illegal, IllegalMove, Machine, Move, Position, Sense};

/// Seeds on the board and held off it: what a position must conserve.
pub fn seeds(m: &Machine, pos: &Position) -> u64 {
    let doc = PositionDoc::of(m, pos);
    let board: i64 = doc.board.south.iter().chain(&doc.board.north).sum();
    let hands = doc.hand.as_ref().map_or(0, |h| h.south + h.north);
    (board + doc.captured.south + doc.captured.north + hands) as u64
}

/// A sound position: it conserves the game's seeds, its legal mask is up
/// to date, it is over exactly when it has a result, its legal moves are
/// exactly the moves that apply ([`assert_legal_moves_are_legal`]), the
/// machine's kernel agrees with the general interpreter on every candidate
/// (`Machine::verify`), and it comes back unchanged through the JSON
/// protocol (`PositionDoc::of` → `PositionDoc::to_position`).
pub fn assert_sound(m: &Machine, pos: &Position) {
    assert_eq!(seeds(m, pos), u64::from(m.rules().total_seeds()), "seeds are conserved: {pos:?}");
    assert_eq!(Ok(pos.legal_mask()), m.legal_mask(pos), "the legal mask is up to date: {pos:?}");
    assert_eq!(pos.to_move().is_none(), pos.result().is_some(), "over exactly when there is a result: {pos:?}");
    assert_legal_moves_are_legal(m, pos);
    if let Err(d) = m.verify(pos) {
        panic!("the kernel and the definition disagree: {d}\n{pos:?}");
    }
    let doc = PositionDoc::of(m, pos);
    match doc.to_position(m) {
        Ok(back) => assert_eq!(back, pos.without_history(), "the protocol round-trips: {doc:?}"),
        Err(e) => panic!("a position the machine made is refused by PositionDoc::to_position: {e}\n{doc:?}"),
    }
}

/// Every move a player can name: each hole `a`–`av`, without a direction
/// and with each.
pub fn every_move() -> impl Iterator<Item = Move> {
    (0..Hole::MAX)
        .flat_map(|i| [None, Some(Sense::Plus), Some(Sense::Minus)].map(|sense| Move::new(Hole::at(i), sense)))
}

/// Legal moves are legal, and only they: every move is tried; it applies
/// exactly when it is in the legal mask (bit [`Move::index`]: a direction
/// `-` is `Move::MINUS` bits up), and then `play_unchecked` agrees with `play` and
/// the seeds are conserved; a refused move leaves the position untouched,
/// for a reason that fits it ([`assert_fair_refusal`]). No bit of the mask
/// is outside the moves, and [`Position::legal_moves`] lists the mask.
pub fn assert_legal_moves_are_legal(m: &Machine, pos: &Position) {
    let mask = pos.legal_mask();
    let mut nameable = 0u64;
    for mv in every_move() {
        let well_formed = mv.sense.is_some() == m.chosen() && mv.hole.index() < m.move_holes();
        if well_formed {
            nameable |= 1 << mv.index();
        }
        let in_mask = well_formed && mask & (1 << mv.index()) != 0;
        match m.play(pos, mv) {
            Ok(next) => {
                assert!(in_mask, "{mv} applied but is not in the legal mask {mask:#b}: {pos:?}");
                let mut fast = pos.clone();
                m.play_unchecked(&mut fast, mv);
                assert_eq!(fast, next, "play_unchecked agrees with play on {mv}");
                assert_eq!(seeds(m, &next), seeds(m, pos), "{mv} conserves the seeds: {pos:?}");
            }
            Err(e) => {
                assert!(!in_mask, "{mv} is in the legal mask {mask:#b} but was refused: {e}\n{pos:?}");
                assert_fair_refusal(m, pos, mv, &e);
            }
        }
    }
    assert_eq!(mask & !nameable, 0, "the legal mask {mask:#b} has bits that are no move: {pos:?}");
    let listed = pos.legal_moves().fold(0u64, |acc, mv| acc | 1 << mv.index());
    assert_eq!(listed, mask, "legal_moves lists the legal mask");
}

/// A refused move: the error holds the position untouched, and its reason
/// fits the move (the game is over; no such hole; a direction named where
/// none is chosen, or none where one is; otherwise a hole of the board in
/// a game going on).
pub fn assert_fair_refusal(m: &Machine, pos: &Position, mv: Move, e: &IllegalMove) {
    assert_eq!(&*e.position, pos, "a refused move leaves the position untouched");
    let index = mv.hole.index();
    match e.reason {
        Illegal::GameOver => assert!(pos.to_move().is_none(), "{mv}: game over in a game going on"),
        Illegal::NoSuchHole => assert!(index >= m.move_holes(), "{mv}: no such hole, but there is"),
        Illegal::Direction { chosen } => {
            assert_eq!(chosen, m.chosen(), "{mv}: {e}");
            assert_ne!(mv.sense.is_some(), chosen, "{mv}: the direction was right: {e}");
        }
        Illegal::Internal(ref d) => panic!("{mv}: the machine's own check failed: {d}\n{pos:?}"),
        _ => assert!(index < m.move_holes() && pos.to_move().is_some(), "{mv}: {e}"),
    }
}
