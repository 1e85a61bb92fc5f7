//! MancalaGames' `goal = CLEAR` (its `ClearSeedsEndGame`): after every move,
//! when the mover's holes are empty the mover wins; otherwise, when the
//! opponent's are, the opponent wins. Nothing else ends the game, nothing is
//! awarded (the board stays as it is), and the stores count for nothing.
//!
//! Written as `over when total(mover_row) == 0` with `winner last_mover`,
//! exact where the mover's move cannot empty the opponent's row, which held
//! seeds as it began (else the game would have ended). A single lap that
//! captures nothing only adds seeds there. So does a move of laps that each
//! go on from their last hole (LAPPER) on rows of two holes or more: a lap
//! lifted from an opponent's hole sows on into the next one, unless it is
//! the row's last; and a lap landing there either entered the row at its
//! first hole or started from an earlier hole of it, leaving seeds behind
//! either way. Captures, laps from the hole after the last (LAPPER_NEXT) or
//! moves from the opponent's row (`no_sides`) could leave the opponent
//! without seeds and so make them the winner: those are written with the
//! winner rule for the player whose row is empty, `winner cleared`, and an
//! `over` for either row.

use super::Out;

/// Parameters that would let a move take seeds from the opponent's row.
const NOT_WITH_CLEAR: &[&str] = &["capt_type", "crosscapt", "evens", "capt_min", "capt_max", "sow_rule", "pickextra"];

/// Parameters MancalaGames forbids with CLEAR (or plays as another goal).
const FORBIDDEN_WITH_CLEAR: &[&str] = &["mustshare", "mustpass", "end_cond", "rounds"];

/// What `goal = CLEAR` writes.
pub(super) struct Clear {
    /// What follows `no_moves`.
    pub unclaimed: String,
    /// The `over` and `winner` statements.
    pub end: String,
}

/// The declarations for `goal = CLEAR`, or `None` for any other goal. The
/// problem is recorded when the goal is CLEAR but a move could empty the
/// opponent's row.
pub(super) fn clear(out: &mut Out) -> Option<Clear> {
    if out.int("goal", 0) != 3 {
        return None;
    }
    let laps_keep_seeds = match out.int("mlaps", 0) {
        0 => true,
        1 => out.cfg.holes >= 2,
        _ => false,
    };
    if let Some(p) = FORBIDDEN_WITH_CLEAR.iter().find(|p| out.int(p, 0) != 0) {
        out.unsupported(p, "an end or a duty MancalaGames does not combine with CLEAR");
        return None;
    }
    let takes = NOT_WITH_CLEAR.iter().any(|p| out.int(p, 0) != 0)
        || !laps_keep_seeds
        || out.int("min_move", 1) != 1
        || !matches!(out.cfg.ints("capt_on").as_deref(), Ok([]))
        || out.int("no_sides", 0) != 0;
    if takes {
        return Some(either_row_cleared());
    }
    Some(Clear {
        unclaimed: "keeping board   # goal = CLEAR: MancalaGames awards nothing".into(),
        end: "# goal = CLEAR: a player whose move empties their own holes wins. No move here\n\
              # empties the opponent's holes (see the importer's `clear.rs`), and every player to\n\
              # move holds seeds, so nothing else ends the game; the stores count for nothing.\n\
              over when total(mover_row) == 0   # goal = CLEAR\n\
              winner last_mover   # goal = CLEAR\n"
            .into(),
    })
}

/// CLEAR where a move may empty either row (captures, laps that take the
/// opponent's last seeds on, or `no_sides`: a move lifted from the
/// opponent's row): after every move, whoever's row is empty wins, the
/// mover when both are (`winner cleared`).
fn either_row_cleared() -> Clear {
    Clear {
        unclaimed: "keeping board   # goal = CLEAR: MancalaGames awards nothing".into(),
        end: "# goal = CLEAR: after every move, a player whose holes are empty wins, the mover\n\
              # when both are (MancalaGames' ClearSeedsEndGame); the stores count for nothing.\n\
              over when total(mover_row) == 0 or total(opponent_row) == 0 keeping board   # goal = CLEAR\n\
              winner cleared   # goal = CLEAR\n"
            .into(),
    }
}
