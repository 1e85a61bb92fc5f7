//! MancalaGames' `grandslam = NOT_LEGAL` (its `NoGrandSlam` move filter): when
//! the opponent's row holds seeds, a move after which it holds none is not
//! legal, whatever emptied it; when every move would, the player has none.
//! A `must_leave` duty, the same one `mustshare` sets for an empty row: with
//! both, every move must leave the opponent seeds.

use super::Out;

/// The `must_leave` line of `mustshare` (`share`, as the importer writes it,
/// or empty) with the grand slam rule's duty, or `share` unchanged without
/// one.
pub(super) fn duty(out: &mut Out, share: String, mustpass: bool) -> String {
    if out.int("grandslam", 0) != 1 {
        return share;
    }
    if out.int("child_type", 0) != 0 || (mustpass && !share.is_empty()) {
        // MancalaGames leaves children's seeds out of the count, and a pass
        // stands in for sharing but not for the grand slam filter.
        out.unsupported(
            "grandslam",
            "grand slams that are not legal, with children or with a duty to share if possible",
        );
        return share;
    }
    if share.is_empty() {
        "must_leave total(opponent_row) > 0 when total(opponent_row) > 0   \
         # grandslam = NOT_LEGAL: no move takes every seed of a row that had some\n"
            .to_string()
    } else {
        "must_leave total(opponent_row) > 0 when total(opponent_row) >= 0   \
         # mustshare = true, grandslam = NOT_LEGAL: every move leaves the opponent seeds\n"
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn a_grand_slam_can_be_illegal() {
        let alone = rules(6, 4, ", \"capt_on\": [2, 3], \"grandslam\": 1");
        assert!(
            alone.contains(
                "must_leave total(opponent_row) > 0 when total(opponent_row) > 0   \
                 # grandslam = NOT_LEGAL: no move takes every seed of a row that had some\n"
            ),
            "{alone}"
        );
        // With a duty to share, every move must leave the opponent seeds.
        let shared = rules(6, 4, ", \"capt_on\": [2, 3], \"grandslam\": 1, \"mustshare\": true");
        assert!(shared.contains("must_leave total(opponent_row) > 0 when total(opponent_row) >= 0"), "{shared}");
        assert_eq!(shared.matches("must_leave").count(), 1, "{shared}");
        assert_eq!(
            refused(", \"capt_on\": [2, 3], \"grandslam\": 1, \"mustshare\": true, \"mustpass\": true"),
            ["grandslam"]
        );
    }
}
