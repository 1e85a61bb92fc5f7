//! MancalaGames' `prescribed = SOW1OPP` (its `SowOneOpp`): during the
//! first two turns (its `movers` below 2) a move is sown in a single lap
//! whose last seed, if it would fall on the mover's own row, goes on to the
//! first hole of the opponent's row (the sowing skips the mover's holes for
//! it), and the captures are judged there.
//!
//! Written as: the relays (laps) and capture rules gated by
//! `turns_played >= 2` (a pass also counts among MancalaGames' `movers`, so
//! configurations in which a player can pass are refused), and in the
//! first two turns a rule moving the last seed from the mover's row to
//! `hole(opponent, 1)`, the first hole of the opponent's row sown
//! counterclockwise. The captures it leaves out are those of a last seed on
//! the opponent's row: only cross captures from the mover's own row
//! (`capt_side = OPP_SIDE`) are accepted, which such a seed never makes.

use super::no_capture_turns::gated;
use super::Out;

/// The relay lines and capture rules for SOW1OPP, gated, with the rule
/// moving the opening's last seed; as they are without it, or (recorded)
/// where it cannot be written.
pub(super) fn sow_one_opp(out: &mut Out, relay: String, rules: String) -> (String, String) {
    match out.int("prescribed", 0) {
        0 => return (relay, rules),
        // The first move sown without the game's skips: skip.rs.
        2 if super::skip::mlaps_first(out) => return (relay, rules),
        3 => {}
        other => {
            out.unsupported("prescribed", other_opening(other));
            return (relay, rules);
        }
    }
    let cross_only = out.int("crosscapt", 0) != 0
        && out.int("capt_side", 0) == 1
        && out.int("capt_type", 0) == 0
        && out.int("child_type", 0) == 0
        && out.int("evens", 0) == 0
        && out.cfg.ints("capt_on").unwrap_or_default().is_empty()
        && out.int("capt_min", 0) == 0
        && out.int("capt_max", 0) == 0;
    let plain = out.int("sow_direct", 1) == 1
        && out.cfg.ints("udir_holes").unwrap_or_default().is_empty()
        && out.int("sow_stores", 0) == 0
        && out.int("mustpass", 0) == 0
        && out.int("rounds", 0) == 0
        && out.int("skip_start", 0) == 0
        && out.int("sow_rule", 0) == 0;
    if !cross_only || !plain {
        out.unsupported(
            "prescribed",
            "SOW1OPP other than with cross captures from one's own row, sown counterclockwise, without passes",
        );
        return (relay, rules);
    }
    let gate = "turns_played >= 2";
    let relay = relay
        .lines()
        .map(|l| match l.trim_start().strip_prefix("relay ").and_then(|r| r.split_once(" when ")) {
            Some((head, cond)) => format!("relay {head} when {gate} and {cond}"),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n  ");
    let says = out.says("prescribed", 0);
    let rules = format!(
        "# {says}: in the first two turns a single lap, whose last seed goes on past\n\
         # the mover's row to the opponent's first hole; no capture then\n\
         on sowing_end when turns_played < 2 and landing in mover_row {{\n  capture 1 from landing to hole(opponent, 1)\n}}\n"
    ) + &gated(&rules, gate);
    (relay, rules)
}

/// What the other prescribed openings need (the rest of `prescribed`).
fn other_opening(value: i64) -> &'static str {
    match value {
        1 | 2 => "a first move sown by another sower than the game's (without laps, or laps without the game's stops)",
        4 => {
            "an opening that moves a seed on from every other hole and judges the capture across from the hole lifted, \
              where no lap ended (PLUS1MINUS1)"
        }
        5 => "an opening in which the players arrange their seeds (ARNGE_LIMIT)",
        6 => {
            "first turns sown the game's way whatever the direction a move names (MancalaGames lists both directions \
              of a hole, which then sow alike)"
        }
        _ => "prescribed opening sowings",
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Tapata's opening: laps and captures wait for the third turn.
    #[test]
    fn the_first_two_turns_sow_one_lap_onto_the_opponents_row() {
        let text = rules(12, 3, ", \"crosscapt\": true, \"capt_side\": 1, \"mlaps\": 1, \"prescribed\": 3");
        assert!(text.contains("relay lift landing when turns_played >= 2 and count(landing) > 1"), "{text}");
        assert!(text.contains("capture 1 from landing to hole(opponent, 1)"), "{text}");
        assert!(text.contains("on sowing_end when turns_played >= 2 and ("), "{text}");
        assert!(refused(", \"crosscapt\": true, \"prescribed\": 3").contains(&"prescribed".to_string()));
    }
}
