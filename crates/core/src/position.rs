//! Positions: the seeds on the board, the players' holdings, closed holes,
//! whose turn it is and how the game stands.

use crate::hole::Move;
use std::fmt;
use std::sync::Arc;

/// Most cells a board can have: two rows of at most 16 holes (or four of
/// at most 8) and two stores.
pub const MAX_CELLS: usize = 34;

/// One of the two players (C-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Moves first; owns the bottom row.
    South,
    /// Owns the top row.
    North,
}

impl Player {
    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// 0 for South, 1 for North.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// `south` or `north`, as in the JSON protocol.
    pub fn name(self) -> &'static str {
        match self {
            Player::South => "south",
            Player::North => "north",
        }
    }

    /// `S` or `N`, as in hole names like `S.a`.
    pub fn letter(self) -> char {
        match self {
            Player::South => 'S',
            Player::North => 'N',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::South => "South",
            Player::North => "North",
        })
    }
}

/// How a finished game (or match, or round in one-round play) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Equal holdings.
    Draw,
}

impl Outcome {
    /// The outcome of holdings `south` against `north` (C-8).
    pub fn compare(south: u32, north: u32) -> Outcome {
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::South),
            std::cmp::Ordering::Less => Outcome::Win(Player::North),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

/// A game state. Cells `0..holes` are South's row (hole `a` first), cells
/// `holes..2*holes` North's row, then South's and North's stores if the
/// board has them. Only [`crate::Machine`] builds positions, so every
/// position is one the rules allow.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) cells: [u16; MAX_CELLS],
    pub(crate) reserve: [u32; 2],
    pub(crate) closed: u64,
    /// Cells claimed by each player (a tuzdyk), as bit masks.
    pub(crate) claimed: [u64; 2],
    pub(crate) to_move: Option<Player>,
    /// The round (two bytes, to keep the position in two cache lines: a
    /// match ends after round 65,535 whatever its rules say).
    pub(crate) round: u16,
    pub(crate) result: Option<Outcome>,
    /// Bit `i`: move `i` is legal (see [`Move::index`]).
    pub(crate) legal: u32,
    /// Whether moves carry a chosen direction (`direction chosen`).
    pub(crate) chosen: bool,
    /// Territory (`refill … territory`): how many holes South owns beyond
    /// its row, counted from `N.a` on (negative: how many of South's holes,
    /// from `S.a` on, North owns). 0 (each player owns their row) unless a
    /// territory refill moved the border. One byte, in what was padding.
    pub(crate) border: i8,
    /// Rounds won by South and North, under `match_end wins N`; `[0, 0]`
    /// otherwise. Two bytes, in what was padding.
    pub(crate) wins: [u8; 2],
    /// Under `refill setup turned_after_north`: North started the round
    /// being played (false otherwise). One byte, in what was padding.
    pub(crate) north_opened: bool,
    /// Positions seen so far (since the last capture, where the rules say
    /// so), for the rules' repetition rule; `None` without one.
    pub(crate) seen: Option<Arc<Seen>>,
    /// The previous move of the round, kept only for rules that read it
    /// (`previous_origin` and its kin); `None` otherwise and before the
    /// round's first move.
    pub(crate) previous: Option<Previous>,
    /// The turns played so far this round (`turns_played`), at most 255;
    /// kept only for rules that read the turn counters, 0 otherwise.
    pub(crate) turns_played: u8,
    /// The extra turns earned since the last move that earned none
    /// (`extra_turns`), at most 255; kept only for rules that read the turn
    /// counters, 0 otherwise.
    pub(crate) extra_turns: u8,
}

/// What a position remembers of the move that led to it (a pass is not a
/// move: it leaves the memory as it was).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Previous {
    /// The cell the move lifted.
    pub origin: u8,
    /// Whether its sowing began clockwise.
    pub clockwise: bool,
    /// Seeds it lifted from `origin`.
    pub lifted: u16,
}

/// A position met in the game, newest first: the board, the claimed holes
/// and the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Seen {
    pub cells: [u16; MAX_CELLS],
    pub to_move: Option<Player>,
    pub claimed: [u64; 2],
    pub before: Option<Arc<Seen>>,
    /// Half a digest of `cells`: boards with different digests differ, so
    /// most comparisons stop at it. (Half: with `on_board` beside it, a
    /// node stays small enough for the allocator's fastest bins, which
    /// Oware's playouts felt.)
    key: u32,
    /// The seeds in the holes of the rows, when counted already (by the
    /// repetition rule, which compares it with the next board's); else
    /// [`Seen::UNCOUNTED`].
    pub on_board: u32,
}

impl Seen {
    /// The board and claims of `pos` with `to_move` to move, seen after `before`.
    pub fn new(pos: &Position, to_move: Option<Player>, before: Option<Arc<Seen>>) -> Seen {
        Seen::counted(pos, to_move, before, digest(&pos.cells), Seen::UNCOUNTED)
    }

    /// `on_board` when the seeds on the board were not counted.
    pub const UNCOUNTED: u32 = u32::MAX;

    /// [`Seen::new`] with `key`, the [`digest`] of `pos`'s board, and
    /// `on_board`, the seeds in its rows' holes.
    pub fn counted(
        pos: &Position,
        to_move: Option<Player>,
        before: Option<Arc<Seen>>,
        key: u64,
        on_board: u32,
    ) -> Seen {
        Seen { cells: pos.cells, to_move, claimed: pos.claimed, before, key: key as u32, on_board }
    }

