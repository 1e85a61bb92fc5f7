//! MancalaGames' rules that read the previous move, as `lift` conditions on
//! `previous_origin`, `previous_lifted` and `previous_clockwise`:
//!
//! - `sow_direct = PLAYALTDIR` (its `PlayAltDir`): the game's first move
//!   (each round's, as MancalaGames counts moves afresh in a round) is sown
//!   either way; from then on the player who made it keeps that direction and
//!   the other player sows the other way. Read move by move: the mover sows
//!   as the previous move did when it was their own (a repeat turn, or the
//!   opponent passed), the other way when it was the opponent's.
//! - `sow_direct = SPLIT` with single seeds movable (its `DontUndoMoveOne`):
//!   a lone seed sown from one end of a row across into the end of the other
//!   may not be sown straight back by the next player while it lies there
//!   alone.

use super::super::directions::Directions;

/// The direction statement and `lift` condition of PLAYALTDIR (MancalaGames
/// makes every hole a chosen-direction hole, whatever `udir_holes` says).
pub(super) fn alternating() -> Directions {
    const SAME: &str = "clockwise and previous_clockwise or counterclockwise and previous_counterclockwise";
    const OTHER: &str = "clockwise and previous_counterclockwise or counterclockwise and previous_clockwise";
    Directions {
        word: "chosen",
        why: "sow_direct = PLAYALTDIR: the first move's direction stays its mover's, the other the opponent's".into(),
        lift: Some(format!(
            "(previous_lifted == 0\nor previous_origin in mover_row and ({SAME})\n\
             or previous_origin in opponent_row and ({OTHER}))"
        )),
    }
}

/// The `lift` condition of SPLIT's ban on a row of `holes`: not the hole a
/// lone seed of the opponent's just crossed into from the end of their row
/// (hole `a` and the last hole face each other across each end of the board).
/// With `either_row` (`no_sides`: a move may come from either row), the
/// seed may have crossed either way: MancalaGames bans the hole it landed in
/// whichever row it is in.
pub(super) fn no_lone_seed_back(holes: i64, either_row: bool) -> String {
    let crossed = if either_row {
        "(origin in mover_row and previous_origin in opponent_row\n\
         or origin in opponent_row and previous_origin in mover_row)"
    } else {
        "previous_origin in opponent_row"
    };
    format!(
        "not (previous_lifted == 1 and count(origin) == 1 and {crossed}\n\
         and (index(origin) == 1 and index(previous_origin) == {holes}\n\
         or index(origin) == {holes} and index(previous_origin) == 1))"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternating_directions_follow_the_previous_move() {
        let d = alternating();
        assert_eq!(d.word, "chosen");
        let lift = d.lift.unwrap();
        // The first move is free; a move after the mover's own goes the same way.
        assert!(
            lift.starts_with(
                "(previous_lifted == 0\nor previous_origin in mover_row and (clockwise and previous_clockwise"
            ),
            "{lift}"
        );
        // After the opponent's, the other way.
        assert!(lift.ends_with("in opponent_row and (clockwise and previous_counterclockwise or counterclockwise and previous_clockwise))"), "{lift}");
    }

    #[test]
    fn the_lone_seed_ban_names_both_ends_of_the_row() {
        // On 5 holes: S.a and N.e face each other across the left end, S.e and N.a across the right.
        let ban = no_lone_seed_back(5, false);
        assert!(ban.contains("index(origin) == 1 and index(previous_origin) == 5"), "{ban}");
        assert!(ban.contains("index(origin) == 5 and index(previous_origin) == 1"), "{ban}");
        assert!(ban.starts_with("not (previous_lifted == 1 and count(origin) == 1 and previous_origin in opponent_row"));
        // With moves from either row, a seed crossing either way: origin and previous origin in different rows.
        let either = no_lone_seed_back(5, true);
        assert!(
            either.contains(
                "(origin in mover_row and previous_origin in opponent_row\nor origin in opponent_row and previous_origin in mover_row)"
            ),
            "{either}"
        );
    }
}
