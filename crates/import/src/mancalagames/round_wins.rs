//! Goals counted in round wins (`goal = RND_WIN_COUNT_MAX`,
//! `RND_WIN_COUNT_DEP`, `RND_WIN_COUNT_IMB`) as a match of fresh rounds.
//!
//! MancalaGames (`round_tally.py`, `new_game.py`'s `NewRoundTally`,
//! `end_move.py`'s `RoundTallyWinner`) plays each round as a new game: the
//! board set out as the start pattern says, the stores emptied, whatever the
//! last round left (`round_fill` and `blocks` are not read). A round is
//! decided as the single game would be (DEPRIVE, IMMOBILIZE, or the seeds
//! held for RND_WIN_COUNT_MAX); a won round adds one to the winner's tally
//! and a tie to nobody's, and the first to `goal_param` wins takes the match:
//! `refill setup` and `match_end wins N`. Under `rounds = NO_MOVES` (which
//! MancalaGames requires of these goals but RND_WIN_COUNT_MAX), a round of
//! RND_WIN_COUNT_MAX is won outright only by holding every seed
//! (`compute_win_seeds`: the total less one), else it ends when a player
//! cannot move.
//!
//! The next round's starter (`set_round_starter`, called with the round's
//! winner): ALTERNATE, the player who did not start the last round;
//! LOSER and WINNER, the round's loser and winner; LAST_MOVER, the last
//! mover. After a tied round MancalaGames has no winner to read and
//! alternates whatever `round_starter` says; only ALTERNATE is imported
//! where rounds can tie (RND_WIN_COUNT_MAX): a DEPRIVE or IMMOBILIZE round
//! always has a winner.
//!
//! The start patterns that MancalaGames turns round for the player to move
//! when it sets them out (GAMACHA, ALTERNATES, ALTS_WITH_1, ALTS_SPLIT:
//! `fill_seeds` reads `game.turn`) are set out, in a new round, for the
//! player who did not start the last one: `NewGame` sets `turn = not
//! starter` before filling, and only then does `set_round_starter` choose
//! the starter. Under `round_starter = LOSER` the driver's first round
//! (South to start) is so set out for North, the pattern turned round; each
//! later round is set out as the first after a round South started, turned
//! after one North started: `refill setup turned_after_north`. Other
//! starters with such an asymmetric pattern are refused.

use super::Out;
use crate::rounds::{starter_line, Match};

/// Whether `goal` is counted in round wins (and imported so).
pub(super) fn counted(goal: i64) -> bool {
    matches!(goal, 4 | 9 | 11)
}

