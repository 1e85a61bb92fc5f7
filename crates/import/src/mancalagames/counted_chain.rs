//! MancalaGames' counted chains of basic captures (`multicapt = N`, N ≥ 2,
//! its `CaptMultiple`): the last sown hole, then the hole before it (against
//! the sowing, `capt_dir = OPP_SOW`) or after it (`SOW_DIR`), and so on, each
//! while it qualifies, N holes at most. Nested `if` actions, one a hole.

use super::{basic, side, Out};

/// The capture rule's actions for `n` holes at most, `way` naming the hole
/// after a hole along the chain (`prev` or `next`), indented for the rule's
/// block; `None` when a hole's condition cannot be written.
pub(super) fn counted(out: &mut Out, n: i64, way: &str) -> Option<String> {
    let mut hole = "landing".to_string();
    let mut text = "  capture landing to mover\n".to_string();
    let mut close = String::new();
    for depth in 1..n {
        hole = format!("{way}({hole})");
        let (crit, _) = basic(out, &hole)?;
        let hole_side = side(out, &hole)?;
        let pad = "  ".repeat(depth as usize);
        text += &format!("{pad}if {hole_side} and {crit} {{\n{pad}  capture {hole} to mover\n");
        close = format!("{pad}}}\n") + &close;
    }
    Some(text + &close)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn two_captures_at_most() {
        // multicapt = 2, capt_dir = OPP_SOW: the landing hole, then the one before it.
        let text = rules(6, 4, ", \"evens\": true, \"multicapt\": 2");
        assert!(
            text.contains(
                "    capture landing to mover\n    \
                 if (prev(landing) in mover_row or prev(landing) in opponent_row) and count(prev(landing)) % 2 == 0 {\n      \
                 capture prev(landing) to mover\n    }\n  }\n"
            ),
            "{text}"
        );
        // SOW_DIR: the one after it; three at most: two nested ifs.
        let three = rules(6, 4, ", \"capt_on\": [2], \"multicapt\": 3, \"capt_dir\": 1, \"capt_side\": 1");
        assert!(
            three.contains("if next(next(landing)) in opponent_row and count(next(next(landing))) == 2 {"),
            "{three}"
        );
        // Both ways round is refused.
        assert_eq!(refused(", \"capt_on\": [2], \"multicapt\": 2, \"capt_dir\": 2"), ["multicapt"]);
    }
}
