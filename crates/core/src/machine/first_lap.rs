//! Where a move's first lap would end, for a `lift when …` condition that
//! names `landing` (or `next`, `after`): Gamacha's "a move must end in an
//! empty hole or on the opponent's side". The condition reads the board as
//! it is before the move; only the hole is found by walking the lap.

use super::Machine;
use crate::position::{Player, Position};
use crate::rules::{Cond, FirstSeed, HoleRef, Num, OriginPolicy, PlayerRef};

/// Whether `c` names a hole found from the landing (`landing`, `next`,
/// `after`, or a hole reached from one of them), or reads `capturing`,
/// which the rules' `capturing when …` judges from where the first lap
/// would end.
pub(super) fn reads_landing(c: &Cond) -> bool {
    match c {
        Cond::Capturing => true,
        Cond::True | Cond::Sense(_) | Cond::PreviousSense(_) => false,
        Cond::Not(x) => reads_landing(x),
        Cond::And(a, b) | Cond::Or(a, b) => reads_landing(a) || reads_landing(b),
        Cond::Compare(a, _, b) => num_reads(a) || num_reads(b),
        Cond::SameHole(a, b, _) => hole_reads(a) || hole_reads(b),
        Cond::InRow(h, _) | Cond::Claimed(h) | Cond::Marked(_, h) => hole_reads(h),
        Cond::SamePlayer(a, b, _) => player_reads(a) || player_reads(b),
        Cond::LastMove { hole, player, .. } => hole_reads(hole) || player_reads(player),
    }
}

fn num_reads(n: &Num) -> bool {
    match n {
        Num::Lit(_)
        | Num::Laps
        | Num::Lifted
        | Num::LapCaptures
        | Num::Total(_)
        | Num::TotalBefore(_)
        | Num::PreviousLifted
        | Num::TurnsPlayed
        | Num::ExtraTurns
        | Num::Round => false,
        Num::Value(_, p) => p.as_ref().is_some_and(player_reads),
        Num::Count(h) | Num::Index(h) => hole_reads(h),
        Num::Add(a, b) | Num::Sub(a, b) => num_reads(a) || num_reads(b),
        Num::Rem(a, _) => num_reads(a),
        Num::Captured(p) | Num::Claims(p) | Num::ClaimedSeeds(p) | Num::Hand(p) => player_reads(p),
        Num::Holes(_, c) => reads_landing(c),
    }
}

/// Whether a player named by `p` is found from the landing.
pub(super) fn player_reads(p: &PlayerRef) -> bool {
    match p {
        PlayerRef::Mover | PlayerRef::Opponent | PlayerRef::Starter | PlayerRef::Named(_) => false,
        PlayerRef::Owner(h) | PlayerRef::Claimer(h) => hole_reads(h),
    }
}

/// Whether `h` names a hole found from the landing.
pub(super) fn hole_reads(h: &HoleRef) -> bool {
    match h {
        HoleRef::Landing | HoleRef::Next | HoleRef::After => true,
        HoleRef::Origin | HoleRef::LapOrigin | HoleRef::Dropped | HoleRef::PreviousOrigin => false,
        HoleRef::Store(p) | HoleRef::Numbered(p, _) => player_reads(p),
        HoleRef::Counted(p, n) => player_reads(p) || num_reads(n),
        HoleRef::Opposite(x)
        | HoleRef::NextOf(x)
        | HoleRef::PrevOf(x)
        | HoleRef::Mirror(x)
        | HoleRef::Inner(x)
        | HoleRef::Outer(x) => hole_reads(x),
    }
}

impl Machine {
    /// The cell where the first lap of the move lifting `origin` (an open,
    /// non-empty hole of `mover`'s) would drop its last seed, sown against
    /// the track when `reverse`: the holes the sowing steps onto, as
    /// [`Machine::sow`] steps (closed holes and a skipped origin passed
    /// over), without sowing.
    pub(super) fn first_landing(&self, pos: &Position, mover: Player, origin: u8, reverse: bool) -> u8 {
        let seeds = self.seeds_taken(pos, mover, origin, reverse);
        // A toll leaves the lap the rest of the hand.
        let seeds = seeds - self.rules.sowing.toll.as_ref().map_or(0, |t| t.seeds.min(seeds));
        let into_origin = match self.rules.sowing.first_seed {
            FirstSeed::Next => false,
            FirstSeed::Origin => true,
            FirstSeed::OriginUnlessSingle => seeds > 1,
        };
        // On the first lap the lap's own start is the origin.
        let skip_origin = self.rules.sowing.origin != OriginPolicy::Sown;
        let mut left = seeds - u16::from(into_origin && seeds > 0);
        let mut c = origin;
        // Bounded: a lap of a skipped origin on a track of the origin alone
        // would never drop a seed (the sowing itself cannot meet one).
        let mut steps = u32::from(seeds) * u32::from(self.cells) + 1;
        while left > 0 && steps > 0 {
            steps -= 1;
            c = self.step(pos, mover, reverse, c);
            if !(skip_origin && c == origin) {
                left -= 1;
            }
        }
        c
    }
}
