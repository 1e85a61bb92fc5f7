//! Holes and moves as a player names them: a hole is a name from `a`,
//! counted from the owner's left (on four rows, on round the owner's two
//! rows): `a` to `z`, then `aa` to `az`, then `ba`, … as a spreadsheet
//! names its columns (a player owns at most [`Hole::MAX`] holes, `a` to
//! `av`); a move is a hole, followed by `+` or `-` where the player chooses
//! the sowing direction, then the decisions the rules ask for inside the
//! move, each after a `/` (`c+/N.d`, `e/none`). The one place letters and
//! indices convert.

use crate::position::Player;
use std::fmt;

/// A hole of one player's row, counted from the owner's left (`a` is 0).
/// Which player's row it is comes from context: a move is a hole of the
/// mover's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(u8);

impl Hole {
    /// Most holes a player can own (`a` … `av`): two rows of 48, or four
    /// rows of 24 (a player's two rows), and so on.
    pub const MAX: u8 = 48;

    /// Most holes a player can own under rules where the player chooses the
    /// sowing direction (`a` … `af`): a legal-move mask has 64 bits, the
    /// clockwise (`-`) moves from bit [`Move::MINUS`] on.
    pub const MAX_CHOSEN: u8 = 64 - Move::MINUS;

    /// The hole at `index` (0 is `a`), if a row can have it.
    pub fn new(index: u8) -> Option<Hole> {
        (index < Hole::MAX).then_some(Hole(index))
    }

    /// The hole at `index`.
    ///
    /// # Panics
    /// If `index` is not below [`Hole::MAX`].
    pub fn at(index: u8) -> Hole {
        Hole::new(index).unwrap_or_else(|| panic!("hole index {index} is beyond the largest row"))
    }

    /// The hole a name stands for: `a` is 0, `z` 25, `aa` 26, `ab` 27, ….
    /// (`aa` is not `a` twice: names past `z` run as a spreadsheet's
    /// columns do.)
    pub fn from_letter(name: &str) -> Option<Hole> {
        let letter = |b: &u8| b.is_ascii_lowercase().then(|| b - b'a');
        match name.as_bytes() {
            [b] => Hole::new(letter(b)?),
            [first, second] => Hole::new((letter(first)? + 1).checked_mul(26)?.checked_add(letter(second)?)?),
            _ => None,
        }
    }

    /// 0 for `a`, 1 for `b`, ….
    #[inline]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The hole's name: `a`, `b`, … `z`, `aa`, `ab`, ….
    pub fn name(self) -> HoleName {
        HoleName(self.0)
    }

    /// The holes set in a mask whose bit `i` is hole `i`, in order. (A
    /// legal-move mask of rules that choose the direction is not such a
    /// mask: its bits from [`Move::MINUS`] on are clockwise moves, see
    /// [`Move::split_index`].)
    pub fn in_mask(mask: u64) -> impl Iterator<Item = Hole> {
        (0..Hole::MAX).filter(move |i| mask & (1 << i) != 0).map(Hole)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.name().fmt(f)
    }
}

/// A hole's name, one or two letters ([`Hole::name`]), without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoleName(u8);

impl HoleName {
    /// The name's letters (one, or two past `z`).
    fn letters(self) -> ([u8; 2], usize) {
        match self.0 {
            i @ 0..26 => ([b'a' + i, 0], 1),
            i => ([b'a' + i / 26 - 1, b'a' + i % 26], 2),
        }
    }
}

impl fmt::Display for HoleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // (Padded as a string is: the board's picture aligns names in columns.)
        let (bytes, len) = self.letters();
        f.pad(std::str::from_utf8(&bytes[..len]).expect("letters are ASCII"))
    }
}

/// A sowing direction chosen by the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sense {
    /// `+`: counterclockwise, towards the later letters of the mover's holes.
    Plus,
    /// `-`: clockwise, towards the earlier letters.
    Minus,
}

/// One decision the mover makes inside a move, where a rule asks for it:
/// a hole of either player's (`choose hole where …`), or `none` where the
/// choice is optional; or the way a relay sows on (`relay … chosen`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Decision {
    /// This player's hole: written `S.c`, `N.d`.
    Hole(Player, Hole),
    /// None of them (an `optional` choice): written `none`.
    None,
    /// The way the next laps are sown (`relay … chosen`): written `+`
    /// (counterclockwise) or `-` (clockwise), as a move's direction.
    Way(Sense),
}

