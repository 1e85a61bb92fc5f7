//! MancalaGames' games in rounds (`rounds`, `round_fill`, `round_starter`,
//! `blocks`, `goal_param`) as a `match` block and the clear win of a round.
//!
//! Supported: rounds that end when the player to move cannot move
//! (`NO_MOVES`), refilled from the left, the right or the outside (both ends
//! in turn: `NOT_APPLICABLE` and `OUTSIDE_FILL` fill so in MancalaGames'
//! `NewRound`), with the holes left empty blocked or open (`blocks`), started
//! in turn or by the last mover. MancalaGames then ends a round as soon as
//! a player holds more than the seeds less `goal_param` holes' worth (the
//! other player could not fill them), and ends the match when a player
//! cannot fill `goal_param` holes (one, when it is 0). The seeds left at a
//! round's end go to their row's owner or to the last mover (`unclaimed =
//! LAST_MOVER`: Tegre's 30 whole matches of seed 1 agree at every ply).
//!
//! Rounds may also end as soon as a player holds more than half the seeds
//! (`HALF_SEEDS`, [`half_seeds`]).
//!
//! `round_starter = LAST_MOVER` starts the next round with the player of
//! MancalaGames' last move (`mdata.player`; passes are not moves), even
//! when that move earned a repeat turn nobody could play: `starter
//! last_mover`. `LOSER` and `WINNER` start with the player holding fewer or
//! more seeds; after a tie (`set_round_starter`, no `mdata.winner`) with the
//! player not to move (`LOSER`: `not game.turn`, `tie waiting`) or to move
//! (`WINNER`: `game.turn` left as the round ended it, `tie to_move`).

mod half_seeds;

/// A match: the clear win of each round and the `match` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// A player holding more than this wins the round at once.
    pub win: i64,
    /// Why, for the comment of the `over` statement.
    pub why: String,
    /// The `match` block, with its comments.
    pub block: String,
}

/// A parameter value the match cannot express: the parameter and what is missing.
pub type Refusal = (&'static str, &'static str);

/// The match for the parameters `param(name, default)` reads, on rows of
/// `seeds` seeds a hole and `total` seeds in all; `None` for a single game.
pub fn rounds(param: &mut dyn FnMut(&str, i64) -> i64, seeds: i64, total: i64) -> Result<Option<Match>, Vec<Refusal>> {
    let rounds = param("rounds", 0);
    let (fill, starter, blocks, goal_param) =
        (param("round_fill", 0), param("round_starter", 0), param("blocks", 0), param("goal_param", 0));
    let mut refused = Vec::new();
    if rounds == 0 {
        for (name, value) in [("round_fill", fill), ("round_starter", starter), ("blocks", blocks)] {
            if value != 0 {
                refused.push((name, "round parameters without rounds (or blocked holes outside them)"));
            }
        }
        if goal_param != 0 {
            refused.push(("goal_param", "goal parameters other than a match's (territory, round counts)"));
        }
        return if refused.is_empty() { Ok(None) } else { Err(refused) };
    }
    if rounds != 2 && rounds != 1 {
        refused.push(("rounds", "rounds that end other than when a player cannot move or holds half the seeds"));
    }
    let (from, fill_name) = match fill {
        0 => ("outside", "NOT_APPLICABLE"),
        1 => ("left", "LEFT_FILL"),
        2 => ("right", "RIGHT_FILL"),
        3 => ("outside", "OUTSIDE_FILL"),
        // The player lays their row out at the round's start (`chosen`);
        // MancalaGames' headless engine fills as NOT_APPLICABLE does.
        6 => ("outside", "UCHOOSE"),
        7 => {
            refused.push(("round_fill", "refills whose seeds the player moves about at a round's start (UMOVE)"));
            ("", "")
        }
        _ => {
            refused.push(("round_fill", "refills other than from the left, the right or the outside"));
            ("", "")
        }
    };
    let starter_line = starter_line(starter, &mut refused);
    if param("goal", 0) != 0 || !matches!(param("unclaimed", 0), 0 | 2) {
        refused.push(("rounds", "rounds with goals other than MAX_SEEDS or leftovers not to the hole's owner"));
    }
    if !refused.is_empty() {
        return Err(refused);
    }
    let chosen = if fill == 6 { " chosen" } else { "" };
    let holes = goal_param.max(1);
    let least = holes * seeds;
    let (open, empty) = if blocks == 0 {
        (" unfilled_open", "blocks = false: the holes left empty stay open")
    } else {
        ("", "blocks = true: the holes left empty are blocked")
    };
    let (win, why) = if rounds == 1 {
        half_seeds::win(total)
    } else {
        (
            total - least,
            format!(
                "rounds = NO_MOVES, goal_param = {goal_param}: more than {} seeds ({total} less {holes} hole(s)\n\
                 # of {seeds}, which the other could then not fill) win the round at once",
                total - least
            ),
        )
    };
    Ok(Some(Match {
        win,
        why,
        block: format!(
            "match {{\n  refill {seeds} per hole from {from}{open}{chosen}   # round_fill = {fill_name}, {empty}\n  \
             {starter_line}\n  match_end below {least}   # goal_param = {goal_param}: a player who cannot fill {holes} \
             holes loses\n}}\n"
        ),
    }))
}

