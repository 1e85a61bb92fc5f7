//! Capture sides by territory (`capt_side = OPP_TERR` / `OWN_TERR`,
//! MancalaGames' `CaptSideOk` reading `game.owner`): a hole may be
//! captured when the opponent (or the mover) owns it this round, whichever
//! row it sits in. In a territory match `opponent_row` and `mover_row` read
//! the holes owned, so the side is theirs. Outside territory MancalaGames
//! has no owners to read, and the value is refused.

use super::Out;

/// The condition that `h` is on the side `capt_side` (5 or 6) names, or
/// `None` (recorded) outside a territory match.
pub(super) fn side(out: &mut Out, h: &str) -> Option<String> {
    if out.int("goal", 0) != 2 {
        out.unsupported("capt_side", "capture sides by territory outside a territory goal");
        return None;
    }
    Some(if out.int("capt_side", 0) == 5 { format!("{h} in opponent_row") } else { format!("{h} in mover_row") })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// A territory match of 6 holes of 3 (J'Odu's board), with a one-seed cross capture.
    const TERR: &str = ", \"stores\": true, \"goal\": 2, \"goal_param\": 9, \"rounds\": 2, \"crosscapt\": 1";

    #[test]
    fn a_capture_side_by_territory_reads_the_holes_owned() {
        let text = rules(6, 3, &format!("{TERR}, \"capt_side\": 5"));
        assert!(text.contains("opposite(landing) in opponent_row and count(opposite(landing)) > 0 {"), "{text}");
        let own = rules(6, 3, &format!("{TERR}, \"capt_side\": 6"));
        assert!(own.contains("opposite(landing) in mover_row and count(opposite(landing)) > 0 {"), "{own}");
        // No owners outside territory.
        assert_eq!(refused(", \"crosscapt\": 1, \"capt_side\": 5"), ["capt_side"]);
    }
}