impl Decision {
    /// Reads `S.c`, `N.d`, `none`, `+` or `-`.
    pub fn parse(text: &str) -> Option<Decision> {
        match text {
            "none" => return Some(Decision::None),
            "+" => return Some(Decision::Way(Sense::Plus)),
            "-" => return Some(Decision::Way(Sense::Minus)),
            _ => {}
        }
        let (side, letter) = text.split_once('.')?;
        let player = match side {
            "S" => Player::South,
            "N" => Player::North,
            _ => return None,
        };
        Some(Decision::Hole(player, Hole::from_letter(letter)?))
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Hole(p, h) => write!(f, "{}.{h}", p.letter()),
            Decision::None => f.write_str("none"),
            Decision::Way(Sense::Plus) => f.write_str("+"),
            Decision::Way(Sense::Minus) => f.write_str("-"),
        }
    }
}

/// The decisions made inside one move, in the order the rules asked for
/// them: at most [`Decisions::MAX`], kept inline so that a move stays `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Decisions {
    len: u8,
    items: [Decision; Decisions::MAX],
}

impl Decisions {
    /// Most decisions one move can make (a move asking for more is
    /// refused: [`crate::Illegal::Decision`]).
    pub const MAX: usize = 8;

    /// No decision: the moves of rules that ask for none.
    pub const NONE: Decisions = Decisions { len: 0, items: [Decision::None; Decisions::MAX] };

    /// These decisions and then `d`, if there is room for it.
    #[must_use]
    pub fn then(mut self, d: Decision) -> Option<Decisions> {
        let slot = self.items.get_mut(usize::from(self.len))?;
        *slot = d;
        self.len += 1;
        Some(self)
    }

    /// The decisions, first made first.
    pub fn as_slice(&self) -> &[Decision] {
        &self.items[..usize::from(self.len)]
    }

    /// Whether no decision was made.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for Decisions {
    fn default() -> Decisions {
        Decisions::NONE
    }
}

/// A move: a hole of the mover's, with the direction when the rules let
/// the player choose it, and the decisions the rules asked for inside it;
/// or a placement (`*c`): a seed from the mover's hand put into the hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The hole lifted (or, for a placement, the hole placed into).
    pub hole: Hole,
    /// The direction chosen, for rules with `direction chosen`.
    pub sense: Option<Sense>,
    /// The decisions made inside the move (`choose …` rules), in order.
    pub then: Decisions,
    /// A placement (`place when …`, written `*c`): the mover puts one seed
    /// from their hand into the hole instead of lifting it.
    pub place: bool,
    /// A layout at a round's start (`refill … chosen`, written `=a.c.d`):
    /// the holes chosen, bit `i` for letter `i` of the row laid out; 0 for
    /// every other move. A layout's `hole` is `a`, its bit in a legal-move
    /// mask bit 0 (a pending layout's mask is 1: see `machine/layout.rs`).
    pub layout: u64,
}

impl Move {
    /// Lifting `hole`, sown in direction `sense` (where the player chooses
    /// it), with no decision inside the move.
    pub fn new(hole: Hole, sense: Option<Sense>) -> Move {
        Move { hole, sense, then: Decisions::NONE, place: false, layout: 0 }
    }

    /// Placing a seed from the mover's hand into `hole` (`*c`).
    pub fn placing(hole: Hole) -> Move {
        Move { place: true, ..Move::new(hole, None) }
    }

    /// The layout filling (or ceding) the holes of `mask` (bit `i`: letter
    /// `i` of the row laid out), written `=a.c.d`.
    pub fn laying_out(mask: u64) -> Move {
        Move { layout: mask, ..Move::new(Hole::at(0), None) }
    }

    /// Whether the move is a round's layout (`=a.c.d`).
    pub fn is_layout(&self) -> bool {
        self.layout != 0
    }

    /// The same move with decision `d` made after the others, if a move
    /// has room for it ([`Decisions::MAX`]).
    #[must_use]
    pub fn then(self, d: Decision) -> Option<Move> {
        Some(Move { then: self.then.then(d)?, ..self })
    }

    /// The first bit of the clockwise (`-`) moves in a legal-move mask of
    /// rules where the player chooses the direction: hole `i`'s `+` move is
    /// bit `i`, its `-` move bit `MINUS + i`. (Such rules allow at most
    /// [`Hole::MAX_CHOSEN`] holes a player; other rules' masks keep every
    /// bit below [`Hole::MAX`] for holes.)
    pub const MINUS: u8 = 32;

    /// Where a chosen direction's `+` placements (`*c+`) start in a
    /// legal-move mask: between the `+` and `-` lifts, so rules with
    /// placements and a chosen direction allow at most 16 holes a player
    /// (their `*c-` placements take the bits from [`Hole::MAX`] on).
    pub const PLACE_PLUS: u8 = Hole::MAX - Move::MINUS;

