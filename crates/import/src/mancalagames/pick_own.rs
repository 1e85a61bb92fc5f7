//! MancalaGames' `xcpickown = ALWAYS_PICK` (its `CaptCrossPickOwn`): after
//! a cross capture, taken or not, the mover takes the lone seed of the
//! hole the sowing ended in, when that hole is on the side a cross capture
//! starts from. Its side test is the reverse of the capture's: with
//! `capt_side = OPP_SIDE` (captures from the opponent's row) the seed is
//! taken from the mover's row, with `OWN_SIDE` from the opponent's, and
//! from either row otherwise. MancalaGames' other checks (`capt_check`:
//! never from a store, a hole holding seeds) hold for a row's lone seed.

use super::Out;

/// The `on sowing_end` rule taking the lone seed, to follow the cross
/// capture's; nothing when the side cannot be expressed.
pub(super) fn always_pick(out: &mut Out) -> String {
    let side = match out.int("capt_side", 0) {
        0 => "(landing in mover_row or landing in opponent_row)",
        1 => "landing in mover_row",
        2 => "landing in opponent_row",
        _ => {
            out.unsupported("xcpickown", "taking the lone seed with capture sides by territory or continuing");
            return String::new();
        }
    };
    let says = out.says("xcpickown", 0);
    format!(
        "# {says}: after the cross capture, taken or not, the last seed alone\n\
         # in its hole (on the row a cross capture starts from) goes to the mover\n\
         on sowing_end when {side} and count(landing) == 1 {{\n  capture landing to mover\n}}\n"
    )
}