/// The `starter` line for `round_starter` (refused, and empty, for the
/// starters the match cannot express).
pub fn starter_line(starter: i64, refused: &mut Vec<Refusal>) -> &'static str {
    match starter {
        0 => "starter alternate   # round_starter = ALTERNATE",
        1 => "starter loser tie waiting   # round_starter = LOSER: after a tie, who was not to move",
        2 => "starter winner tie to_move   # round_starter = WINNER: after a tie, who was to move",
        3 => "starter last_mover   # round_starter = LAST_MOVER: who made the last move (passes are not moves)",
        _ => {
            refused.push(("round_starter", "round starters other than ALTERNATE, LOSER, WINNER and LAST_MOVER"));
            ""
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The match for `values` (name, value) pairs on 7 seeds a hole, 98 in all.
    fn of(values: &[(&str, i64)]) -> Result<Option<Match>, Vec<Refusal>> {
        let mut param = |name: &str, default: i64| values.iter().find(|(n, _)| *n == name).map_or(default, |(_, v)| *v);
        rounds(&mut param, 7, 98)
    }

    #[test]
    fn a_match_from_the_right() {
        let m = of(&[("rounds", 2), ("round_fill", 2), ("blocks", 1), ("goal_param", 4)]).unwrap().unwrap();
        // Dakon's figures: 98 seeds less four holes of 7 is 70; fewer than 28 ends the match.
        assert_eq!(m.win, 70);
        assert!(m.block.contains("refill 7 per hole from right"), "{}", m.block);
        assert!(m.block.contains("match_end below 28") && m.block.contains("starter alternate"));
        // goal_param 0: one hole.
        let one = of(&[("rounds", 2), ("round_fill", 1), ("blocks", 1)]).unwrap().unwrap();
        assert_eq!(one.win, 91);
        assert!(one.block.contains("from left") && one.block.contains("below 7"));
    }

    #[test]
    fn a_match_from_the_outside_with_open_holes_started_by_the_last_mover() {
        // Raja Pasu's parameters: round_fill absent (NOT_APPLICABLE), blocks, LAST_MOVER.
        let m = of(&[("rounds", 2), ("blocks", 1), ("round_starter", 3)]).unwrap().unwrap();
        assert!(
            m.block.contains("refill 7 per hole from outside   # round_fill = NOT_APPLICABLE, blocks = true"),
            "{}",
            m.block
        );
        assert!(
            m.block.contains("\n  starter last_mover   # round_starter = LAST_MOVER: who made the last move"),
            "{}",
            m.block
        );
        assert!(m.block.contains("match_end below 7   # goal_param = 0"), "{}", m.block);
        // OUTSIDE_FILL fills the same way; without blocks the unfilled holes stay open.
        let m = of(&[("rounds", 2), ("round_fill", 3)]).unwrap().unwrap();
        assert!(
            m.block.contains("from outside unfilled_open   # round_fill = OUTSIDE_FILL, blocks = false"),
            "{}",
            m.block
        );
        assert!(m.block.contains("starter alternate"), "{}", m.block);
        // UCHOOSE: the outside order, each player laying their row out (`chosen`).
        let m = of(&[("rounds", 2), ("round_fill", 6), ("blocks", 1)]).unwrap().unwrap();
        assert!(m.block.contains("refill 7 per hole from outside chosen   # round_fill = UCHOOSE"), "{}", m.block);
        let m = of(&[("rounds", 2), ("round_fill", 1), ("round_starter", 1)]).unwrap().unwrap();
        assert!(m.block.contains("refill 7 per hole from left unfilled_open"), "{}", m.block);
        assert!(m.block.contains("\n  starter loser tie waiting   # round_starter = LOSER"), "{}", m.block);
        let m = of(&[("rounds", 2), ("round_fill", 2), ("round_starter", 2)]).unwrap().unwrap();
        assert!(m.block.contains("\n  starter winner tie to_move   # round_starter = WINNER"), "{}", m.block);
        // The whole block checks.
        let file = format!(
            "game \"M\" {{\n  board {{ rows 2; holes 7; stores none }}\n  setup {{ seeds 7 }}\n  sowing {{ direction counterclockwise; first_seed next; origin sown }}\n  moves {{ lift when count(origin) > 0; endless after 75 laps illegal }}\n  end {{ no_moves remaining to owner; winner most_captured }}\n  {}}}\n",
            m.block
        );
        assert!(sowspec_core::check(&file).is_ok(), "{file}");
    }

    #[test]
    fn half_seeds_rounds_are_won_by_more_than_half() {
        // Erherhe's parameters (round_fill UCHOOSE laid out as NOT_APPLICABLE): 98 seeds here, 49 win.
        let m = of(&[("rounds", 1), ("blocks", 1), ("round_starter", 1), ("goal_param", 2)]).unwrap().unwrap();
        assert_eq!(m.win, 49);
        assert!(m.why.starts_with("rounds = HALF_SEEDS: more than half the seeds (49 of 98)"), "{}", m.why);
        // The refill and the end of the match are a NO_MOVES match's.
        assert!(m.block.contains("refill 7 per hole from outside   #") && m.block.contains("match_end below 14"));
        assert!(m.block.contains("starter loser tie waiting"), "{}", m.block);
    }

    #[test]
    fn single_games_and_refusals() {
        assert_eq!(of(&[]), Ok(None));
        let refused = |values: &[(&str, i64)]| of(values).unwrap_err().into_iter().map(|r| r.0).collect::<Vec<_>>();
        assert_eq!(refused(&[("blocks", 1)]), ["blocks"]);
        assert_eq!(refused(&[("goal_param", 3)]), ["goal_param"]);
        assert_eq!(refused(&[("rounds", 3), ("round_fill", 2), ("blocks", 1)]), ["rounds"]);
        assert_eq!(refused(&[("rounds", 2), ("round_fill", 7), ("blocks", 1)]), ["round_fill"]);
        assert_eq!(
            refused(&[("rounds", 2), ("round_fill", 1), ("blocks", 1), ("round_starter", 4)]),
            ["round_starter"]
        );
        assert_eq!(refused(&[("rounds", 2), ("round_fill", 4)]), ["round_fill"]);
    }
}
