//! Holes as a player names them: a letter from `a`, counted from the
//! owner's left. The one place letters and indices convert.

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

#[cfg(test)]
mod tests {
    use super::Hole;

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
