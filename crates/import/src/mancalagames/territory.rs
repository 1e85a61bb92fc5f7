//! `goal = TERRITORY`: a match whose rounds move the border between the
//! players' holes (MancalaGames' `TerritoryNewRound`, `RoundWinner` and
//! `terr_win_seeds` in `src/new_game.py` and `src/end_move.py`).
//!
//! Between rounds MancalaGames sets up a full board (`nbr_start` in every
//! hole, stores emptied) and gives the player who collected more seeds
//! ⌊seeds / nbr_start⌋ holes, one more when more than ⌊nbr_start / 2⌋ are
//! left over (TERR_EX_LOSER: never), counted from that player's `a`
//! counterclockwise round the board; the other player owns the rest (a
//! tie: each their row). That is `refill N per hole territory`.
//!
//! The match ends when a player collected fewer than `RoundWinner`'s
//! `req_seeds`: all seeds less `terr_win_seeds` (the seeds to fill
//! `goal_param` holes, the last one more than half: (G − 1)·N + ⌊N/2⌋ + 1;
//! TERR_EX_LOSER: G·N), plus ⌊N/2⌋ (TERR_EX_LOSER: 1). A round played until
//! nobody can move (`rounds = NO_MOVES`) is won at once only by holding
//! every seed but one more (`compute_win_seeds` tests NO_MOVES before
//! TERRITORY: all seeds less one).
//! Rounds that end on a seed limit (`END_S_SEEDS`, `END_2S_SEEDS`: see
//! `end_seeds.rs`) are won at once with more than `terr_win_seeds`.
//!
//! Hole ownership is read by MancalaGames' moves, en passant takers,
//! territory capture sides, `mustshare` and the seeds left at a round's end;
//! the rules language reads the same through `mover_row`, `opponent_row`
//! and `owner(…)`. Board-side capture sides (`capt_side` OPP_SIDE,
//! OWN_SIDE…) read the rows instead, so they are refused here.

use super::Out;
use crate::rounds::{starter_line, Match};

