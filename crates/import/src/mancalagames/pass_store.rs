//! MancalaGames' `capt_type = PASS_STORE_CAPT` (its `PassStoreCapture`):
//! a last seed alone in its hole, on the side `capt_side` allows, hands
//! the mover's whole store to the opponent. Laps do not stop for it.
//!
//! MancalaGames falls back on the basic or cross capture when this one
//! does not happen; only the capture type alone is written here, in games
//! with sown stores (the store is then a hole of the board, which
//! `capture store(mover) to opponent` empties into the opponent's).

use super::{side, Out};

/// The capture rule for PASS_STORE_CAPT, or nothing (recorded) where it
/// cannot be written.
pub(super) fn pass_store(out: &mut Out) -> String {
    let basic = super::basic(out, "landing").is_some();
    if basic || out.int("crosscapt", 0) != 0 || out.int("sow_stores", 0) == 0 || out.int("child_type", 0) != 0 {
        out.unsupported("capt_type", "PASS_STORE_CAPT beside other captures or children, or with stores off the board");
        return String::new();
    }
    let Some(landing_side) = side(out, "landing") else { return String::new() };
    let (says, side_says) = (out.says("capt_type", 0), out.says("capt_side", 0));
    format!(
        "# {says}, {side_says}: a last seed alone in its hole gives the mover's store to the opponent\n\
         on sowing_end when {landing_side} and count(landing) == 1 and captured(mover) > 0 {{\n  \
         capture store(mover) to opponent\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// SimpleCapt_PCapt's capture on 6 holes with its own store sown.
    #[test]
    fn a_lone_last_seed_on_the_opponents_row_gives_the_store_away() {
        let text = rules(6, 4, ", \"capt_type\": 6, \"capt_side\": 1, \"sow_stores\": 1, \"stores\": true");
        assert!(
            text.contains(
                "on sowing_end when landing in opponent_row and count(landing) == 1 and captured(mover) > 0 {\n    \
                 capture store(mover) to opponent\n  }"
            ),
            "{text}"
        );
        assert!(refused(", \"capt_type\": 6").contains(&"capt_type".to_string()));
    }
}
