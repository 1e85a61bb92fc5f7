//! `game_class = BearOff` (its `bear_off.py`, Andada): the game is sown as
//! configured until a move leaves no hole with more than one seed; from
//! then on, for the rest of the game (each round afresh), a sowing that
//! reaches the end of the mover's row bears off: every seed still in hand
//! goes to the mover's store, and the lap ends in the last hole it sowed on
//! the mover's side (its `BearOffSow`: `capt_start` is that hole, or the
//! hole the lap was sown from when the first seed would leave). Laps go on
//! from there and the captures are judged there, as after any lap.
//!
//! Written with a `memory` value, `bear`, set by the last rule of the move
//! once no hole holds more than one seed. While it is set, each seed sown
//! into the opponent's row is taken off to the mover (`on drop … capture 1
//! from hole`): the seeds a row holds then never exceed its holes, so a
//! sowing that leaves the row never comes back round to it, and the number
//! taken off is what MancalaGames bears off. Such a lap ends in the
//! opponent's row, where MancalaGames' ends in the mover's last hole (`E`,
//! `hole(mover, holes)` sown counterclockwise, `hole(mover, 1)` clockwise):
//! the relay and each capture rule are kept to laps that did not bear off,
//! and written again for those that did with `landing` read as `E`, unless
//! the lap was sown from `E` itself (its seeds all borne off, `E` empty).

use super::Out;

/// `text` with each whole word `landing` replaced by `by`.
fn replace_landing(text: &str, by: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("landing") {
        let before = rest[..i].chars().next_back();
        let after = rest[i + 7..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..i]);
        out.push_str(if word(before) || word(after) { "landing" } else { by });
        rest = &rest[i + 7..];
    }
    out.push_str(rest);
    out
}

/// The lap ended in the mover's row, or bearing off is not under way.
const KEPT: &str = "(bear == 0 or landing in mover_row)";

/// Each `on sowing_end` rule of `rules` kept to laps that did not bear off,
/// followed by its copy for those that did, judged at `edge`; `None` if a
/// rule reads more of the sowing's end than its last hole, or is not an
/// `on sowing_end` rule.
fn captures(rules: &str, edge: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = rules;
    while !rest.is_empty() {
        // Comment lines go through as they are.
        if rest.starts_with('#') {
            let end = rest.find('\n').map_or(rest.len(), |i| i + 1);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
            continue;
        }
        let body_end = rest.find("\n}\n")? + 3;
        let rule = &rest[..body_end];
        rest = &rest[body_end..];
        let (head, body) = rule.split_once(" {\n")?;
        let cond = match head.strip_prefix("on sowing_end") {
            Some("") => None,
            Some(c) => Some(c.strip_prefix(" when ")?),
            None => return None,
        };
        if ["next", "after", "prev(", "sweep", "laps", "lap_"].iter().any(|w| rule.contains(w)) {
            return None;
        }
        let kept = cond.map_or(KEPT.to_string(), |c| format!("{KEPT} and ({c})"));
        let borne = format!("bear == 1 and landing in opponent_row and lap_origin != {edge}");
        let borne = cond.map_or(borne.clone(), |c| format!("{borne} and ({})", replace_landing(c, edge)));
        out.push_str(&format!(
            "on sowing_end when {kept} {{\n{body}# game_class = BearOff: the same, where a lap bore off, at the last hole it sowed\n\
             on sowing_end when {borne} {{\n{}",
            replace_landing(body, edge)
        ));
    }
    Some(out)
}

/// What the rules file gains for the class.
#[derive(Debug)]
pub(super) struct BearOff {
    /// The `memory` block's line.
    pub memory: String,
    /// The relays, kept to laps that did not bear off, after the one for those that did.
    pub relay: String,
    /// The capture rules, with the bearing off before them and the switch to it after.
    pub rules: String,
}

