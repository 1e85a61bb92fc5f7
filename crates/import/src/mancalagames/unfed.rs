//! MancalaGames' `unclaimed = UNFED_PLAYER`: what happens to the seeds left
//! when a game of `mustshare` ends.
//!
//! MancalaGames reads it through two enders. When the player to move still
//! has seeds but cannot feed an opponent who has none (its
//! `EndTurnMustShare`), the *unfed* player, the one without seeds, takes
//! every seed left: always the player who is not stuck, which is what
//! `no_moves remaining to last_mover` gives. When the player to move has no
//! seeds at all, the game ends by its `EndTurnNoMoves`, and the seeds left go
//! as the `quitter` parameter says: to their owners (HOLE_OWNER) or to the
//! last mover (LAST_MOVER), which are the same here, since every seed left
//! is then in the last mover's row; or scored by nobody (DONT_SCORE), written
//! as a further `over` condition that keeps the board.

use super::Out;

/// The end of an UNFED_PLAYER game: the `no_moves` award, and the further
/// `over` line (empty when none), or `None` when a part cannot be expressed.
pub(super) struct Unfed {
    /// What follows `no_moves [pass]`.
    pub award: String,
    /// A last line of the `over` condition, ending the statement (empty when none).
    pub over: String,
}

/// The end for `unclaimed = UNFED_PLAYER`, or `None` (with the problem
/// recorded) where MancalaGames would behave otherwise than written.
pub(super) fn unfed(out: &mut Out) -> Option<Unfed> {
    // MancalaGames requires mustshare; without mustpass its EndTurnMustShare
    // decides. Both enders count holes of `min_move` seeds or more: 1 only here.
    if out.int("mustshare", 0) == 0 || out.int("mustpass", 0) != 0 || out.int("min_move", 1) != 1 {
        out.unsupported("unclaimed", "UNFED_PLAYER without mustshare, with mustpass or with min_move above 1");
        return None;
    }
    let award = "remaining to last_mover   # unclaimed = UNFED_PLAYER: a player who cannot feed the other \
                 leaves every seed to the unfed one"
        .to_string();
    let over = match out.int("quitter", 4) {
        0 | 2 => String::new(),
        // The player to move is the mover's opponent only without repeat turns.
        1 if out.int("sow_stores", 0) == 0 && out.int("end_cond", 0) == 0 => format!(
            "\nor total(opponent_row) == 0 keeping board   # {}: a player left without seeds ends the game, \
             the seeds left scored by nobody",
            out.says("quitter", 4)
        ),
        _ => {
            out.unsupported(
                "quitter",
                "with UNFED_PLAYER, the seeds left divided, or unscored with repeat turns or an end condition",
            );
            return None;
        }
    };
    Some(Unfed { award, over })
}
