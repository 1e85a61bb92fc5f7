//! Positions: the seeds on the board, the players' holdings, closed holes,
//! whose turn it is and how the game stands.
//!
//! # Wide boards, and why a narrow board costs what it did
//!
//! A board holds at most [`MAX_CELLS`] cells: 96 holes (two rows of 48,
//! four of 24, six of 16) and two stores, each player owning at most
//! [`crate::hole::Hole::MAX`] holes. Every position keeps the whole array
//! inline, so that the kernels index one flat board whatever its width;
//! but a position is copied for every child a search or a playout visits,
//! and copying the whole array (196 bytes, then a call to `memcpy`) cost
//! the bundled games 4 to 16% of their instructions (callgrind, before the
//! change: Oware's playouts +16%, Raja Pasu's perft +10%).
//! Every board of the bundled games has at most [`NARROW_CELLS`] cells (two
//! rows of 16 and two stores), and a board's cells past its own are always
//! empty. So the hot copies ([`Position::copy_from`], [`copy_board`]) take
//! the first [`NARROW_CELLS`] cells alone unless the machine's board is
//! wider, one fixed-size copy, as before; and the positions a repetition
//! rule records ([`Met`]) keep those cells inline and a wide board's others
//! behind a pointer, so that a narrow record is the size it was. The other
//! choices considered: a capacity as a const generic of the position (the
//! fastest for both, but every position-taking function of the library and
//! its users would carry it), or the wide cells behind a pointer in the
//! position too (every cell read would test which half it is in).
//!
//! Closed and claimed holes stay 64-bit masks: rules that close or claim
//! holes are refused on boards of more than 64 cells (the checker says so),
//! as they are games of two rows of at most 16. The legal-move mask has 64
//! bits: a hole's move is the hole's index (bits 0 to 47), and where the
//! player chooses the direction, the clockwise move of hole `i` is bit
//! [`Move::MINUS`]` + i` (32 + i: such rules are refused when a player owns
//! more than [`crate::hole::Hole::MAX_CHOSEN`], 32, holes). So a bit's
//! meaning depends on the rules: [`Move::split_index`] and
//! [`Move::from_index`] take whether they choose the direction
//! (a position knows; so does [`crate::Machine::chosen`]). The other choices
//! considered: `-` moves at bit 48 + i as before (16 holes a player at
//! most, too few for Katro's 6×6 board), or a 128-bit mask (every mask
//! operation of the hot paths twice the width, for the few rules that
//! choose a direction on a wide board).

use crate::hole::Move;
use crate::memory::Memory;
use std::fmt;
use std::sync::Arc;

/// Most cells a board can have: 96 holes (two rows of at most 48, four of
/// at most 24, six of at most 16) and two stores.
pub const MAX_CELLS: usize = 98;

/// Cells of the widest narrow board (two rows of 16 holes, or four of 8,
/// and two stores): a narrow board's positions are copied and recorded
/// with these cells alone (see the module's documentation).
pub const NARROW_CELLS: usize = 34;

/// Most cells a board whose rules close or claim holes can have: closed
/// and claimed holes are 64-bit masks.
pub const MAX_MASKED_CELLS: usize = 64;

