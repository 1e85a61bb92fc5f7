//! MancalaGames' `unclaimed = DIVVIED` (its `DivvySeedsStores`): when the
//! game ends, the seeds left on the board are halved between the players,
//! and an odd seed goes to the player with fewer seeds in their store, North
//! when the stores are equal. That is sowspec's `no_moves remaining
//! divided`, whose odd seed on equal holdings goes to the player to move
//! instead: the two agree whenever the seed total is even, since the stores
//! of a board with an odd number of seeds left then differ. MancalaGames
//! leaves the seeds on the board when a player holds more than half of them;
//! dividing them there changes no result.

use super::{children, Out};

/// The `no_moves` award for DIVVIED, or `None` (with the problem recorded)
/// where MancalaGames would divide otherwise: an odd seed total, children
/// (whose seeds MancalaGames counts apart), rounds (whose ender claims the
/// rows for their owners) or an eliminating goal.
pub(super) fn divvied(out: &mut Out, total: i64) -> Option<String> {
    let refused = if total % 2 != 0 {
        Some("seeds left divided with an odd seed total (MancalaGames gives a tie's odd seed to North)")
    } else if children::any(out) {
        Some("seeds left divided in a game with children")
    } else if out.int("rounds", 0) != 0 {
        Some("seeds left divided in a game of rounds")
    } else if out.int("goal", 0) != 0 {
        Some("seeds left divided with a goal other than MAX_SEEDS")
    } else {
        None
    };
    if let Some(missing) = refused {
        out.unsupported("unclaimed", missing);
        return None;
    }
    Some("remaining divided   # unclaimed = DIVVIED: half each, an odd seed to the player holding fewer".to_string())
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Djenon Abe's end, on a small board of 3 holes and 2 seeds (12 in all).
    #[test]
    fn the_seeds_left_are_divided() {
        let text = rules(3, 2, ", \"unclaimed\": 4");
        assert!(
            text.contains(
                "no_moves remaining divided   # unclaimed = DIVVIED: half each, an odd seed to the player holding fewer"
            ),
            "{text}"
        );
        assert!(text.contains("over when captured(mover) > 6 or captured(opponent) > 6"), "{text}");
    }

    /// Children and rounds divide otherwise (an odd total needs a start
    /// pattern: every uniform board holds an even number of seeds).
    #[test]
    fn divided_seeds_are_refused_with_children_or_rounds() {
        assert!(refused(", \"unclaimed\": 4, \"child_type\": 1, \"child_cvt\": 4").contains(&"unclaimed".to_string()));
        assert!(refused(", \"unclaimed\": 4, \"rounds\": 1").contains(&"unclaimed".to_string()));
    }
}
