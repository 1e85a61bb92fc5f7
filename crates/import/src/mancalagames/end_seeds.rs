//! Rounds that end on a seed limit (`rounds = END_S_SEEDS` / `END_2S_SEEDS`,
//! MancalaGames' `EndSeedsLimit`): after a move leaving `nbr_start` (twice
//! `nbr_start`) seeds or fewer on the board, the round ends, the seeds left
//! going as `unclaimed` says (`EndGameWinner`'s taker: the hole owners under
//! HOLE_OWNER, the owners of the holes in a territory match). MancalaGames
//! adds that ender only without an extra pick of the last seeds
//! (`pickextra` PICKLASTSEEDS / PICK2XLASTSEEDS, which must then agree with
//! the limit): the pick empties the board at the same count, and the round
//! then ends when nobody can move. It also leaves out its hidden
//! `NoOutcomeChange` end in such rounds.
//!
//! The limit is a further line of the `over` condition, in a territory
//! match (the only match imported with such rounds).

use super::Out;

/// Whether the rounds end on a seed limit.
pub(super) fn seed_limited(out: &mut Out) -> bool {
    matches!(out.int("rounds", 0), 3 | 4)
}

/// Whether the seed limit is left to the pick of the last seeds (recorded
/// as unsupported where the pick and the limit disagree, which MancalaGames
/// refuses).
pub(super) fn picked(out: &mut Out) -> bool {
    let (rounds, pick) = (out.int("rounds", 0), out.int("pickextra", 0));
    if !matches!(rounds, 3 | 4) || !matches!(pick, 3 | 4) {
        return false;
    }
    if rounds != pick {
        out.unsupported("pickextra", "a pick of the last seeds that disagrees with the rounds' seed limit");
    }
    true
}

/// The `over` condition's further line for a seed limit not left to a pick
/// (empty otherwise), with its comment. Written in territory matches only:
/// elsewhere the match (`rounds.rs`) refuses seed-limited rounds.
pub(super) fn limit(out: &mut Out) -> String {
    if !seed_limited(out) || out.int("goal", 0) != 2 || picked(out) {
        return String::new();
    }
    if out.int("unclaimed", 0) == 1 {
        out.unsupported("rounds", "seed-limited rounds whose seeds left count for nobody (the match goes on)");
        return String::new();
    }
    let n = out.cfg.nbr_start * if out.int("rounds", 0) == 4 { 2 } else { 1 };
    format!(
        "\nor total(mover_row) + total(opponent_row) <= {n}   # {}: {n} seeds or fewer left on the board end the round",
        out.says("rounds", 0)
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Adji Kui II's rounds: a territory match of 6 holes of 4, 10 holes to win.
    const TERR: &str = ", \"stores\": true, \"goal\": 2, \"goal_param\": 10, \"capt_on\": [4], \"capt_side\": 5";

    #[test]
    fn a_round_ends_with_twice_the_start_seeds_left() {
        let text = rules(6, 4, &format!("{TERR}, \"rounds\": 4"));
        assert!(
            text.contains("total(mover_row) + total(opponent_row) <= 8   # rounds = END_2S_SEEDS: 8 seeds or fewer"),
            "{text}"
        );
        // The territory goal's clear win (39 seeds: nine holes and more than half a tenth).
        assert!(text.contains("over when captured(mover) > 39 or captured(opponent) > 39"), "{text}");
        // No hidden NoOutcomeChange end (capt_on 4 would start one below 4 seeds).
        assert!(!text.contains("NoOutcomeChange"), "{text}");
        assert!(text.contains("no_moves remaining to owner"), "{text}");
        let once = rules(6, 4, &format!("{TERR}, \"rounds\": 3"));
        assert!(once.contains("<= 4   # rounds = END_S_SEEDS"), "{once}");
    }

    #[test]
    fn a_pick_of_the_last_seeds_does_the_limit_s_work() {
        // Ba-awa's: PICK2XLASTSEEDS takes the last 8 seeds for the round's starter; no limit line.
        let text = rules(6, 4, &format!("{TERR}, \"capt_side\": 0, \"rounds\": 4, \"pickextra\": 4"));
        assert!(!text.contains("<= 8   # rounds"), "{text}");
        assert!(text.contains("capture every hole where count(hole) > 0 to starter"), "{text}");
        assert!(!text.contains("NoOutcomeChange"), "{text}");
        // MancalaGames refuses a pick that disagrees with the limit; so does the importer.
        assert_eq!(refused(&format!("{TERR}, \"capt_side\": 0, \"rounds\": 4, \"pickextra\": 3")), ["pickextra"]);
        assert_eq!(refused(&format!("{TERR}, \"rounds\": 4, \"unclaimed\": 1")), ["rounds"]);
    }
}
