//! `capt_type = CAPT_OPP_1CCW` with `pickextra = PICKOPPBASIC` (Kâra;
//! MancalaGames' `CaptOpposite1CCW` and `PickOppBasic`). The capture type
//! takes nothing itself: it only flags a capture when the last seed falls
//! in the opponent's row or in the mover's most counterclockwise hole (its
//! `capt_mark`: the whole other range and the highest hole of one's own,
//! sowspec's `f` on 6 holes whichever way the game sows). The picker then
//! takes every hole of the opponent's row that the basic capture test
//! accepts (`capt_on`, `evens`, `capt_min`/`capt_max`, `capt_side`, not a
//! child), all at once.
//!
//! The flag alone (another picker, a repeat turn, laps stopping at it) is
//! not written: without PICKOPPBASIC the configuration is refused.

use super::Out;

/// The capture rule, or empty with the reasons recorded.
pub(super) fn capture(out: &mut Out) -> String {
    if out.int("pickextra", 0) != 2 {
        out.unsupported("capt_type", "CAPT_OPP_1CCW without PICKOPPBASIC (a capture flag that takes nothing)");
        return String::new();
    }
    for param in ["capt_rturn", "mlaps", "multicapt", "crosscapt", "grandslam", "sow_stores", "goal", "rounds"] {
        if out.int(param, 0) != 0 {
            out.unsupported(param, "CAPT_OPP_1CCW beside this parameter");
        }
    }
    let Some((crit, why)) = super::basic(out, "hole") else {
        out.unsupported("pickextra", "PICKOPPBASIC without a basic capture test (capt_on, evens, capt_min, capt_max)");
        return String::new();
    };
    let Some(side) = super::side(out, "hole") else { return String::new() };
    // The picker tries the opponent's holes only; capt_side may say so already.
    let holes = match side.strip_prefix("hole in opponent_row") {
        Some(rest) => format!("hole in opponent_row{rest}"),
        None => format!("hole in opponent_row and {side}"),
    };
    let last = out.cfg.holes;
    let side_says = out.says("capt_side", 0);
    format!(
        "# capt_type = CAPT_OPP_1CCW: the last seed in the opponent's row or in the mover's most\n\
         # counterclockwise hole is a capture; pickextra = PICKOPPBASIC: it takes every hole\n\
         # of the opponent's row that a basic capture would ({why}, {side_says})\n\
         on sowing_end when landing in opponent_row or landing in mover_row and index(landing) == {last} {{\n  \
         capture every hole where {holes} and {crit} to mover\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn the_last_seed_opposite_or_in_the_last_hole_takes_the_opponents_evens() {
        // Kâra's settings: 6 holes, stores, 2, 4 or 6 seeds taken from the opponent's row.
        let text = rules(
            6,
            7,
            ", \"stores\": true, \"capt_type\": 5, \"pickextra\": 2, \"capt_on\": [2, 4, 6], \"capt_side\": 1",
        );
        let rule = "on sowing_end when landing in opponent_row or landing in mover_row and index(landing) == 6 {\n    \
                    capture every hole where hole in opponent_row and (count(hole) == 2 or \
                    count(hole) == 4 or count(hole) == 6) to mover\n  }";
        assert!(text.contains(rule), "{text}");
    }

    #[test]
    fn the_flag_alone_and_its_companions_are_refused() {
        assert_eq!(refused(", \"capt_type\": 5, \"capt_on\": [2]"), ["capt_type"]);
        assert_eq!(refused(", \"capt_type\": 5, \"pickextra\": 2"), ["pickextra"]);
        assert_eq!(refused(", \"capt_type\": 5, \"pickextra\": 2, \"capt_on\": [2], \"mlaps\": 1"), ["mlaps"]);
    }
}
