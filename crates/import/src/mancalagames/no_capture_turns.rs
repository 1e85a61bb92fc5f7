//! MancalaGames' `nocaptmoves = N` (its `InhibitorCaptN`): no captures
//! during a round's first N turns.
//!
//! MancalaGames counts the players that have moved (`movers`: a move that
//! ends its player's turn, and a pass), and lifts the ban once a move that
//! ends its player's turn has brought that count to N; every round starts
//! the ban afresh. While it lasts, nothing of the capture chain runs (the
//! extra picks and the repeat turn after a capture included), and a
//! multi-lap sowing does not stop where it could capture. That is
//! `turns_played >= N` on every capture rule and on the laps' stopping
//! condition: `turns_played` counts no passes, which differs from
//! MancalaGames' count only when a player passes in a round's first N − 1
//! turns (a pass before the last banned turn lifts MancalaGames' ban one
//! turn sooner), so N above 2 is refused.

use super::Out;

/// The capture rules `rules` (and the condition `capture_when` on which
/// laps stop for a capture) with the ban `nocaptmoves` sets, or as they are
/// without one. `rules` are every rule that takes seeds (en passant
/// captures too); children are made whatever the ban.
pub(super) fn no_capture_turns(out: &mut Out, rules: String, capture_when: String) -> (String, String) {
    let n = out.int("nocaptmoves", 0);
    if n == 0 || rules.is_empty() {
        return (rules, capture_when);
    }
    if !(1..=2).contains(&n) {
        out.unsupported("nocaptmoves", "no captures during the first turns, beyond two turns (passes counted)");
        return (rules, capture_when);
    }
    let gate = format!("turns_played >= {n}");
    let rules =
        format!("# nocaptmoves = {n}: no captures during each round's first {}\n", turns(n)) + &gated(&rules, &gate);
    let capture_when = if capture_when.is_empty() { capture_when } else { format!("{gate} and ({capture_when})") };
    (rules, capture_when)
}

/// `1 turn`, `2 turns`.
fn turns(n: i64) -> String {
    if n == 1 {
        "turn".to_string()
    } else {
        format!("{n} turns")
    }
}

/// Every `on` rule of `rules` with `gate` as the first part of its condition.
pub(super) fn gated(rules: &str, gate: &str) -> String {
    let mut out = String::new();
    for (i, rule) in rules.split("\non ").enumerate() {
        let rule = match (i, rule.strip_prefix("on ")) {
            (0, None) => {
                out.push_str(rule);
                continue;
            }
            (0, Some(rest)) => {
                out.push_str("on ");
                rest
            }
            _ => {
                out.push_str("\non ");
                rule
            }
        };
        let open = rule.find(" {\n").unwrap_or(rule.len());
        let (head, body) = rule.split_at(open);
        match head.split_once(" when ") {
            Some((event, cond)) => out.push_str(&format!("{event} when {gate} and ({cond})")),
            None => out.push_str(&format!("{head} when {gate}")),
        }
        out.push_str(body);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};
    use super::gated;

    #[test]
    fn no_captures_in_the_first_turns() {
        // nocaptmoves = 1: the capture rule waits for a turn played; the grand
        // slam rule is part of it.
        let text = rules(6, 4, ", \"capt_on\": [4], \"nocaptmoves\": 1, \"grandslam\": 2");
        assert!(
            text.contains(
                "  # nocaptmoves = 1: no captures during each round's first turn\n  \
                 # capt_on = [4], capt_side = BOTH: the last sown hole is captured\n  \
                 on sowing_end when turns_played >= 1 and ((landing in mover_row or landing in opponent_row) and \
                 count(landing) == 4) {\n"
            ),
            "{text}"
        );
        assert!(text.contains("forfeit when"), "{text}");
        // Laps stop for a capture only once captures are allowed.
        let laps = rules(6, 4, ", \"capt_on\": [4], \"nocaptmoves\": 2, \"mlaps\": 1");
        assert!(laps.contains("turns_played >= 2 and ("), "{laps}");
        assert_eq!(laps.matches("turns_played >= 2").count(), 2, "{laps}");
        // En passant captures wait too.
        let passing = rules(6, 4, ", \"capt_on\": [4], \"nocaptmoves\": 1, \"sow_rule\": 3");
        assert!(passing.contains("on drop excluding last when turns_played >= 1 and ("), "{passing}");
        // Without captures the ban changes nothing; beyond 2 turns it is refused.
        assert!(!rules(6, 4, ", \"nocaptmoves\": 1").contains("turns_played"));
        assert_eq!(refused(", \"capt_on\": [4], \"nocaptmoves\": 3"), ["nocaptmoves"]);
    }

    #[test]
    fn every_sowing_end_rule_is_gated() {
        let rules =
            "# a\non sowing_end when count(landing) == 2 or count(landing) == 3 {\n  capture landing to mover\n}\n\
                     on sowing_end {\n  extra_turn\n}\non drop excluding last when count(hole) == 4 {\n  \
                     capture hole to owner(hole)\n}\n";
        assert_eq!(
            gated(rules, "turns_played >= 1"),
            "# a\non sowing_end when turns_played >= 1 and (count(landing) == 2 or count(landing) == 3) {\n  \
             capture landing to mover\n}\non sowing_end when turns_played >= 1 {\n  extra_turn\n}\n\
             on drop excluding last when turns_played >= 1 and (count(hole) == 4) {\n  capture hole to owner(hole)\n}\n"
        );
        assert_eq!(gated("on sowing_end {\n}\n", "g"), "on sowing_end when g {\n}\n");
    }
}
