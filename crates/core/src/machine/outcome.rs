//! What every sowing kernel shares: the result of a sowing, the endless
//! verdict, and the arithmetic of a lap on a track. The general sowing
//! (`sow.rs`) and the kernels (`fast.rs`, `packed.rs`) depend on this module,
//! never on each other's internals.

use crate::rules::FirstSeed;

/// What a sowing did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sown {
    /// The mover earned an extra turn.
    pub extra: bool,
    /// Laps sown.
    pub laps: u32,
}

impl Sown {
    /// A move whose sowing would never end, under `endless … ends_game`:
    /// nothing was sown, and the move ends the game.
    pub const ENDS_GAME: Sown = Sown { extra: false, laps: u32::MAX };

    /// Whether this is [`Sown::ENDS_GAME`].
    pub fn ends_game(self) -> bool {
        self.laps == u32::MAX
    }
}

/// The sowing would need more laps than the rules allow (C-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Endless;

/// Where a lap's first seed goes, as an offset from the hole lifted: 0 for
/// back into it, 1 for the next hole.
#[inline(always)]
pub(super) fn skip(first_seed: FirstSeed, hand: u16) -> usize {
    match first_seed {
        FirstSeed::Next => 1,
        FirstSeed::Origin => 0,
        FirstSeed::OriginUnlessSingle => usize::from(hand <= 1),
    }
}

/// `i` reduced once by `l` (for `i < 2 * l`).
#[inline(always)]
pub(super) fn wrap(i: usize, l: usize) -> usize {
    if i >= l {
        i - l
    } else {
        i
    }
}
