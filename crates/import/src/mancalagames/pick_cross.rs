//! MancalaGames' `pickextra = PICKCROSS` (its `PickCross`): after a move
//! whose captures took seeds, the seeds of the hole facing the first hole
//! captured are taken too.
//!
//! MancalaGames remembers where the first capture was (its `capt_loc`, which
//! a chain of captures leaves at the first): the last sown hole for a basic
//! capture, the hole across the gap for TWO_OUT. Its check of the facing
//! hole (`capt_check`) then wants seeds there and, with `capt_side`, the
//! right side, which the hole facing a basic capture never is; so only
//! captures on both sides are written. The imported capture rule fires only
//! when it takes seeds, so the pick is its last action.

use super::{with_last_actions, Out};

/// `rule` (the capture rule, `on sowing_end … { … }`, or empty) with the
/// pick `pickextra = PICKCROSS` adds.
pub(super) fn pick_cross(out: &mut Out, rule: String) -> String {
    if out.int("pickextra", 0) != 1 || rule.is_empty() {
        return rule;
    }
    let first = match out.int("capt_type", 0) {
        0 if out.int("crosscapt", 0) == 0 => "landing",
        2 => "after",
        _ => "",
    };
    let picked = with_last_actions(
        &rule,
        &format!(
            "  # pickextra = PICKCROSS: the hole facing the first one captured is taken too\n  \
             capture opposite({first}) to mover\n"
        ),
    );
    match picked {
        Some(picked) if !first.is_empty() && out.int("capt_side", 0) == 0 && out.int("grandslam", 0) == 0 => picked,
        _ => {
            out.unsupported("pickextra", "PICKCROSS after cross captures, on one side or with a grand slam rule");
            rule
        }
    }
}
