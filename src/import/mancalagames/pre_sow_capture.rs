//! MancalaGames' captures before sowing (`presowcapt`). CAPT_ONE (its
//! `SCaptOne`): before each lap is sown, one seed of the hand goes to the
//! mover's store (a lap's hand, with laps). A sowing `toll`.

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
        _ => {
            out.unsupported("presowcapt", "captures before sowing other than CAPT_ONE");
            String::new()
        }
    }
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
        assert_eq!(refused(", \"presowcapt\": 2, \"min_move\": 2"), ["presowcapt"]);
    }
}