    /// How many times the board, claims and player to move of `pos` occur
    /// here; `key` is the [`digest`] of `pos`'s board.
    pub fn occurrences(self: &Arc<Seen>, pos: &Position, key: u64) -> u32 {
        let mut n = 0;
        let mut at = Some(self);
        while let Some(s) = at {
            let same =
                s.key == key as u32 && s.to_move == pos.to_move && s.cells == pos.cells && s.claimed == pos.claimed;
            n += u32::from(same);
            at = s.before.as_ref();
        }
        n
    }
}

/// A 64-bit digest of a board (not for anything but telling boards apart fast).
/// Four cells make a word (read as one load), so that a board costs a
/// quarter of the multiplications it would cell by cell.
pub(crate) fn digest(cells: &[u16; MAX_CELLS]) -> u64 {
    let word = |four: &[u16]| four.iter().rev().fold(0u64, |w, &c| (w << 16) | u64::from(c));
    let mix = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    let fours = cells.chunks_exact(4);
    let last = word(fours.remainder());
    mix(fours.fold(0, |h, four| mix(h, word(four))), last)
}

impl Position {
    /// The player to move, `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        self.to_move
    }

    /// The round being played (1-based; 1 for games without rounds).
    pub fn round(&self) -> u32 {
        u32::from(self.round)
    }

    /// Rounds won so far by South and North (`match_end wins N`; `[0, 0]`
    /// in other games).
    pub fn wins(&self) -> [u8; 2] {
        self.wins
    }

    /// Whether North started the round being played, where the rules
    /// remember it (`refill setup turned_after_north`; false elsewhere).
    pub fn north_opened(&self) -> bool {
        self.north_opened
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<Outcome> {
        self.result
    }

    /// The legal moves of the player to move as a bit mask: bit `i` is hole
    /// `i` of the mover's row (owner's left to right); where the player
    /// chooses the direction, bits 16 and up are the clockwise (`-`) moves.
    pub fn legal_mask(&self) -> u32 {
        self.legal
    }

    /// The legal moves, in order of their bits.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> {
        let (legal, chosen) = (self.legal, self.chosen);
        (0..32u8).filter(move |i| legal & (1 << i) != 0).map(move |i| Move::from_index(i, chosen))
    }

    /// Seeds in a cell (see the type's documentation for the numbering).
    pub fn seeds(&self, cell: usize) -> u16 {
        self.cells[cell]
    }

    /// Whether hole cell `cell` is closed (RP-8).
    pub fn is_closed(&self, cell: usize) -> bool {
        self.closed & (1 << cell) != 0
    }

    /// Who claimed hole cell `cell`, if anyone did.
    pub fn claimed_by(&self, cell: usize) -> Option<Player> {
        Player::BOTH.into_iter().find(|p| self.claimed[p.index()] & (1 << cell) != 0)
    }

    /// The position with the positions seen before it forgotten (the
    /// history a `repetition` rule counts): what the JSON protocol carries,
    /// so a game resumed from a document counts repetitions afresh.
    #[must_use]
    pub fn without_history(&self) -> Position {
        let seen = self.seen.as_ref().map(|_| Arc::new(Seen::new(self, self.to_move, None)));
        Position { seen, ..self.clone() }
    }

    /// The previous move of the round, for rules that read it
    /// (`previous_origin`, `previous_lifted`, `previous_clockwise`);
    /// `None` for other rules and before the round's first move.
    pub fn previous(&self) -> Option<Previous> {
        self.previous
    }

    /// The turns played so far this round, for rules that read the turn
    /// counters (`turns_played`); 0 for other rules. At most 255.
    pub fn turns_played(&self) -> u8 {
        self.turns_played
    }

    /// The extra turns earned since the last move that earned none, for
    /// rules that read the turn counters (`extra_turns`); 0 for other rules.
    /// At most 255.
    pub fn extra_turns(&self) -> u8 {
        self.extra_turns
    }

    /// Counts a move that earned an extra turn (`extra`) or ended its
    /// player's turn, for `turns_played` and `extra_turns`.
    pub(crate) fn count_turn(&mut self, extra: bool) {
        if extra {
            self.extra_turns = self.extra_turns.saturating_add(1);
        } else {
            self.turns_played = self.turns_played.saturating_add(1);
            self.extra_turns = 0;
        }
    }

    /// Territory (`refill … territory`): the holes South owns beyond its
    /// row, counted from `N.a` (positive), or the holes North owns beyond its
    /// row, counted from `S.a` (negative); 0 when each player owns their row.
    pub fn border(&self) -> i8 {
        self.border
    }

    /// Seeds held off the board by a player (a reserve; a store is a cell).
    pub fn reserve(&self, p: Player) -> u32 {
        self.reserve[p.index()]
    }
}

#[cfg(test)]
mod tests {
    /// The territory border (one byte) sits in what was padding (cells 68
    /// bytes, 8-byte words 32, 4-byte words 16, three one-byte fields: 119);
    /// the previous move's memory (`Option<Previous>`, 4 bytes) takes the
    /// position to 123, padded to 128 (session 7 measured the cost in
    /// instructions: see issue 11's note); the two turn counters (one byte
    /// each) take it to 125.
    #[test]
    fn a_position_takes_two_cache_lines() {
        assert_eq!(std::mem::size_of::<super::Position>(), 128);
    }
}
