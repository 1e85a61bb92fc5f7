//! MancalaGames' `pickextra = PICKOPPBASIC` (its `PickOppBasic`) after a
//! basic or cross capture: when the move's captures took seeds, every hole
//! of the opponent's row that the basic capture test accepts (`capt_on`,
//! `evens`, `capt_min`/`capt_max`, `capt_side`, not a child) is taken too,
//! all at once. (With `capt_type = CAPT_OPP_1CCW` it is the capture itself:
//! capt_opp_1ccw.rs.) The imported capture rule fires only when it takes
//! seeds, so the pick is its last action.

use super::{with_last_actions, Out};

/// `rule` (the capture rule, `on sowing_end … { … }`, or empty) with the
/// pick `pickextra = PICKOPPBASIC` adds.
pub(super) fn pick_opp_basic(out: &mut Out, rule: String) -> String {
    if out.int("pickextra", 0) != 2 || out.int("capt_type", 0) != 0 || rule.is_empty() {
        return rule;
    }
    let (Some((crit, why)), Some(side)) = (super::basic(out, "hole"), super::side(out, "hole")) else {
        out.unsupported("pickextra", "PICKOPPBASIC without a basic capture test (capt_on, evens, capt_min, capt_max)");
        return rule;
    };
    let holes = match side.strip_prefix("hole in opponent_row") {
        Some(rest) => format!("hole in opponent_row{rest}"),
        None => format!("hole in opponent_row and {side}"),
    };
    let picked = with_last_actions(
        &rule,
        &format!(
            "  # pickextra = PICKOPPBASIC: then every hole of the opponent's row a basic capture\n  \
             # would take ({why}) is taken too\n  \
             capture every hole where {holes} and {crit} to mover\n"
        ),
    );
    match picked {
        Some(picked) if out.int("grandslam", 0) == 0 && out.int("multicapt", 0) == 0 => picked,
        _ => {
            out.unsupported("pickextra", "PICKOPPBASIC after chains of captures or with a grand slam rule");
            rule
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::rules;

    /// A cross capture of 2 takes every other 2 of the opponent's row.
    #[test]
    fn a_capture_takes_the_opponents_holes_of_the_basic_count() {
        let text = rules(6, 2, ", \"crosscapt\": true, \"capt_on\": [2], \"capt_side\": 1, \"pickextra\": 2");
        assert!(text.contains("capture every hole where hole in opponent_row and count(hole) == 2 to mover"), "{text}");
    }
}
