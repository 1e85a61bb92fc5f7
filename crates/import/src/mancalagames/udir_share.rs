//! `mustshare` where the mover chooses directions (`udir_holes`):
//! MancalaGames' MustShareUdir sows each chosen-direction hole both ways,
//! but a hole that shares in either direction stays allowed as a whole, and
//! its moves (`UdirMoves.get_moves`) are then offered in both directions,
//! the one that feeds nobody included. (The per-direction verdict it keeps
//! is for its user interface alone.) The imported duty says
//! `either_direction`, which judges it per hole as MancalaGames does.

/// The words after `must_leave … when …` for `udir_holes` (empty without
/// chosen directions, or under PLAYALTDIR, which offers one direction after
/// the first move).
pub(super) fn either_direction(udir: &[i64], sow_direct: i64) -> &'static str {
    if udir.is_empty() || sow_direct == 2 {
        ""
    } else {
        " either_direction"
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::rules;

    #[test]
    fn sharing_in_either_direction_allows_both() {
        let text = rules(6, 4, ", \"mustshare\": true, \"udir_holes\": [0, 5]");
        assert!(
            text.contains("must_leave total(opponent_row) > 0 when total(opponent_row) == 0 either_direction"),
            "{text}"
        );
        // Without chosen directions the duty is judged per move.
        let text = rules(6, 4, ", \"mustshare\": true");
        assert!(text.contains("when total(opponent_row) == 0   # mustshare"), "{text}");
    }
}
