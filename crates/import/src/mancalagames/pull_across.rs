//! MancalaGames' `capt_type = PULL_ACROSS` (its `PullAcrossCapture`): when
//! the last seed falls into an empty hole (not a store), the seeds of the
//! facing hole are pulled into it and stay in play, if MancalaGames' basic
//! capture test allows taking the facing hole: on the side `capt_side`
//! names, holding seeds, and meeting `capt_on`, `evens`, `capt_min` and
//! `capt_max`. MancalaGames counts it as a capture, which matters only to
//! the parameters refused here.

use super::{basic, side, Out};

/// The pull rule (`on sowing_end … { capture opposite(landing) to landing }`),
/// or empty with the problem recorded for the parameters that would read
/// it as a capture otherwise.
pub(super) fn pull_across(out: &mut Out) -> String {
    for (param, missing) in [
        ("multicapt", "PULL_ACROSS in chains"),
        ("crosscapt", "PULL_ACROSS with cross captures"),
        ("mlaps", "PULL_ACROSS with laps (a pull would stop them)"),
        ("capt_rturn", "PULL_ACROSS with a repeat turn after a capture"),
        ("grandslam", "PULL_ACROSS with a grand slam rule"),
        ("pickextra", "PULL_ACROSS with extra picks"),
        ("child_type", "PULL_ACROSS with children"),
    ] {
        if out.int(param, 0) != 0 {
            out.unsupported(param, missing);
        }
    }
    let Some(facing) = side(out, "opposite(landing)") else { return String::new() };
    let (crit, why) = match basic(out, "opposite(landing)") {
        Some((c, w)) => (format!(" and {c}"), format!(" ({w})")),
        None => (String::new(), String::new()),
    };
    let side_says = out.says("capt_side", 0);
    format!(
        "# capt_type = PULL_ACROSS, {side_says}{why}: a last seed alone in a hole pulls\n\
         # the facing seeds into it, where they stay in play\n\
         on sowing_end when (landing in mover_row or landing in opponent_row) and count(landing) == 1\n\
         and {facing} and count(opposite(landing)) > 0{crit} {{\n  \
         capture opposite(landing) to landing\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// CrossCapt_Seven's capture, on 6 holes of 4: from the opponent's side only.
    #[test]
    fn the_facing_seeds_are_pulled_into_the_last_hole() {
        let text = rules(6, 4, ", \"capt_type\": 7, \"capt_side\": 1, \"sow_stores\": 1, \"stores\": true");
        assert!(
            text.contains("# capt_type = PULL_ACROSS, capt_side = OPP_SIDE: a last seed alone in a hole pulls"),
            "{text}"
        );
        assert!(
            text.contains(
                "on sowing_end when (landing in mover_row or landing in opponent_row) and count(landing) == 1 and\n      \
                 opposite(landing) in opponent_row and count(opposite(landing)) > 0 {\n    \
                 capture opposite(landing) to landing\n  }"
            ),
            "{text}"
        );
        // With capt_on, the facing hole must hold that many.
        let on = rules(6, 4, ", \"capt_type\": 7, \"capt_on\": [3]");
        assert!(on.contains("count(opposite(landing)) > 0 and count(opposite(landing)) == 3 {"), "{on}");
    }

    #[test]
    fn pulls_are_refused_where_they_would_count_as_captures() {
        assert_eq!(refused(", \"capt_type\": 7, \"multicapt\": -1"), ["multicapt"]);
        assert_eq!(refused(", \"capt_type\": 7, \"capt_rturn\": 1"), ["capt_rturn"]);
    }
}
