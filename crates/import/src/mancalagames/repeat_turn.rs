//! MancalaGames' repeat turn after a capture (`capt_rturn`, its
//! `RepeatTurn`): a move whose captures took seeds is followed by another
//! move of the same player.
//!
//! MancalaGames counts only the capture made where the sowing ends (its
//! `mdata.captured`): the seeds taken en passant while sowing
//! (`sow_rule = ENPAS_*`) and the last seeds picked up (`pickextra =
//! PICKLASTSEEDS`) give no repeat turn. The imported capture rule fires only
//! when it takes seeds, so its last action is `extra_turn`.

use super::{with_last_actions, Out};

/// `rule` (the capture rule, `on sowing_end … { … }`, or empty) with the
/// repeat turn `capt_rturn` gives.
pub(super) fn repeat_turn(out: &mut Out, rule: String) -> String {
    match out.int("capt_rturn", 0) {
        0 => rule,
        1 | 2 if rule.is_empty() => rule,
        1 | 2 if out.int("grandslam", 0) != 0 => {
            out.unsupported("capt_rturn", "a repeat turn after a capture that a grand slam rule may undo");
            rule
        }
        1 => with_last_actions(&rule, "  # capt_rturn = ALWAYS: a capture gives a repeat turn\n  extra_turn\n")
            .unwrap_or_else(|| {
                out.unsupported("capt_rturn", "a repeat turn after a capture");
                rule
            }),
        2 => with_last_actions(
            &rule,
            "  # capt_rturn = ONCE: a capture gives a repeat turn, but never two in a row\n  \
             extra_turn when extra_turns == 0\n",
        )
        .unwrap_or_else(|| {
            out.unsupported("capt_rturn", "a repeat turn after a capture, once a turn");
            rule
        }),
        _ => {
            out.unsupported("capt_rturn", "a repeat turn after a capture");
            rule
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn a_capture_gives_one_repeat_turn_at_most() {
        // capt_rturn = ONCE: the repeat turn only when none was earned since the turn last passed.
        let text = rules(6, 4, ", \"capt_on\": [4], \"capt_rturn\": 2");
        assert!(
            text.contains(
                "on sowing_end when (landing in mover_row or landing in opponent_row) and count(landing) == 4 {\n    \
                 capture landing to mover\n    \
                 # capt_rturn = ONCE: a capture gives a repeat turn, but never two in a row\n    \
                 extra_turn when extra_turns == 0\n  }\n"
            ),
            "{text}"
        );
        assert!(!rules(6, 4, ", \"capt_rturn\": 2").contains("extra_turn"), "no capture, no repeat turn");
        assert_eq!(refused(", \"capt_on\": [4], \"capt_rturn\": 2, \"grandslam\": 2"), ["capt_rturn"]);
    }
}
