//! `capt_type = MATCH_OPP` (MancalaGames' `CaptMatchOpp`): when the hole
//! the sowing ended in and the hole facing it hold the same number of
//! seeds, some, the mover takes both. Each must pass MancalaGames' capture
//! check (`capt_check`: the side of `capt_side`, not a child, not a store);
//! the basic criteria (`capt_on`, `evens`, …) are not read. Multi-lap
//! sowing stops where the capture would take (its `StopCaptureSimul`).
//!
//! Chains (`multicapt`) are refused: Centering's runs both ways, counted.

use super::Out;

/// The capture rule and the condition on which it takes, or empty with the
/// reasons recorded.
pub(super) fn capture(out: &mut Out) -> (String, String) {
    for param in ["multicapt", "crosscapt", "evens", "capt_min", "capt_max", "capt_on"] {
        if out.cfg.info.get(param).is_some_and(|v| !super::is_default(v, 0)) {
            out.unsupported(param, "MATCH_OPP beside this parameter (chains, or basic criteria it does not read)");
        }
    }
    let (Some(here), Some(there)) = (super::side(out, "landing"), super::side(out, "opposite(landing)")) else {
        return Default::default();
    };
    let when = format!("{here} and {there} and count(landing) > 0 and count(landing) == count(opposite(landing))");
    let side_says = out.says("capt_side", 0);
    let text = format!(
        "# capt_type = MATCH_OPP, {side_says}: the last sown hole and the hole facing it,\n\
         # holding the same number of seeds, are both taken\n\
         on sowing_end when {when} {{\n  capture landing to mover\n  capture opposite(landing) to mover\n}}\n"
    );
    (text, when)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn the_last_hole_and_its_facing_hole_go_when_they_match() {
        // Mangala I's settings (its random start apart): laps, stores, captures on both sides.
        let text = rules(6, 4, ", \"stores\": true, \"capt_type\": 3, \"mlaps\": 1");
        let when = "(landing in mover_row or landing in opponent_row) and (opposite(landing) in mover_row or \
                    opposite(landing) in opponent_row) and count(landing) > 0 and count(landing) == \
                    count(opposite(landing))";
        assert!(text.contains(&format!("on sowing_end when {when} {{")), "{text}");
        assert!(text.contains("    capture landing to mover\n    capture opposite(landing) to mover\n"), "{text}");
        // A lap does not go on from where the capture takes (StopCaptureSimul).
        assert!(text.contains(&format!("relay lift landing when count(landing) > 1 and not ({when})")), "{text}");
        // On the opponent's side only: both holes must be there, so the last one too.
        let opp = rules(6, 4, ", \"stores\": true, \"capt_type\": 3, \"capt_side\": 1");
        assert!(opp.contains("on sowing_end when landing in opponent_row and opposite(landing) in opponent_row"));
    }

    #[test]
    fn chains_and_basic_criteria_are_refused() {
        assert_eq!(refused(", \"capt_type\": 3, \"multicapt\": 3"), ["multicapt"]);
        assert_eq!(refused(", \"capt_type\": 3, \"capt_on\": [2]"), ["capt_on"]);
    }
}
