//! Hand-written reference engines for the two founding games of `sowspec`:
//! Raja Pasu ([`RajaPasu`]) and Sadeqa III ([`Sadeqa`], with 6 or 4 seeds a
//! hole).
//!
//! The engines are written straight from `GAMES.md` (clauses `C-*`, `RP-*`,
//! `SQ-*`, cited in the comments) and share no code with the rules language.
//! They serve two purposes:
//!
//! 1. an independent oracle for differential tests against the interpreter;
//! 2. the performance baseline: fixed-size arrays, no heap allocation per
//!    move. Legal-move generation has to simulate every candidate sowing
//!    (C-6: a sowing needing more than [`LAP_LIMIT`] laps is endless and not
//!    legal), so each engine simulates the candidates once at the start of a
//!    turn, keeps the resulting boards, and [`Engine::play`] just installs the
//!    chosen one.
//!
//! [`protocol`] puts both behind sowspec's engine protocol (the
//! `sowspec-reference-engine` binary).
//!
//! Positions are exchanged in the JSON protocol of `sowspec play --json`
//! (fields `to_move`, `board`, `captured`, `closed`, `round`, `legal`,
//! `result`).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod json;
pub mod protocol;
mod raja_pasu;
mod sadeqa;

pub use raja_pasu::RajaPasu;
pub use sadeqa::Sadeqa;

/// C-6: a move whose sowing would need a lap beyond this many (the
/// 10,001st) is endless, and an endless move is not legal.
pub const LAP_LIMIT: u32 = 10_000;

/// One of the two players (C-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// South: owns the bottom row, moves first (C-1).
    South,
    /// North: owns the top row.
    North,
}

impl Side {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North (the order of rows along the track, C-3).
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Side::South => 0,
            Side::North => 1,
        }
    }

    /// The name used by the JSON protocol: `"south"` or `"north"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

/// Common interface of the reference engines.
pub trait Engine: Clone {
    /// Bitmask of legal moves of the player to move: bit i = hole i (letter
    /// `'a'+i`) of the mover's row, owner's left-to-right. 0 when the
    /// game/match is over. Endless moves (C-6) are never included.
    fn legal_mask(&self) -> u32;

    /// Apply a legal move (hole index in the mover's row, 0 = `a`), then
    /// start the next turn (C-7: if the next player has no legal move, the
    /// game ends, or in a Raja Pasu match the round ends and the next one is
    /// set up).
    ///
    /// # Panics
    ///
    /// Panics if `hole` is not in [`Engine::legal_mask`] (including when the
    /// game is over).
    fn play(&mut self, hole: usize);

    /// True once the game (or match, or the round in one-round mode) is
    /// over.
    fn is_over(&self) -> bool;

    /// The position in the JSON protocol (exact field set: `to_move`,
    /// `board`, `captured`, `closed`, `round`, `legal`, `result`) as a
    /// [`serde_json::Value`].
    fn to_json(&self) -> serde_json::Value;
}

/// Outcome of a finished game, match or round: `Some(side)` for a win,
/// `None` for a draw.
pub type Winner = Option<Side>;

#[inline]
fn compare_captured(captured: [u32; 2]) -> Winner {
    use std::cmp::Ordering;
    match captured[0].cmp(&captured[1]) {
        Ordering::Greater => Some(Side::South),
        Ordering::Less => Some(Side::North),
        Ordering::Equal => None,
    }
}

#[cold]
#[inline(never)]
fn illegal_move(hole: usize, mask: u32) -> ! {
    panic!("illegal move: hole index {hole} is not in the legal mask {mask:#b}")
}