/// The match for a TERRITORY goal on `holes` holes a row of `seeds` seeds
/// each, `total` in all, or `None` with the reasons recorded in `out`.
pub(super) fn territory(out: &mut Out, seeds: i64, holes: i64, total: i64) -> Option<Match> {
    let goal_param = out.int("goal_param", 0);
    let (fill, rounds) = (out.int("round_fill", 0), out.int("rounds", 0));
    let before = out.problems.len();
    // UCHOWN: the winner chooses which of the loser's holes they own
    // (`chosen`); the counts are NOT_APPLICABLE's.
    let chosen = fill == 8;
    let partial_to_loser = match fill {
        0 | 8 => false,
        12 => true,
        _ => {
            out.unsupported("round_fill", "territory fills other than by seed count (a lottery, emptied holes)");
            false
        }
    };
    // END_S_SEEDS / END_2S_SEEDS: the round's seed limit (end_seeds.rs), or
    // the pick of the last seeds that empties the board at the same count.
    let limited = super::end_seeds::seed_limited(out);
    let picked = super::end_seeds::picked(out);
    if rounds != 2 && !limited {
        out.unsupported("rounds", "territory rounds that end other than when nobody can move");
    }
    if !(holes..=2 * holes).contains(&goal_param) {
        out.unsupported("goal_param", "territory goals outside one to two rows of holes");
    }
    // A start pattern is laid again every round, its holes counted at its seeds a hole on average.
    let (laid, seeds) = match out.int("start_pattern", 0) {
        0 => ("", seeds),
        pattern => super::territory_pattern::laid(out, pattern, holes, total).unwrap_or(("", seeds)),
    };
    if out.int("grandslam", 0) != 0 {
        // GrandSlamCapt reads the opponent's row (get_opp_range), where opponent_row reads the holes owned.
        out.unsupported("grandslam", "grand slams in a territory match (MancalaGames reads the rows there)");
    }
    if !matches!(out.int("capt_side", 0), 0 | 5 | 6) {
        out.unsupported("capt_side", "territory with captures limited to a side of the board");
    }
    if holes > 8 {
        out.unsupported("holes", "territory on rows of more than 8 holes");
    }
    let mut refused = Vec::new();
    let starter = out.int("round_starter", 0);
    let starter = starter_line(starter, &mut refused);
    for (param, missing) in refused {
        out.unsupported(param, missing);
    }
    if out.problems.len() > before {
        return None;
    }
    let refilled = if laid.is_empty() { "every hole refilled" } else { "the start pattern laid again" };
    let half = seeds / 2;
    let (win_seeds, extra, partial, fill_name) = if partial_to_loser {
        (goal_param * seeds, 1, " partial_to_loser", "TERR_EX_LOSER")
    } else {
        let name = if chosen { "UCHOWN" } else { "NOT_APPLICABLE" };
        ((goal_param - 1) * seeds + half + 1, half, "", name)
    };
    let (chosen, chooses) = if chosen {
        (
            " chosen",
            "; the player holding more chooses which of the other's holes\n  # they own (UCHOWN; MancalaGames' \
             headless engine allots them as above)",
        )
    } else {
        ("", "")
    };
    let below = total - win_seeds + extra;
    let rounding = if partial_to_loser {
        "the hole it could only partly fill is the other's".to_string()
    } else {
        format!("one more when over {half} are left")
    };
    let (win, why) = if limited {
        let limit = if picked {
            format!("{}: its seed limit is left to {}", out.says("rounds", 0), out.says("pickextra", 0))
        } else {
            format!("{}: the round also ends at its seed limit, below", out.says("rounds", 0))
        };
        (
            win_seeds,
            format!(
                "goal = TERRITORY, goal_param = {goal_param}: more than {win_seeds} seeds (enough for {goal_param} holes) \
                 win the round at once\n\
                 # ({limit})"
            ),
        )
    } else {
        (
            total - 1,
            format!(
                "rounds = NO_MOVES, goal = TERRITORY: a round is won at once only with all {total} seeds\n\
                 # (MancalaGames' seeds for a win under NO_MOVES: more than all less one)"
            ),
        )
    };
    Some(Match {
        win,
        why,
        block: format!(
            "match {{\n  refill {seeds} per hole territory{partial}{laid}{chosen}   # goal = TERRITORY, round_fill = {fill_name}: {refilled}; the\n  # player holding more owns one hole per {seeds} seeds ({rounding}), from its `a`\n  \
             # counterclockwise round the board{chooses}\n  {starter}\n  match_end below {below}   # goal_param = {goal_param}: \
             {total} seeds less the {win_seeds} that win {goal_param} holes, plus {extra}\n}}\n"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn a_territory_match_of_no_moves_rounds() {
        // Adi II's figures: 6 holes of 4 (48 seeds), 10 holes to win. 10 holes
        // need 9 × 4 + 2 + 1 = 39 seeds; a player below 48 − 39 + 2 = 11 ends the match.
        let text = rules(6, 4, ", \"goal\": 2, \"goal_param\": 10, \"rounds\": 2");
        assert!(
            text.contains("refill 4 per hole territory   # goal = TERRITORY, round_fill = NOT_APPLICABLE"),
            "{text}"
        );
        assert!(text.contains("one more when over 2 are left"), "{text}");
        assert!(text.contains("match_end below 11"), "{text}");
        assert!(text.contains("starter alternate"), "{text}");
        // NO_MOVES rounds: only every seed wins a round before nobody can move.
        assert!(text.contains("over when captured(mover) > 47 or captured(opponent) > 47"), "{text}");
        assert!(text.contains("winner most_captured    # goal = TERRITORY"), "{text}");
    }

    /// UCHOWN (Adi): the counts of NOT_APPLICABLE, the leader choosing
    /// which holes of the other row they own (`chosen`).
    #[test]
    fn the_winner_can_choose_the_holes_they_own() {
        let text =
            rules(6, 4, ", \"goal\": 2, \"goal_param\": 10, \"rounds\": 2, \"round_fill\": 8, \"round_starter\": 1");
        assert!(
            text.contains("refill 4 per hole territory chosen   # goal = TERRITORY, round_fill = UCHOWN"),
            "{text}"
        );
        assert!(text.contains("match_end below 11"), "{text}");
        assert!(sowspec_core::check(&text).is_ok(), "{text}");
    }

    #[test]
    fn the_loser_can_keep_the_partly_filled_hole() {
        // San Yao's figures: 5 holes of 5 (50 seeds), 9 holes to win, TERR_EX_LOSER:
        // 9 × 5 = 45 seeds win; a player below 50 − 45 + 1 = 6 ends the match.
        let text =
            rules(5, 5, ", \"goal\": 2, \"goal_param\": 9, \"rounds\": 2, \"round_fill\": 12, \"round_starter\": 2");
        assert!(
            text.contains(
                "refill 5 per hole territory partial_to_loser   # goal = TERRITORY, round_fill = TERR_EX_LOSER"
            ),
            "{text}"
        );
        assert!(text.contains("match_end below 6"), "{text}");
        assert!(text.contains("starter winner tie to_move"), "{text}");
    }

    #[test]
    fn seed_limited_rounds_left_to_the_last_seeds_pick() {
        // Nsa Isong's figures: END_S_SEEDS with PICKLASTSEEDS, 6 holes of 4, 10 holes:
        // the territory test comes first, so more than 39 seeds win a round at once.
        let text = rules(6, 4, ", \"goal\": 2, \"goal_param\": 10, \"rounds\": 3, \"capt_on\": [4], \"pickextra\": 3");
        assert!(text.contains("over when captured(mover) > 39 or captured(opponent) > 39"), "{text}");
        assert!(text.contains("match_end below 11"), "{text}");
    }

    #[test]
    fn territory_refusals() {
        let goal = ", \"goal\": 2, \"goal_param\": 8";
        // Rounds must end when nobody can move or on a seed limit; the goal between one and two rows.
        assert_eq!(refused(goal), ["rounds"]);
        assert_eq!(refused(&format!("{goal}, \"rounds\": 1")), ["rounds"]);
        assert_eq!(refused(", \"goal\": 2, \"goal_param\": 5, \"rounds\": 2"), ["goal_param"]);
        assert_eq!(refused(", \"goal\": 2, \"goal_param\": 13, \"rounds\": 2"), ["goal_param"]);
        // A lottery for the contested hole, emptied holes.
        for fill in [11, 13] {
            assert_eq!(refused(&format!("{goal}, \"rounds\": 2, \"round_fill\": {fill}")), ["round_fill"], "{fill}");
        }
        // Captures limited to a side of the board (not of the territory).
        assert_eq!(refused(&format!("{goal}, \"rounds\": 2, \"capt_on\": [4], \"capt_side\": 1")), ["capt_side"]);
        // Grand slams read the rows, not the holes owned; a start pattern of
        // 32 seeds over 12 holes, which no refill counts alike.
        assert_eq!(refused(&format!("{goal}, \"rounds\": 2, \"capt_on\": [4], \"grandslam\": 2")), ["grandslam"]);
        assert_eq!(refused(&format!("{goal}, \"rounds\": 2, \"start_pattern\": 5")), ["start_pattern"]);
    }
}
