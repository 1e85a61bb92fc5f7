//! Holes and moves as a player names them: a hole is a letter from `a`,
//! counted from the owner's left (on four rows, on round the owner's two
//! rows); a move is a hole, followed by `+` or `-` where the player chooses
//! the sowing direction. The one place letters and indices convert.

use std::fmt;

/// A hole of one player's row, counted from the owner's left (`a` is 0).
/// Which player's row it is comes from context: a move is a hole of the
/// mover's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(u8);

impl Hole {
    /// Most holes a row can have (`a` … `p`).
    pub const MAX: u8 = 16;

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

    /// The hole a one-letter name stands for: `a` is 0.
    pub fn from_letter(name: &str) -> Option<Hole> {
        match name.as_bytes() {
            [b] if b.is_ascii_lowercase() => Hole::new(b - b'a'),
            _ => None,
        }
    }

    /// 0 for `a`, 1 for `b`, ….
    #[inline]
    pub fn index(self) -> u8 {
        self.0
    }

    /// `a`, `b`, ….
    pub fn letter(self) -> char {
        char::from(b'a' + self.0)
    }

    /// The holes set in a mask whose bit `i` is hole `i`, in order.
    pub fn in_mask(mask: u32) -> impl Iterator<Item = Hole> {
        (0..Hole::MAX).filter(move |i| mask & (1 << i) != 0).map(Hole)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
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

/// A move: a hole of the mover's, with the direction when the rules let
/// the player choose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The hole lifted.
    pub hole: Hole,
    /// The direction chosen, for rules with `direction chosen`.
    pub sense: Option<Sense>,
}

impl Move {
    /// The move's bit in a legal-move mask: the hole's index, plus 16 for `-`.
    pub fn index(self) -> u8 {
        self.hole.index() + if self.sense == Some(Sense::Minus) { Hole::MAX } else { 0 }
    }

    /// The move with bit `index` of a legal-move mask; `chosen` says
    /// whether moves carry a direction.
    pub fn from_index(index: u8, chosen: bool) -> Move {
        let hole = Hole::at(index % Hole::MAX);
        let sense = chosen.then_some(if index >= Hole::MAX { Sense::Minus } else { Sense::Plus });
        Move { hole, sense }
    }

    /// Reads `c`, `c+` or `c-`.
    pub fn parse(text: &str) -> Option<Move> {
        let (letter, sense) = match text.as_bytes().last()? {
            b'+' => (&text[..text.len() - 1], Some(Sense::Plus)),
            b'-' => (&text[..text.len() - 1], Some(Sense::Minus)),
            _ => (text, None),
        };
        Some(Move { hole: Hole::from_letter(letter)?, sense })
    }
}

impl From<Hole> for Move {
    fn from(hole: Hole) -> Move {
        Move { hole, sense: None }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.sense {
            None => write!(f, "{}", self.hole),
            Some(Sense::Plus) => write!(f, "{}+", self.hole),
            Some(Sense::Minus) => write!(f, "{}-", self.hole),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Hole, Move, Sense};

    #[test]
    fn moves_round_trip() {
        for text in ["a", "c+", "p-"] {
            let m = Move::parse(text).unwrap();
            assert_eq!(m.to_string(), text);
            assert_eq!(Move::from_index(m.index(), m.sense.is_some()), m);
        }
        assert_eq!(Move::parse("c-").map(|m| (m.hole, m.sense)), Some((Hole::at(2), Some(Sense::Minus))));
        for bad in ["", "+", "c*", "c+-", "C"] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn letters_round_trip() {
        for i in 0..Hole::MAX {
            let h = Hole::at(i);
            assert_eq!(Hole::from_letter(&h.letter().to_string()), Some(h));
        }
        assert_eq!(Hole::from_letter("q"), None);
        assert_eq!(Hole::from_letter("A"), None);
        assert_eq!(Hole::from_letter("ab"), None);
        assert_eq!(Hole::in_mask(0b1010).map(Hole::letter).collect::<String>(), "bd");
    }
}