/// Copies the board `from` into `to`: the first [`NARROW_CELLS`] cells
/// alone unless `wide` (the cells past a narrow board's are empty in both).
#[inline(always)]
pub(crate) fn copy_board(to: &mut [u16; MAX_CELLS], from: &[u16; MAX_CELLS], wide: bool) {
    if wide {
        *to = *from;
    } else {
        to[..NARROW_CELLS].copy_from_slice(&from[..NARROW_CELLS]);
    }
}

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
    /// The game whose machine built the position: every machine call
    /// refuses a position of another game ([`crate::machine::OtherGame`]).
    pub(crate) game: GameId,
    /// Seeds held off the board by each player (two bytes each: a board
    /// holds at most [`crate::check::MAX_TOTAL_SEEDS`] seeds).
    pub(crate) reserve: [u16; 2],
    pub(crate) closed: u64,
    /// Cells claimed by each player (a tuzdyk), as bit masks.
    pub(crate) claimed: [u64; 2],
    pub(crate) to_move: Option<Player>,
    /// The round (two bytes, to keep the position in two cache lines: a
    /// match ends after round 65,535 whatever its rules say).
    pub(crate) round: u16,
    pub(crate) result: Option<Outcome>,
    /// Bit `i`: move `i` is legal (see [`Move::index`]).
    pub(crate) legal: u64,
    /// Whether moves carry a chosen direction (`direction chosen`).
    pub(crate) chosen: bool,
    /// Whether the rules have placements (`place when …`): with a chosen
    /// direction, bits 16 to 47 of `legal` are then placements (see
    /// [`Move::index`]). One byte, in what was padding.
    pub(crate) places: bool,
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
    /// Marks on holes and named values (`memory { … }`), shared with the
    /// position moved from until a rule changes them; `None` for rules
    /// that declare no memory.
    pub(crate) memory: Option<Arc<Memory>>,
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

/// The positions met in the game (since the last capture, where the rules
/// say so), for a `repetition` rule: a persistent list, so that positions
/// that share a past share it. A node records one position, and then every
/// position recorded while no other position shared the node, in place
/// (a playout records a move without allocating; a search's children each
/// get a node of their own).
#[derive(Clone, Debug)]
pub(crate) struct Seen {
    /// The first position this node records.
    first: Met,
    /// The positions recorded after `first`, oldest first, and a wide
    /// board's other cells. (Boxed: the node then fits the 128 bytes below
    /// which it is copied inline: Oware's perft, whose nodes hold one
    /// position each, felt the call to `memcpy`.)
    more: Option<Box<More>>,
    /// The positions recorded before `first`.
    before: Option<Arc<Seen>>,
    /// A bit for the key of each position recorded here and before
    /// ([`Met::bit`]): a position whose bit is not set was not met, and
    /// most are not, so most moves search no list at all.
    filter: u64,
    /// The newest position's [`Met::off_rows`], read after every move
    /// without finding that position.
    last_off: u32,
}

/// What a history's node records past its first position.
#[derive(Clone, Debug, Default)]
struct More {
    /// The positions recorded after the node's first, oldest first.
    mets: Vec<Met>,
    /// A wide board's cells past the first [`NARROW_CELLS`], for each
    /// position of the node (the first's, then `mets`'); empty while they
    /// are all empty, as on every narrow board. (Apart from the records: a
    /// record holding a pointer was dropped one by one when a history was
    /// cleared, and Oware's playouts felt it.)
    wide: Vec<WideCells>,
}

/// A wide board's cells past the first [`NARROW_CELLS`].
type WideCells = [u16; MAX_CELLS - NARROW_CELLS];

/// No seed in any of a board's cells past the first [`NARROW_CELLS`].
const NO_WIDE_CELLS: WideCells = [0; MAX_CELLS - NARROW_CELLS];

/// One position met: the board's first [`NARROW_CELLS`] cells (a narrow
/// board's only ones; a wide board's others are in [`Seen`]'s `wide`), the
/// claimed holes and the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Met {
    pub cells: [u16; NARROW_CELLS],
    pub to_move: Option<Player>,
    pub claimed: [u64; 2],
    /// [`Met::key`] of the board: boards with different keys differ, so
    /// most comparisons stop at it.
    key: u32,
    /// The seeds off the rows' holes (in the stores and reserves), when
    /// counted already (by the repetition rule, which compares it with
    /// the next position's); else [`Met::UNCOUNTED`].
    pub off_rows: u32,
}

impl Met {
    /// `off_rows` when the seeds off the rows were not counted.
    pub const UNCOUNTED: u32 = u32::MAX;

