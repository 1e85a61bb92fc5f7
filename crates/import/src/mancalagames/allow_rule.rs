//! MancalaGames' move filters (`allow_rule`, its `allowables.py`) as a
//! further condition of `lift when`.
//!
//! - `OPP_OR_EMPTY` (`OppOrEmptyEnd`): a hole of at most `holes` seeds may
//!   be lifted only if its first lap ends on the opponent's side or in a hole
//!   of the mover's that was empty before the move. MancalaGames sows the lap
//!   on a copy and reads the end hole on the board as it was before the move,
//!   which is what `count(landing)` reads in `lift when`.
//! - `SINGLE_TO_ZERO` (`SingleToZero`): a single seed may be moved only into
//!   an empty hole.
//! - `SINGLE_ONLY_ALL` and `TWO_ONLY_ALL` (`OnlyIfAllN`, N = 1 or 2): a hole
//!   of N seeds may be lifted only when no other hole the mover could lift
//!   holds another number of seeds. MancalaGames applies it before the duty
//!   to share (`mustshare`), so it is a `lift when` condition, not `prefer`.
//! - `TWO_ONLY_ALL_RIGHT` (`AllTwoRightmost`): a hole of two seeds may not
//!   be lifted while the mover could lift a hole of another number; when
//!   every one they could lift holds two, only the rightmost of them. The
//!   holes one could lift are those of at least `min_move` seeds: with
//!   `--disallow-endless` MancalaGames also leaves out the endless sowings
//!   first, which this condition does not read (a move it allows may then
//!   be an endless one, refused; MancalaGames would allow the next hole).
//! - `RIGHT_2_1ST_THEN_ALL_TWO` (`OnlyIfAllN` with 2, then `OnlyRightTwo`):
//!   `TWO_ONLY_ALL`, and in the round's first turn (its `movers` 0) only
//!   the two rightmost of the holes that leaves.
//! - `NOT_XFROM_1S` (`NotXfromOnes`): no move from a hole facing a single
//!   seed (MancalaGames pairs each of the mover's holes with the one across).

use super::Out;

/// The condition `lift when` adds for `allow_rule` (with its comment), or
/// nothing when there is none or it cannot be expressed.
pub(super) fn allow_rule(out: &mut Out) -> Option<(String, String)> {
    let says = out.says("allow_rule", 0);
    match out.int("allow_rule", 0) {
        0 => None,
        1 => {
            let holes = out.cfg.holes;
            Some((
                format!("(count(origin) > {holes} or not (landing in mover_row and count(landing) > 0))"),
                format!("{says}: a first lap of at most {holes} seeds ends on the opponent's side or in an empty hole"),
            ))
        }
        2 => {
            // MancalaGames refuses a hole whose next step is a store, whatever its seeds,
            // and reads the direction of chosen holes from no move: not written here.
            if out.int("sow_stores", 0) != 0 || !out.cfg.ints("udir_holes").unwrap_or_default().is_empty() {
                out.unsupported("allow_rule", "SINGLE_TO_ZERO with sown stores or chosen directions");
                return None;
            }
            Some((
                "(count(origin) != 1 or count(next(origin)) == 0)".into(),
                format!("{says}: a single seed moves only into an empty hole"),
            ))
        }
        3 => only_if_all(out, 1),
        5 => only_if_all(out, 2),
        6 => two_rightmost(out),
        8 => right_two_first(out),
        11 => occupied(out),
        12 | 13 => right_half_firsts(out),
        // MOVE_ALL_HOLES_FIRST keeps a memory: move_all_first.rs.
        9 => None,
        10 if out.int("no_sides", 0) == 0 => {
            Some(("count(opposite(origin)) != 1".into(), format!("{says}: not from a hole facing a single seed")))
        }
        _ => {
            out.unsupported("allow_rule", "MancalaGames' move filters (allow_rule)");
            None
        }
    }
}

/// `OCCUPIED` (`Occupied`): a hole may be lifted only if its first lap
/// leaves more than the last seed in the hole it ends in. MancalaGames sows
/// the lap on a copy; the lap of `n` seeds round a track of `len` holes
/// drops `(n - 1) / len + 1` seeds in its last hole, which held
/// `count(landing)` before (nothing when it is the origin, `n == len`). So
/// the last hole holds one seed when `n < len` and it was empty, or when
/// `n == len`. Written for the plain sowing only (first seed next, the
/// origin sown, no stores sown, one direction).
fn occupied(out: &mut Out) -> Option<(String, String)> {
    let says = out.says("allow_rule", 0);
    let plain = out.int("sow_start", 0) == 0
        && out.int("skip_start", 0) == 0
        && out.int("sow_stores", 0) == 0
        && out.int("blocks", 0) == 0
        && out.int("no_sides", 0) == 0
        && out.int("sow_rule", 0) == 0
        && out.int("sow_direct", 1).abs() == 1
        && out.cfg.ints("udir_holes").unwrap_or_default().is_empty();
    if !plain {
        out.unsupported("allow_rule", "OCCUPIED with sowings other than the plain one");
        return None;
    }
    let len = 2 * out.cfg.holes;
    Some((
        format!("(count(origin) > {len} or count(origin) < {len} and count(landing) > 0)"),
        format!("{says}: the first lap ends in a hole that held seeds"),
    ))
}