    /// The move's bit in a legal-move mask: the hole's index, plus
    /// [`Move::MINUS`] for `-`; a placement (`*c`) is bit [`Hole::MAX`] `+ c`,
    /// or with a chosen direction (`*c+`, `*c-`: a player owns at most
    /// [`Move::PLACE_PLUS`] holes then) bit `PLACE_PLUS + c` or `Hole::MAX +
    /// c`, beside the lifts' two halves. (A move with a direction is a move of
    /// rules that choose it, so the move alone says where its bit is.)
    #[inline]
    pub fn index(self) -> u8 {
        let i = self.hole.index();
        match (self.place, self.sense) {
            (false, Some(Sense::Minus)) => Move::MINUS + i,
            (false, _) => i,
            (true, Some(Sense::Plus)) => Move::PLACE_PLUS + i,
            (true, _) => Hole::MAX + i,
        }
    }

    /// The move with bit `index` of a legal-move mask; `chosen` says
    /// whether moves carry a direction (and so whether the bits from
    /// [`Move::MINUS`] on are `-` moves or holes). Without one, the bits
    /// from [`Hole::MAX`] up are placements (`*c`). For rules with
    /// placements and a chosen direction, see [`Move::from_bit`].
    pub fn from_index(index: u8, chosen: bool) -> Move {
        Move::from_bit(index, chosen, !chosen)
    }

    /// The move with bit `index` of a legal-move mask: `chosen` says
    /// whether moves carry a direction, `places` whether the rules have
    /// placements (see [`Move::index`]).
    pub fn from_bit(index: u8, chosen: bool, places: bool) -> Move {
        if places && index >= Hole::MAX {
            let sense = chosen.then_some(Sense::Minus);
            return Move { place: true, ..Move::new(Hole::at(index - Hole::MAX), sense) };
        }
        if places && chosen && (Move::PLACE_PLUS..Move::MINUS).contains(&index) {
            return Move { place: true, ..Move::new(Hole::at(index - Move::PLACE_PLUS), Some(Sense::Plus)) };
        }
        let (hole, minus) = Move::split_index(index, chosen);
        let sense = chosen.then_some(if minus { Sense::Minus } else { Sense::Plus });
        Move::new(Hole::at(hole), sense)
    }

    /// The hole's index of bit `index` of a legal-move mask, and whether it
    /// is sown `-`; `chosen` says whether the rules choose the direction
    /// (only then are the bits from [`Move::MINUS`] on `-` moves). (A test
    /// and a subtraction, no branch: every move of a playout pays it.)
    #[inline(always)]
    pub fn split_index(index: u8, chosen: bool) -> (u8, bool) {
        let minus = chosen & (index >= Move::MINUS);
        (index - (u8::from(minus) * Move::MINUS), minus)
    }

    /// Reads `c`, `c+`, `c-` or a placement (`*c`, `*c+`, `*c-`), then any decisions,
    /// each after a `/` (`c+/N.d/none`).
    pub fn parse(text: &str) -> Option<Move> {
        if let Some(holes) = text.strip_prefix('=') {
            // A layout: its holes' letters in letter order, each once.
            let mut mask = 0u64;
            let mut last = None;
            for letter in holes.split('.') {
                let i = Hole::from_letter(letter)?.index();
                if last.is_some_and(|l| l >= i) {
                    return None;
                }
                (mask, last) = (mask | 1 << i, Some(i));
            }
            return Some(Move::laying_out(mask));
        }
        let mut parts = text.split('/');
        let first = parts.next()?;
        let (first, place) = match first.strip_prefix('*') {
            Some(rest) => (rest, true),
            None => (first, false),
        };
        let (letter, sense) = match first.as_bytes().last()? {
            b'+' => (&first[..first.len() - 1], Some(Sense::Plus)),
            b'-' => (&first[..first.len() - 1], Some(Sense::Minus)),
            _ => (first, None),
        };
        let mv = Move { place, ..Move::new(Hole::from_letter(letter)?, sense) };
        parts.try_fold(mv, |mv, d| mv.then(Decision::parse(d)?))
    }
}

impl From<Hole> for Move {
    fn from(hole: Hole) -> Move {
        Move::new(hole, None)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_layout() {
            let letters: Vec<String> = Hole::in_mask(self.layout).map(|h| h.to_string()).collect();
            return write!(f, "={}", letters.join("."));
        }
        if self.place {
            f.write_str("*")?;
        }
        match self.sense {
            None => write!(f, "{}", self.hole)?,
            Some(Sense::Plus) => write!(f, "{}+", self.hole)?,
            Some(Sense::Minus) => write!(f, "{}-", self.hole)?,
        }
        self.then.as_slice().iter().try_for_each(|d| write!(f, "/{d}"))
    }
}

#[cfg(test)]
mod tests {
    use super::{Hole, Move, Sense};

