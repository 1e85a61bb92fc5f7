//! MancalaGames' rams (`child_type = RAM`, its `RamChild` and `MakeRam`):
//! after every move that ends its player's turn (the capture step runs),
//! each hole holding enough seeds to sow round the board back to its
//! owner's row becomes a ram, and every other hole stops being one: at
//! least `2 * holes + 1 + extra - index` seeds, `extra` counting the first
//! seed sown back into the hole (`sow_start`) and the mover's store
//! (`sow_stores = OWN`). A ram is never lifted; it is sown into and
//! captured as any hole. Its seeds count for nobody: at the game's end
//! they stay on the board (MancalaGames' claimers pass over children that
//! have no owner), and a row of rams alone is a cleared row.
//!
//! A mark (`memory`) keeps the rams, set and cleared by a sweep over both
//! rows after the captures (not after a move ending in the mover's store:
//! MancalaGames skips the capture step on a repeat turn). The seeds of the
//! other holes go to their owners by a rule at the end of the sowing, when
//! the game is about to end (the `over` condition holds, or the next
//! player can lift nothing); the `end` then keeps the board.

use super::Out;

/// What the rules file gains for rams.
pub(super) struct Rams {
    /// The `memory` block's line.
    pub memory: String,
    /// The condition `lift when` adds, with its comment.
    pub lift: (String, String),
    /// The `on sowing_end` rule keeping the rams (to follow the captures).
    pub rule: String,
}

/// The declarations for rams; `None` without them, or (recorded) where
/// they cannot be written: only a single game of MAX_SEEDS sown
/// counterclockwise without laps, the leftovers to their owners, is.
pub(super) fn rams(out: &mut Out) -> Option<Rams> {
    if out.int("child_type", 0) != 7 {
        return None;
    }
    let stores = out.int("sow_stores", 0);
    let plain = matches!(stores, 0 | 1)
        && out.int("sow_direct", 1) == 1
        && out.cfg.ints("udir_holes").unwrap_or_default().is_empty()
        && out.int("mlaps", 0) == 0
        && out.int("rounds", 0) == 0
        && out.int("goal", 0) == 0
        && out.int("unclaimed", 0) == 0
        && out.int("capt_rturn", 0) == 0
        && out.int("capt_type", 0) == 0
        && out.int("sow_rule", 0) == 0
        && out.int("no_sides", 0) == 0
        && matches!(out.int("end_cond", 0), 0..=2);
    if !plain {
        out.unsupported(
            "child_type",
            "rams other than in a single game of MAX_SEEDS sown counterclockwise in one lap, leftovers to their owners",
        );
        return None;
    }
    let extra = out.int("sow_start", 0) + i64::from(stores == 1);
    let least = 2 * out.cfg.holes + 1 + extra;
    let says = out.says("child_type", 0);
    let gate = if stores == 1 { " when landing != store(mover)" } else { "" };
    let rule = format!(
        "# {says}: a hole holding enough seeds to sow round to its owner's row again\n\
         # ({least} less its index) is a ram after each move that ends its player's turn\n\
         on sowing_end{gate} {{\n  \
         sweep forward from hole(opponent, 1) while hole in mover_row or hole in opponent_row {{\n    \
         if count(hole) + index(hole) >= {least} {{\n      set ram(hole)\n    }}\n    \
         if count(hole) + index(hole) < {least} {{\n      clear ram(hole)\n    }}\n  }}\n}}\n"
    );
    Some(Rams {
        memory: format!("  mark ram   # {says}: the holes that are rams\n"),
        lift: ("not ram(origin)".into(), format!("{says}: never from a ram")),
        rule,
    })
}

/// A row holding nothing but rams (and empty holes).
fn cleared(row: &str) -> String {
    format!("holes({row}, count(hole) > 0 and not ram(hole)) == 0")
}

/// The `end` block's `decided` text under rams: cleared rows read past the
/// rams, and the `over` statement keeps the board. Also the rule, to come
/// after the ram rule, that gives the other holes' seeds to their owners
/// when the game is about to end; and the `no_moves` award.
pub(super) fn end(decided: &str, stores: i64) -> (String, String, String) {
    let decided = decided
        .replace("total(opponent_row) == 0", &cleared("opponent_row"))
        .replace("total(mover_row) == 0", &cleared("mover_row"));
    let (head, rest) = decided.split_once("over when ").unwrap_or((&decided, ""));
    let (over, tail) = rest.split_once("\nwinner ").unwrap_or((rest, ""));
    let cond: Vec<&str> = over.lines().map(|l| l.split("   #").next().unwrap_or(l).trim()).collect();
    let last = over.lines().count().saturating_sub(1);
    let kept: Vec<String> = over
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i != last {
                return l.to_string();
            }
            match l.split_once("   #") {
                Some((c, why)) => format!("{c} keeping board   #{why}"),
                None => format!("{l} keeping board"),
            }
        })
        .collect();
    let decided = format!("{head}over when {}\nwinner {tail}", kept.join("\n"));
    let next_stuck = if stores == 1 {
        format!(
            "landing != store(mover) and {}\nor landing == store(mover) and {}",
            lifts_nothing("opponent_row"),
            lifts_nothing("mover_row")
        )
    } else {
        lifts_nothing("opponent_row")
    };
    let rule = format!(
        "# child_type = RAM: as the game ends, the seeds of the holes that are not rams go to\n\
         # their owners (a ram's seeds count for nobody)\n\
         on sowing_end when {}\nor {next_stuck} {{\n  \
         capture every hole where hole in mover_row and not ram(hole) to mover\n  \
         capture every hole where hole in opponent_row and not ram(hole) to opponent\n}}\n",
        cond.join("\n")
    );
    let award = "keeping board   # unclaimed = HOLE_OWNER, child_type = RAM: the seeds left are given out \
                 by the rule above, a ram's to nobody"
        .to_string();
    (decided, rule, award)
}

/// The player of `row` has no hole to lift (empty or rams).
fn lifts_nothing(row: &str) -> String {
    cleared(row)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// CrossCapt_Six's rams: 6 holes, the mover's store sown.
    #[test]
    fn holes_that_can_sow_round_the_board_are_rams() {
        let text = rules(6, 4, ", \"child_type\": 7, \"crosscapt\": true, \"end_cond\": 2, \"sow_stores\": 1");
        assert!(text.contains("mark ram"), "{text}");
        assert!(text.contains("if count(hole) + index(hole) >= 14 {"), "{text}");
        assert!(text.contains("on sowing_end when landing != store(mover) {"), "{text}");
        assert!(text.contains("holes(opponent_row, count(hole) > 0 and not ram(hole)) == 0 keeping board"), "{text}");
        assert!(text.contains("no_moves keeping board"), "{text}");
        assert!(refused(", \"child_type\": 7, \"mlaps\": 1").contains(&"child_type".to_string()));
    }
}