/// The match for a goal counted in round wins, on `total` seeds in all,
/// and the `setup` line (`setup` as `start.rs` writes it) turned round
/// where the first round is set out so; `None` (with the reasons recorded)
/// when the parameters ask for more.
pub(super) fn round_wins(out: &mut Out, total: i64, setup: &str) -> Option<(Match, Option<String>)> {
    let goal = out.int("goal", 0);
    let before = out.problems.len();
    // HALF_SEEDS (with RND_WIN_COUNT_MAX only): a round is won at once by
    // more than half the seeds (`compute_win_seeds`), as a MAX_SEEDS game.
    let half_seeds = out.int("rounds", 0) == 1 && goal == 4;
    if out.int("rounds", 0) != 2 && !half_seeds {
        out.unsupported("rounds", "goals counted in round wins whose rounds end other than when a player cannot move");
    }
    for (param, missing) in [
        ("round_fill", "refills in a match whose every round starts afresh (MancalaGames does not read them)"),
        ("blocks", "blocked holes in a match whose every round starts afresh"),
    ] {
        if out.int(param, 0) != 0 {
            out.unsupported(param, missing);
        }
    }
    let starter = out.int("round_starter", 0);
    if goal == 4 && starter != 0 {
        out.unsupported(
            "round_starter",
            "round starters other than ALTERNATE where rounds can tie (MancalaGames then alternates)",
        );
    }
    let wins = out.int("goal_param", 0);
    if !(1..=255).contains(&wins) {
        out.unsupported("goal_param", "a count of round wins from 1 to 255");
    }
    let mut refused = Vec::new();
    let starter_line = starter_line(starter, &mut refused);
    for (param, missing) in refused {
        out.unsupported(param, missing);
    }
    let turned = if matches!(out.int("start_pattern", 0), 1 | 2 | 3 | 7) { turn(setup) } else { None };
    if turned.is_some() && starter != 1 {
        out.unsupported(
            "start_pattern",
            "a start pattern set out for the round's non-starter, with round starters other than LOSER",
        );
    }
    if out.problems.len() > before {
        return None;
    }
    let goal_name = out.says("goal", 0);
    let (turned_word, turned_why) = if turned.is_some() {
        (" turned_after_north", ", turned round after a round North started (set out for the other player)")
    } else {
        ("", "")
    };
    let half = total / 2 + total % 2;
    let played = Match {
        win: if half_seeds { half } else { total - 1 },
        why: if half_seeds {
            format!(
                "{goal_name}, rounds = HALF_SEEDS: more than half the seeds ({half} of {total}) wins the round at \
                 once (MancalaGames' win_seeds)"
            )
        } else {
            format!(
                "{goal_name}, rounds = NO_MOVES: a player holding every seed ({total}) wins the round at once \
                 (MancalaGames' win_seeds, the total less one)"
            )
        },
        block: format!(
            "match {{\n  refill setup{turned_word}   # {goal_name}: every round is a new game from the start \
             pattern{turned_why}\n  \
             {starter_line}\n  match_end wins {wins}   # goal_param = {wins}: the first to win {wins} rounds wins; \
             a tied round counts for nobody\n}}\n"
        ),
    };
    Some((played, turned))
}