/// `RIGHT_HALF_FIRSTS` (`RightHalfFirsts`): each player's first turn
/// moves from the right half of their row (no middle hole); with
/// `RIGHT_HALF_1ST_OPE` later moves are `OPP_OR_EMPTY`'s. MancalaGames
/// counts turns by its `movers`, passes included: refused where a player
/// may pass.
fn right_half_firsts(out: &mut Out) -> Option<(String, String)> {
    let says = out.says("allow_rule", 0);
    if out.int("mustpass", 0) != 0 || out.int("no_sides", 0) != 0 {
        out.unsupported("allow_rule", "first moves from the right half, with passes or moves from both rows");
        return None;
    }
    let holes = out.cfg.holes;
    let right = format!("(turns_played >= 2 or index(origin) > {})", holes - holes / 2);
    if out.int("allow_rule", 0) == 12 {
        return Some((right, format!("{says}: each player's first turn from the right half of their row")));
    }
    Some((
        format!(
            "{right} and\n(turns_played < 2 or count(origin) > {holes} or not (landing in mover_row and count(landing) > 0))"
        ),
        format!(
            "{says}: each player's first turn from the right half of their row; then a first lap \
             of at most {holes} seeds ends on the opponent's side or in an empty hole"
        ),
    ))
}

/// `AllTwoRightmost`: no hole of two while one of another liftable count is
/// left; else only the rightmost (the highest index, on either row).
fn two_rightmost(out: &mut Out) -> Option<(String, String)> {
    let says = out.says("allow_rule", 0);
    if out.int("child_type", 0) != 0
        || out.int("blocks", 0) != 0
        || out.int("no_sides", 0) != 0
        || !out.cfg.ints("udir_holes").unwrap_or_default().is_empty()
    {
        out.unsupported(
            "allow_rule",
            "TWO_ONLY_ALL_RIGHT with children, blocked holes, both rows or chosen directions",
        );
        return None;
    }
    let other = other(out.int("min_move", 1).max(1), 2);
    Some((
        format!(
            "(count(origin) != 2 or holes(mover_row, {other}) == 0 and \
             holes(mover_row, count(hole) == 2 and index(hole) > index(origin)) == 0)"
        ),
        format!("{says}: a hole of 2 only when every hole one could lift holds 2, and then the rightmost"),
    ))
}

/// `RIGHT_2_1ST_THEN_ALL_TWO`: `TWO_ONLY_ALL`, and in the first turn of the
/// round no hole with two or more allowed holes to its right.
fn right_two_first(out: &mut Out) -> Option<(String, String)> {
    let says = out.says("allow_rule", 0);
    let (two, _) = only_if_all(out, 2)?;
    if out.int("mustpass", 0) != 0 {
        // MancalaGames counts a pass among its movers.
        out.unsupported("allow_rule", "RIGHT_2_1ST_THEN_ALL_TWO with passes");
        return None;
    }
    let min = out.int("min_move", 1).max(1);
    let other = other(min, 2);
    let right = "index(hole) > index(origin)";
    Some((
        format!(
            "{two} and\n  (turns_played > 0\n  \
             or holes(mover_row, {other}) == 0 and holes(mover_row, count(hole) >= {min} and {right}) < 2\n  \
             or holes(mover_row, {other}) > 0 and holes(mover_row, {other} and {right}) < 2)"
        ),
        format!(
            "{says}: a hole of 2 only when every hole one could lift holds 2; in the round's first turn, \
             one of the two rightmost such holes"
        ),
    ))
}

/// The holes of the mover's one could lift (`min` seeds or more) that do not
/// hold `n`, as a condition on `hole`.
fn other(min: i64, n: i64) -> String {
    if n < min {
        format!("count(hole) >= {min}")
    } else if n == min {
        format!("count(hole) > {n}")
    } else {
        format!("count(hole) >= {min} and count(hole) != {n}")
    }
}

/// `OnlyIfAllN`: a hole of `n` seeds only when every hole the mover could
/// lift (at least `min_move` seeds) holds `n`.
fn only_if_all(out: &mut Out, n: i64) -> Option<(String, String)> {
    let says = out.says("allow_rule", 0);
    // Children and chosen directions change which holes MancalaGames counts
    // as liftable: not written here. With laps and `--disallow-endless` it
    // also leaves out the endless sowings first (see TWO_ONLY_ALL_RIGHT).
    if out.int("child_type", 0) != 0 || !out.cfg.ints("udir_holes").unwrap_or_default().is_empty() {
        out.unsupported("allow_rule", "a move filter on the holes one could lift, with children or chosen directions");
        return None;
    }
    let other = other(out.int("min_move", 1).max(1), n);
    Some((
        format!("(count(origin) != {n} or holes(mover_row, {other}) == 0)"),
        format!("{says}: a hole of {n} only when every hole one could lift holds {n}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// NOT_XFROM_1S: a hole is moved from only if the one across does not
    /// hold a single seed; not with moves from both rows.
    #[test]
    fn no_move_from_a_hole_facing_a_single_seed() {
        let text = rules(6, 4, ", \"allow_rule\": 10");
        assert!(
            text.contains(
                "  count(opposite(origin)) != 1   # allow_rule = NOT_XFROM_1S: not from a hole facing a single seed"
            ),
            "{text}"
        );
        assert!(refused(", \"allow_rule\": 10, \"no_sides\": true").contains(&"allow_rule".to_string()));
    }
}
