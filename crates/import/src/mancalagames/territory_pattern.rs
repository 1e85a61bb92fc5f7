//! `start_pattern` in a territory match (`goal = TERRITORY`): each round
//! laid out from the pattern again (`refill … territory setup`).
//!
//! MancalaGames' `TerritoryNewRound` chooses the next round's starter
//! (`set_round_starter`), then calls the rest of its new-game chain:
//! `NewGame` sets `turn` to the player who is *not* that starter, and
//! `NewGamePattern` lays the pattern for that `turn` (turned round for
//! North or South as `fill_seeds` says), the stores emptied. The holes are
//! then counted at the pattern's seeds a hole on average (`seed_equiv`:
//! the pattern's seeds over the board's holes, floored). Under
//! `round_starter = ALTERNATE` that `turn` is the last round's starter,
//! while the first round (the driver's, South to move) is laid for South:
//! so a pattern laid differently for North is turned round after a round
//! North started (`setup turned_after_north`). Such patterns under other
//! starters are refused, as are patterns whose seeds do not fill every
//! hole alike on average (the refill counts every hole alike).

use super::Out;

/// The words after `territory` for `pattern` (a fixed start pattern) on
/// `holes` holes a row and `total` seeds, and the seeds a hole counts;
/// `None` (the reasons recorded) when the match cannot lay it.
pub(super) fn laid(out: &mut Out, pattern: i64, holes: i64, total: i64) -> Option<(&'static str, i64)> {
    // GAMACHA, ALTERNATES, ALTS_WITH_1 and ALTS_SPLIT are laid for the player to move.
    let turned = matches!(pattern, 1 | 2 | 3 | 7);
    if pattern == 9 || total % (2 * holes) != 0 {
        out.unsupported(
            "start_pattern",
            "territory matches whose start pattern makes a move or does not hold the same seeds a hole on average",
        );
        return None;
    }
    if turned && out.int("round_starter", 0) != 0 {
        out.unsupported(
            "round_starter",
            "territory matches laying a start pattern for a starter other than by ALTERNATE (MancalaGames lays \
             it for the player who does not start)",
        );
        return None;
    }
    Some((if turned { " setup turned_after_north" } else { " setup" }, total / (2 * holes)))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Weg's territory match (rounds NO_MOVES, goal_param 10).
    const INFO: &str = ", \"stores\": true, \"goal\": 2, \"goal_param\": 10, \"rounds\": 2, \"mustpass\": true";

    #[test]
    fn the_pattern_is_laid_again_each_round() {
        // ALTS_SPLIT on 6 holes of 8: 48 seeds, 4 a hole on average. A
        // player needs 9 holes and more than half of a tenth, 39 seeds, to
        // win 10 holes: below 48 − 39 + 2 = 11 the match is lost.
        let text = rules(6, 8, &format!("{INFO}, \"start_pattern\": 7"));
        let tight = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(tight.contains("seeds south [2, 8, 0, 8, 0, 8] north [0, 8, 0, 8, 0, 6]"), "{text}");
        assert!(tight.contains("refill 4 per hole territory setup turned_after_north #"), "{text}");
        assert!(tight.contains("match_end below 11 #"), "{text}");
        // TWOEMPTY on 6 holes of 3: 24 seeds over 12 holes, 2 a hole, the same for either player.
        let text = rules(6, 3, &format!("{INFO}, \"start_pattern\": 5"));
        let tight = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(tight.contains("refill 2 per hole territory setup #"), "{text}");
    }

    #[test]
    fn patterns_for_other_starters_or_uneven_are_refused() {
        assert_eq!(refused(&format!("{INFO}, \"start_pattern\": 7, \"round_starter\": 1")), ["round_starter"]);
        // TWOEMPTY on 6 holes of 4: 32 seeds over 12 holes.
        assert_eq!(refused(&format!("{INFO}, \"start_pattern\": 5")), ["start_pattern"]);
    }
}
