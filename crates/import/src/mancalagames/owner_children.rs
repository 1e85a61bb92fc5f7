//! Children in territory matches (`goal = TERRITORY` with `child_rule`
//! OPP_OWNER_ONLY / OWN_OWNER_ONLY, MancalaGames' `OppOwnerChild` and
//! `OwnOwnerChild`): a child may be made only in a hole the opponent (or the
//! mover) owns this round, whichever row it sits in. Under territory
//! `opponent_row` and `mover_row` read the holes owned, so the rule is the
//! board-side rule's condition; the board-side rules themselves
//! (OPP_SIDE_ONLY, OWN_SIDE_ONLY) read the rows, which territory's
//! `opponent_row` cannot say, so they are refused there. Outside territory
//! MancalaGames has no owners (its `_add_child_rule_wrapper` raises).
//!
//! Wegs in a territory match (Weg, Sadeqa II, Gabata): every round starts
//! with no children (MancalaGames' `init_bprops`; the refill clears the
//! claims), the weg's capture counts as a capture for `capt_rturn`
//! (`MakeWegCapture` sets `mdata.captured`, which `RepeatTurn` turns into a
//! repeat turn) while making a weg does not, and the round's holdings
//! count a weg's seeds for its owner (`ClaimOwnSeeds`: `remaining to
//! claimer`, unclaimed holes to their territory owner).

use super::Out;

/// Whether the configuration is a territory match (`goal = TERRITORY`).
fn territory(out: &mut Out) -> bool {
    out.int("goal", 0) == 2
}

/// The rows a child may be made in for `child_rule` (its value `rule`) as
/// `(row, own)` pairs, or `None` (recorded) when the rule cannot be written.
pub(super) fn rows(out: &mut Out, rule: i64) -> Option<&'static [(&'static str, bool)]> {
    let by_owner = matches!(rule, 4 | 5);
    if by_owner != territory(out) && rule != 0 {
        let missing = if by_owner {
            "child rules on territory outside a territory goal (MancalaGames raises NotImplementedError)"
        } else {
            "board-side child rules in a territory match (opponent_row reads the holes owned there)"
        };
        out.unsupported("child_rule", missing);
        return None;
    }
    if by_owner && out.int("child_locs", 0) != 0 {
        out.unsupported("child_locs", "child locations beside a child rule on territory");
        return None;
    }
    match rule {
        0 => Some(&[("mover_row", true), ("opponent_row", false)]),
        1 | 4 => Some(&[("opponent_row", false)]),
        2 | 5 => Some(&[("mover_row", true)]),
        _ => {
            out.unsupported("child_rule", "child rules on the seeds sown (importer: OPP_SIDE_ONLY, OWN_SIDE_ONLY, OPP_OWNER_ONLY, OWN_OWNER_ONLY)");
            None
        }
    }
}

/// Whether wegs may be written with this configuration's rounds and goal:
/// none, or a territory match.
pub(super) fn weg_match(out: &mut Out) -> bool {
    territory(out) || out.int("rounds", 0) == 0 && out.int("goal", 0) == 0
}

/// The repeat turn a weg's capture gives (`capt_rturn = ALWAYS`), as the
/// capture rule's last lines, or empty; ONCE is recorded as refused.
pub(super) fn weg_repeat(out: &mut Out) -> &'static str {
    match out.int("capt_rturn", 0) {
        0 => "",
        1 => "  # capt_rturn = ALWAYS: the weg's capture gives a repeat turn (making a weg does not)\n  extra_turn\n",
        _ => {
            out.unsupported("capt_rturn", "a repeat turn after a capture, once a turn (a count of repeat turns)");
            ""
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Weg's settings: a territory match on 6 holes of 4, wegs of 4 seeds made in the
    /// opponent's holes, laps, stores, a repeat turn after a weg's capture.
    const WEG: &str = ", \"stores\": true, \"child_type\": 4, \"child_cvt\": 4, \"child_rule\": 4, \"mlaps\": 1, \
                       \"goal\": 2, \"goal_param\": 10, \"rounds\": 2, \"mustpass\": true, \"capt_rturn\": 1";

    #[test]
    fn wegs_are_made_in_the_opponents_holes_of_a_territory_match() {
        let text = rules(6, 4, WEG);
        // OppOwnerChild: the opponent's holes, which opponent_row reads under territory.
        let make =
            "on sowing_end when landing in opponent_row and count(landing) == 4 and not claimed(landing) {\n    \
                    claim landing for mover\n  }";
        assert!(text.contains(make), "{text}");
        // MakeWegCapture's capture is a capture: RepeatTurn gives another move after it.
        let take = "on sowing_end when claimed(landing) and claimer(landing) == opponent {\n    \
                    capture 2 from landing to mover\n    # capt_rturn = ALWAYS: the weg's capture gives a repeat \
                    turn (making a weg does not)\n    extra_turn\n  }";
        assert!(text.contains(take), "{text}");
        // The round's seeds: a weg's to its owner, the rest to the holes' owners; the match is territory's.
        assert!(text.contains("no_moves pass remaining to claimer"), "{text}");
        assert!(text.contains("refill 4 per hole territory"), "{text}");
        // 48 seeds: a round is won at once only with all of them, the weg's counted.
        assert!(text.contains("over when captured(mover) + claimed_seeds(mover) > 47"), "{text}");
    }

    #[test]
    fn own_owner_children_are_made_in_the_movers_holes() {
        let own = WEG.replace("\"child_rule\": 4", "\"child_rule\": 5");
        assert!(rules(6, 4, &own).contains("on sowing_end when landing in mover_row and count(landing) == 4"));
    }

    #[test]
    fn child_rules_on_owners_and_sides_are_refused_in_the_wrong_game() {
        // Owners outside territory; board sides inside; locations beside owners.
        let stored = ", \"stores\": true, \"child_type\": 4, \"child_cvt\": 4";
        assert_eq!(refused(&format!("{stored}, \"child_rule\": 4")), ["child_rule"]);
        assert_eq!(refused(&WEG.replace("\"child_rule\": 4", "\"child_rule\": 1")), ["child_rule"]);
        assert_eq!(refused(&format!("{WEG}, \"child_locs\": 1")), ["child_locs"]);
        assert_eq!(refused(&WEG.replace("\"capt_rturn\": 1", "\"capt_rturn\": 2")), ["capt_rturn"]);
    }
}
