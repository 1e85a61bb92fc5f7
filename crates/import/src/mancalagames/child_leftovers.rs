//! MancalaGames' `unclaimed = HOLE_OWNER` with children and no stores (its
//! `ChildNoStoresEnder`, Krur): when the game ends the seeds left in open
//! holes are claimed for their row's owner, the winner is decided on those
//! holdings, and only then are the claimed seeds carried onto the board
//! into the children, each player's into their own (where only one player
//! has children, all into theirs; with none, into the end holes). The
//! children's seeds count for their owners as they are sown (children.rs),
//! so the award the winner is decided on is sowspec's `no_moves remaining to
//! owner`. Where only one player has children the holdings MancalaGames
//! shows at the end then differ from these (the other player's leftovers
//! sit in the one player's child), though not the result; no such end came
//! up in 2,000 random games of Krur (seed 1), all of which agree.

use super::{children, Out};

/// Whether the configuration has children, no stores and leaves the seeds
/// to their row's owner.
pub(super) fn applies(out: &mut Out) -> bool {
    children::any(out) && out.int("stores", 0) == 0 && out.int("unclaimed", 0) == 0
}

/// The `no_moves` award.
pub(super) fn award() -> String {
    "remaining to owner   # unclaimed = HOLE_OWNER, stores = false: decided on the seeds left to each row's owner \
     (MancalaGames then moves them into the children)"
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Krur's shape: children on 4 on the opponent's side, laps, no stores.
    #[test]
    fn children_without_stores_leave_the_seeds_to_their_owners() {
        let krur = ", \"child_type\": 1, \"child_cvt\": 4, \"child_rule\": 1, \"mlaps\": 1, \"sow_rule\": 9";
        let text = rules(4, 4, krur);
        assert!(
            text.contains(
                "no_moves remaining to owner   # unclaimed = HOLE_OWNER, stores = false: decided on the seeds left"
            ),
            "{text}"
        );
        // No capture before the mover has a child to put the seeds in.
        assert!(text.contains("MancalaGames' CaptureToChild"), "{text}");
        // With stores the plain award; other leftovers keep their own rules.
        assert!(rules(4, 4, &format!("{krur}, \"stores\": true"))
            .contains("remaining to owner   # unclaimed = HOLE_OWNER\n"));
        assert!(rules(4, 4, &format!("{krur}, \"unclaimed\": 1")).contains("keeping board"));
        assert_eq!(refused(&format!("{krur}, \"unclaimed\": 2")), ["unclaimed"]);
    }
}