    /// The board and claims of `pos` with `to_move` to move; `key` is the
    /// [`Met::key`] of `pos`'s board and `off_rows` the seeds off its rows' holes.
    #[inline(always)]
    pub fn counted(pos: &Position, to_move: Option<Player>, key: u32, off_rows: u32) -> Met {
        let (cells, _) = Met::split(&pos.cells);
        Met { cells: *cells, to_move, claimed: pos.claimed, key, off_rows }
    }

    /// A board's first [`NARROW_CELLS`] cells and the others.
    #[inline(always)]
    fn split(cells: &[u16; MAX_CELLS]) -> (&[u16; NARROW_CELLS], &WideCells) {
        let (narrow, rest) = cells.split_first_chunk::<NARROW_CELLS>().expect("a board has the narrow cells");
        (narrow, rest.try_into().expect("the rest of a board"))
    }

    /// The board recorded, its cells past the first [`NARROW_CELLS`] being `wide`.
    pub fn board(&self, wide: &WideCells) -> [u16; MAX_CELLS] {
        let mut board = [0; MAX_CELLS];
        board[..NARROW_CELLS].copy_from_slice(&self.cells);
        board[NARROW_CELLS..].copy_from_slice(wide);
        board
    }

    /// A key telling boards apart fast (equal boards, equal keys): each
    /// word of four cells times a constant of its own, summed, and the
    /// sum's high half, where every bit of every word has reached. (Nine
    /// independent multiplications: a chain of them, each waiting for
    /// the last, cost Oware's moves the chain's latency.)
    #[inline(always)]
    pub fn key(cells: &[u16; MAX_CELLS]) -> u32 {
        Met::key_of(cells, Met::WORDS, true)
    }

    /// Words of four cells in a board.
    pub const WORDS: usize = MAX_CELLS.div_ceil(4);

    /// [`Met::key`] of a board whose words from `words` on are empty (a
    /// board has no cells past its holes and stores): the sum without
    /// them, which is the same. (Oware's board is three words of nine.)
    /// `wide`: the board has more than [`NARROW_CELLS`] cells (else only
    /// those are read, as before wide boards, in the same fixed-length loop).
    #[inline(always)]
    pub fn key_of(cells: &[u16; MAX_CELLS], words: usize, wide: bool) -> u32 {
        if wide {
            Met::sum_key::<MAX_CELLS, { MAX_CELLS / 4 + 1 }>(cells, words)
        } else {
            let narrow = cells.first_chunk::<NARROW_CELLS>().expect("a board has the narrow cells");
            Met::sum_key::<NARROW_CELLS, { NARROW_CELLS / 4 + 1 }>(narrow, words)
        }
    }

    /// [`Met::key_of`] of the first `N` cells of a board, whose cells past
    /// them are empty: the whole words, as many as asked, and the part word
    /// at the end (two cells) always, with the constant of its word on the
    /// widest board (so that the key is the same whatever `N`). `W` is the
    /// number of words, `N / 4 + 1`. (The narrow board's constants are taken
    /// by value, a table of nine, as before wide boards: borrowed, Oware's
    /// key took twice the instructions; the widest board's are borrowed:
    /// copied, the table was a call to `memcpy`.)
    #[inline(always)]
    fn sum_key<const N: usize, const W: usize>(cells: &[u16; N], words: usize) -> u32 {
        const WORDS: usize = Met::WORDS;
        /// Odd constants from the splitmix64 sequence.
        const K: [u64; WORDS] = {
            let (mut k, mut x, mut i) = ([0; WORDS], 0u64, 0);
            while i < WORDS {
                x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let z = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                k[i] = (z ^ (z >> 31)) | 1;
                i += 1;
            }
            k
        };
        let word = |four: &[u16]| four.iter().rev().fold(0u64, |w, &c| (w << 16) | u64::from(c));
        let fours = cells.chunks_exact(4);
        let last = word(fours.remainder()).wrapping_mul(K[N / 4]);
        let sum = if W == NARROW_CELLS / 4 + 1 {
            let k: [u64; NARROW_CELLS / 4 + 1] = K.first_chunk().copied().expect("the narrow board's constants");
            fours.zip(k).take(words).fold(last, |sum, (four, k)| sum.wrapping_add(word(four).wrapping_mul(k)))
        } else {
            fours.zip(&K).take(words).fold(last, |sum, (four, k)| sum.wrapping_add(word(four).wrapping_mul(*k)))
        };
        (sum >> 32) as u32
    }