    #[test]
    fn moves_round_trip() {
        for text in
            ["a", "c+", "p-", "af-", "ah", "c+/N.d", "e/none/S.a", "ab", "av/N.aa", "*c", "*p/N.d", "*c+", "*p-/N.a"]
        {
            let m = Move::parse(text).unwrap();
            assert_eq!(m.to_string(), text);
            let bare = Move { then: super::Decisions::NONE, ..m };
            if m.hole.index() < Move::PLACE_PLUS || m.sense.is_none() {
                assert_eq!(Move::from_bit(m.index(), m.sense.is_some(), true), bare, "{text}");
            }
            if !(m.place && m.sense.is_some()) {
                assert_eq!(Move::from_index(m.index(), m.sense.is_some()), bare, "{text}");
            }
        }
        // Placements with a direction sit beside a chosen direction's halves.
        assert_eq!(Move::parse("*c+").map(Move::index), Some(Move::PLACE_PLUS + 2));
        assert_eq!(Move::parse("*c-").map(Move::index), Some(Hole::MAX + 2));
        // A placement's bit is its hole's plus `Hole::MAX`, above every hole's.
        assert_eq!(Move::parse("*c").map(|m| (m.index(), m.place)), Some((Hole::MAX + 2, true)));
        assert_eq!(Move::parse("c-").map(|m| (m.hole, m.sense)), Some((Hole::at(2), Some(Sense::Minus))));
        // Bits from 32 on are `-` moves where the direction is chosen, holes elsewhere.
        assert_eq!(Move::parse("af-").map(Move::index), Some(63));
        assert_eq!(Move::from_index(33, true).to_string(), "b-");
        assert_eq!(Move::from_index(33, false).to_string(), "ah");
        assert_eq!(Move::from_index(31, true).to_string(), "af+");
        assert_eq!((Move::split_index(40, true), Move::split_index(40, false)), ((8, true), (40, false)));
        // Placements with a chosen direction: `*c+` at 16 + c, `*c-` at 48 + c.
        assert_eq!(Move::from_bit(18, true, true).to_string(), "*c+");
        assert_eq!(Move::from_bit(50, true, true).to_string(), "*c-");
        assert_eq!(Move::from_bit(34, true, true).to_string(), "c-");
        assert_eq!(Move::from_bit(50, false, true).to_string(), "*c");
        for bad in [
            "", "+", "c*", "*", "*+", "**c", "c+-", "C", "c/", "c/N", "c/X.a", "c/N.A", "c/yes", "c/none/", "bw",
            "abc", "=", "=c.a", "=a.a", "=a..b", "=a.", "=A", "=a/N.b",
        ] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
    }

    /// A layout (`=a.c.d`) reads and writes back, its letters in order.
    #[test]
    fn layouts_round_trip() {
        for text in ["=a", "=b.d", "=a.c.d", "=z.aa.av"] {
            let m = Move::parse(text).unwrap();
            assert!(m.is_layout() && m.then.is_empty() && !m.place, "{text}");
            assert_eq!(m.to_string(), text);
        }
        assert_eq!(Move::parse("=b.d").map(|m| m.layout), Some(0b1010));
        assert!(!Move::parse("a").unwrap().is_layout());
    }

    #[test]
    fn a_move_holds_at_most_max_decisions() {
        let eight = format!("a{}", "/N.b".repeat(super::Decisions::MAX));
        assert_eq!(Move::parse(&eight).map(|m| m.to_string()), Some(eight.clone()));
        assert_eq!(Move::parse(&format!("{eight}/none")), None);
    }

    #[test]
    fn letters_round_trip() {
        for i in 0..Hole::MAX {
            let h = Hole::at(i);
            assert_eq!(Hole::from_letter(&h.to_string()), Some(h));
        }
        // Past `z`, as a spreadsheet's columns: `aa` follows `z`, `ba` follows `az`.
        let names = [(0, "a"), (15, "p"), (25, "z"), (26, "aa"), (27, "ab"), (47, "av")];
        for (i, name) in names {
            assert_eq!(Hole::at(i).to_string(), name);
            assert_eq!(Hole::from_letter(name), Some(Hole::at(i)));
        }
        assert_eq!(Hole::from_letter("aw"), None, "past the most holes a player owns");
        assert_eq!(Hole::from_letter("ba"), None);
        assert_eq!(Hole::from_letter("A"), None);
        assert_eq!(Hole::from_letter("aaa"), None);
        assert_eq!(Hole::from_letter(""), None);
        assert_eq!(Hole::in_mask(0b1010 | 1 << 40).map(|h| h.to_string()).collect::<Vec<_>>(), ["b", "d", "ao"]);
        assert_eq!(format!("[{:>3}|{:<3}]", Hole::at(2), Hole::at(27)), "[  c|ab ]", "names pad as strings do");
    }
}
