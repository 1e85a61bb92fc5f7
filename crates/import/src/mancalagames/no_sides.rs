//! MancalaGames' `no_sides = true`: both players may move from any hole of
//! either row (its `AllowableNoSidesTriples`), while each row still belongs
//! to its side: captures go to the mover's store, `capt_side` reads rows
//! as usual. With no passes (MancalaGames refuses `mustpass` and
//! `mustshare` here), a player with no move ends the game, and the seeds
//! left on the board count for nobody (its `TakeOnlyChildNStores`, which
//! counts only stores and children).
//!
//! Written as `lift from both_rows`: a player's move letters run on past
//! their row into the other one (on 5-hole rows South's `f` is N.a), and
//! `no_moves keeping board`.

use super::super::directions::CLOCKWISE;
use super::Out;

/// Most holes a row may have: the move letters of both rows stop at `p`.
const MAX_HOLES: i64 = 8;

/// What `no_sides = true` writes.
pub(super) struct NoSides {
    /// Between `lift` and `when`.
    pub from: &'static str,
    /// Added to the `lift` line's comment.
    pub why: &'static str,
    /// What follows `no_moves`, replacing `unclaimed`'s.
    pub unclaimed: String,
}

/// `no_sides`' declarations, or `None` at its default (false). Refused on
/// rows of more than 8 holes.
pub(super) fn no_sides(out: &mut Out) -> Option<NoSides> {
    if out.int("no_sides", 0) == 0 {
        return None;
    }
    if out.cfg.holes > MAX_HOLES {
        out.unsupported("no_sides", "moves from either row on rows of more than 8 holes (move letters stop at `p`)");
        return None;
    }
    Some(NoSides {
        from: "from both_rows ",
        why: ", no_sides = true: any hole of either row",
        unclaimed:
            "keeping board   # no_sides = true: the seeds left count for nobody (only stores and children score)"
                .to_string(),
    })
}

/// `condition` as it reads with moves from either row: the row-relative
/// test of a move sowing clockwise ([`CLOCKWISE`], which reads the mover's
/// row) becomes the word `clockwise`, which holds of any candidate sown
/// clockwise. So too where holes can be closed (`blocks`): `next(origin)`
/// passes over a closed hole, and the row-relative test would misjudge the
/// way of a move whose neighbour is closed (Bechi's later rounds: North's
/// `d` alone open, sown clockwise, reaches South's row). Unchanged otherwise.
pub(super) fn either_way(out: &mut Out, condition: &str) -> String {
    if out.int("no_sides", 0) == 0 && out.int("blocks", 0) == 0 {
        return condition.to_string();
    }
    condition.replace(CLOCKWISE, "clockwise")
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cfg, rules};

    #[test]
    fn moves_from_either_row_leave_the_board_unscored() {
        // NoSides' figures: 5 holes of 2 (20 seeds) with stores, captures on 2
        // on both sides: more than 10 in store wins at once.
        let text = rules(5, 2, ", \"no_sides\": true, \"stores\": true, \"capt_on\": [2], \"capt_side\": 0");
        assert!(
            text.contains(
                "lift from both_rows when count(origin) >= 1   # min_move = 1, no_sides = true: any hole of either row"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "no_moves keeping board   # no_sides = true: the seeds left count for nobody (only stores and children score)"
            ),
            "{text}"
        );
        assert!(text.contains("over when captured(mover) > 10"), "{text}");
        // At its default, each player moves from their own row.
        assert!(rules(5, 2, ", \"stores\": true").contains("lift when count(origin) >= 1"));
    }

    #[test]
    fn closed_holes_read_the_move_s_way_not_its_next_hole() {
        // Bechi's SPLIT rows in a match with blocked holes: `clockwise`, not `next(origin)`.
        let text = rules(4, 6, ", \"sow_direct\": 0, \"rounds\": 2, \"blocks\": true, \"stores\": true");
        assert!(text.contains("index(origin) <= 2 and clockwise or"), "{text}");
        assert!(text.contains("index(origin) > 2 and not clockwise"), "{text}");
        assert!(!text.contains("next(origin)"), "{text}");
        // Without closed holes, the row-relative test stays.
        assert!(rules(4, 6, ", \"sow_direct\": 0").contains("next(origin) in opponent_row"));
    }

    #[test]
    fn rows_of_more_than_eight_holes_are_refused() {
        let problems =
            super::super::translate(&cfg(9, 2, ", \"no_sides\": true, \"stores\": true"), "GameProps/Test.txt")
                .unwrap_err();
        assert_eq!(problems.iter().map(|p| p.param.as_str()).collect::<Vec<_>>(), ["no_sides"]);
    }
}
