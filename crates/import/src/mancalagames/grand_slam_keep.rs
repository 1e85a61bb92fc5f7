//! MancalaGames' grand slams that keep a hole (`grandslam = LEAVE_LEFT` /
//! `LEAVE_RIGHT`, its `GSKeep`): when the captures empty the opponent's row,
//! which held seeds as the move began, and took more than one hole, the
//! opponent's leftmost (or rightmost) occupied hole, as the mover sees it,
//! is left to them.
//!
//! A capture of one hole empties the row only when it was the row's only
//! occupied hole, and MancalaGames then takes it: for single captures the
//! rule changes nothing. A chain of captures running backward against a
//! counterclockwise sowing reaches the opponent's holes from their left,
//! that is from the mover's right, last: the hole LEAVE_RIGHT keeps is the
//! last one the chain would take, the one holding every seed still left in
//! the opponent's row when the chain reaches it, provided it is not the
//! chain's first hole. Other chains are refused.

use super::Out;

/// What a chain's capture becomes under LEAVE_RIGHT: the keeper is skipped.
const KEEP_RIGHT: &str = "# grandslam = LEAVE_RIGHT: a chain that would empty the opponent's row\n    \
     # leaves them its last hole, their occupied hole furthest to the mover's right\n    \
     if not (hole != landing and total_before(opponent_row) > 0 and total(opponent_row) == count(hole)) {\n      \
     capture hole to mover\n    }";

/// The capture rule under LEAVE_LEFT or LEAVE_RIGHT (`grandslam` 4 or 5),
/// or `None` when the rule cannot be expressed (the problem is recorded).
pub(super) fn keep(out: &mut Out, rule: String) -> Option<String> {
    let slam = out.int("grandslam", 0);
    // Chains of cross captures (cross_chain.rs) are chains too: their last
    // holes are the opponent's, and GSKeep's keeper may be among them.
    let chained = out.int("multicapt", 0) != 0;
    if out.int("capt_type", 0) != 0 || out.int("pickextra", 0) != 0 {
        out.unsupported("grandslam", "a grand slam keeping a hole, with these capture types or extra picks");
        return None;
    }
    if !chained {
        return Some(rule);
    }
    let backward_chain = out.int("multicapt", 0) == -1
        && out.int("capt_dir", 0) == 0
        && out.int("capt_side", 0) == 1
        && out.int("sow_direct", 1) == 1
        && out.cfg.ints("udir_holes").is_ok_and(|u| u.is_empty());
    let sweep_capture = "sweep backward from landing while hole in opponent_row";
    if slam != 5 || !backward_chain || !rule.contains(sweep_capture) {
        out.unsupported(
            "grandslam",
            "a grand slam keeping a hole, for chains other than backward on the opponent's row, sown counterclockwise",
        );
        return None;
    }
    Some(rule.replacen("capture hole to mover", KEEP_RIGHT, 1))
}

#[cfg(test)]
mod tests {
    use super::super::tests::refused;

    #[test]
    fn a_chain_of_cross_captures_keeping_a_hole_is_refused() {
        // GSKeep keeps the opponent's first occupied hole, which a cross chain may reach
        // anywhere along it: not written (J'Odu's chain runs forward, keeping the right).
        let chain = ", \"crosscapt\": 3, \"multicapt\": -1, \"capt_dir\": 1, \"capt_side\": 1";
        assert_eq!(refused(&format!("{chain}, \"grandslam\": 5")), ["grandslam"]);
        assert_eq!(refused(&format!("{chain}, \"grandslam\": 4")), ["grandslam"]);
    }
}
