//! `capt_type = NEXT` (MancalaGames' `CaptNext`, with `CaptOppDir` and
//! `CaptMultiple` around it), and `pickextra = PICKFINAL` (`PickFinal`).
//!
//! The seeds of the hole after the one the sowing ended in are taken, when
//! it holds some. "After" is along the sowing (`capt_dir = SOW`: `next`,
//! in the move's chosen direction too) or against it (`OPP_SOW`, the
//! default: `prev`). The basic capture test (`capt_on`, `evens`, …,
//! `capt_side`) is read on that next hole, or, with multi-lap sowing, on
//! the hole the sowing ended in. With `multicapt = -1` the capture goes on
//! from each hole taken to the one after it while that one passes the test
//! and holds seeds. Laps do not stop for this capture.
//!
//! PICKFINAL: after a capture the mover also takes the seeds of the hole
//! the sowing ended in, when MancalaGames' capture check allows it there
//! (`capt_side`; never a child).

use super::Out;

/// The capture rule, or empty with the reasons recorded. `chosen`: the
/// player chooses directions in some holes; `stores_sown`: the stores are
/// on the sowing track.
pub(super) fn capture(out: &mut Out, chosen: bool, stores_sown: bool) -> String {
    let dir = out.int("capt_dir", 0);
    let (mlaps, multi) = (out.int("mlaps", 0) != 0, out.int("multicapt", 0));
    for (param, ok, missing) in [
        ("capt_dir", dir == 1 || dir == 0 && !chosen, "NEXT both ways, or against a chosen direction"),
        ("multicapt", multi == 0 || multi == -1 && !mlaps, "NEXT chains counted, or after laps"),
        ("sow_stores", !stores_sown, "NEXT with the stores on the sowing track"),
        ("crosscapt", out.int("crosscapt", 0) == 0, "NEXT with cross captures"),
    ] {
        if !ok {
            out.unsupported(param, missing);
        }
    }
    let (way, after) = if dir == 1 { ("forward", "next") } else { ("backward", "prev") };
    let next = format!("{after}(landing)");
    let tested = if mlaps { "landing" } else { next.as_str() };
    let Some(side) = super::side(out, tested) else { return String::new() };
    let crit = super::basic(out, tested).map(|(c, _)| format!(" and {c}")).unwrap_or_default();
    let chain = if multi == -1 {
        let hole_side = super::side(out, "hole").unwrap_or_default();
        let hole_crit = super::basic(out, "hole").map(|(c, _)| format!(" and {c}")).unwrap_or_default();
        format!(
            "sweep {way} from {next} while {hole_side}{hole_crit} and count(hole) > 0 {{\n    \
             capture hole to mover\n  }}"
        )
    } else {
        format!("capture {next} to mover")
    };
    let pick = match out.int("pickextra", 0) {
        5 => {
            let Some(final_side) = super::side(out, "landing") else { return String::new() };
            format!("\n  # pickextra = PICKFINAL: and the hole the sowing ended in\n  capture landing to mover when {final_side}")
        }
        _ => String::new(),
    };
    let says = [out.says("capt_dir", 0), out.says("multicapt", 0), out.says("capt_side", 0)].join(", ");
    let read = if mlaps { "the last sown hole" } else { "that hole" };
    format!(
        "# capt_type = NEXT, {says}: the seeds of the hole after the last sown one are taken\n\
         # ({read} passing the capture test)\n\
         on sowing_end when {side}{crit} and count({next}) > 0 {{\n  {chain}{pick}\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn the_next_holes_seeds_are_taken_in_a_chain() {
        // Adji-boto's capture: along the sowing, on 1, 3 or 5 seeds, chained.
        let text = rules(
            5,
            10,
            ", \"stores\": true, \"capt_type\": 1, \"capt_dir\": 1, \"capt_on\": [1, 3, 5], \"multicapt\": -1",
        );
        let rule = "on sowing_end when (next(landing) in mover_row or next(landing) in opponent_row) and \
                    (count(next(landing)) == 1 or count(next(landing)) == 3 or count(next(landing)) == 5) and \
                    count(next(landing)) > 0 {\n    sweep forward from next(landing) while (hole in mover_row or \
                    hole in opponent_row) and (count(hole) == 1 or count(hole) == 3 or count(hole) == 5) and \
                    count(hole) > 0 {\n      capture hole to mover\n    }\n  }";
        assert!(text.contains(rule), "{text}");
    }

    #[test]
    fn after_laps_the_last_hole_is_tested_and_picked() {
        // Je ki n je's capture (its chosen directions apart): laps, the opponent's side, PICKFINAL.
        let text = rules(
            6,
            4,
            ", \"stores\": true, \"capt_type\": 1, \"capt_dir\": 1, \"mlaps\": 1, \"capt_side\": 1, \"pickextra\": 5",
        );
        let rule = "on sowing_end when landing in opponent_row and count(next(landing)) > 0 {\n    \
                    capture next(landing) to mover\n    # pickextra = PICKFINAL: and the hole the sowing ended in\n    \
                    capture landing to mover when landing in opponent_row\n  }";
        assert!(text.contains(rule), "{text}");
        // Against the sowing (OPP_SOW, the default) the hole is the one before.
        let back = rules(6, 4, ", \"stores\": true, \"capt_type\": 1");
        assert!(back.contains("count(prev(landing)) > 0 {\n    capture prev(landing) to mover\n  }"), "{back}");
    }

    #[test]
    fn next_captures_it_cannot_write_are_refused() {
        assert_eq!(refused(", \"capt_type\": 1, \"capt_dir\": 2"), ["capt_dir"]);
        assert_eq!(refused(", \"capt_type\": 1, \"multicapt\": 2"), ["multicapt"]);
        assert_eq!(refused(", \"capt_type\": 1, \"multicapt\": -1, \"mlaps\": 1"), ["multicapt"]);
    }
}
