//! Endless sowings where the mover chooses directions (`udir_holes` with
//! multi-lap sowing): MancalaGames' "Disallow Endless Sows" option leaves
//! out the games with `udirect` (its `deco_allowable`), so a move that
//! would sow past MAX_LAPS is legal there, and ends the game at once by its
//! quitter (`Mancala._move`: `end_game(quitter=True)`), after the 75 laps
//! have been sown. The imported file says `endless … ends_game`, which
//! awards the board as it was before the move: the same award where the
//! quitter counts only the seeds left on the board, which no lap changes
//! (LAST_MOVER: every seed to the mover; DIVVIED with stores: half to each,
//! an odd seed to the player holding fewer). The quitter's award is then
//! written after `ends_game` when it is not the one of `no_moves`.

use super::Out;

/// The `endless` statement of the moves for chosen directions in a game
/// sown in laps, or `None` (nothing to change, or the problem recorded).
pub(super) fn endless(out: &mut Out, udir: &[i64], limit: i64) -> Option<String> {
    if out.int("mlaps", 0) == 0 || udir.is_empty() {
        return None;
    }
    let quitter = out.int("quitter", 4);
    let award = match quitter {
        2 => "remaining to last_mover",
        4 if out.int("stores", 0) != 0 => "remaining divided",
        _ => "",
    };
    let plain = out.int("goal", 0) == 0 && out.int("rounds", 0) == 0 && out.int("child_type", 0) == 0;
    if award.is_empty() || !plain {
        out.unsupported(
            "udir_holes",
            "endless sowings from chosen-direction holes (MancalaGames leaves them legal and ends the game by its \
             quitter; importer: LAST_MOVER, or DIVVIED with stores, for single games of MAX_SEEDS without children)",
        );
        return None;
    }
    // No award of its own where `no_moves` gives the seeds left the same way.
    let own = match (award, out.int("unclaimed", 0)) {
        ("remaining to last_mover", 2) | ("remaining divided", 4) => String::new(),
        _ => format!(" {award}"),
    };
    Some(format!(
        "endless after {limit} laps ends_game{own}   # udir_holes with mlaps: MancalaGames' MAX_LAPS; an endless \
         sowing is legal and ends the game by its {}",
        out.says("quitter", 4)
    ))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn an_endless_sowing_with_chosen_directions_ends_the_game() {
        // Stores, quitter DIVVIED by default, unclaimed HOLE_OWNER: the endless
        // move divides the board, where a player without moves leaves each row to its owner.
        let text = rules(5, 4, ", \"mlaps\": 2, \"stores\": true, \"udir_holes\": [0, 1, 2, 3, 4]");
        assert!(text.contains("endless after 75 laps ends_game remaining divided"), "{text}");
        assert!(text.contains("no_moves remaining to owner"), "{text}");
        // LAST_MOVER both ways: `no_moves` says it already.
        let last = ", \"mlaps\": 1, \"quitter\": 2, \"unclaimed\": 2, \"udir_holes\": [0, 1, 2, 3, 4, 5]";
        assert!(rules(6, 4, last).contains("endless after 75 laps ends_game   #"), "{}", rules(6, 4, last));
    }

    #[test]
    fn endless_awards_that_read_the_sown_board_are_refused() {
        // HOLE_OWNER and DONT_SCORE read the board MancalaGames leaves after 75 laps.
        assert_eq!(refused(", \"mlaps\": 1, \"stores\": true, \"quitter\": 0, \"udir_holes\": [2]"), ["udir_holes"]);
        assert_eq!(refused(", \"mlaps\": 1, \"stores\": true, \"quitter\": 1, \"udir_holes\": [2]"), ["udir_holes"]);
        // DIVVIED without stores is MancalaGames' tie.
        assert_eq!(refused(", \"mlaps\": 1, \"udir_holes\": [2]"), ["udir_holes"]);
    }
}
