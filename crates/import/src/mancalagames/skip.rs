//! MancalaGames' sow rules that pass over holes as the seeds are sown (its
//! `SowIncrSeeds` incrementers), as `skip when` in `sowing`:
//!
//! - `NO_SOW_OPP_NS` (`SowIncPastOppSkips`): the opponent's holes holding
//!   `sow_param` seeds;
//! - `MAX_SOW` (`SowIncPastMax`): every hole holding `sow_param` seeds or more;
//! - `NO_OPP_CHILD` (`SowIncPastOppChild`): the opponent's children;
//! - `NO_CHILDREN` (`SowIncPastChild`): every child.
//!
//! Each judges the hole as it is when the seed would drop, as `skip when`
//! does. `prescribed = MLAPS_SOWER` (`SowMlapsFirst`) sows the game's first
//! move with MancalaGames' plain lapper, which passes over nothing: the
//! skip is then gated off for that move (the first move of the round, before
//! any repeat turn). MancalaGames reads the skip on the stores' board index
//! too when stores are sown: refused there.

use super::Out;

/// The `skip when` line of `sowing` (with its comment, starting on a new
/// line), or an empty string for the sow rules that skip nothing.
pub(super) fn skip(out: &mut Out) -> String {
    let rule = out.int("sow_rule", 0);
    let param = out.int("sow_param", 0);
    let (cond, why) = match rule {
        5 => (
            format!("hole in opponent_row and count(hole) == {param}"),
            format!("the opponent's holes holding {param} (sow_param = {param}) are passed over"),
        ),
        7 => (
            format!("count(hole) >= {param}"),
            format!("holes holding {param} or more (sow_param = {param}) are passed over"),
        ),
        9 => ("claimed(hole) and claimer(hole) == opponent".into(), "the opponent's children are passed over".into()),
        13 => ("claimed(hole)".into(), "children are passed over".into()),
        _ => return String::new(),
    };
    if matches!(rule, 5 | 7) && param < 1 {
        out.unsupported("sow_param", "a sow rule passing over holes without its count (sow_param)");
        return String::new();
    }
    if out.int("sow_stores", 0) != 0 {
        out.unsupported("sow_rule", "holes passed over as the seeds are sown, with stores sown");
        return String::new();
    }
    let says = out.says("sow_rule", 0);
    let (cond, why) = match out.int("prescribed", 0) {
        2 => (
            format!("(turns_played > 0 or extra_turns > 0) and {cond}"),
            format!("{why}; prescribed = MLAPS_SOWER: not in the round's first move, sown by the plain lapper"),
        ),
        _ => (cond, why),
    };
    format!("\n  skip when {cond}   # {says}: {why}")
}

/// Whether `prescribed = MLAPS_SOWER` is written by [`skip`]: the first move
/// sown by the plain lapper (laps while the last seed makes more than one,
/// `mlaps = LAPPER`), which is the game's own sowing but for the holes it
/// passes over, when nothing else changes the laps (children, captures that
/// stop a lap, lap conditions, repeat turns from the stores). Both pass
/// over blocked holes alike (MancalaGames' incrementer).
pub(super) fn mlaps_first(out: &mut Out) -> bool {
    let plain_laps = out.int("mlaps", 0) == 1
        && out.int("child_type", 0) == 0
        && out.int("mlap_cont", 0) == 0
        && out.int("sow_stores", 0) == 0
        && out.int("capt_type", 0) == 0
        && (out.int("crosscapt", 0) != 0 || super::basic(out, "landing").is_none());
    plain_laps && matches!(out.int("sow_rule", 0), 5 | 7)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// NO_SOW_OPP_NS passes over the opponent's holes of sow_param seeds;
    /// MLAPS_SOWER leaves the first move of the round to the plain lapper.
    #[test]
    fn the_opponents_holes_of_sow_param_are_passed_over() {
        let text =
            rules(6, 2, ", \"mlaps\": 1, \"crosscapt\": true, \"capt_on\": [2], \"sow_rule\": 5, \"sow_param\": 2");
        assert!(text.contains("skip when hole in opponent_row and count(hole) == 2"), "{text}");
        let first = rules(
            6,
            2,
            ", \"mlaps\": 1, \"crosscapt\": true, \"capt_on\": [2], \"sow_rule\": 5, \"sow_param\": 2, \"prescribed\": 2",
        );
        assert!(first.contains("skip when (turns_played > 0 or extra_turns > 0) and hole in opponent_row"), "{first}");
        assert!(refused(", \"sow_rule\": 5, \"sow_param\": 2, \"sow_stores\": 1").contains(&"sow_rule".to_string()));
    }

    /// MAX_SOW passes over full holes.
    #[test]
    fn full_holes_are_passed_over() {
        let text = rules(6, 4, ", \"sow_rule\": 7, \"sow_param\": 9");
        assert!(text.contains("skip when count(hole) >= 9"), "{text}");
    }
}
