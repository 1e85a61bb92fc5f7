//! MancalaGames' `sow_rule = LAP_CAPT_SEEDS` (its `ContWithCaptSeeds` lap
//! continuer, under `StopNoOppSeeds`): at the end of every lap, when the
//! opponent still has seeds, the capture is tried; when it takes seeds,
//! they are put into the lap's last hole and sown on from there with the
//! seeds it holds; otherwise the sowing goes on as LAPPER says (more than
//! one seed in the last hole). With the opponent out of seeds, the sowing
//! stops. MancalaGames moves the captured seeds through the mover's store,
//! and back with whatever the store held before: supported for a cross
//! capture alone with no stores, where nothing else is ever captured, so
//! the store is empty and the move's own capture at the end of the sowing
//! never takes (its test failed on the last lap, or the opponent has no
//! seeds to take). The imported relay lifts the last hole with the hole
//! facing it, `when` the capture's own condition holds.

use super::Out;

/// The relays for LAP_CAPT_SEEDS from `relay` (the LAPPER relay) and the
/// capture's condition `capture`; `relay` unchanged for other sow rules.
pub(super) fn relays(out: &mut Out, relay: String, capture: &str) -> String {
    if out.int("sow_rule", 0) != 12 {
        return relay;
    }
    let lone_cross = out.int("crosscapt", 0) == 1
        && !capture.is_empty()
        && ["capt_type", "capt_min", "capt_max", "evens", "stores", "child_type", "sow_stores", "pickextra"]
            .iter()
            .all(|p| out.int(p, 0) == 0)
        && out.cfg.ints("capt_on").is_ok_and(|on| on.is_empty());
    if out.int("mlaps", 0) != 1 || !lone_cross {
        out.unsupported(
            "sow_rule",
            "captured seeds sown on (LAP_CAPT_SEEDS) other than after a lone cross capture (crosscapt = ONE_ZEROS, \
             no stores), with mlaps = LAPPER",
        );
        return relay;
    }
    let stop = "total(opponent_row) > 0";
    format!(
        "relay lift landing and opposite(landing) when {stop} and {capture}   # sow_rule = LAP_CAPT_SEEDS: a \
         capture on any lap is sown on with the last hole's seeds, while the opponent has seeds\n  {}",
        relay.replacen(" when ", &format!(" when {stop} and "), 1)
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn captured_seeds_are_sown_on() {
        let text = rules(5, 2, ", \"crosscapt\": 1, \"mlaps\": 1, \"sow_rule\": 12");
        // A lone seed facing seeds (the cross capture's test) lifts both holes; the lap relay follows.
        let capture = "relay lift landing and opposite(landing) when total(opponent_row) > 0 and";
        assert!(text.contains(capture), "{text}");
        assert!(text.contains("count(landing) == 1"), "{text}");
        let lap = "relay lift landing when total(opponent_row) > 0 and count(landing) > 1";
        assert!(text.contains(lap), "{text}");
        assert!(text.find(capture) < text.find(lap), "{text}");
        // Stores would hold the seeds captured before; single laps have no lap to sow on.
        let stores = ", \"crosscapt\": 1, \"mlaps\": 1, \"sow_rule\": 12, \"stores\": true";
        assert_eq!(refused(stores), ["sow_rule"]);
        assert_eq!(refused(", \"crosscapt\": 1, \"sow_rule\": 12"), ["sow_rule"]);
        assert_eq!(refused(", \"capt_on\": [3], \"mlaps\": 1, \"sow_rule\": 12"), ["sow_rule"]);
    }
}
