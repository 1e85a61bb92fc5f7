//! `start_pattern = MOVE_RIGHTMOST` (MancalaGames' `MoveRightmost`): the
//! game opens with the starter's rightmost hole, a forced first move, which
//! the driver records as a move with no other legal (South starts).
//!
//! The rules language has no move counter, so the first move is told from
//! the later ones by what it leaves: the `lift` rule allows only the
//! rightmost hole (`index(origin) == holes`, South's and North's alike)
//! while nothing has been captured. That is exact when the opening itself
//! captures (nothing is ever given back, so no later position has nothing
//! captured): [`opening_captures`] plays the written file's opening to make
//! sure, and the configuration is refused when it captures nothing.

use super::Out;
use sowspec_core::{check, Machine, Player};

/// The `lift` condition forcing the opening, with its comment; `None`
/// without MOVE_RIGHTMOST, or (recorded) where it cannot be written: rounds
/// (whose refills take the captures back) and chosen directions.
pub(super) fn forced(out: &mut Out) -> Option<String> {
    if out.int("start_pattern", 0) != 9 {
        return None;
    }
    let fixed = out.int("sow_direct", 1).abs() == 1 && out.cfg.ints("udir_holes").unwrap_or_default().is_empty();
    if out.int("rounds", 0) != 0 || !fixed {
        out.unsupported("start_pattern", "a forced opening move in rounds or with directions chosen");
        return None;
    }
    Some(format!(
        "(index(origin) == {} or captured(mover) + captured(opponent) > 0)   # start_pattern = MOVE_RIGHTMOST: \
         the opening is the starter's rightmost hole (the first move: nothing captured yet)",
        out.cfg.holes
    ))
}

/// Whether the opening of the rules `text` (its only legal first move)
/// captures seeds: then nothing captured means the first move. False when
/// the text does not check or the opening is not its one legal move.
pub(super) fn opening_captures(text: &str) -> bool {
    let Ok(rules) = check(text) else { return false };
    let m = Machine::new(rules);
    let start = m.initial();
    let mut moves = start.legal_moves();
    let (Some(first), None) = (moves.next(), moves.next()) else { return false };
    let Ok(after) = m.play(&start, first) else { return false };
    Player::BOTH.into_iter().map(|p| m.captured(&after, p)).sum::<u32>() > 0
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn the_opening_is_the_rightmost_hole_while_nothing_is_captured() {
        // Sadeqa IV's settings on 6 holes of 3: the forced f sows on in laps (f: N.a-N.c to 4,
        // N.c on: N.d-N.f, S.a to 4, S.a on: S.b-S.e, S.e on: S.f, N.a, N.b, N.c alone in its
        // emptied hole) and captures across from N.c: S.d's 4. Nothing captured is the start only.
        let text = rules(6, 3, ", \"crosscapt\": true, \"goal\": 1, \"mlaps\": 1, \"start_pattern\": 9");
        assert!(text.contains("seeds 3"), "{text}");
        assert!(
            text.contains("(index(origin) == 6 or captured(mover) + captured(opponent) > 0)   # start_pattern"),
            "{text}"
        );
    }

    #[test]
    fn an_opening_that_captures_nothing_is_refused() {
        // No capture at all: every later position might look like the start.
        assert_eq!(refused(", \"start_pattern\": 9"), ["start_pattern"]);
        // A direction the player chooses (SPLIT) leaves "rightmost" unsaid.
        let split = ", \"crosscapt\": true, \"mlaps\": 1, \"start_pattern\": 9, \"sow_direct\": 0";
        assert_eq!(refused(split), ["start_pattern"]);
    }
}
