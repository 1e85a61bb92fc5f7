//! MancalaGames' captures before sowing (`presowcapt`).
//!
//! - CAPT_ONE (its `SCaptOne`): before each lap is sown, one seed of the
//!   hand goes to the mover's store (a lap's hand, with laps). A sowing
//!   `toll`.
//! - ALL_SINGLE_XCAPT (`SCaptCrossSingles`): once the seeds are lifted and
//!   before they are sown, the mover takes what faces each of their holes
//!   that held a single seed when the move began (MancalaGames reads the
//!   board before the move: the hole moved from counts when it held one
//!   seed). An `on move_start` rule.
//! - DRAW_1_XCAPT (`SCaptCrossOnOne`): a move that lifts a single seed first
//!   takes what faces the hole it lifts. An `on move_start` rule.
//!
//! MancalaGames does not count either capture as the move's capture (no
//! repeat turn comes of it), and runs them again on every lap with laps:
//! such files are refused, as are children (it spares children's holes).

use super::Out;

/// The `toll` statement of the sowing for `presowcapt` (with its leading
/// line break and comment), or empty.
pub(super) fn toll(out: &mut Out) -> String {
    match out.int("presowcapt", 0) {
        0 => String::new(),
        // MancalaGames takes the seed even from a hand of one, which then
        // sows nothing; and it tells single-seed moves (`move_one`,
        // `nosinglecapt`) by the hand left.
        1 if out.int("min_move", 1) >= 2 && out.int("move_one", 0) == 0 && out.int("nosinglecapt", 0) == 0 => {
            "\n  toll 1 to mover   # presowcapt = CAPT_ONE: one seed of each lap's hand to the mover first".to_string()
        }
        1 => {
            out.unsupported("presowcapt", "a seed taken before sowing from moves that may lift a single seed");
            String::new()
        }
        2 | 3 => String::new(),
        _ => {
            out.unsupported("presowcapt", "an unknown capture before sowing");
            String::new()
        }
    }
}

/// The `on move_start` rule for `presowcapt` ALL_SINGLE_XCAPT or
/// DRAW_1_XCAPT (with its comment and a blank line after it), or empty.
pub(super) fn before_sowing(out: &mut Out) -> String {
    let presowcapt = out.int("presowcapt", 0);
    if !(2..=3).contains(&presowcapt) {
        return String::new();
    }
    let says = out.says("presowcapt", 0);
    if out.int("mlaps", 0) != 0 || out.int("child_type", 0) != 0 {
        out.unsupported("presowcapt", "captures before sowing with laps (taken again on each lap) or children");
        return String::new();
    }
    // MancalaGames skips them on prescribed openings, and its grand slam
    // tests read the board before the move: neither is written here.
    if out.int("prescribed", 0) != 0 || out.int("grandslam", 0) != 0 {
        out.unsupported("presowcapt", "captures before sowing with prescribed openings or grand slam rules");
        return String::new();
    }
    if out.int("goal", 0) == 2 || out.int("no_sides", 0) != 0 {
        out.unsupported("presowcapt", "captures before sowing under territory or moves from both rows");
        return String::new();
    }
    if presowcapt == 2 {
        return format!(
            "# {says}: before sowing, the mover takes what faces each of their holes\n\
             # that held a single seed when the move began (the one lifted included)\n\
             on move_start {{\n  capture every hole where hole in opponent_row and\n\
             (count(opposite(hole)) == 1 or opposite(hole) == origin and lifted == 1) to mover\n}}\n"
        );
    }
    // MancalaGames counts the seeds drawn, one fewer than the hole held when
    // the first is sown back into it (`sow_start`): not written here.
    if out.int("sow_start", 0) != 0 {
        out.unsupported("presowcapt", "a capture on drawing one seed when the first seed is sown into the start hole");
        return String::new();
    }
    format!(
        "# {says}: a move that lifts a single seed first takes what faces it\n\
         on move_start when lifted == 1 {{\n  capture opposite(origin) to mover\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn each_lap_gives_the_mover_a_seed_first() {
        let text = rules(4, 4, ", \"presowcapt\": 1, \"min_move\": 2, \"mlaps\": 1, \"stores\": true");
        assert!(
            text.contains(
                "    toll 1 to mover                              \
                 # presowcapt = CAPT_ONE: one seed of each lap's hand to the mover first\n"
            ),
            "{text}"
        );
        assert_eq!(refused(", \"presowcapt\": 1"), ["presowcapt"]);
        assert_eq!(refused(", \"presowcapt\": 2, \"mlaps\": 1"), ["presowcapt"]);
    }

    /// ALL_SINGLE_XCAPT: every hole of the opponent's facing a single seed
    /// of the mover's, on the board before the move.
    #[test]
    fn singles_take_what_faces_them_before_sowing() {
        let text = rules(4, 4, ", \"presowcapt\": 2, \"stores\": true");
        assert!(
            text.contains(
                "  # presowcapt = ALL_SINGLE_XCAPT: before sowing, the mover takes what faces each of their holes\n  \
                 # that held a single seed when the move began (the one lifted included)\n  \
                 on move_start {\n    \
                 capture every hole where hole in opponent_row and\n        \
                 (count(opposite(hole)) == 1 or opposite(hole) == origin and lifted == 1) to mover\n  }\n"
            ),
            "{text}"
        );
        assert!(refused(", \"presowcapt\": 2, \"child_type\": 1, \"stores\": true").contains(&"presowcapt".to_string()));
    }

    /// DRAW_1_XCAPT: a lone seed lifted takes what faces its hole.
    #[test]
    fn a_lone_seed_drawn_takes_what_faces_it() {
        let text = rules(4, 4, ", \"presowcapt\": 3, \"stores\": true");
        assert!(
            text.contains(
                "  # presowcapt = DRAW_1_XCAPT: a move that lifts a single seed first takes what faces it\n  \
                 on move_start when lifted == 1 {\n    capture opposite(origin) to mover\n  }\n"
            ),
            "{text}"
        );
        assert_eq!(refused(", \"presowcapt\": 3, \"sow_start\": true"), ["presowcapt"]);
        assert_eq!(refused(", \"presowcapt\": 3, \"grandslam\": 1"), ["presowcapt"]);
    }
}
