//! MancalaGames' `capt_type = SINGLETONS` (its `CaptSingles`): after a
//! move, every hole of the board holding a single seed, on the side
//! `capt_side` allows, is captured by the mover. Laps do not stop for it.
//! Written as `capture every hole where …`, which chooses the holes before
//! emptying any, as MancalaGames' loop over the board does (emptying a hole
//! never makes another a singleton).

use super::{side, Out};

/// The capture rule for SINGLETONS, or nothing (recorded) where the other
/// capture parameters would add to it.
pub(super) fn singletons(out: &mut Out) -> String {
    let basic = super::basic(out, "landing").is_some();
    if basic || out.int("crosscapt", 0) != 0 || out.int("child_type", 0) != 0 || out.int("multicapt", 0) != 0 {
        out.unsupported("capt_type", "SINGLETONS beside other captures, chains or children");
        return String::new();
    }
    let Some(hole_side) = side(out, "hole") else { return String::new() };
    let (says, side_says) = (out.says("capt_type", 0), out.says("capt_side", 0));
    format!(
        "# {says}, {side_says}: every hole left holding a single seed is captured\n\
         on sowing_end {{\n  capture every hole where {hole_side} and count(hole) == 1 to mover\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn every_single_seed_is_taken() {
        let text = rules(4, 10, ", \"capt_type\": 4");
        assert!(
            text.contains(
                "capture every hole where (hole in mover_row or hole in opponent_row) and count(hole) == 1 to mover"
            ),
            "{text}"
        );
        assert!(refused(", \"capt_type\": 4, \"capt_on\": [2]").contains(&"capt_type".to_string()));
    }
}
