//! A round's layout chosen by a player (`refill … chosen`): at a round's
//! start the refill is made as without `chosen`, and then a player who
//! has a real choice rearranges it, as a move of their own before the
//! round's first sowing.
//!
//! - `refill N per hole from …  chosen`: a player who filled k holes,
//!   0 < k < their holes, chooses which k of their holes hold the N seeds
//!   each; the others are closed (or open and empty under `unfilled_open`)
//!   as the automatic refill leaves its unfilled holes (MancalaGames'
//!   UCHOOSE). South chooses first when both players have a choice.
//! - `refill N per hole territory … chosen`: the leader, owning k holes of
//!   the other player's row, 0 < k < a row, chooses which k
//!   (MancalaGames' UCHOWN); the position keeps them in its memory's
//!   `ceded` mask, read by [`Machine::hole_owner`].
//!
//! A layout is written `=a.c.d`: the holes chosen, by the letters of the
//! row laid out, in letter order. While one is pending, the position's
//! player to move is the player laying out, its legal-move mask is 1 (a
//! layout's bit), and [`Machine::legal_moves`] lists every k-subset of
//! the row in letter order; the round's starter moves once every layout
//! is made. Rules that lay out run on the general interpreter and ask for
//! complete moves ([`Machine::decides`]).

use super::{Illegal, Machine};
use crate::hole::Move;
use crate::memory::Memory;
use crate::position::{Player, Position};
use crate::rules::FillFrom;
use crate::trace::{EventKind, Sink};
use std::sync::Arc;

/// South still lays out, in a memory's `layout` byte.
pub(crate) const SOUTH: u8 = 1;
/// North still lays out.
pub(crate) const NORTH: u8 = 2;
/// North starts the round once it is laid out (else South).
pub(crate) const NORTH_STARTS: u8 = 4;

/// The bit of `p` among the players still to lay out.
pub(crate) fn bit(p: Player) -> u8 {
    match p {
        Player::South => SOUTH,
        Player::North => NORTH,
    }
}

impl Machine {
    /// The player laying out `pos`'s round, if a layout is pending.
    pub fn laying_out(&self, pos: &Position) -> Option<Player> {
        let layout = pos.memory.as_ref().map_or(0, |m| m.layout);
        if !self.lays_out || layout & (SOUTH | NORTH) == 0 {
            return None;
        }
        Some(if layout & SOUTH != 0 { Player::South } else { Player::North })
    }

    /// The player who starts `pos`'s round once it is laid out, while a
    /// layout is pending.
    pub fn layout_starter(&self, pos: &Position) -> Option<Player> {
        self.laying_out(pos)?;
        let layout = pos.memory.as_ref().map_or(0, |m| m.layout);
        Some(if layout & NORTH_STARTS != 0 { Player::North } else { Player::South })
    }

    /// What `p` chooses in `pos`, a position at a round's start: the row
    /// laid out and how many of its holes are chosen, when that is a real
    /// choice (0 < k < a row).
    pub(crate) fn layout_choice(&self, pos: &Position, p: Player) -> Option<(Player, u8)> {
        let rounds = self.rules.rounds.as_ref()?;
        let h = self.holes;
        let (row, k) = if let FillFrom::Territory { .. } = rounds.fill_from {
            let leader = match pos.border {
                0 => return None,
                b if b > 0 => Player::South,
                _ => Player::North,
            };
            if leader != p {
                return None;
            }
            (p.other(), pos.border.unsigned_abs())
        } else {
            // The holes the refill filled (each with its seeds, at least one).
            (p, (0..h).filter(|&i| pos.cells[usize::from(self.cell(p, i))] > 0).count() as u8)
        };
        (0 < k && k < h).then_some((row, k))
    }

    /// After a refill: which players lay the new round out (as the
    /// memory's `layout` bits), `refilled` being the players whose rows
    /// were refilled: `Some` of the loser alone under `loser_only`, else
    /// `None` for both.
    pub(super) fn layout_choosers(&self, pos: &Position, refilled: Option<Player>) -> u8 {
        Player::BOTH
            .into_iter()
            .filter(|&p| refilled.is_none_or(|r| r == p) && self.layout_choice(pos, p).is_some())
            .fold(0, |b, p| b | bit(p))
    }

