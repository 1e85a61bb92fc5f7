//! `rounds = HALF_SEEDS`: a round ends as soon as a player holds more than
//! half the seeds (MancalaGames' `compute_win_seeds`: HALF_SEEDS, like a
//! MAX_SEEDS game, wins with more than ⌈total / 2⌉, and ties at exactly that
//! much each), or, as a `NO_MOVES` round, when the player to move cannot.
//! Nothing else differs: the seeds left on the board are counted for their
//! row's owner (`ClaimOwnSeeds`) when the next round is filled, and the
//! match ends when a player cannot fill `goal_param` holes (`RoundWinner`).

/// The most seeds a player may hold without winning a round of `total`
/// seeds at once, and the comment saying why.
pub(super) fn win(total: i64) -> (i64, String) {
    let half = total / 2 + total % 2;
    (half, format!("rounds = HALF_SEEDS: more than half the seeds ({half} of {total}) win the round at once"))
}

#[cfg(test)]
mod tests {
    use super::win;

    #[test]
    fn more_than_half_wins_rounding_up() {
        // Erherhe's 48 seeds: 25 win; an odd total rounds up, as MancalaGames' divmod does.
        assert_eq!(win(48).0, 24);
        assert_eq!(win(49).0, 25);
        assert!(win(48).1.contains("(24 of 48)"), "{}", win(48).1);
    }
}