    /// How many of `met` are the board, claims and player to move of `pos`
    /// (whose cells past the first [`NARROW_CELLS`] are empty, as are the
    /// records').
    #[inline(never)]
    fn occurrences(met: &[Met], pos: &Position, key: u32) -> u32 {
        met.iter().map(|m| u32::from(m.is(pos, key))).sum()
    }

    /// The bit of [`Seen::filter`] for a board whose key is `key`.
    #[inline(always)]
    fn bit(key: u32) -> u64 {
        1 << (key >> 26)
    }

    /// Whether this is the board's first [`NARROW_CELLS`] cells, the claims
    /// and the player to move of `pos`, `key` being the [`Met::key`] of
    /// `pos`'s board.
    #[inline(always)]
    fn is(&self, pos: &Position, key: u32) -> bool {
        let (cells, _) = Met::split(&pos.cells);
        self.key == key && self.to_move == pos.to_move && self.cells == *cells && self.claimed == pos.claimed
    }
}

impl More {
    /// Records `rest` as the wide cells of the newest of the node's
    /// positions (the others' are recorded already).
    #[inline(never)]
    fn record_wide(&mut self, rest: &WideCells) {
        let records = self.mets.len() + 1;
        if !self.wide.is_empty() || rest != &NO_WIDE_CELLS {
            self.wide.resize(records - 1, NO_WIDE_CELLS);
            self.wide.push(*rest);
        }
    }
}

impl Seen {
    /// A history of one position: `pos`'s board and claims with `to_move` to move.
    pub fn new(pos: &Position, to_move: Option<Player>) -> Arc<Seen> {
        let (_, rest) = Met::split(&pos.cells);
        Seen::node(Met::counted(pos, to_move, Met::key(&pos.cells), Met::UNCOUNTED), Some(rest), None)
    }

    /// `seen` with `pos` (its board, claims and player to move) recorded
    /// last, `key` being its [`Met::key`] and `off_rows` its seeds off the
    /// rows: in place when no other position shares `seen`'s newest node,
    /// else in a node of its own. (The record is made where it goes:
    /// moved, a position is a call to `memcpy`.) `wide`: the board may have
    /// seeds past the first [`NARROW_CELLS`] cells (else they are known to
    /// be empty).
    #[inline(always)]
    pub fn after(seen: Option<Arc<Seen>>, pos: &Position, key: u32, off_rows: u32, wide: bool) -> Arc<Seen> {
        let met = || Met::counted(pos, pos.to_move, key, off_rows);
        let (_, rest) = Met::split(&pos.cells);
        match seen {
            Some(mut node) => match Arc::get_mut(&mut node) {
                Some(own) => {
                    let more = own.more.get_or_insert_with(Box::default);
                    more.mets.push(met());
                    if wide {
                        more.record_wide(rest);
                    }
                    own.filter |= Met::bit(key);
                    own.last_off = off_rows;
                    node
                }
                None => Seen::node(met(), wide.then_some(rest), Some(node)),
            },
            None => Seen::node(met(), wide.then_some(rest), None),
        }
    }

    /// A node recording `first` (whose board's cells past the first
    /// [`NARROW_CELLS`] are `rest`; `None`: known to be empty) after `before`.
    #[inline(always)]
    fn node(first: Met, rest: Option<&WideCells>, before: Option<Arc<Seen>>) -> Arc<Seen> {
        let filter = before.as_ref().map_or(0, |b| b.filter) | Met::bit(first.key);
        let more = rest.filter(|&r| r != &NO_WIDE_CELLS).map(|r| Box::new(More { mets: Vec::new(), wide: vec![*r] }));
        let last_off = first.off_rows;
        Arc::new(Seen { first, more, before, filter, last_off })
    }

