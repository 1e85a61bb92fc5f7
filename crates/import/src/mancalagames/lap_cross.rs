//! MancalaGames' cross captures on each lap (`sow_rule = LAP_CAPT` with
//! `crosscapt = ONE_ZEROS`, its `ContIfXCapt`): a lap whose last seed falls
//! alone in its hole tries the capture there; when it captures, the sowing
//! goes on with that seed (the hole is lifted again), else it ends. A lap
//! ending in an occupied hole sows on as usual.
//!
//! The capture rule moves to `on lap_end`, and a memory value `took` says
//! whether this lap's end captured, for the relay that sows the lone seed
//! on (an empty facing hole, taken or not, looks the same afterwards).

use super::Out;

/// The cross capture rule `rules` (written for the end of the sowing)
/// moved to each lap's end, the relay sowing on after a capture and the
/// memory line; `None` (recorded) where the capture is more than one hole
/// taken across.
pub(super) fn lap_cross(out: &mut Out, rules: &str) -> Option<(String, String, String)> {
    let trigger = "on sowing_end when ";
    let taken = "  capture opposite(landing) to mover\n}";
    let plain = out.int("multicapt", 0) == 0
        && out.int("xcpickown", 0) == 0
        && out.int("mlaps", 0) == 1
        && out.int("sow_rule", 0) == 8
        && rules.matches(trigger).count() == 1
        && rules.matches(taken).count() == 1;
    if !plain {
        out.unsupported(
            "crosscapt",
            "captures on each lap that go on only after a cross capture, in chains or with picks",
        );
        return None;
    }
    let says = out.says("sow_rule", 0);
    let each = rules.replacen(trigger, "on lap_end when ", 1).replacen(
        taken,
        "  capture opposite(landing) to mover\n  set took to 1\n}",
        1,
    );
    let text = format!(
        "# {says}, crosscapt = ONE_ZEROS: a lap ending alone in a hole captures across there,\n\
         # and the sowing goes on with that seed only if it captured\n\
         on lap_end {{\n  clear took\n}}\n{each}"
    );
    let relay = format!("relay lift landing when took == 1   # {says}: a capture sows the lone last seed on");
    let memory = format!("  value took   # {says}: whether this lap's end captured\n");
    Some((text, relay, memory))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Tegre's sowing: cross captures from the opponent's row on each lap.
    #[test]
    fn a_cross_capture_on_a_lap_sows_the_lone_seed_on() {
        let text = rules(6, 4, ", \"mlaps\": 1, \"crosscapt\": true, \"capt_side\": 1, \"sow_rule\": 8");
        assert!(
            text.contains("on lap_end when (landing in mover_row or landing in opponent_row) and count(landing) == 1"),
            "{text}"
        );
        assert!(text.contains("    capture opposite(landing) to mover\n    set took to 1\n"), "{text}");
        assert!(text.contains("relay lift landing when took == 1"), "{text}");
        assert!(!text.contains("on sowing_end"), "{text}");
        let chained = refused(", \"mlaps\": 1, \"crosscapt\": true, \"multicapt\": -1, \"sow_rule\": 8");
        assert!(chained.contains(&"crosscapt".to_string()), "{chained:?}");
    }
}
