//! MancalaGames' `grandslam = OPP_GETS_REMAIN` (its `GSOppGets`): when a
//! move's captures empty the opponent's row, which held seeds as the move
//! began, the captures stand and every seed left in the mover's own holes
//! goes to the opponent's store.
//!
//! Written as the capture rule's last action, so it is judged only when the
//! rule captured (MancalaGames judges a grand slam only after a capture).
//! Refused where the captures are written as more than one rule.

use super::Out;

/// The action appended to the capture rule.
const GIVE_AWAY: &str = "  # grandslam = OPP_GETS_REMAIN: taking every seed of a row that had some\n  \
     # gives the opponent every seed left in the mover's holes\n  \
     if total_before(opponent_row) > 0 and total(opponent_row) == 0 {\n    \
     capture every hole where hole in mover_row to opponent\n  }\n";

/// The capture rule with the grand slam's gift, or `None` when the captures
/// are not one rule (the problem is recorded).
pub(super) fn opp_gets(out: &mut Out, rule: &str) -> Option<String> {
    let one_rule = rule.matches("\non ").count() + usize::from(rule.starts_with("on ")) == 1;
    let gift = one_rule.then(|| super::with_last_actions(rule, GIVE_AWAY)).flatten();
    if gift.is_none() {
        out.unsupported("grandslam", "OPP_GETS_REMAIN where the captures take more than one rule");
    }
    gift
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// NS_Kalah's cross capture with OPP_GETS_REMAIN: the gift is the cross
    /// capture rule's last action, after the facing hole is taken.
    #[test]
    fn a_grand_slam_gives_the_mover_s_seeds_away() {
        let text = rules(6, 4, ", \"crosscapt\": 1, \"grandslam\": 3");
        let gift = "    capture opposite(landing) to mover\n    \
                    # grandslam = OPP_GETS_REMAIN: taking every seed of a row that had some\n    \
                    # gives the opponent every seed left in the mover's holes\n    \
                    if total_before(opponent_row) > 0 and total(opponent_row) == 0 {\n      \
                    capture every hole where hole in mover_row to opponent\n    }\n  }";
        assert!(text.contains(gift), "{text}");
    }

    /// ALWAYS_PICK writes a second rule: the gift is refused there.
    #[test]
    fn a_grand_slam_over_two_rules_is_refused() {
        assert!(refused(", \"crosscapt\": 1, \"xcpickown\": 2, \"grandslam\": 3").contains(&"grandslam".to_string()));
    }
}