    /// A history of `pos` alone (as [`Seen::after`] records it), reusing
    /// `seen`'s newest node (and its room) when no other position shares it.
    /// `wide` as for [`Seen::after`].
    #[inline(always)]
    pub fn restart(seen: Option<Arc<Seen>>, pos: &Position, key: u32, off_rows: u32, wide: bool) -> Arc<Seen> {
        if let Some(mut node) = seen {
            if let Some(own) = Arc::get_mut(&mut node) {
                own.first = Met::counted(pos, pos.to_move, key, off_rows);
                own.filter = Met::bit(key);
                own.last_off = off_rows;
                if let Some(more) = &mut own.more {
                    more.mets.clear();
                    more.wide.clear();
                }
                let (_, rest) = Met::split(&pos.cells);
                if wide && rest != &NO_WIDE_CELLS {
                    own.more.get_or_insert_with(Box::default).record_wide(rest);
                }
                own.before = None;
                return node;
            }
        }
        Seen::after(None, pos, key, off_rows, wide)
    }

    /// The newest position's seeds off the rows ([`Met::off_rows`]).
    pub fn last_off(&self) -> u32 {
        self.last_off
    }

    /// The position recorded last.
    pub fn last(&self) -> &Met {
        self.more.as_ref().and_then(|m| m.mets.last()).unwrap_or(&self.first)
    }

    /// The board recorded last.
    pub fn last_board(&self) -> [u16; MAX_CELLS] {
        let wide = self.more.as_ref().and_then(|m| m.wide.last()).unwrap_or(&NO_WIDE_CELLS);
        self.last().board(wide)
    }

    /// This node's positions, oldest first, each with its wide cells.
    fn records(&self) -> impl DoubleEndedIterator<Item = (&Met, &WideCells)> {
        let more = self.more.as_deref().map_or(&[][..], |m| &m.mets[..]);
        let wide = self.more.as_deref().map_or(&[][..], |m| &m.wide[..]);
        (0..=more.len()).map(move |i| {
            let met = if i == 0 { &self.first } else { &more[i - 1] };
            (met, wide.get(i).unwrap_or(&NO_WIDE_CELLS))
        })
    }

    /// Every position recorded, newest first.
    fn iter(&self) -> impl Iterator<Item = (&Met, &WideCells)> {
        std::iter::successors(Some(self), |s| s.before.as_deref()).flat_map(|s| s.records().rev())
    }

    /// How many times the board, claims and player to move of `pos` occur
    /// here; `key` is the [`Met::key`] of `pos`'s board, `wide` as for
    /// [`Seen::after`].
    #[inline(always)]
    pub fn occurrences(&self, pos: &Position, key: u32, wide: bool) -> u32 {
        // (A search's nodes hold one position each: their walk stays tight,
        // and a playout's long node is counted out of line.)
        if self.filter & Met::bit(key) == 0 {
            return 0;
        }
        if wide {
            return self.occurrences_wide(pos, key);
        }
        let mut n = 0;
        let mut s = self;
        loop {
            n += u32::from(s.first.is(pos, key));
            if let Some(more) = &s.more {
                n += Met::occurrences(&more.mets, pos, key);
            }
            match s.before.as_deref() {
                Some(b) => s = b,
                None => return n,
            }
        }
    }

    /// [`Seen::occurrences`] on a wide board.
    #[inline(never)]
    fn occurrences_wide(&self, pos: &Position, key: u32) -> u32 {
        let (_, rest) = Met::split(&pos.cells);
        self.iter().map(|(m, wide)| u32::from(m.is(pos, key) && wide == rest)).sum()
    }
}

/// Two histories are equal when they record the same positions, however
/// they are split into nodes.
impl PartialEq for Seen {
    fn eq(&self, other: &Seen) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Seen {}

impl std::hash::Hash for Seen {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for met in self.iter() {
            met.hash(state);
        }
    }
}

