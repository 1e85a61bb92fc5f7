//! `goal`: the eliminating goals DEPRIVE and IMMOBILIZE, as MancalaGames'
//! enders decide them (`src/end_move.py`: `DepriveEndGame` over
//! `EndTurnNoMoves`, `ImmobilizeEndGame`). Their games have no other ender:
//! no seed count wins, and `end_cond`, `mustshare`'s ender and rounds are
//! not consulted.

use super::Out;

/// The `end` block's `over` and `winner` lines for an eliminating goal;
/// `None` for MAX_SEEDS (the seed count decides) or a goal recorded as
/// unsupported.
pub(super) fn eliminating(out: &mut Out) -> Option<String> {
    let goal = out.int("goal", 0);
    let lines = match goal {
        // RND_WIN_COUNT_MAX: each round as MAX_SEEDS (`round_wins.rs`).
        0 | 4 => return None,
        // After a move: a player whose opponent's holes are empty wins,
        // else a player whose own are empty loses, else the player who
        // cannot move loses. `deprive` reads the board before the seeds
        // left are awarded as `unclaimed` says (MancalaGames leaves them
        // on the board; the driver's `--sweep-final` awards them).
        // RND_WIN_COUNT_DEP: each round of the match as DEPRIVE (`round_wins.rs`).
        1 | 9 => {
            "over when total(opponent_row) == 0 or total(mover_row) == 0   \
             # goal = DEPRIVE: a player left without seeds loses\n\
             winner deprive   # goal = DEPRIVE: else the player who cannot move loses\n"
        }
        // After a move: the mover wins when the opponent cannot move.
        // RND_WIN_COUNT_IMB: each round as IMMOBILIZE.
        10 | 11 => "winner last_mover   # goal = IMMOBILIZE: the player who cannot move loses\n",
        // TERRITORY: the seed count decides each round (`territory.rs`).
        2 => return None,
        _ => {
            out.unsupported("goal", "goals other than MAX_SEEDS, DEPRIVE, IMMOBILIZE and their counts of round wins");
            return None;
        }
    };
    // MancalaGames' enders for these goals judge a repeat turn differently
    // (the mover, not the player to move, is read) and ignore the rest.
    if out.int("sow_stores", 0) == 1 {
        out.unsupported("sow_stores", "an eliminating goal with a repeat turn in one's store");
    }
    for (param, missing) in [
        ("capt_rturn", "an eliminating goal with a repeat turn after a capture"),
        ("mustshare", "an eliminating goal with mustshare"),
        ("mustpass", "an eliminating goal with passes"),
        ("end_cond", "an eliminating goal with an end condition"),
        ("rounds", "an eliminating goal played in rounds"),
    ] {
        // Rounds counted in wins are read by `round_wins.rs`.
        if out.int(param, 0) != 0 && !(param == "rounds" && super::round_wins::counted(goal)) {
            out.unsupported(param, missing);
        }
    }
    Some(match goal {
        9 | 11 => lines.replace(if goal == 9 { "goal = DEPRIVE" } else { "goal = IMMOBILIZE" }, &out.says("goal", 0)),
        _ => lines.to_string(),
    })
}
