//! `start_pattern = RANDOM`: MancalaGames' `RandomPattern`
//! (`src/fill_patterns.py`) lays out `nbr_start` seeds in all — not a hole —
//! at random over every hole, at least 2 a hole when there are seeds enough
//! for 2 in each, else none; the stores start empty. Written as a drawn
//! setup. Its draw (sorted uniform cuts of the total, rounded) is not
//! sowspec's (each seed into a hole drawn alike), but both lay out the same
//! starts, and a recorded game gives its own.

/// The `setup` line for `nbr_start` seeds drawn over `holes` holes a
/// side, with its comment, and the seeds in play.
pub(super) fn setup(holes: i64, nbr_start: i64) -> (String, i64) {
    let at_least = if nbr_start < 4 * holes { 0 } else { 2 };
    let line = format!(
        "seeds drawn {nbr_start} at_least {at_least}   # start_pattern = RANDOM: game_constants.nbr_start = \
         {nbr_start} seeds in all, at random, at least {at_least} a hole"
    );
    (line, nbr_start)
}

#[cfg(test)]
mod tests {
    use super::setup;

    #[test]
    fn the_total_is_drawn_with_two_a_hole_when_there_are_enough() {
        // Mangala IV's numbers: 98 seeds over 14 holes, 98 ≥ 2·14.
        assert_eq!(setup(7, 98).1, 98);
        assert!(setup(7, 98).0.starts_with("seeds drawn 98 at_least 2   # start_pattern = RANDOM"));
        // 2·2·6 = 24 seeds give every hole 2; 23 do not, so a hole may be empty.
        assert!(setup(6, 24).0.starts_with("seeds drawn 24 at_least 2 "));
        assert!(setup(6, 23).0.starts_with("seeds drawn 23 at_least 0 "));
    }
}
