//! MancalaGames' `goal = CLEAR` (its `ClearSeedsEndGame`): after every move,
//! when the mover's holes are empty the mover wins; otherwise, when the
//! opponent's are, the opponent wins. Nothing else ends the game, and the
//! stores count for nothing.
//!
//! Written as `over when total(mover_row) == 0` with `winner last_mover`,
//! which is exact only where the mover's move cannot empty the opponent's
//! row: a single lap that captures nothing only adds seeds there. A lap
//! sower or a capture could leave the opponent without seeds, and
//! MancalaGames would then give them the win: that needs a winner rule of
//! its own (the mirror of `winner deprive`), so those configurations are
//! refused.

use super::Out;

/// Parameters that would let a move take seeds from the opponent's row, or
/// end or restrict the game otherwise than by an emptied row.
const NOT_WITH_CLEAR: &[&str] = &[
    "mlaps",
    "capt_type",
    "crosscapt",
    "evens",
    "capt_min",
    "capt_max",
    "sow_rule",
    "pickextra",
    "mustshare",
    "mustpass",
    "end_cond",
    "rounds",
];

/// The `over` and `winner` statements for `goal = CLEAR`, or `None` for any
/// other goal. The problem is recorded when the goal is CLEAR but the
/// configuration could empty the opponent's row.
pub(super) fn clear(out: &mut Out) -> Option<String> {
    if out.int("goal", 0) != 3 {
        return None;
    }
    let takes = NOT_WITH_CLEAR.iter().any(|p| out.int(p, 0) != 0)
        || out.int("min_move", 1) != 1
        || !matches!(out.cfg.ints("capt_on").as_deref(), Ok([]));
    if takes {
        out.unsupported(
            "goal",
            "CLEAR where a move can empty the opponent's row (a winner rule for the player whose row is empty)",
        );
        return None;
    }
    Some(
        "# goal = CLEAR: a player whose move empties their own holes wins. No move\n\
         # here takes seeds from the opponent's row (a single lap, no capture),\n\
         # so the opponent's holes are never emptied by the mover's move.\n\
         over when total(mover_row) == 0   # goal = CLEAR\n\
         winner last_mover   # goal = CLEAR: the stores count for nothing\n"
            .to_string(),
    )
}
