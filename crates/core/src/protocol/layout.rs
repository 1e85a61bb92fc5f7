//! A round's chosen layout (`refill … chosen`) as the protocol writes it:
//! `layout` while one is pending (who lays out, who then starts), and
//! `ceded` under territory once the leader chose their holes.

use super::{err, LayoutDoc, PositionDoc, PositionError, PositionProblem, Side, Sides};
use crate::hole::Hole;
use crate::machine::layout::{bit, NORTH, NORTH_STARTS, SOUTH};
use crate::machine::Machine;
use crate::position::{Player, Position};

/// The pending layout of `pos`, if any.
pub(super) fn written(m: &Machine, pos: &Position) -> Option<LayoutDoc> {
    let starts = m.layout_starter(pos)?;
    let bits = pos.memory.as_ref().map_or(0, |mem| mem.layout);
    let pending = Player::BOTH.into_iter().filter(|&p| bits & bit(p) != 0).map(Side::from).collect();
    Some(LayoutDoc { pending, starts: Side::from(starts) })
}

/// The holes each row cedes to the other player, once a leader chose them.
pub(super) fn written_ceded(m: &Machine, pos: &Position) -> Option<Sides<Vec<String>>> {
    let ceded = pos.memory.as_ref().map_or(0, |mem| mem.ceded);
    if ceded == 0 {
        return None;
    }
    let letters: Vec<String> = Hole::in_mask(u64::from(ceded)).map(|h| h.to_string()).collect();
    // The leader (South when the border is positive) owns holes of the other row.
    Some(if pos.border > 0 {
        Sides { south: Vec::new(), north: letters }
    } else {
        Sides { south: letters, north: Vec::new() }
    })
    .filter(|_| m.territory())
}

/// The memory's `layout` bits a document gives (0 without `layout`):
/// `pending` in order, South first, without repeats.
pub(super) fn read(doc: &PositionDoc, problems: &mut Vec<PositionError>) -> u8 {
    let Some(layout) = &doc.layout else { return 0 };
    let pending: Vec<Player> = layout.pending.iter().map(|&s| Player::from(s)).collect();
    let ordered = matches!(pending[..], [_] | [Player::South, Player::North]);
    if !ordered || pending.first().copied() != doc.to_move.map(Player::from) {
        problems.push(err("layout", PositionProblem::Layout { lays_out: true }));
        return 0;
    }
    let starts = if Player::from(layout.starts) == Player::North { NORTH_STARTS } else { 0 };
    pending.iter().fold(starts, |b, &p| b | bit(p))
}

/// The memory's `ceded` mask a document gives: the trailing row's holes
/// the leader owns, as many as `territory` says; required where the leader
/// has chosen (some but not all of a row, no layout pending).
pub(super) fn read_ceded(m: &Machine, doc: &PositionDoc, border: i8, problems: &mut Vec<PositionError>) -> u32 {
    let h = m.holes();
    let Some(ceded) = &doc.ceded else {
        let chose = m.territory() && border != 0 && border.unsigned_abs() < h && doc.layout.is_none();
        if chose {
            problems.push(err("ceded", PositionProblem::Ceded { chosen: true }));
        }
        return 0;
    };
    let trailing = if border > 0 { Player::North } else { Player::South };
    let given = |p: Player| match p {
        Player::South => &ceded.south,
        Player::North => &ceded.north,
    };
    let mut mask = 0u32;
    for l in given(trailing) {
        match Hole::from_letter(l).filter(|h2| h2.index() < h) {
            Some(hole) => mask |= 1 << hole.index(),
            None => mask = u32::MAX,
        }
    }
    let fits = m.territory()
        && given(trailing.other()).is_empty()
        && mask != u32::MAX
        && mask.count_ones() == u32::from(border.unsigned_abs())
        && doc.layout.is_none();
    if !fits {
        problems.push(err("ceded", PositionProblem::Ceded { chosen: true }));
        return 0;
    }
    mask
}

/// Whether the pending layout of `pos` (read from a document whose player
/// to move is `to_move`) is one the players can make: each listed player
/// has a choice to make.
pub(super) fn fits(m: &Machine, pos: &Position, to_move: Option<Player>) -> bool {
    let bits = pos.memory.as_ref().map_or(0, |mem| mem.layout);
    if bits & (SOUTH | NORTH) == 0 {
        return true;
    }
    to_move.is_some()
        && Player::BOTH.into_iter().filter(|&p| bits & bit(p) != 0).all(|p| m.layout_choice(pos, p).is_some())
}
