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
        1 if rule.is_empty() => rule,
        1 if out.int("grandslam", 0) != 0 => {
            out.unsupported("capt_rturn", "a repeat turn after a capture that a grand slam rule may undo");
            rule
        }
        1 => with_last_actions(&rule, "  # capt_rturn = ALWAYS: a capture gives a repeat turn\n  extra_turn\n")
            .unwrap_or_else(|| {
                out.unsupported("capt_rturn", "a repeat turn after a capture");
                rule
            }),
        2 => {
            out.unsupported("capt_rturn", "a repeat turn after a capture, once a turn (a count of repeat turns)");
            rule
        }
        _ => {
            out.unsupported("capt_rturn", "a repeat turn after a capture");
            rule
        }
    }
}