    /// Makes `pos` wait for the layouts of `choosers` (bits), the round
    /// then started by `starter`: the first chooser is to move, with only
    /// layouts legal; nothing when `choosers` is 0.
    pub(super) fn offer_layout(&self, pos: &mut Position, choosers: u8, starter: Player) {
        if choosers == 0 {
            return;
        }
        let starts = if starter == Player::North { NORTH_STARTS } else { 0 };
        self.memory_mut(pos).layout = choosers | starts;
        pos.to_move = Some(if choosers & SOUTH != 0 { Player::South } else { Player::North });
        pos.legal = 1;
    }

    /// The memory of `pos`, to change (rules that lay out always keep one).
    fn memory_mut<'p>(&self, pos: &'p mut Position) -> &'p mut Memory {
        Arc::make_mut(pos.memory.get_or_insert_with(Default::default))
    }

    /// Every layout `pos`'s chooser may make: each k-subset of the row, in
    /// letter order (`=a.b`, `=a.c`, …, `=c.d`).
    pub(crate) fn layouts(&self, pos: &Position) -> Vec<Move> {
        let Some((_, k)) = self.laying_out(pos).and_then(|p| self.layout_choice(pos, p)) else {
            return Vec::new();
        };
        let h = u32::from(self.holes);
        let mut moves = Vec::new();
        // Letter order: `a` (bit 0) first decides, so the masks are listed
        // by their holes read as words, not as numbers.
        fn subsets(from: u32, h: u32, k: u8, mask: u64, out: &mut Vec<Move>) {
            if k == 0 {
                out.push(Move::laying_out(mask));
                return;
            }
            for i in from..=h - u32::from(k) {
                subsets(i + 1, h, k - 1, mask | 1 << i, out);
            }
        }
        subsets(0, h, k, 0, &mut moves);
        moves
    }

    /// Why `mv` cannot be played in `pos` as far as layouts go: a layout
    /// where none is pending, another move where one is, or a layout
    /// naming the wrong holes.
    pub(super) fn check_layout(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        let choice = self.laying_out(pos).and_then(|p| self.layout_choice(pos, p));
        match choice {
            None if mv.is_layout() => Err(Illegal::Layout { choose: 0, holes: self.holes }),
            None => Ok(()),
            Some((_, k)) => {
                let fits = mv.is_layout()
                    && mv.layout.count_ones() == u32::from(k)
                    && mv.layout >> self.holes == 0
                    && mv.then.is_empty();
                if fits {
                    Ok(())
                } else {
                    Err(Illegal::Layout { choose: k, holes: self.holes })
                }
            }
        }
    }

    /// Plays layout `mv` (checked) on a copy of `pos`: the chooser's row
    /// filled as chosen, or the leader's holes on the other row chosen;
    /// then the next chooser lays out, or the round's starter moves.
    pub(super) fn play_layout<S: Sink>(&self, pos: &Position, mv: Move, sink: &mut S) -> Position {
        let mut next = pos.clone();
        let p = self.laying_out(pos).expect("a checked layout is pending");
        let (row, _) = self.layout_choice(pos, p).expect("a checked layout is a choice");
        let rounds = self.rules.rounds.as_ref().expect("layouts are made in a match");
        if self.territory() {
            // (At most 24 holes a row under territory: the mask fits.)
            self.memory_mut(&mut next).ceded = mv.layout as u32;
        } else {
            for i in 0..self.holes {
                let cell = self.cell(row, i);
                let chosen = mv.layout & (1 << i) != 0;
                next.cells[usize::from(cell)] = if chosen { rounds.per_hole } else { 0 };
                if chosen || rounds.unfilled_open {
                    next.closed &= !(1 << cell);
                } else {
                    next.closed |= 1 << cell;
                }
            }
        }
        if S::ON {
            sink.event(EventKind::Layout { player: p, row, holes: mv.layout }, Some(rounds.refill_span));
        }
        let memory = self.memory_mut(&mut next);
        memory.layout &= !bit(p);
        let layout = memory.layout;
        if layout & (SOUTH | NORTH) != 0 {
            next.to_move = Some(Player::North);
            next.legal = 1;
            return next;
        }
        memory.layout = 0;
        next.to_move = Some(if layout & NORTH_STARTS != 0 { Player::North } else { Player::South });
        if next.seen.is_some() {
            next.seen = Some(crate::position::Seen::new(&next, next.to_move));
        }
        self.settle_laid_out(&mut next, sink);
        next
    }
}
