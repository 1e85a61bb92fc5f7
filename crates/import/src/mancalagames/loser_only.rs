//! `round_fill = LOSER_ONLY`: only the round's loser refills
//! (`refill … from south_left loser_only`).
//!
//! MancalaGames (`new_game.py`'s `NewRoundLoserOnly`, `end_move.py`'s
//! `RoundLoserFillWinner`) ends a round as any `NO_MOVES` round, the seeds
//! left counted for the owner of their row without being moved
//! (`ClaimOwnSeeds`). Then:
//! - a drawn round ends the match, drawn;
//! - a loser holding fewer than `goal_param` holes' worth (one hole's when
//!   0) loses the match, as `match_end below` says;
//! - a winner whose row, as it stands, has no move ends the match, won;
//! - otherwise the loser's seeds (store and row) fill their holes in
//!   `get_my_range`'s order, from the board's end on South's left (South
//!   from its `a`, North from its last hole: `from south_left`),
//!   `nbr_start` each, the rest closed under
//!   `blocks`, what is left in their store; the winner's row, store and
//!   closed holes stay as the round left them.
//!
//! The winner's unplayable row is read here by the next round's starter
//! having no move, which ends the match: so only `round_starter = WINNER`
//! without passes is imported.

use super::Out;
use crate::rounds::{rounds, Match};

/// Whether `round_fill` is LOSER_ONLY.
pub(super) fn applies(round_fill: i64) -> bool {
    round_fill == 10
}

/// The match of a LOSER_ONLY refill on rows of `seeds` seeds a hole and
/// `total` seeds in all; `None` (the reasons recorded) when the
/// parameters ask for more.
pub(super) fn loser_only(out: &mut Out, seeds: i64, total: i64) -> Option<Match> {
    if out.int("round_starter", 0) != 2 {
        out.unsupported(
            "round_starter",
            "LOSER_ONLY refills started other than by the winner (MancalaGames ends the match when the \
             winner's kept row cannot move)",
        );
    }
    if out.int("mustpass", 0) != 0 {
        out.unsupported("mustpass", "passes with LOSER_ONLY refills (the winner's kept row must move)");
    }
    // Played as a refill from the left, then turned to `from south_left`.
    let mut param = |name: &str, default: i64| if name == "round_fill" { 1 } else { out.int(name, default) };
    let played = rounds(&mut param, seeds, total);
    let mut m = match played {
        Ok(m) => m?,
        Err(refused) => {
            for (param, missing) in refused {
                out.unsupported(param, missing);
            }
            return None;
        }
    };
    let (line, why) = m.block.split_once("   # round_fill = LEFT_FILL").expect("a refill from the left");
    let line = line.replace(" from left", " from south_left");
    let why = why.split_once('\n').map_or("", |w| w.1);
    let blocks = if out.int("blocks", 0) == 0 { "false" } else { "true" };
    m.block = format!(
        "{line} loser_only   # round_fill = LOSER_ONLY, blocks = {blocks}: only the loser refills, from\n  \
         # the board's end on South's left; the winner's row and store carry over; a tie ends the match\n{why}"
    );
    m.block = m.block.replace(
        "starter winner tie to_move   # round_starter = WINNER: after a tie, who was to move",
        "starter winner   # round_starter = WINNER (no round follows a tie)",
    );
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Jongkak's rounds on 3 holes of 4: stores, blocks, WINNER.
    const INFO: &str =
        ", \"stores\": true, \"rounds\": 2, \"round_fill\": 10, \"round_starter\": 2, \"blocks\": true, \"quitter\": 0";

    /// `text`'s lines, their comment padding closed up.
    fn tight(text: &str) -> String {
        text.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn only_the_loser_refills() {
        let text = tight(&rules(3, 4, INFO));
        // 24 seeds less one hole of 4: more than 20 wins the round at once.
        assert!(text.contains("over when captured(mover) > 20 or captured(opponent) > 20"), "{text}");
        assert!(text.contains("refill 4 per hole from south_left loser_only # round_fill = LOSER_ONLY"), "{text}");
        assert!(text.contains("\nstarter winner # round_starter = WINNER (no round follows a tie)"), "{text}");
        assert!(text.contains("\nmatch_end below 4 "), "{text}");
    }

    #[test]
    fn other_starters_and_passes_are_refused() {
        assert_eq!(refused(&INFO.replace("\"round_starter\": 2", "\"round_starter\": 0")), ["round_starter"]);
        assert_eq!(refused(&format!("{INFO}, \"mustpass\": true")), ["mustpass"]);
    }
}