/// A 64-bit digest of a board (a seed drawn from it).
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
    /// chooses the direction, bits [`Move::MINUS`] (32) and up are the
    /// clockwise (`-`) moves ([`Move::split_index`]).
    pub fn legal_mask(&self) -> u64 {
        self.legal
    }

    /// The legal moves, in order of their bits: holes, with their direction
    /// where the player chooses it. Under rules that ask for decisions
    /// inside a move (`choose`), each is only the start of one or more
    /// complete moves: [`crate::Machine::legal_moves`] lists those.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> {
        // (Bit by bit from the lowest set one: perft walks every node's moves,
        // and testing every bit cost it 2% of its instructions.)
        let (mut rest, chosen, places) = (self.legal, self.chosen, self.places);
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let i = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Some(Move::from_bit(i, chosen, places))
        })
    }

    /// Makes this position `src` (as `clone_from` does), copying the first
    /// [`NARROW_CELLS`] cells of the board alone unless `wide`: for the
    /// positions of a machine whose board is narrow, whose other cells are
    /// empty (see the module's documentation).
    #[inline(always)]
    pub(crate) fn copy_from(&mut self, src: &Position, wide: bool) {
        // (Every field named: a field added to the position must be copied here.)
        let Position {
            cells,
            game,
            reserve,
            closed,
            claimed,
            to_move,
            round,
            result,
            legal,
            chosen,
            places,
            border,
            wins,
            north_opened,
            seen,
            previous,
            turns_played,
            extra_turns,
            memory,
        } = src;
        copy_board(&mut self.cells, cells, wide);
        self.game = *game;
        self.reserve = *reserve;
        self.closed = *closed;
        self.claimed = *claimed;
        self.to_move = *to_move;
        self.round = *round;
        self.result = *result;
        self.legal = *legal;
        self.chosen = *chosen;
        self.places = *places;
        self.border = *border;
        self.wins = *wins;
        self.north_opened = *north_opened;
        self.seen.clone_from(seen);
        self.previous = *previous;
        self.turns_played = *turns_played;
        self.extra_turns = *extra_turns;
        self.memory.clone_from(memory);
    }

    /// Seeds in a cell (see the type's documentation for the numbering).
    pub fn seeds(&self, cell: usize) -> u16 {
        self.cells[cell]
    }

    /// Whether hole cell `cell` is closed (RP-8).
    pub fn is_closed(&self, cell: usize) -> bool {
        // (Holes past cell 63 are never closed: see the module's documentation.)
        cell < MAX_MASKED_CELLS && self.closed & (1 << cell) != 0
    }

    /// Who claimed hole cell `cell`, if anyone did.
    pub fn claimed_by(&self, cell: usize) -> Option<Player> {
        let claimed = |p: &Player| cell < MAX_MASKED_CELLS && self.claimed[p.index()] & (1 << cell) != 0;
        Player::BOTH.into_iter().find(claimed)
    }

    /// The position with the positions seen before it forgotten (the
    /// history a `repetition` rule counts): what the JSON protocol carries,
    /// so a game resumed from a document counts repetitions afresh.
    #[must_use]
    pub fn without_history(&self) -> Position {
        let seen = self.seen.as_ref().map(|_| Seen::new(self, self.to_move));
        Position { seen, ..self.clone() }
    }

    /// The previous move of the round, for rules that read it
    /// (`previous_origin`, `previous_lifted`, `previous_clockwise`);
    /// `None` for other rules and before the round's first move.
    pub fn previous(&self) -> Option<Previous> {
        self.previous
    }

    /// What the position remembers beyond the board (`memory { … }`):
    /// `None` for rules that declare no memory.
    pub fn memory(&self) -> Option<&Memory> {
        self.memory.as_deref()
    }

    /// The seeds `player` holds in hand, not yet placed on the board
    /// (`setup { hand N }`); 0 under rules without hands.
    pub fn hand(&self, player: Player) -> u32 {
        self.memory.as_ref().map_or(0, |m| u32::from(m.hand(player)))
    }

    /// The memory, to be changed by a rule: the position's own copy
    /// (shared memories are copied first). Only for rules that declare memory.
    pub(crate) fn memory_mut(&mut self) -> &mut Memory {
        Arc::make_mut(self.memory.as_mut().expect("rules with memory give their positions one"))
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
        u32::from(self.reserve[p.index()])
    }

    /// The game the position belongs to: the rules its machine was built from.
    pub fn game(&self) -> GameId {
        self.game
    }
}

