//! MancalaGames' `pickextra = PICK2XLASTSEEDS` (its `PickLastSeeds` with
//! `turn_takes` off): PICKLASTSEEDS' rule with twice `nbr_start` seeds, taken
//! by the round's starter (`game.starter`, South in the first round), not by
//! the mover. The imported rule names him `starter`.

use super::Out;

/// For the last seeds' pick (`pickextra` PICKLASTSEEDS or PICK2XLASTSEEDS):
/// the most seeds it takes, who takes them, and the comment's words for it.
pub(super) fn picker(out: &mut Out) -> (i64, &'static str, String) {
    let n = out.cfg.nbr_start;
    if out.int("pickextra", 0) == 4 {
        (2 * n, "starter", format!("PICK2XLASTSEEDS: when {} seeds (twice nbr_start)", 2 * n))
    } else {
        (n, "mover", format!("PICKLASTSEEDS: when {n} seeds (nbr_start)"))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::rules;

    #[test]
    fn the_round_starter_picks_twice_the_start_seeds() {
        // 3 seeds a hole: 6 or fewer left go to the round's starter.
        let text = rules(5, 3, ", \"capt_on\": [4], \"pickextra\": 4");
        let pick = "on sowing_end when total(mover_row) + total(opponent_row) > 0 and total(mover_row) + \
                    total(opponent_row) <= 6 {\n    capture every hole where count(hole) > 0 to starter\n  }";
        assert!(text.contains(pick), "{text}");
        assert!(text.contains("pickextra = PICK2XLASTSEEDS: when 6 seeds (twice nbr_start) or fewer"), "{text}");
    }
}
