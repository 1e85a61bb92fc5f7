//! MancalaGames' captures at the end of each lap (`sow_rule = LAP_CAPT`):
//! its multi-lap sower asks a lap continuer, after every lap, whether to
//! sow on, and the LAP_CAPT continuers capture there first.
//!
//! - Basic captures (`ContIfBasicCapt`): when the lap's last hole may be
//!   captured (MancalaGames' `capt_basic` test, the capture rule's
//!   condition), it is, and the sowing goes on from the hole after it with
//!   that hole's seeds; an empty next hole ends the move. As the test is
//!   made at the end of every lap, the last one included, the capture rule
//!   becomes an `on lap_end` rule, and a relay lifts `next` when the lap's
//!   last hole was just emptied (a lap always leaves a seed there, so only a
//!   capture empties it).
//! - TWO_OUT (`GapNextCapt`): a lap ending in an occupied hole captures
//!   across the gap as the sowing ends, then sows on from that hole
//!   whether it captured or not; the capture when the sowing ends is
//!   unchanged.
//!
//! Cross captures (`ContIfXCapt`: the lap goes on only when a capture was
//! made) and the parameters that change the capture rule are refused.

use super::Out;

/// The capture rule as read by every `on` line of it.
const TRIGGER: &str = "on sowing_end when ";

/// The capture rules for `sow_rule = LAP_CAPT` (`rules`, as written for the
/// end of the sowing) and the relay that sows on after a capture, if any;
/// `rules` unchanged and no relay for other sow rules; and the `memory`
/// lines they need (cross captures on each lap: lap_cross.rs).
pub(super) fn lap_capture(out: &mut Out, rules: String) -> (String, Option<String>, String) {
    // LAP_CAPT_OPP_GETS adds to these captures (opp_gets_last.rs).
    if !matches!(out.int("sow_rule", 0), 8 | 10) {
        return (rules, None, String::new());
    }
    if out.int("crosscapt", 0) == 1 {
        return match super::lap_cross::lap_cross(out, &rules) {
            Some((text, relay, memory)) => (text, Some(relay), memory),
            None => (rules, None, String::new()),
        };
    }
    for (param, missing) in [
        ("crosscapt", "captures on each lap that go on only after a cross capture"),
        ("sow_stores", "captures on each lap with sown stores"),
        ("capt_rturn", "captures on each lap with a repeat turn after a capture"),
        ("grandslam", "captures on each lap with a grand slam rule"),
        ("pickextra", "captures on each lap with extra picks"),
        ("child_type", "captures on each lap with children"),
        ("nosinglecapt", "captures on each lap with nosinglecapt"),
    ] {
        if out.int(param, 0) != 0 {
            out.unsupported(param, missing);
        }
    }
    if out.int("mlaps", 0) != 1 || rules.matches(TRIGGER).count() != 1 || !rules.starts_with('#') {
        out.unsupported(
            "sow_rule",
            "captures on each lap other than one basic or TWO_OUT capture, with mlaps = LAPPER",
        );
        return (rules, None, String::new());
    }
    if out.int("capt_type", 0) == 2 {
        let each = rules.replacen(TRIGGER, "on lap_end when count(landing) > 1 and ", 1);
        let text = format!(
            "# sow_rule = LAP_CAPT: a lap ending in an occupied hole captures as the sowing\n\
             # ends, then sows on from that hole (the relay) whether it captured or not\n\
             {each}{rules}"
        );
        return (text, None, String::new());
    }
    if out.int("multicapt", 0) != 0 {
        out.unsupported("multicapt", "captures on each lap in chains");
    }
    let each = rules.replacen(TRIGGER, "on lap_end when ", 1);
    let text = format!("# sow_rule = LAP_CAPT: the capture is made at the end of every lap\n{each}");
    let relay = "relay lift next when count(landing) == 0 and count(next) > 0   \
                 # sow_rule = LAP_CAPT: after a capture the sowing goes on from the next hole, if it holds seeds"
        .to_string();
    (text, Some(relay), String::new())
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn a_basic_capture_on_every_lap_sows_on_from_the_next_hole() {
        // capt_on [4] on both sides: the capture rule moves to the end of
        // every lap, and a second relay sows on from the hole after it.
        let text = rules(7, 4, ", \"mlaps\": 1, \"capt_on\": [4], \"sow_rule\": 8");
        assert!(
            text.contains(
                "on lap_end when (landing in mover_row or landing in opponent_row) and count(landing) == 4 {\n    \
                 capture landing to mover\n  }"
            ),
            "{text}"
        );
        assert!(!text.contains("on sowing_end"), "{text}");
        assert!(text.contains("relay lift landing when count(landing) > 1"), "{text}");
        assert!(text.contains("relay lift next when count(landing) == 0 and count(next) > 0"), "{text}");
    }

    #[test]
    fn a_two_out_capture_on_every_occupied_lap_end() {
        // TWO_OUT (capt_dir SOW): an occupied lap end captures across the gap
        // and sows on; the last lap's capture stays at the sowing's end.
        let text = rules(6, 4, ", \"mlaps\": 1, \"capt_type\": 2, \"capt_dir\": 1, \"sow_rule\": 8");
        assert!(
            text.contains(
                "on lap_end when count(landing) > 1 and count(next) == 0 and count(after) > 0 {\n    \
                 capture after to mover\n  }"
            ),
            "{text}"
        );
        assert!(text.contains("on sowing_end when count(next) == 0 and count(after) > 0 {"), "{text}");
        assert!(!text.contains("relay lift next"), "{text}");
    }

    #[test]
    fn lap_captures_refuse_what_they_do_not_cover() {
        assert_eq!(refused(", \"mlaps\": 1, \"crosscapt\": 3, \"sow_rule\": 8"), ["crosscapt"]);
        assert_eq!(refused(", \"mlaps\": 1, \"capt_on\": [4], \"grandslam\": 2, \"sow_rule\": 8"), ["grandslam"]);
        assert_eq!(refused(", \"mlaps\": 1, \"sow_rule\": 8"), ["sow_rule"]);
    }
}