/// Which game a position belongs to: a fingerprint of the rules text its
/// machine was checked from (32-bit FNV-1a of the text), so that a position
/// played, traced or counted on the machine of another game is refused
/// rather than read with the wrong board. Two machines built from the same
/// text share their positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameId(u32);

impl GameId {
    /// The fingerprint of a rules text.
    pub fn of_source(source: &str) -> GameId {
        GameId(source.bytes().fold(0x811c_9dc5, |h: u32, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193)))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:08x}", self.0)
    }
}

// Reserves are two bytes: every seed of a game fits in one.
const _: () = assert!(crate::check::MAX_TOTAL_SEEDS <= u16::MAX as u64);

#[cfg(test)]
mod tests {
    /// The territory border (one byte) sits in what was padding (cells 68
    /// bytes, 8-byte words 32, 4-byte words 16, three one-byte fields: 119);
    /// the previous move's memory (`Option<Previous>`, 4 bytes) takes the
    /// position to 123, padded to 128 (session 7 measured the cost in
    /// instructions: see issue 11's note); the two turn counters (one byte
    /// each) take it to 125; the game's fingerprint (4 bytes) to 127, paid
    /// for by reserves of two bytes each instead of four. Wide boards (issue
    /// 28) take the cells to 196 bytes and the legal-move mask to 8, and the
    /// memory's pointer (issue 27) 8 more: 272, of which a narrow board's
    /// copies read the first 68 bytes of cells and the other fields (see the
    /// module's documentation).
    #[test]
    fn a_position_takes_272_bytes() {
        assert_eq!(std::mem::size_of::<super::Position>(), 272);
    }

    /// Seeds in hand (issue 27) live in the memory the position points
    /// to, in what was its padding: neither grows (a position 272 bytes, a
    /// memory 112).
    #[test]
    fn hands_cost_no_byte() {
        assert_eq!(std::mem::size_of::<crate::memory::Memory>(), 112);
    }

    /// A history's node and record are the size they were before wide
    /// boards (a wide board's other cells are kept apart): a node is copied
    /// inline up to 128 bytes.
    #[test]
    fn a_history_node_takes_128_bytes() {
        assert_eq!((std::mem::size_of::<super::Seen>(), std::mem::size_of::<super::Met>()), (128, 96));
    }

    /// A board's key from its first words alone is its key, whatever the
    /// board's size: the words past its cells add nothing.
    #[test]
    fn a_key_from_the_board_s_words_is_its_key() {
        use super::{Met, MAX_CELLS};
        for cells in 1..=MAX_CELLS {
            let mut board = [0u16; MAX_CELLS];
            for (c, seeds) in board[..cells].iter_mut().enumerate() {
                *seeds = (c as u16 * 7 + 3) % 50;
            }
            let wide = cells > super::NARROW_CELLS;
            assert_eq!(Met::key_of(&board, cells.div_ceil(4), wide), Met::key(&board), "{cells} cells");
        }
    }