/// `seeds south [A] north [B]   # …` as `seeds south [B] north [A]   # …,
/// turned round`; `None` when both rows are alike (or for one count a hole).
fn turn(setup: &str) -> Option<String> {
    let (seeds, comment) = setup.split_once("   # ").unwrap_or((setup, ""));
    let (south, north) = seeds.strip_prefix("seeds south ")?.split_once(" north ")?;
    (south != north).then(|| format!("seeds south {north} north {south}   # {comment}, turned round for North"))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// The line of `text` that begins (indentation aside) with `start`,
    /// its comment's padding closed up.
    fn line(text: &str, start: &str) -> String {
        let found = text.lines().map(str::trim).find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("{text}"));
        found.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn round_wins_end_the_match() {
        // RND_WIN_COUNT_DEP: each round a DEPRIVE game; LOSER starts the next.
        let text = rules(6, 4, ", \"goal\": 9, \"goal_param\": 5, \"rounds\": 2, \"round_starter\": 1");
        assert_eq!(
            line(&text, "over when"),
            "over when total(opponent_row) == 0 or total(mover_row) == 0 # goal = RND_WIN_COUNT_DEP: \
             a player left without seeds loses"
        );
        assert!(line(&text, "winner").starts_with("winner deprive # goal = RND_WIN_COUNT_DEP"), "{text}");
        assert_eq!(
            line(&text, "refill"),
            "refill setup # goal = RND_WIN_COUNT_DEP: every round is a new game from the start pattern"
        );
        assert!(line(&text, "starter").starts_with("starter loser tie waiting # round_starter = LOSER"));
        assert!(line(&text, "match_end").starts_with("match_end wins 5 # goal_param = 5"));
        // RND_WIN_COUNT_MAX: the round is won at once only with all 48 seeds.
        let text = rules(6, 4, ", \"goal\": 4, \"goal_param\": 10, \"rounds\": 2");
        assert!(text.contains("over when captured(mover) > 47 or captured(opponent) > 47"), "{text}");
        assert!(line(&text, "winner").starts_with("winner most_captured # goal = RND_WIN_COUNT_MAX"), "{text}");
        assert!(line(&text, "starter").starts_with("starter alternate"));
        assert!(line(&text, "match_end").starts_with("match_end wins 10 "));
        // RND_WIN_COUNT_IMB: each round an IMMOBILIZE game.
        let text = rules(6, 4, ", \"goal\": 11, \"goal_param\": 3, \"rounds\": 2, \"round_starter\": 2");
        assert!(line(&text, "winner").starts_with("winner last_mover # goal = RND_WIN_COUNT_IMB"), "{text}");
        assert!(line(&text, "starter").starts_with("starter winner"));
        assert!(line(&text, "match_end").starts_with("match_end wins 3 "));
    }

    #[test]
    fn half_seeds_rounds_are_won_by_more_than_half() {
        // RND_WIN_COUNT_MAX, rounds = HALF_SEEDS, a RANDOM start of 48 seeds
        // (Random-Kalah's numbers): more than 24 of 48 wins the round, 24
        // each ties it; every round a new draw.
        let text = rules(6, 48, ", \"goal\": 4, \"goal_param\": 4, \"rounds\": 1, \"start_pattern\": 6");
        assert!(text.contains("over when captured(mover) > 24 or captured(opponent) > 24"), "{text}");
        assert!(text.contains("captured(mover) == 24 and captured(opponent) == 24"), "{text}");
        assert!(line(&text, "seeds").starts_with("seeds drawn 48 at_least 2 #"), "{text}");
        assert!(line(&text, "refill").starts_with("refill setup #"), "{text}");
        assert!(line(&text, "match_end").starts_with("match_end wins 4 "));
    }

    #[test]
    fn a_pattern_set_out_for_the_non_starter_is_turned() {
        // ALTS_WITH_1 on 5 holes of 4: the odd locations full, location 7
        // (5 + 3 - 1, North's `c`) holding 1: S=[0,4,0,4,0] N=[4,0,1,0,4].
        // Under LOSER the first round is set out for North: turned round.
        let text =
            rules(5, 4, ", \"goal\": 9, \"goal_param\": 2, \"rounds\": 2, \"round_starter\": 1, \"start_pattern\": 3");
        assert!(line(&text, "seeds").starts_with("seeds south [4, 0, 1, 0, 4] north [0, 4, 0, 4, 0]"), "{text}");
        assert!(line(&text, "refill").starts_with("refill setup turned_after_north #"), "{text}");
        // ALTERNATES on an even row is alike for both: nothing to turn.
        let text =
            rules(6, 4, ", \"goal\": 9, \"goal_param\": 2, \"rounds\": 2, \"round_starter\": 1, \"start_pattern\": 2");
        assert!(line(&text, "refill").starts_with("refill setup #"), "{text}");
        // Other starters: refused.
        assert_eq!(refused(", \"goal\": 9, \"goal_param\": 2, \"rounds\": 2, \"start_pattern\": 3"), ["start_pattern"]);
    }

    #[test]
    fn round_wins_refusals() {
        // Rounds that can tie start with whoever MancalaGames alternates to.
        assert_eq!(refused(", \"goal\": 4, \"goal_param\": 3, \"rounds\": 2, \"round_starter\": 1"), ["round_starter"]);
        assert_eq!(refused(", \"goal\": 9, \"goal_param\": 3, \"rounds\": 1"), ["rounds"]);
        assert_eq!(refused(", \"goal\": 4, \"goal_param\": 3, \"rounds\": 3"), ["rounds"]);
        assert_eq!(refused(", \"goal\": 9, \"rounds\": 2"), ["goal_param"]);
        assert_eq!(refused(", \"goal\": 9, \"goal_param\": 2, \"rounds\": 2, \"blocks\": true"), ["blocks"]);
    }
}
