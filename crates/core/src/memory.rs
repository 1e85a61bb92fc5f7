//! Memory beyond the board (`memory { … }`): named **marks** on holes (Bao's
//! house, the holes already moved this round) and named **values**, one for
//! the game or one per player (a player's locked direction, a phase).
//!
//! A rules file declares them; its rules set, clear and read them
//! (`set house(landing)`, `clear moved`, `set dir(mover) to 1`, `house(origin)`,
//! `dir(mover) == 0`). They start as declared at every round's start, and a
//! position carries them: positions of the same board with different
//! memories are different positions (they compare unequal, and the JSON
//! protocol and fixtures write and compare them under `memory`).
//!
//! The position holds its memory behind one shared pointer, `None` for
//! rules that declare none: a position stays two cache lines for every
//! other game, and a child position shares its parent's memory until a
//! rule changes it.
//!
//! The seeds in the players' hands (`setup { hand N }`) live here too, and
//! a round's chosen layout (`refill … chosen`: whether one is pending, and
//! the owners chosen under territory):
//! like a mark, they are something only some games have, and kept here
//! they cost the other games' positions nothing.

use crate::diagnostic::Span;

/// Most marks a rules file may declare.
pub const MAX_MARKS: usize = 4;

/// Most values a rules file may declare, counting a value kept per player twice.
pub const MAX_VALUE_SLOTS: usize = 8;

/// A declared mark: `mark NAME` or `mark NAME on [N, …]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkDecl {
    /// Its name, which the rules call as `NAME(HOLE)`.
    pub name: String,
    /// The holes it marks at a round's start, by number (`a` = 1) in each
    /// player's holes: both players' holes of these numbers.
    pub on: Vec<u8>,
    /// The declaration.
    pub span: Span,
}

/// A declared value: `value NAME [per player] [from N]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueDecl {
    /// Its name: `NAME` for the game's value, `NAME(PLAYER)` for a player's.
    pub name: String,
    /// One value for each player (`per player`) or one for the game.
    pub per_player: bool,
    /// What it holds at a round's start (`from N`; 0 when not written).
    pub from: i32,
    /// Where it is kept: its first slot (South's, for a player's value).
    pub(crate) slot: u8,
    /// The declaration.
    pub span: Span,
}

/// The marks and values a rules file declares (empty when it has no `memory`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryDecl {
    /// The marks, in the order declared (a mark is its index here).
    pub marks: Vec<MarkDecl>,
    /// The values, in the order declared.
    pub values: Vec<ValueDecl>,
    /// Whether a rule reads a player's last move (`last_origin`,
    /// `last_landing`): positions then remember each player's.
    pub reads_last: bool,
}

impl ValueDecl {
    /// Where the value is kept: its slot in [`Memory::value`] (South's, for
    /// a value kept per player; North's is the next).
    pub fn slot(&self) -> u8 {
        self.slot
    }
}

impl MemoryDecl {
    /// Whether the rules declare no memory.
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty() && self.values.is_empty() && !self.reads_last
    }

    /// The mark called `name`, as its index.
    pub(crate) fn mark(&self, name: &str) -> Option<u8> {
        self.marks.iter().position(|m| m.name == name).map(|i| i as u8)
    }

    /// The value called `name`.
    pub(crate) fn value(&self, name: &str) -> Option<&ValueDecl> {
        self.values.iter().find(|v| v.name == name)
    }

    /// Slots the declared values take.
    pub(crate) fn slots(&self) -> usize {
        self.values.iter().map(|v| 1 + usize::from(v.per_player)).sum()
    }
}

/// A mark or value as a rule names it: where it is kept, and its name
/// (for traces and explanations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The mark's index in [`MemoryDecl::marks`], or the value's first slot.
    pub(crate) index: u8,
    /// Its declared name.
    pub name: Box<str>,
}

/// What a position remembers beyond the board: a cell mask for each mark
/// and a slot for each value (two for a value kept per player, South's first).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Memory {
    pub(crate) marks: [u128; MAX_MARKS],
    pub(crate) values: [i32; MAX_VALUE_SLOTS],
    /// Each player's last move this round, for rules that read it: the cell
    /// it lifted and the cell its last seed fell into, each one more than
    /// the cell (0: the player has not moved this round).
    pub(crate) last: [[u8; 2]; 2],
    /// The seeds each player holds in hand (`setup { hand N }`), South's
    /// first: not on the board, not captured, placed by `place` moves.
    /// (Four bytes in what was the memory's padding: a memory is 112 bytes
    /// with or without them, and the position only points to it.)
    pub(crate) hand: [u16; 2],
    /// Under territory with a chosen layout (`refill … territory chosen`):
    /// the holes of the trailing player's row the leader owns this round,
    /// bit `i` for hole `i` (at most 24 holes a row under territory); 0
    /// while the owners are the automatic ones (the position's `border`).
    pub(crate) ceded: u32,
    /// A round's layout still to be made (`refill … chosen`), as
    /// `machine/layout.rs` packs it; 0 when none is pending. (This
    /// and `ceded` take five bytes of what was the memory's padding.)
    pub(crate) layout: u8,
}

impl Memory {
    /// Whether mark `mark` (its index in [`MemoryDecl::marks`]) is on `cell`.
    #[inline]
    pub fn marked(&self, mark: u8, cell: u8) -> bool {
        self.marks[usize::from(mark)] & (1 << cell) != 0
    }

    /// Puts mark `mark` on `cell` (`on`) or takes it off.
    pub(crate) fn set_mark(&mut self, mark: u8, cell: u8, on: bool) {
        let m = &mut self.marks[usize::from(mark)];
        if on {
            *m |= 1 << cell;
        } else {
            *m &= !(1 << cell);
        }
    }

    /// The cells `player`'s last move this round lifted and ended in (its
    /// origin and landing), if the player has moved this round.
    pub fn last_move(&self, player: crate::position::Player) -> Option<(u8, u8)> {
        match self.last[player.index()] {
            [0, _] => None,
            [origin, landing] => Some((origin - 1, landing - 1)),
        }
    }

    /// Remembers `player`'s move from `origin` that ended in `landing`.
    pub(crate) fn set_last_move(&mut self, player: crate::position::Player, origin: u8, landing: u8) {
        self.last[player.index()] = [origin + 1, landing + 1];
    }

    /// The seeds `player` holds in hand (0 under rules without hands).
    #[inline]
    pub fn hand(&self, player: crate::position::Player) -> u16 {
        self.hand[player.index()]
    }

    /// The value in slot `slot`.
    #[inline]
    pub fn value(&self, slot: u8) -> i32 {
        self.values[usize::from(slot)]
    }
}

/// A number worked out by a rule, as a value holds it (numbers beyond a
/// value's range stop at its ends).
pub(crate) fn clamp_value(n: i64) -> i32 {
    n.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}