    /// The filter of keys (a bit each, 64 in all) only lets a search be
    /// skipped: 100 boards, more than the filter's bits and so some
    /// sharing one, recorded in a random order in place and a node each,
    /// are each counted as often as they were recorded, before and after
    /// a restart.
    #[test]
    fn every_position_recorded_is_counted_whatever_bits_it_shares() {
        use super::{Met, Seen};
        let m = crate::machine::Machine::new(
            crate::check(include_str!("../../../rules/oware_openspiel.rules")).expect("the bundled rules check"),
        );
        let start = m.initial();
        let boards: Vec<_> = (0..100u16).map(|i| board(&start, [i % 7, i / 7, 3, i])).collect();
        let bits: std::collections::HashSet<_> = boards.iter().map(|b| Met::key(&b.cells) >> 26).collect();
        assert!(bits.len() < boards.len(), "some boards share a bit");
        let key = |p: &super::Position| Met::key(&p.cells);
        let mut rng = fastrand::Rng::with_seed(5);
        let (mut alone, mut shared, mut times) = (None, None, vec![0; boards.len()]);
        for step in 0..300 {
            if step == 150 {
                // A capture: both histories start again from one board.
                alone = Some(Seen::restart(alone.take(), &boards[0], key(&boards[0]), Met::UNCOUNTED, false));
                shared = Some(Seen::restart(shared.take(), &boards[0], key(&boards[0]), Met::UNCOUNTED, false));
                times = vec![0; boards.len()];
                times[0] = 1;
            }
            let i = rng.usize(..boards.len());
            alone = Some(Seen::after(alone.take(), &boards[i], key(&boards[i]), Met::UNCOUNTED, false));
            shared = Some(Seen::after(shared.clone(), &boards[i], key(&boards[i]), Met::UNCOUNTED, false));
            times[i] += 1;
            for (b, &n) in boards.iter().zip(&times) {
                let key = Met::key(&b.cells);
                let (a, s) = (alone.as_ref().expect("recorded"), shared.as_ref().expect("recorded"));
                assert_eq!((a.occurrences(b, key, false), s.occurrences(b, key, false)), (n, n), "step {step}");
            }
        }
    }

    /// `pos` with its first four cells `cells`, for the history tests.
    fn board(pos: &super::Position, cells: [u16; 4]) -> super::Position {
        let mut p = pos.clone();
        p.cells[..4].copy_from_slice(&cells);
        p
    }

    /// A history recorded in place (a playout's, nothing shared) and one
    /// recorded a node a position (a search's, each position kept by its
    /// parent) hold the same positions: they are equal, and both count the
    /// board met twice (A B A: A twice, B once, C never).
    #[test]
    fn a_history_is_the_same_however_it_is_stored() {
        use super::{Met, Seen};
        let m = crate::machine::Machine::new(
            crate::check(include_str!("../../../rules/oware_openspiel.rules")).expect("the bundled rules check"),
        );
        let start = m.initial();
        let [a, b, c] = [[1, 0, 2, 0], [0, 1, 2, 0], [0, 0, 3, 0]].map(|cells| board(&start, cells));
        let key = |p: &super::Position| Met::key(&p.cells);
        let (mut alone, mut shared, mut kept) = (None, None, Vec::new());
        for p in [&a, &b, &a] {
            alone = Some(Seen::after(alone.take(), p, key(p), Met::UNCOUNTED, false));
            let node = Seen::after(shared.clone(), p, key(p), Met::UNCOUNTED, false);
            kept.push(node.clone());
            shared = Some(node);
        }
        let (alone, shared) = (alone.expect("recorded"), shared.expect("recorded"));
        assert!(alone.before.is_none() && alone.more.as_ref().is_some_and(|m| m.mets.len() == 2), "in place");
        assert!(shared.more.is_none() && shared.before.is_some(), "a node a position");
        assert_eq!(alone, shared);
        for (p, times) in [(&a, 2), (&b, 1), (&c, 0)] {
            let key = Met::key(&p.cells);
            assert_eq!((alone.occurrences(p, key, false), shared.occurrences(p, key, false)), (times, times));
        }
        // Restarted (a capture), a history holds one position whether its node was shared or not.
        let restarted = [
            Seen::restart(Some(alone), &c, key(&c), Met::UNCOUNTED, false),
            Seen::restart(Some(shared), &c, key(&c), Met::UNCOUNTED, false),
        ];
        assert_eq!(restarted[0], restarted[1]);
        assert_eq!(restarted[0].occurrences(&a, Met::key(&a.cells), false), 0);
        assert_eq!(restarted[1].last_board(), c.cells);
    }
}
