//! MancalaGames' chains of cross captures (`crosscapt` with `multicapt =
//! -1`: its `CaptMultiple` around `CaptCross`). After the first capture,
//! across from the hole the last seed fell into alone, the capture goes on
//! from each following hole (the next along the sowing, `capt_dir = SOW`, or
//! against it, `OPP_SOW`) that is empty and faces seeds it may capture
//! (`ONE_ZEROS`' later test; a child is never empty, its seeds staying
//! in it), and stops at the first that is not. Written
//! as a `sweep` from `landing`, which the rule's own condition has already
//! found capturing.

use super::Out;

/// The `sweep` capturing the chain, to stand for the single cross capture
/// of the rule; `None` (recorded) for chains it cannot write: counted
/// (`multicapt` above 0), both ways, or in a game whose player chooses
/// directions.
pub(super) fn sweep(out: &mut Out, chosen: bool) -> Option<String> {
    let dir = out.int("capt_dir", 0);
    if out.int("multicapt", 0) != -1 || dir == 2 || chosen {
        out.unsupported("multicapt", "chains of cross captures counted, both ways, or with chosen directions");
        return None;
    }
    let way = if dir == 0 { "backward" } else { "forward" };
    let side = super::side(out, "opposite(hole)")?;
    let crit = super::basic(out, "opposite(hole)").map(|(c, _)| format!(" and {c}")).unwrap_or_default();
    // A child keeps its seeds in MancalaGames (here they went to its owner): never empty.
    let empty = if super::children::any(out) { "count(hole) == 0 and not claimed(hole)" } else { "count(hole) == 0" };
    // ONE_ANY: after the first, any hole goes on, whatever it holds.
    let from = if out.int("crosscapt", 0) == 3 { String::new() } else { format!("(hole == landing or {empty}) and ") };
    Some(format!(
        "sweep {way} from landing while {from}{side} and \
         count(opposite(hole)) > 0{crit} {{\n    capture opposite(hole) to mover\n  }}"
    ))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn a_chain_of_cross_captures_goes_on_across_empty_holes() {
        // ONE_ZEROS on the opponent's row, chained along the sowing (capt_dir = SOW):
        // the lone last seed captures across, then each following empty hole does.
        let text = rules(6, 4, ", \"crosscapt\": 1, \"multicapt\": -1, \"capt_dir\": 1, \"capt_side\": 1");
        assert!(
            text.contains(
                "sweep forward from landing while (hole == landing or count(hole) == 0) and opposite(hole) in \
                 opponent_row and count(opposite(hole)) > 0 {\n      capture opposite(hole) to mover\n    }"
            ),
            "{text}"
        );
        // Against the sowing (OPP_SOW, the default) it goes backward; with PICK_ON_CAPT the
        // lone seed follows once, after the chain.
        let back = rules(6, 4, ", \"crosscapt\": 1, \"multicapt\": -1, \"xcpickown\": 1");
        assert!(
            back.contains("    sweep backward from landing while (hole == landing or count(hole) == 0) and"),
            "{back}"
        );
        assert!(
            back.contains("      capture opposite(hole) to mover\n    }\n    capture landing to mover\n  }"),
            "{back}"
        );
        // With children, a child (whose seeds went to its owner here) is never an empty hole.
        let kids =
            rules(6, 4, ", \"crosscapt\": 1, \"multicapt\": -1, \"stores\": true, \"child_type\": 1, \"child_cvt\": 4");
        assert!(kids.contains("(hole == landing or count(hole) == 0 and not claimed(hole))"), "{kids}");
    }

    #[test]
    fn a_one_any_chain_goes_on_whatever_the_holes_hold() {
        // ONE_ANY: the first capture needs the lone last seed (as ONE_ZEROS), the later ones
        // only the facing hole's basic test (capt_max = 2 here).
        let text = rules(6, 4, ", \"crosscapt\": 3, \"multicapt\": -1, \"capt_dir\": 1, \"capt_max\": 2");
        assert!(text.contains("# crosscapt = ONE_ANY, capt_side = BOTH (capt_max = 2)"), "{text}");
        assert!(text.contains("count(landing) == 1 and"), "{text}");
        assert!(
            text.contains(
                "sweep forward from landing while (opposite(hole) in mover_row or opposite(hole) in opponent_row) \
                 and count(opposite(hole)) > 0 and count(opposite(hole)) <= 2 {"
            ),
            "{text}"
        );
    }

    #[test]
    fn chains_counted_or_both_ways_are_refused() {
        assert_eq!(refused(", \"crosscapt\": 1, \"multicapt\": 2"), ["multicapt"]);
        assert_eq!(refused(", \"crosscapt\": 1, \"multicapt\": -1, \"capt_dir\": 2"), ["multicapt"]);
    }
}