/// The class's rules around `relay` (empty for single laps) and the capture
/// rules `rules`, on rows of `holes`; `None` (recorded) where they cannot be
/// written so.
pub(super) fn bear_off(out: &mut Out, holes: i64, relay: &str, rules: &str) -> Option<BearOff> {
    let edge = match out.int("sow_direct", 1) {
        1 => format!("hole(mover, {holes})"),
        -1 => "hole(mover, 1)".to_string(),
        _ => {
            out.unsupported("sow_direct", "BearOff sown other than always clockwise or counterclockwise");
            return None;
        }
    };
    let plain = out.cfg.ints("udir_holes").is_ok_and(|u| u.is_empty())
        && out.int("sow_stores", 0) == 0
        && out.int("mlaps", 0) <= 1
        && out.int("allow_rule", 0) == 0
        && out.int("child_type", 0) == 0
        && out.int("no_sides", 0) == 0
        && !relay.contains('\n')
        && (relay.is_empty() || relay.starts_with("relay lift landing when "));
    let rewritten = if plain { captures(rules, &edge) } else { None };
    let Some(captures) = rewritten else {
        out.unsupported(
            "game_class",
            "BearOff with chosen directions, stores, children, move rules or captures that read more of the \
             sowing's end than its last hole",
        );
        return None;
    };
    let relay = relay.strip_prefix("relay lift landing when ").map_or(String::new(), |rest| {
        let (cond, why) = rest.split_once("   # ").unwrap_or((rest, ""));
        format!(
            "relay lift {edge} when bear == 1 and landing in opponent_row and lap_origin != {edge} and {}   \
             # game_class = BearOff: a lap that bore off goes on from the last hole it sowed\n  \
             relay lift landing when {KEPT} and {cond}   # {why}",
            replace_landing(cond, &edge)
        )
    });
    let rules = format!(
        "# game_class = BearOff: once no hole holds more than one seed, a sowing that leaves\n\
         # the mover's row bears off, every seed left in hand to the mover\n\
         on drop when bear == 1 and hole in opponent_row {{\n  capture 1 from hole to mover\n}}\n\
         {captures}\
         # game_class = BearOff: after a move that leaves no hole with more than one seed\n\
         on sowing_end when holes(mover_row, count(hole) > 1) == 0 and holes(opponent_row, count(hole) > 1) == 0 {{\n  \
         set bear to 1\n}}\n"
    );
    Some(BearOff {
        memory: "  value bear   # game_class = BearOff: 1 once sowings bear off\n".to_string(),
        relay,
        rules,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::class_rules;
    use super::*;

    #[test]
    fn landing_is_replaced_as_a_word() {
        assert_eq!(
            replace_landing("count(landing) == 1 and opposite(landing) in x and landings", "E"),
            "count(E) == 1 and opposite(E) in x and landings"
        );
    }

    #[test]
    fn captures_are_kept_and_copied_for_laps_that_bore_off() {
        let rule = "# cross\non sowing_end when count(landing) == 1 or x {\n  capture opposite(landing) to mover\n}\n";
        let text = captures(rule, "hole(mover, 6)").unwrap();
        assert!(
            text.starts_with(
                "# cross\non sowing_end when (bear == 0 or landing in mover_row) and (count(landing) == 1 or x) {\n  \
                 capture opposite(landing) to mover\n}\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "on sowing_end when bear == 1 and landing in opponent_row and lap_origin != hole(mover, 6) and \
                 (count(hole(mover, 6)) == 1 or x) {\n  capture opposite(hole(mover, 6)) to mover\n}\n"
            ),
            "{text}"
        );
        // A rule reading past the last hole cannot be moved.
        assert!(captures("on sowing_end when count(next) == 0 {\n  capture after to mover\n}\n", "E").is_none());
    }

    /// The rules for a BearOff configuration with `info`, checked, or the refused parameters.
    fn bear_rules(info: &str) -> Result<String, Vec<String>> {
        class_rules("BearOff", 15, 3, info)
    }

    /// Andada: 15 holes, laps, a cross capture on one's own side, deprive.
    #[test]
    fn andada_bears_off() {
        let text = bear_rules(", \"crosscapt\": 1, \"goal\": 1, \"mlaps\": 1, \"capt_side\": 1").unwrap();
        assert!(text.contains("value bear"), "{text}");
        assert!(
            text.contains("on drop when bear == 1 and hole in opponent_row {\n    capture 1 from hole to mover"),
            "{text}"
        );
        assert!(
            text.contains(
                "relay lift hole(mover, 15) when bear == 1 and landing in opponent_row and lap_origin != hole(mover, 15) \
                 and count(hole(mover, 15)) > 1"
            ),
            "{text}"
        );
        assert!(
            text.contains("relay lift landing when (bear == 0 or landing in mover_row) and count(landing) > 1"),
            "{text}"
        );
        assert!(text.contains("count(hole(mover, 15)) == 1 and"), "{text}");
        assert!(text.contains("set bear to 1"), "{text}");
        // Clockwise, the row's end is its first hole.
        let cw = bear_rules(", \"crosscapt\": 1, \"sow_direct\": -1").unwrap();
        assert!(cw.contains("lap_origin != hole(mover, 1)") && !cw.contains("relay"), "{cw}");
    }

    #[test]
    fn what_cannot_be_moved_to_the_rows_end_is_refused() {
        // SPLIT: refused here, and by the directions on an odd row.
        assert!(bear_rules(", \"sow_direct\": 0").unwrap_err().iter().all(|p| p == "sow_direct"));
        assert_eq!(bear_rules(", \"capt_type\": 1, \"capt_on\": [2]"), Err(vec!["game_class".to_string()]));
        assert_eq!(bear_rules(", \"sow_stores\": 1, \"stores\": true"), Err(vec!["game_class".to_string()]));
    }
}
